-- Creatures in Phalanx army lists: the pack (phalanx/pack.lua) and an
-- army's own declarations become Phalanx vignettes by their class,
-- integrity and army class, through the army checker's hook lines
-- (phalanx.armies).
--
--   vignette { id = "smaug", name = "The Dragon", creature = "dragon", part = "left" }
local H = require("modules.fantasy.host_army")

local function set(list) local s = {} for _, v in ipairs(list) do s[v] = true end return s end

local function class_ok(v)
  local troops = require("phalanx.troops")
  if type(v) == "string" and troops.classes[v] then return true end
  local names = {}
  for k in pairs(troops.classes) do names[#names + 1] = k end
  table.sort(names)
  return false, "not a Phalanx troop class (expected one of " .. table.concat(names, ", ") .. ")"
end

local host = H.new{
  name = "phalanx", entry = "vignette",
  pack = require("modules.fantasy.phalanx.pack"),
  pack_file = "rulesets/modules/fantasy/phalanx/pack.lua",
  vocabulary = { counts_as_keys = { "class", "integrity", "army" }, class = class_ok,
                 integrity = set({ "I", "II", "III", "IV", "V" }), army = set({ "RA", "IF" }),
                 -- the traits the option `fantasy` plays in Phalanx (phalanx/battle.lua)
                 traits = set({ "mythical", "unnatural", "lands_to_charge", "turns_to_stone", "breaks_stone", "ent",
                                "demon", "elf", "warped_probability", "disorganised_by_saint", "dwarf", "saint",
                                "sanctity", "magician", "black_magician" }) },
  filled = { "class", "integrity", "army" },
  fill = function(out, decl)
    out.class, out.integrity, out.army = decl.counts_as.class, decl.counts_as.integrity, decl.counts_as.army
  end,
}
host.ARMY_KEYS, host.VIGNETTE_KEYS = H.ARMY_KEYS, H.ENTRY_KEYS
return host
