// What the files of src/plan share and nothing else needs: internal to the
// plan layer.
#pragma once

#include "schema/schema.hpp"
#include "values/value.hpp"

namespace dynval::plan {

// Checks that `v` conforms to the schema's implied type, as every objchange
// function assumes (OpenTofu panics, or computes garbage, where it does
// not), including the element types of LIST and MAP blocks with dynamic
// content, which the implied type leaves dynamic. Throws
// Error(Status::TypeMismatch) naming `what` ("prior", "config", ...) with
// the path of the first difference.
void check_conforms(const char* what, const Block& schema, const Value& v);

}  // namespace dynval::plan
