// The floors: the fastest a decoder could go on the same bytes.
//
//   floor_msgpack/<case>  msgpack-cxx's visitor parser (msgpack::parse) with a
//                         null_visitor-derived visitor that touches every item
//                         (each scalar's value, each string's length and first
//                         byte, each container's count). No tree, no copies.
//   floor_json/<case>     simdjson On-Demand over a padded copy: iterate the
//                         whole document, unescape every key and string, take
//                         the raw token of every number, read every literal.
//   floor_json/aws.schema the same walk over the 13.5 MB AWS schema document
//                         (the floor of the schema_load benchmarks).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <msgpack.hpp>
#include <simdjson.h>
#include <stdexcept>
#include <string>
#include <utility>

#include "corpus.hpp"

namespace bench {
namespace {

struct TouchVisitor : msgpack::null_visitor {
  uint64_t acc = 0;
  bool visit_nil() { acc += 1; return true; }
  bool visit_boolean(bool v) { acc += v ? 3 : 2; return true; }
  bool visit_positive_integer(uint64_t v) { acc += v; return true; }
  bool visit_negative_integer(int64_t v) { acc += static_cast<uint64_t>(v); return true; }
  bool visit_float32(float v) { acc += static_cast<uint64_t>(v != 0); return true; }
  bool visit_float64(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    acc += bits;
    return true;
  }
  bool visit_str(const char* p, uint32_t n) { acc += n + (n ? static_cast<unsigned char>(p[0]) : 0); return true; }
  bool visit_bin(const char* p, uint32_t n) { acc += n + (n ? static_cast<unsigned char>(p[0]) : 0); return true; }
  bool visit_ext(const char* p, uint32_t n) { acc += n + static_cast<unsigned char>(p[0]); return true; }
  bool start_array(uint32_t n) { acc += n; return true; }
  bool start_map(uint32_t n) { acc += n; return true; }
  void parse_error(size_t, size_t) {}
  void insufficient_bytes(size_t, size_t) {}
};

void floor_msgpack(benchmark::State& st, const Case* c) {
  for (auto _ : st) {
    TouchVisitor v;
    size_t off = 0;
    if (!msgpack::parse(c->msgpack.data(), c->msgpack.size(), off, v) || off != c->msgpack.size()) {
      st.SkipWithError("msgpack::parse failed");
      return;
    }
    benchmark::DoNotOptimize(v.acc);
  }
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(c->msgpack.size()));
}

namespace od = simdjson::ondemand;

// Visits every value below v; returns false on any simdjson error.
bool walk(od::value v, uint64_t& acc) {
  od::json_type jt;
  if (v.type().get(jt)) return false;
  switch (jt) {
    case od::json_type::array: {
      od::array a;
      if (v.get_array().get(a)) return false;
      for (auto el : a) {
        od::value cv;
        if (el.get(cv) || !walk(cv, acc)) return false;
        ++acc;
      }
      return true;
    }
    case od::json_type::object: {
      od::object o;
      if (v.get_object().get(o)) return false;
      for (auto fr : o) {
        od::field f;
        std::string_view k;
        if (std::move(fr).get(f) || f.unescaped_key().get(k)) return false;
        acc += k.size();
        if (!walk(f.value(), acc)) return false;
      }
      return true;
    }
    case od::json_type::string: {
      std::string_view s;
      if (v.get_string().get(s)) return false;
      acc += s.size();
      return true;
    }
    case od::json_type::number:
      acc += v.raw_json_token().size();
      return true;
    case od::json_type::boolean: {
      bool b;
      if (v.get_bool().get(b)) return false;
      acc += b;
      return true;
    }
    case od::json_type::null:
      acc += v.is_null();
      return true;
  }
  return false;
}

// The bytes with simdjson's padding, parsed in place (no per-iteration copy).
struct FloorJson {
  simdjson::padded_string doc;
  od::parser parser;
  explicit FloorJson(const std::string& text) : doc(text), parser(text.size() + 1024) {}
  bool run(uint64_t& acc) {
    od::document d;
    if (parser.iterate(doc).get(d)) return false;
    od::value v;
    if (d.get_value().get(v)) return false;
    return walk(v, acc);
  }
};

void floor_json(benchmark::State& st, const std::string* text) {
  FloorJson fj(*text);
  for (auto _ : st) {
    uint64_t acc = 0;
    if (!fj.run(acc)) {
      st.SkipWithError("simdjson walk failed");
      return;
    }
    benchmark::DoNotOptimize(acc);
  }
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(text->size()));
}

}  // namespace

const std::string& aws_schema_text();  // misc_bench.cpp

void register_floor_benchmarks() {
  for (const Case& c : corpus()) {
    const Case* p = &c;
    benchmark::RegisterBenchmark(("floor_msgpack/" + c.name).c_str(),
                                 [p](benchmark::State& st) { floor_msgpack(st, p); })
        ->UseRealTime();
    if (c.has_json)
      benchmark::RegisterBenchmark(("floor_json/" + c.name).c_str(),
                                   [p](benchmark::State& st) { floor_json(st, &p->json); })
          ->UseRealTime();
  }
  benchmark::RegisterBenchmark("floor_json/aws.schema",
                               [](benchmark::State& st) { floor_json(st, &aws_schema_text()); })
      ->UseRealTime();
}

}  // namespace bench
