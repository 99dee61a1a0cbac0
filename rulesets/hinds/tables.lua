-- Every table and number of James Hinds' Ancient Wargame Rules (1970),
-- transcribed whole, with the section each comes from. Distances are in the
-- text's "distance units" (read as inches; a hexagon is six across).
--
-- Patch cells in place from a house rule, e.g.
--   rules.require("hinds.tables").movement.heavy_infantry.move = 4

local T = {}

-- Troop types of §2 and §4, in the order the text lists them.
T.TYPES = { "heavy_infantry", "medium_infantry", "light_infantry", "heavy_cavalry", "light_cavalry" }

T.TYPE_NAMES = {
  heavy_infantry = "Heavy Infantry", medium_infantry = "Medium Infantry", light_infantry = "Light Infantry",
  heavy_cavalry = "Heavy Cavalry", light_cavalry = "Light Cavalry",
}

-- Introduction: protection classes by armour; §2: which classes make which
-- type. "Heavy Infantry (1st class) ... Medium Infantry (2d & 3d class) ...
-- Light Infantry (4th class) ... Heavy Cavalry (1st & 2d class) ... Light
-- Cavalry (3d & 4th class)".
T.type_of_class = {
  foot = { "heavy_infantry", "medium_infantry", "medium_infantry", "light_infantry" },
  mounted = { "heavy_cavalry", "heavy_cavalry", "light_cavalry", "light_cavalry" },
}

-- The labels drawn on the bases in a replay: short enough to fit the
-- 120 mm base on a board drawn to scale (the replay cuts longer labels).
T.TYPE_LABELS = {
  heavy_infantry = "Heavy Inf", medium_infantry = "Medium Inf", light_infantry = "Light Inf",
  heavy_cavalry = "Heavy Cav", light_cavalry = "Light Cav",
}

T.CLASS_NAMES = {
  "1st class: completely protected, shields, helmets, fully covered by mail",
  "2nd class: helmet, cuirass, shield and sometimes greaves",
  "3rd class: helmets and shields, or helmets and mail shirts",
  "4th class: helmets and sometimes small targets",
}

-- §2 MOVEMENT: basic movement factors, charge moves, and the table of the
-- allowance after a 90 degree turn and for a retreat (move to the rear).
T.movement = {
  heavy_infantry = { move = 3, charge = 4, turn90 = 2, retreat = 1.5 },
  medium_infantry = { move = 4, charge = 5, turn90 = 3, retreat = 2 },
  light_infantry = { move = 6, charge = 7, turn90 = 4, retreat = 3 },
  heavy_cavalry = { move = 7, charge = 9, turn90 = 4, retreat = 3 },
  light_cavalry = { move = 8, charge = 10, turn90 = 5, retreat = 4 },
}

-- §2: "may use no more than one charge in three moves" (heavy cavalry, and
-- "the same limitations apply to heavy infantry charges"); "All others must
-- wait one turn before attacking fresh enemy troops".
T.charge_interval = {
  heavy_infantry = 3, heavy_cavalry = 3, medium_infantry = 2, light_infantry = 2, light_cavalry = 2,
}
T.heavy_cavalry_charge_angle = 45     -- degrees from its original facing, at most

T.move_rules = {
  road_bonus = 1,                 -- "When moving by road columns all arms add a unit to their move"
  rough_loss = { light = 0, medium = 1, heavy = 1 },   -- up hill, woods, marsh
  ford_delay_moves = 1,           -- "ford or swim it with a delay of one move"
  missile_fraction = 3 / 4,       -- "Archers and slingers move only 3/4 ... when throwing missles"
  minimum = 1,                    -- "In no case ... less than one full distance unit a turn"
  testudo = 1,                    -- "movement is reduced to one unit per turn"
  shields_thrown = 6,             -- flight "by throwing away their shields and pikes"
}

-- Weight of a type for terrain (§2 "light troops ... medium troops ...
-- heavy troops"): cavalry by its class too.
T.weight = {
  heavy_infantry = "heavy", medium_infantry = "medium", light_infantry = "light",
  heavy_cavalry = "heavy", light_cavalry = "light",
}

-- §3 MISSLE THROWS: ranges.
T.ranges = {
  long = 20,                -- "Long range is 20 units"
  long_mounted = 18,        -- "(18 for mounted archers)"
  short = 6,                -- "short range 6 units"
  pilum = 5,                -- "Roman Pilum Throws (at 5 units and under)"
  indirect = 18,            -- "restricted to ranges of less than 18 distance units"
  indirect_clear = 2,       -- "no closer than two distance units from contact with friendly units"
}
T.short_only_casts = 3      -- "allowed to cast three times in a battle unless ..."
-- "... 2) they are withdrawn behind friendly forces for a resupply": the
-- text gives no time; read as one whole turn behind a friend (see
-- docs/rulesets/hinds.md), after which the three casts are renewed.
T.resupply_turns = 1
-- §4 "The victor has the option to occupy the space on which the vanquished
-- stood": a reading of how long the victor waits for that space to be left
-- (a beaten unit turns about, then flees): two turns after the decision.
T.occupy_wait = 2

-- Missile results: a list of cells per target class; each cell is a die
-- face that hits, with `confirm` = the faces of the confirming die (nil:
-- none needed) and `dismount` = the face dismounts a rider instead of
-- killing. Keyed [table][class].
--
-- "Long Range   hit  confirm
--  Against 1st class  6  5/6
--  Against 2nd class  6  5/6
--  Against 3d class   6  4/5 or 6
--  Against 4th class  6  none needed"
T.long_range = {
  { { face = 6, confirm = { 5, 6 } } },
  { { face = 6, confirm = { 5, 6 } } },
  { { face = 6, confirm = { 4, 5, 6 } } },
  { { face = 6 } },
}

-- "Heavy Archers Casts (with the oriental bow)
--    Against 1st class: 4 dismounts, 5 or 6
--    Against 2d class: 4 (confirm 6), 5, 6
--    Against 3d class: 4 (confirm 5/6), 5,6
--    Against 4th class: 4,5,6"
T.heavy_archers = {
  { { face = 4, dismount = true }, { face = 5 }, { face = 6 } },
  { { face = 4, confirm = { 6 } }, { face = 5 }, { face = 6 } },
  { { face = 4, confirm = { 5, 6 } }, { face = 5 }, { face = 6 } },
  { { face = 4 }, { face = 5 }, { face = 6 } },
}

-- "Roman Pilum Throws (at 5 units and under)  Against all troops: 4, 5 or 6"
T.pilum = {
  { { face = 4 }, { face = 5 }, { face = 6 } },
  { { face = 4 }, { face = 5 }, { face = 6 } },
  { { face = 4 }, { face = 5 }, { face = 6 } },
  { { face = 4 }, { face = 5 }, { face = 6 } },
}

-- "Other Missile Casts  Against 1st class: 5,6  2d: 5,6  3d: 5,6  4th: 4,5,6"
T.other_missiles = {
  { { face = 5 }, { face = 6 } },
  { { face = 5 }, { face = 6 } },
  { { face = 5 }, { face = 6 } },
  { { face = 4 }, { face = 5 }, { face = 6 } },
}

-- Indirect casts: "Against troops of the first class only a 6 confirmed by a
-- 6 counts, against all others a 5 or 6 confirms the hit."
T.indirect_confirm = { { 6 }, { 5, 6 }, { 5, 6 }, { 5, 6 } }
T.indirect_first_class_face = 6

-- Testudo: "proof against all missles at long range, and only the pilum or
-- oriental bow will penetrate it at short distance, and then at 6 only."
T.testudo_face = 6

-- Missile weapons: who has a long range cast and which short table applies.
T.missiles = {
  bow = { long = true, short = "other_missiles", name = "bow" },
  oriental_bow = { long = true, short = "heavy_archers", name = "oriental bow (heavy archers)" },
  sling = { long = true, short = "other_missiles", name = "sling" },
  javelin = { long = false, short = "other_missiles", name = "javelin" },
  pilum = { long = false, short = "pilum", name = "pilum" },
}

-- §4 THE MELEE: the point value of a figure.
--   "Heavy Infantry : 2 points, officers 3
--    Medium Infantry: 2 points, officers 3
--    Light Infantry : 1 point, officers 3
--    Slingers, L. Archers : 1/2 point, officers 3
--    Heavy Cavalry : 5 or 3.5
--    Light Cavalry: 3"
T.points = {
  heavy_infantry = { figure = 2, officer = 3 },
  medium_infantry = { figure = 2, officer = 3 },
  light_infantry = { figure = 1, officer = 3 },
  light_missile = { figure = 0.5, officer = 3 },       -- slingers, light archers
  heavy_cavalry = { figure = 5, figure_2nd_class = 3.5, officer = 5, officer_2nd_class = 3.5 },
  light_cavalry = { figure = 3, officer = 3 },
}

-- §4 adjustments to the point strength.
T.adjust = {
  pole_arms = 3,          -- per base, frontal, close order, level ground or standing
  macedonian = 4,         -- "(4 if Macedonian equipped)"
  flank = 3,              -- per base, "attacking the flanks of an enemy line"
  rear = 4,               -- per base, "those attacking the rear"
  impetus = 1,            -- per tactical unit, "Infantry charging"
  obstacle = 1,           -- per unit, "defending small obstacles"
  pursuer_fraction = 3 / 4,   -- "Pursuing troops engaged by fresh forces fight at 3/4"
}

T.melee = {
  dice = 2,               -- "Each player throws 2 dice"
  rounds = 3,             -- "lasts three moves or less"
  losses_to_retreat = 2,  -- "the side which lost two or more times must retreat"
  light_missile_loss = 1, -- unsupported light archers and slingers "loose one man"
}

-- §4 RETREAT & PURSUIT.
T.retreat = {
  leave_below = 1 / 2,    -- "less than 1/2 of their strength remaining must leave the field"
  rally = { 4, 2, 1 },    -- the score needed on the 1st, 2nd, later turns (1 = automatic)
  pursuit_moves = 2,      -- "must stop and regroup after two pursuit moves" (not light cavalry)
  prevent_rally = 1 / 2,  -- pursuers "equal half its strength in order to prevent a rally"
  cast_strength = 1 / 2,  -- §3: a base casts with "one half or more of its original strength"
}

-- Terrain kinds a scenario may put on a hex, with what §2 says of them.
T.terrain = {
  clear = { rough = false },
  road = { rough = false, road = true },
  -- "moving up hill": rough only for a step to higher ground (a hill
  -- piece has a height, 1 unless the scenario says); its top is level
  -- ground for two units at the same height (see docs/rulesets/hinds.md)
  hill = { rough = "uphill", level = false, hill = true },
  gentle_slope = { rough = false, level = true },  -- "level or gently sloping ground"
  wood = { rough = true, level = false },
  marsh = { rough = true, level = false },
  swamp = { rough = true, level = false, no_heavy = true },        -- "heavy ... do not go into swamps"
  dense_forest = { rough = true, level = false, no_heavy = true, no_pike = true },
  stream = { stream = true, level = false },
  ford = { level = true },                         -- bridges and fords: no delay
  obstacle = { obstacle = true, level = false },   -- walls, fences, hedges
  impassable = { impassable = true },
}

return T
