// convert.MismatchMessage: go-cty cty/convert mismatch_msg.go, the English
// reason a value of one type does not convert to another. Attributes are
// examined in sorted order where go-cty walks a Go map (so when several
// attributes mismatch, ours reports the first by name).
#include <algorithm>
#include <string>
#include <vector>

#include "convert/convert.hpp"
#include "convert/internal.hpp"
#include "text/text.hpp"

namespace dynval::convert {
namespace {

// Type.FriendlyName (constraint = false) and FriendlyNameForConstraint.
std::string friendly(const Type& t, bool constraint) {
  switch (t.kind()) {
    case TypeKind::Bool: return "bool";
    case TypeKind::Number: return "number";
    case TypeKind::String: return "string";
    case TypeKind::Dynamic: return constraint ? "any type" : "dynamic";
    case TypeKind::Object: return "object";
    case TypeKind::Tuple: return "tuple";
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: {
      const Type e = t.element();
      std::string name = constraint && e.is_dynamic() ? "any single type" : friendly(e, constraint);
      const char* kind = t.kind() == TypeKind::List ? "list of " : t.kind() == TypeKind::Set ? "set of " : "map of ";
      return kind + name;
    }
  }
  return "invalid type";
}

using detail::Planner;

bool has_conversion(const Type& from, const Type& to, bool unsafe, Planner& p) {
  return bool(p.get_conversion(from, to, unsafe));
}

std::string message(const Type& got, const Type& want, Planner& p, bool but_have);

std::string objects(const Type& got, const Type& want, Planner& p, bool but_have) {
  std::vector<std::string> missing;
  std::string unsafe_attr, safe_attr;
  for (size_t i = 0; i < want.attr_count(); ++i) {
    const std::string_view name = want.attr_name(i);
    const Type want_aty = want.attr_type(i);
    const size_t j = got.attr_index(name);
    if (j == SIZE_MAX) {
      if (!want.attr_optional(i)) missing.emplace_back(name);
      continue;
    }
    const Type got_aty = got.attr_type(j);
    if (got_aty == want_aty) continue;
    if (!unsafe_attr.empty()) continue;
    if (!has_conversion(got_aty, want_aty, true, p)) {
      unsafe_attr = "attribute " + text::go_quoted(name) + ": " + message(got_aty, want_aty, p, but_have);
    }
    if (!safe_attr.empty()) continue;
    if (!has_conversion(got_aty, want_aty, false, p)) {
      safe_attr = "attribute " + text::go_quoted(name) + ": " + message(got_aty, want_aty, p, but_have);
    }
  }
  if (!missing.empty()) {
    std::sort(missing.begin(), missing.end());
    if (missing.size() == 1) return "attribute " + text::go_quoted(missing[0]) + " is required";
    if (missing.size() == 2) {
      return "attributes " + text::go_quoted(missing[0]) + " and " + text::go_quoted(missing[1]) + " are required";
    }
    std::string buf;
    for (size_t i = 0; i + 1 < missing.size(); ++i) buf += text::go_quoted(missing[i]) + ", ";
    buf += "and " + text::go_quoted(missing.back());
    return "attributes " + buf + " are required";
  }
  if (!unsafe_attr.empty()) return unsafe_attr;
  if (!safe_attr.empty()) return safe_attr;
  return "incorrect object attributes";
}

std::string collections_from_structural(const Type& got, const Type& want, Planner& p, bool but_have) {
  const TypeKind wk = want.kind(), gk = got.kind();
  if ((wk == TypeKind::List || wk == TypeKind::Set) && gk != TypeKind::Tuple) return friendly(want, true) + " required";
  if (wk == TypeKind::Map && gk != TypeKind::Object) return friendly(want, true) + " required";
  const Type wety = want.element();
  if (gk == TypeKind::Tuple) {
    for (size_t i = 0; i < got.tuple_size(); ++i) {
      const Type gety = got.tuple_elem(i);
      if (gety == wety) continue;
      if (has_conversion(gety, wety, true, p)) continue;
      return "element " + std::to_string(i) + ": " + message(gety, wety, p, but_have);
    }
    return "all elements must be " + friendly(wety, true);
  }
  if (gk == TypeKind::Object) {
    for (size_t i = 0; i < got.attr_count(); ++i) {
      const Type gaty = got.attr_type(i);
      if (gaty == wety) continue;
      if (has_conversion(gaty, wety, true, p)) continue;
      return "element " + text::go_quoted(got.attr_name(i)) + ": " + message(gaty, wety, p, but_have);
    }
    return "all elements must be " + friendly(wety, true);
  }
  return friendly(want, true) + " required";
}

std::string collections_from_collections(const Type& got, const Type& want, Planner& p, bool but_have) {
  const TypeKind wk = want.kind(), gk = got.kind();
  const bool got_seq = gk == TypeKind::List || gk == TypeKind::Set;
  if ((wk == TypeKind::List || wk == TypeKind::Set) && !got_seq) return friendly(want, true) + " required";
  if (wk == TypeKind::Map && gk != TypeKind::Map) return friendly(want, true) + " required";
  const char* noun = wk == TypeKind::List ? "list element type" : wk == TypeKind::Set ? "set element type" : "map element type";
  return std::string("incorrect ") + noun + ": " + message(got.element(), want.element(), p, but_have);
}

bool likely_confusing(const Type& got, const Type& want) {
  if (got.is_primitive() != want.is_primitive()) return false;
  if (want.kind() == TypeKind::String) return false;
  const TypeKind gk = got.kind(), wk = want.kind();
  if ((wk == TypeKind::Bool && gk == TypeKind::Number) || (gk == TypeKind::Bool && wk == TypeKind::Number)) return false;
  if (got.is_collection() && want.is_collection() && !got.element().has_dynamic() && want.element().has_dynamic()) {
    return false;
  }
  // go-cty also tests got.IsObjectType() && got.IsTupleType(), never true.
  if (gk == TypeKind::Tuple && wk == TypeKind::Object) return false;
  return true;
}

// One planner for the whole message: its recursion asks about the
// attribute and element types one level down, which the planner answers
// without planning them again.
std::string message(const Type& got, const Type& want, Planner& p, bool but_have) {
  const TypeKind gk = got.kind(), wk = want.kind();
  if (gk == TypeKind::Object && wk == TypeKind::Object) return objects(got, want, p, but_have);
  if (gk == TypeKind::Tuple && wk == TypeKind::List && want.element().is_dynamic()) {
    return "all list elements must have the same type";
  }
  if (gk == TypeKind::Tuple && wk == TypeKind::Set && want.element().is_dynamic()) {
    return "all set elements must have the same type";
  }
  if (gk == TypeKind::Object && wk == TypeKind::Map && want.element().is_dynamic()) {
    return "all map elements must have the same type";
  }
  if ((gk == TypeKind::Tuple || gk == TypeKind::Object) && want.is_collection()) {
    return collections_from_structural(got, want, p, but_have);
  }
  if (got.is_collection() && want.is_collection()) return collections_from_collections(got, want, p, but_have);
  if (but_have && !likely_confusing(got, want)) return friendly(want, false) + " required, but have " + friendly(got, false);
  return friendly(want, true) + " required";
}

}  // namespace

std::string mismatch_message(const Type& got, const Type& want) {
  Planner plans;
  return message(got, want, plans, true);
}

std::string mismatch_message_v1_14(const Type& got, const Type& want) {
  Planner plans;
  return message(got, want, plans, false);
}

}  // namespace dynval::convert
