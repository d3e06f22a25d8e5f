// capi/diff.cpp: include/dynval/diff.h over dynval::diff
// (src/values/walk.hpp).
#include "capi.hpp"
#include "values/walk.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

extern "C" {

DV_API dv_status_t dv_value_diff(dv_diff_t** out, const dv_value_t* a, const dv_value_t* b, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(a, "a");
    need(b, "b");
    auto d = std::make_unique<dv_diff>(diff(a->v, b->v));
    *out = d.release();
  });
}

DV_API size_t dv_diff_length(const dv_diff_t* d) { return d ? d->d.size() : 0; }

DV_API bool dv_diff_entry(const dv_diff_t* d, size_t i, const dv_path_t** path_out, const dv_value_t** a_out,
                          const dv_value_t** b_out) {
  if (!d || i >= d->d.size()) return false;
  const DiffEntry& e = d->d[i];
  if (path_out) {
    dv_path* p = d->paths[i].load(std::memory_order_acquire);
    if (p == nullptr) {
      try {
        auto built = std::make_unique<dv_path>(dv_path{d->d.path(i)});
        if (d->paths[i].compare_exchange_strong(p, built.get(), std::memory_order_acq_rel)) p = built.release();
      } catch (...) {
        return false;  // out of memory building the path
      }
    }
    *path_out = p;
  }
  if (a_out) *a_out = e.a ? capi::borrow(&*e.a) : nullptr;
  if (b_out) *b_out = e.b ? capi::borrow(&*e.b) : nullptr;
  return true;
}

DV_API void dv_diff_free(dv_diff_t* d) { delete d; }

}  // extern "C"
