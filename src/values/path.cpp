// Paths into values: the one path printer, equality, set-element steps,
// lookup and cty Path.Apply (values/path.hpp); and the go-cty GoString
// rendering of values (cty/value_ops.go Value.GoString, the Type GoString
// methods, unknown_refinement.go GoString).
#include "values/path.hpp"

#include <charconv>
#include <cmath>
#include <memory>
#include <string>
#include <string_view>

#include "support/error.hpp"
#include "text/text.hpp"
#include "values/value.hpp"
#include "values/value_internal.hpp"

namespace dynval {

namespace {

// big.Float / float64 %v of a number whose shortest digits, in %f form,
// are `s`: %e form when the decimal exponent is < -4 or >= 6 (eprec 6 for
// the shortest format), else %f form.
void append_g_text(std::string& out, const std::string& s) {
  bool neg = !s.empty() && s[0] == '-';
  std::string_view t(s);
  if (neg) t.remove_prefix(1);
  size_t dot = t.find('.');
  std::string_view ip = dot == std::string_view::npos ? t : t.substr(0, dot);
  std::string_view fp = dot == std::string_view::npos ? std::string_view() : t.substr(dot + 1);
  std::string digits(ip);
  digits.append(fp);
  long dp = static_cast<long>(ip.size());
  size_t lead = 0;
  while (lead < digits.size() && digits[lead] == '0') ++lead;
  digits.erase(0, lead);
  dp -= static_cast<long>(lead);
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  if (neg) out.push_back('-');
  if (digits.empty()) {
    out.push_back('0');
    return;
  }
  long exp = dp - 1;
  if (exp < -4 || exp >= 6) {
    out.push_back(digits[0]);
    if (digits.size() > 1) {
      out.push_back('.');
      out.append(digits, 1, std::string::npos);
    }
    out.push_back('e');
    out.push_back(exp < 0 ? '-' : '+');
    long ae = exp < 0 ? -exp : exp;
    if (ae < 10) out.push_back('0');
    out += std::to_string(ae);
    return;
  }
  long nd = static_cast<long>(digits.size());
  if (dp <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-dp), '0');
    out += digits;
  } else if (dp >= nd) {
    out += digits;
    out.append(static_cast<size_t>(dp - nd), '0');
  } else {
    out.append(digits, 0, static_cast<size_t>(dp));
    out.push_back('.');
    out.append(digits, static_cast<size_t>(dp), std::string::npos);
  }
}

// big.Float %v: the number's own shortest digits at its precision.
void append_g_shortest(std::string& out, const Number& x) {
  if (x.is_inf()) {
    out += x.signbit() ? "-Inf" : "+Inf";
    return;
  }
  append_g_text(out, x.text());
}

// float64 %v (strconv.FormatFloat(d, 'g', -1, 64)): the shortest digits
// that round-trip as a float64, which differ from a 53-bit big.Float's for
// subnormals (fewer significant bits) and at powers of two (the float64
// below is nearer).
void append_g_float64(std::string& out, double d) {
  if (std::isinf(d)) {
    out += d < 0 ? "-Inf" : "+Inf";
    return;
  }
  char buf[400];
  auto r = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed);
  append_g_text(out, std::string(buf, r.ptr));
}

}  // namespace

// ---------------------------------------------------------------------------
// Paths

PathStep element_step(const Value& elem) {
  PathStep s{PathStep::Kind::Element, 0, {}, std::make_shared<const Value>(elem)};
  return s;
}

PathStep child_step(const Value& parent, size_t i) {
  switch (parent.type().kind()) {
    case TypeKind::Object:
      return PathStep::attr(parent.type().attr_name(i));
    case TypeKind::Map:
      return PathStep::key(parent.key_at(i));
    case TypeKind::Set:
      return element_step(parent.elements()[i]);
    default:
      return PathStep::idx(static_cast<int64_t>(i));
  }
}

bool operator==(const PathStep& a, const PathStep& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case PathStep::Kind::Attr:
    case PathStep::Kind::Key:
      return a.name == b.name;
    case PathStep::Kind::Index:
      return a.index == b.index;
    case PathStep::Kind::Element:
      if (a.elem == b.elem) return true;
      return a.elem && b.elem && a.elem->raw_equals(*b.elem);
  }
  return false;
}

void append_path_string(std::string& out, const Path& p) {
  for (const PathStep& s : p) {
    switch (s.kind) {
      case PathStep::Kind::Attr:
        out.push_back('.');
        out.append(s.name);
        break;
      case PathStep::Kind::Index:
        out.push_back('[');
        out.append(std::to_string(s.index));
        out.push_back(']');
        break;
      case PathStep::Kind::Key:
        out.push_back('[');
        text::append_go_quoted(out, s.name);
        out.push_back(']');
        break;
      case PathStep::Kind::Element: {
        // tfdiags.FormatCtyPath's rendering of an IndexStep key.
        out.push_back('[');
        const Value* k = s.elem.get();
        if (k == nullptr || k->is_null()) {
          out.append("null");
        } else if (!k->is_known()) {
          out.append("(not yet known)");
        } else if (k->type().kind() == TypeKind::Number) {
          append_g_shortest(out, k->as_number());  // big.Float Text('g', -1)
        } else if (k->type().kind() == TypeKind::String) {
          text::append_go_quoted(out, k->as_string());
        } else {
          out.append("...");
        }
        out.push_back(']');
        break;
      }
    }
  }
}

std::string path_string(const Path& p) {
  std::string out;
  append_path_string(out, p);
  return out;
}

const Value* find_set_element(const Value& set, const Value& key) {
  if (ValueAccess::coll(set) == nullptr || set.type().kind() != TypeKind::Set) return nullptr;
  std::span<const Value> elems = set.elements();
  for (const Value& e : elems) {
    if (e.equals(key) == Tristate::True) return &e;
  }
  if (key.is_wholly_known()) return nullptr;
  for (const Value& e : elems) {
    if (e.raw_equals(key)) return &e;
  }
  return nullptr;
}

const Value* Value::lookup(const Path& p) const noexcept {
  const Value* cur = this;
  try {
    for (const PathStep& s : p) {
      if (ValueAccess::coll(*cur) == nullptr) return nullptr;  // null, unknown or primitive
      const TypeKind k = cur->type().kind();
      switch (s.kind) {
        case PathStep::Kind::Attr:
        case PathStep::Kind::Key:
          // Attribute of an object; key of a map. A key step on an object
          // is accepted too (go-cty's decoders report object attributes as
          // IndexStep{StringVal(name)}).
          if (k != TypeKind::Object && k != TypeKind::Map) return nullptr;
          if (s.kind == PathStep::Kind::Attr && k != TypeKind::Object) return nullptr;
          cur = cur->get(s.name);
          if (cur == nullptr) return nullptr;
          break;
        case PathStep::Kind::Index:
          // List and tuple elements; set elements in iteration order.
          if (k != TypeKind::List && k != TypeKind::Tuple && k != TypeKind::Set) return nullptr;
          if (s.index < 0 || static_cast<uint64_t>(s.index) >= cur->length()) return nullptr;
          cur = &cur->at(static_cast<size_t>(s.index));
          break;
        case PathStep::Kind::Element:
          if (!s.elem) return nullptr;
          cur = find_set_element(*cur, *s.elem);
          if (cur == nullptr) return nullptr;
          break;
      }
    }
  } catch (...) {
    return nullptr;  // only allocation failure (NFC of a key, equality keys) can get here
  }
  return cur;
}

// ---------------------------------------------------------------------------
// cty Path.Apply (cty/path.go GetAttrStep.Apply, IndexStep.Apply, with
// value_ops.go GetAttr, Index, HasIndex and HasElement inlined).

namespace {

Value get_attr_step(const Value& val, const std::string& name, std::string& why, Status& st) {
  if (val.is_null()) {
    st = Status::TypeMismatch;
    why = "cannot access attributes on a null value";
    return {};
  }
  const Type& t = val.type();
  if (t.kind() != TypeKind::Object) {
    st = Status::TypeMismatch;
    why = "not an object type";
    return {};
  }
  std::string norm = text::is_ascii(name) || text::is_nfc(name) ? name : text::to_nfc(name);
  size_t i = t.attr_index(norm);
  if (i == SIZE_MAX) {
    st = Status::NotFound;
    why = "object has no attribute " + text::go_quoted(name);
    return {};
  }
  if (!val.is_known()) return Value::unknown(t.attr_type(i));
  return val.at(i);
}

// IndexStep{Key: key}.Apply(val).
Value index_step(const Value& val, const Value& key, std::string& why, Status& st) {
  if (val.is_null()) {
    st = Status::TypeMismatch;
    why = "cannot index a null value";
    return {};
  }
  const Type& vt = val.type();
  const Type& kt = key.type();
  if (vt.kind() == TypeKind::Set) {
    // HasElement(key), then the key itself when present.
    const Type et = vt.element();
    bool present = false;
    bool unknown = false;
    if (!val.is_known()) {
      unknown = true;
    } else if (!kt.is_dynamic() && !et.is_dynamic() && !(kt == et)) {
      present = false;
    } else if (!key.is_known()) {
      unknown = true;
    } else if (!(et == kt)) {
      present = false;
    } else {
      for (const Value& e : val.elements()) {
        if (e.equals(key) == Tristate::True) {
          present = true;
          break;
        }
      }
      if (!present && !val.is_wholly_known()) unknown = true;
    }
    if (unknown) return Value::unknown(et);
    if (!present) {
      st = Status::NotFound;
      why = "set does not contain the requested element";
      return {};
    }
    return key;
  }
  const bool by_number = kt.kind() == TypeKind::Number;
  if (by_number) {
    if (vt.kind() != TypeKind::List && vt.kind() != TypeKind::Tuple) {
      st = Status::TypeMismatch;
      why = "not a list type";
      return {};
    }
  } else if (kt.kind() == TypeKind::String) {
    if (vt.kind() != TypeKind::Map) {
      st = Status::TypeMismatch;
      why = "not a map type";
      return {};
    }
  } else {
    st = Status::TypeMismatch;
    why = "key value not number or string";
    return {};
  }
  // HasIndex(key): unknown when the key is unknown, or the list or map is.
  const bool tuple = vt.kind() == TypeKind::Tuple;
  if (!key.is_known() || (!tuple && !val.is_known())) {
    // go-cty returns UnknownVal(val.Type().ElementType()), which panics for
    // a tuple (no element type); the tuple's Index would give DynamicVal.
    return tuple ? Value::unknown(Type::dynamic()) : Value::unknown(vt.element());
  }
  size_t pos = 0;
  bool has = false;
  if (by_number) {
    bool exact = false;
    int64_t i = key.is_null() ? -1 : key.as_number().to_int64(&exact);
    size_t len = tuple ? vt.tuple_size() : val.length();
    has = exact && i >= 0 && static_cast<uint64_t>(i) < len;
    pos = has ? static_cast<size_t>(i) : 0;
  } else if (!key.is_null()) {
    const Value* e = val.get(key.as_string());
    if (e != nullptr) return *e;
  }
  if (!has) {
    st = Status::NotFound;
    why = "value does not have given index key";
    return {};
  }
  if (!val.is_known()) return Value::unknown(vt.tuple_elem(pos));  // an unknown tuple
  return val.at(pos);
}

}  // namespace

Value path_apply(const Path& p, const Value& v) {
  Value cur = v;
  std::string why;
  Status st = Status::Ok;
  for (size_t i = 0; i < p.size(); ++i) {
    const PathStep& s = p[i];
    Value next;
    switch (s.kind) {
      case PathStep::Kind::Attr:
        next = get_attr_step(cur, s.name, why, st);
        break;
      case PathStep::Kind::Index:
        next = index_step(cur, Value::number(Number::from_int64(s.index)), why, st);
        break;
      case PathStep::Kind::Key:
        next = index_step(cur, Value::string(s.name), why, st);
        break;
      case PathStep::Kind::Element:
        if (!s.elem) throw Error(Status::InvalidArg, "a set-element step without a value");
        next = index_step(cur, *s.elem, why, st);
        break;
    }
    if (st != Status::Ok) {
      throw Error(st, "at step " + std::to_string(i) + ": " + why,
                  Path(p.begin(), p.begin() + static_cast<std::ptrdiff_t>(i) + 1));
    }
    cur = std::move(next);
  }
  return cur;
}

// ---------------------------------------------------------------------------
// GoString

namespace {

void append_type_go(std::string& out, const Type& t) {
  switch (t.kind()) {
    case TypeKind::Bool:
      out += "cty.Bool";
      return;
    case TypeKind::Number:
      out += "cty.Number";
      return;
    case TypeKind::String:
      out += "cty.String";
      return;
    case TypeKind::Dynamic:
      out += "cty.DynamicPseudoType";
      return;
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      out += t.kind() == TypeKind::List ? "cty.List(" : t.kind() == TypeKind::Set ? "cty.Set(" : "cty.Map(";
      append_type_go(out, t.element());
      out.push_back(')');
      return;
    case TypeKind::Object: {
      size_t n = t.attr_count();
      if (n == 0) {
        out += "cty.EmptyObject";
        return;
      }
      bool opt = t.has_optional();
      out += opt ? "cty.ObjectWithOptionalAttrs(map[string]cty.Type{" : "cty.Object(map[string]cty.Type{";
      for (size_t i = 0; i < n; ++i) {
        if (i > 0) out += ", ";
        text::append_go_quoted(out, t.attr_name(i));
        out.push_back(':');
        append_type_go(out, t.attr_type(i));
      }
      out.push_back('}');
      if (opt) {
        out += ", []string{";
        bool first = true;
        for (size_t i = 0; i < n; ++i) {
          if (!t.attr_optional(i)) continue;
          if (!first) out += ", ";
          first = false;
          text::append_go_quoted(out, t.attr_name(i));
        }
        out.push_back('}');
      }
      out.push_back(')');
      return;
    }
    case TypeKind::Tuple: {
      size_t n = t.tuple_size();
      if (n == 0) {
        out += "cty.EmptyTuple";
        return;
      }
      out += "cty.Tuple([]cty.Type{";
      for (size_t i = 0; i < n; ++i) {
        if (i > 0) out += ", ";
        append_type_go(out, t.tuple_elem(i));
      }
      out += "})";
      return;
    }
  }
}

void append_number_go(std::string& out, const Number& x) {
  if (x.is_integer()) {
    out += "cty.NumberIntVal(";
    append_g_shortest(out, x);
    out.push_back(')');
    return;
  }
  bool exact = false;
  double d = x.to_double(&exact);
  if (exact) {
    out += "cty.NumberFloatVal(";
    append_g_float64(out, d);
    out.push_back(')');
    return;
  }
  out += "cty.MustParseNumberVal(";
  text::append_go_quoted(out, x.text());
  out.push_back(')');
}

void append_value_go(std::string& out, const Value& v);

void append_elems_go(std::string& out, const Value& v) {
  out += "[]cty.Value{";
  for (size_t i = 0; i < v.length(); ++i) {
    if (i > 0) out += ", ";
    append_value_go(out, v.at(i));
  }
  out += "})";
}

void append_value_go(std::string& out, const Value& v) {
  const Type& t = v.type();
  if (v.is_null()) {
    out += "cty.NullVal(";
    append_type_go(out, t);
    out.push_back(')');
    return;
  }
  if (!v.is_known()) {
    if (t.is_dynamic()) {
      out += "cty.DynamicVal";
      return;
    }
    out += "cty.UnknownVal(";
    append_type_go(out, t);
    out.push_back(')');
    const Refinements& r = v.refinements();
    if (r.empty()) return;
    std::string calls;
    if (r.not_null) calls += ".NotNull()";
    if (!r.prefix.empty()) {
      calls += ".StringPrefixFull(";
      text::append_go_quoted(calls, r.prefix);
      calls.push_back(')');
    }
    if (r.lower) {
      calls += ".NumberLowerBound(";
      append_number_go(calls, r.lower->value);
      calls += r.lower->inclusive ? ", true)" : ", false)";
    }
    if (r.upper) {
      calls += ".NumberUpperBound(";
      append_number_go(calls, r.upper->value);
      calls += r.upper->inclusive ? ", true)" : ", false)";
    }
    if (r.len_min != 0) calls += ".CollectionLengthLowerBound(" + std::to_string(r.len_min) + ")";
    if (r.len_max != INT64_MAX) calls += ".CollectionLengthUpperBound(" + std::to_string(r.len_max) + ")";
    if (calls == ".NotNull()") {
      out += ".RefineNotNull()";
    } else {
      out += ".Refine()" + calls + ".NewValue()";
    }
    return;
  }
  switch (t.kind()) {
    case TypeKind::Bool:
      out += v.as_bool() ? "cty.True" : "cty.False";
      return;
    case TypeKind::Number:
      append_number_go(out, v.as_number());
      return;
    case TypeKind::String:
      out += "cty.StringVal(";
      text::append_go_quoted(out, v.as_string());
      out.push_back(')');
      return;
    case TypeKind::List:
    case TypeKind::Set:
      if (v.length() == 0) {
        out += t.kind() == TypeKind::List ? "cty.ListValEmpty(" : "cty.SetValEmpty(";
        append_type_go(out, t.element());
        out.push_back(')');
        return;
      }
      out += t.kind() == TypeKind::List ? "cty.ListVal(" : "cty.SetVal(";
      append_elems_go(out, v);
      return;
    case TypeKind::Tuple:
      if (v.length() == 0) {
        out += "cty.EmptyTupleVal";
        return;
      }
      out += "cty.TupleVal(";
      append_elems_go(out, v);
      return;
    case TypeKind::Map:
    case TypeKind::Object: {
      size_t n = v.length();
      if (n == 0) {
        if (t.kind() == TypeKind::Object) {
          out += "cty.EmptyObjectVal";
        } else {
          out += "cty.MapValEmpty(";
          append_type_go(out, t.element());
          out.push_back(')');
        }
        return;
      }
      out += t.kind() == TypeKind::Object ? "cty.ObjectVal(" : "cty.MapVal(";
      out += "map[string]cty.Value{";
      for (size_t i = 0; i < n; ++i) {
        if (i > 0) out += ", ";
        text::append_go_quoted(out, t.kind() == TypeKind::Object ? t.attr_name(i) : v.key_at(i));
        out.push_back(':');
        append_value_go(out, v.at(i));
      }
      out += "})";
      return;
    }
    case TypeKind::Dynamic:
      out += "cty.DynamicVal";
      return;
  }
}

}  // namespace

std::string Value::go_string() const {
  std::string out;
  append_value_go(out, *this);
  return out;
}

}  // namespace dynval
