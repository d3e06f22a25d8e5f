// Command upgrade-example is the core of UpgradeResourceState for
// resource:acme_server of examples/data/schema.json (schema version 1).
// State written by version 0, which called `cpu` `cpu_count` and had a
// `zone` attribute since removed (and no `metadata` yet), becomes state of
// version 1, encoded as MessagePack for the response's upgraded_state:
//
//   - JSON state (RawState.json, Terraform 0.12 and later): decoded by the
//     current schema with IgnoreUndefinedAttributes, which skips `zone` and
//     `cpu_count` (the schema does not define them) and leaves the missing
//     `cpu` and `metadata` null; then the renamed attribute is read under its
//     old name, by the type `cpu` has now, and put in place with SetPath;
//   - flatmap state (RawState.flatmap, before Terraform 0.12): its strings
//     are read by the version 0 schema (examples/data/upgrade/
//     acme_server-v0.json, kept by the provider for this), written as JSON
//     and upgraded as above, as the plugin SDK does. (Flatmap cannot tell a
//     null block from a block of nulls: `timeouts` comes back as
//     {"create": null}.)
//
// For each input it prints the upgraded state as JSON and the size of its
// MessagePack, exactly as examples/upgrade_example.c and
// bindings/rust/dynval/examples/upgrade_example.rs do
// (examples/data/upgrade-example.expected):
//
//	go run ./cmd/upgrade-example [DATA_DIR]     # from bindings/go
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	dynval "github.com/libdynval/dynval-go"
)

func main() {
	dir := "../../examples/data"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if err := run(dir); err != nil {
		fmt.Fprintln(os.Stderr, "upgrade-example:", err)
		os.Exit(1)
	}
}

// upgradeJSON upgrades JSON state that schema version `version` wrote.
func upgradeJSON(schema *dynval.Schema, version int64, raw []byte) (*dynval.Value, error) {
	opts := &dynval.DecodeOptions{IgnoreUndefinedAttributes: true}
	state, err := schema.DecodeJSON(raw, opts)
	if err != nil || version > 0 {
		return state, err
	}
	defer state.Close()
	// Version 0 called `cpu` `cpu_count`: read it under that name, by the
	// type `cpu` has now.
	cpu, _ := schema.Block().FindAttribute("cpu")
	cpuType := cpu.Type()
	defer cpuType.Close()
	oldType, err := dynval.ObjectOf(map[string]*dynval.Type{"cpu_count": cpuType})
	if err != nil {
		return nil, err
	}
	defer oldType.Close()
	old, err := dynval.DecodeJSON(raw, oldType, opts)
	if err != nil {
		return nil, err
	}
	defer old.Close()
	return state.SetPath(dynval.Path{dynval.Attr("cpu")}, old.Get("cpu_count"))
}

// flatmapToJSON turns flatmap state, given as a JSON object of strings, into
// JSON state of the schema it was written by (v0).
func flatmapToJSON(v0 *dynval.Schema, flatmap []byte) ([]byte, error) {
	var m map[string]string
	if err := json.Unmarshal(flatmap, &m); err != nil {
		return nil, err
	}
	state, err := v0.ValueFromFlatmap(m)
	if err != nil {
		return nil, err
	}
	defer state.Close()
	return v0.EncodeJSON(state)
}

func run(dir string) error {
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
	doc, err := read("schema.json")
	if err != nil {
		return err
	}
	schema, err := dynval.SchemaFromJSON(doc, "resource:acme_server", "")
	if err != nil {
		return err
	}
	defer schema.Close()
	v0doc, err := read("upgrade/acme_server-v0.json")
	if err != nil {
		return err
	}
	v0, err := dynval.SchemaFromBlockJSON(v0doc, 0)
	if err != nil {
		return err
	}
	defer v0.Close()
	for _, name := range []string{"state-v0.json", "state-v0.flatmap.json"} {
		input, err := read("upgrade/" + name)
		if err == nil && strings.Contains(name, ".flatmap.") {
			input, err = flatmapToJSON(v0, input)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		state, err := upgradeJSON(schema, 0, input)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		defer state.Close()
		stateJSON, err := schema.EncodeJSON(state)
		if err != nil {
			return err
		}
		upgradedState, err := schema.EncodeMsgpack(state)
		if err != nil {
			return err
		}
		fmt.Printf("== %s\n%s\nupgraded_state: %d bytes of MessagePack\n", name, stateJSON, len(upgradedState))
	}
	return nil
}
