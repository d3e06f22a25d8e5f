// dynval limits: the one home of every resource limit of the core, the
// per-document budgets that keep the cost of any input proportional to its
// size, and every message a limit failure carries (Status::Limit).
//
// The decoders (both formats, both transcoders), the encoders, the value and
// type constructors, the number parser and the CLI's renderer all check
// their limits through this header, so one limit reads the same whichever
// format or entry point hit it. The C API exposes the limits as
// dv_decode_options_t and dv_encode_options_t (include/dynval/codec.h),
// where 0 means the default below.
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>

#include "support/error.hpp"

namespace dynval {

namespace limits {

// The deepest nesting anything follows, whatever Limits::max_depth says:
// decoding, encoding, comparing and printing recurse once per level (a few
// hundred bytes of stack each), so values and types are capped at this depth
// when they are built, and decoders never go deeper. At this depth a walk
// needs about 2 MiB of stack. AddressSanitizer makes every frame several
// times larger (a 4096-deep transcode overflowed 8 MiB), so sanitized builds
// stop at 1024.
#if defined(__SANITIZE_ADDRESS__)
#define DV_LIMITS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DV_LIMITS_ASAN 1
#endif
#endif
#ifdef DV_LIMITS_ASAN
inline constexpr size_t kMaxSupportedDepth = 1024;
#else
inline constexpr size_t kMaxSupportedDepth = 4096;
#endif

// The deepest type anything builds: type JSON is parsed to this depth in
// every build (its frames are small), so types may nest this deep even
// where values stop at kMaxSupportedDepth (a null of a deep type is a
// shallow value).
inline constexpr size_t kMaxTypeDepth = 4096;

// The most steps a decoded AttributePath message may have. Every step goes
// one level down into a value, and no type (so no value) nests deeper than
// kMaxTypeDepth, so a longer path selects nothing; the cap keeps the steps a
// short message can make (2 bytes each) to a fixed amount of memory.
inline constexpr size_t kMaxAttributePathSteps = kMaxTypeDepth;

inline constexpr size_t kDefaultMaxDepth = 1000;
// The provider protocol's message size cap, as for the output below.
inline constexpr size_t kDefaultMaxInputSize = size_t(256) << 20;
inline constexpr size_t kDefaultMaxElements = size_t(1) << 28;
inline constexpr size_t kDefaultMaxStringLength = size_t(1) << 30;
inline constexpr size_t kDefaultMaxNumberDigits = 10000;
// The provider protocol's message size cap (gRPC max message size).
inline constexpr size_t kDefaultMaxOutputSize = size_t(256) << 20;

// Printing a number costs time quadratic in its digits, and a short input
// can denote a long number ("1e9999" prints as 10,000 digits). Beyond the
// per-number limit, the exponents of a document's numbers may add, in total,
// at most max(kNumberExpansionFactor * max_number_digits,
// kNumberExpansionPerInputByte * input size) characters beyond their input
// text. The floor admits a few maximal numbers in a tiny document; the
// proportional part admits any document of binary64 numbers however written
// (the longest, 5e-324, prints as 326 characters: 46 per input byte with its
// comma), so documents written by Python or JavaScript always pass.
inline constexpr size_t kNumberExpansionFactor = 8;
inline constexpr size_t kNumberExpansionPerInputByte = 64;

// An unknown list refined to a known length n (not null) collapses into a
// known list of n unknown elements (go-cty's RefinementBuilder.NewValue), a
// few bytes of input for n values. Such synthesized elements count against
// max_elements, and one document may synthesize at most
// max(kSynthesizedFloor, kSynthesizedPerInputByte * input size) of them.
// Legacy flatmap state (hcl2shim) likewise: a list's count with fewer
// entries than elements ("l.# = 3", "l.0 = a" is [a, null, null]) makes
// elements the state does not hold, drawn from the same budget, with the
// flatmap's key and value bytes as its input size.
inline constexpr size_t kSynthesizedFloor = 1024;
inline constexpr size_t kSynthesizedPerInputByte = 1;

// ProposedNew pairs each configured element of a set-nested block or
// attribute with the first unused prior element it could have come from
// (OpenTofu's objchange): with nothing matching, n configured against m prior
// elements cost n * m comparisons, each a walk of the prior element. One
// call may spend at most this many steps (a comparison, a value walked) on
// it, about 1.5 s of work here (2M mismatched pairs of small elements); real
// sets match early (n steps when both sides are in set order) and stay far
// below.
inline constexpr size_t kMaxSetPairingSteps = size_t(1) << 23;

// a * b, saturating at SIZE_MAX.
inline size_t sat_mul(size_t a, size_t b) noexcept {
  size_t r;
  return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}
inline size_t sat_add(size_t a, size_t b) noexcept {
  size_t r;
  return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

// ---- the messages (Status::Limit, with the offset when there is one) ----

// ProposedNew's set pairing went past kMaxSetPairingSteps.
Error set_pairing(size_t max);
// AssertObjectCompatible's set correlation (every planned element against
// every actual one) went past kMaxSetPairingSteps.
Error set_correlation(size_t max);

// Nesting of a decoded document (arrays, maps, objects, dynamic wrappers).
Error depth(size_t max, size_t offset = kNoOffset);
// Nesting of a type description (type JSON).
Error type_depth(size_t max, size_t offset = kNoOffset);
// A value or type built through the API nests deeper than kMaxSupportedDepth.
Error value_depth(size_t max);
Error type_construction_depth(size_t max);
Error input_size(size_t size, size_t max);
Error elements(size_t max, size_t offset);
Error string_length(size_t length, size_t max, size_t offset);
// The text of one number is longer than the digit limit.
Error number_text(size_t length, size_t max, size_t offset);
// One number would print as more characters than the digit limit.
Error number_digits(size_t max, size_t offset);
// The document's numbers would print as more than `budget` characters
// beyond their input text.
Error document_digits(size_t budget, size_t offset);
// Collapsed unknown lists would synthesize more than `budget` elements.
Error synthesized_elements(size_t budget, size_t offset);
// An unknown value's refinement payload is larger than go-cty reads (go-cty's
// message, without the figures).
Error refinement_payload(size_t length, size_t max, size_t offset);
// A collection of more elements than a value can hold.
Error collection_size(size_t count, size_t max);
// Writing would produce more than `max` bytes.
Error output_size(size_t max);
// A schema's blocks or nested attribute types nest deeper than `max`.
Error schema_depth(size_t max, size_t offset = kNoOffset);
// Protobuf messages (or groups) nest deeper than `max`.
Error message_depth(size_t max, size_t offset);
// An AttributePath message has more than `max` steps.
Error attribute_path_steps(size_t max, size_t offset);
// Legacy flatmap state: the count entry `quoted_key` (already quoted) says
// `count` elements, which would take the elements built with no entries
// behind them past the state's budget (kSynthesizedFloor or its bytes).
Error flatmap_elements(std::string_view quoted_key, uint64_t count, size_t budget);

}  // namespace limits

// Resource limits for decoding untrusted input. Defaults pass every real
// schema and value; each is checked before memory is committed.
struct Limits {
  size_t max_depth = limits::kDefaultMaxDepth;                // nesting of arrays/maps/objects (incl. dynamic wrappers)
  size_t max_input_size = limits::kDefaultMaxInputSize;       // bytes of input
  size_t max_elements = limits::kDefaultMaxElements;          // elements + entries over the whole document
  size_t max_string_length = limits::kDefaultMaxStringLength; // bytes of one string
  size_t max_number_digits = limits::kDefaultMaxNumberDigits; // characters one number prints as
  size_t max_output_size = limits::kDefaultMaxOutputSize;     // bytes written (transcoders)

  // The depth a decoder follows: max_depth, never beyond kMaxSupportedDepth.
  size_t effective_depth() const noexcept {
    return max_depth < limits::kMaxSupportedDepth ? max_depth : limits::kMaxSupportedDepth;
  }
};

// The per-document counters of one decode: elements (and synthesized
// elements), and the characters numbers may add beyond their input text.
// Every part of a document (a refinement payload included) draws on the
// same budget; nested decoders share it by reference.
class DocumentBudget {
 public:
  DocumentBudget(const Limits& lim, size_t input_size) noexcept
      : lim_(lim),
        digit_budget_(std::max(limits::sat_mul(limits::kNumberExpansionFactor, lim.max_number_digits),
                               limits::sat_mul(limits::kNumberExpansionPerInputByte, input_size))),
        synth_budget_(std::max(limits::kSynthesizedFloor, limits::sat_mul(limits::kSynthesizedPerInputByte, input_size))) {}

  const Limits& limits() const noexcept { return lim_; }
  size_t digit_budget() const noexcept { return digit_budget_; }

  // n more elements or entries, read at `offset`.
  void add_elements(size_t n, size_t offset) {
    elements_ = limits::sat_add(elements_, n);
    if (elements_ > lim_.max_elements) throw limits::elements(lim_.max_elements, offset);
  }
  // n elements that the input does not hold (a collapsed unknown list).
  void add_synthesized(size_t n, size_t offset) {
    synthesized_ = limits::sat_add(synthesized_, n);
    if (synthesized_ > synth_budget_) throw limits::synthesized_elements(synth_budget_, offset);
    add_elements(n, offset);
  }
  // The text of a number, before it is parsed.
  void check_number_text(size_t length, size_t offset) const {
    if (length > lim_.max_number_digits) throw limits::number_text(length, lim_.max_number_digits, offset);
  }
  // A parsed number: its printed length bound must fit the digit limit, and
  // the digits its exponent adds beyond its input text (magnitude digits
  // minus input_length) are drawn from the document's budget.
  void add_number(size_t text_length_bound, size_t magnitude_digits, size_t input_length, size_t offset) {
    if (text_length_bound > lim_.max_number_digits) throw limits::number_digits(lim_.max_number_digits, offset);
    if (magnitude_digits <= input_length) return;
    expansion_ = limits::sat_add(expansion_, magnitude_digits - input_length);
    if (expansion_ > digit_budget_) throw limits::document_digits(digit_budget_, offset);
  }

 private:
  const Limits& lim_;
  size_t digit_budget_;
  size_t synth_budget_;
  size_t elements_ = 0;
  size_t synthesized_ = 0;
  size_t expansion_ = 0;
};

// The output limit of an encoder or transcoder writing into `out`: check()
// after each value written keeps the output within max plus one value.
class OutputLimit {
 public:
  explicit OutputLimit(size_t max) noexcept : max_(max == 0 ? limits::kDefaultMaxOutputSize : max) {}
  size_t max() const noexcept { return max_; }
  void check(const std::string& out) const {
    if (out.size() > max_) throw limits::output_size(max_);
  }
  void check(size_t written) const {
    if (written > max_) throw limits::output_size(max_);
  }

 private:
  size_t max_;
};

}  // namespace dynval
