module dynval.test/gocty/values

go 1.25

require github.com/zclconf/go-cty v1.18.1

require (
	github.com/apparentlymart/go-textseg/v15 v15.0.0 // indirect
	golang.org/x/text v0.11.0 // indirect
)
