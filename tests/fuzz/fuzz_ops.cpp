// Fuzz target (ops): the value-layer operations a provider runs on data it
// receives (walk, transform, unknown_as_null, diff, convert, unify, implied
// type, flatmap), each checked for what its header promises and each under
// the size-to-time check of fuzz_common.hpp (Timed): a call that takes more
// than 2 s + 2 ms per input byte is a finding, so the blow-ups of issue 25
// (diff of nested sets doubling per level, nested flatmap counts, quadratic
// implied types and unification) are caught at a few kilobytes.
//
// Input: a mode byte, a type T and a type U in the grammar of
// fuzz_common.hpp, then the payload:
//   mode & 2 == 0: the payload is MessagePack (mode & 1 == 0) or JSON
//     (mode & 1 == 1), decoded by T with trailing bytes ignored: v; the
//     second half of the payload, when it decodes by T, is a second value w
//     (a seed that repeats its value gives two equal values built apart);
//   mode & 2 == 2: the payload is legacy flatmap state, records separated
//     by NUL bytes, each `key=value` (split at the first '='; a later
//     record with the same key wins), read with value_from_flatmap by T
//     when T is an object type, else by object({v = T}): v.
// Checks on v (and w):
//   - walk visits exactly the nodes a recursive count finds (a node: any
//     value; known non-null collections have children), stops with the
//     callback's negative value after exactly that many calls, and skips
//     children on a positive one; every visited path finds the visited
//     value with Value::lookup (raw-equal) and with path_apply (cty
//     Path.Apply: raw-equal where its set steps hold wholly known elements,
//     else raw-equal or unknown, never an error); set_path(v, path, node)
//     gives v back (raw-equal);
//   - transform with the identity Transformer, and with one that replaces
//     every known primitive by a copy built apart (so every collection is
//     rebuilt as go-cty rebuilds it), gives v back (raw-equal);
//     unknown_as_null gives a wholly known value of v's type, v itself when
//     v is wholly known, with no more nodes than v;
//   - diff(v, v) and diff(v, x) for x Equals to v (a copy built apart) are
//     empty; diff(a, b) for a, b among v, w and unknown_as_null(v) has at
//     most nodes(a) + nodes(b) entries, each with a side present, and each
//     entry's path finds that side's value in its root (lookup, path_apply
//     as above);
//   - convert(v, v's type) and convert(v, dynamic) are v; convert(v, T)
//     (T may have optional attributes and dynamic) is v; to types derived
//     from v's (primitives, list/set/map swaps, list/set/map of dynamic,
//     T, U) either a value that conforms to the type (and converts to it
//     again unchanged), or Error TypeMismatch or Limit; a safe conversion
//     that succeeds gives the same value as the unsafe one; a success
//     means the types are equal or convertible() says so;
//   - unify({v's type, U}) and unify({U, v's type}) agree (both nullopt,
//     or the same type), safe and unsafe; a type needing conversion is
//     convertible to the result; unify of a type with itself is that type
//     (without optional markers);
//   - implied type: v's JSON (when it has one) implies a type, by which
//     that JSON decodes, and whose JSON re-encoding implies the same type;
//     a JSON payload that implies a type decodes by it (or hits a limit, or
//     holds a number go-cty cannot read, or malformed data after the value);
//   - flatmap: a value conforming to the type, or Error TypeMismatch or
//     Limit; the value then goes through all of the above.
// The checks that follow paths are budgeted (Budget), so that a deep or
// wide value costs the target linear time; the library's calls are not.
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "codec/codec.hpp"
#include "convert/convert.hpp"
#include "fuzz_common.hpp"
#include "values/path.hpp"
#include "values/walk.hpp"

using namespace dynval;

namespace {

// ---------------------------------------------------------------------------
// Reference counts

bool has_kids(const Value& v) {
  if (!v.is_known() || v.is_null()) return false;
  switch (v.type().kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
    case TypeKind::Object:
    case TypeKind::Tuple: return true;
    default: return false;
  }
}

// Every value in v, v included (cty Walk's visits).
size_t nodes(const Value& v) {
  size_t n = 1;
  if (has_kids(v))
    for (const Value& c : v.elements()) n += nodes(c);
  return n;
}

size_t depth(const Value& v) {
  size_t d = 0;
  if (has_kids(v))
    for (const Value& c : v.elements()) d = std::max(d, depth(c));
  return d + 1;
}

// nodes(v), counting no further than `cap`.
size_t nodes_capped(const Value& v, size_t cap) {
  size_t n = 1;
  if (has_kids(v))
    for (const Value& c : v.elements()) {
      if (n > cap) break;
      n += nodes_capped(c, cap - n);
    }
  return n;
}

// What following a path (lookup, path_apply) costs the target, in values
// compared: a set-element step compares its element with the set's
// elements (go-cty's Apply compares whole elements, so a path through d
// nested sets costs d times their size). Stops counting past `cap`.
size_t follow_cost(const Value& root, const Path& p, size_t cap) {
  size_t units = 1;
  const Value* cur = &root;
  for (const PathStep& s : p) {
    if (units > cap || cur == nullptr || !has_kids(*cur)) break;
    units += 1;
    if (s.kind == PathStep::Kind::Element && s.elem && units <= cap)
      units += cur->length() * nodes_capped(*s.elem, cap - units);
    cur = cur->lookup(Path{s});
  }
  return units;
}

// What the path checks may spend on one input, so that the target's own
// cost stays linear in deep and wide values (the library's calls are not
// budgeted): values compared following paths, and values copied by
// set_path, which rebuilds every collection along its path. Once a check
// does not fit, no more of its kind are made.
struct Budget {
  size_t follow = 1'000'000;
  size_t rebuild = 50'000;  // a rebuild (sorting, NFC) costs more per value
  static bool take(size_t& left, size_t units) {
    if (units > left) {
      left = 0;
      return false;
    }
    left -= units;
    return true;
  }
};

// A path's set-element steps all hold wholly known elements (go-cty's Apply
// then reaches the value itself).
bool keys_wholly_known(const Path& p) {
  for (const PathStep& s : p)
    if (s.kind == PathStep::Kind::Element && s.elem && !s.elem->is_wholly_known()) return false;
  return true;
}

const char* status_str(Status s) { return status_name(s); }

std::string show(const Value& v) {
  std::string s = v.go_string();
  if (s.size() > 300) s = s.substr(0, 300) + "...";
  return s;
}

// `path` leads from `root` to `want`: lookup finds it (raw-equal), Apply
// never fails and reaches it where go-cty's Apply can.
void check_path(const char* what, const Value& root, const Path& path, const Value& want) {
  const Value* found = root.lookup(path);
  FUZZ_CHECK(found != nullptr, "%s: lookup of %s found nothing", what, path_string(path).c_str());
  FUZZ_CHECK(found->raw_equals(want), "%s: lookup of %s found %s, not %s", what, path_string(path).c_str(),
             show(*found).c_str(), show(want).c_str());
  Value got;
  try {
    got = path_apply(path, root);
  } catch (const Error& e) {
    FUZZ_CHECK(false, "%s: path_apply of %s: %s (%s)", what, path_string(path).c_str(), e.message().c_str(),
               status_str(e.status()));
  }
  if (keys_wholly_known(path)) {
    FUZZ_CHECK(got.raw_equals(want), "%s: path_apply of %s gave %s, not %s", what, path_string(path).c_str(),
               show(got).c_str(), show(want).c_str());
  } else {
    FUZZ_CHECK(got.raw_equals(want) || !got.is_known(), "%s: path_apply of %s gave %s, not %s or an unknown", what,
               path_string(path).c_str(), show(got).c_str(), show(want).c_str());
  }
}

// ---------------------------------------------------------------------------
// walk

void check_walk(const Value& v, size_t n, Budget& budget) {
  const size_t count = nodes(v);
  size_t visits = 0;
  const int r = fuzz::timed("walk", n, [&] {
    return walk(v, [&](const Path&, const Value&) {
      ++visits;
      return 0;
    });
  });
  FUZZ_CHECK(r == 0, "walk returned %d", r);
  FUZZ_CHECK(visits == count, "walk visited %zu values, the value has %zu", visits, count);
  // The paths, in a second walk: the checks are the target's cost, not the
  // library's.
  // The costs of the path to each collection on the way down (pre-order):
  // its length, the cost of following the path to it and of rebuilding
  // the collections along it.
  struct Level {
    size_t length, follow, rebuild;
  };
  std::vector<Level> down;
  walk(v, [&](const Path& p, const Value& x) {
    down.resize(p.size());
    Level here{has_kids(x) ? x.length() : 0, 1, 1};
    if (!p.empty()) {
      const Level& up = down.back();
      here.follow = up.follow + 1;
      if (p.back().kind == PathStep::Kind::Element && here.follow <= budget.follow)
        here.follow += up.length * nodes_capped(x, budget.follow - here.follow);
      here.rebuild = up.rebuild + up.length;
    }
    down.push_back(here);
    if (Budget::take(budget.follow, here.follow)) check_path("walk", v, p, x);
    if (!Budget::take(budget.rebuild, here.rebuild)) return 0;
    Value back;
    try {
      back = set_path(v, p, x);
    } catch (const Error& e) {
      FUZZ_CHECK(false, "set_path of %s with its own value: %s", path_string(p).c_str(), e.message().c_str());
    }
    FUZZ_CHECK(back.raw_equals(v), "set_path of %s with its own value changed the value: %s", path_string(p).c_str(),
               show(back).c_str());
    return 0;
  });

  // Stopping: a negative result after k visits ends the walk there.
  const size_t k = count / 2 + 1;
  visits = 0;
  const int stopped = fuzz::timed("walk (stopped)", n, [&] {
    return walk(v, [&](const Path&, const Value&) { return ++visits == k ? -7 : 0; });
  });
  FUZZ_CHECK(stopped == -7 && visits == k, "stopped walk: returned %d after %zu visits, want -7 after %zu", stopped,
             visits, k);
  // Skipping the root's children: one visit.
  visits = 0;
  FUZZ_CHECK(walk(v, [&](const Path&, const Value&) {
               ++visits;
               return kWalkSkip;
             }) == 0 &&
                 visits == 1,
             "walk skipping the root's children visited %zu values", visits);
}

// ---------------------------------------------------------------------------
// transform

// Replaces every known primitive with an equal value built apart, so that
// every collection above one is rebuilt.
struct CopyLeaves : Transformer {
  int exit(const Path&, const Value& x, std::optional<Value>& replace) override {
    if (!x.is_known() || x.is_null()) return 0;
    switch (x.type().kind()) {
      case TypeKind::Bool: replace = Value::boolean(x.as_bool()); break;
      case TypeKind::Number: replace = Value::number(x.as_number()); break;
      case TypeKind::String: replace = Value::string(x.as_string()); break;
      default: break;
    }
    return 0;
  }
};

void check_transform(const Value& v, size_t n) {
  Transformer identity;
  Value out;
  int r = fuzz::timed("transform (identity)", n, [&] { return transform(v, identity, out); });
  FUZZ_CHECK(r == 0, "identity transform returned %d", r);
  FUZZ_CHECK(out.raw_equals(v), "identity transform changed the value: %s -> %s", show(v).c_str(), show(out).c_str());

  CopyLeaves copy;
  Value copied;
  try {
    r = fuzz::timed("transform (copies)", n, [&] { return transform(v, copy, copied); });
  } catch (const Error& e) {
    FUZZ_CHECK(false, "transform with copied leaves: %s at %s", e.message().c_str(), path_string(e.path()).c_str());
  }
  FUZZ_CHECK(r == 0, "transform with copied leaves returned %d", r);
  FUZZ_CHECK(copied.raw_equals(v), "transform with copied leaves changed the value: %s -> %s", show(v).c_str(),
             show(copied).c_str());

  // A transform stopped on entering the root leaves `out` alone.
  struct Stop : Transformer {
    int enter(const Path&, const Value&, std::optional<Value>&) override { return -3; }
  } stop;
  Value untouched = Value::string("untouched");
  FUZZ_CHECK(transform(v, stop, untouched) == -3 && untouched.raw_equals(Value::string("untouched")),
             "a stopped transform wrote its result");
}

Value check_unknown_as_null(const Value& v, size_t n) {
  const Value u = fuzz::timed("unknown_as_null", n, [&] { return unknown_as_null(v); });
  FUZZ_CHECK(u.is_wholly_known(), "unknown_as_null left an unknown: %s", show(u).c_str());
  FUZZ_CHECK(u.type() == v.type(), "unknown_as_null changed the type: %s -> %s", v.type().to_json().c_str(),
             u.type().to_json().c_str());
  if (v.is_wholly_known()) FUZZ_CHECK(u.raw_equals(v), "unknown_as_null changed a wholly known value");
  // Each unknown becomes a null (no children either); only sets may merge.
  FUZZ_CHECK(nodes(u) <= nodes(v), "unknown_as_null added values: %zu -> %zu", nodes(v), nodes(u));
  return u;
}

// ---------------------------------------------------------------------------
// diff

// Returns the number of entries.
size_t check_diff(const char* what, const Value& a, const Value& b, size_t n, Budget& budget) {
  const Diff d = fuzz::timed("diff", n, [&] { return diff(a, b); });
  if (a.equals(b) == Tristate::True)
    FUZZ_CHECK(d.empty(), "%s: diff of Equal values has %zu entries, the first at %s", what, d.size(),
               path_string(d.path(0)).c_str());
  const size_t na = nodes(a), nb = nodes(b);
  FUZZ_CHECK(d.size() <= na + nb, "%s: diff has %zu entries for values of %zu and %zu nodes", what, d.size(), na, nb);
  for (size_t i = 0; i < d.size(); ++i) {
    const DiffEntry& e = d[i];
    FUZZ_CHECK(e.a || e.b, "%s: diff entry %zu has neither side", what, i);
    const Path p = d.path(i);
    if (e.a && Budget::take(budget.follow, follow_cost(a, p, budget.follow))) check_path(what, a, p, *e.a);
    if (e.b && Budget::take(budget.follow, follow_cost(b, p, budget.follow))) check_path(what, b, p, *e.b);
  }
  return d.size();
}

// ---------------------------------------------------------------------------
// convert, unify

void check_convert_error(const char* what, const Error& e, const Type& want) {
  FUZZ_CHECK(e.status() == Status::TypeMismatch || e.status() == Status::Limit,
             "%s to %s failed with status %s: %s", what, want.to_json().c_str(), status_str(e.status()),
             e.message().c_str());
  FUZZ_CHECK(!e.message().empty(), "%s: an error without a message", what);
}

// convert(v, want, unsafe): a value conforming to want, or TypeMismatch /
// Limit. Returns the value when it converted.
std::optional<Value> check_convert(const Value& v, const Type& want, bool unsafe, size_t n) {
  std::optional<Value> r;
  try {
    r = fuzz::timed("convert", n, [&] { return convert::convert(v, want, unsafe); });
  } catch (const Error& e) {
    check_convert_error(unsafe ? "convert" : "safe convert", e, want);
    return std::nullopt;
  }
  const Type plain = want.without_optional();
  FUZZ_CHECK(r->type().conforms_to(plain), "convert(%s, %s) gave a value of type %s", v.type().to_json().c_str(),
             want.to_json().c_str(), r->type().to_json().c_str());
  FUZZ_CHECK(v.type() == plain || convert::convertible(v.type(), want, unsafe),
             "convert(%s, %s, unsafe=%d) succeeded where convertible() says no", v.type().to_json().c_str(),
             want.to_json().c_str(), unsafe);
  if (want.is_dynamic()) FUZZ_CHECK(r->raw_equals(v), "convert to dynamic changed the value");
  // Converting the result again changes nothing.
  try {
    const Value again = fuzz::timed("convert", n, [&] { return convert::convert(*r, want, unsafe); });
    FUZZ_CHECK(again.raw_equals(*r), "convert(%s) is not idempotent: %s -> %s", want.to_json().c_str(),
               show(*r).c_str(), show(again).c_str());
  } catch (const Error& e) {
    FUZZ_CHECK(false, "converting the converted value to %s again failed: %s", want.to_json().c_str(),
               e.message().c_str());
  }
  return r;
}

// Types to convert v to: what providers and the encoders ask for.
std::vector<Type> derived_types(const Type& t, const Type& decode_type, const Type& other) {
  std::vector<Type> out{Type::dynamic(), decode_type, other, Type::string(), Type::number(), Type::boolean()};
  const Type dyn = Type::dynamic();
  out.push_back(Type::list(dyn));
  out.push_back(Type::set(dyn));
  out.push_back(Type::map(dyn));
  switch (t.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      out.push_back(Type::list(t.element()));
      out.push_back(Type::set(t.element()));
      out.push_back(Type::map(t.element()));
      break;
    case TypeKind::Tuple:
      if (t.tuple_size() > 0) out.push_back(Type::list(t.tuple_elem(0)));
      break;
    case TypeKind::Object: {
      if (t.attr_count() > 0) out.push_back(Type::map(t.attr_type(0)));
      // Every attribute optional and dynamic.
      std::vector<Type::AttrSpec> attrs;
      for (size_t i = 0; i < t.attr_count(); ++i) attrs.push_back({std::string(t.attr_name(i)), dyn, true});
      out.push_back(Type::object(std::move(attrs)));
      break;
    }
    default: break;
  }
  std::vector<Type> distinct;
  for (Type& x : out)
    if (!(x == t) && std::find(distinct.begin(), distinct.end(), x) == distinct.end()) distinct.push_back(std::move(x));
  return distinct;
}

void check_conversions(const Value& v, const Type& decode_type, const Type& other, size_t n) {
  const Type t = v.type();
  for (bool unsafe : {true, false}) {
    const auto own = check_convert(v, t, unsafe, n);
    FUZZ_CHECK(own && own->raw_equals(v), "convert to its own type changed the value");
    const auto dyn = check_convert(v, Type::dynamic(), unsafe, n);
    FUZZ_CHECK(dyn && dyn->raw_equals(v), "convert to dynamic changed the value");
  }
  {
    // v was read by decode_type (or built by it, from flatmap).
    const auto back = check_convert(v, decode_type, true, n);
    FUZZ_CHECK(back && back->raw_equals(v), "convert to the type it was read by (%s) changed the value: %s -> %s",
               decode_type.to_json().c_str(), show(v).c_str(), back ? show(*back).c_str() : "an error");
  }
  for (const Type& want : derived_types(t, decode_type, other)) {
    const auto unsafe = check_convert(v, want, true, n);
    const auto safe = check_convert(v, want, false, n);
    if (safe) {
      FUZZ_CHECK(unsafe && unsafe->raw_equals(*safe), "convert to %s: safe gave %s, unsafe %s",
                 want.to_json().c_str(), show(*safe).c_str(), unsafe ? show(*unsafe).c_str() : "an error");
    }
  }
}

void check_unify(const Type& a, const Type& b, size_t n) {
  for (bool unsafe : {false, true}) {
    const Type ab[2] = {a, b}, ba[2] = {b, a};
    std::vector<bool> conv_ab, conv_ba;
    const auto r1 = fuzz::timed("unify", n, [&] { return convert::unify(ab, unsafe, &conv_ab); });
    const auto r2 = fuzz::timed("unify", n, [&] { return convert::unify(ba, unsafe, &conv_ba); });
    FUZZ_CHECK(r1.has_value() == r2.has_value(), "unify(%s, %s, unsafe=%d) %s, the other order %s",
               a.to_json().c_str(), b.to_json().c_str(), unsafe, r1 ? "unifies" : "does not",
               r2 ? "does" : "does not");
    if (!r1) continue;
    FUZZ_CHECK(*r1 == *r2, "unify(%s, %s, unsafe=%d) gives %s, the other order %s", a.to_json().c_str(),
               b.to_json().c_str(), unsafe, r1->to_json().c_str(), r2->to_json().c_str());
    FUZZ_CHECK(conv_ab.size() == 2 && conv_ba.size() == 2, "unify: %zu/%zu conversion flags for 2 types",
               conv_ab.size(), conv_ba.size());
    for (size_t i = 0; i < 2; ++i) {
      if (conv_ab[i])
        FUZZ_CHECK(convert::convertible(ab[i], *r1, unsafe), "unify(%s, %s): %s needs a conversion to %s that convertible() denies",
                   a.to_json().c_str(), b.to_json().c_str(), ab[i].to_json().c_str(), r1->to_json().c_str());
    }
    FUZZ_CHECK(conv_ab[0] == conv_ba[1] && conv_ab[1] == conv_ba[0], "unify(%s, %s): conversion flags depend on the order",
               a.to_json().c_str(), b.to_json().c_str());
  }
  // A type unifies with itself to itself, without optional markers (as
  // go-cty's Unify rebuilds object types).
  for (const Type& t : {a, b}) {
    const Type tt[2] = {t, t};
    const auto r = fuzz::timed("unify", n, [&] { return convert::unify(tt, false); });
    FUZZ_CHECK(r && *r == t.without_optional(), "unify(%s, %s) is %s", t.to_json().c_str(), t.to_json().c_str(),
               r ? r->to_json().c_str() : "nothing");
  }
}

// ---------------------------------------------------------------------------
// implied type

// implied_from_json(js) where js is JSON text libdynval wrote: a type, by
// which js decodes, and whose re-encoding implies the same type.
void check_implied_of(const std::string& js, size_t value_depth, size_t n) {
  Type implied;
  try {
    implied = fuzz::timed("implied_from_json", n, [&] { return Type::implied_from_json(js); });
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::Limit && value_depth + 2 >= 1000,
               "implied type of written JSON failed (%s): %s; value depth %zu", status_str(e.status()),
               e.message().c_str(), value_depth);
    return;
  }
  Value w;
  try {
    w = fuzz::timed("json_decode (implied type)", n, [&] { return codec::json_decode(js, implied); });
  } catch (const Error& e) {
    FUZZ_CHECK(false, "JSON does not decode by its implied type %s: %s (%s) at %s",
               implied.to_json().substr(0, 300).c_str(), e.message().c_str(), status_str(e.status()),
               path_string(e.path()).c_str());
  }
  std::string js2;
  try {
    codec::json_encode(js2, w, implied);
  } catch (const Error& e) {
    FUZZ_CHECK(false, "a value decoded by its implied type does not encode: %s", e.message().c_str());
  }
  Type again;
  try {
    again = fuzz::timed("implied_from_json", n, [&] { return Type::implied_from_json(js2); });
  } catch (const Error& e) {
    FUZZ_CHECK(false, "re-encoded JSON implies no type: %s", e.message().c_str());
  }
  FUZZ_CHECK(again == implied, "re-encoded JSON implies %s, the first text %s", again.to_json().substr(0, 300).c_str(),
             implied.to_json().substr(0, 300).c_str());
}

void check_implied(const Value& v, size_t n) {
  std::string js;
  try {
    codec::json_encode(js, v, v.type());
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::UnknownValue || e.status() == Status::Unsupported || e.status() == Status::Limit,
               "json_encode: %s", e.message().c_str());
    return;
  }
  check_implied_of(js, depth(v), n);
}

// Any JSON payload: a type or a well-formed error; a type it decodes by
// (or a limit or a number go-cty cannot read: numbers are read only by the
// decoder).
void check_implied_payload(std::string_view payload, size_t n) {
  Type implied;
  try {
    implied = fuzz::timed("implied_from_json", n, [&] { return Type::implied_from_json(payload); });
  } catch (const Error& e) {
    fuzz::check_error(e, payload.size());
    FUZZ_CHECK(e.status() == Status::Parse || e.status() == Status::Limit, "implied type: status %s: %s",
               status_str(e.status()), e.message().c_str());
    return;
  }
  try {
    fuzz::timed("json_decode (implied type)", n, [&] { return codec::json_decode(payload, implied); });
  } catch (const Error& e) {
    // Like go-cty, ImpliedType ignores data after the value that starts
    // with ']' or '}' (Decoder.More), so any text appended to such a
    // payload goes unread; the decoder validates the whole document and
    // may refuse a malformed rest (docs/gocty-differences.md).
    bool trailing = false;
    try {
      Type::implied_from_json(std::string(payload) + " 0");
      trailing = true;
    } catch (const Error&) {
    }
    // ImpliedType does not read numbers: a number go-cty cannot parse
    // (an exponent past big.Float's) is "a number is required" there too.
    const bool number = e.status() == Status::TypeMismatch && e.message() == "a number is required";
    FUZZ_CHECK(e.status() == Status::Limit || number || (trailing && e.status() == Status::Parse),
               "JSON does not decode by its implied type %s: %s (%s) at %s", implied.to_json().substr(0, 300).c_str(),
               e.message().c_str(), status_str(e.status()), path_string(e.path()).c_str());
  }
}

// ---------------------------------------------------------------------------
// flatmap

std::optional<Value> read_flatmap(std::string_view payload, const Type& type, size_t n) {
  std::map<std::string, std::string, std::less<>> m;
  while (!payload.empty()) {
    const size_t end = std::min(payload.find('\0'), payload.size());
    const std::string_view rec = payload.substr(0, end);
    const size_t eq = std::min(rec.find('='), rec.size());
    m[std::string(rec.substr(0, eq))] = std::string(eq < rec.size() ? rec.substr(eq + 1) : std::string_view());
    payload.remove_prefix(std::min(end + 1, payload.size()));
  }
  try {
    Value v = fuzz::timed("value_from_flatmap", n, [&] { return convert::value_from_flatmap(m, type); });
    FUZZ_CHECK(v.type().conforms_to(type.without_optional()), "flatmap gave a value of type %s for %s",
               v.type().to_json().c_str(), type.to_json().c_str());
    return v;
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::TypeMismatch || e.status() == Status::Limit, "flatmap: status %s: %s",
               status_str(e.status()), e.message().c_str());
    FUZZ_CHECK(!e.message().empty(), "flatmap: an error without a message");
    return std::nullopt;
  }
}

// ---------------------------------------------------------------------------

void check_value(const Value& v, const std::optional<Value>& w, const Type& decode_type, const Type& other,
                 size_t n, Budget& budget) {
  check_walk(v, n, budget);
  check_transform(v, n);
  const Value u = check_unknown_as_null(v, n);
  check_diff("diff(v, v)", v, v, n, budget);
  check_diff("diff(v, unknown_as_null(v))", v, u, n, budget);
  check_diff("diff(unknown_as_null(v), v)", u, v, n, budget);
  if (w) {
    check_walk(*w, n, budget);
    check_diff("diff(v, w)", v, *w, n, budget);
    check_diff("diff(w, v)", *w, v, n, budget);
  }
  check_conversions(v, decode_type, other, n);
  check_unify(v.type(), other, n);
  check_implied(v, n);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return -1;
  const uint8_t mode = data[0];
  fuzz::Reader r(data + 1, size - 1);
  Type type, other;
  try {
    type = fuzz::read_type(r);
    other = fuzz::read_type(r);
  } catch (const Error&) {
    return -1;  // attribute names that collide after NFC
  }
  const std::string_view payload = r.rest();

  if (mode & 2) {
    Type ft = type;
    if (ft.kind() != TypeKind::Object) ft = Type::object({{"v", type, false}});
    const auto v = read_flatmap(payload, ft, size);
    Budget budget;
    if (v) check_value(*v, std::nullopt, ft, other, size, budget);
    return 0;
  }

  const bool json = mode & 1;
  auto decode = [&](std::string_view in) {
    return fuzz::timed(json ? "json_decode" : "msgpack_decode", size,
                       [&] { return json ? codec::json_decode(in, type) : codec::msgpack_decode(in, type); });
  };
  if (json) check_implied_payload(payload, size);
  Value v;
  try {
    v = decode(payload);
  } catch (const Error& e) {
    fuzz::check_error(e, payload.size());
    return 0;
  }
  std::optional<Value> w;
  if (payload.size() >= 2) {
    try {
      w = decode(payload.substr(payload.size() / 2));
    } catch (const Error&) {
    }
  }
  // A copy built apart (raw-equal, unknowns included): diff sees two
  // values, not one.
  const Value copy = decode(payload);
  Budget budget;
  FUZZ_CHECK(check_diff("diff(v, copy)", v, copy, size, budget) == 0, "diff of a value and its copy is not empty");
  check_value(v, w, type, other, size, budget);
  return 0;
}
