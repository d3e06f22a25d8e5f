package conformance

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
	"golang.org/x/text/unicode/norm"
)

// Hand-made inputs that go-cty's encoder never writes: non-NFC strings, map
// keys and attribute names (which decoders must normalise or reject exactly
// as go-cty does), and strings sent as msgpack bin.

func writeStr(b *bytes.Buffer, s string, asBin bool) {
	n := len(s)
	switch {
	case asBin && n < 256:
		b.Write([]byte{0xc4, byte(n)})
	case asBin:
		b.WriteByte(0xc5)
		binary.Write(b, binary.BigEndian, uint16(n))
	case n < 32:
		b.WriteByte(0xa0 | byte(n))
	case n < 256:
		b.Write([]byte{0xd9, byte(n)})
	default:
		b.WriteByte(0xda)
		binary.Write(b, binary.BigEndian, uint16(n))
	}
	b.WriteString(s)
}

var nonNFC = []string{"e\u0301", "A\u030a", "\u212b", "\u1100\u1161\u11a8", "o\u0308\u0301", "\u0958", "\u0301", "é", "Å", "a"}

func (g *gen) rawStr() string {
	var sb strings.Builder
	for i, n := 0, 1+g.r.Intn(3); i < n; i++ {
		sb.WriteString(nonNFC[g.r.Intn(len(nonNFC))])
	}
	return sb.String()
}

func (r *runner) rawCase(i int, g *gen) {
	r.st.raw.Add(1)
	var b bytes.Buffer
	var T cty.Type
	bin := g.chance(4)
	switch g.r.Intn(6) {
	case 0:
		T = cty.String
		writeStr(&b, g.rawStr(), bin)
	case 1, 2:
		T = cty.List(cty.String)
		if g.chance(2) {
			T = cty.Set(cty.String)
		}
		n := g.r.Intn(5)
		b.WriteByte(0x90 | byte(n))
		for j := 0; j < n; j++ {
			writeStr(&b, g.rawStr(), bin)
		}
	case 3:
		T = cty.Map(cty.String)
		n := g.r.Intn(4)
		b.WriteByte(0x80 | byte(n))
		var keys []string
		for j := 0; j < n; j++ {
			k := g.rawStr()
			keys = append(keys, k)
			writeStr(&b, k, false)
			writeStr(&b, g.rawStr(), bin)
		}
		if nfcCollide(keys) {
			r.compareDecodersKind(i, "raw-msgpack-nfc-dup-keys", T, b.Bytes(), true)
			return
		}
	case 4:
		// An object type with a non-NFC attribute name, as declared in a
		// dynamic wrapper and as sent in the data.
		T = cty.DynamicPseudoType
		name := g.rawStr()
		tj, _ := json.Marshal([]any{"object", map[string]string{name: "string"}})
		b.WriteByte(0x92)
		writeStr(&b, string(tj), true)
		b.WriteByte(0x81)
		writeStr(&b, g.rawStr(), false)
		writeStr(&b, g.rawStr(), bin)
	default:
		// JSON input with non-NFC text, raw or as \u escapes.
		T = cty.Map(cty.List(cty.String))
		var js strings.Builder
		js.WriteString("{")
		var keys []string
		for j, n := 0, g.r.Intn(3); j < n; j++ {
			if j > 0 {
				js.WriteString(",")
			}
			k := g.rawStr()
			keys = append(keys, k)
			js.WriteString(jsonText(k, g.chance(2)) + ":[" + jsonText(g.rawStr(), g.chance(2)) + "]")
		}
		js.WriteString("}")
		check := "raw-json"
		if nfcCollide(keys) {
			check = "raw-json-nfc-dup-keys"
		}
		r.compareDecodersKind(i, check, T, []byte(js.String()), false)
		return
	}
	r.rawMsgpack(i, T, b.Bytes())
}

func jsonText(s string, escape bool) string {
	if !escape {
		out, _ := json.Marshal(s)
		return string(out)
	}
	var sb strings.Builder
	sb.WriteByte('"')
	for _, c := range s {
		fmt.Fprintf(&sb, "\\u%04x", c) // all runes here are in the BMP
	}
	sb.WriteByte('"')
	return sb.String()
}

// goctyDecode runs a go-cty decoder, reporting a panic separately.
func goctyDecode(f func() (cty.Value, error)) (v cty.Value, err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	v, err = f()
	return v, err, nil
}

func (r *runner) rawMsgpack(i int, T cty.Type, in []byte) {
	r.compareDecodersKind(i, "raw-msgpack", T, in, true)
}

// compareDecodersKind compares go-cty's and libdynval's msgpack (or JSON)
// decoders on the input.
func (r *runner) compareDecodersKind(i int, check string, T cty.Type, in []byte, isMsgpack bool) {
	if isMsgpack {
		r.compareDecoders(i, check, T, in, func() (cty.Value, error) { return ctymsgpack.Unmarshal(in, T) },
			func(dT *dynval.Type) (*dynval.Value, error) { return dynval.DecodeMsgpack(in, dT, nil) })
		return
	}
	r.compareDecoders(i, check, T, in, func() (cty.Value, error) { return ctyjson.Unmarshal(in, T) },
		func(dT *dynval.Type) (*dynval.Value, error) { return dynval.DecodeJSON(in, dT, nil) })
}

// nfcCollide reports whether distinct keys become equal after NFC.
func nfcCollide(keys []string) bool {
	seen := map[string]string{}
	for _, k := range keys {
		n := norm.NFC.String(k)
		if prev, ok := seen[n]; ok && prev != k {
			return true
		}
		seen[n] = k
	}
	return false
}

func (r *runner) compareDecoders(i int, check string, T cty.Type, in []byte, ref func() (cty.Value, error), dec func(*dynval.Type) (*dynval.Value, error)) {
	tj := typeJSON(T)
	diff := func(format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check, typ: tj, input: in, detail: fmt.Sprintf(format, args...)})
	}
	dT := dvType(T)
	defer dT.Close()
	gv, gerr, gpanic := goctyDecode(ref)
	dv, derr := dec(dT)
	if dv != nil {
		defer dv.Close()
	}
	switch {
	case gpanic != nil:
		r.st.goctyPanics.Add(1)
		if derr != nil {
			diff("go-cty panicked (%v); libdynval error %v", gpanic, derr)
		} else {
			diff("go-cty panicked (%v); libdynval accepted it as %v", gpanic, dv)
		}
	case gerr != nil && derr == nil:
		diff("go-cty rejects it (%v), libdynval accepts it as %v", gerr, dv)
	case gerr == nil && derr != nil:
		diff("go-cty accepts it as %#v, libdynval rejects it: %v", gv, derr)
	case gerr == nil:
		// The decoded values must encode identically: the decoder's
		// normalisation is what is compared here.
		want, err := ctymsgpack.Marshal(gv, T)
		if err != nil {
			panic(err)
		}
		if got, err := dv.EncodeMsgpack(dT); err != nil || !bytes.Equal(got, want) {
			diff("libdynval decodes it as %x (err %v), go-cty as %x", got, err, want)
		}
		if js, err := ctyjson.Marshal(gv, T); err == nil {
			if got, err := dv.EncodeJSON(dT); err != nil || !bytes.Equal(got, js) {
				diff("libdynval JSON %q (err %v), go-cty %q", got, err, js)
			}
		}
	}
}
