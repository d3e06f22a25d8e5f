// plan::proposed_new and plan::planned_data_resource_object against
// OpenTofu v1.9.1's objchange: every row of its TestProposedNew table
// (tests/data/opentofu-proposed-new.jsonl, written by OpenTofu itself), then
// cases of our own for what the table leaves out (the data-source variant,
// which OpenTofu v1.9.1 has no table for, set pairing order, refinements,
// dynamic blocks, and the errors where OpenTofu panics). Results are
// compared with RawEquals (unknowns and their refinements included) and
// printed in go-cty's GoString form on a mismatch.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "codec/codec.hpp"
#include "common/golden.hpp"
#include "opentofu_table.hpp"
#include "plan/plan.hpp"
#include "schema/schema.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/path.hpp"
#include "values/value.hpp"

namespace {

using namespace dynval;

Type T(std::string_view json) { return Type::from_json(json); }
Value V(std::string_view json, std::string_view type_json) { return codec::json_decode(json, T(type_json)); }
Value S(std::string_view s) { return Value::string(s); }
Value NullS() { return Value::null(Type::string()); }
Value UnkS() { return Value::unknown(Type::string()); }

// "error: MESSAGE at PATH" for a thrown Error, else the result's GoString.
template <class F>
std::string outcome(F&& f) {
  try {
    return f().go_string();
  } catch (const Error& e) {
    std::string out = std::string("error: ") + status_name(e.status()) + ": " + e.message();
    if (!e.path().empty()) out += " at " + path_string(e.path());
    return out;
  }
}

#define EXPECT_RAW_EQ(got, want)                                                              \
  do {                                                                                        \
    const Value& g_ = (got);                                                                  \
    const Value& w_ = (want);                                                                 \
    EXPECT_TRUE(g_.raw_equals(w_)) << "got:  " << g_.go_string() << "\nwant: " << w_.go_string(); \
  } while (0)

// ---------------------------------------------------------------------------
// OpenTofu's TestProposedNew, row by row.

TEST(ProposedNew, OpenTofuTable) {
  size_t passed = 0;
  test::TableCounts n = test::for_each_table_row("opentofu-proposed-new.jsonl", [&](const test::TableRow& row) {
    Value got = plan::proposed_new(row.block, row.value("prior"), row.value("config"));
    Value want = row.value("want");
    EXPECT_RAW_EQ(got, want);
    if (got.raw_equals(want)) ++passed;
  });
  std::vector<std::string>& skipped = n.skipped;
  std::vector<std::string>& refused = n.refused;
  const size_t rows = n.rows;
  // 39 rows in v1.9.1; one ("prior null nested objects") holds a map element
  // without one of its attributes, so it has no MessagePack form.
  EXPECT_EQ(rows, 39u);
  ASSERT_EQ(skipped.size(), 1u);
  EXPECT_EQ(skipped[0], "prior null nested objects");
  // Two rows put dynamic attributes in set blocks, which InternalValidate
  // (and so Schema::make) refuses: no provider can declare such a schema.
  std::sort(refused.begin(), refused.end());
  EXPECT_EQ(refused, (std::vector<std::string>{
                         "nested list with dynamic in set: foo: NestingSet blocks may not contain attributes of "
                         "cty.DynamicPseudoType",
                         "nested map with dynamic in set: foo: NestingSet blocks may not contain attributes of "
                         "cty.DynamicPseudoType",
                     }));
  // Every other row gives OpenTofu's result.
  EXPECT_EQ(passed, 36u);
}

// ---------------------------------------------------------------------------
// configschema Block.EmptyValue

TEST(EmptyValue, EveryNestingMode) {
  SchemaPtr s = BlockBuilder()
                    .attr("a", Type::string(), AttrFlag::Optional)
                    .nested_attr("n", ObjectBuilder(NestingMode::List).attr("x", Type::string(), AttrFlag::Optional),
                                 AttrFlag::Optional)
                    .block("single", NestingMode::Single, BlockBuilder().attr("x", Type::string(), AttrFlag::Optional))
                    .block("group", NestingMode::Group, BlockBuilder().attr("x", Type::string(), AttrFlag::Optional))
                    .block("list", NestingMode::List, BlockBuilder().attr("x", Type::string(), AttrFlag::Optional))
                    .block("dlist", NestingMode::List, BlockBuilder().attr("x", Type::dynamic(), AttrFlag::Optional))
                    .block("map", NestingMode::Map, BlockBuilder().attr("x", Type::string(), AttrFlag::Optional))
                    .block("dmap", NestingMode::Map, BlockBuilder().attr("x", Type::dynamic(), AttrFlag::Optional))
                    .block("set", NestingMode::Set, BlockBuilder().attr("x", Type::string(), AttrFlag::Optional))
                    .schema();
  Value e = plan::empty_value(s->block);
  EXPECT_EQ(e.go_string(),
            "cty.ObjectVal(map[string]cty.Value{\"a\":cty.NullVal(cty.String), "
            "\"dlist\":cty.EmptyTupleVal, \"dmap\":cty.EmptyObjectVal, "
            "\"group\":cty.ObjectVal(map[string]cty.Value{\"x\":cty.NullVal(cty.String)}), "
            "\"list\":cty.ListValEmpty(cty.Object(map[string]cty.Type{\"x\":cty.String})), "
            "\"map\":cty.MapValEmpty(cty.Object(map[string]cty.Type{\"x\":cty.String})), "
            "\"n\":cty.NullVal(cty.List(cty.Object(map[string]cty.Type{\"x\":cty.String}))), "
            "\"set\":cty.SetValEmpty(cty.Object(map[string]cty.Type{\"x\":cty.String})), "
            "\"single\":cty.NullVal(cty.Object(map[string]cty.Type{\"x\":cty.String}))})");
  EXPECT_TRUE(e.type().conforms_to(s->implied_type()));
}

// ---------------------------------------------------------------------------
// ProposedNew: the rules the table does not reach.

SchemaPtr simple_schema() {
  return BlockBuilder()
      .attr("id", Type::string(), AttrFlag::Computed)
      .attr("name", Type::string(), AttrFlag::Optional)
      .attr("oc", Type::string(), AttrFlag::Optional | AttrFlag::Computed)
      .schema();
}

TEST(ProposedNew, BothNullStayNull) {
  SchemaPtr s = simple_schema();
  Value n = Value::null(s->implied_type());
  EXPECT_RAW_EQ(plan::proposed_new(s->block, n, n), n);
}

TEST(ProposedNew, NullOrUnknownConfigTakesPrior) {
  SchemaPtr s = simple_schema();
  Value prior = Value::object({{"id", S("i-1")}, {"name", S("a")}, {"oc", S("x")}});
  EXPECT_RAW_EQ(plan::proposed_new(s->block, prior, Value::null(s->implied_type())), prior);
  EXPECT_RAW_EQ(plan::proposed_new(s->block, prior, Value::unknown(s->implied_type())), prior);
}

TEST(ProposedNew, NullPriorIsTheEmptyValue) {
  SchemaPtr s = simple_schema();
  Value config = Value::object({{"id", NullS()}, {"name", S("a")}, {"oc", NullS()}});
  EXPECT_RAW_EQ(plan::proposed_new(s->block, Value::null(s->implied_type()), config), config);
}

TEST(ProposedNew, ComputedKeepsPriorAndItsRefinements) {
  SchemaPtr s = simple_schema();
  Refinements r;
  r.not_null = true;
  r.prefix = "i-";
  Value refined = Value::unknown_refined(Type::string(), r);
  Value prior = Value::object({{"id", refined}, {"name", S("a")}, {"oc", S("x")}});
  Value config = Value::object({{"id", NullS()}, {"name", S("b")}, {"oc", NullS()}});
  Value want = Value::object({{"id", refined}, {"name", S("b")}, {"oc", S("x")}});
  EXPECT_RAW_EQ(plan::proposed_new(s->block, prior, config), want);
}

// Set blocks: each configured element takes the first unused prior element,
// in the prior set's order, it could have come from; elements that differ
// only in refinements of unknowns match (unrefinedValue).
TEST(ProposedNew, SetPairingFirstUnusedMatch) {
  SchemaPtr s = BlockBuilder()
                    .block("rule", NestingMode::Set,
                           BlockBuilder()
                               .attr("port", Type::number(), AttrFlag::Optional)
                               .attr("id", Type::string(), AttrFlag::Computed))
                    .schema();
  const std::string elem = R"(["object",{"id":"string","port":"number"}])";
  const std::string set_t = "[\"set\"," + elem + "]";
  const std::string obj_t = R"(["object",{"rule":)" + set_t + "}]";
  // Two prior elements for port 80 (possible only through computed ids):
  // the config's one element pairs with the first in set order.
  Value prior = V(R"({"rule":[{"port":80,"id":"b"},{"port":80,"id":"a"},{"port":22,"id":"c"}]})", obj_t);
  Value config = V(R"({"rule":[{"port":80,"id":null},{"port":443,"id":null}]})", obj_t);
  const Value& first80 = prior.get("rule")->at(0);
  Value got = plan::proposed_new(s->block, prior, config);
  Value want = Value::object(
      {{"rule", Value::set(T(elem), {Value::object({{"id", *first80.get("id")}, {"port", *first80.get("port")}}),
                                     V(R"({"port":443,"id":null})", elem)})}});
  EXPECT_RAW_EQ(got, want);

  // Unknown and refined in the prior, unrefined in the config: still a match.
  Refinements r;
  r.not_null = true;
  Value prior_u = Value::object({{"rule", Value::set(T(elem), {Value::object({{"id", S("z")},
                                                                             {"port", Value::unknown_refined(
                                                                                          Type::number(), r)}})})}});
  Value config_u = Value::object(
      {{"rule", Value::set(T(elem), {Value::object({{"id", NullS()}, {"port", Value::unknown(Type::number())}})})}});
  Value got_u = plan::proposed_new(s->block, prior_u, config_u);
  EXPECT_RAW_EQ(got_u, Value::object({{"rule", Value::set(T(elem), {Value::object(
                                                                       {{"id", S("z")},
                                                                        {"port", Value::unknown(Type::number())}})})}}));
}

// Set pairing is n * m comparisons when nothing matches: bounded by
// limits::kMaxSetPairingSteps. Matching sets (in any order) stay linear
// enough to pass at sizes far beyond real ones.
TEST(ProposedNew, SetPairingIsBounded) {
  SchemaPtr s = BlockBuilder()
                    .block("rule", NestingMode::Set,
                           BlockBuilder()
                               .attr("port", Type::number(), AttrFlag::Optional)
                               .attr("id", Type::string(), AttrFlag::Computed))
                    .schema();
  const Type elem = T(R"(["object",{"id":"string","port":"number"}])");
  auto rules = [&](int from, int n, bool with_id) {
    std::vector<Value> v;
    for (int i = 0; i < n; ++i)
      v.push_back(Value::object({{"id", with_id ? S("r" + std::to_string(i)) : NullS()},
                                 {"port", Value::number(Number::from_int64(from + i))}}));
    return Value::object({{"rule", Value::set(elem, std::move(v))}});
  };
  // 4,000 configured ports against 4,000 other prior ones: 16M pairs.
  try {
    plan::proposed_new(s->block, rules(0, 4000, true), rules(100000, 4000, false));
    ADD_FAILURE() << "no limit error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit) << e.message();
    EXPECT_NE(e.message().find("pairing"), std::string::npos) << e.message();
  }
  // The same 4,000 ports on both sides: each finds its prior element.
  Value got = plan::proposed_new(s->block, rules(0, 4000, true), rules(0, 4000, false));
  EXPECT_RAW_EQ(got, rules(0, 4000, true));
}

// A LIST block with dynamic content is a tuple; elements are paired by index
// and the result stays a tuple.
TEST(ProposedNew, DynamicListBlockIsATuple) {
  SchemaPtr s = BlockBuilder()
                    .block("b", NestingMode::List,
                           BlockBuilder()
                               .attr("d", Type::dynamic(), AttrFlag::Optional)
                               .attr("c", Type::string(), AttrFlag::Computed))
                    .schema();
  Value prior = Value::object({{"b", Value::tuple({Value::object({{"c", S("p0")}, {"d", S("x")}}),
                                                   Value::object({{"c", S("p1")}, {"d", Value::boolean(true)}})})}});
  Value config = Value::object({{"b", Value::tuple({Value::object({{"c", NullS()}, {"d", Value::boolean(false)}}),
                                                    Value::object({{"c", NullS()}, {"d", S("y")}}),
                                                    Value::object({{"c", NullS()}, {"d", S("z")}})})}});
  Value want = Value::object({{"b", Value::tuple({Value::object({{"c", S("p0")}, {"d", Value::boolean(false)}}),
                                                  Value::object({{"c", S("p1")}, {"d", S("y")}}),
                                                  Value::object({{"c", NullS()}, {"d", S("z")}})})}});
  EXPECT_RAW_EQ(plan::proposed_new(s->block, prior, config), want);
}

// An unknown element of a nested attribute list becomes an object of
// unknowns (proposedNewObjectAttributes reads attributes of the unknown),
// where an unknown block element stays unknown.
TEST(ProposedNew, UnknownNestedAttributeElement) {
  SchemaPtr s = BlockBuilder()
                    .nested_attr("n",
                                 ObjectBuilder(NestingMode::List)
                                     .attr("x", Type::string(), AttrFlag::Optional)
                                     .attr("c", Type::string(), AttrFlag::Computed),
                                 AttrFlag::Optional)
                    .schema();
  const std::string elem = R"(["object",{"c":"string","x":"string"}])";
  Value prior = Value::object({{"n", Value::list(T(elem), {Value::object({{"c", S("p")}, {"x", S("a")}})})}});
  Value config = Value::object({{"n", Value::list(T(elem), {Value::unknown(T(elem))})}});
  // "c" is computed, but its config (an attribute of the unknown) is an
  // unknown, not null: the config wins.
  Value want = Value::object({{"n", Value::list(T(elem), {Value::object({{"c", UnkS()}, {"x", UnkS()}})})}});
  EXPECT_RAW_EQ(plan::proposed_new(s->block, prior, config), want);
}

// ---------------------------------------------------------------------------
// PlannedDataResourceObject

TEST(PlannedDataResourceObject, ComputedBecomeUnknown) {
  SchemaPtr s = BlockBuilder()
                    .attr("id", Type::string(), AttrFlag::Computed)
                    .attr("name", Type::string(), AttrFlag::Required)
                    .attr("oc", Type::string(), AttrFlag::Optional | AttrFlag::Computed)
                    .attr("set_oc", Type::string(), AttrFlag::Optional | AttrFlag::Computed)
                    .nested_attr("n",
                                 ObjectBuilder(NestingMode::Single)
                                     .attr("x", Type::string(), AttrFlag::Optional)
                                     .attr("c", Type::string(), AttrFlag::Computed),
                                 AttrFlag::Optional)
                    .block("l", NestingMode::List,
                           BlockBuilder()
                               .attr("x", Type::string(), AttrFlag::Optional)
                               .attr("c", Type::string(), AttrFlag::Computed))
                    .block("s", NestingMode::Set,
                           BlockBuilder()
                               .attr("x", Type::string(), AttrFlag::Optional)
                               .attr("c", Type::string(), AttrFlag::Computed))
                    .block("m", NestingMode::Map, BlockBuilder().attr("c", Type::string(), AttrFlag::Computed))
                    .block("g", NestingMode::Single, BlockBuilder().attr("c", Type::string(), AttrFlag::Computed))
                    .schema();
  const std::string xc = R"(["object",{"c":"string","x":"string"}])";
  const std::string c = R"(["object",{"c":"string"}])";
  Value config = Value::object({
      {"id", NullS()},
      {"name", S("n")},
      {"oc", NullS()},
      {"set_oc", S("mine")},
      {"n", Value::object({{"c", NullS()}, {"x", S("nx")}})},
      {"l", Value::list(T(xc), {Value::object({{"c", NullS()}, {"x", S("l0")}})})},
      {"s", Value::set(T(xc), {Value::object({{"c", NullS()}, {"x", S("s0")}})})},
      {"m", Value::map(T(c), {{"k", Value::object({{"c", NullS()}})}})},
      {"g", Value::null(T(c))},
  });
  Value want = Value::object({
      {"id", UnkS()},
      {"name", S("n")},
      {"oc", UnkS()},
      {"set_oc", S("mine")},
      {"n", Value::object({{"c", UnkS()}, {"x", S("nx")}})},
      {"l", Value::list(T(xc), {Value::object({{"c", UnkS()}, {"x", S("l0")}})})},
      // No prior elements to pair with: a null prior, so null computed.
      {"s", Value::set(T(xc), {Value::object({{"c", NullS()}, {"x", S("s0")}})})},
      // Nothing to pair with either: the config as it is.
      {"m", Value::map(T(c), {{"k", Value::object({{"c", NullS()}})}})},
      {"g", Value::null(T(c))},
  });
  EXPECT_RAW_EQ(plan::planned_data_resource_object(s->block, config), want);
  // A null or unknown config: the unknown prior.
  EXPECT_RAW_EQ(plan::planned_data_resource_object(s->block, Value::null(s->implied_type())),
                Value::unknown(s->implied_type()));
}

// OpenTofu panics here (an element of the unknown prior's dynamic LIST block
// is DynamicVal, which proposedNew refuses as not an object); we report it.
TEST(PlannedDataResourceObject, DynamicListBlockWithElementsFailsAsOpenTofuPanics) {
  SchemaPtr s = BlockBuilder()
                    .block("b", NestingMode::List, BlockBuilder().attr("d", Type::dynamic(), AttrFlag::Optional))
                    .schema();
  Value config = Value::object({{"b", Value::tuple({Value::object({{"d", S("x")}})})}});
  EXPECT_EQ(outcome([&] { return plan::planned_data_resource_object(s->block, config); }),
            "error: type mismatch: ProposedNew only supports object-typed values, found dynamic (prior) and "
            "object (config) at .b[0]");
  // With no elements there is nothing to merge.
  Value empty = Value::object({{"b", Value::empty_tuple()}});
  EXPECT_RAW_EQ(plan::planned_data_resource_object(s->block, empty), empty);
}

// ---------------------------------------------------------------------------
// Errors where OpenTofu panics.

TEST(ProposedNew, NonConformingValuesAreErrors) {
  SchemaPtr s = simple_schema();
  Value ok = Value::object({{"id", NullS()}, {"name", S("a")}, {"oc", NullS()}});
  Value bad = Value::object({{"id", NullS()}, {"name", Value::boolean(true)}, {"oc", NullS()}});
  EXPECT_EQ(outcome([&] { return plan::proposed_new(s->block, bad, ok); }),
            "error: type mismatch: prior value does not conform to the schema: string required, found bool at .name");
  EXPECT_EQ(outcome([&] { return plan::proposed_new(s->block, ok, S("x")); }),
            "error: type mismatch: config value does not conform to the schema: object required, found string");
  EXPECT_EQ(outcome([&] { return plan::planned_data_resource_object(s->block, bad); }),
            "error: type mismatch: config value does not conform to the schema: string required, found bool at .name");

  // A dynamic LIST block holding something other than a list or tuple of
  // its objects.
  SchemaPtr d = BlockBuilder()
                    .block("b", NestingMode::List, BlockBuilder().attr("d", Type::dynamic(), AttrFlag::Optional))
                    .schema();
  Value str = Value::object({{"b", S("x")}});
  EXPECT_EQ(outcome([&] { return plan::proposed_new(d->block, str, str); }),
            "error: type mismatch: prior value does not conform to the schema: a list or tuple of object is "
            "required, found string at .b");
  Value tup = Value::object({{"b", Value::tuple({Value::object({{"e", S("x")}})})}});
  EXPECT_EQ(outcome([&] { return plan::proposed_new(d->block, Value::null(d->implied_type()), tup); }),
            "error: type mismatch: config value does not conform to the schema: attribute \"d\" is missing at "
            ".b[0].d");
}

// Merged elements of mixed types cannot form a list (go-cty's ListVal
// panics): computed dynamic attributes taken from a prior tuple.
TEST(ProposedNew, MixedElementTypesAreErrors) {
  SchemaPtr s = BlockBuilder()
                    .block("b", NestingMode::List, BlockBuilder().attr("d", Type::dynamic(), AttrFlag::Computed))
                    .schema();
  Value prior = Value::object(
      {{"b", Value::tuple({Value::object({{"d", Value::boolean(true)}}), Value::object({{"d", S("x")}})})}});
  Value config = Value::object({{"b", Value::list(T(R"(["object",{"d":"string"}])"),
                                                  {Value::object({{"d", NullS()}}), Value::object({{"d", S("y")}})})}});
  std::string got = outcome([&] { return plan::proposed_new(s->block, prior, config); });
  EXPECT_EQ(got.rfind("error: type mismatch: ", 0), 0u) << got;
  EXPECT_NE(got.find(" at .b"), std::string::npos) << got;
}

}  // namespace
