// `dynval schema` printing (see schema_print.hpp).
#include "schema_print.hpp"

#include <algorithm>

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
  // Providers and names in bytewise order, as Go writes map keys.
  std::vector<size_t> providers(doc.providers().size());
  for (size_t p = 0; p < providers.size(); ++p) providers[p] = p;
  std::sort(providers.begin(), providers.end(),
            [&](size_t a, size_t b) { return doc.providers()[a] < doc.providers()[b]; });
  bool first_provider = true;
  for (size_t p : providers) {
    if (!first_provider) out += ',';
    first_provider = false;
    text::append_json_quoted(out, doc.providers()[p]);
    out += ":{";
    bool first_key = true;
    for (const KindKey& k : kKeys) {
      std::vector<size_t> idx;
      for (size_t i = 0; i < entries.size(); ++i)
        if (entries[i].provider == p && entries[i].selector.kind == k.kind) idx.push_back(i);
      if (idx.empty()) continue;  // omitempty
      if (!first_key) out += ',';
      first_key = false;
      text::append_json_quoted(out, k.key);
      out += ':';
      if (k.kind == BlockKind::Provider) {
        append_entry_json(out, doc, idx.front());
        continue;
      }
      std::sort(idx.begin(), idx.end(),
                [&](size_t a, size_t b) { return entries[a].selector.name < entries[b].selector.name; });
      out += '{';
      for (size_t n = 0; n < idx.size(); ++n) {
        if (n) out += ',';
        text::append_json_quoted(out, entries[idx[n]].selector.name);
        out += ':';
        append_entry_json(out, doc, idx[n]);
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
