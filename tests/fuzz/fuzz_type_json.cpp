// Fuzz target: type-constraint JSON (cty's type JSON, `Type::from_json`).
// Checks: parsing returns a type or a well-formed error; a parsed type
// prints as JSON that parses back to an equal type and prints identically.
#include "fuzz_common.hpp"

using namespace dynval;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  Type t;
  try {
    t = Type::from_json(in);
  } catch (const Error& e) {
    fuzz::check_error(e, size);
    return 0;
  }
  std::string json = t.to_json();
  Type back = Type::from_json(json);
  FUZZ_CHECK(back == t, "%s", json.c_str());
  FUZZ_CHECK(back.to_json() == json, "%s", json.c_str());
  FUZZ_CHECK(back.hash() == t.hash());
  (void)t.friendly_name();
  (void)t.without_optional();
  return 0;
}
