// The hardening suite, part 4 (issue "Hardening"): concurrent use of shared
// types, schemas and values, through the C++ core and through the C API.
//
// Four threads share one deep type (objects, sets, maps, a dynamic
// attribute), one schema loaded from a real provider document
// (kubernetes_role of tests/data/provider-schemas), and a set of values. Each
// thread, for a number of rounds: decodes MessagePack and JSON with the
// shared type, encodes the shared values, transcodes, compares values
// (equals, raw_equals, hash), validates values against the shared schema,
// copies and drops types, values and schemas (reference-count traffic),
// races on the lazily built JSON text of types no thread has printed yet,
// and hands values it created to the next thread through a mutex-protected
// mailbox, where they are checked and their last reference is dropped. The
// C API test does the same with dv_* handles: clones of types, values,
// schemas and errors are freed on another thread.
//
// Every result is compared with the single-threaded expectation computed
// before the threads start; mismatches are counted in atomics and asserted
// zero at the end. Run it from a -Db_sanitize=thread build for the race
// check (any report there prints "WARNING: ThreadSanitizer").
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <latch>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "codec/codec.hpp"
#include "common/golden.hpp"
#include "dynval/dynval.h"
#include "number/number.hpp"
#include "schema/schema.hpp"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace {

using namespace dynval;

constexpr int kThreads = 4;
constexpr int kRounds = 120;

// ---------------------------------------------------------------------------
// Mismatch counters

enum Check {
  kDecodeMsgpack,
  kDecodeJson,
  kEncodeMsgpack,
  kEncodeJson,
  kTranscode,
  kEquals,
  kRawEquals,
  kHash,
  kValidate,
  kCopies,
  kTypeJson,
  kHandoff,
  kCApi,
  kChecks
};
const char* const kCheckNames[kChecks] = {"decode msgpack", "decode JSON", "encode msgpack", "encode JSON",
                                          "transcode",      "equals",      "raw_equals",     "hash",
                                          "validate",       "copies",      "type JSON",      "handoff",
                                          "C API"};

struct Counters {
  std::atomic<int> mismatches[kChecks] = {};
  std::atomic<long> done{0};  // operations performed, to show the loops ran

  void expect(bool ok, Check c) {
    done.fetch_add(1, std::memory_order_relaxed);
    if (!ok) mismatches[c].fetch_add(1, std::memory_order_relaxed);
  }
  void assert_clean() const {
    for (int c = 0; c < kChecks; ++c) EXPECT_EQ(mismatches[c].load(), 0) << kCheckNames[c];
  }
};

// A mailbox per thread: thread t posts to (t + 1) % kThreads.
template <class T>
class Mailbox {
 public:
  void post(T item) {
    std::lock_guard<std::mutex> lock(mu_);
    items_.push_back(std::move(item));
  }
  std::optional<T> take() {
    std::lock_guard<std::mutex> lock(mu_);
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

 private:
  std::mutex mu_;
  std::deque<T> items_;
};

// Runs body(t) on kThreads threads started together.
template <class Body>
void run_threads(Body&& body) {
  std::latch start(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      body(t);
    });
  }
  for (auto& th : threads) th.join();
}

// ---------------------------------------------------------------------------
// The shared type and values

Type S() { return Type::string(); }
Type N() { return Type::number(); }
Type B() { return Type::boolean(); }
Type D() { return Type::dynamic(); }
Type obj(std::vector<Type::AttrSpec> a) { return Type::object(std::move(a)); }

// Built anew on each call: every call returns a distinct node tree whose
// JSON text has not been printed yet.
Type shared_type() {
  const Type meta = obj({{"on", B(), false}, {"w", Type::list(N()), false}});
  const Type rule = obj({{"cidrs", Type::list(S()), false}, {"meta", Type::map(meta), false}, {"port", N(), false}});
  const Type item = obj({{"extra", D(), false}, {"inner", Type::map(Type::set(S())), false}});
  return obj({{"big", N(), false},
              {"count", N(), false},
              {"name", S(), false},
              {"nested", Type::list(item), false},
              {"opt", Type::tuple({S(), B()}), false},
              {"rules", Type::set(rule), false},
              {"tags", Type::map(S()), false}});
}

Value str(std::string_view s) { return Value::string(s); }
Value num(int64_t i) { return Value::number(Number::from_int64(i)); }

// Value i of the shared type; value 5 holds refined unknowns (no JSON form).
Value make_value(int i) {
  const Type meta = obj({{"on", B(), false}, {"w", Type::list(N()), false}});
  auto rule = [&](int port, int k) {
    return Value::object({{"cidrs", Value::list(S(), {str("10.0." + std::to_string(k) + ".0/24"), str("::/0")})},
                          {"meta", Value::map(meta, {{"m" + std::to_string(k),
                                                      Value::object({{"on", Value::boolean(k % 2 == 0)},
                                                                     {"w", Value::list(N(), {num(k), num(-k)})}})}})},
                          {"port", num(port)}});
  };
  std::vector<Value> rules;
  for (int k = 0; k <= i; ++k) rules.push_back(rule(80 + k, k));
  rules.push_back(rule(80, 0));  // a duplicate, merged by the set
  std::vector<std::pair<std::string, Value>> tags;
  for (int k = 0; k < i + 1; ++k) tags.emplace_back("k" + std::to_string(k), str("caf\x65\xcc\x81 " + std::to_string(k)));
  Value extra = i % 3 == 0   ? str("x" + std::to_string(i))
                : i % 3 == 1 ? Value::object({{"n", num(i)}, {"s", Value::set(S(), {str("a"), str("b")})}})
                             : Value::null(D());
  Value nested = Value::list(obj({{"extra", extra.type(), false}, {"inner", Type::map(Type::set(S())), false}}),
                             {Value::object({{"extra", extra},
                                             {"inner", Value::map(Type::set(S()), {{"z", Value::set(S(), {str("q"), str("p"), str("q")})}})}})});
  Value big = Value::number(*Number::parse("123456789012345678901234567890.0625e" + std::to_string(i)));
  Refinements r;
  r.not_null = true;
  r.prefix = "web-";
  return Value::object({{"big", big},
                        {"count", i == 5 ? Value::unknown_refined(N(), Refinements{}) : num(i)},
                        {"name", i == 5 ? Value::unknown_refined(S(), r) : str("web-" + std::to_string(i))},
                        {"nested", nested},
                        {"opt", Value::tuple({str("o"), Value::boolean(i % 2 == 1)})},
                        {"rules", Value::set(rules[0].type(), rules)},
                        {"tags", Value::map(S(), tags)}});
}

constexpr int kValues = 6;

struct Expected {
  Type type;
  std::vector<Value> values;
  std::vector<std::string> msgpack, json;  // json empty when the value has no JSON form
  std::vector<std::string> json_from_msgpack;
  std::vector<uint64_t> hashes;
  std::vector<std::vector<Tristate>> equals;
  std::vector<std::vector<bool>> raw_equals;
  std::string type_json;
};

Expected expected_values() {
  Expected e;
  e.type = shared_type();
  e.type_json = e.type.to_json();
  for (int i = 0; i < kValues; ++i) {
    e.values.push_back(make_value(i));
    std::string mp, js;
    codec::msgpack_encode(mp, e.values[i], e.type);
    try {
      codec::json_encode(js, e.values[i], e.type);
    } catch (const Error&) {
      js.clear();
    }
    e.msgpack.push_back(mp);
    e.json.push_back(js);
    e.hashes.push_back(e.values[i].hash());
  }
  for (int i = 0; i < kValues; ++i) {
    e.equals.emplace_back();
    e.raw_equals.emplace_back();
    for (int j = 0; j < kValues; ++j) {
      e.equals[i].push_back(e.values[i].equals(e.values[j]));
      e.raw_equals[i].push_back(e.values[i].raw_equals(e.values[j]));
    }
  }
  return e;
}

// ---------------------------------------------------------------------------
// The shared schema: kubernetes_role

// The kubernetes provider document (tests/data/provider-schemas), read once;
// the loader fails the test when it is missing.
const std::string& k8s_document() {
  static const std::string doc =
      dynval::test::read_data("provider-schemas/registry.terraform.io_hashicorp_kubernetes_2.37.1.json.zst");
  return doc;
}

SchemaPtr role_schema() { return load_schema_json(k8s_document(), "resource:kubernetes_role"); }

// Values of the role's implied type, as JSON (missing attributes are null),
// and what validation says about each.
const char* const kRoleValues[] = {
    // valid
    R"({"metadata":[{"name":"r1","labels":{"app":"x"}}],"rule":[{"api_groups":[""],"resources":["pods"],"verbs":["get","list"]}]})",
    // metadata: below min_items
    R"({"metadata":[],"rule":[{"api_groups":[""],"resources":["pods"],"verbs":["get"]}]})",
    // a required attribute null
    R"({"metadata":[{"name":"r3"}],"rule":[{"api_groups":null,"resources":["pods"],"verbs":["get"]}]})",
    // metadata: above max_items
    R"({"metadata":[{"name":"a"},{"name":"b"}],"rule":[{"api_groups":["apps"],"resources":["deployments"],"verbs":["*"]}]})",
    // rule: none (min_items 1)
    R"({"metadata":[{"name":"r5"}],"rule":[]})",
};
constexpr int kRoleValueCount = 5;

struct ValidationResult {
  size_t errors = 0;
  Status first = Status::Ok;
  std::string first_path;
};

ValidationResult validation_of(const Schema& s, const Value& v) {
  ValidationResult r;
  std::vector<Error> errs = validate(s, v);
  r.errors = errs.size();
  if (!errs.empty()) {
    r.first = errs[0].status();
    r.first_path = path_string(errs[0].path());
  }
  return r;
}

// ---------------------------------------------------------------------------
// C++ core

struct Handed {
  int from;
  int index;
  Value value;
  Type type;
  SchemaPtr schema;
};

TEST(Threads, CoreSharedTypeSchemaAndValues) {
  const Expected ex = expected_values();
  const Type& type = ex.type;
  const SchemaPtr schema = role_schema();
  ASSERT_TRUE(schema);
  std::vector<Value> role_values;
  std::vector<ValidationResult> role_expected;
  for (const char* j : kRoleValues) {
    role_values.push_back(codec::json_decode(j, schema->implied_type()));
    role_expected.push_back(validation_of(*schema, role_values.back()));
  }
  // The expectations are the ones the schema rules give.
  EXPECT_EQ(role_expected[0].errors, 0u);
  for (int k = 1; k < kRoleValueCount; ++k) EXPECT_EQ(role_expected[k].first, Status::Schema) << k;
  EXPECT_EQ(role_expected[2].first_path, ".rule[0].api_groups");

  // Types no thread has printed yet: the threads race to publish the JSON.
  std::vector<Type> fresh_types;
  for (int i = 0; i < 16; ++i) fresh_types.push_back(shared_type());

  // Mailboxes, pre-filled with values decoded on this thread and not kept
  // here: their last reference is dropped by a worker.
  std::vector<Mailbox<Handed>> boxes(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    for (int i = 0; i < kValues; ++i) {
      boxes[t].post(Handed{-1, i, codec::msgpack_decode(ex.msgpack[i], type), shared_type(), schema});
    }
  }

  Counters c;
  run_threads([&](int t) {
    auto check_handed = [&](const Handed& h) {
      c.expect(h.from != t, kHandoff);
      c.expect(h.value.raw_equals(ex.values[h.index]), kHandoff);
      c.expect(h.type == type, kHandoff);
      c.expect(h.schema == schema, kHandoff);
    };
    for (int round = 0; round < kRounds; ++round) {
      const int i = (t + round) % kValues;
      const int j = (t * 7 + round * 3) % kValues;
      // Decode with the shared type.
      Value dm = codec::msgpack_decode(ex.msgpack[i], type);
      c.expect(dm.raw_equals(ex.values[i]), kDecodeMsgpack);
      if (!ex.json[i].empty()) {
        Value dj = codec::json_decode(ex.json[i], type);
        c.expect(dj.raw_equals(ex.values[i]), kDecodeJson);
      }
      // Encode the shared values.
      std::string mp, js;
      codec::msgpack_encode(mp, ex.values[i], type);
      c.expect(mp == ex.msgpack[i], kEncodeMsgpack);
      try {
        codec::json_encode(js, ex.values[i], type);
        c.expect(js == ex.json[i], kEncodeJson);
      } catch (const Error& e) {
        c.expect(ex.json[i].empty() && e.status() == Status::UnknownValue, kEncodeJson);
      }
      // Transcode both ways.
      std::string m2j, j2m;
      try {
        codec::msgpack_to_json(m2j, ex.msgpack[i], type);
        c.expect(m2j == ex.json[i], kTranscode);
      } catch (const Error& e) {
        c.expect(ex.json[i].empty() && e.status() == Status::UnknownValue, kTranscode);
      }
      if (!ex.json[i].empty()) {
        codec::json_to_msgpack(j2m, ex.json[i], type);
        c.expect(j2m == ex.msgpack[i], kTranscode);
      }
      // And to the same format (the canonical bytes come back).
      std::string m2m, j2j;
      codec::msgpack_to_msgpack(m2m, ex.msgpack[i], type);
      c.expect(m2m == ex.msgpack[i], kTranscode);
      if (!ex.json[i].empty()) {
        codec::json_to_json(j2j, ex.json[i], type);
        c.expect(j2j == ex.json[i], kTranscode);
      }
      // Compare shared values (and a freshly decoded one).
      c.expect(ex.values[i].equals(ex.values[j]) == ex.equals[i][j], kEquals);
      c.expect(dm.equals(ex.values[j]) == ex.equals[i][j], kEquals);
      c.expect(ex.values[i].raw_equals(ex.values[j]) == ex.raw_equals[i][j], kRawEquals);
      c.expect(ex.values[i].hash() == ex.hashes[i] && dm.hash() == ex.hashes[i], kHash);
      // Validate against the shared schema.
      const int k = (t + round) % kRoleValueCount;
      const ValidationResult vr = validation_of(*schema, role_values[k]);
      c.expect(vr.errors == role_expected[k].errors && vr.first == role_expected[k].first &&
                   vr.first_path == role_expected[k].first_path,
               kValidate);
      // Copies of everything, dropped at the end of the block.
      {
        Value v1 = ex.values[i];
        Value v2 = v1;
        Type t1 = type;
        Type t2 = v1.type();  // concrete where the shared type has dynamic
        SchemaPtr s1 = schema;
        Type implied = s1->implied_type();
        c.expect(v2.raw_equals(ex.values[i]) && t1 == type && t2 == ex.values[i].type() &&
                     implied == schema->implied_type(),
                 kCopies);
        const Value* got = v2.get("rules");
        c.expect(got && got->length() == ex.values[i].get("rules")->length(), kCopies);
      }
      // The lazily published type JSON.
      c.expect(fresh_types[(t + round) % fresh_types.size()].to_json() == ex.type_json, kTypeJson);
      // Hand a value created here to the next thread; check what arrives.
      boxes[(t + 1) % kThreads].post(Handed{t, i, std::move(dm), shared_type(), schema});
      while (auto h = boxes[t].take()) check_handed(*h);
    }
  });
  // Whatever is left was posted last by another thread: freed here.
  for (auto& b : boxes) {
    while (auto h = b.take()) c.expect(h->value.raw_equals(ex.values[h->index]), kHandoff);
  }
  c.assert_clean();
  EXPECT_GT(c.done.load(), long(kThreads) * kRounds * 10);
}

// ---------------------------------------------------------------------------
// C API

struct CHanded {
  int from = -1;
  int index = 0;
  dv_type_t* type = nullptr;
  dv_value_t* value = nullptr;
  dv_schema_t* schema = nullptr;
  dv_error_t* error = nullptr;
};

bool buf_is(const dv_buf_t& b, const std::string& want) {
  return b.len == want.size() && (want.empty() || std::memcmp(b.ptr, want.data(), b.len) == 0);
}

TEST(Threads, CApiSharedHandles) {
  const Expected ex = expected_values();
  // The shared type, schema and values, all made through the C API.
  dv_type_t* type = nullptr;
  ASSERT_EQ(dv_type_from_json(&type, ex.type_json.data(), ex.type_json.size(), nullptr), DV_OK);
  dv_schema_t* schema = nullptr;
  const std::string& doc = k8s_document();
  const std::string sel = "resource:kubernetes_role";
  ASSERT_EQ(dv_schema_from_json(&schema, doc.data(), doc.size(), sel.data(), sel.size(), nullptr, 0, nullptr), DV_OK);
  std::vector<dv_value_t*> values(kValues, nullptr);
  for (int i = 0; i < kValues; ++i) {
    ASSERT_EQ(dv_msgpack_decode(&values[i], ex.msgpack[i].data(), ex.msgpack[i].size(), type, nullptr, nullptr), DV_OK);
  }
  std::vector<dv_value_t*> role_values(kRoleValueCount, nullptr);
  std::vector<dv_status_t> role_expected;
  for (int k = 0; k < kRoleValueCount; ++k) {
    ASSERT_EQ(dv_json_decode(&role_values[k], kRoleValues[k], std::strlen(kRoleValues[k]),
                             dv_schema_implied_type(schema), nullptr, nullptr),
              DV_OK);
    role_expected.push_back(dv_schema_validate(schema, role_values[k], nullptr));
  }
  EXPECT_EQ(role_expected[0], DV_OK);
  EXPECT_EQ(role_expected[2], DV_ERR_SCHEMA);
  std::vector<std::vector<dv_tristate_t>> equals(kValues, std::vector<dv_tristate_t>(kValues));
  std::vector<uint64_t> hashes(kValues);
  for (int i = 0; i < kValues; ++i) {
    ASSERT_EQ(dv_value_hash(&hashes[i], values[i], nullptr), DV_OK);
    for (int j = 0; j < kValues; ++j) ASSERT_EQ(dv_value_equals(&equals[i][j], values[i], values[j], nullptr), DV_OK);
  }
  // One shared error, read by every thread; a shared options struct.
  dv_error_t* shared_err = nullptr;
  const std::string bad = ex.msgpack[0].substr(0, ex.msgpack[0].size() / 2);
  ASSERT_EQ(dv_msgpack_decode(&values[0], bad.data(), bad.size(), type, nullptr, &shared_err), DV_ERR_PARSE);
  const std::string err_message(dv_error_message(shared_err).ptr, dv_error_message(shared_err).len);
  const std::string err_path(dv_error_path(shared_err).ptr, dv_error_path(shared_err).len);
  const size_t err_offset = dv_error_offset(shared_err);
  dv_decode_options_t opts = DV_DECODE_OPTIONS_INIT;
  opts.max_depth = 64;

  std::vector<Mailbox<CHanded>> boxes(kThreads);
  auto release = [](CHanded& h) {
    dv_type_free(h.type);
    dv_value_free(h.value);
    dv_schema_free(h.schema);
    dv_error_free(h.error);
  };
  Counters c;
  run_threads([&](int t) {
    auto check_handed = [&](CHanded& h) {
      bool raw = false;
      c.expect(h.from != t, kHandoff);
      c.expect(dv_type_equals(h.type, type), kHandoff);
      c.expect(dv_value_raw_equals(&raw, h.value, values[h.index], nullptr) == DV_OK && raw, kHandoff);
      c.expect(dv_schema_validate(h.schema, role_values[0], nullptr) == DV_OK, kHandoff);
      c.expect(dv_error_status(h.error) == DV_ERR_PARSE && dv_error_offset(h.error) == err_offset, kHandoff);
      release(h);
    };
    for (int round = 0; round < kRounds; ++round) {
      const int i = (t + round) % kValues;
      const int j = (t * 5 + round) % kValues;
      // Decode and encode with the shared type and options.
      dv_value_t* d = nullptr;
      bool raw = false;
      c.expect(dv_msgpack_decode(&d, ex.msgpack[i].data(), ex.msgpack[i].size(), type, &opts, nullptr) == DV_OK,
               kCApi);
      c.expect(dv_value_raw_equals(&raw, d, values[i], nullptr) == DV_OK && raw, kCApi);
      dv_buf_t b = DV_BUF_INIT;
      c.expect(dv_msgpack_encode(&b, values[i], type, nullptr) == DV_OK && buf_is(b, ex.msgpack[i]), kCApi);
      dv_buf_dispose(&b);
      if (!ex.json[i].empty()) {
        c.expect(dv_json_encode(&b, values[i], type, nullptr) == DV_OK && buf_is(b, ex.json[i]), kCApi);
        dv_buf_dispose(&b);
        c.expect(dv_msgpack_to_json(&b, ex.msgpack[i].data(), ex.msgpack[i].size(), type, &opts, nullptr) == DV_OK &&
                     buf_is(b, ex.json[i]),
                 kCApi);
        dv_buf_dispose(&b);
      }
      // Compare.
      dv_tristate_t eq = DV_TRISTATE_UNKNOWN;
      uint64_t h = 0;
      c.expect(dv_value_equals(&eq, values[i], values[j], nullptr) == DV_OK && eq == equals[i][j], kEquals);
      c.expect(dv_value_hash(&h, d, nullptr) == DV_OK && h == hashes[i], kHash);
      // Validate against the shared schema.
      const int k = (t + round) % kRoleValueCount;
      c.expect(dv_schema_validate(schema, role_values[k], nullptr) == role_expected[k], kValidate);
      // Read the shared error.
      c.expect(std::string(dv_error_message(shared_err).ptr, dv_error_message(shared_err).len) == err_message &&
                   std::string(dv_error_path(shared_err).ptr, dv_error_path(shared_err).len) == err_path &&
                   dv_error_offset(shared_err) == err_offset,
               kCApi);
      // Clones and a fresh error, freed by the next thread.
      CHanded out;
      out.from = t;
      out.index = i;
      out.value = d;  // created here
      c.expect(dv_type_clone(&out.type, type, nullptr) == DV_OK, kCopies);
      c.expect(dv_schema_clone(&out.schema, schema, nullptr) == DV_OK, kCopies);
      dv_value_t* never = nullptr;
      c.expect(dv_msgpack_decode(&never, bad.data(), bad.size(), type, nullptr, &out.error) == DV_ERR_PARSE &&
                   never == nullptr,
               kCApi);
      // A clone of a shared value and of the schema's borrowed type, dropped here.
      dv_value_t* vc = nullptr;
      dv_type_t* tc = nullptr;
      c.expect(dv_value_clone(&vc, values[j], nullptr) == DV_OK && dv_type_clone(&tc, dv_schema_implied_type(schema), nullptr) == DV_OK,
               kCopies);
      dv_value_free(vc);
      dv_type_free(tc);
      boxes[(t + 1) % kThreads].post(out);
      while (auto in = boxes[t].take()) check_handed(*in);
    }
  });
  for (auto& bx : boxes) {
    while (auto h = bx.take()) release(*h);
  }
  c.assert_clean();
  EXPECT_GT(c.done.load(), long(kThreads) * kRounds * 10);

  dv_error_free(shared_err);
  for (dv_value_t* v : values) dv_value_free(v);
  for (dv_value_t* v : role_values) dv_value_free(v);
  dv_schema_free(schema);
  dv_type_free(type);
}

}  // namespace
