// The OpenTofu side of the ProposedNew cross-check (objchange_test.go in
// tests/conformance): built by scripts/objchange-oracle.sh into a scratch
// module that holds OpenTofu v1.9.1's objchange and configschema packages.
//
// Reads cases as JSON lines on stdin:
//
//	{"op":"proposed","block":BLOCK,"prior":HEX,"config":HEX}
//	{"op":"data","block":BLOCK,"config":HEX}
//
// BLOCK is a block in the `providers schema -json` form; HEX is the
// MessagePack of a value by the block's implied type. Writes one line per
// case: {"result":HEX} (MessagePack by the implied type), {"panic":MESSAGE}
// when OpenTofu panics, or {"undecodable":MESSAGE} when OpenTofu's go-cty
// cannot decode the case's values.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"

	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"

	"tofuobjchange/internal/configs/configschema"
	"tofuobjchange/internal/plans/objchange"
)

type jAttr struct {
	Type       json.RawMessage `json:"type"`
	NestedType *jObject        `json:"nested_type"`
	Required   bool            `json:"required"`
	Optional   bool            `json:"optional"`
	Computed   bool            `json:"computed"`
	Sensitive  bool            `json:"sensitive"`
}

type jObject struct {
	Attributes  map[string]jAttr `json:"attributes"`
	NestingMode string           `json:"nesting_mode"`
}

type jBlockType struct {
	NestingMode string `json:"nesting_mode"`
	Block       jBlock `json:"block"`
	MinItems    int    `json:"min_items"`
	MaxItems    int    `json:"max_items"`
}

type jBlock struct {
	Attributes map[string]jAttr      `json:"attributes"`
	BlockTypes map[string]jBlockType `json:"block_types"`
}

func nesting(s string) configschema.NestingMode {
	switch s {
	case "single":
		return configschema.NestingSingle
	case "group":
		return configschema.NestingGroup
	case "list":
		return configschema.NestingList
	case "set":
		return configschema.NestingSet
	case "map":
		return configschema.NestingMap
	}
	panic("unknown nesting mode " + s)
}

func attrs(in map[string]jAttr) map[string]*configschema.Attribute {
	out := map[string]*configschema.Attribute{}
	for name, a := range in {
		attr := &configschema.Attribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive}
		if a.NestedType != nil {
			attr.NestedType = &configschema.Object{Attributes: attrs(a.NestedType.Attributes), Nesting: nesting(a.NestedType.NestingMode)}
		} else {
			if err := json.Unmarshal(a.Type, &attr.Type); err != nil {
				panic(err)
			}
		}
		out[name] = attr
	}
	return out
}

func block(in jBlock) *configschema.Block {
	b := &configschema.Block{Attributes: attrs(in.Attributes), BlockTypes: map[string]*configschema.NestedBlock{}}
	for name, bt := range in.BlockTypes {
		b.BlockTypes[name] = &configschema.NestedBlock{Block: *block(bt.Block), Nesting: nesting(bt.NestingMode),
			MinItems: bt.MinItems, MaxItems: bt.MaxItems}
	}
	return b
}

type input struct {
	Op     string `json:"op"`
	Block  jBlock `json:"block"`
	Prior  string `json:"prior"`
	Config string `json:"config"`
}

type output struct {
	Result      string `json:"result,omitempty"`
	Panic       string `json:"panic,omitempty"`
	Undecodable string `json:"undecodable,omitempty"`
}

func decode(s string, ty cty.Type) cty.Value {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	v, err := ctymsgpack.Unmarshal(b, ty)
	if err != nil {
		panic(err)
	}
	return v
}

func run(in input) (out output) {
	schema := block(in.Block)
	ty := schema.ImpliedType()
	var config, prior cty.Value
	func() {
		// go-cty v1.14.4's decoder panics on some values newer go-cty
		// writes (elements of one map that differ in their dynamic parts).
		defer func() {
			if r := recover(); r != nil {
				out = output{Undecodable: fmt.Sprint(r)}
			}
		}()
		config = decode(in.Config, ty)
		if in.Op == "proposed" {
			prior = decode(in.Prior, ty)
		}
	}()
	if out.Undecodable != "" {
		return out
	}
	defer func() {
		if r := recover(); r != nil {
			out = output{Panic: fmt.Sprint(r)}
		}
	}()
	var res cty.Value
	if in.Op == "proposed" {
		res = objchange.ProposedNew(schema, prior, config)
	} else {
		res = objchange.PlannedDataResourceObject(schema, config)
	}
	b, err := ctymsgpack.Marshal(res, ty)
	if err != nil {
		return output{Panic: "marshal: " + err.Error()}
	}
	return output{Result: hex.EncodeToString(b)}
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	for sc.Scan() {
		var in input
		if err := json.Unmarshal(sc.Bytes(), &in); err != nil {
			fmt.Fprintln(os.Stderr, "objchange-oracle:", err)
			os.Exit(2)
		}
		if err := enc.Encode(run(in)); err != nil {
			fmt.Fprintln(os.Stderr, "objchange-oracle:", err)
			os.Exit(2)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "objchange-oracle:", err)
		os.Exit(2)
	}
	if err := w.Flush(); err != nil {
		os.Exit(2)
	}
}
