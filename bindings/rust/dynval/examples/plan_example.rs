//! The core of PlanResourceChange for `resource:acme_server` of
//! `examples/data/schema.json`, run on two requests that go-cty wrote
//! (`examples/data/plan/{create,update}/{config,prior,proposed}.msgpack`):
//!
//! 1. decode the config, the prior state and the proposed new state by the
//!    schema, and read the config into the provider's own model with
//!    [`from_value`](dynval::from_value) (as the plugin framework's
//!    `req.Config.Get(ctx, &model)`) to check a rule the schema cannot
//!    express (a step the C and Go programs leave out);
//! 2. one [`transform`](dynval::ValueRef::transform) over the proposed state
//!    plans every computed attribute that the config leaves null: the prior
//!    value when the prior state has one (what the plugin framework's
//!    `UseStateForUnknown` does), else unknown, refined with what the
//!    provider knows of it (not null; an ARN prefix; `memory_gib >= 1`). The
//!    schema says which attributes are computed
//!    ([`attribute_by_path`](dynval::Block::attribute_by_path)): no table to
//!    keep in step;
//! 3. `RequiresReplace`: on update, each path where the prior and planned
//!    states differ ([`diff`](dynval::ValueRef::diff)) inside an attribute
//!    whose description ends with "Changing this forces a new resource.";
//! 4. encode the planned state by the schema for the response.
//!
//! It prints what planning changed in the proposed state, the size of the
//! planned state and the `RequiresReplace` paths, exactly as
//! `examples/plan_example.c` and `bindings/go/cmd/plan-example` do
//! (`examples/data/plan-example.expected`):
//!
//! ```text
//! cargo run --example plan_example [-- DATA_DIR]
//! ```
use std::collections::HashSet;
use std::error::Error;
use std::net::Ipv4Addr;
use std::path::PathBuf;
use std::process::ExitCode;

use dynval::{AttrFlags, Block, Maybe, Path, PathRef, Refinements, Schema, Value, ValueRef};
use serde::Deserialize;

const ARN_PREFIX: &str = "arn:acme:compute:eu-west-1:";
const FORCES_NEW: &str = "Changing this forces a new resource.";

/// The part of the configuration this provider checks itself (`from_value`
/// ignores the other attributes). A subnet may come from a resource not yet
/// created: unknown at plan time.
#[derive(Deserialize)]
struct ServerConfig {
    network_interface: Vec<InterfaceConfig>,
}

#[derive(Deserialize)]
struct InterfaceConfig {
    subnet_id: Maybe<String>,
    private_ip: Option<Ipv4Addr>, // from_value refuses "10.0.0" with its path
}

/// A rule the schema cannot express: two interfaces in one subnet need
/// different private IPs (with an unknown subnet, the API checks at apply).
fn check(config: &ServerConfig) -> Result<(), String> {
    let mut taken = HashSet::new();
    for (i, nic) in config.network_interface.iter().enumerate() {
        if let (Maybe::Known(subnet), Some(ip)) = (&nic.subnet_id, nic.private_ip) {
            if !taken.insert((subnet, ip)) {
                return Err(format!(".network_interface[{i}].private_ip: {ip} is already used in {subnet}"));
            }
        }
    }
    Ok(())
}

/// The planned value of a computed attribute that the config leaves null
/// (`None` keeps the proposed value).
fn plan_computed(
    block: Block<'_>,
    config: &Value,
    prior: &Value,
    path: PathRef<'_>,
    v: ValueRef<'_>,
) -> dynval::Result<Option<Value>> {
    let Some(attr) = block.attribute_by_path(path) else { return Ok(None) };
    if !attr.flags().contains(AttrFlags::COMPUTED) || !config.lookup_path(path).is_some_and(|c| c.is_null()) {
        return Ok(None); // keep what the config says
    }
    if let Some(p) = prior.lookup_path(path).filter(|p| !p.is_null()) {
        return Ok(Some(p.to_value()));
    }
    let r = Refinements::new().not_null(); // the API always returns every attribute
    let r = match attr.name() {
        "arn" => r.string_prefix(ARN_PREFIX),
        "memory_gib" => r.number_lower_bound(1, true),
        _ => r,
    };
    Value::unknown_refined(v.ty(), &r).map(Some)
}

/// The path of the attribute that holds `path` and forces a new resource
/// (the shortest such prefix).
fn forcing_attribute(block: Block<'_>, path: PathRef<'_>) -> Option<Path> {
    let steps: Vec<_> = path.steps().collect();
    (1..=steps.len())
        .map(|n| Path::from_steps(&steps[..n]))
        .find(|prefix| block.attribute_by_path(prefix).is_some_and(|a| a.description().ends_with(FORCES_NEW)))
}

fn plan(schema: &Schema, dir: &std::path::Path, scenario: &str) -> Result<(), Box<dyn Error>> {
    let decode = |name: &str| -> Result<Value, Box<dyn Error>> {
        let file = dir.join("plan").join(scenario).join(format!("{name}.msgpack"));
        let data = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok(schema.decode_msgpack(&data)?)
    };
    let (config, prior, proposed) = (decode("config")?, decode("prior")?, decode("proposed")?);
    check(&dynval::from_value(&config)?)?;
    let block = schema.block();
    let planned = proposed.transform(|path, v| plan_computed(block, &config, &prior, path, v))?;
    let planned_state = schema.encode_msgpack(&planned)?;

    println!("== {scenario}");
    for change in &proposed.diff(&planned) {
        println!("{change}"); // path: proposed => planned
    }
    println!("planned_state: {} bytes of MessagePack", planned_state.len());
    if !prior.is_null() {
        // A create replaces nothing.
        for e in &prior.diff(&planned) {
            if let Some(attr) = forcing_attribute(block, e.path) {
                println!("requires_replace: {attr}");
            }
        }
    }
    Ok(())
}

fn run() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples/data"));
    let doc = std::fs::read(dir.join("schema.json"))?;
    let schema = Schema::from_json(&doc, "resource:acme_server", None)?;
    plan(&schema, &dir, "create")?;
    plan(&schema, &dir, "update")
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("plan_example: {e}");
            ExitCode::FAILURE
        }
    }
}
