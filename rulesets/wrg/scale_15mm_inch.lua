-- WRG Ancients 1973, Appendix III, RULE ADAPTIONS FOR 15MM FIGURES, the
-- first way: `scale: 15mm_inch`. "If you wish to continue to use the 1 inch
-- to 10 paces ground scale, with the increased number of figures providing
-- a more realistic appearance, each figure will represent 10 men.
-- Elephants, chariots and engines represent 4. Continue as normally, but
-- count only half the figures you normally would as shooting or fighting,
-- and remove one figure for every 10 casualties."
--
-- Patched into the ruleset instance at load (scripts/lib/ruleset.lua, layer
-- "scale 15mm_inch"), before any other module reads the tables. The army
-- lists are read as written: their figures are 15mm figures of 10 men
-- (READING: a 25mm list fought at this scale is an army of half the men).
return function(rules)
  local tables = rules.require("wrg.tables")
  tables.SCALE = "15mm_inch"
  -- the ground scale is kept: tables.MM_PER_PACE stays 2.54 ("1 inch to 10 paces")

  -- "The following base sizes should be used."
  rules.require("wrg.scale_15mm_bases")(tables)

  -- "remove one figure for every 10 casualties" (a model: 10 hits, as it
  -- represents 4 men, half of 25mm's 8, for which 20 hits are needed)
  tables.MEN_PER_FIGURE = 10
  tables.MEN_PER_MODEL = 4
  tables.HITS_PER_MODEL = 10

  -- "count only half the figures you normally would as shooting or
  -- fighting". READING: halves rounded down, as the rules' other halvings
  -- of figures fighting ("counts half the figures of its nearest rank").
  local function half(n) return math.floor(n / 2) end
  local function copy(t)
    local o = {}
    for k, v in pairs(t or {}) do o[k] = v end
    return o
  end
  local shooting = rules.require("wrg.shooting")
  local shoot = shooting.shoot
  function shooting.shoot(shooter, target, s, dice, explain)
    local c = copy(s)
    c.figures = half(c.figures or shooting.figures(shooter, c))
    return shoot(shooter, target, c, dice, explain)
  end
  local melee = rules.require("wrg.melee")
  local strike = melee.strike
  function melee.strike(fighter, enemy, s, dice, explain)
    local c = copy(s)
    c.row = c.row or melee.choose_row(fighter, enemy, c.first_period, c)
    c.figures = half(c.figures or melee.figures(fighter, c, c.row))
    return strike(fighter, enemy, c, dice, explain)
  end
end
