// The OpenTofu side of the ProposedNew cross-check (objchange_test.go in
// tests/conformance): built by scripts/objchange-oracle.sh into a scratch
// module that holds OpenTofu v1.9.1's objchange and configschema packages.
//
// Reads cases as JSON lines on stdin:
//
//	{"op":"proposed","block":BLOCK,"prior":HEX,"config":HEX}
//	{"op":"data","block":BLOCK,"config":HEX}
//	{"op":"valid","block":BLOCK,"prior":HEX,"config":HEX,"planned":HEX}
//	{"op":"compatible","block":BLOCK,"planned":HEX,"actual":HEX,
//	 "marks":[PATH,...],"schema_marks":BOOL}
//	{"op":"normalize","block":BLOCK,"value":HEX}
//
// BLOCK is a block in the `providers schema -json` form; HEX is the
// MessagePack of a value by the block's implied type. PATH is a JSON array
// of steps {"attr":NAME}, {"index":N} or {"key":KEY}: "compatible" marks
// both values sensitive at each PATH (cty MarkWithPaths), and with
// schema_marks also at the block's ValueMarks, as OpenTofu marks planned
// and applied values, before it calls AssertObjectCompatible.
//
// Writes one line per case: {"result":HEX} (MessagePack by the implied
// type) for proposed, data and normalize; {"problems":[LINE,...]} for valid
// and compatible, each problem as tfdiags.FormatError prints it
// ("PATH: MESSAGE", or MESSAGE at the root), sorted bytewise; {"panic":
// MESSAGE} when OpenTofu panics, or {"undecodable":MESSAGE} when OpenTofu's
// go-cty cannot decode the case's values.
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"

	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"

	"tofuobjchange/internal/configs/configschema"
	"tofuobjchange/internal/lang/marks"
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

type jStep struct {
	Attr  *string `json:"attr"`
	Index *int64  `json:"index"`
	Key   *string `json:"key"`
}

type input struct {
	Op          string    `json:"op"`
	Block       jBlock    `json:"block"`
	Prior       string    `json:"prior"`
	Config      string    `json:"config"`
	Planned     string    `json:"planned"`
	Actual      string    `json:"actual"`
	Value       string    `json:"value"`
	Marks       [][]jStep `json:"marks"`
	SchemaMarks bool      `json:"schema_marks"`
}

type output struct {
	Result      string    `json:"result,omitempty"`
	Problems    *[]string `json:"problems,omitempty"`
	Panic       string    `json:"panic,omitempty"`
	Undecodable string    `json:"undecodable,omitempty"`
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

func ctyPath(steps []jStep) cty.Path {
	var p cty.Path
	for _, s := range steps {
		switch {
		case s.Attr != nil:
			p = p.GetAttr(*s.Attr)
		case s.Index != nil:
			p = p.Index(cty.NumberIntVal(*s.Index))
		case s.Key != nil:
			p = p.Index(cty.StringVal(*s.Key))
		default:
			panic("empty path step")
		}
	}
	return p
}

// The line OpenTofu prints for a problem: tfdiags.FormatError, whose
// FormatCtyPath is written out here (tfdiags is not copied: it drags in
// half of OpenTofu).
func problemLine(err error) string {
	perr, ok := err.(cty.PathError)
	if !ok || len(perr.Path) == 0 {
		return err.Error()
	}
	var buf bytes.Buffer
	for _, step := range perr.Path {
		switch ts := step.(type) {
		case cty.GetAttrStep:
			fmt.Fprintf(&buf, ".%s", ts.Name)
		case cty.IndexStep:
			buf.WriteByte('[')
			key := ts.Key
			switch {
			case key.IsNull():
				buf.WriteString("null")
			case !key.IsKnown():
				buf.WriteString("(not yet known)")
			case key.Type() == cty.Number:
				buf.WriteString(key.AsBigFloat().Text('g', -1))
			case key.Type() == cty.String:
				buf.WriteString(strconv.Quote(key.AsString()))
			default:
				buf.WriteString("...")
			}
			buf.WriteByte(']')
		}
	}
	return fmt.Sprintf("%s: %s", buf.String(), perr.Error())
}

func problems(errs []error) *[]string {
	lines := []string{}
	for _, err := range errs {
		lines = append(lines, problemLine(err))
	}
	sort.Strings(lines)
	return &lines
}

func run(in input) (out output) {
	schema := block(in.Block)
	ty := schema.ImpliedType()
	vals := map[string]cty.Value{}
	func() {
		// go-cty v1.14.4's decoder panics on some values newer go-cty
		// writes (elements of one map that differ in their dynamic parts).
		defer func() {
			if r := recover(); r != nil {
				out = output{Undecodable: fmt.Sprint(r)}
			}
		}()
		for name, h := range map[string]string{"prior": in.Prior, "config": in.Config,
			"planned": in.Planned, "actual": in.Actual, "value": in.Value} {
			if h != "" {
				vals[name] = decode(h, ty)
			}
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
	switch in.Op {
	case "proposed":
		res = objchange.ProposedNew(schema, vals["prior"], vals["config"])
	case "data":
		res = objchange.PlannedDataResourceObject(schema, vals["config"])
	case "normalize":
		res = objchange.NormalizeObjectFromLegacySDK(vals["value"], schema)
	case "valid":
		return output{Problems: problems(objchange.AssertPlanValid(schema, vals["prior"], vals["config"], vals["planned"]))}
	case "compatible":
		mark := func(v cty.Value) cty.Value {
			var pvm []cty.PathValueMarks
			for _, p := range in.Marks {
				pvm = append(pvm, cty.PathValueMarks{Path: ctyPath(p), Marks: cty.NewValueMarks(marks.Sensitive)})
			}
			if in.SchemaMarks {
				pvm = append(pvm, schema.ValueMarks(v, nil)...)
			}
			return v.MarkWithPaths(pvm)
		}
		return output{Problems: problems(objchange.AssertObjectCompatible(schema, mark(vals["planned"]), mark(vals["actual"])))}
	default:
		panic("unknown op " + in.Op)
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
