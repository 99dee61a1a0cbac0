# sandtable sim: every variant is loaded and checked before any trial, a
# variant's mistake never touches another's results, a runaway variant is
# stopped after its first watchdog stop, and a failed trial makes the exit
# non-zero unless --keep-going; bad flags are usage errors (exit 2).
source "$(dirname "$0")/lib.bash" "$1"

cat > "$TMP/s.yaml" <<'YAML'
ruleset: phalanx
turns: 6
table: { size: 6x4, scale: 15-20mm, basing: 2, terrain: diced }
armies:
  - army: phalanx/early_imperial_roman
  - army: phalanx/gallic
YAML
printf 'return function(rules) end\n' > "$TMP/a.lua"
printf 'return function(rules)\n  local x = = 1\nend\n' > "$TMP/broken.lua"

# A variant that cannot load stops the run before anything runs: one message, exit 1.
expect_exit 1 "a variant with a syntax error stops the run" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 5 --variant good="$TMP/a.lua" --variant bad="$TMP/broken.lua"
expect_output "variant 'bad' ($TMP/broken.lua) cannot be used, so nothing was run" "the message names the variant and its file"
expect_output "broken.lua:2: unexpected symbol near '='" "... and the file's line"
if grep -q "Experiment:\|trials x\|stack traceback" <<<"$OUT"; then fail "no trial ran and no traceback is shown"; else pass "no trial ran and no traceback is shown"; fi
[ "$(grep -c "broken.lua:2" <<<"$OUT")" -eq 1 ] && pass "the error is said once" || fail "the error is said once"

# The good variant's results are untouched by another variant's runtime failure.
# (a broken modifier on the shooting and the melee lists: every battle
# shoots or fights within its first turns)
printf 'return function(rules)\n  for _, name in ipairs({ "phalanx.melee", "phalanx.shooting" }) do\n    rules.require(name).modifiers:add({ id = "oops", text = "broken", add = function(c) return c.no_such.field end })\n  end\nend\n' > "$TMP/fails.lua"
"$SANDTABLE" sim "$TMP/s.yaml" --trials 10 --seed 4 --variant good="$TMP/a.lua" --quiet --trials-out "$TMP/alone.jsonl" > /dev/null 2>&1
"$SANDTABLE" sim "$TMP/s.yaml" --trials 10 --seed 4 --variant good="$TMP/a.lua" --variant bad="$TMP/fails.lua" --quiet --keep-going --trials-out "$TMP/with.jsonl" > /dev/null 2>&1
if [ -s "$TMP/alone.jsonl" ] && grep -q '"error".*"variant":"bad"' "$TMP/with.jsonl" &&
   cmp -s <(grep -v '"variant":"bad"' "$TMP/with.jsonl" | tail -n +2) <(tail -n +2 "$TMP/alone.jsonl") && ! grep -q '"error".*"variant":"good"' "$TMP/with.jsonl"; then
  pass "another variant's failures leave the baseline's and good variant's trials unchanged"
else fail "another variant's failures touched the other variants' trials"; fi
expect_exit 1 "a run with failed trials exits 1" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 4 --variant bad="$TMP/fails.lua" --quiet
expect_output "trial(s) failed and 0 were skipped" "the exit is explained"
expect_output "--keep-going" "... with how to tolerate failures"

# A variant that loops forever: stopped after its first watchdog stop, the rest skipped, said so.
# (the activation cost too: every battle prices an activation in its first
# turn, while a six-turn battle need not see a melee or a shot)
printf 'return function(rules)\n  for _, name in ipairs({ "phalanx.melee", "phalanx.shooting" }) do\n    rules.require(name).modifiers:add({ id = "forever", text = "loops",\n      add = function() while true do end end })\n  end\n  rules.require("phalanx.command").activation_modifiers:add({ id = "forever", text = "loops",\n    add = function() while true do end end })\nend\n' > "$TMP/loop.lua"
start=$(date +%s)
expect_exit 1 "a looping variant fails the run" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 6 --threads 1 --trial-timeout 1 --variant loop="$TMP/loop.lua"
took=$(( $(date +%s) - start ))
[ "$took" -lt 5 ] && pass "only one trial waits for the watchdog ($took s for 6 trials)" || fail "the run took $took s: every trial waited"
expect_output "loop was stopped: trial 0" "the stop is said"
expect_output "(5 trial(s) skipped)" "the skipped trials are counted"

# --quiet: nothing on stderr but errors.
"$SANDTABLE" sim "$TMP/s.yaml" --trials 3 --quiet > "$TMP/q.out" 2> "$TMP/q.err"
[ ! -s "$TMP/q.err" ] && grep -q "Experiment:" "$TMP/q.out" && pass "--quiet prints the summary only" || fail "--quiet wrote to stderr: $(cat "$TMP/q.err")"

# Names, not "side 1": table, CSV, JSON, report; the report names each variant's file.
expect_exit 0 "a run with names" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 3 --variant good="$TMP/a.lua" --quiet --report "$TMP/r.html"
expect_output "Early Imperial Roman wins" "the table names the sides"
expect_output "variant good: house rule $TMP/a.lua" "the table says which file each variant is"
if grep -q "side 1\|side 2" <<<"$OUT"; then fail "the table still says side 1/2"; else pass "the table does not say side 1/2"; fi
grep -q "Gallic wins" "$TMP/r.csv" && pass "the CSV names the sides" || fail "the CSV names the sides"
"$SANDTABLE" sim "$TMP/s.yaml" --trials 3 --quiet --format json > "$TMP/n.json"
grep -q '"sides":\["Early Imperial Roman","Gallic"\]' "$TMP/n.json" && pass "the JSON names the sides" || fail "the JSON names the sides"
grep -q "Early Imperial Roman wins" "$TMP/r.html" && grep -q "$TMP/a.lua" "$TMP/r.html" && pass "the report names the sides and each variant's file" || fail "the report lacks names or files"

# Usage errors: exit 2.
expect_exit 2 "duplicate variant names are refused" -- "$SANDTABLE" sim "$TMP/s.yaml" --variant a="$TMP/a.lua" --variant a="$TMP/a.lua"
expect_output "a variant named 'a' was already given" "the duplicate is named"
expect_exit 2 "a variant called baseline is refused" -- "$SANDTABLE" sim "$TMP/s.yaml" --variant baseline="$TMP/a.lua"
expect_output "'baseline' is the name of the rules as written" "the reason is given"
expect_exit 2 "--trials 0 is refused" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 0
expect_exit 1 "a variant file that does not exist is bad input" -- "$SANDTABLE" sim "$TMP/s.yaml" --variant x="$TMP/none.lua"
expect_output "none.lua: no such file" "the missing file is named"
finish
