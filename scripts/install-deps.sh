#!/usr/bin/env bash
# Installs everything libdynval needs to build and test on a fresh Debian 12
# machine (run as root, or with sudo available). Safe to run repeatedly: it
# only installs what is missing.
#
#   scripts/install-deps.sh          build and test dependencies
#   scripts/install-deps.sh --fuzz   also clang and its sanitizer/libFuzzer
#                                    runtimes (scripts/fuzz.sh)
#   scripts/install-deps.sh --package
#                                    also the Debian packaging tools
#                                    (scripts/package-test.sh, debian/)
set -euo pipefail

# The library needs Boost, simdjson and utf8proc; GoogleTest and the rest are
# for the tests (zstd and gzip unpack tests/data); Google Benchmark and
# msgpack-cxx are for the benchmarks only (-Dbench=true).
pkgs=(meson ninja-build pkg-config g++ python3
      libboost-dev libsimdjson-dev libutf8proc-dev
      libgtest-dev libgmock-dev zstd gzip abigail-tools
      libbenchmark-dev libmsgpack-cxx-dev)

for arg in "$@"; do
  case "$arg" in
    --fuzz) pkgs+=(clang libclang-rt-14-dev) ;;
    --package) pkgs+=(dpkg-dev debhelper lintian) ;;
    *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "install-deps: installing ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Go is used by the go-cty cross-checks (tests/gocty); it is optional: those
# tests skip without it. Nothing to install here: Go modules come from the
# module proxy when the tests run.
command -v go >/dev/null 2>&1 || echo "install-deps: go not found; go-cty cross-checks will be skipped" >&2
exit 0
