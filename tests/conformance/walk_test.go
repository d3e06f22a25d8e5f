package conformance

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// The value operations (Walk, Transform, TransformWithTransformer,
// UnknownAsNull, SetPath, Path printing) against go-cty, and Diff against
// terraform-plugin-go's tftypes, on the values of the main generator.
// Values are compared as their MessagePack encoding by the dynamic
// pseudo-type (type and value, refinements included), so every byte counts.

var (
	flagOpsCases = flag.Int("opscases", int(envInt("DYNVAL_OPS_CASES", 10000)), "number of random cases of TestValueOps (env DYNVAL_OPS_CASES)")
	flagOpsFirst = flag.Int("opsfirst", 0, "first case index of TestValueOps (to re-run one case: -opsfirst=N -opscases=1)")
)

type opsStats struct {
	cases, walks, visits, transforms, transformers, unknownAsNull, setPaths, setPathsAmbiguous,
	diffs, diffEntries, tftypesSkipped, tftypesErrors atomic.Int64
}

// formatCtyPath is OpenTofu's tfdiags.FormatCtyPath (internal/tfdiags/
// config_traversals.go), the rendering libdynval's path printer follows.
func formatCtyPath(path cty.Path) string {
	var buf bytes.Buffer
	for _, step := range path {
		switch ts := step.(type) {
		case cty.GetAttrStep:
			fmt.Fprintf(&buf, ".%s", ts.Name)
		case cty.IndexStep:
			buf.WriteByte('[')
			buf.WriteString(formatKey(ts.Key))
			buf.WriteByte(']')
		}
	}
	return buf.String()
}

func formatKey(key cty.Value) string {
	keyTy := key.Type()
	switch {
	case key.IsNull():
		return "null"
	case !key.IsKnown():
		return "(not yet known)"
	case keyTy == cty.Number:
		bf := key.AsBigFloat()
		return bf.Text('g', -1)
	case keyTy == cty.String:
		return strconv.Quote(key.AsString())
	default:
		return "..."
	}
}

// formatTFPath renders a tftypes path as formatCtyPath would render the cty
// path it stands for.
func formatTFPath(p *tftypes.AttributePath) string {
	var b strings.Builder
	for _, s := range p.Steps() {
		switch s := s.(type) {
		case tftypes.AttributeName:
			b.WriteString("." + string(s))
		case tftypes.ElementKeyString:
			b.WriteString("[" + strconv.Quote(string(s)) + "]")
		case tftypes.ElementKeyInt:
			b.WriteString("[" + strconv.FormatInt(int64(s), 10) + "]")
		case tftypes.ElementKeyValue:
			b.WriteString("[" + formatKey(fromTF(tftypes.Value(s))) + "]")
		}
	}
	return b.String()
}

var dynT = cty.DynamicPseudoType

func ctyDyn(v cty.Value) []byte {
	b, err := ctymsgpack.Marshal(v, dynT)
	if err != nil {
		panic(fmt.Sprintf("go-cty cannot marshal %#v: %v", v, err))
	}
	return b
}

func dvDyn(v *dynval.Value, dynType *dynval.Type) []byte {
	b, err := v.EncodeMsgpack(dynType)
	if err != nil {
		panic(fmt.Sprintf("libdynval cannot marshal %v: %v", v, err))
	}
	return b
}

// markCty and markDv are the deterministic transformer of the Transform
// checks: unknowns become nulls, numbers the number of steps of their path,
// strings get "@" and their path appended, bools flip.
func markCty(p cty.Path, v cty.Value) (cty.Value, error) {
	switch {
	case !v.IsKnown():
		return cty.NullVal(v.Type()), nil
	case v.IsNull():
		return v, nil
	case v.Type() == cty.Number:
		return cty.NumberIntVal(int64(len(p))), nil
	case v.Type() == cty.String:
		return cty.StringVal(v.AsString() + "@" + formatCtyPath(p)), nil
	case v.Type() == cty.Bool:
		return cty.BoolVal(!v.True()), nil
	}
	return v, nil
}

func markDv(p dynval.Path, v *dynval.Value) (*dynval.Value, error) {
	switch {
	case !v.IsKnown():
		return dynval.NullVal(v.Type()), nil
	case v.IsNull():
		return v, nil
	}
	switch v.Kind() {
	case dynval.KindNumber:
		return dynval.IntVal(int64(len(p))), nil
	case dynval.KindString:
		s, _ := v.AsString()
		return dynval.StringVal(s + "@" + p.String()), nil
	case dynval.KindBool:
		b, _ := v.AsBool()
		return dynval.BoolVal(!b), nil
	}
	return v, nil
}

// The Enter of the TransformWithTransformer check: a known list of two or
// more elements is replaced by its first two, swapped (then transformed).
type ctyEnterSwap struct{}

func (ctyEnterSwap) Enter(p cty.Path, v cty.Value) (cty.Value, error) {
	if v.IsKnown() && !v.IsNull() && v.Type().IsListType() && v.LengthInt() >= 2 {
		return cty.ListVal([]cty.Value{v.Index(cty.NumberIntVal(1)), v.Index(cty.NumberIntVal(0))}), nil
	}
	return v, nil
}
func (ctyEnterSwap) Exit(p cty.Path, v cty.Value) (cty.Value, error) { return markCty(p, v) }

type dvEnterSwap struct{}

func (dvEnterSwap) Enter(p dynval.Path, v *dynval.Value) (*dynval.Value, error) {
	if v.IsKnown() && !v.IsNull() && v.Kind() == dynval.KindList {
		if n, _ := v.Len(); n >= 2 {
			return dynval.ListVal(nil, v.Index(1), v.Index(0))
		}
	}
	return v, nil
}
func (dvEnterSwap) Exit(p dynval.Path, v *dynval.Value) (*dynval.Value, error) { return markDv(p, v) }

// TestValueOps runs the value-operation checks on -opscases random cases
// (seed -seed, as TestConformance).
func TestValueOps(t *testing.T) {
	cases := *flagOpsCases
	if testing.Short() && cases > 1000 {
		cases = 1000
	}
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	var st opsStats
	start := time.Now()
	var next atomic.Int64
	next.Store(int64(*flagOpsFirst))
	end := *flagOpsFirst + cases
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= end {
					return
				}
				r.opsCase(i, &st)
			}
		}()
	}
	wg.Wait()
	t.Logf("seed %d: %d cases in %v: walk %d (%d values visited, paths printed by both), transform %d, transform with enter/exit %d, unknown-as-null %d, set-path %d (%d with a set element holding unknowns on the path, not compared), diff vs tftypes %d (%d differences; %d pairs not representable in tftypes, %d tftypes errors)",
		r.seed, st.cases.Load(), time.Since(start).Round(time.Millisecond), st.walks.Load(), st.visits.Load(),
		st.transforms.Load(), st.transformers.Load(), st.unknownAsNull.Load(), st.setPaths.Load(), st.setPathsAmbiguous.Load(),
		st.diffs.Load(), st.diffEntries.Load(), st.tftypesSkipped.Load(), st.tftypesErrors.Load())
	r.failOnDifferences("-opsfirst=N -opscases=1")
}

func (r *runner) opsCase(i int, st *opsStats) {
	seed := r.seed + int64(i)
	g := &gen{r: rand.New(rand.NewSource(seed))}
	schemaT := g.typ(0)
	v := g.value(g.concretize(schemaT, 0), 0)
	tj := typeJSON(schemaT)
	mp, err := ctymsgpack.Marshal(v, schemaT)
	if err != nil {
		panic(err)
	}
	diff := func(check string, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check, typ: tj, input: mp, detail: fmt.Sprintf(format, args...)})
	}
	defer func() {
		if p := recover(); p != nil {
			diff("ops-panic", "%v\n%s", p, debug.Stack())
		}
	}()
	goV, err, gpanic := goctyDecode(func() (cty.Value, error) { return ctymsgpack.Unmarshal(mp, schemaT) })
	if err != nil || gpanic != nil {
		return // TestConformance covers these inputs
	}
	dT := dvType(schemaT)
	defer dT.Close()
	dv, err := dynval.DecodeMsgpack(mp, dT, nil)
	if err != nil {
		return // reported by TestConformance
	}
	defer dv.Close()
	dynType := dynval.TypeDynamic()
	defer dynType.Close()
	st.cases.Add(1)

	// Walk: the same visits, in the same order, with the same paths, and
	// the same skips.
	type visit struct {
		path  string
		bytes []byte
	}
	// Twice: descending everywhere, then skipping the children of every
	// fifth value.
	var goPaths []cty.Path
	var dvPaths []dynval.Path
	for _, every := range []int{0, 5} {
		var goVisits, dvVisits []visit
		goPaths, dvPaths = nil, nil
		n := 0
		cty.Walk(goV, func(p cty.Path, x cty.Value) (bool, error) {
			goVisits = append(goVisits, visit{formatCtyPath(p), ctyDyn(x)})
			goPaths = append(goPaths, p.Copy())
			n++
			return every == 0 || n%every != every-1, nil
		})
		n = 0
		if err := dv.Walk(func(p dynval.Path, x *dynval.Value) (bool, error) {
			dvVisits = append(dvVisits, visit{p.String(), dvDyn(x, dynType)})
			dvPaths = append(dvPaths, p.Copy())
			n++
			return every == 0 || n%every != every-1, nil
		}); err != nil {
			diff("walk", "libdynval's walk failed: %v", err)
			return
		}
		st.walks.Add(1)
		st.visits.Add(int64(len(goVisits)))
		if len(goVisits) != len(dvVisits) {
			diff("walk", "go-cty visits %d values, libdynval %d (skip every %d)", len(goVisits), len(dvVisits), every)
			return
		}
		for k := range goVisits {
			if goVisits[k].path != dvVisits[k].path || !bytes.Equal(goVisits[k].bytes, dvVisits[k].bytes) {
				diff("walk", "visit %d: go-cty %s %x, libdynval %s %x", k, goVisits[k].path, goVisits[k].bytes, dvVisits[k].path, dvVisits[k].bytes)
				return
			}
		}
	}

	compare := func(check string, want cty.Value, got *dynval.Value) {
		w, gb := ctyDyn(want), dvDyn(got, dynType)
		if !bytes.Equal(w, gb) {
			diff(check, "go-cty %x (%#v), libdynval %x (%v)%s", w, want, gb, got, firstDiff(gb, w))
		}
	}

	// Transform and TransformWithTransformer with the marking transformer.
	if want, err := cty.Transform(goV, markCty); err == nil {
		got, err := dv.Transform(markDv)
		if err != nil {
			diff("transform", "libdynval: %v; go-cty %#v", err, want)
		} else {
			st.transforms.Add(1)
			compare("transform", want, got)
			got.Close()
		}
	}
	if want, err, p := tryTransformer(goV); err == nil && p == nil {
		got, err := dv.TransformWithTransformer(dvEnterSwap{})
		if err != nil {
			diff("transformer", "libdynval: %v; go-cty %#v", err, want)
		} else {
			st.transformers.Add(1)
			compare("transformer", want, got)
			got.Close()
		}
	}

	// UnknownAsNull.
	un := dv.UnknownAsNull()
	compare("unknown-as-null", cty.UnknownAsNull(goV), un)
	un.Close()
	st.unknownAsNull.Add(1)

	// SetPath at a visited path, against go-cty's Transform replacing the
	// value at that path.
	k := g.r.Intn(len(goPaths))
	target, dvTarget := goPaths[k], dvPaths[k]
	old, err := target.Apply(goV)
	if err == nil {
		var repl cty.Value
		switch g.r.Intn(3) {
		case 0:
			repl = cty.NullVal(old.Type())
		case 1:
			repl = cty.UnknownVal(old.Type())
		default:
			repl, _ = cty.Transform(old, markCty)
		}
		want, err := cty.Transform(goV, func(p cty.Path, x cty.Value) (cty.Value, error) {
			if p.Equals(target) {
				return repl, nil
			}
			return x, nil
		})
		if err == nil {
			rv, derr := dynval.DecodeMsgpack(ctyDyn(repl), dynType, nil)
			if derr != nil {
				panic(derr)
			}
			got, err := dv.SetPath(dvTarget, rv)
			rv.Close()
			switch {
			case err != nil:
				diff("set-path", "libdynval SetPath(%s): %v", dvTarget, err)
			case !bytes.Equal(ctyDyn(want), dvDyn(got, dynType)) && unknownSetKeyOnPath(target):
				// go-cty's Transform replaces every element RawEquals to
				// the path's key; a set may hold several equal unknowns and
				// SetPath changes one.
				st.setPathsAmbiguous.Add(1)
			default:
				st.setPaths.Add(1)
				compare("set-path", want, got)
			}
			if got != nil {
				got.Close()
			}
		}
	}

	// Diff against tftypes: v and a mutated copy of it (same type).
	b := mutate(g, goV)
	mpB, err := ctymsgpack.Marshal(b, schemaT)
	if err != nil {
		panic(err)
	}
	// Both sides read the same bytes (go-cty's decoder types unknowns and
	// nulls by the schema type, which may hold dynamic).
	goB, err, gpanic := goctyDecode(func() (cty.Value, error) { return ctymsgpack.Unmarshal(mpB, schemaT) })
	if err != nil || gpanic != nil {
		return
	}
	dvB, err := dynval.DecodeMsgpack(mpB, dT, nil)
	if err != nil {
		diff("diff", "libdynval cannot decode the mutated value %x: %v", mpB, err)
		return
	}
	defer dvB.Close()
	r.diffCheck(goV, goB, dv, dvB, dynType, st, diff)
	r.diffCheck(goB, goV, dvB, dv, dynType, st, diff)
}

func tryTransformer(v cty.Value) (out cty.Value, err error, p any) {
	defer func() { p = recover() }()
	out, err = cty.TransformWithTransformer(v, ctyEnterSwap{})
	return
}

func unknownSetKeyOnPath(p cty.Path) bool {
	for _, s := range p {
		if is, ok := s.(cty.IndexStep); ok && !is.Key.IsWhollyKnown() {
			return true
		}
	}
	return false
}

// mutate returns v with some nested values replaced by other values of
// their type (null, unknown or freshly generated), through go-cty.
func mutate(g *gen, v cty.Value) cty.Value {
	out, err := cty.Transform(v, func(p cty.Path, x cty.Value) (cty.Value, error) {
		if !g.chance(6) {
			return x, nil
		}
		t := x.Type()
		switch g.r.Intn(3) {
		case 0:
			return cty.NullVal(t), nil
		case 1:
			return cty.UnknownVal(t), nil
		}
		return g.value(t, len(p)+1), nil
	})
	if err != nil {
		panic(err)
	}
	return out
}

func (r *runner) diffCheck(a, b cty.Value, dA, dB *dynval.Value, dynType *dynval.Type, st *opsStats, diff func(string, string, ...any)) {
	ta, okA := tryTF(func() tftypes.Value { return toTF(stripRefinements(a)) })
	tb, okB := tryTF(func() tftypes.Value { return toTF(stripRefinements(b)) })
	if !okA || !okB {
		st.tftypesSkipped.Add(1)
		return
	}
	var want []string
	tfDiffs, err := func() (d []tftypes.ValueDiff, err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		return ta.Diff(tb)
	}()
	if err != nil {
		st.tftypesErrors.Add(1)
		diff("diff", "tftypes cannot diff: %v", err)
		return
	}
	part := func(v *tftypes.Value) string {
		if v == nil {
			return "-"
		}
		return fmt.Sprintf("%#v", fromTF(*v))
	}
	for _, d := range tfDiffs {
		want = append(want, formatTFPath(d.Path)+" | "+part(d.Value1)+" | "+part(d.Value2))
	}
	d := dA.Diff(dB)
	defer d.Close()
	dvPart := func(v *dynval.Value) string {
		if v == nil {
			return "-"
		}
		c, err := ctymsgpack.Unmarshal(dvDyn(v, dynType), dynT)
		if err != nil {
			panic(err)
		}
		return fmt.Sprintf("%#v", stripRefinements(c))
	}
	var got []string
	for _, e := range d.All() {
		got = append(got, e.Path.String()+" | "+dvPart(e.Value1)+" | "+dvPart(e.Value2))
	}
	st.diffs.Add(1)
	st.diffEntries.Add(int64(len(got)))
	// tftypes visits maps and objects in Go's random map order: compare the
	// entries as multisets.
	sort.Strings(want)
	sort.Strings(got)
	if strings.Join(want, "\n") != strings.Join(got, "\n") {
		diff("diff", "a %#v\nb %#v\ntftypes:\n  %s\nlibdynval:\n  %s", a, b, strings.Join(want, "\n  "), strings.Join(got, "\n  "))
	}
}
