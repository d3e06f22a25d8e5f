// dynval schemas: a provider's Schema.Block (docs/wire-format.md#blocks).
//
// The model mirrors the Terraform/OpenTofu plugin protocol's Schema.Block
// (tfplugin5/6 .proto) and OpenTofu's internal/configs/configschema:
//
//   Schema      { version, Block root }
//   Block       { attributes (sorted by name), block_types (sorted by type
//                 name), description, description_kind, deprecated,
//                 deprecation_message, computed (tfplugin6.11) }
//   Attribute   { name, type XOR nested_type (protocol 6), flags, description }
//   NestedObject{ attributes, nesting SINGLE/LIST/SET/MAP, min/max items }
//   NestedBlock { type_name, Block, nesting SINGLE/LIST/SET/MAP/GROUP,
//                 min_items, max_items }
//   IdentitySchema { version, attributes } (tfplugin5.9+/6.9+
//                 ResourceIdentitySchema: typed attributes with the
//                 required/optional-for-import flags and a description)
//
// A Schema is built once (from a `providers schema -json` document, from the
// protobuf bytes of a tfplugin5/6 `Schema` message, or in code with
// BlockBuilder), checked (OpenTofu's InternalValidate rules) and then frozen:
// it is only ever handed out as SchemaPtr = shared_ptr<const Schema>, so it is
// immutable and safe to share between threads. The implied value type of the
// root block, of every nested block and of every attribute is computed once
// by Schema::make and cached in the model (the `implied_type` members).
//
// Errors: everything here throws dynval::Error. Malformed bytes are
// Status::Parse, a structurally invalid schema is Status::Schema, a missing
// provider/resource is Status::NotFound, a bad selector or an ambiguous
// provider is Status::InvalidArg, excessive nesting is Status::Limit. Errors
// carry the path into the input document (e.g.
// .provider_schemas["registry.terraform.io/hashicorp/aws"].resource_schemas["aws_instance"].block.attributes["ami"].type)
// and, for JSON, the byte offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "support/json_input.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval {

// Numbered as the protocol's Schema.NestedBlock.NestingMode (Object.NestingMode
// uses the same numbers for SINGLE..MAP; GROUP is blocks only).
enum class NestingMode : uint8_t {
  Invalid = 0,
  Single = 1,
  List = 2,
  Set = 3,
  Map = 4,
  Group = 5,
};

// Numbered as the protocol's StringKind.
enum class DescriptionKind : uint8_t { Plain = 0, Markdown = 1 };

// "single", "list", "set", "map", "group" (the JSON document spelling);
// "invalid" for anything else.
const char* nesting_name(NestingMode m) noexcept;

struct Attribute;
struct NestedBlock;

// Protocol-6 nested attribute type (Schema.Object).
struct NestedObject {
  std::vector<Attribute> attributes;  // sorted by name after Schema::make
  NestingMode nesting = NestingMode::Single;
  // Deprecated in the protocol and never used for validation; kept for
  // round trips only.
  int64_t min_items = 0;
  int64_t max_items = 0;

  // Cached by Schema::make: Object.ImpliedType (no optional markers).
  Type implied_type;

  const Attribute* find(std::string_view name) const noexcept;
};

struct Attribute {
  std::string name;
  // Exactly one of type / nested_type is set in a valid schema.
  std::optional<Type> type;
  std::optional<NestedObject> nested_type;

  std::string description;
  DescriptionKind description_kind = DescriptionKind::Plain;
  std::string deprecation_message;  // tfplugin5.10+/6.11+; empty otherwise

  bool required = false;
  bool optional = false;
  bool computed = false;
  bool sensitive = false;
  bool deprecated = false;
  bool write_only = false;
  // Identity attributes only (IdentitySchema); a block attribute with either
  // flag is rejected by Schema::make.
  bool required_for_import = false;
  bool optional_for_import = false;

  // Cached by Schema::make: Attribute.ImpliedType (the type, or the nested
  // object's implied type).
  Type implied_type;
};

struct Block {
  std::vector<Attribute> attributes;     // sorted by name after Schema::make
  std::vector<NestedBlock> block_types;  // sorted by type_name after Schema::make
  std::string description;
  DescriptionKind description_kind = DescriptionKind::Plain;
  bool deprecated = false;
  std::string deprecation_message;  // tfplugin5.10+/6.11+; empty otherwise
  // tfplugin6.11 Block.computed: the provider may compute the block's
  // content. Blocks are optional anyway, so it changes no rule and no type.
  // In JSON documents it is the block key "computed" (a libdynval
  // extension: Terraform's `providers schema -json` does not print it).
  bool computed = false;
  int64_t version = 0;              // Schema.Block.version (protobuf only)

  // Cached by Schema::make: Block.ImpliedType, always an object type.
  Type implied_type;

  // Binary search (the vectors are sorted once the block is in a Schema).
  const Attribute* find_attribute(std::string_view name) const noexcept;
  const NestedBlock* find_block(std::string_view type_name) const noexcept;

  // The attribute a path into a value of this block's type leads to, as
  // OpenTofu's configschema Block.AttributeByPath: attribute steps go
  // through nested blocks and into the objects of nested attributes; the
  // other steps (an element of a block or nested attribute collection) are
  // passed over. nullptr when the path ends at the root or at a block, when
  // an attribute step names nothing there, or when steps remain after an
  // attribute with a type (a path into its value, e.g. .tags["env"]).
  // configschema's Object.AttributeByPath passes over a name its object
  // lacks; here that is nullptr too.
  const Attribute* attribute_by_path(const Path& path) const noexcept;

  // Block.specType: the implied type with the optional-attribute markers of
  // nested attribute objects kept (what hcldec decodes configuration with).
  // Computed on each call (not cached).
  Type spec_type() const;
};

struct NestedBlock {
  std::string type_name;
  Block block;
  NestingMode nesting = NestingMode::Invalid;
  int64_t min_items = 0;
  int64_t max_items = 0;

  // Cached by Schema::make: the type this block contributes to its parent's
  // object type: object (SINGLE, GROUP), list/set/map of object, or dynamic
  // for LIST/MAP blocks whose content has dynamic types.
  Type implied_type;
};

bool operator==(const NestedObject& a, const NestedObject& b);
bool operator==(const Attribute& a, const Attribute& b);
bool operator==(const Block& a, const Block& b);
bool operator==(const NestedBlock& a, const NestedBlock& b);

struct Schema;
using SchemaPtr = std::shared_ptr<const Schema>;

struct Schema {
  int64_t version = 0;
  Block block;

  // The implied value type of the root block (cached).
  const Type& implied_type() const noexcept { return block.implied_type; }

  // Freezes a schema: sorts attributes and block types by name, checks it
  // with OpenTofu's InternalValidate rules plus duplicate names, UTF-8
  // names, descriptions and messages, and no import flags (throws
  // Status::Schema with the path of the first problem, e.g.
  // .block_types["ebs"].block.attributes["x"]), and computes and caches the
  // implied types.
  static SchemaPtr make(int64_t version, Block root);

  bool operator==(const Schema& o) const { return version == o.version && block == o.block; }
};

// A resource identity schema (ResourceIdentitySchema, tfplugin5.9+/6.9+;
// `resource_identity_schemas` in `providers schema -json`, Terraform >= 1.12).
// Each attribute has a type (never a nested type), a description and the
// required_for_import / optional_for_import flags, and nothing else. Terraform
// turns it into a configschema.Object of nesting SINGLE, so the implied type of
// identity data is the object type of the attributes.
struct IdentitySchema;
using IdentitySchemaPtr = std::shared_ptr<const IdentitySchema>;

struct IdentitySchema {
  int64_t version = 0;
  std::vector<Attribute> attributes;  // sorted by name

  // The object type of the attributes (cached): decode identity data with it.
  Type implied_type;

  const Attribute* find_attribute(std::string_view name) const noexcept;

  // Freezes an identity schema: sorts the attributes, checks them (unique
  // non-empty names, a type and no nested type, no flag but the two import
  // flags; Status::Schema with the path of the first problem, e.g.
  // .attributes["id"]) and computes the implied type. Descriptions are
  // Markdown (the protocol says so): description_kind is set to Markdown.
  static IdentitySchemaPtr make(int64_t version, std::vector<Attribute> attributes);

  bool operator==(const IdentitySchema& o) const { return version == o.version && attributes == o.attributes; }
};

// ---------------------------------------------------------------------------
// Builder

enum class AttrFlag : uint32_t {
  None = 0,
  Required = 1u << 0,
  Optional = 1u << 1,
  Computed = 1u << 2,
  Sensitive = 1u << 3,
  Deprecated = 1u << 4,
  WriteOnly = 1u << 5,
  RequiredForImport = 1u << 6,  // identity attributes only
  OptionalForImport = 1u << 7,  // identity attributes only
};
constexpr AttrFlag operator|(AttrFlag a, AttrFlag b) noexcept {
  return AttrFlag(uint32_t(a) | uint32_t(b));
}
constexpr bool has_flag(AttrFlag set, AttrFlag f) noexcept { return (uint32_t(set) & uint32_t(f)) != 0; }
// "required", "optional", "computed", "sensitive", "deprecated",
// "write_only", "required_for_import", "optional_for_import" (the JSON
// document's keys) for exactly one flag; nullptr for anything else.
const char* attr_flag_name(AttrFlag f) noexcept;
// The flags of an attribute as a bit set.
AttrFlag attribute_flags(const Attribute& a) noexcept;

class ObjectBuilder;

// Builds a Block in code:
//
//   SchemaPtr s = BlockBuilder()
//       .attr("ami", Type::string(), AttrFlag::Required)
//       .attr("tags", Type::map(Type::string()), AttrFlag::Optional)
//       .nested_attr("disks", ObjectBuilder(NestingMode::List)
//                                 .attr("size", Type::number(), AttrFlag::Optional),
//                    AttrFlag::Optional)
//       .block("ebs", NestingMode::List, BlockBuilder().attr(...), 0, 2)
//       .schema(/*version=*/1);
class BlockBuilder {
 public:
  BlockBuilder() = default;

  BlockBuilder& attr(std::string name, Type type, AttrFlag flags);
  BlockBuilder& nested_attr(std::string name, ObjectBuilder object, AttrFlag flags);
  // Any attribute, fully specified (descriptions etc.).
  BlockBuilder& attribute(Attribute a);
  BlockBuilder& block(std::string type_name, NestingMode nesting, BlockBuilder body,
                      int64_t min_items = 0, int64_t max_items = 0);
  BlockBuilder& description(std::string text, DescriptionKind kind = DescriptionKind::Plain);
  BlockBuilder& deprecated(bool d = true, std::string message = {});
  BlockBuilder& computed(bool c = true);

  // The attribute added last under `name` (to set its description and
  // other details after adding it), or nullptr.
  Attribute* find_attribute(std::string_view name) noexcept;

  // The (unfrozen) block.
  Block build() &&;
  Block build() const&;
  // Schema::make(version, build()).
  SchemaPtr schema(int64_t version = 0) &&;
  SchemaPtr schema(int64_t version = 0) const&;

 private:
  Block b_;
};

class ObjectBuilder {
 public:
  explicit ObjectBuilder(NestingMode nesting) { o_.nesting = nesting; }
  ObjectBuilder& attr(std::string name, Type type, AttrFlag flags);
  ObjectBuilder& nested_attr(std::string name, ObjectBuilder object, AttrFlag flags);
  ObjectBuilder& attribute(Attribute a);
  ObjectBuilder& items(int64_t min_items, int64_t max_items);
  NestedObject build() &&;
  NestedObject build() const&;

 private:
  NestedObject o_;
};

// An Attribute with a type and flags (helper of the builders).
Attribute make_attribute(std::string name, Type type, AttrFlag flags);
Attribute make_nested_attribute(std::string name, NestedObject object, AttrFlag flags);

// ---------------------------------------------------------------------------
// `providers schema -json` documents

// The schemas a provider entry of a document holds. Identity is not a block:
// `identity:NAME` selects the identity schema of resource NAME.
enum class BlockKind : uint8_t {
  Provider = 0,           // "provider"
  Resource = 1,           // "resource:NAME"    (resource_schemas)
  DataSource = 2,         // "data:NAME"        (data_source_schemas)
  EphemeralResource = 3,  // "ephemeral:NAME"   (ephemeral_resource_schemas)
  ListResource = 4,       // "list:NAME"        (list_resource_schemas)
  Action = 5,             // "action:NAME"      (action_schemas: {"block":...}, no version)
  StateStore = 6,         // "state_store:NAME" (state_store_schemas)
  Identity = 7,           // "identity:NAME"    (resource_identity_schemas)
};

struct BlockSelector {
  BlockKind kind = BlockKind::Provider;
  std::string name;  // empty for Provider

  // Parses `provider`, `resource:NAME`, `data:NAME`, `ephemeral:NAME`,
  // `list:NAME`, `action:NAME`, `state_store:NAME`, `identity:NAME`
  // (Status::InvalidArg otherwise).
  static BlockSelector parse(std::string_view text);
  std::string to_string() const;
  bool operator==(const BlockSelector&) const = default;
};

// The document input: JsonInput (support/json_input.hpp), JSON text and its
// buffer's capacity, parsed in place when the capacity holds simdjson's
// padding.

// Loads one block of a document. `provider` is the provider address
// (e.g. "registry.terraform.io/hashicorp/aws"); when empty the document must
// hold exactly one provider (several: Status::InvalidArg listing them).
// Unselected entries are skipped without being built. An `identity:NAME`
// selector is Status::InvalidArg (an identity schema is not a block: see
// SchemaDocument::identity).
SchemaPtr load_schema_json(JsonInput doc, const BlockSelector& sel, std::string_view provider = {});
SchemaPtr load_schema_json(std::string_view doc, std::string_view selector,
                           std::string_view provider = {});

// Every schema name of a document (provider config, resources, data sources,
// ephemeral and list resources, actions, state stores, resource identities),
// in document order, without building any schema.
struct SchemaListing {
  std::string provider;
  BlockSelector selector;
};
std::vector<SchemaListing> list_schemas_json(JsonInput doc);

// Builds every block of a document (every listed entry but the identity
// schemas), in document order.
struct SchemaEntry {
  std::string provider;
  BlockSelector selector;
  SchemaPtr schema;
};
std::vector<SchemaEntry> load_all_schemas_json(JsonInput doc);

// Loads a single block JSON object (the value of a "block" key) as the root
// of a schema with the given version.
SchemaPtr load_block_json(std::string_view block_json, int64_t version = 0);

// Loads a single identity schema JSON object (a value of
// "resource_identity_schemas": {"version": N, "attributes": {NAME: {"type":
// T, "description": S, "required_for_import": B, "optional_for_import":
// B}}}).
IdentitySchemaPtr load_identity_json(std::string_view json);

// A `providers schema -json` document parsed once. Parsing walks and checks
// the whole document and records where each schema's JSON object is; a
// schema is built from those bytes the first time it is asked for and then
// cached, so later requests cost a reference count. The bytes are copied
// into the document (the input need not outlive it); schemas handed out
// stay valid after the document is gone.
//
// Immutable once made and safe to share between threads (the cache is
// filled under a mutex; two threads asking for the same new schema may both
// build it, and both get the one that was stored first).
class SchemaDocument;
using SchemaDocumentPtr = std::shared_ptr<const SchemaDocument>;

class SchemaDocument {
 public:
  struct Entry {
    size_t provider = 0;        // index into providers()
    BlockSelector selector;     // kind and name
    std::string selector_text;  // selector.to_string()
    size_t offset = 0;          // the entry's JSON object in text()
    size_t length = 0;
  };

  // Parses and checks a document: Status::Parse for malformed JSON, a
  // document that is not a provider schemas document, or a schema entry
  // that is not an object or appears twice. The schemas themselves are
  // checked when they are built.
  static SchemaDocumentPtr parse(std::string_view json);

  // The document's "format_version" (empty when absent).
  const std::string& format_version() const noexcept { return format_version_; }
  // Every provider address, in document order.
  const std::vector<std::string>& providers() const noexcept { return providers_; }
  // Every schema, in document order.
  const std::vector<Entry>& entries() const noexcept { return entries_; }
  // The document text.
  std::string_view text() const noexcept { return text_; }

  // The index of an entry. `provider` may be empty when the document holds
  // exactly one provider. Status::NotFound (no such provider or schema),
  // Status::InvalidArg (several providers and no address).
  size_t find(const BlockSelector& sel, std::string_view provider = {}) const;

  // The schema of entry i (built on first use; Status::Schema and the
  // others as load_schema_json). Status::InvalidArg for an identity entry,
  // Status::OutOfRange for a bad index.
  SchemaPtr schema(size_t i) const;
  // The identity schema of entry i; Status::InvalidArg for a block entry.
  IdentitySchemaPtr identity(size_t i) const;

  SchemaDocument(const SchemaDocument&) = delete;
  SchemaDocument& operator=(const SchemaDocument&) = delete;
  SchemaDocument() = default;

 private:
  std::string text_;  // capacity >= size + kJsonPadding: parsed in place
  std::string format_version_;
  std::vector<std::string> providers_;
  std::vector<Entry> entries_;
  mutable std::mutex mu_;
  mutable std::vector<SchemaPtr> schemas_;
  mutable std::vector<IdentitySchemaPtr> identities_;
};

// ---------------------------------------------------------------------------
// Writing `providers schema -json` text
//
// As Terraform's internal/command/jsonprovider writes it with Go's
// encoding/json: fields in its struct order, map keys (attribute and block
// type names) sorted bytewise, empty strings, false flags, zero item counts
// and empty maps omitted (except "description_kind", always written, and
// "version"), strings escaped HTML-safe, types in go-cty's type JSON. So a
// schema loaded from a document written by Terraform is written back as the
// same bytes. The libdynval extensions are written only when set: a block's
// "computed", a nested type's "min_items"/"max_items".

// {"version":N,"block":{...}}; with_version false gives {"block":{...}}
// (the form of action schemas).
void append_schema_json(std::string& out, const Schema& s, bool with_version = true);
// The block object alone.
void append_block_json(std::string& out, const Block& b);
// {"version":N,"attributes":{...}}
void append_identity_json(std::string& out, const IdentitySchema& s);
// Schema i of a document in its own form, built from the loaded schema:
// {"version":N,"block":{...}} for blocks, {"block":{...}} for actions,
// {"version":N,"attributes":{...}} for identity schemas. Throws the
// schema's load error.
void append_entry_json(std::string& out, const SchemaDocument& doc, size_t i);
// The whole document rebuilt from every schema it holds, in the layout
// Terraform writes (format_version, provider_schemas; per provider the keys
// in Terraform's order, names sorted). Keys that hold no schemas
// ("functions", unknown keys) are not written.
void append_document_json(std::string& out, const SchemaDocument& doc);

// ---------------------------------------------------------------------------
// Protobuf (tfplugin5 / tfplugin6 `Schema` messages)

// Decodes the bytes of a `Schema` message of protocol 5 or 6 (the field
// numbers differ: write_only is 10 in v5 and 11 in v6, where 10 is
// nested_type; the attribute's deprecation_message is 11 in v5 and 12 in v6;
// Block.computed, 8, is v6 only). Unknown fields are skipped; truncated or malformed input is
// Status::Parse with the byte offset; nesting deeper than 512 messages is
// Status::Limit. The result is checked like any other schema.
SchemaPtr load_schema_proto(std::span<const uint8_t> bytes, int protocol_version);
SchemaPtr load_schema_proto(std::string_view bytes, int protocol_version);

// Encodes a schema as a `Schema` message of protocol 5 or 6 (fields in
// field-number order, default values omitted, as Go's protobuf marshaller
// does). Protocol 5 cannot express nested_type or Block.computed:
// Status::Unsupported.
std::string encode_schema_proto(const Schema& s, int protocol_version);

// A `ResourceIdentitySchema` message (the same fields in protocols 5 and 6):
//   { int64 version = 1; repeated IdentityAttribute identity_attributes = 2; }
//   IdentityAttribute { string name = 1; bytes type = 2;
//     bool required_for_import = 3; bool optional_for_import = 4;
//     string description = 5; }
IdentitySchemaPtr load_identity_proto(std::span<const uint8_t> bytes, int protocol_version);
IdentitySchemaPtr load_identity_proto(std::string_view bytes, int protocol_version);
std::string encode_identity_proto(const IdentitySchema& s, int protocol_version);

// ---------------------------------------------------------------------------
// Schema-aware validation of a value (a call of its own, never part of decoding).
//
// Checks, walking the value with the schema (unknown values are never
// inspected further, null values have no content):
//   - required attributes (also inside nested attribute objects) are not
//     null (an unknown value passes);
//   - GROUP blocks are never null;
//   - a SINGLE block with min_items == 1 is not null;
//   - LIST and SET blocks (also LIST blocks typed as a tuple because their
//     content is dynamic) hold between min_items and max_items elements
//     (max 0 = unbounded; a null collection counts as 0 elements); the check
//     is skipped when the collection is unknown or contains any unknown
//     (unknowns could still change the final count, e.g. by set
//     de-duplication or dynamic blocks);
//   - the value has the shape of the implied type (an object with every
//     attribute and block of the schema), else Status::TypeMismatch.
// A null or unknown root value is accepted.
// Errors are Status::Schema (or TypeMismatch) with the cty path to the
// offending value, e.g. .network[0].ip.
std::vector<Error> validate(const Schema& s, const Value& v);
// Throws the first error of validate(), if any.
void require_valid(const Schema& s, const Value& v);

}  // namespace dynval
