// dynval schemas: a provider's Schema.Block (docs/wire-format.md#blocks).
//
// The model mirrors the Terraform/OpenTofu plugin protocol's Schema.Block
// (tfplugin5/6 .proto) and OpenTofu's internal/configs/configschema:
//
//   Schema      { version, Block root }
//   Block       { attributes (sorted by name), block_types (sorted by type
//                 name), description, description_kind, deprecated }
//   Attribute   { name, type XOR nested_type (protocol 6), flags, description }
//   NestedObject{ attributes, nesting SINGLE/LIST/SET/MAP, min/max items }
//   NestedBlock { type_name, Block, nesting SINGLE/LIST/SET/MAP/GROUP,
//                 min_items, max_items }
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
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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
  std::string deprecation_message;  // tfplugin6.11+; empty otherwise

  bool required = false;
  bool optional = false;
  bool computed = false;
  bool sensitive = false;
  bool deprecated = false;
  bool write_only = false;

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
  std::string deprecation_message;  // tfplugin6.11+; empty otherwise
  int64_t version = 0;              // Schema.Block.version (protobuf only)

  // Cached by Schema::make: Block.ImpliedType, always an object type.
  Type implied_type;

  // Binary search (the vectors are sorted once the block is in a Schema).
  const Attribute* find_attribute(std::string_view name) const noexcept;
  const NestedBlock* find_block(std::string_view type_name) const noexcept;

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
  // with OpenTofu's InternalValidate rules plus duplicate names (throws
  // Status::Schema with the path of the first problem, e.g.
  // .block_types["ebs"].block.attributes["x"]), and computes and caches the
  // implied types.
  static SchemaPtr make(int64_t version, Block root);

  bool operator==(const Schema& o) const { return version == o.version && block == o.block; }
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
};
constexpr AttrFlag operator|(AttrFlag a, AttrFlag b) noexcept {
  return AttrFlag(uint32_t(a) | uint32_t(b));
}
constexpr bool has_flag(AttrFlag set, AttrFlag f) noexcept { return (uint32_t(set) & uint32_t(f)) != 0; }

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
  BlockBuilder& deprecated(bool d = true);

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

enum class BlockKind : uint8_t {
  Provider = 0,           // "provider"
  Resource = 1,           // "resource:NAME"   (resource_schemas)
  DataSource = 2,         // "data:NAME"       (data_source_schemas)
  EphemeralResource = 3,  // "ephemeral:NAME"  (ephemeral_resource_schemas)
};

struct BlockSelector {
  BlockKind kind = BlockKind::Provider;
  std::string name;  // empty for Provider

  // Parses `provider`, `resource:NAME`, `data:NAME`, `ephemeral:NAME`
  // (Status::InvalidArg otherwise).
  static BlockSelector parse(std::string_view text);
  std::string to_string() const;
  bool operator==(const BlockSelector&) const = default;
};

// The document input. JSON parsing needs 64 bytes of readable slack after the
// text (simdjson padding): when `capacity` >= size + 64 the bytes are parsed in
// place, otherwise they are copied into a padded buffer first.
struct JsonInput {
  std::string_view text;
  size_t capacity = 0;
};

// Loads one block of a document. `provider` is the provider address
// (e.g. "registry.terraform.io/hashicorp/aws"); when empty the document must
// hold exactly one provider (several: Status::InvalidArg listing them).
// Unselected entries are skipped without being built.
SchemaPtr load_schema_json(JsonInput doc, const BlockSelector& sel, std::string_view provider = {});
SchemaPtr load_schema_json(std::string_view doc, std::string_view selector,
                           std::string_view provider = {});

// Every block name of a document (provider config, resources, data sources,
// ephemeral resources), in document order, without building any schema.
struct SchemaListing {
  std::string provider;
  BlockSelector selector;
};
std::vector<SchemaListing> list_schemas_json(JsonInput doc);

// Builds every block of a document in one pass.
struct SchemaEntry {
  std::string provider;
  BlockSelector selector;
  SchemaPtr schema;
};
std::vector<SchemaEntry> load_all_schemas_json(JsonInput doc);

// Loads a single block JSON object (the value of a "block" key) as the root
// of a schema with the given version.
SchemaPtr load_block_json(std::string_view block_json, int64_t version = 0);

// ---------------------------------------------------------------------------
// Protobuf (tfplugin5 / tfplugin6 `Schema` messages)

// Decodes the bytes of a `Schema` message of protocol 5 or 6 (the field
// numbers differ: write_only is 10 in v5 and 11 in v6, where 10 is
// nested_type). Unknown fields are skipped; truncated or malformed input is
// Status::Parse with the byte offset; nesting deeper than 512 messages is
// Status::Limit. The result is checked like any other schema.
SchemaPtr load_schema_proto(std::span<const uint8_t> bytes, int protocol_version);
SchemaPtr load_schema_proto(std::string_view bytes, int protocol_version);

// Encodes a schema as a `Schema` message of protocol 5 or 6 (fields in
// field-number order, default values omitted, as Go's protobuf marshaller
// does). Protocol 5 cannot express nested_type: Status::Unsupported.
std::string encode_schema_proto(const Schema& s, int protocol_version);

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
