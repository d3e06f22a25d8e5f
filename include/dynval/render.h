/**
 * @file dynval/render.h
 * @brief Human views of a value: [`dv_value_render`].
 *
 * The views the `dynval` tool prints with `convert --to pretty` and
 * `inspect`: an indented, HCL-like text that shows every value, unknown
 * ones with their refinements, and can mask the attributes a schema marks
 * sensitive. For instance, an object with a sensitive `password` and a
 * refined unknown `id`:
 *
 *     {
 *       id       = (unknown string, not null, prefix "i-")
 *       name     = "web-1"
 *       password = (sensitive value)
 *     }
 *
 * The text is for people (logs, error reports, debugging): its format may
 * change between releases, so do not parse it; the codecs (codec.h) are the
 * data formats. For go-cty's GoString form, see [`dv_value_debug_string`].
 *
 * All functions here only read their inputs and may run concurrently.
 */
#ifndef DYNVAL_RENDER_H
#define DYNVAL_RENDER_H

#include "common.h"
#include "buffer.h"
#include "error.h"
#include "schema.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Section - Render options */

/** The views [`dv_value_render`] writes (`dv_render_options_t` `style`). Values are pinned. */
typedef enum dv_render_style {
  /**
   * The value alone, as `dynval convert --to pretty` prints it: strings
   * quoted as Go's `%q` does, object attributes and map keys one per line
   * with their ` = ` aligned, list, set and tuple elements one per line,
   * unknowns as `(unknown string, not null, prefix "i-")`, the unknown
   * dynamic value as `(unknown)`, nulls as `null`.
   */
  DV_RENDER_PRETTY = 0,
  /**
   * As `dynval inspect` prints it: the line `type: ` with the type JSON,
   * the line `value: ` with the pretty view, then `unknown values: N` and
   * one indented line per unknown value (its path and refinements) and,
   * when a schema is given, `sensitive values: N` and one indented line per
   * sensitive attribute in the value, null or not (its path). While sensitive
   * attributes are masked, the type shows a sensitive attribute with its
   * schema type (not that of a value in a "dynamic" attribute), and an
   * unknown at or below one is listed once, by the attribute's path, as
   * `(sensitive value, unknown in whole or in part)`.
   */
  DV_RENDER_INSPECT = 1,
  DV_RENDER_STYLE__FORCE_INT32 = 0x7FFFFFFF
} dv_render_style_t;

/** Current version of [`dv_render_options_t`]. */
#define DV_RENDER_OPTIONS_VERSION 1

/**
 * [`dv_render_options_t`] `flags`: print the values of sensitive
 * attributes too. By default, with a `schema`, every non-null attribute it
 * marks sensitive (at any depth: in nested blocks, nested attributes and
 * the elements of their collections) is printed as `(sensitive value)` and
 * nothing below it is printed. Without a `schema`, nothing is masked.
 */
#define DV_RENDER_SHOW_SENSITIVE 0x01u

/**
 * Options of [`dv_value_render`], an options-style struct: initialize it
 * with [`DV_RENDER_OPTIONS_INIT`] or [`dv_render_options_init`], then
 * change fields. The defaults: the pretty view, no schema, the default
 * output limit.
 */
typedef struct dv_render_options {
  uint32_t version;         /**< [`DV_RENDER_OPTIONS_VERSION`] */
  uint32_t flags;           /**< `DV_RENDER_*` bits */
  uint32_t style;           /**< a [`dv_render_style_t`]: `DV_RENDER_PRETTY` (default) or
                                 `DV_RENDER_INSPECT` */
  const dv_block_t *schema; /**< NULL, or the block of the value (e.g. [`dv_schema_block`] of
                                 the schema it was decoded with), borrowed for the call: it
                                 says which attributes are sensitive. Attributes are matched
                                 by name, so with a value of another block only the names
                                 that happen to match are masked. */
  size_t max_output_size;   /**< bytes of text (0: the default, 256 MiB); past it,
                                 `DV_ERR_LIMIT` */
} dv_render_options_t;

/** Static initializer: all defaults, current version. */
#define DV_RENDER_OPTIONS_INIT { DV_RENDER_OPTIONS_VERSION, 0u, DV_RENDER_PRETTY, NULL, 0 }

/**
 * Initializes `opts` like [`DV_RENDER_OPTIONS_INIT`] for the given version.
 *
 * @param opts the struct to fill; NULL gives `DV_ERR_INVALID_ARG`.
 * @param version must be [`DV_RENDER_OPTIONS_VERSION`] (or an older version
 *                this library knows); otherwise `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK` or `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_render_options_init(dv_render_options_t *opts, uint32_t version,
                                          dv_error_t **err);

/* Section - Rendering */

/**
 * Renders a value as text for people, in the view `opts->style` names
 * ([`dv_render_style_t`]). Every line of the text, the last one included,
 * ends with a newline.
 *
 * @param out receives the owned text (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`. Untouched on failure.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param opts NULL for defaults (the pretty view, nothing masked), or
 *             options (borrowed for the call); an unsupported `version`,
 *             unknown `flags` bits or an unknown `style` give
 *             `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_LIMIT` (more than `max_output_size` bytes of
 *         text); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_render(dv_buf_t *out, const dv_value_t *v, const dv_render_options_t *opts,
                                   dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_RENDER_H */
