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
#include <vector>

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

// The digests of a set, cached after its values when it is built (see
// set_digest.cpp): what a set around it needs of it, so that building
// nested sets costs time linear in the input, not a walk of everything
// below at every level.
struct SetSummary {
  uint64_t h;    // digest of its hash bytes
  uint64_t eq;   // digest of its Equals class (when wholly known)
  uint64_t raw;  // digest of its RawEquals class
};

// A list/set/tuple/object/map: one allocation holding `count` Values right
// after the header; maps also hold (count + 1) key offsets and the key bytes
// after the values, sets a SetSummary.
struct CollRep : RcHeader {
  enum Trailer : uint8_t { kNone = 0, kMapKeys = 1, kSetSummary = 2 };
  uint32_t count = 0;         // at most UINT32_MAX (allocate checks), to keep the header at 24 bytes
  bool has_unknown = false;  // an unknown anywhere inside (not wholly known)
  Trailer trailer = kNone;   // what follows the values
  // Nesting depth: 1 + the deepest child collection (0 for scalars); never
  // more than limits::kMaxSupportedDepth, checked at construction, so that
  // every recursive walk of a value (encode, equals, hash, sets, printing,
  // free) is bounded.
  uint16_t depth = 0;

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
  bool has_keys() const noexcept { return trailer == kMapKeys; }
  const SetSummary* summary() const noexcept {
    return trailer == kSetSummary ? reinterpret_cast<const SetSummary*>(values() + count) : nullptr;
  }
  SetSummary* summary() noexcept {
    return trailer == kSetSummary ? reinterpret_cast<SetSummary*>(values() + count) : nullptr;
  }
  std::string_view key(size_t i) const noexcept {
    const uint64_t* off = key_offsets();
    return std::string_view(key_bytes() + off[i], static_cast<size_t>(off[i + 1] - off[i]));
  }

  // Allocates a block for n values (not yet constructed) and what follows
  // them: for maps, key_total bytes of keys; for sets, a SetSummary.
  static CollRep* allocate(size_t n, Trailer t, size_t key_total);
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

// The depth of a collection of these children (1 + the deepest child);
// Status::Limit past limits::kMaxSupportedDepth.
uint16_t collection_depth(std::span<const Value> elems);
// The depth of a collection whose deepest child has depth `deepest`.
uint16_t depth_of_children(size_t deepest);

// Builds a known collection value from element values (already checked and
// in their final order). Computes has_unknown and the depth.
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
// Its parts: the error for two different non-dynamic element types, and the
// element type given the first non-dynamic one (null: none), checked
// against `elem`.
[[noreturn]] void inconsistent_element_types(const Type& found, const Type& then, const char* what);
Type element_type_of(const Type& elem, const Type* found, const char* what);

// Value::set for elements of a structural type (found: the first
// non-dynamic element type; n >= 2): resolve_element_type's checks and
// retyping, done in build_set's one pass over the elements, with the same
// errors.
Value build_set_checked(const Type& elem, const Type& found, std::span<Value> elems);

// ---- set keys without walking everything below (set_digest.cpp) ----

// Seeded 64-bit digests of a value: equal hash bytes (for two values of one
// type) give equal h, go-cty Equals (wholly known values) equal eq,
// RawEquals equal raw. Nested sets contribute their cached SetSummary, so
// a digest walks a value only down to the sets inside it.
struct Digests {
  uint64_t h = 0, eq = 0, raw = 0;
};
Digests digest(const Value& v);
// The same given v's type kind (a set's element kind: the elements' own
// type nodes, one per element and scattered, are then not read).
Digests digest(const Value& v, TypeKind kind);
// The summary of a set with these elements (in set order, with their
// digests).
SetSummary summarize_set(std::span<const Digests> elems, bool wholly_known);

// go-cty's hash bytes of a and b compared without building them (bytewise,
// -1/0/+1), reading only as far as their common prefix.
int compare_hash_bytes(const Value& a, const Value& b);
// The first n bytes of v's hash bytes (fewer if it is shorter).
void hash_bytes_prefix(const Value& v, size_t n, std::string& out);
void hash_bytes_prefix(const Value& v, TypeKind kind, size_t n, std::string& out);
// crc32.ChecksumIEEE of v's hash bytes (go-cty's set bucket).
uint32_t hash_bytes_crc32(const Value& v);

// A known set from its elements in their final order (deduped and sorted),
// with its SetSummary; `ds`, when given, holds each element's digests.
Value build_set_value(Type st, std::span<Value> elems, const std::vector<Digests>* ds);

// go-cty set membership: same hash bytes and Equals() (both wholly known).
bool same_member(const Value& a, const Value& b);
// go-cty Equals of two wholly-known sets of one type (every element of each
// has an equivalent member in the other).
bool sets_equal(const Value& a, const Value& b);

// Empty Refinements, for values that have none.
const Refinements& no_refinements() noexcept;

}  // namespace values_detail
}  // namespace dynval
