// MessagePack encoder: go-cty's cty/msgpack Marshal, byte for byte
// (docs/gocty-behaviour.md sections 1-6; marshal.go, dynamic.go, unknown.go).
//
// Marshal first converts a value whose type does not conform to the type
// it is encoded as (Type::conforms_to), with convert::convert, the one
// conversion of the library (src/convert); then it writes the value by the
// type. One pass, appending to the caller's string, with two walkers:
//   - exact(): the value's type equals the type and the type has no dynamic
//     position, so every node is encoded by its own type with no per-node
//     type checks (the common case: decoded or schema-built values);
//   - general(): go-cty's marshal() for a conforming value: dynamic
//     positions get the [type JSON, value] wrapper
//     (docs/gocty-behaviour.md#dynamic-wrapper), unknowns
//     are written with all their refinements, by their own type.
// Error paths: list/set/tuple elements PathStep::idx, map entries
// PathStep::key, object attributes PathStep::attr. They are built while
// unwinding, so the happy path pays nothing for them.
#include <cstdint>
#include <algorithm>
#include <string>
#include <string_view>

#include "codec/codec.hpp"
#include "codec/msgpack_write.hpp"
#include "convert/convert.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/refinement.hpp"
#include "values/value.hpp"

namespace dynval::codec {
namespace {

// The msgpack form of a number (marshal.go, docs/gocty-behaviour.md#number-form): Int64() exact ->
// int; Float64() exact and not an integer (or +/-Inf) -> cb; else the
// decimal Text('f', -1) as a string.
class Encoder {
 public:
  Encoder(std::string& out, const EncodeOptions& opts)
      : out_(out), out_base_(out.size() - std::min(out.size(), opts.already_written)), out_limit_(opts.max_output_size) {}

  // Value whose type equals its schema type; no dynamic inside.
  void exact(const Value& v) {
    out_limit_.check(out_.size() - out_base_);
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

  // go-cty marshal(val, ty) for a value whose type conforms to ty.
  void general(const Value& v, const Type& ty) {
    out_limit_.check(out_.size() - out_base_);
    const Type& vt = v.type();
    if (ty.is_dynamic() && !vt.is_dynamic()) {
      wrapper(v);
      return;
    }
    if (!v.is_known()) {
      unknown(v.refinements(), vt);  // marshalUnknownValue(val.Range())
      return;
    }
    if (v.is_null()) {
      mp::write_nil(out_);
      return;
    }
    if (vt == ty && !ty.has_dynamic()) {
      exact(v);
      return;
    }
    switch (ty.kind()) {
      case TypeKind::List:
      case TypeKind::Set: {
        const Type& ety = ty.element();
        const std::span<const Value> elems = v.elements();
        mp::write_array_header(out_, elems.size());
        for (size_t i = 0; i < elems.size(); ++i) {
          try {
            general(elems[i], ety);
          } catch (Error& e) {
            e.prepend(PathStep::idx(int64_t(i)));
            throw;
          }
        }
        return;
      }
      case TypeKind::Tuple: {
        const size_t n = ty.tuple_size();
        if (v.length() != n) break;
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
        const Type& ety = ty.element();
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
        mp::write_map_header(out_, n);
        for (size_t i = 0; i < n; ++i) {
          const std::string_view name = ty.attr_name(i);
          const Value* av = v.get(name);
          if (av == nullptr) throw Error(Status::Internal, "msgpack encoder: attribute missing after conversion");
          mp::write_str(out_, name);
          try {
            general(*av, ty.attr_type(i));
          } catch (Error& e) {
            e.prepend(PathStep::attr(name));
            throw;
          }
        }
        return;
      }
      default:
        // Primitives: a conforming value has exactly the type.
        exact(v);
        return;
    }
    throw Error(Status::Internal, "msgpack encoder: value of type " + vt.friendly_name() +
                                      " does not conform to " + ty.friendly_name());
  }

 private:
  // dynamic.go: [type JSON as bin, value marshalled with its own type].
  void wrapper(const Value& v) {
    out_.push_back(char(0x92));
    mp::write_bin_of(out_, [&](std::string& o) { v.type().append_json(o); });
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
      case TypeKind::Number: {
        // go-cty skips a bound only when it is the NegativeInfinity /
        // PositiveInfinity singleton (pointer identity), i.e. never set; a
        // set or decoded +/-Inf bound is written. nullopt = never set.
        // A bound written as decimal text can be thousands of bytes
        // (1e9000), past what any decoder reads back; go-cty writes it
        // anyway. We drop the longer bound, then the other, until the
        // payload fits: the unknown promises less, but truly
        // (docs/gocty-differences.md#oversize-bounds).
        std::string lower, upper;
        if (r.lower) bound_entry(lower, 3, *r.lower);
        if (r.upper) bound_entry(upper, 4, *r.upper);
        const size_t fixed = 1 + body.size();  // map header, not-null entry
        if (fixed + lower.size() + upper.size() > mp::kMaxRefinedUnknownPayload) {
          std::string& longer = lower.size() >= upper.size() ? lower : upper;
          longer.clear();
          if (fixed + lower.size() + upper.size() > mp::kMaxRefinedUnknownPayload) {
            lower.clear();
            upper.clear();
          }
        }
        count += !lower.empty() + !upper.empty();
        body += lower;
        body += upper;
        break;
      }
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

  // One bound entry of a refined number: key, [number, inclusive].
  static void bound_entry(std::string& out, char key, const NumberBound& b) {
    out.push_back(key);
    out.push_back(char(0x92));
    mp::write_number(out, b.value);
    mp::write_bool(out, b.inclusive);
  }

  std::string& out_;
  size_t out_base_;
  OutputLimit out_limit_;
  std::string scratch_;
};

}  // namespace

void msgpack_encode(std::string& out, const Value& v, const Type& type, const EncodeOptions& opts) {
  const size_t start = out.size();
  Encoder enc(out, opts);
  try {
    if (v.type() == type && !type.has_dynamic()) {
      enc.exact(v);
    } else if (v.type().conforms_to(type)) {
      enc.general(v, type);
    } else {
      enc.general(convert::convert(v, type), type);
    }
    OutputLimit(opts.max_output_size).check(out.size() - start + opts.already_written);
  } catch (...) {
    out.resize(start);  // nothing is appended on failure
    throw;
  }
}

}  // namespace dynval::codec
