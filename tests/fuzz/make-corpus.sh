#!/usr/bin/env bash
# Regenerates the committed seed corpora tests/fuzz/corpus/<target>/ from
#   - random types and values encoded by go-cty (tests/conformance, its
#     TestMain with DYNVAL_FUZZ_SEEDS set; fixed seed),
#   - tests/fuzz/crash-inputs.tsv (go-cty's known crash inputs and other
#     hostile shapes),
#   - small `providers schema -json` documents cut from the real provider
#     schemas in tests/data/provider-schemas (one resource each).
# Findings that a fuzzing campaign turns up are added to the corpora by
# scripts/fuzz.sh --merge, not here; this script keeps files it did not write.
#
# Usage: tests/fuzz/make-corpus.sh BUILD_DIR   (an ordinary build, -Dtests=true)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:?usage: make-corpus.sh BUILD_DIR}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

meson compile -C "$build" fuzz_seed_tool dynval:shared_library >/dev/null

echo "go-cty value seeds"
(cd "$root/tests/conformance" &&
  PKG_CONFIG_PATH="$build/meson-uninstalled" LD_LIBRARY_PATH="$build/capi" \
  DYNVAL_FUZZ_SEEDS="$work/values.tsv" go test -run '^$' -count=1 . >/dev/null)

echo "schema documents"
python3 - "$root/tests/data/provider-schemas" "$work/schemas" <<'PY'
import io, json, os, subprocess, sys
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out)
n = 0
for name in sorted(os.listdir(src)):
    if not name.endswith('.json.zst'):
        continue
    doc = json.loads(subprocess.run(['zstd', '-dc', os.path.join(src, name)], check=True, capture_output=True).stdout)
    for addr, prov in doc['provider_schemas'].items():
        picks = [('provider', None, prov['provider'])]
        for kind in ('resource_schemas', 'data_source_schemas', 'ephemeral_resource_schemas'):
            items = sorted(prov.get(kind, {}).items())
            small = [(k, v) for k, v in items if len(json.dumps(v)) < 6000]
            # every 97th small block: a deterministic spread over the provider
            picks += [(kind, k, v) for k, v in small[::97][:4]]
        for kind, k, v in picks:
            p = {'provider': v} if kind == 'provider' else {kind: {k: v}}
            text = json.dumps({'format_version': doc.get('format_version', '1.0'),
                               'provider_schemas': {addr: p}}, separators=(',', ':'))
            with open(os.path.join(out, '%03d.json' % n), 'w') as f:
                f.write(text)
            n += 1
print(n, 'documents')
PY

"$build/tests/fuzz/fuzz_seed_tool" "$root/tests/fuzz/corpus" "$work/values.tsv" \
  "$root/tests/fuzz/crash-inputs.tsv" "$work"/schemas/*.json
for d in "$root"/tests/fuzz/corpus/*/; do
  printf '%-16s %5d files\n' "$(basename "$d")" "$(ls "$d" | wc -l)"
done
