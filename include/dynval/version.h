/*
 * libdynval - version information.
 *
 * DV_ABI_VERSION is the SONAME version (libdynval.so.<DV_ABI_VERSION>); it is
 * independent of the release version below. Rules (see docs/abi.md):
 *   - adding functions: no ABI bump; add a new node to capi/libdynval.sym;
 *   - removing or changing a function, a struct layout or an enumerator value:
 *     bump DV_ABI_VERSION (and, while 0.x, the minor release version).
 */
#ifndef DYNVAL_VERSION_H
#define DYNVAL_VERSION_H

#include "common.h"

#define DV_VERSION_MAJOR 0
#define DV_VERSION_MINOR 7
#define DV_VERSION_PATCH 0
#define DV_VERSION_STRING "0.7.0"

/** The ABI (SONAME) version: libdynval.so.DV_ABI_VERSION. */
#define DV_ABI_VERSION 0

/** The version as one number, 0x00MMmmpp. */
#define DV_VERSION_NUMBER \
  ((DV_VERSION_MAJOR << 16) | (DV_VERSION_MINOR << 8) | DV_VERSION_PATCH)

/** True when the headers are at least version a.b.c. */
#define DV_VERSION_CHECK(a, b, c) \
  (DV_VERSION_NUMBER >= (((a) << 16) | ((b) << 8) | (c)))

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Returns the version of the loaded library as `0x00MMmmpp`, to compare with
 * [`DV_VERSION_NUMBER`] of the headers a program was compiled against.
 *
 * Takes no arguments, cannot fail, thread-safe.
 */
DV_API uint32_t dv_version(void);

/**
 * Returns the version of the loaded library as a static string such as
 * "0.1.0" (the [`DV_VERSION_STRING`] it was built with).
 *
 * @return a static NUL-terminated string, never NULL; never free it.
 * Thread-safe.
 */
DV_API const char *dv_version_string(void);

/**
 * Returns the ABI (SONAME) version of the loaded library, the
 * [`DV_ABI_VERSION`] it was built with. A binding built against headers with
 * a different ABI version must refuse to use the library.
 *
 * Cannot fail, thread-safe.
 */
DV_API uint32_t dv_abi_version(void);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_VERSION_H */
