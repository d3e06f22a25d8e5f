// The plan functions (src/plan, docs/plan.md) on the AWS aws_instance
// schema and the corpus's aws_instance values (every attribute known, about
// 8 KiB of MessagePack) and aws_instance+unknown (a planned state: computed
// attributes unknown, mostly refined; generated on its own, so it differs
// from the known value almost everywhere):
//
//   plan/proposed_new/aws_instance       ProposedNew(prior = config = known)
//   plan/assert_plan_valid/aws_instance  AssertPlanValid(known, known, known):
//                                        a valid plan, every value compared
//   plan/assert_plan_valid/aws_instance+unknown
//                                        planned = the +unknown value: an
//                                        invalid plan, its problems formatted
//   plan/assert_compatible/aws_instance  AssertObjectCompatible(known, known),
//                                        schema marks on: consistent, every
//                                        value compared, sets correlated
//   plan/assert_compatible/aws_instance+unknown
//                                        planned = the +unknown value, actual
//                                        the known one: unknowns checked
//                                        against their refinements, the rest
//                                        reported
//   plan/normalize/aws_instance          NormalizeObjectFromLegacySDK(known)
// The counter `problems` is the number of problems a check found.
#include <benchmark/benchmark.h>

#include <functional>
#include <string>
#include <vector>

#include "codec/codec.hpp"
#include "corpus.hpp"
#include "plan/plan.hpp"
#include "schema/schema.hpp"
#include "support/json_input.hpp"

namespace bench {

const std::string& aws_schema_text();  // misc_bench.cpp

namespace {

using dynval::Value;

struct Fixture {
  dynval::SchemaPtr schema;
  Value known, unknown;
};

// The schema and both values, or nullptr when the corpus lacks them.
const Fixture* fixture() {
  static const Fixture* f = []() -> const Fixture* {
    const Case *known = nullptr, *unknown = nullptr;
    for (const Case& c : corpus()) {
      if (c.name == "aws_instance") known = &c;
      if (c.name == "aws_instance+unknown") unknown = &c;
    }
    if (!known || !unknown) return nullptr;
    const std::string& doc = aws_schema_text();
    auto* out = new Fixture;
    out->schema = dynval::load_schema_json(dynval::JsonInput{doc, doc.capacity()},
                                           dynval::BlockSelector::parse("resource:aws_instance"));
    out->known = dynval::codec::msgpack_decode(known->msgpack, out->schema->implied_type());
    out->unknown = dynval::codec::msgpack_decode(unknown->msgpack, out->schema->implied_type());
    return out;
  }();
  return f;
}

void run(benchmark::State& st, const std::function<size_t(const Fixture&)>& fn) {
  const Fixture* f = nullptr;
  try {
    f = fixture();
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  if (!f) {
    st.SkipWithError("the corpus has no aws_instance cases (DYNVAL_CASES filters them out?)");
    return;
  }
  size_t problems = 0;
  try {
    for (auto _ : st) problems = fn(*f);
  } catch (const std::exception& e) {
    st.SkipWithError(e.what());
    return;
  }
  st.counters["problems"] = static_cast<double>(problems);
}

}  // namespace

void register_plan_benchmarks() {
  namespace plan = dynval::plan;
  auto reg = [](const char* name, std::function<size_t(const Fixture&)> fn) {
    benchmark::RegisterBenchmark(name, [fn](benchmark::State& st) { run(st, fn); })
        ->UseRealTime()
        ->Unit(benchmark::kMicrosecond);
  };
  reg("plan/proposed_new/aws_instance", [](const Fixture& f) {
    benchmark::DoNotOptimize(plan::proposed_new(f.schema->block, f.known, f.known));
    return size_t(0);
  });
  reg("plan/assert_plan_valid/aws_instance",
      [](const Fixture& f) { return plan::assert_plan_valid(f.schema->block, f.known, f.known, f.known).size(); });
  reg("plan/assert_plan_valid/aws_instance+unknown",
      [](const Fixture& f) { return plan::assert_plan_valid(f.schema->block, f.known, f.known, f.unknown).size(); });
  reg("plan/assert_compatible/aws_instance", [](const Fixture& f) {
    return plan::assert_object_compatible(f.schema->block, f.known, f.known, {}, true).size();
  });
  reg("plan/assert_compatible/aws_instance+unknown", [](const Fixture& f) {
    return plan::assert_object_compatible(f.schema->block, f.unknown, f.known, {}, true).size();
  });
  reg("plan/normalize/aws_instance", [](const Fixture& f) {
    benchmark::DoNotOptimize(plan::normalize_object_from_legacy_sdk(f.known, f.schema->block));
    return size_t(0);
  });
}

}  // namespace bench
