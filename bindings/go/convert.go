package dynval

/*
#include <stdlib.h>
#include <dynval/dynval.h>
*/
import "C"

import (
	"runtime"
	"unsafe"
)

// Convert converts the value to type want exactly as go-cty's
// convert.Convert does: number and bool to string, string to number or bool
// when it parses, tuple to list or set, object to map, map to object, list
// and set to each other, element- and attribute-wise; attributes want lacks
// are dropped, optional attributes of want that are absent become null, and
// dynamic positions of want accept any value. Null and unknown values become
// null and unknown of want (an unknown keeps its not-null refinement and,
// between collections, its length bounds). Refusals give ErrTypeMismatch
// with go-cty's message and the path of the element that failed; ErrLimit
// for a string that would become a number of more than 10000 digits.
func (v *Value) Convert(want *Type) (*Value, error) { return v.convert(want, 0) }

// ConvertSafe is Convert restricted to go-cty's safe conversions
// (convert.GetConversion): no string to number or bool, no list to set, no
// map to object.
func (v *Value) ConvertSafe(want *Type) (*Value, error) { return v.convert(want, C.DV_CONVERT_SAFE) }

func (v *Value) convert(want *Type, flags C.uint32_t) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_convert(&out, v.ptr(), typePtr(want), flags, &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(want)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// Convertible reports whether values of type from can be converted to type
// to (go-cty GetConversionUnsafe, or GetConversion when safe is true). A
// conversion that exists can still fail for some values ("abc" to number).
// As in go-cty, equal primitive types and equal map types answer false.
func Convertible(from, to *Type, safe bool) bool {
	var flags C.uint32_t
	if safe {
		flags = C.DV_CONVERT_SAFE
	}
	ok := bool(C.dv_type_convertible(typePtr(from), typePtr(to), flags))
	runtime.KeepAlive(from)
	runtime.KeepAlive(to)
	return ok
}

// Unify finds the most general type that all of types convert to with safe
// conversions (go-cty convert.Unify), and for each type whether its values
// need converting to it (Convert). No common type gives ErrTypeMismatch.
func Unify(types ...*Type) (*Type, []bool, error) { return unify(types, C.DV_CONVERT_SAFE) }

// UnifyUnsafe is Unify allowing unsafe conversions (go-cty
// convert.UnifyUnsafe).
func UnifyUnsafe(types ...*Type) (*Type, []bool, error) { return unify(types, 0) }

func unify(types []*Type, flags C.uint32_t) (*Type, []bool, error) {
	n := len(types)
	// C memory: an array of C pointers must not live in Go memory passed
	// alongside other Go pointers.
	arr := (**C.dv_type_t)(C.malloc(C.size_t(n+1) * C.size_t(unsafe.Sizeof(uintptr(0)))))
	defer C.free(unsafe.Pointer(arr))
	ptrs := unsafe.Slice(arr, n+1)
	for i, t := range types {
		ptrs[i] = typePtr(t)
	}
	convs := (*C.bool)(C.malloc(C.size_t(n + 1)))
	defer C.free(unsafe.Pointer(convs))
	var out *C.dv_type_t
	var cerr *C.dv_error_t
	st := C.dv_type_unify(&out, arr, C.size_t(n), flags, convs, &cerr)
	runtime.KeepAlive(types)
	if err := takeError(st, cerr); err != nil {
		return nil, nil, err
	}
	need := make([]bool, n)
	for i, c := range unsafe.Slice(convs, n) {
		need[i] = bool(c)
	}
	return newType(out), need, nil
}

// ImpliedTypeJSON returns the type a JSON text implies (go-cty
// ctyjson.ImpliedType): strings, numbers and bools their primitive types,
// null the dynamic type, objects object types and arrays tuple types.
// Errors: ErrParse (go-cty's message), ErrLimit (nesting).
func ImpliedTypeJSON(data []byte) (*Type, error) {
	p, n := cbytes(data)
	var out *C.dv_type_t
	var cerr *C.dv_error_t
	st := C.dv_json_implied_type(&out, (*C.char)(p), n, &cerr)
	runtime.KeepAlive(data)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newType(out), nil
}

// FlatmapUnknown is the unknown-value marker of flatmap state.
const FlatmapUnknown = C.DV_FLATMAP_UNKNOWN

// ValueFromFlatmap reads legacy flatmap state (the map[string]string form
// of resource state before Terraform 0.12) as a value of object type t, by
// Terraform's hcl2shim.HCL2ValueFromFlatmap; a nil map gives a null value.
// Errors: ErrTypeMismatch (hcl2shim's messages), ErrLimit (a list count
// larger than the map), ErrInvalidArg (t not an object type).
func ValueFromFlatmap(m map[string]string, t *Type) (*Value, error) {
	return flatmap(m, func(out **C.dv_value_t, k, v *C.dv_str_t, n C.size_t, cerr **C.dv_error_t) C.dv_status_t {
		return C.dv_value_from_flatmap(out, typePtr(t), k, v, n, cerr)
	}, t)
}

// Flatmap writes the legacy flatmap state of an object value, as
// Terraform's hcl2shim.FlatmapValueFromHCL2 does: nulls left out, unknowns
// as FlatmapUnknown ("l.#", "m.%"; an unknown object as each attribute
// unknown), primitives as strings, set elements by their iteration order.
// A null value gives a nil map. ValueFromFlatmap reads the result back.
// Errors: ErrInvalidArg (a value that is not an object), ErrLimit (more than
// 256 MiB of keys and values).
func (v *Value) Flatmap() (map[string]string, error) {
	var fm *C.dv_flatmap_t
	var cerr *C.dv_error_t
	st := C.dv_value_to_flatmap(&fm, v.ptr(), nil, &cerr)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil || fm == nil {
		return nil, err
	}
	defer C.dv_flatmap_free(fm)
	n := int(C.dv_flatmap_count(fm))
	m := make(map[string]string, n)
	for i := 0; i < n; i++ {
		var k, val C.dv_str_t
		C.dv_flatmap_entry(fm, C.size_t(i), &k, &val)
		m[goStr(k)] = goStr(val)
	}
	return m, nil
}

func flatmap(m map[string]string, call func(**C.dv_value_t, *C.dv_str_t, *C.dv_str_t, C.size_t,
	**C.dv_error_t) C.dv_status_t, keep any) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	var st C.dv_status_t
	if m == nil {
		st = call(&out, nil, nil, 0, &cerr)
	} else {
		keys := make([]string, 0, len(m))
		vals := make([]string, 0, len(m))
		for k, v := range m {
			keys = append(keys, k)
			vals = append(vals, v)
		}
		ka, freeK := cStrArray(keys)
		defer freeK()
		va, freeV := cStrArray(vals)
		defer freeV()
		// Non-nil arrays even for an empty map (nil arrays mean a nil map).
		ka = append(ka, C.dv_str_t{})
		va = append(va, C.dv_str_t{})
		st = call(&out, &ka[0], &va[0], C.size_t(len(keys)), &cerr)
	}
	runtime.KeepAlive(keep)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}
