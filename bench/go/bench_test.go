// go-cty v1.18.1 and terraform-plugin-go tftypes on the libdynval benchmark
// corpus (bench/corpus), side by side with bench/*.cpp.
//
//	DYNVAL_CORPUS=build-bench/corpus go test -run '^$' -bench . -benchtime 1s
//
// Benchmark names are Benchmark{GoCty,Tftypes}/<op>/<case>, with the same op
// and case names as the C++ suite, so scripts/bench.sh can pair them. Every
// benchmark sets bytes per op to the size of the *input* of the operation's
// format family (the MessagePack size for MessagePack ops and msgpack->JSON,
// the JSON size for JSON ops and JSON->msgpack), as the C++ suite does.
//
// GoCty/msgpack_decode also reports "heapx": the live heap of the decoded
// value divided by its MessagePack size (runtime.MemStats after a GC).
package bench

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type benchCase struct {
	name     string
	typeJSON []byte
	ty       cty.Type
	msgpack  []byte
	json     []byte // nil when the value has unknowns
}

func loadCorpus(tb testing.TB) []benchCase {
	dir := os.Getenv("DYNVAL_CORPUS")
	if dir == "" {
		dir = "../../build-bench/corpus"
	}
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		tb.Skipf("no corpus (%v): run scripts/bench.sh or bench/corpus first", err)
	}
	defer f.Close()
	only := os.Getenv("DYNVAL_CASES") // optional comma-separated filter
	var cs []benchCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		col := strings.Split(sc.Text(), "\t")
		if len(col) < 4 {
			continue
		}
		if only != "" && !strings.Contains(","+only+",", ","+col[0]+",") {
			continue
		}
		read := func(n string) []byte {
			b, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				tb.Fatal(err)
			}
			return b
		}
		c := benchCase{name: col[0], typeJSON: read(col[1]), msgpack: read(col[2])}
		if col[3] != "-" {
			c.json = read(col[3])
		}
		if c.ty, err = ctyjson.UnmarshalType(c.typeJSON); err != nil {
			tb.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

var sink any

func BenchmarkGoCty(b *testing.B) {
	cs := loadCorpus(b)
	run := func(op string, c benchCase, size int, f func(b *testing.B)) {
		b.Run(op+"/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			f(b)
		})
	}
	for _, c := range cs {
		c := c
		v, err := ctymsgpack.Unmarshal(c.msgpack, c.ty)
		if err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		heapx := liveHeapRatio(c)
		run("msgpack_decode", c, len(c.msgpack), func(b *testing.B) {
			b.ReportMetric(heapx, "heapx")
			for i := 0; i < b.N; i++ {
				sink, _ = ctymsgpack.Unmarshal(c.msgpack, c.ty)
			}
		})
		run("msgpack_encode", c, len(c.msgpack), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink, _ = ctymsgpack.Marshal(v, c.ty)
			}
		})
		if c.json == nil {
			continue
		}
		if !slowInGoCty("equal", c.name) {
			v2, _ := ctymsgpack.Unmarshal(c.msgpack, c.ty)
			run("equal", c, len(c.msgpack), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					sink = v.Equals(v2)
				}
			})
		}
		run("json_decode", c, len(c.json), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink, _ = ctyjson.Unmarshal(c.json, c.ty)
			}
		})
		run("json_encode", c, len(c.json), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				sink, _ = ctyjson.Marshal(v, c.ty)
			}
		})
		// go-cty has no transcoder: its msgpack_to_json is msgpack_decode +
		// json_encode (scripts/bench.sh adds the two times), and the same for
		// json_to_msgpack and the in-process msgpack round trip.
	}
}

// slowInGoCty: operations that take go-cty (or tftypes) tens of seconds to
// minutes per call on these cases, skipped unless DYNVAL_GO_SLOW=1 to keep
// scripts/bench.sh within its time budget. Measured once (2 cores, loaded
// machine; docs/performance.md): Equals on deep_500 ~270 s, on set_30000
// ~78 s, on aws_quicksight_dashboard ~58 s, on numbers_1m ~16 s; tftypes
// decoding deep_500 ~30 s.
func slowInGoCty(op, name string) bool {
	if os.Getenv("DYNVAL_GO_SLOW") == "1" {
		return false
	}
	switch op + "/" + name {
	case "equal/deep_500", "equal/set_30000", "equal/aws_quicksight_dashboard", "equal/numbers_1m",
		"tftypes/deep_500":
		return true
	}
	return false
}

// liveHeapRatio decodes c's MessagePack once and measures the heap the value
// keeps alive, relative to the input size.
func liveHeapRatio(c benchCase) float64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v, _ := ctymsgpack.Unmarshal(c.msgpack, c.ty)
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(len(c.msgpack))
}

// BenchmarkTftypes: terraform-plugin-go's own MessagePack codec (what
// plugin-framework providers decode DynamicValues with).
func BenchmarkTftypes(b *testing.B) {
	for _, c := range loadCorpus(b) {
		c := c
		if slowInGoCty("tftypes", c.name) {
			continue
		}
		ty, err := tftypes.ParseJSONType(c.typeJSON) //nolint:staticcheck // the protocol's own type parser
		if err != nil {
			b.Logf("%s: tftypes cannot parse the type: %v", c.name, err)
			continue
		}
		v, err := tftypes.ValueFromMsgPack(c.msgpack, ty)
		if err != nil {
			b.Logf("%s: tftypes cannot decode: %v", c.name, err)
			continue
		}
		b.Run("msgpack_decode/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.msgpack)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink, _ = tftypes.ValueFromMsgPack(c.msgpack, ty)
			}
		})
		b.Run("msgpack_encode/"+c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.msgpack)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sink, _ = v.MarshalMsgPack(ty) //nolint:staticcheck
			}
		})
	}
}

// TestCorpusRoundTrip checks the corpus itself: go-cty decodes every file and
// re-encodes it to the same bytes (so the numbers above measure valid input).
func TestCorpusRoundTrip(t *testing.T) {
	for _, c := range loadCorpus(t) {
		v, err := ctymsgpack.Unmarshal(c.msgpack, c.ty)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		out, err := ctymsgpack.Marshal(v, c.ty)
		if err != nil || string(out) != string(c.msgpack) {
			t.Fatalf("%s: msgpack round trip differs (%v)", c.name, err)
		}
		if c.json != nil {
			js, err := ctyjson.Marshal(v, c.ty)
			if err != nil || string(js) != string(c.json) {
				t.Fatalf("%s: JSON differs (%v)", c.name, err)
			}
		}
	}
}
