// Unit tests of dynval::text. Expected values come from the go-cty vectors
// (tests/data/gocty-vectors.txt, docs/gocty-behaviour.md), go-cty's own ctystrings tests, Go's
// strconv/encoding/json documentation, and Unicode's normalisation data.
#include <gtest/gtest.h>
#include <utf8proc.h>

#include <string>

#include "common/golden.hpp"
#include "common/utf8.hpp"
#include "text/text.hpp"

using namespace dynval::text;
using dynval::test::utf8;
using std::string;

namespace {


string repeat(const string& s, int n) {
  string r;
  for (int i = 0; i < n; ++i) r += s;
  return r;
}

string json(const string& s) {
  string out;
  append_json_quoted(out, s);
  return out;
}

string hex_decode(const string& h) {
  string out;
  for (size_t i = 0; i + 1 < h.size(); i += 2) out += static_cast<char>(std::stoi(h.substr(i, 2), nullptr, 16));
  return out;
}

// The output column of one row of tests/data/gocty-vectors.txt.
string vector_row(const string& kind, const string& label) {
  return dynval::test::gocty_row(kind, label).output;
}

}  // namespace

// The tables must be Unicode 15.0, as Go's x/text v0.11.0, strconv (Go >= 1.21)
// and go-textseg v15 are. Debian's libutf8proc .pc file reports 2.6.0 for
// the 2.8 library, so the build cannot check this; the test does.
TEST(TextUtf8, Utf8procIsUnicode15) {
  EXPECT_STREQ(utf8proc_unicode_version(), "15.0.0");
}

// --------------------------------------------------------------------------
// ASCII and UTF-8 validity

TEST(TextUtf8, IsAscii) {
  EXPECT_TRUE(is_ascii(""));
  EXPECT_TRUE(is_ascii("hello world, this is a longer ascii string of > 64 bytes........."));
  EXPECT_TRUE(is_ascii(string("\x00\x7f", 2)));
  EXPECT_FALSE(is_ascii("\x80"));
  // non-ASCII at each position of a word and of the tail
  for (size_t pos = 0; pos < 80; ++pos) {
    string s(80, 'a');
    s[pos] = static_cast<char>(0xC3);
    EXPECT_FALSE(is_ascii(s)) << pos;
    EXPECT_TRUE(is_ascii(s.substr(0, pos))) << pos;
  }
}

TEST(TextUtf8, IsValidUtf8) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("abc"));
  EXPECT_TRUE(is_valid_utf8(utf8({0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0x7FF, 0x800, 0xFFFF})));
  EXPECT_FALSE(is_valid_utf8("\xff"));
  EXPECT_FALSE(is_valid_utf8("\x80"));
  EXPECT_FALSE(is_valid_utf8("\xc0\x80"));          // overlong NUL
  EXPECT_FALSE(is_valid_utf8("\xc1\xbf"));          // overlong
  EXPECT_FALSE(is_valid_utf8("\xe0\x9f\xbf"));      // overlong 3-byte
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // surrogate U+D800
  EXPECT_FALSE(is_valid_utf8("\xf0\x8f\xbf\xbf"));  // overlong 4-byte
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // > U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xe2\x82"));          // truncated
  EXPECT_FALSE(is_valid_utf8(string(40, 'a') + "\xe2\x82"));
  EXPECT_FALSE(is_valid_utf8("\xf5\x80\x80\x80"));
  EXPECT_TRUE(is_valid_utf8(string(40, 'a') + utf8({0x1F600}) + string(9, 'b')));
}

TEST(TextUtf8, GoDecodeRune) {
  EXPECT_EQ(go_decode_rune("").width, 0u);
  EXPECT_EQ(go_decode_rune("A").rune, U'A');
  EXPECT_EQ(go_decode_rune(utf8({0x1F600})).rune, 0x1F600u);
  EXPECT_EQ(go_decode_rune(utf8({0x1F600})).width, 4u);
  DecodedRune bad = go_decode_rune("\xed\xa0\x80");
  EXPECT_EQ(bad.rune, 0xFFFDu);
  EXPECT_EQ(bad.width, 1u);
  // a literal U+FFFD is valid with width 3
  EXPECT_EQ(go_decode_rune(utf8({0xFFFD})).width, 3u);
}

// --------------------------------------------------------------------------
// NFC

TEST(TextNfc, VectorEAcute) {
  // gocty-vectors "str NFC e+U+0301": MP a2c3a9, JS "é"
  string nfc = to_nfc("e\xcc\x81");
  EXPECT_EQ(nfc, "\xc3\xa9");
  string mp_payload = hex_decode(vector_row("MP", "str NFC e+U+0301")).substr(1);
  EXPECT_EQ(nfc, mp_payload);
  EXPECT_EQ(json(nfc), vector_row("JS", "str NFC e+U+0301"));
  EXPECT_FALSE(is_nfc("e\xcc\x81"));
  EXPECT_TRUE(is_nfc("\xc3\xa9"));
}

TEST(TextNfc, AsciiIsUnchanged) {
  string s = "plain ascii \x01\x7f text";
  EXPECT_EQ(to_nfc(s), s);
  EXPECT_TRUE(is_nfc(s));
  EXPECT_EQ(to_nfc(""), "");
}

TEST(TextNfc, Hangul) {
  // L V T -> LVT syllable; L V -> LV; LV + T -> LVT
  EXPECT_EQ(to_nfc(utf8({0x1100, 0x1161, 0x11A8})), utf8({0xAC01}));
  EXPECT_EQ(to_nfc(utf8({0x1100, 0x1161})), utf8({0xAC00}));
  EXPECT_EQ(to_nfc(utf8({0xAC00, 0x11A8})), utf8({0xAC01}));
  EXPECT_EQ(to_nfc(utf8({0x1112, 0x1175, 0x11C2})), utf8({0xD7A3}));
  // U+11A7 is not a T jamo for composition
  EXPECT_EQ(to_nfc(utf8({0xAC00, 0x11A7})), utf8({0xAC00, 0x11A7}));
  // LVT + T does not compose further
  EXPECT_EQ(to_nfc(utf8({0xAC01, 0x11A8})), utf8({0xAC01, 0x11A8}));
  EXPECT_TRUE(is_nfc(utf8({0xAC01, 0x20, 0xD7A3})));
  EXPECT_FALSE(is_nfc(utf8({0x1100, 0x1161})));
}

TEST(TextNfc, Singletons) {
  EXPECT_EQ(to_nfc(utf8({0x212B})), utf8({0xC5}));          // ANGSTROM SIGN
  EXPECT_EQ(to_nfc(utf8({0x2126})), utf8({0x3A9}));         // OHM SIGN
  EXPECT_EQ(to_nfc(utf8({0x212A})), "K");                // KELVIN SIGN
  EXPECT_EQ(to_nfc(utf8({0x0340})), utf8({0x0300}));        // COMBINING GRAVE TONE MARK
  EXPECT_EQ(to_nfc(utf8({0x0374})), utf8({0x02B9}));
  EXPECT_EQ(to_nfc(utf8({0x2F800})), utf8({0x4E3D}));       // CJK compatibility ideograph
  EXPECT_FALSE(is_nfc(utf8({0x212B})));
}

TEST(TextNfc, CompositionExclusions) {
  EXPECT_EQ(to_nfc(utf8({0x0958})), utf8({0x0915, 0x093C}));  // script-specific exclusion
  EXPECT_EQ(to_nfc(utf8({0x0915, 0x093C})), utf8({0x0915, 0x093C}));
  EXPECT_EQ(to_nfc(utf8({0xFB1D})), utf8({0x05D9, 0x05B4}));
  EXPECT_EQ(to_nfc(utf8({0x0344})), utf8({0x0308, 0x0301}));  // non-starter decomposition
  EXPECT_EQ(to_nfc(utf8({0x0F73})), utf8({0x0F71, 0x0F72}));
  EXPECT_EQ(to_nfc(utf8({0x2ADC})), utf8({0x2ADD, 0x0338}));  // post-composition-version exclusion
  EXPECT_EQ(to_nfc(utf8({0x1D15E})), utf8({0x1D157, 0x1D165}));
}

TEST(TextNfc, ReorderingAndBlocking) {
  // ccc 220 before 230: a + U+0301 still composes, U+0316 stays after
  EXPECT_EQ(to_nfc(utf8({'a', 0x0301, 0x0316})), utf8({0xE1, 0x0316}));
  EXPECT_EQ(to_nfc(utf8({'a', 0x0316, 0x0301})), utf8({0xE1, 0x0316}));
  // two marks of the same class: the second is blocked
  EXPECT_EQ(to_nfc(utf8({'a', 0x0301, 0x0300})), utf8({0xE1, 0x0300}));
  // decomposed precomposed + mark reorders and recomposes
  EXPECT_EQ(to_nfc(utf8({0x1E0B, 0x0323})), utf8({0x1E0D, 0x0307}));
  EXPECT_EQ(to_nfc(utf8({'q', 0x0307, 0x0323})), utf8({'q', 0x0323, 0x0307}));
  // a starter blocks composition
  EXPECT_EQ(to_nfc(utf8({'e', 'x', 0x0301})), utf8({'e', 'x', 0x0301}));
  // combining-backward starter (Oriya)
  EXPECT_EQ(to_nfc(utf8({0x0B47, 0x0B3E})), utf8({0x0B4B}));
  // leading combining mark with nothing to compose with
  EXPECT_EQ(to_nfc(utf8({0x0301, 'e'})), utf8({0x0301, 'e'}));
  EXPECT_EQ(to_nfc(utf8({0x0301, 0x0316})), utf8({0x0316, 0x0301}));
}

TEST(TextNfc, InvalidUtf8IsKept) {
  // Go's norm copies invalid bytes and normalises the valid text around them.
  EXPECT_EQ(to_nfc("\xff"), "\xff");
  EXPECT_EQ(to_nfc("a\xff" "b"), "a\xff" "b");
  EXPECT_EQ(to_nfc("e\xcc\x81\xff"), "\xc3\xa9\xff");
  EXPECT_EQ(to_nfc("\xff" "e\xcc\x81"), "\xff\xc3\xa9");
  // an invalid byte is a starter: the mark after it cannot reach the e
  EXPECT_EQ(to_nfc("e\xff\xcc\x81"), "e\xff\xcc\x81");
  EXPECT_EQ(to_nfc("\xff\xcc\x81\xcc\x96"), "\xff\xcc\x96\xcc\x81");  // marks still reorder
  EXPECT_EQ(to_nfc("\xed\xa0\x80\xcc\x81"), "\xed\xa0\x80\xcc\x81");  // surrogate bytes
  EXPECT_EQ(to_nfc("\xc0\x80" "e\xcc\x81"), "\xc0\x80\xc3\xa9");       // overlong
  // U+0341 normalises to U+0301 ...
  EXPECT_EQ(to_nfc("\xcd\x81"), "\xcc\x81");
  EXPECT_EQ(to_nfc("\xff\xcd\x81"), "\xff\xcc\x81");
  // ... but not after a lead byte whose sequence runs past the end: Go's
  // norm copies such an incomplete tail verbatim.
  EXPECT_EQ(to_nfc("\xf0\xcd\x81"), "\xf0\xcd\x81");
  EXPECT_EQ(to_nfc("e\xcc\x81\xe2\x82"), "\xc3\xa9\xe2\x82");
  // a bad continuation is not "incomplete": normalisation continues after it
  EXPECT_EQ(to_nfc("\xe2" "A\xcd\x81\xcd\x81"), "\xe2\xc3\x81\xcc\x81");
  EXPECT_FALSE(is_nfc("\xff\xcd\x81"));
  EXPECT_TRUE(is_nfc("\xff\xcc\x81"));  // to_nfc would not change it
}

TEST(TextNfc, StreamSafeInsertsCgj) {
  // Go's norm inserts U+034F after 30 non-starters (UAX #15 stream-safe).
  string marks30 = repeat("\xcc\x81", 30);
  EXPECT_EQ(to_nfc("a" + marks30), "\xc3\xa1" + repeat("\xcc\x81", 29));
  string in = "a" + repeat("\xcc\x81", 31);
  string want = "\xc3\xa1" + repeat("\xcc\x81", 29) + "\xcd\x8f" + "\xcc\x81";
  EXPECT_EQ(to_nfc(in), want);
  EXPECT_FALSE(is_nfc(in));
  EXPECT_TRUE(is_nfc(want));
  // 61 marks: two CGJs
  string in61 = "a" + repeat("\xcc\x81", 61);
  string want61 = "\xc3\xa1" + repeat("\xcc\x81", 29) + "\xcd\x8f" + repeat("\xcc\x81", 30) +
                  "\xcd\x8f" + "\xcc\x81";
  EXPECT_EQ(to_nfc(in61), want61);
  // U+0344 counts as two non-starters
  string in2 = "a" + repeat("\xcc\x81", 29) + utf8({0x0344});
  EXPECT_EQ(to_nfc(in2), "\xc3\xa1" + repeat("\xcc\x81", 28) + "\xcd\x8f" + utf8({0x0308, 0x0301}));
  // an invalid byte resets the count
  string in3 = "a" + repeat("\xcc\x81", 20) + "\xff" + repeat("\xcc\x81", 20);
  EXPECT_EQ(to_nfc(in3), "\xc3\xa1" + repeat("\xcc\x81", 19) + "\xff" + repeat("\xcc\x81", 20));
}

TEST(TextNfc, GoNormQuirks) {
  // Outputs of golang.org/x/text v0.11.0 norm.NFC.String (checked with Go).
  // combine() keys pairs by the low 16 bits: U+10041 U+0301 -> U+00C1.
  EXPECT_EQ(to_nfc("\xf0\x90\x81\x81\xcc\x81"), "\xc3\x81");
  EXPECT_EQ(to_nfc("\xf0\x90\x81\xa5\xcc\x81"), "\xc3\xa9");
  // compose() does not move its last starter onto U+0B3E (ccc 0, combines
  // backwards) unless the next rune combines backwards itself: the acute
  // composes with the A-ring across it.
  EXPECT_EQ(to_nfc("\xc3\x85\xe0\xac\xbe\xcc\x81\xcd\x96"), "\xc7\xba\xe0\xac\xbe\xcd\x96");
  // U+11A7 is not a trailing jamo for composition.
  EXPECT_EQ(to_nfc(utf8({0x1100, 0x1161, 0x11A7})), utf8({0xAC00, 0x11A7}));
}

TEST(TextNfc, NormTableCoversAllCodePoints) {
  // normalize.cpp only tabulates code points below U+30000; everything above
  // must be inert (unchanged, and a boundary after it).
  for (char32_t c = 0x30000; c <= 0x10FFFF; c += 0x101) {
    string s = "-" + utf8({c});
    ASSERT_EQ(to_nfc(s), s) << static_cast<unsigned>(c);
    ASSERT_EQ(nfc_last_boundary(s), static_cast<std::ptrdiff_t>(s.size())) << static_cast<unsigned>(c);
  }
}

TEST(TextNfc, IsNfcAgreesWithToNfc) {
  const string cases[] = {
      "", "abc", "\xc3\xa9", "e\xcc\x81", utf8({0x4E00, 0x1F600}), utf8({0x0301}), utf8({0xAC00}),
      utf8({0x1100}), utf8({0x1161}), utf8({0xAC00, 0x1161}), "\xff", "\xe2\x82", utf8({0x0B47, 0x0B3E}),
      utf8({0x00A8, 0x0301}), utf8({0x3099}), utf8({0xFF9E}), utf8({0x2126}),
  };
  for (const string& s : cases) EXPECT_EQ(is_nfc(s), to_nfc(s) == s) << go_quoted(s);
}

TEST(TextNfc, LastBoundary) {
  // Expected values are those of norm.NFC.LastBoundary (checked with Go).
  EXPECT_EQ(nfc_last_boundary(""), -1);
  // ASCII letters combine forwards (a + U+0301 -> á): boundary before them
  EXPECT_EQ(nfc_last_boundary("abc"), 2);
  EXPECT_EQ(nfc_last_boundary("1-"), 2);  // '-' is inert
  // é is not inert (it could take more marks): boundary before it
  EXPECT_EQ(nfc_last_boundary("ab\xc3\xa9"), 2);
  EXPECT_EQ(nfc_last_boundary("abc" + utf8({0x0301})), 2);
  EXPECT_EQ(nfc_last_boundary(utf8({0x0301, 0x0301})), -1);  // no starter at all
  EXPECT_EQ(nfc_last_boundary(utf8({0x4E00})), 3);           // inert
  EXPECT_EQ(nfc_last_boundary(utf8({0x4E00, 0x0301})), 0);
  EXPECT_EQ(nfc_last_boundary("a\xff"), 2);                // invalid byte: inert
  EXPECT_EQ(nfc_last_boundary("ab\xe2\x82"), 1);           // incomplete rune at end
  EXPECT_EQ(nfc_last_boundary("\xe2\x82"), -1);
  EXPECT_EQ(nfc_last_boundary("\x82\x82"), -1);            // no rune start at all
  EXPECT_EQ(nfc_last_boundary("a\x82\x82"), 3);           // trailing junk after a rune
  EXPECT_EQ(nfc_last_boundary("x" + utf8({0xAC00})), 1);      // LV may take a T
  EXPECT_EQ(nfc_last_boundary("x" + utf8({0x1161})), 0);      // V combines backwards
}

// --------------------------------------------------------------------------
// JSON string encoding

TEST(TextJson, GoctyVectors) {
  EXPECT_EQ(json(""), vector_row("JS", "str empty"));
  EXPECT_EQ(json("hello"), vector_row("JS", "str hello"));
  EXPECT_EQ(json("a\xff" "b"), vector_row("JS", "str invalid utf8"));
  EXPECT_EQ(json("a\xff" "b"), "\"a\\ufffdb\"");
  // "str escapes" (the input also holds a DEL, which is written raw).
  string in = "<>&" + utf8({0x2028, 0x2029}) + "\"\\\n\r\t\b\f\x01\x7f" + utf8({0xE9, 0x1F600});
  string want = vector_row("JS", "str escapes");
  EXPECT_EQ(json(in), want);
  EXPECT_EQ(want, "\"\\u003c\\u003e\\u0026\\u2028\\u2029\\\"\\\\\\n\\r\\t\\b\\f\\u0001\x7f" +
                      utf8({0xE9, 0x1F600}) + "\"");
}

TEST(TextJson, ControlsAndInvalid) {
  EXPECT_EQ(json(string("\x00", 1)), "\"\\u0000\"");
  EXPECT_EQ(json("\x1f"), "\"\\u001f\"");
  EXPECT_EQ(json("\x0b"), "\"\\u000b\"");
  // each invalid byte separately
  EXPECT_EQ(json("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(json("\xe2\x82"), "\"\\ufffd\\ufffd\"");
  EXPECT_EQ(json("\xe2\x82" "a"), "\"\\ufffd\\ufffda\"");
  EXPECT_EQ(json("\xf0\x9f\x98"), "\"\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(json("\xc0\xaf"), "\"\\ufffd\\ufffd\"");
  // a literal U+FFFD and other non-ASCII are raw
  EXPECT_EQ(json(utf8({0xFFFD, 0xA0, 0x85})), "\"" + utf8({0xFFFD, 0xA0, 0x85}) + "\"");
  // appends to existing content
  string out = "x";
  append_json_quoted(out, "y");
  EXPECT_EQ(out, "x\"y\"");
  // long safe runs
  string big(1000, 'z');
  EXPECT_EQ(json(big + "<" + big), "\"" + big + "\\u003c" + big + "\"");
}

// --------------------------------------------------------------------------
// Go %q

TEST(TextGoQuote, Basics) {
  EXPECT_EQ(go_quoted(""), "\"\"");
  EXPECT_EQ(go_quoted("hello"), "\"hello\"");
  EXPECT_EQ(go_quoted("\a\b\f\n\r\t\v\\\""), "\"\\a\\b\\f\\n\\r\\t\\v\\\\\\\"\"");
  EXPECT_EQ(go_quoted(string("\x00\x01\x1f\x7f", 4)), "\"\\x00\\x01\\x1f\\x7f\"");
  EXPECT_EQ(go_quoted("<>&'"), "\"<>&'\"");
}

TEST(TextGoQuote, CompatSection53) {
  // set-hash examples: "a\n" < "a~", "\u00a0" < "a"
  EXPECT_EQ(go_quoted("a\n"), "\"a\\n\"");
  EXPECT_EQ(go_quoted("a~"), "\"a~\"");
  EXPECT_EQ(go_quoted(utf8({0xA0})), "\"\\u00a0\"");
  EXPECT_LT(go_quoted("a\n"), go_quoted("a~"));
  EXPECT_LT(go_quoted(utf8({0xA0})), go_quoted("a"));
}

TEST(TextGoQuote, NonAscii) {
  EXPECT_EQ(go_quoted(utf8({0xE9, 0x1F600, 0x4E16})), "\"" + utf8({0xE9, 0x1F600, 0x4E16}) + "\"");
  EXPECT_EQ(go_quoted(utf8({0xAD})), "\"\\u00ad\"");       // soft hyphen (Cf)
  EXPECT_EQ(go_quoted(utf8({0x80})), "\"\\u0080\"");       // C1 control
  EXPECT_EQ(go_quoted(utf8({0x200B})), "\"\\u200b\"");     // ZWSP (Cf)
  EXPECT_EQ(go_quoted(utf8({0x2028})), "\"\\u2028\"");     // Zl
  EXPECT_EQ(go_quoted(utf8({0x3000})), "\"\\u3000\"");     // ideographic space (Zs)
  EXPECT_EQ(go_quoted(utf8({0xFEFF})), "\"\\ufeff\"");
  EXPECT_EQ(go_quoted(utf8({0xFFFD})), "\"" + utf8({0xFFFD}) + "\"");
  EXPECT_EQ(go_quoted(utf8({0xE0001})), "\"\\U000e0001\"");
  EXPECT_EQ(go_quoted(utf8({0x10FFFF})), "\"\\U0010ffff\"");
  EXPECT_EQ(go_quoted(utf8({0xE000})), "\"\\ue000\"");     // private use
  EXPECT_EQ(go_quoted(utf8({0x0378})), "\"\\u0378\"");     // unassigned
  EXPECT_EQ(go_quoted(utf8({0x0301})), "\"" + utf8({0x0301}) + "\"");  // marks are printable
  EXPECT_EQ(go_quoted(utf8({0x1FAE8})), "\"" + utf8({0x1FAE8}) + "\"");  // new in Unicode 15
}

TEST(TextGoQuote, InvalidBytes) {
  EXPECT_EQ(go_quoted("\xff"), "\"\\xff\"");
  EXPECT_EQ(go_quoted("a\xc3"), "\"a\\xc3\"");
  EXPECT_EQ(go_quoted("\xed\xa0\x80"), "\"\\xed\\xa0\\x80\"");
  EXPECT_EQ(go_quoted("\xe2\x82" "b"), "\"\\xe2\\x82b\"");
}

TEST(TextGoQuote, IsPrint) {
  EXPECT_TRUE(go_is_print(' '));
  EXPECT_TRUE(go_is_print('~'));
  EXPECT_FALSE(go_is_print(0x7F));
  EXPECT_FALSE(go_is_print(0xA0));
  EXPECT_TRUE(go_is_print(0xA1));
  EXPECT_FALSE(go_is_print(0xAD));
  EXPECT_TRUE(go_is_print(0xFF));
  EXPECT_FALSE(go_is_print(0xD800));
  EXPECT_FALSE(go_is_print(0x110000));
  EXPECT_TRUE(go_is_print(0x20000));
  EXPECT_FALSE(go_is_print(0x2FFFF));
}

// --------------------------------------------------------------------------
// SafeKnownPrefix

TEST(TextSafePrefix, GoctyTests) {
  // go-cty cty/ctystrings/prefix_test.go TestSafeKnownPrefix
  const std::pair<string, string> cases[] = {
      {"", ""},
      {"a", ""},
      {"boo", "bo"},
      {"boop\r", "boop"},
      {"hello " + utf8({0xAC00}), "hello "},
      {"hello " + utf8({0x1F937, 0x1F3FD, 0x200D, 0x2642, 0xFE0F}), "hello "},
      {"hello " + utf8({0x1F937, 0x1F3FD, 0x200D, 0x2642, 0xFE0F}) + " ",
       "hello " + utf8({0x1F937, 0x1F3FD, 0x200D, 0x2642, 0xFE0F}) + " "},
      {"hello " + utf8({0x1F937}), "hello "},
      // without the ZWJ the gender sign is a cluster of its own
      {"hello " + utf8({0x1F937, 0x1F3FD, 0x2642, 0xFE0F}), "hello " + utf8({0x1F937, 0x1F3FD})},
      {"hello " + utf8({0x1F937}) + " ", "hello " + utf8({0x1F937}) + " "},
      {"hello " + utf8({0x1F937, 0x200D}), "hello "},
      {"hello " + utf8({0x1F1E6}), "hello "},
      {"hello " + utf8({0x1F1E6, 0x1F1E6}), "hello "},
      {"hello " + utf8({0x1F1E6, 0x1F1E6}) + " ", "hello " + utf8({0x1F1E6, 0x1F1E6}) + " "},
      {"ami-", "ami-"},
      {"foo_", "foo_"},
      {"{\"foo\":", "{\"foo\":"},
      {"beep();", "beep();"},
      {"https://", "https://"},
      {"c:\\", "c:\\"},
      {"[\"foo\",", "[\"foo\","},
      {"foo.bar.", "foo.bar."},
      {"beep(", "beep("},
      {"beep()", "beep()"},
      {"{", "{"},
      {"[{}", "[{}"},
      {"[", "["},
      {"[[]", "[[]"},
      {"whatever |", "whatever |"},
      {"https://example.com/foo?", "https://example.com/foo?"},
      {"boop!", "boop!"},
      {"ls ~", "ls ~"},
      {"a ", "a "},
      {"a\t", "a\t"},
      {"username@", "username@"},
      {"#", "#"},
      {"print $", "print $"},
      {"print %", "print %"},
      {"^", "^"},
      {"foo(&", "foo(&"},
      {"foo *", "foo *"},
      {"foo +", "foo +"},
      {"[\"", "[\""},
      {"['", "['"},
  };
  for (const auto& [in, want] : cases) EXPECT_EQ(safe_known_prefix(in), want) << go_quoted(in);
}

TEST(TextSafePrefix, RefinementVectors) {
  // "unk string prefix 300 a's": the first 255 bytes, then SafeKnownPrefix
  // drops the final "a" -> 254 bytes (str8 d9fe).
  string row = vector_row("MP", "unk string prefix 300 a's");
  size_t at = row.find("d9fe");
  ASSERT_NE(at, string::npos);
  string want = hex_decode(row.substr(at + 4));
  EXPECT_EQ(want, string(254, 'a'));
  EXPECT_EQ(safe_known_prefix(string(300, 'a').substr(0, 255)), want);
  // "unk string prefix 255a+-+x": the cut ends with "-", which is kept.
  string row2 = vector_row("MP", "unk string prefix 255a+-+x");
  size_t at2 = row2.find("d9ff");
  ASSERT_NE(at2, string::npos);
  string want2 = hex_decode(row2.substr(at2 + 4));
  ASSERT_EQ(want2.size(), 255u);
  EXPECT_EQ(want2.back(), '-');
  EXPECT_EQ(safe_known_prefix((want2 + "x").substr(0, 255)), want2);
}

TEST(TextSafePrefix, MoreCases) {
  // NFC first, then a trailing partial NFC segment is dropped
  EXPECT_EQ(safe_known_prefix("caf\xc3\xa9"), "caf");
  EXPECT_EQ(safe_known_prefix("cafe\xcc\x81"), "caf");
  EXPECT_EQ(safe_known_prefix("cafe\xcc\x81-"), "caf\xc3\xa9-");
  EXPECT_EQ(safe_known_prefix("ab" + utf8({0x0301, 0x0316})), "a");
  // Hangul: a syllable and bare jamo are trimmed
  EXPECT_EQ(safe_known_prefix("x" + utf8({0xAC01})), "x");
  EXPECT_EQ(safe_known_prefix("x-" + utf8({0x1100})), "x-");
  EXPECT_EQ(safe_known_prefix("x-" + utf8({0x1100, 0x1161})), "x-");
  // emoji ZWJ sequence followed by a safe delimiter is kept whole
  string family = utf8({0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467});
  EXPECT_EQ(safe_known_prefix("a " + family), "a ");
  EXPECT_EQ(safe_known_prefix("a " + family + "/"), "a " + family + "/");
  // CJK: the last character is dropped (it is a single grapheme cluster but
  // not one of the safe delimiters)
  EXPECT_EQ(safe_known_prefix(utf8({0x4E16, 0x754C})), utf8({0x4E16}));
  // a lone LF or CR matches no textseg token: the scan stops there
  EXPECT_EQ(safe_known_prefix("foo\nbar-"), "foo");
  EXPECT_EQ(safe_known_prefix("foo\r\nbar-"), "foo\r\nbar-");
  // textseg's tables accept some malformed sequences: F0 9F 98 C2 reads as
  // one Extended_Pictographic unit (checked with Go).
  EXPECT_EQ(safe_known_prefix("\xf0\x9f\x98\xc2\xad"), "\xf0\x9f\x98\xc2");
  EXPECT_EQ(safe_known_prefix("\xf0\x9f\x98\xc3\x7f"), "\xf0\x9f\x98\xc3");
  // a truncated UTF-8 sequence at the end (e.g. from the 255-byte cut)
  EXPECT_EQ(safe_known_prefix("ab-\xc3"), "ab-");
  EXPECT_EQ(safe_known_prefix("ab-" + utf8({0x4E16}).substr(0, 2)), "ab-");
}
