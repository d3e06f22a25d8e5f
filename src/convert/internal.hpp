// Private to src/convert: the conversion plans shared by convert.cpp,
// unify.cpp and mismatch.cpp.
#pragma once

#include <functional>

#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::convert::detail {

// go-cty's internal `conversion`: applies a planned conversion to a value
// of the planned input type; `path` is where that value sits (errors carry
// it). Empty = no conversion (nil in go-cty).
using Conv = std::function<Value(const Value&, Path&)>;

// getConversion(in, out, unsafe).
Conv get_conversion(const Type& in, const Type& out, bool unsafe);

// dynamicReplace(in, out).
Type dynamic_replace(const Type& in, const Type& out);

}  // namespace dynval::convert::detail
