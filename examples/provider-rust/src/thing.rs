//! The resource dynvalexample_thing: plan, apply, read, import, upgrade.
use std::io::Read;

use dynval::{DecodeOptions, Path, PathStep, Refinements, Type, Value, ValueRef};

use crate::dynamic::{attribute_path, error_diag, Block, BoxError};
use crate::provider::{pattern, Provider, THING_TYPE};
use crate::tfplugin6::{diagnostic::Severity, *};

/// ID_PREFIX starts every id, as the plan promises with a refinement.
pub const ID_PREFIX: &str = "thing-";

/// The prefix apply really uses. The end-to-end test's negative control
/// breaks the promise by building with DYNVALEXAMPLE_APPLY_ID_PREFIX=oops-,
/// and the client must notice.
const APPLY_ID_PREFIX: &str = match option_env!("DYNVALEXAMPLE_APPLY_ID_PREFIX") {
    Some(p) => p,
    None => ID_PREFIX,
};

/// The attributes whose change replaces a thing.
const REPLACED_BY: &[&str] = &["name"];

/// The identity schema's selector in schema.json and in the value log.
const IDENTITY_SELECTOR: &str = "identity:dynvalexample_thing";

pub fn unknown_type(name: &str) -> Vec<Diagnostic> {
    error_diag("Unknown resource type", format!("this provider has no resource type {name:?}"))
}

/// A DynamicValue of a request with the name of its field.
type Field<'a> = (&'a str, Option<&'a DynamicValue>);

impl Provider {
    /// Decodes the DynamicValues of one request, in order; a failure is a
    /// diagnostic that names the field.
    fn decode_all<const N: usize>(
        &self,
        b: &Block,
        rpc: &str,
        fields: [Field; N],
    ) -> Result<[Value; N], Vec<Diagnostic>> {
        let mut out = Vec::with_capacity(N);
        for (name, dv) in fields {
            out.push(b.decode(&self.log, rpc, name, dv).map_err(|e| error_diag(&format!("Invalid {name}"), e))?);
        }
        Ok(out.try_into().unwrap_or_else(|_| unreachable!()))
    }

    pub fn validate_resource_config(
        &self,
        req: validate_resource_config::Request,
    ) -> validate_resource_config::Response {
        let mut resp = validate_resource_config::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        let config = match self.thing.decode(&self.log, "ValidateResourceConfig", "config", req.config.as_ref()) {
            Ok(c) => c,
            Err(e) => {
                resp.diagnostics = error_diag("Invalid configuration", e);
                return resp;
            }
        };
        // A client that does not announce write-only attributes (Terraform
        // before 1.11, OpenTofu 1.9) would keep their values in plan and
        // state, so they must stay unset there.
        if req.client_capabilities.is_some_and(|c| c.write_only_attributes_allowed) {
            return resp;
        }
        let _ = config.walk(|path, v| {
            if self.write_only(path) && v.is_known() && !v.is_null() {
                // unknown while validating
                resp.diagnostics.push(Diagnostic {
                    severity: Severity::Error as i32,
                    summary: "Write-only attribute not supported by this client".into(),
                    detail: format!("{path} is write-only: its value would be stored in plan and state by a client that does not support write-only attributes. Leave it unset."),
                    attribute: attribute_path(path),
                });
            }
            Ok::<_, dynval::Error>(true)
        });
        resp
    }

    /// Fills in what the configuration left to the provider: computed
    /// attributes not known yet become unknown values refined by what the
    /// provider promises about them, defaults are set, and write-only
    /// values are never kept.
    pub fn plan(&self, proposed: &Value) -> dynval::Result<Value> {
        proposed.transform(|path, v| {
            if self.write_only(path) {
                return Ok(Some(Value::null(v.ty())));
            }
            if !v.is_null() {
                return Ok(None);
            }
            Ok(Some(match pattern(path).as_str() {
                // "thing-..." once created
                "id" => {
                    Value::unknown_refined(Type::string(), &Refinements::new().not_null().string_prefix(ID_PREFIX))?
                }
                // 1 or more
                "serial" => {
                    Value::unknown_refined(Type::number(), &Refinements::new().not_null().number_lower_bound(1, true))?
                }
                "region" => Value::from("eu-west-1"),
                "endpoints[*].port" => Value::from(443),
                "rule[*].protocol" => Value::from("tcp"),
                _ => return Ok(None),
            }))
        })
    }

    pub fn plan_resource_change(&self, req: plan_resource_change::Request) -> plan_resource_change::Response {
        const RPC: &str = "PlanResourceChange";
        let mut resp = plan_resource_change::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        // The client merged the configuration into the proposed state.
        let fields = [
            ("prior_state", req.prior_state.as_ref()),
            ("config", req.config.as_ref()),
            ("proposed_new_state", req.proposed_new_state.as_ref()),
        ];
        let [prior, config, proposed] = match self.decode_all(&self.thing, RPC, fields) {
            Ok(v) => v,
            Err(d) => return plan_resource_change::Response { diagnostics: d, ..resp },
        };
        if let Err(d) = self.check_identity(RPC, "prior_identity", req.prior_identity.as_ref()) {
            return plan_resource_change::Response { diagnostics: d, ..resp };
        }

        let mut planned = proposed.clone(); // a destroy plans null
        if !proposed.is_null() {
            match self.plan(&proposed) {
                Ok(p) => planned = p,
                Err(e) => return plan_resource_change::Response { diagnostics: error_diag("Cannot plan", e), ..resp },
            }
        }
        if !prior.is_null() && !planned.is_null() {
            // An update: what changed, and does any change replace the thing?
            for e in &prior.diff(&planned) {
                if let [PathStep::Attr(name)] = &e.path.steps().collect::<Vec<_>>()[..] {
                    if REPLACED_BY.contains(&name.as_str()) {
                        resp.requires_replace.extend(attribute_path(e.path));
                    }
                }
            }
            resp.planned_identity = self.identity_of(RPC, "planned_identity", &planned);
        }
        let problems = self.check_plan(&prior, &config, &planned);
        if !problems.is_empty() {
            return plan_resource_change::Response { diagnostics: problems, ..resp };
        }
        match self.thing.encode(&self.log, RPC, "planned_state", &planned) {
            Ok(dv) => resp.planned_state = Some(dv),
            Err(e) => resp.diagnostics = error_diag("Cannot encode the plan", e),
        }
        resp
    }

    /// Gives the values the plan left unknown, as the plan promised.
    pub fn apply(&self, planned: &Value) -> Result<Value, BoxError> {
        planned.transform(|path, v| {
            if v.is_known() {
                return Ok(None);
            }
            Ok(match pattern(path).as_str() {
                "id" => {
                    let mut b = [0u8; 8];
                    std::fs::File::open("/dev/urandom")?.read_exact(&mut b)?;
                    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
                    Some(Value::from(format!("{APPLY_ID_PREFIX}{hex}")))
                }
                "serial" => Some(Value::uint(self.store.next_serial()?)),
                _ => None,
            })
        })
    }

    pub fn apply_resource_change(&self, req: apply_resource_change::Request) -> apply_resource_change::Response {
        const RPC: &str = "ApplyResourceChange";
        let mut resp = apply_resource_change::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        // The configuration is where a write-only value would be read, to
        // be used now and never stored.
        let fields = [
            ("prior_state", req.prior_state.as_ref()),
            ("config", req.config.as_ref()),
            ("planned_state", req.planned_state.as_ref()),
        ];
        let [prior, _config, planned] = match self.decode_all(&self.thing, RPC, fields) {
            Ok(v) => v,
            Err(d) => return apply_resource_change::Response { diagnostics: d, ..resp },
        };
        if let Err(d) = self.check_identity(RPC, "planned_identity", req.planned_identity.as_ref()) {
            return apply_resource_change::Response { diagnostics: d, ..resp };
        }

        let mut problems = Vec::new();
        let result = if planned.is_null() {
            // destroy
            self.store.remove(&string_attr(&prior, "id")).map(|()| planned)
        } else {
            self.apply(&planned).and_then(|new_state| {
                let saved = self.check_applied(&planned, &new_state).and_then(|()| {
                    problems = self.check_apply(&planned, &new_state);
                    if !problems.is_empty() {
                        return Ok(()); // answered with the problems below, not saved
                    }
                    self.store.save(&self.thing, &string_attr(&new_state, "id"), &new_state)
                });
                resp.new_identity = self.identity_of(RPC, "new_identity", &new_state);
                saved.map(|()| new_state)
            })
        };
        if !problems.is_empty() {
            return apply_resource_change::Response { diagnostics: problems, new_identity: None, ..resp };
        }
        let new_state = match result {
            Ok(s) => s,
            Err(e) => return apply_resource_change::Response { diagnostics: error_diag("Cannot apply", e), ..resp },
        };
        match self.thing.encode(&self.log, RPC, "new_state", &new_state) {
            Ok(dv) => resp.new_state = Some(dv),
            Err(e) => resp.diagnostics = error_diag("Cannot encode the new state", e),
        }
        resp
    }

    /// Holds apply to its plan the way the client will: a value the plan
    /// knew may not change, and nothing may stay unknown. (Whether a new
    /// value fits its unknown's refinements is the client's check.)
    fn check_applied(&self, planned: &Value, applied: &Value) -> Result<(), BoxError> {
        if !applied.is_wholly_known() {
            return Err("apply left values unknown".into());
        }
        match planned.diff(applied).iter().find(|e| e.a.is_some_and(|a| a.is_known())) {
            Some(e) => Err(format!("apply changed what the plan knew: {e}").into()),
            None => Ok(()),
        }
    }

    pub fn read_resource(&self, req: read_resource::Request) -> read_resource::Response {
        const RPC: &str = "ReadResource";
        let mut resp = read_resource::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        let mut state = match self.thing.decode(&self.log, RPC, "current_state", req.current_state.as_ref()) {
            Ok(s) => s,
            Err(e) => return read_resource::Response { diagnostics: error_diag("Invalid state", e), ..resp },
        };
        if let Err(d) = self.check_identity(RPC, "current_identity", req.current_identity.as_ref()) {
            return read_resource::Response { diagnostics: d, ..resp };
        }
        if !state.is_null() {
            // The store is the truth: a thing that is gone reads as null,
            // and the client plans to create it again.
            let id = string_attr(&state, "id");
            state = match self.store.load(&self.thing, &id) {
                Ok(stored) => stored.unwrap_or_else(|| Value::null(self.thing.schema.implied_type())),
                Err(e) => {
                    return read_resource::Response { diagnostics: error_diag(&format!("Cannot read {id}"), e), ..resp }
                }
            };
            resp.new_identity = self.identity_of(RPC, "new_identity", &state);
        }
        match self.thing.encode(&self.log, RPC, "new_state", &state) {
            Ok(dv) => resp.new_state = Some(dv),
            Err(e) => resp.diagnostics = error_diag("Cannot encode the state", e),
        }
        resp
    }

    pub fn import_resource_state(&self, req: import_resource_state::Request) -> import_resource_state::Response {
        const RPC: &str = "ImportResourceState";
        let mut resp = import_resource_state::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        let mut id = req.id.clone();
        if let Some(data) = req.identity.as_ref().and_then(|i| i.identity_data.as_ref()) {
            // Terraform 1.12+: import by identity
            match self.decode_identity(RPC, "identity", data) {
                Ok(ident) => id = string_attr(&ident, "id"),
                Err(e) => {
                    return import_resource_state::Response { diagnostics: error_diag("Invalid identity", e), ..resp }
                }
            }
        }
        let stored = match self.store.load(&self.thing, &id) {
            Ok(Some(s)) => s,
            Ok(None) => {
                let err = format!("there is no thing {id:?} in the store");
                return import_resource_state::Response { diagnostics: error_diag("Cannot import", err), ..resp };
            }
            Err(e) => return import_resource_state::Response { diagnostics: error_diag("Cannot import", e), ..resp },
        };
        match self.thing.encode(&self.log, RPC, "imported_state", &stored) {
            Ok(state) => resp.imported_resources.push(import_resource_state::ImportedResource {
                type_name: THING_TYPE.into(),
                state: Some(state),
                identity: self.identity_of(RPC, "identity", &stored),
                ..Default::default()
            }),
            Err(e) => resp.diagnostics = error_diag("Cannot encode the state", e),
        }
        resp
    }

    /// Reads the JSON state that any schema version of the thing wrote and
    /// returns it in the current version. Version 0 called display_name
    /// "label".
    pub fn upgrade_resource_state(&self, req: upgrade_resource_state::Request) -> upgrade_resource_state::Response {
        let mut resp = upgrade_resource_state::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        let state = match self.upgrade(req.version, req.raw_state.unwrap_or_default()) {
            Ok(s) => s,
            Err(e) => {
                return upgrade_resource_state::Response {
                    diagnostics: error_diag("Cannot upgrade the state", e),
                    ..resp
                }
            }
        };
        match self.thing.encode(&self.log, "UpgradeResourceState", "upgraded_state", &state) {
            Ok(dv) => resp.upgraded_state = Some(dv),
            Err(e) => resp.diagnostics = error_diag("Cannot encode the state", e),
        }
        resp
    }

    pub fn upgrade(&self, version: i64, raw: RawState) -> Result<Value, BoxError> {
        if version > self.thing.schema.version() {
            return Err(format!("the state was written by a newer provider (schema version {version})").into());
        }
        if raw.json.is_empty() {
            // Flatmap state (Terraform before 0.12) would read with
            // value_from_flatmap, but a thing never had any: flatmap has no
            // form for its dynamic attribute.
            return Err(format!("flatmap state of schema version {version}: this resource never wrote any").into());
        }
        // Attributes the schema no longer has are skipped; those it gained
        // are null.
        let opts = DecodeOptions::new().ignore_undefined_attributes(true);
        let state = self.thing.schema.decode_json_with(&raw.json, Some(&opts))?;
        if version > 0 {
            return Ok(state);
        }
        // Version 0's label, read by the JSON's own type, is display_name now.
        let old = Value::from_json(&raw.json, Type::implied_from_json(&raw.json)?)?;
        let Some(label) = old.get("label")? else { return Ok(state) };
        let label = label.convert(Type::string())?; // a JSON null has no type
        Ok(state.set_path(Path::new().attr("display_name"), &label)?)
    }

    /// The identity data of a thing's state, or None while its id is not
    /// known; rpc and name (the response field) are for the log.
    fn identity_of(&self, rpc: &str, name: &str, state: &Value) -> Option<ResourceIdentityData> {
        if !state.is_known() || state.is_null() {
            return None;
        }
        let v = Value::object(&[("id", state.get("id").ok()??), ("region", state.get("region").ok()??)]).ok()?;
        if !v.is_wholly_known() {
            return None;
        }
        let dv = DynamicValue { msgpack: self.identity.encode_msgpack(&v).ok()?.into(), json: vec![] };
        self.log.record(rpc, "sent", name, IDENTITY_SELECTOR, &dv);
        Some(ResourceIdentityData { identity_data: Some(dv) })
    }

    /// Reads identity data, the request field `name` of RPC `rpc`.
    fn decode_identity(&self, rpc: &str, name: &str, dv: &DynamicValue) -> dynval::Result<Value> {
        self.log.record(rpc, "recv", name, IDENTITY_SELECTOR, dv);
        if dv.msgpack.is_empty() && !dv.json.is_empty() {
            return self.identity.decode_json(&dv.json);
        }
        self.identity.decode_msgpack(&dv.msgpack)
    }

    /// Decodes the identity a client sends with a state (Terraform 1.12+;
    /// the provider finds things by the state's id, so it only checks that
    /// the identity fits its schema).
    fn check_identity(
        &self,
        rpc: &str,
        name: &str,
        data: Option<&ResourceIdentityData>,
    ) -> Result<(), Vec<Diagnostic>> {
        match data.and_then(|d| d.identity_data.as_ref()) {
            Some(dv) => {
                self.decode_identity(rpc, name, dv).map(drop).map_err(|e| error_diag(&format!("Invalid {name}"), e))
            }
            None => Ok(()),
        }
    }

    pub fn upgrade_resource_identity(
        &self,
        req: upgrade_resource_identity::Request,
    ) -> upgrade_resource_identity::Response {
        let mut resp = upgrade_resource_identity::Response::default();
        if req.type_name != THING_TYPE {
            resp.diagnostics = unknown_type(&req.type_name);
            return resp;
        }
        let raw = req.raw_identity.unwrap_or_default().json; // one version so far
        let encoded = self.identity.decode_json(&raw).and_then(|ident| self.identity.encode_msgpack(&ident));
        match encoded {
            Ok(data) => {
                let dv = DynamicValue { msgpack: data.into(), json: vec![] };
                self.log.record("UpgradeResourceIdentity", "sent", "upgraded_identity", IDENTITY_SELECTOR, &dv);
                resp.upgraded_identity = Some(ResourceIdentityData { identity_data: Some(dv) });
            }
            Err(e) => resp.diagnostics = error_diag("Cannot upgrade the identity", e),
        }
        resp
    }
}

/// A string attribute of an object, "" when null or unknown.
pub fn string_attr(v: &Value, name: &str) -> String {
    let a: Option<ValueRef> = v.get(name).ok().flatten();
    a.and_then(|a| a.as_str().ok()).unwrap_or_default().to_string()
}
