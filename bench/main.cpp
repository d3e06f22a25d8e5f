// dynval_bench: libdynval and its floors on the bench/corpus files.
//
//   DYNVAL_CORPUS=build-bench/corpus build-bench/bench/dynval_bench \
//       --benchmark_min_time=0.2 [--benchmark_filter=REGEX]
//
// Benchmark names are <op>/<case> (same op and case names as bench/go), with
// bytes per second computed from the operation's input size. scripts/bench.sh
// turns the JSON output into the comparison table.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <exception>

#include "corpus.hpp"

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  try {
    bench::register_codec_benchmarks();
    bench::register_floor_benchmarks();
    bench::register_misc_benchmarks();
    bench::register_plan_benchmarks();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dynval_bench: %s (set DYNVAL_CORPUS; scripts/bench.sh makes the corpus)\n", e.what());
    return 2;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
