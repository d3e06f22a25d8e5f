// Unit tests of the JSON codec (src/codec/json_*.cpp) against go-cty v1.18.1:
// every JS and UJ row of tests/data/gocty-vectors.txt, go-cty's own
// cty/json/value_test.go cases, and the error / hardening behaviour.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "codec/codec.hpp"
#include "codec/json_decode.hpp"
#include "common/golden.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

using namespace dynval;
using dynval::codec::DecodeOptions;
using dynval::codec::json_decode;
using dynval::codec::json_encode;
using dynval::codec::Trailing;

namespace {

// ---- helpers ----

std::string enc(const Value& v, const Type& t) {
  std::string out;
  json_encode(out, v, t);
  return out;
}

Value dec(std::string_view in, const Type& t, const DecodeOptions& o = {}) { return json_decode(in, t, o); }

// Runs f, which must throw dynval::Error; returns it.
Error expect_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error thrown";
  return Error(Status::Ok, "");
}

Error enc_err(const Value& v, const Type& t) {
  return expect_error([&] { (void)enc(v, t); });
}
Error dec_err(std::string_view in, const Type& t, const DecodeOptions& o = {}) {
  return expect_error([&] { (void)dec(in, t, o); });
}

::testing::AssertionResult same_value(const Value& got, const Value& want) {
  if (got.raw_equals(want)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << got.go_string() << "\nwant " << want.go_string();
}

Value S(std::string_view s) { return Value::string(s); }
Value I(int64_t i) { return Value::number(Number::from_int64(i)); }
Value F(double d) { return Value::number(Number::from_double(d)); }
Value P(std::string_view s) {
  auto n = Number::parse(s);
  if (!n) throw std::runtime_error("bad number in test: " + std::string(s));
  return Value::number(*n);
}
Value B(bool b) { return Value::boolean(b); }

Type T_S() { return Type::string(); }
Type T_N() { return Type::number(); }
Type T_B() { return Type::boolean(); }
Type T_D() { return Type::dynamic(); }
Type Obj(std::vector<std::pair<std::string, Type>> attrs) {
  std::vector<Type::AttrSpec> specs;
  for (auto& a : attrs) specs.push_back({a.first, a.second, false});
  return Type::object(std::move(specs));
}
Value ObjV(std::vector<std::pair<std::string, Value>> attrs) { return Value::object(std::move(attrs)); }

using dynval::test::GoldenRow;
using dynval::test::gocty_rows;

struct EncCase {
  std::function<Value()> value;
  Type type;
};

// The value each JS label describes (as printed by the vector generator).
std::map<std::string, EncCase> js_cases() {
  std::map<std::string, EncCase> m;
  auto num = [&](const std::string& label, std::function<Value()> f) { m[label] = {std::move(f), T_N()}; };
  m["str empty"] = {[] { return S(""); }, T_S()};
  m["str hello"] = {[] { return S("hello"); }, T_S()};
  m["str 31"] = {[] { return S(std::string(31, 'a')); }, T_S()};
  m["str NFC e+U+0301"] = {[] { return S("e\xcc\x81"); }, T_S()};
  m["str escapes"] = {[] { return S("<>&\xe2\x80\xa8\xe2\x80\xa9\"\\\n\r\t\b\f\x01\x7f\xc3\xa9\xf0\x9f\x98\x80"); }, T_S()};
  m["str invalid utf8"] = {[] { return S("a\xff" "b"); }, T_S()};
  for (const char* p :
       {"0", "1", "127", "128", "255", "256", "65535", "65536", "4294967295", "4294967296", "-1", "-32", "-33",
        "-128", "-129", "-32768", "-32769", "-2147483648", "-2147483649", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "0.5", "0.1", "0.8", "1.5", "-2.25", "1e100", "1e-7",
        "123456789012345678901234567890.5", "100000000000000000000", "1e21",
        "3.14159265358979323846264338327950288419716939937510", "1p4", ".5", "5.", "+7", "-0", "Inf", "-inf",
        "1e400", "0.1e-3"}) {
    std::string s = p;
    num(std::string("parse ") + p, [s] { return P(s); });
  }
  num("float 0.1", [] { return F(0.1); });
  num("float 1e23", [] { return F(1e23); });
  num("float 2^53", [] { return F(9007199254740992.0); });
  num("float -0", [] { return F(-0.0); });
  num("float 1e-320 subnormal", [] { return F(1e-320); });
  num("float 0.3", [] { return F(0.3); });
  num("float 0.1+0.2", [] { return F(0.1 + 0.2); });  // binary64 sum: 0.30000000000000004
  num("float 1e21", [] { return F(1e21); });
  num("float 123.456", [] { return F(123.456); });
  num("float 5e-324", [] { return F(5e-324); });
  num("+Inf", [] { return Value::number(Number::infinity(false)); });
  num("-Inf", [] { return Value::number(Number::infinity(true)); });
  num("uint max", [] { return Value::number(Number::from_uint64(UINT64_MAX)); });
  num("bigfloat prec 10 of 1/3", [] { return Value::number(*Number::parse_prec("0.333333333333333333", 10)); });
  num("int64 from NumberIntVal(-5)", [] { return I(-5); });
  m["true"] = {[] { return B(true); }, T_B()};
  m["false"] = {[] { return B(false); }, T_B()};
  m["null string"] = {[] { return Value::null(T_S()); }, T_S()};
  m["null list"] = {[] { return Value::null(Type::list(T_S())); }, Type::list(T_S())};
  m["unk string json"] = {[] { return Value::unknown(T_S()); }, T_S()};
  m["DynamicVal json"] = {[] { return Value::unknown(T_D()); }, T_D()};
  m["string as dynamic"] = {[] { return S("hi"); }, T_D()};
  m["null string as dynamic"] = {[] { return Value::null(T_S()); }, T_D()};
  m["null dynamic as dynamic"] = {[] { return Value::null(T_D()); }, T_D()};
  m["list(dyn) of strings"] = {[] { return Value::list(T_S(), {S("a"), Value::null(T_S())}); },
                               Type::list(T_D())};
  m["number as dynamic"] = {[] { return I(5); }, T_D()};
  m["object w/ optional as dynamic"] = {[] { return ObjV({{"<&>", B(true)}, {"a", I(0)}, {"b", S("x")}}); }, T_D()};
  m["object attr order"] = {
      [] { return ObjV({{"b", B(true)}, {"a", B(false)}, {"B", B(true)}, {"aa", B(true)}, {"\xc3\xa9", B(true)}}); },
      Obj({{"b", T_B()}, {"a", T_B()}, {"B", T_B()}, {"aa", T_B()}, {"\xc3\xa9", T_B()}})};
  m["map key order"] = {
      [] { return Value::map(T_B(), {{"b", B(true)}, {"a", B(false)}, {"B", B(true)}, {"", B(true)}}); },
      Type::map(T_B())};
  m["set strings"] = {[] { return Value::set(T_S(), {S("b"), S("a"), S("B"), S("a")}); }, Type::set(T_S())};
  m["set numbers"] = {[] { return Value::set(T_N(), {I(10), I(-1), F(2.5), I(2), I(10)}); }, Type::set(T_N())};
  m["set bools"] = {[] { return Value::set(T_B(), {B(true), B(false)}); }, Type::set(T_B())};
  const Type on = Obj({{"name", T_S()}, {"n", T_N()}});
  m["set objects"] = {[] {
                        auto o = [](int64_t n, const char* s) { return ObjV({{"name", S(s)}, {"n", I(n)}}); };
                        return Value::set(Obj({{"name", T_S()}, {"n", T_N()}}),
                                          {o(2, "a"), o(1, "b"), o(1, "a~"), o(1, "a\n"), o(1, "\xc2\xa0"),
                                           o(10, "a")});
                      },
                      Type::set(on)};
  m["set lists"] = {[] {
                      return Value::set(Type::list(T_S()),
                                        {Value::list(T_S(), {}), Value::list(T_S(), {S("boop")})});
                    },
                    Type::set(Type::list(T_S()))};
  const Type onum = Obj({{"n", T_N()}});
  m["set numbers in objects 10 digits"] = {[] {
                                             Type t = Obj({{"n", T_N()}});
                                             return Value::set(t, {ObjV({{"n", I(2)}}), ObjV({{"n", P("0.00001")}}),
                                                                   ObjV({{"n", I(12345678901)}})});
                                           },
                                           Type::set(onum)};
  m["conversion num->string"] = {[] { return I(5); }, T_S()};
  m["set numbers equal value diff prec"] = {
      [] {
        return Value::set(T_N(), {P("0.1000000000000000055511151231257827021181583404541015625"), F(0.1)});
      },
      Type::set(T_N())};
  m["map(dynamic)"] = {[] { return Value::map(T_S(), {{"x", S("s")}}); }, Type::map(T_D())};
  m["tuple mixed w/ dyn"] = {[] { return Value::tuple({S("s"), I(1)}); }, Type::tuple({T_S(), T_D()})};
  return m;
}

struct DecCase {
  std::string input;
  Type type;
  std::function<Value()> want;  // empty when an error is expected
};

// The input each UJ label describes.
std::map<std::string, DecCase> uj_cases() {
  std::map<std::string, DecCase> m;
  m["num 1.0e3 as string"] = {"1.0e3", T_S(), [] { return S("1.0e3"); }};
  m["num string as number"] = {"\"12.5\"", T_N(), [] { return F(12.5); }};
  m["bool '1' string"] = {"\"1\"", T_B(), [] { return B(true); }};
  m["obj dup key"] = {"{\"a\":1,\"a\":2}", Obj({{"a", T_N()}}), [] { return ObjV({{"a", I(2)}}); }};
  m["obj missing attr"] = {"{}", Obj({{"a", T_N()}}), [] { return ObjV({{"a", Value::null(T_N())}}); }};
  m["obj extra attr"] = {"{\"a\":1,\"b\":2}", Obj({{"a", T_N()}}), nullptr};
  m["dyn order swapped"] = {"{\"type\":\"string\",\"value\":\"x\"}", T_D(), [] { return S("x"); }};
  m["dyn missing value"] = {"{\"type\":\"string\"}", T_D(), nullptr};
  m["dyn extra key"] = {"{\"type\":\"string\",\"value\":\"x\",\"z\":1}", T_D(), nullptr};
  m["trailing garbage"] = {"1 x", T_N(), [] { return I(1); }};
  m["tuple too many"] = {"[\"a\",\"b\"]", Type::tuple({T_S()}), nullptr};
  m["tuple too few"] = {"[]", Type::tuple({T_S()}), nullptr};
  m["number precision"] = {"0.1", T_N(), [] { return P("0.1"); }};
  m["invalid utf8 \\ud800"] = {"\"\\ud800x\"", T_S(), [] { return S("\xef\xbf\xbdx"); }};
  m["deep nesting err path"] = {"{\"a\":[true,\"x\"]}", Obj({{"a", Type::list(T_B())}}), nullptr};
  m["null top"] = {"null", T_D(), [] { return Value::null(T_D()); }};
  return m;
}

// Expected messages and paths of the UJ error rows (the file prints Go
// syntax; "tuple too few" is a go-cty panic, where we return an error).
struct ErrWant {
  std::string message;
  Path path;
};
std::map<std::string, ErrWant> uj_errors() {
  return {
      {"obj extra attr", {"unsupported attribute \"b\"", {}}},
      {"dyn missing value", {"missing value in dynamically-typed value", {}}},
      {"dyn extra key", {"invalid key \"z\" in dynamically-typed value", {}}},
      {"tuple too many", {"too many tuple elements (need 1)", {}}},
      {"tuple too few", {"not enough tuple elements (need 1)", {}}},
      {"deep nesting err path", {"a bool is required", {PathStep::attr("a"), PathStep::idx(1)}}},
  };
}

// Unquotes the Go %q message inside `ERR "..." path=...`.
std::string go_err_message(const std::string& col) {
  // ERR "unsupported attribute \"b\"" path=cty.Path{}
  size_t start = col.find('"');
  std::string out;
  for (size_t i = start + 1; i < col.size(); ++i) {
    if (col[i] == '\\' && i + 1 < col.size()) {
      out.push_back(col[++i]);
    } else if (col[i] == '"') {
      break;
    } else {
      out.push_back(col[i]);
    }
  }
  return out;
}

}  // namespace

// ============================================================ vectors

TEST(JsonVectors, EveryJSRow) {
  auto cases = js_cases();
  int checked = 0, skipped_marked = 0;
  for (const GoldenRow& r : gocty_rows("JS")) {
    if (r.label == "marked") {
      ++skipped_marked;  // libdynval values carry no marks
      continue;
    }
    auto it = cases.find(r.label);
    ASSERT_NE(it, cases.end()) << "no test value for JS row: " << r.label;
    const EncCase* c = &it->second;
    const std::string& want = r.output;
    SCOPED_TRACE("JS " + r.label);
    EXPECT_EQ(c->type.to_json(), r.type) << "the row's schema type";
    ++checked;
    if (want.rfind("ERR ", 0) == 0) {
      Error e = enc_err(c->value(), c->type);
      EXPECT_EQ(e.message(), want.substr(4));
      EXPECT_EQ(e.status(), want.find("infinity") != std::string::npos ? Status::Unsupported : Status::UnknownValue);
      continue;
    }
    EXPECT_EQ(enc(c->value(), c->type), want);
  }
  EXPECT_EQ(skipped_marked, 1);
  EXPECT_EQ(checked, 90);  // 91 JS rows, one of them "marked"
}

TEST(JsonVectors, EveryUJRow) {
  auto cases = uj_cases();
  auto errs = uj_errors();
  int checked = 0;
  for (const GoldenRow& r : gocty_rows("UJ")) {
    auto it = cases.find(r.label);
    ASSERT_NE(it, cases.end()) << "no test input for UJ row: " << r.label;
    const DecCase* c = &it->second;
    const std::string& label = r.label;
    const std::string& col = r.output;
    SCOPED_TRACE("UJ " + label + " input " + c->input);
    // The input and type built here are the ones go-cty was given.
    EXPECT_EQ(c->input, r.input);
    EXPECT_EQ(c->type.to_json(), r.type);
    ++checked;
    if (col.rfind("ERR ", 0) == 0 || col.rfind("PANIC ", 0) == 0) {
      ASSERT_FALSE(c->want) << "row is an error";
      Error e = dec_err(c->input, c->type);
      const ErrWant& w = errs.at(label);
      if (col.rfind("ERR ", 0) == 0) {
        EXPECT_EQ(go_err_message(col), w.message);
      }
      EXPECT_EQ(e.message(), w.message);
      EXPECT_EQ(e.path(), w.path);
      EXPECT_NE(e.offset(), kNoOffset);
      continue;
    }
    ASSERT_TRUE(c->want) << "row is a value: " << col;
    EXPECT_TRUE(same_value(dec(c->input, c->type), c->want()));
  }
  EXPECT_EQ(checked, 16);
}

// ============================================================ go-cty value_test.go

TEST(JsonGoCty, ValueJSONable) {
  struct Case {
    Value value;
    Type type;
    std::string want;
    Value dec_val;
  };
  const Type bool_list = Type::list(T_B());
  std::vector<Case> cases = {
      {S("hello"), T_S(), "\"hello\"", S("hello")},
      {S(""), T_S(), "\"\"", S("")},
      {S("15"), T_N(), "15", I(15)},
      {S("true"), T_B(), "true", B(true)},
      {S("1"), T_B(), "true", B(true)},
      {Value::null(T_S()), T_S(), "null", Value::null(T_S())},
      {I(2), T_N(), "2", I(2)},
      {F(2.5), T_N(), "2.5", F(2.5)},
      {I(5), T_S(), "\"5\"", S("5")},
      {B(true), T_B(), "true", B(true)},
      {B(false), T_B(), "false", B(false)},
      {B(true), T_S(), "\"true\"", S("true")},
      // Lists
      {Value::list(T_B(), {B(true), B(false)}), bool_list, "[true,false]", Value::list(T_B(), {B(true), B(false)})},
      {Value::list(T_B(), {}), bool_list, "[]", Value::list(T_B(), {})},
      {Value::list(T_B(), {B(true), B(false)}), Type::list(T_S()), "[\"true\",\"false\"]",
       Value::list(T_S(), {S("true"), S("false")})},
      // Sets
      {Value::set(T_B(), {B(true), B(false)}), Type::set(T_B()), "[false,true]",
       Value::set(T_B(), {B(true), B(false)})},
      {Value::set(T_B(), {}), Type::set(T_B()), "[]", Value::set(T_B(), {})},
      // Tuples
      {Value::tuple({B(true), I(5)}), Type::tuple({T_B(), T_N()}), "[true,5]", Value::tuple({B(true), I(5)})},
      {Value::empty_tuple(), Type::empty_tuple(), "[]", Value::empty_tuple()},
      // Maps
      {Value::map(T_B(), {}), Type::map(T_B()), "{}", Value::map(T_B(), {})},
      {Value::map(T_B(), {{"yes", B(true)}, {"no", B(false)}}), Type::map(T_B()), "{\"no\":false,\"yes\":true}",
       Value::map(T_B(), {{"yes", B(true)}, {"no", B(false)}})},
      {Value::null(Type::map(T_B())), Type::map(T_B()), "null", Value::null(Type::map(T_B()))},
      // Objects
      {Value::empty_object(), Type::empty_object(), "{}", Value::empty_object()},
      {ObjV({{"bool", B(true)}, {"number", I(0)}}), Obj({{"bool", T_B()}, {"number", T_N()}}),
       "{\"bool\":true,\"number\":0}", ObjV({{"bool", B(true)}, {"number", I(0)}})},
      // (capsule case skipped: libdynval has no capsule types)
      // Dynamic wrappers
      {B(true), T_D(), "{\"value\":true,\"type\":\"bool\"}", B(true)},
      {S("hello"), T_D(), "{\"value\":\"hello\",\"type\":\"string\"}", S("hello")},
      {I(5), T_D(), "{\"value\":5,\"type\":\"number\"}", I(5)},
      {Value::list(T_B(), {B(true), B(false)}), T_D(), "{\"value\":[true,false],\"type\":[\"list\",\"bool\"]}",
       Value::list(T_B(), {B(true), B(false)})},
      {Value::list(T_B(), {B(true), B(false)}), Type::list(T_D()),
       "[{\"value\":true,\"type\":\"bool\"},{\"value\":false,\"type\":\"bool\"}]",
       Value::list(T_B(), {B(true), B(false)})},
      {ObjV({{"static", B(true)}, {"dynamic", B(true)}}), Obj({{"static", T_B()}, {"dynamic", T_D()}}),
       "{\"dynamic\":{\"value\":true,\"type\":\"bool\"},\"static\":true}",
       ObjV({{"static", B(true)}, {"dynamic", B(true)}})},
      {ObjV({{"static", B(true)}, {"dynamic", B(true)}}), T_D(),
       "{\"value\":{\"dynamic\":true,\"static\":true},\"type\":[\"object\",{\"dynamic\":\"bool\",\"static\":\"bool\"}]}",
       ObjV({{"static", B(true)}, {"dynamic", B(true)}})},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.value.go_string() + " as " + c.type.friendly_name());
    std::string got = enc(c.value, c.type);
    EXPECT_EQ(got, c.want);
    EXPECT_TRUE(same_value(dec(got, c.type), c.dec_val));
  }
}

// ============================================================ encoder

TEST(JsonEncode, Escaping) {
  // Go >= 1.22 form with DEL raw (docs/gocty-behaviour.md#json-encoding).
  EXPECT_EQ(enc(S("<>&\xe2\x80\xa8\xe2\x80\xa9\"\\\n\r\t\b\f\x01\x7f\xc3\xa9\xf0\x9f\x98\x80"), T_S()),
            "\"\\u003c\\u003e\\u0026\\u2028\\u2029\\\"\\\\\\n\\r\\t\\b\\f\\u0001\x7f\xc3\xa9\xf0\x9f\x98\x80\"");
  // keys and attribute names are escaped the same way
  EXPECT_EQ(enc(Value::map(T_N(), {{"<k>", I(1)}}), Type::map(T_N())), "{\"\\u003ck\\u003e\":1}");
}

TEST(JsonEncode, ObjectWritesEverySchemaAttributeIncludingNulls) {
  Type t = Obj({{"b", T_S()}, {"a", Type::list(T_N())}});
  EXPECT_EQ(enc(ObjV({{"a", Value::null(Type::list(T_N()))}, {"b", S("x")}}), t), "{\"a\":null,\"b\":\"x\"}");
}

TEST(JsonEncode, OptionalAttributesMissingFromTheValueAreNull) {
  Type t = Type::object({{"a", T_S(), false}, {"b", T_N(), true}});
  EXPECT_EQ(enc(ObjV({{"a", S("x")}}), t), "{\"a\":\"x\",\"b\":null}");
  Error e = enc_err(ObjV({{"b", I(1)}}), t);
  EXPECT_EQ(e.status(), Status::TypeMismatch);
  EXPECT_EQ(e.message(), "attribute \"a\" is required");
  // An attribute the type does not have is dropped by the conversion, as in
  // go-cty's Marshal (and the MessagePack encoder).
  EXPECT_EQ(enc(ObjV({{"a", S("x")}, {"c", I(1)}}), t), "{\"a\":\"x\",\"b\":null}");
}

TEST(JsonEncode, PrimitiveConversions) {
  EXPECT_EQ(enc(P("1e3"), T_S()), "\"1000\"");
  EXPECT_EQ(enc(B(false), T_S()), "\"false\"");
  EXPECT_EQ(enc(S("0"), T_B()), "false");
  EXPECT_EQ(enc(S("12.50"), T_N()), "12.5");
  Error e = enc_err(S("True"), T_B());
  EXPECT_EQ(e.status(), Status::TypeMismatch);
  EXPECT_EQ(e.message(), "a bool is required; to convert from string, use lowercase \"true\"");
  EXPECT_EQ(enc_err(S("FALSE"), T_B()).message(), "a bool is required; to convert from string, use lowercase \"false\"");
  EXPECT_EQ(enc_err(S("yes"), T_B()).message(), "a bool is required");
  EXPECT_EQ(enc_err(S("abc"), T_N()).message(), "a number is required");
  EXPECT_EQ(enc_err(B(true), T_N()).status(), Status::TypeMismatch);
  EXPECT_EQ(enc_err(I(1), Type::list(T_N())).status(), Status::TypeMismatch);
  // conversions apply inside collections too
  EXPECT_EQ(enc(Value::list(T_N(), {I(1), P("2.5")}), Type::list(T_S())), "[\"1\",\"2.5\"]");
}

TEST(JsonEncode, UnknownAnywhereFailsWithPath) {
  Type t = Obj({{"net", Type::list(Type::map(T_S()))}});
  Value v = ObjV({{"net", Value::list(Type::map(T_S()),
                                      {Value::map(T_S(), {{"v4", S("a")}}),
                                       Value::map(T_S(), {{"v4", Value::unknown(T_S())}})})}});
  std::string out = "keep";
  Error e = expect_error([&] { json_encode(out, v, t); });
  EXPECT_EQ(e.status(), Status::UnknownValue);
  EXPECT_EQ(e.message(), "value is not known");
  EXPECT_EQ(e.path(), (Path{PathStep::attr("net"), PathStep::idx(1), PathStep::key("v4")}));
  EXPECT_EQ(out, "keep");  // the caller's buffer is left as it was
  // unknown in a dynamic slot: checked before the wrapper
  EXPECT_EQ(enc_err(Value::unknown(T_S()), T_D()).message(), "value is not known");
  // inside a wrapper go-cty prefixes the inner error
  Error w = enc_err(Value::list(T_S(), {Value::unknown(T_S())}), T_D());
  EXPECT_EQ(w.status(), Status::UnknownValue);
  EXPECT_EQ(w.message(), "failed to serialize value: value is not known");
}

TEST(JsonEncode, InfinityInsideCollections) {
  Error e = enc_err(Value::tuple({I(1), Value::number(Number::infinity(true))}), Type::tuple({T_N(), T_N()}));
  EXPECT_EQ(e.status(), Status::Unsupported);
  EXPECT_EQ(e.message(), "cannot serialize infinity as JSON");
  EXPECT_EQ(e.path(), (Path{PathStep::idx(1)}));
  // converted to a string it is fine: Text('f', -1) gives "+Inf"
  EXPECT_EQ(enc(Value::number(Number::infinity(false)), T_S()), "\"+Inf\"");
}

TEST(JsonEncode, NestedDynamicWrappers) {
  Type t = Type::map(Type::list(T_D()));
  Value v = Value::map(Type::list(T_N()), {{"k", Value::list(T_N(), {I(1)})}});
  EXPECT_EQ(enc(v, t), "{\"k\":[{\"value\":1,\"type\":\"number\"}]}");
  EXPECT_EQ(enc(Value::null(Type::list(T_S())), T_D()), "{\"value\":null,\"type\":[\"list\",\"string\"]}");
}

// ============================================================ decoder

TEST(JsonDecode, TopLevelNullIsNullOfAnyType) {
  for (const Type& t : {T_S(), T_N(), T_B(), T_D(), Type::list(T_S()), Obj({{"a", T_S()}}), Type::tuple({})}) {
    Value v = dec(" null ", t);
    EXPECT_TRUE(v.is_null());
    EXPECT_EQ(v.type(), t);
  }
}

// Elements of a collection of dynamic with different concrete types: the
// value layer's ListVal/MapVal rule (go-cty panics), at the collection, as
// the MessagePack decoder reports it.
TEST(JsonDecode, HeterogeneousDynamicCollectionIsAnErrorAtTheCollection) {
  const std::string in = R"({"m":[{"value":"a","type":"string"},{"value":true,"type":"bool"}]})";
  try {
    dec(in, Obj({{"m", Type::list(T_D())}}));
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(int(e.status()), int(Status::TypeMismatch));
    EXPECT_EQ(e.message(), "inconsistent list element types (string then bool)");
    EXPECT_EQ(e.offset(), 5u);
    ASSERT_EQ(e.path().size(), 1u);
    EXPECT_EQ(e.path()[0], PathStep::attr("m"));
  }
}

TEST(JsonDecode, Primitives) {
  EXPECT_TRUE(same_value(dec("true", T_B()), B(true)));
  EXPECT_TRUE(same_value(dec("\"0\"", T_B()), B(false)));
  EXPECT_TRUE(same_value(dec("\"false\"", T_B()), B(false)));
  Error e = dec_err("\"True\"", T_B());
  EXPECT_EQ(e.message(), "a bool is required; to convert from string, use lowercase \"true\"");
  EXPECT_EQ(e.status(), Status::TypeMismatch);
  EXPECT_EQ(dec_err("1", T_B()).message(), "bool is required");
  EXPECT_TRUE(same_value(dec("\"Inf\"", T_N()), Value::number(Number::infinity(false))));
  EXPECT_TRUE(same_value(dec("\"1p4\"", T_N()), I(16)));
  EXPECT_EQ(dec_err("\" 1\"", T_N()).message(), "a number is required");
  EXPECT_EQ(dec_err("\"NaN\"", T_N()).message(), "a number is required");
  EXPECT_EQ(dec_err("true", T_N()).message(), "number is required");
  EXPECT_EQ(dec_err("[1]", T_N()).message(), "number is required");
  EXPECT_TRUE(same_value(dec("false", T_S()), S("false")));
  EXPECT_TRUE(same_value(dec("-12.50E+3", T_S()), S("-12.50E+3")));
  EXPECT_EQ(dec_err("{}", T_S()).message(), "string is required");
  // strings are NFC-normalised
  Value s = dec("\"e\\u0301\"", T_S());
  EXPECT_EQ(s.as_string(), "\xc3\xa9");
  EXPECT_TRUE(same_value(dec("\"A\\u00e9\\uD83D\\uDE00\\/\\b\"", T_S()), S("A\xc3\xa9\xf0\x9f\x98\x80/\b")));
}

TEST(JsonDecode, NumbersAreExact) {
  Value big = dec("1e400", T_N());
  EXPECT_EQ(enc(big, T_N()), "1" + std::string(400, '0'));
  EXPECT_EQ(big.as_number().precision(), 512u);
  std::string hundred = "1234567890";
  std::string digits;
  for (int i = 0; i < 10; ++i) digits += hundred;  // 100 digits
  Value n = dec(digits, T_N());
  EXPECT_EQ(enc(n, T_N()), digits);
  EXPECT_EQ(enc(dec("-" + digits + ".5", T_N()), T_N()), "-" + digits + ".5");
  EXPECT_EQ(enc(dec("0.1000000000000000055511151231257827021181583404541015625", T_N()), T_N()),
            "0.1000000000000000055511151231257827021181583404541015625");
  EXPECT_EQ(enc(dec("123456789012345678901234567890.5e-3", T_N()), T_N()), "123456789012345678901234567.8905");
  EXPECT_EQ(enc(dec("-0", T_N()), T_N()), "-0");
  EXPECT_EQ(enc(dec("1E-7", T_N()), T_N()), "0.0000001");
  // precision 512 like ParseNumberVal, equal to MustParseNumberVal
  EXPECT_TRUE(same_value(dec("0.1", T_N()), P("0.1")));
}

TEST(JsonDecode, NumberGrammarIsChecked) {
  for (const char* bad : {"01", "1.", "1e", "-01.5", "1.5e+", "-", "1_000", "0x10", "--1", "1.e5"}) {
    SCOPED_TRACE(bad);
    Error e = dec_err(bad, T_N());
    EXPECT_EQ(e.status(), Status::Parse);
    EXPECT_EQ(e.offset(), 0u);
    // and as a string schema (number literal kept as text)
    EXPECT_EQ(dec_err(std::string("[") + bad + "]", Type::list(T_S())).status(), Status::Parse);
  }
  for (const char* bad : {"+1", ".5", "NaN", "Infinity"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(dec_err(bad, T_N()).status(), Status::Parse);
  }
  // go-cty: a valid literal that ParseNumberVal rejects
  EXPECT_EQ(dec_err("1e99999999999", T_N()).message(), "a number is required");
  DecodeOptions o;
  o.limits.max_number_digits = 10;
  Error e = dec_err("[12345678901]", Type::list(T_N()), o);
  EXPECT_EQ(e.status(), Status::Limit);
  EXPECT_EQ(e.offset(), 1u);
  // a short literal whose decimal text would be huge (1e5944649 prints
  // millions of digits) is refused under the same limit; go-cty accepts it
  for (const char* huge : {"36511671702E5944649", "1e-200000", "\"1p999999\""}) {
    SCOPED_TRACE(huge);
    Error h = dec_err(huge, T_N());
    EXPECT_EQ(h.status(), Status::Limit);
    EXPECT_EQ(h.offset(), 0u);
  }
  EXPECT_NO_THROW(dec("1e9990", T_N()));
  EXPECT_EQ(dec_err("1e99999", T_N()).status(), Status::Limit);  // over the 10,000 default
  // The limit is on the printed text, as in MessagePack, so whatever decodes
  // encodes to text that decodes again: "-1e-9999" prints as 10,002
  // characters (found by fuzz_roundtrip).
  EXPECT_EQ(dec_err("-1e-9999", T_N()).status(), Status::Limit);
  for (const char* ok : {"1e9990", "-1e-9800", "123.456e-9800"}) {
    SCOPED_TRACE(ok);
    std::string mp;
    codec::msgpack_encode(mp, dec(ok, T_N()), T_N());
    EXPECT_NO_THROW(codec::msgpack_decode(mp, T_N()));
  }
  // as a string type the literal is only text
  EXPECT_TRUE(same_value(dec("1e5944649", T_S()), S("1e5944649")));
}

TEST(JsonDecode, LiteralsAreValidated) {
  for (const char* bad : {"tru", "nul", "fals", "truex", "nulll"}) {
    SCOPED_TRACE(bad);
    EXPECT_EQ(dec_err(bad, T_B()).status(), Status::Parse);
    EXPECT_EQ(dec_err(std::string("[true,") + bad + "]", Type::list(T_B())).status(), Status::Parse);
  }
  EXPECT_EQ(dec_err("[tru]", Type::list(T_S())).status(), Status::Parse);
}

TEST(JsonDecode, Collections) {
  EXPECT_TRUE(same_value(dec(" [ 1 , 2 ] ", Type::list(T_N())), Value::list(T_N(), {I(1), I(2)})));
  EXPECT_TRUE(same_value(dec("[]", Type::list(T_N())), Value::list(T_N(), {})));
  EXPECT_TRUE(same_value(dec("[\"b\",\"a\",\"b\"]", Type::set(T_S())), Value::set(T_S(), {S("a"), S("b")})));
  EXPECT_TRUE(same_value(dec("{\"b\":1,\"a\":2}", Type::map(T_N())), Value::map(T_N(), {{"a", I(2)}, {"b", I(1)}})));
  // duplicate map keys: last wins (go-cty vals[k] = el)
  EXPECT_TRUE(same_value(dec("{\"a\":1,\"a\":2}", Type::map(T_N())), Value::map(T_N(), {{"a", I(2)}})));
  EXPECT_TRUE(same_value(dec("[\"s\",{\"value\":1,\"type\":\"number\"}]", Type::tuple({T_S(), T_D()})),
                         Value::tuple({S("s"), I(1)})));
  EXPECT_EQ(dec_err("{}", Type::list(T_N())).message(), "missing expected [");
  EXPECT_EQ(dec_err("[]", Type::map(T_N())).message(), "missing expected {");
  EXPECT_EQ(dec_err("[]", Obj({{"a", T_N()}})).message(), "missing expected {");
  EXPECT_EQ(dec_err("\"x\"", T_D()).message(), "missing expected {");
  // nested tuple errors carry the tuple's own path
  Error e = dec_err("{\"t\":[1]}", Obj({{"t", Type::tuple({T_N(), T_N()})}}));
  EXPECT_EQ(e.message(), "not enough tuple elements (need 2)");
  EXPECT_EQ(e.path(), (Path{PathStep::attr("t")}));
  EXPECT_EQ(e.offset(), 5u);
}

TEST(JsonDecode, Objects) {
  Type t = Type::object({{"a", T_S(), false}, {"b", Type::list(T_N()), true}});
  Value v = dec("{\"a\":\"x\"}", t);
  EXPECT_TRUE(same_value(v, ObjV({{"a", S("x")}, {"b", Value::null(Type::list(T_N()))}})));
  EXPECT_FALSE(v.type().has_optional());
  // non-NFC key is looked up raw, like go-cty
  Type te = Obj({{"\xc3\xa9", T_N()}});
  Error e = dec_err("{\"e\xcc\x81\":1}", te);
  EXPECT_EQ(e.message(), "unsupported attribute \"e\xcc\x81\"");
  EXPECT_EQ(e.offset(), 1u);
  EXPECT_TRUE(same_value(dec("{\"\\u00e9\":1}", te), ObjV({{"\xc3\xa9", I(1)}})));
  // duplicate attribute: last wins (decided: keep go-cty's behaviour)
  EXPECT_TRUE(same_value(dec("{\"a\":\"1\",\"a\":\"2\"}", t),
                         ObjV({{"a", S("2")}, {"b", Value::null(Type::list(T_N()))}})));
  // error inside an earlier duplicate still counts, as go-cty decodes each
  EXPECT_EQ(dec_err("{\"a\":[],\"a\":\"2\"}", t).message(), "string is required");
  EXPECT_TRUE(same_value(dec("{}", Type::empty_object()), Value::empty_object()));
}

TEST(JsonDecode, DynamicWrappers) {
  // value first (what go-cty writes) and type first
  const std::string lst = "[\"list\",\"string\"]";
  const std::vector<std::string> inputs = {"{\"value\":[\"a\",null],\"type\":" + lst + "}",
                                           "{\"type\":" + lst + ",\"value\":[\"a\",null]}",
                                           " { \"value\" : [ \"a\" , null ] , \"type\" : [ \"list\" , \"string\" ] } "};
  for (const std::string& in : inputs) {
    SCOPED_TRACE(in);
    EXPECT_TRUE(same_value(dec(in, T_D()), Value::list(T_S(), {S("a"), Value::null(T_S())})));
  }
  EXPECT_TRUE(same_value(dec("{\"value\":null,\"type\":\"number\"}", T_D()), Value::null(T_N())));
  // nested dynamic inside the wrapper
  EXPECT_TRUE(same_value(dec("{\"value\":{\"value\":true,\"type\":\"bool\"},\"type\":\"dynamic\"}", T_D()), B(true)));
  // list(dynamic) of one concrete type -> list(string)
  Value l = dec("[{\"value\":\"a\",\"type\":\"string\"},{\"type\":\"string\",\"value\":\"b\"},null]", Type::list(T_D()));
  EXPECT_TRUE(same_value(l, Value::list(T_S(), {S("a"), S("b"), Value::null(T_S())})));
  // heterogeneous: go-cty panics, we return TypeMismatch
  Error h = dec_err("[{\"value\":\"a\",\"type\":\"string\"},{\"value\":1,\"type\":\"number\"}]", Type::list(T_D()));
  EXPECT_EQ(h.status(), Status::TypeMismatch);
  EXPECT_EQ(dec_err("{\"a\":{\"value\":\"a\",\"type\":\"string\"},\"b\":{\"value\":true,\"type\":\"bool\"}}",
                    Type::map(T_D()))
                .status(),
            Status::TypeMismatch);
  // errors
  EXPECT_EQ(dec_err("{\"value\":1}", T_D()).message(), "missing type in dynamically-typed value");
  Error bt = dec_err("{\"value\":1,\"type\":\"nope\"}", T_D());
  EXPECT_EQ(bt.message().rfind("failed to decode type for dynamic value: ", 0), 0u) << bt.message();
  Error inner = dec_err("{\"a\":{\"value\":[1,true],\"type\":[\"list\",\"number\"]}}", Obj({{"a", T_D()}}));
  EXPECT_EQ(inner.message(), "number is required");
  EXPECT_EQ(inner.path(), (Path{PathStep::attr("a"), PathStep::idx(1)}));
  EXPECT_EQ(inner.offset(), 17u);
  // a later "type" overrides the earlier one (go-cty assigns in order)
  EXPECT_TRUE(
      same_value(dec("{\"type\":\"number\",\"value\":\"5\",\"type\":\"string\"}", T_D()), S("5")));
  // the parent continues correctly after a rewound wrapper
  Value tup = dec("[{\"value\":[1,2],\"type\":[\"list\",\"number\"]},\"z\"]", Type::tuple({T_D(), T_S()}));
  EXPECT_TRUE(same_value(tup, Value::tuple({Value::list(T_N(), {I(1), I(2)}), S("z")})));
}

TEST(JsonDecode, RoundTripsEncoderOutput) {
  Type t = Obj({{"name", T_S()},
                {"tags", Type::map(T_S())},
                {"ports", Type::set(T_N())},
                {"any", T_D()},
                {"rules", Type::list(Obj({{"cidr", T_S()}, {"n", T_N()}}))}});
  Value v = ObjV({{"name", S("web <1> & \xc3\xa9")},
                  {"tags", Value::map(T_S(), {{"z", S("1")}, {"a", S("\n")}})},
                  {"ports", Value::set(T_N(), {I(443), I(80), P("0.1")})},
                  {"any", Value::tuple({S("x"), Value::null(T_B()), Value::list(T_N(), {P("1e30")})})},
                  {"rules", Value::list(Obj({{"cidr", T_S()}, {"n", T_N()}}),
                                        {ObjV({{"cidr", S("10.0.0.0/8")}, {"n", I(-1)}})})}});
  std::string j = enc(v, t);
  Value back = dec(j, t);
  EXPECT_TRUE(same_value(back, v));
  EXPECT_EQ(enc(back, t), j);
  // the padded entry point parses in place and gives the same value
  std::string padded = j;
  padded.resize(j.size() + dynval::codec::kJsonPadding, '\0');
  EXPECT_TRUE(same_value(dynval::codec::json_decode_padded(padded.data(), j.size(), padded.size(), t), v));
  // without enough slack it falls back to copying
  EXPECT_TRUE(same_value(dynval::codec::json_decode_padded(j.data(), j.size(), j.size(), t), v));
}

TEST(JsonDecode, InvalidUtf8BecomesReplacementCharacters) {
  // Go: one U+FFFD per invalid byte (utf8.DecodeRune's (RuneError, 1)).
  EXPECT_TRUE(same_value(dec("\"a\xff" "b\"", T_S()), S("a\xef\xbf\xbd" "b")));
  EXPECT_TRUE(same_value(dec("\"\xe2\x82x\"", T_S()), S("\xef\xbf\xbd\xef\xbf\xbdx")));
  EXPECT_TRUE(same_value(dec("\"\xed\xa0\x80\"", T_S()), S("\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd")));
  // in keys too
  EXPECT_TRUE(same_value(dec("{\"k\xc0\":1}", Type::map(T_N())), Value::map(T_N(), {{"k\xef\xbf\xbd", I(1)}})));
  // offsets still refer to the caller's bytes
  Error e = dec_err("[\"\xff\",tru]", Type::list(T_S()));
  EXPECT_EQ(e.status(), Status::Parse);
  EXPECT_EQ(e.offset(), 5u);
  // outside strings it is a syntax error
  EXPECT_EQ(dec_err("[1,\xff]", Type::list(T_N())).status(), Status::Parse);
}

TEST(JsonDecode, LoneSurrogatesBecomeReplacementCharacters) {
  EXPECT_TRUE(same_value(dec("\"\\ud800\"", T_S()), S("\xef\xbf\xbd")));
  EXPECT_TRUE(same_value(dec("\"\\udc00\\ud83d\\ude00\"", T_S()), S("\xef\xbf\xbd\xf0\x9f\x98\x80")));
  EXPECT_TRUE(same_value(dec("\"\\ud800\\u0041\"", T_S()), S("\xef\xbf\xbd" "A")));
  EXPECT_TRUE(same_value(dec("\"\\ud800\\ud800\\udc00\"", T_S()), S("\xef\xbf\xbd\xf0\x90\x80\x80")));
  EXPECT_EQ(dec_err("\"\\ud80\"", T_S()).status(), Status::Parse);
  Error esc = dec_err("[\"ab\\x\"]", Type::list(T_S()));
  EXPECT_EQ(esc.message(), "invalid character 'x' in string escape code");
  EXPECT_EQ(esc.offset(), 5u);
  // raw control characters are not allowed in strings
  Error ctl = dec_err("[\"a\x01\"]", Type::list(T_S()));
  EXPECT_EQ(ctl.status(), Status::Parse);
  EXPECT_EQ(ctl.offset(), 3u);
  // \u0000 is a NUL byte
  EXPECT_EQ(dec("\"a\\u0000b\"", T_S()).as_string(), std::string_view("a\0b", 3));
}

TEST(JsonDecode, TrailingContent) {
  // Ignore (default, like go-cty)
  EXPECT_TRUE(same_value(dec("1 x", T_N()), I(1)));
  EXPECT_TRUE(same_value(dec("[1] x", Type::list(T_N())), Value::list(T_N(), {I(1)})));
  EXPECT_TRUE(same_value(dec("[1,2] ]", Type::list(T_N())), Value::list(T_N(), {I(1), I(2)})));
  EXPECT_TRUE(same_value(dec("{\"a\":1} {\"b\":2}", Type::map(T_N())), Value::map(T_N(), {{"a", I(1)}})));
  EXPECT_TRUE(same_value(dec("\"s\" [", T_S()), S("s")));
  EXPECT_TRUE(same_value(dec("[1]  \n", Type::list(T_N())), Value::list(T_N(), {I(1)})));
  // Reject
  DecodeOptions r;
  r.trailing = Trailing::Reject;
  struct T {
    std::string in;
    Type t;
    size_t off;
  };
  for (const T& c : {T{"1 x", T_N(), 2}, T{"[1] x", Type::list(T_N()), 4}, T{"[1,2] ]", Type::list(T_N()), 6},
                     T{"{\"a\":1} {\"b\":2}", Type::map(T_N()), 8}, T{"\"s\" [", T_S(), 4},
                     T{"{\"value\":1,\"type\":\"number\"} 1", T_D(), 28}, T{"null null", T_S(), 5}}) {
    SCOPED_TRACE(c.in);
    Error e = dec_err(c.in, c.t, r);
    EXPECT_EQ(e.status(), Status::Parse);
    EXPECT_EQ(e.offset(), c.off);
  }
  EXPECT_TRUE(same_value(dec(" [1] \n\t", Type::list(T_N()), r), Value::list(T_N(), {I(1)})));
  EXPECT_TRUE(same_value(dec("{\"value\":1,\"type\":\"number\"}  ", T_D(), r), I(1)));
}

TEST(JsonDecode, SyntaxErrors) {
  for (const char* bad : {"", "   ", "[1 2]", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "[", "{\"a\":", "\"abc", "[\"a]",
                          "[1,,2]", "{1:2}", "{\"a\":1 \"b\":2}"}) {
    SCOPED_TRACE(bad);
    Error e = dec_err(bad, bad[0] == '{' ? Type::map(T_N()) : Type::list(T_N()));
    EXPECT_EQ(e.status(), Status::Parse) << e.message();
  }
  EXPECT_EQ(dec_err("", T_S()).message(), "EOF");
}

TEST(JsonDecode, ErrorPathsAndOffsets) {
  Type t = Obj({{"network", Type::list(Obj({{"ip", Type::map(T_N())}}))}});
  const std::string in = "{\"network\":[{\"ip\":{\"v4\":1}},{\"ip\":{\"v4\":\"x\"}}]}";
  Error e = dec_err(in, t);
  EXPECT_EQ(e.status(), Status::TypeMismatch);
  EXPECT_EQ(e.message(), "a number is required");
  EXPECT_EQ(e.path(),
            (Path{PathStep::attr("network"), PathStep::idx(1), PathStep::attr("ip"), PathStep::key("v4")}));
  EXPECT_EQ(e.offset(), in.find("\"x\""));
  // set elements use their position
  Error s = dec_err("[1,\"a\"]", Type::set(T_N()));
  EXPECT_EQ(s.path(), (Path{PathStep::idx(1)}));
  EXPECT_EQ(s.offset(), 3u);
}

TEST(JsonDecode, DepthLimit) {
  // 100000 '[' : an error, no crash, whatever the type
  const std::string bomb(100000, '[');
  for (const Type& t : {T_D(), T_S(), Type::list(T_D())}) {
    Error e = dec_err(bomb, t);
    EXPECT_TRUE(e.status() == Status::Parse || e.status() == Status::TypeMismatch) << e.message();
  }
  // a type deep enough to follow it hits the limit
  Type deep = T_N();
  for (int i = 0; i < 1100; ++i) deep = Type::list(deep);
  EXPECT_NE(dec_err(bomb, deep).status(), Status::Ok);
  const std::string closed = bomb + std::string(100000, ']');
  Error e = dec_err(closed, deep);
  EXPECT_EQ(e.status(), Status::Limit);
  EXPECT_EQ(e.offset(), 1000u);
  // closed nesting within the limit decodes
  DecodeOptions o;
  o.limits.max_depth = 5;
  Type l3 = Type::list(Type::list(Type::list(T_N())));
  EXPECT_TRUE(same_value(dec("[[[1]]]", l3, o),
                         Value::list(Type::list(Type::list(T_N())),
                                     {Value::list(Type::list(T_N()), {Value::list(T_N(), {I(1)})})})));
  o.limits.max_depth = 2;
  EXPECT_EQ(dec_err("[[[1]]]", l3, o).status(), Status::Limit);
  // nested dynamic wrappers count too
  std::string wrap = "1";
  for (int i = 0; i < 2000; ++i) wrap = "{\"type\":\"dynamic\",\"value\":" + wrap + "}";
  EXPECT_EQ(dec_err(wrap, T_D()).status(), Status::Limit);
  std::string wrap2 = "1";
  for (int i = 0; i < 2000; ++i) wrap2 = "{\"value\":" + wrap2 + ",\"type\":\"dynamic\"}";
  EXPECT_EQ(dec_err(wrap2, T_D()).status(), Status::Limit);
}

// The document budget for number digits (codec.hpp check_number_digits):
// eight "1e9000" pass, the ninth is refused at its offset.
TEST(JsonDecode, NumberExpansionBudgetPerDocument) {
  auto list_of = [](int n) {
    std::string b = "[";
    for (int i = 0; i < n; ++i) b += i ? ",1e9000" : "1e9000";
    return b + "]";
  };
  EXPECT_EQ(dec(list_of(8), Type::list(T_N())).length(), 8u);
  Error e = dec_err(list_of(9), Type::list(T_N()));
  EXPECT_EQ(e.status(), Status::Limit);
  EXPECT_EQ(e.offset(), 1u + 8 * 7);
  DecodeOptions o;
  o.limits.max_number_digits = 20000;
  EXPECT_EQ(dec(list_of(9), Type::list(T_N()), o).length(), 9u);
}

TEST(JsonDecode, OtherLimits) {
  DecodeOptions o;
  o.limits.max_elements = 3;
  EXPECT_EQ(dec_err("[1,2,3,4]", Type::list(T_N()), o).status(), Status::Limit);
  EXPECT_NO_THROW(dec("[1,2,3]", Type::list(T_N()), o));
  o = {};
  o.limits.max_string_length = 3;
  EXPECT_EQ(dec_err("\"abcd\"", T_S(), o).status(), Status::Limit);
  EXPECT_EQ(dec_err("\"ab\\u0041d\"", T_S(), o).status(), Status::Limit);
  o = {};
  o.limits.max_input_size = 4;
  EXPECT_EQ(dec_err("12345", T_N(), o).status(), Status::Limit);
}
