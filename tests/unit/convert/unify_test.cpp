// convert::unify against go-cty v1.18.1's convert.Unify / UnifyUnsafe
// (cases after cty/convert/unify_test.go).
#include "helpers.hpp"

#include <vector>

namespace {

using namespace cvtest;

// "TYPE JSON [flags]" or "none".
std::string uni(std::vector<std::string_view> types, bool unsafe = false) {
  std::vector<Type> ts;
  for (auto j : types) ts.push_back(T(j));
  std::vector<bool> convs;
  std::optional<Type> u = convert::unify(ts, unsafe, &convs);
  if (!u) return "none";
  std::string out = u->to_json() + " ";
  for (bool c : convs) out += c ? '1' : '0';
  return out;
}

TEST(Unify, Primitives) {
  EXPECT_EQ(uni({"\"number\"", "\"string\""}), "\"string\" 10");
  EXPECT_EQ(uni({"\"bool\"", "\"string\"", "\"number\""}), "\"string\" 101");
  EXPECT_EQ(uni({"\"number\"", "\"number\""}), "\"number\" 00");
  EXPECT_EQ(uni({"\"number\"", "\"bool\""}), "none");
  EXPECT_EQ(uni({}), "none");
}

TEST(Unify, Dynamic) {
  // Safe: nothing converts from dynamic but to dynamic, so dynamic wins.
  EXPECT_EQ(uni({"\"dynamic\"", "\"string\""}), "\"dynamic\" 01");
  EXPECT_EQ(uni({"\"dynamic\"", "\"string\""}, true), "\"string\" 10");
  EXPECT_EQ(uni({"\"dynamic\"", "\"dynamic\""}), "\"dynamic\" 00");
  // A dynamic beside collections makes the whole result dynamic.
  EXPECT_EQ(uni({"[\"list\",\"string\"]", "\"dynamic\""}), "\"dynamic\" 11");
}

TEST(Unify, Collections) {
  EXPECT_EQ(uni({"[\"list\",\"number\"]", "[\"list\",\"string\"]"}), "[\"list\",\"string\"] 10");
  EXPECT_EQ(uni({"[\"map\",\"bool\"]", "[\"map\",\"number\"]"}), "none");
  EXPECT_EQ(uni({"[\"set\",\"number\"]", "[\"set\",\"string\"]"}), "[\"set\",\"string\"] 10");
  // Tuples unify with lists as lists, objects with maps as maps.
  EXPECT_EQ(uni({"[\"tuple\",[\"string\",\"number\"]]", "[\"list\",\"string\"]"}), "[\"list\",\"string\"] 10");
  EXPECT_EQ(uni({"[\"object\",{\"a\":\"number\"}]", "[\"map\",\"string\"]"}), "[\"map\",\"string\"] 10");
}

TEST(Unify, Structural) {
  EXPECT_EQ(uni({"[\"object\",{\"a\":\"string\"}]", "[\"object\",{\"a\":\"number\"}]"}),
            "[\"object\",{\"a\":\"string\"}] 01");
  // Different attribute names: a map of the unified attribute types.
  EXPECT_EQ(uni({"[\"object\",{\"a\":\"string\"}]", "[\"object\",{\"b\":\"number\"}]"}), "[\"map\",\"string\"] 11");
  EXPECT_EQ(uni({"[\"tuple\",[\"string\"]]", "[\"tuple\",[\"number\"]]"}), "[\"tuple\",[\"string\"]] 01");
  EXPECT_EQ(uni({"[\"tuple\",[\"string\"]]", "[\"tuple\",[\"number\",\"bool\"]]"}), "[\"list\",\"string\"] 11");
  EXPECT_EQ(uni({"[\"tuple\",[]]", "[\"tuple\",[]]"}), "[\"tuple\",[]] 00");
  EXPECT_EQ(uni({"[\"tuple\",[]]", "[\"tuple\",[\"bool\"]]"}), "[\"list\",\"bool\"] 11");
  EXPECT_EQ(uni({"[\"object\",{}]", "[\"tuple\",[]]"}), "none");
}

}  // namespace
