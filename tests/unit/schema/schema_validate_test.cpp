// Schema-aware validation of values (validate / require_valid).
#include <gtest/gtest.h>

#include "schema/schema.hpp"

using namespace dynval;

namespace {

constexpr AttrFlag O = AttrFlag::Optional;
constexpr AttrFlag R = AttrFlag::Required;
constexpr AttrFlag C = AttrFlag::Computed;

Value str(const char* s) { return Value::string(s); }
Value num(int64_t n) { return Value::number(Number::from_int64(n)); }

// resource schema used throughout:
//   name   string required
//   note   string optional
//   net    nested list attribute { ip string required, port number optional }
//   disk   list block (1..2) { size number required }
//   rule   set block (0..1)  { port number optional }
//   opts   group block       { x bool optional }
//   one    single block min 1 { v string optional }
//   m      map block         { k string required }
SchemaPtr schema() {
  return BlockBuilder()
      .attr("name", Type::string(), R)
      .attr("note", Type::string(), O)
      .nested_attr("net", ObjectBuilder(NestingMode::List).attr("ip", Type::string(), R).attr("port", Type::number(), O),
                   O)
      .block("disk", NestingMode::List, BlockBuilder().attr("size", Type::number(), R), 1, 2)
      .block("rule", NestingMode::Set, BlockBuilder().attr("port", Type::number(), O), 0, 1)
      .block("opts", NestingMode::Group, BlockBuilder().attr("x", Type::boolean(), O))
      .block("one", NestingMode::Single, BlockBuilder().attr("v", Type::string(), O), 1, 1)
      .block("m", NestingMode::Map, BlockBuilder().attr("k", Type::string(), R))
      .schema();
}

struct Parts {
  Value name = str("n");
  Value note = Value::null(Type::string());
  Value net;
  Value disk;
  Value rule;
  Value opts;
  Value one;
  Value m;
};

Type net_elem() { return Type::object({{"ip", Type::string(), false}, {"port", Type::number(), false}}); }
Type disk_elem() { return Type::object({{"size", Type::number(), false}}); }
Type rule_elem() { return Type::object({{"port", Type::number(), false}}); }
Type m_elem() { return Type::object({{"k", Type::string(), false}}); }

Parts good() {
  Parts p;
  p.net = Value::list(net_elem(), {Value::object({{"ip", str("10.0.0.1")}, {"port", num(22)}})});
  p.disk = Value::list(disk_elem(), {Value::object({{"size", num(8)}})});
  p.rule = Value::set(rule_elem(), {});
  p.opts = Value::object({{"x", Value::null(Type::boolean())}});
  p.one = Value::object({{"v", str("v")}});
  p.m = Value::map(m_elem(), {{"a", Value::object({{"k", str("k")}})}});
  return p;
}

Value build(const Parts& p) {
  return Value::object({{"name", p.name},
                        {"note", p.note},
                        {"net", p.net},
                        {"disk", p.disk},
                        {"rule", p.rule},
                        {"opts", p.opts},
                        {"one", p.one},
                        {"m", p.m}});
}

std::vector<std::string> errors_of(const Parts& p) {
  std::vector<std::string> out;
  for (const Error& e : validate(*schema(), build(p)))
    out.push_back(std::string(status_name(e.status())) + " " + path_string(e.path()));
  return out;
}

}  // namespace

TEST(SchemaValidate, GoodValuePasses) {
  auto s = schema();
  Value v = build(good());
  EXPECT_EQ(v.type(), s->implied_type());
  EXPECT_TRUE(validate(*s, v).empty());
  EXPECT_NO_THROW(require_valid(*s, v));
  EXPECT_TRUE(validate(*s, Value::null(s->implied_type())).empty());
  EXPECT_TRUE(validate(*s, Value::unknown(s->implied_type())).empty());
}

TEST(SchemaValidate, RequiredAttributes) {
  Parts p = good();
  p.name = Value::null(Type::string());
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .name"});
  p.name = Value::unknown(Type::string());  // unknown passes
  EXPECT_TRUE(errors_of(p).empty());
  // required inside a nested attribute object, with the element path
  p = good();
  p.net = Value::list(net_elem(), {Value::object({{"ip", str("a")}, {"port", num(1)}}),
                                   Value::object({{"ip", Value::null(Type::string())}, {"port", num(2)}})});
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .net[1].ip"});
  // a null nested attribute that is optional is fine
  p.net = Value::null(Type::list(net_elem()));
  EXPECT_TRUE(errors_of(p).empty());
  // required inside a block
  p = good();
  p.disk = Value::list(disk_elem(), {Value::object({{"size", Value::null(Type::number())}})});
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .disk[0].size"});
  p.m = Value::map(m_elem(), {{"key", Value::object({{"k", Value::null(Type::string())}})}});
  EXPECT_EQ(errors_of(p).size(), 2u);
  EXPECT_EQ(errors_of(p)[1], std::string(status_name(Status::Schema)) + " .m[\"key\"].k");
}

TEST(SchemaValidate, MinMaxItems) {
  Parts p = good();
  p.disk = Value::list(disk_elem(), {});
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .disk"});
  p.disk = Value::null(Type::list(disk_elem()));  // null counts as no blocks
  EXPECT_EQ(errors_of(p).size(), 1u);
  Value d = Value::object({{"size", num(1)}});
  p.disk = Value::list(disk_elem(), {d, d, d});
  auto errs = validate(*schema(), build(p));
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_NE(errs[0].message().find("at most 2"), std::string::npos) << errs[0].message();
  // unknowns anywhere in the collection skip the count check
  p.disk = Value::list(disk_elem(), {d, d, Value::object({{"size", Value::unknown(Type::number())}})});
  EXPECT_TRUE(errors_of(p).empty());
  p.disk = Value::unknown(Type::list(disk_elem()));
  EXPECT_TRUE(errors_of(p).empty());
  // set block max 1
  p = good();
  p.rule = Value::set(rule_elem(), {Value::object({{"port", num(1)}}), Value::object({{"port", num(2)}})});
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .rule"});
  p.rule = Value::set(rule_elem(), {Value::object({{"port", num(1)}}), Value::object({{"port", Value::unknown(Type::number())}})});
  EXPECT_TRUE(errors_of(p).empty());
}

TEST(SchemaValidate, GroupAndSingle) {
  Parts p = good();
  p.opts = Value::null(Type::object({{"x", Type::boolean(), false}}));
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .opts"});
  p.opts = Value::unknown(Type::object({{"x", Type::boolean(), false}}));
  EXPECT_TRUE(errors_of(p).empty());
  p = good();
  p.one = Value::null(Type::object({{"v", Type::string(), false}}));  // min_items 1
  EXPECT_EQ(errors_of(p), std::vector<std::string>{std::string(status_name(Status::Schema)) + " .one"});
}

TEST(SchemaValidate, ShapeMismatch) {
  auto s = schema();
  auto errs = validate(*s, Value::object({{"name", str("x")}}));
  ASSERT_FALSE(errs.empty());
  EXPECT_EQ(errs[0].status(), Status::TypeMismatch);
  EXPECT_THROW(require_valid(*s, Value::object({{"name", str("x")}})), Error);
  errs = validate(*s, str("not an object"));
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0].status(), Status::TypeMismatch);
}

TEST(SchemaValidate, DynamicListBlockIsATuple) {
  // A LIST block with dynamic content has type dynamic; its value is a tuple
  // of objects and min/max still apply.
  auto s = BlockBuilder()
               .block("b", NestingMode::List, BlockBuilder().attr("d", Type::dynamic(), O).attr("r", Type::string(), R), 1, 0)
               .schema();
  ASSERT_EQ(s->implied_type().to_json(), R"(["object",{"b":"dynamic"}])");
  Value ok = Value::object({{"b", Value::tuple({Value::object({{"d", num(1)}, {"r", str("x")}}),
                                               Value::object({{"d", str("s")}, {"r", str("y")}})})}});
  EXPECT_TRUE(validate(*s, ok).empty());
  Value bad = Value::object({{"b", Value::tuple({Value::object({{"d", num(1)}, {"r", Value::null(Type::string())}})})}});
  auto errs = validate(*s, bad);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(path_string(errs[0].path()), ".b[0].r");
  Value empty = Value::object({{"b", Value::empty_tuple()}});
  EXPECT_EQ(validate(*s, empty).size(), 1u);
  (void)C;
}
