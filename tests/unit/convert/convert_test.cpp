// convert::convert and convert::mismatch_message, case by case against what
// go-cty v1.18.1's convert.Convert returns for the same input (the cases
// follow cty/convert/public_test.go and mismatch_msg_test.go; the random
// cross-check in tests/conformance covers the rest).
#include "helpers.hpp"

#include <string>

namespace {

using namespace cvtest;

TEST(Convert, Primitives) {
  EXPECT_EQ(conv(V("5", "\"number\""), "\"string\""), "\"string\" \"5\"");
  EXPECT_EQ(conv(V("1.5e3", "\"number\""), "\"string\""), "\"string\" \"1500\"");
  EXPECT_EQ(conv(V("true", "\"bool\""), "\"string\""), "\"string\" \"true\"");
  EXPECT_EQ(conv(V("\"12.5\"", "\"string\""), "\"number\""), "\"number\" 12.5");
  EXPECT_EQ(conv(V("\"1\"", "\"string\""), "\"bool\""), "\"bool\" true");
  EXPECT_EQ(conv(V("\"false\"", "\"string\""), "\"bool\""), "\"bool\" false");
  EXPECT_EQ(conv(V("\"hello\"", "\"string\""), "\"number\""), "error: a number is required");
  EXPECT_EQ(conv(V("\"tRUE\"", "\"string\""), "\"bool\""),
            "error: a bool is required; to convert from string, use lowercase \"true\"");
  EXPECT_EQ(conv(V("\"FALSE\"", "\"string\""), "\"bool\""),
            "error: a bool is required; to convert from string, use lowercase \"false\"");
  EXPECT_EQ(conv(V("\"yes\"", "\"string\""), "\"bool\""), "error: a bool is required");
  // No conversion between number and bool.
  EXPECT_EQ(conv(V("1", "\"number\""), "\"bool\""), "error: bool required, but have number");
  EXPECT_EQ(conv(V("true", "\"bool\""), "\"number\""), "error: number required, but have bool");
}

TEST(Convert, SafeOnlyRefusesUnsafeConversions) {
  EXPECT_EQ(conv(V("\"1\"", "\"string\""), "\"number\"", false), "error: number required");
  EXPECT_EQ(conv(V("5", "\"number\""), "\"string\"", false), "\"string\" \"5\"");
  // (go-cty's message for it is odd, but it is go-cty's.)
  EXPECT_EQ(conv(V("[\"a\"]", "[\"list\",\"string\"]"), "[\"set\",\"string\"]", false),
            "error: incorrect set element type: string required, but have string");
  EXPECT_EQ(conv(V("{\"a\":\"x\"}", "[\"map\",\"string\"]"), "[\"object\",{\"a\":\"string\"}]", false),
            "error: object required");
  EXPECT_FALSE(convert::convertible(Type::string(), Type::number(), false));
  EXPECT_TRUE(convert::convertible(Type::string(), Type::number(), true));
  // As in go-cty, equal primitive types have no "conversion".
  EXPECT_FALSE(convert::convertible(Type::string(), Type::string(), true));
}

TEST(Convert, StringToNumberHasADigitLimit) {
  // go-cty parses this for 31 s; the one text->number function refuses it.
  try {
    convert::convert(Value::string("1e1000000"), Type::number());
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit);
  }
  EXPECT_EQ(conv(V("\"1e9000\"", "\"string\""), "\"number\"").substr(0, 9), "\"number\" ");
  // Beyond big.Float's exponent range: go-cty's refusal.
  EXPECT_EQ(conv(V("\"1e99999999999\"", "\"string\""), "\"number\""), "error: a number is required");
}

TEST(Convert, Collections) {
  // list -> set: deduplicated, go-cty's order.
  EXPECT_EQ(conv(V("[\"b\",\"a\",\"b\"]", "[\"list\",\"string\"]"), "[\"set\",\"string\"]"),
            "[\"set\",\"string\"] [\"a\",\"b\"]");
  EXPECT_EQ(conv(V("[2,1]", "[\"set\",\"number\"]"), "[\"list\",\"string\"]"),
            "[\"list\",\"string\"] [\"1\",\"2\"]");
  EXPECT_EQ(conv(V("{\"a\":1}", "[\"map\",\"number\"]"), "[\"map\",\"string\"]"),
            "[\"map\",\"string\"] {\"a\":\"1\"}");
  // Element errors carry the element's path.
  EXPECT_EQ(conv(V("[\"1\",\"x\"]", "[\"list\",\"string\"]"), "[\"list\",\"number\"]"),
            "error: a number is required at [1]");
  EXPECT_EQ(conv(V("{\"k\":\"x\"}", "[\"map\",\"string\"]"), "[\"map\",\"bool\"]"),
            "error: a bool is required at [\"k\"]");
  // Empty collections keep a concrete element type over dynamic.
  EXPECT_EQ(conv(V("[]", "[\"list\",\"string\"]"), "[\"set\",\"dynamic\"]"), "[\"set\",\"string\"] []");
  EXPECT_EQ(conv(V("[]", "[\"set\",\"number\"]"), "[\"list\",\"string\"]"), "[\"list\",\"string\"] []");
}

TEST(Convert, TuplesAndObjects) {
  EXPECT_EQ(conv(V("[1,\"x\",true]", "[\"tuple\",[\"number\",\"string\",\"bool\"]]"), "[\"list\",\"string\"]"),
            "[\"list\",\"string\"] [\"1\",\"x\",\"true\"]");
  // To list(dynamic): the tuple's element types are unified first.
  EXPECT_EQ(conv(V("[1,\"x\"]", "[\"tuple\",[\"number\",\"string\"]]"), "[\"list\",\"dynamic\"]"),
            "[\"list\",\"string\"] [\"1\",\"x\"]");
  EXPECT_EQ(conv(V("[1,{}]", "[\"tuple\",[\"number\",[\"object\",{}]]]"), "[\"list\",\"dynamic\"]"),
            "error: all list elements must have the same type");
  EXPECT_EQ(conv(V("[2,\"2\"]", "[\"tuple\",[\"number\",\"string\"]]"), "[\"set\",\"number\"]"),
            "[\"set\",\"number\"] [2]");
  EXPECT_EQ(conv(V("[]", "[\"tuple\",[]]"), "[\"list\",\"string\"]"), "[\"list\",\"string\"] []");
  EXPECT_EQ(conv(V("[1,\"a\"]", "[\"tuple\",[\"number\",\"string\"]]"), "[\"tuple\",[\"string\",\"string\"]]"),
            "[\"tuple\",[\"string\",\"string\"]] [\"1\",\"a\"]");
  EXPECT_EQ(conv(V("[1]", "[\"tuple\",[\"number\"]]"), "[\"tuple\",[\"number\",\"number\"]]"), "error: tuple required");
  // object -> map, map(dynamic) unifies the attribute types.
  EXPECT_EQ(conv(V("{\"a\":1,\"b\":\"x\"}", "[\"object\",{\"a\":\"number\",\"b\":\"string\"}]"),
                 "[\"map\",\"dynamic\"]"),
            "[\"map\",\"string\"] {\"a\":\"1\",\"b\":\"x\"}");
  EXPECT_EQ(conv(V("{\"a\":true}", "[\"object\",{\"a\":\"bool\"}]"), "[\"map\",\"number\"]"),
            "error: element \"a\": number required, but have bool");
  // object -> object: extra attributes dropped, absent optional ones null.
  EXPECT_EQ(conv(V("{\"a\":7,\"z\":true}", "[\"object\",{\"a\":\"number\",\"z\":\"bool\"}]"),
                 "[\"object\",{\"a\":\"string\",\"b\":[\"list\",\"number\"]},[\"b\"]]"),
            "[\"object\",{\"a\":\"string\",\"b\":[\"list\",\"number\"]}] {\"a\":\"7\",\"b\":null}");
  EXPECT_EQ(conv(V("{\"a\":\"x\"}", "[\"object\",{\"a\":\"string\"}]"), "[\"object\",{\"a\":\"number\"}]"),
            "error: a number is required at .a");
  // map -> object (unsafe): keys without an attribute are skipped.
  EXPECT_EQ(conv(V("{\"a\":\"1\",\"q\":\"z\"}", "[\"map\",\"string\"]"),
                 "[\"object\",{\"a\":\"number\",\"b\":\"string\"},[\"b\"]]"),
            "[\"object\",{\"a\":\"number\",\"b\":\"string\"}] {\"a\":1,\"b\":null}");
  EXPECT_EQ(conv(V("{\"a\":\"1\"}", "[\"map\",\"string\"]"), "[\"object\",{\"a\":\"number\",\"c\":\"string\"}]"),
            "error: map has no element for required attribute \"c\"");
  // An optional attribute whose type the map cannot convert to fails only
  // when the map has that key.
  EXPECT_EQ(conv(V("{\"a\":\"1\"}", "[\"map\",\"string\"]"),
                 "[\"object\",{\"a\":\"string\",\"o\":[\"list\",\"string\"]},[\"o\"]]"),
            "[\"object\",{\"a\":\"string\",\"o\":[\"list\",\"string\"]}] {\"a\":\"1\",\"o\":null}");
  EXPECT_EQ(conv(V("{\"o\":\"1\"}", "[\"map\",\"string\"]"),
                 "[\"object\",{\"o\":[\"list\",\"string\"]},[\"o\"]]"),
            "error: map element type is incompatible with attribute \"o\": list of string required, but have string");
}

TEST(Convert, DynamicTargetsPassValuesThrough) {
  EXPECT_EQ(conv(V("[1]", "[\"list\",\"number\"]"), "\"dynamic\""), "[\"list\",\"number\"] [1]");
  EXPECT_EQ(conv(V("{\"a\":1,\"b\":\"x\"}", "[\"object\",{\"a\":\"number\",\"b\":\"string\"}]"),
                 "[\"object\",{\"a\":\"dynamic\"}]"),
            "[\"object\",{\"a\":\"number\"}] {\"a\":1}");
}

TEST(Convert, NullsAndUnknowns) {
  // Null and unknown convert to null and unknown of the target, with the
  // target's dynamic positions filled from the source.
  EXPECT_EQ(conv(Value::null(T("[\"tuple\",[\"string\"]]")), "[\"list\",\"string\"]"), "[\"list\",\"string\"] null");
  EXPECT_EQ(conv(Value::null(Type::dynamic()), "[\"list\",\"string\"]"), "[\"list\",\"string\"] null");
  EXPECT_EQ(conv(Value::unknown(Type::dynamic()), "\"string\""), "\"string\" unknown");
  EXPECT_EQ(conv(Value::null(T("[\"list\",\"number\"]")), "[\"set\",\"dynamic\"]"), "[\"set\",\"number\"] null");
  // But only where a conversion exists for the types.
  EXPECT_EQ(conv(Value::null(Type::number()), "\"bool\""), "error: bool required, but have number");
  // A null or unknown map to an object with an optional tuple attribute:
  // go-cty panics ("TupleElementType on non-tuple Type"); a conversion
  // error here (found by fuzz_ops; it was an internal error).
  const char* opt_tuple = "[\"object\",{\"a\":[\"tuple\",[\"bool\"]]},[\"a\"]]";
  for (const Value& v : {Value::null(T("[\"map\",\"number\"]")), Value::unknown(T("[\"map\",\"number\"]"))}) {
    EXPECT_EQ(conv(v, opt_tuple), "error: a null or unknown number cannot become a value of type tuple");
  }

  Refinements r;
  r.not_null = true;
  r.len_min = 2;
  r.len_max = 5;
  // list -> set: at least one element, at most as many.
  Value u = convert::convert(Value::unknown_refined(T("[\"list\",\"string\"]"), r), T("[\"set\",\"string\"]"));
  ASSERT_FALSE(u.is_known());
  EXPECT_TRUE(u.refinements().not_null);
  EXPECT_EQ(u.refinements().len_min, 1);
  EXPECT_EQ(u.refinements().len_max, 5);
  // set -> list keeps both bounds; number -> string keeps only not-null.
  u = convert::convert(Value::unknown_refined(T("[\"set\",\"number\"]"), r), T("[\"list\",\"string\"]"));
  EXPECT_EQ(u.refinements().len_min, 2);
  EXPECT_EQ(u.refinements().len_max, 5);
  Refinements nr;
  nr.not_null = true;
  nr.lower = NumberBound{Number::from_int64(1), true};
  u = convert::convert(Value::unknown_refined(Type::number(), nr), Type::string());
  EXPECT_TRUE(u.refinements().not_null);
  EXPECT_FALSE(u.refinements().lower.has_value());
  // An unknown tuple converted to a set has 1..n elements; to a list, a
  // known length, so a not-null one becomes a known list of unknowns.
  const Type tup = T("[\"tuple\",[\"string\",\"string\",\"string\"]]");
  u = convert::convert(Value::unknown(tup), T("[\"set\",\"string\"]"));
  EXPECT_FALSE(u.refinements().not_null);
  EXPECT_EQ(u.refinements().len_min, 1);
  EXPECT_EQ(u.refinements().len_max, 3);
  Refinements only_nn;
  only_nn.not_null = true;
  u = convert::convert(Value::unknown_refined(tup, only_nn), T("[\"list\",\"string\"]"));
  ASSERT_TRUE(u.is_known());
  EXPECT_EQ(u.length(), 3u);
  EXPECT_FALSE(u.at(0).is_known());
  // A set holding an unknown has no known length: converting it to a list
  // gives an unknown list of the set's element type (as go-cty does).
  Value s = Value::set(Type::string(), {Value::string("a"), Value::unknown(Type::string())});
  u = convert::convert(s, T("[\"list\",\"number\"]"));
  EXPECT_FALSE(u.is_known());
  EXPECT_EQ(u.type(), T("[\"list\",\"string\"]"));
}

TEST(Convert, EqualTypeReturnsTheValue) {
  const Value v = V("{\"a\":[1]}", "[\"object\",{\"a\":[\"list\",\"number\"]}]");
  EXPECT_TRUE(convert::convert(v, T("[\"object\",{\"a\":[\"list\",\"number\"]},[\"a\"]]")).raw_equals(v));
}

TEST(MismatchMessage, GoCtyTexts) {
  using convert::mismatch_message;
  EXPECT_EQ(mismatch_message(T("[\"object\",{}]"), T("[\"object\",{\"a\":\"string\"}]")),
            "attribute \"a\" is required");
  EXPECT_EQ(mismatch_message(T("[\"object\",{}]"), T("[\"object\",{\"b\":\"string\",\"a\":\"string\"}]")),
            "attributes \"a\" and \"b\" are required");
  EXPECT_EQ(mismatch_message(T("[\"object\",{}]"),
                             T("[\"object\",{\"c\":\"string\",\"b\":\"string\",\"a\":\"string\"}]")),
            "attributes \"a\", \"b\", and \"c\" are required");
  EXPECT_EQ(mismatch_message(T("[\"object\",{\"a\":\"bool\"}]"), T("[\"object\",{\"a\":\"number\"}]")),
            "attribute \"a\": number required, but have bool");
  EXPECT_EQ(mismatch_message(T("[\"list\",\"number\"]"), T("[\"list\",\"bool\"]")),
            "incorrect list element type: bool required, but have number");
  EXPECT_EQ(mismatch_message(T("[\"list\",\"string\"]"), T("[\"map\",\"string\"]")), "map of string required");
  EXPECT_EQ(mismatch_message(T("[\"list\",\"string\"]"), T("[\"set\",\"dynamic\"]")),
            "incorrect set element type: dynamic required, but have string");
  EXPECT_EQ(mismatch_message(T("[\"tuple\",[\"bool\"]]"), T("[\"list\",\"number\"]")),
            "element 0: number required, but have bool");
  EXPECT_EQ(mismatch_message(T("[\"tuple\",[]]"), T("[\"object\",{}]")), "object required, but have tuple");
  EXPECT_EQ(mismatch_message(Type::string(), T("[\"list\",\"string\"]")),
            "list of string required, but have string");
  EXPECT_EQ(mismatch_message(T("[\"map\",\"string\"]"), T("[\"list\",\"dynamic\"]")),
            "list of any single type required");
  EXPECT_EQ(mismatch_message(Type::string(), Type::number()), "number required");
}

TEST(ImpliedType, GoCtyRules) {
  EXPECT_EQ(Type::implied_from_json("{\"b\":[1,\"x\",null,true],\"a\":{}}").to_json(),
            "[\"object\",{\"a\":[\"object\",{}],\"b\":[\"tuple\",[\"number\",\"string\",\"dynamic\",\"bool\"]]}]");
  EXPECT_EQ(Type::implied_from_json(" [] ").to_json(), "[\"tuple\",[]]");
  EXPECT_EQ(Type::implied_from_json("null").to_json(), "\"dynamic\"");
  // UseNumber: a number too large for float64 is still a number.
  EXPECT_EQ(Type::implied_from_json("1e999").to_json(), "\"number\"");
  // The same key twice with the same type is allowed; with another type not.
  EXPECT_EQ(Type::implied_from_json("{\"a\":1,\"a\":2}").to_json(), "[\"object\",{\"a\":\"number\"}]");
  // Errors: go-cty's (Go encoding/json Decoder.Token's) messages.
  auto err = [](std::string_view j) {
    try {
      Type::implied_from_json(j);
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), Status::Parse) << j;
      return e.message() + " @" + std::to_string(e.offset());
    }
    return std::string("no error");
  };
  EXPECT_EQ(err("{\"a\":1,\"a\":\"x\"}"), "duplicate \"a\" property in JSON object @7");
  EXPECT_EQ(err("[1 2]"), "invalid character '2' after array element @3");
  EXPECT_EQ(err("{\"a\" 1}"), "invalid character '1' after object key @5");
  EXPECT_EQ(err("{1:2}"), "invalid character '1' @1");
  EXPECT_EQ(err("{,}"), "invalid character ',' @1");
  EXPECT_EQ(err("[1,]"), "invalid character ']' looking for beginning of value @3");
  EXPECT_EQ(err("]"), "invalid character ']' looking for beginning of value @0");
  EXPECT_EQ(err("{\"a\":1,}"), "invalid character '}' looking for beginning of object key string @7");
  EXPECT_EQ(err("{\"a\":1 \"b\"}"), "invalid character '\"' after object key:value pair @7");
  EXPECT_EQ(err("[1"), "EOF @2");
  EXPECT_EQ(err("{\"a\""), "EOF @4");
  EXPECT_EQ(err("\"abc"), "unexpected EOF @4");
  EXPECT_EQ(err("nul"), "unexpected EOF @3");
  EXPECT_EQ(err("[tru]"), "invalid character ']' in literal true (expecting 'e') @4");
  EXPECT_EQ(err("[1.]"), "invalid character ']' after decimal point in numeric literal @3");
  EXPECT_EQ(err("[true false]"), "invalid character 'f' after array element @6");
  EXPECT_EQ(err("1 x"), "extraneous data after JSON object @2");
  EXPECT_EQ(err("01"), "extraneous data after JSON object @1");
  EXPECT_EQ(err(""), "EOF @0");
  // Trailing "]" is not "more" data for Go's Decoder.More.
  EXPECT_EQ(Type::implied_from_json("1 ]").to_json(), "\"number\"");
  try {
    Type::implied_from_json(std::string(2000, '['));
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Limit);
  }
}

}  // namespace
