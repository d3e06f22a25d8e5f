#!/usr/bin/env python3
"""Black-box tests of the dynval tool: outputs, error reports and exit codes.

Usage: cli_test.py DYNVAL_BINARY SOURCE_ROOT. Prints TAP.
"""
import json
import os
import random
import resource
import subprocess
import tempfile

from tap import DYNVAL, ROOT, case, eq, run, finish

SCHEMA = os.path.join(ROOT, "examples", "data", "schema.json")
PLAN = os.path.join(ROOT, "examples", "data", "planned-state.msgpack")


@case("help exits 0 and documents every command")
def _():
    rc, out, _ = run("--help")
    eq(rc, 0, "exit")
    for word in (b"convert", b"type", b"schema", b"inspect", b"validate", b"plan proposed", b"EXIT STATUS", b"--hex"):
        assert word in out, word


@case("no command is a usage error (2)")
def _():
    rc, _, err = run()
    eq(rc, 2, "exit")
    assert "missing command" in err


@case("unknown option is a usage error (2)")
def _():
    rc, _, err = run("convert", "--bogus")
    eq(rc, 2, "exit")
    assert "--bogus" in err


@case("missing input file is a usage error (2)")
def _():
    rc, _, err = run("convert", "--type", '"string"', "--from", "json", "--to", "json", "/nonexistent/x")
    eq(rc, 2, "exit")
    assert "cannot read" in err


@case("vector: string as dynamic, msgpack hex -> json")
def _():
    rc, out, err = run("convert", "--type", '"dynamic"', "--from", "msgpack", "--to", "json", "--hex",
                       stdin=b"92c40822737472696e6722a26869\n")
    eq(rc, 0, "exit " + err)
    eq(out, b'{"value":"hi","type":"string"}\n')


@case("vector: json -> msgpack hex (set of strings sorted)")
def _():
    rc, out, err = run("convert", "--type", '["set","string"]', "--from", "json", "--to", "msgpack", "--hex",
                       stdin=b'["b","a","B","a"]')
    eq(rc, 0, "exit " + err)
    eq(out, b"93a142a161a162\n")


@case("msgpack -> msgpack round trip of the bundled example is byte-identical")
def _():
    rc, out, err = run("convert", "--schema", SCHEMA, "--block", "resource:acme_server",
                       "--from", "msgpack", "--to", "msgpack", PLAN)
    eq(rc, 0, "exit " + err)
    eq(out, open(PLAN, "rb").read())


@case("same-format round trips canonicalise as go-cty: sorted keys, last duplicate, NFC, numbers")
def _():
    # {"b":1,"a":2,"a":"3"} with a float 1.0 and "1e2" as text; the second "a" wins
    rc, out, err = run("convert", "--type", '["map","number"]', "--from", "msgpack", "--to", "msgpack", "--hex",
                       stdin=b"83a162cb3ff0000000000000a16102a161a3316532")
    eq(rc, 0, "exit " + err)
    eq(out.strip(), b"82a16164a16201")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "in.json")  # a file: read with padding and parsed in place
        with open(path, "wb") as f:
            f.write(b'{"b":null,"a":{"value":1e2,"type":"number"},"b":{"value":"e\\u0301","type":"string"}}')
        rc, out, err = run("convert", "--type", '["object",{"a":"dynamic","b":"dynamic"}]', "--from", "json",
                           "--to", "json", path)
        eq(rc, 0, "exit " + err)
        eq(out, '{"a":{"value":100,"type":"number"},"b":{"value":"\u00e9","type":"string"}}\n'.encode())
        rc, out, err = run("convert", "--type", '["map","number"]', "--from", "json", "--to", "json", path)
        eq(rc, 1, "exit")
        assert "number is required" in err, err


@case("pretty view of the bundled example shows unknowns and refinements")
def _():
    rc, out, err = run("convert", "--schema", SCHEMA, "--block", "resource:acme_server",
                       "--from", "msgpack", "--to", "pretty", PLAN)
    eq(rc, 0, "exit " + err)
    text = out.decode()
    assert 'name              = "web-1"' in text, text
    assert '(unknown string, not null, prefix "arn:acme:compute:eu-west-1:")' in text, text
    assert "(unknown number, not null, >= 1, <= 512)" in text, text
    assert "(unknown list of string, not null, length >= 1)" in text, text


@case("unknown values cannot be written as JSON: exit 1 with path")
def _():
    rc, _, err = run("convert", "--schema", SCHEMA, "--block", "resource:acme_server",
                     "--from", "msgpack", "--to", "json", PLAN)
    eq(rc, 1, "exit")
    assert "value is not known" in err, err
    assert " at .arn" in err, err


@case("invalid input: exit 1 with path and byte offset")
def _():
    # object {a: list(string)} whose list holds an integer at index 1
    rc, _, err = run("convert", "--type", '["object",{"a":["list","string"]}]', "--from", "msgpack",
                     "--to", "json", "--hex", stdin=b"81 a1 61 92 a1 78 05")
    eq(rc, 1, "exit")
    assert "string is required" in err, err
    assert ".a[1]" in err, err
    assert "(byte 6)" in err, err


@case("--strict rejects trailing bytes, default ignores them")
def _():
    rc, out, _ = run("convert", "--type", '"number"', "--from", "msgpack", "--to", "json", "--hex", stdin=b"01ff")
    eq(rc, 0, "exit default")
    eq(out, b"1\n")
    rc, _, err = run("convert", "--type", '"number"', "--from", "msgpack", "--to", "json", "--hex", "--strict",
                     stdin=b"01ff")
    eq(rc, 1, "exit strict")


@case("bad hex is invalid input (1)")
def _():
    rc, _, err = run("convert", "--type", '"number"', "--from", "msgpack", "--to", "json", "--hex", stdin=b"0g")
    eq(rc, 1, "exit")
    assert "hex" in err


@case("type prints the implied type of a block")
def _():
    rc, out, err = run("type", "--schema", SCHEMA, "--block", "data:acme_image")
    eq(rc, 0, "exit " + err)
    eq(out, b'["object",{"id":"string","name":"string"}]\n')


@case("type --list lists every block, as schema --list does")
def _():
    rc, out, err = run("type", "--schema", SCHEMA, "--list")
    eq(rc, 0, "exit " + err)
    eq(out.decode().split("\n"), ["provider", "resource:acme_server", "data:acme_image", ""], "selectors")
    eq(run("schema", "--schema", SCHEMA, "--list")[1], out, "the same listing")


@case("unknown block is invalid input (1)")
def _():
    rc, _, err = run("type", "--schema", SCHEMA, "--block", "resource:nope")
    eq(rc, 1, "exit")
    assert "nope" in err


@case("bad selector is a usage error (2)")
def _():
    rc, _, _ = run("type", "--schema", SCHEMA, "--block", "resourcex")
    eq(rc, 2, "exit")


@case("inspect masks sensitive values and lists unknowns")
def _():
    rc, out, err = run("inspect", "--schema", SCHEMA, "--block", "resource:acme_server", "--from", "msgpack", PLAN)
    eq(rc, 0, "exit " + err)
    text = out.decode()
    assert "hunter2" not in text, text
    assert "admin_password    = (sensitive value)" in text, text
    assert "unknown values: 7" in text, text
    assert ".network_interface[1].private_ip: (unknown string, not null)" in text, text
    assert "sensitive values: 1" in text, text


@case("validate: the bundled plan is valid")
def _():
    rc, out, err = run("validate", "--schema", SCHEMA, "--block", "resource:acme_server", "--from", "msgpack", PLAN)
    eq(rc, 0, "exit " + err)
    eq(out, b"valid\n")


@case("validate: a missing required attribute and too few blocks fail with paths")
def _():
    doc = {"id": None, "arn": None, "name": None, "cpu": None, "memory_gib": None, "enabled": None,
           "tags": None, "admin_password": None, "ip_addresses": None, "security_groups": None,
           "metadata": None, "network_interface": [], "disk": None, "timeouts": None}
    rc, _, err = run("validate", "--schema", SCHEMA, "--block", "resource:acme_server", "--from", "json",
                     stdin=json.dumps(doc).encode())
    eq(rc, 1, "exit")
    assert ".name" in err, err
    assert ".network_interface" in err, err


@case("convert writes to an output file")
def _():
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "o.json")
        rc, _, err = run("convert", "--type", '["map","number"]', "--from", "msgpack", "--to", "json", "--hex",
                         "-", out, stdin=b"82a162 02 a161 01")
        eq(rc, 0, "exit " + err)
        eq(open(out, "rb").read(), b'{"a":1,"b":2}\n')


@case("input stops at --max-input-size, even from an endless stream")
def _():
    p = subprocess.run([DYNVAL, "convert", "--type", '"number"', "--from", "json", "--to", "json",
                        "--max-input-size", "100000", "/dev/zero"], capture_output=True, timeout=60)
    eq(p.returncode, 1, "exit")
    err = p.stderr.decode()
    assert "limit exceeded" in err and "100000 bytes" in err, err


@case("a failed write is an error naming the path")
def _():
    if not os.path.exists("/dev/full"):
        return
    rc, _, err = run("convert", "--type", '"number"', "--from", "json", "--to", "json", "-", "/dev/full",
                     stdin=b"1")
    eq(rc, 2, "exit")
    assert "/dev/full" in err and "cannot write" in err, err
    p = subprocess.run(f"{DYNVAL} convert --type '\"number\"' --from json --to json > /dev/full",
                       shell=True, input=b"1", capture_output=True, timeout=60)
    eq(p.returncode, 2, "stdout exit")
    assert "standard output" in p.stderr.decode(), p.stderr


@case("a directory as IN is a usage error")
def _():
    with tempfile.TemporaryDirectory() as d:
        rc, _, err = run("convert", "--type", '"number"', "--from", "json", "--to", "json", d)
        eq(rc, 2, "exit")
        assert "is a directory" in err and d in err, err


@case("output stops at --max-output-size (convert, pretty, inspect)")
def _():
    doc = b"[" + b",".join([b'"abcdefgh"'] * 100) + b"]"
    for to in ("json", "msgpack", "pretty"):
        rc, out, err = run("convert", "--type", '["list","string"]', "--from", "json", "--to", to,
                           "--max-output-size", "500", stdin=doc)
        eq(rc, 1, "exit " + to)
        assert "limit exceeded" in err and "500 bytes" in err, err
        eq(out, b"", "output " + to)
    rc, _, err = run("inspect", "--type", '["list","string"]', "--from", "json", "--max-output-size", "500",
                     stdin=doc)
    eq(rc, 1, "inspect exit")
    assert "500 bytes" in err, err
    rc, _, err = run("convert", "--type", '["list","string"]', "--from", "json", "--to", "json",
                     "--max-output-size", "2000", stdin=doc)
    eq(rc, 0, "under the limit " + err)


@case("inspect masks a sensitive attribute named in non-NFC form")
def _():
    with tempfile.TemporaryDirectory() as d:
        schema = os.path.join(d, "s.json")
        with open(schema, "w") as f:
            f.write('{"format_version":"1.0","provider_schemas":{"p":{"provider":{"version":0,"block":'
                    '{"attributes":{"se\\u0301cret":{"type":"string","sensitive":true,"optional":true}}}}}}}')
        rc, out, err = run("inspect", "--schema", schema, "--block", "provider", "--from", "json",
                           stdin='{"s\u00e9cret":"hunter2"}'.encode())
        eq(rc, 0, "exit " + err)
        assert b"hunter2" not in out, out
        assert b"(sensitive value)" in out and b"sensitive values: 1" in out, out


@case("messages escape control bytes and NUL")
def _():
    rc, _, err = run("convert", "--type", '"bool"', "--from", "json", "--to", "json", stdin=b"tru\x00\x01e")
    eq(rc, 1, "exit")
    assert "\\x00" in err and "\x01" not in err and "\x00" not in err, repr(err)


@case("schema errors: trailing garbage and a duplicated provider are located")
def _():
    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "s.json")
        body = '{"format_version":"1.0","provider_schemas":{"p":{"provider":{"version":0,"block":{}}}}}'
        with open(bad, "w") as f:
            f.write(body + " xx")
        rc, _, err = run("type", "--schema", bad, "--block", "provider")
        eq(rc, 1, "exit")
        assert f"(byte {len(body) + 1})" in err and "after top-level value" in err, err
        with open(bad, "w") as f:
            f.write('{"provider_schemas":{"p":{"provider":{"version":0,"block":{}}},'
                    '"p":{"provider":{"version":0,"block":{}}}}}')
        rc, _, err = run("type", "--schema", bad, "--block", "provider")
        eq(rc, 1, "exit")
        assert 'duplicate provider "p"' in err and "(byte " in err, err


@case("help documents --as and --ignore-undefined-attributes")
def _():
    rc, out, _ = run("--help")
    eq(rc, 0, "exit")
    assert b"--as TYPE_JSON" in out and b"--ignore-undefined-attributes" in out


@case("pretty view: strings quoted as Go's %q (no HTML escapes), map keys and names aligned")
def _():
    t = '["object",{"a":["map","string"],"long_name":"string","x y":"number"}]'
    doc = '{"a":{"k":"<R&D>","longer key":"Zo\u00eb","\u00e9t\u00e9":"a\\"b\\\\c\\n\\u2028"},' \
          '"long_name":"\\u0000\\u007f","x y":1}'
    rc, out, err = run("convert", "--type", t, "--from", "json", "--to", "pretty", stdin=doc.encode())
    eq(rc, 0, "exit " + err)
    eq(out.decode(), """\
{
  a         = {
    "k"          = "<R&D>"
    "longer key" = "Zo\u00eb"
    "\u00e9t\u00e9"        = "a\\"b\\\\c\\n\\u2028"
  }
  long_name = "\\x00\\x7f"
  "x y"     = 1
}
""")


@case("--as: tuple -> list of number, by go-cty's conversion rules")
def _():
    rc, out, err = run("convert", "--type", '["tuple",["number","string"]]', "--as", '["list","number"]',
                       "--from", "json", "--to", "json", stdin=b'[1,"2"]')
    eq(rc, 0, "exit " + err)
    eq(out, b"[1,2]\n")


@case("--as: optional attributes default to null and are encoded without markers")
def _():
    rc, out, err = run("convert", "--type", '["map","string"]',
                       "--as", '["object",{"a":"number","b":"string"},["b"]]',
                       "--from", "json", "--to", "msgpack", "--hex", stdin=b'{"a":"7","zz":"x"}')
    eq(rc, 0, "exit " + err)
    eq(out, b"82a16107a162c0\n")


@case("--as: a refused conversion exits 1 with go-cty's message and path")
def _():
    rc, out, err = run("convert", "--type", '["list","string"]', "--as", '["list","number"]',
                       "--from", "json", "--to", "json", stdin=b'["1","x"]')
    eq(rc, 1, "exit")
    eq(out, b"")
    assert "at [1]" in err and "a number is required" in err, err
    rc, _, err = run("convert", "--type", '"number"', "--as", '"bool"', "--from", "json", "--to", "json",
                     stdin=b"1")
    eq(rc, 1, "exit")
    assert "bool required, but have number" in err, err


@case("--as keeps dynamic wrappers where the --as type is dynamic")
def _():
    rc, out, err = run("convert", "--type", '["object",{"a":"number"}]', "--as", '["object",{"a":"dynamic"}]',
                       "--from", "json", "--to", "json", stdin=b'{"a":1}')
    eq(rc, 0, "exit " + err)
    eq(out, b'{"a":{"value":1,"type":"number"}}\n')


@case("--as is only an option of convert")
def _():
    rc, _, err = run("inspect", "--type", '"string"', "--as", '"string"', "--from", "json", stdin=b'"x"')
    eq(rc, 2, "exit")
    assert "--as" in err


@case("--ignore-undefined-attributes skips removed attributes, in both formats")
def _():
    t = '["object",{"id":"string","tags":["map","string"]}]'
    doc = b'{"id":"i-1","removed":{"deep":[1,2]},"tags":{"removed":"kept"}}'
    rc, _, err = run("convert", "--type", t, "--from", "json", "--to", "json", stdin=doc)
    eq(rc, 1, "exit")
    assert 'unsupported attribute "removed"' in err, err
    rc, out, err = run("convert", "--type", t, "--from", "json", "--to", "json",
                       "--ignore-undefined-attributes", stdin=doc)
    eq(rc, 0, "exit " + err)
    eq(out, b'{"id":"i-1","tags":{"removed":"kept"}}\n')
    # MessagePack {"id": "i-1", "old": 1, "tags": {}} (direct transcode and decode)
    mp = b"83a26964a3692d31a36f6c6401a47461677380"
    for to in ("json", "pretty"):
        rc, out, err = run("convert", "--type", t, "--from", "msgpack", "--to", to, "--hex",
                           "--ignore-undefined-attributes", stdin=mp)
        eq(rc, 0, "exit " + err)
        assert b"i-1" in out and b"old" not in out, out
    rc, _, err = run("convert", "--type", t, "--from", "msgpack", "--to", "json", "--hex", stdin=mp)
    eq(rc, 1, "exit")


@case("input files of every size around a page boundary read as their bytes (mapped, padded for JSON)")
def _():
    # Regular files are mapped with zero padding after them; the JSON
    # readers may read 64 bytes past the end, which for these sizes crosses
    # into the next page. Each must give what the same bytes on stdin give.
    page = os.sysconf("SC_PAGE_SIZE")
    with tempfile.TemporaryDirectory() as d:
        for size in list(range(page - 70, page + 3)) + [2 * page - 1, 2 * page]:
            text = ("x" * (size - 2)).encode()
            doc = b'"' + text + b'"'
            path = os.path.join(d, "in.json")
            with open(path, "wb") as f:
                f.write(doc)
            rc, out, err = run("convert", "--type", '"string"', "--from", "json", "--to", "json", path)
            eq(rc, 0, "exit %d: %s" % (size, err))
            eq(out, doc + b"\n")
            rc, mp, err = run("convert", "--type", '"string"', "--from", "json", "--to", "msgpack", path)
            eq(rc, 0, "exit %d: %s" % (size, err))
            mpath = os.path.join(d, "in.msgpack")
            with open(mpath, "wb") as f:
                f.write(mp)
            rc, back, err = run("convert", "--type", '"string"', "--from", "msgpack", "--to", "msgpack", mpath)
            eq(rc, 0, "exit %d: %s" % (size, err))
            eq(back, mp)
            rc, piped, _ = run("convert", "--type", '"string"', "--from", "msgpack", "--to", "msgpack", stdin=mp)
            eq(piped, back)


def mp(v):
    """A minimal MessagePack encoder for the tests: None, bool, int, str,
    bytes, list, dict, and Ext(code, payload)."""
    if v is None:
        return b"\xc0"
    if v is True or v is False:
        return b"\xc3" if v else b"\xc2"
    if isinstance(v, int):
        assert 0 <= v < 0x10000
        return bytes([v]) if v < 0x80 else b"\xcd" + v.to_bytes(2, "big")
    if isinstance(v, str):
        b = v.encode()
        assert len(b) < 256
        return (bytes([0xa0 | len(b)]) if len(b) < 32 else b"\xd9" + bytes([len(b)])) + b
    if isinstance(v, bytes):
        assert len(v) < 256
        return b"\xc4" + bytes([len(v)]) + v
    if isinstance(v, list):
        assert len(v) < 16
        return bytes([0x90 | len(v)]) + b"".join(mp(x) for x in v)
    if isinstance(v, dict):
        assert len(v) < 16
        return bytes([0x80 | len(v)]) + b"".join(mp(k) + mp(x) for k, x in v.items())
    if isinstance(v, Ext):
        assert len(v.payload) < 256
        return b"\xc7" + bytes([len(v.payload), v.code]) + v.payload
    raise TypeError(v)


class Ext:
    def __init__(self, code, payload):
        self.code, self.payload = code, payload


def refined(**r):
    """An unknown value refined as go-cty writes it (extension 12): not_null,
    prefix, lower/upper ((number, inclusive)), len_min/len_max."""
    keys = {"not_null": 1, "prefix": 2, "lower": 3, "upper": 4, "len_min": 5, "len_max": 6}
    body = {}
    for k, v in r.items():
        body[keys[k]] = (not v) if k == "not_null" else list(v) if isinstance(v, tuple) else v
    return Ext(12, mp(body))


SENSITIVE_SCHEMA = json.dumps({"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"r": {
    "version": 0, "block": {
        "attributes": {
            "token": {"type": "string", "sensitive": True, "optional": True},
            "pin": {"type": "number", "sensitive": True, "optional": True},
            "secrets": {"type": ["map", "string"], "sensitive": True, "optional": True},
            "blob": {"type": "dynamic", "sensitive": True, "optional": True},
            "users": {"nested_type": {"nesting_mode": "map", "attributes": {
                "name": {"type": "string", "optional": True},
                "password": {"type": "string", "sensitive": True, "optional": True}}}, "optional": True},
            "tags": {"type": ["map", "string"], "optional": True},
            "note": {"type": "string", "optional": True},
        },
        "block_types": {"conn": {"nesting_mode": "list", "block": {"attributes": {
            "keys": {"type": ["list", "string"], "sensitive": True, "optional": True},
            "host": {"type": "string", "optional": True}}}}},
    }}}}}})
# Every value below a sensitive attribute holds one of these words; none may
# be printed unless --show-sensitive.
SECRET_WORDS = [b"hunter2", b"4242", b"9191", b"swordfish", b"opensesame", b"s3cr3t", b"xyzzy", b"plugh",
                b"1313", b"1717"]
SENSITIVE_VALUE = mp({
    "token": refined(not_null=True, prefix="hunter2-"),
    "pin": refined(not_null=True, lower=(4242, True), upper=(9191, False)),
    "secrets": {"swordfish-key": refined(prefix="opensesame-"), "plain-key": "s3cr3t"},
    "blob": [b'["object",{"xyzzy":"string"}]', {"xyzzy": refined(prefix="xyzzy-")}],
    "users": {"alice": {"name": "Alice", "password": refined(prefix="plugh-")},
              "bob": {"name": "Bob", "password": None}},
    "tags": {"cost-center": "<R&D>", "env": "prod", "tab\t\"q\"\\": "\x01"},
    "note": refined(prefix="<b>"),
    "conn": [{"keys": refined(len_min=1313, len_max=1717), "host": "h1"}],
})


def sensitive_run(*args):
    with tempfile.TemporaryDirectory() as d:
        schema = os.path.join(d, "s.json")
        with open(schema, "w") as f:
            f.write(SENSITIVE_SCHEMA)
        return run(*args, "--schema", schema, "--block", "resource:r", "--from", "msgpack", stdin=SENSITIVE_VALUE)


@case("inspect prints nothing at or below a sensitive attribute: no prefix, bound, length, map key, type")
def _():
    rc, out, err = sensitive_run("inspect")
    eq(rc, 0, "exit " + err)
    for w in SECRET_WORDS:
        assert w not in out and w.decode() not in err, (w, out)
    eq(out.decode(), """\
type: ["object",{"blob":"dynamic","conn":["list",["object",{"host":"string","keys":["list","string"]}]],\
"note":"string","pin":"number","secrets":["map","string"],"tags":["map","string"],"token":"string",\
"users":["map",["object",{"name":"string","password":"string"}]]}]
value: {
  blob    = (sensitive value)
  conn    = [
    {
      host = "h1"
      keys = (sensitive value)
    },
  ]
  note    = (unknown string, prefix "<b>")
  pin     = (sensitive value)
  secrets = (sensitive value)
  tags    = {
    "cost-center"  = "<R&D>"
    "env"          = "prod"
    "tab\\t\\"q\\"\\\\" = "\\x01"
  }
  token   = (sensitive value)
  users   = {
    "alice" = {
      name     = "Alice"
      password = (sensitive value)
    }
    "bob"   = {
      name     = "Bob"
      password = null
    }
  }
}
unknown values: 7
  .blob: (sensitive value, unknown in whole or in part)
  .conn[0].keys: (sensitive value, unknown in whole or in part)
  .note: (unknown string, prefix "<b>")
  .pin: (sensitive value, unknown in whole or in part)
  .secrets: (sensitive value, unknown in whole or in part)
  .token: (sensitive value, unknown in whole or in part)
  .users["alice"].password: (sensitive value, unknown in whole or in part)
sensitive values: 7
  .blob
  .conn[0].keys
  .pin
  .secrets
  .token
  .users["alice"].password
  .users["bob"].password
""")


@case("convert --to pretty masks sensitive attributes by the schema; --show-sensitive shows them")
def _():
    rc, out, err = sensitive_run("convert", "--to", "pretty")
    eq(rc, 0, "exit " + err)
    for w in SECRET_WORDS:
        assert w not in out and w.decode() not in err, (w, out)
    assert b"  secrets = (sensitive value)\n" in out, out
    assert b'"cost-center"  = "<R&D>"' in out, out
    rc, shown, err = sensitive_run("convert", "--to", "pretty", "--show-sensitive")
    eq(rc, 0, "exit " + err)
    for w in SECRET_WORDS:
        assert w in shown, (w, shown)
    assert b'    "plain-key"     = "s3cr3t"\n    "swordfish-key" = (unknown string, prefix "opensesame-")\n' in shown, shown
    assert b'token   = (unknown string, not null, prefix "hunter2-")' in shown, shown
    assert b"pin     = (unknown number, not null, >= 4242, < 9191)" in shown, shown
    # the same lines but the masked ones
    masked = [l for l in out.split(b"\n")]
    assert len(masked) < len(shown.split(b"\n")), (out, shown)
    # --type has no schema: nothing is masked
    rc, out, err = run("convert", "--type", '["object",{"token":"string"}]', "--from", "json", "--to", "pretty",
                       stdin=b'{"token":"hunter2"}')
    eq(rc, 0, "exit " + err)
    eq(out, b'{\n  token = "hunter2"\n}\n')


@case("convert --to pretty --as with a sensitive attribute needs --show-sensitive; other commands refuse it")
def _():
    t = '["object",{"tags":["map","string"],"token":"string"}]'
    rc, out, err = sensitive_run("convert", "--to", "pretty", "--as", t)
    eq(rc, 2, "exit")
    eq(out, b"")
    assert "--show-sensitive" in err, err
    rc, out, err = sensitive_run("convert", "--to", "pretty", "--as", t, "--show-sensitive")
    eq(rc, 0, "exit " + err)
    assert b'token = (unknown string, not null, prefix "hunter2-")' in out, out
    rc, _, err = sensitive_run("inspect", "--show-sensitive")
    eq(rc, 2, "exit")
    assert "--show-sensitive is an option of convert" in err, err


@case("error paths stop at a sensitive attribute: validate, inspect, convert (--show-sensitive: whole path)")
def _():
    schema_doc = json.dumps({"provider_schemas": {"p": {"resource_schemas": {"r": {"version": 0, "block": {
        "attributes": {
            "creds": {"nested_type": {"nesting_mode": "map", "attributes": {
                "password": {"type": "string", "required": True}}}, "sensitive": True, "optional": True},
            "n": {"type": ["map", "number"], "sensitive": True, "optional": True},
            "m": {"type": ["map", "number"], "optional": True}}}}}}}})
    with tempfile.TemporaryDirectory() as d:
        schema = os.path.join(d, "s.json")
        with open(schema, "w") as f:
            f.write(schema_doc)
        sel = ("--schema", schema, "--block", "resource:r")
        rc, _, err = run("validate", *sel, "--from", "json",
                         stdin=b'{"creds":{"swordfish":{"password":null}},"n":null,"m":null}')
        eq(rc, 1, "validate exit")
        eq(err, 'dynval: schema error at .creds: attribute "password" is required\n')
        bad = b'{"creds":null,"n":{"swordfish":"abc"},"m":null}'
        for cmd in (["inspect"], ["validate"], ["convert", "--to", "json"], ["convert", "--to", "msgpack"],
                    ["convert", "--to", "pretty"]):
            rc, out, err = run(*cmd, *sel, "--from", "json", stdin=bad)
            eq(rc, 1, f"{cmd} exit")
            eq(err, "dynval: type mismatch at .n (byte 31): a number is required\n", cmd)
        rc, _, err = run("inspect", *sel, "--from", "msgpack", stdin=mp({"creds": None, "n": {"swordfish": "abc"}, "m": None}))
        eq(rc, 1, "msgpack exit")
        assert " at .n (byte " in err and "swordfish" not in err, err
        rc, _, err = run("convert", "--to", "json", "--show-sensitive", *sel, "--from", "json", stdin=bad)
        eq(rc, 1, "exit")
        assert ' at .n["swordfish"] (byte 31)' in err, err
        # not below a sensitive attribute: the whole path
        rc, _, err = run("inspect", *sel, "--from", "json", stdin=b'{"creds":null,"n":null,"m":{"k":"abc"}}')
        eq(rc, 1, "exit")
        assert ' at .m["k"] (byte ' in err, err


def sanitized():
    """Whether the tool is a sanitizer build (scripts/sanitize.sh runs this
    suite on one too): CPU bounds are then ten times looser, and memory
    bounds do not hold (AddressSanitizer's quarantine keeps freed blocks)."""
    p = subprocess.run(["ldd", DYNVAL], capture_output=True, text=True)
    return "libasan" in p.stdout or "libtsan" in p.stdout or "libubsan" in p.stdout


CPU_SCALE = 10 if sanitized() else 1


def child_cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


@case("schema --all is n log n in the number of providers (20,000 providers, 1.4 MB)")
def _():
    # Each provider's schemas used to be found by a scan of every schema of
    # the document: 20,000 providers took 12 s (5 s of CPU on this
    # machine). The fixed tool takes 0.07-0.09 s of CPU (parse, print and
    # process start); the bound leaves 10x of that for a loaded machine.
    n = 20000
    addrs = ["p/%05d" % i for i in range(n)]
    one = '"%s":{"provider":{"version":0,"block":{"description_kind":"plain"}}}'
    head, tail = '{"format_version":"1.0","provider_schemas":{', "}}"
    want = (head + ",".join(one % a for a in addrs) + tail + "\n").encode()  # names sorted
    random.Random(25).shuffle(addrs)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.json")
        with open(path, "w") as f:
            f.write(head + ",".join(one % a for a in addrs) + tail)
        assert 1_300_000 < os.path.getsize(path) < 1_500_000, os.path.getsize(path)
        before = child_cpu_seconds()
        rc, out, err = run("schema", "--schema", path, "--all")
        cpu = child_cpu_seconds() - before
    eq(rc, 0, "exit " + err)
    eq(out == want, True, "output is the document with its providers sorted")
    assert cpu < 0.8 * CPU_SCALE, f"schema --all took {cpu:.2f} s of CPU (bound {0.8 * CPU_SCALE} s)"


@case("a pipe or device is read up to the input limit, holding about what was read")
def _():
    # /dev/zero has no end: the tool reads one byte past --max-input-size
    # and stops with the limit error. Grown by doubling, the buffer held
    # twice the limit (2 GiB of zeros: 4.2 GB, 16 s); read in chunks it
    # holds about the limit. The peak is measured in a fresh Python whose
    # only child is the tool (ru_maxrss of RUSAGE_CHILDREN).
    limit = 64 << 20
    probe = (
        "import resource, subprocess, sys\n"
        "p = subprocess.run(sys.argv[1:], capture_output=True)\n"
        "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        "sys.stderr.write(p.stderr.decode())\n"
    )
    p = subprocess.run(["python3", "-c", probe, DYNVAL, "convert", "--max-input-size", str(limit),
                        "--type", '"string"', "--from", "json", "--to", "json", "/dev/zero", "/dev/null"],
                       capture_output=True, text=True, timeout=60)
    rc, peak_kib = map(int, p.stdout.split())
    eq(rc, 1, "exit")
    eq("limit" in p.stderr, True, "limit error: " + p.stderr)
    if not sanitized():
        assert peak_kib * 1024 < limit * 3 // 2, f"peak {peak_kib} KiB for a {limit >> 20} MiB limit"
    # The default limit is the protocol's message cap, 256 MiB.
    eq("default 256 MiB" in run("--help")[1].decode(), True, "documented default")


@case("every command prints its own usage with --help (exit 0)")
def _():
    for cmd in ("convert", "type", "schema", "inspect", "validate"):
        rc, out, err = run(cmd, "--help")
        eq(rc, 0, cmd + " --help exit: " + err)
        text = out.decode()
        assert text.startswith("SYNOPSIS\n    dynval " + cmd + " "), text
        assert "\n    " + cmd + " " in text.split("DESCRIPTION", 1)[1], text
        eq("dynval --help" in text, True, "points to the full help")
    rc, _, err = run("nope", "--help")
    eq(rc, 2, "unknown command: " + err)


@case("a type option that is not JSON says that it takes JSON")
def _():
    rc, _, err = run("convert", "--type", "string", "--from", "json", "--to", "json", stdin=b'"a"')
    eq(rc, 1, "exit")
    assert "--type takes a type in go-cty's JSON form, e.g. '\"string\"'" in err, err
    rc, _, err = run("convert", "--type", '"string"', "--as", "number", "--from", "json", "--to", "json", stdin=b'"1"')
    eq(rc, 1, "exit")
    assert "--as takes a type" in err, err


@case("a document with several providers and no --provider: usage error naming --provider")
def _():
    one = '"%s":{"provider":{"version":0,"block":{"attributes":{"a":{"type":"string","optional":true}}}}}'
    doc = '{"format_version":"1.0","provider_schemas":{%s,%s}}' % (one % "p/a", one % "p/b")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "s.json")
        with open(path, "w") as f:
            f.write(doc)
        for args in (("type", "--schema", path, "--block", "provider"),
                     ("schema", "--schema", path, "--block", "provider"),
                     ("convert", "--schema", path, "--block", "provider", "--from", "json", "--to", "json")):
            rc, _, err = run(*args, stdin=b'{"a":"x"}')
            eq(rc, 2, " ".join(args[:1]) + ": " + err)
            assert 'several providers ("p/a", "p/b"): choose one with --provider ADDR' in err, err
        rc, out, err = run("type", "--schema", path, "--block", "provider", "--provider", "p/b")
        eq((rc, out), (0, b'["object",{"a":"string"}]\n'), err)
        eq(run("type", "--schema", path, "--list")[1], b"p/a provider\np/b provider\n", "listing with providers")


@case("convert --unknown-as-null writes unknowns as nulls (a plan as JSON)")
def _():
    base = ("convert", "--schema", SCHEMA, "--block", "resource:acme_server", "--from", "msgpack")
    rc, _, err = run(*base, "--to", "json", PLAN)
    eq(rc, 1, "unknowns cannot be JSON without it: " + err)
    rc, out, err = run(*base, "--to", "json", "--unknown-as-null", PLAN)
    eq(rc, 0, "exit " + err)
    v = json.loads(out)
    eq((v["arn"], v["id"], v["memory_gib"], v["cpu"]), (None, None, None, 4), "unknowns are null, the rest kept")
    eq(v["network_interface"][0]["mac_address"], None, "nested unknowns too")
    rc, _, err = run("type", "--schema", SCHEMA, "--block", "provider", "--unknown-as-null")
    eq(rc, 2, "an option of convert only: " + err)

# ---- plan proposed: OpenTofu's ProposedNew from files

PLAN_SCHEMA = json.dumps({"format_version": "1.0", "provider_schemas": {"p": {"resource_schemas": {"r": {
    "version": 0, "block": {
        "attributes": {"id": {"type": "string", "computed": True}, "name": {"type": "string", "required": True},
                       "pw": {"type": ["map", "string"], "optional": True, "sensitive": True}},
        "block_types": {"rule": {"nesting_mode": "set", "block": {"attributes": {
            "port": {"type": "number", "required": True}, "rid": {"type": "string", "computed": True}}}}}}}}}}})


def plan_files(tmp, **docs):
    """Writes the schema and each named JSON document into tmp: their paths."""
    paths = {"schema": os.path.join(tmp, "schema.json")}
    with open(paths["schema"], "w") as f:
        f.write(PLAN_SCHEMA)
    for name, doc in docs.items():
        paths[name] = os.path.join(tmp, name + ".json")
        with open(paths[name], "w") as f:
            f.write(doc)
    return paths


def plan_proposed(p, *extra):
    return run("plan", "proposed", "--schema", p["schema"], "--block", "resource:r", "--prior", p["prior"],
               "--config", p["config"], "--from", "json", *extra)


def as_json(p, msgpack):
    rc, out, err = run("convert", "--schema", p["schema"], "--block", "resource:r", "--from", "msgpack", "--to",
                       "json", stdin=msgpack)
    eq(rc, 0, "convert back: " + err)
    return json.loads(out)


@case("plan proposed: computed values from the prior, the rest from the config, set elements paired")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        p = plan_files(tmp,
                       prior='{"id":"x-1","name":"a","pw":null,"rule":[{"port":22,"rid":"r22"},{"port":80,"rid":"r80"}]}',
                       config='{"id":null,"name":"b","pw":null,"rule":[{"port":80,"rid":null},{"port":443,"rid":null}]}')
        rc, out, err = plan_proposed(p)
        eq(rc, 0, "exit " + err)
        eq(as_json(p, out), {"id": "x-1", "name": "b", "pw": None,
                             "rule": [{"port": 443, "rid": None}, {"port": 80, "rid": "r80"}]})
        rc, hexout, err = plan_proposed(p, "--hex")
        eq(rc, 0, "exit --hex " + err)
        eq(hexout, out.hex().encode() + b"\n")


@case("plan proposed: a null prior is a create (computed values stay null)")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        p = plan_files(tmp, prior="null", config='{"id":null,"name":"b","pw":{"k":"v"},"rule":[{"port":1,"rid":null}]}')
        rc, out, err = plan_proposed(p)
        eq(rc, 0, "exit " + err)
        eq(as_json(p, out), {"id": None, "name": "b", "pw": {"k": "v"}, "rule": [{"port": 1, "rid": None}]})


@case("plan proposed: errors name their input; paths stop at a sensitive attribute; usage errors")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        p = plan_files(tmp, prior="null", config='{"id":null,"name":"b","pw":{"secret-key":[1]},"rule":[]}')
        rc, _, err = plan_proposed(p)
        eq(rc, 1, "exit " + err)
        assert "at .pw (byte" in err and "--config " + p["config"] + ":" in err, err
        assert "secret-key" not in err, err
        rc, _, err = run("plan", "proposed", "--schema", p["schema"], "--block", "resource:r", "--prior", p["prior"])
        eq(rc, 2, "no --config: " + err)
        rc, _, err = run("plan", "check", "--schema", p["schema"], "--block", "resource:r")
        eq(rc, 2, "plan check without its inputs: " + err)
        rc, _, err = run("plan", "apply", "--schema", p["schema"], "--block", "resource:r")
        eq(rc, 2, "unknown plan command: " + err)
        assert "check-apply" in err, err
        rc, _, err = run("convert", "--prior", p["prior"])
        eq(rc, 2, "--prior outside plan: " + err)



def plan_run(p, cmd, **inputs):
    """dynval plan CMD on the JSON files named by inputs (--prior etc.)."""
    args = ["plan", cmd, "--schema", p["schema"], "--block", "resource:r", "--from", "json"]
    for opt, name in inputs.items():
        args += ["--" + opt, p[name]]
    return args


@case("plan check: valid, or OpenTofu's lines sorted with exit 3 (values of sensitive attributes not shown)")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        p = plan_files(tmp,
                       prior='{"id":"x-1","name":"a","pw":null,"rule":[]}',
                       config='{"id":null,"name":"b","pw":null,"rule":[]}',
                       good='{"id":"x-1","name":"b","pw":null,"rule":[]}',
                       bad='{"id":"x-1","name":"c","pw":{"k":"v"},"rule":[]}')
        rc, out, err = run(*plan_run(p, "check", prior="prior", config="config", planned="good"))
        eq((rc, out), (0, b"valid\n"), "a valid plan: " + err)
        rc, out, err = run(*plan_run(p, "check", prior="prior", config="config", planned="bad"))
        eq(rc, 3, "problems: " + err)
        eq(out.decode().splitlines(), [
            '.name: planned value cty.StringVal("c") does not match config value cty.StringVal("b") '
            'nor prior value cty.StringVal("a")',
            ".pw: sensitive planned value for a non-computed attribute"])
        rc, _, err = run(*plan_run(p, "check", prior="prior", config="config", planned="config"), "--sensitive", ".id")
        eq(rc, 2, "--sensitive is check-apply's: " + err)


@case("plan check-apply: schema marks, --sensitive paths, --no-schema-marks")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        p = plan_files(tmp,
                       planned='{"id":"x-1","name":"a","pw":{"k":"v"},"rule":[]}',
                       actual='{"id":"x-2","name":"b","pw":{"k":"w"},"rule":[]}')
        base = plan_run(p, "check-apply", planned="planned", actual="actual")
        rc, out, err = run(*plan_run(p, "check-apply", planned="planned", actual="planned"))
        eq((rc, out), (0, b"valid\n"), "the same value: " + err)
        rc, out, err = run(*base)
        eq(rc, 3, "problems: " + err)
        eq(out.decode().splitlines(), ['.id: was cty.StringVal("x-1"), but now cty.StringVal("x-2")',
                                       '.name: was cty.StringVal("a"), but now cty.StringVal("b")',
                                       ".pw: inconsistent values for sensitive attribute"])
        rc, out, err = run(*base, "--sensitive", "name", "--sensitive", '.pw["k"]', "--no-schema-marks")
        eq(rc, 3, "problems: " + err)
        eq(out.decode().splitlines(), ['.id: was cty.StringVal("x-1"), but now cty.StringVal("x-2")',
                                       ".name: inconsistent values for sensitive attribute",
                                       ".pw: inconsistent values for sensitive attribute"])
        for bad in ("pw[x]", '.pw["k', ".", "pw]"):
            rc, _, err = run(*base, "--sensitive", bad)
            eq(rc, 2, "bad path " + bad + ": " + err)
            assert "bad --sensitive path" in err, err


@case("plan normalize: null and unknown nested blocks as OpenTofu fixes them up")
def _():
    with tempfile.TemporaryDirectory() as tmp:
        p = plan_files(tmp, v='{"id":"x-1","name":"a","pw":null,"rule":null}')
        rc, out, err = run("plan", "normalize", "--schema", p["schema"], "--block", "resource:r", "--from", "json",
                           p["v"])
        eq(rc, 0, "exit " + err)
        eq(as_json(p, out), {"id": "x-1", "name": "a", "pw": None, "rule": []})
        rc, _, err = run("plan", "normalize", "--schema", p["schema"], "--block", "resource:r", "--from", "json",
                         "--prior", p["v"], p["v"])
        eq(rc, 2, "--prior is not normalize's: " + err)

finish()
