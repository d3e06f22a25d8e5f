// plan::normalize_object_from_legacy_sdk against OpenTofu v1.9.1's
// NormalizeObjectFromLegacySDK: every row of its own table
// (tests/data/opentofu-normalize.jsonl, written by OpenTofu itself), then
// what the table leaves out: SET and GROUP blocks, MAP blocks, the stub of
// a block holding a nested attribute type (where OpenTofu panics) and
// values that do not conform.
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "codec/codec.hpp"
#include "opentofu_table.hpp"
#include "plan/plan.hpp"
#include "schema/schema.hpp"
#include "support/error.hpp"
#include "values/path.hpp"

namespace {

using namespace dynval;

Value normalize_json(const Block& b, std::string_view json) {
  return plan::normalize_object_from_legacy_sdk(codec::json_decode(json, b.implied_type), b);
}

std::string go(const Value& v) { return v.go_string(); }

TEST(NormalizeLegacySDK, OpenTofuTable) {
  size_t passed = 0;
  test::TableCounts n = test::for_each_table_row("opentofu-normalize.jsonl", [&](const test::TableRow& row) {
    Value got = plan::normalize_object_from_legacy_sdk(row.value("value"), row.block);
    Value want = row.value("want");
    EXPECT_TRUE(got.raw_equals(want)) << "got:  " << got.go_string() << "\nwant: " << want.go_string();
    if (got.raw_equals(want)) ++passed;
  });
  // 11 rows in v1.9.1, every one with a MessagePack form and a valid schema.
  EXPECT_EQ(n.rows, 11u);
  EXPECT_TRUE(n.skipped.empty());
  EXPECT_TRUE(n.refused.empty());
  EXPECT_EQ(passed, 11u);
}

const char* kBlocks = R"({"attributes":{"id":{"type":"string","computed":true}},"block_types":{
  "l":{"nesting_mode":"list","block":{"attributes":{"a":{"type":"string","optional":true}},
       "block_types":{"in":{"nesting_mode":"set","block":{"attributes":{"b":{"type":"number","optional":true}}}}}}},
  "s":{"nesting_mode":"set","block":{"attributes":{"a":{"type":"string","optional":true}}}},
  "g":{"nesting_mode":"group","block":{"attributes":{"a":{"type":"string","optional":true}}}},
  "one":{"nesting_mode":"single","block":{"attributes":{"a":{"type":"string","optional":true}},
       "block_types":{"m":{"nesting_mode":"map","block":{"attributes":{"c":{"type":"bool","optional":true}}}}}}}}})";

TEST(NormalizeLegacySDK, NullBlocksBecomeEmpty) {
  SchemaPtr s = load_block_json(kBlocks);
  Value got = normalize_json(s->block, R"({"id":"x","l":null,"s":null,"g":null,"one":null})");
  EXPECT_EQ(go(got),
            go(codec::json_decode(R"({"id":"x","l":[],"s":[],"g":{"a":null},"one":null})", s->implied_type())));
}

TEST(NormalizeLegacySDK, UnknownBlocksBecomeStubs) {
  SchemaPtr s = load_block_json(kBlocks);
  const Type& t = s->implied_type();
  std::vector<Value> attrs;
  for (size_t i = 0; i < t.attr_count(); ++i) attrs.push_back(Value::unknown(t.attr_type(i)));
  attrs[t.attr_index("id")] = Value::string("x");
  Value got = plan::normalize_object_from_legacy_sdk(Value::object_typed(t, std::move(attrs)), s->block);
  // Lists and sets of one stub (nested ones too), single and group blocks a
  // stub, MAP blocks inside a stub an empty map.
  EXPECT_EQ(go(got.at(t.attr_index("l"))),
            R"(cty.ListVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"a":cty.UnknownVal(cty.String), )"
            R"("in":cty.SetVal([]cty.Value{cty.ObjectVal(map[string]cty.Value{"b":cty.UnknownVal(cty.Number)})})})}))");
  EXPECT_EQ(go(got.at(t.attr_index("g"))), R"(cty.ObjectVal(map[string]cty.Value{"a":cty.UnknownVal(cty.String)}))");
  EXPECT_EQ(go(got.at(t.attr_index("one"))),
            R"(cty.ObjectVal(map[string]cty.Value{"a":cty.UnknownVal(cty.String), )"
            R"("m":cty.MapValEmpty(cty.Object(map[string]cty.Type{"c":cty.Bool}))}))");
}

TEST(NormalizeLegacySDK, NullStaysNullAndMapsPass) {
  SchemaPtr s = load_block_json(kBlocks);
  Value null = Value::null(s->implied_type());
  EXPECT_TRUE(plan::normalize_object_from_legacy_sdk(null, s->block).raw_equals(null));
  Value got = normalize_json(s->block, R"({"id":null,"l":[],"s":[],"g":{"a":"v"},"one":{"a":"w","m":null}})");
  EXPECT_EQ(go(got.at(s->implied_type().attr_index("one"))),
            R"(cty.ObjectVal(map[string]cty.Value{"a":cty.StringVal("w"), )"
            R"("m":cty.NullVal(cty.Map(cty.Object(map[string]cty.Type{"c":cty.Bool})))}))");
}

// The deliberate difference: OpenTofu's stub gives a nested-type attribute
// cty.UnknownVal of a nil Type and panics; ours is an unknown of its type.
TEST(NormalizeLegacySDK, StubOfNestedTypeAttributeIsTyped) {
  SchemaPtr s = load_block_json(R"({"block_types":{"b":{"nesting_mode":"single","block":{"attributes":{
      "n":{"nested_type":{"nesting_mode":"list","attributes":{"x":{"type":"string","optional":true}}},
           "optional":true}}}}}})");
  const Type& t = s->implied_type();
  Value v = Value::object_typed(t, {Value::unknown(t.attr_type(0))});
  Value got = plan::normalize_object_from_legacy_sdk(v, s->block);
  EXPECT_EQ(go(got), R"(cty.ObjectVal(map[string]cty.Value{"b":cty.ObjectVal(map[string]cty.Value{)"
                     R"("n":cty.UnknownVal(cty.List(cty.Object(map[string]cty.Type{"x":cty.String})))})}))");
}

TEST(NormalizeLegacySDK, NonConformingValueIsAnError) {
  SchemaPtr s = load_block_json(kBlocks);
  try {
    plan::normalize_object_from_legacy_sdk(Value::string("x"), s->block);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::TypeMismatch);
  }
}

}  // namespace
