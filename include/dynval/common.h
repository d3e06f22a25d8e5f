/**
 * @file dynval/common.h
 * @brief Common definitions: the export macro, status codes, string views.
 *
 * Conventions used by every header (see docs/errors.md and dynval/dynval.h):
 *  - Every fallible function returns a [`dv_status_t`] (`DV_OK == 0`) and
 *    takes a last parameter `dv_error_t **err`: pass NULL to ignore details;
 *    on failure `*err` receives an owned error (free it with
 *    [`dv_error_free`]); on success `*err` is set to NULL.
 *  - An owned result arrives through the first parameter, named `out`; on
 *    failure `*out` is left untouched.
 *  - Functions that return a pointer or a [`dv_str_t`] without an `out` are
 *    borrowed getters: the result lives as long as its owner.
 *  - A `const` handle argument means the call only reads and may run
 *    concurrently with other calls on the same handle.
 */
#ifndef DYNVAL_COMMON_H
#define DYNVAL_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef DV_API
#  if defined(_WIN32)
#    if defined(DV_BUILDING_LIBRARY)
#      define DV_API __declspec(dllexport)
#    else
#      define DV_API __declspec(dllimport)
#    endif
#  elif defined(__GNUC__) || defined(__clang__)
#    define DV_API __attribute__((visibility("default")))
#  else
#    define DV_API
#  endif
#endif

/**
 * Marks a public function as deprecated; compilers that know the attribute
 * warn where it is used. Put it first, before `DV_API`:
 *
 *     DV_DEPRECATED("use dv_new_thing") DV_API dv_status_t dv_old_thing(...);
 *
 * A deprecated function keeps working for at least one minor release and is
 * removed only together with a SONAME bump (docs/abi.md). Define
 * DV_DEPRECATED(msg) as empty before including to silence the warnings.
 */
#ifndef DV_DEPRECATED
#  if defined(__GNUC__) || defined(__clang__)
#    define DV_DEPRECATED(msg) __attribute__((deprecated(msg)))
#  elif defined(_MSC_VER)
#    define DV_DEPRECATED(msg) __declspec(deprecated(msg))
#  else
#    define DV_DEPRECATED(msg)
#  endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Status codes. Values are pinned and never reused (docs/errors.md lists
 * them); new codes may be added, so treat unknown values as failures.
 */
typedef enum dv_status {
  DV_OK = 0,
  DV_ERR_INVALID_ARG = 1,   /**< NULL or malformed argument */
  DV_ERR_NOMEM = 2,         /**< allocation failed */
  DV_ERR_TYPE_MISMATCH = 3, /**< value or input does not have the required type */
  DV_ERR_NOT_FOUND = 4,     /**< no such attribute, key, index, block or provider */
  DV_ERR_OUT_OF_RANGE = 5,  /**< index or numeric conversion out of range */
  DV_ERR_PARSE = 6,         /**< malformed input bytes */
  DV_ERR_SCHEMA = 7,        /**< invalid schema, or value violates a schema rule */
  DV_ERR_UNSUPPORTED = 8,   /**< valid but unsupported input */
  DV_ERR_INTERNAL = 9,      /**< a bug in libdynval: please report it */
  DV_ERR_REFINEMENT = 10,   /**< contradictory or inapplicable refinement */
  DV_ERR_LIMIT = 11,        /**< a resource limit was exceeded */
  DV_ERR_UNKNOWN_VALUE = 12, /**< the value is unknown; the operation needs a known one */
  DV_ERR_UNKNOWN = DV_ERR_UNKNOWN_VALUE, /**< deprecated name of DV_ERR_UNKNOWN_VALUE (the same
                                              code; it read like "unknown error"), kept until
                                              the next SONAME change */
  DV_STATUS__FORCE_INT32 = 0x7FFFFFFF
} dv_status_t;

/**
 * A borrowed string view: `len` bytes at `ptr` (UTF-8 unless documented
 * otherwise). Not NUL-terminated by contract: always use `len` (strings may
 * also contain NUL bytes). An absent string is `{NULL, 0}`.
 */
typedef struct dv_str {
  const char *ptr;
  size_t len;
} dv_str_t;

/**
 * Expands a string literal into the `(s, len)` argument pair the functions
 * take, so that no length is counted by hand:
 * `dv_schema_from_json(&s, doc, n, DV_LIT("resource:aws_instance"), NULL, 0, &err)`.
 * String literals only (anything else does not compile); `len` excludes the
 * terminating NUL.
 */
#define DV_LIT(s) ("" s ""), (sizeof(s) - 1)

/**
 * Returns a static, human-readable name for a status, e.g. "ok",
 * "parse error".
 *
 * @param status any value; unknown codes give "unknown status".
 * @return a static NUL-terminated string, never NULL; never free it.
 *
 * Thread-safe.
 */
DV_API const char *dv_status_str(dv_status_t status);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_COMMON_H */
