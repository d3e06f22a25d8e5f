package dynval

/*
#include <stdlib.h>
#include <string.h>
#include <dynval/dynval.h>
*/
import "C"

import (
	"iter"
	"math/big"
	"runtime"
	"sort"
	"unsafe"
)

// Value is a cty value: null, unknown (optionally refined) or known, of any
// type. It is immutable and safe for concurrent use.
//
// A Value is either owned or a borrowed view. Constructors, decoders,
// [Value.Clone] and the operations that build values (Transform, SetPath,
// UnknownAsNull, Path.Apply) return owned values: release them with Close
// (a cleanup frees forgotten ones eventually). Values read from another
// value (Index, Get, Lookup, the Elements, Entries and Attributes
// iterators, Walk, the parts of a Diff) are views, as go-tree-sitter's Node
// is a view of its Tree: they need no Close (it does nothing), cost no C
// allocation, and keep their owner alive for the garbage collector. A view
// is valid as long as its owner is open: after the owner's Close, using the
// view panics (it never reads freed memory). Clone a view to keep it
// beyond its owner.
type Value struct {
	p        *C.dv_value_t
	src      *source // what keeps p valid
	borrowed bool    // a view: Close does nothing
}

// source is what keeps a C object, and every view into it, alive: an owned
// reference freed by Close or, failing that, by a cleanup once no owner or
// view is reachable; or the scope of one callback, which has nothing to
// free and ends when the callback returns.
type source struct {
	live    bool
	free    func() // releases the C object; nil for a callback scope
	cleanup runtime.Cleanup
}

// close releases the source's C object now (once); views into it panic
// from then on.
func (s *source) close() {
	if !s.live {
		return
	}
	s.live = false
	if s.free != nil {
		s.cleanup.Stop()
		s.free()
	}
}

// newValue wraps an owned C value.
func newValue(p *C.dv_value_t) *Value {
	src := &source{live: true, free: func() { C.dv_value_free(p) }}
	src.cleanup = runtime.AddCleanup(src, func(p *C.dv_value_t) { C.dv_value_free(p) }, p)
	return &Value{p: p, src: src}
}

// newScope returns the source of views that are valid during one callback;
// end it with close.
func newScope() *source { return &source{live: true} }

// view wraps a value borrowed from v (nil for NULL). The view shares v's
// source, so it keeps v's owner alive and dies with it.
func (v *Value) view(p *C.dv_value_t) *Value {
	if p == nil {
		return nil
	}
	return &Value{p: p, src: v.src, borrowed: true}
}

// cloneOf returns a new owned reference to a borrowed C value (nil for NULL).
// The caller keeps the value's owner alive during the call.
func cloneOf(p *C.dv_value_t) *Value {
	if p == nil {
		return nil
	}
	var out *C.dv_value_t
	mustOK(C.dv_value_clone(&out, p, nil))
	return newValue(out)
}

// ptr returns the C handle; it panics after Close, on a view whose owner
// was closed, and on a callback's value after the callback returned.
func (v *Value) ptr() *C.dv_value_t {
	if v == nil || v.src == nil || !v.src.live {
		panic("dynval: use of a nil or closed *Value (or of a view of a closed value)")
	}
	if debugGC {
		maybeGC()
	}
	return v.p
}

// IsView reports whether v is a borrowed view (see [Value]) rather than an
// owned value.
func (v *Value) IsView() bool { return v != nil && v.borrowed }

// Close releases an owned value: it is idempotent, does nothing on a nil
// *Value and on a view, and makes the views read from v unusable (they
// panic). Clone a view first to keep it.
func (v *Value) Close() {
	if v == nil || v.src == nil || v.borrowed {
		return
	}
	v.src.close()
}

// Clone returns a new owned reference to the same immutable value, in O(1);
// it is how a view is kept beyond its owner.
func (v *Value) Clone() *Value {
	var out *C.dv_value_t
	st := C.dv_value_clone(&out, v.ptr(), nil)
	runtime.KeepAlive(v)
	mustOK(st)
	return newValue(out)
}

// ---------------------------------------------------------------------------
// Constructors

// NullVal returns a null value of type t (cty.NullVal).
func NullVal(t *Type) *Value {
	var out *C.dv_value_t
	st := C.dv_value_new_null(&out, t.ptr(), nil)
	runtime.KeepAlive(t)
	mustOK(st)
	return newValue(out)
}

// DynamicVal returns the unknown value of unknown type (cty.DynamicVal).
func DynamicVal() *Value {
	v, err := UnknownVal(TypeDynamic(), nil)
	if err != nil {
		panic(err)
	}
	return v
}

// Bound is a number bound for [Refinements]: either a known number Value or
// decimal Text parsed like ParseNumber (not both).
type Bound struct {
	Value     *Value
	Text      string
	Inclusive bool
}

// Refinements describe what is known about an unknown value (cty
// Value.Refine()). The zero value means no refinement.
type Refinements struct {
	// NotNull says the value is definitely not null.
	NotNull bool
	// Prefix is a known prefix of an unknown string ("" for none).
	Prefix string
	// Lower and Upper bound an unknown number (nil for unbounded).
	Lower, Upper *Bound
	// MinLength is the inclusive minimum length of an unknown list, set or
	// map (0 for none).
	MinLength int64
	// MaxLength is the inclusive maximum length (nil for unbounded).
	MaxLength *int64
}

// UnknownVal returns an unknown value of type t, refined by r (nil for a
// plain unknown). go-cty's collapse rules apply, so the result may be known
// (e.g. NotNull with equal inclusive bounds gives that number). Refinements
// of the dynamic type are dropped. Contradictory or inapplicable refinements
// give ErrRefinement; bad bound text gives ErrParse.
func UnknownVal(t *Type, r *Refinements) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	if r == nil {
		st := C.dv_value_new_unknown(&out, t.ptr(), nil, &cerr)
		runtime.KeepAlive(t)
		if err := takeError(st, cerr); err != nil {
			return nil, err
		}
		return newValue(out), nil
	}
	// The struct lives in C memory so that its pointers (to C copies of the
	// strings) obey cgo's pointer-passing rules.
	cr := (*C.dv_refinements_t)(C.calloc(1, C.size_t(unsafe.Sizeof(C.dv_refinements_t{}))))
	if cr == nil {
		panic("dynval: out of memory")
	}
	var toFree []unsafe.Pointer
	defer func() {
		for _, p := range toFree {
			C.free(p)
		}
		C.free(unsafe.Pointer(cr))
	}()
	cdup := func(s string) (*C.char, C.size_t) {
		if len(s) == 0 {
			return nil, 0
		}
		p := C.CBytes([]byte(s))
		toFree = append(toFree, p)
		return (*C.char)(p), C.size_t(len(s))
	}
	mustOK(C.dv_refinements_init(cr, C.DV_REFINEMENTS_VERSION, nil))
	var flags C.uint32_t
	if r.NotNull {
		flags |= C.DV_REFINE_NOT_NULL
	}
	if r.Prefix != "" {
		flags |= C.DV_REFINE_PREFIX
		cr.prefix, cr.prefix_len = cdup(r.Prefix)
	}
	if r.Lower != nil {
		flags |= C.DV_REFINE_LOWER
		if r.Lower.Inclusive {
			flags |= C.DV_REFINE_LOWER_INCLUSIVE
		}
		if r.Lower.Value != nil {
			cr.lower = r.Lower.Value.ptr()
		} else {
			cr.lower_text, cr.lower_text_len = cdup(r.Lower.Text)
		}
	}
	if r.Upper != nil {
		flags |= C.DV_REFINE_UPPER
		if r.Upper.Inclusive {
			flags |= C.DV_REFINE_UPPER_INCLUSIVE
		}
		if r.Upper.Value != nil {
			cr.upper = r.Upper.Value.ptr()
		} else {
			cr.upper_text, cr.upper_text_len = cdup(r.Upper.Text)
		}
	}
	if r.MinLength != 0 {
		flags |= C.DV_REFINE_LENGTH_MIN
		cr.length_min = C.int64_t(r.MinLength)
	}
	if r.MaxLength != nil {
		flags |= C.DV_REFINE_LENGTH_MAX
		cr.length_max = C.int64_t(*r.MaxLength)
	}
	cr.flags = flags
	st := C.dv_value_new_unknown(&out, t.ptr(), cr, &cerr)
	runtime.KeepAlive(t)
	runtime.KeepAlive(r)
	if r.Lower != nil {
		runtime.KeepAlive(r.Lower.Value)
	}
	if r.Upper != nil {
		runtime.KeepAlive(r.Upper.Value)
	}
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// BoolVal returns a known bool (cty.BoolVal).
func BoolVal(b bool) *Value {
	var out *C.dv_value_t
	mustOK(C.dv_value_new_bool(&out, C.bool(b), nil))
	return newValue(out)
}

// IntVal returns a known number from an int64 (cty.NumberIntVal, precision
// 64).
func IntVal(n int64) *Value {
	var out *C.dv_value_t
	mustOK(C.dv_value_new_int64(&out, C.int64_t(n), nil))
	return newValue(out)
}

// UintVal returns a known number from a uint64 (cty.NumberUIntVal, precision
// 64).
func UintVal(n uint64) *Value {
	var out *C.dv_value_t
	mustOK(C.dv_value_new_uint64(&out, C.uint64_t(n), nil))
	return newValue(out)
}

// FloatVal returns a known number from a float64 (cty.NumberFloatVal,
// precision 53). Infinities are allowed; NaN gives ErrInvalidArg.
func FloatVal(f float64) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_new_double(&out, C.double(f), &cerr)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// ParseNumber returns a known number parsed from decimal text exactly, as
// cty.ParseNumberVal does (precision 512): "0.1", "-12e300", "1p4", "+Inf".
func ParseNumber(text string) (*Value, error) {
	s, n := cstr(text)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_new_number_text(&out, s, n, &cerr)
	runtime.KeepAlive(text)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// NumberVal returns a known number with exactly the value of f. The result
// has precision 512, as if parsed by ParseNumber (f's own precision is not
// kept; it only matters for the decimal rendering of numbers that are
// neither int64 nor exact float64 values). f must fit in 512 bits of
// mantissa, which any f with Prec() <= 512 does.
func NumberVal(f *big.Float) (*Value, error) {
	if f == nil {
		return nil, argError("nil *big.Float")
	}
	if f.IsInf() {
		if f.Signbit() {
			return ParseNumber("-Inf")
		}
		return ParseNumber("+Inf")
	}
	if f.Sign() == 0 {
		if f.Signbit() {
			return ParseNumber("-0")
		}
		return ParseNumber("0")
	}
	// f = mant * 2^exp with 0.5 <= |mant| < 1; scale the mantissa to an
	// integer of MinPrec bits and render "<integer>p<binary exponent>",
	// which big.Float parsing reads exactly.
	mant := new(big.Float)
	exp := f.MantExp(mant)
	bits := int(f.MinPrec())
	mant.SetMantExp(mant, bits)
	mi, _ := mant.Int(nil)
	return ParseNumber(mi.String() + "p" + itoa(int64(exp-bits)))
}

// StringVal returns a known string (cty.StringVal): NFC-normalised; invalid
// UTF-8 is kept as it is, as go-cty does.
func StringVal(s string) *Value {
	p, n := cstr(s)
	var out *C.dv_value_t
	st := C.dv_value_new_string(&out, p, n, nil)
	runtime.KeepAlive(s)
	mustOK(st)
	return newValue(out)
}

// ptrs collects the C handles of values into Go memory (holding C pointers
// only, as cgo requires).
func ptrs(vals []*Value) ([]*C.dv_value_t, **C.dv_value_t) {
	if len(vals) == 0 {
		return nil, nil
	}
	ps := make([]*C.dv_value_t, len(vals))
	for i, v := range vals {
		ps[i] = v.ptr()
	}
	return ps, &ps[0]
}

func typePtr(t *Type) *C.dv_type_t {
	if t == nil {
		return nil
	}
	return t.ptr()
}

// ListVal returns a known list (cty.ListVal). elemType may be nil when elems
// is not empty (the first element's type is used). An element of another
// type gives ErrTypeMismatch.
func ListVal(elemType *Type, elems ...*Value) (*Value, error) {
	ps, pp := ptrs(elems)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_new_list(&out, typePtr(elemType), pp, C.size_t(len(elems)), &cerr)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(elems)
	runtime.KeepAlive(elemType)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// SetVal returns a known set (cty.SetVal): equal elements are merged (first
// wins; unknowns never merge) and the elements are ordered as go-cty
// iterates them. Parameters as ListVal.
func SetVal(elemType *Type, elems ...*Value) (*Value, error) {
	ps, pp := ptrs(elems)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_new_set(&out, typePtr(elemType), pp, C.size_t(len(elems)), &cerr)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(elems)
	runtime.KeepAlive(elemType)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// MapVal returns a known map (cty.MapVal). elemType may be nil when entries
// is not empty. Keys are NFC-normalised.
func MapVal(elemType *Type, entries map[string]*Value) (*Value, error) {
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	vals := make([]*Value, len(keys))
	for i, k := range keys {
		vals[i] = entries[k]
	}
	return mapVal(elemType, keys, vals)
}

func mapVal(elemType *Type, keys []string, vals []*Value) (*Value, error) {
	ps, pp := ptrs(vals)
	carr, free := cStrArray(keys)
	defer free()
	var kp *C.dv_str_t
	if len(carr) > 0 {
		kp = &carr[0]
	}
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_new_map(&out, typePtr(elemType), kp, pp, C.size_t(len(vals)), &cerr)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(vals)
	runtime.KeepAlive(elemType)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// ObjectVal returns a known object (cty.ObjectVal) whose type is built from
// the attribute values. Names equal after NFC give ErrInvalidArg.
func ObjectVal(attrs map[string]*Value) (*Value, error) {
	names := make([]string, 0, len(attrs))
	for k := range attrs {
		names = append(names, k)
	}
	sort.Strings(names)
	vals := make([]*Value, len(names))
	for i, k := range names {
		vals[i] = attrs[k]
	}
	ps, pp := ptrs(vals)
	carr, free := cStrArray(names)
	defer free()
	var np *C.dv_str_t
	if len(carr) > 0 {
		np = &carr[0]
	}
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_new_object(&out, np, pp, C.size_t(len(vals)), &cerr)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(vals)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// TupleVal returns a known tuple (cty.TupleVal) whose type is built from the
// elements.
func TupleVal(elems ...*Value) *Value {
	ps, pp := ptrs(elems)
	var out *C.dv_value_t
	st := C.dv_value_new_tuple(&out, pp, C.size_t(len(elems)), nil)
	runtime.KeepAlive(ps)
	runtime.KeepAlive(elems)
	mustOK(st)
	return newValue(out)
}

// ---------------------------------------------------------------------------
// State and type

// Type returns the value's type (a new reference).
func (v *Value) Type() *Type {
	p := C.dv_value_type(v.ptr())
	var out *C.dv_type_t
	st := C.dv_type_clone(&out, p, nil)
	runtime.KeepAlive(v)
	mustOK(st)
	return newType(out)
}

// Kind returns the kind of the value's type (KindDynamic only for null or
// unknown values of the dynamic pseudo-type).
func (v *Value) Kind() Kind {
	k := Kind(C.dv_value_kind(v.ptr()))
	runtime.KeepAlive(v)
	return k
}

// IsNull reports whether the value is null. A nil *Value (what Get, Index
// and Lookup return for a value that is not there) counts as null, so
// v.Lookup(dynval.Attr("x")).IsNull() needs no nil check.
func (v *Value) IsNull() bool {
	if v == nil {
		return true
	}
	r := bool(C.dv_value_is_null(v.ptr()))
	runtime.KeepAlive(v)
	return r
}

// IsKnown reports whether the value is known (nulls are known, and so is a
// nil *Value, which counts as null).
func (v *Value) IsKnown() bool {
	if v == nil {
		return true
	}
	r := bool(C.dv_value_is_known(v.ptr()))
	runtime.KeepAlive(v)
	return r
}

// IsWhollyKnown reports whether no unknown appears anywhere inside (true
// for a nil *Value).
func (v *Value) IsWhollyKnown() bool {
	if v == nil {
		return true
	}
	r := bool(C.dv_value_is_wholly_known(v.ptr()))
	runtime.KeepAlive(v)
	return r
}

// RefinedNotNull reports whether v is an unknown refined as not null (false
// for a nil *Value).
func (v *Value) RefinedNotNull() bool {
	if v == nil {
		return false
	}
	r := bool(C.dv_value_refined_not_null(v.ptr()))
	runtime.KeepAlive(v)
	return r
}

// RefinedPrefix returns the known prefix of an unknown string ("" if none).
func (v *Value) RefinedPrefix() string {
	s := goStr(C.dv_value_refined_prefix(v.ptr()))
	runtime.KeepAlive(v)
	return s
}

// RefinedLowerBound returns the lower bound of an unknown number and whether
// it is inclusive; unbounded gives -Inf, inclusive. Other values give
// ErrTypeMismatch.
func (v *Value) RefinedLowerBound() (*Value, bool, error) {
	var out *C.dv_value_t
	var inc C.bool
	var cerr *C.dv_error_t
	st := C.dv_value_refined_lower_bound(&out, &inc, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return nil, false, err
	}
	return newValue(out), bool(inc), nil
}

// RefinedUpperBound is RefinedLowerBound for the upper bound (+Inf when
// unbounded).
func (v *Value) RefinedUpperBound() (*Value, bool, error) {
	var out *C.dv_value_t
	var inc C.bool
	var cerr *C.dv_error_t
	st := C.dv_value_refined_upper_bound(&out, &inc, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return nil, false, err
	}
	return newValue(out), bool(inc), nil
}

// RefinedLength returns the inclusive length bounds of an unknown list, set
// or map (0 and math.MaxInt64 when unrefined).
func (v *Value) RefinedLength() (min, max int64, err error) {
	var lo, hi C.int64_t
	var cerr *C.dv_error_t
	st := C.dv_value_refined_length(&lo, &hi, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return 0, 0, err
	}
	return int64(lo), int64(hi), nil
}

// ---------------------------------------------------------------------------
// Primitive accessors

// AsBool returns a known bool. Unknown values give ErrUnknownValue; null values
// and other types give ErrTypeMismatch.
func (v *Value) AsBool() (bool, error) {
	var b C.bool
	var cerr *C.dv_error_t
	st := C.dv_value_as_bool(&b, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	return bool(b), takeError(st, cerr)
}

// AsInt64 returns a number that is exactly an int64; others give
// ErrOutOfRange.
func (v *Value) AsInt64() (int64, error) {
	var n C.int64_t
	var cerr *C.dv_error_t
	st := C.dv_value_as_int64(&n, nil, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	return int64(n), takeError(st, cerr)
}

// AsUint64 returns a number that is exactly a uint64; others give
// ErrOutOfRange.
func (v *Value) AsUint64() (uint64, error) {
	var n C.uint64_t
	var cerr *C.dv_error_t
	st := C.dv_value_as_uint64(&n, nil, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	return uint64(n), takeError(st, cerr)
}

// AsFloat64 returns the nearest float64 to a number and whether it is exact
// (Go big.Float.Float64; overflow gives an infinity).
func (v *Value) AsFloat64() (float64, bool, error) {
	var d C.double
	var exact C.bool
	var cerr *C.dv_error_t
	st := C.dv_value_as_double(&d, &exact, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return 0, false, err
	}
	return float64(d), bool(exact), nil
}

// NumberText renders a number as go-cty does (big.Float.Text('f', -1) at the
// number's precision): "0.1", "-0", "+Inf".
func (v *Value) NumberText() (string, error) {
	var buf C.dv_buf_t
	var cerr *C.dv_error_t
	st := C.dv_value_number_text(&buf, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return "", err
	}
	return string(takeBuf(&buf)), nil
}

// Precision returns the binary precision of a number in bits (64 for
// integers, 53 for float64s, 512 for parsed text).
func (v *Value) Precision() (uint, error) {
	var p C.uint32_t
	var cerr *C.dv_error_t
	st := C.dv_value_number_precision(&p, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	return uint(p), takeError(st, cerr)
}

// AsBigFloat returns a number as a *big.Float with the number's own
// precision and exactly its value.
func (v *Value) AsBigFloat() (*big.Float, error) {
	prec, err := v.Precision()
	if err != nil {
		return nil, err
	}
	text, err := v.NumberText()
	if err != nil {
		return nil, err
	}
	// The text is the shortest decimal that identifies the value at its
	// precision, so parsing it at that precision gives the value back.
	f, _, perr := big.ParseFloat(text, 10, prec, big.ToNearestEven)
	if perr != nil {
		return nil, &Error{Status: StatusInternal, Message: perr.Error(), Offset: -1}
	}
	return f, nil
}

// AsString returns a known string (NFC UTF-8).
func (v *Value) AsString() (string, error) {
	var s C.dv_str_t
	var cerr *C.dv_error_t
	st := C.dv_value_as_string(&s, v.ptr(), &cerr)
	out := goStr(s)
	runtime.KeepAlive(v)
	return out, takeError(st, cerr)
}

// ---------------------------------------------------------------------------
// Collections and structures

// Len returns the number of elements of a known list, set, tuple or map, or
// of attributes of an object.
func (v *Value) Len() (int, error) {
	var n C.size_t
	var cerr *C.dv_error_t
	st := C.dv_value_length(&n, v.ptr(), &cerr)
	runtime.KeepAlive(v)
	return int(n), takeError(st, cerr)
}

// Index returns element i of a list, tuple or set (go-cty's iteration
// order), or the value of entry/attribute i of a map or object (bytewise
// order), as a view; nil when there is none.
func (v *Value) Index(i int) *Value {
	if i < 0 {
		return nil
	}
	r := v.view(C.dv_value_element(v.ptr(), C.size_t(i)))
	runtime.KeepAlive(v)
	return r
}

// Get returns the object attribute or map element named key as a view, or
// nil when there is none (also for null, unknown and other values; see
// [Value.Find] to tell them apart).
func (v *Value) Get(key string) *Value {
	s, n := cstr(key)
	r := v.view(C.dv_value_get(v.ptr(), s, n))
	runtime.KeepAlive(v)
	runtime.KeepAlive(key)
	return r
}

// Find looks up an object attribute or map element like Get, telling a
// missing attribute or key (nil, nil) from a value that cannot have any:
// an unknown value gives ErrUnknownValue; a null value, or one that is neither
// an object nor a map, ErrTypeMismatch.
func (v *Value) Find(key string) (*Value, error) {
	s, n := cstr(key)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_find(&out, v.ptr(), s, n, &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(key)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return v.view(out), nil
}

// Lookup follows a path without errors and returns the value there as a
// view, or nil when a step does not apply (through null and unknown values
// too): attribute steps apply to objects, key steps to maps and objects,
// index steps to lists, tuples and sets (go-cty's order), set-element
// steps select the set's element equal to their value. [Path.Apply] is
// cty's Path.Apply, with errors.
func (v *Value) Lookup(steps ...PathStep) *Value {
	p := v.ptr()
	if len(steps) == 0 {
		return v.view(p)
	}
	cp := Path(steps).cPath()
	defer C.dv_path_free(cp)
	r := v.view(C.dv_value_lookup_path(p, cp))
	runtime.KeepAlive(v)
	return r
}

// Elements iterates over a known list, set or tuple (sets in go-cty's
// order), or over the values of a map or object, yielding the index and a
// view of each element. Null, unknown and primitive values yield nothing.
func (v *Value) Elements() iter.Seq2[int, *Value] {
	return func(yield func(int, *Value) bool) {
		n, err := v.Len()
		if err != nil {
			return
		}
		for i := 0; i < n; i++ {
			e := v.Index(i)
			if e == nil || !yield(i, e) {
				return
			}
		}
	}
}

// Entries iterates over a known map or object in bytewise key order,
// yielding each key and a view of its value. Other values yield nothing.
func (v *Value) Entries() iter.Seq2[string, *Value] {
	return func(yield func(string, *Value) bool) {
		n, err := v.Len()
		if err != nil {
			return
		}
		for i := 0; i < n; i++ {
			var key C.dv_str_t
			p := v.ptr()
			e := C.dv_value_entry(p, C.size_t(i), &key)
			if e == nil {
				runtime.KeepAlive(v)
				return
			}
			k := goStr(key)
			ev := v.view(e)
			runtime.KeepAlive(v)
			if !yield(k, ev) {
				return
			}
		}
	}
}

// Attributes iterates over the attributes of a known object in bytewise name
// order (as Entries); other values, maps included, yield nothing.
func (v *Value) Attributes() iter.Seq2[string, *Value] {
	return func(yield func(string, *Value) bool) {
		if v.Kind() != KindObject {
			return
		}
		for k, e := range v.Entries() {
			if !yield(k, e) {
				return
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Comparison, hashing, printing

// Tristate is the result of Equals: true, false or unknown.
type Tristate int

// Tristate values.
const (
	TristateFalse   Tristate = C.DV_TRISTATE_FALSE
	TristateTrue    Tristate = C.DV_TRISTATE_TRUE
	TristateUnknown Tristate = C.DV_TRISTATE_UNKNOWN
)

// String returns "false", "true" or "unknown".
func (t Tristate) String() string {
	switch t {
	case TristateFalse:
		return "false"
	case TristateTrue:
		return "true"
	}
	return "unknown"
}

// Equals compares as cty Value.Equals: TristateUnknown when the answer depends on
// unknown values; null equals null of any type.
func (v *Value) Equals(o *Value) Tristate {
	var r C.dv_tristate_t
	st := C.dv_value_equals(&r, v.ptr(), o.ptr(), nil)
	runtime.KeepAlive(v)
	runtime.KeepAlive(o)
	mustOK(st)
	return Tristate(r)
}

// RawEquals reports exact identity as cty Value.RawEquals: types, unknowns
// and refinements must all match.
func (v *Value) RawEquals(o *Value) bool {
	var r C.bool
	st := C.dv_value_raw_equals(&r, v.ptr(), o.ptr(), nil)
	runtime.KeepAlive(v)
	runtime.KeepAlive(o)
	mustOK(st)
	return bool(r)
}

// Hash returns a stable 64-bit hash (raw-equal values hash equally).
func (v *Value) Hash() uint64 {
	var h C.uint64_t
	st := C.dv_value_hash(&h, v.ptr(), nil)
	runtime.KeepAlive(v)
	mustOK(st)
	return uint64(h)
}

// GoString renders the value in go-cty's GoString style for debugging, e.g.
// cty.StringVal("x"); "<nil>" for a nil *Value (a value that is not there,
// such as the absent side of a diff) and "<closed>" after Close. Not a
// stable format.
func (v *Value) GoString() string {
	if v == nil {
		return "<nil>"
	}
	if v.src == nil || !v.src.live {
		return "<closed>"
	}
	var buf C.dv_buf_t
	st := C.dv_value_debug_string(&buf, v.p, nil)
	runtime.KeepAlive(v)
	if st != C.DV_OK {
		return "<" + takeError(st, nil).Error() + ">"
	}
	return string(takeBuf(&buf))
}

// String is GoString.
func (v *Value) String() string { return v.GoString() }
