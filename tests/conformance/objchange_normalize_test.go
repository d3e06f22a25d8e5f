package conformance

// Cross-check of libdynval's NormalizeLegacySDK against OpenTofu v1.9.1's
// objchange.NormalizeObjectFromLegacySDK, through the same oracle as
// TestProposedNewConformance (objchange_test.go): random schemas, values
// of their implied types whose nested blocks are often null or unknown (at
// every depth and nesting mode), results compared as MessagePack bytes.

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type normalizeCase struct {
	Op    string          `json:"op"` // "normalize"
	Block json.RawMessage `json:"block"`
	Value string          `json:"value"`
}

type normalizeStats struct {
	compared, agreed, stubDiffers, undecodable atomic.Int64
}

// TestNormalizeLegacySDKConformance: seed and count as for
// TestProposedNewConformance (-plan-cases, -short: 500).
func TestNormalizeLegacySDKConformance(t *testing.T) {
	n := *flagPlanCases
	if testing.Short() && n > 500 {
		n = 500
	}
	first := *flagFirst
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	start := time.Now()
	cases := make([]normalizeCase, n)
	for i := range cases {
		cases[i] = r.genNormalizeCase(first + i)
	}
	results := askOracle[normalizeCase, planResult](t, cases)
	var st normalizeStats
	workers := *flagWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	runCases(0, n, workers, func(i int) { r.compareNormalizeCase(first+i, &cases[i], &results[i], &st) })
	t.Logf("seed %d: %d NormalizeObjectFromLegacySDK cases in %v: %d compared, %d identical results, "+
		"%d where OpenTofu panics stubbing an unknown block with a nested-type attribute (cty.UnknownVal of its nil Type) "+
		"and libdynval stubs the attribute with an unknown of its type (docs/plan.md); %d skipped (go-cty v1.14.4 cannot decode their values)",
		r.seed, n, time.Since(start).Round(time.Millisecond), st.compared.Load(), st.agreed.Load(),
		st.stubDiffers.Load(), st.undecodable.Load())
	if len(r.diffs) == 0 {
		t.Logf("0 differences in %d NormalizeObjectFromLegacySDK cases", n)
	}
	r.failOnDifferences("-run TestNormalizeLegacySDKConformance -first=N -plan-cases=1")
}

func (r *runner) genNormalizeCase(i int) normalizeCase {
	seed := r.seed + int64(i) + 11_000_000_000
	g := &gen{r: rand.New(rand.NewSource(seed))}
	blk := g.block(0, false)
	bj, err := json.Marshal(blk)
	if err != nil {
		panic(err)
	}
	ty := blk.impliedType()
	v := g.normBlockVal(blk, 0)
	if g.chance(20) {
		v = cty.NullVal(ty)
	}
	b, err := ctymsgpack.Marshal(v, ty)
	if err != nil {
		panic(fmt.Sprintf("case %d: generated value does not conform: %v (%#v)", i, err, v))
	}
	return normalizeCase{Op: "normalize", Block: bj, Value: hex.EncodeToString(b)}
}

// normBlockVal: a known object of the block's implied type whose nested
// blocks are often null or unknown, what SDKv2-era providers return.
func (g *gen) normBlockVal(b *schemaBlock, d int) cty.Value {
	attrs := map[string]cty.Value{}
	for _, n := range sortedKeys(b.Attributes) {
		attrs[n] = g.planAttrVal(b.Attributes[n], d, false)
	}
	for _, n := range sortedKeys(b.BlockTypes) {
		nb := b.BlockTypes[n]
		child := nb.Block.impliedType()
		switch {
		case g.chance(4):
			attrs[n] = cty.NullVal(nb.typeOf(child))
		case g.chance(4):
			attrs[n] = cty.UnknownVal(nb.typeOf(child))
		case nb.NestingMode == "single" || nb.NestingMode == "group":
			attrs[n] = g.normBlockVal(nb.Block, d+1)
		default:
			elems := make([]cty.Value, g.r.Intn(4))
			for i := range elems {
				elems[i] = g.normBlockVal(nb.Block, d+1)
			}
			attrs[n] = nb.collection(child, child.HasDynamicTypes(), elems, g)
		}
	}
	return cty.ObjectVal(attrs)
}

// stubsNestedType: whether a nested block of b has (at any depth) an
// attribute of a nested type: where an unknown block's stub differs.
func (b *schemaBlock) stubsNestedType() bool {
	for _, nb := range b.BlockTypes {
		if nb.Block.hasNestedTypeAttr() {
			return true
		}
	}
	return false
}

// hasNestedTypeAttr: whether the block (or a block nested in it) has an
// attribute of a nested type, whose unknown-block stub OpenTofu builds as
// an unknown of no type.
func (b *schemaBlock) hasNestedTypeAttr() bool {
	for _, a := range b.Attributes {
		if a.NestedType != nil {
			return true
		}
	}
	for _, nb := range b.BlockTypes {
		if nb.Block.hasNestedTypeAttr() {
			return true
		}
	}
	return false
}

func (r *runner) compareNormalizeCase(i int, c *normalizeCase, want *planResult, st *normalizeStats) {
	diff := func(check, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check,
			input: []byte(fmt.Sprintf("%s value=%s", c.Block, c.Value)), detail: fmt.Sprintf(format, args...)})
	}
	defer func() {
		if p := recover(); p != nil {
			diff("normalize-panic", "%v\n%s", p, debug.Stack())
		}
	}()
	if want.Undecodable != "" {
		st.undecodable.Add(1)
		return
	}
	st.compared.Add(1)
	s, err := dynval.SchemaFromBlockJSON(c.Block, 0)
	if err != nil {
		diff("normalize-schema", "libdynval rejects the schema: %v", err)
		return
	}
	defer s.Close()
	raw, err := hex.DecodeString(c.Value)
	if err != nil {
		panic(err)
	}
	v, err := s.DecodeMsgpack(raw, nil)
	if err != nil {
		diff("normalize-decode", "libdynval cannot decode the value: %v", err)
		return
	}
	defer v.Close()
	got, err := dynval.NormalizeLegacySDK(s, v)
	if err != nil {
		diff("normalize-libdynval-error", "libdynval error %v, OpenTofu %s%s", err, want.Result, want.Panic)
		return
	}
	defer got.Close()
	if want.Panic != "" {
		var blk schemaBlock
		if strings.Contains(want.Panic, "nil pointer dereference") && json.Unmarshal(c.Block, &blk) == nil && blk.stubsNestedType() {
			st.stubDiffers.Add(1) // the deliberate difference
			return
		}
		diff("normalize-opentofu-panics", "OpenTofu panics (%s), libdynval returns %s", want.Panic, got.GoString())
		return
	}
	b, err := s.EncodeMsgpack(got)
	if err != nil {
		diff("normalize-encode", "libdynval cannot encode its result %s: %v", got.GoString(), err)
		return
	}
	if h := hex.EncodeToString(b); h != want.Result {
		diff("normalize-result", "libdynval %s\n  OpenTofu  %s\n  libdynval %s", got.GoString(), want.Result, h)
		return
	}
	st.agreed.Add(1)
}
