// JSON encoding of a cty value by type: go-cty cty/json Marshal
// (marshal.go, value.go; docs/gocty-behaviour.md#json-encoding).
//
// Output is byte-identical to go-cty v1.18.1 built with Go >= 1.22: no
// whitespace, Go encoding/json string escaping (text::append_json_quoted),
// numbers as big.Float Text('f', -1) (Number::append_text), map keys and object
// attributes in bytewise order, every schema attribute written (nulls
// included), and the {"value":...,"type":...} wrapper (value first) where the
// schema type is dynamic and the value's type is not.
//
// go-cty first runs convert.Convert when the value does not conform to the
// type. We apply the same primitive conversions inline while walking (number ->
// string via Text('f', -1), bool -> "true"/"false", string -> number/bool when
// parseable) and treat missing optional attributes as null, as the object
// conversion does; any other structural mismatch is Status::TypeMismatch.
#include <string>
#include <string_view>

#include "codec/codec.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

[[noreturn]] void mismatch(std::string msg) { throw Error(Status::TypeMismatch, std::move(msg)); }

// convert's unsafe string -> bool conversion (conversion_primitive.go).
bool string_to_bool(std::string_view s) {
  if (s == "true" || s == "1") return true;
  if (s == "false" || s == "0") return false;
  std::string lower(s);
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  if (lower == "true") mismatch("a bool is required; to convert from string, use lowercase \"true\"");
  if (lower == "false") mismatch("a bool is required; to convert from string, use lowercase \"false\"");
  mismatch("a bool is required");
}

class JsonEncoder {
 public:
  explicit JsonEncoder(std::string& out) : out_(out) {}

  // marshal(val, t, path, b), in go-cty's order of checks: unknown, dynamic
  // wrapper, null, then by the *schema* type.
  void encode(const Value& v, const Type& t) {
    if (!v.is_known()) throw Error(Status::UnknownValue, "value is not known");
    const TypeKind tk = t.kind();
    if (tk == TypeKind::Dynamic && !v.type().is_dynamic()) {
      encode_dynamic(v);
      return;
    }
    if (v.is_null()) {
      out_.append("null", 4);
      return;
    }
    const TypeKind vk = v.type().kind();
    switch (tk) {
      case TypeKind::String:
        encode_string(v, vk);
        return;
      case TypeKind::Number:
        encode_number(v, vk);
        return;
      case TypeKind::Bool:
        encode_bool(v, vk);
        return;
      case TypeKind::List:
      case TypeKind::Set:
        if (vk != tk) mismatch_type(v, t);
        encode_sequence(v, t.element());
        return;
      case TypeKind::Tuple:
        if (vk != TypeKind::Tuple || v.length() != t.tuple_size()) mismatch_type(v, t);
        encode_tuple(v, t);
        return;
      case TypeKind::Map:
        if (vk != TypeKind::Map) mismatch_type(v, t);
        encode_map(v, t.element());
        return;
      case TypeKind::Object:
        if (vk != TypeKind::Object) mismatch_type(v, t);
        encode_object(v, t);
        return;
      case TypeKind::Dynamic:
        // A known, non-null value always has a concrete type, so the wrapper
        // branch above has taken it.
        throw Error(Status::Internal, "known value of dynamic type");
    }
    throw Error(Status::Internal, "unsupported type");
  }

 private:
  [[noreturn]] static void mismatch_type(const Value& v, const Type& t) {
    mismatch(t.friendly_name() + " required, but have " + v.type().friendly_name());
  }

  // marshalDynamic: {"value":<v as its own type>,"type":<type JSON>}. go-cty
  // re-wraps inner errors as "failed to serialize value: ..."; we keep the
  // inner status and the full inner path (go-cty reports the wrapper's path).
  void encode_dynamic(const Value& v) {
    out_.append("{\"value\":", 9);
    try {
      encode(v, v.type());
    } catch (Error& e) {
      Error wrapped(e.status(), "failed to serialize value: " + e.message(), e.path(), e.offset());
      throw wrapped;
    }
    out_.append(",\"type\":", 8);
    v.type().append_json(out_);
    out_.push_back('}');
  }

  void encode_string(const Value& v, TypeKind vk) {
    switch (vk) {
      case TypeKind::String:
        text::append_json_quoted(out_, v.as_string());
        return;
      case TypeKind::Number: {
        // convert: Number -> String is f.Text('f', -1) (ASCII, no escaping
        // needed beyond the quotes).
        out_.push_back('"');
        v.as_number().append_text(out_);
        out_.push_back('"');
        return;
      }
      case TypeKind::Bool:
        if (v.as_bool())
          out_.append("\"true\"", 6);
        else
          out_.append("\"false\"", 7);
        return;
      default:
        mismatch("string required, but have " + v.type().friendly_name());
    }
  }

  void append_number(const Number& n) {
    // go-cty: RawEquals(PositiveInfinity/NegativeInfinity) -> error.
    if (n.is_inf()) throw Error(Status::Unsupported, "cannot serialize infinity as JSON");
    n.append_text(out_);
  }

  void encode_number(const Value& v, TypeKind vk) {
    switch (vk) {
      case TypeKind::Number:
        append_number(v.as_number());
        return;
      case TypeKind::String: {
        // convert: String -> Number is ParseNumberVal.
        std::optional<Number> n = Number::parse(v.as_string());
        if (!n) mismatch("a number is required");
        append_number(*n);
        return;
      }
      default:
        mismatch("number required, but have " + v.type().friendly_name());
    }
  }

  void encode_bool(const Value& v, TypeKind vk) {
    bool b;
    switch (vk) {
      case TypeKind::Bool:
        b = v.as_bool();
        break;
      case TypeKind::String:
        b = string_to_bool(v.as_string());
        break;
      default:
        mismatch("bool required, but have " + v.type().friendly_name());
    }
    if (b)
      out_.append("true", 4);
    else
      out_.append("false", 5);
  }

  // List and set elements (sets in go-cty iteration order, which is the
  // stored order). Set error paths use the element index (go-cty uses the
  // element value itself as the index key).
  void encode_sequence(const Value& v, const Type& ety) {
    out_.push_back('[');
    const std::span<const Value> elems = v.elements();
    for (size_t i = 0; i < elems.size(); ++i) {
      if (i) out_.push_back(',');
      try {
        encode(elems[i], ety);
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
    }
    out_.push_back(']');
  }

  void encode_tuple(const Value& v, const Type& t) {
    out_.push_back('[');
    const size_t n = v.length();
    for (size_t i = 0; i < n; ++i) {
      if (i) out_.push_back(',');
      try {
        encode(v.at(i), t.tuple_elem(i));
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
    }
    out_.push_back(']');
  }

  void encode_map(const Value& v, const Type& ety) {
    out_.push_back('{');
    const size_t n = v.length();
    for (size_t i = 0; i < n; ++i) {
      if (i) out_.push_back(',');
      const std::string_view k = v.key_at(i);
      text::append_json_quoted(out_, k);
      out_.push_back(':');
      try {
        encode(v.at(i), ety);
      } catch (Error& e) {
        e.prepend(PathStep::key(k));
        throw;
      }
    }
    out_.push_back('}');
  }

  // Every attribute of the schema type, in its (bytewise) order. The value's
  // attributes are sorted the same way, so a merge walk pairs them up and
  // finds the attributes the object conversion would reject.
  void encode_object(const Value& v, const Type& t) {
    const Type& vt = v.type();
    if (vt.node() == t.node() && !t.has_dynamic()) {
      // The value has exactly the schema type (the common case): every
      // attribute is present and has exactly its attribute type.
      const std::span<const TypeAttr> attrs = t.attrs();
      const std::span<const Value> vals = v.elements();
      out_.push_back('{');
      for (size_t i = 0; i < attrs.size(); ++i) {
        if (i) out_.push_back(',');
        text::append_json_quoted(out_, attrs[i].name);
        out_.push_back(':');
        try {
          encode(vals[i], vals[i].type());
        } catch (Error& e) {
          e.prepend(PathStep::attr(attrs[i].name));
          throw;
        }
      }
      out_.push_back('}');
      return;
    }
    const size_t na = t.attr_count();
    const size_t nv = vt.attr_count();
    size_t j = 0;
    out_.push_back('{');
    for (size_t i = 0; i < na; ++i) {
      const std::string_view name = t.attr_name(i);
      while (j < nv && vt.attr_name(j) < name) unsupported_attr(vt.attr_name(j));
      if (i) out_.push_back(',');
      text::append_json_quoted(out_, name);
      out_.push_back(':');
      if (j < nv && vt.attr_name(j) == name) {
        try {
          encode(v.at(j), t.attr_type(i));
        } catch (Error& e) {
          e.prepend(PathStep::attr(name));
          throw;
        }
        ++j;
      } else if (t.attr_optional(i)) {
        // convert fills an absent optional attribute with null.
        out_.append("null", 4);
      } else {
        std::string msg = "attribute ";
        text::append_go_quoted(msg, name);
        msg += " is required";
        throw Error(Status::TypeMismatch, std::move(msg));
      }
    }
    if (j < nv) unsupported_attr(vt.attr_name(j));
    out_.push_back('}');
  }

  [[noreturn]] static void unsupported_attr(std::string_view name) {
    std::string msg = "unsupported attribute ";
    text::append_go_quoted(msg, name);
    throw Error(Status::TypeMismatch, std::move(msg));
  }

  std::string& out_;
};

}  // namespace

void json_encode(std::string& out, const Value& v, const Type& type) {
  const size_t start = out.size();
  try {
    JsonEncoder(out).encode(v, type);
  } catch (...) {
    out.resize(start);  // leave the caller's buffer as it was
    throw;
  }
}

}  // namespace dynval::codec
