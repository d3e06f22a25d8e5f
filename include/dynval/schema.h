/**
 * @file dynval/schema.h
 * @brief Provider schemas ([`dv_schema_t`]) and the schema builder
 * ([`dv_builder_t`]).
 *
 * A schema is a provider's `Schema.Block` (attributes, nested blocks, flags)
 * plus its version. Load one from a `providers schema -json` document, from
 * the protobuf bytes of a tfplugin5/6 `Schema` message, or build one with a
 * [`dv_builder_t`]. Every schema is checked (OpenTofu's InternalValidate
 * rules) and then immutable: functions taking `const dv_schema_t *` may run
 * concurrently, [`dv_schema_clone`] is O(1), and [`dv_schema_free`] may be
 * called from any thread.
 *
 * The implied value type ([`dv_schema_implied_type`]) follows OpenTofu's
 * `configschema` rules; decode `DynamicValue`s with it (codec.h) and check
 * the schema-only rules with [`dv_schema_validate`].
 */
#ifndef DYNVAL_SCHEMA_H
#define DYNVAL_SCHEMA_H

#include "common.h"
#include "buffer.h"
#include "error.h"
#include "type.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A provider schema: opaque, immutable, freed with [`dv_schema_free`]. */
typedef struct dv_schema dv_schema_t;

/** A mutable schema builder: opaque, freed with [`dv_builder_free`]. */
typedef struct dv_builder dv_builder_t;

/** Nesting modes, numbered as the plugin protocol's `NestingMode`. */
typedef enum dv_nesting {
  DV_NESTING_SINGLE = 1,
  DV_NESTING_LIST = 2,
  DV_NESTING_SET = 3,
  DV_NESTING_MAP = 4,
  DV_NESTING_GROUP = 5, /**< blocks only */
  DV_NESTING__FORCE_INT32 = 0x7FFFFFFF
} dv_nesting_t;

/** Attribute flags for the builder (`unsigned` bit set). */
#define DV_ATTR_REQUIRED 0x01u
#define DV_ATTR_OPTIONAL 0x02u
#define DV_ATTR_COMPUTED 0x04u
#define DV_ATTR_SENSITIVE 0x08u
#define DV_ATTR_DEPRECATED 0x10u
#define DV_ATTR_WRITE_ONLY 0x20u

/* Section - Loading */

/**
 * Loads one block of a `terraform/tofu providers schema -json` document.
 *
 * @param out receives a new schema owned by the caller (free with
 *            [`dv_schema_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param json the document (not retained); may be NULL only when
 *             `len == 0`.
 * @param len the document length in bytes.
 * @param selector which block: `provider`, `resource:NAME`, `data:NAME` or
 *                 `ephemeral:NAME`; NULL gives `DV_ERR_INVALID_ARG`.
 * @param selector_len its length.
 * @param provider the provider address (e.g.
 *                 `registry.terraform.io/hashicorp/aws`), or NULL / empty
 *                 when the document holds exactly one provider.
 * @param provider_len its length.
 * @param err optional error details (path into the document, byte offset).
 * @return `DV_OK`; `DV_ERR_PARSE` (malformed JSON); `DV_ERR_SCHEMA` (invalid
 *         schema); `DV_ERR_NOT_FOUND` (no such provider or block);
 *         `DV_ERR_INVALID_ARG` (bad selector, ambiguous provider, NULL
 *         arguments); `DV_ERR_LIMIT`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_from_json(dv_schema_t **out, const char *json, size_t len,
                                       const char *selector, size_t selector_len,
                                       const char *provider, size_t provider_len,
                                       dv_error_t **err);

/**
 * Loads a single block JSON object (the value of a `"block"` key in a
 * schema document) as the root block of a schema.
 *
 * @param out receives a new schema (free with [`dv_schema_free`]); NULL
 *            gives `DV_ERR_INVALID_ARG`.
 * @param json the block object (not retained); may be NULL only when
 *             `len == 0`.
 * @param len its length.
 * @param version the schema version to record.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_PARSE`, `DV_ERR_SCHEMA`, `DV_ERR_LIMIT`,
 *         `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_from_block_json(dv_schema_t **out, const char *json, size_t len,
                                             int64_t version, dv_error_t **err);

/**
 * Decodes the protobuf bytes of a tfplugin5 or tfplugin6 `Schema` message
 * (as held from `GetProviderSchema`).
 *
 * @param out receives a new schema (free with [`dv_schema_free`]); NULL
 *            gives `DV_ERR_INVALID_ARG`.
 * @param data the message bytes (not retained); may be NULL only when
 *             `len == 0`.
 * @param len number of bytes.
 * @param protocol_version 5 or 6; anything else gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details (byte offset).
 * @return `DV_OK`, `DV_ERR_PARSE`, `DV_ERR_SCHEMA`, `DV_ERR_LIMIT`,
 *         `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_from_proto(dv_schema_t **out, const void *data, size_t len,
                                        int protocol_version, dv_error_t **err);

/**
 * Encodes a schema as a tfplugin5/6 `Schema` message (Go protobuf's byte
 * order: fields by number, defaults omitted).
 *
 * @param out receives the owned bytes (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param s the schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param protocol_version 5 or 6; anything else gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_UNSUPPORTED` (protocol 5 cannot express nested
 *         attribute types); `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 * Thread-safe.
 */
DV_API dv_status_t dv_schema_to_proto(dv_buf_t *out, const dv_schema_t *s, int protocol_version,
                                      dv_error_t **err);

/**
 * Returns another owned reference to the same immutable schema, in O(1).
 *
 * @param out receives the reference (free with [`dv_schema_free`]); NULL
 *            gives `DV_ERR_INVALID_ARG`.
 * @param s the schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_clone(dv_schema_t **out, const dv_schema_t *s, dv_error_t **err);

/**
 * Releases an owned schema. Types borrowed from it become invalid unless
 * other references to the same schema are alive.
 * @param s the schema; NULL is a no-op. May be called from any thread.
 */
DV_API void dv_schema_free(dv_schema_t *s);

/* Section - Queries */

/**
 * Returns the implied value type of the schema's root block (always an
 * object type), borrowed from the schema: do not free it; clone it with
 * [`dv_type_clone`] to keep it longer.
 * @param s the schema; NULL gives NULL.
 * Thread-safe.
 */
DV_API const dv_type_t *dv_schema_implied_type(const dv_schema_t *s);

/**
 * Returns the schema version (`Schema.version`).
 * @param s the schema; NULL gives 0.
 * Thread-safe.
 */
DV_API int64_t dv_schema_version(const dv_schema_t *s);

/**
 * Checks a value against the schema rules beyond its type: required
 * attributes not null, GROUP blocks never null, min/max items of LIST and
 * SET blocks (skipped while unknowns are present), and the shape of the
 * implied type. A null or unknown root value is accepted.
 *
 * @param s the schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional details of the first problem, with its cty path
 *            (e.g. `.network[0].ip`).
 * @return `DV_OK` when valid; `DV_ERR_SCHEMA` (a rule is violated);
 *         `DV_ERR_TYPE_MISMATCH` (wrong shape); `DV_ERR_INVALID_ARG`;
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_validate(const dv_schema_t *s, const dv_value_t *v,
                                      dv_error_t **err);

/* Section - Builder */

/**
 * Creates an empty block builder.
 *
 * @param out receives a new builder owned by the caller (free with
 *            [`dv_builder_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * A builder is not thread-safe: use it from one thread at a time.
 */
DV_API dv_status_t dv_builder_new(dv_builder_t **out, dv_error_t **err);

/**
 * Adds an attribute with a type to the block being built.
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name the attribute name (copied); NULL gives `DV_ERR_INVALID_ARG`.
 * @param name_len its length.
 * @param type the attribute type (reference copied); NULL gives
 *             `DV_ERR_INVALID_ARG`.
 * @param flags `DV_ATTR_*` bits; unknown bits give `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. The schema rules
 *         (e.g. exactly one of required/optional/computed) are checked by
 *         [`dv_builder_build`]. Needs exclusive access to `b`.
 */
DV_API dv_status_t dv_builder_attribute(dv_builder_t *b, const char *name, size_t name_len,
                                        const dv_type_t *type, uint32_t flags,
                                        dv_error_t **err);

/**
 * Adds a protocol-6 nested attribute whose object attributes are those added
 * to `object` (which must have no nested blocks).
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name the attribute name (copied); NULL gives `DV_ERR_INVALID_ARG`.
 * @param name_len its length.
 * @param nesting `DV_NESTING_SINGLE`, `_LIST`, `_SET` or `_MAP`; other
 *                values give `DV_ERR_INVALID_ARG`.
 * @param object the attributes (copied, not consumed: the caller still
 *               frees it); NULL or `object == b` gives `DV_ERR_INVALID_ARG`.
 * @param flags `DV_ATTR_*` bits.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Needs exclusive access to `b`; only reads `object`.
 */
DV_API dv_status_t dv_builder_nested_attribute(dv_builder_t *b, const char *name,
                                               size_t name_len, dv_nesting_t nesting,
                                               const dv_builder_t *object, uint32_t flags,
                                               dv_error_t **err);

/**
 * Adds a nested block type whose body is the block built by `body`.
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param type_name the block type name (copied); NULL gives
 *                  `DV_ERR_INVALID_ARG`.
 * @param type_name_len its length.
 * @param nesting any [`dv_nesting_t`] value; others give
 *                `DV_ERR_INVALID_ARG`.
 * @param body the block body (copied, not consumed); NULL or `body == b`
 *             gives `DV_ERR_INVALID_ARG`.
 * @param min_items,max_items item bounds (0 = none), LIST/SET only.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`.
 * Needs exclusive access to `b`; only reads `body`.
 */
DV_API dv_status_t dv_builder_block(dv_builder_t *b, const char *type_name, size_t type_name_len,
                                    dv_nesting_t nesting, const dv_builder_t *body,
                                    int64_t min_items, int64_t max_items, dv_error_t **err);

/**
 * Builds, checks and freezes a schema from the builder's block. The builder
 * is unchanged and may be reused.
 *
 * @param out receives a new schema (free with [`dv_schema_free`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param version the schema version.
 * @param err optional error details (path of the first problem).
 * @return `DV_OK`; `DV_ERR_SCHEMA` (invalid schema); `DV_ERR_INVALID_ARG`;
 *         `DV_ERR_NOMEM`. Only reads `b`.
 */
DV_API dv_status_t dv_builder_build(dv_schema_t **out, const dv_builder_t *b, int64_t version,
                                    dv_error_t **err);

/**
 * Releases a builder.
 * @param b the builder; NULL is a no-op.
 */
DV_API void dv_builder_free(dv_builder_t *b);

/* Section - Legacy state */

/**
 * Reads legacy flatmap state by a schema: [`dv_value_from_flatmap`] with
 * the schema's implied type ([`dv_schema_implied_type`]), as provider SDKs
 * upgrade pre-0.12 state in UpgradeResourceState. Parameters, ownership and
 * statuses as there; `s` NULL gives `DV_ERR_INVALID_ARG`. Thread-safe.
 */
DV_API dv_status_t dv_schema_value_from_flatmap(dv_value_t **out, const dv_schema_t *s, const dv_str_t *keys,
                                                const dv_str_t *values, size_t n, dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_SCHEMA_H */
