// capi/error.cpp: include/dynval/error.h (accessors of struct dv_error, which
// capi.hpp defines and common.cpp fills).
#include "capi.hpp"

using namespace dynval;

extern "C" {

DV_API dv_status_t dv_error_status(const dv_error_t* e) { return e ? e->status : DV_OK; }

DV_API dv_str_t dv_error_message(const dv_error_t* e) {
  return e ? capi::out_str(e->message) : capi::no_str();
}

DV_API dv_str_t dv_error_path(const dv_error_t* e) {
  return e ? capi::out_str(e->path_text) : capi::no_str();
}

DV_API dv_str_t dv_error_line(const dv_error_t* e) {
  if (!e) return capi::no_str();
  return capi::out_str(e->path_text.empty() ? e->message : e->line);
}

DV_API size_t dv_error_path_length(const dv_error_t* e) { return e ? e->path.p.size() : 0; }

DV_API bool dv_error_path_step(const dv_error_t* e, size_t i, dv_path_step_t* step_out) {
  return e && dv_path_step(&e->path, i, step_out);
}

DV_API const dv_path_t* dv_error_path_steps(const dv_error_t* e) { return e ? &e->path : nullptr; }

DV_API size_t dv_error_offset(const dv_error_t* e) { return e ? e->offset : DV_OFFSET_NONE; }

DV_API void dv_error_free(dv_error_t* e) {
  if (e && !capi::is_static_error(e)) delete e;
}

DV_API size_t dv_errors_count(const dv_errors_t* list) { return list ? list->errors.size() : 0; }

DV_API const dv_error_t* dv_errors_at(const dv_errors_t* list, size_t i) {
  return list && i < list->errors.size() ? &list->errors[i] : nullptr;
}

DV_API void dv_errors_free(dv_errors_t* list) { delete list; }

}  // extern "C"
