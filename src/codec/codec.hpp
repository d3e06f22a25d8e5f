// dynval::codec: the DynamicValue wire formats, by type (docs/wire-format.md;
// go-cty's exact choices in docs/gocty-behaviour.md).
//
// Decoders are total: any byte string yields a Value or throws dynval::Error
// with a status, a message (go-cty's wording where go-cty has one), the path
// into the value and the byte offset in the input where the problem starts.
// Encoders write exactly go-cty's bytes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "number/number.hpp"
#include "support/error.hpp"
#include "values/value.hpp"

namespace dynval::codec {

// The deepest nesting any decoder follows, whatever Limits::max_depth says:
// decoding recurses once per level (a few hundred bytes of stack each), so a
// larger limit could overflow the C++ stack. At this depth decoding needs
// about 2 MiB of stack; at the default max_depth, about 0.5 MiB.
// AddressSanitizer makes every frame several times larger (a 4096-deep
// transcode overflowed 8 MiB), so sanitized builds stop at 1024.
#if defined(__SANITIZE_ADDRESS__)
#define DV_CODEC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DV_CODEC_ASAN 1
#endif
#endif
#ifdef DV_CODEC_ASAN
inline constexpr size_t kMaxSupportedDepth = 1024;
#else
inline constexpr size_t kMaxSupportedDepth = 4096;
#endif

// Resource limits for decoding untrusted input. Defaults pass every real
// schema and value; each is checked before memory is committed.
struct Limits {
  size_t max_depth = 1000;                 // nesting of arrays/maps/objects (incl. dynamic wrappers)
  size_t max_input_size = size_t(1) << 31; // bytes of input
  size_t max_elements = size_t(1) << 28;   // elements + entries over the whole document
  size_t max_string_length = size_t(1) << 30;  // bytes of one string
  size_t max_number_digits = Number::kDefaultMaxDigits;  // characters of one number's text
};

// Printing a number costs time quadratic in its digits, and a short input
// can denote a long number ("1e9999" prints as 10,000 digits). Beyond the
// per-number limit, the exponents of a document's numbers may add at most
// kNumberExpansionFactor * max_number_digits characters beyond their input
// text in total (Number::magnitude_digits() minus the input length, per
// number); past that, decoding fails with Status::Limit. This keeps the cost
// of any input proportional to its size.
inline constexpr size_t kNumberExpansionFactor = 8;

// The digit checks of one decoded number, shared by both decoders: its
// printed text (Number::text_length_bound) must fit max_number_digits, and
// the digits its exponent adds beyond its input text (input_length) count
// against the document's budget in `total`. Throws Status::Limit at
// `offset`.
inline void check_number_digits(const Number& n, size_t input_length, const Limits& lim, size_t& total,
                                size_t offset) {
  if (n.text_length_bound() > lim.max_number_digits)
    throw Error(Status::Limit, "number would have more than " + std::to_string(lim.max_number_digits) + " digits",
                {}, offset);
  const size_t printed = n.magnitude_digits();
  if (printed <= input_length) return;
  total += printed - input_length;
  if (total > kNumberExpansionFactor * lim.max_number_digits)
    throw Error(Status::Limit,
                "numbers in this document would print as more than " +
                    std::to_string(kNumberExpansionFactor * lim.max_number_digits) + " digits beyond their input",
                {}, offset);
}

namespace detail {

// A run of values on a decoder's scratch stack: the children of one
// collection, pushed while it is decoded. Collections are built from the run
// in place (Value::list_of & co take a span), so decoding allocates no
// vector per collection. The run is popped when the Scratch goes out of
// scope, after the collection is built or on an error. Nested collections
// push and pop above it, so only indexes into the stack are kept, never
// references across a child's decode (the stack may grow).
class Scratch {
 public:
  explicit Scratch(std::vector<Value>& s) : s_(s), base_(s.size()) {}
  ~Scratch() { s_.erase(s_.begin() + std::ptrdiff_t(base_), s_.end()); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  size_t size() const { return s_.size() - base_; }
  std::span<Value> span() { return std::span<Value>(s_.data() + base_, size()); }
  Value& operator[](size_t i) { return s_[base_ + i]; }
  void push(Value v) { s_.push_back(std::move(v)); }
  // Room for n more values when the count is known (MessagePack headers,
  // already checked against the remaining input): grows geometrically, so
  // nested collections reserving in turn stay amortised O(1) per value.
  void reserve(size_t n) {
    const size_t need = s_.size() + n;
    if (s_.capacity() < need) s_.reserve(std::max(need, 2 * s_.capacity()));
  }
  void resize(size_t n) { s_.resize(base_ + n); }
  // Moves the run into a vector (the general constructors take vectors).
  std::vector<Value> take() {
    return std::vector<Value>(std::make_move_iterator(s_.begin() + std::ptrdiff_t(base_)),
                              std::make_move_iterator(s_.end()));
  }

 private:
  std::vector<Value>& s_;
  size_t base_;
};

}  // namespace detail

// What to do with bytes after the top-level value. go-cty ignores them (both
// formats), and so does libdynval by default, to accept what go-cty accepts
// (docs/gocty-differences.md); Reject makes them a Status::Parse error at
// the offset of the first extra byte (JSON: extra non-whitespace).
enum class Trailing : uint8_t { Ignore = 0, Reject = 1 };

struct DecodeOptions {
  Limits limits{};
  Trailing trailing = Trailing::Ignore;
  // terraform-plugin-go's ValueFromJSONOpts.IgnoreUndefinedAttributes, in
  // both formats: an object entry whose key is not an attribute of the
  // object type (at any depth, inside dynamic wrappers too) is skipped
  // instead of being "unsupported attribute". Map keys are unaffected.
  // MessagePack objects must then still hold every attribute of the type
  // once (as without the option); JSON objects may omit attributes (null).
  bool ignore_undefined_attributes = false;
};

// ---- MessagePack (codec/msgpack_*.cpp) ----
Value msgpack_decode(std::string_view in, const Type& type, const DecodeOptions& opts = {});
// Appends the encoding of v as `type` to out. v's type must conform to
// `type` (equal, or dynamic positions in `type`); otherwise TypeMismatch.
void msgpack_encode(std::string& out, const Value& v, const Type& type);

// ---- JSON (codec/json_*.cpp) ----
Value json_decode(std::string_view in, const Type& type, const DecodeOptions& opts = {});
// Throws Status::UnknownValue for unknown values ("value is not known") and
// Status::Unsupported for infinities ("cannot serialize infinity as JSON").
void json_encode(std::string& out, const Value& v, const Type& type);

// ---- Transcoding without a tree (codec/transcode.cpp) ----
// Same bytes as encode(decode(in)), same errors.
void msgpack_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts = {});
void json_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts = {});

}  // namespace dynval::codec
