#!/bin/sh
# Builds the OpenTofu side of the plan cross-checks (ProposedNew,
# AssertPlanValid, AssertObjectCompatible, NormalizeObjectFromLegacySDK):
# OpenTofu v1.9.1's internal/plans/objchange, internal/lang/marks and the
# parts of internal/configs/configschema they use, copied out of the module (internal packages cannot be imported from another
# module) into a scratch module under SCRATCH_DIR, never into the
# repository, with tests/conformance/testdata/objchange/oracle.go as its
# main program.
#
#   scripts/objchange-oracle.sh SCRATCH_DIR            builds SCRATCH_DIR/objchange-oracle
#   scripts/objchange-oracle.sh SCRATCH_DIR --table F  also runs OpenTofu's
#       TestProposedNew table and writes its rows to F (the data of
#       tests/data/opentofu-proposed-new.jsonl, read by tests/unit/plan)
#   ... --table-normalize F: the same for TestNormalizeObjectFromLegacySDK
#       (tests/data/opentofu-normalize.jsonl)
#   ... --table-valid F: the same for TestAssertPlanValid, each row with the
#       problems AssertPlanValid found (tests/data/opentofu-assert-plan-valid.jsonl)
#   ... --table-compat F: the same for TestAssertObjectCompatible, each row
#       with its marked paths and OpenTofu's problem lines
#       (tests/data/opentofu-assert-compatible.jsonl)
#
# The --table options may be given together.
#
# The oracle reads cases as JSON lines on stdin and writes one result line
# per case (oracle.go says how). Needs Go and the Go module proxy (or a
# module cache holding OpenTofu v1.9.1 and its dependencies).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
scratch=${1:?usage: objchange-oracle.sh SCRATCH_DIR [--table FILE] [--table-normalize FILE] [--table-valid FILE] [--table-compat FILE]}
table= table_normalize= table_valid= table_compat=
shift
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
while [ $# -gt 0 ]; do
  case $1 in
    --table) table=$(abspath "${2:?--table needs a file}") ;;
    --table-normalize) table_normalize=$(abspath "${2:?--table-normalize needs a file}") ;;
    --table-valid) table_valid=$(abspath "${2:?--table-valid needs a file}") ;;
    --table-compat) table_compat=$(abspath "${2:?--table-compat needs a file}") ;;
    *) echo "objchange-oracle.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done

tofu=$(go mod download -json github.com/opentofu/opentofu@v1.9.1 |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -d "$tofu" ] || { echo "objchange-oracle.sh: cannot download OpenTofu v1.9.1" >&2; exit 2; }

mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
mod="$scratch/mod"
rm -rf "$mod"
mkdir -p "$mod/internal/configs/configschema" "$mod/internal/plans/objchange" "$mod/internal/lang/marks" \
  "$mod/cmd/objchange-oracle"

rewrite() { # SRC DEST: the file with its imports pointing into the scratch module
  sed 's#github.com/opentofu/opentofu/internal/#tofuobjchange/internal/#g' "$1" > "$2"
  chmod u+w "$2"
}
# configschema without what drags in tfdiags (validation, coercion): the
# model, its types, EmptyValue, AttributeByPath and ValueMarks.
for f in schema.go empty_value.go implied_type.go decoder_spec.go path.go nestingmode_string.go \
    none_required.go marks.go doc.go; do
  rewrite "$tofu/internal/configs/configschema/$f" "$mod/internal/configs/configschema/$f"
done
rewrite "$tofu/internal/lang/marks/marks.go" "$mod/internal/lang/marks/marks.go"
for f in objchange.go plan_valid.go compatible.go normalize_obj.go lcs.go doc.go; do
  rewrite "$tofu/internal/plans/objchange/$f" "$mod/internal/plans/objchange/$f"
done
cp "$root/tests/conformance/testdata/objchange/oracle.go" "$mod/cmd/objchange-oracle/main.go"

# OpenTofu's own requirements (and its hcl fork), pruned by tidy.
sed 's#^module .*#module tofuobjchange#' "$tofu/go.mod" > "$mod/go.mod"
chmod u+w "$mod/go.mod"
cp "$tofu/go.sum" "$mod/go.sum"
chmod u+w "$mod/go.sum"

if [ -n "$table$table_normalize$table_valid$table_compat" ]; then
  cp "$root/tests/conformance/testdata/objchange/dumprow_test.go.txt" "$mod/internal/plans/objchange/dumprow_test.go"
fi
if [ -n "$table_valid" ]; then
  # TestAssertPlanValid as it is, plus one call per row that writes the row
  # and the problems found; tfdiags.FormatError is dumpvalid_test.go's copy
  # (dumpvalid_test.go uses dumprow_test.go's blockJSON).
  rewrite "$tofu/internal/plans/objchange/plan_valid_test.go" "$mod/internal/plans/objchange/plan_valid_test.go"
  sed -i -e 's#^\(\t*\)errs := AssertPlanValid(test.Schema, test.Prior, test.Config, test.Planned)$#&\n\1dumpValidRow(t, name, test.Schema, test.Prior, test.Config, test.Planned, errs)#' \
    -e 's#tfdiags\.FormatError(#dumpFormatError(#' -e '\#"tofuobjchange/internal/tfdiags"#d' \
    "$mod/internal/plans/objchange/plan_valid_test.go"
  grep -q dumpValidRow "$mod/internal/plans/objchange/plan_valid_test.go" ||
    { echo "objchange-oracle.sh: TestAssertPlanValid's loop not found" >&2; exit 2; }
  cp "$root/tests/conformance/testdata/objchange/dumpvalid_test.go.txt" "$mod/internal/plans/objchange/dumpvalid_test.go"
fi
if [ -n "$table_normalize" ]; then
  # TestNormalizeObjectFromLegacySDK as it is, plus one call per row.
  rewrite "$tofu/internal/plans/objchange/normalize_obj_test.go" "$mod/internal/plans/objchange/normalize_obj_test.go"
  sed -i 's#^\(\t*\)got := NormalizeObjectFromLegacySDK(test.Input, test.Schema)$#&\n\1dumpNormalizeRow(t, name, test.Schema, test.Input, test.Want)#' \
    "$mod/internal/plans/objchange/normalize_obj_test.go"
  grep -q dumpNormalizeRow "$mod/internal/plans/objchange/normalize_obj_test.go" ||
    { echo "objchange-oracle.sh: TestNormalizeObjectFromLegacySDK's loop not found" >&2; exit 2; }
fi
if [ -n "$table" ]; then
  # TestProposedNew as it is, plus one call per row that writes the row.
  rewrite "$tofu/internal/plans/objchange/objchange_test.go" "$mod/internal/plans/objchange/objchange_test.go"
  sed -i 's#^\(\t*\)got := ProposedNew(test.Schema, test.Prior, test.Config)$#&\n\1dumpRow(t, name, test.Schema, test.Prior, test.Config, test.Want)#' \
    "$mod/internal/plans/objchange/objchange_test.go"
  grep -q dumpRow "$mod/internal/plans/objchange/objchange_test.go" ||
    { echo "objchange-oracle.sh: TestProposedNew's loop not found" >&2; exit 2; }
fi
if [ -n "$table_compat" ]; then
  # TestAssertObjectCompatible, with tfdiags.FormatError written out (tfdiags
  # is not copied) and one call per row that writes the row.
  test_go="$mod/internal/plans/objchange/compatible_test.go"
  rewrite "$tofu/internal/plans/objchange/compatible_test.go" "$test_go"
  sed -i -e '/"tofuobjchange\/internal\/tfdiags"/d' -e 's#tfdiags\.FormatError(#dumpFormatError(#g' \
    -e 's#^\(\t*\)errs := AssertObjectCompatible(test.Schema, test.Planned, test.Actual)$#&\n\1dumpCompatRow(t, i, test.Schema, test.Planned, test.Actual, errs)#' \
    "$test_go"
  grep -q dumpCompatRow "$test_go" ||
    { echo "objchange-oracle.sh: TestAssertObjectCompatible's loop not found" >&2; exit 2; }
  cp "$root/tests/conformance/testdata/objchange/dumpcompat_test.go.txt" "$mod/internal/plans/objchange/dumpcompat_test.go"
fi

cd "$mod"
GOFLAGS=-mod=mod go mod tidy >/dev/null
go build -o "$scratch/objchange-oracle" ./cmd/objchange-oracle
if [ -n "$table" ]; then
  rows="$scratch/table.jsonl"
  rm -f "$rows"
  DYNVAL_TABLE_OUT="$rows" go test -count=1 -run '^TestProposedNew$' ./internal/plans/objchange/ >/dev/null
  LC_ALL=C sort "$rows" > "$table"
  echo "objchange-oracle.sh: $(wc -l < "$table") rows written to $table"
fi
if [ -n "$table_normalize" ]; then
  rows="$scratch/table-normalize.jsonl"
  rm -f "$rows"
  DYNVAL_TABLE_OUT="$rows" go test -count=1 -run '^TestNormalizeObjectFromLegacySDK$' ./internal/plans/objchange/ >/dev/null
  LC_ALL=C sort "$rows" > "$table_normalize"
  echo "objchange-oracle.sh: $(wc -l < "$table_normalize") rows written to $table_normalize"
fi
if [ -n "$table_valid" ]; then
  rows="$scratch/table-valid.jsonl"
  rm -f "$rows"
  DYNVAL_TABLE_OUT="$rows" go test -count=1 -run '^TestAssertPlanValid$' ./internal/plans/objchange/ >/dev/null
  LC_ALL=C sort "$rows" > "$table_valid"
  echo "objchange-oracle.sh: $(wc -l < "$table_valid") rows written to $table_valid"
fi
if [ -n "$table_compat" ]; then
  rows="$scratch/table-compat.jsonl"
  rm -f "$rows"
  DYNVAL_TABLE_OUT="$rows" go test -count=1 -run '^TestAssertObjectCompatible$' ./internal/plans/objchange/ >/dev/null
  LC_ALL=C sort "$rows" > "$table_compat"
  echo "objchange-oracle.sh: $(wc -l < "$table_compat") rows written to $table_compat"
fi
echo "objchange-oracle.sh: built $scratch/objchange-oracle"
