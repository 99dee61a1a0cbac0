-- Hinds army lists: the loader that runs an army file and the checker that
-- reports everything wrong with it, each problem with its file and line.
--
--   local armies = require("hinds.armies")
--   local army, problems = armies.load(path, read_file)   -- read_file(path) -> text
--   problems = problems or armies.check(army)
--   for _, p in ipairs(problems) do print(armies.format(p)) end
--
-- An army file is Lua data; each unit is one tactical unit (one hexagon):
--
--   return army {
--     name = "Early Imperial Roman", period = "31 BC - AD 193",
--     units = {
--       unit { id = "coh_1", name = "Cohors I", arm = "foot", class = 2,
--              bases = 6, per_base = 4, officers = 1, missile = "pilum" },
--       unit { id = "phalanx", arm = "foot", class = 2, bases = 4, per_base = 8,
--              officers = 1, pole_arms = true, macedonian = true },
--       unit { id = "gaesatae", arm = "foot", class = 3, bases = 6, per_base = 4, gaul = true },
--       unit { id = "sagittarii", arm = "foot", class = 4, bases = 4, per_base = 4,
--              missile = "bow", sole_function = true },
--       unit { id = "cataphracts", arm = "mounted", class = 1, bases = 3, per_base = 3 },
--     },
--   }
--
-- arm: foot | mounted; class: 1..4 (protection by armour, the rules'
-- introduction); missile: bow | oriental_bow | sling | javelin | pilum;
-- formation: normal | column | square | testudo | march (default normal).
-- The loader never raises on a bad list.

local AL = require("lib.army_list")
local tables = require("hinds.tables")
local troops = require("hinds.troops")

local M = {}

M.ARMY_KEYS = {
  { key = "name", need = "a non-empty string", required = true },
  { key = "period", need = "a string such as \"31 BC - AD 193\"" },
  { key = "units", need = "a list of unit { ... } entries", required = true },
  { key = "notes", need = "a string" },
}

M.UNIT_KEYS = {
  { key = "id", need = "an identifier (letters, digits, _) unique in the army", required = true },
  { key = "name", need = "a non-empty string" },
  { key = "arm", need = "\"foot\" or \"mounted\"", required = true },
  { key = "class", need = "the protection class, 1 to 4", required = true },
  { key = "bases", need = "a whole number of bases, at least 1", required = true },
  { key = "per_base", need = "figures on each base, at least 1", required = true },
  { key = "officers", need = "a whole number of officer figures (default 0)" },
  { key = "missile", need = "bow, oriental_bow, sling, javelin or pilum" },
  { key = "pole_arms", need = "true or false (infantry with pole arms)" },
  { key = "macedonian", need = "true or false (Macedonian equipped pikes)" },
  { key = "gaul", need = "true or false (Gauls with their native equipment)" },
  { key = "sole_function", need = "true or false (throwing is the unit's sole function)" },
  { key = "formation", need = "normal, column, square, testudo or march" },
  { key = "notes", need = "a string" },
}

local key_spec, show, is_record, whole, did_you_mean = AL.key_spec, AL.show, AL.is_record, AL.whole, AL.did_you_mean

---------------------------------------------------------------------------
-- Loading: army files use army { ... } and unit { ... } (lib.army_list).

local dsl = AL.dsl("unit")

function M.load_text(text, path) return dsl:load_text(text, path) end

function M.load(path, read_file) return dsl:load(path, read_file) end

---------------------------------------------------------------------------
-- Checking

-- (the generic key checks, records and ids come from lib.army_list)
local Check = AL.checker_class()

-- Checks one unit record; returns the plain unit or nil.
function Check:unit(rec)
  local f = rec.fields
  local what = string.format("unit '%s'", tostring(f.id or "?"))
  self:keys(rec, f, M.UNIT_KEYS, what)
  local ok = true
  if f.id ~= nil and not (type(f.id) == "string" and f.id:match("^[%a_][%w_]*$")) then
    self:add(rec, "%s: 'id' must be %s, found %s", what, key_spec(M.UNIT_KEYS, "id").need, show(f.id))
  end
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then
    self:add(rec, "%s: 'name' must be a non-empty string, found %s", what, show(f.name))
  end
  if f.arm ~= nil and not troops.ARMS[f.arm] then
    self:add(rec, "%s: 'arm' must be \"foot\" or \"mounted\", found %s%s", what, show(f.arm), did_you_mean(f.arm, { "foot", "mounted" }))
    ok = false
  end
  if f.class ~= nil and not (whole(f.class) and f.class <= 4) then
    self:add(rec, "%s: 'class' must be a protection class 1 to 4, found %s", what, show(f.class)); ok = false
  end
  for _, k in ipairs({ "bases", "per_base" }) do
    if f[k] ~= nil and not whole(f[k]) then
      self:add(rec, "%s: '%s' must be a whole number of at least 1, found %s", what, k, show(f[k])); ok = false
    end
  end
  if f.officers ~= nil and not whole(f.officers, 0) then
    self:add(rec, "%s: 'officers' must be a whole number of at least 0, found %s", what, show(f.officers)); ok = false
  end
  for _, k in ipairs({ "pole_arms", "macedonian", "gaul", "sole_function" }) do
    if f[k] ~= nil and type(f[k]) ~= "boolean" then self:add(rec, "%s: '%s' must be true or false, found %s", what, k, show(f[k])) end
  end
  local missile_names = { "bow", "oriental_bow", "sling", "javelin", "pilum" }
  if f.missile ~= nil and not tables.missiles[f.missile] then
    self:add(rec, "%s: 'missile' must be one of %s, found %s%s", what, table.concat(missile_names, ", "), show(f.missile),
      did_you_mean(f.missile, missile_names))
  end
  if f.formation ~= nil and not troops.FORMATIONS[f.formation] then
    self:add(rec, "%s: 'formation' must be one of %s, found %s", what, table.concat(troops.FORMATION_LIST, ", "), show(f.formation))
  end
  if f.arm == "mounted" then
    for _, k in ipairs({ "pole_arms", "macedonian", "gaul" }) do
      if f[k] then self:add(rec, "%s: '%s' is for infantry, not mounted troops", what, k) end
    end
    if f.missile == "pilum" then self:add(rec, "%s: the pilum is thrown by Roman infantry, not mounted troops", what) end
    if f.formation == "square" or f.formation == "testudo" then
      self:add(rec, "%s: a %s is an infantry formation", what, f.formation)
    end
  end
  if f.macedonian and f.pole_arms == false then
    self:add(rec, "%s: Macedonian equipped troops carry pole arms (pikes); drop pole_arms = false", what)
  end
  if f.sole_function and not f.missile then self:add(rec, "%s: sole_function is for troops that throw missiles", what) end
  if not ok or f.arm == nil or f.class == nil or f.bases == nil or f.per_base == nil then return nil end
  local u = {
    id = f.id, name = f.name or f.id, arm = f.arm, class = f.class, bases = f.bases, per_base = f.per_base,
    officers = f.officers or 0, missile = f.missile, pole_arms = f.pole_arms == true or f.macedonian == true,
    macedonian = f.macedonian == true, gaul = f.gaul == true, sole_function = f.sole_function == true,
    formation = f.formation or "normal",
  }
  u.figures = u.bases * u.per_base
  u.type = troops.type_of(u)
  return u
end

function M.check(army)
  assert(is_record(army, "army"), "check(army): army must come from load or load_text")
  local self = AL.new_checker(Check)
  local f = army.fields
  if type(f) ~= "table" then self:add(army, "army { ... } needs a table of fields, found %s", show(f)); return self.problems end
  self:keys(army, f, M.ARMY_KEYS, "army")
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then self:add(army, "army: 'name' must be a non-empty string") end
  local records = self:records(army, "units", "unit")
  for _, rec in ipairs(records) do self:unit(rec) end
  self:unique_ids(records, "unit")
  return self:sorted()
end

-- The plain units of a checked army, in list order. Remembered per army
-- (and its list of unit records): a sim runs hundreds of battles from the
-- same loaded army, and checking every unit again was 2 % of a battle.
-- Callers only read the list (hinds.battle copies each unit into its spec).
local units_of = setmetatable({}, { __mode = "k" })
function M.units(army)
  local list = army.fields.units
  local memo = units_of[army]
  if memo and memo.list == list and memo.n == #(list or {}) then return memo.out end
  local out = M.units_checked(army)
  units_of[army] = { list = list, n = #(list or {}), out = out }
  return out
end

-- The same, checked anew (no memory).
function M.units_checked(army)
  local out = {}
  local c = AL.new_checker(Check)
  for _, rec in ipairs(army.fields.units or {}) do
    if is_record(rec, "unit") then
      local u = c:unit(rec)
      if u then u.file, u.line = rec.file, rec.line; out[#out + 1] = u end
    end
  end
  return out
end

M.format = AL.format

return M
