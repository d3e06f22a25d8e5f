// Command gen prints the golden vectors of libdynval's tests: the bytes and
// text that go-cty v1.18.1 itself writes (msgpack and JSON encoding, type
// JSON, set hash text) and what its decoders return for hand-made inputs,
// including the inputs on which it fails or panics. The tests build the same
// value or input from each row's label and compare libdynval's result with
// the row (tests/data/README.md describes the format).
//
// Regenerate with scripts/gen-golden.sh; tests/golden/check-regen.sh (a
// test of the suite) checks that the committed file is what this prints.
package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"strings"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

var out = bufio.NewWriter(os.Stdout)

// row writes one tab-separated row; "-" stands for an empty field. No field
// may hold a tab or a newline (every field is hex, Go syntax, JSON or a
// one-line message) or be "-" itself.
func row(kind, label, typ, input, output string) {
	fields := []*string{&label, &typ, &input, &output}
	for _, f := range fields {
		if *f == "-" || strings.ContainsAny(*f, "\t\n") {
			panic(fmt.Sprintf("%s %q: field %q is \"-\" or holds a tab or newline", kind, label, *f))
		}
		if *f == "" {
			*f = "-"
		}
	}
	fmt.Fprintf(out, "%s\t%s\t%s\t%s\t%s\n", kind, label, typ, input, output)
}

func typeJSON(t cty.Type) string {
	b, err := t.MarshalJSON()
	if err != nil {
		panic(err)
	}
	return string(b)
}

// guard runs f and turns a panic of go-cty into the text "PANIC <message>".
func guard(f func() string) (s string) {
	defer func() {
		if p := recover(); p != nil {
			s = fmt.Sprintf("PANIC %v", p)
		}
	}()
	return f()
}

// decoded prints a decoder's result: the value in Go syntax, or the error's
// message (%q) and cty path.
func decoded(v cty.Value, err error) string {
	if err != nil {
		var pe cty.PathError
		path := cty.Path{}
		if errors.As(err, &pe) {
			path = pe.Path
		}
		return fmt.Sprintf("ERR %q path=%#v", err.Error(), path)
	}
	return v.GoString()
}

func valueText(v cty.Value) string { return v.GoString() }

// mp: MP row, v marshalled as t with cty/msgpack (hex, or "ERR message").
func mp(label string, v cty.Value, t cty.Type) {
	row("MP", label, typeJSON(t), valueText(v), guard(func() string {
		b, err := ctymsgpack.Marshal(v, t)
		if err != nil {
			return "ERR " + err.Error()
		}
		return hex.EncodeToString(b)
	}))
}

// js: JS row, v marshalled as t with cty/json (the text, or "ERR message").
func js(label string, v cty.Value, t cty.Type) {
	row("JS", label, typeJSON(t), valueText(v), guard(func() string {
		b, err := ctyjson.Marshal(v, t)
		if err != nil {
			return "ERR " + err.Error()
		}
		return string(b)
	}))
}

func both(label string, v cty.Value, t cty.Type) {
	mp(label, v, t)
	js(label, v, t)
}

// um: UM row, the msgpack bytes in decoded as t (input in hex).
func um(label string, t cty.Type, in []byte) {
	row("UM", label, typeJSON(t), hex.EncodeToString(in), guard(func() string {
		return decoded(ctymsgpack.Unmarshal(in, t))
	}))
}

// uj: UJ row, the JSON text in decoded as t.
func uj(label string, t cty.Type, in string) {
	row("UJ", label, typeJSON(t), in, guard(func() string {
		return decoded(ctyjson.Unmarshal([]byte(in), t))
	}))
}

// ty: TY row, the type JSON of t.
func ty(label string, t cty.Type) { row("TY", label, "", "", typeJSON(t)) }

// hs: HS row, a number's decimal text (Text('f', -1)) and its set-hash text
// (big.Float.String(), what appendSetHashBytes writes).
func hs(label string, n cty.Value) {
	bf := n.AsBigFloat()
	row("HS", label, "number", bf.Text('f', -1), bf.String())
}

// ---- byte helpers for hand-made inputs ----

func unhex(s string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

// mstr: s as a msgpack str (fixstr, str8 or str16).
func mstr(s string) []byte {
	n := len(s)
	switch {
	case n < 32:
		return append([]byte{0xa0 | byte(n)}, s...)
	case n < 256:
		return append([]byte{0xd9, byte(n)}, s...)
	default:
		return append([]byte{0xda, byte(n >> 8), byte(n)}, s...)
	}
}

// mbin: s as a msgpack bin8.
func mbin(s string) []byte { return append([]byte{0xc4, byte(len(s))}, s...) }

// wrap: the dynamic wrapper [type JSON as bin, value bytes].
func wrap(typeJSON string, value []byte) []byte { return cat([]byte{0x92}, mbin(typeJSON), value) }

// refinePadded: an ext16 type-12 payload of total bytes: {1: false} padded
// with zero bytes.
func refinePadded(total int) []byte {
	b := []byte{0xc8, byte(total >> 8), byte(total), 0x0c, 0x81, 0x01, 0xc2}
	return append(b, make([]byte, total-3)...)
}

func parse(s string) cty.Value { return cty.MustParseNumberVal(s) }

func main() {
	defer out.Flush()
	fmt.Fprintln(out, "# Golden vectors: what go-cty v1.18.1 writes and decodes. Generated by tests/golden/gen;")
	fmt.Fprintln(out, "# do not edit, run scripts/gen-golden.sh. Format: tests/data/README.md. One row per line:")
	fmt.Fprintln(out, "# kind<TAB>label<TAB>schema type JSON<TAB>input<TAB>output")
	strings_()
	numbers()
	primitives()
	unknowns()
	dynamics()
	types()
	ordering()
	hashes()
	misc()
	decodeMsgpack()
	decodeJSON()
}

func strings_() {
	S := cty.String
	both("str empty", cty.StringVal(""), S)
	both("str hello", cty.StringVal("hello"), S)
	both("str 31", cty.StringVal(strings.Repeat("a", 31)), S)
	mp("str 32", cty.StringVal(strings.Repeat("a", 32)), S)
	mp("str 255", cty.StringVal(strings.Repeat("a", 255)), S)
	mp("str 256", cty.StringVal(strings.Repeat("a", 256)), S)
	both("str NFC e+U+0301", cty.StringVal("e\u0301"), S)
	js("str escapes", cty.StringVal("<>&\u2028\u2029\"\\\n\r\t\b\f\x01\x7fé😀"), S)
	js("str invalid utf8", cty.StringVal("a\xffb"), S)
}

var parsed = []string{
	"0", "1", "127", "128", "255", "256", "65535", "65536", "4294967295", "4294967296",
	"-1", "-32", "-33", "-128", "-129", "-32768", "-32769", "-2147483648", "-2147483649",
	"9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
	"18446744073709551615", "18446744073709551616",
	"0.5", "0.1", "0.8", "1.5", "-2.25", "1e100", "1e-7", "123456789012345678901234567890.5",
	"100000000000000000000", "1e21", "3.14159265358979323846264338327950288419716939937510",
	"1p4", ".5", "5.", "+7", "-0", "Inf", "-inf", "1e400", "0.1e-3",
}

func numbers() {
	N := cty.Number
	for _, s := range parsed {
		both("parse "+s, parse(s), N)
	}
	// Run-time sum: a constant expression would be folded to binary64 0.3.
	x, y := 0.1, 0.2
	for _, c := range []struct {
		label string
		f     float64
	}{
		{"float 0.1", 0.1}, {"float 1e23", 1e23}, {"float 2^53", 1 << 53}, {"float -0", math.Copysign(0, -1)},
		{"float 1e-320 subnormal", 1e-320}, {"float 0.3", 0.3}, {"float 0.1+0.2", x + y},
		{"float 1e21", 1e21}, {"float 123.456", 123.456}, {"float 5e-324", 5e-324},
	} {
		both(c.label, cty.NumberFloatVal(c.f), N)
	}
	both("+Inf", cty.PositiveInfinity, N)
	both("-Inf", cty.NegativeInfinity, N)
	both("uint max", cty.NumberUIntVal(math.MaxUint64), N)
	both("bigfloat prec 10 of 1/3", cty.NumberVal(new(big.Float).SetPrec(10).SetFloat64(1.0/3)), N)
	both("int64 from NumberIntVal(-5)", cty.NumberIntVal(-5), N)
}

func primitives() {
	both("true", cty.True, cty.Bool)
	both("false", cty.False, cty.Bool)
	both("null string", cty.NullVal(cty.String), cty.String)
	both("null list", cty.NullVal(cty.List(cty.String)), cty.List(cty.String))
}

func unknowns() {
	S, N, LS := cty.String, cty.Number, cty.List(cty.String)
	u := func(t cty.Type) *cty.RefinementBuilder { return cty.UnknownVal(t).Refine() }
	mp("unk string", cty.UnknownVal(S), S)
	mp("unk string notnull", u(S).NotNull().NewValue(), S)
	mp("unk string prefix foo-", u(S).StringPrefix("foo-").NewValue(), S)
	mp("unk string prefixfull foo", u(S).StringPrefixFull("foo").NewValue(), S)
	mp("unk string notnull prefix foo-", u(S).NotNull().StringPrefix("foo-").NewValue(), S)
	// Prefixes longer than 256 bytes are cut to 255 bytes, then made safe.
	mp("unk string prefix 300 a's", u(S).StringPrefixFull(strings.Repeat("a", 300)).NewValue(), S)
	mp("unk string prefix 256 a's", u(S).StringPrefixFull(strings.Repeat("a", 256)).NewValue(), S)
	mp("unk string prefix 255a+-+x", u(S).StringPrefixFull(strings.Repeat("a", 254)+"-xx").NewValue(), S)
	mp("unk number", cty.UnknownVal(N), N)
	mp("unk number notnull", u(N).NotNull().NewValue(), N)
	mp("unk number >=0", u(N).NumberRangeLowerBound(cty.Zero, true).NewValue(), N)
	mp("unk number >0", u(N).NumberRangeLowerBound(cty.Zero, false).NewValue(), N)
	mp("unk number <=0", u(N).NumberRangeUpperBound(cty.Zero, true).NewValue(), N)
	mp("unk number [0,1] notnull", u(N).NotNull().NumberRangeInclusive(cty.Zero, cty.NumberIntVal(1)).NewValue(), N)
	mp("unk number [0.5, 1e30)", u(N).NumberRangeLowerBound(parse("0.5"), true).
		NumberRangeUpperBound(parse("1e30"), false).NewValue(), N)
	mp("unk number [0.1p512, ..)", u(N).NumberRangeLowerBound(parse("0.1"), true).NewValue(), N)
	mp("unk number [5,5] notnull -> known", u(N).NotNull().NumberRangeInclusive(cty.NumberIntVal(5), cty.NumberIntVal(5)).NewValue(), N)
	mp("unk bool", cty.UnknownVal(cty.Bool), cty.Bool)
	mp("unk bool notnull", u(cty.Bool).NotNull().NewValue(), cty.Bool)
	mp("unk list", cty.UnknownVal(LS), LS)
	mp("unk list notnull", u(LS).NotNull().NewValue(), LS)
	mp("unk list len>=1", u(LS).CollectionLengthLowerBound(1).NewValue(), LS)
	mp("unk list len<=200", u(LS).CollectionLengthUpperBound(200).NewValue(), LS)
	mp("unk list len 1..2 notnull", u(LS).NotNull().CollectionLengthLowerBound(1).CollectionLengthUpperBound(2).NewValue(), LS)
	mp("unk list len 2..2 notnull -> known", u(LS).NotNull().CollectionLength(2).NewValue(), LS)
	SS := cty.Set(S)
	mp("unk set len 2..2 notnull", u(SS).NotNull().CollectionLength(2).NewValue(), SS)
	MS := cty.Map(S)
	mp("unk map len>=3", u(MS).CollectionLengthLowerBound(3).NewValue(), MS)
	OT := cty.Object(map[string]cty.Type{"a": S})
	mp("unk object notnull", u(OT).NotNull().NewValue(), OT)
	TT := cty.Tuple([]cty.Type{S, N})
	mp("unk tuple notnull", u(TT).NotNull().NewValue(), TT)
	mp("DynamicVal", cty.DynamicVal, cty.DynamicPseudoType)
	mp("unk string as dynamic", cty.UnknownVal(S), cty.DynamicPseudoType)
	mp("unk string notnull as dynamic", u(S).NotNull().NewValue(), cty.DynamicPseudoType)
	js("unk string json", cty.UnknownVal(S), S)
	js("DynamicVal json", cty.DynamicVal, cty.DynamicPseudoType)
}

func dynamics() {
	D := cty.DynamicPseudoType
	both("string as dynamic", cty.StringVal("hi"), D)
	both("null string as dynamic", cty.NullVal(cty.String), D)
	both("null dynamic as dynamic", cty.NullVal(D), D)
	both("list(dyn) of strings", cty.ListVal([]cty.Value{cty.StringVal("a"), cty.NullVal(cty.String)}), cty.List(D))
	mp("list(dyn) of DynamicVal", cty.ListVal([]cty.Value{cty.DynamicVal}), cty.List(D))
	both("number as dynamic", cty.NumberIntVal(5), D)
	// A value converted to an object type with optional attributes: the
	// value's own type has none, so the wrapper's type JSON has no third
	// element.
	obj := cty.ObjectVal(map[string]cty.Value{"<&>": cty.True, "a": cty.Zero, "b": cty.StringVal("x")})
	both("object w/ optional as dynamic", obj, D)
	both("map(dynamic)", cty.MapVal(map[string]cty.Value{"x": cty.StringVal("s")}), cty.Map(D))
	both("tuple mixed w/ dyn", cty.TupleVal([]cty.Value{cty.StringVal("s"), cty.NumberIntVal(1)}),
		cty.Tuple([]cty.Type{cty.String, D}))
}

func types() {
	ty("bigT", cty.Object(map[string]cty.Type{
		"e": cty.EmptyTuple,
		"l": cty.List(cty.Set(cty.Map(cty.Bool))),
		"o": cty.EmptyObject,
		"t": cty.Tuple([]cty.Type{cty.String, cty.DynamicPseudoType}),
	}))
	ty("objT", cty.ObjectWithOptionalAttrs(map[string]cty.Type{"<&>": cty.Bool, "a": cty.Number, "b": cty.String},
		[]string{"<&>", "b"}))
	ty("Tuple(nil)", cty.Tuple(nil))
}

func ordering() {
	B, S, N := cty.Bool, cty.String, cty.Number
	attrs := []string{"b", "a", "B", "aa", "é"}
	ot := map[string]cty.Type{}
	ov := map[string]cty.Value{}
	for _, a := range attrs {
		ot[a] = B
		ov[a] = cty.BoolVal(a != "a")
	}
	both("object attr order", cty.ObjectVal(ov), cty.Object(ot))
	both("map key order", cty.MapVal(map[string]cty.Value{"b": cty.True, "a": cty.False, "B": cty.True, "": cty.True}), cty.Map(B))
	both("set strings", cty.SetVal([]cty.Value{cty.StringVal("b"), cty.StringVal("a"), cty.StringVal("B"), cty.StringVal("a")}), cty.Set(S))
	mp("set strings w/ unknown+null", cty.SetVal([]cty.Value{cty.UnknownVal(S), cty.NullVal(S), cty.StringVal("z"),
		cty.UnknownVal(S).RefineNotNull(), cty.NullVal(S), cty.StringVal("a")}), cty.Set(S))
	both("set numbers", cty.SetVal([]cty.Value{cty.NumberIntVal(10), cty.NumberIntVal(-1), cty.NumberFloatVal(2.5),
		cty.NumberIntVal(2), cty.NumberIntVal(10)}), cty.Set(N))
	both("set bools", cty.SetVal([]cty.Value{cty.True, cty.False}), cty.Set(B))
	NT := cty.Object(map[string]cty.Type{"n": N, "name": S})
	o := func(n cty.Value, name cty.Value) cty.Value {
		return cty.ObjectVal(map[string]cty.Value{"n": n, "name": name})
	}
	oi := func(n int64, name string) cty.Value { return o(cty.NumberIntVal(n), cty.StringVal(name)) }
	both("set objects", cty.SetVal([]cty.Value{oi(2, "a"), oi(1, "b"), oi(1, "a~"), oi(10, "a"), oi(1, "a\n"), oi(1, "\u00a0")}), cty.Set(NT))
	mp("set objects unknown attr", cty.SetVal([]cty.Value{o(cty.Zero, cty.UnknownVal(S)), o(cty.Zero, cty.StringVal("x")),
		o(cty.Zero, cty.UnknownVal(S))}), cty.Set(NT))
	LS := cty.List(S)
	both("set lists", cty.SetVal([]cty.Value{cty.ListValEmpty(S), cty.ListVal([]cty.Value{cty.StringVal("boop")})}), cty.Set(LS))
	ON := cty.Object(map[string]cty.Type{"n": N})
	on := func(n cty.Value) cty.Value { return cty.ObjectVal(map[string]cty.Value{"n": n}) }
	both("set numbers in objects 10 digits", cty.SetVal([]cty.Value{on(cty.NumberIntVal(2)), on(parse("0.00001")),
		on(cty.NumberIntVal(12345678901))}), cty.Set(ON))
	// Equal under Cmp, different precision: both elements stay.
	both("set numbers equal value diff prec", cty.SetVal([]cty.Value{
		cty.NumberVal(new(big.Float).SetPrec(512).SetFloat64(0.1)), cty.NumberFloatVal(0.1)}), cty.Set(N))
	mp("set objects with null+unknown elems", cty.SetVal([]cty.Value{cty.NullVal(NT), cty.UnknownVal(NT), oi(1, "b"),
		cty.UnknownVal(NT).RefineNotNull(), oi(1, "a")}), cty.Set(NT))
}

func hashes() {
	for _, s := range []string{"12345678901", "1e21", "0.00001", "0.0001", "123456.789", "1000000", "1234567",
		"-0", "Inf", "0.1", "1e10", "9999999999", "99999999995"} {
		hs("parse "+s, parse(s))
	}
	hs("float 0.1", cty.NumberFloatVal(0.1))
}

func misc() {
	both("marked", cty.StringVal("x").Mark("sensitive"), cty.String)
	both("conversion num->string", cty.NumberIntVal(5), cty.String)
}

func decodeMsgpack() {
	S, N, B, D := cty.String, cty.Number, cty.Bool, cty.DynamicPseudoType
	LS := cty.List(S)
	obj := func(attrs ...string) cty.Type {
		m := map[string]cty.Type{}
		for i := 0; i < len(attrs); i += 2 {
			m[attrs[i]] = map[string]cty.Type{"S": S, "N": N, "LS": LS}[attrs[i+1]]
		}
		return cty.Object(m)
	}
	um("decode non-NFC string", S, unhex("a3 65 cc 81"))
	um("decode non-NFC map key", cty.Map(N), unhex("81 a3 65 cc 81 01"))
	um("decode non-NFC obj key", cty.Object(map[string]cty.Type{"é": N}), unhex("81 a3 65 cc 81 01"))
	um("decode invalid utf8 str", S, unhex("a2 ff 41"))
	um("number f64 2^63 -> reencode", N, unhex("cb 43e0000000000000"))
	um("number uint64 max", N, unhex("cf ffffffffffffffff"))
	um("number int64 via d3 positive", N, unhex("d3 0000000000000005"))
	um("number string 0x10", N, mstr("0x10"))
	um("number string '1_000'", N, mstr("1_000"))
	um("number string '1e99999999999'", N, mstr("1e99999999999"))
	um("fixext1 type0", S, unhex("d4 00 00"))
	um("fixext1 type5", S, unhex("d4 05 00"))
	um("ext8 len0 type12", S, unhex("c7 00 0c"))
	um("fixext2 type0", S, unhex("d5 00 00 00"))
	um("fixext4 type12 {1:false}+pad", S, unhex("d6 0c 81 01 c2 00"))
	um("ext8 type12 {1:false}", S, unhex("c7 03 0c 81 01 c2"))
	um("ext8 type12 {1:true}", S, unhex("c7 03 0c 81 01 c3"))
	um("ext8 type12 {1:nil}", S, unhex("c7 03 0c 81 01 c0"))
	um("refine unknown key 9:str then 1:false", S, unhex("c7 06 0c 82 09 a1 78 01 c2"))
	um("refine unknown key 9:int then 1:false", S, unhex("c7 05 0c 82 09 05 01 c2"))
	um("refine prefix on number", N, unhex("c7 04 0c 81 02 a1 61"))
	um("refine len min 5 max 3", LS, unhex("c7 05 0c 82 05 05 06 03"))
	um("refine len min -5", LS, unhex("c7 03 0c 81 05 fb"))
	um("refine num min 2 max 1", N, unhex("c7 09 0c 82 03 92 02 c3 04 92 01 c3"))
	um("refine num min string '0.1'", N, unhex("c7 08 0c 81 03 92 a3 30 2e 31 c3"))
	um("refine dyn notnull", D, unhex("c7 03 0c 81 01 c2"))
	um("refine 1025 bytes", S, refinePadded(1025))
	um("refine 1024 bytes", S, refinePadded(1024))
	um("number nan f64", N, unhex("cb 7ff8000000000000"))
	um("number f32 0.1", N, unhex("ca 3dcccccd"))
	um("number string 1e2", N, mstr("1e2"))
	um("number bin '12'", N, unhex("c4 02 31 32"))
	um("number string ' 1'", N, mstr(" 1"))
	um("number string 'Inf'", N, mstr("Inf"))
	um("number string 'NaN'", N, mstr("NaN"))
	um("number bool", N, unhex("c3"))
	um("string from bin", S, unhex("c4 02 68 69"))
	um("string from int", S, unhex("01"))
	um("bool from nil in list", cty.List(B), unhex("91 c0"))
	um("bool from int", B, unhex("01"))
	um("trailing bytes", N, unhex("01 ff"))
	um("empty input", N, nil)
	um("obj len0 for non-empty type", obj("a", "S"), unhex("80"))
	um("obj dup key", obj("a", "N", "b", "N"), unhex("82 a1 61 01 a1 61 02"))
	um("obj wrong count", obj("a", "N", "b", "N"), unhex("81 a1 61 01"))
	um("obj unknown attr", obj("a", "N"), unhex("81 a1 7a 01"))
	um("obj nonstring key", obj("a", "N"), unhex("81 01 01"))
	um("map nonstring key", cty.Map(N), unhex("81 01 01"))
	um("map nil key", cty.Map(N), unhex("81 c0 01"))
	um("tuple len0 for non-empty type", cty.Tuple([]cty.Type{S}), unhex("90"))
	um("tuple wrong len", cty.Tuple([]cty.Type{S}), unhex("92 a1 61 a1 62"))
	um("list(dyn) heterogenous", cty.List(D), cat([]byte{0x92}, wrap(`"string"`, mstr("a")), wrap(`"number"`, []byte{0x01})))
	um("dyn nil", D, unhex("c0"))
	um("dyn str-typed json", D, cat([]byte{0x92}, mstr(`"string"`), mstr("x")))
	um("dyn 3 elems", D, cat([]byte{0x93}, mbin(`"string"`), mstr("x"), []byte{0xc0}))
	um("dyn bad type json", D, wrap("{}", []byte{0xc0}))
	um("dyn optional undeclared", D, wrap(`["object",{},["a"]]`, []byte{0xc0}))
	um("dyn optional ok", D, wrap(`["object",{"a":"string"},["a"]]`, cat([]byte{0x81}, mstr("a"), mstr("x"))))
	um("dyn type null elem", D, wrap(`["list",null]`, []byte{0xc0}))
	um("dyn type ws", D, wrap(` [ "list" , "string" ] `, cat([]byte{0x91}, mstr("x"))))
	um("dyn type trailing", D, wrap(`"string" 1`, mstr("x")))
	um("dyn type tuple null", D, wrap(`["tuple",null]`, []byte{0x90}))
	um("dyn type nil bytes", D, unhex("92 c0 c0"))
	um("dyn unknown string", D, wrap(`"string"`, unhex("c7 03 0c 81 01 c2")))
	um("dyn ext direct", D, unhex("c7 03 0c 81 01 c2"))
	um("set dup elems", cty.Set(S), cat([]byte{0x93}, mstr("a"), mstr("b"), mstr("a")))
	um("set of two unknowns", cty.Set(S), unhex("92 d4 00 00 d4 00 00"))
	um("nested err path", obj("a", "LS"), cat([]byte{0x81}, mstr("a"), []byte{0x91, 0x01}))
}

func decodeJSON() {
	S, N, B, D := cty.String, cty.Number, cty.Bool, cty.DynamicPseudoType
	ON := cty.Object(map[string]cty.Type{"a": N})
	uj("num 1.0e3 as string", S, "1.0e3")
	uj("num string as number", N, `"12.5"`)
	uj("bool '1' string", B, `"1"`)
	uj("obj dup key", ON, `{"a":1,"a":2}`)
	uj("obj missing attr", ON, `{}`)
	uj("obj extra attr", ON, `{"a":1,"b":2}`)
	uj("dyn order swapped", D, `{"type":"string","value":"x"}`)
	uj("dyn missing value", D, `{"type":"string"}`)
	uj("dyn extra key", D, `{"type":"string","value":"x","z":1}`)
	uj("trailing garbage", N, "1 x")
	uj("tuple too many", cty.Tuple([]cty.Type{S}), `["a","b"]`)
	uj("tuple too few", cty.Tuple([]cty.Type{S}), `[]`)
	uj("number precision", N, "0.1")
	uj(`invalid utf8 \ud800`, S, `"\ud800x"`)
	uj("deep nesting err path", cty.Object(map[string]cty.Type{"a": cty.List(B)}), `{"a":[true,"x"]}`)
	uj("null top", D, "null")
}
