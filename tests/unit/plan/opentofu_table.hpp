// Reading the rows of OpenTofu's own objchange test tables, dumped into
// tests/data/opentofu-*.jsonl by scripts/objchange-oracle.sh: one JSON
// object per line, with the row's "name", its schema as a `providers
// schema -json` "block" and its values as MessagePack by the block's
// implied type in hex, or {"name":..., "skip": why} for a row that has no
// MessagePack form.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "codec/codec.hpp"
#include "common/golden.hpp"
#include "common/hex.hpp"
#include "schema/schema.hpp"
#include "values/value.hpp"

namespace dynval::test {

struct TableCounts {
  size_t rows = 0;                      // every line
  std::vector<std::string> skipped;     // rows without a MessagePack form
  std::vector<std::string> refused;     // "name: message" of schemas Schema::make refuses
};

// One row: its schema and a decoder of its hex values by the implied type.
struct TableRow {
  std::string name;
  simdjson::dom::element json;
  const Block& block;
  const Type& type;
  Value value(const char* field) const { return codec::msgpack_decode(unhex(std::string_view(json[field])), type); }
};

// Calls fn for each row of `file` whose schema loads (under a SCOPED_TRACE
// of its name); counts the rest.
inline TableCounts for_each_table_row(const char* file, const std::function<void(const TableRow&)>& fn) {
  const std::string text = read_data(file);
  simdjson::dom::parser parser;
  TableCounts counts;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.empty()) continue;
    ++counts.rows;
    simdjson::dom::element row = parser.parse(line);
    const std::string name{std::string_view(row["name"])};
    simdjson::dom::element skip;
    if (row["skip"].get(skip) == simdjson::SUCCESS) {
      counts.skipped.push_back(name);
      continue;
    }
    SCOPED_TRACE(name);
    SchemaPtr schema;
    try {
      schema = load_block_json(simdjson::minify(row["block"]));
    } catch (const Error& e) {
      // A schema OpenTofu's InternalValidate would refuse too.
      EXPECT_EQ(e.status(), Status::Schema);
      counts.refused.push_back(name + ": " + e.message());
      continue;
    }
    fn(TableRow{name, row, schema->block, schema->implied_type()});
  }
  return counts;
}

}  // namespace dynval::test
