// ctystrings.SafeKnownPrefix (go-cty v1.18.1, cty/ctystrings/prefix.go) and
// the grapheme cluster scanner it relies on, textseg.ScanGraphemeClusters of
// github.com/apparentlymart/go-textseg/v15 (Unicode 15.0.0).
//
// textseg's scanner is a Ragel longest-match scanner over UTF-8 bytes, built
// from the grammar in textseg/grapheme_clusters.rl. It is not exactly UAX #29
// (e.g. a lone CR or LF matches no token at all, U+FFFD is treated like a
// Control, "L LV T" splits before T), so rather than using utf8proc's UAX #29
// break function we evaluate that grammar here, unit by unit:
//
//   ZWJGlue      = ZWJ (Extended_Pictographic Extend*)?
//   Extension    = (Extend | ZWJGlue | SpacingMark)*
//   CRLFSeq      = CR LF
//   ControlSeq   = Control | U+FFFD
//   HangulSeq    = ( L+ (((LV? V+ | LVT) T*)? | LV?) | LV V* T* | V+ T* | LVT T* | T+ ) Extension
//   EmojiSeq     = Extended_Pictographic Extend* Extension
//   ZWJSeq       = ZWJ (ZWJ | Extend | SpacingMark)*
//   EmojiFlagSeq = Regional_Indicator Regional_Indicator? Extension
//   OtherSeq     = (AnyUTF8 - (CR|LF|Control|U+FFFD|L|LV|V|LVT|T|ExtPict|ZWJ|RI|Prepend))
//                  (Extend | ZWJ | SpacingMark)*
//   PrependSeq   = Prepend+ (HangulSeq|EmojiSeq|ZWJSeq|EmojiFlagSeq|OtherSeq)?
//
// The token is the longest match of any alternative. With atEOF = false (as
// SafeKnownPrefix calls it) a position where nothing matches yields advance
// 0. AnyUTF8 is structural (lead byte + continuation bytes, overlongs and
// surrogates included). The property classes of well-formed runes come from
// utf8proc's Grapheme_Cluster_Break data, plus the unassigned code points
// that textseg's tables (generated from the UCD files, which cover reserved
// ranges) classify as Control or Extended_Pictographic. textseg's byte
// patterns also accept some malformed sequences (textseg_quirks.inc), so on
// invalid UTF-8 a position may be readable as units of different lengths.
#include <utf8proc.h>

#include <algorithm>
#include <vector>

#include "text/text.hpp"

namespace dynval::text {

namespace {

enum Cls : std::uint16_t {
  kCR = 1 << 0,
  kLF = 1 << 1,
  kControl = 1 << 2,  // includes U+FFFD (ReplacementChar)
  kL = 1 << 3,
  kV = 1 << 4,
  kT = 1 << 5,
  kLV = 1 << 6,
  kLVT = 1 << 7,
  kExtPict = 1 << 8,
  kExtend = 1 << 9,
  kZWJ = 1 << 10,
  kSpacingMark = 1 << 11,
  kRI = 1 << 12,
  kPrepend = 1 << 13,
  kAny = 1 << 14,  // matches AnyUTF8
};

struct CnRange {
  char32_t lo, hi;
  std::uint16_t cls;
};

// Unassigned (Cn) code points that textseg v15's tables put in a class;
// utf8proc reports them as Other. Derived by comparing the two tables over
// all code points (they agree on every assigned code point).
constexpr CnRange kCnClasses[] = {
    {0x2065, 0x2065, kControl},   {0xFFF0, 0xFFF8, kControl},   {0x1F02C, 0x1F02F, kExtPict},
    {0x1F094, 0x1F09F, kExtPict}, {0x1F0AF, 0x1F0B0, kExtPict}, {0x1F0C0, 0x1F0C0, kExtPict},
    {0x1F0D0, 0x1F0D0, kExtPict}, {0x1F0F6, 0x1F0FF, kExtPict}, {0x1F1AE, 0x1F1E5, kExtPict},
    {0x1F203, 0x1F20F, kExtPict}, {0x1F23C, 0x1F23F, kExtPict}, {0x1F249, 0x1F24F, kExtPict},
    {0x1F252, 0x1F25F, kExtPict}, {0x1F266, 0x1F2FF, kExtPict}, {0x1F6D8, 0x1F6DB, kExtPict},
    {0x1F6ED, 0x1F6EF, kExtPict}, {0x1F6FD, 0x1F6FF, kExtPict}, {0x1F777, 0x1F77A, kExtPict},
    {0x1F7DA, 0x1F7DF, kExtPict}, {0x1F7EC, 0x1F7EF, kExtPict}, {0x1F7F1, 0x1F7FF, kExtPict},
    {0x1F80C, 0x1F80F, kExtPict}, {0x1F848, 0x1F84F, kExtPict}, {0x1F85A, 0x1F85F, kExtPict},
    {0x1F888, 0x1F88F, kExtPict}, {0x1F8AE, 0x1F8AF, kExtPict}, {0x1F8B2, 0x1F8FF, kExtPict},
    {0x1FA54, 0x1FA5F, kExtPict}, {0x1FA6E, 0x1FA6F, kExtPict}, {0x1FA7D, 0x1FA7F, kExtPict},
    {0x1FA89, 0x1FA8F, kExtPict}, {0x1FABE, 0x1FABE, kExtPict}, {0x1FAC6, 0x1FACD, kExtPict},
    {0x1FADC, 0x1FADF, kExtPict}, {0x1FAE9, 0x1FAEF, kExtPict}, {0x1FAF9, 0x1FAFF, kExtPict},
    {0x1FC00, 0x1FFFD, kExtPict}, {0xE0000, 0xE0000, kControl}, {0xE0002, 0xE001F, kControl},
    {0xE0080, 0xE00FF, kControl}, {0xE01F0, 0xE0FFF, kControl},
};

std::uint16_t class_of(char32_t c) {
  if (c == 0xFFFD) return kControl;  // ReplacementChar
  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  if (p->category == UTF8PROC_CATEGORY_CN) {
    for (const CnRange& r : kCnClasses)
      if (c >= r.lo && c <= r.hi) return r.cls;
    return 0;
  }
  switch (p->boundclass) {
    case UTF8PROC_BOUNDCLASS_CR: return kCR;
    case UTF8PROC_BOUNDCLASS_LF: return kLF;
    case UTF8PROC_BOUNDCLASS_CONTROL: return kControl;
    case UTF8PROC_BOUNDCLASS_EXTEND: return kExtend;
    case UTF8PROC_BOUNDCLASS_L: return kL;
    case UTF8PROC_BOUNDCLASS_V: return kV;
    case UTF8PROC_BOUNDCLASS_T: return kT;
    case UTF8PROC_BOUNDCLASS_LV: return kLV;
    case UTF8PROC_BOUNDCLASS_LVT: return kLVT;
    case UTF8PROC_BOUNDCLASS_REGIONAL_INDICATOR: return kRI;
    case UTF8PROC_BOUNDCLASS_SPACINGMARK: return kSpacingMark;
    case UTF8PROC_BOUNDCLASS_PREPEND: return kPrepend;
    case UTF8PROC_BOUNDCLASS_ZWJ: return kZWJ;
    case UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC: return kExtPict;
    default: return 0;
  }
}

struct TsQuirk {
  std::uint16_t cls;
  std::uint8_t n;
  std::uint8_t lo[4], hi[4];
};

constexpr TsQuirk kQuirks[] = {
#include "text/textseg_quirks.inc"
};

inline bool cont(unsigned char b) { return (b & 0xC0) == 0x80; }

// One way to read a unit at some position: its length in bytes and every
// class whose byte patterns match exactly those bytes.
struct TsAlt {
  std::uint8_t len;
  std::uint16_t cls;
};

using Ends = std::vector<std::size_t>;  // sorted, unique end positions

void add_end(Ends& e, std::size_t v) {
  auto it = std::lower_bound(e.begin(), e.end(), v);
  if (it == e.end() || *it != v) e.insert(it, v);
}

// Longest-match evaluation of the textseg grammar over bytes. Because the
// class tables contain malformed patterns, a position may be readable as
// units of different lengths, so each sub-pattern yields the set of byte
// positions where it can end.
class Scanner {
 public:
  explicit Scanner(std::string_view s)
      : p_(reinterpret_cast<const unsigned char*>(s.data())), n_(s.size()), alts_(s.size()),
        done_(s.size(), false) {}

  // Length in bytes of the token starting at pos (0: no match).
  std::size_t token(std::size_t pos) {
    std::size_t best = pos;
    auto take = [&best](const Ends& e) {
      if (!e.empty() && e.back() > best) best = e.back();
    };
    for (std::size_t e : one(pos, kCR)) take(one(e, kLF));  // CRLFSeq
    take(one(pos, kControl));                               // ControlSeq
    for (std::size_t e : plus(pos, kPrepend)) {              // PrependSeq
      take(Ends{e});
      take(body(e));
    }
    take(body(pos));
    return best - pos;
  }

 private:
  const unsigned char* p_;
  std::size_t n_;
  std::vector<std::vector<TsAlt>> alts_;
  std::vector<bool> done_;

  const std::vector<TsAlt>& alts(std::size_t pos) {
    static const std::vector<TsAlt> none;
    if (pos >= n_) return none;
    if (done_[pos]) return alts_[pos];
    done_[pos] = true;
    std::vector<TsAlt>& v = alts_[pos];
    auto add = [&v](std::size_t len, std::uint16_t cls) {
      for (TsAlt& a : v)
        if (a.len == len) {
          a.cls |= cls;
          return;
        }
      v.push_back({static_cast<std::uint8_t>(len), cls});
    };
    const unsigned char* p = p_ + pos;
    std::size_t n = n_ - pos;
    unsigned char b0 = p[0];
    // AnyUTF8: a lead byte and its continuation bytes (overlongs,
    // surrogates and F5..F7 included); well-formed runes get their class.
    std::size_t need = b0 < 0x80 ? 1 : (b0 >= 0xC0 && b0 < 0xE0) ? 2 : (b0 >= 0xE0 && b0 < 0xF0) ? 3
                                     : (b0 >= 0xF0 && b0 < 0xF8)                   ? 4
                                                                                   : 0;
    if (need != 0 && n >= need) {
      bool ok = true;
      for (std::size_t k = 1; k < need; ++k) ok = ok && cont(p[k]);
      if (ok) {
        DecodedRune d = go_decode_rune(std::string_view(reinterpret_cast<const char*>(p), need));
        add(need, static_cast<std::uint16_t>(d.width == need ? (class_of(d.rune) | kAny) : kAny));
      }
    }
    for (const TsQuirk& q : kQuirks) {
      if (q.n > n || b0 < q.lo[0] || b0 > q.hi[0]) continue;
      bool ok = true;
      for (std::size_t k = 1; k < q.n && ok; ++k) ok = p[k] >= q.lo[k] && p[k] <= q.hi[k];
      if (ok) add(q.n, q.cls);
    }
    return v;
  }

  // Ends of one unit of a class in mask.
  Ends one(std::size_t pos, std::uint16_t mask) {
    Ends e;
    for (const TsAlt& a : alts(pos))
      if (a.cls & mask) add_end(e, pos + a.len);
    return e;
  }

  // Ends of one or more units of classes in mask.
  Ends plus(std::size_t pos, std::uint16_t mask) {
    Ends all, todo = one(pos, mask);
    while (!todo.empty()) {
      std::size_t e = todo.back();
      todo.pop_back();
      if (std::binary_search(all.begin(), all.end(), e)) continue;
      add_end(all, e);
      for (std::size_t f : one(e, mask)) todo.push_back(f);
    }
    return all;
  }

  Ends star(std::size_t pos, std::uint16_t mask) {
    Ends e = plus(pos, mask);
    add_end(e, pos);
    return e;
  }

  // Applies f to every end in from and unions the results.
  template <class F>
  Ends then(const Ends& from, F f) {
    Ends out;
    for (std::size_t e : from)
      for (std::size_t g : f(e)) add_end(out, g);
    return out;
  }

  // Extension = (Extend | SpacingMark | ZWJ (ExtPict Extend*)?)*
  Ends extension(std::size_t pos) {
    Ends all, todo{pos};
    while (!todo.empty()) {
      std::size_t e = todo.back();
      todo.pop_back();
      if (std::binary_search(all.begin(), all.end(), e)) continue;
      add_end(all, e);
      for (std::size_t f : one(e, kExtend | kSpacingMark)) todo.push_back(f);
      for (std::size_t z : one(e, kZWJ)) {
        todo.push_back(z);
        for (std::size_t x : one(z, kExtPict))
          for (std::size_t y : star(x, kExtend)) todo.push_back(y);
      }
    }
    return all;
  }

  Ends hangul(std::size_t pos) {
    Ends core;
    auto merge = [&core](const Ends& e) {
      for (std::size_t v : e) add_end(core, v);
    };
    // L+ (((LV? V+ | LVT) T*)? | LV?)
    for (std::size_t l : plus(pos, kL)) {
      add_end(core, l);
      Ends lv = one(l, kLV);
      merge(lv);
      Ends pre = lv;
      add_end(pre, l);
      Ends mid = then(pre, [this](std::size_t e) { return plus(e, kV); });
      for (std::size_t v : one(l, kLVT)) add_end(mid, v);
      merge(then(mid, [this](std::size_t e) { return star(e, kT); }));
    }
    // LV V* T*
    merge(then(then(one(pos, kLV), [this](std::size_t e) { return star(e, kV); }),
               [this](std::size_t e) { return star(e, kT); }));
    // V+ T*
    merge(then(plus(pos, kV), [this](std::size_t e) { return star(e, kT); }));
    // LVT T*
    merge(then(one(pos, kLVT), [this](std::size_t e) { return star(e, kT); }));
    // T+
    merge(plus(pos, kT));
    return then(core, [this](std::size_t e) { return extension(e); });
  }

  // HangulSeq | EmojiSeq | ZWJSeq | EmojiFlagSeq | OtherSeq
  Ends body(std::size_t pos) {
    Ends out = hangul(pos);
    auto merge = [&out](const Ends& e) {
      for (std::size_t v : e) add_end(out, v);
    };
    // EmojiSeq = ExtPict Extend* Extension
    merge(then(then(one(pos, kExtPict), [this](std::size_t e) { return star(e, kExtend); }),
               [this](std::size_t e) { return extension(e); }));
    // ZWJSeq = ZWJ (ZWJ | Extend | SpacingMark)*
    merge(then(one(pos, kZWJ), [this](std::size_t e) { return star(e, kZWJ | kExtend | kSpacingMark); }));
    // EmojiFlagSeq = RI RI? Extension
    Ends ri = one(pos, kRI);
    Ends ri2 = then(ri, [this](std::size_t e) { return one(e, kRI); });
    for (std::size_t v : ri2) add_end(ri, v);
    merge(then(ri, [this](std::size_t e) { return extension(e); }));
    // OtherSeq: a unit matched by AnyUTF8 and by none of the excluded
    // classes (for the same bytes), then (Extend | ZWJ | SpacingMark)*.
    constexpr std::uint16_t kNotOther =
        kCR | kLF | kControl | kL | kLV | kV | kLVT | kT | kExtPict | kZWJ | kRI | kPrepend;
    for (const TsAlt& a : alts(pos)) {
      if (!(a.cls & kAny) || (a.cls & kNotOther)) continue;
      merge(star(pos + a.len, kExtend | kZWJ | kSpacingMark));
    }
    return out;
  }
};

// sequenceMustEndGraphemeCluster: a single rune that is one of the listed
// delimiters. All of them are ASCII, so a one-byte check suffices.
bool must_end_grapheme_cluster(std::string_view s) {
  if (s.size() != 1) return false;
  switch (s[0]) {
    case '-': case '_': case ':': case ';': case '/': case '\\': case ',': case '.':
    case '(': case ')': case '{': case '}': case '[': case ']': case '|': case '?':
    case '!': case '~': case ' ': case '\t': case '@': case '#': case '$': case '%':
    case '^': case '&': case '*': case '+': case '"': case '\'':
      return true;
    default:
      return false;
  }
}

}  // namespace

std::string safe_known_prefix(std::string_view in) {
  std::string prefix = to_nfc(in);

  // Trim a trailing partial NFC segment (TR15 section 13.1).
  std::ptrdiff_t last = nfc_last_boundary(prefix);
  if (last != -1 && static_cast<std::size_t>(last) != prefix.size()) {
    prefix.resize(static_cast<std::size_t>(last));
    return prefix;
  }

  // Scan grapheme clusters as far as the scanner can go without more input
  // (textseg.ScanGraphemeClusters with atEOF = false).
  Scanner sc(prefix);
  std::size_t prev = 0, cur = 0;
  while (cur < prefix.size()) {
    std::size_t adv = sc.token(cur);
    if (adv == 0) {
      prev = cur;
      break;
    }
    prev = cur;
    cur += adv;
  }
  if (must_end_grapheme_cluster(std::string_view(prefix).substr(prev, cur - prev))) prev = cur;
  prefix.resize(prev);
  return prefix;
}

}  // namespace dynval::text
