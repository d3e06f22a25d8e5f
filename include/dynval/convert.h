/**
 * @file dynval/convert.h
 * @brief Type conversion and unification (go-cty's `cty/convert`), and
 * legacy flatmap state.
 *
 * [`dv_value_convert`] converts a value to another type exactly as go-cty
 * v1.18.1's `convert.Convert` does: number and bool to string, string to
 * number or bool when it parses (`"true"`, `"1"`, `"false"`, `"0"`),
 * tuple to list or set, object to map, map to object, list to set and back,
 * element- and attribute-wise; attributes the target object type lacks are
 * dropped and its optional attributes, when absent, become null; dynamic
 * positions of the target accept any value. A null or unknown value
 * converts to a null or unknown of the target type; an unknown keeps its
 * not-null refinement, and between collections its length bounds. The
 * encoders (codec.h) run the same conversion when a value's type does not
 * conform to the type it is encoded as, as go-cty's `Marshal` does.
 *
 * Refusals have status `DV_ERR_TYPE_MISMATCH` and go-cty's message (for
 * example `attribute "a" is required`, `a number is required`) with the
 * path of the element that failed. Converting a string to a number is
 * refused with `DV_ERR_LIMIT` when the number would have more than 10000
 * digits (go-cty spends seconds on "1e1000000").
 *
 * All functions here only read their inputs and may run concurrently.
 */
#ifndef DYNVAL_CONVERT_H
#define DYNVAL_CONVERT_H

#include "codec.h"
#include "common.h"
#include "error.h"
#include "type.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Conversion flag: only go-cty's safe conversions (`convert.GetConversion`):
 * no string to number or bool, no list to set, no map to object. Without
 * it (flags 0) every conversion `convert.Convert` makes is allowed.
 */
#define DV_CONVERT_SAFE 0x01u

/**
 * Converts `v` to type `want` (go-cty `convert.Convert`).
 *
 * @param out receives a new value owned by the caller (free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`. A value
 *            whose type already equals `want` (optional markers aside) is
 *            returned as a clone.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param want the target type, which may carry optional-attribute markers;
 *             the result's type never does. NULL gives `DV_ERR_INVALID_ARG`.
 * @param flags 0 or [`DV_CONVERT_SAFE`]; other bits give `DV_ERR_INVALID_ARG`.
 * @param err optional error details (message and path of the element that
 *            failed).
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (no conversion exists, or a value
 *         does not convert: `"abc"` to a number); `DV_ERR_LIMIT`;
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_convert(dv_value_t **out, const dv_value_t *v, const dv_type_t *want,
                                    uint32_t flags, dv_error_t **err);

/**
 * Whether values of type `from` can convert to type `to` (go-cty
 * `GetConversion`, or `GetConversionUnsafe` without [`DV_CONVERT_SAFE`]).
 * A conversion that exists can still fail for some values (string to
 * number). As in go-cty, equal primitive types and equal map types answer
 * false: compare with [`dv_type_equals`] first.
 *
 * @return false when `from` or `to` is NULL or `flags` has unknown bits.
 * Thread-safe.
 */
DV_API bool dv_type_convertible(const dv_type_t *from, const dv_type_t *to, uint32_t flags);

/**
 * Finds the most general type that all of `types` convert to (go-cty
 * `convert.Unify`, or `UnifyUnsafe` without [`DV_CONVERT_SAFE`]); for
 * example string for (number, string), list of string for a tuple of
 * strings and a list of string.
 *
 * @param out receives the unified type, owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param types `n` types; NULL only when `n == 0`, and no element may be
 *              NULL (`DV_ERR_INVALID_ARG`).
 * @param n number of types; 0 has no unified type (`DV_ERR_TYPE_MISMATCH`).
 * @param flags 0 or [`DV_CONVERT_SAFE`].
 * @param needs_conversion NULL, or an array of `n` flags that receives, for
 *                         each type, whether its values need
 *                         [`dv_value_convert`] to the unified type (false
 *                         when the type already is it). Untouched on
 *                         failure.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (no common type);
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_type_unify(dv_type_t **out, const dv_type_t *const *types, size_t n, uint32_t flags,
                                 bool *needs_conversion, dv_error_t **err);

/**
 * The unknown-value marker of flatmap state
 * (`74D93920-ED26-11E3-AC10-0800200C9A66`, Terraform's
 * `UnknownVariableValue`).
 */
#define DV_FLATMAP_UNKNOWN "74D93920-ED26-11E3-AC10-0800200C9A66"

/**
 * Reads legacy flatmap state (the `map[string]string` form of resource
 * state written by Terraform before 0.12: `"tags.%" = "1"`,
 * `"tags.Name" = "x"`, `"list.#" = "2"`, `"list.0" = "a"`) as a value of
 * object type `type`, by Terraform's `hcl2shim.HCL2ValueFromFlatmap`, as
 * provider SDKs do in UpgradeResourceState. Keys missing for an attribute
 * give null; [`DV_FLATMAP_UNKNOWN`] gives an unknown; primitive values
 * convert from their text as [`dv_value_convert`] does.
 *
 * @param out receives a new value owned by the caller; NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param type an object type; another kind gives `DV_ERR_INVALID_ARG`.
 * @param keys,values `n` strings each (borrowed for the call); both NULL
 *                    with `n == 0` is a nil map (the result is null);
 *                    non-NULL with `n == 0` is an empty map. A key given
 *                    twice gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details, with the path of the value being
 *            read (`.ports[2]`; a set's own path for an entry inside a set,
 *            whose elements have no path step before they are read).
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (hcl2shim's messages, such as
 *         `invalid value for "port" in state: a number is required`, or a
 *         dynamic type inside `type`, which flatmap cannot hold);
 *         `DV_ERR_LIMIT` (list counts calling for more elements beyond the
 *         state's entries than its size allows: docs/hardening.md);
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_from_flatmap(dv_value_t **out, const dv_type_t *type, const dv_str_t *keys,
                                         const dv_str_t *values, size_t n, dv_error_t **err);

/**
 * Flatmap state written by [`dv_value_to_flatmap`]: its entries, sorted
 * bytewise by key. Opaque, owned by the caller, freed with
 * [`dv_flatmap_free`]; immutable, so readers may run concurrently.
 */
typedef struct dv_flatmap dv_flatmap_t;

/**
 * Writes the legacy flatmap state of an object value, as Terraform's
 * `hcl2shim.FlatmapValueFromHCL2` does (for a tool that must produce what
 * state written before Terraform 0.12 held): `"tags.%" = "1"`,
 * `"tags.env" = "prod"`, `"ports.#" = "2"`, `"ports.0" = "80"`. Null values
 * are left out; an unknown primitive, list or map is
 * [`DV_FLATMAP_UNKNOWN`] (at `"l.#"`, `"m.%"`), an unknown object is each
 * of its attributes unknown; numbers and bools are written as cty converts
 * them to strings; set elements get indexes in their iteration order (not
 * the SDK's hash keys, as with hcl2shim). Where two entries get one key
 * (a map key containing a dot), the one written last wins, as in
 * hcl2shim. [`dv_value_from_flatmap`] reads the result back.
 *
 * @param out receives the entries (owned by the caller; free with
 *            [`dv_flatmap_free`]), or NULL when `v` is null (hcl2shim's nil
 *            map); NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value: null, or of an object type; NULL gives
 *          `DV_ERR_INVALID_ARG`.
 * @param opts its `max_output_size` bounds the bytes of all keys and values
 *             (a key repeats the names of its parents, so a deep value can
 *             write far more than it holds); NULL for the defaults.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_INVALID_ARG` (a value that is not an object,
 *         where hcl2shim panics; bad options); `DV_ERR_LIMIT`;
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_value_to_flatmap(dv_flatmap_t **out, const dv_value_t *v,
                                       const dv_encode_options_t *opts, dv_error_t **err);

/** Number of entries of flatmap state; NULL gives 0. */
DV_API size_t dv_flatmap_count(const dv_flatmap_t *m);

/**
 * Reads entry `i` of flatmap state (bytewise key order).
 *
 * @param m the state; NULL gives false.
 * @param i the entry, `0 <= i < `[`dv_flatmap_count`]`(m)`; past the end
 *          gives false.
 * @param key,value receive the entry, borrowed from `m` (NUL-terminated;
 *                  valid until [`dv_flatmap_free`]); NULL gives false.
 * @return true when the entry was written. Thread-safe.
 */
DV_API bool dv_flatmap_entry(const dv_flatmap_t *m, size_t i, dv_str_t *key, dv_str_t *value);

/** Releases flatmap state. NULL is a no-op. Needs exclusive access to `m`. */
DV_API void dv_flatmap_free(dv_flatmap_t *m);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_CONVERT_H */
