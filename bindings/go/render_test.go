package dynval

import (
	"errors"
	"strings"
	"testing"
)

func TestRender(t *testing.T) {
	s, err := SchemaFromBlockJSON([]byte(`{"attributes":{
		"id":{"type":"string","computed":true},
		"users":{"nested_type":{"nesting_mode":"map","attributes":{
			"password":{"type":"string","sensitive":true,"optional":true}}},"optional":true}},
		"block_types":{"conn":{"nesting_mode":"list","block":{"attributes":{
			"keys":{"type":["list","string"],"sensitive":true,"optional":true}}}}}}`), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	v, err := s.DecodeJSON([]byte(`{"id":null,"users":{"alice":{"password":"plugh"}},"conn":[{"keys":["s3cr3t"]}]}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	id, err := UnknownVal(TypeString(), &Refinements{NotNull: true, Prefix: "i-"})
	if err != nil {
		t.Fatal(err)
	}
	defer id.Close()
	v, err = v.SetPath(Path{Attr("id")}, id)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()

	masked := &RenderOptions{Schema: s.Block()}
	got, err := v.Render(masked)
	want := "{\n  conn  = [\n    {\n      keys = (sensitive value)\n    },\n  ]\n" +
		"  id    = (unknown string, not null, prefix \"i-\")\n" +
		"  users = {\n    \"alice\" = {\n      password = (sensitive value)\n    }\n  }\n}\n"
	if err != nil || got != want {
		t.Fatalf("masked pretty: %v\n%s", err, got)
	}
	// Without a schema, or with ShowSensitive, nothing is masked.
	for _, o := range []*RenderOptions{nil, {}, {Schema: s.Block(), ShowSensitive: true}} {
		got, err := v.Render(o)
		if err != nil || !strings.Contains(got, `"plugh"`) || !strings.Contains(got, `"s3cr3t"`) {
			t.Fatalf("unmasked %+v: %v\n%s", o, err, got)
		}
	}

	inspect := &RenderOptions{Style: RenderInspect, Schema: s.Block()}
	got, err = v.Render(inspect)
	if err != nil || !strings.HasPrefix(got, "type: [\"object\",{\"conn\":") ||
		!strings.HasSuffix(got, "unknown values: 1\n  .id: (unknown string, not null, prefix \"i-\")\n"+
			"sensitive values: 2\n  .conn[0].keys\n  .users[\"alice\"].password\n") {
		t.Fatalf("inspect: %v\n%s", err, got)
	}

	// The limit: the text's length passes, one byte less is ErrLimit.
	inspect.MaxOutputSize = len(got)
	if again, err := v.Render(inspect); err != nil || again != got {
		t.Fatalf("at the limit: %v", err)
	}
	inspect.MaxOutputSize--
	if _, err := v.Render(inspect); !errors.Is(err, ErrLimit) {
		t.Fatalf("over the limit: %v", err)
	}

	// A view renders alone; an unknown style is ErrInvalidArg.
	if got, err := v.Get("conn").Render(nil); err != nil || got != "[\n  {\n    keys = [\n      \"s3cr3t\",\n    ]\n  },\n]\n" {
		t.Fatalf("element: %v\n%s", err, got)
	}
	if _, err := v.Render(&RenderOptions{Style: 7}); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("bad style: %v", err)
	}
}
