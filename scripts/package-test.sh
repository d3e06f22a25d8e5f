#!/usr/bin/env bash
# Builds the Debian packages of debian/ (libdynval0, libdynval-dev,
# dynval-tools) from a scratch copy of the source with
# `dpkg-buildpackage -us -uc -b` (tests left to scripts/test.sh: nocheck),
# checks them with lintian (no error or warning allowed), unpacks them into a
# scratch root and, against that root, builds and runs a C program with
# nothing but `pkg-config --cflags --libs dynval` (PKG_CONFIG_SYSROOT_DIR maps
# the packaged paths into the root) and runs the packaged dynval tool.
# Also checks that debian/changelog's version is Meson's project version and
# that the symbols file makes the build fail when a symbol disappears.
#
# Usage: scripts/package-test.sh [KEEP_DIR]
#   KEEP_DIR: build there and keep the packages (default: a temporary folder,
#   removed afterwards).
# Prints "package CHECK ok|FAILED" per check; exit status 1 if any failed.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

"$root/scripts/install-deps.sh" --package || { echo "package install-deps FAILED"; exit 1; }

if [ $# -ge 1 ]; then
  work="$1"
  # KEEP_DIR is emptied first: refuse a folder this script did not make (a
  # build folder given by mistake would be lost).
  if [ -d "$work" ] && [ -n "$(ls -A "$work")" ] && [ ! -f "$work/.dynval-package-test" ]; then
    echo "package-test: $work is not empty and was not made by this script; refusing to empty it" >&2
    echo "package keep-dir FAILED"
    exit 2
  fi
  rm -rf "$work"
  mkdir -p "$work"
  work="$(cd "$work" && pwd)"
  touch "$work/.dynval-package-test"
else
  work="$(mktemp -d "${TMPDIR:-/tmp}/dynval-package.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
fi
failed=0
check() { # NAME STATUS [DETAIL]
  if [ "$2" -eq 0 ]; then
    echo "package $1 ok"
  else
    echo "package $1 FAILED${3:+: $3}"
    failed=$((failed + 1))
  fi
}
finish() {
  [ "$failed" -eq 0 ] || exit 1
  exit 0
}

# The Debian version's upstream part must be the release Meson builds.
version="$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)"
upstream="${version%-*}"
meson_version="$(sed -n "s/^  version: '\\([^']*\\)',\$/\\1/p" "$root/meson.build" | head -n 1)"
[ "$upstream" = "$meson_version" ]
check changelog-version $? "debian/changelog says $version, meson.build $meson_version"

# A scratch copy of the source: the files git knows (tracked or not ignored),
# so that no build folder or editor file goes in.
src="$work/libdynval-$upstream"
mkdir -p "$src"
if git -C "$root" rev-parse --show-toplevel >/dev/null 2>&1; then
  (cd "$root" && git ls-files -z --cached --others --exclude-standard |
     xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
     tar --null -T - -cf - | tar -xf - -C "$src")
else
  (cd "$root" && tar --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$src")
fi

echo "== dpkg-buildpackage -us -uc -b (nocheck)"
start=$SECONDS
(cd "$src" && DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" \
   dpkg-buildpackage -us -uc -b -Pnocheck) > "$work/build.log" 2>&1
status=$?
echo "dpkg-buildpackage: $((SECONDS - start)) s"
if [ $status -ne 0 ]; then
  tail -n 60 "$work/build.log"
  check build 1 "dpkg-buildpackage failed"
  finish
fi
check build 0
arch="$(dpkg-architecture -qDEB_HOST_ARCH)"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
changes="$work/libdynval_${version}_${arch}.changes"

echo "== lintian"
lintian --fail-on error,warning --display-info "$changes" 2>&1 | tee "$work/lintian.log"
check lintian "${PIPESTATUS[0]}" "see the tags above"

# Each package holds what it should.
rootfs="$work/root"
mkdir -p "$rootfs"
contents_ok=0
for pkg in libdynval0 libdynval-dev dynval-tools; do
  deb="$work/${pkg}_${version}_${arch}.deb"
  if [ ! -f "$deb" ]; then
    echo "missing $deb"
    contents_ok=1
    continue
  fi
  dpkg -x "$deb" "$rootfs"
  list="$(dpkg-deb -c "$deb")"
  case "$pkg" in
    libdynval0) want="usr/lib/$multiarch/libdynval.so.0 usr/share/doc/libdynval0/copyright" ;;
    libdynval-dev) want="usr/lib/$multiarch/libdynval.so usr/lib/$multiarch/pkgconfig/dynval.pc usr/include/dynval/dynval.h" ;;
    dynval-tools) want="usr/bin/dynval usr/share/man/man1/dynval.1.gz" ;;
  esac
  for f in $want; do
    grep -q " \\./$f\\( \\|\$\\)" <<<"$list" || { echo "$pkg lacks /$f"; contents_ok=1; }
  done
done
# The shared library lives in libdynval0 only.
if dpkg-deb -c "$work/libdynval-dev_${version}_${arch}.deb" 2>/dev/null | awk '{print $6}' | grep -q 'libdynval\.so\.'; then
  echo "libdynval-dev holds the runtime library"
  contents_ok=1
fi
check contents $contents_ok

# The packaged .pc is the plain distribution one: no rpath.
pc="$rootfs/usr/lib/$multiarch/pkgconfig/dynval.pc"
! grep -q -- '-rpath' "$pc" 2>/dev/null && [ -f "$pc" ]
check pc-no-rpath $? "$(cat "$pc" 2>/dev/null)"

# A C program against the unpacked packages, with pkg-config alone.
flags="$(PKG_CONFIG_SYSROOT_DIR="$rootfs" PKG_CONFIG_LIBDIR="$rootfs/usr/lib/$multiarch/pkgconfig" \
           PKG_CONFIG_PATH= pkg-config --cflags --libs dynval)"
echo "pkg-config --cflags --libs dynval: $flags"
# shellcheck disable=SC2086
cc -std=c99 -Wall -Werror -o "$work/print_value" "$root/examples/print_value.c" $flags &&
  resolved="$(LD_LIBRARY_PATH="$rootfs/usr/lib/$multiarch" ldd "$work/print_value")" &&
  grep -q "libdynval.so.0 => $rootfs/" <<<"$resolved" &&
  LD_LIBRARY_PATH="$rootfs/usr/lib/$multiarch" "$work/print_value" > "$work/print_value.out" &&
  grep -q "^libdynval $upstream " "$work/print_value.out"
check c-program $? "$(cat "$work/print_value.out" 2>/dev/null | head -n 3)"

# The packaged tool, a user of the packaged library (which it must depend
# on, through the symbols file's version) and of no rpath.
tools_deb="$work/dynval-tools_${version}_${arch}.deb"
depends="$(dpkg-deb -f "$tools_deb" Depends 2>/dev/null)"
grep -q "libdynval0 (>= $upstream)" <<<"$depends" &&
  ! readelf -d "$rootfs/usr/bin/dynval" | grep -q 'R.*PATH'
check dynval-tool-depends $? "Depends: $depends"
export_ld="$rootfs/usr/lib/$multiarch"
out="$(LD_LIBRARY_PATH="$export_ld" "$rootfs/usr/bin/dynval" --version)" && [ "$out" = "dynval $upstream" ] &&
  LD_LIBRARY_PATH="$export_ld" "$rootfs/usr/bin/dynval" convert --schema "$root/examples/data/schema.json" \
    --block resource:acme_server --from msgpack --to pretty \
    "$root/examples/data/planned-state.msgpack" | grep -q '^  name *= "web-1"$'
check dynval-tool $?

# The symbols file catches a symbol that disappears: checked against the
# packaged library with one more (made-up) symbol listed, dpkg-gensymbols
# must fail, and pass with the file as it is.
symbols="$src/debian/libdynval0.symbols"
lib="$(readlink -f "$rootfs/usr/lib/$multiarch/libdynval.so.0")"
gensymbols() {
  (cd "$src" && dpkg-gensymbols -plibdynval0 -P"$rootfs" -e"$lib" -v"$version" -c1 \
     -I"$1" -O"$work/symbols.out") > "$work/gensymbols.log" 2>&1
}
[ -f "$symbols" ] && gensymbols "$symbols"
ok=$?
{ cat "$symbols"; printf ' dv_removed_for_this_test@DYNVAL_0.1 0.1.0\n'; } > "$work/tampered.symbols"
if gensymbols "$work/tampered.symbols"; then
  echo "dpkg-gensymbols accepted a symbols file listing a symbol the library lacks"
  ok=1
fi
check symbols $ok

finish
