// The hardening suite, round three (issue "Hostile inputs, round three: the
// value layer's costs"): small inputs that took seconds to minutes or
// gigabytes in operations a provider runs on data it receives (diff,
// flatmap, implied types, conversion and unification, the CLI's views).
// Each case runs an input of about the size the red team used, asserts the
// exact result, and bounds what the call costs:
//   - CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID, so other
//     load on the machine hardly moves it), with at least 10x headroom over
//     what the fixed code takes on a two-core development machine; the old
//     code took 100x to 10,000x the bound;
//   - the peak heap of the call (heap_count.hpp), in proportion to its
//     input where the old code's grew faster.
// Figures are printed as "[ cost ]" lines; docs/hardening.md has the
// before/after table.
#include <gtest/gtest.h>
#include <time.h>

#include <cstdio>
#include <string>
#include <thread>

#include "heap_count.hpp"

namespace {

struct Cost {
  double cpu_seconds = 0;
  size_t peak = 0;          // heap bytes on top of the live bytes at the start
  uint64_t allocations = 0;
};

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Runs f() on a fresh thread (no thread-local cache survives from an
// earlier call) and measures it; prints one "[ cost ]" line.
template <class F>
Cost cost(const std::string& label, size_t input_bytes, F&& f) {
  Cost c;
  std::thread th([&] {
    dynval::test::PeakScope scope;
    const double t0 = thread_cpu_seconds();
    f();
    c.cpu_seconds = thread_cpu_seconds() - t0;
    c.peak = scope.peak();
    c.allocations = scope.allocations();
  });
  th.join();
  std::printf("[ cost ] %-56s input %9zu B, cpu %8.4f s, peak %11zu B, %9llu allocations\n", label.c_str(),
              input_bytes, c.cpu_seconds, c.peak, static_cast<unsigned long long>(c.allocations));
  return c;
}

[[maybe_unused]] constexpr size_t kMiB = size_t(1) << 20;

}  // namespace
