# The golden Phalanx battle (the built-in scenario, seed 3): its event log and
# its account must not change unless a rule or the engine deliberately changes.
# After such a change: tools/update-golden build/sandtable, read the diff, commit.
source "$(dirname "$0")/lib.bash" "$1"
"$SANDTABLE" battle --seed 3 --log "$TMP/log.jsonl" > "$TMP/account.txt" 2>/dev/null
if diff -u tests/golden/phalanx-default-seed3.jsonl "$TMP/log.jsonl" | head -40; [ "${PIPESTATUS[0]}" -eq 0 ]; then
  pass "the golden battle's event log is unchanged"
else fail "the golden battle's event log changed (first differences above)"; fi
if diff -u tests/golden/phalanx-default-seed3.txt "$TMP/account.txt" | head -40; [ "${PIPESTATUS[0]}" -eq 0 ]; then
  pass "the golden battle's account is unchanged"
else fail "the golden battle's account changed (first differences above)"; fi
finish
