# The fantasy module's promise to modders (docs/fantasy.md): a creature
# added to a ruleset in one file outside rulesets/ (mods/example_dragon/),
# checked by `sandtable check` with file:line errors, and fought under the
# referee; the shipped fantasy armies of WRG, Historicon and Phalanx check.
source "$(dirname "$0")/lib.bash" "$1"

expect_exit 0 "the example's WRG army with its own wyvern checks" -- "$SANDTABLE" check --ruleset wrg mods/example_dragon/wyvern_brood.lua
expect_output "Old Scratch (D HC, 3 figures)" "the wyvern is a 3-figure HC unit"
expect_output "60" "at its declared 60 points"

expect_exit 0 "the example's Historicon wyverns check" -- "$SANDTABLE" check --ruleset historicon mods/example_dragon/historicon_wyverns.lua
expect_output "Wyverns (AIF HC, 16 figures)" "counted as AIF HC"

# a misspelt term in the declaration: reported at its line, non-zero exit
sed 's/move = "HC"/move = "HX"/' mods/example_dragon/wyvern_brood.lua > "$TMP/bad.lua"
line=$(grep -n 'move = "HX"' "$TMP/bad.lua" | cut -d: -f1)
expect_exit 1 "a misspelt counts_as term fails the check" -- "$SANDTABLE" check --ruleset wrg "$TMP/bad.lua"
expect_output "bad.lua:$((line - 1)): creature 'wyvern': counts_as.move = \"HX\" is not a term this ruleset knows" "named at the declaration's line"
# an unknown creature: at the unit's line
sed 's/creature = "wyvern", figures = 1 },/creature = "wivern", figures = 1 },/' mods/example_dragon/wyvern_brood.lua > "$TMP/bad2.lua"
expect_exit 1 "an unknown creature fails the check" -- "$SANDTABLE" check --ruleset wrg "$TMP/bad2.lua"
expect_output "unknown creature \"wivern\"" "named"

# a creature file of its own: its problems at its own lines
mkdir -p "$TMP/mod"
sed 's/reaction = "D"/reaction = "Z"/' mods/example_dragon/fire_drake.lua > "$TMP/mod/fire_drake.lua"
sed "s|\"mods/example_dragon/fire_drake.lua\"|\"$TMP/mod/fire_drake.lua\"|" mods/example_dragon/wyvern_brood.lua > "$TMP/mod/brood.lua"
expect_exit 1 "a bad term in a creature file fails the check" -- "$SANDTABLE" check --ruleset wrg "$TMP/mod/brood.lua"
expect_output "fire_drake.lua:7: creature 'fire_drake': counts_as.reaction = \"Z\"" "named at the creature file's line"
expect_exit 0 "the example fights under the referee" -- "$SANDTABLE" battle mods/example_dragon/wyvern.yaml --seed 3 --referee
expect_output "no violation" "clean"
# as the shipped scenarios in quality_gate_test.sh: 200 seeded battles, no violation
TRIALS=${REFEREE_TRIALS:-200}
"$SANDTABLE" sim mods/example_dragon/wyvern.yaml --trials "$TRIALS" --threads "$(nproc)" --seed 1 --referee \
  --format json --out "$TMP/r.json" > "$TMP/r.txt" 2>&1
if grep -q "\"completed\":$TRIALS" "$TMP/r.json" && grep -q '"failed":0' "$TMP/r.json"; then
  pass "the example: $TRIALS battles under the referee, zero violations"
else
  fail "the example: battles stopped by the referee"; grep -o '"error":"[^"]*"' "$TMP/r.json" | head -3
fi

for a in armies/wrg/chaos_horde.lua armies/wrg/free_peoples.lua armies/historicon/chaos_warhost.lua \
         armies/historicon/elven_alliance.lua armies/phalanx/chaos_horde.lua armies/phalanx/elven_host.lua; do
  expect_exit 0 "$a checks" -- "$SANDTABLE" check "$a"
done
finish
