// capi/common.cpp: include/dynval/common.h (dv_status_str) and the shared
// error-reporting glue of capi.hpp.
#include <cstdlib>
#include <cstring>

#include "capi.hpp"

namespace dynval::capi {

namespace {
// Handed out when even the error object cannot be allocated.
dv_error g_nomem_error{DV_ERR_NOMEM, "out of memory", {}, {}, kNoOffset, {}};
}  // namespace

bool is_static_error(const dv_error_t* e) noexcept { return e == &g_nomem_error; }

dv_error make_error(dv_status_t status, std::string_view message, const Path* path, size_t offset) {
  dv_error e{status, std::string(message), {}, {}, offset, {}};
  if (path && !path->empty()) {
    e.path.p = *path;
    e.path_text = path_string(*path);
    e.line = e.path_text + ": " + e.message;
  }
  return e;
}

dv_status_t c_status(const Error& e) noexcept {
  int s = int(e.status());
  // A core error never reports success; map anything outside the pinned
  // range to INTERNAL so C callers always see a documented failure.
  return (s > 0 && s <= DV_ERR_UNKNOWN_VALUE) ? dv_status_t(s) : DV_ERR_INTERNAL;
}

dv_error make_error(const Error& e) { return make_error(c_status(e), e.message(), &e.path(), e.offset()); }

dv_status_t report(dv_error_t** err, dv_status_t status, std::string_view message, const Path* path,
                   size_t offset) noexcept {
  if (!err) return status;
  try {
    *err = new dv_error(make_error(status, message, path, offset));
  } catch (...) {
    *err = &g_nomem_error;
  }
  return status;
}

dv_status_t report(dv_error_t** err, const Error& e) noexcept {
  return report(err, c_status(e), e.message(), &e.path(), e.offset());
}

void fill_buf(dv_buf_t* out, std::string bytes) {
  if (bytes.size() >= kAdoptedBufMin) {
    auto* s = new std::string(std::move(bytes));
    out->ptr = s->data();  // NUL-terminated, as std::string's data() is
    out->len = s->size();
    out->reserved = reinterpret_cast<size_t>(s) | kAdoptedBufTag;
    return;
  }
  auto* p = static_cast<char*>(std::malloc(bytes.size() + 1));
  if (!p) throw std::bad_alloc();
  if (!bytes.empty()) std::memcpy(p, bytes.data(), bytes.size());
  p[bytes.size()] = '\0';
  out->ptr = p;
  out->len = bytes.size();
  out->reserved = 0;
}

void check_version(uint32_t version, uint32_t current, const char* what) {
  if (version == 0 || version > current)
    invalid_arg(std::string("unsupported ") + what + " version " + std::to_string(version));
}

}  // namespace dynval::capi

// The names live in one place, dynval::status_name (the numbers are the same,
// capi.hpp checks it); any other number is "unknown status" there too.
extern "C" DV_API const char* dv_status_str(dv_status_t status) {
  return dynval::status_name(static_cast<dynval::Status>(status));
}
