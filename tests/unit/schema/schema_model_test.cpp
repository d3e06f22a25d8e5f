// The schema model: implied types (OpenTofu configschema rules), spec types,
// sorting and the structural checks (internal_validate.go).
#include <gtest/gtest.h>

#include <thread>

#include "schema/schema.hpp"

using namespace dynval;

namespace {

constexpr AttrFlag R = AttrFlag::Required;
constexpr AttrFlag O = AttrFlag::Optional;
constexpr AttrFlag C = AttrFlag::Computed;

std::string implied(const SchemaPtr& s) { return s->implied_type().to_json(); }

BlockBuilder inner() { return std::move(BlockBuilder().attr("x", Type::number(), O)); }

// Expects Schema::make to fail with Status::Schema, a message containing
// `msg` and the given rendered path.
void expect_schema_error(BlockBuilder b, const std::string& msg, const std::string& path) {
  try {
    std::move(b).schema();
    FAIL() << "expected a schema error containing: " << msg;
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Schema) << e.message();
    EXPECT_NE(e.message().find(msg), std::string::npos) << e.message();
    EXPECT_EQ(path_string(e.path()), path) << e.message();
  }
}

}  // namespace

TEST(SchemaImpliedType, EmptyBlockIsEmptyObject) {
  auto s = BlockBuilder().schema();
  EXPECT_EQ(implied(s), R"(["object",{}])");
  EXPECT_EQ(s->version, 0);
}

TEST(SchemaImpliedType, AttributesKeepTheirTypes) {
  auto s = BlockBuilder()
               .attr("name", Type::string(), R)
               .attr("count", Type::number(), O)
               .attr("tags", Type::map(Type::string()), O | C)
               .attr("any", Type::dynamic(), O)
               .schema(3);
  EXPECT_EQ(s->version, 3);
  EXPECT_EQ(implied(s), R"(["object",{"any":"dynamic","count":"number","name":"string","tags":["map","string"]}])");
}

TEST(SchemaImpliedType, EachBlockNestingMode) {
  auto s = BlockBuilder()
               .block("single", NestingMode::Single, inner())
               .block("group", NestingMode::Group, inner())
               .block("list", NestingMode::List, inner(), 1, 3)
               .block("set", NestingMode::Set, inner())
               .block("map", NestingMode::Map, inner())
               .schema();
  EXPECT_EQ(implied(s),
            R"(["object",{"group":["object",{"x":"number"}],"list":["list",["object",{"x":"number"}]],)"
            R"("map":["map",["object",{"x":"number"}]],"set":["set",["object",{"x":"number"}]],)"
            R"("single":["object",{"x":"number"}]}])");
  // Cached per nested block too.
  const NestedBlock* nb = s->block.find_block("list");
  ASSERT_NE(nb, nullptr);
  EXPECT_EQ(nb->implied_type.to_json(), R"(["list",["object",{"x":"number"}]])");
  EXPECT_EQ(nb->block.implied_type.to_json(), R"(["object",{"x":"number"}])");
  EXPECT_EQ(nb->min_items, 1);
  EXPECT_EQ(nb->max_items, 3);
}

TEST(SchemaImpliedType, ListAndMapBlocksWithDynamicBecomeDynamic) {
  BlockBuilder dyn = BlockBuilder().attr("d", Type::dynamic(), O).attr("s", Type::string(), O);
  auto s = BlockBuilder()
               .block("l", NestingMode::List, dyn)
               .block("m", NestingMode::Map, dyn)
               .block("one", NestingMode::Single, dyn)
               .block("grp", NestingMode::Group, dyn)
               .schema();
  EXPECT_EQ(implied(s),
            R"(["object",{"grp":["object",{"d":"dynamic","s":"string"}],"l":"dynamic","m":"dynamic",)"
            R"("one":["object",{"d":"dynamic","s":"string"}]}])");
}

TEST(SchemaImpliedType, DynamicDeepInsideMakesOuterListDynamic) {
  // list block > single block > list(dynamic) attribute.
  auto s = BlockBuilder()
               .block("outer", NestingMode::List,
                      BlockBuilder().block("mid", NestingMode::Single,
                                           BlockBuilder().attr("v", Type::list(Type::dynamic()), O)))
               .schema();
  EXPECT_EQ(implied(s), R"(["object",{"outer":"dynamic"}])");
  // and a list block inside that list block is itself dynamic.
  auto s2 = BlockBuilder()
                .block("outer", NestingMode::Single,
                       BlockBuilder().block("inner", NestingMode::List,
                                            BlockBuilder().attr("v", Type::dynamic(), O)))
                .schema();
  EXPECT_EQ(implied(s2), R"(["object",{"outer":["object",{"inner":"dynamic"}]}])");
}

TEST(SchemaImpliedType, SetBlockWithDynamicIsASchemaError) {
  expect_schema_error(BlockBuilder().block("s", NestingMode::Set, BlockBuilder().attr("d", Type::dynamic(), O)),
                      "NestingSet blocks may not contain attributes of cty.DynamicPseudoType",
                      R"(.block_types["s"])");
  // also when the dynamic type is deeper (a list block inside the set block
  // is dynamic as a whole).
  expect_schema_error(
      BlockBuilder().block("s", NestingMode::Set,
                           BlockBuilder().block("l", NestingMode::List, BlockBuilder().attr("d", Type::dynamic(), O))),
      "NestingSet blocks may not contain", R"(.block_types["s"])");
}

TEST(SchemaImpliedType, NestedAttributeEachNesting) {
  auto obj = [](NestingMode m) {
    return ObjectBuilder(m).attr("a", Type::string(), R).attr("b", Type::number(), O);
  };
  auto s = BlockBuilder()
               .nested_attr("single", obj(NestingMode::Single), O)
               .nested_attr("list", obj(NestingMode::List), O)
               .nested_attr("set", obj(NestingMode::Set), C)
               .nested_attr("map", obj(NestingMode::Map), R)
               .schema();
  // The implied type never carries optional markers.
  EXPECT_EQ(implied(s),
            R"(["object",{"list":["list",["object",{"a":"string","b":"number"}]],)"
            R"("map":["map",["object",{"a":"string","b":"number"}]],)"
            R"("set":["set",["object",{"a":"string","b":"number"}]],)"
            R"("single":["object",{"a":"string","b":"number"}]}])");
  const Attribute* a = s->block.find_attribute("list");
  ASSERT_NE(a, nullptr);
  ASSERT_TRUE(a->nested_type.has_value());
  EXPECT_FALSE(a->type.has_value());
  EXPECT_EQ(a->implied_type.to_json(), R"(["list",["object",{"a":"string","b":"number"}]])");
}

TEST(SchemaImpliedType, SpecTypeMarksOptionalAttributesOfNestedObjects) {
  // Object.specType: Optional or Computed attributes of a nested attribute
  // object are optional in the object type; block attributes never are.
  auto s = BlockBuilder()
               .attr("top", Type::string(), O)
               .nested_attr("n", ObjectBuilder(NestingMode::List)
                                     .attr("req", Type::string(), R)
                                     .attr("opt", Type::string(), O)
                                     .attr("comp", Type::string(), C)
                                     .nested_attr("deep", ObjectBuilder(NestingMode::Single)
                                                              .attr("q", Type::boolean(), O)
                                                              .attr("r", Type::boolean(), R),
                                                  R),
                               O)
               .block("b", NestingMode::List,
                      BlockBuilder().nested_attr("x", ObjectBuilder(NestingMode::Single).attr("y", Type::number(), O), O))
               .schema();
  EXPECT_EQ(s->block.spec_type().to_json(),
            R"(["object",{"b":["list",["object",{"x":["object",{"y":"number"},["y"]]}]],)"
            R"("n":["list",["object",{"comp":"string","deep":["object",{"q":"bool","r":"bool"},["q"]],)"
            R"("opt":"string","req":"string"},["comp","opt"]]],"top":"string"}])");
  EXPECT_EQ(implied(s),
            R"(["object",{"b":["list",["object",{"x":["object",{"y":"number"}]}]],)"
            R"("n":["list",["object",{"comp":"string","deep":["object",{"q":"bool","r":"bool"}],)"
            R"("opt":"string","req":"string"}]],"top":"string"}])");
  EXPECT_EQ(s->block.spec_type().without_optional(), s->implied_type());
}

TEST(SchemaImpliedType, NestedAttributeListOrMapWithDynamicStaysTyped) {
  // OpenTofu's Object.specType has no dynamic special case (unlike blocks):
  // list/map nested attributes keep list(object)/map(object) even with a
  // dynamic attribute inside (implied_type.go @ opentofu main).
  auto s = BlockBuilder()
               .nested_attr("l", ObjectBuilder(NestingMode::List).attr("d", Type::dynamic(), O), O)
               .nested_attr("m", ObjectBuilder(NestingMode::Map).attr("d", Type::dynamic(), O), O)
               .schema();
  EXPECT_EQ(implied(s), R"(["object",{"l":["list",["object",{"d":"dynamic"}]],"m":["map",["object",{"d":"dynamic"}]]}])");
}

TEST(SchemaImpliedType, SetNestedAttributeWithDynamicIsASchemaError) {
  expect_schema_error(
      BlockBuilder().nested_attr("s", ObjectBuilder(NestingMode::Set).attr("d", Type::dynamic(), O), O),
      "NestingSet blocks may not contain attributes of cty.DynamicPseudoType", R"(.attributes["s"].nested_type)");
}

TEST(SchemaModel, SortsAndFinds) {
  auto s = BlockBuilder()
               .attr("zeta", Type::string(), O)
               .attr("alpha", Type::string(), O)
               .attr("mid", Type::string(), O)
               .block("yb", NestingMode::List, BlockBuilder())
               .block("ab", NestingMode::List, BlockBuilder())
               .schema();
  ASSERT_EQ(s->block.attributes.size(), 3u);
  EXPECT_EQ(s->block.attributes[0].name, "alpha");
  EXPECT_EQ(s->block.attributes[2].name, "zeta");
  EXPECT_EQ(s->block.block_types[0].type_name, "ab");
  EXPECT_NE(s->block.find_attribute("mid"), nullptr);
  EXPECT_EQ(s->block.find_attribute("nope"), nullptr);
  EXPECT_NE(s->block.find_block("yb"), nullptr);
  EXPECT_EQ(s->block.find_block("zeta"), nullptr);
}

TEST(SchemaModel, FlagsAndDescriptions) {
  Attribute a = make_attribute("pw", Type::string(), O | AttrFlag::Sensitive | AttrFlag::WriteOnly | AttrFlag::Deprecated);
  a.description = "the *password*";
  a.description_kind = DescriptionKind::Markdown;
  auto s = BlockBuilder().attribute(a).description("root", DescriptionKind::Markdown).deprecated().schema();
  const Attribute* pw = s->block.find_attribute("pw");
  ASSERT_NE(pw, nullptr);
  EXPECT_TRUE(pw->optional);
  EXPECT_FALSE(pw->required);
  EXPECT_FALSE(pw->computed);
  EXPECT_TRUE(pw->sensitive);
  EXPECT_TRUE(pw->write_only);
  EXPECT_TRUE(pw->deprecated);
  EXPECT_EQ(pw->description, "the *password*");
  EXPECT_EQ(pw->description_kind, DescriptionKind::Markdown);
  EXPECT_EQ(s->block.description, "root");
  EXPECT_EQ(s->block.description_kind, DescriptionKind::Markdown);
  EXPECT_TRUE(s->block.deprecated);
}

TEST(SchemaModel, Equality) {
  auto mk = [](Type t) { return BlockBuilder().attr("a", t, O).block("b", NestingMode::Set, inner()).schema(1); };
  EXPECT_EQ(*mk(Type::string()), *mk(Type::string()));
  EXPECT_FALSE(*mk(Type::string()) == *mk(Type::number()));
}

TEST(SchemaValidateStructure, AttributeRules) {
  Attribute none = make_attribute("a", Type::string(), AttrFlag::None);
  expect_schema_error(BlockBuilder().attribute(none), "must set Optional, Required or Computed", R"(.attributes["a"])");
  expect_schema_error(BlockBuilder().attr("a", Type::string(), O | R), "cannot set both Optional and Required",
                      R"(.attributes["a"])");
  expect_schema_error(BlockBuilder().attr("a", Type::string(), C | R), "cannot set both Computed and Required",
                      R"(.attributes["a"])");
  Attribute untyped = make_attribute("a", Type::string(), O);
  untyped.type.reset();
  expect_schema_error(BlockBuilder().attribute(untyped), "either Type or NestedType must be defined",
                      R"(.attributes["a"])");
  Attribute both = make_nested_attribute("a", ObjectBuilder(NestingMode::Single).attr("x", Type::string(), O).build(), O);
  both.type = Type::string();
  expect_schema_error(BlockBuilder().attribute(both), "Type and NestedType cannot both be set", R"(.attributes["a"])");
  expect_schema_error(
      BlockBuilder().nested_attr("a", ObjectBuilder(NestingMode::Group).attr("x", Type::string(), O), O),
      "invalid nesting mode", R"(.attributes["a"].nested_type)");
  // Rules apply inside nested attribute objects, with the full path.
  expect_schema_error(BlockBuilder().block(
                          "b", NestingMode::List,
                          BlockBuilder().nested_attr("n", ObjectBuilder(NestingMode::List).attr("x", Type::string(), O | R), O)),
                      "b.n.x: cannot set both Optional and Required",
                      R"(.block_types["b"].block.attributes["n"].nested_type.attributes["x"])");
  expect_schema_error(BlockBuilder().attr("a", Type::string(), O).attr("a", Type::number(), O),
                      "duplicate attribute name", R"(.attributes["a"])");
}

TEST(SchemaValidateStructure, BlockRules) {
  expect_schema_error(BlockBuilder().attr("x", Type::string(), O).block("x", NestingMode::List, inner()),
                      "name defined as both attribute and child block type", R"(.block_types["x"])");
  expect_schema_error(BlockBuilder().block("Bad-Name", NestingMode::List, inner()),
                      "name may contain only lowercase letters, digits and underscores", R"(.block_types["Bad-Name"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::List, inner(), -1, 0),
                      "MinItems and MaxItems must both be greater than zero", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::Single, inner(), 0, 1),
                      "MinItems and MaxItems must match in NestingSingle mode", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::Single, inner(), 2, 2),
                      "must be set to either 0 or 1 in NestingSingle mode", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::Group, inner(), 1, 1),
                      "MinItems and MaxItems cannot be used in NestingGroup mode", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::List, inner(), 3, 2),
                      "MinItems must be less than or equal to MaxItems in NestingList mode", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::Set, inner(), 3, 2),
                      "MinItems must be less than or equal to MaxItems in NestingSet mode", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::Map, inner(), 0, 2),
                      "MinItems and MaxItems must both be 0 in NestingMap mode", R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::Invalid, inner()), "invalid nesting mode",
                      R"(.block_types["b"])");
  expect_schema_error(BlockBuilder().block("b", NestingMode::List, inner()).block("b", NestingMode::Set, inner()),
                      "duplicate block type name", R"(.block_types["b"])");
  // nested path
  expect_schema_error(
      BlockBuilder().block("a", NestingMode::List,
                           BlockBuilder().block("c", NestingMode::Map, BlockBuilder().attr("z", Type::string(), C | R))),
      "a.c.z: cannot set both Computed and Required", R"(.block_types["a"].block.block_types["c"].block.attributes["z"])");
  // Valid edge cases: min > max allowed when max == 0 (unbounded); single 1/1.
  EXPECT_NO_THROW(BlockBuilder().block("b", NestingMode::List, inner(), 5, 0).schema());
  EXPECT_NO_THROW(BlockBuilder().block("b", NestingMode::Single, inner(), 1, 1).schema());
}

TEST(SchemaValidateStructure, NamesEqualAfterNfcAreAnError) {
  // "é" precomposed and decomposed; U+212A KELVIN SIGN, whose NFC is the
  // ASCII "K" (so a non-ASCII name can collide with an ASCII one).
  const std::string nfc = "\xc3\xa9", nfd = "e\xcc\x81", kelvin = "\xe2\x84\xaa";
  expect_schema_error(BlockBuilder().attr(nfc, Type::string(), O).attr(nfd, Type::string(), O),
                      "after Unicode normalization (NFC)", R"(.attributes[")" + nfc + R"("])");
  expect_schema_error(BlockBuilder().attr("K", Type::string(), O).attr(kelvin, Type::string(), O),
                      "after Unicode normalization (NFC)", R"(.attributes[")" + kelvin + R"("])");
  expect_schema_error(
      BlockBuilder().nested_attr("n", ObjectBuilder(NestingMode::Single).attr("K", Type::string(), O).attr(kelvin, Type::string(), O), O),
      "after Unicode normalization (NFC)", R"(.attributes["n"].nested_type.attributes[")" + kelvin + R"("])");
  // Distinct names, ASCII or not, are fine.
  EXPECT_NO_THROW(BlockBuilder().attr("k", Type::string(), O).attr("K", Type::string(), O).attr(nfc, Type::string(), O).schema());
}

TEST(SchemaModel, TooDeepIsALimitError) {
  BlockBuilder b = inner();
  for (int i = 0; i < 1100; ++i) b = std::move(BlockBuilder().block("n", NestingMode::Single, std::move(b)));
  try {
    std::move(b).schema();
    FAIL() << "expected a limit error";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit);
  }
}

TEST(SchemaModel, SharedAcrossThreads) {
  auto s = BlockBuilder()
               .attr("a", Type::string(), O)
               .block("l", NestingMode::List, inner())
               .schema();
  std::string want = implied(s);
  std::vector<std::thread> ts;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&, t] {
      SchemaPtr mine = s;  // copies of the handle
      for (int i = 0; i < 2000; ++i) ok[t] += mine->implied_type().to_json() == want;
    });
  for (auto& t : ts) t.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(ok[t], 2000);
}

TEST(SchemaSelector, Parse) {
  EXPECT_EQ(BlockSelector::parse("provider").kind, BlockKind::Provider);
  auto r = BlockSelector::parse("resource:aws_instance");
  EXPECT_EQ(r.kind, BlockKind::Resource);
  EXPECT_EQ(r.name, "aws_instance");
  EXPECT_EQ(BlockSelector::parse("data:aws_ami").kind, BlockKind::DataSource);
  EXPECT_EQ(BlockSelector::parse("ephemeral:aws_secret").kind, BlockKind::EphemeralResource);
  EXPECT_EQ(BlockSelector::parse("data:x").to_string(), "data:x");
  for (const char* bad : {"", "resource", "resource:", "datasource:x", "providers", ":x"}) {
    try {
      BlockSelector::parse(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), Status::InvalidArg);
    }
  }
}
