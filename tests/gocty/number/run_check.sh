#!/bin/sh
# Runs the Go reference generator (gen/, standard library math/big only) and
# pipes its TSV into the C++ checker. Exit 77 (meson: skipped) without Go.
# Usage: run_check.sh <gocty_number_check> <gen dir> [go binary]
set -u
checker="$1"
gendir="$2"
go="${3:-go}"
if ! command -v "$go" >/dev/null 2>&1; then
  echo "go not found; skipping the math/big cross-check"
  exit 77
fi
tmp="${TMPDIR:-/tmp}/gocty_number.$$.tsv"
trap 'rm -f "$tmp"' EXIT
(cd "$gendir" && GOFLAGS=-mod=mod "$go" run . -seed "${GOCTY_NUMBER_SEED:-20240917}" -n "${GOCTY_NUMBER_N:-120000}") >"$tmp" || {
  echo "go run failed"
  exit 1
}
exec "$checker" "$tmp"
