//! Integration tests of the safe API against the real library. Expected
//! bytes come from go-cty (tests/data/gocty-vectors.txt).

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;

use dynval::{
    AttrFlags, DecodeOptions, Kind, Nesting, PathStep, Refinements, Schema, SchemaBuilder, Status, Tristate, Type,
    Value,
};

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

#[test]
fn msgpack_vectors_from_gocty() {
    let cases: &[(Value, &str)] = &[
        (Value::from(""), "a0"),
        (Value::from("hello"), "a568656c6c6f"),
        (Value::from("e\u{301}"), "a2c3a9"),
        (Value::parse_number("128").unwrap(), "cc80"),
        (Value::parse_number("-33").unwrap(), "d0df"),
        (Value::parse_number("4294967296").unwrap(), "cf0000000100000000"),
        (Value::try_from(0.1f64).unwrap(), "cb3fb999999999999a"),
        (Value::parse_number("1e23").unwrap(), "b8313030303030303030303030303030303030303030303030"),
        (Value::unknown(Type::string()), "d40000"),
    ];
    for (v, want) in cases {
        assert_eq!(hex(&v.to_msgpack(v.ty()).unwrap()), *want, "{v:?}");
        // And back: decoding go-cty's bytes gives a raw-equal value.
        let back = Value::from_msgpack(&unhex(want), v.ty()).unwrap();
        assert_eq!(&back, v);
    }
}

#[test]
fn refined_unknowns_match_gocty() {
    let s = Type::string();
    let cases: &[(Refinements, &str)] = &[
        (Refinements::new().not_null(), "c7030c8101c2"),
        (Refinements::new().string_prefix("foo-"), "c7070c8102a4666f6f2d"),
        (Refinements::new().not_null().string_prefix("foo-"), "c7090c8201c202a4666f6f2d"),
    ];
    for (r, want) in cases {
        let v = Value::unknown_refined(&s, r).unwrap();
        assert_eq!(hex(&v.to_msgpack(v.ty()).unwrap()), *want);
        let back = Value::from_msgpack(&unhex(want), &s).unwrap();
        assert_eq!(back.refinements().as_ref(), Some(r));
    }
    let n = Type::number();
    let r = Refinements::new().not_null().number_lower_bound(0, true).number_upper_bound(1, true);
    let v = Value::unknown_refined(&n, &r).unwrap();
    assert_eq!(hex(&v.to_msgpack(v.ty()).unwrap()), "c70b0c8301c2039200c3049201c3");
    assert_eq!(v.refinements().unwrap().to_string(), "not null, >= 0, <= 1");

    let l = Type::list(Type::string());
    let r = Refinements::new().not_null().collection_length_lower_bound(1).collection_length_upper_bound(2);
    let v = Value::unknown_refined(&l, &r).unwrap();
    assert_eq!(hex(&v.to_msgpack(v.ty()).unwrap()), "c7070c8301c205010602");
    assert_eq!(v.refined_length().unwrap(), (1, 2));
    // Length [2,2] not-null collapses to a known list of two unknowns.
    let r = Refinements::new().not_null().collection_length_lower_bound(2).collection_length_upper_bound(2);
    let v = Value::unknown_refined(&l, &r).unwrap();
    assert!(v.is_known());
    assert_eq!(hex(&v.to_msgpack(v.ty()).unwrap()), "92d40000d40000");
}

#[test]
fn dynamic_wrapper_and_json() {
    let v = Value::from("hi");
    assert_eq!(hex(&v.to_msgpack(Type::dynamic()).unwrap()), "92c40822737472696e6722a26869");
    assert_eq!(v.to_json(Type::dynamic()).unwrap(), r#"{"value":"hi","type":"string"}"#);
    let back = Value::from_json(r#"{"value":"hi","type":"string"}"#, Type::dynamic()).unwrap();
    assert_eq!(back, v);
    assert_eq!(back.ty(), Type::string());
}

#[test]
fn sets_iterate_in_gocty_order() {
    let s = Value::set(Type::string(), &[Value::from("b"), Value::from("a"), Value::from("B")]).unwrap();
    assert_eq!(s.to_json(s.ty()).unwrap(), r#"["B","a","b"]"#);
    assert_eq!(hex(&s.to_msgpack(s.ty()).unwrap()), "93a142a161a162");
    let got: Vec<&str> = s.elements().map(|e| e.as_str().unwrap()).collect();
    assert_eq!(got, ["B", "a", "b"]);
    let rev: Vec<&str> = s.elements().rev().map(|e| e.as_str().unwrap()).collect();
    assert_eq!(rev, ["b", "a", "B"]);
    assert_eq!(s.elements().len(), 3);
}

#[test]
fn borrowed_views_outlive_nothing_but_clones_do() {
    let kept: Value;
    let name_ty: Type;
    {
        let v = Value::object(&[("a", Value::list(Type::number(), &[Value::from(7)]).unwrap())]).unwrap();
        let elem = v.get("a").unwrap().unwrap().element(0).unwrap();
        kept = elem.to_value();
        name_ty = v.ty().to_type();
    }
    assert_eq!(kept.as_i64().unwrap(), 7);
    assert_eq!(name_ty.attribute_name(0), Some("a"));
}

#[test]
fn errors_carry_status_path_steps_offset() {
    let t = Type::from_json(r#"["object",{"net":["list",["map","number"]]}]"#).unwrap();
    let err = Value::from_json(r#"{"net":[{"v4":1},{"v6":"x"}]}"#, &t).unwrap_err();
    assert_eq!(err.status(), Status::TypeMismatch);
    assert_eq!(err.path(), r#".net[1]["v6"]"#);
    assert_eq!(err.path_steps(), &[PathStep::Attr("net".into()), PathStep::Index(1), PathStep::Key("v6".into())]);
    let off = err.offset().expect("decode errors have an offset");
    assert!(off > 10 && off < 30, "offset {off}");
    let shown = err.to_string();
    assert!(shown.contains(r#".net[1]["v6"]"#) && shown.contains("byte"), "{shown}");
    // The steps render back to the same cty path.
    let joined: String = err.path_steps().iter().map(|s| s.to_string()).collect();
    assert_eq!(joined, err.path());
    // std::error::Error is implemented.
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(err);
    assert!(!boxed.to_string().is_empty());
}

#[test]
fn numbers_exactness_and_precision() {
    let big = Value::parse_number("18446744073709551616").unwrap(); // 2^64
    assert_eq!(big.as_u64().unwrap_err().status(), Status::OutOfRange);
    assert_eq!(big.as_u64_lossy().unwrap(), (u64::MAX, false));
    assert_eq!(big.as_i64_lossy().unwrap(), (i64::MAX, false));
    assert_eq!(big.as_f64().unwrap(), 18446744073709551616.0);
    assert_eq!(big.number_precision().unwrap(), 512);
    assert_eq!(Value::try_from(f64::INFINITY).unwrap().number_text().unwrap(), "+Inf");
    assert_eq!(
        Value::try_from(f64::INFINITY).unwrap().to_json(Type::number()).unwrap_err().status(),
        Status::Unsupported
    );
    assert_eq!(Value::from(true).as_i64().unwrap_err().status(), Status::TypeMismatch);
    assert_eq!(Value::unknown(Type::number()).as_i64().unwrap_err().status(), Status::UnknownValue);
    assert_eq!(Value::null(Type::number()).as_i64().unwrap_err().status(), Status::TypeMismatch);
}

#[test]
fn equality_hash_and_tristate() {
    let a = Value::from(1);
    let b = Value::parse_number("1").unwrap();
    // Equals ignores precision; RawEquals (==) may not, but hashes agree
    // whenever either holds.
    assert_eq!(a.equals(&b), Tristate::True);
    assert_eq!(a.hash_code(), b.hash_code());
    let mut set = HashSet::new();
    set.insert(Value::from("x"));
    set.insert(Value::from("x"));
    set.insert(Value::from("y"));
    assert_eq!(set.len(), 2);
    let u = Value::unknown(Type::number());
    assert_eq!(a.equals(&u), Tristate::Unknown);
    assert_ne!(a, u);
    assert_eq!(u, u.clone());
}

#[test]
fn types_roundtrip_and_accessors() {
    let t = Type::from_json(
        r#"["object",{"e":["tuple",[]],"l":["list",["set",["map","bool"]]],"o":["object",{}],"t":["tuple",["string","dynamic"]]}]"#,
    )
    .unwrap();
    assert_eq!(
        t.to_json(),
        r#"["object",{"e":["tuple",[]],"l":["list",["set",["map","bool"]]],"o":["object",{}],"t":["tuple",["string","dynamic"]]}]"#
    );
    assert!(t.has_dynamic());
    let names: Vec<&[u8]> = t.attributes().map(|(n, _)| n).collect();
    assert_eq!(names, [&b"e"[..], b"l", b"o", b"t"]);
    let tt = t.attribute("t").unwrap();
    assert_eq!(tt.kind(), Kind::Tuple);
    assert_eq!(tt.tuple_element(1).unwrap(), Type::dynamic());
    let l = t.attribute("l").unwrap();
    assert_eq!(l.element().unwrap().element().unwrap(), Type::map(Type::bool()));
    let mut hs = HashSet::new();
    hs.insert(Type::list(Type::bool()));
    hs.insert(Type::list(Type::bool()));
    assert_eq!(hs.len(), 1);
}

#[test]
fn values_and_types_are_shared_across_threads() {
    let schema = Arc::new(
        Schema::from_block_json(
            r#"{"attributes":{"n":{"type":"number","required":true},"s":{"type":["set","string"],"optional":true}}}"#,
            0,
        )
        .unwrap(),
    );
    let v = Arc::new(schema.decode_json(r#"{"n":42,"s":["b","a"]}"#).unwrap());
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let (schema, v) = (Arc::clone(&schema), Arc::clone(&v));
            std::thread::spawn(move || {
                for _ in 0..200 {
                    schema.validate(&*v).unwrap();
                    assert_eq!(v.get("n").unwrap().unwrap().as_i64().unwrap(), 42);
                    let mp = v.to_msgpack(v.ty()).unwrap();
                    let back = schema.decode_msgpack(&mp).unwrap();
                    assert_eq!(back, *v);
                }
                // Clones made here are dropped on this thread.
                let c = (*v).clone();
                (i, c)
            })
        })
        .collect();
    for h in handles {
        let (_, c) = h.join().unwrap();
        assert_eq!(c, *v);
    }
}

#[test]
fn builder_validate_and_proto_roundtrip() {
    let mut nic = SchemaBuilder::new();
    nic.attribute("subnet_id", Type::string(), AttrFlags::REQUIRED).unwrap();
    let mut b = SchemaBuilder::new();
    b.attribute("name", Type::string(), AttrFlags::REQUIRED)
        .unwrap()
        .attribute("secret", Type::string(), AttrFlags::OPTIONAL | AttrFlags::SENSITIVE)
        .unwrap()
        .block("nic", Nesting::List, &nic, 1, 2)
        .unwrap();
    let s = b.build(3).unwrap();
    let p6 = Schema::from_proto(&s.to_proto(6).unwrap(), 6).unwrap();
    assert_eq!(p6.implied_type(), s.implied_type());
    assert_eq!(p6.version(), 3);

    let ok = s.decode_json(r#"{"name":"a","secret":null,"nic":[{"subnet_id":"x"}]}"#).unwrap();
    s.validate(&ok).unwrap();
    let too_few = s.decode_json(r#"{"name":"a","secret":null,"nic":[]}"#).unwrap();
    let err = s.validate(&too_few).unwrap_err();
    assert_eq!(err.status(), Status::Schema);
    assert!(err.path().starts_with(".nic"), "{}", err.path());
}

#[test]
fn validate_all_returns_every_problem() {
    let mut nic = SchemaBuilder::new();
    nic.attribute("subnet_id", Type::string(), AttrFlags::REQUIRED).unwrap();
    let mut b = SchemaBuilder::new();
    b.attribute("name", Type::string(), AttrFlags::REQUIRED).unwrap().block("nic", Nesting::List, &nic, 0, 2).unwrap();
    let s = b.build(0).unwrap();
    let v = s.decode_json(r#"{"name":null,"nic":[{"subnet_id":null},{"subnet_id":"x"},{"subnet_id":null}]}"#).unwrap();
    let problems = s.validate_all(&v).unwrap();
    let got: Vec<String> = problems.iter().map(|p| format!("{}: {}", p.path(), p.message())).collect();
    assert_eq!(
        got,
        [
            r#".name: attribute "name" is required"#,
            r#".nic[0].subnet_id: attribute "subnet_id" is required"#,
            r#".nic[2].subnet_id: attribute "subnet_id" is required"#,
            r#".nic: at most 2 "nic" block(s) allowed, found 3"#,
        ]
    );
    assert_eq!(s.validate(&v).unwrap_err().to_string(), problems[0].to_string());
    let ok = s.decode_json(r#"{"name":"a","nic":[]}"#).unwrap();
    assert!(s.validate_all(&ok).unwrap().is_empty());
}

#[test]
fn decode_options_limits() {
    let t = Type::list(Type::number());
    let v = Value::from_json_with("[1,2,3]", &t, &DecodeOptions::new().max_elements(3)).unwrap();
    assert_eq!(v.len().unwrap(), 3);
    let err = Value::from_json_with("[1,2,3]", &t, &DecodeOptions::new().max_elements(2)).unwrap_err();
    assert_eq!(err.status(), Status::Limit);
    let deep = "[".repeat(50) + &"]".repeat(50);
    let mut ty = Type::number();
    for _ in 0..50 {
        ty = Type::list(ty);
    }
    assert!(Value::from_json(&deep, &ty).is_ok());
    let err = Value::from_json_with(&deep, &ty, &DecodeOptions::new().max_depth(10)).unwrap_err();
    assert_eq!(err.status(), Status::Limit);
}

#[test]
fn transcode_equals_decode_encode() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let doc = std::fs::read(root.join("examples/data/schema.json")).unwrap();
    let state = std::fs::read(root.join("examples/data/planned-state.msgpack")).unwrap();
    let schema = Schema::from_json(&doc, "resource:acme_server", None).unwrap();
    let v = schema.decode_msgpack(&state).unwrap();
    // The planned state holds unknowns, so JSON must refuse it both ways.
    let e1 = dynval::msgpack_to_json(&state, schema.implied_type(), None).unwrap_err();
    let e2 = schema.encode_json(&v).unwrap_err();
    assert_eq!(e1.status(), Status::UnknownValue);
    assert_eq!((e1.status(), e1.path()), (e2.status(), e2.path()));
    // MessagePack re-encodes byte-identically by the schema's type (which
    // has a dynamic attribute, so the value's own type would drop its
    // [type, value] wrapper).
    assert_eq!(hex(&v.to_msgpack(schema.implied_type()).unwrap()), hex(&state));
    assert_eq!(hex(&schema.encode_msgpack(&v).unwrap()), hex(&state));
    assert_ne!(hex(&v.to_msgpack(v.ty()).unwrap()), hex(&state));
    // A wholly known subset transcodes both ways like decode + encode.
    let tags = v.get("tags").unwrap().unwrap();
    let tt = tags.ty().to_type();
    let mp = tags.to_msgpack(&tt).unwrap();
    let js = dynval::msgpack_to_json(&mp, &tt, None).unwrap();
    assert_eq!(js, tags.to_json(&tt).unwrap());
    let mp2 = dynval::json_to_msgpack(&js, &tt, None).unwrap();
    assert_eq!(&mp2[..], &mp[..]);
    // The same-format transcoders: the whole planned state (unknowns
    // included) re-encodes byte-identically, and the known subset's JSON too.
    assert_eq!(hex(&dynval::msgpack_to_msgpack(&state, schema.implied_type(), None).unwrap()), hex(&state));
    assert_eq!(dynval::json_to_json(&js, &tt, None).unwrap(), js);
    let e3 = dynval::msgpack_to_msgpack(&state[..state.len() - 1], schema.implied_type(), None).unwrap_err();
    assert_eq!(e3.status(), Status::Parse);
}

#[test]
fn invalid_utf8_strings_are_bytes() {
    // "a\xffb" as a msgpack str: go-cty keeps the bytes.
    let v = Value::from_msgpack(&[0xa3, b'a', 0xff, b'b'], Type::string()).unwrap();
    assert_eq!(v.as_bytes().unwrap(), b"a\xffb");
    assert_eq!(v.as_str().unwrap_err().status(), Status::Parse);
    // JSON writes them as \ufffd as go-cty does (gocty-vectors "str invalid utf8").
    assert_eq!(v.to_json(v.ty()).unwrap(), r#""a\ufffdb""#);
}

#[test]
fn attribute_paths_for_diagnostics() {
    // The path of a decode error, as the attribute of a diagnostic.
    let t = Type::from_json(r#"["object",{"net":["list",["map","number"]]}]"#).unwrap();
    let err = Value::from_json(r#"{"net":[{"v4":1},{"v6":"x"}]}"#, &t).unwrap_err();
    let bytes = dynval::Path::from_steps(err.path_steps()).to_attribute_path().unwrap();
    assert_eq!(hex(&bytes), "0a050a036e6574".to_owned() + "0a021801" + "0a0412027636");
    let back = dynval::Path::from_attribute_path(&bytes).unwrap();
    assert_eq!(back.steps().collect::<Vec<_>>(), err.path_steps());

    // Index steps are int64 varints, negative ones ten bytes long.
    let p = dynval::Path::new().index(i64::MIN).index(-1).index(i64::MAX).attr("").key("");
    let b = p.to_attribute_path().unwrap();
    assert_eq!(dynval::Path::from_attribute_path(&b).unwrap(), p);
    assert_eq!(dynval::Path::from_attribute_path(&[]).unwrap(), dynval::Path::new());

    // Steps after a set element are dropped with it.
    let p = dynval::Path::new().attr("s").element(Value::from(3)).attr("x");
    assert_eq!(p.to_attribute_path().unwrap().as_bytes(), &unhex("0a030a0173")[..]);

    // A key that is not UTF-8 has no protobuf form.
    let e = dynval::Path::new().key(b"\xff").to_attribute_path().unwrap_err();
    assert_eq!((e.status(), e.path_steps().len()), (Status::InvalidArg, 1));

    // Hostile input: every prefix of a message decodes or fails, with the
    // offset inside it; 4097 steps are past the limit.
    let full = dynval::Path::new().attr("network").index(300).key("é").to_attribute_path().unwrap();
    for n in 0..full.len() {
        match dynval::Path::from_attribute_path(&full[..n]) {
            Ok(p) => assert!(p.len() < 3),
            Err(e) => {
                assert_eq!(e.status(), Status::Parse);
                assert!(e.offset().unwrap() <= n, "offset {:?} of {n}", e.offset());
            }
        }
    }
    let many = unhex(&"0a021800".repeat(4097));
    assert_eq!(dynval::Path::from_attribute_path(&many[..4 * 4096]).unwrap().len(), 4096);
    assert_eq!(dynval::Path::from_attribute_path(&many).unwrap_err().status(), Status::Limit);
}

#[test]
fn render_pretty_and_inspect_mask_sensitive_attributes() {
    use dynval::{RenderOptions, RenderStyle};
    // A sensitive attribute in a nested block and one in a map of nested
    // attribute objects.
    let s = Schema::from_block_json(
        r#"{"attributes":{
              "id":{"type":"string","computed":true},
              "users":{"nested_type":{"nesting_mode":"map","attributes":{
                 "password":{"type":"string","sensitive":true,"optional":true}}},"optional":true}},
            "block_types":{"conn":{"nesting_mode":"list","block":{"attributes":{
              "keys":{"type":["list","string"],"sensitive":true,"optional":true}}}}}}"#,
        0,
    )
    .unwrap();
    let v =
        s.decode_json(r#"{"id":null,"users":{"alice":{"password":"plugh"}},"conn":[{"keys":["s3cr3t"]}]}"#).unwrap();
    let id = Value::unknown_refined(Type::string(), &Refinements::new().not_null().string_prefix("i-")).unwrap();
    let v = v.set_path(dynval::Path::new().attr("id"), &id).unwrap();

    let masked = RenderOptions::new().schema(s.block());
    let text = v.render(&masked).unwrap();
    assert_eq!(
        text,
        "{\n  conn  = [\n    {\n      keys = (sensitive value)\n    },\n  ]\n  id    = (unknown string, not null, prefix \"i-\")\n  users = {\n    \"alice\" = {\n      password = (sensitive value)\n    }\n  }\n}\n"
    );
    assert!(!text.contains("plugh") && !text.contains("s3cr3t"));
    // Without the schema, or with show_sensitive, nothing is masked.
    for o in [RenderOptions::new(), masked.show_sensitive(true)] {
        let t = v.render(&o).unwrap();
        assert!(t.contains("\"plugh\"") && t.contains("\"s3cr3t\""), "{t}");
    }

    let inspect = masked.style(RenderStyle::Inspect);
    let text = v.render(&inspect).unwrap();
    assert!(text.starts_with("type: [\"object\",{\"conn\":"), "{text}");
    assert!(
        text.ends_with(
            "unknown values: 1\n  .id: (unknown string, not null, prefix \"i-\")\n\
             sensitive values: 2\n  .conn[0].keys\n  .users[\"alice\"].password\n"
        ),
        "{text}"
    );

    // The output limit: exactly the text's length passes, one byte less fails.
    let n = text.len();
    assert_eq!(v.render(&inspect.max_output_size(n)).unwrap(), text);
    let e = v.render(&inspect.max_output_size(n - 1)).unwrap_err();
    assert_eq!(e.status(), Status::Limit);

    // A borrowed element renders alone.
    let conn = v.get("conn").unwrap().unwrap();
    assert_eq!(
        conn.render(&RenderOptions::new()).unwrap(),
        "[\n  {\n    keys = [\n      \"s3cr3t\",\n    ]\n  },\n]\n"
    );
}
