// Fuzz target (differential): direct transcoding against decode-then-encode.
// Input: one mode byte (low bit: 0 = MessagePack to JSON, 1 = JSON to
// MessagePack), a type in the grammar of fuzz_common.hpp, then the payload.
// Checks: msgpack_to_json(x) == json_encode(msgpack_decode(x)) and
// json_to_msgpack(x) == msgpack_encode(json_decode(x)) byte for byte, or
// both fail with the same status, message, path and byte offset; on failure
// the transcoder leaves the output buffer as it was.
#include "codec/codec.hpp"
#include "common/outcome.hpp"
#include "fuzz_common.hpp"

using namespace dynval;

using dynval::test::Outcome;
using dynval::test::run;
const std::string& kPrefix = dynval::test::kOutcomePrefix;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::TypedInput ti;
  if (!fuzz::read_typed_input(data, size, true, ti)) return -1;
  const bool from_json = ti.json;
  const Type& type = ti.type;
  std::string_view in = ti.payload;
  for (codec::Trailing trailing : {codec::Trailing::Ignore, codec::Trailing::Reject}) {
    codec::DecodeOptions opts;
    opts.trailing = trailing;
    Outcome want, got;
    if (from_json) {
      want = run([&](std::string& out) { codec::msgpack_encode(out, codec::json_decode(in, type, opts), type); });
      got = run([&](std::string& out) { codec::json_to_msgpack(out, in, type, opts); });
    } else {
      want = run([&](std::string& out) { codec::json_encode(out, codec::msgpack_decode(in, type, opts), type); });
      got = run([&](std::string& out) { codec::msgpack_to_json(out, in, type, opts); });
    }
    if (!got.ok) FUZZ_CHECK(got.bytes == kPrefix, "the transcoder changed the output buffer on error");
    if (!want.ok) want.bytes = kPrefix;
    FUZZ_CHECK(want.ok == got.ok && want.bytes == got.bytes && want.status == got.status &&
                   want.message == got.message && want.path == got.path && want.offset == got.offset,
               "%s: decode+encode: ok=%d status=%d '%s' at %s offset %zu; transcode: ok=%d status=%d '%s' at %s "
               "offset %zu",
               from_json ? "json->msgpack" : "msgpack->json", want.ok, int(want.status), want.message.c_str(),
               want.path.c_str(), want.offset, got.ok, int(got.status), got.message.c_str(), got.path.c_str(),
               got.offset);
  }
  return 0;
}
