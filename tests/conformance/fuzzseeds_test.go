package conformance

import (
	"encoding/hex"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

// TestMain runs the tests, unless DYNVAL_FUZZ_SEEDS names an output file:
// then it only writes the value seeds of the fuzz corpora and exits (what
// tests/fuzz/make-corpus.sh asks for). The generator is not a test, so an
// ordinary run neither runs nor skips it.
func TestMain(m *testing.M) {
	if out := os.Getenv("DYNVAL_FUZZ_SEEDS"); out != "" {
		if err := writeFuzzSeeds(out, int(envInt("DYNVAL_FUZZ_SEED_COUNT", 300))); err != nil {
			fmt.Fprintln(os.Stderr, "writing fuzz seeds:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// writeFuzzSeeds writes n random types and values from the conformance
// generator (seed 20261121), encoded by go-cty, one per line as
//
//	<type JSON hex> TAB <msgpack hex> TAB <JSON hex, or "-" when go-cty cannot encode it as JSON>
func writeFuzzSeeds(out string, n int) error {
	var b strings.Builder
	for i := 0; i < n; i++ {
		g := &gen{r: rand.New(rand.NewSource(20261121 + int64(i)))}
		T := g.typ(0)
		v := g.value(g.concretize(T, 0), 0)
		mp, err := ctymsgpack.Marshal(v, T)
		if err != nil {
			continue // go-cty refuses some generated values (see conformance_test.go)
		}
		js := "-"
		if j, err := ctyjson.Marshal(v, T); err == nil {
			js = hex.EncodeToString(j)
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\n", hex.EncodeToString([]byte(typeJSON(T))), hex.EncodeToString(mp), js)
	}
	return os.WriteFile(out, []byte(b.String()), 0o644)
}
