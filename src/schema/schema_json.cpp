// Loading schemas from `terraform/tofu providers schema -json` documents
// (format_version 0.1 .. 1.0) with simdjson On-Demand.
//
// Document layout (OpenTofu internal/command/jsonprovider, hashicorp/terraform-json
// schemas.go):
//   {"format_version": "1.0",
//    "provider_schemas": {ADDR: {"provider": SCHEMA,
//                                "resource_schemas": {NAME: SCHEMA},
//                                "data_source_schemas": {NAME: SCHEMA},
//                                "ephemeral_resource_schemas": {NAME: SCHEMA}, ...}}}
//   SCHEMA = {"version": N, "block": BLOCK}
//   BLOCK  = {"attributes": {NAME: ATTR}, "block_types": {NAME: NESTED},
//             "description": S, "description_kind": "plain"|"markdown", "deprecated": B}
//   ATTR   = {"type": TYPE_JSON | "nested_type": OBJECT, "description": S,
//             "description_kind": K, "required"/"optional"/"computed"/"sensitive"/
//             "deprecated"/"write_only": B}
//   OBJECT = {"attributes": {NAME: ATTR}, "nesting_mode": "single"|"list"|"set"|"map",
//             "min_items": N, "max_items": N}
//   NESTED = {"nesting_mode": "single"|"group"|"list"|"set"|"map", "block": BLOCK,
//             "min_items": N, "max_items": N}
// Unknown keys are skipped (forward compatibility). On-Demand skips every
// value we do not look at, so unselected resources cost only the structural
// walk over their bytes.
#include <simdjson.h>

#include <functional>
#include <unordered_map>

#include "schema/schema.hpp"
#include "support/limits.hpp"
#include "text/text.hpp"

namespace dynval {

namespace {

namespace od = simdjson::ondemand;

constexpr size_t kMaxBlockDepth = 256;
constexpr size_t kMaxTypeDepth = 1000;

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
        json_check_document(std::string_view(base_, size_t(end_ - base_)), Type::kMaxJsonDepth);
      } catch (const Error& err) {
        if (err.status() == Status::Parse) throw Error(Status::Parse, "invalid JSON: " + err.message(), {}, err.offset());
      }
    }
    fail(Status::Parse, std::string("invalid JSON: ") + simdjson::error_message(e), at);
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

  // After the walk: anything but whitespace left is an error.
  void check_trailing(od::document& doc) {
    const char* p = nullptr;
    if (!doc.current_location().get(p)) fail(Status::Parse, "trailing content after the JSON document", p);
  }

  // Walks the document: for every provider, want_provider(addr) decides
  // whether to look inside; then entry(addr, kind, name, value) is called for
  // the provider block and every resource, data source and ephemeral resource
  // schema (it may leave the value untouched to skip it).
  template <class WantProvider, class Entry>
  void walk(od::document& doc, WantProvider&& want_provider, Entry&& entry) {
    od::object root;
    if (auto e = doc.get_object().get(root)) {
      if (e == simdjson::INCORRECT_TYPE) fail(Status::Parse, "a provider schemas document must be a JSON object", base_);
      json_fail(e, base_);
    }
    bool saw_schemas = false;
    for_fields(root, [&](std::string_view k, od::value& v) {
      path.push_back(PathStep::attr(k));
      if (k == "format_version") {
        (void)string_of(v, "format_version");
      } else if (k == "provider_schemas") {
        saw_schemas = true;
        od::object provs = object_of(v, "provider_schemas");
        std::unordered_map<std::string_view, bool> seen;  // views into the document
        for_fields(provs, [&](std::string_view addr, od::value& pv) {
          path.push_back(PathStep::key(addr));
          if (!seen.emplace(addr, true).second)
            fail(Status::Parse, "provider " + text::go_quoted(addr) + " appears twice in provider_schemas", where(pv));
          if (want_provider(addr)) walk_provider(addr, pv, entry);
          path.pop_back();
        });
      }
      path.pop_back();
    });
    check_trailing(doc);
    if (!saw_schemas) fail(Status::Parse, "not a provider schemas document: no \"provider_schemas\" key", base_);
  }

  template <class Entry>
  void walk_provider(std::string_view addr, od::value& pv, Entry&& entry) {
    od::object po = object_of(pv, "a provider schema");
    for_fields(po, [&](std::string_view k, od::value& v) {
      path.push_back(PathStep::attr(k));
      if (k == "provider") {
        entry(addr, BlockKind::Provider, std::string_view(), v);
      } else {
        BlockKind kind;
        bool known = true;
        if (k == "resource_schemas") {
          kind = BlockKind::Resource;
        } else if (k == "data_source_schemas") {
          kind = BlockKind::DataSource;
        } else if (k == "ephemeral_resource_schemas") {
          kind = BlockKind::EphemeralResource;
        } else {
          known = false;
        }
        if (known) {
          od::object m = object_of(v, "a map of schemas");
          for_fields(m, [&](std::string_view name, od::value& sv) {
            path.push_back(PathStep::key(name));
            entry(addr, kind, name, sv);
            path.pop_back();
          });
        }
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

// Runs fn(loader, doc) over a parsed document.
template <class F>
void with_document(JsonInput in, F&& fn) {
  PaddedJson buf(in);
  od::parser parser;
  od::document doc;
  Loader ld(buf.data(), buf.size());
  if (auto e = parser.iterate(buf.data(), buf.size(), buf.capacity()).get(doc)) ld.json_fail(e, buf.data());
  fn(ld, doc);
  // The On-Demand walk checks the grammar of what it reads, but values it
  // skips are only matched by brackets, so a document that is malformed
  // inside a skipped part could be accepted (found by fuzz_schema_json).
  // A full validating parse closes that hole; it runs only after a
  // successful walk, whose errors carry offsets, and costs about one bare
  // simdjson parse.
  simdjson::dom::parser validator;
  simdjson::dom::element root;
  if (auto e = validator.parse(buf.data(), buf.size(), false).get(root)) ld.json_fail(e);
}

std::string join_names(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += ", ";
    text::append_go_quoted(s, v[i]);
  }
  return s;
}

const char* kind_key(BlockKind k) {
  switch (k) {
    case BlockKind::Provider: return "provider";
    case BlockKind::Resource: return "resource_schemas";
    case BlockKind::DataSource: return "data_source_schemas";
    case BlockKind::EphemeralResource: return "ephemeral_resource_schemas";
  }
  return "?";
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
    s.name = std::string(text.substr(colon + 1));
    if (prefix == "resource") {
      s.kind = BlockKind::Resource;
      return s;
    }
    if (prefix == "data") {
      s.kind = BlockKind::DataSource;
      return s;
    }
    if (prefix == "ephemeral") {
      s.kind = BlockKind::EphemeralResource;
      return s;
    }
  }
  throw Error(Status::InvalidArg, "invalid block selector " + text::go_quoted(text) +
                                      ": expected provider, resource:NAME, data:NAME or ephemeral:NAME");
}

std::string BlockSelector::to_string() const {
  switch (kind) {
    case BlockKind::Provider: return "provider";
    case BlockKind::Resource: return "resource:" + name;
    case BlockKind::DataSource: return "data:" + name;
    case BlockKind::EphemeralResource: return "ephemeral:" + name;
  }
  return "?";
}

SchemaPtr load_schema_json(JsonInput in, const BlockSelector& sel, std::string_view provider) {
  SchemaPtr result;
  std::string result_provider;
  std::vector<std::string> providers;
  with_document(in, [&](Loader& ld, od::document& doc) {
    ld.walk(
        doc,
        [&](std::string_view addr) {
          providers.emplace_back(addr);
          if (!provider.empty()) return addr == provider;
          // Without an address only a single-provider document is accepted;
          // the first provider is read while the rest is only listed.
          return providers.size() == 1;
        },
        [&](std::string_view addr, BlockKind kind, std::string_view name, od::value& v) {
          if (kind != sel.kind || name != sel.name) return;  // skipped unread
          if (result) ld.fail(Status::Parse, "duplicate schema " + text::go_quoted(sel.to_string()) + " in the document");
          result = ld.read_schema(v);
          result_provider = std::string(addr);
        });
  });
  if (provider.empty() && providers.size() > 1)
    throw Error(Status::InvalidArg,
                "the document holds several providers (" + join_names(providers) + "): choose one by its address");
  if (providers.empty()) throw Error(Status::NotFound, "the document holds no provider schemas");
  if (!provider.empty() && std::find(providers.begin(), providers.end(), provider) == providers.end())
    throw Error(Status::NotFound, "provider " + text::go_quoted(std::string(provider)) + " is not in the document (it holds: " +
                                      join_names(providers) + ")");
  if (!result) {
    std::string p = provider.empty() ? providers.front() : std::string(provider);
    if (sel.kind == BlockKind::Provider)
      throw Error(Status::NotFound, "provider " + text::go_quoted(p) + " has no provider configuration schema");
    throw Error(Status::NotFound, text::go_quoted(sel.name) + " is not in " + kind_key(sel.kind) + " of provider " + text::go_quoted(p));
  }
  return result;
}

SchemaPtr load_schema_json(std::string_view doc, std::string_view selector, std::string_view provider) {
  return load_schema_json(JsonInput{doc, 0}, BlockSelector::parse(selector), provider);
}

std::vector<SchemaListing> list_schemas_json(JsonInput in) {
  std::vector<SchemaListing> out;
  with_document(in, [&](Loader& ld, od::document& doc) {
    ld.walk(
        doc, [](std::string_view) { return true; },
        [&](std::string_view addr, BlockKind kind, std::string_view name, od::value&) {
          out.push_back(SchemaListing{std::string(addr), BlockSelector{kind, std::string(name)}});
        });
  });
  return out;
}

std::vector<SchemaEntry> load_all_schemas_json(JsonInput in) {
  std::vector<SchemaEntry> out;
  with_document(in, [&](Loader& ld, od::document& doc) {
    ld.walk(
        doc, [](std::string_view) { return true; },
        [&](std::string_view addr, BlockKind kind, std::string_view name, od::value& v) {
          SchemaPtr s = ld.read_schema(v);
          out.push_back(SchemaEntry{std::string(addr), BlockSelector{kind, std::string(name)}, std::move(s)});
        });
  });
  return out;
}

SchemaPtr load_block_json(std::string_view block_json, int64_t version) {
  SchemaPtr result;
  with_document(JsonInput{block_json, 0}, [&](Loader& ld, od::document& doc) {
    od::value v;
    if (auto e = doc.get_value().get(v)) ld.json_fail(e, ld.base());
    result = ld.read_root_block(v, version);
    ld.check_trailing(doc);
  });
  return result;
}

}  // namespace dynval
