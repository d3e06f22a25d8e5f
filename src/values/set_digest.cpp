// Set keys without walking everything below: digests, streamed hash bytes
// and exact membership (value_internal.hpp, "set keys").
//
// go-cty decides set membership by hash bytes (appendSetHashBytes) plus
// Equals, and orders elements by hash bytes. Built naively, each set level
// renders the hash bytes and equality keys of everything below it, and a
// nested set's equality key holds its members' hash bytes again, so
// building set(tuple([string, set(...)])) nested d levels deep cost about
// d^3. Here:
//   - each set caches, when it is built, three digests of itself (hash
//     bytes, Equals class, RawEquals class: SetSummary), so the digest of an
//     element walks it only down to the sets inside it;
//   - hash bytes are never built: they are compared as a stream
//     (compare_hash_bytes), which reads only their common prefix;
//   - digests only pick candidates: every merge is confirmed exactly
//     (same_member), and an exact Equals of two elements whose hash bytes
//     are known to be equal never compares hash bytes again below.
// Building nested sets is then linear in the input, plus the sorts.
//
// The digests are seeded per process, so inputs cannot be crafted to
// collide; collisions cost time, never correctness.
#include <algorithm>
#include <array>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/hash.hpp"
#include "text/text.hpp"
#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval::values_detail {

namespace {

uint64_t fmix(uint64_t k) noexcept { return mix64(k); }

const uint64_t kSeed = [] {
  std::random_device rd;
  return (uint64_t(rd()) << 32 | rd()) | 1;
}();

// Ordered combination: mix(mix(mix(tag, a), b), c) for a sequence.
uint64_t mix(uint64_t h, uint64_t x) noexcept { return fmix((h ^ kSeed) * 0x9e3779b97f4a7c15ULL + x); }

uint64_t bytes_digest(std::string_view s) noexcept {
  uint64_t h = fmix(kSeed ^ (s.size() * 0x9e3779b97f4a7c15ULL));
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    h = mix(h, w);
  }
  uint64_t tail = 0;
  std::memcpy(&tail, s.data() + i, s.size() - i);
  return mix(h, tail ^ (uint64_t(s.size() - i) << 56));
}

uint64_t tag(char c) noexcept { return fmix(kSeed + uint64_t(static_cast<unsigned char>(c))); }

uint64_t refinements_digest(const Refinements& r) {
  uint64_t h = mix(tag('?'), r.not_null ? 1 : 0);
  h = mix(h, bytes_digest(r.prefix));
  std::string k;
  for (const auto* b : {&r.lower, &r.upper}) {
    if (!*b) {
      h = mix(h, 0);
      continue;
    }
    k.clear();
    (*b)->value.append_equality_key(k);
    h = mix(mix(h, (*b)->inclusive ? 2 : 1), bytes_digest(k));
  }
  return mix(mix(h, static_cast<uint64_t>(r.len_min)), static_cast<uint64_t>(r.len_max));
}

}  // namespace

SetSummary summarize_set(std::span<const Digests> elems, bool wholly_known) {
  SetSummary s{tag('['), 0, tag('S')};
  uint64_t members = 0;
  for (const Digests& d : elems) {
    s.h = mix(s.h, d.h);
    s.raw = mix(s.raw, d.raw);
    members += fmix(mix(d.h, d.eq));  // order-free: Equals ignores the order
  }
  s.eq = wholly_known ? mix(mix(tag('e'), elems.size()), members) : 0;
  return s;
}

Digests digest(const Value& v) { return digest(v, v.type().kind()); }

Digests digest(const Value& v, TypeKind kind) {
  Digests d;
  if (!v.is_known()) {
    d.h = tag('?');
    d.raw = refinements_digest(v.refinements());
    return d;
  }
  if (v.is_null()) {
    d.h = tag('~');
    d.eq = d.raw = tag('z');  // nulls Equal whatever their type
    return d;
  }
  switch (kind) {
    case TypeKind::Bool:
      d.h = d.eq = d.raw = tag(v.as_bool() ? 'T' : 'F');
      return d;
    case TypeKind::Number: {
      std::string s;
      v.as_number().append_hash_text(s);
      d.h = mix(tag('n'), bytes_digest(s));
      s.clear();
      v.as_number().append_equality_key(s);
      d.eq = d.raw = mix(tag('N'), bytes_digest(s));
      return d;
    }
    case TypeKind::String:
      d.h = d.eq = d.raw = mix(tag('s'), bytes_digest(v.as_string()));
      return d;
    case TypeKind::Set: {
      if (const CollRep* c = ValueAccess::coll(v)) {
        if (const SetSummary* s = c->summary()) return Digests{s->h, s->eq, s->raw};
      }
      std::vector<Digests> ds;
      ds.reserve(v.length());
      for (const Value& e : v.elements()) ds.push_back(digest(e));
      const SetSummary s = summarize_set(ds, v.is_wholly_known());
      return Digests{s.h, s.eq, s.raw};
    }
    case TypeKind::Map: {
      d.h = d.eq = d.raw = mix(tag('{'), v.length());
      for (size_t i = 0; i < v.length(); ++i) {
        const uint64_t k = bytes_digest(v.key_at(i));
        const Digests c = digest(v.at(i));
        d.h = mix(mix(d.h, k), c.h);
        d.eq = mix(mix(d.eq, k), c.eq);
        d.raw = mix(mix(d.raw, k), c.raw);
      }
      return d;
    }
    case TypeKind::List:
    case TypeKind::Tuple:
    case TypeKind::Object: {
      d.h = d.eq = d.raw = mix(tag('l'), v.length());
      for (const Value& e : v.elements()) {
        const Digests c = digest(e);
        d.h = mix(d.h, c.h);
        d.eq = mix(d.eq, c.eq);
        d.raw = mix(d.raw, c.raw);
      }
      return d;
    }
    case TypeKind::Dynamic:
      break;
  }
  d.h = d.eq = d.raw = tag('?');
  return d;
}

// ---------------------------------------------------------------------------
// Hash bytes as a stream of chunks (the layout of Value::append_set_hash_bytes)

namespace {

class HashBytesCursor {
 public:
  explicit HashBytesCursor(const Value& v) { stack_.push_back(Frame{&v, 0, 0, 0}); }

  // The next chunk (never empty), or an empty view at the end. Valid until
  // the next call.
  std::string_view next() {
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      const Value& v = *f.v;
      if (f.phase == 0) {
        const char open = opener(v);
        if (open == 0) {  // a leaf: its whole text
          buf_.clear();
          leaf(v, buf_);
          stack_.pop_back();
          return buf_;
        }
        f.n = v.length();
        f.phase = 1;
        return one(open);
      }
      if (f.phase == 1) {
        if (f.i == f.n) {
          const char close = closer(v);
          stack_.pop_back();
          return one(close);
        }
        f.phase = 2;
        if (v.type().kind() == TypeKind::Map) {
          buf_.clear();
          text::append_go_quoted(buf_, v.key_at(f.i));
          buf_.push_back(':');
          return buf_;
        }
        continue;
      }
      if (f.phase == 2) {
        f.phase = 3;
        const Value* child = &v.at(f.i);
        stack_.push_back(Frame{child, 0, 0, 0});  // invalidates f
        continue;
      }
      f.phase = 1;
      ++f.i;
      return one(';');
    }
    return {};
  }

 private:
  struct Frame {
    const Value* v;
    size_t i, n;
    int phase;  // 0 start, 1 before element i, 2 descend into i, 3 after i
  };

  static char opener(const Value& v) {
    if (!v.is_known() || v.is_null()) return 0;
    switch (v.type().kind()) {
      case TypeKind::Map: return '{';
      case TypeKind::List:
      case TypeKind::Set: return '[';
      case TypeKind::Object:
      case TypeKind::Tuple: return '<';
      default: return 0;
    }
  }
  static char closer(const Value& v) {
    switch (v.type().kind()) {
      case TypeKind::Map: return '}';
      case TypeKind::List:
      case TypeKind::Set: return ']';
      default: return '>';
    }
  }
  static void leaf(const Value& v, std::string& out) { v.append_set_hash_bytes(out); }
  std::string_view one(char c) {
    one_ = c;
    return std::string_view(&one_, 1);
  }

  std::vector<Frame> stack_;
  std::string buf_;
  char one_ = 0;
};

uint32_t crc32_update(uint32_t c, std::string_view s) {
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t x = i;
      for (int k = 0; k < 8; ++k) x = (x & 1) ? 0xedb88320u ^ (x >> 1) : x >> 1;
      t[i] = x;
    }
    return t;
  }();
  for (unsigned char b : s) c = table[(c ^ b) & 0xff] ^ (c >> 8);
  return c;
}

bool same_block(const Value& a, const Value& b) {
  const CollRep* ca = ValueAccess::coll(a);
  return ca != nullptr && ca == ValueAccess::coll(b);
}

}  // namespace

int compare_hash_bytes(const Value& a, const Value& b) {
  if (&a == &b || same_block(a, b)) return 0;
  HashBytesCursor ca(a), cb(b);
  std::string_view x = ca.next(), y = cb.next();
  for (;;) {
    if (x.empty() || y.empty()) return x.empty() ? (y.empty() ? 0 : -1) : 1;
    const size_t k = std::min(x.size(), y.size());
    const int c = std::memcmp(x.data(), y.data(), k);
    if (c != 0) return c < 0 ? -1 : 1;
    x.remove_prefix(k);
    y.remove_prefix(k);
    if (x.empty()) x = ca.next();
    if (y.empty()) y = cb.next();
  }
}

namespace {

// Appends v's hash bytes to out until out holds at least `limit` bytes (the
// caller cuts the excess). Recursive, with no allocation beyond `out`: it
// runs once per element of every set built, where HashBytesCursor's stack
// and chunk buffer cost two heap blocks each time. Recursion is bounded by
// the value depth (limits::kMaxSupportedDepth).
void append_hash_prefix(const Value& v, TypeKind k, size_t limit, std::string& out) {
  if (out.size() >= limit) return;
  if (!v.is_known() || v.is_null()) {
    v.append_set_hash_bytes(out);
    return;
  }
  char open, close;
  switch (k) {
    case TypeKind::Map: open = '{', close = '}'; break;
    case TypeKind::List:
    case TypeKind::Set: open = '[', close = ']'; break;
    case TypeKind::Object:
    case TypeKind::Tuple: open = '<', close = '>'; break;
    default:
      v.append_set_hash_bytes(out);
      return;
  }
  out.push_back(open);
  const size_t n = v.length();
  for (size_t i = 0; i < n && out.size() < limit; ++i) {
    if (k == TypeKind::Map) {
      text::append_go_quoted(out, v.key_at(i));
      out.push_back(':');
    }
    const Value& e = v.at(i);
    append_hash_prefix(e, e.type().kind(), limit, out);
    out.push_back(';');
  }
  out.push_back(close);
}

}  // namespace

void hash_bytes_prefix(const Value& v, size_t n, std::string& out) {
  hash_bytes_prefix(v, v.type().kind(), n, out);
}

void hash_bytes_prefix(const Value& v, TypeKind kind, size_t n, std::string& out) {
  const size_t start = out.size();
  append_hash_prefix(v, kind, start + n, out);
  if (out.size() > start + n) out.resize(start + n);
}

uint32_t hash_bytes_crc32(const Value& v) {
  HashBytesCursor c(v);
  uint32_t crc = 0xffffffffu;
  for (std::string_view s = c.next(); !s.empty(); s = c.next()) crc = crc32_update(crc, s);
  return crc ^ 0xffffffffu;
}

// ---------------------------------------------------------------------------
// Exact membership

namespace {

bool equal_aligned(const Value& a, const Value& b);

// Matches the members of two sets of one size: every element of `a` to a
// distinct element of `b` with equal digests for which `same(x, y)` holds.
// Digests group the candidates; within a group of equal digests (almost
// always one element each) a greedy matching is exact, membership being an
// equivalence.
template <class Same>
bool match_members(const Value& a, const Value& b, Same&& same) {
  const size_t n = a.length();
  if (n != b.length()) return false;
  struct Key {
    uint64_t h, eq;
    uint32_t i;
    bool operator<(const Key& o) const { return h != o.h ? h < o.h : (eq != o.eq ? eq < o.eq : i < o.i); }
  };
  std::vector<Key> ka(n), kb(n);
  for (size_t i = 0; i < n; ++i) {
    const Digests da = digest(a.at(i)), db = digest(b.at(i));
    ka[i] = Key{da.h, da.eq, uint32_t(i)};
    kb[i] = Key{db.h, db.eq, uint32_t(i)};
  }
  std::sort(ka.begin(), ka.end());
  std::sort(kb.begin(), kb.end());
  for (size_t i = 0; i < n; ++i) {
    if (ka[i].h != kb[i].h || ka[i].eq != kb[i].eq) return false;
  }
  std::vector<bool> used;
  for (size_t s = 0; s < n;) {
    size_t e = s + 1;
    while (e < n && ka[e].h == ka[s].h && ka[e].eq == ka[s].eq) ++e;
    if (e == s + 1) {
      if (!same(a.at(ka[s].i), b.at(kb[s].i))) return false;
    } else {
      used.assign(e - s, false);
      for (size_t x = s; x < e; ++x) {
        bool found = false;
        for (size_t y = s; y < e && !found; ++y) {
          if (!used[y - s] && same(a.at(ka[x].i), b.at(kb[y].i))) {
            used[y - s] = true;
            found = true;
          }
        }
        if (!found) return false;
      }
    }
    s = e;
  }
  return true;
}

// Equals of two wholly-known values of one type whose hash bytes are known
// to be equal: below them, positions line up, so the hash bytes of the
// members of nested sets need no second look unless a member is matched
// to one at another position.
bool equal_aligned(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  if (same_block(a, b)) return true;
  switch (a.type().kind()) {
    case TypeKind::Bool: return a.as_bool() == b.as_bool();
    case TypeKind::Number: return Number::equal(a.as_number(), b.as_number());
    case TypeKind::String: return a.as_string() == b.as_string();
    case TypeKind::Map:
      if (a.length() != b.length()) return false;
      for (size_t i = 0; i < a.length(); ++i) {
        if (a.key_at(i) != b.key_at(i) || !equal_aligned(a.at(i), b.at(i))) return false;
      }
      return true;
    case TypeKind::List:
    case TypeKind::Tuple:
    case TypeKind::Object:
      if (a.length() != b.length()) return false;
      for (size_t i = 0; i < a.length(); ++i) {
        if (!equal_aligned(a.at(i), b.at(i))) return false;
      }
      return true;
    case TypeKind::Set: {
      const Value* base_a = a.elements().data();
      const Value* base_b = b.elements().data();
      return match_members(a, b, [&](const Value& x, const Value& y) {
        if (&x - base_a == &y - base_b) return equal_aligned(x, y);  // same position: same hash bytes
        return same_member(x, y);
      });
    }
    case TypeKind::Dynamic:
      return false;
  }
  return false;
}

}  // namespace

bool same_member(const Value& a, const Value& b) {
  return compare_hash_bytes(a, b) == 0 && equal_aligned(a, b);
}

bool sets_equal(const Value& a, const Value& b) { return match_members(a, b, same_member); }

}  // namespace dynval::values_detail
