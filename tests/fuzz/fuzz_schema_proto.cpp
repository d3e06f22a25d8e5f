// Fuzz target: the plugin protocol's protobuf messages that libdynval
// reads itself: tfplugin5 / tfplugin6 `Schema`, `ResourceIdentitySchema`
// and `AttributePath`.
// Input: one byte selecting the protocol (low bit: 0 = v5, 1 = v6), then
// the message. Checks: decoding it as any of the messages returns a schema
// (a path) or a well-formed error; a decoded schema encodes and decodes
// back to an equal schema with the same bytes, in the same protocol; a
// decoded path, whose steps are never set elements, likewise.
#include <span>

#include "fuzz_common.hpp"
#include "schema/schema.hpp"
#include "values/path.hpp"

using namespace dynval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return -1;
  int proto = (data[0] & 1) ? 6 : 5;
  std::string_view in(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    SchemaPtr s = load_schema_proto(in, proto);
    (void)s->implied_type().to_json();
    std::string bytes = encode_schema_proto(*s, proto);
    SchemaPtr back = load_schema_proto(bytes, proto);
    FUZZ_CHECK(*back == *s, "protobuf v%d round trip changed the schema", proto);
    FUZZ_CHECK(encode_schema_proto(*back, proto) == bytes, "protobuf v%d bytes changed", proto);
  } catch (const Error& e) {
    fuzz::check_error(e, in.size());
  }
  try {
    IdentitySchemaPtr s = load_identity_proto(in, proto);
    (void)s->implied_type.to_json();
    std::string bytes = encode_identity_proto(*s, proto);
    IdentitySchemaPtr back = load_identity_proto(bytes, proto);
    FUZZ_CHECK(*back == *s, "identity protobuf v%d round trip changed the schema", proto);
    FUZZ_CHECK(encode_identity_proto(*back, proto) == bytes, "identity protobuf v%d bytes changed", proto);
  } catch (const Error& e) {
    fuzz::check_error(e, in.size());
  }
  try {
    Path p = decode_attribute_path(std::span<const uint8_t>(data + 1, size - 1));
    FUZZ_CHECK(p.size() <= limits::kMaxAttributePathSteps, "attribute path of %zu steps", p.size());
    std::string bytes = encode_attribute_path(p);
    Path back = decode_attribute_path(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
    FUZZ_CHECK(back == p, "attribute path round trip changed %s to %s", path_string(p).c_str(), path_string(back).c_str());
    FUZZ_CHECK(encode_attribute_path(back) == bytes, "attribute path bytes changed");
  } catch (const Error& e) {
    fuzz::check_error(e, in.size());
  }
  return 0;
}
