// Command plan-example is the core of PlanResourceChange for
// resource:acme_server of examples/data/schema.json, run on two requests
// that go-cty wrote (examples/data/plan/{create,update}/{config,prior,
// proposed}.msgpack):
//
//  1. decode the config, the prior state and the proposed new state by the
//     schema;
//  2. one Transform over the proposed state plans every computed attribute
//     that the config leaves null: the prior value when the prior state has
//     one (what the plugin framework's UseStateForUnknown does), else
//     unknown, refined with what the provider knows of it (not null; an ARN
//     prefix; memory_gib >= 1). The schema says which attributes are
//     computed (Block.AttributeByPath): no table to keep in step;
//  3. RequiresReplace: on update, each path where the prior and planned
//     states differ (Value.Diff) inside an attribute whose description ends
//     with "Changing this forces a new resource.";
//  4. encode the planned state by the schema for the response.
//
// It prints what planning changed in the proposed state, the size of the
// planned state and the RequiresReplace paths, exactly as
// examples/plan_example.c and bindings/rust/dynval/examples/plan_example.rs
// do (examples/data/plan-example.expected):
//
//	go run ./cmd/plan-example [DATA_DIR]     # from bindings/go
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	dynval "github.com/libdynval/dynval-go"
)

const (
	arnPrefix = "arn:acme:compute:eu-west-1:"
	forcesNew = "Changing this forces a new resource."
)

func main() {
	dir := "../../examples/data"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if err := run(dir); err != nil {
		fmt.Fprintln(os.Stderr, "plan-example:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	doc, err := os.ReadFile(filepath.Join(dir, "schema.json"))
	if err != nil {
		return err
	}
	schema, err := dynval.SchemaFromJSON(doc, "resource:acme_server", "")
	if err != nil {
		return err
	}
	defer schema.Close()
	for _, scenario := range []string{"create", "update"} {
		if err := plan(schema, filepath.Join(dir, "plan", scenario), scenario); err != nil {
			return fmt.Errorf("%s: %w", scenario, err)
		}
	}
	return nil
}

func plan(schema *dynval.Schema, dir, scenario string) error {
	var vals [3]*dynval.Value
	for i, name := range []string{"config", "prior", "proposed"} {
		data, err := os.ReadFile(filepath.Join(dir, name+".msgpack"))
		if err == nil {
			vals[i], err = schema.DecodeMsgpack(data, nil)
		}
		if err != nil {
			return err
		}
		defer vals[i].Close()
	}
	config, prior, proposed := vals[0], vals[1], vals[2]
	block := schema.Block()
	planned, err := proposed.Transform(func(path dynval.Path, v *dynval.Value) (*dynval.Value, error) {
		attr, ok := block.AttributeByPath(path)
		if !ok || attr.Flags()&dynval.AttrComputed == 0 {
			return v, nil
		}
		if c := config.Lookup(path...); c == nil || !c.IsNull() {
			return v, nil // keep what the config says
		}
		if p := prior.Lookup(path...); p != nil && !p.IsNull() {
			return p, nil
		}
		r := &dynval.Refinements{NotNull: true} // the API always returns every attribute
		switch attr.Name() {
		case "arn":
			r.Prefix = arnPrefix
		case "memory_gib":
			r.Lower = &dynval.Bound{Text: "1", Inclusive: true}
		}
		t := v.Type()
		defer t.Close()
		return dynval.UnknownVal(t, r)
	})
	if err != nil {
		return err
	}
	defer planned.Close()
	plannedState, err := schema.EncodeMsgpack(planned)
	if err != nil {
		return err
	}

	fmt.Println("==", scenario)
	changes := proposed.Diff(planned)
	defer changes.Close()
	for _, c := range changes.All() {
		fmt.Println(c) // path: proposed => planned
	}
	fmt.Printf("planned_state: %d bytes of MessagePack\n", len(plannedState))
	if prior.IsNull() {
		return nil // a create replaces nothing
	}
	diff := prior.Diff(planned)
	defer diff.Close()
	for _, d := range diff.All() {
		for n := 1; n <= len(d.Path); n++ { // the shortest prefix that forces a new resource
			if a, ok := block.AttributeByPath(d.Path[:n]); ok && strings.HasSuffix(a.Description(), forcesNew) {
				fmt.Println("requires_replace:", d.Path[:n])
				break
			}
		}
	}
	return nil
}
