// diff(): terraform-plugin-go's tftypes Value.Diff (tftypes/diff.go,
// value_equal.go deepEqual, walk.go, ApplyTerraform5AttributePathStep in
// value.go; v0.31.0), see values/walk.hpp.
//
// tftypes runs two walks: one over the second value that looks every path
// up in the first (reporting what the first lacks), then one over the first
// that looks every path up in the second and compares. Each lookup starts
// from the root and a set-element step scans the whole set with deepEqual,
// which makes it quadratic on large sets, and exponential in the nesting of
// sets (deepEqual of two sets matches every inner set from both sides).
// Here each walk carries the counterpart node along (the same lookups, one
// step at a time), and deep equality is decided by classes: every node the
// walk compares gets the number of its deepEqual class, computed once from
// its children's classes, so matching a set element is one table lookup.
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <cstring>
#include <unordered_map>
#include <utility>
#include <vector>

#include "values/path.hpp"
#include "values/value_internal.hpp"
#include "values/walk.hpp"

namespace dynval {

namespace {

// tftypes deepEqual as equivalence classes: two values are deepEqual
// exactly when of() gives them the same class. Every unknown is equal to
// every unknown and every null to every null (whatever their types); other
// values are equal when their kinds are (a list never equals a tuple) and
// their contents are: primitives by value (numbers by value, whatever their
// precision), lists and tuples element by element, maps and objects key by
// key, sets by length and mutual containment. A node's class is its kind
// and its children's classes, interned; it is computed once per node (the
// memo is keyed by the node's address, which is stable while the two values
// live), so classifying a whole value costs O(its size), sets included.
class DeepEqualClasses {
 public:
  uint32_t of(const Value& v) {
    if (!v.is_known()) return kUnknown;
    if (v.is_null()) return kNull;
    const TypeKind k = v.type().kind();
    const bool composite = k != TypeKind::Bool && k != TypeKind::Number && k != TypeKind::String &&
                           k != TypeKind::Dynamic;
    if (composite) {
      auto it = memo_.find(&v);
      if (it != memo_.end()) return it->second;
    }
    std::string key;
    key.push_back(char(k));
    switch (k) {
      case TypeKind::Bool:
        key.push_back(v.as_bool() ? 't' : 'f');
        break;
      case TypeKind::Number: {
        // Numbers are in a normal form (number.hpp): one value has one
        // representation, whatever its precision, except the two zeros.
        const Number& n = v.as_number();
        if (n.is_zero()) {
          key.push_back('0');
          break;
        }
        key.push_back(char(n.kind()));
        switch (n.kind()) {
          case Number::Kind::Int: append_raw(key, n.int_value()); break;
          case Number::Kind::Uint: append_raw(key, n.uint_value()); break;
          case Number::Kind::Double: append_raw(key, n.double_value()); break;
          case Number::Kind::Inf: key.push_back(n.signbit() ? '-' : '+'); break;
          case Number::Kind::Big: n.append_hash_text(key); break;
        }
        break;
      }
      case TypeKind::String:
        key.append(v.as_string());
        break;
      case TypeKind::Dynamic:
        break;  // no known value has the dynamic type
      case TypeKind::Set: {
        // Equal lengths and mutual containment: the length and the distinct
        // element classes.
        std::span<const Value> elems = v.elements();
        std::vector<uint32_t> cs;
        cs.reserve(elems.size());
        for (const Value& e : elems) cs.push_back(of(e));
        std::sort(cs.begin(), cs.end());
        cs.erase(std::unique(cs.begin(), cs.end()), cs.end());
        append_raw(key, uint64_t(elems.size()));
        for (uint32_t c : cs) append_raw(key, c);
        break;
      }
      default: {
        std::span<const Value> elems = v.elements();
        for (size_t i = 0; i < elems.size(); ++i) {
          if (k == TypeKind::Map || k == TypeKind::Object) {
            const std::string_view name = k == TypeKind::Map ? v.key_at(i) : v.type().attr_name(i);
            append_raw(key, uint64_t(name.size()));
            key.append(name);
          }
          append_raw(key, of(elems[i]));
        }
        break;
      }
    }
    const uint32_t c = ids_.try_emplace(std::move(key), uint32_t(ids_.size() + kFirst)).first->second;
    if (composite) memo_.emplace(&v, c);
    return c;
  }

 private:
  static constexpr uint32_t kUnknown = 0, kNull = 1, kFirst = 2;

  template <class T>
  static void append_raw(std::string& key, T x) {
    char b[sizeof x];
    std::memcpy(b, &x, sizeof x);
    key.append(b, sizeof x);
  }

  std::unordered_map<const Value*, uint32_t> memo_;
  std::unordered_map<std::string, uint32_t> ids_;
};

// The elements of a set, findable by deep equality: the first element (in
// the set's order) of each class.
class SetIndex {
 public:
  SetIndex(const Value& set, DeepEqualClasses& classes) {
    std::span<const Value> elems = set.elements();
    first_.reserve(elems.size());
    for (const Value& e : elems) first_.try_emplace(classes.of(e), &e);
  }
  // What ApplyTerraform5AttributePathStep(ElementKeyValue(v)) finds.
  const Value* find(const Value& v, DeepEqualClasses& classes) const {
    auto it = first_.find(classes.of(v));
    return it == first_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<uint32_t, const Value*> first_;
};

bool known_structure(const Value& v) { return ValueAccess::coll(v) != nullptr; }

// Whether two types differ at their top rather than only inside a child
// type: their kinds, an object's attribute names, a tuple's length. An
// object whose attribute types differ differs at those attributes, where
// the walk finds it; lists, sets and maps whose element types differ (an
// unknown element typed by a schema's dynamic attribute beside known ones)
// differ at their elements, as tftypes reports them.
bool differs_at_top(const Type& a, const Type& b) {
  if (a == b) return false;
  if (a.kind() != b.kind()) return true;
  switch (a.kind()) {
    case TypeKind::Object:
      if (a.attr_count() != b.attr_count()) return true;
      for (size_t i = 0; i < a.attr_count(); ++i) {
        if (a.attr_name(i) != b.attr_name(i)) return true;
      }
      return false;
    case TypeKind::Tuple:
      return a.tuple_size() != b.tuple_size();
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
const Value* counterpart(Frame& f, size_t i, DeepEqualClasses& classes, bool& found_set_element) {
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
      if (!f.index) f.index = std::make_unique<SetIndex>(*y, classes);
      const Value* e = f.index->find(x.elements()[i], classes);
      found_set_element = e != nullptr;
      return e;
    }
    default:
      return nullptr;
  }
}

}  // namespace

// Builds a Diff: the walks' current path is a stack of steps, and the
// prefix of it that some entry already needed is stored as nodes (each
// position is stored at most once), so entries share their prefixes.
class DiffBuilder {
 public:
  Diff take() { return std::move(d_); }

  void push(PathStep s) {
    path_.push_back(std::move(s));
    ids_.push_back(Diff::kRoot);
  }
  void pop() {
    path_.pop_back();
    ids_.pop_back();
    stored_ = std::min(stored_, path_.size());
  }
  void report(const Value* a, const Value* b) {
    for (; stored_ < path_.size(); ++stored_) {
      d_.nodes_.push_back(Diff::Node{stored_ == 0 ? Diff::kRoot : ids_[stored_ - 1], path_[stored_]});
      ids_[stored_] = d_.nodes_.size() - 1;
    }
    DiffEntry e;
    if (a) e.a.emplace(*a);
    if (b) e.b.emplace(*b);
    d_.entries_.emplace_back(path_.empty() ? Diff::kRoot : ids_.back(), std::move(e));
  }

  // Walks `x` pre-order with its counterparts in the other value, calling
  // visit(x_node, y_node_or_null) -> descend?. Subtrees of set elements
  // matched by deep equality are skipped (they hold no difference).
  template <class Visit>
  void pair_walk(const Value& x, const Value& y, Visit&& visit) {
    std::vector<Frame> stack;
    if (visit(x, &y) && known_structure(x)) stack.push_back(Frame{&x, &y, 0, x.length(), nullptr});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next == f.n) {
        stack.pop_back();
        if (!stack.empty()) pop();
        continue;
      }
      const size_t i = f.next++;
      bool matched = false;
      const Value* yc = counterpart(f, i, classes_, matched);
      if (matched) continue;
      const Value& xc = f.x->elements()[i];
      push(child_step(*f.x, i));
      if (visit(xc, yc) && known_structure(xc)) {
        stack.push_back(Frame{&xc, yc, 0, xc.length(), nullptr});
      } else {
        pop();
      }
    }
  }

 private:
  Diff d_;
  Path path_;
  std::vector<size_t> ids_;  // the node of each prefix of path_ (the first stored_ are set)
  size_t stored_ = 0;
  DeepEqualClasses classes_;
};

Path Diff::path(size_t i) const {
  Path p;
  for (size_t n = entries_[i].first; n != kRoot; n = nodes_[n].parent) p.push_back(nodes_[n].step);
  std::reverse(p.begin(), p.end());
  return p;
}

Diff diff(const Value& a, const Value& b) {
  DiffBuilder out;
  // Everything in b is also in a.
  out.pair_walk(b, a, [&](const Value& bv, const Value* av) {
    if (av != nullptr) return true;
    out.report(nullptr, &bv);
    return false;
  });
  // Everything in a is also in b, and matches.
  out.pair_walk(a, b, [&](const Value& av, const Value* bp) {
    auto report = [&](bool descend) {
      out.report(&av, bp);
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
    if (differs_at_top(av.type(), bv.type())) return report(true);  // tftypes: an error
    switch (av.type().kind()) {
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
  return out.take();
}

}  // namespace dynval
