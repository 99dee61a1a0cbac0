# sandtable odds: --option and --house-rule as docs/house-rules.md promises,
# free dice expressions with exact answers (at-least / at-most tables,
# comparisons) and a chart in an HTML page.
source "$(dirname "$0")/lib.bash" "$1"

# A house rule changes the odds and the explanation names it.
expect_exit 0 "odds with a house rule" -- "$SANDTABLE" odds phalanx melee "HIS IV RA uphill" "HIN III RA" --house-rule tests/data/house_rule_uphill_plus2.lua
expect_output "+2 uphill (house rule: +2)" "the house rule's modifier is explained"
expect_output "Difference +4" "and changes the difference (+1 uphill became +2)"
expect_exit 0 "odds with the option of a ruleset" -- "$SANDTABLE" odds phalanx melee "HIS IV RA" "HIN III RA" --option recovery
expect_exit 1 "an unknown option is named" -- "$SANDTABLE" odds phalanx melee "HIS IV RA" "HIN III RA" --option nope
expect_output "ruleset 'phalanx' has no option 'nope' (it has: artillery" "with the ones there are"
expect_exit 1 "a house rule file that does not exist" -- "$SANDTABLE" odds phalanx melee "HIS IV RA" "HIN III RA" --house-rule none.lua
expect_output "none.lua: no such file" "is named"

# Dice expressions: exact answers.
expect_exit 0 "odds dice 3d6+2" -- "$SANDTABLE" odds dice "3d6+2"
expect_output "3d6+2: 5 to 20, mean 12.5, standard deviation 2.958 (216 equally likely rolls)" "range, mean and spread"
expect_output "      10    9.7222%   83.7963%   25.9259%  21/216" "P(=10) = 21/216, at least 181/216, at most 56/216"
expect_exit 0 "keep highest" -- "$SANDTABLE" odds dice "4d6kh3"
expect_output "mean 12.24" "4d6 keep 3 has mean 12.24 (1296 rolls enumerated)"
expect_output "      18    1.6204%    1.6204%  100.0000%  21/1296" "P(18) = 21/1296"
expect_exit 0 "two expressions are compared" -- "$SANDTABLE" odds dice "1d6" "1d6"
expect_output "1d6 against 1d6: higher 41.6667%, equal 16.6667%, lower 41.6667%" "P(higher) = 15/36, P(equal) = 6/36"
expect_exit 0 "a drop and a constant" -- "$SANDTABLE" odds dice "2d20dl1-3"
expect_output "2d20dl1-3: -2 to 17" "advantage minus 3"
expect_exit 1 "a malformed expression" -- "$SANDTABLE" odds dice "3x6"
expect_output "malformed dice expression \"3x6\": expected '+', '-' or the end" "says what was expected"
expect_output "   ^" "and points at the character"
expect_exit 1 "keep more dice than there are" -- "$SANDTABLE" odds dice "2d6kh3"
expect_output "expected a number from 1 to 2" "is refused with the range"
expect_exit 1 "no expression" -- "$SANDTABLE" odds dice

# --html: a chart page.
expect_exit 0 "odds dice --html" -- "$SANDTABLE" odds dice "2d6" --html "$TMP/d.html"
if grep -q "<svg class=\"chart\"" "$TMP/d.html" && [ "$(grep -o '<rect class="bar"' "$TMP/d.html" | wc -l)" -eq 11 ] && grep -q "16.6667%" "$TMP/d.html"; then
  pass "the page charts the 11 values of 2d6 with their chances"
else fail "the HTML page lacks the chart"; fi
finish
