package main

// What OpenTofu 1.9 cannot exercise (it knows neither write-only attributes
// nor resource identity), driven through the RPC methods directly.
// scripts/e2e.sh drives the rest through a real OpenTofu, and all of it
// through Terraform 1.13.

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	dynval "github.com/libdynval/dynval-go"
)

var ctx = context.Background()

func newTestProvider(t *testing.T) *provider {
	t.Helper()
	t.Setenv("DYNVALEXAMPLE_LOG", "")
	p, err := newProvider()
	if err != nil {
		t.Fatal(err)
	}
	config := dv(t, p.config, `{"store_dir":`+quote(t.TempDir())+`}`)
	resp, _ := p.ConfigureProvider(ctx, &tfprotov6.ConfigureProviderRequest{Config: config})
	noDiags(t, resp.Diagnostics)
	return p
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// dv encodes a JSON value (missing attributes are null) as b's DynamicValue.
func dv(t *testing.T, b block, js string) *tfprotov6.DynamicValue {
	t.Helper()
	v, err := b.schema.DecodeJSON([]byte(js), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	data, err := b.schema.EncodeMsgpack(v)
	if err != nil {
		t.Fatal(err)
	}
	return &tfprotov6.DynamicValue{MsgPack: data}
}

func value(t *testing.T, b block, d *tfprotov6.DynamicValue) *dynval.Value {
	t.Helper()
	v, err := b.schema.DecodeMsgpack(d.MsgPack, nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func str(t *testing.T, v *dynval.Value, name string) string {
	t.Helper()
	s, err := v.Get(name).AsString()
	if err != nil {
		t.Fatalf("%s: %v (%v)", name, err, v)
	}
	return s
}

func noDiags(t *testing.T, d []*tfprotov6.Diagnostic) {
	t.Helper()
	for _, x := range d {
		t.Fatalf("%s: %s", x.Summary, x.Detail)
	}
}

func TestSchemaResponse(t *testing.T) {
	p := newTestProvider(t)
	resp, _ := p.GetProviderSchema(ctx, nil)
	noDiags(t, resp.Diagnostics)
	thing := resp.ResourceSchemas[thingType]
	if thing == nil || thing.Version != 1 || resp.DataSourceSchemas[thingType] == nil || resp.Provider == nil {
		t.Fatalf("schemas missing: %+v", resp)
	}
	// The value type terraform-plugin-go derives from the response is the
	// implied type libdynval decodes with.
	ty := p.thing.schema.ImpliedType()
	defer ty.Close()
	if got, want := thing.ValueType(), tfType(ty); !got.Equal(want) {
		t.Errorf("value type %s, implied type %s", got, want)
	}
	attrs := map[string]*tfprotov6.SchemaAttribute{}
	for _, a := range thing.Block.Attributes {
		attrs[a.Name] = a
	}
	if a := attrs["password_wo"]; !a.WriteOnly || !a.Sensitive || !a.Optional {
		t.Errorf("password_wo: %+v", a)
	}
	if a := attrs["endpoints"]; a.NestedType == nil || a.NestedType.Nesting != tfprotov6.SchemaObjectNestingModeList || a.Type != nil {
		t.Errorf("endpoints: %+v", a)
	}
	if a := attrs["region"]; !a.Optional || !a.Computed || !a.Type.Equal(tftypes.String) {
		t.Errorf("region: %+v", a)
	}
	ids, _ := p.GetResourceIdentitySchemas(ctx, nil)
	noDiags(t, ids.Diagnostics)
	id := ids.IdentitySchemas[thingType]
	if id == nil || len(id.IdentityAttributes) != 2 || id.IdentityAttributes[0].Name != "id" ||
		!id.IdentityAttributes[0].RequiredForImport || !id.IdentityAttributes[1].OptionalForImport {
		t.Errorf("identity schema: %+v", id)
	}
}

func TestWriteOnly(t *testing.T) {
	p := newTestProvider(t)
	config := dv(t, p.thing, `{"name":"n","password_wo":"s3cret"}`)
	resp, _ := p.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: thingType, Config: config})
	if len(resp.Diagnostics) != 1 || !resp.Diagnostics[0].Attribute.Equal(tftypes.NewAttributePath().WithAttributeName("password_wo")) {
		t.Fatalf("a client without write-only support: %+v", resp.Diagnostics)
	}
	resp, _ = p.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: thingType, Config: config,
		ClientCapabilities: &tfprotov6.ValidateResourceConfigClientCapabilities{WriteOnlyAttributesAllowed: true}})
	noDiags(t, resp.Diagnostics)
	plan, _ := p.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: thingType,
		PriorState: dv(t, p.thing, `null`), Config: config, ProposedNewState: config})
	noDiags(t, plan.Diagnostics)
	planned := value(t, p.thing, plan.PlannedState)
	if !planned.Get("password_wo").IsNull() {
		t.Errorf("a write-only value was planned: %v", planned)
	}
}

func TestLifecycleAndIdentity(t *testing.T) {
	p := newTestProvider(t)
	config := dv(t, p.thing, `{"name":"n","display_name":"d","rule":[{"port":22}]}`)
	plan, _ := p.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: thingType,
		PriorState: dv(t, p.thing, `null`), Config: config, ProposedNewState: config})
	noDiags(t, plan.Diagnostics)
	planned := value(t, p.thing, plan.PlannedState)
	if id := planned.Get("id"); id.IsKnown() || !id.RefinedNotNull() || id.RefinedPrefix() != idPrefix {
		t.Errorf("planned id %v", id)
	}
	if lo, incl, _ := planned.Get("serial").RefinedLowerBound(); lo == nil || !incl {
		t.Errorf("planned serial %v", planned.Get("serial"))
	}
	applied, _ := p.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: thingType,
		PriorState: dv(t, p.thing, `null`), Config: config, PlannedState: plan.PlannedState})
	noDiags(t, applied.Diagnostics)
	state := value(t, p.thing, applied.NewState)
	id := str(t, state, "id")
	if !strings.HasPrefix(id, idPrefix) || str(t, state.Get("rule").Index(0), "protocol") != "tcp" {
		t.Errorf("applied %v", state)
	}
	ident, err := p.decodeIdentity("test", "identity", applied.NewIdentity.IdentityData)
	if err != nil || str(t, ident, "id") != id || str(t, ident, "region") != "eu-west-1" {
		t.Fatalf("identity %v, %v", ident, err)
	}

	// Read checks the identity Terraform 1.12+ sends with the state, and
	// returns the same.
	read, _ := p.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: thingType,
		CurrentState: applied.NewState, CurrentIdentity: applied.NewIdentity})
	noDiags(t, read.Diagnostics)
	if string(read.NewIdentity.IdentityData.MsgPack) != string(applied.NewIdentity.IdentityData.MsgPack) {
		t.Errorf("read identity differs")
	}
	read, _ = p.ReadResource(ctx, &tfprotov6.ReadResourceRequest{TypeName: thingType, CurrentState: applied.NewState,
		CurrentIdentity: &tfprotov6.ResourceIdentityData{IdentityData: &tfprotov6.DynamicValue{MsgPack: []byte("\xa1x")}}})
	if len(read.Diagnostics) != 1 || read.Diagnostics[0].Summary != "Invalid current_identity" {
		t.Errorf("a string as identity: %+v", read.Diagnostics)
	}

	// Import by identity (Terraform 1.12+) finds the same thing.
	imp, _ := p.ImportResourceState(ctx, &tfprotov6.ImportResourceStateRequest{TypeName: thingType,
		Identity: applied.NewIdentity})
	noDiags(t, imp.Diagnostics)
	if got := value(t, p.thing, imp.ImportedResources[0].State); !got.RawEquals(state) {
		t.Errorf("imported %v, want %v", got, state)
	}
	up, _ := p.UpgradeResourceIdentity(ctx, &tfprotov6.UpgradeResourceIdentityRequest{TypeName: thingType,
		RawIdentity: &tfprotov6.RawState{JSON: []byte(`{"id":` + quote(id) + `,"region":"eu-west-1"}`)}})
	noDiags(t, up.Diagnostics)
	if string(up.UpgradedIdentity.IdentityData.MsgPack) != string(applied.NewIdentity.IdentityData.MsgPack) {
		t.Errorf("upgraded identity differs")
	}
}

func TestUpgradeVersion0(t *testing.T) {
	p := newTestProvider(t)
	upgrade := func(raw tfprotov6.RawState) *tfprotov6.UpgradeResourceStateResponse {
		resp, _ := p.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: thingType, Version: 0, RawState: &raw})
		return resp
	}
	resp := upgrade(tfprotov6.RawState{JSON: []byte(`{"id":"thing-1","name":"n","label":"old","gone":1,"tags":["b","a"]}`)})
	noDiags(t, resp.Diagnostics)
	v := value(t, p.thing, resp.UpgradedState)
	if str(t, v, "display_name") != "old" || !v.Get("region").IsNull() {
		t.Errorf("upgraded %v", v)
	}
	if n, _ := v.Get("tags").Len(); n != 2 {
		t.Errorf("tags %v", v.Get("tags"))
	}
	resp = upgrade(tfprotov6.RawState{JSON: []byte(`{"id":"thing-1","name":"n","label":null}`)})
	noDiags(t, resp.Diagnostics)
	if v := value(t, p.thing, resp.UpgradedState); !v.Get("display_name").IsNull() {
		t.Errorf("a null label: %v", v)
	}
	if resp = upgrade(tfprotov6.RawState{Flatmap: map[string]string{"id": "thing-1"}}); len(resp.Diagnostics) != 1 {
		t.Errorf("flatmap state: %+v", resp.Diagnostics)
	}
}

// The debug switch: with DYNVALEXAMPLE_SELF_CHECK the provider catches, on
// its own, the end-to-end test's negative control (apply breaking the id
// prefix its plan promised) with the line OpenTofu prints for it, and a
// plan that overrides the configuration.
func TestSelfCheck(t *testing.T) {
	t.Setenv("DYNVALEXAMPLE_SELF_CHECK", "1")
	p := newTestProvider(t)
	config := dv(t, p.thing, `{"name":"n","display_name":"d","rule":[{"port":22}]}`)
	plan, _ := p.PlanResourceChange(ctx, &tfprotov6.PlanResourceChangeRequest{TypeName: thingType,
		PriorState: dv(t, p.thing, `null`), Config: config, ProposedNewState: config})
	noDiags(t, plan.Diagnostics) // the real plan passes

	defer func(prefix string) { applyIDPrefix = prefix }(applyIDPrefix)
	applyIDPrefix = "oops-"
	applied, _ := p.ApplyResourceChange(ctx, &tfprotov6.ApplyResourceChangeRequest{TypeName: thingType,
		PriorState: dv(t, p.thing, `null`), Config: config, PlannedState: plan.PlannedState})
	if len(applied.Diagnostics) != 1 || applied.NewState != nil {
		t.Fatalf("apply breaking its promise: %+v", applied)
	}
	d := applied.Diagnostics[0]
	want := regexp.MustCompile(`^self-check \(DYNVALEXAMPLE_SELF_CHECK\): \.id: final value cty\.StringVal\("oops-[0-9a-f]{16}"\) ` +
		`does not conform to planning placeholder cty\.UnknownVal\(cty\.String\)\.Refine\(\)\.NotNull\(\)\.StringPrefixFull\("thing-"\)\.NewValue\(\)$`)
	if d.Summary != "Provider produced inconsistent result after apply" || !want.MatchString(d.Detail) {
		t.Errorf("apply breaking its promise: %s: %s", d.Summary, d.Detail)
	}
	if steps := d.Attribute.Steps(); len(steps) != 1 || steps[0] != tftypes.AttributeName("id") {
		t.Errorf("diagnostic at %v", d.Attribute)
	}

	// A plan that overrides a configured value: checked directly, as the
	// provider's own plan never does.
	prior := value(t, p.thing, dv(t, p.thing, `null`))
	cfg := value(t, p.thing, config)
	bad := value(t, p.thing, dv(t, p.thing, `{"name":"other","display_name":"d","region":"eu-west-1","rule":[{"port":22,"protocol":"tcp"}]}`))
	diags := p.checkPlan(prior, cfg, bad)
	if len(diags) != 1 || diags[0].Summary != "Provider produced invalid plan" ||
		diags[0].Detail != `self-check (DYNVALEXAMPLE_SELF_CHECK): .name: planned value cty.StringVal("other") does not match config value cty.StringVal("n")` {
		t.Errorf("a plan overriding the configuration: %+v", diags)
	}
}
