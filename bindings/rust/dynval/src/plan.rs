//! The proposed new state of a plan, as OpenTofu computes it
//! (`dv_plan_proposed_new`, `dv_plan_data_resource_object`; dynval/plan.h).
//!
//! Before it calls `PlanResourceChange`, OpenTofu merges the prior state
//! with the configuration: configured values win, computed attributes the
//! configuration leaves null keep their prior values, and nested blocks are
//! paired by their nesting mode (lists by index, maps by key, sets by the
//! first unused prior element the configured one could have come from).
//! [`proposed_new`] and [`planned_data_resource_object`] compute exactly
//! what OpenTofu v1.9.1's `objchange.ProposedNew` and
//! `objchange.PlannedDataResourceObject` compute. Where OpenTofu panics (a
//! value that does not conform to the schema's implied type, merged
//! elements of different types) they return
//! [`Status::TypeMismatch`](crate::Status::TypeMismatch) with the path of
//! the offending value. Pairing set elements that do not match costs n × m
//! comparisons; past 2^23 steps (about 1.5 s) it stops with
//! [`Status::Limit`](crate::Status::Limit), where OpenTofu would go on.

use std::ptr;

use dynval_sys as sys;

use crate::error::{call, Result};
use crate::schema::Schema;
use crate::value::{AsValueRef, Value};

/// The proposed new state, as `objchange.ProposedNew(schema, prior,
/// config)`: a null `prior` (a create) stands for the schema's empty value.
///
/// ```
/// use dynval::{plan, Schema};
/// let s = Schema::from_block_json(
///     r#"{"attributes":{"id":{"type":"string","computed":true},
///                       "name":{"type":"string","required":true}}}"#,
///     0,
/// )?;
/// let prior = s.decode_json(r#"{"id":"i-1","name":"a"}"#)?;
/// let config = s.decode_json(r#"{"id":null,"name":"b"}"#)?;
/// let proposed = plan::proposed_new(&s, &prior, &config)?;
/// assert_eq!(s.encode_json(&proposed)?, r#"{"id":"i-1","name":"b"}"#);
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn proposed_new(schema: &Schema, prior: impl AsValueRef, config: impl AsValueRef) -> Result<Value> {
    let (p, c) = (prior.as_value_ref(), config.as_value_ref());
    let mut out = ptr::null_mut();
    call(|err| unsafe { sys::dv_plan_proposed_new(&mut out, schema.as_raw(), p.as_raw(), c.as_raw(), err) })?;
    Ok(unsafe { Value::from_raw(out) })
}

/// The planned state of a data source, as
/// `objchange.PlannedDataResourceObject(schema, config)`: every computed
/// attribute the configuration leaves null becomes an unknown of its type.
///
/// ```
/// use dynval::{plan, Schema};
/// let s = Schema::from_block_json(
///     r#"{"attributes":{"id":{"type":"string","computed":true},
///                       "name":{"type":"string","required":true}}}"#,
///     0,
/// )?;
/// let config = s.decode_json(r#"{"id":null,"name":"b"}"#)?;
/// let planned = plan::planned_data_resource_object(&s, &config)?;
/// assert!(!planned.get("id")?.unwrap().is_known());
/// assert!(planned.get("name")?.unwrap().is_known());
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn planned_data_resource_object(schema: &Schema, config: impl AsValueRef) -> Result<Value> {
    let c = config.as_value_ref();
    let mut out = ptr::null_mut();
    call(|err| unsafe { sys::dv_plan_data_resource_object(&mut out, schema.as_raw(), c.as_raw(), err) })?;
    Ok(unsafe { Value::from_raw(out) })
}
