package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	dynval "github.com/libdynval/dynval-go"
)

// idPrefix starts every id, as the plan promises with a refinement.
const idPrefix = "thing-"

// applyIDPrefix is the prefix Apply really uses. The end-to-end test's
// negative control breaks the promise with
// -ldflags "-X main.applyIDPrefix=oops-", and OpenTofu must notice.
var applyIDPrefix = idPrefix

func unknownType(name string) []*tfprotov6.Diagnostic {
	return errorf("Unknown resource type", "this provider has no resource type %q", name)
}

func (p *provider) ValidateResourceConfig(_ context.Context, req *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	resp := &tfprotov6.ValidateResourceConfigResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	config, err := p.decode(p.thing, "ValidateResourceConfig", "config", req.Config)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid configuration", err)
		return resp, nil
	}
	defer config.Close()
	// A client that does not announce write-only attributes (Terraform
	// before 1.11, OpenTofu 1.9) would keep their values in plan and state,
	// so they must stay unset there.
	if req.ClientCapabilities != nil && req.ClientCapabilities.WriteOnlyAttributesAllowed {
		return resp, nil
	}
	config.Walk(func(path dynval.Path, v *dynval.Value) (bool, error) {
		if p.writeOnly(path) && v.IsKnown() && !v.IsNull() { // unknown while validating
			resp.Diagnostics = append(resp.Diagnostics, &tfprotov6.Diagnostic{
				Severity:  tfprotov6.DiagnosticSeverityError,
				Summary:   "Write-only attribute not supported by this client",
				Detail:    path.String() + " is write-only: its value would be stored in plan and state by a client that does not support write-only attributes. Leave it unset.",
				Attribute: attributePath(path),
			})
		}
		return true, nil
	})
	return resp, nil
}

// plan fills in what the configuration left to the provider: computed
// attributes not known yet become unknown values refined by what the
// provider promises about them, defaults are set, and write-only values are
// never kept.
func (p *provider) plan(proposed *dynval.Value) (*dynval.Value, error) {
	return proposed.Transform(func(path dynval.Path, v *dynval.Value) (*dynval.Value, error) {
		if p.writeOnly(path) {
			return dynval.NullVal(v.Type()), nil
		}
		if !v.IsNull() {
			return v, nil
		}
		switch pattern(path) {
		case "id": // "thing-..." once created
			return dynval.UnknownVal(dynval.TypeString(), &dynval.Refinements{NotNull: true, Prefix: idPrefix})
		case "serial": // 1 or more
			return dynval.UnknownVal(dynval.TypeNumber(), &dynval.Refinements{NotNull: true, Lower: &dynval.Bound{Text: "1", Inclusive: true}})
		case "region":
			return dynval.StringVal("eu-west-1"), nil
		case "endpoints[*].port":
			return dynval.IntVal(443), nil
		case "rule[*].protocol":
			return dynval.StringVal("tcp"), nil
		}
		return v, nil
	})
}

// replacedBy lists the attributes whose change replaces a thing.
var replacedBy = map[string]bool{"name": true}

func (p *provider) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	const rpc = "PlanResourceChange"
	resp := &tfprotov6.PlanResourceChangeResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	v, diags := p.decodeAll(p.thing, rpc, field{"prior_state", req.PriorState}, field{"config", req.Config},
		field{"proposed_new_state", req.ProposedNewState})
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	defer closeAll(v)
	// OpenTofu merged the configuration into the proposed state.
	prior, config, proposed := v[0], v[1], v[2]
	if resp.Diagnostics = p.checkIdentity(rpc, "prior_identity", req.PriorIdentity); resp.Diagnostics != nil {
		return resp, nil
	}

	var err error
	planned := proposed // a destroy plans null
	if !proposed.IsNull() {
		if planned, err = p.plan(proposed); err != nil {
			resp.Diagnostics = errorDiag("Cannot plan", err)
			return resp, nil
		}
		defer planned.Close()
	}
	if !prior.IsNull() && !planned.IsNull() {
		// An update: what changed, and does any change replace the thing?
		d := prior.Diff(planned)
		for _, e := range d.All() {
			if len(e.Path) == 1 && replacedBy[e.Path[0].Name] {
				resp.RequiresReplace = append(resp.RequiresReplace, attributePath(e.Path))
			}
		}
		d.Close()
		resp.PlannedIdentity = p.identityOf(rpc, "planned_identity", planned)
	}
	if resp.Diagnostics = p.checkPlan(prior, config, planned); resp.Diagnostics != nil {
		return resp, nil
	}
	if resp.PlannedState, err = p.encode(p.thing, rpc, "planned_state", planned); err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the plan", err)
	}
	return resp, nil
}

// apply gives the values the plan left unknown, as the plan promised.
func (p *provider) apply(planned *dynval.Value) (*dynval.Value, error) {
	return planned.Transform(func(path dynval.Path, v *dynval.Value) (*dynval.Value, error) {
		if v.IsKnown() {
			return v, nil
		}
		switch pattern(path) {
		case "id":
			var b [8]byte
			rand.Read(b[:])
			return dynval.StringVal(applyIDPrefix + hex.EncodeToString(b[:])), nil
		case "serial":
			n, err := p.store.nextSerial()
			if err != nil {
				return nil, err
			}
			return dynval.UintVal(n), nil
		}
		return v, nil
	})
}

func (p *provider) ApplyResourceChange(_ context.Context, req *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	const rpc = "ApplyResourceChange"
	resp := &tfprotov6.ApplyResourceChangeResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	// The configuration (v[1]) is where a write-only value would be read,
	// to be used now and never stored.
	v, diags := p.decodeAll(p.thing, rpc, field{"prior_state", req.PriorState}, field{"config", req.Config},
		field{"planned_state", req.PlannedState})
	if diags != nil {
		resp.Diagnostics = diags
		return resp, nil
	}
	defer closeAll(v)
	prior, planned := v[0], v[2]
	if resp.Diagnostics = p.checkIdentity(rpc, "planned_identity", req.PlannedIdentity); resp.Diagnostics != nil {
		return resp, nil
	}

	var err error
	newState := planned
	if planned.IsNull() { // destroy
		id, _ := prior.Get("id").AsString()
		err = p.store.remove(id)
	} else if newState, err = p.apply(planned); err == nil {
		defer newState.Close()
		if err = p.checkApplied(planned, newState); err == nil {
			if resp.Diagnostics = p.checkApply(planned, newState); resp.Diagnostics != nil {
				return resp, nil
			}
			id, _ := newState.Get("id").AsString()
			err = p.store.save(p.thing, id, newState)
		}
		resp.NewIdentity = p.identityOf(rpc, "new_identity", newState)
	}
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot apply", err)
		return resp, nil
	}
	if resp.NewState, err = p.encode(p.thing, rpc, "new_state", newState); err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the new state", err)
	}
	return resp, nil
}

// checkApplied holds Apply to its plan the way OpenTofu will: a value the
// plan knew may not change, and nothing may stay unknown. (Whether a new
// value fits its unknown's refinements is OpenTofu's check.)
func (p *provider) checkApplied(planned, applied *dynval.Value) error {
	if !applied.IsWhollyKnown() {
		return fmt.Errorf("apply left values unknown")
	}
	d := planned.Diff(applied)
	defer d.Close()
	for _, e := range d.All() {
		if e.Value1 != nil && e.Value1.IsKnown() {
			return fmt.Errorf("apply changed what the plan knew: %s", e)
		}
	}
	return nil
}

func (p *provider) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	const rpc = "ReadResource"
	resp := &tfprotov6.ReadResourceResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	state, err := p.decode(p.thing, rpc, "current_state", req.CurrentState)
	if err != nil {
		resp.Diagnostics = errorDiag("Invalid state", err)
		return resp, nil
	}
	defer state.Close()
	if resp.Diagnostics = p.checkIdentity(rpc, "current_identity", req.CurrentIdentity); resp.Diagnostics != nil {
		return resp, nil
	}
	if !state.IsNull() {
		// The store is the truth: a thing that is gone reads as null, and
		// OpenTofu plans to create it again.
		id, _ := state.Get("id").AsString()
		stored, err := p.store.load(p.thing, id)
		if err != nil {
			resp.Diagnostics = errorDiag("Cannot read "+id, err)
			return resp, nil
		}
		if stored == nil {
			t := p.thing.schema.ImpliedType()
			stored = dynval.NullVal(t)
			t.Close()
		}
		defer stored.Close()
		state = stored
		resp.NewIdentity = p.identityOf(rpc, "new_identity", state)
	}
	if resp.NewState, err = p.encode(p.thing, rpc, "new_state", state); err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the state", err)
	}
	return resp, nil
}

func (p *provider) ImportResourceState(_ context.Context, req *tfprotov6.ImportResourceStateRequest) (*tfprotov6.ImportResourceStateResponse, error) {
	const rpc = "ImportResourceState"
	resp := &tfprotov6.ImportResourceStateResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	id := req.ID
	if req.Identity != nil && req.Identity.IdentityData != nil { // Terraform 1.12+: import by identity
		ident, err := p.decodeIdentity(rpc, "identity", req.Identity.IdentityData)
		if err != nil {
			resp.Diagnostics = errorDiag("Invalid identity", err)
			return resp, nil
		}
		id, _ = ident.Get("id").AsString()
		ident.Close()
	}
	stored, err := p.store.load(p.thing, id)
	if err == nil && stored == nil {
		err = fmt.Errorf("there is no thing %q in the store", id)
	}
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot import", err)
		return resp, nil
	}
	defer stored.Close()
	state, err := p.encode(p.thing, rpc, "imported_state", stored)
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the state", err)
		return resp, nil
	}
	resp.ImportedResources = []*tfprotov6.ImportedResource{{TypeName: thingType, State: state, Identity: p.identityOf(rpc, "identity", stored)}}
	return resp, nil
}

// UpgradeResourceState reads the JSON state that any schema version of the
// thing wrote and returns it in the current version. Version 0 called
// display_name "label".
func (p *provider) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	resp := &tfprotov6.UpgradeResourceStateResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	state, err := p.upgrade(req.Version, req.RawState)
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot upgrade the state", err)
		return resp, nil
	}
	defer state.Close()
	if resp.UpgradedState, err = p.encode(p.thing, "UpgradeResourceState", "upgraded_state", state); err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the state", err)
	}
	return resp, nil
}

func (p *provider) upgrade(version int64, raw *tfprotov6.RawState) (*dynval.Value, error) {
	if version > p.thing.schema.Version() {
		return nil, fmt.Errorf("the state was written by a newer provider (schema version %d)", version)
	}
	if raw.JSON == nil {
		// Flatmap state (Terraform before 0.12) would read with
		// ValueFromFlatmap, but a thing never had any: flatmap has no form
		// for its dynamic attribute.
		return nil, fmt.Errorf("flatmap state of schema version %d: this resource never wrote any", version)
	}
	// Attributes the schema no longer has are skipped; those it gained are
	// null.
	state, err := p.thing.schema.DecodeJSON(raw.JSON, &dynval.DecodeOptions{IgnoreUndefinedAttributes: true})
	if err != nil || version > 0 {
		return state, err
	}
	// Version 0's label, read by the JSON's own type, is display_name now.
	t, err := dynval.ImpliedTypeJSON(raw.JSON)
	if err != nil {
		return nil, err
	}
	defer t.Close()
	old, err := dynval.DecodeJSON(raw.JSON, t, nil)
	if err != nil {
		return nil, err
	}
	defer old.Close()
	label := old.Get("label")
	if label == nil {
		return state, nil
	}
	label, err = label.Convert(dynval.TypeString()) // a JSON null has no type
	if err != nil {
		return nil, err
	}
	defer label.Close()
	defer state.Close()
	return state.SetPath(dynval.Path{}.Attr("display_name"), label)
}

// identitySelector names the thing's identity schema in schema.json and in
// the value log.
const identitySelector = "identity:" + thingType

// identityOf is the identity data of a thing's state, or nil while its id
// is not known; rpc and name (the response field) are for the log.
func (p *provider) identityOf(rpc, name string, state *dynval.Value) *tfprotov6.ResourceIdentityData {
	if !state.IsKnown() || state.IsNull() {
		return nil
	}
	v, err := dynval.ObjectVal(map[string]*dynval.Value{"id": state.Get("id"), "region": state.Get("region")})
	if err != nil || !v.IsWhollyKnown() {
		return nil
	}
	defer v.Close()
	data, err := p.identity.EncodeMsgpack(v)
	if err != nil {
		return nil
	}
	dv := &tfprotov6.DynamicValue{MsgPack: data}
	p.log.record(rpc, "sent", name, identitySelector, dv)
	return &tfprotov6.ResourceIdentityData{IdentityData: dv}
}

// decodeIdentity reads identity data, the request field name of RPC rpc.
func (p *provider) decodeIdentity(rpc, name string, dv *tfprotov6.DynamicValue) (*dynval.Value, error) {
	p.log.record(rpc, "recv", name, identitySelector, dv)
	if dv.MsgPack == nil && dv.JSON != nil {
		return p.identity.DecodeJSON(dv.JSON, nil)
	}
	return p.identity.DecodeMsgpack(dv.MsgPack, nil)
}

// checkIdentity decodes the identity a client sends with a state
// (Terraform 1.12+; the provider finds things by the state's id, so it only
// checks that the identity fits its schema).
func (p *provider) checkIdentity(rpc, name string, data *tfprotov6.ResourceIdentityData) []*tfprotov6.Diagnostic {
	if data == nil || data.IdentityData == nil {
		return nil
	}
	ident, err := p.decodeIdentity(rpc, name, data.IdentityData)
	if err != nil {
		return errorDiag("Invalid "+name, err)
	}
	ident.Close()
	return nil
}

func (p *provider) UpgradeResourceIdentity(_ context.Context, req *tfprotov6.UpgradeResourceIdentityRequest) (*tfprotov6.UpgradeResourceIdentityResponse, error) {
	resp := &tfprotov6.UpgradeResourceIdentityResponse{}
	if req.TypeName != thingType {
		resp.Diagnostics = unknownType(req.TypeName)
		return resp, nil
	}
	ident, err := p.identity.DecodeJSON(req.RawIdentity.JSON, nil) // one version so far
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot upgrade the identity", err)
		return resp, nil
	}
	defer ident.Close()
	data, err := p.identity.EncodeMsgpack(ident)
	if err != nil {
		resp.Diagnostics = errorDiag("Cannot encode the identity", err)
		return resp, nil
	}
	dv := &tfprotov6.DynamicValue{MsgPack: data}
	p.log.record("UpgradeResourceIdentity", "sent", "upgraded_identity", identitySelector, dv)
	resp.UpgradedIdentity = &tfprotov6.ResourceIdentityData{IdentityData: dv}
	return resp, nil
}
