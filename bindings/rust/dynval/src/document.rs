//! Resource identity schemas ([`IdentitySchema`]) and parsed schema
//! documents ([`SchemaDocument`]).

use std::fmt;
use std::iter::FusedIterator;
use std::marker::PhantomData;
use std::ptr::{self, NonNull};

use dynval_sys as sys;

use crate::error::{call, expect_ok, Result};
use crate::introspect::{schema_text, Attribute, Attributes, Owner};
use crate::schema::Schema;
use crate::types::TypeRef;
use crate::util::Buffer;
use crate::value::{AsValueRef, Value};

/// A resource identity schema (`dv_identity_schema_t`, tfplugin5.9+/6.9+
/// `ResourceIdentitySchema`): typed attributes flagged
/// [`REQUIRED_FOR_IMPORT`](crate::AttrFlags::REQUIRED_FOR_IMPORT) or
/// [`OPTIONAL_FOR_IMPORT`](crate::AttrFlags::OPTIONAL_FOR_IMPORT). Identity
/// data decodes by its [`implied_type`](Self::implied_type).
///
/// Immutable: `Clone` is O(1), and it is `Send + Sync`.
///
/// ```
/// use dynval::{AttrFlags, IdentitySchema};
/// let id = IdentitySchema::from_json(
///     r#"{"version":1,"attributes":{"id":{"type":"string","required_for_import":true},
///        "region":{"type":"string","optional_for_import":true,"description":"The region."}}}"#)?;
/// assert_eq!(id.version(), 1);
/// let names: Vec<_> = id.attributes().map(|a| (a.name(), a.flags())).collect();
/// assert_eq!(names, [("id", AttrFlags::REQUIRED_FOR_IMPORT), ("region", AttrFlags::OPTIONAL_FOR_IMPORT)]);
/// let data = id.decode_json(r#"{"id":"i-1","region":null}"#)?;
/// assert_eq!(data.get("id")?.unwrap().as_str()?, "i-1");
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct IdentitySchema {
    ptr: NonNull<sys::dv_identity_schema_t>,
}

// SAFETY: schema.h: identity schemas are immutable, const calls may run
// concurrently, and dv_identity_schema_free may run on any thread.
unsafe impl Send for IdentitySchema {}
unsafe impl Sync for IdentitySchema {}

impl IdentitySchema {
    fn build(
        f: impl FnOnce(*mut *mut sys::dv_identity_schema_t, *mut *mut sys::dv_error_t) -> sys::dv_status_t,
    ) -> Result<IdentitySchema> {
        let mut out = ptr::null_mut();
        call(|err| f(&mut out, err))?;
        Ok(unsafe { IdentitySchema::from_raw(out) })
    }

    /// Loads an identity schema from its JSON object (a value of
    /// `resource_identity_schemas` in a `providers schema -json` document).
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse),
    /// [`Status::Schema`](crate::Status::Schema) (e.g. an attribute without
    /// a type).
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<IdentitySchema> {
        let json = json.as_ref();
        IdentitySchema::build(|out, err| unsafe {
            sys::dv_identity_schema_from_json(out, json.as_ptr().cast(), json.len(), err)
        })
    }

    /// Decodes a `ResourceIdentitySchema` protobuf message
    /// (`protocol_version` 5 or 6: the message is the same in both).
    ///
    /// ```
    /// let id = dynval::IdentitySchema::from_json(r#"{"version":3,"attributes":{"id":{"type":"string"}}}"#)?;
    /// let bytes = id.to_proto(6)?;
    /// let back = dynval::IdentitySchema::from_proto(&bytes, 5)?;
    /// assert_eq!(back.version(), 3);
    /// assert_eq!(back.implied_type(), id.implied_type());
    /// # Ok::<(), dynval::Error>(())
    /// ```
    pub fn from_proto(data: &[u8], protocol_version: i32) -> Result<IdentitySchema> {
        IdentitySchema::build(|out, err| unsafe {
            sys::dv_identity_schema_from_proto(out, data.as_ptr().cast(), data.len(), protocol_version, err)
        })
    }

    /// Encodes the identity schema as a `ResourceIdentitySchema` message.
    pub fn to_proto(&self, protocol_version: i32) -> Result<Buffer> {
        let mut buf = Buffer::new();
        call(|err| unsafe {
            sys::dv_identity_schema_to_proto(buf.as_mut_ptr(), self.as_raw(), protocol_version, err)
        })?;
        Ok(buf)
    }

    /// The identity schema version (separate from the resource schema's).
    pub fn version(&self) -> i64 {
        unsafe { sys::dv_identity_schema_version(self.as_raw()) }
    }

    /// The implied type of identity data: the object type of the
    /// attributes (borrowed).
    pub fn implied_type(&self) -> TypeRef<'_> {
        unsafe { TypeRef::from_raw(sys::dv_identity_schema_implied_type(self.as_raw())) }
            .expect("identity schema without a type")
    }

    /// Number of attributes.
    pub fn attribute_count(&self) -> usize {
        unsafe { sys::dv_identity_schema_attribute_count(self.as_raw()) }
    }

    /// Attribute `i`, in bytewise name order.
    pub fn attribute(&self, i: usize) -> Option<Attribute<'_>> {
        unsafe { Attribute::from_raw(sys::dv_identity_schema_attribute(self.as_raw(), i)) }
    }

    /// The attribute called `name`.
    pub fn find_attribute(&self, name: &str) -> Option<Attribute<'_>> {
        unsafe {
            Attribute::from_raw(sys::dv_identity_schema_find_attribute(self.as_raw(), name.as_ptr().cast(), name.len()))
        }
    }

    /// The attributes, in bytewise name order.
    pub fn attributes(&self) -> Attributes<'_> {
        Attributes { owner: Owner::Identity(self.as_raw(), PhantomData), next: 0, end: self.attribute_count() }
    }

    /// Decodes MessagePack identity data by the implied type.
    pub fn decode_msgpack(&self, data: &[u8]) -> Result<Value> {
        Value::from_msgpack(data, self.implied_type())
    }

    /// Decodes JSON identity data by the implied type.
    pub fn decode_json(&self, json: impl AsRef<[u8]>) -> Result<Value> {
        Value::from_json(json, self.implied_type())
    }

    /// Encodes identity data as MessagePack by the implied type (the
    /// encoding to send back in a response).
    pub fn encode_msgpack(&self, value: impl AsValueRef) -> Result<Buffer> {
        value.as_value_ref().to_msgpack(self.implied_type())
    }

    /// Encodes identity data as JSON by the implied type.
    pub fn encode_json(&self, value: impl AsValueRef) -> Result<String> {
        value.as_value_ref().to_json(self.implied_type())
    }

    /// Takes ownership of a C identity schema.
    ///
    /// # Safety
    ///
    /// `ptr` must be a non-NULL owned `dv_identity_schema_t` whose reference
    /// is transferred to the returned value.
    pub unsafe fn from_raw(ptr: *mut sys::dv_identity_schema_t) -> IdentitySchema {
        IdentitySchema { ptr: NonNull::new(ptr).expect("IdentitySchema::from_raw: NULL") }
    }

    /// Gives up ownership: release the pointer with `dv_identity_schema_free`.
    pub fn into_raw(self) -> *mut sys::dv_identity_schema_t {
        let p = self.ptr.as_ptr();
        std::mem::forget(self);
        p
    }

    /// The C pointer, valid as long as `self`.
    pub fn as_raw(&self) -> *const sys::dv_identity_schema_t {
        self.ptr.as_ptr()
    }
}

impl Clone for IdentitySchema {
    /// O(1): another reference to the same immutable identity schema.
    fn clone(&self) -> IdentitySchema {
        let mut out = ptr::null_mut();
        expect_ok(call(|err| unsafe { sys::dv_identity_schema_clone(&mut out, self.as_raw(), err) }));
        unsafe { IdentitySchema::from_raw(out) }
    }
}

impl Drop for IdentitySchema {
    fn drop(&mut self) {
        unsafe { sys::dv_identity_schema_free(self.ptr.as_ptr()) }
    }
}

impl fmt::Debug for IdentitySchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IdentitySchema")
            .field("version", &self.version())
            .field("attributes", &self.attributes().collect::<Vec<_>>())
            .finish()
    }
}

/// The kind of a schema in a document (`dv_schema_kind_t`).
///
/// ```
/// assert_eq!(dynval::SchemaKind::from_raw(7), dynval::SchemaKind::Identity);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemaKind {
    /// `provider`: the provider configuration block.
    Provider,
    /// `resource:NAME`.
    Resource,
    /// `data:NAME`.
    DataSource,
    /// `ephemeral:NAME`.
    EphemeralResource,
    /// `list:NAME`.
    ListResource,
    /// `action:NAME`.
    Action,
    /// `state_store:NAME`.
    StateStore,
    /// `identity:NAME`: an identity schema, not a block.
    Identity,
    /// A kind unknown to these bindings.
    Unknown(u32),
}

impl SchemaKind {
    /// Maps a C `dv_schema_kind_t`.
    pub fn from_raw(k: sys::dv_schema_kind_t) -> SchemaKind {
        match k {
            sys::DV_SCHEMA_PROVIDER => SchemaKind::Provider,
            sys::DV_SCHEMA_RESOURCE => SchemaKind::Resource,
            sys::DV_SCHEMA_DATA_SOURCE => SchemaKind::DataSource,
            sys::DV_SCHEMA_EPHEMERAL_RESOURCE => SchemaKind::EphemeralResource,
            sys::DV_SCHEMA_LIST_RESOURCE => SchemaKind::ListResource,
            sys::DV_SCHEMA_ACTION => SchemaKind::Action,
            sys::DV_SCHEMA_STATE_STORE => SchemaKind::StateStore,
            sys::DV_SCHEMA_IDENTITY => SchemaKind::Identity,
            other => SchemaKind::Unknown(other),
        }
    }
}

/// A `terraform/tofu providers schema -json` document parsed once
/// (`dv_schema_doc_t`): it lists its schemas and hands out any of them
/// cheaply (each is built on first request, then shared). Schemas handed
/// out outlive the document. `Send + Sync`.
///
/// ```
/// use dynval::{SchemaDocument, SchemaKind};
/// let doc = SchemaDocument::from_json(r#"{"format_version":"1.0","provider_schemas":{"example.com/x/y":{
///   "provider":{"version":0,"block":{}},
///   "resource_schemas":{"thing":{"version":2,"block":{"attributes":{"id":{"type":"string","computed":true}}}}},
///   "resource_identity_schemas":{"thing":{"version":0,"attributes":{"id":{"type":"string","required_for_import":true}}}}}}}"#)?;
/// let listed: Vec<_> = doc.entries().map(|e| (e.selector(), e.kind())).collect();
/// assert_eq!(listed, [("provider", SchemaKind::Provider), ("resource:thing", SchemaKind::Resource),
///                     ("identity:thing", SchemaKind::Identity)]);
/// let thing = doc.get_schema("resource:thing", None)?;
/// assert_eq!(thing.version(), 2);
/// let id = doc.get_identity("identity:thing", None)?;
/// assert_eq!(id.attribute_count(), 1);
/// drop(doc);
/// assert_eq!(thing.block().attribute(0).unwrap().name(), "id");
/// # Ok::<(), dynval::Error>(())
/// ```
pub struct SchemaDocument {
    ptr: NonNull<sys::dv_schema_doc_t>,
}

// SAFETY: schema.h: a document is immutable once returned (its lazy cache is
// thread-safe), const calls may run concurrently, and it may be freed from
// any thread.
unsafe impl Send for SchemaDocument {}
unsafe impl Sync for SchemaDocument {}

impl SchemaDocument {
    /// Parses a document (the bytes are copied).
    ///
    /// # Errors
    ///
    /// [`Status::Parse`](crate::Status::Parse) for malformed JSON, a
    /// document that is not a provider schemas document, or a schema that
    /// is not an object or appears twice.
    pub fn from_json(json: impl AsRef<[u8]>) -> Result<SchemaDocument> {
        let json = json.as_ref();
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_schema_doc_from_json(&mut out, json.as_ptr().cast(), json.len(), err) })?;
        Ok(SchemaDocument { ptr: NonNull::new(out).expect("dv_schema_doc_from_json returned NULL") })
    }

    /// Number of schemas (every provider's).
    pub fn len(&self) -> usize {
        unsafe { sys::dv_schema_doc_count(self.as_raw()) }
    }

    /// Whether the document holds no schema.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Schema `i`'s entry (provider, selector, kind).
    pub fn entry(&self, i: usize) -> Option<DocumentEntry<'_>> {
        (i < self.len()).then_some(DocumentEntry { doc: self, index: i })
    }

    /// Every schema's entry, in document order.
    pub fn entries(&self) -> DocumentEntries<'_> {
        DocumentEntries { doc: self, next: 0, end: self.len() }
    }

    /// The index of the schema selected by `selector` (`provider`,
    /// `resource:NAME`, `data:NAME`, `ephemeral:NAME`, `list:NAME`,
    /// `action:NAME`, `state_store:NAME`, `identity:NAME`) of `provider`
    /// (`None` when the document holds exactly one provider).
    ///
    /// # Errors
    ///
    /// [`Status::NotFound`](crate::Status::NotFound),
    /// [`Status::InvalidArg`](crate::Status::InvalidArg) (bad selector,
    /// several providers and none chosen).
    pub fn find(&self, selector: &str, provider: Option<&str>) -> Result<usize> {
        let prov = provider.unwrap_or("");
        let mut index = 0usize;
        call(|err| unsafe {
            sys::dv_schema_doc_find(
                self.as_raw(),
                selector.as_ptr().cast(),
                selector.len(),
                if prov.is_empty() { ptr::null() } else { prov.as_ptr().cast() },
                prov.len(),
                &mut index,
                err,
            )
        })?;
        Ok(index)
    }

    /// Schema `i` (any kind but [`SchemaKind::Identity`]).
    ///
    /// # Errors
    ///
    /// [`Status::Schema`](crate::Status::Schema) for an invalid schema,
    /// [`Status::OutOfRange`](crate::Status::OutOfRange),
    /// [`Status::InvalidArg`](crate::Status::InvalidArg) for an identity
    /// schema.
    pub fn schema(&self, i: usize) -> Result<Schema> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_schema_doc_schema(&mut out, self.as_raw(), i, err) })?;
        Ok(unsafe { Schema::from_raw(out) })
    }

    /// Identity schema `i`; [`Status::InvalidArg`](crate::Status::InvalidArg)
    /// for a block.
    pub fn identity(&self, i: usize) -> Result<IdentitySchema> {
        let mut out = ptr::null_mut();
        call(|err| unsafe { sys::dv_schema_doc_identity(&mut out, self.as_raw(), i, err) })?;
        Ok(unsafe { IdentitySchema::from_raw(out) })
    }

    /// Schema `i` as `providers schema -json` text built from the loaded
    /// schema (`{"version":N,"block":{...}}`; `{"block":{...}}` for an
    /// action; `{"version":N,"attributes":{...}}` for an identity schema).
    ///
    /// # Errors
    ///
    /// As [`schema`](Self::schema).
    pub fn entry_json(&self, i: usize) -> Result<String> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_schema_doc_entry_json(buf.as_mut_ptr(), self.as_raw(), i, err) })?;
        Ok(buf.into_string())
    }

    /// The whole document rebuilt from every schema it holds, in the layout
    /// Terraform writes (keys that hold no schemas, such as `functions`,
    /// left out).
    ///
    /// # Errors
    ///
    /// The first schema that fails to load, as [`schema`](Self::schema).
    pub fn to_json(&self) -> Result<String> {
        let mut buf = Buffer::new();
        call(|err| unsafe { sys::dv_schema_doc_to_json(buf.as_mut_ptr(), self.as_raw(), err) })?;
        Ok(buf.into_string())
    }

    /// [`find`](Self::find) then [`schema`](Self::schema).
    pub fn get_schema(&self, selector: &str, provider: Option<&str>) -> Result<Schema> {
        self.schema(self.find(selector, provider)?)
    }

    /// [`find`](Self::find) then [`identity`](Self::identity).
    pub fn get_identity(&self, selector: &str, provider: Option<&str>) -> Result<IdentitySchema> {
        self.identity(self.find(selector, provider)?)
    }

    /// The C pointer, valid as long as `self`.
    pub fn as_raw(&self) -> *const sys::dv_schema_doc_t {
        self.ptr.as_ptr()
    }
}

impl Drop for SchemaDocument {
    fn drop(&mut self) {
        unsafe { sys::dv_schema_doc_free(self.ptr.as_ptr()) }
    }
}

impl fmt::Debug for SchemaDocument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchemaDocument").field("schemas", &self.len()).finish()
    }
}

/// One schema of a [`SchemaDocument`]: its provider address, selector and
/// kind, without building it.
#[derive(Clone, Copy)]
pub struct DocumentEntry<'a> {
    doc: &'a SchemaDocument,
    index: usize,
}

impl<'a> DocumentEntry<'a> {
    /// The index in the document.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The provider address.
    pub fn provider(&self) -> &'a str {
        unsafe { schema_text(sys::dv_schema_doc_provider(self.doc.as_raw(), self.index)) }
    }

    /// The selector, e.g. `resource:aws_instance`.
    pub fn selector(&self) -> &'a str {
        unsafe { schema_text(sys::dv_schema_doc_selector(self.doc.as_raw(), self.index)) }
    }

    /// The kind.
    pub fn kind(&self) -> SchemaKind {
        SchemaKind::from_raw(unsafe { sys::dv_schema_doc_kind(self.doc.as_raw(), self.index) })
    }

    /// The schema ([`SchemaDocument::schema`]).
    pub fn schema(&self) -> Result<Schema> {
        self.doc.schema(self.index)
    }

    /// The identity schema ([`SchemaDocument::identity`]).
    pub fn identity(&self) -> Result<IdentitySchema> {
        self.doc.identity(self.index)
    }
}

impl fmt::Debug for DocumentEntry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DocumentEntry").field("provider", &self.provider()).field("selector", &self.selector()).finish()
    }
}

/// An iterator over a [`SchemaDocument`]'s entries, in document order.
#[derive(Clone)]
pub struct DocumentEntries<'a> {
    doc: &'a SchemaDocument,
    next: usize,
    end: usize,
}

impl<'a> Iterator for DocumentEntries<'a> {
    type Item = DocumentEntry<'a>;
    fn next(&mut self) -> Option<DocumentEntry<'a>> {
        if self.next >= self.end {
            return None;
        }
        self.next += 1;
        Some(DocumentEntry { doc: self.doc, index: self.next - 1 })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.next;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for DocumentEntries<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.next >= self.end {
            return None;
        }
        self.end -= 1;
        Some(DocumentEntry { doc: self.doc, index: self.end })
    }
}

impl ExactSizeIterator for DocumentEntries<'_> {}
impl FusedIterator for DocumentEntries<'_> {}
