-- A campaign house rule: a harder war. The book's "A winner recovers all his
-- losses" becomes half of them (runaways all the same); the rest come back
-- for the battle after next, as the loser's do. Compare it with the rules as
-- written on the same campaigns:
--   sandtable campaign campaigns/wrg/claudian_invasion.yaml -n 200 \
--     --variant harsh=campaigns/wrg/house_rules/winner_recovers_half.lua
return function(rules)
  local campaign = rules.require("wrg.campaign")
  campaign.RECOVERY.winner.losses = 1 / 2
end
