// The hardening suite, part 3 (issue "Hardening"): every hostile input the
// issue lists, each through the C++ codec (src/codec/codec.hpp) and the C API
// (include/dynval/codec.h), for both formats where the input applies, and
// through the transcoders (to the other format, and the same-format round
// trip, which must give what decode-then-encode gives). Each case asserts
// the exact outcome (status, path length, byte offset, or the decoded value)
// and that the memory the call allocates stays in proportion to its input.
//
// Memory is measured by replacing the global operator new/delete (every
// variant) with counting versions (heap_count.cpp): the live and peak heap
// bytes are tracked in atomics, as malloc_usable_size of each block. libdynval.so allocates
// its handles, values and scratch through the same operator new (capi/*.cpp
// use `new`/std::string/std::vector; the shared library does not bind
// operator new locally), so its allocations are counted too; this is checked
// by Memory.CountingSeesCoreAndCApiAllocations. Not counted: the bytes of a
// dv_buf_t (capi fill_buf() copies the output with malloc) and thread
// stacks.
//
// Every measured call runs on a fresh thread: the JSON decoder keeps a
// thread-local simdjson parser and input buffer whose capacity survives from
// one call to the next, so a fresh thread makes each figure the worst case
// (those buffers are allocated inside the measurement) and independent of
// test order. The peak is taken between the start and the end of the call,
// relative to the live bytes at its start, and includes the result (a
// decoded value, transcoded bytes) and the error.
//
// Bounds (asserted for every call; figures are printed as "[ peak ]" lines
// and summarised at the end):
//   - kDefaultFactor = 16 bytes per input byte + 1 MiB. The JSON paths copy
//     the input once into a padded buffer (1x) and simdjson sizes its
//     structural index (4 bytes per input byte) and string buffer (5/3 bytes
//     per input byte) by the input: about 7x. MessagePack never copies the
//     input, and none of the hostile inputs below builds a value larger than
//     its own input. 16x leaves room for the decoded result; the 1 MiB
//     covers fixed costs (parser minimums, type caches, the error message
//     and its path of up to max_depth steps).
//   - Invalid UTF-8 in JSON (HostileUtf8.LargeInvalidJsonString): each bad
//     byte becomes the 3-byte U+FFFD in a sanitized copy, which is parsed
//     again (a second simdjson allocation sized 3x), and the string value is
//     3x: kUtf8Factor = 40.
//   - The densest valid inputs (HostileDensity; the million-entry maps of
//     HostileDuplicates.MapsLastKeyWins): a Value is 32 bytes and a map entry
//     (key string + Value) 64, while the smallest list element takes 1 input
//     byte (a msgpack fixint) and the smallest map entry 3 (`a1 6b 01`); the
//     element vectors grow by doubling when the count is not known up front
//     (JSON); building a set adds per element a pointer, an index, a
//     category byte and a 32-byte comparison key: kDenseFactor = 128.
//
// Times are never asserted. Findings (crashes with caller-raised limits,
// slow paths) are described in the report of this suite, not here.
#include <gtest/gtest.h>
#include <malloc.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "common/outcome.hpp"
#include "codec/codec.hpp"
#include "schema/schema.hpp"
#include "dynval/dynval.h"
#include "number/number.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"
#include "common/hex.hpp"
#include "heap_count.hpp"

namespace {

using dynval::Error;
using dynval::kNoOffset;
using dynval::Number;
using dynval::NumberBound;
using dynval::Refinements;
using dynval::Status;
using dynval::Type;
using dynval::TypeKind;
using dynval::Value;
namespace codec = dynval::codec;
namespace limits = dynval::limits;

using dynval::test::PeakScope;

constexpr size_t kMiB = size_t(1) << 20;
constexpr size_t kDefaultFactor = 16;
constexpr size_t kUtf8Factor = 40;
constexpr size_t kDenseFactor = 128;

size_t bound_for(size_t input, size_t factor) { return factor * input + kMiB; }

// ---------------------------------------------------------------------------
// Byte helpers

using dynval::test::unhex;

std::string be32(uint32_t n) {
  return {char(n >> 24), char(n >> 16), char(n >> 8), char(n)};
}

// A msgpack str of any length (fixstr, str8, str16 or str32).
std::string mstr(std::string_view s) {
  std::string out;
  if (s.size() < 32) out.push_back(char(0xa0 | s.size()));
  else if (s.size() < 256) out += {char(0xd9), char(s.size())};
  else if (s.size() < 65536) out += {char(0xda), char(s.size() >> 8), char(s.size())};
  else out += "\xdb" + be32(uint32_t(s.size()));
  return out + std::string(s);
}

// An unknown value with a refinement payload (ext 12, ext8 header).
std::string ext12(std::string_view payload) {
  return std::string("\xc7") + char(payload.size()) + "\x0c" + std::string(payload);
}

// The msgpack dynamic wrapper [type JSON as bin8, value].
std::string mwrap(std::string_view type_json, std::string_view value) {
  return std::string("\x92\xc4") + char(type_json.size()) + std::string(type_json) + std::string(value);
}

std::string repeat(std::string_view s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

Type S() { return Type::string(); }
Type N() { return Type::number(); }
Type B() { return Type::boolean(); }
Type D() { return Type::dynamic(); }
Type obj(std::vector<Type::AttrSpec> a) { return Type::object(std::move(a)); }

Type nested_lists(size_t depth, Type leaf) {
  for (size_t i = 0; i < depth; ++i) leaf = Type::list(leaf);
  return leaf;
}
Type nested_objects(size_t depth, Type leaf) {
  for (size_t i = 0; i < depth; ++i) leaf = obj({{"a", leaf, false}});
  return leaf;
}

// ---------------------------------------------------------------------------
// The C API side: types converted to dv_type_t, options to dv_decode_options_t

struct CType {
  dv_type_t* t = nullptr;
  CType() = default;
  explicit CType(dv_type_t* p) : t(p) {}
  CType(CType&& o) noexcept : t(std::exchange(o.t, nullptr)) {}
  CType& operator=(CType&& o) noexcept {
    std::swap(t, o.t);
    return *this;
  }
  ~CType() { dv_type_free(t); }
};

const dv_type_t* c_static(const Type& t) {
  switch (t.kind()) {
    case TypeKind::Bool: return dv_type_bool();
    case TypeKind::Number: return dv_type_number();
    case TypeKind::String: return dv_type_string();
    case TypeKind::Dynamic: return dv_type_dynamic();
    default: return nullptr;
  }
}

// An owned dv_type_t equal to t, built with the C constructors (no depth
// limit, unlike dv_type_from_json); static types are cloned so every result
// is owned.
CType c_type(const Type& t) {
  if (const dv_type_t* s = c_static(t)) {
    dv_type_t* out = nullptr;
    EXPECT_EQ(dv_type_clone(&out, s, nullptr), DV_OK);
    return CType(out);
  }
  dv_type_t* out = nullptr;
  dv_status_t st = DV_ERR_INTERNAL;
  switch (t.kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map: {
      // Walk down a chain of collections, then build it up again.
      std::vector<TypeKind> chain;
      Type cur = t;
      while (cur.kind() == TypeKind::List || cur.kind() == TypeKind::Set || cur.kind() == TypeKind::Map) {
        chain.push_back(cur.kind());
        cur = cur.element();
      }
      CType inner = c_type(cur);
      for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        dv_type_t* next = nullptr;
        st = *it == TypeKind::List  ? dv_type_new_list(&next, inner.t, nullptr)
             : *it == TypeKind::Set ? dv_type_new_set(&next, inner.t, nullptr)
                                    : dv_type_new_map(&next, inner.t, nullptr);
        EXPECT_EQ(st, DV_OK);
        inner = CType(next);
      }
      return inner;
    }
    case TypeKind::Object: {
      std::vector<CType> owned;
      std::vector<dv_str_t> names;
      std::vector<const dv_type_t*> types;
      std::unique_ptr<bool[]> opt(new bool[t.attr_count() + 1]);
      for (size_t i = 0; i < t.attr_count(); ++i) {
        owned.push_back(c_type(t.attr_type(i)));
        const std::string_view name = t.attr_name(i);
        names.push_back(dv_str_t{name.data(), name.size()});
        types.push_back(owned.back().t);
        opt[i] = t.attr_optional(i);
      }
      st = dv_type_new_object(&out, names.data(), types.data(), opt.get(), names.size(), nullptr);
      break;
    }
    case TypeKind::Tuple: {
      std::vector<CType> owned;
      std::vector<const dv_type_t*> types;
      for (size_t i = 0; i < t.tuple_size(); ++i) {
        owned.push_back(c_type(t.tuple_elem(i)));
        types.push_back(owned.back().t);
      }
      st = dv_type_new_tuple(&out, types.data(), types.size(), nullptr);
      break;
    }
    default:
      break;
  }
  EXPECT_EQ(st, DV_OK) << t.to_json();
  return CType(out);
}

dv_decode_options_t c_options(const codec::DecodeOptions& o) {
  dv_decode_options_t c = DV_DECODE_OPTIONS_INIT;
  const codec::Limits def;
  // 0 means "the default" in the C struct; only changed limits are set.
  if (o.limits.max_depth != def.max_depth) c.max_depth = o.limits.max_depth;
  if (o.limits.max_input_size != def.max_input_size) c.max_input_size = o.limits.max_input_size;
  if (o.limits.max_elements != def.max_elements) c.max_elements = o.limits.max_elements;
  if (o.limits.max_string_length != def.max_string_length) c.max_string_length = o.limits.max_string_length;
  if (o.limits.max_number_digits != def.max_number_digits) c.max_number_digits = o.limits.max_number_digits;
  if (o.limits.max_output_size != def.max_output_size) c.max_output_size = o.limits.max_output_size;
  if (o.trailing == codec::Trailing::Reject) c.flags |= DV_DECODE_REJECT_TRAILING;
  return c;
}

// ---------------------------------------------------------------------------
// Running one input through one entry point, measured

enum class Fmt { Msgpack, Json };
// SameFormat: msgpack_to_msgpack / json_to_json, checked against
// decode-then-encode in the input's format (check()).
enum class Via { Decode, Transcode, SameFormat, CDecode, CTranscode };
constexpr Via kAllVias[] = {Via::Decode, Via::Transcode, Via::SameFormat, Via::CDecode, Via::CTranscode};

const char* via_name(Fmt f, Via v) {
  const bool m = f == Fmt::Msgpack;
  switch (v) {
    case Via::Decode: return m ? "msgpack_decode" : "json_decode";
    case Via::Transcode: return m ? "msgpack_to_json" : "json_to_msgpack";
    case Via::SameFormat: return m ? "msgpack_to_msgpack" : "json_to_json";
    case Via::CDecode: return m ? "dv_msgpack_decode" : "dv_json_decode";
    case Via::CTranscode: return m ? "dv_msgpack_to_json" : "dv_json_to_msgpack";
  }
  return "?";
}

struct Outcome {
  Status status = Status::Ok;
  std::string message;
  size_t path_len = 0;
  size_t offset = kNoOffset;
  std::optional<Value> value;  // Via::Decode
  std::string bytes;           // transcoder output; for CDecode the value re-encoded as msgpack
  size_t peak = 0;
  uint64_t allocations = 0;
};

// Runs f(out) on a fresh thread inside a PeakScope.
template <class F>
Outcome measured(F&& f) {
  Outcome out;
  std::thread th([&] {
    PeakScope scope;
    f(out);
    out.peak = scope.peak();
    out.allocations = scope.allocations();
  });
  th.join();
  return out;
}

void from_error(Outcome& o, const Error& e) {
  o.status = e.status();
  o.message = e.message();
  o.path_len = e.path().size();
  o.offset = e.offset();
}

void from_c_error(Outcome& o, dv_status_t st, dv_error_t* err) {
  o.status = Status(st);
  if (err) {
    const dv_str_t m = dv_error_message(err);
    o.message.assign(m.ptr ? m.ptr : "", m.len);
    o.path_len = dv_error_path_length(err);
    o.offset = dv_error_offset(err) == DV_OFFSET_NONE ? kNoOffset : dv_error_offset(err);
    dv_error_free(err);
  }
}

// For CDecode, the decoded dv_value_t is re-encoded as MessagePack into
// Outcome::bytes when `reencode` is set.
Outcome run(Fmt f, Via via, std::string_view in, const Type& t, const codec::DecodeOptions& o, bool reencode = true) {
  const bool mp = f == Fmt::Msgpack;
  if (via == Via::Decode || via == Via::Transcode || via == Via::SameFormat) {
    return measured([&](Outcome& out) {
      try {
        if (via == Via::Decode) {
          out.value = mp ? codec::msgpack_decode(in, t, o) : codec::json_decode(in, t, o);
        } else if (via == Via::SameFormat) {
          mp ? codec::msgpack_to_msgpack(out.bytes, in, t, o) : codec::json_to_json(out.bytes, in, t, o);
        } else if (mp) {
          codec::msgpack_to_json(out.bytes, in, t, o);
        } else {
          codec::json_to_msgpack(out.bytes, in, t, o);
        }
      } catch (const Error& e) {
        from_error(out, e);
      }
    });
  }
  CType ct = c_type(t);
  const dv_decode_options_t co = c_options(o);
  dv_value_t* v = nullptr;
  Outcome out = measured([&](Outcome& res) {
    dv_error_t* err = nullptr;
    dv_status_t st;
    if (via == Via::CDecode) {
      st = mp ? dv_msgpack_decode(&v, in.data(), in.size(), ct.t, &co, &err)
              : dv_json_decode(&v, in.data(), in.size(), ct.t, &co, &err);
    } else {
      dv_buf_t b = DV_BUF_INIT;
      st = mp ? dv_msgpack_to_json(&b, in.data(), in.size(), ct.t, &co, &err)
              : dv_json_to_msgpack(&b, in.data(), in.size(), ct.t, &co, &err);
      if (st == DV_OK) res.bytes.assign(b.ptr ? b.ptr : "", b.len);
      dv_buf_dispose(&b);
    }
    from_c_error(res, st, err);
  });
  if (v && reencode) {
    dv_buf_t b = DV_BUF_INIT;
    EXPECT_EQ(dv_msgpack_encode(&b, v, ct.t, nullptr), DV_OK);
    out.bytes.assign(b.ptr ? b.ptr : "", b.len);
    dv_buf_dispose(&b);
  }
  dv_value_free(v);
  return out;
}

// ---------------------------------------------------------------------------
// Peak figures, printed per call and summarised at the end

struct Figure {
  std::string test, label, via;
  size_t input, peak;
};
std::mutex g_fig_mu;
std::vector<Figure> g_figures;

std::string current_test() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return info ? std::string(info->test_suite_name()) + "." + info->name() : "?";
}

void record(const std::string& label, const char* via, size_t input, size_t peak) {
  std::lock_guard<std::mutex> lock(g_fig_mu);
  g_figures.push_back({current_test(), label, via, input, peak});
}

class FigureReport : public ::testing::Environment {
 public:
  void TearDown() override {
    // Largest peak per test.
    std::vector<const Figure*> worst;
    for (const Figure& f : g_figures) {
      auto it = std::find_if(worst.begin(), worst.end(), [&](const Figure* w) { return w->test == f.test; });
      if (it == worst.end()) worst.push_back(&f);
      else if (f.peak > (*it)->peak) *it = &f;
    }
    std::printf("[ peak summary ] largest peak per test (bytes allocated on top of the baseline):\n");
    for (const Figure* f : worst) {
      std::printf("[ peak summary ] %-58s %10zu B for %9zu input bytes (%s, %s)\n", f->test.c_str(), f->peak,
                  f->input, f->via.c_str(), f->label.c_str());
    }
  }
};
const auto* const g_env = ::testing::AddGlobalTestEnvironment(new FigureReport);

// ---------------------------------------------------------------------------
// Expectations

// What one input must give. For an error: the status through every entry
// point (transcoders may differ when decoding succeeds but the other format
// cannot hold the value), a path no longer than max_path, and an offset
// within the input (when `offset` is set, exactly that offset).
struct Expect {
  Status status = Status::Ok;
  std::optional<Status> transcode_status;  // defaults to `status`
  std::optional<size_t> offset;
  size_t max_path = SIZE_MAX;
  std::optional<size_t> path;               // exact path length
  size_t factor = kDefaultFactor;
  std::function<void(const Value&)> check;  // for Ok: the decoded value
  bool transcode = true;                    // run the transcoders too
  bool c_api = true;                        // run the C API too
  // Compare the transcoders' and the C API's results with encode(decode)
  // (off for numbers of a million digits: printing one takes a minute).
  bool compare = true;
};

Expect err(Status s) {
  Expect e;
  e.status = s;
  return e;
}
Expect err_at(Status s, size_t off, size_t path = 0) {
  Expect e;
  e.status = s;
  e.offset = off;
  e.path = path;
  return e;
}
Expect ok(std::function<void(const Value&)> check = {}) {
  Expect e;
  e.check = std::move(check);
  return e;
}

std::string printable(std::string_view s, size_t max = 48) {
  std::string out;
  for (unsigned char c : s.substr(0, max)) {
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(char(c));
    } else {
      char b[5];
      std::snprintf(b, sizeof b, "\\x%02x", c);
      out += b;
    }
  }
  if (s.size() > max) out += "...(" + std::to_string(s.size()) + " bytes)";
  return out;
}

// Runs `in` through every entry point of its format and checks `want`.
// Returns the C++ decode outcome.
Outcome check(const std::string& label, Fmt f, std::string_view in, const Type& t, const Expect& want,
              const codec::DecodeOptions& o = {}) {
  SCOPED_TRACE(label + ": " + printable(in));
  Outcome decoded;
  for (Via via : kAllVias) {
    const bool transcode = via == Via::Transcode || via == Via::CTranscode;
    const bool c_api = via == Via::CDecode || via == Via::CTranscode;
    if ((transcode && !want.transcode) || (c_api && !want.c_api)) continue;
    const char* name = via_name(f, via);
    SCOPED_TRACE(name);
    Outcome got = run(f, via, in, t, o, want.compare);
    record(label, name, in.size(), got.peak);
    std::printf("[ peak ] %-44s %-20s input %9zu B, peak %10zu B, %6llu allocations\n", label.c_str(), name,
                in.size(), got.peak, static_cast<unsigned long long>(got.allocations));
    if (via == Via::SameFormat) {
      // A streaming writer holds what it wrote before a later error; number
      // text beyond the input is bounded by the document's budget
      // (kNumberExpansionPerInputByte), and the output string may hold up
      // to 3 times that while it grows. ("3000 unknowns in [1e9000,
      // 1e9001]": 72 KB in, 14 MB peak, then the budget's Limit error.)
      EXPECT_LE(got.peak, bound_for(in.size(), want.factor) + 3 * limits::kNumberExpansionPerInputByte * in.size())
          << "memory out of proportion to the input";
    } else {
      EXPECT_LE(got.peak, bound_for(in.size(), want.factor)) << "memory out of proportion to the input";
    }
    if (via == Via::SameFormat) {
      // The contract: what decode-then-encode in the input's format gives
      // (the output limit's offset aside: the transcoder knows where in the
      // input it was hit).
      Outcome tree;
      if (decoded.status != Status::Ok) {
        tree = decoded;
      } else if (decoded.value) {
        try {
          const codec::EncodeOptions eo{o.limits.max_output_size};
          f == Fmt::Msgpack ? codec::msgpack_encode(tree.bytes, *decoded.value, t, eo)
                            : codec::json_encode(tree.bytes, *decoded.value, t, eo);
        } catch (const Error& e) {
          from_error(tree, e);
        }
      }
      EXPECT_EQ(int(got.status), int(tree.status)) << got.message;
      if (tree.status != Status::Ok) {
        EXPECT_EQ(got.message, tree.message);
        EXPECT_EQ(got.path_len, tree.path_len) << got.message;
        if (tree.status != Status::Limit || tree.offset != kNoOffset) {
          EXPECT_EQ(got.offset, tree.offset) << got.message;
        }
      } else if (want.compare) {
        EXPECT_EQ(printable(got.bytes, 4096), printable(tree.bytes, 4096));
      }
      continue;
    }
    Status st = want.status;
    if (transcode && want.transcode_status) st = *want.transcode_status;
    EXPECT_EQ(int(got.status), int(st)) << got.message;
    if (got.status != Status::Ok) {
      EXPECT_LE(got.path_len, want.max_path) << got.message;
      if (want.path) {
        EXPECT_EQ(got.path_len, *want.path) << got.message;
      }
      if (st != Status::UnknownValue && st != Status::Unsupported) {  // decode errors locate themselves
        EXPECT_NE(got.offset, kNoOffset) << got.message;
        if (got.offset != kNoOffset) {
          EXPECT_LE(got.offset, in.size()) << got.message;
        }
        if (want.offset && !(transcode && want.transcode_status)) {
          EXPECT_EQ(got.offset, *want.offset) << got.message;
        }
      }
    }
    if (via == Via::Decode) {
      if (got.value && want.check) want.check(*got.value);
      decoded = std::move(got);
    } else if (got.status == Status::Ok && decoded.value && want.compare) {
      // The same result as the C++ decode (then encode, for transcoders).
      std::string want_bytes;
      try {
        if (via == Via::CDecode || f == Fmt::Json) {
          codec::msgpack_encode(want_bytes, *decoded.value, t.has_optional() ? t.without_optional() : t);
        } else {
          codec::json_encode(want_bytes, *decoded.value, t.has_optional() ? t.without_optional() : t);
        }
        EXPECT_EQ(printable(got.bytes, 4096), printable(want_bytes, 4096));
      } catch (const Error& e) {
        ADD_FAILURE() << "the decoded value does not encode: " << e.message();
      }
    }
  }
  return decoded;
}

// ---------------------------------------------------------------------------
// Self-check of the measurement

TEST(Memory, CountingSeesCoreAndCApiAllocations) {
  {
    PeakScope s;
    std::vector<char> v(3 * kMiB);
    v[0] = 1;
    EXPECT_GE(s.peak(), 3 * kMiB);
  }
  {
    PeakScope s;
    void* p = ::operator new(4096, std::align_val_t(256));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 256, 0u);
    ::operator delete(p, std::align_val_t(256));
    EXPECT_GE(s.peak(), 4096u);
  }
  // A list of 1000 distinct 40-byte strings: the decoded value holds at
  // least their bytes, through the core and through libdynval.so alike.
  // They come from the document arena (Value::ArenaScope) in a few chunks,
  // not one allocation per string.
  std::string in = "\xdc" + std::string{char(1000 >> 8), char(1000 & 0xff)};
  for (int i = 0; i < 1000; ++i) {
    std::string s = std::to_string(i);
    in += mstr(s + std::string(40 - s.size(), 'x'));
  }
  const Type t = Type::list(S());
  for (Via via : {Via::Decode, Via::CDecode}) {
    Outcome o = run(Fmt::Msgpack, via, in, t, {});
    EXPECT_EQ(int(o.status), int(Status::Ok));
    EXPECT_GE(o.peak, 40000u) << via_name(Fmt::Msgpack, via);
    EXPECT_GE(o.allocations, 1u) << via_name(Fmt::Msgpack, via);
    EXPECT_LT(o.allocations, 100u) << via_name(Fmt::Msgpack, via);
    std::printf("[ peak ] self-check %s: %zu B in %llu allocations for %zu input bytes\n",
                via_name(Fmt::Msgpack, via), o.peak, static_cast<unsigned long long>(o.allocations), in.size());
  }
}

// ---------------------------------------------------------------------------
// 1. Lengths claiming 2^32-1 elements

// Every 32-bit length header (array32, map32, str32, bin32, ext32) and its
// 16-bit sibling, followed by a few bytes, against every kind of type.
// Nothing is allocated from the header: a length larger than the rest of
// the input is a Parse error, a string length above max_string_length (1 GiB
// by default) is a Limit error, an ext32 refinement payload above go-cty's
// 1 KiB is a Limit error, and a header of the wrong kind is a TypeMismatch
// (or, for dynamic, a Parse error about the wrapper), all at offset 0.
TEST(HostileLengths, HeadersClaimingFourBillionElementsAgainstEveryType) {
  const Type types[] = {Type::list(S()), Type::set(N()), Type::map(S()), obj({{"a", S(), false}, {"b", N(), false}}),
                        Type::tuple({S(), N()}), S(), N(), D()};
  const char* kinds[] = {"list", "set", "map", "object", "tuple", "string", "number", "dynamic"};
  const Status P = Status::Parse, T = Status::TypeMismatch, L = Status::Limit;
  struct Row {
    const char* name;
    std::string header;
    Status want[8];  // per type, in the order above
  };
  const Row rows[] = {
      {"array32", unhex("dd ff ff ff ff"), {P, P, T, T, T, T, T, P}},
      {"map32", unhex("df ff ff ff ff"), {T, T, P, T, T, T, T, P}},
      {"str32", unhex("db ff ff ff ff"), {T, T, T, T, T, L, L, P}},
      {"bin32", unhex("c6 ff ff ff ff"), {T, T, T, T, T, L, L, P}},
      {"ext32", unhex("c9 ff ff ff ff 0c"), {L, L, L, L, L, L, L, L}},
      {"array16", unhex("dc ff ff"), {P, P, T, T, T, T, T, P}},
      {"map16", unhex("de ff ff"), {T, T, P, T, T, T, T, P}},
      {"ext16", unhex("c8 ff ff 0c"), {L, L, L, L, L, L, L, L}},
  };
  for (const Row& r : rows) {
    for (size_t i = 0; i < 8; ++i) {
      check(std::string(r.name) + " as " + kinds[i], Fmt::Msgpack, r.header + "\x01\x02\x03", types[i],
            err_at(r.want[i], 0));
    }
  }
  // The same headers with a megabyte of input behind them: still rejected
  // from the header, whatever follows.
  const std::string mb(kMiB, '\x01');
  check("array32 + 1 MiB as list", Fmt::Msgpack, unhex("dd ff ff ff ff") + mb, Type::list(N()), err_at(P, 0));
  check("map32 + 1 MiB as map", Fmt::Msgpack, unhex("df ff ff ff ff") + mb, Type::map(N()), err_at(P, 0));
  check("str32 + 1 MiB as string", Fmt::Msgpack, unhex("db ff ff ff ff") + mb, S(), err_at(L, 0));
  check("bin32 + 1 MiB as number", Fmt::Msgpack, unhex("c6 ff ff ff ff") + mb, N(), err_at(L, 0));
  // str32 of 2^30 + 1 (just over max_string_length) and of 2^30 (at the
  // limit, but more than the input holds).
  check("str32 2^30+1", Fmt::Msgpack, unhex("db 40 00 00 01") + mb, S(), err_at(L, 0));
  check("str32 2^30", Fmt::Msgpack, unhex("db 40 00 00 00") + mb, S(), err_at(P, 5));  // after the header
}

// The same headers below the top level: inside a list, a map value, an
// object attribute, a dynamic wrapper, and a refinement payload. The error
// keeps its path and the offset of the header.
TEST(HostileLengths, HeadersClaimingFourBillionElementsInsideValues) {
  const std::string a32 = unhex("dd ff ff ff ff 01 02");
  check("array32 in list", Fmt::Msgpack, "\x92\x01" + a32, Type::list(Type::list(N())),
        err(Status::TypeMismatch));  // element 0 is 1, not a list
  check("array32 as 2nd list element", Fmt::Msgpack, "\x92\x90" + a32, Type::list(Type::list(N())),
        err_at(Status::Parse, 2, 1));
  check("map32 as map value", Fmt::Msgpack, "\x81" + mstr("k") + unhex("df ff ff ff ff 01"),
        Type::map(Type::map(N())), err_at(Status::Parse, 3, 1));
  check("str32 as attribute", Fmt::Msgpack, "\x81" + mstr("a") + unhex("db ff ff ff ff 61"),
        obj({{"a", S(), false}}), err_at(Status::Limit, 3, 1));
  check("str32 as attribute name", Fmt::Msgpack, "\x81" + unhex("db ff ff ff ff 61"), obj({{"a", S(), false}}),
        err_at(Status::Limit, 1, 0));
  check("str32 as map key", Fmt::Msgpack, "\x81" + unhex("db ff ff ff ff 61"), Type::map(S()),
        err_at(Status::Limit, 1, 0));
  check("bin32 as wrapper type", Fmt::Msgpack, "\x92" + unhex("c6 ff ff ff ff 22"), D(),
        err_at(Status::Limit, 1, 0));
  check("array32 in wrapper value", Fmt::Msgpack, mwrap("[\"list\",\"number\"]", a32), D(),
        err_at(Status::Parse, 20, 0));
  check("array32 in refinement payload", Fmt::Msgpack, unhex("c7 08 0c 81 09 dd ff ff ff ff"), S(),
        err_at(Status::Parse, 0, 0));
  check("map32 refinement map", Fmt::Msgpack, unhex("c7 06 0c df ff ff ff ff"), S(), err_at(Status::Parse, 0, 0));
}

// ---------------------------------------------------------------------------
// 2. A million levels of nesting

constexpr size_t kMillion = 1000000;

// `91` x 1e6 against a list type nested deeper than the limit: the limit
// (1000) stops it, with a path of exactly max_depth steps.
TEST(HostileNesting, MsgpackArraysMillionDeepAsDeepListType) {
  const std::string bomb(kMillion, '\x91');
  const Type deep = nested_lists(1100, S());
  Expect e = err_at(Status::Limit, 1000, 1000);
  e.max_path = 1000;
  check("91 x 1e6, list^1100", Fmt::Msgpack, bomb, deep, e);
  // A lower limit through DecodeOptions / dv_decode_options_t.
  codec::DecodeOptions o;
  o.limits.max_depth = 10;
  Expect e10 = err_at(Status::Limit, 10, 10);
  e10.max_path = 10;
  check("91 x 1e6, list^1100, max_depth 10", Fmt::Msgpack, bomb, deep, e10, o);
}

// `91` x 1e6 for dynamic: the wrapper must be a 2-element array.
TEST(HostileNesting, MsgpackArraysMillionDeepAsDynamic) {
  const std::string bomb(kMillion, '\x91');
  check("91 x 1e6, dynamic", Fmt::Msgpack, bomb, D(), err_at(Status::Parse, 0, 0));
  // 1e6 nested wrappers of type "dynamic" (12 MB): no type nesting at all,
  // the wrappers alone count against the limit.
  const std::string wraps = repeat(mwrap("\"dynamic\"", ""), kMillion) + "\xc0";
  Expect e = err(Status::Limit);
  e.max_path = 1000;
  e.offset = 1000 * 12;  // the 1001st wrapper
  check("dynamic wrapper x 1e6", Fmt::Msgpack, wraps, D(), e);
  // A list of wrappers of lists of wrappers...
  const std::string mixed = repeat("\x91" + mwrap("[\"list\",\"dynamic\"]", ""), kMillion / 2);
  Expect m = err(Status::Limit);
  m.max_path = 1000;
  check("[list(dynamic) wrapper] x 5e5", Fmt::Msgpack, mixed, Type::list(D()), m);
}

// `[` x 1e6 against a deep list type: unclosed, simdjson's structural pass
// rejects it (Parse); closed, the depth limit does (Limit, path of 1000).
// Against dynamic, the first `[` is already not a wrapper object.
TEST(HostileNesting, JsonArraysMillionDeep) {
  const Type deep = nested_lists(1100, N());
  const std::string open(kMillion, '[');
  Expect unclosed = err_at(Status::Parse, 0, 0);
  check("[ x 1e6, list^1100", Fmt::Json, open, deep, unclosed);
  check("[ x 1e6, dynamic", Fmt::Json, open, D(), err_at(Status::TypeMismatch, 0, 0));
  const std::string closed = open + std::string(kMillion, ']');
  Expect lim = err_at(Status::Limit, 1000, 1000);
  lim.max_path = 1000;
  check("[ x 1e6 ] x 1e6, list^1100", Fmt::Json, closed, deep, lim);
  check("[ x 1e6 ] x 1e6, dynamic", Fmt::Json, closed, D(), err_at(Status::TypeMismatch, 0, 0));
  codec::DecodeOptions o;
  o.limits.max_depth = 10;
  Expect e10 = err_at(Status::Limit, 10, 10);
  e10.max_path = 10;
  check("[ x 1e6 ] x 1e6, list^1100, max_depth 10", Fmt::Json, closed, deep, e10, o);
}

// `{"a":` x 1e6, unclosed and closed, against dynamic, a deep object type
// and a deep map type.
TEST(HostileNesting, JsonObjectsMillionDeep) {
  const std::string open = repeat("{\"a\":", kMillion);
  const std::string closed = open + "1" + std::string(kMillion, '}');
  const Type deep_obj = nested_objects(1100, N());
  Type deep_map = N();
  for (int i = 0; i < 1100; ++i) deep_map = Type::map(deep_map);
  check("{\"a\": x 1e6, dynamic", Fmt::Json, open, D(), err_at(Status::Parse, 0, 0));
  check("{\"a\": x 1e6, object^1100", Fmt::Json, open, deep_obj, err_at(Status::Parse, 0, 0));
  check("{\"a\": x 1e6, map^1100", Fmt::Json, open, deep_map, err_at(Status::Parse, 0, 0));
  Expect lim = err_at(Status::Limit, 5000, 1000);
  lim.max_path = 1000;
  check("{\"a\": x 1e6 } x 1e6, object^1100", Fmt::Json, closed, deep_obj, lim);
  check("{\"a\": x 1e6 } x 1e6, map^1100", Fmt::Json, closed, deep_map, lim);
  // For dynamic, "a" is not a wrapper key.
  check("{\"a\": x 1e6 } x 1e6, dynamic", Fmt::Json, closed, D(), err_at(Status::TypeMismatch, 1, 0));
}

// Nested dynamic wrappers in JSON, type first (1e6 levels) and value first
// (go-cty's order; 20000 levels, see below).
TEST(HostileNesting, JsonDynamicWrappersDeep) {
  const std::string type_first =
      repeat("{\"type\":\"dynamic\",\"value\":", kMillion) + "1" + std::string(kMillion, '}');
  Expect lim = err(Status::Limit);
  lim.max_path = 1000;
  lim.offset = 1000 * 26;
  check("{type,value} x 1e6", Fmt::Json, type_first, D(), lim);
  // With "value" first, each level skips its value to find "type", then
  // reads the value again: the work is max_depth x input size. 20000
  // levels (500 KB) keep the test short; the outcome does not depend on
  // the count.
  const size_t n = 20000;
  const std::string value_first = repeat("{\"value\":", n) + "1" + repeat(",\"type\":\"dynamic\"}", n);
  Expect lim2 = err(Status::Limit);
  lim2.max_path = 1000;
  lim2.offset = 1000 * 9;
  check("{value,type} x 20000", Fmt::Json, value_first, D(), lim2);
}

// Reported, not fixed (disabled until src/ is): the MessagePack decoder and
// msgpack_to_json recurse once per level with no cap of their own, so a
// caller-raised max_depth lets a deep input overflow the C++ stack
// (SIGSEGV); the JSON decoder caps its recursion at 4096 levels whatever the
// limit says. Type::from_json, reached through a msgpack wrapper's type
// text with the remaining depth budget, does the same. Each call runs in a
// child process (death test) and must exit normally.
// A caller may raise max_depth, but the decoders never follow more than
// codec::kMaxSupportedDepth (Type::kMaxJsonDepth for type JSON) levels: with
// max_depth 100000 or SIZE_MAX these used to overflow the stack (SIGSEGV).
TEST(HostileNesting, RaisedDepthLimitIsCappedNotAStackOverflow) {
  auto limit_error = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return e.status() == Status::Limit;
    }
    return false;
  };
  codec::DecodeOptions o;
  o.limits.max_depth = 100000;
  const std::string wraps = repeat(mwrap("\"dynamic\"", ""), 100000) + "\xc0";
  EXPECT_TRUE(limit_error([&] { codec::msgpack_decode(wraps, D(), o); }));
  EXPECT_TRUE(limit_error([&] {
    std::string out;
    codec::msgpack_to_json(out, wraps, D(), o);
  }));
  // A type cannot nest deeper than the cap (checked at construction), so
  // the deepest schema is at the cap and the input goes deeper.
  EXPECT_TRUE(limit_error([&] { nested_lists(100000, S()); }));
  const Type deep = nested_lists(codec::kMaxSupportedDepth, S());
  const std::string bomb(100000, '\x91');
  auto type_error = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      return e.status() == Status::TypeMismatch;
    }
    return false;
  };
  // The type ends at the cap: the next array is not a string.
  EXPECT_TRUE(type_error([&] { codec::msgpack_decode(bomb, deep, o); }));
  EXPECT_TRUE(type_error([&] {
    std::string out;
    codec::msgpack_to_json(out, bomb, deep, o);
  }));
  std::string type_json = repeat("[\"list\",", kMillion) + "\"string\"" + std::string(kMillion, ']');
  const std::string wrapper = "\x92\xc6" + be32(uint32_t(type_json.size())) + type_json + "\xc0";
  o.limits.max_depth = SIZE_MAX;
  EXPECT_TRUE(limit_error([&] { codec::msgpack_decode(wrapper, D(), o); }));
  EXPECT_TRUE(limit_error([&] { Type::from_json(type_json, SIZE_MAX); }));
  // At the cap itself, a value decodes.
  o.limits.max_depth = SIZE_MAX;
  const Type at_cap = nested_lists(codec::kMaxSupportedDepth - 1, S());
  const std::string ok = std::string(codec::kMaxSupportedDepth - 1, '\x91') + "\xa1x";
  EXPECT_NO_THROW(codec::msgpack_decode(ok, at_cap, o));
}

// Errors in the type text of a MessagePack dynamic wrapper are located in the
// input (the type text starts at byte 3 here), not in the type text.
TEST(HostileNesting, WrapperTypeErrorOffsetIsInTheInput) {
  const std::string in = std::string("\x92\xc4\x0a") + "[\"list\",1]" + "\xc0";
  try {
    codec::msgpack_decode(in, D());
    ADD_FAILURE() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Parse);
    EXPECT_EQ(e.offset(), 11u) << e.message();
  }
}

// ---------------------------------------------------------------------------
// 3. A number with a million digits

TEST(HostileNumbers, MillionDigits) {
  const size_t kDigits = codec::Limits{}.max_number_digits;  // the default limit
  ASSERT_LT(kDigits, kMillion);
  const std::string digits(kMillion, '7');
  // Over the default max_number_digits: Limit, at the number.
  check("1e6 digits, msgpack str32", Fmt::Msgpack, mstr(digits), N(), err_at(Status::Limit, 0));
  check("1e6 digits, JSON literal", Fmt::Json, digits, N(), err_at(Status::Limit, 0));
  check("1e6 digits, JSON string", Fmt::Json, "\"" + digits + "\"", N(), err_at(Status::Limit, 0));
  check("1e6 digits in a list, JSON", Fmt::Json, "[1," + digits + "]", Type::list(N()), err_at(Status::Limit, 3, 1));
  check("1e6 digits in a list, msgpack", Fmt::Msgpack, "\x92\x01" + mstr(digits), Type::list(N()),
        err_at(Status::Limit, 2, 1));

  // Just under a raised limit: decodes. (The decoders apply the limit to an
  // upper bound of the printed length, a few characters above the digit
  // count, so the limit is raised to 1e6 + 10.) Only the decoders run here,
  // and nothing prints the result: printing a million digits takes about a
  // minute (reported, not asserted).
  codec::DecodeOptions raised;
  raised.limits.max_number_digits = kMillion + 10;
  auto is_big = [](const Value& v) {
    ASSERT_TRUE(v.is_known() && !v.is_null());
    EXPECT_FALSE(v.as_number().is_inf());
    EXPECT_GE(v.as_number().text_length_bound(), kMillion);
    EXPECT_LE(v.as_number().text_length_bound(), kMillion + 10);
  };
  Expect fine = ok(is_big);
  fine.transcode = false;
  fine.compare = false;
  check("1e6 digits, msgpack, limit 1e6+10", Fmt::Msgpack, mstr(digits), N(), fine, raised);
  check("1e6 digits, JSON literal, limit 1e6+10", Fmt::Json, digits, N(), fine, raised);
  // Over the raised limit in the input itself: Limit again.
  check("1e6+11 digits, JSON literal, limit 1e6+10", Fmt::Json, digits + "77777777777", N(),
        err_at(Status::Limit, 0), raised);
  check("1e6+11 digits, msgpack, limit 1e6+10", Fmt::Msgpack, mstr(digits + "77777777777"), N(),
        err_at(Status::Limit, 0), raised);

  // Around the default limit: 10 digits under it decode in both formats;
  // one over it is a Limit error in both.
  Expect fine_default = ok([&](const Value& v) { EXPECT_GE(v.as_number().text_length_bound(), kDigits - 10); });
  fine_default.transcode = false;
  fine_default.compare = false;
  const std::string under(kDigits - 10, '7'), over(kDigits + 1, '7');
  check("limit-10 digits, JSON literal", Fmt::Json, under, N(), fine_default);
  check("limit-10 digits, msgpack", Fmt::Msgpack, mstr(under), N(), fine_default);
  check("limit+1 digits, JSON literal", Fmt::Json, over, N(), err_at(Status::Limit, 0));
  check("limit+1 digits, msgpack", Fmt::Msgpack, mstr(over), N(), err_at(Status::Limit, 0));
}

// ---------------------------------------------------------------------------
// 4. Huge exponents

// What each decoder does with exponents beyond any printable size, all
// answered at once (no digit expansion):
//   - beyond big.Float's exponent range (1e99999999999, 1e-99999999999,
//     1p99999999999): go-cty's "a number is required" (TypeMismatch) from
//     the number text in both formats; a `p` exponent is not JSON number
//     syntax (Parse) but is accepted text inside a JSON string;
//   - inside that range but beyond big.Float's binary exponent
//     (1e700000000, 1e2000000000 and their negatives, and 0e99999999999):
//     what go-cty gives (+Inf, or 0 after underflow, or 0 for a zero
//     mantissa), in both formats: every text -> number path is
//     Number::parse_bounded;
//   - 1e5944649: Limit in both (docs/gocty-differences.md).
TEST(HostileNumbers, HugeExponents) {
  const Status TM = Status::TypeMismatch, P = Status::Parse, L = Status::Limit, OK = Status::Ok;
  enum Result { Err, PosInf, Zero };
  struct Row {
    const char* text;
    Status mp;         // msgpack str
    Result mp_result;  // when mp == OK
    Status json_lit, json_str;
  };
  const Row rows[] = {
      {"1e99999999999", TM, Err, TM, TM},   {"1e-99999999999", TM, Err, TM, TM},
      {"-1e99999999999", TM, Err, TM, TM},  {"1p99999999999", TM, Err, P, TM},
      {"1p-99999999999", TM, Err, P, TM},   {"1E+99999999999", TM, Err, TM, TM},
      {"1e700000000", OK, PosInf, OK, OK},  {"1e-700000000", OK, Zero, OK, OK},
      {"1e2000000000", OK, PosInf, OK, OK}, {"1e-2000000000", OK, Zero, OK, OK},
      {"0e99999999999", OK, Zero, OK, OK},  {"1e5944649", L, Err, L, L},
      {"1e-5944649", L, Err, L, L},         {"1p19748703", L, Err, P, L},
  };
  for (const Row& r : rows) {
    const std::string text = r.text;
    if (r.mp == OK) {
      Expect e = ok([&](const Value& v) {
        ASSERT_TRUE(v.is_known());
        if (r.mp_result == PosInf) {
          EXPECT_TRUE(v.as_number().is_inf());
          EXPECT_FALSE(v.as_number().signbit());
        } else {
          EXPECT_TRUE(v.as_number().is_zero());
        }
      });
      // JSON has no infinity: msgpack_to_json gives Unsupported for +Inf.
      if (r.mp_result == PosInf) e.transcode_status = Status::Unsupported;
      check(text + " msgpack str", Fmt::Msgpack, mstr(text), N(), e);
      e.transcode_status.reset();  // MessagePack holds +Inf
      check(text + " JSON literal", Fmt::Json, text, N(), e);
      check(text + " JSON string", Fmt::Json, "\"" + text + "\"", N(), e);
      continue;
    }
    check(text + " msgpack str", Fmt::Msgpack, mstr(text), N(), err_at(r.mp, 0));
    check(text + " JSON literal", Fmt::Json, text, N(), err_at(r.json_lit, 0));
    check(text + " JSON string", Fmt::Json, "\"" + text + "\"", N(), err_at(r.json_str, 0));
  }
}

// ---------------------------------------------------------------------------
// 5. NaN

// NaN has no cty form: as a msgpack float (any payload, float32 or
// float64, signalling or quiet, either sign) it is a Parse error (go-cty
// panics); the text "NaN" is not a number (TypeMismatch, go-cty's "a number
// is required"); a bare NaN is not JSON (Parse).
TEST(HostileNumbers, NaN) {
  for (const char* h : {"ca 7f c0 00 00", "ca ff c0 00 00", "ca 7f 80 00 01", "cb 7f f8 00 00 00 00 00 00",
                        "cb ff f8 00 00 00 00 00 00", "cb 7f f0 00 00 00 00 00 01"}) {
    check(std::string("NaN ") + h, Fmt::Msgpack, unhex(h), N(), err_at(Status::Parse, 0));
  }
  // Inside a list, and as a number bound of a refinement.
  check("NaN in list", Fmt::Msgpack, unhex("92 01 cb 7f f8 00 00 00 00 00 00"), Type::list(N()),
        err_at(Status::Parse, 2, 1));
  check("NaN as dynamic number", Fmt::Msgpack, mwrap("\"number\"", unhex("ca 7f c0 00 00")), D(),
        err_at(Status::Parse, 11, 0));
  check("NaN lower bound", Fmt::Msgpack, ext12(unhex("81 03 92 cb 7f f8 00 00 00 00 00 00 c3")), N(),
        err_at(Status::Parse, 0));
  for (const char* s : {"NaN", "nan", "-NaN", "+NaN"}) {
    check(std::string("\"") + s + "\" msgpack str", Fmt::Msgpack, mstr(s), N(), err_at(Status::TypeMismatch, 0));
    check(std::string("\"") + s + "\" JSON string", Fmt::Json, std::string("\"") + s + "\"", N(),
          err_at(Status::TypeMismatch, 0));
  }
  check("NaN JSON literal", Fmt::Json, "NaN", N(), err_at(Status::Parse, 0));
  check("NaN JSON literal in list", Fmt::Json, "[1,NaN]", Type::list(N()), err(Status::Parse));
}

// ---------------------------------------------------------------------------
// 6. Contradictory refinements

// Refinement payloads that contradict themselves or do not apply to the
// type: Status::Refinement at the unknown's offset (go-cty panics).
TEST(HostileRefinements, Contradictions) {
  struct Row {
    const char* what;
    std::string payload;
    Type type;
  };
  const Row rows[] = {
      {"number lower > upper", unhex("82 03 92 05 c3 04 92 01 c3"), N()},
      {"number lower > upper (floats)", unhex("82 03 92 cb 40 24 00 00 00 00 00 00 c3 04 92 01 c3"), N()},
      {"number (5, 5) both exclusive", unhex("82 03 92 05 c2 04 92 05 c2"), N()},
      {"length upper < lower (list)", unhex("82 05 05 06 02"), Type::list(S())},
      {"length upper < lower (map)", unhex("82 05 0a 06 00"), Type::map(S())},
      {"length upper < lower (set)", unhex("82 05 03 06 01"), Type::set(N())},
      {"null then not null", unhex("82 01 c3 01 c2"), S()},
      {"not null then null", unhex("82 01 c2 01 c3"), N()},
      {"conflicting prefixes", unhex("82 02 a3 66 6f 6f 02 a3 62 61 72"), S()},
      {"longer prefix not extending", unhex("82 02 a2 61 62 02 a3 61 63 64"), S()},
      {"prefix on a number", unhex("81 02 a1 78"), N()},
      {"number bound on a string", unhex("81 03 92 01 c3"), S()},
      {"length bound on a string", unhex("81 05 01"), S()},
      {"length bound on an object", unhex("81 06 01"), obj({{"a", S(), false}})},
  };
  for (const Row& r : rows) {
    check(std::string(r.what), Fmt::Msgpack, ext12(r.payload), r.type, err_at(Status::Refinement, 0));
  }
  // Nested: the error has the path and offset of the unknown.
  check("contradiction in attribute", Fmt::Msgpack, "\x81" + mstr("a") + ext12(unhex("82 01 c3 01 c2")),
        obj({{"a", S(), false}}), err_at(Status::Refinement, 3, 1));
  // A payload larger than go-cty's 1 KiB: Limit before it is read.
  const std::string big = "\xc8" + std::string{char(0x04), char(0x01)} + "\x0c" + std::string(1025, '\xc0');
  check("refinement payload 1025 bytes", Fmt::Msgpack, big, S(), err_at(Status::Limit, 0));
}

// ---------------------------------------------------------------------------
// 7. Duplicate keys

// docs/gocty-differences.md: a msgpack object with a duplicated key is an
// error (go-cty silently builds an object missing an attribute). The code
// reports it as TypeMismatch "duplicate attribute" at the second key, with
// the attribute's path (the document's table says DV_ERR_PARSE: reported).
TEST(HostileDuplicates, MsgpackObjectRepeatedAttribute) {
  const Type t = obj({{"a", N(), false}, {"b", N(), false}});
  const std::string in = "\x82" + mstr("a") + "\x01" + mstr("a") + "\x02";
  Outcome o = check("msgpack object a,a", Fmt::Msgpack, in, t, err_at(Status::TypeMismatch, 4, 1));
  EXPECT_EQ(o.message, "duplicate attribute \"a\"");
  // Out of schema order, and with more than 64 attributes (the other
  // duplicate-tracking path).
  check("msgpack object b,a,b", Fmt::Msgpack,
        "\x83" + mstr("b") + "\x01" + mstr("a") + "\x02" + mstr("b") + "\x03",
        obj({{"a", N(), false}, {"b", N(), false}, {"c", N(), false}}), err_at(Status::TypeMismatch, 7, 1));
  std::vector<Type::AttrSpec> many;
  std::string big = "\xde" + std::string{char(0), char(70)};
  for (int i = 0; i < 70; ++i) {
    const std::string name = "k" + std::to_string(100 + i);
    many.push_back({name, N(), false});
    big += mstr(i == 69 ? "k100" : name) + "\x01";
  }
  check("msgpack object of 70, k100 twice", Fmt::Msgpack, big, obj(many),
        err_at(Status::TypeMismatch, 3 + 69 * 6, 1));
}

// Maps: the last of equal keys wins in both formats (cty.MapVal of a Go
// map), also when the keys only become equal after NFC normalisation. The
// transcoders write the same bytes as decode-then-encode.
TEST(HostileDuplicates, MapsLastKeyWins) {
  const Type t = Type::map(N());
  auto last_wins = [](const Value& v) {
    ASSERT_EQ(v.length(), 2u);
    EXPECT_EQ(v.get("a")->as_number().text(), "2");
    EXPECT_EQ(v.get("b")->as_number().text(), "3");
  };
  check("msgpack map b,a,b", Fmt::Msgpack, "\x83" + mstr("b") + "\x01" + mstr("a") + "\x02" + mstr("b") + "\x03", t,
        ok(last_wins));
  check("JSON map b,a,b", Fmt::Json, "{\"b\":1,\"a\":2,\"b\":3}", t, ok(last_wins));
  auto nfc_last = [](const Value& v) {
    ASSERT_EQ(v.length(), 1u);
    EXPECT_EQ(v.key_at(0), "\xc3\xa9");
    EXPECT_EQ(v.at(0).as_number().text(), "2");
  };
  check("msgpack map NFC-equal keys", Fmt::Msgpack, "\x82" + mstr("\xc3\xa9") + "\x01" + mstr("e\xcc\x81") + "\x02", t,
        ok(nfc_last));
  check("JSON map NFC-equal keys", Fmt::Json, "{\"\xc3\xa9\":1,\"e\xcc\x81\":2}", t, ok(nfc_last));
  // A million entries all with the same key: one entry, memory bounded.
  // (The entries are all collected before MapVal de-duplicates them, so
  // memory is that of a million-entry map: kDenseFactor.)
  Expect one = ok([](const Value& v) {
    ASSERT_EQ(v.length(), 1u);
    EXPECT_EQ(v.at(0).as_number().text(), "2");
  });
  one.factor = kDenseFactor;
  const std::string many = "\xdf" + be32(kMillion) + repeat(mstr("k") + "\x01", kMillion - 1) + mstr("k") + "\x02";
  check("msgpack map, 1e6 x the same key", Fmt::Msgpack, many, t, one);
  std::string jmany = "{";
  for (size_t i = 0; i < kMillion; ++i) jmany += i + 1 < kMillion ? "\"k\":1," : "\"k\":2}";
  check("JSON map, 1e6 x the same key", Fmt::Json, jmany, t, one);
}

// JSON objects: the last of duplicate keys wins (go-cty; documented), but
// every value is still decoded with the attribute's type.
TEST(HostileDuplicates, JsonObjectLastKeyWins) {
  const Type t = obj({{"a", N(), false}, {"b", S(), false}});
  check("JSON object a,b,a", Fmt::Json, "{\"a\":1,\"b\":\"x\",\"a\":3}", t, ok([](const Value& v) {
          EXPECT_EQ(v.get("a")->as_number().text(), "3");
          EXPECT_EQ(v.get("b")->as_string(), "x");
        }));
  check("JSON object a:true then a:1", Fmt::Json, "{\"a\":true,\"a\":1}", t, err_at(Status::TypeMismatch, 5, 1));
  check("JSON object a:1 then a:null", Fmt::Json, "{\"a\":1,\"a\":null}", t,
        ok([](const Value& v) { EXPECT_TRUE(v.get("a")->is_null()); }));
}

// ---------------------------------------------------------------------------
// 8. Invalid UTF-8

// JSON: every byte Go's decoder rejects becomes U+FFFD, in strings, map keys
// and attribute names alike (the name is looked up after the replacement).
TEST(HostileUtf8, JsonStringsKeysAndNames) {
  const std::string R = "\xef\xbf\xbd";
  check("JSON string", Fmt::Json, "\"a\xff" "b\"", S(),
        ok([&](const Value& v) { EXPECT_EQ(v.as_string(), "a" + R + "b"); }));
  check("JSON string, truncated sequence", Fmt::Json, "\"\xe2\x82x\"", S(),
        ok([&](const Value& v) { EXPECT_EQ(v.as_string(), R + R + "x"); }));
  check("JSON string, surrogate bytes", Fmt::Json, "\"\xed\xa0\x80\"", S(),
        ok([&](const Value& v) { EXPECT_EQ(v.as_string(), R + R + R); }));
  check("JSON string, overlong", Fmt::Json, "\"\xc0\xaf\"", S(),
        ok([&](const Value& v) { EXPECT_EQ(v.as_string(), R + R); }));
  check("JSON map key", Fmt::Json, "{\"k\xc0\":1}", Type::map(N()), ok([&](const Value& v) {
          ASSERT_EQ(v.length(), 1u);
          EXPECT_EQ(v.key_at(0), "k" + R);
        }));
  check("JSON attribute name vs \"a\"", Fmt::Json, "{\"a\xff\":1}", obj({{"a", N(), false}}),
        err_at(Status::TypeMismatch, 1, 0));
  check("JSON attribute name vs \"a\\ufffd\"", Fmt::Json, "{\"a\xff\":1}", obj({{"a" + R, N(), false}}),
        ok([&](const Value& v) { EXPECT_EQ(v.get("a" + R)->as_number().text(), "1"); }));
  // In a dynamic wrapper's type: a type error located at the type.
  check("JSON wrapper type", Fmt::Json, "{\"type\":\"\xff\",\"value\":1}", D(), err_at(Status::Parse, 8, 0));
  // Outside strings it is a syntax error.
  check("JSON bare byte", Fmt::Json, "[1,\xff]", Type::list(N()), err(Status::Parse));
}

// MessagePack: go-cty does not validate, and neither do we (documented):
// the bytes are kept in strings and map keys; attribute names must match the
// type's names byte for byte. The JSON encoder writes U+FFFD for each bad
// byte, as Go does, so msgpack_to_json writes \ufffd.
TEST(HostileUtf8, MsgpackStringsKeysAndNames) {
  const std::string R = "\xef\xbf\xbd";
  Outcome s = check("msgpack string", Fmt::Msgpack, mstr("a\xff" "b"), S(),
                    ok([](const Value& v) { EXPECT_EQ(v.as_string(), "a\xff" "b"); }));
  std::string js;
  codec::json_encode(js, *s.value, S());
  EXPECT_EQ(js, "\"a\\ufffdb\"");
  std::string mp;
  codec::msgpack_encode(mp, *s.value, S());
  EXPECT_EQ(mp, mstr("a\xff" "b"));
  check("msgpack map key", Fmt::Msgpack, "\x81" + mstr("k\xff") + "\x01", Type::map(N()), ok([](const Value& v) {
          ASSERT_EQ(v.length(), 1u);
          EXPECT_EQ(v.key_at(0), "k\xff");
        }));
  check("msgpack attribute name vs \"a\"", Fmt::Msgpack, "\x81" + mstr("a\xff") + "\x01", obj({{"a", N(), false}}),
        err_at(Status::TypeMismatch, 1, 1));
  check("msgpack attribute name vs \"a\\ufffd\"", Fmt::Msgpack, "\x81" + mstr("a\xff") + "\x01",
        obj({{"a" + R, N(), false}}), err_at(Status::TypeMismatch, 1, 1));
  check("msgpack attribute name vs \"a\\xff\"", Fmt::Msgpack, "\x81" + mstr("a\xff") + "\x01",
        obj({{"a\xff", N(), false}}), ok([](const Value& v) { EXPECT_EQ(v.get("a\xff")->as_number().text(), "1"); }));
  // In a refinement's string prefix: a Parse error (go-cty checks it).
  check("msgpack prefix refinement", Fmt::Msgpack, unhex("c7 04 0c 81 02 a1 ff"), S(), err_at(Status::Parse, 0));
  // In a dynamic wrapper's type JSON (bin or str): a Parse error. (Only the
  // status is asserted: the offset reported is the one inside the type
  // text, not in the input, unlike the JSON decoder's; reported.)
  check("msgpack wrapper type bin", Fmt::Msgpack, unhex("92 c4 03 ff ff ff c0"), D(), err(Status::Parse));
  check("msgpack wrapper type str", Fmt::Msgpack, unhex("92 a3 22 ff 22 c0"), D(), err(Status::Parse));
}

// One MiB of invalid bytes inside a JSON string: the replacement triples
// the text (sanitized copy, second simdjson pass, 3 MiB string value).
TEST(HostileUtf8, LargeInvalidJsonString) {
  const std::string in = "\"" + std::string(kMiB, '\xff') + "\"";
  Expect e = ok([](const Value& v) { EXPECT_EQ(v.as_string().size(), 3 * kMiB); });
  e.factor = kUtf8Factor;
  check("JSON string of 1 MiB of 0xff", Fmt::Json, in, S(), e);
  // MessagePack keeps the bytes: no growth.
  check("msgpack string of 1 MiB of 0xff", Fmt::Msgpack, mstr(std::string(kMiB, '\xff')), S(),
        ok([](const Value& v) { EXPECT_EQ(v.as_string().size(), kMiB); }));
}

// ---------------------------------------------------------------------------
// Density: the most value per input byte a valid input can ask for

// Not an input of the issue's list, but the worst case of "memory in
// proportion to the input": a million one-byte elements, a set of a million
// equal elements (de-duplicated after decoding), a map of 100000 short
// distinct keys. All linear; the factor is kDenseFactor.
TEST(HostileDensity, SmallestElements) {
  Expect e = ok();
  e.factor = kDenseFactor;
  check("msgpack list of 1e6 fixints", Fmt::Msgpack, "\xdd" + be32(kMillion) + std::string(kMillion, '\x01'),
        Type::list(N()), e);
  std::string js = "[";
  for (size_t i = 0; i < kMillion; ++i) js += i ? ",1" : "1";
  js += "]";
  check("JSON list of 1e6 ones", Fmt::Json, js, Type::list(N()), e);
  Expect one = ok([](const Value& v) { EXPECT_EQ(v.length(), 1u); });
  one.factor = kDenseFactor;
  check("msgpack set of 1e6 equal fixints", Fmt::Msgpack, "\xdd" + be32(kMillion) + std::string(kMillion, '\x00'),
        Type::set(N()), one);
  check("JSON set of 1e6 zeros", Fmt::Json, "[0" + repeat(",0", kMillion - 1) + "]", Type::set(N()), one);
  std::string m = "\xdf" + be32(100000);
  for (int i = 0; i < 100000; ++i) m += mstr(std::to_string(i)) + "\x01";
  check("msgpack map of 1e5 keys", Fmt::Msgpack, m, Type::map(N()), e);
}

// ---------------------------------------------------------------------------
// 9. Truncation at every byte of a realistic value

// object with a list, a set of objects, a map, a tuple, a dynamic attribute
// holding an object, a list of objects with a dynamic attribute, and (for
// MessagePack) unknowns with refinements.
Type realistic_type() {
  return obj({
      {"arn", S(), false},
      {"count", N(), false},
      {"enabled", B(), false},
      {"maybe", Type::tuple({S(), N()}), false},
      {"members", Type::set(obj({{"id", S(), false}, {"weight", N(), false}})), false},
      {"meta", D(), false},
      {"name", S(), false},
      {"nested", obj({{"rules", Type::list(obj({{"k", S(), false}, {"v", D(), false}})), false}}), false},
      {"ports", Type::list(N()), false},
      {"ratio", N(), false},
      {"size", N(), false},
      {"tags", Type::map(S()), false},
      {"zones", Type::list(S()), false},
  });
}

Value realistic_value(bool with_unknowns) {
  auto str = [](std::string_view s) { return Value::string(s); };
  auto num = [](int64_t i) { return Value::number(Number::from_int64(i)); };
  Refinements arn;
  arn.not_null = true;
  arn.prefix = "arn:aws:ec2:";
  Refinements size;
  size.lower = NumberBound{Number::from_int64(1), true};
  size.upper = NumberBound{Number::from_int64(512), false};
  Refinements zones;
  zones.not_null = true;
  zones.len_min = 1;
  zones.len_max = 3;
  const Type member = obj({{"id", S(), false}, {"weight", N(), false}});
  return Value::object({
      {"arn", with_unknowns ? Value::unknown_refined(S(), arn) : str("arn:aws:ec2:eu-west-1:1")},
      {"count", num(4)},
      {"enabled", Value::boolean(true)},
      {"maybe", Value::tuple({str("x"), Value::number(*Number::parse("1e100"))})},
      {"members", Value::set(member, {Value::object({{"id", str("a")}, {"weight", num(1)}}),
                                      Value::object({{"id", str("b")}, {"weight", Value::number(Number::from_double(2.5))}})})},
      {"meta", Value::object({{"x", Value::list(N(), {num(1), num(2)})}, {"y", str("Zo\xc3\xab")}})},
      {"name", str("web-1")},
      {"nested", Value::object({{"rules", Value::list(obj({{"k", S(), false}, {"v", S(), false}}),
                                                      {Value::object({{"k", str("a")}, {"v", str("s")}}),
                                                       Value::object({{"k", str("b")}, {"v", str("t")}})})}})},
      {"ports", Value::list(N(), {num(80), num(443), num(-1)})},
      {"ratio", Value::number(Number::from_double(0.1))},
      {"size", with_unknowns ? Value::unknown_refined(N(), size) : num(7)},
      {"tags", Value::map(S(), {{"env", str("prod")}, {"owner", str("Zo\xc3\xab")}})},
      {"zones", with_unknowns ? Value::unknown_refined(Type::list(S()), zones) : Value::list(S(), {str("a")})},
  });
}

// Every proper prefix is a Parse error located within the prefix, through
// all four entry points; the whole input decodes to the value.
void truncate_everywhere(Fmt f, const std::string& full, const Type& t, const Value& want) {
  size_t worst = 0;
  for (Via via : kAllVias) {
    const char* name = via_name(f, via);
    size_t worst_via = 0;
    for (size_t n = 0; n < full.size(); ++n) {
      SCOPED_TRACE(std::string(name) + " cut at " + std::to_string(n));
      const std::string_view prefix(full.data(), n);
      Outcome o = run(f, via, prefix, t, {});
      worst_via = std::max(worst_via, o.peak);
      EXPECT_LE(o.peak, bound_for(n, kDefaultFactor));
      if (o.status == Status::Ok) {
        // A complete document inside the prefix would be fine; for this
        // object-typed value there is none.
        ADD_FAILURE() << "a truncated input decoded";
        continue;
      }
      EXPECT_EQ(int(o.status), int(Status::Parse)) << o.message;
      EXPECT_NE(o.offset, kNoOffset) << o.message;
      if (o.offset != kNoOffset) {
        EXPECT_LE(o.offset, n) << o.message;
      }
    }
    record("every prefix", name, full.size(), worst_via);
    std::printf("[ peak ] every prefix of %zu bytes %-20s worst peak %zu B\n", full.size(), name, worst_via);
    worst = std::max(worst, worst_via);
  }
  Outcome whole = check("whole input", f, full, t, ok([&](const Value& v) { EXPECT_TRUE(v.raw_equals(want)) << v.go_string(); }));
  (void)worst;
  (void)whole;
}

TEST(HostileTruncation, MsgpackEveryPrefix) {
  const Type t = realistic_type();
  const Value v = realistic_value(true);
  std::string in;
  codec::msgpack_encode(in, v, t);
  ASSERT_GT(in.size(), 200u);
  // The unknowns make msgpack_to_json fail on the whole input (Unknown);
  // the prefixes are checked through it all the same. The whole input is
  // checked through the decoders here and through the transcoder with a
  // known variant below.
  size_t worst = 0;
  for (Via via : kAllVias) {
    const char* name = via_name(Fmt::Msgpack, via);
    size_t worst_via = 0;
    for (size_t n = 0; n < in.size(); ++n) {
      SCOPED_TRACE(std::string(name) + " cut at " + std::to_string(n));
      Outcome o = run(Fmt::Msgpack, via, std::string_view(in.data(), n), t, {});
      worst_via = std::max(worst_via, o.peak);
      EXPECT_LE(o.peak, bound_for(n, kDefaultFactor));
      EXPECT_EQ(int(o.status), int(Status::Parse)) << o.message;
      EXPECT_NE(o.offset, kNoOffset) << o.message;
      if (o.offset != kNoOffset) {
        EXPECT_LE(o.offset, n) << o.message;
      }
    }
    record("every prefix (with unknowns)", name, in.size(), worst_via);
    std::printf("[ peak ] every prefix of %zu bytes %-20s worst peak %zu B\n", in.size(), name, worst_via);
    worst = std::max(worst, worst_via);
  }
  Expect whole = ok([&](const Value& d) { EXPECT_TRUE(d.raw_equals(v)) << d.go_string(); });
  whole.transcode_status = Status::UnknownValue;  // JSON cannot hold the unknowns
  check("whole input (with unknowns)", Fmt::Msgpack, in, t, whole);

  const Value known = realistic_value(false);
  std::string kin;
  codec::msgpack_encode(kin, known, t);
  truncate_everywhere(Fmt::Msgpack, kin, t, known);
}

TEST(HostileTruncation, JsonEveryPrefix) {
  const Type t = realistic_type();
  const Value v = realistic_value(false);
  std::string in;
  codec::json_encode(in, v, t);
  ASSERT_GT(in.size(), 200u);
  truncate_everywhere(Fmt::Json, in, t, v);
  // A top-level number: its prefixes are complete numbers, which decode
  // (trailing bytes are ignored by default) except the one ending in ".".
  const std::string num = "1234.5";
  for (size_t n = 1; n < num.size(); ++n) {
    const std::string p = num.substr(0, n);
    if (p.back() == '.') {
      check("number prefix " + p, Fmt::Json, p, N(), err_at(Status::Parse, 0));
    } else {
      check("number prefix " + p, Fmt::Json, p, N(), ok([&](const Value& d) { EXPECT_EQ(d.as_number().text(), p); }));
    }
  }
}

// ---------------------------------------------------------------------------
// 10. Inputs beyond the configured limits

// max_input_size: checked before anything else, Limit at offset 0.
TEST(HostileLimits, InputLargerThanMaxInputSize) {
  codec::DecodeOptions o;
  o.limits.max_input_size = 16;
  check("msgpack 17 bytes, max 16", Fmt::Msgpack, mstr(std::string(16, 'x')), S(), err_at(Status::Limit, 0), o);
  check("msgpack 16 bytes, max 16", Fmt::Msgpack, mstr(std::string(15, 'x')), S(), ok(), o);
  check("JSON 17 bytes, max 16", Fmt::Json, "\"" + std::string(15, 'x') + "\"", S(), err_at(Status::Limit, 0), o);
  check("JSON 16 bytes, max 16", Fmt::Json, "\"" + std::string(14, 'x') + "\"", S(), ok(), o);
  // Even a malformed or hostile input is refused by its size first.
  check("msgpack bomb, max 16", Fmt::Msgpack, std::string(kMillion, '\x91'), nested_lists(1100, S()),
        err_at(Status::Limit, 0), o);
  check("JSON bomb, max 16", Fmt::Json, std::string(kMillion, '['), nested_lists(1100, S()), err_at(Status::Limit, 0),
        o);
}

// Number of elements and entries in a container tree.
size_t count_elements(const Value& v) {
  if (!v.is_known() || v.is_null()) return 0;
  switch (v.type().kind()) {
    case TypeKind::List:
    case TypeKind::Set:
    case TypeKind::Map:
    case TypeKind::Tuple:
    case TypeKind::Object: {
      size_t n = v.length();
      for (size_t i = 0; i < v.length(); ++i) n += count_elements(v.at(i));
      return n;
    }
    default:
      return 0;
  }
}

// max_elements counts elements and entries over the whole document, the
// same way in both formats.
TEST(HostileLimits, MoreElementsThanMaxElements) {
  codec::DecodeOptions o;
  o.limits.max_elements = 5;
  check("msgpack list of 6, max 5", Fmt::Msgpack, unhex("96 01 02 03 04 05 06"), Type::list(N()),
        err_at(Status::Limit, 0), o);
  check("msgpack list of 5, max 5", Fmt::Msgpack, unhex("95 01 02 03 04 05"), Type::list(N()), ok(), o);
  check("msgpack [[1,2],[3]], max 5", Fmt::Msgpack, unhex("92 92 01 02 91 03"), Type::list(Type::list(N())), ok(), o);
  check("msgpack [[1,2],[3,4]], max 5", Fmt::Msgpack, unhex("92 92 01 02 92 03 04"), Type::list(Type::list(N())),
        err_at(Status::Limit, 4, 1), o);
  check("msgpack map of 6, max 5", Fmt::Msgpack,
        "\x86" + mstr("a") + "\x01" + mstr("b") + "\x01" + mstr("c") + "\x01" + mstr("d") + "\x01" + mstr("e") +
            "\x01" + mstr("f") + "\x01",
        Type::map(N()), err_at(Status::Limit, 0), o);
  check("JSON list of 6, max 5", Fmt::Json, "[1,2,3,4,5,6]", Type::list(N()), err_at(Status::Limit, 11, 0), o);
  check("JSON list of 5, max 5", Fmt::Json, "[1,2,3,4,5]", Type::list(N()), ok(), o);
  check("JSON [[1,2],[3]], max 5", Fmt::Json, "[[1,2],[3]]", Type::list(Type::list(N())), ok(), o);
  check("JSON map of 6, max 5", Fmt::Json, "{\"a\":1,\"b\":1,\"c\":1,\"d\":1,\"e\":1,\"f\":1}", Type::map(N()),
        err(Status::Limit), o);
  // A million-element array with max_elements 1000: refused from the header
  // in MessagePack, at the 1001st element in JSON.
  o.limits.max_elements = 1000;
  check("msgpack array32 of 1e6, max 1000", Fmt::Msgpack, "\xdd" + be32(kMillion) + std::string(kMillion, '\x01'),
        Type::list(N()), err_at(Status::Limit, 0), o);
  std::string jbig = "[";
  for (size_t i = 0; i < kMillion; ++i) jbig += i ? ",1" : "1";
  jbig += "]";
  check("JSON array of 1e6, max 1000", Fmt::Json, jbig, Type::list(N()), err_at(Status::Limit, 2001, 0), o);

  // The realistic value: both formats need exactly its element count.
  const Type t = realistic_type();
  const Value v = realistic_value(false);
  const size_t k = count_elements(v);
  std::string mp, js;
  codec::msgpack_encode(mp, v, t);
  codec::json_encode(js, v, t);
  codec::DecodeOptions exact, under;
  exact.limits.max_elements = k;
  under.limits.max_elements = k - 1;
  check("realistic msgpack, max = count", Fmt::Msgpack, mp, t, ok(), exact);
  check("realistic msgpack, max = count - 1", Fmt::Msgpack, mp, t, err(Status::Limit), under);
  check("realistic JSON, max = count", Fmt::Json, js, t, ok(), exact);
  check("realistic JSON, max = count - 1", Fmt::Json, js, t, err(Status::Limit), under);
}

// max_string_length applies to every string read: values, map keys,
// attribute names, numbers written as strings, and (MessagePack only) the
// type JSON of a dynamic wrapper. JSON measures the decoded text (escapes
// expanded, invalid bytes replaced).
TEST(HostileLimits, StringLongerThanMaxStringLength) {
  codec::DecodeOptions o;
  o.limits.max_string_length = 8;
  const std::string nine = "123456789", eight = "12345678";
  check("msgpack str 9, max 8", Fmt::Msgpack, mstr(nine), S(), err_at(Status::Limit, 0), o);
  check("msgpack str 8, max 8", Fmt::Msgpack, mstr(eight), S(), ok(), o);
  check("msgpack bin 9, max 8", Fmt::Msgpack, "\xc4\x09" + nine, S(), err_at(Status::Limit, 0), o);
  check("msgpack map key 9, max 8", Fmt::Msgpack, "\x81" + mstr(nine) + "\x01", Type::map(N()),
        err_at(Status::Limit, 1), o);
  check("msgpack attribute name 9, max 8", Fmt::Msgpack, "\x81" + mstr("attribute") + "\x01",
        obj({{"attribute", N(), false}}), err_at(Status::Limit, 1), o);
  check("msgpack number str 9, max 8", Fmt::Msgpack, mstr(nine), N(), err_at(Status::Limit, 0), o);
  check("msgpack str 9 in list, max 8", Fmt::Msgpack, "\x92" + mstr("a") + mstr(nine), Type::list(S()),
        err_at(Status::Limit, 3, 1), o);
  check("msgpack wrapper type \"string\" (8), max 8", Fmt::Msgpack, mwrap("\"string\"", mstr("x")), D(), ok(), o);
  codec::DecodeOptions o7;
  o7.limits.max_string_length = 7;
  check("msgpack wrapper type \"string\" (8), max 7", Fmt::Msgpack, mwrap("\"string\"", mstr("x")), D(),
        err_at(Status::Limit, 1), o7);
  check("JSON str 9, max 8", Fmt::Json, "\"" + nine + "\"", S(), err_at(Status::Limit, 1), o);
  check("JSON str 8, max 8", Fmt::Json, "\"" + eight + "\"", S(), ok(), o);
  check("JSON escaped str 9, max 8", Fmt::Json, "\"1234567\\u0041\\n\"", S(), err_at(Status::Limit, 1), o);
  check("JSON map key 9, max 8", Fmt::Json, "{\"" + nine + "\":1}", Type::map(N()), err_at(Status::Limit, 2), o);
  check("JSON attribute name 9, max 8", Fmt::Json, "{\"attribute\":1}", obj({{"attribute", N(), false}}),
        err_at(Status::Limit, 2), o);
  check("JSON 3 invalid bytes (9 after U+FFFD), max 8", Fmt::Json, "\"\xff\xff\xff\"", S(), err_at(Status::Limit, 1),
        o);
  check("JSON wrapper type \"string\" (8), max 7", Fmt::Json, "{\"value\":\"x\",\"type\":\"string\"}", D(), ok(), o7);
  // 100 MB-long string header with a low limit: refused from the header.
  check("msgpack str32 of 1e8, max 8", Fmt::Msgpack, "\xdb" + be32(100000000) + nine, S(), err_at(Status::Limit, 0), o);
}

}  // namespace

// ===========================================================================
// Round two: blowups the decoders still allowed, found with new inputs.
// Each test bounds work or memory (never time) so that the old behaviour
// fails it.

namespace {

// set(tuple([string, set(...)])) nested `levels` deep, two tuples per set
// (one holding the deeper set, one a null), as JSON, with its type.
std::pair<std::string, Type> nested_sets(size_t levels) {
  Type t = S();
  std::string v = "\"x\"";
  for (size_t i = 1; i <= levels; ++i) {
    t = Type::set(Type::tuple({S(), t}));
    const std::string n = std::to_string(i);
    v = "[[\"a" + n + "\"," + v + "],[\"b" + n + "\",null]]";
  }
  return {v, t};
}

Value decode_json(std::string_view in, const Type& t, const codec::DecodeOptions& o = {}) {
  return codec::json_decode(in, t, o);
}

using dynval::test::status_of;

}  // namespace

// Item 1: each set level re-derived the keys of everything below it, and a
// nested set's equality key repeated its members' hash bytes: 480 levels
// (17 KB) peaked at several MB of keys and took seconds. With cached set
// digests the peak stays proportional to the input.
TEST(HostileRound2, NestedSetsAreLinear) {
  const auto [json, t] = nested_sets(480);
  check("480 nested sets, JSON", Fmt::Json, json, t, ok([](const Value& v) { EXPECT_EQ(v.length(), 2u); }));
  std::string mp;
  codec::msgpack_encode(mp, decode_json(json, t), t);
  check("480 nested sets, msgpack", Fmt::Msgpack, mp, t, ok());
  // Two equal sets built apart: Equals and the set of both (one member).
  const Value a = decode_json(json, t), b = decode_json(json, t);
  const Outcome o = measured([&](Outcome&) {
    EXPECT_EQ(a.equals(b), dynval::Tristate::True);
    EXPECT_TRUE(a.raw_equals(b));
    EXPECT_EQ(Value::set(t, {a, b}).length(), 1u);
  });
  EXPECT_LE(o.peak, bound_for(json.size(), kDefaultFactor));
}

// The same through the API, past the decoders' default depth limit, up to
// the cap: each level of set(tuple([string, set])) is two value levels
// (2047 levels, 4094 value levels; 511 in AddressSanitizer builds).
TEST(HostileRound2, ApiBuiltNestedSets) {
  Value v = Value::string("x");
  for (size_t i = 0; i < limits::kMaxSupportedDepth / 2 - 1; ++i) {
    const std::string n = std::to_string(i);
    Value deeper = Value::tuple({Value::string("a" + n), v});
    Value other = Value::tuple({Value::string("b" + n), Value::null(v.type())});
    const Outcome o = measured([&](Outcome&) { v = Value::set(deeper.type(), {deeper, other, deeper}); });
    ASSERT_EQ(v.length(), 2u);
    ASSERT_LE(o.peak, 64 * 1024u) << "level " << i << ": set construction walked the levels below";
  }
  std::string out;
  codec::msgpack_encode(out, v, v.type());
  EXPECT_EQ(codec::msgpack_decode(out, v.type(), [] {
              codec::DecodeOptions o;
              o.limits.max_depth = limits::kMaxSupportedDepth;
              return o;
            }()).equals(v),
            dynval::Tristate::True);
}

// Item 2: each refinement payload was decoded with a fresh digit budget.
// Bounds now draw on the document's budget, and a bound over the digit
// limit is a Limit error, not a Parse error about the array's shape.
TEST(HostileRound2, RefinementBoundsShareTheDocumentBudget) {
  const std::string bound = ext12(unhex("82 03 92") + mstr("1e9000") + "\xc3" + unhex("04 92") + mstr("1e9001") + "\xc3");
  const std::string one = "\x91" + bound;
  Expect fine = ok();
  fine.transcode = false;  // JSON holds no unknowns
  check("one unknown in [1e9000, 1e9001]", Fmt::Msgpack, one, Type::list(N()), fine);
  // 3,000 of them (72 KB) would print as 54 MB: past the budget
  // (64 characters per input byte).
  const std::string many = "\xdd" + be32(3000) + repeat(bound, 3000);
  check("3000 unknowns in [1e9000, 1e9001]", Fmt::Msgpack, many, Type::list(N()), err(Status::Limit));
  const std::string over = ext12(unhex("81 03 92") + mstr("1e10001") + "\xc3");
  check("a bound over the digit limit", Fmt::Msgpack, over, N(), err_at(Status::Limit, 6));
}

// Item 3: a 14-byte not-null list unknown of length [1024, 1024] collapses
// to 1,024 unknowns. Synthesized elements count against max_elements and a
// per-document budget (max(1024, input bytes)).
TEST(HostileRound2, CollapsedListsAreCounted) {
  const std::string collapse = ext12(unhex("83 01 c2 05 cd 04 00 06 cd 04 00"));
  Expect collapsed = ok([](const Value& v) { EXPECT_EQ(v.length(), 1024u); });
  collapsed.transcode = false;  // JSON holds no unknowns
  check("one collapsed list of 1024", Fmt::Msgpack, collapse, Type::list(S()), collapsed);
  codec::DecodeOptions o;
  o.limits.max_elements = 1000;
  check("1024 synthesized elements, max_elements 1000", Fmt::Msgpack, collapse, Type::list(S()),
        err_at(Status::Limit, 0), o);
  // 4,000 of them (56 KB) would be 4 million values (1.4 GB before): past
  // the budget of one synthesized element (32 bytes) per input byte.
  const std::string many = "\xdd" + be32(4000) + repeat(collapse, 4000);
  Expect limited = err(Status::Limit);
  limited.factor = kDenseFactor;
  check("4000 collapsed lists (56 KB)", Fmt::Msgpack, many, Type::list(Type::list(S())), limited);
}

// Item 4: one wide dynamic wrapper then many nulls in list(dynamic) wrote
// the wide type JSON for each null (154 KB became 1 GB). Output stops at
// max_output_size (default 256 MiB) with Limit, in the encoders and the
// transcoders.
TEST(HostileRound2, OutputIsLimited) {
  std::string wide = "{\"value\":{";
  std::string type = "[\"object\",{";
  for (int i = 0; i < 200; ++i) {
    const std::string n = "\"a" + std::to_string(i) + "\"";
    wide += (i ? "," : "") + n + ":null";
    type += (i ? "," : "") + n + ":\"string\"";
  }
  wide += "},\"type\":" + type + "}]}";
  const std::string json = "[" + wide + repeat(",null", 5000) + "]";
  codec::DecodeOptions o;
  o.limits.max_output_size = 1 << 20;  // the wide type JSON is ~2.5 KB, times 5000 nulls
  const Value v = decode_json(json, Type::list(D()));
  for (bool to_json : {false, true}) {
    std::string out = "keep";
    const codec::EncodeOptions eo{size_t(1) << 20};
    EXPECT_EQ(status_of([&] {
                to_json ? codec::json_encode(out, v, Type::list(D()), eo) : codec::msgpack_encode(out, v, Type::list(D()), eo);
              }),
              Status::Limit);
    EXPECT_EQ(out, "keep");
  }
  check("wide wrapper then 5000 nulls, 1 MiB output", Fmt::Json, json, Type::list(D()),
        [] {
          Expect e = ok();
          e.transcode_status = Status::Limit;
          e.factor = kDenseFactor;  // the output buffer grows to the 1 MiB limit
          return e;
        }(),
        o);
  std::string mp;
  codec::msgpack_encode(mp, v, Type::list(D()));
  std::string out;
  EXPECT_EQ(status_of([&] { codec::msgpack_to_json(out, mp, Type::list(D()), o); }), Status::Limit);
  EXPECT_EQ(out, "");
}

// Item 5: text became a number without a digit limit ("1e1000000" as a
// number took 31 s to encode). Every text -> number path is
// Number::parse_bounded.
TEST(HostileRound2, TextToNumberHasTheDigitLimit) {
  for (const char* text : {"1e1000000", "1e600000000", "-1e-300000", "0.0000001e10008"}) {
    std::string out;
    EXPECT_EQ(status_of([&] { codec::msgpack_encode(out, Value::string(text), N()); }), Status::Limit) << text;
    EXPECT_EQ(status_of([&] { codec::json_encode(out, Value::string(text), N()); }), Status::Limit) << text;
    EXPECT_EQ(status_of([&] { Number::parse_bounded(text); }), Status::Limit) << text;
    dv_value_t* nv = nullptr;
    dv_error_t* e = nullptr;
    EXPECT_EQ(dv_value_new_number_text(&nv, text, std::strlen(text), &e), DV_ERR_LIMIT) << text;
    dv_error_free(e);
  }
  std::string out;
  codec::msgpack_encode(out, Value::string("1e9999"), N());
  EXPECT_EQ(out.size(), 3u + 10000u);  // str16 header + 10,000 digits
}

// Item 6: values and types built through the API had no depth cap, and
// encode/equals/set construction overflowed the stack near 33,000 levels,
// type JSON near 87,000, free near 180,000. Construction now stops at the
// decoders' hard cap with Limit; everything at the cap works.
TEST(HostileRound2, ApiBuiltDepthIsCapped) {
  Value v = Value::string("x");
  size_t built = 0;
  const Status st = status_of([&] {
    for (; built < 100000; ++built) v = Value::list(v.type(), {v});
  });
  EXPECT_EQ(st, Status::Limit);
  EXPECT_EQ(built, limits::kMaxSupportedDepth);
  std::string mp, js;
  codec::msgpack_encode(mp, v, v.type());
  codec::json_encode(js, v, v.type());
  EXPECT_EQ(v.equals(v), dynval::Tristate::True);
  EXPECT_NE(v.hash(), 0u);
  EXPECT_FALSE(v.go_string().empty());
  const Value inner = v.at(0);  // a set of values one level below the cap
  EXPECT_EQ(Value::set(inner.type(), {inner, inner}).length(), 1u);
  codec::DecodeOptions o;
  o.limits.max_depth = SIZE_MAX;
  EXPECT_TRUE(codec::msgpack_decode(mp, v.type(), o).raw_equals(v));
  // Maps, objects and tuples are capped the same way; so is the C API.
  EXPECT_EQ(status_of([&] { Value::map(v.type(), {{"k", v}}); }), Status::Limit);
  EXPECT_EQ(status_of([&] { Value::object({{"a", v}}); }), Status::Limit);
  EXPECT_EQ(status_of([&] { Value::tuple({v}); }), Status::Limit);
  dv_value_t* cv = nullptr;
  ASSERT_EQ(dv_value_new_string(&cv, "x", 1, nullptr), DV_OK);
  dv_status_t cst = DV_OK;
  size_t levels = 0;
  for (; levels < 100000 && cst == DV_OK; ++levels) {
    dv_value_t* next = nullptr;
    const dv_value_t* elems[1] = {cv};
    cst = dv_value_new_list(&next, dv_value_type(cv), elems, 1, nullptr);
    if (cst == DV_OK) {
      dv_value_free(cv);
      cv = next;
    }
  }
  EXPECT_EQ(cst, DV_ERR_LIMIT);
  EXPECT_EQ(levels, limits::kMaxSupportedDepth + 1);
  dv_value_free(cv);
  v = Value();  // frees kMaxSupportedDepth levels
}

// Item 7: an overridden "value" member of a dynamic wrapper was skipped by
// bracket matching and never syntax-checked.
TEST(HostileRound2, SkippedJsonValuesAreChecked) {
  check("overridden malformed value", Fmt::Json, R"({"value":[1 2 x y],"value":1,"type":"number"})", D(),
        err_at(Status::Parse, 12));
  check("overridden well-formed value", Fmt::Json, R"({"value":[1,2],"value":1,"type":"number"})", D(), ok());
  check("overridden malformed string", Fmt::Json, "{\"value\":\"\\q\",\"value\":1,\"type\":\"number\"}", D(),
        err_at(Status::Parse, 11));
  // Syntax errors carry the byte Go's scanner stops at.
  check("missing colon", Fmt::Json, R"({"a" 1})", Type::map(N()), err_at(Status::Parse, 5));
  check("unquoted key", Fmt::Json, "{a:1}", Type::map(N()), err_at(Status::Parse, 1));
  check("number key", Fmt::Json, "{1:2}", Type::map(N()), err_at(Status::Parse, 1));
  check("missing comma", Fmt::Json, R"({"a":1 "b":2})", Type::map(N()), err_at(Status::Parse, 7));
  check("wrong closer", Fmt::Json, "[1,2}", Type::list(N()), err_at(Status::Parse, 4));
}

// Item 8: the document digit budget was a fixed 80,000 characters: 6,000
// times 1e-20 (36 KB, which go-cty accepts) failed. The budget is now
// proportional to the input with a floor, and the per-number bound no
// longer overestimates (1e9997 and 9,996-digit integers fit 10,000).
TEST(HostileRound2, DigitBudgetIsProportional) {
  const std::string small = "[" + repeat("1e-20,", 5999) + "1e-20]";
  check("6000 x 1e-20", Fmt::Json, small, Type::list(N()), ok([](const Value& v) { EXPECT_EQ(v.length(), 6000u); }));
  const std::string doubles = "[" + repeat("5e-324,", 9999) + "5e-324]";  // the longest binary64 text
  Expect dense = ok();
  dense.factor = kDenseFactor;  // re-encoded, each prints as 326 characters
  check("10000 x 5e-324", Fmt::Json, doubles, Type::list(N()), dense);
  check("1e9997", Fmt::Json, "1e9997", N(), ok());
  check("1e9999 (10,000 digits)", Fmt::Json, "1e9999", N(), ok());
  check("1e10000", Fmt::Json, "1e10000", N(), err_at(Status::Limit, 0));
  check("9,996-digit integer", Fmt::Json, "9" + std::string(9995, '9'), N(), ok());
  // A huge max_number_digits does not overflow the budget arithmetic.
  codec::DecodeOptions o;
  o.limits.max_number_digits = SIZE_MAX / 2;
  check("max_number_digits 2^63", Fmt::Json, "[1e-20,1e-20]", Type::list(N()), ok(), o);
  o.limits.max_number_digits = size_t(1) << 61;
  check("max_number_digits 2^61", Fmt::Json, "[1e-20,1e-20]", Type::list(N()), ok(), o);
}

// Unclear errors: attribute names equal after NFC are a schema error;
// contradictory bounds that print alike are shown exactly; an out-of-range
// nesting mode in a protobuf schema is reported with its own number.
TEST(HostileRound2, ClearerErrors) {
  const std::string doc =
      R"({"format_version":"1.0","provider_schemas":{"p":{"provider":{"version":0,"block":{"attributes":)"
      R"({"se\u0301cret":{"type":"string","optional":true},"s\u00e9cret":{"type":"string","optional":true}}}}}}})";
  try {
    dynval::load_schema_json(doc, "provider");
    ADD_FAILURE() << "names equal after NFC accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Schema) << e.message();
    EXPECT_NE(e.message().find("NFC"), std::string::npos) << e.message();
  }
  // Lower bound the binary64 0.1, upper bound "0.1" (512 bits, smaller).
  const std::string bounds = ext12(unhex("82 03 92 cb 3f b9 99 99 99 99 99 9a c3 04 92") + mstr("0.1") + "\xc3");
  try {
    codec::msgpack_decode(bounds, N());
    ADD_FAILURE() << "contradictory bounds accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Refinement);
    EXPECT_NE(e.message().find("0.1000000000000000055511151231257827"), std::string::npos) << e.message();
  }
  // A Schema message (version 1, block 2) whose block has a NestedBlock
  // (field 3) with nesting 6.
  const std::string nested = unhex("0a 01 62 12 00 18 06");  // type_name "b", block {}, nesting 6
  const std::string block = "\x1a" + std::string(1, char(nested.size())) + nested;
  const std::string schema = std::string("\x08\x00\x12", 3) + std::string(1, char(block.size())) + block;
  try {
    dynval::load_schema_proto(schema, 6);
    ADD_FAILURE() << "nesting mode 6 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::Schema);
    EXPECT_NE(e.message().find("invalid nesting mode 6"), std::string::npos) << e.message();
  }
}

// ---------------------------------------------------------------------------
// AttributePath messages (dv_path_from_attribute_path): a step takes 2 bytes
// of input and a path step about 64 bytes of memory, so the step limit
// (4096) and nothing else keeps the densest message from costing 32 times
// its size; names are copied once. Through the C API, measured.

TEST(HostileAttributePath, MemoryInProportion) {
  struct Case {
    std::string label;
    std::string in;
    dv_status_t status;
    size_t offset;  // of the error
    size_t max_peak;
  };
  const size_t kSteps = limits::kMaxAttributePathSteps;
  const std::string name(4096, 'n');
  const std::string big_step = "\x0a\x83\x20\x0a\x80\x20" + name;  // Step{attribute_name: 4 KiB}
  const std::string unknown_field = "\x12\x80\x80\x80\x08" + std::string(size_t(16) << 20, 'x');  // field 2, 16 MiB
  const Case cases[] = {
      {"16 MiB of minimal steps", repeat(unhex("0a021800"), size_t(4) << 20), DV_ERR_LIMIT, 4 * kSteps, kMiB},
      {"4096 steps of 4 KiB names", repeat(big_step, kSteps), DV_OK, kNoOffset, 2 * kSteps * big_step.size() + kMiB},
      {"a 16 MiB unknown field", unknown_field + unhex("0a021800"), DV_OK, kNoOffset, kMiB},
      {"16 MiB cut short in the last step", repeat(unhex("0a021800"), 100) + unknown_field + "\x0a\x05",
       DV_ERR_PARSE, 400 + unknown_field.size() + 1, kMiB},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.label);
    Outcome got = measured([&](Outcome& out) {
      dv_path_t* p = nullptr;
      dv_error_t* err = nullptr;
      const dv_status_t st = dv_path_from_attribute_path(&p, c.in.data(), c.in.size(), &err);
      from_c_error(out, st, err);
      dv_path_free(p);
    });
    record(c.label, "dv_path_from_attribute_path", c.in.size(), got.peak);
    std::printf("[ peak ] %-44s %-20s input %9zu B, peak %10zu B\n", c.label.c_str(), "path_from_attr_path",
                c.in.size(), got.peak);
    EXPECT_EQ(int(got.status), int(c.status)) << got.message;
    EXPECT_LE(got.peak, c.max_peak);
    EXPECT_EQ(got.offset, c.offset);
  }
}
