// Shared pieces of the fuzz targets (tests/fuzz/README.md).
//
// The value targets need a type as well as bytes. Rather than spend the
// fuzzer's effort on type JSON (tested by its own target), a type is read
// from the front of the input in a compact byte grammar, and the rest of the
// input is the payload:
//
//   type   := kind-byte ...           kind = byte % 10
//     0 bool | 1 number | 2 string | 3 dynamic
//     4 list(type) | 5 set(type) | 6 map(type)
//     7 object: count-byte (count % 6), then per attribute
//                 flags-byte (name length = flags & 31, optional = flags & 128),
//                 name bytes, type
//     8 tuple: count-byte (count % 6), then count types
//     9 deep: levels-byte, shape-byte, type: the type wrapped (levels + 1) * 2
//             times in a shape (shape % 4): set(tuple([string, T])), list(T),
//             set(T) or map(T); so nested sets hundreds of levels deep (the
//             cubic case of set keys) take three bytes
//
// Past kMaxTypeDepth levels a collection kind becomes a primitive (and a
// deep kind is read once per type at most), so every input reads as some
// type in a bounded number of bytes. write_type() is the inverse, used to
// turn go-cty's (type, bytes) pairs and the hostile shapes of
// crash-inputs.tsv into seeds.
//
// Timed / timed() is the size-to-time check every target may put around
// the library call it tests: a call that takes longer than
// time_bound_seconds(input size) is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "codec/codec.hpp"
#include "support/error.hpp"
#include "support/limits.hpp"
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

// The size-to-time check: an operation on an input of n bytes may take
// 2 s + 2 ms per byte of wall time. The bound is generous on purpose (a
// loaded CI machine, AddressSanitizer, a debug build): what it catches is a
// blow-up, an input of a few kilobytes that takes seconds to minutes (diff
// of nested sets doubling per level, quadratic flatmap counts), never
// noise. libFuzzer's own -timeout covers the whole input; this names the
// operation, and also holds when the corpus is replayed without libFuzzer.
inline double time_bound_seconds(size_t input_size) { return 2.0 + 0.002 * double(input_size); }

// Measures its lifetime (the operation, whether it returns or throws) and
// traps with a message naming the operation when it exceeds the bound.
class Timed {
 public:
  Timed(const char* what, size_t input_size)
      : what_(what), size_(input_size), start_(std::chrono::steady_clock::now()) {}
  Timed(const Timed&) = delete;
  Timed& operator=(const Timed&) = delete;
  ~Timed() {
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (s > time_bound_seconds(size_)) {
      std::fprintf(stderr, "size-to-time check failed: %s took %.3f s on an input of %zu bytes (bound %.3f s)\n",
                   what_, s, size_, time_bound_seconds(size_));
      __builtin_trap();
    }
  }

 private:
  const char* what_;
  size_t size_;
  std::chrono::steady_clock::time_point start_;
};

// f() under the size-to-time check; returns what f returns.
template <class F>
decltype(auto) timed(const char* what, size_t input_size, F&& f) {
  Timed t(what, input_size);
  return f();
}

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
// The shapes of the deep kind.
inline Type deep_type(unsigned shape, size_t levels, Type t) {
  for (size_t i = 0; i < levels; ++i) {
    switch (shape % 4) {
      case 0: t = Type::set(Type::tuple({Type::string(), t})); break;
      case 1: t = Type::list(t); break;
      case 2: t = Type::set(t); break;
      default: t = Type::map(t); break;
    }
  }
  return t;
}

inline Type read_type(Reader& r, int depth = 0, bool* deep_used = nullptr) {
  bool deep_here = false;
  if (deep_used == nullptr) deep_used = &deep_here;
  unsigned kind = r.byte() % 10;
  if (kind == 9 && (*deep_used || depth >= kMaxTypeDepth)) kind = 3;
  if (depth >= kMaxTypeDepth && kind >= 4) kind %= 4;
  switch (kind) {
    case 9: {
      *deep_used = true;
      const size_t levels = (size_t(r.byte()) + 1) * 2;
      const unsigned shape = r.byte();
      return deep_type(shape, levels, read_type(r, depth + 1, deep_used));
    }
    case 0: return Type::boolean();
    case 1: return Type::number();
    case 2: return Type::string();
    case 3: return Type::dynamic();
    case 4: return Type::list(read_type(r, depth + 1, deep_used));
    case 5: return Type::set(read_type(r, depth + 1, deep_used));
    case 6: return Type::map(read_type(r, depth + 1, deep_used));
    case 7: {
      unsigned n = r.byte() % 6;
      std::vector<Type::AttrSpec> attrs;
      for (unsigned i = 0; i < n; ++i) {
        uint8_t flags = r.byte();
        std::string name(r.take(flags & 31));
        Type t = read_type(r, depth + 1, deep_used);
        attrs.push_back({std::move(name), std::move(t), (flags & 128) != 0});
      }
      return Type::object(std::move(attrs));
    }
    default: {
      unsigned n = r.byte() % 6;
      std::vector<Type> elems;
      for (unsigned i = 0; i < n; ++i) elems.push_back(read_type(r, depth + 1, deep_used));
      return Type::tuple(std::move(elems));
    }
  }
}

// How many times in a row `t` is wrapped in `shape` (deep_type's shapes),
// and the type inside those wraps.
inline size_t shape_wraps(const Type& t, unsigned shape, Type& inner) {
  size_t n = 0;
  inner = t;
  for (;;) {
    const TypeKind k = inner.kind();
    if (shape == 0 && k == TypeKind::Set && inner.element().kind() == TypeKind::Tuple &&
        inner.element().tuple_size() == 2 && inner.element().tuple_elem(0).kind() == TypeKind::String) {
      inner = Type(inner.element().tuple_elem(1));
    } else if ((shape == 1 && k == TypeKind::List) || (shape == 2 && k == TypeKind::Set) ||
               (shape == 3 && k == TypeKind::Map)) {
      inner = Type(inner.element());
    } else {
      return n;
    }
    ++n;
  }
}

// Levels of collection types nested in t (0 for a primitive).
inline size_t type_levels(const Type& t) {
  size_t d = 0;
  switch (t.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: return 1 + type_levels(t.element());
    case TypeKind::Object:
      for (size_t i = 0; i < t.attr_count(); ++i) d = std::max(d, type_levels(t.attr_type(i)));
      return 1 + d;
    case TypeKind::Tuple:
      for (size_t i = 0; i < t.tuple_size(); ++i) d = std::max(d, type_levels(t.tuple_elem(i)));
      return 1 + d;
    default: return 0;
  }
}

// Appends the grammar bytes of t. Returns false when t cannot be expressed
// (more than 5 attributes or elements, names longer than 31 bytes, deeper
// than kMaxTypeDepth). A type too deep for the ordinary kinds is written
// with the deep kind where one stretch of it is an even number (2 to 512)
// of wraps in one of its shapes, such as set(set(...(string))) 28 levels
// deep or the nested sets set(tuple([string, ...])) of round two.
inline bool write_type(std::string& out, const Type& t, int depth = 0, bool* deep_used = nullptr) {
  bool deep_here = false;
  if (deep_used == nullptr) deep_used = &deep_here;
  switch (t.kind()) {
    case TypeKind::Bool: out += char(0); return true;
    case TypeKind::Number: out += char(1); return true;
    case TypeKind::String: out += char(2); return true;
    case TypeKind::Dynamic: out += char(3); return true;
    default: break;
  }
  if (!*deep_used && depth < kMaxTypeDepth && size_t(depth) + type_levels(t) > size_t(kMaxTypeDepth)) {
    unsigned best = 0;
    size_t wraps = 0;
    for (unsigned shape = 0; shape < 4; ++shape) {
      Type inner;
      const size_t n = shape_wraps(t, shape, inner);
      if (n > wraps) best = shape, wraps = n;
    }
    // An odd count: the outermost wrap as ordinary kinds, the rest below.
    if (wraps >= 2 && wraps % 2 == 0) {
      const size_t levels = std::min<size_t>(wraps, 512);
      Type inner = t;
      for (size_t i = 0; i < levels; ++i)
        inner = best == 0 ? Type(inner.element().tuple_elem(1)) : Type(inner.element());
      out += char(9);
      out += char(levels / 2 - 1);
      out += char(best);
      *deep_used = true;
      return write_type(out, inner, depth + 1, deep_used);
    }
  }
  if (depth >= kMaxTypeDepth) return false;
  switch (t.kind()) {
    case TypeKind::List: out += char(4); return write_type(out, t.element(), depth + 1, deep_used);
    case TypeKind::Set: out += char(5); return write_type(out, t.element(), depth + 1, deep_used);
    case TypeKind::Map: out += char(6); return write_type(out, t.element(), depth + 1, deep_used);
    case TypeKind::Object: {
      if (t.attr_count() > 5) return false;
      out += char(7);
      out += char(t.attr_count());
      for (size_t i = 0; i < t.attr_count(); ++i) {
        std::string_view name = t.attr_name(i);
        if (name.size() > 31) return false;
        out += char(name.size() | (t.attr_optional(i) ? 128 : 0));
        out += name;
        if (!write_type(out, t.attr_type(i), depth + 1, deep_used)) return false;
      }
      return true;
    }
    default: {
      if (t.tuple_size() > 5) return false;
      out += char(8);
      out += char(t.tuple_size());
      for (size_t i = 0; i < t.tuple_size(); ++i)
        if (!write_type(out, t.tuple_elem(i), depth + 1, deep_used)) return false;
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

// Set membership of a decoded value against itself: a wholly known value
// Equals itself, so a set of two copies (and of a copy built apart, by
// re-decoding) has one member; a value holding an unknown never merges.
// Exercises the set digests and the exact member check on any value,
// nested sets hundreds of levels deep included (the deep grammar kind).
inline void check_self_membership(const Value& v, const Value& again) {
  if (v.type().is_dynamic() && !v.is_known()) return;  // DynamicVal
  if (v.is_wholly_known()) FUZZ_CHECK(v.equals(again) == Tristate::True, "a value does not Equal its copy");
  try {
    const Value s = Value::set(v.type(), {v, again});
    FUZZ_CHECK(s.length() == (v.is_wholly_known() ? 1u : 2u), "set of a value and its copy has %zu members",
               s.length());
  } catch (const Error& e) {
    // One level past the value: the set may exceed the depth cap.
    FUZZ_CHECK(e.status() == Status::Limit || e.status() == Status::TypeMismatch, "set of copies: %s",
               e.message().c_str());
  }
}

// The body of the decode targets: decode(payload, type, options) with
// trailing bytes ignored and rejected; a value must be raw-equal to itself
// and hashable, a member of a set with a copy of itself exactly once, an
// error well formed.
template <class Decode>
int run_decode_target(const uint8_t* data, size_t size, Decode&& decode) {
  TypedInput in;
  if (!read_typed_input(data, size, false, in)) return -1;
  for (codec::Trailing trailing : {codec::Trailing::Ignore, codec::Trailing::Reject}) {
    codec::DecodeOptions opts;
    opts.trailing = trailing;
    try {
      Value v = timed("decode", size, [&] { return decode(in.payload, in.type, opts); });
      FUZZ_CHECK(v.raw_equals(v));
      (void)v.hash();
      (void)v.equals(v);
      if (trailing == codec::Trailing::Ignore) check_self_membership(v, decode(in.payload, in.type, opts));
    } catch (const Error& e) {
      check_error(e, in.payload.size());
    }
  }
  return 0;
}

}  // namespace dynval::fuzz
