// The arbitrary-precision slow paths of dynval::Number: a minimal port of the
// parts of Go's *big.Float (math/big/float.go, floatconv.go) that ParseFloat
// uses, with boost::multiprecision::cpp_int as the natural-number type.
//
// Go's Float represents |x| = 0.mant * 2^exp (mant normalised to [1/2, 1)).
// Rounding (Float.round) only depends on the mathematical value of the
// mantissa and a sticky bit, so here the mantissa is kept as a plain integer
// and |x| = mant * 2^(exp - bitlen(mant)).
#include <bit>
#include <charconv>
#include <iterator>
#include <string>
#include <vector>
#include <cmath>
#include <limits>

#include <boost/multiprecision/cpp_int.hpp>

#include "number/internal.hpp"
#include "support/error.hpp"

namespace dynval {

namespace {

using Int = boost::multiprecision::cpp_int;
namespace mp = boost::multiprecision;

uint64_t bitlen(const Int& m) { return m == 0 ? 0 : static_cast<uint64_t>(mp::msb(m)) + 1; }

Int from_limbs(const uint64_t* limbs, uint32_t n) {
  Int m;
  mp::import_bits(m, limbs, limbs + n, 64, false);
  return m;
}

Int from_view(const MagView& v) { return from_limbs(v.limbs, v.n); }

struct BF {
  enum Form : uint8_t { Zero, Finite, Inf };
  Form form = Zero;
  bool neg = false;
  int64_t exp = 0;  // Go's exponent: |x| = 0.mant * 2^exp
  Int mant;         // nonzero iff finite
  uint32_t prec = 0;
};

// float.go Float.round, mode ToNearestEven.
void round(BF& z, unsigned sbit) {
  if (z.form != BF::Finite) return;
  uint64_t bits = bitlen(z.mant);
  if (bits <= z.prec) return;  // mantissa fits => nothing to do
  uint64_t r = bits - z.prec - 1;  // rounding bit position
  bool rbit = mp::bit_test(z.mant, static_cast<unsigned>(r));
  if (sbit == 0 && r > 0) sbit = mp::lsb(z.mant) < r ? 1 : 0;
  z.mant >>= static_cast<unsigned>(r + 1);
  if (rbit && (sbit != 0 || mp::bit_test(z.mant, 0))) {
    z.mant += 1;
    if (bitlen(z.mant) > z.prec) {
      // mantissa overflow => adjust exponent
      if (z.exp >= kMaxExp) {
        z.form = BF::Inf;
        return;
      }
      z.exp++;
      z.mant >>= 1;
    }
  }
}

// float.go setExpAndRound.
void set_exp_and_round(BF& z, int64_t exp, unsigned sbit) {
  if (exp < kMinExp) {
    z.form = BF::Zero;  // underflow
    z.mant = 0;
    return;
  }
  if (exp > kMaxExp) {
    z.form = BF::Inf;  // overflow
    z.mant = 0;
    return;
  }
  z.form = BF::Finite;
  z.exp = exp;
  round(z, sbit);
}

// Float.SetUint64 (z.prec already set).
void set_uint64(BF& z, uint64_t v) {
  z.neg = false;
  if (v == 0) {
    z.form = BF::Zero;
    z.mant = 0;
    return;
  }
  z.form = BF::Finite;
  z.mant = v;
  z.exp = bw(v);
  if (z.prec < 64) round(z, 0);
}

// Float.Mul (z.prec already set; 0 * Inf cannot occur here).
void mul(BF& z, const BF& x, const BF& y) {
  bool neg = x.neg != y.neg;
  if (x.form == BF::Finite && y.form == BF::Finite) {
    Int m = x.mant * y.mant;
    int64_t e = x.exp - static_cast<int64_t>(bitlen(x.mant)) + y.exp -
                static_cast<int64_t>(bitlen(y.mant)) + static_cast<int64_t>(bitlen(m));
    z.neg = neg;
    z.mant = std::move(m);
    set_exp_and_round(z, e, 0);
    return;
  }
  z.neg = neg;
  z.mant = 0;
  z.form = (x.form == BF::Inf || y.form == BF::Inf) ? BF::Inf : BF::Zero;
}

// Float.Quo (z.prec already set; 0/0 and Inf/Inf cannot occur here). The
// quotient is computed with at least prec+2 bits and a sticky bit from the
// remainder, which gives the same correctly rounded result as Go's uquo.
void quo(BF& z, const BF& x, const BF& y) {
  bool neg = x.neg != y.neg;
  if (x.form == BF::Finite && y.form == BF::Finite) {
    int64_t bx = static_cast<int64_t>(bitlen(x.mant));
    int64_t by = static_cast<int64_t>(bitlen(y.mant));
    int64_t k = static_cast<int64_t>(z.prec) + 2 + by - bx;
    if (k < 0) k = 0;
    Int num = x.mant << static_cast<unsigned>(k);
    Int q, r;
    mp::divide_qr(num, y.mant, q, r);
    // |x/y| = q * 2^(x.exp - bx - k - y.exp + by) (+ remainder)
    int64_t e = x.exp - bx - k - y.exp + by + static_cast<int64_t>(bitlen(q));
    z.neg = neg;
    z.mant = std::move(q);
    set_exp_and_round(z, e, r != 0 ? 1 : 0);
    return;
  }
  z.neg = neg;
  z.mant = 0;
  z.form = (x.form == BF::Zero || y.form == BF::Inf) ? BF::Zero : BF::Inf;
}


// floatconv.go Float.pow5: z = 5^n at z.prec, by repeated squaring with an
// intermediate of z.prec + 64 bits (each Mul rounds, exactly as Go does).
void pow5(BF& z, uint64_t n) {
  constexpr uint64_t m = std::size(kPow5Tab) - 1;
  if (n <= m) {
    set_uint64(z, kPow5Tab[n]);
    return;
  }
  set_uint64(z, kPow5Tab[m]);
  n -= m;
  BF f;
  f.prec = z.prec + 64;
  set_uint64(f, 5);
  while (n > 0) {
    if (n & 1) mul(z, z, f);
    n >>= 1;
    // Go squares once more after the last step; that value is never used.
    if (n > 0) mul(f, f, f);
  }
}

Number to_number(const BF& z) {
  switch (z.form) {
    case BF::Zero:
      return z.neg ? NumberAccess::make_double(-0.0, z.prec) : NumberAccess::make_int(0, z.prec);
    case BF::Inf:
      return NumberAccess::make_inf(z.neg, z.prec);
    case BF::Finite:
      break;
  }
  uint64_t bl = bitlen(z.mant);
  uint64_t tz = mp::lsb(z.mant);
  Int m = z.mant >> static_cast<unsigned>(tz);
  int64_t e = z.exp - static_cast<int64_t>(bl) + static_cast<int64_t>(tz);
  if (bl - tz <= 64) return normalize_small(z.neg, static_cast<uint64_t>(m), e, z.prec);
  uint32_t nlimbs = static_cast<uint32_t>((bl - tz + 63) / 64);
  BigRep* b = BigRep::allocate(nlimbs);
  mp::export_bits(m, b->limbs(), 64, false);
  b->exp = e;
  return NumberAccess::make_big(b, z.neg, z.prec);
}

// Decimal digits of m >= 0 (cpp_int's str() is several times slower): divide
// 32-bit limbs by 10^9 repeatedly (a 64-bit division by a constant compiles to
// a multiplication), then print the chunks.
std::string dec_string(const Int& m) {
  if (m == 0) return "0";
  std::vector<uint32_t> limbs;
  limbs.reserve(static_cast<size_t>(bitlen(m) / 32 + 1));
  mp::export_bits(m, std::back_inserter(limbs), 32, false);
  constexpr uint64_t kBase = 1000000000;  // 10^9
  std::vector<uint32_t> chunks;  // least significant first
  chunks.reserve(limbs.size() * 32 / 29 + 2);
  size_t n = limbs.size();
  while (n > 0) {
    uint64_t rem = 0;
    for (size_t i = n; i-- > 0;) {
      uint64_t cur = (rem << 32) | limbs[i];
      limbs[i] = static_cast<uint32_t>(cur / kBase);
      rem = cur % kBase;
    }
    chunks.push_back(static_cast<uint32_t>(rem));
    while (n > 0 && limbs[n - 1] == 0) n--;
  }
  std::string out;
  out.reserve(chunks.size() * 9);
  char buf[16];
  for (size_t i = chunks.size(); i-- > 0;) {
    auto r = std::to_chars(buf, buf + sizeof buf, chunks[i]);
    size_t len = static_cast<size_t>(r.ptr - buf);
    if (i + 1 != chunks.size()) out.append(9 - len, '0');
    out.append(buf, len);
  }
  return out;
}

void digits_into(const Int& m, int64_t shift, Decimal& d) {
  if (shift >= 0) {
    Int s = m << static_cast<unsigned>(shift);
    d.init_digits(dec_string(s), 0);
  } else {
    uint64_t tz = m == 0 ? 0 : mp::lsb(m);
    int64_t s = std::min<int64_t>(static_cast<int64_t>(tz), -shift);
    Int t = m >> static_cast<unsigned>(s);
    int64_t k = -(shift + s);
    if (k == 0 || k > 100000) {
      d.init_digits(dec_string(t), shift + s);  // decimal.go's rsh passes
      return;
    }
    // t / 2^k == t * 5^k / 10^k: one exact product instead of k/60 passes.
    Int p = t * mp::pow(Int(5), static_cast<unsigned>(k));
    d.init_digits(dec_string(p), 0);
    d.exp -= k;
  }
}

}  // namespace

uint64_t BigRep::bit_len() const noexcept {
  return (uint64_t{nlimbs} - 1) * 64 + static_cast<uint64_t>(bw(limbs()[nlimbs - 1]));
}

std::optional<Number> parse_slow(bool neg, std::string_view mant_text, int64_t bexp, int64_t exp5,
                                 uint32_t prec) {
  // nat.scan: the mantissa's digits read exactly (the radix point is
  // accounted for by the caller in bexp / exp5).
  BF z;
  z.prec = prec;
  z.neg = neg;
  uint64_t chunk = 0;
  int nchunk = 0;
  for (char c : mant_text) {
    if (c < '0' || c > '9') continue;
    chunk = chunk * 10 + static_cast<uint64_t>(c - '0');
    if (++nchunk == 19) {
      z.mant = z.mant * kPow10U64[19] + chunk;
      chunk = 0;
      nchunk = 0;
    }
  }
  if (nchunk > 0) z.mant = z.mant * kPow10U64[nchunk] + chunk;
  if (z.mant == 0) {
    return neg ? NumberAccess::make_double(-0.0, prec) : NumberAccess::make_int(0, prec);
  }
  // exp2 = bitlen + bexp, with Go's wrapping int64 arithmetic.
  int64_t exp2 =
      static_cast<int64_t>(bitlen(z.mant) + static_cast<uint64_t>(bexp));
  if (exp2 < kMinExp || exp2 > kMaxExp) return std::nullopt;  // "exponent overflow"
  z.form = BF::Finite;
  z.exp = exp2;
  if (exp5 == 0) {
    round(z, 0);
    return to_number(z);
  }
  BF p;
  p.prec = prec + 64;
  uint64_t n = exp5 < 0 ? uint64_t{0} - static_cast<uint64_t>(exp5) : static_cast<uint64_t>(exp5);
  pow5(p, n);
  BF r;
  r.prec = prec;
  if (exp5 < 0) {
    quo(r, z, p);
  } else {
    mul(r, z, p);
  }
  return to_number(r);
}

void decimal_of_big_reference(const BigRep* b, Decimal& d) {
  digits_into(from_limbs(b->limbs(), b->nlimbs), b->exp, d);
}

void shortest_bounds_big_reference(const MagView& v, uint32_t prec, Decimal& lower,
                                   Decimal& upper, bool& inclusive) {
  // ftoa.go roundShortest step 1: mantissa with prec+1 bits, so that its lsb
  // is 1/2 ulp at the value's precision.
  Int m = from_view(v);
  int64_t bl = static_cast<int64_t>(bitlen(m));
  int64_t s = bl - (static_cast<int64_t>(prec) + 1);
  if (s < 0) {
    m <<= static_cast<unsigned>(-s);
  } else if (s > 0) {
    m >>= static_cast<unsigned>(s);
  }
  int64_t exp = v.exp + s;
  inclusive = !mp::bit_test(m, 1);
  digits_into(m - 1, exp, lower);
  digits_into(m + 1, exp, upper);
}

bool decimal_of_big(const BigRep* b, Decimal& d, size_t max_digits) {
  return decimal_of_limbs(b->limbs(), b->nlimbs, b->exp, d, max_digits);
}

void shortest_bounds_big(const MagView& v, uint32_t prec, Decimal& lower, Decimal& upper,
                         bool& inclusive, size_t max_digits, bool* lower_cut, bool* upper_cut) {
  // As the reference above, on plain limbs: m = the mantissa with prec+1
  // bits, lower = (m - 1) * 2^exp, upper = (m + 1) * 2^exp.
  uint32_t n = v.n;
  while (n > 1 && v.limbs[n - 1] == 0) n--;
  const int64_t bl = static_cast<int64_t>(n - 1) * 64 + bw(v.limbs[n - 1]);
  const int64_t s = bl - (static_cast<int64_t>(prec) + 1);
  const size_t mn = static_cast<size_t>((prec + 1 + 63) / 64) + 1;  // room for the carry of m + 1
  boost::container::small_vector<uint64_t, 16> m(mn, 0);
  if (s <= 0) {
    const size_t off = static_cast<size_t>(-s / 64);
    const unsigned b = static_cast<unsigned>(-s % 64);
    for (uint32_t i = 0; i < n; i++) {
      m[i + off] |= v.limbs[i] << b;
      if (b != 0 && i + off + 1 < mn) m[i + off + 1] |= v.limbs[i] >> (64 - b);
    }
  } else {
    const size_t off = static_cast<size_t>(s / 64);
    const unsigned b = static_cast<unsigned>(s % 64);
    for (size_t k = 0; k + off < n && k < mn; k++) {
      uint64_t w = v.limbs[k + off] >> b;
      if (b != 0 && k + off + 1 < n) w |= v.limbs[k + off + 1] << (64 - b);
      m[k] = w;
    }
  }
  const int64_t exp = v.exp + s;
  inclusive = (m[0] & 2) == 0;
  boost::container::small_vector<uint64_t, 16> t(m);
  for (size_t i = 0; i < mn && t[i]-- == 0; i++) {
  }
  bool cut = decimal_of_limbs(t.data(), static_cast<uint32_t>(mn), exp, lower, max_digits);
  if (lower_cut) *lower_cut = cut;
  t = m;
  for (size_t i = 0; i < mn && ++t[i] == 0; i++) {
  }
  cut = decimal_of_limbs(t.data(), static_cast<uint32_t>(mn), exp, upper, max_digits);
  if (upper_cut) *upper_cut = cut;
}

int compare_mag_slow(const MagView& a, const MagView& b) {
  Int ma = from_view(a), mb = from_view(b);
  int64_t ba = static_cast<int64_t>(bitlen(ma)), bb = static_cast<int64_t>(bitlen(mb));
  int64_t ea = ba + a.exp, eb = bb + b.exp;
  if (ea != eb) return ea < eb ? -1 : 1;
  if (ba < bb) {
    ma <<= static_cast<unsigned>(bb - ba);
  } else if (bb < ba) {
    mb <<= static_cast<unsigned>(ba - bb);
  }
  return ma < mb ? -1 : (ma > mb ? 1 : 0);
}

// float.go Float.Float64.
double to_double_big(const MagView& v, bool neg, bool* exact) {
  Int m = from_view(v);
  int64_t bl = static_cast<int64_t>(bitlen(m));
  int64_t goexp = bl + v.exp;
  constexpr int64_t kEmin = -1022, kEmax = 1023;
  int64_t e = goexp - 1;
  int64_t p = 53;
  auto fail = [&](double r) {
    if (exact) *exact = false;
    return r;
  };
  if (e < kEmin) {
    p = 53 - kEmin + e;
    if (p < 0 || (p == 0 && bl == 1)) return fail(neg ? -0.0 : 0.0);
    if (p == 0) {
      double t = std::numeric_limits<double>::denorm_min();
      return fail(neg ? -t : t);
    }
  }
  BF r;
  r.prec = static_cast<uint32_t>(p);
  r.form = BF::Finite;
  r.mant = m;
  r.exp = goexp;
  round(r, 0);
  if (r.form == BF::Inf || r.exp - 1 > kEmax) {
    return fail(neg ? -HUGE_VAL : HUGE_VAL);
  }
  double mag = std::ldexp(static_cast<double>(static_cast<uint64_t>(r.mant)),
                          static_cast<int>(r.exp - static_cast<int64_t>(bitlen(r.mant))));
  if (exact) *exact = bl <= p;
  return neg ? -mag : mag;
}

bool trunc_u64_big(const MagView& v, uint64_t* out) {
  Int m = from_view(v);
  if (v.exp >= 0) {
    if (static_cast<int64_t>(bitlen(m)) + v.exp > 64) return false;
    m <<= static_cast<unsigned>(v.exp);
  } else {
    if (-v.exp >= static_cast<int64_t>(bitlen(m))) {
      *out = 0;
      return true;
    }
    m >>= static_cast<unsigned>(-v.exp);
    if (bitlen(m) > 64) return false;
  }
  *out = static_cast<uint64_t>(m);
  return true;
}

}  // namespace dynval
