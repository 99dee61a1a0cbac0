-- Phalanx troop classes (Troop Types, Army Classes, Integrity Classes,
-- Deployment, Evading, Shooting, Melee, Chariots), checked whole.
local T = require("lib.testing")
local troops = require("phalanx.troops")

local ALL_CODES = { "HIP", "HIS", "HIB", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI",
                    "CAT", "HCC", "HSC", "LSC", "SCH", "CAM", "PEL", "IND", "AFR" }

-- A set from a space-separated list of codes.
local function set(text)
  local s = {}
  for w in text:gmatch("%S+") do s[w] = true end
  return s
end

T.case("Troop Types (p.3): four general classes and their sub-classes", function()
  local expected = {
    FOOT = { "HIP", "HIS", "HIB", "HIN", "HIW", "LIW", "LIS", "LIN", "VLI" },
    MOUNTED = { "CAT", "HCC", "HSC", "LSC" },
    EXPENDABLE = { "SCH" },
    ANIMAL = { "CAM", "PEL", "IND", "AFR" },
  }
  T.eq(troops.general_order, { "FOOT", "MOUNTED", "EXPENDABLE", "ANIMAL" })
  for general, subs in pairs(expected) do
    T.eq(troops.general_classes[general].sub_classes, subs, general)
    for _, code in ipairs(subs) do T.eq(troops.classes[code].general, general, code .. " general class") end
  end
  T.eq(troops.order, ALL_CODES)
  local n = 0
  for code, c in pairs(troops.classes) do n = n + 1; T.eq(c.code, code) end
  T.eq(n, 18, "18 sub-classes")
  T.eq(troops.classes.RSC, nil, "the Royal Shakespeare Company is a joke, not a class")
end)

T.case("Troop Types: every sub-class name", function()
  local names = {
    HIP = "Heavy Infantry Pikes", HIS = "Heavy Infantry Spears", HIB = "Heavy Infantry Bows",
    HIN = "Heavy Infantry", HIW = "Heavy Infantry Warband", LIW = "Light Infantry Warband",
    LIS = "Light Infantry Spears", LIN = "Light Infantry", VLI = "Very Light Infantry",
    CAT = "Cataphracts and Knights", HCC = "Heavy Charging Cavalry", HSC = "Heavy Skirmishing Cavalry",
    LSC = "Light Skirmishing Cavalry", SCH = "Scythed Chariots", CAM = "Camels",
    PEL = "Protected Elephants", IND = "Indian Elephants", AFR = "African Elephants",
  }
  for _, code in ipairs(ALL_CODES) do T.eq(troops.classes[code].name, names[code], code) end
end)

T.case("Army Classes: RA and IF; Integrity Classes I-V in order", function()
  T.eq(troops.army_order, { "RA", "IF" })
  T.eq(troops.army_classes.RA.name, "Regular Army")
  T.eq(troops.army_classes.IF.name, "InFormal")
  T.eq(troops.integrity_classes, { "I", "II", "III", "IV", "V" })
  T.eq(troops.integrity_rank, { I = 1, II = 2, III = 3, IV = 4, V = 5 })
end)

T.case("Table 7 dashes: LIS, LIN, VLI have no Class V; SCH is Class III only", function()
  local expected = {}
  for _, code in ipairs(ALL_CODES) do expected[code] = { "I", "II", "III", "IV", "V" } end
  expected.LIS = { "I", "II", "III", "IV" }
  expected.LIN = { "I", "II", "III", "IV" }
  expected.VLI = { "I", "II", "III", "IV" }
  expected.SCH = { "III" }
  for _, code in ipairs(ALL_CODES) do
    T.eq(troops.classes[code].integrity, expected[code], code)
    for _, i in ipairs(troops.integrity_classes) do
      local allowed = false
      for _, a in ipairs(expected[code]) do if a == i then allowed = true end end
      T.eq(troops.allows_integrity(code, i), allowed, code .. " class " .. i)
    end
  end
end)

T.case("Troop Types: formation of each sub-class (close / loose / open)", function()
  local expected = {
    HIP = { "close" }, HIS = { "close" }, HIB = { "close", "loose" }, HIN = { "close" },
    HIW = { "close" }, LIW = { "loose" }, LIS = { "loose" }, LIN = { "loose" }, VLI = { "open" },
    CAT = { "loose", "close" }, HCC = { "loose" }, HSC = { "loose" }, LSC = { "open" },
    SCH = {}, CAM = { "open" }, PEL = {}, IND = {}, AFR = {},
  }
  for _, code in ipairs(ALL_CODES) do T.eq(troops.classes[code].formation, expected[code], code) end
end)

T.case("Shooting: only HIB (2), LIN, VLI, HSC, CAM, LSC (1) shoot; VLI and LSC all round", function()
  local range = { HIB = 2, LIN = 1, VLI = 1, HSC = 1, CAM = 1, LSC = 1 }
  local all_round = set("VLI LSC")
  for _, code in ipairs(ALL_CODES) do
    T.eq(troops.shooting_range(code), range[code] or 0, code .. " range")
    local s = troops.classes[code].shoots
    if range[code] then
      T.eq(s, { range = range[code], all_round = all_round[code] == true }, code)
    else
      T.eq(s, nil, code .. " cannot shoot")
    end
  end
end)

T.case("Deployment: who may deploy off the MBL, pass half-width gaps, pass through friends", function()
  local off = set("LIS LIN VLI LSC HSC")
  local half = set("LIS LIN VLI LSC")      -- text: LIS, LIN, LSC; the example adds VLI
  for _, code in ipairs(ALL_CODES) do
    T.eq(troops.groups.off_mbl[code] == true, off[code] == true, code .. " off MBL")
    T.eq(troops.groups.half_width_gap[code] == true, half[code] == true, code .. " half gap")
    T.eq(troops.groups.pass_through_friends[code] == true, code == "VLI", code .. " through friends")
  end
end)

T.case("Table 7 groups: HI, LI, EL, MTD (MOUNTED only, not ANIMAL)", function()
  local expected = {
    HI = set("HIP HIS HIB HIN HIW"), LI = set("LIW LIS LIN VLI"), EL = set("PEL IND AFR"),
    MTD = set("CAT HCC HSC LSC"),
  }
  for group, members in pairs(expected) do
    for _, code in ipairs(ALL_CODES) do
      T.eq(troops.is(group, code), members[code] == true, group .. " " .. code)
    end
  end
end)

T.case("Melee: who is halved in flank, whose B becomes RR, who supports whom", function()
  local flank = set("HIP HIS HIN HIW HIB CAT")
  local light = set("LSC LIS LIN LIW VLI")
  local supported = set("HIS HIN HSC")
  for _, code in ipairs(ALL_CODES) do
    T.eq(troops.groups.halved_in_flank[code] == true, flank[code] == true, code .. " flank")
    T.eq(troops.groups.break_becomes_rr[code] == true, light[code] == true, code .. " B->RR")
    for _, behind in ipairs(ALL_CODES) do
      local ok = supported[code] == true and (behind == "LIN" or behind == "VLI")
      T.eq(troops.may_support({ class = behind, army_class = "RA" }, { class = code, army_class = "RA" }),
        ok, behind .. " supporting " .. code)
    end
  end
  T.eq(troops.may_support({ class = "LIN", army_class = "IF" }, { class = "HIS", army_class = "RA" }), false,
    "Linked Vignettes: RA cannot be linked to IF")
  T.eq(troops.may_link({ army_class = "IF" }, { army_class = "IF" }), true)
  T.eq(troops.may_link({ army_class = "IF" }, { army_class = "RA" }), false)
end)

T.case("Evading: LI evade HI, LSC evade anything, HCC/HSC/CAM evade HI", function()
  local hi = set("HIP HIS HIB HIN HIW")
  local evades_hi = set("LIW LIS LIN VLI HCC HSC CAM")
  for _, evader in ipairs(ALL_CODES) do
    for _, charger in ipairs(ALL_CODES) do
      local expected = evader == "LSC" or (evades_hi[evader] == true and hi[charger] == true)
      T.eq(troops.may_evade(evader, charger), expected, evader .. " evading " .. charger)
    end
  end
end)

T.case("Mounted or Animal (Shooting) and the Mounted/Animal column (Results)", function()
  for _, code in ipairs(ALL_CODES) do
    local g = troops.classes[code].general
    T.eq(troops.mounted_or_animal(code), g == "MOUNTED" or g == "ANIMAL", code)
    T.eq(troops.is_foot(code), g == "FOOT", code)
  end
  T.eq(troops.mounted_or_animal("SCH"), false, "SCH is EXPENDABLE")
  T.raises(function() troops.is_foot("RSC") end, "unknown troop class 'RSC'")
end)

T.case("Shooting modifier +1: targets HIP, HIS, HIB, HIW", function()
  local dense = set("HIP HIS HIB HIW")
  for _, code in ipairs(ALL_CODES) do
    T.eq(troops.groups.shooting_target_bonus[code] == true, dense[code] == true, code)
  end
end)

T.case("Chariots: 4HC count as HCC or HSC, 2HC as HSC or LSC", function()
  T.eq(troops.chariots["4HC"].counts_as, { "HCC", "HSC" })
  T.eq(troops.chariots["2HC"].counts_as, { "HSC", "LSC" })
end)

T.case("check_vignette: class, army class and integrity allowed by Table 7", function()
  T.eq(troops.check_vignette({ class = "HIS", integrity = "V", army_class = "RA" }), true)
  local ok, why = troops.check_vignette({ class = "LIS", integrity = "V", army_class = "IF" })
  T.eq(ok, false); T.truthy(why:find("LIS cannot be integrity class 'V'", 1, true), why)
  ok, why = troops.check_vignette({ class = "SCH", integrity = "II", army_class = "RA" })
  T.eq(ok, false); T.truthy(why:find("allowed: III", 1, true), why)
  ok, why = troops.check_vignette({ class = "HIX", integrity = "II", army_class = "RA" })
  T.eq(ok, false); T.truthy(why:find("HIX", 1, true), why)
  ok, why = troops.check_vignette({ class = "HIP", integrity = "II", army_class = "XX" })
  T.eq(ok, false); T.truthy(why:find("RA or IF", 1, true), why)
end)
