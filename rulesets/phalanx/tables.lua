-- Phalanx tables, transcribed whole from the rules text (ASP Games 2004).
-- Every table keeps the text's own numbers; each carries the section/page it
-- comes from. The modifier rows here are the transcription; command.lua,
-- melee.lua and shooting.lua attach the conditions and build the modifier
-- lists that options patch by id.

local tables = {}

---------------------------------------------------------------------------
-- Table 1 (Basing and organising your troops, p.8): vignette frontage in cm.
tables.basing = {
  rule = "Basing and Organising your Troops, Table 1",
  scales = { "25mm", "15-20mm", "6mm" },
  frontage_cm = {
    ["25mm"]    = { 6, 12, 18 },
    ["15-20mm"] = { 4, 8, 12 },
    ["6mm"]     = { 2, 4, 6 },
  },
  standard_option = 2,            -- "OPTION 2 ... is the 'standard' vignette size"
  vignettes_per_army = 12,        -- "Your army is comprised of 12 Vignettes."
  -- "A Vignette represents an average of 2000 HIP, 1500 HIS or 1000 other close
  -- formation troops ..., 750 loose formation troops or 500 open formation
  -- troops. If you are using inherently small armies you can half this number."
  men_per_vignette = { HIP = 2000, HIS = 1500, close = 1000, loose = 750, open = 500 },
}

function tables.frontage_cm(scale, option)
  local row = tables.basing.frontage_cm[scale]
  if not row or not row[option] then
    error(string.format("Phalanx Table 1: no frontage for scale '%s' option %s",
      tostring(scale), tostring(option)), 2)
  end
  return row[option]
end

---------------------------------------------------------------------------
-- "What table shall I use" (end of the rules): table sizes per basing option
-- and scale, tile size and flank sector width.
tables.table_sizes = {
  rule = "What Table Shall I Use",
  sizes = { "4x4", "6x4", "8x4", "8x5" },
  size_cm = { ["4x4"] = { 120, 120 }, ["6x4"] = { 180, 120 },
              ["8x4"] = { 240, 120 }, ["8x5"] = { 240, 150 } },
  -- allowed[scale][option][size]; the text writes "15mm" here for Table 1's 15-20mm.
  allowed = {
    ["25mm"] = {
      { ["4x4"] = true,  ["6x4"] = true,  ["8x4"] = false, ["8x5"] = false },
      { ["4x4"] = false, ["6x4"] = true,  ["8x4"] = true,  ["8x5"] = true },
      { ["4x4"] = false, ["6x4"] = false, ["8x4"] = true,  ["8x5"] = true },
    },
    ["15-20mm"] = {
      { ["4x4"] = true,  ["6x4"] = false, ["8x4"] = false, ["8x5"] = false },
      { ["4x4"] = true,  ["6x4"] = true,  ["8x4"] = false, ["8x5"] = false },
      { ["4x4"] = false, ["6x4"] = true,  ["8x4"] = true,  ["8x5"] = false },
    },
    ["6mm"] = {
      { ["4x4"] = true,  ["6x4"] = false, ["8x4"] = false, ["8x5"] = false },
      { ["4x4"] = true,  ["6x4"] = false, ["8x4"] = false, ["8x5"] = false },
      { ["4x4"] = true,  ["6x4"] = true,  ["8x4"] = false, ["8x5"] = false },
    },
  },
  -- Tile (square) size in inches; 8'x5' may use either.
  tile_inches = { ["4x4"] = { 12 }, ["6x4"] = { 12 }, ["8x4"] = { 16 }, ["8x5"] = { 16, 20 } },
  -- Flank sector depth in cm (also Deployment: 60cm 8', 45cm 6', 30cm 4').
  flank_sector_cm = { ["4x4"] = 30, ["6x4"] = 45, ["8x4"] = 60, ["8x5"] = 60 },
  -- Deployment: "the Rear Zone is 8in deep as measured in from the table edge".
  rear_zone_inches = 8,
}

---------------------------------------------------------------------------
-- Table 2 (The Table, p.9): terrain for each square on a d8, +2 for squares
-- bordering the table edge. "*" gives +1 in combat to whoever is higher up the
-- slope; "**" is Bad Going (Movement) and so a combat penalty for some troops.
tables.terrain = {
  rule = "The Table, Table 2",
  die = 8,
  edge_bonus = 2,
  -- score ranges in the text's order; the last is open-ended ("9+").
  results = {
    { min = 1, max = 4, terrain = "open" },
    { min = 5, max = 5, terrain = "gentle_hill" },
    { min = 6, max = 6, terrain = "steep_hill" },
    { min = 7, max = 7, terrain = "wood" },
    { min = 8, max = 8, terrain = "built_up_area" },
    { min = 9, max = math.huge, terrain = "impassable" },
  },
  types = {
    open = { name = "No Terrain or open Area", bad_going = false, passable = true },
    gentle_hill = { name = "Gentle Hill", mark = "*", bad_going = false, passable = true,
                    uphill_combat_bonus = 1 },
    steep_hill = { name = "Steep Hill", mark = "**", bad_going = true, passable = true },
    wood = { name = "Wood", mark = "**", bad_going = true, passable = true },
    built_up_area = { name = "Built up Area", mark = "**", bad_going = true, passable = true },
    impassable = { name = "Impassable Terrain", bad_going = false, passable = false,
                   examples = { "mountains", "highland", "swamp", "bog", "lake", "sea", "major river" } },
  },
  -- "Terrain pieces cannot be any larger than the square that they are in, nor
  -- smaller than half a square."
  piece_size_of_square = { min = 0.5, max = 1 },
  -- "Movement along roads negates the effect of Bad Going."
  roads_negate_bad_going = true,
}

-- The terrain type for a d8 score, adding the edge bonus for edge squares.
function tables.terrain_for(score, at_table_edge)
  if at_table_edge then score = score + tables.terrain.edge_bonus end
  for _, r in ipairs(tables.terrain.results) do
    if score >= r.min and score <= r.max then return r.terrain end
  end
  error("Phalanx Table 2: no terrain for score " .. tostring(score), 2)
end

-- The Table, p.9: the pre-battle throws (setup procedure: battle engine).
tables.pre_battle = {
  rule = "The Table",
  die = 6,
  winner_may_remove_or_swap = 2,   -- "remove up to two pieces, or swap the positions of two pieces"
  march_margin = 5,                -- "If one player exceeds his opponents score by 5"
  march_deploy_within_cm = 30,     -- "may deploy anywhere within 30cm of his opponent"
  first_turn_die = 6,              -- "the first turn is decided by another die throw"
}

-- Deployment (p.10): gaps in vignette frontages.
tables.deployment = {
  rule = "Deployment",
  max_mbl_gap_frontages = 3,       -- "not ... a gap of greater than the frontage of three vignettes"
  min_passable_gap_frontages = 1,  -- "The narrowest gap that can be passed through is the frontage"
  half_gap_frontages = 0.5,        -- LIS, LIN, (VLI,) LSC: troops.groups.half_width_gap
  min_terrain_spacing_frontages = 1,
}

---------------------------------------------------------------------------
-- Table 3 (Movement, p.11): turn rate in degrees, moves in vignette widths in
-- good and bad going, and whether bad going confers a combat penalty "(cp)".
-- 45-degree turners pivot on a front corner, the rest on the centre.
local function move_row(turn, good, bad, cp)
  return { turn = turn, good = good, bad = bad, combat_penalty = cp,
           pivot = turn == 45 and "front_corner" or "centre" }
end
tables.movement = {
  rule = "Movement, Table 3",
  LSC = move_row(180, 2, 1, true),
  HCC = move_row(90, 1.5, 0.5, true),
  HSC = move_row(90, 1.5, 0.5, true),
  SCH = move_row(90, 1.5, 0.5, true),
  CAM = move_row(90, 1.5, 0.5, true),
  VLI = move_row(180, 1.5, 1.5, false),
  PEL = move_row(45, 1, 0.5, false),
  IND = move_row(45, 1, 0.5, false),
  AFR = move_row(45, 1, 0.5, false),
  LIW = move_row(90, 1, 1, false),
  LIS = move_row(90, 1, 1, false),
  LIN = move_row(90, 1, 1, false),
  CAT = move_row(45, 1, 0.5, true),
  HIP = move_row(45, 1, 0.5, true),
  HIS = move_row(45, 1, 0.5, true),
  HIB = move_row(45, 1, 0.5, true),
  HIN = move_row(45, 1, 0.5, true),
  HIW = move_row(45, 1, 0.5, true),
}

local function movement_row(code)
  local row = tables.movement[code]
  if type(row) ~= "table" or row.turn == nil then
    error("Phalanx Table 3: no movement row for class '" .. tostring(code) .. "'", 3)
  end
  return row
end

-- Move in vignette widths.
function tables.move_allowance(code, in_bad_going)
  local row = movement_row(code)
  return in_bad_going and row.bad or row.good
end

-- Movement: "Turning in bad going halves this." Linked Vignettes: "divide
-- their turn rate ... by the number of vignettes in the link ... HIP linked
-- in this manner may not turn."
function tables.turn_allowance(code, in_bad_going, in_line_link_size)
  local row = movement_row(code)
  local n = in_line_link_size or 1
  if n > 1 and code == "HIP" then return 0 end
  local degrees = row.turn / n
  if in_bad_going then degrees = degrees / 2 end
  return degrees
end

-- Whether this class suffers the combat penalty when in bad going.
function tables.has_combat_penalty(code, in_bad_going)
  return in_bad_going == true and movement_row(code).combat_penalty
end

---------------------------------------------------------------------------
-- Activation (p.13): points to activate one vignette or link, and modifiers.
-- `add` is per occurrence; `per_widths` means "+1 for every 4 vignette widths".
tables.activation = {
  rule = "Activation",
  base = { RA = 1, IF = 2 },
  minimum = 1,                     -- "The minimum number of AP's required is always 1."
  modifiers = {
    { id = "distance_from_general", add = 1, per_widths = 4,
      text = "for every 4 vignette widths distant from the General" },
    { id = "general_out_of_sight", add = 1,
      text = "line of sight is blocked from the General's vignette" },
    { id = "low_integrity_in_link", add = 1,
      text = "any one of the vignettes in a link are Class I or Class II" },
    { id = "crossing_sectors", add = 2,
      text = "the vignette or link is crossing to/from flank/Centre sectors" },
    { id = "regular_high_integrity", add = -1,
      text = "the vignette is Class IV or Class V and RA" },
  },
  -- Detachments (optional rule): "Increase activation points by 1 when
  -- activating a detachment."
  optional_modifiers = {
    { id = "detachment", add = 1, text = "activating a detachment (optional rule)",
      rule = "Detachments" },
  },
}

-- The Game Turn, A) (p.14): the army's AP for the turn are modified by a d6.
tables.activation_die = {
  rule = "The Game Turn, A)",
  die = 6,
  modifier = { [1] = -2, [2] = -1, [3] = 0, [4] = 0, [5] = 1, [6] = 2 },
}

-- Activation (p.13): vignettes not activated throw a d6 for their initiative.
-- Scores below 1 read "Less"; scores of 7 or more read "7+".
tables.initiative = {
  rule = "Activation, initiative table",
  die = 6,
  actions = {
    less = { id = "charge_nearest_any_turns",
             text = "Charge the nearest enemy, taking any amount of turns to do so." },
    [1] = { id = "charge_nearest_ahead_within_3",
            text = "Charge the nearest enemy to the front within 3 and within normal turn allowance otherwise do nothing." },
    [2] = { id = "charge_ahead_or_shoot", text = "Charge enemy that is directly ahead, or shoot." },
    [3] = { id = "retreat_two_turns", text = "Retreat two turns by moving directly to the rear." },
    [4] = { id = "as_right_neighbour", text = "As vignette to right, if none then as left otherwise halt." },
    [5] = { id = "as_left_neighbour", text = "As vignette to left, if none then as right otherwise halt." },
    [6] = { id = "do_nothing", text = "Do nothing." },
    more = { id = "as_player_wishes", text = "As the player wishes." },
  },
  -- "within 3" means 3 frontages of the vignette.
  charge_range_frontages = 3,
  -- READING: every modifier that applies is added, so Class IV IF is -1 -1.
  modifiers = {
    { id = "informal", add = -1, text = "the vignette is IF Class" },
    { id = "informal_class_iv", add = -1, text = "the vignette is Class IV IF" },
    { id = "informal_class_v", add = -2, text = "the vignette is Class V IF" },
    { id = "regular_class_iv", add = 1, text = "the vignette is Class IV RA" },
    { id = "regular_class_v", add = 2, text = "the vignette is Class V RA" },
  },
}

function tables.initiative_action(score)
  local a = tables.initiative.actions
  if score < 1 then return a.less end
  if score > 6 then return a.more end
  return a[score]
end

---------------------------------------------------------------------------
-- Shooting (p.15-16). Ranges live in troops.classes[code].shoots.
-- READING: the garbled "1 If the target ended ..." and "2 If the shooters have
-- a combat penalty" lost their minus signs: they are -1 and -2.
tables.shooting = {
  rule = "Shooting",
  die = 6,
  modifiers = {
    { id = "hib_at_mounted_close", add = 2,
      text = "HIB shooting at Mounted or Animal within 1" },
    { id = "dense_target", add = 1, text = "the target is HIP, HIS, HIB or HIW" },
    { id = "target_moved_into_contact", add = -1,
      text = "the target ended its move in contact with the shooters (an H becomes R)" },
    { id = "shooter_combat_penalty", add = -2, text = "the shooters have a combat penalty" },
  },
  -- The shooting results table, die scores 1..7 (modified scores below 1 read
  -- as 1, above 7 as 7). "-" is no effect. The HIB cell for 3 is blank in the
  -- text (READING: "-", like 1 and 2).
  results = {
    HIB   = { "-", "-", "-", "R", "RR", "B", "B" },
    Other = { "-", "-", "-", "H", "H", "R", "R" },
  },
}

-- Artillery (optional rule): "The vignette can shoot to 1 if attached and to
-- 4 if amalgamated, both use the 'Other' row". Amalgamated artillery is
-- otherwise treated as HIB (its vignette's class is HIB).
tables.artillery = {
  rule = "Artillery (optional rule)",
  attached = { range = 1, row = "Other" },
  amalgamated = { range = 4, row = "Other", class = "HIB" },
}

-- `row` ("HIB" or "Other") overrides the choice by class (artillery).
function tables.shooting_result(shooter_code, score, row_name)
  local row = tables.shooting.results[row_name or (shooter_code == "HIB" and "HIB" or "Other")]
  if score < 1 then score = 1 elseif score > #row then score = #row end
  return row[score]
end

---------------------------------------------------------------------------
-- Table 7 (Melee, p.16): base combat factor by sub-class and integrity, against
-- FOOT or against MOUNTED/ANIMAL, and the classes each counts as a
-- disadvantage ("MTD" and "EL" are troops.groups). A missing cell is "-".
local function cf(foot, mounted, disadvantage)
  local names = { "I", "II", "III", "IV", "V" }
  local row = { foot = {}, mounted = {}, disadvantage = disadvantage }
  for i, name in ipairs(names) do
    if foot[i] ~= "-" then row.foot[name] = foot[i] end
    if mounted[i] ~= "-" then row.mounted[name] = mounted[i] end
  end
  return row
end
tables.combat_factors = {
  rule = "Melee, Table 7",
  HIP = cf({ 5, 6, 7, 8, 9 }, { 5, 6, 7, 8, 9 }, { "HIW", "LIW", "CAT", "SCH" }),
  HIS = cf({ 4, 5, 6, 7, 9 }, { 4, 5, 6, 7, 8 }, { "HIW", "LIW", "CAT", "SCH" }),
  HIN = cf({ 3, 4, 5, 6, 7 }, { 1, 2, 3, 4, 5 }, { "LIW", "CAT", "SCH" }),
  HIW = cf({ 2, 3, 4, 5, 6 }, { 2, 2, 3, 3, 4 }, { "LIS", "CAT", "SCH" }),
  HIB = cf({ 1, 2, 3, 4, 4 }, { 1, 2, 2, 3, 3 }, { "MTD", "SCH" }),
  LIW = cf({ 1, 2, 3, 3, 4 }, { 1, 2, 2, 2, 3 }, { "MTD", "SCH" }),
  LIS = cf({ 1, 2, 3, 4, "-" }, { 1, 2, 2, 3, "-" }, { "CAT", "SCH" }),
  LIN = cf({ 1, 2, 2, 3, "-" }, { 1, 1, 2, 2, "-" }, { "MTD" }),
  VLI = cf({ 1, 1, 1, 1, "-" }, { 1, 1, 1, 1, "-" }, { "MTD" }),
  CAT = cf({ 3, 4, 5, 6, 7 }, { 3, 4, 5, 6, 7 }, { "EL", "HIW", "LIW" }),
  HCC = cf({ 2, 3, 4, 5, 6 }, { 2, 3, 4, 5, 6 }, { "EL" }),
  HSC = cf({ 1, 2, 3, 4, 5 }, { 1, 2, 3, 4, 5 }, { "CAT", "EL" }),
  LSC = cf({ 1, 1, 2, 3, 4 }, { 1, 1, 2, 3, 3 }, { "EL" }),
  CAM = cf({ 1, 2, 3, 4, 5 }, { 3, 3, 4, 4, 5 }, {}),
  SCH = cf({ "-", "-", 5, "-", "-" }, { "-", "-", 4, "-", "-" }, { "LIS", "LIN", "VLI", "HIB" }),
  PEL = cf({ 3, 4, 4, 5, 5 }, { 4, 4, 5, 6, 7 }, { "LIS", "LIN", "VLI", "HIB" }),
  IND = cf({ 3, 3, 4, 4, 4 }, { 3, 3, 4, 5, 6 }, { "LIS", "LIN", "VLI", "HIB" }),
  AFR = cf({ 3, 3, 3, 3, 4 }, { 3, 3, 3, 4, 5 }, { "LIS", "LIN", "VLI", "HIB" }),
}

---------------------------------------------------------------------------
-- Melee conditional modifiers (p.16-17), in the text's order, plus the +1 for
-- being higher up a gentle hill (The Table, p.9). `effect`:
--   "halve"       cf is halved, rounded up (READING: the text only ever says
--                 "round up")
--   "add"         add `add` once
--   "per_overlap" add `add` for each qualifying overlap (one per flank)
--   "per_two_repulses" / "per_repulse": accumulated R/RR, see melee.lua
--   "half_supporter_cf": add half the supporter's base cf, rounded up
tables.melee_modifiers = {
  { id = "combat_penalty", effect = "halve",
    text = "half cf: combat penalty (bad going, Table 3)", rule = "Melee Conditional Modifiers; Movement, Table 3" },
  { id = "flank_or_rear", effect = "halve",
    text = "half cf: HIP/HIS/HIN/HIW/HIB/CAT contacted in flank/rear or front and flank",
    rule = "Melee Conditional Modifiers" },
  { id = "overlapped", effect = "per_overlap", add = -1,
    text = "overlapped by an opposing vignette contiguous to the one in front",
    rule = "Melee Conditional Modifiers" },
  { id = "repulses_regular", effect = "per_two_repulses", add = -1,
    text = "every two R or RR accumulated (RA)", rule = "Melee Conditional Modifiers" },
  { id = "repulses_informal", effect = "per_repulse", add = -1,
    text = "every R accumulated, RR counting two (IF)", rule = "Melee Conditional Modifiers" },
  { id = "disadvantage", effect = "add", add = -2,
    text = "fighting a vignette classed as a disadvantage (Table 7)", rule = "Melee Conditional Modifiers; Table 7" },
  { id = "support", effect = "half_supporter_cf",
    text = "support-linked vignette behind: half its base cf, rounded up", rule = "Melee Conditional Modifiers" },
  { id = "opponent_disadvantaged", effect = "add", add = 2,
    text = "fighting a vignette that counts this one as a disadvantage (Table 7)",
    rule = "Melee Conditional Modifiers; Table 7" },
  { id = "uphill", effect = "add", add = 1,
    text = "higher up a gentle hill slope than the opponent", rule = "The Table, Table 2 (*)" },
}

-- Optional rules that add melee modifiers; an option file adds them by id.
tables.optional_melee_modifiers = {
  { id = "attached_artillery", effect = "add", add = -1,
    text = "vignette with attached artillery (optional rule)", rule = "Artillery" },
  -- READING: "- 1 If in melee with a vignette that is protected by static field
  -- defences": the attacker of the defended vignette gets -1.
  { id = "field_defences", effect = "add", add = -1,
    text = "in melee with a vignette protected by stakes or palisade (optional rule)",
    rule = "Field Defences" },
}

---------------------------------------------------------------------------
-- Table 8 (Results, p.18): the three-part combat results table. Indexed by
-- difference band and die (d6); each cell is { yours, opponent's } for the
-- player who threw, whose difference is his cf minus his opponent's.
-- S = Stand, R = Repulsed, B = Break.
tables.combat_results = {
  rule = "Results, Table 8",
  die = 6,
  bands = {
    { id = "minus_3_or_more", min = -math.huge, max = -3 },
    { id = "minus_1_or_2", min = -2, max = -1 },
    { id = "even", min = 0, max = 0 },
    { id = "plus_1_or_2", min = 1, max = 2 },
    { id = "plus_3_or_more", min = 3, max = math.huge },
  },
  minus_3_or_more = { { "B", "S" }, { "B", "S" }, { "B", "S" }, { "B", "S" }, { "R", "S" }, { "R", "S" } },
  minus_1_or_2    = { { "B", "S" }, { "B", "S" }, { "R", "S" }, { "R", "S" }, { "S", "R" }, { "S", "R" } },
  even            = { { "B", "S" }, { "R", "S" }, { "R", "S" }, { "S", "R" }, { "S", "R" }, { "S", "B" } },
  plus_1_or_2     = { { "R", "S" }, { "R", "S" }, { "S", "R" }, { "S", "R" }, { "S", "B" }, { "S", "B" } },
  plus_3_or_more  = { { "S", "R" }, { "S", "R" }, { "S", "B" }, { "S", "B" }, { "S", "B" }, { "S", "B" } },
}

function tables.combat_band(difference)
  if difference <= -3 then return "minus_3_or_more"
  elseif difference < 0 then return "minus_1_or_2"
  elseif difference == 0 then return "even"
  elseif difference <= 2 then return "plus_1_or_2"
  else return "plus_3_or_more" end
end

-- Results for the thrower and his opponent.
function tables.combat_result(difference, die)
  local cell = tables.combat_results[tables.combat_band(difference)][die]
  if not cell then error("Phalanx Table 8: no row for die " .. tostring(die), 2) end
  return cell[1], cell[2]
end

-- Result codes used throughout (Shooting, Results).
tables.result_codes = {
  ["-"] = "no effect",
  S = "Stand: remains where it is",
  H = "Halt: cannot move during its side's next turn",
  R = "Repulsed: moved back one full turn's move, ending facing the opponents",
  RR = "Repulsed twice: moved back two full turns' moves, ending facing the opponents",
  B = "Break: broken in rout and removed from play",
}

-- Results (Repulsed, RR): a repulse into friends within half of the repulse
-- move becomes a Break. Repulse distance in full moves.
tables.repulse_moves = { R = 1, RR = 2 }
-- "If you or the opponents are IF Class III, IV or V they must follow up a full move"
tables.follow_up = { army_class = "IF", integrity = { III = true, IV = true, V = true }, moves = 1 }

return tables
