package dynval

/*
#include <dynval/dynval.h>
*/
import "C"

import "runtime"

// ProposedNew computes the proposed new state OpenTofu sends to
// PlanResourceChange, exactly as OpenTofu v1.9.1's objchange.ProposedNew
// does (dv_plan_proposed_new; dynval/plan.h): configured values win,
// computed attributes the configuration leaves null keep their prior
// values, and nested blocks are paired by their nesting mode (lists by
// index, maps by key, sets by the first unused prior element the
// configured one could have come from). A null prior (a create) stands for
// the schema's empty value. Where OpenTofu panics (a value that does not
// conform to the schema's implied type, merged elements of different
// types) it returns an error with ErrTypeMismatch and the path of the
// offending value. Pairing set elements that do not match costs n × m
// comparisons; past 2^23 steps (about 1.5 s) it stops with ErrLimit, where
// OpenTofu would go on.
func ProposedNew(schema *Schema, prior, config *Value) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_plan_proposed_new(&out, schema.ptr(), prior.ptr(), config.ptr(), &cerr)
	runtime.KeepAlive(schema)
	runtime.KeepAlive(prior)
	runtime.KeepAlive(config)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// PlannedDataResourceObject computes the planned state of a data source, as
// OpenTofu v1.9.1's objchange.PlannedDataResourceObject does
// (dv_plan_data_resource_object): ProposedNew against a wholly unknown
// prior, so every computed attribute the configuration leaves null becomes
// an unknown of its type.
func PlannedDataResourceObject(schema *Schema, config *Value) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_plan_data_resource_object(&out, schema.ptr(), config.ptr(), &cerr)
	runtime.KeepAlive(schema)
	runtime.KeepAlive(config)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}

// problems copies a C problem list into Go errors and frees it.
func problems(list *C.dv_errors_t) []*Error {
	if list == nil {
		return nil
	}
	defer C.dv_errors_free(list)
	out := make([]*Error, int(C.dv_errors_count(list)))
	for i := range out {
		e := C.dv_errors_at(list, C.size_t(i))
		out[i] = copyError(C.dv_error_status(e), e)
	}
	return out
}

// AssertPlanValid checks a planned state against the prior state and the
// configuration as OpenTofu v1.9.1's objchange.AssertPlanValid does
// (dv_plan_assert_valid): the problems core reports as "Provider produced
// invalid plan", each with ErrSchema, the path into planned and OpenTofu's
// message word for word, sorted by [Error.Line]; nil when the plan is
// valid. The error is for a check that could not run: ErrTypeMismatch for
// a value that does not conform to the schema's implied type (where
// OpenTofu panics), ErrLimit for set correlation past its budget.
func AssertPlanValid(schema *Schema, prior, config, planned *Value) ([]*Error, error) {
	var list *C.dv_errors_t
	var cerr *C.dv_error_t
	st := C.dv_plan_assert_valid(schema.ptr(), prior.ptr(), config.ptr(), planned.ptr(), &list, &cerr)
	runtime.KeepAlive(schema)
	runtime.KeepAlive(prior)
	runtime.KeepAlive(config)
	runtime.KeepAlive(planned)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return problems(list), nil
}

// AssertObjectCompatible checks an applied state (or a final plan) against
// the planned one as OpenTofu v1.9.1's objchange.AssertObjectCompatible
// does (dv_plan_assert_compatible), with both values marked sensitive at
// each of the sensitive paths and, with schemaMarks, at the schema's
// sensitive attributes, as core marks them: a problem under a sensitive
// attribute is reported once, without the values. Problems and errors as
// for [AssertPlanValid]. A path with a set-element step whose value is
// closed or nil panics, as it does everywhere a Path goes to C.
func AssertObjectCompatible(schema *Schema, planned, actual *Value, sensitive []Path, schemaMarks bool) ([]*Error, error) {
	paths := make([]*C.dv_path_t, 0, len(sensitive))
	defer func() {
		for _, p := range paths {
			C.dv_path_free(p)
		}
	}()
	for _, p := range sensitive {
		paths = append(paths, p.cPath())
	}
	var flags C.uint
	if schemaMarks {
		flags |= C.DV_PLAN_SCHEMA_MARKS
	}
	var list *C.dv_errors_t
	var cerr *C.dv_error_t
	var first **C.dv_path_t
	if len(paths) > 0 {
		// A Go slice of C pointers lives in Go memory, which cgo lets C read
		// for the call (the pointers point to C memory).
		first = &paths[0]
	}
	st := C.dv_plan_assert_compatible(schema.ptr(), planned.ptr(), actual.ptr(), first, C.size_t(len(paths)),
		flags, &list, &cerr)
	runtime.KeepAlive(schema)
	runtime.KeepAlive(planned)
	runtime.KeepAlive(actual)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return problems(list), nil
}

// NormalizeLegacySDK applies the fix-up OpenTofu v1.9.1 applies to values
// from SDKv2-era providers (objchange.NormalizeObjectFromLegacySDK,
// dv_plan_normalize_legacy_sdk): unknown nested blocks become known blocks
// of unknown attributes, null LIST and SET blocks empty ones, null GROUP
// blocks their empty value. ErrTypeMismatch for a value that does not
// conform to the schema's implied type.
func NormalizeLegacySDK(schema *Schema, v *Value) (*Value, error) {
	var out *C.dv_value_t
	var cerr *C.dv_error_t
	st := C.dv_plan_normalize_legacy_sdk(&out, schema.ptr(), v.ptr(), &cerr)
	runtime.KeepAlive(schema)
	runtime.KeepAlive(v)
	if err := takeError(st, cerr); err != nil {
		return nil, err
	}
	return newValue(out), nil
}
