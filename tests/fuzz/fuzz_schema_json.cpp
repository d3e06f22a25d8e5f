// Fuzz target: `providers schema -json` documents and single block JSON.
// Checks: listing and loading return schemas or well-formed errors; the
// listing, the one-pass loader and the document handle agree on the schema
// names; every loaded schema has an implied type, survives protobuf v6 (and
// v5 where v5 can express it) encoding and decoding unchanged, and is read
// back unchanged from the JSON it is written as.
#include "fuzz_common.hpp"
#include "schema/schema.hpp"

using namespace dynval;

namespace {

void check_schema(const Schema& s) {
  (void)s.implied_type().to_json();
  for (int proto : {5, 6}) {
    std::string bytes;
    try {
      bytes = encode_schema_proto(s, proto);
    } catch (const Error& e) {
      FUZZ_CHECK(proto == 5 && e.status() == Status::Unsupported, "v%d: %s", proto, e.message().c_str());
      continue;
    }
    SchemaPtr back = load_schema_proto(bytes, proto);
    FUZZ_CHECK(*back == s, "protobuf v%d round trip changed the schema", proto);
    FUZZ_CHECK(encode_schema_proto(*back, proto) == bytes, "protobuf v%d bytes changed", proto);
  }
  std::string json;
  append_block_json(json, s.block);
  SchemaPtr back = load_block_json(json, s.version);
  FUZZ_CHECK(*back == s, "JSON round trip changed the schema");
}

void check_identity(const IdentitySchema& s) {
  (void)s.implied_type.to_json();
  std::string bytes = encode_identity_proto(s, 6);
  IdentitySchemaPtr back = load_identity_proto(bytes, 5);
  FUZZ_CHECK(*back == s, "identity protobuf round trip changed the schema");
  std::string json;
  append_identity_json(json, s);
  FUZZ_CHECK(*load_identity_json(json) == s, "identity JSON round trip changed the schema");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  std::vector<SchemaListing> listing;
  bool listed = false;
  try {
    listing = list_schemas_json({in, size});
    listed = true;
  } catch (const Error& e) {
    fuzz::check_error(e, size);
  }
  try {
    std::vector<SchemaEntry> all = load_all_schemas_json({in, size});
    FUZZ_CHECK(listed, "loaded a document that could not be listed");
    std::vector<SchemaListing> blocks;
    for (const auto& l : listing)
      if (l.selector.kind != BlockKind::Identity) blocks.push_back(l);
    FUZZ_CHECK(all.size() == blocks.size(), "%zu blocks loaded, %zu listed", all.size(), blocks.size());
    for (size_t i = 0; i < all.size(); ++i) {
      FUZZ_CHECK(all[i].provider == blocks[i].provider && all[i].selector == blocks[i].selector,
                 "block %zu is listed differently", i);
      check_schema(*all[i].schema);
    }
    // The document handle lists the same and builds the same.
    SchemaDocumentPtr doc = SchemaDocument::parse(in);
    FUZZ_CHECK(doc->entries().size() == listing.size(), "the document handle lists %zu schemas, not %zu",
               doc->entries().size(), listing.size());
    for (size_t i = 0, b = 0; i < listing.size(); ++i) {
      const auto& e = doc->entries()[i];
      FUZZ_CHECK(doc->providers()[e.provider] == listing[i].provider && e.selector == listing[i].selector,
                 "the document handle lists schema %zu differently", i);
      if (e.selector.kind == BlockKind::Identity) {
        try {
          check_identity(*doc->identity(i));
        } catch (const Error& err) {
          fuzz::check_error(err, size);
        }
      } else {
        FUZZ_CHECK(*doc->schema(i) == *all[b++].schema, "the document handle built schema %zu differently", i);
      }
    }
    if (!all.empty()) {
      // Selecting one block gives the same schema as the one-pass loader.
      SchemaPtr one = load_schema_json({in, size}, all.back().selector, all.back().provider);
      FUZZ_CHECK(*one == *all.back().schema, "selecting the last block built it differently");
    }
  } catch (const Error& e) {
    fuzz::check_error(e, size);
  }
  try {
    check_schema(*load_block_json(in, 1));
  } catch (const Error& e) {
    fuzz::check_error(e, size);
  }
  try {
    check_identity(*load_identity_json(in));
  } catch (const Error& e) {
    fuzz::check_error(e, size);
  }
  return 0;
}
