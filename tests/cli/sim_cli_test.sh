# sandtable sim: the same results on one thread and two, variants with common
# random numbers, and a failing house rule reported without stopping the run.
source "$(dirname "$0")/lib.bash" "$1"

cat > "$TMP/s.yaml" <<'YAML'
ruleset: phalanx
turns: 10
table: { size: 6x4, scale: 15-20mm, basing: 2, terrain: diced }
armies:
  - army: phalanx/early_imperial_roman
  - army: phalanx/gallic
YAML

"$SANDTABLE" sim "$TMP/s.yaml" --trials 40 --threads 1 --seed 9 --format json --out "$TMP/one.json" --trials-out "$TMP/one.jsonl" 2>/dev/null
"$SANDTABLE" sim "$TMP/s.yaml" --trials 40 --threads 2 --seed 9 --format json --out "$TMP/two.json" --trials-out "$TMP/two.jsonl" 2>/dev/null
if cmp -s "$TMP/one.jsonl" "$TMP/two.jsonl" && cmp -s "$TMP/one.json" "$TMP/two.json"; then
  pass "1 and 2 threads give byte-identical results"
else fail "results differ between 1 and 2 threads"; fi
[ "$(wc -l < "$TMP/one.jsonl")" -eq 41 ] && pass "a header line, then one result line per trial" || fail "expected 41 lines"

# --until-ci: rounds of --trials (at least 100) until every rate's 95% half-width is under
# 0.12; the stop is reached before the cap, and every interval is that narrow.
"$SANDTABLE" sim "$TMP/s.yaml" --trials 40 --until-ci 0.12 --max-trials 2000 --seed 9 --format json --out "$TMP/ci.json" 2>/dev/null
cat > "$TMP/ci_check.lua" <<'LUA'
local text = io.open(arg[1]):read("a")
local trials = tonumber(text:match([["trials":(%d+),"variants"]]))
local widest = 0
for hi, lo in text:gmatch([["high":([%d.e-]+),"low":([%d.e-]+)]]) do
  widest = math.max(widest, (tonumber(hi) - tonumber(lo)) / 2)
end
assert(trials and trials < 2000 and trials % 100 == 0, "trials " .. tostring(trials))
assert(widest < 0.12, "widest half-width " .. widest)
LUA
if lua5.4 "$TMP/ci_check.lua" "$TMP/ci.json"; then pass "--until-ci stops in whole rounds once every interval is narrow enough"; else fail "--until-ci"; fi

# A house rule that changes nothing must give exactly the baseline's battles.
printf 'return function(rules) end\n' > "$TMP/nothing.lua"
# A house rule with a Lua error in one trial's path fails every trial of its variant, reported with seeds.
printf 'return function(rules)\n  local melee = rules.require("phalanx.melee")\n  melee.modifiers:add({ id = "oops", text = "broken", add = function(c) return c.no_such.field end })\nend\n' > "$TMP/broken.lua"
expect_exit 0 "with --keep-going a run with a broken house rule completes" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 20 --seed 9 --variant same="$TMP/nothing.lua" --variant broken="$TMP/broken.lua" --keep-going
expect_output "Difference in Early Imperial Roman's win rate" "variants are compared with the baseline, sides by name"
expect_output "same             +0.0 points [+0.0, +0.0]" "a do-nothing house rule gives the same battles (common random numbers)"
expect_output "trial(s) of broken failed" "the failures are counted"
expect_output "seed" "each failure names its seed for replay"
# A house rule that loops forever: the watchdog stops each trial (no count
# hook runs on the hot path), the run completes and names the line and a
# replay command.
printf 'return function(rules)\n  local melee = rules.require("phalanx.melee")\n  melee.modifiers:add({ id = "forever", text = "loops",\n    add = function() while true do end end })\nend\n' > "$TMP/loop.lua"
expect_exit 0 "with --keep-going a run whose house rule loops forever completes" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 2 --trial-timeout 1 --variant loop="$TMP/loop.lua" --keep-going
expect_output "loop.lua:4: trial stopped by the watchdog after 1 s" "the watchdog stops the trial at the looping line"
expect_output "--house-rule $TMP/loop.lua --seed SEED" "the summary says how to replay a failed trial"
# The same for a rule stuck in work done in C++: each binding call is bounded
# (issue #14), so the watchdog's hook stops the trial between two calls.
printf 'local dice = require("sandtable.dice")\nreturn function(rules)\n  local melee = rules.require("phalanx.melee")\n  melee.modifiers:add({ id = "heavy", text = "C++ work for ever",\n    add = function() while true do dice.distribution("40d100") end end })\nend\n' > "$TMP/heavy.lua"
start=$(date +%s)
expect_exit 0 "a trial stuck in C++ work is ended by --trial-timeout" -- "$SANDTABLE" sim "$TMP/s.yaml" --trials 2 --threads 1 --trial-timeout 1 --variant heavy="$TMP/heavy.lua" --keep-going
expect_output "trial stopped by the watchdog after 1 s" "and reported as stopped by the watchdog"
[ $(( $(date +%s) - start )) -lt 30 ] && pass "within seconds, not hours" || fail "the stuck trial took $(( $(date +%s) - start )) s to stop"
printf 'ruleset: phalanx\nturnz: 3\narmies:\n  - army: phalanx/gallic\n  - army: phalanx/gallic\n' > "$TMP/typo.yaml"
expect_exit 1 "a scenario with a typo stops the run before any trial" -- "$SANDTABLE" sim "$TMP/typo.yaml" --trials 50
expect_output "typo.yaml:2:1: unknown key 'turnz'" "the typo is located once"
expect_exit 2 "a variant without a file is a usage error" -- "$SANDTABLE" sim "$TMP/s.yaml" --variant nofile
expect_output "expected NAME=FILE.lua" "the message says what was expected"
finish
