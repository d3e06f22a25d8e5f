#!/usr/bin/env python3
"""Prints "N passed, N failed" for a Meson build's last test run.

Each GoogleTest executable is counted case by case from the JUnit XML it
writes (Meson's 'gtest' protocol asks for it); every other test counts as
one. Skipped tests are reported separately. Exit status 1 if anything failed.
"""
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET

build = sys.argv[1] if len(sys.argv) > 1 else "build"
log = os.path.join(build, "meson-logs", "testlog.json")
passed = failed = skipped = 0
if not os.path.exists(log):
    print("no test log found")
    print("0 passed, 1 failed")
    sys.exit(1)

gtest_xml = {}
for path in glob.glob(os.path.join(build, "**", "*.xml"), recursive=True):
    gtest_xml.setdefault(os.path.basename(path), []).append(path)

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

for line in open(log):
    r = json.loads(line)
    res = r["result"]
    name = r["name"]
    xml = os.path.join(build, f"{name}.xml")
    if res in ("OK", "FAIL") and r.get("protocol") == "gtest" and os.path.exists(xml):
        try:
            p, f, s = count_xml(xml)
        except ET.ParseError:
            p, f, s = 0, 1, 0
        passed += p
        failed += f
        skipped += s
        if res == "FAIL" and f == 0:
            failed += 1  # crashed or exited nonzero without a recorded failure
        continue
    if res == "OK":
        passed += 1
    elif res == "SKIP":
        skipped += 1
    elif res in ("FAIL", "TIMEOUT", "ERROR", "UNEXPECTEDPASS"):
        failed += 1

print(f"{passed} passed, {failed} failed, {skipped} skipped")
sys.exit(1 if failed else 0)
