//! Every DynamicValue in and out of the provider, the value log, and
//! diagnostics.
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::Mutex;

use base64::{engine::general_purpose::STANDARD, Engine};
use dynval::{AsPathRef, AsValueRef, Path, Schema, Value};
use prost::Message;
use serde::Serialize;

use crate::tfplugin6::{diagnostic::Severity, AttributePath, Diagnostic, DynamicValue};

/// Any error the provider turns into a diagnostic.
pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// One schema of the provider with the selector that names it in
/// schema.json ("resource:dynvalexample_thing"); DynamicValues of the block
/// decode and encode by it.
pub struct Block {
    pub selector: String,
    pub schema: Schema,
}

impl Block {
    /// Reads a DynamicValue of the block, the request field `name` of RPC
    /// `rpc` (both for the log): MessagePack, as OpenTofu and Terraform
    /// send, or JSON. A value of a dynamic attribute keeps the type the
    /// client gave it, and unknown values keep their refinements.
    pub fn decode(&self, log: &ValueLog, rpc: &str, name: &str, dv: Option<&DynamicValue>) -> dynval::Result<Value> {
        let Some(dv) = dv else {
            return Ok(Value::null(self.schema.implied_type())); // an optional field the client did not send
        };
        log.record(rpc, "recv", name, &self.selector, dv);
        if dv.msgpack.is_empty() && !dv.json.is_empty() {
            return self.schema.decode_json(&dv.json);
        }
        self.schema.decode_msgpack(&dv.msgpack)
    }

    /// Writes a value of the block as a MessagePack DynamicValue, the bytes
    /// go-cty would write for it.
    pub fn encode(&self, log: &ValueLog, rpc: &str, name: &str, v: impl AsValueRef) -> dynval::Result<DynamicValue> {
        let dv = DynamicValue { msgpack: self.schema.encode_msgpack(v)?.into(), json: vec![] };
        log.record(rpc, "sent", name, &self.selector, &dv);
        Ok(dv)
    }
}

/// Appends every DynamicValue the provider receives or sends, one JSON
/// object a line, to the file named by $DYNVALEXAMPLE_LOG (nothing when
/// unset): the end-to-end test re-encodes each by the schema and compares
/// the bytes. The lines are the Go provider's.
#[derive(Default)]
pub struct ValueLog(Option<Mutex<File>>);

#[derive(Serialize)]
struct LogEntry<'a> {
    rpc: &'a str,
    dir: &'a str,    // "recv" or "sent"
    field: &'a str,  // the request or response field
    schema: &'a str, // the selector in schema.json
    #[serde(skip_serializing_if = "Option::is_none")]
    msgpack: Option<String>, // base64, as Go's encoding/json writes []byte
    #[serde(skip_serializing_if = "Option::is_none")]
    json: Option<String>,
}

impl ValueLog {
    pub fn open() -> std::io::Result<ValueLog> {
        match std::env::var_os("DYNVALEXAMPLE_LOG").filter(|n| !n.is_empty()) {
            None => Ok(ValueLog(None)),
            Some(name) => Ok(ValueLog(Some(Mutex::new(OpenOptions::new().append(true).create(true).open(name)?)))),
        }
    }

    pub fn record(&self, rpc: &str, dir: &str, field: &str, schema: &str, dv: &DynamicValue) {
        let Some(f) = &self.0 else { return };
        let b64 = |b: &[u8]| (!b.is_empty()).then(|| STANDARD.encode(b));
        let entry = LogEntry { rpc, dir, field, schema, msgpack: b64(&dv.msgpack), json: b64(&dv.json) };
        let mut line = serde_json::to_vec(&entry).expect("a log entry serializes");
        line.push(b'\n');
        // One write a line: O_APPEND keeps lines whole.
        let _ = f.lock().unwrap().write_all(&line);
    }
}

/// The protocol's attribute path of a libdynval path, from the protobuf
/// bytes libdynval writes. A set element has no form there: the path stops
/// at the set.
pub fn attribute_path(p: impl AsPathRef) -> Option<AttributePath> {
    let bytes = p.as_path_ref().to_attribute_path().ok()?;
    AttributePath::decode(&bytes[..]).ok()
}

/// An error diagnostic; a libdynval error points at the attribute its path
/// names.
pub fn error_diag(summary: &str, err: impl Into<BoxError>) -> Vec<Diagnostic> {
    let err = err.into();
    let (detail, attribute) = match err.downcast_ref::<dynval::Error>() {
        Some(e) => (
            dynval_detail(e),
            (!e.path_steps().is_empty()).then(|| attribute_path(Path::from_steps(e.path_steps()))).flatten(),
        ),
        None => (err.to_string(), None),
    };
    vec![Diagnostic { severity: Severity::Error as i32, summary: summary.to_string(), detail, attribute }]
}

/// A libdynval error as the Go binding spells it, so that both providers
/// give the same diagnostics: "dynval: MESSAGE at PATH (byte N)".
fn dynval_detail(e: &dynval::Error) -> String {
    let mut s = format!("dynval: {}", e.message());
    if !e.path().is_empty() {
        s += &format!(" at {}", e.path());
    }
    if let Some(offset) = e.offset() {
        s += &format!(" (byte {offset})");
    }
    s
}
