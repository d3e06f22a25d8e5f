// Large buffers mapped in at once (memory.hpp).
#include "support/memory.hpp"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace dynval::support {

void prefault(void* p, size_t n) noexcept {
#if defined(__linux__)
  constexpr size_t kMin = size_t(2) << 20;  // one huge page
  if (p == nullptr || n < kMin) return;
  const long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) return;
  const uintptr_t mask = uintptr_t(page) - 1;
  const uintptr_t b = (reinterpret_cast<uintptr_t>(p) + mask) & ~mask;
  const uintptr_t e = (reinterpret_cast<uintptr_t>(p) + n) & ~mask;
  if (e <= b) return;
  void* start = reinterpret_cast<void*>(b);
  // Both are hints: an error (an old kernel's EINVAL, THP disabled) leaves
  // the buffer to be faulted in on first touch, as without the call.
  (void)madvise(start, e - b, MADV_HUGEPAGE);
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23  // Linux 5.14; older C headers lack the name
#endif
  (void)madvise(start, e - b, MADV_POPULATE_WRITE);
#else
  (void)p;
  (void)n;
#endif
}

}  // namespace dynval::support
