// The MessagePack reader and type-directed Value decoder: go-cty's cty/msgpack
// Unmarshal. Shared by msgpack_decode.cpp (the whole document) and the
// transcoder (transcode.cpp), which reuses the header readers and
// falls back to decode() for the parts it does not stream (sets, collections
// of dynamic). Moved here unchanged from msgpack_decode.cpp; see the comment
// at the top of that file for the design and the differences from go-cty.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec::detail {

inline constexpr size_t kMaxRefinementPayload = 1024;  // unknown.go
inline constexpr const char* kExtBody = "failed to decode msgpack extension body: ";

inline bool is_ext(uint8_t c) { return (c >= 0xd4 && c <= 0xd8) || (c >= 0xc7 && c <= 0xc9); }

inline std::string hex2(uint8_t c) {
  char b[3];
  std::snprintf(b, sizeof b, "%02x", c);
  return b;
}

class Decoder {
 public:
  // Every part of one document draws on one budget (refinement payloads,
  // decoded by sub-decoders, included).
  Decoder(const uint8_t* begin, const uint8_t* p, const uint8_t* end, DocumentBudget& budget)
      : begin_(begin), p_(p), end_(end), lim_(budget.limits()), budget_(budget) {}

  // DecodeOptions::ignore_undefined_attributes: object map entries whose
  // key is not an attribute of the type are skipped (their values only
  // walked over).
  void set_ignore_undefined_attributes(bool on) { ignore_undefined_ = on; }

  size_t offset() const { return size_t(p_ - begin_); }
  size_t left() const { return size_t(end_ - p_); }

  // unmarshal(): one value of schema type `ty` (no optional markers).
  Value decode(const Type& ty) {
    if (p_ == end_) fail(Status::Parse, "EOF", offset());
    const uint8_t c = *p_;
    if (is_ext(c)) return decode_unknown(ty);
    if (ty.is_dynamic()) return decode_dynamic();
    if (c == 0xc0) {
      ++p_;
      return Value::null(ty);
    }
    switch (ty.kind()) {
      case TypeKind::Bool:
        if (c == 0xc2 || c == 0xc3) {
          ++p_;
          return Value::boolean(c == 0xc3);
        }
        fail(Status::TypeMismatch, "bool is required", offset());
      case TypeKind::Number:
        return Value::number(decode_number());
      case TypeKind::String: {
        const size_t at = offset();
        std::string_view s;
        if (!read_str_or_bin(s)) fail(Status::TypeMismatch, "string is required", at);
        return make_string(s);
      }
      case TypeKind::List:
      case TypeKind::Set:
        return decode_list_or_set(ty);
      case TypeKind::Map:
        return decode_map(ty);
      case TypeKind::Tuple:
        return decode_tuple(ty);
      case TypeKind::Object:
        return decode_object(ty);
      case TypeKind::Dynamic:
        break;
    }
    fail(Status::Internal, "unsupported type " + ty.friendly_name(), offset());
  }

 protected:  // the transcoder derives from Decoder
  [[noreturn]] static void fail(Status s, std::string msg, size_t at) {
    throw Error(s, std::move(msg), {}, at);
  }
  [[noreturn]] void eof() const { fail(Status::Parse, "unexpected EOF", offset()); }

  void need(size_t n) const {
    if (left() < n) eof();
  }
  uint8_t u8() {
    need(1);
    return *p_++;
  }
  uint16_t be16() {
    need(2);
    uint16_t v = uint16_t(p_[0] << 8 | p_[1]);
    p_ += 2;
    return v;
  }
  uint32_t be32() {
    need(4);
    uint32_t v = uint32_t(p_[0]) << 24 | uint32_t(p_[1]) << 16 | uint32_t(p_[2]) << 8 | p_[3];
    p_ += 4;
    return v;
  }
  uint64_t be64() {
    need(8);
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = v << 8 | p_[i];
    p_ += 8;
    return v;
  }

  // The depth limit in effect: Limits::max_depth, but never more than
  // kMaxSupportedDepth, so that a caller-chosen huge limit cannot overflow
  // the C++ stack.
  size_t max_depth() const { return lim_.effective_depth(); }

  // Depth of nested arrays/maps/wrappers, checked against the limit.
  struct DepthGuard {
    Decoder& d;
    DepthGuard(Decoder& dec, size_t at) : d(dec) {
      if (++d.depth_ > d.max_depth()) {
        --d.depth_;
        throw limits::depth(d.max_depth(), at);
      }
    }
    ~DepthGuard() { --d.depth_; }
  };

  // A str or bin item (and for `allow_nil`, nil as ""); false (nothing
  // consumed) if the next item is something else.
  bool read_str_or_bin(std::string_view& out, bool allow_nil = false) {
    const size_t at = offset();
    need(1);
    const uint8_t c = *p_;
    size_t n;
    if (c >= 0xa0 && c <= 0xbf) {
      ++p_;
      n = c & 0x1f;
    } else if (c == 0xd9 || c == 0xc4) {
      ++p_;
      n = u8();
    } else if (c == 0xda || c == 0xc5) {
      ++p_;
      n = be16();
    } else if (c == 0xdb || c == 0xc6) {
      ++p_;
      n = be32();
    } else if (allow_nil && c == 0xc0) {
      ++p_;
      out = {};
      return true;
    } else {
      return false;
    }
    if (n > lim_.max_string_length) throw limits::string_length(n, lim_.max_string_length, at);
    need(n);
    out = std::string_view(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return true;
  }

  static Value make_string(std::string_view s) {
    // StringVal normalises to NFC; skip the copy when it already is.
    return text::is_nfc(s) ? Value::string_nfc(s) : Value::string(s);
  }

  // Array / map header; false (nothing consumed) if the next item is not one.
  bool read_array_len(size_t& n) { return read_container_len(n, 0x90, 0xdc, 0xdd); }
  bool read_map_len(size_t& n) { return read_container_len(n, 0x80, 0xde, 0xdf); }
  // The fix form (fix..fix+15, count in the low nibble), then the 16- and
  // 32-bit forms.
  bool read_container_len(size_t& n, uint8_t fix, uint8_t c16, uint8_t c32) {
    need(1);
    const uint8_t c = *p_;
    if (c >= fix && c <= fix + 0x0f) {
      ++p_;
      n = c & 0x0f;
    } else if (c == c16) {
      ++p_;
      n = be16();
    } else if (c == c32) {
      ++p_;
      n = be32();
    } else {
      return false;
    }
    return true;
  }

  // Every element needs at least one byte (a map entry two): reject lengths
  // the remaining input cannot hold before anything is allocated, and count
  // elements against the document-wide limit.
  void check_count(size_t n, size_t per_item, size_t at) {
    if (n > left() / per_item) {
      fail(Status::Parse,
           "length " + std::to_string(n) + " exceeds the remaining input (unexpected EOF)", at);
    }
    budget_.add_elements(n, at);
  }

  // Integer forms (fixints, cc..cf, d0..d3). Returns false (nothing
  // consumed) if the next item is not an integer. Unsigned values above
  // INT64_MAX are reported through `big`.
  bool read_int(int64_t& v, uint64_t& big, bool& is_big) {
    need(1);
    const uint8_t c = *p_;
    is_big = false;
    if (c <= 0x7f || c >= 0xe0) {
      ++p_;
      v = int8_t(c);
      if (c <= 0x7f) v = c;
      return true;
    }
    switch (c) {
      case 0xcc: ++p_; v = u8(); return true;
      case 0xcd: ++p_; v = be16(); return true;
      case 0xce: ++p_; v = be32(); return true;
      case 0xcf: {
        ++p_;
        const uint64_t u = be64();
        if (u > uint64_t(INT64_MAX)) {
          is_big = true;
          big = u;
        } else {
          v = int64_t(u);
        }
        return true;
      }
      case 0xd0: ++p_; v = int8_t(u8()); return true;
      case 0xd1: ++p_; v = int16_t(be16()); return true;
      case 0xd2: ++p_; v = int32_t(be32()); return true;
      case 0xd3: ++p_; v = int64_t(be64()); return true;
      default: return false;
    }
  }

  // unmarshalPrimitive, cty.Number.
  Number decode_number() {
    const size_t at = offset();
    const uint8_t c = *p_;
    if (c <= 0x7f || c >= 0xe0 || (c >= 0xd0 && c <= 0xd3)) {
      int64_t v;
      uint64_t u;
      bool big;
      read_int(v, u, big);
      return Number::from_int64(v);  // NumberIntVal
    }
    if (c >= 0xcc && c <= 0xcf) {  // NumberUIntVal
      ++p_;
      uint64_t u = c == 0xcc ? u8() : c == 0xcd ? be16() : c == 0xce ? be32() : be64();
      return Number::from_uint64(u);
    }
    if (c == 0xca || c == 0xcb) {  // NumberFloatVal (53 bits), float32 widened
      ++p_;
      double d;
      if (c == 0xca) {
        const uint32_t bits = be32();
        float f;
        std::memcpy(&f, &bits, 4);
        d = f;
      } else {
        const uint64_t bits = be64();
        std::memcpy(&d, &bits, 8);
      }
      if (std::isnan(d)) fail(Status::Parse, "number is required (NaN is not a number)", at);
      return Number::from_double(d);
    }
    std::string_view s;
    if (read_str_or_bin(s)) {  // ParseNumberVal, 512 bits
      // A short text can be a valid number with millions of digits
      // ("1e5944649"): the digit limit applies to what it would print as.
      auto n = parse_number(s, s.size(), budget_, at);
      if (!n) fail(Status::TypeMismatch, "number is required", at);
      return std::move(*n);
    }
    fail(Status::TypeMismatch, "number is required", at);
  }

  // ListVal / SetVal element type rule for schemas with dynamic inside: the
  // element type is the first element's concrete type (cty ListVal);
  // elements of dynamic type (DynamicVal, null dynamic) are allowed beside
  // it and become unknown/null of that type; any other difference is an
  // error (go-cty panics "inconsistent list element types").
  static Type unify(std::span<Value> vals, const Type& schema_ety, const char* what,
                    const std::vector<size_t>& offsets) {
    Type et = schema_ety;
    bool found = false;
    for (const Value& v : vals) {
      if (!v.type().is_dynamic()) {
        et = v.type();
        found = true;
        break;
      }
    }
    if (!found) return Type::dynamic();
    for (size_t i = 0; i < vals.size(); ++i) {
      Value& v = vals[i];
      if (v.type() == et) continue;
      if (v.type().is_dynamic()) {
        v = v.is_known() ? Value::null(et) : Value::unknown(et);
        continue;
      }
      throw Error(Status::TypeMismatch,
                  std::string("inconsistent ") + what + " element types (" + et.friendly_name() +
                      " then " + v.type().friendly_name() + ")",
                  {}, offsets[i]);
    }
    return et;
  }

  Value decode_list_or_set(const Type& ty) {
    const size_t at = offset();
    const bool is_set = ty.kind() == TypeKind::Set;
    size_t n;
    if (!read_array_len(n)) {
      fail(Status::TypeMismatch, is_set ? "a set is required" : "a list is required", at);
    }
    if (n == 0) return is_set ? Value::set_of(ty, {}) : Value::list_of(ty, {});
    const Type& ety = ty.element();
    check_count(n, 1, at);
    DepthGuard guard(*this, at);
    const bool dyn = ety.has_dynamic();
    Scratch vals(stack_);
    vals.reserve(n);
    std::vector<size_t> offsets;  // only needed to locate a type conflict
    if (dyn) offsets.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      if (dyn) offsets.push_back(offset());
      try {
        vals.push(decode(ety));
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
    }
    if (!dyn) return is_set ? Value::set_of(ty, vals.span()) : Value::list_of(ty, vals.span());
    const Type et = unify(vals.span(), ety, is_set ? "set" : "list", offsets);
    std::vector<Value> moved = vals.take();
    return is_set ? Value::set(et, std::move(moved)) : Value::list(et, std::move(moved));
  }


  Value decode_map(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "a map is required", at);
    const Type& ety = ty.element();
    if (n == 0) return Value::map_of(ty, {});
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const bool dyn = ety.has_dynamic();
    std::vector<std::pair<std::string, Value>> entries;
    entries.reserve(n);
    std::vector<size_t> offsets;
    if (dyn) offsets.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      const size_t kat = offset();
      std::string_view key;
      // go-cty's DecodeString accepts str, bin and nil (as "").
      if (!read_str_or_bin(key, /*allow_nil=*/true)) {
        fail(Status::TypeMismatch, "non-string key in map", kat);
      }
      if (dyn) offsets.push_back(offset());
      try {
        entries.emplace_back(std::string(key), decode(ety));
      } catch (Error& e) {
        e.prepend(PathStep::key(text::to_nfc(key)));  // go-cty: IndexStep{StringVal(key)}
        throw;
      }
    }
    Type et = ety;
    if (dyn) {
      std::vector<Value> vals;
      vals.reserve(n);
      for (auto& kv : entries) vals.push_back(std::move(kv.second));
      et = unify(vals, ety, "map", offsets);
      for (size_t i = 0; i < n; ++i) entries[i].second = std::move(vals[i]);
      return Value::map(et, std::move(entries));
    }
    return Value::map_of(ty, std::move(entries));  // NFC keys; duplicates: last wins
  }

  Value decode_tuple(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_array_len(n)) fail(Status::TypeMismatch, "a tuple is required", at);
    const size_t want = ty.tuple_size();
    if (n != want) {
      // go-cty returns EmptyTupleVal for a zero-length array whatever the
      // schema; that value has the wrong type, so it is an error here.
      fail(Status::TypeMismatch, "a tuple of length " + std::to_string(want) + " is required", at);
    }
    if (n == 0) return Value::empty_tuple();
    check_count(n, 1, at);
    DepthGuard guard(*this, at);
    Scratch vals(stack_);
    vals.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      try {
        vals.push(decode(ty.tuple_elem(i)));
      } catch (Error& e) {
        e.prepend(PathStep::idx(int64_t(i)));
        throw;
      }
    }
    return Value::tuple_of(ty, vals.span());
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
    if (!read_str_or_bin(key, /*allow_nil=*/true)) {
      fail(Status::TypeMismatch, "all keys must be strings", kat);
    }
    // Looked up before NFC normalisation, as go-cty does.
    size_t idx = i;
    if (!keys.in_order || i >= attrs.size() || attrs[i].name != key) {
      idx = ty.attr_index(key);
      if (idx != SIZE_MAX) keys.in_order = false;
    }
    if (idx == SIZE_MAX) {
      if (ignore_undefined_) return SIZE_MAX;
      throw Error(Status::TypeMismatch, "unsupported attribute", {PathStep::key(text::to_nfc(key))},
                  kat);
    }
    bool dup;
    if (keys.n > 64) {
      dup = keys.seen_big[idx];
      keys.seen_big[idx] = true;
    } else {
      dup = (keys.seen_small >> idx) & 1;
      keys.seen_small |= uint64_t(1) << idx;
    }
    if (dup) {
      throw Error(Status::TypeMismatch, "duplicate attribute " + text::go_quoted(key),
                  {PathStep::attr(key)}, kat);
    }
    return idx;
  }

  Value decode_object(const Type& ty) {
    const size_t at = offset();
    size_t n;
    if (!read_map_len(n)) fail(Status::TypeMismatch, "an object is required", at);
    const size_t want = ty.attr_count();
    if (n != want && !ignore_undefined_) {
      // (go-cty returns EmptyObjectVal for a zero-length map whatever the
      // schema: the wrong type, so an error here.)
      object_count_mismatch(want, n, at);
    }
    if (n == 0) {
      if (want != 0) object_count_mismatch(want, 0, at);
      return Value::empty_object();
    }
    check_count(n, 2, at);
    DepthGuard guard(*this, at);
    const std::span<const TypeAttr> attrs = ty.attrs();
    // In schema order, values are appended in place; otherwise placed by index.
    Scratch vals(stack_);
    vals.reserve(want);
    AttrKeys keys(want);
    size_t found = 0;  // attributes read (entries not skipped)
    for (size_t i = 0; i < n; ++i) {
      std::string_view key;
      const bool was_in_order = keys.in_order;
      const size_t idx = read_attr_key(ty, attrs, found, keys, key);
      if (idx == SIZE_MAX) {  // ignore_undefined_attributes
        skip_item();
        continue;
      }
      const bool in_order = keys.in_order;
      if (was_in_order && !in_order) vals.resize(want);  // slots 0..found-1 hold attributes 0..found-1
      try {
        if (in_order) {
          vals.push(decode(attrs[idx].type));
        } else {
          Value v = decode(attrs[idx].type);  // may grow stack_
          vals[idx] = std::move(v);
        }
      } catch (Error& e) {
        e.prepend(PathStep::attr(key));
        throw;
      }
      ++found;
    }
    // Entries were skipped and an attribute is missing (every attribute
    // read was read once).
    if (found != want) object_count_mismatch(want, found, at);
    if (!ty.has_dynamic()) return Value::object_of(ty, vals.span());
    // Dynamic inside: the value's type is rebuilt from the values.
    std::vector<std::pair<std::string, Value>> named;
    named.reserve(want);
    for (size_t i = 0; i < want; ++i) named.emplace_back(attrs[i].name, std::move(vals[i]));
    return Value::object(std::move(named));
  }

  [[noreturn]] void object_count_mismatch(size_t want, size_t given, size_t at) {
    fail(Status::TypeMismatch,
         "an object with " + std::to_string(want) + " attributes is required (" + std::to_string(given) + " given)",
         at);
  }

  // unmarshalDynamic: c0, or [type JSON (bin or str), value].
  Value decode_dynamic() {
    const size_t at = offset();
    if (*p_ == 0xc0) {
      ++p_;
      return Value::null(Type::dynamic());
    }
    read_wrapper_header(at);
    DepthGuard guard(*this, at);
    return decode(read_wrapper_type());
  }

  // The two-element array header of a dynamic wrapper (not nil).
  void read_wrapper_header(size_t at) {
    const uint8_t c = *p_;
    size_t n;
    if (!read_array_len(n)) {
      fail(Status::Parse, "msgpack: invalid code=" + hex2(c) + " decoding array/slice length", at);
    }
    if (n != 2) fail(Status::Parse, "dynamic value array must have exactly two elements", at);
  }

  // The wrapper's type JSON (bin or str), parsed, optional markers dropped.
  Type read_wrapper_type() {
    const size_t tat = offset();
    if (p_ == end_) fail(Status::Parse, "EOF", tat);
    std::string_view json;
    if (*p_ == 0xc0) fail(Status::Parse, "EOF", tat);  // nil bytes -> UnmarshalJSON: EOF
    if (!read_str_or_bin(json)) {
      fail(Status::Parse, "msgpack: invalid code=" + hex2(*p_) + " decoding bytes length", tat);
    }
    Type t;
    try {
      const size_t room = max_depth() > depth_ ? max_depth() - depth_ : 1;
      t = Type::from_json(json, room);
    } catch (Error& e) {
      // Offsets of type-JSON errors count from the start of the type text.
      const size_t text_at = size_t(reinterpret_cast<const uint8_t*>(json.data()) - begin_);
      throw Error(e.status(), e.message(), e.path(), e.offset() == kNoOffset ? tat : text_at + e.offset());
    }
    if (t.has_optional()) t = t.without_optional();
    return t;
  }

  // Skips one complete msgpack item without recursion. Its arrays and maps
  // count against max_depth as decoded ones do (one level below the
  // current depth for the item itself), so a skipped value is refused
  // where the JSON decoder's scan of a skipped value refuses it.
  void skip_item() {
    uint64_t pending = 1;        // items left in the innermost open container
    std::vector<uint64_t> outer;  // the same for each enclosing one
    for (;;) {
      while (pending == 0) {
        if (outer.empty()) return;
        pending = outer.back();
        outer.pop_back();
      }
      const size_t at = offset();
      const uint8_t c = u8();
      --pending;
      uint64_t n = 0;         // bytes to skip
      uint64_t items = 0;     // items of an array or map that starts here
      bool container = false;
      if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3) {
        n = 0;
      } else if (c >= 0xa0 && c <= 0xbf) {
        n = c & 0x1f;
      } else if (c >= 0x90 && c <= 0x9f) {
        container = true;
        items = c & 0x0f;
      } else if (c >= 0x80 && c <= 0x8f) {
        container = true;
        items = 2 * uint64_t(c & 0x0f);
      } else {
        switch (c) {
          case 0xcc: case 0xd0: n = 1; break;
          case 0xcd: case 0xd1: n = 2; break;
          case 0xce: case 0xd2: case 0xca: n = 4; break;
          case 0xcf: case 0xd3: case 0xcb: n = 8; break;
          case 0xd9: case 0xc4: n = u8(); break;
          case 0xda: case 0xc5: n = be16(); break;
          case 0xdb: case 0xc6: n = be32(); break;
          case 0xd4: n = 2; break;
          case 0xd5: n = 3; break;
          case 0xd6: n = 5; break;
          case 0xd7: n = 9; break;
          case 0xd8: n = 17; break;
          case 0xc7: n = uint64_t(u8()) + 1; break;
          case 0xc8: n = uint64_t(be16()) + 1; break;
          case 0xc9: n = uint64_t(be32()) + 1; break;
          case 0xdc: container = true; items = be16(); break;
          case 0xdd: container = true; items = be32(); break;
          case 0xde: container = true; items = 2 * uint64_t(be16()); break;
          case 0xdf: container = true; items = 2 * uint64_t(be32()); break;
          default:
            fail(Status::Parse, "msgpack: invalid code=" + hex2(c), at);
        }
      }
      if (n > left()) eof();
      p_ += n;
      if (container) {
        if (depth_ + outer.size() + 1 > max_depth()) throw limits::depth(max_depth(), at);
        if (items > left()) eof();
        if (items != 0) {
          outer.push_back(pending);
          pending = items;
        }
      }
    }
  }

  // An integer-ish item as vmihailenco's DecodeInt64/DecodeInt read it:
  // any int form, nil as 0, floats truncated. False if none of these.
  bool read_int_like(int64_t& v) {
    need(1);
    const uint8_t c = *p_;
    if (c == 0xc0) {
      ++p_;
      v = 0;
      return true;
    }
    if (c == 0xca || c == 0xcb) {
      ++p_;
      double d;
      if (c == 0xca) {
        const uint32_t bits = be32();
        float f;
        std::memcpy(&f, &bits, 4);
        d = f;
      } else {
        const uint64_t bits = be64();
        std::memcpy(&d, &bits, 8);
      }
      if (!(d >= -9.2e18 && d <= 9.2e18)) return false;  // NaN/huge: not an int
      v = int64_t(d);
      return true;
    }
    uint64_t u;
    bool big;
    if (!read_int(v, u, big)) return false;
    if (big) v = INT64_MAX;  // larger than any length; unbounded
    return true;
  }

  // unmarshalUnknownValue (unknown.go).
  Value decode_unknown(const Type& ty) {
    const size_t at = offset();
    const uint8_t c = *p_++;
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
      if (len > left()) {
        fail(Status::Parse, "failed to read msgpack extension body: unexpected EOF", at);
      }
      p_ += len;
      return Value::unknown(ty);
    }
    if (ext_type != 0x0c) {
      fail(Status::Parse,
           "unsupported extension type 0x" + hex2(ext_type) + " with len " + std::to_string(len),
           at);
    }
    if (len > kMaxRefinementPayload) throw limits::refinement_payload(len, kMaxRefinementPayload, at);
    if (len > left()) fail(Status::Parse, "failed to read msgpack extension body: unexpected EOF", at);
    const uint8_t* body = p_;
    p_ += len;

    // The payload is decoded by a sub-decoder limited to it (padding after
    // the map is ignored); offsets stay relative to the whole input.
    Decoder sub(begin_, body, body + len, budget_);
    sub.depth_ = depth_;
    return sub.refinements(ty, at);
  }

  Value refinements(const Type& ty, size_t at) {
    auto body_err = [&](Status s, const char* what) -> Error {
      return Error(s, std::string(kExtBody) + what, {}, at);
    };
    size_t count = 0;
    if (p_ != end_ && *p_ == 0xc0) {
      ++p_;  // DecodeMapLen: nil is a -1 length, no entries
    } else if (p_ == end_ || !read_map_len(count)) {
      throw body_err(Status::Parse, "not a map");
    }
    if (ty.is_dynamic()) return Value::unknown(ty);  // refinements ignored
    if (count > left() / 2) eof();

    Refinements r;
    enum { NullUnset, NullTrue, NullFalse } nullness = NullUnset;
    for (size_t i = 0; i < count; ++i) {
      int64_t key;
      if (p_ == end_) eof();
      if (!read_int_like(key)) throw body_err(Status::Parse, "non-integer key in map");
      switch (key) {
        case 1: {  // nullness
          if (p_ == end_) eof();
          const uint8_t c = *p_;
          if (c != 0xc0 && c != 0xc2 && c != 0xc3) {
            throw body_err(Status::Parse, "null refinement is not boolean");
          }
          ++p_;
          if (c == 0xc3) {
            if (nullness == NullFalse) throw Error(Status::Refinement, "refining non-null value as null", {}, at);
            nullness = NullTrue;
          } else {
            if (nullness == NullTrue) throw Error(Status::Refinement, "refining null value as non-null", {}, at);
            nullness = NullFalse;
            r.not_null = true;
          }
          break;
        }
        case 2: {  // string prefix
          if (ty.kind() != TypeKind::String) {
            throw body_err(Status::Refinement, "string prefix refinement for non-string type");
          }
          std::string_view s;
          if (p_ == end_) eof();
          if (!read_str_or_bin(s, /*allow_nil=*/true)) {
            throw body_err(Status::Parse, "string prefix refinement is not string");
          }
          if (!text::is_valid_utf8(s)) {
            throw body_err(Status::Parse, "string prefix refinement is not valid UTF-8");
          }
          std::string pfx = text::is_nfc(s) ? std::string(s) : text::to_nfc(s);
          // StringPrefixFull: a longer prefix must extend the known one.
          if (pfx.size() > r.prefix.size()) {
            if (pfx.compare(0, r.prefix.size(), r.prefix) != 0) {
              throw Error(Status::Refinement, "refined prefix is inconsistent with previous refined prefix", {}, at);
            }
            r.prefix = std::move(pfx);
          } else if (r.prefix.compare(0, pfx.size(), pfx) != 0) {
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
          if (p_ == end_) eof();
          if (!read_int_like(b)) {
            throw body_err(Status::Parse,
                           "length bound refinement must be integer or [integer, bool] array");
          }
          if (key == 5) {
            if (b > r.len_min) r.len_min = b;  // negative: ignored
          } else if (b < r.len_max) {
            r.len_max = b;
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
            bv = decode(bound_ty);
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
          auto& slot = key == 3 ? r.lower : r.upper;
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
          if (p_ == end_) eof();
          skip_item();
          break;
      }
    }
    if (nullness == NullTrue) return Value::null(ty);
    Value v;
    try {
      v = Value::unknown_refined(ty, std::move(r));
    } catch (Error& e) {
      e.with_offset(at);
      throw;
    }
    // A not-null list of known length collapses into a known list of
    // unknowns, elements the input does not hold.
    if (v.is_known() && !v.is_null() && ty.kind() == TypeKind::List) budget_.add_synthesized(v.length(), at);
    return v;
  }

  const uint8_t* begin_;
  const uint8_t* p_;
  const uint8_t* end_;
  const Limits& lim_;
  DocumentBudget& budget_;
  bool ignore_undefined_ = false;
  size_t depth_ = 0;
  std::vector<Value> stack_;  // children of the collections being decoded (Scratch)
};


}  // namespace dynval::codec::detail
