// cty Walk, Transform, UnknownAsNull (cty/walk.go, cty/unknown_as_null.go,
// v1.18.1) and set_path (values/walk.hpp).
#include "values/walk.hpp"

#include <string>
#include <utility>
#include <vector>

#include "text/text.hpp"
#include "values/path.hpp"
#include "values/value_internal.hpp"

namespace dynval {

namespace {

// A known, non-null collection (the values Walk and Transform descend into).
bool has_children(const Value& v) noexcept { return ValueAccess::coll(v) != nullptr; }

}  // namespace

// ---------------------------------------------------------------------------
// Walk

int walk(const Value& v, const WalkFn& fn) {
  struct Frame {
    const Value* v;
    size_t next;
    size_t n;
  };
  Path path;
  std::vector<Frame> stack;
  int r = fn(path, v);
  if (r < 0) return r;
  if (r == 0 && has_children(v)) stack.push_back(Frame{&v, 0, v.length()});
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.n) {
      stack.pop_back();
      if (!stack.empty()) path.pop_back();  // the step to the finished collection
      continue;
    }
    const Value& parent = *f.v;
    const size_t i = f.next++;
    const Value& child = parent.elements()[i];
    path.push_back(child_step(parent, i));
    r = fn(path, child);
    if (r < 0) return r;
    if (r == 0 && has_children(child)) {
      stack.push_back(Frame{&child, 0, child.length()});
    } else {
      path.pop_back();
    }
  }
  return 0;
}

// ---------------------------------------------------------------------------
// Transform

int Transformer::enter(const Path&, const Value&, std::optional<Value>&) { return 0; }
int Transformer::exit(const Path&, const Value&, std::optional<Value>&) { return 0; }

namespace {

// go-cty's rebuild of a collection from its transformed children (walk.go
// transform: ListVal, SetVal, TupleVal, MapVal, ObjectVal).
Value rebuild(const Value& old, std::vector<Value>& kids, const Path& path) {
  try {
    switch (old.type().kind()) {
      case TypeKind::List:
        return Value::list(Type::dynamic(), std::move(kids));
      case TypeKind::Set:
        return Value::set(Type::dynamic(), std::move(kids));
      case TypeKind::Tuple:
        return Value::tuple(std::move(kids));
      case TypeKind::Map: {
        std::vector<std::pair<std::string, Value>> entries;
        entries.reserve(kids.size());
        for (size_t i = 0; i < kids.size(); ++i) entries.emplace_back(std::string(old.key_at(i)), std::move(kids[i]));
        return Value::map(Type::dynamic(), std::move(entries));
      }
      case TypeKind::Object: {
        std::vector<std::pair<std::string, Value>> attrs;
        attrs.reserve(kids.size());
        for (size_t i = 0; i < kids.size(); ++i)
          attrs.emplace_back(std::string(old.type().attr_name(i)), std::move(kids[i]));
        return Value::object(std::move(attrs));
      }
      default:
        break;
    }
  } catch (const Error& e) {
    if (e.status() != Status::TypeMismatch) throw;
    throw Error(e.status(), e.message(), path);
  }
  throw Error(Status::Internal, "transform: rebuilding a value without children");
}

}  // namespace

int transform(const Value& v, Transformer& t, Value& out) {
  struct Frame {
    Value val;              // the collection (after enter) whose children are being transformed
    size_t next;            // index of the next child to enter
    size_t n;               // number of children
    bool changed;           // enter replaced it, or a child changed
    bool rebuilding;        // a child changed: `kids` holds the children so far
    std::vector<Value> kids;
  };
  Path path;
  std::vector<Frame> stack;
  Value cur = v;  // the value about to be entered
  std::optional<Value> rep;
  for (;;) {
    // Enter `cur` at `path`.
    rep.reset();
    int r = t.enter(path, cur, rep);
    if (r < 0) return r;
    bool changed = false;
    if (rep) {
      cur = std::move(*rep);
      changed = true;
    }
    if (r == 0 && has_children(cur) && cur.length() > 0) {
      const size_t n = cur.length();
      stack.push_back(Frame{std::move(cur), 1, n, changed, false, {}});
      Frame& f = stack.back();
      path.push_back(child_step(f.val, 0));
      cur = f.val.elements()[0];
      continue;
    }
    // Exit `cur`, then every collection it completes.
    for (;;) {
      rep.reset();
      r = t.exit(path, cur, rep);
      if (r < 0) return r;
      if (rep) {
        cur = std::move(*rep);
        changed = true;
      }
      if (stack.empty()) {
        out = std::move(cur);
        return 0;
      }
      Frame& f = stack.back();
      const size_t i = f.next - 1;  // the child just finished
      if (changed && !f.rebuilding) {
        std::span<const Value> old = f.val.elements();
        f.kids.reserve(f.n);
        f.kids.assign(old.begin(), old.begin() + static_cast<std::ptrdiff_t>(i));
        f.rebuilding = true;
        f.changed = true;
      }
      if (f.rebuilding) f.kids.push_back(std::move(cur));
      path.pop_back();
      if (f.next < f.n) {
        const size_t j = f.next++;
        path.push_back(child_step(f.val, j));
        cur = f.val.elements()[j];
        break;  // enter the next sibling
      }
      changed = f.changed;
      cur = f.rebuilding ? rebuild(f.val, f.kids, path) : std::move(f.val);
      stack.pop_back();
    }
  }
}

// ---------------------------------------------------------------------------
// UnknownAsNull

Value unknown_as_null(const Value& v) {
  struct Nulls : Transformer {
    int enter(const Path&, const Value& x, std::optional<Value>&) override {
      return x.is_wholly_known() ? kWalkSkip : 0;  // nothing to replace below
    }
    int exit(const Path&, const Value& x, std::optional<Value>& replace) override {
      if (!x.is_known()) replace = Value::null(x.type());
      return 0;
    }
  } nulls;
  Value out;
  transform(v, nulls, out);
  return out;
}

// ---------------------------------------------------------------------------
// set_path

namespace {

[[noreturn]] void fail_at(Status s, std::string msg, const Path& p, size_t step) {
  throw Error(s, std::move(msg), Path(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(step) + 1));
}

// Where the child to replace sits in its parent: the element index, or
// SIZE_MAX for a map key to add.
constexpr size_t kNewKey = SIZE_MAX;

// The type a child at `pos` of `parent` must conform to.
Type slot_type(const Value& parent, size_t pos) {
  const Type& t = parent.type();
  switch (t.kind()) {
    case TypeKind::Object:
      return t.attr_type(pos);
    case TypeKind::Tuple:
      return t.tuple_elem(pos);
    default:
      return t.element();
  }
}

// `parent` with its child at `pos` replaced by `child` (or, for kNewKey,
// the entry `key` added), rebuilt with the constructor go-cty would use.
Value replace_child(const Value& parent, size_t pos, std::string_view key, Value child, const Path& p,
                    size_t step) {
  const Type slot = pos == kNewKey ? parent.type().element() : slot_type(parent, pos);
  if (child.type().is_dynamic() && !slot.is_dynamic() && (child.is_null() || !child.is_known())) {
    child = child.is_null() ? Value::null(slot) : Value::unknown(slot);  // DynamicVal has no refinements
  }
  std::span<const Value> old = parent.elements();
  if (!child.type().conforms_to(slot)) {
    // Where the type differs, rebuild the parent as go-cty's Transform does:
    // an object's or a tuple's type follows its values (a dynamic attribute
    // takes any type), and a list, set or map needs one element type.
    if (pos != kNewKey) {
      std::vector<Value> kids(old.begin(), old.end());
      kids[pos] = child;
      try {
        return rebuild(parent, kids, Path(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(step)));
      } catch (const Error& e) {
        if (e.status() != Status::TypeMismatch) throw;
      }
    }
    // Two object types have one friendly name: then name them by their JSON.
    const bool same_name = child.type().friendly_name() == slot.friendly_name();
    fail_at(Status::TypeMismatch,
            "a value of type " + (same_name ? child.type().to_json() : child.type().friendly_name()) +
                " cannot be stored where " + (same_name ? slot.to_json() : slot.friendly_name()) + " is expected",
            p, step);
  }
  try {
    if (parent.type().kind() == TypeKind::Map) {
      std::vector<std::pair<std::string, Value>> entries;
      entries.reserve(old.size() + 1);
      for (size_t i = 0; i < old.size(); ++i) {
        entries.emplace_back(std::string(parent.key_at(i)), i == pos ? std::move(child) : old[i]);
      }
      if (pos == kNewKey) entries.emplace_back(std::string(key), std::move(child));
      return Value::map_of(parent.type(), std::move(entries));
    }
    std::vector<Value> kids(old.begin(), old.end());
    kids[pos] = std::move(child);
    switch (parent.type().kind()) {
      case TypeKind::List:
        return Value::list_of(parent.type(), kids);
      case TypeKind::Set:
        return Value::set_of(parent.type(), kids);
      case TypeKind::Tuple:
        return Value::tuple(std::move(kids));
      default:
        return Value::object_of(parent.type(), kids);
    }
  } catch (const Error& e) {
    if (e.status() != Status::TypeMismatch) throw;
    throw Error(e.status(), e.message(), Path(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(step) + 1));
  }
}

}  // namespace

Value set_path(const Value& root, const Path& p, Value nv) {
  if (p.empty()) return nv;
  // Down the path: the collections along it and the child taken in each.
  std::vector<const Value*> parents;
  std::vector<size_t> pos;
  parents.reserve(p.size());
  pos.reserve(p.size());
  const Value* cur = &root;
  for (size_t i = 0; i < p.size(); ++i) {
    const PathStep& s = p[i];
    if (!cur->is_known()) fail_at(Status::UnknownValue, "cannot set a path through an unknown value", p, i);
    if (cur->is_null()) fail_at(Status::TypeMismatch, "cannot set a path through a null value", p, i);
    const Type& t = cur->type();
    const TypeKind k = t.kind();
    const char* step_name = nullptr;
    size_t at = 0;
    switch (s.kind) {
      case PathStep::Kind::Attr:
      case PathStep::Kind::Key:
        if (k == TypeKind::Object) {
          std::string norm = text::is_ascii(s.name) || text::is_nfc(s.name) ? s.name : text::to_nfc(s.name);
          at = t.attr_index(norm);
          if (at == SIZE_MAX) fail_at(Status::NotFound, "object has no attribute " + text::go_quoted(s.name), p, i);
        } else if (k == TypeKind::Map && s.kind == PathStep::Kind::Key) {
          const Value* e = cur->get(s.name);
          if (e == nullptr) {
            if (i + 1 != p.size()) fail_at(Status::NotFound, "map has no key " + text::go_quoted(s.name), p, i);
            at = kNewKey;
          } else {
            at = static_cast<size_t>(e - cur->elements().data());
          }
        } else {
          step_name = s.kind == PathStep::Kind::Attr ? "an attribute step" : "a key step";
        }
        break;
      case PathStep::Kind::Index:
        if (k == TypeKind::List || k == TypeKind::Tuple || k == TypeKind::Set) {
          if (s.index < 0 || static_cast<uint64_t>(s.index) >= cur->length()) {
            fail_at(Status::OutOfRange,
                    "index " + std::to_string(s.index) + " out of range (length " +
                        std::to_string(cur->length()) + ")",
                    p, i);
          }
          at = static_cast<size_t>(s.index);
        } else {
          step_name = "an index step";
        }
        break;
      case PathStep::Kind::Element:
        if (k == TypeKind::Set) {
          if (!s.elem) throw Error(Status::InvalidArg, "a set-element step without a value");
          const Value* e = find_set_element(*cur, *s.elem);
          if (e == nullptr) fail_at(Status::NotFound, "set has no element equal to the step's value", p, i);
          at = static_cast<size_t>(e - cur->elements().data());
        } else {
          step_name = "a set-element step";
        }
        break;
    }
    if (step_name != nullptr || !has_children(*cur)) {
      fail_at(Status::TypeMismatch,
              std::string(step_name ? step_name : "a step") + " does not apply to a value of type " +
                  t.friendly_name(),
              p, i);
    }
    parents.push_back(cur);
    pos.push_back(at);
    cur = at == kNewKey ? nullptr : &cur->elements()[at];
  }
  // Up again, rebuilding each collection around its new child.
  Value child = std::move(nv);
  for (size_t i = p.size(); i-- > 0;) {
    std::string_view key = pos[i] == kNewKey ? std::string_view(p[i].name) : std::string_view();
    child = replace_child(*parents[i], pos[i], key, std::move(child), p, i);
  }
  return child;
}

}  // namespace dynval
