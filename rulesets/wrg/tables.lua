-- WRG Ancients, 4th edition (August 1973): the tables of the rules as plain
-- data. This file says *what the text says*; the adjudication modules
-- (shooting.lua, melee.lua, reaction.lua) say *when* each entry applies and
-- fail at load time if an entry here has no condition there.
--
-- Amendments: where the text prints an old and a new value side by side
-- ("10mm 15mm", "180 120 paces", "9 5"), the later, amended value stands;
-- ~~struck~~ entries are kept out. Every reading is listed in
-- docs/rulesets/wrg.md. Distances in paces (1 pace = 2.54 mm: "one inch
-- equals ten paces"), base sizes in mm.

local tables = {}

tables.MM_PER_PACE = 2.54
tables.MEN_PER_FIGURE = 20          -- "Each figure represents 20 men"
tables.MEN_PER_MODEL = 8            -- "An elephant, chariot, war engine or wagon model represents 8"
tables.HITS_PER_MODEL = 20          -- "20 hits are needed to disable a model, although it represents 8"
tables.PERIODS = 12                 -- "a game should normally be assumed to be ended by the fall of night after 12 periods"

-- SETTING UP: troop types (protection and mode of fighting).
tables.TROOP_TYPES = { "LC", "LI", "LMI", "LHI", "MC", "MI", "HC", "HI", "EHC", "SHC", "EL", "CH", "ENG" }
tables.troop_names = {
  LC = "Light cavalry", LI = "Light infantry", LMI = "Light-medium infantry", LHI = "Light-heavy infantry",
  MC = "Medium cavalry", MI = "Medium infantry", HC = "Heavy cavalry", HI = "Heavy infantry",
  EHC = "Extra heavy cavalry", SHC = "Super heavy cavalry", EL = "Elephant", CH = "Chariot", ENG = "Engine",
}

-- Reaction classes A-E.
tables.CLASSES = { "A", "B", "C", "D", "E" }

-- BASE SIZES (frontage, depth in mm). Medium and heavy infantry 10mm was
-- amended to 15mm; super heavy cavalry "15 10 20mm": the last value, 20mm.
-- `depth = nil`: "as required" (we use 40mm for models, see setup.lua).
tables.base_sizes = {
  LI = { 30, 30 }, LMI = { 20, 30 }, LHI = { 20, 30 }, MI = { 15, 20 }, HI = { 15, 20 },
  LC = { 30, 40 }, MC = { 20, 40 }, HC = { 20, 40 }, EHC = { 20, 40 }, SHC = { 20, 40 },
  EL = { 40 }, CH = { 40 }, ENG_BOLT = { 40 }, WAGON = { 40 }, PENTHOUSE = { 60 }, ENG_STONE = { 80 }, TOWER = { 80 },
}
tables.chariot_extra_horse_frontage = 10      -- "Extra for each Chariot horse over 2. 10mm."

-- TRANSITION PERIOD: "Bases less than 15mm but at least 12mm count - 1 in
-- shooting & in hand-to-hand combat. Bases less than 12mm count - 2."
function tables.transition_penalty(frontage_mm)
  if frontage_mm < 12 then return -2 end
  if frontage_mm < 15 then return -1 end
  return 0
end

-- UNIT ORGANISATION
tables.organisation = {
  unit_min = 5, unit_max = 50, unit_max_with_subunits = 60,
  subunit_min = 5, subunit_max = 15,
  elephant_models_max = 8, elephant_models_max_indian = 5,
  chariot_models_max = 8, chariot_models_max_celtic = 12,
  bodyguard_max = 15,                 -- "up to 15 A or B type figures"
  supersede_max = 5,                  -- "5 figures or less ... can supersede the command of any unit"
  subordinate_generals = { { over = 1000, count = 1 }, { over = 1500, count = 2 } },
}

-- GENERALS: personality of a subordinate ("1 or 2 ... over-cautious, 3 or 4
-- ... average, 5 or 6 ... rash").
tables.personality = { [1] = "cautious", [2] = "cautious", [3] = "average", [4] = "average", [5] = "rash", [6] = "rash" }

-- POINTS VALUES: { regular, barbarian }; false = "Not allowed."
-- Barbarian heavy troops as amended: HI 9->5, HC 12->8, EHC 15->10, SHC 18->12.
tables.points = {
  figure = {
    LI = { 4, 3 }, LMI = { 4, 3 }, MI = { 4, 3 }, LHI = { 6, 5 }, HI = { 6, 5 },
    LC = { 8, 6 }, MC = { 8, 6 }, HC = { 10, 8 }, EHC = { 12, 10 }, SHC = { 15, 12 },
  },
  fanatic = { false, 1 },
  no_shield_infantry = { -1, -1 },
  no_shield_cavalry = { -2, -2 },
  crewman = { false, 5 },
  two_weapons = { 2, 1 },
  chariot = { false, 10 },
  elephant = { false, 15 },
  extra_horse = { 3, 2 },
  camel = { 5, 1 },
  class_A = { 2, false },
  class_B = { 1, 1 },
  class_E = { false, -1 },
  command_unit = { 10, 25 },
  command_subunit = { 5, 10 },
  c_in_c = { 100, 100 },
  subordinate_general = { 50, 50 },
  engine = {
    light_bolt = { 20, 40 }, heavy_bolt = { 30, 50 }, light_stone = { 30, 50 },
    stone_30_mina = { 40, 60 }, stone_1_talent = { 50, 80 }, stone_3_talent = { 60, 100 },
  },
  engine_crew = { light_bolt = 2, heavy_bolt = 3, light_stone = 3, stone_30_mina = 4, stone_1_talent = 5, stone_3_talent = 6 },
  wagon = { 10, 10 }, mantlet = { 3, 5 }, scaling_ladder = { 5, 5 }, ram = { 10, 10 },
  wheeled_penthouse = { 50, 100 }, wheeled_tower = { 100, 200 }, pontoon = { 10, 20 },
  caltrops_10_paces = { 2, false }, palisade_10_paces = { 2, 3 }, stone_wall_10_paces = { 10, 20 },
  -- TROOPS FORCED MARCHING OR TRANSPORTED BY WATER (per figure or model)
  forced_march_per_period = { mounted = 1, light = 1, light_medium = 1, medium_infantry = 2, heavy_infantry = 3, wagon = 5, engine = 5 },
  by_boat = { infantry = 1, cavalry = 3, camelry = 5, engine = 5, chariot = 5, elephant = 10 },
}

-- TROOPS ENTITLED TO MORE THAN ONE CLASS OF WEAPON (the printed list).
tables.two_weapon_troops = {
  { "Early Imperial legionaries", "Pila and javelins" },
  { "Late Roman and Byzantine infantry", "Long thrusting spear and javelins or darts" },
  { "Byzantine light cavalry", "Kontos and darts" },
  { "Byzantine heavy and extra heavy cavalry", "Kontos, bow and darts." },
  { "Indian infantry", "Two-handed sword and bow or javelins" },
  { "Thracian peltast", "Rhomphaia and javelins" },
  { "Assyrian and Achmaenid Persian infantry", "Short thrusting spear and bow" },
  { "Hellenistic peltast", "Long thrusting spear and javelins" },
  { "Celtic charioteer", "Long thrusting spear and javelins" },
  { "Elephant riders", "Pike or bow and javelins" },
  { "Huns", "Bow and javelins" },
  { "Eastern cavalry", "Kontos or thrusting spear and bow" },
  { "Eastern charioteers", "Bow and javelins" },
}

-- ORDERS: "Order writing should be completed within 5 minutes. If it takes
-- longer, the first player to finish may add 60 paces to each of his first
-- period moves." Signals: barbarians 2, regulars up to 5; reach 250 paces.
tables.orders = { slow_writing_bonus = 60, signals = { regular = 5, barbarian = 2 }, signal_reach = 250 }

-- MOVE DISTANCES: { normal, charge } in paces; charge false = "None".
tables.moves = {
  SHC = { 80, 120 }, SHC_CAMEL = { 80, 120 },
  EHC = { 120, 180 }, HC = { 120, 180 }, MC = { 120, 180 }, CAMEL = { 120, 180 },
  LC = { 160, 240 },
  CH_LIGHT = { 120, 180 },            -- "crews of 2 men or less, or with more horses than men and more than 2"
  CH = { 80, 120 },                   -- "All other horse or ass-drawn chariots"
  EL = { 80, 100 },
  LI = { 80, 100 }, LMI = { 80, 100 }, LHI = { 80, 100 },
  MI = { 60, 80 }, HI = { 60, 80 },
  MOUNTED_INFANTRY = { 120, false },
  ENG_MANHANDLED = { 60, false }, ENG_MULE = { 120, false }, ENG_OXEN = { 20, false },
  WAGON = { 40, false }, TOWER = { 20, false }, SHIP = { 120, false },
}
tables.dismounted_less = 20         -- "20 paces less than equivalent infantry in all respects"

-- CHARGING and other movement numbers.
tables.movement = {
  gallop_within = 150, run_last = 30,
  rally_back = 100,                    -- "straight back for 100 paces, or a normal move, whichever is the lesser"
  push_back = 30,
  mount_time = 0.5,                    -- "Mounting or dismounting takes a 1/2 period"
  picket_behind = 60,                  -- "picketed 60 paces behind the initial position of the fighting line"
  picket_reach = 20,                   -- reading: "this spot" reached within 20 paces of it
  wheel_free_column_mm = 60, wheel_free_diameter = 30,
  turn_time = { regular = 0.25, barbarian_light = 0.25, barbarian_heavy = 0.5 },
  formation_figures_per_quarter = { regular = 4, barbarian = 2 },
  mount_time = 0.5, horse_lines_behind = 60,
  uncontrolled_second_less = 30,
  square_speed = 0.5, square_turn = 0.25,
}

-- DIFFICULT TERRAIN: distance multipliers; false = impractical.
tables.difficult = {
  -- cases 1-6: steep hills, buildings, woods, bog, soft sand, linear obstacles
  ordinary = { infantry = 2, cavalry = 4, vehicle = false },
  elephant_as_cavalry = { buildings = true, linear = true },      -- else as vehicles
  camel_as_infantry = { soft_sand = true },                       -- else as vehicles
  infantry_only = 2,                   -- stairs, inside buildings, marsh, rock slopes, palisades
  slight_hill_mm = 40,
  river = { width = 30, multiplier = 4, twice_width_only = "LC" },
  ford = { free_below = 30, deep = 2 },
  linear_obstacle_width = 20,
}

-- DISORGANISATION AND DISTRACTION 3: "Formation split by a gap at least 10
-- paces wide"; 5: "Troops other than light or light-medium infantry, having
-- had their movement obstructed by difficult terrain during the current
-- period" (light-heavy infantry are not spared: the amendment adding them
-- is to cause 6 only).
tables.disorganisation = {
  split_gap = 10,
  terrain_spared = { LI = true, LMI = true },
}

-- SHOOTING ARCS (half-angles in degrees).
tables.arcs = { all_round = 180, light = 45, other = 22.5 }

-- RANGES (paces). Mounted archers 180 amended to 120.
tables.ranges = {
  hand_hurled = 40, mounted_bow = 120, foot_bow = 240, sling = 120, staff_sling = 240, crossbow = 300, engine = 480,
}
tables.range_changes = { uphill_or_elevated = 20, downhill_or_up_at_rampart = -20, inside_wood = 20 }

-- SHOOTING OVERHEAD: ranks shot over by bows.
tables.overhead_ranks = { cavalry_or_barbarian = 1, regular_infantry = 3 }

-- Target columns of both weapon tables.
tables.TARGETS = { "SHC", "HC", "MC", "LC", "HI", "MI", "LI", "EL", "CH" }

-- SHOOTING WEAPON FACTORS (staff-slings inserted in the second row).
tables.shooting_weapon = {
  crossbow = { SHC = 1, HC = 1, MC = 1, LC = 0, HI = 1, MI = 1, LI = 0, EL = 1, CH = 0 },
  missile  = { SHC = 0, HC = 3, MC = 4, LC = 2, HI = 2, MI = 3, LI = 2, EL = 1, CH = 1 },
}
tables.shooting_weapon_rows = {
  crossbow = "Crossbowmen and engine crews.",
  missile = "Darts, javelins, staff-slings, slings and bows.",
}

-- SHOOTING TACTICAL FACTORS (the struck entries are left out; the overhead
-- penalty is the one the SHOOTING OVERHEAD section names).
tables.shooting_tactical = {
  { id = "partial_cover", add = -1, text = "troops other than stone-throwing engines shooting at enemy in partial cover" },
  { id = "target_moving", add = -1, text = "shooting at troops which are moving at least 60 paces during the period" },
  { id = "beyond_half_range", add = -1, text = "crossbows or foot or mounted archers with any figures shooting at more than half range" },
  { id = "overhead", add = -1, text = "shooting overhead (not down a slope clear of friends, nor from an elephant or rampart)" },
  { id = "shieldless_cav_light_heavy", add = 1, text = "shooting at cavalry or light or heavy infantry unable to use their shields, not with engines" },
  { id = "shieldless_medium", add = 2, text = "shooting at medium infantry unable to use their shields, not with engines" },
  { id = "transition_base", add = "transition", text = "TRANSITION PERIOD: bases under 15mm count -1, under 12mm -2" },
}

-- HAND-TO-HAND WEAPON FACTORS: ranks permitted to fight (regulars), then the
-- target columns.
tables.melee_weapon = {
  kontos       = { ranks = 1,   SHC = 2, HC = 3, MC = 4, LC = 3, HI = 4, MI = 5, LI = 3, EL = 0, CH = 1 },
  cav_spear    = { ranks = 1,   SHC = 0, HC = 2, MC = 5, LC = 4, HI = 3, MI = 4, LI = 5, EL = 1, CH = 2 },
  cav_bow      = { ranks = 1,   SHC = 0, HC = 1, MC = 2, LC = 3, HI = 1, MI = 2, LI = 4, EL = 1, CH = 1 },
  pike         = { ranks = 4,   SHC = 1, HC = 2, MC = 3, LC = 0, HI = 2, MI = 3, LI = 1, EL = 1, CH = 2 },
  spear        = { ranks = 1.5, SHC = 0, HC = 3, MC = 4, LC = 1, HI = 3, MI = 4, LI = 2, EL = 0, CH = 1 },
  pilum        = { ranks = 1.5, SHC = 1, HC = 2, MC = 2, LC = 2, HI = 4, MI = 5, LI = 4, EL = 1, CH = 2 },
  javelin      = { ranks = 1.5, SHC = 0, HC = 1, MC = 1, LC = 3, HI = 3, MI = 4, LI = 5, EL = 1, CH = 2 },
  axe          = { ranks = 1,   SHC = 4, HC = 5, MC = 5, LC = 1, HI = 5, MI = 5, LI = 2, EL = 1, CH = 1 },
  missile_man  = { ranks = 1,   SHC = 0, HC = 1, MC = 1, LC = 1, HI = 1, MI = 2, LI = 3, EL = 1, CH = 2 },
  elephant     = { ranks = 1,   SHC = 2, HC = 2, MC = 3, LC = 1, HI = 3, MI = 4, LI = 2, EL = 1, CH = 3 },
  chariot      = { ranks = 1,   SHC = 3, HC = 4, MC = 5, LC = 3, HI = 4, MI = 5, LI = 2, EL = 0, CH = 4 },
}
tables.melee_weapon_rows = {
  kontos = "Cavalry armed with knightly lance or 12ft. kontos, and with a sword or the equivalent, during the first period of each melee.",
  cav_spear = "Cavalry armed with short spear and/or javelins, and with sword, or with other weapons at other times.",
  cav_bow = "Cavalry armed with bow and sword.",
  pike = "Infantry armed with two-handed 18ft. pike and sword.",
  spear = "Infantry armed with short thrusting spear up to 7ft. long or long thrusting spear up to 12ft long and sword.",
  pilum = "Roman and German medium or heavy infantry armed with pilum or other heavy throwing spear or francisca and with sword.",
  javelin = "Infantry armed with darts or light javelins and with sword.",
  axe = "Infantry armed with two-handed axes, swords or rhomphaia.",
  missile_man = "Slinger, archer, crossbowman or artilleryman armed with short sword or similar.",
  elephant = "Elephant and driver",
  chariot = "Chariot and driver",
}
-- "Add 4 for each crewman using long spear or pike, 2 for javelinman, 1 for
-- archer, or armed driver." (the quick reference sheet prints +1/2 for the
-- long spear or pike; the main text's 4 is kept, see the coverage document)
tables.crew_factor = { pike = 4, long_spear = 4, javelin = 2, bow = 1, driver = 1 }

-- HAND-TO-HAND TACTICAL FACTORS.
tables.melee_tactical = {
  { id = "partial_cover", add = -1, text = "fighting an enemy who is behind partial cover such as a wall or parapet" },
  { id = "facing_pikes", add = -1, text = "troops except pike-armed infantry facing pikes or long spears not disorganised nor pushed back this melee, or elephants or chariots with them" },
  { id = "fanatic_later", add = -1, text = "fanatics during their second and subsequent periods of close combat of the game" },
  { id = "missile_casualties", add = "per_figure", text = "each casualty per figure received from missiles during the current period" },
  { id = "shieldless_cav_light_heavy", add = 1, text = "fighting cavalry or light or heavy infantry who are unable to use shields" },
  { id = "charging", add = 1, text = "own troops are charging, counter-charging or following up" },
  { id = "uphill", add = 1, text = "up slope of their opponents, or moved down a slope to engage them this period" },
  { id = "shieldless_medium", add = 2, text = "fighting medium infantry who are unable to use shields" },
  { id = "shc_flank", add = 2, text = "fighting against the flanks or rear of super heavy cavalry" },
  { id = "fanatic_first", add = 2, text = "fanatics during their first period of close combat during the game" },
  { id = "transition_base", add = "transition", text = "TRANSITION PERIOD: bases under 15mm count -1, under 12mm -2" },
}

-- CASUALTY CALCULATION: rows by total of factors (-5 .. 12), columns by
-- number of own figures (1 .. 20). Transcribed as the main text prints it
-- (row 12, 16 figures: 207).
tables.casualty_rows = {
  [-5] = { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3 },
  [-4] = { 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4 },
  [-3] = { 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6 },
  [-2] = { 0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8 },
  [-1] = { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10 },
  [0]  = { 1, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 9, 9, 10, 10, 11, 12, 12 },
  [1]  = { 1, 2, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 14, 15, 16 },
  [2]  = { 1, 3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24, 26 },
  [3]  = { 2, 3, 5, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 22, 24, 25, 27, 29, 30, 32 },
  [4]  = { 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40 },
  [5]  = { 3, 5, 8, 10, 13, 15, 18, 20, 23, 25, 28, 30, 33, 35, 38, 40, 43, 45, 48, 50 },
  [6]  = { 3, 6, 9, 13, 16, 19, 22, 25, 28, 32, 35, 38, 41, 45, 48, 51, 54, 57, 60, 64 },
  [7]  = { 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80 },
  [8]  = { 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100 },
  [9]  = { 6, 13, 19, 25, 32, 38, 44, 50, 57, 63, 69, 76, 82, 88, 95, 101, 108, 114, 120, 126 },
  [10] = { 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160 },
  [11] = { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200 },
  [12] = { 13, 25, 38, 50, 63, 76, 88, 101, 114, 126, 139, 151, 164, 176, 189, 207, 214, 227, 240, 252 },
}
tables.CASUALTY_MIN, tables.CASUALTY_MAX = -5, 12

-- Men killed by `figures` figures at a total of factors `total`:
-- "If number of figures involved exceeds 20, read chart in multiples of 10+
-- remainder, i.e. 32 figures at factor of 3 is 3 x 16 + 3 = 51. If the Total
-- of Factors is 13 or more, each figure fighting scores 3 extra casualties
-- for every factor over 12." Below -5 (the table's last row) none.
function tables.casualties(total, figures)
  if figures <= 0 then return 0 end
  if total < tables.CASUALTY_MIN then return 0 end
  local extra = 0
  if total > tables.CASUALTY_MAX then
    extra = 3 * (total - tables.CASUALTY_MAX) * figures
    total = tables.CASUALTY_MAX
  end
  local row = tables.casualty_rows[total]
  if figures <= 20 then return row[figures] + extra end
  local tens, rest = figures // 10, figures % 10
  return tens * row[10] + (rest > 0 and row[rest] or 0) + extra
end

-- RANDOM FACTOR dice.
tables.AVERAGE_DIE = { 2, 3, 3, 4, 4, 5 }
tables.NORMAL_DIE = { 1, 2, 3, 4, 5, 6 }

-- AFTER HAND-TO-HAND FIGHTING: "A" types break on the 5th push-back ...
tables.push_back_break = { A = 5, B = 4, C = 3, D = 2, E = 1 }

-- ROUT AND PURSUIT (paces).
tables.rout = {
  first_less = 20, further_less = 20,        -- broken troops: charge speed -20, -20 more each period
  turn_cost = 30, gap_width = 20, gap_within = 50,
}
tables.pursuit = { first_less = 30, further_less = 30, turn_cost = 20 }

-- TROOPS LEAVING THE FIELD: return on 3 or 4, at once on 4, within three periods.
tables.leaving = { periods = 3, immediate = 4, delayed = 3 }

-- WINNERS AND LOSERS: "If one side now has 10% of its original points more
-- than its opponent, it has won."
tables.victory_margin = 0.10

-- THE REACTION TEST ------------------------------------------------------

tables.reaction_radius = 150          -- "within 150 paces"
tables.fresh_enemy_figures = 50       -- 2(vii) "a fresh enemy force of at least 50 figures"
tables.fresh_enemy_after = 5          -- "at least 5 periods after the start of the battle"
tables.cover_radius = 100             -- "friendly / unfriendly cover within 100 paces"
tables.secure_flank_cover = 10        -- secure flank: "friendly cover within 10 paces of the flank"
tables.max_charge_move = 240          -- the longest charge move (light cavalry): no charge reach is longer
tables.reaction_cover = 100

-- Reaction factors (the cumulative tables). `add` is the amount per count;
-- `per = true`: multiplied by a count, `cap` its limit; `choice = true`:
-- "Addition or subtraction, according to players choice".
tables.reaction_factors = {
  -- Addition of ONE
  { id = "friendly_units", add = 1, per = true, cap = 4, text = "each friendly unit up to a total of 4 within 150 paces and in sight" },
  { id = "other_friends_in_sight", add = 1, text = "any other friendly troops in sight" },
  { id = "friends_advancing", add = 1, text = "any friends advancing within 150 paces" },
  { id = "friends_charging", add = 1, text = "any friends charging within 150 paces" },
  { id = "support_to_rear", add = 1, text = "support to rear" },
  { id = "enemy_retiring", add = 1, text = "any enemy retiring within 150 paces" },
  { id = "enemy_flank_presented", add = 1, text = "any enemy unit within 150 paces presenting flank or rear" },
  { id = "uphill_of_enemy", add = 1, text = "uphill from any enemy within 150 paces" },
  { id = "friendly_cover", add = 1, text = "friendly cover within 100 paces" },
  -- Deduction of ONE
  { id = "enemy_units", add = -1, per = true, cap = 4, text = "each enemy unit up to a total of 4 within 150 paces and facing" },
  { id = "other_enemy_in_sight", add = -1, text = "any other enemy in sight" },
  { id = "enemy_cavalry", add = -1, text = "any enemy cavalry within 150 paces" },
  { id = "enemy_advancing", add = -1, text = "any enemy advancing within 150 paces" },
  { id = "shot_by_half", add = -1, text = "being shot at by at least half own numbers" },
  { id = "shot_by_engines", add = -1, text = "being shot at by engines and not having moved 40 paces during the period" },
  { id = "enemy_behind_flank", add = -1, text = "any enemy partly behind flank and within its charge reach" },
  { id = "enemy_in_rear", add = -1, text = "any enemy partly in rear and in its charge reach" },
  { id = "enemy_uphill", add = -1, text = "any enemy uphill within 150 paces" },
  { id = "friends_retiring", add = -1, text = "any friends retiring within 150 paces" },
  { id = "disorganised", add = -1, text = "if disorganised" },
  { id = "fifths_lost", add = -1, per = true, text = "each 1/5 of original strength lost or separated" },
  { id = "retiring", add = -1, text = "own unit retiring" },
  { id = "bows", add = -1, text = "own troops armed with bows or crossbows" },
  { id = "no_shields", add = -1, text = "own troops do not carry shields" },
  { id = "fanatics_charge", add = -1, text = "charging or charged by, fanatics" },
  { id = "huns", add = -1, text = "hostile Huns within 150 paces" },
  -- Addition of TWO
  { id = "fanatics_in_reach", add = 2, text = "fanatics within charge reach of an enemy but not yet in contact" },
  { id = "enemy_routing", add = 2, per = true, text = "each enemy unit routing within 150 paces" },
  -- Deduction of TWO
  { id = "friends_routing", add = -2, per = true, text = "each friendly unit routing within 150 paces" },
  { id = "unfriendly_cover", add = -2, text = "unfriendly cover within 100 paces" },
  { id = "elephants_chariots", add = -2, text = "enemy elephants or chariots within 150 paces" },
  { id = "fire", add = -2, text = "animals within 100 paces of, or attacked with, fire" },
  { id = "surprised", add = -2, text = "surprised by enemy emerging or shooting from cover within 100 paces" },
  { id = "horses_scared", add = -2, text = "horsed troops disorganised by elephants or camels" },
  { id = "subunit_beyond", add = -2, text = "sub-unit beyond sight or normal move of its main body" },
  { id = "fresh_enemy", add = -2, text = "at least 50 fresh enemy seen to arrive after 5 game periods" },
  { id = "general_lost", add = -2, text = "general killed, wounded, captured or routed off field during game, within 250 paces or as a result of a challenge" },
  { id = "routed", add = -2, text = "testers are in rout, or have been earlier in the game" },
  { id = "e_in_rout", add = -2, text = "testers are \"E\" types in rout" },
  { id = "army_test", add = -2, text = "army reaction test" },
  { id = "li_vs_heavier", add = -2, text = "L.I. testing to charge or be charged by heavier or mounted troops" },
  -- Addition or subtraction, according to players choice
  { id = "general_with_unit", add = 3, choice = true, text = "general with testing unit, providing that both are not routing together" },
  { id = "general_near", add = 1, choice = true, text = "general within 150 paces of troops under his direct command or controlled through a subordinate general, provided he is not retiring or routing" },
  { id = "cover_square_defences", add = 2, choice = true, text = "troops behind cover, forming hollow square or behind field defences" },
  { id = "secure_flanks", add = 1, per = true, cap = 2, choice = true, text = "each secure flank" },
}

-- REACTION EFFECT CHARTS. Each row: the top score of each class (A..E) for
-- that result; the first row reads "this score or less", the last "this
-- score or more" (the printed bottom row).
tables.reaction_charts = {
  [1] = {
    title = "Unit still subject to current order",
    rows = {
      { result = "break", A = -2, B = -1, C = 1, D = 2, E = 3 },
      { result = "retire", A = 2, B = 2, C = 3, D = 4, E = 5 },
      { result = "halt", A = 3, B = 4, C = 5, D = 6, E = 8 },
      { result = "carry_on", A = 13, B = 13, C = 13, D = 12, E = 12 },
      { result = "act_as_c_in_c", A = 16, B = 15, C = 15, D = 13, E = 13 },
      { result = "uncontrolled_advance" },
    },
    printed_last = { A = 17, B = 16, C = 16, D = 14, E = 14 },
  },
  [2] = {
    title = "Unit no longer in possession of current order, or order completely carried out and not replaced",
    rows = {
      { result = "break", A = -2, B = -1, C = 1, D = 2, E = 3 },
      { result = "halt_or_retire", A = 3, B = 4, C = 5, D = 6, E = 8 },
      { result = "move_to_friends", A = 7, B = 8, C = 9, D = 10, E = 11 },
      { result = "move_to_enemy", A = 12, B = 12, C = 13, D = 13, E = 13 },
      { result = "act_as_c_in_c", A = 15, B = 15, C = 15, D = 14, E = 14 },
      { result = "uncontrolled_advance" },
    },
    printed_last = { A = 16, B = 16, C = 16, D = 15, E = 15 },
  },
}

-- What each result means, and its rank (1 worst .. 6 best): "better than
-- Halt" is a rank of 4 or more on either chart.
tables.reaction_results = {
  ["break"] = { rank = 1, periods = 3, text = "BREAK AND RUN, IF UNDER FIRE OR BEING CHARGED - OTHERWISE RETREAT (BACKS TO ENEMY) FOR 3 PERIODS" },
  retire = { rank = 2, periods = 2, text = "RETIRE - DISORGANISED, BUT WILL FACE ATTACK - 2 PERIODS" },
  halt = { rank = 3, periods = 2, text = "HALT - 2 PERIODS" },
  carry_on = { rank = 4, periods = 0, text = "CARRY ON WITH CURRENT ORDER OR TAKE ANY PERMITTED OPTIONAL ACTION" },
  act_as_c_in_c = { rank = 5, periods = 0, text = "ACT AS C in C WOULD WISH - WRITE NEW ORDER AND IMPLEMENT AT ONCE" },
  uncontrolled_advance = { rank = 6, periods = 2, text = "UNCONTROLLED ADVANCE IN ATTEMPT TO CONTACT (2 PERIODS) AND CONSIDER CURRENT ORDER CANCELLED" },
  halt_or_retire = { rank = 2, periods = 2, text = "IF PURSUING HALT - DISORGANISED - 1 PERIOD; IF ALREADY HALTED - RETIRE FOR 2 PERIODS" },
  move_to_friends = { rank = 3, periods = 2, text = "MOVE TOWARDS NEAREST FRIENDLY TROOPS BUT AWAY FROM ENEMY - OR MOVE TOWARDS NEAREST COVER OR HILL IN REAR - 2 PERIODS" },
  move_to_enemy = { rank = 4, periods = 2, text = "MOVE TOWARDS NEAREST ENEMY - 2 PERIODS" },
}

-- OPTIONAL RULES FOR WEATHER AND TIME OF DAY: the weather module's tables
-- (rulesets/modules/weather/init.lua) and its WRG adapter (wrg.lua).

return tables
