//! Schema introspection: borrowed views of a schema's blocks, attributes,
//! nested attribute objects and nested blocks.
//!
//! Every view is `Copy`, `Send + Sync`, and borrows the [`Schema`] (or
//! [`IdentitySchema`]) it came from for `'a`: it cannot outlive it.
//!
//! [`Schema`]: crate::Schema
//! [`IdentitySchema`]: crate::IdentitySchema

use std::fmt;
use std::iter::FusedIterator;
use std::marker::PhantomData;
use std::ptr::NonNull;

use dynval_sys as sys;

use crate::path::AsPathRef;
use crate::schema::{AttrFlags, Nesting};
use crate::types::TypeRef;
use crate::util::str_bytes;

/// The text of a schema string view. The library keeps every name,
/// description and message of a schema UTF-8 (schema.h).
///
/// # Safety
///
/// As [`str_bytes`].
pub(crate) unsafe fn schema_text<'a>(s: sys::dv_str_t) -> &'a str {
    std::str::from_utf8(str_bytes(s)).expect("libdynval keeps schema text UTF-8")
}

/// The kind of a description (the protocol's `StringKind`).
///
/// ```
/// assert_eq!(dynval::DescriptionKind::from_raw(1), dynval::DescriptionKind::Markdown);
/// assert_eq!(dynval::DescriptionKind::Plain.as_raw(), 0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum DescriptionKind {
    /// Plain text.
    #[default]
    Plain,
    /// Markdown.
    Markdown,
    /// A kind unknown to these bindings.
    Unknown(u32),
}

impl DescriptionKind {
    /// Maps a C `dv_description_kind_t`.
    pub fn from_raw(k: sys::dv_description_kind_t) -> DescriptionKind {
        match k {
            sys::DV_DESCRIPTION_PLAIN => DescriptionKind::Plain,
            sys::DV_DESCRIPTION_MARKDOWN => DescriptionKind::Markdown,
            other => DescriptionKind::Unknown(other),
        }
    }

    /// The C `dv_description_kind_t` value.
    pub fn as_raw(self) -> sys::dv_description_kind_t {
        match self {
            DescriptionKind::Plain => sys::DV_DESCRIPTION_PLAIN,
            DescriptionKind::Markdown => sys::DV_DESCRIPTION_MARKDOWN,
            DescriptionKind::Unknown(k) => k,
        }
    }
}

macro_rules! view {
    ($(#[$m:meta])* $name:ident, $raw:ty) => {
        $(#[$m])*
        #[derive(Clone, Copy)]
        pub struct $name<'a> {
            ptr: NonNull<$raw>,
            _owner: PhantomData<&'a $raw>,
        }

        // SAFETY: a view only makes const calls into an immutable schema,
        // which schema.h says may run concurrently from any thread.
        unsafe impl Send for $name<'_> {}
        unsafe impl Sync for $name<'_> {}

        impl<'a> $name<'a> {
            /// Wraps a borrowed C pointer (`None` for NULL).
            ///
            /// # Safety
            ///
            /// `ptr` must be NULL or a view of a schema that outlives `'a`.
            pub unsafe fn from_raw(ptr: *const $raw) -> Option<$name<'a>> {
                NonNull::new(ptr as *mut $raw).map(|ptr| $name { ptr, _owner: PhantomData })
            }

            /// The C pointer, valid for `'a`.
            pub fn as_raw(&self) -> *const $raw {
                self.ptr.as_ptr()
            }
        }
    };
}

view!(
    /// A block of a schema (`dv_block_t`): its attributes, nested block
    /// types, description and flags.
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(
    ///     r#"{"attributes":{"id":{"type":"string","computed":true}},
    ///         "block_types":{"rule":{"nesting_mode":"list","block":{}}},
    ///         "description":"A thing.","description_kind":"markdown"}"#, 0)?;
    /// let b = s.block();
    /// assert_eq!(b.attributes().map(|a| a.name()).collect::<Vec<_>>(), ["id"]);
    /// assert_eq!(b.nested_blocks().map(|n| n.type_name()).collect::<Vec<_>>(), ["rule"]);
    /// assert_eq!((b.description(), b.description_kind()), ("A thing.", dynval::DescriptionKind::Markdown));
    /// assert!(!b.deprecated() && !b.computed());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    Block,
    sys::dv_block_t
);

view!(
    /// An attribute (`dv_attribute_t`) of a block, of a nested attribute
    /// object or of an identity schema.
    ///
    /// ```
    /// use dynval::{AttrFlags, Schema};
    /// let s = Schema::from_block_json(
    ///     r#"{"attributes":{"pw":{"type":"string","optional":true,"sensitive":true,
    ///         "write_only":true,"description":"The password."}}}"#, 0)?;
    /// let pw = s.block().find_attribute("pw").unwrap();
    /// assert_eq!(pw.flags(), AttrFlags::OPTIONAL | AttrFlags::SENSITIVE | AttrFlags::WRITE_ONLY);
    /// assert_eq!(pw.ty().unwrap().to_json(), r#""string""#);
    /// assert_eq!(pw.description(), "The password.");
    /// assert!(pw.nested_type().is_none());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    Attribute,
    sys::dv_attribute_t
);

view!(
    /// The object type of a protocol-6 nested attribute (`dv_object_t`).
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(
    ///     r#"{"attributes":{"net":{"optional":true,"nested_type":{"nesting_mode":"set",
    ///         "attributes":{"ip":{"type":"string","required":true}}}}}}"#, 0)?;
    /// let o = s.block().find_attribute("net").unwrap().nested_type().unwrap();
    /// assert_eq!(o.nesting(), dynval::Nesting::Set);
    /// assert_eq!(o.attributes().map(|a| a.name()).collect::<Vec<_>>(), ["ip"]);
    /// assert_eq!(o.implied_type().to_json(), r#"["set",["object",{"ip":"string"}]]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    Object,
    sys::dv_object_t
);

view!(
    /// A nested block type of a block (`dv_nested_block_t`).
    ///
    /// ```
    /// let s = dynval::Schema::from_block_json(
    ///     r#"{"block_types":{"disk":{"nesting_mode":"list","min_items":1,"max_items":4,
    ///         "block":{"attributes":{"size":{"type":"number","required":true}}}}}}"#, 0)?;
    /// let d = s.block().find_nested_block("disk").unwrap();
    /// assert_eq!((d.nesting(), d.min_items(), d.max_items()), (dynval::Nesting::List, 1, 4));
    /// assert_eq!(d.body().attribute_count(), 1);
    /// assert_eq!(d.implied_type().to_json(), r#"["list",["object",{"size":"number"}]]"#);
    /// # Ok::<(), dynval::Error>(())
    /// ```
    NestedBlock,
    sys::dv_nested_block_t
);

/// A type view that the schema guarantees exists.
///
/// # Safety
///
/// `p` must be NULL or a type of a schema that outlives `'a`.
unsafe fn type_of<'a>(p: *const sys::dv_type_t) -> TypeRef<'a> {
    TypeRef::from_raw(p).expect("schema views always have a type")
}

impl<'a> Block<'a> {
    /// Number of attributes.
    pub fn attribute_count(&self) -> usize {
        unsafe { sys::dv_block_attribute_count(self.as_raw()) }
    }

    /// Attribute `i`, in bytewise name order.
    pub fn attribute(&self, i: usize) -> Option<Attribute<'a>> {
        unsafe { Attribute::from_raw(sys::dv_block_attribute(self.as_raw(), i)) }
    }

    /// The attribute called `name`.
    pub fn find_attribute(&self, name: &str) -> Option<Attribute<'a>> {
        unsafe { Attribute::from_raw(sys::dv_block_find_attribute(self.as_raw(), name.as_ptr().cast(), name.len())) }
    }

    /// The attributes, in bytewise name order.
    pub fn attributes(&self) -> Attributes<'a> {
        Attributes { owner: Owner::Block(*self), next: 0, end: self.attribute_count() }
    }

    /// The attribute a path into a value of this block's type leads to, as
    /// OpenTofu's configschema `Block.AttributeByPath`
    /// (`dv_block_attribute_by_path`): attribute steps go through nested
    /// blocks and into nested attribute objects, and the steps selecting an
    /// element of a block or nested attribute collection are passed over.
    /// `None` at the block itself, at a nested block, for a name that is not
    /// there, and for a path into an attribute's value (`.tags["env"]`:
    /// look up the path's prefixes to find the attribute a value is inside).
    ///
    /// ```
    /// use dynval::{AttrFlags, Path, Schema};
    /// let s = Schema::from_block_json(
    ///     r#"{"block_types":{"nic":{"nesting_mode":"list","block":{"attributes":{
    ///         "mac":{"type":"string","computed":true}}}}}}"#, 0)?;
    /// let mac = s.block().attribute_by_path(Path::new().attr("nic").index(0).attr("mac")).unwrap();
    /// assert_eq!((mac.name(), mac.flags()), ("mac", AttrFlags::COMPUTED));
    /// assert!(s.block().attribute_by_path(Path::new().attr("nic").index(0)).is_none());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn attribute_by_path(&self, path: impl AsPathRef) -> Option<Attribute<'a>> {
        let path = path.as_path_ref();
        unsafe { Attribute::from_raw(sys::dv_block_attribute_by_path(self.as_raw(), path.as_raw())) }
    }

    /// Number of nested block types.
    pub fn nested_block_count(&self) -> usize {
        unsafe { sys::dv_block_nested_count(self.as_raw()) }
    }

    /// Nested block type `i`, in bytewise type-name order.
    pub fn nested_block(&self, i: usize) -> Option<NestedBlock<'a>> {
        unsafe { NestedBlock::from_raw(sys::dv_block_nested(self.as_raw(), i)) }
    }

    /// The nested block type called `type_name`.
    pub fn find_nested_block(&self, type_name: &str) -> Option<NestedBlock<'a>> {
        unsafe {
            NestedBlock::from_raw(sys::dv_block_find_nested(self.as_raw(), type_name.as_ptr().cast(), type_name.len()))
        }
    }

    /// The nested block types, in bytewise type-name order.
    pub fn nested_blocks(&self) -> NestedBlocks<'a> {
        NestedBlocks { block: *self, next: 0, end: self.nested_block_count() }
    }

    /// The description (empty when none).
    pub fn description(&self) -> &'a str {
        unsafe { schema_text(sys::dv_block_description(self.as_raw())) }
    }

    /// The kind of the description.
    pub fn description_kind(&self) -> DescriptionKind {
        DescriptionKind::from_raw(unsafe { sys::dv_block_description_kind(self.as_raw()) })
    }

    /// Whether the block is deprecated.
    pub fn deprecated(&self) -> bool {
        unsafe { sys::dv_block_deprecated(self.as_raw()) }
    }

    /// The deprecation message (empty when none).
    pub fn deprecation_message(&self) -> &'a str {
        unsafe { schema_text(sys::dv_block_deprecation_message(self.as_raw())) }
    }

    /// tfplugin6.11 `Block.computed`: the provider may compute the block's
    /// content.
    pub fn computed(&self) -> bool {
        unsafe { sys::dv_block_computed(self.as_raw()) }
    }

    /// Whether an attribute of the block, of its nested blocks or of their
    /// nested attribute types is sensitive.
    pub fn has_sensitive(&self) -> bool {
        unsafe { sys::dv_block_has_sensitive(self.as_raw()) }
    }

    /// How much of `path`, a path into a value of the block, may be shown
    /// where sensitive values are masked: the number of leading steps up to
    /// and including the first sensitive attribute it passes through, or its
    /// length. Truncate a copy to it before printing an error path, as the
    /// `dynval` tool does.
    pub fn sensitive_prefix(&self, path: impl AsPathRef) -> usize {
        let path = path.as_path_ref();
        unsafe { sys::dv_block_sensitive_prefix(self.as_raw(), path.as_raw()) }
    }

    /// The implied value type of the block (an object type).
    pub fn implied_type(&self) -> TypeRef<'a> {
        unsafe { type_of(sys::dv_block_implied_type(self.as_raw())) }
    }
}

impl<'a> Attribute<'a> {
    /// The name.
    pub fn name(&self) -> &'a str {
        unsafe { schema_text(sys::dv_attribute_name(self.as_raw())) }
    }

    /// The type, or `None` for a nested attribute (see
    /// [`nested_type`](Self::nested_type)).
    pub fn ty(&self) -> Option<TypeRef<'a>> {
        unsafe { TypeRef::from_raw(sys::dv_attribute_type(self.as_raw())) }
    }

    /// The nested object type of a protocol-6 nested attribute.
    pub fn nested_type(&self) -> Option<Object<'a>> {
        unsafe { Object::from_raw(sys::dv_attribute_nested_type(self.as_raw())) }
    }

    /// The flags: required, optional, computed, sensitive, deprecated,
    /// write-only; the two import flags for identity attributes.
    pub fn flags(&self) -> AttrFlags {
        AttrFlags::from_bits(unsafe { sys::dv_attribute_flags(self.as_raw()) })
    }

    /// The description (empty when none).
    pub fn description(&self) -> &'a str {
        unsafe { schema_text(sys::dv_attribute_description(self.as_raw())) }
    }

    /// The kind of the description (Markdown for identity attributes).
    pub fn description_kind(&self) -> DescriptionKind {
        DescriptionKind::from_raw(unsafe { sys::dv_attribute_description_kind(self.as_raw()) })
    }

    /// The deprecation message (empty when none).
    pub fn deprecation_message(&self) -> &'a str {
        unsafe { schema_text(sys::dv_attribute_deprecation_message(self.as_raw())) }
    }

    /// The value type: the type, or the nested object's implied type.
    pub fn implied_type(&self) -> TypeRef<'a> {
        unsafe { type_of(sys::dv_attribute_implied_type(self.as_raw())) }
    }
}

impl<'a> Object<'a> {
    /// The nesting: single, list, set or map.
    pub fn nesting(&self) -> Nesting {
        Nesting::from_raw(unsafe { sys::dv_object_nesting(self.as_raw()) })
    }

    /// Number of attributes.
    pub fn attribute_count(&self) -> usize {
        unsafe { sys::dv_object_attribute_count(self.as_raw()) }
    }

    /// Attribute `i`, in bytewise name order.
    pub fn attribute(&self, i: usize) -> Option<Attribute<'a>> {
        unsafe { Attribute::from_raw(sys::dv_object_attribute(self.as_raw(), i)) }
    }

    /// The attribute called `name`.
    pub fn find_attribute(&self, name: &str) -> Option<Attribute<'a>> {
        unsafe { Attribute::from_raw(sys::dv_object_find_attribute(self.as_raw(), name.as_ptr().cast(), name.len())) }
    }

    /// The attributes, in bytewise name order.
    pub fn attributes(&self) -> Attributes<'a> {
        Attributes { owner: Owner::Object(*self), next: 0, end: self.attribute_count() }
    }

    /// `min_items` (deprecated in the protocol, never validated).
    pub fn min_items(&self) -> i64 {
        unsafe { sys::dv_object_min_items(self.as_raw()) }
    }

    /// `max_items` (deprecated in the protocol, never validated).
    pub fn max_items(&self) -> i64 {
        unsafe { sys::dv_object_max_items(self.as_raw()) }
    }

    /// The implied type: the object type, or a list, set or map of it.
    pub fn implied_type(&self) -> TypeRef<'a> {
        unsafe { type_of(sys::dv_object_implied_type(self.as_raw())) }
    }
}

impl<'a> NestedBlock<'a> {
    /// The type name (the attribute name in the parent's value).
    pub fn type_name(&self) -> &'a str {
        unsafe { schema_text(sys::dv_nested_block_type_name(self.as_raw())) }
    }

    /// The nesting mode.
    pub fn nesting(&self) -> Nesting {
        Nesting::from_raw(unsafe { sys::dv_nested_block_nesting(self.as_raw()) })
    }

    /// `min_items` (0 = no minimum).
    pub fn min_items(&self) -> i64 {
        unsafe { sys::dv_nested_block_min_items(self.as_raw()) }
    }

    /// `max_items` (0 = no maximum).
    pub fn max_items(&self) -> i64 {
        unsafe { sys::dv_nested_block_max_items(self.as_raw()) }
    }

    /// The block's body.
    pub fn body(&self) -> Block<'a> {
        unsafe { Block::from_raw(sys::dv_nested_block_body(self.as_raw())) }.expect("a nested block has a body")
    }

    /// The type the block contributes to its parent's object type.
    pub fn implied_type(&self) -> TypeRef<'a> {
        unsafe { type_of(sys::dv_nested_block_implied_type(self.as_raw())) }
    }
}

/// Where an [`Attributes`] iterator reads from.
#[derive(Clone, Copy)]
pub(crate) enum Owner<'a> {
    Block(Block<'a>),
    Object(Object<'a>),
    Identity(*const sys::dv_identity_schema_t, PhantomData<&'a ()>),
}

/// An iterator over attributes in bytewise name order (of a [`Block`], an
/// [`Object`] or an [`IdentitySchema`](crate::IdentitySchema)).
#[derive(Clone)]
pub struct Attributes<'a> {
    pub(crate) owner: Owner<'a>,
    pub(crate) next: usize,
    pub(crate) end: usize,
}

// SAFETY: as for the views: const calls into an immutable schema.
unsafe impl Send for Attributes<'_> {}
unsafe impl Sync for Attributes<'_> {}

impl<'a> Attributes<'a> {
    fn get(&self, i: usize) -> Option<Attribute<'a>> {
        match self.owner {
            Owner::Block(b) => b.attribute(i),
            Owner::Object(o) => o.attribute(i),
            Owner::Identity(p, _) => unsafe { Attribute::from_raw(sys::dv_identity_schema_attribute(p, i)) },
        }
    }
}

impl<'a> Iterator for Attributes<'a> {
    type Item = Attribute<'a>;
    fn next(&mut self) -> Option<Attribute<'a>> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.get(self.next - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Attributes<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.get(self.end)
    }
}

impl ExactSizeIterator for Attributes<'_> {}
impl FusedIterator for Attributes<'_> {}

/// An iterator over a [`Block`]'s nested block types in bytewise type-name
/// order.
#[derive(Clone)]
pub struct NestedBlocks<'a> {
    block: Block<'a>,
    next: usize,
    end: usize,
}

impl<'a> Iterator for NestedBlocks<'a> {
    type Item = NestedBlock<'a>;
    fn next(&mut self) -> Option<NestedBlock<'a>> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        self.block.nested_block(self.next - 1)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for NestedBlocks<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        self.block.nested_block(self.end)
    }
}

impl ExactSizeIterator for NestedBlocks<'_> {}
impl FusedIterator for NestedBlocks<'_> {}

impl fmt::Debug for Block<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Block")
            .field("attributes", &self.attributes().collect::<Vec<_>>())
            .field("nested_blocks", &self.nested_blocks().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for Attribute<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Attribute");
        d.field("name", &self.name());
        match self.nested_type() {
            Some(o) => d.field("nested_type", &o),
            None => d.field("type", &self.implied_type()),
        };
        d.field("flags", &self.flags()).finish_non_exhaustive()
    }
}

impl fmt::Debug for Object<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Object")
            .field("nesting", &self.nesting())
            .field("attributes", &self.attributes().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for NestedBlock<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NestedBlock")
            .field("type_name", &self.type_name())
            .field("nesting", &self.nesting())
            .field("min_items", &self.min_items())
            .field("max_items", &self.max_items())
            .field("body", &self.body())
            .finish()
    }
}
