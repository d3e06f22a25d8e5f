// Conversion of values between types: go-cty cty/convert's conversion*.go,
// public.go (Convert) and conversion_dynamic.go, rule for rule.
//
// As in go-cty, a conversion is planned from the two types first (nullptr
// when none exists: that is the type-level answer of convertible()), then
// applied to values; a plan for a collection's element type is built once
// and applied to every element. Plans are closures shaped like go-cty's, so
// each Go function below has one counterpart here, in the same order of
// checks. Unlike go-cty, one operation plans each (in, out) pair once (the
// Planner, internal.hpp) and plans share their element plans, so planning
// costs time linear in the types, however deep. Paths grow on a stack while
// a plan runs (the Run); an error copies the path at the point it is thrown.
//
// Go map iteration (object attributes, map entries) is replaced by sorted
// order: the values built are the same; only which of several failing
// elements is reported can differ from a given go-cty run (go-cty's choice
// is random there).
#include "convert/convert.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "convert/internal.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "values/walk.hpp"

namespace dynval::convert {
namespace detail {

namespace {

// The path of the element being converted; popped on scope exit.
class PathPush {
 public:
  PathPush(Path& p, PathStep s) : p_(p) { p_.push_back(std::move(s)); }
  ~PathPush() { p_.pop_back(); }
  PathPush(const PathPush&) = delete;
  PathPush& operator=(const PathPush&) = delete;

 private:
  Path& p_;
};

[[noreturn]] void fail_at(const Path& path, std::string msg) {
  throw Error(Status::TypeMismatch, std::move(msg), path);
}

Type strip(const Type& t) { return t.has_optional() ? t.without_optional() : t; }

// `if val.IsNull() { val = cty.NullVal(val.Type().WithoutOptionalAttributesDeep()) }`
void strip_null(Value& v) {
  if (v.is_null() && v.type().has_optional()) v = Value::null(strip(v.type()));
}

// cty.CanListVal / CanSetVal / CanMapVal: every element whose type is not
// dynamic has the first such element's type (Go compares the first element
// with `== DynamicPseudoType`, so only exactly dynamic is skipped).
bool can_collect(const std::vector<Value>& elems) {
  const Type* et = nullptr;
  for (const Value& v : elems) {
    if (et == nullptr || et->is_dynamic()) {
      et = &v.type();
    } else if (!v.type().is_dynamic() && !(v.type() == *et)) {
      return false;
    }
  }
  return true;
}
bool can_collect(const std::vector<std::pair<std::string, Value>>& elems) {
  const Type* et = nullptr;
  for (const auto& [k, v] : elems) {
    if (et == nullptr || et->is_dynamic()) {
      et = &v.type();
    } else if (!v.type().is_dynamic() && !(v.type() == *et)) {
      return false;
    }
  }
  return true;
}

// Value.Length().IsKnown() for a known list or set: a set's length is
// unknown while it holds an unknown (elements could coalesce), unless it has
// one element.
bool length_known(const Value& v) {
  if (v.type().kind() != TypeKind::Set) return true;
  return v.length() == 1 || v.is_wholly_known();
}

// The element types of a tuple type, in order.
std::vector<Type> tuple_types(const Type& t) {
  std::vector<Type> out;
  out.reserve(t.tuple_size());
  for (size_t i = 0; i < t.tuple_size(); ++i) out.push_back(t.tuple_elem(i));
  return out;
}

// The attribute types of an object type, in sorted name order.
std::vector<Type> attr_types(const Type& t) {
  std::vector<Type> out;
  out.reserve(t.attr_count());
  for (size_t i = 0; i < t.attr_count(); ++i) out.push_back(t.attr_type(i));
  return out;
}

Value dynamic_passthrough(const Value& v, Run&) { return v; }

Value convert_in(const Value& in, const Type& want, bool unsafe, Run& run);

// dynamicFixup: Convert(in, want), errors re-rooted at the caller's path.
// The nested conversion is part of this one: same planner, same budget.
Conv dynamic_fixup(const Type& want) {
  return Conv::of([want](const Value& v, Run& run) -> Value {
    Path outer = std::exchange(run.path, Path{});
    try {
      Value r = convert_in(v, want, true, run);
      run.path = std::move(outer);
      return r;
    } catch (Error& e) {
      Path p = outer;
      p.insert(p.end(), e.path().begin(), e.path().end());
      run.path = std::move(outer);  // the callers' PathPush pop their steps
      throw Error(e.status(), e.message(), std::move(p));
    }
  });
}

// ---- conversion_primitive.go ----

Value number_to_string(const Value& v, Run&) { return Value::string(v.as_number().text()); }

Value bool_to_string(const Value& v, Run&) { return Value::string(v.as_bool() ? "true" : "false"); }

// Text to number as the decoders read it: under the digit limit, and
// drawing what its exponent adds on the conversion's budget, so a few bytes
// of "1e9999" cannot become megabytes of digits.
Value string_to_number(const Value& v, Run& run) {
  const std::string_view s = v.as_string();
  std::optional<Number> n;
  try {
    n = parse_number(s, s.size(), run.numbers.get(), kNoOffset);
  } catch (Error& e) {
    throw Error(e.status(), e.message(), run.path);
  }
  if (!n) fail_at(run.path, "a number is required");
  return Value::number(std::move(*n));
}

Value string_to_bool(const Value& v, Run& run) {
  const Path& path = run.path;
  const std::string_view s = v.as_string();
  if (s == "true" || s == "1") return Value::boolean(true);
  if (s == "false" || s == "0") return Value::boolean(false);
  // strings.ToLower: no non-ASCII letter lowers to one of "true"/"false"
  // except through ASCII, so an ASCII fold decides the same.
  std::string lower(s);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  if (lower == "true") fail_at(path, "a bool is required; to convert from string, use lowercase \"true\"");
  if (lower == "false") fail_at(path, "a bool is required; to convert from string, use lowercase \"false\"");
  fail_at(path, "a bool is required");
}

Conv primitive_conversion(const Type& in, const Type& out, bool unsafe) {
  const TypeKind a = in.kind(), b = out.kind();
  if (b == TypeKind::String && a == TypeKind::Number) return Conv::of(number_to_string);
  if (b == TypeKind::String && a == TypeKind::Bool) return Conv::of(bool_to_string);
  if (!unsafe) return nullptr;
  if (a == TypeKind::String && b == TypeKind::Number) return Conv::of(string_to_number);
  if (a == TypeKind::String && b == TypeKind::Bool) return Conv::of(string_to_bool);
  return nullptr;
}

// ---- conversion_collection.go ----

// The elements of a list, set or tuple value, element i through conv_of(i)
// (when it is set) at path [i]; with strip_nulls, null results lose their
// optional markers. The loop every sequence conversion of go-cty repeats.
template <class ConvOf>
std::vector<Value> convert_elements(const Value& val, Run& run, bool strip_nulls, ConvOf&& conv_of) {
  const size_t n = val.length();
  std::vector<Value> elems;
  elems.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    Value e = val.at(i);
    if (const Conv& conv = conv_of(i)) {
      PathPush pp(run.path, PathStep::idx(int64_t(i)));
      e = conv(e, run);
    }
    if (strip_nulls) strip_null(e);
    elems.push_back(std::move(e));
  }
  return elems;
}

// conversionCollectionToList (set = false) and conversionCollectionToSet.
Conv collection_to_sequence(bool set, const Type& ety, Conv conv) {
  return Conv::of([set, ety, conv](const Value& val, Run& run) -> Value {
    if (!set && !length_known(val)) return Value::unknown(Type::list(val.type().element()));
    std::vector<Value> elems = convert_elements(val, run, true, [&](size_t) -> const Conv& { return conv; });
    const auto make = set ? &Value::set : &Value::list;
    if (elems.empty()) return make(ety.is_dynamic() ? val.type().element() : strip(ety), {});
    if (!can_collect(elems)) {
      fail_at(run.path, set ? "element types must all match for conversion to set"
                            : "element types must all match for conversion to list");
    }
    return make(Type::dynamic(), std::move(elems));
  });
}

// conversionUnifyCollectionElements: elements converted to their unified
// type (entries in key order; go-cty walks a Go map).
void unify_collection_elements(std::vector<std::pair<std::string, Value>>& elems, Run& run, bool unsafe) {
  std::vector<Type> types;
  types.reserve(elems.size());
  for (const auto& e : elems) types.push_back(e.second.type());
  std::optional<Type> unified = run.plans.unify(types, unsafe).type;
  if (!unified) fail_at(run.path, "cannot find a common base type for all elements");
  for (auto& [name, v] : elems) {
    if (v.type() == *unified) continue;
    Conv conv = run.plans.get_conversion(v.type(), *unified, unsafe);
    // go-cty calls the nil conversion here and panics.
    if (!conv) fail_at(run.path, "cannot find a common base type for all elements");
    PathPush pp(run.path, PathStep::key(name));
    v = conv(v, run);
  }
}

// conversionUnifyListElements. `path` is the caller's element path (it
// still ends with the last element's index, as in go-cty).
void unify_list_elements(std::vector<Value>& elems, Run& run, bool unsafe) {
  std::vector<Type> types;
  types.reserve(elems.size());
  for (const Value& e : elems) types.push_back(e.type());
  std::optional<Type> unified = run.plans.unify(types, unsafe).type;
  if (!unified) fail_at(run.path, "cannot find a common base type for all elements");
  for (size_t i = 0; i < elems.size(); ++i) {
    if (elems[i].type() == *unified) continue;
    Conv conv = run.plans.get_conversion(elems[i].type(), *unified, unsafe);
    if (!conv) fail_at(run.path, "cannot find a common base type for all elements");
    PathPush pp(run.path, PathStep::idx(int64_t(i)));
    elems[i] = conv(elems[i], run);
  }
}

bool is_collection_or_object(const Type& t) { return t.is_collection() || t.kind() == TypeKind::Object; }

Conv collection_to_map(const Type& ety, Conv conv) {
  return Conv::of([ety, conv](const Value& val, Run& run) -> Value {
    const size_t n = val.length();
    std::vector<std::pair<std::string, Value>> elems;
    elems.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      Value e = val.at(i);
      if (conv) {
        PathPush pp(run.path, PathStep::key(val.key_at(i)));
        e = conv(e, run);
      }
      elems.emplace_back(std::string(val.key_at(i)), std::move(e));
    }
    if (elems.empty()) {
      if (ety.is_dynamic()) return Value::map(val.type().element(), {});
      return Value::map(strip(ety), {});
    }
    if (is_collection_or_object(ety)) unify_collection_elements(elems, run, false);
    if (!can_collect(elems)) fail_at(run.path, "element types must all match for conversion to map");
    return Value::map(Type::dynamic(), std::move(elems));
  });
}

// The element type a tuple or object converts to when the target element
// type is dynamic, or nullopt when there is none (conversionTupleToSet/List
// and conversionObjectToMap's special case). require_all_dynamic: a unified
// dynamic type is only usable when every source type is dynamic.
std::optional<Type> unified_element(const std::vector<Type>& etys, bool unsafe, bool require_all_dynamic,
                                    Planner& p) {
  std::optional<Type> u = p.unify(etys, unsafe).type;
  if (!u) return std::nullopt;
  if (require_all_dynamic && u->is_dynamic()) {
    for (const Type& t : etys)
      if (!t.is_dynamic()) return std::nullopt;
  }
  return u;
}

// Element conversions of a tuple (or object) to one element type; false
// when one is impossible. Equal types get no conversion.
bool element_conversions(const std::vector<Type>& etys, const Type& to, bool unsafe, std::vector<Conv>& convs,
                         Planner& p) {
  convs.assign(etys.size(), nullptr);
  for (size_t i = 0; i < etys.size(); ++i) {
    if (etys[i] == to) continue;
    convs[i] = p.get_conversion(etys[i], to, unsafe);
    if (!convs[i]) return false;
  }
  return true;
}

Conv tuple_to_set(const Type& tuple_type, Type set_ety, bool unsafe, Planner& p) {
  std::vector<Type> etys = tuple_types(tuple_type);
  if (etys.empty()) {
    return Conv::of([set_ety](const Value&, Run&) -> Value { return Value::set(strip(set_ety), {}); });
  }
  if (set_ety.is_dynamic()) {
    std::optional<Type> u = unified_element(etys, unsafe, true, p);
    if (!u) return nullptr;
    set_ety = *u;
  }
  std::vector<Conv> each;
  if (!element_conversions(etys, set_ety, unsafe, each, p)) return nullptr;
  return Conv::of([convs = std::move(each)](const Value& val, Run& run) -> Value {
    std::vector<Value> elems = convert_elements(val, run, true, [&](size_t i) -> const Conv& { return convs[i]; });
    if (!can_collect(elems)) fail_at(run.path, "element types must all match for conversion to set");
    return Value::set(Type::dynamic(), std::move(elems));
  });
}

Conv tuple_to_list(const Type& tuple_type, Type list_ety, bool unsafe, Planner& p) {
  std::vector<Type> etys = tuple_types(tuple_type);
  if (etys.empty()) {
    return Conv::of([list_ety](const Value&, Run&) -> Value { return Value::list(strip(list_ety), {}); });
  }
  if (list_ety.is_dynamic()) {
    std::optional<Type> u = unified_element(etys, unsafe, true, p);
    if (!u) return nullptr;
    list_ety = *u;
  }
  std::vector<Conv> each;
  if (!element_conversions(etys, list_ety, unsafe, each, p)) return nullptr;
  return Conv::of([convs = std::move(each), unsafe](const Value& val, Run& run) -> Value {
    std::vector<Value> elems = convert_elements(val, run, false, [&](size_t i) -> const Conv& { return convs[i]; });
    {
      // go-cty passes its element path, last set to the last index.
      PathPush pp(run.path, PathStep::idx(int64_t(convs.size() - 1)));
      unify_list_elements(elems, run, unsafe);
    }
    if (!can_collect(elems)) fail_at(run.path, "element types must all match for conversion to list");
    return Value::list(Type::dynamic(), std::move(elems));
  });
}

Conv object_to_map(const Type& object_type, Type map_ety, bool unsafe, Planner& p) {
  std::vector<Type> atys = attr_types(object_type);
  if (atys.empty()) {
    return Conv::of([map_ety](const Value&, Run&) -> Value { return Value::map(strip(map_ety), {}); });
  }
  if (map_ety.is_dynamic()) {
    std::optional<Type> u = unified_element(atys, unsafe, false, p);
    if (!u) return nullptr;
    map_ety = *u;
  }
  std::vector<Conv> each;
  if (!element_conversions(atys, map_ety, unsafe, each, p)) return nullptr;
  return Conv::of([convs = std::move(each), map_ety, unsafe](const Value& val, Run& run) -> Value {
    const std::span<const TypeAttr> attrs = val.type().attrs();
    std::vector<std::pair<std::string, Value>> elems;
    elems.reserve(convs.size());
    for (size_t i = 0; i < convs.size(); ++i) {
      Value e = val.at(i);
      if (convs[i]) {
        PathPush pp(run.path, PathStep::key(attrs[i].name));
        e = convs[i](e, run);
      }
      elems.emplace_back(attrs[i].name, std::move(e));
    }
    if (is_collection_or_object(map_ety)) unify_collection_elements(elems, run, unsafe);
    if (!can_collect(elems)) fail_at(run.path, "attribute types must all match for conversion to map");
    return Value::map(Type::dynamic(), std::move(elems));
  });
}

// conversionMapToObject. Per attribute: no entry (types equal), a
// conversion, or (unsafe, optional attribute) a present but impossible one
// that fails only when the map has that key.
struct AttrConv {
  bool present = false;
  Conv conv;
};

Conv map_to_object(const Type& map_type, const Type& obj_type, bool unsafe, Planner& p) {
  const Type map_ety = map_type.element();
  const size_t na = obj_type.attr_count();
  std::vector<AttrConv> convs(na);
  for (size_t i = 0; i < na; ++i) {
    const Type aty = obj_type.attr_type(i);
    if (aty == map_ety) continue;
    convs[i].present = true;
    convs[i].conv = p.get_conversion(map_ety, aty, unsafe);
    if (!convs[i].conv) {
      if (obj_type.attr_optional(i) && unsafe) continue;
      return nullptr;
    }
  }
  return Conv::of([convs = std::move(convs), obj_type](const Value& val, Run& run) -> Value {
    const Path& path = run.path;
    const size_t na = obj_type.attr_count();
    std::vector<Value> slots(na);
    std::vector<bool> have(na, false);
    const size_t n = val.length();
    for (size_t k = 0; k < n; ++k) {
      const std::string_view name = val.key_at(k);
      const size_t i = obj_type.attr_index(name);
      if (i == SIZE_MAX) continue;  // no such attribute: skipped
      Value e = val.at(k);
      if (convs[i].conv) {
        PathPush pp(run.path, PathStep::key(name));
        e = convs[i].conv(e, run);
      } else if (convs[i].present) {
        fail_at(path, "map element type is incompatible with attribute " + text::go_quoted(name) + ": " +
                          mismatch_message(e.type(), obj_type.attr_type(i)));
      }
      strip_null(e);
      slots[i] = std::move(e);
      have[i] = true;
    }
    std::vector<std::pair<std::string, Value>> attrs;
    attrs.reserve(na);
    for (size_t i = 0; i < na; ++i) {
      if (!have[i]) {
        if (!obj_type.attr_optional(i)) {
          fail_at(path, "map has no element for required attribute " + text::go_quoted(obj_type.attr_name(i)));
        }
        slots[i] = Value::null(strip(obj_type.attr_type(i)));
      }
      attrs.emplace_back(std::string(obj_type.attr_name(i)), std::move(slots[i]));
    }
    return Value::object(std::move(attrs));
  });
}

// ---- conversion_object.go ----

Conv object_to_object(const Type& in, const Type& out, bool unsafe, Planner& p) {
  const size_t nout = out.attr_count();
  // Per input attribute: whether the output has it, and its conversion.
  std::vector<AttrConv> convs(in.attr_count());
  for (size_t j = 0; j < nout; ++j) {
    const std::string_view name = out.attr_name(j);
    const size_t i = in.attr_index(name);
    if (i == SIZE_MAX) {
      if (out.attr_optional(j)) continue;  // filled with null below
      return nullptr;
    }
    convs[i].present = true;
    const Type in_aty = in.attr_type(i), out_aty = out.attr_type(j);
    if (in_aty == out_aty) continue;
    convs[i].conv = p.get_conversion(in_aty, out_aty, unsafe);
    if (!convs[i].conv) return nullptr;
  }
  return Conv::of([convs = std::move(convs), out](const Value& val, Run& run) -> Value {
    const std::span<const TypeAttr> in_attrs = val.type().attrs();
    std::vector<std::pair<std::string, Value>> attrs;
    attrs.reserve(out.attr_count());
    for (size_t i = 0; i < in_attrs.size(); ++i) {
      if (!convs[i].present) continue;
      Value e = val.at(i);
      if (convs[i].conv) {
        PathPush pp(run.path, PathStep::attr(in_attrs[i].name));
        e = convs[i].conv(e, run);
      }
      strip_null(e);
      attrs.emplace_back(in_attrs[i].name, std::move(e));
    }
    for (size_t j = 0; j < out.attr_count(); ++j) {
      if (!out.attr_optional(j)) continue;
      const std::string_view name = out.attr_name(j);
      if (val.type().attr_index(name) != SIZE_MAX) continue;
      attrs.emplace_back(std::string(name), Value::null(strip(out.attr_type(j))));
    }
    return Value::object(std::move(attrs));
  });
}

// ---- conversion_tuple.go ----

Conv tuple_to_tuple(const Type& in, const Type& out, bool unsafe, Planner& p) {
  const size_t n = in.tuple_size();
  if (n != out.tuple_size()) return nullptr;
  std::vector<Conv> each(n);
  for (size_t i = 0; i < n; ++i) {
    const Type& a = in.tuple_elem(i);
    const Type& b = out.tuple_elem(i);
    if (a == b) continue;
    each[i] = p.get_conversion(a, b, unsafe);
    if (!each[i]) return nullptr;
  }
  return Conv::of([convs = std::move(each)](const Value& val, Run& run) -> Value {
    return Value::tuple(convert_elements(val, run, false, [&](size_t i) -> const Conv& { return convs[i]; }));
  });
}

// getConversionKnown.
Conv get_conversion_known(const Type& in, const Type& out, bool unsafe, Planner& p) {
  const TypeKind ik = in.kind(), ok = out.kind();
  if (ok == TypeKind::Dynamic) return Conv::of(dynamic_passthrough);
  if (unsafe && ik == TypeKind::Dynamic) return dynamic_fixup(out);
  if (in.is_primitive() && out.is_primitive()) return primitive_conversion(in, out, unsafe);
  if (ok == TypeKind::Object && ik == TypeKind::Object) return object_to_object(in, out, unsafe, p);
  if (ok == TypeKind::Tuple && ik == TypeKind::Tuple) return tuple_to_tuple(in, out, unsafe, p);
  if (ok == TypeKind::List && (ik == TypeKind::List || ik == TypeKind::Set)) {
    const Type& in_ety = in.element();
    const Type& out_ety = out.element();
    if (in_ety == out_ety) return collection_to_sequence(false, out_ety, nullptr);
    Conv c = p.get_conversion(in_ety, out_ety, unsafe);
    if (!c) return nullptr;
    return collection_to_sequence(false, out_ety, std::move(c));
  }
  if (ok == TypeKind::Set && (ik == TypeKind::List || ik == TypeKind::Set)) {
    if (ik == TypeKind::List && !unsafe) return nullptr;
    const Type& in_ety = in.element();
    const Type& out_ety = out.element();
    if (in_ety == out_ety) return collection_to_sequence(true, out_ety, nullptr);
    Conv c = p.get_conversion(in_ety, out_ety, unsafe);
    if (!c) return nullptr;
    return collection_to_sequence(true, out_ety, std::move(c));
  }
  if (ok == TypeKind::Map && ik == TypeKind::Map) {
    Conv c = p.get_conversion(in.element(), out.element(), unsafe);
    if (!c) return nullptr;
    return collection_to_map(out.element(), std::move(c));
  }
  if (ok == TypeKind::List && ik == TypeKind::Tuple) return tuple_to_list(in, out.element(), unsafe, p);
  if (ok == TypeKind::Set && ik == TypeKind::Tuple) return tuple_to_set(in, out.element(), unsafe, p);
  if (ok == TypeKind::Map && ik == TypeKind::Object) return object_to_map(in, out.element(), unsafe, p);
  if (ok == TypeKind::Object && ik == TypeKind::Map) {
    if (!unsafe) return nullptr;
    return map_to_object(in, out, unsafe, p);
  }
  return nullptr;
}

// prepareUnknownResult: the unknown result of converting unknown `in` to
// `target`, with the refinements that carry over.
Value prepare_unknown_result(const Value& in, const Type& target) {
  const Type& src = in.type();
  const Refinements& sr = in.refinements();
  Refinements r;
  r.not_null = sr.not_null;
  const TypeKind sk = src.kind(), tk = target.kind();
  if (sk == TypeKind::Object && tk == TypeKind::Map) {
    r.len_min = r.len_max = int64_t(src.attr_count());
  } else if (sk == TypeKind::Tuple && tk == TypeKind::List) {
    r.len_min = r.len_max = int64_t(src.tuple_size());
  } else if (sk == TypeKind::Tuple && tk == TypeKind::Set) {
    const int64_t l = int64_t(src.tuple_size());
    if (l <= 1) {
      r.len_min = r.len_max = l;
    } else {
      r.len_min = 1;
      r.len_max = l;
    }
  } else if (src.is_collection() && target.is_collection()) {
    if (tk == TypeKind::Set) {
      if (sr.len_min > 0) r.len_min = 1;
    } else {
      r.len_min = sr.len_min;
    }
    r.len_max = sr.len_max;
  } else {
    return r.not_null ? Value::unknown_refined(target, r) : Value::unknown(target);
  }
  return Value::unknown_refined(target, r);
}

}  // namespace

// getConversion: the plan with go-cty's standard checks around it, planned
// once per operation for each (in, out, unsafe).
Conv Planner::get_conversion(const Type& in, const Type& out, bool unsafe) {
  Key key{in, out, unsafe};
  if (auto it = plans_.find(key); it != plans_.end()) return it->second;
  Conv conv = get_conversion_known(in, out, unsafe, *this);
  if (conv && out.is_dynamic()) {
    conv = Conv::of(dynamic_passthrough);
  } else if (conv) {
    // Unknown and null results never carry optional markers.
    conv = Conv::of([conv = std::move(conv), target_out = strip(out)](const Value& v, Run& run) -> Value {
      if (!v.is_known() || v.is_null()) {
        const Type target = run.plans.dynamic_replace(v.type(), target_out);
        if (!v.is_known()) return prepare_unknown_result(v, target);
        return Value::null(target);
      }
      return conv(v, run);
    });
  }
  plans_.emplace(std::move(key), conv);
  return conv;
}

// dynamicReplace: `out`, with dynamic positions replaced by what `in` has
// there (in and out are assumed convertible). Answered once per operation
// for each (in, out).
Type Planner::dynamic_replace(const Type& in, const Type& out) {
  Key key{in, out, false};
  if (auto it = replaced_.find(key); it != replaced_.end()) return it->second;
  Type r = dynamic_replace_known(in, out);
  replaced_.emplace(std::move(key), r);
  return r;
}

Type Planner::dynamic_replace_known(const Type& in, const Type& out) {
  if (in.is_dynamic()) return out;
  switch (out.kind()) {
    case TypeKind::Dynamic: return in;
    case TypeKind::Bool:
    case TypeKind::Number:
    case TypeKind::String: return out;
    case TypeKind::Map:
      if (in.kind() == TypeKind::Map) return Type::map(dynamic_replace(in.element(), out.element()));
      if (in.kind() == TypeKind::Object) {
        std::optional<Type> u = unify(attr_types(in), true).type;
        return Type::map(u ? dynamic_replace(*u, out.element()) : out.element());
      }
      return out;
    case TypeKind::Object: {
      // cty.Object(outTypes): no optional markers; empty unless in is a map
      // or an object.
      std::vector<Type::AttrSpec> attrs;
      if (in.kind() == TypeKind::Map || in.kind() == TypeKind::Object) {
        for (size_t i = 0; i < out.attr_count(); ++i) {
          const std::string_view name = out.attr_name(i);
          Type aty = out.attr_type(i);
          if (in.kind() == TypeKind::Map) {
            aty = dynamic_replace(in.element(), aty);
          } else {
            const size_t j = in.attr_index(name);
            if (j != SIZE_MAX) aty = dynamic_replace(in.attr_type(j), aty);
          }
          attrs.push_back(Type::AttrSpec{std::string(name), std::move(aty), false});
        }
      }
      return Type::object(std::move(attrs));
    }
    case TypeKind::Set:
    case TypeKind::List: {
      const bool set = out.kind() == TypeKind::Set;
      auto make = [set](Type e) { return set ? Type::set(std::move(e)) : Type::list(std::move(e)); };
      if (in.kind() == TypeKind::Set || in.kind() == TypeKind::List) {
        return make(dynamic_replace(in.element(), out.element()));
      }
      if (in.kind() == TypeKind::Tuple) {
        std::optional<Type> u = unify(tuple_types(in), true).type;
        return make(u ? dynamic_replace(*u, out.element()) : out.element());
      }
      return out;
    }
    case TypeKind::Tuple: {
      // go-cty reads in's element types only for out's elements, and
      // panics ("TupleElementType on non-tuple Type") when in has none: a
      // null or unknown map converted to an object with an optional tuple
      // attribute. A conversion error here; an empty tuple needs none.
      if (out.tuple_size() != 0 && (in.kind() != TypeKind::Tuple || in.tuple_size() < out.tuple_size())) {
        throw Error(Status::TypeMismatch, "a null or unknown " + in.friendly_name() +
                                              " cannot become a value of type " + out.friendly_name());
      }
      std::vector<Type> elems;
      for (size_t i = 0; i < out.tuple_size(); ++i) elems.push_back(dynamic_replace(in.tuple_elem(i), out.tuple_elem(i)));
      return Type::tuple(std::move(elems));
    }
  }
  return out;
}

namespace {

// Convert(in, want) within a run (at its root, or nested by dynamicFixup).
Value convert_in(const Value& in, const Type& want, bool unsafe, Run& run) {
  if (in.type() == strip(want)) return in;
  Conv conv = run.plans.get_conversion(in.type(), want, unsafe);
  if (!conv) throw Error(Status::TypeMismatch, mismatch_message(in.type(), want));
  return conv(in, run);
}

// The bytes of the known strings in v: the text a conversion of v may turn
// into numbers, the "input size" of its number budget.
size_t string_bytes(const Value& v) {
  size_t total = 0;
  walk(v, [&total](const Path&, const Value& x) {
    if (x.type().kind() == TypeKind::String && x.is_known() && !x.is_null()) total += x.as_string().size();
    return 0;
  });
  return total;
}

Value convert_at(const Value& in, const Type& want, bool unsafe, NumberBudget& numbers) {
  Planner plans;
  Run run(plans, numbers);
  return convert_in(in, want, unsafe, run);
}

}  // namespace

Value convert_with(const Value& v, const Type& want, NumberBudget& numbers) {
  return convert_at(v, want, true, numbers);
}

}  // namespace detail

Value convert(const Value& v, const Type& want, bool unsafe) {
  detail::NumberBudget numbers([&v] { return detail::string_bytes(v); });
  return detail::convert_at(v, want, unsafe, numbers);
}

bool convertible(const Type& in, const Type& out, bool unsafe) {
  detail::Planner plans;
  return bool(plans.get_conversion(in, out, unsafe));
}

}  // namespace dynval::convert
