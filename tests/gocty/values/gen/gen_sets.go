// gen_sets prints randomly generated cty sets and go-cty's iteration order of
// their elements, for the C++ checker gocty_set_check (tests/gocty/values; this Go module is tests/gocty/values/gen).
//
// Output: one block of three lines per set:
//
//	T <set type JSON>
//	I <input element> <input element> ...   (in SetVal argument order)
//	O <element> <element> ...               (s.AsValueSlice(), go-cty's order)
//
// Input elements say how each value was built:
//
//	n / u / U        null / UnknownVal / UnknownVal(...).RefineNotNull()
//	T / F            BoolVal
//	s<hex>           StringVal of the raw (possibly non-NFC) bytes
//	i<dec> / w<dec>  NumberIntVal / NumberUIntVal
//	f<16 hex>        NumberFloatVal of the float64 bits
//	p<text>          ParseNumberVal(text) (512 bits)
//	[a,b,...]        list, set or tuple elements (by the type)
//	{k=v,...}        map entries or object attributes, k in hex
//
// Output elements use the same grammar except that a number is written as
// N<precision>:<Text('f', -1)> and strings are the stored (NFC) bytes.
package main

import (
	"bufio"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/zclconf/go-cty/cty"
)

var strPool = []string{
	"", "a", "b", "B", "z", "Z", "~", "a~", "a\n", "\t", "\x00", "\x7f", "\"", "\\", "é", "e\u0301",
	"\u00a0", "\u2028", "😀", "\xff", "\ufffd", "\u0378", "\u200b", "日本", "a\u0301", "á", "x y", "-", "%q",
	"\u212b", "\u00c5", "Å", "ﬁ", "\u1100\u1161", "\U0010ffff", "a b", "\a\b\f\v\r", "\u0085", "\u00ad",
}

// Map keys: no two that normalize to the same NFC string (go-cty's MapVal
// would then keep a random one of them).
var keyPool = []string{"", "a", "b", "B", "é", "a\n", "\u00a0", "😀", "\xff", "k", "~"}

var intPool = []int64{-20, -3, -2, -1, 0, 1, 2, 3, 5, 9, 10, 11, 20, 100, 1000000, 12345678901, 9999999999,
	99999999995, 1 << 53, -(1 << 62), math.MaxInt64, math.MinInt64}

var uintPool = []uint64{0, 1, 10, 12345678901, math.MaxUint64, 1 << 63}

var floatPool = []float64{0.1, 0.5, 2.5, 1e-5, 1e21, math.Copysign(0, -1), 0, 1.0 / 3, 123.456, 0.3,
	0.30000000000000004, 1e23, 5e-324, math.Inf(1), math.Inf(-1), 10, 2, -1, 1e10, 0.00001, 1, 3,
	0.12345678905, 1e-320, 9007199254740993, 1e100, -2.25}

var parsePool = []string{"0.1", "2.5", "10", "1e-5", "0.00001", "0.1000000000000000055511151231257827021181583404541015625",
	"99999999995", "1e400", "-0", "0", "12345678901.5", "0.30000000000000004", "1e21", "Inf", "-Inf",
	"3.14159265358979323846264338327950288419716939937510", "0.12345678905", "1", "2", "3", "-1", ".5", "1p4",
	"123456789012345678901234567890.5", "1e-7", "0.3"}

type gen struct{ r *rand.Rand }

func (g *gen) pick(n int) int { return g.r.Intn(n) }

func (g *gen) str() string {
	n := g.pick(3)
	if g.pick(4) == 0 {
		n = 0
	}
	var b strings.Builder
	for i := 0; i <= n && i < 3; i++ {
		b.WriteString(strPool[g.pick(len(strPool))])
		if g.pick(3) == 0 {
			break
		}
	}
	return b.String()
}

var objNames = []string{"a", "b", "n", "name", "B", "é", "a b", ""}

func (g *gen) typ(depth int) cty.Type {
	w := g.pick(24)
	if depth > 1 && w >= 12 {
		w = g.pick(12)
	}
	switch {
	case w < 4:
		return cty.String
	case w < 8:
		return cty.Number
	case w < 9:
		return cty.Bool
	case w < 12:
		return cty.Object(map[string]cty.Type{"n": cty.Number, "name": cty.String})
	case w < 15:
		attrs := map[string]cty.Type{}
		for i := 0; i <= g.pick(3); i++ {
			attrs[objNames[g.pick(len(objNames))]] = g.typ(depth + 1)
		}
		return cty.Object(attrs)
	case w < 17:
		return cty.List(g.typ(depth + 1))
	case w < 19:
		return cty.Set(g.typ(depth + 1))
	case w < 21:
		return cty.Map(g.typ(depth + 1))
	default:
		n := 1 + g.pick(3)
		ts := make([]cty.Type, n)
		for i := range ts {
			ts[i] = g.typ(depth + 1)
		}
		return cty.Tuple(ts)
	}
}

func hexs(s string) string { return hex.EncodeToString([]byte(s)) }

func (g *gen) number() (cty.Value, string) {
	switch g.pick(4) {
	case 0:
		v := intPool[g.pick(len(intPool))]
		return cty.NumberIntVal(v), "i" + strconv.FormatInt(v, 10)
	case 1:
		if g.pick(3) == 0 {
			v := uintPool[g.pick(len(uintPool))]
			return cty.NumberUIntVal(v), "w" + strconv.FormatUint(v, 10)
		}
		v := int64(g.pick(41) - 20)
		return cty.NumberIntVal(v), "i" + strconv.FormatInt(v, 10)
	case 2:
		f := floatPool[g.pick(len(floatPool))]
		return cty.NumberFloatVal(f), fmt.Sprintf("f%016x", math.Float64bits(f))
	default:
		s := parsePool[g.pick(len(parsePool))]
		return cty.MustParseNumberVal(s), "p" + s
	}
}

func (g *gen) value(t cty.Type, depth int) (cty.Value, string) {
	p := g.pick(100)
	switch {
	case p < 3:
		return cty.NullVal(t), "n"
	case p < 6:
		return cty.UnknownVal(t), "u"
	case p < 8:
		return cty.UnknownVal(t).RefineNotNull(), "U"
	}
	switch {
	case t == cty.String:
		s := g.str()
		return cty.StringVal(s), "s" + hexs(s)
	case t == cty.Number:
		return g.number()
	case t == cty.Bool:
		if g.pick(2) == 0 {
			return cty.False, "F"
		}
		return cty.True, "T"
	case t.IsListType() || t.IsSetType():
		n := g.pick(4)
		if depth > 2 {
			n = g.pick(2)
		}
		et := t.ElementType()
		vals := make([]cty.Value, n)
		encs := make([]string, n)
		for i := range vals {
			vals[i], encs[i] = g.value(et, depth+1)
		}
		enc := "[" + strings.Join(encs, ",") + "]"
		if t.IsListType() {
			if n == 0 {
				return cty.ListValEmpty(et), enc
			}
			return cty.ListVal(vals), enc
		}
		if n == 0 {
			return cty.SetValEmpty(et), enc
		}
		return cty.SetVal(vals), enc
	case t.IsMapType():
		n := g.pick(4)
		et := t.ElementType()
		m := map[string]cty.Value{}
		encs := map[string]string{}
		for i := 0; i < n; i++ {
			k := keyPool[g.pick(len(keyPool))]
			m[k], encs[k] = g.value(et, depth+1)
		}
		if len(m) == 0 {
			return cty.MapValEmpty(et), "{}"
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = hexs(k) + "=" + encs[k]
		}
		return cty.MapVal(m), "{" + strings.Join(parts, ",") + "}"
	case t.IsObjectType():
		names := make([]string, 0)
		for k := range t.AttributeTypes() {
			names = append(names, k)
		}
		sort.Strings(names)
		m := map[string]cty.Value{}
		parts := make([]string, len(names))
		for i, k := range names {
			var e string
			m[k], e = g.value(t.AttributeType(k), depth+1)
			parts[i] = hexs(k) + "=" + e
		}
		return cty.ObjectVal(m), "{" + strings.Join(parts, ",") + "}"
	case t.IsTupleType():
		ets := t.TupleElementTypes()
		vals := make([]cty.Value, len(ets))
		encs := make([]string, len(ets))
		for i, et := range ets {
			vals[i], encs[i] = g.value(et, depth+1)
		}
		return cty.TupleVal(vals), "[" + strings.Join(encs, ",") + "]"
	}
	panic("unexpected type " + t.GoString())
}

// out encodes a stored value canonically (see the file comment).
func out(v cty.Value) string {
	if v.IsNull() {
		return "n"
	}
	if !v.IsKnown() {
		if v.Range().DefinitelyNotNull() {
			return "U"
		}
		return "u"
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return "s" + hexs(v.AsString())
	case t == cty.Number:
		f := v.AsBigFloat()
		return fmt.Sprintf("N%d:%s", f.Prec(), f.Text('f', -1))
	case t == cty.Bool:
		if v.True() {
			return "T"
		}
		return "F"
	case t.IsListType() || t.IsSetType() || t.IsTupleType():
		var parts []string
		for _, e := range v.AsValueSlice() {
			parts = append(parts, out(e))
		}
		return "[" + strings.Join(parts, ",") + "]"
	case t.IsMapType() || t.IsObjectType():
		m := v.AsValueMap()
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = hexs(k) + "=" + out(m[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	panic("unexpected type " + t.GoString())
}

func main() {
	seed := flag.Int64("seed", 1, "random seed")
	count := flag.Int("n", 100000, "number of sets")
	flag.Parse()
	g := &gen{r: rand.New(rand.NewSource(*seed))}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	for c := 0; c < *count; c++ {
		et := g.typ(0)
		// A small pool of values, drawn from repeatedly, makes duplicates.
		poolSize := 1 + g.pick(8)
		n := 1 + g.pick(14)
		if g.pick(50) == 0 {
			n = 40 + g.pick(60)
			poolSize = 5 + g.pick(40)
		}
		pool := make([]cty.Value, poolSize)
		pencs := make([]string, poolSize)
		for i := range pool {
			pool[i], pencs[i] = g.value(et, 1)
		}
		vals := make([]cty.Value, n)
		encs := make([]string, n)
		for i := range vals {
			j := g.pick(poolSize)
			vals[i], encs[i] = pool[j], pencs[j]
		}
		s := cty.SetVal(vals)
		tj, err := cty.Set(et).MarshalJSON()
		if err != nil {
			panic(err)
		}
		var outs []string
		for _, e := range s.AsValueSlice() {
			outs = append(outs, out(e))
		}
		fmt.Fprintf(w, "T %s\nI %s\nO %s\n", tj, strings.Join(encs, " "), strings.Join(outs, " "))
	}
}
