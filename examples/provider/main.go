// Command terraform-provider-dynvalexample is a small OpenTofu/Terraform
// provider whose every DynamicValue is decoded and produced by libdynval
// through its Go binding: no tftypes or go-cty values. terraform-plugin-go's
// tf6server supplies the gRPC server and the plugin handshake.
//
// It manages one resource, dynvalexample_thing, kept as JSON files in a
// directory (the provider's store_dir), and reads them back with the data
// source of the same name. The schemas are in schema.json, in the form of
// `tofu providers schema -json`; docs/provider-guide.md walks through the
// code.
package main

import (
	"log"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// address is the provider's source address, as configurations name it in
// required_providers (libdynval/dynvalexample).
const address = "registry.opentofu.org/libdynval/dynvalexample"

func main() {
	p, err := newProvider()
	if err != nil {
		log.Fatal(err)
	}
	if err := tf6server.Serve(address, func() tfprotov6.ProviderServer { return p }); err != nil {
		log.Fatal(err)
	}
}
