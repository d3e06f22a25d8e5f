package conformance

import (
	"fmt"

	dynval "github.com/libdynval/dynval-go"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// schemaCase loads a random provider schema (every nesting mode of blocks
// and nested attributes) from a `providers schema -json` document, checks
// libdynval's implied type against OpenTofu's rules, round-trips the schema
// through protobuf, and runs the value checks on a value of the implied
// type.
func (r *runner) schemaCase(i int, g *gen) {
	r.st.schemas.Add(1)
	blk := g.block(0, false)
	doc := schemaDoc(blk)
	diff := func(check, format string, args ...any) {
		r.report(&difference{caseIdx: i, seed: r.seed, check: check, input: doc, detail: fmt.Sprintf(format, args...)})
	}
	s, err := dynval.SchemaFromJSON(doc, "resource:test_thing", "")
	if err != nil {
		diff("schema-load", "libdynval rejects the schema: %v (document %s)", err, doc)
		return
	}
	defer s.Close()
	if s.Version() != 3 {
		diff("schema-load", "version %d, want 3", s.Version())
	}
	it := s.ImpliedType()
	defer it.Close()
	itJSON, err := it.MarshalJSON()
	if err != nil {
		panic(err)
	}
	want := typeJSON(blk.impliedType())
	if string(itJSON) != want {
		diff("schema-implied-type", "libdynval %s, OpenTofu rules %s (document %s)", itJSON, want, doc)
	}
	for _, pv := range []int{5, 6} {
		if pv == 5 && blk.hasNestedAttrs() {
			continue
		}
		pb, err := s.Proto(pv)
		if err != nil {
			diff("schema-proto", "protocol %d encode: %v", pv, err)
			continue
		}
		s2, err := dynval.SchemaFromProto(pb, pv)
		if err != nil {
			diff("schema-proto", "protocol %d decode of own bytes %x: %v", pv, pb, err)
			continue
		}
		t2 := s2.ImpliedType()
		if !t2.Equals(it) || s2.Version() != 3 {
			diff("schema-proto", "protocol %d round trip gives %s v%d", pv, t2, s2.Version())
		}
		t2.Close()
		s2.Close()
	}
	T, err := ctyjson.UnmarshalType(itJSON)
	if err != nil {
		diff("schema-implied-type", "go-cty cannot parse libdynval's implied type %s: %v", itJSON, err)
		return
	}
	v := g.value(g.concretize(T, 0), 0)
	r.valueCase(i, g, T, v)
}
