#!/usr/bin/env bash
# Static linking, as a provider author ships a plugin: one executable.
#
# Installs a built tree into a scratch DESTDIR, deletes the installed
# libdynval.so*, then builds the decode example in C (pkg-config
# dynval-static), Go (-tags dynval_static) and Rust (--features static)
# against the installed libdynval.a, and checks for each program:
#   - `readelf -d` names no libdynval among the NEEDED libraries;
#   - it runs and prints examples/data/decode-example.expected while
#     BUILD_DIR's own libdynval.so* are moved away (and put back on exit);
# and two negative controls: the shared C build does name libdynval (so the
# readelf check can fail), and the Rust static build fails loudly where
# there is no archive instead of linking the shared library.
# Prints one line per check, "static CHECK ok|FAILED", then its sizes
# (stripped) and build times.
#
# Usage: scripts/static-test.sh BUILD_DIR
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "$1" && pwd)"
dest="$(mktemp -d)"
hidden="$dest/hidden-shared"
mkdir -p "$hidden"
restore() {
  for f in "$hidden"/*; do [ -e "$f" ] && mv "$f" "$build/capi/"; done
  rm -rf "$dest"
}
trap restore EXIT

failures=0
pass() { echo "static $1 ok${2:+ ($2)}"; }
fail() { echo "static $1 FAILED: $2"; failures=$((failures + 1)); }

meson install -C "$build" --destdir "$dest/root" --no-rebuild >/dev/null || { fail install "meson install"; exit 1; }
pcfile="$(find "$dest/root" -name dynval-static.pc | head -n 1)"
[ -n "$pcfile" ] || { fail install "no dynval-static.pc installed"; exit 1; }
archive="$(find "$dest/root" -name libdynval.a | head -n 1)"
[ -n "$archive" ] || { fail install "no libdynval.a installed"; exit 1; }
find "$dest/root" -name 'libdynval.so*' -delete
export PKG_CONFIG_PATH="$(dirname "$pcfile")" PKG_CONFIG_LIBDIR="$(dirname "$pcfile")"
export PKG_CONFIG_SYSROOT_DIR="$dest/root"
bin="$dest/bin"
mkdir -p "$bin"
expected="$root/examples/data/decode-example.expected"

# Build each program; seconds in $took_NAME.
build_one() {
  local name="$1"; shift
  local start=$SECONDS
  if "$@" >"$dest/$name.build.log" 2>&1; then
    eval "took_$name=$((SECONDS - start))"
    return 0
  fi
  fail "build-$name" "$(tail -n 20 "$dest/$name.build.log")"
  return 1
}
# shellcheck disable=SC2046
build_one c cc -std=c99 -o "$bin/c" "$root/examples/decode_example.c" $(pkg-config --cflags --libs dynval-static)
# A private build cache: go does not hash pkg-config's output, so a cached
# build of the package would keep this scratch install's -L path.
build_one go env -C "$root/bindings/go" GOCACHE="$dest/gocache" \
  go build -tags dynval_static -o "$bin/go" ./cmd/decode-example
build_one rust env CARGO_TARGET_DIR="$build/rust-static-target" \
  cargo build --quiet --manifest-path "$root/bindings/rust/Cargo.toml" -p dynval --features static --example decode_example &&
  cp "$build/rust-static-target/debug/examples/decode_example" "$bin/rust"

# Negative controls.
cc -std=c99 -o "$dest/c-shared" "$root/examples/decode_example.c" -I"$root/include" -L"$build/capi" -ldynval
if readelf -d "$dest/c-shared" | grep -q 'NEEDED.*libdynval'; then
  pass readelf-sees-shared
else
  fail readelf-sees-shared "a program linked with -ldynval shows no libdynval in readelf -d"
fi
mkdir -p "$dest/empty"
if DYNVAL_LIB_DIR="$dest/empty" CARGO_TARGET_DIR="$build/rust-static-target" \
  cargo build --quiet --manifest-path "$root/bindings/rust/Cargo.toml" -p dynval --features static \
  --example decode_example >"$dest/neg.log" 2>&1; then
  fail rust-no-archive-fails "built without libdynval.a"
elif grep -q 'libdynval.a is not in' "$dest/neg.log"; then
  pass rust-no-archive-fails
else
  fail rust-no-archive-fails "failed otherwise: $(tail -n 5 "$dest/neg.log")"
fi

# The programs, with the build's shared library out of reach.
for f in "$build"/capi/libdynval.so*; do mv "$f" "$hidden/"; done
for lang in c go rust; do
  [ -x "$bin/$lang" ] || continue
  needed="$(readelf -d "$bin/$lang" | grep NEEDED)"
  if grep -q libdynval <<<"$needed"; then
    fail "$lang-needed" "$needed"
  else
    pass "$lang-needed"
  fi
  case "$lang" in
    c) (cd "$root" && "$bin/c") ;;
    go) (cd "$root/bindings/go" && "$bin/go") ;;
    rust) "$bin/rust" "$root/examples/data/schema.json" "$root/examples/data/planned-state.msgpack" ;;
  esac >"$dest/$lang.out" 2>&1
  if diff -u "$expected" "$dest/$lang.out" >"$dest/$lang.diff"; then
    stripped="$dest/$lang.stripped"
    strip -o "$stripped" "$bin/$lang"
    eval "t=\${took_$lang:-?}"
    pass "$lang-runs" "$(du -k "$stripped" | cut -f1) KB stripped, built in ${t} s"
  else
    fail "$lang-runs" "$(head -n 20 "$dest/$lang.diff")"
  fi
done
exit $((failures > 0))
