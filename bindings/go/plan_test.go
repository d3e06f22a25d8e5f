package dynval

import (
	"errors"
	"strings"
	"testing"
)

const planBlock = `{"attributes":{
  "id":{"type":"string","computed":true},
  "name":{"type":"string","required":true},
  "size":{"type":"number","optional":true,"computed":true}},
 "block_types":{"rule":{"nesting_mode":"set","block":{"attributes":{
  "port":{"type":"number","required":true},
  "arn":{"type":"string","computed":true}}}}}}`

func planValue(t *testing.T, s *Schema, js string) *Value {
	t.Helper()
	v, err := s.DecodeJSON([]byte(js), nil)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestProposedNew(t *testing.T) {
	s, err := SchemaFromBlockJSON([]byte(planBlock), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	prior := planValue(t, s, `{"id":"i-1","name":"a","size":2,"rule":[{"port":80,"arn":"arn:80"},{"port":22,"arn":"arn:22"}]}`)
	defer prior.Close()
	config := planValue(t, s, `{"id":null,"name":"b","size":null,"rule":[{"port":80,"arn":null},{"port":443,"arn":null}]}`)
	defer config.Close()
	got, err := ProposedNew(s, prior, config)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	js, err := s.EncodeJSON(got)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"i-1","name":"b","rule":[{"arn":"arn:80","port":80},{"arn":null,"port":443}],"size":2}`
	if string(js) != want {
		t.Errorf("ProposedNew: %s, want %s", js, want)
	}

	// A value that does not conform to the implied type.
	if _, err := ProposedNew(s, prior, StringVal("x")); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("non-conforming config: %v", err)
	}
}

func TestPlannedDataResourceObject(t *testing.T) {
	s, err := SchemaFromBlockJSON([]byte(planBlock), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	config := planValue(t, s, `{"id":null,"name":"b","size":null,"rule":[]}`)
	defer config.Close()
	got, err := PlannedDataResourceObject(s, config)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if got.Get("id").IsKnown() || got.Get("size").IsKnown() || !got.Get("name").IsKnown() {
		t.Errorf("PlannedDataResourceObject: %s", got.GoString())
	}
	if _, err := PlannedDataResourceObject(s, BoolVal(true)); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("non-conforming config: %v", err)
	}
}

func TestAssertPlanValid(t *testing.T) {
	s, err := SchemaFromBlockJSON([]byte(planBlock), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	prior := planValue(t, s, `{"id":"i-1","name":"a","size":2,"rule":[]}`)
	defer prior.Close()
	config := planValue(t, s, `{"id":null,"name":"b","size":null,"rule":[]}`)
	defer config.Close()
	good := planValue(t, s, `{"id":"i-1","name":"b","size":3,"rule":[]}`)
	defer good.Close()
	if problems, err := AssertPlanValid(s, prior, config, good); err != nil || problems != nil {
		t.Errorf("a valid plan: %v, %v", problems, err)
	}
	bad := planValue(t, s, `{"id":"i-1","name":"c","size":3,"rule":null}`)
	defer bad.Close()
	problems, err := AssertPlanValid(s, prior, config, bad)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, p := range problems {
		lines = append(lines, p.Line())
		if !errors.Is(p, ErrSchema) {
			t.Errorf("%v: status %v", p, p.Status)
		}
	}
	want := []string{
		`.name: planned value cty.StringVal("c") does not match config value cty.StringVal("b") nor prior value cty.StringVal("a")`,
		`.rule: attribute representing a set of nested blocks must be empty to indicate no blocks, not null`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if len(problems) > 0 && (len(problems[0].Steps) != 1 || problems[0].Steps[0] != Attr("name")) {
		t.Errorf("path steps %v", problems[0].Steps)
	}
	if _, err := AssertPlanValid(s, prior, config, StringVal("x")); !errors.Is(err, ErrTypeMismatch) {
		t.Errorf("non-conforming plan: %v", err)
	}
}

func TestAssertObjectCompatible(t *testing.T) {
	s, err := SchemaFromBlockJSON([]byte(`{"attributes":{
	  "id":{"type":"string","computed":true},
	  "pw":{"type":"string","optional":true,"sensitive":true},
	  "tags":{"type":["map","string"],"optional":true}}}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	planned := planValue(t, s, `{"id":"i-1","pw":"a","tags":{"k":"v"}}`)
	defer planned.Close()
	actual := planValue(t, s, `{"id":"i-2","pw":"b","tags":{"k":"w"}}`)
	defer actual.Close()
	lines := func(sensitive []Path, schemaMarks bool) string {
		t.Helper()
		problems, err := AssertObjectCompatible(s, planned, actual, sensitive, schemaMarks)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range problems {
			out = append(out, p.Line())
		}
		return strings.Join(out, "\n")
	}
	want := `.id: was cty.StringVal("i-1"), but now cty.StringVal("i-2")
.pw: inconsistent values for sensitive attribute
.tags["k"]: was cty.StringVal("v"), but now cty.StringVal("w")`
	if got := lines(nil, true); got != want {
		t.Errorf("schema marks:\n%s\nwant:\n%s", got, want)
	}
	// A sensitive variable's value inside tags hides the whole attribute.
	want = `.id: was cty.StringVal("i-1"), but now cty.StringVal("i-2")
.pw: inconsistent values for sensitive attribute
.tags: inconsistent values for sensitive attribute`
	if got := lines([]Path{Path{}.Attr("tags").Key("k")}, false); got != want {
		t.Errorf("a marked path:\n%s\nwant:\n%s", got, want)
	}
	if problems, err := AssertObjectCompatible(s, planned, planned, nil, true); err != nil || problems != nil {
		t.Errorf("the same value: %v, %v", problems, err)
	}
}

func TestNormalizeLegacySDK(t *testing.T) {
	s, err := SchemaFromBlockJSON([]byte(planBlock), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	v := planValue(t, s, `{"id":"i-1","name":"a","size":null,"rule":null}`)
	defer v.Close()
	got, err := NormalizeLegacySDK(s, v)
	if err != nil {
		t.Fatal(err)
	}
	defer got.Close()
	if js, _ := s.EncodeJSON(got); string(js) != `{"id":"i-1","name":"a","rule":[],"size":null}` {
		t.Errorf("normalized %s", js)
	}
}
