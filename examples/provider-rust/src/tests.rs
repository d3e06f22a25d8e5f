//! What OpenTofu 1.9 cannot exercise (it knows neither write-only
//! attributes nor resource identity), and the promises of plan and apply,
//! driven through the RPC methods directly. scripts/e2e.sh drives the rest
//! through a real OpenTofu, and all of it through Terraform 1.13.
use dynval::{Path, Value};

use crate::dynamic::{attribute_path, Block, ValueLog};
use crate::provider::{Provider, THING_TYPE};
use crate::tfplugin6::*;
use crate::thing::ID_PREFIX;

/// A store directory, removed when the test ends.
struct StoreDir(std::path::PathBuf);

impl Drop for StoreDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn test_provider() -> (Provider, StoreDir) {
    let p = Provider::new(ValueLog::default()).unwrap();
    let dir = std::env::temp_dir().join(format!(
        "dynvalexample-test-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let config = dv(&p.config, &serde_json::json!({ "store_dir": dir }).to_string());
    no_diags(
        &p.configure_provider(configure_provider::Request { config: Some(config), ..Default::default() }).diagnostics,
    );
    (p, StoreDir(dir))
}

/// A JSON value (missing attributes are null) as b's DynamicValue.
fn dv(b: &Block, json: &str) -> DynamicValue {
    let v = b.schema.decode_json(json).unwrap();
    DynamicValue { msgpack: b.schema.encode_msgpack(&v).unwrap().into(), json: vec![] }
}

fn value(b: &Block, d: &Option<DynamicValue>) -> Value {
    b.schema.decode_msgpack(&d.as_ref().expect("a DynamicValue").msgpack).unwrap()
}

fn no_diags(d: &[Diagnostic]) {
    if let Some(x) = d.first() {
        panic!("{}: {}", x.summary, x.detail);
    }
}

fn plan_create(p: &Provider, config: &DynamicValue) -> plan_resource_change::Response {
    p.plan_resource_change(plan_resource_change::Request {
        type_name: THING_TYPE.into(),
        prior_state: Some(dv(&p.thing, "null")),
        config: Some(config.clone()),
        proposed_new_state: Some(config.clone()),
        ..Default::default()
    })
}

#[test]
fn schema_response() {
    let (p, _dir) = test_provider();
    let resp = p.get_provider_schema(Default::default());
    no_diags(&resp.diagnostics);
    let thing = &resp.resource_schemas[THING_TYPE];
    assert_eq!(thing.version, 1);
    assert!(resp.data_source_schemas.contains_key(THING_TYPE) && resp.provider.is_some());
    let attr = |name: &str| thing.block.as_ref().unwrap().attributes.iter().find(|a| a.name == name).unwrap().clone();
    let pw = attr("password_wo");
    assert!(pw.write_only && pw.sensitive && pw.optional);
    let endpoints = attr("endpoints");
    assert!(
        endpoints.r#type.is_empty()
            && endpoints.nested_type.unwrap().nesting == schema::object::NestingMode::List as i32
    );
    let region = attr("region");
    assert!(region.optional && region.computed && region.r#type == br#""string""#);

    let ids = p.get_resource_identity_schemas(Default::default());
    no_diags(&ids.diagnostics);
    let id = &ids.identity_schemas[THING_TYPE].identity_attributes;
    assert_eq!(id.len(), 2);
    assert!(id[0].name == "id" && id[0].required_for_import && id[1].optional_for_import, "{id:?}");
}

#[test]
fn plan_refines_and_apply_honours() {
    let (p, _dir) = test_provider();
    let config = dv(&p.thing, r#"{"name":"n","display_name":"d","rule":[{"port":22}]}"#);
    let plan = plan_create(&p, &config);
    no_diags(&plan.diagnostics);
    let planned = value(&p.thing, &plan.planned_state);
    let id = planned.get("id").unwrap().unwrap();
    assert!(!id.is_known() && id.refined_not_null() && id.refined_prefix() == Some(ID_PREFIX), "planned id {id:?}");
    let (lower, inclusive) = planned.get("serial").unwrap().unwrap().refined_lower_bound().unwrap();
    assert!(lower == Value::from(1) && inclusive);
    assert_eq!(planned.get("region").unwrap().unwrap().as_str().unwrap(), "eu-west-1");

    let applied = p.apply_resource_change(apply_resource_change::Request {
        type_name: THING_TYPE.into(),
        prior_state: Some(dv(&p.thing, "null")),
        config: Some(config.clone()),
        planned_state: plan.planned_state.clone(),
        ..Default::default()
    });
    no_diags(&applied.diagnostics);
    let state = value(&p.thing, &applied.new_state);
    let id = state.get("id").unwrap().unwrap().as_str().unwrap().to_string();
    assert!(id.starts_with(ID_PREFIX) && id.len() == ID_PREFIX.len() + 16, "{id}");
    assert_eq!(state.get("serial").unwrap().unwrap().as_u64().unwrap(), 1);
    let rule0 = state.lookup_path(Path::new().attr("rule").index(0).attr("protocol")).unwrap();
    assert_eq!(rule0.as_str().unwrap(), "tcp");
    // Every value the plan knew is the same.
    for e in &planned.diff(&state) {
        assert!(!e.a.unwrap().is_known(), "apply changed {e}");
    }

    // A new name replaces the thing; a new display_name does not.
    let update = |json: &str| {
        let config = dv(&p.thing, json);
        let mut proposed = value(&p.thing, &Some(config.clone()));
        for name in ["id", "serial"] {
            proposed = proposed.set_path(Path::new().attr(name), state.get(name).unwrap().unwrap()).unwrap();
        }
        let proposed = DynamicValue { msgpack: p.thing.schema.encode_msgpack(&proposed).unwrap().into(), json: vec![] };
        p.plan_resource_change(plan_resource_change::Request {
            type_name: THING_TYPE.into(),
            prior_state: applied.new_state.clone(),
            config: Some(config),
            proposed_new_state: Some(proposed),
            ..Default::default()
        })
    };
    let replace = update(r#"{"name":"m","display_name":"d","rule":[{"port":22}]}"#);
    no_diags(&replace.diagnostics);
    assert_eq!(replace.requires_replace, vec![attribute_path(Path::new().attr("name")).unwrap()]);
    let in_place = update(r#"{"name":"n","display_name":"e","rule":[{"port":22}]}"#);
    assert!(in_place.requires_replace.is_empty() && in_place.planned_identity.is_some());
}

#[test]
fn write_only_refused_without_client_support() {
    let (p, _dir) = test_provider();
    let config = dv(&p.thing, r#"{"name":"n","password_wo":"s3cret"}"#);
    let validate = |caps| {
        p.validate_resource_config(validate_resource_config::Request {
            type_name: THING_TYPE.into(),
            config: Some(config.clone()),
            client_capabilities: caps,
        })
    };
    let resp = validate(None);
    assert_eq!(resp.diagnostics.len(), 1);
    assert_eq!(resp.diagnostics[0].summary, "Write-only attribute not supported by this client");
    assert_eq!(resp.diagnostics[0].attribute, attribute_path(Path::new().attr("password_wo")));
    let caps = ClientCapabilities { write_only_attributes_allowed: true, ..Default::default() };
    no_diags(&validate(Some(caps)).diagnostics);
    let plan = plan_create(&p, &config);
    no_diags(&plan.diagnostics);
    assert!(value(&p.thing, &plan.planned_state).get("password_wo").unwrap().unwrap().is_null());
}

#[test]
fn identity_and_import() {
    let (p, _dir) = test_provider();
    let config = dv(&p.thing, r#"{"name":"n"}"#);
    let plan = plan_create(&p, &config);
    let applied = p.apply_resource_change(apply_resource_change::Request {
        type_name: THING_TYPE.into(),
        prior_state: Some(dv(&p.thing, "null")),
        config: Some(config),
        planned_state: plan.planned_state,
        ..Default::default()
    });
    no_diags(&applied.diagnostics);
    let state = value(&p.thing, &applied.new_state);
    let id = state.get("id").unwrap().unwrap().as_str().unwrap().to_string();
    let identity = applied.new_identity.clone().unwrap();
    let ident = p.identity.decode_msgpack(&identity.identity_data.as_ref().unwrap().msgpack).unwrap();
    assert_eq!(ident.get("id").unwrap().unwrap().as_str().unwrap(), id);
    assert_eq!(ident.get("region").unwrap().unwrap().as_str().unwrap(), "eu-west-1");

    // Read checks the identity Terraform 1.12+ sends, and returns the same.
    let read = |current_identity| {
        p.read_resource(read_resource::Request {
            type_name: THING_TYPE.into(),
            current_state: applied.new_state.clone(),
            current_identity,
            ..Default::default()
        })
    };
    let r = read(Some(identity.clone()));
    no_diags(&r.diagnostics);
    assert_eq!(r.new_identity, Some(identity.clone()));
    let bad = ResourceIdentityData { identity_data: Some(DynamicValue { msgpack: b"\xa1x".to_vec(), json: vec![] }) };
    let r = read(Some(bad));
    assert!(r.diagnostics.len() == 1 && r.diagnostics[0].summary == "Invalid current_identity", "{:?}", r.diagnostics);
    assert!(r.diagnostics[0].detail.starts_with("dynval: "), "as the Go provider says it: {}", r.diagnostics[0].detail);

    // Import by id and by identity find the same thing; a missing one is
    // an error that names it.
    let import = |id: &str, identity| {
        p.import_resource_state(import_resource_state::Request {
            type_name: THING_TYPE.into(),
            id: id.into(),
            identity,
            ..Default::default()
        })
    };
    for imp in [import(&id, None), import("", Some(identity.clone()))] {
        no_diags(&imp.diagnostics);
        assert_eq!(value(&p.thing, &imp.imported_resources[0].state), state);
        assert_eq!(imp.imported_resources[0].identity, Some(identity.clone()));
    }
    let missing = import("thing-0000", None);
    assert_eq!(missing.diagnostics[0].detail, r#"there is no thing "thing-0000" in the store"#);

    let up = p.upgrade_resource_identity(upgrade_resource_identity::Request {
        type_name: THING_TYPE.into(),
        raw_identity: Some(RawState {
            json: format!(r#"{{"id":"{id}","region":"eu-west-1"}}"#).into(),
            ..Default::default()
        }),
        ..Default::default()
    });
    no_diags(&up.diagnostics);
    assert_eq!(up.upgraded_identity, Some(identity));
}

#[test]
fn upgrade_from_version_0() {
    let (p, _dir) = test_provider();
    let upgrade = |raw: RawState| {
        p.upgrade_resource_state(upgrade_resource_state::Request {
            type_name: THING_TYPE.into(),
            version: 0,
            raw_state: Some(raw),
        })
    };
    let json = |s: &str| RawState { json: s.as_bytes().to_vec(), ..Default::default() };
    let resp = upgrade(json(r#"{"id":"thing-1","name":"n","label":"old","gone":1,"tags":["b","a"]}"#));
    no_diags(&resp.diagnostics);
    let v = value(&p.thing, &resp.upgraded_state);
    assert_eq!(v.get("display_name").unwrap().unwrap().as_str().unwrap(), "old");
    assert!(v.get("region").unwrap().unwrap().is_null());
    assert_eq!(v.get("tags").unwrap().unwrap().len().unwrap(), 2);

    let resp = upgrade(json(r#"{"id":"thing-1","name":"n","label":null}"#));
    no_diags(&resp.diagnostics);
    assert!(value(&p.thing, &resp.upgraded_state).get("display_name").unwrap().unwrap().is_null());

    let flatmap = RawState { flatmap: [("id".to_string(), "thing-1".to_string())].into(), ..Default::default() };
    assert_eq!(upgrade(flatmap).diagnostics.len(), 1);
}

/// The debug switch: with self-checking on, the end-to-end test's negative
/// control (apply breaking the id prefix its plan promised) and a plan that
/// overrides the configuration are caught by the provider itself, with the
/// lines the client prints for them.
#[test]
fn self_check_catches_broken_promises() {
    let (mut p, _dir) = test_provider();
    p.self_check = true;
    let config = dv(&p.thing, r#"{"name":"n","display_name":"d","rule":[{"port":22}]}"#);
    let plan = plan_create(&p, &config);
    no_diags(&plan.diagnostics); // the real plan passes
    let applied = p.apply_resource_change(apply_resource_change::Request {
        type_name: THING_TYPE.into(),
        prior_state: Some(dv(&p.thing, "null")),
        config: Some(config.clone()),
        planned_state: plan.planned_state.clone(),
        ..Default::default()
    });
    no_diags(&applied.diagnostics); // and the real apply

    // What a build with DYNVALEXAMPLE_APPLY_ID_PREFIX=oops- applies.
    let planned = value(&p.thing, &plan.planned_state);
    let broken = value(&p.thing, &applied.new_state)
        .set_path(Path::new().attr("id"), &Value::from("oops-0123456789abcdef"))
        .unwrap();
    let d = p.check_apply(&planned, &broken);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].summary, "Provider produced inconsistent result after apply");
    assert_eq!(
        d[0].detail,
        r#"self-check (DYNVALEXAMPLE_SELF_CHECK): .id: final value cty.StringVal("oops-0123456789abcdef") does not conform to planning placeholder cty.UnknownVal(cty.String).Refine().NotNull().StringPrefixFull("thing-").NewValue()"#
    );
    assert_eq!(d[0].attribute, attribute_path(Path::new().attr("id")));

    let prior = value(&p.thing, &Some(dv(&p.thing, "null")));
    let cfg = value(&p.thing, &Some(config));
    let bad = value(
        &p.thing,
        &Some(dv(
            &p.thing,
            r#"{"name":"other","display_name":"d","region":"eu-west-1","rule":[{"port":22,"protocol":"tcp"}]}"#,
        )),
    );
    let d = p.check_plan(&prior, &cfg, &bad);
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!(d[0].summary, "Provider produced invalid plan");
    assert_eq!(
        d[0].detail,
        r#"self-check (DYNVALEXAMPLE_SELF_CHECK): .name: planned value cty.StringVal("other") does not match config value cty.StringVal("n")"#
    );
}
