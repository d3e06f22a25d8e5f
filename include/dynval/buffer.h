/**
 * @file dynval/buffer.h
 * @brief Owned output bytes: [`dv_buf_t`] and [`dv_buf_dispose`].
 *
 * Functions that produce bytes (encoders, JSON printers, number text) fill a
 * caller-provided [`dv_buf_t`]. The buffer is treated as uninitialized on
 * input (a previous content is *not* released: dispose it first) and is
 * only written on success. The caller owns the bytes and releases them with
 * [`dv_buf_dispose`], never with libc `free()`.
 */
#ifndef DYNVAL_BUFFER_H
#define DYNVAL_BUFFER_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Owned output bytes. `ptr` points to `len` bytes followed by a NUL byte (a
 * courtesy for text; binary output such as MessagePack may itself contain
 * NUL bytes). `reserved` is private to libdynval: do not change it.
 * An empty buffer may have `ptr == NULL`.
 */
typedef struct dv_buf {
  char *ptr;
  size_t len;
  size_t reserved;
} dv_buf_t;

/** Initializer for an empty buffer: `dv_buf_t b = DV_BUF_INIT;` */
#define DV_BUF_INIT { NULL, 0, 0 }

/**
 * Releases the bytes of a buffer filled by libdynval and resets it to
 * [`DV_BUF_INIT`], so disposing twice is harmless.
 *
 * @param buf the buffer; NULL is a no-op, and so is an empty buffer.
 * Needs exclusive access to `*buf`; may be called from any thread.
 */
DV_API void dv_buf_dispose(dv_buf_t *buf);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_BUFFER_H */
