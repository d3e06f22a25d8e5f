// Fuzz target: `providers schema -json` documents and single block JSON.
// Checks: listing and loading return schemas or well-formed errors; the
// listing and the one-pass loader agree on the block names; every loaded
// schema has an implied type and survives protobuf v6 (and v5 where v5 can
// express it) encoding and decoding unchanged.
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
    FUZZ_CHECK(all.size() == listing.size(), "%zu blocks loaded, %zu listed", all.size(), listing.size());
    for (size_t i = 0; i < all.size(); ++i) {
      FUZZ_CHECK(all[i].provider == listing[i].provider && all[i].selector == listing[i].selector);
      check_schema(*all[i].schema);
    }
    if (!all.empty()) {
      // Selecting one block gives the same schema as the one-pass loader.
      SchemaPtr one = load_schema_json({in, size}, all.back().selector, all.back().provider);
      FUZZ_CHECK(*one == *all.back().schema);
    }
  } catch (const Error& e) {
    fuzz::check_error(e, size);
  }
  try {
    check_schema(*load_block_json(in, 1));
  } catch (const Error& e) {
    fuzz::check_error(e, size);
  }
  return 0;
}
