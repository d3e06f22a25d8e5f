// Extra JSON decoding entry points beside codec.hpp's json_decode.
#pragma once

#include <cstddef>

#include "codec/codec.hpp"
#include "support/json_input.hpp"

namespace dynval::codec {

// Bytes simdjson may read past the end of the input (support/json_input.hpp).
using dynval::kJsonPadding;

// As json_decode, for a caller buffer that stays readable for at least
// kJsonPadding bytes after `len` (capacity >= len + kJsonPadding; the content
// of the slack does not matter, but zeroing it keeps Valgrind quiet). The
// input is then parsed in place, without the copy json_decode makes. With
// less slack it falls back to copying.
Value json_decode_padded(const char* data, size_t len, size_t capacity, const Type& type,
                         const DecodeOptions& opts = {});

// As codec.hpp's json_to_msgpack and json_to_json, parsing in place when
// `in` has the padding (in.capacity >= in.text.size() + kJsonPadding).
void json_to_msgpack(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts = {});
void json_to_json(std::string& out, JsonInput in, const Type& type, const DecodeOptions& opts = {});

}  // namespace dynval::codec
