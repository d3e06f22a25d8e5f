// capi/path.cpp: include/dynval/path.h over dynval::Path (support/error.hpp)
// and its operations (src/values/path.hpp).
#include "capi.hpp"
#include "values/path.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

extern "C" {

DV_API dv_status_t dv_path_new(dv_path_t** out, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    *out = new dv_path{};
  });
}

DV_API dv_status_t dv_path_clone(dv_path_t** out, const dv_path_t* p, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(p, "path");
    *out = new dv_path{p->p};
  });
}

DV_API void dv_path_free(dv_path_t* p) { delete p; }

DV_API dv_status_t dv_path_append_attr(dv_path_t* p, const char* name, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(p, "path")->p.push_back(PathStep::attr(capi::in_str(name, len, "name")));
  });
}

DV_API dv_status_t dv_path_append_index(dv_path_t* p, int64_t index, dv_error_t** err) {
  return guard(err, [&] { need(p, "path")->p.push_back(PathStep::idx(index)); });
}

DV_API dv_status_t dv_path_append_key(dv_path_t* p, const char* key, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(p, "path");
    p->p.push_back(PathStep::key(capi::in_str(key, len, "key")));
  });
}

DV_API dv_status_t dv_path_append_element(dv_path_t* p, const dv_value_t* elem, dv_error_t** err) {
  return guard(err, [&] {
    need(p, "path");
    need(elem, "elem");
    p->p.push_back(element_step(elem->v));
  });
}

DV_API void dv_path_truncate(dv_path_t* p, size_t len) {
  if (p && len < p->p.size()) p->p.resize(len);  // shrinking never allocates
}

DV_API size_t dv_path_length(const dv_path_t* p) { return p ? p->p.size() : 0; }

DV_API bool dv_path_step(const dv_path_t* p, size_t i, dv_path_step_t* step_out) {
  if (!p || !step_out || i >= p->p.size()) return false;
  const PathStep& s = p->p[i];
  switch (s.kind) {
    case PathStep::Kind::Attr: *step_out = {DV_PATH_ATTR, 0, capi::out_str(s.name)}; break;
    case PathStep::Kind::Index: *step_out = {DV_PATH_INDEX, s.index, capi::no_str()}; break;
    case PathStep::Kind::Key: *step_out = {DV_PATH_KEY, 0, capi::out_str(s.name)}; break;
    case PathStep::Kind::Element: *step_out = {DV_PATH_ELEMENT, 0, capi::no_str()}; break;
  }
  return true;
}

DV_API const dv_value_t* dv_path_step_element(const dv_path_t* p, size_t i) {
  if (!p || i >= p->p.size()) return nullptr;
  const PathStep& s = p->p[i];
  return s.kind == PathStep::Kind::Element ? capi::borrow(s.elem.get()) : nullptr;
}

DV_API dv_status_t dv_path_equals(bool* out, const dv_path_t* a, const dv_path_t* b, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(a, "a");
    need(b, "b");
    *out = a->p == b->p;
  });
}

DV_API dv_status_t dv_path_to_string(dv_buf_t* out, const dv_path_t* p, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    capi::fill_buf(out, path_string(need(p, "path")->p));
  });
}

DV_API dv_status_t dv_path_apply(dv_value_t** out, const dv_path_t* p, const dv_value_t* v, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(p, "path");
    need(v, "value");
    *out = capi::own(path_apply(p->p, v->v));
  });
}

DV_API dv_status_t dv_path_to_attribute_path(dv_buf_t* out, const dv_path_t* p, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    capi::fill_buf(out, encode_attribute_path(need(p, "path")->p));
  });
}

DV_API dv_status_t dv_path_from_attribute_path(dv_path_t** out, const void* data, size_t len, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    std::string_view bytes = capi::in_str(static_cast<const char*>(data), len, "data");
    Path p = decode_attribute_path(
        std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    *out = new dv_path{std::move(p)};
  });
}

}  // extern "C"
