// The fast decimal output paths of dynval::Number against the reference
// (number/internal.hpp): text() against text_reference() (the exact ftoa.go
// algorithm without the binary64 shortcut, with the former cpp_int
// conversions), hash_text() against hash_text_reference(), and the limb
// conversion decimal_of_limbs() (through decimal_of_big / shortest_bounds_big)
// against the cpp_int versions, digit for digit. Pseudo-random inputs come
// from fixed seeds, so a failure is reproducible.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "number/internal.hpp"
#include "number/number.hpp"

using dynval::Number;

namespace {

// How often text_big_prefix settled a text and how often it declined.
int g_prefix_settled = 0, g_prefix_declined = 0;

std::string dec_str(const dynval::Decimal& d) {
  return std::string(d.mant.begin(), d.mant.end()) + "e" + std::to_string(d.exp);
}

// Every comparison for one number; returns false (after recording the
// failure) so that loops can stop at the first few.
bool same_as_reference(const Number& n, const std::string& what) {
  const std::string t = n.text(), tr = dynval::text_reference(n);
  EXPECT_EQ(t, tr) << what << " (precision " << n.precision() << ")";
  const std::string h = n.hash_text(), hr = dynval::hash_text_reference(n);
  EXPECT_EQ(h, hr) << what << " (precision " << n.precision() << ")";
  bool ok = t == tr && h == hr;
  if (n.kind() == Number::Kind::Big) {
    dynval::Decimal a, b;
    dynval::decimal_of_big(n.big(), a);
    dynval::decimal_of_big_reference(n.big(), b);
    EXPECT_EQ(dec_str(a), dec_str(b)) << what;
    dynval::MagView v;
    dynval::mag_view(n, v);
    dynval::Decimal la, ua, lb, ub;
    bool ia = false, ib = true;
    dynval::shortest_bounds_big(v, n.precision(), la, ua, ia);
    dynval::shortest_bounds_big_reference(v, n.precision(), lb, ub, ib);
    EXPECT_EQ(dec_str(la), dec_str(lb)) << what;
    EXPECT_EQ(dec_str(ua), dec_str(ub)) << what;
    EXPECT_EQ(ia, ib) << what;
    ok = ok && dec_str(a) == dec_str(b) && dec_str(la) == dec_str(lb) &&
         dec_str(ua) == dec_str(ub) && ia == ib;
    // Cut conversions: a prefix of the exact digits, cut iff digits are missing.
    for (size_t k : {1u, 5u, 12u, 30u}) {
      dynval::Decimal c;
      bool cut = dynval::decimal_of_big(n.big(), c, k);
      std::string full(a.mant.begin(), a.mant.end()), got(c.mant.begin(), c.mant.end());
      if (cut) {
        EXPECT_LT(got.size(), full.size()) << what << " limit " << k;
        EXPECT_GE(got.size(), k) << what << " limit " << k;
        EXPECT_EQ(full.compare(0, got.size(), got), 0) << what << " limit " << k;
        EXPECT_EQ(c.exp, a.exp) << what << " limit " << k;
      } else {
        EXPECT_EQ(dec_str(c), dec_str(a)) << what << " limit " << k;
      }
      // The text from prefixes, when they settle it, is the reference text.
      std::string pt;
      if (dynval::text_big_prefix(n, k, pt)) {
        g_prefix_settled++;
        EXPECT_EQ(pt, tr) << what << " limit " << k;
        ok = ok && pt == tr;
      } else {
        g_prefix_declined++;
      }
    }
  }
  return ok;
}

// A random finite double: sometimes any bit pattern, sometimes a short
// decimal, sometimes a subnormal or an integer beyond 2^53.
double random_double(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0: {
      double d;
      do {
        d = std::bit_cast<double>(rng());
      } while (!std::isfinite(d));
      return d;
    }
    case 2: {  // a decimal with 1..17 digits and a moderate exponent
      int digits = 1 + static_cast<int>(rng() % 17);
      std::string s = (rng() & 1) ? "-" : "";
      for (int i = 0; i < digits; i++) s.push_back(static_cast<char>('0' + rng() % 10));
      s += "e" + std::to_string(static_cast<int>(rng() % 80) - 40);
      return std::strtod(s.c_str(), nullptr);
    }
    case 3:  // subnormal
      return std::bit_cast<double>((rng() & 0x800fffffffffffffull));
    case 4:
    case 5: {  // any mantissa, |exponent| <= 70 (the fast path's range and beyond)
      uint64_t bexp = 1023 - 70 + rng() % 141;
      return std::bit_cast<double>((rng() & 0x800fffffffffffffull) | (bexp << 52));
    }
    default: {  // an integer in [2^53, 2^80)
      double m = static_cast<double>(rng() >> 11);  // < 2^53
      return std::ldexp(m, 1 + static_cast<int>(rng() % 27)) * ((rng() & 1) ? -1 : 1);
    }
  }
}

TEST(NumberTextFast, RandomDoublesAtPrecision53) {
  std::mt19937_64 rng(20240601);
  int failures = 0;
  for (int i = 0; i < 60000 && failures < 10; i++) {
    double d = random_double(rng);
    Number n = Number::from_double(d);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%a", d);
    if (!same_as_reference(n, buf)) failures++;
  }
  EXPECT_EQ(failures, 0);
}

// Where d, lower and upper have different decimal exponents (roundShortest
// compares their digits position by position without aligning them), and
// powers of two (asymmetric binary64 neighbours), and the extremes.
TEST(NumberTextFast, DoublesNearPowersOfTenAndTwo) {
  std::vector<double> xs = {0.0,
                            -0.0,
                            std::numeric_limits<double>::min(),
                            std::numeric_limits<double>::max(),
                            -std::numeric_limits<double>::max(),
                            std::numeric_limits<double>::denorm_min(),
                            std::numeric_limits<double>::epsilon(),
                            0.1,
                            0.2,
                            0.3,
                            1e23,
                            1234567890.5,  // ties at 10 digits (hash text)
                            1234567891.5,
                            12345678.125,
                            0.000012345678905,
                            9007199254740993.0,
                            5e-324,
                            1.7976931348623157e308};
  for (int k = -325; k <= 308; k++) {
    double p = std::strtod(("1e" + std::to_string(k)).c_str(), nullptr);
    double lo = p, hi = p;
    xs.push_back(p);
    for (int j = 0; j < 6; j++) {
      lo = std::nextafter(lo, 0.0);
      hi = std::nextafter(hi, HUGE_VAL);
      xs.push_back(lo);
      xs.push_back(hi);
    }
  }
  for (int e = -1074; e <= 1023; e++) {
    double p = std::ldexp(1.0, e);
    xs.push_back(p);
    xs.push_back(std::nextafter(p, 0.0));
    xs.push_back(std::nextafter(p, HUGE_VAL));
  }
  int failures = 0;
  for (double d : xs) {
    if (!std::isfinite(d)) continue;
    for (double s : {d, -d}) {
      char buf[40];
      std::snprintf(buf, sizeof buf, "%a", s);
      if (!same_as_reference(Number::from_double(s), buf) && ++failures >= 10) return;
    }
  }
}

TEST(NumberTextFast, DoublesAtOtherPrecisions) {
  std::mt19937_64 rng(77);
  int failures = 0;
  for (int i = 0; i < 20000 && failures < 10; i++) {
    double d = random_double(rng);
    uint32_t prec = 1 + static_cast<uint32_t>(rng() % 140);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%a", d);
    if (!same_as_reference(Number::from_double_prec(d, prec), buf)) failures++;
  }
  EXPECT_EQ(failures, 0);
}

// Random decimals parsed at several precisions: mostly kBig values.
TEST(NumberTextFast, RandomParsedDecimals) {
  g_prefix_settled = g_prefix_declined = 0;
  std::mt19937_64 rng(4242);
  const uint32_t precs[] = {1, 10, 53, 64, 65, 100, 128, 200, 512, 513, 1000, 4096};
  int failures = 0;
  for (int i = 0; i < 6000 && failures < 10; i++) {
    int digits = 1 + static_cast<int>(rng() % ((rng() & 3) == 0 ? 400 : 70));
    std::string s = (rng() & 1) ? "-" : "";
    for (int j = 0; j < digits; j++) s.push_back(static_cast<char>('0' + rng() % 10));
    if (rng() & 1) s.insert(s.size() - static_cast<size_t>(rng() % static_cast<uint64_t>(digits)), ".");
    int span = (rng() & 7) == 0 ? 1200 : 60;
    s += "e" + std::to_string(static_cast<int>(rng() % static_cast<uint64_t>(2 * span)) - span);
    uint32_t prec = precs[rng() % std::size(precs)];
    auto n = Number::parse_prec(s, prec);
    ASSERT_TRUE(n.has_value()) << s;
    if (!same_as_reference(*n, s)) failures++;
  }
  EXPECT_EQ(failures, 0);
  // Both outcomes of the prefix path occurred (so both were compared).
  EXPECT_GT(g_prefix_settled, 500);
  EXPECT_GT(g_prefix_declined, 500);
  std::printf("prefix path: %d settled, %d declined\n", g_prefix_settled, g_prefix_declined);
}

// Numbers whose exact expansion is long: the cases that used to take tens of
// milliseconds (the reference still does).
TEST(NumberTextFast, LongExpansions) {
  std::string big(10000, '7');
  big[0] = '9';
  const std::string cases[] = {
      big,
      "1e-9800",
      "-3.3e-9800",
      "1p-4000",
      "0.1e-1000",
      "1e1000",
      "123456789012345678901234567890e-350",
      "18446744073709551615",
      "18446744073709551616",
      "340282366920938463463374607431768211455",
      "340282366920938463463374607431768211456.5",
  };
  for (const auto& s : cases) {
    for (uint32_t prec : {53u, 64u, 512u, 4096u}) {
      auto n = Number::parse_prec(s, prec);
      ASSERT_TRUE(n.has_value()) << s;
      same_as_reference(*n, s.substr(0, 40));
    }
  }
}

// Small known outputs of the fast binary64 layout (Go's Text('f', -1)).
TEST(NumberTextFast, DoubleLayout) {
  struct Case {
    double d;
    const char* text;
  } cases[] = {
      {0.1, "0.1"},
      {-2.5, "-2.5"},
      {1e23, "100000000000000000000000"},
      {1e-7, "0.0000001"},
      {123456.789, "123456.789"},
      {-257526.67729502264, "-257526.67729502264"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(Number::from_double(c.d).text(), c.text);
  }
  EXPECT_EQ(Number::from_double(1.7976931348623157e308).text(),
            "17976931348623157" + std::string(292, '0'));
}

}  // namespace

namespace {

// Number::parse's 64-bit quotient path (quo_pow5_small) against the cpp_int
// parse_slow it short-cuts: mantissas below 2^64 with 1..27 fraction digits.
TEST(NumberParseFast, QuotientMatchesSlowPath) {
  std::mt19937_64 rng(99);
  const uint32_t precs[] = {1, 2, 10, 24, 53, 63, 64, 65, 100, 512, 1000, 4096};
  int failures = 0, quotients = 0;
  for (int i = 0; i < 40000 && failures < 10; i++) {
    uint64_t m = rng() >> (rng() % 64);
    if (m == 0) m = 1;
    std::string digits = std::to_string(m);
    int n = 1 + static_cast<int>(rng() % 27);
    int e10 = (rng() & 3) == 0 ? static_cast<int>(rng() % 11) - 5 : 0;
    std::string s = (rng() & 1) ? "-" : "";
    // digits with the point n places from the end (leading zeros as needed)
    std::string padded = digits.size() <= static_cast<size_t>(n)
                             ? std::string(static_cast<size_t>(n) + 1 - digits.size(), '0') + digits
                             : digits;
    s += padded.substr(0, padded.size() - static_cast<size_t>(n)) + "." +
         padded.substr(padded.size() - static_cast<size_t>(n));
    if (e10 != 0) s += "e" + std::to_string(e10);
    uint32_t prec = precs[rng() % std::size(precs)];
    auto fast = Number::parse_prec(s, prec);
    ASSERT_TRUE(fast.has_value()) << s;
    int64_t exp5 = e10 - n;
    auto slow = dynval::parse_slow(s[0] == '-', padded, exp5, exp5, prec);
    ASSERT_TRUE(slow.has_value()) << s;
    if (exp5 < 0 && exp5 >= -27) quotients++;
    bool same = fast->kind() == slow->kind() && fast->precision() == slow->precision() &&
                fast->signbit() == slow->signbit() && Number::compare(*fast, *slow) == 0;
    EXPECT_TRUE(same) << s << " at precision " << prec << ": " << fast->text() << " vs "
                      << slow->text();
    if (!same) failures++;
  }
  EXPECT_GT(quotients, 25000);
}

}  // namespace
