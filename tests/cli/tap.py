"""The little TAP harness of the CLI tests (cli_test.py, schema_test.py).

Each test script is run as SCRIPT DYNVAL_BINARY SOURCE_ROOT; it declares its
cases with @case(name) (each runs at once), then calls finish(), which prints
TAP and exits nonzero when a case failed.
"""
import subprocess
import sys

DYNVAL, ROOT = sys.argv[1], sys.argv[2]
RESULTS = []


def run(*args, stdin=None, timeout=60):
    """Runs dynval: (exit status, stdout bytes, stderr text)."""
    p = subprocess.run([DYNVAL, *args], input=stdin, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def case(name):
    def wrap(fn):
        try:
            fn()
            RESULTS.append((True, name, ""))
        except AssertionError as e:
            RESULTS.append((False, name, str(e)))
        except Exception as e:  # a crash of the test itself is a failure too
            RESULTS.append((False, name, f"{type(e).__name__}: {e}"))
        return fn
    return wrap


def eq(a, b, what=""):
    assert a == b, f"{what}: expected {b!r}, got {a!r}"


def finish():
    print(f"1..{len(RESULTS)}")
    for i, (ok, name, msg) in enumerate(RESULTS, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {name}")
        if not ok:
            for line in msg.splitlines():
                print(f"# {line}")
    sys.exit(0 if all(ok for ok, _, _ in RESULTS) else 1)
