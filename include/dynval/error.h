/**
 * @file dynval/error.h
 * @brief Error details: status, message, path into the value, byte offset.
 *
 * Every fallible call takes a last parameter `dv_error_t **err`. Pass NULL
 * to ignore the details (the returned [`dv_status_t`] still tells what
 * happened). Otherwise, on success `*err` is set to NULL, and on failure it
 * receives a new error owned by the caller, to be released with
 * [`dv_error_free`]. There is no thread-local "last error".
 *
 * Strings returned by the accessors below are borrowed from the error and
 * stay valid until [`dv_error_free`]. An error is immutable: all accessors
 * take `const` and may be called concurrently.
 */
#ifndef DYNVAL_ERROR_H
#define DYNVAL_ERROR_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An error: opaque, owned by the caller, freed with [`dv_error_free`]. */
typedef struct dv_error dv_error_t;

/** [`dv_error_offset`] returns this when the error has no input offset. */
#define DV_OFFSET_NONE ((size_t)-1)

/* Section - Paths (dv_path_t is in path.h; steps are shared with dv_value_lookup) */

/**
 * A path into a value (cty `Path`): opaque, owned by the caller when built
 * with [`dv_path_new`], freed with [`dv_path_free`]; see dynval/path.h.
 */
typedef struct dv_path dv_path_t;

/** The kind of one step of a path into a value (cty `PathStep`). */
typedef enum dv_path_step_kind {
  DV_PATH_ATTR = 1,    /**< object attribute `.name` (uses `name`) */
  DV_PATH_INDEX = 2,   /**< list/tuple/set element `[index]` (uses `index`) */
  DV_PATH_KEY = 3,     /**< map element `["key"]` (uses `name`) */
  DV_PATH_ELEMENT = 4, /**< set element, keyed by the element itself
                            ([`dv_path_step_element`]; only in a [`dv_path_t`]) */
  DV_PATH_STEP__FORCE_INT32 = 0x7FFFFFFF
} dv_path_step_kind_t;

/**
 * One path step, by value. `kind` holds a [`dv_path_step_kind_t`] value;
 * `name` is used by attribute and key steps, `index` by index steps.
 * When filled by libdynval, `name` is borrowed from the object it came from.
 */
typedef struct dv_path_step {
  uint32_t kind;
  int64_t index;
  dv_str_t name;
} dv_path_step_t;

/* Section - Accessors */

/**
 * Returns the status of an error.
 *
 * @param e the error; NULL gives `DV_OK`.
 * Thread-safe (read-only).
 */
DV_API dv_status_t dv_error_status(const dv_error_t *e);

/**
 * Returns the human-readable message (go-cty's wording where go-cty has
 * one), without the path or offset.
 *
 * @param e the error; NULL gives `{NULL, 0}`.
 * @return a view borrowed from `e`, NUL-terminated, valid until
 *         [`dv_error_free`]`(e)`.
 * Thread-safe (read-only).
 */
DV_API dv_str_t dv_error_message(const dv_error_t *e);

/**
 * Returns the path into the value where the error was found, rendered as
 * [`dv_path_to_string`] renders [`dv_error_path_steps`]`(e)`, e.g.
 * `.network[0].ip["v4"]`. Empty (`len == 0`) when the error is not about a
 * position inside a value.
 *
 * @param e the error; NULL gives `{NULL, 0}`.
 * @return a view borrowed from `e`, NUL-terminated, valid until
 *         [`dv_error_free`]`(e)`.
 * Thread-safe (read-only).
 */
DV_API dv_str_t dv_error_path(const dv_error_t *e);

/**
 * Returns the error as OpenTofu prints a diagnostic's detail
 * (`tfdiags.FormatError`): `PATH: MESSAGE`, with the path as
 * [`dv_error_path`] renders it, or the message alone when the error has no
 * path. Since 0.7.
 *
 * @param e the error; NULL gives `{NULL, 0}`.
 * @return a view borrowed from `e`, NUL-terminated, valid until
 *         [`dv_error_free`]`(e)`.
 * Thread-safe (read-only).
 */
DV_API dv_str_t dv_error_line(const dv_error_t *e);

/**
 * Returns the number of steps of the error's path (0 for the root or no
 * path).
 *
 * @param e the error; NULL gives 0.
 * Thread-safe (read-only).
 */
DV_API size_t dv_error_path_length(const dv_error_t *e);

/**
 * Reads step `i` of the error's path.
 *
 * @param e the error; NULL gives false.
 * @param i the step index, `0 <= i < `[`dv_error_path_length`]`(e)`; out of
 *          range gives false.
 * @param step_out receives the step; its `name` is borrowed from `e` and
 *          valid until [`dv_error_free`]`(e)`. A set-element step gives
 *          kind `DV_PATH_ELEMENT` and an empty `name` (its value:
 *          [`dv_path_step_element`] on [`dv_error_path_steps`]`(e)`). NULL
 *          gives false.
 * @return true when `*step_out` was written.
 * Thread-safe (read-only).
 */
DV_API bool dv_error_path_step(const dv_error_t *e, size_t i, dv_path_step_t *step_out);

/**
 * Returns the path into the value where the error was found, as a path
 * object (set-element steps included), to read with the functions of
 * dynval/path.h or to apply to another value.
 *
 * @param e the error; NULL gives NULL.
 * @return a path borrowed from `e` (do not free it; clone it with
 *         [`dv_path_clone`] to keep it), empty when the error has no path;
 *         valid until [`dv_error_free`]`(e)`.
 * Thread-safe (read-only).
 */
DV_API const dv_path_t *dv_error_path_steps(const dv_error_t *e);

/**
 * Returns the byte offset in the decoded input where the problem starts, or
 * [`DV_OFFSET_NONE`] when the error is not about input bytes.
 *
 * @param e the error; NULL gives [`DV_OFFSET_NONE`].
 * Thread-safe (read-only).
 */
DV_API size_t dv_error_offset(const dv_error_t *e);

/**
 * Releases an error and every string borrowed from it.
 *
 * @param e the error; NULL is a no-op.
 * Needs exclusive access to `e`; may be called from any thread.
 */
DV_API void dv_error_free(dv_error_t *e);

/* Section - Lists of errors */

/**
 * A list of errors: every problem a check found, not just the first (see
 * [`dv_schema_validate_all`]). Opaque, owned by the caller, freed with
 * [`dv_errors_free`]. Its errors are read with the accessors above and are
 * borrowed from the list. A list is immutable: readers may run
 * concurrently.
 */
typedef struct dv_errors dv_errors_t;

/** Number of errors in a list; NULL gives 0. */
DV_API size_t dv_errors_count(const dv_errors_t *list);

/** Error `i` of a list, borrowed until [`dv_errors_free`]; NULL for a NULL list or `i` past the end. */
DV_API const dv_error_t *dv_errors_at(const dv_errors_t *list, size_t i);

/**
 * Releases a list and its errors.
 *
 * @param list the list; NULL is a no-op.
 * Needs exclusive access to `list`; may be called from any thread.
 */
DV_API void dv_errors_free(dv_errors_t *list);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_ERROR_H */
