package dynval

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
)

// mustType parses type-constraint JSON.
func mustType(t testing.TB, js string) *Type {
	t.Helper()
	ty, err := ParseType([]byte(js))
	if err != nil {
		t.Fatalf("type %s: %v", js, err)
	}
	return ty
}

// mustJSON decodes JSON text as a value of the type js.
func mustJSON(t testing.TB, typeJSON, valueJSON string) *Value {
	t.Helper()
	ty := mustType(t, typeJSON)
	defer ty.Close()
	v, err := DecodeJSON([]byte(valueJSON), ty, nil)
	if err != nil {
		t.Fatalf("value %s: %v", valueJSON, err)
	}
	return v
}

func mustNumber(t testing.TB, text string) *Value {
	t.Helper()
	v, err := ParseNumber(text)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// wantErr checks err's status, path and message (a substring).
func wantErr(t testing.TB, err error, status *Error, path, msg string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want a %v error at %q", err, status.Status, path)
	}
	if !errors.Is(err, status) || e.Path != path || !strings.Contains(e.Message, msg) {
		t.Fatalf("got %q (status %v, path %q), want status %v, path %q, message containing %q",
			e.Error(), e.Status, e.Path, status.Status, path, msg)
	}
	if (len(e.Steps) == 0) != (path == "") || e.Steps.String() != path {
		t.Fatalf("steps %v do not render as %q", e.Steps, path)
	}
}

func TestAsPrimitives(t *testing.T) {
	var b bool
	if err := BoolVal(true).As(&b); err != nil || !b {
		t.Fatalf("bool %v %v", b, err)
	}
	type name string
	var s name
	if err := StringVal("e\u0301").As(&s); err != nil || s != "\u00e9" {
		t.Fatalf("string %q %v", s, err) // NFC, as go-cty stores strings
	}
	n := mustNumber(t, "-128")
	var i8 int8
	var i16 int16
	var i32 int32
	var i64 int64
	var i int
	var f32 float32
	var f64 float64
	for _, p := range []any{&i8, &i16, &i32, &i64, &i, &f32, &f64} {
		if err := n.As(p); err != nil {
			t.Fatalf("%T: %v", p, err)
		}
	}
	if i8 != -128 || i16 != -128 || i32 != -128 || i64 != -128 || i != -128 || f32 != -128 || f64 != -128 {
		t.Fatalf("ints %d %d %d %d %d %v %v", i8, i16, i32, i64, i, f32, f64)
	}
	var u8 uint8
	var u16 uint16
	var u32 uint32
	var u64 uint64
	var u uint
	for _, p := range []any{&u8, &u16, &u32, &u64, &u} {
		if err := IntVal(255).As(p); err != nil {
			t.Fatalf("%T: %v", p, err)
		}
	}
	if u8 != 255 || u16 != 255 || u32 != 255 || u64 != 255 || u != 255 {
		t.Fatalf("uints %d %d %d %d %d", u8, u16, u32, u64, u)
	}
	if err := UintVal(math.MaxUint64).As(&u64); err != nil || u64 != math.MaxUint64 {
		t.Fatalf("max uint64 %d %v", u64, err)
	}
	if err := IntVal(math.MinInt64).As(&i64); err != nil || i64 != math.MinInt64 {
		t.Fatalf("min int64 %d %v", i64, err)
	}
	// The nearest float, as gocty: 0.1 at precision 512 is not a float64.
	if err := mustNumber(t, "0.1").As(&f64); err != nil || f64 != 0.1 {
		t.Fatalf("0.1 %v %v", f64, err)
	}
	if err := mustNumber(t, "0.1").As(&f32); err != nil || f32 != float32(0.1) {
		t.Fatalf("0.1 as float32 %v %v", f32, err)
	}
	if err := mustNumber(t, "-Inf").As(&f64); err != nil || !math.IsInf(f64, -1) {
		t.Fatalf("-Inf %v %v", f64, err)
	}
	if err := mustNumber(t, "+Inf").As(&f32); err != nil || !math.IsInf(float64(f32), 1) {
		t.Fatalf("+Inf float32 %v %v", f32, err)
	}
	// A float32 takes the nearest float32 to the number itself: this one
	// is just above the midpoint between two float32s, but its nearest
	// float64 is the midpoint, which float32() would round to even (down).
	mid := new(big.Float).SetPrec(512).SetFloat64(1 + 0x1p-24) // between 1 and 1+2^-23
	above := new(big.Float).SetPrec(512).Add(mid, new(big.Float).SetFloat64(0x1p-60))
	nv, err := NumberVal(above)
	if err != nil {
		t.Fatal(err)
	}
	if err := nv.As(&f32); err != nil || f32 != 1+0x1p-23 {
		t.Fatalf("float32 rounding %v %v (float32 of the float64: %v)", f32, err, float32(1+0x1p-24))
	}
}

func TestAsBigNumbers(t *testing.T) {
	two64p1 := mustNumber(t, "18446744073709551617") // 2^64+1
	var bi big.Int
	if err := two64p1.As(&bi); err != nil || bi.String() != "18446744073709551617" {
		t.Fatalf("big.Int %v %v", &bi, err)
	}
	var pbi *big.Int
	if err := two64p1.As(&pbi); err != nil || pbi == nil || pbi.String() != "18446744073709551617" {
		t.Fatalf("*big.Int %v %v", pbi, err)
	}
	var pbf *big.Float
	if err := two64p1.As(&pbf); err != nil || pbf.Prec() != 512 || pbf.Text('f', -1) != "18446744073709551617" {
		t.Fatalf("*big.Float %v %v", pbf, err)
	}
	var u64 uint64
	wantErr(t, two64p1.As(&u64), ErrOutOfRange, "", "value must be a whole number, between 0 and 18446744073709551615 inclusive")
	// 0.1 exactly: parsed at 512 bits, it comes back at 512 bits.
	if err := mustNumber(t, "0.1").As(&pbf); err != nil || pbf.Prec() != 512 || pbf.Text('f', -1) != "0.1" {
		t.Fatalf("0.1 as big.Float %v (prec %d) %v", pbf, pbf.Prec(), err)
	}
	want := new(big.Float).SetPrec(512)
	want.SetString("0.1")
	if pbf.Cmp(want) != 0 {
		t.Fatalf("0.1 not exact: %v", pbf.Text('g', 200))
	}
	// An integer keeps precision 64, a float64 53.
	if err := IntVal(7).As(&pbf); err != nil || pbf.Prec() != 64 {
		t.Fatalf("int precision %d %v", pbf.Prec(), err)
	}
	f, _ := FloatVal(0.25)
	if err := f.As(&pbf); err != nil || pbf.Prec() != 53 || pbf.Text('g', -1) != "0.25" {
		t.Fatalf("float precision %d %v", pbf.Prec(), err)
	}
	wantErr(t, mustNumber(t, "0.5").As(&pbi), ErrOutOfRange, "", "value must be a whole number")
	wantErr(t, mustNumber(t, "+Inf").As(&pbi), ErrOutOfRange, "", "value must be a whole number")

	// FromGo keeps them exact.
	num := TypeNumber()
	defer num.Close()
	b := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))
	v, err := FromGo(b, num)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := v.NumberText(); s != "18446744073709551617" {
		t.Fatalf("2^64+1 from big.Int: %s", s)
	}
	if v, _ := FromGo(big.NewInt(-5), num); !v.RawEquals(IntVal(-5)) {
		t.Fatalf("small big.Int %v", v)
	}
	// big.NewFloat(0.1) is the float64 0.1, at precision 53: as go-cty's
	// NumberFloatVal(0.1).
	f01, _ := FloatVal(0.1)
	if v, err := FromGo(big.NewFloat(0.1), num); err != nil || !v.RawEquals(f01) {
		t.Fatalf("big.NewFloat(0.1): %v %v", v, err)
	}
	// 0.1 at 512 bits renders "0.1" (the decimal 0.1, not the float64).
	exact, _, _ := big.ParseFloat("0.1", 10, 512, big.ToNearestEven)
	if v, err := FromGo(exact, num); err != nil || !v.RawEquals(mustNumber(t, "0.1")) {
		t.Fatalf("0.1 at 512 bits: %v %v", v, err)
	}
	// At another precision the value stays exact (the precision becomes 512).
	odd, _, _ := big.ParseFloat("0.1", 10, 100, big.ToNearestEven)
	v, err = FromGo(odd, num)
	if err != nil {
		t.Fatal(err)
	}
	back, _ := v.AsBigFloat()
	if back.Cmp(odd) != 0 || back.Prec() != 512 {
		t.Fatalf("prec 100: %v (prec %d)", back.Text('g', 50), back.Prec())
	}
	if s, _ := v.NumberText(); s == "0.1" {
		t.Fatal("the 100-bit 0.1 is not the decimal 0.1")
	}
	// Integers of precision 64 stay integers of precision 64.
	if v, _ := FromGo(new(big.Float).SetInt64(-9), num); !v.RawEquals(IntVal(-9)) {
		t.Fatalf("SetInt64 %v", v)
	}
	if v, _ := FromGo(new(big.Float).SetUint64(math.MaxUint64), num); !v.RawEquals(UintVal(math.MaxUint64)) {
		t.Fatalf("SetUint64 %v", v)
	}
	if v, _ := FromGo(float32(0.1), num); !v.RawEquals(func() *Value { f, _ := FloatVal(float64(float32(0.1))); return f }()) {
		t.Fatalf("float32 %v", v)
	}
	v, err = FromGo(math.Inf(-1), num)
	if s, _ := v.NumberText(); err != nil || s != "-Inf" {
		t.Fatalf("-Inf %s %v", s, err)
	}
	_, err = FromGo(math.NaN(), num)
	wantErr(t, err, ErrInvalidArg, "", "NaN")
	_, err = FromGo(json.Number("1e3"), num)
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromGo(json.Number("x"), num)
	wantErr(t, err, ErrParse, "", "")
}

func TestAsNumberErrors(t *testing.T) {
	obj := mustJSON(t, `["object",{"n":["list","number"]}]`, `{"n":[1, 300, -1, 2.5, 1e39, 1e400]}`)
	defer obj.Close()
	type ints struct {
		N []int8 `dynval:"n"`
	}
	var i8 ints
	wantErr(t, obj.As(&i8), ErrOutOfRange, ".n[1]", "value must be a whole number, between -128 and 127")
	type uints struct {
		N []uint `dynval:"n"`
	}
	var u uints
	wantErr(t, obj.As(&u), ErrOutOfRange, ".n[2]", "value must be a whole number, between 0 and 18446744073709551615 inclusive")
	type i64s struct {
		N []int64 `dynval:"n"`
	}
	var i64 i64s
	wantErr(t, obj.As(&i64), ErrOutOfRange, ".n[3]", "value must be a whole number, between -9223372036854775808 and 9223372036854775807")
	type f32s struct {
		N []float32 `dynval:"n"`
	}
	var f32 f32s
	wantErr(t, obj.As(&f32), ErrOutOfRange, ".n[4]", "value must be between -340282346638528859811704183484516925440.000000 and")
	type f64s struct {
		N []float64 `dynval:"n"`
	}
	var f64 f64s
	wantErr(t, obj.As(&f64), ErrOutOfRange, ".n[5]", "value must be between -1797693134862315708")
}

func TestAsCollections(t *testing.T) {
	l := mustJSON(t, `["list","string"]`, `["a","b"]`)
	defer l.Close()
	var sl []string
	if err := l.As(&sl); err != nil || !reflect.DeepEqual(sl, []string{"a", "b"}) {
		t.Fatalf("list %v %v", sl, err)
	}
	var arr [2]string
	if err := l.As(&arr); err != nil || arr != [2]string{"a", "b"} {
		t.Fatalf("array %v %v", arr, err)
	}
	var arr3 [3]string
	wantErr(t, l.As(&arr3), ErrTypeMismatch, "", "must be a list of length 3")
	set := mustJSON(t, `["set","string"]`, `["b","a","b"]`)
	defer set.Close()
	if err := set.As(&sl); err != nil || !reflect.DeepEqual(sl, []string{"a", "b"}) {
		t.Fatalf("set %v %v", sl, err)
	}
	var sarr [1]string
	wantErr(t, set.As(&sarr), ErrTypeMismatch, "", "must be a set of length 1")
	var ints []int
	wantErr(t, set.As(&ints), ErrTypeMismatch, `["a"]`, "number value is required")
	tup := mustJSON(t, `["tuple",["string","number",["list","bool"]]]`, `["x", 2, [true]]`)
	defer tup.Close()
	var anys []any
	if err := tup.As(&anys); err != nil || !reflect.DeepEqual(anys, []any{"x", int64(2), []any{true}}) {
		t.Fatalf("tuple into []any %#v %v", anys, err)
	}
	var vals []*Value
	if err := tup.As(&vals); err != nil || len(vals) != 3 || !vals[1].RawEquals(IntVal(2)) || vals[1].IsView() {
		t.Fatalf("tuple into []*Value %v %v", vals, err)
	}
	tup.Close()
	if vals[1].RawEquals(IntVal(2)) != true { // owned: alive after tup's Close
		t.Fatal("clone")
	}
	closeAll(vals)
	tup2 := mustJSON(t, `["tuple",["string","number"]]`, `["x", 2]`)
	defer tup2.Close()
	var pos struct {
		S string
		N *int
	}
	if err := tup2.As(&pos); err != nil || pos.S != "x" || *pos.N != 2 {
		t.Fatalf("tuple into struct %+v %v", pos, err)
	}
	var pos3 struct{ A, B, C string }
	wantErr(t, tup2.As(&pos3), ErrTypeMismatch, "", "a tuple of 3 elements is required")
	var strs []string
	wantErr(t, tup2.As(&strs), ErrTypeMismatch, "[1]", "string value is required")

	m := mustJSON(t, `["map","number"]`, `{"b":2,"a":1}`)
	defer m.Close()
	type key string
	var mk map[key]int
	if err := m.As(&mk); err != nil || !reflect.DeepEqual(mk, map[key]int{"a": 1, "b": 2}) {
		t.Fatalf("map %v %v", mk, err)
	}
	var ms map[string]string
	wantErr(t, m.As(&ms), ErrTypeMismatch, `["a"]`, "string value is required")
	var mi map[int]int
	wantErr(t, m.As(&mi), ErrUnsupported, "", "can't fill Go map[int]int")
	obj := mustJSON(t, `["object",{"a":"number","b":"string"}]`, `{"a":1,"b":"x"}`)
	defer obj.Close()
	var ma map[string]any
	if err := obj.As(&ma); err != nil || !reflect.DeepEqual(ma, map[string]any{"a": int64(1), "b": "x"}) {
		t.Fatalf("object into map %v %v", ma, err)
	}
	var mn map[string]int
	wantErr(t, obj.As(&mn), ErrTypeMismatch, ".b", "number value is required")
	var a any
	if err := obj.As(&a); err != nil || !reflect.DeepEqual(a, map[string]any{"a": int64(1), "b": "x"}) {
		t.Fatalf("object into any %v %v", a, err)
	}
	// An interface holding a pointer fills what it points to.
	n := 0
	a = &n
	if err := IntVal(4).As(&a); err != nil || n != 4 || a.(*int) != &n {
		t.Fatalf("any holding *int: %v %v", n, err)
	}
	var st fmtStringer
	wantErr(t, StringVal("x").As(&st), ErrUnsupported, "", "can't fill Go dynval.fmtStringer")
	var ch chan int
	wantErr(t, IntVal(1).As(&ch), ErrUnsupported, "", "can't fill Go chan int")
}

type fmtStringer interface{ String() string }

// server is a model as a provider writes one.
type server struct {
	Name     string            `dynval:"name"`
	CPU      *int              `dynval:"cpu"`
	Memory   Maybe[float64]    `dynval:"memory"`
	Tags     map[string]string `dynval:"tags"`
	Groups   []string          `dynval:"groups"`
	Disks    []disk            `dynval:"disk"`
	Meta     *Value            `dynval:"meta"`
	Internal string            // no tag: not an attribute
}

type disk struct {
	Size int           `dynval:"size"`
	Kind Maybe[string] `dynval:"kind"`
}

const serverType = `["object",{"name":"string","cpu":"number","memory":"number","tags":["map","string"],` +
	`"groups":["set","string"],"disk":["list",["object",{"size":"number","kind":"string"}]],"meta":"dynamic"}]`

func TestAsStruct(t *testing.T) {
	ty := mustType(t, serverType)
	defer ty.Close()
	v, err := DecodeJSON([]byte(`{"name":"web","cpu":4,"memory":null,"tags":{"env":"prod"},"groups":["b","a"],`+
		`"disk":[{"size":10,"kind":"ssd"},{"size":20,"kind":null}],"meta":{"value":[1,"x"],"type":["tuple",["number","string"]]}}`), ty, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	s := server{Internal: "kept"}
	if err := v.As(&s); err != nil {
		t.Fatal(err)
	}
	defer s.Meta.Close()
	if s.Name != "web" || *s.CPU != 4 || !s.Memory.IsNull() || s.Tags["env"] != "prod" ||
		!reflect.DeepEqual(s.Groups, []string{"a", "b"}) || s.Internal != "kept" {
		t.Fatalf("%+v", s)
	}
	if len(s.Disks) != 2 || s.Disks[0].Size != 10 || s.Disks[0].Kind != Known("ssd") || !s.Disks[1].Kind.IsNull() {
		t.Fatalf("disks %+v", s.Disks)
	}
	if s.Meta.Kind() != KindTuple || s.Meta.IsView() {
		t.Fatalf("meta %v", s.Meta)
	}
	// Back: the same value.
	w, err := FromGo(s, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if !w.RawEquals(v) {
		t.Fatalf("round trip\n%v\n%v", w, v)
	}

	// gocty's rules on attributes: each needs a field; a missing one is
	// fine where the field can hold nothing.
	type small struct {
		Name string `dynval:"name"`
	}
	var sm small
	wantErr(t, v.As(&sm), ErrTypeMismatch, ".cpu", `unsupported attribute "cpu"`)
	type extra struct {
		Name  string  `dynval:"name"`
		Opt   *string `dynval:"opt"`
		Count int     `dynval:"count"`
	}
	nameOnly := mustJSON(t, `["object",{"name":"string"}]`, `{"name":"n"}`)
	defer nameOnly.Close()
	var ex extra
	wantErr(t, nameOnly.As(&ex), ErrTypeMismatch, ".count", `missing required attribute "count"`)
	type optional struct {
		Name string         `dynval:"name"`
		P    *string        `dynval:"p"`
		S    []int          `dynval:"s"`
		M    map[string]int `dynval:"m"`
		I    any            `dynval:"i"`
		Q    Maybe[int]     `dynval:"q"`
		V    *Value         `dynval:"v"`
	}
	keep := "untouched"
	op := optional{P: &keep, Q: Known(3)}
	if err := nameOnly.As(&op); err != nil || op.Name != "n" || op.P != &keep || op.Q != Known(3) {
		t.Fatalf("optional fields %+v %v", op, err)
	}
	type dup struct {
		A string `dynval:"name"`
		B string `dynval:"name"`
	}
	var d dup
	wantErr(t, nameOnly.As(&d), ErrInvalidArg, "", "fields A and B of dynval.dup are both tagged")
	_, err = FromGo(d, ty)
	wantErr(t, err, ErrInvalidArg, "", "both tagged")
	type hidden struct {
		name string `dynval:"name"`
	}
	var h hidden
	wantErr(t, nameOnly.As(&h), ErrInvalidArg, "", "field name of dynval.hidden has a dynval tag but is not exported")
	_ = h.name
	// Nested errors name the whole path.
	bad, err := DecodeJSON([]byte(`{"name":"web","cpu":4,"memory":1,"tags":{},"groups":[],`+
		`"disk":[{"size":10,"kind":"ssd"},{"size":20.5,"kind":null}],"meta":null}`), ty, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	wantErr(t, bad.As(&s), ErrOutOfRange, ".disk[1].size", "whole number")
}

func TestAsNullAndUnknown(t *testing.T) {
	str := TypeString()
	defer str.Close()
	null := NullVal(str)
	unk, _ := UnknownVal(str, &Refinements{NotNull: true, Prefix: "ab"})
	defer unk.Close()

	p := new(string)
	if err := null.As(&p); err != nil || p != nil {
		t.Fatalf("null into *string: %v %v", p, err)
	}
	var s string
	wantErr(t, null.As(&s), ErrTypeMismatch, "", "null value is not allowed")
	wantErr(t, unk.As(&s), ErrUnknownValue, "", "value must be known")
	wantErr(t, unk.As(&p), ErrUnknownValue, "", "value must be known")
	var m Maybe[string]
	if err := unk.As(&m); err != nil || !m.IsUnknown() || m.String() != "unknown" {
		t.Fatalf("unknown into Maybe: %+v %v", m, err)
	}
	m = Known("old")
	if err := null.As(&m); err != nil || !m.IsNull() || m.Value != "" {
		t.Fatalf("null into Maybe: %+v %v", m, err)
	}
	if err := StringVal("x").As(&m); err != nil || m != Known("x") {
		t.Fatalf("known into Maybe: %+v %v", m, err)
	}
	if got, ok := m.Get(); !ok || got != "x" {
		t.Fatal("Get")
	}
	var pm *Maybe[string]
	if err := null.As(&pm); err != nil || pm != nil {
		t.Fatalf("null into *Maybe: %v %v", pm, err)
	}
	if err := unk.As(&pm); err != nil || pm == nil || !pm.IsUnknown() {
		t.Fatalf("unknown into *Maybe: %v %v", pm, err)
	}
	// *Value keeps everything, refinements included.
	var kept *Value
	if err := unk.As(&kept); err != nil || !kept.RawEquals(unk) || kept.RefinedPrefix() != "ab" {
		t.Fatalf("unknown into *Value: %v %v", kept, err)
	}
	kept.Close()
	if err := null.As(&kept); err != nil || kept == nil || !kept.IsNull() || kept.Kind() != KindString {
		t.Fatalf("null into *Value: %v %v", kept, err)
	}
	var a any = "old"
	if err := null.As(&a); err != nil || a != nil {
		t.Fatalf("null into any %v %v", a, err)
	}
	wantErr(t, unk.As(&a), ErrUnknownValue, "", "value must be known")
	// Null collections: nil slices and maps (sets too; gocty refuses a null
	// set); null into an array or struct is an error.
	for _, js := range []string{`["list","string"]`, `["set","string"]`, `["tuple",["string"]]`} {
		ty := mustType(t, js)
		sl := []string{"old"}
		if err := NullVal(ty).As(&sl); err != nil || sl != nil {
			t.Fatalf("null %s into slice: %v %v", js, sl, err)
		}
		var arr [1]string
		wantErr(t, NullVal(ty).As(&arr), ErrTypeMismatch, "", "null value is not allowed")
		psl := &sl
		if err := NullVal(ty).As(&psl); err != nil || psl != nil {
			t.Fatalf("null %s into *[]string: %v", js, err)
		}
		ty.Close()
	}
	mt := mustType(t, `["map","string"]`)
	defer mt.Close()
	mm := map[string]string{"a": "b"}
	if err := NullVal(mt).As(&mm); err != nil || mm != nil {
		t.Fatalf("null map %v %v", mm, err)
	}
	ot := mustType(t, `["object",{"name":"string"}]`)
	defer ot.Close()
	var sv struct {
		Name string `dynval:"name"`
	}
	wantErr(t, NullVal(ot).As(&sv), ErrTypeMismatch, "", "null value is not allowed")

	// An unknown deep inside: its path; Maybe and *Value elements take it.
	nested := mustJSON(t, `["object",{"ips":["list","string"]}]`, `{"ips":["a","b"]}`)
	defer nested.Close()
	withUnknown, err := nested.SetPath(Path{}.Attr("ips").Index(1), unk)
	if err != nil {
		t.Fatal(err)
	}
	defer withUnknown.Close()
	var plainIPs struct {
		IPs []string `dynval:"ips"`
	}
	wantErr(t, withUnknown.As(&plainIPs), ErrUnknownValue, ".ips[1]", "value must be known")
	var maybeList struct {
		IPs Maybe[[]string] `dynval:"ips"`
	}
	wantErr(t, withUnknown.As(&maybeList), ErrUnknownValue, ".ips[1]", "value must be known")
	var maybeIPs struct {
		IPs []Maybe[string] `dynval:"ips"`
	}
	if err := withUnknown.As(&maybeIPs); err != nil || maybeIPs.IPs[0] != Known("a") || !maybeIPs.IPs[1].IsUnknown() {
		t.Fatalf("[]Maybe: %+v %v", maybeIPs, err)
	}
	var anyIPs any
	wantErr(t, withUnknown.As(&anyIPs), ErrUnknownValue, ".ips[1]", "value must be known")
	if _, err := withUnknown.ToGo(); err == nil || err.(*Error).Path != ".ips[1]" {
		t.Fatalf("ToGo names the path: %v", err)
	}
	// And back: Maybe gives unknowns and nulls of the type.
	lt := mustType(t, `["object",{"ips":["list","string"]}]`)
	defer lt.Close()
	back, err := FromGo(maybeIPs, lt)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	plainUnk, _ := UnknownVal(str, nil)
	want, _ := nested.SetPath(Path{}.Attr("ips").Index(1), plainUnk)
	if !back.RawEquals(want) {
		t.Fatalf("[]Maybe back: %v", back)
	}
	v, err := FromGo(Maybe[[]string]{State: MaybeUnknown}, mustType(t, `["list","string"]`))
	if err != nil || v.IsKnown() || v.Kind() != KindList {
		t.Fatalf("unknown Maybe: %v %v", v, err)
	}
	v, err = FromGo(Maybe[string]{}, str)
	if err != nil || !v.IsNull() || v.Kind() != KindString {
		t.Fatalf("null Maybe: %v %v", v, err)
	}
	_, err = FromGo(Maybe[string]{State: 7}, str)
	wantErr(t, err, ErrInvalidArg, "", "invalid MaybeState 7")

	// Target errors.
	wantErr(t, null.As(s), ErrInvalidArg, "", "non-nil pointer")
	wantErr(t, null.As((*string)(nil)), ErrInvalidArg, "", "non-nil pointer")
	wantErr(t, null.As(kept), ErrInvalidArg, "", "needs its address")
	var byValue Value
	wantErr(t, StringVal("x").As(&byValue), ErrInvalidArg, "", "")
	var inStruct struct {
		V Value `dynval:"v"`
	}
	vo := mustJSON(t, `["object",{"v":"string"}]`, `{"v":"x"}`)
	defer vo.Close()
	wantErr(t, vo.As(&inStruct), ErrUnsupported, ".v", "use *dynval.Value")
}

func TestFromGo(t *testing.T) {
	ty := mustType(t, `["object",{"a":"string","b":["list","number"],"c":["set","bool"],"d":["map","string"],`+
		`"e":["tuple",["string","number"]],"f":["object",{"g":"string"}],"h":"dynamic"}]`)
	defer ty.Close()
	in := map[string]any{
		"a": "x", "b": []int{1, 2}, "c": [2]bool{true, true}, "d": map[string]string{"k": "v"},
		"e": []any{"s", 1.5}, "f": struct {
			G *string `dynval:"g"`
		}{}, "h": map[string]any{"n": uint8(3)}, "extra": "ignored",
	}
	v, err := FromGo(in, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	js, err := v.EncodeJSON(ty)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"a":"x","b":[1,2],"c":[true],"d":{"k":"v"},"e":["s",1.5],"f":{"g":null},"h":{"value":{"n":3},"type":["object",{"n":"number"}]}}`
	if string(js) != want {
		t.Fatalf("got  %s\nwant %s", js, want)
	}
	// Missing keys and nil values give nulls of their types.
	v2, err := FromGo(map[string]any{"b": []int(nil), "d": (map[string]string)(nil), "f": (*struct{})(nil)}, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer v2.Close()
	if js, _ := v2.EncodeJSON(ty); string(js) != `{"a":null,"b":null,"c":null,"d":null,"e":null,"f":null,"h":null}` {
		t.Fatalf("nulls %s", js)
	}
	if f := v2.Get("f"); !f.IsNull() || f.Kind() != KindObject {
		t.Fatalf("null object %v", f)
	}
	// Empty collections keep their element types.
	v3, err := FromGo(map[string]any{"b": []int{}, "c": []bool{}, "d": map[string]string{}}, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer v3.Close()
	if b := v3.Get("b"); b.IsNull() || b.Type().String() != `["list","number"]` {
		t.Fatalf("empty list %v", b)
	}
	// Errors, with the path in the result.
	cases := []struct {
		in     any
		status *Error
		path   string
		msg    string
	}{
		{map[string]any{"a": 1}, ErrTypeMismatch, ".a", "can't convert Go int to string"},
		{map[string]any{"b": []any{1, "2"}}, ErrTypeMismatch, ".b[1]", "can't convert Go string to number"},
		{map[string]any{"c": []any{true, 0}}, ErrTypeMismatch, ".c[1]", "can't convert Go int to bool"},
		{map[string]any{"d": map[string]any{"k": false}}, ErrTypeMismatch, `.d["k"]`, "can't convert Go bool to string"},
		{map[string]any{"d": map[int]string{}}, ErrUnsupported, ".d", "key type must be string"},
		{map[string]any{"e": []string{"x"}}, ErrTypeMismatch, ".e", "wrong number of elements 1; need 2"},
		{map[string]any{"e": struct{ A string }{}}, ErrTypeMismatch, ".e", "wrong number of struct fields 1; need 2"},
		{map[string]any{"e": []any{"s", "t"}}, ErrTypeMismatch, ".e[1]", "can't convert Go string to number"},
		{map[string]any{"f": "x"}, ErrTypeMismatch, ".f", "can't convert Go string to object"},
		{map[string]any{"f": map[string]any{"g": math.NaN()}}, ErrTypeMismatch, ".f.g", "can't convert Go float64 to string"},
		{map[string]any{"h": struct{}{}}, ErrUnsupported, ".h", "without a type"},
		{map[string]any{"h": []any{make(chan int)}}, ErrUnsupported, ".h[0]", "chan int"},
		{map[string]any{"h": map[string]any{"x": math.NaN()}}, ErrInvalidArg, ".h.x", "NaN"},
		{map[string]any{"a": StringVal("ok"), "b": TupleVal(StringVal("x"))}, ErrTypeMismatch, ".b[0]", "unsuitable value: a number is required"},
		{[]string{}, ErrTypeMismatch, "", "can't convert Go slice to object"},
	}
	for i, c := range cases {
		_, err := FromGo(c.in, ty)
		wantErr(t, err, c.status, c.path, c.msg)
		_ = i
	}
	// *Value passes through, converted.
	pv, err := FromGo(map[string]any{"b": TupleVal(StringVal("5"))}, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer pv.Close()
	if b := pv.Get("b"); b.Index(0) == nil || !b.Index(0).RawEquals(mustNumber(t, "5")) {
		t.Fatalf("passthrough %v", b)
	}
	// Without a type (t == nil): the implied type.
	iv, err := FromGo([]any{1, "x", map[string]bool{"b": true}, nil, &[]int{2}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer iv.Close()
	if got := iv.Type().String(); got != `["tuple",["number","string",["object",{"b":"bool"}],"dynamic",["tuple",["number"]]]]` {
		t.Fatalf("implied %s", got)
	}
	for _, x := range []any{[]any(nil), map[string]any(nil), (*int)(nil), nil} {
		if v, err := FromGo(x, nil); err != nil || !v.IsNull() || v.Kind() != KindDynamic {
			t.Fatalf("implied %#v: %v %v", x, v, err)
		}
	}
	if v, err := FromGo([]any{}, nil); err != nil || v.IsNull() || v.Type().String() != `["tuple",[]]` {
		t.Fatalf("empty []any: %v %v", v, err)
	}
}

// TestRoundTrip fills Go values from FromGo's results and compares.
func TestRoundTrip(t *testing.T) {
	type inner struct {
		K string            `dynval:"k"`
		N *big.Int          `dynval:"n"`
		F big.Float         `dynval:"f"`
		S []Maybe[float32]  `dynval:"s"`
		M map[string]*uint8 `dynval:"m"`
	}
	type outer struct {
		List  []inner          `dynval:"list"`
		Set   [][2]int16       `dynval:"set"`
		Map   map[string]inner `dynval:"map"`
		Tuple struct {
			A bool
			B *inner
		} `dynval:"tuple"`
		Ptr **string `dynval:"ptr"`
	}
	innerT := `["object",{"k":"string","n":"number","f":"number","s":["list","number"],"m":["map","number"]}]`
	ty := mustType(t, `["object",{"list":["list",`+innerT+`],"set":["set",["list","number"]],"map":["map",`+innerT+
		`],"tuple":["tuple",["bool",`+innerT+`]],"ptr":"string"}]`)
	defer ty.Close()
	eight := uint8(8)
	s := "p"
	ps := &s
	big1, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	mk := func(k string) inner {
		in := inner{K: k, N: big1, S: []Maybe[float32]{Known[float32](1.5), {}, Unknown[float32]()},
			M: map[string]*uint8{"x": &eight, "y": nil}}
		in.F.SetPrec(512).SetString("0.1")
		return in
	}
	x := outer{
		List: []inner{mk("a"), mk("b")},
		Set:  [][2]int16{{1, 2}, {-3, 4}, {1, 2}},
		Map:  map[string]inner{"m": mk("c")},
		Ptr:  &ps,
	}
	x.Tuple.A = true
	v, err := FromGo(x, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	var y outer
	if err := v.As(&y); err != nil {
		t.Fatal(err)
	}
	x.Set = [][2]int16{{-3, 4}, {1, 2}} // a set: merged and in go-cty's order
	if !goEqual(reflect.ValueOf(x), reflect.ValueOf(y)) {
		t.Fatalf("round trip\n%+v\n%+v", x, y)
	}
	if y.List[0].F.Text('f', -1) != "0.1" || y.List[0].F.Prec() != 512 {
		t.Fatalf("0.1: %s", y.List[0].F.Text('f', -1))
	}
	w, err := FromGo(y, ty)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if !w.RawEquals(v) {
		t.Fatal("second round trip differs")
	}
}

// goEqual is reflect.DeepEqual, except that big.Float and big.Int compare
// by value (and big.Float by precision): their internal words and
// accuracy fields depend on how they were computed.
func goEqual(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Type() {
	case bigFloatType:
		x, y := bigAddr(a).(*big.Float), bigAddr(b).(*big.Float)
		return x.Cmp(y) == 0 && x.Prec() == y.Prec() && x.Signbit() == y.Signbit()
	case bigIntType:
		return bigAddr(a).(*big.Int).Cmp(bigAddr(b).(*big.Int)) == 0
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return goEqual(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !goEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !goEqual(a.MapIndex(k), b.MapIndex(k)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if !a.Type().Field(i).IsExported() {
				continue
			}
			if !goEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float() || (math.IsNaN(a.Float()) && math.IsNaN(b.Float()))
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

func TestAsNilValue(t *testing.T) {
	var missing *Value // what Get returns for an absent attribute
	var p *int = new(int)
	if err := missing.As(&p); err != nil || p != nil {
		t.Fatalf("nil into *int: %v %v", p, err)
	}
	var m Maybe[int]
	if err := missing.As(&m); err != nil || !m.IsNull() {
		t.Fatalf("nil into Maybe: %v %v", m, err)
	}
	var n int
	wantErr(t, missing.As(&n), ErrTypeMismatch, "", "null value is not allowed")
	kept := StringVal("x")
	if err := missing.As(&kept); err != nil || kept != nil {
		t.Fatalf("nil into *Value: %v %v", kept, err)
	}
}

// TestFromGoWithoutType: the one-argument form of earlier releases still
// builds and means FromGo(x, nil); two types are refused.
func TestFromGoWithoutType(t *testing.T) {
	x := map[string]any{"a": []any{int64(1), "s"}}
	one, err := FromGo(x)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := FromGo(x, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	if !one.RawEquals(two) {
		t.Fatalf("FromGo(x) = %v, FromGo(x, nil) = %v", one, two)
	}
	if _, err := FromGo(x, TypeDynamic(), TypeDynamic()); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("two types: %v", err)
	}
}
