/**
 * @file dynval/type.h
 * @brief cty types: [`dv_type_t`].
 *
 * A type is immutable and reference-counted. [`dv_type_clone`] is O(1) and
 * every function taking `const dv_type_t *` may run concurrently with any
 * other on the same type, from any thread. Owned types are released with
 * [`dv_type_free`]. The primitive and dynamic types are static singletons
 * returned by [`dv_type_bool`] and friends: they need no free (freeing them
 * is a harmless no-op).
 *
 * Object attributes are kept sorted bytewise by (NFC) name, and indexes
 * below refer to that order. Attributes may carry the *optional* marker of
 * type constraints (`["object", {...}, ["name"]]` in type JSON); values never
 * have optional attributes (see [`dv_type_without_optional`]).
 */
#ifndef DYNVAL_TYPE_H
#define DYNVAL_TYPE_H

#include "common.h"
#include "buffer.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A cty type: opaque, immutable, freed with [`dv_type_free`]. */
typedef struct dv_type dv_type_t;

/** The kind of a type. Values are pinned. */
typedef enum dv_type_kind {
  DV_TYPE_INVALID = 0, /**< returned for a NULL argument only */
  DV_TYPE_BOOL = 1,
  DV_TYPE_NUMBER = 2,
  DV_TYPE_STRING = 3,
  DV_TYPE_LIST = 4,
  DV_TYPE_SET = 5,
  DV_TYPE_MAP = 6,
  DV_TYPE_OBJECT = 7,
  DV_TYPE_TUPLE = 8,
  DV_TYPE_DYNAMIC = 9, /**< cty.DynamicPseudoType */
  DV_TYPE__FORCE_INT32 = 0x7FFFFFFF
} dv_type_kind_t;

/* Section - Primitive types (static, never freed) */

/**
 * Returns the static `bool` type (cty.Bool). Takes no arguments and cannot
 * fail: never NULL. The result is owned by the library and lives for the
 * whole process; it needs no [`dv_type_free`] (which ignores it). Thread-safe.
 */
DV_API const dv_type_t *dv_type_bool(void);
/** Returns the static `number` type (cty.Number); as [`dv_type_bool`]. */
DV_API const dv_type_t *dv_type_number(void);
/** Returns the static `string` type (cty.String); as [`dv_type_bool`]. */
DV_API const dv_type_t *dv_type_string(void);
/** Returns the static dynamic pseudo-type (cty.DynamicPseudoType); as
 *  [`dv_type_bool`]. */
DV_API const dv_type_t *dv_type_dynamic(void);

/* Section - Constructors */

/* A type nests at most 4096 levels: the constructors below return
 * `DV_ERR_LIMIT` for a deeper one. */

/**
 * Builds `list(elem)`.
 *
 * @param out receives a new type owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param elem the element type; not consumed (its reference is copied).
 *             NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details (see error.h).
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_new_list(dv_type_t **out, const dv_type_t *elem, dv_error_t **err);

/** Builds `set(elem)`; parameters, ownership and statuses as [`dv_type_new_list`]. */
DV_API dv_status_t dv_type_new_set(dv_type_t **out, const dv_type_t *elem, dv_error_t **err);

/** Builds `map(elem)`; parameters, ownership and statuses as [`dv_type_new_list`]. */
DV_API dv_status_t dv_type_new_map(dv_type_t **out, const dv_type_t *elem, dv_error_t **err);

/**
 * Builds an object type from `n` attributes given as parallel arrays.
 * Names are NFC-normalised and sorted bytewise; the input order does not
 * matter.
 *
 * @param out receives a new type owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param names `n` attribute names (copied). May be NULL only when `n == 0`;
 *              a name with `ptr == NULL` and `len > 0` is `DV_ERR_INVALID_ARG`.
 * @param types `n` attribute types (references copied); NULL array (when
 *              `n > 0`) or NULL entry gives `DV_ERR_INVALID_ARG`.
 * @param optional NULL (no optional attribute) or `n` flags marking optional
 *                 attributes (type constraints only).
 * @param n number of attributes; 0 builds the empty object type.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_INVALID_ARG` (NULL arguments, duplicate names
 *         after NFC); `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_new_object(dv_type_t **out, const dv_str_t *names,
                                      const dv_type_t *const *types, const bool *optional,
                                      size_t n, dv_error_t **err);

/**
 * Builds a tuple type from `n` element types.
 *
 * @param out receives a new type owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param types `n` element types (references copied); may be NULL only when
 *              `n == 0`; a NULL entry gives `DV_ERR_INVALID_ARG`.
 * @param n number of elements; 0 builds the empty tuple type.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_new_tuple(dv_type_t **out, const dv_type_t *const *types, size_t n,
                                     dv_error_t **err);

/**
 * Parses go-cty's type-constraint JSON (`Type.UnmarshalJSON`), e.g.
 * `"string"`, `["list","number"]`, `["object",{"a":"bool"},["a"]]`.
 *
 * @param out receives a new type owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param json the JSON bytes (copied as needed, not retained); may be NULL
 *             only when `len == 0`.
 * @param len number of bytes.
 * @param err optional error details (message and byte offset).
 * @return `DV_OK`; `DV_ERR_PARSE` (malformed JSON or type); `DV_ERR_LIMIT`
 *         (nesting deeper than 1000); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_from_json(dv_type_t **out, const char *json, size_t len,
                                     dv_error_t **err);

/**
 * Returns another owned reference to the same immutable type, in O(1).
 *
 * @param out receives the new reference (free with [`dv_type_free`]); NULL
 *            gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_clone(dv_type_t **out, const dv_type_t *t, dv_error_t **err);

/**
 * Releases an owned type. Types borrowed from elsewhere (e.g. from
 * [`dv_value_type`]) must not be freed; the static primitive types may be
 * passed and are ignored.
 *
 * @param t the type; NULL is a no-op.
 * May be called from any thread.
 */
DV_API void dv_type_free(dv_type_t *t);

/* Section - Accessors */

/**
 * Returns the kind of a type.
 * @param t the type; NULL gives `DV_TYPE_INVALID`.
 * Thread-safe.
 */
DV_API dv_type_kind_t dv_type_kind(const dv_type_t *t);

/**
 * Gets the element type of a list, set or map type.
 *
 * @param out receives a new reference owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` when `t` is not a collection type;
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_element(dv_type_t **out, const dv_type_t *t, dv_error_t **err);

/**
 * Returns the number of attributes of an object type.
 * @param t the type; NULL or a non-object type gives 0.
 * Thread-safe.
 */
DV_API size_t dv_type_attribute_count(const dv_type_t *t);

/**
 * Returns the name of attribute `i` (bytewise order) of an object type.
 *
 * @param t the type; NULL, a non-object type or `i` out of range gives
 *          `{NULL, 0}`.
 * @param i the attribute index.
 * @return a view borrowed from `t`, valid as long as `t` (or any reference to
 *         the same type) is alive.
 * Thread-safe.
 */
DV_API dv_str_t dv_type_attribute_name(const dv_type_t *t, size_t i);

/**
 * Gets the type of attribute `i` of an object type.
 *
 * @param out receives a new reference owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param i the attribute index.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (not an object type);
 *         `DV_ERR_OUT_OF_RANGE` (`i` too large); `DV_ERR_INVALID_ARG`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_attribute_type(dv_type_t **out, const dv_type_t *t, size_t i,
                                          dv_error_t **err);

/**
 * Tells whether attribute `i` of an object type carries the optional marker.
 * @param t the type; NULL, a non-object type or `i` out of range gives false.
 * Thread-safe.
 */
DV_API bool dv_type_attribute_optional(const dv_type_t *t, size_t i);

/**
 * Finds an object attribute by name (binary search, exact bytes).
 *
 * @param t the type; NULL or a non-object type gives `SIZE_MAX`.
 * @param name the name bytes (not retained); NULL gives `SIZE_MAX` unless
 *             `len == 0`.
 * @param len the name length.
 * @return the attribute index, or `SIZE_MAX` when absent.
 * Thread-safe.
 */
DV_API size_t dv_type_attribute_index(const dv_type_t *t, const char *name, size_t len);

/**
 * Returns the number of elements of a tuple type.
 * @param t the type; NULL or a non-tuple type gives 0.
 * Thread-safe.
 */
DV_API size_t dv_type_tuple_length(const dv_type_t *t);

/**
 * Gets element type `i` of a tuple type.
 *
 * @param out receives a new reference owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param i the element index.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (not a tuple type);
 *         `DV_ERR_OUT_OF_RANGE`; `DV_ERR_INVALID_ARG`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_tuple_element(dv_type_t **out, const dv_type_t *t, size_t i,
                                         dv_error_t **err);

/**
 * Tells whether a type is dynamic or contains the dynamic pseudo-type
 * anywhere (cty `HasDynamicTypes`).
 * @param t the type; NULL gives false.
 * Thread-safe.
 */
DV_API bool dv_type_has_dynamic(const dv_type_t *t);

/**
 * Tells whether any object attribute anywhere in a type carries the optional
 * marker.
 * @param t the type; NULL gives false.
 * Thread-safe.
 */
DV_API bool dv_type_has_optional(const dv_type_t *t);

/**
 * Gets the same type with every optional marker removed (the type of values
 * conforming to a type constraint).
 *
 * @param out receives a new reference owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_without_optional(dv_type_t **out, const dv_type_t *t,
                                            dv_error_t **err);

/**
 * Structural type equality (optional markers included).
 * @param a,b the types; NULL equals only NULL.
 * Thread-safe.
 */
DV_API bool dv_type_equals(const dv_type_t *a, const dv_type_t *b);

/**
 * Returns a hash consistent with [`dv_type_equals`] (equal types have equal
 * hashes). Stable within one process only.
 * @param t the type; NULL gives 0.
 * Thread-safe.
 */
DV_API uint64_t dv_type_hash(const dv_type_t *t);

/**
 * Prints a type as go-cty's compact type-constraint JSON
 * (`Type.MarshalJSON`), e.g. `["list","string"]`.
 *
 * @param out receives the owned JSON text (release with
 *            [`dv_buf_dispose`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_to_json(dv_buf_t *out, const dv_type_t *t, dv_error_t **err);

/**
 * Prints a short human-readable name such as "list of number" or "object"
 * (for messages; not a stable format).
 *
 * @param out receives the owned text (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param t the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_type_friendly_name(dv_buf_t *out, const dv_type_t *t, dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_TYPE_H */
