-- Phalanx troop classes, transcribed from "TROOP TYPES", "ARMY CLASSES",
-- "INTEGRITY CLASSES", "DEPLOYMENT", "SHOOTING", "EVADING", "MELEE" and
-- "CHARIOTS" (ASP Games 2004). Pure data plus a few pure predicates.
--
-- Groups (troops.groups.*) are sets keyed by class code so that rules can ask
-- "is this HI?" with one index; where order matters iterate troops.order.
-- Choices where the text is silent are marked READING and explained in
-- docs/rulesets/phalanx.md.

local troops = {}

-- Page 3: "There are four general classifications each with sub-classes".
troops.general_classes = {
  FOOT = { code = "FOOT", name = "Foot", rule = "Troop Types (p.3)",
           sub_classes = { "HIP", "HIS", "HIB", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI" } },
  MOUNTED = { code = "MOUNTED", name = "Mounted", rule = "Troop Types (p.3)",
              sub_classes = { "CAT", "HCC", "HSC", "LSC" } },
  EXPENDABLE = { code = "EXPENDABLE", name = "Expendable", rule = "Troop Types (p.3)",
                 sub_classes = { "SCH" } },
  ANIMAL = { code = "ANIMAL", name = "Animal", rule = "Troop Types (p.3)",
             sub_classes = { "CAM", "PEL", "IND", "AFR" } },
}
troops.general_order = { "FOOT", "MOUNTED", "EXPENDABLE", "ANIMAL" }

troops.army_classes = {
  RA = { code = "RA", name = "Regular Army", rule = "Army Classes",
         text = "trained and disciplined to obey orders; able to manoeuvre in small bodies" },
  IF = { code = "IF", name = "InFormal", rule = "Army Classes",
         text = "tribal or feudal organisation; fight as a group of individuals; difficult to control" },
}
troops.army_order = { "RA", "IF" }

-- Lowest to highest. Integrity Classes: "There are five integrity classes".
troops.integrity_classes = { "I", "II", "III", "IV", "V" }
troops.integrity_rank = { I = 1, II = 2, III = 3, IV = 4, V = 5 }

local ALL = { "I", "II", "III", "IV", "V" }
-- Table 7 (p.16) has "-" for Class V LIS, LIN and VLI: no such troops exist.
local NO_V = { "I", "II", "III", "IV" }

-- The sub-classes, in the order of the text. Fields:
--   general     general class (troops.general_classes)
--   integrity   integrity classes this sub-class may have (Table 7 dashes)
--   formation   formations the text gives it ("close", "loose", "open");
--               empty where the text names none (READING, see docs)
--   shoots      { range = vignette widths, all_round = bool } or nil (Shooting)
troops.classes = {
  HIP = { code = "HIP", name = "Heavy Infantry Pikes", general = "FOOT", integrity = ALL,
          formation = { "close" }, rule = "Troop Types: HIP" },
  HIS = { code = "HIS", name = "Heavy Infantry Spears", general = "FOOT", integrity = ALL,
          formation = { "close" }, rule = "Troop Types: HIS" },
  HIB = { code = "HIB", name = "Heavy Infantry Bows", general = "FOOT", integrity = ALL,
          formation = { "close", "loose" }, shoots = { range = 2, all_round = false },
          rule = "Troop Types: HIB" },
  -- READING: the text gives HIN no formation; as a heavy infantry close-combat
  -- class it is taken as close (the vignette-size paragraph counts "other close
  -- formation troops" beside HIP and HIS).
  HIN = { code = "HIN", name = "Heavy Infantry", general = "FOOT", integrity = ALL,
          formation = { "close" }, rule = "Troop Types: HIN" },
  HIW = { code = "HIW", name = "Heavy Infantry Warband", general = "FOOT", integrity = ALL,
          formation = { "close" }, rule = "Troop Types: HIW" },
  LIW = { code = "LIW", name = "Light Infantry Warband", general = "FOOT", integrity = ALL,
          formation = { "loose" }, rule = "Troop Types: LIW" },
  LIS = { code = "LIS", name = "Light Infantry Spears", general = "FOOT", integrity = NO_V,
          formation = { "loose" }, rule = "Troop Types: LIS" },
  LIN = { code = "LIN", name = "Light Infantry", general = "FOOT", integrity = NO_V,
          formation = { "loose" }, shoots = { range = 1, all_round = false },
          rule = "Troop Types: LIN" },
  VLI = { code = "VLI", name = "Very Light Infantry", general = "FOOT", integrity = NO_V,
          formation = { "open" }, shoots = { range = 1, all_round = true },
          rule = "Troop Types: VLI" },
  CAT = { code = "CAT", name = "Cataphracts and Knights", general = "MOUNTED", integrity = ALL,
          formation = { "loose", "close" }, rule = "Troop Types: CAT" },
  HCC = { code = "HCC", name = "Heavy Charging Cavalry", general = "MOUNTED", integrity = ALL,
          formation = { "loose" }, rule = "Troop Types: HCC" },
  HSC = { code = "HSC", name = "Heavy Skirmishing Cavalry", general = "MOUNTED", integrity = ALL,
          formation = { "loose" }, shoots = { range = 1, all_round = false },
          rule = "Troop Types: HSC" },
  LSC = { code = "LSC", name = "Light Skirmishing Cavalry", general = "MOUNTED", integrity = ALL,
          formation = { "open" }, shoots = { range = 1, all_round = true },
          rule = "Troop Types: LSC" },
  -- Table 7 gives SCH a factor for Class III only.
  SCH = { code = "SCH", name = "Scythed Chariots", general = "EXPENDABLE", integrity = { "III" },
          formation = {}, rule = "Troop Types: SCH" },
  -- "treated as the camel equivalent of LSC": open like LSC (READING).
  CAM = { code = "CAM", name = "Camels", general = "ANIMAL", integrity = ALL,
          formation = { "open" }, shoots = { range = 1, all_round = false },
          rule = "Troop Types: CAM" },
  PEL = { code = "PEL", name = "Protected Elephants", general = "ANIMAL", integrity = ALL,
          formation = {}, rule = "Troop Types: PEL" },
  IND = { code = "IND", name = "Indian Elephants", general = "ANIMAL", integrity = ALL,
          formation = {}, rule = "Troop Types: IND" },
  AFR = { code = "AFR", name = "African Elephants", general = "ANIMAL", integrity = ALL,
          formation = {}, rule = "Troop Types: AFR" },
}
-- The text's order: every iteration over classes uses this list.
troops.order = { "HIP", "HIS", "HIB", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI",
                 "CAT", "HCC", "HSC", "LSC", "SCH", "CAM", "PEL", "IND", "AFR" }

-- "RSC: Royal Shakespeare Company. Loose formation thespians" is the authors'
-- joke: it has no factors, move or anything else, so it is not a class here.

-- Sets of class codes the rules name together.
troops.groups = {
  -- Evading: "HI refers to all HI classes", "LI refers to all LI classes".
  HI = { HIP = true, HIS = true, HIB = true, HIN = true, HIW = true },
  LI = { LIW = true, LIS = true, LIN = true, VLI = true },
  -- Table 7 "EL": the three elephant classes.
  EL = { PEL = true, IND = true, AFR = true },
  -- Table 7 "MTD": the MOUNTED general class only (READING: not ANIMAL, else a
  -- LIN/VLI/HIB against elephants would cancel the elephants' own disadvantage).
  MTD = { CAT = true, HCC = true, HSC = true, LSC = true },
  -- Deployment: "LIS, LIN, VLI, LSC and HSC ... in front of, to the side of,
  -- or behind the MBL".
  off_mbl = { LIS = true, LIN = true, VLI = true, LSC = true, HSC = true },
  -- Deployment: "LIS, LIN and LSC can pass through a gap of half this"; the
  -- worked example there adds VLI.
  half_width_gap = { LIS = true, LIN = true, VLI = true, LSC = true },
  -- Deployment: "VLI can move through any troops belonging to their side."
  pass_through_friends = { VLI = true },
  -- Melee modifiers: "Half a vignette's cf if HIP, HIS, HIN, HIW, HIB or CAT is
  -- contacted by an opponent in flank/rear or front and flank".
  halved_in_flank = { HIP = true, HIS = true, HIN = true, HIW = true, HIB = true, CAT = true },
  -- Results, Break: "LSC, LIS, LIN, LIW and VLI getting this result when
  -- fighting any HI or any elephants convert this in to an RR".
  break_becomes_rr = { LSC = true, LIS = true, LIN = true, LIW = true, VLI = true },
  -- Melee: "Only HIS, HIN and HSC may be supported, and only by LIN and VLI."
  may_be_supported = { HIS = true, HIN = true, HSC = true },
  supporters = { LIN = true, VLI = true },
  -- Shooting modifiers: "+1 If the target is HIP, HIS, HIB or HIW".
  shooting_target_bonus = { HIP = true, HIS = true, HIB = true, HIW = true },
}

-- Evading: "LI may evade HI, LSC may evade any vignette, HCC, HSC, CAM may
-- evade HI." Value: the group evaded, or "any".
troops.evades = { LIW = "HI", LIS = "HI", LIN = "HI", VLI = "HI",
                  LSC = "any", HCC = "HI", HSC = "HI", CAM = "HI" }

-- Chariots: "Three and four horse chariots (4HC) are counted as HCC or HSC
-- depending on their real life role. Two horse chariots (2HC) are counted as
-- HSC or LSC". The army list chooses which.
troops.chariots = {
  ["4HC"] = { name = "Three and four horse chariots", counts_as = { "HCC", "HSC" }, rule = "Chariots" },
  ["2HC"] = { name = "Two horse chariots", counts_as = { "HSC", "LSC" }, rule = "Chariots" },
}

local function class_of(code)
  local c = troops.classes[code]
  if not c then error("Phalanx: unknown troop class '" .. tostring(code) .. "'", 3) end
  return c
end

function troops.is(group, code) return troops.groups[group][code] == true end

-- Results: "the ANIMAL General Class is counted as Mounted" for the base cf.
-- READING: SCH (EXPENDABLE, horse-drawn) also uses the Mounted/Animal column.
function troops.is_foot(code) return class_of(code).general == "FOOT" end

-- Shooting modifiers and results: "classed as Mounted or Animal".
function troops.mounted_or_animal(code)
  local g = class_of(code).general
  return g == "MOUNTED" or g == "ANIMAL"
end

function troops.allows_integrity(code, integrity)
  for _, i in ipairs(class_of(code).integrity) do
    if i == integrity then return true end
  end
  return false
end

-- Shooting range in vignette widths, 0 when the class cannot shoot.
function troops.shooting_range(code)
  local s = class_of(code).shoots
  return s and s.range or 0
end

function troops.may_evade(evader_code, charger_code)
  local what = troops.evades[evader_code]
  if what == nil then return false end
  if what == "any" then return true end
  return troops.groups[what][charger_code] == true
end

-- Linked Vignettes: "RA troops cannot be linked to IF troops."
function troops.may_link(a, b) return a.army_class == b.army_class end

-- Support link in melee: supporter behind supported, both the same army class.
function troops.may_support(supporter, supported)
  return troops.groups.supporters[supporter.class] == true
     and troops.groups.may_be_supported[supported.class] == true
     and troops.may_link(supporter, supported)
end

-- Checks a vignette table { class, integrity, army_class }; returns true or
-- false and the reason, for army-list checkers.
function troops.check_vignette(v)
  local c = troops.classes[v.class]
  if not c then return false, "unknown troop class '" .. tostring(v.class) .. "'" end
  if not troops.army_classes[v.army_class] then
    return false, "unknown army class '" .. tostring(v.army_class) .. "' (RA or IF)"
  end
  if not troops.allows_integrity(v.class, v.integrity) then
    return false, string.format("%s cannot be integrity class '%s' (allowed: %s)",
      v.class, tostring(v.integrity), table.concat(c.integrity, ", "))
  end
  return true
end

return troops
