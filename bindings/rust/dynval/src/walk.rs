//! Walking, transforming and editing values: [`ValueRef::walk`],
//! [`ValueRef::transform`], [`ValueRef::transform_with`] with a
//! [`Transformer`], [`ValueRef::unknown_as_null`], [`ValueRef::set_path`]
//! and [`ValueRef::diff`].
//!
//! The callbacks are Rust closures called from C: each call runs inside
//! `catch_unwind`, a panic stops the traversal and resumes once the C call
//! has returned, and an `Err` from the closure stops it and is returned as
//! is.

use std::any::Any;
use std::ffi::{c_int, c_void};
use std::panic::{self, AssertUnwindSafe};
use std::ptr;

use dynval_sys as sys;

use crate::diff::Diff;
use crate::error::{call, expect_ok, Error, Result};
use crate::path::{AsPathRef, PathRef};
use crate::value::{AsValueRef, Value, ValueRef};

/// What [`Transformer::enter`] decides for a value.
#[derive(Debug)]
pub enum Enter {
    /// Go on into the value's children (cty's `Enter` returning the value).
    Descend,
    /// Put this value in its place, then go on into its children.
    Replace(Value),
    /// Leave the value's children as they are (`exit` still runs).
    Skip,
    /// Put this value in its place and leave its children as they are.
    ReplaceAndSkip(Value),
}

/// The two callbacks of [`ValueRef::transform_with`] (cty `Transformer`).
/// Both default to keeping the value.
///
/// ```
/// use dynval::{Enter, PathRef, Transformer, Type, Value, ValueRef};
/// // Leaves sensitive subtrees alone and nulls out every other unknown.
/// struct Nulls;
/// impl Transformer for Nulls {
///     type Error = dynval::Error;
///     fn enter(&mut self, path: PathRef<'_>, _: ValueRef<'_>) -> Result<Enter, Self::Error> {
///         Ok(if path.to_string() == ".secret" { Enter::Skip } else { Enter::Descend })
///     }
///     fn exit(&mut self, _: PathRef<'_>, v: ValueRef<'_>) -> Result<Option<Value>, Self::Error> {
///         Ok((!v.is_known()).then(|| Value::null(v.ty())))
///     }
/// }
/// let l = Type::list(Type::string());
/// let v = Value::object(&[("a", Value::unknown(&l)), ("secret", Value::list(Type::string(), &[Value::unknown(Type::string())])?)])?;
/// let out = v.transform_with(&mut Nulls)?;
/// assert!(out.get("a")?.unwrap().is_null());
/// assert!(!out.get("secret")?.unwrap().is_wholly_known());
/// # Ok::<(), dynval::Error>(())
/// ```
pub trait Transformer {
    /// The error the callbacks may stop with; libdynval's own errors
    /// convert into it.
    type Error: From<Error>;

    /// Called before the value's children are transformed (pre-order).
    fn enter(&mut self, path: PathRef<'_>, v: ValueRef<'_>) -> std::result::Result<Enter, Self::Error> {
        let _ = (path, v);
        Ok(Enter::Descend)
    }

    /// Called after the children, with the value rebuilt from them
    /// (post-order): `Some` replaces the value.
    fn exit(&mut self, path: PathRef<'_>, v: ValueRef<'_>) -> std::result::Result<Option<Value>, Self::Error> {
        let _ = (path, v);
        Ok(None)
    }
}

/// Callback state shared with the trampolines: the Rust callback, and what
/// stopped the traversal (an `Err`, or a panic to resume).
struct State<F, E> {
    f: F,
    error: Option<E>,
    panic: Option<Box<dyn Any + Send>>,
}

/// Returned to C to stop the traversal (its value does not matter: the
/// state says why).
const STOP: c_int = -1;

impl<F, E> State<F, E> {
    fn new(f: F) -> State<F, E> {
        State { f, error: None, panic: None }
    }

    /// Runs one callback: its result, or STOP after recording an error or a
    /// panic.
    fn run<R>(&mut self, call: impl FnOnce(&mut F) -> std::result::Result<R, E>) -> Option<R> {
        if self.error.is_some() || self.panic.is_some() {
            return None;
        }
        match panic::catch_unwind(AssertUnwindSafe(|| call(&mut self.f))) {
            Ok(Ok(r)) => Some(r),
            Ok(Err(e)) => {
                self.error = Some(e);
                None
            }
            Err(p) => {
                self.panic = Some(p);
                None
            }
        }
    }

    /// What the C call's status means, once it has returned.
    fn finish(self, rc: c_int, err: *mut sys::dv_error_t) -> std::result::Result<(), E>
    where
        E: From<Error>,
    {
        if let Some(p) = self.panic {
            // SAFETY: err is NULL or owned; free it before unwinding.
            unsafe { sys::dv_error_free(err) };
            panic::resume_unwind(p);
        }
        if let Some(e) = self.error {
            unsafe { sys::dv_error_free(err) };
            return Err(e);
        }
        if rc > 0 {
            // SAFETY: a positive result is a dv_status_t with its error.
            return Err(unsafe { Error::from_raw(rc as sys::dv_status_t, err) }.into());
        }
        unsafe { sys::dv_error_free(err) };
        Ok(())
    }
}

unsafe extern "C" fn walk_trampoline<'a, F, E>(
    path: *const sys::dv_path_t,
    v: *const sys::dv_value_t,
    payload: *mut c_void,
) -> c_int
where
    F: FnMut(PathRef<'_>, ValueRef<'a>) -> std::result::Result<bool, E>,
{
    // SAFETY: payload is the State passed to dv_value_walk, used by one
    // call at a time; path and value are valid for the call (the value for
    // 'a, as it is borrowed from the walked value).
    let state = &mut *(payload as *mut State<F, E>);
    let Some((path, v)) = args(path, v) else { return STOP };
    match state.run(|f| f(path, v)) {
        Some(true) => 0,
        Some(false) => sys::DV_WALK_SKIP as c_int,
        None => STOP,
    }
}

/// The path and value a callback is called with.
///
/// # Safety
///
/// Both must be NULL or valid for `'x`.
unsafe fn args<'p, 'x>(path: *const sys::dv_path_t, v: *const sys::dv_value_t) -> Option<(PathRef<'p>, ValueRef<'x>)> {
    Some((PathRef::from_raw(path)?, ValueRef::from_raw(v)?))
}

/// Hands a replacement to C through `replace`.
unsafe fn put(replace: *mut *mut sys::dv_value_t, v: Option<Value>) {
    if let Some(v) = v {
        *replace = v.into_raw();
    }
}

unsafe extern "C" fn exit_trampoline<F, E>(
    path: *const sys::dv_path_t,
    v: *const sys::dv_value_t,
    replace: *mut *mut sys::dv_value_t,
    payload: *mut c_void,
) -> c_int
where
    F: FnMut(PathRef<'_>, ValueRef<'_>) -> std::result::Result<Option<Value>, E>,
{
    // SAFETY: as in walk_trampoline; both are valid for the call only.
    let state = &mut *(payload as *mut State<F, E>);
    let Some((path, v)) = args(path, v) else { return STOP };
    match state.run(|f| f(path, v)) {
        Some(r) => {
            put(replace, r);
            0
        }
        None => STOP,
    }
}

unsafe extern "C" fn transformer_enter<T: Transformer>(
    path: *const sys::dv_path_t,
    v: *const sys::dv_value_t,
    replace: *mut *mut sys::dv_value_t,
    payload: *mut c_void,
) -> c_int {
    // SAFETY: as in walk_trampoline; both are valid for the call only.
    let state = &mut *(payload as *mut State<&mut T, T::Error>);
    let Some((path, v)) = args(path, v) else { return STOP };
    match state.run(|t| t.enter(path, v)) {
        Some(Enter::Descend) => 0,
        Some(Enter::Replace(r)) => {
            put(replace, Some(r));
            0
        }
        Some(Enter::Skip) => sys::DV_WALK_SKIP as c_int,
        Some(Enter::ReplaceAndSkip(r)) => {
            put(replace, Some(r));
            sys::DV_WALK_SKIP as c_int
        }
        None => STOP,
    }
}

unsafe extern "C" fn transformer_exit<T: Transformer>(
    path: *const sys::dv_path_t,
    v: *const sys::dv_value_t,
    replace: *mut *mut sys::dv_value_t,
    payload: *mut c_void,
) -> c_int {
    // SAFETY: as in walk_trampoline; both are valid for the call only.
    let state = &mut *(payload as *mut State<&mut T, T::Error>);
    let Some((path, v)) = args(path, v) else { return STOP };
    match state.run(|t| t.exit(path, v)) {
        Some(r) => {
            put(replace, r);
            0
        }
        None => STOP,
    }
}

impl<'a> ValueRef<'a> {
    /// Visits the value and every value nested in it, pre-order, as cty
    /// `Walk` (`dv_value_walk`): list, tuple and set elements in order
    /// (sets in go-cty's order), map entries and object attributes
    /// bytewise by key. Return `Ok(true)` to go into the value's children,
    /// `Ok(false)` to skip them, `Err` to stop the walk with that error.
    /// The path is valid for the call; the values are borrowed from `self`.
    /// Null and unknown values have no children.
    ///
    /// # Errors
    ///
    /// The callback's error; libdynval's (out of memory) converted with
    /// `From`.
    ///
    /// # Panics
    ///
    /// A panic in the callback stops the walk and resumes here.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let v = Value::object(&[("a", Value::list(Type::number(), &[Value::from(1), Value::from(2)])?), ("b", Value::from(true))])?;
    /// let mut seen = Vec::new();
    /// v.walk(|path, x| {
    ///     seen.push(format!("{path}: {:?}", x.kind()));
    ///     Ok::<_, dynval::Error>(true)
    /// })?;
    /// assert_eq!(seen, [": Object", ".a: List", ".a[0]: Number", ".a[1]: Number", ".b: Bool"]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn walk<E, F>(&self, f: F) -> std::result::Result<(), E>
    where
        E: From<Error>,
        F: FnMut(PathRef<'_>, ValueRef<'a>) -> std::result::Result<bool, E>,
    {
        let mut state: State<F, E> = State::new(f);
        let mut err: *mut sys::dv_error_t = ptr::null_mut();
        // SAFETY: the state outlives the call, which uses it on this thread.
        let rc = unsafe {
            sys::dv_value_walk(
                self.as_raw(),
                Some(walk_trampoline::<'a, F, E>),
                &mut state as *mut State<F, E> as *mut c_void,
                &mut err,
            )
        };
        state.finish(rc, err)
    }

    /// Builds a new value by replacing values anywhere inside this one, as
    /// cty `Transform` (`dv_value_transform`): the closure sees every
    /// value after its children (post-order), collections rebuilt from
    /// their transformed children, and returns `Some(replacement)` or
    /// `None` to keep it. Collections are rebuilt as go-cty rebuilds them
    /// (a list's element type follows its elements, a set is deduplicated);
    /// untouched parts are shared, not copied.
    ///
    /// # Errors
    ///
    /// The closure's error; [`Status::TypeMismatch`](crate::Status::TypeMismatch),
    /// with the collection's path, when a list, set or map would hold
    /// elements of different types.
    ///
    /// # Panics
    ///
    /// A panic in the closure stops the transform and resumes here.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let v = Value::object(&[("id", Value::unknown(Type::string())), ("n", Value::from(1))])?;
    /// let out = v.transform(|path, x| {
    ///     Ok::<_, dynval::Error>(if x.is_known() { None } else { Some(Value::from(format!("<{path}>"))) })
    /// })?;
    /// assert_eq!(out.get("id")?.unwrap().as_str()?, "<.id>");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn transform<E, F>(&self, f: F) -> std::result::Result<Value, E>
    where
        E: From<Error>,
        F: FnMut(PathRef<'_>, ValueRef<'_>) -> std::result::Result<Option<Value>, E>,
    {
        let mut state: State<F, E> = State::new(f);
        let mut err: *mut sys::dv_error_t = ptr::null_mut();
        let mut out: *mut sys::dv_value_t = ptr::null_mut();
        // SAFETY: as in walk.
        let rc = unsafe {
            sys::dv_value_transform(
                &mut out,
                self.as_raw(),
                None,
                Some(exit_trampoline::<F, E>),
                &mut state as *mut State<F, E> as *mut c_void,
                &mut err,
            )
        };
        state.finish(rc, err)?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// [`transform`](Self::transform) with both of cty's callbacks, before
    /// and after the children (cty `TransformWithTransformer`); see
    /// [`Transformer`].
    ///
    /// # Errors
    ///
    /// As [`transform`](Self::transform).
    pub fn transform_with<T: Transformer>(&self, t: &mut T) -> std::result::Result<Value, T::Error> {
        let mut state: State<&mut T, T::Error> = State::new(t);
        let mut err: *mut sys::dv_error_t = ptr::null_mut();
        let mut out: *mut sys::dv_value_t = ptr::null_mut();
        // SAFETY: as in walk.
        let rc = unsafe {
            sys::dv_value_transform(
                &mut out,
                self.as_raw(),
                Some(transformer_enter::<T>),
                Some(transformer_exit::<T>),
                &mut state as *mut State<&mut T, T::Error> as *mut c_void,
                &mut err,
            )
        };
        state.finish(rc, err)?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// Every unknown inside the value, at any depth, replaced by the null
    /// value of its type (cty `UnknownAsNull`); wholly known parts are
    /// shared.
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let v = Value::tuple(&[Value::from(1), Value::unknown(Type::string())])?;
    /// let n = v.unknown_as_null();
    /// assert!(n.is_wholly_known());
    /// assert!(n.element(1).unwrap().is_null());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn unknown_as_null(&self) -> Value {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_value_unknown_as_null(&mut out, self.as_raw(), err) }));
        unsafe { Value::from_raw(out) }
    }

    /// A copy of the value with the value at `path` replaced by `new`
    /// (`dv_value_set_path`): only the collections along the path are
    /// rebuilt, everything else is shared. A last key step may add a map
    /// key; a set is deduplicated after its element changes.
    ///
    /// # Errors
    ///
    /// With the path of the failing step:
    /// [`Status::UnknownValue`](crate::Status::UnknownValue) through an
    /// unknown value; [`Status::TypeMismatch`](crate::Status::TypeMismatch)
    /// through a null or primitive value, for a step of the wrong kind, or
    /// a replacement of the wrong type; [`Status::NotFound`](crate::Status::NotFound)
    /// for a missing attribute, key or element;
    /// [`Status::OutOfRange`](crate::Status::OutOfRange) for an index past
    /// the end.
    ///
    /// ```
    /// use dynval::{Path, Type, Value};
    /// let v = Value::object(&[("ports", Value::list(Type::number(), &[Value::from(80), Value::from(443)])?)])?;
    /// let w = v.set_path(Path::new().attr("ports").index(1), Value::from(8443))?;
    /// assert_eq!(w.to_json(w.ty())?, r#"{"ports":[80,8443]}"#);
    /// let err = v.set_path(Path::new().attr("ports").index(0), Value::from("x")).unwrap_err();
    /// assert_eq!(err.path(), ".ports[0]");
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn set_path(&self, path: impl AsPathRef, new: impl AsValueRef) -> Result<Value> {
        let path = path.as_path_ref();
        let new = new.as_value_ref();
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_value_set_path(&mut out, self.as_raw(), path.as_raw(), new.as_raw(), err) })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// Where this value and `other` differ, as terraform-plugin-go's
    /// `tftypes.Value.Diff(self, other)` (`dv_value_diff`); see [`Diff`].
    ///
    /// ```
    /// use dynval::{Type, Value};
    /// let planned = Value::object(&[("id", Value::unknown(Type::string())), ("n", Value::from(1))])?;
    /// let applied = Value::object(&[("id", Value::from("i-1")), ("n", Value::from(2))])?;
    /// let d = planned.diff(&applied);
    /// let paths: Vec<String> = d.iter().map(|e| e.path.to_string()).collect();
    /// assert_eq!(paths, [".id", ".n"]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn diff(&self, other: impl AsValueRef) -> Diff {
        let other = other.as_value_ref();
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_value_diff(&mut out, self.as_raw(), other.as_raw(), err) }));
        unsafe { Diff::from_raw(out) }
    }
}

impl Value {
    /// Visits every value inside; see [`ValueRef::walk`].
    pub fn walk<'a, E, F>(&'a self, f: F) -> std::result::Result<(), E>
    where
        E: From<Error>,
        F: FnMut(PathRef<'_>, ValueRef<'a>) -> std::result::Result<bool, E>,
    {
        self.as_value_ref().walk(f)
    }

    /// Replaces values inside (post-order); see [`ValueRef::transform`].
    pub fn transform<E, F>(&self, f: F) -> std::result::Result<Value, E>
    where
        E: From<Error>,
        F: FnMut(PathRef<'_>, ValueRef<'_>) -> std::result::Result<Option<Value>, E>,
    {
        self.as_value_ref().transform(f)
    }

    /// Replaces values inside with a [`Transformer`]; see
    /// [`ValueRef::transform_with`].
    pub fn transform_with<T: Transformer>(&self, t: &mut T) -> std::result::Result<Value, T::Error> {
        self.as_value_ref().transform_with(t)
    }

    /// Unknowns become nulls; see [`ValueRef::unknown_as_null`].
    pub fn unknown_as_null(&self) -> Value {
        self.as_value_ref().unknown_as_null()
    }

    /// Replaces the value at a path; see [`ValueRef::set_path`].
    pub fn set_path(&self, path: impl AsPathRef, new: impl AsValueRef) -> Result<Value> {
        self.as_value_ref().set_path(path, new)
    }

    /// Where two values differ; see [`ValueRef::diff`].
    pub fn diff(&self, other: impl AsValueRef) -> Diff {
        self.as_value_ref().diff(other)
    }
}
