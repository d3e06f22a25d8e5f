// libdynval codec benchmarks: <op>/<case> for every corpus case.
//
//   msgpack_decode   codec::msgpack_decode (counters: mem = live heap of the
//                    decoded value / MessagePack size, peak = peak heap during
//                    the decode / MessagePack size, mem_malloc = mem as seen by
//                    glibc's mallinfo2)
//   msgpack_encode   codec::msgpack_encode into a reused std::string
//   json_decode      codec::json_decode (unpadded std::string_view input, as a
//                    caller would pass it)
//   json_encode      codec::json_encode
//   msgpack_to_json, json_to_msgpack   the tree-less transcoders
//   equal            Value::equals of two separately decoded equal values
//   capi_msgpack_decode   dv_msgpack_decode + dv_value_free through
//                    libdynval.so, to compare with msgpack_decode (C API cost)
//
// Bytes per second use the input size: MessagePack size for msgpack_*,
// msgpack_to_json and equal; JSON size for json_* and json_to_msgpack.
#include <benchmark/benchmark.h>

#include <string>

#include "alloc_count.hpp"
#include "codec/codec.hpp"
#include "corpus.hpp"
#include "dynval/dynval.h"
#include "support/error.hpp"
#include "types/type.hpp"
#include "values/value.hpp"

namespace bench {
namespace {

using dynval::Type;
using dynval::Value;
namespace codec = dynval::codec;

template <class F>
void reg(const std::string& name, F f) {
  benchmark::RegisterBenchmark(name.c_str(), f)->UseRealTime();
}

// Runs body in the timing loop; a dynval::Error (a codec still being
// finished, a bug) becomes a skipped benchmark with the message.
template <class F>
void timed(benchmark::State& st, size_t bytes, F body) {
  try {
    for (auto _ : st) body();
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(bytes));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void msgpack_decode(benchmark::State& st, const Case* c) {
  Type t;
  try {
    t = Type::from_json(c->type_json);
    // Memory of one decoded value, measured outside the timed loop.
    int64_t before = alloc::malloc_in_use();
    alloc::start();
    Value v = codec::msgpack_decode(c->msgpack, t);
    int64_t live = alloc::live(), peak = alloc::peak();
    int64_t mall = alloc::malloc_in_use() - before;
    alloc::stop();
    double n = static_cast<double>(c->msgpack.size());
    st.counters["mem"] = static_cast<double>(live) / n;
    st.counters["peak"] = static_cast<double>(peak) / n;
    st.counters["mem_malloc"] = static_cast<double>(mall) / n;
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->msgpack.size(), [&] { benchmark::DoNotOptimize(codec::msgpack_decode(c->msgpack, t)); });
}

void msgpack_encode(benchmark::State& st, const Case* c) {
  Type t;
  Value v;
  std::string out;
  try {
    t = Type::from_json(c->type_json);
    v = codec::msgpack_decode(c->msgpack, t);
    codec::msgpack_encode(out, v, t);
    if (out != c->msgpack) st.counters["differs_from_gocty"] = 1;
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->msgpack.size(), [&] {
    out.clear();
    codec::msgpack_encode(out, v, t);
    benchmark::DoNotOptimize(out.data());
  });
}

void json_decode(benchmark::State& st, const Case* c) {
  Type t;
  try {
    t = Type::from_json(c->type_json);
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->json.size(), [&] { benchmark::DoNotOptimize(codec::json_decode(c->json, t)); });
}

void json_encode(benchmark::State& st, const Case* c) {
  Type t;
  Value v;
  std::string out;
  try {
    t = Type::from_json(c->type_json);
    v = codec::msgpack_decode(c->msgpack, t);
    codec::json_encode(out, v, t);
    if (out != c->json) st.counters["differs_from_gocty"] = 1;
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->json.size(), [&] {
    out.clear();
    codec::json_encode(out, v, t);
    benchmark::DoNotOptimize(out.data());
  });
}

void msgpack_to_json(benchmark::State& st, const Case* c) {
  Type t;
  std::string out;
  try {
    t = Type::from_json(c->type_json);
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->msgpack.size(), [&] {
    out.clear();
    codec::msgpack_to_json(out, c->msgpack, t);
    benchmark::DoNotOptimize(out.data());
  });
}

void json_to_msgpack(benchmark::State& st, const Case* c) {
  Type t;
  std::string out;
  try {
    t = Type::from_json(c->type_json);
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->json.size(), [&] {
    out.clear();
    codec::json_to_msgpack(out, c->json, t);
    benchmark::DoNotOptimize(out.data());
  });
}

void equal(benchmark::State& st, const Case* c) {
  Type t;
  Value a, b;
  try {
    t = Type::from_json(c->type_json);
    a = codec::msgpack_decode(c->msgpack, t);
    b = codec::msgpack_decode(c->msgpack, t);  // a separate tree: no shared pointers
    if (a.equals(b) != dynval::Tristate::True) {
      st.SkipWithError("decoded values are not equal");
      return;
    }
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  timed(st, c->msgpack.size(), [&] { benchmark::DoNotOptimize(a.equals(b)); });
}

void capi_msgpack_decode(benchmark::State& st, const Case* c) {
  dv_type_t* t = nullptr;
  dv_error_t* err = nullptr;
  if (dv_type_from_json(&t, c->type_json.data(), c->type_json.size(), &err) != DV_OK) {
    st.SkipWithError("dv_type_from_json failed");
    dv_error_free(err);
    return;
  }
  bool failed = false;
  for (auto _ : st) {
    dv_value_t* v = nullptr;
    if (dv_msgpack_decode(&v, c->msgpack.data(), c->msgpack.size(), t, nullptr, &err) != DV_OK) {
      failed = true;
      break;
    }
    dv_value_free(v);
  }
  if (failed) {
    dv_str_t m = dv_error_message(err);
    st.SkipWithError(std::string(m.ptr, m.len).c_str());
    dv_error_free(err);
  } else {
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(c->msgpack.size()));
  }
  dv_type_free(t);
}

}  // namespace

void register_codec_benchmarks() {
  for (const Case& c : corpus()) {
    const Case* p = &c;
    reg("msgpack_decode/" + c.name, [p](benchmark::State& st) { msgpack_decode(st, p); });
    reg("msgpack_encode/" + c.name, [p](benchmark::State& st) { msgpack_encode(st, p); });
    if (c.has_json) {
      reg("json_decode/" + c.name, [p](benchmark::State& st) { json_decode(st, p); });
      reg("json_encode/" + c.name, [p](benchmark::State& st) { json_encode(st, p); });
      reg("msgpack_to_json/" + c.name, [p](benchmark::State& st) { msgpack_to_json(st, p); });
      reg("json_to_msgpack/" + c.name, [p](benchmark::State& st) { json_to_msgpack(st, p); });
      reg("equal/" + c.name, [p](benchmark::State& st) { equal(st, p); });
    }
    // The C API overhead: a small value (per-call cost) and a large one.
    if (c.name == "aws_instance" || c.name == "aws_instance+unknown" || c.name == "plan_2000")
      reg("capi_msgpack_decode/" + c.name, [p](benchmark::State& st) { capi_msgpack_decode(st, p); });
  }
}

}  // namespace bench
