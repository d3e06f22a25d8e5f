// gocty_set_check: reads the blocks printed by gen_sets.go (go-cty v1.18.1)
// on stdin, rebuilds every set with dynval::Value::set from its input
// elements and compares the element order (and which duplicate survived)
// with go-cty's. Exit status 0 when all sets match, 1 otherwise.
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "number/number.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

using dynval::Number;
using dynval::Type;
using dynval::TypeKind;
using dynval::Value;

namespace {

struct ParseError {
  std::string what;
};

bool is_delim(char c) { return c == ',' || c == ']' || c == '}' || c == ' ' || c == '='; }

std::string_view take_token(std::string_view& in) {
  size_t i = 0;
  while (i < in.size() && !is_delim(in[i])) ++i;
  std::string_view t = in.substr(0, i);
  in.remove_prefix(i);
  return t;
}

std::string unhex(std::string_view h) {
  if (h.size() % 2 != 0) throw ParseError{"odd hex"};
  std::string out;
  out.reserve(h.size() / 2);
  auto nib = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw ParseError{"bad hex digit"};
  };
  for (size_t i = 0; i < h.size(); i += 2) out.push_back(static_cast<char>(nib(h[i]) * 16 + nib(h[i + 1])));
  return out;
}

void expect(std::string_view& in, char c) {
  if (in.empty() || in[0] != c) throw ParseError{std::string("expected '") + c + "'"};
  in.remove_prefix(1);
}

Value parse_value(std::string_view& in, const Type& t);

std::vector<Value> parse_seq(std::string_view& in, const Type& t) {
  std::vector<Value> out;
  expect(in, '[');
  size_t i = 0;
  while (!in.empty() && in[0] != ']') {
    if (i > 0) expect(in, ',');
    Type et = t.kind() == TypeKind::Tuple ? t.tuple_elem(i) : t.element();
    out.push_back(parse_value(in, et));
    ++i;
  }
  expect(in, ']');
  return out;
}

std::vector<std::pair<std::string, Value>> parse_entries(std::string_view& in, const Type& t) {
  std::vector<std::pair<std::string, Value>> out;
  expect(in, '{');
  while (!in.empty() && in[0] != '}') {
    if (!out.empty()) expect(in, ',');
    std::string key = unhex(take_token(in));
    expect(in, '=');
    Type et;
    if (t.kind() == TypeKind::Object) {
      size_t idx = t.attr_index(key);
      if (idx == SIZE_MAX) throw ParseError{"unknown attribute"};
      et = t.attr_type(idx);
    } else {
      et = t.element();
    }
    Value v = parse_value(in, et);
    out.emplace_back(std::move(key), std::move(v));
  }
  expect(in, '}');
  return out;
}

Value parse_value(std::string_view& in, const Type& t) {
  if (in.empty()) throw ParseError{"unexpected end"};
  char c = in[0];
  if (c == 'n' || c == 'u' || c == 'U') {
    in.remove_prefix(1);
    if (c == 'n') return Value::null(t);
    if (c == 'u') return Value::unknown(t);
    dynval::Refinements r;
    r.not_null = true;
    return Value::unknown_refined(t, r);
  }
  switch (t.kind()) {
    case TypeKind::String:
      expect(in, 's');
      return Value::string(unhex(take_token(in)));
    case TypeKind::Bool:
      in.remove_prefix(1);
      if (c == 'T') return Value::boolean(true);
      if (c == 'F') return Value::boolean(false);
      throw ParseError{"bad bool"};
    case TypeKind::Number: {
      in.remove_prefix(1);
      std::string tok(take_token(in));
      switch (c) {
        case 'i':
          return Value::number(Number::from_int64(std::stoll(tok)));
        case 'w':
          return Value::number(Number::from_uint64(std::stoull(tok)));
        case 'f':
          return Value::number(Number::from_double(std::bit_cast<double>(std::stoull(tok, nullptr, 16))));
        case 'p': {
          auto n = Number::parse(tok);
          if (!n) throw ParseError{"Number::parse rejected " + tok};
          return Value::number(*n);
        }
        default:
          throw ParseError{"bad number"};
      }
    }
    case TypeKind::List:
      return Value::list(t.element(), parse_seq(in, t));
    case TypeKind::Set:
      return Value::set(t.element(), parse_seq(in, t));
    case TypeKind::Tuple:
      return Value::tuple(parse_seq(in, t));
    case TypeKind::Map:
      return Value::map(t.element(), parse_entries(in, t));
    case TypeKind::Object: {
      auto entries = parse_entries(in, t);
      std::vector<Value> vals(t.attr_count());
      for (auto& e : entries) vals[t.attr_index(e.first)] = std::move(e.second);
      return Value::object_typed(t, std::move(vals));
    }
    default:
      throw ParseError{"unsupported type"};
  }
}

void hex_append(std::string& out, std::string_view s) {
  static const char* d = "0123456789abcdef";
  for (unsigned char c : s) {
    out.push_back(d[c >> 4]);
    out.push_back(d[c & 15]);
  }
}

void encode(std::string& out, const Value& v) {
  if (v.is_null()) {
    out.push_back('n');
    return;
  }
  if (!v.is_known()) {
    out.push_back(v.refinements().not_null ? 'U' : 'u');
    return;
  }
  switch (v.type().kind()) {
    case TypeKind::String:
      out.push_back('s');
      hex_append(out, v.as_string());
      return;
    case TypeKind::Number:
      out += "N" + std::to_string(v.as_number().precision()) + ":" + v.as_number().text();
      return;
    case TypeKind::Bool:
      out.push_back(v.as_bool() ? 'T' : 'F');
      return;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Tuple:
      out.push_back('[');
      for (size_t i = 0; i < v.length(); ++i) {
        if (i > 0) out.push_back(',');
        encode(out, v.at(i));
      }
      out.push_back(']');
      return;
    case TypeKind::Map:
    case TypeKind::Object:
      out.push_back('{');
      for (size_t i = 0; i < v.length(); ++i) {
        if (i > 0) out.push_back(',');
        hex_append(out, v.type().kind() == TypeKind::Map ? v.key_at(i) : v.type().attr_name(i));
        out.push_back('=');
        encode(out, v.at(i));
      }
      out.push_back('}');
      return;
    default:
      out.push_back('?');
  }
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::string tline, iline, oline;
  size_t cases = 0, failures = 0, errors = 0;
  while (std::getline(std::cin, tline)) {
    if (tline.empty()) continue;
    if (!std::getline(std::cin, iline) || !std::getline(std::cin, oline) || tline.rfind("T ", 0) != 0 ||
        iline.rfind("I ", 0) != 0 || oline.rfind("O ", 0) != 0) {
      std::cerr << "malformed input near case " << cases << "\n";
      return 2;
    }
    ++cases;
    std::string got;
    try {
      Type st = Type::from_json(std::string_view(tline).substr(2));
      std::string_view in = std::string_view(iline).substr(2);
      std::vector<Value> elems;
      while (!in.empty()) {
        if (!elems.empty()) expect(in, ' ');
        elems.push_back(parse_value(in, st.element()));
      }
      Value s = Value::set(st.element(), std::move(elems));
      for (size_t i = 0; i < s.length(); ++i) {
        if (i > 0) got.push_back(' ');
        encode(got, s.at(i));
      }
    } catch (const ParseError& e) {
      ++errors;
      std::cerr << "case " << cases << ": parse error: " << e.what << "\n  " << tline << "\n  " << iline << "\n";
      continue;
    } catch (const dynval::Error& e) {
      ++errors;
      std::cerr << "case " << cases << ": dynval error: " << e.message() << "\n  " << tline << "\n  " << iline
                << "\n";
      continue;
    }
    if (got != std::string_view(oline).substr(2)) {
      ++failures;
      if (failures <= 20) {
        std::cerr << "case " << cases << ": order differs\n  " << tline << "\n  " << iline << "\n  go-cty: "
                  << oline.substr(2) << "\n  dynval: " << got << "\n";
      }
    }
  }
  std::cout << cases << " sets checked, " << failures << " differ, " << errors << " errors\n";
  return (failures == 0 && errors == 0 && cases > 0) ? 0 : 1;
}
