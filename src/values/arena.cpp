// Document arenas for value blocks (Value::ArenaScope, value.hpp).
//
// A BlockArena hands out blocks by bumping a pointer through chunks of one
// size, a quarter of the input's (4 KiB to 1 MiB); larger requests get
// chunks of their own. It counts its live blocks plus one reference for the open
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
  explicit BlockArena(size_t chunk_size) : chunk_size_(chunk_size) {}
  BlockArena(const BlockArena&) = delete;
  BlockArena& operator=(const BlockArena&) = delete;

  // Only on the thread whose scope is open. A request that does not fit in
  // the open chunk either gets a chunk of its own (more than a quarter of a
  // chunk: the open chunk stays open) or opens a new chunk, so the unused
  // tails stay under a quarter of the memory, plus the last chunk's.
  void* allocate(size_t n) {
    n = (n + kAlign - 1) & ~(kAlign - 1);
    void* p;
    if (static_cast<size_t>(end_ - cur_) >= n) {
      p = cur_;
      cur_ += n;
    } else if (n > chunk_size_ / 4) {
      p = new_chunk(n);
    } else {
      cur_ = static_cast<char*>(new_chunk(chunk_size_));
      end_ = cur_ + chunk_size_;
      p = cur_;
      cur_ += n;
    }
    live_.fetch_add(1, std::memory_order_relaxed);
    return p;
  }

  // A block died, or the scope closed: frees the arena after the last one.
  void release() noexcept {
    if (live_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

 private:
  static constexpr size_t kAlign = alignof(std::max_align_t) < 8 ? 8 : alignof(std::max_align_t);

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

  // A chunk with `size` bytes of data, linked for the destructor; returns
  // its data.
  void* new_chunk(size_t size) {
    auto* c = static_cast<Chunk*>(::operator new(sizeof(Chunk) + size));
    c->next = chunks_;
    c->size = size;
    chunks_ = c;
    return c + 1;
  }

  std::atomic<size_t> live_{1};  // live blocks + 1 while the scope is open
  Chunk* chunks_ = nullptr;
  char* cur_ = nullptr;
  char* end_ = nullptr;
  const size_t chunk_size_;
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
  // Chunks of a quarter of the input (within 4 KiB and 1 MiB): the decoded
  // blocks of a document take one to three times its MessagePack size, so
  // the unused tail of the last chunk stays small next to the value.
  constexpr size_t kMinChunk = 4096, kMaxChunk = size_t(1) << 20;
  arena_ = new values_detail::BlockArena(std::clamp(size_hint / 4, kMinChunk, kMaxChunk));
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
