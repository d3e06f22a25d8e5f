// Heap accounting for the memory ratios: the bench binary replaces the global
// operator new/delete; while counting is on, every allocation and free made
// through them is added to a live-bytes total (malloc_usable_size, so the
// allocator's rounding is included) and a peak is tracked. Off by default so
// the timed loops pay only one predictable branch.
#pragma once

#include <cstdint>

namespace bench::alloc {

void start();           // live = peak = 0, counting on
void stop();            // counting off
int64_t live();         // bytes allocated and not freed since start()
int64_t peak();         // highest live() since start()
// glibc's view (mallinfo2: arena bytes in use + mmapped), which also sees
// allocations made with malloc directly.
int64_t malloc_in_use();

}  // namespace bench::alloc
