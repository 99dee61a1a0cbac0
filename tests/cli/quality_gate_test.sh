# The battle-quality gate (issue #13, docs/quality.md): every shipped
# scenario, 200 battles under the referee and 200 of each mirror match
# (QUALITY_TRIALS changes it), each goal judged by tests/quality/gate.lua:
# met, short as the scenario documents, or a known shortfall that has not got
# worse (tests/quality/known_shortfalls.lua). Anything else fails.
source "$(dirname "$0")/lib.bash" "$1"
TRIALS=${QUALITY_TRIALS:-200}
start=$(date +%s)
"$SANDTABLE" quality scenarios/*/*.yaml -n "$TRIALS" --mirror --seed 1 --threads "$(nproc)" \
  --format json --out "$TMP/quality.json" > "$TMP/quality.txt" 2>&1
code=$?
if [ ! -s "$TMP/quality.json" ]; then
  fail "quality wrote no report (exit $code)"; head -20 "$TMP/quality.txt"; finish
fi
echo "quality of every shipped scenario: $TRIALS battles each and mirrors in $(( $(date +%s) - start ))s"
if lua5.4 tests/quality/gate.lua "$TMP/quality.json" tests/quality/known_shortfalls.lua; then
  pass "every goal met, documented by its scenario, or a known shortfall no worse than its bound"
else
  fail "a goal missed (above: FAIL lines)"
fi
finish
