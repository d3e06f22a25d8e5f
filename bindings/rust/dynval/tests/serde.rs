//! `from_value` / `to_value` / `Maybe` (feature `serde`): every kind both
//! ways, exact numbers, null and unknown, paths in errors.
#![cfg(feature = "serde")]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use dynval::{from_value, to_value, Error, Maybe, Refinements, Schema, Status, Type, Value};
use serde::{Deserialize, Serialize};

fn ty(json: &str) -> Type {
    Type::from_json(json).unwrap()
}

fn num(text: &str) -> Value {
    Value::parse_number(text).unwrap()
}

/// The error of a conversion that must fail, as (status, path, message).
fn fails<T: std::fmt::Debug>(r: Result<T, Error>) -> (Status, String, String) {
    let e = r.expect_err("must fail");
    (e.status(), e.path().to_string(), e.message().to_string())
}

#[test]
fn primitives_both_ways() {
    assert!(from_value::<bool>(&Value::from(true)).unwrap());
    assert_eq!(to_value(&false, Type::bool()).unwrap(), Value::from(false));

    assert_eq!(from_value::<String>(&Value::from("héllo")).unwrap(), "héllo");
    let v = Value::from("borrowed");
    let s: &str = from_value(&v).unwrap();
    assert_eq!(s, "borrowed");
    assert_eq!(from_value::<char>(&Value::from("é")).unwrap(), 'é');
    assert!(from_value::<char>(&Value::from("ab")).is_err());
    assert_eq!(to_value("x", Type::string()).unwrap(), Value::from("x"));
    assert_eq!(to_value(&'c', Type::string()).unwrap(), Value::from("c"));

    assert_eq!(from_value::<i32>(&Value::from(-7)).unwrap(), -7);
    assert_eq!(from_value::<u8>(&Value::from(255)).unwrap(), 255);
    assert_eq!(from_value::<f64>(&Value::float(1.5).unwrap()).unwrap(), 1.5);
    assert_eq!(from_value::<f32>(&Value::float(0.25).unwrap()).unwrap(), 0.25);
    assert_eq!(to_value(&-7i8, Type::number()).unwrap(), Value::from(-7));
    assert_eq!(to_value(&7u16, Type::number()).unwrap().number_text().unwrap(), "7");
    assert_eq!(to_value(&1.5f64, Type::number()).unwrap(), Value::float(1.5).unwrap());
    assert_eq!(to_value(&0.5f32, Type::number()).unwrap().as_f64().unwrap(), 0.5);
    assert_eq!(fails(to_value(&f64::NAN, Type::number())).0, Status::InvalidArg);

    // Null: Option, unit.
    assert_eq!(from_value::<Option<String>>(&Value::null(Type::string())).unwrap(), None);
    assert_eq!(from_value::<Option<String>>(&Value::from("a")).unwrap(), Some("a".into()));
    from_value::<()>(&Value::null(Type::bool())).unwrap();
    assert_eq!(to_value(&None::<u8>, Type::number()).unwrap(), Value::null(Type::number()));
    assert_eq!(to_value(&(), Type::string()).unwrap(), Value::null(Type::string()));
}

#[test]
fn exact_numbers() {
    // The extremes of the 64-bit types, both ways.
    assert_eq!(from_value::<u64>(&Value::uint(u64::MAX)).unwrap(), u64::MAX);
    assert_eq!(from_value::<i64>(&Value::int(i64::MIN)).unwrap(), i64::MIN);
    assert_eq!(to_value(&u64::MAX, Type::number()).unwrap().number_text().unwrap(), "18446744073709551615");
    assert_eq!(to_value(&i64::MIN, Type::number()).unwrap().number_text().unwrap(), "-9223372036854775808");

    // 2^64 + 1 does not fit a u64, but does a u128/i128.
    let big = num("18446744073709551617");
    assert_eq!(
        fails(from_value::<u64>(&big)),
        (Status::OutOfRange, String::new(), "value must be a whole number, between 0 and 18446744073709551615".into())
    );
    assert_eq!(from_value::<u128>(&big).unwrap(), 18446744073709551617);
    assert_eq!(from_value::<i128>(&num("-18446744073709551617")).unwrap(), -18446744073709551617);
    assert_eq!(from_value::<i128>(&num("170141183460469231731687303715884105727")).unwrap(), i128::MAX);
    assert_eq!(fails(from_value::<i128>(&num("170141183460469231731687303715884105728"))).0, Status::OutOfRange);
    assert_eq!(to_value(&u128::MAX, Type::number()).unwrap(), num("340282366920938463463374607431768211455"));
    assert_eq!(to_value(&i128::MIN, Type::number()).unwrap(), num("-170141183460469231731687303715884105728"));

    // Fractions and out-of-range values never truncate.
    assert_eq!(
        fails(from_value::<i32>(&num("0.5"))),
        (Status::OutOfRange, String::new(), "value must be a whole number, between -2147483648 and 2147483647".into())
    );
    assert_eq!(fails(from_value::<u8>(&Value::from(256))).0, Status::OutOfRange);
    assert_eq!(fails(from_value::<u32>(&Value::from(-1))).0, Status::OutOfRange);
    assert_eq!(fails(from_value::<i8>(&num("-129"))).0, Status::OutOfRange);
    assert_eq!(fails(from_value::<u128>(&num("1.5"))).0, Status::OutOfRange);
    assert_eq!(fails(from_value::<u64>(&num("+Inf"))).0, Status::OutOfRange);
    assert_eq!(from_value::<i16>(&num("1e3")).unwrap(), 1000);

    // Floats as gocty: the nearest, an error only when a finite number
    // overflows; infinities stay infinities.
    assert_eq!(from_value::<f64>(&num("0.1")).unwrap(), 0.1);
    assert_eq!(from_value::<f32>(&num("0.1")).unwrap(), 0.1f32);
    assert_eq!(from_value::<f64>(&num("+Inf")).unwrap(), f64::INFINITY);
    assert_eq!(from_value::<f32>(&num("-Inf")).unwrap(), f32::NEG_INFINITY);
    assert_eq!(fails(from_value::<f64>(&num("1e400"))).0, Status::OutOfRange);
    assert_eq!(fails(from_value::<f32>(&num("1e39"))).0, Status::OutOfRange);
    assert_eq!(from_value::<f32>(&Value::float(1e300).unwrap()).map(|_| ()).unwrap_err().status(), Status::OutOfRange);

    // Arbitrary precision: a number reads into a String as its exact text,
    // and a &str writes into a number type as the number it spells.
    let pi = num("3.14159265358979323846264338327950288419716939937510");
    assert_eq!(from_value::<String>(&pi).unwrap(), "3.1415926535897932384626433832795028841971693993751");
    assert_eq!(to_value("3.1415926535897932384626433832795028841971693993751", Type::number()).unwrap(), pi);
    assert_eq!(fails(to_value("pi", Type::number())).0, Status::Parse);
}

#[test]
fn sequences_sets_and_tuples() {
    let list = Value::list(Type::number(), &[Value::from(3), Value::from(1), Value::from(2)]).unwrap();
    assert_eq!(from_value::<Vec<u8>>(&list).unwrap(), [3, 1, 2]);
    assert_eq!(from_value::<[i64; 3]>(&list).unwrap(), [3, 1, 2]);
    assert_eq!(to_value(&vec![3u8, 1, 2], list.ty()).unwrap(), list);

    let set = Value::set(Type::string(), &[Value::from("b"), Value::from("a")]).unwrap();
    assert_eq!(from_value::<BTreeSet<String>>(&set).unwrap(), BTreeSet::from(["a".into(), "b".into()]));
    assert_eq!(from_value::<HashSet<String>>(&set).unwrap(), HashSet::from(["a".into(), "b".into()]));
    // The type decides: the same Vec becomes a list or a set.
    assert_eq!(to_value(&vec!["b", "a", "b"], Type::set(Type::string())).unwrap(), set);
    assert_eq!(to_value(&HashSet::from(["a", "b"]), Type::set(Type::string())).unwrap(), set);
    assert_eq!(
        to_value(&vec!["b", "a"], Type::list(Type::string())).unwrap().element(0).unwrap().as_str().unwrap(),
        "b"
    );

    let tuple = Value::tuple(&[Value::from(1), Value::from("x"), Value::from(true)]).unwrap();
    assert_eq!(from_value::<(u8, String, bool)>(&tuple).unwrap(), (1, "x".into(), true));
    assert_eq!(to_value(&(1, "x", true), tuple.ty()).unwrap(), tuple);
    assert_eq!(fails(to_value(&(1, "x"), tuple.ty())).0, Status::TypeMismatch);
    assert_eq!(fails(to_value(&(1, "x", true, 4), tuple.ty())).0, Status::TypeMismatch);
    assert_eq!(
        fails(from_value::<(u8, String)>(&tuple)),
        (Status::TypeMismatch, String::new(), "3 elements, but the Rust type takes 2".into())
    );
    assert_eq!(fails(from_value::<(u8, String, bool, bool)>(&tuple)).0, Status::TypeMismatch);
    assert_eq!(fails(from_value::<[i64; 2]>(&list)).0, Status::TypeMismatch);

    // Elements of the dynamic type: one unified element type.
    let v = to_value(&vec![1, 2], Type::list(Type::dynamic())).unwrap();
    assert_eq!(v.ty(), Type::list(Type::number()));
    // The dynamic type itself: a tuple.
    let v = to_value(&vec![1, 2], Type::dynamic()).unwrap();
    assert_eq!(v.ty(), Type::tuple(&[Type::number(), Type::number()]));
}

#[test]
fn maps() {
    let m = Value::map(Type::number(), &[("a", Value::from(1)), ("b", Value::from(2))]).unwrap();
    let want = BTreeMap::from([("a".to_string(), 1u32), ("b".to_string(), 2)]);
    assert_eq!(from_value::<BTreeMap<String, u32>>(&m).unwrap(), want);
    assert_eq!(from_value::<HashMap<String, u32>>(&m).unwrap().len(), 2);
    assert_eq!(to_value(&want, m.ty()).unwrap(), m);
    let hm: HashMap<&str, u32> = HashMap::from([("a", 1), ("b", 2)]);
    assert_eq!(to_value(&hm, m.ty()).unwrap(), m);
    assert_eq!(
        from_value::<BTreeMap<String, u32>>(&Value::map::<&str, Value>(Type::number(), &[]).unwrap()).unwrap(),
        BTreeMap::new()
    );

    // A map of the author's can also fill an object type, and an object
    // can be read into a map.
    let obj_ty = ty(r#"["object",{"a":"number","b":"number","c":"number"}]"#);
    let o = to_value(&want, &obj_ty).unwrap();
    assert_eq!(o.ty(), obj_ty);
    assert!(o.get("c").unwrap().unwrap().is_null());
    assert_eq!(from_value::<BTreeMap<String, Option<u32>>>(&o).unwrap().len(), 3);

    // Keys must be strings.
    assert_eq!(fails(to_value(&BTreeMap::from([(1, 1)]), m.ty())).0, Status::TypeMismatch);
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Server {
    name: String,
    cpu: Option<u32>,
    tags: BTreeMap<String, String>,
    #[serde(rename = "network_interface")]
    nics: Vec<Nic>,
    disk: BTreeSet<Disk>,
    timeouts: Option<Timeouts>,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct Nic {
    subnet_id: String,
    ip: Option<String>,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct Disk {
    size_gib: u64,
    kind: Kind,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Kind {
    Ssd,
    Hdd,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Timeouts {
    create: Option<String>,
}

fn server_type() -> Type {
    ty(r#"["object",{"name":"string","cpu":"number","tags":["map","string"],
        "network_interface":["list",["object",{"subnet_id":"string","ip":"string"}]],
        "disk":["set",["object",{"size_gib":"number","kind":"string"}]],
        "timeouts":["object",{"create":"string"}]}]"#)
}

fn server_json() -> &'static str {
    r#"{"name":"web","cpu":2,"tags":{"env":"prod"},
        "network_interface":[{"subnet_id":"s-1","ip":null},{"subnet_id":"s-2","ip":"10.0.0.2"}],
        "disk":[{"size_gib":100,"kind":"ssd"},{"size_gib":20,"kind":"hdd"}],
        "timeouts":null}"#
}

#[test]
fn nested_structs_round_trip() {
    let t = server_type();
    let v = Value::from_json(server_json(), &t).unwrap();
    let s: Server = from_value(&v).unwrap();
    assert_eq!(s.name, "web");
    assert_eq!(s.cpu, Some(2));
    assert_eq!(s.tags["env"], "prod");
    assert_eq!(s.nics[1], Nic { subnet_id: "s-2".into(), ip: Some("10.0.0.2".into()) });
    assert!(s.disk.contains(&Disk { size_gib: 20, kind: Kind::Hdd }));
    assert_eq!(s.timeouts, None);
    // And back to the same value.
    assert_eq!(to_value(&s, &t).unwrap(), v);
}

#[test]
fn schema_config_into_a_struct() {
    // The example data's schema: config, decoded by the schema, into a
    // model that reads some attributes and blocks only.
    #[derive(Deserialize)]
    struct Config {
        name: String,
        memory_gib: Option<f64>,
        security_groups: Option<HashSet<String>>,
        network_interface: Vec<ConfigNic>,
        id: Maybe<String>,
    }
    #[derive(Deserialize)]
    struct ConfigNic {
        subnet_id: String,
        private_ip: Option<String>,
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../examples/data");
    let schema =
        Schema::from_json(std::fs::read(dir.join("schema.json")).unwrap(), "resource:acme_server", None).unwrap();
    let config = schema.decode_msgpack(&std::fs::read(dir.join("plan/update/config.msgpack")).unwrap()).unwrap();
    let c: Config = from_value(&config).unwrap();
    assert_eq!(c.name, config.get("name").unwrap().unwrap().as_str().unwrap());
    assert_eq!(c.network_interface.len(), config.get("network_interface").unwrap().unwrap().len().unwrap());
    assert_eq!(c.network_interface[0].subnet_id, "subnet-1");
    assert_eq!(c.id, Maybe::Null); // computed: the config leaves it null
    let _ = (c.memory_gib, c.security_groups, &c.network_interface[0].private_ip);
}

#[test]
fn missing_and_extra_attributes() {
    #[derive(Debug, Deserialize, Serialize)]
    struct Small {
        name: String,
    }
    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Strict {
        #[allow(dead_code)]
        name: String,
    }
    #[derive(Debug, Deserialize)]
    struct Wants {
        #[allow(dead_code)]
        name: String,
        #[allow(dead_code)]
        zone: String,
    }
    #[derive(Debug, Deserialize)]
    struct Defaults {
        zone: Option<String>,
        #[serde(default)]
        count: u32,
        #[serde(default)]
        id: Maybe<String>,
    }
    let v = Value::object(&[("name", Value::from("web")), ("extra", Value::unknown(Type::bool()))]).unwrap();
    // Extra attributes (even unknown ones) are ignored, as serde does...
    assert_eq!(from_value::<Small>(&v).unwrap().name, "web");
    // ...unless the struct says otherwise.
    assert_eq!(
        fails(from_value::<Strict>(&v)),
        (Status::TypeMismatch, ".extra".into(), r#"unsupported attribute "extra""#.into())
    );
    // A field the object lacks: an error at the object's path...
    let nested = Value::object(&[("o", v.clone())]).unwrap();
    #[derive(Debug, Deserialize)]
    struct Outer {
        #[allow(dead_code)]
        o: Wants,
    }
    assert_eq!(
        fails(from_value::<Outer>(&nested)),
        (Status::NotFound, ".o".into(), r#"missing attribute "zone""#.into())
    );
    // ...unless it is an Option or has a default.
    let d: Defaults = from_value(&v).unwrap();
    assert_eq!((d.zone, d.count, d.id), (None, 0, Maybe::Null));

    // to_value: attributes the struct lacks are null; fields the type
    // lacks are refused.
    let t = ty(r#"["object",{"name":"string","zone":"string"}]"#);
    let got = to_value(&Small { name: "web".into() }, &t).unwrap();
    assert_eq!(got.ty(), t);
    assert!(got.get("zone").unwrap().unwrap().is_null());
    let t = ty(r#"["object",{"zone":"string"}]"#);
    assert_eq!(
        fails(to_value(&Small { name: "web".into() }, &t)),
        (Status::TypeMismatch, ".name".into(), r#"unsupported attribute "name""#.into())
    );
    // skip_serializing_if leaves the attribute out: null.
    #[derive(Serialize)]
    struct Skips {
        #[serde(skip_serializing_if = "Option::is_none")]
        zone: Option<String>,
    }
    assert!(to_value(&Skips { zone: None }, &t).unwrap().get("zone").unwrap().unwrap().is_null());
}

#[test]
fn null_and_unknown() {
    let t = ty(r#"["object",{"id":"string","size":"number","ids":["list","string"]}]"#);
    let v = Value::object(&[
        ("id", Value::unknown(Type::string())),
        ("size", Value::null(Type::number())),
        ("ids", Value::list(Type::string(), &[Value::from("a"), Value::unknown(Type::string())]).unwrap()),
    ])
    .unwrap();

    #[derive(Debug, PartialEq, Deserialize, Serialize)]
    struct Model {
        id: Maybe<String>,
        size: Maybe<u64>,
        ids: Vec<Maybe<String>>,
    }
    let m: Model = from_value(&v).unwrap();
    assert_eq!(m, Model { id: Maybe::Unknown, size: Maybe::Null, ids: vec![Maybe::Known("a".into()), Maybe::Unknown] });
    assert_eq!(to_value(&m, &t).unwrap(), v);

    // An unknown anywhere else is an error at its path.
    #[derive(Debug, Deserialize)]
    struct Plain {
        #[allow(dead_code)]
        id: Option<String>,
    }
    assert_eq!(fails(from_value::<Plain>(&v)), (Status::UnknownValue, ".id".into(), "value must be known".into()));
    assert_eq!(fails(from_value::<Vec<String>>(&v.get("ids").unwrap().unwrap())).1, "[1]");
    assert_eq!(fails(from_value::<String>(&Value::unknown(Type::string()))).0, Status::UnknownValue);
    // A null outside an Option.
    assert_eq!(
        fails(from_value::<u64>(&Value::null(Type::number()))),
        (Status::TypeMismatch, String::new(), "null value is not allowed".into())
    );
    // A whole unknown collection into a Maybe.
    let u: Maybe<Vec<String>> = from_value(&Value::unknown(Type::list(Type::string()))).unwrap();
    assert!(u.is_unknown());
}

#[test]
fn value_fields_carry_the_raw_value() {
    #[derive(Debug, Deserialize, Serialize)]
    struct Model {
        name: String,
        metadata: Value,
    }
    let id = Value::unknown_refined(Type::string(), &Refinements::new().not_null().string_prefix("i-")).unwrap();
    let meta = Value::object(&[("id", id), ("n", num("0.1"))]).unwrap();
    let v = Value::object(&[("name", Value::from("web")), ("metadata", meta.clone())]).unwrap();
    let m: Model = from_value(&v).unwrap();
    assert_eq!(m.metadata, meta); // raw-equal: unknown, refinements and precision kept
    assert_eq!(to_value(&m, v.ty()).unwrap(), v);

    // Into a dynamic attribute it goes as it is; into another type it is
    // converted by go-cty's rules.
    let t = ty(r#"["object",{"name":"string","metadata":"dynamic"}]"#);
    assert_eq!(to_value(&m, &t).unwrap().get("metadata").unwrap().unwrap(), meta);
    let t = ty(r#"["object",{"name":"string","metadata":"number"}]"#);
    let m = Model { name: "x".into(), metadata: Value::from("12") };
    assert_eq!(to_value(&m, &t).unwrap().get("metadata").unwrap().unwrap(), Value::from(12));
    let m = Model { name: "x".into(), metadata: Value::from("twelve") };
    assert_eq!(fails(to_value(&m, &t)).1, ".metadata");
    // A conversion's own path continues the field's.
    let t = ty(r#"["object",{"name":"string","metadata":["object",{"a":["list","number"]}]}]"#);
    let bad = Value::object(&[("a", Value::tuple(&[Value::from(1), Value::from("x")]).unwrap())]).unwrap();
    let m = Model { name: "x".into(), metadata: bad };
    assert_eq!(fails(to_value(&m, &t)), (Status::TypeMismatch, ".metadata.a[1]".into(), "a number is required".into()));

    // Other deserializers cannot give one.
    let unit = serde::de::value::UnitDeserializer::<serde::de::value::Error>::new();
    assert!(Value::deserialize(unit).is_err());
}

#[test]
fn errors_name_their_path() {
    let t = ty(
        r#"["object",{"network":["list",["object",{"ip":"string"}]],"tags":["map","number"],"ports":["set","string"]}]"#,
    );
    let v =
        Value::from_json(r#"{"network":[{"ip":"10.0.0.1"},{"ip":"x"}],"tags":{"k":1.5},"ports":["80","http"]}"#, &t)
            .unwrap();

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Net {
        ip: std::net::Ipv4Addr,
    }
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct M1 {
        network: Vec<Net>,
    }
    let (status, path, message) = fails(from_value::<M1>(&v));
    assert_eq!((status, path.as_str()), (Status::TypeMismatch, ".network[1].ip"));
    assert!(message.contains("address"), "{message}");

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct M2 {
        tags: BTreeMap<String, i64>,
    }
    assert_eq!(fails(from_value::<M2>(&v)).1, r#".tags["k"]"#);

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct M3 {
        ports: BTreeSet<u16>,
    }
    // A set element is named by its value.
    let (status, path, message) = fails(from_value::<M3>(&v));
    assert_eq!(
        (status, path.as_str(), message.as_str()),
        (Status::TypeMismatch, r#".ports["80"]"#, "a number is required, got string")
    );

    // The same in to_value.
    let bad = BTreeMap::from([("network", vec![BTreeMap::from([("ip", 1)])])]);
    assert_eq!(
        fails(to_value(&bad, &t)),
        (Status::TypeMismatch, ".network[0].ip".into(), "cannot convert Rust i32 to string".into())
    );
    // Enum variants with data have no cty form.
    #[derive(Serialize)]
    enum E {
        A(u8),
    }
    assert_eq!(
        fails(to_value(&vec![E::A(1)], Type::list(Type::number()))),
        (
            Status::Unsupported,
            "[0]".into(),
            "enum variants with data are not supported; use a struct or a unit variant".into()
        )
    );
    // The error prints its path.
    assert!(fails(from_value::<M2>(&v)).2.contains("whole number"));
    let e = from_value::<M2>(&v).unwrap_err();
    assert!(e.to_string().ends_with(r#" at .tags["k"]"#), "{e}");
}

#[test]
fn dynamic_targets_take_the_rust_shape() {
    #[derive(Serialize)]
    struct S {
        a: u8,
        b: Vec<&'static str>,
    }
    let v = to_value(&S { a: 1, b: vec!["x", "y"] }, Type::dynamic()).unwrap();
    assert_eq!(v.ty(), ty(r#"["object",{"a":"number","b":["tuple",["string","string"]]}]"#));
    // A map of raw values reads it back.
    let back: BTreeMap<String, Value> = from_value(&v).unwrap();
    assert_eq!(back["a"], Value::from(1));
}

#[test]
fn self_describing_reads() {
    // Untagged enums buffer the value through deserialize_any: each kind
    // arrives as its own serde type.
    #[derive(Debug, PartialEq, Deserialize)]
    #[serde(untagged)]
    enum Any {
        Bool(bool),
        Int(i64),
        Big(u64),
        Float(f64),
        Text(String),
        List(Vec<Any>),
        Map(BTreeMap<String, Any>),
        Null(Option<()>),
    }
    let t = ty(
        r#"["object",{"b":"bool","i":"number","u":"number","f":"number","s":"string","l":["list","number"],"n":"string"}]"#,
    );
    let v =
        Value::from_json(r#"{"b":true,"i":-1,"u":18446744073709551615,"f":0.5,"s":"x","l":[1],"n":null}"#, &t).unwrap();
    let got: BTreeMap<String, Any> = from_value(&v).unwrap();
    assert_eq!(got["b"], Any::Bool(true));
    assert_eq!(got["i"], Any::Int(-1));
    assert_eq!(got["u"], Any::Big(u64::MAX));
    assert_eq!(got["f"], Any::Float(0.5));
    assert_eq!(got["s"], Any::Text("x".into()));
    assert_eq!(got["l"], Any::List(vec![Any::Int(1)]));
    assert_eq!(got["n"], Any::Null(None));
    // An unknown cannot be buffered.
    let u = Value::object(&[("x", Value::unknown(Type::bool()))]).unwrap();
    assert_eq!(fails(from_value::<BTreeMap<String, Any>>(&u)).0, Status::UnknownValue);
}

#[test]
fn flatten_buffers_so_unknowns_and_values_do_not_pass() {
    #[derive(Debug, Deserialize)]
    struct Inner {
        #[allow(dead_code)]
        id: Maybe<String>,
    }
    #[derive(Debug, Deserialize)]
    struct Outer {
        #[serde(flatten)]
        #[allow(dead_code)]
        inner: Inner,
    }
    #[derive(Debug, Deserialize)]
    struct RawInner {
        #[allow(dead_code)]
        id: Value,
    }
    #[derive(Debug, Deserialize)]
    struct RawOuter {
        #[serde(flatten)]
        #[allow(dead_code)]
        inner: RawInner,
    }
    let known = Value::object(&[("id", Value::from("i-1"))]).unwrap();
    let unknown = Value::object(&[("id", Value::unknown(Type::string()))]).unwrap();
    assert!(matches!(from_value::<Outer>(&known).unwrap().inner.id, Maybe::Known(_)));
    assert_eq!(fails(from_value::<Outer>(&unknown)).0, Status::UnknownValue);
    assert_eq!(fails(from_value::<RawOuter>(&known)).0, Status::TypeMismatch);
}
