// fuzz_seed_tool: writes the seed corpora of the fuzz targets
// (tests/fuzz/make-corpus.sh runs it; the corpora are committed).
//
//   fuzz_seed_tool OUTDIR VALUES.tsv CRASHES.tsv SCHEMA_DOC...
//
// VALUES.tsv (written by tests/conformance with DYNVAL_FUZZ_SEEDS set, with go-cty):
//   <type JSON hex> TAB <msgpack hex> TAB <JSON hex or ->
// CRASHES.tsv (tests/fuzz/crash-inputs.tsv, hand-written; # comments):
//   msgpack TAB <type JSON> TAB <payload hex> TAB <comment>
//   json    TAB <type JSON> TAB <payload text> TAB <comment>
//   type    TAB <type JSON> TAB - TAB <comment>
// SCHEMA_DOC: small `providers schema -json` documents; each is a
// schema_json seed, and each of its blocks a schema_proto seed (v5, v6).
// Every file is named by a 64-bit FNV-1a hash of its bytes.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "schema/schema.hpp"
#include "common/hex.hpp"

using namespace dynval;
namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + p.string());
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

using dynval::test::unhex;

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cols;
  std::string cur;
  for (char c : line) {
    if (c == '\t') {
      cols.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  cols.push_back(cur);
  return cols;
}

struct Writer {
  fs::path root;
  size_t written = 0;

  void put(const std::string& target, const std::string& bytes) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    char name[17];
    std::snprintf(name, sizeof name, "%016llx", static_cast<unsigned long long>(h));
    fs::create_directories(root / target);
    std::ofstream(root / target / name, std::ios::binary) << bytes;
    ++written;
  }

  // A value seed: the type in the fuzz grammar plus the payload, for the
  // decoder of its format, the transcoder and the round trip.
  void value(const Type& t, const std::string& payload, bool json) {
    std::string ty;
    if (!fuzz::write_type(ty, t)) return;
    put(json ? "json_decode" : "msgpack_decode", ty + payload);
    std::string mode(1, json ? '\1' : '\0');
    put("transcode", mode + ty + payload);
    put("roundtrip", mode + ty + payload);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: fuzz_seed_tool OUTDIR VALUES.tsv CRASHES.tsv SCHEMA_DOC...\n");
    return 2;
  }
  try {
    Writer w{argv[1]};
    std::istringstream values(read_file(argv[2]));
    for (std::string line; std::getline(values, line);) {
      auto cols = split(line);
      if (cols.size() != 3) continue;
      std::string tj = unhex(cols[0]);
      Type t = Type::from_json(tj);
      w.put("type_json", tj);
      w.value(t, unhex(cols[1]), false);
      if (cols[2] != "-") w.value(t, unhex(cols[2]), true);
    }
    std::istringstream crashes(read_file(argv[3]));
    for (std::string line; std::getline(crashes, line);) {
      if (line.empty() || line[0] == '#') continue;
      auto cols = split(line);
      if (cols.size() < 3) throw std::runtime_error("bad line in " + std::string(argv[3]) + ": " + line);
      if (cols[0] == "type") {
        w.put("type_json", cols[1]);
        continue;
      }
      Type t = Type::from_json(cols[1]);
      if (cols[0] == "msgpack") w.value(t, unhex(cols[2]), false);
      else if (cols[0] == "json") w.value(t, cols[2], true);
      else throw std::runtime_error("unknown format " + cols[0]);
    }
    for (int i = 4; i < argc; ++i) {
      std::string doc = read_file(argv[i]);
      w.put("schema_json", doc);
      for (const auto& e : load_all_schemas_json({doc, doc.size()})) {
        for (int proto : {5, 6}) {
          try {
            w.put("schema_proto", std::string(1, proto == 6 ? '\1' : '\0') + encode_schema_proto(*e.schema, proto));
          } catch (const Error&) {
            // v5 has no nested attributes
          }
        }
      }
    }
    std::printf("wrote %zu seed files under %s\n", w.written, argv[1]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_seed_tool: %s\n", e.what());
    return 1;
  }
  return 0;
}
