# sandtable campaign (docs/campaigns.md): a golden campaign pinned by its
# hash, the same campaigns on 1 and 2 threads, every battle of 200 campaigns
# clean under the referee (CAMPAIGN_TRIALS changes the number), and bad
# input named at its file and line with exit 1.
source "$(dirname "$0")/lib.bash" "$1"
C=campaigns/wrg/claudian_invasion.yaml

# The golden campaign. If a rules change alters it legitimately, renew the
# hash and the course below and say why in the commit message. (Seed 69 since
# issue #13's WRG commander and movement changes: no seed of 1-900 then gave
# every event below and a defender's win; that check was dropped.)
expect_exit 0 "one campaign, seed 69" -- "$SANDTABLE" campaign "$C" --seed 69
expect_output "Campaign hash 72be55a58a20de20." "seed 69 gives the pinned campaign"
expect_output "Battle 1 (an encounter battle, March; battle seed 3981517174410269712)" "battle 1: an encounter in March (spring), its derived seed"
expect_output "Early Imperial Roman (winner): 17 figures lost as casualties, 4 runaways; 21 recovered at once, 0 back" "a winner recovers all his losses"
expect_output "Ancient British (loser): 59 figures lost as casualties, 21 runaways; 23 recovered at once, 57 back" "a loser: half his runaways, a quarter of his other losses"
expect_output "next: Ancient British is pushed back and defends" "the loser falls back and defends"
expect_output "Battle 2 (Ancient British defends, April;" "battle 2 a month later, the loser defending"
expect_output "Ancient British defends: +3 terrain units" "the defender changes the terrain by 3 units"
expect_output "weather in May: Rain (1 period of rain or snow)" "the weather module dices May's weather in Europe"
expect_output "a draw after 12 periods" "battle 2 is drawn"
expect_output "Early Imperial Roman (draw): 13 figures lost as casualties, 34 runaways; 39 recovered at once, 8 back" "a draw: all runaways and half the other losses"
expect_output "next: Ancient British carries on and defends" "a draw: the first defender carries on"
expect_output "Ancient British defends: -3 terrain units" "a mostly mounted defender takes terrain away"
expect_output "weather in July: Rain (10 periods of rain or snow)" "July's rain in battle 5"
expect_output "Ancient British, beaten as the defender, takes refuge in a fortress" "a beaten defender takes refuge in a fortress"
expect_output "Battle 4 (the siege of Ancient British's fortress, June;" "battle 4: the siege, on the fortress scenario's table"
expect_output "Ancient British holds its fortress (worth 213 points)" "the hillfort valued by POINTS VALUES"
expect_output "Early Imperial Roman does not capture the fortress: it breaks up the siege and retreats" "a failed siege"
expect_output "RESULT after 6 battles: Early Imperial Roman wins the campaign: Early Imperial Roman won more battles (5 to 0)" "the campaign's result"
"$SANDTABLE" campaign "$C" --seed 69 --format json --out "$TMP/a.json" --log "$TMP/a.log"
"$SANDTABLE" campaign "$C" --seed 69 --format json --out "$TMP/b.json"
cmp -s "$TMP/a.json" "$TMP/b.json" && pass "the same seed, the same campaign (JSON)" || fail "one seed gave two campaigns"
grep -q '"hash":"72be55a58a20de20"' "$TMP/a.json" && pass "the JSON carries the campaign hash" || fail "no hash in the JSON"
grep -q "======== .*: battle 2 of the campaign (seed " "$TMP/a.log" && grep -q "VICTORY to\|A DRAW" "$TMP/a.log" \
  && pass "--log writes every battle's account" || fail "--log lacks the battles' accounts"
expect_exit 0 "another seed" -- "$SANDTABLE" campaign "$C" --seed 4
grep -q "Campaign hash 72be55a58a20de20." <<<"$OUT" && fail "seed 4 gave seed 69's campaign" || pass "another seed, another campaign"

# Many campaigns: the same report on 1 and 2 threads.
"$SANDTABLE" campaign "$C" -n 30 -j 1 --format json --out "$TMP/one.json"
"$SANDTABLE" campaign "$C" -n 30 -j 2 --format json --out "$TMP/two.json"
cmp -s "$TMP/one.json" "$TMP/two.json" && pass "30 campaigns: byte-identical on 1 and 2 threads" \
  || fail "the campaigns differ between 1 and 2 threads"
expect_exit 0 "the table of many campaigns" -- "$SANDTABLE" campaign "$C" -n 10 -j 2
expect_output "Who wins the campaign (95% intervals):" "who wins the campaign, with intervals"
expect_output "Failed campaigns: 0" "none failed"

# A house rule of the campaign rules compared on the same campaigns.
H=campaigns/wrg/house_rules/winner_recovers_half.lua
"$SANDTABLE" campaign "$C" -n 30 -j 1 --variant harsh=$H --format json --out "$TMP/v1.json"
"$SANDTABLE" campaign "$C" -n 30 -j 2 --variant harsh=$H --format json --out "$TMP/v2.json"
cmp -s "$TMP/v1.json" "$TMP/v2.json" && pass "a variant: byte-identical on 1 and 2 threads" || fail "the variant differs by threads"
grep -q '"variants":\[{.*"name":"harsh"' "$TMP/v1.json" && grep -q '"side1_win_difference":{' "$TMP/v1.json" \
  && pass "the JSON has the variant's rates and its paired difference" || fail "no variant in the JSON"
expect_exit 0 "the variant's table" -- "$SANDTABLE" campaign "$C" -n 10 --variant harsh=$H
expect_output "House rules on the same campaigns (paired by seed)" "the variant is reported beside the rules as written"
expect_exit 2 "--variant without --trials" -- "$SANDTABLE" campaign "$C" --variant harsh=$H
expect_exit 2 "--variant without a name" -- "$SANDTABLE" campaign "$C" -n 3 --variant $H
printf 'return function(rules) rules.require("wrg.campaign").RECOVERY.winner.losses = nil + 1 end\n' > "$TMP/broken_rule.lua"
expect_exit 1 "a broken house rule" -- "$SANDTABLE" campaign "$C" -n 3 --variant broken="$TMP/broken_rule.lua"
expect_output "broken_rule.lua:1:" "names the house rule's file and line"
grep -q "stack traceback" <<<"$OUT" && fail "a traceback for a broken house rule" || pass "... without a traceback"

# Every battle of many campaigns under the referee.
N=${CAMPAIGN_TRIALS:-200}
"$SANDTABLE" campaign "$C" -n "$N" -j "$(nproc)" --referee --format json --out "$TMP/ref.json"
read -r failed wins < <(lua5.4 -e '
  local t = io.read("a")
  print(t:match([["failed":(%d+)]]) or -1, t:match([["side1_wins":{[^}]*"rate":([%d.e-]+)]]) or -1)' < "$TMP/ref.json")
[ "$failed" = "0" ] && pass "$N campaigns, every battle under the referee: zero violations (Romans win $wins)" \
  || fail "$failed of $N campaigns stopped by the referee"

# A campaign with a fortress scenario: the sieges are battles too.
"$SANDTABLE" campaign tests/data/campaign/with_fortress.yaml -n 50 -j "$(nproc)" --referee --format json \
  --out "$TMP/fort.json"
read -r failed endings < <(lua5.4 -e '
  local t = io.read("a")
  print(t:match([["failed":(%d+)]]) or -1, t:match([["endings":({[^}]*})]]) or "?")' < "$TMP/fort.json")
[ "$failed" = "0" ] && pass "50 campaigns with sieges under the referee: zero violations ($endings)" \
  || fail "$failed of 50 campaigns with sieges stopped by the referee"

# Bad input: file and line, exit 1.
printf 'scenario: nowhere.yaml\n' > "$TMP/missing.yaml"
expect_exit 1 "a campaign naming a missing scenario" -- "$SANDTABLE" campaign "$TMP/missing.yaml"
expect_output "missing.yaml:1:1: no scenario 'nowhere.yaml' (looked for" "names the file, line and where it looked"
printf 'scenario: scenarios/wrg/medway.yaml\nbattels: 3\n' > "$TMP/key.yaml"
expect_exit 1 "an unknown key" -- "$SANDTABLE" campaign "$TMP/key.yaml"
expect_output "key.yaml:2:1: unknown key 'battels' in a campaign (expected one of: battles," "names the key and the known ones"
printf 'scenario: scenarios/wrg/medway.yaml\nbattles: [1\n' > "$TMP/yaml.yaml"
expect_exit 1 "broken YAML" -- "$SANDTABLE" campaign "$TMP/yaml.yaml"
expect_output "yaml.yaml:3:1:" "names the line"
printf 'scenario: scenarios/phalanx/default.yaml\n' > "$TMP/phalanx.yaml"
expect_exit 1 "a ruleset without campaign rules" -- "$SANDTABLE" campaign "$TMP/phalanx.yaml"
expect_output "phalanx.yaml:1:1: ruleset 'phalanx' offers no campaign rules" "says the ruleset has none"
expect_exit 1 "no such campaign file" -- "$SANDTABLE" campaign nowhere_campaign.yaml
expect_output "nowhere_campaign.yaml: no such file" "names it"
expect_exit 2 "--log with --trials" -- "$SANDTABLE" campaign "$C" -n 3 --log "$TMP/x.log"
grep -q "Traceback\|stack traceback" <<<"$OUT" && fail "a traceback was printed" || pass "no traceback"
finish
