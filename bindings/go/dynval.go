// Package dynval is the Go binding of libdynval: cty types, values with
// unknowns, refinements and arbitrary-precision numbers, provider schemas, and
// the Terraform/OpenTofu DynamicValue wire formats (MessagePack and JSON),
// byte-identical to go-cty v1.18.
//
// The package wraps the C library through cgo and finds it with pkg-config
// (`#cgo pkg-config: dynval`). To build against an uninstalled meson build
// directory, point PKG_CONFIG_PATH at BUILD/meson-uninstalled; its Libs carry
// an rpath to the library, so programs run without LD_LIBRARY_PATH.
//
// With the build tag dynval_static (`go build -tags dynval_static`), the
// package links libdynval.a instead, through pkg-config's dynval-static
// module: the program then needs no libdynval.so at run time, only the C++
// runtime and libc, as a provider plugin shipped as one executable must.
// (The two ways live in link_shared.go and link_static.go: as whole files
// behind build constraints, not as constrained #cgo lines in one file, so
// that the go build cache, which does not hash pkg-config's output, keeps
// the two builds of the package apart.)
//
// # Ownership
//
// [Value], [Type], [Schema], [IdentitySchema], [SchemaDocument] and [Builder]
// own a reference to a C object. The contract is an explicit Close
// (idempotent and safe on a nil receiver):
//
//	v, err := dynval.DecodeMsgpack(data, ty, nil)
//	if err != nil { ... }
//	defer v.Close()
//
// A cleanup registered with runtime.AddCleanup releases objects that are
// never closed, as a safety net only: the garbage collector does not see the
// C memory and may run late. Using an object after Close panics.
//
// Values read from another value (Index, Get, Find, Lookup, the Elements,
// Entries and Attributes iterators, Walk, a [Diff]'s entries) are borrowed
// views, as go-tree-sitter's Node is a view of its Tree: no Close needed
// (it does nothing on a view), no C allocation, and the view keeps its
// owner alive for the garbage collector. A view is usable while its owner
// is open; after the owner's explicit Close, using the view panics (like
// any use after Close) instead of reading freed memory. Clone a view to
// keep it beyond its owner. Getters returning a *Type return a new
// reference.
//
// The schema views ([Block], [Attribute], [Object], [NestedBlock]) are small
// values that hold their schema (keeping it alive) and panic once it is
// closed.
//
// # Concurrency
//
// Types, values and schemas are immutable: any number of goroutines may use
// the same object concurrently, except that Close must not run concurrently
// with other uses of the same object. A [Builder] must be used by one
// goroutine at a time. Errors travel as return values (there is no
// thread-local error state), so no runtime.LockOSThread is needed.
package dynval

/*
#include <stdlib.h>
#include <string.h>
#include <dynval/dynval.h>

#if DV_VERSION_MAJOR != 0
#error "this binding supports libdynval 0.x only"
#endif
#if DV_ABI_VERSION != 0
#error "this binding supports libdynval ABI version 0 only"
#endif
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// HeaderVersion is the libdynval version of the headers this package was
// compiled against, as "major.minor.patch".
const HeaderVersion = C.DV_VERSION_STRING

// ABIVersion is the ABI (SONAME) version of the headers this package was
// compiled against.
const ABIVersion = C.DV_ABI_VERSION

// Version returns the version string of the loaded library, e.g. "0.7.0".
func Version() string { return C.GoString(C.dv_version_string()) }

// VersionNumber returns the version of the loaded library as 0x00MMmmpp.
func VersionNumber() uint32 { return uint32(C.dv_version()) }

func init() {
	if got := uint32(C.dv_abi_version()); got != ABIVersion {
		panic(fmt.Sprintf("dynval: loaded libdynval has ABI version %d, binding was built for %d", got, ABIVersion))
	}
}

// cstr returns a C view of the bytes of s for the duration of one C call.
// The pointer refers to Go memory that holds no Go pointers, which cgo allows
// as a direct argument; the C side never retains it.
func cstr(s string) (*C.char, C.size_t) {
	if len(s) == 0 {
		return nil, 0
	}
	return (*C.char)(unsafe.Pointer(unsafe.StringData(s))), C.size_t(len(s))
}

// cbytes is cstr for a byte slice.
func cbytes(b []byte) (unsafe.Pointer, C.size_t) {
	if len(b) == 0 {
		return nil, 0
	}
	return unsafe.Pointer(&b[0]), C.size_t(len(b))
}

// goStr copies a borrowed dv_str_t into a Go string.
func goStr(s C.dv_str_t) string {
	if s.ptr == nil || s.len == 0 {
		return ""
	}
	return C.GoStringN(s.ptr, C.int(s.len))
}

// takeBuf copies a dv_buf_t filled by libdynval into Go memory and disposes
// of it.
func takeBuf(b *C.dv_buf_t) []byte {
	defer C.dv_buf_dispose(b)
	if b.ptr == nil || b.len == 0 {
		return []byte{}
	}
	return C.GoBytes(unsafe.Pointer(b.ptr), C.int(b.len))
}

// cStrArray copies strings into one C allocation and returns an array of
// dv_str_t views of it (held in Go memory, which then contains only C
// pointers, as cgo requires). Call free when the C call has returned.
func cStrArray(strs []string) (arr []C.dv_str_t, free func()) {
	total := 0
	for _, s := range strs {
		total += len(s)
	}
	if total == 0 {
		total = 1
	}
	block := C.malloc(C.size_t(total))
	if block == nil {
		panic("dynval: out of memory")
	}
	arr = make([]C.dv_str_t, len(strs))
	off := 0
	for i, s := range strs {
		p := unsafe.Add(block, off)
		if len(s) > 0 {
			C.memcpy(p, unsafe.Pointer(unsafe.StringData(s)), C.size_t(len(s)))
		}
		arr[i] = C.dv_str_t{ptr: (*C.char)(p), len: C.size_t(len(s))}
		off += len(s)
	}
	return arr, func() { C.free(block) }
}
