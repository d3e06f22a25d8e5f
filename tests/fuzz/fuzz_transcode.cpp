// Fuzz target (differential): direct transcoding against decode-then-encode.
// Input: one mode byte (low bit: 0 = MessagePack in, 1 = JSON in), a type in
// the grammar of fuzz_common.hpp, then the payload, which is transcoded into
// both formats. Checks: msgpack_to_json(x) == json_encode(msgpack_decode(x)),
// msgpack_to_msgpack(x) == msgpack_encode(msgpack_decode(x)),
// json_to_msgpack(x) == msgpack_encode(json_decode(x)) and
// json_to_json(x) == json_encode(json_decode(x)) byte for byte, or both
// fail with the same status, message, path and byte offset; on failure the
// transcoder leaves the output buffer as it was.
#include "codec/codec.hpp"
#include "common/outcome.hpp"
#include "fuzz_common.hpp"

using namespace dynval;

using dynval::test::Outcome;
using dynval::test::run;
const std::string& kPrefix = dynval::test::kOutcomePrefix;

static void check(Outcome want, const Outcome& got, const char* direction) {
  if (!got.ok) FUZZ_CHECK(got.bytes == kPrefix, "%s: the transcoder changed the output buffer on error", direction);
  if (!want.ok) want.bytes = kPrefix;
  FUZZ_CHECK(want.ok == got.ok && want.bytes == got.bytes && want.status == got.status &&
                 want.message == got.message && want.path == got.path && want.offset == got.offset,
             "%s: decode+encode: ok=%d status=%d '%s' at %s offset %zu; transcode: ok=%d status=%d '%s' at %s "
             "offset %zu",
             direction, want.ok, int(want.status), want.message.c_str(), want.path.c_str(), want.offset, got.ok,
             int(got.status), got.message.c_str(), got.path.c_str(), got.offset);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::TypedInput ti;
  if (!fuzz::read_typed_input(data, size, true, ti)) return -1;
  const bool from_json = ti.json;
  const Type& type = ti.type;
  std::string_view in = ti.payload;
  for (codec::Trailing trailing : {codec::Trailing::Ignore, codec::Trailing::Reject}) {
    codec::DecodeOptions opts;
    opts.trailing = trailing;
    for (bool to_json : {false, true}) {
      auto decode = [&] {
        return from_json ? codec::json_decode(in, type, opts) : codec::msgpack_decode(in, type, opts);
      };
      const Outcome want = run([&](std::string& out) {
        if (to_json) {
          codec::json_encode(out, decode(), type);
        } else {
          codec::msgpack_encode(out, decode(), type);
        }
      });
      const Outcome got = fuzz::timed("transcode", size, [&] {
        return run([&](std::string& out) {
          if (from_json) {
            to_json ? codec::json_to_json(out, in, type, opts) : codec::json_to_msgpack(out, in, type, opts);
          } else {
            to_json ? codec::msgpack_to_json(out, in, type, opts) : codec::msgpack_to_msgpack(out, in, type, opts);
          }
        });
      });
      check(want, got, from_json ? (to_json ? "json->json" : "json->msgpack")
                                 : (to_json ? "msgpack->json" : "msgpack->msgpack"));
    }
  }
  return 0;
}
