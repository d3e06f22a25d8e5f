package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"errors"
	"runtime"
	"runtime/cgo"
	"unsafe"
)

// The Go side of the C callbacks of Walk and Transform (walk.go adapts
// them to dv_walk_cb and dv_transform_cb). Each finds its callbackState
// through the cgo.Handle the traversal passed as payload.

func stateOf(payload unsafe.Pointer) *callbackState {
	return (*(*cgo.Handle)(payload)).Value().(*callbackState)
}

//export dynvalGoWalk
func dynvalGoWalk(cpath *C.dv_path_t, cv *C.dv_value_t, payload unsafe.Pointer) C.int {
	st := stateOf(payload)
	descend := false
	if !st.call(cpath, func(_ *source, path Path) {
		var err error
		descend, err = st.walk(path, &Value{p: cv, src: st.walked, borrowed: true})
		st.err = err
	}) {
		return stop
	}
	if descend {
		return 0
	}
	return C.DV_WALK_SKIP
}

// replaceWith hands the callback's result to C: nothing when it is the
// value it was given (or nil), else a new owned reference.
func replaceWith(replace **C.dv_value_t, given, got *Value) {
	if got == nil || got.p == given.p {
		return
	}
	var out *C.dv_value_t
	mustOK(C.dv_value_clone(&out, got.ptr(), nil))
	runtime.KeepAlive(got)
	*replace = out
}

//export dynvalGoEnter
func dynvalGoEnter(cpath *C.dv_path_t, cv *C.dv_value_t, replace **C.dv_value_t, payload unsafe.Pointer) C.int {
	st := stateOf(payload)
	skip := false
	if !st.call(cpath, func(scope *source, path Path) {
		given := &Value{p: cv, src: scope, borrowed: true}
		got, err := st.enter(path, given)
		if errors.Is(err, SkipChildren) {
			skip, err = true, nil
		}
		st.err = err
		if err == nil {
			replaceWith(replace, given, got)
		}
	}) {
		return stop
	}
	if skip {
		return C.DV_WALK_SKIP
	}
	return 0
}

//export dynvalGoExit
func dynvalGoExit(cpath *C.dv_path_t, cv *C.dv_value_t, replace **C.dv_value_t, payload unsafe.Pointer) C.int {
	st := stateOf(payload)
	if !st.call(cpath, func(scope *source, path Path) {
		given := &Value{p: cv, src: scope, borrowed: true}
		got, err := st.exit(path, given)
		st.err = err
		if err == nil {
			replaceWith(replace, given, got)
		}
	}) {
		return stop
	}
	return 0
}
