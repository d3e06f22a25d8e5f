// The counting global allocator of the hardening suites (heap_count.hpp).
#include "heap_count.hpp"

#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<size_t> g_live{0};
std::atomic<size_t> g_peak{0};
std::atomic<uint64_t> g_allocs{0};

void note_alloc(void* p) noexcept {
  const size_t n = malloc_usable_size(p);
  const size_t now = g_live.fetch_add(n, std::memory_order_relaxed) + n;
  size_t pk = g_peak.load(std::memory_order_relaxed);
  while (now > pk && !g_peak.compare_exchange_weak(pk, now, std::memory_order_relaxed)) {
  }
  g_allocs.fetch_add(1, std::memory_order_relaxed);
}

void* raw_alloc(size_t n, size_t align) noexcept {
  if (n == 0) n = 1;
  void* p = nullptr;
  if (align <= alignof(std::max_align_t)) {
    p = std::malloc(n);
  } else if (posix_memalign(&p, std::max(align, sizeof(void*)), n) != 0) {
    p = nullptr;
  }
  if (p) note_alloc(p);
  return p;
}

void* alloc_or_throw(size_t n, size_t align) {
  for (;;) {
    if (void* p = raw_alloc(n, align)) return p;
    std::new_handler h = std::get_new_handler();
    if (!h) throw std::bad_alloc();
    h();
  }
}

void dealloc(void* p) noexcept {
  if (!p) return;
  g_live.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}

constexpr size_t kPlain = alignof(std::max_align_t);

}  // namespace

void* operator new(size_t n) { return alloc_or_throw(n, kPlain); }
void* operator new[](size_t n) { return alloc_or_throw(n, kPlain); }
void* operator new(size_t n, const std::nothrow_t&) noexcept { return raw_alloc(n, kPlain); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return raw_alloc(n, kPlain); }
void* operator new(size_t n, std::align_val_t a) { return alloc_or_throw(n, size_t(a)); }
void* operator new[](size_t n, std::align_val_t a) { return alloc_or_throw(n, size_t(a)); }
void* operator new(size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return raw_alloc(n, size_t(a)); }
void* operator new[](size_t n, std::align_val_t a, const std::nothrow_t&) noexcept { return raw_alloc(n, size_t(a)); }
void operator delete(void* p) noexcept { dealloc(p); }
void operator delete[](void* p) noexcept { dealloc(p); }
void operator delete(void* p, size_t) noexcept { dealloc(p); }
void operator delete[](void* p, size_t) noexcept { dealloc(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { dealloc(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { dealloc(p); }
void operator delete(void* p, std::align_val_t) noexcept { dealloc(p); }
void operator delete[](void* p, std::align_val_t) noexcept { dealloc(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { dealloc(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { dealloc(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { dealloc(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { dealloc(p); }

namespace dynval::test {

size_t heap_live() noexcept { return g_live.load(); }
uint64_t heap_allocations() noexcept { return g_allocs.load(); }

PeakScope::PeakScope() noexcept : base_(g_live.load()), allocs_(g_allocs.load()) { g_peak.store(base_); }

size_t PeakScope::peak() const noexcept {
  const size_t p = g_peak.load();
  return p > base_ ? p - base_ : 0;
}

}  // namespace dynval::test
