// Writing schemas as `providers schema -json` text (see schema.hpp).
//
// The form is Terraform's internal/command/jsonprovider (OpenTofu's is the
// same) marshalled by Go's encoding/json:
//   Schema     {version, block}                       version always written
//   Block      {attributes, block_types, description, description_kind,
//               deprecated, deprecation_message}
//   Attribute  {type, nested_type, description, description_kind, deprecated,
//               deprecation_message, required, optional, computed, sensitive,
//               write_only}
//   NestedType {attributes, nesting_mode}
//   BlockType  {nesting_mode, block, min_items, max_items}
//   IdentitySchema    {version, attributes}
//   IdentityAttribute {type, description, required_for_import, optional_for_import}
// Every field is `omitempty` except version; description_kind is never empty
// ("plain" or "markdown"), so it is always written. Maps are written with
// their keys sorted, which is the order of our sorted attribute and block
// vectors. The libdynval extensions follow the fields Terraform knows:
// Block "computed", NestedType "min_items"/"max_items" (hashicorp/terraform-json
// reads those two).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <iterator>
#include <vector>

#include "schema/schema.hpp"
#include "text/text.hpp"

namespace dynval {

namespace {

// The provider object's keys in the order Terraform's jsonprovider.Provider
// declares them ("functions", which holds no schema, sits between list and
// identity schemas there).
struct KindKey {
  BlockKind kind;
  const char* key;
};
constexpr KindKey kKeys[] = {
    {BlockKind::Provider, "provider"},
    {BlockKind::Resource, "resource_schemas"},
    {BlockKind::DataSource, "data_source_schemas"},
    {BlockKind::EphemeralResource, "ephemeral_resource_schemas"},
    {BlockKind::ListResource, "list_resource_schemas"},
    {BlockKind::Identity, "resource_identity_schemas"},
    {BlockKind::Action, "action_schemas"},
    {BlockKind::StateStore, "state_store_schemas"},
};

// A JSON object being written: key() writes the separator and the key.
class ObjectWriter {
 public:
  explicit ObjectWriter(std::string& out) : out_(out) { out_.push_back('{'); }
  ~ObjectWriter() = default;
  ObjectWriter(const ObjectWriter&) = delete;
  ObjectWriter& operator=(const ObjectWriter&) = delete;

  std::string& key(std::string_view k) {
    if (!first_) out_.push_back(',');
    first_ = false;
    text::append_json_quoted(out_, k);
    out_.push_back(':');
    return out_;
  }
  void string(std::string_view k, std::string_view v) {
    if (!v.empty()) text::append_json_quoted(key(k), v);
  }
  void flag(std::string_view k, bool v) {
    if (v) key(k) += "true";
  }
  void integer(std::string_view k, int64_t v, bool always = false) {
    if (v == 0 && !always) return;
    char buf[24];
    int n = std::snprintf(buf, sizeof buf, "%" PRId64, v);
    key(k).append(buf, size_t(n));
  }
  void close() { out_.push_back('}'); }

 private:
  std::string& out_;
  bool first_ = true;
};

const char* kind_name(DescriptionKind k) { return k == DescriptionKind::Markdown ? "markdown" : "plain"; }

void append_attributes(std::string& out, const std::vector<Attribute>& attrs);

void append_attribute(std::string& out, const Attribute& a) {
  ObjectWriter w(out);
  if (a.type) w.key("type") += a.type->to_json();
  if (a.nested_type) {
    const NestedObject& o = *a.nested_type;
    std::string& s = w.key("nested_type");
    ObjectWriter nw(s);
    if (!o.attributes.empty()) append_attributes(nw.key("attributes"), o.attributes);
    nw.string("nesting_mode", nesting_name(o.nesting));
    nw.integer("min_items", o.min_items);
    nw.integer("max_items", o.max_items);
    nw.close();
  }
  w.string("description", a.description);
  w.string("description_kind", kind_name(a.description_kind));
  w.flag("deprecated", a.deprecated);
  w.string("deprecation_message", a.deprecation_message);
  w.flag("required", a.required);
  w.flag("optional", a.optional);
  w.flag("computed", a.computed);
  w.flag("sensitive", a.sensitive);
  w.flag("write_only", a.write_only);
  w.close();
}

void append_attributes(std::string& out, const std::vector<Attribute>& attrs) {
  ObjectWriter w(out);
  for (const Attribute& a : attrs) append_attribute(w.key(a.name), a);
  w.close();
}

}  // namespace

void append_block_json(std::string& out, const Block& b) {
  ObjectWriter w(out);
  if (!b.attributes.empty()) append_attributes(w.key("attributes"), b.attributes);
  if (!b.block_types.empty()) {
    ObjectWriter bw(w.key("block_types"));
    for (const NestedBlock& nb : b.block_types) {
      ObjectWriter nw(bw.key(nb.type_name));
      nw.string("nesting_mode", nesting_name(nb.nesting));
      append_block_json(nw.key("block"), nb.block);
      nw.integer("min_items", nb.min_items);
      nw.integer("max_items", nb.max_items);
      nw.close();
    }
    bw.close();
  }
  w.string("description", b.description);
  w.string("description_kind", kind_name(b.description_kind));
  w.flag("deprecated", b.deprecated);
  w.string("deprecation_message", b.deprecation_message);
  w.flag("computed", b.computed);
  w.close();
}

void append_schema_json(std::string& out, const Schema& s, bool with_version) {
  ObjectWriter w(out);
  if (with_version) w.integer("version", s.version, /*always=*/true);
  append_block_json(w.key("block"), s.block);
  w.close();
}

void append_identity_json(std::string& out, const IdentitySchema& s) {
  ObjectWriter w(out);
  w.integer("version", s.version, /*always=*/true);
  if (!s.attributes.empty()) {
    ObjectWriter aw(w.key("attributes"));
    for (const Attribute& a : s.attributes) {
      ObjectWriter iw(aw.key(a.name));
      if (a.type) iw.key("type") += a.type->to_json();
      iw.string("description", a.description);
      iw.flag("required_for_import", a.required_for_import);
      iw.flag("optional_for_import", a.optional_for_import);
      iw.close();
    }
    aw.close();
  }
  w.close();
}

void append_entry_json(std::string& out, const SchemaDocument& doc, size_t i) {
  // Past the end, doc.schema(i) throws the OutOfRange error.
  switch (i < doc.entries().size() ? doc.entries()[i].selector.kind : BlockKind::Provider) {
    case BlockKind::Identity: append_identity_json(out, *doc.identity(i)); return;
    case BlockKind::Action: append_schema_json(out, *doc.schema(i), /*with_version=*/false); return;
    default: append_schema_json(out, *doc.schema(i)); return;
  }
}

void append_document_json(std::string& out, const SchemaDocument& doc) {
  out += "{\"format_version\":";
  text::append_json_quoted(out, doc.format_version().empty() ? "1.0" : doc.format_version());
  out += ",\"provider_schemas\":{";
  const auto& entries = doc.entries();
  const auto& providers = doc.providers();
  // Providers and names in bytewise order, as Go writes map keys; per
  // provider the keys in kKeys order. One sort of the providers and one of
  // the entries by (provider's rank, key, name), then a single walk, so the
  // cost is n log n in the number of providers and schemas.
  std::vector<size_t> by_name(providers.size());
  for (size_t p = 0; p < by_name.size(); ++p) by_name[p] = p;
  std::sort(by_name.begin(), by_name.end(), [&](size_t a, size_t b) { return providers[a] < providers[b]; });
  std::vector<size_t> rank(providers.size());
  for (size_t r = 0; r < by_name.size(); ++r) rank[by_name[r]] = r;
  auto slot = [](BlockKind kind) {
    size_t k = 0;
    while (k < std::size(kKeys) && kKeys[k].kind != kind) ++k;
    return k;
  };
  std::vector<size_t> order(entries.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const auto& x = entries[a];
    const auto& y = entries[b];
    if (x.provider != y.provider) return rank[x.provider] < rank[y.provider];
    if (x.selector.kind != y.selector.kind) return slot(x.selector.kind) < slot(y.selector.kind);
    return x.selector.name < y.selector.name;
  });
  size_t i = 0;  // the next entry of `order`
  for (size_t r = 0; r < by_name.size(); ++r) {
    const size_t p = by_name[r];
    if (r) out += ',';
    text::append_json_quoted(out, providers[p]);
    out += ":{";
    bool first_key = true;
    while (i < order.size() && entries[order[i]].provider == p) {
      // The entries of one key (omitempty: a key without any is not written).
      const BlockKind kind = entries[order[i]].selector.kind;
      if (!first_key) out += ',';
      first_key = false;
      text::append_json_quoted(out, kKeys[slot(kind)].key);
      out += ':';
      if (kind == BlockKind::Provider) {
        append_entry_json(out, doc, order[i++]);  // a provider has one at most
        continue;
      }
      out += '{';
      for (bool first = true; i < order.size() && entries[order[i]].provider == p &&
                              entries[order[i]].selector.kind == kind;
           ++i, first = false) {
        if (!first) out += ',';
        text::append_json_quoted(out, entries[order[i]].selector.name);
        out += ':';
        append_entry_json(out, doc, order[i]);
      }
      out += '}';
    }
    out += '}';
  }
  out += "}}";
}

}  // namespace dynval
