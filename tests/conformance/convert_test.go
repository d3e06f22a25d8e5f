package conformance

// Cross-check of type conversion (go-cty's cty/convert) and what builds on
// it: random (value, target type) pairs through convert.Convert and
// libdynval's Convert, Marshal of non-conforming values in both formats,
// Unify / UnifyUnsafe, ctyjson.ImpliedType on random JSON, and decoding with
// IgnoreUndefinedAttributes against go-cty's decode-then-convert.
//
// Flatmap state (hcl2shim.HCL2ValueFromFlatmap) is not here: hcl2shim is an
// internal package of Terraform and OpenTofu that no Go module exports, so
// its test table is ported to tests/unit/convert/flatmap_test.cpp instead.

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dynval "github.com/libdynval/dynval-go"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
	"golang.org/x/text/unicode/norm"
)

const defaultConvertCases = 30000

var flagConvertCases = flag.Int("convert-cases", int(envInt("DYNVAL_CONF_CONVERT_CASES", defaultConvertCases)),
	"number of random conversion cases (env DYNVAL_CONF_CONVERT_CASES)")

// convStats counts what the conversion cross-check compared.
type convStats struct {
	cases, convertOK, convertRefused, marshalMsgpack, marshalJSON, unify, implied, impliedErr,
	ignoreUndefined, goctyPanics, nondeterministic atomic.Int64
}

// TestConvertConformance runs the conversion cases; the seed is the suite's
// (-seed, DYNVAL_CONF_SEED), the count -convert-cases or
// DYNVAL_CONF_CONVERT_CASES (-short: 2,000).
func TestConvertConformance(t *testing.T) {
	cases := *flagConvertCases
	if testing.Short() && cases > 2000 {
		cases = 2000
	}
	workers := *flagWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r := &runner{t: t, seed: *flagSeed, known: map[string]int{}}
	var st convStats
	start := time.Now()
	runCases(*flagFirst, cases, workers, func(i int) { r.convertCase(i, &st) })
	t.Logf("seed %d: %d conversion cases in %v: Convert %d agreed results + %d agreed refusals; Marshal %d msgpack + %d JSON; Unify %d; ImpliedType %d (%d errors); IgnoreUndefinedAttributes %d; go-cty panics %d; refusals whose go-cty message varies between runs %d",
		r.seed, st.cases.Load(), time.Since(start).Round(time.Millisecond), st.convertOK.Load(), st.convertRefused.Load(),
		st.marshalMsgpack.Load(), st.marshalJSON.Load(), st.unify.Load(), st.implied.Load(), st.impliedErr.Load(),
		st.ignoreUndefined.Load(), st.goctyPanics.Load(), st.nondeterministic.Load())
	for name, n := range r.known {
		t.Logf("known difference %q: %d cases", name, n)
	}
	if len(r.diffs) > 0 {
		sort.Slice(r.diffs, func(i, j int) bool { return r.diffs[i].caseIdx < r.diffs[j].caseIdx })
		byCheck := map[string]int{}
		shown := map[string]int{}
		for _, d := range r.diffs {
			byCheck[d.check]++
			if shown[d.check] < int(envInt("DYNVAL_CONF_SHOW", 5)) {
				shown[d.check]++
				t.Errorf("difference: %s", d)
			}
		}
		t.Errorf("%d differences in %d conversion cases, by check: %v (re-run one with -run TestConvertConformance -args -seed=%d -first=N -convert-cases=1)",
			len(r.diffs), st.cases.Load(), byCheck, r.seed)
	} else {
		t.Logf("0 differences in %d conversion cases", st.cases.Load())
	}
}

// convertCase builds one random value and target type and runs every
// conversion check on them. Case i uses the seed seed+i, offset so that it
// differs from TestConformance's case i.
func (r *runner) convertCase(i int, st *convStats) {
	seed := r.seed + int64(i) + 7_000_000_000
	g := &gen{r: rand.New(rand.NewSource(seed)), conv: true}
	st.cases.Add(1)
	defer func() {
		if p := recover(); p != nil {
			r.report(&difference{caseIdx: i, seed: r.seed, check: "convert-panic", detail: fmt.Sprint(p) + "\n" + string(debug.Stack())})
		}
	}()
	T := g.typ(0)
	VT := g.concretize(T, 0)
	v := g.value(VT, 0)
	var want cty.Type
	switch k := g.r.Intn(10); {
	case k < 6:
		want = g.related(VT, 0)
	case k < 8:
		want = g.related(T, 0)
	default:
		want = g.typ(0) // mostly unrelated
	}
	if g.chance(3) {
		want = g.withOptional(want)
	}
	diff := func(check string, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check, typ: typeJSON(VT) + " -> " + typeJSON(want),
			detail: fmt.Sprintf("value %#v: ", v) + fmt.Sprintf(format, args...)})
	}
	dv, err := r.build(g, v)
	if err != nil {
		diff("convert-build", "libdynval cannot build the value: %v", err)
		return
	}
	defer dv.Close()
	dWant := dvType(want)
	defer dWant.Close()

	r.checkConvert(v, dv, want, dWant, st, diff)
	r.checkMarshal(v, dv, want, dWant, st, diff)
	if g.chance(2) {
		r.checkUnify(g, VT, T, st, diff)
	}
	r.checkImplied(g, v, VT, st, diff)
	if v.IsWhollyKnown() {
		r.checkIgnoreUndefined(g, v, VT, st, diff)
	}
}

// goCall runs f, turning a panic into its value.
func goCall[T any](f func() (T, error)) (res T, err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	res, err = f()
	return res, err, nil
}

// ctyPathString renders a cty.Path the way libdynval's errors do
// (.attr, [0], ["key"]).
func ctyPathString(p cty.Path) string {
	var b strings.Builder
	for _, s := range p {
		switch s := s.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			if s.Key.Type() == cty.String {
				b.WriteString("[" + strconv.Quote(s.Key.AsString()) + "]")
			} else if s.Key.Type() == cty.Number && s.Key.IsKnown() {
				bf := s.Key.AsBigFloat()
				b.WriteString("[" + bf.Text('f', -1) + "]")
			} else {
				b.WriteString("[?]")
			}
		}
	}
	return b.String()
}

// goErrorText is "message at path" for a go-cty error.
func goErrorText(err error) string {
	var pe cty.PathError
	if errors.As(err, &pe) {
		return pe.Error() + " at " + ctyPathString(pe.Path)
	}
	return err.Error() + " at "
}

func dvErrorText(err error) string {
	var de *dynval.Error
	if errors.As(err, &de) {
		return de.Message + " at " + de.Path
	}
	return err.Error() + " at ?"
}

// sameRefusal compares a go-cty refusal with libdynval's (message and
// path). Where go-cty walks a Go map, which of several bad attributes it
// reports varies from run to run: redo asks go-cty again, and any of its
// answers counts.
func sameRefusal(gerr, derr error, redo func() error, st *convStats) (bool, string) {
	want := dvErrorText(derr)
	got := goErrorText(gerr)
	if got == want {
		return true, ""
	}
	// Small Go maps start iterating at a random one of 8 slots, and a
	// map's slots are fixed for the process: an attribute can come first
	// one time in 8, and nested objects multiply that (1 in 512 three
	// levels down). 400 tries missed such a case about once in ten runs of
	// the suite; 100,000 miss one four levels down with p < 1e-10 and cost
	// about a second, only on a real difference.
	for k := 0; k < 100000; k++ {
		if e := redo(); e != nil && goErrorText(e) == want {
			st.nondeterministic.Add(1)
			return true, ""
		}
	}
	return false, fmt.Sprintf("go-cty refuses with %q, libdynval with %q", got, want)
}

func (r *runner) checkConvert(v cty.Value, dv *dynval.Value, want cty.Type, dWant *dynval.Type, st *convStats,
	diff func(string, string, ...any)) {
	gres, gerr, gpanic := goCall(func() (cty.Value, error) { return convert.Convert(v, want) })
	dres, derr := dv.Convert(dWant)
	if dres != nil {
		defer dres.Close()
	}
	switch {
	case gpanic != nil:
		st.goctyPanics.Add(1)
		r.report(&difference{check: "convert-gocty-panics", detail: fmt.Sprintf("Convert: go-cty panicked (%v); libdynval gives %v (error %v)", gpanic, dres, derr)})
	case gerr != nil && derr != nil:
		ok, why := sameRefusal(gerr, derr, func() error { _, e := convert.Convert(v, want); return e }, st)
		if !ok {
			diff("convert-refusal", "%s", why)
		} else {
			st.convertRefused.Add(1)
		}
	case gerr != nil && optionalMarkerOnNull(gerr, want):
		r.report(&difference{check: "convert-optional-null-type", detail: fmt.Sprintf("Convert to %s: go-cty refuses (%s); libdynval converts to %v", typeJSON(want), goErrorText(gerr), dres)})
	case gerr != nil:
		diff("convert", "go-cty refuses (%s); libdynval converts to %v", goErrorText(gerr), dres)
	case derr != nil:
		diff("convert", "go-cty converts to %#v; libdynval refuses (%s)", gres, dvErrorText(derr))
	default:
		// The result's type (go-cty may leave optional markers on a null
		// attribute's type; libdynval's values never carry them), then its
		// bytes by the target type and by its own type.
		gty := typeJSON(gres.Type().WithoutOptionalAttributesDeep())
		dty := dres.Type()
		defer dty.Close()
		if gty != dty.String() {
			diff("convert-type", "go-cty result type %s, libdynval %s", gty, dty.String())
			return
		}
		plain := want.WithoutOptionalAttributesDeep()
		dPlain := dvType(plain)
		defer dPlain.Close()
		for _, by := range []struct {
			name string
			gt   cty.Type
			dt   *dynval.Type
		}{{"target", plain, dPlain}, {"own", gres.Type().WithoutOptionalAttributesDeep(), dty}} {
			gmp, gmerr, gmp2 := goCall(func() ([]byte, error) { return ctymsgpack.Marshal(gres, by.gt) })
			dmp, dmerr := dres.EncodeMsgpack(by.dt)
			if gmp2 != nil || (gmerr == nil) != (dmerr == nil) || !bytes.Equal(gmp, dmp) {
				diff("convert-bytes", "results encode by the %s type as %x (err %v, panic %v) in go-cty and %x (err %v) in libdynval; go-cty result %#v",
					by.name, gmp, gmerr, gmp2, dmp, dmerr, gres)
				return
			}
		}
		st.convertOK.Add(1)
	}
}

// checkMarshal: encoding a value by a type it may not conform to converts
// it first, in both formats, as go-cty's Marshal does.
func (r *runner) checkMarshal(v cty.Value, dv *dynval.Value, want cty.Type, dWant *dynval.Type, st *convStats,
	diff func(string, string, ...any)) {
	gmp, gerr, gpanic := goCall(func() ([]byte, error) { return ctymsgpack.Marshal(v, want) })
	dmp, derr := dv.EncodeMsgpack(dWant)
	switch {
	case gpanic != nil:
		st.goctyPanics.Add(1)
		r.report(&difference{check: "convert-gocty-panics", detail: fmt.Sprintf("msgpack.Marshal: go-cty panicked (%v); libdynval wrote %x (error %v)", gpanic, dmp, derr)})
	case gerr != nil && derr != nil:
		if ok, why := sameRefusal(gerr, derr, func() error { _, e := ctymsgpack.Marshal(v, want); return e }, st); !ok {
			diff("marshal-msgpack-refusal", "%s", why)
		} else {
			st.marshalMsgpack.Add(1)
		}
	case gerr != nil && derr == nil && optionalMarkerOnNull(gerr, want):
		r.report(&difference{check: "convert-optional-null-type", detail: fmt.Sprintf("msgpack.Marshal: go-cty %v; libdynval %x", gerr, dmp)})
	case (gerr == nil) != (derr == nil) || !bytes.Equal(gmp, dmp):
		diff("marshal-msgpack", "go-cty %x (err %v), libdynval %x (err %v)", gmp, gerr, dmp, derr)
	default:
		st.marshalMsgpack.Add(1)
	}
	gjs, gerr, gpanic := goCall(func() ([]byte, error) { return ctyjson.Marshal(v, want) })
	djs, derr := dv.EncodeJSON(dWant)
	switch {
	case gpanic != nil:
		st.goctyPanics.Add(1)
		r.report(&difference{check: "convert-gocty-panics", detail: fmt.Sprintf("json.Marshal: go-cty panicked (%v); libdynval wrote %s (error %v)", gpanic, djs, derr)})
	case gerr != nil && derr != nil:
		// JSON refusals: conversion errors must agree; go-cty wraps
		// unknowns and infinities inside dynamic values in other words.
		if errors.Is(derr, dynval.ErrTypeMismatch) {
			if ok, why := sameRefusal(gerr, derr, func() error { _, e := ctyjson.Marshal(v, want); return e }, st); !ok {
				diff("marshal-json-refusal", "%s", why)
				return
			}
		}
		st.marshalJSON.Add(1)
	case gerr != nil && derr == nil && optionalMarkerOnNull(gerr, want):
		r.report(&difference{check: "convert-optional-null-type", detail: fmt.Sprintf("json.Marshal: go-cty %v; libdynval %s", gerr, djs)})
	case (gerr == nil) != (derr == nil) || !bytes.Equal(gjs, djs):
		diff("marshal-json", "go-cty %s (err %v), libdynval %s (err %v)", gjs, gerr, djs, derr)
	default:
		st.marshalJSON.Add(1)
	}
}

// checkUnify: Unify and UnifyUnsafe of a few related types.
func (r *runner) checkUnify(g *gen, VT, T cty.Type, st *convStats, diff func(string, string, ...any)) {
	n := 1 + g.r.Intn(4)
	types := []cty.Type{VT}
	for len(types) < n {
		switch g.r.Intn(6) {
		case 0:
			types = append(types, T)
		case 1:
			types = append(types, g.typ(1))
		default:
			types = append(types, g.related(VT, 1))
		}
	}
	g.r.Shuffle(len(types), func(a, b int) { types[a], types[b] = types[b], types[a] })
	dts := make([]*dynval.Type, len(types))
	for k, t := range types {
		dts[k] = dvType(t)
		defer dts[k].Close()
	}
	for _, unsafe := range []bool{false, true} {
		goUnify := func() string {
			f := convert.Unify
			if unsafe {
				f = convert.UnifyUnsafe
			}
			ty, convs := f(types)
			if ty == cty.NilType {
				return "none"
			}
			s := typeJSON(ty) + " "
			for _, c := range convs {
				if c != nil {
					s += "1"
				} else {
					s += "0"
				}
			}
			return s
		}
		f := dynval.Unify
		if unsafe {
			f = dynval.UnifyUnsafe
		}
		dty, dconvs, derr := f(dts...)
		dres := "none"
		if derr == nil {
			dres = dty.String() + " "
			for _, c := range dconvs {
				if c {
					dres += "1"
				} else {
					dres += "0"
				}
			}
			dty.Close()
		}
		got := goUnify()
		if got != dres {
			same := false
			for k := 0; k < 400 && !same; k++ {
				same = goUnify() == dres
			}
			if !same {
				names := make([]string, len(types))
				for k, t := range types {
					names[k] = typeJSON(t)
				}
				diff("unify", "unsafe=%v of %s: go-cty %s, libdynval %s", unsafe, strings.Join(names, ", "), got, dres)
				continue
			}
			st.nondeterministic.Add(1)
		}
		st.unify.Add(1)
	}
}

// checkImplied: ctyjson.ImpliedType of JSON text made from the value (when
// JSON can hold it) or from a random Go structure, sometimes damaged.
func (r *runner) checkImplied(g *gen, v cty.Value, VT cty.Type, st *convStats, diff func(string, string, ...any)) {
	var js []byte
	if b, err := ctyjson.Marshal(v, VT); err == nil && g.chance(2) {
		js = b
	} else {
		js, _ = json.Marshal(g.jsonAny(0))
	}
	switch g.r.Intn(8) {
	case 0: // truncated
		js = js[:g.r.Intn(len(js)+1)]
	case 1: // a byte replaced
		if len(js) > 0 {
			js = append([]byte{}, js...)
			js[g.r.Intn(len(js))] = "{}[],:\"x1 n"[g.r.Intn(11)]
		}
	case 2: // a repeated key, with the same type or another
		if i := bytes.IndexByte(js, '{'); i >= 0 && len(js) > i+1 && js[i+1] != '}' {
			dup := []string{`"a":1,"a":2,`, `"a":1,"a":"x",`, `"a":null,"a":null,`}[g.r.Intn(3)]
			js = append(append(append([]byte{}, js[:i+1]...), dup...), js[i+1:]...)
		}
	case 3: // trailing data
		js = append(append([]byte{}, js...), []string{" x", " ]", " 1", "\n"}[g.r.Intn(4)]...)
	}
	gty, gerr, gpanic := goCall(func() (cty.Type, error) { return ctyjson.ImpliedType(js) })
	dty, derr := dynval.ImpliedTypeJSON(js)
	if dty != nil {
		defer dty.Close()
	}
	switch {
	case gpanic != nil:
		st.goctyPanics.Add(1)
		if derr == nil {
			diff("implied-type", "go-cty panicked (%v) on %q; libdynval implies %v", gpanic, js, dty)
		}
	case gerr != nil && derr != nil:
		var de *dynval.Error
		if !errors.As(derr, &de) || de.Message != gerr.Error() {
			diff("implied-type-error", "on %q go-cty fails with %q, libdynval with %v", js, gerr.Error(), derr)
			return
		}
		st.implied.Add(1)
		st.impliedErr.Add(1)
	case gerr != nil || derr != nil:
		diff("implied-type", "on %q go-cty gives %v (err %v), libdynval %v (err %v)", js, gty, gerr, dty, derr)
	case typeJSON(gty) != dty.String():
		diff("implied-type", "on %q go-cty gives %s, libdynval %s", js, typeJSON(gty), dty.String())
	default:
		st.implied.Add(1)
	}
}

// checkIgnoreUndefined: a wholly known value written by type VT and read by
// VT with object attributes removed, with IgnoreUndefinedAttributes, equals
// go-cty's decode by VT followed by Convert to the narrower type (which
// drops those attributes), in both formats and by transcoding.
func (r *runner) checkIgnoreUndefined(g *gen, v cty.Value, VT cty.Type, st *convStats, diff func(string, string, ...any)) {
	narrow, removed := g.narrow(VT, 0)
	if !removed {
		return
	}
	dNarrow := dvType(narrow)
	defer dNarrow.Close()
	opts := &dynval.DecodeOptions{IgnoreUndefinedAttributes: true}
	for _, format := range []string{"json", "msgpack"} {
		var in []byte
		var err error
		if format == "json" {
			in, err = ctyjson.Marshal(v, VT)
		} else {
			in, err = ctymsgpack.Marshal(v, VT)
		}
		if err != nil {
			continue // e.g. an infinity in JSON
		}
		conv, cerr, cpanic := goCall(func() (cty.Value, error) {
			var back cty.Value
			var err error
			if format == "json" {
				back, err = ctyjson.Unmarshal(in, VT)
			} else {
				back, err = ctymsgpack.Unmarshal(in, VT)
			}
			if err != nil {
				return cty.NilVal, err
			}
			return convert.Convert(back, narrow)
		})
		if cerr != nil || cpanic != nil {
			continue // go-cty cannot read its own bytes: the main suite covers that
		}
		wantJS, jerr := ctyjson.Marshal(conv, narrow)
		wantMP, merr := ctymsgpack.Marshal(conv, narrow)
		var dv *dynval.Value
		var derr error
		if format == "json" {
			dv, derr = dynval.DecodeJSON(in, dNarrow, opts)
		} else {
			dv, derr = dynval.DecodeMsgpack(in, dNarrow, opts)
		}
		if derr != nil {
			diff("ignore-undefined", "%s by %s: libdynval refuses (%v); go-cty's decode+convert gives %#v", format, typeJSON(narrow), derr, conv)
			continue
		}
		gotMP, err1 := dv.EncodeMsgpack(dNarrow)
		gotJS, err2 := dv.EncodeJSON(dNarrow)
		dv.Close()
		if (err1 == nil) != (merr == nil) || !bytes.Equal(gotMP, wantMP) || (err2 == nil) != (jerr == nil) || !bytes.Equal(gotJS, wantJS) {
			diff("ignore-undefined", "%s by %s: libdynval %x / %s, go-cty decode+convert %x / %s", format, typeJSON(narrow), gotMP, gotJS, wantMP, wantJS)
			continue
		}
		// Transcoding skips the same attributes.
		var tr []byte
		var terr error
		if format == "json" {
			tr, terr = dynval.JSONToMsgpack(in, dNarrow, opts)
			if terr != nil || !bytes.Equal(tr, wantMP) {
				diff("ignore-undefined-transcode", "json->msgpack by %s: %x (err %v), want %x", typeJSON(narrow), tr, terr, wantMP)
				continue
			}
		} else if jerr == nil {
			tr, terr = dynval.MsgpackToJSON(in, dNarrow, opts)
			if terr != nil || !bytes.Equal(tr, wantJS) {
				diff("ignore-undefined-transcode", "msgpack->json by %s: %s (err %v), want %s", typeJSON(narrow), tr, terr, wantJS)
				continue
			}
		}
		st.ignoreUndefined.Add(1)
	}
}

// optionalMarkerOnNull tells go-cty's refusals that come from optional
// markers left on the type of a null value (a map -> object conversion
// fills an absent optional attribute with cty.NullVal of the attribute type
// as declared, markers included): two elements that differ only in those
// markers no longer make a list, set or map. libdynval's values never carry
// optional markers, so it builds the collection (docs/gocty-differences.md).
func optionalMarkerOnNull(gerr error, want cty.Type) bool {
	msg := gerr.Error()
	return hasOptional(want) && (strings.Contains(msg, "element types must all match for conversion to") ||
		strings.Contains(msg, "attribute types must all match for conversion to map") ||
		strings.Contains(msg, "cannot find a common base type for all elements"))
}

func hasOptional(t cty.Type) bool {
	switch {
	case t.IsListType(), t.IsSetType(), t.IsMapType():
		return hasOptional(t.ElementType())
	case t.IsTupleType():
		for _, e := range t.TupleElementTypes() {
			if hasOptional(e) {
				return true
			}
		}
	case t.IsObjectType():
		if len(t.OptionalAttributes()) > 0 {
			return true
		}
		for _, a := range t.AttributeTypes() {
			if hasOptional(a) {
				return true
			}
		}
	}
	return false
}

// ---- generators for conversion cases ----

// convStrs are texts that convert (or nearly convert) to numbers and bools.
var convStrs = []string{"1", "0", "-3", "12.5", "1e3", ".5", "5.", "1p4", "Inf", "-Inf", "0x10", " 1", "1_000",
	"1e99999999999", "007", "true", "false", "True", "FALSE", "tRUE", "yes", "", "1.0", "-0", "NaN",
	"123456789012345678901234567890"}

// convNumber is a number for conversion cases: often a small integer, else
// one of gen.number's, at a precision the binding can build (64 for
// integers, 53, 512): numbers of other precisions print differently as text.
func (g *gen) convNumber() cty.Value {
	if g.chance(2) {
		return cty.NumberIntVal(int64(g.r.Intn(7) - 3))
	}
	n := g.number()
	if bf := n.AsBigFloat(); !bf.IsInf() && !(bf.Prec() == 64 && bf.IsInt()) && bf.Prec() != 53 && bf.Prec() != 512 {
		return cty.MustParseNumberVal(bf.Text('f', -1))
	}
	return n
}

// related returns a type values of type t may convert to: primitives to
// each other, lists/sets/tuples to lists/sets/tuples, maps/objects to
// maps/objects (with attributes kept, dropped or added), dynamic anywhere,
// and now and then an unrelated type.
func (g *gen) related(t cty.Type, d int) cty.Type {
	if g.chance(14) {
		return cty.DynamicPseudoType
	}
	if g.chance(20) || d >= maxDepth+1 {
		return g.typ(maxDepth - 1)
	}
	prims := []cty.Type{cty.String, cty.Number, cty.Bool}
	switch {
	case t == cty.DynamicPseudoType:
		return g.typ(d + 1)
	case t.IsPrimitiveType():
		if g.chance(3) {
			return t
		}
		return prims[g.r.Intn(3)]
	case t.IsListType(), t.IsSetType():
		e := g.related(t.ElementType(), d+1)
		switch g.r.Intn(5) {
		case 0, 1:
			return cty.List(e)
		case 2, 3:
			return cty.Set(e)
		default:
			return cty.Tuple([]cty.Type{e})
		}
	case t.IsTupleType():
		etys := t.TupleElementTypes()
		switch g.r.Intn(4) {
		case 0:
			out := make([]cty.Type, len(etys))
			for i, e := range etys {
				out[i] = g.related(e, d+1)
			}
			return cty.Tuple(out)
		case 1:
			return cty.List(g.relatedElem(etys, d))
		case 2:
			return cty.Set(g.relatedElem(etys, d))
		default:
			return cty.List(cty.DynamicPseudoType)
		}
	case t.IsMapType():
		e := g.related(t.ElementType(), d+1)
		if g.chance(2) {
			return cty.Map(e)
		}
		attrs := map[string]cty.Type{}
		for k := g.r.Intn(4); k > 0; k-- {
			attrs[norm.NFC.String(g.attrName())] = e
		}
		return cty.Object(attrs)
	case t.IsObjectType():
		ats := t.AttributeTypes()
		if g.chance(3) {
			types := make([]cty.Type, 0, len(ats))
			for _, n := range sortedAttrNames(ats) {
				types = append(types, ats[n])
			}
			return cty.Map(g.relatedElem(types, d))
		}
		attrs := map[string]cty.Type{}
		for _, n := range sortedAttrNames(ats) {
			if !g.chance(6) {
				attrs[n] = g.related(ats[n], d+1)
			}
		}
		if g.chance(4) {
			attrs[norm.NFC.String(g.attrName())] = g.typ(maxDepth - 1)
		}
		return cty.Object(attrs)
	}
	return t
}

// relatedElem picks a collection element type for the element types etys.
func (g *gen) relatedElem(etys []cty.Type, d int) cty.Type {
	if len(etys) == 0 || g.chance(3) {
		return cty.DynamicPseudoType
	}
	return g.related(etys[g.r.Intn(len(etys))], d+1)
}

// withOptional marks some object attributes optional, at any depth.
func (g *gen) withOptional(t cty.Type) cty.Type {
	switch {
	case t.IsListType():
		return cty.List(g.withOptional(t.ElementType()))
	case t.IsSetType():
		return cty.Set(g.withOptional(t.ElementType()))
	case t.IsMapType():
		return cty.Map(g.withOptional(t.ElementType()))
	case t.IsTupleType():
		var out []cty.Type
		for _, e := range t.TupleElementTypes() {
			out = append(out, g.withOptional(e))
		}
		if out == nil {
			return cty.EmptyTuple
		}
		return cty.Tuple(out)
	case t.IsObjectType():
		attrs := map[string]cty.Type{}
		var opt []string
		ats := t.AttributeTypes()
		for _, n := range sortedAttrNames(ats) { // sorted: map order is random
			attrs[n] = g.withOptional(ats[n])
		}
		for _, n := range sortedAttrNames(attrs) {
			if g.chance(2) {
				opt = append(opt, n)
			}
		}
		if g.chance(3) {
			n := norm.NFC.String(g.attrName())
			if _, ok := attrs[n]; !ok {
				attrs[n] = g.typ(maxDepth - 1)
				opt = append(opt, n)
			}
		}
		return cty.ObjectWithOptionalAttrs(attrs, opt)
	}
	return t
}

// narrow removes some object attributes of a concrete type, at any depth.
func (g *gen) narrow(t cty.Type, d int) (cty.Type, bool) {
	switch {
	case t.IsListType(), t.IsSetType(), t.IsMapType():
		e, ok := g.narrow(t.ElementType(), d+1)
		switch {
		case t.IsListType():
			return cty.List(e), ok
		case t.IsSetType():
			return cty.Set(e), ok
		}
		return cty.Map(e), ok
	case t.IsTupleType():
		out := []cty.Type{}
		any := false
		for _, e := range t.TupleElementTypes() {
			n, ok := g.narrow(e, d+1)
			out = append(out, n)
			any = any || ok
		}
		return cty.Tuple(out), any
	case t.IsObjectType():
		attrs := map[string]cty.Type{}
		any := false
		ats := t.AttributeTypes()
		for _, n := range sortedAttrNames(ats) {
			if g.chance(3) {
				any = true
				continue
			}
			nt, ok := g.narrow(ats[n], d+1)
			attrs[n] = nt
			any = any || ok
		}
		return cty.Object(attrs), any
	}
	return t, false
}

// jsonAny is a random JSON-able Go value.
func (g *gen) jsonAny(d int) any {
	k := g.r.Intn(8)
	if d >= 3 && k >= 5 {
		k = g.r.Intn(5)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return g.chance(2)
	case 2:
		return json.Number([]string{"1", "-0", "1.5e300", "1e999", "0.000001", "12345678901234567890"}[g.r.Intn(6)])
	case 3, 4:
		return g.str()
	case 5, 6:
		m := map[string]any{}
		for n := g.r.Intn(4); n > 0; n-- {
			m[g.attrName()] = g.jsonAny(d + 1)
		}
		return m
	default:
		var a []any
		for n := g.r.Intn(4); n > 0; n-- {
			a = append(a, g.jsonAny(d+1))
		}
		return a
	}
}
