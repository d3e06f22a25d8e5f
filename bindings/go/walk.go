package dynval

/*
#include <dynval/dynval.h>

// The cgo exports of walk_export.go take non-const pointers (Go cannot say
// const); these adapt them to the callback types.
extern int dynvalGoWalk(dv_path_t *path, dv_value_t *v, void *payload);
extern int dynvalGoEnter(dv_path_t *path, dv_value_t *v, dv_value_t **replace, void *payload);
extern int dynvalGoExit(dv_path_t *path, dv_value_t *v, dv_value_t **replace, void *payload);

int dynval_walk_cb(const dv_path_t *path, const dv_value_t *v, void *payload) {
  return dynvalGoWalk((dv_path_t *)path, (dv_value_t *)v, payload);
}
int dynval_enter_cb(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  return dynvalGoEnter((dv_path_t *)path, (dv_value_t *)v, replace, payload);
}
int dynval_exit_cb(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace, void *payload) {
  return dynvalGoExit((dv_path_t *)path, (dv_value_t *)v, replace, payload);
}
*/
import "C"

import (
	"errors"
	"runtime"
	"runtime/cgo"
	"unsafe"
)

// SkipChildren, returned by a [Transformer]'s Enter (with the value to keep
// or replace), leaves that value's children untransformed; Exit still runs
// for the value. It is not an error: the transform goes on.
var SkipChildren = errors.New("dynval: skip children")

// stop is what the Go callbacks return to C to stop a traversal; why is in
// the callback state.
const stop = C.int(-1)

// callbackState is shared, through a cgo.Handle, between a traversal and
// its callbacks: the Go functions, what stopped the traversal (an error or
// a recovered panic, resumed once C has returned), and the last path given
// to a callback (reused, as go-cty reuses its path's backing array).
type callbackState struct {
	walk     func(Path, *Value) (bool, error)
	enter    func(Path, *Value) (*Value, error)
	exit     func(Path, *Value) (*Value, error)
	walked   *source // the walked value's source (Walk's values are views of it)
	path     Path
	err      error
	panicked bool
	panicVal any
}

// call runs one callback with a fresh scope for the values that are valid
// during the call only; a panic is recovered into the state.
func (st *callbackState) call(cpath *C.dv_path_t, f func(scope *source, path Path)) (ok bool) {
	if st.err != nil || st.panicked {
		return false
	}
	scope := newScope()
	defer func() {
		scope.close()
		if r := recover(); r != nil {
			st.panicked, st.panicVal, ok = true, r, false
		}
	}()
	st.path = goPath(cpath, scope, st.path)
	f(scope, st.path)
	return st.err == nil
}

// finish turns a traversal's C result into a Go one, re-raising a panic
// from a callback.
func (st *callbackState) finish(rc C.int, cerr *C.dv_error_t) error {
	if st.panicked {
		C.dv_error_free(cerr)
		panic(st.panicVal)
	}
	if st.err != nil {
		C.dv_error_free(cerr)
		return st.err
	}
	if rc > 0 {
		return takeError(C.dv_status_t(rc), cerr)
	}
	C.dv_error_free(cerr)
	return nil
}

// Walk visits v and every value nested in it, pre-order, as cty.Walk: list,
// tuple and set elements in order (sets in go-cty's order), map entries and
// object attributes bytewise by key. fn returns whether to go into the
// value's children, or an error that stops the walk and is returned as it
// is. Null and unknown values have no children. The values are views of v
// (valid as long as v is open); the path is valid during the call only
// (see [Path]). A panic in fn stops the walk and is re-raised by Walk.
func (v *Value) Walk(fn func(Path, *Value) (bool, error)) error {
	st := &callbackState{walk: fn, walked: v.src}
	h := cgo.NewHandle(st)
	defer h.Delete()
	var cerr *C.dv_error_t
	rc := C.dv_value_walk(v.ptr(), C.dv_walk_cb(C.dynval_walk_cb), unsafe.Pointer(&h), &cerr)
	runtime.KeepAlive(v)
	return st.finish(rc, cerr)
}

// Transformer is cty.Transformer: Enter sees a value before its children
// are transformed (pre-order), Exit after, with the value rebuilt from the
// transformed children (post-order). Each returns the value to put in place
// of the one it was given (that same value to keep it) or an error that
// stops the transform; Enter may also return [SkipChildren].
type Transformer interface {
	Enter(Path, *Value) (*Value, error)
	Exit(Path, *Value) (*Value, error)
}

// Transform builds a new value by replacing values anywhere inside v, as
// cty.Transform: fn sees every value after its children (post-order), a
// collection rebuilt from its transformed children, and returns the value
// to put in its place (the value it was given, or nil, keeps it).
// Collections are rebuilt as go-cty rebuilds them (a list's element type
// follows its elements, a set is deduplicated and reordered); parts no
// callback replaced are shared with v, not copied. The value and path given
// to fn are valid during the call only: return the value itself, a value
// read from it, or any other value (Transform takes its own reference).
//
// The result is an owned value. A list, set or map whose transformed
// elements have different types gives ErrTypeMismatch with the
// collection's path (go-cty panics there); an error from fn is returned as
// it is; a panic in fn is re-raised.
func (v *Value) Transform(fn func(Path, *Value) (*Value, error)) (*Value, error) {
	return v.transform(&callbackState{exit: fn})
}

// TransformWithTransformer is Transform with both of cty's callbacks
// (cty.TransformWithTransformer).
func (v *Value) TransformWithTransformer(t Transformer) (*Value, error) {
	return v.transform(&callbackState{enter: t.Enter, exit: t.Exit})
}

func (v *Value) transform(st *callbackState) (*Value, error) {
	h := cgo.NewHandle(st)
	defer h.Delete()
	var enter C.dv_transform_cb
	if st.enter != nil {
		enter = C.dv_transform_cb(C.dynval_enter_cb)
	}
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	rc := C.dv_value_transform(&out, v.ptr(), enter, C.dv_transform_cb(C.dynval_exit_cb), unsafe.Pointer(&h), &cerr)
	runtime.KeepAlive(v)
	if err := st.finish(rc, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// UnknownAsNull returns v with every unknown value inside it, at any depth,
// replaced by the null value of its type (cty.UnknownAsNull); wholly known
// parts are shared. The result is an owned value.
func (v *Value) UnknownAsNull() *Value {
	var out *C.dv_value_t
	st := C.dv_value_unknown_as_null(&out, v.ptr(), nil)
	runtime.KeepAlive(v)
	mustOK(st)
	return newValue(out)
}

// SetPath returns a copy of v with the value at path replaced by nv: only
// the collections along the path are rebuilt, everything else is shared. A
// last key step may add a map key; a set is deduplicated after its element
// changes. nv must have its position's type (where that type contains
// dynamic, a more specific value is allowed; a null or unknown of the
// dynamic type takes the position's type).
//
// Errors carry the path of the failing step: ErrUnknownValue through an unknown
// value; ErrTypeMismatch through a null or primitive value, for a step of
// the wrong kind, or for a replacement of the wrong type; ErrNotFound for a
// missing attribute, key or element; ErrOutOfRange for an index past the
// end. The result is an owned value.
func (v *Value) SetPath(path Path, nv *Value) (*Value, error) {
	cp := path.cPath()
	defer C.dv_path_free(cp)
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_value_set_path(&out, v.ptr(), cp, nv.ptr(), &cerr)
	runtime.KeepAlive(v)
	runtime.KeepAlive(nv)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}
