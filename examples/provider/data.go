package main

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	dynval "github.com/libdynval/dynval-go"
)

func (p *provider) ValidateDataResourceConfig(_ context.Context, req *tfprotov6.ValidateDataResourceConfigRequest) (*tfprotov6.ValidateDataResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateDataResourceConfigResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = errorf("Unknown data source", "this provider has no data source %q", req.TypeName)
		return resp, nil
	}
	config, err := p.decode(p.data, "ValidateDataResourceConfig", "config", req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	config.Close()
	return resp, nil
}

// ReadDataSource reads the thing whose id the configuration gives and
// fills in every computed attribute of the data source from it.
func (p *provider) ReadDataSource(_ context.Context, req *tfprotov6.ReadDataSourceRequest) (*tfprotov6.ReadDataSourceResponse, error) {
	const rpc = "ReadDataSource"
	resp := &tfprotov6.ReadDataSourceResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = errorf("Unknown data source", "this provider has no data source %q", req.TypeName)
		return resp, nil
	}
	state, err := p.decode(p.data, rpc, "config", req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	id, _ := state.Get("id").AsString() // required, and known when OpenTofu reads
	thing, err := p.store.load(p.thing, id)
	if err == nil && thing == nil {
		err = fmt.Errorf("there is no thing %q in the store", id)
	}
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot read "+id, err)
		return resp, nil
	}
	defer thing.Close()
	for a := range p.data.schema.Block().Attributes() {
		if a.Flags()&dynval.AttrComputed == 0 {
			continue
		}
		next, err := state.SetPath(dynval.Path{}.Attr(a.Name()), thing.Get(a.Name()))
		if err != nil {
			resp.Diagnostics = errorDiag("Cannot read "+id, err)
			return resp, nil
		}
		state.Close()
		state = next
	}
	defer state.Close()
	if resp.State, err = p.encode(p.data, rpc, "state", state); err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the state", err)
	}
	return resp, nil
}
