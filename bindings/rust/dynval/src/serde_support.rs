//! Values to and from the author's own types with serde (feature `serde`,
//! on by default): [`from_value`], [`to_value`] and [`Maybe`], as go-cty's
//! `gocty.FromCtyValue`/`ToCtyValue` and the plugin framework's
//! `Plan.Get(ctx, &model)` do for Go.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;

use serde::de::{self, DeserializeSeed, Visitor};
use serde::ser::{self, Serialize};
use serde::{Deserialize, Deserializer, Serializer};

use crate::error::{Error, Result, Status};
use crate::path::PathStep;
use crate::types::{AsTypeRef, Kind, Type};
use crate::value::{AsValueRef, Value, ValueRef};

/// Reads a value into any `T: Deserialize`: an author's struct, a `Vec`, a
/// map, a number… (go-cty `gocty.FromCtyValue`).
///
/// | cty value | Rust |
/// |---|---|
/// | bool | `bool` |
/// | number | `i8`…`i128`, `u8`…`u128` when exact and in range; `f32`, `f64`: the nearest (an error only when a finite number overflows, as gocty); `String`: its exact decimal text |
/// | string | `String`, `&str` (borrowed from the value), `char`, `Vec<u8>` via `serde_bytes`; a unit-only enum by variant name |
/// | list, set, tuple | `Vec<T>`, `HashSet<T>`, `BTreeSet<T>`, `[T; N]`, Rust tuples |
/// | map, object | `HashMap<String, T>`, `BTreeMap<String, T>`, structs (serde's `rename` names the attribute) |
/// | null | `Option<T>` (`None`), `()`, [`Maybe::Null`] |
/// | unknown | [`Maybe::Unknown`] only |
/// | any | [`Value`]: the value itself, unknowns and refinements included |
///
/// Self-describing targets (serde's `deserialize_any`: untagged enums,
/// `IgnoredAny`, a JSON value type) get an `i64` or `u64` when the number
/// is one exactly, else the nearest `f64`.
///
/// Attributes of the value that the struct lacks are ignored, as serde
/// does for any format (`#[serde(deny_unknown_fields)]` refuses them); a
/// struct field the object lacks is an error unless it is an `Option` or
/// has `#[serde(default)]`. Unknowns ([`Maybe::Unknown`]) and [`Value`]
/// fields are filled by this deserializer itself, so they do not pass
/// through `#[serde(flatten)]` or untagged enums, which buffer the value
/// in serde's own form first.
///
/// # Errors
///
/// Every error names the path of the value that did not fit
/// ([`Error::path`], e.g. `.network[0].ip`; a set element is named by its
/// value): [`Status::UnknownValue`] ("value must be known") for an unknown
/// anywhere but in a [`Maybe`] or a [`Value`]; [`Status::TypeMismatch`]
/// for a null outside an `Option` ("null value is not allowed"), a value
/// of another kind, or an error of the type's own `Deserialize`;
/// [`Status::OutOfRange`] for a number the Rust type cannot hold exactly
/// ("value must be a whole number, between 0 and 255");
/// [`Status::NotFound`] for a struct field the object lacks.
///
/// ```
/// use dynval::{Maybe, Schema};
/// #[derive(serde::Deserialize)]
/// struct Server {
///     name: String,
///     cpu: Option<u32>,
///     id: Maybe<String>,
///     #[serde(rename = "network_interface")]
///     nics: Vec<Nic>,
/// }
/// #[derive(serde::Deserialize)]
/// struct Nic {
///     subnet_id: String,
/// }
///
/// let schema = Schema::from_block_json(r#"{"attributes":{"name":{"type":"string","required":true},
///     "cpu":{"type":"number","optional":true},"id":{"type":"string","computed":true}},
///     "block_types":{"network_interface":{"nesting_mode":"list",
///     "block":{"attributes":{"subnet_id":{"type":"string","required":true}}}}}}"#, 0)?;
/// let config = schema.decode_json(r#"{"name":"web","cpu":null,"id":null,"network_interface":[{"subnet_id":"s-1"}]}"#)?;
/// let server: Server = dynval::from_value(&config)?;
/// assert_eq!((server.name.as_str(), server.cpu, server.id), ("web", None, Maybe::Null));
/// assert_eq!(server.nics[0].subnet_id, "s-1");
///
/// let bad = schema.decode_json(r#"{"name":"web","cpu":1.5,"id":null,"network_interface":[]}"#)?;
/// let err = dynval::from_value::<Server>(&bad).err().unwrap();
/// assert_eq!(err.path(), ".cpu");
/// assert_eq!(err.message(), "value must be a whole number, between 0 and 4294967295");
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn from_value<'a, T: Deserialize<'a>>(value: &'a (impl AsValueRef + ?Sized)) -> Result<T> {
    T::deserialize(De { v: value.as_value_ref(), trail: None })
}

/// Builds a value of type `ty` from any `T: Serialize`, the type deciding
/// what each part becomes (go-cty `gocty.ToCtyValue(val, ty)`): a sequence
/// becomes a list, a set or a tuple, a struct or map an object or a map, an
/// integer or float a number, a `&str` a string (or, for a number type,
/// the number it spells, exactly), `None` and `()` a null of the type, a
/// unit-only enum variant its name, [`Maybe::Unknown`] an unknown of the
/// type, and a [`Value`] itself ([`convert`](ValueRef::convert)ed to the
/// type when it has another). Where `ty` is the dynamic pseudo-type, the
/// value's own shape decides: sequences become tuples, structs and maps
/// objects.
///
/// Object attributes the struct or map does not have become nulls (as
/// gocty does; `#[serde(skip_serializing_if = "Option::is_none")]` gives the
/// same); a field or key the object type lacks is an error. Optional
/// attribute markers in `ty` are ignored.
///
/// # Errors
///
/// With the path of the part that did not fit ([`Error::path`]; for a set,
/// the index in the author's sequence): [`Status::TypeMismatch`] for a
/// Rust value the type cannot hold ("cannot convert Rust bool to number"),
/// a tuple of the wrong length, a key that is not a string, or a field the
/// object type lacks ("unsupported attribute"); [`Status::InvalidArg`] for
/// NaN; [`Status::Parse`] for a `&str` that is not a number where a number
/// is required; [`Status::Unsupported`] for enum variants with data.
///
/// ```
/// use dynval::{Maybe, Type};
/// #[derive(serde::Serialize)]
/// struct Server { name: String, ports: Vec<u16>, id: Maybe<String>, size: Option<u64> }
///
/// let ty = Type::from_json(r#"["object",{"name":"string","ports":["set","number"],"id":"string","size":"number","zone":"string"}]"#)?;
/// let s = Server { name: "web".into(), ports: vec![443, 80], id: Maybe::Unknown, size: None };
/// let v = dynval::to_value(&s, &ty)?;
/// assert_eq!(v.ty(), ty);
/// assert!(!v.get("id")?.unwrap().is_known());
/// assert!(v.get("zone")?.unwrap().is_null()); // not in the struct
/// assert_eq!(v.get("ports")?.unwrap().element(0).unwrap().as_u64()?, 80); // a set: cty's order
///
/// let err = dynval::to_value(&vec![true], Type::list(Type::number())).unwrap_err();
/// assert_eq!((err.path(), err.message()), ("[0]", "cannot convert Rust bool to number"));
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn to_value<T: Serialize + ?Sized>(value: &T, ty: impl AsTypeRef) -> Result<Value> {
    let ty = ty.as_type_ref();
    let ty = if ty.has_optional() { ty.without_optional() } else { ty.to_type() };
    value.serialize(Ser { ty: &ty, trail: None })
}

/// A value that may also be unknown or null, for a model field that a plan
/// can leave unknown (the plugin framework's `types.String` with
/// `IsUnknown`/`IsNull`). [`from_value`] reads an unknown into
/// [`Unknown`](Maybe::Unknown) and a null into [`Null`](Maybe::Null);
/// [`to_value`] writes them back as an unknown and a null of the
/// attribute's type. With other serde formats it reads and writes as an
/// `Option<T>` (an unknown as none).
///
/// An unknown of any type reads as [`Unknown`](Maybe::Unknown): `T` is
/// not checked against it. Refinements of an unknown are not kept; read
/// the field as a [`Value`] for them.
///
/// ```
/// use dynval::{Maybe, Type, Value};
/// let v: Maybe<String> = dynval::from_value(&Value::unknown(Type::string()))?;
/// assert_eq!(v, Maybe::Unknown);
/// let v: Maybe<String> = dynval::from_value(&Value::from("i-1"))?;
/// assert_eq!(v.known(), Some("i-1".to_string()));
/// assert_eq!(dynval::to_value(&Maybe::<String>::Null, Type::string())?, Value::null(Type::string()));
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub enum Maybe<T> {
    /// A known, non-null value.
    Known(T),
    /// Null (the default, so `#[serde(default)]` accepts a missing
    /// attribute).
    #[default]
    Null,
    /// Unknown: decided only when the resource is applied.
    Unknown,
}

impl<T> Maybe<T> {
    /// True for [`Maybe::Unknown`].
    ///
    /// ```
    /// assert!(dynval::Maybe::<u8>::Unknown.is_unknown());
    /// ```
    pub fn is_unknown(&self) -> bool {
        matches!(self, Maybe::Unknown)
    }

    /// The known value, if any.
    ///
    /// ```
    /// assert_eq!(dynval::Maybe::Known(3).known(), Some(3));
    /// assert_eq!(dynval::Maybe::<u8>::Null.known(), None);
    /// ```
    pub fn known(self) -> Option<T> {
        match self {
            Maybe::Known(t) => Some(t),
            _ => None,
        }
    }
}

impl<T> From<Option<T>> for Maybe<T> {
    /// `Some` is known, `None` null.
    fn from(o: Option<T>) -> Maybe<T> {
        o.map_or(Maybe::Null, Maybe::Known)
    }
}

// Private names by which the impls below recognise this module's
// serializer and deserializer (as serde_json's RawValue does).
const RAW: &str = "$dynval::private::Value";
const MAYBE: &str = "$dynval::private::Maybe";
const UNKNOWN: &str = "$dynval::private::Unknown";

thread_local! {
    // The value a `Value` field receives or gives: set just before the
    // call that reads it and emptied right after, so nothing lingers.
    static RAW_SLOT: RefCell<Option<Value>> = const { RefCell::new(None) };
}

fn put_raw(v: Value) {
    RAW_SLOT.with(|s| *s.borrow_mut() = Some(v));
}

fn take_raw() -> Option<Value> {
    RAW_SLOT.with(|s| s.borrow_mut().take())
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Maybe<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Maybe<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value, null or unknown")
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<Maybe<T>, E> {
                Ok(Maybe::Unknown) // only this module's deserializer says so
            }
            fn visit_none<E: de::Error>(self) -> std::result::Result<Maybe<T>, E> {
                Ok(Maybe::Null)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Maybe<T>, D::Error> {
                T::deserialize(d).map(Maybe::Known)
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Maybe<T>, D::Error> {
                Option::<T>::deserialize(d).map(Maybe::from) // other formats
            }
        }
        d.deserialize_newtype_struct(MAYBE, V(std::marker::PhantomData))
    }
}

impl<T: Serialize> Serialize for Maybe<T> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Maybe::Known(t) => s.serialize_some(t),
            Maybe::Null => s.serialize_none(),
            Maybe::Unknown => s.serialize_unit_struct(UNKNOWN),
        }
    }
}

impl<'de> Deserialize<'de> for Value {
    /// Receives the value itself (unknowns and refinements included) from
    /// [`from_value`]; other deserializers fail.
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Value, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Value;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a dynval::Value (read only by dynval::from_value)")
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<Value, E> {
                take_raw().ok_or_else(|| E::custom("a dynval::Value is read only by dynval::from_value"))
            }
        }
        d.deserialize_newtype_struct(RAW, V)
    }
}

impl Serialize for ValueRef<'_> {
    /// Gives the value itself to [`to_value`]; other serializers fail.
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        struct Marker;
        impl Serialize for Marker {
            fn serialize<S: Serializer>(&self, _: S) -> std::result::Result<S::Ok, S::Error> {
                take_raw(); // another serializer: nothing may linger
                Err(ser::Error::custom("a dynval::Value is written only by dynval::to_value"))
            }
        }
        put_raw(self.to_value());
        s.serialize_newtype_struct(RAW, &Marker)
    }
}

impl Serialize for Value {
    /// See [`ValueRef`]'s `Serialize`.
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        self.as_value_ref().serialize(s)
    }
}

impl de::Error for Error {
    /// An error of a type's own `Deserialize` ([`Status::TypeMismatch`]).
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(Status::TypeMismatch, msg.to_string())
    }

    fn missing_field(field: &'static str) -> Error {
        Error::new(Status::NotFound, format!("missing attribute {field:?}"))
    }

    fn unknown_field(field: &str, _expected: &'static [&'static str]) -> Error {
        Error::new(Status::TypeMismatch, format!("unsupported attribute {field:?}"))
    }
}

impl ser::Error for Error {
    /// An error of a type's own `Serialize` ([`Status::TypeMismatch`]).
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::new(Status::TypeMismatch, msg.to_string())
    }
}

// ---- where we are: a path kept on the stack, built into steps on error ----

#[derive(Clone, Copy)]
enum Step<'a> {
    Attr(&'a [u8]),
    Key(&'a [u8]),
    Index(usize),
    Element(ValueRef<'a>),
}

struct Node<'a, 'p> {
    parent: Option<&'p Node<'a, 'p>>,
    step: Step<'a>,
}

type Trail<'a, 'p> = Option<&'p Node<'a, 'p>>;

fn steps(mut trail: Trail<'_, '_>) -> Vec<PathStep> {
    let name = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let mut out = Vec::new();
    while let Some(n) = trail {
        out.push(match n.step {
            Step::Attr(b) => PathStep::Attr(name(b)),
            Step::Key(b) => PathStep::Key(name(b)),
            Step::Index(i) => PathStep::Index(i as i64),
            Step::Element(v) => PathStep::Element(v.to_value()),
        });
        trail = n.parent;
    }
    out.reverse();
    out
}

/// The result of a C call on the value at `trail`: its error's path, if
/// any, starts there.
fn located<T>(trail: Trail<'_, '_>, r: Result<T>) -> Result<T> {
    r.map_err(|e| e.under(|| steps(trail)))
}

fn error_at(trail: Trail<'_, '_>, status: Status, message: impl Into<String>) -> Error {
    Error::new(status, message).at_steps(|| steps(trail))
}

// ---- from_value: a Deserializer over a value --------------------------------

struct De<'a, 'p> {
    v: ValueRef<'a>,
    trail: Trail<'a, 'p>,
}

impl<'a> De<'a, '_> {
    fn err(&self, status: Status, message: impl Into<String>) -> Error {
        error_at(self.trail, status, message)
    }

    fn locate<T>(&self, r: Result<T>) -> Result<T> {
        r.map_err(|e| e.at_steps(|| steps(self.trail)))
    }

    /// The value, when it is known and not null.
    fn present(&self) -> Result<ValueRef<'a>> {
        if !self.v.is_known() {
            return Err(self.err(Status::UnknownValue, "value must be known"));
        }
        if self.v.is_null() {
            return Err(self.err(Status::TypeMismatch, "null value is not allowed"));
        }
        Ok(self.v)
    }

    fn mismatch(&self, want: &str) -> Error {
        self.err(Status::TypeMismatch, format!("{want} is required, got {}", self.v.ty().friendly_name()))
    }

    fn number(&self) -> Result<ValueRef<'a>> {
        let v = self.present()?;
        if v.kind() != Kind::Number {
            return Err(self.mismatch("a number"));
        }
        Ok(v)
    }

    /// An integer of type `T` exactly, else gocty's message.
    fn integer<T>(&self, min: T, max: T) -> Result<T>
    where
        T: TryFrom<i64> + TryFrom<u64> + FromStr + fmt::Display,
    {
        let v = self.number()?;
        let got = if let Ok(i) = v.as_i64() {
            T::try_from(i).ok()
        } else if let Ok(u) = v.as_u64() {
            T::try_from(u).ok()
        } else {
            // Past 64 bits (i128, u128): the exact text, which has no
            // exponent and parses only when whole.
            v.number_text().ok().and_then(|t| t.parse().ok())
        };
        got.ok_or_else(|| {
            self.err(Status::OutOfRange, format!("value must be a whole number, between {min} and {max}"))
        })
    }

    /// The nearest `f64`; only a finite number too large is an error, as in
    /// gocty (an infinity stays one).
    fn float(&self) -> Result<f64> {
        let (f, exact) = self.locate(self.number()?.as_f64_lossy())?;
        if !exact && f.is_infinite() {
            return Err(self.err(Status::OutOfRange, format!("value must be between {} and {}", f64::MIN, f64::MAX)));
        }
        Ok(f)
    }

    fn float32(&self) -> Result<f32> {
        let f = self.float()?;
        let v = self.number()?;
        // Round once: an exact double converts directly; anything else is
        // parsed from its exact text.
        let g = match v.as_f64() {
            Ok(_) => f as f32,
            Err(_) => self.locate(v.number_text())?.parse::<f32>().unwrap_or(f as f32),
        };
        if g.is_infinite() && f.is_finite() {
            return Err(self.err(Status::OutOfRange, format!("value must be between {} and {}", f32::MIN, f32::MAX)));
        }
        Ok(g)
    }

    fn utf8(&self, v: ValueRef<'a>) -> Result<&'a str> {
        std::str::from_utf8(self.locate(v.as_bytes())?)
            .map_err(|_| self.err(Status::TypeMismatch, "string is not valid UTF-8 (read it as bytes)"))
    }

    fn seq<V: Visitor<'a>>(self, v: ValueRef<'a>, visitor: V) -> Result<V::Value> {
        let n = self.locate(v.len())?;
        let set = v.kind() == Kind::Set;
        let mut seq = Seq { v, i: 0, n, set, trail: self.trail };
        let got = self.locate(visitor.visit_seq(&mut seq))?;
        if seq.i < n {
            // A Rust tuple or array shorter than the value.
            return Err(self.err(Status::TypeMismatch, format!("{n} elements, but the Rust type takes {}", seq.i)));
        }
        Ok(got)
    }

    fn map<V: Visitor<'a>>(self, v: ValueRef<'a>, visitor: V) -> Result<V::Value> {
        let n = self.locate(v.len())?;
        let object = v.kind() == Kind::Object;
        self.locate(visitor.visit_map(Entries { v, i: 0, n, object, trail: self.trail, value: None }))
    }
}

macro_rules! de_integers {
    ($($method:ident $visit:ident $t:ty;)*) => {$(
        fn $method<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
            let n = self.integer::<$t>(<$t>::MIN, <$t>::MAX)?;
            self.locate(visitor.$visit(n))
        }
    )*};
}

impl<'a> Deserializer<'a> for De<'a, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        if self.v.is_known() && self.v.is_null() {
            return self.locate(visitor.visit_none());
        }
        let v = self.present()?;
        match v.kind() {
            Kind::Bool => self.locate(visitor.visit_bool(self.locate(v.as_bool())?)),
            Kind::Number => {
                if let Ok(i) = v.as_i64() {
                    self.locate(visitor.visit_i64(i))
                } else if let Ok(u) = v.as_u64() {
                    self.locate(visitor.visit_u64(u))
                } else {
                    self.locate(visitor.visit_f64(self.float()?))
                }
            }
            Kind::String => match std::str::from_utf8(self.locate(v.as_bytes())?) {
                Ok(s) => self.locate(visitor.visit_borrowed_str(s)),
                Err(_) => self.locate(visitor.visit_borrowed_bytes(v.as_bytes()?)),
            },
            Kind::List | Kind::Set | Kind::Tuple => self.seq(v, visitor),
            Kind::Map | Kind::Object => self.map(v, visitor),
            _ => Err(self.mismatch("a known value")),
        }
    }

    fn deserialize_bool<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let v = self.present()?;
        if v.kind() != Kind::Bool {
            return Err(self.mismatch("a bool"));
        }
        self.locate(visitor.visit_bool(self.locate(v.as_bool())?))
    }

    de_integers! {
        deserialize_i8 visit_i8 i8;
        deserialize_i16 visit_i16 i16;
        deserialize_i32 visit_i32 i32;
        deserialize_i64 visit_i64 i64;
        deserialize_i128 visit_i128 i128;
        deserialize_u8 visit_u8 u8;
        deserialize_u16 visit_u16 u16;
        deserialize_u32 visit_u32 u32;
        deserialize_u64 visit_u64 u64;
        deserialize_u128 visit_u128 u128;
    }

    fn deserialize_f32<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let f = self.float32()?;
        self.locate(visitor.visit_f32(f))
    }

    fn deserialize_f64<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let f = self.float()?;
        self.locate(visitor.visit_f64(f))
    }

    fn deserialize_char<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let v = self.present()?;
        if v.kind() != Kind::String {
            return Err(self.mismatch("a string"));
        }
        let s = self.utf8(v)?;
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.locate(visitor.visit_char(c)),
            _ => Err(self.err(Status::TypeMismatch, format!("a single character is required, got {s:?}"))),
        }
    }

    /// A string, or a number's exact decimal text.
    fn deserialize_str<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let v = self.present()?;
        match v.kind() {
            Kind::String => self.locate(visitor.visit_borrowed_str(self.utf8(v)?)),
            Kind::Number => self.locate(visitor.visit_string(self.locate(v.number_text())?)),
            _ => Err(self.mismatch("a string")),
        }
    }

    fn deserialize_string<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let v = self.present()?;
        if v.kind() != Kind::String {
            return Err(self.mismatch("a string"));
        }
        self.locate(visitor.visit_borrowed_bytes(self.locate(v.as_bytes())?))
    }

    fn deserialize_byte_buf<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        if !self.v.is_known() {
            return Err(self.err(Status::UnknownValue, "value must be known"));
        }
        if self.v.is_null() {
            return self.locate(visitor.visit_none());
        }
        let trail = self.trail;
        visitor.visit_some(self).map_err(|e| e.at_steps(|| steps(trail)))
    }

    fn deserialize_unit<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        if !self.v.is_known() {
            return Err(self.err(Status::UnknownValue, "value must be known"));
        }
        if !self.v.is_null() {
            return Err(self.mismatch("null"));
        }
        self.locate(visitor.visit_unit())
    }

    fn deserialize_unit_struct<V: Visitor<'a>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'a>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        let trail = self.trail;
        let r = match name {
            RAW => {
                put_raw(self.v.to_value());
                let r = visitor.visit_unit();
                take_raw();
                r
            }
            MAYBE if !self.v.is_known() => visitor.visit_unit(),
            MAYBE if self.v.is_null() => visitor.visit_none(),
            MAYBE => visitor.visit_some(self),
            _ => visitor.visit_newtype_struct(self),
        };
        r.map_err(|e| e.at_steps(|| steps(trail)))
    }

    fn deserialize_seq<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let v = self.present()?;
        match v.kind() {
            Kind::List | Kind::Set | Kind::Tuple => self.seq(v, visitor),
            _ => Err(self.mismatch("a list, set or tuple")),
        }
    }

    fn deserialize_tuple<V: Visitor<'a>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        let v = self.present()?;
        match v.kind() {
            Kind::Map | Kind::Object => self.map(v, visitor),
            _ => Err(self.mismatch("a map or object")),
        }
    }

    fn deserialize_struct<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let v = self.present()?;
        match v.kind() {
            Kind::Map | Kind::Object => self.map(v, visitor),
            _ => Err(self.mismatch("an object")),
        }
    }

    /// A unit variant, by name, from a string.
    fn deserialize_enum<V: Visitor<'a>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let v = self.present()?;
        if v.kind() != Kind::String {
            return Err(self.mismatch("a string (a variant's name)"));
        }
        let name = de::value::BorrowedStrDeserializer::<Error>::new(self.utf8(v)?);
        self.locate(visitor.visit_enum(name))
    }

    fn deserialize_identifier<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    /// Anything, unknowns included: what the struct does not read is not
    /// looked at.
    fn deserialize_ignored_any<V: Visitor<'a>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }
}

/// The elements of a list, tuple or set.
struct Seq<'a, 'p> {
    v: ValueRef<'a>,
    i: usize,
    n: usize,
    set: bool,
    trail: Trail<'a, 'p>,
}

impl<'a> de::SeqAccess<'a> for Seq<'a, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'a>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.i >= self.n {
            return Ok(None);
        }
        let Some(e) = self.v.element(self.i) else { return Ok(None) };
        let step = if self.set { Step::Element(e) } else { Step::Index(self.i) };
        self.i += 1;
        let node = Node { parent: self.trail, step };
        seed.deserialize(De { v: e, trail: Some(&node) }).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.n - self.i)
    }
}

/// The entries of a map or the attributes of an object.
struct Entries<'a, 'p> {
    v: ValueRef<'a>,
    i: usize,
    n: usize,
    object: bool,
    trail: Trail<'a, 'p>,
    value: Option<(&'a [u8], ValueRef<'a>)>,
}

impl<'a> Entries<'a, '_> {
    fn step(&self, key: &'a [u8]) -> Step<'a> {
        if self.object {
            Step::Attr(key)
        } else {
            Step::Key(key)
        }
    }
}

impl<'a> de::MapAccess<'a> for Entries<'a, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'a>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.i >= self.n {
            return Ok(None);
        }
        let Some((key, v)) = self.v.entry(self.i) else { return Ok(None) };
        self.i += 1;
        self.value = Some((key, v));
        let node = Node { parent: self.trail, step: self.step(key) };
        let at = || steps(Some(&node));
        let key = std::str::from_utf8(key)
            .map_err(|_| Error::new(Status::TypeMismatch, "name is not valid UTF-8").at_steps(at))?;
        seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(key)).map(Some).map_err(|e| e.at_steps(at))
    }

    fn next_value_seed<T: DeserializeSeed<'a>>(&mut self, seed: T) -> Result<T::Value> {
        let (key, v) = self.value.take().expect("next_value_seed after next_key_seed");
        let node = Node { parent: self.trail, step: self.step(key) };
        seed.deserialize(De { v, trail: Some(&node) })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.n - self.i)
    }
}

// ---- to_value: a Serializer guided by the target type -----------------------

#[derive(Clone, Copy)]
struct Ser<'p> {
    ty: &'p Type,
    trail: Trail<'p, 'p>,
}

impl<'p> Ser<'p> {
    /// See [`located`].
    fn locate<T>(&self, r: Result<T>) -> Result<T> {
        located(self.trail, r)
    }

    fn mismatch(&self, what: &str) -> Error {
        error_at(self.trail, Status::TypeMismatch, format!("cannot convert Rust {what} to {}", self.ty.friendly_name()))
    }

    /// A primitive of kind `want` (or anything for the dynamic type).
    fn primitive(&self, want: Kind, what: &str, make: impl FnOnce() -> Result<Value>) -> Result<Value> {
        match self.ty.kind() {
            k if k == want || k == Kind::Dynamic => self.locate(make()),
            _ => Err(self.mismatch(what)),
        }
    }

    fn unsupported(&self, what: &str) -> Error {
        error_at(self.trail, Status::Unsupported, format!("{what} are not supported; use a struct or a unit variant"))
    }

    fn seq(self, len: Option<usize>) -> Result<SeqSer<'p>> {
        let kind = self.ty.kind();
        let elem = match kind {
            Kind::List | Kind::Set => self.ty.element(),
            Kind::Tuple | Kind::Dynamic => None,
            _ => return Err(self.mismatch("sequence")),
        };
        Ok(SeqSer { ty: self.ty.clone(), kind, elem, items: Vec::with_capacity(len.unwrap_or(0)), trail: self.trail })
    }

    fn map(self, len: Option<usize>) -> Result<MapSer<'p>> {
        let kind = self.ty.kind();
        let elem = match kind {
            Kind::Map => self.ty.element(),
            Kind::Object | Kind::Dynamic => None,
            _ => return Err(self.mismatch("struct or map")),
        };
        Ok(MapSer {
            ty: self.ty.clone(),
            kind,
            elem,
            entries: Vec::with_capacity(len.unwrap_or(0)),
            given: vec![false; self.ty.attribute_count()],
            key: None,
            trail: self.trail,
        })
    }
}

macro_rules! ser_integers {
    ($($method:ident $t:ty => $make:expr;)*) => {$(
        fn $method(self, n: $t) -> Result<Value> {
            self.primitive(Kind::Number, stringify!($t), || $make(n))
        }
    )*};
}

fn wide<T: fmt::Display>(n: T) -> Result<Value> {
    Value::parse_number(&n.to_string())
}

impl<'p> Serializer for Ser<'p> {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = SeqSer<'p>;
    type SerializeTuple = SeqSer<'p>;
    type SerializeTupleStruct = SeqSer<'p>;
    type SerializeTupleVariant = ser::Impossible<Value, Error>;
    type SerializeMap = MapSer<'p>;
    type SerializeStruct = MapSer<'p>;
    type SerializeStructVariant = ser::Impossible<Value, Error>;

    fn serialize_bool(self, b: bool) -> Result<Value> {
        self.primitive(Kind::Bool, "bool", || Ok(Value::bool(b)))
    }

    ser_integers! {
        serialize_i8 i8 => |n: i8| Ok(Value::int(n.into()));
        serialize_i16 i16 => |n: i16| Ok(Value::int(n.into()));
        serialize_i32 i32 => |n: i32| Ok(Value::int(n.into()));
        serialize_i64 i64 => |n: i64| Ok(Value::int(n));
        serialize_i128 i128 => |n: i128| i64::try_from(n).map(Value::int).or_else(|_| wide(n));
        serialize_u8 u8 => |n: u8| Ok(Value::uint(n.into()));
        serialize_u16 u16 => |n: u16| Ok(Value::uint(n.into()));
        serialize_u32 u32 => |n: u32| Ok(Value::uint(n.into()));
        serialize_u64 u64 => |n: u64| Ok(Value::uint(n));
        serialize_u128 u128 => |n: u128| u64::try_from(n).map(Value::uint).or_else(|_| wide(n));
        serialize_f32 f32 => |n: f32| Value::float(n.into());
        serialize_f64 f64 => Value::float;
    }

    fn serialize_char(self, c: char) -> Result<Value> {
        self.serialize_str(c.encode_utf8(&mut [0; 4]))
    }

    /// A string; for a number type, the number the text spells (exactly).
    fn serialize_str(self, s: &str) -> Result<Value> {
        match self.ty.kind() {
            Kind::Number => self.locate(Value::parse_number(s)),
            _ => self.primitive(Kind::String, "string", || Ok(Value::string(s))),
        }
    }

    fn serialize_bytes(self, b: &[u8]) -> Result<Value> {
        self.primitive(Kind::String, "bytes", || Ok(Value::string(b)))
    }

    fn serialize_none(self) -> Result<Value> {
        Ok(Value::null(self.ty))
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<Value> {
        Ok(Value::null(self.ty))
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result<Value> {
        Ok(if name == UNKNOWN { Value::unknown(self.ty) } else { Value::null(self.ty) })
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<Value> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, name: &'static str, value: &T) -> Result<Value> {
        if name != RAW {
            return value.serialize(self);
        }
        let v = take_raw().ok_or_else(|| self.mismatch("value"))?;
        if self.ty.kind() == Kind::Dynamic || v.ty() == *self.ty {
            return Ok(v);
        }
        self.locate(v.convert(self.ty))
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<Value> {
        Err(self.unsupported("enum variants with data"))
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<SeqSer<'p>> {
        self.seq(len)
    }

    fn serialize_tuple(self, len: usize) -> Result<SeqSer<'p>> {
        self.seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<SeqSer<'p>> {
        self.seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(self.unsupported("enum variants with data"))
    }

    fn serialize_map(self, len: Option<usize>) -> Result<MapSer<'p>> {
        self.map(len)
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapSer<'p>> {
        self.map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(self.unsupported("enum variants with data"))
    }
}

/// Converts values whose types differ to their unified type, for a list,
/// set or map of the dynamic type (cty needs one element type).
fn unified(items: &[Value]) -> Result<(Type, Vec<Value>)> {
    if items.is_empty() {
        return Ok((Type::dynamic(), Vec::new()));
    }
    let types: Vec<_> = items.iter().map(|v| v.ty()).collect();
    let (t, _) = Type::unify(&types)?;
    let items = items.iter().map(|v| v.convert(&t)).collect::<Result<Vec<_>>>()?;
    Ok((t, items))
}

/// A sequence becoming a list, set or tuple.
struct SeqSer<'p> {
    ty: Type,
    kind: Kind,
    elem: Option<Type>,
    items: Vec<Value>,
    trail: Trail<'p, 'p>,
}

impl ser::SerializeSeq for SeqSer<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let i = self.items.len();
        let ty = match &self.elem {
            Some(t) => t.clone(),
            None if self.kind == Kind::Tuple => self.ty.tuple_element(i).ok_or_else(|| {
                error_at(
                    self.trail,
                    Status::TypeMismatch,
                    format!("{} has {} elements, got more", self.ty.friendly_name(), self.ty.tuple_length()),
                )
            })?,
            None => Type::dynamic(),
        };
        let node = Node { parent: self.trail, step: Step::Index(i) };
        self.items.push(value.serialize(Ser { ty: &ty, trail: Some(&node) })?);
        Ok(())
    }

    fn end(self) -> Result<Value> {
        let trail = self.trail;
        let dynamic_elem = self.elem.as_ref().is_some_and(|t| t.kind() == Kind::Dynamic);
        match (self.kind, &self.elem) {
            (Kind::List | Kind::Set, Some(elem)) => {
                let (elem, items) =
                    if dynamic_elem { located(trail, unified(&self.items))? } else { (elem.clone(), self.items) };
                let make = if self.kind == Kind::List { Value::list::<Value> } else { Value::set::<Value> };
                located(trail, make(&elem, &items))
            }
            (Kind::Tuple, _) if self.items.len() != self.ty.tuple_length() => Err(error_at(
                self.trail,
                Status::TypeMismatch,
                format!(
                    "{} has {} elements, got {}",
                    self.ty.friendly_name(),
                    self.ty.tuple_length(),
                    self.items.len()
                ),
            )),
            _ => located(trail, Value::tuple(&self.items)),
        }
    }
}

impl ser::SerializeTuple for SeqSer<'_> {
    type Ok = Value;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for SeqSer<'_> {
    type Ok = Value;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<Value> {
        ser::SerializeSeq::end(self)
    }
}

/// A struct or map becoming an object or a map.
struct MapSer<'p> {
    ty: Type,
    kind: Kind,
    elem: Option<Type>,
    entries: Vec<(String, Value)>,
    /// Which attributes of an object type the author's value gave.
    given: Vec<bool>,
    key: Option<String>,
    trail: Trail<'p, 'p>,
}

impl MapSer<'_> {
    fn entry<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<()> {
        let step = if self.kind == Kind::Map { Step::Key(key.as_bytes()) } else { Step::Attr(key.as_bytes()) };
        let node = Node { parent: self.trail, step };
        let ty = match (self.kind, &self.elem) {
            (Kind::Map, Some(elem)) => elem.clone(),
            (Kind::Object, _) => {
                let i = self.ty.attribute_index(&key).ok_or_else(|| {
                    error_at(Some(&node), Status::TypeMismatch, format!("unsupported attribute {key:?}"))
                })?;
                self.given[i] = true;
                self.ty.attribute_type(i).expect("attribute within the type")
            }
            _ => Type::dynamic(),
        };
        let v = value.serialize(Ser { ty: &ty, trail: Some(&node) })?;
        self.entries.push((key, v));
        Ok(())
    }
}

impl ser::SerializeMap for MapSer<'_> {
    type Ok = Value;
    type Error = Error;

    /// Keys are strings (or anything that serializes as one: `char`, unit
    /// variants).
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        let string = Type::string();
        let k = key.serialize(Ser { ty: &string, trail: self.trail })?;
        let k = k.as_str().map_err(|e| e.at_steps(|| steps(self.trail)))?.to_owned();
        self.key = Some(k);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self.key.take().expect("serialize_value after serialize_key");
        self.entry(key, value)
    }

    fn end(self) -> Result<Value> {
        let trail = self.trail;
        match (self.kind, &self.elem) {
            (Kind::Map, Some(elem)) => {
                let (keys, vals): (Vec<String>, Vec<Value>) = self.entries.into_iter().unzip();
                let (elem, vals) =
                    if elem.kind() == Kind::Dynamic { located(trail, unified(&vals))? } else { (elem.clone(), vals) };
                let entries: Vec<(&str, &Value)> = keys.iter().map(String::as_str).zip(vals.iter()).collect();
                located(trail, Value::map(&elem, &entries))
            }
            (Kind::Object, _) => {
                // Attributes the author's type does not have are null.
                let mut entries = self.entries;
                for i in (0..self.given.len()).filter(|&i| !self.given[i]) {
                    let name = self.ty.attribute_name_bytes(i).unwrap_or_default();
                    let ty = self.ty.attribute_type(i).expect("attribute within the type");
                    entries.push((String::from_utf8_lossy(name).into_owned(), Value::null(ty)));
                }
                located(trail, Value::object(&entries))
            }
            _ => located(trail, Value::object(&self.entries)),
        }
    }
}

impl ser::SerializeStruct for MapSer<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.entry(key.to_owned(), value)
    }

    fn end(self) -> Result<Value> {
        ser::SerializeMap::end(self)
    }
}
