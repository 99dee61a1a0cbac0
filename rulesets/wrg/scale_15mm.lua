-- WRG Ancients 1973, Appendix III, "RULE ADAPTIONS FOR 15MM FIGURES": the
-- scale a scenario chooses with `scale: 15mm` (the manifest's scales). It
-- patches the ruleset instance's tables at load, before any other module
-- reads them (scripts/lib/ruleset.lua, layer "scale 15mm"), so every distance
-- in paces and every base the battle lays out follows the appendix.
--
-- Of the appendix's two ways, this is the second, the one with the distance
-- changes: "Alternatively, use 1mm equals one pace. Each figure will now
-- represent 50 men ... In the meantime, use this set, subject to the
-- following alterations." The first way ("continue to use the 1 inch to 10
-- paces ground scale ... count only half the figures you normally would as
-- shooting or fighting, and remove one figure for every 10 casualties") is
-- the scale `15mm_inch` (scale_15mm_inch.lua).
return function(rules)
  local tables = rules.require("wrg.tables")
  tables.SCALE = "15mm"

  -- "Alternatively, use 1mm equals one pace."
  tables.MM_PER_PACE = 1
  -- "Each figure will now represent 50 men ... Ignore in actual play the
  -- facts that 2½ times as many casualties should be caused ... and that
  -- each figure should need 2½ times as many casualties before it is
  -- removed": casualties and their removal stay as at 25mm, so
  -- tables.MEN_PER_FIGURE (20, the casualties per figure removed) is kept.

  -- "The following base sizes should be used." (scale_15mm_bases.lua)
  rules.require("wrg.scale_15mm_bases")(tables)

  -- "1) Pike-armed infantry are allowed to fight in 2 ranks of figures,
  -- other troops fight and shoot in one"
  for row, w in pairs(tables.melee_weapon) do w.ranks = row == "pike" and 2 or 1 end
  tables.overhead_ranks = { cavalry_or_barbarian = 0, regular_infantry = 0 }

  -- "2) The maximum width column that can wheel without penalty is 30mm."
  tables.movement.wheel_free_column_mm = 30
end
