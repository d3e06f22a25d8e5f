/**
 * @file dynval/diff.h
 * @brief Where two values differ: [`dv_value_diff`] and [`dv_diff_t`].
 *
 * A provider checks that what it applied matches what it planned
 * (`PlanResourceChange` vs `ApplyResourceChange`), or that a refreshed state
 * kept its configured values, by diffing two values of one schema.
 * [`dv_value_diff`] computes the differences as terraform-plugin-go's
 * `tftypes.Value.Diff` does; the result is an immutable list of entries,
 * each a path and the part of each value at that path.
 */
#ifndef DYNVAL_DIFF_H
#define DYNVAL_DIFF_H

#include "common.h"
#include "error.h"
#include "path.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A list of differences: opaque, immutable, freed with [`dv_diff_free`]. */
typedef struct dv_diff dv_diff_t;

/**
 * Computes where `a` and `b` differ, as `tftypes.Value.Diff(a, b)`:
 *
 * 1. every position that `b` has and `a` lacks (the shallowest one of each
 *    missing subtree; its `a` part is absent);
 * 2. then, walking `a` in [`dv_value_walk`]'s order: every leaf whose value
 *    differs; every unknown against a known value (the walk stops there if
 *    `a`'s side is the unknown one, and goes on below `a` otherwise); every
 *    null against a non-null value (likewise); every list, set or tuple of
 *    another length and every map or object with another number of entries
 *    (the walk goes on below); and every position under `a` that `b`
 *    lacks (its `b` part absent), with all of its subtree.
 *
 * Two unknowns are equal whatever their types and refinements (tftypes has
 * no refinements). Numbers compare by value: 1 equals 1.0 at any precision,
 * -0 equals 0. Set elements are matched by deep equality, in which two
 * unknowns are equal, so a set element present in only one of the sets is
 * reported with its whole subtree. The order of entries is deterministic
 * (tftypes visits maps and objects in Go's random map order).
 *
 * Cost: O(n log n) in the sizes of `a` and `b`, however deeply their sets
 * nest, and memory in proportion to them.
 *
 * One deliberate difference: where the two values have different types at
 * a position (at the root, or below a dynamic type), tftypes fails; here
 * that position is one more difference (in step 2) when the types differ
 * there (other kinds, or objects with other attribute names; collections
 * whose element types differ differ at their elements), and the walk goes
 * on below `a`'s value there.
 *
 * @param out receives the differences (owned by the caller; free with
 *            [`dv_diff_free`]); empty when the values are equal in this
 *            sense. NULL gives `DV_ERR_INVALID_ARG`.
 * @param a the first value (`tftypes` `val1`); NULL gives
 *          `DV_ERR_INVALID_ARG`.
 * @param b the second value (`val2`); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_diff(dv_diff_t **out, const dv_value_t *a, const dv_value_t *b,
                                 dv_error_t **err);

/** Returns the number of differences.
 *  @param d the differences; NULL gives 0. Thread-safe. */
DV_API size_t dv_diff_length(const dv_diff_t *d);

/**
 * Reads difference `i`: its path and the part of each value there.
 *
 * @param d the differences; NULL gives false.
 * @param i the index, `0 <= i < `[`dv_diff_length`]`(d)`; out of range
 *          gives false.
 * @param path_out receives the path, borrowed from `d`; may be NULL. The
 *                 differences store their paths with shared prefixes, and
 *                 an entry's path is built on the first call that asks for
 *                 it (O(its length)), so a program that reads only some
 *                 paths pays only for those.
 * @param a_out receives `a`'s part, borrowed from `d` (do not free), or
 *              NULL when `a` has nothing at the path; may be NULL.
 * @param b_out receives `b`'s part likewise; may be NULL.
 * @return true when the outputs were written; false also when there was no
 *         memory to build the path. Everything borrowed stays valid until
 *         [`dv_diff_free`]`(d)`. Thread-safe.
 */
DV_API bool dv_diff_entry(const dv_diff_t *d, size_t i, const dv_path_t **path_out,
                          const dv_value_t **a_out, const dv_value_t **b_out);

/**
 * Releases a list of differences and everything borrowed from it.
 *
 * @param d the differences; NULL is a no-op.
 * May be called from any thread.
 */
DV_API void dv_diff_free(dv_diff_t *d);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_DIFF_H */
