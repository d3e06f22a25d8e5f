// lookup(Path), dynval::path_string and go_string (cty GoString style, the
// UM/UJ rows of tests/data/gocty-vectors.txt).
#include <gtest/gtest.h>

#include "support/error.hpp"
#include "values/value.hpp"
#include "helpers.hpp"

using namespace dvtest;
using dynval::NumberBound;
using dynval::Path;
using dynval::PathStep;
using dynval::Refinements;

TEST(PathString, Forms) {
  Path p{PathStep::attr("network"), PathStep::idx(0), PathStep::attr("ip"), PathStep::key("v4")};
  EXPECT_EQ(dynval::path_string(p), ".network[0].ip[\"v4\"]");
  EXPECT_EQ(dynval::path_string({}), "");
  EXPECT_EQ(dynval::path_string({PathStep::key("a\"b\n\xc2\xa0\xc3\xa9")}), "[\"a\\\"b\\n\\u00a0\xc3\xa9\"]");
  EXPECT_EQ(dynval::path_string({PathStep::idx(-1), PathStep::idx(12345678901)}), "[-1][12345678901]");
}

TEST(Lookup, Steps) {
  std::vector<std::pair<std::string, Value>> m{{"v4", S("10.0.0.1")}, {"v6", Value::null(TS())}};
  Value ip = Value::map(TS(), m);
  Value net = list_of(ip.type(), {ip});
  Value root = obj({{"network", net}, {"name", S("x")}, {"tags", set_of(TS(), {S("b"), S("a")})},
                    {"t", Value::tuple({I(1), S("two")})}, {"u", Value::unknown(Type::list(TS()))}});
  Path p{PathStep::attr("network"), PathStep::idx(0), PathStep::key("v4")};
  const Value* v = root.lookup(p);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->as_string(), "10.0.0.1");
  EXPECT_EQ(root.lookup({}), &root);
  EXPECT_EQ(root.lookup({PathStep::attr("nope")}), nullptr);
  EXPECT_EQ(root.lookup({PathStep::attr("network"), PathStep::idx(1)}), nullptr);
  EXPECT_EQ(root.lookup({PathStep::attr("network"), PathStep::idx(-1)}), nullptr);
  EXPECT_EQ(root.lookup({PathStep::attr("network"), PathStep::attr("x")}), nullptr);
  // attribute steps do not apply to maps; key steps apply to objects too
  EXPECT_EQ(root.lookup({PathStep::attr("network"), PathStep::idx(0), PathStep::attr("v4")}), nullptr);
  ASSERT_NE(root.lookup({PathStep::key("name")}), nullptr);
  EXPECT_EQ(root.lookup({PathStep::key("name")})->as_string(), "x");
  // sets by iteration index, tuples by index
  EXPECT_EQ(root.lookup({PathStep::attr("tags"), PathStep::idx(0)})->as_string(), "a");
  EXPECT_EQ(root.lookup({PathStep::attr("t"), PathStep::idx(1)})->as_string(), "two");
  // through null, unknown and primitives: nothing
  EXPECT_EQ(root.lookup({PathStep::attr("u"), PathStep::idx(0)}), nullptr);
  EXPECT_EQ(root.lookup({PathStep::attr("name"), PathStep::idx(0)}), nullptr);
  ASSERT_NE(root.lookup({PathStep::attr("network"), PathStep::idx(0), PathStep::key("v6")}), nullptr);
  EXPECT_TRUE(root.lookup({PathStep::attr("network"), PathStep::idx(0), PathStep::key("v6")})->is_null());
  EXPECT_EQ(Value::null(root.type()).lookup({PathStep::attr("name")}), nullptr);
}

TEST(GoString, Vectors) {
  EXPECT_EQ(S("e\xcc\x81").go_string(), "cty.StringVal(\"\xc3\xa9\")");  // decode non-NFC string
  EXPECT_EQ(S("\xff" "A").go_string(), "cty.StringVal(\"\\xffA\")");
  EXPECT_EQ(I(5).go_string(), "cty.NumberIntVal(5)");
  EXPECT_EQ(I(100).go_string(), "cty.NumberIntVal(100)");
  EXPECT_EQ(P("1e2").go_string(), "cty.NumberIntVal(100)");
  EXPECT_EQ(F(9223372036854775808.0).go_string(), "cty.NumberIntVal(9.223372036854776e+18)");
  EXPECT_EQ(Value::number(Number::from_uint64(UINT64_MAX)).go_string(),
            "cty.NumberIntVal(1.8446744073709551615e+19)");
  EXPECT_EQ(F(static_cast<double>(0.1f)).go_string(), "cty.NumberFloatVal(0.10000000149011612)");
  EXPECT_EQ(F(12.5).go_string(), "cty.NumberFloatVal(12.5)");
  // float64's own shortest digits (strconv), not a 53-bit big.Float's: a
  // subnormal has fewer significant bits, and below a power of two the
  // next float64 is nearer.
  EXPECT_EQ(F(5.28196901783579e-309).go_string(), "cty.NumberFloatVal(5.28196901783579e-309)");
  EXPECT_EQ(F(-0x1p-858).go_string(), "cty.NumberFloatVal(-5.2031185398247434e-259)");
  EXPECT_EQ(Value::number(Number::infinity(true)).go_string(), "cty.NumberFloatVal(-Inf)");
  EXPECT_EQ(Value::number(Number::infinity(false)).go_string(), "cty.NumberFloatVal(+Inf)");
  EXPECT_EQ(P("0.1").go_string(), "cty.MustParseNumberVal(\"0.1\")");
  EXPECT_EQ(B(true).go_string(), "cty.True");
  EXPECT_EQ(Value::null(TS()).go_string(), "cty.NullVal(cty.String)");
  EXPECT_EQ(Value::null(Type::dynamic()).go_string(), "cty.NullVal(cty.DynamicPseudoType)");
  EXPECT_EQ(Value::unknown(TS()).go_string(), "cty.UnknownVal(cty.String)");
  EXPECT_EQ(unk_notnull(TS()).go_string(), "cty.UnknownVal(cty.String).RefineNotNull()");
  EXPECT_EQ(Value::unknown(Type::dynamic()).go_string(), "cty.DynamicVal");
  Refinements r;
  r.lower = NumberBound{*Number::parse("0.1"), true};
  EXPECT_EQ(Value::unknown_refined(TN(), r).go_string(),
            "cty.UnknownVal(cty.Number).Refine().NumberLowerBound(cty.MustParseNumberVal(\"0.1\"), "
            "true).NewValue()");
  Refinements c;
  c.not_null = true;
  c.len_min = 1;
  c.len_max = 2;
  EXPECT_EQ(Value::unknown_refined(Type::list(TS()), c).go_string(),
            "cty.UnknownVal(cty.List(cty.String)).Refine().NotNull().CollectionLengthLowerBound(1)."
            "CollectionLengthUpperBound(2).NewValue()");
  Refinements sp;
  sp.prefix = "foo-";
  EXPECT_EQ(Value::unknown_refined(TS(), sp).go_string(),
            "cty.UnknownVal(cty.String).Refine().StringPrefixFull(\"foo-\").NewValue()");
  EXPECT_EQ(list_of(TB(), {Value::null(TB())}).go_string(), "cty.ListVal([]cty.Value{cty.NullVal(cty.Bool)})");
  EXPECT_EQ(list_of(TS(), {S("x")}).go_string(), "cty.ListVal([]cty.Value{cty.StringVal(\"x\")})");
  EXPECT_EQ(set_of(TS(), {S("b"), S("a"), S("a")}).go_string(),
            "cty.SetVal([]cty.Value{cty.StringVal(\"a\"), cty.StringVal(\"b\")})");
  EXPECT_EQ(set_of(TS(), {Value::unknown(TS()), Value::unknown(TS())}).go_string(),
            "cty.SetVal([]cty.Value{cty.UnknownVal(cty.String), cty.UnknownVal(cty.String)})");
  std::vector<std::pair<std::string, Value>> m{{"e\xcc\x81", I(1)}};
  EXPECT_EQ(Value::map(TN(), m).go_string(), "cty.MapVal(map[string]cty.Value{\"\xc3\xa9\":cty.NumberIntVal(1)})");
  EXPECT_EQ(obj({{"a", I(2)}}).go_string(), "cty.ObjectVal(map[string]cty.Value{\"a\":cty.NumberIntVal(2)})");
  EXPECT_EQ(obj({{"a", Value::null(TN())}}).go_string(),
            "cty.ObjectVal(map[string]cty.Value{\"a\":cty.NullVal(cty.Number)})");
  EXPECT_EQ(Value::empty_object().go_string(), "cty.EmptyObjectVal");
  EXPECT_EQ(Value::empty_tuple().go_string(), "cty.EmptyTupleVal");
  EXPECT_EQ(list_of(TS(), {}).go_string(), "cty.ListValEmpty(cty.String)");
  EXPECT_EQ(Value::map(TS(), {}).go_string(), "cty.MapValEmpty(cty.String)");
  EXPECT_EQ(set_of(Type::object({{"a", TS()}}), {}).go_string(),
            "cty.SetValEmpty(cty.Object(map[string]cty.Type{\"a\":cty.String}))");
  EXPECT_EQ(Value::null(Type::tuple({TS(), Type::map(TN())})).go_string(),
            "cty.NullVal(cty.Tuple([]cty.Type{cty.String, cty.Map(cty.Number)}))");
  EXPECT_EQ(Value::tuple({S("s"), I(1)}).go_string(),
            "cty.TupleVal([]cty.Value{cty.StringVal(\"s\"), cty.NumberIntVal(1)})");
  EXPECT_EQ(I(1234567).go_string(), "cty.NumberIntVal(1.234567e+06)");
  EXPECT_EQ(P("0.00001").go_string(), "cty.MustParseNumberVal(\"0.00001\")");
  EXPECT_EQ(F(0.00001).go_string(), "cty.NumberFloatVal(1e-05)");
  EXPECT_EQ(P("-0").go_string(), "cty.NumberIntVal(-0)");
}
