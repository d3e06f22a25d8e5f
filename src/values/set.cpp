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
#include "text/text.hpp"
#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {

namespace values_detail {

namespace {

void put_varint(std::string& out, uint64_t n) {
  while (n >= 0x80) {
    out.push_back(static_cast<char>((n & 0x7f) | 0x80));
    n >>= 7;
  }
  out.push_back(static_cast<char>(n));
}

void put_bytes(std::string& out, std::string_view s) {
  put_varint(out, s.size());
  out.append(s);
}

}  // namespace

void append_equality_key(const Value& v, std::string& out) {
  // Precondition: v is wholly known (an unknown never Equals() anything).
  if (v.is_null()) {
    out.push_back('z');  // nulls are equal to one another, whatever the type
    return;
  }
  if (!v.is_known()) {
    out.push_back('?');  // not reached by the callers; kept total
    return;
  }
  switch (v.type().kind()) {
    case TypeKind::Bool:
      out.push_back(v.as_bool() ? 'T' : 'F');
      return;
    case TypeKind::Number: {
      out.push_back('n');
      std::string k;
      v.as_number().append_equality_key(k);
      put_bytes(out, k);
      return;
    }
    case TypeKind::String:
      out.push_back('s');
      put_bytes(out, v.as_string());
      return;
    case TypeKind::List:
    case TypeKind::Tuple:
    case TypeKind::Object: {
      out.push_back(v.type().kind() == TypeKind::Object ? 'o' : 'l');
      size_t n = v.length();
      put_varint(out, n);
      for (size_t i = 0; i < n; ++i) append_equality_key(v.at(i), out);
      return;
    }
    case TypeKind::Map: {
      out.push_back('m');
      size_t n = v.length();
      put_varint(out, n);
      for (size_t i = 0; i < n; ++i) {
        put_bytes(out, v.key_at(i));
        append_equality_key(v.at(i), out);
      }
      return;
    }
    case TypeKind::Set: {
      // Two sets are Equals() when each element of one has an equivalent
      // (same hash bucket + Equals) in the other: compare the sorted member
      // keys, independent of iteration order.
      out.push_back('e');
      size_t n = v.length();
      std::vector<std::string> keys(n);
      for (size_t i = 0; i < n; ++i) append_set_member_key(v.at(i), keys[i]);
      std::sort(keys.begin(), keys.end());
      put_varint(out, n);
      for (const std::string& k : keys) put_bytes(out, k);
      return;
    }
    case TypeKind::Dynamic:
      out.push_back('?');
      return;
  }
}

void append_raw_key(const Value& v, std::string& out) {
  if (v.is_null()) {
    out.push_back('z');
    return;
  }
  if (!v.is_known()) {
    // RawEquals of unknowns: the same refinements.
    const Refinements& r = v.refinements();
    out.push_back('?');
    out.push_back(r.not_null ? '1' : '0');
    put_bytes(out, r.prefix);
    std::string k;
    for (const auto* b : {&r.lower, &r.upper}) {
      if (!*b) {
        out.push_back('-');
        continue;
      }
      out.push_back((*b)->inclusive ? 'i' : 'x');
      k.clear();
      (*b)->value.append_equality_key(k);
      put_bytes(out, k);
    }
    put_varint(out, static_cast<uint64_t>(r.len_min));
    put_varint(out, static_cast<uint64_t>(r.len_max));
    return;
  }
  switch (v.type().kind()) {
    case TypeKind::List:
    case TypeKind::Tuple:
    case TypeKind::Object:
    case TypeKind::Set: {
      // RawEquals compares sets element by element in iteration order.
      out.push_back('l');
      size_t n = v.length();
      put_varint(out, n);
      for (size_t i = 0; i < n; ++i) append_raw_key(v.at(i), out);
      return;
    }
    case TypeKind::Map: {
      out.push_back('m');
      size_t n = v.length();
      put_varint(out, n);
      for (size_t i = 0; i < n; ++i) {
        put_bytes(out, v.key_at(i));
        append_raw_key(v.at(i), out);
      }
      return;
    }
    default:
      append_equality_key(v, out);  // primitives: RawEquals == Equals
      return;
  }
}

bool append_set_member_key(const Value& v, std::string& out) {
  if (!v.is_wholly_known()) return false;
  v.append_set_hash_bytes(out);
  out.push_back('\x01');  // never in hash bytes: %q escapes control bytes
  append_equality_key(v, out);
  return true;
}

}  // namespace values_detail

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
  std::string ha, hb;
  a.append_set_hash_bytes(ha);
  b.append_set_hash_bytes(hb);
  return ha < hb;  // bytes.Compare: unsigned bytewise
}

namespace {

// crc32.ChecksumIEEE, go-cty's bucket id for hash bytes.
uint32_t crc32_ieee(std::string_view s) {
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t c = 0xffffffffu;
  for (unsigned char b : s) c = table[(c ^ b) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
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
  std::vector<Value*> ptrs;
  ptrs.reserve(elems.size());
  for (Value& e : elems) ptrs.push_back(&e);
  Type et = values_detail::resolve_element_type(elem, ptrs, "set");
  return values_detail::build_set(Type::set(et), std::span<Value>(elems));
}

Value values_detail::build_set(Type st, std::span<Value> elems) {
  const Type et = st.element();
  const size_t n = elems.size();
  if (n <= 1) return values_detail::build_collection(std::move(st), elems);
  if (n >= UINT32_MAX) throw Error(Status::Limit, "a set of more than 2^32-2 elements");

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
  const TypeKind kind = et.kind();
  std::vector<std::string> hash_bytes;  // numbers on the slow path
  std::vector<std::string> raw_keys;    // numbers: RawEquals keys
  // Composites keep their keys in two buffers instead (one allocation each,
  // not three per element): keys holds hash bytes, '\x01', equality key per
  // element; raw holds the RawEquals keys. hview/rview point into them (or
  // into hash_bytes/raw_keys for numbers) once they are complete.
  std::vector<std::string_view> hview, rview;
  std::string key_store, raw_store;
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
      std::string& keys = key_store;
      std::string& raw = raw_store;
      std::vector<size_t> koff(n + 1, 0), hlen(n, 0), roff(n + 1, 0);
      std::vector<uint8_t> known(n, 0);  // wholly known (read once: a cache miss on large sets)
      for (size_t i = 0; i < n; ++i) {
        // Large sets do not fit in the caches and their elements are
        // anywhere in memory: fetch the blocks a few elements ahead.
        if (i + 8 < n) {
          if (const auto* c = ValueAccess::coll(elems[i + 8])) __builtin_prefetch(c);
        }
        if (i + 4 < n) {
          if (const auto* c = ValueAccess::coll(elems[i + 4])) {
            for (size_t k = 0; k < c->count && k < 4; ++k) {
              if (const auto* s = ValueAccess::str(c->values()[k])) __builtin_prefetch(s);
            }
          }
        }
        koff[i] = keys.size();
        roff[i] = raw.size();
        if (cat[i] == 0) {
          elems[i].append_set_hash_bytes(keys);
          hlen[i] = keys.size() - koff[i];
          values_detail::append_raw_key(elems[i], raw);
          known[i] = elems[i].is_wholly_known();
          if (known[i]) {
            keys.push_back('\x01');
            values_detail::append_equality_key(elems[i], keys);
          }
        }
      }
      koff[n] = keys.size();
      roff[n] = raw.size();
      hview.resize(n);
      rview.resize(n);
      for (size_t i = 0; i < n; ++i) {
        hview[i] = std::string_view(keys.data() + koff[i], hlen[i]);
        rview[i] = std::string_view(raw.data() + roff[i], roff[i + 1] - roff[i]);
      }
      // Open-addressing tables: each slot holds the high 32 bits of the
      // key's hash and the element index + 1 (0 = empty), so that probing
      // past other keys rarely touches the key buffer.
      size_t cap = 16;
      while (cap < 2 * n) cap <<= 1;
      std::vector<uint64_t> seen(cap, 0), first_of_raw(cap, 0);
      const std::hash<std::string_view> hasher;
      auto slot_of = [cap](uint64_t h) { return static_cast<size_t>(h) & (cap - 1); };
      auto tag_of = [](uint64_t h) { return h >> 32; };
      auto key_at = [&](size_t j) { return std::string_view(keys.data() + koff[j], koff[j + 1] - koff[j]); };
      for (size_t i = 0; i < n; ++i) {
        if (null_or_unknown(i)) continue;
        if (known[i]) {
          const std::string_view key = key_at(i);
          const uint64_t h = hasher(key);
          size_t at = slot_of(h);
          bool dup = false;
          for (; seen[at] != 0; at = (at + 1) & (cap - 1)) {
            if ((seen[at] >> 32) == tag_of(h) && key_at((seen[at] & 0xFFFFFFFFu) - 1) == key) {
              dup = true;
              break;
            }
          }
          if (dup) continue;
          seen[at] = tag_of(h) << 32 | (i + 1);
        }
        // else: contains an unknown, never Equals() anything
        keep.push_back(i);
        const uint64_t h = hasher(rview[i]);
        size_t at = slot_of(h);
        for (; first_of_raw[at] != 0; at = (at + 1) & (cap - 1)) {
          if ((first_of_raw[at] >> 32) == tag_of(h) && rview[(first_of_raw[at] & 0xFFFFFFFFu) - 1] == rview[i]) break;
        }
        if (first_of_raw[at] == 0) {
          first_of_raw[at] = tag_of(h) << 32 | (i + 1);
        } else if (hview[(first_of_raw[at] & 0xFFFFFFFFu) - 1] != hview[i]) {
          irregular = true;
        }
      }
      break;
    }
  }
  if (kind == TypeKind::Number) {
    rview.assign(raw_keys.begin(), raw_keys.end());
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
        return hview[i] < hview[j];
    }
  };
  if (!irregular && kind != TypeKind::Number && kind != TypeKind::String && kind != TypeKind::Bool) {
    // The same stable sort for composites, on contiguous records that carry
    // the first 16 bytes of the hash bytes (zero-padded, big-endian): most
    // comparisons end there, without touching the key buffer (on large sets
    // the pointer chasing, not the comparisons, dominated). Equal prefixes
    // fall back to the whole hash bytes, so the order is exactly less's.
    struct Rec {
      uint64_t p0, p1;
      uint32_t i;
      uint8_t cat;
    };
    auto be64 = [](std::string_view h, size_t at) {
      uint64_t v = 0;
      for (size_t k = 0; k < 8; ++k) {
        v = v << 8 | (at + k < h.size() ? static_cast<unsigned char>(h[at + k]) : 0u);
      }
      return v;
    };
    std::vector<Rec> recs;
    recs.reserve(keep.size());
    for (size_t i : keep) {
      const std::string_view h = cat[i] == 0 ? hview[i] : std::string_view();
      recs.push_back(Rec{be64(h, 0), be64(h, 8), static_cast<uint32_t>(i), cat[i]});
    }
    std::stable_sort(recs.begin(), recs.end(), [&](const Rec& a, const Rec& b) {
      if (a.cat != b.cat) return a.cat < b.cat;
      if (a.cat != 0) return false;
      if (a.p0 != b.p0) return a.p0 < b.p0;
      if (a.p1 != b.p1) return a.p1 < b.p1;
      return hview[a.i] < hview[b.i];
    });
    for (size_t k = 0; k < recs.size(); ++k) keep[k] = recs[k].i;
  } else if (!irregular) {
    // Less is a strict weak order here and its ties share a bucket, where
    // go-cty keeps insertion order: a stable sort reproduces its result.
    std::stable_sort(keep.begin(), keep.end(), less);
  } else {
    // Replay go-cty exactly: buckets in ascending crc32 order (insertion
    // order inside a bucket), then sort.SliceStable with Less, whose first
    // test is RawEquals.
    if (kind == TypeKind::Number) {
      hash_bytes.resize(n);
      for (size_t i : keep) elems[i].append_set_hash_bytes(hash_bytes[i]);
      hview.assign(hash_bytes.begin(), hash_bytes.end());
    }
    std::vector<uint32_t> bucket(n, 0);
    for (size_t i : keep) {
      bucket[i] = crc32_ieee(cat[i] == 0 ? hview[i] : (cat[i] == 1 ? "?" : "~"));
    }
    std::stable_sort(keep.begin(), keep.end(), [&](size_t i, size_t j) { return bucket[i] < bucket[j]; });
    auto go_less = [&](size_t i, size_t j) -> bool {
      if (cat[i] == 0 && cat[j] == 0 && rview[i] == rview[j]) return false;
      return less(i, j);
    };
    GoStableSort<decltype(go_less)>(keep, go_less).run();
  }

  std::vector<Value> out;
  out.reserve(keep.size());
  for (size_t i : keep) out.push_back(std::move(elems[i]));
  return values_detail::build_collection(std::move(st), std::move(out));
}

}  // namespace dynval
