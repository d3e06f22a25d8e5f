#!/bin/sh
# Regenerates the golden vectors of the tests (tests/data/gocty-vectors.txt)
# by running go-cty v1.18.1 itself: tests/golden/gen, a Go module that
# fetches go-cty from the Go module proxy (tests/data/README.md).
#
# Usage: scripts/gen-golden.sh [OUT_DIR]      (default: tests/data)
# tests/golden/check-regen.sh runs this into a temporary folder and compares.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/tests/data}"
mkdir -p "$out"
tmp="$out/gocty-vectors.txt.tmp.$$"
trap 'rm -f "$tmp"' EXIT
(cd "$root/tests/golden/gen" && go run .) >"$tmp"
mv "$tmp" "$out/gocty-vectors.txt"
echo "wrote $out/gocty-vectors.txt ($(grep -vc '^#' "$out/gocty-vectors.txt") rows)"
