// The hardening suites' heap counter: heap_count.cpp replaces the global
// operator new/delete (every variant) with versions that track the live
// and peak heap bytes (malloc_usable_size of each block) and the number of
// allocations, in atomics. Link heap_count.cpp into a test executable to
// count every allocation of the C++ core and of libdynval.so (which
// allocates through the same operator new; hostile_test.cpp checks this in
// Memory.CountingSeesCoreAndCApiAllocations).
#pragma once

#include <cstddef>
#include <cstdint>

namespace dynval::test {

size_t heap_live() noexcept;
uint64_t heap_allocations() noexcept;

// Resets the peak to the current live bytes; peak() is the most bytes
// allocated on top of those since then (by any thread).
class PeakScope {
 public:
  PeakScope() noexcept;
  size_t peak() const noexcept;
  uint64_t allocations() const noexcept { return heap_allocations() - allocs_; }

 private:
  size_t base_;
  uint64_t allocs_;
};

}  // namespace dynval::test
