// The benchmark corpus written by bench/corpus (see its main.go): one case per
// line of <dir>/manifest.tsv, the directory taken from $DYNVAL_CORPUS
// (default build-bench/corpus).
#pragma once

#include <string>
#include <vector>

namespace bench {

struct Case {
  std::string name;       // e.g. "aws_quicksight_dashboard+unknown"
  std::string type_json;  // go-cty type JSON
  std::string msgpack;    // go-cty msgpack.Marshal bytes
  std::string json;       // go-cty json.Marshal bytes (empty when !has_json)
  bool has_json = false;  // false when the value holds unknowns
};

std::string corpus_dir();
// Loads the manifest once; optional filter $DYNVAL_CASES (comma-separated).
const std::vector<Case>& corpus();
std::string read_file(const std::string& path);  // throws std::runtime_error

// Registration functions of the benchmark files.
void register_codec_benchmarks();
void register_floor_benchmarks();
void register_misc_benchmarks();
void register_plan_benchmarks();

}  // namespace bench
