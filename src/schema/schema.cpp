// The schema model: freezing (sort, check, implied types), the builders and
// schema-aware value validation. See schema.hpp.
//
// Implied types are a port of OpenTofu internal/configs/configschema:
//   implied_type.go   Block.ImpliedType / Block.specType, Attribute.ImpliedType,
//                     Object.ImpliedType / Object.specType
//   decoder_spec.go   Block.DecoderSpec (which block nesting gives which
//                     hcldec spec, hence which type)
// and hcldec's impliedType of those specs (ObjectSpec -> object, BlockSpec ->
// the nested object, BlockListSpec/BlockSetSpec/BlockMapSpec -> list/set/map
// of it, BlockTupleSpec/BlockObjectSpec -> cty.DynamicPseudoType).
// The structural checks are a port of internal_validate.go
// (Block.internalValidate, Attribute.internalValidate).
#include "schema/schema.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "support/limits.hpp"
#include "text/text.hpp"

namespace dynval {

namespace {

constexpr size_t kMaxSchemaDepth = 1000;

// Finds a name as the implied type names it: exactly, or else after NFC
// (Type::object normalises attribute names, so a value's attribute "é" is
// the schema's "e\u0301"; schemas with two names equal after NFC are
// rejected). The fallback scans only on a miss.
template <class T, class Key>
const T* find_sorted(const std::vector<T>& v, std::string_view name, Key key) noexcept {
  auto it = std::lower_bound(v.begin(), v.end(), name,
                             [&](const T& x, std::string_view n) { return key(x) < n; });
  if (it != v.end() && key(*it) == name) return &*it;
  try {
    const bool name_ascii = text::is_ascii(name);
    std::string want;
    for (const T& x : v) {
      const std::string_view k = key(x);
      if (name_ascii && text::is_ascii(k)) continue;  // ASCII is its own NFC
      if (want.empty()) want = name_ascii ? std::string(name) : text::to_nfc(name);
      if ((text::is_ascii(k) ? std::string(k) : text::to_nfc(k)) == want) return &x;
    }
  } catch (...) {  // allocation failure: not found
  }
  return nullptr;
}

// ---- implied types --------------------------------------------------------

// Object.specType (with_optional=true) / Object.ImpliedType (false).
// Object.ImpliedType is specType().WithoutOptionalAttributesDeep(), which is
// the same computation with no optional markers anywhere.
Type object_type(const NestedObject& o, bool with_optional) {
  std::vector<Type::AttrSpec> attrs;
  attrs.reserve(o.attributes.size());
  for (const Attribute& a : o.attributes) {
    Type t;
    if (a.nested_type) {
      t = object_type(*a.nested_type, with_optional);
    } else if (a.type) {
      t = *a.type;
    }
    // listOptionalAttrsFromObject: Optional or Computed attributes are
    // optional in the object type.
    attrs.push_back({a.name, std::move(t), with_optional && (a.optional || a.computed)});
  }
  Type ret = Type::object(std::move(attrs));
  switch (o.nesting) {
    case NestingMode::Single: return ret;
    case NestingMode::List: return Type::list(ret);
    case NestingMode::Map: return Type::map(ret);
    case NestingMode::Set: return Type::set(ret);
    default: return Type::empty_object();  // "Should never happen"
  }
}

// hcldec.ImpliedType(Block.DecoderSpec()); with_optional keeps the optional
// markers of nested attribute objects (Block.specType) or not
// (Block.ImpliedType).
Type block_type(const Block& b, bool with_optional) {
  std::vector<Type::AttrSpec> attrs;
  attrs.reserve(b.attributes.size() + b.block_types.size());
  for (const Attribute& a : b.attributes) {
    Type t;
    if (a.nested_type) {
      t = object_type(*a.nested_type, with_optional);
    } else if (a.type) {
      t = *a.type;
    }
    attrs.push_back({a.name, std::move(t), false});
  }
  for (const NestedBlock& nb : b.block_types) {
    // DecoderSpec: a block type with the name of an attribute is ignored.
    if (find_sorted(b.attributes, nb.type_name, [](const Attribute& a) -> std::string_view { return a.name; }))
      continue;
    Type child = block_type(nb.block, with_optional);
    Type t;
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group:  // BlockSpec (wrapped in a DefaultSpec for GROUP)
        t = child;
        break;
      case NestingMode::List:
        // BlockTupleSpec when the content has dynamic types.
        t = child.has_dynamic() ? Type::dynamic() : Type::list(child);
        break;
      case NestingMode::Set:  // dynamic content is rejected by the checks
        t = Type::set(child);
        break;
      case NestingMode::Map:
        // BlockObjectSpec when the content has dynamic types.
        t = child.has_dynamic() ? Type::dynamic() : Type::map(child);
        break;
      default:
        continue;  // invalid nesting is ignored (and rejected by the checks)
    }
    attrs.push_back({nb.type_name, std::move(t), false});
  }
  return Type::object(std::move(attrs));
}

// Fills the cached implied_type members bottom-up (no optional markers).
void fill_object(NestedObject& o, size_t depth);

void fill_attribute(Attribute& a, size_t depth) {
  if (a.nested_type) {
    fill_object(*a.nested_type, depth + 1);
    a.implied_type = a.nested_type->implied_type;
  } else if (a.type) {
    a.implied_type = *a.type;
  } else {
    a.implied_type = Type::dynamic();  // invalid; rejected by the checks
  }
}

void fill_object(NestedObject& o, size_t depth) {
  if (depth > kMaxSchemaDepth) throw limits::schema_depth(kMaxSchemaDepth);
  std::vector<Type::AttrSpec> attrs;
  attrs.reserve(o.attributes.size());
  for (Attribute& a : o.attributes) {
    fill_attribute(a, depth);
    attrs.push_back({a.name, a.implied_type, false});
  }
  Type ret = Type::object(std::move(attrs));
  switch (o.nesting) {
    case NestingMode::Single: o.implied_type = ret; break;
    case NestingMode::List: o.implied_type = Type::list(ret); break;
    case NestingMode::Map: o.implied_type = Type::map(ret); break;
    case NestingMode::Set: o.implied_type = Type::set(ret); break;
    default: o.implied_type = Type::empty_object(); break;
  }
}

void fill_block(Block& b, size_t depth) {
  if (depth > kMaxSchemaDepth) throw limits::schema_depth(kMaxSchemaDepth);
  std::vector<Type::AttrSpec> attrs;
  attrs.reserve(b.attributes.size() + b.block_types.size());
  for (Attribute& a : b.attributes) {
    fill_attribute(a, depth);
    attrs.push_back({a.name, a.implied_type, false});
  }
  for (NestedBlock& nb : b.block_types) {
    fill_block(nb.block, depth + 1);
    const Type& child = nb.block.implied_type;
    switch (nb.nesting) {
      case NestingMode::Single:
      case NestingMode::Group: nb.implied_type = child; break;
      case NestingMode::List: nb.implied_type = child.has_dynamic() ? Type::dynamic() : Type::list(child); break;
      case NestingMode::Set: nb.implied_type = Type::set(child); break;
      case NestingMode::Map: nb.implied_type = child.has_dynamic() ? Type::dynamic() : Type::map(child); break;
      default: nb.implied_type = Type::dynamic(); continue;  // not part of the object type
    }
    if (find_sorted(b.attributes, nb.type_name, [](const Attribute& a) -> std::string_view { return a.name; }))
      continue;  // DecoderSpec skips it; rejected by the checks anyway
    attrs.push_back({nb.type_name, nb.implied_type, false});
  }
  b.implied_type = Type::object(std::move(attrs));
}

// ---- sorting --------------------------------------------------------------

// Sorting is the first pass over a new schema, so it also enforces the
// nesting depth limit (keeping every later recursion bounded).
void sort_attributes(std::vector<Attribute>& attrs, size_t depth) {
  if (depth > kMaxSchemaDepth) throw limits::schema_depth(kMaxSchemaDepth);
  std::stable_sort(attrs.begin(), attrs.end(),
                   [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  for (Attribute& a : attrs)
    if (a.nested_type) sort_attributes(a.nested_type->attributes, depth + 1);
}

void sort_block(Block& b, size_t depth) {
  if (depth > kMaxSchemaDepth) throw limits::schema_depth(kMaxSchemaDepth);
  sort_attributes(b.attributes, depth);
  std::stable_sort(b.block_types.begin(), b.block_types.end(),
                   [](const NestedBlock& x, const NestedBlock& y) { return x.type_name < y.type_name; });
  for (NestedBlock& nb : b.block_types) sort_block(nb.block, depth + 1);
}

// ---- structural checks (internal_validate.go) ------------------------------

bool valid_block_name(std::string_view n) {
  // validName = ^[a-z0-9_]+$
  if (n.empty()) return false;
  for (char c : n)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

[[noreturn]] void schema_fail(Path& path, const std::string& dotted, const std::string& msg) {
  throw Error(Status::Schema, dotted + ": " + msg, path);
}

// Names, descriptions and messages are UTF-8 (protobuf strings must be; JSON
// and protobuf input is checked when read, so only builders can break it).
void check_text(Path& path, const std::string& dotted, const char* what, std::string_view s) {
  if (!text::is_valid_utf8(s)) schema_fail(path, dotted, std::string(what) + " is not valid UTF-8");
}

std::string join(const std::string& prefix, std::string_view name) {
  std::string s = prefix;
  s += name;
  return s;
}

void check_attributes(const std::vector<Attribute>& attrs, Path& path, const std::string& prefix);

// Attribute.internalValidate
void check_attribute(const Attribute& a, Path& path, const std::string& prefix) {
  std::string dotted = join(prefix, a.name);
  check_text(path, dotted, "the name", a.name);
  check_text(path, dotted, "the description", a.description);
  check_text(path, dotted, "the deprecation message", a.deprecation_message);
  if (!a.optional && !a.required && !a.computed) schema_fail(path, dotted, "must set Optional, Required or Computed");
  if (a.optional && a.required) schema_fail(path, dotted, "cannot set both Optional and Required");
  if (a.computed && a.required) schema_fail(path, dotted, "cannot set both Computed and Required");
  if (!a.type && !a.nested_type) schema_fail(path, dotted, "either Type or NestedType must be defined");
  if (a.type && a.nested_type) schema_fail(path, dotted, "Type and NestedType cannot both be set");
  if (a.required_for_import || a.optional_for_import)
    schema_fail(path, dotted, "only identity attributes can be required or optional for import");
  if (a.nested_type) {
    path.push_back(PathStep::attr("nested_type"));
    switch (a.nested_type->nesting) {
      case NestingMode::Single:
      case NestingMode::Map: break;
      case NestingMode::List: break;
      case NestingMode::Set:
        if (a.implied_type.has_dynamic())
          schema_fail(path, dotted, "NestingSet blocks may not contain attributes of cty.DynamicPseudoType");
        break;
      default:
        schema_fail(path, dotted, "invalid nesting mode " + std::to_string(int(a.nested_type->nesting)));
    }
    path.push_back(PathStep::attr("attributes"));
    check_attributes(a.nested_type->attributes, path, dotted + ".");
    path.pop_back();
    path.pop_back();
  }
}

void check_attributes(const std::vector<Attribute>& attrs, Path& path, const std::string& prefix) {
  for (size_t i = 0; i < attrs.size(); ++i) {
    path.push_back(PathStep::key(attrs[i].name));
    if (i > 0 && attrs[i].name == attrs[i - 1].name)
      schema_fail(path, join(prefix, attrs[i].name), "duplicate attribute name");
    if (attrs[i].name.empty()) schema_fail(path, prefix, "attribute name must not be empty");
    check_attribute(attrs[i], path, prefix);
    path.pop_back();
  }
}

// Block.internalValidate
void check_block(const Block& b, Path& path, const std::string& prefix) {
  {
    std::string label = prefix.empty() ? "the root block" : prefix.substr(0, prefix.size() - 1);
    check_text(path, label, "the block description", b.description);
    check_text(path, label, "the block deprecation message", b.deprecation_message);
  }
  path.push_back(PathStep::attr("attributes"));
  check_attributes(b.attributes, path, prefix);
  path.pop_back();

  path.push_back(PathStep::attr("block_types"));
  for (size_t i = 0; i < b.block_types.size(); ++i) {
    const NestedBlock& nb = b.block_types[i];
    const std::string& name = nb.type_name;
    std::string dotted = join(prefix, name);
    path.push_back(PathStep::key(name));
    if (i > 0 && name == b.block_types[i - 1].type_name) schema_fail(path, dotted, "duplicate block type name");
    if (b.find_attribute(name)) {
      schema_fail(path, dotted, "name defined as both attribute and child block type");
    } else if (!valid_block_name(name)) {
      schema_fail(path, dotted, "name may contain only lowercase letters, digits and underscores");
    }
    if (nb.min_items < 0 || nb.max_items < 0)
      schema_fail(path, dotted, "MinItems and MaxItems must both be greater than zero");
    switch (nb.nesting) {
      case NestingMode::Single:
        if (nb.min_items != nb.max_items) {
          schema_fail(path, dotted, "MinItems and MaxItems must match in NestingSingle mode");
        } else if (nb.min_items < 0 || nb.min_items > 1) {
          schema_fail(path, dotted, "MinItems and MaxItems must be set to either 0 or 1 in NestingSingle mode");
        }
        break;
      case NestingMode::Group:
        if (nb.min_items != 0 || nb.max_items != 0)
          schema_fail(path, dotted, "MinItems and MaxItems cannot be used in NestingGroup mode");
        break;
      case NestingMode::List:
      case NestingMode::Set:
        if (nb.min_items > nb.max_items && nb.max_items != 0)
          schema_fail(path, dotted,
                      std::string("MinItems must be less than or equal to MaxItems in ") +
                          (nb.nesting == NestingMode::List ? "NestingList" : "NestingSet") + " mode");
        if (nb.nesting == NestingMode::Set && nb.block.implied_type.has_dynamic()) {
          // cty sets need the exact element type to hash their elements.
          schema_fail(path, dotted, "NestingSet blocks may not contain attributes of cty.DynamicPseudoType");
        }
        break;
      case NestingMode::Map:
        if (nb.min_items != 0 || nb.max_items != 0)
          schema_fail(path, dotted, "MinItems and MaxItems must both be 0 in NestingMap mode");
        break;
      default:
        schema_fail(path, dotted, "invalid nesting mode " + std::to_string(int(nb.nesting)));
    }
    path.push_back(PathStep::attr("block"));
    check_block(nb.block, path, dotted + ".");
    path.pop_back();
    path.pop_back();
  }
  path.pop_back();
}

// Duplicate names would make the implied object type ambiguous: reject them
// (with their path) before any type is built.
void check_duplicates(const std::vector<Attribute>& attrs, Path& path);

// Names that differ but are equal after NFC (the implied type normalises
// attribute names, so they would name one attribute twice): a schema error.
class NfcNames {
 public:
  void add(const std::string& name, Path& path, const char* section) {
    std::string key = text::is_ascii(name) ? name : text::to_nfc(name);
    auto [it, fresh] = seen_.emplace(std::move(key), name);
    if (!fresh && it->second != name) {
      path.push_back(PathStep::attr(section));
      path.push_back(PathStep::key(name));
      schema_fail(path, name, "name is the same as " + text::go_quoted(it->second) +
                                  " after Unicode normalization (NFC)");
    }
  }

 private:
  std::unordered_map<std::string, std::string> seen_;
};

void check_nfc_names(const std::vector<Attribute>& attrs, Path& path, NfcNames& names) {
  for (const Attribute& a : attrs) names.add(a.name, path, "attributes");
}

// ASCII names are their own NFC, so distinct ones never collide and the
// check is only needed when a name is not ASCII (which may normalise to an
// ASCII one: U+212A KELVIN SIGN is "K").
bool all_ascii(const std::vector<Attribute>& attrs) {
  return std::all_of(attrs.begin(), attrs.end(), [](const Attribute& a) { return text::is_ascii(a.name); });
}

void check_duplicates(const Block& b, Path& path) {
  if (!all_ascii(b.attributes) ||
      !std::all_of(b.block_types.begin(), b.block_types.end(),
                   [](const NestedBlock& nb) { return text::is_ascii(nb.type_name); })) {
    NfcNames names;
    check_nfc_names(b.attributes, path, names);
    for (const NestedBlock& nb : b.block_types) names.add(nb.type_name, path, "block_types");
  }
  path.push_back(PathStep::attr("attributes"));
  check_duplicates(b.attributes, path);
  path.pop_back();
  path.push_back(PathStep::attr("block_types"));
  for (size_t i = 0; i < b.block_types.size(); ++i) {
    const std::string& name = b.block_types[i].type_name;
    path.push_back(PathStep::key(name));
    if (i > 0 && name == b.block_types[i - 1].type_name) schema_fail(path, name, "duplicate block type name");
    path.push_back(PathStep::attr("block"));
    check_duplicates(b.block_types[i].block, path);
    path.pop_back();
    path.pop_back();
  }
  path.pop_back();
}

void check_duplicates(const std::vector<Attribute>& attrs, Path& path) {
  for (size_t i = 0; i < attrs.size(); ++i) {
    path.push_back(PathStep::key(attrs[i].name));
    if (i > 0 && attrs[i].name == attrs[i - 1].name) schema_fail(path, attrs[i].name, "duplicate attribute name");
    if (attrs[i].nested_type) {
      path.push_back(PathStep::attr("nested_type"));
      if (!all_ascii(attrs[i].nested_type->attributes)) {
        NfcNames names;
        check_nfc_names(attrs[i].nested_type->attributes, path, names);
      }
      path.push_back(PathStep::attr("attributes"));
      check_duplicates(attrs[i].nested_type->attributes, path);
      path.pop_back();
      path.pop_back();
    }
    path.pop_back();
  }
}

// ---- equality ---------------------------------------------------------------

bool opt_type_eq(const std::optional<Type>& a, const std::optional<Type>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || *a == *b;
}

}  // namespace

const char* nesting_name(NestingMode m) noexcept {
  switch (m) {
    case NestingMode::Single: return "single";
    case NestingMode::List: return "list";
    case NestingMode::Set: return "set";
    case NestingMode::Map: return "map";
    case NestingMode::Group: return "group";
    default: return "invalid";
  }
}

const char* attr_flag_name(AttrFlag f) noexcept {
  switch (f) {
    case AttrFlag::Required: return "required";
    case AttrFlag::Optional: return "optional";
    case AttrFlag::Computed: return "computed";
    case AttrFlag::Sensitive: return "sensitive";
    case AttrFlag::Deprecated: return "deprecated";
    case AttrFlag::WriteOnly: return "write_only";
    case AttrFlag::RequiredForImport: return "required_for_import";
    case AttrFlag::OptionalForImport: return "optional_for_import";
    default: return nullptr;
  }
}

const Attribute* NestedObject::find(std::string_view name) const noexcept {
  return find_sorted(attributes, name, [](const Attribute& a) -> std::string_view { return a.name; });
}

const Attribute* Block::find_attribute(std::string_view name) const noexcept {
  return find_sorted(attributes, name, [](const Attribute& a) -> std::string_view { return a.name; });
}

const NestedBlock* Block::find_block(std::string_view type_name) const noexcept {
  return find_sorted(block_types, type_name, [](const NestedBlock& b) -> std::string_view { return b.type_name; });
}

const Attribute* Block::attribute_by_path(const Path& path) const noexcept {
  const Block* block = this;
  const NestedObject* object = nullptr;  // set once inside a nested attribute
  for (size_t i = 0; i < path.size(); i++) {
    if (path[i].kind != PathStep::Kind::Attr) continue;
    const std::string& name = path[i].name;
    if (const Attribute* a = object ? object->find(name) : block->find_attribute(name)) {
      if (i + 1 == path.size()) return a;
      if (!a->nested_type) return nullptr;
      object = &*a->nested_type;
      continue;
    }
    const NestedBlock* nb = object ? nullptr : block->find_block(name);
    if (!nb) return nullptr;
    block = &nb->block;
  }
  return nullptr;
}

Type Block::spec_type() const { return block_type(*this, /*with_optional=*/true); }

bool operator==(const NestedObject& a, const NestedObject& b) {
  return a.nesting == b.nesting && a.min_items == b.min_items && a.max_items == b.max_items &&
         a.attributes == b.attributes;
}

bool operator==(const Attribute& a, const Attribute& b) {
  return a.name == b.name && opt_type_eq(a.type, b.type) && a.nested_type == b.nested_type &&
         a.description == b.description && a.description_kind == b.description_kind &&
         a.deprecation_message == b.deprecation_message && a.required == b.required &&
         a.optional == b.optional && a.computed == b.computed && a.sensitive == b.sensitive &&
         a.deprecated == b.deprecated && a.write_only == b.write_only &&
         a.required_for_import == b.required_for_import && a.optional_for_import == b.optional_for_import;
}

bool operator==(const Block& a, const Block& b) {
  return a.description == b.description && a.description_kind == b.description_kind &&
         a.deprecated == b.deprecated && a.deprecation_message == b.deprecation_message &&
         a.computed == b.computed && a.version == b.version && a.attributes == b.attributes &&
         a.block_types == b.block_types;
}

bool operator==(const NestedBlock& a, const NestedBlock& b) {
  return a.type_name == b.type_name && a.nesting == b.nesting && a.min_items == b.min_items &&
         a.max_items == b.max_items && a.block == b.block;
}

AttrFlag attribute_flags(const Attribute& a) noexcept {
  uint32_t f = 0;
  if (a.required) f |= uint32_t(AttrFlag::Required);
  if (a.optional) f |= uint32_t(AttrFlag::Optional);
  if (a.computed) f |= uint32_t(AttrFlag::Computed);
  if (a.sensitive) f |= uint32_t(AttrFlag::Sensitive);
  if (a.deprecated) f |= uint32_t(AttrFlag::Deprecated);
  if (a.write_only) f |= uint32_t(AttrFlag::WriteOnly);
  if (a.required_for_import) f |= uint32_t(AttrFlag::RequiredForImport);
  if (a.optional_for_import) f |= uint32_t(AttrFlag::OptionalForImport);
  return AttrFlag(f);
}

const Attribute* IdentitySchema::find_attribute(std::string_view name) const noexcept {
  return find_sorted(attributes, name, [](const Attribute& a) -> std::string_view { return a.name; });
}

IdentitySchemaPtr IdentitySchema::make(int64_t version, std::vector<Attribute> attributes) {
  auto s = std::make_shared<IdentitySchema>();
  s->version = version;
  s->attributes = std::move(attributes);
  std::stable_sort(s->attributes.begin(), s->attributes.end(),
                   [](const Attribute& a, const Attribute& b) { return a.name < b.name; });
  Path path{PathStep::attr("attributes")};
  std::vector<Type::AttrSpec> types;
  types.reserve(s->attributes.size());
  for (size_t i = 0; i < s->attributes.size(); ++i) {
    Attribute& a = s->attributes[i];
    path.push_back(PathStep::key(a.name));
    if (a.name.empty()) schema_fail(path, "", "attribute name must not be empty");
    if (i > 0 && a.name == s->attributes[i - 1].name) schema_fail(path, a.name, "duplicate attribute name");
    check_text(path, a.name, "the name", a.name);
    check_text(path, a.name, "the description", a.description);
    if (a.nested_type) schema_fail(path, a.name, "identity attributes cannot have a nested type");
    if (!a.type) schema_fail(path, a.name, "identity attributes must have a type");
    if (a.required || a.optional || a.computed || a.sensitive || a.deprecated || a.write_only ||
        !a.deprecation_message.empty())
      schema_fail(path, a.name,
                  "identity attributes take only the required_for_import and optional_for_import flags");
    a.description_kind = DescriptionKind::Markdown;
    a.implied_type = *a.type;
    types.push_back({a.name, a.implied_type, false});
    path.pop_back();
  }
  s->implied_type = Type::object(std::move(types));
  return s;
}

SchemaPtr Schema::make(int64_t version, Block root) {
  auto s = std::make_shared<Schema>();
  s->version = version;
  s->block = std::move(root);
  sort_block(s->block, 0);
  Path path;
  check_duplicates(s->block, path);
  fill_block(s->block, 0);
  check_block(s->block, path, "");
  return s;
}

// ---- builders ---------------------------------------------------------------

Attribute make_attribute(std::string name, Type type, AttrFlag flags) {
  Attribute a;
  a.name = std::move(name);
  a.type = std::move(type);
  a.required = has_flag(flags, AttrFlag::Required);
  a.optional = has_flag(flags, AttrFlag::Optional);
  a.computed = has_flag(flags, AttrFlag::Computed);
  a.sensitive = has_flag(flags, AttrFlag::Sensitive);
  a.deprecated = has_flag(flags, AttrFlag::Deprecated);
  a.write_only = has_flag(flags, AttrFlag::WriteOnly);
  a.required_for_import = has_flag(flags, AttrFlag::RequiredForImport);
  a.optional_for_import = has_flag(flags, AttrFlag::OptionalForImport);
  return a;
}

Attribute make_nested_attribute(std::string name, NestedObject object, AttrFlag flags) {
  Attribute a = make_attribute(std::move(name), Type::dynamic(), flags);
  a.type.reset();
  a.nested_type = std::move(object);
  return a;
}

BlockBuilder& BlockBuilder::attr(std::string name, Type type, AttrFlag flags) {
  b_.attributes.push_back(make_attribute(std::move(name), std::move(type), flags));
  return *this;
}

BlockBuilder& BlockBuilder::nested_attr(std::string name, ObjectBuilder object, AttrFlag flags) {
  b_.attributes.push_back(make_nested_attribute(std::move(name), std::move(object).build(), flags));
  return *this;
}

BlockBuilder& BlockBuilder::attribute(Attribute a) {
  b_.attributes.push_back(std::move(a));
  return *this;
}

BlockBuilder& BlockBuilder::block(std::string type_name, NestingMode nesting, BlockBuilder body,
                                  int64_t min_items, int64_t max_items) {
  NestedBlock nb;
  nb.type_name = std::move(type_name);
  nb.block = std::move(body).build();
  nb.nesting = nesting;
  nb.min_items = min_items;
  nb.max_items = max_items;
  b_.block_types.push_back(std::move(nb));
  return *this;
}

BlockBuilder& BlockBuilder::description(std::string text, DescriptionKind kind) {
  b_.description = std::move(text);
  b_.description_kind = kind;
  return *this;
}

BlockBuilder& BlockBuilder::deprecated(bool d, std::string message) {
  b_.deprecated = d;
  b_.deprecation_message = std::move(message);
  return *this;
}

BlockBuilder& BlockBuilder::computed(bool c) {
  b_.computed = c;
  return *this;
}

Attribute* BlockBuilder::find_attribute(std::string_view name) noexcept {
  for (auto it = b_.attributes.rbegin(); it != b_.attributes.rend(); ++it)
    if (it->name == name) return &*it;
  return nullptr;
}

Block BlockBuilder::build() && { return std::move(b_); }
Block BlockBuilder::build() const& { return b_; }
SchemaPtr BlockBuilder::schema(int64_t version) && { return Schema::make(version, std::move(b_)); }
SchemaPtr BlockBuilder::schema(int64_t version) const& { return Schema::make(version, b_); }

ObjectBuilder& ObjectBuilder::attr(std::string name, Type type, AttrFlag flags) {
  o_.attributes.push_back(make_attribute(std::move(name), std::move(type), flags));
  return *this;
}

ObjectBuilder& ObjectBuilder::nested_attr(std::string name, ObjectBuilder object, AttrFlag flags) {
  o_.attributes.push_back(make_nested_attribute(std::move(name), std::move(object).build(), flags));
  return *this;
}

ObjectBuilder& ObjectBuilder::attribute(Attribute a) {
  o_.attributes.push_back(std::move(a));
  return *this;
}

ObjectBuilder& ObjectBuilder::items(int64_t min_items, int64_t max_items) {
  o_.min_items = min_items;
  o_.max_items = max_items;
  return *this;
}

NestedObject ObjectBuilder::build() && { return std::move(o_); }
NestedObject ObjectBuilder::build() const& { return o_; }

// ---- validation -------------------------------------------------------------

namespace {

class Validator {
 public:
  std::vector<Error> errors;

  void block(const Block& b, const Value& v) {
    if (v.is_null() || !v.is_known()) return;
    if (v.type().kind() != TypeKind::Object) {
      mismatch("an object (block) is required, found " + v.type().friendly_name());
      return;
    }
    attributes_of(b.attributes, v);
    for (const NestedBlock& nb : b.block_types) {
      const Value* bv = v.get(nb.type_name);
      path_.push_back(PathStep::attr(nb.type_name));
      if (!bv) {
        mismatch("block " + text::go_quoted(nb.type_name) + " is missing");
      } else {
        nested_block(nb, *bv);
      }
      path_.pop_back();
    }
  }

 private:
  Path path_;

  void schema_error(std::string msg) { errors.emplace_back(Status::Schema, std::move(msg), path_); }
  void mismatch(std::string msg) { errors.emplace_back(Status::TypeMismatch, std::move(msg), path_); }

  // Each attribute of an object value (a block's or a nested attribute
  // object's), at its own path step.
  void attributes_of(const std::vector<Attribute>& attrs, const Value& v) {
    for (const Attribute& a : attrs) {
      const Value* av = v.get(a.name);
      path_.push_back(PathStep::attr(a.name));
      if (!av) {
        mismatch("attribute " + text::go_quoted(a.name) + " is missing");
      } else {
        attribute(a, *av);
      }
      path_.pop_back();
    }
  }

  void attribute(const Attribute& a, const Value& v) {
    if (!v.is_known()) return;  // an unknown may still become non-null
    if (v.is_null()) {
      if (a.required) schema_error("attribute " + text::go_quoted(a.name) + " is required");
      return;
    }
    if (a.nested_type) nested_object(*a.nested_type, v);
  }

  void object_attrs(const NestedObject& o, const Value& v) {
    if (v.is_null() || !v.is_known()) return;
    if (v.type().kind() != TypeKind::Object) {
      mismatch("an object is required, found " + v.type().friendly_name());
      return;
    }
    attributes_of(o.attributes, v);
  }

  // The elements of a collection-like value (list, set, tuple, map, object)
  // with the path step for each.
  template <class F>
  void each_element(const Value& v, F&& f) {
    TypeKind k = v.type().kind();
    size_t n = v.length();
    for (size_t i = 0; i < n; ++i) {
      if (k == TypeKind::Map) {
        path_.push_back(PathStep::key(v.key_at(i)));
      } else if (k == TypeKind::Object) {
        path_.push_back(PathStep::key(v.type().attr_name(i)));
      } else {
        path_.push_back(PathStep::idx(int64_t(i)));
      }
      f(v.at(i));
      path_.pop_back();
    }
  }

  void nested_object(const NestedObject& o, const Value& v) {
    // Schema.Object min_items/max_items "have no effect on validation".
    switch (o.nesting) {
      case NestingMode::Single: object_attrs(o, v); break;
      case NestingMode::List:
      case NestingMode::Set:
      case NestingMode::Map: {
        TypeKind k = v.type().kind();
        bool ok = (o.nesting == NestingMode::List && (k == TypeKind::List || k == TypeKind::Tuple)) ||
                  (o.nesting == NestingMode::Set && k == TypeKind::Set) ||
                  (o.nesting == NestingMode::Map && (k == TypeKind::Map || k == TypeKind::Object));
        if (!ok) {
          mismatch(std::string("a ") + nesting_name(o.nesting) + " of objects is required, found " +
                   v.type().friendly_name());
          return;
        }
        each_element(v, [&](const Value& e) { object_attrs(o, e); });
        break;
      }
      default: break;
    }
  }

  void nested_block(const NestedBlock& nb, const Value& v) {
    if (!v.is_known()) return;
    switch (nb.nesting) {
      case NestingMode::Single:
        if (v.is_null()) {
          if (nb.min_items == 1) schema_error("block " + text::go_quoted(nb.type_name) + " is required");
          return;
        }
        block(nb.block, v);
        return;
      case NestingMode::Group:
        if (v.is_null()) {
          schema_error("block " + text::go_quoted(nb.type_name) + " (nesting group) must not be null");
          return;
        }
        block(nb.block, v);
        return;
      case NestingMode::List:
      case NestingMode::Set: {
        size_t count = 0;
        if (!v.is_null()) {
          TypeKind k = v.type().kind();
          bool ok = (nb.nesting == NestingMode::List && (k == TypeKind::List || k == TypeKind::Tuple)) ||
                    (nb.nesting == NestingMode::Set && k == TypeKind::Set);
          if (!ok) {
            mismatch(std::string("a ") + nesting_name(nb.nesting) + " of blocks is required, found " +
                     v.type().friendly_name());
            return;
          }
          count = v.length();
          each_element(v, [&](const Value& e) { block(nb.block, e); });
        }
        // Unknowns anywhere in the collection may change its final length
        // (set elements may merge, dynamic blocks may expand): skip.
        if (!v.is_null() && !v.is_wholly_known()) return;
        if (nb.min_items > 0 && int64_t(count) < nb.min_items) {
          schema_error("at least " + std::to_string(nb.min_items) + " " + text::go_quoted(nb.type_name) +
                       " block(s) required, found " + std::to_string(count));
        } else if (nb.max_items > 0 && int64_t(count) > nb.max_items) {
          schema_error("at most " + std::to_string(nb.max_items) + " " + text::go_quoted(nb.type_name) +
                       " block(s) allowed, found " + std::to_string(count));
        }
        return;
      }
      case NestingMode::Map: {
        if (v.is_null()) return;
        TypeKind k = v.type().kind();
        if (k != TypeKind::Map && k != TypeKind::Object) {
          mismatch("a map of blocks is required, found " + v.type().friendly_name());
          return;
        }
        each_element(v, [&](const Value& e) { block(nb.block, e); });
        return;
      }
      default: return;
    }
  }
};

}  // namespace

std::vector<Error> validate(const Schema& s, const Value& v) {
  Validator val;
  val.block(s.block, v);
  return std::move(val.errors);
}

void require_valid(const Schema& s, const Value& v) {
  std::vector<Error> errs = validate(s, v);
  if (!errs.empty()) throw std::move(errs.front());
}

}  // namespace dynval
