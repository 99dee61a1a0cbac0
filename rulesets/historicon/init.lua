-- Historicon v2 (AlienStarGames 2021): the ruleset manifest. The generic
-- loader (scripts/lib/ruleset.lua) reads this to find the battle engine, the
-- default commander, the army-list module, the troop data, the odds module
-- and the optional rules a scenario may name (options: [id, ...]).
return {
  name = "historicon",
  title = "Historicon v2 (AlienStarGames 2021)",
  extends = nil,
  period = "Ancient, Dark Age and Medieval",
  distance_unit = "cm (at 25mm; halved at 15mm, quartered at 6mm)",
  battle = "historicon.battle",
  commander = "historicon.ai",
  armies = "historicon.armies",
  troops = "historicon.troops",
  odds = "historicon.odds",
  referee = "historicon.referee",
  options = {
    uncontrolled_advance = "historicon.options.uncontrolled_advance",
    vli_ranks = "historicon.options.vli_ranks",
    light_in_ra_hi = "historicon.options.light_in_ra_hi",
    passing_through = "historicon.options.passing_through",
    heavy_armour = "historicon.options.heavy_armour",
  },
}
