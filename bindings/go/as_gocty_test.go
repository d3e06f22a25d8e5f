package dynval

// Cross-checks of FromGo and Value.As against go-cty's gocty package for
// the same Go values and types: FromGo's value and gocty.ToCtyValue's are
// encoded by ctymsgpack and by EncodeMsgpack and must give the same bytes;
// those bytes, decoded by ctymsgpack and by DecodeMsgpack, must fill the
// same Go values through gocty.FromCtyValue and As (goEqual). Where both
// fail, the paths must agree (and the messages, where gocty's are ours).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/gocty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

func ctyTypeOf(t testing.TB, ty *Type) cty.Type {
	t.Helper()
	js, err := ty.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	ct, err := ctyjson.UnmarshalType(js)
	if err != nil {
		t.Fatalf("cty type %s: %v", js, err)
	}
	return ct
}

// ctyPathString renders a cty.Path as Path.String does ("?" for a step
// that has no counterpart, such as gocty's trailing nil step).
func ctyPathString(p cty.Path) string {
	var out Path
	for _, s := range p {
		switch s := s.(type) {
		case cty.GetAttrStep:
			out = append(out, Attr(s.Name))
		case cty.IndexStep:
			switch s.Key.Type() {
			case cty.Number:
				i, _ := s.Key.AsBigFloat().Int64()
				out = append(out, Index(i))
			case cty.String:
				out = append(out, Key(s.Key.AsString()))
			default:
				return out.String() + "?"
			}
		default:
			return out.String() + "?"
		}
	}
	return out.String()
}

// errCheck says how much of two failures must agree.
type errCheck int

const (
	checkPath    errCheck = iota // both fail at the same path
	checkMessage                 // ... with the same message
	checkFails                   // both fail (gocty's path has no counterpart)
)

// sameFailure compares a gocty error with ours.
func sameFailure(t *testing.T, name string, cerr, err error, check errCheck) {
	t.Helper()
	if (cerr == nil) != (err == nil) {
		t.Errorf("%s: gocty error %v, ours %v", name, cerr, err)
		return
	}
	if cerr == nil || check == checkFails {
		return
	}
	var pe cty.PathError
	var e *Error
	if !errors.As(cerr, &pe) || !errors.As(err, &e) {
		t.Errorf("%s: errors without paths: gocty %v, ours %v", name, cerr, err)
		return
	}
	if cp := ctyPathString(pe.Path); cp != e.Path {
		t.Errorf("%s: gocty fails at %q (%v), we at %q (%v)", name, cp, cerr, e.Path, err)
	}
	if check == checkMessage && pe.Error() != e.Message {
		t.Errorf("%s: gocty says %q, we %q", name, pe.Error(), e.Message)
	}
}

// crossFromGo compares FromGo with gocty.ToCtyValue; it returns the
// MessagePack of the value when both succeed.
func crossFromGo(t *testing.T, name string, x any, ty *Type, check errCheck) []byte {
	t.Helper()
	ct := ctyTypeOf(t, ty)
	cv, cerr := gocty.ToCtyValue(x, ct)
	v, err := FromGo(x, ty)
	sameFailure(t, name, cerr, err, check)
	if cerr != nil || err != nil {
		return nil
	}
	defer v.Close()
	want, err := ctymsgpack.Marshal(cv, ct)
	if err != nil {
		t.Fatalf("%s: ctymsgpack: %v", name, err)
	}
	got, err := v.EncodeMsgpack(ty)
	if err != nil {
		t.Fatalf("%s: EncodeMsgpack: %v", name, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: FromGo gives\n%x (%v)\ngocty gives\n%x (%#v)", name, got, v, want, cv)
	}
	return want
}

// crossAs compares As with gocty.FromCtyValue on the value that data (by
// type ty) decodes to, filling fresh values of goT.
func crossAs(t *testing.T, name string, data []byte, ty *Type, goT reflect.Type, check errCheck) {
	t.Helper()
	ct := ctyTypeOf(t, ty)
	cv, err := ctymsgpack.Unmarshal(data, ct)
	if err != nil {
		t.Fatalf("%s: ctymsgpack: %v", name, err)
	}
	v, err := DecodeMsgpack(data, ty, nil)
	if err != nil {
		t.Fatalf("%s: DecodeMsgpack: %v", name, err)
	}
	defer v.Close()
	want, got := reflect.New(goT), reflect.New(goT)
	cerr := gocty.FromCtyValue(cv, want.Interface())
	err = v.As(got.Interface())
	sameFailure(t, name, cerr, err, check)
	if cerr == nil && err == nil && !goEqual(got.Elem(), want.Elem()) {
		t.Errorf("%s: As fills\n%#v\ngocty fills\n%#v", name, got.Elem(), want.Elem())
	}
}

// Structs tagged for both packages.
type ctyDisk struct {
	Size float64 `cty:"size" dynval:"size"`
	Kind *string `cty:"kind" dynval:"kind"`
}

type ctyServer struct {
	Name   string            `cty:"name" dynval:"name"`
	CPU    *int32            `cty:"cpu" dynval:"cpu"`
	Tags   map[string]string `cty:"tags" dynval:"tags"`
	Groups *[]string         `cty:"groups" dynval:"groups"`
	Disks  []ctyDisk         `cty:"disks" dynval:"disks"`
	Pair   struct {
		A bool
		B *big.Int
	} `cty:"pair" dynval:"pair"`
}

const ctyServerType = `["object",{"name":"string","cpu":"number","tags":["map","string"],"groups":["set","string"],` +
	`"disks":["list",["object",{"size":"number","kind":"string"}]],"pair":["tuple",["bool","number"]]}]`

func TestGoctyFromGoTable(t *testing.T) {
	str := func(s string) *string { return &s }
	i32 := func(n int32) *int32 { return &n }
	two64p1, _ := new(big.Int).SetString("18446744073709551617", 10)
	p512, _, _ := big.ParseFloat("0.1", 10, 512, big.ToNearestEven)
	srv := ctyServer{Name: "web", CPU: i32(4), Tags: map[string]string{"env": "prod", "k": "Zoë"},
		Groups: &[]string{"b", "a", "b"}, Disks: []ctyDisk{{Size: 10}, {Size: 20.5, Kind: str("ssd")}}}
	srv.Pair.A = true
	srv.Pair.B = two64p1
	cases := []struct {
		name  string
		x     any
		ty    string
		check errCheck
	}{
		{"bool", true, `"bool"`, checkMessage},
		{"*bool nil", (*bool)(nil), `"bool"`, checkMessage},
		{"int8", int8(-8), `"number"`, checkMessage},
		{"int64 min", int64(math.MinInt64), `"number"`, checkMessage},
		{"uint64 max", uint64(math.MaxUint64), `"number"`, checkMessage},
		{"float64 0.1", 0.1, `"number"`, checkMessage},
		{"float64 max", math.MaxFloat64, `"number"`, checkMessage},
		{"float64 -inf", math.Inf(-1), `"number"`, checkMessage},
		{"float32", float32(1.1), `"number"`, checkMessage},
		{"big.Int 2^64+1", two64p1, `"number"`, checkMessage},
		{"big.Int value", *two64p1, `"number"`, checkMessage},
		{"big.Float 0.1 at 512", p512, `"number"`, checkMessage},
		{"big.NewFloat(0.1)", big.NewFloat(0.1), `"number"`, checkMessage},
		{"big.Float 1e400", func() *big.Float { f, _, _ := big.ParseFloat("1e400", 10, 512, big.ToNearestEven); return f }(), `"number"`, checkMessage},
		{"string NFC", "e\u0301", `"string"`, checkMessage},
		{"named string", ctyName("x"), `"string"`, checkMessage},
		{"**string", func() **string { s := str("p"); return &s }(), `"string"`, checkMessage},
		{"list", []string{"a", "b"}, `["list","string"]`, checkMessage},
		{"list nil", []string(nil), `["list","string"]`, checkMessage},
		{"list empty", []int{}, `["list","number"]`, checkMessage},
		{"list from array", [2]int{1, 2}, `["list","number"]`, checkMessage},
		{"list of any", []any{"a", "b"}, `["list","string"]`, checkMessage},
		{"list bad element", []any{"a", 1}, `["list","string"]`, checkMessage},
		{"list of list bad", [][]any{{1}, {2, "x"}}, `["list",["list","number"]]`, checkMessage},
		{"set dedup", []string{"b", "a", "b"}, `["set","string"]`, checkMessage},
		{"set empty", []bool{}, `["set","bool"]`, checkMessage},
		{"set of objects", []ctyDisk{{Size: 2}, {Size: 1}, {Size: 2}}, `["set",["object",{"size":"number","kind":"string"}]]`, checkMessage},
		{"map", map[string]int{"b": 2, "a": 1}, `["map","number"]`, checkMessage},
		{"map nil", map[string]int(nil), `["map","number"]`, checkMessage},
		{"map bad element", map[string]any{"k": true}, `["map","number"]`, checkMessage},
		{"map of lists bad", map[string][]any{"k": {1, "x"}}, `["map",["list","number"]]`, checkMessage},
		{"object from struct", srv, ctyServerType, checkMessage},
		{"object from *struct", &srv, ctyServerType, checkMessage},
		{"object nil", (*ctyServer)(nil), ctyServerType, checkMessage},
		{"object zero struct", ctyServer{}, ctyServerType, checkMessage},
		{"object from map", map[string]any{"size": 3, "extra": "ignored"}, `["object",{"size":"number","kind":"string"}]`, checkMessage},
		{"object with fewer attributes", srv, `["object",{"name":"string"}]`, checkMessage},
		{"object with more attributes", ctyDisk{Size: 1}, `["object",{"size":"number","kind":"string","more":"bool"}]`, checkMessage},
		{"object bad attribute", ctyDisk{Size: 1, Kind: str("x")}, `["object",{"size":"number","kind":"bool"}]`, checkMessage},
		{"object nested bad", srv, strings.Replace(ctyServerType, `"size":"number"`, `"size":"string"`, 1), checkMessage},
		{"object empty", struct{}{}, `["object",{}]`, checkMessage},
		{"tuple from slice", []any{"a", 1}, `["tuple",["string","number"]]`, checkMessage},
		{"tuple wrong length", []any{"a"}, `["tuple",["string","number"]]`, checkMessage},
		{"tuple from struct", struct {
			A string
			B int
		}{"x", 2}, `["tuple",["string","number"]]`, checkMessage},
		{"tuple struct wrong length", struct{ A string }{"x"}, `["tuple",["string","number"]]`, checkMessage},
		{"tuple bad element", []any{"a", "b"}, `["tuple",["string","number"]]`, checkMessage},
		{"string from int", 1, `"string"`, checkMessage},
		{"number from string", "1", `"number"`, checkMessage},
		{"bool from string", "true", `"bool"`, checkMessage},
		{"list from map", map[string]int{}, `["list","number"]`, checkFails}, // gocty prints cty.List(cty.Number), we "list of number"
	}
	for _, c := range cases {
		ty := mustType(t, c.ty)
		crossFromGo(t, c.name, c.x, ty, c.check)
		ty.Close()
	}
	t.Logf("%d FromGo cases agree with gocty.ToCtyValue", len(cases))
}

type ctyName string

func TestGoctyAsTable(t *testing.T) {
	cases := []struct {
		name  string
		ty    string
		value string // JSON
		goT   any    // a value of the Go type to fill
		check errCheck
	}{
		{"bool", `"bool"`, `true`, false, checkMessage},
		{"bool into string", `"bool"`, `true`, "", checkMessage},
		{"int8", `"number"`, `-128`, int8(0), checkMessage},
		{"int8 overflow", `"number"`, `128`, int8(0), checkMessage},
		{"int fraction", `"number"`, `1.5`, 0, checkMessage},
		{"uint16 negative", `"number"`, `-1`, uint16(0), checkMessage},
		{"uint64 2^64+1", `"number"`, `18446744073709551617`, uint64(0), checkMessage},
		{"float64 0.1", `"number"`, `0.1`, 0.0, checkMessage},
		{"float64 huge", `"number"`, `1e400`, 0.0, checkMessage},
		{"float64 rounding", `"number"`, `0.1000000000000000000000000000001`, 0.0, checkMessage},
		{"float32", `"number"`, `1.25`, float32(0), checkMessage},
		{"big.Float", `"number"`, `0.1`, big.Float{}, checkMessage},
		{"*big.Float int", `"number"`, `12`, (*big.Float)(nil), checkMessage},
		{"big.Int 2^64+1", `"number"`, `18446744073709551617`, big.Int{}, checkMessage},
		{"*big.Int fraction", `"number"`, `0.5`, (*big.Int)(nil), checkMessage},
		{"number into bool", `"number"`, `1`, false, checkMessage},
		{"string", `"string"`, `"x"`, ctyName(""), checkMessage},
		{"null into *string", `"string"`, `null`, (*string)(nil), checkMessage},
		{"null into string", `"string"`, `null`, "", checkMessage},
		{"list", `["list","string"]`, `["a","b"]`, []string(nil), checkMessage},
		{"list null", `["list","string"]`, `null`, []string(nil), checkMessage},
		{"list into array", `["list","number"]`, `[1,2]`, [2]int{}, checkMessage},
		{"list into short array", `["list","number"]`, `[1,2]`, [3]int{}, checkMessage},
		{"list null into array", `["list","number"]`, `null`, [1]int{}, checkMessage},
		{"list bad element", `["list","number"]`, `[1,2.5]`, []int(nil), checkMessage},
		{"list of pointers", `["list","number"]`, `[1,null]`, []*int(nil), checkMessage},
		{"list null element", `["list","number"]`, `[1,null]`, []int(nil), checkMessage},
		{"list into string", `["list","number"]`, `[]`, "", checkMessage},
		{"set", `["set","string"]`, `["b","a"]`, []string(nil), checkMessage},
		{"set into array", `["set","string"]`, `["b","a"]`, [2]string{}, checkMessage},
		{"set into short array", `["set","string"]`, `["b","a"]`, [1]string{}, checkMessage},
		{"set of objects", `["set",["object",{"size":"number","kind":"string"}]]`, `[{"size":2,"kind":null},{"size":1,"kind":"x"}]`, []ctyDisk(nil), checkMessage},
		{"map", `["map","number"]`, `{"a":1,"b":2}`, map[string]int(nil), checkMessage},
		{"map of uint8", `["map","number"]`, `{"a":1}`, map[string]uint8(nil), checkMessage},
		{"map null", `["map","number"]`, `null`, map[string]int(nil), checkMessage},
		{"map bad element", `["map","number"]`, `{"a":1,"b":-2}`, map[string]uint(nil), checkMessage},
		{"map into struct", `["map","number"]`, `{}`, ctyDisk{}, checkMessage},
		{"object", ctyServerType, `{"name":"web","cpu":2,"tags":{"a":"b"},"groups":["y","x"],"disks":[{"size":1.5,"kind":null}],"pair":[true,18446744073709551617]}`, ctyServer{}, checkMessage},
		{"object into *struct", ctyServerType, `{"name":"web","cpu":null,"tags":null,"groups":null,"disks":null,"pair":[false,null]}`, (*ctyServer)(nil), checkMessage},
		{"object null into *struct", ctyServerType, `null`, (*ctyServer)(nil), checkMessage},
		{"object bad nested", ctyServerType, `{"name":"web","cpu":2.5,"tags":null,"groups":null,"disks":null,"pair":[false,null]}`, ctyServer{}, checkMessage},
		{"object bad in list", ctyServerType, `{"name":"web","cpu":null,"tags":null,"groups":[],"disks":[{"size":1,"kind":null},{"size":1,"kind":"x"}],"pair":null}`,
			struct {
				Name   string            `cty:"name" dynval:"name"`
				CPU    *int32            `cty:"cpu" dynval:"cpu"`
				Tags   map[string]string `cty:"tags" dynval:"tags"`
				Groups []string          `cty:"groups" dynval:"groups"`
				Disks  []struct {
					Size int  `cty:"size" dynval:"size"`
					Kind *int `cty:"kind" dynval:"kind"`
				} `cty:"disks" dynval:"disks"`
				Pair *struct {
					A bool
					B *big.Int
				} `cty:"pair" dynval:"pair"`
			}{}, checkMessage},
		{"object unsupported attribute", `["object",{"size":"number","kind":"string","more":"bool"}]`, `{"size":1,"kind":null,"more":true}`, ctyDisk{}, checkMessage},
		// gocty's path ends with a nil step; ours names the attribute.
		{"object missing attribute", `["object",{"kind":"string"}]`, `{"kind":null}`, ctyDisk{}, checkFails},
		{"object missing nilable", `["object",{"size":"number"}]`, `{"size":1}`, ctyDisk{}, checkMessage},
		{"object into struct of fewer", `["object",{"size":"number","kind":"string"}]`, `{"size":1,"kind":"x"}`, struct {
			Size int `cty:"size" dynval:"size"`
		}{}, checkMessage},
		{"tuple into struct", `["tuple",["string","number"]]`, `["a",1]`, struct {
			A string
			B *float64
		}{}, checkMessage},
		{"tuple wrong struct", `["tuple",["string","number"]]`, `["a",1]`, struct{ A string }{}, checkMessage},
		{"tuple bad element", `["tuple",["string","number"]]`, `["a",1.5]`, struct {
			A string
			B int
		}{}, checkMessage},
	}
	for _, c := range cases {
		ty := mustType(t, c.ty)
		v, err := DecodeJSON([]byte(c.value), ty, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		data, err := v.EncodeMsgpack(ty)
		if err != nil {
			t.Fatal(err)
		}
		crossAs(t, c.name, data, ty, reflect.TypeOf(c.goT), c.check)
		v.Close()
		ty.Close()
	}
	t.Logf("%d As cases agree with gocty.FromCtyValue", len(cases))
}

// TestGoctyDifferences pins the documented differences from gocty.
func TestGoctyDifferences(t *testing.T) {
	fill := func(ty, value string, target any) (cerr, err error) {
		tt := mustType(t, ty)
		defer tt.Close()
		v := mustJSON(t, ty, value)
		defer v.Close()
		cv, err := ctyjson.Unmarshal([]byte(value), ctyTypeOf(t, tt))
		if err != nil {
			t.Fatal(err)
		}
		cerr = gocty.FromCtyValue(cv, reflect.New(reflect.TypeOf(target).Elem()).Interface())
		return cerr, v.As(target)
	}
	// A null set fills a slice with nil; gocty refuses it.
	sl := []string{"x"}
	if cerr, err := fill(`["set","string"]`, `null`, &sl); cerr == nil || err != nil || sl != nil {
		t.Errorf("null set: gocty %v, ours %v %v", cerr, err, sl)
	}
	// A null list makes a *[]T nil; gocty allocates it.
	psl := &sl
	if cerr, err := fill(`["list","string"]`, `null`, &psl); cerr != nil || err != nil || psl != nil {
		t.Errorf("null list into *[]string: %v %v %v", cerr, err, psl)
	}
	// Objects fill maps and tuples slices; gocty fills only structs.
	var m map[string]int
	if cerr, err := fill(`["object",{"a":"number"}]`, `{"a":1}`, &m); cerr == nil || err != nil || m["a"] != 1 {
		t.Errorf("object into map: %v %v %v", cerr, err, m)
	}
	var tl []string
	if cerr, err := fill(`["tuple",["string"]]`, `["a"]`, &tl); cerr == nil || err != nil || tl[0] != "a" {
		t.Errorf("tuple into slice: %v %v %v", cerr, err, tl)
	}
	// A number too large for a float32 is an error; gocty gives +Inf.
	var f32 float32
	if cerr, err := fill(`"number"`, `1e39`, &f32); cerr != nil || !errors.Is(err, ErrOutOfRange) {
		t.Errorf("1e39 into float32: gocty %v, ours %v", cerr, err)
	}
	// Set elements are in our error paths.
	var ints []int
	cerr, err := fill(`["set","number"]`, `[1,1.5]`, &ints)
	var pe cty.PathError
	if !errors.As(cerr, &pe) || len(pe.Path) != 0 || err == nil || err.(*Error).Path != "[1.5]" {
		t.Errorf("set element paths: gocty %v, ours %v", cerr, err)
	}
	// A null makes the outermost of several pointers nil (as
	// encoding/json); gocty allocates all but the innermost.
	pp := new(*int)
	if cerr, err := fill(`"number"`, `null`, &pp); cerr != nil || err != nil || pp != nil {
		t.Errorf("null into **int: %v %v %v", cerr, err, pp)
	}
	// Two fields with one tag: an error; gocty lets the last one win.
	type dup struct {
		A string `cty:"a" dynval:"a"`
		B string `cty:"a" dynval:"a"`
	}
	var d dup
	if cerr, err := fill(`["object",{"a":"string"}]`, `{"a":"x"}`, &d); cerr != nil || !errors.Is(err, ErrInvalidArg) {
		t.Errorf("duplicate tags: gocty %v, ours %v", cerr, err)
	}
	// gocty panics where we return errors: a target that is not a pointer,
	// NaN, a map whose key type is a named string type.
	for name, f := range map[string]func(){
		"non-pointer": func() { gocty.FromCtyValue(cty.True, false) },
		"NaN":         func() { gocty.ToCtyValue(math.NaN(), cty.Number) },
		"map with named keys": func() {
			gocty.ToCtyValue(map[ctyName]bool{"x": true}, cty.Map(cty.Bool))
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("gocty no longer panics on %s", name)
				}
			}()
			f()
		}()
	}
	if err := BoolVal(true).As(false); !errors.Is(err, ErrInvalidArg) {
		t.Error(err)
	}
	mb := mustType(t, `["map","bool"]`)
	defer mb.Close()
	if v, err := FromGo(map[ctyName]bool{"x": true}, mb); err != nil || v.Get("x").Equals(BoolVal(true)) != TristateTrue {
		t.Errorf("named keys: %v %v", v, err)
	}
}

// genCase is a random type with a Go type for it and a generator of Go
// values of that type.
type genCase struct {
	ty  any // type-constraint JSON, as Go values
	goT reflect.Type
	gen func(r *rand.Rand) reflect.Value
}

var attrNames = []string{"a", "b", "c", "name", "x_y", "Zoë", "id"}

func ptrTo(c genCase, r *rand.Rand) genCase {
	return genCase{c.ty, reflect.PointerTo(c.goT), func(r *rand.Rand) reflect.Value {
		if r.Intn(4) == 0 {
			return reflect.Zero(reflect.PointerTo(c.goT))
		}
		p := reflect.New(c.goT)
		p.Elem().Set(c.gen(r))
		return p
	}}
}

func setOf[T any](vals ...T) func(r *rand.Rand) reflect.Value {
	return func(r *rand.Rand) reflect.Value { return reflect.ValueOf(vals[r.Intn(len(vals))]) }
}

func numberCase(r *rand.Rand) genCase {
	switch r.Intn(9) {
	case 0:
		return genCase{"number", reflect.TypeFor[int64](), setOf[int64](0, -1, 1, math.MaxInt64, math.MinInt64, 1<<53+1, 42)}
	case 1:
		return genCase{"number", reflect.TypeFor[int32](), setOf[int32](0, -7, math.MaxInt32, math.MinInt32)}
	case 2:
		return genCase{"number", reflect.TypeFor[uint8](), setOf[uint8](0, 1, 255)}
	case 3:
		return genCase{"number", reflect.TypeFor[uint64](), setOf[uint64](0, math.MaxUint64, 1<<63)}
	case 4:
		return genCase{"number", reflect.TypeFor[float64](), func(r *rand.Rand) reflect.Value {
			fs := []float64{0.1, -2.5, 1e300, 5e-324, math.MaxFloat64, math.Inf(1), 3, r.NormFloat64() * 1e6, r.Float64()}
			return reflect.ValueOf(fs[r.Intn(len(fs))])
		}}
	case 5:
		return genCase{"number", reflect.TypeFor[float32](), func(r *rand.Rand) reflect.Value {
			fs := []float32{0.1, 1.5, math.MaxFloat32, r.Float32(), -r.Float32() * 1e20}
			return reflect.ValueOf(fs[r.Intn(len(fs))])
		}}
	case 6:
		return genCase{"number", bigFloatType, func(r *rand.Rand) reflect.Value {
			var f *big.Float
			switch r.Intn(3) {
			case 0: // a decimal at 512 bits, as ParseNumber
				f, _, _ = big.ParseFloat(fmt.Sprintf("%d.%de%d", r.Intn(2000)-1000, r.Intn(1e6), r.Intn(80)-40), 10, 512, big.ToNearestEven)
			case 1:
				f = big.NewFloat(r.NormFloat64())
			default:
				f = new(big.Float).SetInt64(r.Int63() - r.Int63())
			}
			return reflect.ValueOf(f).Elem()
		}}
	case 7:
		return ptrTo(genCase{"number", bigIntType, func(r *rand.Rand) reflect.Value {
			b := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(r.Intn(200)+1)))
			if r.Intn(2) == 0 {
				b.Neg(b)
			}
			return reflect.ValueOf(b).Elem()
		}}, r)
	}
	return ptrTo(genCase{"number", reflect.TypeFor[int](), setOf(0, 5, -5)}, r)
}

func genType(r *rand.Rand, depth int) genCase {
	k := r.Intn(8)
	if depth <= 0 {
		k = r.Intn(3)
	}
	switch k {
	case 0:
		c := genCase{"bool", reflect.TypeFor[bool](), setOf(true, false)}
		if r.Intn(2) == 0 {
			return ptrTo(c, r)
		}
		return c
	case 1:
		return numberCase(r)
	case 2:
		c := genCase{"string", reflect.TypeFor[string](), setOf("", "a", "é", "e\u0301", "x y", "\u212b", "Zoë")}
		if r.Intn(2) == 0 {
			return ptrTo(c, r)
		}
		return c
	case 3, 4: // list, set: slices; a set's null through a pointer (gocty refuses null sets into slices)
		e := genType(r, depth-1)
		st := reflect.SliceOf(e.goT)
		set := k == 4
		name := "list"
		if set {
			name = "set"
		}
		c := genCase{[]any{name, e.ty}, st, func(r *rand.Rand) reflect.Value {
			if !set && r.Intn(5) == 0 {
				return reflect.Zero(st)
			}
			n := r.Intn(6)
			s := reflect.MakeSlice(st, n, n)
			for i := 0; i < n; i++ {
				s.Index(i).Set(e.gen(r))
			}
			return s
		}}
		if set && r.Intn(2) == 0 {
			return ptrTo(c, r)
		}
		return c
	case 5:
		e := genType(r, depth-1)
		mt := reflect.MapOf(reflect.TypeFor[string](), e.goT)
		return genCase{[]any{"map", e.ty}, mt, func(r *rand.Rand) reflect.Value {
			if r.Intn(5) == 0 {
				return reflect.Zero(mt)
			}
			m := reflect.MakeMap(mt)
			for i := r.Intn(6); i > 0; i-- {
				m.SetMapIndex(reflect.ValueOf(attrNames[r.Intn(len(attrNames))]), e.gen(r))
			}
			return m
		}}
	case 6:
		n := r.Intn(6)
		names := r.Perm(len(attrNames))[:n]
		attrs := map[string]any{}
		var fields []reflect.StructField
		var gens []func(*rand.Rand) reflect.Value
		for i, ni := range names {
			e := genType(r, depth-1)
			name := attrNames[ni]
			attrs[name] = e.ty
			fields = append(fields, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: e.goT,
				Tag: reflect.StructTag(fmt.Sprintf(`cty:%q dynval:%q`, name, name))})
			gens = append(gens, e.gen)
		}
		st := reflect.StructOf(fields)
		c := genCase{[]any{"object", attrs}, st, func(r *rand.Rand) reflect.Value {
			s := reflect.New(st).Elem()
			for i, g := range gens {
				s.Field(i).Set(g(r))
			}
			return s
		}}
		if r.Intn(2) == 0 {
			return ptrTo(c, r)
		}
		return c
	default: // tuple: a struct, field by field
		n := r.Intn(3)
		var elems []any
		var fields []reflect.StructField
		var gens []func(*rand.Rand) reflect.Value
		for i := 0; i < n; i++ {
			e := genType(r, depth-1)
			elems = append(elems, e.ty)
			fields = append(fields, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: e.goT})
			gens = append(gens, e.gen)
		}
		if elems == nil {
			elems = []any{}
		}
		st := reflect.StructOf(fields)
		return ptrTo(genCase{[]any{"tuple", elems}, st, func(r *rand.Rand) reflect.Value {
			s := reflect.New(st).Elem()
			for i, g := range gens {
				s.Field(i).Set(g(r))
			}
			return s
		}}, r)
	}
}

// TestGoctyRandom cross-checks random types, Go types and values both
// ways.
func TestGoctyRandom(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	cases := 1000
	if testing.Short() {
		cases = 100
	}
	for i := 0; i < cases; i++ {
		c := genType(r, 2+i%3)
		js, err := jsonMarshal(c.ty)
		if err != nil {
			t.Fatal(err)
		}
		ty := mustType(t, js)
		x := c.gen(r)
		name := fmt.Sprintf("case %d %s %s", i, js, c.goT)
		data := crossFromGo(t, name, x.Interface(), ty, checkMessage)
		if data == nil {
			t.Fatalf("%s: FromGo or gocty failed on a well-typed value", name)
		}
		crossAs(t, name, data, ty, c.goT, checkMessage)
		ty.Close()
		if t.Failed() {
			break
		}
	}
	t.Logf("%d random types and values agree with gocty both ways", cases)
}

func jsonMarshal(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
