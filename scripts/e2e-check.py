#!/usr/bin/env python3
"""The checks of scripts/e2e.sh that read what the client (OpenTofu or
Terraform) and the example provider wrote. Each prints one line per check,
"WORD NAME ok" or "WORD NAME FAILED: why", which the script counts; WORD is
"e2e" for OpenTofu and "e2e-terraform" for Terraform, with "-rust" after it
for the Rust provider.

  e2e-check.py --client CLIENT [--provider go|rust] COMMAND ARGS..., where
  COMMAND ARGS is one of
  schema DOC                  providers schema -json
  plan-create PLAN_JSON       show -json of the first plan
  state STATE_JSON [DISPLAY_NAME]
                              show -json of the state
  plan-actions PLAN_JSON ADDR ACTION[,ACTION] [REPLACE_PATH]
  downgrade-state TFSTATE     rewrite as schema version 0 wrote it
  upgraded PLAN_JSON LABEL    prior state after the upgrade
  write-only DYNVAL DOC LOG SECRET FILE...
                              the write-only value reached apply, and no FILE
  identity STATE_JSON         the identity of each thing in the state
  values DYNVAL DOC LOG...    every logged DynamicValue

Numbers are read exactly (ints as int, others as Decimal), so
12345678901234567890 and 0.1 are compared digit for digit.
"""
import base64
import json
import os
import subprocess
import sys
import zipfile
from decimal import Decimal

THING = "dynvalexample_thing"
CLIENTS = {  # word of the checks, provider address, name
    "opentofu": ("e2e", "registry.opentofu.org/libdynval/dynvalexample", "OpenTofu"),
    "terraform": ("e2e-terraform", "registry.terraform.io/libdynval/dynvalexample", "Terraform"),
}
client = "opentofu"
provider = "go"
failures = 0
prefix = ""  # of every check's name


def check(name, ok, why=""):
    global failures
    name = prefix + name
    word = CLIENTS[client][0] + ("-rust" if provider == "rust" else "")
    if ok:
        print(f"{word} {name} ok")
    else:
        failures += 1
        print(f"{word} {name} FAILED: {why}")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_float=Decimal)


def resources(doc, key):
    """The resources of a show -json document's values (key "values" for a
    state, "planned_values" / "prior_state" for a plan), by address."""
    values = doc.get(key) or {}
    values = values.get("values", values)  # prior_state nests one level more
    return {r["address"]: r for r in values.get("root_module", {}).get("resources", [])}


def same(name, got, want):
    check(name, got == want and type(got) is type(want), f"got {got!r}, want {want!r}")


def schema(path):
    doc = load(path)
    prov = doc["provider_schemas"][CLIENTS[client][1]]
    thing = prov["resource_schemas"][THING]
    block = thing["block"]
    attrs = block["attributes"]
    check("schema:version", thing["version"] == 1, thing["version"])
    check("schema:flags",
          attrs["name"].get("required") and attrs["id"].get("computed") and not attrs["id"].get("optional")
          and attrs["region"].get("optional") and attrs["region"].get("computed")
          and attrs["secret"].get("sensitive") and attrs["password_wo"].get("sensitive"),
          json.dumps(attrs)[:400])
    check("schema:types",
          attrs["labels"]["type"] == ["map", "string"] and attrs["tags"]["type"] == ["set", "string"]
          and attrs["extra"]["type"] == "dynamic", "")
    nt = attrs["endpoints"].get("nested_type", {})
    check("schema:nested-attribute", nt.get("nesting_mode") == "list" and set(nt.get("attributes", {})) == {"host", "port"}, nt)
    bt = block.get("block_types", {})
    check("schema:blocks",
          bt.get("network", {}).get("nesting_mode") == "single" and bt.get("rule", {}).get("nesting_mode") == "list"
          and bt["rule"].get("max_items") == 8, bt)
    check("schema:data-source", set(prov["data_source_schemas"][THING]["block"]["attributes"]) ==
          {"id", "labels", "name", "serial", "tags"}, "")
    if client == "terraform":  # OpenTofu 1.9 does not ask for identity schemas
        ident = prov.get("resource_identity_schemas", {}).get(THING, {})
        ia = ident.get("attributes", {})
        check("schema:identity", ident.get("version") == 0 and ia.get("id", {}).get("required_for_import")
              and ia.get("region", {}).get("optional_for_import") and set(ia) == {"id", "region"}, ident)


def plan_create(path):
    doc = load(path)
    changes = {rc["address"]: rc for rc in doc.get("resource_changes", [])}
    for addr in (f"{THING}.a", f"{THING}.b"):
        check(f"plan:{addr}:create", changes.get(addr, {}).get("change", {}).get("actions") == ["create"], changes.get(addr))
    a = changes[f"{THING}.a"]["change"]
    same("plan:default-region", a["after"].get("region"), "eu-west-1")
    same("plan:default-nested-port", [e.get("port") for e in a["after"].get("endpoints", [])], [443, 8080])
    same("plan:default-block-protocol", [r.get("protocol") for r in a["after"].get("rule", [])], ["tcp", "udp"])
    check("plan:computed-unknown", a["after_unknown"].get("id") is True and a["after_unknown"].get("serial") is True,
          a["after_unknown"])
    out = doc.get("output_changes", {}).get("a_id_is_thing", {})
    check("plan:refinement-used-by-client", out.get("after") is True and out.get("after_unknown") is False, out)
    b = changes[f"{THING}.b"]["change"]
    check("plan:refined-reference-unknown", b["after_unknown"].get("display_name") is True
          and b["after_unknown"].get("extra") == {"parent_serial": True}, b["after_unknown"])


def state(path, display_name="first"):
    """Checks named after the file: state-create:..., state-update:..."""
    global prefix
    prefix = os.path.basename(path).removesuffix(".json") + ":"
    res = resources(load(path), "values")
    a = res.get(f"{THING}.a", {}).get("values")
    b = res.get(f"{THING}.b", {}).get("values")
    d = res.get(f"data.{THING}.a", {}).get("values")
    if not (a and b and d):
        check("resources", False, f"missing resources: {sorted(res)}")
        return
    tid = a.get("id") or ""
    check("id-prefix", tid.startswith("thing-") and len(tid) == 22, tid)
    check("serial", type(a.get("serial")) is int and a["serial"] >= 1, a.get("serial"))
    same("name", a["name"], "Zoë Ångström 日本")
    same("display_name", a["display_name"], display_name)
    same("big-number", a["quantity"], 12345678901234567890)
    same("map-keys", a["labels"], {"zoë": "ü", "日本": "語", "a b": "c"})
    same("set-elements", a["tags"], ["alpha", "Ωmega", "β"])
    same("dynamic", a["extra"], {
        "answer": 12345678901234567890, "ratio": Decimal("0.1"), "list": [1, "two", True],
        "ключ": "значение", "nested": {"deep": [{"x": Decimal("-0.5")}]}})
    check("decimal-0.1", str(a["extra"]["ratio"]) == "0.1", a["extra"]["ratio"])
    same("nested-attribute", a["endpoints"], [{"host": "a.example", "port": 443}, {"host": "b.example", "port": 8080}])
    same("single-block", a["network"], {"subnet": "10.0.0.0/24", "mtu": None})
    same("list-block", a["rule"], [{"port": 22, "protocol": "tcp", "description": None},
                                         {"port": 53, "protocol": "udp", "description": "DNS — ünïcode"}])
    same("optional-computed", a["region"], "eu-west-1")
    same("sensitive", a["secret"], "hunter2")
    sens = res[f"{THING}.a"].get("sensitive_values", {})
    check("sensitive-marked", sens.get("secret") is True and sens.get("password_wo") is True, sens)
    same("write-only-null", a["password_wo"], None)
    same("reference-id", b["display_name"], tid)
    same("reference-serial", b["extra"], {"parent_serial": a["serial"]})
    same("data-source", {k: d[k] for k in ("id", "name", "serial", "labels", "tags")},
         {k: a[k] for k in ("id", "name", "serial", "labels", "tags")})


def plan_actions(path, addr, actions, replace_path=None):
    doc = load(path)
    rc = {r["address"]: r for r in doc.get("resource_changes", [])}.get(addr, {})
    got = rc.get("change", {}).get("actions")
    want = actions.split(",")
    name = f"plan:{addr}:{'-'.join(want)}"
    if replace_path:
        check(name, sorted(got or []) == sorted(want) and rc.get("change", {}).get("replace_paths") == [[replace_path]],
              f"actions {got}, replace_paths {rc.get('change', {}).get('replace_paths')}")
    else:
        check(name, got == want, f"actions {got}")


def downgrade_state(path):
    """Rewrites thing a as version 0 of the schema stored it: display_name
    was called label."""
    with open(path, encoding="utf-8") as f:
        st = json.load(f)
    for r in st["resources"]:
        if r["mode"] == "managed" and r["name"] == "a":
            for inst in r["instances"]:
                inst["schema_version"] = 0
                inst["attributes"]["label"] = inst["attributes"].pop("display_name")
    st["serial"] += 1
    with open(path, "w", encoding="utf-8") as f:
        json.dump(st, f, indent=2, ensure_ascii=False)


def upgraded(path, label):
    prior = resources(load(path), "prior_state").get(f"{THING}.a", {}).get("values", {})
    same("upgrade:label-to-display_name", prior.get("display_name"), label)
    check("upgrade:label-gone", "label" not in prior, sorted(prior))


def read_log(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def as_json(dynval, doc, entry):
    """A logged value as the JSON of its schema; a value that has none (an
    unknown) is an exception."""
    r = subprocess.run([dynval, "convert", "--schema", doc, "--block", entry["schema"],
                        "--from", "msgpack", "--to", "json"],
                       input=base64.b64decode(entry["msgpack"]), capture_output=True, check=True)
    return json.loads(r.stdout)


def contents(path):
    """The bytes of a file, or of each member of a zip file (a saved plan)."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            return [z.read(name) for name in z.namelist()]
    with open(path, "rb") as f:
        return [f.read()]


def write_only(dynval, doc, log, secret, *files):
    """The write-only password reached ApplyResourceChange in the
    configuration; the provider planned and stored it as null, and none of
    FILES (plan, state, the provider's store) holds it."""
    entries = read_log(log)
    configs = [as_json(dynval, doc, e) for e in entries
               if e["dir"] == "recv" and e["rpc"] == "ApplyResourceChange" and e["field"] == "config"]
    check("write-only:apply-config", any(c and c.get("password_wo") == secret for c in configs),
          f"no ApplyResourceChange configuration with the password among {len(configs)}")
    sent = [(e["rpc"], e["field"], as_json(dynval, doc, e)) for e in entries
            if e["dir"] == "sent" and e["schema"] == f"resource:{THING}"
            and e["field"] in ("new_state", "imported_state", "upgraded_state")]
    kept = [f"{rpc} {fld}" for rpc, fld, v in sent if v and v.get("password_wo") is not None]
    check("write-only:states-sent-null", sent and not kept, f"{len(kept)} of {len(sent)}: {kept[:5]}")
    holding = [f for f in files if any(secret.encode() in data for data in contents(f))]
    check("write-only:not-kept", not holding, f"the value is in {holding}")


def identity(path):
    """Each thing's identity in the state is its id and region, as the
    provider returned it (named after the file, as state's checks)."""
    global prefix
    prefix = os.path.basename(path).removesuffix(".json") + ":"
    res = resources(load(path), "values")
    for name in ("a", "b"):
        r = res.get(f"{THING}.{name}", {})
        v = r.get("values", {})
        same(f"identity-{name}", r.get("identity"), {"id": v.get("id"), "region": v.get("region")})
        same(f"identity-{name}-version", r.get("identity_schema_version"), 0)


# The request fields where the client hands back what the provider sent.
ECHOED = ("prior_state", "planned_state", "current_state", "prior_identity", "planned_identity", "current_identity")


def values(dynval, doc, logs):
    """Every DynamicValue the client sent must re-encode by the schema to the
    same bytes; every value the provider sent must too. The states and
    identities the client hands back (prior, planned, current) must be byte
    for byte a value the provider sent before: go-cty re-encoding our output
    gives our bytes. OpenTofu 1.9 prints no identity schemas (and drops
    the identity data the provider sends it): identities are read by the
    provider's own schema.json then."""
    entries = []
    for log in logs:
        entries += read_log(log)
    identity_doc = doc
    if "resource_identity_schemas" not in load(doc)["provider_schemas"][CLIENTS[client][1]]:
        identity_doc = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "provider", "schema.json")
    sent = {base64.b64decode(e["msgpack"]) for e in entries if e["dir"] == "sent" and "msgpack" in e}
    bad, echoes, echo_bad, refined = [], 0, [], 0
    for e in entries:
        data = base64.b64decode(e["msgpack"]) if "msgpack" in e else None
        if data is None:
            bad.append(f"{e['rpc']} {e['field']}: not MessagePack")
            continue
        r = subprocess.run([dynval, "convert", "--schema", identity_doc if e["schema"].startswith("identity:") else doc,
                            "--block", e["schema"], "--from", "msgpack", "--to", "msgpack"],
                           input=data, capture_output=True)
        if r.returncode != 0 or r.stdout != data:
            bad.append(f"{e['dir']} {e['rpc']} {e['field']}: {r.stderr.decode(errors='replace').strip() or 'different bytes'}")
        if e["dir"] == "recv" and e["field"] in ECHOED and data != b"\xc0":
            echoes += 1
            if data not in sent:
                echo_bad.append(f"{e['rpc']} {e['field']}")
        if e["dir"] == "recv" and e["rpc"] == "PlanResourceChange" and e["field"] == "config" and b"\x0c" in data:
            p = subprocess.run([dynval, "convert", "--schema", doc, "--block", e["schema"],
                                "--from", "msgpack", "--to", "pretty"], input=data, capture_output=True)
            out = p.stdout.decode()
            if 'prefix "thing-"' in out and ">= 1" in out:
                refined += 1
    recv = sum(1 for e in entries if e["dir"] == "recv")
    check("values:reencode", entries and not bad,
          f"{len(bad)} of {len(entries)}: " + "; ".join(bad[:5]))
    check("values:echoed", echoes > 0 and not echo_bad, f"{len(echo_bad)} of {echoes}: " + "; ".join(echo_bad[:5]))
    check("values:refined-unknowns-received", refined > 0, "no configuration with refined unknowns")
    print(f"DynamicValues checked: {len(entries)} ({recv} received from {CLIENTS[client][2]}, {len(entries) - recv} sent), "
          f"{echoes} received states and identities identical to bytes the provider sent")


def main():
    global client, provider
    args = sys.argv[1:]
    while args[:1] in (["--client"], ["--provider"]):
        if args[0] == "--client":
            client = args[1]
        else:
            provider = args[1]
        args = args[2:]
    cmd, args = args[0], args[1:]
    run = {"schema": schema, "plan-create": plan_create, "state": state, "plan-actions": plan_actions,
           "downgrade-state": downgrade_state, "upgraded": upgraded, "write-only": write_only, "identity": identity,
           "values": lambda dynval, doc, *logs: values(dynval, doc, logs)}[cmd]
    try:
        run(*args)
    except Exception as e:  # a missing file, a key the document lacks: one failure, not silence
        check(f"{cmd}:ran", False, f"{type(e).__name__}: {e}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
