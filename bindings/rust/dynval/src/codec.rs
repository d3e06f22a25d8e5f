//! The DynamicValue wire formats: MessagePack and JSON, by type.

use std::ptr;

use dynval_sys as sys;

use crate::error::{call, Result};
use crate::types::AsTypeRef;
use crate::util::Buffer;
use crate::value::{AsValueRef, Value, ValueRef};

/// Decoder options (`dv_decode_options_t`): resource limits and strictness.
/// Every limit left at 0 means the library default, which passes every real
/// schema and value; exceeding a limit gives [`Status::Limit`](crate::Status::Limit).
///
/// ```
/// use dynval::{DecodeOptions, Status, Type, Value};
/// let opts = DecodeOptions::new().reject_trailing(true).max_depth(8);
/// let err = Value::from_json_with("1 2", Type::number(), &opts).unwrap_err();
/// assert_eq!(err.status(), Status::Parse);
/// // By default trailing bytes are ignored, as go-cty does.
/// assert_eq!(Value::from_json("1 2", Type::number())?, Value::from(1));
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct DecodeOptions {
    raw: sys::dv_decode_options_t,
}

impl Default for DecodeOptions {
    fn default() -> DecodeOptions {
        DecodeOptions::new()
    }
}

impl std::fmt::Debug for DecodeOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DecodeOptions")
            .field("flags", &self.raw.flags)
            .field("max_depth", &self.raw.max_depth)
            .field("max_input_size", &self.raw.max_input_size)
            .field("max_elements", &self.raw.max_elements)
            .field("max_string_length", &self.raw.max_string_length)
            .field("max_number_digits", &self.raw.max_number_digits)
            .field("max_output_size", &self.raw.max_output_size)
            .finish()
    }
}

impl DecodeOptions {
    /// All defaults (`DV_DECODE_OPTIONS_INIT`).
    ///
    /// ```
    /// let o = dynval::DecodeOptions::new();
    /// # let _ = o;
    /// ```
    pub fn new() -> DecodeOptions {
        let mut raw = sys::dv_decode_options_t {
            version: sys::DV_DECODE_OPTIONS_VERSION,
            flags: 0,
            max_depth: 0,
            max_input_size: 0,
            max_elements: 0,
            max_string_length: 0,
            max_number_digits: 0,
            max_output_size: 0,
        };
        // Let the library fill the defaults for this struct version; the
        // literal above is already DV_DECODE_OPTIONS_INIT if that fails.
        let _ = call(|err| unsafe { sys::dv_decode_options_init(&mut raw, sys::DV_DECODE_OPTIONS_VERSION, err) });
        DecodeOptions { raw }
    }

    /// Treat bytes after the top-level value as an error
    /// (`DV_DECODE_REJECT_TRAILING`); by default they are ignored.
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// let strict = DecodeOptions::new().reject_trailing(true);
    /// assert!(Value::from_msgpack_with(&[0xc3, 0x00], Type::bool(), &strict).is_err());
    /// ```
    pub fn reject_trailing(mut self, yes: bool) -> DecodeOptions {
        if yes {
            self.raw.flags |= sys::DV_DECODE_REJECT_TRAILING;
        } else {
            self.raw.flags &= !sys::DV_DECODE_REJECT_TRAILING;
        }
        self
    }

    /// Skip object attributes the object type does not have
    /// (`DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES`), at any depth and inside
    /// dynamic wrappers (map keys are not affected), instead of failing with
    /// "unsupported attribute", as terraform-plugin-go's
    /// `IgnoreUndefinedAttributes` does: for state written by an older
    /// schema. Both formats; a MessagePack object must still hold every
    /// attribute of the type.
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// let t = Type::from_json(r#"["object",{"id":"string"}]"#)?;
    /// let old = r#"{"id":"i-1","removed":[1,2]}"#;
    /// assert!(Value::from_json(old, &t).is_err());
    /// let v = Value::from_json_with(old, &t, &DecodeOptions::new().ignore_undefined_attributes(true))?;
    /// assert_eq!(v.to_json(&t)?, r#"{"id":"i-1"}"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn ignore_undefined_attributes(mut self, yes: bool) -> DecodeOptions {
        if yes {
            self.raw.flags |= sys::DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES;
        } else {
            self.raw.flags &= !sys::DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES;
        }
        self
    }

    /// Maximum nesting depth (default 1000).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Status, Type, Value};
    /// let t = Type::list(Type::list(Type::number()));
    /// let err = Value::from_json_with("[[1]]", &t, &DecodeOptions::new().max_depth(1)).unwrap_err();
    /// assert_eq!(err.status(), Status::Limit);
    /// ```
    pub fn max_depth(mut self, n: usize) -> DecodeOptions {
        self.raw.max_depth = n;
        self
    }

    /// Maximum input size in bytes (default 256 MiB, the protocol's message cap).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// assert!(Value::from_json_with("\"abcdef\"", Type::string(), &DecodeOptions::new().max_input_size(4)).is_err());
    /// ```
    pub fn max_input_size(mut self, n: usize) -> DecodeOptions {
        self.raw.max_input_size = n;
        self
    }

    /// Maximum number of elements and entries in the whole input (default
    /// 2^28).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// let t = Type::list(Type::number());
    /// assert!(Value::from_json_with("[1,2,3]", &t, &DecodeOptions::new().max_elements(2)).is_err());
    /// ```
    pub fn max_elements(mut self, n: usize) -> DecodeOptions {
        self.raw.max_elements = n;
        self
    }

    /// Maximum bytes of one string (default 1 GiB).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// assert!(Value::from_json_with("\"abcdef\"", Type::string(), &DecodeOptions::new().max_string_length(3)).is_err());
    /// ```
    pub fn max_string_length(mut self, n: usize) -> DecodeOptions {
        self.raw.max_string_length = n;
        self
    }

    /// Maximum characters of one number's text (default 10000); the numbers
    /// of one input may also print as at most 8 times that many characters
    /// beyond their input length in total.
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// assert!(Value::from_json_with("123456", Type::number(), &DecodeOptions::new().max_number_digits(3)).is_err());
    /// ```
    pub fn max_number_digits(mut self, n: usize) -> DecodeOptions {
        self.raw.max_number_digits = n;
        self
    }

    /// Maximum bytes the transcoders ([`msgpack_to_json`],
    /// [`json_to_msgpack`]) write (default 256 MiB, the protocol's message
    /// cap).
    ///
    /// ```
    /// use dynval::{DecodeOptions, Status, Type};
    /// let o = DecodeOptions::new().max_output_size(4);
    /// let err = dynval::msgpack_to_json(&[0x91, 0xa1, b'x'], Type::list(Type::string()), Some(&o)).unwrap_err();
    /// assert_eq!(err.status(), Status::Limit);
    /// ```
    pub fn max_output_size(mut self, n: usize) -> DecodeOptions {
        self.raw.max_output_size = n;
        self
    }

    /// The C struct, for use with `dynval-sys`.
    pub fn as_raw(&self) -> *const sys::dv_decode_options_t {
        &self.raw
    }
}

/// Encoder options (`dv_encode_options_t`): the output limit. A limit left
/// at 0 means the default (256 MiB, the protocol's message cap), which the
/// plain encoders apply too; past it, [`Status::Limit`](crate::Status::Limit).
///
/// ```
/// use dynval::{EncodeOptions, Status, Type, Value};
/// let v = Value::from("a long enough string");
/// let err = v.to_json_with(Type::string(), &EncodeOptions::new().max_output_size(8)).unwrap_err();
/// assert_eq!(err.status(), Status::Limit);
/// assert_eq!(v.to_json_with(Type::string(), &EncodeOptions::new())?, r#""a long enough string""#);
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct EncodeOptions {
    raw: sys::dv_encode_options_t,
}

impl Default for EncodeOptions {
    fn default() -> EncodeOptions {
        EncodeOptions::new()
    }
}

impl std::fmt::Debug for EncodeOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EncodeOptions").field("max_output_size", &self.raw.max_output_size).finish()
    }
}

impl EncodeOptions {
    /// All defaults (`DV_ENCODE_OPTIONS_INIT`).
    pub fn new() -> EncodeOptions {
        let mut raw =
            sys::dv_encode_options_t { version: sys::DV_ENCODE_OPTIONS_VERSION, flags: 0, max_output_size: 0 };
        let _ = call(|err| unsafe { sys::dv_encode_options_init(&mut raw, sys::DV_ENCODE_OPTIONS_VERSION, err) });
        EncodeOptions { raw }
    }

    /// Maximum bytes of output (0: the default, 256 MiB).
    ///
    /// ```
    /// use dynval::{EncodeOptions, Type, Value};
    /// let o = EncodeOptions::new().max_output_size(3);
    /// assert!(Value::from("abc").to_msgpack_with(Type::string(), &o).is_err()); // 4 bytes
    /// ```
    pub fn max_output_size(mut self, n: usize) -> EncodeOptions {
        self.raw.max_output_size = n;
        self
    }

    /// The C struct, for use with `dynval-sys`.
    pub fn as_raw(&self) -> *const sys::dv_encode_options_t {
        &self.raw
    }
}

impl Value {
    /// Decodes MessagePack as a value of type `ty` (cty `msgpack.Unmarshal`),
    /// including refined unknowns and the dynamic-type wrapper; default
    /// options.
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse) (malformed or truncated),
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) (well-formed
    /// but of another type), [`Status::Refinement`](crate::Status::Refinement),
    /// [`Status::Limit`](crate::Status::Limit); with path and byte offset.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let v = Value::from_msgpack(&[0x92, 0x01, 0x02], Type::list(Type::number()))?;
    /// assert_eq!(v.len()?, 2);
    /// let err = Value::from_msgpack(&[0x92, 0x01], Type::list(Type::number())).unwrap_err();
    /// assert_eq!(err.status(), dynval::Status::Parse);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_msgpack(data: &[u8], ty: impl AsTypeRef) -> Result<Value> {
        Value::decode_msgpack(data, ty.as_type_ref().as_raw(), ptr::null())
    }

    /// [`from_msgpack`](Self::from_msgpack) with options.
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// let v = Value::from_msgpack_with(&[0x01], Type::number(), &DecodeOptions::new().reject_trailing(true))?;
    /// assert_eq!(v, Value::from(1));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_msgpack_with(data: &[u8], ty: impl AsTypeRef, opts: &DecodeOptions) -> Result<Value> {
        Value::decode_msgpack(data, ty.as_type_ref().as_raw(), opts.as_raw())
    }

    fn decode_msgpack(data: &[u8], ty: *const sys::dv_type_t, opts: *const sys::dv_decode_options_t) -> Result<Value> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_msgpack_decode(&mut out, data.as_ptr().cast(), data.len(), ty, opts, err) })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// Decodes JSON as a value of type `ty` (cty `json.Unmarshal`); default
    /// options. Errors as [`from_msgpack`](Self::from_msgpack).
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let t = Type::from_json(r#"["object",{"n":"number","s":["set","string"]}]"#)?;
    /// let v = Value::from_json(r#"{"n": 1.5, "s": ["b", "a"]}"#, &t)?;
    /// assert_eq!(v.get("n")?.unwrap().number_text()?, "1.5");
    /// assert_eq!(v.to_json(&t)?, r#"{"n":1.5,"s":["a","b"]}"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_json(json: impl AsRef<[u8]>, ty: impl AsTypeRef) -> Result<Value> {
        Value::decode_json(json.as_ref(), ty.as_type_ref().as_raw(), ptr::null())
    }

    /// [`from_json`](Self::from_json) with options.
    ///
    /// ```
    /// use dynval::{DecodeOptions, Type, Value};
    /// assert!(Value::from_json_with("true x", Type::bool(), &DecodeOptions::new().reject_trailing(true)).is_err());
    /// ```
    pub fn from_json_with(json: impl AsRef<[u8]>, ty: impl AsTypeRef, opts: &DecodeOptions) -> Result<Value> {
        Value::decode_json(json.as_ref(), ty.as_type_ref().as_raw(), opts.as_raw())
    }

    fn decode_json(json: &[u8], ty: *const sys::dv_type_t, opts: *const sys::dv_decode_options_t) -> Result<Value> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_json_decode(&mut out, json.as_ptr().cast(), json.len(), ty, opts, err) })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    forward! { as_value_ref =>
        /// MessagePack by a type; see [`ValueRef::to_msgpack`].
        fn to_msgpack(&self, ty: impl AsTypeRef) -> Result<Buffer>;
        /// JSON by a type; see [`ValueRef::to_json`].
        fn to_json(&self, ty: impl AsTypeRef) -> Result<String>;
        /// MessagePack with options; see [`ValueRef::to_msgpack_with`].
        fn to_msgpack_with(&self, ty: impl AsTypeRef, opts: &EncodeOptions) -> Result<Buffer>;
        /// JSON with options; see [`ValueRef::to_json_with`].
        fn to_json_with(&self, ty: impl AsTypeRef, opts: &EncodeOptions) -> Result<String>;
    }
}

impl ValueRef<'_> {
    fn encode_msgpack(&self, ty: *const sys::dv_type_t) -> Result<Buffer> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_msgpack_encode(buf.as_mut_ptr(), self.as_raw(), ty, err) })?;
        Ok(buf)
    }

    fn encode_json(&self, ty: *const sys::dv_type_t) -> Result<String> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_json_encode(buf.as_mut_ptr(), self.as_raw(), ty, err) })?;
        Ok(buf.into_string())
    }

    /// [`to_msgpack`](Self::to_msgpack) with options
    /// (`dv_msgpack_encode_ext`).
    ///
    /// # Errors
    ///
    /// As [`to_msgpack`](Self::to_msgpack), and
    /// [`Status::Limit`](crate::Status::Limit) past `max_output_size`.
    ///
    /// ```
    /// use dynval::{EncodeOptions, Type, Value};
    /// let o = EncodeOptions::new().max_output_size(4);
    /// assert_eq!(&Value::from("abc").to_msgpack_with(Type::string(), &o)?[..], b"\xa3abc");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn to_msgpack_with(&self, ty: impl AsTypeRef, opts: &EncodeOptions) -> Result<Buffer> {
        let mut buf = Buffer::new();
        let ty = ty.as_type_ref();
        call(|err| unsafe {
            sys::dv_msgpack_encode_ext(buf.as_mut_ptr(), self.as_raw(), ty.as_raw(), opts.as_raw(), err)
        })?;
        Ok(buf)
    }

    /// [`to_json`](Self::to_json) with options (`dv_json_encode_ext`).
    ///
    /// ```
    /// use dynval::{EncodeOptions, Status, Type, Value};
    /// let o = EncodeOptions::new().max_output_size(4);
    /// assert_eq!(Value::from("abc").to_json_with(Type::string(), &o).unwrap_err().status(), Status::Limit);
    /// ```
    pub fn to_json_with(&self, ty: impl AsTypeRef, opts: &EncodeOptions) -> Result<String> {
        let mut buf = Buffer::new();
        let ty = ty.as_type_ref();
        call(|err| unsafe {
            sys::dv_json_encode_ext(buf.as_mut_ptr(), self.as_raw(), ty.as_raw(), opts.as_raw(), err)
        })?;
        Ok(buf.into_string())
    }

    /// Encodes as MessagePack by type `ty`, byte-identical to cty
    /// `msgpack.Marshal`: dynamic positions get go-cty's `[type JSON, value]`
    /// wrapper. `ty` is the type the value was decoded with, or use
    /// [`Schema::encode_msgpack`](crate::Schema::encode_msgpack); pass
    /// `v.ty()` only for a value built by hand: by its own type, a value
    /// decoded by a schema loses the wrappers of its dynamic attributes and
    /// no longer decodes by that schema. Like go-cty, a value whose type does
    /// not conform to `ty` is first converted to it
    /// ([`convert`](Self::convert)).
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) when the value
    /// does not convert to `ty`.
    ///
    /// ```
    /// use dynval::{Status, Type, Value};
    /// let b = Value::from(true).to_msgpack(Type::dynamic())?;
    /// assert_eq!(&b[..], b"\x92\xc4\x06\"bool\"\xc3");
    /// assert_eq!(&Value::from(true).to_msgpack(Type::string())?[..], b"\xa4true");
    /// let hi = Value::from("hi");
    /// assert_eq!(&hi.to_msgpack(hi.ty())?[..], &[0xa2, b'h', b'i']);
    /// // Unknowns are allowed in MessagePack (extension 0).
    /// assert_eq!(&Value::unknown(Type::bool()).to_msgpack(Type::bool())?[..], &[0xd4, 0x00, 0x00]);
    /// let err = Value::from("x").to_msgpack(Type::number()).unwrap_err();
    /// assert_eq!(err.status(), Status::TypeMismatch);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn to_msgpack(&self, ty: impl AsTypeRef) -> Result<Buffer> {
        self.encode_msgpack(ty.as_type_ref().as_raw())
    }

    /// Encodes as JSON by type `ty` (dynamic positions get go-cty's
    /// `{"value":…,"type":…}` wrapper), byte-identical to cty `json.Marshal`;
    /// `ty` as for [`to_msgpack`](Self::to_msgpack).
    ///
    /// # Errors
    ///
    /// [`Status::UnknownValue`](crate::Status::UnknownValue) when an unknown
    /// value is inside (the path names it),
    /// [`Status::Unsupported`](crate::Status::Unsupported) for infinities,
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) as for
    /// [`to_msgpack`](Self::to_msgpack).
    ///
    /// ```
    /// use dynval::{Status, Type, Value};
    /// assert_eq!(Value::from(1).to_json(Type::dynamic())?, r#"{"value":1,"type":"number"}"#);
    /// assert_eq!(Value::float(0.5)?.to_json(Type::number())?, "0.5");
    /// let o = Value::object(&[("id", Value::unknown(Type::string()))])?;
    /// let err = o.to_json(o.ty()).unwrap_err();
    /// assert_eq!((err.status(), err.path()), (Status::UnknownValue, ".id"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn to_json(&self, ty: impl AsTypeRef) -> Result<String> {
        self.encode_json(ty.as_type_ref().as_raw())
    }
}

/// Converts MessagePack to JSON by type in one pass, without building a
/// value; the same bytes and errors as decoding then encoding.
///
/// ```
/// use dynval::Type;
/// let t = Type::list(Type::string());
/// let json = dynval::msgpack_to_json(&[0x91, 0xa1, b'x'], &t, None)?;
/// assert_eq!(json, r#"["x"]"#);
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn msgpack_to_json(data: &[u8], ty: impl AsTypeRef, opts: Option<&DecodeOptions>) -> Result<String> {
    let buf =
        transcode(data, ty, opts, |b, p, n, t, o, e| unsafe { sys::dv_msgpack_to_json(b, p.cast(), n, t, o, e) })?;
    Ok(buf.into_string())
}

/// Converts JSON to MessagePack by type in one pass, without building a
/// value; the same bytes and errors as decoding then encoding.
///
/// ```
/// use dynval::Type;
/// let mp = dynval::json_to_msgpack(r#"{"a":1}"#, Type::map(Type::number()), None)?;
/// assert_eq!(&mp[..], &[0x81, 0xa1, b'a', 0x01]);
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn json_to_msgpack(json: impl AsRef<[u8]>, ty: impl AsTypeRef, opts: Option<&DecodeOptions>) -> Result<Buffer> {
    let buf = transcode(json.as_ref(), ty, opts, |b, p, n, t, o, e| unsafe {
        sys::dv_json_to_msgpack(b, p.cast(), n, t, o, e)
    })?;
    Ok(buf)
}

/// Canonicalises MessagePack by type in one pass, without building a value:
/// the bytes and errors of decoding then encoding (strings in NFC, sets and
/// maps in go-cty's order).
///
/// ```
/// use dynval::Type;
/// // A set of strings given unordered and with a duplicate.
/// let mp = dynval::msgpack_to_msgpack(&[0x93, 0xa1, b'b', 0xa1, b'a', 0xa1, b'b'], Type::set(Type::string()), None)?;
/// assert_eq!(&mp[..], &[0x92, 0xa1, b'a', 0xa1, b'b']);
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn msgpack_to_msgpack(data: &[u8], ty: impl AsTypeRef, opts: Option<&DecodeOptions>) -> Result<Buffer> {
    let buf =
        transcode(data, ty, opts, |b, p, n, t, o, e| unsafe { sys::dv_msgpack_to_msgpack(b, p.cast(), n, t, o, e) })?;
    Ok(buf)
}

/// Canonicalises JSON by type in one pass, without building a value: the
/// bytes and errors of decoding then encoding (go-cty's compact form).
///
/// ```
/// use dynval::Type;
/// let js = dynval::json_to_json(r#"{ "b": 1e2, "a": 0.50 }"#, Type::map(Type::number()), None)?;
/// assert_eq!(js, r#"{"a":0.5,"b":100}"#);
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn json_to_json(json: impl AsRef<[u8]>, ty: impl AsTypeRef, opts: Option<&DecodeOptions>) -> Result<String> {
    let buf = transcode(json.as_ref(), ty, opts, |b, p, n, t, o, e| unsafe {
        sys::dv_json_to_json(b, p.cast(), n, t, o, e)
    })?;
    Ok(buf.into_string())
}

/// Runs one of the C transcoders on `data` and returns its output.
fn transcode(
    data: &[u8],
    ty: impl AsTypeRef,
    opts: Option<&DecodeOptions>,
    f: impl FnOnce(
        *mut sys::dv_buf_t,
        *const u8,
        usize,
        *const sys::dv_type_t,
        *const sys::dv_decode_options_t,
        *mut *mut sys::dv_error_t,
    ) -> sys::dv_status_t,
) -> Result<Buffer> {
    let mut buf = Buffer::new();
    let ty = ty.as_type_ref();
    let opts = opts.map_or(ptr::null(), DecodeOptions::as_raw);
    call(|err| f(buf.as_mut_ptr(), data.as_ptr(), data.len(), ty.as_raw(), opts, err))?;
    Ok(buf)
}
