// dynval::Number: a cty number, i.e. a Go *big.Float that remembers its
// precision, plus +/-Inf and -0, never NaN (docs/gocty-behaviour.md#numbers).
//
// Precision classes that occur on the wire:
//   64  NumberIntVal / NumberUIntVal (msgpack integers)
//   53  NumberFloatVal (msgpack float32/float64)
//   512 ParseNumberVal (JSON numbers, msgpack decimal strings), ToNearestEven
// Any precision in [1, 4096] is representable (tests use others, e.g. 10).
//
// Representation (16 bytes, no heap for the common cases):
//   kInt    an int64 value (exact at any precision >= its bit length)
//   kUint   a uint64 value >= 2^63
//   kDouble a finite binary64 (may be -0), exact at precision 53
//   kInf    +/-Inf
//   kBig    anything else: a shared, immutable heap mantissa (BigRep in
//           number/internal.hpp; atomic refcount)
// Normal form, so the representation never depends on how a value was built:
// -0 is kDouble(-0.0); +0 and every integer in int64 range are kInt; integers
// in [2^63, 2^64) are kUint; any other exact binary64 is kDouble; the rest is
// kBig. The payload never has more significant bits than the precision.
// The precision is stored beside the payload; it is part of the value and
// decides the msgpack form and every decimal rendering.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dynval {

struct BigRep;  // defined in number/internal.hpp; immutable, refcounted

class Number {
 public:
  enum class Kind : uint8_t { Int, Uint, Double, Inf, Big };

  // The msgpack encoding go-cty chooses for this number
  // (docs/gocty-behaviour.md#number-form).
  enum class WireForm : uint8_t { Int64, Uint64, Float64, Text };

  Number() noexcept = default;  // 0, precision 64 (like from_int64(0))
  Number(const Number& o) noexcept;
  Number(Number&& o) noexcept;
  Number& operator=(const Number& o) noexcept;
  Number& operator=(Number&& o) noexcept;
  ~Number();

  // --- constructors (cty names in comments) ---
  static Number from_int64(int64_t v) noexcept;    // NumberIntVal, precision 64
  static Number from_uint64(uint64_t v) noexcept;  // NumberUIntVal, precision 64
  // NumberFloatVal, precision 53. NaN throws Error(Status::InvalidArg).
  static Number from_double(double v);
  // A binary64 value rounded (nearest even) to `prec` bits (1..4096), as
  // new(big.Float).SetPrec(prec).SetFloat64(v). NaN throws.
  static Number from_double_prec(double v, uint32_t prec);
  static Number infinity(bool negative) noexcept;  // cty.PositiveInfinity / NegativeInfinity
  // ParseNumberVal: Go big.Float.Parse, base 10, precision 512, ToNearestEven.
  // Accepts Inf/inf/+Inf/+inf/-Inf/-inf, [+-]digits[.digits][(e|E|p|P)[+-]digits],
  // ".5", "5.". Returns nullopt for anything else (whitespace, "NaN", "0x10",
  // "1_000", exponent overflow such as "1e99999999999").
  static std::optional<Number> parse(std::string_view text);
  // The one way text becomes a number under a digit limit (the decoders and
  // string -> number conversion through parse_number below, which adds the
  // document's budget; dv_value_new_number_text): as parse(), but
  // Error(Status::Limit) (support/limits.hpp messages, no offset) when the
  // text is longer than max_chars or the number would print as more than
  // max_chars characters. Huge exponents are refused from the text, before
  // any arithmetic, so the cost is bounded by max_chars whatever the input.
  // nullopt, as parse(), for text that is not a number, including exponents
  // beyond big.Float's range.
  static std::optional<Number> parse_bounded(std::string_view text, size_t max_chars = kDefaultMaxChars);
  static constexpr size_t kDefaultMaxChars = 10000;  // limits::kDefaultMaxNumberDigits
  // As parse(), but at another precision (tests and conformance only).
  static std::optional<Number> parse_prec(std::string_view text, uint32_t prec);

  // --- observers ---
  Kind kind() const noexcept { return kind_; }
  uint32_t precision() const noexcept { return prec_; }
  bool is_inf() const noexcept { return kind_ == Kind::Inf; }
  bool is_zero() const noexcept;
  bool signbit() const noexcept;     // true for negatives, -0 and -Inf
  int sign() const noexcept;         // big.Float.Sign: -1, 0 (for +/-0), +1
  bool is_integer() const noexcept;  // big.Float.IsInt (false for Inf)

  // Conversions in the style of big.Float.Int64/Uint64/Float64: the result is
  // the value truncated toward zero / saturated (integers) or rounded to
  // nearest even (double; overflow gives +/-Inf, underflow a signed 0);
  // *exact (may be null) reports whether no information was lost. Inf
  // converts to the saturated integer bound (inexact) and to +/-Inf as a
  // double (exact, as in Go). One deliberate difference: Go's Uint64 reports
  // Exact for fractions with <= 64 mantissa bits (1.5 -> 1, Exact); to_uint64
  // reports them inexact, like Int64 does.
  int64_t to_int64(bool* exact) const noexcept;
  uint64_t to_uint64(bool* exact) const noexcept;
  double to_double(bool* exact) const noexcept;

  WireForm wire_form() const noexcept;

  // big.Float.Text('f', -1): Go's shortest decimal at this value's precision,
  // plain layout, no exponent; "-0" for negative zero; "+Inf"/"-Inf".
  std::string text() const;
  void append_text(std::string& out) const;
  // The exact decimal value of the binary number (text() is the shortest
  // that reads back at this precision): 0.1 at precision 53 is
  // 0.1000000000000000055511151231257827..., cut after max_digits
  // significant digits with "...". For messages that must tell apart two
  // numbers with the same text().
  std::string exact_text(size_t max_digits = 60) const;
  // An upper bound on text().size(), computed in O(1). Decoders compare it
  // with their digit limit before anything renders the number: a short input
  // such as "1e999999999" is a valid number whose text has a billion digits.
  size_t text_length_bound() const noexcept;
  // About |log10 |x||: the zeros an exponent adds to the text (digits before
  // the point of a large number, leading zeros after it of a small one),
  // apart from the significant digits; 0 for inline integers, ±Inf and 0.
  size_t magnitude_digits() const noexcept;

  // big.Float.String() == Text('g', 10): the set-hash text (%.10g of the
  // exact value).
  std::string hash_text() const;
  void append_hash_text(std::string& out) const;

  // cty rawNumberEqual (docs/gocty-behaviour.md#number-equality): different signs -> false; both integers
  // -> exact integer compare; one integer -> false; else text() compare with
  // "-0" read as "0". Inf equals same-signed Inf.
  static bool equal(const Number& a, const Number& b);
  // Exact big.Float.Cmp: -1, 0, +1 (-0 == +0).
  static int compare(const Number& a, const Number& b) noexcept;

  // A string that is equal for two numbers iff equal(a, b) is true; used to
  // deduplicate sets and to hash values consistently with equality.
  void append_equality_key(std::string& out) const;

  // Inline payload access for fast paths (valid only for the matching kind).
  int64_t int_value() const noexcept { return u_.i; }
  uint64_t uint_value() const noexcept { return u_.u; }
  double double_value() const noexcept { return u_.d; }
  const BigRep* big() const noexcept { return u_.big; }

 private:
  friend struct NumberAccess;  // bigfloat.cpp builds kBig values
  Kind kind_ = Kind::Int;
  bool neg_ = false;  // sign for kInf (and mirrors the sign of kBig)
  uint32_t prec_ = 64;
  union {
    int64_t i;
    uint64_t u;
    double d;
    const BigRep* big;
  } u_{};
};

class DocumentBudget;  // support/limits.hpp

// Text -> number for every reader of number text it was given (the
// decoders, string -> number conversion): the one path, Number::parse_bounded
// under the budget's digit limit, plus the digits its exponent adds beyond
// the text drawn from the budget of the document (or conversion) it belongs
// to. `input_length` is the length of the number's text in the input.
// Returns nullopt for text that is not a number; throws Status::Limit
// (support/limits.hpp messages) at `offset`.
std::optional<Number> parse_number(std::string_view text, size_t input_length, DocumentBudget& budget,
                                   size_t offset);

}  // namespace dynval
