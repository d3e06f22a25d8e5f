//! dynval::plan against OpenTofu's objchange rules (the C++ tests run
//! OpenTofu's own table; these check the binding end to end).

use dynval::{plan, Schema, Status, Value};

fn schema() -> Schema {
    Schema::from_block_json(
        r#"{"attributes":{
              "id":{"type":"string","computed":true},
              "name":{"type":"string","required":true},
              "size":{"type":"number","optional":true,"computed":true}},
            "block_types":{"rule":{"nesting_mode":"set","block":{"attributes":{
              "port":{"type":"number","required":true},
              "arn":{"type":"string","computed":true}}}}}}"#,
        0,
    )
    .unwrap()
}

#[test]
fn proposed_new_merges_prior_and_config() {
    let s = schema();
    let prior = s
        .decode_json(
            r#"{"id":"i-1","name":"a","size":2,"rule":[{"port":80,"arn":"arn:80"},{"port":22,"arn":"arn:22"}]}"#,
        )
        .unwrap();
    let config = s
        .decode_json(r#"{"id":null,"name":"b","size":null,"rule":[{"port":80,"arn":null},{"port":443,"arn":null}]}"#)
        .unwrap();
    let got = plan::proposed_new(&s, &prior, &config).unwrap();
    assert_eq!(
        s.encode_json(&got).unwrap(),
        r#"{"id":"i-1","name":"b","rule":[{"arn":"arn:80","port":80},{"arn":null,"port":443}],"size":2}"#
    );
    // A create: the null prior stands for the empty value.
    let null = Value::null(s.implied_type());
    let got = plan::proposed_new(&s, &null, &config).unwrap();
    assert_eq!(s.encode_json(&got).unwrap(), s.encode_json(&config).unwrap());
    // Both null: null.
    assert!(plan::proposed_new(&s, &null, &null).unwrap().is_null());
}

#[test]
fn planned_data_resource_object_unknowns() {
    let s = schema();
    let config = s.decode_json(r#"{"id":null,"name":"b","size":null,"rule":[]}"#).unwrap();
    let got = plan::planned_data_resource_object(&s, &config).unwrap();
    assert!(!got.get("id").unwrap().unwrap().is_known());
    assert!(!got.get("size").unwrap().unwrap().is_known());
    assert_eq!(got.get("name").unwrap().unwrap().as_str().unwrap(), "b");
}

#[test]
fn non_conforming_values_are_type_mismatches() {
    let s = schema();
    let prior = s.decode_json(r#"{"id":null,"name":"a","size":null,"rule":[]}"#).unwrap();
    let err = plan::proposed_new(&s, &prior, Value::from("x")).unwrap_err();
    assert_eq!(err.status(), Status::TypeMismatch);
    let err = plan::planned_data_resource_object(&s, Value::from(true)).unwrap_err();
    assert_eq!(err.status(), Status::TypeMismatch);
}
