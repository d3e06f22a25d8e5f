#!/usr/bin/env python3
"""Runs README.md's quick starts exactly as written, in a fresh shell.

  scripts/quickstart-test.py BUILD_DIR [SETUP/SNIPPET ...]

README.md marks its quick-start code blocks with an info string after the
language, so that this script can find them:

  ```sh quickstart-uninstalled     a setup: the library from a build
  ```sh quickstart-installed       a setup: the library installed in a prefix
  ```sh quickstart-go              commands of the Go quick start
  ```go quickstart-go main.go      a file the Go quick start writes first
  ```text quickstart-output go rust
                                   what every run of the programs of the
                                   named quick starts prints

Each quick start (c, go, rust) runs once per setup, in order: the setup's
blocks, then its own (files are written where the shell is at that point).
Every run is a new `bash -euo pipefail` with a clean environment: PATH, a
new empty HOME and TMPDIR in a scratch folder, and the Go, cargo and ccache
caches (so that it is quick; they change nothing that runs). In particular no
PKG_CONFIG_PATH and no LD_LIBRARY_PATH: the programs must find the library
on their own. The shell starts in a copy of the checkout made of symbolic
links whose `build` is BUILD_DIR (already built: the uninstalled setup's
`meson setup build && meson compile -C build` then has nothing to do).

Prints one line per run, "quickstart SETUP/SNIPPET ok" or "... FAILED" (then
the run's output); exit status 1 if any failed. Arguments pick runs by name,
e.g. `uninstalled/go`.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if len(sys.argv) < 2:
    sys.exit(__doc__)
build = os.path.abspath(sys.argv[1])
wanted = set(sys.argv[2:])
SETUPS = ("uninstalled", "installed")
FENCE = re.compile(r"^```(\S+)\s+quickstart-(\S+)(.*)$")


def read_blocks(path):
    """(name, language, extra words, text) of each marked block, in order."""
    blocks = []
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        i += 1
        if not m:
            continue
        body = []
        while i < len(lines) and lines[i] != "```":
            body.append(lines[i])
            i += 1
        if i == len(lines):
            sys.exit(f"quickstart-test: unterminated block quickstart-{m.group(2)} in {path}")
        i += 1
        blocks.append((m.group(2), m.group(1), m.group(3).split(), "\n".join(body) + "\n"))
    return blocks


def script_for(blocks, name):
    """The shell text of one quick start: commands as they are, files as
    quoted here-documents (nothing in them is expanded)."""
    out = []
    for bname, lang, extra, text in blocks:
        if bname != name:
            continue
        if lang == "sh" and not extra:
            out.append(text)
        elif extra:
            fname = extra[0]
            if "EOF_QUICKSTART" in text:
                sys.exit("quickstart-test: a block holds the here-document marker")
            out.append(f"cat > {fname} <<'EOF_QUICKSTART'\n{text}EOF_QUICKSTART\n")
        else:
            sys.exit(f"quickstart-test: block quickstart-{name} ({lang}) has no file name")
    return "".join(out)


def tool_env():
    """The caches of Go, cargo/rustup and ccache, as they are outside."""
    env = {}
    home = os.path.expanduser("~")
    for var, default in (("CARGO_HOME", os.path.join(home, ".cargo")),
                         ("RUSTUP_HOME", os.path.join(home, ".rustup"))):
        val = os.environ.get(var, default)
        if os.path.isdir(val):
            env[var] = val
    if shutil.which("go"):
        for var in ("GOPATH", "GOMODCACHE", "GOCACHE"):
            val = subprocess.run(["go", "env", var], capture_output=True, text=True).stdout.strip()
            if val:
                env[var] = val
        env["GOTOOLCHAIN"] = "local"
    if shutil.which("ccache"):
        val = subprocess.run(["ccache", "-k", "cache_dir"], capture_output=True, text=True).stdout.strip()
        if val:
            env["CCACHE_DIR"] = val
    return env


def main():
    blocks = read_blocks(os.path.join(root, "README.md"))
    names = []
    for bname, _, _, _ in blocks:
        if bname not in SETUPS and bname != "output" and bname not in names:
            names.append(bname)
    expected = {}
    for bname, lang, extra, text in blocks:
        if bname == "output":
            for target in extra:
                expected[target] = [l for l in text.split("\n") if l.strip()]
    for setup in SETUPS:
        if not script_for(blocks, setup):
            sys.exit(f"quickstart-test: README.md has no quickstart-{setup} block")
    if not names:
        sys.exit("quickstart-test: README.md has no quick starts")

    scratch = tempfile.mkdtemp(prefix="dynval-quickstart.")
    failed = 0
    try:
        # The checkout: links to the source, `build` -> BUILD_DIR.
        checkout = os.path.join(scratch, "checkout")
        os.mkdir(checkout)
        for entry in os.listdir(root):
            if entry == ".git" or entry == "build" or entry.startswith("build-"):
                continue
            os.symlink(os.path.join(root, entry), os.path.join(checkout, entry))
        os.symlink(build, os.path.join(checkout, "build"))
        base_env = {"PATH": os.environ["PATH"], "LANG": "C.UTF-8"}
        base_env.update(tool_env())
        for setup in SETUPS:
            home = os.path.join(scratch, "home-" + setup)
            tmp = os.path.join(scratch, "tmp-" + setup)
            os.makedirs(home)
            os.makedirs(tmp)
            env = dict(base_env, HOME=home, TMPDIR=tmp)
            for name in names:
                run = f"{setup}/{name}"
                if wanted and run not in wanted and name not in wanted and setup not in wanted:
                    continue
                # The marker separates the setup's output from the programs'.
                script = (f"cd {checkout}\n" + script_for(blocks, setup) +
                          "echo @@quickstart@@\n" + script_for(blocks, name))
                start = time.monotonic()
                p = subprocess.run(["bash", "-euo", "pipefail", "-c", script], env=env,
                                   stdin=subprocess.DEVNULL, capture_output=True, text=True)
                took = time.monotonic() - start
                problem = None
                if p.returncode != 0:
                    problem = f"exit status {p.returncode}"
                elif name in expected:
                    out = p.stdout.split("@@quickstart@@\n", 1)[-1]
                    got = [l for l in out.split("\n") if l.strip()]
                    want = expected[name]
                    n = len(want)
                    if not got or len(got) % n or any(got[i:i + n] != want for i in range(0, len(got), n)):
                        problem = "the programs printed:\n" + "\n".join(got)
                if problem:
                    failed += 1
                    print(f"quickstart {run} FAILED ({took:.0f} s): {problem}")
                    print("---- script\n" + script + "---- stdout\n" + p.stdout[-4000:] +
                          "---- stderr\n" + p.stderr[-4000:] + "----")
                else:
                    print(f"quickstart {run} ok ({took:.0f} s)")
                sys.stdout.flush()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
