// dynval::Type: construction, reference counting, equality, hashing,
// accessors and friendly names. Type JSON lives in type_json.cpp.
#include "types/type.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>

#include "support/error.hpp"
#include "support/hash.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"

namespace dynval {

namespace {

// ---- hashing ---------------------------------------------------------------
// The structural hash only has to be stable within one process (it is never
// written anywhere), so any good mixer does: splitmix64's finaliser combined
// boost-style, FNV-1a for names.

constexpr uint64_t fmix(uint64_t x) noexcept { return mix64(x); }

constexpr uint64_t combine(uint64_t h, uint64_t v) noexcept {
  return fmix(h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)));
}

uint64_t hash_bytes(std::string_view s) noexcept {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

constexpr uint64_t kind_seed(TypeKind k) noexcept { return fmix(0x7479706500000000ULL + uint64_t(k)); }

// ---- static, immortal nodes ------------------------------------------------

constinit TypeNode g_bool(TypeKind::Bool, kind_seed(TypeKind::Bool), false);
constinit TypeNode g_number(TypeKind::Number, kind_seed(TypeKind::Number), false);
constinit TypeNode g_string(TypeKind::String, kind_seed(TypeKind::String), false);
constinit TypeNode g_dynamic(TypeKind::Dynamic, kind_seed(TypeKind::Dynamic), true);
// The empty object and tuple hash exactly as a freshly built one would (see
// make_object / make_tuple: seed combined with the count 0).
constinit TypeNode g_empty_object(TypeKind::Object, combine(kind_seed(TypeKind::Object), 0), false);
constinit TypeNode g_empty_tuple(TypeKind::Tuple, combine(kind_seed(TypeKind::Tuple), 0), false);

// A moved-from handle holds nullptr; it behaves as dynamic.
inline const TypeNode* nn(const TypeNode* n) noexcept { return n != nullptr ? n : &g_dynamic; }

}  // namespace

// ---- reference counting ----------------------------------------------------

// Releases one reference. Destruction is iterative (a worklist) so that a very
// deeply nested type cannot overflow the stack when its last handle goes away.
void type_node_unref(const TypeNode* n) noexcept {
  if (n == nullptr || n->immortal) return;
  if (n->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  std::vector<const TypeNode*> work;
  const TypeNode* cur = n;
  for (;;) {
    // The node is being destroyed: its child handles are emptied here, so
    // that their destructors (run by `delete cur`) release nothing and the
    // release of each child happens in this loop instead of recursively.
    auto drop = [&work](const Type& held) {
      const TypeNode* c = std::exchange(const_cast<Type&>(held).n_, nullptr);
      if (c == nullptr || c->immortal) return;
      if (c->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) work.push_back(c);
    };
    drop(cur->elem);
    for (const TypeAttr& a : cur->attrs) drop(a.type);
    for (const Type& e : cur->elems) drop(e);
    delete cur->json.load(std::memory_order_acquire);
    delete cur->json_keys.load(std::memory_order_acquire);
    delete cur;
    if (work.empty()) break;
    cur = work.back();
    work.pop_back();
  }
}

// ---- handle basics ---------------------------------------------------------

Type::Type() noexcept : n_(&g_dynamic) {}
Type& Type::operator=(const Type& o) noexcept {
  if (n_ != o.n_) {
    type_node_ref(o.n_);
    type_node_unref(std::exchange(n_, o.n_));
  }
  return *this;
}
Type& Type::operator=(Type&& o) noexcept {
  if (this != &o) type_node_unref(std::exchange(n_, std::exchange(o.n_, nullptr)));
  return *this;
}

Type Type::from_node(const TypeNode* n) noexcept {
  type_node_ref(n);
  return Type(n);
}

Type Type::boolean() noexcept { return Type(&g_bool); }
Type Type::number() noexcept { return Type(&g_number); }
Type Type::string() noexcept { return Type(&g_string); }
Type Type::dynamic() noexcept { return Type(&g_dynamic); }
Type Type::empty_object() { return Type(&g_empty_object); }
Type Type::empty_tuple() { return Type(&g_empty_tuple); }

namespace {

// Wraps a freshly allocated node (reference count 1 after this call).
Type adopt(TypeNode* n) noexcept {
  n->refs.store(0, std::memory_order_relaxed);
  return Type::from_node(n);
}

// A handle a parent node holds: a new reference to t's node (to dynamic for a
// moved-from handle).
Type held(const Type& t) noexcept { return Type::from_node(nn(t.node())); }

}  // namespace

// The depth of a node whose deepest child has depth `child`: refused past
// limits::kMaxTypeDepth, so that no walk of a type recurses without bound
// (the type JSON parser stops at the same depth).
static_assert(Type::kMaxJsonDepth == limits::kMaxTypeDepth);
static uint16_t depth_above(size_t child) {
  if (child + 1 > limits::kMaxTypeDepth) throw limits::type_construction_depth(limits::kMaxTypeDepth);
  return static_cast<uint16_t>(child + 1);
}

static Type make_collection(TypeKind k, const Type& elem) {
  const uint16_t depth = depth_above(nn(elem.node())->depth);
  auto* n = new TypeNode();
  n->depth = depth;
  n->kind = k;
  n->elem = held(elem);
  const TypeNode* c = n->elem.node();
  n->has_dynamic = c->has_dynamic;
  n->has_optional = c->has_optional;
  n->hash = combine(kind_seed(k), c->hash);
  return adopt(n);
}

Type Type::list(const Type& elem) { return make_collection(TypeKind::List, elem); }
Type Type::set(const Type& elem) { return make_collection(TypeKind::Set, elem); }
Type Type::map(const Type& elem) { return make_collection(TypeKind::Map, elem); }

Type Type::object(std::vector<AttrSpec> attrs) {
  if (attrs.empty()) return empty_object();
  for (AttrSpec& a : attrs) {
    if (!text::is_nfc(a.name)) a.name = text::to_nfc(a.name);
  }
  std::sort(attrs.begin(), attrs.end(),
            [](const AttrSpec& a, const AttrSpec& b) { return a.name < b.name; });
  for (size_t i = 1; i < attrs.size(); ++i) {
    if (attrs[i].name == attrs[i - 1].name) {
      throw Error(Status::InvalidArg,
                  "duplicate object attribute name " + text::go_quoted(attrs[i].name));
    }
  }
  size_t deepest = 0;
  for (const AttrSpec& a : attrs) deepest = std::max<size_t>(deepest, nn(a.type.node())->depth);
  const uint16_t depth = depth_above(deepest);
  auto owner = std::make_unique<TypeNode>();
  owner->attrs.reserve(attrs.size());  // the only allocation that can throw
  TypeNode* n = owner.release();
  n->depth = depth;
  n->kind = TypeKind::Object;
  uint64_t h = combine(kind_seed(TypeKind::Object), attrs.size());
  for (AttrSpec& a : attrs) {
    Type child = held(a.type);
    const TypeNode* c = child.node();
    n->has_dynamic |= c->has_dynamic;
    n->has_optional |= c->has_optional || a.optional;
    h = combine(h, hash_bytes(a.name));
    h = combine(h, c->hash ^ (a.optional ? 0x5bd1e995ULL : 0));
    n->attrs.push_back(TypeAttr{std::move(a.name), std::move(child), a.optional});
  }
  n->hash = h;
  return adopt(n);
}

Type Type::tuple(std::vector<Type> elems) {
  if (elems.empty()) return empty_tuple();
  size_t deepest = 0;
  for (const Type& e : elems) deepest = std::max<size_t>(deepest, nn(e.node())->depth);
  const uint16_t depth = depth_above(deepest);
  auto owner = std::make_unique<TypeNode>();
  owner->elems.reserve(elems.size());  // the only allocation that can throw
  TypeNode* n = owner.release();
  n->depth = depth;
  n->kind = TypeKind::Tuple;
  uint64_t h = combine(kind_seed(TypeKind::Tuple), elems.size());
  for (const Type& e : elems) {
    Type child = held(e);
    const TypeNode* c = child.node();
    n->has_dynamic |= c->has_dynamic;
    n->has_optional |= c->has_optional;
    h = combine(h, c->hash);
    n->elems.push_back(std::move(child));
  }
  n->hash = h;
  return adopt(n);
}

// ---- accessors -------------------------------------------------------------




const Type& Type::element() const {
  if (!is_collection()) {
    throw Error(Status::TypeMismatch, "element type requested of " + friendly_name());
  }
  return n_->elem;
}


static const TypeAttr& attr_at(const TypeNode* n, size_t i, const Type& t) {
  if (n == nullptr || n->kind != TypeKind::Object) {
    throw Error(Status::TypeMismatch, "attribute requested of " + t.friendly_name());
  }
  if (i >= n->attrs.size()) {
    throw Error(Status::OutOfRange, "attribute index " + std::to_string(i) +
                                        " out of range for an object type with " +
                                        std::to_string(n->attrs.size()) + " attributes");
  }
  return n->attrs[i];
}

std::string_view Type::attr_name(size_t i) const { return attr_at(n_, i, *this).name; }
const Type& Type::attr_type(size_t i) const { return attr_at(n_, i, *this).type; }
bool Type::attr_type_is(size_t i, const Type& t) const { return attr_at(n_, i, *this).type.n_ == t.n_; }
bool Type::attr_optional(size_t i) const { return attr_at(n_, i, *this).optional; }

size_t Type::attr_index(std::string_view name) const noexcept {
  const auto& attrs = nn(n_)->attrs;
  auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                             [](const TypeAttr& a, std::string_view n) { return a.name < n; });
  if (it == attrs.end() || it->name != name) return SIZE_MAX;
  return size_t(it - attrs.begin());
}


const Type& Type::tuple_elem(size_t i) const {
  const TypeNode* n = nn(n_);
  if (n->kind != TypeKind::Tuple) {
    throw Error(Status::TypeMismatch, "tuple element requested of " + friendly_name());
  }
  if (i >= n->elems.size()) {
    throw Error(Status::OutOfRange, "tuple index " + std::to_string(i) +
                                        " out of range for a tuple type with " +
                                        std::to_string(n->elems.size()) + " elements");
  }
  return n->elems[i];
}

// ---- conformance -----------------------------------------------------------

bool Type::conforms_to(const Type& want) const {
  if (want.is_dynamic() || *this == want) return true;
  if (kind() != want.kind()) return false;
  switch (want.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      return element().conforms_to(want.element());
    case TypeKind::Object: {
      const size_t n = want.attr_count();
      if (attr_count() != n) return false;
      for (size_t i = 0; i < n; ++i) {
        if (attr_name(i) != want.attr_name(i)) return false;
        if (!attr_type(i).conforms_to(want.attr_type(i))) return false;
      }
      return true;
    }
    case TypeKind::Tuple: {
      const size_t n = want.tuple_size();
      if (tuple_size() != n) return false;
      for (size_t i = 0; i < n; ++i) {
        if (!tuple_elem(i).conforms_to(want.tuple_elem(i))) return false;
      }
      return true;
    }
    default:
      return false;  // different primitives
  }
}

// ---- without_optional ------------------------------------------------------

Type Type::without_optional() const {
  const TypeNode* n = nn(n_);
  if (!n->has_optional) return *this;
  switch (n->kind) {
    case TypeKind::List: return list(n->elem.without_optional());
    case TypeKind::Set: return set(n->elem.without_optional());
    case TypeKind::Map: return map(n->elem.without_optional());
    case TypeKind::Object: {
      std::vector<AttrSpec> specs;
      specs.reserve(n->attrs.size());
      for (const TypeAttr& a : n->attrs) {
        specs.push_back(AttrSpec{a.name, a.type.without_optional(), false});
      }
      return object(std::move(specs));
    }
    case TypeKind::Tuple: {
      std::vector<Type> elems;
      elems.reserve(n->elems.size());
      for (const Type& e : n->elems) elems.push_back(e.without_optional());
      return tuple(std::move(elems));
    }
    default: return *this;  // primitives and dynamic never carry markers
  }
}

// ---- equality and hash -----------------------------------------------------

size_t Type::hash() const noexcept { return nn(n_)->hash; }

// Pointer, then hash, then a structural compare (iterative, with a worklist,
// so deep types cannot overflow the stack). Mirrors go-cty's Type.Equals:
// objects compare attribute names, types and optional markers.
bool operator==(const Type& a, const Type& b) noexcept {
  const TypeNode* x = nn(a.n_);
  const TypeNode* y = nn(b.n_);
  if (x == y) return true;
  if (x->hash != y->hash) return false;
  // The worklist allocates only for structured types with equal hashes; an
  // allocation failure here terminates (operator== is noexcept).
  {
    std::vector<std::pair<const TypeNode*, const TypeNode*>> work;
    work.emplace_back(x, y);
    while (!work.empty()) {
      auto [p, q] = work.back();
      work.pop_back();
      if (p == q) continue;
      if (p->kind != q->kind || p->hash != q->hash) return false;
      switch (p->kind) {
        case TypeKind::List:
        case TypeKind::Set:
        case TypeKind::Map: work.emplace_back(p->elem.n_, q->elem.n_); break;
        case TypeKind::Object:
          if (p->attrs.size() != q->attrs.size()) return false;
          for (size_t i = 0; i < p->attrs.size(); ++i) {
            const TypeAttr& pa = p->attrs[i];
            const TypeAttr& qa = q->attrs[i];
            if (pa.optional != qa.optional || pa.name != qa.name) return false;
            work.emplace_back(pa.type.n_, qa.type.n_);
          }
          break;
        case TypeKind::Tuple:
          if (p->elems.size() != q->elems.size()) return false;
          for (size_t i = 0; i < p->elems.size(); ++i) work.emplace_back(p->elems[i].n_, q->elems[i].n_);
          break;
        default: break;  // same primitive kind or both dynamic
      }
    }
    return true;
  }
}

// ---- friendly names (cty FriendlyName) -------------------------------------

std::string Type::friendly_name() const {
  // Collections nest as "list of map of string"; built iteratively.
  std::string out;
  const TypeNode* n = nn(n_);
  for (;;) {
    switch (n->kind) {
      case TypeKind::Bool: return out + "bool";
      case TypeKind::Number: return out + "number";
      case TypeKind::String: return out + "string";
      case TypeKind::Dynamic: return out + "dynamic";
      case TypeKind::Object: return out + "object";
      case TypeKind::Tuple: return out + "tuple";
      case TypeKind::List: out += "list of "; break;
      case TypeKind::Set: out += "set of "; break;
      case TypeKind::Map: out += "map of "; break;
    }
    n = n->elem.n_;
  }
}

}  // namespace dynval
