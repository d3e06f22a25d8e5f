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
  using Mant = boost::container::small_vector<char, 840>;
  Mant mant;
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

// Sets d to the exact decimal value of |x| (x finite, any kind).
void decimal_of(const Number& x, Decimal& d);
// Sets d to the exact decimal value of limbs[0..n) * 2^exp (little-endian
// 64-bit limbs, any bit pattern; zero gives an empty d). Integer digits by
// division by 10^19, fraction digits by multiplication by 10^19, on 64-bit
// limbs (decimal.cpp). With max_digits > 0 the fraction digits stop once d
// has at least max_digits digits (all integer digits are always produced):
// returns true if nonzero digits were left out, in which case d.mant is a
// prefix of the exact digits (not trimmed, d.exp exact) and d.len() is less
// than the exact length. Returns false when d is exact.
bool decimal_of_limbs(const uint64_t* limbs, uint32_t n, int64_t exp, Decimal& d,
                      size_t max_digits = 0);
// The same for a kBig magnitude (bigfloat.cpp); max_digits and the result
// as for decimal_of_limbs.
bool decimal_of_big(const BigRep* b, Decimal& d, size_t max_digits = 0);
// ftoa.go roundShortest for a value of precision > 63 bits whose mantissa
// does not fit the 64-bit fast path (bigfloat.cpp): the bounds x -/+ 1/2 ulp.
// With max_digits > 0, lower_cut / upper_cut (may be null otherwise) report
// whether that bound was cut short as by decimal_of_limbs.
void shortest_bounds_big(const MagView& v, uint32_t prec, Decimal& lower, Decimal& upper,
                         bool& inclusive, size_t max_digits = 0, bool* lower_cut = nullptr,
                         bool* upper_cut = nullptr);

// The former cpp_int implementations of the two functions above, kept as the
// reference the unit tests compare them with (bigfloat.cpp).
void decimal_of_big_reference(const BigRep* b, Decimal& d);
void shortest_bounds_big_reference(const MagView& v, uint32_t prec, Decimal& lower,
                                   Decimal& upper, bool& inclusive);

// Reference renderings for the unit tests: the ftoa.go algorithm on exact
// decimals throughout (no binary64 shortcut) with the cpp_int conversions
// above. text_reference == Number::text and hash_text_reference ==
// Number::hash_text for every number.
std::string text_reference(const Number& x);
std::string hash_text_reference(const Number& x);
// The kBig fast path of Number::text with a given digit limit (tests): sets
// out and returns true if the first max_digits digits settle the text,
// returns false otherwise or for another kind.
bool text_big_prefix(const Number& x, size_t max_digits, std::string& out);

// ParseFloat's z.Quo(z, 5^n) for a 64-bit mantissa m (|z| = m * 2^bexp,
// z.exp in range) and 1 <= n <= 27 (number.cpp); equal to what parse_slow
// returns for the same input.
Number quo_pow5_small(bool neg, uint64_t m, int64_t bexp, unsigned n, uint32_t prec);

// float.go round (ToNearestEven) of |x| = 0.q * 2^e at prec bits, then the
// normal form (normalize_small or a BigRep); infinity when rounding carries
// e past kMaxExp. q[0..n) has its top limb nonzero and room for one more
// limb; sticky says whether nonzero bits lie below q. q is clobbered.
Number round_limbs_to_number(bool neg, uint64_t* q, size_t n, bool sticky, int64_t e, uint32_t prec);

// 10^i for i in [0, 19]: the chunk multipliers of the digit scanners.
inline constexpr uint64_t kPow10U64[20] = {1ull,
                                           10ull,
                                           100ull,
                                           1000ull,
                                           10000ull,
                                           100000ull,
                                           1000000ull,
                                           10000000ull,
                                           100000000ull,
                                           1000000000ull,
                                           10000000000ull,
                                           100000000000ull,
                                           1000000000000ull,
                                           10000000000000ull,
                                           100000000000000ull,
                                           1000000000000000ull,
                                           10000000000000000ull,
                                           100000000000000000ull,
                                           1000000000000000000ull,
                                           10000000000000000000ull};

// ParseFloat on fixed 64-bit limbs (parse_limbs.cpp) for |x| = M * 2^bexp *
// 5^exp5, M the digits of mant_text (digits and at most one '.'), or *m64 if
// not null: sets out and returns true when M has at most 96 significant
// digits, prec <= 512, |bexp| <= 2^24 and 5^|exp5| fits in prec + 64 bits
// (Go's pow5 exact), the range where ParseFloat rounds the exact value once;
// returns false otherwise (or for M == 0). Equal, bit for bit, to what
// parse_slow returns for the same input.
bool parse_limbs(bool neg, std::string_view mant_text, const uint64_t* m64, int64_t bexp,
                 int64_t exp5, uint32_t prec, Number& out);
// Number::parse_prec as it was before parse_limbs (the 64-bit fast paths,
// quo_pow5_small and parse_slow only): the reference the unit tests compare
// parse_prec with.
std::optional<Number> parse_prec_reference(std::string_view text, uint32_t prec);

// Slow paths in bigfloat.cpp.
std::optional<Number> parse_slow(bool neg, std::string_view mant_text, int64_t exp2,
                                 int64_t exp5, uint32_t prec);

int compare_mag_slow(const MagView& a, const MagView& b);
double to_double_big(const MagView& v, bool neg, bool* exact);
// Truncated integer value of |v| if it fits in 64 bits (returns false if not).
bool trunc_u64_big(const MagView& v, uint64_t* out);

}  // namespace dynval
