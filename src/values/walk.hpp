// Walking and rebuilding values: cty Walk, Transform (with Enter/Exit, as
// TransformWithTransformer), UnknownAsNull, a set-at-path edit, and
// terraform-plugin-go's tftypes Value.Diff (cty/walk.go,
// cty/unknown_as_null.go, tftypes/diff.go).
//
// Every traversal here is a loop over an explicit stack, so the depth of a
// value costs heap, never C stack. Children are visited in the values'
// iteration order: list, tuple and set elements in order (sets in go-cty's
// order), map entries and object attributes bytewise by key or name. Child
// paths are built as go-cty builds them: `.name` for attributes, `[i]` for
// list and tuple elements, `["key"]` for map entries, and a set-element step
// holding the element itself for set elements.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "support/error.hpp"
#include "values/value.hpp"

namespace dynval {

// Callback results shared by walk() and Transformer::enter(): 0 goes on
// (descends into the value's children), a positive value skips the value's
// children, a negative value stops the traversal and is returned by it.
inline constexpr int kWalkSkip = 1;

// cty Walk: visits `v` and then, pre-order, every value nested in it. The
// callback receives the path from `v` and the value; both are valid for the
// call only (the path is changed in place as the walk moves). Null and
// unknown values have no children. Returns 0 when the walk completed, or
// the callback's negative value that stopped it.
using WalkFn = std::function<int(const Path& path, const Value& v)>;
int walk(const Value& v, const WalkFn& fn);

// cty Transformer. enter() runs before a value's children are transformed
// (pre-order) and exit() after (post-order), on the value rebuilt from the
// transformed children. Either may replace the value it is given by setting
// `replace`; return 0 to go on, or a negative value to stop the transform.
// enter() may also return a positive value to leave the (possibly replaced)
// value's children as they are; exit() still runs for the value. The path
// and value are valid for the call only.
class Transformer {
 public:
  virtual ~Transformer() = default;
  virtual int enter(const Path& path, const Value& v, std::optional<Value>& replace);
  virtual int exit(const Path& path, const Value& v, std::optional<Value>& replace);
};

// cty TransformWithTransformer. A collection whose children changed is
// rebuilt as go-cty rebuilds it (ListVal, SetVal, MapVal, TupleVal,
// ObjectVal: a list's element type is then that of its elements, a set is
// deduplicated and reordered); one whose children did not change, and every
// untouched part of the value, is shared with `v`, not copied. Empty
// collections, nulls and unknowns have no children to transform. Returns 0
// with the result in `out`, or the negative value a callback stopped with
// (`out` untouched). Throws Error(Status::TypeMismatch) with the path of the
// collection when its transformed elements cannot form one (elements of a
// list, set or map with different types: go-cty panics there).
int transform(const Value& v, Transformer& t, Value& out);

// cty UnknownAsNull: every unknown value, at any depth, becomes the null
// value of its type (refinements are dropped). Wholly known parts are
// shared with `v`.
Value unknown_as_null(const Value& v);

// A copy of `root` with the value at `p` replaced by `nv`; every part of
// `root` off the path is shared, and only the collections along the path
// are rebuilt (O(depth) of them). Steps: attributes of objects (a key step
// also names an object attribute, as in Value::lookup), keys of maps (a
// missing key is added when it is the last step), indexes of lists, tuples
// and sets (iteration order), set elements by value (find_set_element; the
// set is then deduplicated and reordered). A replacement that conforms to
// the type its position has (an object attribute's, a tuple element's, the
// collection's element type; more specific where that type contains
// dynamic) keeps the parent's type. Any other is stored as go-cty's
// Transform stores it: the parent is rebuilt from its children (transform's
// rebuild), so an object's or tuple's type follows its values (a dynamic
// attribute takes a value of any type) and a list, set or map must still
// end up with one element type. A null or unknown value of the dynamic type
// takes its position's type. An empty path returns `nv`. Throws Error with the path of the
// failing step: Status::UnknownValue through an unknown value,
// Status::TypeMismatch through a null or primitive value, for a step that
// does not apply to the value's kind, or for a collection element (or new
// map entry) whose type its siblings do not share; Status::NotFound for a missing attribute, key or element;
// Status::OutOfRange for an index past the end.
Value set_path(const Value& root, const Path& p, Value nv);

// One difference found by diff(): the part of each value at its path
// (nullopt when that value has nothing there). Diff::path(i) gives the path.
struct DiffEntry {
  std::optional<Value> a;
  std::optional<Value> b;
};

// The differences diff() found, in order. The paths share their prefixes:
// each entry names a node that holds its last step and its parent node, so
// n differences at depth d take O(n + d) memory (a copy of each path would
// take O(n * d): an object 4,000 levels deep diffed against a string has
// 4,000 differences). path(i) builds entry i's path in O(its length).
class Diff {
 public:
  size_t size() const noexcept { return entries_.size(); }
  bool empty() const noexcept { return entries_.empty(); }
  const DiffEntry& operator[](size_t i) const noexcept { return entries_[i].second; }
  Path path(size_t i) const;

 private:
  friend class DiffBuilder;
  static constexpr size_t kRoot = SIZE_MAX;  // the empty path
  struct Node {
    size_t parent;  // a node index, or kRoot
    PathStep step;
  };
  std::vector<Node> nodes_;
  std::vector<std::pair<size_t, DiffEntry>> entries_;  // (path node or kRoot, entry)
};

// terraform-plugin-go's tftypes Value.Diff(a, b), for plan/apply
// consistency checks: first every position that `b` has and `a` lacks (the
// shallowest such, a absent), then, walking `a` pre-order, every position
// where the two differ: a leaf of another value; an unknown against a known
// value; a null against a non-null one; a collection of another length
// (list, set, tuple) or entry count (map, object) -- the walk then goes on
// below it; and every position under `a` that `b` lacks. Two unknowns are
// equal whatever their refinements; numbers compare by value (1 equals 1.0
// at any precision); set elements are matched by tftypes' deep equality, so
// a set element present in only one value is reported with its whole
// subtree. Where the two values have different types at a position (under
// dynamic types, or at the root) and they differ there (other kinds, or
// objects with other attribute names), that position is one more difference
// and the walk goes on below `a`'s value there: tftypes returns an error.
//
// Cost: O(n log n) in the size of both values, whatever their nesting of
// sets (each node's deep-equality class is computed once), and memory in
// proportion to them (paths share prefixes, see Diff).
Diff diff(const Value& a, const Value& b);

}  // namespace dynval
