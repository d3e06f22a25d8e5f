#!/usr/bin/env bash
# Builds libdynval with sanitizers (gcc) and runs its tests there.
#
# Usage: scripts/sanitize.sh asan|tsan [BUILD_DIR]
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer):
#         every Meson test suite (unit, C API, headers, ABI symbol list,
#         CLI, examples, fuzz corpus replays, hardening, go-cty cross-checks)
#         built instrumented; any report aborts the test that made it.
#         Default BUILD_DIR: build-asan.
#   tsan  ThreadSanitizer: the concurrency tests (tests/hardening
#         hardening_threads, tests/capi test_threads). Default: build-tsan.
# The Rust and Go bindings are not run here: their test binaries would need
# the sanitizer runtime preloaded into cargo's and go's own processes.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:?usage: sanitize.sh asan|tsan [BUILD_DIR]}"
build="${2:-$root/build-$mode}"
cd "$root"
scripts/install-deps.sh

case "$mode" in
  asan)
    opts=(-Db_sanitize=address,undefined -Db_lundef=false
          -Dc_args=-fno-sanitize-recover=all -Dcpp_args=-fno-sanitize-recover=all)
    targets=() tests=()
    ;;
  tsan)
    opts=(-Db_sanitize=thread -Dgocty=false)
    targets=(hardening_threads capi_threads)
    tests=(hardening_threads threads)
    ;;
  *) echo "sanitize.sh: unknown mode $mode (asan or tsan)"; exit 2 ;;
esac

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "${opts[@]}" >/dev/null || { echo "sanitize: meson setup failed"; exit 1; }
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"
if [ ${#tests[@]} -eq 0 ]; then
  meson compile -C "$build" || { echo "sanitize: build failed"; exit 1; }
else
  meson compile -C "$build" "${targets[@]}" || { echo "sanitize: build failed"; exit 1; }
fi
# Sanitized code runs 2-15x slower: give every test more time.
meson test -C "$build" --print-errorlogs --num-processes 2 --timeout-multiplier 10 "${tests[@]}"
