#!/usr/bin/env python3
"""Runs an example and checks that it prints exactly the expected bytes.

  run_expected.py EXPECTED CWD CMD [ARG...] [--- CMD [ARG...]]...

Each command (commands are separated by `---`) runs in CWD; their standard
outputs, concatenated, must equal the file EXPECTED. A command that fails,
or output that differs, fails the test with what was printed.
"""
import os
import subprocess
import sys

expected, cwd, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
out = b""
while rest:
    cmd = rest[: rest.index("---")] if "---" in rest else rest
    rest = rest[len(cmd) + 1 :]
    cmd[0] = os.path.abspath(cmd[0])
    r = subprocess.run(cmd, cwd=cwd, capture_output=True)
    out += r.stdout
    if r.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit status {r.returncode}\n{r.stderr.decode(errors='replace')}")
want = open(expected, "rb").read()
if out != want:
    sys.exit(f"output differs from {expected}:\n" + out.decode(errors="replace"))
