//! cty types: [`Type`] (owned), [`TypeRef`] (borrowed) and [`Kind`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ptr::{self, NonNull};

use dynval_sys as sys;

use crate::error::{call, expect_ok, Result};
use crate::util::{dv_str, str_bytes, Buffer};

/// The kind of a type (`dv_type_kind_t`).
///
/// `#[non_exhaustive]`: a kind this version of the bindings does not know
/// arrives as [`Kind::Unknown`] instead of being undefined behaviour.
///
/// ```
/// use dynval::{Kind, Type};
/// assert_eq!(Type::string().kind(), Kind::String);
/// assert_eq!(Type::list(Type::number()).kind(), Kind::List);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// `bool`.
    Bool,
    /// `number`.
    Number,
    /// `string`.
    String,
    /// `list(T)`.
    List,
    /// `set(T)`.
    Set,
    /// `map(T)`.
    Map,
    /// `object({...})`.
    Object,
    /// `tuple([...])`.
    Tuple,
    /// The dynamic pseudo-type (`cty.DynamicPseudoType`).
    Dynamic,
    /// A kind code unknown to these bindings (or `DV_TYPE_INVALID`).
    Unknown(u32),
}

impl Kind {
    /// Maps a C `dv_type_kind_t`.
    ///
    /// ```
    /// assert_eq!(dynval::Kind::from_raw(7), dynval::Kind::Object);
    /// assert_eq!(dynval::Kind::from_raw(99), dynval::Kind::Unknown(99));
    /// ```
    pub fn from_raw(k: u32) -> Kind {
        match k {
            sys::DV_TYPE_BOOL => Kind::Bool,
            sys::DV_TYPE_NUMBER => Kind::Number,
            sys::DV_TYPE_STRING => Kind::String,
            sys::DV_TYPE_LIST => Kind::List,
            sys::DV_TYPE_SET => Kind::Set,
            sys::DV_TYPE_MAP => Kind::Map,
            sys::DV_TYPE_OBJECT => Kind::Object,
            sys::DV_TYPE_TUPLE => Kind::Tuple,
            sys::DV_TYPE_DYNAMIC => Kind::Dynamic,
            other => Kind::Unknown(other),
        }
    }

    /// True for `bool`, `number` and `string`.
    ///
    /// ```
    /// assert!(dynval::Kind::Number.is_primitive());
    /// assert!(!dynval::Kind::Map.is_primitive());
    /// ```
    pub fn is_primitive(self) -> bool {
        matches!(self, Kind::Bool | Kind::Number | Kind::String)
    }

    /// True for `list`, `set` and `map`.
    ///
    /// ```
    /// assert!(dynval::Kind::Set.is_collection());
    /// assert!(!dynval::Kind::Tuple.is_collection());
    /// ```
    pub fn is_collection(self) -> bool {
        matches!(self, Kind::List | Kind::Set | Kind::Map)
    }
}

/// Anything that can lend a [`TypeRef`]: [`Type`], [`TypeRef`], and
/// references to them. Functions taking a type accept any of these.
pub trait AsTypeRef {
    /// Borrows the type.
    fn as_type_ref(&self) -> TypeRef<'_>;
}

impl<T: AsTypeRef + ?Sized> AsTypeRef for &T {
    fn as_type_ref(&self) -> TypeRef<'_> {
        (**self).as_type_ref()
    }
}

/// An owned reference to an immutable cty type (`dv_type_t`).
///
/// Clone is O(1) (`dv_type_clone`); drop calls `dv_type_free`. Types are
/// immutable with atomic reference counts, so `Type` is `Send + Sync`.
/// Equality and hashing are structural (`dv_type_equals`, `dv_type_hash`),
/// optional markers included. `Display` prints go-cty's type JSON.
///
/// ```
/// use dynval::Type;
/// let t = Type::object(&[("name", Type::string()), ("ports", Type::list(Type::number()))])?;
/// assert_eq!(t.to_string(), r#"["object",{"name":"string","ports":["list","number"]}]"#);
/// assert_eq!(Type::from_json(&t.to_json())?, t);
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct Type {
    ptr: NonNull<sys::dv_type_t>,
}

// SAFETY: dynval.h "Thread safety": types are immutable and reference
// counted with atomic counts; const calls may run concurrently and any
// object may be freed from any thread.
unsafe impl Send for Type {}
unsafe impl Sync for Type {}

/// A type borrowed from its owner (a [`Type`], a value's type or a schema's
/// implied type), valid for `'a`. `Copy`; use [`TypeRef::to_type`] to keep
/// it longer.
///
/// ```
/// let v = dynval::Value::from("x");
/// let t: dynval::TypeRef<'_> = v.ty();
/// assert_eq!(t.kind(), dynval::Kind::String);
/// let owned: dynval::Type = t.to_type();
/// drop(v);
/// assert_eq!(owned, dynval::Type::string());
/// ```
#[derive(Clone, Copy)]
pub struct TypeRef<'a> {
    ptr: NonNull<sys::dv_type_t>,
    _owner: PhantomData<&'a sys::dv_type_t>,
}

// SAFETY: as for `Type`: only const (read-only) calls go through a TypeRef.
unsafe impl Send for TypeRef<'_> {}
unsafe impl Sync for TypeRef<'_> {}

impl<'a> TypeRef<'a> {
    /// Wraps a borrowed C pointer.
    ///
    /// # Safety
    ///
    /// `ptr` must be a valid type that outlives `'a`.
    pub unsafe fn from_raw(ptr: *const sys::dv_type_t) -> Option<TypeRef<'a>> {
        NonNull::new(ptr as *mut sys::dv_type_t).map(|ptr| TypeRef { ptr, _owner: PhantomData })
    }

    /// The C pointer, valid for `'a`.
    pub fn as_raw(&self) -> *const sys::dv_type_t {
        self.ptr.as_ptr()
    }

    /// Takes a new owned reference to the type (O(1)).
    ///
    /// ```
    /// use dynval::AsTypeRef;
    /// let t = dynval::Type::list(dynval::Type::bool());
    /// let copy = t.as_type_ref().to_type();
    /// assert_eq!(copy, t);
    /// ```
    pub fn to_type(&self) -> Type {
        let mut out = ptr::null_mut();
        // SAFETY: self is a valid type; out receives an owned reference.
        expect_ok(call(|err| unsafe { sys::dv_type_clone(&mut out, self.as_raw(), err) }));
        unsafe { Type::from_raw(out) }
    }

    /// The kind of the type.
    ///
    /// ```
    /// assert_eq!(dynval::Type::dynamic().kind(), dynval::Kind::Dynamic);
    /// ```
    pub fn kind(&self) -> Kind {
        Kind::from_raw(unsafe { sys::dv_type_kind(self.as_raw()) })
    }

    /// The element type of a list, set or map type; `None` for other kinds.
    ///
    /// ```
    /// use dynval::Type;
    /// assert_eq!(Type::map(Type::bool()).element(), Some(Type::bool()));
    /// assert_eq!(Type::string().element(), None);
    /// ```
    pub fn element(&self) -> Option<Type> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_type_element(&mut out, self.as_raw(), err) }).ok()?;
        Some(unsafe { Type::from_raw(out) })
    }

    /// The number of attributes of an object type (0 for other kinds).
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["object",{"a":"bool","b":"string"}]"#)?;
    /// assert_eq!(t.attribute_count(), 2);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_count(&self) -> usize {
        unsafe { sys::dv_type_attribute_count(self.as_raw()) }
    }

    /// The name of attribute `i` (attributes are sorted bytewise), as bytes;
    /// `None` when out of range or not an object type.
    ///
    /// ```
    /// let t = dynval::Type::object(&[("b", dynval::Type::bool()), ("a", dynval::Type::bool())])?;
    /// assert_eq!(t.attribute_name_bytes(0), Some(&b"a"[..]));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_name_bytes(&self, i: usize) -> Option<&'a [u8]> {
        if i >= self.attribute_count() {
            return None;
        }
        // SAFETY: the view is borrowed from the type, alive for 'a.
        Some(unsafe { str_bytes(sys::dv_type_attribute_name(self.as_raw(), i)) })
    }

    /// The name of attribute `i` as `&str`; `None` when out of range, not an
    /// object type, or not valid UTF-8 (see
    /// [`attribute_name_bytes`](Self::attribute_name_bytes)).
    ///
    /// ```
    /// let t = dynval::Type::object(&[("id", dynval::Type::string())])?;
    /// assert_eq!(t.attribute_name(0), Some("id"));
    /// assert_eq!(t.attribute_name(1), None);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_name(&self, i: usize) -> Option<&'a str> {
        std::str::from_utf8(self.attribute_name_bytes(i)?).ok()
    }

    /// The type of attribute `i` of an object type.
    ///
    /// ```
    /// let t = dynval::Type::object(&[("id", dynval::Type::string())])?;
    /// assert_eq!(t.attribute_type(0), Some(dynval::Type::string()));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_type(&self, i: usize) -> Option<Type> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_type_attribute_type(&mut out, self.as_raw(), i, err) }).ok()?;
        Some(unsafe { Type::from_raw(out) })
    }

    /// Whether attribute `i` carries the optional marker (type constraints).
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["object",{"a":"bool","b":"bool"},["b"]]"#)?;
    /// assert!(!t.attribute_optional(0));
    /// assert!(t.attribute_optional(1));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_optional(&self, i: usize) -> bool {
        unsafe { sys::dv_type_attribute_optional(self.as_raw(), i) }
    }

    /// The index of the attribute called `name` (exact bytes).
    ///
    /// ```
    /// let t = dynval::Type::object(&[("b", dynval::Type::bool()), ("a", dynval::Type::bool())])?;
    /// assert_eq!(t.attribute_index("b"), Some(1));
    /// assert_eq!(t.attribute_index("zz"), None);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_index(&self, name: impl AsRef<[u8]>) -> Option<usize> {
        let name = name.as_ref();
        let i = unsafe { sys::dv_type_attribute_index(self.as_raw(), name.as_ptr().cast(), name.len()) };
        (i != usize::MAX).then_some(i)
    }

    /// The type of the attribute called `name`.
    ///
    /// ```
    /// let t = dynval::Type::object(&[("n", dynval::Type::number())])?;
    /// assert_eq!(t.attribute("n"), Some(dynval::Type::number()));
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute(&self, name: impl AsRef<[u8]>) -> Option<Type> {
        self.attribute_type(self.attribute_index(name)?)
    }

    /// Iterates over the attributes of an object type, in bytewise name
    /// order, as `(name bytes, type)` (empty for other kinds).
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["object",{"b":"bool","a":"string"}]"#)?;
    /// let names: Vec<&[u8]> = t.attributes().map(|(n, _)| n).collect();
    /// assert_eq!(names, [&b"a"[..], &b"b"[..]]);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attributes(&self) -> TypeAttributes<'a> {
        TypeAttributes { ty: *self, next: 0, end: self.attribute_count() }
    }

    /// The number of elements of a tuple type (0 for other kinds).
    ///
    /// ```
    /// let t = dynval::Type::tuple(&[dynval::Type::bool(), dynval::Type::string()]);
    /// assert_eq!(t.tuple_length(), 2);
    /// ```
    pub fn tuple_length(&self) -> usize {
        unsafe { sys::dv_type_tuple_length(self.as_raw()) }
    }

    /// Element type `i` of a tuple type.
    ///
    /// ```
    /// let t = dynval::Type::tuple(&[dynval::Type::bool(), dynval::Type::string()]);
    /// assert_eq!(t.tuple_element(1), Some(dynval::Type::string()));
    /// assert_eq!(t.tuple_element(2), None);
    /// ```
    pub fn tuple_element(&self, i: usize) -> Option<Type> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_type_tuple_element(&mut out, self.as_raw(), i, err) }).ok()?;
        Some(unsafe { Type::from_raw(out) })
    }

    /// Whether the type is or contains the dynamic pseudo-type.
    ///
    /// ```
    /// assert!(dynval::Type::list(dynval::Type::dynamic()).has_dynamic());
    /// assert!(!dynval::Type::number().has_dynamic());
    /// ```
    pub fn has_dynamic(&self) -> bool {
        unsafe { sys::dv_type_has_dynamic(self.as_raw()) }
    }

    /// Whether any object attribute anywhere carries the optional marker.
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["list",["object",{"a":"bool"},["a"]]]"#)?;
    /// assert!(t.has_optional());
    /// assert!(!t.without_optional().has_optional());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn has_optional(&self) -> bool {
        unsafe { sys::dv_type_has_optional(self.as_raw()) }
    }

    /// The same type with every optional marker removed.
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["object",{"a":"bool"},["a"]]"#)?;
    /// assert_eq!(t.without_optional().to_json(), r#"["object",{"a":"bool"}]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn without_optional(&self) -> Type {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_type_without_optional(&mut out, self.as_raw(), err) }));
        unsafe { Type::from_raw(out) }
    }

    /// Structural equality, optional markers included (`dv_type_equals`).
    ///
    /// ```
    /// use dynval::{AsTypeRef, Type};
    /// assert!(Type::list(Type::bool()).as_type_ref().equals(Type::list(Type::bool())));
    /// ```
    pub fn equals(&self, other: impl AsTypeRef) -> bool {
        unsafe { sys::dv_type_equals(self.as_raw(), other.as_type_ref().as_raw()) }
    }

    /// A hash consistent with [`equals`](Self::equals), stable within one
    /// process.
    ///
    /// ```
    /// use dynval::Type;
    /// assert_eq!(Type::list(Type::bool()).hash_code(), Type::list(Type::bool()).hash_code());
    /// ```
    pub fn hash_code(&self) -> u64 {
        unsafe { sys::dv_type_hash(self.as_raw()) }
    }

    /// go-cty's compact type-constraint JSON (`Type.MarshalJSON`).
    ///
    /// ```
    /// assert_eq!(dynval::Type::set(dynval::Type::string()).to_json(), r#"["set","string"]"#);
    /// ```
    pub fn to_json(&self) -> String {
        let mut buf = Buffer::new();
        expect_ok(call(|err| unsafe { sys::dv_type_to_json(buf.as_mut_ptr(), self.as_raw(), err) }));
        buf.into_string()
    }

    /// A short human-readable name such as "list of number" (for messages;
    /// not a stable format).
    ///
    /// ```
    /// assert!(!dynval::Type::list(dynval::Type::number()).friendly_name().is_empty());
    /// ```
    pub fn friendly_name(&self) -> String {
        let mut buf = Buffer::new();
        expect_ok(call(|err| unsafe { sys::dv_type_friendly_name(buf.as_mut_ptr(), self.as_raw(), err) }));
        buf.into_string()
    }
}

impl AsTypeRef for TypeRef<'_> {
    fn as_type_ref(&self) -> TypeRef<'_> {
        *self
    }
}

/// Iterator over the attributes of an object type: `(name bytes, type)`.
/// Returned by [`TypeRef::attributes`].
#[derive(Clone)]
pub struct TypeAttributes<'a> {
    ty: TypeRef<'a>,
    next: usize,
    end: usize,
}

impl<'a> Iterator for TypeAttributes<'a> {
    type Item = (&'a [u8], Type);
    fn next(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        let i = self.next;
        self.next += 1;
        Some((self.ty.attribute_name_bytes(i)?, self.ty.attribute_type(i)?))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl ExactSizeIterator for TypeAttributes<'_> {}

impl Type {
    fn from_static(p: *const sys::dv_type_t) -> Type {
        Type { ptr: NonNull::new(p as *mut sys::dv_type_t).expect("static type") }
    }

    /// The `bool` type (a static singleton; no allocation).
    ///
    /// ```
    /// assert_eq!(dynval::Type::bool().to_json(), "\"bool\"");
    /// ```
    pub fn bool() -> Type {
        Type::from_static(unsafe { sys::dv_type_bool() })
    }

    /// The `number` type.
    ///
    /// ```
    /// assert_eq!(dynval::Type::number().to_json(), "\"number\"");
    /// ```
    pub fn number() -> Type {
        Type::from_static(unsafe { sys::dv_type_number() })
    }

    /// The `string` type.
    ///
    /// ```
    /// assert_eq!(dynval::Type::string().to_json(), "\"string\"");
    /// ```
    pub fn string() -> Type {
        Type::from_static(unsafe { sys::dv_type_string() })
    }

    /// The dynamic pseudo-type (`cty.DynamicPseudoType`).
    ///
    /// ```
    /// assert_eq!(dynval::Type::dynamic().to_json(), "\"dynamic\"");
    /// ```
    pub fn dynamic() -> Type {
        Type::from_static(unsafe { sys::dv_type_dynamic() })
    }

    fn collection(
        elem: TypeRef<'_>,
        f: unsafe extern "C" fn(
            *mut *mut sys::dv_type_t,
            *const sys::dv_type_t,
            *mut *mut sys::dv_error_t,
        ) -> sys::dv_status_t,
    ) -> Type {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { f(&mut out, elem.as_raw(), err) }));
        unsafe { Type::from_raw(out) }
    }

    /// `list(elem)`.
    ///
    /// # Panics
    ///
    /// Only if the library runs out of memory.
    ///
    /// ```
    /// assert_eq!(dynval::Type::list(dynval::Type::string()).to_json(), r#"["list","string"]"#);
    /// ```
    pub fn list(elem: impl AsTypeRef) -> Type {
        Type::collection(elem.as_type_ref(), sys::dv_type_new_list)
    }

    /// `set(elem)`.
    ///
    /// # Panics
    ///
    /// Only if the library runs out of memory.
    ///
    /// ```
    /// assert_eq!(dynval::Type::set(dynval::Type::number()).kind(), dynval::Kind::Set);
    /// ```
    pub fn set(elem: impl AsTypeRef) -> Type {
        Type::collection(elem.as_type_ref(), sys::dv_type_new_set)
    }

    /// `map(elem)`.
    ///
    /// # Panics
    ///
    /// Only if the library runs out of memory.
    ///
    /// ```
    /// assert_eq!(dynval::Type::map(dynval::Type::bool()).to_json(), r#"["map","bool"]"#);
    /// ```
    pub fn map(elem: impl AsTypeRef) -> Type {
        Type::collection(elem.as_type_ref(), sys::dv_type_new_map)
    }

    /// An object type from `(name, type)` pairs in any order (names are
    /// NFC-normalised and sorted).
    ///
    /// # Errors
    ///
    /// [`Status::InvalidArg`](crate::Status::InvalidArg) for duplicate names.
    ///
    /// ```
    /// use dynval::Type;
    /// let t = Type::object(&[("z", Type::bool()), ("a", Type::number())])?;
    /// assert_eq!(t.to_json(), r#"["object",{"a":"number","z":"bool"}]"#);
    /// assert!(Type::object(&[("a", Type::bool()), ("a", Type::bool())]).is_err());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn object<N, T>(attrs: &[(N, T)]) -> Result<Type>
    where
        N: AsRef<str>,
        T: AsTypeRef,
    {
        let attrs: Vec<(&str, TypeRef<'_>, bool)> =
            attrs.iter().map(|(n, t)| (n.as_ref(), t.as_type_ref(), false)).collect();
        Type::new_object(&attrs)
    }

    /// An object type constraint whose attributes may be marked optional:
    /// `(name, type, optional)` triples.
    ///
    /// ```
    /// use dynval::Type;
    /// let t = Type::object_with_optional(&[("a", Type::bool(), false), ("b", Type::string(), true)])?;
    /// assert_eq!(t.to_json(), r#"["object",{"a":"bool","b":"string"},["b"]]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn object_with_optional<N, T>(attrs: &[(N, T, bool)]) -> Result<Type>
    where
        N: AsRef<str>,
        T: AsTypeRef,
    {
        let attrs: Vec<(&str, TypeRef<'_>, bool)> =
            attrs.iter().map(|(n, t, o)| (n.as_ref(), t.as_type_ref(), *o)).collect();
        Type::new_object(&attrs)
    }

    fn new_object(attrs: &[(&str, TypeRef<'_>, bool)]) -> Result<Type> {
        let names: Vec<sys::dv_str_t> = attrs.iter().map(|a| dv_str(a.0.as_bytes())).collect();
        let types: Vec<*const sys::dv_type_t> = attrs.iter().map(|a| a.1.as_raw()).collect();
        let optional: Vec<bool> = attrs.iter().map(|a| a.2).collect();
        let any_optional = optional.iter().any(|&o| o);
        let mut out = ptr::null_mut();
        call(|err| unsafe {
            sys::dv_type_new_object(
                &mut out,
                names.as_ptr(),
                types.as_ptr(),
                if any_optional { optional.as_ptr() } else { ptr::null() },
                attrs.len(),
                err,
            )
        })?;
        Ok(unsafe { Type::from_raw(out) })
    }

    /// A tuple type from its element types.
    ///
    /// # Panics
    ///
    /// Only if the library runs out of memory.
    ///
    /// ```
    /// let t = dynval::Type::tuple(&[dynval::Type::bool(), dynval::Type::number()]);
    /// assert_eq!(t.to_json(), r#"["tuple",["bool","number"]]"#);
    /// ```
    pub fn tuple<T: AsTypeRef>(elems: &[T]) -> Type {
        let types: Vec<*const sys::dv_type_t> = elems.iter().map(|t| t.as_type_ref().as_raw()).collect();
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_type_new_tuple(&mut out, types.as_ptr(), types.len(), err) }));
        unsafe { Type::from_raw(out) }
    }

    /// Parses go-cty's type-constraint JSON (`Type.UnmarshalJSON`).
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse) for malformed JSON or an
    /// unknown type, [`Status::Limit`](crate::Status::Limit) past 1000
    /// levels of nesting; the error carries the byte offset.
    ///
    /// ```
    /// let t = dynval::Type::from_json(r#"["map",["list","number"]]"#)?;
    /// assert_eq!(t.kind(), dynval::Kind::Map);
    /// let err = dynval::Type::from_json(r#"["lisst","number"]"#).unwrap_err();
    /// assert_eq!(err.status(), dynval::Status::Parse);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<Type> {
        let json = json.as_ref();
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_type_from_json(&mut out, json.as_ptr().cast(), json.len(), err) })?;
        Ok(unsafe { Type::from_raw(out) })
    }

    /// Takes ownership of a C type.
    ///
    /// # Safety
    ///
    /// `ptr` must be a non-NULL owned `dv_type_t` (or a static primitive
    /// type) whose reference is transferred to the returned `Type`.
    pub unsafe fn from_raw(ptr: *mut sys::dv_type_t) -> Type {
        Type { ptr: NonNull::new(ptr).expect("Type::from_raw: NULL type") }
    }

    /// Gives up ownership: the caller must release the pointer with
    /// `dv_type_free`.
    ///
    /// ```
    /// let raw = dynval::Type::list(dynval::Type::bool()).into_raw();
    /// let back = unsafe { dynval::Type::from_raw(raw) };
    /// assert_eq!(back.kind(), dynval::Kind::List);
    /// ```
    pub fn into_raw(self) -> *mut sys::dv_type_t {
        let p = self.ptr.as_ptr();
        std::mem::forget(self);
        p
    }

    /// The C pointer, valid as long as `self`.
    pub fn as_raw(&self) -> *const sys::dv_type_t {
        self.ptr.as_ptr()
    }

    forward! { as_type_ref =>
        /// The kind of the type; see [`TypeRef::kind`].
        fn kind(&self) -> Kind;
        /// The element type of a collection type; see [`TypeRef::element`].
        fn element(&self) -> Option<Type>;
        /// The number of object attributes; see [`TypeRef::attribute_count`].
        fn attribute_count(&self) -> usize;
        /// Attribute name bytes; see [`TypeRef::attribute_name_bytes`].
        fn attribute_name_bytes(&self, i: usize) -> Option<&'_ [u8]>;
        /// Attribute name; see [`TypeRef::attribute_name`].
        fn attribute_name(&self, i: usize) -> Option<&'_ str>;
        /// Attribute type by index; see [`TypeRef::attribute_type`].
        fn attribute_type(&self, i: usize) -> Option<Type>;
        /// Optional marker of an attribute; see [`TypeRef::attribute_optional`].
        fn attribute_optional(&self, i: usize) -> bool;
        /// Attribute index by name; see [`TypeRef::attribute_index`].
        fn attribute_index(&self, name: impl AsRef<[u8]>) -> Option<usize>;
        /// Attribute type by name; see [`TypeRef::attribute`].
        fn attribute(&self, name: impl AsRef<[u8]>) -> Option<Type>;
        /// Iterates over object attributes; see [`TypeRef::attributes`].
        fn attributes(&self) -> TypeAttributes<'_>;
        /// Tuple length; see [`TypeRef::tuple_length`].
        fn tuple_length(&self) -> usize;
        /// Tuple element type; see [`TypeRef::tuple_element`].
        fn tuple_element(&self, i: usize) -> Option<Type>;
        /// Contains the dynamic pseudo-type; see [`TypeRef::has_dynamic`].
        fn has_dynamic(&self) -> bool;
        /// Contains optional markers; see [`TypeRef::has_optional`].
        fn has_optional(&self) -> bool;
        /// Removes optional markers; see [`TypeRef::without_optional`].
        fn without_optional(&self) -> Type;
        /// Hash consistent with equality; see [`TypeRef::hash_code`].
        fn hash_code(&self) -> u64;
        /// go-cty type JSON; see [`TypeRef::to_json`].
        fn to_json(&self) -> String;
        /// Human-readable name; see [`TypeRef::friendly_name`].
        fn friendly_name(&self) -> String;
    }
}

impl AsTypeRef for Type {
    fn as_type_ref(&self) -> TypeRef<'_> {
        TypeRef { ptr: self.ptr, _owner: PhantomData }
    }
}

impl Clone for Type {
    /// O(1): another reference to the same immutable type.
    fn clone(&self) -> Type {
        self.as_type_ref().to_type()
    }
}

impl Drop for Type {
    fn drop(&mut self) {
        // SAFETY: we own one reference (static types are ignored by C).
        unsafe { sys::dv_type_free(self.ptr.as_ptr()) }
    }
}

impl<T: AsTypeRef> PartialEq<T> for Type {
    fn eq(&self, other: &T) -> bool {
        self.as_type_ref().equals(other)
    }
}
impl Eq for Type {}

impl<T: AsTypeRef> PartialEq<T> for TypeRef<'_> {
    fn eq(&self, other: &T) -> bool {
        self.equals(other)
    }
}
impl Eq for TypeRef<'_> {}

impl Hash for Type {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_code());
    }
}
impl Hash for TypeRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash_code());
    }
}

impl fmt::Display for TypeRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_type_ref(), f)
    }
}
impl fmt::Debug for TypeRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Type({})", self.to_json())
    }
}
impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_type_ref(), f)
    }
}

impl std::str::FromStr for Type {
    type Err = crate::Error;
    /// Parses type JSON, as [`Type::from_json`].
    fn from_str(s: &str) -> Result<Type> {
        Type::from_json(s)
    }
}
