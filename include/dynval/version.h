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

#define DV_VERSION_MAJOR 0
#define DV_VERSION_MINOR 1
#define DV_VERSION_PATCH 0
#define DV_VERSION_STRING "0.1.0"

/** The ABI (SONAME) version: libdynval.so.DV_ABI_VERSION. */
#define DV_ABI_VERSION 0

/** The version as one number, 0x00MMmmpp. */
#define DV_VERSION_NUMBER \
  ((DV_VERSION_MAJOR << 16) | (DV_VERSION_MINOR << 8) | DV_VERSION_PATCH)

/** True when the headers are at least version a.b.c. */
#define DV_VERSION_CHECK(a, b, c) \
  (DV_VERSION_NUMBER >= (((a) << 16) | ((b) << 8) | (c)))

#endif /* DYNVAL_VERSION_H */
