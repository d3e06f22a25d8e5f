module dynval/tests/gocty/schema

go 1.22

require google.golang.org/protobuf v1.36.6 // indirect
