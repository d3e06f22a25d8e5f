// Small builders shared by the values unit tests.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "number/number.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dvtest {

using dynval::Number;
using dynval::Type;
using dynval::Value;

inline Value S(std::string_view s) { return Value::string(s); }
inline Value I(int64_t i) { return Value::number(Number::from_int64(i)); }
inline Value F(double d) { return Value::number(Number::from_double(d)); }
inline Value P(std::string_view text) {  // ParseNumberVal, 512 bits
  auto n = Number::parse(text);
  if (!n) throw std::runtime_error("bad number " + std::string(text));
  return Value::number(*n);
}
inline Value B(bool b) { return Value::boolean(b); }
inline Type TS() { return Type::string(); }
inline Type TN() { return Type::number(); }
inline Type TB() { return Type::boolean(); }

inline Value list_of(const Type& t, std::vector<Value> v) { return Value::list(t, std::move(v)); }
inline Value set_of(const Type& t, std::vector<Value> v) { return Value::set(t, std::move(v)); }

inline Value unk_notnull(const Type& t) {
  dynval::Refinements r;
  r.not_null = true;
  return Value::unknown_refined(t, r);
}

inline Value obj(std::vector<std::pair<std::string, Value>> attrs) {
  return Value::object(std::move(attrs));
}

}  // namespace dvtest
