// Command plan-example is the core of PlanResourceChange for
// resource:acme_server of examples/data/schema.json, run on two requests
// that go-cty wrote (examples/data/plan/{create,update}/{config,prior,
// proposed}.msgpack):
//
//  1. decode the config, the prior state and the proposed new state by the
//     schema, and read the config into the provider's model with As (as
//     the plugin framework's Config.Get(ctx, &model)) to check what the
//     schema cannot say: known CPU counts, private IPs and disk sizes;
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
	"net/netip"
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
	if err := validate(config); err != nil {
		return err
	}
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

// serverModel is resource:acme_server as the provider reads its
// configuration (Value.As): Maybe where a value may be null or unknown
// (create's second network interface has an unknown subnet_id), a
// *dynval.Value for the dynamic attribute, which the provider passes on
// as it is. As wants a field for every attribute, computed ones included.
type serverModel struct {
	ID               dynval.Maybe[string]                          `dynval:"id"`
	ARN              dynval.Maybe[string]                          `dynval:"arn"`
	Name             dynval.Maybe[string]                          `dynval:"name"`
	CPU              dynval.Maybe[int]                             `dynval:"cpu"`
	MemoryGiB        dynval.Maybe[int]                             `dynval:"memory_gib"`
	Enabled          dynval.Maybe[bool]                            `dynval:"enabled"`
	AdminPassword    dynval.Maybe[string]                          `dynval:"admin_password"`
	Tags             dynval.Maybe[map[string]dynval.Maybe[string]] `dynval:"tags"`
	IPAddresses      dynval.Maybe[[]dynval.Maybe[string]]          `dynval:"ip_addresses"`
	SecurityGroups   dynval.Maybe[[]dynval.Maybe[string]]          `dynval:"security_groups"`
	Metadata         *dynval.Value                                 `dynval:"metadata"`
	NetworkInterface dynval.Maybe[[]networkInterfaceModel]         `dynval:"network_interface"`
	Disk             dynval.Maybe[[]diskModel]                     `dynval:"disk"`
	Timeouts         *timeoutsModel                                `dynval:"timeouts"`
}

type networkInterfaceModel struct {
	SubnetID   dynval.Maybe[string] `dynval:"subnet_id"`
	PrivateIP  dynval.Maybe[string] `dynval:"private_ip"`
	MACAddress dynval.Maybe[string] `dynval:"mac_address"`
}

type diskModel struct {
	SizeGiB dynval.Maybe[float64] `dynval:"size_gib"`
	Kind    dynval.Maybe[string]  `dynval:"kind"`
}

type timeoutsModel struct {
	Create dynval.Maybe[string] `dynval:"create"`
}

// validate reads the configuration into the model and checks the values
// that are known; an error names the attribute's path.
func validate(config *dynval.Value) error {
	var m serverModel
	if err := config.As(&m); err != nil {
		return err // a whole number of CPUs, say, with its path
	}
	defer m.Metadata.Close()
	if cpu, ok := m.CPU.Get(); ok && (cpu < 1 || cpu > 64) {
		return fmt.Errorf("%s: %d CPUs; 1 to 64 are offered", dynval.Path{}.Attr("cpu"), cpu)
	}
	nics, _ := m.NetworkInterface.Get()
	for i, nic := range nics {
		if ip, ok := nic.PrivateIP.Get(); ok {
			if _, err := netip.ParseAddr(ip); err != nil {
				return fmt.Errorf("%s: %v", dynval.Path{}.Attr("network_interface").Index(int64(i)).Attr("private_ip"), err)
			}
		}
	}
	disks, _ := m.Disk.Get()
	for _, d := range disks {
		if size, ok := d.SizeGiB.Get(); ok && size <= 0 {
			return fmt.Errorf("%s: a disk of %v GiB", dynval.Path{}.Attr("disk"), size)
		}
	}
	return nil
}
