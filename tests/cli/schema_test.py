#!/usr/bin/env python3
"""Black-box tests of `dynval schema`: it prints schema documents back from the
schemas the library loaded (through the model that the introspection API
reads), so printing a real document must give the document.

For every real document in tests/data/provider-schemas, every schema printed
by `dynval schema --all` must equal (parsed with Python's json) the object it
came from, and the output must be the input byte for byte; `--block` is run
on a sample of each document's schemas and `--list` must list them all.

Usage: schema_test.py DYNVAL_BINARY SOURCE_ROOT. Prints TAP.
"""
import atexit
import json
import os
import random
import shutil
import subprocess
import tempfile

from tap import ROOT, case, eq, run, finish

DOCS = os.path.join(ROOT, "tests", "data", "provider-schemas")
# file, number of schemas in it
REAL = [
    ("registry.terraform.io_hashicorp_aws_5.99.1.json.zst", 2123),
    ("registry.terraform.io_hashicorp_awscc_1.44.0.json.zst", 3155),
    ("registry.terraform.io_hashicorp_azurerm_4.32.0.json.zst", 1474),
    ("registry.terraform.io_hashicorp_google_6.38.0.json.zst", 1418),
    ("registry.terraform.io_hashicorp_kubernetes_2.37.1.json.zst", 109),
    ("terraform-json_testdata_120_basic_schemas.json.gz", 1356),
]
# The provider object's keys that hold schemas, and their selector prefixes.
KINDS = {
    "resource_schemas": "resource",
    "data_source_schemas": "data",
    "ephemeral_resource_schemas": "ephemeral",
    "list_resource_schemas": "list",
    "action_schemas": "action",
    "state_store_schemas": "state_store",
    "resource_identity_schemas": "identity",
}
TMP = tempfile.mkdtemp(prefix="dynval-schema-test-")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)


def decompressed(name):
    """The path of a decompressed copy of tests/data/provider-schemas/NAME."""
    out = os.path.join(TMP, name.rsplit(".", 1)[0])
    tool = ["gzip", "-dc"] if name.endswith(".gz") else ["zstd", "-dcq"]
    with open(out, "wb") as f:
        subprocess.run([*tool, os.path.join(DOCS, name)], stdout=f, check=True)
    return out


def schemas(doc):
    """Every (provider address, selector, schema object) of a parsed document,
    in document order."""
    for addr, prov in doc["provider_schemas"].items():
        for key, val in prov.items():
            if key == "provider":
                yield addr, "provider", val
            elif key in KINDS:
                for name, obj in val.items():
                    yield addr, f"{KINDS[key]}:{name}", obj


def check_document(path, want_count):
    raw = open(path, "rb").read()
    doc = json.loads(raw)
    rc, out, err = run("schema", "--schema", path, "--all", timeout=120)
    eq(rc, 0, "exit " + err)
    got = json.loads(out)
    count = 0
    for addr, sel, obj in schemas(doc):
        kind, _, name = sel.partition(":")
        key = "provider" if kind == "provider" else next(k for k, v in KINDS.items() if v == kind)
        printed = got["provider_schemas"][addr][key]
        if kind != "provider":
            printed = printed[name]
        assert printed == obj, f"{addr} {sel} differs"
        count += 1
    eq(count, want_count, "schemas compared")
    # Documents written by Terraform come back byte for byte.
    eq(out, raw if raw.endswith(b"\n") else raw + b"\n", "bytes of --all")

    # --list: every selector, in document order.
    providers = list(doc["provider_schemas"])
    rc, out, err = run("schema", "--schema", path, "--list", timeout=120)
    eq(rc, 0, "exit " + err)
    want = [f"{a} {s}" if len(providers) > 1 else s for a, s, _ in schemas(doc)]
    eq(out.decode().splitlines(), want, "--list")

    # --block on a sample: the first, the last and a few at random.
    entries = list(schemas(doc))
    rng = random.Random(11)
    sample = {0, len(entries) - 1, *rng.sample(range(len(entries)), 3)}
    for i in sorted(sample):
        addr, sel, obj = entries[i]
        args = ["schema", "--schema", path, "--block", sel]
        if len(providers) > 1:
            args += ["--provider", addr]
        rc, out, err = run(*args, timeout=120)
        eq(rc, 0, f"exit of --block {sel}: " + err)
        eq(json.loads(out), obj, f"--block {sel}")
    return count


TOTAL = []
for file, n in REAL:
    @case(f"schema --all, --list and --block reproduce {file} ({n} schemas)")
    def _(file=file, n=n):
        TOTAL.append(check_document(decompressed(file), n))


@case("every schema of the real documents was compared")
def _():
    eq(sum(TOTAL), sum(n for _, n in REAL), "schemas")


# A document with the kinds the real ones lack (identity, list, action, state
# store), the 6.11 block flag, and a key that holds no schema.
SYNTH = {
    "format_version": "1.0",
    "provider_schemas": {
        "example.com/acme/one": {
            "provider": {"version": 0, "block": {"description_kind": "plain"}},
            "resource_schemas": {"one_thing": {"version": 2, "block": {
                "attributes": {"id": {"type": "string", "description_kind": "plain", "computed": True},
                               "pw": {"type": "string", "description_kind": "plain", "optional": True,
                                      "write_only": True, "deprecated": True, "deprecation_message": "no"}},
                "block_types": {"g": {"nesting_mode": "group", "block": {"description_kind": "plain",
                                                                        "computed": True}}},
                "description_kind": "plain"}}},
            "list_resource_schemas": {"one_thing": {"version": 0, "block": {"description_kind": "plain"}}},
            "functions": {"f": {"return_type": "string"}},
            "resource_identity_schemas": {"one_thing": {"version": 1, "attributes": {
                "id": {"type": "string", "description": "the id", "required_for_import": True}}}},
            "action_schemas": {"one_act": {"block": {"description_kind": "plain"}}},
            "state_store_schemas": {"one_store": {"version": 3, "block": {"description_kind": "plain"}}},
        },
        "example.com/acme/two": {"data_source_schemas": {"two": {"version": 0, "block": {
            "description_kind": "plain"}}}},
    },
}


def synth_path():
    path = os.path.join(TMP, "synth.json")
    with open(path, "w") as f:
        json.dump(SYNTH, f)
    return path


@case("schema: identity, list, action and state store schemas, several providers")
def _():
    path = synth_path()
    one = SYNTH["provider_schemas"]["example.com/acme/one"]
    for sel, key, name in [("identity:one_thing", "resource_identity_schemas", "one_thing"),
                           ("list:one_thing", "list_resource_schemas", "one_thing"),
                           ("action:one_act", "action_schemas", "one_act"),
                           ("state_store:one_store", "state_store_schemas", "one_store"),
                           ("resource:one_thing", "resource_schemas", "one_thing")]:
        rc, out, err = run("schema", "--schema", path, "--block", sel, "--provider", "example.com/acme/one")
        eq(rc, 0, f"exit of {sel}: " + err)
        eq(json.loads(out), one[key][name], sel)
    rc, out, err = run("schema", "--schema", path, "--list")
    eq(rc, 0, "exit " + err)
    eq(out.decode().splitlines(), [
        "example.com/acme/one provider",
        "example.com/acme/one resource:one_thing",
        "example.com/acme/one list:one_thing",
        "example.com/acme/one identity:one_thing",
        "example.com/acme/one action:one_act",
        "example.com/acme/one state_store:one_store",
        "example.com/acme/two data:two",
    ], "--list")
    # --all keeps every schema and drops "functions".
    rc, out, err = run("schema", "--schema", path, "--all")
    eq(rc, 0, "exit " + err)
    want = json.loads(json.dumps(SYNTH))
    del want["provider_schemas"]["example.com/acme/one"]["functions"]
    eq(json.loads(out), want, "--all")


@case("identity:NAME selects the identity data type for type and convert")
def _():
    path = synth_path()
    prov = ["--provider", "example.com/acme/one"]
    rc, out, err = run("type", "--schema", path, "--block", "identity:one_thing", *prov)
    eq((rc, out), (0, b'["object",{"id":"string"}]\n'), "type " + err)
    rc, out, err = run("convert", "--schema", path, "--block", "identity:one_thing", *prov,
                       "--from", "json", "--to", "msgpack", "--hex", stdin=b'{"id":"i-1"}')
    eq((rc, out), (0, b"81a26964a3692d31\n"), "convert " + err)
    rc, _, err = run("validate", "--schema", path, "--block", "identity:one_thing", *prov, "--from", "json",
                     stdin=b'{"id":"i-1"}')
    eq(rc, 2, "validate of identity data " + err)


@case("schema: errors and usage")
def _():
    path = synth_path()
    rc, _, err = run("schema", "--schema", path, "--block", "provider")
    eq(rc, 2, "several providers without --provider: a usage error")
    assert "several providers" in err and "choose one with --provider ADDR" in err, err
    rc, _, err = run("schema", "--schema", path, "--block", "resource:nope", "--provider", "example.com/acme/one")
    eq(rc, 1, "unknown schema")
    assert "nope" in err, err
    for args in (["schema", "--schema", path],
                 ["schema", "--schema", path, "--list", "--all"],
                 ["schema", "--schema", path, "--block", "resourcex"],
                 ["schema", "--schema", path, "--list", "--provider", "example.com/acme/one"],
                 ["schema", "--list"],
                 ["schema", "--schema", path, "--list", "extra"]):
        rc, _, err = run(*args)
        eq(rc, 2, f"usage error for {args[3:]}")
    bad = os.path.join(TMP, "bad.json")
    with open(bad, "w") as f:
        f.write('{"provider_schemas":{"p":{"resource_schemas":{"r":{"block":{"attributes":{"x":{"type":"string"}}}}}}}}')
    rc, _, err = run("schema", "--schema", bad, "--block", "resource:r")
    eq(rc, 1, "invalid schema")
    assert '.provider_schemas["p"].resource_schemas["r"].block.attributes["x"]' in err, err
    rc, out, err = run("schema", "--schema", bad, "--list")
    eq((rc, out), (0, b"resource:r\n"), "an invalid schema is still listed")


finish()
