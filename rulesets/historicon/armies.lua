-- Historicon army lists: the loader that runs an army file and the checker
-- that reports everything wrong with it (sizes, classes, composition,
-- points), each problem with its file and line.
--
--   local armies = require("historicon.armies")
--   local army, problems = armies.load(path, read_file)   -- read_file(path) -> text
--   problems = problems or armies.check(army)
--   for _, p in ipairs(problems) do print(armies.format(p)) end
--
-- An army file is Lua data, units in figures:
--
--   return army {
--     name = "Spartan Greek", period = "550 BC - 371 BC",
--     points_limit = 200,          -- optional: the list must not cost more
--     fantasy = false,             -- true: checked against the fantasy limits
--     units = {
--       unit { id = "spartiates", name = "Spartiates", troop = "ERA HIS",
--              figures = 24, ranks = 4, general = true },
--       unit { id = "psiloi", troop = "GIF VLI", figures = 16, ranks = 2, formed = false },
--       unit { id = "chariots", troop = "AIF LCH", figures = 4, ranks = 1, horses = 2, crew = 2 },
--       -- optional rule light_in_ra_hi: RA LI or VLI inside an RA HI unit
--       unit { id = "legio", troop = "ARA HIN+ss", figures = 32, ranks = 4,
--              light = { troop = "ARA LI", figures = 6 } },
--       -- optional rule vli_ranks: one rank of VLI behind an HI or HC unit
--       unit { id = "archers", troop = "AIF VLI", figures = 8, rear_rank_of = "hoplites" },
--     },
--   }
--
-- `troop` is a designation as the text writes them ("ARA HIN+ss", "ERA HI-PA",
-- "AIF KC-A", "GIF LI-W"): grade, army class, troop class / sub-class and
-- postfixes. For HCH, LCH and EI `figures` counts models. The loader never
-- raises on a bad list: every problem comes back as { file, line, message }
-- in file order.

local AL = require("lib.army_list")
local troops = require("historicon.troops")
local designation = require("historicon.designation")
local organisation = require("historicon.organisation")
local points = require("historicon.points")
-- hook: creatures of the fantasy module (rulesets/modules/fantasy/historicon) become units
local fantasy = require("modules.fantasy.historicon.army")

local M = {}

M.ARMY_KEYS = {
  { key = "name", need = "a non-empty string", required = true },
  { key = "period", need = "a string such as \"550 BC - 371 BC\"" },
  { key = "units", need = "a list of unit { ... } entries", required = true },
  { key = "points_limit", need = "a positive number (the list may cost at most this)" },
  { key = "fantasy", need = "true or false (check the fantasy army composition)" },
  { key = "notes", need = "a string" },
}

M.UNIT_KEYS = {
  { key = "id", need = "an identifier (letters, digits, _) unique in the army", required = true },
  { key = "name", need = "a non-empty string" },
  { key = "troop", need = "a designation such as \"ARA HIN+ss\" or \"GIF LI\"", required = true },
  { key = "figures", need = "a whole number of figures (models for HCH, LCH, EI)", required = true },
  { key = "ranks", need = "a whole number of ranks when formed" },
  { key = "formed", need = "true or false (deployed formed; default true)" },
  { key = "general", need = "true or false" },
  { key = "horses", need = "horses per chariot model" },
  { key = "crew", need = "crew figures per chariot or elephant model" },
  { key = "light", need = "{ troop = \"ARA LI\", figures = n }: light troops inside an RA HI unit" },
  { key = "rear_rank_of", need = "the id of the HI or HC unit this VLI rank stands behind" },
  { key = "notes", need = "a string" },
}

for _, k in ipairs(fantasy.ARMY_KEYS) do M.ARMY_KEYS[#M.ARMY_KEYS + 1] = k end -- hook: fantasy
for _, k in ipairs(fantasy.UNIT_KEYS) do M.UNIT_KEYS[#M.UNIT_KEYS + 1] = k end -- hook: fantasy

local key_spec, show, is_record, did_you_mean = AL.key_spec, AL.show, AL.is_record, AL.did_you_mean

---------------------------------------------------------------------------
-- Loading: army files use army { ... } and unit { ... } (lib.army_list).

local dsl = AL.dsl("unit", "creature") -- hook: creature { } for the fantasy module

function M.load_text(text, path) return dsl:load_text(text, path) end

function M.load(path, read_file)
  local text, problems = AL.read(path, read_file)
  if not text then return nil, problems end
  return M.load_text(text, path)
end

---------------------------------------------------------------------------
-- Checking (the generic key checks come from lib.army_list)

local Check = AL.checker_class()

local whole = AL.whole

-- The plain unit (troops.lua keys) a unit record describes, or nil.
function Check:unit_fields(rec)
  local f = rec.fields
  local what = string.format("unit '%s'", tostring(f.id or "?"))
  if f.creature ~= nil then -- hook: fantasy
    f = fantasy:expand(self, rec, f, self.army_fields, self.creatures); if not f then return nil end
  end
  self:keys(rec, f, M.UNIT_KEYS, what)
  if f.id ~= nil and not (type(f.id) == "string" and f.id:match("^[%a_][%w_]*$")) then
    self:add(rec, "%s: 'id' must be %s, found %s", what, key_spec(M.UNIT_KEYS, "id").need, show(f.id))
  end
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then
    self:add(rec, "%s: 'name' must be a non-empty string, found %s", what, show(f.name))
  end
  for _, k in ipairs({ "formed", "general" }) do
    if f[k] ~= nil and type(f[k]) ~= "boolean" then self:add(rec, "%s: '%s' must be true or false, found %s", what, k, show(f[k])) end
  end
  if f.figures ~= nil and not whole(f.figures) then
    self:add(rec, "%s: 'figures' must be a whole number of at least 1, found %s", what, show(f.figures))
  end
  if f.ranks ~= nil and not whole(f.ranks) then
    self:add(rec, "%s: 'ranks' must be a whole number of at least 1, found %s", what, show(f.ranks))
  end
  for _, k in ipairs({ "horses", "crew" }) do
    if f[k] ~= nil and not whole(f[k]) then self:add(rec, "%s: '%s' must be a whole number, found %s", what, k, show(f[k])) end
  end
  if type(f.troop) ~= "string" then
    if f.troop ~= nil then self:add(rec, "%s: 'troop' must be %s, found %s", what, key_spec(M.UNIT_KEYS, "troop").need, show(f.troop)) end
    return nil
  end
  local d, err = designation.parse(f.troop)
  if not d then self:add(rec, "%s: %s", what, err); return nil end
  if not d.grade then
    self:add(rec, "%s: designation %q needs its grade and army class first, e.g. \"ARA %s\"", what, f.troop, f.troop)
    return nil
  end
  if d.class == "C" then self:add(rec, "%s: crew (C) ride on chariots and elephants; give them as crew = n", what); return nil end
  if not whole(f.figures) then return nil end
  local class = d.class
  local u = {
    id = f.id, name = f.name or f.id, troop = f.troop, class = class, sub = d.sub, ss = d.ss or false,
    armour = d.armour or false, army = d.army, grade = d.grade, figures = f.figures,
    ranks = f.ranks or (troops.is_mounted({ class = class }) and 1 or 2), formed = f.formed ~= false,
    general = f.general == true, horses = f.horses, crew = f.crew,
  }
  if (f.horses ~= nil) and not troops.classes[class].chariot then
    self:add(rec, "%s: 'horses' is for chariots (HCH, LCH), not %s", what, class)
  end
  if f.crew ~= nil and not (troops.classes[class].chariot or troops.classes[class].elephant) then
    self:add(rec, "%s: 'crew' is for chariots and elephants, not %s", what, class)
  end
  u.army = troops.army_class(u)
  return u, what
end

function Check:organisation(rec, u, what, rear_rank)
  for _, p in ipairs(organisation.check(u, { deploying = true })) do
    -- A single rank of VLI behind a host (optional rule vli_ranks) is not a
    -- formed unit of its own: its depth is the host's business.
    if not (rear_rank and p.id == "depth") then self:add(rec, "%s: %s", what, p.text) end
  end
  if u.sub == "HIP" and not u.formed then self:add(rec, "%s: HIP must deploy formed four ranks deep", what) end
end

-- Optional rule "LI and VLI within RA HI units": "A unit of RA class HI may
-- contain a number (not exceeding 25% the number of HI) of RA class LI or VLI."
function Check:light(rec, u, what)
  local l = rec.fields.light
  if type(l) ~= "table" then
    self:add(rec, "%s: 'light' must be %s, found %s", what, key_spec(M.UNIT_KEYS, "light").need, show(l))
    return nil
  end
  local keys = {}
  for k in pairs(l) do
    if k ~= "troop" and k ~= "figures" then keys[#keys + 1] = tostring(k) end
  end
  table.sort(keys)
  for _, k in ipairs(keys) do self:add(rec, "%s: unknown key '%s' in light (expected troop, figures)", what, k) end
  local d, err = designation.parse(type(l.troop) == "string" and l.troop or "")
  if not d then self:add(rec, "%s: light: %s", what, err or "troop must be a designation"); return nil end
  if u.class ~= "HI" or u.army ~= "RA" then
    self:add(rec, "%s: only an RA HI unit may contain light troops, not %s %s", what, u.army, u.sub or u.class)
  end
  if (d.class ~= "LI" and d.class ~= "VLI") or d.sub == "LIW" then
    self:add(rec, "%s: the light troops inside an HI unit are LI or VLI, not %s", what, d.sub or d.class)
  end
  if d.army ~= "RA" then self:add(rec, "%s: the light troops inside an RA HI unit must be RA class too", what) end
  if not whole(l.figures) then
    self:add(rec, "%s: light.figures must be a whole number of at least 1, found %s", what, show(l.figures))
    return nil
  end
  if l.figures * 4 > u.figures then
    self:add(rec, "%s: %d light figures exceed 25%% of the %d HI (at most %d)", what, l.figures, u.figures, u.figures // 4)
  end
  return { class = d.class, sub = d.sub, grade = d.grade or u.grade, army = "RA", figures = l.figures, troop = l.troop }
end

-- Optional rule "VLI forming ranks": "One single rank of formed or unformed
-- VLI may form a third rank of an HI unit or the second or third rank of an
-- HC unit."
function Check:rear_rank(rec, u, what, host_rec, host)
  if not host then return end
  if host.class == "HI" then
    if host.ranks ~= 2 then
      self:add(rec, "%s: VLI form the third rank of an HI unit, but '%s' is %d ranks deep (needs 2)", what, host.id, host.ranks)
    end
  elseif host.class == "HC" then
    if host.ranks > 2 then self:add(rec, "%s: VLI form the second or third rank of an HC unit; '%s' is %d deep", what, host.id, host.ranks) end
  else
    self:add(rec, "%s: VLI may stand behind HI or HC only, not %s ('%s')", what, host.class, host.id)
  end
  if host.rear_rank_by then
    self:add(rec, "%s: '%s' already has a VLI rank behind it (unit '%s')", what, host.id, host.rear_rank_by)
  end
  host.rear_rank_by = u.id
end

function M.check(army)
  assert(is_record(army, "army"), "check(army): army must come from load or load_text")
  local self = AL.new_checker(Check)
  local f = army.fields
  if type(f) ~= "table" then
    self:add(army, "army { ... } needs a table of fields, found %s", show(f))
    return self.problems
  end
  self:keys(army, f, M.ARMY_KEYS, "army")
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then self:add(army, "army: 'name' must be a non-empty string") end
  if f.fantasy ~= nil and type(f.fantasy) ~= "boolean" then self:add(army, "army: 'fantasy' must be true or false, found %s", show(f.fantasy)) end
  if f.points_limit ~= nil and not (type(f.points_limit) == "number" and f.points_limit > 0) then
    self:add(army, "army: 'points_limit' must be a positive number, found %s", show(f.points_limit))
  end
  self.army_fields, self.creatures = f, fantasy:army_creatures(self, f) -- hook: fantasy
  local records = self:records(army, "units", "unit")

  local units, u_of = {}, {}
  for _, rec in ipairs(records) do
    local u, what = self:unit_fields(rec)
    if u then
      units[#units + 1] = { rec = rec, u = u, what = what }
      u_of[rec] = u
    end
  end
  local by_id, plain = self:unique_ids(records, "unit"), {}
  local ids = {}
  for _, rec in ipairs(records) do if type(rec.fields.id) == "string" then ids[#ids + 1] = rec.fields.id end end

  local generals = {}
  for _, e in ipairs(units) do
    local rec, u, what = e.rec, e.u, e.what
    local rear = rec.fields.rear_rank_of
    if rear ~= nil then
      local host = type(rear) == "string" and by_id[rear] or nil
      if u.class ~= "VLI" then self:add(rec, "%s: only VLI may stand as a rank of another unit, not %s", what, u.class) end
      if not host then
        self:add(rec, "%s: rear_rank_of names %s, but no unit has that id%s", what, show(rear), did_you_mean(rear, ids))
      elseif u_of[host] and u_of[host].id == u.id then
        self:add(rec, "%s: a unit cannot be a rank of itself", what)
      else
        self:rear_rank(rec, u, what, host, u_of[host])
      end
    end
    self:organisation(rec, u, what, rear ~= nil)
    plain[#plain + 1] = u
    if rec.fields.light ~= nil then
      local l = self:light(rec, u, what)
      if l then plain[#plain + 1] = l end
    end
    if u.general then generals[#generals + 1] = e end
  end
  if #records > 0 then
    if #generals == 0 then
      self:add(army, "army has no General: expected one unit with general = true")
    end
    for n = 2, #generals do
      self:add(generals[n].rec, "more than one General: '%s' has general = true, but '%s' (line %d) already has",
        tostring(generals[n].u.id), tostring(generals[1].u.id), generals[1].rec.line)
    end
  end

  -- Points value and, for fantasy armies, the composition limits.
  local total = points.army(plain)
  if type(f.points_limit) == "number" and total > f.points_limit then
    self:add(army, "army costs %g points, more than its points_limit of %g", total, f.points_limit)
  end
  if f.fantasy == true then
    for _, p in ipairs(points.check_fantasy_army(plain)) do
      if p.min and p.percent < p.min then
        self:add(army, "fantasy army composition: %s is %.1f%% of the points, at least %d%% is needed", p.id, p.percent, p.min)
      else
        self:add(army, "fantasy army composition: %s is %.1f%% of the points, at most %d%% is allowed", p.id, p.percent, p.max)
      end
    end
  end

  return self:sorted()
end

-- The plain units of a checked army, in list order: the troops.lua keys plus
-- id, name, troop, file, line, light = {...}, rear_rank_of.
function M.units(army)
  local out = {}
  for _, rec in ipairs(army.fields.units or {}) do
    if is_record(rec, "unit") then
      local c = AL.new_checker(Check)
      c.army_fields, c.creatures = army.fields, fantasy:army_creatures(c, army.fields) -- hook: fantasy
      local u = c:unit_fields(rec)
      if u then
        u.file, u.line = rec.file, rec.line
        if rec.fields.light then u.light = c:light(rec, u, "") end
        u.rear_rank_of = rec.fields.rear_rank_of
        u.notes = rec.fields.notes
        out[#out + 1] = u
      end
    end
  end
  return out
end

-- The army's points value (light troops included).
function M.points(army)
  local plain = {}
  for _, u in ipairs(M.units(army)) do
    plain[#plain + 1] = u
    if u.light then plain[#plain + 1] = u.light end
  end
  return points.army(plain)
end

-- What `sandtable check` prints beside "ok": points per unit, per category
-- (a fantasy army's composition limits; else by class) and the total against
-- points_limit (scripts/cli/check.lua prints it).
function M.summary(army)
  local f = army.fields or {}
  local rows, plain = {}, {}
  for _, u in ipairs(M.units(army)) do
    local cost = points.unit(u)
    plain[#plain + 1] = u
    local detail = string.format("%s, %d figures", tostring(u.troop or u.class), u.figures or 0)
    if u.light then
      plain[#plain + 1] = u.light
      cost = cost + points.unit(u.light)
      detail = detail .. string.format(" + %d light", u.light.figures or 0)
    end
    rows[#rows + 1] = { name = u.name or u.id, detail = detail, value = cost }
  end
  local total = points.army(plain)
  local groups = {}
  if f.fantasy == true then
    local cat = { title = "points by category (fantasy army composition)", rows = {} }
    local broken = {}
    for _, p in ipairs(points.check_fantasy_army(plain)) do broken[p.id] = true end
    for _, limit in ipairs(troops.fantasy_limits) do
      local share = 0
      for _, u in ipairs(plain) do
        local hit
        if limit.classes then hit = limit.classes[u.class] == true
        elseif limit.grade then hit = (u.grade or "A") == limit.grade
        elseif limit.army then hit = troops.army_class(u) == limit.army end
        if hit then share = share + points.unit(u) end
      end
      local text = limit.min and string.format("at least %d%%, at most %d%%", limit.min, limit.max)
        or string.format("at most %d%%", limit.max)
      cat.rows[#cat.rows + 1] = { name = limit.id, value = share, percent = total > 0 and 100 * share / total or 0,
        limit = text, ok = not broken[limit.id] }
    end
    groups[#groups + 1] = cat
  else
    local by, order = {}, {}
    for _, u in ipairs(plain) do
      if not by[u.class] then by[u.class] = 0; order[#order + 1] = u.class end
      by[u.class] = by[u.class] + points.unit(u)
    end
    local cat = { title = "points by class", rows = {} }
    for _, c in ipairs(order) do
      cat.rows[#cat.rows + 1] = { name = c, value = by[c], percent = total > 0 and 100 * by[c] / total or 0 }
    end
    groups[#groups + 1] = cat
  end
  local limit = type(f.points_limit) == "number" and f.points_limit or nil
  return { measure = "points", units = rows, groups = groups, total = total,
           limit = limit and string.format("points_limit %g", limit) or nil, over = limit ~= nil and total > limit }
end

M.format = AL.format

return M
