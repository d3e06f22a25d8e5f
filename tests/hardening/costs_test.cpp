// The hardening suite, round three (issue "Hostile inputs, round three: the
// value layer's costs"): small inputs that took seconds to minutes or
// gigabytes in operations a provider runs on data it receives (diff,
// flatmap, implied types, conversion and unification, the CLI's views).
// Each case runs an input of about the size the red team used, asserts the
// exact result, and bounds what the call costs:
//   - CPU time of the calling thread (CLOCK_THREAD_CPUTIME_ID, so other
//     load on the machine hardly moves it), with at least 10x headroom over
//     what the fixed code takes on a two-core development machine; the old
//     code took 100x to 10,000x the bound;
//   - the peak heap of the call (heap_count.hpp), in proportion to its
//     input where the old code's grew faster.
// Figures are printed as "[ cost ]" lines; docs/hardening.md has the
// before/after table.
#include <gtest/gtest.h>
#include <time.h>

#include <cstdio>
#include <string>
#include <thread>

#include "heap_count.hpp"

namespace {

struct Cost {
  double cpu_seconds = 0;
  size_t peak = 0;          // heap bytes on top of the live bytes at the start
  uint64_t allocations = 0;
};

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Runs f() on a fresh thread (no thread-local cache survives from an
// earlier call) and measures it; prints one "[ cost ]" line.
template <class F>
Cost cost(const std::string& label, size_t input_bytes, F&& f) {
  Cost c;
  std::thread th([&] {
    dynval::test::PeakScope scope;
    const double t0 = thread_cpu_seconds();
    f();
    c.cpu_seconds = thread_cpu_seconds() - t0;
    c.peak = scope.peak();
    c.allocations = scope.allocations();
  });
  th.join();
  std::printf("[ cost ] %-56s input %9zu B, cpu %8.4f s, peak %11zu B, %9llu allocations\n", label.c_str(),
              input_bytes, c.cpu_seconds, c.peak, static_cast<unsigned long long>(c.allocations));
  return c;
}

[[maybe_unused]] constexpr size_t kMiB = size_t(1) << 20;

}  // namespace

// ---------------------------------------------------------------------------
// Items 1 and 2: dv_value_diff (values/diff.cpp)

#include "codec/codec.hpp"
#include "support/limits.hpp"
#include "types/type.hpp"
#include "values/path.hpp"
#include "values/value.hpp"
#include "values/walk.hpp"

namespace {

using dynval::Type;
using dynval::Value;

// set(set(...set(leaf))) with one element per level, `levels` sets deep.
Value nested_sets(size_t levels, const Value& leaf) {
  Value v = leaf;
  for (size_t i = 0; i < levels; ++i) v = Value::set(v.type(), {v});
  return v;
}

// {a = {a = ... {a = "x"}}}, `levels` objects deep.
Value nested_objects(size_t levels) {
  Value v = Value::string("x");
  for (size_t i = 0; i < levels; ++i) v = Value::object({{"a", v}});
  return v;
}

// The bytes of v as MessagePack: the size of the input a provider receives.
size_t msgpack_size(const Value& v) {
  std::string out;
  dynval::codec::msgpack_encode(out, v, v.type());
  return out.size();
}

}  // namespace

// Item 1: matching set elements by deep equality re-matched every inner set
// from both sides, 2^depth work: 24 levels took 5.7 s, 28 over a minute.
// Each node's deep-equality class is now computed once: 28 levels (and 200)
// take microseconds. The values are built apart, so nothing is shared.
TEST(HostileRound3, DiffOfNestedSetsIsLinear) {
  for (const bool unknown_leaf : {false, true}) {
    const Value leaf = unknown_leaf ? Value::unknown(Type::string()) : Value::string("x");
    for (const size_t levels : {size_t(28), size_t(200)}) {
      const Value a = nested_sets(levels, leaf), b = nested_sets(levels, leaf);
      dynval::Diff d;
      const Cost c = cost(std::to_string(levels) + " nested sets, " + (unknown_leaf ? "unknown" : "known") + " leaf",
                          msgpack_size(a), [&] { d = dynval::diff(a, b); });
      EXPECT_TRUE(d.empty());
      EXPECT_LT(c.cpu_seconds, 0.05);
      EXPECT_LT(c.peak, kMiB);
    }
  }
  // A difference at the bottom: the outermost sets' only elements differ,
  // so each side's element is reported with its whole subtree.
  const Value a = nested_sets(28, Value::string("x")), b = nested_sets(28, Value::string("y"));
  dynval::Diff d;
  const Cost c = cost("28 nested sets, leaves differ", msgpack_size(a), [&] { d = dynval::diff(a, b); });
  ASSERT_EQ(d.size(), 1u + 28u);  // b's element; then a's element, the 26 sets below it and the leaf
  EXPECT_FALSE(d[0].a.has_value());
  EXPECT_FALSE(d[1].b.has_value());
  EXPECT_EQ(d.path(d.size() - 1).size(), 28u);
  EXPECT_LT(c.cpu_seconds, 0.05);
}

// Item 2: every entry held a full copy of its path, so an object d levels
// deep diffed against a string took O(d^2) memory (4,000 levels: 1.1 GB).
// Entries now share their paths' prefixes.
TEST(HostileRound3, DiffPathsShareTheirPrefixes) {
  const size_t levels = std::min<size_t>(4000, dynval::limits::kMaxSupportedDepth - 1);
  const Value a = nested_objects(levels), b = Value::string("x");
  dynval::Diff d;
  const Cost c = cost(std::to_string(levels) + " nested objects vs a string", msgpack_size(a), [&] { d = dynval::diff(a, b); });
  ASSERT_EQ(d.size(), levels + 1);  // the root, then every attribute below it
  EXPECT_EQ(d.path(levels).size(), levels);
  EXPECT_EQ(dynval::path_string(d.path(2)), ".a.a");
  // About 150 bytes per level (a path node and an entry); copies of every
  // path were about 64 * levels^2 / 2 bytes (512 MB for 4,000 levels).
  EXPECT_LT(c.peak, 1000 * levels);
  EXPECT_LT(c.cpu_seconds, 0.1);
}

// ---------------------------------------------------------------------------
// Item 10: with ignore_undefined_attributes, the MessagePack decoder and
// transcoders skipped an undefined attribute's value however deeply it
// nested, where the JSON decoder refuses one deeper than max_depth. Both
// formats, every entry point, now draw the line at the same depth.

#include "support/error.hpp"

namespace {

namespace codec = dynval::codec;
using dynval::Status;

// {"a": "x", "junk": [[...[]...]]} with `levels` arrays under "junk".
std::pair<std::string, std::string> junk_document(size_t levels) {
  std::string json = R"({"a":"x","junk":)" + std::string(levels, '[') + std::string(levels, ']') + "}";
  std::string mp = "\x82\xa1" "a" "\xa1" "x" "\xa4" "junk";
  mp += std::string(levels - 1, '\x91') + "\x90";
  return {json, mp};
}

// The status of every decoding entry point on the document; they must
// agree, and a limit error must read the same in both formats.
std::vector<Status> statuses(const std::pair<std::string, std::string>& doc, const codec::DecodeOptions& o) {
  const Type t = Type::object({{"a", Type::string(), false}});
  std::vector<Status> got;
  std::string message;
  auto run = [&](auto&& f) {
    try {
      f();
      got.push_back(Status::Ok);
    } catch (const dynval::Error& e) {
      got.push_back(e.status());
      if (message.empty()) message = e.message();
      EXPECT_EQ(e.message(), message);
    }
  };
  std::string out;
  run([&] { codec::json_decode(doc.first, t, o); });
  run([&] { codec::json_to_msgpack(out, doc.first, t, o); });
  run([&] { codec::json_to_json(out, doc.first, t, o); });
  run([&] { codec::msgpack_decode(doc.second, t, o); });
  run([&] { codec::msgpack_to_json(out, doc.second, t, o); });
  run([&] { codec::msgpack_to_msgpack(out, doc.second, t, o); });
  return got;
}

}  // namespace

TEST(HostileRound3, SkippedValuesCountAgainstTheDepthLimit) {
  codec::DecodeOptions o;
  o.ignore_undefined_attributes = true;
  o.limits.max_depth = 64;
  // The object is level 1, so its attribute's arrays may take levels 2..64.
  EXPECT_EQ(statuses(junk_document(63), o), std::vector<Status>(6, Status::Ok));
  EXPECT_EQ(statuses(junk_document(64), o), std::vector<Status>(6, Status::Limit));
  // The default limit, with a skipped value 100,000 levels deep (200 KB).
  codec::DecodeOptions d;
  d.ignore_undefined_attributes = true;
  EXPECT_EQ(statuses(junk_document(100000), d), std::vector<Status>(6, Status::Limit));
}

// ---------------------------------------------------------------------------
// Item 3: legacy flatmap counts were checked one at a time against the
// state's entry count, so nested counts multiplied: "l.#" = m with m inner
// "l.i.#" = m built m^2 elements (m = 5,000, 60 KB: 4.6 s, 0.79 GB). The
// elements that counts call for beyond the entries draw on one budget per
// state, sized by its bytes.

#include <map>

#include "convert/convert.hpp"

TEST(HostileRound3, FlatmapNestedCountsShareOneBudget) {
  const Type t = Type::object({{"l", Type::list(Type::list(Type::string())), false}});
  const size_t m = 5000;
  std::map<std::string, std::string, std::less<>> fm{{"l.#", std::to_string(m)}};
  size_t bytes = 3 + std::to_string(m).size();
  for (size_t i = 0; i < m; ++i) {
    std::string k = "l." + std::to_string(i) + ".#";
    bytes += k.size() + std::to_string(m).size();
    fm.emplace(std::move(k), std::to_string(m));
  }
  Status st = Status::Ok;
  std::string message;
  const Cost c = cost("flatmap, 5,000 inner counts of 5,000", bytes, [&] {
    try {
      dynval::convert::value_from_flatmap(fm, t);
    } catch (const dynval::Error& e) {
      st = e.status();
      message = e.message();
    }
  });
  EXPECT_EQ(st, Status::Limit);
  EXPECT_NE(message.find("count value for \"l.11.\" in state (5000) would make"), std::string::npos) << message;
  EXPECT_LT(c.cpu_seconds, 0.3);
  EXPECT_LT(c.peak, 64 * bytes + kMiB);
  // Counts a little above the entries, as valid state has them, still read.
  fm = {{"l.#", "2"}, {"l.0.#", "3"}, {"l.0.0", "a"}};
  const Value v = dynval::convert::value_from_flatmap(fm, t);
  EXPECT_EQ(v.get("l")->length(), 2u);
  EXPECT_EQ(v.get("l")->at(0).length(), 3u);
  EXPECT_TRUE(v.get("l")->at(1).is_null());
}
