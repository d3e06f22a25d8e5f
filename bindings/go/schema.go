package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"runtime"
	"strconv"
	"strings"
)

// Schema is a provider schema (a protocol Schema.Block plus its version). It
// is immutable and safe for concurrent use; release it with Close.
type Schema struct {
	p       *C.dv_schema_t
	cleanup runtime.Cleanup
}

func newSchema(p *C.dv_schema_t) *Schema {
	s := &Schema{p: p}
	s.cleanup = runtime.AddCleanup(s, func(p *C.dv_schema_t) { C.dv_schema_free(p) }, p)
	return s
}

func (s *Schema) ptr() *C.dv_schema_t {
	if s == nil || s.p == nil {
		panic("dynval: use of a nil or closed *Schema")
	}
	if debugGC {
		maybeGC()
	}
	return s.p
}

// Close releases the schema. It is idempotent and does nothing on a nil
// *Schema.
func (s *Schema) Close() {
	if s == nil || s.p == nil {
		return
	}
	s.cleanup.Stop()
	C.dv_schema_free(s.p)
	s.p = nil
}

// Clone returns another reference to the same schema, in O(1).
func (s *Schema) Clone() *Schema {
	var out *C.dv_schema_t
	st := C.dv_schema_clone(&out, s.ptr(), nil)
	runtime.KeepAlive(s)
	mustOK(st)
	return newSchema(out)
}

// SchemaFromJSON loads one block of a `providers schema -json` document.
// selector is "provider", "resource:NAME", "data:NAME", "ephemeral:NAME",
// "list:NAME", "action:NAME" or "state_store:NAME"; provider is the provider
// address, or "" when the document holds exactly one provider. Each call
// parses the whole document: to take several schemas from one, use
// ParseSchemaDocument. Errors: ErrParse, ErrSchema, ErrNotFound,
// ErrInvalidArg.
func SchemaFromJSON(doc []byte, selector, provider string) (*Schema, error) {
	p, n := cbytes(doc)
	sel, seln := cstr(selector)
	prov, provn := cstr(provider)
	var out *C.dv_schema_t
	var cerr *C.dv_error_t
	st := C.dv_schema_from_json(&out, (*C.char)(p), n, sel, seln, prov, provn, &cerr)
	runtime.KeepAlive(doc)
	runtime.KeepAlive(selector)
	runtime.KeepAlive(provider)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newSchema(out), nil
}

// SchemaFromBlockJSON loads a single block JSON object (the value of a
// "block" key of a schema document) as a schema with the given version.
func SchemaFromBlockJSON(block []byte, version int64) (*Schema, error) {
	p, n := cbytes(block)
	var out *C.dv_schema_t
	var cerr *C.dv_error_t
	st := C.dv_schema_from_block_json(&out, (*C.char)(p), n, C.int64_t(version), &cerr)
	runtime.KeepAlive(block)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newSchema(out), nil
}

// SchemaFromProto decodes the protobuf bytes of a tfplugin5 or tfplugin6
// Schema message; protocolVersion is 5 or 6.
func SchemaFromProto(data []byte, protocolVersion int) (*Schema, error) {
	p, n := cbytes(data)
	var out *C.dv_schema_t
	var cerr *C.dv_error_t
	st := C.dv_schema_from_proto(&out, p, n, C.int(protocolVersion), &cerr)
	runtime.KeepAlive(data)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newSchema(out), nil
}

// Proto encodes the schema as a tfplugin5/6 Schema message. Protocol 5
// cannot express nested attribute types (ErrUnsupported).
func (s *Schema) Proto(protocolVersion int) ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_schema_to_proto(&buf, s.ptr(), C.int(protocolVersion), &cerr)
	runtime.KeepAlive(s)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// ImpliedType returns the implied value type of the schema's root block (an
// object type, following OpenTofu's configschema rules). Decode
// DynamicValues with it.
func (s *Schema) ImpliedType() *Type {
	p := C.dv_schema_implied_type(s.ptr())
	var out *C.dv_type_t
	st := C.dv_type_clone(&out, p, nil)
	runtime.KeepAlive(s)
	mustOK(st)
	return newType(out)
}

// DecodeMsgpack decodes MessagePack bytes by the schema (its implied type):
// DecodeMsgpack(data, s.ImpliedType(), opts).
func (s *Schema) DecodeMsgpack(data []byte, opts *DecodeOptions) (*Value, error) {
	p, n := cbytes(data)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_schema_decode_msgpack(&out, s.ptr(), p, n, opts.c(), &cerr)
	runtime.KeepAlive(data)
	runtime.KeepAlive(s)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// DecodeJSON decodes JSON text by the schema (its implied type).
func (s *Schema) DecodeJSON(data []byte, opts *DecodeOptions) (*Value, error) {
	p, n := cbytes(data)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_schema_decode_json(&out, s.ptr(), (*C.char)(p), n, opts.c(), &cerr)
	runtime.KeepAlive(data)
	runtime.KeepAlive(s)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// EncodeMsgpack encodes a value as MessagePack by the schema (its implied
// type), byte-identical to go-cty: the right call for a value decoded by
// this schema, whose dynamic attributes keep their type wrappers.
func (s *Schema) EncodeMsgpack(v *Value) ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_schema_encode_msgpack(&buf, s.ptr(), v.ptr(), &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(s)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// EncodeJSON encodes a value as JSON by the schema (its implied type).
func (s *Schema) EncodeJSON(v *Value) ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_schema_encode_json(&buf, s.ptr(), v.ptr(), &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(s)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// ValueFromFlatmap reads legacy flatmap state by the schema (its implied
// type), as provider SDKs upgrade pre-0.12 state: see ValueFromFlatmap.
func (s *Schema) ValueFromFlatmap(m map[string]string) (*Value, error) {
	return flatmap(m, func(out **C.dv_value_t, k, v *C.dv_str_t, n C.size_t, cerr **C.dv_error_t) C.dv_status_t {
		return C.dv_schema_value_from_flatmap(out, s.ptr(), k, v, n, cerr)
	}, s)
}

// Version returns the schema version.
func (s *Schema) Version() int64 {
	v := int64(C.dv_schema_version(s.ptr()))
	runtime.KeepAlive(s)
	return v
}

// Validate checks a value against the schema rules beyond its type
// (required attributes, GROUP blocks never null, min/max items while no
// unknowns are present). It returns nil when valid, else an error with
// ErrSchema or ErrTypeMismatch and the cty path of the first problem.
func (s *Schema) Validate(v *Value) error {
	var cerr *C.dv_error_t
	st := C.dv_schema_validate(s.ptr(), v.ptr(), &cerr)
	runtime.KeepAlive(s)
	runtime.KeepAlive(v)
	return takeError(st, cerr)
}

// ValidateAll checks a value against the rules of Validate and returns
// every problem, not just the first (a provider returns all its
// diagnostics at once), in the order the check meets them: a block's
// attributes, then its nested blocks, each by name, elements in order.
// Each problem has ErrSchema or ErrTypeMismatch and its cty path; nil when
// the value is valid. The error is for a check that could not run (out of
// memory); a nil or closed value panics, as with Validate.
func (s *Schema) ValidateAll(v *Value) ([]*Error, error) {
	var list *C.dv_errors_t
	var cerr *C.dv_error_t
	st := C.dv_schema_validate_all(s.ptr(), v.ptr(), &list, &cerr)
	runtime.KeepAlive(s)
	runtime.KeepAlive(v)
	if list == nil {
		return nil, takeError(st, cerr)
	}
	C.dv_error_free(cerr) // the first problem, also in the list
	defer C.dv_errors_free(list)
	n := int(C.dv_errors_count(list))
	problems := make([]*Error, n)
	for i := range problems {
		e := C.dv_errors_at(list, C.size_t(i))
		problems[i] = copyError(C.dv_error_status(e), e)
	}
	return problems, nil
}

// Nesting is the nesting mode of a nested block or nested attribute.
type Nesting int32

// String returns the nesting mode as schema JSON spells it ("single",
// "list", "set", "map", "group"), or "Nesting(N)" for another number.
func (n Nesting) String() string {
	if name := C.dv_nesting_name(C.dv_nesting_t(n)); name != nil {
		return C.GoString(name)
	}
	return "Nesting(" + strconv.Itoa(int(n)) + ")"
}

// Nesting modes, numbered as the plugin protocol's NestingMode.
const (
	NestingInvalid Nesting = C.DV_NESTING_INVALID // never in a valid schema
	NestingSingle  Nesting = C.DV_NESTING_SINGLE
	NestingList    Nesting = C.DV_NESTING_LIST
	NestingSet     Nesting = C.DV_NESTING_SET
	NestingMap     Nesting = C.DV_NESTING_MAP
	NestingGroup   Nesting = C.DV_NESTING_GROUP // blocks only
)

// AttrFlags are the flags of a schema attribute.
type AttrFlags uint32

// Attribute flags.
const (
	AttrRequired   AttrFlags = C.DV_ATTR_REQUIRED
	AttrOptional   AttrFlags = C.DV_ATTR_OPTIONAL
	AttrComputed   AttrFlags = C.DV_ATTR_COMPUTED
	AttrSensitive  AttrFlags = C.DV_ATTR_SENSITIVE
	AttrDeprecated AttrFlags = C.DV_ATTR_DEPRECATED
	AttrWriteOnly  AttrFlags = C.DV_ATTR_WRITE_ONLY
	// Identity attributes only.
	AttrRequiredForImport AttrFlags = C.DV_ATTR_REQUIRED_FOR_IMPORT
	AttrOptionalForImport AttrFlags = C.DV_ATTR_OPTIONAL_FOR_IMPORT
)

// String returns the flags as schema JSON spells them, joined by "|"
// ("optional|computed"), with any unknown bits in hex last; "none" for no
// flags.
func (f AttrFlags) String() string {
	if f == 0 {
		return "none"
	}
	var names []string
	for bit := AttrFlags(1); bit != 0 && bit <= f; bit <<= 1 {
		if f&bit == 0 {
			continue
		}
		if name := C.dv_attribute_flag_name(C.uint32_t(bit)); name != nil {
			names = append(names, C.GoString(name))
			f &^= bit
		}
	}
	if f != 0 {
		names = append(names, "0x"+strconv.FormatUint(uint64(f), 16))
	}
	return strings.Join(names, "|")
}

// Builder builds a schema block by block. It is not safe for concurrent
// use; release it with Close.
type Builder struct {
	p       *C.dv_builder_t
	cleanup runtime.Cleanup
}

// NewBuilder returns an empty block builder.
func NewBuilder() *Builder {
	var out *C.dv_builder_t
	mustOK(C.dv_builder_new(&out, nil))
	b := &Builder{p: out}
	b.cleanup = runtime.AddCleanup(b, func(p *C.dv_builder_t) { C.dv_builder_free(p) }, out)
	return b
}

func (b *Builder) ptr() *C.dv_builder_t {
	if b == nil || b.p == nil {
		panic("dynval: use of a nil or closed *Builder")
	}
	return b.p
}

// Close releases the builder; idempotent and nil-safe.
func (b *Builder) Close() {
	if b == nil || b.p == nil {
		return
	}
	b.cleanup.Stop()
	C.dv_builder_free(b.p)
	b.p = nil
}

// Attribute adds an attribute of type t. The schema rules (e.g. exactly one
// of required/optional/computed) are checked by Build.
func (b *Builder) Attribute(name string, t *Type, flags AttrFlags) error {
	s, n := cstr(name)
	var cerr *C.dv_error_t
	st := C.dv_builder_attribute(b.ptr(), s, n, t.ptr(), C.uint32_t(flags), &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(t)
	runtime.KeepAlive(name)
	return takeError(st, cerr)
}

// NestedAttribute adds a protocol-6 nested attribute whose object attributes
// are those of object (which must have no nested blocks; it is copied).
func (b *Builder) NestedAttribute(name string, nesting Nesting, object *Builder, flags AttrFlags) error {
	s, n := cstr(name)
	var cerr *C.dv_error_t
	st := C.dv_builder_nested_attribute(b.ptr(), s, n, C.dv_nesting_t(nesting), object.ptr(), C.uint32_t(flags), &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(object)
	runtime.KeepAlive(name)
	return takeError(st, cerr)
}

// Block adds a nested block type whose body is built by body (copied);
// minItems/maxItems (0 = none) apply to LIST and SET blocks.
func (b *Builder) Block(typeName string, nesting Nesting, body *Builder, minItems, maxItems int64) error {
	s, n := cstr(typeName)
	var cerr *C.dv_error_t
	st := C.dv_builder_block(b.ptr(), s, n, C.dv_nesting_t(nesting), body.ptr(), C.int64_t(minItems), C.int64_t(maxItems), &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(body)
	runtime.KeepAlive(typeName)
	return takeError(st, cerr)
}

// SetDescription sets the description of the block being built.
func (b *Builder) SetDescription(text string, kind DescriptionKind) error {
	s, n := cstr(text)
	var cerr *C.dv_error_t
	st := C.dv_builder_set_description(b.ptr(), s, n, C.dv_description_kind_t(kind), &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(text)
	return takeError(st, cerr)
}

// SetDeprecated marks the block being built deprecated (or not), with a
// message ("" for none).
func (b *Builder) SetDeprecated(deprecated bool, message string) error {
	s, n := cstr(message)
	var cerr *C.dv_error_t
	st := C.dv_builder_set_deprecated(b.ptr(), C.bool(deprecated), s, n, &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(message)
	return takeError(st, cerr)
}

// SetComputed sets tfplugin6.11 Block.computed on the block being built.
func (b *Builder) SetComputed(computed bool) error {
	var cerr *C.dv_error_t
	st := C.dv_builder_set_computed(b.ptr(), C.bool(computed), &cerr)
	runtime.KeepAlive(b)
	return takeError(st, cerr)
}

// SetAttributeDescription sets the description of the attribute name added
// before (ErrNotFound when there is none).
func (b *Builder) SetAttributeDescription(name, text string, kind DescriptionKind) error {
	ns, nn := cstr(name)
	ts, tn := cstr(text)
	var cerr *C.dv_error_t
	st := C.dv_builder_set_attribute_description(b.ptr(), ns, nn, ts, tn, C.dv_description_kind_t(kind), &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(name)
	runtime.KeepAlive(text)
	return takeError(st, cerr)
}

// SetAttributeDeprecationMessage sets the deprecation message of the
// attribute name added before (mark it deprecated with AttrDeprecated).
func (b *Builder) SetAttributeDeprecationMessage(name, message string) error {
	ns, nn := cstr(name)
	ms, mn := cstr(message)
	var cerr *C.dv_error_t
	st := C.dv_builder_set_attribute_deprecation_message(b.ptr(), ns, nn, ms, mn, &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(name)
	runtime.KeepAlive(message)
	return takeError(st, cerr)
}

// SetNestedItems sets the (deprecated, never validated) item bounds of the
// nested attribute name added before.
func (b *Builder) SetNestedItems(name string, minItems, maxItems int64) error {
	ns, nn := cstr(name)
	var cerr *C.dv_error_t
	st := C.dv_builder_set_nested_items(b.ptr(), ns, nn, C.int64_t(minItems), C.int64_t(maxItems), &cerr)
	runtime.KeepAlive(b)
	runtime.KeepAlive(name)
	return takeError(st, cerr)
}

// BuildIdentity builds an identity schema from the builder's attributes
// (each with a type and only the import flags); the builder is unchanged.
func (b *Builder) BuildIdentity(version int64) (*IdentitySchema, error) {
	var out *C.dv_identity_schema_t
	var cerr *C.dv_error_t
	st := C.dv_builder_build_identity(&out, b.ptr(), C.int64_t(version), &cerr)
	runtime.KeepAlive(b)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newIdentitySchema(out), nil
}

// Build checks and freezes a schema from the builder's block (the builder
// is unchanged and may be reused). An invalid schema gives ErrSchema.
func (b *Builder) Build(version int64) (*Schema, error) {
	var out *C.dv_schema_t
	var cerr *C.dv_error_t
	st := C.dv_builder_build(&out, b.ptr(), C.int64_t(version), &cerr)
	runtime.KeepAlive(b)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newSchema(out), nil
}
