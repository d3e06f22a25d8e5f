package main

import (
	"context"
	"os"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	dynval "github.com/libdynval/dynval-go"
)

// thingType names both the resource and the data source.
const thingType = "dynvalexample_thing"

// provider implements tfprotov6.ProviderServer. Its schemas are immutable
// and the store locks itself, so RPCs may run concurrently.
type provider struct {
	doc      *dynval.SchemaDocument
	config   block // the provider block
	thing    block // the resource
	data     block // the data source
	identity *dynval.IdentitySchema
	store    store
	log      *valueLog
	// selfCheck (DYNVALEXAMPLE_SELF_CHECK set): every plan and apply result
	// passes core's own checks before it is sent (selfcheck.go).
	selfCheck bool
}

var _ tfprotov6.ProviderServer = (*provider)(nil)

func newProvider() (*provider, error) {
	doc, get, err := loadSchemas()
	if err != nil {
		return nil, err
	}
	p := &provider{doc: doc, selfCheck: os.Getenv("DYNVALEXAMPLE_SELF_CHECK") != ""}
	for _, s := range []struct {
		b   *block
		sel string
	}{{&p.config, "provider"}, {&p.thing, "resource:" + thingType}, {&p.data, "data:" + thingType}} {
		if *s.b, err = get(s.sel); err != nil {
			return nil, err
		}
	}
	if p.identity, err = doc.GetIdentity("identity:"+thingType, ""); err != nil {
		return nil, err
	}
	p.log, err = openValueLog()
	return p, err
}

// writeOnly reports whether path leads to a write-only attribute of the
// resource, at any depth (through nested blocks and nested attributes).
func (p *provider) writeOnly(path dynval.Path) bool {
	a, ok := p.thing.schema.Block().AttributeByPath(path)
	return ok && a.Flags()&dynval.AttrWriteOnly != 0
}

// pattern spells a path with every index, key and set element as [*]:
// "endpoints[*].port".
func pattern(p dynval.Path) string {
	var sb strings.Builder
	for _, s := range p {
		if s.Kind != dynval.StepAttr {
			sb.WriteString("[*]")
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(s.Name)
	}
	return sb.String()
}

func (p *provider) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	resp := &tfprotov6.GetMetadataResponse{ServerCapabilities: serverCapabilities}
	for e := range p.doc.Entries() {
		_, name, _ := strings.Cut(e.Selector, ":")
		switch e.Kind {
		case dynval.SchemaResource:
			resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: name})
		case dynval.SchemaDataSource:
			resp.DataSources = append(resp.DataSources, tfprotov6.DataSourceMetadata{TypeName: name})
		}
	}
	return resp, nil
}

var serverCapabilities = &tfprotov6.ServerCapabilities{
	GetProviderSchemaOptional: true, // no setup happens in GetProviderSchema
	PlanDestroy:               true, // PlanResourceChange sees destroys too
}

// GetProviderSchema sends every schema of schema.json, read back from
// libdynval.
func (p *provider) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	resp := &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities: serverCapabilities,
		ResourceSchemas:    map[string]*tfprotov6.Schema{},
		DataSourceSchemas:  map[string]*tfprotov6.Schema{},
	}
	for e := range p.doc.Entries() {
		if e.Kind == dynval.SchemaIdentity {
			continue // GetResourceIdentitySchemas
		}
		s, err := p.doc.Schema(e.Index)
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid schema "+e.Selector, err)
			return resp, nil
		}
		_, name, _ := strings.Cut(e.Selector, ":")
		switch e.Kind {
		case dynval.SchemaProvider:
			resp.Provider = protoSchema(s)
		case dynval.SchemaResource:
			resp.ResourceSchemas[name] = protoSchema(s)
		case dynval.SchemaDataSource:
			resp.DataSourceSchemas[name] = protoSchema(s)
		}
		s.Close()
	}
	return resp, nil
}

func (p *provider) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	resp := &tfprotov6.GetResourceIdentitySchemasResponse{IdentitySchemas: map[string]*tfprotov6.ResourceIdentitySchema{}}
	for e := range p.doc.Entries() {
		if e.Kind != dynval.SchemaIdentity {
			continue
		}
		s, err := p.doc.Identity(e.Index)
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid identity schema "+e.Selector, err)
			return resp, nil
		}
		_, name, _ := strings.Cut(e.Selector, ":")
		resp.IdentitySchemas[name] = protoIdentity(s)
		s.Close()
	}
	return resp, nil
}

func (p *provider) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	resp := &tfprotov6.ValidateProviderConfigResponse{}
	config, err := p.decode(p.config, "ValidateProviderConfig", "config", req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid provider configuration", err)
		return resp, nil
	}
	config.Close()
	return resp, nil
}

func (p *provider) ConfigureProvider(_ context.Context, req *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	resp := &tfprotov6.ConfigureProviderResponse{}
	config, err := p.decode(p.config, "ConfigureProvider", "config", req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid provider configuration", err)
		return resp, nil
	}
	defer config.Close()
	dir := config.Get("store_dir")
	if !dir.IsKnown() {
		resp.Diagnostics = errorf("Unknown store_dir", "store_dir must be known before anything can be planned")
		return resp, nil
	}
	s, _ := dir.AsString() // required: never null
	if err := p.store.open(s); err != nil {
		resp.Diagnostics = errorDiag("Cannot use store_dir", err)
	}
	return resp, nil
}

func (p *provider) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}
