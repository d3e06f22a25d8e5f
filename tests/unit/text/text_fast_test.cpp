// The fast paths of dynval::text against plain references: JSON string
// escaping (16/8 bytes at a time) against a byte-at-a-time copy of the
// original loop kept here, and the NFC quick check / two-stage property
// table against the algorithm as first written (text::detail hooks).
// Inputs are pseudo-random with fixed seeds, built from pieces chosen to hit
// every escape class, invalid and truncated UTF-8, U+2028/U+2029 across
// 8/16-byte boundaries, and NFC-unstable runes among stable ones.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/utf8.hpp"
#include "text/text.hpp"

using namespace dynval::text;
using dynval::test::utf8;
using std::string;

namespace {


// Go's encoding/json appendString (Go >= 1.22, escapeHTML), one byte at a
// time: the loop append_json_quoted had before it scanned in blocks.
string json_reference(const string& s) {
  constexpr char hex[] = "0123456789abcdef";
  string out = "\"";
  std::size_t i = 0;
  while (i < s.size()) {
    auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      switch (b) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (b < 0x20 || b == '<' || b == '>' || b == '&') {
            out += "\\u00";
            out += hex[b >> 4];
            out += hex[b & 0xF];
          } else {
            out += static_cast<char>(b);
          }
      }
      continue;
    }
    DecodedRune d = go_decode_rune(std::string_view(s).substr(i));
    if (d.width == 1) {
      out += "\\ufffd";
    } else if (d.rune == 0x2028) {
      out += "\\u2028";
    } else if (d.rune == 0x2029) {
      out += "\\u2029";
    } else {
      out.append(s, i, d.width);
    }
    i += d.width;
  }
  return out + "\"";
}

string json(const string& s) {
  string out;
  append_json_quoted(out, s);
  return out;
}

// Pieces for JSON inputs: every escape class, clean ASCII, valid runes of
// each width, U+2028/2029 and their look-alikes, invalid and truncated
// sequences.
const std::vector<string>& json_pieces() {
  static const std::vector<string> pieces = {
      "a", "Z", " ", "~", "\x7f", "/", "'", "=", "\"", "\\", "<", ">", "&", "\n", "\r", "\t", "\b",
      "\f", string(1, '\0'), "\x01", "\x0b", "\x1b", "\x1f", "abcdefgh", "0123456789abcdef",
      utf8({0xE9}), utf8({0x7FF}), utf8({0x800}), utf8({0x4E2D}), utf8({0xFFFD}), utf8({0xFFFF}), utf8({0x10000}),
      utf8({0x1F600}), utf8({0x10FFFF}), utf8({0x2028}), utf8({0x2029}), utf8({0x2027}), utf8({0x202A}),
      utf8({0x2000}), "\xe2\x80", "\xe2", "\x80", "\xbf", "\xc0\xaf", "\xc1\xbf", "\xc2",
      "\xed\xa0\x80", "\xed\xbf\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xf0\x8f\xbf\xbf",
      "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xfe", "\xf0\x9f\x98", "\xf0\x9f",
      "\xe2\x80\xa8\xa8",
  };
  return pieces;
}

}  // namespace

TEST(TextJsonFast, EveryEscapeClassAtEveryOffset) {
  // Each special piece after 0..47 clean bytes (every position mod 16 and
  // 8, in the block and in the tail), followed by clean bytes or nothing.
  for (const string& piece : json_pieces()) {
    for (std::size_t pre = 0; pre < 48; ++pre) {
      for (std::size_t post : {0, 1, 7, 8, 15, 16, 17, 40}) {
        string s = string(pre, 'x') + piece + string(post, 'y');
        ASSERT_EQ(json(s), json_reference(s)) << go_quoted(s);
        // the same in non-ASCII context (the rune loop, not the scanner)
        string t = utf8({0x4E2D}) + string(pre % 5, 'x') + piece + utf8({0xE9});
        ASSERT_EQ(json(t), json_reference(t)) << go_quoted(t);
      }
    }
  }
}

TEST(TextJsonFast, LineSeparatorsAcrossBlockBoundaries) {
  // U+2028/2029 starting at every offset, so that they are split across
  // 8- and 16-byte boundaries, and truncated at the end of the input.
  for (char32_t sep : {0x2028, 0x2029}) {
    for (std::size_t pre = 0; pre < 40; ++pre) {
      string s = string(pre, 'a') + utf8({sep}) + "bc";
      string want(1, '"');  // (operator+ here trips GCC 12's -Wrestrict)
      want.append(pre, 'a');
      want += sep == 0x2028 ? "\\u2028" : "\\u2029";
      want += "bc\"";
      EXPECT_EQ(json(s), want);
      string full = utf8({sep});
      for (std::size_t cut = 1; cut < 3; ++cut) {
        string t(pre, 'a');
        t.append(full, 0, cut);
        ASSERT_EQ(json(t), json_reference(t)) << go_quoted(t);
      }
    }
  }
}

TEST(TextJsonFast, RandomStringsMatchReference) {
  std::mt19937 rng(20240611);
  const auto& pieces = json_pieces();
  for (int iter = 0; iter < 20000; ++iter) {
    string s;
    // mostly clean with a few specials, or dense specials
    const bool dense = iter % 3 == 0;
    const std::size_t count = rng() % 40;
    for (std::size_t k = 0; k < count; ++k) {
      if (!dense && rng() % 4 != 0) {
        s += string(rng() % 20, static_cast<char>('a' + rng() % 26));
      } else {
        s += pieces[rng() % pieces.size()];
      }
    }
    ASSERT_EQ(json(s), json_reference(s)) << go_quoted(s);
  }
  // random bytes
  for (int iter = 0; iter < 20000; ++iter) {
    string s(rng() % 64, '\0');
    for (char& c : s) c = static_cast<char>(rng());
    ASSERT_EQ(json(s), json_reference(s)) << go_quoted(s);
  }
}

TEST(TextJsonFast, AppendsAfterExistingContent) {
  string out = "prefix:";
  append_json_quoted(out, string(100, 'q') + "<" + utf8({0x2028}));
  EXPECT_EQ(out, "prefix:\"" + string(100, 'q') + "\\u003c\\u2028\"");
}

// --------------------------------------------------------------------------
// NFC

TEST(TextNfcFast, TwoStageTableMatchesSparseTable) {
  // Every code point: the flat table that the fast paths read has the same
  // Properties as the sparse table built from utf8proc.
  std::size_t non_default = 0;
  const std::uint32_t dflt = detail::nfc_props_key(0x4E00, true);
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    const std::uint32_t ref = detail::nfc_props_key(c, true);
    ASSERT_EQ(detail::nfc_props_key(c, false), ref) << std::hex << static_cast<unsigned>(c);
    non_default += ref != dflt;
  }
  // The tables are not trivially empty: marks, composites, Hangul, jamo.
  EXPECT_GT(non_default, 10000U);  // 14,654 with Unicode 15
  EXPECT_NE(detail::nfc_props_key(0x0301, false), dflt);
  EXPECT_NE(detail::nfc_props_key(0xAC00, false), dflt);
  EXPECT_NE(detail::nfc_props_key('a', false), dflt);  // combines forwards
}

namespace {

// Pieces for NFC inputs: stable runes of every width (including Hangul
// syllables, which are stable but not inert), combining marks and
// reorderable pairs, backward-combining starters, jamo, singletons,
// composition exclusions, the CGJ itself, invalid and truncated UTF-8.
const std::vector<string>& nfc_pieces() {
  static const std::vector<string> pieces = {
      "a", "e", "A", " ", "-", "xyz", utf8({0xE9}), utf8({0xC5}), utf8({0x41C}), utf8({0x3B1}), utf8({0x627}),
      utf8({0x4E2D}), utf8({0x6771}), utf8({0x30EA}), utf8({0x30B8}), utf8({0xAC00}), utf8({0xAC01}), utf8({0xC11C}),
      utf8({0xD7A3}), utf8({0x1F600}), utf8({0x1F680}), utf8({0x20AC}), utf8({0x2713}), utf8({0x10041}),
      utf8({0x0301}), utf8({0x0316}), utf8({0x0308}), utf8({0x0344}), utf8({0x0340}), utf8({0x0341}), utf8({0x0345}),
      utf8({0x094D}), utf8({0x093F}), utf8({0x0928}), utf8({0x0B3E}), utf8({0x0B47}), utf8({0x0BBE}), utf8({0x3099}),
      utf8({0x309A}), utf8({0xFF9E}), utf8({0x1100}), utf8({0x1161}), utf8({0x11A7}), utf8({0x11A8}), utf8({0x11C2}),
      utf8({0x034F}), utf8({0x2126}), utf8({0x212B}), utf8({0x0374}), utf8({0x0387}), utf8({0x0958}), utf8({0xFB1D}),
      utf8({0x1E0A}), utf8({0x00A8}), utf8({0x0F73}), utf8({0x0F75}), utf8({0x1D15E}), utf8({0x2ADC}), utf8({0x1B06}),
      "\xff", "\x80", "\xc0\x80", "\xed\xa0\x80", "\xe2\x82", "\xf0\x9f\x98", "\xe0\x80\x80",
      "\xf4\x90\x80\x80",
  };
  return pieces;
}

void expect_nfc_matches_reference(const string& s) {
  const string ref = detail::to_nfc_reference(s);
  ASSERT_EQ(to_nfc(s), ref) << go_quoted(s);
  ASSERT_EQ(is_nfc(s), detail::is_nfc_reference(s)) << go_quoted(s);
  ASSERT_EQ(is_nfc(s), ref == s) << go_quoted(s);
}

}  // namespace

TEST(TextNfcFast, ReferenceAndFastPathGiveKnownNfc) {
  // Fixed answers for both paths, so that a broken reference shows up as
  // such here (the comparisons below only say that the two differ). Each
  // after stable prefixes that the fast path passes by the byte, the 8-byte
  // ASCII scan and the 16-byte block.
  string marks30;
  for (int k = 0; k < 30; ++k) marks30 += utf8({0x0316});
  const std::vector<std::pair<string, string>> cases = {
      {"e" + utf8({0x0301}), utf8({0xE9})},                         // composes
      {utf8({0x0374}), utf8({0x02B9})},                             // singleton
      {utf8({0x03B1, 0x0301}), utf8({0x03AC})},                     // composes
      {utf8({0xAC00, 0x11A8}), utf8({0xAC01})},                     // LV + T
      {"a" + utf8({0x0344}), utf8({0xE4, 0x0301})},                 // decomposes, then composes
      {"a" + utf8({0x0301, 0x0316}), utf8({0xE1, 0x0316})},         // reorders, then composes
      {"a" + marks30 + utf8({0x0316}) + "e" + utf8({0x0301}),       // 31 marks: CGJ before the
       "a" + marks30 + utf8({0x034F, 0x0316}) + utf8({0xE9})},      // last, and NFC after it
  };
  const std::vector<string> prefixes = {"", "ab", string(40, 'x'), [] {
                                          string r;
                                          for (int k = 0; k < 20; ++k) r += utf8({0x4E2D});
                                          return r;
                                        }()};
  for (const string& pre : prefixes) {
    for (const auto& [in, want] : cases) {
      const string s = pre + in, nfc = pre + want;
      EXPECT_EQ(detail::to_nfc_reference(s), nfc) << go_quoted(s);
      EXPECT_EQ(to_nfc(s), nfc) << go_quoted(s);
      EXPECT_FALSE(detail::is_nfc_reference(s)) << go_quoted(s);
      EXPECT_FALSE(is_nfc(s)) << go_quoted(s);
      EXPECT_TRUE(detail::is_nfc_reference(nfc)) << go_quoted(nfc);
      EXPECT_TRUE(is_nfc(nfc)) << go_quoted(nfc);
    }
  }
}

TEST(TextNfcFast, RandomStringsMatchReference) {
  std::mt19937 rng(7);
  const auto& pieces = nfc_pieces();
  const std::vector<string> stable = {utf8({0x41C}), utf8({0x4E2D}), utf8({0xAC01}), utf8({0x1F600}), "ab ",
                                      utf8({0xE9}), utf8({0x30EA})};
  for (int iter = 0; iter < 20000; ++iter) {
    string s;
    const std::size_t count = rng() % 60;
    for (std::size_t k = 0; k < count; ++k) {
      // mostly stable runs (the 16-byte blocks) with unstable pieces
      if (rng() % 3 != 0) {
        s += stable[rng() % stable.size()];
      } else {
        s += pieces[rng() % pieces.size()];
      }
    }
    expect_nfc_matches_reference(s);
  }
}

TEST(TextNfcFast, UnstableRuneAtEveryOffsetOfStableText) {
  // One unstable piece at every byte offset of a long stable run of each
  // width, so that it falls at every position of a 16-byte block (and
  // truncated/invalid pieces split runes at block ends).
  const std::vector<string> runs = {string(80, 'q'), [] {
                                      string r;
                                      for (int k = 0; k < 40; ++k) r += utf8({0x41C});
                                      return r;
                                    }(),
                                    [] {
                                      string r;
                                      for (int k = 0; k < 27; ++k) r += utf8({0xC11C});
                                      return r;
                                    }(),
                                    [] {
                                      string r;
                                      for (int k = 0; k < 20; ++k) r += utf8({0x1F680});
                                      return r;
                                    }()};
  for (const string& run : runs) {
    for (const string& piece : nfc_pieces()) {
      for (std::size_t at = 0; at <= run.size(); ++at) {
        string s = run.substr(0, at) + piece + run.substr(at);  // may split a rune
        expect_nfc_matches_reference(s);
      }
    }
  }
}

TEST(TextNfcFast, CgjAndLongMarkRuns) {
  // Runs of 25..35 non-starters after stable text of various lengths: the
  // stream-safe CGJ insertion must happen exactly where the reference puts
  // it, whether the fast path or the slow path saw the starter.
  for (std::size_t pre = 0; pre < 40; ++pre) {
    for (int marks = 25; marks <= 35; ++marks) {
      string s;
      for (std::size_t k = 0; k < pre; ++k) s += utf8({0x4E2D});
      s += "a";
      for (int m = 0; m < marks; ++m) s += utf8({m % 3 == 0 ? char32_t{0x0316} : char32_t{0x0301}});
      s += utf8({0xAC00, 0x11A8});  // LV + T composes
      expect_nfc_matches_reference(s);
      string t;
      for (std::size_t k = 0; k < pre; ++k) t += utf8({0xAC01});  // Hangul: ntrail != 0
      for (int m = 0; m < marks; ++m) t += utf8({0x0344});          // two non-starters each
      expect_nfc_matches_reference(t);
    }
  }
}

TEST(TextNfcFast, HangulTrailingJamoAfterFastRuns) {
  // A Hangul LV syllable passed by the fast path must still take a T jamo
  // that follows it (ss / boundary state carried out of the fast path).
  for (std::size_t pre = 0; pre < 40; ++pre) {
    string s = string(pre, 'x') + utf8({0xAC00, 0x11A8});
    EXPECT_EQ(to_nfc(s), string(pre, 'x') + utf8({0xAC01}));
    EXPECT_FALSE(is_nfc(s));
    string t = string(pre, 'x') + utf8({0xAC01, 0x0301, 0x0316});  // marks reorder
    EXPECT_EQ(to_nfc(t), string(pre, 'x') + utf8({0xAC01, 0x0316, 0x0301}));
  }
}
