// Private to src/codec: the one typed walk of MessagePack input, go-cty's
// cty/msgpack Unmarshal (unmarshal.go, unknown.go). Every rule of what a
// value of each type may be, with its message, path and offset, is here
// once: lists, sets, tuples, maps, objects (ignore-undefined included),
// dynamic wrappers, unknowns and their refinements, and the count and depth
// limits. The bytes are read by MsgpackReader (msgpack_reader.hpp); what is
// made of each value is the output's (walk_out.hpp):
//
//   walk(TreeOut&, type)           msgpack_decode (msgpack_decode.cpp)
//   walk(StreamOut<Sink>&, type)   msgpack_to_json, msgpack_to_msgpack
//                                  (transcode.cpp)
//
// The output is a template parameter of each member (passed down the
// recursion), not of the class, so that a stream can walk a part into a
// TreeOut on the same reader.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "codec/msgpack_reader.hpp"
#include "codec/walk_out.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec::detail {

class MsgpackWalk : public MsgpackReader {
 public:
  // ignore_undefined: DecodeOptions::ignore_undefined_attributes (object
  // entries whose key is not an attribute are skipped, their values only
  // walked over).
  MsgpackWalk(const uint8_t* begin, const uint8_t* p, const uint8_t* end, DocumentBudget& budget,
              bool ignore_undefined)
      : MsgpackReader(begin, p, end, budget), ignore_undefined_(ignore_undefined) {}

  // unmarshal(): one value of schema type `ty` (no optional markers).
  template <class Out>
  typename Out::R walk(Out& out, const Type& ty) {
    out.at_value(offset());
    if (at_end()) fail(Status::Parse, "EOF", offset());
    const uint8_t c = peek();
    if (is_ext(c)) {
      Value v = read_unknown(ty);
      return out.value(std::move(v), ty, offset());
    }
    if (ty.is_dynamic()) return dynamic(out);
    if (c == 0xc0) {
      advance();
      return out.null(ty);
    }
    switch (ty.kind()) {
      case TypeKind::Bool:
        if (c == 0xc2 || c == 0xc3) {
          advance();
          return out.boolean(c == 0xc3);
        }
        fail(Status::TypeMismatch, "bool is required", offset());
      case TypeKind::Number:
        return number(out, c);
      case TypeKind::String: {
        const size_t at = offset();
        std::string_view s;
        if (!read_str_or_bin(s)) fail(Status::TypeMismatch, "string is required", at);
        return out.string(s, text::is_nfc(s));
      }
      case TypeKind::Set:
        if constexpr (!Out::kTree) return whole(out, ty, ty);
        return array(out, ty);
      case TypeKind::List:
        if constexpr (!Out::kTree) {
          if (ty.element().has_dynamic()) return whole(out, ty, ty);
        }
        return array(out, ty);
      case TypeKind::Tuple:
        return array(out, ty);
      case TypeKind::Map:
        if constexpr (!Out::kTree) {
          if (ty.element().has_dynamic()) return whole(out, ty, ty);
        }
        return map(out, ty);
      case TypeKind::Object:
        return object(out, ty);
      case TypeKind::Dynamic:
        break;
    }
    fail(Status::Internal, "unsupported type " + ty.friendly_name(), offset());
  }

 private:
  using DepthGuard = MsgpackReader::DepthGuard;

  [[noreturn]] static void fail(Status s, std::string msg, size_t at) { MsgpackReader::fail(s, std::move(msg), at); }

  // A stream's value that must be built whole first (walk_out.hpp), then
  // written with type `written`.
  template <class Out>
  typename Out::R whole(Out& out, const Type& ty, const Type& written) {
    Value v = walk(out.tree(), ty);
    return out.value(std::move(v), written, offset());
  }

  // unmarshalPrimitive, cty.Number: integers as NumberIntVal /
  // NumberUIntVal, floats and number text by read_number.
  template <class Out>
  typename Out::R number(Out& out, uint8_t c) {
    if (c <= 0x7f || c >= 0xe0 || (c >= 0xcc && c <= 0xd3)) {
      int64_t v;
      uint64_t u;
      bool big;
      read_int(v, u, big);
      return big ? out.big_uint(u) : out.integer(v);
    }
    return out.number(read_number());
  }

  // Lists, sets and tuples.
  template <class Out>
  typename Out::R array(Out& out, const Type& ty) {
    const size_t at = offset();
    const TypeKind k = ty.kind();
    size_t n;
    if (!read_array_len(n)) {
      fail(Status::TypeMismatch,
           k == TypeKind::Set ? "a set is required" : k == TypeKind::Tuple ? "a tuple is required" : "a list is required",
           at);
    }
    if (k == TypeKind::Tuple && n != ty.tuple_size()) {
      // go-cty returns EmptyTupleVal for a zero-length array whatever the
      // schema; that value has the wrong type, so it is an error here.
      fail(Status::TypeMismatch, "a tuple of length " + std::to_string(ty.tuple_size()) + " is required", at);
    }
    if (n == 0) {
      auto f = out.seq_begin(ty, 0);
      return out.seq_end(f, ty, at);
    }
    check_count(n, 1, at);  // before anything is sized by n
    DepthGuard guard(*this, at);
    auto f = out.seq_begin(ty, n);
    for (size_t i = 0; i < n; ++i) {
      out.elem_begin(f);
      try {
        out.elem_end(f, walk(out, k == TypeKind::Tuple ? ty.tuple_elem(i) : ty.element()));
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
    }
    return out.seq_end(f, ty, at);
  }

  template <class Out>
  typename Out::R map(Out& out, const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "a map is required", at);
    if (n == 0) {
      auto f = out.map_begin(ty, 0);
      return out.map_end(f, ty, at);
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const Type& ety = ty.element();
    auto f = out.map_begin(ty, n);
    for (size_t i = 0; i < n; ++i) {
      const size_t kat = offset();
      std::string_view raw;
      // go-cty's DecodeString accepts str, bin and nil (as "").
      if (!read_str_or_bin(raw, /*allow_nil=*/true)) fail(Status::TypeMismatch, "non-string key in map", kat);
      out.map_key(f, raw, /*in_input=*/true);
      try {
        out.map_value(f, walk(out, ety));
      } catch (Error& e) {
        e.prepend(PathStep::key(text::to_nfc(raw)));  // go-cty: IndexStep{StringVal(key)}
        throw;
      }
    }
    return out.map_end(f, ty, at);  // NFC keys; duplicates: last wins
  }

  // Per-object state of read_attr_key: whether the keys so far came in the
  // schema's order, and which attributes were seen (duplicate detection).
  struct AttrKeys {
    explicit AttrKeys(size_t n) : n(n) {
      if (n > 64) seen_big.assign(n, false);
    }
    size_t n;
    bool in_order = true;
    uint64_t seen_small = 0;
    std::vector<bool> seen_big;
  };

  // Reads the key of an object map entry and returns its attribute index
  // (errors: non-string key, unsupported or duplicate attribute); i is the
  // number of attributes read before it. Encoders (go-cty included) write
  // attributes in sorted order, which is the schema's order: then each key
  // is checked against attribute i with one compare. Any other order clears
  // keys.in_order and falls back to a binary search. With
  // ignore_undefined_attributes, an unsupported key returns SIZE_MAX (the
  // caller skips its value).
  size_t read_attr_key(const Type& ty, std::span<const TypeAttr> attrs, size_t i, AttrKeys& keys,
                       std::string_view& key) {
    const size_t kat = offset();
    if (!read_str_or_bin(key, /*allow_nil=*/true)) fail(Status::TypeMismatch, "all keys must be strings", kat);
    // Looked up before NFC normalisation, as go-cty does.
    size_t idx = i;
    if (!keys.in_order || i >= attrs.size() || attrs[i].name != key) {
      idx = ty.attr_index(key);
      if (idx != SIZE_MAX) keys.in_order = false;
    }
    if (idx == SIZE_MAX) {
      if (ignore_undefined_) return SIZE_MAX;
      throw Error(Status::TypeMismatch, "unsupported attribute", {PathStep::key(text::to_nfc(key))}, kat);
    }
    bool dup;
    if (keys.n > 64) {
      dup = keys.seen_big[idx];
      keys.seen_big[idx] = true;
    } else {
      dup = (keys.seen_small >> idx) & 1;
      keys.seen_small |= uint64_t(1) << idx;
    }
    if (dup) throw Error(Status::TypeMismatch, "duplicate attribute " + text::go_quoted(key), {PathStep::attr(key)}, kat);
    return idx;
  }

  template <class Out>
  typename Out::R object(Out& out, const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "an object is required", at);
    const size_t want = ty.attr_count();
    // (go-cty returns EmptyObjectVal for a zero-length map whatever the
    // schema: the wrong type, so an error here.)
    if (n != want && !ignore_undefined_) object_count_mismatch(want, n, at);
    if (n == 0) {
      if (want != 0) object_count_mismatch(want, 0, at);
      auto f = out.obj_begin(ty);
      return out.obj_end(f, ty, at);
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const std::span<const TypeAttr> attrs = ty.attrs();
    AttrKeys keys(want);
    auto f = out.obj_begin(ty);
    size_t found = 0;  // attributes read (entries not skipped)
    for (size_t i = 0; i < n; ++i) {
      std::string_view key;
      const size_t idx = read_attr_key(ty, attrs, found, keys, key);
      if (idx == SIZE_MAX) {  // ignore_undefined_attributes
        skip_item();
        continue;
      }
      ++found;
      out.attr_begin(f, ty, idx);
      try {
        out.attr_end(f, idx, walk(out, attrs[idx].type));
      } catch (Error& e) {
        e.prepend(PathStep::attr(key));
        throw;
      }
    }
    // Entries were skipped and an attribute is missing (every attribute
    // read was read once).
    if (found != want) object_count_mismatch(want, found, at);
    return out.obj_end(f, ty, at);
  }

  [[noreturn]] static void object_count_mismatch(size_t want, size_t given, size_t at) {
    fail(Status::TypeMismatch,
         "an object with " + std::to_string(want) + " attributes is required (" + std::to_string(given) + " given)",
         at);
  }

  // unmarshalDynamic: c0, or [type JSON (bin or str), value]. The encoders
  // write a dynamic position's value with ITS type, which after decode is
  // the wrapper's innermost concrete type.
  template <class Out>
  typename Out::R dynamic(Out& out) {
    const size_t at = offset();
    if (peek() == 0xc0) {  // NullVal(DynamicPseudoType)
      advance();
      return out.null(Type::dynamic());
    }
    read_wrapper_header(at);
    DepthGuard guard(*this, at);
    const Type t = read_wrapper_type();
    if constexpr (Out::kTree) {
      return walk(out, t);
    } else {
      if (!at_end() && is_ext(peek())) {
        // Unknown at the wrapper: JSON fails before writing a wrapper (or
        // writes a refinement-collapsed value with its wrapper).
        Value v = read_unknown(t);
        return out.value(std::move(v), Type::dynamic(), offset());
      }
      if (t.is_dynamic()) return walk(out, t);  // the inner wrapper or null stands for this one
      // The value's type (printed in the wrapper) is rebuilt from the content.
      if (t.has_dynamic()) return whole(out, t, Type::dynamic());
      const int outer = out.wrap_begin(t);
      walk(out, t);
      out.wrap_end(outer, t);
      return {};
    }
  }

  // unmarshalUnknownValue (unknown.go): the extension at the reader, as an
  // unknown of type `ty` with its refinements (or what they collapse to).
  Value read_unknown(const Type& ty) {
        const size_t at = offset();
    const uint8_t c = u8();
    size_t len;
    switch (c) {
      case 0xd4: len = 1; break;
      case 0xd5: len = 2; break;
      case 0xd6: len = 4; break;
      case 0xd7: len = 8; break;
      case 0xd8: len = 16; break;
      case 0xc7: len = u8(); break;
      case 0xc8: len = be16(); break;
      default: len = be32(); break;  // c9
    }
    const uint8_t ext_type = u8();
    if (len <= 1) {  // wholly unknown, any ext type
      if (len > left()) fail(Status::Parse, "failed to read msgpack extension body: unexpected EOF", at);
      p_ += len;
      return Value::unknown(ty);
    }
    if (ext_type != uint8_t(mp::kExtRefinedUnknown)) {
      fail(Status::Parse, "unsupported extension type 0x" + hex2(ext_type) + " with len " + std::to_string(len), at);
    }
    if (len > mp::kMaxRefinedUnknownPayload) throw limits::refinement_payload(len, mp::kMaxRefinedUnknownPayload, at);
    if (len > left()) fail(Status::Parse, "failed to read msgpack extension body: unexpected EOF", at);
    const uint8_t* body = p_;
    p_ += len;

    // The payload is read by a reader limited to it (padding after the map
    // is ignored); offsets stay relative to the whole input.
    MsgpackWalk sub(begin_, body, body + len, budget_, ignore_undefined_);
    sub.depth_ = depth_;
    return sub.refinements(ty, at);
  }

  // The refinement map of an unknown of type `ty` (the payload is the whole
  // of this walk's reader); `at` is the extension's offset.
  Value refinements(const Type& ty, size_t at) {
        auto body_err = [&](Status s, const char* what) -> Error {
      return Error(s, std::string(kExtBody) + what, {}, at);
    };
    size_t count = 0;
    if (!at_end() && peek() == 0xc0) {
      advance();  // DecodeMapLen: nil is a -1 length, no entries
    } else if (at_end() || !read_map_len(count)) {
      throw body_err(Status::Parse, "not a map");
    }
    if (ty.is_dynamic()) return Value::unknown(ty);  // refinements ignored
    if (count > left() / 2) eof();

    Refinements ref;
    enum { NullUnset, NullTrue, NullFalse } nullness = NullUnset;
    for (size_t i = 0; i < count; ++i) {
      int64_t key;
      if (at_end()) eof();
      if (!read_int_like(key)) throw body_err(Status::Parse, "non-integer key in map");
      switch (key) {
        case 1: {  // nullness
          if (at_end()) eof();
          const uint8_t c = peek();
          if (c != 0xc0 && c != 0xc2 && c != 0xc3) throw body_err(Status::Parse, "null refinement is not boolean");
          advance();
          if (c == 0xc3) {
            if (nullness == NullFalse) throw Error(Status::Refinement, "refining non-null value as null", {}, at);
            nullness = NullTrue;
          } else {
            if (nullness == NullTrue) throw Error(Status::Refinement, "refining null value as non-null", {}, at);
            nullness = NullFalse;
            ref.not_null = true;
          }
          break;
        }
        case 2: {  // string prefix
          if (ty.kind() != TypeKind::String) {
            throw body_err(Status::Refinement, "string prefix refinement for non-string type");
          }
          std::string_view s;
          if (at_end()) eof();
          if (!read_str_or_bin(s, /*allow_nil=*/true)) {
            throw body_err(Status::Parse, "string prefix refinement is not string");
          }
          if (!text::is_valid_utf8(s)) throw body_err(Status::Parse, "string prefix refinement is not valid UTF-8");
          std::string pfx = text::is_nfc(s) ? std::string(s) : text::to_nfc(s);
          // StringPrefixFull: a longer prefix must extend the known one.
          if (pfx.size() > ref.prefix.size()) {
            if (pfx.compare(0, ref.prefix.size(), ref.prefix) != 0) {
              throw Error(Status::Refinement, "refined prefix is inconsistent with previous refined prefix", {}, at);
            }
            ref.prefix = std::move(pfx);
          } else if (ref.prefix.compare(0, pfx.size(), pfx) != 0) {
            throw Error(Status::Refinement, "refined prefix is inconsistent with previous refined prefix", {}, at);
          }
          break;
        }
        case 5:
        case 6: {  // collection length bounds
          if (!ty.is_collection()) {
            throw body_err(Status::Refinement, "length lower bound refinement for non-collection type");
          }
          int64_t b;
          if (at_end()) eof();
          if (!read_int_like(b)) {
            throw body_err(Status::Parse, "length bound refinement must be integer or [integer, bool] array");
          }
          if (key == 5) {
            if (b > ref.len_min) ref.len_min = b;  // negative: ignored
          } else if (b < ref.len_max) {
            ref.len_max = b;
          }
          break;
        }
        case 3:
        case 4: {  // number bounds, [number, bool]
          if (ty.kind() != TypeKind::Number) {
            throw body_err(Status::Refinement, "numeric bound refinement for non-number type");
          }
          static const Type bound_ty = Type::tuple({Type::number(), Type::boolean()});
          Value bv;
          try {
            TreeOut tree;
            bv = walk(tree, bound_ty);
          } catch (Error& e) {
            // The digit limits, not the shape; the path into the [number,
            // bool] pair means nothing to the caller.
            if (e.status() == Status::Limit) throw Error(e.status(), e.message(), {}, e.offset());
            throw body_err(Status::Parse, "length bound refinement must be [number, bool] array");
          }
          if (bv.is_null() || !bv.is_wholly_known() || bv.at(0).is_null() || bv.at(1).is_null()) {
            throw body_err(Status::Parse, "length bound refinement must be [number, bool] array");
          }
          NumberBound nb{bv.at(0).as_number(), bv.at(1).as_bool()};
          auto& slot = key == 3 ? ref.lower : ref.upper;
          if (!slot) {
            slot = std::move(nb);
          } else {
            // The builder only ever tightens a bound.
            int cmp = Number::compare(nb.value, slot->value);
            if (key == 4) cmp = -cmp;
            if (cmp > 0 || (cmp == 0 && !nb.inclusive)) slot = std::move(nb);
          }
          break;
        }
        default:
          // Unknown key (forward compatibility): skip its value. go-cty
          // forgets to, and misreads the value as the next key.
          if (at_end()) eof();
          skip_item();
          break;
      }
    }
    if (nullness == NullTrue) return Value::null(ty);
    Value v;
    try {
      v = Value::unknown_refined(ty, std::move(ref));
    } catch (Error& e) {
      e.with_offset(at);
      throw;
    }
    // A not-null list of known length collapses into a known list of
    // unknowns, elements the input does not hold.
    if (v.is_known() && !v.is_null() && ty.kind() == TypeKind::List) budget_.add_synthesized(v.length(), at);
    return v;
  }

  bool ignore_undefined_;
};

}  // namespace dynval::codec::detail
