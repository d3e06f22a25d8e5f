package main

import (
	_ "embed"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	dynval "github.com/libdynval/dynval-go"
)

// schemaJSON holds every schema of the provider in the form `tofu providers
// schema -json` prints (so `dynval convert --schema schema.json` reads it
// too). libdynval checks it when it loads; GetProviderSchema is built from
// the loaded schemas by introspection.
//
//go:embed schema.json
var schemaJSON []byte

// block is one schema of the provider with the selector that names it in
// schema.json ("resource:dynvalexample_thing"); DynamicValues of the block
// decode and encode by it.
type block struct {
	selector string
	schema   *dynval.Schema
}

// loadSchemas parses schema.json once and hands out its schemas.
func loadSchemas() (doc *dynval.SchemaDocument, get func(selector string) (block, error), err error) {
	doc, err = dynval.ParseSchemaDocument(schemaJSON)
	if err != nil {
		return nil, nil, err
	}
	get = func(selector string) (block, error) {
		s, err := doc.GetSchema(selector, "")
		if err != nil {
			return block{}, fmt.Errorf("schema.json: %s: %w", selector, err)
		}
		return block{selector, s}, nil
	}
	return doc, get, nil
}

// protoSchema reads a libdynval schema back (introspection) as
// terraform-plugin-go's schema struct, which tf6server sends.
func protoSchema(s *dynval.Schema) *tfprotov6.Schema {
	return &tfprotov6.Schema{Version: s.Version(), Block: protoBlock(s.Block())}
}

func protoBlock(b dynval.Block) *tfprotov6.SchemaBlock {
	out := &tfprotov6.SchemaBlock{
		Description:        b.Description(),
		DescriptionKind:    stringKind(b.DescriptionKind()),
		Deprecated:         b.Deprecated(),
		DeprecationMessage: b.DeprecationMessage(),
	}
	for a := range b.Attributes() {
		out.Attributes = append(out.Attributes, protoAttribute(a))
	}
	for nb := range b.NestedBlocks() {
		out.BlockTypes = append(out.BlockTypes, &tfprotov6.SchemaNestedBlock{
			TypeName: nb.TypeName(),
			Nesting:  tfprotov6.SchemaNestedBlockNestingMode(nb.Nesting()), // numbered as the protocol's
			MinItems: nb.MinItems(),
			MaxItems: nb.MaxItems(),
			Block:    protoBlock(nb.Body()),
		})
	}
	return out
}

func protoAttribute(a dynval.Attribute) *tfprotov6.SchemaAttribute {
	f := a.Flags()
	out := &tfprotov6.SchemaAttribute{
		Name:               a.Name(),
		Description:        a.Description(),
		DescriptionKind:    stringKind(a.DescriptionKind()),
		Required:           f&dynval.AttrRequired != 0,
		Optional:           f&dynval.AttrOptional != 0,
		Computed:           f&dynval.AttrComputed != 0,
		Sensitive:          f&dynval.AttrSensitive != 0,
		Deprecated:         f&dynval.AttrDeprecated != 0,
		WriteOnly:          f&dynval.AttrWriteOnly != 0,
		DeprecationMessage: a.DeprecationMessage(),
	}
	if o, ok := a.NestedType(); ok {
		out.NestedType = &tfprotov6.SchemaObject{Nesting: tfprotov6.SchemaObjectNestingMode(o.Nesting())}
		for na := range o.Attributes() {
			out.NestedType.Attributes = append(out.NestedType.Attributes, protoAttribute(na))
		}
	} else {
		t := a.Type()
		defer t.Close()
		out.Type = tfType(t)
	}
	return out
}

// protoIdentity reads an identity schema back as terraform-plugin-go's.
func protoIdentity(s *dynval.IdentitySchema) *tfprotov6.ResourceIdentitySchema {
	out := &tfprotov6.ResourceIdentitySchema{Version: s.Version()}
	for a := range s.Attributes() {
		t := a.Type()
		out.IdentityAttributes = append(out.IdentityAttributes, &tfprotov6.ResourceIdentitySchemaAttribute{
			Name:              a.Name(),
			Type:              tfType(t),
			Description:       a.Description(),
			RequiredForImport: a.Flags()&dynval.AttrRequiredForImport != 0,
			OptionalForImport: a.Flags()&dynval.AttrOptionalForImport != 0,
		})
		t.Close()
	}
	return out
}

// tfType spells a libdynval type as the tftypes type that tf6server writes
// into the schema: the one place the provider uses tftypes, for types only.
func tfType(t *dynval.Type) tftypes.Type {
	switch t.Kind() {
	case dynval.KindBool:
		return tftypes.Bool
	case dynval.KindNumber:
		return tftypes.Number
	case dynval.KindString:
		return tftypes.String
	case dynval.KindList, dynval.KindSet, dynval.KindMap:
		e := t.ElementType()
		defer e.Close()
		switch t.Kind() {
		case dynval.KindList:
			return tftypes.List{ElementType: tfType(e)}
		case dynval.KindSet:
			return tftypes.Set{ElementType: tfType(e)}
		}
		return tftypes.Map{ElementType: tfType(e)}
	case dynval.KindObject:
		o := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		for name, at := range t.Attributes() {
			o.AttributeTypes[name] = tfType(at)
			if t.AttributeOptional(name) {
				if o.OptionalAttributes == nil {
					o.OptionalAttributes = map[string]struct{}{}
				}
				o.OptionalAttributes[name] = struct{}{}
			}
		}
		return o
	case dynval.KindTuple:
		var elems []tftypes.Type
		for i := range t.TupleLen() {
			e := t.TupleElement(i)
			elems = append(elems, tfType(e))
			e.Close()
		}
		return tftypes.Tuple{ElementTypes: elems}
	}
	return tftypes.DynamicPseudoType
}

func stringKind(k dynval.DescriptionKind) tfprotov6.StringKind {
	if k == dynval.DescriptionMarkdown {
		return tfprotov6.StringKindMarkdown
	}
	return tfprotov6.StringKindPlain
}
