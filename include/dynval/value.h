/**
 * @file dynval/value.h
 * @brief cty values: [`dv_value_t`].
 *
 * A value is null, unknown (optionally *refined*) or known, at any type.
 * Values are immutable and reference-counted: [`dv_value_clone`] is O(1),
 * and every function taking `const dv_value_t *` may run concurrently with
 * any other on the same value, from any thread. Owned values are released
 * with [`dv_value_free`], from any thread.
 *
 * Ownership:
 *  - constructors deliver a new value through `out`, owned by the caller;
 *    they copy the caller's bytes and *copy references* to the element
 *    values they are given (the caller keeps, and still frees, its own);
 *  - getters such as [`dv_value_element`] return `const dv_value_t *`
 *    borrowed from their parent: valid as long as the parent value is, and
 *    never freed by the caller (clone them to keep them longer).
 *
 * Memory: the decoders allocate a document's strings and collections from
 * one arena, freed when the last value referring into it is freed. So a
 * clone of a small part of a large decoded value (one attribute, one
 * element) keeps the whole document's memory until that clone is freed;
 * rebuild the part with the constructors to keep only it.
 *
 * Depth: a value nests at most 4096 levels (1024 in AddressSanitizer
 * builds), the most any decoder follows; a collection constructor that
 * would go deeper returns `DV_ERR_LIMIT`, so that every walk of a value
 * (encoding, comparing, hashing, printing, freeing) is bounded.
 *
 * Ordering: set elements are kept in go-cty's iteration order (the wire
 * order), map entries bytewise by key, object attributes bytewise by name;
 * index-based access uses those orders.
 *
 * Accessors that need a known, non-null value return `DV_ERR_UNKNOWN_VALUE` for an
 * unknown value and `DV_ERR_TYPE_MISMATCH` for a null value or a value of
 * another type.
 */
#ifndef DYNVAL_VALUE_H
#define DYNVAL_VALUE_H

#include "common.h"
#include "buffer.h"
#include "error.h"
#include "type.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A cty value: opaque, immutable, freed with [`dv_value_free`]. */
typedef struct dv_value dv_value_t;

/** The result of [`dv_value_equals`] (cty `Value.Equals`). Values are pinned. */
typedef enum dv_tristate {
  DV_TRISTATE_FALSE = 0,
  DV_TRISTATE_TRUE = 1,
  DV_TRISTATE_UNKNOWN = 2, /**< the answer depends on unknown values */
  DV_TRISTATE__FORCE_INT32 = 0x7FFFFFFF
} dv_tristate_t;

/* Section - Refinements of unknown values */

/** Current version of [`dv_refinements_t`]. */
#define DV_REFINEMENTS_VERSION 1

/** [`dv_refinements_t`] `flags`: the value is definitely not null. */
#define DV_REFINE_NOT_NULL 0x01u
/** Use `prefix`/`prefix_len` as a known string prefix (string type only). */
#define DV_REFINE_PREFIX 0x02u
/** Use `lower` or `lower_text` as a lower bound (number type only). */
#define DV_REFINE_LOWER 0x04u
/** The lower bound is inclusive (`>=`); without it, exclusive (`>`). */
#define DV_REFINE_LOWER_INCLUSIVE 0x08u
/** Use `upper` or `upper_text` as an upper bound (number type only). */
#define DV_REFINE_UPPER 0x10u
/** The upper bound is inclusive (`<=`); without it, exclusive (`<`). */
#define DV_REFINE_UPPER_INCLUSIVE 0x20u
/** Use `length_min` as the minimum length (list, set, map only). */
#define DV_REFINE_LENGTH_MIN 0x40u
/** Use `length_max` as the maximum length (list, set, map only). */
#define DV_REFINE_LENGTH_MAX 0x80u

/**
 * Refinements for [`dv_value_new_unknown`], an options-style struct
 * (cty `Value.Refine()`). Initialize it with [`DV_REFINEMENTS_INIT`] or
 * [`dv_refinements_init`], set `flags` and the fields they name; fields whose
 * flag is not set are ignored. All pointers are borrowed for the duration of
 * the call only.
 *
 * Number bounds are given either as a known number value (`lower`/`upper`)
 * or as decimal text parsed like `ParseNumberVal` (`lower_text`/
 * `upper_text`), never both.
 */
typedef struct dv_refinements {
  uint32_t version;          /**< [`DV_REFINEMENTS_VERSION`] */
  uint32_t flags;            /**< `DV_REFINE_*` bits */
  const char *prefix;        /**< string prefix (NFC-normalised by libdynval) */
  size_t prefix_len;
  const dv_value_t *lower;   /**< known number, or NULL to use lower_text */
  const char *lower_text;
  size_t lower_text_len;
  const dv_value_t *upper;   /**< known number, or NULL to use upper_text */
  const char *upper_text;
  size_t upper_text_len;
  int64_t length_min;        /**< inclusive; negative is treated as 0 */
  int64_t length_max;        /**< inclusive; INT64_MAX means unbounded */
} dv_refinements_t;

/** Static initializer: no refinement, current version. */
#define DV_REFINEMENTS_INIT \
  { DV_REFINEMENTS_VERSION, 0u, NULL, 0, NULL, NULL, 0, NULL, NULL, 0, 0, INT64_MAX }

/**
 * Initializes `opts` like [`DV_REFINEMENTS_INIT`] for the given version.
 *
 * @param opts the struct to fill; NULL gives `DV_ERR_INVALID_ARG`.
 * @param version must be [`DV_REFINEMENTS_VERSION`] (or an older version
 *                this library knows); otherwise `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK` or `DV_ERR_INVALID_ARG`.
 * Thread-safe.
 */
DV_API dv_status_t dv_refinements_init(dv_refinements_t *opts, uint32_t version, dv_error_t **err);

/* Section - Constructors */

/**
 * Builds a null value of type `type` (cty `NullVal`).
 *
 * @param out receives a new value owned by the caller (free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param type the type (reference copied); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_value_new_null(dv_value_t **out, const dv_type_t *type, dv_error_t **err);

/**
 * Builds an unknown value of type `type`, optionally refined (cty
 * `UnknownVal(t).Refine()...NewValue()`). go-cty's collapse rules apply, so
 * the result may be known or null: e.g. not-null with equal inclusive number
 * bounds gives that number; not-null with length [0,0] gives the empty
 * collection. Refinements on the dynamic type are dropped (cty.DynamicVal).
 *
 * @param out receives a new value owned by the caller (free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param type the type (reference copied); NULL gives `DV_ERR_INVALID_ARG`.
 * @param refinements NULL for a plain unknown, or refinements (borrowed for
 *                    the call); an unsupported `version` gives
 *                    `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_REFINEMENT` (a refinement that does not apply to
 *         the type, lower > upper, min > max); `DV_ERR_PARSE` (bad bound
 *         text); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_value_new_unknown(dv_value_t **out, const dv_type_t *type,
                                        const dv_refinements_t *refinements, dv_error_t **err);

/**
 * Builds a known bool (cty `BoolVal`).
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param b the value.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_bool(dv_value_t **out, bool b, dv_error_t **err);

/**
 * Builds a known number from an int64 (cty `NumberIntVal`, precision 64).
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param n the number.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_int64(dv_value_t **out, int64_t n, dv_error_t **err);

/**
 * Builds a known number from a uint64 (cty `NumberUIntVal`, precision 64).
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param n the number.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_uint64(dv_value_t **out, uint64_t n, dv_error_t **err);

/**
 * Builds a known number from a double (cty `NumberFloatVal`, precision 53).
 * Infinities give cty's infinities; NaN is rejected.
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param d the number.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` (NULL `out`, NaN) or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_value_new_double(dv_value_t **out, double d, dv_error_t **err);

/**
 * Builds a known number from decimal text, exactly (cty `ParseNumberVal`:
 * Go `big.Float` parsing at precision 512), e.g. "0.1", "-12e300", "+Inf".
 *
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param text the text (not retained); may be NULL only when `len == 0`
 *             (which is then a parse error).
 * @param len the text length.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_PARSE` (not a number), `DV_ERR_LIMIT` (text
 *         longer than 10,000 characters, or a number that would print as
 *         more, e.g. "1e1000000"), `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 *         Thread-safe.
 */
DV_API dv_status_t dv_value_new_number_text(dv_value_t **out, const char *text, size_t len,
                                            dv_error_t **err);

/**
 * Builds a known string (cty `StringVal`): the bytes are copied and
 * NFC-normalised. Bytes that are not valid UTF-8 are kept as they are, as
 * go-cty does.
 *
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param s the bytes (copied); may be NULL only when `len == 0`.
 * @param len number of bytes.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_string(dv_value_t **out, const char *s, size_t len,
                                       dv_error_t **err);

/**
 * Builds a known list (cty `ListVal` / `ListValEmpty`).
 *
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param elem_type the element type (reference copied), or NULL to use the
 *                  type of `elems[0]` (then `n` must be > 0).
 * @param elems `n` element values (references copied, not consumed); may be
 *              NULL only when `n == 0`; a NULL entry gives
 *              `DV_ERR_INVALID_ARG`.
 * @param n number of elements.
 * @param err optional error details (the message names both types).
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (an element of another type);
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_list(dv_value_t **out, const dv_type_t *elem_type,
                                     const dv_value_t *const *elems, size_t n, dv_error_t **err);

/**
 * Builds a known set (cty `SetVal` / `SetValEmpty`): equal elements are
 * merged (first wins; unknowns never merge) and elements are ordered as
 * go-cty iterates them. Parameters, ownership and statuses as
 * [`dv_value_new_list`].
 */
DV_API dv_status_t dv_value_new_set(dv_value_t **out, const dv_type_t *elem_type,
                                    const dv_value_t *const *elems, size_t n, dv_error_t **err);

/**
 * Builds a known map (cty `MapVal` / `MapValEmpty`) from `n` entries given
 * as parallel arrays. Keys are NFC-normalised; when two keys are equal after
 * that, the last one wins. Entries are kept sorted bytewise by key.
 *
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param elem_type the element type (reference copied), or NULL to use the
 *                  type of `values[0]` (then `n` must be > 0).
 * @param keys `n` keys (bytes copied); may be NULL only when `n == 0`.
 * @param values `n` values (references copied); may be NULL only when
 *               `n == 0`; a NULL entry gives `DV_ERR_INVALID_ARG`.
 * @param n number of entries.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH`; `DV_ERR_INVALID_ARG`;
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_map(dv_value_t **out, const dv_type_t *elem_type,
                                    const dv_str_t *keys, const dv_value_t *const *values,
                                    size_t n, dv_error_t **err);

/**
 * Builds a known object (cty `ObjectVal`) from `n` attributes given as
 * parallel arrays, in any order; its type is built from the values.
 *
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param names `n` attribute names (bytes copied, NFC-normalised); may be
 *              NULL only when `n == 0`.
 * @param values `n` values (references copied); may be NULL only when
 *               `n == 0`; a NULL entry gives `DV_ERR_INVALID_ARG`.
 * @param n number of attributes; 0 gives the empty object.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_INVALID_ARG` (NULL arguments, duplicate names);
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_object(dv_value_t **out, const dv_str_t *names,
                                       const dv_value_t *const *values, size_t n,
                                       dv_error_t **err);

/**
 * Builds a known tuple (cty `TupleVal`); its type is built from the values.
 *
 * @param out receives a new value (free with [`dv_value_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param elems `n` values (references copied); may be NULL only when
 *              `n == 0`; a NULL entry gives `DV_ERR_INVALID_ARG`.
 * @param n number of elements; 0 gives the empty tuple.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_new_tuple(dv_value_t **out, const dv_value_t *const *elems,
                                      size_t n, dv_error_t **err);

/**
 * Returns another owned reference to the same immutable value, in O(1).
 * Use it to keep a borrowed value (e.g. from [`dv_value_element`]) beyond
 * the life of its parent.
 *
 * @param out receives the new reference (free with [`dv_value_free`]); NULL
 *            gives `DV_ERR_INVALID_ARG`.
 * @param v the value (owned or borrowed); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_clone(dv_value_t **out, const dv_value_t *v, dv_error_t **err);

/**
 * Releases an owned value (from a constructor, a decoder or
 * [`dv_value_clone`]). Borrowed values must not be passed. Values obtained
 * from it by borrowed getters become invalid, unless other references to the
 * same value are alive.
 *
 * @param v the value; NULL is a no-op.
 * May be called from any thread.
 */
DV_API void dv_value_free(dv_value_t *v);

/* Section - State and type */

/**
 * Returns the value's type, borrowed from the value (do not free it; clone
 * it with [`dv_type_clone`] to keep it).
 * @param v the value; NULL gives NULL.
 * Thread-safe.
 */
DV_API const dv_type_t *dv_value_type(const dv_value_t *v);

/**
 * Returns the kind of the value's type (`DV_TYPE_DYNAMIC` only for null or
 * unknown values of the dynamic pseudo-type).
 * @param v the value; NULL gives `DV_TYPE_INVALID`.
 * Thread-safe.
 */
DV_API dv_type_kind_t dv_value_kind(const dv_value_t *v);

/** True for a null value (known or not is separate: null values are known).
 *  @param v the value; NULL, what the lookups return for a value that is
 *         not there, counts as null: true. Thread-safe. */
DV_API bool dv_value_is_null(const dv_value_t *v);

/** True unless the value is unknown (nulls are known).
 *  @param v the value; NULL counts as null: true. Thread-safe. */
DV_API bool dv_value_is_known(const dv_value_t *v);

/** True when no unknown value appears anywhere inside (cty `IsWhollyKnown`).
 *  @param v the value; NULL counts as null: true. Thread-safe. */
DV_API bool dv_value_is_wholly_known(const dv_value_t *v);

/* Section - Refinement queries (unknown values) */

/**
 * True when `v` is an unknown value refined as definitely not null.
 * @param v the value; NULL, known and null values give false.
 * Thread-safe.
 */
DV_API bool dv_value_refined_not_null(const dv_value_t *v);

/**
 * Returns the known prefix of an unknown string value.
 * @param v the value; NULL, known values and unknowns without a prefix give
 *          an empty view (`len == 0`).
 * @return a view borrowed from `v`, valid as long as `v`.
 * Thread-safe.
 */
DV_API dv_str_t dv_value_refined_prefix(const dv_value_t *v);

/**
 * Gets the lower bound of an unknown number value. An unbounded value
 * gives negative infinity, inclusive (cty `NumberLowerBound`).
 *
 * @param out receives a new known number value (free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param inclusive_out receives whether the bound is inclusive; may be NULL.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` unless `v` is an unknown number;
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_refined_lower_bound(dv_value_t **out, bool *inclusive_out,
                                                const dv_value_t *v, dv_error_t **err);

/**
 * Gets the upper bound of an unknown number value; unbounded gives positive
 * infinity, inclusive. Parameters and statuses as
 * [`dv_value_refined_lower_bound`].
 */
DV_API dv_status_t dv_value_refined_upper_bound(dv_value_t **out, bool *inclusive_out,
                                                const dv_value_t *v, dv_error_t **err);

/**
 * Gets the inclusive length bounds of an unknown list, set or map value
 * (0 and INT64_MAX when unrefined).
 *
 * @param min_out receives the minimum length; may be NULL.
 * @param max_out receives the maximum length (INT64_MAX = unbounded); may be
 *                NULL.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` unless `v` is an unknown
 *         collection; `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_value_refined_length(int64_t *min_out, int64_t *max_out,
                                           const dv_value_t *v, dv_error_t **err);

/* Section - Primitive accessors (known, non-null values) */

/**
 * Reads a bool.
 * @param out receives the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (not a bool, or null);
 *         `DV_ERR_UNKNOWN_VALUE`; `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_value_as_bool(bool *out, const dv_value_t *v, dv_error_t **err);

/**
 * Converts a number to int64, truncating toward zero and saturating (Go
 * `big.Float.Int64`).
 *
 * @param out receives the result; NULL gives `DV_ERR_INVALID_ARG`.
 * @param exact_out receives whether the conversion lost nothing. If NULL,
 *                  an inexact conversion fails with `DV_ERR_OUT_OF_RANGE`
 *                  and leaves `*out` untouched.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_OUT_OF_RANGE`; `DV_ERR_TYPE_MISMATCH` (not a
 *         number, or null); `DV_ERR_UNKNOWN_VALUE`; `DV_ERR_INVALID_ARG`.
 * Thread-safe.
 */
DV_API dv_status_t dv_value_as_int64(int64_t *out, bool *exact_out, const dv_value_t *v,
                                     dv_error_t **err);

/**
 * Converts a number to uint64 (Go `big.Float.Uint64`: truncated toward zero,
 * saturated; negative numbers give 0, inexact). Parameters, NULL handling
 * and statuses as [`dv_value_as_int64`]. Thread-safe.
 */
DV_API dv_status_t dv_value_as_uint64(uint64_t *out, bool *exact_out, const dv_value_t *v,
                                      dv_error_t **err);

/**
 * Converts a number to the nearest double (Go `big.Float.Float64`;
 * overflow gives an infinity, inexact). Parameters and statuses as
 * [`dv_value_as_int64`].
 */
DV_API dv_status_t dv_value_as_double(double *out, bool *exact_out, const dv_value_t *v,
                                      dv_error_t **err);

/**
 * Renders a number exactly as go-cty does (`big.Float.Text('f', -1)`: the
 * shortest decimal at the number's precision, no exponent; "-0", "+Inf",
 * "-Inf").
 *
 * @param out receives the owned text (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH`; `DV_ERR_UNKNOWN_VALUE`;
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_number_text(dv_buf_t *out, const dv_value_t *v, dv_error_t **err);

/**
 * Reads the binary precision of a number (64 for integers, 53 for
 * doubles, 512 for numbers parsed from text), which decides its wire form.
 * @param out receives the precision in bits; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH`; `DV_ERR_UNKNOWN_VALUE`;
 *         `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_value_number_precision(uint32_t *out, const dv_value_t *v,
                                             dv_error_t **err);

/**
 * Reads a string (NFC UTF-8).
 * @param out receives a view *borrowed* from `v` (valid as long as `v`);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (not a string, or null);
 *         `DV_ERR_UNKNOWN_VALUE`; `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_value_as_string(dv_str_t *out, const dv_value_t *v, dv_error_t **err);

/* Section - Collections and structures (known, non-null values) */

/**
 * Reads the number of elements of a list, set, tuple or map, or of
 * attributes of an object.
 * @param out receives the count; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (primitive, or null);
 *         `DV_ERR_UNKNOWN_VALUE`; `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_value_length(size_t *out, const dv_value_t *v, dv_error_t **err);

/**
 * Returns element `i`: of a list or tuple; of a set in go-cty's iteration
 * order; the value of entry `i` of a map (bytewise key order) or of
 * attribute `i` of an object (bytewise name order).
 *
 * @param v the value; NULL, unknown, null or primitive values give NULL.
 * @param i the index; out of range gives NULL.
 * @return a value borrowed from `v` (valid as long as `v`; do not free).
 * Thread-safe.
 */
DV_API const dv_value_t *dv_value_element(const dv_value_t *v, size_t i);

/**
 * Returns entry `i` of a map (bytewise key order) or attribute `i` of an
 * object (bytewise name order), with its key or name.
 *
 * @param v the value; NULL, unknown, null or non-map/object values give
 *          NULL.
 * @param i the index; out of range gives NULL.
 * @param key_out receives the key or attribute name, borrowed from `v`; may
 *                be NULL. Untouched when NULL is returned.
 * @return the entry's value, borrowed from `v` (do not free). Thread-safe.
 */
DV_API const dv_value_t *dv_value_entry(const dv_value_t *v, size_t i, dv_str_t *key_out);

/**
 * Looks up an object attribute by name or a map element by key (exact
 * bytes; keys and names are stored NFC-normalised).
 *
 * @param v the value; NULL, unknown, null or non-map/object values give
 *          NULL.
 * @param key the key bytes (not retained); NULL gives NULL unless
 *            `len == 0`.
 * @param len the key length.
 * @return the element, borrowed from `v` (do not free), or NULL when
 *         absent. Thread-safe.
 */
DV_API const dv_value_t *dv_value_get(const dv_value_t *v, const char *key, size_t len);

/**
 * Follows a path of attribute, index and key steps (cty `Path.Apply`
 * without errors). An index step also applies to sets (iteration order).
 *
 * @param v the root value; NULL gives NULL.
 * @param steps `n` steps (borrowed for the call); may be NULL only when
 *              `n == 0` (which returns `v`).
 * @param n number of steps.
 * @return the value at the path, borrowed from `v` (do not free), or NULL
 *         when a step does not apply or the element is absent.
 * Thread-safe.
 */
DV_API const dv_value_t *dv_value_lookup(const dv_value_t *v, const dv_path_step_t *steps,
                                         size_t n);

/**
 * Looks up an object attribute by name or a map element by key, telling
 * why nothing is there: a missing attribute or key is not an error (`*out`
 * is NULL), a null or unknown parent is. Names and keys are NFC-normalised
 * before the lookup.
 *
 * @param out receives the element, borrowed from `v` (do not free), or NULL
 *            when there is no such attribute or key; NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param key the name or key bytes (not retained); may be NULL only when
 *            `len == 0`.
 * @param len the key length.
 * @param err optional error details.
 * @return `DV_OK` (found or not); `DV_ERR_UNKNOWN_VALUE` (`v` is unknown);
 *         `DV_ERR_TYPE_MISMATCH` (`v` is null, or neither an object nor a
 *         map); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_find(const dv_value_t **out, const dv_value_t *v, const char *key, size_t len,
                                 dv_error_t **err);

/**
 * Follows a [`dv_path_t`] without errors, as [`dv_value_lookup`] does for
 * an array of steps: attribute steps apply to objects, key steps to maps
 * and objects, index steps to lists, tuples and sets (iteration order), and
 * a set-element step selects the set's first element equal to its value
 * (cty `Equals`; for a value holding unknowns, which is never `Equals`, the
 * first element [`dv_value_raw_equals`] to it). [`dv_path_apply`] is cty's
 * `Path.Apply`, with its errors and its results through unknowns.
 *
 * @param v the root value; NULL gives NULL.
 * @param p the path; NULL gives NULL; the empty path gives `v`.
 * @return the value at the path, borrowed from `v` (do not free), or NULL
 *         when a step does not apply or the element is absent (including
 *         through null and unknown values). Thread-safe.
 */
DV_API const dv_value_t *dv_value_lookup_path(const dv_value_t *v, const dv_path_t *p);

/* Section - Comparison, hashing, printing */

/**
 * Compares two values as cty `Value.Equals` does: unknown when either side
 * (or any element compared) is unknown; null equals null of any type.
 *
 * @param out receives the result; NULL gives `DV_ERR_INVALID_ARG`.
 * @param a,b the values; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_equals(dv_tristate_t *out, const dv_value_t *a, const dv_value_t *b,
                                   dv_error_t **err);

/**
 * Exact identity as cty `Value.RawEquals`: types, unknowns and refinements
 * must all match.
 *
 * @param out receives the result; NULL gives `DV_ERR_INVALID_ARG`.
 * @param a,b the values; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_raw_equals(bool *out, const dv_value_t *a, const dv_value_t *b,
                                       dv_error_t **err);

/**
 * Computes a stable 64-bit hash: raw-equal values, and values that are
 * `Equals` true, have equal hashes.
 *
 * @param out receives the hash; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_hash(uint64_t *out, const dv_value_t *v, dv_error_t **err);

/**
 * Renders a value in go-cty's GoString style for debugging, e.g.
 * `cty.StringVal("x")` or `cty.UnknownVal(cty.String).RefineNotNull()`.
 * Not a stable format.
 *
 * @param out receives the owned text (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_debug_string(dv_buf_t *out, const dv_value_t *v, dv_error_t **err);


/* Section - Walking, transforming and editing */

/**
 * A callback may return this (any positive value does the same) to skip
 * the children of the value it was given: see [`dv_walk_cb`] and
 * [`dv_transform_cb`].
 */
#define DV_WALK_SKIP 1

/**
 * Called by [`dv_value_walk`] for each value, parents before children.
 *
 * @param path the path from the walked value to `v` (the empty path for
 *             the walked value itself); borrowed for the call only (it
 *             changes as the walk moves: copy it with [`dv_path_clone`]).
 * @param v the value, borrowed from the walked value (valid as long as
 *          that value, not just for the call).
 * @param payload the caller's pointer, as given to [`dv_value_walk`].
 * @return 0 to go on into `v`'s children; a positive value
 *         ([`DV_WALK_SKIP`]) to skip them; a negative value to stop the
 *         walk, which then returns that value.
 */
typedef int (*dv_walk_cb)(const dv_path_t *path, const dv_value_t *v, void *payload);

/**
 * Gives the reason a walk or transform callback is about to stop, so that
 * it reaches the caller (the libgit2 `git_error_set` pattern): called from
 * inside a [`dv_walk_cb`] or [`dv_transform_cb`] that then returns a
 * negative value, it makes [`dv_value_walk`] or [`dv_value_transform`]
 * return `status`, with `*err` holding `message` and the path the callback
 * was given. The last call before the callback returns wins; it is dropped
 * if the callback does not stop. Outside a callback, it does nothing.
 *
 * @param status a failure status (`DV_ERR_*`); any other value is recorded
 *               as `DV_ERR_INVALID_ARG`.
 * @param message the reason (copied; need not be NUL-terminated); NULL
 *                gives an empty message.
 * @param len the length of `message` in bytes.
 * Thread-safe: it applies to the callback running on the calling thread.
 */
DV_API void dv_callback_error(dv_status_t status, const char *message, size_t len);

/**
 * Visits a value and every value nested in it, pre-order, as cty `Walk`:
 * list, tuple and set elements in order (sets in go-cty's order), map
 * entries and object attributes bytewise by key or name. The child paths
 * are `[i]` for list and tuple elements, `["key"]` for map entries, `.name`
 * for attributes and a set-element step (the element itself) for set
 * elements. Null and unknown values have no children. The walk needs no
 * C stack per level of nesting.
 *
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param cb the callback; NULL gives `DV_ERR_INVALID_ARG`.
 * @param payload passed to `cb` unchanged; may be NULL.
 * @param err optional error details (left NULL when `cb` stops the walk
 *            without a reason; with [`dv_callback_error`]'s).
 * @return `DV_OK` (0) when the walk completed; the negative value `cb`
 *         returned to stop it, or the status it gave
 *         [`dv_callback_error`] before stopping; or a positive
 *         `dv_status_t` on failure (`DV_ERR_INVALID_ARG`, `DV_ERR_NOMEM`).
 *         Thread-safe (as safe as `cb`).
 */
DV_API int dv_value_walk(const dv_value_t *v, dv_walk_cb cb, void *payload, dv_error_t **err);

/**
 * Called by [`dv_value_transform`]: `enter` before a value's children are
 * transformed, `exit` after, with the value rebuilt from its transformed
 * children (cty `Transformer.Enter` and `Exit`).
 *
 * @param path the path from the transformed value's root to `v`, borrowed
 *             for the call only.
 * @param v the value, borrowed for the call only (clone it with
 *          [`dv_value_clone`] to keep it; it may be a value rebuilt for
 *          this call).
 * @param replace `*replace` is NULL on entry. Leave it NULL to keep `v`, or
 *                store a new owned value (from a constructor, a clone...)
 *                that takes `v`'s place: libdynval takes ownership of it,
 *                whatever the callback returns.
 * @param payload the caller's pointer, as given to [`dv_value_transform`].
 * @return 0 to go on; a negative value to stop the transform, which then
 *         returns that value. From `enter`, a positive value
 *         ([`DV_WALK_SKIP`]) leaves the value's children as they are
 *         (`exit` still runs for the value); from `exit`, positive values
 *         are the same as 0.
 */
typedef int (*dv_transform_cb)(const dv_path_t *path, const dv_value_t *v, dv_value_t **replace,
                               void *payload);

/**
 * Builds a new value from `v` by replacing values anywhere inside it, as
 * cty `Transform` (`exit` only) and `TransformWithTransformer` (`enter`
 * and `exit`) do: children are visited in [`dv_value_walk`]'s order, with
 * its paths; after a collection's children, `exit` gets the collection
 * rebuilt from them as go-cty rebuilds it (`ListVal`, `SetVal`, `MapVal`,
 * `TupleVal`, `ObjectVal`: a list's element type then follows its elements,
 * a set is deduplicated and reordered). Parts that no callback replaced are
 * shared with `v`, not copied. Empty collections, nulls and unknowns have no
 * children.
 *
 * @param out receives the new value (owned by the caller; free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`. Untouched
 *            unless the result is `DV_OK`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param enter called before each value's children; may be NULL.
 * @param exit called after each value's children; may be NULL.
 * @param payload passed to the callbacks unchanged; may be NULL.
 * @param err optional error details; with `DV_ERR_TYPE_MISMATCH`, the path
 *            of the collection that could not be rebuilt. Left NULL when a
 *            callback stops the transform without a reason; with the
 *            reason it gave [`dv_callback_error`] and its path otherwise.
 * @return `DV_OK` (0); the negative value a callback returned to stop, or
 *         the status it gave [`dv_callback_error`] before stopping;
 *         `DV_ERR_TYPE_MISMATCH` when a list, set or map would hold
 *         elements of different types (go-cty panics there);
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe (as safe as the
 *         callbacks).
 */
DV_API int dv_value_transform(dv_value_t **out, const dv_value_t *v, dv_transform_cb enter,
                              dv_transform_cb exit, void *payload, dv_error_t **err);

/**
 * Replaces every unknown value inside `v`, at any depth, with the null
 * value of its type, as cty `UnknownAsNull` (for writing a value to a
 * format without unknowns). Wholly known parts are shared with `v`.
 *
 * @param out receives the new value (owned by the caller; free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_unknown_as_null(dv_value_t **out, const dv_value_t *v, dv_error_t **err);

/**
 * Returns a copy of `v` with the value at `path` replaced by `new_value`.
 * Only the collections along the path are rebuilt (as many as the path has
 * steps); everything else is shared with `v`. Steps select as
 * [`dv_value_lookup_path`] does, except that a key step that is the last
 * step of the path may name a map key that does not exist yet: it is
 * added. A set is deduplicated and reordered after its element changes.
 *
 * A new value of the type its position has (the attribute's type in an
 * object, the element's in a tuple, the element type of a list, set or
 * map; or more specific where that type contains the dynamic pseudo-type)
 * leaves every type as it was. A value of another type is stored as cty
 * `Transform` stores it: an object's or a tuple's type follows its values
 * (so an attribute that a schema declares `dynamic` takes a value of any
 * type), and every list, set and map must still have one element type. A
 * null or unknown value of the dynamic type takes the position's type. An
 * empty path returns a new reference to `new_value`.
 *
 * @param out receives the new value (owned by the caller; free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param path where to put `new_value`; NULL gives `DV_ERR_INVALID_ARG`.
 * @param new_value the replacement (reference copied); NULL gives
 *                  `DV_ERR_INVALID_ARG`.
 * @param err optional error details, with the path of the failing step.
 * @return `DV_OK`; `DV_ERR_UNKNOWN_VALUE` (the path goes through an unknown
 *         value); `DV_ERR_TYPE_MISMATCH` (through a null or primitive
 *         value, a step that does not apply to the value's kind, or a
 *         list, set or map element whose type its siblings do not share); `DV_ERR_NOT_FOUND` (no such
 *         attribute, key or element); `DV_ERR_OUT_OF_RANGE` (an index past
 *         the end); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_set_path(dv_value_t **out, const dv_value_t *v, const dv_path_t *path,
                                     const dv_value_t *new_value, dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_VALUE_H */
