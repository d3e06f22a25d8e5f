// dynval::text: UTF-8 checks, Go encoding/json string escaping and Go %q
// quoting. NFC lives in normalize.cpp, SafeKnownPrefix in prefix.cpp.
#include "text/text.hpp"

#include <utf8proc.h>

#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dynval::text {

namespace {

constexpr char kLowerHex[] = "0123456789abcdef";

// Loads 8 bytes without alignment requirements (compiles to one load).
inline std::uint64_t load8(const char* p) noexcept {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// Number of leading bytes of [p, p+n) that are ASCII.
inline std::size_t ascii_prefix_len(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
  while (i + 8 <= n && (load8(p + i) & kHighBits) == 0) i += 8;
  while (i < n && static_cast<unsigned char>(p[i]) < 0x80) ++i;
  return i;
}


}  // namespace

bool is_ascii(std::string_view s) noexcept {
  const char* p = s.data();
  std::size_t n = s.size();
  std::size_t i = 0;
  std::uint64_t acc = 0;
  // OR whole words together; one test at the end per 64 bytes keeps the loop
  // branch-light.
  for (; i + 64 <= n; i += 64) {
    for (std::size_t k = 0; k < 64; k += 8) acc |= load8(p + i + k);
    if (acc & kHighBits) return false;
  }
  for (; i + 8 <= n; i += 8) acc |= load8(p + i);
  if (acc & kHighBits) return false;
  for (; i < n; ++i)
    if (static_cast<unsigned char>(p[i]) >= 0x80) return false;
  return true;
}

// Go's utf8.DecodeRuneInString (unicode/utf8/utf8.go): the width comes from
// go_utf8_width (Go's accept ranges); any invalid sequence decodes as
// RuneError with width 1.
DecodedRune go_decode_rune(std::string_view s) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  if (s.empty()) return {0xFFFD, 0};
  switch (go_utf8_width(p, s.size())) {
    case 1: return {p[0], 1};
    case 2: return {static_cast<char32_t>(((p[0] & 0x1F) << 6) | (p[1] & 0x3F)), 2};
    case 3:
      return {static_cast<char32_t>(((p[0] & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F)), 3};
    case 4:
      return {static_cast<char32_t>(((p[0] & 0x07) << 18) | ((p[1] & 0x3F) << 12) | ((p[2] & 0x3F) << 6) |
                                    (p[3] & 0x3F)),
              4};
    default: return {0xFFFD, 1};
  }
}

bool is_valid_utf8(std::string_view s) noexcept {
  const char* p = s.data();
  std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n) {
    i += ascii_prefix_len(p + i, n - i);
    if (i >= n) break;
    DecodedRune d = go_decode_rune(s.substr(i));
    if (d.width == 1) return false;  // non-ASCII width 1 is always invalid
    i += d.width;
  }
  return true;
}

// Go's strconv.IsPrint is unicode.IsPrint: categories L, M, N, P, S plus
// U+0020 (strconv/quote.go). Go 1.21+ uses Unicode 15.0.0, as utf8proc 2.8
// does; unassigned code points are category Cn and so not printable.
bool go_is_print(char32_t r) noexcept {
  if (r < 0x80) return r >= 0x20 && r < 0x7F;
  if (r > 0x10FFFF || (r >= 0xD800 && r < 0xE000)) return false;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(r))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LL:
    case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND:
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO:
    case UTF8PROC_CATEGORY_PC:
    case UTF8PROC_CATEGORY_PD:
    case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE:
    case UTF8PROC_CATEGORY_PI:
    case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO:
    case UTF8PROC_CATEGORY_SM:
    case UTF8PROC_CATEGORY_SC:
    case UTF8PROC_CATEGORY_SK:
    case UTF8PROC_CATEGORY_SO:
      return true;
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------
// encoding/json string encoding (encoding/json/encode.go appendString, Go >=
// 1.22, escapeHTML = true as json.Marshal uses).

namespace {

// kJsonSafe[b] for b < 0x80: byte is copied as is (Go's htmlSafeSet).
struct JsonSafeTable {
  bool safe[256];
  constexpr JsonSafeTable() : safe() {
    for (int b = 0x20; b < 0x80; ++b) safe[b] = true;
    safe[static_cast<unsigned char>('"')] = false;
    safe[static_cast<unsigned char>('\\')] = false;
    safe[static_cast<unsigned char>('<')] = false;
    safe[static_cast<unsigned char>('>')] = false;
    safe[static_cast<unsigned char>('&')] = false;
    // bytes >= 0x80 stay false: they go through the UTF-8 path.
  }
};
constexpr JsonSafeTable kJsonSafe{};

// Repeats byte b in all 8 bytes of a word.
constexpr std::uint64_t rep8(unsigned char b) noexcept { return 0x0101010101010101ULL * b; }

// The high bit of each byte of w that is zero, exactly (no false positives).
inline std::uint64_t zero_bytes(std::uint64_t w) noexcept {
  constexpr std::uint64_t kLow7 = rep8(0x7F);
  return ~(((w & kLow7) + kLow7) | w | kLow7);
}

// True when one of the 8 bytes at p needs attention in append_json_quoted:
// a control character, " \ < > &, or a byte >= 0x80.
inline bool json_word_dirty(const char* p) noexcept {
  const std::uint64_t w = load8(p);
  constexpr std::uint64_t kLow7 = rep8(0x7F);
  // bytes < 0x20 (of the low 7 bits; bytes >= 0x80 are caught by w itself)
  std::uint64_t m = ~((w & kLow7) + rep8(0x80 - 0x20)) | w;
  m |= zero_bytes(w ^ rep8('"')) | zero_bytes(w ^ rep8('\\')) | zero_bytes(w ^ rep8('<')) |
       zero_bytes(w ^ rep8('>')) | zero_bytes(w ^ rep8('&'));
  return (m & kHighBits) != 0;
}

// Length of the prefix of [p, p+n) that append_json_quoted copies as is
// (bytes 0x20..0x7F other than " \ < > &).
inline std::size_t json_clean_prefix(const char* p, std::size_t n) noexcept {
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i ctl = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'),
                bslash = _mm_set1_epi8('\\'), lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'),
                amp = _mm_set1_epi8('&');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    // signed compare: controls, and bytes >= 0x80 (negative as int8)
    __m128i m = _mm_cmplt_epi8(v, ctl);
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, quote));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, bslash));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, lt));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, gt));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, amp));
    if (const int bits = _mm_movemask_epi8(m)) return i + static_cast<std::size_t>(__builtin_ctz(bits));
  }
#endif
  while (i + 8 <= n && !json_word_dirty(p + i)) i += 8;
  while (i < n && kJsonSafe.safe[static_cast<unsigned char>(p[i])]) ++i;
  return i;
}

// Appends the escape of ASCII byte b (one that is not kJsonSafe).
inline void append_json_escape(std::string& out, unsigned char b) {
  char esc[6] = {'\\', 0, 0, 0, 0, 0};
  std::size_t len = 2;
  switch (b) {
    case '\\':
    case '"':
      esc[1] = static_cast<char>(b);
      break;
    case '\b':
      esc[1] = 'b';
      break;
    case '\f':
      esc[1] = 'f';
      break;
    case '\n':
      esc[1] = 'n';
      break;
    case '\r':
      esc[1] = 'r';
      break;
    case '\t':
      esc[1] = 't';
      break;
    default:  // other C0 controls and < > &
      esc[1] = 'u';
      esc[2] = '0';
      esc[3] = '0';
      esc[4] = kLowerHex[b >> 4];
      esc[5] = kLowerHex[b & 0xF];
      len = 6;
      break;
  }
  out.append(esc, len);
}

}  // namespace

// Clean runs are found 16 bytes (SSE2) or 8 bytes (SWAR) at a time and
// appended with one append each; non-ASCII is validated rune by rune
// without leaving the run unless a rune is invalid or U+2028/U+2029.
void append_json_quoted(std::string& out, std::string_view s) {
  const char* p = s.data();
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  const std::size_t n = s.size();
  out.reserve(out.size() + n + 2);
  out.push_back('"');
  std::size_t start = 0;  // first byte not yet copied
  std::size_t i = 0;
  for (;;) {
    i += json_clean_prefix(p + i, n - i);
    if (i >= n) break;
    const unsigned char b = u[i];
    if (b < 0x80) {
      out.append(p + start, i - start);
      append_json_escape(out, b);
      start = ++i;
      continue;
    }
    // A run of non-ASCII runes.
    do {
      const std::size_t w = go_utf8_width(u + i, n - i);
      if (w == 0) {  // RuneError of width 1: one invalid byte
        out.append(p + start, i - start);
        out.append("\\ufffd", 6);
        start = ++i;
      } else if (w == 3 && u[i] == 0xE2 && u[i + 1] == 0x80 && (u[i + 2] & 0xFE) == 0xA8) {
        out.append(p + start, i - start);
        out.append(u[i + 2] == 0xA8 ? "\\u2028" : "\\u2029", 6);
        i += 3;
        start = i;
      } else {
        i += w;
      }
    } while (i < n && u[i] >= 0x80);
  }
  out.append(p + start, n - start);
  out.push_back('"');
}

// ---------------------------------------------------------------------------
// strconv.Quote (strconv/quote.go appendQuotedWith + appendEscapedRune with
// quote '"', ASCIIonly = graphicOnly = false).

void append_go_quoted(std::string& out, std::string_view s) {
  const char* p = s.data();
  const std::size_t n = s.size();
  out.reserve(out.size() + n + 2);
  out.push_back('"');
  std::size_t i = 0;
  while (i < n) {
    auto b = static_cast<unsigned char>(p[i]);
    if (b < 0x80) {
      // Printable ASCII except " and \ is copied in runs.
      if (b >= 0x20 && b < 0x7F && b != '"' && b != '\\') {
        std::size_t j = i + 1;
        while (j < n) {
          auto c = static_cast<unsigned char>(p[j]);
          if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') break;
          ++j;
        }
        out.append(p + i, j - i);
        i = j;
        continue;
      }
      ++i;
      switch (b) {
        case '"':
          out.append("\\\"", 2);
          break;
        case '\\':
          out.append("\\\\", 2);
          break;
        case '\a':
          out.append("\\a", 2);
          break;
        case '\b':
          out.append("\\b", 2);
          break;
        case '\f':
          out.append("\\f", 2);
          break;
        case '\n':
          out.append("\\n", 2);
          break;
        case '\r':
          out.append("\\r", 2);
          break;
        case '\t':
          out.append("\\t", 2);
          break;
        case '\v':
          out.append("\\v", 2);
          break;
        default: {  // other C0 controls and DEL
          const char esc[4] = {'\\', 'x', kLowerHex[b >> 4], kLowerHex[b & 0xF]};
          out.append(esc, 4);
          break;
        }
      }
      continue;
    }
    DecodedRune d = go_decode_rune(s.substr(i, 4));
    if (d.width == 1) {  // invalid byte: \xHH of the byte itself
      const char esc[4] = {'\\', 'x', kLowerHex[b >> 4], kLowerHex[b & 0xF]};
      out.append(esc, 4);
      ++i;
      continue;
    }
    if (go_is_print(d.rune)) {
      out.append(p + i, d.width);
    } else if (d.rune < 0x10000) {
      char esc[6] = {'\\', 'u'};
      for (int k = 0; k < 4; ++k) esc[2 + k] = kLowerHex[(d.rune >> (12 - 4 * k)) & 0xF];
      out.append(esc, 6);
    } else {
      char esc[10] = {'\\', 'U'};
      for (int k = 0; k < 8; ++k) esc[2 + k] = kLowerHex[(d.rune >> (28 - 4 * k)) & 0xF];
      out.append(esc, 10);
    }
    i += d.width;
  }
  out.push_back('"');
}

std::string go_quote_char(unsigned char c) {
  if (c == '\'') return "'\\''";
  if (c == '"') return "'\"'";
  std::string rune;
  append_utf8(rune, c);  // Go's string(c): the byte becomes rune U+00XX
  std::string q = go_quoted(rune);
  return "'" + q.substr(1, q.size() - 2) + "'";
}

std::string go_quoted(std::string_view s) {
  std::string out;
  append_go_quoted(out, s);
  return out;
}

}  // namespace dynval::text
