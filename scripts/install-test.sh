#!/usr/bin/env bash
# Installs a built tree into a scratch DESTDIR and builds and runs the C
# example against the installed copy with nothing but
# `pkg-config --cflags --libs dynval` (PKG_CONFIG_SYSROOT_DIR maps the
# installed paths into the DESTDIR).
#
# Usage: scripts/install-test.sh BUILD_DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$1"
dest="$(mktemp -d)"
trap 'rm -rf "$dest"' EXIT

meson install -C "$build" --destdir "$dest" --no-rebuild >/dev/null
pcfile="$(find "$dest" -name dynval.pc | head -n 1)"
[ -n "$pcfile" ] || { echo "install-test: no dynval.pc installed"; exit 1; }
libdir="$(dirname "$(dirname "$pcfile")")"

export PKG_CONFIG_PATH="$(dirname "$pcfile")"
export PKG_CONFIG_LIBDIR="$(dirname "$pcfile")"
export PKG_CONFIG_SYSROOT_DIR="$dest"
flags="$(pkg-config --cflags --libs dynval)"
echo "pkg-config --cflags --libs dynval: $flags"
# shellcheck disable=SC2086
cc -std=c99 -Wall -Werror -o "$dest/print_value" "$root/examples/print_value.c" $flags
LD_LIBRARY_PATH="$libdir" "$dest/print_value" > "$dest/out.txt"
# The installed library must be the one that ran.
resolved="$(LD_LIBRARY_PATH="$libdir" ldd "$dest/print_value")"
case "$resolved" in
  *"$dest"*) ;;
  *) echo "install-test: not linked against the installed copy: $resolved"; exit 1 ;;
esac
head -n 3 "$dest/out.txt"
echo "install-test: ok"
