// Unit tests of dynval::Number (docs/gocty-behaviour.md#numbers to
// #number-equality, #number-form, #set-hash). Expected strings come from
// those notes or from Go's math/big.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "number/number.hpp"
#include "support/error.hpp"

using dynval::Number;
using Kind = Number::Kind;
using WF = Number::WireForm;

namespace {

Number P(const char* s) {
  auto n = Number::parse(s);
  EXPECT_TRUE(n.has_value()) << s;
  return n ? *n : Number();
}

uint64_t bits_of(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

double from_bits(uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

// ---------------------------------------------------------------------------
// 4.2 syntax

TEST(NumberParse, AcceptedSyntax) {
  struct Case {
    const char* in;
    const char* text;
  } cases[] = {
      {"0", "0"},       {"-0", "-0"},      {"+0", "0"},     {"-0.0", "-0"},  {"1", "1"},
      {"+7", "7"},      {".5", "0.5"},     {"5.", "5"},     {"1p4", "16"},   {"1P-1", "0.5"},
      {"1e3", "1000"},  {"1E+3", "1000"},  {"1e-3", "0.001"}, {"0.1e-3", "0.0001"},
      {"007", "7"},     {"1.50", "1.5"},   {"Inf", "+Inf"}, {"inf", "+Inf"}, {"+Inf", "+Inf"},
      {"+inf", "+Inf"}, {"-Inf", "-Inf"},  {"-inf", "-Inf"}, {"0e99999999999", "0"},
      {"1e0000000000000000000000003", "1000"},
  };
  for (const auto& c : cases) {
    auto n = Number::parse(c.in);
    ASSERT_TRUE(n.has_value()) << c.in;
    EXPECT_EQ(n->text(), c.text) << c.in;
    EXPECT_EQ(n->precision(), 512u) << c.in;
  }
}

TEST(NumberParse, RejectedSyntax) {
  const char* bad[] = {"",       " 1",     "1 ",    "+",     "-",      ".",       "e5",
                       "1e",     "1e+",    "1e-",   "1..2",  "1.2.3",  "1_000",   "0x10",
                       "0b1",    "NaN",    "nan",   "INF",   "Infinity", "--1",   "+-1",
                       "1f",     "1e5.5",  "1p",    "+ 1",   "1e99999999999",
                       "1e-99999999999", "1e9223372036854775808", "0e9223372036854775808",
                       "1p2147483647"};
  for (const char* s : bad) EXPECT_FALSE(Number::parse(s).has_value()) << '"' << s << '"';
}

TEST(NumberParse, LargeExponents) {
  auto n = Number::parse("1e400");
  ASSERT_TRUE(n);
  std::string t = n->text();
  EXPECT_EQ(t.size(), 401u);
  EXPECT_EQ(t, "1" + std::string(400, '0'));
  EXPECT_EQ(n->kind(), Kind::Big);
  EXPECT_EQ(n->hash_text(), "1e+400");
  auto m = Number::parse("1e-400");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->text(), "0." + std::string(399, '0') + "1");
  EXPECT_EQ(m->hash_text(), "1e-400");
}

TEST(NumberParse, NegativeZeroKeepsSign) {
  Number z = P("-0");
  EXPECT_TRUE(z.is_zero());
  EXPECT_TRUE(z.signbit());
  EXPECT_EQ(z.sign(), 0);
  EXPECT_EQ(z.text(), "-0");
  EXPECT_EQ(z.hash_text(), "-0");
  EXPECT_EQ(z.wire_form(), WF::Int64);  // Int64() of -0 is 0, Exact
  bool exact = false;
  EXPECT_EQ(z.to_int64(&exact), 0);
  EXPECT_TRUE(exact);
  EXPECT_TRUE(z.is_integer());
}

// ---------------------------------------------------------------------------
// Representation (normal form)

TEST(NumberRepr, NormalForm) {
  EXPECT_EQ(P("1").kind(), Kind::Int);
  EXPECT_EQ(P("1").precision(), 512u);
  EXPECT_EQ(P("0.5").kind(), Kind::Double);
  EXPECT_EQ(P("0.5").precision(), 512u);
  EXPECT_EQ(P("-0").kind(), Kind::Double);
  EXPECT_EQ(P("9223372036854775807").kind(), Kind::Int);
  EXPECT_EQ(P("-9223372036854775808").kind(), Kind::Int);
  EXPECT_EQ(P("9223372036854775808").kind(), Kind::Uint);
  EXPECT_EQ(P("18446744073709551615").kind(), Kind::Uint);
  EXPECT_EQ(P("18446744073709551616").kind(), Kind::Double);  // 2^64 is a binary64
  EXPECT_EQ(P("18446744073709551617").kind(), Kind::Big);
  EXPECT_EQ(P("0.1").kind(), Kind::Big);
  EXPECT_EQ(P("Inf").kind(), Kind::Inf);
  EXPECT_EQ(Number::from_double(5.0).kind(), Kind::Int);
  EXPECT_EQ(Number::from_double(5.0).precision(), 53u);
  EXPECT_EQ(Number::from_double(1e23).kind(), Kind::Double);
  EXPECT_EQ(Number::from_uint64(5).kind(), Kind::Int);
  EXPECT_EQ(Number::from_uint64(UINT64_MAX).kind(), Kind::Uint);
  EXPECT_EQ(Number().kind(), Kind::Int);
  EXPECT_EQ(Number().precision(), 64u);
  EXPECT_TRUE(Number().is_zero());
}

TEST(NumberRepr, IndependentOfSpelling) {
  const char* halves[] = {"0.5", ".5", "5e-1", "50e-2", "0.50", "1p-1", "0.25p1", "500000000000000000000e-21"};
  for (const char* s : halves) {
    Number n = P(s);
    EXPECT_EQ(n.kind(), Kind::Double) << s;
    EXPECT_EQ(n.double_value(), 0.5) << s;
    EXPECT_EQ(n.precision(), 512u) << s;
  }
  const char* ones[] = {"1", "1.0", "1e0", "10e-1", "0.001e3", "1p0", "100000000000000000000000000000e-29"};
  for (const char* s : ones) {
    Number n = P(s);
    EXPECT_EQ(n.kind(), Kind::Int) << s;
    EXPECT_EQ(n.int_value(), 1) << s;
  }
}

TEST(NumberRepr, CopyMoveBig) {
  Number a = P("0.1");
  ASSERT_EQ(a.kind(), Kind::Big);
  Number b = a;
  EXPECT_EQ(a.big(), b.big());
  Number c = std::move(b);
  EXPECT_EQ(c.big(), a.big());
  EXPECT_EQ(b.kind(), Kind::Int);  // moved-from is a valid 0
  Number d;
  d = c;
  d = d;
  EXPECT_EQ(d.text(), "0.1");
  d = Number::from_int64(3);
  EXPECT_EQ(d.text(), "3");
  EXPECT_EQ(c.text(), "0.1");
  // Concurrent copies of one shared rep (atomic refcount).
  std::vector<std::thread> ts;
  for (int t = 0; t < 4; t++) {
    ts.emplace_back([&a] {
      for (int i = 0; i < 20000; i++) {
        Number x = a;
        Number y = std::move(x);
        (void)y;
      }
    });
  }
  for (auto& t : ts) t.join();
  EXPECT_EQ(a.text(), "0.1");
}

// ---------------------------------------------------------------------------
// 4.3 decimal formatting

TEST(NumberText, GoShortestAtOwnPrecision) {
  // Exact binary64 0.1 at 53 bits vs 512 bits.
  EXPECT_EQ(Number::from_double(0.1).text(), "0.1");
  EXPECT_EQ(P("0.1000000000000000055511151231257827021181583404541015625").text(),
            "0.1000000000000000055511151231257827021181583404541015625");
  EXPECT_EQ(P("0.1").text(), "0.1");
  // Go differs from strconv here (docs/gocty-behaviour.md#number-text).
  EXPECT_EQ(Number::from_double(572686107139451968.0).text(), "572686107139451960");
  std::string sub = Number::from_double(5e-324).text();
  EXPECT_EQ(sub, "0." + std::string(323, '0') + "4940656458412465");
  EXPECT_EQ(Number::from_double(1e23).text(), "100000000000000000000000");
  EXPECT_EQ(Number::from_double(-2.25).text(), "-2.25");
  EXPECT_EQ(Number::from_double(-0.0).text(), "-0");
  EXPECT_EQ(Number::infinity(false).text(), "+Inf");
  EXPECT_EQ(Number::infinity(true).text(), "-Inf");
  EXPECT_EQ(Number::from_int64(INT64_MIN).text(), "-9223372036854775808");
  EXPECT_EQ(Number::from_uint64(UINT64_MAX).text(), "18446744073709551615");
  EXPECT_EQ(P("3.14159265358979323846264338327950288419716939937510").text(),
            "3.1415926535897932384626433832795028841971693993751");
  EXPECT_EQ(P("123456789012345678901234567890.5").text(), "123456789012345678901234567890.5");
}

TEST(NumberText, LowPrecision) {
  // new(big.Float).SetPrec(10).SetFloat64(1.0/3)
  Number n = Number::from_double_prec(1.0 / 3, 10);
  EXPECT_EQ(n.precision(), 10u);
  EXPECT_EQ(n.text(), "0.3335");
  bool exact = false;
  EXPECT_EQ(bits_of(n.to_double(&exact)), 0x3fd5580000000000u);
  EXPECT_TRUE(exact);
  EXPECT_EQ(n.wire_form(), WF::Float64);
  // An integer wider than its precision prints its shortest digits.
  Number big = Number::from_double_prec(1152921504606846976.0, 53);  // 2^60
  EXPECT_EQ(big.text(), "1152921504606847000");
  EXPECT_EQ(Number::parse_prec("123456789", 10)->text(), "123500000");
}

// ---------------------------------------------------------------------------
// 5.3 set-hash text

TEST(NumberHashText, CompatExamples) {
  struct Case {
    const char* in;
    const char* hash;
  } cases[] = {
      {"12345678901", "1.23456789e+10"}, {"1e21", "1e+21"},       {"0.00001", "1e-05"},
      {"0.0001", "0.0001"},              {"1000000", "1000000"},  {"9999999999", "9999999999"},
      {"99999999995", "1e+11"},          {"-0", "-0"},            {"+Inf", "+Inf"},
      {"-Inf", "-Inf"},                  {"123456.789", "123456.789"}, {"0.1", "0.1"},
      {"10000000000", "1e+10"},          {"1234567", "1234567"},  {"0", "0"},
      {"-1.5", "-1.5"},                  {"12345678.5", "12345678.5"}, {"1.00000000005", "1"},
      {"1.00000000015", "1"},            {"0.000012345678915", "1.234567891e-05"},
  };
  for (const auto& c : cases) EXPECT_EQ(P(c.in).hash_text(), c.hash) << c.in;
  // Doubles: same as strconv 'g', 10.
  EXPECT_EQ(Number::from_double(0.1).hash_text(), "0.1");
  EXPECT_EQ(Number::from_double(1e23).hash_text(), "1e+23");
  EXPECT_EQ(Number::from_double(5e-324).hash_text(), "4.940656458e-324");
}

// ---------------------------------------------------------------------------
// Conversions and exactness

TEST(NumberConvert, Int64) {
  bool ex = false;
  EXPECT_EQ(P("9223372036854775807").to_int64(&ex), INT64_MAX);
  EXPECT_TRUE(ex);
  EXPECT_EQ(P("-9223372036854775808").to_int64(&ex), INT64_MIN);
  EXPECT_TRUE(ex);
  EXPECT_EQ(P("9223372036854775808").to_int64(&ex), INT64_MAX);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("-9223372036854775809").to_int64(&ex), INT64_MIN);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("1.5").to_int64(&ex), 1);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("-1.5").to_int64(&ex), -1);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("0.1").to_int64(&ex), 0);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("1e400").to_int64(&ex), INT64_MAX);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("-Inf").to_int64(&ex), INT64_MIN);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("12345678901234567890123.75e-5").to_int64(&ex), 123456789012345678);
  EXPECT_FALSE(ex);
}

TEST(NumberConvert, Uint64) {
  bool ex = false;
  EXPECT_EQ(P("18446744073709551615").to_uint64(&ex), UINT64_MAX);
  EXPECT_TRUE(ex);
  EXPECT_EQ(P("18446744073709551616").to_uint64(&ex), UINT64_MAX);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("-1").to_uint64(&ex), 0u);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("-0").to_uint64(&ex), 0u);
  EXPECT_TRUE(ex);
  EXPECT_EQ(P("2.5").to_uint64(&ex), 2u);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("+Inf").to_uint64(&ex), UINT64_MAX);
  EXPECT_FALSE(ex);
}

TEST(NumberConvert, Double) {
  bool ex = true;
  EXPECT_EQ(P("0.1").to_double(&ex), 0.1);
  EXPECT_FALSE(ex);
  EXPECT_EQ(Number::from_double(0.1).to_double(&ex), 0.1);
  EXPECT_TRUE(ex);
  EXPECT_EQ(P("1e400").to_double(&ex), HUGE_VAL);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("-1e400").to_double(&ex), -HUGE_VAL);
  EXPECT_FALSE(ex);
  double z = P("-1e-400").to_double(&ex);
  EXPECT_EQ(z, 0.0);
  EXPECT_TRUE(std::signbit(z));
  EXPECT_FALSE(ex);
  EXPECT_EQ(bits_of(P("1e-320").to_double(&ex)), 0x00000000000007e8u);
  EXPECT_FALSE(ex);
  // Halfway between 0 and the smallest subnormal rounds to even (0); just
  // above it rounds up.
  EXPECT_EQ(P("1p-1075").to_double(&ex), 0.0);
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("3p-1076").to_double(&ex), from_bits(1));
  EXPECT_FALSE(ex);
  EXPECT_EQ(P("9007199254740993").to_double(&ex), 9007199254740992.0);
  EXPECT_FALSE(ex);
  EXPECT_EQ(Number::from_int64(INT64_MAX).to_double(&ex), 9223372036854775808.0);
  EXPECT_FALSE(ex);
  EXPECT_EQ(Number::from_int64(INT64_MIN).to_double(&ex), -9223372036854775808.0);
  EXPECT_TRUE(ex);
  EXPECT_EQ(P("Inf").to_double(&ex), HUGE_VAL);
  EXPECT_TRUE(ex);  // Float64 of Inf is Exact in Go
}

TEST(NumberConvert, FromDouble) {
  EXPECT_THROW(Number::from_double(std::nan("")), dynval::Error);
  try {
    Number::from_double(std::nan(""));
  } catch (const dynval::Error& e) {
    EXPECT_EQ(e.status(), dynval::Status::InvalidArg);
  }
  EXPECT_THROW(Number::from_double_prec(1.0, 0), dynval::Error);
  EXPECT_THROW(Number::from_double_prec(1.0, 4097), dynval::Error);
  EXPECT_EQ(Number::from_double(HUGE_VAL).kind(), Kind::Inf);
  EXPECT_EQ(Number::from_double(-HUGE_VAL).text(), "-Inf");
  Number m = Number::from_double(std::numeric_limits<double>::max());
  EXPECT_EQ(m.kind(), Kind::Double);
  EXPECT_EQ(m.wire_form(), WF::Text);  // an integer beyond int64
  EXPECT_EQ(m.text().size(), 309u);
  // prec 1: 3.0 rounds (half to even) to 4.0, 5.0 to 4.0, 7.0 to 8.0
  EXPECT_EQ(Number::from_double_prec(3.0, 1).int_value(), 4);
  EXPECT_EQ(Number::from_double_prec(5.0, 1).int_value(), 4);
  EXPECT_EQ(Number::from_double_prec(7.0, 1).int_value(), 8);
}

// ---------------------------------------------------------------------------
// 1.3 msgpack form

TEST(NumberWire, Forms) {
  EXPECT_EQ(P("5").wire_form(), WF::Int64);
  EXPECT_EQ(P("-9223372036854775808").wire_form(), WF::Int64);
  EXPECT_EQ(P("9223372036854775808").wire_form(), WF::Text);
  EXPECT_EQ(P("18446744073709551616").wire_form(), WF::Text);
  EXPECT_EQ(P("1e20").wire_form(), WF::Text);
  EXPECT_EQ(P("0.5").wire_form(), WF::Float64);
  EXPECT_EQ(P("0.1").wire_form(), WF::Text);
  EXPECT_EQ(Number::from_double(0.1).wire_form(), WF::Float64);
  EXPECT_EQ(Number::from_double(9007199254740992.0).wire_form(), WF::Int64);
  EXPECT_EQ(Number::from_double(1e23).wire_form(), WF::Text);
  EXPECT_EQ(P("Inf").wire_form(), WF::Float64);
  EXPECT_EQ(P("-Inf").wire_form(), WF::Float64);
  EXPECT_EQ(Number::from_double(-0.0).wire_form(), WF::Int64);
  EXPECT_EQ(Number::from_uint64(UINT64_MAX).wire_form(), WF::Text);
  EXPECT_EQ(P("1e-320").wire_form(), WF::Text);  // not an exact binary64 at 512 bits
  EXPECT_EQ(Number::from_double(1e-320).wire_form(), WF::Float64);
}

// ---------------------------------------------------------------------------
// 4.4 equality and ordering

TEST(NumberEqual, CompatExamples) {
  Number dec01 = P("0.1");
  Number f01 = Number::from_double(0.1);
  Number exact01 = P("0.1000000000000000055511151231257827021181583404541015625");
  // Different mathematical values, same text: equal.
  EXPECT_NE(Number::compare(dec01, f01), 0);
  EXPECT_TRUE(Number::equal(dec01, f01));
  // Same mathematical value, different precision: unequal.
  EXPECT_EQ(Number::compare(exact01, f01), 0);
  EXPECT_FALSE(Number::equal(exact01, f01));
  EXPECT_FALSE(Number::equal(exact01, dec01));
  // -0 == 0, integers compare exactly across precisions.
  EXPECT_TRUE(Number::equal(P("-0"), P("0")));
  EXPECT_TRUE(Number::equal(Number::from_double(-0.0), Number::from_int64(0)));
  EXPECT_TRUE(Number::equal(P("1"), Number::from_int64(1)));
  EXPECT_TRUE(Number::equal(P("1e400"), P("10e399")));
  EXPECT_TRUE(Number::equal(P("1e23"), P("100000000000000000000000")));
  EXPECT_FALSE(Number::equal(P("1e23"), Number::from_double(1e23)));  // 1e23 is not a binary64
  EXPECT_FALSE(Number::equal(P("1"), P("-1")));
  EXPECT_FALSE(Number::equal(P("1"), P("1.5")));
  EXPECT_FALSE(Number::equal(P("2"), P("1.5")));
  // Integer vs non-integer with the same text at low precision.
  Number low = *Number::parse_prec("1000.5", 10);  // rounds to 1000 at 10 bits
  EXPECT_EQ(low.text(), "1000");
  EXPECT_TRUE(low.is_integer());
  EXPECT_TRUE(Number::equal(low, P("1000")));
  // Inf equals same-signed Inf only.
  EXPECT_TRUE(Number::equal(P("Inf"), Number::infinity(false)));
  EXPECT_FALSE(Number::equal(P("Inf"), P("-Inf")));
  EXPECT_FALSE(Number::equal(P("Inf"), P("1e400")));
}

TEST(NumberEqual, KeyAgreesWithEqual) {
  std::vector<Number> v = {
      P("0"), P("-0"), Number::from_double(-0.0), P("1"), Number::from_int64(1), Number::from_double(1.0),
      P("0.1"), Number::from_double(0.1), P("0.1000000000000000055511151231257827021181583404541015625"),
      P("1e400"), P("10e399"), P("Inf"), Number::infinity(false), P("-Inf"), P("-0.1"),
      Number::from_double(-0.1), P("18446744073709551615"), Number::from_uint64(UINT64_MAX),
      Number::from_double(1e23), P("1e23"), P("99999999999999991611392"), *Number::parse_prec("1000.5", 10),
      P("1000"), P("1.5"), Number::from_double(1.5), *Number::parse_prec("1.5", 2)};
  int equal_pairs = 0;
  for (size_t i = 0; i < v.size(); i++) {
    for (size_t j = 0; j < v.size(); j++) {
      std::string ka, kb;
      v[i].append_equality_key(ka);
      v[j].append_equality_key(kb);
      bool eq = Number::equal(v[i], v[j]);
      EXPECT_EQ(eq, Number::equal(v[j], v[i])) << i << " " << j;
      EXPECT_EQ(eq, ka == kb) << i << " " << j << ": " << ka << " vs " << kb;
      equal_pairs += eq;
    }
  }
  EXPECT_GT(equal_pairs, static_cast<int>(v.size()));  // some non-trivial pairs
}

TEST(NumberCompare, Exact) {
  std::vector<Number> ascending = {
      P("-Inf"), P("-1e400"), Number::from_int64(INT64_MIN), P("-1.5"), P("-1"),
      P("-0.1000000000000000055511151231257827021181583404541015625"), P("-0.1"), P("-1e-400"),
      P("0"), P("1e-400"), Number::from_double(5e-324), P("0.1"), Number::from_double(0.1),
      P("0.5"), P("1"), P("1.0000000000000000000000001"), Number::from_int64(INT64_MAX),
      P("9223372036854775808"), Number::from_uint64(UINT64_MAX), P("18446744073709551616"),
      P("18446744073709551617"), Number::from_double(1e23), P("1e23"), P("1e400"), P("Inf")};
  for (size_t i = 0; i < ascending.size(); i++) {
    for (size_t j = 0; j < ascending.size(); j++) {
      int want = i < j ? -1 : (i > j ? 1 : 0);
      EXPECT_EQ(Number::compare(ascending[i], ascending[j]), want)
          << ascending[i].text() << " vs " << ascending[j].text();
    }
  }
  EXPECT_EQ(Number::compare(P("-0"), P("0")), 0);
  EXPECT_EQ(Number::compare(P("0.5"), Number::from_double(0.5)), 0);
  EXPECT_EQ(Number::compare(P("Inf"), Number::infinity(false)), 0);
}

TEST(NumberObservers, SignAndInteger) {
  EXPECT_EQ(P("-Inf").sign(), -1);
  EXPECT_TRUE(P("-Inf").signbit());
  EXPECT_FALSE(P("Inf").is_integer());
  EXPECT_TRUE(P("1e400").is_integer());
  EXPECT_FALSE(P("1e-400").is_integer());
  EXPECT_TRUE(Number::from_double(1e23).is_integer());
  EXPECT_FALSE(Number::from_double(0.5).is_integer());
  EXPECT_EQ(P("-1e-400").sign(), -1);
  EXPECT_EQ(Number::from_uint64(UINT64_MAX).sign(), 1);
}

}  // namespace

// text_length_bound() is what decoders check against their digit limit, so
// it must never be below the real length, and must see through short texts
// that expand enormously.
TEST(NumberTextBound, NeverBelowTheTextLength) {
  const char* samples[] = {"0", "-0", "1", "-1", "0.1", "-0.1", "1e21", "1e100", "1e-7", "1e400", "1e-400",
                           "123456789012345678901234567890.5", "3.14159265358979323846264338327950288419716939937510",
                           "5e-324", "1p-1074", "1p1023", "-2.25", ".5", "18446744073709551616", "Inf", "-Inf",
                           "0.000000000000000000000000000001", "1p-20000", "7p30000"};
  for (const char* s : samples) {
    auto n = dynval::Number::parse(s);
    ASSERT_TRUE(n.has_value()) << s;
    EXPECT_GE(n->text_length_bound(), n->text().size()) << s;
  }
  for (double d : {5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 123.456, -0.0, 1e23}) {
    auto n = dynval::Number::from_double(d);
    EXPECT_GE(n.text_length_bound(), n.text().size()) << d;
  }
  auto m = dynval::Number::from_uint64(UINT64_MAX);
  EXPECT_GE(m.text_length_bound(), m.text().size());
}

TEST(NumberTextBound, SeesHugeExponents) {
  // (Beyond Go's binary exponent range, +-2^31, parsing gives Inf or 0.)
  auto big = dynval::Number::parse("1e300000000");
  ASSERT_TRUE(big.has_value());
  EXPECT_GT(big->text_length_bound(), size_t(300000000));
  auto tiny = dynval::Number::parse("1e-300000000");
  ASSERT_TRUE(tiny.has_value());
  EXPECT_GT(tiny->text_length_bound(), size_t(300000000));
  // ... but stays close for ordinary values.
  EXPECT_LT(dynval::Number::parse("0.1")->text_length_bound(), size_t(400));
}

// magnitude_digits() is what the decoders charge against the document's
// number budget: the zeros an exponent adds, not the significant digits.
TEST(NumberMagnitudeDigits, CountsTheExponentOnly) {
  auto md = [](const char* s) { return dynval::Number::parse(s)->magnitude_digits(); };
  EXPECT_NEAR(double(md("1e9000")), 9000.0, 1.0);
  EXPECT_NEAR(double(md("-1e-9000")), 9000.0, 1.0);
  EXPECT_NEAR(double(md("1p-3000")), 903.0, 1.0);
  EXPECT_LE(md("0.1"), 1u);
  EXPECT_LE(md("1.234567890123456789012345678901234567890123456789"), 1u);
  EXPECT_EQ(md("0"), 0u);
  EXPECT_EQ(dynval::Number::from_int64(123456789).magnitude_digits(), 0u);
  EXPECT_NEAR(double(dynval::Number::from_double(1e300).magnitude_digits()), 300.0, 1.0);
  EXPECT_EQ(dynval::Number::from_double(0.0).magnitude_digits(), 0u);
}
