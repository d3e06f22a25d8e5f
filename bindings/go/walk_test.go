package dynval

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// sample is {l = [1, 2], m = {"k\"" = "v"}, s = toset(["b", "a"]), u = unknown list(string)}.
func sample(t *testing.T) *Value {
	t.Helper()
	ty, err := ParseType([]byte(`["object",{"l":["list","number"],"m":["map","string"],"s":["set","string"],"u":["list","string"]}]`))
	if err != nil {
		t.Fatal(err)
	}
	defer ty.Close()
	v, err := DecodeMsgpack([]byte("\x84\xa1l\x92\x01\x02\xa1m\x81\xa2k\"\xa1v\xa1s\x92\xa1b\xa1a\xa1u\xd4\x00\x00"), ty, nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Fatalf("%s did not panic", what)
		}
	}()
	f()
}

func TestViews(t *testing.T) {
	v := sample(t)
	l := v.Get("l")
	if !l.IsView() || v.IsView() {
		t.Fatal("Get must return a view of an owned value")
	}
	l.Close() // a no-op on a view
	first := l.Index(0)
	kept := first.Clone()
	defer kept.Close()
	if n, _ := first.AsInt64(); n != 1 {
		t.Fatalf("first = %v", first)
	}
	if got := v.Lookup(); got == nil || !got.IsView() {
		t.Fatal("Lookup() must give a view of the value itself")
	}
	v.Lookup().Close() // must not close v
	if _, err := v.Len(); err != nil {
		t.Fatal(err)
	}
	v.Close()
	mustPanic(t, "a view after its owner's Close", func() { first.AsInt64() })
	mustPanic(t, "a view of a view after the owner's Close", func() { l.Len() })
	if n, _ := kept.AsInt64(); n != 1 {
		t.Fatal("a clone must outlive the owner")
	}
	if first.GoString() != "<closed>" {
		t.Fatalf("GoString of a dead view: %s", first.GoString())
	}
}

func TestViewKeepsOwnerAlive(t *testing.T) {
	var view *Value
	func() {
		v := sample(t) // never closed: only the cleanup may free it
		view = v.Get("m").Get("k\"")
	}()
	for i := 0; i < 5; i++ {
		runtime.GC()
	}
	if s, err := view.AsString(); err != nil || s != "v" {
		t.Fatalf("view after GC: %q %v", s, err)
	}
}

func TestFind(t *testing.T) {
	v := sample(t)
	defer v.Close()
	if e, err := v.Find("l"); err != nil || e == nil {
		t.Fatalf("Find(l) = %v, %v", e, err)
	}
	if e, err := v.Find("nope"); err != nil || e != nil {
		t.Fatalf("Find(nope) = %v, %v", e, err)
	}
	if _, err := v.Get("u").Find("x"); !errors.Is(err, ErrUnknownValue) {
		t.Fatalf("Find on unknown: %v", err)
	}
	n := NullVal(v.Type())
	defer n.Close()
	if _, err := n.Find("l"); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("Find on null: %v", err)
	}
}

func TestPathPrinting(t *testing.T) {
	x, big := StringVal("x"), IntVal(1000000)
	defer x.Close()
	defer big.Close()
	p := Path{}.Attr("a").Index(3).Key("q\"\x7fé\n").Element(x).Element(big)
	if got, want := p.String(), `.a[3][`+strconv.Quote("q\"\x7fé\n")+`]["x"][1e+06]`; got != want {
		t.Fatalf("got %s want %s", got, want)
	}
	if Key("k").String() != `["k"]` || (Path{}).String() != "" {
		t.Fatal("step printing")
	}
	if !p.Equals(p.Copy()) || p.Equals(p[:2]) || !(Path{Attr("a")}).Equals(Path{}.Attr("a")) {
		t.Fatal("Equals")
	}
	c := p.Copy()
	if c[3].Elem == x || c[3].Elem.IsView() {
		t.Fatal("Copy must own its element values")
	}
}

func TestPathApply(t *testing.T) {
	v := sample(t)
	defer v.Close()
	got, err := Path{}.Attr("u").Index(5).Apply(v)
	if err != nil || got.IsKnown() || got.Kind() != KindString {
		t.Fatalf("through unknown: %v %v", got, err)
	}
	got.Close()
	_, err = Path{}.Attr("m").Index(0).Apply(v)
	var de *Error
	if !errors.As(err, &de) || de.Message != "at step 1: not a list type" || de.Path != ".m[0]" || !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("apply error: %v", err)
	}
	b := StringVal("b")
	defer b.Close()
	if e := v.Lookup(Attr("s"), Element(b)); e == nil || !e.RawEquals(b) {
		t.Fatalf("lookup set element: %v", e)
	}
	mustPanic(t, "a PathStep of no kind", func() { v.Lookup(PathStep{}) })
}

func TestWalk(t *testing.T) {
	v := sample(t)
	defer v.Close()
	var seen []string
	var firstNumber *Value
	err := v.Walk(func(p Path, x *Value) (bool, error) {
		seen = append(seen, p.String())
		if firstNumber == nil && x.Kind() == KindNumber {
			firstNumber = x
		}
		return p.String() != ".m", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"", ".l", ".l[0]", ".l[1]", ".m", ".s", `.s["a"]`, `.s["b"]`, ".u"}
	if strings.Join(seen, " ") != strings.Join(want, " ") {
		t.Fatalf("walk order %q", seen)
	}
	// Walk's values are views of v: usable after the callback.
	if n, _ := firstNumber.AsInt64(); n != 1 {
		t.Fatal("walked value after the walk")
	}

	stopErr := errors.New("stop here")
	calls := 0
	err = v.Walk(func(p Path, x *Value) (bool, error) {
		calls++
		if x.Kind() == KindString {
			return false, stopErr
		}
		return true, nil
	})
	if err != stopErr || calls != 6 {
		t.Fatalf("stop: %v after %d calls", err, calls)
	}

	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v", r)
		}
		// The library still works after a panic crossed back.
		if v.UnknownAsNull().Get("u").IsNull() != true {
			t.Fatal("after panic")
		}
	}()
	v.Walk(func(p Path, x *Value) (bool, error) {
		if len(p) == 2 {
			panic("boom")
		}
		return true, nil
	})
}

func TestTransform(t *testing.T) {
	v := sample(t)
	defer v.Close()
	var kept *Value
	out, err := v.Transform(func(p Path, x *Value) (*Value, error) {
		kept = x
		switch {
		case x.Kind() == KindNumber && x.IsKnown():
			return IntVal(int64(len(p))), nil
		case x.Kind() == KindString && x.IsKnown():
			s, _ := x.AsString()
			return StringVal(s + p.String()), nil
		case p.String() == ".u":
			return x, nil // keep
		}
		return nil, nil // keep
	})
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	js, _ := out.Get("l").EncodeJSON(out.Get("l").Type())
	if string(js) != "[2,2]" {
		t.Fatalf("l = %s", js)
	}
	if s, _ := out.Get("m").Get("k\"").AsString(); s != `v.m["k\""]` {
		t.Fatalf("m = %s", s)
	}
	mustPanic(t, "a callback's value after the callback", func() { kept.IsNull() })

	// An element of another type: the list cannot be rebuilt.
	_, err = v.Transform(func(p Path, x *Value) (*Value, error) {
		if p.String() == ".l[0]" {
			return StringVal("x"), nil
		}
		return x, nil
	})
	var de *Error
	if !errors.As(err, &de) || !errors.Is(err, ErrTypeMismatch) || de.Path != ".l" {
		t.Fatalf("mismatch: %v", err)
	}

	// A child of the given value may be returned (Transform clones it).
	out2, err := v.Transform(func(p Path, x *Value) (*Value, error) {
		if p.String() == ".l" {
			l, _ := ListVal(nil, x.Index(1))
			return l, nil
		}
		return x, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	js, _ = out2.Get("l").EncodeJSON(out2.Get("l").Type())
	out2.Close()
	if string(js) != "[2]" {
		t.Fatalf("child returned: %s", js)
	}
}

type enterExit struct {
	entered []string
}

func (e *enterExit) Enter(p Path, x *Value) (*Value, error) {
	e.entered = append(e.entered, p.String())
	switch p.String() {
	case ".l":
		return ListVal(nil, IntVal(9))
	case ".s":
		return x, SkipChildren
	}
	return x, nil
}

func (e *enterExit) Exit(p Path, x *Value) (*Value, error) {
	if x.Kind() == KindNumber && x.IsKnown() {
		return IntVal(10), nil
	}
	return x, nil
}

func TestTransformWithTransformer(t *testing.T) {
	v := sample(t)
	defer v.Close()
	tr := &enterExit{}
	out, err := v.TransformWithTransformer(tr)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if got := strings.Join(tr.entered, "|"); got != `|.l|.l[0]|.m|.m["k\""]|.s|.u` {
		t.Fatalf("entered %q", tr.entered)
	}
	js, _ := out.Get("l").EncodeJSON(out.Get("l").Type())
	if string(js) != "[10]" {
		t.Fatalf("l = %s", js)
	}
}

func TestSetPathAndErrorSteps(t *testing.T) {
	ety, _ := ParseType([]byte(`["object",{"n":"number"}]`))
	defer ety.Close()
	one := IntVal(1)
	elem, _ := ObjectVal(map[string]*Value{"n": one})
	set, _ := SetVal(ety, elem)
	v, _ := ObjectVal(map[string]*Value{"s": set})
	defer v.Close()
	at := Path{}.Attr("s").Element(elem).Attr("n")
	w, err := v.SetPath(at, IntVal(2))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := w.EncodeJSON(w.Type())
	w.Close()
	if string(js) != `{"s":[{"n":2}]}` {
		t.Fatalf("set_path: %s", js)
	}
	// A string for .n changes the element's type: stored as go-cty's
	// Transform stores it in a set of one element, refused where a sibling
	// keeps the old type (the error's path ends at the set element).
	w, err = v.SetPath(at, StringVal("x"))
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	elem2, _ := ObjectVal(map[string]*Value{"n": IntVal(2)})
	set2, _ := SetVal(ety, elem, elem2)
	v2, _ := ObjectVal(map[string]*Value{"s": set2})
	defer v2.Close()
	_, err = v2.SetPath(at, StringVal("x"))
	var de *Error
	if !errors.As(err, &de) || de.Path != ".s[...]" || len(de.Steps) != 2 || de.Steps[1].Kind != StepElement ||
		!de.Steps[1].Elem.RawEquals(elem) || !de.Steps.Equals(Path{}.Attr("s").Element(elem)) ||
		de.Steps.String() != de.Path {
		t.Fatalf("error steps: %v %#v", err, de)
	}
	if u := v.UnknownAsNull(); !u.RawEquals(v) {
		t.Fatal("UnknownAsNull of a known value")
	}
}

func TestDiff(t *testing.T) {
	a := sample(t)
	defer a.Close()
	b, err := a.SetPath(Path{}.Attr("l").Index(0), IntVal(5))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	d := a.Diff(b)
	if d.Len() != 1 {
		t.Fatalf("%d diffs", d.Len())
	}
	e := d.At(0)
	if e.String() != ".l[0]: cty.NumberIntVal(1) => cty.NumberIntVal(5)" {
		t.Fatalf("entry %s", e)
	}
	for i, e := range d.All() {
		if i != 0 || e.Path.String() != ".l[0]" {
			t.Fatal("All")
		}
	}
	d.Close()
	d.Close()
	mustPanic(t, "a diff's value after Close", func() { e.Value1.AsInt64() })
	same := a.Diff(a)
	defer same.Close()
	if same.Len() != 0 {
		t.Fatal("a value differs from itself")
	}
}
