#!/usr/bin/env bash
# Drives a real OpenTofu against the example provider (examples/provider),
# whose every DynamicValue goes through libdynval's Go binding:
#
#   1. builds OpenTofu from its Go module once and caches it in
#      BUILD_DIR/opentofu/VERSION/tofu (the module has a replace directive,
#      so `go install` refuses it: it is downloaded with `go mod download`
#      and built in a writable copy);
#   2. builds the library (when BUILD_DIR has no build yet), the provider,
#      and a broken variant of it;
#   3. runs OpenTofu non-interactively with a dev_overrides CLI
#      configuration (no `tofu init`, no registry): validate, providers
#      schema, plan, apply, plan (no changes), show -json checked value by
#      value, an update, a replacement plan, state rm + import, a write-only
#      value (refused: 1.9 does not know write-only attributes), an upgrade
#      from state written by schema version 0, destroy; then the negative
#      control: the broken provider's apply breaks a refinement of its plan,
#      and OpenTofu must say so;
#   4. re-encodes every DynamicValue the provider logged with the dynval
#      tool, by the schema OpenTofu printed, and compares the bytes.
#
# Prints one line per check ("e2e NAME ok|FAILED: ...") and then
# "N passed, N failed"; exits non-zero on any failure.
#
# Usage: scripts/e2e-opentofu.sh [BUILD_DIR]     (default: build)
# Needs Go and the Go module proxy; OpenTofu's cold build takes minutes.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
mkdir -p "$build"
build="$(cd "$build" && pwd)"
tofu_version=1.9.1
work="$build/e2e-opentofu"
rm -rf "$work"
mkdir -p "$work"
results="$work/results"
: >"$results"
started=$(date +%s)

say() { echo "$*" | tee -a "$results"; }
pass() { say "e2e $1 ok"; }
fail() { say "e2e $1 FAILED: $2"; }
finish() {
  local p f
  p=$(grep -c '^e2e [^ ]* ok$' "$results")
  f=$(grep -c '^e2e [^ ]* FAILED' "$results")
  echo "e2e run: $(($(date +%s) - started)) s"
  echo "$p passed, $f failed"
  [ "$f" = 0 ] && [ "$p" -gt 0 ]
  exit $?
}
check() { python3 "$root/scripts/e2e-opentofu-check.py" "$@" | tee -a "$results"; }

# expect NAME STATUS CMD...: runs CMD (output in $work/NAME.out); the check
# passes when CMD exits with STATUS.
expect() {
  local name=$1 want=$2 rc
  shift 2
  "$@" >"$work/$name.out" 2>&1
  rc=$?
  if [ "$rc" = "$want" ]; then
    pass "$name"
  else
    fail "$name" "exit status $rc, expected $want ($work/$name.out):"
    tail -n 25 "$work/$name.out"
  fi
  return 0
}

# contains NAME FILE TEXT: the check passes when FILE contains TEXT.
contains() {
  if grep -qF -- "$3" "$2"; then pass "$1"; else fail "$1" "no \"$3\" in $2"; fi
}

# ---- the library, OpenTofu, the provider
if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" >/dev/null || { fail build-library "meson setup"; finish; }
fi
meson compile -C "$build" capi/dynval:shared_library cli/dynval >"$work/build-library.out" 2>&1 || { fail build-library "see $work/build-library.out"; finish; }
dynval="$build/cli/dynval"
export PKG_CONFIG_PATH="$build/meson-uninstalled"

tofu_dir="$build/opentofu/$tofu_version"
tofu="$tofu_dir/tofu"
if [ -x "$tofu" ]; then
  echo "OpenTofu $tofu_version: cached ($tofu)"
else
  t0=$(date +%s)
  src=$(cd "$build" && go mod download -json "github.com/opentofu/opentofu@v$tofu_version" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')
  if [ -z "$src" ]; then fail build-opentofu "go mod download failed"; finish; fi
  rm -rf "$tofu_dir/src"
  mkdir -p "$tofu_dir"
  cp -r "$src" "$tofu_dir/src" && chmod -R u+w "$tofu_dir/src"
  if ! (cd "$tofu_dir/src" && go build -buildvcs=false -o "$tofu.tmp" \
    -ldflags "-X github.com/opentofu/opentofu/version.dev=no" ./cmd/tofu) >"$work/build-opentofu.out" 2>&1; then
    fail build-opentofu "see $work/build-opentofu.out"
    finish
  fi
  mv "$tofu.tmp" "$tofu"
  rm -rf "$tofu_dir/src"
  echo "OpenTofu $tofu_version: built in $(($(date +%s) - t0)) s"
fi
"$tofu" version >"$work/tofu-version.out" 2>&1
contains opentofu-version "$work/tofu-version.out" "OpenTofu v$tofu_version"

provider_src="$root/examples/provider"
mkdir -p "$work/bin" "$work/broken-bin"
expect build-provider 0 bash -c "cd '$provider_src' && go vet ./... &&
  go build -o '$work/bin/terraform-provider-dynvalexample' . &&
  go build -o '$work/broken-bin/terraform-provider-dynvalexample' -ldflags '-X main.applyIDPrefix=oops-' ."
expect provider-unit-tests 0 bash -c "cd '$provider_src' && go test -count=1 ./..."
[ -x "$work/bin/terraform-provider-dynvalexample" ] || finish

# ---- OpenTofu runs, in $work/run (and $work/broken for the control)
# tf DIR ARGS...: OpenTofu in DIR with the provider of DIR's CLI config.
tf() {
  local dir=$1
  shift
  (cd "$dir" && TF_CLI_CONFIG_FILE="$dir/cli.tfrc" DYNVALEXAMPLE_LOG="$dir/values.log" \
    TF_IN_AUTOMATION=1 TF_INPUT=0 "$tofu" "$@")
}
setup() { # setup DIR PROVIDER_DIR
  mkdir -p "$1"
  cp "$provider_src/e2e/main.tf" "$1/"
  cat >"$1/cli.tfrc" <<EOF
provider_installation {
  dev_overrides {
    "libdynval/dynvalexample" = "$2"
  }
  direct {}
}
EOF
}
run="$work/run"
setup "$run" "$work/bin"

expect validate 0 tf "$run" validate -no-color
expect providers-schema 0 bash -c "cd '$run' && TF_CLI_CONFIG_FILE='$run/cli.tfrc' '$tofu' providers schema -json >'$work/schema.json'"
check schema "$work/schema.json"

expect plan-create 2 tf "$run" plan -no-color -detailed-exitcode -out=create.tfplan
expect show-plan-create 0 bash -c "cd '$run' && TF_CLI_CONFIG_FILE='$run/cli.tfrc' '$tofu' show -json create.tfplan >'$work/plan-create.json'"
check plan-create "$work/plan-create.json"
expect apply-create 0 tf "$run" apply -no-color create.tfplan
expect plan-no-changes 0 tf "$run" plan -no-color -detailed-exitcode
show_state() { # show_state FILE: tofu show -json of the state
  tf "$run" show -json >"$1" 2>"$1.err" || fail "show-state" "tofu show -json failed ($1.err)"
}
show_state "$work/state-create.json"
check state "$work/state-create.json"

# An update in place, then nothing left to do.
update=(-var "display_name=Zweite Änderung")
expect plan-update 2 tf "$run" plan -no-color -detailed-exitcode -out=update.tfplan "${update[@]}"
tf "$run" show -json update.tfplan >"$work/plan-update.json" 2>&1
check plan-actions "$work/plan-update.json" dynvalexample_thing.a update
expect apply-update 0 tf "$run" apply -no-color update.tfplan
expect plan-update-no-changes 0 tf "$run" plan -no-color -detailed-exitcode "${update[@]}"
show_state "$work/state-update.json"
check state "$work/state-update.json" "Zweite Änderung"

# A new name replaces the thing (RequiresReplace from the provider's Diff).
expect plan-replace 2 tf "$run" plan -no-color -detailed-exitcode -out=replace.tfplan "${update[@]}" -var "name=Ünïcode 2"
tf "$run" show -json replace.tfplan >"$work/plan-replace.json" 2>&1
check plan-actions "$work/plan-replace.json" dynvalexample_thing.a delete,create name

# Forget thing a, import it back from the store by id: nothing to change.
id=$(python3 -c 'import json,sys; print([r for r in json.load(open(sys.argv[1]))["values"]["root_module"]["resources"] if r["address"]=="dynvalexample_thing.a"][0]["values"]["id"])' "$work/state-update.json")
expect state-rm 0 tf "$run" state rm dynvalexample_thing.a
expect import-missing 1 tf "$run" import -no-color "${update[@]}" dynvalexample_thing.a thing-0000
contains import-missing-message "$work/import-missing.out" 'there is no thing "thing-0000" in the store'
expect import 0 tf "$run" import -no-color "${update[@]}" dynvalexample_thing.a "$id"
expect plan-import-no-changes 0 tf "$run" plan -no-color -detailed-exitcode "${update[@]}"

# OpenTofu 1.9 sends no client capabilities, so it cannot take write-only
# values: the provider refuses them rather than see them stored.
expect write-only-refused 1 tf "$run" plan -no-color "${update[@]}" -var password=s3cret
contains write-only-message "$work/write-only-refused.out" "Write-only attribute not supported by this client"

# State written by schema version 0, where display_name was label.
check downgrade-state "$run/terraform.tfstate"
expect plan-upgrade-no-changes 0 tf "$run" plan -no-color -detailed-exitcode -refresh=false -out=upgrade.tfplan "${update[@]}"
tf "$run" show -json upgrade.tfplan >"$work/plan-upgrade.json" 2>&1
check upgraded "$work/plan-upgrade.json" "Zweite Änderung"
expect apply-upgrade-refresh 0 tf "$run" apply -no-color -refresh-only -auto-approve "${update[@]}"
if python3 -c 'import json,sys; st=json.load(open(sys.argv[1])); i=[r for r in st["resources"] if r["mode"]=="managed" and r["name"]=="a"][0]["instances"][0]; sys.exit(not (i["schema_version"]==1 and i["attributes"]["display_name"]=="Zweite Änderung" and "label" not in i["attributes"]))' "$run/terraform.tfstate"; then
  pass upgrade-state-written
else
  fail upgrade-state-written "state of thing a is not schema version 1 with display_name"
fi

expect destroy 0 tf "$run" destroy -no-color -auto-approve "${update[@]}"
if ls "$run"/store/thing-*.json >/dev/null 2>&1; then fail destroy-store-empty "$(ls "$run/store")"; else pass destroy-store-empty; fi

# ---- the negative control: apply breaks the plan's id prefix refinement
broken="$work/broken"
setup "$broken" "$work/broken-bin"
expect broken-apply-fails 1 tf "$broken" apply -no-color -auto-approve
contains broken-inconsistent "$work/broken-apply-fails.out" "Provider produced inconsistent result after apply"
contains broken-refinement "$work/broken-apply-fails.out" "does not conform to planning placeholder"

# ---- every DynamicValue, by the schema OpenTofu printed
check values "$dynval" "$work/schema.json" "$run/values.log" "$broken/values.log"
finish
