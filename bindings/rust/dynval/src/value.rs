//! cty values: [`Value`] (owned), [`ValueRef`] (borrowed), refinements and
//! iterators.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ptr::{self, NonNull};

use dynval_sys as sys;

use crate::error::{call, expect_ok, Error, Result, Status};
use crate::path::{AsPathRef, Path, PathStep};
use crate::types::{AsTypeRef, Kind, TypeRef};
use crate::util::{dv_str, str_bytes, Buffer};

/// The result of [`ValueRef::equals`] (cty `Value.Equals`).
///
/// ```
/// use dynval::{Tristate, Type, Value};
/// assert_eq!(Value::from(1).equals(&Value::from(1)), Tristate::True);
/// assert_eq!(Value::from(1).equals(&Value::unknown(Type::number())), Tristate::Unknown);
/// assert_eq!(Tristate::True.known(), Some(true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tristate {
    /// Definitely not equal.
    False,
    /// Definitely equal.
    True,
    /// The answer depends on unknown values.
    Unknown,
}

impl Tristate {
    /// `Some(bool)` when the answer is known.
    ///
    /// ```
    /// assert_eq!(dynval::Tristate::Unknown.known(), None);
    /// assert_eq!(dynval::Tristate::False.known(), Some(false));
    /// ```
    pub fn known(self) -> Option<bool> {
        match self {
            Tristate::False => Some(false),
            Tristate::True => Some(true),
            Tristate::Unknown => None,
        }
    }
}

/// Refinements of an unknown value (cty `Value.Refine()`), used to build one
/// with [`Value::unknown_refined`] and returned by
/// [`ValueRef::refinements`].
///
/// Build it with the chained methods named after cty's refinement builder;
/// the fields are public for reading. Number bounds are known number
/// values with an inclusive flag; `None` means unbounded.
///
/// ```
/// use dynval::{Refinements, Type, Value};
/// let r = Refinements::new().not_null().string_prefix("i-");
/// let id = Value::unknown_refined(Type::string(), &r)?;
/// assert!(!id.is_known());
/// assert_eq!(id.refinements(), Some(r));
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Refinements {
    /// The value is definitely not null.
    pub not_null: bool,
    /// Known prefix of a string (NFC-normalised by libdynval when built).
    pub prefix: Option<Vec<u8>>,
    /// Lower bound of a number and whether it is inclusive.
    pub lower: Option<(Value, bool)>,
    /// Upper bound of a number and whether it is inclusive.
    pub upper: Option<(Value, bool)>,
    /// Minimum length of a collection (inclusive).
    pub length_min: Option<i64>,
    /// Maximum length of a collection (inclusive).
    pub length_max: Option<i64>,
}

impl Refinements {
    /// No refinement.
    ///
    /// ```
    /// assert_eq!(dynval::Refinements::new(), dynval::Refinements::default());
    /// ```
    pub fn new() -> Refinements {
        Refinements::default()
    }

    /// Refines as definitely not null (cty `NotNull`).
    ///
    /// ```
    /// assert!(dynval::Refinements::new().not_null().not_null);
    /// ```
    pub fn not_null(mut self) -> Refinements {
        self.not_null = true;
        self
    }

    /// Sets a known string prefix (cty `StringPrefix`; string type only).
    ///
    /// ```
    /// let r = dynval::Refinements::new().string_prefix("arn:");
    /// assert_eq!(r.prefix.as_deref(), Some(&b"arn:"[..]));
    /// ```
    pub fn string_prefix(mut self, prefix: impl AsRef<[u8]>) -> Refinements {
        self.prefix = Some(prefix.as_ref().to_vec());
        self
    }

    /// Sets a lower bound (cty `NumberRangeLowerBound`; number type only).
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let r = Refinements::new().number_lower_bound(Value::from(1), true);
    /// let v = Value::unknown_refined(Type::number(), &r)?;
    /// let (lo, inclusive) = v.refined_lower_bound()?;
    /// assert_eq!(lo.as_i64()?, 1);
    /// assert!(inclusive);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn number_lower_bound(mut self, bound: impl Into<Value>, inclusive: bool) -> Refinements {
        self.lower = Some((bound.into(), inclusive));
        self
    }

    /// Sets an upper bound (cty `NumberRangeUpperBound`; number type only).
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let r = Refinements::new().number_upper_bound(Value::parse_number("2.5")?, false);
    /// let v = Value::unknown_refined(Type::number(), &r)?;
    /// assert_eq!(v.refined_upper_bound()?.0.number_text()?, "2.5");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn number_upper_bound(mut self, bound: impl Into<Value>, inclusive: bool) -> Refinements {
        self.upper = Some((bound.into(), inclusive));
        self
    }

    /// Sets the minimum length (cty `CollectionLengthLowerBound`; list, set
    /// and map only).
    ///
    /// ```
    /// let r = dynval::Refinements::new().collection_length_lower_bound(1);
    /// assert_eq!(r.length_min, Some(1));
    /// ```
    pub fn collection_length_lower_bound(mut self, min: i64) -> Refinements {
        self.length_min = Some(min);
        self
    }

    /// Sets the maximum length (cty `CollectionLengthUpperBound`).
    ///
    /// ```
    /// let r = dynval::Refinements::new().collection_length_upper_bound(3);
    /// assert_eq!(r.length_max, Some(3));
    /// ```
    pub fn collection_length_upper_bound(mut self, max: i64) -> Refinements {
        self.length_max = Some(max);
        self
    }

    /// True when nothing is refined.
    ///
    /// ```
    /// assert!(dynval::Refinements::new().is_empty());
    /// assert!(!dynval::Refinements::new().not_null().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        *self == Refinements::default()
    }
}

impl fmt::Display for Refinements {
    /// A compact description such as
    /// `not null, prefix "i-", >= 1, < 10, length >= 1, length <= 3`
    /// (empty when nothing is refined).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.not_null {
            parts.push("not null".into());
        }
        if let Some(p) = &self.prefix {
            parts.push(format!("prefix {:?}", String::from_utf8_lossy(p)));
        }
        let num = |v: &Value| v.number_text().unwrap_or_else(|_| "?".into());
        if let Some((v, inc)) = &self.lower {
            parts.push(format!("{} {}", if *inc { ">=" } else { ">" }, num(v)));
        }
        if let Some((v, inc)) = &self.upper {
            parts.push(format!("{} {}", if *inc { "<=" } else { "<" }, num(v)));
        }
        if let Some(min) = self.length_min {
            parts.push(format!("length >= {min}"));
        }
        if let Some(max) = self.length_max {
            parts.push(format!("length <= {max}"));
        }
        f.write_str(&parts.join(", "))
    }
}

/// Anything that can lend a [`ValueRef`]: [`Value`], [`ValueRef`], and
/// references to them. Constructors taking element values accept any of
/// these.
pub trait AsValueRef {
    /// Borrows the value.
    fn as_value_ref(&self) -> ValueRef<'_>;
}

impl<T: AsValueRef + ?Sized> AsValueRef for &T {
    fn as_value_ref(&self) -> ValueRef<'_> {
        (**self).as_value_ref()
    }
}

/// An owned reference to an immutable cty value (`dv_value_t`): null,
/// unknown (possibly refined) or known, of any type.
///
/// Clone is O(1) (`dv_value_clone`); drop calls `dv_value_free`. Values are
/// immutable with atomic reference counts, so `Value` is `Send + Sync`.
/// `PartialEq`/`Eq`/`Hash` are cty `RawEquals` identity (types, unknowns
/// and refinements must match) with `dv_value_hash`, which agrees with it;
/// use [`ValueRef::equals`] for cty's three-valued `Equals`.
///
/// Read access lives on the borrowed view [`ValueRef`]; `Value` forwards
/// every reader to it.
///
/// ```
/// use dynval::{Type, Value};
/// let v = Value::object(&[
///     ("name", Value::from("web-1")),
///     ("port", Value::from(8080)),
///     ("zones", Value::list(Type::string(), &[Value::from("a"), Value::from("b")])?),
/// ])?;
/// assert_eq!(v.get("port")?.unwrap().as_i64()?, 8080);
/// let zones: Vec<&str> = v.get("zones")?.unwrap().elements().map(|z| z.as_str().unwrap()).collect();
/// assert_eq!(zones, ["a", "b"]);
/// assert_eq!(v.to_json(v.ty())?, r#"{"name":"web-1","port":8080,"zones":["a","b"]}"#);
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct Value {
    ptr: NonNull<sys::dv_value_t>,
}

// SAFETY: dynval.h "Thread safety": values are immutable with atomic
// reference counts; const calls may run concurrently, and a value may be
// freed from any thread.
unsafe impl Send for Value {}
unsafe impl Sync for Value {}

/// A value borrowed from its owner (an element of a collection, an
/// attribute of an object, or a [`Value`]), valid for `'a`. `Copy`; use
/// [`ValueRef::to_value`] to keep it longer.
///
/// ```
/// use dynval::{Type, Value};
/// let list = Value::list(Type::number(), &[Value::from(1), Value::from(2)])?;
/// let second: dynval::ValueRef<'_> = list.element(1).unwrap();
/// assert_eq!(second.as_i64()?, 2);
/// let kept: Value = second.to_value();
/// drop(list);
/// assert_eq!(kept, Value::from(2));
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct ValueRef<'a> {
    ptr: NonNull<sys::dv_value_t>,
    _owner: PhantomData<&'a sys::dv_value_t>,
}

// SAFETY: as for `Value`; only const (read-only) calls go through it.
unsafe impl Send for ValueRef<'_> {}
unsafe impl Sync for ValueRef<'_> {}

fn non_utf8() -> Error {
    Error::new(Status::Parse, "string is not valid UTF-8 (use the bytes accessor)")
}

impl<'a> ValueRef<'a> {
    /// Wraps a borrowed C pointer (`None` for NULL).
    ///
    /// # Safety
    ///
    /// `ptr` must be NULL or a valid value that outlives `'a`.
    pub unsafe fn from_raw(ptr: *const sys::dv_value_t) -> Option<ValueRef<'a>> {
        NonNull::new(ptr as *mut sys::dv_value_t).map(|ptr| ValueRef { ptr, _owner: PhantomData })
    }

    /// The C pointer, valid for `'a`.
    pub fn as_raw(&self) -> *const sys::dv_value_t {
        self.ptr.as_ptr()
    }

    /// Takes a new owned reference to the value (O(1), `dv_value_clone`).
    ///
    /// ```
    /// let v = dynval::Value::from("x");
    /// assert_eq!(v.as_value_ref().to_value(), v);
    /// # use dynval::AsValueRef;
    /// ```
    pub fn to_value(&self) -> Value {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_value_clone(&mut out, self.as_raw(), err) }));
        unsafe { Value::from_raw(out) }
    }

    // ---- state and type ------------------------------------------------

    /// The value's type, borrowed from the value.
    ///
    /// ```
    /// let v = dynval::Value::from(true);
    /// assert_eq!(v.ty(), dynval::Type::bool());
    /// ```
    pub fn ty(&self) -> TypeRef<'a> {
        // SAFETY: dv_value_type never returns NULL for a valid value; the
        // type is borrowed from the value and lives as long as it.
        unsafe { TypeRef::from_raw(sys::dv_value_type(self.as_raw())) }.expect("value without a type")
    }

    /// The kind of the value's type ([`Kind::Dynamic`] only for null or
    /// unknown values of the dynamic pseudo-type).
    ///
    /// ```
    /// assert_eq!(dynval::Value::float(1.5)?.kind(), dynval::Kind::Number);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn kind(&self) -> Kind {
        Kind::from_raw(unsafe { sys::dv_value_kind(self.as_raw()) })
    }

    /// True for a null value.
    ///
    /// ```
    /// assert!(dynval::Value::null(dynval::Type::string()).is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        unsafe { sys::dv_value_is_null(self.as_raw()) }
    }

    /// True unless the value is unknown (nulls are known).
    ///
    /// ```
    /// assert!(!dynval::Value::unknown(dynval::Type::string()).is_known());
    /// assert!(dynval::Value::null(dynval::Type::string()).is_known());
    /// ```
    pub fn is_known(&self) -> bool {
        unsafe { sys::dv_value_is_known(self.as_raw()) }
    }

    /// True when no unknown appears anywhere inside (cty `IsWhollyKnown`).
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let v = Value::tuple(&[Value::from(1), Value::unknown(Type::bool())])?;
    /// assert!(v.is_known() && !v.is_wholly_known());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn is_wholly_known(&self) -> bool {
        unsafe { sys::dv_value_is_wholly_known(self.as_raw()) }
    }

    // ---- refinements ---------------------------------------------------

    /// True for an unknown value refined as definitely not null.
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let v = Value::unknown_refined(Type::bool(), &Refinements::new().not_null())?;
    /// assert!(v.refined_not_null());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refined_not_null(&self) -> bool {
        unsafe { sys::dv_value_refined_not_null(self.as_raw()) }
    }

    /// The known prefix of an unknown string, as bytes (empty when none).
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let v = Value::unknown_refined(Type::string(), &Refinements::new().string_prefix("ab"))?;
    /// assert_eq!(v.refined_prefix_bytes(), b"ab");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refined_prefix_bytes(&self) -> &'a [u8] {
        // SAFETY: borrowed from the value, alive for 'a.
        unsafe { str_bytes(sys::dv_value_refined_prefix(self.as_raw())) }
    }

    /// The known prefix of an unknown string as `&str` (`None` when it is
    /// not valid UTF-8; empty when there is no prefix).
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let v = Value::unknown_refined(Type::string(), &Refinements::new().string_prefix("ab"))?;
    /// assert_eq!(v.refined_prefix(), Some("ab"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refined_prefix(&self) -> Option<&'a str> {
        std::str::from_utf8(self.refined_prefix_bytes()).ok()
    }

    fn bound(
        &self,
        f: unsafe extern "C" fn(
            *mut *mut sys::dv_value_t,
            *mut bool,
            *const sys::dv_value_t,
            *mut *mut sys::dv_error_t,
        ) -> sys::dv_status_t,
    ) -> Result<(Value, bool)> {
        let mut out = ptr::null_mut();
        let mut inclusive = false;
        call(|err| unsafe { f(&mut out, &mut inclusive, self.as_raw(), err) })?;
        Ok((unsafe { Value::from_raw(out) }, inclusive))
    }

    /// The lower bound of an unknown number and whether it is inclusive;
    /// unbounded gives negative infinity, inclusive.
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`] unless the value is an unknown number.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let (lo, inc) = Value::unknown(Type::number()).refined_lower_bound()?;
    /// assert_eq!(lo.number_text()?, "-Inf");
    /// assert!(inc);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refined_lower_bound(&self) -> Result<(Value, bool)> {
        self.bound(sys::dv_value_refined_lower_bound)
    }

    /// The upper bound of an unknown number; unbounded gives positive
    /// infinity, inclusive.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let (hi, _) = Value::unknown(Type::number()).refined_upper_bound()?;
    /// assert_eq!(hi.number_text()?, "+Inf");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refined_upper_bound(&self) -> Result<(Value, bool)> {
        self.bound(sys::dv_value_refined_upper_bound)
    }

    /// The inclusive length bounds `(min, max)` of an unknown list, set or
    /// map (`(0, i64::MAX)` when unrefined).
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let r = Refinements::new().collection_length_lower_bound(1).collection_length_upper_bound(4);
    /// let v = Value::unknown_refined(Type::list(Type::string()), &r)?;
    /// assert_eq!(v.refined_length()?, (1, 4));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refined_length(&self) -> Result<(i64, i64)> {
        let (mut min, mut max) = (0i64, i64::MAX);
        call(|err| unsafe { sys::dv_value_refined_length(&mut min, &mut max, self.as_raw(), err) })?;
        Ok((min, max))
    }

    /// All refinements of an unknown value (`None` for known values,
    /// including nulls). Unbounded number ranges and collection lengths are
    /// reported as `None`.
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let r = Refinements::new().not_null().number_lower_bound(Value::from(0), true);
    /// let v = Value::unknown_refined(Type::number(), &r)?;
    /// let got = v.refinements().unwrap();
    /// assert!(got.not_null);
    /// assert_eq!(got.lower, Some((Value::from(0), true)));
    /// assert_eq!(got.upper, None);
    /// assert_eq!(got.to_string(), "not null, >= 0");
    /// assert_eq!(Value::from(1).refinements(), None);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn refinements(&self) -> Option<Refinements> {
        if self.is_known() {
            return None;
        }
        let mut r = Refinements { not_null: self.refined_not_null(), ..Refinements::default() };
        match self.kind() {
            Kind::String => {
                let p = self.refined_prefix_bytes();
                if !p.is_empty() {
                    r.prefix = Some(p.to_vec());
                }
            }
            Kind::Number => {
                let infinite = |v: &Value, text: &str| v.number_text().map(|t| t == text).unwrap_or(false);
                if let Ok((v, inc)) = self.refined_lower_bound() {
                    if !(inc && infinite(&v, "-Inf")) {
                        r.lower = Some((v, inc));
                    }
                }
                if let Ok((v, inc)) = self.refined_upper_bound() {
                    if !(inc && infinite(&v, "+Inf")) {
                        r.upper = Some((v, inc));
                    }
                }
            }
            Kind::List | Kind::Set | Kind::Map => {
                if let Ok((min, max)) = self.refined_length() {
                    r.length_min = (min > 0).then_some(min);
                    r.length_max = (max != i64::MAX).then_some(max);
                }
            }
            _ => {}
        }
        Some(r)
    }

    // ---- primitives ----------------------------------------------------

    /// Reads a known bool.
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`] (not a bool, or null),
    /// [`Status::UnknownValue`] (unknown).
    ///
    /// ```
    /// assert!(dynval::Value::from(true).as_bool()?);
    /// assert!(dynval::Value::from(1).as_bool().is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_bool(&self) -> Result<bool> {
        let mut out = false;
        call(|err| unsafe { sys::dv_value_as_bool(&mut out, self.as_raw(), err) })?;
        Ok(out)
    }

    /// Converts a number to `i64` exactly.
    ///
    /// # Errors
    ///
    /// [`Status::OutOfRange`] when the number is fractional or out of range
    /// (use [`as_i64_lossy`](Self::as_i64_lossy) to truncate), and the
    /// statuses of [`as_bool`](Self::as_bool).
    ///
    /// ```
    /// use dynval::Value;
    /// assert_eq!(Value::from(-7).as_i64()?, -7);
    /// assert_eq!(Value::parse_number("1.5")?.as_i64().unwrap_err().status(), dynval::Status::OutOfRange);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_i64(&self) -> Result<i64> {
        let mut out = 0i64;
        call(|err| unsafe { sys::dv_value_as_int64(&mut out, ptr::null_mut(), self.as_raw(), err) })?;
        Ok(out)
    }

    /// Converts a number to `i64`, truncating toward zero and saturating
    /// (Go `big.Float.Int64`); the flag says whether nothing was lost.
    ///
    /// ```
    /// let (n, exact) = dynval::Value::parse_number("-2.75")?.as_i64_lossy()?;
    /// assert_eq!((n, exact), (-2, false));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_i64_lossy(&self) -> Result<(i64, bool)> {
        let (mut out, mut exact) = (0i64, false);
        call(|err| unsafe { sys::dv_value_as_int64(&mut out, &mut exact, self.as_raw(), err) })?;
        Ok((out, exact))
    }

    /// Converts a number to `u64` exactly; errors as [`as_i64`](Self::as_i64).
    ///
    /// ```
    /// assert_eq!(dynval::Value::from(u64::MAX).as_u64()?, u64::MAX);
    /// assert!(dynval::Value::from(-1).as_u64().is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_u64(&self) -> Result<u64> {
        let mut out = 0u64;
        call(|err| unsafe { sys::dv_value_as_uint64(&mut out, ptr::null_mut(), self.as_raw(), err) })?;
        Ok(out)
    }

    /// Converts a number to `u64`, truncated and saturated (negative gives
    /// 0, inexact), with the exactness flag.
    ///
    /// ```
    /// assert_eq!(dynval::Value::from(-1).as_u64_lossy()?, (0, false));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_u64_lossy(&self) -> Result<(u64, bool)> {
        let (mut out, mut exact) = (0u64, false);
        call(|err| unsafe { sys::dv_value_as_uint64(&mut out, &mut exact, self.as_raw(), err) })?;
        Ok((out, exact))
    }

    /// Converts a number to `f64` exactly (fails with
    /// [`Status::OutOfRange`] when rounding would be needed).
    ///
    /// ```
    /// assert_eq!(dynval::Value::float(0.25)?.as_f64()?, 0.25);
    /// // 0.1 parsed from text has 512 bits of precision: not exactly a double.
    /// assert!(dynval::Value::parse_number("0.1")?.as_f64().is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_f64(&self) -> Result<f64> {
        let mut out = 0f64;
        call(|err| unsafe { sys::dv_value_as_double(&mut out, ptr::null_mut(), self.as_raw(), err) })?;
        Ok(out)
    }

    /// Converts a number to the nearest `f64` (overflow gives an infinity),
    /// with the exactness flag.
    ///
    /// ```
    /// assert_eq!(dynval::Value::parse_number("0.1")?.as_f64_lossy()?, (0.1, false));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_f64_lossy(&self) -> Result<(f64, bool)> {
        let (mut out, mut exact) = (0f64, false);
        call(|err| unsafe { sys::dv_value_as_double(&mut out, &mut exact, self.as_raw(), err) })?;
        Ok((out, exact))
    }

    /// The exact decimal text of a number, as go-cty renders it
    /// (`big.Float.Text('f', -1)`; `"+Inf"`, `"-Inf"`).
    ///
    /// ```
    /// use dynval::Value;
    /// assert_eq!(Value::parse_number("1e3")?.number_text()?, "1000");
    /// assert_eq!(Value::float(0.1)?.number_text()?, "0.1");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn number_text(&self) -> Result<String> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_value_number_text(buf.as_mut_ptr(), self.as_raw(), err) })?;
        Ok(buf.into_string())
    }

    /// The binary precision of a number in bits (64 for integers, 53 for
    /// doubles, 512 for text), which decides its MessagePack form.
    ///
    /// ```
    /// use dynval::Value;
    /// assert_eq!(Value::from(5).number_precision()?, 64);
    /// assert_eq!(Value::float(0.5)?.number_precision()?, 53);
    /// assert_eq!(Value::parse_number("0.5")?.number_precision()?, 512);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn number_precision(&self) -> Result<u32> {
        let mut out = 0u32;
        call(|err| unsafe { sys::dv_value_number_precision(&mut out, self.as_raw(), err) })?;
        Ok(out)
    }

    /// The bytes of a known string, borrowed from the value. cty strings
    /// decoded from MessagePack may hold invalid UTF-8; this never fails on
    /// that.
    ///
    /// ```
    /// assert_eq!(dynval::Value::from("hé").as_bytes()?, "hé".as_bytes());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_bytes(&self) -> Result<&'a [u8]> {
        let mut out = sys::dv_str_t { ptr: ptr::null(), len: 0 };
        call(|err| unsafe { sys::dv_value_as_string(&mut out, self.as_raw(), err) })?;
        // SAFETY: the view is borrowed from the value, alive for 'a.
        Ok(unsafe { str_bytes(out) })
    }

    /// A known string as `&str`, borrowed from the value.
    ///
    /// # Errors
    ///
    /// The statuses of [`as_bytes`](Self::as_bytes), and [`Status::Parse`]
    /// when the bytes are not valid UTF-8.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// assert_eq!(Value::from("web").as_str()?, "web");
    /// let bad = Value::from_msgpack(&[0xa1, 0xff], Type::string())?;
    /// assert_eq!(bad.as_bytes()?, &[0xff]);
    /// assert!(bad.as_str().is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn as_str(&self) -> Result<&'a str> {
        std::str::from_utf8(self.as_bytes()?).map_err(|_| non_utf8())
    }

    // ---- collections and structures -------------------------------------

    /// The number of elements of a list, set, tuple or map, or of attributes
    /// of an object.
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`] (primitive or null), [`Status::UnknownValue`].
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// assert_eq!(Value::list(Type::bool(), &[Value::from(true)])?.len()?, 1);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn len(&self) -> Result<usize> {
        let mut out = 0usize;
        call(|err| unsafe { sys::dv_value_length(&mut out, self.as_raw(), err) })?;
        Ok(out)
    }

    /// Whether [`len`](Self::len) is zero.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// assert!(Value::list::<Value>(Type::bool(), &[])?.is_empty()?);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// Element `i`: of a list or tuple, of a set (go-cty's order), or the
    /// value of entry `i` of a map or object (bytewise key order). `None`
    /// when out of range or the value is not a known, non-null structure.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let t = Value::tuple(&[Value::from(1), Value::from("x")])?;
    /// assert_eq!(t.element(1).unwrap().as_str()?, "x");
    /// assert!(t.element(2).is_none());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn element(&self, i: usize) -> Option<ValueRef<'a>> {
        // SAFETY: the element is borrowed from the value, alive for 'a.
        unsafe { ValueRef::from_raw(sys::dv_value_element(self.as_raw(), i)) }
    }

    /// Entry `i` of a map or object (bytewise order): the key or attribute
    /// name as bytes, and the value.
    ///
    /// ```
    /// use dynval::Value;
    /// let o = Value::object(&[("b", Value::from(2)), ("a", Value::from(1))])?;
    /// let (k, v) = o.entry(0).unwrap();
    /// assert_eq!((k, v.as_i64()?), (&b"a"[..], 1));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn entry(&self, i: usize) -> Option<(&'a [u8], ValueRef<'a>)> {
        let mut key = sys::dv_str_t { ptr: ptr::null(), len: 0 };
        // SAFETY: value and key are borrowed from the value, alive for 'a.
        let v = unsafe { ValueRef::from_raw(sys::dv_value_entry(self.as_raw(), i, &mut key)) }?;
        Some((unsafe { str_bytes(key) }, v))
    }

    /// Looks up an object attribute or a map element by key (NFC-normalised
    /// first, as stored), telling a missing attribute or key (`Ok(None)`)
    /// from a value that cannot have any.
    ///
    /// # Errors
    ///
    /// [`Status::UnknownValue`] when the value is unknown;
    /// [`Status::TypeMismatch`] when it is null, or neither an object nor a
    /// map.
    ///
    /// ```
    /// use dynval::{Status, Type, Value};
    /// let m = Value::map(Type::number(), &[("x", Value::from(1))])?;
    /// assert_eq!(m.get("x")?.unwrap().as_i64()?, 1);
    /// assert!(m.get("y")?.is_none());
    /// let unknown = Value::unknown(m.ty());
    /// assert_eq!(unknown.get("x").unwrap_err().status(), Status::UnknownValue);
    /// let null = Value::null(m.ty());
    /// assert_eq!(null.get("x").unwrap_err().status(), Status::TypeMismatch);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn get(&self, key: impl AsRef<[u8]>) -> Result<Option<ValueRef<'a>>> {
        let key = key.as_ref();
        let mut out: *const sys::dv_value_t = ptr::null();
        call(|err| unsafe { sys::dv_value_find(&mut out, self.as_raw(), key.as_ptr().cast(), key.len(), err) })?;
        // SAFETY: borrowed from the value, alive for 'a.
        Ok(unsafe { ValueRef::from_raw(out) })
    }

    /// Follows a path of attribute, index, key and set-element steps
    /// without errors; see [`lookup_path`](Self::lookup_path).
    ///
    /// ```
    /// use dynval::{PathStep, Type, Value};
    /// let v = Value::object(&[("m", Value::map(Type::string(), &[("k", Value::from("v"))])?)])?;
    /// let got = v.lookup(&[PathStep::Attr("m".into()), PathStep::Key("k".into())]).unwrap();
    /// assert_eq!(got.as_str()?, "v");
    /// assert!(v.lookup(&[PathStep::Index(0)]).is_none());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn lookup(&self, path: &[PathStep]) -> Option<ValueRef<'a>> {
        self.lookup_path(Path::from_steps(path))
    }

    /// Follows a path without errors (`dv_value_lookup_path`): attribute
    /// steps apply to objects, key steps to maps and objects, index steps
    /// to lists, tuples and sets (iteration order), and a set-element step
    /// selects the set's element equal to its value. `None` when a step
    /// does not apply (through null and unknown values too);
    /// [`PathRef::apply`](crate::PathRef::apply) is cty's `Path.Apply`, with errors.
    ///
    /// ```
    /// use dynval::{Path, Type, Value};
    /// let v = Value::object(&[("tags", Value::set(Type::string(), &[Value::from("a"), Value::from("b")])?)])?;
    /// let got = v.lookup_path(Path::new().attr("tags").element(Value::from("b"))).unwrap();
    /// assert_eq!(got.as_str()?, "b");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn lookup_path(&self, path: impl AsPathRef) -> Option<ValueRef<'a>> {
        let path = path.as_path_ref();
        // SAFETY: the result is borrowed from the value, alive for 'a.
        unsafe { ValueRef::from_raw(sys::dv_value_lookup_path(self.as_raw(), path.as_raw())) }
    }

    /// Iterates over the elements of a list, set (go-cty's order) or tuple,
    /// or the values of a map or object. Empty for unknown, null and
    /// primitive values.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let s = Value::set(Type::number(), &[Value::from(3), Value::from(1), Value::from(3)])?;
    /// let got: Vec<i64> = s.elements().map(|e| e.as_i64().unwrap()).collect();
    /// assert_eq!(got, [1, 3]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn elements(&self) -> Elements<'a> {
        Elements { v: *self, next: 0, end: self.structural_len() }
    }

    /// Iterates over the entries of a map or the attributes of an object,
    /// in bytewise key order, as `(key bytes, value)`. Empty for other
    /// values.
    ///
    /// ```
    /// use dynval::Value;
    /// let o = Value::object(&[("b", Value::from(true)), ("a", Value::from(false))])?;
    /// let keys: Vec<String> = o.entries().map(|(k, _)| String::from_utf8_lossy(k).into_owned()).collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn entries(&self) -> Entries<'a> {
        let end = if matches!(self.kind(), Kind::Map | Kind::Object) { self.structural_len() } else { 0 };
        Entries { v: *self, next: 0, end }
    }

    /// The attributes of an object: the same as [`entries`](Self::entries).
    ///
    /// ```
    /// let o = dynval::Value::object(&[("a", dynval::Value::from(1))])?;
    /// assert_eq!(o.attributes().count(), 1);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attributes(&self) -> Entries<'a> {
        self.entries()
    }

    fn structural_len(&self) -> usize {
        if !self.is_known() || self.is_null() || self.kind().is_primitive() {
            return 0;
        }
        self.len().unwrap_or(0)
    }

    // ---- comparison, hashing, printing ------------------------------------

    /// cty `Value.Equals`: unknown when either side (or any element
    /// compared) is unknown; null equals null of any type.
    ///
    /// ```
    /// use dynval::{Tristate, Type, Value};
    /// assert_eq!(Value::from(1).equals(&Value::parse_number("1.0")?), Tristate::True);
    /// assert_eq!(Value::null(Type::string()).equals(&Value::null(Type::number())), Tristate::True);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn equals(&self, other: impl AsValueRef) -> Tristate {
        let mut out: sys::dv_tristate_t = sys::DV_TRISTATE_UNKNOWN;
        let other = other.as_value_ref();
        expect_ok(call(|err| unsafe { sys::dv_value_equals(&mut out, self.as_raw(), other.as_raw(), err) }));
        match out {
            sys::DV_TRISTATE_TRUE => Tristate::True,
            sys::DV_TRISTATE_FALSE => Tristate::False,
            _ => Tristate::Unknown,
        }
    }

    /// cty `Value.RawEquals`: exact identity of types, unknowns and
    /// refinements (what `==` uses).
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let u = Value::unknown(Type::bool());
    /// assert!(u.raw_equals(&Value::unknown(Type::bool())));
    /// assert!(!Value::from(1).raw_equals(&Value::from("1")));
    /// ```
    pub fn raw_equals(&self, other: impl AsValueRef) -> bool {
        let mut out = false;
        let other = other.as_value_ref();
        expect_ok(call(|err| unsafe { sys::dv_value_raw_equals(&mut out, self.as_raw(), other.as_raw(), err) }));
        out
    }

    /// A stable 64-bit hash: raw-equal values, and values that are
    /// `Equals`-true, have equal hashes.
    ///
    /// ```
    /// use dynval::Value;
    /// assert_eq!(Value::from("a").hash_code(), Value::from("a").hash_code());
    /// ```
    pub fn hash_code(&self) -> u64 {
        let mut out = 0u64;
        expect_ok(call(|err| unsafe { sys::dv_value_hash(&mut out, self.as_raw(), err) }));
        out
    }

    /// go-cty's GoString rendering for debugging, e.g.
    /// `cty.StringVal("x")` (not a stable format; also what `{:?}` prints).
    ///
    /// ```
    /// assert!(dynval::Value::from("x").debug_string().contains("StringVal"));
    /// ```
    pub fn debug_string(&self) -> String {
        let mut buf = Buffer::new();
        expect_ok(call(|err| unsafe { sys::dv_value_debug_string(buf.as_mut_ptr(), self.as_raw(), err) }));
        buf.into_string()
    }
}

impl AsValueRef for ValueRef<'_> {
    fn as_value_ref(&self) -> ValueRef<'_> {
        *self
    }
}

/// Iterator over the elements of a list, set or tuple (or the values of a
/// map or object); returned by [`ValueRef::elements`].
#[derive(Clone)]
pub struct Elements<'a> {
    v: ValueRef<'a>,
    next: usize,
    end: usize,
}

impl<'a> Iterator for Elements<'a> {
    type Item = ValueRef<'a>;
    fn next(&mut self) -> Option<ValueRef<'a>> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.v.element(self.next - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Elements<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.v.element(self.end)
    }
}

impl ExactSizeIterator for Elements<'_> {}

/// Iterator over the entries of a map or the attributes of an object, as
/// `(key bytes, value)`; returned by [`ValueRef::entries`].
#[derive(Clone)]
pub struct Entries<'a> {
    v: ValueRef<'a>,
    next: usize,
    end: usize,
}

impl<'a> Iterator for Entries<'a> {
    type Item = (&'a [u8], ValueRef<'a>);
    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.v.entry(self.next - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Entries<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.v.entry(self.end)
    }
}

impl ExactSizeIterator for Entries<'_> {}

impl<'a> IntoIterator for ValueRef<'a> {
    type Item = ValueRef<'a>;
    type IntoIter = Elements<'a>;
    /// Same as [`ValueRef::elements`].
    fn into_iter(self) -> Elements<'a> {
        self.elements()
    }
}

impl<'a> IntoIterator for &'a Value {
    type Item = ValueRef<'a>;
    type IntoIter = Elements<'a>;
    /// Same as [`ValueRef::elements`].
    fn into_iter(self) -> Elements<'a> {
        self.elements()
    }
}

// ---- Value: construction and ownership -------------------------------------

fn raw_values<V: AsValueRef>(vals: &[V]) -> Vec<*const sys::dv_value_t> {
    vals.iter().map(|v| v.as_value_ref().as_raw()).collect()
}

type NewValueFn = unsafe extern "C" fn(
    *mut *mut sys::dv_value_t,
    *const sys::dv_type_t,
    *const *const sys::dv_value_t,
    usize,
    *mut *mut sys::dv_error_t,
) -> sys::dv_status_t;

impl Value {
    /// Takes ownership of a C value.
    ///
    /// # Safety
    ///
    /// `ptr` must be a non-NULL owned `dv_value_t` whose reference is
    /// transferred to the returned `Value`.
    pub unsafe fn from_raw(ptr: *mut sys::dv_value_t) -> Value {
        Value { ptr: NonNull::new(ptr).expect("Value::from_raw: NULL value") }
    }

    /// Gives up ownership: the caller must release the pointer with
    /// `dv_value_free`.
    ///
    /// ```
    /// let raw = dynval::Value::from(3).into_raw();
    /// let back = unsafe { dynval::Value::from_raw(raw) };
    /// assert_eq!(back.as_i64()?, 3);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn into_raw(self) -> *mut sys::dv_value_t {
        let p = self.ptr.as_ptr();
        std::mem::forget(self);
        p
    }

    /// The C pointer, valid as long as `self`.
    pub fn as_raw(&self) -> *const sys::dv_value_t {
        self.ptr.as_ptr()
    }

    fn build(
        f: impl FnOnce(*mut *mut sys::dv_value_t, *mut *mut sys::dv_error_t) -> sys::dv_status_t,
    ) -> Result<Value> {
        let mut out = ptr::null_mut();
        call(|err| f(&mut out, err))?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// A null value of type `ty` (cty `NullVal`).
    ///
    /// ```
    /// let v = dynval::Value::null(dynval::Type::number());
    /// assert!(v.is_null() && v.is_known());
    /// ```
    pub fn null(ty: impl AsTypeRef) -> Value {
        let ty = ty.as_type_ref();
        let v = Value::build(|out, err| unsafe { sys::dv_value_new_null(out, ty.as_raw(), err) });
        v.unwrap_or_else(|e| panic!("dv_value_new_null: {e}"))
    }

    /// A plain unknown value of type `ty` (cty `UnknownVal`).
    ///
    /// ```
    /// let v = dynval::Value::unknown(dynval::Type::dynamic());
    /// assert!(!v.is_known());
    /// ```
    pub fn unknown(ty: impl AsTypeRef) -> Value {
        let ty = ty.as_type_ref();
        let v = Value::build(|out, err| unsafe { sys::dv_value_new_unknown(out, ty.as_raw(), ptr::null(), err) });
        v.unwrap_or_else(|e| panic!("dv_value_new_unknown: {e}"))
    }

    /// An unknown value of type `ty` with refinements. go-cty's collapse
    /// rules apply, so the result may be known (e.g. not-null with equal
    /// inclusive bounds gives that number). Refinements on the dynamic type
    /// are dropped.
    ///
    /// # Errors
    ///
    /// [`Status::Refinement`] for a refinement that does not apply to the
    /// type, or lower > upper, min > max.
    ///
    /// ```
    /// use dynval::{Refinements, Type, Value};
    /// let r = Refinements::new().not_null()
    ///     .number_lower_bound(Value::from(5), true)
    ///     .number_upper_bound(Value::from(5), true);
    /// assert_eq!(Value::unknown_refined(Type::number(), &r)?, Value::from(5));
    /// let bad = Refinements::new().string_prefix("x");
    /// assert_eq!(Value::unknown_refined(Type::bool(), &bad).unwrap_err().status(), dynval::Status::Refinement);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn unknown_refined(ty: impl AsTypeRef, refinements: &Refinements) -> Result<Value> {
        let ty = ty.as_type_ref();
        // Start from the library's defaults for this struct version.
        let mut r = sys::dv_refinements_t {
            version: sys::DV_REFINEMENTS_VERSION,
            flags: 0,
            prefix: ptr::null(),
            prefix_len: 0,
            lower: ptr::null(),
            lower_text: ptr::null(),
            lower_text_len: 0,
            upper: ptr::null(),
            upper_text: ptr::null(),
            upper_text_len: 0,
            length_min: 0,
            length_max: i64::MAX,
        };
        call(|err| unsafe { sys::dv_refinements_init(&mut r, sys::DV_REFINEMENTS_VERSION, err) })?;
        if refinements.not_null {
            r.flags |= sys::DV_REFINE_NOT_NULL;
        }
        if let Some(p) = &refinements.prefix {
            r.flags |= sys::DV_REFINE_PREFIX;
            r.prefix = p.as_ptr().cast();
            r.prefix_len = p.len();
        }
        if let Some((v, inclusive)) = &refinements.lower {
            r.flags |= sys::DV_REFINE_LOWER;
            if *inclusive {
                r.flags |= sys::DV_REFINE_LOWER_INCLUSIVE;
            }
            r.lower = v.as_raw();
        }
        if let Some((v, inclusive)) = &refinements.upper {
            r.flags |= sys::DV_REFINE_UPPER;
            if *inclusive {
                r.flags |= sys::DV_REFINE_UPPER_INCLUSIVE;
            }
            r.upper = v.as_raw();
        }
        if let Some(min) = refinements.length_min {
            r.flags |= sys::DV_REFINE_LENGTH_MIN;
            r.length_min = min;
        }
        if let Some(max) = refinements.length_max {
            r.flags |= sys::DV_REFINE_LENGTH_MAX;
            r.length_max = max;
        }
        // SAFETY: every pointer in `r` borrows `refinements` for the call.
        Value::build(|out, err| unsafe { sys::dv_value_new_unknown(out, ty.as_raw(), &r, err) })
    }

    /// A known bool (cty `BoolVal`); also `Value::from(bool)`.
    ///
    /// ```
    /// assert!(dynval::Value::bool(true).as_bool()?);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn bool(b: bool) -> Value {
        Value::build(|out, err| unsafe { sys::dv_value_new_bool(out, b, err) }).expect("dv_value_new_bool")
    }

    /// A known number from an `i64` (cty `NumberIntVal`, precision 64);
    /// also `Value::from(i64)`.
    ///
    /// ```
    /// assert_eq!(dynval::Value::int(-3).number_text()?, "-3");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn int(n: i64) -> Value {
        Value::build(|out, err| unsafe { sys::dv_value_new_int64(out, n, err) }).expect("dv_value_new_int64")
    }

    /// A known number from a `u64` (cty `NumberUIntVal`); also
    /// `Value::from(u64)`.
    ///
    /// ```
    /// assert_eq!(dynval::Value::uint(u64::MAX).number_text()?, "18446744073709551615");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn uint(n: u64) -> Value {
        Value::build(|out, err| unsafe { sys::dv_value_new_uint64(out, n, err) }).expect("dv_value_new_uint64")
    }

    /// A known number from an `f64` (cty `NumberFloatVal`, precision 53).
    /// Infinities are allowed.
    ///
    /// # Errors
    ///
    /// [`Status::InvalidArg`] for NaN.
    ///
    /// ```
    /// assert_eq!(dynval::Value::float(1.5)?.as_f64()?, 1.5);
    /// assert!(dynval::Value::float(f64::NAN).is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn float(d: f64) -> Result<Value> {
        Value::build(|out, err| unsafe { sys::dv_value_new_double(out, d, err) })
    }

    /// A known number parsed exactly from decimal text (cty
    /// `ParseNumberVal`, precision 512), e.g. `"0.1"`, `"-12e300"`, `"+Inf"`.
    ///
    /// # Errors
    ///
    /// [`Status::Parse`] when the text is not a number.
    ///
    /// ```
    /// let n = dynval::Value::parse_number("123456789012345678901234567890")?;
    /// assert_eq!(n.number_text()?, "123456789012345678901234567890");
    /// assert!(dynval::Value::parse_number("abc").is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn parse_number(text: &str) -> Result<Value> {
        Value::build(|out, err| unsafe { sys::dv_value_new_number_text(out, text.as_ptr().cast(), text.len(), err) })
    }

    /// A known string (cty `StringVal`): the bytes are copied and
    /// NFC-normalised; invalid UTF-8 is kept as it is, as go-cty does.
    /// Also `Value::from(&str)`.
    ///
    /// ```
    /// // "e" + combining acute accent becomes the single code point "é".
    /// assert_eq!(dynval::Value::string("e\u{301}").as_str()?, "\u{e9}");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn string(s: impl AsRef<[u8]>) -> Value {
        let s = s.as_ref();
        Value::build(|out, err| unsafe { sys::dv_value_new_string(out, s.as_ptr().cast(), s.len(), err) })
            .expect("dv_value_new_string")
    }

    fn sequence<V: AsValueRef>(f: NewValueFn, elem_type: TypeRef<'_>, elems: &[V]) -> Result<Value> {
        let raw = raw_values(elems);
        Value::build(|out, err| unsafe { f(out, elem_type.as_raw(), raw.as_ptr(), raw.len(), err) })
    }

    /// A known list of `elem_type` (cty `ListVal`, or `ListValEmpty` for no
    /// elements). Element references are copied, not consumed.
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`] when an element has another type.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let l = Value::list(Type::number(), &[Value::from(1), Value::from(2)])?;
    /// assert_eq!(l.ty(), Type::list(Type::number()));
    /// let err = Value::list(Type::number(), &[Value::from(1), Value::from("x")]).unwrap_err();
    /// assert_eq!(err.status(), dynval::Status::TypeMismatch);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn list<V: AsValueRef>(elem_type: impl AsTypeRef, elems: &[V]) -> Result<Value> {
        Value::sequence(sys::dv_value_new_list, elem_type.as_type_ref(), elems)
    }

    /// A known set of `elem_type` (cty `SetVal`): equal elements merge
    /// (first wins; unknowns never merge) and elements are kept in go-cty's
    /// order.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let s = Value::set(Type::string(), &[Value::from("b"), Value::from("a"), Value::from("b")])?;
    /// assert_eq!(s.len()?, 2);
    /// assert_eq!(s.element(0).unwrap().as_str()?, "a");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn set<V: AsValueRef>(elem_type: impl AsTypeRef, elems: &[V]) -> Result<Value> {
        Value::sequence(sys::dv_value_new_set, elem_type.as_type_ref(), elems)
    }

    /// A known map of `elem_type` (cty `MapVal`) from `(key, value)` pairs;
    /// keys are NFC-normalised (the last of equal keys wins) and kept in
    /// bytewise order.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let m = Value::map(Type::string(), &[("env", Value::from("prod")), ("app", Value::from("web"))])?;
    /// assert_eq!(m.to_json(m.ty())?, r#"{"app":"web","env":"prod"}"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn map<K: AsRef<[u8]>, V: AsValueRef>(elem_type: impl AsTypeRef, entries: &[(K, V)]) -> Result<Value> {
        let elem_type = elem_type.as_type_ref();
        let keys: Vec<sys::dv_str_t> = entries.iter().map(|(k, _)| dv_str(k.as_ref())).collect();
        let vals: Vec<*const sys::dv_value_t> = entries.iter().map(|(_, v)| v.as_value_ref().as_raw()).collect();
        Value::build(|out, err| unsafe {
            sys::dv_value_new_map(out, elem_type.as_raw(), keys.as_ptr(), vals.as_ptr(), vals.len(), err)
        })
    }

    /// A known object (cty `ObjectVal`) from `(name, value)` pairs in any
    /// order; its type is built from the values.
    ///
    /// # Errors
    ///
    /// [`Status::InvalidArg`] for duplicate names.
    ///
    /// ```
    /// use dynval::Value;
    /// let o = Value::object(&[("id", Value::from("i-1")), ("n", Value::from(2))])?;
    /// assert_eq!(o.ty().to_json(), r#"["object",{"id":"string","n":"number"}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn object<K: AsRef<[u8]>, V: AsValueRef>(attrs: &[(K, V)]) -> Result<Value> {
        let names: Vec<sys::dv_str_t> = attrs.iter().map(|(k, _)| dv_str(k.as_ref())).collect();
        let vals: Vec<*const sys::dv_value_t> = attrs.iter().map(|(_, v)| v.as_value_ref().as_raw()).collect();
        Value::build(|out, err| unsafe {
            sys::dv_value_new_object(out, names.as_ptr(), vals.as_ptr(), vals.len(), err)
        })
    }

    /// A known tuple (cty `TupleVal`); its type is built from the values.
    ///
    /// ```
    /// use dynval::Value;
    /// let t = Value::tuple(&[Value::from(true), Value::from("x")])?;
    /// assert_eq!(t.ty().to_json(), r#"["tuple",["bool","string"]]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn tuple<V: AsValueRef>(elems: &[V]) -> Result<Value> {
        let raw = raw_values(elems);
        Value::build(|out, err| unsafe { sys::dv_value_new_tuple(out, raw.as_ptr(), raw.len(), err) })
    }

    forward! { as_value_ref =>
        /// The value's type; see [`ValueRef::ty`].
        fn ty(&self) -> TypeRef<'_>;
        /// The kind of the value's type; see [`ValueRef::kind`].
        fn kind(&self) -> Kind;
        /// True for null; see [`ValueRef::is_null`].
        fn is_null(&self) -> bool;
        /// False for unknown; see [`ValueRef::is_known`].
        fn is_known(&self) -> bool;
        /// No unknown inside; see [`ValueRef::is_wholly_known`].
        fn is_wholly_known(&self) -> bool;
        /// Refined not null; see [`ValueRef::refined_not_null`].
        fn refined_not_null(&self) -> bool;
        /// Known string prefix bytes; see [`ValueRef::refined_prefix_bytes`].
        fn refined_prefix_bytes(&self) -> &'_ [u8];
        /// Known string prefix; see [`ValueRef::refined_prefix`].
        fn refined_prefix(&self) -> Option<&'_ str>;
        /// Number lower bound; see [`ValueRef::refined_lower_bound`].
        fn refined_lower_bound(&self) -> Result<(Value, bool)>;
        /// Number upper bound; see [`ValueRef::refined_upper_bound`].
        fn refined_upper_bound(&self) -> Result<(Value, bool)>;
        /// Collection length bounds; see [`ValueRef::refined_length`].
        fn refined_length(&self) -> Result<(i64, i64)>;
        /// All refinements; see [`ValueRef::refinements`].
        fn refinements(&self) -> Option<Refinements>;
        /// Reads a bool; see [`ValueRef::as_bool`].
        fn as_bool(&self) -> Result<bool>;
        /// Exact `i64`; see [`ValueRef::as_i64`].
        fn as_i64(&self) -> Result<i64>;
        /// Truncated `i64` with exactness; see [`ValueRef::as_i64_lossy`].
        fn as_i64_lossy(&self) -> Result<(i64, bool)>;
        /// Exact `u64`; see [`ValueRef::as_u64`].
        fn as_u64(&self) -> Result<u64>;
        /// Truncated `u64` with exactness; see [`ValueRef::as_u64_lossy`].
        fn as_u64_lossy(&self) -> Result<(u64, bool)>;
        /// Exact `f64`; see [`ValueRef::as_f64`].
        fn as_f64(&self) -> Result<f64>;
        /// Nearest `f64` with exactness; see [`ValueRef::as_f64_lossy`].
        fn as_f64_lossy(&self) -> Result<(f64, bool)>;
        /// Exact decimal text; see [`ValueRef::number_text`].
        fn number_text(&self) -> Result<String>;
        /// Binary precision; see [`ValueRef::number_precision`].
        fn number_precision(&self) -> Result<u32>;
        /// String bytes; see [`ValueRef::as_bytes`].
        fn as_bytes(&self) -> Result<&'_ [u8]>;
        /// String as `&str`; see [`ValueRef::as_str`].
        fn as_str(&self) -> Result<&'_ str>;
        /// Element or attribute count; see [`ValueRef::len`].
        fn len(&self) -> Result<usize>;
        /// Zero length; see [`ValueRef::is_empty`].
        fn is_empty(&self) -> Result<bool>;
        /// Element by index; see [`ValueRef::element`].
        fn element(&self, i: usize) -> Option<ValueRef<'_>>;
        /// Map entry or object attribute by index; see [`ValueRef::entry`].
        fn entry(&self, i: usize) -> Option<(&'_ [u8], ValueRef<'_>)>;
        /// Attribute or map element by key; see [`ValueRef::get`].
        fn get(&self, key: impl AsRef<[u8]>) -> Result<Option<ValueRef<'_>>>;
        /// Follows path steps; see [`ValueRef::lookup`].
        fn lookup(&self, path: &[PathStep]) -> Option<ValueRef<'_>>;
        /// Follows a path; see [`ValueRef::lookup_path`].
        fn lookup_path(&self, path: impl AsPathRef) -> Option<ValueRef<'_>>;
        /// Iterates over elements; see [`ValueRef::elements`].
        fn elements(&self) -> Elements<'_>;
        /// Iterates over entries; see [`ValueRef::entries`].
        fn entries(&self) -> Entries<'_>;
        /// Iterates over object attributes; see [`ValueRef::attributes`].
        fn attributes(&self) -> Entries<'_>;
        /// cty `Equals`; see [`ValueRef::equals`].
        fn equals(&self, other: impl AsValueRef) -> Tristate;
        /// cty `RawEquals`; see [`ValueRef::raw_equals`].
        fn raw_equals(&self, other: impl AsValueRef) -> bool;
        /// Stable hash; see [`ValueRef::hash_code`].
        fn hash_code(&self) -> u64;
        /// GoString rendering; see [`ValueRef::debug_string`].
        fn debug_string(&self) -> String;
    }
}

impl AsValueRef for Value {
    fn as_value_ref(&self) -> ValueRef<'_> {
        ValueRef { ptr: self.ptr, _owner: PhantomData }
    }
}

impl Clone for Value {
    /// O(1): another reference to the same immutable value.
    fn clone(&self) -> Value {
        self.as_value_ref().to_value()
    }
}

impl Drop for Value {
    fn drop(&mut self) {
        // SAFETY: we own one reference.
        unsafe { sys::dv_value_free(self.ptr.as_ptr()) }
    }
}

impl<T: AsValueRef> PartialEq<T> for Value {
    /// cty `RawEquals`.
    fn eq(&self, other: &T) -> bool {
        self.as_value_ref().raw_equals(other)
    }
}
impl Eq for Value {}

impl<T: AsValueRef> PartialEq<T> for ValueRef<'_> {
    /// cty `RawEquals`.
    fn eq(&self, other: &T) -> bool {
        self.raw_equals(other)
    }
}
impl Eq for ValueRef<'_> {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_code());
    }
}
impl Hash for ValueRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_code());
    }
}

impl fmt::Debug for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.debug_string())
    }
}
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_value_ref(), f)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::bool(b)
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::int(n)
    }
}
impl From<i32> for Value {
    fn from(n: i32) -> Value {
        Value::int(n.into())
    }
}
impl From<u64> for Value {
    fn from(n: u64) -> Value {
        Value::uint(n)
    }
}
impl From<u32> for Value {
    fn from(n: u32) -> Value {
        Value::uint(n.into())
    }
}
impl TryFrom<f64> for Value {
    type Error = Error;
    /// cty `NumberFloatVal` (precision 53); the same as [`Value::float`].
    ///
    /// # Errors
    ///
    /// [`Status::InvalidArg`] for NaN, the only `f64` a cty number cannot
    /// hold (infinities are cty's infinities).
    ///
    /// ```
    /// use dynval::Value;
    /// assert_eq!(Value::try_from(0.5f64)?.number_text()?, "0.5");
    /// assert_eq!(Value::try_from(f64::INFINITY)?.number_text()?, "+Inf");
    /// assert_eq!(Value::try_from(f64::NAN).unwrap_err().status(), dynval::Status::InvalidArg);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    fn try_from(d: f64) -> Result<Value> {
        Value::float(d)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::string(s)
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::string(s)
    }
}
impl From<ValueRef<'_>> for Value {
    fn from(v: ValueRef<'_>) -> Value {
        v.to_value()
    }
}
impl From<&Value> for Value {
    fn from(v: &Value) -> Value {
        v.clone()
    }
}
