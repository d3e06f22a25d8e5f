// `dynval schema`: schema documents printed back from their loaded schemas.
#pragma once

#include <string>

#include "schema/schema.hpp"

namespace dynval::cli {

// Schema i of a document in its `providers schema -json` form, built from the
// loaded schema: {"version":N,"block":{...}} for blocks, {"block":{...}} for
// actions, {"version":N,"attributes":{...}} for identity schemas. Throws the
// schema's load error.
void append_entry_json(std::string& out, const SchemaDocument& doc, size_t i);

// The whole document rebuilt from every schema it holds, in the layout
// Terraform writes (format_version, provider_schemas; per provider the keys
// in Terraform's order, names sorted). Keys that hold no schemas
// ("functions", unknown keys) are not written.
void append_document_json(std::string& out, const SchemaDocument& doc);

// One line per schema: "SELECTOR", or "ADDR SELECTOR" when with_provider.
void append_listing(std::string& out, const SchemaDocument& doc, bool with_provider);

}  // namespace dynval::cli
