package dynval

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"sync"
	"testing"
)

// The form Terraform's internal/command/jsonprovider marshals, rebuilt here
// from nothing but the introspection views.
type jsonAttribute struct {
	Type               json.RawMessage `json:"type,omitempty"`
	NestedType         *jsonNestedType `json:"nested_type,omitempty"`
	Description        string          `json:"description,omitempty"`
	DescriptionKind    string          `json:"description_kind,omitempty"`
	Deprecated         bool            `json:"deprecated,omitempty"`
	DeprecationMessage string          `json:"deprecation_message,omitempty"`
	Required           bool            `json:"required,omitempty"`
	Optional           bool            `json:"optional,omitempty"`
	Computed           bool            `json:"computed,omitempty"`
	Sensitive          bool            `json:"sensitive,omitempty"`
	WriteOnly          bool            `json:"write_only,omitempty"`
}

type jsonNestedType struct {
	Attributes  map[string]*jsonAttribute `json:"attributes,omitempty"`
	NestingMode string                    `json:"nesting_mode,omitempty"`
}

type jsonBlock struct {
	Attributes         map[string]*jsonAttribute `json:"attributes,omitempty"`
	BlockTypes         map[string]*jsonBlockType `json:"block_types,omitempty"`
	Description        string                    `json:"description,omitempty"`
	DescriptionKind    string                    `json:"description_kind,omitempty"`
	Deprecated         bool                      `json:"deprecated,omitempty"`
	DeprecationMessage string                    `json:"deprecation_message,omitempty"`
}

type jsonBlockType struct {
	NestingMode string     `json:"nesting_mode,omitempty"`
	Block       *jsonBlock `json:"block,omitempty"`
	MinItems    uint64     `json:"min_items,omitempty"`
	MaxItems    uint64     `json:"max_items,omitempty"`
}

type jsonSchema struct {
	Version uint64     `json:"version"`
	Block   *jsonBlock `json:"block,omitempty"`
}

type jsonProvider struct {
	Provider          *jsonSchema            `json:"provider,omitempty"`
	ResourceSchemas   map[string]*jsonSchema `json:"resource_schemas,omitempty"`
	DataSourceSchemas map[string]*jsonSchema `json:"data_source_schemas,omitempty"`
}

type jsonProviders struct {
	FormatVersion string                   `json:"format_version"`
	Schemas       map[string]*jsonProvider `json:"provider_schemas,omitempty"`
}

func kindName(k DescriptionKind) string {
	if k == DescriptionMarkdown {
		return "markdown"
	}
	return "plain"
}

func toJSONAttributes(t *testing.T, attrs func(func(Attribute) bool)) map[string]*jsonAttribute {
	out := map[string]*jsonAttribute{}
	for a := range attrs {
		f := a.Flags()
		ja := &jsonAttribute{
			Description:        a.Description(),
			DescriptionKind:    kindName(a.DescriptionKind()),
			Deprecated:         f&AttrDeprecated != 0,
			DeprecationMessage: a.DeprecationMessage(),
			Required:           f&AttrRequired != 0,
			Optional:           f&AttrOptional != 0,
			Computed:           f&AttrComputed != 0,
			Sensitive:          f&AttrSensitive != 0,
			WriteOnly:          f&AttrWriteOnly != 0,
		}
		if ty := a.Type(); ty != nil {
			raw, err := ty.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			ja.Type = raw
		}
		if o, ok := a.NestedType(); ok {
			ja.NestedType = &jsonNestedType{NestingMode: o.Nesting().String()}
			if o.NumAttributes() > 0 {
				ja.NestedType.Attributes = toJSONAttributes(t, o.Attributes())
			}
		}
		out[a.Name()] = ja
	}
	return out
}

func toJSONBlock(t *testing.T, b Block) *jsonBlock {
	jb := &jsonBlock{
		Description:        b.Description(),
		DescriptionKind:    kindName(b.DescriptionKind()),
		Deprecated:         b.Deprecated(),
		DeprecationMessage: b.DeprecationMessage(),
	}
	if b.NumAttributes() > 0 {
		jb.Attributes = toJSONAttributes(t, b.Attributes())
	}
	if b.NumNestedBlocks() > 0 {
		jb.BlockTypes = map[string]*jsonBlockType{}
		for nb := range b.NestedBlocks() {
			jb.BlockTypes[nb.TypeName()] = &jsonBlockType{
				NestingMode: nb.Nesting().String(),
				Block:       toJSONBlock(t, nb.Body()),
				MinItems:    uint64(nb.MinItems()),
				MaxItems:    uint64(nb.MaxItems()),
			}
		}
	}
	return jb
}

// TestRealDocumentRebuiltFromViews rebuilds a real `providers schema -json`
// document (two providers) through SchemaDocument and the views, marshals it
// as Terraform does, and gets the input back byte for byte.
func TestRealDocumentRebuiltFromViews(t *testing.T) {
	path := filepath.Join("..", "..", "tests", "data", "provider-schemas", "terraform-json_testdata_120_basic_schemas.json.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ParseSchemaDocument(text)
	if err != nil {
		t.Fatal(err)
	}
	defer doc.Close()
	out := jsonProviders{FormatVersion: "1.0", Schemas: map[string]*jsonProvider{}}
	count := 0
	for e := range doc.Entries() {
		p := out.Schemas[e.Provider]
		if p == nil {
			p = &jsonProvider{}
			out.Schemas[e.Provider] = p
		}
		s, err := doc.Schema(e.Index)
		if err != nil {
			t.Fatalf("%s %s: %v", e.Provider, e.Selector, err)
		}
		js := &jsonSchema{Version: uint64(s.Version()), Block: toJSONBlock(t, s.Block())}
		s.Close()
		name := e.Selector[bytes.IndexByte([]byte(e.Selector), ':')+1:]
		switch e.Kind {
		case SchemaProvider:
			p.Provider = js
		case SchemaResource:
			if p.ResourceSchemas == nil {
				p.ResourceSchemas = map[string]*jsonSchema{}
			}
			p.ResourceSchemas[name] = js
		case SchemaDataSource:
			if p.DataSourceSchemas == nil {
				p.DataSourceSchemas = map[string]*jsonSchema{}
			}
			p.DataSourceSchemas[name] = js
		default:
			t.Fatalf("unexpected kind %d", e.Kind)
		}
		count++
	}
	if count != 1356 {
		t.Fatalf("%d schemas, want 1356", count)
	}
	got, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if !bytes.Equal(got, text) {
		i := 0
		for i < len(got) && i < len(text) && got[i] == text[i] {
			i++
		}
		from := max(i-80, 0)
		t.Fatalf("differs at byte %d:\n in:  %s\n out: %s", i, text[from:min(i+120, len(text))], got[from:min(i+120, len(got))])
	}
}

func richSchema(t *testing.T) *Schema {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	disk, rule, root := NewBuilder(), NewBuilder(), NewBuilder()
	defer disk.Close()
	defer rule.Close()
	defer root.Close()
	must(disk.Attribute("size", TypeNumber(), AttrRequired))
	must(disk.SetAttributeDescription("size", "GiB", DescriptionPlain))
	must(rule.Attribute("port", TypeNumber(), AttrOptional))
	must(rule.SetComputed(true))
	must(rule.SetDescription("A rule.", DescriptionPlain))
	must(root.Attribute("token", TypeString(), AttrComputed|AttrDeprecated))
	must(root.SetAttributeDescription("token", "`token`", DescriptionMarkdown))
	must(root.SetAttributeDeprecationMessage("token", "gone"))
	must(root.Attribute("pw", TypeString(), AttrOptional|AttrSensitive|AttrWriteOnly))
	must(root.NestedAttribute("disks", NestingList, disk, AttrOptional))
	must(root.SetNestedItems("disks", 1, 8))
	must(root.Block("rule", NestingSet, rule, 1, 3))
	must(root.SetDescription("A *thing*.", DescriptionMarkdown))
	must(root.SetDeprecated(true, "use other"))
	if err := root.SetAttributeDescription("nope", "", DescriptionPlain); !errors.Is(err, ErrNotFound) {
		t.Fatalf("describing a missing attribute: %v", err)
	}
	if err := root.SetNestedItems("pw", 1, 2); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("items of a typed attribute: %v", err)
	}
	s, err := root.Build(4)
	must(err)
	return s
}

func checkRich(t *testing.T, s *Schema) {
	t.Helper()
	b := s.Block()
	if b.Description() != "A *thing*." || b.DescriptionKind() != DescriptionMarkdown || !b.Deprecated() ||
		b.DeprecationMessage() != "use other" || b.Computed() {
		t.Fatalf("root block: %q %v %v %q %v", b.Description(), b.DescriptionKind(), b.Deprecated(), b.DeprecationMessage(), b.Computed())
	}
	if !b.ImpliedType().Equals(s.ImpliedType()) {
		t.Fatal("block implied type")
	}
	var names []string
	for a := range b.Attributes() {
		names = append(names, a.Name())
	}
	if !sort.StringsAreSorted(names) || len(names) != 3 || names[0] != "disks" {
		t.Fatalf("attributes %v", names)
	}
	tok, ok := b.FindAttribute("token")
	if !ok || tok.Flags() != AttrComputed|AttrDeprecated || tok.DeprecationMessage() != "gone" ||
		tok.Description() != "`token`" || tok.DescriptionKind() != DescriptionMarkdown || !tok.Type().Equals(TypeString()) {
		t.Fatalf("token: %v %v %q", ok, tok.Flags(), tok.DeprecationMessage())
	}
	pw, _ := b.FindAttribute("pw")
	if pw.Flags() != AttrOptional|AttrSensitive|AttrWriteOnly {
		t.Fatalf("pw flags %v", pw.Flags())
	}
	disks, _ := b.FindAttribute("disks")
	o, ok := disks.NestedType()
	if !ok || disks.Type() != nil || o.Nesting() != NestingList || o.MinItems() != 1 || o.MaxItems() != 8 {
		t.Fatalf("disks: %v %v %d %d", ok, o.Nesting(), o.MinItems(), o.MaxItems())
	}
	if size, ok := o.FindAttribute("size"); !ok || size.Description() != "GiB" || size.Flags() != AttrRequired {
		t.Fatal("disks.size")
	}
	if got := o.ImpliedType().String(); got != `["list",["object",{"size":"number"}]]` {
		t.Fatalf("disks type %s", got)
	}
	if _, ok := b.FindAttribute("nope"); ok {
		t.Fatal("found a missing attribute")
	}
	if _, ok := b.Attribute(3); ok {
		t.Fatal("attribute past the end")
	}
	if a, ok := b.Attribute(-1); ok || a.Name() != "" || a.Flags() != 0 || a.Type() != nil {
		t.Fatal("attribute -1")
	}
	if nb, ok := b.FindNestedBlock("nope"); ok || nb.TypeName() != "" || nb.Body().NumAttributes() != 0 {
		t.Fatal("a missing nested block is not a zero view")
	}
	rule, ok := b.FindNestedBlock("rule")
	if !ok || rule.Nesting() != NestingSet || rule.MinItems() != 1 || rule.MaxItems() != 3 || !rule.Body().Computed() ||
		rule.Body().Description() != "A rule." || b.NumNestedBlocks() != 1 {
		t.Fatal("rule block")
	}
	if got := rule.ImpliedType().String(); got != `["set",["object",{"port":"number"}]]` {
		t.Fatalf("rule type %s", got)
	}
	n := 0
	for nb := range b.NestedBlocks() {
		if nb.TypeName() != "rule" {
			t.Fatal(nb.TypeName())
		}
		n++
	}
	if n != 1 {
		t.Fatal("nested blocks")
	}

	// AttributeByPath: into nested attribute objects and through nested
	// blocks, passing over element steps; nothing elsewhere.
	one := IntVal(1)
	defer one.Close()
	for p, want := range map[string]Path{
		"pw":   {Attr("pw")},
		"size": {Attr("disks"), Index(0), Attr("size")},
		"port": {Attr("rule"), Element(one), Attr("port")},
	} {
		if a, ok := b.AttributeByPath(want); !ok || a.Name() != p {
			t.Fatalf("AttributeByPath(%v) = %q, %v", want, a.Name(), ok)
		}
	}
	for _, p := range []Path{nil, {Attr("rule")}, {Attr("disks"), Index(0)}, {Attr("disks"), Index(0), Attr("nope")},
		{Attr("pw"), Key("k")}, {Attr("nope")}} {
		if a, ok := b.AttributeByPath(p); ok || a.Name() != "" {
			t.Fatalf("AttributeByPath(%v) found %q", p, a.Name())
		}
	}
}

func TestIntrospection(t *testing.T) {
	s := richSchema(t)
	defer s.Close()
	checkRich(t, s)
	raw, err := s.Proto(6)
	if err != nil {
		t.Fatal(err)
	}
	back, err := SchemaFromProto(raw, 6)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	checkRich(t, back)
	if _, err := s.Proto(5); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("v5: %v", err)
	}
}

func TestViewsKeepTheirSchemaAlive(t *testing.T) {
	b := richSchema(t).Block() // the schema is reachable only through b
	for i := 0; i < 3; i++ {
		runtime.GC()
	}
	if a, ok := b.FindAttribute("token"); !ok || a.DeprecationMessage() != "gone" {
		t.Fatal("view of a collected schema")
	}
	s := richSchema(t)
	v := s.Block()
	s.Close()
	defer func() {
		if recover() == nil {
			t.Fatal("a view of a closed schema did not panic")
		}
	}()
	v.NumAttributes()
}

func TestIdentitySchema(t *testing.T) {
	id, err := IdentitySchemaFromJSON([]byte(`{"version":3,"attributes":{"region":{"type":"string","optional_for_import":true},
		"id":{"type":"string","description":"The *ID*.","required_for_import":true}}}`))
	if err != nil {
		t.Fatal(err)
	}
	defer id.Close()
	if id.Version() != 3 || id.NumAttributes() != 2 || id.ImpliedType().String() != `["object",{"id":"string","region":"string"}]` {
		t.Fatal("identity schema")
	}
	a, ok := id.FindAttribute("id")
	if !ok || a.Flags() != AttrRequiredForImport || a.Description() != "The *ID*." || a.DescriptionKind() != DescriptionMarkdown {
		t.Fatal("id attribute")
	}
	var flags []AttrFlags
	for a := range id.Attributes() {
		flags = append(flags, a.Flags())
	}
	if len(flags) != 2 || flags[1] != AttrOptionalForImport {
		t.Fatalf("flags %v", flags)
	}
	v, err := DecodeJSON([]byte(`{"id":"i-1","region":null}`), id.ImpliedType(), nil)
	if err != nil {
		t.Fatal(err)
	}
	v.Close()
	// Decode and encode by the implied type, both formats.
	v, err = id.DecodeJSON([]byte(`{"id":"i-1","region":"eu"}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	mp, err := id.EncodeMsgpack(v)
	v.Close()
	if err != nil || hex.EncodeToString(mp) != "82a26964a3692d31a6726567696f6ea26575" {
		t.Fatalf("identity EncodeMsgpack: %x %v", mp, err)
	}
	v, err = id.DecodeMsgpack(mp, nil)
	if err != nil {
		t.Fatal(err)
	}
	js, err := id.EncodeJSON(v)
	v.Close()
	if err != nil || string(js) != `{"id":"i-1","region":"eu"}` {
		t.Fatalf("identity EncodeJSON: %s %v", js, err)
	}
	if _, err := id.DecodeJSON([]byte(`{"id":"i-1","zone":"z"}`), nil); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("identity DecodeJSON of an undefined attribute: %v", err)
	}
	if _, err := id.DecodeMsgpack([]byte{0x81, 0xa2, 'i', 'd', 0xc3}, nil); err == nil {
		t.Fatal("identity DecodeMsgpack of a bool id")
	}
	if _, err := id.EncodeJSON(IntVal(1)); !errors.Is(err, ErrTypeMismatch) {
		t.Fatalf("identity EncodeJSON of a number: %v", err)
	}
	raw, err := id.Proto(6)
	if err != nil {
		t.Fatal(err)
	}
	back, err := IdentitySchemaFromProto(raw, 5)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Proto(5)
	if !bytes.Equal(raw, again) {
		t.Fatal("identity protobuf round trip")
	}
	c := back.Clone()
	back.Close()
	if c.Version() != 3 {
		t.Fatal("clone")
	}
	c.Close()

	b := NewBuilder()
	defer b.Close()
	if err := b.Attribute("id", TypeString(), AttrRequiredForImport); err != nil {
		t.Fatal(err)
	}
	built, err := b.BuildIdentity(1)
	if err != nil {
		t.Fatal(err)
	}
	built.Close()
	if err := b.Attribute("zone", TypeString(), AttrOptional); err != nil {
		t.Fatal(err)
	}
	if _, err := b.BuildIdentity(1); !errors.Is(err, ErrSchema) {
		t.Fatalf("identity with a block flag: %v", err)
	}
	if _, err := b.Build(0); !errors.Is(err, ErrSchema) {
		t.Fatalf("block with an import flag: %v", err)
	}
	if _, err := IdentitySchemaFromJSON([]byte(`{"attributes":{"x":{}}}`)); !errors.Is(err, ErrSchema) {
		t.Fatalf("attribute without a type: %v", err)
	}
}

func TestSchemaDocumentJSONAndSensitivePaths(t *testing.T) {
	in := `{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{` +
		`"r":{"version":0,"block":{"attributes":{"secret":{"type":["map","string"],"optional":true,"sensitive":true}}}},` +
		`"q":{"version":0,"block":{"attributes":{"tags":{"type":["map","string"],"optional":true}}}}}}}}`
	doc, err := ParseSchemaDocument([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	defer doc.Close()
	want := `{"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{` +
		`"q":{"version":0,"block":{"attributes":{"tags":{"type":["map","string"],"description_kind":"plain","optional":true}},"description_kind":"plain"}},` +
		`"r":{"version":0,"block":{"attributes":{"secret":{"type":["map","string"],"description_kind":"plain","optional":true,"sensitive":true}},"description_kind":"plain"}}}}}}`
	if got, err := doc.JSON(); err != nil || string(got) != want {
		t.Fatalf("JSON() = %s, %v", got, err)
	}
	r, err := doc.GetSchema("resource:r", "")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	q, err := doc.GetSchema("resource:q", "")
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	if !r.Block().HasSensitive() || q.Block().HasSensitive() {
		t.Fatal("HasSensitive")
	}
	if n := r.Block().SensitivePrefix(Path{}.Attr("secret").Key("k")); n != 1 {
		t.Fatalf("SensitivePrefix in r = %d, want 1", n)
	}
	if n := q.Block().SensitivePrefix(Path{}.Attr("tags").Key("k")); n != 2 {
		t.Fatalf("SensitivePrefix in q = %d, want 2", n)
	}
}

func TestSchemaDocument(t *testing.T) {
	doc, err := ParseSchemaDocument([]byte(`{"format_version":"1.0","provider_schemas":{
	  "example.com/a/one":{"provider":{"version":0,"block":{}},
	    "resource_schemas":{"one_thing":{"version":1,"block":{"attributes":{"id":{"type":"string","computed":true}}}},
	                        "one_bad":{"version":0,"block":{"attributes":{"x":{"type":"string"}}}}},
	    "resource_identity_schemas":{"one_thing":{"version":2,"attributes":{"id":{"type":"string","required_for_import":true}}}},
	    "list_resource_schemas":{"one_thing":{"version":0,"block":{}}},
	    "state_store_schemas":{"one_store":{"version":0,"block":{}}}},
	  "example.com/b/two":{"ephemeral_resource_schemas":{"two_eph":{"version":0,"block":{}}}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	defer doc.Close()
	want := []DocumentEntry{
		{0, "example.com/a/one", "provider", SchemaProvider},
		{1, "example.com/a/one", "resource:one_thing", SchemaResource},
		{2, "example.com/a/one", "resource:one_bad", SchemaResource},
		{3, "example.com/a/one", "identity:one_thing", SchemaIdentity},
		{4, "example.com/a/one", "list:one_thing", SchemaListResource},
		{5, "example.com/a/one", "state_store:one_store", SchemaStateStore},
		{6, "example.com/b/two", "ephemeral:two_eph", SchemaEphemeralResource},
	}
	var got []DocumentEntry
	for e := range doc.Entries() {
		got = append(got, e)
	}
	if len(got) != len(want) || doc.Len() != len(want) {
		t.Fatalf("entries %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("entry %d: %v, want %v", i, got[i], want[i])
		}
	}
	if _, ok := doc.Entry(7); ok {
		t.Fatal("entry past the end")
	}
	if _, err := doc.Find("provider", ""); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("ambiguous provider: %v", err)
	}
	if _, err := doc.Find("data:x", "example.com/b/two"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing: %v", err)
	}
	s, err := doc.GetSchema("resource:one_thing", "example.com/a/one")
	if err != nil {
		t.Fatal(err)
	}
	var e *Error
	if _, err := doc.Schema(2); !errors.As(err, &e) || e.Status != StatusSchema ||
		e.Path != `.provider_schemas["example.com/a/one"].resource_schemas["one_bad"].block.attributes["x"]` {
		t.Fatalf("invalid schema: %v", err)
	}
	if _, err := doc.Schema(3); !errors.Is(err, ErrInvalidArg) {
		t.Fatalf("identity as a block: %v", err)
	}
	if _, err := doc.Schema(-1); !errors.Is(err, ErrOutOfRange) {
		t.Fatalf("negative index: %v", err)
	}
	id, err := doc.GetIdentity("identity:one_thing", "example.com/a/one")
	if err != nil {
		t.Fatal(err)
	}
	// Written back from the loaded schemas.
	for i, want := range map[int]string{
		1: `{"version":1,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","computed":true}},"description_kind":"plain"}}`,
		3: `{"version":2,"attributes":{"id":{"type":"string","required_for_import":true}}}`,
	} {
		if got, err := doc.EntryJSON(i); err != nil || string(got) != want {
			t.Fatalf("EntryJSON(%d) = %s, %v", i, got, err)
		}
	}
	if _, err := doc.EntryJSON(2); !errors.Is(err, ErrSchema) {
		t.Fatalf("EntryJSON of an invalid schema: %v", err)
	}
	if _, err := doc.EntryJSON(-1); !errors.Is(err, ErrOutOfRange) {
		t.Fatalf("EntryJSON(-1): %v", err)
	}
	if _, err := doc.JSON(); !errors.Is(err, ErrSchema) {
		t.Fatalf("JSON of a document with an invalid schema: %v", err)
	}
	doc.Close()
	if s.Version() != 1 || id.Version() != 2 {
		t.Fatal("schemas outlive their document")
	}
	if _, err := ParseSchemaDocument([]byte(`{}`)); !errors.Is(err, ErrParse) {
		t.Fatalf("not a document: %v", err)
	}
}

func TestIntrospectionConcurrent(t *testing.T) {
	s := richSchema(t)
	defer s.Close()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				b := s.Block()
				for a := range b.Attributes() {
					_ = a.Name() + a.Description()
					_ = a.ImpliedType()
				}
				for nb := range b.NestedBlocks() {
					_ = nb.Body().NumAttributes()
				}
			}
		}()
	}
	wg.Wait()
}
