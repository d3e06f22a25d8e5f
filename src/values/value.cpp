// dynval::Value: representation, lifetime, constructors and observers.
//
// Mirrors go-cty's value_init.go (BoolVal, NumberVal, StringVal, ListVal,
// MapVal, ObjectVal, TupleVal, NullVal, UnknownVal) with the type checks
// turned from panics into Error(Status::TypeMismatch).
#include <algorithm>
#include <cstring>
#include <new>
#include <numeric>

#include "support/error.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"
#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {

using values_detail::CollRep;
using values_detail::RefRep;
using values_detail::StrRep;

// ---------------------------------------------------------------------------
// Heap blocks

namespace values_detail {

StrRep* StrRep::make(std::string_view s) {
  BlockArena* arena;
  void* mem = alloc_block(sizeof(StrRep) + s.size() + 1, arena);
  auto* r = new (mem) StrRep();
  r->arena = arena;
  r->len = s.size();
  if (!s.empty()) std::memcpy(r->data(), s.data(), s.size());
  r->data()[s.size()] = '\0';
  return r;
}

void StrRep::destroy(const StrRep* r) noexcept {
  auto* m = const_cast<StrRep*>(r);
  BlockArena* arena = m->arena;
  m->~StrRep();
  free_block(m, arena);
}

CollRep* CollRep::allocate(size_t n, Trailer t, size_t key_total) {
  if (n > UINT32_MAX) throw limits::collection_size(n, UINT32_MAX);
  size_t size = sizeof(CollRep) + n * sizeof(Value);
  if (t == kMapKeys) size += (n + 1) * sizeof(uint64_t) + key_total;
  if (t == kSetSummary) size += sizeof(SetSummary);
  BlockArena* arena;
  void* mem = alloc_block(size, arena);
  auto* r = new (mem) CollRep();
  r->arena = arena;
  r->count = static_cast<uint32_t>(n);
  r->trailer = t;
  return r;
}

void CollRep::destroy(const CollRep* r) noexcept {
  auto* m = const_cast<CollRep*>(r);
  Value* v = m->values();
  for (size_t i = 0; i < m->count; ++i) v[i].~Value();
  BlockArena* arena = m->arena;
  m->~CollRep();
  free_block(m, arena);
}

const Refinements& no_refinements() noexcept {
  static const Refinements empty{};
  return empty;
}

uint16_t depth_of_children(size_t deepest) {
  if (deepest + 1 > limits::kMaxSupportedDepth) throw limits::value_depth(limits::kMaxSupportedDepth);
  return static_cast<uint16_t>(deepest + 1);
}

uint16_t collection_depth(std::span<const Value> elems) {
  size_t deepest = 0;
  for (const Value& v : elems) {
    if (const CollRep* c = ValueAccess::coll(v)) deepest = std::max<size_t>(deepest, c->depth);
  }
  return depth_of_children(deepest);
}

Value build_collection(Type t, std::span<Value> elems) {
  const uint16_t depth = collection_depth(elems);
  CollRep* rep = CollRep::allocate(elems.size(), CollRep::kNone, 0);
  rep->depth = depth;
  Value* out = rep->values();
  bool unk = false;
  for (size_t i = 0; i < elems.size(); ++i) {
    unk |= !elems[i].is_wholly_known();
    new (&out[i]) Value(std::move(elems[i]));
  }
  rep->has_unknown = unk;
  return ValueAccess::make_coll(std::move(t), rep);
}

Value build_collection(Type t, std::vector<Value>&& elems) {
  return build_collection(std::move(t), std::span<Value>(elems));
}

bool all_of_type(std::span<const Value> elems, const Type& t) noexcept {
  for (const Value& v : elems) {
    if (!(v.type() == t)) return false;
  }
  return true;
}

namespace {

// The attribute array of an object type whose node is in cache (the lines
// of its first eight attributes; the names are inline in it unless long).
void type_prefetch_children(const Type& t) {
  const std::span<const TypeAttr> a = t.attrs();
  if (a.empty()) return;
  const char* p = reinterpret_cast<const char*>(a.data());
  const char* end = reinterpret_cast<const char*>(a.data() + std::min<size_t>(a.size(), 8));
  for (; p < end; p += 64) __builtin_prefetch(p);
  __builtin_prefetch(end - 1);
}

}  // namespace

Type resolve_element_type(const Type& elem, std::vector<Value*>& elems, const char* what) {
  // go-cty ListVal/SetVal/MapVal: the first non-dynamic element type wins and
  // every other non-dynamic element must match it exactly.
  const Type* found = nullptr;
  // The elements' type nodes usually lie scattered over the heap, one per
  // element (values built one by one do not share types): prefetch the
  // node a few elements ahead, then its attribute array, which operator==
  // reads when the nodes differ.
  constexpr size_t kAhead = 8;
  const size_t n = elems.size();
  bool any_dynamic = false;
  for (size_t i = 0; i < n; ++i) {
    if (i + 2 * kAhead < n) __builtin_prefetch(elems[i + 2 * kAhead]->type().node());
    if (i + kAhead < n) type_prefetch_children(elems[i + kAhead]->type());
    Value* v = elems[i];
    const Type& vt = v->type();
    if (vt.is_dynamic()) {
      any_dynamic = true;
      continue;
    }
    if (found == nullptr) {
      found = &vt;
    } else if (!(vt == *found)) {
      inconsistent_element_types(*found, vt, what);
    }
  }
  Type t = element_type_of(elem, found, what);
  if (any_dynamic && !t.is_dynamic()) {  // a second pass over the type nodes only when needed
    for (Value* v : elems) {
      // Only null and unknown values can have the dynamic type.
      if (v->type().is_dynamic()) ValueAccess::set_type(*v, t);
    }
  }
  return t;
}

void inconsistent_element_types(const Type& found, const Type& then, const char* what) {
  throw Error(Status::TypeMismatch, std::string("inconsistent ") + what + " element types (" +
                                        found.friendly_name() + " then " + then.friendly_name() + ")");
}

Type element_type_of(const Type& elem, const Type* found, const char* what) {
  Type t = elem.has_optional() ? elem.without_optional() : elem;
  if (found != nullptr) {
    if (!(*found == t)) {
      if (!t.has_dynamic() || !found->conforms_to(t)) {
        throw Error(Status::TypeMismatch, std::string(what) + " element type " +
                                              found->friendly_name() + " does not match " +
                                              t.friendly_name());
      }
      t = *found;
    }
  }
  return t;
}

}  // namespace values_detail

Value ValueAccess::make_refined(Type t, Refinements r) {
  auto* rep = new RefRep();
  rep->r = std::move(r);
  Value v;
  v.type_ = std::move(t);
  v.state_ = Value::State::Unknown;
  v.tag_ = Tag::Refined;
  v.u_.ref = rep;
  return v;
}

// ---------------------------------------------------------------------------
// Lifetime

Value::Value() noexcept {}

void Value::release() noexcept {
  switch (tag_) {
    case Tag::Num:
      u_.num.~Number();
      break;
    case Tag::Str:
      if (u_.str->release()) StrRep::destroy(u_.str);
      break;
    case Tag::Coll:
      if (u_.coll->release()) CollRep::destroy(u_.coll);
      break;
    case Tag::Refined:
      if (u_.ref->release()) RefRep::destroy(u_.ref);
      break;
    default:
      break;
  }
  tag_ = Tag::None;
}

void Value::copy_payload(const Value& o) noexcept {
  switch (o.tag_) {
    case Tag::None:
      break;
    case Tag::Bool:
      u_.b = o.u_.b;
      break;
    case Tag::Num:
      new (&u_.num) Number(o.u_.num);
      break;
    case Tag::SmallStr:
      std::memcpy(u_.small, o.u_.small, sizeof(u_.small));
      break;
    case Tag::Str:
      o.u_.str->retain();
      u_.str = o.u_.str;
      break;
    case Tag::Coll:
      o.u_.coll->retain();
      u_.coll = o.u_.coll;
      break;
    case Tag::Refined:
      o.u_.ref->retain();
      u_.ref = o.u_.ref;
      break;
  }
  tag_ = o.tag_;
  state_ = o.state_;
  small_len_ = o.small_len_;
}

void Value::steal_payload(Value& o) noexcept {
  switch (o.tag_) {
    case Tag::Num:
      new (&u_.num) Number(std::move(o.u_.num));
      o.u_.num.~Number();
      break;
    case Tag::SmallStr:
      std::memcpy(u_.small, o.u_.small, sizeof(u_.small));
      break;
    case Tag::Bool:
      u_.b = o.u_.b;
      break;
    case Tag::Str:
      u_.str = o.u_.str;
      break;
    case Tag::Coll:
      u_.coll = o.u_.coll;
      break;
    case Tag::Refined:
      u_.ref = o.u_.ref;
      break;
    case Tag::None:
      break;
  }
  tag_ = o.tag_;
  state_ = o.state_;
  small_len_ = o.small_len_;
  o.tag_ = Tag::None;
  o.state_ = State::Null;
  o.small_len_ = 0;
}

Value::Value(const Value& o) noexcept : type_(o.type_) { copy_payload(o); }

Value::Value(Value&& o) noexcept : type_(std::move(o.type_)) {
  o.type_ = Type();
  steal_payload(o);
}

Value& Value::operator=(const Value& o) noexcept {
  if (this != &o) {
    Value tmp(o);
    *this = std::move(tmp);
  }
  return *this;
}

Value& Value::operator=(Value&& o) noexcept {
  if (this != &o) {
    release();
    type_ = std::move(o.type_);
    o.type_ = Type();
    steal_payload(o);
  }
  return *this;
}

Value::~Value() { release(); }

// ---------------------------------------------------------------------------
// Constructors

namespace {

Type plain(const Type& t) { return t.has_optional() ? t.without_optional() : t; }

}  // namespace

Value Value::null(const Type& t) {
  Value v;
  v.type_ = plain(t);
  v.state_ = State::Null;
  return v;
}

Value Value::unknown(const Type& t) {
  Value v;
  v.type_ = plain(t);
  v.state_ = State::Unknown;
  return v;
}

Value Value::boolean(bool b) noexcept {
  Value v;
  v.type_ = Type::boolean();
  v.state_ = State::Known;
  v.tag_ = Tag::Bool;
  v.u_.b = b;
  return v;
}

Value Value::number(Number n) noexcept {
  Value v;
  v.type_ = Type::number();
  v.state_ = State::Known;
  new (&v.u_.num) Number(std::move(n));
  v.tag_ = Tag::Num;
  return v;
}

Value Value::string(std::string_view s) {
  if (text::is_ascii(s) || text::is_nfc(s)) return string_nfc(s);
  std::string n = text::to_nfc(s);
  return string_nfc(n);
}

Value Value::string_nfc(std::string_view s) {
  Value v;
  v.type_ = Type::string();
  v.state_ = State::Known;
  if (s.size() <= sizeof(v.u_.small)) {
    std::memset(v.u_.small, 0, sizeof(v.u_.small));
    if (!s.empty()) std::memcpy(v.u_.small, s.data(), s.size());
    v.small_len_ = static_cast<uint8_t>(s.size());
    v.tag_ = Tag::SmallStr;
  } else {
    v.u_.str = StrRep::make(s);
    v.tag_ = Tag::Str;
  }
  return v;
}

Value Value::list(const Type& elem, std::vector<Value> elems) {
  std::vector<Value*> ptrs;
  ptrs.reserve(elems.size());
  for (Value& e : elems) ptrs.push_back(&e);
  Type et = values_detail::resolve_element_type(elem, ptrs, "list");
  return values_detail::build_collection(Type::list(et), std::move(elems));
}

namespace {

void nfc_keys(std::vector<std::pair<std::string, Value>>& entries) {
  for (auto& e : entries) {
    if (!text::is_ascii(e.first) && !text::is_nfc(e.first)) e.first = text::to_nfc(e.first);
  }
}

// A known map of type `mt` from NFC-keyed entries whose values have its
// element type: sorted bytewise, the last of duplicate keys wins.
Value build_map(Type mt, std::vector<std::pair<std::string, Value>>& entries) {
  // Bytewise order; for duplicate keys (after NFC) the last one wins, as a
  // Go map assignment would.
  std::vector<size_t> idx(entries.size());
  std::iota(idx.begin(), idx.end(), size_t{0});
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    return std::string_view(entries[a].first) < std::string_view(entries[b].first);
  });
  std::vector<size_t> keep;
  keep.reserve(idx.size());
  size_t key_total = 0;
  for (size_t i = 0; i < idx.size(); ++i) {
    if (i + 1 < idx.size() && entries[idx[i]].first == entries[idx[i + 1]].first) continue;
    keep.push_back(idx[i]);
    key_total += entries[idx[i]].first.size();
  }

  size_t deepest = 0;
  for (size_t i : keep) {
    if (const CollRep* c = ValueAccess::coll(entries[i].second)) deepest = std::max<size_t>(deepest, c->depth);
  }
  const uint16_t depth = values_detail::depth_of_children(deepest);
  CollRep* rep = CollRep::allocate(keep.size(), CollRep::kMapKeys, key_total);
  rep->depth = depth;
  Value* out = rep->values();
  uint64_t* off = rep->key_offsets();
  char* kb = rep->key_bytes();
  uint64_t pos = 0;
  bool unk = false;
  for (size_t i = 0; i < keep.size(); ++i) {
    auto& e = entries[keep[i]];
    unk |= !e.second.is_wholly_known();
    new (&out[i]) Value(std::move(e.second));
    off[i] = pos;
    if (!e.first.empty()) std::memcpy(kb + pos, e.first.data(), e.first.size());
    pos += e.first.size();
  }
  off[keep.size()] = pos;
  rep->has_unknown = unk;
  return ValueAccess::make_coll(std::move(mt), rep);
}

}  // namespace

Value Value::list_of(const Type& t, std::span<Value> elems) {
  if (t.kind() == TypeKind::List && !t.has_optional()) {
    if (values_detail::all_of_type(elems, t.element())) return values_detail::build_collection(t, elems);
  }
  return list(t.element(), std::vector<Value>(std::make_move_iterator(elems.begin()),
                                             std::make_move_iterator(elems.end())));
}

Value Value::set_of(const Type& t, std::span<Value> elems) {
  if (t.kind() == TypeKind::Set && !t.has_optional()) {
    if (values_detail::all_of_type(elems, t.element())) return values_detail::build_set(t, elems);
  }
  return set(t.element(), std::vector<Value>(std::make_move_iterator(elems.begin()),
                                            std::make_move_iterator(elems.end())));
}

Value Value::tuple_of(const Type& t, std::span<Value> elems) {
  if (t.kind() == TypeKind::Tuple && !t.has_optional() && t.tuple_size() == elems.size()) {
    bool exact = true;
    for (size_t i = 0; i < elems.size() && exact; ++i) exact = elems[i].type() == t.tuple_elem(i);
    if (exact) return values_detail::build_collection(t, elems);
  }
  return tuple(std::vector<Value>(std::make_move_iterator(elems.begin()),
                                  std::make_move_iterator(elems.end())));
}

Value Value::map_of(const Type& t, std::vector<std::pair<std::string, Value>> entries) {
  // The map constructor sorts and dedupes keys; only the type is saved here.
  if (t.kind() == TypeKind::Map && !t.has_optional()) {
    const Type et = t.element();
    bool exact = true;
    for (const auto& e : entries) {
      if (!(e.second.type() == et)) {
        exact = false;
        break;
      }
    }
    if (exact) {
      nfc_keys(entries);
      return build_map(t, entries);
    }
  }
  return map(t.element(), std::move(entries));
}

Value Value::map(const Type& elem, std::vector<std::pair<std::string, Value>> entries) {
  nfc_keys(entries);
  std::vector<Value*> ptrs;
  ptrs.reserve(entries.size());
  for (auto& e : entries) ptrs.push_back(&e.second);
  Type et = values_detail::resolve_element_type(elem, ptrs, "map");
  return build_map(Type::map(et), entries);
}

Value Value::object(std::vector<std::pair<std::string, Value>> attrs) {
  for (auto& a : attrs) {
    if (!text::is_ascii(a.first) && !text::is_nfc(a.first)) a.first = text::to_nfc(a.first);
  }
  std::vector<size_t> idx(attrs.size());
  std::iota(idx.begin(), idx.end(), size_t{0});
  std::sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    return std::string_view(attrs[a].first) < std::string_view(attrs[b].first);
  });
  std::vector<Type::AttrSpec> specs;
  specs.reserve(attrs.size());
  std::vector<Value> vals;
  vals.reserve(attrs.size());
  for (size_t i = 0; i < idx.size(); ++i) {
    auto& a = attrs[idx[i]];
    if (i > 0 && a.first == attrs[idx[i - 1]].first) {
      throw Error(Status::InvalidArg, "duplicate object attribute " + text::go_quoted(a.first));
    }
    specs.push_back(Type::AttrSpec{a.first, a.second.type(), false});
  }
  Type t = Type::object(std::move(specs));
  for (size_t i : idx) vals.push_back(std::move(attrs[i].second));
  return values_detail::build_collection(std::move(t), std::move(vals));
}

Value Value::object_typed(const Type& t_in, std::vector<Value> attrs_in_order) {
  return object_of(t_in, std::span<Value>(attrs_in_order));
}

Value Value::object_of(const Type& t_in, std::span<Value> attrs_in_order) {
  if (t_in.kind() != TypeKind::Object) {
    throw Error(Status::TypeMismatch, "object_typed needs an object type, got " + t_in.friendly_name());
  }
  if (!t_in.has_optional() && attrs_in_order.size() == t_in.attr_count()) {
    // Decoders: every value has exactly its attribute's type node.
    bool exact = true;
    for (size_t i = 0; i < attrs_in_order.size() && exact; ++i) {
      exact = t_in.attr_type_is(i, attrs_in_order[i].type());
    }
    if (exact) return values_detail::build_collection(t_in, attrs_in_order);
  }
  Type t = plain(t_in);
  size_t n = t.attr_count();
  if (attrs_in_order.size() != n) {
    throw Error(Status::TypeMismatch, "object type has " + std::to_string(n) + " attributes, " +
                                          std::to_string(attrs_in_order.size()) + " values given");
  }
  bool rebuild = false;
  for (size_t i = 0; i < n; ++i) {
    Type at = t.attr_type(i);
    const Type& vt = attrs_in_order[i].type();
    if (vt == at) continue;
    if (at.has_dynamic() && vt.conforms_to(at)) {
      rebuild = true;
      continue;
    }
    throw Error(Status::TypeMismatch,
                "attribute " + text::go_quoted(t.attr_name(i)) + ": " + vt.friendly_name() +
                    " value given for " + at.friendly_name(),
                Path{PathStep::attr(t.attr_name(i))});
  }
  if (rebuild) {
    std::vector<Type::AttrSpec> specs;
    specs.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      specs.push_back(Type::AttrSpec{std::string(t.attr_name(i)), attrs_in_order[i].type(), false});
    }
    t = Type::object(std::move(specs));
  }
  return values_detail::build_collection(std::move(t), attrs_in_order);
}

Value Value::tuple(std::vector<Value> elems) {
  std::vector<Type> types;
  types.reserve(elems.size());
  for (const Value& e : elems) types.push_back(e.type());
  return values_detail::build_collection(Type::tuple(std::move(types)), std::move(elems));
}

Value Value::empty_object() {
  // Never in a document arena: the static would keep the arena alive.
  static const Value v = [] {
    Value::ArenaScope::Suspend heap;
    return values_detail::build_collection(Type::empty_object(), std::span<Value>());
  }();
  return v;
}

Value Value::empty_tuple() {
  static const Value v = [] {
    Value::ArenaScope::Suspend heap;
    return values_detail::build_collection(Type::empty_tuple(), std::span<Value>());
  }();
  return v;
}

// ---------------------------------------------------------------------------
// Observers


bool Value::is_wholly_known() const noexcept {
  if (state_ == State::Unknown) return false;
  if (tag_ == Tag::Coll) return !u_.coll->has_unknown;
  return true;
}

namespace {

[[noreturn]] void fail_access(const Value& v, const char* want) {
  if (v.state() == Value::State::Unknown) {
    throw Error(Status::UnknownValue, std::string("value is unknown; ") + want + " needs a known value");
  }
  if (v.state() == Value::State::Null) {
    throw Error(Status::TypeMismatch, std::string("value is null; ") + want + " needs a non-null value");
  }
  throw Error(Status::TypeMismatch,
              std::string(want) + " is not available for a value of type " + v.type().friendly_name());
}

}  // namespace

bool Value::as_bool() const {
  if (tag_ != Tag::Bool) fail_access(*this, "as_bool");
  return u_.b;
}

const Number& Value::as_number() const {
  if (tag_ != Tag::Num) fail_access(*this, "as_number");
  return u_.num;
}

std::string_view Value::as_string() const {
  if (tag_ == Tag::SmallStr) return std::string_view(u_.small, small_len_);
  if (tag_ == Tag::Str) return std::string_view(u_.str->data(), u_.str->len);
  fail_access(*this, "as_string");
}

size_t Value::length() const {
  if (tag_ != Tag::Coll) fail_access(*this, "length");
  return u_.coll->count;
}

std::span<const Value> Value::elements() const {
  if (tag_ != Tag::Coll) fail_access(*this, "elements");
  return std::span<const Value>(u_.coll->values(), u_.coll->count);
}

const Value& Value::at(size_t i) const {
  if (tag_ != Tag::Coll) fail_access(*this, "at");
  if (i >= u_.coll->count) {
    throw Error(Status::OutOfRange, "index " + std::to_string(i) + " out of range (length " +
                                        std::to_string(u_.coll->count) + ")");
  }
  return u_.coll->values()[i];
}

std::string_view Value::key_at(size_t i) const {
  if (tag_ != Tag::Coll || !u_.coll->has_keys()) fail_access(*this, "key_at");
  if (i >= u_.coll->count) {
    throw Error(Status::OutOfRange, "index " + std::to_string(i) + " out of range (length " +
                                        std::to_string(u_.coll->count) + ")");
  }
  return u_.coll->key(i);
}

const Value* Value::get(std::string_view name) const {
  if (tag_ != Tag::Coll) return nullptr;
  const CollRep* c = u_.coll;
  std::string norm;
  if (!text::is_ascii(name) && !text::is_nfc(name)) {
    norm = text::to_nfc(name);
    name = norm;
  }
  if (c->has_keys()) {
    size_t lo = 0, hi = c->count;
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      std::string_view k = c->key(mid);
      if (k < name) {
        lo = mid + 1;
      } else if (name < k) {
        hi = mid;
      } else {
        return &c->values()[mid];
      }
    }
    return nullptr;
  }
  if (type_.kind() == TypeKind::Object) {
    size_t i = type_.attr_index(name);
    if (i == SIZE_MAX || i >= c->count) return nullptr;
    return &c->values()[i];
  }
  return nullptr;
}

const Refinements& Value::refinements() const noexcept {
  if (tag_ == Tag::Refined) return u_.ref->r;
  return values_detail::no_refinements();
}

}  // namespace dynval
