// The schema-less floors of the `dynval convert` round trip (scripts/bench.sh,
// CLI section): whole processes doing the generic thing on the same bytes.
//
//   floor_cli msgpack IN OUT   msgpack-cxx: read IN, msgpack::unpack into
//                              its zone-allocated object tree, msgpack::pack
//                              the tree into an sbuffer, write OUT.
//   floor_cli json IN OUT      simdjson: load IN padded, DOM-parse it,
//                              minify the DOM (simdjson::to_string), write OUT.
//
// Neither knows a type, normalises strings or numbers, or orders keys: they
// are what a schema-less library does at best with the same input and output.
#include <cstdio>
#include <cstring>
#include <msgpack.hpp>
#include <simdjson.h>
#include <string>
#include <string_view>

namespace {

bool read_file(const char* path, std::string& out) {
  FILE* f = std::fopen(path, "rb");
  if (f == nullptr) return false;
  std::fseek(f, 0, SEEK_END);
  const long n = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  out.resize(size_t(n));
  const bool ok = std::fread(out.data(), 1, out.size(), f) == out.size();
  std::fclose(f);
  return ok;
}

bool write_file(const char* path, const char* data, size_t n) {
  FILE* f = std::fopen(path, "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(data, 1, n, f) == n;
  return std::fclose(f) == 0 && ok;
}

int msgpack_roundtrip(const char* in, const char* out) {
  std::string bytes;
  if (!read_file(in, bytes)) return 2;
  msgpack::object_handle oh = msgpack::unpack(bytes.data(), bytes.size());
  msgpack::sbuffer buf;
  msgpack::pack(buf, oh.get());
  return write_file(out, buf.data(), buf.size()) ? 0 : 2;
}

int json_roundtrip(const char* in, const char* out) {
  simdjson::padded_string bytes;
  if (simdjson::padded_string::load(in).get(bytes)) return 2;
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(bytes).get(doc)) return 1;
  const std::string min = simdjson::to_string(doc);
  return write_file(out, min.data(), min.size()) ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: floor_cli msgpack|json IN OUT\n");
    return 2;
  }
  try {
    if (std::strcmp(argv[1], "msgpack") == 0) return msgpack_roundtrip(argv[2], argv[3]);
    if (std::strcmp(argv[1], "json") == 0) return json_roundtrip(argv[2], argv[3]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "floor_cli: %s\n", e.what());
    return 1;
  }
  return 2;
}
