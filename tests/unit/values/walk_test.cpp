// values/walk.hpp (walk, transform, unknown_as_null, set_path, diff) and the
// path operations of values/path.hpp they rely on (element steps, printing,
// path_apply). go-cty and tftypes are cross-checked at random in
// tests/conformance (walk_test.go); these are the fixed cases.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/error.hpp"
#include "values/path.hpp"
#include "values/value.hpp"
#include "values/walk.hpp"
#include "helpers.hpp"

using namespace dvtest;
using dynval::DiffEntry;
using dynval::Error;
using dynval::Path;
using dynval::PathStep;
using dynval::Status;
using dynval::Transformer;

namespace {

Value map_of(const Type& t, std::vector<std::pair<std::string, Value>> e) { return Value::map(t, std::move(e)); }

PathStep E(const Value& v) { return dynval::element_step(v); }

// The status of the Error thrown by f, or Status::Ok.
template <class F>
Status status_of(F&& f, std::string* message = nullptr, Path* path = nullptr) {
  try {
    f();
  } catch (const Error& e) {
    if (message) *message = e.message();
    if (path) *path = e.path();
    return e.status();
  }
  return Status::Ok;
}

// A sample value with every kind of child: .l (list), .m (map), .s (set),
// .t (tuple), .u (unknown), .n (null).
Value sample() {
  return obj({{"l", list_of(TN(), {I(1), I(2)})},
              {"m", map_of(TS(), {{"k", S("v")}})},
              {"s", set_of(TS(), {S("b"), S("a")})},
              {"t", Value::tuple({B(true), S("x")})},
              {"u", Value::unknown(Type::list(TS()))},
              {"n", Value::null(Type::map(TS()))}});
}

}  // namespace

TEST(PathString, ElementSteps) {
  using dynval::path_string;
  EXPECT_EQ(path_string({PathStep::attr("s"), E(S("a\"b"))}), ".s[\"a\\\"b\"]");
  EXPECT_EQ(path_string({E(I(5))}), "[5]");
  EXPECT_EQ(path_string({E(P("1.5"))}), "[1.5]");
  EXPECT_EQ(path_string({E(I(1000000))}), "[1e+06]");  // FormatCtyPath's %g
  EXPECT_EQ(path_string({E(P("1e21"))}), "[1e+21]");
  EXPECT_EQ(path_string({E(P("0.00001"))}), "[1e-05]");
  EXPECT_EQ(path_string({E(Value::number(Number::infinity(true)))}), "[-Inf]");
  EXPECT_EQ(path_string({E(Value::null(TS()))}), "[null]");
  EXPECT_EQ(path_string({E(Value::unknown(TS()))}), "[(not yet known)]");
  EXPECT_EQ(path_string({E(B(true))}), "[...]");
  EXPECT_EQ(path_string({E(obj({{"a", I(1)}}))}), "[...]");
  EXPECT_EQ(path_string({PathStep::idx(1000000)}), "[1000000]");  // indexes stay integers
  EXPECT_EQ(path_string({PathStep::attr("a b")}), ".a b");
}

TEST(PathEquals, Steps) {
  Path a{PathStep::attr("x"), E(I(1)), PathStep::key("k"), PathStep::idx(2)};
  Path b{PathStep::attr("x"), E(I(1)), PathStep::key("k"), PathStep::idx(2)};
  EXPECT_TRUE(a == b);
  b[1] = E(I(2));
  EXPECT_FALSE(a == b);
  b[1] = E(S("1"));
  EXPECT_FALSE(a == b);
  EXPECT_FALSE((Path{PathStep::idx(1)} == Path{E(I(1))}));
  EXPECT_FALSE((Path{PathStep::attr("k")} == Path{PathStep::key("k")}));
  EXPECT_TRUE((Path{E(Value::unknown(TS()))} == Path{E(Value::unknown(TS()))}));
}

TEST(Lookup, ElementSteps) {
  Value s = set_of(TN(), {I(3), I(1)});
  ASSERT_NE(s.lookup({E(F(3.0))}), nullptr);  // Equals finds it
  EXPECT_EQ(s.lookup({E(F(3.0))})->as_number().precision(), 64u);
  EXPECT_EQ(s.lookup({E(I(2))}), nullptr);
  Value u = set_of(TS(), {Value::unknown(TS()), S("a")});
  ASSERT_NE(u.lookup({E(Value::unknown(TS()))}), nullptr);  // RawEquals for unknowns
  EXPECT_FALSE(u.lookup({E(Value::unknown(TS()))})->is_known());
  EXPECT_EQ(list_of(TN(), {I(3)}).lookup({E(I(3))}), nullptr);  // element steps are for sets
}

TEST(PathApply, GoCty) {
  Value v = sample();
  using dynval::path_apply;
  EXPECT_TRUE(path_apply({PathStep::attr("l"), PathStep::idx(1)}, v).raw_equals(I(2)));
  EXPECT_TRUE(path_apply({PathStep::attr("m"), PathStep::key("k")}, v).raw_equals(S("v")));
  EXPECT_TRUE(path_apply({PathStep::attr("t"), PathStep::idx(1)}, v).raw_equals(S("x")));
  // Through unknowns: unknowns of the element type.
  Value r = path_apply({PathStep::attr("u"), PathStep::idx(7)}, v);
  EXPECT_FALSE(r.is_known());
  EXPECT_TRUE(r.type() == TS());
  Value uo = Value::unknown(Type::object({{"a", TN(), false}}));
  EXPECT_TRUE(path_apply({PathStep::attr("a")}, uo).raw_equals(Value::unknown(TN())));
  Value ut = Value::unknown(Type::tuple({TB(), TS()}));
  EXPECT_TRUE(path_apply({PathStep::idx(1)}, ut).raw_equals(Value::unknown(TS())));
  // A set element step yields its own key when an Equals element is there.
  Value key = F(3.0);
  Value got = path_apply({E(key)}, set_of(TN(), {I(3)}));
  EXPECT_TRUE(got.raw_equals(key));
  // ... and an unknown when the set holds unknowns.
  EXPECT_TRUE(path_apply({E(S("z"))}, set_of(TS(), {Value::unknown(TS())})).raw_equals(Value::unknown(TS())));
  EXPECT_TRUE(path_apply({E(Value::unknown(TS()))}, set_of(TS(), {S("a")})).raw_equals(Value::unknown(TS())));
  // A number element step indexes a list, as IndexStep{NumberIntVal} does.
  EXPECT_TRUE(path_apply({PathStep::attr("l"), E(I(0))}, v).raw_equals(I(1)));

  struct Case {
    Path p;
    Status st;
    std::string msg;
  };
  std::vector<Case> cases{
      {{PathStep::attr("x")}, Status::NotFound, "at step 0: object has no attribute \"x\""},
      {{PathStep::attr("n"), PathStep::key("k")}, Status::TypeMismatch, "at step 1: cannot index a null value"},
      {{PathStep::attr("l"), PathStep::attr("a")}, Status::TypeMismatch, "at step 1: not an object type"},
      {{PathStep::attr("l"), PathStep::key("a")}, Status::TypeMismatch, "at step 1: not a map type"},
      {{PathStep::attr("m"), PathStep::idx(0)}, Status::TypeMismatch, "at step 1: not a list type"},
      {{PathStep::attr("l"), PathStep::idx(2)}, Status::NotFound, "at step 1: value does not have given index key"},
      {{PathStep::attr("l"), E(P("0.5"))}, Status::NotFound, "at step 1: value does not have given index key"},
      {{PathStep::attr("l"), E(B(true))}, Status::TypeMismatch, "at step 1: key value not number or string"},
      {{PathStep::attr("s"), E(S("c"))}, Status::NotFound, "at step 1: set does not contain the requested element"},
      {{PathStep::attr("s"), E(I(1))}, Status::NotFound, "at step 1: set does not contain the requested element"},
      {{PathStep::attr("n"), PathStep::attr("a")},
       Status::TypeMismatch,
       "at step 1: cannot access attributes on a null value"},
  };
  for (const Case& c : cases) {
    std::string msg;
    Path at;
    EXPECT_EQ(status_of([&] { path_apply(c.p, v); }, &msg, &at), c.st) << dynval::path_string(c.p);
    EXPECT_EQ(msg, c.msg);
    EXPECT_TRUE(at == c.p);  // up to and including the failing step
  }
}

TEST(Walk, OrderPathsSkipStop) {
  Value v = sample();
  std::vector<std::string> seen;
  int r = dynval::walk(v, [&](const Path& p, const Value& x) {
    seen.push_back(dynval::path_string(p) + "=" + x.go_string());
    return 0;
  });
  EXPECT_EQ(r, 0);
  std::vector<std::string> want{
      "=" + v.go_string(),
      ".l=" + list_of(TN(), {I(1), I(2)}).go_string(),
      ".l[0]=cty.NumberIntVal(1)",
      ".l[1]=cty.NumberIntVal(2)",
      ".m=cty.MapVal(map[string]cty.Value{\"k\":cty.StringVal(\"v\")})",
      ".m[\"k\"]=cty.StringVal(\"v\")",
      ".n=cty.NullVal(cty.Map(cty.String))",
      ".s=cty.SetVal([]cty.Value{cty.StringVal(\"a\"), cty.StringVal(\"b\")})",
      ".s[\"a\"]=cty.StringVal(\"a\")",
      ".s[\"b\"]=cty.StringVal(\"b\")",
      ".t=cty.TupleVal([]cty.Value{cty.True, cty.StringVal(\"x\")})",
      ".t[0]=cty.True",
      ".t[1]=cty.StringVal(\"x\")",
      ".u=cty.UnknownVal(cty.List(cty.String))",
  };
  EXPECT_EQ(seen, want);

  // Skipping children, and the paths seen after a skip.
  seen.clear();
  dynval::walk(v, [&](const Path& p, const Value&) {
    seen.push_back(dynval::path_string(p));
    return p.size() == 1 && p[0].name != "t" ? dynval::kWalkSkip : 0;
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"", ".l", ".m", ".n", ".s", ".t", ".t[0]", ".t[1]", ".u"}));

  // Stopping: the negative value comes back, nothing is visited after.
  int calls = 0;
  r = dynval::walk(v, [&](const Path& p, const Value&) {
    ++calls;
    return dynval::path_string(p) == ".m[\"k\"]" ? -7 : 0;
  });
  EXPECT_EQ(r, -7);
  EXPECT_EQ(calls, 6);

  // Deep values: the walk keeps its own stack (construction caps the depth
  // of values, so this stays below every cap).
  Value deep = S("leaf");
  for (int i = 0; i < 900; ++i) deep = Value::tuple({deep});
  size_t n = 0, longest = 0;
  dynval::walk(deep, [&](const Path& p, const Value&) {
    ++n;
    longest = std::max(longest, p.size());
    return 0;
  });
  EXPECT_EQ(n, 901u);
  EXPECT_EQ(longest, 900u);
}

namespace {

// The transformer of the conformance suite: unknown -> null, number -> the
// number of steps of its path, string -> string + "!" + path.
struct Marker : Transformer {
  std::vector<std::string> exits;
  int exit(const Path& p, const Value& v, std::optional<Value>& out) override {
    exits.push_back(dynval::path_string(p));
    if (!v.is_known()) {
      out = Value::null(v.type());
    } else if (!v.is_null() && v.type() == TN()) {
      out = I(static_cast<int64_t>(p.size()));
    } else if (!v.is_null() && v.type() == TS()) {
      out = S(std::string(v.as_string()) + "!" + dynval::path_string(p));
    }
    return 0;
  }
};

}  // namespace

TEST(Transform, PostOrderRebuildAndSharing) {
  Value v = sample();
  Marker m;
  Value out;
  ASSERT_EQ(dynval::transform(v, m, out), 0);
  EXPECT_EQ(m.exits, (std::vector<std::string>{".l[0]", ".l[1]", ".l", ".m[\"k\"]", ".m", ".n", ".s[\"a\"]",
                                                ".s[\"b\"]", ".s", ".t[0]", ".t[1]", ".t", ".u", ""}));
  Value want = obj({{"l", list_of(TN(), {I(2), I(2)})},
                    {"m", map_of(TS(), {{"k", S("v!.m[\"k\"]")}})},
                    {"s", set_of(TS(), {S("a!.s[\"a\"]"), S("b!.s[\"b\"]")})},
                    {"t", Value::tuple({B(true), S("x!.t[1]")})},
                    {"u", Value::null(Type::list(TS()))},
                    {"n", Value::null(Type::map(TS()))}});
  EXPECT_TRUE(out.raw_equals(want)) << out.go_string();

  // Nothing replaced: the very same value comes back, shared.
  Transformer id;
  ASSERT_EQ(dynval::transform(v, id, out), 0);
  EXPECT_EQ(out.elements().data(), v.elements().data());

  // Only .t[0] replaced: .l, .m, .s are shared with the input.
  struct Flip : Transformer {
    int exit(const Path& p, const Value& v, std::optional<Value>& out) override {
      if (dynval::path_string(p) == ".t[0]") out = B(!v.as_bool());
      return 0;
    }
  } flip;
  ASSERT_EQ(dynval::transform(v, flip, out), 0);
  EXPECT_TRUE(out.get("t")->at(0).raw_equals(B(false)));
  EXPECT_EQ(out.get("l")->elements().data(), v.get("l")->elements().data());
  EXPECT_EQ(out.get("s")->elements().data(), v.get("s")->elements().data());
  EXPECT_NE(out.elements().data(), v.elements().data());
}

TEST(Transform, TypesSetsEnterAndStop) {
  // Every element changes type: the list's type follows (ListVal).
  struct ToString : Transformer {
    int exit(const Path& p, const Value& v, std::optional<Value>& out) override {
      if (v.type() == TN()) out = S(dynval::path_string(p));
      return 0;
    }
  } to_string;
  Value out;
  ASSERT_EQ(dynval::transform(list_of(TN(), {I(1), I(2)}), to_string, out), 0);
  EXPECT_TRUE(out.raw_equals(list_of(TS(), {S("[0]"), S("[1]")})));
  // Only some: the list cannot be rebuilt (go-cty panics); the error has
  // the list's path.
  struct FirstToString : Transformer {
    int exit(const Path& p, const Value&, std::optional<Value>& out) override {
      if (dynval::path_string(p) == ".a[0]") out = S("x");
      return 0;
    }
  } first;
  Path at;
  EXPECT_EQ(status_of([&] { dynval::transform(obj({{"a", list_of(TN(), {I(1), I(2)})}}), first, out); }, nullptr,
                      &at),
            Status::TypeMismatch);
  EXPECT_TRUE(at == Path{PathStep::attr("a")});
  // A set is deduplicated and reordered.
  struct Same : Transformer {
    int exit(const Path& p, const Value&, std::optional<Value>& out) override {
      if (!p.empty()) out = S("same");
      return 0;
    }
  } same;
  ASSERT_EQ(dynval::transform(set_of(TS(), {S("a"), S("b"), S("c")}), same, out), 0);
  EXPECT_TRUE(out.raw_equals(set_of(TS(), {S("same")})));
  // enter: replace before the children are seen; skip children.
  struct Enter : Transformer {
    std::vector<std::string> seen;
    int enter(const Path& p, const Value& v, std::optional<Value>& out) override {
      seen.push_back(dynval::path_string(p));
      if (dynval::path_string(p) == ".l") out = list_of(TN(), {I(9)});
      if (dynval::path_string(p) == ".m") return dynval::kWalkSkip;
      if (!p.empty() && v.is_known() && !v.is_null() && v.type() == TN()) out = I(v.as_number().to_int64(nullptr) + 1);
      return 0;
    }
  } enter;
  ASSERT_EQ(dynval::transform(sample(), enter, out), 0);
  EXPECT_TRUE(out.get("l")->raw_equals(list_of(TN(), {I(10)})));
  EXPECT_TRUE(out.get("m")->raw_equals(*sample().get("m")));
  EXPECT_EQ(enter.seen, (std::vector<std::string>{"", ".l", ".l[0]", ".m", ".n", ".s", ".s[\"a\"]", ".s[\"b\"]",
                                                  ".t", ".t[0]", ".t[1]", ".u"}));
  // Stopping from exit.
  struct Stop : Transformer {
    int exit(const Path& p, const Value&, std::optional<Value>&) override { return p.size() == 2 ? -3 : 0; }
  } stop;
  Value untouched = S("untouched");
  EXPECT_EQ(dynval::transform(sample(), stop, untouched), -3);
  EXPECT_EQ(untouched.as_string(), "untouched");
}

TEST(UnknownAsNull, Nested) {
  Value v = obj({{"a", list_of(TS(), {S("x"), Value::unknown(TS())})},
                 {"k", list_of(TN(), {I(1)})},
                 {"s", set_of(TS(), {Value::unknown(TS()), Value::unknown(TS()), S("y")})},
                 {"d", Value::unknown(Type::dynamic())},
                 {"r", unk_notnull(TS())}});
  Value got = dynval::unknown_as_null(v);
  Value want = obj({{"a", list_of(TS(), {S("x"), Value::null(TS())})},
                    {"k", list_of(TN(), {I(1)})},
                    {"s", set_of(TS(), {Value::null(TS()), S("y")})},
                    {"d", Value::null(Type::dynamic())},
                    {"r", Value::null(TS())}});
  EXPECT_TRUE(got.raw_equals(want)) << got.go_string();
  EXPECT_EQ(got.get("k")->elements().data(), v.get("k")->elements().data());  // shared
  Value known = *sample().get("l");
  EXPECT_EQ(dynval::unknown_as_null(known).elements().data(), known.elements().data());
}

TEST(SetPath, Edits) {
  Value v = sample();
  using dynval::set_path;
  Value r = set_path(v, {PathStep::attr("l"), PathStep::idx(1)}, I(20));
  EXPECT_TRUE(r.get("l")->raw_equals(list_of(TN(), {I(1), I(20)})));
  EXPECT_EQ(r.get("s")->elements().data(), v.get("s")->elements().data());  // shared
  EXPECT_TRUE(v.get("l")->raw_equals(list_of(TN(), {I(1), I(2)})));     // v unchanged
  // A map key is replaced, or added when it is the last step.
  r = set_path(v, {PathStep::attr("m"), PathStep::key("k")}, S("w"));
  EXPECT_TRUE(r.get("m")->raw_equals(map_of(TS(), {{"k", S("w")}})));
  r = set_path(v, {PathStep::attr("m"), PathStep::key("new")}, S("n"));
  EXPECT_TRUE(r.get("m")->raw_equals(map_of(TS(), {{"k", S("v")}, {"new", S("n")}})));
  // A set element by value: the set is deduplicated and reordered.
  r = set_path(v, {PathStep::attr("s"), E(S("b"))}, S("a"));
  EXPECT_TRUE(r.get("s")->raw_equals(set_of(TS(), {S("a")})));
  r = set_path(v, {PathStep::attr("s"), E(S("a"))}, S("c"));
  EXPECT_TRUE(r.get("s")->raw_equals(set_of(TS(), {S("b"), S("c")})));
  // Tuple elements and object attributes keep their types...
  r = set_path(v, {PathStep::attr("t"), PathStep::idx(0)}, B(false));
  EXPECT_TRUE(r.get("t")->raw_equals(Value::tuple({B(false), S("x")})));
  // ... a key step names an attribute too; a DynamicVal takes the type.
  r = set_path(v, {PathStep::key("u")}, Value::unknown(Type::dynamic()));
  EXPECT_TRUE(r.get("u")->raw_equals(Value::unknown(Type::list(TS()))));
  r = set_path(v, {PathStep::attr("n")}, Value::null(Type::dynamic()));
  EXPECT_TRUE(r.raw_equals(v));
  // The empty path is the value itself.
  EXPECT_TRUE(set_path(v, {}, I(1)).raw_equals(I(1)));
  // Under dynamic, a more specific value is allowed.
  Value d = obj({{"a", Value::unknown(Type::dynamic())}, {"b", I(1)}});
  r = set_path(d, {PathStep::attr("a")}, S("now known"));
  EXPECT_TRUE(r.raw_equals(obj({{"a", S("now known")}, {"b", I(1)}})));
  EXPECT_TRUE(r.type() == Type::object({{"a", TS(), false}, {"b", TN(), false}}));
  // ...but a list still needs one element type.
  // Another type is stored as go-cty's Transform stores it (issue 23 item
  // 1): an attribute that held a set of sets of strings (a schema's
  // dynamic attribute, as decoded) takes an object, and the object's type
  // follows; so does a tuple's.
  Type sss = Type::set(Type::set(TS()));
  Value dyn = obj({{"x", set_of(Type::set(TS()), {set_of(TS(), {S("a")})})}, {"y", I(1)}});
  ASSERT_TRUE(dyn.type() == Type::object({{"x", sss, false}, {"y", TN(), false}}));
  r = set_path(dyn, {PathStep::attr("x")}, obj({{"k", S("v")}}));
  EXPECT_TRUE(r.raw_equals(obj({{"x", obj({{"k", S("v")}})}, {"y", I(1)}}))) << r.go_string();
  r = set_path(v, {PathStep::attr("t"), PathStep::idx(0)}, I(1));
  EXPECT_TRUE(r.get("t")->raw_equals(Value::tuple({I(1), S("x")})));
  // Down a list of one object, the list's element type follows too (ListVal
  // of the rebuilt element); with two elements it cannot.
  Value lo = list_of(dyn.type(), {dyn});
  r = set_path(lo, {PathStep::idx(0), PathStep::attr("y")}, S("s"));
  EXPECT_TRUE(r.raw_equals(Value::list(Type::dynamic(), {obj({{"x", *dyn.get("x")}, {"y", S("s")}})})));
  Value lo2 = list_of(dyn.type(), {dyn, dyn});
  Path at2;
  EXPECT_EQ(status_of([&] { set_path(lo2, {PathStep::idx(0), PathStep::attr("y")}, S("s")); }, nullptr, &at2),
            Status::TypeMismatch);
  EXPECT_TRUE(at2 == Path{PathStep::idx(0)}) << dynval::path_string(at2);
  Type ot = Type::object({{"a", Type::dynamic(), false}});
  Value l = Value::list(ot, {Value::object_typed(ot, {Value::unknown(Type::dynamic())}),
                             Value::object_typed(ot, {Value::unknown(Type::dynamic())})});
  Path at;
  EXPECT_EQ(status_of([&] { set_path(l, {PathStep::idx(0), PathStep::attr("a")}, S("x")); }, nullptr, &at),
            Status::TypeMismatch);
  EXPECT_TRUE(at == Path{PathStep::idx(0)});

  struct Case {
    Path p;
    Value nv;
    Status st;
    std::string msg;
    size_t at;
  };
  std::vector<Case> cases{
      {{PathStep::attr("u"), PathStep::idx(0)}, S("x"), Status::UnknownValue,
       "cannot set a path through an unknown value", 2},
      {{PathStep::attr("n"), PathStep::key("k")}, S("x"), Status::TypeMismatch,
       "cannot set a path through a null value", 2},
      {{PathStep::attr("x")}, S("x"), Status::NotFound, "object has no attribute \"x\"", 1},
      {{PathStep::attr("m"), PathStep::key("a"), PathStep::idx(0)}, S("x"), Status::NotFound, "map has no key \"a\"",
       2},
      {{PathStep::attr("l"), PathStep::idx(2)}, I(1), Status::OutOfRange, "index 2 out of range (length 2)", 2},
      {{PathStep::attr("s"), E(S("zz"))}, S("x"), Status::NotFound, "set has no element equal to the step's value",
       2},
      {{PathStep::attr("l"), PathStep::idx(0)}, S("x"), Status::TypeMismatch,
       "a value of type string cannot be stored where number is expected", 2},
      {{PathStep::attr("m"), PathStep::key("new")}, I(1), Status::TypeMismatch,
       "a value of type number cannot be stored where string is expected", 2},
      {{PathStep::attr("l"), PathStep::attr("a")}, I(1), Status::TypeMismatch,
       "an attribute step does not apply to a value of type list of number", 2},
      {{PathStep::attr("m"), PathStep::idx(0)}, S("x"), Status::TypeMismatch,
       "an index step does not apply to a value of type map of string", 2},
      {{PathStep::attr("l"), PathStep::idx(0), PathStep::idx(0)}, I(1), Status::TypeMismatch,
       "an index step does not apply to a value of type number", 3},
      {{PathStep::attr("l"), E(I(1))}, I(1), Status::TypeMismatch,
       "a set-element step does not apply to a value of type list of number", 2},
  };
  for (const Case& c : cases) {
    std::string msg;
    Path got;
    EXPECT_EQ(status_of([&] { set_path(v, c.p, c.nv); }, &msg, &got), c.st) << dynval::path_string(c.p);
    EXPECT_EQ(msg, c.msg);
    EXPECT_TRUE(got == Path(c.p.begin(), c.p.begin() + static_cast<std::ptrdiff_t>(c.at)))
        << dynval::path_string(got);
  }
}

namespace {

std::vector<std::string> render(const dynval::Diff& d) {
  std::vector<std::string> out;
  for (size_t i = 0; i < d.size(); ++i) {
    const DiffEntry& e = d[i];
    out.push_back(dynval::path_string(d.path(i)) + ": " + (e.a ? e.a->go_string() : "-") + " | " +
                  (e.b ? e.b->go_string() : "-"));
  }
  return out;
}

}  // namespace

TEST(Diff, TftypesRules) {
  using dynval::diff;
  EXPECT_TRUE(diff(sample(), sample()).empty());
  // Numbers by value; unknowns equal whatever their refinements.
  EXPECT_TRUE(diff(list_of(TN(), {I(1)}), list_of(TN(), {P("1.0")})).empty());
  EXPECT_TRUE(diff(Value::unknown(TS()), unk_notnull(TS())).empty());
  EXPECT_TRUE(diff(F(-0.0), I(0)).empty());
  // Leaves, and lengths (the walk goes on below).
  Value a = obj({{"x", list_of(TS(), {S("a"), S("b")})}, {"y", I(1)}});
  Value b = obj({{"x", list_of(TS(), {S("a")})}, {"y", I(2)}});
  EXPECT_EQ(render(diff(a, b)),
            (std::vector<std::string>{
                ".x: cty.ListVal([]cty.Value{cty.StringVal(\"a\"), cty.StringVal(\"b\")}) | "
                "cty.ListVal([]cty.Value{cty.StringVal(\"a\")})",
                ".x[1]: cty.StringVal(\"b\") | -",
                ".y: cty.NumberIntVal(1) | cty.NumberIntVal(2)",
            }));
  // What b has and a lacks comes first, shallowest only.
  EXPECT_EQ(render(diff(b, a)),
            (std::vector<std::string>{
                ".x[1]: - | cty.StringVal(\"b\")",
                ".x: cty.ListVal([]cty.Value{cty.StringVal(\"a\")}) | "
                "cty.ListVal([]cty.Value{cty.StringVal(\"a\"), cty.StringVal(\"b\")})",
                ".y: cty.NumberIntVal(2) | cty.NumberIntVal(1)",
            }));
  // Unknown in a: reported, not descended. Known a against unknown b: the
  // walk goes on below a, whose children b lacks.
  Value k = obj({{"l", list_of(TS(), {S("a")})}});
  Value u = obj({{"l", Value::unknown(Type::list(TS()))}});
  EXPECT_EQ(render(diff(u, k)), (std::vector<std::string>{".l[0]: - | cty.StringVal(\"a\")",
                                                          ".l: cty.UnknownVal(cty.List(cty.String)) | "
                                                          "cty.ListVal([]cty.Value{cty.StringVal(\"a\")})"}));
  EXPECT_EQ(render(diff(k, u)),
            (std::vector<std::string>{
                ".l: cty.ListVal([]cty.Value{cty.StringVal(\"a\")}) | cty.UnknownVal(cty.List(cty.String))",
                ".l[0]: cty.StringVal(\"a\") | -"}));
  // Null against a map: b's children are missing from a (first pass); then
  // the null itself.
  Value n = obj({{"m", Value::null(Type::map(TS()))}});
  Value m = obj({{"m", map_of(TS(), {{"k", S("v")}})}});
  EXPECT_EQ(render(diff(n, m)),
            (std::vector<std::string>{".m[\"k\"]: - | cty.StringVal(\"v\")",
                                      ".m: cty.NullVal(cty.Map(cty.String)) | "
                                      "cty.MapVal(map[string]cty.Value{\"k\":cty.StringVal(\"v\")})"}));
  // Sets: elements matched by deep equality; an element only in a is
  // reported with its subtree.
  Type et = Type::object({{"n", TN(), false}});
  Value s1 = set_of(et, {obj({{"n", I(1)}}), obj({{"n", I(2)}})});
  Value s2 = set_of(et, {obj({{"n", P("1.0")}}), obj({{"n", I(3)}})});
  EXPECT_EQ(render(diff(s1, s2)), (std::vector<std::string>{
                                      "[...]: - | cty.ObjectVal(map[string]cty.Value{\"n\":cty.NumberIntVal(3)})",
                                      "[...]: cty.ObjectVal(map[string]cty.Value{\"n\":cty.NumberIntVal(2)}) | -",
                                      "[...].n: cty.NumberIntVal(2) | -",
                                  }));
  // Unknown set elements match any unknown element.
  EXPECT_TRUE(diff(set_of(TS(), {Value::unknown(TS()), S("a")}), set_of(TS(), {S("a"), unk_notnull(TS())})).empty());
  // Different types (under dynamic or at the root): one more difference.
  EXPECT_EQ(render(diff(S("1"), I(1))), (std::vector<std::string>{": cty.StringVal(\"1\") | cty.NumberIntVal(1)"}));
  EXPECT_EQ(render(diff(obj({{"d", list_of(TS(), {S("a")})}}), obj({{"d", Value::tuple({S("a")})}}))),
            (std::vector<std::string>{".d: cty.ListVal([]cty.Value{cty.StringVal(\"a\")}) | "
                                      "cty.TupleVal([]cty.Value{cty.StringVal(\"a\")})"}));
  // Map keys on one side only.
  Value m1 = map_of(TN(), {{"a", I(1)}, {"b", I(2)}});
  Value m2 = map_of(TN(), {{"b", I(2)}, {"c", I(3)}});
  EXPECT_EQ(render(diff(m1, m2)), (std::vector<std::string>{"[\"c\"]: - | cty.NumberIntVal(3)",
                                                            "[\"a\"]: cty.NumberIntVal(1) | -"}));
}

TEST(Diff, LargeSets) {
  // Set elements are matched through a hash index (tftypes scans the set
  // for every element).
  std::vector<Value> e1, e2;
  for (int i = 0; i < 5000; ++i) {
    e1.push_back(obj({{"n", I(i)}, {"s", S(std::to_string(i))}}));
    e2.push_back(obj({{"n", I(i + 1)}, {"s", S(std::to_string(i + 1))}}));
  }
  Type et = e1[0].type();
  dynval::Diff d = dynval::diff(Value::set(et, e1), Value::set(et, e2));
  // b's extra element; then a's extra element and its two attributes.
  ASSERT_EQ(d.size(), 4u);
  EXPECT_FALSE(d[0].a.has_value());
  EXPECT_TRUE(d[0].b->get("n")->raw_equals(I(5000)));
  EXPECT_TRUE(d[1].a->get("n")->raw_equals(I(0)));
  EXPECT_FALSE(d[1].b.has_value());
}

// Where the types differ at a position (under dynamic types), that position
// is reported even when its kind and length match: objects with other
// attributes. An object whose attributes' types differ is reported at those
// attributes only, and so are lists of other element types (tftypes
// reports neither).
TEST(Diff, TypesThatDifferAtAPosition) {
  Value a = obj({{"d", obj({{"x", I(1)}})}});
  Value b = obj({{"d", obj({{"y", I(1)}})}});
  EXPECT_EQ(render(dynval::diff(a, b)),
            (std::vector<std::string>{
                ".d.y: - | cty.NumberIntVal(1)",
                ".d: cty.ObjectVal(map[string]cty.Value{\"x\":cty.NumberIntVal(1)}) | "
                "cty.ObjectVal(map[string]cty.Value{\"y\":cty.NumberIntVal(1)})",
                ".d.x: cty.NumberIntVal(1) | -",
            }));
  EXPECT_TRUE(dynval::diff(obj({{"d", list_of(TS(), {})}}), obj({{"d", list_of(TN(), {})}})).empty());
  EXPECT_EQ(render(dynval::diff(obj({{"d", obj({{"x", I(1)}})}}), obj({{"d", obj({{"x", S("1")}})}}))),
            (std::vector<std::string>{".d.x: cty.NumberIntVal(1) | cty.StringVal(\"1\")"}));
}
