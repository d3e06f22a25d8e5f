#!/usr/bin/env bash
# The libdynval benchmark suite, side by side with go-cty
# (docs/performance.md). One command from a fresh clone:
#
#   scripts/bench.sh
#
# 1. installs the build dependencies (scripts/install-deps.sh; Go must be on
#    PATH, and the Go module proxy reachable for go-cty and terraform-plugin-go);
# 2. configures and builds a separate release build, build-bench
#    (-Dbench=true --buildtype=release): dynval_bench and the dynval CLI;
# 3. generates the corpus into build-bench/corpus with bench/corpus (Go,
#    go-cty v1.18.1, fixed seed; regenerated only when the generator changes);
# 4. checks the transcoders on the corpus (bench/corpus_check.cpp), runs
#    dynval_bench (Google Benchmark), the Go benchmarks (go-cty and
#    tftypes) and the whole-process `dynval convert` round trip of the 20 MB
#    planned state;
# 5. prints the table and writes it as markdown to build-bench/bench-table.md.
#
# Numbers are reported, never asserted. Environment:
#   BENCH_BUILD      build directory (default build-bench)
#   BENCH_MIN_TIME   Google Benchmark --benchmark_min_time (default 0.2)
#   BENCH_JOBS       ninja -j (default 2)
#   BENCH_SKIP_GO=1  skip the Go benchmarks (no go-cty columns)
#   BENCH_FILTER     --benchmark_filter for dynval_bench (default: all)
#   BENCH_CHECK_CORPUS=1  also check the corpus with go-cty (slow)
#   BENCH_BASELINE=REV  also build git revision REV (in $BENCH_BUILD/baseline,
#                    from a worktree in $BENCH_BUILD/baseline-src) and run it
#                    beside this tree on the same corpus, interleaved round by
#                    round, so that the table shows before and after side by
#                    side from one run
#   BENCH_ROUNDS     rounds of dynval_bench per build, medians taken (default
#                    1, or 3 with BENCH_BASELINE)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=${BENCH_BUILD:-build-bench}
min_time=${BENCH_MIN_TIME:-0.2}
jobs=${BENCH_JOBS:-2}
corpus="$build/corpus"
say() { echo "bench: $*" >&2; }

# 1. Dependencies.
if [ -x scripts/install-deps.sh ]; then
  scripts/install-deps.sh
fi
command -v go >/dev/null || { say "Go is required (go-cty corpus and benchmarks)"; exit 1; }

# 2. Release build.
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" -Dbench=true -Dtests=false --buildtype=release
fi
targets=(bench/dynval_bench bench/floor_cli bench/dynval_corpus_check cli/dynval)
ninja -C "$build" -j"$jobs" "${targets[@]}"

# 2b. The baseline revision, if any: its own worktree and release build.
baseline=
if [ -n "${BENCH_BASELINE:-}" ]; then
  baseline="$build/baseline"
  rev=$(git rev-parse --verify "${BENCH_BASELINE}^{commit}")
  if [ ! -d "$build/baseline-src" ]; then
    git worktree add --detach "$build/baseline-src" "$rev" >&2
  else
    git -C "$build/baseline-src" checkout -q --detach "$rev"
  fi
  if [ ! -f "$baseline/build.ninja" ]; then
    meson setup "$baseline" "$build/baseline-src" -Dbench=true -Dtests=false --buildtype=release >&2
  fi
  ninja -C "$baseline" -j"$jobs" "${targets[@]}" >&2
  say "baseline: $(git log -1 --format='%h %s' "$rev")"
  git log -1 --format='%h' "$rev" >"$build/bench-baseline-rev.txt"
else
  rm -f "$build/bench-baseline-rev.txt" "$build"/bench-cpp-baseline.json
fi
rounds=${BENCH_ROUNDS:-$([ -n "$baseline" ] && echo 3 || echo 1)}

# 3. Corpus (cached; the stamp is the generator's source hash).
stamp=$(cat bench/corpus/main.go bench/corpus/go.mod | sha256sum | cut -c1-16)
if [ ! -f "$corpus/manifest.tsv" ] || [ "$(cat "$corpus/.stamp" 2>/dev/null)" != "$stamp" ]; then
  say "generating the corpus into $corpus (a few minutes)"
  rm -rf "$corpus"
  (cd bench/corpus && go build -o "$root/$build/corpusgen" .)
  "$build/corpusgen" -schemas "$root/tests/data/provider-schemas" -out "$corpus"
  echo "$stamp" >"$corpus/.stamp"
fi
export DYNVAL_CORPUS="$root/$corpus"

# 4a. The transcoders must give the tree path's bytes on every corpus file
# (bench/corpus_check.cpp); a difference stops the run before any timing.
say "checking the four transcoders against decode+encode on the corpus"
"$build/bench/dynval_corpus_check" >&2

# 4b. libdynval and the floors: each round runs the baseline (if any) and
# then this tree; the medians over the rounds go to bench-cpp.json (and
# bench-cpp-baseline.json), each with its min and max.
say "running dynval_bench (min_time $min_time s, $rounds round(s))"
filter=()
[ -n "${BENCH_FILTER:-}" ] && filter=(--benchmark_filter="$BENCH_FILTER")
rm -f "$build"/bench-cpp.round*.json
for r in $(seq "$rounds"); do
  for who in ${baseline:+baseline} current; do
    dir=$build; [ "$who" = baseline ] && dir=$baseline
    "$dir/bench/dynval_bench" --benchmark_min_time="$min_time" "${filter[@]}" \
      --benchmark_out="$build/bench-cpp.round$r.$who.json" --benchmark_out_format=json \
      --benchmark_counters_tabular=false >&2
  done
done
python3 - "$build" "$rounds" ${baseline:+baseline} current <<'EOF'
import json, statistics, sys
build, rounds, whos = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
for who in whos:
    runs = [json.load(open(f"{build}/bench-cpp.round{r}.{who}.json")) for r in range(1, rounds + 1)]
    out = runs[-1]
    for b in out["benchmarks"]:
        ts = [x["real_time"] for run in runs for x in run["benchmarks"] if x["name"] == b["name"] and "real_time" in x]
        if ts:
            b["real_time"], b["min_real_time"], b["max_real_time"] = statistics.median(ts), min(ts), max(ts)
            b["rounds"] = len(ts)
    json.dump(out, open(f"{build}/bench-cpp{'-baseline' if who == 'baseline' else ''}.json", "w"), indent=1)
EOF

# 4c. go-cty and tftypes: small cases for 0.3 s each, the multi-megabyte
# ones for one iteration each (each takes seconds in go-cty).
# BENCH_CHECK_CORPUS=1 first checks that go-cty round-trips every corpus file
# byte for byte (slow). dynval_bench always compares libdynval's encodings
# with the corpus bytes (the table lists any difference).
if [ "${BENCH_SKIP_GO:-0}" != 1 ]; then
  say "running the Go benchmarks (go-cty v1.18.1, terraform-plugin-go tftypes)"
  small=() big=()
  while IFS=$'\t' read -r name _ mp _; do
    if [ "$(stat -c %s "$corpus/$mp")" -lt 2000000 ]; then small+=("$name"); else big+=("$name"); fi
  done <"$corpus/manifest.tsv"
  join() { local IFS=,; echo "$*"; }
  (
    cd bench/go
    if [ "${BENCH_CHECK_CORPUS:-0}" = 1 ]; then
      go test -count=1 -run TestCorpusRoundTrip . >&2 || echo "bench: WARNING: corpus check failed" >&2
    fi
    DYNVAL_CASES=$(join "${small[@]}") go test -count=1 -run '^$' -bench . -benchtime 0.3s .
    DYNVAL_CASES=$(join "${big[@]}") go test -count=1 -run '^$' -bench . -benchtime 1x -timeout 30m .
  ) | tee "$build/bench-go.txt" >&2
else
  : >"$build/bench-go.txt"
fi

# 4d. The CLI as a whole process: round trips of the 20 MB planned state,
# and the schema-less floors on the same bytes (bench/floor_cli.cpp:
# msgpack-cxx unpack + pack, simdjson DOM parse + minify), each run
# BENCH_CLI_RUNS times (default 7), interleaved so that load changes hit all
# of them alike; median, min and max are reported.
say "timing dynval convert and the floors (whole process)"
python3 - "$build" "${BENCH_CLI_RUNS:-7}" "$baseline" <<'EOF'
import json, os, statistics, subprocess, sys, time
build, runs, baseline = sys.argv[1], int(sys.argv[2]), sys.argv[3]
c = os.path.join(build, "corpus")
case = "aws_quicksight_dashboard"
mp, js = os.path.join(c, case + ".msgpack"), os.path.join(c, case + ".json")
conv = [os.path.join(build, "cli", "dynval"), "convert", "--schema", os.path.join(c, "quicksight.schema.json"),
        "--block", "resource:" + case]
floor = os.path.join(build, "bench", "floor_cli")
res = {"case": case, "size_mb": os.path.getsize(mp) / 1e6, "json_size_mb": os.path.getsize(js) / 1e6,
       "runs": runs, "load_before": open("/proc/loadavg").read().split()[:3]}
# name: (command, output, reference bytes or None)
jobs = {}
for src, inp in (("msgpack", mp), ("json", js)):
    for to, ref in (("msgpack", mp), ("json", js)):
        out = os.path.join(build, f"cli-out.{src}-to-{to}")
        # json->msgpack is not compared: numbers read from JSON text are 512-bit
        # decimals, which go-cty writes as text where the original had a float64.
        jobs[f"{src}_to_{to}"] = (conv + ["--from", src, "--to", to, inp, out], out, None if (src, to) == ("json", "msgpack") else ref)
        if baseline:
            bconv = [os.path.join(baseline, "cli", "dynval")] + conv[1:]
            jobs[f"baseline:{src}_to_{to}"] = (bconv + ["--from", src, "--to", to, inp, out + ".baseline"],
                                               out + ".baseline", jobs[f"{src}_to_{to}"][2])
jobs["floor_msgpack_roundtrip"] = ([floor, "msgpack", mp, os.path.join(build, "floor-out.msgpack")], None, None)
jobs["floor_json_roundtrip"] = ([floor, "json", js, os.path.join(build, "floor-out.json")], None, None)
times = {k: [] for k in jobs}
for _ in range(runs):
    for k, (cmd, _, _) in jobs.items():
        t = time.perf_counter()
        subprocess.run(cmd, check=True)
        times[k].append(time.perf_counter() - t)
for k, (cmd, out, ref) in jobs.items():
    ts = times[k]
    r = {"median_s": statistics.median(ts), "min_s": min(ts), "max_s": max(ts)}
    if ref:
        got = open(out, "rb").read()
        if k.endswith("_to_json"):
            got = got.rstrip(b"\n")
        r["same_bytes_as_gocty"] = got == open(ref, "rb").read()
    res[k] = r
    print(f"bench: {k}: median {r['median_s']*1e3:.0f} ms (min {r['min_s']*1e3:.0f}, max {r['max_s']*1e3:.0f})"
          + (f", output identical to go-cty: {r['same_bytes_as_gocty']}" if ref else ""), file=sys.stderr)
res["load_after"] = open("/proc/loadavg").read().split()[:3]
json.dump(res, open(os.path.join(build, "bench-cli.json"), "w"), indent=1)
EOF

# 5. The table.
{
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$build/bench-machine.txt"
python3 bench/table.py "$build"
