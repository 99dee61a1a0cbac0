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

local where = require("lib.where")
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

local function names(spec)
  local out = {}
  for _, k in ipairs(spec) do out[#out + 1] = k.key end
  return out
end

local function spec_of(spec, key)
  for _, k in ipairs(spec) do if k.key == key then return k end end
end

local function show(v)
  if v == nil then return "nothing" end
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then return "a table" end
  return type(v) .. " " .. tostring(v)
end

local function near(word, candidates)
  if type(word) ~= "string" then return "" end
  for _, c in ipairs(candidates) do
    local a, b = word:lower(), c:lower()
    if a ~= b and (a:sub(1, 3) == b:sub(1, 3) or (#a == #b and a:sub(-3) == b:sub(-3))) then
      return string.format(" (did you mean %q?)", c)
    end
  end
  return ""
end

---------------------------------------------------------------------------
-- Loading

local RECORD = {}

local function record(kind, fields, level)
  local file, line = where(level)
  return { [RECORD] = kind, fields = fields, file = file, line = line }
end

local function is_record(v, kind) return type(v) == "table" and v[RECORD] == kind end

local function env()
  local e = {
    unit = function(fields) return record("unit", fields, 2) end,
    army = function(fields) return record("army", fields, 2) end,
  }
  return setmetatable(e, {
    __index = function(_, name)
      error(string.format("unknown name '%s'%s: an army file may use only army { ... } and unit { ... }",
        tostring(name), near(name, { "army", "unit" })), 2)
    end,
    __newindex = function(_, name)
      error(string.format("army files may not set globals (found an assignment to '%s'); use local", tostring(name)), 2)
    end,
  })
end

local function problem_from_error(path, err)
  local msg = tostring(err)
  local file, line, rest = msg:match("^(.-):(%d+): (.*)$")
  if file then return { file = file, line = tonumber(line), message = rest } end
  return { file = path, line = 1, message = msg }
end

function M.load_text(text, path)
  local chunk, err = load(text, "@" .. path, "t", env())
  if not chunk then return nil, { problem_from_error(path, err) } end
  local ok, result = pcall(chunk)
  if not ok then return nil, { problem_from_error(path, result) } end
  if not is_record(result, "army") then
    return nil, { { file = path, line = 1,
      message = "an army file must end with `return army { ... }`, but it returned " .. show(result) } }
  end
  return result
end

function M.load(path, read_file)
  local text, err = read_file(path)
  if not text then return nil, { { file = path, line = 1, message = "cannot read army file: " .. tostring(err) } } end
  return M.load_text(text, path)
end

---------------------------------------------------------------------------
-- Checking

local function whole(v, lo) return math.type(v) == "integer" and v >= (lo or 1) end

-- Checks one unit record; adds problems through add(rec, fmt, ...); returns
-- the plain unit or nil.
local function check_unit(rec, add)
  local f = rec.fields
  local what = string.format("unit '%s'", tostring(f.id or "?"))
  local unknown = {}
  for k in pairs(f) do
    if type(k) ~= "string" then add(rec, "%s has a value without a key: write key = value", what)
    elseif not spec_of(M.UNIT_KEYS, k) then unknown[#unknown + 1] = k end
  end
  table.sort(unknown)
  for _, k in ipairs(unknown) do
    add(rec, "unknown key '%s' in %s%s: expected one of %s", k, what, near(k, names(M.UNIT_KEYS)),
      table.concat(names(M.UNIT_KEYS), ", "))
  end
  for _, k in ipairs(M.UNIT_KEYS) do
    if k.required and f[k.key] == nil then add(rec, "%s is missing '%s': expected %s", what, k.key, k.need) end
  end
  local ok = true
  if f.id ~= nil and not (type(f.id) == "string" and f.id:match("^[%a_][%w_]*$")) then
    add(rec, "%s: 'id' must be %s, found %s", what, spec_of(M.UNIT_KEYS, "id").need, show(f.id))
  end
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then
    add(rec, "%s: 'name' must be a non-empty string, found %s", what, show(f.name))
  end
  if f.arm ~= nil and not troops.ARMS[f.arm] then
    add(rec, "%s: 'arm' must be \"foot\" or \"mounted\", found %s%s", what, show(f.arm), near(f.arm, { "foot", "mounted" }))
    ok = false
  end
  if f.class ~= nil and not (whole(f.class) and f.class <= 4) then
    add(rec, "%s: 'class' must be a protection class 1 to 4, found %s", what, show(f.class)); ok = false
  end
  for _, k in ipairs({ "bases", "per_base" }) do
    if f[k] ~= nil and not whole(f[k]) then
      add(rec, "%s: '%s' must be a whole number of at least 1, found %s", what, k, show(f[k])); ok = false
    end
  end
  if f.officers ~= nil and not whole(f.officers, 0) then
    add(rec, "%s: 'officers' must be a whole number of at least 0, found %s", what, show(f.officers)); ok = false
  end
  for _, k in ipairs({ "pole_arms", "macedonian", "gaul", "sole_function" }) do
    if f[k] ~= nil and type(f[k]) ~= "boolean" then add(rec, "%s: '%s' must be true or false, found %s", what, k, show(f[k])) end
  end
  local missile_names = { "bow", "oriental_bow", "sling", "javelin", "pilum" }
  if f.missile ~= nil and not tables.missiles[f.missile] then
    add(rec, "%s: 'missile' must be one of %s, found %s%s", what, table.concat(missile_names, ", "), show(f.missile),
      near(f.missile, missile_names))
  end
  if f.formation ~= nil and not troops.FORMATIONS[f.formation] then
    add(rec, "%s: 'formation' must be one of %s, found %s", what, table.concat(troops.FORMATION_LIST, ", "), show(f.formation))
  end
  if f.arm == "mounted" then
    for _, k in ipairs({ "pole_arms", "macedonian", "gaul" }) do
      if f[k] then add(rec, "%s: '%s' is for infantry, not mounted troops", what, k) end
    end
    if f.missile == "pilum" then add(rec, "%s: the pilum is thrown by Roman infantry, not mounted troops", what) end
    if f.formation == "square" or f.formation == "testudo" then
      add(rec, "%s: a %s is an infantry formation", what, f.formation)
    end
  end
  if f.macedonian and f.pole_arms == false then
    add(rec, "%s: Macedonian equipped troops carry pole arms (pikes); drop pole_arms = false", what)
  end
  if f.sole_function and not f.missile then add(rec, "%s: sole_function is for troops that throw missiles", what) end
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
  local problems, seq = {}, 0
  local function add(at, fmt, ...)
    seq = seq + 1
    problems[#problems + 1] = { file = at.file, line = at.line, message = string.format(fmt, ...), seq = seq }
  end
  local f = army.fields
  if type(f) ~= "table" then add(army, "army { ... } needs a table of fields, found %s", show(f)); return problems end
  local unknown = {}
  for k in pairs(f) do
    if type(k) ~= "string" or not spec_of(M.ARMY_KEYS, k) then unknown[#unknown + 1] = tostring(k) end
  end
  table.sort(unknown)
  for _, k in ipairs(unknown) do
    add(army, "unknown key '%s' in army%s: expected one of %s", k, near(k, names(M.ARMY_KEYS)), table.concat(names(M.ARMY_KEYS), ", "))
  end
  for _, k in ipairs(M.ARMY_KEYS) do
    if k.required and f[k.key] == nil then add(army, "army is missing '%s': expected %s", k.key, k.need) end
  end
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then add(army, "army: 'name' must be a non-empty string") end
  local seen = {}
  if f.units ~= nil and type(f.units) ~= "table" then
    add(army, "army: 'units' must be a list of unit { ... }, found %s", show(f.units))
  elseif f.units then
    if #f.units == 0 then add(army, "army has no units") end
    for i, rec in ipairs(f.units) do
      if not (is_record(rec, "unit") and type(rec.fields) == "table") then
        add(army, "army: units entry %d is %s, not unit { ... }", i, show(rec))
      else
        check_unit(rec, add)
        local id = rec.fields.id
        if type(id) == "string" then
          if seen[id] then add(rec, "unit id '%s' is used twice: first at line %d", id, seen[id].line)
          else seen[id] = rec end
        end
      end
    end
  end
  table.sort(problems, function(a, b)
    if a.file ~= b.file then return a.file < b.file end
    if a.line ~= b.line then return a.line < b.line end
    return a.seq < b.seq
  end)
  for _, p in ipairs(problems) do p.seq = nil end
  return problems
end

-- The plain units of a checked army, in list order.
function M.units(army)
  local out = {}
  local sink = function() end
  for _, rec in ipairs(army.fields.units or {}) do
    if is_record(rec, "unit") then
      local u = check_unit(rec, sink)
      if u then u.file, u.line = rec.file, rec.line; out[#out + 1] = u end
    end
  end
  return out
end

function M.format(p) return string.format("%s:%d: %s", p.file, p.line, p.message) end

return M
