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
//!
//! The checks core runs on what a provider answers are here too:
//! [`assert_plan_valid`] ("Provider produced invalid plan") and
//! [`assert_object_compatible`] ("Provider produced inconsistent result
//! after apply", "... inconsistent final plan") return every problem
//! OpenTofu reports, each an [`Error`] with
//! [`Status::Schema`](crate::Status::Schema), the path into the checked
//! value and OpenTofu's message word for word; [`Error::line`] is the line
//! OpenTofu prints. They come sorted by that line, bytewise. The `Err` of
//! `Result` is for a check that could not run. [`normalize_legacy_sdk`] is
//! the fix-up core applies to results of SDKv2-era providers.

use std::ptr;

use dynval_sys as sys;

use crate::error::{call, Error, Result};
use crate::path::Path;
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

/// The problems of a planned state, as `objchange.AssertPlanValid(schema,
/// prior, config, planned)`: a provider may only set computed attributes
/// the configuration leaves null; every other planned value must be the
/// configured (or the prior) one. Empty when the plan is valid.
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
/// let planned = s.decode_json(r#"{"id":"i-1","name":"c"}"#)?;
/// let problems = plan::assert_plan_valid(&s, &prior, &config, &planned)?;
/// assert_eq!(problems.len(), 1);
/// assert_eq!(problems[0].path(), ".name");
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn assert_plan_valid(
    schema: &Schema,
    prior: impl AsValueRef,
    config: impl AsValueRef,
    planned: impl AsValueRef,
) -> Result<Vec<Error>> {
    let (p, c, n) = (prior.as_value_ref(), config.as_value_ref(), planned.as_value_ref());
    let mut list = ptr::null_mut();
    call(|err| unsafe {
        sys::dv_plan_assert_valid(schema.as_raw(), p.as_raw(), c.as_raw(), n.as_raw(), &mut list, err)
    })?;
    // SAFETY: the call succeeded; `list` is owned by us (or NULL).
    Ok(unsafe { Error::from_raw_list(list) })
}

/// The problems of an applied state (or a final plan) against the planned
/// one, as `objchange.AssertObjectCompatible(schema, planned, actual)`, with
/// both values marked sensitive at each of `sensitive` and, with
/// `schema_marks`, at the schema's sensitive attributes, as core marks them:
/// a problem under a sensitive attribute is reported once, without the
/// values. Empty when the result is consistent.
///
/// ```
/// use dynval::{plan, Schema};
/// let s = Schema::from_block_json(
///     r#"{"attributes":{"id":{"type":"string","computed":true},
///                       "pw":{"type":"string","optional":true,"sensitive":true}}}"#,
///     0,
/// )?;
/// let planned = s.decode_json(r#"{"id":"i-1","pw":"a"}"#)?;
/// let actual = s.decode_json(r#"{"id":"i-1","pw":"b"}"#)?;
/// let problems = plan::assert_object_compatible(&s, &planned, &actual, &[], true)?;
/// assert_eq!(problems[0].line(), ".pw: inconsistent values for sensitive attribute");
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn assert_object_compatible(
    schema: &Schema,
    planned: impl AsValueRef,
    actual: impl AsValueRef,
    sensitive: &[Path],
    schema_marks: bool,
) -> Result<Vec<Error>> {
    let (p, a) = (planned.as_value_ref(), actual.as_value_ref());
    let paths: Vec<*const sys::dv_path_t> = sensitive.iter().map(Path::as_raw).collect();
    let flags = if schema_marks { sys::DV_PLAN_SCHEMA_MARKS } else { 0 };
    let mut list = ptr::null_mut();
    call(|err| unsafe {
        sys::dv_plan_assert_compatible(
            schema.as_raw(),
            p.as_raw(),
            a.as_raw(),
            paths.as_ptr(),
            paths.len(),
            flags,
            &mut list,
            err,
        )
    })?;
    // SAFETY: the call succeeded; `list` is owned by us (or NULL).
    Ok(unsafe { Error::from_raw_list(list) })
}

/// The fix-up OpenTofu applies to values from SDKv2-era providers, as
/// `objchange.NormalizeObjectFromLegacySDK(value, schema)`: unknown nested
/// blocks become known blocks of unknown attributes, null LIST and SET
/// blocks empty ones, null GROUP blocks their empty value.
///
/// ```
/// use dynval::{plan, Schema};
/// let s = Schema::from_block_json(
///     r#"{"block_types":{"b":{"nesting_mode":"list","block":{"attributes":{"x":{"type":"string","optional":true}}}}}}"#,
///     0,
/// )?;
/// let v = s.decode_json(r#"{"b":null}"#)?;
/// let n = plan::normalize_legacy_sdk(&s, &v)?;
/// assert_eq!(s.encode_json(&n)?, r#"{"b":[]}"#);
/// # Ok::<(), dynval::Error>(())
/// ```
pub fn normalize_legacy_sdk(schema: &Schema, value: impl AsValueRef) -> Result<Value> {
    let v = value.as_value_ref();
    let mut out = ptr::null_mut();
    call(|err| unsafe { sys::dv_plan_normalize_legacy_sdk(&mut out, schema.as_raw(), v.as_raw(), err) })?;
    Ok(unsafe { Value::from_raw(out) })
}
