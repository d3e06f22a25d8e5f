/**
 * @file dynval/dynval.h
 * @brief libdynval: cty values, provider schemas and the Terraform/OpenTofu
 * DynamicValue wire format (MessagePack and JSON), with a stable C ABI.
 *
 * \mainpage libdynval
 *
 * libdynval implements the value layer of the Terraform / OpenTofu provider
 * protocol byte-identically to go-cty v1.18: cty types ([`dv_type_t`]),
 * values with unknowns, refinements and arbitrary-precision numbers
 * ([`dv_value_t`]), paths into values ([`dv_path_t`]; walking, transforming
 * and editing values, value.h; differences, diff.h), provider schemas
 * ([`dv_schema_t`]), the MessagePack and JSON codecs (codec.h), go-cty's
 * type conversion and unification (convert.h), and human views of values
 * with sensitive attributes masked ([`dv_value_render`], render.h), and
 * OpenTofu's proposed new state of a plan ([`dv_plan_proposed_new`],
 * plan.h).
 *
 * ## Using it
 *
 *     #include <dynval/dynval.h>
 *     cc prog.c $(pkg-config --cflags --libs dynval)
 *
 * Compare [`dv_abi_version`]`()` with [`DV_ABI_VERSION`] when loading the
 * library dynamically.
 *
 * ## Conventions
 *
 * - Names are `dv_<noun>_<verb>`; types end in `_t`; macros and enumerators
 *   start with `DV_`. Enumerator values are pinned.
 * - Fallible functions return a [`dv_status_t`] (`DV_OK == 0`) and take a
 *   last parameter `dv_error_t **err`: NULL to skip details, otherwise it
 *   receives an owned [`dv_error_t`] on failure (free with
 *   [`dv_error_free`]) and NULL on success. See docs/errors.md.
 * - Owned results come through the first parameter, `out`, and are released
 *   with the matching `dv_<noun>_free` ([`dv_value_free`],
 *   [`dv_type_free`], [`dv_schema_free`], [`dv_builder_free`],
 *   [`dv_path_free`], [`dv_diff_free`], [`dv_error_free`]); owned bytes come in a [`dv_buf_t`] released with
 *   [`dv_buf_dispose`]. Never release library memory with libc `free()`.
 *   On failure, `out` is left untouched.
 * - Getters that return a pointer or a [`dv_str_t`] directly are borrowed:
 *   valid as long as the object they came from.
 * - Input strings are `(const char *ptr, size_t len)` pairs, UTF-8, with no
 *   NUL terminator required.
 * - Passing NULL where an object is required returns `DV_ERR_INVALID_ARG`
 *   (or, for getters without a status, a documented neutral result); it
 *   never crashes.
 *
 * ## Thread safety
 *
 * Types, values, schemas and errors are immutable once returned; types,
 * values and schemas are reference-counted with atomic counts (a clone shares
 * the object). **A `const` pointer parameter means the call only reads** and
 * may run concurrently with any other call on the same object, from any
 * thread. So, without locking, threads may share:
 *
 * - a [`dv_type_t`] (including the static primitive types and types borrowed
 *   from values and schemas), a [`dv_value_t`] (and the values borrowed from
 *   it), and a [`dv_schema_t`] (its implied type, [`dv_schema_validate`]);
 * - a [`dv_error_t`]: its accessors only read it;
 * - the bytes of a filled [`dv_buf_t`], and the options structs passed by
 *   `const` pointer ([`dv_decode_options_t`], [`dv_refinements_t`],
 *   [`dv_render_options_t`]...), which
 *   the library only reads during the call.
 *
 * A non-const pointer (a [`dv_builder_t`], a [`dv_buf_t`] being filled or
 * disposed, an options struct being initialised, an object being freed)
 * requires exclusive access to that object: a builder may move between
 * threads but is used by one at a time, and the schema it builds does not
 * depend on it. Any object may be freed from a thread other than the one
 * that created it, once no other thread is using it; pointers borrowed from
 * it become invalid when its last reference is freed. No call depends on
 * global or thread-local state (there is no "last error": errors travel
 * through `err`); internally, the JSON decoders reuse a per-thread parser and
 * buffer (released when the thread exits), and Unicode tables are built once
 * on first use.
 */
#ifndef DYNVAL_DYNVAL_H
#define DYNVAL_DYNVAL_H

#include "common.h"
#include "version.h"
#include "error.h"
#include "buffer.h"
#include "type.h"
#include "value.h"
#include "path.h"
#include "diff.h"
#include "codec.h"
#include "schema.h"
#include "convert.h"
#include "render.h"
#include "plan.h"

#endif /* DYNVAL_DYNVAL_H */
