// Value equality and hashing: go-cty Value.Equals (tri-state), RawEquals
// (cty/value_ops.go, v1.18.1), ValueRange.Includes (cty/value_range.go), and
// a stable 64-bit hash consistent with both.
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {

namespace {


bool definitely_not_null(const Value& v) {
  if (v.is_known()) return !v.is_null();
  return v.refinements().not_null;  // ValueRange.DefinitelyNotNull
}

// go-cty Value.Length() for a known collection, as a closed interval: a set
// holding unknowns may shrink when they become known (to at least 1).
void length_range(const Value& v, int64_t& lo, int64_t& hi) {
  int64_t n = static_cast<int64_t>(v.length());
  lo = hi = n;
  if (v.type().kind() == TypeKind::Set && n != 1 && !v.is_wholly_known()) lo = 1;
}

// ValueRange.Includes(v) for the range of the unknown value `unk` and a
// known value `v`.
Tristate range_includes(const Value& unk, const Value& v) {
  const Refinements& r = unk.refinements();
  if (r.not_null && v.is_null()) return Tristate::False;
  if (v.is_null()) return Tristate::True;
  if (!v.type().conforms_to(unk.type())) return Tristate::False;
  if (unk.type().is_dynamic() || r.empty()) return Tristate::Unknown;
  switch (unk.type().kind()) {
    case TypeKind::String: {
      std::string_view s = v.as_string();
      if (s.substr(0, r.prefix.size()) != r.prefix) return Tristate::False;
      break;
    }
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: {
      int64_t lo, hi;
      length_range(v, lo, hi);
      if (hi < r.len_min) return Tristate::False;  // len >= min is known false
      if (lo > r.len_max) return Tristate::False;  // len <= max is known false
      break;
    }
    case TypeKind::Number: {
      // An absent bound is (-Inf, exclusive) / (+Inf, exclusive), as
      // ValueRange.NumberLowerBound/NumberUpperBound report it.
      const Number& x = v.as_number();
      if (r.lower) {
        int c = Number::compare(x, r.lower->value);
        if (r.lower->inclusive ? c < 0 : c <= 0) return Tristate::False;
      } else if (x.is_inf() && x.signbit()) {
        return Tristate::False;
      }
      if (r.upper) {
        int c = Number::compare(x, r.upper->value);
        if (r.upper->inclusive ? c > 0 : c >= 0) return Tristate::False;
      } else if (x.is_inf() && !x.signbit()) {
        return Tristate::False;
      }
      break;
    }
    default:
      break;
  }
  return Tristate::Unknown;
}

// Value.HasWhollyKnownType: no cty.DynamicVal anywhere inside.
bool has_wholly_known_type(const Value& v) {
  if (v.is_null()) return true;
  if (!v.is_known()) return !v.type().has_dynamic();
  if (v.is_wholly_known()) return true;  // no unknown at all, so no DynamicVal
  if (ValueAccess::coll(v) == nullptr) return true;
  size_t n = v.length();
  for (size_t i = 0; i < n; ++i) {
    if (!has_wholly_known_type(v.at(i))) return false;
  }
  return true;
}

// Compares children in order; an unknown result before any false one makes
// the whole result unknown. (go-cty walks object attributes and map keys in
// Go map order, so when both an unknown and a false comparison occur its
// answer varies between runs; we use the sorted order.)
Tristate equals_in_order(const Value& a, const Value& b) {
  size_t n = a.length();
  for (size_t i = 0; i < n; ++i) {
    Tristate t = a.at(i).equals(b.at(i));
    if (t == Tristate::Unknown) return Tristate::Unknown;
    if (t == Tristate::False) return Tristate::False;
  }
  return Tristate::True;
}

Tristate from_bool(bool b) { return b ? Tristate::True : Tristate::False; }

// Stable 64-bit hashing: FNV-1a over a canonical token stream, finished
// with a 64-bit avalanche. Independent of platform and run.
struct Hasher {
  uint64_t h = 14695981039346656037ull;
  void byte(uint8_t b) {
    h ^= b;
    h *= 1099511628211ull;
  }
  void u64(uint64_t v) {
    for (int i = 0; i < 8; ++i) byte(static_cast<uint8_t>(v >> (8 * i)));
  }
  void bytes(std::string_view s) {
    u64(s.size());
    for (unsigned char c : s) byte(c);
  }
};

uint64_t avalanche(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

void hash_into(const Value& v, Hasher& h) {
  if (v.is_null()) {
    h.byte('z');  // every null Equals every other null, whatever the type
    return;
  }
  if (!v.is_known()) {
    h.byte('?');
    const Refinements& r = v.refinements();
    h.byte(r.not_null ? 1 : 0);
    h.bytes(r.prefix);
    std::string k;
    for (const auto* b : {&r.lower, &r.upper}) {
      if (*b) {
        h.byte((*b)->inclusive ? 2 : 1);
        k.clear();
        (*b)->value.append_equality_key(k);
        h.bytes(k);
      } else {
        h.byte(0);
      }
    }
    h.u64(static_cast<uint64_t>(r.len_min));
    h.u64(static_cast<uint64_t>(r.len_max));
    return;
  }
  switch (v.type().kind()) {
    case TypeKind::Bool:
      h.byte(v.as_bool() ? 'T' : 'F');
      return;
    case TypeKind::Number: {
      std::string k;
      v.as_number().append_equality_key(k);
      h.byte('n');
      h.bytes(k);
      return;
    }
    case TypeKind::String:
      h.byte('s');
      h.bytes(v.as_string());
      return;
    case TypeKind::List:
    case TypeKind::Tuple:
    case TypeKind::Object: {
      h.byte('l');
      size_t n = v.length();
      h.u64(n);
      for (size_t i = 0; i < n; ++i) hash_into(v.at(i), h);
      return;
    }
    case TypeKind::Map: {
      h.byte('m');
      size_t n = v.length();
      h.u64(n);
      for (size_t i = 0; i < n; ++i) {
        h.bytes(v.key_at(i));
        hash_into(v.at(i), h);
      }
      return;
    }
    case TypeKind::Set: {
      // Order-independent: two Equals() sets may list equivalent members in
      // different orders.
      h.byte('e');
      size_t n = v.length();
      h.u64(n);
      uint64_t sum = 0;
      for (size_t i = 0; i < n; ++i) sum += avalanche(v.at(i).hash());
      h.u64(sum);
      return;
    }
    case TypeKind::Dynamic:
      h.byte('d');
      return;
  }
}

}  // namespace

Tristate Value::equals(const Value& o) const {
  const Value& a = *this;
  const Value& b = o;
  // Some easy cases with comparisons to null.
  if (a.is_null() && definitely_not_null(b)) return Tristate::False;
  if (b.is_null() && definitely_not_null(a)) return Tristate::False;
  // A known value outside the range of an unknown one.
  if (a.is_known() && !b.is_known()) {
    if (range_includes(b, a) == Tristate::False) return Tristate::False;
  } else if (b.is_known() && !a.is_known()) {
    if (range_includes(a, b) == Tristate::False) return Tristate::False;
  }
  if (!a.is_known() && !b.is_known()) return Tristate::Unknown;
  if (a.is_known() && !b.is_known()) {
    if (a.is_null() || b.type().has_dynamic()) return Tristate::Unknown;
    if (!(a.type() == b.type())) return Tristate::False;
    return Tristate::Unknown;
  }
  if (b.is_known() && !a.is_known()) {
    if (b.is_null() || a.type().has_dynamic()) return Tristate::Unknown;
    if (!(b.type() == a.type())) return Tristate::False;
    return Tristate::Unknown;
  }
  // Both known.
  if (a.is_null() && b.is_null()) return Tristate::True;
  if (a.is_null() || b.is_null()) return Tristate::False;
  if (!has_wholly_known_type(a) || !has_wholly_known_type(b)) {
    if (!a.type().conforms_to(b.type()) && !b.type().conforms_to(a.type())) {
      return Tristate::False;
    }
    return Tristate::Unknown;
  }
  if (!(a.type() == b.type())) return Tristate::False;

  switch (a.type().kind()) {
    case TypeKind::Number:
      return from_bool(Number::equal(a.as_number(), b.as_number()));
    case TypeKind::Bool:
      return from_bool(a.as_bool() == b.as_bool());
    case TypeKind::String:
      return from_bool(a.as_string() == b.as_string());
    case TypeKind::Object:
    case TypeKind::Tuple:
      return equals_in_order(a, b);
    case TypeKind::List:
      if (a.length() != b.length()) return Tristate::False;
      return equals_in_order(a, b);
    case TypeKind::Map: {
      size_t n = a.length();
      if (n != b.length()) return Tristate::False;
      for (size_t i = 0; i < n; ++i) {
        if (a.key_at(i) != b.key_at(i)) return Tristate::False;
        Tristate t = a.at(i).equals(b.at(i));
        if (t != Tristate::True) return t;
      }
      return Tristate::True;
    }
    case TypeKind::Set: {
      // Unknown if either set holds an unknown element; otherwise equal when
      // every element of each has an equivalent (same hash bytes, Equals) in
      // the other.
      size_t na = a.length(), nb = b.length();
      for (size_t i = 0; i < na; ++i) {
        if (!a.at(i).is_known()) return Tristate::Unknown;
      }
      for (size_t i = 0; i < nb; ++i) {
        if (!b.at(i).is_known()) return Tristate::Unknown;
      }
      if (na != nb) return Tristate::False;
      std::unordered_set<std::string> keys;
      keys.reserve(nb);
      std::string k;
      for (size_t i = 0; i < nb; ++i) {
        k.clear();
        if (!values_detail::append_set_member_key(b.at(i), k)) return Tristate::False;
        keys.insert(k);
      }
      for (size_t i = 0; i < na; ++i) {
        k.clear();
        if (!values_detail::append_set_member_key(a.at(i), k)) return Tristate::False;
        if (keys.find(k) == keys.end()) return Tristate::False;
      }
      return Tristate::True;
    }
    case TypeKind::Dynamic:
      return Tristate::Unknown;
  }
  return Tristate::False;
}

bool Value::raw_equals(const Value& o) const {
  const Value& a = *this;
  const Value& b = o;
  if (!(a.type() == b.type())) return false;
  if (!a.is_known() && !b.is_known()) return a.refinements() == b.refinements();
  if (a.is_known() != b.is_known()) return false;
  if (a.is_null() && b.is_null()) return true;
  if (a.is_null() || b.is_null()) return false;
  switch (a.type().kind()) {
    case TypeKind::Number:
      return Number::equal(a.as_number(), b.as_number());
    case TypeKind::Bool:
      return a.as_bool() == b.as_bool();
    case TypeKind::String:
      return a.as_string() == b.as_string();
    case TypeKind::Dynamic:
      return true;
    case TypeKind::Map: {
      size_t n = a.length();
      if (n != b.length()) return false;
      for (size_t i = 0; i < n; ++i) {
        if (a.key_at(i) != b.key_at(i)) return false;
        if (!a.at(i).raw_equals(b.at(i))) return false;
      }
      return true;
    }
    default: {
      // Objects and tuples (same type, same size), lists and sets (sets are
      // compared element by element in their iteration order, as go-cty does).
      size_t n = a.length();
      if (n != b.length()) return false;
      for (size_t i = 0; i < n; ++i) {
        if (!a.at(i).raw_equals(b.at(i))) return false;
      }
      return true;
    }
  }
}

uint64_t Value::hash() const {
  Hasher h;
  hash_into(*this, h);
  return avalanche(h.h);
}

}  // namespace dynval
