// Helpers about unknown-value refinements for the codecs
// (docs/gocty-behaviour.md#refinements).
#pragma once

#include <string>

#include "values/value.hpp"

namespace dynval {

// The longest string-prefix refinement go-cty's msgpack encoder writes whole.
inline constexpr size_t kMaxEncodedPrefixBytes = 256;

// The string prefix the msgpack encoder writes for these refinements
// (cty/msgpack marshalUnknownValue): the prefix itself when it is at most 256
// bytes, otherwise its first 255 bytes passed through
// ctystrings.SafeKnownPrefix (text::safe_known_prefix). The result may be
// empty although the prefix is not: go-cty decides whether to write the
// prefix entry from the untruncated prefix, so the encoder then writes an
// empty string (02 a0); it writes no entry only when r.prefix is empty.
std::string encoded_prefix(const Refinements& r);

}  // namespace dynval
