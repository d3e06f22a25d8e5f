package conformance

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// Minimal reproducers of the differences the random suite found, each
// checked against go-cty live: decode by go-cty then encode, versus the same
// in libdynval.
func TestReproducers(t *testing.T) {
	cases := []struct {
		name, typ, hex string
	}{
		// A number bound of -Inf/+Inf that is not the cty singleton is kept
		// and re-emitted by go-cty (msgpack/unknown.go compares with ==).
		{"infinite-lower-bound", `"number"`, "c70d0c810392cbfff0000000000000c2"},
		{"infinite-upper-bound", `"number"`, "c70d0c810492cb7ff0000000000000c3"},
		// Sets whose element type contains the dynamic pseudo-type.
		{"set-of-object-with-dynamic", `["set",["object",{"a":"dynamic"}]]`, "9181a16192c40822737472696e6722a178"},
		{"set-of-list-of-dynamic", `["set",["list","dynamic"]]`, "919192c40822737472696e6722a178"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, _ := hex.DecodeString(c.hex)
			T, err := ctyjson.UnmarshalType([]byte(c.typ))
			if err != nil {
				t.Fatal(err)
			}
			gv, err := ctymsgpack.Unmarshal(in, T)
			if err != nil {
				t.Fatal(err)
			}
			want, err := ctymsgpack.Marshal(gv, T)
			if err != nil {
				t.Fatal(err)
			}
			dT := dvType(T)
			dv, err := dynval.DecodeMsgpack(in, dT, nil)
			if err != nil {
				t.Fatalf("libdynval decode: %v", err)
			}
			got, err := dv.EncodeMsgpack(dT)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("type %s input %s: go-cty re-encodes %x, libdynval %x (err %v)", c.typ, c.hex, want, got, err)
			}
		})
	}

	// An unknown of a concrete type encoded by a type with dynamic parts
	// keeps its refinements in go-cty (no conversion: the type conforms).
	t.Run("refined-unknown-under-dynamic-schema", func(t *testing.T) {
		v := cty.UnknownVal(cty.List(cty.Number)).Refine().CollectionLengthUpperBound(4).NewValue()
		T := cty.List(cty.DynamicPseudoType)
		want, err := ctymsgpack.Marshal(v, T)
		if err != nil {
			t.Fatal(err)
		}
		mx := int64(4)
		lt := dvType(cty.List(cty.Number))
		dv, err := dynval.UnknownVal(lt, &dynval.Refinements{MaxLength: &mx})
		if err != nil {
			t.Fatal(err)
		}
		got, err := dv.EncodeMsgpack(dvType(T))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("go-cty %x, libdynval %x (err %v)", want, got, err)
		}
	})
}

// Malformed JSON: where go-cty's error comes from Go's scanner, ours names
// the same character in the same words (quoteChar turns a byte into the
// rune U+00XX, also after a backslash and for bytes that are not UTF-8);
// where go-cty reports a token error in its own words, both still reject
// the input. Neither accepts an overridden, malformed "value" member of a
// dynamic wrapper.
func TestJSONSyntaxErrorsMatchGoCty(t *testing.T) {
	cases := []struct{ typ, in, both string }{
		{`"string"`, "\"\\\xc3\xa9\"", "invalid character 'Ã' in string escape code"},
		{`"string"`, "\"\\\xff\"", "invalid character 'ÿ' in string escape code"},
		{`"string"`, "\"\\\x7f\"", `invalid character '\x7f' in string escape code`},
		{`"dynamic"`, `{"value":[1 2 x y],"value":1,"type":"number"}`, "invalid character '2' after array element"},
		{`["map","number"]`, `{"a":1 "b":2}`, `invalid character '"' after object key:value pair`},
		{`["map","number"]`, `{"a" 1}`, ""},
		{`["map","number"]`, `{a:1}`, ""},
		{`["map","number"]`, `{1:2}`, ""},
		{`["list","number"]`, `[1,2}`, ""},
		{`["list","number"]`, `[1,2 3]`, ""},
	}
	for _, c := range cases {
		T, err := ctyjson.UnmarshalType([]byte(c.typ))
		if err != nil {
			t.Fatal(err)
		}
		_, gerr := ctyjson.Unmarshal([]byte(c.in), T)
		_, derr := dynval.DecodeJSON([]byte(c.in), dvType(T), nil)
		if gerr == nil || derr == nil {
			t.Errorf("%q: go-cty error %v, libdynval error %v", c.in, gerr, derr)
			continue
		}
		if !errors.Is(derr, dynval.ErrParse) {
			t.Errorf("%q: libdynval %v, want a parse error", c.in, derr)
		}
		if c.both != "" && (!strings.Contains(gerr.Error(), c.both) || !strings.Contains(derr.Error(), c.both)) {
			t.Errorf("%q: go-cty says %q, libdynval %q, want both to say %q", c.in, gerr.Error(), derr.Error(), c.both)
		}
	}
}
