//! Paths into values: [`Path`] (owned), [`PathRef`] (borrowed) and
//! [`PathStep`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ptr::{self, NonNull};

use dynval_sys as sys;

use crate::error::{call, expect_ok, Result};
use crate::util::{str_bytes, Buffer};
use crate::value::{AsValueRef, Value, ValueRef};

/// One step of a path into a value (cty `PathStep`), as read from a
/// [`Path`] or an [`Error`](crate::Error) and accepted by
/// [`Path::from_steps`] and [`ValueRef::lookup`](crate::ValueRef::lookup).
///
/// ```
/// use dynval::{PathStep, Value};
/// let v = Value::object(&[("tags", Value::list(dynval::Type::string(), &[Value::from("a")])?)])?;
/// let got = v.lookup(&[PathStep::Attr("tags".into()), PathStep::Index(0)]).unwrap();
/// assert_eq!(got.as_str()?, "a");
/// # Ok::<(), dynval::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PathStep {
    /// An object attribute, `.name`.
    Attr(String),
    /// A list or tuple element (or a set element by iteration order),
    /// `[index]`.
    Index(i64),
    /// A map element, `["key"]`.
    Key(String),
    /// A set element, keyed by the element itself (cty
    /// `IndexStep{Key: element}`).
    Element(Value),
}

impl fmt::Display for PathStep {
    /// Renders the step as [`Path`]'s `Display` does (the C printer), e.g.
    /// `.name`, `[3]`, `["key"]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Path::from_steps(std::slice::from_ref(self)), f)
    }
}

/// Anything that can lend a [`PathRef`]: [`Path`], [`PathRef`], and
/// references to them.
pub trait AsPathRef {
    /// Borrows the path.
    fn as_path_ref(&self) -> PathRef<'_>;
}

impl<T: AsPathRef + ?Sized> AsPathRef for &T {
    fn as_path_ref(&self) -> PathRef<'_> {
        (**self).as_path_ref()
    }
}

/// An owned path into a value (`dv_path_t`, cty `Path`): object
/// attributes, list and tuple indexes, map keys and set elements.
///
/// Build it with the chained methods (or `push_*` in place); read it
/// through [`PathRef`], which it dereferences to with
/// [`as_path_ref`](AsPathRef::as_path_ref). `Display` is libdynval's one
/// path printer (`dv_path_to_string`), the form Terraform and OpenTofu
/// diagnostics use; `==` is cty `Path.Equals`.
///
/// ```
/// use dynval::{Path, Type, Value};
/// let p = Path::new().attr("network").index(0).key("v4");
/// assert_eq!(p.to_string(), r#".network[0]["v4"]"#);
/// let in_set = Path::new().attr("tags").element(Value::from("web"));
/// assert_eq!(in_set.to_string(), r#".tags["web"]"#);
/// // Map keys are quoted as Go does, not as Rust's `{:?}` would.
/// assert_eq!(Path::new().key("\u{e9}\u{7f}").to_string(), r#"["é\x7f"]"#);
/// ```
pub struct Path {
    ptr: NonNull<sys::dv_path_t>,
}

// SAFETY: path.h: a path is only changed through functions taking a
// non-const pointer (which need `&mut Path` here); every other call only
// reads, and a path may be freed from any thread.
unsafe impl Send for Path {}
unsafe impl Sync for Path {}

/// A path borrowed from its owner (a [`Path`], an error, a walk or
/// transform callback, a [`Diff`](crate::Diff) entry), valid for `'a`.
#[derive(Clone, Copy)]
pub struct PathRef<'a> {
    ptr: NonNull<sys::dv_path_t>,
    _owner: PhantomData<&'a sys::dv_path_t>,
}

// SAFETY: as for `Path`; only read-only calls go through it.
unsafe impl Send for PathRef<'_> {}
unsafe impl Sync for PathRef<'_> {}

impl<'a> PathRef<'a> {
    /// Wraps a borrowed C pointer (`None` for NULL).
    ///
    /// # Safety
    ///
    /// `ptr` must be NULL or a valid path that outlives `'a` and does not
    /// change during `'a`.
    pub unsafe fn from_raw(ptr: *const sys::dv_path_t) -> Option<PathRef<'a>> {
        NonNull::new(ptr as *mut sys::dv_path_t).map(|ptr| PathRef { ptr, _owner: PhantomData })
    }

    /// The C pointer, valid for `'a`.
    pub fn as_raw(&self) -> *const sys::dv_path_t {
        self.ptr.as_ptr()
    }

    /// The number of steps (0 for the value itself).
    ///
    /// ```
    /// assert_eq!(dynval::Path::new().attr("a").index(1).len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        unsafe { sys::dv_path_length(self.as_raw()) }
    }

    /// Whether the path has no steps.
    ///
    /// ```
    /// assert!(dynval::Path::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Step `i` (`None` when out of range). Names are copied (invalid UTF-8
    /// replaced by U+FFFD); a set element's value is a new reference.
    ///
    /// ```
    /// use dynval::{Path, PathStep};
    /// let p = Path::new().attr("a").index(2);
    /// assert_eq!(p.step(1), Some(PathStep::Index(2)));
    /// assert_eq!(p.step(2), None);
    /// ```
    pub fn step(&self, i: usize) -> Option<PathStep> {
        let mut s = sys::dv_path_step_t { kind: 0, index: 0, name: sys::dv_str_t { ptr: ptr::null(), len: 0 } };
        // SAFETY: the path is valid for 'a; names are copied before return.
        if !unsafe { sys::dv_path_step(self.as_raw(), i, &mut s) } {
            return None;
        }
        let name = || String::from_utf8_lossy(unsafe { str_bytes(s.name) }).into_owned();
        Some(match s.kind {
            sys::DV_PATH_ATTR => PathStep::Attr(name()),
            sys::DV_PATH_KEY => PathStep::Key(name()),
            sys::DV_PATH_ELEMENT => {
                // SAFETY: borrowed from the path; cloned before return.
                let v = unsafe { ValueRef::from_raw(sys::dv_path_step_element(self.as_raw(), i)) }?;
                PathStep::Element(v.to_value())
            }
            _ => PathStep::Index(s.index),
        })
    }

    /// All steps, in order.
    ///
    /// ```
    /// use dynval::{Path, PathStep};
    /// let steps: Vec<PathStep> = Path::new().attr("a").key("k").steps().collect();
    /// assert_eq!(steps, [PathStep::Attr("a".into()), PathStep::Key("k".into())]);
    /// ```
    pub fn steps(&self) -> impl ExactSizeIterator<Item = PathStep> + 'a {
        let p = *self;
        (0..p.len()).map(move |i| p.step(i).expect("step within the path's length"))
    }

    /// An owned copy of the path (`dv_path_clone`).
    ///
    /// ```
    /// use dynval::AsPathRef;
    /// let p = dynval::Path::new().attr("a");
    /// assert_eq!(p.as_path_ref().to_path(), p);
    /// ```
    pub fn to_path(&self) -> Path {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_path_clone(&mut out, self.as_raw(), err) }));
        unsafe { Path::from_raw(out) }
    }

    /// Applies the path to a value exactly as cty `Path.Apply` does
    /// (`dv_path_apply`): through unknowns it yields unknowns of the right
    /// type, and a set-element step yields its own value when the set
    /// holds an equal element.
    ///
    /// # Errors
    ///
    /// go-cty's message (e.g. `at step 0: object has no attribute "x"`):
    /// [`Status::TypeMismatch`](crate::Status::TypeMismatch) for a step
    /// that does not apply to the value's kind or a null value,
    /// [`Status::NotFound`](crate::Status::NotFound) for a missing
    /// attribute, index, key or element.
    ///
    /// ```
    /// use dynval::{Path, Type, Value};
    /// let v = Value::object(&[("l", Value::unknown(Type::list(Type::string())))])?;
    /// let got = Path::new().attr("l").index(3).apply(&v)?;
    /// assert_eq!(got, Value::unknown(Type::string()));
    /// let err = Path::new().attr("x").apply(&v).unwrap_err();
    /// assert_eq!(err.message(), r#"at step 0: object has no attribute "x""#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn apply(&self, v: impl AsValueRef) -> Result<Value> {
        let v = v.as_value_ref();
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_path_apply(&mut out, self.as_raw(), v.as_raw(), err) })?;
        Ok(unsafe { Value::from_raw(out) })
    }

    /// The protobuf bytes of the plugin protocol's `AttributePath` message
    /// for this path (`dv_path_to_attribute_path`), as Go's protobuf writes
    /// them: for a diagnostic's attribute or a `RequiresReplace` entry. The
    /// protocol cannot name a set element, so the message stops before the
    /// first [`PathStep::Element`] and names the whole set.
    ///
    /// # Errors
    ///
    /// [`Status::InvalidArg`](crate::Status::InvalidArg) when an attribute
    /// name or map key among the steps encoded is not UTF-8 (protobuf
    /// strings must be).
    ///
    /// ```
    /// use dynval::{Path, Value};
    /// let bytes = Path::new().attr("rule").index(0).key("v4").to_attribute_path()?;
    /// assert_eq!(&bytes[..], b"\x0a\x06\x0a\x04rule\x0a\x02\x18\x00\x0a\x04\x12\x02v4");
    /// // A set element: the path of the set.
    /// let in_set = Path::new().attr("tags").element(Value::from("web")).to_attribute_path()?;
    /// assert_eq!(Path::from_attribute_path(&in_set)?, Path::new().attr("tags"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn to_attribute_path(&self) -> Result<Buffer> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_path_to_attribute_path(buf.as_mut_ptr(), self.as_raw(), err) })?;
        Ok(buf)
    }

    /// cty `Path.Equals` (what `==` uses): the same steps, set-element
    /// values compared with `RawEquals`.
    ///
    /// ```
    /// use dynval::Path;
    /// assert!(Path::new().attr("a").path_equals(&Path::new().attr("a")));
    /// assert!(!Path::new().attr("a").path_equals(&Path::new().key("a")));
    /// ```
    pub fn path_equals(&self, other: impl AsPathRef) -> bool {
        let other = other.as_path_ref();
        let mut out = false;
        expect_ok(call(|err| unsafe { sys::dv_path_equals(&mut out, self.as_raw(), other.as_raw(), err) }));
        out
    }
}

impl AsPathRef for PathRef<'_> {
    fn as_path_ref(&self) -> PathRef<'_> {
        *self
    }
}

impl Path {
    /// The empty path (the value itself).
    ///
    /// ```
    /// assert_eq!(dynval::Path::new().to_string(), "");
    /// ```
    pub fn new() -> Path {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_path_new(&mut out, err) }));
        unsafe { Path::from_raw(out) }
    }

    /// Decodes the protobuf bytes of an `AttributePath` message
    /// (`dv_path_from_attribute_path`), e.g. a diagnostic's attribute:
    /// `attribute_name` gives [`PathStep::Attr`], `element_key_string`
    /// [`PathStep::Key`] (in NFC), `element_key_int` [`PathStep::Index`].
    /// Unknown fields are skipped, as protobuf does.
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse) for malformed protobuf, a
    /// string that is not UTF-8, or a step with no selector, with the byte
    /// [`offset`](crate::Error::offset) and the field
    /// ([`path`](crate::Error::path), e.g. `.steps[1]`);
    /// [`Status::Limit`](crate::Status::Limit) past 4096 steps.
    ///
    /// ```
    /// use dynval::{Path, Status};
    /// let p = Path::from_attribute_path(b"\x0a\x03\x0a\x01a\x0a\x02\x18\x02")?;
    /// assert_eq!(p.to_string(), ".a[2]");
    /// let err = Path::from_attribute_path(b"\x0a\x03\x0a\x01a\x0a\x00").unwrap_err();
    /// assert_eq!((err.status(), err.offset(), err.path()), (Status::Parse, Some(5), ".steps[1]"));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_attribute_path(data: &[u8]) -> Result<Path> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_path_from_attribute_path(&mut out, data.as_ptr().cast(), data.len(), err) })?;
        Ok(unsafe { Path::from_raw(out) })
    }

    /// A path of the given steps.
    ///
    /// ```
    /// use dynval::{Path, PathStep};
    /// let p = Path::from_steps(&[PathStep::Attr("a".into()), PathStep::Index(0)]);
    /// assert_eq!(p.to_string(), ".a[0]");
    /// ```
    pub fn from_steps(steps: &[PathStep]) -> Path {
        let mut p = Path::new();
        for s in steps {
            p.push(s);
        }
        p
    }

    /// Takes ownership of a C path.
    ///
    /// # Safety
    ///
    /// `ptr` must be a non-NULL owned `dv_path_t`, transferred to the
    /// returned `Path`.
    pub unsafe fn from_raw(ptr: *mut sys::dv_path_t) -> Path {
        Path { ptr: NonNull::new(ptr).expect("Path::from_raw: NULL path") }
    }

    /// Gives up ownership: the caller must release the pointer with
    /// `dv_path_free`.
    pub fn into_raw(self) -> *mut sys::dv_path_t {
        let p = self.ptr.as_ptr();
        std::mem::forget(self);
        p
    }

    /// The C pointer, valid as long as `self` is neither changed nor
    /// dropped.
    pub fn as_raw(&self) -> *const sys::dv_path_t {
        self.ptr.as_ptr()
    }

    /// Appends a step.
    ///
    /// ```
    /// let mut p = dynval::Path::new();
    /// p.push(&dynval::PathStep::Key("k".into()));
    /// assert_eq!(p.to_string(), r#"["k"]"#);
    /// ```
    pub fn push(&mut self, step: &PathStep) {
        match step {
            PathStep::Attr(n) => self.push_attr(n),
            PathStep::Index(i) => self.push_index(*i),
            PathStep::Key(k) => self.push_key(k),
            PathStep::Element(v) => self.push_element(v),
        }
    }

    /// Appends an attribute step, `.name`.
    pub fn push_attr(&mut self, name: impl AsRef<[u8]>) {
        let n = name.as_ref();
        let p = self.ptr.as_ptr();
        expect_ok(call(|err| unsafe { sys::dv_path_append_attr(p, n.as_ptr().cast(), n.len(), err) }));
    }

    /// Appends an index step, `[i]`.
    pub fn push_index(&mut self, i: i64) {
        let p = self.ptr.as_ptr();
        expect_ok(call(|err| unsafe { sys::dv_path_append_index(p, i, err) }));
    }

    /// Appends a map key step, `["key"]`.
    pub fn push_key(&mut self, key: impl AsRef<[u8]>) {
        let k = key.as_ref();
        let p = self.ptr.as_ptr();
        expect_ok(call(|err| unsafe { sys::dv_path_append_key(p, k.as_ptr().cast(), k.len(), err) }));
    }

    /// Appends a set element step keyed by the element itself.
    pub fn push_element(&mut self, elem: impl AsValueRef) {
        let e = elem.as_value_ref();
        let p = self.ptr.as_ptr();
        expect_ok(call(|err| unsafe { sys::dv_path_append_element(p, e.as_raw(), err) }));
    }

    /// Keeps only the first `len` steps (no-op when the path is shorter).
    ///
    /// ```
    /// let mut p = dynval::Path::new().attr("a").index(0);
    /// p.truncate(1);
    /// assert_eq!(p.to_string(), ".a");
    /// ```
    pub fn truncate(&mut self, len: usize) {
        unsafe { sys::dv_path_truncate(self.ptr.as_ptr(), len) }
    }

    /// With an attribute step appended.
    pub fn attr(mut self, name: impl AsRef<[u8]>) -> Path {
        self.push_attr(name);
        self
    }

    /// With an index step appended.
    pub fn index(mut self, i: i64) -> Path {
        self.push_index(i);
        self
    }

    /// With a map key step appended.
    pub fn key(mut self, key: impl AsRef<[u8]>) -> Path {
        self.push_key(key);
        self
    }

    /// With a set element step appended.
    pub fn element(mut self, elem: impl AsValueRef) -> Path {
        self.push_element(elem);
        self
    }

    forward! { as_path_ref =>
        /// The number of steps; see [`PathRef::len`].
        fn len(&self) -> usize;
        /// No steps; see [`PathRef::is_empty`].
        fn is_empty(&self) -> bool;
        /// Step `i`; see [`PathRef::step`].
        fn step(&self, i: usize) -> Option<PathStep>;
        /// cty `Path.Apply`; see [`PathRef::apply`].
        fn apply(&self, v: impl AsValueRef) -> Result<Value>;
        /// cty `Path.Equals`; see [`PathRef::path_equals`].
        fn path_equals(&self, other: impl AsPathRef) -> bool;
        /// The `AttributePath` message; see [`PathRef::to_attribute_path`].
        fn to_attribute_path(&self) -> Result<Buffer>;
    }

    /// All steps, in order; see [`PathRef::steps`].
    pub fn steps(&self) -> impl ExactSizeIterator<Item = PathStep> + '_ {
        self.as_path_ref().steps()
    }
}

impl AsPathRef for Path {
    fn as_path_ref(&self) -> PathRef<'_> {
        PathRef { ptr: self.ptr, _owner: PhantomData }
    }
}

impl Default for Path {
    fn default() -> Path {
        Path::new()
    }
}

impl Clone for Path {
    fn clone(&self) -> Path {
        self.as_path_ref().to_path()
    }
}

impl Drop for Path {
    fn drop(&mut self) {
        // SAFETY: we own the path.
        unsafe { sys::dv_path_free(self.ptr.as_ptr()) }
    }
}

impl From<&[PathStep]> for Path {
    fn from(steps: &[PathStep]) -> Path {
        Path::from_steps(steps)
    }
}

impl From<PathRef<'_>> for Path {
    fn from(p: PathRef<'_>) -> Path {
        p.to_path()
    }
}

fn write_path(p: PathRef<'_>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let mut buf = Buffer::new();
    expect_ok(call(|err| unsafe { sys::dv_path_to_string(buf.as_mut_ptr(), p.as_raw(), err) }));
    f.write_str(&buf.into_string())
}

impl fmt::Display for PathRef<'_> {
    /// libdynval's path printer (`dv_path_to_string`), as Terraform and
    /// OpenTofu diagnostics print paths: `.a[0]["k"]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_path(*self, f)
    }
}

impl fmt::Display for Path {
    /// See [`PathRef`]'s `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_path(self.as_path_ref(), f)
    }
}

impl fmt::Debug for PathRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Path({:?})", self.to_string())
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_path_ref(), f)
    }
}

impl<T: AsPathRef> PartialEq<T> for PathRef<'_> {
    /// cty `Path.Equals`.
    fn eq(&self, other: &T) -> bool {
        self.path_equals(other)
    }
}
impl Eq for PathRef<'_> {}

impl<T: AsPathRef> PartialEq<T> for Path {
    /// cty `Path.Equals`.
    fn eq(&self, other: &T) -> bool {
        self.as_path_ref().path_equals(other)
    }
}
impl Eq for Path {}

impl Hash for PathRef<'_> {
    /// Hashes the printed form, which equal paths share.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.to_string().hash(state)
    }
}
impl Hash for Path {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_path_ref().hash(state)
    }
}
