# The guides say what the program does: getting-started's sample account is
# real output, its package list is tools/dev's, army-lists.md covers every
# ruleset, scenarios.md says how paths resolve, the default battle is a
# scenario file a user can copy and sim, and the README opens with its two
# commands.
source "$(dirname "$0")/lib.bash" "$1"

"$SANDTABLE" battle > "$TMP/battle.txt" 2>&1
awk '/<!-- sample: sandtable battle -->/{on=1; next} on && /^```/{n++; if (n == 2) exit; next} on && n == 1' docs/getting-started.md > "$TMP/sample.txt"
missing=0
while IFS= read -r line; do
  [[ $line =~ ^[[:space:]]*\.\.\.$ ]] && continue
  grep -qxF -- "$line" "$TMP/battle.txt" || { echo "  not in the output: $line"; missing=1; }
done < "$TMP/sample.txt"
[ -s "$TMP/sample.txt" ] && [ $missing -eq 0 ] && pass "every sample account line in getting-started.md is in the real output" || fail "getting-started.md's sample account differs from the output"

packages=$(sed -n '/^PACKAGES=(/,/)/p' tools/dev | tr -d '()' | sed 's/PACKAGES=//' | tr -s ' \n' ' ')
doc=$(tr '\n' ' ' < docs/getting-started.md)
for p in $packages; do
  grep -qE "[\` ]$p[\` ]" <<<"$doc" || { fail "getting-started.md's package list lacks $p"; continue; }
done
grep -q "chromium" docs/getting-started.md && pass "getting-started.md lists tools/dev's packages (chromium included)" || fail "chromium missing"

for dir in rulesets/*/; do
  r=$(basename "$dir")
  # A ruleset has army lists when its manifest names them or extends one that does.
  grep -qE "^\s*(armies|extends)\s*=" "$dir/init.lua" 2>/dev/null || continue
  grep -q "armies/$r/" docs/army-lists.md && pass "army-lists.md covers $r" || fail "army-lists.md does not cover $r"
done

grep -q "^## How paths resolve" docs/scenarios.md && pass "scenarios.md says how paths resolve" || fail "scenarios.md lacks How paths resolve"
grep -q "SANDTABLE_HOME" docs/getting-started.md docs/cli.md && pass "SANDTABLE_HOME is documented" || fail "SANDTABLE_HOME undocumented"
grep -q "^## Exit codes" docs/cli.md && pass "exit codes are documented" || fail "exit codes undocumented"

# The default battle is a scenario file: the same battle, and `sim` runs it.
"$SANDTABLE" battle scenarios/phalanx/default.yaml > "$TMP/file.txt" 2>&1
cmp -s "$TMP/battle.txt" "$TMP/file.txt" && pass "sandtable battle fights scenarios/phalanx/default.yaml" || fail "the default battle differs from scenarios/phalanx/default.yaml"
cp scenarios/phalanx/default.yaml "$TMP/mine.yaml"
expect_exit 0 "a copy of the default scenario can be simulated" -- "$SANDTABLE" sim "$TMP/mine.yaml" --trials 3 --quiet

[ "$(sed -n 3,6p README.md)" = '```sh
tools/dev battle     # install what is missing, build, fight the default Phalanx battle
tools/dev test       # install what is missing, build, run every test (C++ and Lua)
```' ] && pass "the README opens with its two commands" || fail "the README no longer opens with tools/dev battle / tools/dev test"
finish
