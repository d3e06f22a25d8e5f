package dynval

import (
	"errors"
	"fmt"
	"testing"
)

func mustParse(t *testing.T, js string) *Type {
	t.Helper()
	ty, err := ParseType([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return ty
}

func jsonOf(t *testing.T, v *Value) string {
	t.Helper()
	b, err := v.EncodeJSON(v.Type())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestConvert(t *testing.T) {
	tup := mustParse(t, `["tuple",["number","string"]]`)
	v := must(DecodeJSON([]byte(`[1,"2"]`), tup, nil))
	got := must(v.Convert(mustParse(t, `["list","number"]`)))
	if s := jsonOf(t, got); s != `[1,2]` {
		t.Fatalf("converted %s", s)
	}
	// An object to a type with an optional attribute and without z.
	o := must(DecodeJSON([]byte(`{"a":7,"z":true}`), mustParse(t, `["object",{"a":"number","z":"bool"}]`), nil))
	got = must(o.Convert(mustParse(t, `["object",{"a":"string","b":"number"},["b"]]`)))
	if s := jsonOf(t, got); s != `{"a":"7","b":null}` {
		t.Fatalf("converted %s", s)
	}
	// Refusals: go-cty's message and path.
	bad := must(DecodeJSON([]byte(`[1,"x"]`), tup, nil))
	_, err := bad.Convert(mustParse(t, `["list","number"]`))
	var de *Error
	if !errors.As(err, &de) || !errors.Is(err, ErrTypeMismatch) || de.Message != "a number is required" ||
		de.Path != "[1]" {
		t.Fatalf("error %#v", err)
	}
	s := StringVal("12")
	if _, err := s.ConvertSafe(TypeNumber()); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("safe conversion of a string to a number: %v", err)
	}
	if !Convertible(TypeString(), TypeNumber(), false) || Convertible(TypeString(), TypeNumber(), true) {
		t.Fatal("Convertible")
	}
	if _, err := s.Convert(nil); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("nil type: %v", err)
	}
}

func TestUnify(t *testing.T) {
	ty, convs, err := Unify(TypeNumber(), TypeString(), TypeBool())
	if err != nil || ty.String() != `"string"` || len(convs) != 3 || !convs[0] || convs[1] || !convs[2] {
		t.Fatalf("%v %v %v", ty, convs, err)
	}
	// Safe unification prefers dynamic; unsafe converts dynamic late.
	ty, _, _ = Unify(TypeDynamic(), TypeString())
	uty, _, _ := UnifyUnsafe(TypeDynamic(), TypeString())
	if ty.String() != `"dynamic"` || uty.String() != `"string"` {
		t.Fatalf("%v %v", ty, uty)
	}
	if _, _, err := Unify(TypeNumber(), TypeBool()); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("no common type: %v", err)
	}
	if _, _, err := Unify(); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("no types: %v", err)
	}
}

func TestImpliedTypeJSON(t *testing.T) {
	ty := must(ImpliedTypeJSON([]byte(`{"a":[1,"x",null]}`)))
	if ty.String() != `["object",{"a":["tuple",["number","string","dynamic"]]}]` {
		t.Fatal(ty)
	}
	if _, err := ImpliedTypeJSON([]byte(`[1 2]`)); !errors.Is(err, ErrParse) {
		t.Fatal(err)
	}
}

func TestSchemaCodecAndUpgrade(t *testing.T) {
	s := must(SchemaFromBlockJSON([]byte(`{"attributes":{"id":{"type":"string","computed":true},
		"extra":{"type":"dynamic","optional":true}}}`), 1))
	defer s.Close()
	state := []byte(`{"extra":{"value":[1],"type":["list","number"]},"id":"i-1"}`)
	v := must(s.DecodeJSON(state, nil))
	// By schema, the dynamic attribute keeps its wrapper; by the value's own
	// type it would not.
	if b := must(s.EncodeJSON(v)); string(b) != string(state) {
		t.Fatalf("by schema: %s", b)
	}
	if b := must(v.EncodeJSON(v.Type())); string(b) == string(state) {
		t.Fatalf("by its own type the wrapper should be gone: %s", b)
	}
	mp := must(s.EncodeMsgpack(v))
	back := must(s.DecodeMsgpack(mp, nil))
	if !back.RawEquals(v) {
		t.Fatal("msgpack round trip by schema")
	}
	if _, err := v.EncodeMsgpack(nil); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("encoding without a type: %v", err)
	}
	// State written by an older schema.
	old := []byte(`{"id":"i-1","removed":{"deep":[1]},"extra":null}`)
	if _, err := s.DecodeJSON(old, nil); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("strict: %v", err)
	}
	up := must(s.DecodeJSON(old, &DecodeOptions{IgnoreUndefinedAttributes: true}))
	if s := jsonOf(t, up); s != `{"extra":null,"id":"i-1"}` {
		t.Fatal(s)
	}
	// Flatmap: extra is dynamic, which flatmap cannot hold.
	if _, err := s.ValueFromFlatmap(map[string]string{"id": "x"}); !errors.Is(err, ErrTypeMismatch) {
		t.Fatal(err)
	}
	if n := must(s.ValueFromFlatmap(nil)); !n.IsNull() {
		t.Fatal("nil flatmap is null")
	}
}

func TestValueFromFlatmap(t *testing.T) {
	ty := mustParse(t, `["object",{"ids":["list","string"],"tags":["map","string"],"n":"number"}]`)
	v := must(ValueFromFlatmap(map[string]string{"ids.#": "2", "ids.0": "a", "ids.1": FlatmapUnknown,
		"tags.%": "1", "tags.a.b": "x", "n": "5"}, ty))
	ids := v.Get("ids")
	if n, _ := ids.Len(); n != 2 || ids.Index(1).IsKnown() {
		t.Fatal("ids")
	}
	if s := jsonOf(t, v.Get("tags")); s != `{"a.b":"x"}` {
		t.Fatal(s)
	}
	empty := must(ValueFromFlatmap(map[string]string{}, ty))
	if empty.IsNull() || !empty.Get("ids").IsNull() {
		t.Fatal("empty map: an object of nulls")
	}
	_, err := ValueFromFlatmap(map[string]string{"n": "five"}, ty)
	var de *Error
	if !errors.As(err, &de) || de.Message != `invalid value for "n" in state: a number is required` || de.Path != ".n" {
		t.Fatal(err)
	}
}

// TestFlatmapWritesWhatItReads: the writing direction (hcl2shim's
// FlatmapValueFromHCL2), read back.
func TestFlatmapWritesWhatItReads(t *testing.T) {
	ty := mustParse(t, `["object",{"ids":["list","string"],"tags":["map","string"],"n":"number","s":"string"}]`)
	v := must(DecodeJSON([]byte(`{"ids":["a","b"],"tags":{"k":"x"},"n":1.5,"s":null}`), ty, nil))
	m, err := v.Flatmap()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"ids.#": "2", "ids.0": "a", "ids.1": "b", "tags.%": "1", "tags.k": "x", "n": "1.5"}
	if fmt.Sprint(m) != fmt.Sprint(want) {
		t.Fatalf("got %v, want %v", m, want)
	}
	if back := must(ValueFromFlatmap(m, ty)); !back.RawEquals(v) {
		t.Fatalf("read back %v", back)
	}
	if m, err := NullVal(ty).Flatmap(); m != nil || err != nil {
		t.Fatalf("null: %v %v", m, err)
	}
	if _, err := StringVal("x").Flatmap(); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("string: %v", err)
	}
}
