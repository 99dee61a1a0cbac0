-- Creatures in WRG 1973 army lists: an army file fields a creature of the
-- pack (modules.fantasy.wrg.pack) or one it declares itself, and the army
-- checker (wrg.armies, by its hook lines) expands it into WRG's own unit
-- fields, reporting each problem at its file and line.
--
--   return army {
--     name = "The Dark Host", allegiance = "chaos",
--     creatures = { creature { id = "wyvern", points = 60, counts_as = {...}, ... } },
--     units = {
--       unit { id = "smaug", creature = "dragon", figures = 1 },     -- figures: models
--       unit { id = "wyv", creature = "wyvern", figures = 1 },
--     },
--   }
local creatures = require("modules.fantasy.creatures")
local H = require("modules.fantasy.host_army")
local allegiance = require("modules.fantasy.allegiance")
local PACK = require("modules.fantasy.wrg.pack")

local A = {}

local function set(list) local s = {} for _, v in ipairs(list) do s[v] = true end return s end

-- What a WRG creature's counts_as may name.
A.VOCABULARY = {
  move = set({ "LI", "LMI", "LHI", "MI", "HI", "LC", "MC", "HC", "EHC", "SHC" }),
  vulnerability = set({ "LI", "LMI", "LHI", "MI", "HI", "LC", "MC", "HC", "EHC", "SHC" }),
  fighting = set({ "kontos", "cav_spear", "cav_bow", "pike", "spear", "pilum", "javelin", "axe", "missile_man" }),
  reaction = set({ "A", "B", "C", "D", "E" }),
  missile = set({ "javelin", "bow", "crossbow", "sling", "staff_sling" }),
  -- the behaviours modules.fantasy.wrg plays (docs/modules/fantasy.md)
  traits = set({ "saint", "moslem_saint", "no_reaction_tests", "walks_on_water", "sanctity", "abashes_enemy",
    "exhorts_own", "martyr_125", "martyr_150", "rash_general", "hero", "magic_sword", "vain", "alone_plus_3",
    "elf", "warped_probability", "chooses_reaction_sign", "disorganised_by_saint", "mythical", "unnatural",
    "forgets_orders", "eats_messenger", "hates_elves", "eats_elephants", "frightens_elephants", "lands_to_charge",
    "turns_to_stone", "breaks_stone", "boulders", "ent", "fanatic", "hostile_huns", "demon", "many_arms",
    "messengers", "petrifying_gaze", "dwarf", "magician", "black_magician" }),
}

-- The melee row's representative weapon (the WRG checker wants weapons).
local ROW_WEAPON = { kontos = "kontos", cav_spear = "spear", cav_bow = "bow", pike = "pike", spear = "spear",
                     pilum = "pilum", javelin = "javelin", axe = "axe", missile_man = "sword" }

-- WRG's own unit fields from a creature: its movement type is its type,
-- its reaction its class; `figures` in the army counts models.
local host = H.new{
  name = "wrg", entry = "unit", pack = PACK, pack_file = "rulesets/modules/fantasy/wrg/pack.lua",
  vocabulary = A.VOCABULARY, filled = { "type", "class", "regular", "weapons" },
  fill = function(out, decl, f)
    local ca = decl.counts_as or {}
    out.type = ca.move
    out.class = ca.reaction
    out.regular = decl.regular == true
    out.weapons = { ROW_WEAPON[ca.fighting] or "sword" }
    if decl.missile and decl.missile ~= out.weapons[1] then out.weapons[#out.weapons + 1] = decl.missile end
    if decl.shield ~= nil then out.shield = decl.shield end
    if creatures.has_trait(decl, "fanatic") then out.fanatic = true end
    if type(f.figures) == "number" then out.figures = f.figures * (decl.figures_per_model or 1) end
  end,
}
A.PACK, A.PACK_PROBLEMS = host.index, host.problems
A.ARMY_KEYS = H.ARMY_KEYS
A.UNIT_KEYS = { H.ENTRY_KEYS[1],
  { key = "blood_brothers", need = "true: a hero not disorganised by the other heroes of his side (Appendix IV, HERO)" } }

-- The army's own declarations, checked: id -> declaration.
function A.army_creatures(checker, army_fields) return host:army_creatures(checker, army_fields) end

-- Fills a unit record's WRG fields from its creature. Returns the fields
-- the WRG checks go on with (a copy) and the declaration, or nil when the
-- creature is unknown.
function A.expand(checker, rec, f, army_fields, own)
  local out, decl = host:expand(checker, rec, f, army_fields, own)
  if not out then return nil end
  -- SAINT: "He will not appear on behalf of any side including creatures
  -- of chaos" (saints of every kind)
  if creatures.has_trait(decl, "saint") and type(army_fields) == "table" and type(army_fields.units) == "table" then
    local fielded = {}
    for _, r in ipairs(army_fields.units) do
      local c = type(r) == "table" and type(r.fields) == "table" and r.fields.creature
      local d = c and ((own and own[c]) or host.index[c])
      if d then fielded[#fielded + 1] = d end
    end
    local bad = allegiance.first_of_chaos(fielded)
    if bad then
      checker:add(rec, "unit '%s': a saint will not appear on behalf of a side including creatures of chaos (%s)",
        tostring(f.id or "?"), bad.name or bad.id)
    end
  end
  if decl.single and f.figures ~= nil and f.figures ~= 1 then
    checker:add(rec, "unit '%s': a %s is a unit of one model (figures = 1), found %s", tostring(f.id or "?"),
      decl.name or decl.id, tostring(f.figures))
  end
  return out, decl
end

-- A battle without `options: [fantasy]` plays a creature as its counts-as
-- terms only: said once on stderr (wrg.battle's hook line), so a scenario
-- that forgot the option does not pass unnoticed.
function A.note_without_option(army, u)
  local ok, loader = pcall(require, "sandtable.loader")
  if not ok then return end
  local _ = u
  loader.note(string.format("%s fields creatures: without `options: [fantasy]` in the scenario they play as their " ..
    "counts-as terms only (docs/fantasy.md)", tostring(army.file or army.fields.name)))
end

-- What the battle keeps on the unit: the creature and its counts-as terms.
-- `fields`: the unit's own fields in the army file (figures: models;
-- blood_brothers).
function A.attach(u, decl, fields)
  local models = type(fields) == "table" and fields.figures or fields
  -- HERO: "unless they are known previously to be blood brothers or the equivalent"
  u.blood_brothers = type(fields) == "table" and fields.blood_brothers == true or nil
  u.creature = decl.id
  u.creature_def = decl
  u.single_model = decl.single == true
  u.models = models
  u.creature_points = (decl.points or 0) * (models or 1)
  local ca = decl.counts_as or {}
  u.vulnerability_as, u.fights_as = ca.vulnerability, ca.fighting
  u.missile_as, u.missile_range, u.missile_figures = decl.missile, decl.missile_range, decl.missile_figures
  u.flies = decl.flies
  u.traits = {}
  for _, t in ipairs(decl.traits or {}) do u.traits[t] = true end
  u.many_arms = u.traits.many_arms or nil
  -- GOBLINS AND ORCS on giant wolves: "their enemy count them as "hostile
  -- huns" for reaction" (the battle's reaction situation reads o.huns)
  u.huns = u.traits.hostile_huns or nil
end

return A
