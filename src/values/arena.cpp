// Document arenas for value blocks (Value::ArenaScope, value.hpp).
//
// A BlockArena hands out blocks by bumping a pointer through chunks of
// growing size. It counts its live blocks plus one reference for the open
// scope; the thread that opened the scope is the only one that allocates,
// while blocks may die on any thread (an atomic decrement). When the count
// reaches zero, the scope is closed and every block has been destroyed, so
// the chunks are freed. Blocks are never reused individually: memory of a
// block that dies early (a set's duplicate element, a value dropped on an
// error) stays allocated until the whole arena goes.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <new>

#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {
namespace values_detail {

class BlockArena {
 public:
  explicit BlockArena(size_t first_chunk) : next_size_(first_chunk) {}
  BlockArena(const BlockArena&) = delete;
  BlockArena& operator=(const BlockArena&) = delete;

  // Only on the thread whose scope is open.
  void* allocate(size_t n) {
    n = (n + kAlign - 1) & ~(kAlign - 1);
    if (static_cast<size_t>(end_ - cur_) < n) grow(n);
    void* p = cur_;
    cur_ += n;
    live_.fetch_add(1, std::memory_order_relaxed);
    return p;
  }

  // A block died, or the scope closed: frees the arena after the last one.
  void release() noexcept {
    if (live_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

 private:
  static constexpr size_t kAlign = alignof(std::max_align_t) < 8 ? 8 : alignof(std::max_align_t);
  static constexpr size_t kMaxChunk = size_t(1) << 20;

  struct Chunk {
    Chunk* next;
    size_t size;  // bytes of data after the header
  };
  static_assert(sizeof(Chunk) % kAlign == 0);

  ~BlockArena() {
    for (Chunk* c = chunks_; c != nullptr;) {
      Chunk* next = c->next;
      ::operator delete(static_cast<void*>(c));
      c = next;
    }
  }

  void grow(size_t n) {
    const size_t size = std::max(n, next_size_);
    next_size_ = std::min(next_size_ * 2, kMaxChunk);
    auto* c = static_cast<Chunk*>(::operator new(sizeof(Chunk) + size));
    c->next = chunks_;
    c->size = size;
    chunks_ = c;
    cur_ = reinterpret_cast<char*>(c + 1);
    end_ = cur_ + size;
  }

  std::atomic<size_t> live_{1};  // live blocks + 1 while the scope is open
  Chunk* chunks_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
  size_t next_size_;
};

namespace {
thread_local BlockArena* t_arena = nullptr;
}  // namespace

void* alloc_block(size_t size, BlockArena*& owner) {
  BlockArena* a = t_arena;
  if (a != nullptr && size <= Value::kArenaMaxBlock) {
    owner = a;
    return a->allocate(size);
  }
  owner = nullptr;
  return ::operator new(size);
}

void free_block(void* p, BlockArena* owner) noexcept {
  if (owner != nullptr) {
    owner->release();
  } else {
    ::operator delete(p);
  }
}

}  // namespace values_detail

Value::ArenaScope::ArenaScope(size_t size_hint) : arena_(nullptr) {
  if (values_detail::t_arena != nullptr) return;  // nested: use the outer arena
  constexpr size_t kMinChunk = 4096, kMaxFirst = size_t(1) << 20;
  arena_ = new values_detail::BlockArena(std::clamp(size_hint, kMinChunk, kMaxFirst));
  values_detail::t_arena = arena_;
}

Value::ArenaScope::~ArenaScope() {
  if (arena_ == nullptr) return;
  values_detail::t_arena = nullptr;
  arena_->release();
}

Value::ArenaScope::Suspend::Suspend() noexcept : saved_(values_detail::t_arena) {
  values_detail::t_arena = nullptr;
}

Value::ArenaScope::Suspend::~Suspend() { values_detail::t_arena = saved_; }

}  // namespace dynval
