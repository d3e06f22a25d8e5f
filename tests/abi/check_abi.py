#!/usr/bin/env python3
"""tests/abi/check_abi.py: the exported-symbol check (libinput symbols-leak-test).

Three sets of names must be equal:
  1. the functions libdynval.so exports (`nm -D --defined-only`),
  2. the global names in capi/libdynval.sym (every version node),
  3. the DV_API declarations in include/dynval/*.h.
It also checks that every exported symbol carries a DYNVAL_* version, that
no function declaration in a public header lacks DV_API, and that the .so's
SONAME is libdynval.so.<DV_ABI_VERSION>.

usage: check_abi.py LIBDYNVAL_SO LIBDYNVAL_SYM INCLUDE_DIR
"""
import glob
import os
import re
import subprocess
import sys


def exported(lib):
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    names, unversioned = set(), []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        kind, sym = parts[1], parts[2]
        if kind == "A":  # the version node names themselves (DYNVAL_0.1)
            continue
        name, _, version = sym.partition("@")
        version = version.lstrip("@")
        if not version.startswith("DYNVAL_"):
            unversioned.append(sym)
        names.add(name)
    return names, unversioned


def version_script(path):
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"#[^\n]*", "", text)
    names = set()
    for node in re.finditer(r"(\w[\w.]*)\s*\{(.*?)\}\s*[\w.]*\s*;", text, flags=re.S):
        body = node.group(2)
        m = re.search(r"global:(.*?)(local:|$)", body, flags=re.S)
        if m:
            names.update(n.strip() for n in m.group(1).split(";") if n.strip())
    return names


def declared(include_dir):
    names, missing = set(), []
    for h in sorted(glob.glob(os.path.join(include_dir, "dynval", "*.h"))):
        text = open(h).read()
        text_nc = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        for m in re.finditer(r"\bDV_API\s+[^;{()]*?\b(dv_\w+)\s*\(", text_nc):
            names.add(m.group(1))
        # A function declaration at the start of a line without DV_API.
        for m in re.finditer(r"^(?!DV_API)(?:const\s+)?\w+[\s*]+(dv_\w+)\s*\(", text_nc, flags=re.M):
            missing.append("%s: %s" % (os.path.basename(h), m.group(1)))
    return names, missing


def abi_version(include_dir):
    text = open(os.path.join(include_dir, "dynval", "version.h")).read()
    return re.search(r"#define\s+DV_ABI_VERSION\s+(\d+)", text).group(1)


def soname(lib):
    out = subprocess.run(["readelf", "-d", lib], check=True, capture_output=True, text=True).stdout
    m = re.search(r"\(SONAME\).*\[(.*)\]", out)
    return m.group(1) if m else None


def diff(label_a, a, label_b, b):
    problems = []
    for n in sorted(a - b):
        problems.append("%s but not %s: %s" % (label_a, label_b, n))
    for n in sorted(b - a):
        problems.append("%s but not %s: %s" % (label_b, label_a, n))
    return problems


def main():
    lib, sym, inc = sys.argv[1:4]
    so_names, unversioned = exported(lib)
    sym_names = version_script(sym)
    hdr_names, missing = declared(inc)
    problems = []
    problems += diff("exported by the .so", so_names, "listed in libdynval.sym", sym_names)
    problems += diff("listed in libdynval.sym", sym_names, "declared DV_API", hdr_names)
    problems += ["exported without a DYNVAL_* version: " + s for s in unversioned]
    problems += ["declared without DV_API: " + s for s in missing]
    want_soname = "libdynval.so." + abi_version(inc)
    got_soname = soname(lib)
    if got_soname != want_soname:
        problems.append("SONAME is %r, want %r" % (got_soname, want_soname))
    if not so_names:
        problems.append("the library exports nothing")
    for p in problems:
        print("FAIL:", p)
    print("%d exported, %d in libdynval.sym, %d declared DV_API" %
          (len(so_names), len(sym_names), len(hdr_names)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
