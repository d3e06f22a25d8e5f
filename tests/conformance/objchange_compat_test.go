package conformance

// Cross-check of libdynval's AssertObjectCompatible against OpenTofu
// v1.9.1's objchange.AssertObjectCompatible, through the same oracle as
// TestProposedNewConformance (objchange_test.go, op "compatible"): random
// schemas; a planned value with unknowns (refined and not) at every depth
// and nesting mode; an actual value that fills the unknowns (sometimes
// outside their refinements) and mutates what was known (values changed,
// nulled, made unknown, elements dropped and added); random sensitive mark
// paths (existing and not: attributes, values inside them, block objects,
// list and map elements, set elements by value, the root) with the
// schema's own marks on and off. Problems are compared as their sorted
// lines.

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type jsonStep struct {
	Attr  *string `json:"attr,omitempty"`
	Index *int64  `json:"index,omitempty"`
	Key   *string `json:"key,omitempty"`
}

type compatCase struct {
	Op          string          `json:"op"` // "compatible"
	Block       json.RawMessage `json:"block"`
	Planned     string          `json:"planned"`
	Actual      string          `json:"actual"`
	Marks       [][]jsonStep    `json:"marks"`
	SchemaMarks bool            `json:"schema_marks"`
}

type compatResult struct {
	Problems    *[]string `json:"problems"`
	Panic       string    `json:"panic"`
	Undecodable string    `json:"undecodable"`
}

type compatStats struct {
	compared, agreed, withProblems, sensitive, bothRefused, undecodable, randomAttr atomic.Int64

	mu     sync.Mutex
	panics map[string]int
}

// TestAssertObjectCompatibleConformance: seed and count as for
// TestProposedNewConformance (-plan-cases, -short: 500).
func TestAssertObjectCompatibleConformance(t *testing.T) {
	n := *flagPlanCases
	if testing.Short() && n > 500 {
		n = 500
	}
	first := *flagFirst
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	start := time.Now()
	cases := make([]compatCase, n)
	for i := range cases {
		cases[i] = r.genCompatCase(first + i)
	}
	results := askOracle[compatCase, compatResult](t, cases)
	st := compatStats{panics: map[string]int{}}
	workers := *flagWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	runCases(0, n, workers, func(i int) { r.compareCompatCase(first+i, &cases[i], &results[i], &st) })
	t.Logf("seed %d: %d AssertObjectCompatible cases in %v: %d compared, %d identical problem lists "+
		"(%d with problems, %d with a sensitive-attribute problem), %d refused by both (OpenTofu panics, libdynval "+
		"returns an error); %d skipped (go-cty v1.14.4 cannot decode their values); of the identical lists, %d only "+
		"once a wrong-final-type message's attribute is set aside (go-cty's MismatchMessage names one mismatching "+
		"attribute, picked in Go map order: at random when there are several)",
		r.seed, n, time.Since(start).Round(time.Millisecond), st.compared.Load(), st.agreed.Load(),
		st.withProblems.Load(), st.sensitive.Load(), st.bothRefused.Load(), st.undecodable.Load(), st.randomAttr.Load())
	for _, msg := range sortedKeys(st.panics) {
		t.Logf("OpenTofu panics, libdynval returns an error: %d cases: %s", st.panics[msg], msg)
	}
	if len(r.diffs) == 0 {
		t.Logf("0 differences in %d AssertObjectCompatible cases", n)
	}
	r.failOnDifferences("-run TestAssertObjectCompatibleConformance -first=N -plan-cases=1")
}

func (r *runner) genCompatCase(i int) compatCase {
	for attempt := int64(0); ; attempt++ {
		if c, ok := r.tryCompatCase(i, r.seed+int64(i)+13_000_000_000+attempt*1_000_003); ok {
			return c
		}
	}
}

// tryCompatCase: false when go-cty refuses a value the mutations built
// (a list of mixed element types, say); the caller tries another seed.
func (r *runner) tryCompatCase(i int, seed int64) (c compatCase, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	g := &gen{r: rand.New(rand.NewSource(seed))}
	blk := g.block(0, false)
	bj, err := json.Marshal(blk)
	if err != nil {
		panic(err)
	}
	ty := blk.impliedType()
	planned := g.planBlockVal(blk, 0, false)
	actual := g.compatBlock(blk, planned, 0)
	switch k := g.r.Intn(40); {
	case k == 0:
		planned = cty.NullVal(ty)
	case k == 1:
		actual = cty.NullVal(ty)
	case k == 2:
		planned, actual = cty.NullVal(ty), cty.NullVal(ty)
	case k == 3:
		planned = cty.UnknownVal(ty)
	}
	mp := func(v cty.Value) string {
		b, err := ctymsgpack.Marshal(v, ty)
		if err != nil {
			panic(fmt.Sprintf("case %d: generated value does not conform: %v (%#v)", i, err, v))
		}
		return hex.EncodeToString(b)
	}
	return compatCase{Op: "compatible", Block: bj, Planned: mp(planned), Actual: mp(actual),
		Marks: g.markPaths(planned, actual), SchemaMarks: g.chance(2)}, true
}

// known: a wholly known value of type t (a null of no type where t is
// dynamic: DynamicVal also stands for whole LIST and MAP blocks of dynamic
// content, which only a list or tuple, map or object, or that null fills).
func (g *gen) known(t cty.Type, d int) cty.Value {
	if t == cty.DynamicPseudoType {
		return cty.NullVal(cty.DynamicPseudoType)
	}
	for k := 0; k < 8; k++ {
		if v := g.value(t, d); v.IsWhollyKnown() {
			return v
		}
	}
	return cty.NullVal(t)
}

// fill: v with each unknown replaced by a value of its type, mostly inside
// the unknown's refinements (a string with its prefix, a number at a
// bound), sometimes anything.
func (g *gen) fill(v cty.Value, d int) cty.Value {
	// The replacements are drawn in Walk's order (sorted attributes):
	// Transform visits object attributes in Go map order.
	repl := map[string]cty.Value{}
	cty.Walk(v, func(p cty.Path, x cty.Value) (bool, error) {
		if !x.IsKnown() {
			repl[fmt.Sprintf("%#v", p)] = g.fillUnknown(x, d)
		}
		return true, nil
	})
	if len(repl) == 0 {
		return v
	}
	out, err := cty.Transform(v, func(p cty.Path, x cty.Value) (cty.Value, error) {
		if r, ok := repl[fmt.Sprintf("%#v", p)]; ok && !x.IsKnown() {
			return r, nil
		}
		return x, nil
	})
	if err != nil {
		panic(err)
	}
	return out
}

func (g *gen) fillUnknown(x cty.Value, d int) cty.Value {
	t := x.Type()
	rng := x.Range()
	if !g.chance(4) {
		switch {
		case t == cty.String:
			return cty.StringVal(rng.StringPrefix() + g.str())
		case t == cty.Number:
			if lo, inc := rng.NumberLowerBound(); inc && lo.IsKnown() && !lo.IsNull() && lo != cty.NegativeInfinity {
				return lo
			}
			if hi, inc := rng.NumberUpperBound(); inc && hi.IsKnown() && !hi.IsNull() && hi != cty.PositiveInfinity {
				return hi
			}
		}
	}
	return g.known(t, d)
}

// mutate: with small chances, v replaced by another value of its type (or
// of another type where t is dynamic), null, or an unknown.
func (g *gen) mutate(v cty.Value, t cty.Type, d int) cty.Value {
	switch g.r.Intn(24) {
	case 0:
		return g.value(g.concretize(t, d), d)
	case 1:
		return cty.NullVal(v.Type())
	case 2:
		return cty.UnknownVal(v.Type())
	case 3, 4:
		// A change inside a collection: one element dropped, changed or added.
		if !v.IsKnown() || v.IsNull() || !(v.Type().IsListType() || v.Type().IsSetType() || v.Type().IsMapType()) {
			return v
		}
		ety := v.Type().ElementType()
		if v.Type().IsMapType() {
			m := v.AsValueMap()
			if m == nil {
				m = map[string]cty.Value{}
			}
			m[g.str()] = g.known(ety, d)
			return cty.MapVal(m)
		}
		elems := v.AsValueSlice()
		switch {
		case len(elems) > 0 && g.chance(2):
			elems = elems[1:]
		case len(elems) > 0 && g.chance(2):
			elems[0] = g.known(ety, d)
		default:
			elems = append(elems, g.known(ety, d))
		}
		if len(elems) == 0 {
			if v.Type().IsListType() {
				return cty.ListValEmpty(ety)
			}
			return cty.SetValEmpty(ety)
		}
		if v.Type().IsListType() {
			return cty.ListVal(elems)
		}
		return cty.SetVal(elems)
	}
	return v
}

// compatBlock: the actual object for a planned block object.
func (g *gen) compatBlock(b *schemaBlock, planned cty.Value, d int) cty.Value {
	if planned.IsNull() {
		if g.chance(8) {
			return g.fill(g.planBlockVal(b, d, false), d)
		}
		return planned
	}
	if !planned.IsKnown() {
		return g.fill(g.planBlockVal(b, d, false), d)
	}
	attrs := map[string]cty.Value{}
	for _, n := range sortedKeys(b.Attributes) {
		attrs[n] = g.mutate(g.fill(planned.GetAttr(n), d), b.Attributes[n].impliedType(), d)
	}
	for _, n := range sortedKeys(b.BlockTypes) {
		attrs[n] = g.compatNested(b.BlockTypes[n], planned.GetAttr(n), d)
	}
	return cty.ObjectVal(attrs)
}

func (g *gen) compatNested(nb *schemaNested, planned cty.Value, d int) cty.Value {
	child := nb.Block.impliedType()
	switch nb.NestingMode {
	case "single":
		if g.chance(12) {
			return cty.NullVal(child)
		}
		return g.compatBlock(nb.Block, planned, d+1)
	case "group":
		return g.compatBlock(nb.Block, planned, d+1)
	}
	if planned.IsNull() || !planned.IsKnown() || g.chance(16) {
		return g.fill(g.planNestedVal(nb, d, false), d)
	}
	var elems []cty.Value
	var keys []string
	for it := planned.ElementIterator(); it.Next(); {
		k, pe := it.Element()
		if g.chance(12) {
			continue
		}
		elems = append(elems, g.compatBlock(nb.Block, pe, d+1))
		if k.Type() == cty.String {
			keys = append(keys, k.AsString())
		}
	}
	if g.chance(10) {
		elems = append(elems, g.fill(g.planBlockVal(nb.Block, d+1, false), d))
		keys = append(keys, "new")
	}
	if nb.NestingMode == "map" {
		m := map[string]cty.Value{}
		for i, e := range elems {
			m[keys[i]] = e
		}
		if child.HasDynamicTypes() {
			return cty.ObjectVal(m)
		}
		if len(m) == 0 {
			return cty.MapValEmpty(child)
		}
		return cty.MapVal(m)
	}
	return nb.collection(child, child.HasDynamicTypes(), elems, g)
}

// markPaths: up to three paths, mostly of nodes of the planned or actual
// value (any depth, the root included), some reaching nothing.
func (g *gen) markPaths(planned, actual cty.Value) [][]jsonStep {
	var cands [][]jsonStep
	for _, v := range []cty.Value{planned, actual} {
		cty.Walk(v, func(p cty.Path, _ cty.Value) (bool, error) {
			if steps, ok := jsonSteps(p); ok {
				cands = append(cands, steps)
			}
			return true, nil
		})
	}
	out := [][]jsonStep{}
	for n := g.r.Intn(4); n > 0 && len(cands) > 0; n-- {
		p := append([]jsonStep(nil), cands[g.r.Intn(len(cands))]...)
		if g.chance(6) {
			if g.chance(2) {
				name := "zz"
				p = append(p, jsonStep{Attr: &name})
			} else {
				idx := int64(7)
				p = append(p, jsonStep{Index: &idx})
			}
		}
		out = append(out, p)
	}
	return out
}

// jsonSteps: a cty path as oracle.go's steps, when it has that form (a set
// element by value: only a whole number or a string).
func jsonSteps(p cty.Path) ([]jsonStep, bool) {
	out := []jsonStep{}
	for _, s := range p {
		switch s := s.(type) {
		case cty.GetAttrStep:
			name := s.Name
			out = append(out, jsonStep{Attr: &name})
		case cty.IndexStep:
			k := s.Key
			switch {
			case !k.IsKnown() || k.IsNull():
				return nil, false
			case k.Type() == cty.Number:
				i, acc := k.AsBigFloat().Int64()
				if acc != 0 {
					return nil, false
				}
				out = append(out, jsonStep{Index: &i})
			case k.Type() == cty.String:
				key := k.AsString()
				out = append(out, jsonStep{Key: &key})
			default:
				return nil, false
			}
		}
	}
	return out, true
}

func dynvalPath(steps []jsonStep) dynval.Path {
	p := dynval.Path{}
	for _, s := range steps {
		switch {
		case s.Attr != nil:
			p = append(p, dynval.Attr(*s.Attr))
		case s.Index != nil:
			p = append(p, dynval.Index(*s.Index))
		default:
			p = append(p, dynval.Key(*s.Key))
		}
	}
	return p
}

func (r *runner) compareCompatCase(i int, c *compatCase, want *compatResult, st *compatStats) {
	diff := func(check, format string, args ...any) {
		marks, _ := json.Marshal(c.Marks)
		r.report(&difference{caseIdx: i, seed: r.seed, check: check,
			input: []byte(fmt.Sprintf("%s planned=%s actual=%s marks=%s schema_marks=%v", c.Block, c.Planned, c.Actual,
				marks, c.SchemaMarks)), detail: fmt.Sprintf(format, args...)})
	}
	defer func() {
		if p := recover(); p != nil {
			diff("compat-panic", "%v\n%s", p, debug.Stack())
		}
	}()
	if want.Undecodable != "" {
		st.undecodable.Add(1)
		return
	}
	st.compared.Add(1)
	s, err := dynval.SchemaFromBlockJSON(c.Block, 0)
	if err != nil {
		diff("compat-schema", "libdynval rejects the schema: %v", err)
		return
	}
	defer s.Close()
	decode := hexDecoder(s)
	planned, actual := decode(c.Planned), decode(c.Actual)
	defer planned.Close()
	defer actual.Close()
	var paths []dynval.Path
	for _, m := range c.Marks {
		paths = append(paths, dynvalPath(m))
	}
	problems, err := dynval.AssertObjectCompatible(s, planned, actual, paths, c.SchemaMarks)
	switch {
	case want.Panic != "" && err != nil:
		st.bothRefused.Add(1)
		st.mu.Lock()
		st.panics[want.Panic]++
		st.mu.Unlock()
		return
	case want.Panic != "":
		diff("compat-opentofu-panics", "OpenTofu panics (%s), libdynval returns %d problems", want.Panic, len(problems))
		return
	case err != nil:
		diff("compat-libdynval-error", "libdynval error %v, OpenTofu %q", err, *want.Problems)
		return
	}
	got := []string{}
	for _, p := range problems {
		got = append(got, p.Line())
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(*want.Problems, "\n") {
		if g, w := sortedCopy(got, randomAttrFree), sortedCopy(*want.Problems, randomAttrFree); strings.Join(g, "\n") == strings.Join(w, "\n") {
			st.randomAttr.Add(1)
			st.agreed.Add(1)
			return
		}
		diff("compat-problems", "libdynval:\n    %s\n  OpenTofu:\n    %s", strings.Join(got, "\n    "),
			strings.Join(*want.Problems, "\n    "))
		return
	}
	st.agreed.Add(1)
	if len(got) > 0 {
		st.withProblems.Add(1)
	}
	for _, l := range got {
		if strings.HasSuffix(l, "inconsistent values for sensitive attribute") {
			st.sensitive.Add(1)
			break
		}
	}
}

// randomAttrFree: a problem line with the attribute a wrong-final-type
// message names set aside: go-cty v1.14.4's MismatchMessage reports one of
// the mismatching attributes of an object ("attribute %q", or "element %q"
// for an object where a map is wanted), the first its Go map iteration
// meets.
func randomAttrFree(line string) string {
	const marker = "wrong final value type: "
	i := strings.Index(line, marker)
	if i < 0 || !(strings.Contains(line[i:], "attribute \"") || strings.Contains(line[i:], "element \"")) {
		return line
	}
	return line[:i+len(marker)] + "(a mismatching attribute)"
}

func sortedCopy(lines []string, f func(string) string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = f(l)
	}
	sort.Strings(out)
	return out
}
