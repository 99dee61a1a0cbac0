-- WRG Ancients, 4th edition (Wargames Research Group, August 1973): the
-- ruleset manifest. The generic loader (scripts/lib/ruleset.lua) reads this
-- to find the battle engine, the default commander, the army-list module,
-- the troop data, the odds module and the optional rules a scenario may name.
return {
  name = "wrg",
  title = "War Games Rules 1000 B.C. to 1000 A.D., 4th edition (WRG 1973)",
  extends = nil,
  period = "1000 BC - 1000 AD",
  distance_unit = "paces (10 paces = 1 inch = 25.4 mm; 25mm figures)",
  battle = "wrg.battle",
  commander = "wrg.ai",
  armies = "wrg.armies",
  troops = "wrg.troops",
  odds = "wrg.odds",
  referee = "wrg.referee",
  campaign = "wrg.campaign",   -- CAMPAIGNS: what `sandtable campaign` carries between battles
  -- Appendix III, RULE ADAPTIONS FOR 15MM FIGURES: a scenario's `scale: 15mm`
  scales = { ["15mm"] = "wrg.scale_15mm", ["15mm_inch"] = "wrg.scale_15mm_inch" },
  options = {
    sudden_death = "wrg.options.sudden_death",
  },
}
