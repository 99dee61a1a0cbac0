# sandtable campaign with troops that change sides (docs/campaigns.md; WRG 1973
# CAMPAIGNS: "Troops that have changed sides will continue to fight for their
# former enemy"): campaigns/wrg/attila_in_gaul.yaml, whose Hunnic list has
# subject levies. Seed 52 (97 until the moves were made simultaneous, 21 until
# session ten drew by lot the end of the table the WRG lines are drawn from):
# the Gepids and Ostrogoths change sides in battle 1
# and fight for the Late Romans in battle 2 (rulesets/wrg/tests/
# campaign_changed_sides_test.lua checks the same through the runner). Then
# every battle of 200 campaigns under the referee (CAMPAIGN_TRIALS changes
# the number).
source "$(dirname "$0")/lib.bash" "$1"
C=campaigns/wrg/attila_in_gaul.yaml

expect_exit 0 "one campaign, seed 52" -- "$SANDTABLE" campaign "$C" --seed 52 --log "$TMP/a.log"
expect_output "Gepid warband (36 figures) changed sides and will fight for Late Roman in the battles to come" \
  "a subject levy that changed sides in battle 1 goes over with its figures"
expect_output "Ostrogothic horse (8 figures) changed sides and will fight for Late Roman" "both subject units"
expect_output "Hunnic (loser): 12 figures lost as casualties, 23 runaways" "the figures that went over are not the Huns' runaways"
awk '/battle 2 of the campaign/,/battle 3 of the campaign/' "$TMP/a.log" > "$TMP/b2.log"
awk '/Late Roman deploys/,/Hunnic deploys/' "$TMP/b2.log" | grep -q "  Gepid warband: 36 barbarian D MI" \
  && pass "battle 2: the Gepids deploy with the Late Romans" || fail "battle 2: the Gepids are not in the Roman line"
grep -q "change sides" "$TMP/b2.log" && fail "a former subject changed sides again" || pass "former subject races do not change again"

N=${CAMPAIGN_TRIALS:-200}
"$SANDTABLE" campaign "$C" -n "$N" -j "$(nproc)" --referee --format json --out "$TMP/ref.json"
read -r failed < <(lua5.4 -e 'print(io.read("a"):match([["failed":(%d+)]]) or -1)' < "$TMP/ref.json")
if [ "$failed" = "0" ]; then
  pass "$N campaigns of Attila in Gaul, every battle under the referee: zero violations"
else
  fail "$failed of $N campaigns of Attila in Gaul stopped by the referee"
  grep -o '"error":"[^"]*"' "$TMP/ref.json" | head -5
fi
finish
