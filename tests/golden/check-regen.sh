#!/bin/sh
# Test: regenerating the golden vectors gives the committed file, byte for
# byte (a change to the generator or to go-cty's output that was not
# committed fails here). Exit 77 (meson: skipped) only when Go is missing.
# Usage: check-regen.sh SOURCE_ROOT [GO]
set -u
root="$1"
go="${2:-go}"
if ! command -v "$go" >/dev/null 2>&1; then
  echo "go not found: cannot regenerate the golden vectors"
  exit 77
fi
export PATH="$(dirname "$(command -v "$go")"):$PATH"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
"$root/scripts/gen-golden.sh" "$tmp" || { echo "FAIL: the generator did not run"; exit 1; }
if ! cmp -s "$tmp/gocty-vectors.txt" "$root/tests/data/gocty-vectors.txt"; then
  diff -u "$root/tests/data/gocty-vectors.txt" "$tmp/gocty-vectors.txt" | head -40
  echo "FAIL: tests/data/gocty-vectors.txt differs from what scripts/gen-golden.sh writes"
  exit 1
fi
echo "OK: regeneration reproduces tests/data/gocty-vectors.txt ($(grep -vc '^#' "$tmp/gocty-vectors.txt") rows)"
