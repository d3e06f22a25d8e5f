// Every schema of the six real provider schema documents in
// tests/data/provider-schemas, loaded through SchemaDocument and written back
// (append_schema_json), is byte for byte the JSON object it was loaded from:
// the model holds everything a `providers schema -json` document says, and
// the writer says it as Terraform does. The CLI test checks the same through
// `dynval schema`.
#include <gtest/gtest.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "common/golden.hpp"
#include "schema/schema.hpp"

using namespace dynval;

namespace {

struct Doc {
  const char* file;
  size_t schemas;  // every entry of the document
};

const Doc kDocs[] = {
    {"registry.terraform.io_hashicorp_aws_5.99.1.json.zst", 2123},
    {"registry.terraform.io_hashicorp_awscc_1.44.0.json.zst", 3155},
    {"registry.terraform.io_hashicorp_azurerm_4.32.0.json.zst", 1474},
    {"registry.terraform.io_hashicorp_google_6.38.0.json.zst", 1418},
    {"registry.terraform.io_hashicorp_kubernetes_2.37.1.json.zst", 109},
    {"terraform-json_testdata_120_basic_schemas.json.gz", 1356},
};

// tests/data/provider-schemas/<file>, decompressed; throws when missing.
std::string read_doc(const std::string& file) { return dynval::test::read_data("provider-schemas/" + file); }

class SchemaRoundTrip : public ::testing::TestWithParam<Doc> {};

}  // namespace

TEST_P(SchemaRoundTrip, EverySchemaIsWrittenBackAsItsBytes) {
  const Doc& d = GetParam();
  SchemaDocumentPtr doc = SchemaDocument::parse(read_doc(d.file));
  size_t same = 0;
  std::string out;
  for (size_t i = 0; i < doc->entries().size(); ++i) {
    const auto& e = doc->entries()[i];
    out.clear();
    switch (e.selector.kind) {
      case BlockKind::Identity: append_identity_json(out, *doc->identity(i)); break;
      case BlockKind::Action: append_schema_json(out, *doc->schema(i), false); break;
      default: append_schema_json(out, *doc->schema(i)); break;
    }
    std::string_view in = doc->text().substr(e.offset, e.length);
    if (out == in) {
      ++same;
    } else {
      size_t k = 0;
      while (k < out.size() && k < in.size() && out[k] == in[k]) ++k;
      size_t from = k > 80 ? k - 80 : 0;
      ADD_FAILURE() << e.selector_text << " differs at byte " << k << "\n in:  " << in.substr(from, 200)
                    << "\n out: " << std::string_view(out).substr(from, 200);
    }
  }
  EXPECT_EQ(doc->entries().size(), d.schemas);
  EXPECT_EQ(same, d.schemas);
  std::printf("[ schemas ] %s: %zu of %zu written back byte for byte\n", d.file, same, doc->entries().size());
}

INSTANTIATE_TEST_SUITE_P(Real, SchemaRoundTrip, ::testing::ValuesIn(kDocs),
                         [](const ::testing::TestParamInfo<Doc>& i) { return "doc" + std::to_string(i.index); });
