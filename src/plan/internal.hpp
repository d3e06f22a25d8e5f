// What the files of src/plan share and nothing else needs: internal to the
// plan layer.
#pragma once

#include <string>
#include <utility>

#include "schema/schema.hpp"
#include "support/error.hpp"
#include "values/value.hpp"

namespace dynval::plan {

// Checks that `v` conforms to the schema's implied type, as every objchange
// function assumes (OpenTofu panics, or computes garbage, where it does
// not), including the element types of LIST and MAP blocks with dynamic
// content, which the implied type leaves dynamic. Throws
// Error(Status::TypeMismatch) naming `what` ("prior", "config", ...) with
// the path of the first difference.
void check_conforms(const char* what, const Block& schema, const Value& v);

// Status::TypeMismatch with `msg` at `path`: where OpenTofu panics.
inline Error mismatch(std::string msg, const Path& path) {
  return Error(Status::TypeMismatch, std::move(msg), path);
}

// objchange's unrefinedValue (plan_valid.go): every unknown, at any depth,
// without its refinements (a wholly known value is returned as it is).
Value unrefined(const Value& v);

// unrefinedValue(a).RawEquals(unrefinedValue(b)), without building either
// when it is not needed: raw-equal values stay raw-equal once unrefined,
// and a wholly known value is its own unrefined value.
bool unrefined_equals(const Value& a, const Value& b);

// cty Value.GetAttr: an attribute of an unknown object is an unknown of its
// type; anything of the dynamic type gives DynamicVal. Throws
// Status::TypeMismatch at `at` where go-cty panics (not an object, no such
// attribute, a null object).
Value cty_get_attr(const Value& v, const std::string& name, const Path& at);

// cty Value.Index(cty.NumberIntVal(i)) on a list, a tuple or DynamicVal: an
// element of an unknown is an unknown of its type. Throws
// Status::TypeMismatch at `at` where go-cty panics (another kind, a null
// value, an index out of range).
Value cty_index(const Value& v, size_t i, const Path& at);

}  // namespace dynval::plan
