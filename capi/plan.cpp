// capi/plan.cpp: include/dynval/plan.h over dynval::plan
// (src/plan/plan.hpp).
#include "capi.hpp"
#include "plan/plan.hpp"

using namespace dynval;
using capi::guard;
using capi::need;

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

}  // extern "C"
