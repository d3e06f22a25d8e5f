// Large buffers mapped in at once.
//
// A fresh multi-megabyte buffer (the CLI's input, a transcoder's output) is
// otherwise faulted in page by page on first touch: one trap per 4 KiB page,
// which on a virtual machine costs microseconds each and was the largest
// single cost of a whole-process `dynval convert` (docs/performance.md).
#pragma once

#include <cstddef>

namespace dynval::support {

// Asks the kernel to back the whole pages inside [p, p + n) with transparent
// huge pages where it allows them (MADV_HUGEPAGE) and to map them in now, in
// one call (MADV_POPULATE_WRITE, Linux 5.14+), instead of at first touch.
// Best effort: does nothing for buffers under 2 MiB, on other systems, or
// where the kernel refuses; the memory's contents are not changed. p must be
// writable memory the caller owns (e.g. a reserved std::string's data()).
void prefault(void* p, size_t n) noexcept;

}  // namespace dynval::support
