// Fuzz target (build): values built through the API, as deep as the bytes
// say, past the depth cap included. Input: a leaf byte, then steps of two
// bytes (op, count): each wraps the value `count * 16 + 1` times in one
// shape (op % 6: list, set, set(tuple([string, v])) with a sibling (two
// levels), tuple, object, map). Checks:
//   - construction either succeeds or, only beyond
//     limits::kMaxSupportedDepth levels, fails with Status::Limit, never
//     anything else, and never deeper;
//   - whatever was built encodes (MessagePack and JSON), decodes back
//     raw-equal under a max_depth at the cap, Equals itself and a copy built
//     apart, forms a one-member set with that copy, hashes, prints, and is
//     freed (all recursive walks, bounded by the cap).
#include <string>

#include "codec/codec.hpp"
#include "fuzz_common.hpp"
#include "support/limits.hpp"

using namespace dynval;

namespace {

Value leaf(uint8_t b) {
  switch (b % 5) {
    case 0: return Value::string(std::string(b % 7, 'x'));
    case 1: return Value::number(Number::from_int64(b));
    case 2: return Value::boolean(b & 1);
    case 3: return Value::null(Type::string());
    default: return Value::number(Number::from_double(b / 7.0));
  }
}

Value wrap(unsigned op, const Value& v, size_t i) {
  switch (op % 6) {
    case 0: return Value::list(v.type(), {v});
    case 1: return Value::set(v.type(), {v, v});
    case 2: {
      const Type t = Type::tuple({Type::string(), v.type()});
      return Value::set(t, {Value::tuple({Value::string("a" + std::to_string(i)), v}),
                            Value::tuple({Value::string("b"), Value::null(v.type())})});
    }
    case 3: return Value::tuple({v, Value::boolean(true)});
    case 4: return Value::object({{"v", v}, {"n", Value::number(Number::from_int64(int64_t(i)))}});
    default: return Value::map(v.type(), {{"k", v}});
  }
}

// The nesting levels one wrap adds (the set of tuples adds two).
size_t levels(unsigned op) { return op % 6 == 2 ? 2 : 1; }

// Builds the value the input describes; `depth` is its nesting depth, or
// on failure the depth the failed wrap would have had.
Value build(const uint8_t* data, size_t size, size_t& depth) {
  Value v = leaf(size > 0 ? data[0] : 0);
  depth = 0;
  for (size_t k = 1; k + 1 < size; k += 2) {
    const size_t count = size_t(data[k + 1]) * 16 + 1;
    for (size_t i = 0; i < count; ++i) {
      const size_t next = depth + levels(data[k]);
      Value w = wrap(data[k], v, i);  // throws with `depth` left at the last success
      v = std::move(w);
      depth = next;
    }
  }
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 64) return -1;  // at most ~30 steps: time goes to the walks, not to building
  size_t depth = 0;
  Value v, again;
  try {
    v = fuzz::timed("build", size, [&] { return build(data, size, depth); });
    size_t d2 = 0;
    again = build(data, size, d2);
  } catch (const Error& e) {
    FUZZ_CHECK(e.status() == Status::Limit, "building failed with status %d: %s", int(e.status()),
               e.message().c_str());
    // The wrap that failed would have gone past the cap (depth is the last
    // one built, at most 2 levels under it).
    FUZZ_CHECK(depth + 2 > limits::kMaxSupportedDepth, "Limit at depth %zu, under the cap", depth);
    return 0;
  }
  FUZZ_CHECK(depth <= limits::kMaxSupportedDepth, "built %zu levels, past the cap", depth);
  codec::DecodeOptions o;
  o.limits.max_depth = limits::kMaxSupportedDepth;
  std::string mp;
  codec::msgpack_encode(mp, v, v.type());
  FUZZ_CHECK(codec::msgpack_decode(mp, v.type(), o).raw_equals(v), "MessagePack round trip changed the value");
  std::string js;
  codec::json_encode(js, v, v.type());
  (void)codec::json_decode(js, v.type(), o);
  FUZZ_CHECK(v.equals(again) == Tristate::True, "a value does not Equal its copy");
  FUZZ_CHECK(v.raw_equals(again));
  FUZZ_CHECK(v.hash() == again.hash());
  fuzz::check_self_membership(v, again);
  (void)v.go_string();
  (void)v.type().to_json();
  return 0;
}
