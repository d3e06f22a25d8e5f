package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"iter"
	"runtime"
	"sort"
	"unsafe"
)

// Kind is the kind of a type (dv_type_kind_t).
type Kind int32

// The kinds of types. KindDynamic is cty.DynamicPseudoType.
const (
	KindInvalid Kind = C.DV_TYPE_INVALID
	KindBool    Kind = C.DV_TYPE_BOOL
	KindNumber  Kind = C.DV_TYPE_NUMBER
	KindString  Kind = C.DV_TYPE_STRING
	KindList    Kind = C.DV_TYPE_LIST
	KindSet     Kind = C.DV_TYPE_SET
	KindMap     Kind = C.DV_TYPE_MAP
	KindObject  Kind = C.DV_TYPE_OBJECT
	KindTuple   Kind = C.DV_TYPE_TUPLE
	KindDynamic Kind = C.DV_TYPE_DYNAMIC
)

var kindNames = [...]string{"invalid", "bool", "number", "string", "list", "set", "map", "object", "tuple", "dynamic"}

// String returns the kind's name, e.g. "list".
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + itoa(int64(k)) + ")"
}

// Type is a cty type. It is immutable and safe for concurrent use; release
// it with Close.
type Type struct {
	p       *C.dv_type_t
	cleanup runtime.Cleanup
}

// newType wraps an owned C type (or a static primitive, which dv_type_free
// ignores).
func newType(p *C.dv_type_t) *Type {
	t := &Type{p: p}
	t.cleanup = runtime.AddCleanup(t, func(p *C.dv_type_t) { C.dv_type_free(p) }, p)
	return t
}

// ptr returns the C handle; it panics after Close.
func (t *Type) ptr() *C.dv_type_t {
	if t == nil || t.p == nil {
		panic("dynval: use of a nil or closed *Type")
	}
	if debugGC {
		maybeGC()
	}
	return t.p
}

// Close releases the type. It is idempotent and does nothing on a nil *Type.
func (t *Type) Close() {
	if t == nil || t.p == nil {
		return
	}
	t.cleanup.Stop()
	C.dv_type_free(t.p)
	t.p = nil
}

// Clone returns another reference to the same type, in O(1).
func (t *Type) Clone() *Type {
	var out *C.dv_type_t
	st := C.dv_type_clone(&out, t.ptr(), nil)
	runtime.KeepAlive(t)
	mustOK(st)
	return newType(out)
}

// mustOK panics on a status that can only mean a bug or out-of-memory.
func mustOK(st C.dv_status_t) {
	if st != C.DV_OK {
		panic(takeError(st, nil))
	}
}

// TypeBool returns cty.Bool.
func TypeBool() *Type { return newType((*C.dv_type_t)(unsafe.Pointer(C.dv_type_bool()))) }

// TypeNumber returns cty.Number.
func TypeNumber() *Type { return newType((*C.dv_type_t)(unsafe.Pointer(C.dv_type_number()))) }

// TypeString returns cty.String.
func TypeString() *Type { return newType((*C.dv_type_t)(unsafe.Pointer(C.dv_type_string()))) }

// TypeDynamic returns cty.DynamicPseudoType.
func TypeDynamic() *Type { return newType((*C.dv_type_t)(unsafe.Pointer(C.dv_type_dynamic()))) }

// ListOf returns list(elem).
func ListOf(elem *Type) *Type {
	var out *C.dv_type_t
	st := C.dv_type_new_list(&out, elem.ptr(), nil)
	runtime.KeepAlive(elem)
	mustOK(st)
	return newType(out)
}

// SetOf returns set(elem).
func SetOf(elem *Type) *Type {
	var out *C.dv_type_t
	st := C.dv_type_new_set(&out, elem.ptr(), nil)
	runtime.KeepAlive(elem)
	mustOK(st)
	return newType(out)
}

// MapOf returns map(elem).
func MapOf(elem *Type) *Type {
	var out *C.dv_type_t
	st := C.dv_type_new_map(&out, elem.ptr(), nil)
	runtime.KeepAlive(elem)
	mustOK(st)
	return newType(out)
}

// ObjectOf returns an object type with the given attributes; the names in
// optional (which must be attributes) carry the optional marker of type
// constraints. It fails with ErrInvalidArg when two names are equal after NFC
// normalisation or an optional name is not an attribute.
func ObjectOf(attrs map[string]*Type, optional ...string) (*Type, error) {
	names := make([]string, 0, len(attrs))
	for n := range attrs {
		names = append(names, n)
	}
	sort.Strings(names)
	types := make([]*C.dv_type_t, len(names))
	for i, n := range names {
		types[i] = attrs[n].ptr()
	}
	var opt []C.bool
	if len(optional) > 0 {
		opt = make([]C.bool, len(names))
		for _, o := range optional {
			i := sort.SearchStrings(names, o)
			if i >= len(names) || names[i] != o {
				return nil, argError("optional attribute " + o + " is not an attribute")
			}
			opt[i] = true
		}
	}
	carr, free := cStrArray(names)
	defer free()
	var namesP *C.dv_str_t
	var typesP **C.dv_type_t
	var optP *C.bool
	if len(names) > 0 {
		namesP, typesP = &carr[0], &types[0]
	}
	if opt != nil {
		optP = &opt[0]
	}
	var out *C.dv_type_t
	var cerr *C.dv_error_t
	st := C.dv_type_new_object(&out, namesP, typesP, optP, C.size_t(len(names)), &cerr)
	runtime.KeepAlive(attrs)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newType(out), nil
}

// TupleOf returns tuple([elems...]).
func TupleOf(elems ...*Type) *Type {
	types := make([]*C.dv_type_t, len(elems))
	for i, e := range elems {
		types[i] = e.ptr()
	}
	var typesP **C.dv_type_t
	if len(types) > 0 {
		typesP = &types[0]
	}
	var out *C.dv_type_t
	st := C.dv_type_new_tuple(&out, typesP, C.size_t(len(types)), nil)
	runtime.KeepAlive(elems)
	mustOK(st)
	return newType(out)
}

// ParseType parses go-cty's type-constraint JSON, e.g. `["list","string"]`.
func ParseType(typeJSON []byte) (*Type, error) {
	p, n := cbytes(typeJSON)
	var out *C.dv_type_t
	var cerr *C.dv_error_t
	st := C.dv_type_from_json(&out, (*C.char)(p), n, &cerr)
	runtime.KeepAlive(typeJSON)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newType(out), nil
}

// Kind returns the type's kind.
func (t *Type) Kind() Kind {
	k := Kind(C.dv_type_kind(t.ptr()))
	runtime.KeepAlive(t)
	return k
}

// ElementType returns the element type of a list, set or map type, or nil for
// other kinds.
func (t *Type) ElementType() *Type {
	var out *C.dv_type_t
	st := C.dv_type_element(&out, t.ptr(), nil)
	runtime.KeepAlive(t)
	if st != C.DV_OK {
		return nil
	}
	return newType(out)
}

// NumAttributes returns the number of attributes of an object type (0 for
// other kinds).
func (t *Type) NumAttributes() int {
	n := int(C.dv_type_attribute_count(t.ptr()))
	runtime.KeepAlive(t)
	return n
}

// attr returns name, type and optional flag of attribute i.
func (t *Type) attr(i int) (string, *Type, bool) {
	p := t.ptr()
	name := goStr(C.dv_type_attribute_name(p, C.size_t(i)))
	opt := bool(C.dv_type_attribute_optional(p, C.size_t(i)))
	var out *C.dv_type_t
	st := C.dv_type_attribute_type(&out, p, C.size_t(i), nil)
	runtime.KeepAlive(t)
	if st != C.DV_OK {
		return name, nil, opt
	}
	return name, newType(out), opt
}

// Attributes iterates over the attributes of an object type in bytewise name
// order, yielding each name and a new reference to its type (close it, or
// leave it to the cleanup). Other kinds yield nothing.
func (t *Type) Attributes() iter.Seq2[string, *Type] {
	return func(yield func(string, *Type) bool) {
		n := t.NumAttributes()
		for i := 0; i < n; i++ {
			name, at, _ := t.attr(i)
			if !yield(name, at) {
				return
			}
		}
	}
}

// AttributeNames returns the attribute names of an object type in bytewise
// order.
func (t *Type) AttributeNames() []string {
	p := t.ptr()
	n := int(C.dv_type_attribute_count(p))
	names := make([]string, n)
	for i := range names {
		names[i] = goStr(C.dv_type_attribute_name(p, C.size_t(i)))
	}
	runtime.KeepAlive(t)
	return names
}

// AttributeType returns the type of the named object attribute, or nil when
// there is no such attribute.
func (t *Type) AttributeType(name string) *Type {
	i, ok := t.attrIndex(name)
	if !ok {
		return nil
	}
	_, at, _ := t.attr(i)
	return at
}

// AttributeOptional reports whether the named attribute carries the optional
// marker.
func (t *Type) AttributeOptional(name string) bool {
	i, ok := t.attrIndex(name)
	if !ok {
		return false
	}
	r := bool(C.dv_type_attribute_optional(t.ptr(), C.size_t(i)))
	runtime.KeepAlive(t)
	return r
}

func (t *Type) attrIndex(name string) (int, bool) {
	s, n := cstr(name)
	i := C.dv_type_attribute_index(t.ptr(), s, n)
	runtime.KeepAlive(t)
	runtime.KeepAlive(name)
	if i == C.SIZE_MAX {
		return 0, false
	}
	return int(i), true
}

// TupleLen returns the number of elements of a tuple type (0 for others).
func (t *Type) TupleLen() int {
	n := int(C.dv_type_tuple_length(t.ptr()))
	runtime.KeepAlive(t)
	return n
}

// TupleElement returns element type i of a tuple type, or nil.
func (t *Type) TupleElement(i int) *Type {
	var out *C.dv_type_t
	st := C.dv_type_tuple_element(&out, t.ptr(), C.size_t(i), nil)
	runtime.KeepAlive(t)
	if st != C.DV_OK {
		return nil
	}
	return newType(out)
}

// HasDynamic reports whether the type is or contains the dynamic
// pseudo-type.
func (t *Type) HasDynamic() bool {
	r := bool(C.dv_type_has_dynamic(t.ptr()))
	runtime.KeepAlive(t)
	return r
}

// HasOptional reports whether any object attribute in the type is optional.
func (t *Type) HasOptional() bool {
	r := bool(C.dv_type_has_optional(t.ptr()))
	runtime.KeepAlive(t)
	return r
}

// WithoutOptional returns the type with every optional marker removed.
func (t *Type) WithoutOptional() *Type {
	var out *C.dv_type_t
	st := C.dv_type_without_optional(&out, t.ptr(), nil)
	runtime.KeepAlive(t)
	mustOK(st)
	return newType(out)
}

// Equals reports structural equality (optional markers included). A nil
// *Type equals only nil.
func (t *Type) Equals(o *Type) bool {
	if t == nil || o == nil {
		return t == o
	}
	r := bool(C.dv_type_equals(t.ptr(), o.ptr()))
	runtime.KeepAlive(t)
	runtime.KeepAlive(o)
	return r
}

// Hash returns a hash consistent with Equals, stable within one process.
func (t *Type) Hash() uint64 {
	h := uint64(C.dv_type_hash(t.ptr()))
	runtime.KeepAlive(t)
	return h
}

// MarshalJSON returns go-cty's compact type-constraint JSON for the type,
// e.g. `["list","string"]`; it implements json.Marshaler.
func (t *Type) MarshalJSON() ([]byte, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_type_to_json(&buf, t.ptr(), &cerr)
	runtime.KeepAlive(t)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return takeBuf(&buf), nil
}

// String returns the type-constraint JSON of the type (or "<closed>").
func (t *Type) String() string {
	if t == nil || t.p == nil {
		return "<closed>"
	}
	b, err := t.MarshalJSON()
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// FriendlyName returns a short human-readable name such as "list of number".
func (t *Type) FriendlyName() string {
	var buf C.dv_buf_t
	st := C.dv_type_friendly_name(&buf, t.ptr(), nil)
	runtime.KeepAlive(t)
	if st != C.DV_OK {
		return ""
	}
	return string(takeBuf(&buf))
}

func itoa(n int64) string {
	var b [24]byte
	i := len(b)
	neg := n < 0
	u := uint64(n)
	if neg {
		u = -u
	}
	for {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
