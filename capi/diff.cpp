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
    std::vector<DiffEntry> found = diff(a->v, b->v);
    auto d = std::make_unique<dv_diff>();
    d->entries.reserve(found.size());
    for (DiffEntry& e : found) {
      dv_diff::Entry entry{dv_path{std::move(e.path)}, std::nullopt, std::nullopt};
      if (e.a) entry.a.emplace(dv_value{std::move(*e.a)});
      if (e.b) entry.b.emplace(dv_value{std::move(*e.b)});
      d->entries.push_back(std::move(entry));
    }
    *out = d.release();
  });
}

DV_API size_t dv_diff_length(const dv_diff_t* d) { return d ? d->entries.size() : 0; }

DV_API bool dv_diff_entry(const dv_diff_t* d, size_t i, const dv_path_t** path_out, const dv_value_t** a_out,
                          const dv_value_t** b_out) {
  if (!d || i >= d->entries.size()) return false;
  const dv_diff::Entry& e = d->entries[i];
  if (path_out) *path_out = &e.path;
  if (a_out) *a_out = e.a ? &*e.a : nullptr;
  if (b_out) *b_out = e.b ? &*e.b : nullptr;
  return true;
}

DV_API void dv_diff_free(dv_diff_t* d) { delete d; }

}  // extern "C"
