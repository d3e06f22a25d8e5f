package conformance

// Cross-check of libdynval's AssertPlanValid against OpenTofu v1.9.1's
// objchange.AssertPlanValid, through the same oracle as
// TestProposedNewConformance (objchange_test.go, op "valid"): random
// schemas, a prior and a configuration from genPlanCase's generators, and
// a planned value made from the proposed new state (libdynval's ProposedNew,
// which TestProposedNewConformance holds equal to OpenTofu's) randomly
// mutated the ways a provider can get a plan wrong: known values changed,
// values made unknown (with and without refinements) or null, elements of
// nested blocks and nested attributes added, dropped or made unknown,
// whole blocks made null or unknown. The problem lines are compared
// exactly (sorted, as tfdiags.FormatError prints them).

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type validCase struct {
	Op      string          `json:"op"` // "valid"
	Block   json.RawMessage `json:"block"`
	Prior   string          `json:"prior"`
	Config  string          `json:"config"`
	Planned string          `json:"planned"`
}

type validResult struct {
	Problems    *[]string `json:"problems"`
	Panic       string    `json:"panic"`
	Undecodable string    `json:"undecodable"`
}

type validStats struct {
	compared, valid, invalid, bothRefused, undecodable, problems atomic.Int64

	mu     sync.Mutex
	panics map[string]int // OpenTofu's panic message -> cases both refused
}

// TestAssertPlanValidConformance: seed and count as for
// TestProposedNewConformance (-plan-cases, -short: 500).
func TestAssertPlanValidConformance(t *testing.T) {
	n := *flagPlanCases
	if testing.Short() && n > 500 {
		n = 500
	}
	first := *flagFirst
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	start := time.Now()
	cases := make([]validCase, n)
	for i := range cases {
		cases[i] = r.genValidCase(first + i)
	}
	results := askOracle[validCase, validResult](t, cases)
	st := validStats{panics: map[string]int{}}
	workers := *flagWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	runCases(0, n, workers, func(i int) { r.compareValidCase(first+i, &cases[i], &results[i], &st) })
	t.Logf("seed %d: %d AssertPlanValid cases in %v: %d compared: %d valid plans, %d invalid (%d problems in all) "+
		"with the same problem lines, %d refused by both (OpenTofu panics, libdynval returns an error); "+
		"%d skipped (go-cty v1.14.4 cannot decode their values)",
		r.seed, n, time.Since(start).Round(time.Millisecond), st.compared.Load(), st.valid.Load(), st.invalid.Load(),
		st.problems.Load(), st.bothRefused.Load(), st.undecodable.Load())
	for _, msg := range sortedKeys(st.panics) {
		t.Logf("OpenTofu panics, libdynval returns an error: %d cases: %s", st.panics[msg], msg)
	}
	if len(r.diffs) == 0 {
		t.Logf("0 differences in %d AssertPlanValid cases", n)
	}
	r.failOnDifferences("-run TestAssertPlanValidConformance -first=N -plan-cases=1")
}

// genValidCase builds case i: a schema, prior and config as genPlanCase
// makes them, and a planned value (see the file comment).
func (r *runner) genValidCase(i int) validCase {
	seed := r.seed + int64(i) + 12_000_000_000
	g := &gen{r: rand.New(rand.NewSource(seed))}
	blk := g.block(0, false)
	bj, err := json.Marshal(blk)
	if err != nil {
		panic(err)
	}
	ty := blk.impliedType()
	var prior, config cty.Value
	switch k := g.r.Intn(20); {
	case k == 0:
		prior, config = cty.NullVal(ty), cty.NullVal(ty)
	case k < 4:
		prior, config = cty.NullVal(ty), g.planBlockVal(blk, 0, true)
	case k == 4:
		prior, config = g.planBlockVal(blk, 0, false), cty.NullVal(ty)
	case k == 5:
		prior, config = g.planBlockVal(blk, 0, false), g.planBlockVal(blk, 0, true)
	default:
		prior = g.planBlockVal(blk, 0, false)
		config = g.planConfig(blk, prior, 0)
	}
	planned := proposedByLibdynval(bj, ty, prior, config)
	switch k := g.r.Intn(20); {
	case k == 0:
		planned = cty.NullVal(ty)
	case k == 1:
		planned = cty.UnknownVal(ty)
	case k == 2:
		planned = prior
	case k == 3:
		planned = config
	case k < 6:
		// the proposed new state as it is
	default:
		planned = g.mutBlock(blk, planned, 0)
	}
	mp := func(v cty.Value) string {
		b, err := ctymsgpack.Marshal(v, ty)
		if err != nil {
			panic(fmt.Sprintf("case %d: generated value does not conform: %v (%#v)", i, err, v))
		}
		return hex.EncodeToString(b)
	}
	return validCase{Op: "valid", Block: bj, Prior: mp(prior), Config: mp(config), Planned: mp(planned)}
}

// proposedByLibdynval: ProposedNew(prior, config) through the Go binding,
// or the config where it refuses (where OpenTofu panics) or cannot decode
// the values (elements of one map that differ in their dynamic parts,
// which OpenTofu's go-cty cannot decode either: the case is skipped).
func proposedByLibdynval(bj []byte, ty cty.Type, prior, config cty.Value) cty.Value {
	s, err := dynval.SchemaFromBlockJSON(bj, 0)
	if err != nil {
		panic(fmt.Sprintf("libdynval rejects the schema: %v", err))
	}
	defer s.Close()
	dec := func(v cty.Value) *dynval.Value {
		b, err := ctymsgpack.Marshal(v, ty)
		if err != nil {
			panic(err)
		}
		dv, err := s.DecodeMsgpack(b, nil)
		if err != nil {
			return nil
		}
		return dv
	}
	p, c := dec(prior), dec(config)
	if p == nil || c == nil {
		return config
	}
	defer p.Close()
	defer c.Close()
	got, err := dynval.ProposedNew(s, p, c)
	if err != nil {
		return config
	}
	defer got.Close()
	b, err := s.EncodeMsgpack(got)
	if err != nil {
		panic(err)
	}
	v, err := ctymsgpack.Unmarshal(b, ty)
	if err != nil {
		return config // the suite's go-cty cannot read it back
	}
	return v
}

// keep calls f and returns its value, or orig where building it panics
// (elements of one collection whose dynamic parts came out different).
func keep(orig cty.Value, f func() cty.Value) (v cty.Value) {
	defer func() {
		if recover() != nil {
			v = orig
		}
	}()
	return f()
}

// mutBlock: a block object with some attributes and nested blocks changed.
func (g *gen) mutBlock(b *schemaBlock, v cty.Value, d int) cty.Value {
	if v.IsNull() || !v.IsKnown() {
		return v
	}
	attrs := map[string]cty.Value{}
	for k, e := range v.AsValueMap() {
		attrs[k] = e
	}
	for _, n := range sortedKeys(b.Attributes) {
		if g.chance(4) {
			attrs[n] = g.mutAttr(b.Attributes[n], attrs[n], d)
		}
	}
	for _, n := range sortedKeys(b.BlockTypes) {
		if g.chance(2) {
			attrs[n] = g.mutNested(b.BlockTypes[n], attrs[n], d)
		}
	}
	return keep(v, func() cty.Value { return cty.ObjectVal(attrs) })
}

func (g *gen) mutAttr(a *schemaAttr, v cty.Value, d int) cty.Value {
	t := a.impliedType()
	switch g.r.Intn(6) {
	case 0:
		return cty.NullVal(t)
	case 1:
		if v.IsKnown() && !v.IsNull() && t.IsPrimitiveType() {
			return g.unknown(t) // often refined
		}
		return cty.UnknownVal(t)
	case 2, 3:
		if a.NestedType != nil && v.IsKnown() && !v.IsNull() {
			return g.mutNestedAttr(a, v, d)
		}
	}
	return g.value(g.concretize(t, d+1), d+1)
}

// nestedObjVal: a random object of a nested attribute type.
func (g *gen) nestedObjVal(o *schemaObject, d int) cty.Value {
	attrs := map[string]cty.Value{}
	for _, n := range sortedKeys(o.Attributes) {
		attrs[n] = g.planAttrVal(o.Attributes[n], d+1, false)
	}
	return cty.ObjectVal(attrs)
}

func (g *gen) mutNestedObj(o *schemaObject, v cty.Value, d int) cty.Value {
	if v.IsNull() || !v.IsKnown() {
		return v
	}
	attrs := map[string]cty.Value{}
	for k, e := range v.AsValueMap() {
		attrs[k] = e
	}
	for _, n := range sortedKeys(o.Attributes) {
		if g.chance(3) {
			attrs[n] = g.mutAttr(o.Attributes[n], attrs[n], d+1)
		}
	}
	return keep(v, func() cty.Value { return cty.ObjectVal(attrs) })
}

// mutNestedAttr: a nested attribute's value with elements changed, dropped,
// added or made unknown (or, for SINGLE, its attributes changed).
func (g *gen) mutNestedAttr(a *schemaAttr, v cty.Value, d int) cty.Value {
	o := a.NestedType
	if o.NestingMode == "single" {
		return g.mutNestedObj(o, v, d)
	}
	et := v.Type().ElementType()
	keys, elems := g.mutElems(v, func(e cty.Value) cty.Value { return g.mutNestedObj(o, e, d) },
		func() cty.Value { return g.nestedObjVal(o, d) }, et)
	return keep(v, func() cty.Value {
		switch o.NestingMode {
		case "list":
			if len(elems) == 0 {
				return cty.ListValEmpty(et)
			}
			return cty.ListVal(elems)
		case "set":
			if len(elems) == 0 {
				return cty.SetValEmpty(et)
			}
			return cty.SetVal(elems)
		}
		if len(elems) == 0 {
			return cty.MapValEmpty(et)
		}
		m := map[string]cty.Value{}
		for i, k := range keys {
			m[k] = elems[i]
		}
		return cty.MapVal(m)
	})
}

// mutElems: the elements of a known collection (with their keys, for maps
// and objects), some dropped, changed or made unknown of unknownType, and
// some added.
func (g *gen) mutElems(v cty.Value, mut func(cty.Value) cty.Value, add func() cty.Value,
	unknownType cty.Type) (keys []string, elems []cty.Value) {
	for it := v.ElementIterator(); it.Next(); {
		k, e := it.Element()
		switch {
		case g.chance(6):
			continue
		case g.chance(8):
			e = cty.UnknownVal(unknownType)
		case g.chance(2):
			e = mut(e)
		}
		if k.Type() == cty.String {
			keys = append(keys, k.AsString())
		}
		elems = append(elems, e)
	}
	for g.chance(5) {
		keys = append(keys, fmt.Sprintf("new%d", len(keys)))
		elems = append(elems, add())
	}
	return keys, elems
}

// mutNested: a nested block's value, null or unknown as a whole, or with
// its elements changed.
func (g *gen) mutNested(nb *schemaNested, v cty.Value, d int) cty.Value {
	child := nb.Block.impliedType()
	dyn := child.HasDynamicTypes()
	switch {
	case g.chance(12):
		return cty.NullVal(nb.typeOf(child))
	case g.chance(12):
		return cty.UnknownVal(nb.typeOf(child))
	}
	switch nb.NestingMode {
	case "single", "group":
		return g.mutBlock(nb.Block, v, d+1)
	}
	if v.IsNull() || !v.IsKnown() {
		return v
	}
	keys, elems := g.mutElems(v, func(e cty.Value) cty.Value { return g.mutBlock(nb.Block, e, d+1) },
		func() cty.Value { return g.planBlockVal(nb.Block, d+1, false) }, child)
	return keep(v, func() cty.Value {
		if nb.NestingMode != "map" {
			return nb.collection(child, dyn, elems, g)
		}
		m := map[string]cty.Value{}
		for i, k := range keys {
			m[k] = elems[i]
		}
		switch {
		case dyn:
			return cty.ObjectVal(m)
		case len(m) == 0:
			return cty.MapValEmpty(child)
		}
		return cty.MapVal(m)
	})
}

func (r *runner) compareValidCase(i int, c *validCase, want *validResult, st *validStats) {
	diff := func(check, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check,
			input:  []byte(fmt.Sprintf("%s prior=%s config=%s planned=%s", c.Block, c.Prior, c.Config, c.Planned)),
			detail: fmt.Sprintf(format, args...)})
	}
	defer func() {
		if p := recover(); p != nil {
			diff("valid-panic", "%v\n%s", p, debug.Stack())
		}
	}()
	if want.Undecodable != "" {
		st.undecodable.Add(1)
		return
	}
	st.compared.Add(1)
	s, err := dynval.SchemaFromBlockJSON(c.Block, 0)
	if err != nil {
		diff("valid-schema", "libdynval rejects the schema: %v", err)
		return
	}
	defer s.Close()
	decode := hexDecoder(s)
	prior, config, planned := decode(c.Prior), decode(c.Config), decode(c.Planned)
	defer prior.Close()
	defer config.Close()
	defer planned.Close()
	probs, err := dynval.AssertPlanValid(s, prior, config, planned)
	switch {
	case want.Panic != "" && err != nil:
		st.bothRefused.Add(1)
		st.mu.Lock()
		st.panics[want.Panic]++
		st.mu.Unlock()
		return
	case want.Panic != "":
		diff("valid-opentofu-panics", "OpenTofu panics (%s), libdynval returns %d problems", want.Panic, len(probs))
		return
	case err != nil:
		diff("valid-libdynval-error", "libdynval error %v, OpenTofu %q", err, *want.Problems)
		return
	case want.Problems == nil:
		diff("valid-oracle", "the oracle answered no problems list")
		return
	}
	got := make([]string, len(probs))
	for j, p := range probs {
		got[j] = p.Line()
	}
	if strings.Join(got, "\n") != strings.Join(*want.Problems, "\n") || len(got) != len(*want.Problems) {
		diff("valid-problems", "OpenTofu:\n    %s\n  libdynval:\n    %s", strings.Join(*want.Problems, "\n    "),
			strings.Join(got, "\n    "))
		return
	}
	if len(got) == 0 {
		st.valid.Add(1)
	} else {
		st.invalid.Add(1)
		st.problems.Add(int64(len(got)))
	}
}
