-- Into Glory Ride (Alienstar Publishing 2002): the tables and classes that
-- differ from Phalanx, transcribed from the text. Pure data; patch.lua puts
-- it into this instance's copy of the Phalanx modules. Each item names the
-- section it comes from; readings are marked READING and explained in
-- docs/rulesets/into_glory_ride.md.

local data = {}

local ALL = { "I", "II", "III", "IV", "V" }
data.EPOCHS = ALL
data.WEIGHTS = { "light", "medium", "heavy" }

---------------------------------------------------------------------------
-- Troop Types: "The three General Classes are FOOT, MOUNTED and ANIMAL."
data.general_order = { "FOOT", "MOUNTED", "ANIMAL" }
data.removed_general = { "EXPENDABLE" }
-- Sub-classes that Phalanx has and this text does not.
data.removed_classes = { "HIB", "SCH", "CAM", "PEL", "IND", "AFR" }

-- New sub-classes (fields as in phalanx.troops.classes; `shoots` ranges come
-- from data.ranges by epoch, so only all_round is given).
data.classes = {
  HIM = { code = "HIM", name = "Heavy Infantry Missiles", general = "FOOT", integrity = ALL,
          formation = { "close", "loose" }, shoots = { all_round = false }, epochs = true,
          rule = "Troop Types: HIM" },
  ELE = { code = "ELE", name = "Elephants", general = "ANIMAL", integrity = ALL,
          formation = {}, rule = "Troop Types: ELE" },
  -- "Amalgamated ... have a General class of MOUNTED. ... Attached ... have a
  -- General class of FOOT": the ART class is the amalgamated battery; attached
  -- artillery is a field of the foot vignette it is merged with.
  ART = { code = "ART", name = "Artillery (amalgamated)", general = "MOUNTED", integrity = ALL,
          formation = {}, shoots = { all_round = false }, epochs = true, weights = true,
          rule = "Troop Types: ART" },
}
-- The text's order (FOOT, MOUNTED, ANIMAL; ART is listed under ANIMAL in the
-- text but is MOUNTED when amalgamated).
data.order = { "HIP", "HIS", "HIM", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI",
               "CAT", "HCC", "HSC", "LSC", "ELE", "ART" }
data.sub_classes = {
  FOOT = { "HIP", "HIS", "HIM", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI" },
  MOUNTED = { "CAT", "HCC", "HSC", "LSC", "ART" },
  ANIMAL = { "ELE" },
}
-- "The shooting weapons of LIN, VLI, HSC and LSC also are classed according
-- to their epoch."
data.epoch_shooters = { LIN = true, VLI = true, HSC = true, LSC = true }

-- Army Classes: "Regular Army and Irregular Army" (Phalanx: RA and IF).
data.army_classes = {
  RA = { code = "RA", name = "Regular Army", rule = "Army Classes",
         text = "trained and disciplined to obey orders; able to manoeuvre in small bodies" },
  IA = { code = "IA", name = "Irregular Army", rule = "Army Classes",
         text = "tribal or feudal organisation; fight as a group of individuals; difficult to control" },
}
data.army_order = { "RA", "IA" }

-- HIM epochs (Troop Types: HIM); "The periods actually overlap by up to 20 years."
data.epochs = {
  I   = { name = "Epoch I",   examples = "Hand Guns, Arquebus, Wheelock Muskets", from = 1500, to = 1580 },
  II  = { name = "Epoch II",  examples = "Flintlock Muskets, Brown Bess.",        from = 1580, to = 1835 },
  III = { name = "Epoch III", examples = "Percussion Lock, Minie Rifle.",         from = 1835, to = 1855 },
  IV  = { name = "Epoch IV",  examples = "Snider-Enfield, Martini-Henry.",        from = 1855, to = 1885 },
  V   = { name = "Epoch V",   examples = "Lee-Metford, Lee-Enfield.",             from = 1885, to = 1900 },
}

---------------------------------------------------------------------------
-- Movement table. Rows that differ: HIM replaces HIB in "CAT, HIP/S/M/N/W";
-- ELE replaces PEL, IND, AFR. READING: the table has no ART row; an
-- amalgamated battery moves as the heavy foot and CAT row (45, 1, 0.5 cp).
data.movement = {
  HIM = { turn = 45, good = 1, bad = 0.5, combat_penalty = true },
  ELE = { turn = 45, good = 1, bad = 0.5, combat_penalty = false },
  ART = { turn = 45, good = 1, bad = 0.5, combat_penalty = true },
}

---------------------------------------------------------------------------
-- Activation: the added modifier.
data.activation_modifier = { id = "amalgamated_artillery", add = 2,
  text = "the vignette or link is Amalgamated ART", rule = "Activation" }

---------------------------------------------------------------------------
-- Shooting: the range table, in vignette widths. { short } or { short, long }:
-- "The range before the slash is Short range and after the slash is Long".
local function r(short, long) return { short = short, long = long } end
data.ranges = {
  rule = "Shooting, range table",
  amalgamated = {
    light  = { I = r(3), II = r(4), III = r(2, 6),  IV = r(3, 8),  V = r(4, 16) },
    medium = { I = r(4), II = r(6), III = r(2, 8),  IV = r(3, 12), V = r(4, 18) },
    heavy  = { I = r(8), II = r(8), III = r(2, 10), IV = r(3, 16), V = r(4, 24) },
  },
  -- "HIM, Attached ART"
  HIM      = { I = r(1), II = r(1), III = r(2), IV = r(4), V = r(6) },
  attached = { I = r(1), II = r(1), III = r(2), IV = r(4), V = r(6) },
  -- "Other (LIN, VLI, HSC, LSC)"
  other    = { I = r(1), II = r(1), III = r(2), IV = r(4), V = r(6) },
}

-- Shooting conditional modifiers, in the text's order. READING: the lines the
-- text prints as "- 1" / "- 2" lost their minus signs in layout (as in
-- Phalanx): -1, -2, -2, -2.
data.shooting_modifiers = {
  { id = "him_art_at_mounted", add = 2,
    text = "HIM or ART shooting at troops classed as Mounted or Animal" },
  { id = "epoch_v", add = 2, text = "shooting with Epoch V HIM or ART" },
  { id = "dense_target", add = 1, text = "the target is HIP, HIS, HIW or Epoch I or II HIM" },
  { id = "epoch_iii_iv", add = 1, text = "shooting with Epoch III or IV HIM or ART" },
  { id = "light_target", add = 1, text = "the target is LIW, LIS or LIN" },
  { id = "target_moved_into_contact", add = -1,
    text = "the target ended its move in contact with the shooters (an H becomes R)" },
  { id = "long_range", add = -2, text = "the target is at long range" },
  { id = "elusive_target", add = -2, text = "the target is VLI or LSC" },
  { id = "shooter_combat_penalty", add = -2, text = "the shooters have a combat penalty" },
}

-- The shooting results table, die scores 1..7. The text labels the first row
-- "HIB" (left over from Phalanx): READING, it is the row of the classes the
-- modifiers name together, HIM and ART (amalgamated or attached). Its score-3
-- cell is blank (READING "-", as in Phalanx) and its score-7 cell reads "D",
-- which no result defines (READING "B", Phalanx's cell: a typo).
data.shooting_results = {
  ["HIM/ART"] = { "-", "-", "-", "R", "RR", "B", "B" },
  Other       = { "-", "-", "-", "H", "H",  "R", "R" },
}

---------------------------------------------------------------------------
-- Melee, Table 7: base combat factors against FOOT and against MOUNTED (the
-- ANIMAL class counts as Mounted), and the Disadvantage column. "-" is a
-- missing cell. "LIS/N" is LIS and LIN; "MTD" and "ANY" ("Any in contact")
-- are groups (patch.lua).
data.combat_factors = {
  HIP = { { 5, 6, 7, 8, 9 }, { 5, 6, 7, 8, 9 }, { "HIW", "LIW", "CAT" } },
  HIS = { { 4, 5, 6, 7, 9 }, { 4, 5, 6, 7, 8 }, { "HIW", "LIW", "CAT" } },
  HIN = { { 3, 4, 5, 6, 7 }, { 1, 2, 3, 4, 5 }, { "LIW", "CAT" } },
  HIW = { { 2, 3, 4, 5, 6 }, { 2, 2, 3, 3, 4 }, { "LIS", "CAT" } },
  HIM = { { 1, 2, 3, 4, 4 }, { 1, 2, 2, 3, 3 }, { "MTD" } },
  LIW = { { 1, 2, 3, 3, 4 }, { 1, 2, 2, 2, 3 }, { "MTD" } },
  LIS = { { 1, 2, 3, 4, "-" }, { 1, 2, 2, 3, "-" }, { "CAT" } },
  LIN = { { 1, 2, 2, 3, "-" }, { 1, 1, 2, 2, "-" }, { "MTD" } },
  VLI = { { 1, 1, 1, 1, "-" }, { 1, 1, 1, 1, "-" }, { "MTD" } },
  CAT = { { 3, 4, 5, 6, 7 }, { 3, 4, 5, 6, 7 }, { "ELE", "HIW", "LIW" } },
  HCC = { { 2, 3, 4, 5, 6 }, { 2, 3, 4, 5, 6 }, { "ELE" } },
  HSC = { { 1, 2, 3, 4, 5 }, { 1, 2, 3, 4, 5 }, { "CAT", "ELE" } },
  LSC = { { 1, 1, 2, 3, 4 }, { 1, 1, 2, 3, 3 }, { "ELE" } },
  ELE = { { 3, 3, 4, 4, 4 }, { 3, 3, 4, 5, 6 }, { "LIS", "LIN", "VLI", "HIM" } },
  ART = { { 1, 1, 2, 2, 2 }, { 1, 1, 1, 1, 1 }, { "ANY" } },
}

---------------------------------------------------------------------------
-- Basing and organising / Larger Armies: "Just use multiples of 12, so you can
-- have an army of 12, 24 or even 36 vignettes." An attached ART vignette
-- "Counts as two vignettes" (Example Troop Types, footnote).
data.army_sizes = { 12, 24, 36 }
-- READING (Larger Armies): from this size an army is permitted multiple lines.
data.multiple_lines_from = 24

-- Example Troop Types: "(General Class-Integrity Class-Formal/InFormal)",
-- "+AA(E..)" attached artillery of that epoch, "E" the epoch. Transcribed as
-- printed (the Zulus are RA and the Napoleonic line EIII in the text). An
-- army list may name one with `type = "..."` and give the rest itself.
data.example_troop_types = {
  { layout = "(HIP-IV-RA)", example = "Swiss Pike", class = "HIP", integrity = "IV", army = "RA" },
  { layout = "(CAT-IV-IA)", example = "Gendarmes", class = "CAT", integrity = "IV", army = "IA" },
  { layout = "(HIP-III-IA)+AA(EII)", example = "Pike and musket block ECW", class = "HIP",
    integrity = "III", army = "IA", attached_artillery = "II" },
  { layout = "(HIN-V-RA)", example = "The Ii Red Devils", class = "HIN", integrity = "V", army = "RA" },
  { layout = "(HIM-III-RA)EI", example = "Arquebusiers at Sekigahara", class = "HIM", integrity = "III",
    army = "RA", epoch = "I" },
  { layout = "(HIM-III-RA)EIII", example = "French Napoleonic Line Infantry", class = "HIM",
    integrity = "III", army = "RA", epoch = "III" },
  { layout = "(VLI-III-RA)EIII", example = "Voltiguers", class = "VLI", integrity = "III", army = "RA",
    epoch = "III" },
  { layout = "(LSC-IV-IA)", example = "Boers", class = "LSC", integrity = "IV", army = "IA" },
  { layout = "(LSC-IV-IA)", example = "Hussars", class = "LSC", integrity = "IV", army = "IA" },
  { layout = "(HCC-IV-RA)", example = "The Heavy Brigade", class = "HCC", integrity = "IV", army = "RA" },
  { layout = "(HIM-III-RA)EIV", example = "ACW Line", class = "HIM", integrity = "III", army = "RA",
    epoch = "IV" },
  { layout = "(HSC-II-IA)", example = "Confederate Cavalry", class = "HSC", integrity = "II", army = "IA" },
  { layout = "(LIW-V-RA)", example = "Zulus", class = "LIW", integrity = "V", army = "RA" },
  { layout = "(HIM-IV-RA)EV", example = "British Colonials in South Africa", class = "HIM",
    integrity = "IV", army = "RA", epoch = "V" },
  { layout = "(ART-III-RA)EII", example = "Napoleons Grande Battery", class = "ART", integrity = "III",
    army = "RA", epoch = "II" },
}

return data
