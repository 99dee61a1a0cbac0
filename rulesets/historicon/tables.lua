-- Historicon v2: the tables of the rules, transcribed as plain data.
--
-- This file says *what the text says*; the modules that adjudicate
-- (shooting.lua, melee.lua, integrity.lua, distances.lua) say *when* each
-- entry applies. Modifier entries carry an id, the text and the rule
-- reference; the adjudication modules attach their conditions by id and fail
-- at load time if an id here has no condition there, so the two cannot drift.
--
-- Units: distances in cm at the scale of the table they come from; fronts in
-- mm. Cells: `false` = the table prints "-" (the class has none);
-- a missing key = the table prints "N/A" or leaves the cell blank.

local tables = {}

tables.SCALES = { "25mm", "15mm", "6mm" }

-- Order of the rows in Tables 2, 2a and 2b ("From top to bottom the
-- abbreviations ... are HI, LI, VLI, HCH, LCH, KC, HC, LC, EI and C").
tables.TROOP_ROWS = { "HI", "LI", "VLI", "HCH", "LCH", "KC", "HC", "LC", "EI", "C" }

-- Columns that are the same in all three troop data tables: to hit when
-- ordered / disordered, the three integrity columns and the melee dice.
-- integrity: break_below = "<n" (strictly less), recoil = {low, high} of
-- "Recoil Disordered", pass = "n+". melee_dice: `dice` per `per` ("Fig" or
-- "Horse").
local shared_columns = {
  HI  = { to_hit = { ordered = 3, disordered = 5 }, integrity = { break_below = 3, recoil = { 4, 6 }, pass = 7 }, melee_dice = { dice = 1, per = "Fig" } },
  LI  = { to_hit = { ordered = 4, disordered = 5 }, integrity = { break_below = 5, recoil = { 6, 8 }, pass = 9 }, melee_dice = { dice = 1, per = "Fig" } },
  VLI = { to_hit = { ordered = 5, disordered = 5 }, integrity = { break_below = 6, recoil = { 7, 8 }, pass = 9 }, melee_dice = { dice = 1, per = "Fig" } },
  HCH = { to_hit = { ordered = 4, disordered = 6 }, integrity = { break_below = 3, recoil = { 4, 6 }, pass = 7 }, melee_dice = { dice = 1, per = "Horse" } },
  LCH = { to_hit = { ordered = 4, disordered = 6 }, integrity = { break_below = 5, recoil = { 6, 8 }, pass = 9 }, melee_dice = { dice = 1, per = "Horse" } },
  KC  = { to_hit = { ordered = 3, disordered = 6 }, integrity = { break_below = 3, recoil = { 4, 6 }, pass = 7 }, melee_dice = { dice = 1, per = "Fig" } },
  HC  = { to_hit = { ordered = 4, disordered = 6 }, integrity = { break_below = 5, recoil = { 6, 8 }, pass = 9 }, melee_dice = { dice = 1, per = "Fig" } },
  LC  = { to_hit = { ordered = 5, disordered = 6 }, integrity = { break_below = 5, recoil = { 6, 8 }, pass = 9 }, melee_dice = { dice = 1, per = "Fig" } },
  EI  = { to_hit = { ordered = 3, disordered = 6 }, integrity = { break_below = 5, recoil = { 6, 6 }, pass = 7 }, melee_dice = { dice = 4, per = "Fig" } },
  -- Crew: the integrity cells are blank; crew test with the model they ride.
  C   = { to_hit = { ordered = 5, disordered = 5 }, melee_dice = { dice = 1, per = "Fig" } },
}

-- Columns that differ by scale: front (mm), move rate (cm), shoot range (cm).
local scale_columns = {
  ["25mm"] = { -- Table 2
    HI  = { front = 15, move = 10, shoot = false },
    LI  = { front = 20, move = 15, shoot = 15 },
    VLI = { front = 30, move = 20, shoot = 15 },
    HCH = { front = 60, move = 15, shoot = 15 },
    LCH = { front = 60, move = 15, shoot = 10 },
    KC  = { front = 20, move = 10, shoot = false },
    HC  = { front = 20, move = 15, shoot = 10 },
    LC  = { front = 30, move = 15, shoot = 10 },
    EI  = { front = 60, move = 10, shoot = false },
    C   = { shoot = 15 },            -- front and move N/A
  },
  ["15mm"] = { -- Table 2a
    HI  = { front = 10, move = 5, shoot = false },
    LI  = { front = 13, move = 8, shoot = 8 },
    VLI = { front = 20, move = 10, shoot = 8 },
    HCH = { front = 40, move = 8, shoot = 8 },
    LCH = { front = 40, move = 8, shoot = 5 },
    KC  = { front = 13, move = 5, shoot = false },
    HC  = { front = 13, move = 8, shoot = 5 },
    LC  = { front = 20, move = 8, shoot = 5 },
    EI  = { front = 40, move = 5, shoot = false },
    C   = {},                        -- front, move N/A; shoot range blank
  },
  ["6mm"] = { -- Table 2b
    HI  = { front = 5, move = 3, shoot = false },
    LI  = { front = 7, move = 4, shoot = 5 },
    VLI = { front = 10, move = 5, shoot = 5 },
    HCH = { front = 20, move = 4, shoot = 5 },
    LCH = { front = 20, move = 4, shoot = 3 },
    KC  = { front = 7, move = 3, shoot = false },
    HC  = { front = 7, move = 4, shoot = 3 },
    LC  = { front = 10, move = 4, shoot = 3 },
    EI  = { front = 20, move = 3, shoot = false },
    C   = {},
  },
}

tables.troop_shared = shared_columns
tables.troop_by_scale = scale_columns

-- One row of Table 2 / 2a / 2b as printed, all columns merged.
function tables.troop_row(scale, class)
  local by_scale = scale_columns[scale]
  if not by_scale then error("Historicon: unknown scale '" .. tostring(scale) .. "' (25mm, 15mm or 6mm)", 2) end
  local shared, own = shared_columns[class], by_scale[class]
  if not shared then error("Historicon: no row for troop class '" .. tostring(class) .. "' in Table 2", 2) end
  local row = {}
  for k, v in pairs(shared) do row[k] = v end
  for k, v in pairs(own) do row[k] = v end
  return row
end

-- "If using 15mm figures half all measurements quoted and quarter for 6mm."
-- Applies to distances quoted in the text at 25mm (evasion, recoil, pursuit,
-- command distances), not to Tables 2a/2b, which are already at their scale.
tables.scale_factor = { ["25mm"] = 1, ["15mm"] = 0.5, ["6mm"] = 0.25 }

-- Ranges the text quotes only at 25mm, converted the way Tables 2a/2b convert
-- the same 25mm value (10cm -> 5 / 3, as HC; 15cm -> 8 / 5, as LI). 20cm
-- appears in no table row, so it is halved and quartered. (Reading: see docs.)
tables.range_at_scale = {
  [10] = { ["25mm"] = 10, ["15mm"] = 5, ["6mm"] = 3 },
  [15] = { ["25mm"] = 15, ["15mm"] = 8, ["6mm"] = 5 },
  [20] = { ["25mm"] = 20, ["15mm"] = 10, ["6mm"] = 5 },
}

-- "HIB shoot with 1 die per fig to a range of 20cm. HIJB [HIJD] shoot with
-- 1 die per 2 figures to a range of 10cm, a second rank ... 1 die per 4
-- figures at enemy in contact with their front."
tables.hi_shooters = {
  HIB  = { range_25mm = 20, figures_per_die = 1 },
  HIJD = { range_25mm = 10, figures_per_die = 2, second_rank_figures_per_die = 4 },
}

-- "The fully armoured Cataphract type cavalry classed as KC-A have a
-- frontage of 15mm (25mm scale)": HI's frontage; at 15mm and 6mm we take HI's
-- frontage at that scale too.
tables.kc_armoured_front = { ["25mm"] = 15, ["15mm"] = 10, ["6mm"] = 5 }

-- Table 1: terrain per square, one d8, +2 in squares on the table edge.
tables.terrain_edge_bonus = 2
tables.terrain = {
  { low = 1, high = 4, id = "open", text = "No Terrain or Open Area" },
  { low = 5, high = 5, id = "gentle_hill", text = "Gentle Hill", combat_advantage = true },
  { low = 6, high = 6, id = "steep_hill", text = "Steep Hill", disorders_formed = true },
  { low = 7, high = 7, id = "wood", text = "Wood", disorders_formed = true },
  { low = 8, high = 8, id = "built_up", text = "Built up Area", disorders_formed = true },
  { low = 9, high = math.huge, id = "impassable", text = "Impassable Terrain", impassable = true },
}

-- Table 3: shooting, dice added per 4 shooting figures. The armour entry is
-- the optional rule "heavy armour" (-1 die per 4 figs when shooting and in
-- melee); it only ever applies to a target marked armour = true.
tables.shooting_modifiers = {
  { id = "higher_ground", per_4 = 1, rule = "Phase 4, Table 3", text = "on higher ground than the target" },
  { id = "target_mounted", per_4 = 2, rule = "Phase 4, Table 3", text = "the target is mounted" },
  { id = "target_moved_into_contact", per_4 = -1, rule = "Phase 4, Table 3", text = "the target moved into contact" },
  { id = "target_unformed", per_4 = -1, rule = "Phase 4, Table 3", text = "the target is unformed" },
  { id = "target_armoured", per_4 = -1, rule = "Optional rules, heavy armour", text = "the target has heavy armour or barding (A)" },
}

-- Table 4: melee, dice added per 4 fighting figures, in the order printed.
-- rank_depth is per rank deeper than one (see melee.lua for mounted).
tables.melee_modifiers = {
  { id = "hip_vs_mounted", per_4 = 2, rule = "Phase 5, Table 4", text = "HI-P fighting mounted" },
  { id = "formed_flank_or_rear", per_4 = 2, rule = "Phase 5, Table 4", text = "formed, contacted an enemy formed unit to the flank or rear" },
  { id = "liw_vs_hi_first_contact", per_4 = 2, rule = "Phase 5, Table 4", text = "LI-W fighting any HI (at first contact only)" },
  { id = "his_vs_mounted", per_4 = 1, rule = "Phase 5, Table 4", text = "HI-S fighting mounted" },
  { id = "hiw_vs_hi_first_contact", per_4 = 1, rule = "Phase 5, Table 4", text = "HI-W fighting any HI (at first contact only)" },
  { id = "mounted_vs_light_foot", per_4 = 1, rule = "Phase 5, Table 4", text = "mounted fighting LI or VLI" },
  { id = "higher_ground", per_4 = 1, rule = "Phase 5, Table 4", text = "higher on a hill or slope" },
  { id = "supplementary_shooting", per_4 = 1, rule = "Phase 5, Table 4", text = "equipped with supplementary shooting weapons (+ss)" },
  { id = "rank_depth", per_4 = 1, rule = "Phase 5, Table 4", text = "for each rank deeper", per_rank = true },
  { id = "general", per_4 = 1, rule = "Phase 5, Table 4", text = "the General is with the unit" },
  { id = "hib_or_disordered", per_4 = -1, rule = "Phase 5, Table 4", text = "HIB fighting any enemy or if disordered" },
  { id = "enemy_armoured", per_4 = -1, rule = "Optional rules, heavy armour", text = "the enemy has heavy armour or barding (A)" },
}

-- Integrity test (Phase 6): 2D6, modified, against the unit's Table 2 row.
-- repeated_recoil: -2 for every recoil after the first (G), third (A) or
-- fifth (E) -- `free_recoils` by grade.
tables.integrity_dice = { count = 2, sides = 6 }
tables.integrity_modifiers = {
  { id = "repeated_recoil", add = -2, per_recoil = true, free_recoils = { G = 1, A = 3, E = 5 }, rule = "Phase 6, integrity modifiers",
    text = "for every recoil after the first if G class, the third if A class or the fifth if E class" },
  { id = "hits_exceed_figures", add = -1, rule = "Phase 6, integrity modifiers", text = "hits received exceed the number of figures in the unit" },
  { id = "hits_exceed_twice_figures", add = -2, rule = "Phase 6, integrity modifiers", text = "hits received exceed twice the number of figures in the unit" },
  { id = "g_class", add = -3, rule = "Phase 6, integrity modifiers", text = "the testing unit is G class" },
  { id = "hits_exceed_four_times_figures", add = -4, rule = "Phase 6, integrity modifiers", text = "hits received exceed four times the number of the unit's figures" },
  { id = "no_friend_within_30cm", add = -2, rule = "Phase 6, integrity modifiers", text = "no friendly unit within 30cm" },
  { id = "disordered", add = -2, rule = "Phase 6, integrity modifiers", text = "disordered" },
  { id = "general", add = 2, rule = "Phase 6, integrity modifiers", text = "the general is with the unit" },
  { id = "forming_or_unforming", add = 3, rule = "Phase 6, integrity modifiers", text = "testing integrity when forming or un-forming" },
  { id = "e_class", add = 3, rule = "Phase 6, integrity modifiers", text = "the testing unit is E class" },
}

-- The nine triggers of an integrity test, in the order of Phase 6.
tables.integrity_triggers = {
  { id = "rallies", n = 1, text = "each time the unit rallies" },
  { id = "forms_or_unforms", n = 2, text = "every time the unit forms or un-forms" },
  { id = "becomes_disordered", n = 3, text = "if the unit becomes disordered" },
  { id = "recoils", n = 4, text = "every time the unit recoils" },
  { id = "breaks_off", n = 5, text = "every time the unit breaks off" },
  { id = "enemy_moves_into_contact", n = 6, text = "each time an enemy unit moves into contact" },
  { id = "hits_exceed_figures", n = 7, text = "when hits received exceed the number of figures in the unit" },
  { id = "hits_exceed_twice_figures", n = 8, text = "when hits received exceed twice the number of unit's figures" },
  { id = "light_foot_charged_by_ordered_formed_mounted", n = 9, text = "when LI or VLI are charged by ordered formed mounted" },
}

-- Random distances in cm (25mm scale), as dice expressions.
-- Evasion cases (Phases 2 and 3): who made contact decides the distance.
tables.evasion = {
  contacted_by_hi = { foot = "10+1d8", mounted = "10+1d20", compulsory = true, rule = "Phase 2" },
  contacted_by_formed_mounted = { foot = "5+1d10", mounted = "10+1d10", compulsory = true, rule = "Phase 3" },
  contacted_by_formed_light_foot = { foot = "5+1d12", mounted = "10+1d12", compulsory = false, rule = "Phase 3" },
}

tables.moves = {
  -- Phase 6: more hits received than inflicted; also the integrity result
  -- "recoil back disordered".
  recoil = { foot = "5+1d10", mounted = "10+1d10", rule = "Phase 6" },
  -- Phase 6: regular units breaking off from melee.
  break_off = { foot = "5+1d12", mounted = "10+1d12", rule = "Phase 6" },
  -- Phase 6: the immediate move to the rear of troops that break (made twice
  -- before they may try to rally).
  ["break"] = { foot = "3d12", mounted = "2d20", rule = "Phase 6" },
  -- Phase 6: flight after a failed rally: "at the same rate ie. 2d12cm and
  -- 2d20cm" -- the dice as printed (see docs for the conflict with 3d12).
  flight = { foot = "2d12", mounted = "2d20", rule = "Phase 6" },
  -- Phase 6: pursuit of broken troops.
  pursuit = { foot = "7+2d12", mounted = "10+1d20", rule = "Phase 6" },
}

-- Phase 3: "Troops that rally may regain 1D6 hits for every turn spent doing so."
tables.rally_regain = "1d6"

-- Phase 3: rallying needs no enemy mounted or HI within 45cm.
tables.rally_clearance_cm = 45

return tables
