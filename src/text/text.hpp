// dynval::text: UTF-8 strings the way cty and Go see them.
//
// - NFC normalisation (Unicode 15 through utf8proc) with an ASCII fast path;
// - Go encoding/json string escaping (Go >= 1.22 forms, HTML-safe);
// - Go %q quoting (strconv.Quote), used by set hashing and error paths;
// - ctystrings.SafeKnownPrefix, used by string-prefix refinements.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace dynval::text {

// True when every byte is < 0x80.
bool is_ascii(std::string_view s) noexcept;

// True when s is well-formed UTF-8 (no surrogates, no overlongs, <= U+10FFFF).
bool is_valid_utf8(std::string_view s) noexcept;

// True when to_nfc(s) would return s unchanged (cheap for ASCII and for text
// without combining characters). Invalid UTF-8 bytes are kept by to_nfc, so
// they do not by themselves make s "not NFC".
bool is_nfc(std::string_view s);

// Returns s in NFC, as golang.org/x/text/unicode/norm.NFC.String does.
// Invalid UTF-8 bytes are kept as they are (Go's norm passes them through),
// never replaced and never a reason to fail.
std::string to_nfc(std::string_view s);

// Appends the Go encoding/json encoding of s, with the quotes: HTML-safe
// (<, >, & as \u003c \u003e \u0026), \u2028 \u2029, \b \f \n \r \t short
// forms, other C0 controls as \u00xx (lowercase hex), invalid UTF-8 as \ufffd,
// everything else (DEL, non-ASCII) raw.
void append_json_quoted(std::string& out, std::string_view s);

// Appends Go's strconv.Quote(s) (%q): \a \b \f \n \r \t \v \\ \", other
// control characters and DEL as \xHH, runes that are not strconv.IsPrint as
// \uHHHH or \UHHHHHHHH, invalid bytes as \xHH, printable non-ASCII raw.
void append_go_quoted(std::string& out, std::string_view s);
std::string go_quoted(std::string_view s);

// Go encoding/json's quoteChar(c) for scanner messages: the byte taken as
// the rune U+00XX (Go's string(c) of a byte), %q-quoted between single
// quotes: 'x', '\'', '"', '\n', and 'Ã' for the byte 0xC3.
std::string go_quote_char(unsigned char c);

// ctystrings.SafeKnownPrefix: NFC-normalise prefix, then drop a trailing
// partial NFC segment; if none was dropped, drop the final grapheme cluster
// unless it is one of the "safe" characters (- _ : ; / \ , . ( ) { } [ ] | ?
// ! ~ space tab @ # $ % ^ & * + " ').
std::string safe_known_prefix(std::string_view prefix);

// golang.org/x/text/unicode/norm NFC.LastBoundary(b): the byte offset of the
// last NFC segment boundary in b, or -1 if b contains none.
std::ptrdiff_t nfc_last_boundary(std::string_view b);

// Go's strconv.IsPrint (= unicode.IsPrint, Unicode 15): letters, marks,
// numbers, punctuation, symbols and U+0020.
bool go_is_print(char32_t r) noexcept;

// The one home of Go's UTF-8 acceptance rule (unicode/utf8 DecodeRune's
// accept ranges): the width (1 to 4) of the well-formed sequence at the start
// of p, which has n >= 1 bytes; 0 where Go decodes (RuneError, 1): a stray
// or missing continuation byte, an overlong form, a surrogate, a value above
// U+10FFFF, or a sequence cut short by the end. Inline: JSON writing and
// reading call it per non-ASCII rune.
inline std::size_t go_utf8_width(const unsigned char* p, std::size_t n) noexcept {
  const unsigned char b0 = p[0];
  auto cont = [](unsigned char b) { return (b & 0xC0) == 0x80; };
  if (b0 < 0x80) return 1;
  if (b0 < 0xE0) return b0 >= 0xC2 && n >= 2 && cont(p[1]) ? 2 : 0;
  if (b0 < 0xF0) {
    if (n < 3 || !cont(p[2])) return 0;
    const unsigned char lo = b0 == 0xE0 ? 0xA0 : 0x80, hi = b0 == 0xED ? 0x9F : 0xBF;
    return p[1] >= lo && p[1] <= hi ? 3 : 0;
  }
  if (b0 < 0xF5) {
    if (n < 4 || !cont(p[2]) || !cont(p[3])) return 0;
    const unsigned char lo = b0 == 0xF0 ? 0x90 : 0x80, hi = b0 == 0xF4 ? 0x8F : 0xBF;
    return p[1] >= lo && p[1] <= hi ? 4 : 0;
  }
  return 0;
}

// Go's utf8.DecodeRuneInString: the rune and its width; invalid input gives
// U+FFFD with width 1 (width 0 only for an empty string).
struct DecodedRune {
  char32_t rune;
  std::size_t width;
};
DecodedRune go_decode_rune(std::string_view s) noexcept;

// Appends the UTF-8 encoding of r (at most 0x10FFFF), as Go's string(r) and
// utf8.AppendRune do for valid runes. No validation: callers pass runes they
// decoded or checked (a surrogate would be encoded like any other value).
inline void append_utf8(std::string& out, char32_t r) {
  if (r < 0x80) {
    out.push_back(static_cast<char>(r));
  } else if (r < 0x800) {
    const char b[2] = {static_cast<char>(0xC0 | (r >> 6)), static_cast<char>(0x80 | (r & 0x3F))};
    out.append(b, 2);
  } else if (r < 0x10000) {
    const char b[3] = {static_cast<char>(0xE0 | (r >> 12)), static_cast<char>(0x80 | ((r >> 6) & 0x3F)),
                       static_cast<char>(0x80 | (r & 0x3F))};
    out.append(b, 3);
  } else {
    const char b[4] = {static_cast<char>(0xF0 | (r >> 18)), static_cast<char>(0x80 | ((r >> 12) & 0x3F)),
                       static_cast<char>(0x80 | ((r >> 6) & 0x3F)), static_cast<char>(0x80 | (r & 0x3F))};
    out.append(b, 4);
  }
}

namespace detail {

// Test hooks for the NFC fast paths (tests/unit/text). nfc_props_key: Go
// norm's Properties of c packed into an integer, from the two-stage table
// (reference = false) or from the sparse table it is built from (true).
// to_nfc_reference / is_nfc_reference: to_nfc and is_nfc through the
// algorithm as first written (no quick checks, byte-at-a-time scans, sparse
// lookups). Thread-safe; the tables are built once on first use.
std::uint32_t nfc_props_key(char32_t c, bool reference);
std::string to_nfc_reference(std::string_view s);
bool is_nfc_reference(std::string_view s);

}  // namespace detail

}  // namespace dynval::text
