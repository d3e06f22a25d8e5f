//! Paths, walk, transform, edits and diff through the safe API (the C
//! library's own tests and the go-cty cross-check cover the semantics;
//! these cover the binding: closures, errors, panics, lifetimes, printing).

use std::fmt;

use dynval::{Enter, Path, PathRef, PathStep, Status, Transformer, Type, Value, ValueRef};

fn sample() -> Value {
    Value::object(&[
        ("l", Value::list(Type::number(), &[Value::from(1), Value::from(2)]).unwrap()),
        ("m", Value::map(Type::string(), &[("k\"", Value::from("v"))]).unwrap()),
        ("s", Value::set(Type::string(), &[Value::from("b"), Value::from("a")]).unwrap()),
        ("u", Value::unknown(Type::list(Type::string()))),
    ])
    .unwrap()
}

#[test]
fn paths_print_with_the_c_printer() {
    let p = Path::new().attr("a").index(3).key("q\"\u{7f}é").element(Value::from("x")).element(Value::from(1_000_000));
    assert_eq!(p.to_string(), r#".a[3]["q\"\x7fé"]["x"][1e+06]"#);
    assert_eq!(format!("{p:?}"), r#"Path(".a[3][\"q\\\"\\x7fé\"][\"x\"][1e+06]")"#);
    assert_eq!(PathStep::Key("\n".into()).to_string(), r#"["\n"]"#);
    let steps: Vec<PathStep> = p.steps().collect();
    assert_eq!(steps.len(), 5);
    assert_eq!(steps[4], PathStep::Element(Value::from(1_000_000)));
    assert_eq!(Path::from_steps(&steps), p);
    let mut q = p.clone();
    q.truncate(2);
    assert_ne!(q, p);
    assert_eq!(q.to_string(), ".a[3]");
}

#[test]
fn get_tells_missing_from_unknown_and_null() {
    let v = sample();
    assert!(v.get("l").unwrap().is_some());
    assert!(v.get("nope").unwrap().is_none());
    assert_eq!(v.get("u").unwrap().unwrap().get("x").unwrap_err().status(), Status::UnknownValue);
    assert_eq!(Value::null(v.ty()).get("l").unwrap_err().status(), Status::TypeMismatch);
    assert_eq!(Value::from(1).get("l").unwrap_err().status(), Status::TypeMismatch);
    // The map key needs no escaping on the way in.
    assert_eq!(v.get("m").unwrap().unwrap().get("k\"").unwrap().unwrap().as_str().unwrap(), "v");
}

#[test]
fn try_from_f64() {
    assert_eq!(Value::try_from(1.5f64).unwrap(), Value::float(1.5).unwrap());
    assert_eq!(Value::try_from(f64::NAN).unwrap_err().status(), Status::InvalidArg);
}

#[test]
fn walk_visits_borrows_and_stops() {
    let v = sample();
    let mut seen: Vec<(String, ValueRef<'_>)> = Vec::new();
    v.walk(|p, x| {
        seen.push((p.to_string(), x));
        Ok::<_, dynval::Error>(p.to_string() != ".m")
    })
    .unwrap();
    let paths: Vec<&str> = seen.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, ["", ".l", ".l[0]", ".l[1]", ".m", ".s", r#".s["a"]"#, r#".s["b"]"#, ".u"]);
    // The values are borrowed from `v`, not just for the call.
    assert_eq!(seen[2].1.as_i64().unwrap(), 1);

    // A closure error stops the walk and comes back as it is.
    #[derive(Debug, PartialEq)]
    enum MyError {
        Found(String),
        Lib(Status),
    }
    impl From<dynval::Error> for MyError {
        fn from(e: dynval::Error) -> MyError {
            MyError::Lib(e.status())
        }
    }
    let mut calls = 0;
    let r = v.walk(|p, x| {
        calls += 1;
        if x.kind() == dynval::Kind::String {
            return Err(MyError::Found(p.to_string()));
        }
        Ok(true)
    });
    assert_eq!(r, Err(MyError::Found(r#".m["k\""]"#.into())));
    assert_eq!(calls, 6);
}

#[test]
fn panics_cross_back_after_c_returns() {
    let v = sample();
    let r = std::panic::catch_unwind(|| {
        let _ = v.walk(|p, _| -> Result<bool, dynval::Error> {
            if p.len() == 2 {
                panic!("boom at {p}");
            }
            Ok(true)
        });
    });
    let msg = r.unwrap_err().downcast::<String>().unwrap();
    assert_eq!(*msg, "boom at .l[0]");
    let r = std::panic::catch_unwind(|| v.transform(|_, _| -> Result<Option<Value>, dynval::Error> { panic!("t") }));
    assert!(r.is_err());
    // The library is fine afterwards.
    assert!(v.unknown_as_null().get("u").unwrap().unwrap().is_null());
}

#[test]
fn transform_replaces_and_reports_rebuild_errors() {
    let v = sample();
    let out = v
        .transform(|p, x| {
            Ok::<_, dynval::Error>(match x.kind() {
                dynval::Kind::Number if x.is_known() => Some(Value::from(p.len() as i64)),
                dynval::Kind::String if x.is_known() => Some(Value::from(format!("{}{p}", x.as_str()?))),
                _ => None,
            })
        })
        .unwrap();
    assert_eq!(out.get("l").unwrap().unwrap().to_json(out.get("l").unwrap().unwrap().ty()).unwrap(), "[2,2]");
    assert_eq!(out.get("s").unwrap().unwrap().element(0).unwrap().as_str().unwrap(), r#"a.s["a"]"#);
    assert_eq!(out.get("m").unwrap().unwrap().get("k\"").unwrap().unwrap().as_str().unwrap(), r#"v.m["k\""]"#);

    // One element of another type: the list cannot be rebuilt.
    let err =
        v.transform(|p, _| Ok::<_, dynval::Error>((p.to_string() == ".l[0]").then(|| Value::from("x")))).unwrap_err();
    assert_eq!(err.status(), Status::TypeMismatch);
    assert_eq!(err.path(), ".l");
}

#[test]
fn transformer_enter_and_exit() {
    struct T {
        entered: Vec<String>,
    }
    impl Transformer for T {
        type Error = dynval::Error;
        fn enter(&mut self, p: PathRef<'_>, _: ValueRef<'_>) -> Result<Enter, dynval::Error> {
            self.entered.push(p.to_string());
            Ok(match p.to_string().as_str() {
                ".l" => Enter::Replace(Value::list(Type::number(), &[Value::from(9)])?),
                ".s" => Enter::Skip,
                ".m" => Enter::ReplaceAndSkip(Value::map(Type::string(), &[("z", Value::from("z"))])?),
                _ => Enter::Descend,
            })
        }
        fn exit(&mut self, _: PathRef<'_>, x: ValueRef<'_>) -> Result<Option<Value>, dynval::Error> {
            Ok((x.kind() == dynval::Kind::Number && x.is_known()).then(|| Value::from(10)))
        }
    }
    let mut t = T { entered: Vec::new() };
    let out = sample().transform_with(&mut t).unwrap();
    assert_eq!(t.entered, ["", ".l", ".l[0]", ".m", ".s", ".u"]);
    assert_eq!(out.get("l").unwrap().unwrap().to_json(out.get("l").unwrap().unwrap().ty()).unwrap(), "[10]");
    assert_eq!(out.get("m").unwrap().unwrap().to_json(out.get("m").unwrap().unwrap().ty()).unwrap(), r#"{"z":"z"}"#);
}

#[test]
fn set_path_and_error_paths_with_set_elements() {
    let et = Type::object(&[("n", Type::number())]).unwrap();
    let elem = Value::object(&[("n", Value::from(1))]).unwrap();
    let v = Value::object(&[("s", Value::set(&et, &[&elem]).unwrap())]).unwrap();
    let at = Path::new().attr("s").element(&elem).attr("n");
    let w = v.set_path(&at, Value::from(2)).unwrap();
    assert_eq!(w.to_json(w.ty()).unwrap(), r#"{"s":[{"n":2}]}"#);
    assert_eq!(at.apply(&v).unwrap(), Value::from(1));
    assert_eq!(v.lookup_path(&at).unwrap().as_i64().unwrap(), 1);
    // A string for .n changes the element's type: stored as go-cty's
    // Transform stores it in a set of one element, refused where a sibling
    // keeps the old type (the error's path ends at the set element).
    let w = v.set_path(&at, Value::from("x")).unwrap();
    assert_eq!(w.to_json(w.ty()).unwrap(), r#"{"s":[{"n":"x"}]}"#);
    let elem2 = Value::object(&[("n", Value::from(2))]).unwrap();
    let v2 = Value::object(&[("s", Value::set(&et, &[&elem, &elem2]).unwrap())]).unwrap();
    let err = v2.set_path(&at, Value::from("x")).unwrap_err();
    assert_eq!(err.status(), Status::TypeMismatch);
    assert_eq!(err.path(), ".s[...]");
    assert_eq!(err.path_steps()[1], PathStep::Element(elem.clone()));
    assert_eq!(Path::from_steps(err.path_steps()), Path::new().attr("s").element(&elem));
}

#[test]
fn diff_entries() {
    let a = sample();
    let b = a.set_path(Path::new().attr("l").index(0), Value::from(5)).unwrap();
    let d = a.diff(&b);
    assert_eq!(d.len(), 1);
    let e = d.get(0).unwrap();
    assert_eq!(e.path.to_string(), ".l[0]");
    assert_eq!(e.a.unwrap().as_i64().unwrap(), 1);
    assert_eq!(e.b.unwrap().as_i64().unwrap(), 5);
    assert_eq!(format!("{d:?}"), "[\".l[0]: cty.NumberIntVal(1) => cty.NumberIntVal(5)\"]");
    let owned: Vec<Path> = (&d).into_iter().map(|e| e.path.to_path()).collect();
    drop(d);
    assert_eq!(owned[0].to_string(), ".l[0]");
    struct Show<'a>(&'a [Path]);
    impl fmt::Display for Show<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0.len())
        }
    }
    assert_eq!(Show(&owned).to_string(), "1");
}
