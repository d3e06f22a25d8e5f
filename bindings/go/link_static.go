//go:build dynval_static

package dynval

// libdynval.a, found with pkg-config's dynval-static module, whose Libs name
// the archive itself (-l:libdynval.a) and the C++ runtime: the program needs
// no libdynval.so at run time (docs/static-linking.md).

// #cgo pkg-config: --static dynval-static
import "C"
