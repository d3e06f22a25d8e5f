// Decimal text -> Number on fixed arrays of 64-bit limbs (parse_limbs in
// number/internal.hpp), the common case of ParseFloat that used to go through
// cpp_int in parse_slow.
//
// floatconv.go reads the digits as an exact integer M and, for |x| = M *
// 2^bexp * 5^exp5, multiplies or divides by p = pow5(|exp5|) computed at
// prec + 64 bits. While 5^|exp5| fits in prec + 64 bits, every step of pow5
// is exact (its intermediates all divide 5^|exp5|), and Float.Mul / Float.Quo
// round the exact product / quotient once, to nearest even. So in that range
// the result is the correctly rounded value of M * 2^bexp * 5^exp5, which is
// what this file computes: the exact product M * 5^n, or the quotient of
// M << k by 5^n with at least prec + 2 bits and the remainder as sticky bit,
// rounded once. Anything outside the range (too many digits, a precision
// above 512, |exp5| beyond that bound, a huge binary exponent) is declined
// and takes parse_slow, which follows Go step by step.
#include <array>
#include <bit>
#include <cstring>

#include "number/internal.hpp"

namespace dynval {

namespace {

using u128 = unsigned __int128;

// Mantissas of up to 96 significant digits: 10^96 < 2^320.
constexpr size_t kMaxDigits = 96;
constexpr size_t kMantLimbs = 5;
// Precisions up to 512; 5^n up to prec + 64 = 576 bits (n <= 248).
constexpr uint32_t kMaxFastPrec = 512;
constexpr unsigned kMaxPow5 = 248;
constexpr size_t kPow5Limbs = 9;
// Binary exponents far from Go's int32 exponent range.
constexpr int64_t kMaxBexp = int64_t{1} << 24;

// Möller & Granlund reciprocal of a normalised divisor d (top bit set):
// floor((2^128 - 1) / d) - 2^64.
constexpr uint64_t reciprocal(uint64_t d) { return static_cast<uint64_t>(~u128{0} / d); }

// (u1 * 2^64 + u0) / d for normalised d and u1 < d; remainder in r.
inline uint64_t div_2by1(uint64_t u1, uint64_t u0, uint64_t d, uint64_t v, uint64_t& r) noexcept {
  u128 q = static_cast<u128>(v) * u1;
  q += (static_cast<u128>(u1) << 64) | u0;
  uint64_t q1 = static_cast<uint64_t>(q >> 64) + 1;
  uint64_t q0 = static_cast<uint64_t>(q);
  uint64_t rr = u0 - q1 * d;
  // rr > q0 about half the time: a mask, not a branch that mispredicts
  const uint64_t over = uint64_t{0} - static_cast<uint64_t>(rr > q0);
  q1 += over;
  rr += over & d;
  if (rr >= d) [[unlikely]] {
    q1++;
    rr -= d;
  }
  r = rr;
  return q1;
}

// 5^n shifted left by `shift` so that its top limb has the top bit set
// (a normalised divisor), `n` limbs, `bits` = bitlen(5^n), and the reciprocal
// of the top limb.
struct Pow5 {
  uint64_t limbs[kPow5Limbs];
  uint32_t n;
  uint32_t bits;
  uint32_t shift;
  uint64_t inv;
};

constexpr std::array<Pow5, kMaxPow5 + 1> make_pow5_table() {
  std::array<Pow5, kMaxPow5 + 1> t{};
  uint64_t p[kPow5Limbs + 1] = {1};
  size_t pn = 1;
  for (unsigned e = 0; e <= kMaxPow5; e++) {
    if (e > 0) {
      uint64_t carry = 0;
      for (size_t i = 0; i < pn; i++) {
        u128 x = static_cast<u128>(p[i]) * 5 + carry;
        p[i] = static_cast<uint64_t>(x);
        carry = static_cast<uint64_t>(x >> 64);
      }
      if (carry != 0) p[pn++] = carry;
    }
    Pow5& r = t[e];
    const unsigned top_bits = static_cast<unsigned>(std::bit_width(p[pn - 1]));
    r.n = static_cast<uint32_t>(pn);
    r.bits = static_cast<uint32_t>((pn - 1) * 64 + top_bits);
    r.shift = 64 - top_bits;
    for (size_t i = 0; i < pn; i++) {
      uint64_t w = p[i] << r.shift;
      if (r.shift != 0 && i > 0) w |= p[i - 1] >> (64 - r.shift);
      r.limbs[i] = w;
    }
    r.inv = reciprocal(r.limbs[pn - 1]);
  }
  return t;
}

constexpr std::array<Pow5, kMaxPow5 + 1> kPow5 = make_pow5_table();

// For a 64-bit mantissa and 5^n in one limb (1 <= n <= 27): the quotient by
// multiplication with R = floor(2^kRecipBits / 5^n), and a divisibility test
// m * inv <= limit (inv the inverse of 5^n modulo 2^64, limit = floor((2^64 -
// 1) / 5^n)), which holds iff 5^n divides m.
constexpr unsigned kRecipBits = 768;
constexpr size_t kRecipLimbs = kRecipBits / 64;  // R < 2^768 / 5
struct Recip {
  uint64_t r[kRecipLimbs];
  uint64_t inv;
  uint64_t limit;
};

constexpr std::array<Recip, 28> make_recip_table() {
  std::array<Recip, 28> t{};
  for (unsigned n = 1; n < 28; n++) {
    const uint64_t d = kPow5Tab[n];
    Recip& rc = t[n];
    // 2^768 / d: the top limb 1 at position 12, then zeros
    uint64_t rem = 1 % d;
    for (size_t i = kRecipLimbs; i-- > 0;) {
      const u128 cur = static_cast<u128>(rem) << 64;
      rc.r[i] = static_cast<uint64_t>(cur / d);
      rem = static_cast<uint64_t>(cur % d);
    }
    uint64_t x = d;  // Newton: each step doubles the correct low bits (d odd)
    for (int i = 0; i < 6; i++) x *= 2 - d * x;
    rc.inv = x;
    rc.limit = ~uint64_t{0} / d;
  }
  return t;
}

constexpr std::array<Recip, 28> kRecip = make_recip_table();

inline int64_t limbs_bitlen(const uint64_t* x, size_t n) noexcept {
  return static_cast<int64_t>(n - 1) * 64 + bw(x[n - 1]);
}


// x[0..n) = x * mul + add; returns the new length (x has room for one more).
inline size_t mul_add_small(uint64_t* x, size_t n, uint64_t mul, uint64_t add) noexcept {
  uint64_t carry = add;
  for (size_t i = 0; i < n; i++) {
    u128 t = static_cast<u128>(x[i]) * mul + carry;
    x[i] = static_cast<uint64_t>(t);
    carry = static_cast<uint64_t>(t >> 64);
  }
  if (carry != 0) x[n++] = carry;
  return n;
}

// Eight ASCII digits at p (little-endian load): whether they are all
// digits, and their value (simdjson's parse_eight_digits_unrolled).
inline bool eight_digits(uint64_t v) noexcept {
  return (((v + 0x4646464646464646ull) | (v - 0x3030303030303030ull)) & 0x8080808080808080ull) == 0;
}
inline uint64_t eight_value(uint64_t v) noexcept {
  v -= 0x3030303030303030ull;
  v = v * 10 + (v >> 8);
  return (((v & 0x000000FF000000FFull) * 0x000F424000000064ull) +
          (((v >> 16) & 0x000000FF000000FFull) * 0x0000271000000001ull)) >>
         32;
}

// The digits of mant_text (digits and at most one '.') as an exact integer in
// x[0..kMantLimbs + 1); returns the limb count, 0 for too many significant
// digits or a zero mantissa.
size_t read_mantissa(std::string_view text, uint64_t* x) noexcept {
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end && (*p == '0' || *p == '.')) p++;  // leading zeros
  size_t n = 0, digits = 0;
  uint64_t chunk = 0;  // the digits not yet in x, nchunk <= 19 of them
  unsigned nchunk = 0;
  auto flush = [&]() noexcept {
    if (n == 0) {
      x[0] = chunk;
      n = 1;
    } else {
      n = mul_add_small(x, n, kPow10U64[nchunk], chunk);
    }
    chunk = 0;
    nchunk = 0;
  };
  while (p < end) {
    if constexpr (std::endian::native == std::endian::little) {
      if (end - p >= 8) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        if (eight_digits(v)) {
          digits += 8;
          if (digits > kMaxDigits) return 0;
          if (nchunk > 11) flush();
          chunk = chunk * 100000000 + eight_value(v);
          nchunk += 8;
          p += 8;
          continue;
        }
      }
    }
    const unsigned d = static_cast<unsigned>(*p++ - '0');
    if (d > 9) continue;  // the radix point
    if (++digits > kMaxDigits) return 0;
    if (nchunk == 19) flush();
    chunk = chunk * 10 + d;
    nchunk++;
  }
  if (nchunk > 0) flush();
  while (n > 0 && x[n - 1] == 0) n--;
  return n;
}

// Limb buffers: a product of up to 5 + 9 limbs, a numerator of up to
// (320 + (512 + 2 + 576 - 1) + 63) / 64 + 1 limbs, a quotient of up to
// (512 + 2 + 1 + 64) / 64 + 1 limbs.
constexpr size_t kWork = 24;

}  // namespace

Number round_limbs_to_number(bool neg, uint64_t* q, size_t n, bool sticky, int64_t e, uint32_t prec) {
  int64_t bits = limbs_bitlen(q, n);
  // q >>= r (r >= 0), keeping n exact.
  auto shr = [&](int64_t r) {
    const size_t lo = static_cast<size_t>(r / 64);
    const unsigned rb = static_cast<unsigned>(r % 64);
    for (size_t i = 0; i < n; i++) {
      uint64_t w = i + lo < n ? q[i + lo] >> rb : 0;
      if (rb != 0 && i + lo + 1 < n) w |= q[i + lo + 1] << (64 - rb);
      q[i] = w;
    }
    while (n > 0 && q[n - 1] == 0) n--;
  };
  if (bits > static_cast<int64_t>(prec)) {
    const int64_t r = bits - static_cast<int64_t>(prec) - 1;  // rounding bit position
    const bool rbit = (q[static_cast<size_t>(r / 64)] >> (r % 64)) & 1;
    bool sbit = sticky;
    for (int64_t i = 0; !sbit && i < r; i += 64) {
      uint64_t w = q[static_cast<size_t>(i / 64)];
      if (r - i < 64) w &= (uint64_t{1} << (r - i)) - 1;
      sbit = w != 0;
    }
    shr(r + 1);
    if (rbit && (sbit || (q[0] & 1))) {
      for (size_t i = 0;; i++) {  // q += 1
        if (i == n) {
          q[n++] = 1;  // room: q had more limbs before the shift
          break;
        }
        if (++q[i] != 0) break;
      }
      if (limbs_bitlen(q, n) > static_cast<int64_t>(prec)) {
        if (e >= kMaxExp) return NumberAccess::make_inf(neg, prec);
        e++;
        shr(1);
      }
    }
  }
  // |x| = q * 2^(e - bitlen(q)); drop trailing zero bits.
  bits = limbs_bitlen(q, n);
  size_t z = 0;
  while (q[z] == 0) z++;
  const int64_t tz = static_cast<int64_t>(z) * 64 + std::countr_zero(q[z]);
  const int64_t e2 = e - bits + tz;
  if (bits - tz <= 64) {
    const unsigned b = static_cast<unsigned>(tz % 64);
    uint64_t m = q[z] >> b;
    if (b != 0 && z + 1 < n) m |= q[z + 1] << (64 - b);
    return normalize_small(neg, m, e2, prec);
  }
  shr(tz);
  BigRep* rep = BigRep::allocate(static_cast<uint32_t>(n));
  std::memcpy(rep->limbs(), q, n * sizeof(uint64_t));
  rep->exp = e2;
  return NumberAccess::make_big(rep, neg, prec);
}

bool parse_limbs(bool neg, std::string_view mant_text, const uint64_t* m64, int64_t bexp,
                 int64_t exp5, uint32_t prec, Number& out) {
  if (prec > kMaxFastPrec || bexp < -kMaxBexp || bexp > kMaxBexp) return false;
  const uint64_t n5 = exp5 < 0 ? uint64_t{0} - static_cast<uint64_t>(exp5) : static_cast<uint64_t>(exp5);
  if (n5 > kMaxPow5) return false;
  const Pow5& p5 = kPow5[n5];
  if (p5.bits > prec + 64) return false;  // pow5 would round: Go's steps differ

  uint64_t mant[kMantLimbs + 1];
  size_t mn;
  if (m64 != nullptr) {
    mant[0] = *m64;
    mn = *m64 != 0 ? 1 : 0;
  } else {
    mn = read_mantissa(mant_text, mant);
  }
  if (mn == 0) return false;

  uint64_t q[kWork];
  const size_t dn = p5.n;
  if (exp5 >= 0) {
    // |x| = (M * (5^n << shift)) * 2^(bexp - shift), exact.
    const size_t pn = mn + dn;
    std::memset(q, 0, pn * sizeof(uint64_t));
    for (size_t i = 0; i < mn; i++) {
      uint64_t carry = 0;
      for (size_t j = 0; j < dn; j++) {
        u128 t = static_cast<u128>(mant[i]) * p5.limbs[j] + q[i + j] + carry;
        q[i + j] = static_cast<uint64_t>(t);
        carry = static_cast<uint64_t>(t >> 64);
      }
      q[i + dn] = carry;
    }
    size_t n = pn;
    while (q[n - 1] == 0) n--;
    const int64_t e = bexp - static_cast<int64_t>(p5.shift) + limbs_bitlen(q, n);
    out = round_limbs_to_number(neg, q, n, false, e, prec);
    return true;
  }

  if (n5 < kRecip.size()) {
    // M * 2^K / 5^n, 5^n in one limb. With M = Qm * 5^n + rm (short
    // division; Qm = 0, rm = M for one limb): Q = floor(M * 2^K / 5^n) =
    // Qm * 2^K + floor(rm * 2^K / 5^n), the second term below 2^K. It is
    // Q2' = floor(rm * R / 2^(768 - K)) or one more, since rm * 2^K / 5^n -
    // rm * R / 2^(768 - K) < rm / 2^(768 - K) < 1 (rm < 2^64, K <= 640).
    // K gives prec + 66 or more quotient bits, so the rounding bit r is at
    // 65 or above; unless Q' ends in r one bits, Q' + 1 changes no bit from r
    // up, and the sticky bit (rm != 0) is the same: Q' rounds as Q does.
    const Recip& rc = kRecip[n5];
    const int64_t K = static_cast<int64_t>(prec) + 66 + static_cast<int64_t>(p5.bits) - limbs_bitlen(mant, mn);
    uint64_t qm[kMantLimbs + 1];
    size_t qmn = 0;
    uint64_t rm = mant[0];
    bool ok = K >= 0;
    if (mn == 1) {
      // 5^n | m: the exact division below (Q' would be Q - 1 throughout).
      ok = ok && mant[0] * rc.inv > rc.limit;
    } else if (ok) {
      // (M << shift) / (5^n << shift), limb by limb: quotient Qm, remainder rm << shift
      const unsigned s5 = p5.shift;
      uint64_t rem = s5 == 0 ? 0 : mant[mn - 1] >> (64 - s5);
      for (size_t i = mn; i-- > 0;) {
        uint64_t w = mant[i] << s5;
        if (s5 != 0 && i > 0) w |= mant[i - 1] >> (64 - s5);
        qm[i] = div_2by1(rem, w, p5.limbs[0], p5.inv, rem);
      }
      qmn = mn;
      while (qmn > 0 && qm[qmn - 1] == 0) qmn--;
      rm = rem >> s5;
    }
    if (ok) {
      const uint64_t drop = kRecipBits - static_cast<uint64_t>(K);
      const size_t lo = static_cast<size_t>(drop / 64);
      const unsigned b = static_cast<unsigned>(drop % 64);
      size_t qn = 0;
      if (rm != 0) {
        uint64_t pr[kRecipLimbs + 1];
        uint64_t carry = 0;
        for (size_t i = 0; i < kRecipLimbs; i++) {
          const u128 t = static_cast<u128>(rc.r[i]) * rm + carry;
          pr[i] = static_cast<uint64_t>(t);
          carry = static_cast<uint64_t>(t >> 64);
        }
        pr[kRecipLimbs] = carry;
        qn = kRecipLimbs + 1 - lo;
        for (size_t i = 0; i < qn; i++) {
          uint64_t w = pr[i + lo] >> b;
          if (b != 0 && i + lo + 1 <= kRecipLimbs) w |= pr[i + lo + 1] << (64 - b);
          q[i] = w;
        }
      }
      if (qmn > 0) {
        // q |= Qm << K (Q2' < 2^K: no overlap)
        const size_t ko = static_cast<size_t>(K / 64);
        const unsigned kb = static_cast<unsigned>(K % 64);
        const size_t top = ko + qmn + 1;
        for (size_t i = qn; i < top; i++) q[i] = 0;
        if (top > qn) qn = top;
        for (size_t i = 0; i < qmn; i++) {
          q[i + ko] |= qm[i] << kb;
          if (kb != 0) q[i + ko + 1] |= qm[i] >> (64 - kb);
        }
      }
      while (qn > 0 && q[qn - 1] == 0) qn--;
      const int64_t bits = limbs_bitlen(q, qn);
      const int64_t r = bits - static_cast<int64_t>(prec) - 1;  // >= 65
      // Q' mod 2^r == 2^r - 1: Q may be Q' + 1 with other high bits; divide.
      bool all_ones = rm != 0;
      for (int64_t i = 0; all_ones && i < r; i += 64) {
        uint64_t w = ~q[static_cast<size_t>(i / 64)];
        if (r - i < 64) w &= (uint64_t{1} << (r - i)) - 1;
        all_ones = w == 0;
      }
      if (!all_ones) {
        out = round_limbs_to_number(neg, q, qn, rm != 0, bexp - K + bits, prec);
        return true;
      }
    }
  }

  // |x| = floor(M * 2^k / 5^n) (+ remainder) * 2^(bexp - k): at least
  // prec + 2 quotient bits. Divide M << (k + shift) by the normalised
  // 5^n << shift: the same quotient, a zero remainder iff the true one is.
  const int64_t mbits = limbs_bitlen(mant, mn);
  int64_t k = static_cast<int64_t>(prec) + 2 + static_cast<int64_t>(p5.bits) - mbits;
  if (k < 0) k = 0;
  const uint64_t sh = static_cast<uint64_t>(k) + p5.shift;
  const size_t off = static_cast<size_t>(sh / 64);
  const unsigned b = static_cast<unsigned>(sh % 64);
  uint64_t u[kWork + 1];
  size_t un = off + mn + 1;  // room for the bits shifted out of the top limb
  std::memset(u, 0, (un + 1) * sizeof(uint64_t));
  for (size_t i = 0; i < mn; i++) {
    u[i + off] |= mant[i] << b;
    if (b != 0) u[i + off + 1] |= mant[i] >> (64 - b);
  }
  while (u[un - 1] == 0) un--;
  const uint64_t* v = p5.limbs;
  const uint64_t vtop = v[dn - 1];
  bool sticky = false;
  size_t qn;
  if (dn == 1) {
    uint64_t rem = 0;
    for (size_t i = un; i-- > 0;) {
      if (rem == 0 && u[i] == 0) {
        q[i] = 0;
        continue;
      }
      q[i] = div_2by1(rem, u[i], vtop, p5.inv, rem);
    }
    qn = un;
    sticky = rem != 0;
  } else {
    // Knuth, TAOCP vol. 2, 4.3.1, algorithm D; u[un] is the extra top limb.
    u[un] = 0;
    const size_t m = un - dn;  // quotient limbs: m + 1 (un >= dn by the choice of k)
    const uint64_t vnext = v[dn - 2];
    for (size_t j = m + 1; j-- > 0;) {
      const uint64_t ut = u[j + dn], u1 = u[j + dn - 1], u2 = u[j + dn - 2];
      uint64_t qhat, rhat;
      bool rhat_big = false;  // rhat >= 2^64: the test below cannot hold
      if (ut >= vtop) {  // ut == vtop: qhat = 2^64 - 1
        qhat = ~uint64_t{0};
        const u128 r = static_cast<u128>(u1) + vtop;
        rhat = static_cast<uint64_t>(r);
        rhat_big = (r >> 64) != 0;
      } else {
        qhat = div_2by1(ut, u1, vtop, p5.inv, rhat);
      }
      while (!rhat_big && static_cast<u128>(qhat) * vnext > ((static_cast<u128>(rhat) << 64) | u2)) {
        qhat--;
        const u128 r = static_cast<u128>(rhat) + vtop;
        rhat = static_cast<uint64_t>(r);
        rhat_big = (r >> 64) != 0;
      }
      // u[j .. j + dn] -= qhat * v
      uint64_t carry = 0, borrow = 0;
      for (size_t i = 0; i < dn; i++) {
        const u128 pr = static_cast<u128>(qhat) * v[i] + carry;
        carry = static_cast<uint64_t>(pr >> 64);
        const uint64_t lo = static_cast<uint64_t>(pr);
        const uint64_t a = u[i + j];
        const uint64_t t = a - lo;
        const uint64_t b1 = a < lo;
        u[i + j] = t - borrow;
        borrow = b1 | (t < borrow);
      }
      const uint64_t a = u[j + dn];
      const uint64_t t = a - carry;
      const bool negative = a < carry || t < borrow;
      u[j + dn] = t - borrow;
      if (negative) [[unlikely]] {
        qhat--;
        uint64_t c = 0;
        for (size_t i = 0; i < dn; i++) {
          const u128 s = static_cast<u128>(u[i + j]) + v[i] + c;
          u[i + j] = static_cast<uint64_t>(s);
          c = static_cast<uint64_t>(s >> 64);
        }
        u[j + dn] += c;
      }
      q[j] = qhat;
    }
    qn = m + 1;
    for (size_t i = 0; i < dn && !sticky; i++) sticky = u[i] != 0;
  }
  while (q[qn - 1] == 0) qn--;
  const int64_t e = bexp - k + limbs_bitlen(q, qn);
  out = round_limbs_to_number(neg, q, qn, sticky, e, prec);
  return true;
}

}  // namespace dynval
