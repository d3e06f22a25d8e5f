package conformance

import (
	"encoding/json"
	"strconv"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// A random provider schema block, kept both as the JSON of a
// `providers schema -json` document and as the implied type computed here by
// OpenTofu's configschema rules (implied_type.go, hcldec specs), to be
// cross-checked against libdynval's.

type schemaBlock struct {
	Attributes map[string]*schemaAttr   `json:"attributes,omitempty"`
	BlockTypes map[string]*schemaNested `json:"block_types,omitempty"`
}

type schemaAttr struct {
	Type       json.RawMessage `json:"type,omitempty"`
	NestedType *schemaObject   `json:"nested_type,omitempty"`
	Required   bool            `json:"required,omitempty"`
	Optional   bool            `json:"optional,omitempty"`
	Computed   bool            `json:"computed,omitempty"`
	Sensitive  bool            `json:"sensitive,omitempty"`

	ty cty.Type
}

type schemaObject struct {
	Attributes  map[string]*schemaAttr `json:"attributes"`
	NestingMode string                 `json:"nesting_mode"`
}

type schemaNested struct {
	NestingMode string       `json:"nesting_mode"`
	Block       *schemaBlock `json:"block"`
	MinItems    int          `json:"min_items,omitempty"`
	MaxItems    int          `json:"max_items,omitempty"`
}

var nestingModes = []string{"single", "list", "set", "map", "group"}

// schemaName returns an identifier-like name (schemas need valid names).
func (g *gen) schemaName(i int) string {
	return []string{"id", "name", "tags", "cfg", "rule", "net", "disk", "x", "y_z", "a1"}[g.r.Intn(10)] + strconv.Itoa(i)
}

// block returns a random block; noDynamic keeps dynamic types out (SET
// blocks and nested SET attributes may not contain them).
func (g *gen) block(d int, noDynamic bool) *schemaBlock {
	b := &schemaBlock{Attributes: map[string]*schemaAttr{}, BlockTypes: map[string]*schemaNested{}}
	for i, n := 0, 1+g.r.Intn(4); i < n; i++ {
		b.Attributes[g.schemaName(i)] = g.schemaAttr(d, noDynamic)
	}
	if d < 2 {
		for i, n := 0, g.r.Intn(3); i < n; i++ {
			mode := nestingModes[g.r.Intn(len(nestingModes))]
			nb := &schemaNested{NestingMode: mode, Block: g.block(d+1, noDynamic || mode == "set")}
			if (mode == "list" || mode == "set") && g.chance(2) {
				nb.MinItems = g.r.Intn(2)
				nb.MaxItems = nb.MinItems + g.r.Intn(3)
			}
			b.BlockTypes["blk_"+g.schemaName(i)] = nb
		}
	}
	return b
}

func (g *gen) schemaAttr(d int, noDynamic bool) *schemaAttr {
	a := &schemaAttr{Sensitive: g.chance(5)}
	switch g.r.Intn(4) {
	case 0:
		a.Required = true
	case 1:
		a.Computed = true
	case 2:
		a.Optional = true
	default:
		a.Optional, a.Computed = true, true
	}
	if d < 2 && g.chance(4) {
		mode := []string{"single", "list", "set", "map"}[g.r.Intn(4)]
		o := &schemaObject{NestingMode: mode, Attributes: map[string]*schemaAttr{}}
		for i, n := 0, 1+g.r.Intn(3); i < n; i++ {
			o.Attributes[g.schemaName(i)] = g.schemaAttr(d+1, noDynamic || mode == "set")
		}
		a.NestedType = o
		return a
	}
	for {
		a.ty = g.typ(2)
		if !noDynamic || !a.ty.HasDynamicTypes() {
			break
		}
	}
	tj, err := ctyjson.MarshalType(a.ty)
	if err != nil {
		panic(err)
	}
	a.Type = tj
	return a
}

// impliedType follows configschema.Attribute.ImpliedType: a nested type is
// its object (list/set/map of it by nesting mode), no dynamic collapse.
func (a *schemaAttr) impliedType() cty.Type {
	if a.NestedType == nil {
		return a.ty
	}
	attrs := map[string]cty.Type{}
	for n, na := range a.NestedType.Attributes {
		attrs[n] = na.impliedType()
	}
	obj := cty.Object(attrs)
	switch a.NestedType.NestingMode {
	case "list":
		return cty.List(obj)
	case "set":
		return cty.Set(obj)
	case "map":
		return cty.Map(obj)
	}
	return obj
}

// impliedType follows hcldec.ImpliedType of configschema.Block.DecoderSpec:
// LIST blocks with dynamic content are BlockTupleSpec and MAP blocks with
// dynamic content BlockObjectSpec, both implying cty.DynamicPseudoType.
func (b *schemaBlock) impliedType() cty.Type {
	attrs := map[string]cty.Type{}
	for n, a := range b.Attributes {
		attrs[n] = a.impliedType()
	}
	for n, nb := range b.BlockTypes {
		child := nb.Block.impliedType()
		switch nb.NestingMode {
		case "single", "group":
			attrs[n] = child
		case "list":
			if child.HasDynamicTypes() {
				attrs[n] = cty.DynamicPseudoType
			} else {
				attrs[n] = cty.List(child)
			}
		case "set":
			attrs[n] = cty.Set(child)
		case "map":
			if child.HasDynamicTypes() {
				attrs[n] = cty.DynamicPseudoType
			} else {
				attrs[n] = cty.Map(child)
			}
		}
	}
	return cty.Object(attrs)
}

// hasNestedAttrs reports whether protocol 5 cannot express the block.
func (b *schemaBlock) hasNestedAttrs() bool {
	for _, a := range b.Attributes {
		if a.NestedType != nil {
			return true
		}
	}
	for _, nb := range b.BlockTypes {
		if nb.Block.hasNestedAttrs() {
			return true
		}
	}
	return false
}

// schemaDoc wraps a block as resource "test_thing" of a one-provider
// `providers schema -json` document.
func schemaDoc(b *schemaBlock) []byte {
	doc := map[string]any{
		"format_version": "1.0",
		"provider_schemas": map[string]any{
			"registry.example.com/test/test": map[string]any{
				"resource_schemas": map[string]any{
					"test_thing": map[string]any{"version": 3, "block": b},
				},
			},
		},
	}
	out, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return out
}
