// Private to src/values: the heap blocks behind dynval::Value and the
// helpers the implementation files share. Not for other layers.
//
// Every block is immutable after construction and reference counted with an
// atomic counter (relaxed increment, acq_rel decrement), so a Value can be
// copied and dropped concurrently from any number of threads.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "values/value.hpp"

namespace dynval {
namespace values_detail {

class BlockArena;  // arena.cpp

// Memory for a block: from the calling thread's document arena when a
// Value::ArenaScope is open on it (owner receives the arena), else from
// operator new (owner receives nullptr). free_block returns it either way.
void* alloc_block(size_t size, BlockArena*& owner);
void free_block(void* p, BlockArena* owner) noexcept;

// The common header of every block.
struct RcHeader {
  mutable std::atomic<size_t> rc{1};
  BlockArena* arena = nullptr;  // the document arena holding the block, or null (heap)
  void retain() const noexcept { rc.fetch_add(1, std::memory_order_relaxed); }
  // True when this was the last reference (the caller then frees the block).
  bool release() const noexcept { return rc.fetch_sub(1, std::memory_order_acq_rel) == 1; }
};

// A string longer than the inline limit: one allocation, bytes follow the
// header (NUL-terminated as a courtesy).
struct StrRep : RcHeader {
  size_t len = 0;
  const char* data() const noexcept { return reinterpret_cast<const char*>(this + 1); }
  char* data() noexcept { return reinterpret_cast<char*>(this + 1); }
  static StrRep* make(std::string_view s);
  static void destroy(const StrRep* r) noexcept;
};

// A list/set/tuple/object/map: one allocation holding `count` Values right
// after the header; maps also hold (count + 1) key offsets and the key bytes
// after the values.
struct CollRep : RcHeader {
  uint32_t count = 0;         // at most UINT32_MAX (allocate checks), to keep the header at 24 bytes
  bool has_unknown = false;  // an unknown anywhere inside (not wholly known)
  bool has_keys = false;     // a map: key offsets + bytes follow the values

  Value* values() noexcept { return reinterpret_cast<Value*>(this + 1); }
  const Value* values() const noexcept { return reinterpret_cast<const Value*>(this + 1); }
  const uint64_t* key_offsets() const noexcept {
    return reinterpret_cast<const uint64_t*>(values() + count);
  }
  uint64_t* key_offsets() noexcept { return reinterpret_cast<uint64_t*>(values() + count); }
  const char* key_bytes() const noexcept {
    return reinterpret_cast<const char*>(key_offsets() + count + 1);
  }
  char* key_bytes() noexcept { return reinterpret_cast<char*>(key_offsets() + count + 1); }
  std::string_view key(size_t i) const noexcept {
    const uint64_t* off = key_offsets();
    return std::string_view(key_bytes() + off[i], static_cast<size_t>(off[i + 1] - off[i]));
  }

  // Allocates a block for n values (not yet constructed) and, for maps,
  // key_total bytes of keys.
  static CollRep* allocate(size_t n, bool keys, size_t key_total);
  static void destroy(const CollRep* r) noexcept;
};

static_assert(sizeof(CollRep) % alignof(Value) == 0);
static_assert(sizeof(CollRep) <= 24, "every collection pays for this header");
static_assert(sizeof(StrRep) % 8 == 0);

// The refinements of a refined unknown value.
struct RefRep : RcHeader {
  Refinements r;
  static void destroy(const RefRep* r) noexcept { delete r; }
};

}  // namespace values_detail

// Friend of Value: builds values from blocks and reads them.
struct ValueAccess {
  using Tag = Value::Tag;
  static Tag tag(const Value& v) noexcept { return v.tag_; }
  static const values_detail::CollRep* coll(const Value& v) noexcept {
    return v.tag_ == Tag::Coll ? v.u_.coll : nullptr;
  }
  static const values_detail::StrRep* str(const Value& v) noexcept {
    return v.tag_ == Tag::Str ? v.u_.str : nullptr;
  }
  // Takes ownership of one reference to `rep`.
  static Value make_coll(Type t, values_detail::CollRep* rep) noexcept {
    Value v;
    v.type_ = std::move(t);
    v.state_ = Value::State::Known;
    v.tag_ = Tag::Coll;
    v.u_.coll = rep;
    return v;
  }
  static Value make_refined(Type t, Refinements r);
  // Replaces the type of a null or unknown value (retyping a dynamic-typed
  // element into a collection of a concrete element type).
  static void set_type(Value& v, Type t) noexcept { v.type_ = std::move(t); }
};

namespace values_detail {

// Builds a known collection value from element values (already checked and
// in their final order). Computes has_unknown.
Value build_collection(Type t, std::vector<Value>&& elems);
// The same, moving the values out of a span (a decoder's scratch stack).
Value build_collection(Type t, std::span<Value> elems);

// True when every value's type equals `t` (the fast paths of list_of & co).
bool all_of_type(std::span<const Value> elems, const Type& t) noexcept;

// Value::set's work once the set type is known and every element has its
// element type: dedupe and order, moving the survivors out of `elems`.
Value build_set(Type st, std::span<Value> elems);

// The element type a list/set/map of these element values gets (see
// Value::list); retypes dynamic-typed null/unknown elements in place.
// Throws Error(Status::TypeMismatch).
Type resolve_element_type(const Type& elem, std::vector<Value*>& elems, const char* what);

// Appends a key that is equal for two wholly-known values of one type
// exactly when go-cty's Equals returns true for them (nested sets compare as
// sets of (hash bytes, key) pairs, like go-cty's set membership).
void append_equality_key(const Value& v, std::string& out);

// Appends a key that is equal for two values of one type exactly when
// go-cty's RawEquals returns true for them (unknowns included).
void append_raw_key(const Value& v, std::string& out);

// The key go-cty's set uses to merge elements: hash bytes (crc32 bucket)
// plus Equals. Empty optional-like result: returns false when the value
// contains an unknown (never merges).
bool append_set_member_key(const Value& v, std::string& out);

// Empty Refinements, for values that have none.
const Refinements& no_refinements() noexcept;

}  // namespace values_detail
}  // namespace dynval
