//! Provider schemas: [`Schema`] and [`SchemaBuilder`]; introspection views
//! are in `introspect.rs`, identity schemas and documents in `document.rs`.

use std::fmt;
use std::ops::{BitOr, BitOrAssign};
use std::ptr::{self, NonNull};

use dynval_sys as sys;

use crate::codec::DecodeOptions;
use crate::document::IdentitySchema;
use crate::error::{call, check, expect_ok, Error, Result};
use crate::introspect::{Block, DescriptionKind};
use crate::types::{AsTypeRef, TypeRef};
use crate::util::{static_str, Buffer};
use crate::value::{AsValueRef, Value};

/// Nesting mode of a nested block or nested attribute (numbered as the
/// plugin protocol's `NestingMode`). Values read back from the library that
/// these bindings do not know become [`Nesting::Unknown`].
///
/// ```
/// assert_eq!(dynval::Nesting::Set.as_raw(), 3);
/// assert_eq!(dynval::Nesting::from_raw(5), dynval::Nesting::Group);
/// assert_eq!(dynval::Nesting::from_raw(9), dynval::Nesting::Unknown(9));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Nesting {
    /// One nested object (may be null).
    Single,
    /// A list of nested objects.
    List,
    /// A set of nested objects.
    Set,
    /// A map of nested objects.
    Map,
    /// Like `Single` but never null (blocks only).
    Group,
    /// A mode unknown to these bindings (or `DV_NESTING_INVALID`); the
    /// builder rejects it.
    Unknown(u32),
}

impl Nesting {
    /// The C `dv_nesting_t` value.
    ///
    /// ```
    /// assert_eq!(dynval::Nesting::Single.as_raw(), 1);
    /// ```
    pub fn as_raw(self) -> sys::dv_nesting_t {
        match self {
            Nesting::Single => sys::DV_NESTING_SINGLE,
            Nesting::List => sys::DV_NESTING_LIST,
            Nesting::Set => sys::DV_NESTING_SET,
            Nesting::Map => sys::DV_NESTING_MAP,
            Nesting::Group => sys::DV_NESTING_GROUP,
            Nesting::Unknown(n) => n,
        }
    }

    /// Maps a C `dv_nesting_t`.
    pub fn from_raw(n: sys::dv_nesting_t) -> Nesting {
        match n {
            sys::DV_NESTING_SINGLE => Nesting::Single,
            sys::DV_NESTING_LIST => Nesting::List,
            sys::DV_NESTING_SET => Nesting::Set,
            sys::DV_NESTING_MAP => Nesting::Map,
            sys::DV_NESTING_GROUP => Nesting::Group,
            other => Nesting::Unknown(other),
        }
    }
}

impl fmt::Display for Nesting {
    /// The mode as schema JSON spells it ("single", "list", "set", "map",
    /// "group"); `Nesting(N)` for another number.
    ///
    /// ```
    /// assert_eq!(dynval::Nesting::Group.to_string(), "group");
    /// assert_eq!(dynval::Nesting::Unknown(9).to_string(), "Nesting(9)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: NULL or a static name, for any argument.
        match unsafe { static_str(sys::dv_nesting_name(self.as_raw())) } {
            Some(name) => f.write_str(name),
            None => write!(f, "Nesting({})", self.as_raw()),
        }
    }
}

/// Attribute flags (`DV_ATTR_*`), combined with `|`: what
/// [`SchemaBuilder::attribute`] takes and [`Attribute::flags`](crate::Attribute::flags)
/// returns.
///
/// ```
/// use dynval::AttrFlags;
/// let f = AttrFlags::OPTIONAL | AttrFlags::COMPUTED;
/// assert!(f.contains(AttrFlags::COMPUTED));
/// assert!(!f.contains(AttrFlags::REQUIRED));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct AttrFlags(u32);

impl AttrFlags {
    /// No flag.
    pub const NONE: AttrFlags = AttrFlags(0);
    /// The attribute must be set in configuration.
    pub const REQUIRED: AttrFlags = AttrFlags(sys::DV_ATTR_REQUIRED);
    /// The attribute may be set in configuration.
    pub const OPTIONAL: AttrFlags = AttrFlags(sys::DV_ATTR_OPTIONAL);
    /// The provider may set the attribute.
    pub const COMPUTED: AttrFlags = AttrFlags(sys::DV_ATTR_COMPUTED);
    /// The value is sensitive.
    pub const SENSITIVE: AttrFlags = AttrFlags(sys::DV_ATTR_SENSITIVE);
    /// The attribute is deprecated.
    pub const DEPRECATED: AttrFlags = AttrFlags(sys::DV_ATTR_DEPRECATED);
    /// The attribute is write-only.
    pub const WRITE_ONLY: AttrFlags = AttrFlags(sys::DV_ATTR_WRITE_ONLY);
    /// Identity attributes only: required for import.
    pub const REQUIRED_FOR_IMPORT: AttrFlags = AttrFlags(sys::DV_ATTR_REQUIRED_FOR_IMPORT);
    /// Identity attributes only: optional for import.
    pub const OPTIONAL_FOR_IMPORT: AttrFlags = AttrFlags(sys::DV_ATTR_OPTIONAL_FOR_IMPORT);

    /// Flags from raw `DV_ATTR_*` bits.
    ///
    /// ```
    /// assert_eq!(dynval::AttrFlags::from_bits(0x05), dynval::AttrFlags::REQUIRED | dynval::AttrFlags::COMPUTED);
    /// ```
    pub fn from_bits(bits: u32) -> AttrFlags {
        AttrFlags(bits)
    }

    /// The raw bits.
    ///
    /// ```
    /// assert_eq!(dynval::AttrFlags::REQUIRED.bits(), 1);
    /// ```
    pub fn bits(self) -> u32 {
        self.0
    }

    /// Whether every flag of `other` is set.
    ///
    /// ```
    /// assert!(dynval::AttrFlags::SENSITIVE.contains(dynval::AttrFlags::SENSITIVE));
    /// ```
    pub fn contains(self, other: AttrFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

impl fmt::Display for AttrFlags {
    /// The flags as schema JSON spells them, joined by `|`
    /// (`optional|computed`), unknown bits in hex last; `none` for none.
    ///
    /// ```
    /// use dynval::AttrFlags;
    /// assert_eq!((AttrFlags::OPTIONAL | AttrFlags::COMPUTED).to_string(), "optional|computed");
    /// assert_eq!((AttrFlags::WRITE_ONLY | AttrFlags::from_bits(0x300)).to_string(), "write_only|0x300");
    /// assert_eq!(AttrFlags::NONE.to_string(), "none");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("none");
        }
        let mut rest = self.0;
        let mut sep = "";
        for bit in (0..32).map(|i| 1u32 << i).filter(|b| self.0 & b != 0) {
            // SAFETY: NULL or a static name, for any argument.
            if let Some(name) = unsafe { static_str(sys::dv_attribute_flag_name(bit)) } {
                write!(f, "{sep}{name}")?;
                sep = "|";
                rest &= !bit;
            }
        }
        if rest != 0 {
            write!(f, "{sep}{rest:#x}")?;
        }
        Ok(())
    }
}

impl BitOr for AttrFlags {
    type Output = AttrFlags;
    fn bitor(self, rhs: AttrFlags) -> AttrFlags {
        AttrFlags(self.0 | rhs.0)
    }
}

impl BitOrAssign for AttrFlags {
    fn bitor_assign(&mut self, rhs: AttrFlags) {
        self.0 |= rhs.0;
    }
}

/// A provider schema (`dv_schema_t`): a `Schema.Block` plus its version,
/// checked and immutable.
///
/// Clone is O(1); `Schema` is `Send + Sync` (immutable, atomic reference
/// counts, freed from any thread).
///
/// ```
/// use dynval::{Schema, Value};
/// let doc = r#"{"format_version":"1.0","provider_schemas":{"example.com/x/y":{
///   "resource_schemas":{"thing":{"version":2,"block":{"attributes":{
///     "id":{"type":"string","computed":true},
///     "size":{"type":"number","required":true}}}}}}}}"#;
/// let schema = Schema::from_json(doc, "resource:thing", None)?;
/// assert_eq!(schema.version(), 2);
/// assert_eq!(schema.implied_type().to_json(), r#"["object",{"id":"string","size":"number"}]"#);
/// let v = schema.decode_json(r#"{"id":null,"size":3}"#)?;
/// schema.validate(&v)?;
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct Schema {
    ptr: NonNull<sys::dv_schema_t>,
}

// SAFETY: schema.h: schemas are immutable after construction, const calls
// may run concurrently, and dv_schema_free may run on any thread.
unsafe impl Send for Schema {}
unsafe impl Sync for Schema {}

impl Schema {
    fn build(
        f: impl FnOnce(*mut *mut sys::dv_schema_t, *mut *mut sys::dv_error_t) -> sys::dv_status_t,
    ) -> Result<Schema> {
        let mut out = ptr::null_mut();
        call(|err| f(&mut out, err))?;
        Ok(unsafe { Schema::from_raw(out) })
    }

    /// Loads one block of a `terraform/tofu providers schema -json`
    /// document. `selector` is `provider`, `resource:NAME`, `data:NAME`,
    /// `ephemeral:NAME`, `list:NAME`, `action:NAME` or `state_store:NAME`;
    /// `provider` is the provider address, needed only when the document
    /// holds several providers. Each call parses the whole document: to
    /// take several schemas from one, use [`SchemaDocument`](crate::SchemaDocument).
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse) (malformed JSON),
    /// [`Status::Schema`](crate::Status::Schema) (invalid schema),
    /// [`Status::NotFound`](crate::Status::NotFound) (no such provider or
    /// block), [`Status::InvalidArg`](crate::Status::InvalidArg) (bad
    /// selector, ambiguous provider).
    ///
    /// ```
    /// use dynval::{Schema, Status};
    /// let doc = r#"{"format_version":"1.0","provider_schemas":{"example.com/x/y":{
    ///   "provider":{"version":0,"block":{"attributes":{"region":{"type":"string","optional":true}}}}}}}"#;
    /// let p = Schema::from_json(doc, "provider", Some("example.com/x/y"))?;
    /// assert_eq!(p.implied_type().attribute_count(), 1);
    /// let err = Schema::from_json(doc, "resource:nope", None).unwrap_err();
    /// assert_eq!(err.status(), Status::NotFound);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_json(document: impl AsRef<[u8]>, selector: &str, provider: Option<&str>) -> Result<Schema> {
        let doc = document.as_ref();
        let prov = provider.unwrap_or("");
        Schema::build(|out, err| unsafe {
            sys::dv_schema_from_json(
                out,
                doc.as_ptr().cast(),
                doc.len(),
                selector.as_ptr().cast(),
                selector.len(),
                if prov.is_empty() { ptr::null() } else { prov.as_ptr().cast() },
                prov.len(),
                err,
            )
        })
    }

    /// Loads a single block JSON object (the value of a `"block"` key) as
    /// the root block, recording `version`.
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"a":{"type":"bool","optional":true}}}"#, 7)?;
    /// assert_eq!(s.version(), 7);
    /// assert_eq!(s.implied_type().to_json(), r#"["object",{"a":"bool"}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_block_json(json: impl AsRef<[u8]>, version: i64) -> Result<Schema> {
        let json = json.as_ref();
        Schema::build(|out, err| unsafe {
            sys::dv_schema_from_block_json(out, json.as_ptr().cast(), json.len(), version, err)
        })
    }

    /// Decodes the protobuf bytes of a tfplugin5 or tfplugin6 `Schema`
    /// message (`protocol_version` 5 or 6).
    ///
    /// ```
    /// use dynval::Schema;
    /// let s = Schema::from_block_json(r#"{"attributes":{"a":{"type":"string","required":true}}}"#, 1)?;
    /// let bytes = s.to_proto(6)?;
    /// let back = Schema::from_proto(&bytes, 6)?;
    /// assert_eq!(back.version(), 1);
    /// assert_eq!(back.implied_type(), s.implied_type());
    /// assert!(Schema::from_proto(&bytes, 4).is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_proto(data: &[u8], protocol_version: i32) -> Result<Schema> {
        Schema::build(|out, err| unsafe {
            sys::dv_schema_from_proto(out, data.as_ptr().cast(), data.len(), protocol_version, err)
        })
    }

    /// Encodes the schema as a tfplugin5/6 `Schema` message.
    ///
    /// # Errors
    ///
    /// [`Status::Unsupported`](crate::Status::Unsupported) when protocol 5
    /// cannot express nested attribute types;
    /// [`Status::InvalidArg`](crate::Status::InvalidArg) for a protocol
    /// other than 5 or 6.
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"a":{"type":"bool","optional":true}}}"#, 0)?;
    /// assert!(!s.to_proto(5)?.is_empty());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn to_proto(&self, protocol_version: i32) -> Result<Buffer> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_schema_to_proto(buf.as_mut_ptr(), self.as_raw(), protocol_version, err) })?;
        Ok(buf)
    }

    /// The implied value type of the root block (always an object type,
    /// following OpenTofu's `configschema` rules), borrowed from the schema.
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"block_types":{"b":{"nesting_mode":"list","block":{"attributes":{"x":{"type":"number","optional":true}}}}}}"#, 0)?;
    /// assert_eq!(s.implied_type().to_json(), r#"["object",{"b":["list",["object",{"x":"number"}]]}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn implied_type(&self) -> TypeRef<'_> {
        // SAFETY: never NULL for a valid schema; borrowed from it.
        unsafe { TypeRef::from_raw(sys::dv_schema_implied_type(self.as_raw())) }.expect("schema without a type")
    }

    /// The root block, for introspection (borrowed from the schema).
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"a":{"type":"bool","optional":true}}}"#, 0)?;
    /// assert_eq!(s.block().attribute(0).unwrap().name(), "a");
    /// assert_eq!(s.block().implied_type(), s.implied_type());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn block(&self) -> Block<'_> {
        // SAFETY: never NULL for a valid schema; borrowed from it.
        unsafe { Block::from_raw(sys::dv_schema_block(self.as_raw())) }.expect("schema without a block")
    }

    /// The schema version (`Schema.version`).
    ///
    /// ```
    /// assert_eq!(dynval::Schema::from_block_json("{}", 3)?.version(), 3);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn version(&self) -> i64 {
        unsafe { sys::dv_schema_version(self.as_raw()) }
    }

    /// Checks a value against the schema rules beyond its type: required
    /// attributes not null, GROUP blocks never null, min/max items of LIST
    /// and SET blocks (skipped while unknowns are present). A null or
    /// unknown root value is accepted.
    ///
    /// # Errors
    ///
    /// [`Status::Schema`](crate::Status::Schema) with the path of the first
    /// problem, [`Status::TypeMismatch`](crate::Status::TypeMismatch) for a
    /// value of the wrong shape.
    ///
    /// ```
    /// use dynval::{Schema, Status};
    /// let s = Schema::from_block_json(r#"{"attributes":{"name":{"type":"string","required":true}}}"#, 0)?;
    /// let v = s.decode_json(r#"{"name":null}"#)?;
    /// let err = s.validate(&v).unwrap_err();
    /// assert_eq!((err.status(), err.path()), (Status::Schema, ".name"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn validate(&self, value: impl AsValueRef) -> Result<()> {
        let v = value.as_value_ref();
        call(|err| unsafe { sys::dv_schema_validate(self.as_raw(), v.as_raw(), err) })
    }

    /// Checks a value against the rules of [`validate`](Self::validate) and
    /// returns every problem, not just the first (a provider returns all its
    /// diagnostics at once), in the order the check meets them: a block's
    /// attributes, then its nested blocks, each by name, elements in order.
    /// Empty when the value is valid; each problem has
    /// [`Status::Schema`](crate::Status::Schema) or
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) and its path.
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(
    ///     r#"{"attributes":{"a":{"type":"string","required":true},"b":{"type":"number","required":true}}}"#, 0)?;
    /// let v = s.decode_json(r#"{"a":null,"b":null}"#)?;
    /// let problems = s.validate_all(&v)?;
    /// let paths: Vec<&str> = problems.iter().map(|p| p.path()).collect();
    /// assert_eq!(paths, [".a", ".b"]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn validate_all(&self, value: impl AsValueRef) -> Result<Vec<Error>> {
        let v = value.as_value_ref();
        let mut list: *mut sys::dv_errors_t = ptr::null_mut();
        let mut err: *mut sys::dv_error_t = ptr::null_mut();
        // SAFETY: both handles are live; `list` and `err` are out-parameters.
        let status = unsafe { sys::dv_schema_validate_all(self.as_raw(), v.as_raw(), &mut list, &mut err) };
        if list.is_null() {
            // SAFETY: `err` is owned and comes from the call that returned `status`.
            return unsafe { check(status, err) }.map(|()| Vec::new());
        }
        // SAFETY: `err` (the first problem, also in the list) and `list` are
        // owned by us.
        unsafe {
            sys::dv_error_free(err);
            Ok(Error::from_raw_list(list))
        }
    }

    /// Decodes a MessagePack `DynamicValue` by the implied type (no schema
    /// validation; call [`validate`](Self::validate) for that).
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"n":{"type":"number","optional":true}}}"#, 0)?;
    /// let v = s.decode_msgpack(&[0x81, 0xa1, b'n', 0x05])?;
    /// assert_eq!(v.get("n")?.unwrap().as_i64()?, 5);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn decode_msgpack(&self, data: &[u8]) -> Result<Value> {
        self.decode_msgpack_with(data, None)
    }

    /// [`decode_msgpack`](Self::decode_msgpack) with options
    /// (`dv_schema_decode_msgpack`).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Schema};
    /// let s = Schema::from_block_json(r#"{"attributes":{"n":{"type":"number","optional":true}}}"#, 0)?;
    /// // {"n": 5, "old": true}: state of an older schema
    /// let mp = [0x82, 0xa1, b'n', 0x05, 0xa3, b'o', b'l', b'd', 0xc3];
    /// assert!(s.decode_msgpack(&mp).is_err());
    /// let v = s.decode_msgpack_with(&mp, Some(&DecodeOptions::new().ignore_undefined_attributes(true)))?;
    /// assert_eq!(v.get("n")?.unwrap().as_i64()?, 5);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn decode_msgpack_with(&self, data: &[u8], opts: Option<&DecodeOptions>) -> Result<Value> {
        let opts = opts.map_or(ptr::null(), DecodeOptions::as_raw);
        let mut out = ptr::null_mut();
        call(|err| unsafe {
            sys::dv_schema_decode_msgpack(&mut out, self.as_raw(), data.as_ptr().cast(), data.len(), opts, err)
        })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// Encodes a value as MessagePack by the schema's implied type
    /// (`dv_schema_encode_msgpack`): the right call for a value decoded by
    /// this schema, whose dynamic attributes keep their type wrappers.
    ///
    /// # Errors
    ///
    /// As [`Value::to_msgpack`].
    ///
    /// ```
    /// use dynval::{Schema, Type, Value};
    /// let s = Schema::from_block_json(r#"{"attributes":{"x":{"type":"dynamic","optional":true}}}"#, 0)?;
    /// let v = s.decode_json(r#"{"x":{"value":1,"type":"number"}}"#)?;
    /// let mp = s.encode_msgpack(&v)?;
    /// assert_eq!(s.decode_msgpack(&mp)?, v);
    /// // By its own type the wrapper is gone, and the bytes no longer decode by the schema.
    /// assert!(s.decode_msgpack(&v.to_msgpack(v.ty())?).is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn encode_msgpack(&self, value: impl AsValueRef) -> Result<Buffer> {
        let v = value.as_value_ref();
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_schema_encode_msgpack(buf.as_mut_ptr(), self.as_raw(), v.as_raw(), err) })?;
        Ok(buf)
    }

    /// Encodes a value as JSON by the schema's implied type
    /// (`dv_schema_encode_json`).
    ///
    /// # Errors
    ///
    /// As [`Value::to_json`].
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"x":{"type":"dynamic","optional":true}}}"#, 0)?;
    /// let v = s.decode_json(r#"{"x":{"value":1,"type":"number"}}"#)?;
    /// assert_eq!(s.encode_json(&v)?, r#"{"x":{"value":1,"type":"number"}}"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn encode_json(&self, value: impl AsValueRef) -> Result<String> {
        let v = value.as_value_ref();
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_schema_encode_json(buf.as_mut_ptr(), self.as_raw(), v.as_raw(), err) })?;
        Ok(buf.into_string())
    }

    /// Reads legacy flatmap state by the schema's implied type
    /// (`dv_schema_value_from_flatmap`), as provider SDKs upgrade pre-0.12
    /// state; see [`Value::from_flatmap`].
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"n":{"type":"number","optional":true}}}"#, 0)?;
    /// let v = s.value_from_flatmap([("n", "5")])?;
    /// assert_eq!(v.get("n")?.unwrap().as_i64()?, 5);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn value_from_flatmap<K: AsRef<[u8]>, V: AsRef<[u8]>>(
        &self,
        entries: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Value> {
        crate::convert::flatmap(entries, |out, k, v, n, err| unsafe {
            sys::dv_schema_value_from_flatmap(out, self.as_raw(), k, v, n, err)
        })
    }

    /// Decodes a JSON `DynamicValue` by the implied type.
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(r#"{"attributes":{"n":{"type":"number","optional":true}}}"#, 0)?;
    /// assert!(s.decode_json(r#"{"n":1}"#)?.is_wholly_known());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn decode_json(&self, json: impl AsRef<[u8]>) -> Result<Value> {
        self.decode_json_with(json, None)
    }

    /// [`decode_json`](Self::decode_json) with options
    /// (`dv_schema_decode_json`).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Schema};
    /// let s = Schema::from_block_json(r#"{"attributes":{"n":{"type":"number","optional":true}}}"#, 0)?;
    /// let opts = DecodeOptions::new().ignore_undefined_attributes(true);
    /// assert!(s.decode_json_with(r#"{"n":1,"gone":{"a":[]}}"#, Some(&opts)).is_ok());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn decode_json_with(&self, json: impl AsRef<[u8]>, opts: Option<&DecodeOptions>) -> Result<Value> {
        let json = json.as_ref();
        let opts = opts.map_or(ptr::null(), DecodeOptions::as_raw);
        let mut out = ptr::null_mut();
        call(|err| unsafe {
            sys::dv_schema_decode_json(&mut out, self.as_raw(), json.as_ptr().cast(), json.len(), opts, err)
        })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// Takes ownership of a C schema.
    ///
    /// # Safety
    ///
    /// `ptr` must be a non-NULL owned `dv_schema_t` whose reference is
    /// transferred to the returned `Schema`.
    pub unsafe fn from_raw(ptr: *mut sys::dv_schema_t) -> Schema {
        Schema { ptr: NonNull::new(ptr).expect("Schema::from_raw: NULL schema") }
    }

    /// Gives up ownership: release the pointer with `dv_schema_free`.
    ///
    /// ```
    /// let raw = dynval::Schema::from_block_json("{}", 0)?.into_raw();
    /// let back = unsafe { dynval::Schema::from_raw(raw) };
    /// assert_eq!(back.version(), 0);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn into_raw(self) -> *mut sys::dv_schema_t {
        let p = self.ptr.as_ptr();
        std::mem::forget(self);
        p
    }

    /// The C pointer, valid as long as `self`.
    pub fn as_raw(&self) -> *const sys::dv_schema_t {
        self.ptr.as_ptr()
    }
}

impl Clone for Schema {
    /// O(1): another reference to the same immutable schema.
    fn clone(&self) -> Schema {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_schema_clone(&mut out, self.as_raw(), err) }));
        unsafe { Schema::from_raw(out) }
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        unsafe { sys::dv_schema_free(self.ptr.as_ptr()) }
    }
}

impl fmt::Debug for Schema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Schema").field("version", &self.version()).field("implied_type", &self.implied_type()).finish()
    }
}

/// Builds a schema block by block (`dv_builder_t`).
///
/// A builder is mutable and not thread-safe: it is `Send` (it may move to
/// another thread) but not `Sync`. Building does not consume it.
///
/// ```
/// use dynval::{AttrFlags, Nesting, SchemaBuilder, Type};
/// let mut nic = SchemaBuilder::new();
/// nic.attribute("subnet_id", Type::string(), AttrFlags::REQUIRED)?;
/// let mut root = SchemaBuilder::new();
/// root.attribute("name", Type::string(), AttrFlags::REQUIRED)?
///     .attribute("id", Type::string(), AttrFlags::COMPUTED)?
///     .block("network_interface", Nesting::List, &nic, 1, 4)?;
/// let schema = root.build(1)?;
/// assert_eq!(
///     schema.implied_type().to_json(),
///     r#"["object",{"id":"string","name":"string","network_interface":["list",["object",{"subnet_id":"string"}]]}]"#
/// );
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct SchemaBuilder {
    ptr: NonNull<sys::dv_builder_t>,
}

// SAFETY: schema.h: a builder needs exclusive access (use it from one
// thread at a time); moving it to another thread is fine. Not Sync.
unsafe impl Send for SchemaBuilder {}

impl Default for SchemaBuilder {
    fn default() -> SchemaBuilder {
        SchemaBuilder::new()
    }
}

impl SchemaBuilder {
    /// An empty block builder.
    ///
    /// # Panics
    ///
    /// Only if the library runs out of memory.
    ///
    /// ```
    /// let b = dynval::SchemaBuilder::new();
    /// assert_eq!(b.build(0)?.implied_type().attribute_count(), 0);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn new() -> SchemaBuilder {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_builder_new(&mut out, err) }));
        SchemaBuilder { ptr: NonNull::new(out).expect("dv_builder_new returned NULL") }
    }

    /// Adds an attribute of type `ty`. The schema rules (e.g. exactly one of
    /// required/optional/computed) are checked by [`build`](Self::build).
    ///
    /// ```
    /// use dynval::{AttrFlags, SchemaBuilder, Type};
    /// let mut b = SchemaBuilder::new();
    /// b.attribute("tags", Type::map(Type::string()), AttrFlags::OPTIONAL | AttrFlags::COMPUTED)?;
    /// assert_eq!(b.build(0)?.implied_type().attribute_name(0), Some("tags"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute(&mut self, name: &str, ty: impl AsTypeRef, flags: AttrFlags) -> Result<&mut SchemaBuilder> {
        let ty = ty.as_type_ref();
        call(|err| unsafe {
            sys::dv_builder_attribute(self.ptr.as_ptr(), name.as_ptr().cast(), name.len(), ty.as_raw(), flags.0, err)
        })?;
        Ok(self)
    }

    /// Adds a protocol-6 nested attribute whose object attributes are those
    /// of `object` (copied; `object` must have no nested blocks).
    /// `nesting` must not be [`Nesting::Group`].
    ///
    /// ```
    /// use dynval::{AttrFlags, Nesting, SchemaBuilder, Type};
    /// let mut obj = SchemaBuilder::new();
    /// obj.attribute("port", Type::number(), AttrFlags::REQUIRED)?;
    /// let mut b = SchemaBuilder::new();
    /// b.nested_attribute("listeners", Nesting::Set, &obj, AttrFlags::OPTIONAL)?;
    /// let s = b.build(0)?;
    /// assert_eq!(s.implied_type().to_json(), r#"["object",{"listeners":["set",["object",{"port":"number"}]]}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn nested_attribute(
        &mut self,
        name: &str,
        nesting: Nesting,
        object: &SchemaBuilder,
        flags: AttrFlags,
    ) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_nested_attribute(
                self.ptr.as_ptr(),
                name.as_ptr().cast(),
                name.len(),
                nesting.as_raw(),
                object.ptr.as_ptr(),
                flags.0,
                err,
            )
        })?;
        Ok(self)
    }

    /// Adds a nested block type whose body is built by `body` (copied), with
    /// item bounds for LIST and SET (0 = none).
    ///
    /// ```
    /// use dynval::{Nesting, SchemaBuilder};
    /// let mut b = SchemaBuilder::new();
    /// b.block("timeouts", Nesting::Single, &SchemaBuilder::new(), 0, 0)?;
    /// assert_eq!(b.build(0)?.implied_type().to_json(), r#"["object",{"timeouts":["object",{}]}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn block(
        &mut self,
        type_name: &str,
        nesting: Nesting,
        body: &SchemaBuilder,
        min_items: i64,
        max_items: i64,
    ) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_block(
                self.ptr.as_ptr(),
                type_name.as_ptr().cast(),
                type_name.len(),
                nesting.as_raw(),
                body.ptr.as_ptr(),
                min_items,
                max_items,
                err,
            )
        })?;
        Ok(self)
    }

    /// Sets the description of the block being built.
    ///
    /// ```
    /// use dynval::{DescriptionKind, SchemaBuilder};
    /// let mut b = SchemaBuilder::new();
    /// b.description("A *thing*.", DescriptionKind::Markdown)?.deprecated(true, "use other")?.computed(false)?;
    /// let s = b.build(0)?;
    /// assert_eq!(s.block().description(), "A *thing*.");
    /// assert_eq!(s.block().deprecation_message(), "use other");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn description(&mut self, text: &str, kind: DescriptionKind) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_set_description(self.ptr.as_ptr(), text.as_ptr().cast(), text.len(), kind.as_raw(), err)
        })?;
        Ok(self)
    }

    /// Marks the block being built deprecated (or not), with a message
    /// (empty for none).
    pub fn deprecated(&mut self, deprecated: bool, message: &str) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_set_deprecated(self.ptr.as_ptr(), deprecated, message.as_ptr().cast(), message.len(), err)
        })?;
        Ok(self)
    }

    /// Sets tfplugin6.11 `Block.computed` on the block being built.
    pub fn computed(&mut self, computed: bool) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe { sys::dv_builder_set_computed(self.ptr.as_ptr(), computed, err) })?;
        Ok(self)
    }

    /// Sets the description of the attribute `name` added before.
    ///
    /// # Errors
    ///
    /// [`Status::NotFound`](crate::Status::NotFound) when there is no such
    /// attribute.
    ///
    /// ```
    /// use dynval::{AttrFlags, DescriptionKind, SchemaBuilder, Status, Type};
    /// let mut b = SchemaBuilder::new();
    /// b.attribute("old", Type::string(), AttrFlags::OPTIONAL | AttrFlags::DEPRECATED)?
    ///     .attribute_description("old", "Old.", DescriptionKind::Plain)?
    ///     .attribute_deprecation_message("old", "use new")?;
    /// let s = b.build(0)?;
    /// let a = s.block().find_attribute("old").unwrap();
    /// assert_eq!((a.description(), a.deprecation_message()), ("Old.", "use new"));
    /// let err = b.attribute_description("nope", "", DescriptionKind::Plain).unwrap_err();
    /// assert_eq!(err.status(), Status::NotFound);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_description(
        &mut self,
        name: &str,
        text: &str,
        kind: DescriptionKind,
    ) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_set_attribute_description(
                self.ptr.as_ptr(),
                name.as_ptr().cast(),
                name.len(),
                text.as_ptr().cast(),
                text.len(),
                kind.as_raw(),
                err,
            )
        })?;
        Ok(self)
    }

    /// Sets the deprecation message of the attribute `name` added before
    /// (mark it deprecated with [`AttrFlags::DEPRECATED`]).
    pub fn attribute_deprecation_message(&mut self, name: &str, message: &str) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_set_attribute_deprecation_message(
                self.ptr.as_ptr(),
                name.as_ptr().cast(),
                name.len(),
                message.as_ptr().cast(),
                message.len(),
                err,
            )
        })?;
        Ok(self)
    }

    /// Sets the (deprecated, never validated) item bounds of the nested
    /// attribute `name` added before.
    ///
    /// ```
    /// use dynval::{AttrFlags, Nesting, SchemaBuilder, Type};
    /// let mut obj = SchemaBuilder::new();
    /// obj.attribute("v", Type::number(), AttrFlags::OPTIONAL)?;
    /// let mut b = SchemaBuilder::new();
    /// b.nested_attribute("o", Nesting::List, &obj, AttrFlags::OPTIONAL)?.nested_items("o", 1, 2)?;
    /// let s = b.build(0)?;
    /// let o = s.block().find_attribute("o").unwrap().nested_type().unwrap();
    /// assert_eq!((o.min_items(), o.max_items()), (1, 2));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn nested_items(&mut self, name: &str, min_items: i64, max_items: i64) -> Result<&mut SchemaBuilder> {
        call(|err| unsafe {
            sys::dv_builder_set_nested_items(
                self.ptr.as_ptr(),
                name.as_ptr().cast(),
                name.len(),
                min_items,
                max_items,
                err,
            )
        })?;
        Ok(self)
    }

    /// Builds an identity schema from the builder's attributes: each with a
    /// type and only the import flags. The builder is unchanged.
    ///
    /// ```
    /// use dynval::{AttrFlags, SchemaBuilder, Type};
    /// let mut b = SchemaBuilder::new();
    /// b.attribute("id", Type::string(), AttrFlags::REQUIRED_FOR_IMPORT)?;
    /// let id = b.build_identity(1)?;
    /// assert_eq!(id.implied_type().to_json(), r#"["object",{"id":"string"}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn build_identity(&self, version: i64) -> Result<IdentitySchema> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_builder_build_identity(&mut out, self.ptr.as_ptr(), version, err) })?;
        Ok(unsafe { IdentitySchema::from_raw(out) })
    }

    /// Builds, checks and freezes a schema; the builder is unchanged and
    /// may be reused.
    ///
    /// # Errors
    ///
    /// [`Status::Schema`](crate::Status::Schema) for an invalid schema, with
    /// the path of the first problem.
    ///
    /// ```
    /// use dynval::{AttrFlags, SchemaBuilder, Status, Type};
    /// let mut b = SchemaBuilder::new();
    /// b.attribute("x", Type::string(), AttrFlags::NONE)?; // neither required, optional nor computed
    /// assert_eq!(b.build(0).unwrap_err().status(), Status::Schema);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn build(&self, version: i64) -> Result<Schema> {
        Schema::build(|out, err| unsafe { sys::dv_builder_build(out, self.ptr.as_ptr(), version, err) })
    }
}

impl Drop for SchemaBuilder {
    fn drop(&mut self) {
        unsafe { sys::dv_builder_free(self.ptr.as_ptr()) }
    }
}

impl fmt::Debug for SchemaBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemaBuilder").finish_non_exhaustive()
    }
}
