// capi/value.cpp: include/dynval/value.h over dynval::Value
// (src/values/value.hpp).
//
// Borrowed getters return pointers to Values stored inside their parent,
// reinterpret_cast to dv_value_t (see capi.hpp for why that is valid).
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "capi.hpp"
#include "text/text.hpp"
#include "values/walk.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace {

const char* kind_name(TypeKind k) noexcept {
  switch (k) {
    case TypeKind::Bool: return "bool";
    case TypeKind::Number: return "number";
    case TypeKind::String: return "string";
    case TypeKind::List: return "list";
    case TypeKind::Set: return "set";
    case TypeKind::Map: return "map";
    case TypeKind::Object: return "object";
    case TypeKind::Tuple: return "tuple";
    case TypeKind::Dynamic: return "dynamic";
  }
  return "?";
}

// The value behind `v` when it is known and not null (the precondition of
// the core's accessors), else the documented error.
const Value& known_value(const dv_value_t* v) {
  need(v, "value");
  if (!v->v.is_known()) throw Error(Status::UnknownValue, "value is not known");
  if (v->v.is_null()) throw Error(Status::TypeMismatch, "value is null");
  return v->v;
}

const Value& known_of_kind(const dv_value_t* v, TypeKind kind) {
  const Value& x = known_value(v);
  if (x.type().kind() != kind)
    throw Error(Status::TypeMismatch,
                std::string(kind_name(kind)) + " required, but value has type " + x.type().friendly_name());
  return x;
}

bool is_container(TypeKind k) noexcept {
  return k == TypeKind::List || k == TypeKind::Set || k == TypeKind::Tuple || k == TypeKind::Map ||
         k == TypeKind::Object;
}

// A known, non-null container value, or nullptr (for the status-less getters).
const Value* container(const dv_value_t* v) noexcept {
  if (!v || !v->v.is_known() || v->v.is_null() || !is_container(v->v.type().kind())) return nullptr;
  return &v->v;
}

std::vector<Value> collect(const dv_value_t* const* elems, size_t n, const char* what) {
  if (n > 0) need(elems, what);
  std::vector<Value> out;
  out.reserve(n);
  for (size_t i = 0; i < n; i++) {
    if (!elems[i]) capi::invalid_arg(std::string(what) + "[" + std::to_string(i) + "] is NULL");
    out.push_back(elems[i]->v);
  }
  return out;
}

// The element type of a collection constructor: given, or the first element's.
Type element_type(const dv_type_t* elem_type, const dv_value_t* const* elems, size_t n) {
  if (elem_type) return elem_type->t;
  if (n == 0 || !elems || !elems[0])
    capi::invalid_arg("the element type is NULL and there is no first element to take it from");
  return elems[0]->v.type();
}

std::optional<NumberBound> bound(const dv_value_t* v, const char* text, size_t len, bool inclusive,
                                 const char* which) {
  if (v && text) capi::invalid_arg(std::string(which) + ": give a value or a text, not both");
  if (v) {
    if (!v->v.is_known() || v->v.is_null() || v->v.type().kind() != TypeKind::Number)
      capi::invalid_arg(std::string(which) + " bound must be a known number");
    return NumberBound{v->v.as_number(), inclusive};
  }
  std::string_view s = capi::in_str(text, len, which);
  std::optional<Number> n = Number::parse_bounded(s);
  if (!n) throw Error(Status::Parse, std::string(which) + " bound: invalid number " + text::go_quoted(s.substr(0, 64)));
  return NumberBound{std::move(*n), inclusive};
}

constexpr uint32_t kRefineAll = DV_REFINE_NOT_NULL | DV_REFINE_PREFIX | DV_REFINE_LOWER |
                                DV_REFINE_LOWER_INCLUSIVE | DV_REFINE_UPPER | DV_REFINE_UPPER_INCLUSIVE |
                                DV_REFINE_LENGTH_MIN | DV_REFINE_LENGTH_MAX;

Refinements to_refinements(const dv_refinements_t& o) {
  capi::check_version(o.version, DV_REFINEMENTS_VERSION, "dv_refinements_t");
  if (o.flags & ~kRefineAll) capi::invalid_arg("unknown DV_REFINE_* flags");
  Refinements r;
  r.not_null = (o.flags & DV_REFINE_NOT_NULL) != 0;
  if (o.flags & DV_REFINE_PREFIX) r.prefix = std::string(capi::in_str(o.prefix, o.prefix_len, "prefix"));
  if (o.flags & DV_REFINE_LOWER)
    r.lower = bound(o.lower, o.lower_text, o.lower_text_len, (o.flags & DV_REFINE_LOWER_INCLUSIVE) != 0, "lower");
  if (o.flags & DV_REFINE_UPPER)
    r.upper = bound(o.upper, o.upper_text, o.upper_text_len, (o.flags & DV_REFINE_UPPER_INCLUSIVE) != 0, "upper");
  if (o.flags & DV_REFINE_LENGTH_MIN) r.len_min = o.length_min;
  if (o.flags & DV_REFINE_LENGTH_MAX) r.len_max = o.length_max;
  return r;
}

const Value& unknown_of_kind(const dv_value_t* v, TypeKind kind, const char* what) {
  need(v, "value");
  if (v->v.is_known() || v->v.type().kind() != kind)
    throw Error(Status::TypeMismatch, std::string(what) + " needs an unknown " + kind_name(kind) + " value");
  return v->v;
}

dv_status_t refined_bound(dv_value_t** out, bool* inclusive_out, const dv_value_t* v, dv_error_t** err,
                          bool upper) {
  return guard(err, [&] {
    need(out, "out");
    const Value& x = unknown_of_kind(v, TypeKind::Number, upper ? "upper bound" : "lower bound");
    const Refinements& r = x.refinements();
    const std::optional<NumberBound>& b = upper ? r.upper : r.lower;
    // cty NumberLowerBound/NumberUpperBound: unbounded is the infinity of
    // that side, inclusive.
    Number n = b ? b->value : Number::infinity(!upper);
    bool inclusive = b ? b->inclusive : true;
    dv_value_t* result = capi::own(Value::number(std::move(n)));
    if (inclusive_out) *inclusive_out = inclusive;
    *out = result;
  });
}

template <class T, class Conv>
dv_status_t number_to(T* out, bool* exact_out, const dv_value_t* v, dv_error_t** err, Conv conv) {
  return guard(err, [&] {
    need(out, "out");
    const Number& n = known_of_kind(v, TypeKind::Number).as_number();
    bool exact = false;
    T r = conv(n, &exact);
    if (!exact_out && !exact)
      throw Error(Status::OutOfRange, "number " + n.text() + " cannot be converted exactly");
    *out = r;
    if (exact_out) *exact_out = exact;
  });
}

}  // namespace

extern "C" {

DV_API dv_status_t dv_refinements_init(dv_refinements_t* opts, uint32_t version, dv_error_t** err) {
  return guard(err, [&] {
    need(opts, "opts");
    capi::check_version(version, DV_REFINEMENTS_VERSION, "dv_refinements_t");
    *opts = dv_refinements_t DV_REFINEMENTS_INIT;
    opts->version = version;
  });
}

// ---- constructors ----

DV_API dv_status_t dv_value_new_null(dv_value_t** out, const dv_type_t* type, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(type, "type");
    *out = capi::own(Value::null(type->t));
  });
}

DV_API dv_status_t dv_value_new_unknown(dv_value_t** out, const dv_type_t* type,
                                        const dv_refinements_t* refinements, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(type, "type");
    if (!refinements) {
      *out = capi::own(Value::unknown(type->t));
      return;
    }
    Refinements r = to_refinements(*refinements);
    *out = capi::own(Value::unknown_refined(type->t, std::move(r)));
  });
}

DV_API dv_status_t dv_value_new_bool(dv_value_t** out, bool b, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(Value::boolean(b));
  });
}

DV_API dv_status_t dv_value_new_int64(dv_value_t** out, int64_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(Value::number(Number::from_int64(n)));
  });
}

DV_API dv_status_t dv_value_new_uint64(dv_value_t** out, uint64_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(Value::number(Number::from_uint64(n)));
  });
}

DV_API dv_status_t dv_value_new_double(dv_value_t** out, double d, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    if (std::isnan(d)) capi::invalid_arg("NaN is not a cty number");
    *out = capi::own(Value::number(Number::from_double(d)));
  });
}

DV_API dv_status_t dv_value_new_number_text(dv_value_t** out, const char* text, size_t len,
                                            dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view s = capi::in_str(text, len, "text");
    std::optional<Number> n = Number::parse_bounded(s);
    if (!n) throw Error(Status::Parse, "invalid number " + text::go_quoted(s.substr(0, 64)));
    *out = capi::own(Value::number(std::move(*n)));
  });
}

DV_API dv_status_t dv_value_new_string(dv_value_t** out, const char* s, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(Value::string(capi::in_str(s, len, "s")));
  });
}

DV_API dv_status_t dv_value_new_list(dv_value_t** out, const dv_type_t* elem_type,
                                     const dv_value_t* const* elems, size_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    Type et = element_type(elem_type, elems, n);
    *out = capi::own(Value::list(et, collect(elems, n, "elems")));
  });
}

DV_API dv_status_t dv_value_new_set(dv_value_t** out, const dv_type_t* elem_type,
                                    const dv_value_t* const* elems, size_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    Type et = element_type(elem_type, elems, n);
    *out = capi::own(Value::set(et, collect(elems, n, "elems")));
  });
}

DV_API dv_status_t dv_value_new_map(dv_value_t** out, const dv_type_t* elem_type, const dv_str_t* keys,
                                    const dv_value_t* const* values, size_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    if (n > 0) need(keys, "keys");
    Type et = element_type(elem_type, values, n);
    std::vector<Value> vals = collect(values, n, "values");
    std::vector<std::pair<std::string, Value>> entries;
    entries.reserve(n);
    for (size_t i = 0; i < n; i++)
      entries.emplace_back(std::string(capi::in_str(keys[i].ptr, keys[i].len, "key")), std::move(vals[i]));
    *out = capi::own(Value::map(et, std::move(entries)));
  });
}

DV_API dv_status_t dv_value_new_object(dv_value_t** out, const dv_str_t* names,
                                       const dv_value_t* const* values, size_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    if (n > 0) need(names, "names");
    std::vector<Value> vals = collect(values, n, "values");
    std::vector<std::pair<std::string, Value>> attrs;
    attrs.reserve(n);
    for (size_t i = 0; i < n; i++)
      attrs.emplace_back(std::string(capi::in_str(names[i].ptr, names[i].len, "name")), std::move(vals[i]));
    *out = capi::own(Value::object(std::move(attrs)));
  });
}

DV_API dv_status_t dv_value_new_tuple(dv_value_t** out, const dv_value_t* const* elems, size_t n,
                                      dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(Value::tuple(collect(elems, n, "elems")));
  });
}

DV_API dv_status_t dv_value_clone(dv_value_t** out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(v, "value");
    *out = capi::own(v->v);
  });
}

DV_API void dv_value_free(dv_value_t* v) { delete v; }

// ---- state and type ----

DV_API const dv_type_t* dv_value_type(const dv_value_t* v) { return v ? capi::borrow(&v->v.type()) : nullptr; }

DV_API dv_type_kind_t dv_value_kind(const dv_value_t* v) {
  return v ? dv_type_kind_t(int(v->v.type().kind())) : DV_TYPE_INVALID;
}

// NULL (a value that is not there) counts as null.
DV_API bool dv_value_is_null(const dv_value_t* v) { return !v || v->v.is_null(); }

DV_API bool dv_value_is_known(const dv_value_t* v) { return !v || v->v.is_known(); }

DV_API bool dv_value_is_wholly_known(const dv_value_t* v) { return !v || v->v.is_wholly_known(); }

// ---- refinements ----

DV_API bool dv_value_refined_not_null(const dv_value_t* v) {
  return v && !v->v.is_known() && v->v.refinements().not_null;
}

DV_API dv_str_t dv_value_refined_prefix(const dv_value_t* v) {
  if (!v || v->v.is_known()) return dv_str_t{"", 0};
  return capi::out_str(v->v.refinements().prefix);
}

DV_API dv_status_t dv_value_refined_lower_bound(dv_value_t** out, bool* inclusive_out, const dv_value_t* v,
                                                dv_error_t** err) {
  return refined_bound(out, inclusive_out, v, err, false);
}

DV_API dv_status_t dv_value_refined_upper_bound(dv_value_t** out, bool* inclusive_out, const dv_value_t* v,
                                                dv_error_t** err) {
  return refined_bound(out, inclusive_out, v, err, true);
}

DV_API dv_status_t dv_value_refined_length(int64_t* min_out, int64_t* max_out, const dv_value_t* v,
                                           dv_error_t** err) {
  return guard(err, [&] {
    need(v, "value");
    TypeKind k = v->v.type().kind();
    if (v->v.is_known() || !(k == TypeKind::List || k == TypeKind::Set || k == TypeKind::Map))
      throw Error(Status::TypeMismatch, "length bounds need an unknown list, set or map value");
    const Refinements& r = v->v.refinements();
    if (min_out) *min_out = r.len_min;
    if (max_out) *max_out = r.len_max;
  });
}

// ---- primitives ----

DV_API dv_status_t dv_value_as_bool(bool* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = known_of_kind(v, TypeKind::Bool).as_bool();
  });
}

DV_API dv_status_t dv_value_as_int64(int64_t* out, bool* exact_out, const dv_value_t* v, dv_error_t** err) {
  return number_to(out, exact_out, v, err, [](const Number& n, bool* e) { return n.to_int64(e); });
}

DV_API dv_status_t dv_value_as_uint64(uint64_t* out, bool* exact_out, const dv_value_t* v, dv_error_t** err) {
  return number_to(out, exact_out, v, err, [](const Number& n, bool* e) { return n.to_uint64(e); });
}

DV_API dv_status_t dv_value_as_double(double* out, bool* exact_out, const dv_value_t* v, dv_error_t** err) {
  return number_to(out, exact_out, v, err, [](const Number& n, bool* e) { return n.to_double(e); });
}

DV_API dv_status_t dv_value_number_text(dv_buf_t* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    capi::fill_buf(out, known_of_kind(v, TypeKind::Number).as_number().text());
  });
}

DV_API dv_status_t dv_value_number_precision(uint32_t* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = known_of_kind(v, TypeKind::Number).as_number().precision();
  });
}

DV_API dv_status_t dv_value_as_string(dv_str_t* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::out_str(known_of_kind(v, TypeKind::String).as_string());
  });
}

// ---- containers ----

DV_API dv_status_t dv_value_length(size_t* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    const Value& x = known_value(v);
    if (!is_container(x.type().kind()))
      throw Error(Status::TypeMismatch, "a value of type " + x.type().friendly_name() + " has no length");
    *out = x.length();
  });
}

DV_API const dv_value_t* dv_value_element(const dv_value_t* v, size_t i) {
  const Value* c = container(v);
  try {
    if (!c || i >= c->length()) return nullptr;
    return capi::borrow(&c->at(i));
  } catch (...) {
    return nullptr;
  }
}

DV_API const dv_value_t* dv_value_entry(const dv_value_t* v, size_t i, dv_str_t* key_out) {
  const Value* c = container(v);
  if (!c) return nullptr;
  TypeKind k = c->type().kind();
  if (k != TypeKind::Map && k != TypeKind::Object) return nullptr;
  try {
    if (i >= c->length()) return nullptr;
    std::string_view key = k == TypeKind::Map ? c->key_at(i) : c->type().attr_name(i);
    const Value& e = c->at(i);
    if (key_out) *key_out = capi::out_str(key);
    return capi::borrow(&e);
  } catch (...) {
    return nullptr;
  }
}

DV_API const dv_value_t* dv_value_get(const dv_value_t* v, const char* key, size_t len) {
  const Value* c = container(v);
  if (!c || (!key && len != 0)) return nullptr;
  TypeKind k = c->type().kind();
  if (k != TypeKind::Map && k != TypeKind::Object) return nullptr;
  try {
    return capi::borrow(c->get(std::string_view(key ? key : "", len)));
  } catch (...) {
    return nullptr;
  }
}

DV_API const dv_value_t* dv_value_lookup(const dv_value_t* v, const dv_path_step_t* steps, size_t n) {
  if (!v || (n > 0 && !steps)) return nullptr;
  // A walk in the style of cty Path.Apply, without building error values:
  // attribute steps apply to objects, key steps to maps, index steps to
  // lists, tuples and sets (iteration order).
  const Value* cur = &v->v;
  try {
    for (size_t s = 0; s < n && cur; s++) {
      const dv_path_step_t& st = steps[s];
      if (!cur->is_known() || cur->is_null()) return nullptr;
      TypeKind k = cur->type().kind();
      switch (st.kind) {
        case DV_PATH_ATTR:
        case DV_PATH_KEY: {
          if (k != (st.kind == DV_PATH_ATTR ? TypeKind::Object : TypeKind::Map)) return nullptr;
          if (!st.name.ptr && st.name.len != 0) return nullptr;
          cur = cur->get(std::string_view(st.name.ptr ? st.name.ptr : "", st.name.len));
          break;
        }
        case DV_PATH_INDEX:
          if (k != TypeKind::List && k != TypeKind::Tuple && k != TypeKind::Set) return nullptr;
          if (st.index < 0 || uint64_t(st.index) >= cur->length()) return nullptr;
          cur = &cur->at(size_t(st.index));
          break;
        default:
          return nullptr;
      }
    }
  } catch (...) {
    return nullptr;
  }
  return capi::borrow(cur);
}

DV_API dv_status_t dv_value_find(const dv_value_t** out, const dv_value_t* v, const char* key, size_t len,
                                 dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    const Value& x = known_value(v);
    TypeKind k = x.type().kind();
    if (k != TypeKind::Map && k != TypeKind::Object)
      throw Error(Status::TypeMismatch, "a value of type " + x.type().friendly_name() + " has no attributes or keys");
    *out = capi::borrow(x.get(capi::in_str(key, len, "key")));
  });
}

DV_API const dv_value_t* dv_value_lookup_path(const dv_value_t* v, const dv_path_t* p) {
  if (!v || !p) return nullptr;
  return capi::borrow(v->v.lookup(p->p));
}

// ---- comparison ----

DV_API dv_status_t dv_value_equals(dv_tristate_t* out, const dv_value_t* a, const dv_value_t* b,
                                   dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(a, "a");
    need(b, "b");
    switch (a->v.equals(b->v)) {
      case Tristate::False: *out = DV_TRISTATE_FALSE; break;
      case Tristate::True: *out = DV_TRISTATE_TRUE; break;
      case Tristate::Unknown: *out = DV_TRISTATE_UNKNOWN; break;
    }
  });
}

DV_API dv_status_t dv_value_raw_equals(bool* out, const dv_value_t* a, const dv_value_t* b, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(a, "a");
    need(b, "b");
    *out = a->v.raw_equals(b->v);
  });
}

DV_API dv_status_t dv_value_hash(uint64_t* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = need(v, "value")->v.hash();
  });
}

DV_API dv_status_t dv_value_debug_string(dv_buf_t* out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    capi::fill_buf(out, need(v, "value")->v.go_string());
  });
}

}  // extern "C"

// ---- walking, transforming, editing ----

namespace {

// The reason a callback gave with dv_callback_error: one slot per thread,
// set only while a walk or transform is in one of the caller's callbacks
// on this thread (nested walks each have their own).
struct CallbackFailure {
  bool set = false;
  dv_status_t status = DV_OK;
  std::string message;
};
thread_local CallbackFailure* t_failure = nullptr;

// Runs one callback; a stop (negative return) with a reason given becomes
// an Error at the callback's path.
template <class F>
int call_back(const Path& path, F&& f) {
  CallbackFailure slot;
  CallbackFailure* outer = std::exchange(t_failure, &slot);
  int rc = f();
  t_failure = outer;
  if (rc < 0 && slot.set) throw Error(Status(slot.status), std::move(slot.message), path);
  return rc;
}

// dynval::Transformer over the C callbacks of dv_value_transform.
struct CallbackTransformer final : Transformer {
  dv_transform_cb enter_cb;
  dv_transform_cb exit_cb;
  void* payload;

  CallbackTransformer(dv_transform_cb en, dv_transform_cb ex, void* pl) : enter_cb(en), exit_cb(ex), payload(pl) {}

  int call(dv_transform_cb cb, const Path& path, const Value& v, std::optional<Value>& replace) const {
    if (!cb) return 0;
    dv_value_t* r = nullptr;
    int rc = call_back(path, [&] { return cb(capi::borrow(&path), capi::borrow(&v), &r, payload); });
    if (r) {
      std::unique_ptr<dv_value> owned(r);  // ours now, whatever rc says
      replace.emplace(std::move(owned->v));
    }
    return rc;
  }
  int enter(const Path& path, const Value& v, std::optional<Value>& replace) override {
    return call(enter_cb, path, v, replace);
  }
  int exit(const Path& path, const Value& v, std::optional<Value>& replace) override {
    int rc = call(exit_cb, path, v, replace);
    return rc < 0 ? rc : 0;
  }
};

}  // namespace

extern "C" {

DV_API int dv_value_walk(const dv_value_t* v, dv_walk_cb cb, void* payload, dv_error_t** err) {
  int stopped = 0;
  dv_status_t st = guard(err, [&] {
    need(v, "value");
    need(cb, "callback");
    stopped = walk(v->v, [&](const Path& path, const Value& x) {
      return call_back(path, [&] { return cb(capi::borrow(&path), capi::borrow(&x), payload); });
    });
  });
  return st != DV_OK ? int(st) : stopped;
}

DV_API int dv_value_transform(dv_value_t** out, const dv_value_t* v, dv_transform_cb enter, dv_transform_cb exit,
                              void* payload, dv_error_t** err) {
  int stopped = 0;
  dv_status_t st = guard(err, [&] {
    need(out, "out");
    need(v, "value");
    CallbackTransformer t(enter, exit, payload);
    Value result;
    stopped = transform(v->v, t, result);
    if (stopped == 0) *out = capi::own(std::move(result));
  });
  return st != DV_OK ? int(st) : stopped;
}

DV_API void dv_callback_error(dv_status_t status, const char* message, size_t len) {
  CallbackFailure* f = t_failure;
  if (!f) return;
  f->status = status > DV_OK && status <= DV_ERR_UNKNOWN_VALUE ? status : DV_ERR_INVALID_ARG;
  try {
    f->message.assign(message ? message : "", message ? len : 0);
  } catch (...) {
    f->status = DV_ERR_NOMEM;
    f->message = "out of memory";  // fits the string's own buffer
  }
  f->set = true;
}

DV_API dv_status_t dv_value_unknown_as_null(dv_value_t** out, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = capi::own(unknown_as_null(need(v, "value")->v));
  });
}

DV_API dv_status_t dv_value_set_path(dv_value_t** out, const dv_value_t* v, const dv_path_t* path,
                                     const dv_value_t* new_value, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(v, "value");
    need(path, "path");
    need(new_value, "new_value");
    *out = capi::own(set_path(v->v, path->p, new_value->v));
  });
}

}  // extern "C"
