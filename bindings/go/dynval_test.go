package dynval

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVersion(t *testing.T) {
	if Version() != HeaderVersion {
		t.Fatalf("library %q, headers %q", Version(), HeaderVersion)
	}
	if VersionNumber()>>16 != 0 {
		t.Fatalf("major version %d", VersionNumber()>>16)
	}
}

func TestTypes(t *testing.T) {
	ty, err := ParseType([]byte(`["object",{"b":"number","a":["list","string"]},["b"]]`))
	if err != nil {
		t.Fatal(err)
	}
	defer ty.Close()
	if ty.Kind() != KindObject || ty.NumAttributes() != 2 {
		t.Fatalf("kind %v attrs %d", ty.Kind(), ty.NumAttributes())
	}
	if got := ty.String(); got != `["object",{"a":["list","string"],"b":"number"},["b"]]` {
		t.Fatalf("json %s", got)
	}
	if !ty.AttributeOptional("b") || ty.AttributeOptional("a") || !ty.HasOptional() {
		t.Fatal("optional markers")
	}
	var names []string
	for n, at := range ty.Attributes() {
		names = append(names, n+":"+at.Kind().String())
		at.Close()
	}
	if len(names) != 2 || names[0] != "a:list" || names[1] != "b:number" {
		t.Fatalf("attributes %v", names)
	}
	a := ty.AttributeType("a")
	e := a.ElementType()
	if e.Kind() != KindString || ty.AttributeType("zz") != nil {
		t.Fatal("attribute type lookup")
	}
	built, err := ObjectOf(map[string]*Type{"a": ListOf(TypeString()), "b": TypeNumber()}, "b")
	if err != nil {
		t.Fatal(err)
	}
	if !built.Equals(ty) || built.Hash() != ty.Hash() {
		t.Fatalf("built %s != parsed %s", built, ty)
	}
	plain := ty.WithoutOptional()
	if plain.Equals(ty) || plain.HasOptional() {
		t.Fatal("WithoutOptional")
	}
	tup := TupleOf(TypeBool(), TypeDynamic())
	if tup.TupleLen() != 2 || tup.TupleElement(1).Kind() != KindDynamic || !tup.HasDynamic() {
		t.Fatal("tuple")
	}
	if _, err := ObjectOf(map[string]*Type{"a": TypeBool()}, "nope"); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("bad optional name: %v", err)
	}
	_, err = ParseType([]byte(`["list"`))
	var de *Error
	if !errors.As(err, &de) || !errors.Is(err, ErrParse) || errors.Is(err, ErrLimit) {
		t.Fatalf("parse error: %#v", err)
	}
}

func TestCloseIsIdempotentAndNilSafe(t *testing.T) {
	v := StringVal("x")
	v.Close()
	v.Close()
	var nv *Value
	nv.Close()
	var nt *Type
	nt.Close()
	var ns *Schema
	ns.Close()
	defer func() {
		if recover() == nil {
			t.Fatal("use after Close did not panic")
		}
	}()
	v.IsNull()
}

// A value that is not there is a nil *Value: its predicates answer as for
// a null (the plan idiom v.Lookup(Attr("x")).IsNull() needs no nil check),
// and it prints as <nil>. A closed value still panics.
func TestNilValueIsNull(t *testing.T) {
	o, err := ObjectVal(map[string]*Value{"a": StringVal("x")})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	missing := o.Lookup(Attr("missing"))
	if missing != nil {
		t.Fatal("lookup of a missing attribute is not nil")
	}
	if !missing.IsNull() || !missing.IsKnown() || !missing.IsWhollyKnown() || missing.RefinedNotNull() {
		t.Fatal("a nil *Value is not null and known")
	}
	if o.Get("missing").IsNull() != true || o.Get("a").IsNull() {
		t.Fatal("Get")
	}
	if got := missing.GoString(); got != "<nil>" {
		t.Fatalf("GoString of nil: %s", got)
	}
	if got := fmt.Sprint(missing); got != "<nil>" {
		t.Fatalf("Sprint of nil: %s", got)
	}
}

func TestPrimitives(t *testing.T) {
	s := StringVal("e\u0301")
	got, err := s.AsString()
	if err != nil || got != "é" {
		t.Fatalf("NFC: %q %v", got, err)
	}
	if _, err := s.AsBool(); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("AsBool on string: %v", err)
	}
	u, _ := UnknownVal(TypeBool(), nil)
	if _, err := u.AsBool(); !errors.Is(err, ErrUnknownValue) {
		t.Fatalf("AsBool on unknown: %v", err)
	}
	n, err := ParseNumber("0.1")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := n.Precision(); p != 512 {
		t.Fatalf("precision %d", p)
	}
	if _, err := n.AsInt64(); !errors.Is(err, ErrOutOfRange) {
		t.Fatalf("AsInt64(0.1): %v", err)
	}
	bf, err := n.AsBigFloat()
	if err != nil || bf.Prec() != 512 || bf.Text('g', 5) != "0.1" {
		t.Fatalf("AsBigFloat %v %v", bf, err)
	}
	if _, err := FloatVal(math.NaN()); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("NaN: %v", err)
	}
	if _, err := ParseNumber("NaN"); !errors.Is(err, ErrParse) {
		t.Fatalf("parse NaN: %v", err)
	}
	// NumberVal keeps the exact value of a binary64 0.1.
	nv, err := NumberVal(big.NewFloat(0.1))
	if err != nil {
		t.Fatal(err)
	}
	if txt, _ := nv.NumberText(); txt != "0.1000000000000000055511151231257827021181583404541015625" {
		t.Fatalf("NumberVal text %s", txt)
	}
}

func TestMsgpackVectors(t *testing.T) {
	cases := []struct {
		v   *Value
		hex string
	}{
		{IntVal(-33), "d0df"},
		{UintVal(math.MaxUint64), "b4" + hex.EncodeToString([]byte("18446744073709551615"))},
		{must(FloatVal(0.1)), "cb3fb999999999999a"},
		{must(ParseNumber("0.1")), "a3302e31"},
		{StringVal("e\u0301"), "a2c3a9"},
		{must(UnknownVal(TypeString(), &Refinements{NotNull: true, Prefix: "foo-"})), "c7090c8201c202a4666f6f2d"},
		{must(UnknownVal(TypeNumber(), &Refinements{Lower: &Bound{Text: "0.1", Inclusive: true}})), "d70c810392a3302e31c3"},
		{must(UnknownVal(ListOf(TypeString()), &Refinements{MaxLength: ptr64(200)})), "d60c8106ccc8"},
	}
	for i, c := range cases {
		b, err := c.v.EncodeMsgpack(c.v.Type())
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if hex.EncodeToString(b) != c.hex {
			t.Errorf("%d %v: got %x want %s", i, c.v, b, c.hex)
		}
		ty := c.v.Type()
		back, err := DecodeMsgpack(b, ty, nil)
		if err != nil {
			t.Fatalf("%d decode: %v", i, err)
		}
		if !back.RawEquals(c.v) {
			t.Errorf("%d: round trip %v != %v", i, back, c.v)
		}
	}
}

func ptr64(n int64) *int64 { return &n }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestRefinementQueries(t *testing.T) {
	lo := IntVal(3)
	u, err := UnknownVal(TypeNumber(), &Refinements{NotNull: true, Lower: &Bound{Value: lo, Inclusive: false}, Upper: &Bound{Text: "10", Inclusive: true}})
	if err != nil {
		t.Fatal(err)
	}
	if u.IsKnown() || !u.RefinedNotNull() {
		t.Fatal("state")
	}
	l, inc, err := u.RefinedLowerBound()
	if err != nil || inc || !l.RawEquals(lo) {
		t.Fatalf("lower %v %v %v", l, inc, err)
	}
	h, inc, err := u.RefinedUpperBound()
	if txt, _ := h.NumberText(); err != nil || !inc || txt != "10" {
		t.Fatalf("upper %v %v %v", h, inc, err)
	}
	c, err := UnknownVal(ListOf(TypeBool()), &Refinements{MinLength: 2, MaxLength: ptr64(5)})
	if err != nil {
		t.Fatal(err)
	}
	if mn, mx, err := c.RefinedLength(); err != nil || mn != 2 || mx != 5 {
		t.Fatalf("length %d %d %v", mn, mx, err)
	}
	if _, err := UnknownVal(ListOf(TypeBool()), &Refinements{MinLength: 5, MaxLength: ptr64(3)}); !errors.Is(err, ErrRefinement) {
		t.Fatalf("min > max: %v", err)
	}
	// Collapse: NotNull + [5,5] is the known number 5.
	k, err := UnknownVal(TypeNumber(), &Refinements{NotNull: true, Lower: &Bound{Text: "5", Inclusive: true}, Upper: &Bound{Text: "5", Inclusive: true}})
	if err != nil || !k.IsKnown() {
		t.Fatalf("collapse: %v %v", k, err)
	}
}

func TestCollectionsAndIterators(t *testing.T) {
	set, err := SetVal(nil, StringVal("b"), StringVal("a"), StringVal("B"), StringVal("a"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, e := range set.Elements() {
		s, _ := e.AsString()
		got = append(got, s)
		if i != len(got)-1 {
			t.Fatal("index")
		}
	}
	if len(got) != 3 || got[0] != "B" || got[1] != "a" || got[2] != "b" {
		t.Fatalf("set order %v", got)
	}
	m, err := MapVal(TypeBool(), map[string]*Value{"b": BoolVal(true), "a": BoolVal(false)})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m.Entries() {
		keys = append(keys, k)
	}
	if len(keys) != 2 || keys[0] != "a" {
		t.Fatalf("map keys %v", keys)
	}
	n := 0
	for range m.Attributes() {
		n++
	}
	if n != 0 {
		t.Fatal("Attributes on a map must yield nothing")
	}
	obj, err := ObjectVal(map[string]*Value{"net": must(ListVal(nil, m)), "x": IntVal(1)})
	if err != nil {
		t.Fatal(err)
	}
	v := obj.Lookup(Attr("net"), Index(0), Key("b"))
	if b, err := v.AsBool(); err != nil || !b {
		t.Fatalf("lookup %v %v", v, err)
	}
	if obj.Lookup(Attr("nope")) != nil || obj.Get("x") == nil {
		t.Fatal("get")
	}
	if _, err := ListVal(nil, StringVal("a"), IntVal(1)); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("mixed list: %v", err)
	}
	if obj.Equals(obj.Clone()) != TristateTrue || !obj.RawEquals(obj.Clone()) || obj.Hash() != obj.Clone().Hash() {
		t.Fatal("equality")
	}
	u, _ := UnknownVal(TypeNumber(), nil)
	if IntVal(1).Equals(u) != TristateUnknown {
		t.Fatal("Equals with unknown")
	}
}

func TestDecodeErrors(t *testing.T) {
	_, err := DecodeMsgpack(mustHex(t, "81a161c3"), must(ObjectOf(map[string]*Type{"a": TypeNumber()})), nil)
	var de *Error
	if !errors.As(err, &de) || !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("want type mismatch, got %v", err)
	}
	if de.Path != ".a" || len(de.Steps) != 1 || de.Steps[0] != Attr("a") || de.Offset < 0 {
		t.Fatalf("error details %#v", de)
	}
	if _, err := DecodeMsgpack(mustHex(t, "0100"), TypeNumber(), &DecodeOptions{RejectTrailing: true}); !errors.Is(err, ErrParse) {
		t.Fatalf("trailing: %v", err)
	}
	if v, err := DecodeMsgpack(mustHex(t, "0100"), TypeNumber(), nil); err != nil || !v.RawEquals(IntVal(1)) {
		t.Fatalf("trailing ignored by default: %v %v", v, err)
	}
	deep := bytes.Repeat([]byte{0x91}, 50)
	deep = append(deep, 0xc0)
	ty := TypeString()
	for i := 0; i < 50; i++ {
		ty = ListOf(ty)
	}
	if _, err := DecodeMsgpack(deep, ty, &DecodeOptions{MaxDepth: 10}); !errors.Is(err, ErrLimit) {
		t.Fatalf("depth limit: %v", err)
	}
	if _, err := DecodeJSON([]byte(`[1]`), ListOf(TypeBool()), nil); err == nil {
		t.Fatal("JSON type mismatch accepted")
	}
}

func TestJSONAndTranscode(t *testing.T) {
	ty := must(ObjectOf(map[string]*Type{"s": TypeString(), "d": TypeDynamic(), "n": TypeNumber()}))
	obj := must(ObjectVal(map[string]*Value{"s": StringVal("<&>"), "d": IntVal(5), "n": must(ParseNumber("1e21"))}))
	js, err := obj.EncodeJSON(ty)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"d":{"value":5,"type":"number"},"n":1000000000000000000000,"s":"\u003c\u0026\u003e"}`
	if string(js) != want {
		t.Fatalf("json %s", js)
	}
	mp, err := obj.EncodeMsgpack(ty)
	if err != nil {
		t.Fatal(err)
	}
	if j2, err := MsgpackToJSON(mp, ty, nil); err != nil || string(j2) != want {
		t.Fatalf("msgpack->json %s %v", j2, err)
	}
	if m2, err := JSONToMsgpack(js, ty, nil); err != nil || !bytes.Equal(m2, mp) {
		t.Fatalf("json->msgpack %x %v", m2, err)
	}
	if m3, err := MsgpackToMsgpack(mp, ty, nil); err != nil || !bytes.Equal(m3, mp) {
		t.Fatalf("msgpack->msgpack %x %v", m3, err)
	}
	if j3, err := JSONToJSON([]byte(` {"s":"<&>", "n":1e21, "d":{"type":"number","value":5.0}} `), ty, nil); err != nil || string(j3) != want {
		t.Fatalf("json->json %s %v", j3, err)
	}
	if _, err := MsgpackToMsgpack(mp[:len(mp)-1], ty, nil); !errors.Is(err, ErrParse) {
		t.Fatalf("truncated msgpack->msgpack: %v", err)
	}
	back, err := DecodeJSON(js, ty, nil)
	if err != nil || !back.RawEquals(obj) {
		t.Fatalf("decode json %v %v", back, err)
	}
	u, _ := UnknownVal(TypeString(), nil)
	if _, err := u.EncodeJSON(u.Type()); !errors.Is(err, ErrUnknownValue) {
		t.Fatalf("unknown JSON: %v", err)
	}
	inf, _ := ParseNumber("+Inf")
	if _, err := inf.EncodeJSON(inf.Type()); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("inf JSON: %v", err)
	}
}

func TestGoConversion(t *testing.T) {
	in := map[string]any{
		"b": true, "i": -7, "u": uint64(math.MaxUint64), "f": 0.5, "s": "x",
		"l": []any{"a", nil, 2.25}, "big": new(big.Int).Lsh(big.NewInt(1), 100),
	}
	v, err := FromGo(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := v.ToGo()
	if err != nil {
		t.Fatal(err)
	}
	m := out.(map[string]any)
	if m["b"] != true || m["i"] != int64(-7) || m["f"] != 0.5 || m["s"] != "x" {
		t.Fatalf("scalars %#v", m)
	}
	if f, ok := m["u"].(float64); !ok || f != math.MaxUint64 {
		// MaxUint64 is not an int64 but is exactly 2^64-1? No: it is not a
		// float64 either, so it comes back as *big.Float.
		bf, ok := m["u"].(*big.Float)
		if !ok {
			t.Fatalf("uint64 max as %T", m["u"])
		}
		if u, acc := bf.Uint64(); u != math.MaxUint64 || acc != big.Exact {
			t.Fatalf("uint64 max %v", bf)
		}
	}
	if f, ok := m["big"].(float64); !ok || f != math.Ldexp(1, 100) {
		t.Fatalf("2^100 as %T %v", m["big"], m["big"])
	}
	l := m["l"].([]any)
	if len(l) != 3 || l[0] != "a" || l[1] != nil || l[2] != 2.25 {
		t.Fatalf("list %#v", l)
	}
	if _, err := FromGo(struct{}{}, nil); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("struct: %v", err)
	}
	u, _ := UnknownVal(TypeString(), nil)
	tup := TupleVal(u)
	if _, err := tup.ToGo(); !errors.Is(err, ErrUnknownValue) {
		t.Fatalf("unknown ToGo: %v", err)
	}
}

func exampleDir(t testing.TB) string {
	dir, err := filepath.Abs("../../examples/data")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestSchema(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(exampleDir(t), "schema.json"))
	if err != nil {
		t.Fatal("example schema not found:", err)
	}
	s, err := SchemaFromJSON(doc, "resource:acme_server", "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Version() != 1 {
		t.Fatalf("version %d", s.Version())
	}
	ty := s.ImpliedType()
	if ty.Kind() != KindObject || ty.AttributeType("network_interface").Kind() != KindList {
		t.Fatalf("implied type %s", ty)
	}
	data, err := os.ReadFile(filepath.Join(exampleDir(t), "planned-state.msgpack"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := DecodeMsgpack(data, ty, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(v); err != nil {
		t.Fatalf("validate: %v", err)
	}
	if _, err := SchemaFromJSON(doc, "resource:nope", ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing block: %v", err)
	}
	for _, pv := range []int{5, 6} {
		pb, err := s.Proto(pv)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := SchemaFromProto(pb, pv)
		if err != nil {
			t.Fatal(err)
		}
		if !s2.ImpliedType().Equals(ty) {
			t.Fatalf("proto %d round trip changed the implied type", pv)
		}
	}
	// A required attribute set to null violates the schema.
	attrs := map[string]*Value{}
	for k, e := range v.Attributes() {
		attrs[k] = e
	}
	attrs["name"] = NullVal(TypeString())
	bad, err := ObjectVal(attrs)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(bad); !errors.Is(err, ErrSchema) {
		t.Fatalf("required null: %v", err)
	}
}

func TestBuilder(t *testing.T) {
	body := NewBuilder()
	defer body.Close()
	if err := body.Attribute("x", TypeString(), AttrOptional); err != nil {
		t.Fatal(err)
	}
	root := NewBuilder()
	defer root.Close()
	if err := root.Attribute("id", TypeString(), AttrComputed); err != nil {
		t.Fatal(err)
	}
	if err := root.Block("item", NestingList, body, 1, 0); err != nil {
		t.Fatal(err)
	}
	if err := root.NestedAttribute("na", NestingMap, body, AttrOptional); err != nil {
		t.Fatal(err)
	}
	s, err := root.Build(3)
	if err != nil {
		t.Fatal(err)
	}
	want := `["object",{"id":"string","item":["list",["object",{"x":"string"}]],"na":["map",["object",{"x":"string"}]]}]`
	if got := s.ImpliedType().String(); got != want {
		t.Fatalf("implied %s", got)
	}
	bad := NewBuilder()
	defer bad.Close()
	_ = bad.Attribute("y", TypeString(), AttrRequired|AttrComputed)
	if _, err := bad.Build(0); !errors.Is(err, ErrSchema) {
		t.Fatalf("required+computed: %v", err)
	}
}

// TestValidateAllReturnsEveryProblem: issue 23 item 8.
func TestValidateAllReturnsEveryProblem(t *testing.T) {
	body := NewBuilder()
	defer body.Close()
	root := NewBuilder()
	defer root.Close()
	for _, err := range []error{
		body.Attribute("x", TypeString(), AttrOptional),
		root.Attribute("a", TypeString(), AttrRequired),
		root.Attribute("b", TypeNumber(), AttrRequired),
		root.Block("blk", NestingList, body, 1, 0),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	s, err := root.Build(0)
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.DecodeJSON([]byte(`{"a":null,"b":null,"blk":[]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	problems, err := s.ValidateAll(v)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		if !errors.Is(p, ErrSchema) {
			t.Errorf("%v: not ErrSchema", p)
		}
		got = append(got, p.Path+": "+p.Message)
	}
	want := []string{
		`.a: attribute "a" is required`,
		`.b: attribute "b" is required`,
		`.blk: at least 1 "blk" block(s) required, found 0`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The first is what Validate reports.
	if first := s.Validate(v); first == nil || first.Error() != problems[0].Error() {
		t.Fatalf("Validate: %v, first problem %v", first, problems[0])
	}
	ok, err := s.DecodeJSON([]byte(`{"a":"x","b":1,"blk":[{"x":null}]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if problems, err := s.ValidateAll(ok); problems != nil || err != nil {
		t.Fatalf("valid value: %v %v", problems, err)
	}
}

func TestNestingAndFlagNames(t *testing.T) {
	for n, want := range map[Nesting]string{
		NestingSingle: "single", NestingList: "list", NestingSet: "set", NestingMap: "map", NestingGroup: "group",
		NestingInvalid: "Nesting(0)", Nesting(9): "Nesting(9)",
	} {
		if got := n.String(); got != want {
			t.Errorf("Nesting(%d).String() = %q, want %q", int(n), got, want)
		}
	}
	for f, want := range map[AttrFlags]string{
		0:                                    "none",
		AttrOptional | AttrComputed:          "optional|computed",
		AttrWriteOnly:                        "write_only",
		AttrRequiredForImport:                "required_for_import",
		AttrSensitive | AttrFlags(0x300):     "sensitive|0x300",
		AttrRequired | AttrOptionalForImport: "required|optional_for_import",
	} {
		if got := f.String(); got != want {
			t.Errorf("AttrFlags(%#x).String() = %q, want %q", uint32(f), got, want)
		}
	}
}

// TestConcurrentUse shares one value and type between goroutines (run with
// -race) and leaves some handles to the cleanups.
func TestConcurrentUse(t *testing.T) {
	ty := must(ObjectOf(map[string]*Type{"a": ListOf(TypeNumber()), "b": TypeString()}))
	v := must(ObjectVal(map[string]*Value{"a": must(ListVal(nil, IntVal(1), must(ParseNumber("0.1")))), "b": StringVal("x")}))
	want, _ := v.EncodeMsgpack(ty)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				b, err := v.EncodeMsgpack(ty)
				if err != nil || !bytes.Equal(b, want) {
					t.Error("concurrent encode differs")
					return
				}
				d, err := DecodeMsgpack(b, ty, nil)
				if err != nil || !d.RawEquals(v) {
					t.Error("concurrent decode differs")
					return
				}
				if i%2 == 0 {
					d.Close()
				} // else: left to the cleanup
			}
		}()
	}
	wg.Wait()
	runtime.GC()
}

func TestOutputLimit(t *testing.T) {
	v, err := ListVal(TypeString(), StringVal("aaaaaaaa"), StringVal("bbbbbbbb"))
	if err != nil {
		t.Fatal(err)
	}
	js, err := v.EncodeJSONWith(v.Type(), &EncodeOptions{MaxOutputSize: 23})
	if err != nil || string(js) != `["aaaaaaaa","bbbbbbbb"]` {
		t.Fatalf("exact size: %q %v", js, err)
	}
	if _, err := v.EncodeJSONWith(v.Type(), &EncodeOptions{MaxOutputSize: 22}); !errors.Is(err, ErrLimit) {
		t.Fatalf("JSON over the limit: %v", err)
	}
	mp, err := v.EncodeMsgpackWith(v.Type(), nil)
	if err != nil || len(mp) != 19 {
		t.Fatalf("msgpack defaults: %x %v", mp, err)
	}
	if _, err := v.EncodeMsgpackWith(v.Type(), &EncodeOptions{MaxOutputSize: 18}); !errors.Is(err, ErrLimit) {
		t.Fatalf("msgpack over the limit: %v", err)
	}
	ty := ListOf(TypeString())
	if _, err := MsgpackToJSON(mp, ty, &DecodeOptions{MaxOutputSize: 22}); !errors.Is(err, ErrLimit) {
		t.Fatalf("transcode over the limit: %v", err)
	}
	if out, err := JSONToMsgpack(js, ty, &DecodeOptions{MaxOutputSize: 19}); err != nil || !bytes.Equal(out, mp) {
		t.Fatalf("transcode at the limit: %x %v", out, err)
	}
}
