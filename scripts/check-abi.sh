#!/usr/bin/env bash
# Compares the ABI of a built libdynval.so with the committed baseline
# abi/libdynval.abi (libabigail's abidw + abidiff; docs/abi.md). Builds
# nothing: BUILD_DIR must already hold capi/libdynval.so.* built with debug
# info (the default buildtype, debugoptimized, has -g), e.g.
#   meson setup build && meson compile -C build capi/dynval:shared_library
#
# Usage: scripts/check-abi.sh [--update] [--skip-missing-tools] [BUILD_DIR]
#                                                  (default BUILD_DIR: build)
#   --update              after the same checks, rewrite abi/libdynval.abi
#                         from BUILD_DIR; refused for an incompatible change
#                         while DV_ABI_VERSION still equals the baseline's
#                         SONAME version, and for new symbols in an old
#                         version node
#   --skip-missing-tools  exit 77 (Meson's "skipped") when abidw/abidiff are
#                         missing, instead of running scripts/install-deps.sh
#
# Only public types count: abidw reads the DWARF with --headers-dir
# include/dynval and --drop-private-types, so the layout of an opaque handle
# (struct dv_value, defined in capi/capi.hpp) or of the C++ core is not ABI.
# Nothing else is suppressed. --no-elf-needed: the DT_NEEDED list (simdjson,
# libstdc++ ...) is not part of the promise.
#
# Rules (docs/abi.md):
#   - no ABI change -> pass;
#   - compatible change (an added function, enumerator or public struct, a
#     member appended to a versioned options struct) -> fail with the diff;
#     new functions belong in a new version node of capi/libdynval.sym;
#     review, then run with --update and commit the baseline;
#   - incompatible change -> fail; while DV_ABI_VERSION in
#     include/dynval/version.h equals the baseline's SONAME version, say to
#     bump it (and --update refuses until then).
# abidiff flags only removed symbols as incompatible (exit bit 8); a moved
# struct member, a changed parameter type or a renumbered enumerator only set
# bit 4. So the two XML files are also compared by the rules of docs/abi.md
# (the Python in classify() below), and each incompatible finding counts like
# bit 8.
#
# Ends with one line "check-abi: OK|FAIL|SKIP: ...". Exit status: 0 pass,
# 1 ABI check failed, 2 usage or tool error, 77 skipped.
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
baseline_rel="abi/libdynval.abi"
baseline="$root/$baseline_rel"
update=0
skip_missing=0
build=""
for arg in "$@"; do
  case "$arg" in
    --update) update=1 ;;
    --skip-missing-tools) skip_missing=1 ;;
    -h|--help) sed -n '2,40p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "check-abi: FAIL: unknown option $arg (see --help)"; exit 2 ;;
    *) [ -z "$build" ] || { echo "check-abi: FAIL: more than one BUILD_DIR"; exit 2; }
       build="$arg" ;;
  esac
done
build="${build:-$root/build}"
[ -d "$build" ] || { echo "check-abi: FAIL: no build directory $build"; exit 2; }
build="$(cd "$build" && pwd)"

# abigail-tools is in scripts/install-deps.sh's package list.
if ! command -v abidw >/dev/null 2>&1 || ! command -v abidiff >/dev/null 2>&1; then
  if [ "$skip_missing" = 1 ]; then
    echo "check-abi: SKIP: abidw/abidiff not installed (scripts/install-deps.sh installs abigail-tools)"
    exit 77
  fi
  "$root/scripts/install-deps.sh" >&2
  if ! command -v abidw >/dev/null 2>&1 || ! command -v abidiff >/dev/null 2>&1; then
    echo "check-abi: FAIL: abidw/abidiff still missing after scripts/install-deps.sh"
    exit 2
  fi
fi

# The real file (libdynval.so.0.7.0), not the libdynval.so.0 symlink.
lib=""
for f in "$build"/capi/libdynval.so.*; do
  if [ -f "$f" ] && [ ! -L "$f" ]; then lib="$f"; fi
done
if [ -z "$lib" ]; then
  echo "check-abi: FAIL: no capi/libdynval.so.* in $build (build it: meson compile -C $build capi/dynval:shared_library)"
  exit 2
fi
if ! readelf -S "$lib" 2>/dev/null | grep -q '\.debug_info'; then
  echo "check-abi: FAIL: $lib has no debug info (use a buildtype with -g, e.g. the default debugoptimized)"
  exit 2
fi

abi_version="$(sed -n 's/^#define[[:space:]]\{1,\}DV_ABI_VERSION[[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p' \
  "$root/include/dynval/version.h")"
[ -n "$abi_version" ] || { echo "check-abi: FAIL: no DV_ABI_VERSION in include/dynval/version.h"; exit 2; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# Writes the normalized ABI XML of $lib to $1: no corpus path, no compilation
# directory, and file paths relative to the source root (Meson compiles with
# paths relative to the build directory, e.g. ../capi/value.cpp), so the bytes
# do not depend on where the tree or the build directory lives.
dump() {
  abidw --exported-interfaces-only \
        --headers-dir "$root/include/dynval" --drop-private-types \
        --no-corpus-path --no-comp-dir-path --no-elf-needed \
        --type-id-style hash \
        --out-file "$tmp/raw.xml" "$lib" || return 1
  local rel esc_rel esc_root
  rel="$(python3 -c 'import os, sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' "$root" "$build")"
  esc_rel="$(printf '%s' "$rel" | sed 's/[].[\*^$#]/\\&/g')"
  esc_root="$(printf '%s' "$root" | sed 's/[].[\*^$#]/\\&/g')"
  sed -e "s#path='$esc_rel/#path='#g" -e "s#path='$esc_root/#path='#g" "$tmp/raw.xml" > "$1"
  # A path naming this machine's directories would tie the baseline to it.
  if grep -qF -e "$build" -e "$root" "$1"; then
    echo "check-abi: the ABI XML still contains a local path ($root or $build)" >&2
    return 1
  fi
}

# Prints one line per finding between two ABI XML files, "incompatible: ...",
# "misplaced: ..." (a new symbol in a version node the baseline already has)
# or "added: ...", by the rules of docs/abi.md:
#   - a public function keeps its symbol, return and parameter types;
#   - a public struct keeps each member's name, offset and type; it may grow
#     only at the end, and only if it is a versioned options struct (its
#     first member is `version`);
#   - an enum keeps each enumerator's value (new enumerators may be added);
#   - a typedef keeps its target.
# Types are compared by spelling (struct dv_str, const char*, ...); each
# struct and enum body is compared once, by name.
classify() {
  python3 - "$1" "$2" <<'PY'
import sys
import xml.etree.ElementTree as ET


def load(path):
    root = ET.parse(path).getroot()
    c = {"types": {}, "structs": {}, "enums": {}, "typedefs": {}, "funcs": {}, "vars": {}}
    for e in root.iter():
        if "id" in e.attrib and e.tag != "elf-symbol":
            c["types"].setdefault(e.get("id"), e)
        if e.tag in ("class-decl", "union-decl") and e.get("name") \
                and e.get("is-declaration-only") != "yes":
            c["structs"].setdefault(e.get("name"), e)
        elif e.tag == "enum-decl" and e.get("name"):
            c["enums"].setdefault(e.get("name"), e)
        elif e.tag == "typedef-decl":
            c["typedefs"].setdefault(e.get("name"), e)
        elif e.tag == "function-decl" and e.get("elf-symbol-id"):
            c["funcs"].setdefault(e.get("elf-symbol-id").split("@")[0], e)
        elif e.tag == "var-decl" and e.get("elf-symbol-id"):
            c["vars"].setdefault(e.get("elf-symbol-id").split("@")[0], e)
    c["syms"] = {s.get("name"): s.get("version") for s in root.iter("elf-symbol")}
    return c


def tname(types, tid, depth=0):
    e = types.get(tid)
    if e is None or depth > 20:
        return "?" + str(tid)
    t = e.tag
    if t in ("type-decl", "typedef-decl"):
        return e.get("name")
    if t in ("class-decl", "union-decl"):
        return ("union " if t == "union-decl" else "struct ") + (e.get("name") or "<anon>")
    if t == "enum-decl":
        return "enum " + (e.get("name") or "<anon>")
    sub = tname(types, e.get("type-id"), depth + 1)
    if t == "pointer-type-def":
        return sub + "*"
    if t == "reference-type-def":
        return sub + "&"
    if t == "qualified-type-def":
        return " ".join([k for k in ("const", "volatile", "restrict") if e.get(k) == "yes"] + [sub])
    if t == "array-type-def":
        return "%s[%s bits]" % (sub, e.get("size-in-bits"))
    if t == "function-type":
        return signature(types, e, "(*)", depth + 1)
    return t + ":" + str(tid)


def signature(types, f, name, depth=0):
    ps = ["..." if p.get("is-variadic") == "yes" else tname(types, p.get("type-id"), depth)
          for p in f.findall("parameter")]
    r = f.find("return")
    ret = tname(types, r.get("type-id"), depth) if r is not None else "?"
    return "%s %s(%s)" % (ret, name, ", ".join(ps))


def members(types, s):
    out = []
    for dm in s.findall("data-member"):
        v = dm.find("var-decl")
        out.append((v.get("name"), int(dm.get("layout-offset-in-bits", "0")),
                    tname(types, v.get("type-id"))))
    return out


def main():
    old, new = load(sys.argv[1]), load(sys.argv[2])
    ot, nt = old["types"], new["types"]
    bad, added, misplaced = [], [], []

    for n in sorted(set(old["syms"]) - set(new["syms"])):
        bad.append("symbol %s removed" % n)
    nodes = set(old["syms"].values())
    for n in sorted(set(new["syms"]) - set(old["syms"])):
        added.append("symbol %s@%s" % (n, new["syms"][n]))
        if new["syms"][n] in nodes:
            misplaced.append("%s in the existing node %s" % (n, new["syms"][n]))

    for n, f in sorted(old["funcs"].items()):
        if n in new["funcs"]:
            a, b = signature(ot, f, n), signature(nt, new["funcs"][n], n)
            if a != b:
                bad.append("function %s -> %s" % (a, b))
    for n, v in sorted(old["vars"].items()):
        if n in new["vars"]:
            a, b = tname(ot, v.get("type-id")), tname(nt, new["vars"][n].get("type-id"))
            if a != b:
                bad.append("variable %s: type %s -> %s" % (n, a, b))

    for n, s in sorted(old["structs"].items()):
        if n not in new["structs"]:
            bad.append("struct %s is no longer defined in a public header" % n)
            continue
        om, nm = members(ot, s), members(nt, new["structs"][n])
        osize = int(s.get("size-in-bits", "0"))
        nsize = int(new["structs"][n].get("size-in-bits", "0"))
        versioned = bool(om) and om[0][0] == "version"
        now = {m[0]: m for m in nm}
        for name, off, ty in om:
            if name not in now:
                bad.append("struct %s: member %s removed" % (n, name))
                continue
            if now[name][1] != off:
                bad.append("struct %s: member %s moved from bit %d to %d" % (n, name, off, now[name][1]))
            if now[name][2] != ty:
                bad.append("struct %s: member %s type %s -> %s" % (n, name, ty, now[name][2]))
        before = {m[0] for m in om}
        for name, off, ty in nm:
            if name in before:
                continue
            if not versioned:
                bad.append("struct %s: member %s added (only a versioned options struct, "
                           "whose first member is `version`, may grow)" % (n, name))
            elif off < osize:
                bad.append("struct %s: member %s added at bit %d, inside the old size of %d bits "
                           "(append new members at the end)" % (n, name, off, osize))
            else:
                added.append("struct %s: member %s appended at bit %d" % (n, name, off))
        if nsize < osize or (nsize != osize and not versioned):
            bad.append("struct %s: size %d -> %d bits" % (n, osize, nsize))
    for n in sorted(set(new["structs"]) - set(old["structs"])):
        added.append("struct %s" % n)

    for n, e in sorted(old["enums"].items()):
        if n not in new["enums"]:
            bad.append("enum %s removed" % n)
            continue
        ou, nu = e.find("underlying-type"), new["enums"][n].find("underlying-type")
        if ou is not None and nu is not None:
            a, b = ot.get(ou.get("type-id")), nt.get(nu.get("type-id"))
            if a is not None and b is not None and a.get("size-in-bits") != b.get("size-in-bits"):
                bad.append("enum %s: size %s -> %s bits" % (n, a.get("size-in-bits"), b.get("size-in-bits")))
        now = {x.get("name"): x.get("value") for x in new["enums"][n].findall("enumerator")}
        before = set()
        for x in e.findall("enumerator"):
            before.add(x.get("name"))
            if x.get("name") not in now:
                bad.append("enum %s: enumerator %s removed" % (n, x.get("name")))
            elif now[x.get("name")] != x.get("value"):
                bad.append("enum %s: %s changed from %s to %s"
                           % (n, x.get("name"), x.get("value"), now[x.get("name")]))
        for name in sorted(set(now) - before):
            added.append("enum %s: enumerator %s = %s" % (n, name, now[name]))
    for n in sorted(set(new["enums"]) - set(old["enums"])):
        added.append("enum %s" % n)

    for n, t in sorted(old["typedefs"].items()):
        if n in new["typedefs"]:
            a, b = tname(ot, t.get("type-id")), tname(nt, new["typedefs"][n].get("type-id"))
            if a != b:
                bad.append("typedef %s: %s -> %s" % (n, a, b))
    for n in sorted(set(new["typedefs"]) - set(old["typedefs"])):
        added.append("typedef %s" % n)

    for kind, lines in (("incompatible", bad), ("misplaced", misplaced), ("added", added)):
        for line in lines:
            print("%s: %s" % (kind, line))


main()
PY
}

current="$build/libdynval.abi"   # kept for inspection
dump "$current" || { echo "check-abi: FAIL: abidw failed on $lib"; exit 2; }

soname_of() { sed -n "s/^<abi-corpus [^>]*soname='\([^']*\)'.*/\1/p" "$1" | head -n 1; }
cur_soname="$(soname_of "$current")"
if [ "$cur_soname" != "libdynval.so.$abi_version" ]; then
  echo "check-abi: FAIL: $lib has SONAME $cur_soname but include/dynval/version.h says DV_ABI_VERSION $abi_version: rebuild $build"
  exit 2
fi
nsyms() { grep -c '<elf-symbol ' "$1"; }

write_baseline() {
  # Deterministic: a second dump of the same library must give the same bytes.
  dump "$tmp/again.abi" || exit 2
  if ! cmp -s "$current" "$tmp/again.abi"; then
    echo "check-abi: FAIL: abidw gave different bytes for the same library twice; baseline not written"
    exit 2
  fi
  mkdir -p "$(dirname "$baseline")"
  cp "$current" "$baseline"
}

if [ ! -f "$baseline" ]; then
  if [ "$update" = 1 ]; then
    write_baseline
    echo "check-abi: OK: wrote the new baseline $baseline_rel for $cur_soname ($(nsyms "$baseline") symbols)"
    exit 0
  fi
  echo "check-abi: FAIL: no baseline $baseline_rel; create it with scripts/check-abi.sh --update $build"
  exit 1
fi

base_soname="$(soname_of "$baseline")"
base_version="${base_soname#libdynval.so.}"

abidiff "$baseline" "$current" > "$tmp/diff.txt" 2>&1
rc=$?
if [ $((rc & 3)) -ne 0 ]; then
  cat "$tmp/diff.txt"
  echo "check-abi: FAIL: abidiff could not compare the files (exit $rc)"
  exit 2
fi
if ! classify "$baseline" "$current" > "$tmp/classes.txt"; then
  echo "check-abi: FAIL: could not read the ABI XML files"
  exit 2
fi

incompatible=0
changed=0
[ $((rc & 8)) -eq 0 ] || incompatible=1
[ $((rc & 12)) -eq 0 ] || changed=1
grep -q '^incompatible: ' "$tmp/classes.txt" && incompatible=1
# abidiff calls an added enumerator harmless and exits 0; the baseline must
# still learn it, or a later renumbering would go unnoticed.
grep -q '^added: ' "$tmp/classes.txt" && changed=1
[ "$incompatible" = 0 ] || changed=1
# Reusing an old version node only matters while the SONAME stays.
misplaced=0
if [ "$abi_version" = "$base_version" ] && grep -q '^misplaced: ' "$tmp/classes.txt"; then
  misplaced=1
fi

if [ "$changed" = 0 ]; then
  if [ "$update" = 1 ]; then
    write_baseline
    echo "check-abi: OK: no ABI change; rewrote $baseline_rel from $build"
  else
    echo "check-abi: OK: $cur_soname matches $baseline_rel ($(nsyms "$current") symbols)"
  fi
  exit 0
fi

show_findings() {
  echo "== abidiff $baseline_rel $current (exit $rc)"
  cat "$tmp/diff.txt"
  echo "== findings by the rules of docs/abi.md"
  sed 's/^/  /' "$tmp/classes.txt"
  echo
}

if [ "$misplaced" = 1 ]; then
  show_findings
  echo "New symbols went into a version node the baseline already has. Put new"
  echo "functions in a new node of capi/libdynval.sym, e.g."
  echo "  DYNVAL_0.2 { global: dv_new_function; } DYNVAL_0.1;"
  echo "check-abi: FAIL: new symbols in an existing version node: add a new node to capi/libdynval.sym"
  exit 1
fi

if [ "$incompatible" = 1 ]; then
  if [ "$abi_version" = "$base_version" ]; then
    show_findings
    echo "This is an incompatible ABI change, but DV_ABI_VERSION is still $abi_version, the"
    echo "version of the baseline's SONAME $base_soname. Bump DV_ABI_VERSION in"
    echo "include/dynval/version.h (SONAME libdynval.so.$((abi_version + 1))), rebuild, then"
    echo "regenerate the baseline with"
    echo "  scripts/check-abi.sh --update $build"
    [ "$update" = 0 ] || echo "(--update refused: the SONAME must change first)"
    echo "check-abi: FAIL: incompatible ABI change without a SONAME bump: bump DV_ABI_VERSION ($abi_version) in include/dynval/version.h and regenerate the baseline"
    exit 1
  fi
  if [ "$update" = 1 ]; then
    write_baseline
    echo "check-abi: OK: incompatible ABI change with SONAME $base_soname -> $cur_soname; rewrote $baseline_rel"
    exit 0
  fi
  show_findings
  echo "The SONAME changed ($base_soname -> $cur_soname) with this incompatible change;"
  echo "regenerate the baseline and commit it:"
  echo "  scripts/check-abi.sh --update $build"
  echo "check-abi: FAIL: incompatible ABI change ($base_soname -> $cur_soname): regenerate the baseline with --update"
  exit 1
fi

if [ "$update" = 1 ]; then
  write_baseline
  echo "check-abi: OK: compatible ABI change; rewrote $baseline_rel from $build"
  exit 0
fi
show_findings
echo "The ABI changed compatibly. New functions belong in a new version node of"
echo "capi/libdynval.sym; a member appended to an options struct needs its"
echo "DV_*_VERSION bumped. If the change is intended, regenerate the baseline and"
echo "commit it:"
echo "  scripts/check-abi.sh --update $build"
echo "check-abi: FAIL: the ABI changed (compatible): review the findings above and regenerate the baseline with --update"
exit 1
