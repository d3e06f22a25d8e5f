// Command gen writes the MessagePack inputs of the examples in examples/data
// with go-cty v1.18.1, the reference implementation, so that they hold
// exactly the bytes Terraform would send a provider:
//
//	cd examples/gen && go run . ../data
//
// It writes:
//
//	planned-state.msgpack     a planned acme_server state with unknowns
//	                          (decode_example, paths_example)
//	applied-state.msgpack     the state an apply of that plan returned
//	                          (paths_example)
//	plan/create/{config,prior,proposed}.msgpack
//	plan/update/{config,prior,proposed}.msgpack
//	                          PlanResourceChange requests (plan_example):
//	                          a create (prior state null) and an update.
//	                          The proposed new state is what Terraform's
//	                          objchange.ProposedNew makes of config and prior:
//	                          the config, with computed attributes that the
//	                          config leaves null taken from the prior state
//	                          (list blocks paired by index).
//
// The upgrade example's inputs (upgrade/*.json) are JSON written by hand, as
// Terraform stores raw state.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// The implied type of resource:acme_server in schema.json (what
// `dynval type --schema schema.json --block resource:acme_server` prints).
const serverTypeJSON = `["object",{"admin_password":"string","arn":"string","cpu":"number",` +
	`"disk":["set",["object",{"kind":"string","size_gib":"number"}]],"enabled":"bool","id":"string",` +
	`"ip_addresses":["list","string"],"memory_gib":"number","metadata":"dynamic","name":"string",` +
	`"network_interface":["list",["object",{"mac_address":"string","private_ip":"string","subnet_id":"string"}]],` +
	`"security_groups":["set","string"],"tags":["map","string"],"timeouts":["object",{"create":"string"}]}]`

var serverType = mustType(serverTypeJSON)

func mustType(js string) cty.Type {
	t, err := ctyjson.UnmarshalType([]byte(js))
	if err != nil {
		panic(err)
	}
	return t
}

// server builds an acme_server object: the given attributes, every other
// one null.
func server(attrs map[string]cty.Value) cty.Value {
	all := map[string]cty.Value{}
	for name, ty := range serverType.AttributeTypes() {
		all[name] = cty.NullVal(ty)
	}
	for name, v := range attrs {
		if _, ok := all[name]; !ok {
			panic("no attribute " + name)
		}
		all[name] = v
	}
	return cty.ObjectVal(all)
}

// with returns v with some attributes replaced.
func with(v cty.Value, attrs map[string]cty.Value) cty.Value {
	all := v.AsValueMap()
	for name, a := range attrs {
		all[name] = a
	}
	return cty.ObjectVal(all)
}

func nic(mac, ip, subnet cty.Value) cty.Value {
	return cty.ObjectVal(map[string]cty.Value{"mac_address": mac, "private_ip": ip, "subnet_id": subnet})
}

func strs(ss ...string) []cty.Value {
	out := make([]cty.Value, len(ss))
	for i, s := range ss {
		out[i] = cty.StringVal(s)
	}
	return out
}

var (
	str     = cty.StringVal
	nullStr = cty.NullVal(cty.String)
	disks   = cty.SetVal([]cty.Value{
		cty.ObjectVal(map[string]cty.Value{"kind": str("ssd"), "size_gib": cty.NumberIntVal(100)}),
		cty.ObjectVal(map[string]cty.Value{"kind": nullStr, "size_gib": cty.NumberFloatVal(20.5)}),
	})
	metadata = cty.ObjectVal(map[string]cty.Value{
		"ratio": cty.MustParseNumberVal("0.1"), "replicas": cty.NumberIntVal(3),
		"zones": cty.TupleVal(strs("a", "b")),
	})
	arn = "arn:acme:compute:eu-west-1:"
)

// The planned state of decode_example and paths_example.
func planned() cty.Value {
	return server(map[string]cty.Value{
		"admin_password": str("hunter2"),
		"arn":            cty.UnknownVal(cty.String).Refine().NotNull().StringPrefixFull(arn).NewValue(),
		"cpu":            cty.NumberIntVal(4),
		"disk":           disks,
		"enabled":        cty.True,
		"id":             cty.UnknownVal(cty.String).RefineNotNull(),
		"ip_addresses": cty.UnknownVal(cty.List(cty.String)).Refine().NotNull().
			CollectionLengthLowerBound(1).NewValue(),
		"memory_gib": cty.UnknownVal(cty.Number).Refine().NotNull().
			NumberRangeInclusive(cty.NumberIntVal(1), cty.NumberIntVal(512)).NewValue(),
		"metadata": metadata,
		"name":     str("web-1"),
		"network_interface": cty.ListVal([]cty.Value{
			nic(cty.UnknownVal(cty.String), str("10.0.0.5"), str("subnet-1")),
			nic(cty.UnknownVal(cty.String), cty.UnknownVal(cty.String).RefineNotNull(), str("subnet-2")),
		}),
		"security_groups": cty.SetVal(strs("sg-web", "sg-admin", "sg-base")),
		"tags": cty.MapVal(map[string]cty.Value{
			"cost-center": str("<R&D>"), "env": str("prod"), "owner": str("Zoë"),
		}),
	})
}

// What an apply of that plan returned: every unknown resolved, and two
// changes the plan did not announce (a provider bug that paths_example
// shows): the password comes back masked and a security group is gone.
func applied() cty.Value {
	return with(with(planned(), created()), map[string]cty.Value{
		"admin_password": str("********"),
		"network_interface": cty.ListVal([]cty.Value{
			nic(str("02:00:00:00:00:01"), str("10.0.0.5"), str("subnet-1")),
			nic(str("02:00:00:00:00:02"), str("10.0.1.7"), str("subnet-2")),
		}),
		"security_groups": cty.SetVal(strs("sg-web", "sg-base")),
	})
}

// The configuration of a new server: computed attributes are null, and the
// second interface's subnet is the unknown id of a subnet created in the
// same run.
func configCreate() cty.Value {
	return server(map[string]cty.Value{
		"admin_password": str("hunter2"),
		"cpu":            cty.NumberIntVal(4),
		"disk":           disks,
		"enabled":        cty.True,
		"metadata":       metadata,
		"name":           str("web-1"),
		"network_interface": cty.ListVal([]cty.Value{
			nic(nullStr, str("10.0.0.5"), str("subnet-1")),
			nic(nullStr, nullStr, cty.UnknownVal(cty.String)),
		}),
		"security_groups": cty.SetVal(strs("sg-web", "sg-base")),
		"tags":            cty.MapVal(map[string]cty.Value{"env": str("prod"), "owner": str("Zoë")}),
	})
}

// What the API computed when it created that server.
func created() map[string]cty.Value {
	return map[string]cty.Value{
		"arn":          str(arn + "server/i-0abc123"),
		"id":           str("i-0abc123"),
		"ip_addresses": cty.ListVal(strs("10.0.0.5", "10.0.1.7")),
		"memory_gib":   cty.NumberIntVal(8),
	}
}

// The state after that server was created.
func priorUpdate() cty.Value {
	return with(with(configCreate(), created()), map[string]cty.Value{
		"network_interface": cty.ListVal([]cty.Value{
			nic(str("02:00:00:00:00:01"), str("10.0.0.5"), str("subnet-1")),
			nic(str("02:00:00:00:00:02"), str("10.0.1.7"), str("subnet-2")),
		}),
	})
}

// The configuration changed: a new name and the second interface's subnet
// (both force a new server), more CPUs, a third interface and a tag.
func configUpdate() cty.Value {
	return with(configCreate(), map[string]cty.Value{
		"cpu":  cty.NumberIntVal(8),
		"name": str("web-2"),
		"network_interface": cty.ListVal([]cty.Value{
			nic(nullStr, str("10.0.0.5"), str("subnet-1")),
			nic(nullStr, nullStr, str("subnet-3")),
			nic(nullStr, nullStr, str("subnet-4")),
		}),
		"tags": cty.MapVal(map[string]cty.Value{
			"cost-center": str("<R&D>"), "env": str("prod"), "owner": str("Zoë"),
		}),
	})
}

// ProposedNew(prior, configUpdate): the config, with the computed
// attributes it leaves null taken from the prior state, interfaces paired
// by index (the third has no prior interface).
func proposedUpdate() cty.Value {
	return with(with(configUpdate(), created()), map[string]cty.Value{
		"network_interface": cty.ListVal([]cty.Value{
			nic(str("02:00:00:00:00:01"), str("10.0.0.5"), str("subnet-1")),
			nic(str("02:00:00:00:00:02"), str("10.0.1.7"), str("subnet-3")),
			nic(nullStr, nullStr, str("subnet-4")),
		}),
	})
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run . DATA_DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	files := []struct {
		name string
		v    cty.Value
	}{
		{"planned-state.msgpack", planned()},
		{"applied-state.msgpack", applied()},
		{"plan/create/config.msgpack", configCreate()},
		{"plan/create/prior.msgpack", cty.NullVal(serverType)},
		{"plan/create/proposed.msgpack", configCreate()},
		{"plan/update/config.msgpack", configUpdate()},
		{"plan/update/prior.msgpack", priorUpdate()},
		{"plan/update/proposed.msgpack", proposedUpdate()},
	}
	for _, f := range files {
		b, err := ctymsgpack.Marshal(f.v, serverType)
		if err == nil {
			path := filepath.Join(dir, f.name)
			if err = os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
				err = os.WriteFile(path, b, 0o644)
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "gen: %s: %v\n", f.name, err)
			os.Exit(1)
		}
	}
}
