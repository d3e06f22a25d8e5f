// dynval::plan: OpenTofu v1.9.1's internal/plans/objchange ProposedNew and
// PlannedDataResourceObject (objchange.go), ported rule for rule, with what
// they call: configschema's Block.EmptyValue, Block/Object.AttributeByPath
// and objchange's unrefinedValue (plan_valid.go).
//
//   - proposed_new(schema, prior, config): the proposed new object OpenTofu
//     sends to PlanResourceChange: the configured values of the config
//     merged with the computed values of the prior state, nested blocks and
//     nested attribute objects correlated by their nesting mode (lists by
//     index, maps by key, sets by validPriorFromConfig: each configured
//     element takes the first unused prior element, in the prior set's
//     order, that it could have come from).
//   - planned_data_resource_object(schema, config): the same merge against a
//     wholly unknown prior (cty.UnknownVal of the implied type), so every
//     computed attribute the config leaves null becomes an unknown of its
//     type (cty's unknown short-circuit: an attribute or element of an
//     unknown is an unknown of its type).
//   - empty_value(block): configschema Block.EmptyValue, what an empty
//     configuration block decodes to (proposed_new's prior when the prior
//     is null).
//
// Where OpenTofu panics (a value that does not conform to the schema's
// implied type, a collection of the wrong kind, a list of mixed element
// types built from a dynamic prior) these throw dynval::Error instead:
// Status::TypeMismatch with the path of the offending value (the path into
// `prior` or `config`; while merging, the path of the result), checked up
// front where the values are read. Both values are read only.
//
// Cost: linear in the values, except for set-nested blocks and attributes:
// each configured element is compared with the unused prior elements in
// order until one matches (as OpenTofu does), each comparison a walk of the
// prior element, so a set of n configured against m prior elements costs up
// to n * m walks in the worst case (no element matching). One call spends
// at most limits::kMaxSetPairingSteps steps on pairing (Status::Limit past
// them, where OpenTofu would go on). Every traversal is an explicit-stack
// walk; the recursion follows the schema's nesting only.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "schema/schema.hpp"
#include "values/value.hpp"

namespace dynval::plan {

// objchange.ProposedNew. `prior` and `config` must conform to
// schema.implied_type (null and unknown allowed). Throws
// Error(Status::TypeMismatch) where OpenTofu would panic.
Value proposed_new(const Block& schema, const Value& prior, const Value& config);

// objchange.PlannedDataResourceObject.
Value planned_data_resource_object(const Block& schema, const Value& config);

// configschema.Block.EmptyValue: an object of the block's implied type with
// every attribute null, SINGLE blocks null, GROUP blocks their own empty
// value, LIST blocks an empty list (an empty tuple when the block's content
// has dynamic types), MAP blocks an empty map (an empty object then), SET
// blocks an empty set.
Value empty_value(const Block& schema);

// ---- the checks: plan validity, apply consistency, legacy normalisation ----

// One problem a check found: the path into the checked value (the planned
// or applied object) and OpenTofu's message, word for word, with values
// rendered by Value::go_string as its %#v does.
struct Problem {
  Path path;
  std::string message;
};

// The line OpenTofu prints for a problem (tfdiags.FormatError): "PATH:
// MESSAGE", with the path as path_string prints it, or MESSAGE alone at the
// root.
std::string problem_line(const Problem& p);

// Sorts problems by their lines, bytewise (OpenTofu's own order follows Go
// map iteration and is not stable); problems with equal lines keep theirs.
void sort_problems(std::vector<Problem>& problems);

// objchange.AssertPlanValid(schema, prior, config, planned) (plan_valid.go):
// every problem OpenTofu reports as "Provider produced invalid plan", sorted
// by sort_problems. The three values must conform to schema.implied_type
// (null and unknown allowed); where OpenTofu would panic this throws
// Error(Status::TypeMismatch) with the path.
std::vector<Problem> assert_plan_valid(const Block& schema, const Value& prior, const Value& config,
                                       const Value& planned);

// objchange.AssertObjectCompatible(schema, planned, actual) (compatible.go)
// on values marked sensitive as OpenTofu marks them: at each of
// `sensitive` (cty MarkWithPaths; paths that do not exist in a value mark
// nothing), and, with schema_marks, at the schema's sensitive paths
// (configschema Block.ValueMarks). A problem under a sensitive attribute is
// reported once, as "inconsistent values for sensitive attribute". Sorted
// by sort_problems. Values as for assert_plan_valid.
std::vector<Problem> assert_object_compatible(const Block& schema, const Value& planned, const Value& actual,
                                              std::span<const Path> sensitive, bool schema_marks);

// objchange.NormalizeObjectFromLegacySDK(value, schema) (normalize_obj.go):
// the value with every nested block made known and non-null as OpenTofu
// fixes up results of SDKv2-era providers.
Value normalize_object_from_legacy_sdk(const Value& value, const Block& schema);

}  // namespace dynval::plan
