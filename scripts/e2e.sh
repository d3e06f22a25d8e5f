#!/usr/bin/env bash
# Drives a real client, OpenTofu v1.9.1 or Terraform v1.13.3, against the
# example provider, whose every DynamicValue goes through libdynval linked
# statically: the Go one (examples/provider, the Go binding built with
# -tags dynval_static) or its Rust twin (examples/provider-rust, the Rust
# crate's static feature):
#
#   1. builds the client from its Go module once and caches it in
#      BUILD_DIR/CLIENT/VERSION/BINARY (both modules have replace
#      directives, so `go install` refuses them: each is downloaded with
#      `go mod download` and built in a writable copy; Terraform's copy
#      first loses the nine remote-state backends that are nested modules
#      missing from its module zip);
#   2. builds the library (when it has no build yet), the provider, and a
#      broken variant of it, and runs the provider's unit tests (for Rust,
#      with cargo in BUILD_DIR/rust-provider-target), and checks that the
#      provider binary does not need libdynval.so;
#   3. runs the client non-interactively with a dev_overrides CLI
#      configuration (no init, no registry): validate, providers schema,
#      plan, apply, plan (no changes), show -json checked value by value, an
#      update, a replacement plan, state rm + import, a write-only value, an
#      upgrade from state written by schema version 0, destroy; then the
#      negative control: the broken provider's apply breaks a refinement of
#      its plan, and the client must say so. The write-only value is refused
#      with OpenTofu 1.9, which does not know write-only attributes; with
#      Terraform it reaches ApplyResourceChange and never plan or state, and
#      Terraform also keeps the resource identity the provider returns and
#      imports by identity;
#   4. re-encodes every DynamicValue the provider logged with the dynval
#      tool, by the schema the client printed, and compares the bytes.
#
# Prints one line per check ("e2e NAME ok|FAILED: ..." for OpenTofu,
# "e2e-terraform NAME ..." for Terraform; "e2e-rust" and
# "e2e-terraform-rust" with the Rust provider) and then "N passed, N
# failed"; exits non-zero on any failure.
#
# Usage: scripts/e2e.sh [--client opentofu|terraform] [--provider go|rust] [--library LIB_BUILD] [BUILD_DIR]
#   BUILD_DIR (default: build) holds the client's cache and the work files
#   (BUILD_DIR/e2e-CLIENT); the library comes from LIB_BUILD (default:
#   BUILD_DIR), which is built first unless --library names it, and then
#   only read.
# Needs Go and the Go module proxy (and cargo and crates.io for Rust); a
# client's cold build takes minutes.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
client=opentofu
provider=go
library=
while [ $# -gt 0 ]; do
  case $1 in
  --client) client=$2; shift 2 ;;
  --provider) provider=$2; shift 2 ;;
  --library) library=$2; shift 2 ;;
  -*) echo "usage: $0 [--client opentofu|terraform] [--provider go|rust] [--library LIB_BUILD] [BUILD_DIR]" >&2; exit 2 ;;
  *) break ;;
  esac
done
build="${1:-$root/build}"
mkdir -p "$build"
build="$(cd "$build" && pwd)"

# What differs between the clients: the module, how it builds, the name of
# its binary and of its checks.
case $client in
opentofu)
  client_name=OpenTofu version=1.9.1 module=github.com/opentofu/opentofu binary=tofu word=e2e
  ;;
terraform)
  client_name=Terraform version=1.13.3 module=github.com/hashicorp/terraform binary=terraform word=e2e-terraform
  ;;
*) echo "unknown client $client (opentofu or terraform)" >&2; exit 2 ;;
esac
# The Rust provider's checks and work files carry its name.
case $provider in
go) suffix= ;;
rust) suffix=-rust word=$word-rust ;;
*) echo "unknown provider $provider (go or rust)" >&2; exit 2 ;;
esac
# build_client SRC OUT: builds the writable module copy SRC into OUT.
build_client() {
  case $client in
  opentofu)
    (cd "$1" && go build -buildvcs=false -o "$2" -ldflags "-X $module/version.dev=no" ./cmd/tofu)
    ;;
  terraform)
    # The remote-state backends other than http and inmem are nested
    # modules, and internal/legacy one only its tests import: the zip has
    # none of them, so their requirements, replace directives, imports
    # and map entries go.
    local gone='azure|consul|cos|gcs|kubernetes|oci|oss|pg|s3'
    sed -i -E "/github\.com\/hashicorp\/terraform\/internal\/(backend\/remote-state\/($gone)|legacy)( |$)/d" "$1/go.mod" &&
      sed -i -E "/remote-state\/($gone)\"|backend(Azure|Consul|Cos|GCS|Kubernetes|OCI|OSS|Pg|S3)\.New\(/d" \
        "$1/internal/backend/init/init.go" &&
      (cd "$1" && go build -mod=mod -buildvcs=false -o "$2" -ldflags "-X $module/version.dev=no" .)
    ;;
  esac
}

work="$build/e2e-$client$suffix"
rm -rf "$work"
mkdir -p "$work"
results="$work/results"
: >"$results"
started=$(date +%s)

say() { echo "$*" | tee -a "$results"; }
pass() { say "$word $1 ok"; }
fail() { say "$word $1 FAILED: $2"; }
finish() {
  local p f
  p=$(grep -c "^$word [^ ]* ok$" "$results")
  f=$(grep -c "^$word [^ ]* FAILED" "$results")
  echo "$word run: $(($(date +%s) - started)) s"
  echo "$p passed, $f failed"
  [ "$f" = 0 ] && [ "$p" -gt 0 ]
  exit $?
}
check() { python3 "$root/scripts/e2e-check.py" --client "$client" --provider "$provider" "$@" | tee -a "$results"; }

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

# ---- the library, the client, the provider
if [ -z "$library" ]; then
  library=$build
  if [ ! -f "$build/build.ninja" ]; then
    meson setup "$build" >/dev/null || { fail build-library "meson setup"; finish; }
  fi
  # libdynval.a is linked into either provider; the tool uses the .so.
  targets=(capi/dynval:shared_library capi/dynval:static_library cli/dynval)
  meson compile -C "$build" "${targets[@]}" >"$work/build-library.out" 2>&1 || { fail build-library "see $work/build-library.out"; finish; }
fi
library="$(cd "$library" && pwd)"
dynval="$library/cli/dynval"
export PKG_CONFIG_PATH="$library/meson-uninstalled"

client_dir="$build/$client/$version"
tf_bin="$client_dir/$binary"
if [ -x "$tf_bin" ]; then
  echo "$client_name $version: cached ($tf_bin)"
else
  t0=$(date +%s)
  src=$(cd "$build" && go mod download -json "$module@v$version" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["Dir"])')
  if [ -z "$src" ]; then fail "build-$client" "go mod download failed"; finish; fi
  rm -rf "$client_dir/src"
  mkdir -p "$client_dir"
  cp -r "$src" "$client_dir/src" && chmod -R u+w "$client_dir/src"
  if ! build_client "$client_dir/src" "$tf_bin.tmp" >"$work/build-$client.out" 2>&1; then
    fail "build-$client" "see $work/build-$client.out"
    finish
  fi
  mv "$tf_bin.tmp" "$tf_bin"
  rm -rf "$client_dir/src"
  echo "$client_name $version: built in $(($(date +%s) - t0)) s"
fi
CHECKPOINT_DISABLE=1 "$tf_bin" version >"$work/client-version.out" 2>&1
contains "$client-version" "$work/client-version.out" "$client_name v$version"

# The scenario (e2e/main.tf) and the schemas are the Go provider's for both.
provider_src="$root/examples/provider"
provider_bin=terraform-provider-dynvalexample
mkdir -p "$work/bin" "$work/broken-bin"
if [ "$provider" = go ]; then
  # -tags dynval_static links libdynval.a, as a provider ships.
  expect build-provider 0 bash -c "cd '$provider_src' && go vet ./... &&
    go build -tags dynval_static -o '$work/bin/$provider_bin' . &&
    go build -tags dynval_static -o '$work/broken-bin/$provider_bin' -ldflags '-X main.applyIDPrefix=oops-' ."
  expect provider-unit-tests 0 bash -c "cd '$provider_src' && go test -count=1 ./..."
else
  # One target directory for both variants (the broken one differs in the
  # provider crate only) and the tests, inside BUILD_DIR so CI caches it.
  cargo_env="cd '$root/examples/provider-rust' && export CARGO_TARGET_DIR='$build/rust-provider-target'"
  release="$build/rust-provider-target/release/$provider_bin"
  expect build-provider 0 bash -c "$cargo_env && cargo build --locked --release &&
    cp '$release' '$work/bin/' &&
    DYNVALEXAMPLE_APPLY_ID_PREFIX=oops- cargo build --locked --release && cp '$release' '$work/broken-bin/'"
  expect provider-unit-tests 0 bash -c "$cargo_env && cargo test --locked --release"
fi
# The plugin is one executable: libdynval is linked in, not needed.
if readelf -d "$work/bin/$provider_bin" >"$work/readelf.out" 2>&1 && grep -q NEEDED "$work/readelf.out" &&
  ! grep NEEDED "$work/readelf.out" | grep -q libdynval; then
  pass provider-static
else
  fail provider-static "libdynval is NEEDED or readelf failed ($work/readelf.out)"
fi
[ -x "$work/bin/$provider_bin" ] || finish

# ---- the client's runs, in $work/run (and $work/broken for the control)
# tf DIR ARGS...: the client in DIR with the provider of DIR's CLI config.
tf() {
  local dir=$1
  shift
  (cd "$dir" && TF_CLI_CONFIG_FILE="$dir/cli.tfrc" DYNVALEXAMPLE_LOG="$dir/values.log" \
    TF_IN_AUTOMATION=1 TF_INPUT=0 CHECKPOINT_DISABLE=1 "$tf_bin" "$@")
}
# tf_json FILE DIR ARGS...: tf DIR ARGS with its standard output in FILE.
tf_json() {
  local file=$1
  shift
  tf "$@" >"$file"
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
expect providers-schema 0 tf_json "$work/schema.json" "$run" providers schema -json
check schema "$work/schema.json"

expect plan-create 2 tf "$run" plan -no-color -detailed-exitcode -out=create.tfplan
expect show-plan-create 0 tf_json "$work/plan-create.json" "$run" show -json create.tfplan
check plan-create "$work/plan-create.json"
expect apply-create 0 tf "$run" apply -no-color create.tfplan
expect plan-no-changes 0 tf "$run" plan -no-color -detailed-exitcode
show_state() { # show_state FILE: show -json of the state
  tf_json "$1" "$run" show -json 2>"$1.err" || fail "show-state" "show -json failed ($1.err)"
}
show_state "$work/state-create.json"
check state "$work/state-create.json"

# An update in place, then nothing left to do.
update=(-var "display_name=Zweite Änderung")
expect plan-update 2 tf "$run" plan -no-color -detailed-exitcode -out=update.tfplan "${update[@]}"
tf_json "$work/plan-update.json" "$run" show -json update.tfplan
check plan-actions "$work/plan-update.json" dynvalexample_thing.a update
expect apply-update 0 tf "$run" apply -no-color update.tfplan
expect plan-update-no-changes 0 tf "$run" plan -no-color -detailed-exitcode "${update[@]}"
show_state "$work/state-update.json"
check state "$work/state-update.json" "Zweite Änderung"

# A new name replaces the thing (RequiresReplace from the provider's Diff).
expect plan-replace 2 tf "$run" plan -no-color -detailed-exitcode -out=replace.tfplan "${update[@]}" -var "name=Ünïcode 2"
tf_json "$work/plan-replace.json" "$run" show -json replace.tfplan
check plan-actions "$work/plan-replace.json" dynvalexample_thing.a delete,create name

# Forget thing a, import it back from the store by id: nothing to change.
thing_a_id() { # thing_a_id FILE: the id of thing a in a show -json state
  python3 -c 'import json,sys; print([r for r in json.load(open(sys.argv[1]))["values"]["root_module"]["resources"] if r["address"]=="dynvalexample_thing.a"][0]["values"]["id"])' "$1"
}
id=$(thing_a_id "$work/state-update.json")
expect state-rm 0 tf "$run" state rm dynvalexample_thing.a
expect import-missing 1 tf "$run" import -no-color "${update[@]}" dynvalexample_thing.a thing-0000
contains import-missing-message "$work/import-missing.out" 'there is no thing "thing-0000" in the store'
expect import 0 tf "$run" import -no-color "${update[@]}" dynvalexample_thing.a "$id"
expect plan-import-no-changes 0 tf "$run" plan -no-color -detailed-exitcode "${update[@]}"

secret=s3cret-$$
if [ "$client" = opentofu ]; then
  # OpenTofu 1.9 sends no client capabilities, so it cannot take write-only
  # values: the provider refuses them rather than see them stored.
  expect write-only-refused 1 tf "$run" plan -no-color "${update[@]}" -var "password=$secret"
  contains write-only-message "$work/write-only-refused.out" "Write-only attribute not supported by this client"
else
  # Terraform takes the write-only value, here from an ephemeral variable
  # (a plain one would be saved in the plan; OpenTofu 1.9 knows neither,
  # hence an override file): it changes no plan, and a replacement hands it
  # to ApplyResourceChange's configuration; neither the plan, the state nor
  # the provider's store may keep it.
  cat >"$run/password_override.tf" <<EOF
variable "password" {
  ephemeral = true
}
EOF
  wo=("${update[@]}" -var "password=$secret")
  expect write-only-plan-no-changes 0 tf "$run" plan -no-color -detailed-exitcode "${wo[@]}"
  expect write-only-plan 2 tf "$run" plan -no-color -detailed-exitcode -out=wo.tfplan -replace=dynvalexample_thing.a "${wo[@]}"
  expect write-only-apply 0 tf "$run" apply -no-color "${wo[@]}" wo.tfplan
  show_state "$work/state-write-only.json"
  check state "$work/state-write-only.json" "Zweite Änderung"
  check write-only "$dynval" "$work/schema.json" "$run/values.log" "$secret" \
    "$run/wo.tfplan" "$run/terraform.tfstate" "$work/state-write-only.json" "$run"/store/*.json

  # The identity ApplyResourceChange returned is in the state; forget thing
  # a and import it back with an import block by identity.
  check identity "$work/state-write-only.json"
  id=$(thing_a_id "$work/state-write-only.json")
  expect identity-state-rm 0 tf "$run" state rm dynvalexample_thing.a
  cat >"$run/import.tf" <<EOF
import {
  to       = dynvalexample_thing.a
  identity = { id = "$id" }
}
EOF
  expect import-identity-plan 0 tf "$run" plan -no-color -out=import.tfplan "${update[@]}"
  contains import-identity-planned "$work/import-identity-plan.out" "1 to import, 0 to add, 0 to change, 0 to destroy"
  expect import-identity-apply 0 tf "$run" apply -no-color import.tfplan
  rm "$run/import.tf"
  show_state "$work/state-import-identity.json"
  check identity "$work/state-import-identity.json"
  expect plan-import-identity-no-changes 0 tf "$run" plan -no-color -detailed-exitcode "${update[@]}"
fi

# State written by schema version 0, where display_name was label.
check downgrade-state "$run/terraform.tfstate"
expect plan-upgrade-no-changes 0 tf "$run" plan -no-color -detailed-exitcode -refresh=false -out=upgrade.tfplan "${update[@]}"
tf_json "$work/plan-upgrade.json" "$run" show -json upgrade.tfplan
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
# The same provider with its debug switch: it catches its own broken
# promise before it answers, and says what the client said above.
self="$work/broken-self-check"
setup "$self" "$work/broken-bin"
self_checking() { (export DYNVALEXAMPLE_SELF_CHECK=1; "$@"); }
expect broken-self-check-fails 1 self_checking tf "$self" apply -no-color -auto-approve
if python3 - "$work/broken-apply-fails.out" "$work/broken-self-check-fails.out" <<'PY'
import re, sys
client, own = (" ".join(open(f).read().split()) for f in sys.argv[1:])
line = r'\.id: final value cty\.StringVal\("oops-[0-9a-f]{16}"\) does not conform to planning placeholder ' \
       r'cty\.UnknownVal\(cty\.String\)\.Refine\(\)\.NotNull\(\)\.StringPrefixFull\("thing-"\)\.NewValue\(\)'
sys.exit(not (re.search(line, client) and re.search(r"self-check \(DYNVALEXAMPLE_SELF_CHECK\): " + line, own)))
PY
then
  pass broken-self-check-same-line
else
  fail broken-self-check-same-line "the provider's self-check line differs from the client's ($work/broken-self-check-fails.out)"
fi

# ---- every DynamicValue, by the schema the client printed
check values "$dynval" "$work/schema.json" "$run/values.log" "$broken/values.log"
finish
