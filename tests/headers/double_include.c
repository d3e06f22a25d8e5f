/* tests/headers/double_include.c: every public header included twice, in
 * two different orders, plus the umbrella: include guards must hold. It also
 * uses a few declarations so the TU is not empty of meaning. */
#include <dynval/render.h>
#include <dynval/schema.h>
#include <dynval/codec.h>
#include <dynval/diff.h>
#include <dynval/path.h>
#include <dynval/value.h>
#include <dynval/type.h>
#include <dynval/buffer.h>
#include <dynval/error.h>
#include <dynval/version.h>
#include <dynval/common.h>
#include <dynval/dynval.h>
#include <dynval/common.h>
#include <dynval/version.h>
#include <dynval/error.h>
#include <dynval/buffer.h>
#include <dynval/type.h>
#include <dynval/value.h>
#include <dynval/path.h>
#include <dynval/diff.h>
#include <dynval/codec.h>
#include <dynval/schema.h>
#include <dynval/render.h>
#include <dynval/dynval.h>

int main(void) {
  dv_buf_t b = DV_BUF_INIT;
  dv_refinements_t r = DV_REFINEMENTS_INIT;
  dv_decode_options_t o = DV_DECODE_OPTIONS_INIT;
  dv_render_options_t ro = DV_RENDER_OPTIONS_INIT;
  /* Enums are pinned to 32 bits. */
  int ok = sizeof(dv_status_t) == 4 && sizeof(dv_type_kind_t) == 4 && sizeof(dv_tristate_t) == 4 &&
           sizeof(dv_nesting_t) == 4 && sizeof(dv_path_step_kind_t) == 4 && sizeof(dv_render_style_t) == 4;
  return (ok && b.ptr == NULL && r.version == DV_REFINEMENTS_VERSION &&
          o.version == DV_DECODE_OPTIONS_VERSION && ro.version == DV_RENDER_OPTIONS_VERSION &&
          ro.schema == NULL)
             ? 0
             : 1;
}
