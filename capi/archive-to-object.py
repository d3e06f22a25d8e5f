#!/usr/bin/env python3
"""Joins every member of a static archive into one relocatable object.

    archive-to-object.py OUT.o ARCHIVE.a CC [CC ARGS...]

libdynval.a carries utf8proc's objects (from the system's libutf8proc.a), so
that a program linked with it needs no libutf8proc at run time. Meson can
only put objects of known names into an archive, and the member names of
libutf8proc.a differ between distributions, so the members are extracted
and linked with `CC -r` into OUT.o, whose name Meson knows.
"""
import os
import subprocess
import sys
import tempfile


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out, archive, cc = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(['ar', 'x', archive], cwd=tmp, check=True)
        members = sorted(os.listdir(tmp))
        if not members:
            print(f'{archive}: no members', file=sys.stderr)
            return 1
        subprocess.run(cc + ['-r', '-nostdlib', '-o', out] + members, cwd=tmp, check=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
