//go:build !dynval_debug

package dynval

const debugGC = false

func maybeGC() {}
