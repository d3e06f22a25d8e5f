package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import (
	"iter"
	"runtime"
)

// Diff holds the differences between two values, as terraform-plugin-go's
// tftypes Value.Diff reports them ([Value.Diff]). It owns C memory: release
// it with Close (a cleanup frees a forgotten one eventually). The paths and
// values of its entries are views of it, valid until Close.
type Diff struct {
	p   *C.dv_diff_t
	src *source
}

// ValueDiff is one difference: the path, and each value's part there (nil
// when that value has nothing at the path), as tftypes.ValueDiff.
type ValueDiff struct {
	Path   Path
	Value1 *Value
	Value2 *Value
}

// String renders "path: value1 => value2" (go-cty GoString forms, "-" for
// an absent part).
func (d ValueDiff) String() string {
	part := func(v *Value) string {
		if v == nil {
			return "-"
		}
		return v.GoString()
	}
	return d.Path.String() + ": " + part(d.Value1) + " => " + part(d.Value2)
}

// Diff computes where v and o differ, as tftypes' v.Diff(o) does: first
// every position that o has and v lacks (the shallowest of each missing
// subtree), then, walking v, every leaf that differs, every unknown against
// a known value, every null against a non-null value, every list, set or
// tuple of another length and map or object of another size (the walk goes
// on below), and every position under v that o lacks. Unknowns are equal
// whatever their refinements; numbers compare by value (1 equals 1.0); set
// elements are matched by deep equality. Where the two have different
// types at a position (tftypes returns an error), that position is one more
// difference. The order is deterministic (tftypes follows Go map order).
func (v *Value) Diff(o *Value) *Diff {
	var out *C.dv_diff_t
	st := C.dv_value_diff(&out, v.ptr(), o.ptr(), nil)
	runtime.KeepAlive(v)
	runtime.KeepAlive(o)
	mustOK(st)
	src := &source{live: true, free: func() { C.dv_diff_free(out) }}
	src.cleanup = runtime.AddCleanup(src, func(p *C.dv_diff_t) { C.dv_diff_free(p) }, out)
	return &Diff{p: out, src: src}
}

func (d *Diff) ptr() *C.dv_diff_t {
	if d == nil || d.src == nil || !d.src.live {
		panic("dynval: use of a nil or closed *Diff")
	}
	return d.p
}

// Close releases the differences; it is idempotent and nil-safe. The
// entries' paths and values must not be used afterwards (they panic).
func (d *Diff) Close() {
	if d != nil && d.src != nil {
		d.src.close()
	}
}

// Len returns the number of differences (0 when the values are equal in
// tftypes' sense).
func (d *Diff) Len() int {
	n := int(C.dv_diff_length(d.ptr()))
	runtime.KeepAlive(d)
	return n
}

// At returns difference i (0 <= i < Len()).
func (d *Diff) At(i int) ValueDiff {
	var path *C.dv_path_t
	var a, b *C.dv_value_t
	if i < 0 || !C.dv_diff_entry(d.ptr(), C.size_t(i), &path, &a, &b) {
		panic("dynval: Diff.At index out of range")
	}
	owner := &Value{src: d.src}
	out := ValueDiff{Path: goPath(path, d.src, nil), Value1: owner.view(a), Value2: owner.view(b)}
	runtime.KeepAlive(d)
	return out
}

// All iterates over the differences in order.
func (d *Diff) All() iter.Seq2[int, ValueDiff] {
	return func(yield func(int, ValueDiff) bool) {
		for i, n := 0, d.Len(); i < n; i++ {
			if !yield(i, d.At(i)) {
				return
			}
		}
	}
}
