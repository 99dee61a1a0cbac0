# Helpers for the program tests (sourced; not a test itself).
# Each test script: `source tests/cli/lib.sh "$1"` then check ... lines.
set -uo pipefail
SANDTABLE=${1:?usage: bash TEST.sh path/to/sandtable}
FAILED=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

pass() { echo "ok   $*"; }
fail() { echo "FAIL $*"; FAILED=1; }

# expect_exit CODE DESCRIPTION -- COMMAND...: runs COMMAND, keeps its output in $OUT.
expect_exit() {
  local want=$1 what=$2; shift 3
  OUT=$("$@" 2>&1); local got=$?
  if [ "$got" -eq "$want" ]; then pass "$what (exit $got)"; else fail "$what: exit $got, wanted $want"; echo "$OUT" | head -20; fi
}
# expect_output TEXT DESCRIPTION: the last command's output contains TEXT.
expect_output() {
  if grep -qF -- "$1" <<<"$OUT"; then pass "$2"; else fail "$2: output lacks '$1'"; echo "$OUT" | head -20; fi
}
finish() {
  [ "$FAILED" -eq 0 ] && echo "all checks passed" || echo "some checks failed"
  exit "$FAILED"
}
