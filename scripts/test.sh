#!/usr/bin/env bash
# Runs every test of libdynval from a fresh checkout: installs the
# dependencies, builds, runs all Meson test suites (C++ unit tests, C API,
# headers, ABI symbols and abidiff baseline, CLI, examples, fuzz corpus
# replays, hardening, go-cty cross-checks), the install test, the Debian
# packages (scripts/package-test.sh: build, lintian, a C program against
# them), static linking in C, Go and Rust (scripts/static-test.sh: no
# libdynval.so needed at run time), the Rust bindings (cargo test, clippy),
# the Go binding (go vet, go test -race), the go-cty conformance suite and README's quick starts
# (scripts/quickstart-test.py), the example provider driven by a real
# OpenTofu and a real Terraform (scripts/e2e.sh); then the Meson suites again under
# AddressSanitizer + UndefinedBehaviorSanitizer, the concurrency tests under
# ThreadSanitizer (scripts/sanitize.sh), and a short libFuzzer campaign per
# fuzz target (scripts/fuzz.sh); then prints one plain summary line
# "N passed, N failed" over all of them. GoogleTest, cargo and go test cases
# are counted one by one; other tests count as one.
#
# Usage: scripts/test.sh [BUILD_DIR]        (default: build; the sanitizer
#                                            and fuzz builds go beside it as
#                                            BUILD_DIR-asan, -tsan, -fuzz)
# Set DYNVAL_SKIP_BINDINGS=1 to skip the bindings, conformance, quick
# starts and the OpenTofu and Terraform runs, DYNVAL_SKIP_E2E=1 to skip only
# those runs (their first run builds OpenTofu and Terraform: minutes each),
# DYNVAL_SKIP_PACKAGES=1 to skip
# the Debian packages,
# DYNVAL_SKIP_SANITIZERS=1 to skip the sanitizer builds, DYNVAL_SKIP_FUZZ=1 to
# skip fuzzing; DYNVAL_FUZZ_SECONDS sets the time per fuzz target (30).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
cd "$root"
mkdir -p "$build"
build="$(cd "$build" && pwd)"
logs="$build/test-logs"

scripts/install-deps.sh

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" >/dev/null || { echo "meson setup failed"; echo "0 passed, 1 failed"; exit 1; }
fi
if ! meson compile -C "$build"; then
  echo "build failed"
  echo "0 passed, 1 failed"
  exit 1
fi
rm -rf "$logs"
mkdir -p "$logs"

meson test -C "$build" --print-errorlogs --num-processes 2 --timeout-multiplier 3

echo "== install test"
scripts/install-test.sh "$build" 2>&1 | tee "$logs/install.log"
echo "exit=${PIPESTATUS[0]}" >> "$logs/install.log"

if [ "${DYNVAL_SKIP_PACKAGES:-0}" != 1 ]; then
  echo "== Debian packages"
  scripts/package-test.sh 2>&1 | tee "$logs/package.log"
  echo "exit=${PIPESTATUS[0]}" >> "$logs/package.log"
fi

if [ "${DYNVAL_SKIP_BINDINGS:-0}" != 1 ]; then
  echo "== static linking (C, Go, Rust)"
  scripts/static-test.sh "$build" 2>&1 | tee "$logs/static.log"
  echo "exit=${PIPESTATUS[0]}" >> "$logs/static.log"

  echo "== Rust bindings"
  bindings/rust/test.sh "$build" 2>&1 | tee "$logs/rust.log"
  echo "exit=${PIPESTATUS[0]}" >> "$logs/rust.log"

  echo "== Go binding and go-cty conformance"
  bindings/go/test.sh "$build" 2>&1 | tee "$logs/go.log"
  echo "exit=${PIPESTATUS[0]}" >> "$logs/go.log"

  if [ "${DYNVAL_SKIP_E2E:-0}" != 1 ]; then
    echo "== OpenTofu end to end (examples/provider)"
    scripts/e2e.sh --client opentofu "$build" 2>&1 | tee "$logs/e2e.log"
    echo "exit=${PIPESTATUS[0]}" >> "$logs/e2e.log"
    echo "== Terraform end to end (examples/provider)"
    scripts/e2e.sh --client terraform "$build" 2>&1 | tee "$logs/e2e-terraform.log"
    echo "exit=${PIPESTATUS[0]}" >> "$logs/e2e-terraform.log"
    echo "== OpenTofu end to end (examples/provider-rust)"
    scripts/e2e.sh --client opentofu --provider rust "$build" 2>&1 | tee "$logs/e2e-rust.log"
    echo "exit=${PIPESTATUS[0]}" >> "$logs/e2e-rust.log"
    echo "== Terraform end to end (examples/provider-rust)"
    scripts/e2e.sh --client terraform --provider rust "$build" 2>&1 | tee "$logs/e2e-terraform-rust.log"
    echo "exit=${PIPESTATUS[0]}" >> "$logs/e2e-terraform-rust.log"
  fi

  echo "== README quick starts (C, Go, Rust; uninstalled and installed)"
  python3 scripts/quickstart-test.py "$build" 2>&1 | tee "$logs/quickstart.log"
  echo "exit=${PIPESTATUS[0]}" >> "$logs/quickstart.log"
fi

if [ "${DYNVAL_SKIP_SANITIZERS:-0}" != 1 ]; then
  for mode in asan tsan; do
    echo "== $mode"
    rm -f "$build-$mode/meson-logs/testlog.json"
    { echo "build=$build-$mode"; scripts/sanitize.sh "$mode" "$build-$mode" 2>&1; } | tee "$logs/$mode.log"
    echo "exit=${PIPESTATUS[0]}" >> "$logs/$mode.log"
  done
fi

if [ "${DYNVAL_SKIP_FUZZ:-0}" != 1 ]; then
  echo "== fuzz (${DYNVAL_FUZZ_SECONDS:-30} s per target)"
  # A fixed seed, so that CI explores the same way each time; campaigns
  # (scripts/fuzz.sh without -s) take a new seed each run.
  scripts/fuzz.sh -t "${DYNVAL_FUZZ_SECONDS:-30}" -j 2 -s 20261121 -b "$build-fuzz" 2>&1 | tee "$logs/fuzz.log"
  echo "exit=${PIPESTATUS[0]}" >> "$logs/fuzz.log"
fi

python3 "$root/scripts/summarize-tests.py" "$build" "$logs"
