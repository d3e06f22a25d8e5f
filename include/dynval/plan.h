/**
 * @file dynval/plan.h
 * @brief Core's plan rules (OpenTofu's `objchange`): the proposed new state
 * ([`dv_plan_proposed_new`], [`dv_plan_data_resource_object`]) and the
 * checks of planned and applied states.
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
 * The checks core runs on what a provider returns, and the fix-up it
 * applies first to results of SDKv2-era providers, ported the same way
 * (OpenTofu v1.9.1's `objchange.AssertPlanValid`, `AssertObjectCompatible`
 * and `NormalizeObjectFromLegacySDK`; since 0.7):
 *
 * - [`dv_plan_assert_valid`]: a planned state against the prior state and
 *   the configuration ("Provider produced invalid plan");
 * - [`dv_plan_assert_compatible`]: an applied state against the planned
 *   one, or a final plan against the first ("Provider produced
 *   inconsistent result after apply", "... inconsistent final plan"), with
 *   sensitive values as core marks them;
 * - [`dv_plan_normalize_legacy_sdk`]: nested blocks made known and
 *   non-null.
 *
 * The two checks return every problem OpenTofu reports, each an error of
 * status `DV_ERR_SCHEMA` with the path into the checked value (the planned
 * or the applied state) and OpenTofu's message word for word (values in
 * it rendered as go-cty's `%#v`); [`dv_error_line`] gives the line OpenTofu
 * prints, `PATH: MESSAGE`. They come sorted by that line, bytewise
 * (OpenTofu's own order follows Go's map order, which varies from run to
 * run). The status says whether the check ran: `DV_OK` with problems or
 * without.
 *
 * All functions here only read their inputs and may run concurrently.
 */
#ifndef DYNVAL_PLAN_H
#define DYNVAL_PLAN_H

#include "common.h"
#include "error.h"
#include "path.h"
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

/** Flags of [`dv_plan_assert_compatible`]. */
enum {
  /** Mark both values sensitive at the schema's sensitive paths too, as core
   * does (`configschema.Block.ValueMarks`): an attribute whose nested
   * attribute type holds a sensitive attribute is then reported as a
   * whole. Without it only the caller's paths and the attributes the schema
   * marks sensitive themselves are. */
  DV_PLAN_SCHEMA_MARKS = 0x01
};

/**
 * Checks a planned state as `objchange.AssertPlanValid(schema, prior,
 * config, planned)`: a provider may set only computed attributes the
 * configuration leaves null (to a value or an unknown); any other planned
 * value must equal the configured one, or the prior one; nested blocks must
 * keep the configuration's count; and so on (docs/plan.md lists every
 * rule).
 *
 * @param schema the resource's schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param prior the prior state (null on create); NULL gives `DV_ERR_INVALID_ARG`.
 * @param config the configuration; NULL gives `DV_ERR_INVALID_ARG`.
 * @param planned the planned new state the provider returned; NULL gives
 *                `DV_ERR_INVALID_ARG`.
 * @param problems receives the problems (owned by the caller; free with
 *                 [`dv_errors_free`]), sorted as above, or NULL when there
 *                 are none; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details when the check could not run.
 * @return `DV_OK` (with or without problems), `DV_ERR_TYPE_MISMATCH` (a
 *         value that does not conform to the schema's implied type, where
 *         OpenTofu panics), `DV_ERR_LIMIT`, `DV_ERR_INVALID_ARG` or
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_plan_assert_valid(const dv_schema_t *schema, const dv_value_t *prior,
                                        const dv_value_t *config, const dv_value_t *planned,
                                        dv_errors_t **problems, dv_error_t **err);

/**
 * Checks that an applied state is a valid completion of the planned one,
 * as `objchange.AssertObjectCompatible(schema, planned, actual)`: every
 * known planned value stays, unknowns become values their refinements
 * allow, nested blocks keep their count, set elements correlate. Core marks
 * both values sensitive before it checks (sensitive variables, and the
 * schema's sensitive attributes): a problem under a sensitive attribute is
 * then reported once, as `inconsistent values for sensitive attribute`,
 * without the values. `sensitive` names those paths; with
 * `DV_PLAN_SCHEMA_MARKS` the schema's are added as core adds them.
 *
 * @param schema the resource's schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param planned the planned state; NULL gives `DV_ERR_INVALID_ARG`.
 * @param actual the applied state (or the final plan); NULL gives
 *               `DV_ERR_INVALID_ARG`.
 * @param sensitive paths to mark sensitive in both values (borrowed; a path
 *                  that leads nowhere marks nothing); may be NULL when
 *                  `sensitive_count` is 0, and no element may be NULL.
 * @param sensitive_count the number of paths.
 * @param flags 0 or `DV_PLAN_SCHEMA_MARKS`; other bits give
 *              `DV_ERR_INVALID_ARG`.
 * @param problems receives the problems (owned by the caller; free with
 *                 [`dv_errors_free`]), or NULL when there are none; NULL
 *                 gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details when the check could not run.
 * @return `DV_OK` (with or without problems), `DV_ERR_TYPE_MISMATCH`,
 *         `DV_ERR_LIMIT` (set correlation past its budget: every element is
 *         compared with every other, as OpenTofu does),
 *         `DV_ERR_INVALID_ARG` or `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_plan_assert_compatible(const dv_schema_t *schema, const dv_value_t *planned,
                                             const dv_value_t *actual, const dv_path_t *const *sensitive,
                                             size_t sensitive_count, unsigned int flags,
                                             dv_errors_t **problems, dv_error_t **err);

/**
 * Normalises a result of an SDKv2-era provider as
 * `objchange.NormalizeObjectFromLegacySDK(value, schema)`: an unknown
 * nested block becomes a known block whose attributes are unknown (one
 * such element for a LIST or SET block), a null LIST or SET block an empty
 * one, a null GROUP block its empty value; blocks with dynamic content and
 * MAP blocks are kept as they are; a null value stays null.
 *
 * @param out receives the normalised value (owned by the caller; free with
 *            [`dv_value_free`]); NULL gives `DV_ERR_INVALID_ARG`.
 * @param schema the resource's schema; NULL gives `DV_ERR_INVALID_ARG`.
 * @param value the value; NULL gives `DV_ERR_INVALID_ARG`.
 * @param err optional error details.
 * @return `DV_OK`, `DV_ERR_TYPE_MISMATCH` (a value that does not conform to
 *         the schema's implied type), `DV_ERR_INVALID_ARG` or
 *         `DV_ERR_NOMEM`. Thread-safe.
 */
DV_API dv_status_t dv_plan_normalize_legacy_sdk(dv_value_t **out, const dv_schema_t *schema,
                                                const dv_value_t *value, dv_error_t **err);

#ifdef __cplusplus
}
#endif

#endif /* DYNVAL_PLAN_H */
