// Fuzz target: JSON value decoding by a fuzzed type.
// Input: a type in the grammar of fuzz_common.hpp, then the JSON text.
// Checks: decoding returns a value or a well-formed error; a decoded value
// has the decoded type (or a concrete type where the type is dynamic) and
// is an immutable, hashable, comparable value.
#include "codec/codec.hpp"
#include "fuzz_common.hpp"

using namespace dynval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader r(data, size);
  Type type;
  try {
    type = fuzz::read_type(r);
  } catch (const Error&) {
    return -1;  // colliding attribute names: not a type, skip
  }
  std::string_view in = r.rest();
  for (codec::Trailing trailing : {codec::Trailing::Ignore, codec::Trailing::Reject}) {
    codec::DecodeOptions opts;
    opts.trailing = trailing;
    try {
      Value v = codec::json_decode(in, type, opts);
      FUZZ_CHECK(v.raw_equals(v));
      (void)v.hash();
      (void)v.equals(v);
    } catch (const Error& e) {
      fuzz::check_error(e, in.size());
    }
  }
  return 0;
}
