//! Safe Rust API for [libdynval]: cty types and values, provider schemas,
//! and the Terraform/OpenTofu `DynamicValue` wire format (MessagePack and
//! JSON), byte-identical to go-cty.
//!
//! ```
//! use dynval::{Refinements, Schema, Type, Value};
//!
//! // Build a value, encode it as MessagePack, decode it back by type.
//! let id = Value::unknown_refined(Type::string(), &Refinements::new().not_null().string_prefix("i-"))?;
//! let v = Value::object(&[("name", Value::from("web-1")), ("port", Value::from(8080)), ("id", id)])?;
//! let bytes = v.to_msgpack(v.ty())?;
//! let back = Value::from_msgpack(&bytes, v.ty())?;
//! assert_eq!(back, v);
//! assert_eq!(back.get("id")?.unwrap().refined_prefix(), Some("i-"));
//!
//! // Or decode a DynamicValue by a provider schema.
//! let schema = Schema::from_block_json(r#"{"attributes":{"port":{"type":"number","required":true}}}"#, 0)?;
//! let cfg = schema.decode_json(r#"{"port": 443}"#)?;
//! schema.validate(&cfg)?;
//! assert_eq!(cfg.get("port")?.unwrap().as_u64()?, 443);
//! // Encode it back by the schema (never by the value's own type, which
//! // would drop the wrappers of dynamic attributes).
//! let out = schema.encode_msgpack(&cfg)?;
//! assert_eq!(schema.decode_msgpack(&out)?, cfg);
//! # Ok::<(), dynval::Error>(())
//! ```
//!
//! # Model
//!
//! * [`Type`], [`Value`], [`Schema`] and [`IdentitySchema`] own a
//!   reference to an immutable, reference-counted C object: `Clone` is
//!   O(1), `Drop` releases it, and all are `Send + Sync` because the C
//!   library promises that read-only calls may run concurrently and any
//!   object may be freed from any thread. [`SchemaDocument`] is the same
//!   but not `Clone`. [`SchemaBuilder`] is mutable: `Send` but not `Sync`.
//! * Borrowed getters return views tied to their owner's lifetime:
//!   [`ValueRef<'a>`](ValueRef) (an element of a list, an attribute of an
//!   object…), [`TypeRef<'a>`](TypeRef) (a value's type, a schema's implied
//!   type), the schema introspection views [`Block<'a>`](Block),
//!   [`Attribute<'a>`](Attribute), [`Object<'a>`](Object) and
//!   [`NestedBlock<'a>`](NestedBlock), and `&'a [u8]` / `&'a str` for strings. cty strings decoded
//!   from MessagePack may hold invalid UTF-8, so string accessors come in a
//!   bytes flavour and a fallible `&str` flavour.
//! * Every fallible call returns [`Result<T, Error>`](Error): the
//!   [`Status`], message, cty path (text and [`PathStep`]s) and byte offset
//!   are copied out of the C error, which is then freed.
//! * Values are changed by building new ones that share every untouched
//!   part: [`Path`] (printed by libdynval's one path printer, as Terraform
//!   prints paths), [`ValueRef::set_path`], [`ValueRef::transform`] and
//!   [`ValueRef::transform_with`] (a [`Transformer`]), [`ValueRef::walk`],
//!   [`ValueRef::unknown_as_null`], and [`ValueRef::diff`] (a [`Diff`], as
//!   tftypes' `Value.Diff`). Callbacks are closures; their errors come back
//!   as they are and their panics resume once the C call has returned.
//! * With the `serde` feature (on by default), [`from_value`] reads a value
//!   into the author's own types (structs, `Vec`, `HashMap`, exact
//!   integers, `Option` for null, [`Maybe`] for unknown, [`Value`] for the
//!   raw value) and [`to_value`] builds a value of a given type from them;
//!   errors name the path (`.network[0].ip`).
//! * [`ValueRef::render`] writes the human views of the `dynval` tool
//!   (`pretty` and `inspect`, with a schema's sensitive attributes masked)
//!   as configured by [`RenderOptions`]; `{:?}` gives go-cty's GoString.
//! * Calls whose only failure modes are impossible from safe Rust (NULL
//!   arguments) or out-of-memory panic instead of returning a `Result`, as
//!   Rust's own allocations do.
//!
//! [libdynval]: https://example.invalid/libdynval
#![warn(missing_docs)]

/// Generates `Owned` methods that forward to the borrowed view returned by
/// `self.$via()`, so the read API is written once (on the `*Ref` type).
macro_rules! forward {
    ($via:ident => $( $(#[$m:meta])* fn $name:ident(&self $(, $arg:ident : $t:ty)*) -> $ret:ty; )*) => {
        $(
            $(#[$m])*
            #[inline]
            pub fn $name(&self $(, $arg: $t)*) -> $ret {
                self.$via().$name($($arg),*)
            }
        )*
    };
}

mod codec;
mod convert;
mod diff;
mod document;
mod error;
mod introspect;
mod path;
pub mod plan;
mod render;
mod schema;
#[cfg(feature = "serde")]
mod serde_support;
mod types;
mod util;
mod value;
mod walk;

pub use codec::{json_to_json, json_to_msgpack, msgpack_to_json, msgpack_to_msgpack, DecodeOptions, EncodeOptions};
pub use convert::FLATMAP_UNKNOWN;
pub use diff::{Diff, DiffEntry};
pub use document::{DocumentEntries, DocumentEntry, IdentitySchema, SchemaDocument, SchemaKind};
pub use error::{Error, Result, Status};
pub use introspect::{Attribute, Attributes, Block, DescriptionKind, NestedBlock, NestedBlocks, Object};
pub use path::{AsPathRef, Path, PathRef, PathStep};
pub use render::{RenderOptions, RenderStyle};
pub use schema::{AttrFlags, Nesting, Schema, SchemaBuilder};
#[cfg(feature = "serde")]
pub use serde_support::{from_value, to_value, Maybe};
pub use types::{AsTypeRef, Kind, Type, TypeAttributes, TypeRef};
pub use util::Buffer;
pub use value::{AsValueRef, Elements, Entries, Refinements, Tristate, Value, ValueRef};
pub use walk::{Enter, Transformer};

/// The raw FFI crate, for calls this crate does not wrap and for
/// `from_raw`/`into_raw` interop.
pub use dynval_sys as sys;

/// The version of the loaded library as `(major, minor, patch)`
/// (`dv_version`).
///
/// ```
/// let (major, minor, _) = dynval::version();
/// assert_eq!((major, minor), (dynval::sys::DV_VERSION_MAJOR, dynval::sys::DV_VERSION_MINOR));
/// ```
pub fn version() -> (u32, u32, u32) {
    let v = unsafe { sys::dv_version() };
    ((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff)
}

/// The version of the loaded library as text, e.g. `"0.7.0"`
/// (`dv_version_string`).
///
/// ```
/// let (a, b, c) = dynval::version();
/// assert_eq!(dynval::version_string(), format!("{a}.{b}.{c}"));
/// ```
pub fn version_string() -> &'static str {
    // SAFETY: a static NUL-terminated string, never NULL.
    unsafe { util::static_str(sys::dv_version_string()) }.unwrap_or("")
}

/// The ABI (SONAME) version of the loaded library (`dv_abi_version`).
///
/// ```
/// assert_eq!(dynval::abi_version(), dynval::sys::DV_ABI_VERSION);
/// ```
pub fn abi_version() -> u32 {
    unsafe { sys::dv_abi_version() }
}

/// Whether the loaded library has the ABI version and at least the version
/// these bindings were generated against (same major.minor while 0.x).
///
/// ```
/// assert!(dynval::is_compatible());
/// ```
pub fn is_compatible() -> bool {
    let (major, minor, _) = version();
    // Same ABI, same major.minor, and a patch level at least the headers'
    // (compared on the packed 0x00MMmmpp numbers).
    abi_version() == sys::DV_ABI_VERSION
        && major == sys::DV_VERSION_MAJOR
        && minor == sys::DV_VERSION_MINOR
        && unsafe { sys::dv_version() } >= sys::DV_VERSION_NUMBER
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}
    fn assert_send<T: Send>() {}

    #[test]
    fn thread_safety_markers() {
        assert_send_sync::<Type>();
        assert_send_sync::<TypeRef<'static>>();
        assert_send_sync::<Value>();
        assert_send_sync::<ValueRef<'static>>();
        assert_send_sync::<Schema>();
        assert_send_sync::<Error>();
        assert_send_sync::<Path>();
        assert_send_sync::<PathRef<'static>>();
        assert_send_sync::<Diff>();
        assert_send_sync::<Buffer>();
        assert_send::<SchemaBuilder>();
    }

    #[test]
    fn library_matches_bindings() {
        assert!(is_compatible(), "library {} vs bindings", version_string());
    }
}
