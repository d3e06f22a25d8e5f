//go:build dynval_debug

package dynval

import "runtime"

// debugGC forces a garbage collection on every handle access, to flush out
// missing runtime.KeepAlive calls (build with -tags dynval_debug).
const debugGC = true

func maybeGC() { runtime.GC() }
