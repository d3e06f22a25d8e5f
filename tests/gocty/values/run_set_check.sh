#!/bin/sh
# Cross-checks dynval set ordering against go-cty v1.18.1 (gen_sets.go).
# Usage: run_set_check.sh CHECKER MODULE_DIR [SEED] [COUNT]
# Exits 77 (skipped) when Go or the go-cty module is not available.
set -u
checker="$1"
moddir="$2"
seed="${3:-${DYNVAL_GOCTY_SEED:-1}}"
count="${4:-${DYNVAL_GOCTY_SETS:-100000}}"

if ! command -v go >/dev/null 2>&1; then
  echo "go not found: skipping the go-cty set-order cross-check"
  exit 77
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$moddir" && GOFLAGS=-mod=mod go build -o "$tmp/gen_sets" .) >"$tmp/build.log" 2>&1; then
  cat "$tmp/build.log"
  echo "could not build gen_sets (no module proxy?): skipping"
  exit 77
fi
echo "seed $seed, $count sets"
"$tmp/gen_sets" -seed "$seed" -n "$count" >"$tmp/sets.txt" || exit 1
"$checker" <"$tmp/sets.txt"
