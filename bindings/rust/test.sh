#!/bin/sh
# Runs the Rust bindings' checks against a meson build of libdynval:
#   1. the checked-in bindgen output is current (dynval-sys/regen.sh --check;
#      skipped with a notice when bindgen or libclang is not installed),
#   2. cargo fmt --check and cargo clippy --all-targets -- -D warnings,
#   3. cargo test (unit, integration and doc tests of both crates),
#   4. the examples (decode, plan, upgrade, paths) print what the C ones print.
#
#   bindings/rust/test.sh [BUILD_DIR]     (default: <repo root>/build)
#
# BUILD_DIR must hold a built capi/libdynval.so (e.g. `meson setup build &&
# ninja -C build`); its meson-uninstalled/ folder holds the dynval-uninstalled.pc
# that pkg-config resolves as `dynval`. The crates then link the uninstalled
# library and get an rpath to it, so no LD_LIBRARY_PATH is needed.
set -u

here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
case "$build" in
  /*) ;;
  *) build="$(pwd)/$build" ;;
esac
if [ ! -f "$build/meson-uninstalled/dynval-uninstalled.pc" ]; then
  echo "test.sh: $build/meson-uninstalled/dynval-uninstalled.pc not found; run meson setup/compile first" >&2
  exit 2
fi
PKG_CONFIG_PATH="$build/meson-uninstalled${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export PKG_CONFIG_PATH
# Keep cargo's output out of the source tree unless the caller chose a dir.
CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$build/rust-target}
export CARGO_TARGET_DIR
cd "$here"

# Every step runs even when an earlier one fails, so cargo test always
# reports its counts; the exit status is nonzero if any step failed.
status=0
echo "== bindings current (dynval-sys/regen.sh --check)"
if command -v bindgen >/dev/null 2>&1 || [ -x "$HOME/.cargo/bin/bindgen" ]; then
  ./dynval-sys/regen.sh --check || status=1
else
  echo "SKIP: bindgen not installed (cargo install bindgen-cli)"
fi

echo "== cargo fmt --check"
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all --check || status=1
else
  echo "SKIP: rustfmt not installed"
fi

echo "== cargo clippy"
if cargo clippy --version >/dev/null 2>&1; then
  cargo clippy --locked --workspace --all-targets -- -D warnings || status=1
else
  echo "SKIP: clippy not installed"
fi

# The C, Rust and Go examples print the same bytes: examples/data/NAME.expected
# (paths_example: a walk, then a diff).
data="$here/../../examples/data"
mkdir -p "$CARGO_TARGET_DIR"
for example in decode_example plan_example upgrade_example paths_example; do
  echo "== cargo run --example $example"
  out="$CARGO_TARGET_DIR/$example.out"
  run="cargo run --locked -q -p dynval --example $example"
  if [ "$example" = paths_example ]; then
    args="$data/schema.json resource:acme_server $data/planned-state.msgpack"
    { $run -- walk $args && $run -- diff $args "$data/applied-state.msgpack"; } > "$out"
  else
    $run > "$out"
  fi || { status=1; continue; }
  expected="$data/$(echo "$example" | tr _ -).expected"
  diff -u "$expected" "$out" && echo "ok: $example prints $(basename "$expected")" || status=1
done

echo "== cargo test"
cargo test --locked --workspace || status=1
exit $status
