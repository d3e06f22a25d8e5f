module dynval.test/gocty/number

go 1.21
