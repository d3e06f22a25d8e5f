// capi/plan.cpp: include/dynval/plan.h over dynval::plan
// (src/plan/plan.hpp).
#include <memory>
#include <vector>

#include "capi.hpp"
#include "plan/plan.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

namespace {

// The problems of a check as a dv_errors_t (status DV_ERR_SCHEMA each), or
// NULL when there are none.
dv_errors_t* problem_list(std::vector<plan::Problem> problems) {
  if (problems.empty()) return nullptr;
  auto list = std::make_unique<dv_errors>();
  list->errors.reserve(problems.size());
  for (const plan::Problem& p : problems) list->errors.push_back(capi::make_error(DV_ERR_SCHEMA, p.message, &p.path));
  return list.release();
}

}  // namespace

extern "C" {

DV_API dv_status_t dv_plan_proposed_new(dv_value_t** out, const dv_schema_t* schema, const dv_value_t* prior,
                                        const dv_value_t* config, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(schema, "schema");
    need(prior, "prior");
    need(config, "config");
    *out = capi::own(plan::proposed_new(schema->s->block, prior->v, config->v));
  });
}

DV_API dv_status_t dv_plan_data_resource_object(dv_value_t** out, const dv_schema_t* schema,
                                                const dv_value_t* config, dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(schema, "schema");
    need(config, "config");
    *out = capi::own(plan::planned_data_resource_object(schema->s->block, config->v));
  });
}

DV_API dv_status_t dv_plan_assert_valid(const dv_schema_t* schema, const dv_value_t* prior, const dv_value_t* config,
                                        const dv_value_t* planned, dv_errors_t** problems, dv_error_t** err) {
  if (problems) *problems = nullptr;
  return guard(err, [&] {
    need(problems, "problems");
    need(schema, "schema");
    need(prior, "prior");
    need(config, "config");
    need(planned, "planned");
    *problems = problem_list(plan::assert_plan_valid(schema->s->block, prior->v, config->v, planned->v));
  });
}

DV_API dv_status_t dv_plan_assert_compatible(const dv_schema_t* schema, const dv_value_t* planned,
                                             const dv_value_t* actual, const dv_path_t* const* sensitive,
                                             size_t sensitive_count, unsigned int flags, dv_errors_t** problems,
                                             dv_error_t** err) {
  if (problems) *problems = nullptr;
  return guard(err, [&] {
    need(problems, "problems");
    need(schema, "schema");
    need(planned, "planned");
    need(actual, "actual");
    if (sensitive_count) need(sensitive, "sensitive");
    if (flags & ~unsigned(DV_PLAN_SCHEMA_MARKS)) throw Error(Status::InvalidArg, "unknown flags");
    std::vector<Path> paths;
    paths.reserve(sensitive_count);
    for (size_t i = 0; i < sensitive_count; ++i) {
      need(sensitive[i], "sensitive[i]");
      paths.push_back(sensitive[i]->p);
    }
    *problems = problem_list(plan::assert_object_compatible(schema->s->block, planned->v, actual->v, paths,
                                                            (flags & DV_PLAN_SCHEMA_MARKS) != 0));
  });
}

DV_API dv_status_t dv_plan_normalize_legacy_sdk(dv_value_t** out, const dv_schema_t* schema, const dv_value_t* value,
                                                dv_error_t** err) {
  return guard(err, [&] {
    need(out, "out");
    need(schema, "schema");
    need(value, "value");
    *out = capi::own(plan::normalize_object_from_legacy_sdk(value->v, schema->s->block));
  });
}

}  // extern "C"
