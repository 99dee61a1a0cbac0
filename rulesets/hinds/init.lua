-- James Hinds, "Ancient Wargame Rules" (The Armchair General vol. 3 no. 2,
-- 1970): the ruleset manifest. The generic loader (scripts/lib/ruleset.lua)
-- reads this to find the battle engine, the default commander, the army-list
-- module, the troop data, the odds module and the optional rules.
--
-- Played on hexagons "about six inches across", one tactical unit to a hex;
-- the text's "distance unit" is read as the inch (see docs/rulesets/hinds.md).
return {
  name = "hinds",
  title = "Ancient Wargame Rules (James Hinds, 1970)",
  extends = nil,
  period = "Ancient",
  distance_unit = "inch (distance unit); one unit to a 6-inch hexagon",
  battle = "hinds.battle",
  commander = "hinds.ai",
  armies = "hinds.armies",
  troops = "hinds.troops",
  odds = "hinds.odds",
  referee = "hinds.referee",
  options = {
    throw_shields = "hinds.options.throw_shields",
    dense_forests = "hinds.options.dense_forests",
    uncrossable_streams = "hinds.options.uncrossable_streams",
  },
}
