/**
 * @file dynval/plan.h
 * @brief The proposed new state of a plan: [`dv_plan_proposed_new`] and
 * [`dv_plan_data_resource_object`] (OpenTofu's `objchange`).
 *
 * Before it calls `PlanResourceChange`, OpenTofu merges the prior state
 * with the configuration into the *proposed new state*: configured values
 * win, and computed attributes the configuration leaves null keep their
 * prior values. For a data source it plans the same merge against a wholly
 * unknown prior, so those attributes become unknown. These two functions
 * compute exactly what OpenTofu v1.9.1's `objchange.ProposedNew` and
 * `objchange.PlannedDataResourceObject` compute, rule for rule, so a
 * provider, a test harness or a tool can reproduce OpenTofu's plan request
 * without running OpenTofu:
 *
 * - attributes: computed and null in the configuration: the prior value
 *   (except an optional nested attribute whose prior holds values only a
 *   configuration could have set: then null); nested attributes merged by
 *   their nesting mode; any other: the configured value, even null;
 * - nested blocks and nested attributes: SINGLE and GROUP blocks merged as
 *   blocks; LIST elements paired by index (a LIST block with dynamic
 *   content is a tuple, and stays one), MAP elements by key (an object
 *   then), SET elements by the first unused prior element, in the prior
 *   set's order, that the configured element could have come from (equal
 *   but for computed attributes the configuration leaves null, and for the
 *   refinements of unknowns);
 * - a null prior is the schema's empty value (every attribute null, no
 *   blocks); null configuration and prior give null; a null or unknown
 *   configuration gives the prior.
 *
 * Where OpenTofu panics, these return an error: `DV_ERR_TYPE_MISMATCH`
 * with the path of the offending value when `prior` or `config` does not
 * conform to the schema's implied type (checked before anything is
 * merged; a LIST or MAP block with dynamic content must hold a list or
 * tuple, or a map or object, of the block's objects), or when the merged
 * elements of a list, set or map end up with different types (possible
 * only through dynamic types). One such panic is OpenTofu's own:
 * [`dv_plan_data_resource_object`] on a configuration with elements in a
 * LIST block with dynamic content.
 *
 * Cost: linear in the values, except for SET blocks and attributes: each
 * configured element is compared with the unused prior elements in order
 * until one matches, as OpenTofu does, so n configured against m prior
 * elements cost up to n * m comparisons (each a walk of a prior element)
 * when none matches. One call spends at most 2^23 steps (comparisons and
 * values walked, about 1.5 s) on pairing and fails with `DV_ERR_LIMIT`
 * past them, where OpenTofu would go on: real sets match early and stay far
 * below.
 *
 * All functions here only read their inputs and may run concurrently.
 */
#ifndef DYNVAL_PLAN_H
#define DYNVAL_PLAN_H

#include "common.h"
#include "error.h"
#include "schema.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Computes the proposed new state, as `objchange.ProposedNew(schema,
 * prior, config)`.
 *
 * @param out receives the proposed new value (owned by the caller; free
 *            with [`dv_value_free`]), of the schema's implied type; NULL
 *            gives `DV_ERR_INVALID_ARG`.
 * @param schema the resource's schema; its root block is used. NULL gives
 *               `DV_ERR_INVALID_ARG`.
 * @param prior the prior state (null when the resource is being created);
 *              NULL gives `DV_ERR_INVALID_ARG`.
 * @param config the configuration; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details, with the path of the offending value.
 * @return `DV_OK`, `DV_ERR_TYPE_MISMATCH` (a value that does not conform
 *         to the schema's implied type, or merged elements of different
 *         types), `DV_ERR_LIMIT` (set pairing, above), `DV_ERR_INVALID_ARG`
 *         or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_plan_proposed_new(dv_value_t **out, const dv_schema_t *schema,
                                        const dv_value_t *prior, const dv_value_t *config,
                                        dv_error_t **err);

/**
 * Computes the planned state of a data source, as
 * `objchange.PlannedDataResourceObject(schema, config)`: the proposed new
 * state against a prior that is wholly unknown, so every computed
 * attribute the configuration leaves null is an unknown of its type.
 *
 * @param out receives the planned value (owned by the caller; free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param schema the data source's schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param config the configuration; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details, with the path of the offending value.
 * @return `DV_OK`, `DV_ERR_TYPE_MISMATCH`, `DV_ERR_LIMIT`,
 *         `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_plan_data_resource_object(dv_value_t **out, const dv_schema_t *schema,
                                                const dv_value_t *config, dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_PLAN_H */
