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

// TestWriteFuzzSeeds writes the value seeds of the fuzz corpora
// (tests/fuzz/make-corpus.sh): random types and values from the conformance
// generator, encoded by go-cty, one per line as
//
//	<type JSON hex> TAB <msgpack hex> TAB <JSON hex, or "-" when go-cty cannot encode it as JSON>
//
// It only runs when DYNVAL_FUZZ_SEEDS names the output file
// (DYNVAL_FUZZ_SEED_COUNT cases, default 300, seed 20261121).
func TestWriteFuzzSeeds(t *testing.T) {
	out := os.Getenv("DYNVAL_FUZZ_SEEDS")
	if out == "" {
		t.Skip("DYNVAL_FUZZ_SEEDS not set")
	}
	n := int(envInt("DYNVAL_FUZZ_SEED_COUNT", 300))
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
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
