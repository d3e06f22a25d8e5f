// Sets: go-cty membership, iteration order and hash bytes
// (cty/set_internals.go setRules, cty/set/set.go; docs/gocty-behaviour.md
// #set-membership, #set-order, #set-hash).
//
// go-cty keeps a set as buckets keyed by crc32 of appendSetHashBytes; Add
// appends an element unless its bucket already holds one that Equals() it
// (first occurrence wins); iteration concatenates the buckets in hash order
// and stable-sorts them with setRules.Less. Elements that tie under Less
// always share hash bytes (hence a bucket, in insertion order), so the order
// is reproduced by: dedupe in insertion order, then stable-sort by Less.
//
// Construction is O(n log n): duplicates are found through a hash table of
// exact keys (hash bytes + an equality key), never by pairwise comparison.
#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "support/error.hpp"
#include "support/hash.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {

// Open, then each element's hash bytes followed by ';', then close: the
// shape go-cty's appendSetHashBytes uses for lists and sets ([...]) and for
// objects and tuples (<...>).
void Value::append_element_hashes(std::string& out, char open, char close) const {
  out.push_back(open);
  const size_t n = length();
  for (size_t i = 0; i < n; ++i) {
    at(i).append_set_hash_bytes(out);
    out.push_back(';');
  }
  out.push_back(close);
}

// appendSetHashBytes (docs/gocty-behaviour.md#set-hash).
void Value::append_set_hash_bytes(std::string& out) const {
  if (!is_known()) {
    out.push_back('?');
    return;
  }
  if (is_null()) {
    out.push_back('~');
    return;
  }
  switch (type_.kind()) {
    case TypeKind::Number:
      as_number().append_hash_text(out);
      return;
    case TypeKind::Bool:
      out.push_back(as_bool() ? 'T' : 'F');
      return;
    case TypeKind::String:
      text::append_go_quoted(out, as_string());
      return;
    case TypeKind::Map: {
      out.push_back('{');
      size_t n = length();
      for (size_t i = 0; i < n; ++i) {
        text::append_go_quoted(out, key_at(i));
        out.push_back(':');
        at(i).append_set_hash_bytes(out);
        out.push_back(';');
      }
      out.push_back('}');
      return;
    }
    case TypeKind::List:
    case TypeKind::Set:
      append_element_hashes(out, '[', ']');
      return;
    case TypeKind::Object:  // attribute values only, in sorted-name order
    case TypeKind::Tuple:
      append_element_hashes(out, '<', '>');
      return;
    case TypeKind::Dynamic:
      out.push_back('?');  // no known value has the dynamic type
      return;
  }
}

// setRules.Less (docs/gocty-behaviour.md#set-order).
bool Value::set_less(const Value& a, const Value& b) {
  if (a.raw_equals(b)) return false;  // "if they are equal then v1 can't be less"
  if (b.is_null() && !a.is_null()) return true;
  if (a.is_null()) return false;
  if (a.is_known() && !b.is_known()) return true;
  if (!a.is_known()) return false;
  const TypeKind k = a.type().kind();
  if (k == b.type().kind()) {
    switch (k) {
      case TypeKind::String:
        return a.as_string() < b.as_string();
      case TypeKind::Bool:
        return !a.as_bool() && b.as_bool();
      case TypeKind::Number:
        return Number::compare(a.as_number(), b.as_number()) < 0;
      default:
        break;
    }
  }
  return values_detail::compare_hash_bytes(a, b) < 0;  // bytes.Compare: unsigned bytewise
}

namespace {

// A table slot hash of two digests.
uint64_t fmix_key(uint64_t h, uint64_t eq) { return mix64(h ^ (eq * 0x9e3779b97f4a7c15ULL)); }

// How many elements ahead the passes over scattered elements prefetch
// (blocks at twice that: at 300k elements 32 measured ~10% faster than 8).
constexpr size_t kAhead = 32;

// Prefetches the heap block a value's header points to: its string or
// collection block (the first two lines: the header and the first
// children). Not its type node: the passes below take the kind from the
// set's element type.
void prefetch_blocks(const Value& v) {
  if (const values_detail::CollRep* c = ValueAccess::coll(v)) {
    // The header and the first three children (the block need not start
    // on a line; its size is not read: that would wait for the line).
    const char* p = reinterpret_cast<const char*>(c);
    __builtin_prefetch(p);
    __builtin_prefetch(p + 64);
    __builtin_prefetch(p + sizeof(values_detail::CollRep) + 3 * sizeof(Value) - 1);
  } else if (const values_detail::StrRep* r = ValueAccess::str(v)) {
    __builtin_prefetch(r);
  }
}

// A prefetch the optimizer keeps: GCC drops loops whose only effect is
// __builtin_prefetch (prefetch_children's was gone from the binary).
inline void prefetch_kept(const void* p) {
  __builtin_prefetch(p);
  asm volatile("" : : "r"(p));
}

// Then, once the collection block is in cache, the blocks of its first
// children (strings, nested collections).
void prefetch_children(const Value& v) {
  if (const values_detail::CollRep* c = ValueAccess::coll(v)) {
    const size_t n = std::min<size_t>(c->count, 8);
    for (size_t i = 0; i < n; ++i) {
      const Value& e = c->values()[i];
      if (const values_detail::CollRep* cc = ValueAccess::coll(e)) {
        prefetch_kept(cc);
      } else if (const values_detail::StrRep* r = ValueAccess::str(e)) {
        prefetch_kept(r);
      }
    }
  }
}

// The attribute array of an object type whose node is in cache.
void type_prefetch_children(const Type& t) {
  const std::span<const TypeAttr> a = t.attrs();
  const char* p = reinterpret_cast<const char*>(a.data());
  const char* end = reinterpret_cast<const char*>(a.data() + std::min<size_t>(a.size(), 8));
  for (; p < end; p += 64) prefetch_kept(p);
  if (!a.empty()) prefetch_kept(end - 1);
}

// A composite element's sort record: category (known < unknown < null),
// then the first 16 bytes of its hash bytes, zero-padded, big-endian.
struct Rec {
  uint64_t p0, p1;
  uint32_t i;
  uint8_t cat;
};

// Sorts records by (cat, p0, p1), stably: least-significant-digit radix
// sort on bytes, skipping the digits every record shares (typically most
// of them: hash bytes of similar elements share their first bytes and
// their layout). Linear in n, where a comparison sort costs n log n
// comparisons of 24-byte records.
void radix_sort_recs(std::vector<Rec>& recs) {
  const size_t n = recs.size();
  constexpr int kDigits = 17;  // p1's 8 bytes, p0's 8 bytes, cat
  auto digit = [](const Rec& r, int d) -> unsigned {
    if (d < 8) return static_cast<unsigned>(r.p1 >> (8 * d)) & 0xff;
    if (d < 16) return static_cast<unsigned>(r.p0 >> (8 * (d - 8))) & 0xff;
    return r.cat;
  };
  std::vector<std::array<uint32_t, 256>> count(kDigits);
  for (auto& c : count) c.fill(0);
  for (const Rec& r : recs) {
    for (int d = 0; d < 8; ++d) ++count[d][(r.p1 >> (8 * d)) & 0xff];
    for (int d = 0; d < 8; ++d) ++count[8 + d][(r.p0 >> (8 * d)) & 0xff];
    ++count[16][r.cat];
  }
  std::vector<Rec> tmp(n);
  for (int d = 0; d < kDigits; ++d) {
    std::array<uint32_t, 256>& c = count[d];
    if (c[digit(recs[0], d)] == n) continue;  // one value: the pass would not move anything
    uint32_t sum = 0;
    for (uint32_t& x : c) {
      const uint32_t k = x;
      x = sum;
      sum += k;
    }
    for (const Rec& r : recs) tmp[c[digit(r, d)]++] = r;
    recs.swap(tmp);
  }
}

uint64_t be64(std::string_view h, size_t at) {
  uint64_t v = 0;
  for (size_t k = 0; k < 8; ++k) {
    v = v << 8 | (at + k < h.size() ? static_cast<unsigned char>(h[at + k]) : 0u);
  }
  return v;
}

// Go's sort.SliceStable (sort/zsortfunc.go stable_func: insertion sort of
// blocks of 20, then symMerge), on a vector of indices. Used only when the
// comparator is not a strict weak order (see Value::set), where the result
// depends on the algorithm; it never reads out of bounds whatever `less`
// answers.
template <class Less>
class GoStableSort {
 public:
  GoStableSort(std::vector<size_t>& d, Less less) : d_(d), less_(less) {}

  void run() {
    const long n = static_cast<long>(d_.size());
    long block = 20;
    long a = 0, b = block;
    while (b <= n) {
      insertion_sort(a, b);
      a = b;
      b += block;
    }
    insertion_sort(a, n);
    while (block < n) {
      a = 0;
      b = 2 * block;
      while (b <= n) {
        sym_merge(a, a + block, b);
        a = b;
        b += 2 * block;
      }
      if (long m = a + block; m < n) sym_merge(a, m, n);
      block *= 2;
    }
  }

 private:
  bool less(long i, long j) { return less_(d_[static_cast<size_t>(i)], d_[static_cast<size_t>(j)]); }
  void swap(long i, long j) { std::swap(d_[static_cast<size_t>(i)], d_[static_cast<size_t>(j)]); }

  void insertion_sort(long a, long b) {
    for (long i = a + 1; i < b; ++i) {
      for (long j = i; j > a && less(j, j - 1); --j) swap(j, j - 1);
    }
  }
  void swap_range(long a, long b, long n) {
    for (long i = 0; i < n; ++i) swap(a + i, b + i);
  }
  void rotate(long a, long m, long b) {
    long i = m - a, j = b - m;
    while (i != j) {
      if (i > j) {
        swap_range(m - i, m, j);
        i -= j;
      } else {
        swap_range(m - i, m + j - i, i);
        j -= i;
      }
    }
    swap_range(m - i, m, i);
  }
  void sym_merge(long a, long m, long b) {
    if (m - a == 1) {
      long i = m, j = b;
      while (i < j) {
        long h = (i + j) / 2;
        if (less(h, a)) {
          i = h + 1;
        } else {
          j = h;
        }
      }
      for (long k = a; k < i - 1; ++k) swap(k, k + 1);
      return;
    }
    if (b - m == 1) {
      long i = a, j = m;
      while (i < j) {
        long h = (i + j) / 2;
        if (!less(m, h)) {
          i = h + 1;
        } else {
          j = h;
        }
      }
      for (long k = m; k > i; --k) swap(k, k - 1);
      return;
    }
    long mid = (a + b) / 2;
    long n = mid + m;
    long start, r;
    if (m > mid) {
      start = n - b;
      r = mid;
    } else {
      start = a;
      r = m;
    }
    long p = n - 1;
    while (start < r) {
      long c = (start + r) / 2;
      if (!less(p - c, c)) {
        start = c + 1;
      } else {
        r = c;
      }
    }
    long end = n - start;
    if (start < m && m < end) rotate(start, m, end);
    if (a < start && start < mid) sym_merge(a, start, mid);
    if (mid < end && end < b) sym_merge(mid, end, b);
  }

  std::vector<size_t>& d_;
  Less less_;
};

}  // namespace

Value Value::set(const Type& elem, std::vector<Value> elems) {
  if (elems.size() >= 2) {
    // Elements of a structural type usually each have their own type node,
    // scattered like the elements: checking them in build_set's one pass
    // over the elements reads each element's memory once, not twice.
    const Type* found = nullptr;
    for (const Value& e : elems) {
      if (!e.type().is_dynamic()) {
        found = &e.type();
        break;
      }
    }
    if (found != nullptr) {
      switch (found->kind()) {
        case TypeKind::List:
        case TypeKind::Set:
        case TypeKind::Map:
        case TypeKind::Object:
        case TypeKind::Tuple: {
          const Type f = *found;
          return values_detail::build_set_checked(elem, f, std::span<Value>(elems));
        }
        default:
          break;
      }
    }
  }
  std::vector<Value*> ptrs;
  ptrs.reserve(elems.size());
  for (Value& e : elems) ptrs.push_back(&e);
  Type et = values_detail::resolve_element_type(elem, ptrs, "set");
  return values_detail::build_set(Type::set(et), std::span<Value>(elems));
}

namespace values_detail {

// A known set value from its elements in their final order, with its
// SetSummary (digests: given per element, or computed).
Value build_set_value(Type st, std::span<Value> elems, const std::vector<Digests>* ds) {
  const uint16_t depth = collection_depth(elems);
  std::vector<Digests> own;
  if (ds == nullptr) {
    own.reserve(elems.size());
    for (const Value& e : elems) own.push_back(digest(e));
    ds = &own;
  }
  bool unk = false;
  for (const Value& e : elems) unk |= !e.is_wholly_known();
  const SetSummary summary = summarize_set(*ds, !unk);
  CollRep* rep = CollRep::allocate(elems.size(), CollRep::kSetSummary, 0);
  rep->depth = depth;
  Value* out = rep->values();
  for (size_t i = 0; i < elems.size(); ++i) new (&out[i]) Value(std::move(elems[i]));
  rep->has_unknown = unk;
  *rep->summary() = summary;
  return ValueAccess::make_coll(std::move(st), rep);
}

}  // namespace values_detail

namespace {

// For build_set_checked: the element type asked for, and the first
// non-dynamic element type.
struct SetCheck {
  const Type& elem;
  const Type& found;
};

Value build_set_impl(Type st, std::span<Value> elems, const SetCheck* check);

}  // namespace

Value values_detail::build_set(Type st, std::span<Value> elems) {
  return build_set_impl(std::move(st), elems, nullptr);
}

Value values_detail::build_set_checked(const Type& elem, const Type& found, std::span<Value> elems) {
  const SetCheck check{elem, found};
  return build_set_impl(Type(), elems, &check);
}

namespace {

// build_set; with `check`, also resolve_element_type's checks and retyping
// (then `st` is computed here, and the elements are of a structural type).
Value build_set_impl(Type st, std::span<Value> elems, const SetCheck* check) {
  using namespace values_detail;
  const size_t n = elems.size();
  if (n <= 1) return build_set_value(std::move(st), elems, nullptr);
  if (n >= UINT32_MAX) throw limits::collection_size(n, UINT32_MAX - 1);

  // Category for the order: known < unknown < null.
  std::vector<uint8_t> cat(n);
  for (size_t i = 0; i < n; ++i) {
    cat[i] = elems[i].is_null() ? 2 : (elems[i].is_known() ? 0 : 1);
  }

  // 1. Dedupe in insertion order, first occurrence wins (go-cty Set.Add:
  // same hash bucket and Equals() == true). Unknowns (and values containing
  // one) never merge; nulls always do.
  //
  // While doing so, look for two survivors that RawEquals() each other but
  // have different hash bytes (e.g. 0 and -0, or two numbers with the same
  // Text('f', -1) but different %.10g texts). go-cty's Less answers false
  // both ways for them, so its order is not a strict weak order and depends
  // on its bucket order and on sort.SliceStable's algorithm; only then do we
  // replay both exactly (the slow path below).
  std::vector<size_t> keep;
  keep.reserve(n);
  bool seen_null = false;
  bool irregular = false;
  const TypeKind kind = check != nullptr ? check->found.kind() : st.element().kind();
  std::vector<std::string> raw_keys;  // numbers: RawEquals keys
  std::vector<Digests> ds;            // composites: each element's digests
  std::vector<Rec> recs;              // composites: each element's sort record
  std::vector<uint16_t> depth_of;     // composites: each element's depth
  std::vector<uint8_t> wk;            // composites: each element wholly known
  auto null_or_unknown = [&](size_t i) -> bool {
    if (cat[i] == 1) {
      keep.push_back(i);
      return true;
    }
    if (cat[i] == 2) {
      if (!seen_null) keep.push_back(i);
      seen_null = true;
      return true;
    }
    return false;
  };
  switch (kind) {
    case TypeKind::String: {
      // Equals on strings is byte equality, and %q is injective.
      std::unordered_set<std::string_view> seen;
      seen.reserve(n);
      for (size_t i = 0; i < n; ++i) {
        if (null_or_unknown(i)) continue;
        if (seen.insert(elems[i].as_string()).second) keep.push_back(i);
      }
      break;
    }
    case TypeKind::Bool: {
      bool seen_t = false, seen_f = false;
      for (size_t i = 0; i < n; ++i) {
        if (null_or_unknown(i)) continue;
        bool& s = elems[i].as_bool() ? seen_t : seen_f;
        if (!s) keep.push_back(i);
        s = true;
      }
      break;
    }
    case TypeKind::Number: {
      // Equals (and RawEquals) is rawNumberEqual, keyed by the equality key;
      // the bucket is the %.10g text, which for two equal exact integers
      // differs only between 0 and -0.
      raw_keys.resize(n);
      std::unordered_set<std::string> seen;
      std::unordered_map<std::string, std::string> text_of_raw;
      seen.reserve(n);
      std::string key, htext;
      for (size_t i = 0; i < n; ++i) {
        if (null_or_unknown(i)) continue;
        const Number& x = elems[i].as_number();
        x.append_equality_key(raw_keys[i]);
        htext.clear();
        if (!x.is_integer()) {
          x.append_hash_text(htext);
        } else if (x.is_zero() && x.signbit()) {
          htext = "-0";
        }
        key.assign(raw_keys[i]);
        key.push_back('\x01');
        key.append(htext);
        if (!seen.insert(key).second) continue;
        keep.push_back(i);
        auto [it, fresh] = text_of_raw.emplace(raw_keys[i], htext);
        if (!fresh && it->second != htext) irregular = true;
      }
      break;
    }
    default: {
      // Composites: digests pick candidates (each element is walked down to
      // the sets inside it, whose digests are cached), exact comparisons
      // confirm them.
      //
      // The elements usually lie scattered over the heap (each its own
      // blocks, in no order related to the input's), so at scale every first
      // touch of one is a cache miss. One pass reads everything needed of an
      // element while it is in cache (digests, wholly-known, depth and the
      // hash-bytes prefix the sort uses), with the blocks of the elements a
      // few steps ahead prefetched; after it, everything runs on contiguous
      // arrays and an element is read again only to confirm a digest match.
      ds.resize(n);
      recs.resize(n);
      depth_of.assign(n, 0);
      wk.assign(n, 0);
      std::string prefix;
      bool any_dynamic = false;
      for (size_t i = 0; i < n; ++i) {
        if (i + 2 * kAhead < n) {
          prefetch_blocks(elems[i + 2 * kAhead]);
          if (check != nullptr) __builtin_prefetch(elems[i + 2 * kAhead].type().node());
        }
        if (i + kAhead < n) {
          prefetch_children(elems[i + kAhead]);
          if (check != nullptr) type_prefetch_children(elems[i + kAhead].type());
        }
        const Value& e = elems[i];
        if (check != nullptr) {  // resolve_element_type's consistency check
          const Type& vt = e.type();
          if (vt.is_dynamic()) {
            any_dynamic = true;
          } else if (!(vt == check->found)) {
            inconsistent_element_types(check->found, vt, "set");
          }
        }
        ds[i] = digest(e, kind);
        wk[i] = e.is_wholly_known();
        if (const CollRep* c = ValueAccess::coll(e)) depth_of[i] = c->depth;
        prefix.clear();
        if (cat[i] == 0) hash_bytes_prefix(e, kind, 16, prefix);
        recs[i] = Rec{be64(prefix, 0), be64(prefix, 8), static_cast<uint32_t>(i), cat[i]};
      }
      if (check != nullptr) {  // and its element type and retyping
        Type t = element_type_of(check->elem, &check->found, "set");
        if (any_dynamic && !t.is_dynamic()) {
          for (size_t i = 0; i < n; ++i) {
            // Only null and unknown values can have the dynamic type.
            if (elems[i].type().is_dynamic()) ValueAccess::set_type(elems[i], t);
          }
        }
        st = Type::set(t);
      }
      // Open-addressing tables of (high half of the slot hash, element index
      // + 1; 0 = empty), sized once from n: a probe reads an element's
      // digests only when the tags agree.
      size_t cap = 16;
      while (cap < 2 * n) cap <<= 1;
      const size_t mask = cap - 1;
      std::vector<uint64_t> seen(cap, 0), first_of_raw(cap, 0);
      auto tag_of = [](uint64_t h) { return h & 0xffffffff00000000ULL; };
      for (size_t i = 0; i < n; ++i) {
        if (i + kAhead < n) {
          __builtin_prefetch(&seen[fmix_key(ds[i + kAhead].h, ds[i + kAhead].eq) & mask]);
          __builtin_prefetch(&first_of_raw[mix64(ds[i + kAhead].raw) & mask]);
        }
        if (null_or_unknown(i)) continue;
        if (wk[i]) {  // known (null_or_unknown took the others), wholly
          const uint64_t h = fmix_key(ds[i].h, ds[i].eq), t = tag_of(h);
          size_t at = size_t(h) & mask;
          bool dup = false;
          for (; seen[at] != 0; at = (at + 1) & mask) {
            if (tag_of(seen[at]) != t) continue;
            const size_t j = (seen[at] & 0xffffffffu) - 1;
            if (ds[j].h == ds[i].h && ds[j].eq == ds[i].eq && same_member(elems[j], elems[i])) {
              dup = true;
              break;
            }
          }
          if (dup) continue;
          seen[at] = t | uint64_t(i + 1);
        }
        // else: contains an unknown, never Equals() anything
        keep.push_back(i);
        const uint64_t h = mix64(ds[i].raw), t = tag_of(h);
        size_t at = size_t(h) & mask;
        for (; first_of_raw[at] != 0; at = (at + 1) & mask) {
          if (tag_of(first_of_raw[at]) != t) continue;
          const size_t j = (first_of_raw[at] & 0xffffffffu) - 1;
          if (ds[j].raw == ds[i].raw && elems[j].raw_equals(elems[i])) break;
        }
        if (first_of_raw[at] == 0) {
          first_of_raw[at] = t | uint64_t(i + 1);
        } else if (compare_hash_bytes(elems[(first_of_raw[at] & 0xffffffffu) - 1], elems[i]) != 0) {
          irregular = true;
        }
      }
      break;
    }
  }

  // 2. Order by setRules.Less.
  auto less = [&](size_t i, size_t j) -> bool {
    if (cat[i] != cat[j]) return cat[i] < cat[j];
    if (cat[i] != 0) return false;  // unknowns keep their insertion order
    switch (kind) {
      case TypeKind::String:
        return elems[i].as_string() < elems[j].as_string();
      case TypeKind::Bool:
        return !elems[i].as_bool() && elems[j].as_bool();
      case TypeKind::Number:
        return Number::compare(elems[i].as_number(), elems[j].as_number()) < 0;
      default:
        return compare_hash_bytes(elems[i], elems[j]) < 0;
    }
  };
  if (!irregular && kind != TypeKind::Number && kind != TypeKind::String && kind != TypeKind::Bool) {
    // The same stable sort for composites, on the contiguous records of
    // the first pass, which carry the first 16 bytes of the hash bytes
    // (zero-padded, big-endian): most comparisons end there, without
    // touching the elements. Equal prefixes fall back to comparing the
    // whole hash bytes as streams, so the order is exactly less's.
    // Radix-sorted on (cat, prefix), stably; then each run of equal known
    // prefixes (in insertion order) is stable-sorted on the whole hash
    // bytes: the same result as one stable sort with the full comparator.
    const size_t m = keep.size();
    for (size_t k = 0; k < m; ++k) recs[k] = recs[keep[k]];  // keep is increasing: in place
    recs.resize(m);
    auto full_less = [&](const Rec& a, const Rec& b) {
      if (a.cat != b.cat) return a.cat < b.cat;
      if (a.cat != 0) return false;
      if (a.p0 != b.p0) return a.p0 < b.p0;
      if (a.p1 != b.p1) return a.p1 < b.p1;
      return compare_hash_bytes(elems[a.i], elems[b.i]) < 0;
    };
    if (m < 64) {
      std::stable_sort(recs.begin(), recs.end(), full_less);
    } else {
      radix_sort_recs(recs);
      for (size_t s = 0; s < m;) {
        size_t e = s + 1;
        if (recs[s].cat == 0) {
          while (e < m && recs[e].cat == 0 && recs[e].p0 == recs[s].p0 && recs[e].p1 == recs[s].p1) ++e;
          if (e - s > 1) std::stable_sort(recs.begin() + s, recs.begin() + e, full_less);
        }
        s = e;
      }
    }
    for (size_t k = 0; k < m; ++k) keep[k] = recs[k].i;
  } else if (!irregular) {
    // Less is a strict weak order here and its ties share a bucket, where
    // go-cty keeps insertion order: a stable sort reproduces its result.
    std::stable_sort(keep.begin(), keep.end(), less);
  } else {
    // Replay go-cty exactly: buckets in ascending crc32 order (insertion
    // order inside a bucket), then sort.SliceStable with Less, whose first
    // test is RawEquals.
    std::vector<uint32_t> bucket(n, 0);
    for (size_t i : keep) bucket[i] = hash_bytes_crc32(elems[i]);
    std::stable_sort(keep.begin(), keep.end(), [&](size_t i, size_t j) { return bucket[i] < bucket[j]; });
    auto raw_equal = [&](size_t i, size_t j) {
      if (kind == TypeKind::Number) return raw_keys[i] == raw_keys[j];
      return ds[i].raw == ds[j].raw && elems[i].raw_equals(elems[j]);
    };
    auto go_less = [&](size_t i, size_t j) -> bool {
      if (cat[i] == 0 && cat[j] == 0 && raw_equal(i, j)) return false;
      return less(i, j);
    };
    GoStableSort<decltype(go_less)>(keep, go_less).run();
  }

  if (ds.empty()) {
    std::vector<Value> out;
    out.reserve(keep.size());
    for (size_t i : keep) out.push_back(std::move(elems[i]));
    return build_set_value(std::move(st), std::span<Value>(out), nullptr);
  }
  // Composites: the block is filled straight from the input, with the
  // depth, wholly-known flag and digests of the first pass (the elements
  // are not read again).
  const size_t m = keep.size();
  std::vector<Digests> kept_ds(m);
  size_t deepest = 0;
  bool unk = false;
  for (size_t k = 0; k < m; ++k) {
    const size_t i = keep[k];
    kept_ds[k] = ds[i];
    deepest = std::max<size_t>(deepest, depth_of[i]);
    unk |= !wk[i];
  }
  const SetSummary summary = summarize_set(kept_ds, !unk);
  const uint16_t depth = depth_of_children(deepest);
  CollRep* rep = CollRep::allocate(m, CollRep::kSetSummary, 0);
  rep->depth = depth;
  Value* out = rep->values();
  for (size_t k = 0; k < m; ++k) {
    if (k + kAhead < m) __builtin_prefetch(&elems[keep[k + kAhead]]);
    new (&out[k]) Value(std::move(elems[keep[k]]));
  }
  rep->has_unknown = unk;
  *rep->summary() = summary;
  return ValueAccess::make_coll(std::move(st), rep);
}

}  // namespace

}  // namespace dynval
