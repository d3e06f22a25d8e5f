// Private to src/codec: the MessagePack byte level. Headers, integers,
// floats and number text, strings, the dynamic wrapper's two parts, skipping
// an item, and the depth and count limits, with go-cty's messages for each.
// What a value of a type may be, and what is built of it, is the walk's
// (msgpack_walk.hpp); see msgpack_decode.cpp for the design and the
// differences from go-cty.
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
#include "codec/msgpack_write.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "text/text.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::codec::detail {

inline constexpr const char* kExtBody = "failed to decode msgpack extension body: ";

inline bool is_ext(uint8_t c) { return (c >= 0xd4 && c <= 0xd8) || (c >= 0xc7 && c <= 0xc9); }

inline std::string hex2(uint8_t c) {
  char b[3];
  std::snprintf(b, sizeof b, "%02x", c);
  return b;
}

class MsgpackReader {
 public:
  // Every part of one document draws on one budget (refinement payloads,
  // decoded by sub-decoders, included).
  MsgpackReader(const uint8_t* begin, const uint8_t* p, const uint8_t* end, DocumentBudget& budget)
      : begin_(begin), p_(p), end_(end), lim_(budget.limits()), budget_(budget) {}

  size_t offset() const { return size_t(p_ - begin_); }
  size_t left() const { return size_t(end_ - p_); }
  bool at_end() const { return p_ == end_; }
  uint8_t peek() const { return *p_; }  // not at_end()
  void advance() { ++p_; }

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
    MsgpackReader& d;
    DepthGuard(MsgpackReader& dec, size_t at) : d(dec) {
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

  // The body of a float32 (ca, widened) or float64 (cb) item whose tag
  // byte c was just read.
  double read_float_body(uint8_t c) {
    if (c == 0xca) {
      const uint32_t bits = be32();
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    const uint64_t bits = be64();
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }

  // unmarshalPrimitive, cty.Number.
  Number read_number() {
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
      const double d = read_float_body(c);
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
      const double d = read_float_body(c);
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

  const uint8_t* begin_;
  const uint8_t* p_;
  const uint8_t* end_;
  const Limits& lim_;
  DocumentBudget& budget_;
  size_t depth_ = 0;
};


}  // namespace dynval::codec::detail
