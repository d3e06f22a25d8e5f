// Internals of dynval::Number shared by number.cpp, decimal.cpp and
// bigfloat.cpp. Not part of any other layer's interface.
//
// Boost.Multiprecision stays inside bigfloat.cpp (compile cost); this header
// only speaks in 64-bit limbs.
#pragma once

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/container/small_vector.hpp>

#include "number/number.hpp"

namespace dynval {

// Go's big.Float exponent limits (MinExp/MaxExp = math.MinInt32/MaxInt32).
inline constexpr int64_t kMinExp = INT32_MIN;
inline constexpr int64_t kMaxExp = INT32_MAX;
inline constexpr uint32_t kMaxPrec = 4096;

// 5^0 .. 5^27: the powers of five that fit in a uint64 (Go pow5tab).
inline constexpr uint64_t kPow5Tab[] = {
    1ull,
    5ull,
    25ull,
    125ull,
    625ull,
    3125ull,
    15625ull,
    78125ull,
    390625ull,
    1953125ull,
    9765625ull,
    48828125ull,
    244140625ull,
    1220703125ull,
    6103515625ull,
    30517578125ull,
    152587890625ull,
    762939453125ull,
    3814697265625ull,
    19073486328125ull,
    95367431640625ull,
    476837158203125ull,
    2384185791015625ull,
    11920928955078125ull,
    59604644775390625ull,
    298023223876953125ull,
    1490116119384765625ull,
    7450580596923828125ull,
};

// std::bit_width as an int (libstdc++ 12 returns the argument type).
inline int bw(uint64_t v) noexcept { return static_cast<int>(std::bit_width(v)); }

// Heap payload of Number::Kind::Big: |value| = mant * 2^exp with mant odd,
// stored as `nlimbs` little-endian 64-bit limbs right after the header.
// Immutable once published; shared with an atomic reference count.
struct BigRep {
  mutable std::atomic<uint32_t> refs{1};
  uint32_t nlimbs = 0;
  int64_t exp = 0;

  const uint64_t* limbs() const noexcept { return reinterpret_cast<const uint64_t*>(this + 1); }
  uint64_t* limbs() noexcept { return reinterpret_cast<uint64_t*>(this + 1); }
  // Number of significant bits of the mantissa.
  uint64_t bit_len() const noexcept;

  static BigRep* allocate(uint32_t nlimbs);  // refs = 1, limbs uninitialised
  static void release(const BigRep* b) noexcept;
};
static_assert(sizeof(BigRep) % alignof(uint64_t) == 0);

// Builds Numbers with a given payload (Number's constructors are private).
struct NumberAccess {
  static Number make_int(int64_t v, uint32_t prec) noexcept {
    Number n;
    n.kind_ = Number::Kind::Int;
    n.u_.i = v;
    n.prec_ = prec;
    return n;
  }
  static Number make_uint(uint64_t v, uint32_t prec) noexcept {
    Number n;
    n.kind_ = Number::Kind::Uint;
    n.u_.u = v;
    n.prec_ = prec;
    return n;
  }
  static Number make_double(double v, uint32_t prec) noexcept {
    Number n;
    n.kind_ = Number::Kind::Double;
    n.u_.d = v;
    n.prec_ = prec;
    return n;
  }
  static Number make_inf(bool neg, uint32_t prec) noexcept {
    Number n;
    n.kind_ = Number::Kind::Inf;
    n.neg_ = neg;
    n.prec_ = prec;
    return n;
  }
  // Takes over the reference held by `b`.
  static Number make_big(const BigRep* b, bool neg, uint32_t prec) noexcept {
    Number n;
    n.kind_ = Number::Kind::Big;
    n.u_.big = b;
    n.neg_ = neg;
    n.prec_ = prec;
    return n;
  }
  static bool neg(const Number& n) noexcept { return n.neg_; }
};

// The normal form (see number.hpp): a finite nonzero value ±m * 2^e with a
// mantissa of at most 64 bits (any trailing zero bits allowed) becomes kInt,
// kUint, kDouble or, failing those, a one-limb kBig. `m` must be nonzero and
// have at most `prec` significant bits.
Number normalize_small(bool neg, uint64_t m, int64_t e, uint32_t prec);

// A finite nonzero magnitude in the form the slow paths use: value =
// limbs * 2^exp (limbs little-endian, mantissa odd). For inline kinds the
// single limb lives in `one`.
struct MagView {
  const uint64_t* limbs;
  uint32_t n;
  int64_t exp;
  uint64_t one;
};
// Fills v for a finite nonzero number (any kind but Inf / zero).
void mag_view(const Number& x, MagView& v) noexcept;

// ---------------------------------------------------------------------------
// Go's math/big decimal (decimal.go), a multi-precision decimal number
// 0.mant * 10^exp with mant's ASCII digits and no trailing zeros.
struct Decimal {
  boost::container::small_vector<char, 840> mant;
  int64_t exp = 0;

  char at(int64_t i) const noexcept {
    return (i >= 0 && i < static_cast<int64_t>(mant.size())) ? mant[static_cast<size_t>(i)] : '0';
  }
  int64_t len() const noexcept { return static_cast<int64_t>(mant.size()); }

  // Sets the decimal to the exact value of m * 2^shift (decimal.init).
  void init_u64(uint64_t m, int64_t shift);
  // Sets the decimal to the exact value of the integer whose decimal digits
  // are `digits` (no leading zeros), times 2^shift (shift <= 0).
  void init_digits(std::string_view digits, int64_t shift);

  void rsh(unsigned s);  // divide by 2^s, s <= 60 (decimal.go rsh)
  void lsh(unsigned s);  // multiply by 2^s, s <= 56
  void round(int64_t n);
  void round_up(int64_t n);
  void round_down(int64_t n);
  void trim() noexcept;
};

// Sets d to the exact decimal value of |x| * 2^extra_shift (x finite, any kind).
void decimal_of(const Number& x, Decimal& d);
// The same for a kBig magnitude (bigfloat.cpp).
void decimal_of_big(const BigRep* b, Decimal& d);
// ftoa.go roundShortest for a value of precision > 63 bits whose mantissa
// does not fit the 64-bit fast path (bigfloat.cpp).
void shortest_bounds_big(const MagView& v, uint32_t prec, Decimal& lower, Decimal& upper,
                         bool& inclusive);

// Slow paths in bigfloat.cpp.
std::optional<Number> parse_slow(bool neg, std::string_view mant_text, int64_t exp2,
                                 int64_t exp5, uint32_t prec);

int compare_mag_slow(const MagView& a, const MagView& b);
double to_double_big(const MagView& v, bool neg, bool* exact);
// Truncated integer value of |v| if it fits in 64 bits (returns false if not).
bool trunc_u64_big(const MagView& v, uint64_t* out);

}  // namespace dynval
