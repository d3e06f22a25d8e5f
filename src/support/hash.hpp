// The one 64-bit mixer of the core: MurmurHash3's fmix64 finaliser, a
// bijection that spreads every input bit over the output. Used by the type
// hash, Value::hash (whose results are stable across runs and platforms, so
// this function never changes) and the set digests.
#pragma once

#include <cstdint>

namespace dynval {

constexpr uint64_t mix64(uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

}  // namespace dynval
