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
