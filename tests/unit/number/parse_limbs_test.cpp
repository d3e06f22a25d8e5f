// Number::parse_prec (with the limb parser, parse_limbs) against
// parse_prec_reference (the parser before it: 64-bit fast paths,
// quo_pow5_small and the cpp_int parse_slow), bit for bit: kind, precision,
// sign and payload. Random texts come from a fixed seed, so a failure is
// reproducible; DYNVAL_PARSE_CASES=N runs N random cases instead of the
// default (for long runs by hand), DYNVAL_PARSE_SEED=S another seed.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "number/internal.hpp"
#include "number/number.hpp"

using dynval::Number;

namespace {

// Every bit of a parse result, as text.
std::string bits_of(const std::optional<Number>& n) {
  if (!n) return "nullopt";
  std::string s = "kind=" + std::to_string(static_cast<int>(n->kind())) +
                  " prec=" + std::to_string(n->precision()) + " sign=" + (n->signbit() ? "-" : "+");
  switch (n->kind()) {
    case Number::Kind::Int:
      s += " i=" + std::to_string(n->int_value());
      break;
    case Number::Kind::Uint:
      s += " u=" + std::to_string(n->uint_value());
      break;
    case Number::Kind::Double:
      s += " d=" + std::to_string(std::bit_cast<uint64_t>(n->double_value()));
      break;
    case Number::Kind::Inf:
      break;
    case Number::Kind::Big: {
      const dynval::BigRep* b = n->big();
      s += " exp=" + std::to_string(b->exp) + " limbs=";
      for (uint32_t i = 0; i < b->nlimbs; i++) s += std::to_string(b->limbs()[i]) + ",";
      break;
    }
  }
  return s;
}

struct Tally {
  int failures = 0;
  long cases = 0;
};

bool check(const std::string& text, uint32_t prec, Tally& t) {
  t.cases++;
  const std::string got = bits_of(Number::parse_prec(text, prec));
  const std::string want = bits_of(dynval::parse_prec_reference(text, prec));
  EXPECT_EQ(got, want) << "parse_prec(\"" << text << "\", " << prec << ")";
  if (got != want) t.failures++;
  return got == want;
}

std::string random_digits(std::mt19937_64& rng, size_t n) {
  std::string d(n, '0');
  for (auto& c : d) c = static_cast<char>('0' + rng() % 10);
  return d;
}

// A decimal text: sign, digit string with an optional point, exponent.
std::string layout(std::mt19937_64& rng, const std::string& digits, int64_t e10) {
  std::string s;
  switch (rng() % 4) {
    case 0:
      s = "-";
      break;
    case 1:
      s = "+";
      break;
    default:
      break;
  }
  std::string body = digits;
  // the point somewhere (or not), compensated in the exponent
  if (rng() % 3 != 0) {
    const size_t at = rng() % (body.size() + 1);
    body.insert(at, ".");
    e10 += static_cast<int64_t>(body.size() - 1 - at);
  }
  s += body;
  if (e10 != 0 || rng() % 8 == 0) {
    s += (rng() & 1) ? "e" : "E";
    if (e10 >= 0 && (rng() & 1)) s += "+";
    s += std::to_string(e10);
  }
  return s;
}

uint32_t random_prec(std::mt19937_64& rng) {
  static const uint32_t precs[] = {1, 2, 10, 24, 53, 63, 64, 65, 100, 128, 255, 256, 400, 511, 513, 1000, 4096};
  return (rng() % 4 != 0) ? 512 : precs[rng() % std::size(precs)];
}

long env_long(const char* name, long dflt) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtol(v, nullptr, 10) : dflt;
}

// Decimal digits of a binary string (most significant bit first).
std::string bin_to_dec(const std::string& bin) {
  std::string dec = "0";
  for (char c : bin) {
    int carry = c - '0';
    for (size_t j = dec.size(); j-- > 0;) {
      int d = (dec[j] - '0') * 2 + carry;
      dec[j] = static_cast<char>('0' + d % 10);
      carry = d / 10;
    }
    if (carry) dec.insert(dec.begin(), static_cast<char>('0' + carry));
  }
  return dec;
}

TEST(NumberParseLimbs, RandomTextsMatchReference) {
  std::mt19937_64 rng(static_cast<uint64_t>(env_long("DYNVAL_PARSE_SEED", 15)));
  const long count = env_long("DYNVAL_PARSE_CASES", 200000);
  Tally t;
  for (long i = 0; i < count && t.failures < 10; i++) {
    // digit counts 1..200, mostly in the fast path's range
    size_t nd = 1 + rng() % ((rng() % 4 != 0) ? 70 : 200);
    std::string digits = random_digits(rng, nd);
    switch (rng() % 8) {
      case 0:  // leading zeros
        digits.insert(0, std::string(1 + rng() % 30, '0'));
        break;
      case 1:  // trailing zeros
        digits.append(std::string(1 + rng() % 30, '0'));
        break;
      default:
        break;
    }
    int64_t e10;
    switch (rng() % 10) {
      case 0:  // anywhere in big.Float's range and beyond
        e10 = static_cast<int64_t>(rng() % 2000000000) - 1000000000;
        break;
      case 1:  // around the pow5 exactness bound (5^248 < 2^576 < 5^249)
        e10 = (rng() & 1 ? 1 : -1) * (240 + static_cast<int64_t>(rng() % 20)) -
              static_cast<int64_t>(rng() % 4);
        break;
      case 2:
        e10 = static_cast<int64_t>(rng() % 1200) - 600;
        break;
      default:  // moderate
        e10 = static_cast<int64_t>(rng() % 120) - 80;
        break;
    }
    check(layout(rng, digits, e10 - static_cast<int64_t>(rng() % 3)), random_prec(rng), t);
  }
  EXPECT_EQ(t.failures, 0);
  std::printf("[ cases    ] %ld random texts\n", t.cases);
}

// Mantissas below 2^64 with 1..27 fraction digits (JSON's float-like
// numbers): the reciprocal quotient path of parse_limbs.
TEST(NumberParseLimbs, SixtyFourBitQuotients) {
  std::mt19937_64 rng(27);
  Tally t;
  for (int i = 0; i < 60000 && t.failures < 10; i++) {
    uint64_t m = rng() >> (rng() % 64);
    if (m == 0) m = 1;
    const int n = 1 + static_cast<int>(rng() % 27);
    const int64_t e10 = (rng() % 4 == 0) ? static_cast<int64_t>(rng() % 41) - 20 : 0;
    check(layout(rng, std::to_string(m), e10 - n), random_prec(rng), t);
  }
  EXPECT_EQ(t.failures, 0);
}

// Exact half-way cases at 512 bits: an odd 513-bit integer H (so H/2 is a tie
// between two 512-bit neighbours), written as decimal digits, or as H * 5^k /
// 10^k (the same value with k more fraction digits), and the same plus or
// minus a tiny amount (one more digit far below), so both round directions
// and the tie are hit.
TEST(NumberParseLimbs, HalfwayAt512Bits) {
  std::mt19937_64 rng(513);
  Tally t;
  for (int i = 0; i < 3000 && t.failures < 10; i++) {
    // random bits b in [2, 300] above the tie bit: H = 2^(b) * A + 1 with
    // the tie at bit 0 once the value has prec + 1 significant bits
    const uint32_t prec = (i % 5 == 0) ? static_cast<uint32_t>(1 + rng() % 200) : 512;
    // mantissa of prec + 1 bits, the last one set: a tie at precision prec
    std::string bin(prec + 1, '0');
    bin[0] = '1';
    for (size_t j = 1; j < bin.size(); j++) bin[j] = (rng() & 1) ? '1' : '0';
    bin.back() = '1';
    // decimal of the integer H
    const std::string dec = bin_to_dec(bin);
    // H * 2^-s = H * 5^s / 10^s: a tie scaled into the fraction
    const int s = static_cast<int>(rng() % 60);
    std::string scaled = dec;
    for (int j = 0; j < s; j++) {
      int carry = 0;
      for (size_t q = scaled.size(); q-- > 0;) {
        int d = (scaled[q] - '0') * 5 + carry;
        scaled[q] = static_cast<char>('0' + d % 10);
        carry = d / 10;
      }
      if (carry) scaled.insert(scaled.begin(), static_cast<char>('0' + carry));
    }
    std::string text = scaled + (s > 0 ? "e-" + std::to_string(s) : "");
    check(text, prec, t);
    check("-" + text, prec, t);
    check(scaled + "1e-" + std::to_string(s + 1), prec, t);  // a hair above
    // a hair below: (scaled - 1) followed by 9s
    std::string below = scaled;
    for (size_t q = below.size(); q-- > 0;) {
      if (below[q] == '0') {
        below[q] = '9';
      } else {
        below[q]--;
        break;
      }
    }
    check(below + "9e-" + std::to_string(s + 1), prec, t);
    // the tie with a point inside the digits and a positive exponent
    const size_t at = 1 + rng() % (scaled.size() - 1);
    const int64_t e = static_cast<int64_t>(scaled.size() - at) - s;
    check(scaled.substr(0, at) + "." + scaled.substr(at) + "e" + std::to_string(e), prec, t);
  }
  EXPECT_EQ(t.failures, 0);
}


// Ties through the product path: M odd with bitlen(M * 5^n) = prec + 1 makes
// "Me<n>" (significand M * 5^n, times 2^n) exactly half-way at prec bits, with
// M short enough (<= 96 digits) for the limb parser.
TEST(NumberParseLimbs, HalfwayProducts) {
  std::mt19937_64 rng(576);
  int bits5[260];
  {
    std::vector<uint32_t> p{1};
    for (int n = 0; n < 260; n++) {
      if (n > 0) {
        uint64_t carry = 0;
        for (auto& w : p) {
          uint64_t x = uint64_t{w} * 5 + carry;
          w = static_cast<uint32_t>(x);
          carry = x >> 32;
        }
        if (carry) p.push_back(static_cast<uint32_t>(carry));
      }
      bits5[n] = static_cast<int>((p.size() - 1) * 32) + std::bit_width(p.back());
    }
  }
  Tally t;
  for (int i = 0; i < 6000 && t.failures < 10; i++) {
    const uint32_t prec = (i % 3 == 0) ? static_cast<uint32_t>(1 + rng() % 511) : 512;
    const int n = static_cast<int>(rng() % 250);
    const int b = static_cast<int>(prec) + 1 - bits5[n] + static_cast<int>(rng() % 2);
    if (b < 1 || b > 318) continue;
    std::string bin(static_cast<size_t>(b), '1');
    for (size_t j = 1; j + 1 < bin.size(); j++) bin[j] = (rng() & 1) ? '1' : '0';
    const std::string m = bin_to_dec(bin);
    const std::string e = "e" + std::to_string(n);
    check(m + e, prec, t);
    check("-" + m + e, prec, t);
    check(m + "0000000000000000000001e" + std::to_string(n - 22), prec, t);  // a hair above
    // a hair below: (m - 1) followed by 9s (m is odd, so m - 1 only changes the last digit)
    std::string below = m;
    below.back()--;
    check(below + "99999999999999999999e" + std::to_string(n - 20), prec, t);
    const size_t at = rng() % (m.size() + 1);
    check(m.substr(0, at) + "." + m.substr(at) + "e" + std::to_string(n + static_cast<int>(m.size() - at)), prec, t);
  }
  EXPECT_EQ(t.failures, 0);
}

TEST(NumberParseLimbs, EdgeCases) {
  Tally t;
  const char* fixed[] = {
      "0", "-0", "+0", "0.000", "-0.0e-400", "00000000000000000000000000000000000000000", "-0e99999999999",
      "1e-400", "-1e-400", "1e400", "1e-324", "4.9e-324", "2.2250738585072014e-308",
      "1.7976931348623157e308", "1e-248", "1e-249", "1e248", "1e249", "7e-248", "7e-249",
      "18446744073709551615", "18446744073709551616", "18446744073709551617", "-9223372036854775808",
      "-9223372036854775809", "9223372036854775807.5", "18446744073709551615.5e-5",
      "340282366920938463463374607431768211455", "340282366920938463463374607431768211456",
      // 2^512 - 1, 2^512, 2^512 + 1, 2^513 - 1
      "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084095",
      "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096",
      "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084097",
      "26815615859885194199148049996411692254958731641184786755447122887443528060147093953603748596333806855380063716372972101707507765623893139892867298012168191",
      "0.1", "0.3", "1.5", "2.5", "-2.5e0", ".5", "5.", "-.5e1", "1p10", "1.5p-3", "123456789012345678901234567890p-100",
      "1e-2147483648", "1e2147483647", "1p2147483647", "1p-2147483648", "1p16777216", "1p16777217",
      "1p-16777216", "1p-16777217", "9999999999999999999999999999999999999999999999999999999999999e-60",
  };
  for (const char* s : fixed) {
    for (uint32_t prec : {512u, 53u, 1u, 64u, 511u, 513u, 4096u}) check(s, prec, t);
  }
  // 5^n dividing a 64-bit mantissa far from the caller's exact-quotient
  // shortcut (|binary exponent| >= 4000): exact ties at low precision
  for (unsigned n = 1; n <= 27; n++) {
    for (uint64_t mult : {3u, 5u, 7u, 9u, 11u, 13u, 1023u}) {
      const unsigned __int128 v = static_cast<unsigned __int128>(mult) * dynval::kPow5Tab[n];
      if ((v >> 64) != 0) continue;
      std::string d = std::to_string(static_cast<uint64_t>(v));
      if (d.size() <= n) d.insert(0, n + 1 - d.size(), '0');
      const std::string s = d.substr(0, d.size() - n) + "." + d.substr(d.size() - n);
      for (const char* e : {"p-5000", "p5000", "p-4000", ""}) {
        for (uint32_t prec = 1; prec <= 12; prec++) check(s + e, prec, t);
      }
    }
  }
  // 96 and 97 significant digits (the fast path's digit bound), with zeros
  for (int nd : {95, 96, 97}) {
    std::string d(static_cast<size_t>(nd), '9');
    for (const std::string& s : {d, "000" + d, d + "e-200", "0." + d, d + "e200", d + ".000"}) {
      check(s, 512, t);
      check("-" + s, 512, t);
    }
  }
  // integers near 2^64 and 2^512 in many layouts
  std::mt19937_64 rng(64);
  for (const char* base : {"18446744073709551616",
                           "13407807929942597099574024998205846127479365820592393377723561443721764030073546976801874298166903427690031858186486050853753882811946569946433649006084096"}) {
    const std::string b = base;
    for (int d = -3000; d <= 3000; d += 1) {
      // b + d (small offsets; b ends with enough digits not to borrow far)
      std::string s = b;
      long tail = std::stol(s.substr(s.size() - 6)) + d;
      std::string ts = std::to_string(tail);
      s = s.substr(0, s.size() - 6) + std::string(6 - ts.size(), '0') + ts;
      check(layout(rng, s, 0), 512, t);
    }
  }
  EXPECT_EQ(t.failures, 0);
}

}  // namespace
