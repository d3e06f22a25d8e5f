/**
 * @file dynval/codec.h
 * @brief The DynamicValue wire formats: MessagePack and JSON, by type.
 *
 * Encoders write exactly go-cty's bytes (`cty/msgpack.Marshal`,
 * `cty/json.Marshal`). Decoders accept what go-cty accepts and are total:
 * any input gives a value or an error (with a status, message, path into the
 * value and byte offset), never a crash, a hang or memory out of proportion
 * to the input. Resource limits are set with [`dv_decode_options_t`].
 *
 * To encode or decode by a provider schema, use [`dv_schema_encode_msgpack`]
 * and its siblings: they use the schema's implied type. Encode a value by
 * the type it was decoded with (or by its schema), never by the value's own
 * type: where the schema has a dynamic type, only the schema's type makes
 * the encoder write the type wrapper the decoder needs. So the encoders
 * require a type.
 *
 * All functions here only read their inputs and may run concurrently.
 */
#ifndef DYNVAL_CODEC_H
#define DYNVAL_CODEC_H

#include "common.h"
#include "buffer.h"
#include "error.h"
#include "schema.h"
#include "type.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Section - Decode options */

/** Current version of [`dv_decode_options_t`] (2 added `max_output_size`). */
#define DV_DECODE_OPTIONS_VERSION 2

/**
 * [`dv_decode_options_t`] `flags`: bytes after the top-level value are an
 * error (`DV_ERR_PARSE` at the first extra byte; for JSON, extra
 * non-whitespace). By default they are ignored, as go-cty ignores them.
 */
#define DV_DECODE_REJECT_TRAILING 0x01u

/**
 * [`dv_decode_options_t`] `flags`: object attributes that the object type
 * does not have are skipped instead of failing with `unsupported
 * attribute`, at any depth and inside dynamic wrappers (map keys are not
 * affected), as terraform-plugin-go's `ValueFromJSONWithOpts` does with
 * `IgnoreUndefinedAttributes`. For state written by an older schema
 * (UpgradeResourceState). Applies to both formats and to transcoding; the
 * skipped values are only walked over. A MessagePack object must still
 * hold every attribute of the type (as without the flag); a JSON object may
 * omit attributes, which are then null.
 */
#define DV_DECODE_IGNORE_UNDEFINED_ATTRIBUTES 0x02u

/**
 * [`dv_decode_options_t`] `flags`, JSON input only: the caller's buffer has
 * at least [`DV_JSON_PADDING`] readable bytes after the `len` bytes of text
 * (any content; they are never written), so the text is parsed where it is
 * instead of being copied into a padded buffer first: for large inputs read
 * or mapped by the caller. Ignored for MessagePack. Since 0.6.
 */
#define DV_DECODE_JSON_PADDED 0x04u

/** The readable bytes [`DV_DECODE_JSON_PADDED`] asks for after JSON text. */
#define DV_JSON_PADDING 64

/** The default of `max_input_size`: 256 MiB, the protocol's message cap
 *  (for callers that bound their own reading the same way). */
#define DV_DEFAULT_MAX_INPUT_SIZE ((size_t)256 << 20)
/** The default of every `max_output_size`: 256 MiB. */
#define DV_DEFAULT_MAX_OUTPUT_SIZE ((size_t)256 << 20)

/**
 * Decoder options, an options-style struct: initialize it with
 * [`DV_DECODE_OPTIONS_INIT`] or [`dv_decode_options_init`], then change
 * fields. Every limit set to 0 means the library default (which passes
 * every real schema and value); exceeding a limit gives `DV_ERR_LIMIT`.
 */
typedef struct dv_decode_options {
  uint32_t version;         /**< [`DV_DECODE_OPTIONS_VERSION`] */
  uint32_t flags;           /**< `DV_DECODE_*` bits */
  size_t max_depth;         /**< nesting depth (default 1000) */
  size_t max_input_size;    /**< input bytes (default 256 MiB, the protocol's message cap) */
  size_t max_elements;      /**< elements + entries in the whole input (default 2^28) */
  size_t max_string_length; /**< bytes of one string (default 1 GiB) */
  size_t max_number_digits; /**< characters one number prints as (default 10000);
                                 also, the numbers of one input may print as at
                                 most max(8 * this, 64 * input bytes) characters
                                 beyond their input length in total ("1e9999" is
                                 6 bytes that print as 10,000 digits) */
  size_t max_output_size;   /**< since version 2: bytes the transcoders write
                                 (default 256 MiB, the protocol's message cap) */
} dv_decode_options_t;

/** Static initializer: all defaults, current version. */
#define DV_DECODE_OPTIONS_INIT { DV_DECODE_OPTIONS_VERSION, 0u, 0, 0, 0, 0, 0, 0 }

/**
 * Initializes `opts` like [`DV_DECODE_OPTIONS_INIT`] for the given version.
 *
 * @param opts the struct to fill; NULL gives `DV_ERR_INVALID_ARG`.
 * @param version must be [`DV_DECODE_OPTIONS_VERSION`] (or an older version
 *                this library knows); otherwise `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK` or `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_decode_options_init(dv_decode_options_t *opts, uint32_t version,
                                          dv_error_t **err);

/* Section - Encode options */

/** Current version of [`dv_encode_options_t`]. */
#define DV_ENCODE_OPTIONS_VERSION 1

/**
 * Encoder options, versioned like [`dv_decode_options_t`]: initialize with
 * [`DV_ENCODE_OPTIONS_INIT`] or [`dv_encode_options_init`], then change
 * fields. A limit set to 0 means the default.
 */
typedef struct dv_encode_options {
  uint32_t version;       /**< [`DV_ENCODE_OPTIONS_VERSION`] */
  uint32_t flags;         /**< no flags are defined yet: must be 0 */
  size_t max_output_size; /**< bytes of output (default 256 MiB, the protocol's
                               message cap); past it, `DV_ERR_LIMIT` */
} dv_encode_options_t;

/** Static initializer: all defaults, current version. */
#define DV_ENCODE_OPTIONS_INIT { DV_ENCODE_OPTIONS_VERSION, 0u, 0 }

/**
 * Initializes `opts` like [`DV_ENCODE_OPTIONS_INIT`] for the given version.
 *
 * @param opts the struct to fill; NULL gives `DV_ERR_INVALID_ARG`.
 * @param version must be [`DV_ENCODE_OPTIONS_VERSION`] (or an older version
 *                this library knows); otherwise `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK` or `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_encode_options_init(dv_encode_options_t *opts, uint32_t version,
                                          dv_error_t **err);

/* Section - MessagePack */

/**
 * Decodes MessagePack bytes as a value of type `type` (cty
 * `msgpack.Unmarshal`), including unknown values with refinements and the
 * dynamic-type wrapper.
 *
 * @param out receives a new value owned by the caller (free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param data the input (not retained); may be NULL only when `len == 0`.
 * @param len number of input bytes.
 * @param type the expected type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param opts NULL for defaults, or options (borrowed for the call).
 * @param err optional error details: message, path and byte offset.
 * @return `DV_OK`; `DV_ERR_PARSE` (malformed input, truncated input, or
 *         with [`DV_DECODE_REJECT_TRAILING`] trailing bytes);
 *         `DV_ERR_TYPE_MISMATCH` (well-formed input that does not have the
 *         type, e.g. a bool where a number is required);
 *         `DV_ERR_REFINEMENT` (contradictory refinements in an unknown);
 *         `DV_ERR_LIMIT`; `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_msgpack_decode(dv_value_t **out, const void *data, size_t len,
                                     const dv_type_t *type, const dv_decode_options_t *opts,
                                     dv_error_t **err);

/**
 * Encodes a value as MessagePack by type, byte-identical to cty
 * `msgpack.Marshal`.
 *
 * @param out receives the owned bytes (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param type the type to encode as (dynamic positions get go-cty's
 *             `[type JSON, value]` wrapper): the type the value was decoded
 *             with, or its schema's implied type. NULL gives
 *             `DV_ERR_INVALID_ARG` (to encode a value by its own type, pass
 *             [`dv_value_type`] explicitly; a dynamic position then loses
 *             its wrapper).
 * A value whose type does not conform to `type` (equal, except that `type`
 * may be dynamic where the value has any type) is first converted by
 * [`dv_value_convert`], as go-cty's `Marshal` does.
 *
 * @param err optional error details (with the path of the bad element).
 * @return `DV_OK`; `DV_ERR_TYPE_MISMATCH` (the value does not convert to
 *         `type`); `DV_ERR_LIMIT` (more than 256 MiB of output, or a string
 *         converted to a number beyond the digit limit);
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_msgpack_encode(dv_buf_t *out, const dv_value_t *v, const dv_type_t *type,
                                     dv_error_t **err);

/**
 * [`dv_msgpack_encode`] with options: `opts` NULL for defaults (the
 * default output limit, as [`dv_msgpack_encode`] applies), or options
 * (borrowed for the call). Output beyond `max_output_size` gives
 * `DV_ERR_LIMIT` and leaves `out` untouched. Other parameters, ownership and
 * statuses as [`dv_msgpack_encode`]. Thread-safe.
 */
DV_API dv_status_t dv_msgpack_encode_ext(dv_buf_t *out, const dv_value_t *v, const dv_type_t *type,
                                         const dv_encode_options_t *opts, dv_error_t **err);

/* Section - JSON */

/**
 * Decodes JSON text as a value of type `type` (cty `json.Unmarshal`).
 * Parameters, ownership and statuses as [`dv_msgpack_decode`].
 */
DV_API dv_status_t dv_json_decode(dv_value_t **out, const char *json, size_t len,
                                  const dv_type_t *type, const dv_decode_options_t *opts,
                                  dv_error_t **err);

/**
 * Encodes a value as JSON by type, byte-identical to cty `json.Marshal`.
 * Parameters and ownership as [`dv_msgpack_encode`].
 *
 * @return `DV_OK`; `DV_ERR_UNKNOWN_VALUE` (an unknown value: JSON cannot hold
 *         one); `DV_ERR_UNSUPPORTED` (an infinity); `DV_ERR_TYPE_MISMATCH`;
 *         `DV_ERR_LIMIT` (as [`dv_msgpack_encode`]); `DV_ERR_INVALID_ARG`;
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_json_encode(dv_buf_t *out, const dv_value_t *v, const dv_type_t *type,
                                  dv_error_t **err);

/**
 * [`dv_json_encode`] with options, as [`dv_msgpack_encode_ext`] is to
 * [`dv_msgpack_encode`]. Thread-safe.
 */
DV_API dv_status_t dv_json_encode_ext(dv_buf_t *out, const dv_value_t *v, const dv_type_t *type,
                                      const dv_encode_options_t *opts, dv_error_t **err);

/**
 * The type a JSON text implies (go-cty `ctyjson.ImpliedType`): strings,
 * numbers and bools their primitive types, null the dynamic type, objects
 * object types (a key repeated with another type is an error) and arrays
 * tuple types. For JSON state without a type, e.g. to decode it and then
 * [`dv_value_convert`] it.
 *
 * @param out receives the type, owned by the caller (free with
 *            [`dv_type_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param json,len the text (not retained); NULL only when `len == 0`.
 * @param err optional error details (go-cty's message, byte offset).
 * @return `DV_OK`; `DV_ERR_PARSE` (malformed JSON, data after the value, a
 *         repeated key of another type); `DV_ERR_LIMIT` (nesting deeper
 *         than 1000); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_json_implied_type(dv_type_t **out, const char *json, size_t len, dv_error_t **err);

/* Section - By schema */

/**
 * Decodes MessagePack by a schema: [`dv_msgpack_decode`] with the schema's
 * implied type ([`dv_schema_implied_type`]). Parameters, ownership and
 * statuses as there; `s` NULL gives `DV_ERR_INVALID_ARG`. Schema rules
 * beyond the type are checked by [`dv_schema_validate`]. Thread-safe.
 */
DV_API dv_status_t dv_schema_decode_msgpack(dv_value_t **out, const dv_schema_t *s, const void *data,
                                            size_t len, const dv_decode_options_t *opts, dv_error_t **err);

/**
 * Decodes JSON by a schema: [`dv_json_decode`] with the schema's implied
 * type. As [`dv_schema_decode_msgpack`].
 */
DV_API dv_status_t dv_schema_decode_json(dv_value_t **out, const dv_schema_t *s, const char *json, size_t len,
                                         const dv_decode_options_t *opts, dv_error_t **err);

/**
 * Encodes a value as MessagePack by a schema: [`dv_msgpack_encode`] with
 * the schema's implied type, the right call for a value decoded by that
 * schema (dynamic attributes keep their type wrappers). Parameters,
 * ownership and statuses as there; `s` NULL gives `DV_ERR_INVALID_ARG`.
 * Thread-safe.
 */
DV_API dv_status_t dv_schema_encode_msgpack(dv_buf_t *out, const dv_schema_t *s, const dv_value_t *v,
                                            dv_error_t **err);

/**
 * Encodes a value as JSON by a schema: [`dv_json_encode`] with the schema's
 * implied type. As [`dv_schema_encode_msgpack`], with the statuses of
 * [`dv_json_encode`].
 */
DV_API dv_status_t dv_schema_encode_json(dv_buf_t *out, const dv_schema_t *s, const dv_value_t *v,
                                         dv_error_t **err);

/* Section - Transcoding without building a value */

/**
 * Converts MessagePack to JSON by type in one pass, with the same bytes and
 * errors as decoding then encoding.
 *
 * @param out receives the owned JSON text (release with
 *            [`dv_buf_dispose`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param data the MessagePack input (not retained); may be NULL only when
 *             `len == 0`.
 * @param len number of input bytes.
 * @param type the type; NULL gives `DV_ERR_INVALID_ARG`.
 * @param opts NULL for defaults, or decode options (borrowed for the call).
 * @param err optional error details.
 * @return the statuses of [`dv_msgpack_decode`] and [`dv_json_encode`].
 * Thread-safe.
 */
DV_API dv_status_t dv_msgpack_to_json(dv_buf_t *out, const void *data, size_t len,
                                      const dv_type_t *type, const dv_decode_options_t *opts,
                                      dv_error_t **err);

/**
 * Converts JSON to MessagePack by type in one pass, with the same bytes and
 * errors as decoding then encoding. Parameters as [`dv_msgpack_to_json`].
 */
DV_API dv_status_t dv_json_to_msgpack(dv_buf_t *out, const char *json, size_t len,
                                      const dv_type_t *type, const dv_decode_options_t *opts,
                                      dv_error_t **err);

/**
 * Canonicalises MessagePack by type in one pass: the bytes and errors of
 * decoding then encoding (strings in NFC, numbers and map keys in go-cty's
 * forms and order), without building a value. Parameters as
 * [`dv_msgpack_to_json`].
 */
DV_API dv_status_t dv_msgpack_to_msgpack(dv_buf_t *out, const void *data, size_t len,
                                         const dv_type_t *type, const dv_decode_options_t *opts,
                                         dv_error_t **err);

/**
 * Canonicalises JSON by type in one pass, as [`dv_msgpack_to_msgpack`] does
 * MessagePack (go-cty's compact output: attributes in type order, numbers
 * as go-cty prints them). Parameters as [`dv_json_to_msgpack`].
 */
DV_API dv_status_t dv_json_to_json(dv_buf_t *out, const char *json, size_t len,
                                   const dv_type_t *type, const dv_decode_options_t *opts,
                                   dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_CODEC_H */
