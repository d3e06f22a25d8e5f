//! A protocol tool that decodes `DynamicValue`s (MessagePack) by a schema and
//! prints paths in Terraform's style (the `Display` of
//! [`Path`](dynval::Path), libdynval's one path printer):
//!
//! ```text
//! paths_example diff SCHEMA_JSON SELECTOR A.msgpack B.msgpack
//!     one line per difference between A and B (ValueRef::diff), e.g. a
//!     planned state against the state the apply returned:
//!     "path: a => b" ("-" where a value has nothing at the path)
//! paths_example walk SCHEMA_JSON SELECTOR VALUE.msgpack
//!     one line per leaf of VALUE (ValueRef::walk): "path = value"
//! ```
//!
//! Values print in go-cty's GoString form
//! ([`debug_string`](dynval::ValueRef::debug_string)), so an unknown shows its
//! refinements; a value inside an attribute that the schema marks sensitive
//! ([`attribute_by_path`](dynval::Block::attribute_by_path)) prints as
//! `(sensitive)`. `examples/paths_example.c` and
//! `bindings/go/cmd/paths-example` print the same bytes
//! (`examples/data/paths-example.expected`: a walk of
//! `planned-state.msgpack`, then its diff with `applied-state.msgpack`).
//!
//! ```text
//! cargo run --example paths_example -- walk examples/data/schema.json resource:acme_server examples/data/planned-state.msgpack
//! ```
use std::error::Error;
use std::process::ExitCode;

use dynval::{AttrFlags, Block, Path, PathRef, Schema, Value, ValueRef};

/// Whether the value at `path` is in a sensitive attribute: the path, or a
/// prefix of it, leads to one.
fn sensitive(block: Block<'_>, path: PathRef<'_>) -> bool {
    let steps: Vec<_> = path.steps().collect();
    (1..=steps.len()).any(|n| {
        let prefix = Path::from_steps(&steps[..n]);
        block.attribute_by_path(&prefix).is_some_and(|a| a.flags().contains(AttrFlags::SENSITIVE))
    })
}

/// A value as GoString, `(sensitive)`, or `-` when there is none.
fn show(v: Option<ValueRef<'_>>, hide: bool) -> String {
    match v {
        None => "-".into(),
        Some(_) if hide => "(sensitive)".into(),
        Some(v) => v.debug_string(),
    }
}

fn run(args: &[String]) -> Result<(), Box<dyn Error>> {
    let (mode, schema_path, selector, files) = match args {
        [m, s, sel, f @ ..] if (m == "walk" && f.len() == 1) || (m == "diff" && f.len() == 2) => (m, s, sel, f),
        _ => {
            return Err("usage: paths_example walk SCHEMA_JSON SELECTOR VALUE.msgpack\n       \
                         paths_example diff SCHEMA_JSON SELECTOR A.msgpack B.msgpack"
                .into())
        }
    };
    let schema = Schema::from_json(std::fs::read(schema_path)?, selector, None)?;
    let mut values = Vec::new();
    for file in files {
        let data = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        values.push(schema.decode_msgpack(&data)?);
    }
    let block = schema.block();
    if mode == "walk" {
        // Leaves (values without children) and sensitive values, whose
        // children are skipped.
        values[0].walk(|path, v| {
            let hide = sensitive(block, path);
            if hide || v.len().map_or(true, |n| n == 0) {
                println!("{path} = {}", show(Some(v), hide));
            }
            Ok::<_, dynval::Error>(!hide)
        })?;
    } else {
        let (a, b): (&Value, &Value) = (&values[0], &values[1]);
        for e in &a.diff(b) {
            let hide = sensitive(block, e.path);
            println!("{}: {} => {}", e.path, show(e.a, hide), show(e.b, hide));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("paths_example: {e}");
            ExitCode::FAILURE
        }
    }
}
