# Independent Python port of OpenTofu configschema implied types (Block.ImpliedType,
# Object.specType); prints block counts and the FNV-1a 64 digest over
# "ADDR\tSELECTOR\tTYPE_JSON\n" lines that schema_docs_test.cpp compares against.
# Usage: python3 implied_types.py DECOMPRESSED_DOCUMENT.json
import json, sys
def has_dyn(t):
    if t == "dynamic": return True
    if isinstance(t, list):
        if t[0] in ("list","set","map"): return has_dyn(t[1])
        if t[0] == "object": return any(has_dyn(v) for v in t[1].values())
        if t[0] == "tuple": return any(has_dyn(v) for v in t[1])
    return False
def obj_type(o):
    attrs = {n: attr_type(a) for n, a in o.get('attributes', {}).items()}
    r = ["object", attrs]
    m = o.get('nesting_mode')
    return {"single": r, "list": ["list", r], "map": ["map", r], "set": ["set", r]}.get(m, ["object", {}])
def attr_type(a):
    return obj_type(a['nested_type']) if 'nested_type' in a else a['type']
def block_type(b):
    attrs = {n: attr_type(a) for n, a in b.get('attributes', {}).items()}
    for n, bt in b.get('block_types', {}).items():
        if n in attrs: continue
        c = block_type(bt.get('block', {}))
        m = bt['nesting_mode']
        if m in ("single", "group"): t = c
        elif m == "list": t = "dynamic" if has_dyn(c) else ["list", c]
        elif m == "map": t = "dynamic" if has_dyn(c) else ["map", c]
        elif m == "set": t = ["set", c]
        else: continue
        attrs[n] = t
    return ["object", attrs]
def fnv(h, data):
    for byte in data:
        h ^= byte; h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h
d = json.load(open(sys.argv[1]))
h = 0xcbf29ce484222325; n = 0; counts = {}
kinds = [("provider", None), ("resource_schemas", "resource"), ("data_source_schemas", "data"), ("ephemeral_resource_schemas", "ephemeral")]
for p, v in d['provider_schemas'].items():
    for k, v2 in v.items():
        if k == "provider":
            items = [("provider", v2)]
        elif k in ("resource_schemas", "data_source_schemas", "ephemeral_resource_schemas"):
            pre = dict(kinds)[k]
            items = [(pre + ":" + name, s) for name, s in v2.items()]
        else: continue
        for sel, s in items:
            t = json.dumps(block_type(s.get('block', {})), separators=(',', ':'), sort_keys=True)
            h = fnv(h, (p + "\t" + sel + "\t" + t + "\n").encode())
            n += 1
            counts[sel.split(':')[0]] = counts.get(sel.split(':')[0], 0) + 1
print(sys.argv[1].split('/')[-1], n, counts, "%016x" % h)
