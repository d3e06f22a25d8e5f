module github.com/libdynval/dynval-conformance

go 1.25.0

require (
	github.com/hashicorp/terraform-plugin-go v0.31.0
	github.com/libdynval/dynval-go v0.0.0
	github.com/zclconf/go-cty v1.18.1
	golang.org/x/text v0.32.0
)

require (
	github.com/apparentlymart/go-textseg/v15 v15.0.0 // indirect
	github.com/vmihailenco/msgpack/v5 v5.4.1 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
)

replace github.com/libdynval/dynval-go => ../../bindings/go
