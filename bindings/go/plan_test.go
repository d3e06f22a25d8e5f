package dynval

import (
	"errors"
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
