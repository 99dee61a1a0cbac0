# sandtable check prints what an army is made of against the ruleset's
# limits, not only "ok": points per unit and per category (Historicon's
# fantasy composition, WRG's points limit), Phalanx's vignettes per command
# part against the 12 an army has.
source "$(dirname "$0")/lib.bash" "$1"

expect_exit 0 "a Historicon fantasy army" -- "$SANDTABLE" check armies/historicon/dwarf_hold.lua
expect_output "Ironbreakers of the king's hall" "each unit is listed"
expect_output "ERA HIN-A, 16 figures" "with its troop and figures"
expect_output "points by category (fantasy army composition)" "the categories are printed"
expect_output "HI " "the HI category"
expect_output "at least 50%" "... against its limit"
expect_output "total: " "the total"
expect_output "(points_limit 200)" "... against the points limit"
# Historicon points: 1 a figure, +1/2 for heavy armour (HIN-A), x2 for E class: 16 x 1.5 x 2 = 48.
if grep -E "Ironbreakers of the king's hall .* 48$" <<<"$OUT" >/dev/null; then pass "16 E-class HI cost 48 points"; else fail "16 E-class HI cost 48 points"; echo "$OUT" | head; fi

expect_exit 0 "a WRG army" -- "$SANDTABLE" check armies/wrg/early_imperial_roman.lua
expect_output "points by unit" "WRG points per unit"
expect_output "total: " "the WRG total"

expect_exit 0 "a Phalanx army" -- "$SANDTABLE" check armies/phalanx/gallic.lua
expect_output "vignettes by command part" "Phalanx's parts"
expect_output "total: 12 vignettes (exactly 12)" "against the 12 an army has"

# An army over its limit: the limit is printed beside the problem.
sed 's/points_limit = 200/points_limit = 100/' armies/historicon/dwarf_hold.lua > "$TMP/over.lua"
expect_exit 1 "an army over its points limit fails" -- "$SANDTABLE" check --ruleset historicon "$TMP/over.lua"
expect_output "more than its points_limit of 100" "the problem is named"
expect_output "OVER" "the summary marks the total over the limit"
finish
