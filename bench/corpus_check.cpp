// The transcoders against decode-then-encode on the benchmark corpus: for
// every case of <corpus>/manifest.tsv (bench/corpus.hpp), the MessagePack
// and (when the case has one) the JSON file are transcoded into both formats
// by codec::msgpack_to_msgpack / msgpack_to_json / json_to_json /
// json_to_msgpack, and the bytes or the error (status, message, path,
// offset) must equal the tree path's, encode(decode(in, type), type). Also
// says whether the output equals go-cty's own file of that format. Exit
// status 1 on any difference. Run: build-bench/bench/dynval_corpus_check
// (DYNVAL_CORPUS, DYNVAL_CASES as for dynval_bench).
#include <cstdio>
#include <exception>
#include <functional>
#include <string>

#include "codec/codec.hpp"
#include "corpus.hpp"
#include "support/error.hpp"
#include "types/type.hpp"

using namespace dynval;

namespace {

struct Result {
  bool ok = false;
  std::string bytes;
  std::string error;  // status, message, path, offset
};

Result run(const std::function<void(std::string&)>& f) {
  Result r;
  try {
    f(r.bytes);
    r.ok = true;
  } catch (const Error& e) {
    r.bytes.clear();
    r.error = std::to_string(int(e.status())) + " " + e.message() + " at " + path_string(e.path());
    if (e.offset() != kNoOffset) r.error += " offset " + std::to_string(e.offset());
  }
  return r;
}

}  // namespace

int main() {
  int bad = 0;
  try {
    for (const bench::Case& c : bench::corpus()) {
      const Type t = Type::from_json(c.type_json);
      struct Dir {
        const char* name;
        const std::string* in;
        const std::string* gocty;  // go-cty's bytes in the output format, or nullptr
        std::function<void(std::string&)> tree, direct;
      };
      const std::string& mp = c.msgpack;
      const std::string& js = c.json;
      std::vector<Dir> dirs = {
          {"msgpack->msgpack", &mp, &mp,
           [&](std::string& o) { codec::msgpack_encode(o, codec::msgpack_decode(mp, t), t); },
           [&](std::string& o) { codec::msgpack_to_msgpack(o, mp, t); }},
          {"msgpack->json", &mp, c.has_json ? &js : nullptr,
           [&](std::string& o) { codec::json_encode(o, codec::msgpack_decode(mp, t), t); },
           [&](std::string& o) { codec::msgpack_to_json(o, mp, t); }},
      };
      if (c.has_json) {
        dirs.push_back({"json->json", &js, &js,
                        [&](std::string& o) { codec::json_encode(o, codec::json_decode(js, t), t); },
                        [&](std::string& o) { codec::json_to_json(o, js, t); }});
        // No go-cty reference in the corpus for json->msgpack: the .msgpack
        // file is not it. go-cty's JSON decoder reads numbers as 512-bit
        // decimals, which its msgpack encoder writes as text where the
        // original value was a float64 (36.686326814470114: cb ... in the
        // corpus file, "36.686326814470114" after json.Unmarshal +
        // msgpack.Marshal; checked with go-cty v1.18.1 on aws_instance,
        // plan_2000, numbers_1m and aws_quicksight_dashboard: identical to
        // ours).
        dirs.push_back({"json->msgpack", &js, nullptr,
                        [&](std::string& o) { codec::msgpack_encode(o, codec::json_decode(js, t), t); },
                        [&](std::string& o) { codec::json_to_msgpack(o, js, t); }});
      }
      for (const Dir& d : dirs) {
        const Result want = run(d.tree);
        const Result got = run(d.direct);
        const bool same = want.ok == got.ok && want.bytes == got.bytes && want.error == got.error;
        const char* gocty = !got.ok || d.gocty == nullptr ? "-" : got.bytes == *d.gocty ? "yes" : "NO";
        std::printf("%-40s %-17s %10zu -> %10zu bytes  same as decode+encode: %-3s  same as go-cty: %s%s%s\n",
                    c.name.c_str(), d.name, d.in->size(), got.bytes.size(), same ? "yes" : "NO", gocty,
                    got.ok ? "" : "  error: ", got.error.c_str());
        if (!same) {
          ++bad;
          std::printf("    decode+encode: %s (%zu bytes)\n", want.ok ? "ok" : want.error.c_str(), want.bytes.size());
        }
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "corpus check: %s\n", e.what());
    return 2;
  }
  std::printf("%s\n", bad ? "DIFFERENCES FOUND" : "all transcoder outputs equal decode+encode");
  return bad ? 1 : 0;
}
