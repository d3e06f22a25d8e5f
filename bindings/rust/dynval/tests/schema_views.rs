//! Schema introspection, identity schemas and schema documents through the
//! safe API. The strongest check rebuilds a real `providers schema -json`
//! document (tests/data/provider-schemas, Kubernetes) from nothing but the
//! introspection views and compares it with the input, byte for byte.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use dynval::{
    AttrFlags, Block, DescriptionKind, IdentitySchema, Nesting, Schema, SchemaBuilder, SchemaDocument, SchemaKind,
    Status, Type, Value,
};

// ---- a writer of Terraform's jsonprovider form, over the views ----------

/// Go encoding/json string escaping (HTML-safe).
fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes `"key":` after a comma when needed.
fn key(out: &mut String, first: &mut bool, k: &str) {
    if !*first {
        out.push(',');
    }
    *first = false;
    quote(out, k);
    out.push(':');
}

fn kind_name(k: DescriptionKind) -> &'static str {
    if k == DescriptionKind::Markdown {
        "markdown"
    } else {
        "plain"
    }
}

fn nesting_name(n: Nesting) -> &'static str {
    match n {
        Nesting::Single => "single",
        Nesting::List => "list",
        Nesting::Set => "set",
        Nesting::Map => "map",
        Nesting::Group => "group",
        _ => "invalid",
    }
}

fn attributes<'a>(out: &mut String, attrs: impl Iterator<Item = dynval::Attribute<'a>>) {
    out.push('{');
    let mut first = true;
    for a in attrs {
        key(out, &mut first, a.name());
        out.push('{');
        let mut f = true;
        if let Some(t) = a.ty() {
            key(out, &mut f, "type");
            out.push_str(&t.to_json());
        }
        if let Some(o) = a.nested_type() {
            key(out, &mut f, "nested_type");
            out.push('{');
            let mut g = true;
            if o.attribute_count() > 0 {
                key(out, &mut g, "attributes");
                attributes(out, o.attributes());
            }
            key(out, &mut g, "nesting_mode");
            quote(out, nesting_name(o.nesting()));
            out.push('}');
        }
        if !a.description().is_empty() {
            key(out, &mut f, "description");
            quote(out, a.description());
        }
        key(out, &mut f, "description_kind");
        quote(out, kind_name(a.description_kind()));
        let flags = a.flags();
        for (flag, name) in [(AttrFlags::DEPRECATED, "deprecated")] {
            if flags.contains(flag) {
                key(out, &mut f, name);
                out.push_str("true");
            }
        }
        if !a.deprecation_message().is_empty() {
            key(out, &mut f, "deprecation_message");
            quote(out, a.deprecation_message());
        }
        for (flag, name) in [
            (AttrFlags::REQUIRED, "required"),
            (AttrFlags::OPTIONAL, "optional"),
            (AttrFlags::COMPUTED, "computed"),
            (AttrFlags::SENSITIVE, "sensitive"),
            (AttrFlags::WRITE_ONLY, "write_only"),
        ] {
            if flags.contains(flag) {
                key(out, &mut f, name);
                out.push_str("true");
            }
        }
        out.push('}');
    }
    out.push('}');
}

fn block(out: &mut String, b: Block<'_>) {
    out.push('{');
    let mut f = true;
    if b.attribute_count() > 0 {
        key(out, &mut f, "attributes");
        attributes(out, b.attributes());
    }
    if b.nested_block_count() > 0 {
        key(out, &mut f, "block_types");
        out.push('{');
        let mut g = true;
        for nb in b.nested_blocks() {
            key(out, &mut g, nb.type_name());
            out.push('{');
            let mut h = true;
            key(out, &mut h, "nesting_mode");
            quote(out, nesting_name(nb.nesting()));
            key(out, &mut h, "block");
            block(out, nb.body());
            for (n, name) in [(nb.min_items(), "min_items"), (nb.max_items(), "max_items")] {
                if n != 0 {
                    key(out, &mut h, name);
                    write!(out, "{n}").unwrap();
                }
            }
            out.push('}');
        }
        out.push('}');
    }
    if !b.description().is_empty() {
        key(out, &mut f, "description");
        quote(out, b.description());
    }
    key(out, &mut f, "description_kind");
    quote(out, kind_name(b.description_kind()));
    if b.deprecated() {
        key(out, &mut f, "deprecated");
        out.push_str("true");
    }
    out.push('}');
}

/// The document rebuilt from its schemas (these documents hold providers,
/// resources and data sources only).
fn rebuild(doc: &SchemaDocument) -> String {
    let mut out = String::from(r#"{"format_version":"1.0","provider_schemas":{"#);
    let mut providers: Vec<&str> = doc.entries().map(|e| e.provider()).collect();
    providers.dedup();
    for (pi, p) in providers.iter().enumerate() {
        if pi > 0 {
            out.push(',');
        }
        quote(&mut out, p);
        out.push_str(":{");
        let mut first = true;
        for (kind, k) in [
            (SchemaKind::Provider, "provider"),
            (SchemaKind::Resource, "resource_schemas"),
            (SchemaKind::DataSource, "data_source_schemas"),
        ] {
            let mut entries: Vec<_> = doc.entries().filter(|e| e.provider() == *p && e.kind() == kind).collect();
            if entries.is_empty() {
                continue;
            }
            entries.sort_by_key(|e| e.selector());
            key(&mut out, &mut first, k);
            if kind != SchemaKind::Provider {
                out.push('{');
            }
            for (i, e) in entries.iter().enumerate() {
                if kind != SchemaKind::Provider {
                    if i > 0 {
                        out.push(',');
                    }
                    quote(&mut out, e.selector().split_once(':').unwrap().1);
                    out.push(':');
                }
                let s = e.schema().unwrap();
                write!(out, r#"{{"version":{},"block":"#, s.version()).unwrap();
                block(&mut out, s.block());
                out.push('}');
            }
            if kind != SchemaKind::Provider {
                out.push('}');
            }
        }
        out.push('}');
    }
    out.push_str("}}\n");
    out
}

#[test]
fn a_real_document_rebuilt_from_the_views_is_the_document() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/data/provider-schemas/registry.terraform.io_hashicorp_kubernetes_2.37.1.json.zst");
    let out = Command::new("zstd").arg("-dcq").arg(&path).output().expect("run zstd");
    assert!(out.status.success(), "zstd -d {}", path.display());
    let text = String::from_utf8(out.stdout).unwrap();
    let doc = SchemaDocument::from_json(&text).unwrap();
    assert_eq!(doc.len(), 109);
    // The library's own writer gives the same bytes (less the final newline).
    assert_eq!(doc.to_json().unwrap() + "\n", text);
    let rebuilt = rebuild(&doc);
    if rebuilt != text {
        let at = rebuilt.bytes().zip(text.bytes()).take_while(|(a, b)| a == b).count();
        let from = at.saturating_sub(80);
        panic!(
            "differs at byte {at}:\n in:  {}\n out: {}",
            &text[from..(at + 120).min(text.len())],
            &rebuilt[from..(at + 120).min(rebuilt.len())]
        );
    }
}

// ---- the views on a schema that uses every feature ------------------------

fn rich() -> Schema {
    let mut disk = SchemaBuilder::new();
    disk.attribute("size", Type::number(), AttrFlags::REQUIRED)
        .unwrap()
        .attribute_description("size", "GiB", DescriptionKind::Plain)
        .unwrap();
    let mut rule = SchemaBuilder::new();
    rule.attribute("port", Type::number(), AttrFlags::OPTIONAL)
        .unwrap()
        .computed(true)
        .unwrap()
        .description("A rule.", DescriptionKind::Plain)
        .unwrap();
    let mut root = SchemaBuilder::new();
    root.attribute("token", Type::string(), AttrFlags::COMPUTED | AttrFlags::DEPRECATED)
        .unwrap()
        .attribute_description("token", "`token`", DescriptionKind::Markdown)
        .unwrap()
        .attribute_deprecation_message("token", "gone")
        .unwrap()
        .attribute("pw", Type::string(), AttrFlags::OPTIONAL | AttrFlags::SENSITIVE | AttrFlags::WRITE_ONLY)
        .unwrap()
        .nested_attribute("disks", Nesting::List, &disk, AttrFlags::OPTIONAL)
        .unwrap()
        .nested_items("disks", 1, 8)
        .unwrap()
        .block("rule", Nesting::Set, &rule, 1, 3)
        .unwrap()
        .block("grp", Nesting::Group, &SchemaBuilder::new(), 0, 0)
        .unwrap()
        .description("A *thing*.", DescriptionKind::Markdown)
        .unwrap()
        .deprecated(true, "use other")
        .unwrap();
    root.build(4).unwrap()
}

#[test]
fn sensitive_attributes_and_the_paths_to_show() {
    let s = rich();
    let b = s.block();
    assert!(b.has_sensitive()); // pw
    assert!(!b.find_nested_block("grp").unwrap().body().has_sensitive());
    // cut after the sensitive attribute (a path of 2 steps keeps 1)...
    assert_eq!(b.sensitive_prefix(dynval::Path::new().attr("pw").key("k")), 1);
    // ...and whole where it passes none
    assert_eq!(b.sensitive_prefix(dynval::Path::new().attr("disks").index(0).attr("size")), 3);
    assert_eq!(b.sensitive_prefix(dynval::Path::new()), 0);
}

fn check_rich(s: &Schema) {
    let b = s.block();
    assert_eq!(s.version(), 4);
    assert_eq!((b.description(), b.description_kind()), ("A *thing*.", DescriptionKind::Markdown));
    assert!(b.deprecated() && !b.computed());
    assert_eq!(b.deprecation_message(), "use other");
    assert_eq!(b.implied_type(), s.implied_type());
    let names: Vec<_> = b.attributes().map(|a| a.name()).collect();
    assert_eq!(names, ["disks", "pw", "token"]);
    assert_eq!(b.attributes().rev().map(|a| a.name()).collect::<Vec<_>>(), ["token", "pw", "disks"]);
    assert_eq!(b.attributes().len(), 3);
    assert!(b.attribute(3).is_none());
    let token = b.find_attribute("token").unwrap();
    assert_eq!(token.flags(), AttrFlags::COMPUTED | AttrFlags::DEPRECATED);
    assert_eq!((token.description(), token.description_kind()), ("`token`", DescriptionKind::Markdown));
    assert_eq!(token.deprecation_message(), "gone");
    assert_eq!(token.ty().unwrap(), Type::string());
    let disks = b.find_attribute("disks").unwrap();
    assert!(disks.ty().is_none());
    let o = disks.nested_type().unwrap();
    assert_eq!((o.nesting(), o.min_items(), o.max_items()), (Nesting::List, 1, 8));
    assert_eq!(o.find_attribute("size").unwrap().description(), "GiB");
    assert_eq!(disks.implied_type(), o.implied_type());
    assert_eq!(o.implied_type().to_json(), r#"["list",["object",{"size":"number"}]]"#);
    assert!(b.find_attribute("nope").is_none());
    let nested: Vec<_> = b.nested_blocks().map(|n| (n.type_name(), n.nesting())).collect();
    assert_eq!(nested, [("grp", Nesting::Group), ("rule", Nesting::Set)]);
    let rule = b.find_nested_block("rule").unwrap();
    assert_eq!((rule.min_items(), rule.max_items()), (1, 3));
    assert!(rule.body().computed());
    assert_eq!(rule.body().description(), "A rule.");
    assert_eq!(rule.implied_type().to_json(), r#"["set",["object",{"port":"number"}]]"#);
    assert!(b.nested_block(2).is_none());

    // attribute_by_path: into nested attribute objects and through nested
    // blocks, passing over element steps; None elsewhere.
    let at = |p: dynval::Path| b.attribute_by_path(&p).map(|a| (a.name(), a.flags()));
    let root = || dynval::Path::new();
    assert_eq!(at(root().attr("pw")), Some(("pw", b.find_attribute("pw").unwrap().flags())));
    assert_eq!(at(root().attr("disks").index(0).attr("size")), Some(("size", AttrFlags::REQUIRED)));
    assert_eq!(at(root().attr("rule").element(Value::from(1)).attr("port")), Some(("port", AttrFlags::OPTIONAL)));
    assert_eq!(at(root().attr("disks")).map(|a| a.0), Some("disks"));
    for none in [
        root(),
        root().attr("rule"),
        root().attr("grp"),
        root().attr("disks").index(0),
        root().attr("disks").index(0).attr("nope"),
        root().attr("pw").key("k"),
        root().attr("nope"),
    ] {
        assert_eq!(at(none.clone()), None, "{none}");
    }
}

#[test]
fn every_field_through_the_builder_and_protobuf() {
    let s = rich();
    check_rich(&s);
    check_rich(&Schema::from_proto(&s.to_proto(6).unwrap(), 6).unwrap());
    assert_eq!(s.to_proto(5).unwrap_err().status(), Status::Unsupported);
    // Debug walks the views.
    let dbg = format!("{:?}", s.block());
    assert!(dbg.contains("\"token\"") && dbg.contains("Group"), "{dbg}");
}

#[test]
fn views_are_shared_across_threads() {
    let s = Arc::new(rich());
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let s = Arc::clone(&s);
            std::thread::spawn(move || {
                let b = s.block();
                b.attributes().map(|a| a.name().len()).sum::<usize>() + b.nested_block_count()
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), "disks".len() + "pw".len() + "token".len() + 2);
    }
}

// ---- identity schemas and documents --------------------------------------

#[test]
fn identity_schemas() {
    let json = r#"{"version":3,"attributes":{"region":{"type":"string","optional_for_import":true},
                  "id":{"type":"string","description":"The *ID*.","required_for_import":true}}}"#;
    let id = IdentitySchema::from_json(json).unwrap();
    assert_eq!(id.version(), 3);
    assert_eq!(id.implied_type().to_json(), r#"["object",{"id":"string","region":"string"}]"#);
    let a = id.find_attribute("id").unwrap();
    assert_eq!(a.flags(), AttrFlags::REQUIRED_FOR_IMPORT);
    assert_eq!((a.description(), a.description_kind()), ("The *ID*.", DescriptionKind::Markdown));
    assert_eq!(id.attribute(1).unwrap().flags(), AttrFlags::OPTIONAL_FOR_IMPORT);
    assert!(id.attribute(2).is_none());
    let bytes = id.to_proto(6).unwrap();
    let back = IdentitySchema::from_proto(&bytes, 5).unwrap();
    assert_eq!(back.to_proto(5).unwrap().to_vec(), bytes.to_vec());
    let copy = back.clone();
    drop(back);
    assert_eq!(copy.attribute_count(), 2);
    let v = copy
        .decode_msgpack(&copy.encode_msgpack(copy.decode_json(r#"{"id":"x","region":"r"}"#).unwrap()).unwrap())
        .unwrap();
    assert_eq!(v.get("region").unwrap().unwrap().as_str().unwrap(), "r");
    // Only the import flags; a type is needed.
    let mut b = SchemaBuilder::new();
    b.attribute("zone", Type::string(), AttrFlags::OPTIONAL).unwrap();
    assert_eq!(b.build_identity(0).unwrap_err().status(), Status::Schema);
    assert_eq!(IdentitySchema::from_json(r#"{"attributes":{"x":{}}}"#).unwrap_err().status(), Status::Schema);
    assert_eq!(IdentitySchema::from_proto(&[0x0a], 6).unwrap_err().status(), Status::Parse);
}

#[test]
fn documents() {
    let text = r#"{"format_version":"1.0","provider_schemas":{
      "example.com/a/one":{"provider":{"version":0,"block":{}},
        "resource_schemas":{"one_thing":{"version":1,"block":{"attributes":{"id":{"type":"string","computed":true}}}},
                            "one_bad":{"version":0,"block":{"attributes":{"x":{"type":"string"}}}}},
        "resource_identity_schemas":{"one_thing":{"version":2,"attributes":{"id":{"type":"string","required_for_import":true}}}},
        "action_schemas":{"one_act":{"block":{}}}},
      "example.com/b/two":{"data_source_schemas":{"two_data":{"version":0,"block":{}}}}}}"#;
    let doc = SchemaDocument::from_json(text).unwrap();
    let listed: Vec<_> = doc.entries().map(|e| (e.provider(), e.selector(), e.kind())).collect();
    assert_eq!(
        listed,
        [
            ("example.com/a/one", "provider", SchemaKind::Provider),
            ("example.com/a/one", "resource:one_thing", SchemaKind::Resource),
            ("example.com/a/one", "resource:one_bad", SchemaKind::Resource),
            ("example.com/a/one", "identity:one_thing", SchemaKind::Identity),
            ("example.com/a/one", "action:one_act", SchemaKind::Action),
            ("example.com/b/two", "data:two_data", SchemaKind::DataSource),
        ]
    );
    assert_eq!(doc.entries().len(), doc.len());
    assert!(doc.entry(6).is_none());
    assert_eq!(doc.find("provider", None).unwrap_err().status(), Status::InvalidArg);
    assert_eq!(doc.find("data:two_data", Some("example.com/b/two")).unwrap(), 5);
    assert_eq!(doc.find("data:nope", Some("example.com/b/two")).unwrap_err().status(), Status::NotFound);
    let one = doc.get_schema("resource:one_thing", Some("example.com/a/one")).unwrap();
    let again = doc.entry(1).unwrap().schema().unwrap();
    assert_eq!(one.implied_type().as_raw(), again.implied_type().as_raw()); // built once
    let err = doc.schema(2).unwrap_err();
    assert_eq!(err.status(), Status::Schema);
    assert_eq!(
        err.path(),
        r#".provider_schemas["example.com/a/one"].resource_schemas["one_bad"].block.attributes["x"]"#
    );
    assert_eq!(doc.schema(3).unwrap_err().status(), Status::InvalidArg);
    assert_eq!(
        doc.entry_json(1).unwrap(),
        r#"{"version":1,"block":{"attributes":{"id":{"type":"string","description_kind":"plain","computed":true}},"description_kind":"plain"}}"#
    );
    assert_eq!(
        doc.entry_json(3).unwrap(),
        r#"{"version":2,"attributes":{"id":{"type":"string","required_for_import":true}}}"#
    );
    assert_eq!(doc.entry_json(4).unwrap(), r#"{"block":{"description_kind":"plain"}}"#); // an action: no version
    assert_eq!(doc.entry_json(2).unwrap_err().status(), Status::Schema);
    assert_eq!(doc.entry_json(6).unwrap_err().status(), Status::OutOfRange);
    assert_eq!(doc.to_json().unwrap_err().status(), Status::Schema); // one_bad
    let id = doc.get_identity("identity:one_thing", Some("example.com/a/one")).unwrap();
    assert_eq!(id.version(), 2);
    drop(doc);
    assert_eq!(one.block().attribute(0).unwrap().name(), "id");
    assert_eq!(SchemaDocument::from_json("{}").unwrap_err().status(), Status::Parse);
}
