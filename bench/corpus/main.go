// Command corpus writes the libdynval benchmark corpus (docs/performance.md).
//
// Everything is generated deterministically from a fixed seed with go-cty
// v1.18.1 itself, so the bytes are exactly what Terraform/OpenTofu put on the
// wire: realistic planned-state values of the biggest resources of the real
// provider schemas (every attribute filled, nested blocks several deep, and a
// "plan" variant where computed attributes are unknown, often refined), a
// plan-sized list of 2,000 resources, a set of 30,000 small objects, a million
// mixed numbers, large ASCII and non-ASCII strings, and deeply nested lists.
//
// Usage: corpus -schemas DIR -out DIR [-seed N] [-small]
//
// For every case NAME it writes NAME.type.json (go-cty's type JSON),
// NAME.msgpack, and NAME.json when the value is wholly known (JSON cannot
// carry unknowns), plus manifest.tsv listing them:
//
//	case <TAB> type file <TAB> msgpack file <TAB> json file or "-" <TAB> note
//
// and quicksight.schema.json, a `providers schema -json` document holding only
// aws_quicksight_dashboard (for the `dynval convert --schema` round trip), and
// aws.schema.json, the decompressed AWS document (for schema loading).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// ---------------------------------------------------------------------------
// The `providers schema -json` document, only the parts we need.

type schemaDoc struct {
	ProviderSchemas map[string]struct {
		ResourceSchemas map[string]json.RawMessage `json:"resource_schemas"`
	} `json:"provider_schemas"`
}

type schemaEntry struct {
	Version int64 `json:"version"`
	Block   block `json:"block"`
}

type block struct {
	Attributes map[string]*attribute   `json:"attributes"`
	BlockTypes map[string]*nestedBlock `json:"block_types"`
}

type attribute struct {
	Type       json.RawMessage `json:"type"`
	NestedType *nestedObject   `json:"nested_type"`
	Required   bool            `json:"required"`
	Optional   bool            `json:"optional"`
	Computed   bool            `json:"computed"`
}

type nestedObject struct {
	Attributes  map[string]*attribute `json:"attributes"`
	NestingMode string                `json:"nesting_mode"`
}

type nestedBlock struct {
	NestingMode string `json:"nesting_mode"`
	Block       block  `json:"block"`
	MinItems    int    `json:"min_items"`
	MaxItems    int    `json:"max_items"`
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// attrType mirrors configschema.Attribute.ImpliedType.
func attrType(a *attribute) cty.Type {
	if a.NestedType != nil {
		return nestedObjectType(a.NestedType)
	}
	t, err := ctyjson.UnmarshalType(a.Type)
	if err != nil {
		panic(err)
	}
	return t
}

// nestedObjectType mirrors configschema.Object.ImpliedType (no optional
// attribute markers).
func nestedObjectType(o *nestedObject) cty.Type {
	atys := map[string]cty.Type{}
	for n, a := range o.Attributes {
		atys[n] = attrType(a)
	}
	obj := cty.Object(atys)
	switch o.NestingMode {
	case "single", "group":
		return obj
	case "list":
		if obj.HasDynamicTypes() {
			return cty.DynamicPseudoType
		}
		return cty.List(obj)
	case "set":
		return cty.Set(obj)
	case "map":
		if obj.HasDynamicTypes() {
			return cty.DynamicPseudoType
		}
		return cty.Map(obj)
	}
	panic("bad nesting mode " + o.NestingMode)
}

// blockType mirrors configschema.Block.ImpliedType.
func blockType(b *block) cty.Type {
	atys := map[string]cty.Type{}
	for n, a := range b.Attributes {
		atys[n] = attrType(a)
	}
	for n, nb := range b.BlockTypes {
		atys[n] = nestedBlockType(nb)
	}
	return cty.Object(atys)
}

func nestedBlockType(nb *nestedBlock) cty.Type {
	obj := blockType(&nb.Block)
	switch nb.NestingMode {
	case "single", "group":
		return obj
	case "list":
		if obj.HasDynamicTypes() {
			return cty.DynamicPseudoType
		}
		return cty.List(obj)
	case "set":
		return cty.Set(obj)
	case "map":
		if obj.HasDynamicTypes() {
			return cty.DynamicPseudoType
		}
		return cty.Map(obj)
	}
	panic("bad nesting mode " + nb.NestingMode)
}

// minCost estimates the smallest MessagePack encoding of one object of a
// block: every key plus one byte per (null or empty) value.
func minCost(b *block) int {
	c := 3
	for n := range b.Attributes {
		c += len(n) + 2
	}
	for n := range b.BlockTypes {
		c += len(n) + 2
	}
	return c
}

// ---------------------------------------------------------------------------
// Value generation

type gen struct {
	rng     *rand.Rand
	planned bool // computed attributes may be unknown (refined or not)
}

func newGen(seed uint64, name string, planned bool) *gen {
	h := fnv.New64a()
	h.Write([]byte(name))
	return &gen{rng: rand.New(rand.NewPCG(seed, h.Sum64())), planned: planned}
}

var words = strings.Fields(`alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima
mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu prod stage
dev web api db cache queue worker frontend backend primary replica east west north south blue green`)

var nonASCII = []string{
	"Überprüfung", "Größe", "café", "naïve", "Ærøskøbing", "東京リージョン", "数据库", "서울",
	"Москва", "Ελλάδα", "العربية", "हिन्दी", "✓", "→", "😀", "🚀", "€", "ß", "Ça va", "日本語の説明",
}

func (g *gen) word() string { return words[g.rng.IntN(len(words))] }

func (g *gen) hex(n int) string {
	const d = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = d[g.rng.IntN(16)]
	}
	return string(b)
}

// str returns a realistic attribute string: names, ids, ARNs, CIDRs, URLs,
// sentences, JSON documents, and now and then non-ASCII text.
func (g *gen) str() string {
	switch r := g.rng.IntN(100); {
	case r < 25:
		return fmt.Sprintf("%s-%s-%02d", g.word(), g.word(), g.rng.IntN(100))
	case r < 40:
		return fmt.Sprintf("%s-%s", g.word()[:1]+"i", g.hex(17))
	case r < 52:
		return fmt.Sprintf("arn:aws:%s:us-east-1:%012d:%s/%s-%s", g.word(), g.rng.Int64N(1e12), g.word(), g.word(), g.hex(8))
	case r < 60:
		return fmt.Sprintf("10.%d.%d.0/24", g.rng.IntN(256), g.rng.IntN(256))
	case r < 66:
		return fmt.Sprintf("https://%s.%s.example.com/%s/%s?id=%s", g.word(), g.word(), g.word(), g.word(), g.hex(6))
	case r < 82:
		n := 3 + g.rng.IntN(12)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = g.word()
		}
		return strings.Join(ws, " ")
	case r < 86:
		// An inline JSON policy document (escaped quotes in JSON output).
		return fmt.Sprintf(`{"Version":"2012-10-17","Statement":[{"Sid":"%s","Effect":"Allow","Action":["%s:Get*","%s:List*"],"Resource":"arn:aws:%s:::%s/*"}]}`,
			g.word(), g.word(), g.word(), g.word(), g.hex(12))
	case r < 94:
		return g.word()
	default:
		n := 2 + g.rng.IntN(5)
		ws := make([]string, n)
		for i := range ws {
			ws[i] = nonASCII[g.rng.IntN(len(nonASCII))]
		}
		return strings.Join(ws, " ")
	}
}

func (g *gen) num() cty.Value {
	switch r := g.rng.IntN(100); {
	case r < 70:
		return cty.NumberIntVal(int64(g.rng.IntN(1025)))
	case r < 88:
		return cty.NumberIntVal(g.rng.Int64N(10_000_000))
	case r < 96:
		return cty.NumberFloatVal(float64(g.rng.IntN(4000)) / 8)
	default:
		return cty.NumberFloatVal(g.rng.Float64() * 100)
	}
}

// unknown returns an unknown of t, refined (not null, with a prefix, bounds
// or a length lower bound) two times out of three.
func (g *gen) unknown(t cty.Type) cty.Value {
	u := cty.UnknownVal(t)
	if g.rng.IntN(3) == 0 || t == cty.DynamicPseudoType {
		return u
	}
	b := u.Refine().NotNull()
	switch {
	case t == cty.String:
		b = b.StringPrefix("arn:aws:" + g.word() + ":")
	case t == cty.Number:
		b = b.NumberRangeInclusive(cty.NumberIntVal(0), cty.NumberIntVal(65535))
	case t.IsListType() || t.IsSetType() || t.IsMapType():
		b = b.CollectionLengthLowerBound(1)
	}
	return b.NewValue()
}

// value generates a value of type t of roughly `budget` encoded bytes at
// most for the collections in it.
func (g *gen) value(t cty.Type, budget int, computed bool) cty.Value {
	if g.planned && computed && g.rng.IntN(4) == 0 {
		return g.unknown(t)
	}
	switch {
	case t == cty.String:
		return cty.StringVal(g.str())
	case t == cty.Number:
		return g.num()
	case t == cty.Bool:
		return cty.BoolVal(g.rng.IntN(2) == 0)
	case t == cty.DynamicPseudoType:
		return cty.StringVal(g.str())
	case t.IsListType() || t.IsSetType():
		et := t.ElementType()
		k := 1 + g.rng.IntN(4)
		if !et.IsPrimitiveType() && budget < 64 {
			k = 0
		}
		elems := make([]cty.Value, 0, k)
		for i := 0; i < k; i++ {
			elems = append(elems, g.value(et, budget/max(k, 1), false))
		}
		if t.IsListType() {
			if k == 0 {
				return cty.ListValEmpty(et)
			}
			return cty.ListVal(elems)
		}
		if k == 0 {
			return cty.SetValEmpty(et)
		}
		return cty.SetVal(elems)
	case t.IsMapType():
		et := t.ElementType()
		k := 1 + g.rng.IntN(4)
		m := map[string]cty.Value{}
		for i := 0; i < k; i++ {
			m[[]string{"Name", "Environment", "Owner", "CostCenter", "Team", "Project"}[g.rng.IntN(6)]] = g.value(et, budget/k, false)
		}
		return cty.MapVal(m)
	case t.IsObjectType():
		atys := t.AttributeTypes()
		m := map[string]cty.Value{}
		for _, n := range sortedKeys(atys) {
			m[n] = g.value(atys[n], budget/max(len(atys), 1), false)
		}
		return cty.ObjectVal(m)
	case t.IsTupleType():
		ets := t.TupleElementTypes()
		vs := make([]cty.Value, len(ets))
		for i, et := range ets {
			vs[i] = g.value(et, budget/max(len(ets), 1), false)
		}
		return cty.TupleVal(vs)
	}
	panic("unsupported type " + t.FriendlyName())
}

func (g *gen) attr(a *attribute, budget int) cty.Value {
	t := attrType(a)
	if a.NestedType != nil {
		return g.nested(a.NestedType, t, budget, a.Computed)
	}
	return g.value(t, budget, a.Computed && !a.Required)
}

func (g *gen) nested(o *nestedObject, t cty.Type, budget int, computed bool) cty.Value {
	if g.planned && computed && g.rng.IntN(4) == 0 {
		return g.unknown(t)
	}
	one := func(b int) cty.Value {
		m := map[string]cty.Value{}
		for _, n := range sortedKeys(o.Attributes) {
			m[n] = g.attr(o.Attributes[n], b/max(len(o.Attributes), 1))
		}
		return cty.ObjectVal(m)
	}
	switch o.NestingMode {
	case "single", "group":
		return one(budget)
	default:
		k := 1 + g.rng.IntN(3)
		if budget < 64 {
			k = 0
		}
		vs := make([]cty.Value, k)
		for i := range vs {
			vs[i] = one(budget / max(k, 1))
		}
		return g.collection(o.NestingMode, t, vs)
	}
}

func (g *gen) collection(mode string, t cty.Type, vs []cty.Value) cty.Value {
	switch mode {
	case "list":
		if len(vs) == 0 {
			return cty.ListValEmpty(t.ElementType())
		}
		return cty.ListVal(vs)
	case "set":
		if len(vs) == 0 {
			return cty.SetValEmpty(t.ElementType())
		}
		return cty.SetVal(vs)
	case "map":
		if len(vs) == 0 {
			return cty.MapValEmpty(t.ElementType())
		}
		m := map[string]cty.Value{}
		for i, v := range vs {
			m[fmt.Sprintf("%s-%d", g.word(), i)] = v
		}
		return cty.MapVal(m)
	}
	panic(mode)
}

// capacity estimates the MessagePack size of one object of block b with
// every attribute set and one element in every nested block, all the way
// down (memoised: the schema tree is shared by every value generated).
var capMemo = map[*block]int{}

func capacity(b *block) int {
	if c, ok := capMemo[b]; ok {
		return c
	}
	c := 3
	for n := range b.Attributes {
		c += len(n) + 16
	}
	for n, nb := range b.BlockTypes {
		c += len(n) + 2 + capacity(&nb.Block)
	}
	capMemo[b] = c
	return c
}

// block generates one object of block b of roughly `budget` bytes. Every
// attribute is set; the budget left is shared among the nested block types
// in proportion to their capacity. A nested block whose share is below its
// minimal size stays empty (null for SINGLE); a list or set block gets
// share/capacity elements (at least 1, at most max_items, with some jitter).
func (g *gen) block(b *block, budget int) cty.Value {
	m := map[string]cty.Value{}
	for _, n := range sortedKeys(b.Attributes) {
		m[n] = g.attr(b.Attributes[n], 256)
	}
	rest := budget - minCost(b)
	total := 0
	for _, nb := range b.BlockTypes {
		total += capacity(&nb.Block)
	}
	for _, n := range sortedKeys(b.BlockTypes) {
		nb := b.BlockTypes[n]
		t := nestedBlockType(nb)
		if t == cty.DynamicPseudoType {
			m[n] = cty.NullVal(t)
			continue
		}
		cp := capacity(&nb.Block)
		per := 0
		if total > 0 && rest > 0 {
			per = int(float64(rest) * float64(cp) / float64(total))
		}
		mc := minCost(&nb.Block)
		switch nb.NestingMode {
		case "single", "group":
			if per < mc && nb.NestingMode == "single" && nb.MinItems == 0 {
				m[n] = cty.NullVal(t)
			} else {
				m[n] = g.block(&nb.Block, per)
			}
		default:
			k := 0
			if per >= mc {
				k = max(1, per/cp)
				if k > 2 {
					k = k/2 + g.rng.IntN(k) // jitter: k/2 .. 3k/2
				}
			}
			if nb.MaxItems > 0 {
				k = min(k, nb.MaxItems)
			}
			k = max(k, nb.MinItems)
			vs := make([]cty.Value, k)
			for i := range vs {
				vs[i] = g.block(&nb.Block, per/max(k, 1))
			}
			m[n] = g.collection(nb.NestingMode, t, vs)
		}
	}
	return cty.ObjectVal(m)
}

// ---------------------------------------------------------------------------
// Output

type corpus struct {
	out      string
	manifest bytes.Buffer
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func (c *corpus) write(name string, data []byte) string {
	must(os.WriteFile(filepath.Join(c.out, name), data, 0o644))
	return name
}

// add writes one case: type JSON, MessagePack, and JSON when withJSON.
func (c *corpus) add(name string, v cty.Value, t cty.Type, withJSON bool, note string) int {
	tj, err := ctyjson.MarshalType(t)
	must(err)
	mp, err := ctymsgpack.Marshal(v, t)
	must(err)
	jf := "-"
	if withJSON {
		// The JSON of the value as the wire carries it: a number decoded
		// from MessagePack has the precision of its encoding (float64 at 53
		// bits, integers at 64), which changes its JSON text; go-cty's
		// msgpack -> json conversion gives exactly these bytes.
		wire, err := ctymsgpack.Unmarshal(mp, t)
		must(err)
		js, err := ctyjson.Marshal(wire, t)
		must(err)
		jf = c.write(name+".json", js)
	}
	fmt.Fprintf(&c.manifest, "%s\t%s\t%s\t%s\t%s\n", name, c.write(name+".type.json", tj),
		c.write(name+".msgpack", mp), jf, note)
	fmt.Fprintf(os.Stderr, "corpus: %-34s msgpack %10d bytes  %s\n", name, len(mp), note)
	return len(mp)
}

type resourceCase struct {
	name, provider, resource string
	target                   int // MessagePack bytes aimed at (roughly)
	budget0                  int // first budget tried (0: target); tuned so the search stops at once
}

func loadResource(schemas, file, resource string) (*schemaEntry, json.RawMessage) {
	path := filepath.Join(schemas, file)
	var raw []byte
	var err error
	if strings.HasSuffix(path, ".zst") {
		raw, err = exec.Command("zstd", "-dc", path).Output()
	} else {
		raw, err = os.ReadFile(path)
	}
	must(err)
	var doc schemaDoc
	must(json.Unmarshal(raw, &doc))
	for _, p := range doc.ProviderSchemas {
		if r, ok := p.ResourceSchemas[resource]; ok {
			var e schemaEntry
			must(json.Unmarshal(r, &e))
			return &e, r
		}
	}
	panic("no resource " + resource + " in " + file)
}

// sized generates a block value whose MessagePack encoding is close to
// target bytes, by searching for the budget (the budget is only a rough
// guide: sibling blocks of different depth absorb it differently).
func sized(seed uint64, name string, b *block, t cty.Type, target, budget0 int, planned bool) (cty.Value, int) {
	budget := target
	if budget0 > 0 {
		budget = budget0
	}
	var best cty.Value
	for iter := 0; iter < 8; iter++ {
		v := newGen(seed, name, planned).block(b, budget)
		mp, err := ctymsgpack.Marshal(v, t)
		must(err)
		best = v
		ratio := float64(target) / float64(len(mp))
		fmt.Fprintf(os.Stderr, "corpus: %s: budget %d -> %d bytes\n", name, budget, len(mp))
		if ratio > 0.85 && ratio < 1.15 {
			break
		}
		budget = int(float64(budget) * min(max(ratio, 0.1), 20))
	}
	return best, budget
}

func main() {
	schemas := flag.String("schemas", "tests/data/provider-schemas", "folder of provider schema documents (the repository's tests/data/provider-schemas, relative to the checkout's root)")
	out := flag.String("out", "build-bench/corpus", "output folder")
	seed := flag.Uint64("seed", 20240601, "RNG seed")
	small := flag.Bool("small", false, "a quick, much smaller corpus (for checking the scripts)")
	only := flag.String("only", "", "generate only this resource case (debugging the generator)")
	flag.Parse()
	must(os.MkdirAll(*out, 0o755))
	c := &corpus{out: *out}
	scale := func(n int) int {
		if *small {
			return max(n/50, 1)
		}
		return n
	}

	// The AWS document, decompressed, for schema loading and the CLI.
	aws := "registry.terraform.io_hashicorp_aws_5.99.1.json.zst"
	awsRaw, err := exec.Command("zstd", "-dc", filepath.Join(*schemas, aws)).Output()
	must(err)
	c.write("aws.schema.json", awsRaw)

	// 1. Single resources, each in a known variant (MessagePack + JSON) and a
	// planned variant with unknowns (MessagePack only).
	resources := []resourceCase{
		{"aws_instance", aws, "aws_instance", 8 << 10, 0},
		{"aws_wafv2_web_acl", aws, "aws_wafv2_web_acl", 1 << 20, 0},
		{"google_container_cluster", "registry.terraform.io_hashicorp_google_6.38.0.json.zst", "google_container_cluster", 512 << 10, 0},
		{"azurerm_kubernetes_cluster", "registry.terraform.io_hashicorp_azurerm_4.32.0.json.zst", "azurerm_kubernetes_cluster", 256 << 10, 0},
		{"aws_quicksight_dashboard", aws, "aws_quicksight_dashboard", 20 << 20, 17189707},
	}
	for _, rc := range resources {
		if *only != "" && rc.name != *only {
			continue
		}
		e, raw := loadResource(*schemas, rc.provider, rc.resource)
		t := blockType(&e.Block)
		b0 := rc.budget0
		if *small {
			b0 = 0
		}
		v, budget := sized(*seed, rc.name, &e.Block, t, scale(rc.target), b0, false)
		c.add(rc.name, v, t, true, "resource "+rc.resource+", every attribute known")
		p := newGen(*seed, rc.name, true).block(&e.Block, budget)
		c.add(rc.name+"+unknown", p, t, false, "planned: computed attributes unknown, mostly refined")
		if rc.resource == "aws_quicksight_dashboard" {
			doc := fmt.Sprintf(`{"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/aws":{"resource_schemas":{"aws_quicksight_dashboard":%s}}}}`, raw)
			c.write("quicksight.schema.json", []byte(doc))
		}
		if rc.resource == "aws_instance" {
			// 2. A plan-sized list of 2,000 instances.
			n := scale(2000)
			g := newGen(*seed, "plan_2000", false)
			gp := newGen(*seed, "plan_2000", true)
			vs := make([]cty.Value, n)
			ps := make([]cty.Value, n)
			for i := range vs {
				vs[i] = g.block(&e.Block, 8<<10)
				ps[i] = gp.block(&e.Block, 8<<10)
			}
			c.add("plan_2000", cty.ListVal(vs), cty.List(t), true, "list of 2,000 aws_instance, known")
			c.add("plan_2000+unknown", cty.ListVal(ps), cty.List(t), false, "list of 2,000 aws_instance, planned")
		}
	}

	if *only != "" {
		return
	}
	// 3. A set of 30,000 DNS records.
	{
		g := newGen(*seed, "set_30000", false)
		rt := cty.Object(map[string]cty.Type{
			"name": cty.String, "type": cty.String, "ttl": cty.Number, "zone_id": cty.String,
			"records": cty.List(cty.String), "set_identifier": cty.String, "allow_overwrite": cty.Bool,
		})
		n := scale(30000)
		vs := make([]cty.Value, n)
		types := []string{"A", "AAAA", "CNAME", "TXT", "MX"}
		for i := range vs {
			recs := make([]cty.Value, 1+g.rng.IntN(3))
			for j := range recs {
				recs[j] = cty.StringVal(fmt.Sprintf("10.%d.%d.%d", g.rng.IntN(256), g.rng.IntN(256), g.rng.IntN(256)))
			}
			vs[i] = cty.ObjectVal(map[string]cty.Value{
				"name":            cty.StringVal(fmt.Sprintf("%s-%05d.%s.example.com", g.word(), i, g.word())),
				"type":            cty.StringVal(types[g.rng.IntN(len(types))]),
				"ttl":             cty.NumberIntVal([]int64{60, 300, 3600, 86400}[g.rng.IntN(4)]),
				"zone_id":         cty.StringVal("Z" + strings.ToUpper(g.hex(13))),
				"records":         cty.ListVal(recs),
				"set_identifier":  cty.StringVal(g.word()),
				"allow_overwrite": cty.BoolVal(g.rng.IntN(2) == 0),
			})
		}
		c.add("set_30000", cty.SetVal(vs), cty.Set(rt), true, "set of 30,000 DNS-record objects")
	}

	// 4. A million mixed numbers: small ints, int64s, float64s and 512-bit
	// decimals (the last travel as strings in MessagePack).
	{
		g := newGen(*seed, "numbers_1m", false)
		n := scale(1_000_000)
		vs := make([]cty.Value, n)
		for i := range vs {
			switch r := g.rng.IntN(100); {
			case r < 50:
				vs[i] = cty.NumberIntVal(int64(g.rng.IntN(2001) - 1000))
			case r < 60:
				vs[i] = cty.NumberIntVal(int64(g.rng.Uint64()))
			case r < 90:
				vs[i] = cty.NumberFloatVal(g.rng.NormFloat64() * 1e6)
			default:
				digits := make([]byte, 20+g.rng.IntN(40))
				for j := range digits {
					digits[j] = byte('0' + g.rng.IntN(10))
				}
				digits[0] = byte('1' + g.rng.IntN(9))
				dot := 1 + g.rng.IntN(len(digits)-1)
				s := string(digits[:dot]) + "." + string(digits[dot:])
				if g.rng.IntN(2) == 0 {
					s = "-" + s
				}
				v, err := cty.ParseNumberVal(s)
				must(err)
				vs[i] = v
			}
		}
		c.add("numbers_1m", cty.ListVal(vs), cty.List(cty.Number), true, "1,000,000 numbers: 50% small int, 10% int64, 30% float64, 10% 20-60 digit decimal")
	}

	// 5. Large strings: ASCII (scripts and policies with characters JSON must
	// escape) and non-ASCII (NFC text in many scripts, emoji).
	{
		g := newGen(*seed, "strings", false)
		n := scale(400)
		ascii := make([]cty.Value, n)
		uni := make([]cty.Value, n)
		for i := 0; i < n; i++ {
			var a, u strings.Builder
			size := 1024 + g.rng.IntN(40<<10)
			for a.Len() < size {
				switch g.rng.IntN(10) {
				case 0:
					a.WriteString("\n\t")
				case 1:
					a.WriteString(`"` + g.word() + `": "` + g.hex(8) + `", `)
				case 2:
					a.WriteString(`C:\path\` + g.word() + ` `)
				default:
					a.WriteString(g.word() + " ")
				}
			}
			for u.Len() < size {
				u.WriteString(nonASCII[g.rng.IntN(len(nonASCII))])
				u.WriteString(" ")
				if g.rng.IntN(4) == 0 {
					u.WriteString(g.word() + " ")
				}
			}
			ascii[i] = cty.StringVal(a.String())
			uni[i] = cty.StringVal(u.String())
		}
		c.add("strings_ascii", cty.ListVal(ascii), cty.List(cty.String), true, "400 ASCII strings of 1-41 KB with JSON escapes")
		c.add("strings_nonascii", cty.ListVal(uni), cty.List(cty.String), true, "400 non-ASCII strings of 1-41 KB (NFC, many scripts, emoji)")
	}

	// 6. Deep nesting: 200 chains of lists 500 deep (each level holds the
	// next level and two empty lists), 501 levels in all.
	{
		const depth = 500
		g := newGen(*seed, "deep_500", false)
		leafT := cty.List(cty.String)
		types := []cty.Type{leafT}
		for i := 1; i < depth; i++ {
			types = append(types, cty.List(types[i-1]))
		}
		n := scale(200)
		chains := make([]cty.Value, n)
		for ci := range chains {
			v := cty.ListVal([]cty.Value{cty.StringVal(g.str()), cty.StringVal(g.str())})
			for i := 1; i < depth; i++ {
				e := cty.ListValEmpty(types[i-1].ElementType())
				vs := []cty.Value{e, e, e}
				vs[g.rng.IntN(3)] = v
				v = cty.ListVal(vs)
			}
			chains[ci] = v
		}
		c.add("deep_500", cty.ListVal(chains), cty.List(types[depth-1]), true, "200 chains of lists nested 500 deep")
	}

	c.write("manifest.tsv", c.manifest.Bytes())
}
