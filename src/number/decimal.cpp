// Port of Go's math/big/decimal.go: an exact multi-precision decimal used to
// print binary floating-point values. Every operation here is exact except the
// explicit round* calls, so the digits only depend on the value.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>

#include "number/internal.hpp"

namespace dynval {

namespace {
// decimal.go maxShift: the largest shift such that n*10 + 9 cannot overflow a
// 64-bit word in rsh (n < 2^s * 10).
constexpr unsigned kMaxShift = 64 - 4;
// Our own left shift keeps (digit << s) + carry < 2^(s+4) within 64 bits.
constexpr unsigned kMaxLshift = 56;
}  // namespace

void Decimal::init_u64(uint64_t m, int64_t shift) {
  mant.clear();
  exp = 0;
  if (m == 0) return;
  // decimal.init: drop trailing zero bits first when dividing.
  if (shift < 0) {
    int64_t ntz = std::countr_zero(m);
    int64_t s = std::min<int64_t>(ntz, -shift);
    m >>= s;
    shift += s;
  }
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, m);
  size_t n = static_cast<size_t>(res.ptr - buf);
  exp = static_cast<int64_t>(n);
  while (n > 0 && buf[n - 1] == '0') n--;
  mant.assign(buf, buf + n);
  while (shift > 0) {
    unsigned s = static_cast<unsigned>(std::min<int64_t>(shift, kMaxLshift));
    lsh(s);
    shift -= s;
  }
  while (shift < -static_cast<int64_t>(kMaxShift)) {
    rsh(kMaxShift);
    shift += kMaxShift;
  }
  if (shift < 0) rsh(static_cast<unsigned>(-shift));
}

void Decimal::init_digits(std::string_view digits, int64_t shift) {
  size_t n = digits.size();
  exp = static_cast<int64_t>(n);
  while (n > 0 && digits[n - 1] == '0') n--;
  mant.assign(digits.data(), digits.data() + n);
  if (mant.empty()) {
    exp = 0;
    return;
  }
  while (shift < -static_cast<int64_t>(kMaxShift)) {
    rsh(kMaxShift);
    shift += kMaxShift;
  }
  if (shift < 0) rsh(static_cast<unsigned>(-shift));
}

// decimal.go rsh: x = x >> s (exact; the digit string may grow).
void Decimal::rsh(unsigned s) {
  // Find the first digit whose prefix n is >= 2^s.
  size_t r = 0;  // read index
  uint64_t n = 0;
  while ((n >> s) == 0 && r < mant.size()) {
    uint64_t ch = static_cast<uint64_t>(mant[r]);
    r++;
    n = n * 10 + ch - '0';
  }
  if (n == 0) {
    // x == 0; shouldn't happen, but handle anyway
    mant.clear();
    return;
  }
  while ((n >> s) == 0) {
    r++;
    n *= 10;
  }
  exp += 1 - static_cast<int64_t>(r);

  // read a digit, write a digit
  size_t w = 0;  // write index
  uint64_t mask = (uint64_t{1} << s) - 1;
  while (r < mant.size()) {
    uint64_t ch = static_cast<uint64_t>(mant[r]);
    r++;
    uint64_t d = n >> s;
    n &= mask;
    mant[w] = static_cast<char>(d + '0');
    w++;
    n = n * 10 + ch - '0';
  }

  // write extra digits that still fit
  while (n > 0 && w < mant.size()) {
    uint64_t d = n >> s;
    n &= mask;
    mant[w] = static_cast<char>(d + '0');
    w++;
    n = n * 10;
  }
  mant.resize(w);  // the number may be shorter (e.g. 1024 >> 10)

  // append additional digits that didn't fit
  while (n > 0) {
    uint64_t d = n >> s;
    n &= mask;
    mant.push_back(static_cast<char>(d + '0'));
    n = n * 10;
  }
  trim();
}

// x = x << s (exact). Go's big decimal has no lsh (it shifts the binary
// mantissa before converting); the exact result is the same digit string.
void Decimal::lsh(unsigned s) {
  if (mant.empty()) return;
  uint64_t carry = 0;
  for (size_t i = mant.size(); i-- > 0;) {
    uint64_t n = (static_cast<uint64_t>(mant[i] - '0') << s) + carry;
    mant[i] = static_cast<char>('0' + n % 10);
    carry = n / 10;
  }
  char head[24];
  size_t k = 0;
  while (carry > 0) {
    head[k++] = static_cast<char>('0' + carry % 10);
    carry /= 10;
  }
  std::reverse(head, head + k);
  mant.insert(mant.begin(), head, head + k);
  exp += static_cast<int64_t>(k);
  // trailing zeros can appear (5 * 2 = 10); drop them (exp is unchanged)
  size_t i = mant.size();
  while (i > 0 && mant[i - 1] == '0') i--;
  mant.resize(i);
}

// decimal.go shouldRoundUp: exact half rounds to even.
static bool should_round_up(const Decimal& x, int64_t n) {
  size_t un = static_cast<size_t>(n);
  if (x.mant[un] == '5' && un + 1 == x.mant.size()) {
    return n > 0 && ((x.mant[un - 1] - '0') & 1) != 0;
  }
  return x.mant[un] >= '5';
}

void Decimal::round(int64_t n) {
  if (n < 0 || n >= len()) return;  // nothing to do
  if (should_round_up(*this, n)) {
    round_up(n);
  } else {
    round_down(n);
  }
}

void Decimal::round_up(int64_t n) {
  if (n < 0 || n >= len()) return;  // nothing to do
  // find first digit < '9'
  while (n > 0 && mant[static_cast<size_t>(n - 1)] >= '9') n--;
  if (n == 0) {
    // all digits are '9's => round up to '1' and update exponent
    mant[0] = '1';  // ok since len(x.mant) > n
    mant.resize(1);
    exp++;
    return;
  }
  mant[static_cast<size_t>(n - 1)]++;
  mant.resize(static_cast<size_t>(n));
  // x already trimmed
}

void Decimal::round_down(int64_t n) {
  if (n < 0 || n >= len()) return;  // nothing to do
  mant.resize(static_cast<size_t>(n));
  trim();
}

void Decimal::trim() noexcept {
  size_t i = mant.size();
  while (i > 0 && mant[i - 1] == '0') i--;
  mant.resize(i);
  if (i == 0) exp = 0;
}

}  // namespace dynval

// ---------------------------------------------------------------------------
// Exact binary -> decimal conversion on 64-bit limbs (decimal_of_limbs).

namespace dynval {

namespace {

constexpr uint64_t kP19 = 10000000000000000000ull;  // 10^19 >= 2^63: a normalised divisor
// Möller & Granlund, "Improved division by invariant integers" (2011): the
// reciprocal floor((2^128 - 1) / d) - 2^64 (the truncation drops the 2^64).
constexpr uint64_t kP19Inv = static_cast<uint64_t>(~static_cast<unsigned __int128>(0) / kP19);

// (u1 * 2^64 + u0) / 10^19 for u1 < 10^19: the quotient, remainder in r.
inline uint64_t div_p19(uint64_t u1, uint64_t u0, uint64_t& r) noexcept {
  unsigned __int128 q = static_cast<unsigned __int128>(kP19Inv) * u1;
  q += (static_cast<unsigned __int128>(u1) << 64) | u0;
  uint64_t q1 = static_cast<uint64_t>(q >> 64) + 1;
  uint64_t q0 = static_cast<uint64_t>(q);
  uint64_t rr = u0 - q1 * kP19;
  if (rr > q0) {
    q1--;
    rr += kP19;
  }
  if (rr >= kP19) [[unlikely]] {
    q1++;
    rr -= kP19;
  }
  r = rr;
  return q1;
}

// "00" .. "99".
constexpr char kDigitPairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Writes the 8 decimal digits of v < 10^8 (with leading zeros) to p.
inline void put8(char* p, uint32_t v) noexcept {
  uint32_t hi = v / 10000, lo = v % 10000;
  std::memcpy(p, kDigitPairs + 2 * (hi / 100), 2);
  std::memcpy(p + 2, kDigitPairs + 2 * (hi % 100), 2);
  std::memcpy(p + 4, kDigitPairs + 2 * (lo / 100), 2);
  std::memcpy(p + 6, kDigitPairs + 2 * (lo % 100), 2);
}

// Writes the 19 decimal digits of c < 10^19 (with leading zeros) to p.
inline void put19(char* p, uint64_t c) noexcept {
  uint64_t top = c / 10000000000000000ull;  // < 1000
  uint64_t rest = c % 10000000000000000ull;
  p[0] = static_cast<char>('0' + top / 100);
  std::memcpy(p + 1, kDigitPairs + 2 * (top % 100), 2);
  put8(p + 3, static_cast<uint32_t>(rest / 100000000));
  put8(p + 11, static_cast<uint32_t>(rest % 100000000));
}

using Limbs = boost::container::small_vector<uint64_t, 24>;

// Appends the decimal digits of the natural number limbs[0..n) (n >= 1, top
// limb nonzero; destroyed) to mant, without leading zeros. Schoolbook
// division by 10^19: O(n^2) word operations.
void nat_to_digits(uint64_t* limbs, size_t n, Decimal::Mant& mant) {
  if (n == 1) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, limbs[0]);
    mant.insert(mant.end(), buf, r.ptr);
    return;
  }
  boost::container::small_vector<uint64_t, 32> chunks;  // least significant first
  chunks.reserve(n * 64 / 63 + 2);
  while (n > 0) {
    uint64_t rem = 0;
    for (size_t i = n; i-- > 0;) limbs[i] = div_p19(rem, limbs[i], rem);
    chunks.push_back(rem);
    while (n > 0 && limbs[n - 1] == 0) n--;
  }
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, chunks.back());
  mant.insert(mant.end(), buf, r.ptr);
  size_t at = mant.size();
  mant.resize(at + 19 * (chunks.size() - 1));
  char* p = mant.data() + at;
  for (size_t i = chunks.size() - 1; i-- > 0; p += 19) put19(p, chunks[i]);
}

}  // namespace

bool decimal_of_limbs(const uint64_t* limbs, uint32_t n, int64_t exp, Decimal& d, size_t max_digits) {
  d.mant.clear();
  d.exp = 0;
  // Strip zero limbs and bits at the bottom: |x| = src * 2^exp, src odd.
  while (n > 0 && limbs[0] == 0) {
    limbs++;
    n--;
    exp += 64;
  }
  while (n > 0 && limbs[n - 1] == 0) n--;
  if (n == 0) return false;
  const unsigned tz = static_cast<unsigned>(std::countr_zero(limbs[0]));
  exp += tz;
  const uint64_t bits = (uint64_t{n} - 1) * 64 + static_cast<uint64_t>(std::bit_width(limbs[n - 1])) - tz;

  // dst[0..dn) = (src >> tz) << shift, truncated to dn limbs; dst zeroed first.
  auto shifted = [&](Limbs& dst, size_t dn, uint64_t shift) {
    dst.assign(dn, 0);
    // Bit i of the source (after tz) goes to bit i + shift.
    const size_t off = static_cast<size_t>(shift / 64);
    const unsigned b = static_cast<unsigned>(shift % 64);
    for (uint32_t i = 0; i < n; i++) {
      // source limb i after dropping tz bits
      uint64_t w = tz == 0 ? limbs[i] : (limbs[i] >> tz) | (i + 1 < n ? limbs[i + 1] << (64 - tz) : 0);
      if (w == 0) continue;
      size_t k = i + off;
      if (k < dn) dst[k] |= w << b;
      if (b != 0 && k + 1 < dn) dst[k + 1] |= w >> (64 - b);
    }
  };

  if (exp >= 0) {
    // An integer: src << exp.
    const uint64_t total = bits + static_cast<uint64_t>(exp);
    Limbs nat;
    shifted(nat, static_cast<size_t>((total + 63) / 64), static_cast<uint64_t>(exp));
    nat_to_digits(nat.data(), nat.size(), d.mant);
    d.exp = static_cast<int64_t>(d.mant.size());
    d.trim();
    return false;
  }

  const uint64_t f = static_cast<uint64_t>(-exp);  // fraction bits
  // Integer part: src >> f.
  if (bits > f) {
    Limbs nat;
    const uint64_t ib = bits - f;
    nat.assign(static_cast<size_t>((ib + 63) / 64), 0);
    // bit i of the integer part is bit i + f (+ tz) of limbs
    for (size_t k = 0; k < nat.size(); k++) {
      uint64_t pos = f + tz + 64 * k;  // bit position in the original limbs
      size_t li = static_cast<size_t>(pos / 64);
      unsigned bi = static_cast<unsigned>(pos % 64);
      uint64_t w = li < n ? limbs[li] >> bi : 0;
      if (bi != 0 && li + 1 < n) w |= limbs[li + 1] << (64 - bi);
      nat[k] = w;
    }
    if (ib % 64 != 0) nat.back() &= (uint64_t{1} << (ib % 64)) - 1;
    nat_to_digits(nat.data(), nat.size(), d.mant);
    d.exp = static_cast<int64_t>(d.mant.size());
  }
  // Fraction part (src mod 2^f) / 2^f, left-aligned in w limbs so that each
  // multiplication by 10^19 carries the next 19 digits out of the top limb.
  const size_t w = static_cast<size_t>((f + 63) / 64);
  Limbs frac;
  shifted(frac, w, w * 64 - f);
  size_t lo = 0, hi = w;
  while (lo < w && frac[lo] == 0) lo++;
  while (hi > lo && frac[hi - 1] == 0) hi--;
  if (lo == hi) {  // no fraction
    d.trim();
    return false;
  }
  hi--;  // frac[hi] is the top nonzero limb
  bool started = !d.mant.empty();
  // The expansion has exactly f fraction digits (the last one nonzero).
  const size_t want = max_digits == 0 ? SIZE_MAX : max_digits;
  if (started) d.mant.reserve(d.mant.size() + static_cast<size_t>(std::min<uint64_t>(f, want)) + 19);
  while (lo <= hi) {
    if (started && d.mant.size() >= want) return true;  // digits remain
    uint64_t carry = 0;
    for (size_t i = lo; i <= hi; i++) {
      unsigned __int128 t = static_cast<unsigned __int128>(frac[i]) * kP19 + carry;
      frac[i] = static_cast<uint64_t>(t);
      carry = static_cast<uint64_t>(t >> 64);
    }
    uint64_t chunk = 0;
    if (hi + 1 < w) {
      if (carry != 0) frac[++hi] = carry;
    } else {
      chunk = carry;
    }
    while (lo <= hi && frac[lo] == 0) lo++;
    if (!started) {
      if (chunk == 0) {
        d.exp -= 19;
        continue;
      }
      char buf[19];
      put19(buf, chunk);
      int lz = 0;
      while (buf[lz] == '0') lz++;
      d.exp -= lz;
      d.mant.reserve(static_cast<size_t>(std::min<uint64_t>(f, want)) + 19);
      d.mant.insert(d.mant.end(), buf + lz, buf + 19);
      started = true;
      continue;
    }
    size_t at = d.mant.size();
    d.mant.resize(at + 19);
    put19(d.mant.data() + at, chunk);
  }
  d.trim();
  return false;
}

}  // namespace dynval
