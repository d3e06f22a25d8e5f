// Shared pieces of the fuzz targets (tests/fuzz/README.md).
//
// The value targets need a type as well as bytes. Rather than spend the
// fuzzer's effort on type JSON (tested by its own target), a type is read
// from the front of the input in a compact byte grammar, and the rest of the
// input is the payload:
//
//   type   := kind-byte ...           kind = byte % 9
//     0 bool | 1 number | 2 string | 3 dynamic
//     4 list(type) | 5 set(type) | 6 map(type)
//     7 object: count-byte (count % 6), then per attribute
//                 flags-byte (name length = flags & 31, optional = flags & 128),
//                 name bytes, type
//     8 tuple: count-byte (count % 6), then count types
//
// Past kMaxTypeDepth levels a collection kind becomes a primitive, so every
// input reads as some type in a bounded number of bytes. write_type() is the
// inverse, used to turn go-cty's (type, bytes) pairs into seeds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "codec/codec.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace dynval::fuzz {

// Aborts (a finding for libFuzzer) with a message when `cond` is false.
#define FUZZ_CHECK(cond, ...)                                                        \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, "" __VA_ARGS__);                                          \
      std::fputc('\n', stderr);                                                      \
      std::abort();                                                                  \
    }                                                                                \
  } while (0)

constexpr int kMaxTypeDepth = 8;

class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : p_(data), end_(data + size) {}
  uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
  std::string_view take(size_t n) {
    size_t k = std::min(n, size_t(end_ - p_));
    std::string_view s(reinterpret_cast<const char*>(p_), k);
    p_ += k;
    return s;
  }
  std::string_view rest() { return take(size_t(end_ - p_)); }

 private:
  const uint8_t* p_;
  const uint8_t* end_;
};

// Reads a type; throws dynval::Error when the attribute names of an object
// collide (after NFC), which the targets treat as an uninteresting input.
inline Type read_type(Reader& r, int depth = 0) {
  unsigned kind = r.byte() % 9;
  if (depth >= kMaxTypeDepth && kind >= 4) kind %= 4;
  switch (kind) {
    case 0: return Type::boolean();
    case 1: return Type::number();
    case 2: return Type::string();
    case 3: return Type::dynamic();
    case 4: return Type::list(read_type(r, depth + 1));
    case 5: return Type::set(read_type(r, depth + 1));
    case 6: return Type::map(read_type(r, depth + 1));
    case 7: {
      unsigned n = r.byte() % 6;
      std::vector<Type::AttrSpec> attrs;
      for (unsigned i = 0; i < n; ++i) {
        uint8_t flags = r.byte();
        std::string name(r.take(flags & 31));
        Type t = read_type(r, depth + 1);
        attrs.push_back({std::move(name), std::move(t), (flags & 128) != 0});
      }
      return Type::object(std::move(attrs));
    }
    default: {
      unsigned n = r.byte() % 6;
      std::vector<Type> elems;
      for (unsigned i = 0; i < n; ++i) elems.push_back(read_type(r, depth + 1));
      return Type::tuple(std::move(elems));
    }
  }
}

// Appends the grammar bytes of t. Returns false when t cannot be expressed
// (more than 5 attributes or elements, names longer than 31 bytes, deeper
// than kMaxTypeDepth).
inline bool write_type(std::string& out, const Type& t, int depth = 0) {
  switch (t.kind()) {
    case TypeKind::Bool: out += char(0); return true;
    case TypeKind::Number: out += char(1); return true;
    case TypeKind::String: out += char(2); return true;
    case TypeKind::Dynamic: out += char(3); return true;
    default: break;
  }
  if (depth >= kMaxTypeDepth) return false;
  switch (t.kind()) {
    case TypeKind::List: out += char(4); return write_type(out, t.element(), depth + 1);
    case TypeKind::Set: out += char(5); return write_type(out, t.element(), depth + 1);
    case TypeKind::Map: out += char(6); return write_type(out, t.element(), depth + 1);
    case TypeKind::Object: {
      if (t.attr_count() > 5) return false;
      out += char(7);
      out += char(t.attr_count());
      for (size_t i = 0; i < t.attr_count(); ++i) {
        std::string_view name = t.attr_name(i);
        if (name.size() > 31) return false;
        out += char(name.size() | (t.attr_optional(i) ? 128 : 0));
        out += name;
        if (!write_type(out, t.attr_type(i), depth + 1)) return false;
      }
      return true;
    }
    default: {
      if (t.tuple_size() > 5) return false;
      out += char(8);
      out += char(t.tuple_size());
      for (size_t i = 0; i < t.tuple_size(); ++i)
        if (!write_type(out, t.tuple_elem(i), depth + 1)) return false;
      return true;
    }
  }
}

// A value target's input: a mode byte (when `with_mode`; low bit set = the
// payload is JSON, else MessagePack), a type in the grammar above, then the
// payload. Returns false for inputs to skip (empty, or a type whose
// attribute names collide).
struct TypedInput {
  bool json = false;
  Type type;
  std::string_view payload;
};

inline bool read_typed_input(const uint8_t* data, size_t size, bool with_mode, TypedInput& out) {
  if (with_mode) {
    if (size == 0) return false;
    out.json = data[0] & 1;
    ++data;
    --size;
  }
  Reader r(data, size);
  try {
    out.type = read_type(r);
  } catch (const Error&) {
    return false;
  }
  out.payload = r.rest();
  return true;
}

// Every decoding error must be well formed: a real status, a message, and
// a byte offset (when it has one) inside the input.
inline void check_error(const Error& e, size_t input_size) {
  FUZZ_CHECK(e.status() != Status::Ok, "error with status Ok: %s", e.message().c_str());
  FUZZ_CHECK(!e.message().empty(), "error without a message (status %d)", int(e.status()));
  FUZZ_CHECK(e.offset() == kNoOffset || e.offset() <= input_size, "offset %zu past the input (%zu bytes): %s",
             e.offset(), input_size, e.message().c_str());
}

// The body of the decode targets: decode(payload, type, options) with
// trailing bytes ignored and rejected; a value must be raw-equal to itself
// and hashable, an error well formed.
template <class Decode>
int run_decode_target(const uint8_t* data, size_t size, Decode&& decode) {
  TypedInput in;
  if (!read_typed_input(data, size, false, in)) return -1;
  for (codec::Trailing trailing : {codec::Trailing::Ignore, codec::Trailing::Reject}) {
    codec::DecodeOptions opts;
    opts.trailing = trailing;
    try {
      Value v = decode(in.payload, in.type, opts);
      FUZZ_CHECK(v.raw_equals(v));
      (void)v.hash();
      (void)v.equals(v);
    } catch (const Error& e) {
      check_error(e, in.payload.size());
    }
  }
  return 0;
}

}  // namespace dynval::fuzz
