// NFC normalisation exactly as golang.org/x/text/unicode/norm (v0.11.0,
// Unicode 15.0.0) NFC.String and NFC.LastBoundary behave.
//
// Go's norm is not textbook UAX #15 in a few places, and go-cty (hence
// Terraform's wire format) inherits its output, so the algorithm itself is
// ported here (norm/normalize.go String, quickSpan, appendQuick,
// doAppendInner, decomposeSegment; norm/composition.go reorderBuffer) while
// the character data comes from utf8proc 2.8 (also Unicode 15.0.0),
// reshaped the way norm/maketables.go shapes Go's tables:
//
// * Invalid UTF-8 (nfcTrie.lookup): an invalid unit of 1-4 bytes has zero
//   Properties, i.e. it is an inert starter copied as is. A lead byte with
//   fewer bytes left than its sequence needs has size 0 ("incomplete") and
//   everything from there to the end is copied unchanged.
// * Stream-Safe Text Format: U+034F (CGJ) is inserted before the 31st
//   consecutive non-starter, counted on the compatibility decomposition with
//   backward-combining starters counted as non-starters.
// * compose() only moves its "last starter" when it looks at a rune that
//   combines backwards, so a ccc-0 rune inside a segment (e.g. U+0B3E or
//   U+FF9E) does not always block composition with the starter before it.
// * combine() looks pairs up by the low 16 bits of both runes, so e.g.
//   U+10041 U+0301 composes to U+00C1.
// * Once a conjoining jamo (U+1100..U+11FF) is seen after the first rune of
//   a segment, only Hangul compositions are done for the rest of it.
#include <utf8proc.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "support/error.hpp"
#include "text/text.hpp"

namespace dynval::text {

namespace {

constexpr char32_t kHangulBase = 0xAC00, kHangulEnd = 0xD7A4;
constexpr char32_t kJamoLBase = 0x1100, kJamoLEnd = 0x1113;
constexpr char32_t kJamoVBase = 0x1161, kJamoVEnd = 0x1176;
// maketables.go marks the T jamo [0x11A8, 0x11C3) as combining backwards.
constexpr char32_t kJamoTBase = 0x11A8, kJamoTEnd = 0x11C3;
// U+11A7, one below the first T jamo (composition.go's jamoTBase).
constexpr char32_t kJamoTBaseMinus1 = 0x11A7;
constexpr unsigned kMaxNonStarters = 30;  // norm.maxNonStarters

// The Go norm Properties of one rune in the NFC form that matter to us.
struct NormProps {
  std::uint8_t ccc = 0;     // Properties.ccc: ccc of the first rune of the
                            // canonical decomposition (lccc)
  std::uint8_t nlead = 0;   // nLeadingNonStarters
  std::uint8_t ntrail = 0;  // nTrailingNonStarters
  bool fwd = false;         // combinesForward
  bool back = false;        // combinesBackward (NFC_QC = Maybe)
  bool decomp = false;      // hasDecomposition (NFD_QC = No)
  bool no = false;          // NFC_QC = No (one-way)
  // Properties.isInert(): flags&0x3F == 0 && ccc == 0.
  bool inert() const { return ccc == 0 && ntrail == 0 && !fwd && !back && !decomp && !no; }
  // All fields packed into one integer (for deduplication and test hooks).
  std::uint32_t key() const {
    return static_cast<std::uint32_t>(ccc) | static_cast<std::uint32_t>(nlead) << 8 |
           static_cast<std::uint32_t>(ntrail) << 16 | static_cast<std::uint32_t>(fwd) << 24 |
           static_cast<std::uint32_t>(back) << 25 | static_cast<std::uint32_t>(decomp) << 26 |
           static_cast<std::uint32_t>(no) << 27;
  }
};

// Nothing at or above U+30000 has a combining class, a decomposition or a
// composition in Unicode 15 (checked against utf8proc 2.8 by
// NormTableCoversAllCodePoints in tests/unit/text).
constexpr char32_t kLimit = 0x30000;
// The two-stage table: blocks of 64 code points.
constexpr unsigned kBlockShift = 6;
constexpr char32_t kBlockMask = (char32_t{1} << kBlockShift) - 1;

bool is_hangul(char32_t c) { return c >= kHangulBase && c < kHangulEnd; }

std::uint8_t raw_ccc(char32_t c) {
  return static_cast<std::uint8_t>(
      utf8proc_get_property(static_cast<utf8proc_int32_t>(c))->combining_class);
}

// Full decomposition of one code point (canonical, or compatibility when
// compat is set). Returns false when c has no such decomposition.
bool decompose(char32_t c, bool compat, std::vector<char32_t>& out) {
  out.clear();
  const utf8proc_property_t* p = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
  if (!is_hangul(c)) {
    if (p->decomp_seqindex == UINT16_MAX) return false;
    if (!compat && p->decomp_type != 0) return false;  // compatibility only
  }
  utf8proc_int32_t buf[32];
  int last_bc = 0;
  auto opts = static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | (compat ? UTF8PROC_COMPAT : 0));
  utf8proc_ssize_t n =
      utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), buf, 32, opts, &last_bc);
  if (n <= 0 || n > 32) throw Error(Status::Internal, "utf8proc_decompose_char failed");
  for (utf8proc_ssize_t i = 0; i < n; ++i) out.push_back(static_cast<char32_t>(buf[i]));
  return !(n == 1 && out[0] == c);
}

// NFC of a short code point sequence through utf8proc.
std::vector<char32_t> nfc_of(const std::vector<char32_t>& in) {
  std::vector<utf8proc_int32_t> buf(in.begin(), in.end());
  utf8proc_ssize_t n = utf8proc_normalize_utf32(
      buf.data(), static_cast<utf8proc_ssize_t>(buf.size()),
      static_cast<utf8proc_option_t>(UTF8PROC_COMPOSE | UTF8PROC_STABLE));
  if (n < 0) throw Error(Status::Internal, "utf8proc_normalize_utf32 failed");
  return std::vector<char32_t>(buf.begin(), buf.begin() + n);
}

// Sparse table of the runes whose NormProps are not all-default, built once
// from utf8proc's data the way norm/maketables.go builds Go's tables.
class NormTable {
 public:
  static const NormTable& get() {
    static const NormTable table;
    return table;
  }

  // The Properties of c from the two-stage table: one shift, two loads.
  NormProps props(char32_t c) const {
    if (c >= kLimit) return {};
    std::size_t block = index_[c >> kBlockShift];
    return palette_[blocks_[(block << kBlockShift) | (c & kBlockMask)]];
  }

  // True when c's Properties make it a segment start that quickSpan passes
  // over with no other state change than ss = nTrailingNonStarters: ccc 0,
  // no leading non-starters, NFC_QC = Yes (isYesC). Most text is such runes.
  bool quick_starter(char32_t c) const {
    if (c >= kLimit) return true;
    return (starter_bits_[c >> 6] >> (c & 63)) & 1;
  }

  // The Properties of c from the sparse table the two-stage one is built
  // from (the reference for tests).
  NormProps props_slow(char32_t c) const {
    if (c < 0x80) return ascii_[c];
    if (is_hangul(c)) {
      NormProps p;
      p.decomp = true;
      bool lv = (c - kHangulBase) % 28 == 0;
      p.fwd = lv;  // isHangulWithoutJamoT
      p.ntrail = lv ? 1 : 2;
      return p;
    }
    auto it = std::lower_bound(entries_.begin(), entries_.end(), c,
                               [](const Entry& e, char32_t v) { return e.cp < v; });
    if (it != entries_.end() && it->cp == c) return it->props;
    return {};
  }

  // norm.combine: the composite of (a, b) keyed by the low 16 bits of
  // each, or 0.
  char32_t combine(char32_t a, char32_t b) const {
    std::uint32_t key = (static_cast<std::uint32_t>(a & 0xFFFF) << 16) | (b & 0xFFFF);
    auto it = std::lower_bound(recomp_.begin(), recomp_.end(), key,
                               [](const std::pair<std::uint32_t, char32_t>& e, std::uint32_t k) {
                                 return e.first < k;
                               });
    return it != recomp_.end() && it->first == key ? it->second : 0;
  }

 private:
  struct Entry {
    char32_t cp;
    NormProps props;
  };
  std::vector<std::pair<std::uint32_t, char32_t>> recomp_;
  std::vector<Entry> entries_;
  NormProps ascii_[0x80];  // ASCII letters and < = > combine forwards
  // Two-stage table over [0, kLimit): index_ maps a block of 64 code points
  // to one of the distinct blocks in blocks_, whose bytes index palette_
  // (palette_[0] is the all-default Properties).
  std::uint16_t index_[kLimit >> kBlockShift];
  std::vector<std::uint8_t> blocks_;
  std::vector<NormProps> palette_;
  // quick_starter bits, one per code point below kLimit (24 KiB).
  std::uint64_t starter_bits_[kLimit >> 6];

  // Built at the first non-ASCII string of a process, so its cost is paid
  // by every short-lived CLI run: the entries (sorted by code point) are
  // walked once alongside the code points instead of searched for each,
  // and the all-default properties and blocks (most of them) skip the
  // palette and block maps.
  void build_two_stage() {
    std::map<std::uint32_t, std::uint8_t> palette_ids;
    palette_.push_back(NormProps{});
    const std::uint32_t default_key = NormProps{}.key();
    palette_ids.emplace(default_key, 0);
    std::map<std::string, std::uint16_t> block_ids;
    const std::string zero_block(std::size_t{1} << kBlockShift, '\0');
    std::string block = zero_block;
    auto next = entries_.begin();  // first entry at or after the current code point
    static_assert(kBlockShift == 6, "a block is one word of starter_bits_");
    std::uint16_t zero_id = UINT16_MAX;
    for (char32_t b = 0; b < (kLimit >> kBlockShift); ++b) {
      const char32_t first = b << kBlockShift, last = first | kBlockMask;
      while (next != entries_.end() && next->cp < first) ++next;
      if (zero_id != UINT16_MAX && first >= 0x80 && (next == entries_.end() || next->cp > last) &&
          (last < kHangulBase || first >= kHangulEnd)) {
        // No entry in the block: every code point has the default
        // properties, a quick starter.
        starter_bits_[b] = ~std::uint64_t{0};
        index_[b] = zero_id;
        continue;
      }
      bool all_default = true;
      for (char32_t k = 0; k <= kBlockMask; ++k) {
        const char32_t c = (b << kBlockShift) | k;
        NormProps p;  // props_slow(c), with the entries walked in order
        if (c < 0x80) {
          p = ascii_[c];
        } else if (c >= 0xD800 && c < 0xE000) {
          // surrogates: default
        } else if (is_hangul(c)) {
          p = props_slow(c);
        } else {
          while (next != entries_.end() && next->cp < c) ++next;
          if (next != entries_.end() && next->cp == c) p = next->props;
        }
        std::uint8_t id = 0;
        const std::uint32_t key = p.key();
        if (key != default_key) {
          auto [it, added] = palette_ids.emplace(key, static_cast<std::uint8_t>(palette_.size()));
          if (added) {
            if (palette_.size() > 0xFF) throw Error(Status::Internal, "NFC property palette overflow");
            palette_.push_back(p);
          }
          id = it->second;
          all_default = false;
        }
        block[k] = static_cast<char>(id);
        // ss_next relies on ss <= kMaxNonStarters after a starter.
        if (p.ntrail > kMaxNonStarters) throw Error(Status::Internal, "NFC nTrail too large");
        if (p.ccc == 0 && p.nlead == 0 && !p.no && !p.back)
          starter_bits_[c >> 6] |= std::uint64_t{1} << (c & 63);
      }
      auto [it, added] = block_ids.emplace(all_default ? zero_block : block, static_cast<std::uint16_t>(block_ids.size()));
      if (added) blocks_.insert(blocks_.end(), it->first.begin(), it->first.end());
      index_[b] = it->second;
      if (all_default) zero_id = it->second;
    }
  }

  NormTable() : ascii_(), index_(), starter_bits_() {
    // Phase 2 of maketables completeCharFields: primary composites give
    // combinesForward to their first and combinesBackward to their second
    // rune. A primary composite is a canonical decomposition that NFC
    // recomposes (not excluded, not a singleton, not a non-starter one).
    std::vector<char32_t> fwd, back;
    std::vector<char32_t> d;
    for (char32_t c = 0xC0; c < kLimit; ++c) {
      if (is_hangul(c)) continue;
      if (!decompose(c, false, d)) continue;
      std::vector<char32_t> one{c};
      if (nfc_of(d) != one) continue;  // one-way
      std::vector<char32_t> head(d.begin(), d.end() - 1);
      std::vector<char32_t> first = nfc_of(head);
      if (first.size() != 1) throw Error(Status::Internal, "unexpected composite");
      fwd.push_back(first[0]);
      back.push_back(d.back());
      recomp_.emplace_back((static_cast<std::uint32_t>(first[0] & 0xFFFF) << 16) | (d.back() & 0xFFFF), c);
    }
    std::sort(recomp_.begin(), recomp_.end());
    for (char32_t c = kJamoLBase; c < kJamoLEnd; ++c) fwd.push_back(c);
    for (char32_t c = kJamoVBase; c < kJamoVEnd; ++c) {
      fwd.push_back(c);
      back.push_back(c);
    }
    for (char32_t c = kJamoTBase; c < kJamoTEnd; ++c) back.push_back(c);
    std::sort(fwd.begin(), fwd.end());
    std::sort(back.begin(), back.end());
    auto has = [](const std::vector<char32_t>& v, char32_t c) {
      return std::binary_search(v.begin(), v.end(), c);
    };
    // Phase 4 (computeNonStarterCounts): leading/trailing runes of the
    // compatibility decomposition that have ccc != 0 or combine backwards.
    auto non_starter = [&](char32_t r) { return raw_ccc(r) != 0 || has(back, r); };
    std::vector<char32_t> k;
    for (char32_t c = 0; c < 0x80; ++c) ascii_[c].fwd = has(fwd, c);
    for (char32_t c = 0x80; c < kLimit; ++c) {
      if (c == 0xD800) c = 0xE000;
      if (is_hangul(c)) continue;
      const utf8proc_property_t* up = utf8proc_get_property(static_cast<utf8proc_int32_t>(c));
      bool maybe = up->comb_index != UINT16_MAX || (c >= kJamoLBase && c < kJamoTEnd);
      bool f = maybe && has(fwd, c), b = maybe && has(back, c);
      if (up->combining_class == 0 && up->decomp_seqindex == UINT16_MAX && !f && !b) continue;
      NormProps p;
      p.fwd = f;
      p.back = b;
      std::vector<char32_t> canon;
      p.decomp = decompose(c, false, canon);
      p.ccc = p.decomp ? raw_ccc(canon[0]) : raw_ccc(c);
      if (p.decomp) p.no = nfc_of(canon) != std::vector<char32_t>{c};  // one-way
      if (!decompose(c, true, k)) k.assign(1, c);
      std::size_t lead = 0, trail = 0;
      while (lead < k.size() && non_starter(k[lead])) ++lead;
      while (trail < k.size() && non_starter(k[k.size() - 1 - trail])) ++trail;
      p.nlead = static_cast<std::uint8_t>(lead);
      p.ntrail = static_cast<std::uint8_t>(trail);
      if (!p.decomp && p.ccc == 0 && p.nlead > 0 && !p.back) {
        // "We were tricked" (forminfo.go compInfo): only nTrail survives.
        p.fwd = false;
      }
      if (p.inert() && p.nlead == 0) continue;
      entries_.push_back({c, p});
    }
    build_two_stage();
  }
};

// One unit of input as Go's nfcTrie.lookup sees it.
struct Unit {
  std::size_t size;  // 0: incomplete sequence at the end of the input
  bool valid;        // a well-formed rune (otherwise inert, zero Properties)
  char32_t cp;
};

inline bool cont(unsigned char b) { return (b & 0xC0) == 0x80; }

// lookup_unit as first written (byte loop + go_decode_rune): the reference
// for tests.
Unit lookup_unit_ref(const unsigned char* p, std::size_t n) {
  unsigned char c0 = p[0];
  if (c0 < 0x80) return {1, true, c0};
  if (c0 < 0xC2) return {1, false, 0};
  std::size_t need = c0 < 0xE0 ? 2 : c0 < 0xF0 ? 3 : c0 < 0xF8 ? 4 : 0;
  if (need == 0) return {1, false, 0};
  if (n < need) return {0, false, 0};
  for (std::size_t k = 1; k < need; ++k)
    if (!cont(p[k])) return {k, false, 0};
  DecodedRune d = go_decode_rune(
      std::string_view(reinterpret_cast<const char*>(p), need));
  if (d.width != need) return {need, false, 0};  // overlong, surrogate, > U+10FFFF
  return {need, true, d.rune};
}

// The same, unrolled per sequence length: the range checks on the decoded
// value replace go_decode_rune's accept ranges (E0 80..9F and F0 80..8F are
// overlong, ED A0..BF are surrogates, F4 90.. and F5..F7 exceed U+10FFFF).
inline Unit lookup_unit(const unsigned char* p, std::size_t n) {
  unsigned char c0 = p[0];
  if (c0 < 0x80) return {1, true, c0};
  if (c0 < 0xE0) {
    if (c0 < 0xC2) return {1, false, 0};
    if (n < 2) return {0, false, 0};
    if (!cont(p[1])) return {1, false, 0};
    return {2, true, static_cast<char32_t>(((c0 & 0x1F) << 6) | (p[1] & 0x3F))};
  }
  if (c0 < 0xF0) {
    if (n < 3) return {0, false, 0};
    if (!cont(p[1])) return {1, false, 0};
    if (!cont(p[2])) return {2, false, 0};
    auto c = static_cast<char32_t>(((c0 & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
    if (c < 0x800 || (c >= 0xD800 && c < 0xE000)) return {3, false, 0};
    return {3, true, c};
  }
  if (c0 < 0xF8) {
    if (n < 4) return {0, false, 0};
    if (!cont(p[1])) return {1, false, 0};
    if (!cont(p[2])) return {2, false, 0};
    if (!cont(p[3])) return {3, false, 0};
    auto c = static_cast<char32_t>(((c0 & 0x07) << 18) | ((p[1] & 0x3F) << 12) |
                                   ((p[2] & 0x3F) << 6) | (p[3] & 0x3F));
    if (c < 0x10000 || c > 0x10FFFF) return {4, false, 0};
    return {4, true, c};
  }
  return {1, false, 0};
}

// The big-endian value of 4 bytes at p (first byte in the high bits).
inline std::uint32_t load_be32(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) << 24 | static_cast<std::uint32_t>(p[1]) << 16 |
         static_cast<std::uint32_t>(p[2]) << 8 | p[3];
}

// Per lead byte 0x80..0xFF: how a well-formed sequence starting with it is
// shaped. For load_be32(p) >> shift, the continuation bytes match
// cont_mask/cont_want, and the code point (payload bits) must be >= min.
// Bytes that cannot start a sequence (continuations, C0, C1, F5..FF) never
// match (cont_want has a bit outside cont_mask).
struct LeadInfo {
  std::uint8_t width;
  std::uint8_t shift;
  std::uint8_t cont_bits;  // width - 1 low bits: where its continuations are
  std::uint32_t cont_mask, cont_want, payload, min;
};
struct LeadTable {
  LeadInfo lead[128];
  constexpr LeadTable() : lead() {
    for (unsigned b = 0x80; b < 0x100; ++b) {
      LeadInfo& l = lead[b - 0x80];
      if (b >= 0xC2 && b < 0xE0) {
        l = {2, 16, 0x1, 0xC0, 0x80, 0x7FF, 0x80};
      } else if (b >= 0xE0 && b < 0xF0) {
        l = {3, 8, 0x3, 0xC0C0, 0x8080, 0xFFFF, 0x800};
      } else if (b >= 0xF0 && b < 0xF5) {
        l = {4, 0, 0x7, 0xC0C0C0, 0x808080, 0x1FFFFF, 0x10000};
      } else {
        l = {0, 0, 0, 0, 1, 0, 0};
      }
    }
  }
};
constexpr LeadTable kLeads{};

// Go norm's Properties for the unit starting at p (within [p, p+n)), as
// formInfo.info returns it: zero Properties for invalid units, size 0 for an
// incomplete sequence.
struct GoInfo {
  std::size_t size;
  NormProps props;
};

inline GoInfo go_info(const unsigned char* p, std::size_t n) {
  Unit u = lookup_unit(p, n);
  if (!u.valid) return {u.size, NormProps{}};
  return {u.size, NormTable::get().props(u.cp)};
}

GoInfo go_info_ref(const unsigned char* p, std::size_t n) {
  Unit u = lookup_unit_ref(p, n);
  if (!u.valid) return {u.size, NormProps{}};
  return {u.size, NormTable::get().props_slow(u.cp)};
}

// Loads 8 bytes without alignment requirements (compiles to one load).
inline std::uint64_t load8(const unsigned char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Number of leading bytes of [p, p+n) that are ASCII, 8 at a time.
inline std::size_t ascii_run(const unsigned char* p, std::size_t n) {
  std::size_t i = 0;
  while (i + 8 <= n && (load8(p + i) & 0x8080808080808080ULL) == 0) i += 8;
  while (i < n && p[i] < 0x80) ++i;
  return i;
}

bool yes_c(const NormProps& p) { return !p.no && !p.back; }               // isYesC
bool boundary_before(const NormProps& p) { return p.ccc == 0 && !p.back; }  // BoundaryBefore

enum SsState { kSsSuccess, kSsStarter, kSsOverflow };

// streamSafe.next
SsState ss_next(unsigned& ss, const NormProps& p) {
  ss += p.nlead;
  if (ss > kMaxNonStarters) {
    ss = 0;
    return kSsOverflow;
  }
  if (p.nlead == 0) {
    ss = p.ntrail;
    return kSsStarter;
  }
  return kSsSuccess;
}

// The NFC half of norm's reorderBuffer plus the String() driver. With Ref
// set it runs as first written (byte-at-a-time scans, sparse-table
// lookups): the reference the fast paths are tested against.
template <bool Ref>
class GoNfc {
 public:
  explicit GoNfc(std::string_view s)
      : src_(reinterpret_cast<const unsigned char*>(s.data())), n_(s.size()), t_(NormTable::get()) {}

  // norm.Form.String: returns false (and leaves out empty) when s is
  // already NFC.
  bool run(std::string& out) {
    std::size_t n = 0;
    if (quick_span(0, n)) return false;
    out.assign(reinterpret_cast<const char*>(src_), n);
    out_ = &out;
    // doAppendInner
    for (std::size_t p = n; p < n_;) {
      p = decompose_segment(p);
      p = append_quick(p);
    }
    return true;
  }

  // formInfo.quickSpan with atEOF = true on all of the input: true when
  // String() would return it unchanged.
  bool quick_span_all() const {
    std::size_t end = 0;
    return quick_span(0, end);
  }

 private:
  struct RbRune {
    char bytes[4];
    std::uint8_t size;
    NormProps props;
  };

  const unsigned char* src_;
  std::size_t n_;
  const NormTable& t_;
  std::string* out_ = nullptr;
  std::vector<RbRune> rb_;
  unsigned ss_ = 0;

  GoInfo info(std::size_t i) const {
    if constexpr (Ref) {
      return go_info_ref(src_ + i, n_ - i);
    } else {
      Unit u = lookup_unit(src_ + i, n_ - i);
      if (!u.valid) return {u.size, NormProps{}};
      return {u.size, t_.props(u.cp)};
    }
  }

  NormProps props(char32_t c) const {
    if constexpr (Ref) {
      return t_.props_slow(c);
    } else {
      return t_.props(c);
    }
  }


  // The width of the well-formed rune at i (not ASCII) if it is a
  // quick_starter, else 0. With 4 bytes available it decodes without
  // branches on the sequence length (mixed-script text mispredicts those).
  std::size_t quick_width(std::size_t i) const {
    const unsigned char* p = src_ + i;
    const std::size_t n = n_ - i;
    if (n >= 4) {
      const LeadInfo& li = kLeads.lead[p[0] - 0x80];
      std::uint32_t y = load_be32(p) >> li.shift;  // the sequence's bytes
      auto c = static_cast<char32_t>(((y & 0x3F) | ((y >> 2) & 0xFC0) | ((y >> 4) & 0x3F000) |
                                      ((y >> 6) & 0x1C0000)) &
                                     li.payload);
      bool ok = ((y & li.cont_mask) == li.cont_want) & (c >= li.min) & (c <= 0x10FFFF) &
                (c - 0xD800 >= 0x800) & t_.quick_starter(c);
      return ok ? li.width : 0;
    }
    const unsigned c0 = p[0];
    char32_t c;
    std::size_t w;
    if (c0 < 0xE0) {
      if (c0 < 0xC2 || n < 2 || !cont(p[1])) return 0;
      c = static_cast<char32_t>(((c0 & 0x1F) << 6) | (p[1] & 0x3F));
      w = 2;
    } else if (c0 < 0xF0) {
      if (n < 3 || !cont(p[1]) || !cont(p[2])) return 0;
      c = static_cast<char32_t>(((c0 & 0x0F) << 12) | ((p[1] & 0x3F) << 6) | (p[2] & 0x3F));
      if (c < 0x800 || (c >= 0xD800 && c < 0xE000)) return 0;
      w = 3;
    } else {
      return 0;  // 4-byte sequence with fewer than 4 bytes left
    }
    return t_.quick_starter(c) ? w : 0;
  }

#if defined(__SSE2__)
  // Passes over the runes that start in the 16 bytes at i (n_ - i >= 32)
  // when they are all well-formed quick_starters or ASCII: advances i past
  // the last of them and sets last_seg_start to its start. Otherwise
  // returns false and changes nothing. The per-rune work is independent
  // from rune to rune (positions come from a bit mask, not from the
  // previous rune's width), so the CPU overlaps it.
  bool quick_block(std::size_t& i, std::size_t& last_seg_start) const {
    const unsigned char* p = src_ + i;
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
    const __m128i c0 = _mm_set1_epi8(static_cast<char>(0xC0));
    // Continuation bytes 0x80..0xBF are the int8 values below -64.
    const std::uint32_t cont =
        static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmplt_epi8(a, c0))) |
        static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmplt_epi8(b, c0))) << 16;
    const auto high = static_cast<std::uint32_t>(_mm_movemask_epi8(a));
    const std::uint32_t starts = ~cont & 0xFFFF;
    bool ok = true;
    std::uint32_t want_cont = 0;  // continuation bytes the leads account for
    unsigned end = 16;
    for (std::uint32_t m = starts & high; m != 0; m &= m - 1) {
      const unsigned pos = static_cast<unsigned>(std::countr_zero(m));
      const LeadInfo& li = kLeads.lead[p[pos] - 0x80];
      std::uint32_t y = load_be32(p + pos) >> li.shift;
      auto c = static_cast<char32_t>(((y & 0x3F) | ((y >> 2) & 0xFC0) | ((y >> 4) & 0x3F000) |
                                      ((y >> 6) & 0x1C0000)) &
                                     li.payload);
      ok &= ((y & li.cont_mask) == li.cont_want) & (c >= li.min) & (c <= 0x10FFFF) &
            (c - 0xD800 >= 0x800) & t_.quick_starter(c);
      want_cont |= static_cast<std::uint32_t>(li.cont_bits) << (pos + 1);
      end = std::max(end, pos + li.width);
    }
    // Every continuation byte up to end belongs to one of the leads (no
    // stray ones), and the first byte starts a rune.
    if (!ok || (cont & ((std::uint32_t{1} << end) - 1)) != want_cont || starts == 0 ||
        !(starts & 1))
      return false;
    last_seg_start = i + static_cast<unsigned>(31 - std::countl_zero(starts));
    i += end;
    return true;
  }
#endif

  // formInfo.quickSpan with atEOF = true. Returns ok; end receives n.
  bool quick_span(std::size_t i, std::size_t& end) const {
    std::uint8_t last_cc = 0;
    unsigned ss = 0;
    std::size_t last_seg_start = i;
    // Set after quick_width runes: ss is then the nTrailingNonStarters of the
    // rune at last_seg_start, looked up only if the slow path needs it.
    bool ss_pending = false;
    std::size_t scalar_until = i;  // no 16-byte block before here
    while (i < n_) {
      if (src_[i] < 0x80) {
        if constexpr (Ref) {
          while (i < n_ && src_[i] < 0x80) ++i;
        } else {
          i += ascii_run(src_ + i, n_ - i);
          ss_pending = false;
        }
        last_seg_start = i - 1;
        last_cc = 0;
        ss = 0;
        continue;
      }
      if constexpr (!Ref) {
#if defined(__SSE2__)
        if (i >= scalar_until && n_ - i >= 32) {
          if (quick_block(i, last_seg_start)) {
            last_cc = 0;
            ss_pending = true;
            continue;
          }
          scalar_until = i + 16;  // one rune at a time through this block
        }
#endif
        // What the code below does for such a rune: ss_next says "starter"
        // (ss <= kMaxNonStarters always holds), ss = nTrail, yes_c holds.
        if (std::size_t w = quick_width(i)) {
          last_seg_start = i;
          last_cc = 0;
          ss_pending = true;
          i += w;
          continue;
        }
        if (ss_pending) {
          ss = info(last_seg_start).props.ntrail;
          ss_pending = false;
        }
      }
      GoInfo in = info(i);
      if (in.size == 0) {  // include incomplete runes
        end = n_;
        return true;
      }
      switch (ss_next(ss, in.props)) {
        case kSsStarter:
          last_seg_start = i;
          break;
        case kSsOverflow:
          end = last_seg_start;
          return false;
        case kSsSuccess:
          if (last_cc > in.props.ccc) {
            end = last_seg_start;
            return false;
          }
          break;
      }
      if (!yes_c(in.props)) break;
      last_cc = in.props.ccc;
      i += in.size;
    }
    if (i == n_) {
      end = n_;
      return true;
    }
    end = last_seg_start;
    return false;
  }

  std::size_t append_quick(std::size_t i) {
    if (i == n_) return i;
    std::size_t end = 0;
    quick_span(i, end);
    out_->append(reinterpret_cast<const char*>(src_) + i, end - i);
    return end;
  }

  std::size_t decompose_segment(std::size_t sp) {
    GoInfo in = info(sp);
    if (in.size == 0) return 0;  // not reached: see appendQuick
    SsState st = ss_next(ss_, in.props);
    if (st == kSsStarter) {
      if (!rb_.empty()) {
        flush();
        return sp;
      }
    } else if (st == kSsOverflow) {
      insert_cgj();
      flush();
      return sp;
    }
    insert_flush(sp, in);
    for (;;) {
      sp += in.size;
      if (sp >= n_) break;
      in = info(sp);
      if (in.size == 0) break;
      st = ss_next(ss_, in.props);
      if (st == kSsStarter) break;
      if (st == kSsOverflow) {
        insert_cgj();
        break;
      }
      insert_flush(sp, in);
    }
    flush();
    return sp;
  }

  static RbRune make_rune(char32_t c, const NormProps& p) {
    RbRune r{};
    utf8proc_uint8_t buf[4];
    utf8proc_ssize_t n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(c), buf);
    std::memcpy(r.bytes, buf, static_cast<std::size_t>(n));
    r.size = static_cast<std::uint8_t>(n);
    r.props = p;
    return r;
  }

  // reorderBuffer.insertOrdered
  void insert_ordered(const RbRune& r) {
    std::size_t pos = rb_.size();
    if (r.props.ccc > 0) {
      while (pos > 0 && rb_[pos - 1].props.ccc > r.props.ccc) --pos;
    }
    rb_.insert(rb_.begin() + static_cast<std::ptrdiff_t>(pos), r);
  }

  // reorderBuffer.insertFlush
  void insert_flush(std::size_t i, const GoInfo& in) {
    Unit u = Ref ? lookup_unit_ref(src_ + i, n_ - i) : lookup_unit(src_ + i, n_ - i);
    if (u.valid && is_hangul(u.cp)) {  // decomposeHangul: appendRune, zero Properties
      char32_t r = u.cp - kHangulBase;
      char32_t x = r % 28;
      r /= 28;
      rb_.push_back(make_rune(kJamoLBase + r / 21, NormProps{}));
      rb_.push_back(make_rune(kJamoVBase + r % 21, NormProps{}));
      if (x != 0) rb_.push_back(make_rune(kJamoTBaseMinus1 + x, NormProps{}));
      return;
    }
    if (in.props.decomp) {  // insertDecomposed
      std::vector<char32_t> d;
      decompose(u.cp, false, d);
      for (char32_t c : d) {
        NormProps p = props(c);
        if (boundary_before(p) && !rb_.empty()) flush();
        insert_ordered(make_rune(c, p));
      }
      return;
    }
    RbRune r{};  // insertSingle: the unit's own bytes (maybe invalid UTF-8)
    std::memcpy(r.bytes, src_ + i, in.size);
    r.size = static_cast<std::uint8_t>(in.size);
    r.props = in.props;
    insert_ordered(r);
  }

  void insert_cgj() {
    RbRune r{};
    r.bytes[0] = '\xCD';
    r.bytes[1] = '\x8F';
    r.size = 2;
    insert_ordered(r);  // ccc 0: appended
  }

  static char32_t rune_at(const RbRune& r) {
    return go_decode_rune(std::string_view(r.bytes, r.size)).rune;
  }

  static bool is_jamo_vt(const RbRune& r) {
    return static_cast<unsigned char>(r.bytes[0]) == 0xE1 &&
           (static_cast<unsigned char>(r.bytes[1]) & 0xFC) == 0x84;
  }

  void assign_rune(std::size_t pos, char32_t c) { rb_[pos] = make_rune(c, NormProps{}); }

  // reorderBuffer.compose
  void compose() {
    std::size_t bn = rb_.size();
    if (bn == 0) return;
    std::size_t k = 1, s = 0;
    for (std::size_t i = 1; i < bn; ++i) {
      if (is_jamo_vt(rb_[i])) {
        combine_hangul(s, i, k);
        return;
      }
      RbRune ii = rb_[i];
      if (ii.props.back) {
        std::uint8_t ccc_b = rb_[k - 1].props.ccc, ccc_c = ii.props.ccc;
        bool blocked = false;
        if (ccc_b == 0) {
          s = k - 1;
        } else {
          blocked = s != k - 1 && ccc_b >= ccc_c;
        }
        if (!blocked) {
          char32_t combined = t_.combine(rune_at(rb_[s]), rune_at(ii));
          if (combined != 0) {
            assign_rune(s, combined);
            continue;
          }
        }
      }
      rb_[k++] = ii;
    }
    rb_.resize(k);
  }

  // reorderBuffer.combineHangul
  void combine_hangul(std::size_t s, std::size_t i, std::size_t k) {
    std::size_t bn = rb_.size();
    for (; i < bn; ++i) {
      std::uint8_t ccc_b = rb_[k - 1].props.ccc, ccc_c = rb_[i].props.ccc;
      if (ccc_b == 0) s = k - 1;
      if (s != k - 1 && ccc_b >= ccc_c) {
        rb_[k++] = rb_[i];
        continue;
      }
      char32_t l = rune_at(rb_[s]), v = rune_at(rb_[i]);
      if (l >= kJamoLBase && l < kJamoLEnd && v >= kJamoVBase && v < kJamoVEnd) {
        assign_rune(s, kHangulBase + (l - kJamoLBase) * 21 * 28 + (v - kJamoVBase) * 28);
      } else if (l >= kHangulBase && l < kHangulEnd && v > kJamoTBaseMinus1 && v < kJamoTEnd &&
                 (l - kHangulBase) % 28 == 0) {
        assign_rune(s, l + v - kJamoTBaseMinus1);
      } else {
        rb_[k++] = rb_[i];
      }
    }
    rb_.resize(k);
  }

  // reorderBuffer.doFlush with appendFlush
  void flush() {
    compose();
    for (const RbRune& r : rb_) out_->append(r.bytes, r.size);
    rb_.clear();
  }
};

}  // namespace

bool is_nfc(std::string_view s) {
  if (is_ascii(s)) return true;
  GoNfc<false> nfc(s);
  if (nfc.quick_span_all()) return true;
  std::string out;
  return !nfc.run(out) || out == s;
}

std::string to_nfc(std::string_view s) {
  std::string out;
  if (is_ascii(s) || !GoNfc<false>(s).run(out)) return std::string(s);
  return out;
}

namespace detail {

std::uint32_t nfc_props_key(char32_t c, bool reference) {
  const NormTable& t = NormTable::get();
  if (c > 0x10FFFF || (c >= 0xD800 && c < 0xE000)) return NormProps{}.key();
  return (reference ? t.props_slow(c) : t.props(c)).key();
}

std::string to_nfc_reference(std::string_view s) {
  std::string out;
  if (!GoNfc<true>(s).run(out)) return std::string(s);
  return out;
}

bool is_nfc_reference(std::string_view s) {
  std::string out;
  return !GoNfc<true>(s).run(out) || out == s;
}

}  // namespace detail

// norm.Form.LastBoundary / lastBoundary (norm/normalize.go), with
// lastRuneStart and streamSafe.backwards inlined.
std::ptrdiff_t nfc_last_boundary(std::string_view b) {
  const auto* data = reinterpret_cast<const unsigned char*>(b.data());
  // lastRuneStart(buf[:end]): position of the last byte that is not a UTF-8
  // continuation byte, and the info of the unit there (looked up within
  // buf[:end]); p = -1 and zero info if there is none.
  auto last_rune_start = [&](std::ptrdiff_t end, GoInfo& info) -> std::ptrdiff_t {
    std::ptrdiff_t p = end - 1;
    while (p >= 0 && cont(data[p])) --p;
    if (p < 0) {
      info = GoInfo{0, NormProps{}};
      return -1;
    }
    info = go_info(data + p, static_cast<std::size_t>(end - p));
    return p;
  };

  auto i = static_cast<std::ptrdiff_t>(b.size());
  GoInfo info;
  std::ptrdiff_t p = last_rune_start(i, info);
  if (p == -1) return -1;
  if (info.size == 0) {  // ends with an incomplete rune
    if (p == 0) return -1;
    i = p;
    p = last_rune_start(i, info);
    if (p == -1) return i;
  }
  if (p + static_cast<std::ptrdiff_t>(info.size) != i) return i;  // trailing junk
  if (info.props.inert()) return i;  // BoundaryAfter
  // streamSafe.backwards
  unsigned ss = 0;
  enum { kSuccess, kStarter, kOverflow };
  auto backwards = [&ss](const NormProps& np) {
    unsigned c = ss + np.ntrail;
    if (c > kMaxNonStarters) return kOverflow;
    ss = c;
    return np.nlead == 0 ? kStarter : kSuccess;
  };
  int v = backwards(info.props);
  for (i = p; i >= 0 && v != kStarter; i = p) {
    p = last_rune_start(i, info);
    if ((v = backwards(info.props)) == kOverflow) break;
    if (p + static_cast<std::ptrdiff_t>(info.size) != i) {
      if (p == -1) return -1;  // no boundary found
      return i;                // boundary after an illegal UTF-8 encoding
    }
  }
  return i;
}

}  // namespace dynval::text
