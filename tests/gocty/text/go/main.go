// textcheck prints, for random strings (fixed seed) and for every code
// point, what Go and go-cty produce for NFC (norm.NFC.String), LastBoundary,
// strconv.Quote (%q), encoding/json string encoding and
// ctystrings.SafeKnownPrefix. The C++ checker (../text_check.cpp) reads these
// lines and compares them with dynval::text.
//
// Line format (tab separated, byte strings in hex):
//
//	input nfc lastBoundary(input) quote json safeKnownPrefix
//
// and a final "#end <count>" line.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty/ctystrings"
	"golang.org/x/text/unicode/norm"
)

var pieces = []string{
	"a", "e", "x", "A", "0", " ", "-", "/", "\t", "\r", "\n", "\r\n", "\"", "\\", "<", ">", "&", "'",
	"\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1f", "\x7f",
	// combining marks and singletons
	"\u0300", "\u0301", "\u0308", "\u0316", "\u0323", "\u0327", "\u0338", "\u0340", "\u0341", "\u0343", "\u0344",
	"\u0345", "\u034f", "\u0f71", "\u0f72", "\u0f73", "\u0f75", "\u0f81", "\u3099", "\u309a", "\uff9e", "\uff9f",
	"\u212b", "\u2126", "\u212a", "\u0958", "\u095f", "\ufb1d", "\u2adc", "\u2add", "\U0001d15e", "\U0001d157",
	"\U0001d165", "\U0002f800", "\u0374", "\u00a8", "\u1fee", "\u0385",
	// precomposed
	"\u00e9", "\u00c5", "\u1e0b", "\u1e0d", "\u1e09", "\u01d5", "\u1ec7", "\u0107", "\u00f1", "\u03ac", "\u0439",
	// Hangul
	"\u1100", "\u1112", "\u1161", "\u1175", "\u11a7", "\u11a8", "\u11c2", "\u11c3", "\uac00", "\uac01", "\ud7a3",
	"\ua960", "\ud7b0", "\u3131",
	// Indic and other backward-combining starters
	"\u0915", "\u093c", "\u094d", "\u0903", "\u093e", "\u0b47", "\u0b3e", "\u0b56", "\u0b57", "\u0dd9", "\u0dcf",
	"\u0dca", "\u0cc6", "\u0cc2", "\u0cd5", "\u0d4e", "\u0600", "\u0605", "\U000110bd", "\u102e", "\u1025",
	// emoji, ZWJ, regional indicators
	"\U0001f600", "\U0001f937", "\U0001f3fd", "\U0001f3fb", "\u200d", "\u2642", "\ufe0f", "\U0001f468",
	"\U0001f469", "\U0001f1e6", "\U0001f1ff", "\U0001fc00", "\U0001f02c", "\u00a9", "\u203c",
	// specials
	"\ufffd", "\u2028", "\u2029", "\u00a0", "\u00ad", "\u200b", "\ufeff", "\U000e0001", "\U000e0100",
	"\U0010ffff", "\uffff", "\u0378", "\u2065", "\ufff0", "\u0085", "\u0080", "\u3000", "\U0001fae8",
	// invalid UTF-8
	"\xff", "\x80", "\xbf", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\x80", "\xc1\xbf",
	"\xe0\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8", "\xf3\xa0\x82\xc0", "\xf3\xa0\x83\x41",
	"\xf0\xcd\x81", "\xe2a",
}

func randRune(r *rand.Rand) string {
	for {
		var c rune
		switch r.Intn(3) {
		case 0:
			c = rune(0x80 + r.Intn(0x800-0x80))
		case 1:
			c = rune(0x800 + r.Intn(0x10000-0x800))
		default:
			c = rune(0x10000 + r.Intn(0x110000-0x10000))
		}
		if utf8.ValidRune(c) {
			return string(c)
		}
	}
}

func randString(r *rand.Rand) string {
	var b strings.Builder
	n := r.Intn(12)
	if r.Intn(20) == 0 {
		n = 20 + r.Intn(60)
	}
	for i := 0; i < n; i++ {
		switch k := r.Intn(20); {
		case k == 0:
			b.WriteString(randRune(r))
		case k == 1:
			// a long run of non-starters (stream-safe CGJ insertion)
			marks := []string{"\u0301", "\u0316", "\u0344", "\u0f73", "\uff9e", "\u1161", "\u0b3e", "\u0300"}
			m := 25 + r.Intn(15)
			for j := 0; j < m; j++ {
				b.WriteString(marks[r.Intn(len(marks))])
			}
		case k == 2:
			b.WriteByte(byte(r.Intn(256)))
		default:
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
	}
	return b.String()
}

func emit(w *bufio.Writer, s string) {
	nfc := norm.NFC.String(s)
	js, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\t%s\n", hex.EncodeToString([]byte(s)), hex.EncodeToString([]byte(nfc)),
		norm.NFC.LastBoundary([]byte(s)), hex.EncodeToString([]byte(strconv.Quote(s))),
		hex.EncodeToString(js), hex.EncodeToString([]byte(ctystrings.SafeKnownPrefix(s))))
}

func main() {
	n := flag.Int("n", 100000, "number of random strings")
	seed := flag.Int64("seed", 1, "random seed")
	all := flag.Bool("all", true, "also emit every code point (alone and between ASCII letters)")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	r := rand.New(rand.NewSource(*seed))
	count := 0
	for i := 0; i < *n; i++ {
		emit(w, randString(r))
		count++
	}
	if *all {
		for c := rune(0); c <= 0x10ffff; c++ {
			if !utf8.ValidRune(c) {
				continue
			}
			emit(w, "a"+string(c)+"a"+string(c))
			count++
		}
	}
	// The checker requires this line, so a Go failure cannot pass silently.
	fmt.Fprintf(w, "#end %d\n", count)
}
