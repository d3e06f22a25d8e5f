// MessagePack decoder: go-cty's cty/msgpack Unmarshal
// (docs/gocty-behaviour.md#msgpack-decoding; unmarshal.go, unknown.go),
// hardened where go-cty crashes or corrupts data (docs/gocty-differences.md).
//
// Why a hand-written reader instead of msgpack-cxx's visitor: decoding is
// type-directed. At every node the schema type decides what is acceptable
// and what to build, and errors need the path and the byte offset. With the
// SAX visitor the same dispatch would have to be re-created from callbacks
// through an explicit stack of (type, partially built collection) frames,
// and the visitor would still parse nothing we could skip. A recursive-
// descent reader over the byte span keeps the schema type in the C++ call
// frame, reads each header exactly once, and can check lengths against the
// remaining bytes before anything is allocated. Recursion is bounded by
// Limits::max_depth (each frame is small), so it cannot overflow the stack
// with the default limits.
//
// Differences from go-cty, all on inputs go-cty mishandles:
//   - NaN floats: error (go-cty panics);
//   - array/map lengths larger than the remaining bytes could hold: error
//     before allocating (go-cty pre-allocates and can run out of memory);
//   - nesting deeper than Limits::max_depth: Status::Limit;
//   - contradictory refinements: Status::Refinement (go-cty panics);
//   - list/set/map of dynamic with elements of different concrete types:
//     Status::TypeMismatch (go-cty panics);
//   - non-string map keys: error (go-cty silently uses "" and may desync);
//   - duplicate object attributes: error (go-cty builds a wrong object);
//   - zero-length object/tuple for a non-empty schema type: error (go-cty
//     returns an empty object/tuple of the wrong type);
//   - unknown refinement keys: their value is skipped (go-cty misreads it as
//     the next key).
// Truncated input: "EOF" where a value should start (go-cty's text), and
// "unexpected EOF" inside a header or body; both Status::Parse.
#include "codec/msgpack_walk.hpp"

#include <string>
#include <string_view>

namespace dynval::codec {

using detail::MsgpackWalk;
using detail::TreeOut;

Value msgpack_decode(std::string_view in, const Type& type, const DecodeOptions& opts) {
  if (in.size() > opts.limits.max_input_size) throw limits::input_size(in.size(), opts.limits.max_input_size);
  const auto* b = reinterpret_cast<const uint8_t*>(in.data());
  DocumentBudget budget(opts.limits, in.size());
  Value::ArenaScope arena(in.size());
  MsgpackWalk walk(b, b, b + in.size(), budget, opts.ignore_undefined_attributes);
  TreeOut tree;
  Value v = type.has_optional() ? walk.walk(tree, type.without_optional()) : walk.walk(tree, type);
  if (opts.trailing == Trailing::Reject && walk.offset() != in.size()) {
    throw Error(Status::Parse, "extra bytes after msgpack value", {}, walk.offset());
  }
  return v;
}

}  // namespace dynval::codec
