//go:build !dynval_static

package dynval

// The shared library, found with pkg-config's dynval module (see the
// package documentation; link_static.go is the static variant).

// #cgo pkg-config: dynval
import "C"
