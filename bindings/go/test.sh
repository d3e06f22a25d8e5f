#!/bin/sh
# Runs the Go binding's checks and the go-cty conformance suite against a
# meson build directory of libdynval.
#
#   bindings/go/test.sh [BUILD_DIR]        (default: <repo root>/build)
#
# BUILD_DIR must hold capi/libdynval.so (ninja -C BUILD_DIR capi/libdynval.so.0.7.0)
# and meson-uninstalled/dynval-uninstalled.pc, which pkg-config resolves for
# `#cgo pkg-config: dynval`; its Libs carry an rpath to BUILD_DIR/capi, so the
# tests run without LD_LIBRARY_PATH. Extra conformance flags go through
# DYNVAL_CONF_SEED / DYNVAL_CONF_CASES. Exits nonzero on any failure.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-$root/build}
build=$(cd "$build" && pwd)

if [ ! -f "$build/meson-uninstalled/dynval-uninstalled.pc" ]; then
  echo "test.sh: $build/meson-uninstalled/dynval-uninstalled.pc not found (run meson setup/compile first)" >&2
  exit 2
fi
PKG_CONFIG_PATH="$build/meson-uninstalled${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PKG_CONFIG_PATH
# Do not reuse test results cached against another build of the library.
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-count=1"

status=0
echo "== bindings/go: go vet"
(cd "$here" && go vet ./...) || status=1
echo "== bindings/go: go test -race"
(cd "$here" && go test -race -v ./...) || status=1
# The C, Rust and Go examples print the same bytes: examples/data/NAME.expected
# (paths-example: a walk, then a diff).
data="$root/examples/data"
for example in decode-example plan-example upgrade-example paths-example; do
  echo "== bindings/go: $example"
  out="$build/go-$example.out"
  if [ "$example" = paths-example ]; then
    args="$data/schema.json resource:acme_server $data/planned-state.msgpack"
    (cd "$here" && go run ./cmd/paths-example walk $args &&
      go run ./cmd/paths-example diff $args "$data/applied-state.msgpack") > "$out"
  else
    (cd "$here" && go run "./cmd/$example") > "$out"
  fi && diff -u "$data/$example.expected" "$out" && echo "ok: $example prints $example.expected" || status=1
done
# The OpenTofu side of TestProposedNewConformance: OpenTofu v1.9.1's objchange
# package copied out of the module into a scratch module under BUILD_DIR.
echo "== tests/conformance: OpenTofu objchange oracle (scripts/objchange-oracle.sh)"
if "$root/scripts/objchange-oracle.sh" "$build/objchange"; then
  DYNVAL_OBJCHANGE_ORACLE="$build/objchange/objchange-oracle"
  export DYNVAL_OBJCHANGE_ORACLE
else
  echo "test.sh: the objchange oracle did not build; TestProposedNewConformance fails without it" >&2
  status=1
fi
echo "== tests/conformance: go vet"
(cd "$root/tests/conformance" && go vet ./...) || status=1
echo "== tests/conformance: go test"
(cd "$root/tests/conformance" && go test -v -timeout 30m ./...) || status=1
exit $status
