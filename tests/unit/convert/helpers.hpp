// Builders shared by the convert unit tests: values are written as JSON by a
// type JSON, results compared as (type JSON, JSON by that type).
#pragma once

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "codec/codec.hpp"
#include "convert/convert.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace cvtest {

using namespace dynval;

inline Type T(std::string_view json) { return Type::from_json(json); }
inline Value V(std::string_view json, std::string_view type_json) { return codec::json_decode(json, T(type_json)); }

inline std::string J(const Value& v) {
  std::string out;
  codec::json_encode(out, v, v.type());
  return out;
}

// Converts and renders "TYPE JSON" or "error: MESSAGE at PATH".
inline std::string conv(const Value& v, std::string_view want, bool unsafe = true) {
  try {
    Value r = convert::convert(v, T(want), unsafe);
    if (!r.is_known()) return r.type().to_json() + " unknown";
    return r.type().to_json() + " " + J(r);
  } catch (const Error& e) {
    return "error: " + e.message() + (e.path().empty() ? "" : " at " + path_string(e.path()));
  }
}

}  // namespace cvtest
