#!/bin/sh
# Cross-check of dynval::text against Go (golang.org/x/text v0.11.0 norm,
# strconv.Quote, encoding/json) and go-cty v1.18.1 ctystrings.SafeKnownPrefix
# on 100,000 random strings (fixed seed) plus every code point.
# Usage: run.sh CHECKER_EXE GO_SOURCE_DIR. Exits 77 (skip) without Go or
# without access to the Go modules.
checker=$1
godir=$2
if ! command -v go >/dev/null 2>&1; then
  echo "go not found: skipping"
  exit 77
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
if ! (cd "$godir" && go build -o "$tmp/textcheck" .); then
  echo "cannot build the Go side (no module proxy or cache?): skipping"
  exit 77
fi
mkfifo "$tmp/lines" || exit 1
"$tmp/textcheck" -n 100000 -seed 1 > "$tmp/lines" &
"$checker" < "$tmp/lines"
status=$?
wait $! || status=1
exit $status
