// Command paths-example is a protocol tool that decodes DynamicValues
// (MessagePack) by a schema and prints paths in Terraform's style
// (Path.String, libdynval's one path printer):
//
//	paths-example diff SCHEMA_JSON SELECTOR A.msgpack B.msgpack
//	    one line per difference between A and B (Value.Diff), e.g. a planned
//	    state against the state the apply returned: "path: a => b" ("-"
//	    where a value has nothing at the path)
//	paths-example walk SCHEMA_JSON SELECTOR VALUE.msgpack
//	    one line per leaf of VALUE (Value.Walk): "path = value"
//
// Values print in go-cty's GoString form (Value.GoString), so an unknown
// shows its refinements; a value inside an attribute that the schema marks
// sensitive (Block.AttributeByPath) prints as (sensitive).
// examples/paths_example.c and bindings/rust/dynval/examples/paths_example.rs
// print the same bytes (examples/data/paths-example.expected: a walk of
// planned-state.msgpack, then its diff with applied-state.msgpack).
//
//	go run ./cmd/paths-example walk ../../examples/data/schema.json resource:acme_server ../../examples/data/planned-state.msgpack
package main

import (
	"errors"
	"fmt"
	"os"

	dynval "github.com/libdynval/dynval-go"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "paths-example:", err)
		os.Exit(1)
	}
}

// sensitive reports whether the value at path is in a sensitive attribute:
// the path, or a prefix of it, leads to one.
func sensitive(block dynval.Block, path dynval.Path) bool {
	for n := 1; n <= len(path); n++ {
		if a, ok := block.AttributeByPath(path[:n]); ok && a.Flags()&dynval.AttrSensitive != 0 {
			return true
		}
	}
	return false
}

// show renders a value as GoString, "(sensitive)", or "-" when there is none.
func show(v *dynval.Value, hide bool) string {
	switch {
	case v == nil:
		return "-"
	case hide:
		return "(sensitive)"
	}
	return v.GoString()
}

func run(args []string) error {
	if len(args) < 4 || !(args[0] == "walk" && len(args) == 4 || args[0] == "diff" && len(args) == 5) {
		return errors.New("usage: paths-example walk SCHEMA_JSON SELECTOR VALUE.msgpack\n" +
			"       paths-example diff SCHEMA_JSON SELECTOR A.msgpack B.msgpack")
	}
	doc, err := os.ReadFile(args[1])
	if err != nil {
		return err
	}
	schema, err := dynval.SchemaFromJSON(doc, args[2], "")
	if err != nil {
		return err
	}
	defer schema.Close()
	var values []*dynval.Value
	for _, file := range args[3:] {
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		v, err := schema.DecodeMsgpack(data, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		defer v.Close()
		values = append(values, v)
	}
	block := schema.Block()
	if args[0] == "walk" {
		// Leaves (values without children) and sensitive values, whose
		// children are skipped.
		return values[0].Walk(func(path dynval.Path, v *dynval.Value) (bool, error) {
			hide := sensitive(block, path)
			if n, err := v.Len(); hide || err != nil || n == 0 {
				fmt.Printf("%s = %s\n", path, show(v, hide))
			}
			return !hide, nil
		})
	}
	diff := values[0].Diff(values[1])
	defer diff.Close()
	for _, d := range diff.All() {
		hide := sensitive(block, d.Path)
		fmt.Printf("%s: %s => %s\n", d.Path, show(d.Value1, hide), show(d.Value2, hide))
	}
	return nil
}
