package conformance

import (
	"math"
	"math/big"
	"math/rand"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"golang.org/x/text/unicode/norm"
)

// gen generates random cty types and values. All randomness comes from r, so
// a case is reproducible from its seed alone.
type gen struct {
	r *rand.Rand
	// conv: values for conversion cases (convert_test.go): strings are
	// often numeric or boolean texts, numbers small integers or of a
	// precision the binding can build, map keys attribute names.
	conv bool
}

const maxDepth = 4

func (g *gen) chance(n int) bool { return g.r.Intn(n) == 0 }

// typ returns a random type, which may contain the dynamic pseudo-type.
func (g *gen) typ(d int) cty.Type {
	if d >= maxDepth {
		return [...]cty.Type{cty.String, cty.Number, cty.Bool, cty.DynamicPseudoType}[g.r.Intn(4)]
	}
	switch g.r.Intn(13) {
	case 0, 1:
		return cty.String
	case 2, 3:
		return cty.Number
	case 4:
		return cty.Bool
	case 5:
		return cty.DynamicPseudoType
	case 6:
		return cty.List(g.typ(d + 1))
	case 7:
		if g.chance(3) {
			// Sets of objects with numbers and (escaped) strings: their order
			// depends on go-cty's hash-byte comparator.
			return cty.Set(cty.Object(map[string]cty.Type{"n": cty.Number, "s": cty.String}))
		}
		return cty.Set(g.typ(d + 1))
	case 8:
		return cty.Map(g.typ(d + 1))
	case 9, 10:
		n := g.r.Intn(5)
		attrs := make(map[string]cty.Type, n)
		for i := 0; i < n; i++ {
			attrs[g.attrName()] = g.typ(d + 1)
		}
		return cty.Object(attrs)
	case 11:
		n := g.r.Intn(4)
		elems := make([]cty.Type, n) // never nil: see TestTupleNilTypeJSON
		for i := range elems {
			elems[i] = g.typ(d + 1)
		}
		return cty.Tuple(elems)
	default:
		return cty.List(cty.Object(map[string]cty.Type{"id": cty.String, "v": cty.DynamicPseudoType}))
	}
}

var attrNames = []string{"a", "b", "B", "aa", "é", "<&>", "id", "name", "_", "a b", "\u00a0", "x\ny", "😀", "", "Zoë", "\u2028", "\"q\"", "ß", "Å"}

func (g *gen) attrName() string { return attrNames[g.r.Intn(len(attrNames))] }

// concretize replaces the dynamic pseudo-types of a schema type by the
// concrete types the values at those positions will have. A position may
// stay dynamic (its values are then null or unknown of the dynamic type).
// Elements of one collection share one concrete type, as cty requires.
func (g *gen) concretize(t cty.Type, d int) cty.Type {
	switch {
	case t == cty.DynamicPseudoType:
		if g.chance(4) {
			return cty.DynamicPseudoType
		}
		return g.concretize(g.typ(d+1), d+1) // may nest further dynamics
	case t.IsListType():
		return cty.List(g.concretize(t.ElementType(), d+1))
	case t.IsSetType():
		return cty.Set(g.concretize(t.ElementType(), d+1))
	case t.IsMapType():
		return cty.Map(g.concretize(t.ElementType(), d+1))
	case t.IsObjectType():
		attrs := map[string]cty.Type{}
		ats := t.AttributeTypes()
		for _, n := range sortedAttrNames(ats) { // sorted: map order is random
			attrs[n] = g.concretize(ats[n], d+1)
		}
		return cty.Object(attrs)
	case t.IsTupleType():
		elems := []cty.Type{}
		for _, et := range t.TupleElementTypes() {
			elems = append(elems, g.concretize(et, d+1))
		}
		return cty.Tuple(elems)
	}
	return t
}

// value returns a random value of the concrete type t (see concretize).
func (g *gen) value(t cty.Type, d int) cty.Value {
	if t == cty.DynamicPseudoType {
		if g.chance(2) {
			return cty.NullVal(cty.DynamicPseudoType)
		}
		return cty.DynamicVal
	}
	switch g.r.Intn(12) {
	case 0:
		return cty.NullVal(t)
	case 1:
		return g.unknown(t)
	}
	switch {
	case t == cty.String:
		if g.conv && g.chance(2) {
			return cty.StringVal(convStrs[g.r.Intn(len(convStrs))])
		}
		return cty.StringVal(g.str())
	case t == cty.Number:
		if g.conv {
			return g.convNumber()
		}
		return g.number()
	case t == cty.Bool:
		return cty.BoolVal(g.chance(2))
	case t.IsListType(), t.IsSetType():
		n := g.length(d)
		if t.IsSetType() && g.chance(5) {
			n = 5 + g.r.Intn(15)
		}
		elems := make([]cty.Value, n)
		for i := range elems {
			elems[i] = g.value(t.ElementType(), d+1)
		}
		if n == 0 {
			if t.IsListType() {
				return cty.ListValEmpty(t.ElementType())
			}
			return cty.SetValEmpty(t.ElementType())
		}
		if t.IsListType() {
			return cty.ListVal(elems)
		}
		return cty.SetVal(elems)
	case t.IsMapType():
		n := g.length(d)
		m := map[string]cty.Value{}
		for i := 0; i < n; i++ {
			k := g.str()
			if g.conv {
				k = g.attrName()
			}
			m[norm.NFC.String(k)] = g.value(t.ElementType(), d+1)
		}
		if len(m) == 0 {
			return cty.MapValEmpty(t.ElementType())
		}
		return cty.MapVal(m)
	case t.IsObjectType():
		attrs := map[string]cty.Value{}
		ats := t.AttributeTypes()
		for _, n := range sortedAttrNames(ats) {
			attrs[n] = g.value(ats[n], d+1)
		}
		return cty.ObjectVal(attrs)
	case t.IsTupleType():
		elems := []cty.Value{}
		for _, et := range t.TupleElementTypes() {
			elems = append(elems, g.value(et, d+1))
		}
		return cty.TupleVal(elems)
	}
	panic("unexpected type " + t.FriendlyName())
}

func (g *gen) length(d int) int {
	if d > 2 {
		return g.r.Intn(3)
	}
	return g.r.Intn(5)
}

// unknown returns an unknown of type t with random refinements (which
// go-cty may collapse into a known value).
func (g *gen) unknown(t cty.Type) (v cty.Value) {
	u := cty.UnknownVal(t)
	if g.chance(3) {
		return u
	}
	defer func() {
		// The refinement builder panics on contradictions; fall back to an
		// unrefined unknown (the generator only wants consistent values).
		if recover() != nil {
			v = u
		}
	}()
	b := u.Refine()
	if g.chance(2) {
		b = b.NotNull()
	}
	switch {
	case t == cty.String:
		if !g.chance(4) {
			b = b.StringPrefix(g.prefixStr())
		}
	case t == cty.Number:
		lo, hi := g.bound(), g.bound()
		if lo.IsKnown() && hi.IsKnown() && hi.LessThan(lo).True() {
			lo, hi = hi, lo
		}
		if lo.RawEquals(hi) || lo.Equals(hi).True() {
			if g.chance(2) {
				b = b.NumberRangeInclusive(lo, hi)
				break
			}
			hi = cty.PositiveInfinity
		}
		switch g.r.Intn(4) {
		case 0:
			b = b.NumberRangeLowerBound(lo, g.chance(2))
		case 1:
			b = b.NumberRangeUpperBound(hi, g.chance(2))
		default:
			b = b.NumberRangeLowerBound(lo, g.chance(2)).NumberRangeUpperBound(hi, g.chance(2))
		}
	case t.IsListType() || t.IsSetType() || t.IsMapType():
		lo := g.r.Intn(4)
		hi := lo + g.r.Intn(3)
		if g.chance(8) {
			// Large bounds, never equal: NotNull with length [n,n] collapses
			// to a known list of n unknowns, too big to test for large n.
			lo = g.r.Intn(1 << 20)
			hi = lo + 1 + g.r.Intn(2)
		}
		if g.chance(8) {
			hi = lo + g.r.Intn(1<<30)
		}
		switch g.r.Intn(3) {
		case 0:
			b = b.CollectionLengthLowerBound(lo)
		case 1:
			b = b.CollectionLengthUpperBound(hi)
		default:
			b = b.CollectionLengthLowerBound(lo).CollectionLengthUpperBound(hi)
		}
	}
	return b.NewValue()
}

// bound returns a number for a refinement bound, mostly short enough for
// go-cty's 1 KiB refinement payload limit.
func (g *gen) bound() cty.Value {
	for {
		n := g.number()
		if n.AsBigFloat().IsInf() || len(n.AsBigFloat().Text('f', -1)) < 200 || g.chance(50) {
			return n
		}
	}
}

var numberTexts = []string{"0", "1", "-1", "127", "128", "-32", "-33", "255", "256", "65535", "65536",
	"4294967295", "4294967296", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
	"18446744073709551615", "18446744073709551616", "0.1", "0.8", "1e-7", "1e21", "1e100", "1p4", ".5", "5.",
	"+7", "-0", "Inf", "-inf", "+Inf", "0.30000000000000004", "123.456", "1e-400", "-2.5e-320", "5e-324",
	"1.7976931348623157e308", "1.8e308", "0.000001", "99999999995", "12345678901"}

// number returns a random known number of any precision.
func (g *gen) number() cty.Value {
	r := g.r
	switch r.Intn(12) {
	case 0:
		return cty.NumberIntVal(int64(r.Intn(600) - 300))
	case 1:
		edges := []int64{math.MinInt64, math.MaxInt64, math.MinInt32, math.MaxInt32, -129, -128, 1 << 53, -(1 << 53) - 1}
		if r.Intn(2) == 0 {
			return cty.NumberIntVal(edges[r.Intn(len(edges))])
		}
		return cty.NumberIntVal(int64(r.Uint64()) >> r.Intn(64))
	case 2:
		if r.Intn(4) == 0 {
			return cty.NumberUIntVal(math.MaxUint64)
		}
		return cty.NumberUIntVal(r.Uint64() >> r.Intn(64))
	case 3:
		for {
			f := math.Float64frombits(r.Uint64())
			if !math.IsNaN(f) {
				return cty.NumberFloatVal(f)
			}
		}
	case 4: // subnormals
		f := math.Float64frombits(r.Uint64() & (1<<52 - 1))
		if r.Intn(2) == 0 {
			f = -f
		}
		return cty.NumberFloatVal(f)
	case 5: // powers of two, over the whole binary64 range
		f := math.Ldexp(1, r.Intn(2098)-1074)
		if r.Intn(2) == 0 {
			f = -f
		}
		return cty.NumberFloatVal(f)
	case 6: // short decimals computed in binary64
		return cty.NumberFloatVal(float64(r.Intn(200000)-100000) / []float64{10, 100, 1000, 3, 7}[r.Intn(5)])
	case 7: // long decimals at 512 bits
		return mustParse(g.digits(1+r.Intn(40)) + "." + g.digits(1+r.Intn(60)))
	case 8: // huge and tiny exponents
		exp := r.Intn(700) - 350
		if r.Intn(40) == 0 { // rarer: go-cty renders these slowly
			exp = r.Intn(6000) - 3000
		}
		return mustParse(g.sign() + g.digits(1) + "." + g.digits(r.Intn(30)) + "e" + strconv.Itoa(exp))
	case 9: // long integers
		return mustParse(g.sign() + g.digits(1+r.Intn(45)))
	case 10:
		switch r.Intn(4) {
		case 0:
			return cty.PositiveInfinity
		case 1:
			return cty.NegativeInfinity
		case 2:
			return cty.NumberFloatVal(math.Copysign(0, -1))
		}
		return cty.NumberVal(new(big.Float).SetPrec(uint(1 + r.Intn(200))).SetFloat64(r.NormFloat64()))
	default:
		return mustParse(numberTexts[r.Intn(len(numberTexts))])
	}
}

func (g *gen) sign() string {
	if g.chance(2) {
		return "-"
	}
	return ""
}

func (g *gen) digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + g.r.Intn(10))
	}
	return string(b)
}

func mustParse(s string) cty.Value {
	v, err := cty.ParseNumberVal(s)
	if err != nil {
		panic(s + ": " + err.Error())
	}
	return v
}

// Pieces of strings: escapes, HTML-sensitive characters, line separators,
// non-ASCII, emoji, and non-NFC sequences (decomposed accents, singletons,
// Hangul jamo, composition exclusions).
var strPieces = []string{
	"a", "b", "z", "A", "~", " ", "-", "0", "9", "<", ">", "&", "\"", "\\", "\n", "\r", "\t", "\b", "\f",
	"\x00", "\x01", "\x1f", "\x7f", "\u2028", "\u2029", "\u00a0", "é", "ß", "😀", "\ufffd", "日本",
	"e\u0301", "A\u030a", "\u212b", "\u1100\u1161\u11a8", "o\u0308\u0301", "\u0958", "\u0301", "ﬁ",
	"\U0001F1E9\U0001F1EA", "👩\u200d💻",
}

func (g *gen) str() string {
	r := g.r
	switch r.Intn(8) {
	case 0:
		return ""
	case 1, 2:
		return []string{"a", "b", "B", "foo", "hello", "arn:aws:x", "sg-1", "10.0.0.1"}[r.Intn(8)]
	case 3:
		if r.Intn(30) == 0 {
			return string([]byte{0xff, 'a', 0xc3}) // invalid UTF-8 is kept as it is
		}
		fallthrough
	default:
		var b strings.Builder
		n := r.Intn(8)
		if r.Intn(10) == 0 {
			n = 20 + r.Intn(200)
		}
		for i := 0; i < n; i++ {
			b.WriteString(strPieces[r.Intn(len(strPieces))])
		}
		return b.String()
	}
}

// prefixStr returns prefixes around go-cty's 256-byte encoding limit, with
// multi-byte and combining characters near the cut.
func (g *gen) prefixStr() string {
	if g.chance(2) {
		return g.str()
	}
	var b strings.Builder
	target := 240 + g.r.Intn(40)
	for b.Len() < target {
		if g.chance(3) {
			b.WriteString(strPieces[g.r.Intn(len(strPieces))])
		} else {
			b.WriteByte(byte('a' + g.r.Intn(26)))
		}
	}
	return b.String()
}

// shuffled returns a copy of vals in random order.
func (g *gen) shuffled(vals []cty.Value) []cty.Value {
	out := append([]cty.Value(nil), vals...)
	g.r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func sortedAttrNames(m map[string]cty.Type) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
