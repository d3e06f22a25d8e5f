// Fuzz target (differential): direct transcoding against decode-then-encode.
// Input: one mode byte (low bit: 0 = MessagePack to JSON, 1 = JSON to
// MessagePack), a type in the grammar of fuzz_common.hpp, then the payload.
// Checks: msgpack_to_json(x) == json_encode(msgpack_decode(x)) and
// json_to_msgpack(x) == msgpack_encode(json_decode(x)) byte for byte, or
// both fail with the same status, message, path and byte offset; on failure
// the transcoder leaves the output buffer as it was.
#include "codec/codec.hpp"
#include "fuzz_common.hpp"

using namespace dynval;

namespace {

struct Outcome {
  bool ok = false;
  std::string bytes;
  Status status = Status::Ok;
  std::string message;
  std::string path;
  size_t offset = kNoOffset;
};

const std::string kPrefix = "PRE";

template <class F>
Outcome run(F&& f) {
  Outcome o;
  std::string out = kPrefix;
  try {
    f(out);
    o.ok = true;
    o.bytes = out.substr(kPrefix.size());
  } catch (const Error& e) {
    o.status = e.status();
    o.message = e.message();
    o.path = path_string(e.path());
    o.offset = e.offset();
    o.bytes = out;
  }
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return -1;
  bool from_json = data[0] & 1;
  fuzz::Reader r(data + 1, size - 1);
  Type type;
  try {
    type = fuzz::read_type(r);
  } catch (const Error&) {
    return -1;
  }
  std::string_view in = r.rest();
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
