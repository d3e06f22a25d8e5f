// capi/type.cpp: include/dynval/type.h over dynval::Type (src/types/type.hpp).
#include <vector>

#include "capi.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace {

// The static primitive types handed out by dv_type_bool() and friends. The
// core's primitive nodes are immortal, so these never need releasing.
// Function-local statics: initialized on first use, so no static
// initialization order issue with the core's own primitive nodes.
const dv_type* k_bool() {
  static const dv_type t{Type::boolean()};
  return &t;
}
const dv_type* k_number() {
  static const dv_type t{Type::number()};
  return &t;
}
const dv_type* k_string() {
  static const dv_type t{Type::string()};
  return &t;
}
const dv_type* k_dynamic() {
  static const dv_type t{Type::dynamic()};
  return &t;
}

bool is_static_type(const dv_type_t* t) noexcept {
  return t == k_bool() || t == k_number() || t == k_string() || t == k_dynamic();
}

dv_status_t new_collection(dv_type_t** out, const dv_type_t* elem, dv_error_t** err,
                           Type (*make)(const Type&)) {
  return guard(err, [&] {
    need(out, "out");
    need(elem, "elem");
    Type t = make(elem->t);
    *out = capi::own(std::move(t));
  });
}

const Type* object_type(const dv_type_t* t) noexcept {
  return t && t->t.kind() == TypeKind::Object ? &t->t : nullptr;
}

}  // namespace

extern "C" {

DV_API const dv_type_t* dv_type_bool(void) { return k_bool(); }
DV_API const dv_type_t* dv_type_number(void) { return k_number(); }
DV_API const dv_type_t* dv_type_string(void) { return k_string(); }
DV_API const dv_type_t* dv_type_dynamic(void) { return k_dynamic(); }

DV_API dv_status_t dv_type_new_list(dv_type_t** out, const dv_type_t* elem, dv_error_t** err) {
  return new_collection(out, elem, err, &Type::list);
}

DV_API dv_status_t dv_type_new_set(dv_type_t** out, const dv_type_t* elem, dv_error_t** err) {
  return new_collection(out, elem, err, &Type::set);
}

DV_API dv_status_t dv_type_new_map(dv_type_t** out, const dv_type_t* elem, dv_error_t** err) {
  return new_collection(out, elem, err, &Type::map);
}

DV_API dv_status_t dv_type_new_object(dv_type_t** out, const dv_str_t* names,
                                      const dv_type_t* const* types, const bool* optional, size_t n,
                                      dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    if (n > 0) {
      need(names, "names");
      need(types, "types");
    }
    std::vector<Type::AttrSpec> attrs;
    attrs.reserve(n);
    for (size_t i = 0; i < n; i++) {
      std::string_view name = capi::in_str(names[i].ptr, names[i].len, "attribute name");
      need(types[i], "attribute type");
      attrs.push_back({std::string(name), types[i]->t, optional ? optional[i] : false});
    }
    Type t = Type::object(std::move(attrs));
    *out = capi::own(std::move(t));
  });
}

DV_API dv_status_t dv_type_new_tuple(dv_type_t** out, const dv_type_t* const* types, size_t n,
                                     dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    if (n > 0) need(types, "types");
    std::vector<Type> elems;
    elems.reserve(n);
    for (size_t i = 0; i < n; i++) elems.push_back(need(types[i], "element type")->t);
    Type t = Type::tuple(std::move(elems));
    *out = capi::own(std::move(t));
  });
}

DV_API dv_status_t dv_type_from_json(dv_type_t** out, const char* json, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    Type t = Type::from_json(capi::in_str(json, len, "json"));
    *out = capi::own(std::move(t));
  });
}

DV_API dv_status_t dv_type_clone(dv_type_t** out, const dv_type_t* t, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    *out = capi::own(t->t);
  });
}

DV_API void dv_type_free(dv_type_t* t) {
  if (t && !is_static_type(t)) delete t;
}

DV_API dv_type_kind_t dv_type_kind(const dv_type_t* t) {
  return t ? dv_type_kind_t(int(t->t.kind())) : DV_TYPE_INVALID;
}

DV_API dv_status_t dv_type_element(dv_type_t** out, const dv_type_t* t, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    if (!t->t.is_collection())
      throw Error(Status::TypeMismatch, "element type of " + t->t.friendly_name() + ": not a collection type");
    *out = capi::own(t->t.element());
  });
}

DV_API size_t dv_type_attribute_count(const dv_type_t* t) {
  const Type* o = object_type(t);
  return o ? o->attr_count() : 0;
}

DV_API dv_str_t dv_type_attribute_name(const dv_type_t* t, size_t i) {
  const Type* o = object_type(t);
  if (!o || i >= o->attr_count()) return capi::no_str();
  try {
    return capi::out_str(o->attr_name(i));
  } catch (...) {
    return capi::no_str();
  }
}

DV_API dv_status_t dv_type_attribute_type(dv_type_t** out, const dv_type_t* t, size_t i, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    if (t->t.kind() != TypeKind::Object) throw Error(Status::TypeMismatch, "not an object type");
    if (i >= t->t.attr_count())
      throw Error(Status::OutOfRange, "attribute index " + std::to_string(i) + " out of range");
    *out = capi::own(t->t.attr_type(i));
  });
}

DV_API bool dv_type_attribute_optional(const dv_type_t* t, size_t i) {
  const Type* o = object_type(t);
  if (!o || i >= o->attr_count()) return false;
  try {
    return o->attr_optional(i);
  } catch (...) {
    return false;
  }
}

DV_API size_t dv_type_attribute_index(const dv_type_t* t, const char* name, size_t len) {
  const Type* o = object_type(t);
  if (!o || (!name && len != 0)) return SIZE_MAX;
  return o->attr_index(std::string_view(name ? name : "", len));
}

DV_API size_t dv_type_tuple_length(const dv_type_t* t) {
  return t && t->t.kind() == TypeKind::Tuple ? t->t.tuple_size() : 0;
}

DV_API dv_status_t dv_type_tuple_element(dv_type_t** out, const dv_type_t* t, size_t i, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    if (t->t.kind() != TypeKind::Tuple) throw Error(Status::TypeMismatch, "not a tuple type");
    if (i >= t->t.tuple_size())
      throw Error(Status::OutOfRange, "tuple index " + std::to_string(i) + " out of range");
    *out = capi::own(t->t.tuple_elem(i));
  });
}

DV_API bool dv_type_has_dynamic(const dv_type_t* t) { return t && t->t.has_dynamic(); }

DV_API bool dv_type_has_optional(const dv_type_t* t) { return t && t->t.has_optional(); }

DV_API dv_status_t dv_type_without_optional(dv_type_t** out, const dv_type_t* t, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    *out = capi::own(t->t.without_optional());
  });
}

DV_API bool dv_type_equals(const dv_type_t* a, const dv_type_t* b) {
  if (!a || !b) return a == b;
  return a->t == b->t;
}

DV_API uint64_t dv_type_hash(const dv_type_t* t) { return t ? uint64_t(t->t.hash()) : 0; }

DV_API dv_status_t dv_type_to_json(dv_buf_t* out, const dv_type_t* t, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    capi::fill_buf(out, t->t.to_json());
  });
}

DV_API dv_status_t dv_type_friendly_name(dv_buf_t* out, const dv_type_t* t, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(t, "type");
    capi::fill_buf(out, t->t.friendly_name());
  });
}

}  // extern "C"
