/**
 * @file dynval/path.h
 * @brief Paths into values: [`dv_path_t`] (cty `Path`).
 *
 * A path is a sequence of steps from a value to one nested in it: object
 * attributes, list and tuple indexes, map keys, and set elements (a set
 * element is its own key, as in cty's `IndexStep{Key: element}`). Paths come
 * from [`dv_path_new`] and the appends below, from errors
 * ([`dv_error_path_steps`]), from [`dv_value_walk`] and
 * [`dv_value_transform`] callbacks, and from [`dv_value_diff`]; they are
 * printed by one printer, [`dv_path_to_string`], which also renders
 * [`dv_error_path`] and the bindings' paths; and they convert to and from
 * the plugin protocol's `AttributePath` message
 * ([`dv_path_to_attribute_path`], [`dv_path_from_attribute_path`]).
 *
 * A path is mutable through the appends and [`dv_path_truncate`] (which
 * need exclusive access); every other function only reads it. A path holds
 * references to the element values of its set-element steps. Free an owned
 * path with [`dv_path_free`], from any thread.
 */
#ifndef DYNVAL_PATH_H
#define DYNVAL_PATH_H

#include "common.h"
#include "buffer.h"
#include "error.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Section - Building */

/**
 * Creates an empty path (the value itself).
 *
 * @param out receives a new path owned by the caller (free with
 *            [`dv_path_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_new(dv_path_t **out, dv_error_t **err);

/**
 * Copies a path (set-element values are shared, in O(1) each).
 *
 * @param out receives a new path owned by the caller (free with
 *            [`dv_path_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param p the path (owned or borrowed); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_clone(dv_path_t **out, const dv_path_t *p, dv_error_t **err);

/**
 * Releases an owned path (from [`dv_path_new`] or [`dv_path_clone`]).
 * Borrowed paths must not be passed.
 *
 * @param p the path; NULL is a no-op.
 * May be called from any thread.
 */
DV_API void dv_path_free(dv_path_t *p);

/**
 * Appends an object attribute step, `.name` (cty `GetAttrStep`).
 *
 * @param p the path to extend; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name the attribute name (bytes copied); may be NULL only when
 *             `len == 0`.
 * @param len the name length.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM` (then `p` is
 *         unchanged). Needs exclusive access to `p`.
 */
DV_API dv_status_t dv_path_append_attr(dv_path_t *p, const char *name, size_t len, dv_error_t **err);

/**
 * Appends a list or tuple index step, `[index]` (cty
 * `IndexStep{NumberIntVal(index)}`). [`dv_value_lookup_path`] and
 * [`dv_value_set_path`] also apply it to sets (iteration order).
 *
 * @param p the path to extend; NULL gives `DV_ERR_INVALID_ARG`.
 * @param index the index (a negative index is kept, and never matches).
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Needs exclusive
 *         access to `p`.
 */
DV_API dv_status_t dv_path_append_index(dv_path_t *p, int64_t index, dv_error_t **err);

/**
 * Appends a map key step, `["key"]` (cty `IndexStep{StringVal(key)}`).
 *
 * @param p the path to extend; NULL gives `DV_ERR_INVALID_ARG`.
 * @param key the key (bytes copied); may be NULL only when `len == 0`.
 * @param len the key length.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Needs exclusive
 *         access to `p`.
 */
DV_API dv_status_t dv_path_append_key(dv_path_t *p, const char *key, size_t len, dv_error_t **err);

/**
 * Appends a set element step keyed by the element itself (cty
 * `IndexStep{Key: elem}`).
 *
 * @param p the path to extend; NULL gives `DV_ERR_INVALID_ARG`.
 * @param elem the element value (reference copied; the caller keeps its
 *             own); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Needs exclusive
 *         access to `p`.
 */
DV_API dv_status_t dv_path_append_element(dv_path_t *p, const dv_value_t *elem, dv_error_t **err);

/**
 * Shortens a path to its first `len` steps (no-op when it is not longer),
 * e.g. to go back up while building paths in a recursive function.
 *
 * @param p the path; NULL is a no-op.
 * @param len the number of steps to keep.
 * Needs exclusive access to `p`.
 */
DV_API void dv_path_truncate(dv_path_t *p, size_t len);

/* Section - Reading */

/** Returns the number of steps (0 for the value itself).
 *  @param p the path; NULL gives 0. Thread-safe. */
DV_API size_t dv_path_length(const dv_path_t *p);

/**
 * Reads step `i`.
 *
 * @param p the path; NULL gives false.
 * @param i the step index, `0 <= i < `[`dv_path_length`]`(p)`; out of range
 *          gives false.
 * @param step_out receives the step; its `name` is borrowed from `p` and
 *                 valid until `p` changes or is freed. A set-element step
 *                 gives kind `DV_PATH_ELEMENT`, index 0 and an empty name
 *                 (its value: [`dv_path_step_element`]). NULL gives false.
 * @return true when `*step_out` was written. Thread-safe.
 */
DV_API bool dv_path_step(const dv_path_t *p, size_t i, dv_path_step_t *step_out);

/**
 * Returns the element value of set-element step `i`.
 *
 * @param p the path; NULL gives NULL.
 * @param i the step index; out of range, or a step of another kind, gives
 *          NULL.
 * @return a value borrowed from `p` (do not free it), valid until `p`
 *         changes or is freed. Thread-safe.
 */
DV_API const dv_value_t *dv_path_step_element(const dv_path_t *p, size_t i);

/**
 * Compares two paths as cty `Path.Equals`: the same steps in the same
 * order, set-element values compared with [`dv_value_raw_equals`]. An index
 * step and a set-element step are different steps, even for the same
 * number.
 *
 * @param out receives the result; NULL gives `DV_ERR_INVALID_ARG`.
 * @param a,b the paths; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_equals(bool *out, const dv_path_t *a, const dv_path_t *b, dv_error_t **err);

/**
 * Renders a path as Terraform and OpenTofu diagnostics do
 * (`tfdiags.FormatCtyPath`), e.g. `.network[0].ip["v4"]`; the empty path
 * renders as the empty string. Attribute names are written as they are;
 * indexes in decimal; map keys quoted as Go's `strconv.Quote`; a set element
 * by its value as FormatCtyPath writes an index key: a string quoted
 * (`["a"]`), a number with Go's `%g` (`[1.5]`, `[1e+21]`), null as
 * `[null]`, an unknown as `[(not yet known)]`, any other value as `[...]`.
 * This is the printer behind [`dv_error_path`] and the bindings' paths.
 *
 * @param out receives the owned text (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param p the path; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_to_string(dv_buf_t *out, const dv_path_t *p, dv_error_t **err);

/* Section - Applying */

/**
 * Applies a path to a value exactly as cty `Path.Apply` does, and returns
 * the value reached. Unlike [`dv_value_lookup_path`], it follows go-cty
 * through unknown values (an attribute of an unknown object is an unknown
 * of the attribute's type; an element of an unknown list an unknown of the
 * element type) and takes sets its way: a set-element step yields the
 * step's own value when the set has an element equal to it (cty `Equals`),
 * and an unknown of the element type when that depends on unknowns. Index
 * steps apply to lists and tuples, key steps to maps, attribute steps to
 * objects, as in go-cty.
 *
 * @param out receives the value (owned by the caller; free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param p the path; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details: go-cty's message (e.g.
 *            `at step 1: object has no attribute "x"`) and the path up to
 *            the failing step.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (a step that does not apply to
 *         the value's kind, or a null value); `DV_ERR_NOT_FOUND` (no such
 *         attribute, index, key or element); `DV_ERR_INVALID_ARG`;
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_apply(dv_value_t **out, const dv_path_t *p, const dv_value_t *v,
                                 dv_error_t **err);

/* Section - Protocol attribute paths */

/**
 * Encodes a path as the protobuf bytes of the plugin protocol's
 * `AttributePath` message (tfplugin5 and tfplugin6 define it alike), as
 * Go's protobuf writes it, for a `Diagnostic`'s `attribute` or a
 * `PlanResourceChange` response's `requires_replace`. An attribute step
 * becomes `attribute_name`, a map key step `element_key_string`, an index
 * step `element_key_int`.
 *
 * The protocol cannot name a set element, so the message ends before the
 * first `DV_PATH_ELEMENT` step and holds the steps in front of it (the path
 * of the whole set), as terraform-plugin-go does. The steps encoded are
 * thus the first *n*, where *n* is the index of the first element step (or
 * the whole path); the empty path, or one that starts with an element
 * step, encodes as no bytes.
 *
 * @param out receives the owned bytes (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param p the path; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_INVALID_ARG` (also for an attribute name or map
 *         key, among the steps encoded, that is not valid UTF-8, which
 *         protobuf strings must be; the error's path ends at that step);
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_to_attribute_path(dv_buf_t *out, const dv_path_t *p, dv_error_t **err);

/**
 * Decodes the protobuf bytes of an `AttributePath` message into a path:
 * `attribute_name` gives an attribute step, `element_key_string` a map key
 * step (its key in NFC, as cty strings are), `element_key_int` an index
 * step. Protobuf's rules apply: unknown fields (and fields of an
 * unexpected wire type) are skipped, and when a step holds several
 * selectors the last one wins.
 *
 * @param out receives a new path owned by the caller (free with
 *            [`dv_path_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param data the message bytes (not retained); may be NULL only when
 *             `len == 0` (the empty message is the empty path).
 * @param len number of bytes.
 * @param err optional error details: the byte offset in `data`, and the
 *            field in the message as a path (`.steps[2].attribute_name`).
 * @return `DV_OK`; `DV_ERR_PARSE` (malformed protobuf: a truncated varint
 *         or field, a length past the end, an invalid tag or wire type, a
 *         string that is not UTF-8, or a step with no selector, which
 *         would otherwise vanish from the path); `DV_ERR_LIMIT` (more than
 *         4096 steps, deeper than any value; or groups nested past 512
 *         levels); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_path_from_attribute_path(dv_path_t **out, const void *data, size_t len,
                                               dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_PATH_H */
