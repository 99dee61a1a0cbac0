-- Creatures in Historicon army lists: the pack (historicon/pack.lua) and an
-- army's own declarations become Historicon units by their designation,
-- through the army checker's hook lines (historicon.armies).
--
--   unit { id = "smaug", creature = "dragon", figures = 8, ranks = 1 }
local H = require("modules.fantasy.host_army")

local function designation_ok(v)
  if type(v) ~= "string" then return false, "a designation such as \"EIF KC-A\"" end
  local designation = require("historicon.designation")
  local d, err = designation.parse(v)
  if not d then return false, err end
  if not d.grade then return false, "a designation with its grade and army class first, e.g. \"EIF " .. v .. "\"" end
  return true
end

local host = H.new{
  name = "historicon", entry = "unit",
  pack = require("modules.fantasy.historicon.pack"),
  pack_file = "rulesets/modules/fantasy/historicon/pack.lua",
  vocabulary = { counts_as_keys = { "troop" }, troop = designation_ok, traits = {
    -- the traits the option `fantasy` plays in Historicon (historicon/battle.lua)
    mythical = true, unnatural = true, lands_to_charge = true, turns_to_stone = true, breaks_stone = true,
    ent = true, demon = true, elf = true, warped_probability = true, disorganised_by_saint = true, dwarf = true,
    saint = true, sanctity = true, abashes_enemy = true, no_reaction_tests = true, hero = true, vain = true,
    magician = true, black_magician = true } },
  filled = { "troop" },
  fill = function(out, decl) out.troop = decl.counts_as.troop end,
}
host.ARMY_KEYS, host.UNIT_KEYS = H.ARMY_KEYS, H.ENTRY_KEYS
return host
