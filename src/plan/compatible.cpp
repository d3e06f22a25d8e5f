// compatible.go of OpenTofu v1.9.1 (AssertObjectCompatible and its
// helpers assertObjectCompatible, assertValueCompatible,
// assertSetValuesCompatible, indexStrForErrors), with the sensitive marks
// OpenTofu puts on both values before calling it: go-cty MarkWithPaths at
// the caller's paths and at configschema Block.ValueMarks.
//
// Marks. libdynval values carry none, so the marks are a set of marked
// nodes per value (Marks below), placed as go-cty's MarkWithPaths leaves
// them: a path marks the node it reaches through known, non-null values
// (Transform's walk; a path that reaches nothing marks nothing), and a mark
// anywhere inside a set element moves to the outermost set holding it
// (SetVal cannot hold marked elements and hoists their marks, deep, onto
// the set). compatible.go then reads marks only here:
//   - an attribute is sensitive when the schema says so, or when its
//     planned or actual value contains a mark (UnmarkDeep: the attribute
//     node or anything under it), or when the object it belongs to is
//     itself marked (GetAttr passes an object's marks to its attributes);
//   - a nested block's value is Unmark'ed at its top: the marks of the
//     block value and of the object holding it are dropped, but the
//     elements of a LIST or MAP block keep their own, so a marked element
//     makes all of its attributes sensitive (not its nested blocks); SET
//     blocks hoisted everything inside onto the set, so nothing inside a
//     SET block is marked;
//   - everything below an attribute is compared unmarked.
// Block.ValueMarks' paths into MAP blocks whose value is an object (dynamic
// content) are index steps where Transform walks attribute steps: they
// never match, so nothing there is marked by the schema.
//
// Where OpenTofu panics (a null element of a nested attribute collection
// with sensitive attributes inside, when marking; a MAP block whose planned
// value is an object and whose actual value is not, or is null; a MAP
// block whose actual value is unknown where the planned one is a known map)
// this throws Error(Status::TypeMismatch) with the path.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "convert/convert.hpp"
#include "plan/internal.hpp"
#include "plan/plan.hpp"
#include "support/error.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "values/path.hpp"

namespace dynval::plan {

namespace {

[[noreturn]] void panics(const std::string& what, const Path& path) {
  throw Error(Status::TypeMismatch, "OpenTofu's AssertObjectCompatible panics here: " + what, path);
}

// ---------------------------------------------------------------------------
// Mark keys: a path as a string of self-delimiting steps, so that a key is a
// string prefix of another exactly when its node holds the other's.

void key_attr(std::string& k, std::string_view name) {
  k += 'a';
  k += std::to_string(name.size());
  k += ':';
  k += name;
}
void key_index(std::string& k, int64_t i) {
  k += 'i';
  k += std::to_string(i);
  k += ';';
}
void key_key(std::string& k, std::string_view key) {
  k += 'k';
  k += std::to_string(key.size());
  k += ':';
  k += key;
}

// The marked nodes of one value.
class Marks {
 public:
  void add(std::string key) { keys_.insert(std::move(key)); }
  // The node itself is marked (Value.IsMarked).
  bool marked(const std::string& key) const { return keys_.count(key) != 0; }
  // The node or a node under it is marked (what UnmarkDeep finds).
  bool contains(const std::string& key) const {
    auto it = keys_.lower_bound(key);
    return it != keys_.end() && it->compare(0, key.size(), key) == 0;
  }

 private:
  std::set<std::string> keys_;
};

bool object_contains_sensitive(const NestedObject& o);

bool attr_contains_sensitive(const Attribute& a) {
  return a.sensitive || (a.nested_type && object_contains_sensitive(*a.nested_type));
}

bool object_contains_sensitive(const NestedObject& o) {
  return std::any_of(o.attributes.begin(), o.attributes.end(), attr_contains_sensitive);
}

bool block_contains_sensitive(const Block& b) {
  for (const Attribute& a : b.attributes) {
    if (attr_contains_sensitive(a)) return true;
  }
  for (const NestedBlock& nb : b.block_types) {
    if (block_contains_sensitive(nb.block)) return true;
  }
  return false;
}

// Where a walk of marks is: the key of the node, the length of the key at
// the outermost set passed through (a mark below lands there), and whether
// marks can land at all (false under paths MarkWithPaths never visits).
struct MarkAt {
  std::string key;
  size_t hoist = std::string::npos;
  bool live = true;
};

// Builds one value's Marks as MarkWithPaths leaves them.
class MarkBuilder {
 public:
  explicit MarkBuilder(Marks& out) : out_(out) {}

  void mark(const MarkAt& at) {
    if (!at.live) return;
    out_.add(at.hoist == std::string::npos ? at.key : at.key.substr(0, at.hoist));
  }

  // A caller's path (cty MarkWithPaths): the node it reaches, if any. Each
  // step is a cty GetAttrStep or IndexStep: an attribute step matches an
  // object attribute; an index step's key (a number for Index, a string for
  // Key, the element for Element) matches a list or tuple index equal to
  // it, a map key equal to it, or a set element RawEquals to it.
  void user_path(const Value& root, const Path& p) {
    const Value* cur = &root;
    MarkAt at;
    for (const PathStep& s : p) {
      if (!cur->is_known() || cur->is_null()) return;
      TypeKind k = cur->type().kind();
      if (s.kind == PathStep::Kind::Attr) {
        if (k != TypeKind::Object) return;
        cur = cur->get(s.name);
        if (!cur) return;
        key_attr(at.key, s.name);
        continue;
      }
      Value key;
      if (s.kind == PathStep::Kind::Index) {
        key = Value::number(Number::from_int64(s.index));
      } else if (s.kind == PathStep::Kind::Key) {
        key = Value::string(s.name);
      } else if (s.elem) {
        key = *s.elem;
      } else {
        return;
      }
      switch (k) {
        case TypeKind::List:
        case TypeKind::Tuple: {
          if (key.type().kind() != TypeKind::Number || !key.is_known() || key.is_null()) return;
          bool exact = false;
          int64_t i = key.as_number().to_int64(&exact);
          if (!exact || i < 0 || size_t(i) >= cur->length()) return;
          cur = &cur->at(size_t(i));
          key_index(at.key, i);
          break;
        }
        case TypeKind::Map: {
          if (key.type().kind() != TypeKind::String || !key.is_known() || key.is_null()) return;
          std::string_view name = key.as_string();
          cur = cur->get(name);
          if (!cur) return;
          key_key(at.key, name);
          break;
        }
        case TypeKind::Set: {
          const Value* found = nullptr;
          for (const Value& e : cur->elements()) {
            if (e.raw_equals(key)) {
              found = &e;
              break;
            }
          }
          if (!found) return;
          if (at.hoist == std::string::npos) at.hoist = at.key.size();
          cur = found;
          break;
        }
        default:
          return;
      }
    }
    mark(at);
  }

  // configschema Block.ValueMarks(val, path), the marks landing where
  // MarkWithPaths puts them.
  void block(const Block& b, const Value& val, const MarkAt& at, Path& path) {
    // Attribute paths under a null or unknown value reach nothing.
    if (!val.is_known() || val.is_null()) return;
    for (const Attribute& a : b.attributes) {
      if (!a.sensitive) continue;
      MarkAt child = at;
      key_attr(child.key, a.name);
      mark(child);
    }
    for (const Attribute& a : b.attributes) {
      if (!a.nested_type || !object_contains_sensitive(*a.nested_type)) continue;
      MarkAt child = at;
      key_attr(child.key, a.name);
      path.push_back(PathStep::attr(a.name));
      object(*a.nested_type, *val.get(a.name), child, path);
      path.pop_back();
    }
    for (const NestedBlock& nb : b.block_types) {
      if (!block_contains_sensitive(nb.block)) continue;
      const Value& bv = *val.get(nb.type_name);
      if (bv.is_null() || !bv.is_known()) continue;
      MarkAt bat = at;
      key_attr(bat.key, nb.type_name);
      path.push_back(PathStep::attr(nb.type_name));
      switch (nb.nesting) {
        case NestingMode::Single:
        case NestingMode::Group:
          block(nb.block, bv, bat, path);
          break;
        default:
          elements(bv, bat, path, [&](const Value& ev, const MarkAt& eat) { block(nb.block, ev, eat, path); });
          break;
      }
      path.pop_back();
    }
  }

 private:
  Marks& out_;

  // The elements of a known collection as ElementIterator walks them, each
  // with the mark position of the path ValueMarks builds for it (the
  // collection's path plus IndexStep{Key: idx}).
  template <class F>
  void elements(const Value& coll, const MarkAt& at, Path& path, F&& f) {
    TypeKind k = coll.type().kind();
    size_t n = coll.length();
    for (size_t i = 0; i < n; ++i) {
      MarkAt eat = at;
      switch (k) {
        case TypeKind::List:
        case TypeKind::Tuple:
          key_index(eat.key, int64_t(i));
          break;
        case TypeKind::Map:
          key_key(eat.key, coll.key_at(i));
          break;
        case TypeKind::Set:
          if (eat.hoist == std::string::npos) eat.hoist = eat.key.size();
          break;
        default:  // an object (MAP block of dynamic content): never matched
          eat.live = false;
          break;
      }
      path.push_back(child_step(coll, i));
      f(coll.at(i), eat);
      path.pop_back();
    }
  }

  // configschema Object.ValueMarks(val, path).
  void object(const NestedObject& o, const Value& val, const MarkAt& at, Path& path) {
    if (val.is_null() || !val.is_known()) return;
    for (const Attribute& a : o.attributes) {
      if (!a.sensitive && !(a.nested_type && object_contains_sensitive(*a.nested_type))) continue;
      switch (o.nesting) {
        case NestingMode::Single:
        case NestingMode::Group: {
          MarkAt child = at;
          key_attr(child.key, a.name);
          if (a.sensitive) {
            mark(child);
          } else {
            path.push_back(PathStep::attr(a.name));
            object(*a.nested_type, *val.get(a.name), child, path);
            path.pop_back();
          }
          break;
        }
        default:
          elements(val, at, path, [&](const Value& ev, const MarkAt& eat) {
            // attrEV.GetAttr(name): go-cty panics on a null object.
            if (ev.is_null()) panics("a null element of a nested attribute collection with sensitive attributes", path);
            MarkAt child = eat;
            key_attr(child.key, a.name);
            if (!ev.is_known()) return;  // GetAttr gives an unknown: nothing below exists
            if (a.sensitive) {
              mark(child);
            } else {
              path.push_back(PathStep::attr(a.name));
              object(*a.nested_type, *ev.get(a.name), child, path);
              path.pop_back();
            }
          });
          break;
      }
    }
  }
};

Marks build_marks(const Block& schema, const Value& v, std::span<const Path> sensitive, bool schema_marks) {
  Marks m;
  MarkBuilder b(m);
  for (const Path& p : sensitive) b.user_path(v, p);
  if (schema_marks) {
    Path path;
    b.block(schema, v, MarkAt{}, path);
  }
  return m;
}

// ---------------------------------------------------------------------------
// cty operations as compatible.go uses them.

// GetAttr: an attribute of an unknown object is an unknown of its type.
// go-cty panics on a null object.
Value get_attr(const Value& obj, std::string_view name, const Path& path) {
  if (!obj.is_known()) return Value::unknown(obj.type().attr_type(obj.type().attr_index(name)));
  if (obj.is_null()) panics("attribute " + text::go_quoted(name) + " of a null object", path);
  return *obj.get(name);
}

// ValueRange.Includes(v) of go-cty v1.14.4 for the range of the unknown
// `unk`, known False only: whether `v` is definitely outside it. The
// caller has checked that v's type conforms to unk's.
bool range_excludes(const Value& unk, const Value& v) {
  const Refinements& r = unk.refinements();
  if (v.is_null()) return r.not_null;
  if (v.type().is_dynamic()) return false;
  // An unrefined unknown's range has no kind (refinementNullable): no
  // bound applies, not even the infinities a number's range excludes.
  if (r.empty()) return false;
  switch (unk.type().kind()) {
    case TypeKind::String:
      if (v.is_known()) {
        std::string_view s = v.as_string();
        if (s.substr(0, r.prefix.size()) != r.prefix) return true;
      }
      return false;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: {
      // v.Length(): exact for a known collection (a set holding unknowns:
      // between 1 and its stored length), the length refinements of an
      // unknown one; then Length >= min and Length <= max, known false
      // only when the whole length range is outside.
      int64_t lo, hi;
      if (v.is_known()) {
        lo = hi = int64_t(v.length());
        if (v.type().kind() == TypeKind::Set && hi != 1 && !v.is_wholly_known()) lo = 1;
      } else {
        lo = v.refinements().len_min;
        hi = v.refinements().len_max;
      }
      return hi < r.len_min || lo > r.len_max;
    }
    case TypeKind::Number: {
      if (v.is_known()) {
        const Number& x = v.as_number();
        if (r.lower) {
          int c = Number::compare(x, r.lower->value);
          if (r.lower->inclusive ? c < 0 : c <= 0) return true;
        } else if (x.is_inf() && x.signbit()) {
          return true;  // x > NegativeInfinity is false
        }
        if (r.upper) {
          int c = Number::compare(x, r.upper->value);
          if (r.upper->inclusive ? c > 0 : c >= 0) return true;
        } else if (x.is_inf() && !x.signbit()) {
          return true;
        }
        return false;
      }
      // Two ranges: GreaterThan/LessThan decide only when one range lies
      // wholly beyond the other (bounds compared as exclusive).
      const Refinements& vr = v.refinements();
      if (vr.upper && r.lower && Number::compare(vr.upper->value, r.lower->value) < 0) return true;
      if (vr.lower && r.upper && Number::compare(vr.lower->value, r.upper->value) > 0) return true;
      return false;
    }
    default:
      return false;
  }
}

// indexStrForErrors for a list or tuple index and a map key.
std::string index_str(int64_t i) { return std::to_string(i); }
std::string key_str(std::string_view k) { return text::go_quoted(k); }

std::string fmt_d(const char* before, size_t a, const char* mid, size_t b) {
  return std::string(before) + std::to_string(a) + mid + std::to_string(b);
}

// Where problems go: collected, or (when only whether there is one
// matters, as for set correlation) just noted.
struct Sink {
  std::vector<Problem>* out = nullptr;
  bool any = false;

  bool counting() const { return out == nullptr; }
  // Whether to go on looking: a counting sink stops at the first problem.
  bool done() const { return counting() && any; }
  template <class F>
  void add(const Path& path, F&& message) {
    any = true;
    if (out) out->push_back(Problem{path, message()});
  }
};

// ---------------------------------------------------------------------------

class Checker {
 public:
  Checker(const Marks& planned, const Marks& actual) : mp_(planned), ma_(actual) {}

  // assertObjectCompatible. `key` is the mark key of the path (nullptr
  // where nothing can be marked: inside SET blocks); p_marked / a_marked:
  // the planned / actual object itself carries marks.
  void object(const Block& schema, const Value& planned, const Value& actual, Path& path, const std::string* key,
              bool p_marked, bool a_marked, Sink& sink) {
    if (planned.is_null() && !actual.is_null()) {
      sink.add(path, [&] { return std::string(path.empty() ? "Root object " : "") + "was absent, but now present"; });
      return;
    }
    if (actual.is_null() && !planned.is_null()) {
      sink.add(path, [&] { return std::string(path.empty() ? "Root object " : "") + "was present, but now absent"; });
      return;
    }
    if (planned.is_null()) return;

    for (const Attribute& a : schema.attributes) {
      if (sink.done()) return;
      Value pv = get_attr(planned, a.name, path);
      Value av = get_attr(actual, a.name, path);
      path.push_back(PathStep::attr(a.name));
      bool sensitive = a.sensitive || p_marked || a_marked;
      if (!sensitive && key) {
        std::string k = *key;
        key_attr(k, a.name);
        sensitive = mp_.contains(k) || ma_.contains(k);
      }
      if (sensitive) {
        Sink inner;
        value(pv, av, path, inner);
        if (inner.any) sink.add(path, [] { return std::string("inconsistent values for sensitive attribute"); });
      } else {
        value(pv, av, path, sink);
      }
      path.pop_back();
    }
    for (const NestedBlock& nb : schema.block_types) {
      if (sink.done()) return;
      Value pv = get_attr(planned, nb.type_name, path);
      Value av = get_attr(actual, nb.type_name, path);
      path.push_back(PathStep::attr(nb.type_name));
      std::optional<std::string> bkey;
      if (key) {
        bkey = *key;
        key_attr(*bkey, nb.type_name);
      }
      nested_block(nb, pv, av, path, bkey ? &*bkey : nullptr, sink);
      path.pop_back();
    }
  }

 private:
  const Marks& mp_;
  const Marks& ma_;
  size_t steps_ = 0;

  void spend() {
    if (++steps_ > limits::kMaxSetPairingSteps) throw limits::set_correlation(limits::kMaxSetPairingSteps);
  }

  // One element of a LIST or MAP block: its mark key and own marks.
  void element(const NestedBlock& nb, const Value& pe, const Value& ae, Path& path, const std::string* key,
               Sink& sink) {
    if (!key) {
      object(nb.block, pe, ae, path, nullptr, false, false, sink);
      return;
    }
    std::string ekey = *key;
    const PathStep& s = path.back();
    if (s.kind == PathStep::Kind::Index) {
      key_index(ekey, s.index);
    } else if (s.kind == PathStep::Kind::Key) {
      key_key(ekey, s.name);
    } else {
      key_attr(ekey, s.name);
    }
    object(nb.block, pe, ae, path, &ekey, mp_.marked(ekey), ma_.marked(ekey), sink);
  }

  void nested_block(const NestedBlock& nb, const Value& pv, const Value& av, Path& path, const std::string* key,
                    Sink& sink) {
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:
        // If an unknown block placeholder was present then the placeholder
        // may have expanded out into zero blocks, which is okay.
        if (!pv.is_known() && av.is_null()) return;
        object(nb.block, pv, av, path, key, false, false, sink);
        return;
      case NestingMode::List: {
        if (!pv.is_known() || !av.is_known() || pv.is_null() || av.is_null()) return;
        size_t pl = pv.length(), al = av.length();
        if (pl != al) {
          sink.add(path, [&] { return fmt_d("block count changed from ", pl, " to ", al); });
          return;
        }
        for (size_t i = 0; i < pl && !sink.done(); ++i) {
          path.push_back(PathStep::idx(int64_t(i)));
          element(nb, pv.at(i), av.at(i), path, key, sink);
          path.pop_back();
        }
        return;
      }
      case NestingMode::Map:
        if (pv.type().kind() == TypeKind::Object) {
          map_object(nb, pv, av, path, key, sink);
        } else {
          map_map(nb, pv, av, path, key, sink);
        }
        return;
      case NestingMode::Set: {
        if (!pv.is_known() || !av.is_known() || pv.is_null() || av.is_null()) return;
        set_values(pv, av, path, sink, [&](const Value& pe, const Value& ae) {
          Sink inner;
          Path epath = path;
          epath.push_back(element_step(ae));
          object(nb.block, pe, ae, epath, nullptr, false, false, inner);
          return !inner.any;
        });
        // There can be fewer elements in a set after its elements are all
        // known (values that turn out to be equal will coalesce) but the
        // number of elements must never get larger.
        size_t pl = pv.length(), al = av.length();
        if (pl < al) sink.add(path, [&] { return fmt_d("block set length changed from ", pl, " to ", al); });
        return;
      }
      default:
        panics("unsupported nesting mode", path);
    }
  }

  // A MAP block whose planned value is an object (dynamic content).
  void map_object(const NestedBlock& nb, const Value& pv, const Value& av, Path& path, const std::string* key,
                  Sink& sink) {
    const Type& pt = pv.type();
    const Type& at = av.type();
    if (at.kind() != TypeKind::Object) panics("AttributeTypes of " + at.friendly_name(), path);
    for (size_t i = 0; i < pt.attr_count() && !sink.done(); ++i) {
      std::string_view k = pt.attr_name(i);
      if (at.attr_index(k) == SIZE_MAX) {
        sink.add(path, [&] { return "block key " + text::go_quoted(k) + " has vanished"; });
        continue;
      }
      Value pe = get_attr(pv, k, path);
      Value ae = get_attr(av, k, path);
      path.push_back(PathStep::attr(k));
      element(nb, pe, ae, path, key, sink);
      path.pop_back();
    }
    // new blocks may appear if unknown blocks were present in the plan
    if (pv.is_known()) {
      for (size_t i = 0; i < at.attr_count() && !sink.done(); ++i) {
        std::string_view k = at.attr_name(i);
        if (pt.attr_index(k) == SIZE_MAX) {
          sink.add(path, [&] { return "new block key " + text::go_quoted(k) + " has appeared"; });
        }
      }
    }
  }

  // A MAP block whose planned value is a map (or a null or unknown of
  // dynamic type).
  void map_map(const NestedBlock& nb, const Value& pv, const Value& av, Path& path, const std::string* key,
               Sink& sink) {
    if (!pv.is_known() || pv.is_null() || av.is_null()) return;
    // actualV.LengthInt(): an object's attribute count even when unknown;
    // go-cty panics on any other unknown.
    bool a_object = av.type().kind() == TypeKind::Object;
    size_t al;
    if (a_object) {
      al = av.type().attr_count();
    } else if (!av.is_known()) {
      panics("LengthInt of an unknown " + av.type().friendly_name(), path);
    } else {
      al = av.length();
    }
    size_t pl = pv.length();
    if (pl != al) {
      sink.add(path, [&] { return fmt_d("block count changed from ", pl, " to ", al); });
      return;
    }
    for (size_t i = 0; i < pl && !sink.done(); ++i) {
      std::string_view k = pv.key_at(i);
      if (a_object) panics("HasIndex on an object", path);  // actualV.HasIndex
      const Value* ae = av.get(k);
      if (!ae) continue;
      path.push_back(PathStep::key(k));
      element(nb, pv.at(i), *ae, path, key, sink);
      path.pop_back();
    }
  }

  // assertSetValuesCompatible: each planned element must correlate (f) with
  // at least one actual element and vice versa. Only whether each element
  // found a partner matters, so a pair whose two elements both have one
  // already is not compared again.
  template <class F>
  void set_values(const Value& planned, const Value& actual, const Path& path, Sink& sink, F&& f) {
    std::span<const Value> as = planned.elements();
    std::span<const Value> bs = actual.elements();
    std::vector<char> aeqs(as.size()), beqs(bs.size());
    for (size_t ai = 0; ai < as.size(); ++ai) {
      for (size_t bi = 0; bi < bs.size(); ++bi) {
        if (aeqs[ai] && beqs[bi]) continue;
        spend();
        if (f(as[ai], bs[bi])) aeqs[ai] = beqs[bi] = 1;
      }
    }
    bool errs = false;
    for (size_t i = 0; i < as.size(); ++i) {
      if (!aeqs[i]) {
        errs = true;
        sink.add(path, [&] {
          return "planned set element " + as[i].go_string() + " does not correlate with any element in actual";
        });
      }
    }
    // Exit early since otherwise we're likely to generate duplicate error
    // messages from the other perspective in the subsequent loop.
    if (errs) return;
    for (size_t i = 0; i < bs.size(); ++i) {
      if (!beqs[i]) {
        sink.add(path, [&] {
          return "actual set element " + bs[i].go_string() + " does not correlate with any element in plan";
        });
      }
    }
  }

  // What assertValueCompatible does for one pair before looking at
  // children: reports its problems; pushes the pairs of children to check
  // (lists, maps, tuples, objects); returns true for two known sets, whose
  // elements the caller correlates.
  struct Item {
    Value planned, actual;
    Path path;
  };

  bool local(const Value& planned, const Value& actual, const Path& path, Sink& sink, std::vector<Item>& todo) {
    // NOTE: We don't normally use the GoString rendering of cty.Value in
    // user-facing error messages as a rule, but we make an exception for
    // this function because we expect the user to pass this message on
    // verbatim to the provider development team.
    const Type& pt = planned.type();
    if (pt.is_dynamic()) return false;  // Anything goes, then
    if (!actual.type().conforms_to(pt)) {
      sink.add(path, [&] { return "wrong final value type: " + convert::mismatch_message_v1_14(actual.type(), pt); });
      return false;
    }
    if (!planned.is_known()) {
      // The final value needs only to match the type and refinements of
      // the unknown value placeholder.
      if (range_excludes(planned, actual)) {
        sink.add(path, [&] {
          return "final value " + actual.go_string() + " does not conform to planning placeholder " +
                 planned.go_string();
        });
      }
      return false;
    }
    if (actual.is_null()) {
      if (!planned.is_null()) sink.add(path, [&] { return "was " + planned.go_string() + ", but now null"; });
      return false;
    }
    if (planned.is_null()) {
      sink.add(path, [&] { return "was null, but now " + actual.go_string(); });
      return false;
    }
    if (!actual.is_known()) {
      sink.add(path, [] { return std::string("was known, but now unknown"); });
      return false;
    }
    auto child = [&](const Value& p, const Value& a, PathStep s) {
      Path cp = path;
      cp.push_back(std::move(s));
      todo.push_back(Item{p, a, std::move(cp)});
    };
    switch (pt.kind()) {
      case TypeKind::Bool:
      case TypeKind::Number:
      case TypeKind::String:
        if (actual.equals(planned) != Tristate::True) {
          sink.add(path, [&] { return "was " + planned.go_string() + ", but now " + actual.go_string(); });
        }
        return false;
      case TypeKind::List:
      case TypeKind::Tuple: {
        size_t pl = planned.length(), al = actual.length();
        for (size_t i = 0; i < pl; ++i) {
          if (i >= al) {
            sink.add(path, [&] { return "element " + index_str(int64_t(i)) + " has vanished"; });
            continue;
          }
          child(planned.at(i), actual.at(i), PathStep::idx(int64_t(i)));
        }
        for (size_t i = pl; i < al; ++i) {
          sink.add(path, [&] { return "new element " + index_str(int64_t(i)) + " has appeared"; });
        }
        return false;
      }
      case TypeKind::Map: {
        for (size_t i = 0; i < planned.length(); ++i) {
          std::string_view k = planned.key_at(i);
          const Value* a = actual.get(k);
          if (!a) {
            sink.add(path, [&] { return "element " + key_str(k) + " has vanished"; });
            continue;
          }
          child(planned.at(i), *a, PathStep::key(k));
        }
        for (size_t i = 0; i < actual.length(); ++i) {
          std::string_view k = actual.key_at(i);
          if (!planned.get(k)) sink.add(path, [&] { return "new element " + key_str(k) + " has appeared"; });
        }
        return false;
      }
      case TypeKind::Object:
        // The types conform, so both have the same attributes.
        for (size_t i = 0; i < pt.attr_count(); ++i) {
          std::string_view name = pt.attr_name(i);
          child(planned.at(i), *actual.get(name), PathStep::attr(name));
        }
        return false;
      case TypeKind::Set:
        return true;
      default:
        return false;
    }
  }

  // Whether assertValueCompatible(planned, actual) finds nothing: an
  // explicit machine, one frame per set correlation in progress (the
  // elements compared for it run in the frame above it).
  bool value_ok(const Value& planned, const Value& actual) {
    // Two wholly known values of one type without dynamic parts are
    // compatible exactly when they are equal (no unknown to stand for
    // anything, no dynamic type to take anything; set elements correlate
    // only with equal ones, and then the sets are equal).
    if (planned.is_wholly_known() && actual.is_wholly_known() && planned.type() == actual.type() &&
        !planned.type().has_dynamic()) {
      return planned.equals(actual) == Tristate::True;
    }
    struct Frame {
      std::vector<Item> todo;  // all must hold
      // A set correlation in progress (the last item taken was two sets).
      bool pairing = false;
      Value ps, as;
      size_t i = 0, j = 0;
      std::vector<char> aeqs, beqs;
    };
    std::vector<Frame> frames(1);
    frames[0].todo.push_back(Item{planned, actual, {}});
    std::optional<bool> child;  // the result of the frame just finished
    auto finish = [&](bool ok) -> bool {  // true when the root finished
      frames.pop_back();
      if (frames.empty()) {
        child = ok;
        return true;
      }
      child = ok;
      return false;
    };
    while (true) {
      Frame& f = frames.back();
      if (f.pairing) {
        size_t n = f.ps.length(), m = f.as.length();
        if (child) {
          if (*child) f.aeqs[f.i] = f.beqs[f.j] = 1;
          child.reset();
          if (++f.j == m) f.j = 0, ++f.i;
        }
        while (f.i < n && m > 0 && f.aeqs[f.i] && f.beqs[f.j]) {
          if (++f.j == m) f.j = 0, ++f.i;
        }
        if (f.i < n && m > 0) {
          spend();
          Frame nf;
          nf.todo.push_back(Item{f.ps.at(f.i), f.as.at(f.j), {}});
          frames.push_back(std::move(nf));  // f is not used past this point
          continue;
        }
        f.pairing = false;
        bool ok = std::all_of(f.aeqs.begin(), f.aeqs.end(), [](char c) { return c != 0; }) &&
                  std::all_of(f.beqs.begin(), f.beqs.end(), [](char c) { return c != 0; });
        if (!ok && finish(false)) return false;
        continue;
      }
      if (f.todo.empty()) {
        if (finish(true)) return true;
        continue;
      }
      Item it = std::move(f.todo.back());
      f.todo.pop_back();
      if (frames.size() > 1) spend();
      Sink sink;
      bool sets = local(it.planned, it.actual, it.path, sink, f.todo);
      if (!sink.any && sets && it.planned.length() < it.actual.length()) sink.any = true;
      if (sink.any) {
        if (finish(false)) return false;
        continue;
      }
      if (sets) {
        f.pairing = true;
        f.ps = it.planned;
        f.as = it.actual;
        f.i = f.j = 0;
        f.aeqs.assign(f.ps.length(), 0);
        f.beqs.assign(f.as.length(), 0);
      }
    }
  }

  // assertValueCompatible, through a work list.
  void value(const Value& planned, const Value& actual, const Path& path, Sink& sink) {
    if (sink.counting()) {
      if (!value_ok(planned, actual)) sink.any = true;
      return;
    }
    std::vector<Item> todo;
    todo.push_back(Item{planned, actual, path});
    while (!todo.empty()) {
      Item it = std::move(todo.back());
      todo.pop_back();
      if (!local(it.planned, it.actual, it.path, sink, todo)) continue;
      // Sets: we can't correlate elements whose identity changes as
      // unknowns become known, so check that each element correlates with
      // one on the other side and that the number of elements did not grow.
      set_values(it.planned, it.actual, it.path, sink,
                 [&](const Value& pe, const Value& ae) { return value_ok(pe, ae); });
      size_t pl = it.planned.length(), al = it.actual.length();
      if (pl < al) sink.add(it.path, [&] { return fmt_d("length changed from ", pl, " to ", al); });
    }
  }
};

}  // namespace

std::vector<Problem> assert_object_compatible(const Block& schema, const Value& planned, const Value& actual,
                                              std::span<const Path> sensitive, bool schema_marks) {
  check_conforms("planned", schema, planned);
  check_conforms("actual", schema, actual);
  Marks mp = build_marks(schema, planned, sensitive, schema_marks);
  Marks ma = build_marks(schema, actual, sensitive, schema_marks);
  std::vector<Problem> out;
  Sink sink{&out};
  Path path;
  std::string key;
  Checker(mp, ma).object(schema, planned, actual, path, &key, mp.marked(key), ma.marked(key), sink);
  sort_problems(out);
  return out;
}

}  // namespace dynval::plan
