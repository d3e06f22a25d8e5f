//! The core of UpgradeResourceState for `resource:acme_server` of
//! `examples/data/schema.json` (schema version 1). State written by version
//! 0, which called `cpu` `cpu_count` and had a `zone` attribute since removed
//! (and no `metadata` yet), becomes state of version 1, encoded as
//! MessagePack for the response's `upgraded_state`:
//!
//! - JSON state (`RawState.json`, Terraform 0.12 and later): decoded by the
//!   current schema with
//!   [`ignore_undefined_attributes`](dynval::DecodeOptions::ignore_undefined_attributes),
//!   which skips `zone` and `cpu_count` (the schema does not define them)
//!   and leaves the missing `cpu` and `metadata` null; then the renamed
//!   attribute is read under its old name, by the type `cpu` has now, and
//!   put in place with [`set_path`](dynval::ValueRef::set_path);
//! - flatmap state (`RawState.flatmap`, before Terraform 0.12): its strings
//!   are read by the version 0 schema
//!   (`examples/data/upgrade/acme_server-v0.json`, kept by the provider for
//!   this), written as JSON and upgraded as above, as the plugin SDK does.
//!   (Flatmap cannot tell a null block from a block of nulls: `timeouts`
//!   comes back as `{"create": null}`.)
//!
//! For each input it prints the upgraded state as JSON and the size of its
//! MessagePack, exactly as `examples/upgrade_example.c` and
//! `bindings/go/cmd/upgrade-example` do
//! (`examples/data/upgrade-example.expected`):
//!
//! ```text
//! cargo run --example upgrade_example [-- DATA_DIR]
//! ```
use std::error::Error;
use std::path::PathBuf;
use std::process::ExitCode;

use dynval::{DecodeOptions, Path, Schema, Type, Value};

/// Upgrades JSON state that schema version `version` wrote.
fn upgrade_json(schema: &Schema, version: i64, json: &[u8]) -> dynval::Result<Value> {
    let opts = DecodeOptions::new().ignore_undefined_attributes(true);
    let state = schema.decode_json_with(json, Some(&opts))?;
    if version > 0 {
        return Ok(state);
    }
    // Version 0 called `cpu` `cpu_count`: read it under that name, by the
    // type `cpu` has now.
    let cpu_type = schema.block().find_attribute("cpu").and_then(|a| a.ty()).expect("cpu has a type");
    let old = Value::from_json_with(json, Type::object(&[("cpu_count", cpu_type)])?, &opts)?;
    state.set_path(Path::new().attr("cpu"), old.get("cpu_count")?.expect("an attribute of its type"))
}

/// Turns flatmap state, given as a JSON object of strings, into JSON state
/// of the schema it was written by (`v0`).
fn flatmap_to_json(v0: &Schema, flatmap: &[u8]) -> dynval::Result<String> {
    let m = Value::from_json(flatmap, Type::map(Type::string()))?;
    let entries = m.entries().map(|(k, v)| Ok((k, v.as_bytes()?))).collect::<dynval::Result<Vec<_>>>()?;
    v0.encode_json(v0.value_from_flatmap(entries)?)
}

fn run() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../examples/data"));
    let read = |name: &str| std::fs::read(dir.join(name)).map_err(|e| format!("{name}: {e}"));
    let schema = Schema::from_json(read("schema.json")?, "resource:acme_server", None)?;
    let v0 = Schema::from_block_json(read("upgrade/acme_server-v0.json")?, 0)?;
    for name in ["state-v0.json", "state-v0.flatmap.json"] {
        let mut input = read(&format!("upgrade/{name}"))?;
        if name.contains(".flatmap.") {
            input = flatmap_to_json(&v0, &input)?.into_bytes();
        }
        let state = upgrade_json(&schema, 0, &input)?;
        println!("== {name}\n{}", schema.encode_json(&state)?);
        println!("upgraded_state: {} bytes of MessagePack", schema.encode_msgpack(&state)?.len());
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("upgrade_example: {e}");
            ExitCode::FAILURE
        }
    }
}
