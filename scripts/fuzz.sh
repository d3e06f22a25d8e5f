#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz, each for a given time, under
# AddressSanitizer + UndefinedBehaviorSanitizer (clang from Debian).
#
# Usage: scripts/fuzz.sh [-t SECONDS] [-j JOBS] [-b BUILD_DIR] [-s SEED] [--merge] [TARGET...]
#   -t SECONDS  time per target (default 60)
#   -j JOBS     targets run side by side (default 1)
#   -b DIR      the fuzz build (default build-fuzz; configured if missing)
#   -s SEED     libFuzzer's random seed (default: a new one each run)
#   --merge     afterwards, add the inputs that found new coverage to the
#               committed seed corpus tests/fuzz/corpus/<target> (libFuzzer
#               -merge=1, so only coverage-increasing inputs are kept)
#   TARGET      msgpack_decode json_decode type_json schema_json schema_proto
#               transcode roundtrip build ops (default: all, every
#               tests/fuzz/fuzz_<target>.cpp)
#
# Each target fuzzes a working copy of its seeds in BUILD_DIR/fuzz-work/<target>
# (kept between runs, so campaigns accumulate). A crash, leak, sanitizer
# report, timeout (>10 s per input) or out-of-memory (>2 GiB) is a finding:
# its input is saved as BUILD_DIR/fuzz-artifacts/<target>/crash-* and the
# script exits 1. Reproduce one with: BUILD_DIR/tests/fuzz/fuzz_<target> FILE
# One line per target reports seconds, executions and the corpus size.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
secs=60 jobs=1 build="$root/build-fuzz" merge=0 seed=0 targets=()
all=()
for f in "$root"/tests/fuzz/fuzz_*.cpp; do t="${f##*/fuzz_}"; all+=("${t%.cpp}"); done
while [ $# -gt 0 ]; do
  case "$1" in
    -t) secs="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    -b) build="$2"; shift 2 ;;
    -s) seed="$2"; shift 2 ;;
    --merge) merge=1; shift ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

"$root/scripts/install-deps.sh" --fuzz || exit 1
if [ ! -f "$build/build.ninja" ]; then
  CC=clang CXX=clang++ meson setup "$build" "$root" -Dfuzz=true -Dtests=false -Dgocty=false \
    -Db_sanitize=address,undefined -Db_lundef=false >/dev/null || { echo "fuzz: meson setup failed"; exit 1; }
fi
build="$(cd "$build" && pwd)"
ninja -C "$build" $(printf 'tests/fuzz/fuzz_%s ' "${targets[@]}") >/dev/null || { echo "fuzz: build failed"; exit 1; }

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

run_one() {
  local t="$1" work="$build/fuzz-work/$1" art="$build/fuzz-artifacts/$1/" log="$build/fuzz-logs/$1.log"
  mkdir -p "$work" "$art" "$(dirname "$log")"
  local max_len=16384
  [ "$t" = schema_json ] && max_len=65536
  "$build/tests/fuzz/fuzz_$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
    -max_len="$max_len" -seed="$seed" -print_final_stats=1 -artifact_prefix="$art" \
    "$work" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1
  local rc=$? execs units
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  units=$(ls "$work" | wc -l)
  if [ $rc -eq 0 ]; then
    printf 'fuzz %-15s ok      %6ss %12s execs %7s inputs in fuzz-work\n' "$t" "$secs" "${execs:-?}" "$units"
  else
    printf 'fuzz %-15s FINDING exit %d, see %s and %s\n' "$t" "$rc" "$log" "$art"
    grep -m5 -E 'ERROR|SUMMARY|check failed|runtime error' "$log" | sed 's/^/    /'
  fi
  return $rc
}
export -f run_one
export build secs root seed

status=0
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}' || status=1

if [ $merge = 1 ]; then
  for t in "${targets[@]}"; do
    "$build/tests/fuzz/fuzz_$t" -merge=1 "$root/tests/fuzz/corpus/$t" "$build/fuzz-work/$t" \
      >"$build/fuzz-logs/$t.merge.log" 2>&1 || { echo "fuzz: merge of $t failed"; status=1; }
    echo "merge $t: $(sed -n 's/.*MERGE-OUTER: \([0-9]* new files\).*/\1/p' "$build/fuzz-logs/$t.merge.log" | tail -1)"
  done
fi
exit $status
