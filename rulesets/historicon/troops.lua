-- Historicon v2: troop classes, sub-classes, postfixes, army and grade
-- classes, unit organisation, points and fantasy army limits -- as data,
-- plus the small predicates every adjudication module needs.
--
-- A unit is a plain table, for example
--   { class = "HI", sub = "HIN", ss = true, armour = false, army = "RA",
--     grade = "A", figures = 24, ranks = 3, formed = true, disordered = false,
--     hits = 0, recoils = 0, general = false }
-- Chariots add `horses` and `crew` per model; for HCH, LCH and EI `figures`
-- counts models. `formed` missing means formed.

local troops = {}

-- "HI, LI and VLI are classed as Foot troops, the others are classed as
-- Mounted." Crew (C) ride on chariots and elephants and are neither.
troops.classes = {
  HI  = { name = "Heavy Infantry", foot = true },
  LI  = { name = "Light Infantry", foot = true },
  VLI = { name = "Very Light Infantry", foot = true },
  HCH = { name = "Heavy Chariots", mounted = true, chariot = true },
  LCH = { name = "Light Chariots", mounted = true, chariot = true },
  KC  = { name = "Knights (also Cataphracts and Clibanarii)", mounted = true },
  HC  = { name = "Heavy Cavalry", mounted = true },
  LC  = { name = "Light Cavalry", mounted = true },
  EI  = { name = "Elephant", mounted = true, elephant = true },
  C   = { name = "Crew" },
}
troops.class_order = { "HI", "LI", "VLI", "HCH", "LCH", "KC", "HC", "LC", "EI", "C" }

-- Weapon sub-classes. HIN is HI with any weapons that are not a special case.
troops.subclasses = {
  HIN  = { of = "HI", name = "Heavy Infantry, Normal" },
  HIP  = { of = "HI", name = "Heavy Infantry with pikes", deploy_ranks = 4 },
  HIS  = { of = "HI", name = "Heavy Infantry with spears" },
  HIJD = { of = "HI", name = "Heavy Infantry with javelin and/or dart", shoots = true },
  HIB  = { of = "HI", name = "Heavy Infantry with bows", shoots = true },
  HIW  = { of = "HI", name = "Heavy Infantry Warband (some HIN)", always_if = true },
  LIW  = { of = "LI", name = "Light Infantry Warband", always_if = true },
}

-- Postfixes. +SS: "Some HIS and HIN may have secondary missile weapons";
-- A (optional rule): heavy armour for HI, barding for KC and HC.
troops.postfixes = {
  SS = { key = "ss", allowed_subs = { HIN = true, HIS = true } },
  A  = { key = "armour", allowed_classes = { HI = true, KC = true, HC = true } },
}

-- "EL, HIW and LIW are always counted as IF class" (EL read as EI).
troops.armies = { RA = "Regular Army", IF = "InFormal" }
troops.always_informal_classes = { EI = true }
troops.grades = { E = "Elite / Veteran", A = "Average", G = "Garrison / Green / Raw / Recruit" }

-- Unit organisation. Sizes for HCH, LCH and EI count models (see docs).
troops.organisation = {
  size = {
    figures = { min = 8, max = 48 },      -- infantry or cavalry
    models = { min = 3, max = 10 },       -- HCH, LCH, EI
    informal_min_factor = 2,              -- "IF class troops double their minimum unit size"
  },
  -- Must always be formed (all figures base to base).
  always_formed = { HI = true, HCH = true, KC = true, EI = true },
  -- May be formed or unformed.
  may_unform = { LI = true, VLI = true, LCH = true, LC = true, HC = true },
  -- Depth of a formed unit, in ranks.
  depth = {
    HI = { min = 2, max = 4 }, LI = { min = 2, max = 2 }, VLI = { min = 2, max = 2 },
    KC = { min = 1, max = 2 }, HC = { min = 1, max = 2 }, LC = { min = 1, max = 2 },
    HCH = { min = 1, max = 2 }, LCH = { min = 1, max = 2 }, EI = { min = 1, max = 2 },
  },
  -- "Chariots with two horses and one or two crew are classed as LCH,
  -- chariots with more horses or crew are classed as HCH"; 1 to 6 crew.
  chariot = { light_horses = 2, light_crew_max = 2, crew_min = 1, crew_max = 6 },
  -- "each EI model as 5 figures, an HCH or LCH model as the number of horses
  -- plus the number of crew figures" (integrity tests and points).
  elephant_figures = 5,
}

-- "HIP, HIB, HCH, LCH, and KC are lost if broken."
troops.lost_if_broken = { HIP = true, HIB = true, HCH = true, LCH = true, KC = true }

-- Points value per figure or model.
troops.points = {
  per_figure = 1,               -- HI, LI, VLI, KC, HC, LC (and LHI, HK as printed)
  per_chariot_horse = 1,
  per_crew_figure = 1,          -- HCH, LCH or EI crew
  elephant_model = 12,
  shooting_per_figure = 0.5,
  armour_per_figure = 0.5,      -- optional rule
  grade_factor = { E = 2, A = 1, G = 0.5 },
}

-- Fantasy army composition: percentages of the army (read: of its points).
troops.fantasy_limits = {
  { id = "HI", min = 50, max = 100, classes = { HI = true } },
  { id = "LI", max = 50, classes = { LI = true } },
  { id = "VLI", max = 5, classes = { VLI = true } },
  { id = "KC", max = 25, classes = { KC = true } },
  { id = "HC", max = 50, classes = { HC = true } },
  { id = "LC", max = 50, classes = { LC = true } },
  { id = "Ch", max = 30, classes = { HCH = true, LCH = true } },
  { id = "E", max = 25, grade = "E" },
  { id = "A", max = 100, grade = "A" },
  { id = "G", max = 100, grade = "G" },
  { id = "RA", max = 100, army = "RA" },
  { id = "IF", max = 100, army = "IF" },
}

-- Phase 7: victory points per unit, and deductions for each unit broken.
troops.victory_points = { VLI = 1, LI = 2, LC = 2, LCH = 3, HC = 3, HI = 4, HCH = 4, KC = 4 }
troops.break_deduction = { normal = 2, E = 3, general = 8 }
troops.defeat_fraction = 0.25

-- Predicates ---------------------------------------------------------------

function troops.is_mounted(unit) return troops.classes[unit.class].mounted == true end
function troops.is_foot(unit) return troops.classes[unit.class].foot == true end
function troops.is_formed(unit) return unit.formed ~= false end

-- RA or IF after "EL, HIW and LIW are always counted as IF class".
function troops.army_class(unit)
  if troops.always_informal_classes[unit.class] then return "IF" end
  local sub = unit.sub and troops.subclasses[unit.sub]
  if sub and sub.always_if then return "IF" end
  return unit.army or "RA"
end

-- Figure equivalent of a unit for integrity tests and points.
function troops.figure_equivalent(unit)
  local info = troops.classes[unit.class]
  if info.elephant then return unit.figures * troops.organisation.elephant_figures end
  if info.chariot then
    local horses, crew = troops.chariot_team(unit)
    return unit.figures * (horses + crew)
  end
  return unit.figures
end

-- Horses and crew per chariot model; the defaults are the least the class
-- allows (LCH: 2 horses, 1 crew; HCH: 4 horses, 1 crew -- the usual team).
function troops.chariot_team(unit)
  local light = unit.class == "LCH"
  return unit.horses or (light and 2 or 4), unit.crew or 1
end

-- Class a chariot model belongs to by its horses and crew.
function troops.chariot_class(horses, crew)
  local c = troops.organisation.chariot
  if horses <= c.light_horses and crew <= c.light_crew_max then return "LCH" end
  return "HCH"
end

-- Armour (optional rule) only counts for the classes that may carry it.
function troops.is_armoured(unit)
  return unit.armour == true and troops.postfixes.A.allowed_classes[unit.class] == true
end

-- Figures (models for chariots and elephants) in the front rank. A formed
-- unit fills its front rank first: ceil(figures / ranks). An unformed unit
-- has no ranks; every figure counts as front rank (see docs, Phase 5).
function troops.front_rank_figures(unit)
  if not troops.is_formed(unit) then return unit.figures end
  local ranks = unit.ranks or 1
  return (unit.figures + ranks - 1) // ranks
end

-- Sub-class or class, the key of the lost-if-broken and shooting lists.
function troops.kind(unit) return unit.sub or unit.class end

return troops
