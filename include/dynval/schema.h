/**
 * @file dynval/schema.h
 * @brief Provider schemas ([`dv_schema_t`]), their introspection
 * ([`dv_block_t`], [`dv_attribute_t`], [`dv_object_t`],
 * [`dv_nested_block_t`]), resource identity schemas
 * ([`dv_identity_schema_t`]), schema documents ([`dv_schema_doc_t`]) and the
 * schema builder ([`dv_builder_t`]).
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
 *
 * Introspection: [`dv_schema_block`] gives the root block as a borrowed
 * `const dv_block_t *`. Blocks, attributes, nested attribute objects and
 * nested blocks are borrowed views into their schema (or identity schema):
 * never freed, valid as long as the schema they came from, and as immutable
 * and thread-safe as it. Their getters are NULL-safe: a NULL view gives
 * NULL, 0, `false` or the empty string `{NULL, 0}`. Attributes are in
 * bytewise name order, nested blocks in bytewise type-name order; index `i`
 * past the end gives NULL. Every name, description and message is UTF-8.
 *
 * Builders take any bytes; [`dv_builder_build`] and
 * [`dv_builder_build_identity`] reject names, descriptions and messages
 * that are not UTF-8 (`DV_ERR_SCHEMA`), as protobuf requires.
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

/** A block of a schema (borrowed view; see the file comment). */
typedef struct dv_block dv_block_t;

/** An attribute of a block, of a nested attribute object or of an identity
 *  schema (borrowed view). */
typedef struct dv_attribute dv_attribute_t;

/** The object type of a protocol-6 nested attribute (`Schema.Object`;
 *  borrowed view). */
typedef struct dv_object dv_object_t;

/** A nested block type of a block (`Schema.NestedBlock`; borrowed view). */
typedef struct dv_nested_block dv_nested_block_t;

/** A resource identity schema (`ResourceIdentitySchema`): opaque, immutable,
 *  freed with [`dv_identity_schema_free`]. */
typedef struct dv_identity_schema dv_identity_schema_t;

/** A parsed `providers schema -json` document: opaque, immutable, freed with
 *  [`dv_schema_doc_free`]. */
typedef struct dv_schema_doc dv_schema_doc_t;

/** Nesting modes, numbered as the plugin protocol's `NestingMode`. */
typedef enum dv_nesting {
  DV_NESTING_INVALID = 0, /**< never in a valid schema; getters return it for NULL */
  DV_NESTING_SINGLE = 1,
  DV_NESTING_LIST = 2,
  DV_NESTING_SET = 3,
  DV_NESTING_MAP = 4,
  DV_NESTING_GROUP = 5, /**< blocks only */
  DV_NESTING__FORCE_INT32 = 0x7FFFFFFF
} dv_nesting_t;

/**
 * The name of a nesting mode as schema JSON documents spell it: "single",
 * "list", "set", "map", "group"; NULL for any other number. A static
 * string. Thread-safe.
 */
DV_API const char *dv_nesting_name(dv_nesting_t nesting);

/** Description kinds, numbered as the plugin protocol's `StringKind`. */
typedef enum dv_description_kind {
  DV_DESCRIPTION_PLAIN = 0,
  DV_DESCRIPTION_MARKDOWN = 1,
  DV_DESCRIPTION__FORCE_INT32 = 0x7FFFFFFF
} dv_description_kind_t;

/** The kinds of schema a document holds (see [`dv_schema_doc_kind`]). */
typedef enum dv_schema_kind {
  DV_SCHEMA_PROVIDER = 0,           /**< `provider`: the provider configuration block */
  DV_SCHEMA_RESOURCE = 1,           /**< `resource:NAME` (`resource_schemas`) */
  DV_SCHEMA_DATA_SOURCE = 2,        /**< `data:NAME` (`data_source_schemas`) */
  DV_SCHEMA_EPHEMERAL_RESOURCE = 3, /**< `ephemeral:NAME` (`ephemeral_resource_schemas`) */
  DV_SCHEMA_LIST_RESOURCE = 4,      /**< `list:NAME` (`list_resource_schemas`) */
  DV_SCHEMA_ACTION = 5,             /**< `action:NAME` (`action_schemas`; version 0) */
  DV_SCHEMA_STATE_STORE = 6,        /**< `state_store:NAME` (`state_store_schemas`) */
  DV_SCHEMA_IDENTITY = 7,           /**< `identity:NAME` (`resource_identity_schemas`):
                                         an identity schema, not a block */
  DV_SCHEMA__FORCE_INT32 = 0x7FFFFFFF
} dv_schema_kind_t;

/** Attribute flags (`uint32_t` bit set): what the builder takes and
 *  [`dv_attribute_flags`] returns. */
#define DV_ATTR_REQUIRED 0x01u
#define DV_ATTR_OPTIONAL 0x02u
#define DV_ATTR_COMPUTED 0x04u
#define DV_ATTR_SENSITIVE 0x08u
#define DV_ATTR_DEPRECATED 0x10u
#define DV_ATTR_WRITE_ONLY 0x20u
/** Identity attributes only: `required_for_import`. */
#define DV_ATTR_REQUIRED_FOR_IMPORT 0x40u
/** Identity attributes only: `optional_for_import`. */
#define DV_ATTR_OPTIONAL_FOR_IMPORT 0x80u

/**
 * The name of one attribute flag as schema JSON documents spell it:
 * "required", "optional", "computed", "sensitive", "deprecated",
 * "write_only", "required_for_import", "optional_for_import"; NULL unless
 * `flag` is exactly one of the `DV_ATTR_*` flags. A static string.
 * Thread-safe.
 */
DV_API const char *dv_attribute_flag_name(uint32_t flag);

/* Section - Loading */

/**
 * Loads one block of a `terraform/tofu providers schema -json` document.
 * Each call parses the whole document; to take several blocks from one
 * document, parse it once with [`dv_schema_doc_from_json`].
 *
 * @param out receives a new schema owned by the caller (free with
 *            [`dv_schema_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param json the document (not retained); may be NULL only when
 *             `len == 0`.
 * @param len the document length in bytes.
 * @param selector which block: `provider`, `resource:NAME`, `data:NAME`,
 *                 `ephemeral:NAME`, `list:NAME`, `action:NAME` or
 *                 `state_store:NAME`; NULL or `identity:NAME` (not a block:
 *                 see [`dv_schema_doc_identity`]) gives `DV_ERR_INVALID_ARG`.
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

/**
 * Checks a value against the rules of [`dv_schema_validate`] and reports
 * every problem, not just the first (a provider returns all its
 * diagnostics at once), in the order the check meets them: a block's
 * attributes, then its nested blocks, each in bytewise name order,
 * elements in order. The first of them is the error
 * [`dv_schema_validate`] reports.
 *
 * @param s the schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param v the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param problems receives the list of problems (owned by the caller; free
 *                 with [`dv_errors_free`]) when there is at least one, and
 *                 NULL otherwise; each has its status (`DV_ERR_SCHEMA` or
 *                 `DV_ERR_TYPE_MISMATCH`), message and path. NULL gives
 *                 `DV_ERR_INVALID_ARG`.
 * @param err optional error details: the first problem (the error
 *            [`dv_schema_validate`] gives), or why the check failed.
 * @return `DV_OK` when valid; the status of the first problem when there
 *         are problems; `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_validate_all(const dv_schema_t *s, const dv_value_t *v,
                                          dv_errors_t **problems, dv_error_t **err);

/* Section - Introspection: blocks */

/**
 * Returns the schema's root block (borrowed, valid as long as `s`).
 * @param s the schema; NULL gives NULL.
 * Thread-safe.
 */
DV_API const dv_block_t *dv_schema_block(const dv_schema_t *s);

/** Number of attributes of a block. */
DV_API size_t dv_block_attribute_count(const dv_block_t *b);

/** Attribute `i` of a block, in bytewise name order; NULL past the end. */
DV_API const dv_attribute_t *dv_block_attribute(const dv_block_t *b, size_t i);

/**
 * Finds a block's attribute by name (binary search).
 * @param b the block; NULL gives NULL.
 * @param name the name (`len` bytes); NULL gives NULL unless `len == 0`.
 * @param len its length.
 * @return the attribute, or NULL when there is none of that name.
 * Thread-safe.
 */
DV_API const dv_attribute_t *dv_block_find_attribute(const dv_block_t *b, const char *name,
                                                     size_t len);

/** Number of nested block types of a block. */
DV_API size_t dv_block_nested_count(const dv_block_t *b);

/** Nested block type `i` of a block, in bytewise type-name order; NULL past
 *  the end. */
DV_API const dv_nested_block_t *dv_block_nested(const dv_block_t *b, size_t i);

/** Finds a block's nested block type by type name (`len` bytes); NULL when
 *  there is none. NULL-safe as [`dv_block_find_attribute`]. */
DV_API const dv_nested_block_t *dv_block_find_nested(const dv_block_t *b, const char *name,
                                                     size_t len);

/**
 * Finds the attribute that a path into a value of the block's implied type
 * leads to, as OpenTofu's configschema `Block.AttributeByPath`: attribute
 * steps go through nested blocks and into the objects of nested attributes;
 * the other steps, which select an element of a nested block or nested
 * attribute collection (`[0]`, `["key"]`, a set element), are passed over.
 * So `.network_interface[0].subnet_id` finds the `subnet_id` attribute of
 * the `network_interface` block: a [`dv_value_transform`] or
 * [`dv_value_walk`] callback asks it whether the value at its path is, say,
 * a computed or a sensitive attribute.
 *
 * @param b the block; NULL gives NULL.
 * @param p the path; NULL gives NULL.
 * @return the attribute (borrowed from the schema), or NULL when the path
 *         ends at the block itself or at a nested block, when an attribute
 *         step names nothing there, or when steps remain after an attribute
 *         with a type: a path into the attribute's value, such as
 *         `.tags["env"]` (look up its prefixes, e.g. with
 *         [`dv_path_truncate`] on a [`dv_path_clone`], to find the
 *         attribute a value is inside). A name that a nested attribute's
 *         object lacks gives NULL too (configschema passes over it).
 *         Thread-safe.
 */
DV_API const dv_attribute_t *dv_block_attribute_by_path(const dv_block_t *b, const dv_path_t *p);

/** The block's description (empty when none). */
DV_API dv_str_t dv_block_description(const dv_block_t *b);

/** The kind of the block's description. */
DV_API dv_description_kind_t dv_block_description_kind(const dv_block_t *b);

/** Whether the block is deprecated. */
DV_API bool dv_block_deprecated(const dv_block_t *b);

/** The block's deprecation message (tfplugin5.10/6.10; empty when none). */
DV_API dv_str_t dv_block_deprecation_message(const dv_block_t *b);

/** Whether the provider may compute the block's content (tfplugin6.11
 *  `Block.computed`; changes no rule and no type). */
DV_API bool dv_block_computed(const dv_block_t *b);

/** Whether an attribute of the block, of its nested blocks or of their
 *  nested attribute types is sensitive (false for NULL). Since 0.6. */
DV_API bool dv_block_has_sensitive(const dv_block_t *b);

/**
 * How much of a path into a value of the block may be shown where sensitive
 * values are masked: the number of leading steps up to and including the
 * first attribute the schema marks sensitive that the path passes through,
 * or the path's length when it passes none. Truncate a clone to it
 * ([`dv_path_truncate`]) before printing an error path, so that no map key
 * or element below a sensitive attribute is shown (as `dynval` does).
 * Since 0.6.
 *
 * @param b the block; NULL gives the path's length.
 * @param p the path; NULL gives 0.
 * @return the number of steps to keep. Thread-safe.
 */
DV_API size_t dv_block_sensitive_prefix(const dv_block_t *b, const dv_path_t *p);

/** The implied value type of the block (an object type; borrowed from the
 *  schema, clone it with [`dv_type_clone`] to keep it longer). */
DV_API const dv_type_t *dv_block_implied_type(const dv_block_t *b);

/* Section - Introspection: attributes */

/** The attribute's name. */
DV_API dv_str_t dv_attribute_name(const dv_attribute_t *a);

/** The attribute's type (borrowed), or NULL for a nested attribute (see
 *  [`dv_attribute_nested_type`]). */
DV_API const dv_type_t *dv_attribute_type(const dv_attribute_t *a);

/** The attribute's nested object type (protocol 6, borrowed), or NULL for an
 *  attribute with a type. */
DV_API const dv_object_t *dv_attribute_nested_type(const dv_attribute_t *a);

/** The attribute's `DV_ATTR_*` flags. Block and nested-object attributes
 *  carry the first six; identity attributes only the two import flags. */
DV_API uint32_t dv_attribute_flags(const dv_attribute_t *a);

/** The attribute's description (empty when none). */
DV_API dv_str_t dv_attribute_description(const dv_attribute_t *a);

/** The kind of the attribute's description (identity attribute descriptions
 *  are always Markdown, as the protocol says). */
DV_API dv_description_kind_t dv_attribute_description_kind(const dv_attribute_t *a);

/** The attribute's deprecation message (tfplugin5.10/6.11; empty when none). */
DV_API dv_str_t dv_attribute_deprecation_message(const dv_attribute_t *a);

/** The value type of the attribute: its type, or the implied type of its
 *  nested object (borrowed). */
DV_API const dv_type_t *dv_attribute_implied_type(const dv_attribute_t *a);

/* Section - Introspection: nested attribute objects */

/** The nesting of a nested attribute object: `DV_NESTING_SINGLE`, `_LIST`,
 *  `_SET` or `_MAP`. */
DV_API dv_nesting_t dv_object_nesting(const dv_object_t *o);

/** Number of attributes of a nested attribute object. */
DV_API size_t dv_object_attribute_count(const dv_object_t *o);

/** Attribute `i` of a nested attribute object, in bytewise name order; NULL
 *  past the end. */
DV_API const dv_attribute_t *dv_object_attribute(const dv_object_t *o, size_t i);

/** Finds a nested attribute object's attribute by name (`len` bytes); NULL
 *  when there is none. NULL-safe as [`dv_block_find_attribute`]. */
DV_API const dv_attribute_t *dv_object_find_attribute(const dv_object_t *o, const char *name,
                                                      size_t len);

/** The object's `min_items` (deprecated in the protocol, never used for
 *  validation; kept for round trips). */
DV_API int64_t dv_object_min_items(const dv_object_t *o);

/** The object's `max_items` (as [`dv_object_min_items`]). */
DV_API int64_t dv_object_max_items(const dv_object_t *o);

/** The implied type of the nested attribute: the object type, or a
 *  list/set/map of it (borrowed). */
DV_API const dv_type_t *dv_object_implied_type(const dv_object_t *o);

/* Section - Introspection: nested blocks */

/** The nested block's type name (its attribute name in the parent's value). */
DV_API dv_str_t dv_nested_block_type_name(const dv_nested_block_t *nb);

/** The nested block's nesting mode (any [`dv_nesting_t`] but INVALID). */
DV_API dv_nesting_t dv_nested_block_nesting(const dv_nested_block_t *nb);

/** The nested block's `min_items` (0 = no minimum). */
DV_API int64_t dv_nested_block_min_items(const dv_nested_block_t *nb);

/** The nested block's `max_items` (0 = no maximum). */
DV_API int64_t dv_nested_block_max_items(const dv_nested_block_t *nb);

/** The body of the nested block (borrowed). */
DV_API const dv_block_t *dv_nested_block_body(const dv_nested_block_t *nb);

/** The type the nested block contributes to its parent's object type: the
 *  body's object type (SINGLE, GROUP), a list/set/map of it, or dynamic for
 *  LIST/MAP blocks whose content has dynamic types (borrowed). */
DV_API const dv_type_t *dv_nested_block_implied_type(const dv_nested_block_t *nb);

/* Section - Resource identity schemas */

/**
 * Loads a resource identity schema from its JSON object, as a value of
 * `resource_identity_schemas` in a `providers schema -json` document:
 * `{"version":N,"attributes":{NAME:{"type":T,"description":S,
 * "required_for_import":B,"optional_for_import":B}}}`.
 *
 * @param out receives a new identity schema (free with
 *            [`dv_identity_schema_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param json the object (not retained); may be NULL only when `len == 0`.
 * @param len its length.
 * @param err optional error details (path, byte offset).
 * @return `DV_OK`, `DV_ERR_PARSE`, `DV_ERR_SCHEMA` (e.g. an attribute
 *         without a type), `DV_ERR_LIMIT`, `DV_ERR_INVALID_ARG` or
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_identity_schema_from_json(dv_identity_schema_t **out, const char *json,
                                                size_t len, dv_error_t **err);

/**
 * Decodes the protobuf bytes of a tfplugin5/6 `ResourceIdentitySchema`
 * message (as held from `GetResourceIdentitySchemas`; the same fields in
 * both protocols).
 *
 * @param out receives a new identity schema (free with
 *            [`dv_identity_schema_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param data the message bytes (not retained); may be NULL only when
 *             `len == 0`.
 * @param len number of bytes.
 * @param protocol_version 5 or 6; anything else gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details (byte offset).
 * @return `DV_OK`, `DV_ERR_PARSE`, `DV_ERR_SCHEMA`, `DV_ERR_LIMIT`,
 *         `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_identity_schema_from_proto(dv_identity_schema_t **out, const void *data,
                                                 size_t len, int protocol_version,
                                                 dv_error_t **err);

/**
 * Encodes an identity schema as a `ResourceIdentitySchema` message (fields
 * by number, defaults omitted).
 *
 * @param out receives the owned bytes (release with [`dv_buf_dispose`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param s the identity schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param protocol_version 5 or 6; anything else gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_identity_schema_to_proto(dv_buf_t *out, const dv_identity_schema_t *s,
                                               int protocol_version, dv_error_t **err);

/**
 * Returns another owned reference to the same immutable identity schema, in
 * O(1).
 *
 * @param out receives the reference (free with [`dv_identity_schema_free`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param s the identity schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_identity_schema_clone(dv_identity_schema_t **out,
                                            const dv_identity_schema_t *s, dv_error_t **err);

/**
 * Releases an owned identity schema; views borrowed from it become invalid
 * unless other references to it are alive.
 * @param s the identity schema; NULL is a no-op. May be called from any thread.
 */
DV_API void dv_identity_schema_free(dv_identity_schema_t *s);

/** The identity schema version (separate from the resource schema's). */
DV_API int64_t dv_identity_schema_version(const dv_identity_schema_t *s);

/** The implied type of identity data: the object type of the identity
 *  attributes (borrowed; decode identity `DynamicValue`s with it). */
DV_API const dv_type_t *dv_identity_schema_implied_type(const dv_identity_schema_t *s);

/** Number of identity attributes. */
DV_API size_t dv_identity_schema_attribute_count(const dv_identity_schema_t *s);

/** Identity attribute `i`, in bytewise name order; NULL past the end. Its
 *  flags are `DV_ATTR_REQUIRED_FOR_IMPORT` / `DV_ATTR_OPTIONAL_FOR_IMPORT`. */
DV_API const dv_attribute_t *dv_identity_schema_attribute(const dv_identity_schema_t *s,
                                                          size_t i);

/** Finds an identity attribute by name (`len` bytes); NULL when there is
 *  none. NULL-safe as [`dv_block_find_attribute`]. */
DV_API const dv_attribute_t *dv_identity_schema_find_attribute(const dv_identity_schema_t *s,
                                                               const char *name, size_t len);

/* Section - Schema documents */

/**
 * Parses a `terraform/tofu providers schema -json` document once, to list
 * its schemas and hand out any of them cheaply. Parsing checks the whole
 * document and records where each schema is; a schema is built from its own
 * bytes the first time it is asked for and cached in the document, so a
 * later request costs an O(1) reference. The bytes are copied: `json` need
 * not outlive the call.
 *
 * @param out receives a new document (free with [`dv_schema_doc_free`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param json the document; may be NULL only when `len == 0`.
 * @param len its length.
 * @param err optional error details (path, byte offset).
 * @return `DV_OK`; `DV_ERR_PARSE` (malformed JSON, not a schemas document,
 *         a schema that is not an object or appears twice); `DV_ERR_LIMIT`;
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. The schemas themselves are
 *         checked when they are built. Thread-safe.
 */
DV_API dv_status_t dv_schema_doc_from_json(dv_schema_doc_t **out, const char *json, size_t len,
                                           dv_error_t **err);

/**
 * Releases a document. Schemas obtained from it stay valid (each is its own
 * reference); strings borrowed from it become invalid.
 * @param doc the document; NULL is a no-op. May be called from any thread.
 */
DV_API void dv_schema_doc_free(dv_schema_doc_t *doc);

/** Number of schemas in the document (every provider's, in document order). */
DV_API size_t dv_schema_doc_count(const dv_schema_doc_t *doc);

/** The provider address of schema `i` (borrowed from the document; empty
 *  past the end). */
DV_API dv_str_t dv_schema_doc_provider(const dv_schema_doc_t *doc, size_t i);

/** The selector of schema `i`: `provider`, `resource:NAME`, `data:NAME`,
 *  `ephemeral:NAME`, `list:NAME`, `action:NAME`, `state_store:NAME` or
 *  `identity:NAME` (borrowed from the document; empty past the end). */
DV_API dv_str_t dv_schema_doc_selector(const dv_schema_doc_t *doc, size_t i);

/** The kind of schema `i` (`DV_SCHEMA_PROVIDER` past the end). */
DV_API dv_schema_kind_t dv_schema_doc_kind(const dv_schema_doc_t *doc, size_t i);

/**
 * Finds a schema of the document by selector.
 *
 * @param doc the document; NULL gives `DV_ERR_INVALID_ARG`.
 * @param selector a selector as [`dv_schema_doc_selector`] prints them; NULL
 *                 gives `DV_ERR_INVALID_ARG`.
 * @param selector_len its length.
 * @param provider the provider address, or NULL / empty when the document
 *                 holds exactly one provider.
 * @param provider_len its length.
 * @param index receives the schema's index; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_NOT_FOUND` (no such provider or schema);
 *         `DV_ERR_INVALID_ARG` (bad selector, several providers and no
 *         address, NULL arguments); `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_schema_doc_find(const dv_schema_doc_t *doc, const char *selector,
                                      size_t selector_len, const char *provider,
                                      size_t provider_len, size_t *index, dv_error_t **err);

/**
 * Hands out schema `i` of the document (any kind but `DV_SCHEMA_IDENTITY`).
 * The first request builds it from its bytes; later ones share it.
 *
 * @param out receives an owned reference (free with [`dv_schema_free`]);
 *            NULL gives `DV_ERR_INVALID_ARG`.
 * @param doc the document; NULL gives `DV_ERR_INVALID_ARG`.
 * @param i the schema index.
 * @param err optional error details (path into the document, byte offset).
 * @return `DV_OK`; `DV_ERR_SCHEMA` (invalid schema) or `DV_ERR_PARSE`
 *         (invalid field values), as [`dv_schema_from_json`];
 *         `DV_ERR_OUT_OF_RANGE` (no schema `i`); `DV_ERR_INVALID_ARG` (an
 *         identity schema, NULL arguments); `DV_ERR_LIMIT`; `DV_ERR_NOMEM`.
 *         Thread-safe.
 */
DV_API dv_status_t dv_schema_doc_schema(dv_schema_t **out, const dv_schema_doc_t *doc, size_t i,
                                        dv_error_t **err);

/**
 * Hands out identity schema `i` of the document (kind
 * `DV_SCHEMA_IDENTITY`), as [`dv_schema_doc_schema`] does blocks.
 *
 * @param out receives an owned reference (free with
 *            [`dv_identity_schema_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param doc the document; NULL gives `DV_ERR_INVALID_ARG`.
 * @param i the schema index.
 * @param err optional error details.
 * @return as [`dv_schema_doc_schema`]; `DV_ERR_INVALID_ARG` when schema `i`
 *         is a block. Thread-safe.
 */
DV_API dv_status_t dv_schema_doc_identity(dv_identity_schema_t **out, const dv_schema_doc_t *doc,
                                          size_t i, dv_error_t **err);

/**
 * Writes schema `i` of the document as `providers schema -json` text, built
 * from the loaded schema: `{"version":N,"block":{...}}` for a block,
 * `{"block":{...}}` for an action, `{"version":N,"attributes":{...}}` for an
 * identity schema. Terraform's own output is written back byte for byte.
 * Since 0.6.
 *
 * @param out receives the text (dispose with [`dv_buf_dispose`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param doc the document; NULL gives `DV_ERR_INVALID_ARG`.
 * @param i the schema index.
 * @param err optional error details.
 * @return as [`dv_schema_doc_schema`]. Thread-safe.
 */
DV_API dv_status_t dv_schema_doc_entry_json(dv_buf_t *out, const dv_schema_doc_t *doc, size_t i,
                                            dv_error_t **err);

/**
 * Writes the whole document rebuilt from every schema it holds, in the
 * layout Terraform writes (`format_version`, then `provider_schemas` with
 * providers and names in byte order and each provider's keys in Terraform's
 * order). Keys that hold no schemas (`functions`, keys this library does not
 * know) are left out; otherwise Terraform's own output is written back byte
 * for byte. Since 0.6.
 *
 * @param out receives the text (dispose with [`dv_buf_dispose`]); NULL gives
 *            `DV_ERR_INVALID_ARG`.
 * @param doc the document; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; the first schema's load error, as
 *         [`dv_schema_doc_schema`]; `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 *         Thread-safe.
 */
DV_API dv_status_t dv_schema_doc_to_json(dv_buf_t *out, const dv_schema_doc_t *doc, dv_error_t **err);

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
 *         (e.g. exactly one of required/optional/computed; the import
 *         flags only for identity schemas) are checked by
 *         [`dv_builder_build`] / [`dv_builder_build_identity`]. Needs
 *         exclusive access to `b`.
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
 * Sets the description of the block being built.
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param text the description (copied); may be NULL only when `len == 0`.
 * @param len its length.
 * @param kind `DV_DESCRIPTION_PLAIN` or `_MARKDOWN`; others give
 *             `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Needs exclusive
 *         access to `b`.
 */
DV_API dv_status_t dv_builder_set_description(dv_builder_t *b, const char *text, size_t len,
                                              dv_description_kind_t kind, dv_error_t **err);

/**
 * Marks the block being built deprecated (or not), with an optional
 * deprecation message.
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param deprecated the flag.
 * @param message the message (copied); may be NULL only when `len == 0`.
 * @param len its length.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Needs exclusive
 *         access to `b`.
 */
DV_API dv_status_t dv_builder_set_deprecated(dv_builder_t *b, bool deprecated, const char *message,
                                             size_t len, dv_error_t **err);

/**
 * Sets tfplugin6.11 `Block.computed` on the block being built.
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param computed the flag.
 * @param err optional error details.
 * @return `DV_OK` or `DV_ERR_INVALID_ARG`. Needs exclusive access to `b`.
 */
DV_API dv_status_t dv_builder_set_computed(dv_builder_t *b, bool computed, dv_error_t **err);

/**
 * Sets the description of an attribute already added (the last one of that
 * name).
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name the attribute name; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name_len its length.
 * @param text the description (copied); may be NULL only when `len == 0`.
 * @param len its length.
 * @param kind `DV_DESCRIPTION_PLAIN` or `_MARKDOWN`; others give
 *             `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_NOT_FOUND` (no such attribute);
 *         `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`. Needs exclusive access to `b`.
 */
DV_API dv_status_t dv_builder_set_attribute_description(dv_builder_t *b, const char *name,
                                                        size_t name_len, const char *text,
                                                        size_t len, dv_description_kind_t kind,
                                                        dv_error_t **err);

/**
 * Sets the deprecation message of an attribute already added (the last one
 * of that name); mark it deprecated with `DV_ATTR_DEPRECATED`.
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name the attribute name; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name_len its length.
 * @param message the message (copied); may be NULL only when `len == 0`.
 * @param len its length.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_NOT_FOUND`; `DV_ERR_INVALID_ARG`; `DV_ERR_NOMEM`.
 *         Needs exclusive access to `b`.
 */
DV_API dv_status_t dv_builder_set_attribute_deprecation_message(dv_builder_t *b, const char *name,
                                                                size_t name_len,
                                                                const char *message, size_t len,
                                                                dv_error_t **err);

/**
 * Sets the (deprecated, never validated) `min_items` / `max_items` of a
 * nested attribute already added (the last one of that name).
 *
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name the attribute name; NULL gives `DV_ERR_INVALID_ARG`.
 * @param name_len its length.
 * @param min_items,max_items the bounds.
 * @param err optional error details.
 * @return `DV_OK`; `DV_ERR_NOT_FOUND`; `DV_ERR_INVALID_ARG` (NULL
 *         arguments, an attribute with a type). Needs exclusive access to `b`.
 */
DV_API dv_status_t dv_builder_set_nested_items(dv_builder_t *b, const char *name, size_t name_len,
                                               int64_t min_items, int64_t max_items,
                                               dv_error_t **err);

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
 * Builds an identity schema from the builder's attributes: each needs a
 * type and may carry only `DV_ATTR_REQUIRED_FOR_IMPORT` and
 * `DV_ATTR_OPTIONAL_FOR_IMPORT` (and a description). The builder is
 * unchanged.
 *
 * @param out receives a new identity schema (free with
 *            [`dv_identity_schema_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param b the builder; NULL gives `DV_ERR_INVALID_ARG`.
 * @param version the identity schema version.
 * @param err optional error details (path of the first problem).
 * @return `DV_OK`; `DV_ERR_SCHEMA` (a nested attribute, nested blocks,
 *         another flag, a duplicate name); `DV_ERR_INVALID_ARG`;
 *         `DV_ERR_NOMEM`. Only reads `b`.
 */
DV_API dv_status_t dv_builder_build_identity(dv_identity_schema_t **out, const dv_builder_t *b,
                                             int64_t version, dv_error_t **err);

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
