// All six real provider schema documents of tests/data/provider-schemas
// (origins in its README): every block loads and yields its implied type.
//
// Cross-check: for each document, an FNV-1a 64 digest over the lines
// "ADDR\tSELECTOR\tIMPLIED_TYPE_JSON\n" of every block in document order must
// equal the digest computed by an independent Python port of OpenTofu's
// implied-type rules (tests/unit/schema/data/implied_types.py, run over the
// decompressed documents; digests recorded below).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "common/golden.hpp"
#include "schema/schema.hpp"

using namespace dynval;

namespace {

struct Doc {
  const char* file;  // under tests/data/provider-schemas
  size_t providers;
  size_t resources;
  size_t data_sources;
  size_t ephemeral;
  uint64_t digest;
};

const Doc kDocs[] = {
    {"registry.terraform.io_hashicorp_aws_5.99.1.json.zst", 1, 1514, 608, 0, 0x069d847b9603b623ull},
    {"registry.terraform.io_hashicorp_awscc_1.44.0.json.zst", 1, 1142, 2012, 0, 0x508d89a8cb979080ull},
    {"registry.terraform.io_hashicorp_azurerm_4.32.0.json.zst", 1, 1097, 376, 0, 0x59ba40843111e961ull},
    {"registry.terraform.io_hashicorp_google_6.38.0.json.zst", 1, 1060, 357, 0, 0xb29b928ee906762full},
    {"registry.terraform.io_hashicorp_kubernetes_2.37.1.json.zst", 1, 82, 26, 0, 0x90dbaf31e1def9f6ull},
    {"terraform-json_testdata_120_basic_schemas.json.gz", 2, 981, 373, 0, 0xc67e6c7b4807e197ull},
};

// The decompressed document; the loader fails the test when it is missing.
std::string read_doc(const Doc& d) { return dynval::test::read_data(std::string("provider-schemas/") + d.file); }

uint64_t fnv(uint64_t h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

class SchemaDocs : public ::testing::TestWithParam<Doc> {};

}  // namespace

TEST_P(SchemaDocs, EveryBlockLoadsWithItsImpliedType) {
  const Doc& d = GetParam();
  const std::string text = read_doc(d);

  auto t0 = std::chrono::steady_clock::now();
  auto all = load_all_schemas_json(JsonInput{text});
  double all_ms = ms_since(t0);

  size_t providers = 0, resources = 0, data = 0, ephemeral = 0;
  uint64_t h = 0xcbf29ce484222325ull;
  for (const SchemaEntry& e : all) {
    ASSERT_TRUE(e.schema);
    const Type& t = e.schema->implied_type();
    ASSERT_EQ(t.kind(), TypeKind::Object) << e.selector.to_string();
    std::string line = e.provider + "\t" + e.selector.to_string() + "\t" + t.to_json() + "\n";
    h = fnv(h, line);
    switch (e.selector.kind) {
      case BlockKind::Provider: ++providers; break;
      case BlockKind::Resource: ++resources; break;
      case BlockKind::DataSource: ++data; break;
      case BlockKind::EphemeralResource: ++ephemeral; break;
      default: ADD_FAILURE() << "these documents hold no " << e.selector.to_string(); break;
    }
  }
  EXPECT_EQ(providers, d.providers);
  EXPECT_EQ(resources, d.resources);
  EXPECT_EQ(data, d.data_sources);
  EXPECT_EQ(ephemeral, d.ephemeral);
  EXPECT_EQ(h, d.digest) << std::hex << "digest of implied types differs from the Python port: " << h;

  // The listing agrees with the full load.
  auto names = list_schemas_json(JsonInput{text});
  ASSERT_EQ(names.size(), all.size());
  for (size_t i = 0; i < names.size(); ++i) EXPECT_EQ(names[i].selector, all[i].selector);

  // Selecting one block (the last resource: the whole document is walked)
  // gives the same schema as the full load.
  const SchemaEntry* last = nullptr;
  for (const SchemaEntry& e : all)
    if (e.selector.kind == BlockKind::Resource) last = &e;
  ASSERT_NE(last, nullptr);
  t0 = std::chrono::steady_clock::now();
  auto one = load_schema_json(JsonInput{text}, last->selector, last->provider);
  double one_ms = ms_since(t0);
  EXPECT_EQ(*one, *last->schema);
  std::printf("[ timing ] %s: %zu bytes, all %zu blocks %.1f ms, select %s %.1f ms\n", d.file, text.size(),
              all.size(), all_ms, last->selector.to_string().c_str(), one_ms);
}

INSTANTIATE_TEST_SUITE_P(Real, SchemaDocs, ::testing::ValuesIn(kDocs),
                         [](const ::testing::TestParamInfo<Doc>& i) { return "doc" + std::to_string(i.index); });

TEST(SchemaDocsFacts, AwsAndOthers) {
  const std::string aws = read_doc(kDocs[0]);
  auto t0 = std::chrono::steady_clock::now();
  auto inst = load_schema_json(aws, "resource:aws_instance");
  double ms = ms_since(t0);
  std::printf("[ timing ] aws: load+select resource:aws_instance %.1f ms\n", ms);
  const Attribute* ami = inst->block.find_attribute("ami");
  ASSERT_NE(ami, nullptr);
  ASSERT_TRUE(ami->type);
  EXPECT_EQ(*ami->type, Type::string());
  EXPECT_TRUE(ami->optional && ami->computed);
  const NestedBlock* ebs = inst->block.find_block("ebs_block_device");
  ASSERT_NE(ebs, nullptr);
  EXPECT_EQ(ebs->nesting, NestingMode::Set);
  EXPECT_EQ(ebs->implied_type.kind(), TypeKind::Set);
  const Attribute* tags = inst->block.find_attribute("tags");
  ASSERT_NE(tags, nullptr);
  EXPECT_EQ(tags->type->to_json(), R"(["map","string"])");
  size_t idx = inst->implied_type().attr_index("ebs_block_device");
  ASSERT_NE(idx, SIZE_MAX);
  EXPECT_EQ(inst->implied_type().attr_type(idx), ebs->implied_type);

  auto prov = load_schema_json(aws, "provider");
  EXPECT_NE(prov->block.find_attribute("region"), nullptr);
  auto ami_ds = load_schema_json(aws, "data:aws_ami", "registry.terraform.io/hashicorp/aws");
  EXPECT_NE(ami_ds->block.find_attribute("owners"), nullptr);

  const std::string k8s = read_doc(kDocs[4]);
  auto m = load_schema_json(k8s, "resource:kubernetes_manifest");
  EXPECT_EQ(*m->block.find_attribute("manifest")->type, Type::dynamic());
  EXPECT_TRUE(m->implied_type().has_dynamic());
  // awscc is all protocol-6 nested attributes.
  auto all = load_all_schemas_json(JsonInput{read_doc(kDocs[1])});
  size_t nested = 0;
  for (auto& e : all)
    for (auto& a : e.schema->block.attributes) nested += a.nested_type.has_value();
  EXPECT_GT(nested, 1000u);
}
