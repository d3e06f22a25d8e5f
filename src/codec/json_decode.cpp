// JSON decoding of a cty value by type: go-cty cty/json Unmarshal
// (unmarshal.go; docs/gocty-behaviour.md#json-decoding), in one pass over simdjson On-Demand.
//
// What go-cty accepts, we accept, with the same results:
//   - top-level (and nested) `null` is a null of the wanted type;
//   - bool from a JSON bool or a string ("true"/"1"/"false"/"0");
//   - number from a number literal or any string ParseNumberVal accepts
//     (512-bit; "Inf" too);
//   - string from a string, a number literal (its literal text) or a bool;
//   - objects: unknown attribute -> error, missing attributes -> null,
//     duplicate keys -> last one wins (also for maps);
//   - dynamic: {"value":...,"type":...} in either order;
//   - content after the first value is ignored (DecodeOptions::trailing).
// Go's decoder replaces invalid UTF-8 and lone surrogate escapes with U+FFFD;
// so do we. Where go-cty panics (tuple too short at top level, heterogeneous
// list/set/map of dynamic) we return errors.
//
// simdjson 3.0.1 pitfalls handled here (its number parsing rounds to double
// or fails on big integers, its literal checks and string unescaping differ
// from Go's, and On-Demand needs padded input): we never use its
// number parsing (raw tokens + our own JSON grammar check + Number::parse),
// validate literals ourselves, unescape strings ourselves (zero-copy when a
// string has no escapes; Go's surrogate rules), detect trailing content
// ourselves, and pad the input.
// The text is read by json_reader.hpp; the typed walk, json_walk.hpp, is
// the transcoders' too.
#include "codec/json_decode.hpp"

#include <string>
#include <string_view>

#include "codec/json_walk.hpp"
#include "codec/walk_out.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

using namespace detail::json;


Value decode_buffer(const char* data, size_t len, size_t capacity, const Type& type, const DecodeOptions& opts) {
  return with_document(data, len, capacity, opts, nullptr,
                       [&](const char* d, size_t n, const Sanitized* san, od::document& doc) {
                         // JSON is bigger than the values it holds: half its
                         // size is about the MessagePack size.
                         Value::ArenaScope arena(n / 2);
                         detail::TreeOut tree;
                         return JsonWalk(d, n, opts, san).document(tree, doc, type);
                       });
}

}  // namespace

Value json_decode_padded(const char* data, size_t len, size_t capacity, const Type& type, const DecodeOptions& opts) {
  return with_padded(JsonInput{std::string_view(data, len), capacity}, opts,
                     [&](const char* d, size_t n, size_t cap) { return decode_buffer(d, n, cap, type, opts); });
}

Value json_decode(std::string_view in, const Type& type, const DecodeOptions& opts) {
  return with_padded(JsonInput{in, 0}, opts, [&](const char* data, size_t len, size_t capacity) {
    return decode_buffer(data, len, capacity, type, opts);
  });
}

}  // namespace dynval::codec
