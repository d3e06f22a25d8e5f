#include "support/limits.hpp"

#include <string>

namespace dynval::limits {

namespace {

std::string n(size_t v) { return std::to_string(v); }

Error limit(std::string msg, size_t offset = kNoOffset) { return Error(Status::Limit, std::move(msg), {}, offset); }

}  // namespace

Error depth(size_t max, size_t offset) { return limit("nesting depth exceeds the limit of " + n(max), offset); }

Error type_depth(size_t max, size_t offset) {
  return limit("type description nesting depth exceeds the limit of " + n(max), offset);
}

Error value_depth(size_t max) { return limit("value nesting depth exceeds the limit of " + n(max)); }

Error type_construction_depth(size_t max) { return limit("type nesting depth exceeds the limit of " + n(max)); }

Error input_size(size_t size, size_t max) {
  return limit("input of " + n(size) + " bytes exceeds the limit of " + n(max) + " bytes", 0);
}

Error set_pairing(size_t max) {
  return limit("pairing configured set elements with prior ones takes more than " + n(max) +
               " steps (the limit)");
}

Error set_correlation(size_t max) {
  return limit("correlating planned set elements with actual ones takes more than " + n(max) +
               " steps (the limit)");
}

Error elements(size_t max, size_t offset) {
  return limit("document has more than " + n(max) + " elements (the limit)", offset);
}

Error string_length(size_t length, size_t max, size_t offset) {
  return limit("string of " + n(length) + " bytes exceeds the limit of " + n(max) + " bytes", offset);
}

Error number_text(size_t length, size_t max, size_t offset) {
  return limit("number of " + n(length) + " characters exceeds the limit of " + n(max) + " characters", offset);
}

Error number_digits(size_t max, size_t offset) {
  return limit("number would print as more than " + n(max) + " characters (the limit)", offset);
}

Error document_digits(size_t budget, size_t offset) {
  return limit("numbers in this document would print as more than " + n(budget) +
                   " characters beyond their input (the limit)",
               offset);
}

Error synthesized_elements(size_t budget, size_t offset) {
  return limit("unknown lists of known length would expand to more than " + n(budget) +
                   " elements in this document (the limit)",
               offset);
}

Error refinement_payload(size_t /*length*/, size_t /*max*/, size_t offset) {
  return limit("oversize unknown value refinement", offset);  // go-cty's words, checked by the UM vectors
}

Error collection_size(size_t count, size_t max) {
  return limit("collection of " + n(count) + " elements exceeds the limit of " + n(max) + " elements");
}

Error output_size(size_t max) { return limit("output would exceed the limit of " + n(max) + " bytes"); }

Error schema_depth(size_t max, size_t offset) {
  return limit("schema nesting depth exceeds the limit of " + n(max), offset);
}

Error message_depth(size_t max, size_t offset) {
  return limit("protobuf message nesting depth exceeds the limit of " + n(max), offset);
}

Error attribute_path_steps(size_t max, size_t offset) {
  return limit("attribute path has more than " + n(max) + " steps (the limit)", offset);
}

Error flatmap_elements(std::string_view quoted_key, uint64_t count, size_t budget) {
  return limit("count value for " + std::string(quoted_key) + " in state (" + std::to_string(count) +
               ") would make the state's lists hold more than " + n(budget) +
               " elements that it has no entries for (the limit)");
}

}  // namespace dynval::limits
