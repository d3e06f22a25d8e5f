// MessagePack encoder: go-cty's cty/msgpack Marshal, byte for byte
// (docs/gocty-behaviour.md sections 1-6; marshal.go, dynamic.go, unknown.go).
//
// One pass over the value, appending to the caller's string. Two walkers:
//   - exact(): the value's type equals the schema type and the schema has no
//     dynamic position, so every node is encoded by its own type with no
//     per-node type checks (the common case: decoded or schema-built values);
//   - general(): handles dynamic positions (wrapper, docs/gocty-behaviour.md#dynamic-wrapper) and values
//     whose type differs from the schema type. A value whose type conforms
//     to the schema type (dynamic there, anything here) is written as it is,
//     unknowns with all their refinements; any other go-cty first passes
//     through convert.Convert (docs/gocty-behaviour.md#marshal-order). The conversions done here
//     are the ones convert performs for like-shaped values: primitive
//     string<->number/bool and number/bool->string, element-wise list/map/
//     tuple/object conversion (object: schema attributes only, missing
//     optional attributes as null), and unknown/null of any type to unknown/
//     null of the target (keeping only NotNull, like convert's
//     prepareUnknownResult). Anything else is Status::TypeMismatch.
// Error paths: list/set/tuple elements PathStep::idx, map entries
// PathStep::key, object attributes PathStep::attr. They are built while
// unwinding, so the happy path pays nothing for them.
#include <cstdint>
#include <string>
#include <string_view>

#include "codec/codec.hpp"
#include "codec/msgpack_write.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/refinement.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

[[noreturn]] void mismatch(const Type& want) {
  throw Error(Status::TypeMismatch, want.friendly_name() + " required");
}

// go-cty Type.TestConformance(want) == nil (cty/type_conform.go): `given`
// equals `want` except that `want` may have dynamic where `given` has any
// type. (values_detail::type_conforms is private to src/values.)
bool conforms(const Type& given, const Type& want) {
  if (want.is_dynamic() || given == want) return true;
  if (given.kind() != want.kind()) return false;
  switch (want.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
      return conforms(given.element(), want.element());
    case TypeKind::Object: {
      const size_t n = want.attr_count();
      if (given.attr_count() != n) return false;
      for (size_t i = 0; i < n; ++i) {
        if (given.attr_name(i) != want.attr_name(i)) return false;
        if (!conforms(given.attr_type(i), want.attr_type(i))) return false;
      }
      return true;
    }
    case TypeKind::Tuple: {
      const size_t n = want.tuple_size();
      if (given.tuple_size() != n) return false;
      for (size_t i = 0; i < n; ++i) {
        if (!conforms(given.tuple_elem(i), want.tuple_elem(i))) return false;
      }
      return true;
    }
    default:
      return false;  // different primitives
  }
}

// The msgpack form of a number (marshal.go, docs/gocty-behaviour.md#number-form): Int64() exact ->
// int; Float64() exact and not an integer (or +/-Inf) -> cb; else the
// decimal Text('f', -1) as a string.
class Encoder {
 public:
  explicit Encoder(std::string& out) : out_(out) {}

  // Value whose type equals its schema type; no dynamic inside.
  void exact(const Value& v) {
    const Type& ty = v.type();
    switch (v.state()) {
      case Value::State::Unknown: unknown(v.refinements(), ty); return;
      case Value::State::Null: mp::write_nil(out_); return;
      case Value::State::Known: break;
    }
    switch (ty.kind()) {
      case TypeKind::Bool: mp::write_bool(out_, v.as_bool()); return;
      case TypeKind::Number: mp::write_number(out_, v.as_number()); return;
      case TypeKind::String: mp::write_str(out_, v.as_string()); return;
      case TypeKind::List:
      case TypeKind::Set:
      case TypeKind::Tuple: {
        const std::span<const Value> elems = v.elements();
        mp::write_array_header(out_, elems.size());
        for (size_t i = 0; i < elems.size(); ++i) {
          try {
            exact(elems[i]);
          } catch (Error& e) {
            e.prepend(PathStep::idx(int64_t(i)));
            throw;
          }
        }
        return;
      }
      case TypeKind::Map: {
        const size_t n = v.length();
        mp::write_map_header(out_, n);
        for (size_t i = 0; i < n; ++i) {
          mp::write_str(out_, v.key_at(i));
          try {
            exact(v.at(i));
          } catch (Error& e) {
            e.prepend(PathStep::key(v.key_at(i)));
            throw;
          }
        }
        return;
      }
      case TypeKind::Object: {
        const std::span<const TypeAttr> attrs = ty.attrs();
        const std::span<const Value> vals = v.elements();
        mp::write_map_header(out_, attrs.size());
        for (size_t i = 0; i < attrs.size(); ++i) {
          mp::write_str(out_, attrs[i].name);
          try {
            exact(vals[i]);
          } catch (Error& e) {
            e.prepend(PathStep::attr(attrs[i].name));
            throw;
          }
        }
        return;
      }
      case TypeKind::Dynamic: break;
    }
    throw Error(Status::Internal, "known value of dynamic type");
  }

  // Any value against any schema type (marshal() with the up-front
  // conversion folded in).
  void general(const Value& v, const Type& ty) {
    const Type& vt = v.type();
    if (ty.is_dynamic()) {
      if (!vt.is_dynamic()) {
        wrapper(v);
        return;
      }
      // DynamicVal or NullVal(DynamicPseudoType): no wrapper.
      if (!v.is_known()) {
        mp::write_unknown(out_);
      } else if (v.is_null()) {
        mp::write_nil(out_);
      } else {
        throw Error(Status::Internal, "known value of dynamic type");
      }
      return;
    }
    if (vt == ty) {
      if (!ty.has_dynamic()) {
        exact(v);
        return;
      }
    } else if (conforms(vt, ty)) {
      // go-cty Marshal converts only when val.Type().TestConformance(ty)
      // fails; a value whose type conforms (ty has dynamic where vt has a
      // concrete type) is marshalled as it is. An unknown keeps all its
      // refinements: marshalUnknownValue(val.Range()) uses the value's own
      // type. Known collections (sets included) keep their stored order and
      // recurse below, writing wrappers at the dynamic positions.
      if (!v.is_known()) {
        unknown(v.refinements(), vt);
        return;
      }
    } else {
      convertible_or_throw(vt, ty);
      if (!v.is_known()) {
        // convert's prepareUnknownResult: only NotNull carries over.
        Refinements r;
        r.not_null = v.refinements().not_null;
        unknown(r, ty);
        return;
      }
      if (v.is_null()) {
        mp::write_nil(out_);
        return;
      }
      if (ty.is_primitive()) {
        convert_primitive(v, ty);
        return;
      }
    }
    // Here: v's type has the same kind as ty (equal types with dynamic
    // inside, or a structural conversion).
    if (!v.is_known()) {
      unknown(v.refinements(), ty);
      return;
    }
    if (v.is_null()) {
      mp::write_nil(out_);
      return;
    }
    switch (ty.kind()) {
      case TypeKind::List:
      case TypeKind::Set: {
        const Type ety = ty.element();
        const size_t n = v.length();
        mp::write_array_header(out_, n);
        for (size_t i = 0; i < n; ++i) {
          try {
            general(v.at(i), ety);
          } catch (Error& e) {
            e.prepend(PathStep::idx(int64_t(i)));
            throw;
          }
        }
        return;
      }
      case TypeKind::Tuple: {
        const size_t n = ty.tuple_size();
        mp::write_array_header(out_, n);
        for (size_t i = 0; i < n; ++i) {
          try {
            general(v.at(i), ty.tuple_elem(i));
          } catch (Error& e) {
            e.prepend(PathStep::idx(int64_t(i)));
            throw;
          }
        }
        return;
      }
      case TypeKind::Map: {
        const Type ety = ty.element();
        const size_t n = v.length();
        mp::write_map_header(out_, n);
        for (size_t i = 0; i < n; ++i) {
          mp::write_str(out_, v.key_at(i));
          try {
            general(v.at(i), ety);
          } catch (Error& e) {
            e.prepend(PathStep::key(v.key_at(i)));
            throw;
          }
        }
        return;
      }
      case TypeKind::Object: {
        const size_t n = ty.attr_count();
        const bool same_shape = (vt == ty);
        mp::write_map_header(out_, n);
        for (size_t i = 0; i < n; ++i) {
          const std::string_view name = ty.attr_name(i);
          mp::write_str(out_, name);
          try {
            // Schema attributes only (extra value attributes are dropped by
            // convert); a missing optional attribute is null.
            const Value* av = same_shape ? &v.at(i) : v.get(name);
            if (av == nullptr) {
              if (!ty.attr_optional(i)) {
                throw Error(Status::TypeMismatch,
                            "attribute " + text::go_quoted(name) + " is required");
              }
              mp::write_nil(out_);
            } else {
              general(*av, ty.attr_type(i));
            }
          } catch (Error& e) {
            e.prepend(PathStep::attr(name));
            throw;
          }
        }
        return;
      }
      default:
        break;
    }
    throw Error(Status::Internal, "unexpected type in msgpack encoder");
  }

 private:
  // convert.GetConversion exists for these (vt != ty, ty not dynamic)?
  static void convertible_or_throw(const Type& vt, const Type& ty) {
    if (vt.is_dynamic()) return;  // DynamicVal / null dynamic -> unknown/null of ty
    const TypeKind a = vt.kind(), b = ty.kind();
    if (vt.is_primitive() && ty.is_primitive()) {
      // safe: number/bool -> string; unsafe (Convert allows): string -> number/bool.
      if (b == TypeKind::String || a == TypeKind::String) return;
      mismatch(ty);
    }
    if (a == b) {
      if (a == TypeKind::Tuple && vt.tuple_size() != ty.tuple_size()) mismatch(ty);
      if (a == TypeKind::Set) {
        // Converting set elements could change their order and identity;
        // only equal element types or a dynamic element slot are supported.
        if (!(vt.element() == ty.element()) && !ty.element().is_dynamic()) mismatch(ty);
      }
      return;  // element/attribute conversions are checked while encoding
    }
    mismatch(ty);
  }

  void convert_primitive(const Value& v, const Type& ty) {
    switch (ty.kind()) {
      case TypeKind::String:
        if (v.type().kind() == TypeKind::Number) {
          std::string t = v.as_number().text();  // convert: Text('f', -1)
          mp::write_str(out_, t);
        } else {
          mp::write_str(out_, v.as_bool() ? "true" : "false");
        }
        return;
      case TypeKind::Number: {
        auto n = Number::parse(v.as_string());
        if (!n) throw Error(Status::TypeMismatch, "a number is required");
        mp::write_number(out_, *n);
        return;
      }
      case TypeKind::Bool: {
        const std::string_view s = v.as_string();
        if (s == "true" || s == "1") {
          mp::write_bool(out_, true);
        } else if (s == "false" || s == "0") {
          mp::write_bool(out_, false);
        } else if (s == "True" || s == "TRUE") {
          throw Error(Status::TypeMismatch,
                      "a bool is required; to convert from string, use lowercase \"true\"");
        } else if (s == "False" || s == "FALSE") {
          throw Error(Status::TypeMismatch,
                      "a bool is required; to convert from string, use lowercase \"false\"");
        } else {
          throw Error(Status::TypeMismatch, "a bool is required");
        }
        return;
      }
      default:
        break;
    }
    mismatch(ty);
  }

  // dynamic.go: [type JSON as bin, value marshalled with its own type].
  void wrapper(const Value& v) {
    out_.push_back(char(0x92));
    const size_t hdr = out_.size();
    out_.append("\xc4\x00", 2);  // placeholder bin8 header
    v.type().append_json(out_);
    const size_t len = out_.size() - hdr - 2;
    if (len <= 0xff) {
      out_[hdr + 1] = char(len);
    } else {
      std::string h;
      mp::write_bin_header(h, len);
      out_.replace(hdr, 2, h);
    }
    if (!v.type().has_dynamic()) {
      exact(v);
    } else {
      general(v, v.type());
    }
  }

  // unknown.go marshalUnknownValue. `ty` is the value's (converted) type.
  void unknown(const Refinements& r, const Type& ty) {
    if (ty.is_dynamic()) {
      mp::write_unknown(out_);
      return;
    }
    std::string& body = scratch_;
    body.clear();
    size_t count = 0;
    if (r.not_null) {
      ++count;
      body.push_back(1);
      mp::write_bool(body, false);
    }
    switch (ty.kind()) {
      case TypeKind::Number:
        // go-cty skips a bound only when it is the NegativeInfinity /
        // PositiveInfinity singleton (pointer identity), i.e. never set; a
        // set or decoded +/-Inf bound is written. nullopt = never set.
        if (r.lower) {
          ++count;
          body.push_back(3);
          body.push_back(char(0x92));
          mp::write_number(body, r.lower->value);
          mp::write_bool(body, r.lower->inclusive);
        }
        if (r.upper) {
          ++count;
          body.push_back(4);
          body.push_back(char(0x92));
          mp::write_number(body, r.upper->value);
          mp::write_bool(body, r.upper->inclusive);
        }
        break;
      case TypeKind::String:
        if (!r.prefix.empty()) {
          // go-cty tests the untruncated prefix for emptiness, then writes
          // the (possibly shortened, even emptied) wire prefix.
          ++count;
          body.push_back(2);
          mp::write_str(body, encoded_prefix(r));
        }
        break;
      case TypeKind::List:
      case TypeKind::Set:
      case TypeKind::Map:
        if (r.len_min != 0) {
          ++count;
          body.push_back(5);
          mp::write_int(body, r.len_min);
        }
        if (r.len_max != INT64_MAX) {
          ++count;
          body.push_back(6);
          mp::write_int(body, r.len_max);
        }
        break;
      default:
        break;
    }
    if (count == 0) {
      mp::write_unknown(out_);
      return;
    }
    // The map length header is encoded separately and counted in the ext
    // payload length (count < 16 always: a fixmap byte).
    mp::write_ext_header(out_, mp::kExtRefinedUnknown, body.size() + 1);
    mp::write_map_header(out_, count);
    out_.append(body);
  }

  std::string& out_;
  std::string scratch_;
};

}  // namespace

void msgpack_encode(std::string& out, const Value& v, const Type& type) {
  const size_t start = out.size();
  Encoder enc(out);
  try {
    if (v.type() == type && !type.has_dynamic()) {
      enc.exact(v);
    } else {
      enc.general(v, type);
    }
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

}  // namespace dynval::codec
