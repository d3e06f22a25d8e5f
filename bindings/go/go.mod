module github.com/libdynval/dynval-go

go 1.24
