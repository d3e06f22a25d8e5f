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
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "number/number.hpp"
#include "support/error.hpp"
#include "support/limits.hpp"
#include "values/value.hpp"

namespace dynval::codec {

// The limits and their messages live in support/limits.hpp.
using dynval::DocumentBudget;
using dynval::Limits;
using dynval::OutputLimit;
using limits::kMaxSupportedDepth;

// Text -> number: the one path of every reader of number text
// (number/number.hpp).
using dynval::parse_number;

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
  void push(Value&& v) { s_.push_back(std::move(v)); }
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
  Limits limits{};  // limits.max_output_size bounds what the transcoders write
  Trailing trailing = Trailing::Ignore;
  // terraform-plugin-go's ValueFromJSONOpts.IgnoreUndefinedAttributes, in
  // both formats: an object entry whose key is not an attribute of the
  // object type (at any depth, inside dynamic wrappers too) is skipped
  // instead of being "unsupported attribute". Map keys are unaffected.
  // MessagePack objects must then still hold every attribute of the type
  // once (as without the option); JSON objects may omit attributes (null).
  bool ignore_undefined_attributes = false;
};

// Encoder options: the output limit (0 = limits::kDefaultMaxOutputSize, the
// protocol's 256 MiB message cap). Past it, encoding fails with
// Status::Limit; the output is then incomplete.
struct EncodeOptions {
  size_t max_output_size = limits::kDefaultMaxOutputSize;
  // Bytes the caller already wrote toward the same limit (a transcoder
  // handing a subtree to an encoder).
  size_t already_written = 0;
};

// ---- MessagePack (codec/msgpack_*.cpp) ----
Value msgpack_decode(std::string_view in, const Type& type, const DecodeOptions& opts = {});
// Appends the encoding of v as `type` to out. v's type must conform to
// `type` (equal, or dynamic positions in `type`); otherwise TypeMismatch.
void msgpack_encode(std::string& out, const Value& v, const Type& type, const EncodeOptions& opts = {});

// ---- JSON (codec/json_*.cpp) ----
// go-cty's error for a number without a JSON form, for the encoder and the
// transcoders' JSON output alike.
inline Error json_infinity_error() { return Error(Status::Unsupported, "cannot serialize infinity as JSON"); }
Value json_decode(std::string_view in, const Type& type, const DecodeOptions& opts = {});
// Throws Status::UnknownValue for unknown values ("value is not known") and
// Status::Unsupported for infinities ("cannot serialize infinity as JSON").
void json_encode(std::string& out, const Value& v, const Type& type, const EncodeOptions& opts = {});

// ---- Transcoding without a tree (codec/transcode.cpp) ----
// Same bytes as encode(decode(in)), same errors. Both formats in, both out:
// the same-format pair is the canonicalising round trip (NFC strings,
// canonical numbers, sorted map keys, objects in type order).
void msgpack_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts = {});
void json_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts = {});
void msgpack_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts = {});
void json_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts = {});

}  // namespace dynval::codec
