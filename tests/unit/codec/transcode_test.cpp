// Transcoding by type (codec/transcode.cpp): MessagePack <-> JSON and the
// same-format round trips MessagePack -> MessagePack, JSON -> JSON.
//
// The property under test: msgpack_to_json(x) == json_encode(msgpack_decode(x)),
// msgpack_to_msgpack(x) == msgpack_encode(msgpack_decode(x)),
// json_to_msgpack(x) == msgpack_encode(json_decode(x)) and
// json_to_json(x) == json_encode(json_decode(x)), byte for byte, or both
// fail with the same status, message, path and offset (and the transcoder
// then leaves the output buffer as it was). Every input below is checked in
// both output formats (from_mp / from_js). Checked over
//   - every row of tests/data/gocty-vectors.txt that carries wire bytes or
//     text (MP / JS outputs, UM / UJ inputs), under a panel of types (most
//     combinations are errors, which must agree too);
//   - random values of random types (nulls, unknowns with refinements,
//     dynamic wrappers, sets, non-NFC strings and keys, every number form),
//     encoded by the encoders, then also every truncation and random byte
//     mutations of those encodings;
//   - hand-made inputs no encoder writes: unsorted and duplicate (after NFC)
//     map keys, unordered object attributes, numbers as strings, float32,
//     bin strings, refined unknowns that collapse, nested wrappers.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "codec/codec.hpp"
#include "number/number.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"
#include "common/golden.hpp"
#include "common/hex.hpp"
#include "common/outcome.hpp"

using namespace dynval;
using namespace dynval::codec;

namespace {

using dynval::test::describe;
using dynval::test::Outcome;
using dynval::test::run;

const char* kPre = "PRE";

// Comparisons made, per direction (printed by TranscodeCounts).
size_t g_checks[4] = {0, 0, 0, 0};
const char* const kDirection[4] = {"msgpack->json", "msgpack->msgpack", "json->msgpack", "json->json"};

// Compares a transcoder with decode-then-encode; returns true if they agree.
template <class Tree, class Direct>
::testing::AssertionResult same(int dir, const std::string& in, const Type& t, Tree tree, Direct direct) {
  ++g_checks[dir];
  Outcome want = run(tree);
  Outcome got = run(direct);
  if (!got.ok && got.bytes != kPre) return ::testing::AssertionFailure() << "output buffer changed on error";
  if (!want.ok) want.bytes = kPre;
  if (want.ok != got.ok || want.bytes != got.bytes || want.status != got.status || want.message != got.message ||
      want.path != got.path || want.offset != got.offset) {
    return ::testing::AssertionFailure() << kDirection[dir] << " of " << ::testing::PrintToString(in) << " as "
                                         << t.to_json() << "\n  tree:      " << describe(want)
                                         << "\n  transcode: " << describe(got);
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult same_m2j(const std::string& in, const Type& t, const DecodeOptions& opts = {}) {
  return same(
      0, in, t, [&](std::string& out) { json_encode(out, msgpack_decode(in, t, opts), t); },
      [&](std::string& out) { msgpack_to_json(out, in, t, opts); });
}
::testing::AssertionResult same_m2m(const std::string& in, const Type& t, const DecodeOptions& opts = {}) {
  return same(
      1, in, t, [&](std::string& out) { msgpack_encode(out, msgpack_decode(in, t, opts), t); },
      [&](std::string& out) { msgpack_to_msgpack(out, in, t, opts); });
}
::testing::AssertionResult same_j2m(const std::string& in, const Type& t, const DecodeOptions& opts = {}) {
  return same(
      2, in, t, [&](std::string& out) { msgpack_encode(out, json_decode(in, t, opts), t); },
      [&](std::string& out) { json_to_msgpack(out, in, t, opts); });
}
::testing::AssertionResult same_j2j(const std::string& in, const Type& t, const DecodeOptions& opts = {}) {
  return same(
      3, in, t, [&](std::string& out) { json_encode(out, json_decode(in, t, opts), t); },
      [&](std::string& out) { json_to_json(out, in, t, opts); });
}

// A MessagePack input into both formats; a JSON input into both formats.
::testing::AssertionResult from_mp(const std::string& in, const Type& t, const DecodeOptions& opts = {}) {
  auto r = same_m2j(in, t, opts);
  return r ? same_m2m(in, t, opts) : r;
}
::testing::AssertionResult from_js(const std::string& in, const Type& t, const DecodeOptions& opts = {}) {
  auto r = same_j2m(in, t, opts);
  return r ? same_j2j(in, t, opts) : r;
}

using dynval::test::unhex;

Type obj(std::vector<std::pair<std::string, Type>> attrs) {
  std::vector<Type::AttrSpec> specs;
  for (auto& [n, t] : attrs) specs.push_back({n, t, false});
  return Type::object(std::move(specs));
}

// Types every input is tried under.
std::vector<Type> panel() {
  const Type s = Type::string(), n = Type::number(), b = Type::boolean(), d = Type::dynamic();
  return {s,
          n,
          b,
          d,
          Type::list(s),
          Type::list(n),
          Type::set(s),
          Type::set(n),
          Type::map(s),
          Type::map(n),
          Type::map(d),
          Type::list(d),
          Type::tuple({s, n}),
          Type::tuple({d, b}),
          obj({{"a", s}, {"b", n}}),
          obj({{"a", d}, {"b", Type::list(s)}}),
          Type::list(obj({{"id", s}, {"n", n}}))};
}

// ---------- random types and values ----------

class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}

  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  bool chance(int percent) { return pick(100) < size_t(percent); }

  Type type(int depth) {
    const size_t k = depth <= 0 ? pick(4) : pick(11);
    switch (k) {
      case 0: return Type::string();
      case 1: return Type::number();
      case 2: return Type::boolean();
      case 3: return depth > 0 && chance(50) ? Type::dynamic() : Type::string();
      case 4: return Type::list(type(depth - 1));
      case 5: return Type::set(type(depth - 1));
      case 6:
      case 7: return Type::map(type(depth - 1));
      case 8: {
        std::vector<Type> el;
        for (size_t i = pick(4); i > 0; --i) el.push_back(type(depth - 1));
        return Type::tuple(std::move(el));
      }
      default: {
        std::vector<Type::AttrSpec> specs;
        std::vector<std::string> used;
        for (size_t i = pick(6); i > 0; --i) {
          std::string name = key();
          bool dup = false;
          for (auto& u : used) dup |= (u == name);
          // Names equal after NFC are rejected by Type::object too.
          if (dup || name == "e\xcc\x81" || name == "\xc3\xa9") continue;
          used.push_back(name);
          specs.push_back({name, type(depth - 1), false});
        }
        return Type::object(std::move(specs));
      }
    }
  }

  std::string key() {
    static const char* keys[] = {"a", "b", "c", "id", "name", "zz", "", "\xc3\xa9", "e\xcc\x81", "k<&>",
                                 "tags", "B", "a b", "\xe2\x80\xa8", "x\ny"};
    return keys[pick(sizeof keys / sizeof keys[0])];
  }

  std::string str() {
    static const char* strs[] = {"", "hello", "e\xcc\x81", "\xc3\xa9", "<a&b>", "tab\there", "q\"uote\\",
                                 "\x01\x1f", "\xf0\x9f\x98\x80", "bad\xffutf8", "\xe2\x80\xa9", "Ä\xcc\x88",
                                 "a long string that is longer than thirty-one bytes for the str8 header"};
    return strs[pick(sizeof strs / sizeof strs[0])];
  }

  Number number() {
    switch (pick(9)) {
      case 0: return Number::from_int64(int64_t(pick(200)) - 100);
      case 1: return Number::from_int64(int64_t(rng_()));
      case 2: return Number::from_uint64(rng_() | (uint64_t(1) << 63));
      case 3: return Number::from_double(std::uniform_real_distribution<double>(-1e6, 1e6)(rng_));
      case 4: return Number::from_double(0.1 * double(pick(100)));
      case 5: {
        static const char* texts[] = {"0.1", "1e2", "123456789012345678901234567890", "-0.000001",
                                      "3.14159265358979323846264338327950288", "1e400", "0.10", "-0"};
        return *Number::parse(texts[pick(sizeof texts / sizeof texts[0])]);
      }
      case 6: return Number::from_double(1e300);
      case 7: return chance(50) ? Number::infinity(chance(50)) : Number::from_int64(7);
      default: return Number::from_double(-0.5);
    }
  }

  Refinements refinements(const Type& t) {
    Refinements r;
    r.not_null = chance(60);
    switch (t.kind()) {
      case TypeKind::String:
        if (chance(50)) r.prefix = "pre";
        break;
      case TypeKind::Number:
        if (chance(50)) r.lower = NumberBound{Number::from_int64(int64_t(pick(3))), chance(50)};
        if (chance(50)) r.upper = NumberBound{Number::from_int64(int64_t(pick(3))), true};
        break;
      case TypeKind::List:
      case TypeKind::Set:
      case TypeKind::Map:
        if (chance(50)) r.len_min = int64_t(pick(3));
        if (chance(50)) r.len_max = int64_t(pick(3));
        break;
      default:
        break;
    }
    return r;
  }

  // A value of type t (for dynamic: of a random concrete type).
  Value value(const Type& t, int depth, int unknown_pct) {
    if (chance(8)) return Value::null(t);
    if (chance(unknown_pct)) {
      if (chance(50)) return Value::unknown(t);
      try {
        return Value::unknown_refined(t, refinements(t));
      } catch (const Error&) {
        return Value::unknown(t);
      }
    }
    switch (t.kind()) {
      case TypeKind::Bool: return Value::boolean(chance(50));
      case TypeKind::Number: return Value::number(number());
      case TypeKind::String: return Value::string(str());
      case TypeKind::Dynamic: {
        const Type ct = type(depth > 0 ? depth - 1 : 0);
        if (ct.has_dynamic() && chance(50)) return Value::null(Type::dynamic());
        return value(ct, depth - 1, unknown_pct);
      }
      case TypeKind::List:
      case TypeKind::Set: {
        std::vector<Value> el;
        const Type et = t.element();
        // Elements of a collection of dynamic must share one concrete type.
        const Type ct = et.is_dynamic() ? type(0) : et;
        for (size_t i = pick(5); i > 0; --i) el.push_back(value(ct, depth - 1, unknown_pct));
        if (chance(20) && !el.empty()) el.push_back(el.front());  // duplicate set element
        try {
          return t.kind() == TypeKind::Set ? Value::set(et, std::move(el)) : Value::list(et, std::move(el));
        } catch (const Error&) {
          return Value::null(t);
        }
      }
      case TypeKind::Map: {
        std::vector<std::pair<std::string, Value>> en;
        const Type et = t.element();
        const Type ct = et.is_dynamic() ? type(0) : et;
        for (size_t i = pick(6); i > 0; --i) en.emplace_back(key(), value(ct, depth - 1, unknown_pct));
        try {
          return Value::map(et, std::move(en));
        } catch (const Error&) {
          return Value::null(t);
        }
      }
      case TypeKind::Tuple: {
        std::vector<Value> el;
        for (size_t i = 0; i < t.tuple_size(); ++i) el.push_back(value(t.tuple_elem(i), depth - 1, unknown_pct));
        return el.empty() ? Value::empty_tuple() : Value::tuple(std::move(el));
      }
      case TypeKind::Object: {
        std::vector<Value> el;
        for (size_t i = 0; i < t.attr_count(); ++i) el.push_back(value(t.attr_type(i), depth - 1, unknown_pct));
        if (el.empty()) return Value::empty_object();
        return Value::object_typed(t, std::move(el));
      }
    }
    return Value::null(t);
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::mt19937_64 rng_;
};

// msgpack_encode refuses a few generated shapes (sets whose element type
// differs from the schema's); those iterations are skipped.
bool encodes(const Value& v, const Type& t, std::string& mp) {
  try {
    msgpack_encode(mp, v, t);
    return true;
  } catch (const Error&) {
    return false;
  }
}

uint64_t base_seed() {
  const char* s = std::getenv("DYNVAL_TRANSCODE_SEED");
  return s ? std::strtoull(s, nullptr, 10) : 20261121;
}

}  // namespace

// ---------- vectors ----------

TEST(TranscodeVectors, EveryRowUnderEveryPanelType) {
  size_t mp = 0, js = 0;
  const auto types = panel();
  for (const dynval::test::GoldenRow& r : dynval::test::gocty_vectors()) {
    // The wire text of each row: the bytes go-cty wrote (MP, JS) or was
    // given (UM, UJ); error rows of the encoders have none.
    const bool encoded = r.kind == "MP" || r.kind == "JS";
    const std::string& text = encoded ? r.output : r.input;
    if (encoded && (r.output.rfind("ERR ", 0) == 0 || r.output.rfind("PANIC ", 0) == 0)) continue;
    if (r.kind == "MP" || r.kind == "UM") {
      const std::string in = unhex(text);
      for (const Type& t : types) EXPECT_TRUE(from_mp(in, t)) << r.kind << " " << r.label;
      ++mp;
    } else if (r.kind == "JS" || r.kind == "UJ") {
      for (const Type& t : types) EXPECT_TRUE(from_js(text, t)) << r.kind << " " << r.label;
      ++js;
    }
  }
  EXPECT_EQ(mp, 125u + 68u);  // MP rows but "marked", every UM row
  EXPECT_EQ(js, 84u + 16u);   // JS rows but the 7 errors, every UJ row
}

// Each row's wire text under the row's own type (the panel above has few
// of them), in both output formats. go-cty's own MessagePack and JSON
// output mostly comes back unchanged from the same-format round trip; not
// always, as it is no fixed point of decode+encode either (a set of numbers
// equal in value but not in precision, U+FFFD written as \ufffd), so that
// is counted, not required per row.
TEST(TranscodeVectors, EveryRowUnderItsOwnType) {
  size_t checked = 0, identical = 0;
  for (const dynval::test::GoldenRow& r : dynval::test::gocty_vectors()) {
    const bool encoded = r.kind == "MP" || r.kind == "JS";
    if (!encoded && r.kind != "UM" && r.kind != "UJ") continue;
    const std::string& text = encoded ? r.output : r.input;
    if (encoded && (r.output.rfind("ERR ", 0) == 0 || r.output.rfind("PANIC ", 0) == 0)) continue;
    Type t;
    try {
      t = Type::from_json(r.type);
    } catch (const Error&) {
      continue;
    }
    const bool mp = r.kind == "MP" || r.kind == "UM";
    const std::string in = mp ? unhex(text) : text;
    EXPECT_TRUE(mp ? from_mp(in, t) : from_js(in, t)) << r.kind << " " << r.label << " line " << r.line;
    ++checked;
    if (encoded) {
      std::string out;
      try {
        if (mp) {
          msgpack_to_msgpack(out, in, t);
        } else {
          json_to_json(out, in, t);
        }
      } catch (const Error&) {
        continue;  // (rows of values the decoders refuse, e.g. marked)
      }
      identical += out == in;
    }
  }
  EXPECT_GT(checked, 250u);
  EXPECT_GT(identical, 200u);
  std::printf("[ vectors  ] %zu rows under their own type; %zu go-cty outputs came back unchanged\n", checked,
              identical);
}

// ---------- random values ----------

TEST(TranscodeProperty, RandomValuesBothDirections) {
  Gen g(base_seed());
  size_t ok_m2j = 0, ok_j2m = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    const Type t = g.type(3);
    const Value v = g.value(t, 3, iter % 3 == 0 ? 10 : 0);
    std::string mp;
    if (!encodes(v, t, mp)) continue;
    ASSERT_TRUE(from_mp(mp, t)) << "iteration " << iter;
    std::string js;
    try {
      json_encode(js, v, t);
    } catch (const Error&) {
      continue;  // unknowns / infinities have no JSON form
    }
    ++ok_m2j;
    ASSERT_TRUE(from_js(js, t)) << "iteration " << iter;
    ++ok_j2m;
  }
  EXPECT_GT(ok_m2j, 1000u);
  EXPECT_GT(ok_j2m, 1000u);
}

TEST(TranscodeProperty, TruncationsAndMutations) {
  Gen g(base_seed() + 1);
  for (int iter = 0; iter < 300; ++iter) {
    const Type t = g.type(2);
    const Value v = g.value(t, 2, 5);
    std::string mp;
    if (!encodes(v, t, mp)) continue;
    for (size_t cut = 0; cut < mp.size(); ++cut) ASSERT_TRUE(from_mp(mp.substr(0, cut), t));
    for (int m = 0; m < 20 && !mp.empty(); ++m) {
      std::string bad = mp;
      // (never 'e'/'E': a new exponent in a long digit string, e.g.
      // "36511671702e5944649", makes a number whose decimal text has
      // millions of digits, which the encoders take minutes to print)
      char c = char(g.pick(256));
      if (c == 'e' || c == 'E') c = '~';
      bad[g.pick(bad.size())] = c;
      ASSERT_TRUE(from_mp(bad, t));
      ASSERT_TRUE(from_mp(bad, Type::dynamic()));
    }
    std::string js;
    try {
      json_encode(js, v, t);
    } catch (const Error&) {
      continue;
    }
    for (size_t cut = 0; cut < js.size(); ++cut) ASSERT_TRUE(from_js(js.substr(0, cut), t));
    static const char kJsonBytes[] = "{}[],:\"\\ 0123456789.-+trufalsn\x80\xff";
    for (int m = 0; m < 20 && !js.empty(); ++m) {
      std::string bad = js;
      bad[g.pick(bad.size())] = kJsonBytes[g.pick(sizeof kJsonBytes - 1)];
      ASSERT_TRUE(from_js(bad, t));
    }
  }
}

TEST(TranscodeProperty, StrictTrailingAndLimits) {
  Gen g(base_seed() + 2);
  DecodeOptions strict;
  strict.trailing = Trailing::Reject;
  DecodeOptions tight;
  tight.limits.max_depth = 3;
  tight.limits.max_elements = 5;
  tight.limits.max_string_length = 4;
  tight.limits.max_number_digits = 3;
  for (int iter = 0; iter < 500; ++iter) {
    const Type t = g.type(3);
    const Value v = g.value(t, 3, 0);
    std::string mp;
    if (!encodes(v, t, mp)) continue;
    ASSERT_TRUE(from_mp(mp + "\x01", t, strict));
    ASSERT_TRUE(from_mp(mp, t, tight));
    std::string js;
    try {
      json_encode(js, v, t);
    } catch (const Error&) {
      continue;
    }
    ASSERT_TRUE(from_js(js + " 1", t, strict));
    ASSERT_TRUE(from_js(js, t, tight));
  }
}

// ---------- inputs no encoder writes ----------

TEST(TranscodeMsgpackToJson, HandMadeInputs) {
  const Type s = Type::string(), n = Type::number(), d = Type::dynamic();
  struct Case {
    const char* hex;
    Type type;
    const char* want;  // expected JSON, or nullptr for an error
  };
  const std::vector<Case> cases = {
      // unsorted map keys
      {"82a162a131a161a132", Type::map(s), R"({"a":"2","b":"1"})"},
      // non-NFC key equal to an NFC key after normalisation: last wins
      {"82a2c3a9a131a365cc81a132", Type::map(s), R"({"é":"2"})"},
      {"82a365cc81a131a2c3a9a132", Type::map(s), R"({"é":"2"})"},
      // non-NFC key changes the order: "e\u0301" (65 cc 81) -> "é" (c3 a9) sorts after "f"
      {"82a365cc81a131a166a132", Type::map(s), R"({"f":"2","é":"1"})"},
      // object attributes out of order
      {"82a162a131a161a132", obj({{"a", s}, {"b", s}}), R"({"a":"2","b":"1"})"},
      // numbers as strings, parsed at 512 bits and printed
      {"a3316532", n, "100"},
      {"a4302e3130", n, "0.1"},
      {"c403312e35", n, "1.5"},
      // float32 widened to float64 precision
      {"ca3dcccccd", n, "0.10000000149011612"},
      {"cb3fb999999999999a", n, "0.1"},
      {"cfffffffffffffffff", n, "18446744073709551615"},
      {"d3ffffffffffffff85", n, "-123"},
      // bin as a string; non-NFC string
      {"c403616263", s, R"("abc")"},
      {"a365cc81", s, "\"\xc3\xa9\""},
      // nested wrappers collapse; wrappers of null
      {"92c4092264796e616d696322" "92c40822737472696e6722a178", d, R"({"value":"x","type":"string"})"},
      {"92c40822737472696e6722c0", d, R"({"value":null,"type":"string"})"},
      {"92c4092264796e616d696322c0", d, "null"},
      // refined unknown collapsing to a known number: [1, 1] not null
      {"c70b0c8301c2039201c3049201c3", n, "1"},
      // refined "definitely null"
      {"c7030c8101c3", s, "null"},
      // unknown -> error; infinity -> error
      {"d40000", s, nullptr},
      {"a3496e66", n, nullptr},
      {"9201d40000", Type::list(n), nullptr},
  };
  for (const auto& c : cases) {
    const std::string in = unhex(c.hex);
    EXPECT_TRUE(from_mp(in, c.type)) << c.hex;
    std::string out;
    if (c.want) {
      try {
        msgpack_to_json(out, in, c.type);
        EXPECT_EQ(out, c.want) << c.hex;
      } catch (const Error& e) {
        // (only reached when the expected text above is itself wrong for
        // the tree path too; same_m2j already compared both paths)
        ADD_FAILURE() << c.hex << ": " << e.message();
      }
    } else {
      EXPECT_THROW(msgpack_to_json(out, in, c.type), Error) << c.hex;
    }
  }
}

TEST(TranscodeMsgpackToJson, ErrorOrderFollowsDecodeThenEncode) {
  const Type s = Type::string();
  // An unknown first, then a decode error later: the decode error wins.
  {
    const std::string in = unhex("92d40000c3");
    std::string out = "x";
    try {
      msgpack_to_json(out, in, Type::list(s));
      FAIL() << "no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), Status::TypeMismatch);
      EXPECT_EQ(e.message(), "string is required");
      EXPECT_EQ(path_string(e.path()), "[1]");
      EXPECT_EQ(e.offset(), 4u);
      EXPECT_EQ(out, "x");
    }
  }
  // Two unknowns in a map: the first in SORTED key order is reported.
  {
    const std::string in = unhex("82a162d40000a161d40000");
    EXPECT_TRUE(from_mp(in, Type::map(s)));
    try {
      std::string out;
      msgpack_to_json(out, in, Type::map(s));
      FAIL() << "no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), Status::UnknownValue);
      EXPECT_EQ(path_string(e.path()), "[\"a\"]");
    }
  }
  // Unknown inside a wrapper: "failed to serialize value: " with the inner path.
  {
    const std::string in = unhex("92c40f5b226c697374222c22626f6f6c225d92c3d40000");
    EXPECT_TRUE(from_mp(in, Type::dynamic()));
    try {
      std::string out;
      msgpack_to_json(out, in, Type::dynamic());
      FAIL() << "no error";
    } catch (const Error& e) {
      EXPECT_EQ(e.message(), "failed to serialize value: value is not known");
      EXPECT_EQ(path_string(e.path()), "[1]");
    }
  }
}

TEST(TranscodeJsonToMsgpack, HandMadeInputs) {
  const Type s = Type::string(), n = Type::number(), d = Type::dynamic();
  const std::vector<std::pair<std::string, Type>> cases = {
      {R"({"b":"1","a":"2"})", Type::map(s)},
      {"{\"\xc3\xa9\":\"1\",\"e\xcc\x81\":\"2\"}", Type::map(s)},
      {"{\"e\\u0301\":\"1\",\"f\":\"2\"}", Type::map(s)},
      {R"({"b":"1","a":"2","a":"3"})", obj({{"a", s}, {"b", s}})},
      {R"({"a":"2"})", obj({{"a", s}, {"b", n}})},
      {R"({"c":"2"})", obj({{"a", s}, {"b", n}})},
      {R"("1e2")", n},
      {R"(1e2)", n},
      {R"(0.10)", n},
      {R"(12345678901234567890123)", n},
      {R"(1e2)", s},
      {R"(true)", s},
      {R"("true")", Type::boolean()},
      {R"("TRUE")", Type::boolean()},
      {R"({"type":"string","value":"x"})", d},
      {R"({"value":"x","type":"string"})", d},
      {R"({"value":{"value":1,"type":"number"},"type":"dynamic"})", d},
      {R"({"value":null,"type":"dynamic"})", d},
      {R"({"value":null,"type":["list","string"]})", d},
      {R"({"value":[1,"a"],"type":["list","dynamic"]})", d},
      {R"({"value":[{"value":1,"type":"number"},null],"type":["list","dynamic"]})", d},
      {R"([{"value":1,"type":"number"},{"value":"1","type":"string"}])", Type::list(d)},
      {R"(["b","a","b"])", Type::set(s)},
      {R"([1,"x"])", Type::tuple({n, s})},
      {R"([1])", Type::tuple({n, s})},
      {R"([1,"x",2])", Type::tuple({n, s})},
      {R"({"a":[1,2,"x"]})", Type::map(Type::list(n))},
      {"\"a\xff" "b\"", s},
      {R"("\ud800x")", s},
      {R"(  null  )", obj({{"a", s}})},
      {R"({"a":1} x)", obj({{"a", n}})},
      {"", s},
  };
  for (const auto& [in, t] : cases) EXPECT_TRUE(from_js(in, t)) << in;
  // Headers written after the content (lists, maps) and spans reordered
  // across the fixmap/map16 and fixarray/array16/array32 boundaries; long
  // wrapper types (bin16); optional attributes at the top level and in a
  // wrapper's type; a wrapper whose value is dropped by a later "type".
  std::string big_map = "{", big_list = "[", huge_list = "[";
  for (int i = 40; i > 0; --i) big_map += "\"k" + std::to_string(i % 25) + "\":\"v" + std::to_string(i) + "\",";
  big_map += "\"e\\u0301\":\"x\",\"\xc3\xa9\":\"y\"}";
  for (int i = 0; i < 20; ++i) big_list += std::to_string(i) + ",";
  big_list += "0.5]";
  for (int i = 0; i < 70000; ++i) huge_list += "1,";
  huge_list += "2]";
  std::string long_type = "[\"object\",{";
  for (int i = 0; i < 30; ++i) long_type += "\"attribute_" + std::to_string(i) + "\":\"string\",";
  long_type += "\"z\":\"number\"}]";
  Type opt_obj = Type::object({{"a", s, false}, {"b", Type::set(obj({{"x", s}})), true}, {"c", d, true}});
  const std::vector<std::pair<std::string, Type>> more = {
      {big_map, Type::map(s)},
      {big_map, Type::map(Type::list(s))},
      {big_list, Type::list(n)},
      {big_list, Type::tuple({n, n})},
      {huge_list, Type::list(n)},
      {"{\"value\":{\"z\":1},\"type\":" + long_type + "}", d},
      {R"({"c":{"value":true,"type":"bool"},"a":"x"})", opt_obj},
      {R"({"b":[{"x":"1"},{"x":"0"}],"a":"x"})", opt_obj},
      {R"({"value":{"a":"x"},"type":["object",{"a":"string","b":"number"},["b"]]})", d},
      {R"({"type":"string","value":"x","type":"number"})", d},
      {R"({"type":"string","value":"x","value":"y"})", d},
      {R"({"value":"1","type":"string","type":"number"})", d},
      {R"({"type":"number","value":"x","type":"string"})", d},
      {R"({"b":{"a":"1","b":"2","a":"3"},"a":{"b":"\u00e9","a":"e\u0301"}})",
       obj({{"a", Type::map(s)}, {"b", obj({{"a", s}, {"b", s}})}})},
      {R"({"b":{"a":"1","b":"2","c":"3"},"a":5})", obj({{"a", s}, {"b", obj({{"a", s}, {"b", s}})}})},
  };
  for (const auto& [in, t] : more) EXPECT_TRUE(from_js(in, t)) << in.substr(0, 200);
  {
    std::string m;
    json_to_msgpack(m, big_map, Type::map(s));  // k0..k24 and U+00E9 (twice): 26 entries, map16
    EXPECT_EQ(m.substr(0, 3), unhex("de001a"));
    m.clear();
    json_to_msgpack(m, huge_list, Type::list(n));  // 70001 elements: array32
    EXPECT_EQ(m.substr(0, 5), unhex("dd00011171"));
  }
  std::string out;
  json_to_msgpack(out, R"({"b":"1","a":"2"})", Type::map(s));
  EXPECT_EQ(out, unhex("82a161a132a162a131"));
}

// The same-format transcoders on inputs that exercise what only they do:
// MessagePack headers rewritten when duplicates shrink a map, JSON encode
// errors deferred behind later decode errors, and a dynamic value's pending
// error dropped with the value a later field overrides.
TEST(TranscodeSameFormat, HandMadeInputs) {
  const Type s = Type::string(), n = Type::number(), d = Type::dynamic();
  // 17 entries, one key twice: map16 in, 16 entries out (map16); 16 entries,
  // one twice: map16 in, fixmap out.
  for (int count : {16, 17, 40}) {
    std::string m = "\xde";
    m.push_back(char(count >> 8));
    m.push_back(char(count));
    for (int i = 0; i < count; ++i) {
      const std::string k = "k" + std::to_string(i == count - 1 ? 3 : (i * 7) % count);
      m.push_back(char(0xa0 | k.size()));
      m += k;
      m.push_back(char(i & 0x7f));
    }
    EXPECT_TRUE(from_mp(m, Type::map(n))) << count;
  }
  const std::vector<std::string> mps = {
      "82a162a131a161a132",                // unsorted
      "83a161a131a161a132a162a133",        // duplicate, sorted
      "82a2c3a9a131a365cc81a132",          // duplicate after NFC
      "a3496e66",                          // infinity as text
      "92a3496e66c3",                      // infinity, then a decode error
      "92c40822737472696e6722a365cc81",    // wrapper of a non-NFC string
  };
  for (const auto& h : mps) {
    for (const Type& t : {Type::map(s), Type::map(n), n, Type::list(n), d}) EXPECT_TRUE(from_mp(unhex(h), t)) << h;
  }
  const std::vector<std::pair<std::string, Type>> js = {
      {R"("Inf")", n},
      {R"(["Inf",true])", Type::list(n)},
      {R"(["Inf","-Inf"])", Type::list(n)},
      {R"({"b":"Inf","a":"-Inf"})", Type::map(n)},
      {R"({"b":"Inf","a":"x"})", obj({{"a", n}, {"b", n}})},
      {R"({"value":"Inf","type":"number"})", d},
      {R"({"type":"number","value":"Inf","value":"1"})", d},
      {R"({"value":"Inf","type":"number","type":"string"})", d},
      {R"({"type":"number","value":"Inf","type":"string"})", d},
      {R"([{"value":"Inf","type":"number"},{"value":"-Inf","type":"number"}])", Type::tuple({d, d})},
      {R"({"b":1,"a":2,"b":3})", obj({{"a", n}, {"b", n}})},
      {R"({"b":1})", obj({{"a", n}, {"b", n}, {"c", Type::list(s)}})},
      {"{\"e\\u0301\":1,\"\u00e9\":2,\"a\":3}", Type::map(n)},
      {R"([1e2, "1e2", 0.10, -0, 1E+400])", Type::list(n)},
  };
  for (const auto& [in, t] : js) EXPECT_TRUE(from_js(in, t)) << in;
  // Direct bytes for a few.
  std::string out;
  msgpack_to_msgpack(out, unhex("83a161a131a161a132a162a133"), Type::map(s));
  EXPECT_EQ(out, unhex("82a161a132a162a133"));
  out.clear();
  json_to_json(out, R"({"b":"1","a":"2","a":"3"})", Type::map(s));
  EXPECT_EQ(out, R"({"a":"3","b":"1"})");
  out.clear();
  json_to_json(out, R"({"type":"number","value":"Inf","value":"1e2"})", d);
  EXPECT_EQ(out, R"({"value":100,"type":"number"})");
}

// Conformance reproducer (go-cty v1.18.1 bytes): a set whose element type has
// a dynamic attribute; the decoded set(object({a=string})) conforms to the
// schema and is written as it is.
TEST(TranscodeJsonToMsgpack, SetWithDynamicInElementType) {
  const Type t = Type::set(obj({{"a", Type::dynamic()}}));
  const std::string in = R"([{"a":{"value":"x","type":"string"}}])";
  std::string out;
  json_to_msgpack(out, in, t);
  EXPECT_EQ(out, unhex("9181a16192c40822737472696e6722a178"));
  EXPECT_TRUE(from_js(in, t));
  EXPECT_TRUE(from_js(R"([{"a":{"value":"x","type":"string"}},{"a":{"value":"y","type":"string"}}])", t));
  EXPECT_TRUE(from_js(R"([[{"value":"x","type":"string"}]])", Type::set(Type::list(Type::dynamic()))));
}

// Runs last in this file (gtest runs a file's tests in order unless shuffled).
TEST(TranscodeZCounts, Report) {
  for (int d = 0; d < 4; ++d) {
    std::printf("[ checks   ] %s: %zu comparisons with decode+encode\n", kDirection[d], g_checks[d]);
  }
  EXPECT_GT(g_checks[1], 0u);
  EXPECT_GT(g_checks[3], 0u);
}

// ---------- speed (informational, never a timed assertion) ----------

TEST(TranscodeSpeed, BigValueReport) {
  // A list of 20,000 objects with strings, numbers, a nested map and list.
  const Type item = obj({{"id", Type::string()},
                         {"n", Type::number()},
                         {"f", Type::number()},
                         {"ok", Type::boolean()},
                         {"tags", Type::map(Type::string())},
                         {"ports", Type::list(Type::number())}});
  const Type t = Type::list(item);
  std::vector<Value> items;
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::pair<std::string, Value>> tags = {{"env", Value::string("prod")},
                                                       {"name", Value::string("item-" + std::to_string(i))}};
    items.push_back(Value::object_typed(
        item, {// attributes in sorted order: f, id, n, ok, ports, tags
               Value::number(Number::from_double(i * 0.25 + 0.1)), Value::string("id-" + std::to_string(i)),
               Value::number(Number::from_int64(i)), Value::boolean(i % 2 == 0),
               Value::list(Type::number(), {Value::number(Number::from_int64(80)),
                                            Value::number(Number::from_int64(443))}),
               Value::map(Type::string(), tags)}));
  }
  const Value v = Value::list(item, std::move(items));
  std::string mp, js;
  msgpack_encode(mp, v, t);
  json_encode(js, v, t);
  using clock = std::chrono::steady_clock;
  auto time = [](auto&& f) {
    double best = 1e9;
    for (int r = 0; r < 3; ++r) {
      const auto t0 = clock::now();
      f();
      best = std::min(best, std::chrono::duration<double, std::milli>(clock::now() - t0).count());
    }
    return best;
  };
  std::string a, b;
  const double tree_m2j = time([&] { a.clear(); json_encode(a, msgpack_decode(mp, t), t); });
  const double tc_m2j = time([&] { b.clear(); msgpack_to_json(b, mp, t); });
  EXPECT_EQ(a, b);
  const double tree_j2m = time([&] { a.clear(); msgpack_encode(a, json_decode(js, t), t); });
  const double tc_j2m = time([&] { b.clear(); json_to_msgpack(b, js, t); });
  EXPECT_EQ(a, b);
  const double tree_m2m = time([&] { a.clear(); msgpack_encode(a, msgpack_decode(mp, t), t); });
  const double tc_m2m = time([&] { b.clear(); msgpack_to_msgpack(b, mp, t); });
  EXPECT_EQ(a, b);
  EXPECT_EQ(b, mp);
  const double tree_j2j = time([&] { a.clear(); json_encode(a, json_decode(js, t), t); });
  const double tc_j2j = time([&] { b.clear(); json_to_json(b, js, t); });
  EXPECT_EQ(a, b);
  EXPECT_EQ(b, js);
  std::printf("[ speed    ] msgpack->json %zu bytes: decode+encode %.2f ms, transcode %.2f ms (x%.1f)\n",
              mp.size(), tree_m2j, tc_m2j, tree_m2j / tc_m2j);
  std::printf("[ speed    ] json->msgpack %zu bytes: decode+encode %.2f ms, transcode %.2f ms (x%.1f)\n",
              js.size(), tree_j2m, tc_j2m, tree_j2m / tc_j2m);
  std::printf("[ speed    ] msgpack->msgpack %zu bytes: decode+encode %.2f ms, transcode %.2f ms (x%.1f)\n",
              mp.size(), tree_m2m, tc_m2m, tree_m2m / tc_m2m);
  std::printf("[ speed    ] json->json %zu bytes: decode+encode %.2f ms, transcode %.2f ms (x%.1f)\n",
              js.size(), tree_j2j, tc_j2j, tree_j2j / tc_j2j);
}

TEST(TranscodeSpeed, JsonToMsgpackWithoutFractionsReport) {
  // As above without the fractional numbers, whose decimal text formatting
  // (Number::text, the msgpack text form) dominates both paths.
  const Type item = obj({{"id", Type::string()},
                         {"n", Type::number()},
                         {"ok", Type::boolean()},
                         {"tags", Type::map(Type::string())},
                         {"ports", Type::list(Type::number())}});
  const Type t = Type::list(item);
  std::string js = "[";
  for (int i = 0; i < 20000; ++i) {
    if (i) js += ",";
    js += R"({"id":"id-)" + std::to_string(i) + R"(","n":)" + std::to_string(i) + R"(,"ok":)" +
          (i % 2 ? "false" : "true") + R"(,"ports":[80,443],"tags":{"env":"prod","name":"item-)" +
          std::to_string(i) + R"("}})";
  }
  js += "]";
  using clock = std::chrono::steady_clock;
  auto time = [](auto&& f) {
    double best = 1e9;
    for (int r = 0; r < 3; ++r) {
      const auto t0 = clock::now();
      f();
      best = std::min(best, std::chrono::duration<double, std::milli>(clock::now() - t0).count());
    }
    return best;
  };
  std::string a, b;
  const double tree = time([&] { a.clear(); msgpack_encode(a, json_decode(js, t), t); });
  const double tc = time([&] { b.clear(); json_to_msgpack(b, js, t); });
  EXPECT_EQ(a, b);
  EXPECT_GT(a.size(), 20000u);
  std::printf("[ speed    ] json->msgpack (no fractions) %zu bytes: decode+encode %.2f ms, transcode %.2f ms (x%.1f)\n",
              js.size(), tree, tc, tree / tc);
}
