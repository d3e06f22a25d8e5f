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
