-- WRG Ancients 1973, WINNERS AND LOSERS: "National Convention games are
-- usually played on a "Sudden death" basis, with any margin, however small,
-- being enough to give the victory." With this option the 10% margin is 0
-- (battle.lua passes margin 0 to victory.decide).
return {
  id = "sudden_death",
  title = "Sudden death (any margin wins)",
  rule = "WINNERS AND LOSERS",
  apply = function(rules) local _ = rules end,
}
