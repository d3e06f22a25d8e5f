// convert::value_from_flatmap: the cases of Terraform / OpenTofu's
// internal/configs/hcl2shim flatmap_test.go (TestHCL2ValueFromFlatmap),
// ported as a table; hcl2shim is an internal package no Go module exports,
// so the conformance suite cannot call it (tests/conformance/README.md).
#include "helpers.hpp"

#include "support/limits.hpp"
#include "values/path.hpp"

#include <map>
#include <optional>
#include <utility>
#include <vector>
#include <string>

namespace {

using namespace cvtest;
using Flatmap = std::map<std::string, std::string, std::less<>>;
const std::string U(convert::kFlatmapUnknown);

// The result as msgpack-free text: type JSON, then the value in go-cty
// GoString style (unknowns visible), or "error: ...".
std::string fm(const Flatmap& m, std::string_view type_json) {
  try {
    Value v = convert::value_from_flatmap(m, T(type_json));
    return v.go_string();
  } catch (const Error& e) {
    return std::string("error: ") + e.message();
  }
}

// The same value built from JSON (and, for unknowns, by hand).
std::string want(std::string_view json, std::string_view type_json) { return V(json, type_json).go_string(); }

TEST(Flatmap, Primitives) {
  const char* ty = R"(["object",{"foo":"string","bar":"number","baz":"bool"}])";
  EXPECT_EQ(fm({}, ty), want(R"({"foo":null,"bar":null,"baz":null})", ty));
  EXPECT_EQ(fm({{"foo", "blah"}, {"bar", "12"}, {"baz", "true"}}, ty),
            want(R"({"foo":"blah","bar":12,"baz":true})", ty));
  EXPECT_EQ(fm({{"foo", U}}, R"(["object",{"foo":"string"}])"),
            Value::object({{"foo", Value::unknown(Type::string())}}).go_string());
  EXPECT_EQ(fm({{"bar", "x"}}, ty), "error: invalid value for \"bar\" in state: a number is required");
}

TEST(Flatmap, Lists) {
  const char* ty = R"(["object",{"foo":["list","string"]}])";
  EXPECT_EQ(fm({{"foo.#", "0"}}, ty), want(R"({"foo":[]})", ty));
  EXPECT_EQ(fm({{"foo.#", "1"}, {"foo.0", "hello"}}, ty), want(R"({"foo":["hello"]})", ty));
  EXPECT_EQ(fm({{"foo.#", U}}, ty), Value::object({{"foo", Value::unknown(T(R"(["list","string"])"))}}).go_string());
  EXPECT_EQ(fm({{"foo", U}}, ty), Value::object({{"foo", Value::unknown(T(R"(["list","string"])"))}}).go_string());
  EXPECT_EQ(fm({{"foo.#", "not-valid"}}, ty),
            "error: invalid count value for \"foo.\" in state: strconv.Atoi: parsing \"not-valid\": invalid syntax");
  const char* objs = R"(["object",{"foo":["list",["object",{"bar":"string","baz":"bool"}]]}])";
  EXPECT_EQ(fm({{"foo.#", "2"}, {"foo.0.bar", "hello"}, {"foo.0.baz", "1"}, {"foo.1.bar", "world"},
                {"foo.1.baz", "false"}},
               objs),
            want(R"({"foo":[{"bar":"hello","baz":true},{"bar":"world","baz":false}]})", objs));
  const char* maps = R"(["object",{"foo":["list",["map","string"]]}])";
  EXPECT_EQ(fm({{"foo.#", "2"}, {"foo.0.%", "2"}, {"foo.0.a", "a"}, {"foo.0.b", "b"}, {"foo.1.%", "1"},
                {"foo.1.a", "a"}},
               maps),
            want(R"({"foo":[{"a":"a","b":"b"},{"a":"a"}]})", maps));
  // A count above the entries (flatmap writes no entry for a null element,
  // so a list ending in nulls reads back this way): hcl2shim's [a, null,
  // null]. The count was refused when it exceeded the state's entry count.
  EXPECT_EQ(fm({{"foo.#", "3"}, {"foo.0", "a"}}, ty), want(R"({"foo":["a",null,null]})", ty));
  const Value nulls = convert::value_from_flatmap({{"foo.#", "1000"}}, T(ty));
  EXPECT_EQ(nulls.get("foo")->length(), 1000u);
  EXPECT_TRUE(nulls.get("foo")->at(999).is_null());
  EXPECT_EQ(fm({{"foo.#", "2"}}, objs), want(R"({"foo":[{"bar":null,"baz":null},{"bar":null,"baz":null}]})", objs));
}

TEST(Flatmap, Tuples) {
  const char* ty = R"(["object",{"foo":["tuple",["string","bool"]]}])";
  EXPECT_EQ(fm({{"foo.#", "2"}, {"foo.0", "a"}, {"foo.1", "true"}}, ty), want(R"({"foo":["a",true]})", ty));
  EXPECT_EQ(fm({{"foo.#", U}}, ty), Value::object({{"foo", Value::unknown(T(R"(["tuple",["string","bool"]])"))}}).go_string());
  EXPECT_EQ(fm({{"foo.#", "1"}}, ty), "error: wrong number of values for \"foo.\" in state: got 1, but need 2");
}

TEST(Flatmap, Sets) {
  const char* ty = R"(["object",{"foo":["set","string"]}])";
  EXPECT_EQ(fm({{"foo.#", "0"}}, ty), want(R"({"foo":[]})", ty));
  EXPECT_EQ(fm({{"foo.#", U}}, ty), Value::object({{"foo", Value::unknown(T(R"(["set","string"])"))}}).go_string());
  EXPECT_EQ(fm({{"foo.#", "1"}, {"foo.24534534", "hello"}}, ty), want(R"({"foo":["hello"]})", ty));
  const char* bools = R"(["object",{"foo":["set","bool"]}])";
  EXPECT_EQ(fm({{"foo.#", "1"}, {"foo.24534534", "true"}, {"foo.95645644", "true"}, {"foo.34533452", "false"}}, bools),
            want(R"({"foo":[true,false]})", bools));
  const char* objs = R"(["object",{"foo":["set",["object",{"bar":"string","baz":"bool"}]]}])";
  EXPECT_EQ(fm({{"foo.#", "2"}, {"foo.34534534.bar", "hello"}, {"foo.34534534.baz", "1"},
                {"foo.93453345.bar", "world"}, {"foo.93453345.baz", "false"}},
               objs),
            want(R"({"foo":[{"bar":"hello","baz":true},{"bar":"world","baz":false}]})", objs));
  // A count of 1 with no entries is one empty element.
  const char* one = R"(["object",{"foo":["set",["object",{"bar":"string"}]]}])";
  EXPECT_EQ(fm({{"foo.#", "1"}}, one), want(R"({"foo":[{"bar":null}]})", one));
  const char* nested = R"(["object",{"multi":["set",["object",{"set":["set",["object",{"required":"string"}]]}]]}])";
  EXPECT_EQ(fm({{"multi.#", "1"}, {"multi.2.set.#", "1"}, {"multi.2.set.3.required", "val"}}, nested),
            want(R"({"multi":[{"set":[{"required":"val"}]}]})", nested));
  // Elements with unknown attributes never merge.
  const char* two = R"(["object",{"two":["set",["object",{"optional":"string","value":"string"}]]}])";
  const Value got = convert::value_from_flatmap(
      {{"two.#", "2"}, {"two.~2381914684.value", "a"}, {"two.~2381914684.optional", U},
       {"two.~2798940671.value", "b"}, {"two.~2798940671.optional", U}},
      T(two));
  EXPECT_EQ(got.at(0).length(), 2u);
  EXPECT_FALSE(got.at(0).at(0).at(0).is_known());
  EXPECT_EQ(got.at(0).at(0).at(1).as_string(), "a");
}

TEST(Flatmap, Maps) {
  const char* ty = R"(["object",{"foo":["map","bool"]}])";
  EXPECT_EQ(fm({{"foo.%", "0"}}, R"(["object",{"foo":["map","string"]}])"),
            want(R"({"foo":{}})", R"(["object",{"foo":["map","string"]}])"));
  // The rest of the key, dots and all, is the map key.
  EXPECT_EQ(fm({{"foo.%", "2"}, {"foo.baz", "true"}, {"foo.bar.baz", "false"}}, ty),
            want(R"({"foo":{"baz":true,"bar.baz":false}})", ty));
  EXPECT_EQ(fm({{"foo.%", U}}, ty), Value::object({{"foo", Value::unknown(T(R"(["map","bool"])"))}}).go_string());
}

TEST(Flatmap, NilMapAndBadInput) {
  // A dynamic type cannot be read from flatmap.
  EXPECT_EQ(fm({{"x", "1"}}, R"(["object",{"x":"dynamic"}])"), "error: cannot decode dynamic from flatmap");
  // hcl2shim panics on these; we refuse them.
  EXPECT_EQ(fm({{"foo.#", "-1"}}, R"(["object",{"foo":["list","string"]}])"),
            "error: invalid count value for \"foo.\" in state: -1 is negative");
  try {
    convert::value_from_flatmap({{"foo.#", "1000000000"}}, T(R"(["object",{"foo":["list","string"]}])"));
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit);
  }
  try {
    convert::value_from_flatmap({}, Type::string());
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::InvalidArg);
  }
}

Value obj(std::vector<std::pair<std::string, Value>> attrs) { return Value::object(std::move(attrs)); }
Value S(std::string_view s) { return Value::string(s); }

template <class F>
Status status_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.status();
  }
  return Status::Ok;
}

// Flatmap state written from a value, "k=v" lines in key order, or "nil".
std::string to_fm(const Value& v, size_t max_output = limits::kDefaultMaxOutputSize) {
  std::optional<convert::FlatmapEntries> e = convert::flatmap_from_value(v, max_output);
  if (!e) return "nil";
  std::string out;
  for (const auto& [k, val] : *e) out += k + "=" + val + "\n";
  return out;
}

// hcl2shim flatmap_test.go TestFlatmapValueFromHCL2, case by case (issue 23
// item 3, the writing direction).
TEST(FlatmapWrite, HCL2ShimCases) {
  const std::string u = U;
  EXPECT_EQ(to_fm(V("{}", R"(["object",{}])")), "");
  EXPECT_EQ(to_fm(V(R"({"foo":"hello"})", R"(["object",{"foo":"string"}])")), "foo=hello\n");
  EXPECT_EQ(to_fm(obj({{"foo", Value::unknown(Type::boolean())}})), "foo=" + u + "\n");
  EXPECT_EQ(to_fm(V(R"({"foo":12})", R"(["object",{"foo":"number"}])")), "foo=12\n");
  EXPECT_EQ(to_fm(V(R"({"foo":true,"bar":false})", R"(["object",{"foo":"bool","bar":"bool"}])")),
            "bar=false\nfoo=true\n");
  EXPECT_EQ(to_fm(V(R"({"foo":"hello","bar":"world","baz":"whelp"})",
                    R"(["object",{"foo":"string","bar":"string","baz":"string"}])")),
            "bar=world\nbaz=whelp\nfoo=hello\n");
  EXPECT_EQ(to_fm(V(R"({"foo":[]})", R"(["object",{"foo":["list","string"]}])")), "foo.#=0\n");
  EXPECT_EQ(to_fm(obj({{"foo", Value::unknown(T(R"(["list","string"])"))}})), "foo.#=" + u + "\n");
  EXPECT_EQ(to_fm(V(R"({"foo":["hello","world"]})", R"(["object",{"foo":["list","string"]}])")),
            "foo.#=2\nfoo.0=hello\nfoo.1=world\n");
  EXPECT_EQ(to_fm(V(R"({"foo":{"hello":12,"hello.world":10}})", R"(["object",{"foo":["map","number"]}])")),
            "foo.%=2\nfoo.hello=12\nfoo.hello.world=10\n");
  EXPECT_EQ(to_fm(obj({{"foo", Value::unknown(T(R"(["map","string"])"))}})), "foo.%=" + u + "\n");
  EXPECT_EQ(to_fm(V(R"({"foo":["hello","world"]})", R"(["object",{"foo":["set","string"]}])")),
            "foo.#=2\nfoo.0=hello\nfoo.1=world\n");
  EXPECT_EQ(to_fm(obj({{"foo", Value::unknown(T(R"(["set","number"])"))}})), "foo.#=" + u + "\n");
  EXPECT_EQ(to_fm(V(R"({"foo":[{"bar":"hello","baz":[true,true]},{"bar":"bloo","baz":[false,true]}]})",
                    R"(["object",{"foo":["list",["object",{"bar":"string","baz":["list","bool"]}]]}])")),
            "foo.#=2\nfoo.0.bar=hello\nfoo.0.baz.#=2\nfoo.0.baz.0=true\nfoo.0.baz.1=true\n"
            "foo.1.bar=bloo\nfoo.1.baz.#=2\nfoo.1.baz.0=false\nfoo.1.baz.1=true\n");
  Type ot = T(R"(["object",{"bar":"string","baz":["list","bool"],"bap":["map","number"]}])");
  EXPECT_EQ(to_fm(obj({{"foo", Value::list(ot, {Value::unknown(ot)})}})),
            "foo.#=1\nfoo.0.bap.%=" + u + "\nfoo.0.bar=" + u + "\nfoo.0.baz.#=" + u + "\n");
  EXPECT_EQ(to_fm(Value::null(T(R"(["object",{"foo":["set",["object",{"bar":"string"}]]}])"))), "nil");
  // A null of another type is nil too (hcl2shim checks null first); any
  // other value that is not an object is refused where hcl2shim panics.
  EXPECT_EQ(to_fm(Value::null(Type::string())), "nil");
  EXPECT_EQ(status_of([&] { to_fm(S("x")); }), Status::InvalidArg);
  // Nulls are left out; numbers as cty converts them to strings.
  EXPECT_EQ(to_fm(V(R"({"a":null,"n":0.1,"big":1e30,"l":[null,"x"]})",
                    R"(["object",{"a":"string","n":"number","big":"number","l":["list","string"]}])")),
            "big=1000000000000000000000000000000\nl.#=2\nl.1=x\nn=0.1\n");
}

// TestFlatmapValueFromHCL2FromFlatmap: read, then written back, gives the
// same state; and values read from what they write.
TEST(FlatmapWrite, RoundTrips) {
  const char* ty = R"(["object",{"foo":["object",{"baz":["map","string"],"biz":["map","string"]}],"bar":["set","string"]}])";
  Flatmap m{{"foo.baz.%", "1"}, {"foo.baz.key", "val"}};
  EXPECT_EQ(to_fm(convert::value_from_flatmap(m, T(ty))), "foo.baz.%=1\nfoo.baz.key=val\n");
  EXPECT_EQ(to_fm(convert::value_from_flatmap({}, T(ty))), "");
  const char* ty2 = R"(["object",{"l":["list",["object",{"n":"number","s":["set","string"]}]],"m":["map","bool"]}])";
  Value v = V(R"({"l":[{"n":1.5,"s":["a","b"]},{"n":null,"s":[]}],"m":{"k":true}})", ty2);
  std::optional<convert::FlatmapEntries> e = convert::flatmap_from_value(v, limits::kDefaultMaxOutputSize);
  ASSERT_TRUE(e.has_value());
  Flatmap back(e->begin(), e->end());
  EXPECT_TRUE(convert::value_from_flatmap(back, T(ty2)).raw_equals(v)) << to_fm(v);
}

// Keys repeat their parents' names: the bytes written are bounded.
TEST(FlatmapWrite, OutputIsBounded) {
  Value v = V(R"({"a":"x"})", R"(["object",{"a":"string"}])");
  EXPECT_EQ(to_fm(v, 2), "a=x\n");
  EXPECT_EQ(status_of([&] { to_fm(v, 1); }), Status::Limit);
}

// Errors carry the cty path of the value being read (issue 23 item 3): a
// set's own path for an entry inside the set.
TEST(Flatmap, ErrorsCarryThePath) {
  struct Case {
    Flatmap m;
    const char* type;
    Status status;
    const char* path;
  };
  const Case cases[] = {
      {{{"ports.#", "2"}, {"ports.0", "1"}, {"ports.1", "x"}}, R"(["object",{"ports":["list","number"]}])",
       Status::TypeMismatch, ".ports[1]"},
      {{{"tags.%", "1"}, {"tags.a", "x"}}, R"(["object",{"tags":["map","number"]}])", Status::TypeMismatch,
       ".tags[\"a\"]"},
      {{{"t.#", "1"}}, R"(["object",{"t":["tuple",["string","string"]]}])", Status::TypeMismatch, ".t"},
      {{{"b.#", "1"}, {"b.0.n", "x"}}, R"(["object",{"b":["list",["object",{"n":"number"}]]}])",
       Status::TypeMismatch, ".b[0].n"},
      {{{"b.#", "1"}, {"b.0.l.#", "z"}}, R"(["object",{"b":["list",["object",{"l":["list","string"]}]]}])",
       Status::TypeMismatch, ".b[0].l"},
      {{{"s.#", "1"}, {"s.123", "x"}}, R"(["object",{"s":["set","number"]}])", Status::TypeMismatch, ".s"},
      {{{"o.x", "1"}}, R"(["object",{"o":["object",{"x":"dynamic"}]}])", Status::TypeMismatch, ".o.x"},
      {{{"b.#", "1"}, {"b.0.l.#", "1000000000"}}, R"(["object",{"b":["list",["object",{"l":["list","string"]}]]}])",
       Status::Limit, ".b[0].l"},
      {{{"m.%", "1"}, {"m.k", "x"}}, R"(["object",{"m":["map","bool"]}])", Status::TypeMismatch, ".m[\"k\"]"},
  };
  for (const Case& c : cases) {
    try {
      convert::value_from_flatmap(c.m, T(c.type));
      ADD_FAILURE() << c.path;
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), c.status) << c.path << ": " << e.message();
      EXPECT_EQ(dynval::path_string(e.path()), c.path) << e.message();
    }
  }
}

}  // namespace
