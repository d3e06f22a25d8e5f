// Fuzz target: JSON value decoding by a fuzzed type.
// Input: a type in the grammar of fuzz_common.hpp, then the JSON text.
// Checks (fuzz::run_decode_target): decoding, with trailing bytes ignored
// and rejected, returns a value that is raw-equal to itself and hashable, or
// a well-formed error (status, message, offset inside the input).
#include "codec/codec.hpp"
#include "fuzz_common.hpp"

using namespace dynval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::run_decode_target(data, size, [](std::string_view in, const Type& t, const codec::DecodeOptions& o) {
    return codec::json_decode(in, t, o);
  });
}
