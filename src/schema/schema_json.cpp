// Loading schemas from `terraform/tofu providers schema -json` documents
// (format_version 0.1 .. 1.0) with simdjson On-Demand.
//
// Document layout (OpenTofu internal/command/jsonprovider, hashicorp/terraform-json
// schemas.go):
//   {"format_version": "1.0",
//    "provider_schemas": {ADDR: {"provider": SCHEMA,
//                                "resource_schemas": {NAME: SCHEMA},
//                                "data_source_schemas": {NAME: SCHEMA},
//                                "ephemeral_resource_schemas": {NAME: SCHEMA},
//                                "list_resource_schemas": {NAME: SCHEMA},
//                                "action_schemas": {NAME: {"block": BLOCK}},
//                                "state_store_schemas": {NAME: SCHEMA},
//                                "resource_identity_schemas": {NAME: IDENTITY},
//                                "functions": ..., ...}}}
//   SCHEMA = {"version": N, "block": BLOCK}
//   BLOCK  = {"attributes": {NAME: ATTR}, "block_types": {NAME: NESTED},
//             "description": S, "description_kind": "plain"|"markdown", "deprecated": B,
//             "deprecation_message": S, "computed": B (libdynval: tfplugin6.11 Block.computed)}
//   ATTR   = {"type": TYPE_JSON | "nested_type": OBJECT, "description": S,
//             "description_kind": K, "required"/"optional"/"computed"/"sensitive"/
//             "deprecated"/"write_only": B}
//   OBJECT = {"attributes": {NAME: ATTR}, "nesting_mode": "single"|"list"|"set"|"map",
//             "min_items": N, "max_items": N}
//   NESTED = {"nesting_mode": "single"|"group"|"list"|"set"|"map", "block": BLOCK,
//             "min_items": N, "max_items": N}
//   IDENTITY = {"version": N, "attributes": {NAME: {"type": TYPE_JSON, "description": S,
//               "required_for_import": B, "optional_for_import": B}}}
// Unknown keys are skipped (forward compatibility).
//
// A document is first indexed: one On-Demand walk records where each schema's
// JSON object lies (skipping its bytes), then Go's scanner checks the whole
// text. A schema is built later from its own bytes alone, so listing a
// document or picking one schema never builds the others.
#include <simdjson.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "schema/schema.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"

namespace dynval {

namespace {

namespace od = simdjson::ondemand;

constexpr size_t kMaxBlockDepth = 256;
constexpr size_t kMaxTypeDepth = 1000;

// The selector prefix and document key of each kind.
struct KindName {
  BlockKind kind;
  std::string_view prefix;  // "resource" in "resource:NAME"
  const char* key;          // the provider object's key
};
constexpr KindName kKindNames[] = {
    {BlockKind::Provider, "provider", "provider"},
    {BlockKind::Resource, "resource", "resource_schemas"},
    {BlockKind::DataSource, "data", "data_source_schemas"},
    {BlockKind::EphemeralResource, "ephemeral", "ephemeral_resource_schemas"},
    {BlockKind::ListResource, "list", "list_resource_schemas"},
    {BlockKind::Action, "action", "action_schemas"},
    {BlockKind::StateStore, "state_store", "state_store_schemas"},
    {BlockKind::Identity, "identity", "resource_identity_schemas"},
};

const char* kind_key(BlockKind k) {
  for (const KindName& n : kKindNames)
    if (n.kind == k) return n.key;
  return "?";
}

// The kind of a map of schemas ("resource_schemas", ...); nullopt for
// "provider" and the keys that hold no schemas.
std::optional<BlockKind> kind_of_key(std::string_view key) {
  for (const KindName& n : kKindNames)
    if (n.kind != BlockKind::Provider && key == n.key) return n.kind;
  return std::nullopt;
}

// Where a document's schemas are.
struct DocIndex {
  std::string format_version;
  std::vector<std::string> providers;
  std::vector<SchemaDocument::Entry> entries;
};

struct SvHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

class Loader {
 public:
  Loader(const char* base, size_t len) : base_(base), end_(base + len) {}

  Path path;

  size_t offset_of(const char* at) const { return at && at >= base_ && at <= end_ ? size_t(at - base_) : kNoOffset; }
  [[noreturn]] void fail(Status s, std::string msg, const char* at = nullptr) const {
    throw Error(s, std::move(msg), path, offset_of(at));
  }

  // simdjson's errors carry no position of their own: for syntax errors Go's
  // scanner names the character and its byte (json_check_document); only
  // when it finds nothing does simdjson's message stand, at `at`.
  [[noreturn]] void json_fail(simdjson::error_code e, const char* at = nullptr) const {
    if (e != simdjson::INCORRECT_TYPE) {
      try {
        check_syntax();
      } catch (const Error& err) {
        if (err.status() == Status::Parse) throw;
      }
    }
    fail(Status::Parse, std::string("invalid JSON: ") + simdjson::error_message(e), at);
  }

  // Go's scanner over the whole text: a syntax error is thrown with its
  // byte, a nesting limit as Status::Limit.
  void check_syntax() const {
    try {
      json_check_document(std::string_view(base_, size_t(end_ - base_)), Type::kMaxJsonDepth);
    } catch (const Error& err) {
      if (err.status() == Status::Parse) throw Error(Status::Parse, "invalid JSON: " + err.message(), {}, err.offset());
      throw;
    }
  }

  // Where a value starts (for error offsets); nullptr when unknown.
  static const char* where(od::value& v) {
    const char* p = nullptr;
    if (v.current_location().get(p)) return nullptr;
    return p;
  }

  od::object object_of(od::value& v, const char* what) {
    const char* at = where(v);
    od::object o;
    if (auto e = v.get_object().get(o)) {
      if (e == simdjson::INCORRECT_TYPE) fail(Status::Parse, std::string(what) + " must be a JSON object", at);
      json_fail(e, at);
    }
    return o;
  }

  std::string_view key_of(od::field& f) {
    std::string_view k;
    if (auto e = f.unescaped_key().get(k)) json_fail(e);
    return k;
  }

  std::string_view string_of(od::value& v, const char* what) {
    const char* at = where(v);
    std::string_view s;
    if (auto e = v.get_string().get(s)) {
      if (e == simdjson::INCORRECT_TYPE) fail(Status::Parse, std::string(what) + " must be a string", at);
      json_fail(e, at);
    }
    return s;
  }

  bool bool_of(od::value& v, const char* what) {
    const char* at = where(v);
    bool b = false;
    if (auto e = v.get_bool().get(b)) {
      if (e == simdjson::INCORRECT_TYPE) fail(Status::Parse, std::string(what) + " must be a boolean", at);
      json_fail(e, at);
    }
    return b;
  }

  int64_t int_of(od::value& v, const char* what) {
    const char* at = where(v);
    int64_t n = 0;
    if (auto e = v.get_int64().get(n)) {
      if (e == simdjson::INCORRECT_TYPE || e == simdjson::NUMBER_ERROR || e == simdjson::NUMBER_OUT_OF_RANGE)
        fail(Status::Parse, std::string(what) + " must be an integer in the int64 range", at);
      json_fail(e, at);
    }
    return n;
  }

  // Iterates an object's fields: f(key, value).
  template <class F>
  void for_fields(od::object& obj, F&& f) {
    for (auto fr : obj) {
      od::field field;
      if (auto e = std::move(fr).get(field)) json_fail(e);
      std::string_view k = key_of(field);
      od::value v = field.value();
      f(k, v);
    }
  }

  // ---- the schema parts -----------------------------------------------------

  DescriptionKind description_kind_of(od::value& v) {
    const char* at = where(v);
    std::string_view s = string_of(v, "description_kind");
    if (s == "plain") return DescriptionKind::Plain;
    if (s == "markdown") return DescriptionKind::Markdown;
    fail(Status::Schema, "unknown description_kind " + text::go_quoted(s), at);
  }

  NestingMode nesting_of(od::value& v) {
    const char* at = where(v);
    std::string_view s = string_of(v, "nesting_mode");
    if (s == "single") return NestingMode::Single;
    if (s == "list") return NestingMode::List;
    if (s == "set") return NestingMode::Set;
    if (s == "map") return NestingMode::Map;
    if (s == "group") return NestingMode::Group;
    fail(Status::Schema, "invalid nesting mode " + text::go_quoted(s), at);
  }

  // The end of the JSON value starting at p (a string, array or object; or a
  // scalar up to the next delimiter). Strings honour backslash escapes.
  const char* value_end(const char* p) const {
    const char* q = p;
    if (q >= end_) return end_;
    if (*q == '"') {
      ++q;
      while (q < end_ && *q != '"') q += (*q == '\\') ? 2 : 1;
      return q < end_ ? q + 1 : end_;
    }
    if (*q == '[' || *q == '{') {
      size_t depth = 0;
      while (q < end_) {
        char c = *q;
        if (c == '"') {
          ++q;
          while (q < end_ && *q != '"') q += (*q == '\\') ? 2 : 1;
          if (q < end_) ++q;
          continue;
        }
        if (c == '[' || c == '{') ++depth;
        if (c == ']' || c == '}') {
          if (--depth == 0) return q + 1;
        }
        ++q;
      }
      return end_;
    }
    while (q < end_ && *q != ',' && *q != '}' && *q != ']' && *q != ' ' && *q != '\n' && *q != '\r' &&
           *q != '\t')
      ++q;
    return q;
  }

  // An attribute "type": the type-JSON text of the value, parsed by
  // Type::from_json (cached per distinct text: most documents repeat
  // "string" and a few list/map types thousands of times).
  Type type_of(od::value& v) {
    const char* start = where(v);
    if (!start) {
      start = v.raw_json_token().data();
    }
    const char* stop = value_end(start);
    std::string_view text(start, size_t(stop - start));
    auto it = types_.find(text);
    if (it != types_.end()) return it->second;
    Type t;
    try {
      t = Type::from_json(text, kMaxTypeDepth);
    } catch (Error& e) {
      size_t off = size_t(start - base_) + (e.offset() == kNoOffset ? 0 : e.offset());
      throw Error(e.status(), "attribute type: " + e.message(), path, off);
    }
    types_.emplace(text, t);
    return t;
  }

  void read_attribute(od::value& v, Attribute& a, size_t depth) {
    od::object obj = object_of(v, "an attribute");
    for_fields(obj, [&](std::string_view k, od::value& fv) {
      path.push_back(PathStep::attr(k));
      if (k == "type") {
        a.type = type_of(fv);
      } else if (k == "nested_type") {
        a.nested_type.emplace();
        read_object(fv, *a.nested_type, depth + 1);
      } else if (k == "description") {
        a.description = std::string(string_of(fv, "description"));
      } else if (k == "description_kind") {
        a.description_kind = description_kind_of(fv);
      } else if (k == "deprecation_message") {
        a.deprecation_message = std::string(string_of(fv, "deprecation_message"));
      } else if (k == "required") {
        a.required = bool_of(fv, "required");
      } else if (k == "optional") {
        a.optional = bool_of(fv, "optional");
      } else if (k == "computed") {
        a.computed = bool_of(fv, "computed");
      } else if (k == "sensitive") {
        a.sensitive = bool_of(fv, "sensitive");
      } else if (k == "deprecated") {
        a.deprecated = bool_of(fv, "deprecated");
      } else if (k == "write_only") {
        a.write_only = bool_of(fv, "write_only");
      }
      path.pop_back();
    });
  }

  void read_attributes(od::value& v, std::vector<Attribute>& out, size_t depth) {
    od::object obj = object_of(v, "attributes");
    for_fields(obj, [&](std::string_view name, od::value& av) {
      path.push_back(PathStep::key(name));
      Attribute a;
      a.name = std::string(name);
      read_attribute(av, a, depth);
      out.push_back(std::move(a));
      path.pop_back();
    });
  }

  void read_object(od::value& v, NestedObject& o, size_t depth) {
    if (depth > kMaxBlockDepth) throw limits::schema_depth(kMaxBlockDepth, offset_of(where(v))).with_path(path);
    o.nesting = NestingMode::Invalid;
    od::object obj = object_of(v, "nested_type");
    for_fields(obj, [&](std::string_view k, od::value& fv) {
      path.push_back(PathStep::attr(k));
      if (k == "attributes") {
        read_attributes(fv, o.attributes, depth);
      } else if (k == "nesting_mode") {
        o.nesting = nesting_of(fv);
      } else if (k == "min_items") {
        o.min_items = int_of(fv, "min_items");
      } else if (k == "max_items") {
        o.max_items = int_of(fv, "max_items");
      }
      path.pop_back();
    });
  }

  void read_nested_block(od::value& v, NestedBlock& nb, size_t depth) {
    od::object obj = object_of(v, "a block type");
    for_fields(obj, [&](std::string_view k, od::value& fv) {
      path.push_back(PathStep::attr(k));
      if (k == "nesting_mode") {
        nb.nesting = nesting_of(fv);
      } else if (k == "block") {
        read_block(fv, nb.block, depth + 1);
      } else if (k == "min_items") {
        nb.min_items = int_of(fv, "min_items");
      } else if (k == "max_items") {
        nb.max_items = int_of(fv, "max_items");
      }
      path.pop_back();
    });
  }

  void read_block(od::value& v, Block& b, size_t depth) {
    if (depth > kMaxBlockDepth) throw limits::schema_depth(kMaxBlockDepth, offset_of(where(v))).with_path(path);
    od::object obj = object_of(v, "a block");
    for_fields(obj, [&](std::string_view k, od::value& fv) {
      path.push_back(PathStep::attr(k));
      if (k == "attributes") {
        read_attributes(fv, b.attributes, depth);
      } else if (k == "block_types") {
        od::object bo = object_of(fv, "block_types");
        for_fields(bo, [&](std::string_view name, od::value& bv) {
          path.push_back(PathStep::key(name));
          NestedBlock nb;
          nb.type_name = std::string(name);
          read_nested_block(bv, nb, depth);
          b.block_types.push_back(std::move(nb));
          path.pop_back();
        });
      } else if (k == "description") {
        b.description = std::string(string_of(fv, "description"));
      } else if (k == "description_kind") {
        b.description_kind = description_kind_of(fv);
      } else if (k == "deprecated") {
        b.deprecated = bool_of(fv, "deprecated");
      } else if (k == "deprecation_message") {
        b.deprecation_message = std::string(string_of(fv, "deprecation_message"));
      } else if (k == "computed") {
        b.computed = bool_of(fv, "computed");
      }
      path.pop_back();
    });
  }

  // Schema::make with the error path made relative to the document.
  SchemaPtr freeze(int64_t version, Block b, const char* at) {
    try {
      return Schema::make(version, std::move(b));
    } catch (Error& e) {
      Path p = path;
      p.push_back(PathStep::attr("block"));
      p.insert(p.end(), e.path().begin(), e.path().end());
      size_t off = at ? size_t(at - base_) : kNoOffset;
      throw Error(e.status(), e.message(), std::move(p), off);
    }
  }

  // SCHEMA = {"version": N, "block": BLOCK}
  SchemaPtr read_schema(od::value& v) {
    const char* at = where(v);
    od::object obj = object_of(v, "a schema");
    int64_t version = 0;
    Block b;
    const char* block_at = at;
    for_fields(obj, [&](std::string_view k, od::value& fv) {
      path.push_back(PathStep::attr(k));
      if (k == "version") {
        version = int_of(fv, "version");
      } else if (k == "block") {
        block_at = where(fv);
        read_block(fv, b, 0);
      }
      path.pop_back();
    });
    return freeze(version, std::move(b), block_at);
  }

  SchemaPtr read_root_block(od::value& v, int64_t version) {
    const char* at = where(v);
    Block b;
    read_block(v, b, 0);
    try {
      return Schema::make(version, std::move(b));
    } catch (Error& e) {
      throw Error(e.status(), e.message(), e.path(), at ? size_t(at - base_) : kNoOffset);
    }
  }

  // IDENTITY = {"version": N, "attributes": {NAME: {...}}}
  IdentitySchemaPtr read_identity(od::value& v) {
    const char* at = where(v);
    od::object obj = object_of(v, "an identity schema");
    int64_t version = 0;
    std::vector<Attribute> attrs;
    for_fields(obj, [&](std::string_view k, od::value& fv) {
      path.push_back(PathStep::attr(k));
      if (k == "version") {
        version = int_of(fv, "version");
      } else if (k == "attributes") {
        od::object ao = object_of(fv, "attributes");
        for_fields(ao, [&](std::string_view name, od::value& av) {
          path.push_back(PathStep::key(name));
          Attribute a;
          a.name = std::string(name);
          od::object fo = object_of(av, "an identity attribute");
          for_fields(fo, [&](std::string_view ak, od::value& afv) {
            path.push_back(PathStep::attr(ak));
            if (ak == "type") {
              a.type = type_of(afv);
            } else if (ak == "description") {
              a.description = std::string(string_of(afv, "description"));
            } else if (ak == "required_for_import") {
              a.required_for_import = bool_of(afv, "required_for_import");
            } else if (ak == "optional_for_import") {
              a.optional_for_import = bool_of(afv, "optional_for_import");
            }
            path.pop_back();
          });
          attrs.push_back(std::move(a));
          path.pop_back();
        });
      }
      path.pop_back();
    });
    try {
      return IdentitySchema::make(version, std::move(attrs));
    } catch (Error& e) {
      Path p = path;
      p.insert(p.end(), e.path().begin(), e.path().end());
      throw Error(e.status(), e.message(), std::move(p), at ? size_t(at - base_) : kNoOffset);
    }
  }

  // After the walk: anything but whitespace left is an error.
  void check_trailing(od::document& doc) {
    const char* p = nullptr;
    if (!doc.current_location().get(p)) fail(Status::Parse, "trailing content after the JSON document", p);
  }

  // The entry's JSON object: its bytes, skipped.
  std::string_view raw_object(od::value& v, const char* what) {
    od::object o = object_of(v, what);
    std::string_view raw;
    if (auto e = o.raw_json().get(raw)) json_fail(e, where(v));
    while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t'))
      raw.remove_suffix(1);
    return raw;
  }

  // Walks a document and records every schema entry (DocIndex).
  void index(od::document& doc, DocIndex& out) {
    od::object root;
    if (auto e = doc.get_object().get(root)) {
      if (e == simdjson::INCORRECT_TYPE) fail(Status::Parse, "a provider schemas document must be a JSON object", base_);
      json_fail(e, base_);
    }
    bool saw_schemas = false;
    std::unordered_set<std::string> seen;  // "PROVIDER\nSELECTOR"
    for_fields(root, [&](std::string_view k, od::value& v) {
      path.push_back(PathStep::attr(k));
      if (k == "format_version") {
        out.format_version = std::string(string_of(v, "format_version"));
      } else if (k == "provider_schemas") {
        if (saw_schemas) fail(Status::Parse, "duplicate \"provider_schemas\" key", where(v));
        saw_schemas = true;
        od::object provs = object_of(v, "provider_schemas");
        std::unordered_set<std::string_view> provider_seen;  // views into the document
        for_fields(provs, [&](std::string_view addr, od::value& pv) {
          path.push_back(PathStep::key(addr));
          if (!provider_seen.insert(addr).second)
            fail(Status::Parse, "duplicate provider " + text::go_quoted(addr) + " in the document", where(pv));
          out.providers.emplace_back(addr);
          index_provider(pv, out, seen);
          path.pop_back();
        });
      }
      path.pop_back();
    });
    check_trailing(doc);
    if (!saw_schemas) fail(Status::Parse, "not a provider schemas document: no \"provider_schemas\" key", base_);
  }

  void index_provider(od::value& pv, DocIndex& out, std::unordered_set<std::string>& seen) {
    size_t prov = out.providers.size() - 1;
    auto add = [&](BlockKind kind, std::string_view name, od::value& v) {
      SchemaDocument::Entry e;
      e.provider = prov;
      e.selector = BlockSelector{kind, std::string(name)};
      e.selector_text = e.selector.to_string();
      if (!seen.insert(out.providers[prov] + "\n" + e.selector_text).second)
        fail(Status::Parse, "duplicate schema " + text::go_quoted(e.selector_text) + " in the document", where(v));
      std::string_view raw = raw_object(v, kind == BlockKind::Identity ? "an identity schema" : "a schema");
      e.offset = size_t(raw.data() - base_);
      e.length = raw.size();
      out.entries.push_back(std::move(e));
    };
    od::object po = object_of(pv, "a provider schema");
    for_fields(po, [&](std::string_view k, od::value& v) {
      path.push_back(PathStep::attr(k));
      if (k == "provider") {
        add(BlockKind::Provider, std::string_view(), v);
      } else if (auto kind = kind_of_key(k)) {
        od::object m = object_of(v, "a map of schemas");
        for_fields(m, [&](std::string_view name, od::value& sv) {
          path.push_back(PathStep::key(name));
          add(*kind, name, sv);
          path.pop_back();
        });
      }
      path.pop_back();
    });
  }

  const char* base() const { return base_; }

 private:
  const char* base_;
  const char* end_;
  std::unordered_map<std::string_view, Type, SvHash, std::equal_to<>> types_;
};

// Runs fn(loader, doc, bytes) over a parsed document.
template <class F>
void with_document(JsonInput in, F&& fn) {
  PaddedJson buf(in);
  od::parser parser;
  od::document doc;
  Loader ld(buf.data(), buf.size());
  if (auto e = parser.iterate(buf.data(), buf.size(), buf.capacity()).get(doc)) ld.json_fail(e, buf.data());
  fn(ld, doc, buf);
  // The walk checks the grammar of what it reads, but values it skips are
  // only matched by brackets, so a document malformed inside a skipped part
  // could be accepted (found by fuzz_schema_json): Go's scanner then checks
  // the whole text (faster than a DOM parse, which faults in a fresh tape).
  // It runs only after a successful walk, whose errors carry paths.
  ld.check_syntax();
}

DocIndex index_json(JsonInput in) {
  DocIndex idx;
  with_document(in, [&](Loader& ld, od::document& doc, const PaddedJson&) { ld.index(doc, idx); });
  return idx;
}

// The path of an entry in its document, e.g.
// .provider_schemas["registry.terraform.io/hashicorp/aws"].resource_schemas["aws_instance"]
Path entry_path(const std::string& provider, const BlockSelector& sel) {
  Path p{PathStep::attr("provider_schemas"), PathStep::key(provider)};
  if (sel.kind == BlockKind::Provider) {
    p.push_back(PathStep::attr("provider"));
  } else {
    p.push_back(PathStep::attr(kind_key(sel.kind)));
    p.push_back(PathStep::key(sel.name));
  }
  return p;
}

// Builds an entry from its bytes [offset, offset + length) of a padded buffer
// holding the whole document (offsets and paths are the document's): f(ld,
// value) reads it.
template <class F>
auto build_entry(const char* base, size_t len, size_t capacity, const std::string& provider,
                 const SchemaDocument::Entry& e, F&& f) {
  Loader ld(base, len);
  ld.path = entry_path(provider, e.selector);
  od::parser parser;
  od::document doc;
  const char* start = base + e.offset;
  if (auto err = parser.iterate(start, e.length, capacity - e.offset).get(doc)) ld.json_fail(err, start);
  od::value v;
  if (auto err = doc.get_value().get(v)) ld.json_fail(err, start);
  return f(ld, v);
}

SchemaPtr build_schema(const char* base, size_t len, size_t capacity, const std::string& provider,
                       const SchemaDocument::Entry& e) {
  if (e.selector.kind == BlockKind::Identity)
    throw Error(Status::InvalidArg,
                text::go_quoted(e.selector_text) + " is an identity schema, not a block: ask for it as an identity schema");
  return build_entry(base, len, capacity, provider, e, [](Loader& ld, od::value& v) { return ld.read_schema(v); });
}

IdentitySchemaPtr build_identity(const char* base, size_t len, size_t capacity, const std::string& provider,
                                 const SchemaDocument::Entry& e) {
  if (e.selector.kind != BlockKind::Identity)
    throw Error(Status::InvalidArg, text::go_quoted(e.selector_text) + " is a block, not an identity schema");
  return build_entry(base, len, capacity, provider, e, [](Loader& ld, od::value& v) { return ld.read_identity(v); });
}

std::string join_names(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    text::append_go_quoted(s, v[i]);
  }
  return s;
}

// The entry of `sel` in an index (errors as load_schema_json documents).
size_t find_entry(const std::vector<std::string>& providers, const std::vector<SchemaDocument::Entry>& entries,
                  const BlockSelector& sel, std::string_view provider) {
  if (providers.empty()) throw Error(Status::NotFound, "the document holds no provider schemas");
  size_t prov = 0;
  if (provider.empty()) {
    if (providers.size() > 1)
      throw Error(Status::InvalidArg,
                  "the document holds several providers (" + join_names(providers) + "): choose one by its address");
  } else {
    auto it = std::find(providers.begin(), providers.end(), provider);
    if (it == providers.end())
      throw Error(Status::NotFound, "provider " + text::go_quoted(provider) + " is not in the document (it holds: " +
                                        join_names(providers) + ")");
    prov = size_t(it - providers.begin());
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    if (e.provider == prov && e.selector == sel) return i;
  }
  const std::string& p = providers[prov];
  if (sel.kind == BlockKind::Provider)
    throw Error(Status::NotFound, "provider " + text::go_quoted(p) + " has no provider configuration schema");
  throw Error(Status::NotFound,
              text::go_quoted(sel.name) + " is not in " + kind_key(sel.kind) + " of provider " + text::go_quoted(p));
}

}  // namespace

BlockSelector BlockSelector::parse(std::string_view text) {
  BlockSelector s;
  if (text == "provider") {
    s.kind = BlockKind::Provider;
    return s;
  }
  size_t colon = text.find(':');
  if (colon != std::string_view::npos && colon + 1 < text.size()) {
    std::string_view prefix = text.substr(0, colon);
    for (const KindName& k : kKindNames) {
      if (k.kind != BlockKind::Provider && prefix == k.prefix) {
        s.kind = k.kind;
        s.name = std::string(text.substr(colon + 1));
        return s;
      }
    }
  }
  throw Error(Status::InvalidArg, "invalid block selector " + text::go_quoted(text) +
                                      ": expected provider, resource:NAME, data:NAME, ephemeral:NAME, list:NAME, "
                                      "action:NAME, state_store:NAME or identity:NAME");
}

std::string BlockSelector::to_string() const {
  if (kind == BlockKind::Provider) return "provider";
  for (const KindName& k : kKindNames)
    if (k.kind == kind) return std::string(k.prefix) + ":" + name;
  return "?";
}

SchemaPtr load_schema_json(JsonInput in, const BlockSelector& sel, std::string_view provider) {
  if (sel.kind == BlockKind::Identity)
    throw Error(Status::InvalidArg, text::go_quoted(sel.to_string()) + " is an identity schema, not a block");
  SchemaPtr result;
  with_document(in, [&](Loader& ld, od::document& doc, const PaddedJson& buf) {
    DocIndex idx;
    ld.index(doc, idx);
    const auto& e = idx.entries[find_entry(idx.providers, idx.entries, sel, provider)];
    result = build_schema(buf.data(), buf.size(), buf.capacity(), idx.providers[e.provider], e);
  });
  return result;
}

SchemaPtr load_schema_json(std::string_view doc, std::string_view selector, std::string_view provider) {
  return load_schema_json(JsonInput{doc, 0}, BlockSelector::parse(selector), provider);
}

std::vector<SchemaListing> list_schemas_json(JsonInput in) {
  DocIndex idx = index_json(in);
  std::vector<SchemaListing> out;
  out.reserve(idx.entries.size());
  for (auto& e : idx.entries) out.push_back(SchemaListing{idx.providers[e.provider], std::move(e.selector)});
  return out;
}

std::vector<SchemaEntry> load_all_schemas_json(JsonInput in) {
  std::vector<SchemaEntry> out;
  with_document(in, [&](Loader& ld, od::document& doc, const PaddedJson& buf) {
    DocIndex idx;
    ld.index(doc, idx);
    for (const auto& e : idx.entries) {
      if (e.selector.kind == BlockKind::Identity) continue;
      const std::string& prov = idx.providers[e.provider];
      out.push_back(SchemaEntry{prov, e.selector, build_schema(buf.data(), buf.size(), buf.capacity(), prov, e)});
    }
  });
  return out;
}

SchemaPtr load_block_json(std::string_view block_json, int64_t version) {
  SchemaPtr result;
  with_document(JsonInput{block_json, 0}, [&](Loader& ld, od::document& doc, const PaddedJson&) {
    od::value v;
    if (auto e = doc.get_value().get(v)) ld.json_fail(e, ld.base());
    result = ld.read_root_block(v, version);
    ld.check_trailing(doc);
  });
  return result;
}

IdentitySchemaPtr load_identity_json(std::string_view json) {
  IdentitySchemaPtr result;
  with_document(JsonInput{json, 0}, [&](Loader& ld, od::document& doc, const PaddedJson&) {
    od::value v;
    if (auto e = doc.get_value().get(v)) ld.json_fail(e, ld.base());
    result = ld.read_identity(v);
    ld.check_trailing(doc);
  });
  return result;
}

// ---- SchemaDocument -----------------------------------------------------------

SchemaDocumentPtr SchemaDocument::parse(std::string_view json) {
  auto d = std::make_shared<SchemaDocument>();
  d->text_.reserve(json.size() + kJsonPadding);
  d->text_.assign(json);
  DocIndex idx = index_json(JsonInput{d->text_, d->text_.capacity()});
  d->format_version_ = std::move(idx.format_version);
  d->providers_ = std::move(idx.providers);
  d->entries_ = std::move(idx.entries);
  d->schemas_.resize(d->entries_.size());
  d->identities_.resize(d->entries_.size());
  return d;
}

size_t SchemaDocument::find(const BlockSelector& sel, std::string_view provider) const {
  return find_entry(providers_, entries_, sel, provider);
}

namespace {

// Entry i of `cache`, built by build() when it is not there yet. The mutex
// guards only the cache: two threads may build the same schema at once, and
// both get the one stored first.
template <class Ptr, class Build>
Ptr cached(std::mutex& mu, std::vector<Ptr>& cache, size_t i, Build&& build) {
  if (i >= cache.size())
    throw Error(Status::OutOfRange, "schema index " + std::to_string(i) +
                                        " is out of range (the document holds " + std::to_string(cache.size()) + ")");
  {
    std::lock_guard<std::mutex> lock(mu);
    if (cache[i]) return cache[i];
  }
  Ptr built = build();
  std::lock_guard<std::mutex> lock(mu);
  if (!cache[i]) cache[i] = std::move(built);
  return cache[i];
}

}  // namespace

SchemaPtr SchemaDocument::schema(size_t i) const {
  return cached(mu_, schemas_, i, [&] {
    const Entry& e = entries_[i];
    return build_schema(text_.data(), text_.size(), text_.capacity(), providers_[e.provider], e);
  });
}

IdentitySchemaPtr SchemaDocument::identity(size_t i) const {
  return cached(mu_, identities_, i, [&] {
    const Entry& e = entries_[i];
    return build_identity(text_.data(), text_.size(), text_.capacity(), providers_[e.provider], e);
  });
}

}  // namespace dynval
