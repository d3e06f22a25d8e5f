// capi/render.cpp: include/dynval/render.h over dynval::render
// (src/render/render.hpp).
#include <string>

#include "capi.hpp"
#include "render/render.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace {

// dv_render_options_t -> render::Options; NULL gives the defaults.
render::Options to_options(const dv_render_options_t* o) {
  render::Options r;
  if (!o) return r;
  capi::check_version(o->version, DV_RENDER_OPTIONS_VERSION, "dv_render_options_t");
  if (o->flags & ~uint32_t(DV_RENDER_SHOW_SENSITIVE)) capi::invalid_arg("unknown DV_RENDER_* flags");
  switch (o->style) {
    case DV_RENDER_PRETTY: r.style = render::Style::Pretty; break;
    case DV_RENDER_INSPECT: r.style = render::Style::Inspect; break;
    default: capi::invalid_arg("unknown dv_render_options_t style " + std::to_string(o->style));
  }
  r.schema = capi::core(o->schema);
  r.mask_sensitive = (o->flags & DV_RENDER_SHOW_SENSITIVE) == 0;
  if (o->max_output_size) r.max_output_size = o->max_output_size;
  return r;
}

}  // namespace

extern "C" {

DV_API dv_status_t dv_render_options_init(dv_render_options_t* opts, uint32_t version, dv_error_t** err) {
  return guard(err, [&] {
    need(opts, "opts");
    capi::check_version(version, DV_RENDER_OPTIONS_VERSION, "dv_render_options_t");
    *opts = dv_render_options_t DV_RENDER_OPTIONS_INIT;
    opts->version = version;
  });
}

DV_API dv_status_t dv_value_render(dv_buf_t* out, const dv_value_t* v, const dv_render_options_t* opts,
                                   dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(v, "value");
    const render::Options o = to_options(opts);
    std::string text;
    render::render(text, v->v, o);
    capi::fill_buf(out, std::move(text));
  });
}

}  // extern "C"
