#!/usr/bin/env bash
# Runs every test of libdynval from a fresh checkout: installs the
# dependencies, builds, runs all Meson test suites, and prints one plain
# summary line "N passed, N failed" counting individual test cases
# (GoogleTest cases are counted one by one; other tests count as one).
#
# Usage: scripts/test.sh [BUILD_DIR]        (default: build)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
cd "$root"

scripts/install-deps.sh

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" >/dev/null || { echo "meson setup failed"; echo "0 passed, 1 failed"; exit 1; }
fi
if ! meson compile -C "$build"; then
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
fi

meson test -C "$build" --print-errorlogs --num-processes 2 --timeout-multiplier 3
rc=$?

python3 "$root/scripts/summarize-tests.py" "$build"
src=$?
[ $rc -eq 0 ] && [ $src -eq 0 ] && exit 0
exit 1
