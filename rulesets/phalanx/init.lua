-- Phalanx (ASP Games 2004): the ruleset manifest. The generic loader
-- (scripts/lib/ruleset.lua) reads this to find the battle engine, the default
-- commander, the army-list module and the optional rules a scenario may name.
return {
  name = "phalanx",
  title = "Phalanx (ASP Games 2004)",
  extends = nil,
  period = "3000 BC - 1500 AD",
  distance_unit = "vignette frontage",
  battle = "phalanx.battle",
  commander = "phalanx.ai",
  armies = "phalanx.armies",
  troops = "phalanx.troops",
  odds = "phalanx.odds",
  referee = "phalanx.referee",   -- the referee's allowances and invariants (lib.referee)
  options = {
    recovery = "phalanx.options.recovery",
    artillery = "phalanx.options.artillery",
    field_defences = "phalanx.options.field_defences",
    detachments = "phalanx.options.detachments",
  },
}
