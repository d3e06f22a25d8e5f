// `dynval schema` printing (see schema_print.hpp).
#include "schema_print.hpp"

#include <algorithm>
#include <iterator>

#include "text/text.hpp"

namespace dynval::cli {

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

}  // namespace

void append_entry_json(std::string& out, const SchemaDocument& doc, size_t i) {
  switch (doc.entries().at(i).selector.kind) {
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

void append_listing(std::string& out, const SchemaDocument& doc, bool with_provider) {
  for (const auto& e : doc.entries()) {
    if (with_provider) {
      out += doc.providers()[e.provider];
      out += ' ';
    }
    out += e.selector_text;
    out += '\n';
  }
}

}  // namespace dynval::cli
