// Transcoding by type without building a value tree: MessagePack or JSON
// in, MessagePack or JSON out (the same format included: a canonicalising
// round trip). Each is the input format's one walk (msgpack_walk.hpp,
// json_walk.hpp) writing to a StreamOut of the output format's sink
// (walk_out.hpp, where the contract and how it is kept are described).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "codec/json_decode.hpp"
#include "codec/json_walk.hpp"
#include "codec/msgpack_walk.hpp"
#include "codec/walk_out.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "support/memory.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

namespace json = detail::json;
using detail::JsonSink;
using detail::MsgpackSink;
using detail::StreamOut;

// Output room: MessagePack is about as long as its JSON; JSON from
// MessagePack is longer (quotes, brackets, number text).
size_t output_estimate(size_t in, bool from_json, bool to_json, size_t max_out) {
  size_t n = in + 64;
  if (to_json && !from_json) n += in / 2;
  return std::min(n, max_out == 0 ? limits::kDefaultMaxOutputSize : max_out);
}

// Sizes the output once from the input; a large fresh buffer is mapped in
// at once (support::prefault) rather than faulted in while it is written.
void reserve_output(std::string& out, size_t extra) {
  const size_t start = out.size();
  const size_t before = out.capacity();
  out.reserve(start + extra);
  if (out.capacity() != before) support::prefault(out.data() + start, out.capacity() - start);
}

template <class Sink>
void from_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  if (in.size() > opts.limits.max_input_size) throw limits::input_size(in.size(), opts.limits.max_input_size);
  const size_t start = out.size();
  reserve_output(out, output_estimate(in.size(), false, std::is_same_v<Sink, JsonSink>, opts.limits.max_output_size));
  try {
    const auto* b = reinterpret_cast<const uint8_t*>(in.data());
    DocumentBudget budget(opts.limits, in.size());
    detail::MsgpackWalk walk(b, b, b + in.size(), budget, opts.ignore_undefined_attributes);
    StreamOut<Sink> so(out, opts.limits.max_output_size);
    if (type.has_optional()) {
      walk.walk(so, type.without_optional());
    } else {
      walk.walk(so, type);
    }
    if (opts.trailing == Trailing::Reject && walk.offset() != in.size()) {
      throw Error(Status::Parse, "extra bytes after msgpack value", {}, walk.offset());
    }
    if (const Error* e = so.pending()) throw Error(*e);
    OutputLimit(opts.limits.max_output_size).check(out.size() - start);
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

template <class Sink>
void from_json(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts) {
  const size_t start = out.size();
  const size_t size = in.text.size();
  if (size <= opts.limits.max_input_size) {
    reserve_output(out, output_estimate(size, true, std::is_same_v<Sink, JsonSink>, opts.limits.max_output_size));
  }
  try {
    json::with_padded(in, opts, [&](const char* data, size_t len, size_t capacity) {
      json::with_document(data, len, capacity, opts, nullptr,
                          [&](const char* d, size_t n, const json::Sanitized* san, json::od::document& doc) {
                            StreamOut<Sink> so(out, opts.limits.max_output_size);
                            json::JsonWalk(d, n, opts, san).document(so, doc, type);
                            if (const Error* e = so.pending()) throw Error(*e);
                          });
    });
    OutputLimit(opts.limits.max_output_size).check(out.size() - start);
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

}  // namespace

void msgpack_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_msgpack<JsonSink>(out, in, type, opts);
}

void msgpack_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_msgpack<MsgpackSink>(out, in, type, opts);
}

void json_to_msgpack(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_json<MsgpackSink>(out, JsonInput{in, 0}, type, opts);
}

void json_to_json(std::string& out, std::string_view in, const Type& type, const DecodeOptions& opts) {
  from_json<JsonSink>(out, JsonInput{in, 0}, type, opts);
}

void json_to_msgpack(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts) {
  from_json<MsgpackSink>(out, in, type, opts);
}

void json_to_json(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts) {
  from_json<JsonSink>(out, in, type, opts);
}

}  // namespace dynval::codec
