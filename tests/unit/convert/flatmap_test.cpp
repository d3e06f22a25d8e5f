// convert::value_from_flatmap: the cases of Terraform / OpenTofu's
// internal/configs/hcl2shim flatmap_test.go (TestHCL2ValueFromFlatmap),
// ported as a table; hcl2shim is an internal package no Go module exports,
// so the conformance suite cannot call it (tests/conformance/README.md).
#include "helpers.hpp"

#include <map>
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

}  // namespace
