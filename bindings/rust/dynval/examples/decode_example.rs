//! Decodes a planned state (`examples/data/planned-state.msgpack`) by the
//! `resource:acme_server` schema of `examples/data/schema.json` and prints
//! one line per top-level attribute:
//!
//! ```text
//! name: <json-ish value>            known values, nested unknowns as (unknown ...)
//! name: null
//! name: (unknown, not null, prefix "arn:", >= 1, <= 512, length >= 1)
//! ```
//!
//! then the whole value as the library renders it for people
//! ([`ValueRef::render`](dynval::ValueRef::render), the view of `dynval
//! convert --to pretty`), with the attributes the schema marks sensitive
//! masked.
//!
//! Run it from anywhere in the repository:
//!
//! ```text
//! PKG_CONFIG_PATH=build/meson-uninstalled cargo run --example decode_example
//! cargo run --example decode_example -- SCHEMA.json STATE.msgpack [SELECTOR]
//! ```
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dynval::{Kind, RenderOptions, Schema, ValueRef};

/// Appends `s` as a JSON string literal (invalid UTF-8 shown as U+FFFD).
fn push_json_string(out: &mut String, s: &[u8]) {
    out.push('"');
    for c in String::from_utf8_lossy(s).chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Renders a value as json-ish text: JSON for known parts, `(unknown ...)`
/// with its refinements for unknown parts.
fn render(v: ValueRef<'_>, out: &mut String) {
    if !v.is_known() {
        let r = v.refinements().unwrap_or_default();
        if r.is_empty() {
            out.push_str("(unknown)");
        } else {
            out.push_str(&format!("(unknown, {r})"));
        }
        return;
    }
    if v.is_null() {
        out.push_str("null");
        return;
    }
    match v.kind() {
        Kind::Bool => out.push_str(if v.as_bool().unwrap_or(false) { "true" } else { "false" }),
        Kind::Number => out.push_str(&v.number_text().unwrap_or_else(|e| format!("<{e}>"))),
        Kind::String => push_json_string(out, v.as_bytes().unwrap_or_default()),
        Kind::List | Kind::Set | Kind::Tuple => {
            out.push('[');
            for (i, e) in v.elements().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                render(e, out);
            }
            out.push(']');
        }
        Kind::Map | Kind::Object => {
            out.push('{');
            for (i, (k, e)) in v.entries().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_json_string(out, k);
                out.push_str(": ");
                render(e, out);
            }
            out.push('}');
        }
        other => out.push_str(&format!("<{other:?}>")),
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // The repository root, found from this crate's manifest directory
    // (bindings/rust/dynval).
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let data = root.join("examples/data");
    let schema_path = args.first().map(PathBuf::from).unwrap_or_else(|| data.join("schema.json"));
    let state_path = args.get(1).map(PathBuf::from).unwrap_or_else(|| data.join("planned-state.msgpack"));
    let selector = args.get(2).map(String::as_str).unwrap_or("resource:acme_server");

    let doc = std::fs::read(&schema_path).map_err(|e| format!("{}: {e}", schema_path.display()))?;
    let state = std::fs::read(&state_path).map_err(|e| format!("{}: {e}", state_path.display()))?;

    let schema = Schema::from_json(&doc, selector, None)?;
    let value = schema.decode_msgpack(&state)?;

    for (name, attr) in value.attributes() {
        let mut line = String::from_utf8_lossy(name).into_owned();
        line.push_str(": ");
        render(attr, &mut line);
        println!("{line}");
    }
    // The library's own view, masking admin_password by the schema.
    let text = value.render(&RenderOptions::new().schema(schema.block()))?;
    print!("== the human view (sensitive attributes masked)\n{text}");

    // Schema rules beyond the type (required attributes, block item
    // counts) are a separate check, which reports every problem at once.
    for problem in schema.validate_all(&value)? {
        eprintln!("warning: {problem}");
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("decode_example: {e}");
            let mut src = e.source();
            while let Some(s) = src {
                eprintln!("  caused by: {s}");
                src = s.source();
            }
            ExitCode::FAILURE
        }
    }
}
