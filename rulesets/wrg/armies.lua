-- WRG Ancients 1973 army lists: the loader that runs an army file, the
-- checker that reports everything wrong with it (UNIT ORGANISATION, SUB-UNITS,
-- ELEPHANT, CHARIOT AND ENGINE ORGANISATION, GENERALS, POINTS VALUES, CHOICE
-- OF ARMY), each problem with its file and line, and the points value.
--
--   local armies = require("wrg.armies")
--   local army, problems = armies.load(path, read_file)
--   problems = problems or armies.check(army)
--
-- An army file is Lua data:
--
--   return army {
--     name = "Early Imperial Roman", period = "25 BC - 197 AD",
--     points_limit = 1000, nation = "Roman",      -- "Indian", "Celtic": size exceptions
--     units = {
--       unit { id = "leg1", name = "Legio II Augusta", type = "HI", class = "C", regular = true,
--              weapons = { "pilum", "javelin" }, figures = 24, ranks = 4 },
--       unit { id = "guard", type = "HC", class = "A", regular = true, weapons = { "spear" },
--              figures = 8, ranks = 2, general = "c_in_c" },
--       unit { id = "chariots", type = "CH", class = "B", regular = false, figures = 6,
--              crew = { "javelin" }, horses = 2 },
--       unit { id = "bolts", type = "ENG", engine = "light_bolt", class = "C", regular = true, figures = 2 },
--     },
--   }
--
-- figures: figures for foot and horse, models for EL, CH, ENG. weapons: see
-- troops.WEAPONS. shield (default true), fanatic, camel, sub_units (number of
-- sub-units, for the command points and the 60-figure limit), general =
-- "c_in_c" | "subordinate" (the General's figure is one of the unit's).

local AL = require("lib.army_list")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
-- hook: creatures of the fantasy module (WRG 1973 Appendix IV) expand into WRG units
local fantasy = require("modules.fantasy.wrg.army")

local M = {}

M.ARMY_KEYS = {
  { key = "name", need = "a non-empty string", required = true },
  { key = "period", need = "a string such as \"25 BC - 197 AD\"" },
  { key = "nation", need = "a string (\"Indian\", \"Celtic\" change the unit size limits)" },
  { key = "units", need = "a list of unit { ... } entries", required = true },
  { key = "points_limit", need = "a positive number (the list may cost at most this)" },
  { key = "notes", need = "a string" },
}

M.UNIT_KEYS = {
  { key = "id", need = "an identifier (letters, digits, _) unique in the army", required = true },
  { key = "name", need = "a non-empty string" },
  { key = "type", need = "a troop type: " .. table.concat(tables.TROOP_TYPES, ", "), required = true },
  { key = "class", need = "a reaction class A, B, C, D or E", required = true },
  { key = "regular", need = "true (regular, drilled) or false (barbarian)", required = true },
  { key = "weapons", need = "a list of weapons such as { \"pilum\", \"javelin\" }" },
  { key = "shield", need = "true or false (default true)" },
  { key = "fanatic", need = "true or false" },
  { key = "camel", need = "true or false (camel riders)" },
  { key = "figures", need = "a whole number of figures (models for EL, CH, ENG)", required = true },
  { key = "ranks", need = "a whole number of ranks" },
  { key = "sub_units", need = "the number of sub-units (whole number)" },
  { key = "general", need = "\"c_in_c\" or \"subordinate\"" },
  { key = "crew", need = "the fighting crew of each model, e.g. { \"javelin\", \"bow\" }" },
  { key = "horses", need = "horses per chariot" },
  { key = "armed_driver", need = "true or false (Indian drivers)" },
  { key = "engine", need = "light_bolt, heavy_bolt, light_stone, stone_30_mina, stone_1_talent or stone_3_talent" },
  { key = "command", need = "the id of the unit of the General whose troops these are (GENERALS)" },
  { key = "allegiance", need = "\"subject\", \"arab_mercenary\" or \"mercenary\" (THE REACTION TEST 2(ix))" },
  { key = "notes", need = "a string" },
}
for _, k in ipairs(fantasy.ARMY_KEYS) do M.ARMY_KEYS[#M.ARMY_KEYS + 1] = k end -- hook: fantasy
for _, k in ipairs(fantasy.UNIT_KEYS) do M.UNIT_KEYS[#M.UNIT_KEYS + 1] = k end -- hook: fantasy

local show, is_record, whole = AL.show, AL.is_record, AL.whole

---------------------------------------------------------------------------
-- Loading: army files use army { ... } and unit { ... } (lib.army_list).

local dsl = AL.dsl("unit", "creature") -- hook: creature { } for the fantasy module

function M.load_text(text, path) return dsl:load_text(text, path) end

function M.load(path, read_file) return dsl:load(path, read_file) end

---------------------------------------------------------------------------
-- POINTS VALUES

local function pick(pair, regular) return pair[regular and 1 or 2] end

-- Cost of one unit (plain fields), without problems: the figures, the
-- extras, the command points, and the General's figure.
function M.unit_points(u)
  if u.creature_points then return u.creature_points end -- hook: fantasy (the appendix's own prices)
  local P = tables.points
  local reg = u.regular == true
  local total = 0
  local class_extra = 0
  if u.class == "A" then class_extra = pick(P.class_A, reg) or 0
  elseif u.class == "B" then class_extra = pick(P.class_B, reg) or 0
  elseif u.class == "E" then class_extra = pick(P.class_E, reg) or 0 end
  local n = u.figures or 0
  if u.type == "ENG" then
    return n * (pick(P.engine[u.engine or "light_bolt"], reg) or 0)
  end
  if u.type == "EL" or u.type == "CH" then
    local crew = #(u.crew or {}) + (u.armed_driver and 1 or 0)
    local each = u.type == "EL" and (P.elephant[2]) or (P.chariot[2] + P.extra_horse[2] * math.max(0, (u.horses or 2) - 2))
    each = each + crew * (P.crewman[2] + class_extra)
    total = n * each + pick(P.command_unit, reg)
  else
    local each = pick(P.figure[u.type], reg)
    if u.fanatic then each = each + (pick(P.fanatic, reg) or 0) end
    if u.shield == false then
      if troops.is_infantry(u) then each = each + P.no_shield_infantry[1]
      elseif u.type ~= "SHC" then each = each + P.no_shield_cavalry[1] end
    end
    local classes = 0
    for _, w in ipairs(u.weapons or {}) do if troops.WEAPONS[w] and w ~= "sword" then classes = classes + 1 end end
    if classes >= 2 then each = each + pick(P.two_weapons, reg) end
    if u.camel then each = each + pick(P.camel, reg) end
    -- "Extra for each horse ... used to mount infantry"
    if u.mounted_infantry then each = each + pick(P.extra_horse, reg) end
    each = each + class_extra
    local paying = n
    if u.general then paying = n - 1 end
    total = paying * each + pick(P.command_unit, reg) + (u.sub_units or 0) * pick(P.command_subunit, reg)
  end
  if u.general == "c_in_c" then total = total + P.c_in_c[1]
  elseif u.general == "subordinate" then total = total + P.subordinate_general[1] end
  return total
end

---------------------------------------------------------------------------
-- Checking

-- (the generic key checks, records and ids come from lib.army_list)
local Check = AL.checker_class()

local KNOWN_TYPE = {}
for _, t in ipairs(tables.TROOP_TYPES) do KNOWN_TYPE[t] = true end

-- The plain unit a record describes (nil when it cannot be read at all).
function Check:unit(rec, army_fields)
  local f = rec.fields
  local what = string.format("unit '%s'", tostring(f.id or "?"))
  local creature -- hook: fantasy
  if f.creature ~= nil then f, creature = fantasy.expand(self, rec, f, army_fields, self.creatures); if not f then return nil end end
  self:keys(rec, f, M.UNIT_KEYS, what)
  if f.id ~= nil and not (type(f.id) == "string" and f.id:match("^[%a_][%w_]*$")) then
    self:add(rec, "%s: 'id' must be an identifier, found %s", what, show(f.id))
  end
  local ok = true
  if f.type ~= nil and not KNOWN_TYPE[f.type] then
    self:add(rec, "%s: unknown troop type %s (expected one of %s)", what, show(f.type), table.concat(tables.TROOP_TYPES, ", "))
    ok = false
  end
  if f.class ~= nil and not (type(f.class) == "string" and f.class:match("^[ABCDE]$")) then
    self:add(rec, "%s: 'class' must be A, B, C, D or E, found %s", what, show(f.class)); ok = false
  end
  if f.regular ~= nil and type(f.regular) ~= "boolean" then
    self:add(rec, "%s: 'regular' must be true or false, found %s", what, show(f.regular)); ok = false
  end
  for _, k in ipairs({ "shield", "fanatic", "camel", "armed_driver" }) do
    if f[k] ~= nil and type(f[k]) ~= "boolean" then self:add(rec, "%s: '%s' must be true or false, found %s", what, k, show(f[k])) end
  end
  if f.figures ~= nil and not whole(f.figures) then
    self:add(rec, "%s: 'figures' must be a whole number of at least 1, found %s", what, show(f.figures)); ok = false
  end
  for _, k in ipairs({ "ranks", "horses" }) do
    if f[k] ~= nil and not whole(f[k]) then self:add(rec, "%s: '%s' must be a whole number, found %s", what, k, show(f[k])) end
  end
  if f.sub_units ~= nil and not whole(f.sub_units, 0) then self:add(rec, "%s: 'sub_units' must be a whole number, found %s", what, show(f.sub_units)) end
  if f.general ~= nil and f.general ~= "c_in_c" and f.general ~= "subordinate" then
    self:add(rec, "%s: 'general' must be \"c_in_c\" or \"subordinate\", found %s", what, show(f.general))
  end
  for _, k in ipairs({ "weapons", "crew" }) do
    local list = f[k]
    if list ~= nil then
      if type(list) ~= "table" then self:add(rec, "%s: '%s' must be a list of weapons, found %s", what, k, show(list))
      else
        for _, w in ipairs(list) do
          if not troops.WEAPONS[w] then
            local names = {}
            for n in pairs(troops.WEAPONS) do names[#names + 1] = n end
            table.sort(names)
            self:add(rec, "%s: unknown weapon %s in %s%s (expected one of %s)", what, show(w), k,
              AL.did_you_mean(w, names), table.concat(names, ", "))
          end
        end
      end
    end
  end
  if f.command ~= nil and type(f.command) ~= "string" then
    self:add(rec, "%s: 'command' must be the id of a General's unit, found %s", what, show(f.command))
  end
  if f.allegiance ~= nil and f.allegiance ~= "subject" and f.allegiance ~= "arab_mercenary" and f.allegiance ~= "mercenary" then
    self:add(rec, "%s: 'allegiance' must be \"subject\", \"arab_mercenary\" or \"mercenary\", found %s", what, show(f.allegiance))
  end
  if f.engine ~= nil and not tables.points.engine[f.engine] then
    self:add(rec, "%s: unknown engine %s", what, show(f.engine)); ok = false
  end
  if not ok or f.type == nil or f.class == nil or f.regular == nil or not whole(f.figures) then return nil end
  local u = {
    id = f.id, name = f.name or f.id, type = f.type, class = f.class, regular = f.regular,
    weapons = type(f.weapons) == "table" and f.weapons or {}, shield = f.shield ~= false, fanatic = f.fanatic == true,
    camel = f.camel == true, figures = f.figures, ranks = f.ranks, sub_units = f.sub_units or 0, general = f.general,
    crew = type(f.crew) == "table" and f.crew or {}, horses = f.horses, armed_driver = f.armed_driver == true,
    engine = f.engine, allegiance = f.allegiance, command = f.command, file = rec.file, line = rec.line,
  }
  if f.shield == nil and (u.type == "SHC" or troops.is_model(u)) then u.shield = true end
  if creature then fantasy.attach(u, creature, rec.fields) end -- hook: fantasy
  -- classes allowed by type
  if u.class == "A" and not u.regular then self:add(rec, "%s: \"A\" class is not allowed for barbarians (POINTS VALUES)", what) end
  if u.class == "E" and u.regular then self:add(rec, "%s: \"E\" class is not allowed for regulars (POINTS VALUES)", what) end
  if u.fanatic and u.regular then self:add(rec, "%s: fanatics must be barbarians (\"Not allowed\" for regulars)", what) end
  if (u.type == "EL" or u.type == "CH") and u.regular then
    self:add(rec, "%s: elephants and chariots are always classed with the barbarians: regular = false", what)
  end
  if f.crew ~= nil and not (u.type == "EL" or u.type == "CH") then self:add(rec, "%s: 'crew' is for elephants and chariots", what) end
  if f.horses ~= nil and u.type ~= "CH" then self:add(rec, "%s: 'horses' is for chariots", what) end
  if u.type == "ENG" and not u.engine then self:add(rec, "%s: an engine needs engine = \"light_bolt\" (or another)", what) end
  if u.type ~= "ENG" and f.engine ~= nil then self:add(rec, "%s: 'engine' is for ENG units", what) end
  if not troops.is_model(u) and #u.weapons == 0 then self:add(rec, "%s: give its weapons, e.g. weapons = { \"spear\" }", what) end
  -- UNIT ORGANISATION and ELEPHANT, CHARIOT AND ENGINE ORGANISATION
  local O = tables.organisation
  local nation = army_fields.nation
  if u.type == "EL" then
    local max = nation == "Indian" and O.elephant_models_max_indian or O.elephant_models_max
    if u.figures > max then self:add(rec, "%s: an elephant unit has at most %d models%s, found %d", what, max, nation == "Indian" and " in an Indian army" or "", u.figures) end
  elseif u.type == "CH" then
    local max = nation == "Celtic" and O.chariot_models_max_celtic or O.chariot_models_max
    if u.figures > max then self:add(rec, "%s: a chariot unit has at most %d models, found %d", what, max, u.figures) end
  elseif u.type ~= "ENG" and not u.single_model then -- hook: fantasy (a creature that "functions as a unit")
    local max = u.sub_units > 0 and O.unit_max_with_subunits or O.unit_max
    if u.figures < O.unit_min then self:add(rec, "%s: a unit must contain at least %d figures, found %d", what, O.unit_min, u.figures) end
    if u.figures > max then
      self:add(rec, "%s: a unit %s has at most %d figures, found %d", what, u.sub_units > 0 and "with sub-units" or "without sub-units", max, u.figures)
    end
    if u.sub_units > 0 and u.sub_units * O.subunit_min > u.figures - O.unit_min then
      self:add(rec, "%s: %d sub-units of at least %d figures leave too few for the command element", what, u.sub_units, O.subunit_min)
    end
  end
  -- GENERALS: his bodyguard "may be of up to 15 "A" or "B" type figures or a
  -- "B" type standard sized chariot or elephant unit".
  if u.general then
    if u.class ~= "A" and u.class ~= "B" then self:add(rec, "%s: a General's bodyguard must be \"A\" or \"B\" type, found %s", what, u.class) end
    if troops.is_model(u) then
      if u.type == "ENG" then self:add(rec, "%s: a General cannot command from an engine", what) end
    elseif u.figures > O.bodyguard_max then
      self:add(rec, "%s: a General's bodyguard has at most %d figures counting his own, found %d", what, O.bodyguard_max, u.figures)
    end
  end
  return u, what
end

function M.check(army)
  assert(is_record(army, "army"), "check(army): army must come from load or load_text")
  local self = AL.new_checker(Check)
  local f = army.fields
  if type(f) ~= "table" then self:add(army, "army { ... } needs a table of fields, found %s", show(f)); return self.problems end
  self:keys(army, f, M.ARMY_KEYS, "army")
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then self:add(army, "army: 'name' must be a non-empty string") end
  if f.points_limit ~= nil and not (type(f.points_limit) == "number" and f.points_limit > 0) then
    self:add(army, "army: 'points_limit' must be a positive number, found %s", show(f.points_limit))
  end
  self.creatures = fantasy.army_creatures(self, f) -- hook: fantasy
  local records = self:records(army, "units", "unit")
  local units = {}
  local c_in_c, subs = {}, {}
  for _, rec in ipairs(records) do
    local u = self:unit(rec, f)
    if u then
      units[#units + 1] = u
      if u.general == "c_in_c" then c_in_c[#c_in_c + 1] = rec end
      if u.general == "subordinate" then subs[#subs + 1] = rec end
    end
  end
  self:unique_ids(records, "unit")
  local total = 0
  for _, u in ipairs(units) do total = total + M.unit_points(u) end
  if #records > 0 then
    if #c_in_c == 0 then self:add(army, "army has no Commander-in-Chief: expected one unit with general = \"c_in_c\"") end
    for n = 2, #c_in_c do
      self:add(c_in_c[n], "more than one Commander-in-Chief: the first is at line %d", c_in_c[1].line)
    end
    local allowed = 0
    for _, g in ipairs(tables.organisation.subordinate_generals) do if total > g.over then allowed = g.count end end
    for n = allowed + 1, #subs do
      self:add(subs[n], "too many subordinate Generals: an army of %d points may have %d (1 over 1,000 points, 2 over 1,500)", total, allowed)
    end
  end
  if type(f.points_limit) == "number" and total > f.points_limit then
    self:add(army, "army costs %d points, more than its points_limit of %d", total, f.points_limit)
  end
  return self:sorted()
end

-- The plain units of a checked army, in list order.
function M.units(army)
  local out = {}
  local c = AL.new_checker(Check)
  c.creatures = fantasy.army_creatures(c, army.fields) -- hook: fantasy
  for _, rec in ipairs(army.fields.units or {}) do
    if is_record(rec, "unit") then
      local u = c:unit(rec, army.fields)
      if u then out[#out + 1] = u end
    end
  end
  return out
end

function M.points(army)
  local total = 0
  for _, u in ipairs(M.units(army)) do total = total + M.unit_points(u) end
  return total
end

-- What `sandtable check` prints beside "ok": points per unit and per troop
-- type, and the total against points_limit (scripts/cli/check.lua).
function M.summary(army)
  local f = army.fields or {}
  local rows, by, order, total = {}, {}, {}, 0
  for _, u in ipairs(M.units(army)) do
    local cost = M.unit_points(u)
    total = total + cost
    rows[#rows + 1] = { name = u.name or u.id,
      detail = string.format("%s%s, %d figures", u.class and (u.class .. " ") or "", tostring(u.type), u.figures or 0),
      value = cost }
    local key = tostring(u.type)
    if not by[key] then by[key] = 0; order[#order + 1] = key end
    by[key] = by[key] + cost
  end
  local cat = { title = "points by troop type", rows = {} }
  for _, k in ipairs(order) do
    cat.rows[#cat.rows + 1] = { name = k, value = by[k], percent = total > 0 and 100 * by[k] / total or 0 }
  end
  local limit = type(f.points_limit) == "number" and f.points_limit or nil
  return { measure = "points", units = rows, groups = { cat }, total = total,
           limit = limit and string.format("points_limit %d", limit) or nil, over = limit ~= nil and total > limit }
end

M.format = AL.format

return M
