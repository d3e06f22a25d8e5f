#include "corpus.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bench {

std::string corpus_dir() {
  const char* d = std::getenv("DYNVAL_CORPUS");
  return d && *d ? d : "build-bench/corpus";
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

static std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(c);
    }
  }
  out.push_back(cur);
  return out;
}

const std::vector<Case>& corpus() {
  static const std::vector<Case> cases = [] {
    std::vector<Case> cs;
    const std::string dir = corpus_dir();
    const char* only = std::getenv("DYNVAL_CASES");
    std::string filter = only ? "," + std::string(only) + "," : "";
    std::istringstream manifest(read_file(dir + "/manifest.tsv"));
    std::string line;
    while (std::getline(manifest, line)) {
      auto col = split(line, '\t');
      if (col.size() < 4) continue;
      if (!filter.empty() && filter != ",," && filter.find("," + col[0] + ",") == std::string::npos) continue;
      Case c;
      c.name = col[0];
      c.type_json = read_file(dir + "/" + col[1]);
      c.msgpack = read_file(dir + "/" + col[2]);
      if (col[3] != "-") {
        c.json = read_file(dir + "/" + col[3]);
        c.has_json = true;
      }
      cs.push_back(std::move(c));
    }
    return cs;
  }();
  return cases;
}

}  // namespace bench
