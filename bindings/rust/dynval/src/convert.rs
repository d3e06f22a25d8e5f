//! Type conversion and unification (go-cty's `cty/convert`), the type JSON
//! implies, and legacy flatmap state (`convert.h`).

use std::collections::BTreeMap;
use std::ptr;

use dynval_sys as sys;

use crate::error::{call, Result};
use crate::types::{AsTypeRef, Type};
use crate::util::dv_str;
use crate::value::{AsValueRef, Value, ValueRef};

/// The unknown-value marker of flatmap state (`DV_FLATMAP_UNKNOWN`).
pub const FLATMAP_UNKNOWN: &str = "74D93920-ED26-11E3-AC10-0800200C9A66";

impl ValueRef<'_> {
    fn convert_with(&self, want: &dyn Fn() -> *const sys::dv_type_t, flags: u32) -> Result<Value> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_value_convert(&mut out, self.as_raw(), want(), flags, err) })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// Converts the value to type `want` exactly as go-cty's
    /// `convert.Convert` does: number and bool to string, string to number
    /// or bool when it parses, tuple to list or set, object to map, map to
    /// object, list and set to each other, element- and attribute-wise;
    /// attributes `want` lacks are dropped, its optional attributes, when
    /// absent, become null, and its dynamic positions accept any value.
    /// Null and unknown values become null and unknown of `want` (an unknown
    /// keeps its not-null refinement and, between collections, its length
    /// bounds).
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) with go-cty's
    /// message and the path of the element that failed;
    /// [`Status::Limit`](crate::Status::Limit) for a string that would
    /// become a number of more than 10000 digits.
    ///
    /// ```
    /// use dynval::{Status, Type, Value};
    /// let t = Type::from_json(r#"["tuple",["number","string"]]"#)?;
    /// let v = Value::from_json(r#"[1,"2"]"#, &t)?;
    /// let l = v.convert(Type::list(Type::number()))?;
    /// assert_eq!(l.to_json(l.ty())?, "[1,2]");
    /// let bad = Value::from_json(r#"[1,"x"]"#, &t)?;
    /// let err = bad.convert(Type::list(Type::number())).unwrap_err();
    /// assert_eq!((err.status(), err.message(), err.path()), (Status::TypeMismatch, "a number is required", "[1]"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn convert(&self, want: impl AsTypeRef) -> Result<Value> {
        let want = want.as_type_ref();
        self.convert_with(&|| want.as_raw(), 0)
    }

    /// [`convert`](Self::convert) restricted to go-cty's safe conversions
    /// (`convert.GetConversion`): no string to number or bool, no list to
    /// set, no map to object.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// assert!(Value::from("12").convert_safe(Type::number()).is_err());
    /// assert_eq!(Value::from(12).convert_safe(Type::string())?, Value::from("12"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn convert_safe(&self, want: impl AsTypeRef) -> Result<Value> {
        let want = want.as_type_ref();
        self.convert_with(&|| want.as_raw(), sys::DV_CONVERT_SAFE)
    }

    /// Writes the legacy flatmap state of an object value, as Terraform's
    /// `hcl2shim.FlatmapValueFromHCL2` does: nulls left out, unknowns as
    /// [`FLATMAP_UNKNOWN`] (`"l.#"`, `"m.%"`; an unknown object as each
    /// attribute unknown), primitives as strings, set elements by their
    /// iteration order. `None` for a null value (Terraform's nil map).
    /// [`Value::from_flatmap`] reads the result back.
    ///
    /// # Errors
    ///
    /// [`Status::InvalidArg`](crate::Status::InvalidArg) for a value that is
    /// not an object, [`Status::Limit`](crate::Status::Limit) past 256 MiB
    /// of keys and values.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let t = Type::from_json(r#"["object",{"ids":["list","string"],"port":"number"}]"#)?;
    /// let v = Value::from_json(r#"{"ids":["a"],"port":80}"#, &t)?;
    /// let m = v.to_flatmap()?.unwrap();
    /// assert_eq!(m.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>(), ["ids.#=1", "ids.0=a", "port=80"]);
    /// assert_eq!(Value::from_flatmap(&m, &t)?, v);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn to_flatmap(&self) -> Result<Option<BTreeMap<String, String>>> {
        let mut fm: *mut sys::dv_flatmap_t = ptr::null_mut();
        call(|err| unsafe { sys::dv_value_to_flatmap(&mut fm, self.as_raw(), ptr::null(), err) })?;
        if fm.is_null() {
            return Ok(None);
        }
        let mut m = BTreeMap::new();
        // SAFETY: `fm` is owned here; each entry is borrowed from it and
        // copied before dv_flatmap_free.
        unsafe {
            for i in 0..sys::dv_flatmap_count(fm) {
                let mut k = dv_str(&[]);
                let mut v = dv_str(&[]);
                sys::dv_flatmap_entry(fm, i, &mut k, &mut v);
                m.insert(
                    String::from_utf8_lossy(crate::util::str_bytes(k)).into_owned(),
                    String::from_utf8_lossy(crate::util::str_bytes(v)).into_owned(),
                );
            }
            sys::dv_flatmap_free(fm);
        }
        Ok(Some(m))
    }
}

impl Value {
    forward! { as_value_ref =>
        /// Converts by go-cty's rules; see [`ValueRef::convert`].
        fn convert(&self, want: impl AsTypeRef) -> Result<Value>;
        /// Safe conversions only; see [`ValueRef::convert_safe`].
        fn convert_safe(&self, want: impl AsTypeRef) -> Result<Value>;
        /// Legacy flatmap state; see [`ValueRef::to_flatmap`].
        fn to_flatmap(&self) -> Result<Option<BTreeMap<String, String>>>;
    }

    /// Reads legacy flatmap state (the `map[string]string` form of resource
    /// state before Terraform 0.12: `"tags.%"`, `"list.#"`, `"list.0"`, …) as
    /// a value of object type `ty`, by Terraform's
    /// `hcl2shim.HCL2ValueFromFlatmap`. Keys missing for an attribute give
    /// null, [`FLATMAP_UNKNOWN`] an unknown. (For Terraform's nil map, use
    /// [`Value::null`].)
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) with hcl2shim's
    /// message, [`Status::Limit`](crate::Status::Limit) for a list count
    /// larger than the map, [`Status::InvalidArg`](crate::Status::InvalidArg)
    /// when `ty` is not an object type or a key repeats.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let t = Type::from_json(r#"["object",{"ids":["list","string"],"port":"number"}]"#)?;
    /// let v = Value::from_flatmap([("ids.#", "1"), ("ids.0", "a"), ("port", "80")], &t)?;
    /// assert_eq!(v.to_json(&t)?, r#"{"ids":["a"],"port":80}"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_flatmap<K: AsRef<[u8]>, V: AsRef<[u8]>>(
        entries: impl IntoIterator<Item = (K, V)>,
        ty: impl AsTypeRef,
    ) -> Result<Value> {
        let ty = ty.as_type_ref();
        flatmap(entries, |out, k, v, n, err| unsafe { sys::dv_value_from_flatmap(out, ty.as_raw(), k, v, n, err) })
    }
}

/// Calls a flatmap entry point with the entries as two `dv_str_t` arrays
/// (never NULL: NULL arrays mean Terraform's nil map).
pub(crate) fn flatmap<K: AsRef<[u8]>, V: AsRef<[u8]>>(
    entries: impl IntoIterator<Item = (K, V)>,
    f: impl Fn(
        *mut *mut sys::dv_value_t,
        *const sys::dv_str_t,
        *const sys::dv_str_t,
        usize,
        *mut *mut sys::dv_error_t,
    ) -> sys::dv_status_t,
) -> Result<Value> {
    let entries: Vec<(K, V)> = entries.into_iter().collect();
    let mut keys: Vec<sys::dv_str_t> = entries.iter().map(|(k, _)| dv_str(k.as_ref())).collect();
    let mut vals: Vec<sys::dv_str_t> = entries.iter().map(|(_, v)| dv_str(v.as_ref())).collect();
    let n = keys.len();
    keys.reserve(1);
    vals.reserve(1);
    let mut out = ptr::null_mut();
    call(|err| f(&mut out, keys.as_ptr(), vals.as_ptr(), n, err))?;
    Ok(unsafe { Value::from_raw(out) })
}

impl Type {
    /// Whether values of type `from` can convert to type `to` (go-cty
    /// `GetConversionUnsafe`, or `GetConversion` when `safe`). A conversion
    /// that exists can still fail for some values; as in go-cty, equal
    /// primitive types and equal map types answer false.
    ///
    /// ```
    /// use dynval::Type;
    /// assert!(Type::convertible(Type::string(), Type::number(), false));
    /// assert!(!Type::convertible(Type::string(), Type::number(), true));
    /// assert!(!Type::convertible(Type::bool(), Type::number(), false));
    /// ```
    pub fn convertible(from: impl AsTypeRef, to: impl AsTypeRef, safe: bool) -> bool {
        let flags = if safe { sys::DV_CONVERT_SAFE } else { 0 };
        unsafe { sys::dv_type_convertible(from.as_type_ref().as_raw(), to.as_type_ref().as_raw(), flags) }
    }

    /// The most general type all of `types` convert to by safe conversions
    /// (go-cty `convert.Unify`), and for each type whether its values need
    /// [`Value::convert`] to it.
    ///
    /// # Errors
    ///
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) when there is
    /// no common type (or no types).
    ///
    /// ```
    /// use dynval::Type;
    /// let (t, convs) = Type::unify(&[Type::number(), Type::string()])?;
    /// assert_eq!((t, convs), (Type::string(), vec![true, false]));
    /// assert!(Type::unify(&[Type::number(), Type::bool()]).is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn unify<T: AsTypeRef>(types: &[T]) -> Result<(Type, Vec<bool>)> {
        unify(types, sys::DV_CONVERT_SAFE)
    }

    /// [`unify`](Self::unify) allowing unsafe conversions (go-cty
    /// `convert.UnifyUnsafe`).
    ///
    /// ```
    /// use dynval::Type;
    /// assert_eq!(Type::unify_unsafe(&[Type::dynamic(), Type::string()])?.0, Type::string());
    /// assert_eq!(Type::unify(&[Type::dynamic(), Type::string()])?.0, Type::dynamic());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn unify_unsafe<T: AsTypeRef>(types: &[T]) -> Result<(Type, Vec<bool>)> {
        unify(types, 0)
    }

    /// The type a JSON text implies (go-cty `ctyjson.ImpliedType`): strings,
    /// numbers and bools their primitive types, null the dynamic type,
    /// objects object types and arrays tuple types.
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse) with go-cty's message,
    /// [`Status::Limit`](crate::Status::Limit) past 1000 levels.
    ///
    /// ```
    /// let t = dynval::Type::implied_from_json(r#"{"a":[1,"x",null]}"#)?;
    /// assert_eq!(t.to_json(), r#"["object",{"a":["tuple",["number","string","dynamic"]]}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn implied_from_json(json: impl AsRef<[u8]>) -> Result<Type> {
        let json = json.as_ref();
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_json_implied_type(&mut out, json.as_ptr().cast(), json.len(), err) })?;
        Ok(unsafe { Type::from_raw(out) })
    }
}

fn unify<T: AsTypeRef>(types: &[T], flags: u32) -> Result<(Type, Vec<bool>)> {
    let ptrs: Vec<*const sys::dv_type_t> = types.iter().map(|t| t.as_type_ref().as_raw()).collect();
    let mut convs = vec![false; types.len()];
    let mut out = ptr::null_mut();
    call(|err| unsafe { sys::dv_type_unify(&mut out, ptrs.as_ptr(), ptrs.len(), flags, convs.as_mut_ptr(), err) })?;
    Ok((unsafe { Type::from_raw(out) }, convs))
}
