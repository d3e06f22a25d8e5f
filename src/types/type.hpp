// dynval::Type: an immutable cty type (docs/wire-format.md#types).
//
// A Type is a handle (one pointer) to an immutable, refcounted node. The
// primitive types and dynamic are static, immortal nodes (no atomic traffic).
// Every node carries its structural hash, so equality is: same pointer ->
// equal; different hash -> unequal; else a structural compare. Handles are
// safe to copy, compare and destroy from any thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dynval {

enum class TypeKind : uint8_t {
  Bool = 1,
  Number = 2,
  String = 3,
  List = 4,
  Set = 5,
  Map = 6,
  Object = 7,
  Tuple = 8,
  Dynamic = 9,
};

class Type;

struct TypeNode;  // the node behind a handle, defined below

struct TypeAttr;  // one object attribute, defined after Type
class TypeJsonKeys;  // an object type's attribute names as JSON keys, ditto

class Type {
 public:
  Type() noexcept;  // dynamic
  Type(const Type& o) noexcept;
  Type(Type&& o) noexcept : n_(std::exchange(o.n_, nullptr)) {}
  Type& operator=(const Type& o) noexcept;
  Type& operator=(Type&& o) noexcept;
  ~Type();

  static Type boolean() noexcept;
  static Type number() noexcept;
  static Type string() noexcept;
  static Type dynamic() noexcept;
  static Type list(const Type& elem);
  static Type set(const Type& elem);
  static Type map(const Type& elem);
  // Attribute names are NFC-normalised and sorted bytewise. A duplicate name
  // (after NFC) throws Error(Status::InvalidArg).
  struct AttrSpec;  // {name, type, optional}; defined after the class
  static Type object(std::vector<AttrSpec> attrs);
  static Type tuple(std::vector<Type> elems);
  static Type empty_object();
  static Type empty_tuple();

  TypeKind kind() const noexcept;
  bool is_primitive() const noexcept;   // bool, number, string
  bool is_collection() const noexcept;  // list, set, map
  bool is_dynamic() const noexcept;
  // True if this type is dynamic or contains dynamic anywhere (HasDynamicTypes).
  bool has_dynamic() const noexcept;
  // True if any object attribute anywhere carries the optional marker.
  bool has_optional() const noexcept;

  // The child types below (element, attr_type, tuple_elem) are references
  // into this type's node, valid while any handle to this type lives: no
  // reference is taken, so the codecs' walks cost no counting. Copy one into
  // a Type to keep it longer (never bind it from a temporary Type).

  // list/set/map element type.
  const Type& element() const;
  // object attributes, sorted bytewise by name.
  size_t attr_count() const noexcept;
  // All attributes (name, type node, optional) in sorted order; empty for a
  // type that is not an object. For loops that would call attr_name(i).
  std::span<const TypeAttr> attrs() const noexcept;
  std::string_view attr_name(size_t i) const;
  const Type& attr_type(size_t i) const;
  // True when attribute i's type is exactly the node of `t` (no reference
  // taken: a pointer compare for hot loops; equal types in different nodes
  // answer false). Same preconditions as attr_type.
  bool attr_type_is(size_t i, const Type& t) const;
  bool attr_optional(size_t i) const;
  // Binary search by name; returns SIZE_MAX when absent.
  size_t attr_index(std::string_view name) const noexcept;
  // The attributes' JSON keys (TypeJsonKeys); empty for a type that is not
  // an object. Safe from any thread; the first call builds them.
  const TypeJsonKeys& attr_json_keys() const;
  // tuple element types.
  size_t tuple_size() const noexcept;
  const Type& tuple_elem(size_t i) const;

  // go-cty Type.TestConformance(want) == nil (cty/type_conform.go): equal
  // to `want` except that `want` may have dynamic where this type has
  // anything (object attributes by name; optional markers ignored below
  // the top). The one conformance rule of the library: value constructors
  // and the encoders use it.
  bool conforms_to(const Type& want) const;

  // Same type with every optional marker removed (the type of values).
  Type without_optional() const;

  size_t hash() const noexcept;
  friend bool operator==(const Type& a, const Type& b) noexcept;
  friend bool operator!=(const Type& a, const Type& b) noexcept { return !(a == b); }

  // go-cty Type.MarshalJSON (docs/gocty-behaviour.md#type-json): compact, sorted, HTML-escaped,
  // third element for optional attributes.
  std::string to_json() const;
  void append_json(std::string& out) const;
  // go-cty Type.UnmarshalJSON, error for error: throws Error(Status::Parse)
  // with go-cty's message (its own texts such as "invalid primitive type name
  // \"x\"", or Go encoding/json's, e.g. "invalid character 'x' after array
  // element", "unexpected EOF", "EOF") and the byte offset. Whitespace is
  // allowed. Like go-cty, data after a complete description is an error
  // unless it starts with ']' or '}' (Decoder.More). An optional name that is
  // not an attribute is an error (go-cty panics). Duplicate attribute keys:
  // the last wins. Nesting deeper than max_depth brackets throws
  // Status::Limit; parsing recurses once per level, so max_depth is capped
  // at kMaxJsonDepth whatever the caller asks.
  static constexpr size_t kMaxJsonDepth = 4096;
  static Type from_json(std::string_view json, size_t max_depth = 1000);

  // go-cty cty/json ImpliedType: the type JSON text implies (strings,
  // numbers and bools their primitive types, null dynamic, objects object
  // types, arrays tuple types). Throws Error(Status::Parse) with go-cty's
  // message (Go encoding/json's Decoder.Token errors such as "invalid
  // character 'x' looking for beginning of value", "EOF", "unexpected EOF";
  // "extraneous data after JSON object"; "duplicate \"k\" property in JSON
  // object" for a repeated key of another type) and the byte offset.
  // Nesting deeper than max_depth (capped at kMaxJsonDepth) is
  // Status::Limit.
  static Type implied_from_json(std::string_view json, size_t max_depth = 1000);

  // cty FriendlyName-like text for messages: "string", "list of number",
  // "object", "tuple", "dynamic".
  std::string friendly_name() const;

  const TypeNode* node() const noexcept { return n_; }
  static Type from_node(const TypeNode* n) noexcept;  // adds a reference

 private:
  friend struct TypeNode;
  friend void type_node_unref(const TypeNode* n) noexcept;
  const TypeJsonKeys& build_attr_json_keys() const;
  // Adopts a reference the caller already holds (nullptr: a moved-from handle).
  constexpr explicit Type(const TypeNode* n) noexcept : n_(n) {}
  const TypeNode* n_;
};

// One object attribute; attributes are kept sorted bytewise by name (after NFC).
struct TypeAttr {
  std::string name;
  Type type;      // held by the object node
  bool optional;  // optional-attribute marker (type constraints only)
};

// An object type's attribute names as JSON object keys, in attribute order:
// each quoted and escaped as go-cty writes it (text::append_json_quoted)
// and followed by ':', so the JSON writers copy a key instead of escaping
// the same name for every object. Built on the first JSON write of the type
// and kept in its node (Type::attr_json_keys).
class TypeJsonKeys {
 public:
  std::string_view operator[](size_t i) const noexcept {
    const size_t begin = i == 0 ? 0 : ends_[i - 1];
    return std::string_view(text_.data() + begin, ends_[i] - begin);
  }

 private:
  friend class Type;
  std::string text_;          // every key, one after the other
  std::vector<size_t> ends_;  // where key i ends in text_
};

// The node behind a Type handle. It is defined in this header only so that
// the hottest accessors (kind, has_dynamic, attrs, copying and destroying a
// handle) inline into the codecs' walks; only src/types/*.cpp build nodes.
// A node is immutable after construction except for two thread-safe
// details: its reference count and its lazily built type-JSON cache.
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

  // Type JSON (go-cty MarshalJSON) and the attributes' JSON keys, each
  // built on first use and published once with compare_exchange; owned by
  // the node. Static nodes never use them.
  mutable std::atomic<const std::string*> json{nullptr};
  mutable std::atomic<const TypeJsonKeys*> json_keys{nullptr};

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

// A moved-from handle (nullptr) behaves as dynamic.
inline Type::Type(const Type& o) noexcept : n_(o.n_) { type_node_ref(n_); }
inline Type::~Type() {
  if (n_ != nullptr && !n_->immortal) type_node_unref(n_);
}
inline TypeKind Type::kind() const noexcept { return n_ != nullptr ? n_->kind : TypeKind::Dynamic; }
inline bool Type::is_primitive() const noexcept {
  const TypeKind k = kind();
  return k == TypeKind::Bool || k == TypeKind::Number || k == TypeKind::String;
}
inline bool Type::is_collection() const noexcept {
  const TypeKind k = kind();
  return k == TypeKind::List || k == TypeKind::Set || k == TypeKind::Map;
}
inline bool Type::is_dynamic() const noexcept { return kind() == TypeKind::Dynamic; }
inline bool Type::has_dynamic() const noexcept { return n_ == nullptr || n_->has_dynamic; }
inline bool Type::has_optional() const noexcept { return n_ != nullptr && n_->has_optional; }
inline size_t Type::attr_count() const noexcept { return n_ != nullptr ? n_->attrs.size() : 0; }
inline std::span<const TypeAttr> Type::attrs() const noexcept {
  if (n_ == nullptr) return {};
  return std::span<const TypeAttr>(n_->attrs.data(), n_->attrs.size());
}
inline const TypeJsonKeys& Type::attr_json_keys() const {
  if (n_ != nullptr) {
    if (const TypeJsonKeys* k = n_->json_keys.load(std::memory_order_acquire)) return *k;
  }
  return build_attr_json_keys();
}
inline size_t Type::tuple_size() const noexcept { return n_ != nullptr ? n_->elems.size() : 0; }

// One attribute given to Type::object (defined here because it holds a Type).
struct Type::AttrSpec {
  std::string name;
  Type type;
  bool optional = false;
};

// Go encoding/json's scanner (Decoder.readValue) over the one JSON value of
// `s` that starts at index i (leading whitespace skipped): returns the index
// just past it, or throws Error(Status::Parse) with Go's message ("invalid
// character 'x' after array element", "unexpected EOF") and the offset in
// `s`, or Status::Limit past max_depth (at most Type::kMaxJsonDepth). The
// syntax check of type JSON, shared with the JSON decoder for the values it
// skips.
size_t json_scan_value(std::string_view s, size_t i, size_t max_depth);
// The whole of `s` as one JSON document (json.Valid): the value, then only
// whitespace ("invalid character 'x' after top-level value").
void json_check_document(std::string_view s, size_t max_depth);

}  // namespace dynval

template <>
struct std::hash<dynval::Type> {
  size_t operator()(const dynval::Type& t) const noexcept { return t.hash(); }
};
