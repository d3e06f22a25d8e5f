#!/usr/bin/env bash
# The main job, from a fresh checkout: installs the dependencies, builds
# libdynval (shared and static), the dynval tool and the C examples (which
# README's next sections run), and decodes the bundled example (a planned
# state with unknown values, per the schema of a resource) into a human view.
#
# Usage: scripts/run-example.sh [BUILD_DIR]      (default: build)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
cd "$root"

scripts/install-deps.sh
[ -f "$build/build.ninja" ] || meson setup "$build" >/dev/null
meson compile -C "$build" cli/dynval capi/dynval:static_library examples/decode_example \
  examples/plan_example examples/upgrade_example examples/paths_example >"$build/run-example-build.log" 2>&1 ||
  { tail -n 30 "$build/run-example-build.log" >&2; echo "run-example: the build failed (log: $build/run-example-build.log)" >&2; exit 1; }

set -x
"$build/cli/dynval" convert \
  --schema examples/data/schema.json --block resource:acme_server \
  --from msgpack --to pretty examples/data/planned-state.msgpack
