#!/usr/bin/env python3
"""Prints one plain line "N passed, N failed, N skipped" for a whole test run.

  summarize-tests.py BUILD_DIR [LOG_DIR]

- Meson tests (BUILD_DIR/meson-logs/testlog.json): each GoogleTest executable
  is counted case by case from the JUnit XML it writes (Meson's 'gtest'
  protocol asks for it), TAP tests line by line, every other test as one.
- LOG_DIR/asan.log, tsan.log: the sanitizer builds' Meson tests, counted
  as above from the build folder named on their "build=DIR" line.
- LOG_DIR/fuzz.log: one test per fuzz target ("fuzz NAME ok|FINDING").
- LOG_DIR/install.log: the install test, one test.
- LOG_DIR/quickstart.log: one test per README quick start and setup
  ("quickstart SETUP/NAME ok|FAILED").
- LOG_DIR/package.log: one test per check of the Debian packages
  ("package CHECK ok|FAILED").
- LOG_DIR/e2e.log, e2e-terraform.log: one test per check of the OpenTofu
  and the Terraform run (scripts/e2e.sh: "e2e CHECK ok|FAILED",
  "e2e-terraform CHECK ok|FAILED"); e2e-rust.log, e2e-terraform-rust.log
  the same with the Rust provider ("e2e-rust", "e2e-terraform-rust").
- LOG_DIR/static.log: one test per check of the static-linking test
  (scripts/static-test.sh: "static CHECK ok|FAILED").
- LOG_DIR/rust.log: cargo's "test result:" lines; a failing step before
  cargo test (bindings check, fmt, clippy, example) counts as one failure.
- LOG_DIR/go.log: go test -v "--- PASS/FAIL/SKIP" lines of top-level tests;
  a failing step without a FAIL line counts as one failure.
Each log ends with "exit=N", the exit status of the step's script.
Exit status 1 if anything failed or nothing ran.
"""
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

build = sys.argv[1] if len(sys.argv) > 1 else "build"
logdir = sys.argv[2] if len(sys.argv) > 2 else None
passed = failed = skipped = 0


def count_xml(path):
    p = f = s = 0
    root = ET.parse(path).getroot()
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            f += 1
        elif case.get("result") == "skipped" or case.find("skipped") is not None:
            s += 1
        else:
            p += 1
    return p, f, s


def count_meson(build):
    """Counts the tests of one Meson build's last `meson test` run."""
    passed = failed = skipped = 0
    log = os.path.join(build, "meson-logs", "testlog.json")
    if not os.path.exists(log):
        print(f"no meson test log found in {build}")
        return 0, 1, 0
    for line in open(log):
        r = json.loads(line)
        res = r["result"]
        # Meson 1.0 records "project:suite / name" and no protocol field: a
        # GoogleTest run is recognised by the JUnit XML it wrote, a TAP run by
        # its plan line.
        name = r["name"].split(" / ")[-1]
        xml = os.path.join(build, f"{name}.xml")
        if res in ("OK", "FAIL") and os.path.exists(xml):
            try:
                p, f, s = count_xml(xml)
            except ET.ParseError:
                p, f, s = 0, 1, 0
            passed, failed, skipped = passed + p, failed + f, skipped + s
            if res == "FAIL" and f == 0:
                failed += 1  # crashed or exited nonzero without a recorded failure
            continue
        out = (r.get("stdout") or "").splitlines()
        if res in ("OK", "FAIL") and any(re.match(r"^1\.\.\d+", l) for l in out):
            oks = sum(1 for l in out if l.startswith("ok "))
            bad = sum(1 for l in out if l.startswith("not ok "))
            passed += oks
            failed += bad if bad else (1 if res == "FAIL" else 0)
            continue
        if res == "OK":
            passed += 1
        elif res == "SKIP":
            skipped += 1
        elif res in ("FAIL", "TIMEOUT", "ERROR", "UNEXPECTEDPASS"):
            failed += 1
    return passed, failed, skipped


passed, failed, skipped = count_meson(build)

def read_log(name):
    path = os.path.join(logdir, name) if logdir else None
    if not path or not os.path.exists(path):
        return None, None
    text = open(path, errors="replace").read()
    m = re.search(r"^exit=(\d+)\s*$", text, re.M)
    return text, (int(m.group(1)) if m else 1)


# Sanitizer builds (scripts/sanitize.sh): LOG_DIR/asan.log and tsan.log name
# their build folder on a line "build=DIR"; their Meson tests count like the
# main build's, and a failure before any test ran counts as one.
for name in ("asan.log", "tsan.log"):
    text, rc = read_log(name)
    if text is None:
        continue
    m = re.search(r"^build=(.*)$", text, re.M)
    p, f, s = count_meson(m.group(1).strip()) if m else (0, 1, 0)
    if rc != 0 and f == 0:
        f += 1
    passed, failed, skipped = passed + p, failed + f, skipped + s


def count_lines(name, word, bad):
    """A log with one line per test, "WORD NAME ok" or "WORD NAME BAD ...";
    a failure before any test ran counts as one."""
    text, rc = read_log(name)
    if text is None:
        return 0, 0
    p = len(re.findall(rf"^{word} \S+\s+ok\b", text, re.M))
    f = len(re.findall(rf"^{word} \S+\s+{bad}\b", text, re.M))
    if rc != 0 and f == 0:
        f += 1
    return p, f


# Fuzzing campaigns (scripts/fuzz.sh): "fuzz TARGET ok|FINDING"; the README
# quick starts (scripts/quickstart-test.py): "quickstart SETUP/NAME
# ok|FAILED"; the Debian packages (scripts/package-test.sh): "package CHECK
# ok|FAILED"; the OpenTofu and Terraform runs (scripts/e2e.sh): "e2e CHECK
# ok|FAILED", "e2e-terraform CHECK ok|FAILED", and with the Rust provider
# "e2e-rust ...", "e2e-terraform-rust ...".
for name, word, bad in (("fuzz.log", "fuzz", "FINDING"),
                        ("quickstart.log", "quickstart", "FAILED"),
                        ("package.log", "package", "FAILED"),
                        ("e2e.log", "e2e", "FAILED"),
                        ("e2e-terraform.log", "e2e-terraform", "FAILED"),
                        ("e2e-rust.log", "e2e-rust", "FAILED"),
                        ("e2e-terraform-rust.log", "e2e-terraform-rust", "FAILED"),
                        ("static.log", "static", "FAILED")):
    p, f = count_lines(name, word, bad)
    passed, failed = passed + p, failed + f

text, rc = read_log("install.log")
if text is not None:
    if rc == 0:
        passed += 1
    else:
        failed += 1

text, rc = read_log("rust.log")
if text is not None:
    p = f = 0
    for m in re.finditer(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", text):
        p += int(m.group(1))
        f += int(m.group(2))
        skipped += int(m.group(3))
    passed += p
    failed += f
    if rc != 0 and f == 0:
        failed += 1

text, rc = read_log("go.log")
if text is not None:
    p = len(re.findall(r"^--- PASS: ", text, re.M))
    f = len(re.findall(r"^--- FAIL: ", text, re.M))
    s = len(re.findall(r"^--- SKIP: ", text, re.M))
    # go test without -v prints only "ok  <pkg>" per package: count those too.
    p += len(re.findall(r"^ok\s+\S+\s+[\d.]+s\s*$", text, re.M)) if p == 0 else 0
    passed, failed, skipped = passed + p, failed + f, skipped + s
    if rc != 0 and f == 0:
        failed += 1

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed or passed == 0 else 0)
