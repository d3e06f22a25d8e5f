// dynval::Number: Go's *big.Float as go-cty uses it
// (docs/gocty-behaviour.md#numbers to #number-equality). The inline kinds (kInt, kUint, kDouble, kInf) cover every value whose
// mantissa fits; kBig holds the rest. All decimal output is a port of Go's
// math/big/ftoa.go working on the exact value (decimal.cpp), so the bytes do
// not depend on the representation, only on (value, precision).
#include "number/number.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>

#include "number/internal.hpp"
#include "support/error.hpp"
#include "support/limits.hpp"

namespace dynval {

// ---------------------------------------------------------------------------
// BigRep lifetime

BigRep* BigRep::allocate(uint32_t nlimbs) {
  void* mem = ::operator new(sizeof(BigRep) + sizeof(uint64_t) * nlimbs);
  BigRep* b = new (mem) BigRep();
  b->nlimbs = nlimbs;
  return b;
}

void BigRep::release(const BigRep* b) noexcept {
  if (b->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    b->~BigRep();
    ::operator delete(const_cast<BigRep*>(b));
  }
}

Number::Number(const Number& o) noexcept : kind_(o.kind_), neg_(o.neg_), prec_(o.prec_), u_(o.u_) {
  if (kind_ == Kind::Big) u_.big->refs.fetch_add(1, std::memory_order_relaxed);
}

Number::Number(Number&& o) noexcept : kind_(o.kind_), neg_(o.neg_), prec_(o.prec_), u_(o.u_) {
  o.kind_ = Kind::Int;
  o.u_.i = 0;
}

Number& Number::operator=(const Number& o) noexcept {
  if (this != &o) {
    if (o.kind_ == Kind::Big) o.u_.big->refs.fetch_add(1, std::memory_order_relaxed);
    if (kind_ == Kind::Big) BigRep::release(u_.big);
    kind_ = o.kind_;
    neg_ = o.neg_;
    prec_ = o.prec_;
    u_ = o.u_;
  }
  return *this;
}

Number& Number::operator=(Number&& o) noexcept {
  if (this != &o) {
    if (kind_ == Kind::Big) BigRep::release(u_.big);
    kind_ = o.kind_;
    neg_ = o.neg_;
    prec_ = o.prec_;
    u_ = o.u_;
    o.kind_ = Kind::Int;
    o.u_.i = 0;
  }
  return *this;
}

Number::~Number() {
  if (kind_ == Kind::Big) BigRep::release(u_.big);
}

// ---------------------------------------------------------------------------
// Normal form

namespace {

constexpr uint64_t kTwo63 = uint64_t{1} << 63;

// Float.round (ToNearestEven) of m * 2^e to prec bits, for a 64-bit mantissa.
void round_u64(uint64_t& m, int64_t& e, uint32_t prec) {
  int bl = bw(m);
  if (bl <= static_cast<int>(prec)) return;
  int r = bl - static_cast<int>(prec) - 1;  // rounding bit position
  bool rbit = (m >> r) & 1;
  bool sbit = r > 0 && (m & ((uint64_t{1} << r) - 1)) != 0;
  m >>= r + 1;
  e += r + 1;
  if (rbit && (sbit || (m & 1))) {
    m++;
    if (bw(m) > static_cast<int>(prec)) {
      m >>= 1;
      e++;
    }
  }
}

void check_prec(uint32_t prec) {
  if (prec < 1 || prec > kMaxPrec) {
    throw Error(Status::InvalidArg, "number precision must be in [1, 4096]");
  }
}

// Magnitude of a binary64 as m * 2^e (m odd) ; v finite and nonzero.
void split_double(double v, uint64_t& m, int64_t& e) {
  uint64_t bits = std::bit_cast<uint64_t>(v);
  uint64_t frac = bits & ((uint64_t{1} << 52) - 1);
  int bexp = static_cast<int>((bits >> 52) & 0x7ff);
  if (bexp == 0) {
    m = frac;
    e = -1074;
  } else {
    m = frac | (uint64_t{1} << 52);
    e = bexp - 1075;
  }
  int tz = std::countr_zero(m);
  m >>= tz;
  e += tz;
}

}  // namespace

Number normalize_small(bool neg, uint64_t m, int64_t e, uint32_t prec) {
  int tz = std::countr_zero(m);
  m >>= tz;
  e += tz;
  int bl = bw(m);
  if (e >= 0 && bl + e <= 64) {
    uint64_t v = m << e;
    if (!neg) {
      return v <= static_cast<uint64_t>(INT64_MAX) ? NumberAccess::make_int(static_cast<int64_t>(v), prec)
                                                   : NumberAccess::make_uint(v, prec);
    }
    if (v <= kTwo63) {
      return NumberAccess::make_int(static_cast<int64_t>(uint64_t{0} - v), prec);
    }
  }
  if (bl <= 53 && e >= -1074 && bl + e <= 1024) {
    double d = std::ldexp(static_cast<double>(m), static_cast<int>(e));
    return NumberAccess::make_double(neg ? -d : d, prec);
  }
  BigRep* b = BigRep::allocate(1);
  b->limbs()[0] = m;
  b->exp = e;
  return NumberAccess::make_big(b, neg, prec);
}

// Float.Quo(m * 2^bexp, 5^n) at prec bits as floatconv.go does it for a
// 64-bit mantissa and 5^n exact (n <= 27): the quotient of m << k by 5^n with
// k = prec + 2 + bitlen(5^n) - bitlen(m) (so at least prec + 2 quotient bits)
// and the remainder as sticky bit, rounded to nearest even once, like quo()
// in bigfloat.cpp but on plain limbs.
Number quo_pow5_small(bool neg, uint64_t m, int64_t bexp, unsigned n, uint32_t prec) {
  using Limbs = boost::container::small_vector<uint64_t, 12>;
  const uint64_t p5 = kPow5Tab[n];
  const int64_t bx = bw(m), by = bw(p5);
  int64_t k = static_cast<int64_t>(prec) + 2 + by - bx;
  if (k < 0) k = 0;
  // Divide (m << (k + s)) by the normalised p5 << s: same quotient, and the
  // remainder is zero iff the true one is.
  const unsigned s = static_cast<unsigned>(std::countl_zero(p5));
  const uint64_t dv = p5 << s;
  const uint64_t sh = static_cast<uint64_t>(k) + s;
  const size_t off = static_cast<size_t>(sh / 64);
  const unsigned b = static_cast<unsigned>(sh % 64);
  const size_t nl = off + 2;
  Limbs q(nl, 0);
  uint64_t rem = 0;
  for (size_t i = nl; i-- > 0;) {
    uint64_t limb = 0;
    if (i == off) limb = m << b;
    if (i == off + 1 && b != 0) limb = m >> (64 - b);
    if (rem == 0 && limb == 0) continue;  // q[i] = 0
    unsigned __int128 cur = (static_cast<unsigned __int128>(rem) << 64) | limb;
    q[i] = static_cast<uint64_t>(cur / dv);
    rem = static_cast<uint64_t>(cur % dv);
  }
  size_t top = nl;
  while (top > 0 && q[top - 1] == 0) top--;
  const int64_t qbits = static_cast<int64_t>(top - 1) * 64 + bw(q[top - 1]);
  const int64_t e = bexp - k + qbits;  // Go exponent: |x| = 0.q * 2^e
  if (e < kMinExp) return neg ? NumberAccess::make_double(-0.0, prec) : NumberAccess::make_int(0, prec);
  if (e > kMaxExp) return NumberAccess::make_inf(neg, prec);
  // qbits >= prec + 2 > prec, so it is rounded, and a carry out of the
  // rounded prec bits fits in the limbs the quotient had.
  return round_limbs_to_number(neg, q.data(), top, rem != 0, e, prec);
}

void mag_view(const Number& x, MagView& v) noexcept {
  uint64_t m = 0;
  int64_t e = 0;
  switch (x.kind()) {
    case Number::Kind::Int: {
      int64_t i = x.int_value();
      m = i < 0 ? uint64_t{0} - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
      break;
    }
    case Number::Kind::Uint:
      m = x.uint_value();
      break;
    case Number::Kind::Double:
      split_double(x.double_value(), m, e);
      break;
    case Number::Kind::Big:
      v.limbs = x.big()->limbs();
      v.n = x.big()->nlimbs;
      v.exp = x.big()->exp;
      v.one = 0;
      return;
    case Number::Kind::Inf:
      break;
  }
  if (m != 0) {
    int tz = std::countr_zero(m);
    m >>= tz;
    e += tz;
  }
  v.one = m;
  v.limbs = &v.one;
  v.n = 1;
  v.exp = e;
}

// ---------------------------------------------------------------------------
// Constructors

Number Number::from_int64(int64_t v) noexcept { return NumberAccess::make_int(v, 64); }

Number Number::from_uint64(uint64_t v) noexcept {
  return v <= static_cast<uint64_t>(INT64_MAX) ? NumberAccess::make_int(static_cast<int64_t>(v), 64)
                                               : NumberAccess::make_uint(v, 64);
}

Number Number::from_double(double v) { return from_double_prec(v, 53); }

// Float.SetFloat64 on a Float of precision prec.
Number Number::from_double_prec(double v, uint32_t prec) {
  check_prec(prec);
  if (std::isnan(v)) throw Error(Status::InvalidArg, "NaN is not a valid number");
  if (std::isinf(v)) return NumberAccess::make_inf(v < 0, prec);
  if (v == 0) {
    return std::signbit(v) ? NumberAccess::make_double(-0.0, prec) : NumberAccess::make_int(0, prec);
  }
  uint64_t m;
  int64_t e;
  split_double(v, m, e);
  round_u64(m, e, prec);
  return normalize_small(std::signbit(v), m, e, prec);
}

Number Number::infinity(bool negative) noexcept {
  // cty.PositiveInfinity = NumberVal(math.Inf(1)) via SetFloat64: precision 53.
  return NumberAccess::make_inf(negative, 53);
}

// ---------------------------------------------------------------------------
// Parsing: big.ParseFloat(s, 10, prec, ToNearestEven), floatconv.go.

std::optional<Number> Number::parse(std::string_view text) { return parse_prec(text, 512); }

namespace {

// |E| for number text denoting about d.ddd * 10^E (E from the position of
// the first non-zero mantissa digit and the exponent, a binary 'p'
// exponent converted to decimal), saturating near 2^40; 0 for zero and for
// text that is not a number (parse decides those).
uint64_t decimal_magnitude(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
  int64_t int_digits = 0, first_nonzero = -1, k = 0;
  bool point = false;
  for (; i < n; ++i) {
    const char c = s[i];
    if (c == '.' && !point) {
      point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    if (c != '0' && first_nonzero < 0) first_nonzero = k;
    ++k;
    if (!point) ++int_digits;
  }
  if (first_nonzero < 0) return 0;
  int64_t e = int_digits - 1 - first_nonzero;
  if (i < n && (s[i] == 'e' || s[i] == 'E' || s[i] == 'p' || s[i] == 'P')) {
    const bool binary = s[i] == 'p' || s[i] == 'P';
    ++i;
    bool eneg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) eneg = s[i++] == '-';
    int64_t x = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; ++i) {
      x = x * 10 + (s[i] - '0');
      if (x > (int64_t(1) << 40)) break;
    }
    if (binary) x = x * 30103 / 100000;
    e += eneg ? -x : x;
  }
  return static_cast<uint64_t>(e < 0 ? -e : e);
}

// From this decimal magnitude on, big.Float's binary exponent (int32)
// overflows: Go's Parse gives +/-Inf or 0, or fails for exponents beyond
// int64, and parse() answers as fast. Below it, a number this large is
// refused by the digit limit instead, without computing it.
constexpr uint64_t kBeyondBigFloat = 646456993;  // ceil((2^31 - 1) * log10(2))

}  // namespace

std::optional<Number> Number::parse_bounded(std::string_view text, size_t max_chars) {
  if (text.size() > max_chars) throw limits::number_text(text.size(), max_chars, kNoOffset);
  const uint64_t mag = decimal_magnitude(text);
  if (mag >= kBeyondBigFloat) return parse(text);
  // d.ddd * 10^E prints with at least |E| + 1 characters.
  if (mag >= max_chars) throw limits::number_digits(max_chars, kNoOffset);
  std::optional<Number> n = parse(text);
  if (n && n->text_length_bound() > max_chars) throw limits::number_digits(max_chars, kNoOffset);
  return n;
}

std::optional<Number> parse_number(std::string_view text, size_t input_length, DocumentBudget& budget,
                                   size_t offset) {
  std::optional<Number> n;
  try {
    n = Number::parse_bounded(text, budget.limits().max_number_digits);
  } catch (Error& e) {
    e.with_offset(offset);
    throw;
  }
  if (n) budget.add_number(n->text_length_bound(), n->magnitude_digits(), input_length, offset);
  return n;
}

namespace {

// big.ParseFloat(s, 10, prec, ToNearestEven); with use_limbs false, without
// parse_limbs (parse_prec_reference).
std::optional<Number> parse_impl(std::string_view s, uint32_t prec, bool use_limbs) {
  check_prec(prec);
  // Float.Parse: scan doesn't handle ±Inf.
  if (s.size() == 3 && (s == "Inf" || s == "inf")) return NumberAccess::make_inf(false, prec);
  if (s.size() == 4 && (s[0] == '+' || s[0] == '-') && (s.substr(1) == "Inf" || s.substr(1) == "inf")) {
    return NumberAccess::make_inf(s[0] == '-', prec);
  }
  size_t i = 0, n = s.size();
  // scanSign
  bool neg = false;
  if (i < n && (s[i] == '+' || s[i] == '-')) {
    neg = s[i] == '-';
    i++;
  }
  // nat.scan(r, 10, fracOk=true): digits with at most one radix point.
  size_t mant_start = i;
  int64_t count = 0;  // number of digits
  int64_t dp = -1;    // digit count at the radix point
  uint64_t m = 0;     // mantissa if it fits in 64 bits
  bool m_fits = true;
  for (; i < n; i++) {
    char c = s[i];
    if (c == '.' && dp < 0) {
      dp = count;
    } else if (c >= '0' && c <= '9') {
      count++;
      uint64_t dig = static_cast<uint64_t>(c - '0');
      if (count <= 19) {
        m = m * 10 + dig;  // below 10^19 < 2^64: cannot overflow
      } else if (m_fits) {
        if (m > (UINT64_MAX - dig) / 10) {
          m_fits = false;
        } else {
          m = m * 10 + dig;
        }
      }
    } else {
      break;
    }
  }
  size_t mant_end = i;
  if (count == 0) return std::nullopt;  // errNoDigits
  // scanExponent(r, base2ok=true, sepOk=false)
  int64_t exp = 0;
  int ebase = 10;
  if (i < n && (s[i] == 'e' || s[i] == 'E' || s[i] == 'p' || s[i] == 'P')) {
    ebase = (s[i] == 'e' || s[i] == 'E') ? 10 : 2;
    i++;
    bool eneg = false;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
      eneg = s[i] == '-';
      i++;
    }
    // strconv.ParseInt(digits, 10, 64): range error is a failure.
    uint64_t limit = eneg ? kTwo63 : kTwo63 - 1;
    uint64_t mag = 0;
    bool any = false;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
      any = true;
      uint64_t dig = static_cast<uint64_t>(s[i] - '0');
      if (mag > (limit - dig) / 10) return std::nullopt;
      mag = mag * 10 + dig;
    }
    if (!any) return std::nullopt;
    exp = eneg ? static_cast<int64_t>(uint64_t{0} - mag) : static_cast<int64_t>(mag);
  }
  if (i != n) return std::nullopt;  // "expected end of string"

  // Mantissa value 0 => ±0 (no exponent check, as in Go).
  bool zero = m_fits && m == 0;
  if (!m_fits) zero = false;
  if (zero) return neg ? NumberAccess::make_double(-0.0, prec) : NumberAccess::make_int(0, prec);

  // Exponent contributions with Go's wrapping int64 arithmetic:
  // |x| = M * 2^bexp * 5^exp5, exp2 = bitlen(M) + bexp must fit an int32.
  int64_t d = dp >= 0 ? dp - count : 0;  // -(digits after the point)
  auto wrap_add = [](int64_t a, int64_t b) {
    return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
  };
  int64_t exp5 = ebase == 10 ? wrap_add(d, exp) : d;
  int64_t bexp = wrap_add(d, exp);

  if (m_fits && bexp > -4000 && bexp < 4000) {
    int64_t exp2 = bexp + bw(m);
    (void)exp2;  // within int32 range by the bound on bexp
    if (exp5 == 0) {
      int64_t e = bexp;
      round_u64(m, e, prec);
      return normalize_small(neg, m, e, prec);
    }
    // Below 5^27 Go's pow5 is exact, so Mul/Quo round the exact result once.
    if (exp5 > 0 && exp5 <= 27) {
      unsigned __int128 p = static_cast<unsigned __int128>(m) * kPow5Tab[exp5];
      if ((p >> 64) == 0) {
        uint64_t pm = static_cast<uint64_t>(p);
        int64_t e = bexp;
        round_u64(pm, e, prec);
        return normalize_small(neg, pm, e, prec);
      }
    } else if (exp5 < 0 && exp5 >= -27) {
      uint64_t p5 = kPow5Tab[-exp5];
      if (m % p5 == 0) {
        uint64_t q = m / p5;
        int64_t e = bexp;
        round_u64(q, e, prec);
        return normalize_small(neg, q, e, prec);
      }
      if (!use_limbs) return quo_pow5_small(neg, m, bexp, static_cast<unsigned>(-exp5), prec);
    }
  }
  const std::string_view mant_text = s.substr(mant_start, mant_end - mant_start);
  if (use_limbs) {
    Number out;
    if (parse_limbs(neg, mant_text, m_fits ? &m : nullptr, bexp, exp5, prec, out)) return out;
  }
  return parse_slow(neg, mant_text, bexp, exp5, prec);
}

}  // namespace

std::optional<Number> Number::parse_prec(std::string_view s, uint32_t prec) {
  return parse_impl(s, prec, true);
}

std::optional<Number> parse_prec_reference(std::string_view s, uint32_t prec) {
  return parse_impl(s, prec, false);
}

// ---------------------------------------------------------------------------
// Observers

bool Number::is_zero() const noexcept {
  return (kind_ == Kind::Int && u_.i == 0) || (kind_ == Kind::Double && u_.d == 0);
}

bool Number::signbit() const noexcept {
  switch (kind_) {
    case Kind::Int:
      return u_.i < 0;
    case Kind::Uint:
      return false;
    case Kind::Double:
      return std::signbit(u_.d);
    case Kind::Inf:
    case Kind::Big:
      return neg_;
  }
  return false;
}

int Number::sign() const noexcept {
  if (is_zero()) return 0;
  return signbit() ? -1 : 1;
}

bool Number::is_integer() const noexcept {
  switch (kind_) {
    case Kind::Int:
    case Kind::Uint:
      return true;
    case Kind::Double:
      return std::trunc(u_.d) == u_.d;
    case Kind::Inf:
      return false;
    case Kind::Big:
      return u_.big->exp >= 0;
  }
  return false;
}

int64_t Number::to_int64(bool* exact) const noexcept {
  auto ret = [&](int64_t v, bool ex) {
    if (exact) *exact = ex;
    return v;
  };
  switch (kind_) {
    case Kind::Int:
      return ret(u_.i, true);
    case Kind::Uint:
      return ret(INT64_MAX, false);
    case Kind::Inf:
      return ret(neg_ ? INT64_MIN : INT64_MAX, false);
    case Kind::Double: {
      double d = u_.d;
      if (d >= 9223372036854775808.0) return ret(INT64_MAX, false);
      if (d < -9223372036854775808.0) return ret(INT64_MIN, false);
      double t = std::trunc(d);
      return ret(static_cast<int64_t>(t), t == d);
    }
    case Kind::Big: {
      MagView v;
      mag_view(*this, v);
      uint64_t t;
      bool fits = trunc_u64_big(v, &t);
      bool integral = is_integer();
      if (neg_) {
        if (!fits || t > kTwo63) return ret(INT64_MIN, false);
        return ret(static_cast<int64_t>(uint64_t{0} - t), integral);
      }
      if (!fits || t > static_cast<uint64_t>(INT64_MAX)) return ret(INT64_MAX, false);
      return ret(static_cast<int64_t>(t), integral);
    }
  }
  return ret(0, false);
}

uint64_t Number::to_uint64(bool* exact) const noexcept {
  auto ret = [&](uint64_t v, bool ex) {
    if (exact) *exact = ex;
    return v;
  };
  switch (kind_) {
    case Kind::Int:
      return u_.i < 0 ? ret(0, false) : ret(static_cast<uint64_t>(u_.i), true);
    case Kind::Uint:
      return ret(u_.u, true);
    case Kind::Inf:
      return ret(neg_ ? 0 : UINT64_MAX, false);
    case Kind::Double: {
      double d = u_.d;
      if (d == 0) return ret(0, true);
      if (d < 0) return ret(0, false);
      if (d >= 18446744073709551616.0) return ret(UINT64_MAX, false);
      double t = std::trunc(d);
      return ret(static_cast<uint64_t>(t), t == d);
    }
    case Kind::Big: {
      if (neg_) return ret(0, false);
      MagView v;
      mag_view(*this, v);
      uint64_t t;
      if (!trunc_u64_big(v, &t)) return ret(UINT64_MAX, false);
      return ret(t, is_integer());
    }
  }
  return ret(0, false);
}

double Number::to_double(bool* exact) const noexcept {
  auto ret = [&](double v, bool ex) {
    if (exact) *exact = ex;
    return v;
  };
  switch (kind_) {
    case Kind::Int: {
      uint64_t mag = u_.i < 0 ? uint64_t{0} - static_cast<uint64_t>(u_.i) : static_cast<uint64_t>(u_.i);
      bool ex = mag == 0 || bw(mag >> std::countr_zero(mag)) <= 53;
      return ret(static_cast<double>(u_.i), ex);
    }
    case Kind::Uint: {
      uint64_t mag = u_.u;
      bool ex = bw(mag >> std::countr_zero(mag)) <= 53;
      return ret(static_cast<double>(mag), ex);
    }
    case Kind::Double:
      return ret(u_.d, true);
    case Kind::Inf:
      // Float.Float64 of ±Inf is ±Inf, Exact.
      return ret(neg_ ? -HUGE_VAL : HUGE_VAL, true);
    case Kind::Big: {
      MagView v;
      mag_view(*this, v);
      return to_double_big(v, neg_, exact);
    }
  }
  return ret(0, false);
}

// go-cty cty/msgpack marshal.go (docs/gocty-behaviour.md#number-form): ±Inf -> float64; Int64()
// exact -> int; Float64() exact and !IsInt() -> float64; else Text('f', -1).
Number::WireForm Number::wire_form() const noexcept {
  switch (kind_) {
    case Kind::Inf:
      return WireForm::Float64;
    case Kind::Int:
      return WireForm::Int64;
    case Kind::Double:
      if (u_.d == 0) return WireForm::Int64;  // -0: Int64() is 0, Exact
      // In-range integers are kInt, so an integral double is beyond int64.
      return std::trunc(u_.d) == u_.d ? WireForm::Text : WireForm::Float64;
    case Kind::Uint:
    case Kind::Big:
      // kUint is >= 2^63; kBig is never an exact binary64 nor an int64.
      return WireForm::Text;
  }
  return WireForm::Text;
}

// ---------------------------------------------------------------------------
// Decimal output (ftoa.go)

namespace {

void decimal_of_impl(const Number& x, Decimal& d, bool reference) {
  if (x.is_zero() || x.is_inf()) {
    d.mant.clear();
    d.exp = 0;
    return;
  }
  if (x.kind() == Number::Kind::Big) {
    if (reference) {
      decimal_of_big_reference(x.big(), d);
    } else {
      decimal_of_big(x.big(), d);
    }
    return;
  }
  MagView v;
  mag_view(x, v);
  d.init_u64(v.one, v.exp);
}

}  // namespace

void decimal_of(const Number& x, Decimal& d) { decimal_of_impl(x, d, false); }

std::string Number::exact_text(size_t max_digits) const {
  if (is_inf() || is_zero()) return text();
  Decimal d;
  decimal_of(*this, d);  // |x| = 0.mant * 10^exp, exactly
  d.trim();
  std::string digits(d.mant.begin(), d.mant.end());
  const bool cut = digits.size() > max_digits;
  std::string out = signbit() ? "-" : "";
  const int64_t e = d.exp;
  const int64_t n = static_cast<int64_t>(digits.size());
  if (e <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-e), '0');
    out += digits;
  } else if (e >= n) {
    out += digits;
    out.append(static_cast<size_t>(e - n), '0');
  } else {
    out += digits.substr(0, static_cast<size_t>(e));
    out += '.';
    out += digits.substr(static_cast<size_t>(e));
  }
  if (cut) {
    // Keep max_digits significant digits (and any zeros before them).
    size_t seen = 0, i = 0;
    for (; i < out.size() && seen < max_digits; ++i) {
      if (out[i] >= '1' && out[i] <= '9') seen = seen == 0 ? 1 : seen + 1;
      else if (out[i] == '0' && seen > 0) ++seen;
    }
    out.resize(i);
    out += "...";
  }
  return out;
}

namespace {

// ftoa.go roundShortest, given the exact decimal d and the decimals of the
// lower and upper bounds (x -/+ 1/2 ulp).
void round_shortest(Decimal& d, const Decimal& lower, const Decimal& upper, bool inclusive) {
  if (d.mant.empty()) return;
  for (int64_t i = 0; i < d.len(); i++) {
    char m = d.mant[static_cast<size_t>(i)];
    char l = lower.at(i);
    char u = upper.at(i);
    // Okay to round down (truncate) if lower has a different digit or if
    // lower is inclusive and is exactly the result of rounding down (i.e.,
    // and we have reached the final digit of lower).
    bool okdown = l != m || (inclusive && i + 1 == lower.len());
    // Okay to round up if upper has a different digit and either upper is
    // inclusive or upper is bigger than the result of rounding up.
    bool okup = m != u && (inclusive || m + 1 < u || i + 1 < upper.len());
    if (okdown && okup) {
      d.round(i + 1);
      return;
    }
    if (okdown) {
      d.round_down(i + 1);
      return;
    }
    if (okup) {
      d.round_up(i + 1);
      return;
    }
  }
}

// True if 2^lsb_exp < 10^k is certain (conservative: false when unsure).
bool half_ulp_below_unit(int64_t lsb_exp, int64_t k) {
  // log2(10) = 3.321928...
  if (k >= 0) return lsb_exp < 0 || lsb_exp * 1000 < k * 3321;
  return lsb_exp * 10000 < k * 33220 - 10000;
}

// ftoa.go fmtF: %f layout with prec fraction digits.
void fmt_f(std::string& out, int64_t prec, const Decimal& d) {
  if (d.exp > 0) {
    int64_t m = std::min(d.len(), d.exp);
    out.append(d.mant.data(), static_cast<size_t>(m));
    if (d.exp > m) out.append(static_cast<size_t>(d.exp - m), '0');
  } else {
    out.push_back('0');
  }
  if (prec > 0) {
    out.push_back('.');
    for (int64_t i = 0; i < prec; i++) out.push_back(d.at(d.exp + i));
  }
}

// ftoa.go fmtE with fmt 'e'.
void fmt_e(std::string& out, int64_t prec, const Decimal& d) {
  out.push_back(d.mant.empty() ? '0' : d.mant[0]);
  if (prec > 0) {
    out.push_back('.');
    int64_t i = 1;
    int64_t m = std::min(d.len(), prec + 1);
    if (i < m) {
      out.append(d.mant.data() + 1, static_cast<size_t>(m - 1));
      i = m;
    }
    for (; i <= prec; i++) out.push_back('0');
  }
  out.push_back('e');
  int64_t exp = d.mant.empty() ? 0 : d.exp - 1;
  if (exp < 0) {
    out.push_back('-');
    exp = -exp;
  } else {
    out.push_back('+');
  }
  if (exp < 10) out.push_back('0');  // at least 2 exponent digits
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, exp);
  out.append(buf, r.ptr);
}

void append_u64(std::string& out, uint64_t v) {
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

}  // namespace

size_t Number::text_length_bound() const noexcept {
  // |x| = m * 2^e2 with an odd (or zero) m of `bits` bits, so
  // 2^(top-1) <= |x| < 2^top with top = bits + e2. Integer digits are at most
  // floor(top * log10(2)) + 1; a fraction needs at most the leading zeros
  // after the point plus the significant digits Go's shortest form can use at
  // this precision (ceil(prec * log10(2)) + 1), and never more than the exact
  // binary fraction's -e2 digits. Four characters cover sign, point and
  // rounding slack.
  constexpr double kLog10of2 = 0.30102999566398120;
  switch (kind_) {
    case Kind::Int:
    case Kind::Uint: return 21;
    case Kind::Inf: return 4;
    default: break;
  }
  int64_t bits, e2;
  if (kind_ == Kind::Double) {
    if (u_.d == 0) return 2;
    int e;
    std::frexp(u_.d, &e);  // |d| = f * 2^e, 0.5 <= f < 1
    bits = 53;
    e2 = static_cast<int64_t>(e) - 53;
  } else {
    bits = static_cast<int64_t>(u_.big->bit_len());
    e2 = u_.big->exp;
  }
  const int64_t top = bits + e2;
  // Sign, then the integer digits: |x| < 2^top, and 2^top is never a power
  // of ten, so at most floor(top * log10(2)) + 1 of them (one "0" below 1).
  double n = signbit() ? 1 : 0;
  n += top > 0 ? std::floor(static_cast<double>(top) * kLog10of2) + 1 : 1;
  if (e2 < 0) {
    // The point, then the fraction.
    double frac = (top < 0 ? static_cast<double>(-top) * kLog10of2 + 1 : 0) +
                  static_cast<double>(prec_) * kLog10of2 + 2;
    n += 1 + std::min(frac, static_cast<double>(-e2));
  }
  return n >= 9.0e18 ? SIZE_MAX : static_cast<size_t>(n);
}

size_t Number::magnitude_digits() const noexcept {
  constexpr double kLog10of2 = 0.30102999566398120;
  int64_t top;  // 2^(top-1) <= |x| < 2^top
  switch (kind_) {
    case Kind::Int:
    case Kind::Uint:
    case Kind::Inf: return 0;
    case Kind::Double: {
      if (u_.d == 0) return 0;
      int e;
      std::frexp(u_.d, &e);
      top = e;
      break;
    }
    default: top = static_cast<int64_t>(u_.big->bit_len()) + u_.big->exp; break;
  }
  const double d = static_cast<double>(top < 0 ? -top : top) * kLog10of2;
  return d >= 9.0e18 ? SIZE_MAX : static_cast<size_t>(d);
}

std::string Number::text() const {
  std::string s;
  append_text(s);
  return s;
}

namespace {

// A binary64 at precision 53 for which Go's roundShortest gives the shortest
// round-trip digits of std::to_chars (Ryu):
// - normal: a subnormal's ulp at precision 53 is finer than binary64's;
// - not a power of two: there binary64's lower neighbour is only 1/4 ulp
//   away, while Go uses the symmetric interval [x - 1/2 ulp, x + 1/2 ulp];
// - |x| < 2^52. Go's digit loop never rounds up once it has passed the last
//   digit of the upper bound x + 1/2 ulp (strconv fixed that with
//   upperdelta, math/big did not), so it can pick a longer or farther string
//   when that bound has at most 17 significant digits; with |x| < 2^52 the
//   bound is (2m + 1) / 2^f with f >= 2 and an odd numerator, which has at
//   least 18.
// Within those, Go's interval (inclusive iff the mantissa is even) is Ryu's,
// both take the shortest digit string in it and, if there are two, the
// nearest (ties to even). The unit tests compare with the exact algorithm.
bool shortest_double_ok(double v) noexcept {
  uint64_t bits = std::bit_cast<uint64_t>(v);
  uint64_t bexp = (bits >> 52) & 0x7ff;
  return bexp != 0 && bexp < 1023 + 52 && (bits & 0x000fffffffffffffull) != 0;
}

// Text('f', -1) of such a double (the sign is already written): the
// shortest digits from std::to_chars in scientific form, laid out by fmtF.
void append_shortest_double(std::string& out, double v) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, std::fabs(v), std::chars_format::scientific);
  // buf = d[.ddd]e(+|-)xx
  char digits[24];
  size_t nd = 0;
  const char* p = buf;
  digits[nd++] = *p++;
  if (*p == '.') {
    for (p++; *p != 'e'; p++) digits[nd++] = *p;
  }
  p++;  // 'e'
  bool eneg = *p == '-';
  p++;
  int e10 = 0;
  for (; p < r.ptr; p++) e10 = e10 * 10 + (*p - '0');
  if (eneg) e10 = -e10;
  // value = 0.digits * 10^dexp
  const int64_t dexp = e10 + 1;
  const int64_t n = static_cast<int64_t>(nd);
  if (dexp <= 0) {
    out.append("0.");
    out.append(static_cast<size_t>(-dexp), '0');
    out.append(digits, nd);
  } else if (dexp >= n) {
    out.append(digits, nd);
    out.append(static_cast<size_t>(dexp - n), '0');
  } else {
    out.append(digits, static_cast<size_t>(dexp));
    out.push_back('.');
    out.append(digits + dexp, static_cast<size_t>(n - dexp));
  }
}

// ftoa.go roundShortest on prefixes of the exact decimals: d, lower and
// upper as from decimal_of_limbs with a digit limit, *_cut telling which were
// cut short. Returns false, leaving d alone, if the loop would need digits
// that were not computed; otherwise d is rounded exactly as round_shortest
// would round the full decimals (round at position i + 1 looks at digit
// i + 1 and whether more follow, so i + 2 digits must be known).
bool round_shortest_prefix(Decimal& d, bool d_cut, const Decimal& lower, bool lower_cut,
                           const Decimal& upper, bool upper_cut, bool inclusive) {
  int64_t known = INT64_MAX;  // digits known to be exact at every index below
  if (d_cut) known = std::min(known, d.len());
  if (lower_cut) known = std::min(known, lower.len());
  if (upper_cut) known = std::min(known, upper.len());
  for (int64_t i = 0;; i++) {
    if (i + 2 >= known) return false;
    if (i >= d.len()) return true;  // d exact and no rounding needed
    char m = d.mant[static_cast<size_t>(i)];
    char l = lower.at(i);
    char u = upper.at(i);
    // A cut decimal is longer than the digits known, so i + 1 < its length.
    bool lower_ends = !lower_cut && i + 1 == lower.len();
    bool upper_longer = upper_cut || i + 1 < upper.len();
    bool okdown = l != m || (inclusive && lower_ends);
    bool okup = m != u && (inclusive || m + 1 < u || upper_longer);
    if (okdown && okup) {
      d.round(i + 1);
      return true;
    }
    if (okdown) {
      d.round_down(i + 1);
      return true;
    }
    if (okup) {
      d.round_up(i + 1);
      return true;
    }
  }
}

// Text('f', -1) of a kBig number from its first digits only: Go's loop
// usually settles within about prec * log10(2) digits, while the exact
// expansion of a fraction has as many digits as it has fraction bits.
// Returns false (nothing written) if the prefixes do not settle it. The
// caller has written the sign.
bool append_text_big_prefix(const Number& x, std::string& out, size_t limit) {
  const uint32_t prec = x.precision();
  Decimal d;
  bool d_cut = decimal_of_big(x.big(), d, limit);
  MagView v;
  mag_view(x, v);
  int64_t goexp = static_cast<int64_t>(x.big()->bit_len()) + v.exp;
  int64_t lsb_exp = goexp - static_cast<int64_t>(prec) - 1;
  if (d_cut || !half_ulp_below_unit(lsb_exp, d.exp - d.len())) {
    Decimal lower, upper;
    bool inclusive, lower_cut, upper_cut;
    shortest_bounds_big(v, prec, lower, upper, inclusive, limit, &lower_cut, &upper_cut);
    if (!round_shortest_prefix(d, d_cut, lower, lower_cut, upper, upper_cut, inclusive)) return false;
  }
  fmt_f(out, std::max<int64_t>(d.len() - d.exp, 0), d);
  return true;
}

// Float.Text('f', -1); `reference` uses only the exact ftoa.go algorithm.
void append_text_impl(const Number& x, std::string& out, bool reference) {
  const Number::Kind kind = x.kind();
  const uint32_t prec = x.precision();
  if (kind == Number::Kind::Inf) {
    out.append(x.signbit() ? "-Inf" : "+Inf");
    return;
  }
  if (x.signbit()) out.push_back('-');
  if (x.is_zero()) {
    out.push_back('0');
    return;
  }
  // Integers with no more bits than the precision print exactly.
  if (kind == Number::Kind::Int || kind == Number::Kind::Uint) {
    uint64_t mag = kind == Number::Kind::Uint ? x.uint_value()
                   : x.int_value() < 0        ? uint64_t{0} - static_cast<uint64_t>(x.int_value())
                                              : static_cast<uint64_t>(x.int_value());
    if (bw(mag) <= static_cast<int>(prec)) {
      append_u64(out, mag);
      return;
    }
  }
  if (!reference && kind == Number::Kind::Big) {
    // Texts of up to about 60 digits (most inputs) settle with the first
    // limit; Go's loop usually ends within prec * log10(2) digits.
    const size_t limit = static_cast<size_t>(prec) * 30103 / 100000 + 8;
    if (append_text_big_prefix(x, out, std::min<size_t>(limit, 64))) return;
    if (limit > 64 && append_text_big_prefix(x, out, limit)) return;
  }
  if (!reference && kind == Number::Kind::Double && prec == 53 && shortest_double_ok(x.double_value())) {
    append_shortest_double(out, x.double_value());
    return;
  }
  MagView v;
  mag_view(x, v);
  Decimal d;
  decimal_of_impl(x, d, reference);
  int64_t bl = kind == Number::Kind::Big ? static_cast<int64_t>(x.big()->bit_len()) : bw(v.one);
  int64_t goexp = bl + v.exp;  // |x| = 0.mant * 2^goexp
  int64_t lsb_exp = goexp - static_cast<int64_t>(prec) - 1;  // weight of 1/2 ulp
  if (!half_ulp_below_unit(lsb_exp, d.exp - d.len())) {
    // roundShortest: the lower and upper bounds x -/+ 1/2 ulp.
    Decimal lower, upper;
    bool inclusive;
    if (prec + 1 <= 64 && kind != Number::Kind::Big) {
      uint64_t m = v.one;
      int64_t s = bl - (static_cast<int64_t>(prec) + 1);
      if (s < 0) {
        m <<= -s;
      } else if (s > 0) {
        m >>= s;
      }
      int64_t e = v.exp + s;
      inclusive = (m & 2) == 0;
      lower.init_u64(m - 1, e);
      upper.init_u64(m + 1, e);
    } else if (reference) {
      shortest_bounds_big_reference(v, prec, lower, upper, inclusive);
    } else {
      shortest_bounds_big(v, prec, lower, upper, inclusive);
    }
    round_shortest(d, lower, upper, inclusive);
  }
  fmt_f(out, std::max<int64_t>(d.len() - d.exp, 0), d);
}

// Float.Text('g', 10) (= Float.String()).
void append_hash_text_impl(const Number& x, std::string& out, bool reference) {
  if (x.is_inf()) {
    out.append(x.signbit() ? "-Inf" : "+Inf");
    return;
  }
  if (x.signbit()) out.push_back('-');
  Decimal d;
  int64_t prec = 10;
  if (!reference && x.kind() == Number::Kind::Big) {
    // Rounding to 10 digits needs 11 and whether anything nonzero follows
    // (a cut decimal has at least 12 digits and more after them).
    decimal_of_big(x.big(), d, 12);
    d.round(prec);
  } else if (!reference && x.kind() == Number::Kind::Double && !x.is_zero()) {
    // The exact value rounded to 10 significant digits, ties to even: what
    // std::to_chars with a precision produces (as printf's %.9e).
    char buf[40];
    auto r = std::to_chars(buf, buf + sizeof buf, std::fabs(x.double_value()),
                           std::chars_format::scientific, 9);
    // buf = d.ddddddddde(+|-)xx
    d.mant.assign(buf, buf + 1);
    d.mant.insert(d.mant.end(), buf + 2, buf + 11);
    int e10 = 0;
    for (const char* p = buf + 13; p < r.ptr; p++) e10 = e10 * 10 + (*p - '0');
    d.exp = (buf[12] == '-' ? -e10 : e10) + 1;
    d.trim();
  } else {
    decimal_of_impl(x, d, reference);
    d.round(prec);
  }
  // trim trailing fractional zeros in %e format
  int64_t eprec = prec;
  if (eprec > d.len() && d.len() >= d.exp) eprec = d.len();
  // %e is used if the exponent from the conversion is less than -4 or
  // greater than or equal to the precision.
  int64_t exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.len()) prec = d.len();
    fmt_e(out, prec - 1, d);
    return;
  }
  if (prec > d.exp) prec = d.len();
  fmt_f(out, std::max<int64_t>(prec - d.exp, 0), d);
}

}  // namespace

bool text_big_prefix(const Number& x, size_t max_digits, std::string& out) {
  if (x.kind() != Number::Kind::Big) return false;
  std::string s;
  if (x.signbit()) s.push_back('-');
  if (!append_text_big_prefix(x, s, max_digits)) return false;
  out = std::move(s);
  return true;
}

std::string text_reference(const Number& x) {
  std::string s;
  append_text_impl(x, s, true);
  return s;
}

std::string hash_text_reference(const Number& x) {
  std::string s;
  append_hash_text_impl(x, s, true);
  return s;
}

void Number::append_text(std::string& out) const { append_text_impl(*this, out, false); }

std::string Number::hash_text() const {
  std::string s;
  append_hash_text(s);
  return s;
}

void Number::append_hash_text(std::string& out) const { append_hash_text_impl(*this, out, false); }

// ---------------------------------------------------------------------------
// Comparison and equality

namespace {

int compare_mag(const Number& a, const Number& b) {
  MagView va, vb;
  mag_view(a, va);
  mag_view(b, vb);
  if (va.n == 1 && vb.n == 1) {
    uint64_t la = va.limbs[0], lb = vb.limbs[0];
    // A zero magnitude has no leading bit: order it before anything else
    // (and avoid shifting by 64 below).
    if (la == 0 || lb == 0) return (la != 0) - (lb != 0);
    int ba = bw(la), bb = bw(lb);
    int64_t ea = ba + va.exp, eb = bb + vb.exp;
    if (ea != eb) return ea < eb ? -1 : 1;
    uint64_t ma = la << (64 - ba), mb = lb << (64 - bb);
    return ma < mb ? -1 : (ma > mb ? 1 : 0);
  }
  return compare_mag_slow(va, vb);
}

}  // namespace

int Number::compare(const Number& a, const Number& b) noexcept {
  if (a.kind_ == Kind::Int && b.kind_ == Kind::Int) return a.u_.i < b.u_.i ? -1 : (a.u_.i > b.u_.i ? 1 : 0);
  if (a.kind_ == Kind::Double && b.kind_ == Kind::Double) {
    return a.u_.d < b.u_.d ? -1 : (a.u_.d > b.u_.d ? 1 : 0);
  }
  int sa = a.is_inf() ? (a.neg_ ? -1 : 1) : a.sign();
  int sb = b.is_inf() ? (b.neg_ ? -1 : 1) : b.sign();
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  if (a.is_inf() || b.is_inf()) {
    if (a.is_inf() && b.is_inf()) return 0;
    return a.is_inf() ? sa : -sa;
  }
  int c = compare_mag(a, b);
  return sa > 0 ? c : -c;
}

// cty primitive_type.go rawNumberEqual.
bool Number::equal(const Number& a, const Number& b) {
  int sa = a.is_inf() ? (a.neg_ ? -1 : 1) : a.sign();
  int sb = b.is_inf() ? (b.neg_ ? -1 : 1) : b.sign();
  if (sa != sb) return false;
  bool ai = a.is_integer(), bi = b.is_integer();
  if (ai != bi) return false;  // only one is an exact integer
  if (ai) return compare(a, b) == 0;
  // Same value and precision => same text.
  if (a.prec_ == b.prec_ && a.kind_ == b.kind_ && compare(a, b) == 0) return true;
  return a.text() == b.text();  // neither is zero, so "-0" cannot occur
}

void Number::append_equality_key(std::string& out) const {
  if (is_integer()) {
    out.push_back('I');
    if (kind_ == Kind::Int) {
      char buf[24];
      auto r = std::to_chars(buf, buf + sizeof buf, u_.i);
      out.append(buf, r.ptr);
      return;
    }
    if (kind_ == Kind::Uint) {
      append_u64(out, u_.u);
      return;
    }
    if (is_zero()) {  // -0 equals 0
      out.push_back('0');
      return;
    }
    if (signbit()) out.push_back('-');
    Decimal d;
    decimal_of(*this, d);
    fmt_f(out, 0, d);
    return;
  }
  out.push_back('F');
  append_text(out);
}

}  // namespace dynval
