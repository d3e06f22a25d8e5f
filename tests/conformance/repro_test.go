package conformance

import (
	"bytes"
	"encoding/hex"
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
