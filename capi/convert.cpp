// capi/convert.cpp: include/dynval/convert.h over dynval::convert
// (src/convert/convert.hpp).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "capi.hpp"
#include "convert/convert.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace dynval::capi {

// DV_CONVERT_* flags -> go-cty's `unsafe` (true unless DV_CONVERT_SAFE).
bool convert_unsafe(uint32_t flags) {
  if (flags & ~uint32_t(DV_CONVERT_SAFE)) invalid_arg("unknown DV_CONVERT_* flags");
  return (flags & DV_CONVERT_SAFE) == 0;
}

// The (keys, values, n) arrays of a flatmap call as hcl2shim's map.
Value flatmap_value(const Type& t, const dv_str_t* keys, const dv_str_t* values, size_t n) {
  if (keys == nullptr && values == nullptr && n == 0) {
    if (t.kind() != TypeKind::Object) invalid_arg("flatmap state needs an object type");
    return Value::null(t);  // a nil map
  }
  need(keys, "keys");
  need(values, "values");
  std::map<std::string, std::string, std::less<>> m;
  for (size_t i = 0; i < n; ++i) {
    std::string k(in_str(keys[i].ptr, keys[i].len, "key"));
    std::string v(in_str(values[i].ptr, values[i].len, "value"));
    if (!m.emplace(std::move(k), std::move(v)).second) invalid_arg("flatmap key given twice");
  }
  return convert::value_from_flatmap(m, t);
}

}  // namespace dynval::capi

extern "C" {

DV_API dv_status_t dv_value_convert(dv_value_t** out, const dv_value_t* v, const dv_type_t* want, uint32_t flags,
                                    dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(v, "value");
    need(want, "want");
    const bool unsafe = capi::convert_unsafe(flags);
    *out = capi::own(convert::convert(v->v, want->t, unsafe));
  });
}

DV_API bool dv_type_convertible(const dv_type_t* from, const dv_type_t* to, uint32_t flags) {
  if (!from || !to || (flags & ~uint32_t(DV_CONVERT_SAFE))) return false;
  try {
    return convert::convertible(from->t, to->t, (flags & DV_CONVERT_SAFE) == 0);
  } catch (...) {
    return false;
  }
}

DV_API dv_status_t dv_type_unify(dv_type_t** out, const dv_type_t* const* types, size_t n, uint32_t flags,
                                 bool* needs_conversion, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    if (!types && n != 0) capi::invalid_arg("types is NULL but n is not 0");
    const bool unsafe = capi::convert_unsafe(flags);
    std::vector<Type> ts;
    ts.reserve(n);
    for (size_t i = 0; i < n; ++i) ts.push_back(need(types[i], "types[i]")->t);
    std::vector<bool> convs;
    std::optional<Type> u = convert::unify(ts, unsafe, &convs);
    if (!u) throw Error(Status::TypeMismatch, "the types have no common type");
    dv_type_t* result = capi::own(std::move(*u));
    if (needs_conversion) {
      for (size_t i = 0; i < n; ++i) needs_conversion[i] = convs[i];
    }
    *out = result;
  });
}

DV_API dv_status_t dv_value_from_flatmap(dv_value_t** out, const dv_type_t* type, const dv_str_t* keys,
                                         const dv_str_t* values, size_t n, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(type, "type");
    *out = capi::own(capi::flatmap_value(type->t, keys, values, n));
  });
}

DV_API dv_status_t dv_value_to_flatmap(dv_flatmap_t** out, const dv_value_t* v, const dv_encode_options_t* opts,
                                       dv_error_t** err) {
  if (out) *out = nullptr;
  return guard(err, [&] {
    need(out, "out");
    need(v, "value");
    std::optional<convert::FlatmapEntries> entries = convert::flatmap_from_value(v->v, capi::max_output_size(opts));
    if (entries) *out = new dv_flatmap{std::move(*entries)};
  });
}

DV_API size_t dv_flatmap_count(const dv_flatmap_t* m) { return m ? m->entries.size() : 0; }

DV_API bool dv_flatmap_entry(const dv_flatmap_t* m, size_t i, dv_str_t* key, dv_str_t* value) {
  if (!m || i >= m->entries.size() || !key || !value) return false;
  *key = capi::out_str(m->entries[i].first);
  *value = capi::out_str(m->entries[i].second);
  return true;
}

DV_API void dv_flatmap_free(dv_flatmap_t* m) { delete m; }

}  // extern "C"
