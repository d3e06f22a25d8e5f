// The one loader of the tests' data files under tests/data (tests/data/README.md):
// the golden vectors go-cty wrote (gocty-vectors.txt), the real provider
// schema documents and the other fixtures. A missing or unreadable file
// throws std::runtime_error, so the test that needs it fails: data is part of
// the repository, and a test never skips for want of it.
//
// Executables that include this depend on test_data_dep (tests/meson.build),
// which compiles in the folder's path as DYNVAL_TEST_DATA_DIR.
#pragma once

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#ifndef DYNVAL_TEST_DATA_DIR
#error "DYNVAL_TEST_DATA_DIR is not defined: add test_data_dep to this executable (tests/meson.build)"
#endif

namespace dynval::test {

// The path of tests/data/<rel>.
inline std::string data_path(std::string_view rel) {
  return std::string(DYNVAL_TEST_DATA_DIR) + "/" + std::string(rel);
}

// The bytes of tests/data/<rel>; a ".zst" or ".gz" file is decompressed with
// zstd or gzip. Throws when the file is missing, unreadable or does not
// decompress.
inline std::string read_data(std::string_view rel) {
  const std::string path = data_path(rel);
  std::ifstream probe(path, std::ios::binary);
  if (!probe) throw std::runtime_error("test data file missing: " + path);
  auto ends_with = [&](std::string_view suffix) {
    return rel.size() >= suffix.size() && rel.substr(rel.size() - suffix.size()) == suffix;
  };
  const char* tool = ends_with(".zst") ? "zstd -dc" : ends_with(".gz") ? "gzip -dc" : nullptr;
  std::string out;
  if (tool == nullptr) {
    std::ostringstream ss;
    ss << probe.rdbuf();
    out = ss.str();
  } else {
    FILE* f = popen((std::string(tool) + " '" + path + "'").c_str(), "r");
    if (f == nullptr) throw std::runtime_error(std::string("cannot run ") + tool + " on " + path);
    char buf[1 << 16];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    if (pclose(f) != 0 || out.empty()) {
      throw std::runtime_error(std::string(tool) + " failed on " + path + " (is it installed?)");
    }
  }
  return out;
}

// One row of tests/data/gocty-vectors.txt: kind (MP, JS, UM, UJ, TY, HS),
// label, schema type JSON, input, output (tests/data/README.md says what each
// holds per kind). Fields written "-" in the file (empty) are empty here.
struct GoldenRow {
  std::string kind, label, type, input, output;
  size_t line = 0;  // 1-based line in the file, for messages
};

// Every row of gocty-vectors.txt, read once. Throws when the file is missing
// or a line does not have five tab-separated fields.
inline const std::vector<GoldenRow>& gocty_vectors() {
  static const std::vector<GoldenRow> rows = [] {
    std::vector<GoldenRow> out;
    std::istringstream in(read_data("gocty-vectors.txt"));
    std::string line;
    size_t no = 0;
    while (std::getline(in, line)) {
      ++no;
      if (line.empty() || line[0] == '#') continue;
      std::vector<std::string> f;
      for (size_t start = 0;;) {
        const size_t tab = line.find('\t', start);
        f.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos) break;
        start = tab + 1;
      }
      if (f.size() != 5) {
        throw std::runtime_error("gocty-vectors.txt line " + std::to_string(no) + ": " +
                                 std::to_string(f.size()) + " fields, want 5");
      }
      for (std::string& s : f) {
        if (s == "-") s.clear();
      }
      out.push_back({f[0], f[1], f[2], f[3], f[4], no});
    }
    if (out.empty()) throw std::runtime_error("gocty-vectors.txt has no rows");
    return out;
  }();
  return rows;
}

// The rows of one kind, in file order.
inline std::vector<GoldenRow> gocty_rows(std::string_view kind) {
  std::vector<GoldenRow> out;
  for (const GoldenRow& r : gocty_vectors()) {
    if (r.kind == kind) out.push_back(r);
  }
  return out;
}

// The row of this kind and label; throws when there is none.
inline const GoldenRow& gocty_row(std::string_view kind, std::string_view label) {
  for (const GoldenRow& r : gocty_vectors()) {
    if (r.kind == kind && r.label == label) return r;
  }
  throw std::runtime_error("gocty-vectors.txt has no " + std::string(kind) + " row \"" +
                           std::string(label) + "\"");
}

}  // namespace dynval::test
