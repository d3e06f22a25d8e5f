// diff(): terraform-plugin-go's tftypes Value.Diff (tftypes/diff.go,
// value_equal.go deepEqual, walk.go, ApplyTerraform5AttributePathStep in
// value.go; v0.31.0), see values/walk.hpp.
//
// tftypes runs two walks: one over the second value that looks every path
// up in the first (reporting what the first lacks), then one over the first
// that looks every path up in the second and compares. Each lookup starts
// from the root and a set-element step scans the whole set with deepEqual,
// which makes it quadratic on large sets. Here each walk carries the
// counterpart node along (the same lookups, one step at a time) and a set's
// elements are matched through a hash index, with the same results.
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <cstring>
#include <functional>
#include <utility>
#include <vector>

#include "values/path.hpp"
#include "values/value_internal.hpp"
#include "values/walk.hpp"

namespace dynval {

namespace {

bool tf_equal(const Value& a, const Value& b);

inline uint64_t mix(uint64_t h, uint64_t x) noexcept {
  h ^= x + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

inline uint64_t hash_bytes(std::string_view s) noexcept { return std::hash<std::string_view>{}(s); }

// A hash that is equal for two values whenever tf_equal() holds for them
// (candidates with equal hashes are then confirmed with tf_equal).
uint64_t tf_hash(const Value& v) {
  if (!v.is_known()) return 1;
  if (v.is_null()) return 2;
  const TypeKind k = v.type().kind();
  switch (k) {
    case TypeKind::Bool:
      return v.as_bool() ? 3 : 4;
    case TypeKind::Number: {
      // Numbers are in a normal form (number.hpp): one value has one
      // representation, whatever its precision, except the two zeros.
      const Number& n = v.as_number();
      if (n.is_zero()) return 5;
      switch (n.kind()) {
        case Number::Kind::Int:
          return mix(6, static_cast<uint64_t>(n.int_value()));
        case Number::Kind::Uint:
          return mix(6, n.uint_value());
        case Number::Kind::Double: {
          double d = n.double_value();
          uint64_t bits;
          std::memcpy(&bits, &d, sizeof bits);
          return mix(7, bits);
        }
        case Number::Kind::Inf:
          return n.signbit() ? 8 : 9;
        case Number::Kind::Big:
          return mix(10, hash_bytes(n.hash_text()));
      }
      return 11;
    }
    case TypeKind::String:
      return mix(12, hash_bytes(v.as_string()));
    default:
      break;
  }
  std::span<const Value> elems = v.elements();
  uint64_t h = mix(13 + static_cast<uint64_t>(k), elems.size());
  if (k == TypeKind::Set) {
    // Set deep equality is mutual containment with equal lengths: hash the
    // distinct element hashes, in order.
    std::vector<uint64_t> hs;
    hs.reserve(elems.size());
    for (const Value& e : elems) hs.push_back(tf_hash(e));
    std::sort(hs.begin(), hs.end());
    hs.erase(std::unique(hs.begin(), hs.end()), hs.end());
    for (uint64_t x : hs) h = mix(h, x);
    return h;
  }
  for (size_t i = 0; i < elems.size(); ++i) {
    if (k == TypeKind::Map) h = mix(h, hash_bytes(v.key_at(i)));
    if (k == TypeKind::Object) h = mix(h, hash_bytes(v.type().attr_name(i)));
    h = mix(h, tf_hash(elems[i]));
  }
  return h;
}

// The elements of a set, findable by tftypes deep equality: (hash, index)
// pairs sorted, a flat open-addressing table from each distinct hash to its
// first pair, and candidates confirmed with tf_equal.
class SetIndex {
 public:
  explicit SetIndex(const Value& set) : elems_(set.elements()) {
    entries_.reserve(elems_.size());
    for (size_t i = 0; i < elems_.size(); ++i) entries_.push_back({tf_hash(elems_[i]), i});
    std::sort(entries_.begin(), entries_.end());
    size_t cap = 8;
    while (cap < 2 * entries_.size()) cap *= 2;
    slots_.assign(cap, kEmpty);
    for (size_t j = 0; j < entries_.size(); ++j) {
      if (j > 0 && entries_[j].first == entries_[j - 1].first) continue;
      size_t s = slot_of(entries_[j].first);
      while (slots_[s] != kEmpty) s = (s + 1) & (slots_.size() - 1);
      slots_[s] = j;
    }
  }
  // The first element (in the set's order) deep-equal to `v`, or nullptr:
  // what ApplyTerraform5AttributePathStep(ElementKeyValue(v)) finds.
  const Value* find(const Value& v) const {
    const uint64_t h = tf_hash(v);
    for (size_t s = slot_of(h); slots_[s] != kEmpty; s = (s + 1) & (slots_.size() - 1)) {
      if (entries_[slots_[s]].first != h) continue;
      for (size_t j = slots_[s]; j < entries_.size() && entries_[j].first == h; ++j) {
        if (tf_equal(v, elems_[entries_[j].second])) return &elems_[entries_[j].second];
      }
      return nullptr;
    }
    return nullptr;
  }

 private:
  static constexpr size_t kEmpty = SIZE_MAX;
  size_t slot_of(uint64_t h) const noexcept { return static_cast<size_t>(h ^ (h >> 29)) & (slots_.size() - 1); }

  std::span<const Value> elems_;
  std::vector<std::pair<uint64_t, size_t>> entries_;  // (hash, element index), sorted
  std::vector<size_t> slots_;                         // index into entries_ of each hash's first pair
};

bool known_structure(const Value& v) { return ValueAccess::coll(v) != nullptr; }

// tftypes deepEqual. tftypes fails on values of different kinds; they are
// simply not equal here.
bool tf_equal(const Value& a, const Value& b) {
  if (!a.is_known() || !b.is_known()) return !a.is_known() && !b.is_known();
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  const TypeKind k = a.type().kind();
  if (k != b.type().kind()) return false;
  switch (k) {
    case TypeKind::String:
      return a.as_string() == b.as_string();
    case TypeKind::Number:
      return Number::compare(a.as_number(), b.as_number()) == 0;
    case TypeKind::Bool:
      return a.as_bool() == b.as_bool();
    case TypeKind::Dynamic:
      return true;  // no known value has the dynamic type
    default:
      break;
  }
  const size_t n = a.length();
  if (n != b.length()) return false;
  std::span<const Value> ae = a.elements();
  std::span<const Value> be = b.elements();
  switch (k) {
    case TypeKind::List:
    case TypeKind::Tuple:
      for (size_t i = 0; i < n; ++i) {
        if (!tf_equal(ae[i], be[i])) return false;
      }
      return true;
    case TypeKind::Map:
    case TypeKind::Object:
      for (size_t i = 0; i < n; ++i) {
        std::string_view name = k == TypeKind::Map ? a.key_at(i) : a.type().attr_name(i);
        const Value* o = b.get(name);
        if (o == nullptr || !tf_equal(ae[i], *o)) return false;
      }
      return true;  // same count and every key of a in b: the same keys
    case TypeKind::Set: {
      SetIndex ia(a);
      for (const Value& e : be) {
        if (ia.find(e) == nullptr) return false;
      }
      SetIndex ib(b);
      for (const Value& e : ae) {
        if (ib.find(e) == nullptr) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

// One node of a walk over `x` with its counterpart in the other value.
struct Frame {
  const Value* x;
  const Value* y;  // the value at the same path in the other value, or nullptr
  size_t next;
  size_t n;
  std::unique_ptr<SetIndex> index;  // y's elements, when x and y are sets
};

// The counterpart of x's child i in y (ApplyTerraform5AttributePathStep of
// the step that leads to it), or nullptr. `found_set_element` is set when
// the child is a set element matched by deep equality: its whole subtree
// then has no differences.
const Value* counterpart(Frame& f, size_t i, bool& found_set_element) {
  found_set_element = false;
  const Value* y = f.y;
  if (y == nullptr || !known_structure(*y)) return nullptr;  // null or unknown: ErrInvalidStep
  const Value& x = *f.x;
  const TypeKind xk = x.type().kind();
  const TypeKind yk = y->type().kind();
  switch (xk) {
    case TypeKind::Object:
      return yk == TypeKind::Object ? y->get(x.type().attr_name(i)) : nullptr;
    case TypeKind::Map:
      return yk == TypeKind::Map ? y->get(x.key_at(i)) : nullptr;
    case TypeKind::List:
    case TypeKind::Tuple:
      if (yk != TypeKind::List && yk != TypeKind::Tuple) return nullptr;
      return i < y->length() ? &y->elements()[i] : nullptr;
    case TypeKind::Set: {
      if (yk != TypeKind::Set) return nullptr;
      if (!f.index) f.index = std::make_unique<SetIndex>(*y);
      const Value* e = f.index->find(x.elements()[i]);
      found_set_element = e != nullptr;
      return e;
    }
    default:
      return nullptr;
  }
}

// Walks `x` pre-order with its counterparts in the other value, calling
// visit(path, x_node, y_node_or_null) -> descend?. Subtrees of set elements
// matched by deep equality are skipped (they hold no difference).
template <class Visit>
void pair_walk(const Value& x, const Value& y, Visit&& visit) {
  Path path;
  std::vector<Frame> stack;
  if (visit(path, x, &y) && known_structure(x)) stack.push_back(Frame{&x, &y, 0, x.length(), nullptr});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.n) {
      stack.pop_back();
      if (!stack.empty()) path.pop_back();
      continue;
    }
    const size_t i = f.next++;
    bool matched = false;
    const Value* yc = counterpart(f, i, matched);
    if (matched) continue;
    const Value& xc = f.x->elements()[i];
    path.push_back(child_step(*f.x, i));
    if (visit(path, xc, yc) && known_structure(xc)) {
      stack.push_back(Frame{&xc, yc, 0, xc.length(), nullptr});
    } else {
      path.pop_back();
    }
  }
}

}  // namespace

std::vector<DiffEntry> diff(const Value& a, const Value& b) {
  std::vector<DiffEntry> out;
  // Everything in b is also in a.
  pair_walk(b, a, [&](const Path& path, const Value& bv, const Value* av) {
    if (av != nullptr) return true;
    out.push_back(DiffEntry{path, std::nullopt, bv});
    return false;
  });
  // Everything in a is also in b, and matches.
  pair_walk(a, b, [&](const Path& path, const Value& av, const Value* bp) {
    auto report = [&](bool descend) {
      out.push_back(DiffEntry{path, av, bp ? std::optional<Value>(*bp) : std::nullopt});
      return descend;
    };
    if (bp == nullptr) return report(true);
    const Value& bv = *bp;
    if (!av.is_known() && !bv.is_known()) return false;
    if (!av.is_known()) return report(false);
    if (!bv.is_known()) return report(true);
    if (av.is_null() && bv.is_null()) return false;
    if (av.is_null()) return report(false);
    if (bv.is_null()) return report(true);
    const TypeKind k = av.type().kind();
    if (k != bv.type().kind()) return report(true);  // tftypes: an error
    switch (k) {
      case TypeKind::String:
        if (av.as_string() != bv.as_string()) report(false);
        return false;
      case TypeKind::Number:
        if (Number::compare(av.as_number(), bv.as_number()) != 0) report(false);
        return false;
      case TypeKind::Bool:
        if (av.as_bool() != bv.as_bool()) report(false);
        return false;
      case TypeKind::Dynamic:
        return true;
      default:
        if (av.length() != bv.length()) report(true);
        return true;
    }
  });
  return out;
}

}  // namespace dynval
