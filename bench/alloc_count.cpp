#include "alloc_count.hpp"

#include <malloc.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace bench::alloc {
namespace {
bool g_on = false;  // the benchmarks are single-threaded
int64_t g_live = 0;
int64_t g_peak = 0;

inline void note_alloc(void* p) {
  if (g_on && p) {
    g_live += static_cast<int64_t>(malloc_usable_size(p));
    if (g_live > g_peak) g_peak = g_live;
  }
}
inline void note_free(void* p) {
  if (g_on && p) g_live -= static_cast<int64_t>(malloc_usable_size(p));
}
}  // namespace

void start() {
  g_live = g_peak = 0;
  g_on = true;
}
void stop() { g_on = false; }
int64_t live() { return g_live; }
int64_t peak() { return g_peak; }
int64_t malloc_in_use() {
  struct mallinfo2 mi = mallinfo2();
  return static_cast<int64_t>(mi.uordblks + mi.hblkhd);
}

void* allocate(std::size_t n, std::size_t align) {
  if (n == 0) n = 1;
  void* p = align > alignof(std::max_align_t) ? std::aligned_alloc(align, (n + align - 1) / align * align)
                                               : std::malloc(n);
  note_alloc(p);
  return p;
}
void release(void* p) {
  note_free(p);
  std::free(p);
}

}  // namespace bench::alloc

using bench::alloc::allocate;
using bench::alloc::release;

void* operator new(std::size_t n) {
  if (void* p = allocate(n, 0)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = allocate(n, 0)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = allocate(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
  if (void* p = allocate(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return allocate(n, 0); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return allocate(n, 0); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(n, static_cast<std::size_t>(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return allocate(n, static_cast<std::size_t>(a));
}
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { release(p); }
