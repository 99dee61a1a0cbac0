-- Fantasy in WRG 1973: the option a scenario switches on with
-- `options: [fantasy]`. Source: Appendix IV, "Suggested adaptions for Sword
-- and Sorcery fanatics". What it does, in WRG's own terms:
--   * the creatures of the pack (pack.lua) and of army files play by their
--     "counts as" terms (counts_as.lua: movement, vulnerability, fighting,
--     missiles) -- the army checker expands them (army.lua);
--   * the battle gets the module's state and callbacks (battle.lua): timed
--     states, zones, flyers, spells, and each creature's own rules
--     (saints.lua, beasts.lua, spells.lua, flight.lua);
--   * the rules' own functions that the appendix changes are wrapped in
--     this instance only: the reaction test (saints take none; trolls turn
--     to stone on "halt 2 periods"), the elves' random factor, the points at
--     the end (martyrs), the referee's allowances for flying.
local counts_as = require("modules.fantasy.wrg.counts_as")
local battle = require("modules.fantasy.wrg.battle")

local O = {
  id = "fantasy",
  title = "Fantasy: WRG 1973 Appendix IV, Sword and Sorcery",
  rule = "APPENDIX IV, SUGGESTED ADAPTIONS FOR SWORD AND SORCERY FANATICS",
}

function O.apply(rules)
  counts_as.apply(rules)
  battle.apply(rules)
  rules.battle_start = rules.battle_start or {}
  rules.battle_start[#rules.battle_start + 1] = battle.start
end

return O
