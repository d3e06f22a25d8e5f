package conformance

// Cross-check of libdynval's ProposedNew and PlannedDataResourceObject
// against OpenTofu v1.9.1's objchange package. OpenTofu's packages are
// internal (no other module may import them) and pin an older go-cty than
// this suite, so the OpenTofu side is a program of its own, built by
// scripts/objchange-oracle.sh from a scratch copy of the packages (never
// from the repository); bindings/go/test.sh builds it and names it in
// $DYNVAL_OBJCHANGE_ORACLE. The test writes random (schema, prior, config)
// cases to the oracle, reads its results, runs the same cases through the
// Go binding and compares the MessagePack of the results byte for byte.

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

const defaultPlanCases = 3000

var flagPlanCases = flag.Int("plan-cases", int(envInt("DYNVAL_CONF_PLAN_CASES", defaultPlanCases)),
	"number of random ProposedNew cases (env DYNVAL_CONF_PLAN_CASES)")

// planCase is one line of the oracle's input.
type planCase struct {
	Op     string          `json:"op"` // "proposed" or "data"
	Block  json.RawMessage `json:"block"`
	Prior  string          `json:"prior,omitempty"`
	Config string          `json:"config"`
}

type planResult struct {
	Result      string `json:"result"`
	Panic       string `json:"panic"`
	Undecodable string `json:"undecodable"`
}

type planStats struct {
	proposed, data, agreed, bothRefused, undecodable atomic.Int64

	mu     sync.Mutex
	panics map[string]int // OpenTofu's panic message -> cases both refused
}

// TestProposedNewConformance: the seed is the suite's (-seed,
// DYNVAL_CONF_SEED), the count -plan-cases or DYNVAL_CONF_PLAN_CASES
// (-short: 500).
func TestProposedNewConformance(t *testing.T) {
	n := *flagPlanCases
	if testing.Short() && n > 500 {
		n = 500
	}
	first := *flagFirst
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	start := time.Now()

	cases := make([]planCase, n)
	for i := range cases {
		cases[i] = r.genPlanCase(first + i)
	}
	results := askOracle[planCase, planResult](t, cases)
	oracleTime := time.Since(start)

	st := planStats{panics: map[string]int{}}
	workers := *flagWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	runCases(0, n, workers, func(i int) { r.comparePlanCase(first+i, &cases[i], &results[i], &st) })
	t.Logf("seed %d: %d ProposedNew cases in %v (OpenTofu v1.9.1 oracle %v): %d compared (%d proposed, %d data source): %d identical results, %d refused by both (OpenTofu panics, libdynval returns an error); %d skipped (go-cty v1.14.4 cannot decode their values)",
		r.seed, n, time.Since(start).Round(time.Millisecond), oracleTime.Round(time.Millisecond),
		st.proposed.Load()+st.data.Load(), st.proposed.Load(), st.data.Load(), st.agreed.Load(), st.bothRefused.Load(),
		st.undecodable.Load())
	for _, msg := range sortedKeys(st.panics) {
		t.Logf("OpenTofu panics, libdynval returns an error: %d cases: %s", st.panics[msg], msg)
	}
	if len(r.diffs) == 0 {
		t.Logf("0 differences in %d ProposedNew cases", n)
	}
	r.failOnDifferences("-run TestProposedNewConformance -first=N -plan-cases=1")
}

// askOracle writes the cases to OpenTofu's side ($DYNVAL_OBJCHANGE_ORACLE,
// one JSON line each) and reads its answers, one per case.
func askOracle[C, R any](t *testing.T, cases []C) []R {
	t.Helper()
	oracle := os.Getenv("DYNVAL_OBJCHANGE_ORACLE")
	if oracle == "" {
		// Not a skip: a suite that cannot reach its oracle has checked nothing.
		t.Fatal("DYNVAL_OBJCHANGE_ORACLE is not set: build the oracle with scripts/objchange-oracle.sh DIR " +
			"and set it to DIR/objchange-oracle (bindings/go/test.sh does both)")
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(oracle)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", oracle, err)
	}
	results := make([]R, 0, len(cases))
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		var res R
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	if len(results) != len(cases) {
		t.Fatalf("the oracle answered %d of %d cases", len(results), len(cases))
	}
	return results
}

// genPlanCase builds case i: a random schema, a prior of its implied type
// and a configuration derived from the prior (kept, changed, dropped and
// added attributes and elements), so that the pairing rules meet both
// matching and differing elements.
func (r *runner) genPlanCase(i int) planCase {
	seed := r.seed + int64(i) + 9_000_000_000
	g := &gen{r: rand.New(rand.NewSource(seed))}
	blk := g.block(0, false)
	bj, err := json.Marshal(blk)
	if err != nil {
		panic(err)
	}
	ty := blk.impliedType()
	mp := func(v cty.Value) string {
		b, err := ctymsgpack.Marshal(v, ty)
		if err != nil {
			panic(fmt.Sprintf("case %d: generated value does not conform: %v (%#v)", i, err, v))
		}
		return hex.EncodeToString(b)
	}
	if g.chance(4) {
		config := g.planBlockVal(blk, 0, true)
		return planCase{Op: "data", Block: bj, Config: mp(config)}
	}
	var prior, config cty.Value
	switch k := g.r.Intn(20); {
	case k == 0:
		prior, config = cty.NullVal(ty), cty.NullVal(ty)
	case k < 3:
		prior, config = cty.NullVal(ty), g.planBlockVal(blk, 0, true)
	case k == 3:
		prior, config = g.planBlockVal(blk, 0, false), cty.NullVal(ty)
	case k == 4:
		prior, config = g.planBlockVal(blk, 0, false), cty.UnknownVal(ty)
	case k == 5:
		prior, config = g.planBlockVal(blk, 0, false), g.planBlockVal(blk, 0, true)
	default:
		prior = g.planBlockVal(blk, 0, false)
		config = g.planConfig(blk, prior, 0)
	}
	return planCase{Op: "proposed", Block: bj, Prior: mp(prior), Config: mp(config)}
}

// planAttrVal: a random value of an attribute (any value of its implied
// type, dynamic parts made concrete). As configuration, computed-only
// attributes are mostly null.
func (g *gen) planAttrVal(a *schemaAttr, d int, config bool) cty.Value {
	t := a.impliedType()
	if config && a.Computed && !a.Optional && !g.chance(10) {
		return cty.NullVal(t)
	}
	return g.value(g.concretize(t, d+1), d+1)
}

// planBlockVal: a known object of the block's implied type.
func (g *gen) planBlockVal(b *schemaBlock, d int, config bool) cty.Value {
	attrs := map[string]cty.Value{}
	for _, n := range sortedKeys(b.Attributes) {
		attrs[n] = g.planAttrVal(b.Attributes[n], d, config)
	}
	for _, n := range sortedKeys(b.BlockTypes) {
		attrs[n] = g.planNestedVal(b.BlockTypes[n], d, config)
	}
	return cty.ObjectVal(attrs)
}

func (g *gen) planNestedVal(nb *schemaNested, d int, config bool) cty.Value {
	child := nb.Block.impliedType()
	dyn := child.HasDynamicTypes()
	if nb.NestingMode != "single" && nb.NestingMode != "group" && g.chance(15) {
		return cty.UnknownVal(nb.typeOf(child)) // dynamic with an unknown for_each
	}
	switch nb.NestingMode {
	case "single":
		if g.chance(3) {
			return cty.NullVal(child)
		}
		return g.planBlockVal(nb.Block, d+1, config)
	case "group":
		return g.planBlockVal(nb.Block, d+1, config)
	}
	n := g.r.Intn(4)
	elems := make([]cty.Value, n)
	for i := range elems {
		elems[i] = g.planBlockVal(nb.Block, d+1, config)
	}
	return nb.collection(child, dyn, elems, g)
}

// typeOf: the type a nested block's value has in its parent (DynamicPseudoType
// for LIST and MAP blocks with dynamic content).
func (nb *schemaNested) typeOf(child cty.Type) cty.Type {
	dyn := child.HasDynamicTypes()
	switch nb.NestingMode {
	case "list":
		if dyn {
			return cty.DynamicPseudoType
		}
		return cty.List(child)
	case "set":
		return cty.Set(child)
	case "map":
		if dyn {
			return cty.DynamicPseudoType
		}
		return cty.Map(child)
	}
	return child
}

// collection builds a LIST, SET or MAP block value from its elements: a
// tuple or object when the content has dynamic types (as hcldec builds it).
func (nb *schemaNested) collection(child cty.Type, dyn bool, elems []cty.Value, g *gen) cty.Value {
	switch nb.NestingMode {
	case "list":
		if dyn {
			return cty.TupleVal(elems)
		}
		if len(elems) == 0 {
			return cty.ListValEmpty(child)
		}
		return cty.ListVal(elems)
	case "set":
		if len(elems) == 0 {
			return cty.SetValEmpty(child)
		}
		return cty.SetVal(elems)
	}
	m := map[string]cty.Value{}
	for i, e := range elems {
		m[[]string{"a", "b", "c", "d", "e", "f"}[i%6]] = e
	}
	if dyn {
		return cty.ObjectVal(m)
	}
	if len(m) == 0 {
		return cty.MapValEmpty(child)
	}
	return cty.MapVal(m)
}

// planConfig derives a configuration from a prior: attributes kept,
// changed or nulled by their flags, nested elements kept (changed), dropped
// or added.
func (g *gen) planConfig(b *schemaBlock, prior cty.Value, d int) cty.Value {
	if prior.IsNull() || !prior.IsKnown() {
		return g.planBlockVal(b, d, true)
	}
	attrs := map[string]cty.Value{}
	for _, n := range sortedKeys(b.Attributes) {
		a := b.Attributes[n]
		pv := prior.GetAttr(n)
		switch {
		case a.Computed && !a.Optional:
			attrs[n] = cty.NullVal(a.impliedType())
			if g.chance(10) {
				attrs[n] = pv
			}
		case a.Computed && g.chance(2):
			attrs[n] = cty.NullVal(a.impliedType())
		case g.chance(3):
			attrs[n] = g.planAttrVal(a, d, true)
		default:
			attrs[n] = pv
		}
	}
	for _, n := range sortedKeys(b.BlockTypes) {
		nb := b.BlockTypes[n]
		attrs[n] = g.planNestedConfig(nb, prior.GetAttr(n), d)
	}
	return cty.ObjectVal(attrs)
}

func (g *gen) planNestedConfig(nb *schemaNested, prior cty.Value, d int) cty.Value {
	child := nb.Block.impliedType()
	dyn := child.HasDynamicTypes()
	switch nb.NestingMode {
	case "single":
		if g.chance(6) {
			return cty.NullVal(child)
		}
		return g.planConfig(nb.Block, prior, d+1)
	case "group":
		return g.planConfig(nb.Block, prior, d+1)
	}
	if prior.IsNull() || !prior.IsKnown() || g.chance(10) {
		return g.planNestedVal(nb, d, true)
	}
	var elems []cty.Value
	for it := prior.ElementIterator(); it.Next(); {
		_, pe := it.Element()
		if g.chance(6) {
			continue
		}
		elems = append(elems, g.planConfig(nb.Block, pe, d+1))
	}
	for g.chance(4) {
		elems = append(elems, g.planBlockVal(nb.Block, d+1, true))
	}
	if nb.NestingMode == "map" {
		// Keys: the prior's where kept (in order), then new ones.
		return nb.collection(child, dyn, elems, g)
	}
	g.r.Shuffle(len(elems), func(i, j int) { elems[i], elems[j] = elems[j], elems[i] })
	return nb.collection(child, dyn, elems, g)
}

// hexDecoder decodes hex MessagePack by s's implied type; it panics on bad
// input, which the comparing function's recover reports as a difference.
func hexDecoder(s *dynval.Schema) func(string) *dynval.Value {
	return func(h string) *dynval.Value {
		b, err := hex.DecodeString(h)
		if err != nil {
			panic(err)
		}
		v, err := s.DecodeMsgpack(b, nil)
		if err != nil {
			panic(fmt.Sprintf("decoding %s: %v", h, err))
		}
		return v
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// comparePlanCase runs case i through libdynval and compares the result
// with the oracle's.
func (r *runner) comparePlanCase(i int, c *planCase, want *planResult, st *planStats) {
	diff := func(check, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check,
			input:  []byte(fmt.Sprintf("%s prior=%s config=%s", c.Block, c.Prior, c.Config)),
			detail: fmt.Sprintf(format, args...)})
	}
	defer func() {
		if p := recover(); p != nil {
			diff("plan-panic", "%v\n%s", p, debug.Stack())
		}
	}()
	if want.Undecodable != "" {
		st.undecodable.Add(1)
		return
	}
	if c.Op == "data" {
		st.data.Add(1)
	} else {
		st.proposed.Add(1)
	}
	s, err := dynval.SchemaFromBlockJSON(c.Block, 0)
	if err != nil {
		diff("plan-schema", "libdynval rejects the schema: %v", err)
		return
	}
	defer s.Close()
	decode := hexDecoder(s)
	config := decode(c.Config)
	defer config.Close()
	var got *dynval.Value
	if c.Op == "data" {
		got, err = dynval.PlannedDataResourceObject(s, config)
	} else {
		prior := decode(c.Prior)
		defer prior.Close()
		got, err = dynval.ProposedNew(s, prior, config)
	}
	if err == nil {
		defer got.Close()
	}
	switch {
	case want.Panic != "" && err != nil:
		st.bothRefused.Add(1)
		st.mu.Lock()
		st.panics[want.Panic]++
		st.mu.Unlock()
	case want.Panic != "":
		diff("plan-opentofu-panics", "OpenTofu panics (%s), libdynval returns %s", want.Panic, got.GoString())
	case err != nil:
		diff("plan-libdynval-error", "libdynval error %v, OpenTofu %s", err, want.Result)
	default:
		b, err := s.EncodeMsgpack(got)
		if err != nil {
			diff("plan-encode", "libdynval cannot encode its result %s: %v", got.GoString(), err)
			return
		}
		if h := hex.EncodeToString(b); h != want.Result {
			diff("plan-result", "libdynval %s\n  OpenTofu  %s\n  libdynval %s", got.GoString(), want.Result, h)
			return
		}
		st.agreed.Add(1)
	}
}
