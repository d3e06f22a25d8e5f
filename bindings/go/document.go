package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"iter"
	"runtime"
)

// IdentitySchema is a resource identity schema (tfplugin5.9+/6.9+
// ResourceIdentitySchema): typed attributes flagged AttrRequiredForImport or
// AttrOptionalForImport. Identity data decodes by its ImpliedType. It is
// immutable and safe for concurrent use; release it with Close.
type IdentitySchema struct {
	p       *C.dv_identity_schema_t
	cleanup runtime.Cleanup
}

func newIdentitySchema(p *C.dv_identity_schema_t) *IdentitySchema {
	s := &IdentitySchema{p: p}
	s.cleanup = runtime.AddCleanup(s, func(p *C.dv_identity_schema_t) { C.dv_identity_schema_free(p) }, p)
	return s
}

func (s *IdentitySchema) ptr() *C.dv_identity_schema_t {
	if s == nil || s.p == nil {
		panic("dynval: use of a nil or closed *IdentitySchema")
	}
	if debugGC {
		maybeGC()
	}
	return s.p
}

// Close releases the identity schema; idempotent and nil-safe. Views of its
// attributes must not be used afterwards.
func (s *IdentitySchema) Close() {
	if s == nil || s.p == nil {
		return
	}
	s.cleanup.Stop()
	C.dv_identity_schema_free(s.p)
	s.p = nil
}

// Clone returns another reference to the same identity schema, in O(1).
func (s *IdentitySchema) Clone() *IdentitySchema {
	var out *C.dv_identity_schema_t
	st := C.dv_identity_schema_clone(&out, s.ptr(), nil)
	runtime.KeepAlive(s)
	mustOK(st)
	return newIdentitySchema(out)
}

// IdentitySchemaFromJSON loads an identity schema from its JSON object (a
// value of "resource_identity_schemas" in a `providers schema -json`
// document). Errors: ErrParse, ErrSchema (e.g. an attribute without a type).
func IdentitySchemaFromJSON(doc []byte) (*IdentitySchema, error) {
	p, n := cbytes(doc)
	var out *C.dv_identity_schema_t
	var cerr *C.dv_error_t
	st := C.dv_identity_schema_from_json(&out, (*C.char)(p), n, &cerr)
	runtime.KeepAlive(doc)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newIdentitySchema(out), nil
}

// IdentitySchemaFromProto decodes a ResourceIdentitySchema protobuf message;
// protocolVersion is 5 or 6 (the message is the same in both).
func IdentitySchemaFromProto(data []byte, protocolVersion int) (*IdentitySchema, error) {
	p, n := cbytes(data)
	var out *C.dv_identity_schema_t
	var cerr *C.dv_error_t
	st := C.dv_identity_schema_from_proto(&out, p, n, C.int(protocolVersion), &cerr)
	runtime.KeepAlive(data)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newIdentitySchema(out), nil
}

// Proto encodes the identity schema as a ResourceIdentitySchema message.
func (s *IdentitySchema) Proto(protocolVersion int) ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_identity_schema_to_proto(&buf, s.ptr(), C.int(protocolVersion), &cerr)
	runtime.KeepAlive(s)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// Version returns the identity schema version.
func (s *IdentitySchema) Version() int64 {
	v := int64(C.dv_identity_schema_version(s.ptr()))
	runtime.KeepAlive(s)
	return v
}

// ImpliedType returns the type of identity data: the object type of the
// attributes.
func (s *IdentitySchema) ImpliedType() *Type {
	t := borrowedType(C.dv_identity_schema_implied_type(s.ptr()))
	runtime.KeepAlive(s)
	return t
}

// NumAttributes returns the number of identity attributes.
func (s *IdentitySchema) NumAttributes() int {
	n := int(C.dv_identity_schema_attribute_count(s.ptr()))
	runtime.KeepAlive(s)
	return n
}

// Attribute returns identity attribute i, in bytewise name order.
func (s *IdentitySchema) Attribute(i int) (Attribute, bool) {
	sp := s.ptr()
	if i < 0 {
		return Attribute{s, nil}, false
	}
	p := C.dv_identity_schema_attribute(sp, C.size_t(i))
	runtime.KeepAlive(s)
	return Attribute{s, p}, p != nil
}

// FindAttribute returns the identity attribute called name.
func (s *IdentitySchema) FindAttribute(name string) (Attribute, bool) {
	cs, n := cstr(name)
	p := C.dv_identity_schema_find_attribute(s.ptr(), cs, n)
	runtime.KeepAlive(name)
	runtime.KeepAlive(s)
	return Attribute{s, p}, p != nil
}

// Attributes iterates over the identity attributes in bytewise name order.
func (s *IdentitySchema) Attributes() iter.Seq[Attribute] {
	return func(yield func(Attribute) bool) {
		n := s.NumAttributes()
		for i := 0; i < n; i++ {
			a, _ := s.Attribute(i)
			if !yield(a) {
				return
			}
		}
	}
}

// DecodeMsgpack decodes MessagePack identity data (a request's
// DynamicValue) by the identity schema's implied type:
// DecodeMsgpack(data, s.ImpliedType(), opts).
func (s *IdentitySchema) DecodeMsgpack(data []byte, opts *DecodeOptions) (*Value, error) {
	t := s.ImpliedType()
	defer t.Close()
	return DecodeMsgpack(data, t, opts)
}

// DecodeJSON decodes JSON identity data by the implied type.
func (s *IdentitySchema) DecodeJSON(data []byte, opts *DecodeOptions) (*Value, error) {
	t := s.ImpliedType()
	defer t.Close()
	return DecodeJSON(data, t, opts)
}

// EncodeMsgpack encodes identity data as MessagePack by the implied type
// (the encoding to send back in a response).
func (s *IdentitySchema) EncodeMsgpack(v *Value) ([]byte, error) {
	t := s.ImpliedType()
	defer t.Close()
	return v.EncodeMsgpack(t)
}

// EncodeJSON encodes identity data as JSON by the implied type.
func (s *IdentitySchema) EncodeJSON(v *Value) ([]byte, error) {
	t := s.ImpliedType()
	defer t.Close()
	return v.EncodeJSON(t)
}

// SchemaKind is the kind of a schema in a document.
type SchemaKind int32

// Schema kinds, with their selector prefixes.
const (
	SchemaProvider          SchemaKind = C.DV_SCHEMA_PROVIDER           // "provider"
	SchemaResource          SchemaKind = C.DV_SCHEMA_RESOURCE           // "resource:NAME"
	SchemaDataSource        SchemaKind = C.DV_SCHEMA_DATA_SOURCE        // "data:NAME"
	SchemaEphemeralResource SchemaKind = C.DV_SCHEMA_EPHEMERAL_RESOURCE // "ephemeral:NAME"
	SchemaListResource      SchemaKind = C.DV_SCHEMA_LIST_RESOURCE      // "list:NAME"
	SchemaAction            SchemaKind = C.DV_SCHEMA_ACTION             // "action:NAME"
	SchemaStateStore        SchemaKind = C.DV_SCHEMA_STATE_STORE        // "state_store:NAME"
	SchemaIdentity          SchemaKind = C.DV_SCHEMA_IDENTITY           // "identity:NAME": not a block
)

// SchemaDocument is a `terraform/tofu providers schema -json` document
// parsed once: it lists its schemas and hands out any of them cheaply (each
// is built on first request, then shared). Schemas handed out stay valid
// after Close. It is safe for concurrent use; release it with Close.
type SchemaDocument struct {
	p       *C.dv_schema_doc_t
	cleanup runtime.Cleanup
}

// DocumentEntry is one schema of a SchemaDocument, without building it.
type DocumentEntry struct {
	Index    int        // the index in the document
	Provider string     // the provider address
	Selector string     // e.g. "resource:aws_instance"
	Kind     SchemaKind // the kind
}

// ParseSchemaDocument parses a document (the bytes are copied). Errors:
// ErrParse for malformed JSON, a document that is not a provider schemas
// document, or a schema that is not an object or appears twice.
func ParseSchemaDocument(doc []byte) (*SchemaDocument, error) {
	p, n := cbytes(doc)
	var out *C.dv_schema_doc_t
	var cerr *C.dv_error_t
	st := C.dv_schema_doc_from_json(&out, (*C.char)(p), n, &cerr)
	runtime.KeepAlive(doc)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	d := &SchemaDocument{p: out}
	d.cleanup = runtime.AddCleanup(d, func(p *C.dv_schema_doc_t) { C.dv_schema_doc_free(p) }, out)
	return d, nil
}

func (d *SchemaDocument) ptr() *C.dv_schema_doc_t {
	if d == nil || d.p == nil {
		panic("dynval: use of a nil or closed *SchemaDocument")
	}
	if debugGC {
		maybeGC()
	}
	return d.p
}

// Close releases the document; idempotent and nil-safe.
func (d *SchemaDocument) Close() {
	if d == nil || d.p == nil {
		return
	}
	d.cleanup.Stop()
	C.dv_schema_doc_free(d.p)
	d.p = nil
}

// Len returns the number of schemas (every provider's).
func (d *SchemaDocument) Len() int {
	n := int(C.dv_schema_doc_count(d.ptr()))
	runtime.KeepAlive(d)
	return n
}

// Entry returns schema i's entry; false when i is out of range.
func (d *SchemaDocument) Entry(i int) (DocumentEntry, bool) {
	p := d.ptr()
	if i < 0 || i >= int(C.dv_schema_doc_count(p)) {
		return DocumentEntry{}, false
	}
	e := DocumentEntry{
		Index:    i,
		Provider: goStr(C.dv_schema_doc_provider(p, C.size_t(i))),
		Selector: goStr(C.dv_schema_doc_selector(p, C.size_t(i))),
		Kind:     SchemaKind(C.dv_schema_doc_kind(p, C.size_t(i))),
	}
	runtime.KeepAlive(d)
	return e, true
}

// Entries iterates over every schema's entry in document order.
func (d *SchemaDocument) Entries() iter.Seq[DocumentEntry] {
	return func(yield func(DocumentEntry) bool) {
		n := d.Len()
		for i := 0; i < n; i++ {
			e, _ := d.Entry(i)
			if !yield(e) {
				return
			}
		}
	}
}

// Find returns the index of the schema selected by selector ("provider",
// "resource:NAME", "data:NAME", "ephemeral:NAME", "list:NAME",
// "action:NAME", "state_store:NAME", "identity:NAME") of provider ("" when
// the document holds exactly one provider). Errors: ErrNotFound,
// ErrInvalidArg (bad selector, several providers and none chosen).
func (d *SchemaDocument) Find(selector, provider string) (int, error) {
	sel, seln := cstr(selector)
	prov, provn := cstr(provider)
	var index C.size_t
	var cerr *C.dv_error_t
	st := C.dv_schema_doc_find(d.ptr(), sel, seln, prov, provn, &index, &cerr)
	runtime.KeepAlive(d)
	runtime.KeepAlive(selector)
	runtime.KeepAlive(provider)
	if err := takeError(st, cerr); err != nil {
		return 0, err
	}
	return int(index), nil
}

// Schema returns schema i (any kind but SchemaIdentity). Errors: ErrSchema
// for an invalid schema, ErrOutOfRange, ErrInvalidArg for an identity
// schema.
func (d *SchemaDocument) Schema(i int) (*Schema, error) {
	if i < 0 {
		return nil, &Error{Status: StatusOutOfRange, Message: "negative schema index", Offset: -1}
	}
	var out *C.dv_schema_t
	var cerr *C.dv_error_t
	st := C.dv_schema_doc_schema(&out, d.ptr(), C.size_t(i), &cerr)
	runtime.KeepAlive(d)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newSchema(out), nil
}

// Identity returns identity schema i; ErrInvalidArg for a block.
func (d *SchemaDocument) Identity(i int) (*IdentitySchema, error) {
	if i < 0 {
		return nil, &Error{Status: StatusOutOfRange, Message: "negative schema index", Offset: -1}
	}
	var out *C.dv_identity_schema_t
	var cerr *C.dv_error_t
	st := C.dv_schema_doc_identity(&out, d.ptr(), C.size_t(i), &cerr)
	runtime.KeepAlive(d)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newIdentitySchema(out), nil
}

// EntryJSON returns schema i as `providers schema -json` text built from
// the loaded schema ({"version":N,"block":{...}}; {"block":{...}} for an
// action; {"version":N,"attributes":{...}} for an identity schema); errors
// as Schema's.
func (d *SchemaDocument) EntryJSON(i int) ([]byte, error) {
	if i < 0 {
		return nil, &Error{Status: StatusOutOfRange, Message: "negative schema index", Offset: -1}
	}
	var out C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_schema_doc_entry_json(&out, d.ptr(), C.size_t(i), &cerr)
	runtime.KeepAlive(d)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&out), nil
}

// JSON returns the whole document rebuilt from every schema it holds, in
// the layout Terraform writes (keys that hold no schemas, such as
// "functions", left out); the first schema that fails to load is the error.
func (d *SchemaDocument) JSON() ([]byte, error) {
	var out C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_schema_doc_to_json(&out, d.ptr(), &cerr)
	runtime.KeepAlive(d)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&out), nil
}

// GetSchema is Find then Schema.
func (d *SchemaDocument) GetSchema(selector, provider string) (*Schema, error) {
	i, err := d.Find(selector, provider)
	if err != nil {
		return nil, err
	}
	return d.Schema(i)
}

// GetIdentity is Find then Identity.
func (d *SchemaDocument) GetIdentity(selector, provider string) (*IdentitySchema, error) {
	i, err := d.Find(selector, provider)
	if err != nil {
		return nil, err
	}
	return d.Identity(i)
}
