package conformance

import (
	"bytes"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
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
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

const (
	defaultSeed  = 20260416 // go-cty v1.18.1's release date
	defaultCases = 100000
)

var (
	flagSeed    = flag.Int64("seed", envInt("DYNVAL_CONF_SEED", defaultSeed), "base seed (env DYNVAL_CONF_SEED)")
	flagCases   = flag.Int("cases", int(envInt("DYNVAL_CONF_CASES", defaultCases)), "number of random cases (env DYNVAL_CONF_CASES)")
	flagCount   = flag.Int("count", 0, "alias of -cases (use after -args)")
	flagFirst   = flag.Int("first", 0, "first case index (to re-run one case: -first=N -cases=1)")
	flagWorkers = flag.Int("workers", 0, "parallel workers (default GOMAXPROCS)")
	flagVerbose = flag.Bool("dump", false, "log every case's type and bytes")
	flagMem     = flag.Bool("memtrace", false, "log cases after which the process RSS grew by more than 50 MiB")
)

func envInt(name string, def int64) int64 {
	if s := os.Getenv(name); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
	}
	return def
}

// knownDifference is a documented deliberate hardening of libdynval
// (docs/gocty-differences.md): an input on which go-cty crashes or silently
// corrupts data and libdynval returns an error instead. match reports
// whether a difference is that one.
type knownDifference struct {
	name  string
	doc   string
	match func(d *difference) bool
}

var knownDifferences = []knownDifference{
	{
		name: "nfc-colliding-map-keys",
		doc:  "a msgpack or JSON map whose keys are distinct bytes but equal after NFC: go-cty keeps one of the values at random (Go map iteration order in MapVal), libdynval the last one",
		match: func(d *difference) bool {
			return strings.HasSuffix(d.check, "-nfc-dup-keys")
		},
	},
	{
		name: "convert-gocty-panics",
		doc:  "go-cty's Convert or Marshal panics (e.g. on the unknown list of the wrong element type it makes from a set holding unknowns); there is no reference result, libdynval returns a value or an error (docs/gocty-differences.md)",
		match: func(d *difference) bool {
			return d.check == "convert-gocty-panics"
		},
	},
	{
		name: "convert-optional-null-type",
		doc:  "go-cty keeps optional-attribute markers on the type of a null attribute that a map -> object conversion fills in, and then refuses to put values differing only in those markers into one list, set or map; libdynval's values never carry the markers and convert (docs/gocty-differences.md)",
		match: func(d *difference) bool {
			return d.check == "convert-optional-null-type"
		},
	},
	{
		name: "gocty-panics",
		doc:  "go-cty panics (e.g. MapVal with keys equal after NFC, inconsistent element types); libdynval must return an error (docs/gocty-differences.md: crash rows)",
		match: func(d *difference) bool {
			return strings.HasPrefix(d.check, "raw") && strings.Contains(d.detail, "go-cty panicked") && strings.Contains(d.detail, "libdynval error")
		},
	},
}

// difference is one disagreement between libdynval and the reference.
type difference struct {
	caseIdx int
	seed    int64
	check   string
	typ     string // type JSON
	input   []byte
	detail  string
}

func (d *difference) String() string {
	return fmt.Sprintf("case %d (seed %d) check %s\n  type:  %s\n  input: %s\n  %s",
		d.caseIdx, d.seed, d.check, d.typ, hex.EncodeToString(d.input), d.detail)
}

type stats struct {
	goctyNotIdempotent                                                                               atomic.Int64
	cases, msgpack, json, jsonSkipped, transcode, tftypes, tftypesSkipped, schemas, raw, goctyPanics atomic.Int64
}

type runner struct {
	t             *testing.T
	seed          int64
	mu            sync.Mutex
	diffs         []*difference
	known         map[string]int
	knownExamples []string
	st            stats
}

func (r *runner) report(d *difference) {
	for _, k := range knownDifferences {
		if k.match(d) {
			r.mu.Lock()
			r.known[k.name]++
			if r.known[k.name] <= 3 {
				r.knownExamples = append(r.knownExamples, k.name+": "+d.String())
			}
			r.mu.Unlock()
			return
		}
	}
	r.mu.Lock()
	r.diffs = append(r.diffs, d)
	r.mu.Unlock()
}

// TestConformance runs the random cases. Every case i uses its own
// generator seeded with seed+i, so runs are reproducible whatever the
// number of workers.
func TestConformance(t *testing.T) {
	cases := *flagCases
	if *flagCount > 0 {
		cases = *flagCount
	}
	if testing.Short() && cases > 2000 {
		cases = 2000
	}
	workers := *flagWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	start := time.Now()
	runCases(*flagFirst, cases, workers, func(i int) {
		r.runCase(i)
		if *flagMem {
			r.memTrace(i)
		}
	})
	elapsed := time.Since(start)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("memory: Go runtime holds %d MiB from the OS (heap peak-ish %d MiB); process RSS %s",
		ms.Sys>>20, ms.HeapSys>>20, procRSS())
	t.Logf("seed %d: %d cases in %v (%d workers): %d msgpack, %d json (%d skipped: unknown or infinity), %d transcode, %d tftypes (%d not representable in tftypes), %d schemas, %d raw inputs (%d go-cty panics); go-cty decode->encode changed its own bytes in %d cases",
		r.seed, r.st.cases.Load(), elapsed.Round(time.Millisecond), workers, r.st.msgpack.Load(), r.st.json.Load(), r.st.jsonSkipped.Load(),
		r.st.transcode.Load(), r.st.tftypes.Load(), r.st.tftypesSkipped.Load(), r.st.schemas.Load(), r.st.raw.Load(), r.st.goctyPanics.Load(), r.st.goctyNotIdempotent.Load())
	for name, n := range r.known {
		t.Logf("known difference %q: %d cases", name, n)
	}
	if testing.Verbose() {
		for _, ex := range r.knownExamples {
			t.Logf("known difference example: %s", ex)
		}
	}
	r.failOnDifferences("-first=N -cases=1 -dump")
}

// failOnDifferences fails the test with the first differences of each
// check (DYNVAL_CONF_SHOW of them) and a count per check; rerun says how to
// re-run one case.
func (r *runner) failOnDifferences(rerun string) {
	if len(r.diffs) == 0 {
		return
	}
	sort.Slice(r.diffs, func(i, j int) bool { return r.diffs[i].caseIdx < r.diffs[j].caseIdx })
	byCheck := map[string]int{}
	for _, d := range r.diffs {
		byCheck[d.check]++
	}
	shown := map[string]int{}
	for _, d := range r.diffs {
		if shown[d.check] < int(envInt("DYNVAL_CONF_SHOW", 5)) {
			shown[d.check]++
			r.t.Errorf("difference: %s", d)
		}
	}
	r.t.Errorf("%d differences by check: %v (re-run one case with -args -seed=%d %s)", len(r.diffs), byCheck, r.seed, rerun)
}

// runCases runs fn(first) .. fn(first+cases-1) on `workers` goroutines.
func runCases(first, cases, workers int, fn func(i int)) {
	var next atomic.Int64
	next.Store(int64(first))
	end := int64(first + cases)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= end {
					return
				}
				fn(int(i))
			}
		}()
	}
	wg.Wait()
}

// runCase generates and checks case i, turning panics into differences.
func (r *runner) runCase(i int) {
	seed := r.seed + int64(i)
	g := &gen{r: rand.New(rand.NewSource(seed))}
	r.st.cases.Add(1)
	defer func() {
		if p := recover(); p != nil {
			r.report(&difference{caseIdx: i, seed: r.seed, check: "panic", detail: fmt.Sprint(p) + "\n" + string(debug.Stack())})
		}
	}()
	switch k := g.r.Intn(100); {
	case k < 5:
		r.schemaCase(i, g)
	case k < 10:
		r.rawCase(i, g)
	default:
		schemaT := g.typ(0)
		v := g.value(g.concretize(schemaT, 0), 0)
		r.valueCase(i, g, schemaT, v)
	}
}

func typeJSON(t cty.Type) string {
	b, err := ctyjson.MarshalType(t)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func dvType(t cty.Type) *dynval.Type {
	dt, err := dynval.ParseType([]byte(typeJSON(t)))
	if err != nil {
		panic(fmt.Sprintf("libdynval cannot parse type %s: %v", typeJSON(t), err))
	}
	return dt
}

// valueCase runs every check on value v of schema type T.
func (r *runner) valueCase(i int, g *gen, T cty.Type, v cty.Value) {
	tj := typeJSON(T)
	diff := func(check string, input []byte, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check, typ: tj, input: input, detail: fmt.Sprintf(format, args...)})
	}
	mp, err := ctymsgpack.Marshal(v, T)
	if err != nil {
		panic(fmt.Sprintf("generator bug: go-cty cannot marshal %#v as %s: %v", v, tj, err))
	}
	if *flagVerbose {
		r.t.Logf("case %d type %s msgpack %x value %#v", i, tj, mp, v)
	}
	dT := dvType(T)
	defer dT.Close()
	orig, err, gpanic := goctyDecode(func() (cty.Value, error) { return ctymsgpack.Unmarshal(mp, T) })
	if gpanic != nil {
		// go-cty crashes on its own bytes (e.g. list(dynamic) elements that
		// decode to different types): libdynval must return an error.
		r.st.goctyPanics.Add(1)
		dv, derr := dynval.DecodeMsgpack(mp, dT, nil)
		if derr != nil {
			diff("raw-gocty-self", mp, "go-cty panicked (%v); libdynval error %v", gpanic, derr)
		} else {
			diff("raw-gocty-self", mp, "go-cty panicked (%v); libdynval accepted it as %v", gpanic, dv)
			dv.Close()
		}
		return
	}
	if err != nil {
		// go-cty cannot read its own bytes (e.g. a refinement payload over
		// 1 KiB): libdynval must reject them too.
		if dv, derr := dynval.DecodeMsgpack(mp, dT, nil); derr == nil {
			diff("gocty-self-error", mp, "go-cty rejects its own bytes (%v); libdynval accepts them as %v", err, dv)
			dv.Close()
		}
		return
	}
	r.st.msgpack.Add(1)

	// (a) go-cty bytes -> libdynval decode -> encode: the bytes go-cty's
	// own decode -> encode gives. (That is mp itself except where go-cty is
	// not idempotent: -0 is written as 0, which can move set elements, and
	// numbers of unusual precision come back at 53 or 512 bits.)
	reMP, err := ctymsgpack.Marshal(orig, T)
	if err != nil {
		panic(err)
	}
	if !bytes.Equal(reMP, mp) {
		r.st.goctyNotIdempotent.Add(1)
	}
	dv, err := dynval.DecodeMsgpack(mp, dT, nil)
	if err != nil {
		diff("msgpack-decode", mp, "libdynval rejects go-cty's bytes: %v", err)
		return
	}
	defer dv.Close()
	dvmp, err := dv.EncodeMsgpack(dT)
	if err != nil {
		diff("msgpack-reencode", mp, "libdynval cannot re-encode: %v", err)
	} else if !bytes.Equal(dvmp, reMP) {
		diff("msgpack-reencode", mp, "libdynval re-encodes as %x, go-cty as %x%s", dvmp, reMP, firstDiff(dvmp, reMP))
	}

	// (b) the value built through the binding (sets given in random order,
	// strings and keys as go-cty holds them) -> libdynval encode -> the same
	// bytes; go-cty reads them back RawEqual to the original.
	built, err := r.build(g, v)
	if err != nil {
		diff("build", mp, "libdynval cannot build %#v: %v", v, err)
	} else {
		defer built.Close()
		bmp, err := built.EncodeMsgpack(dT)
		if err != nil {
			diff("msgpack-encode-built", mp, "libdynval cannot encode the built value %v: %v", built, err)
		} else if !bytes.Equal(bmp, mp) {
			back, uerr := ctymsgpack.Unmarshal(bmp, T)
			diff("msgpack-encode-built", mp, "built value encodes as %x%s (go-cty reads it as %#v, err %v; original %#v)", bmp, firstDiff(bmp, mp), back, uerr, v)
		}
	}

	// (c) JSON, when go-cty can write it (wholly known, no infinities).
	js, jerr := ctyjson.Marshal(orig, T)
	if jerr != nil {
		r.st.jsonSkipped.Add(1)
		_, derr := dv.EncodeJSON(dT)
		_, terr := dynval.MsgpackToJSON(mp, dT, nil)
		want := dynval.ErrUnsupported // go-cty reports the first problem depth-first
		if strings.Contains(jerr.Error(), "not known") {
			want = dynval.ErrUnknownValue
		}
		if !errors.Is(derr, want) || !errors.Is(terr, want) {
			diff("json-error", mp, "go-cty JSON fails (%v); libdynval encode gives %v and transcode %v, want %v", jerr, derr, terr, want)
		}
	} else {
		r.st.json.Add(1)
		if got, err := dv.EncodeJSON(dT); err != nil || !bytes.Equal(got, js) {
			diff("json-encode", mp, "libdynval JSON %q (err %v), go-cty %q", got, err, js)
		}
		if built != nil && !hasOddPrecision(v) {
			bjs, _ := ctyjson.Marshal(v, T)
			if got, err := built.EncodeJSON(dT); err != nil || !bytes.Equal(got, bjs) {
				diff("json-encode-built", mp, "libdynval JSON of built value %q (err %v), go-cty %q", got, err, bjs)
			}
		}
		cj, err := ctyjson.Unmarshal(js, T)
		if err != nil {
			panic(fmt.Sprintf("go-cty cannot read its own JSON %s: %v", js, err))
		}
		wantMP, err := ctymsgpack.Marshal(cj, T)
		if err != nil {
			panic(err)
		}
		wantJS, err := ctyjson.Marshal(cj, T)
		if err != nil {
			panic(err)
		}
		dj, err := dynval.DecodeJSON(js, dT, nil)
		if err != nil {
			diff("json-decode", js, "libdynval rejects go-cty's JSON: %v", err)
		} else {
			if got, err := dj.EncodeMsgpack(dT); err != nil || !bytes.Equal(got, wantMP) {
				diff("json-decode", js, "JSON decoded by libdynval encodes as msgpack %x (err %v), go-cty %x", got, err, wantMP)
			}
			if got, err := dj.EncodeJSON(dT); err != nil || !bytes.Equal(got, wantJS) {
				diff("json-decode", js, "JSON decoded by libdynval encodes as JSON %q (err %v), go-cty %q", got, err, wantJS)
			}
			dj.Close()
		}
		// (d) direct transcoding gives decode-then-encode bytes.
		r.st.transcode.Add(1)
		if got, err := dynval.MsgpackToJSON(mp, dT, nil); err != nil || !bytes.Equal(got, js) {
			diff("transcode-msgpack-json", mp, "libdynval %q (err %v), go-cty %q", got, err, js)
		}
		if got, err := dynval.JSONToMsgpack(js, dT, nil); err != nil || !bytes.Equal(got, wantMP) {
			diff("transcode-json-msgpack", js, "libdynval %x (err %v), go-cty %x", got, err, wantMP)
		}
	}

	// tftypes: values, not bytes (no refinements, random map order).
	// (On every other case: it costs as much as all the checks above.)
	if dvmp != nil && i%2 == 0 {
		r.tftypesCheck(i, T, dT, orig, dvmp, diff)
	}
}

func (r *runner) tftypesCheck(i int, T cty.Type, dT *dynval.Type, orig cty.Value, dvmp []byte, diff func(string, []byte, string, ...any)) {
	stripped := stripRefinements(orig)
	tT := tfType(T)
	// tftypes must be able to hold the value at all (it rejects e.g. lists
	// whose elements are empty lists of different inferred types).
	tv, ok := tryTF(func() tftypes.Value { return toTF(stripped) })
	if !ok {
		r.st.tftypesSkipped.Add(1)
		return
	}
	tfmp, err := tv.MarshalMsgPack(tT)
	if err != nil {
		r.st.tftypesSkipped.Add(1)
		return
	}
	r.st.tftypes.Add(1)
	// tftypes encodes -> libdynval decodes to the same value as go-cty.
	wantMP, err := ctymsgpack.Marshal(stripped, T)
	if err != nil {
		panic(err)
	}
	if d2, err := dynval.DecodeMsgpack(tfmp, dT, nil); err != nil {
		diff("tftypes-to-libdynval", tfmp, "libdynval rejects tftypes' bytes: %v", err)
	} else {
		if got, err := d2.EncodeMsgpack(dT); err != nil || !bytes.Equal(got, wantMP) {
			diff("tftypes-to-libdynval", tfmp, "libdynval reads tftypes' bytes as %x (err %v), want %x", got, err, wantMP)
		}
		d2.Close()
	}
	// libdynval encodes -> tftypes decodes to the same value.
	back, ok := tryTF(func() tftypes.Value {
		v, err := tftypes.ValueFromMsgPack(dvmp, tT)
		if err != nil {
			panic(err)
		}
		return v
	})
	if !ok {
		// Not a libdynval difference if tftypes also fails on go-cty's bytes.
		if _, ok2 := tryTF(func() tftypes.Value { v, _ := tftypes.ValueFromMsgPack(wantMP, tT); return v }); ok2 {
			diff("libdynval-to-tftypes", dvmp, "tftypes cannot read libdynval's bytes")
		}
		return
	}
	cv, ok := tryCty(func() cty.Value { return fromTF(back) })
	if !ok {
		r.st.tftypesSkipped.Add(1)
		return
	}
	if !cv.RawEquals(stripped) {
		diff("libdynval-to-tftypes", dvmp, "tftypes reads %#v, want %#v", cv, stripped)
	}
}

func tryTF(f func() tftypes.Value) (v tftypes.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

func tryCty(f func() cty.Value) (v cty.Value, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return f(), true
}

// build constructs v through the binding's constructors.
func (r *runner) build(g *gen, v cty.Value) (*dynval.Value, error) {
	t := v.Type()
	if !v.IsKnown() {
		if t == cty.DynamicPseudoType {
			return dynval.DynamicVal(), nil
		}
		dt := dvType(t)
		defer dt.Close()
		rng := v.Range()
		ref := &dynval.Refinements{NotNull: !rng.CouldBeNull()}
		var tmp []*dynval.Value
		defer func() {
			for _, x := range tmp {
				x.Close()
			}
		}()
		switch {
		case t == cty.String:
			ref.Prefix = rng.StringPrefix()
		case t == cty.Number:
			// go-cty omits a bound only when it is the very
			// cty.NegativeInfinity/PositiveInfinity singleton (a Go ==
			// comparison in msgpack/unknown.go); any other infinite bound is
			// written, so hand those over too.
			if lo, inc := rng.NumberLowerBound(); lo != cty.NegativeInfinity {
				lv, err := r.build(g, lo)
				if err != nil {
					return nil, err
				}
				tmp = append(tmp, lv)
				ref.Lower = &dynval.Bound{Value: lv, Inclusive: inc}
			}
			if hi, inc := rng.NumberUpperBound(); hi != cty.PositiveInfinity {
				hv, err := r.build(g, hi)
				if err != nil {
					return nil, err
				}
				tmp = append(tmp, hv)
				ref.Upper = &dynval.Bound{Value: hv, Inclusive: inc}
			}
		case t.IsListType() || t.IsSetType() || t.IsMapType():
			ref.MinLength = int64(rng.LengthLowerBound())
			if hi := rng.LengthUpperBound(); hi != math.MaxInt {
				h := int64(hi)
				ref.MaxLength = &h
			}
		}
		return dynval.UnknownVal(dt, ref)
	}
	if v.IsNull() {
		dt := dvType(t)
		defer dt.Close()
		return dynval.NullVal(dt), nil
	}
	switch {
	case t == cty.String:
		return dynval.StringVal(v.AsString()), nil
	case t == cty.Bool:
		return dynval.BoolVal(v.True()), nil
	case t == cty.Number:
		bf := v.AsBigFloat()
		switch {
		case bf.IsInf():
			if bf.Sign() < 0 {
				return dynval.ParseNumber("-Inf")
			}
			return dynval.ParseNumber("+Inf")
		case bf.Prec() == 64 && bf.IsInt():
			if n, acc := bf.Int64(); acc == 0 {
				return dynval.IntVal(n), nil
			}
			n, _ := bf.Uint64()
			return dynval.UintVal(n), nil
		case bf.Prec() == 53:
			f, _ := bf.Float64()
			return dynval.FloatVal(f)
		case bf.Prec() != 512:
			// Another precision (cty.NumberVal of any *big.Float): the
			// binding has no constructor for it; use the one that encodes
			// alike (an exact int64 or float64, else the decimal text).
			if n, acc := bf.Int64(); acc == 0 {
				return dynval.IntVal(n), nil
			}
			if f, acc := bf.Float64(); acc == 0 && !bf.IsInt() {
				return dynval.FloatVal(f)
			}
		}
		return dynval.ParseNumber(bf.Text('f', -1))
	}
	var elems []*dynval.Value
	defer func() {
		for _, e := range elems {
			e.Close()
		}
	}()
	keys := []string{}
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		de, err := r.build(g, e)
		if err != nil {
			return nil, err
		}
		elems = append(elems, de)
		if t.IsMapType() || t.IsObjectType() {
			keys = append(keys, k.AsString())
		}
	}
	switch {
	case t.IsListType() || t.IsSetType():
		et := dvType(t.ElementType())
		defer et.Close()
		if t.IsListType() {
			return dynval.ListVal(et, elems...)
		}
		// Sets of known strings or bools are handed over in random order:
		// libdynval must sort them into go-cty's order itself. Other sets
		// keep go-cty's order, because elements that tie under go-cty's
		// comparator (unknowns, objects whose hash bytes print numbers to 10
		// digits, equal numbers of different precision) keep their insertion
		// order, which a shuffle would lose.
		shuffled := append([]*dynval.Value(nil), elems...)
		if (t.ElementType() == cty.String || t.ElementType() == cty.Bool) && v.IsWhollyKnown() {
			g.r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		}
		return dynval.SetVal(et, shuffled...)
	case t.IsMapType():
		et := dvType(t.ElementType())
		defer et.Close()
		m := map[string]*dynval.Value{}
		for i, k := range keys {
			m[k] = elems[i]
		}
		return dynval.MapVal(et, m)
	case t.IsObjectType():
		m := map[string]*dynval.Value{}
		for i, k := range keys {
			m[k] = elems[i]
		}
		return dynval.ObjectVal(m)
	case t.IsTupleType():
		return dynval.TupleVal(elems...), nil
	}
	return nil, fmt.Errorf("cannot build %#v", v)
}

// firstDiff describes where two byte strings start to differ.
func firstDiff(a, b []byte) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	ctx := func(x []byte) string {
		end := n + 16
		if end > len(x) {
			end = len(x)
		}
		return hex.EncodeToString(x[n:end])
	}
	return fmt.Sprintf(" [first difference at byte %d: %s... vs %s...]", n, ctx(a), ctx(b))
}

// hasOddPrecision reports whether v holds a number whose precision the
// binding cannot construct (not 53, 64 or 512 bits).
func hasOddPrecision(v cty.Value) bool {
	odd := false
	cty.Walk(v, func(_ cty.Path, x cty.Value) (bool, error) {
		if x.IsKnown() && !x.IsNull() && x.Type() == cty.Number {
			bf := x.AsBigFloat()
			if p := bf.Prec(); p != 53 && p != 512 && (p != 64 || !bf.IsInt()) && !bf.IsInf() {
				odd = true
			}
		}
		return !odd, nil
	})
	return odd
}

// procRSS returns the process's resident set size as /proc reports it.
func procRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmRSS:"))
		}
	}
	return "?"
}

var lastRSS atomic.Int64

func (r *runner) memTrace(i int) {
	var kb int64
	fmt.Sscanf(procRSS(), "%d", &kb)
	if prev := lastRSS.Swap(kb); kb-prev > 50<<10 {
		r.t.Logf("case %d: RSS grew from %d to %d KiB", i, prev, kb)
	}
}
