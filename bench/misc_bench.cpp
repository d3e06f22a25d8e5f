// Set construction and schema loading.
//
//   set_construct/N   Value::set over N distinct small objects (DNS-record
//                     like: name, type, ttl) given in random order, for N =
//                     3,000 / 30,000 / 300,000: the O(n log n) check is
//                     time(10N) / time(N) <= 12 (scripts/bench.sh prints it).
//   diff_set/N        values/walk.hpp diff of two sets of N such objects
//                     that differ in 1% of their elements (tftypes matches set
//                     elements with a scan per element; here a hash index)
//   transform_set/N   transform of such a set replacing the ttl of 1% of the
//                     elements (the set is rebuilt: deduplicated, reordered)
//   schema_load/aws_instance   load_schema_json of one resource of the 13.5 MB
//                     AWS document (the rest of the document is skipped)
//   schema_load/all   load_all_schemas_json: every block of the document
//   schema_doc/parse  SchemaDocument::parse: index and check the document
//                     once (no schema built)
//   schema_doc/first_block   SchemaDocument::schema of resource:aws_instance
//                     from a parsed document, built for the first time (a
//                     fresh document per iteration, parsed untimed)
//   schema_doc/every_block   every block of a parsed document, each built for
//                     the first time; items/s is blocks per second
//   schema_doc/cached_block  SchemaDocument::schema of a block already built
// Bytes per second of schema_load and schema_doc/parse use the whole
// document size, like their floor floor_json/aws.schema.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <optional>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "schema/schema.hpp"
#include "types/type.hpp"
#include "values/value.hpp"
#include "values/walk.hpp"

namespace bench {

// The decompressed AWS provider schema document, written by bench/corpus.
const std::string& aws_schema_text() {
  static const std::string text = [] {
    std::string s = read_file(corpus_dir() + "/aws.schema.json");
    s.reserve(s.size() + 64);  // simdjson padding: load_schema_json parses in place
    return s;
  }();
  return text;
}

namespace {

using dynval::Type;
using dynval::Value;

void set_construct(benchmark::State& st) {
  const size_t n = static_cast<size_t>(st.range(0));
  std::mt19937_64 rng(42);
  const char* types[] = {"A", "AAAA", "CNAME", "TXT", "MX"};
  std::vector<Value> elems;
  elems.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "host-%07zu.zone-%02u.example.com", i, unsigned(rng() % 100));
    elems.push_back(Value::object({
        {"name", Value::string(name)},
        {"type", Value::string(types[rng() % 5])},
        {"ttl", Value::number(dynval::Number::from_int64(static_cast<int64_t>(60 + rng() % 86400)))},
    }));
  }
  std::shuffle(elems.begin(), elems.end(), rng);
  Type et = elems[0].type();
  try {
    for (auto _ : st) {
      st.PauseTiming();
      std::vector<Value> in = elems;  // Value::set consumes its input
      st.ResumeTiming();
      Value s = Value::set(et, std::move(in));
      benchmark::DoNotOptimize(s);
      st.PauseTiming();
      s = Value();  // free outside the timing
      st.ResumeTiming();
    }
    st.SetItemsProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(n));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void schema_load_one(benchmark::State& st) {
  const std::string& doc = aws_schema_text();
  auto sel = dynval::BlockSelector::parse("resource:aws_instance");
  try {
    for (auto _ : st)
      benchmark::DoNotOptimize(dynval::load_schema_json(dynval::JsonInput{doc, doc.capacity()}, sel));
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(doc.size()));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void schema_load_all(benchmark::State& st) {
  const std::string& doc = aws_schema_text();
  try {
    for (auto _ : st) benchmark::DoNotOptimize(dynval::load_all_schemas_json(dynval::JsonInput{doc, doc.capacity()}));
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(doc.size()));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void schema_doc_parse(benchmark::State& st) {
  const std::string& doc = aws_schema_text();
  try {
    for (auto _ : st) benchmark::DoNotOptimize(dynval::SchemaDocument::parse(doc));
    st.SetBytesProcessed(static_cast<int64_t>(st.iterations()) * static_cast<int64_t>(doc.size()));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void schema_doc_first_block(benchmark::State& st) {
  const std::string& doc = aws_schema_text();
  auto sel = dynval::BlockSelector::parse("resource:aws_instance");
  try {
    for (auto _ : st) {
      st.PauseTiming();
      dynval::SchemaDocumentPtr d = dynval::SchemaDocument::parse(doc);
      size_t i = d->find(sel);
      st.ResumeTiming();
      benchmark::DoNotOptimize(d->schema(i));
      st.PauseTiming();
      d.reset();  // freed outside the timing
      st.ResumeTiming();
    }
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void schema_doc_every_block(benchmark::State& st) {
  const std::string& doc = aws_schema_text();
  try {
    size_t blocks = 0;
    for (auto _ : st) {
      st.PauseTiming();
      dynval::SchemaDocumentPtr d = dynval::SchemaDocument::parse(doc);
      st.ResumeTiming();
      for (size_t i = 0; i < d->entries().size(); ++i) benchmark::DoNotOptimize(d->schema(i));
      blocks += d->entries().size();
      st.PauseTiming();
      d.reset();
      st.ResumeTiming();
    }
    st.SetItemsProcessed(static_cast<int64_t>(blocks));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

void schema_doc_cached_block(benchmark::State& st) {
  const std::string& doc = aws_schema_text();
  try {
    dynval::SchemaDocumentPtr d = dynval::SchemaDocument::parse(doc);
    size_t i = d->find(dynval::BlockSelector::parse("resource:aws_instance"));
    (void)d->schema(i);
    for (auto _ : st) benchmark::DoNotOptimize(d->schema(i));
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
  }
}

}  // namespace

// N DNS-record-like objects; with `bump`, every hundredth has ttl + 1.
std::vector<Value> records(size_t n, bool bump) {
  std::vector<Value> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "host-%07zu.example.com", i);
    int64_t ttl = 60 + static_cast<int64_t>(i % 86400) + (bump && i % 100 == 0 ? 1 : 0);
    out.push_back(Value::object({{"name", Value::string(name)},
                                 {"ttl", Value::number(dynval::Number::from_int64(ttl))}}));
  }
  return out;
}

void diff_set(benchmark::State& st) {
  const size_t n = static_cast<size_t>(st.range(0));
  std::vector<Value> a = records(n, false), b = records(n, true);
  Type et = a[0].type();
  Value sa = Value::set(et, a), sb = Value::set(et, b);
  size_t found = 0;
  for (auto _ : st) {
    dynval::Diff d = dynval::diff(sa, sb);
    found = d.size();
    benchmark::DoNotOptimize(d);
  }
  st.counters["entries"] = static_cast<double>(found);
  st.SetItemsProcessed(st.iterations() * static_cast<int64_t>(n));
}

void transform_set(benchmark::State& st) {
  const size_t n = static_cast<size_t>(st.range(0));
  std::vector<Value> a = records(n, false);
  Value sa = Value::set(a[0].type(), a);
  struct Bump : dynval::Transformer {
    size_t seen = 0;
    int exit(const dynval::Path& p, const Value& v, std::optional<Value>& out) override {
      if (p.size() == 2 && p[1].name == "ttl" && ++seen % 100 == 0)
        out = Value::number(dynval::Number::from_int64(v.as_number().to_int64(nullptr) + 1));
      return 0;
    }
  };
  for (auto _ : st) {
    Bump t;
    Value out;
    dynval::transform(sa, t, out);
    benchmark::DoNotOptimize(out);
  }
  st.SetItemsProcessed(st.iterations() * static_cast<int64_t>(n));
}

// Building an object type of 20 attributes: what Value::object and the C
// builders pay per object whose type is made from its values (objects with
// dynamic attributes decoded, converted or built by a provider).
void type_object(benchmark::State& st) {
  static const char* const names[] = {
      "id", "name", "arn", "tags", "tags_all", "description", "availability_zone", "instance_type",
      "subnet_id", "vpc_security_group_ids", "private_ip", "public_ip", "key_name", "monitoring",
      "ebs_optimized", "source_dest_check", "user_data", "iam_instance_profile", "placement_group", "tenancy"};
  for (auto _ : st) {
    std::vector<Type::AttrSpec> attrs;
    attrs.reserve(std::size(names));
    for (const char* n : names) attrs.push_back({n, Type::string(), false});
    Type t = Type::object(std::move(attrs));
    benchmark::DoNotOptimize(t);
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations()));
}

void register_misc_benchmarks() {
  benchmark::RegisterBenchmark("type_object/20_attributes", type_object)->UseRealTime();
  benchmark::RegisterBenchmark("set_construct", set_construct)
      ->Arg(3000)->Arg(30000)->Arg(300000)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("diff_set", diff_set)->Arg(3000)->Arg(30000)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("transform_set", transform_set)
      ->Arg(3000)->Arg(30000)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("schema_load/aws_instance", schema_load_one)->UseRealTime();
  benchmark::RegisterBenchmark("schema_load/all", schema_load_all)->UseRealTime();
  benchmark::RegisterBenchmark("schema_doc/parse", schema_doc_parse)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("schema_doc/first_block", schema_doc_first_block)
      ->Iterations(30)->UseRealTime()->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("schema_doc/every_block", schema_doc_every_block)
      ->Iterations(3)->UseRealTime()->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("schema_doc/cached_block", schema_doc_cached_block)->UseRealTime();
}

}  // namespace bench
