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
// Like go-cty's Marshal, a value whose type does not conform to the type
// (Type::conforms_to) is first converted by convert::convert, the one
// conversion of the library (src/convert); the walker then assumes a
// conforming value.
#include <algorithm>
#include <string>
#include <string_view>

#include "codec/codec.hpp"
#include "convert/convert.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

class JsonEncoder {
 public:
  JsonEncoder(std::string& out, const EncodeOptions& opts)
      : out_(out), out_base_(out.size() - std::min(out.size(), opts.already_written)), out_limit_(opts.max_output_size) {}

  // marshal(val, t, path, b), in go-cty's order of checks: unknown, dynamic
  // wrapper, null, then by the *schema* type.
  void encode(const Value& v, const Type& t) {
    out_limit_.check(out_.size() - out_base_);
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
    switch (tk) {
      case TypeKind::String:
        text::append_json_quoted(out_, v.as_string());
        return;
      case TypeKind::Number:
        append_number(v.as_number());
        return;
      case TypeKind::Bool:
        if (v.as_bool())
          out_.append("true", 4);
        else
          out_.append("false", 5);
        return;
      case TypeKind::List:
      case TypeKind::Set:
        encode_sequence(v, t.element());
        return;
      case TypeKind::Tuple:
        encode_tuple(v, t);
        return;
      case TypeKind::Map:
        encode_map(v, t.element());
        return;
      case TypeKind::Object:
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
  [[noreturn]] static void not_conforming(const Value& v, const Type& t) {
    throw Error(Status::Internal, "json encoder: value of type " + v.type().friendly_name() +
                                      " does not conform to " + t.friendly_name());
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

  void append_number(const Number& n) {
    // go-cty: RawEquals(PositiveInfinity/NegativeInfinity) -> error.
    if (n.is_inf()) throw json_infinity_error();
    n.append_text(out_);
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
    const size_t n = v.length();
    if (n != t.tuple_size()) not_conforming(v, t);
    out_.push_back('[');
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
      const TypeJsonKeys& keys = t.attr_json_keys();
      const std::span<const Value> vals = v.elements();
      out_.push_back('{');
      for (size_t i = 0; i < attrs.size(); ++i) {
        if (i) out_.push_back(',');
        out_.append(keys[i]);
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
    // A conforming value has exactly the type's attributes (names sorted
    // the same way), each conforming to its attribute type.
    const size_t na = t.attr_count();
    if (vt.attr_count() != na) not_conforming(v, t);
    out_.push_back('{');
    const std::span<const TypeAttr> attrs = t.attrs();
    const TypeJsonKeys& keys = t.attr_json_keys();
    for (size_t i = 0; i < na; ++i) {
      const std::string_view name = attrs[i].name;
      if (vt.attr_name(i) != name) not_conforming(v, t);
      if (i) out_.push_back(',');
      out_.append(keys[i]);
      try {
        encode(v.at(i), t.attr_type(i));
      } catch (Error& e) {
        e.prepend(PathStep::attr(name));
        throw;
      }
    }
    out_.push_back('}');
  }

  std::string& out_;
  size_t out_base_;
  OutputLimit out_limit_;
};

}  // namespace

void json_encode(std::string& out, const Value& v, const Type& type, const EncodeOptions& opts) {
  const size_t start = out.size();
  try {
    if (v.type().conforms_to(type)) {
      JsonEncoder(out, opts).encode(v, type);
    } else {
      JsonEncoder(out, opts).encode(convert::convert(v, type), type);
    }
    OutputLimit(opts.max_output_size).check(out.size() - start + opts.already_written);
  } catch (...) {
    out.resize(start);  // leave the caller's buffer as it was
    throw;
  }
}

}  // namespace dynval::codec
