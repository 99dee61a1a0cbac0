# The shipped experiment and example scripts run and print their tables.
source "$(dirname "$0")/lib.bash" "$1"

expect_exit 0 "the uphill sweep runs" -- "$SANDTABLE" run scripts/experiments/uphill_sweep.lua 2000
expect_output "uphill +0" "it sweeps through 0"
# With the modifier at -2 or -1 the uphill side can never make the defender
# break (Table 8 needs a difference of 0 or more for a B), so the rate is 0.
expect_output "uphill -2    0.0%" "a negative uphill modifier leaves the defender unbroken"
expect_exit 0 "the army match-ups run" -- "$SANDTABLE" run scripts/experiments/army_matchups.lua 10
expect_output "alexandrian_macedonian v gallic" "every pairing is listed"
expect_exit 0 "the house-rule comparison runs" -- "$SANDTABLE" run scripts/experiments/house_rule_effects.lua 10
expect_output "phalanx_general_inspires" "each house rule is a variant"
expect_output "Change in side 1's win rate" "the paired differences are printed"
expect_exit 0 "the example battle script runs" -- "$SANDTABLE" run scripts/examples/phalanx_battle.lua
expect_output "winner" "it reports the result"
finish
