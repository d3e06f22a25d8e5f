// dynval::TypeNode: the private node behind a dynval::Type handle.
//
// Only src/types/*.cpp include this header. A node is immutable after
// construction except for two thread-safe details: its reference count and
// its lazily built type-JSON cache.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "types/type.hpp"

namespace dynval {

struct TypeNode {
  // Reference count; ignored (never touched) when `immortal` is set.
  mutable std::atomic<uint32_t> refs{1};
  bool immortal = false;
  TypeKind kind = TypeKind::Dynamic;
  bool has_dynamic = false;   // dynamic anywhere in this type (HasDynamicTypes)
  bool has_optional = false;  // an optional-attribute marker anywhere
  // Nesting depth: 0 for primitives and dynamic, 1 + the deepest child for
  // collections and structures; never more than limits::kMaxTypeDepth
  // (checked at construction), so every recursive walk of a type is bounded.
  uint16_t depth = 0;
  size_t hash = 0;            // structural hash, computed at construction

  // Children are handles held by the node (one reference each), so the
  // accessors hand out `const Type&` into them. type_node_unref takes them
  // apart iteratively; nothing else ever resets them.
  Type elem{nullptr};        // list, set, map (null otherwise)
  std::vector<TypeAttr> attrs;  // object: sorted by name
  std::vector<Type> elems;      // tuple

  // Type JSON (go-cty MarshalJSON), built on first use and published once
  // with compare_exchange; owned by the node. Static nodes never use it.
  mutable std::atomic<const std::string*> json{nullptr};

  TypeNode() = default;
  constexpr TypeNode(TypeKind k, size_t h, bool dyn) noexcept
      : refs(1), immortal(true), kind(k), has_dynamic(dyn), hash(h) {}
  TypeNode(const TypeNode&) = delete;
  TypeNode& operator=(const TypeNode&) = delete;
};

// Reference helpers (no traffic on immortal nodes).
inline void type_node_ref(const TypeNode* n) noexcept {
  if (n != nullptr && !n->immortal) n->refs.fetch_add(1, std::memory_order_relaxed);
}
void type_node_unref(const TypeNode* n) noexcept;

}  // namespace dynval
