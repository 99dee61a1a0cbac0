-- Phalanx army lists: the loader that runs an army file, and the checker that
-- reports everything wrong with it against the troop classes of troops.lua.
--
--   local armies = require("phalanx.armies")
--   local army, problems = armies.load(path, read_file)   -- read_file(path) -> text
--   problems = problems or armies.check(army, require("phalanx.troops"))
--   for _, p in ipairs(problems) do print(armies.format(p)) end
--
-- An army file is Lua data: `return army { ..., vignettes = { vignette {...} } }`.
-- The format is documented key by key in docs/army-lists.md; the key tables
-- below are the single source of truth the checker uses.
--
-- This module reads no files itself (the engine sandbox has no `io`): the host
-- passes the text, or a function that reads it. It never raises on a bad list;
-- every problem comes back as { file = , line = , message = }, in file order,
-- so a user sees all of them in one run.

local AL = require("lib.army_list")
-- hook: creatures of the fantasy module (rulesets/modules/fantasy/phalanx) become vignettes
local fantasy = require("modules.fantasy.phalanx.army")

local M = {}

-- Which classes may stand off the main battle line, support or be supported
-- is troop data (troops.lua, troops.groups); this module only asks it.
-- The three command parts (rules text, "Command and Control").
M.PARTS = { "centre", "left", "right" }

M.VIGNETTES_PER_ARMY = 12 -- rules text, "Basing and organising your troops"

-- The army-size rule, looked up when a list is checked so that a variant can
-- replace it: the list of vignette { ... } entries -> a message, or nil.
function M.size_problem(list)
  if #list ~= M.VIGNETTES_PER_ARMY then
    return string.format("army has %d vignettes: a Phalanx army has exactly %d", #list, M.VIGNETTES_PER_ARMY)
  end
  return nil
end

-- How many vignettes a list counts, and the limit in words, for the summary
-- `sandtable check` prints; a variant that counts otherwise replaces both
-- with its size_problem (Into Glory Ride: an attached ART counts two).
function M.counted(list) return #list end
M.size_limit = string.format("exactly %d", M.VIGNETTES_PER_ARMY)

-- Every key an army file may use, with what it must hold. Order is the order
-- in which the docs and error messages list them.
M.ARMY_KEYS = {
  { key = "name", need = "a non-empty string", required = true },
  { key = "period", need = "a string such as \"336 BC - 323 BC\"", required = true },
  { key = "activation_points", need = "a whole number of at least 1 (the base AP)", required = true },
  { key = "vignettes", need = "a list of 12 vignette { ... } entries", required = true },
  { key = "key_vignettes", need = "a list of vignette ids" },
  { key = "multiple_lines", need = "true or false" },
  { key = "notes", need = "a string" },
}

M.VIGNETTE_KEYS = {
  { key = "id", need = "an identifier (letters, digits, _) unique in the army", required = true },
  { key = "name", need = "a non-empty string", required = true },
  { key = "class", need = "a troop sub-class code such as \"HIS\"", required = true },
  { key = "integrity", need = "an integrity class \"I\" to \"V\"", required = true },
  { key = "army", need = "an army class, \"RA\" or \"IF\"", required = true },
  { key = "part", need = "\"centre\", \"left\" or \"right\"", required = true },
  { key = "general", need = "true or false" },
  { key = "off_main_line", need = "true or false" },
  { key = "in_line_with", need = "a vignette id or a list of ids" },
  { key = "supports", need = "a vignette id" },
  { key = "notes", need = "a string" },
}
for _, k in ipairs(fantasy.ARMY_KEYS) do M.ARMY_KEYS[#M.ARMY_KEYS + 1] = k end -- hook: fantasy
for _, k in ipairs(fantasy.VIGNETTE_KEYS) do M.VIGNETTE_KEYS[#M.VIGNETTE_KEYS + 1] = k end -- hook: fantasy
-- A variant may add vignette keys here; one marked `unit = true` is also
-- copied onto the vignette's unit data in a battle (phalanx.battle).

local key_names, key_spec, show, did_you_mean = AL.key_names, AL.key_spec, AL.show, AL.did_you_mean
local quoted_list = AL.quoted_list
local is_record = AL.is_record

---------------------------------------------------------------------------
-- Loading: army files use army { ... } and vignette { ... } (lib.army_list).

local dsl = AL.dsl("vignette", "creature") -- hook: creature { } for the fantasy module

-- Runs the text of an army file. Returns the army, or nil and a list holding
-- the one problem that stopped it (a syntax error, a runtime error, or a file
-- that does not return army { ... }).
function M.load_text(text, path) return dsl:load_text(text, path) end

-- Reads an army file through the host's read_file(path) -> text (or nil, err),
-- then M.load_text (looked up at call time: a variant may wrap it).
function M.load(path, read_file)
  local text, problems = AL.read(path, read_file)
  if not text then return nil, problems end
  return M.load_text(text, path)
end

---------------------------------------------------------------------------
-- Checking

-- The one place that knows the shape of troops.lua: class codes in the
-- text's order, the integrity and army classes, and the class sets the
-- Deployment and Melee sections name (troops.groups).
local Troops = {}

local sorted_keys = require("lib.sorted_keys")

local function set_list(codes, set)
  local out = {}
  for _, code in ipairs(codes) do
    if set[code] then out[#out + 1] = code end
  end
  return out
end

function Troops.new(troops)
  local groups = troops.groups or {}
  local self = {
    classes = troops.classes or {},
    codes = troops.order or sorted_keys(troops.classes),
    army_classes = troops.army_order or sorted_keys(troops.army_classes),
    integrity = troops.integrity_classes or { "I", "II", "III", "IV", "V" },
    off_main_line = groups.off_mbl or {},        -- Deployment
    may_be_supported = groups.may_be_supported or {}, -- Melee modifiers
    supporters = groups.supporters or {},
  }
  return self
end

local function contains(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

local Check = AL.checker_class()

local function is_identifier(v)
  return type(v) == "string" and v:match("^[%a_][%w_]*$") ~= nil
end

-- A vignette's in-line link targets as a list (in_line_with is one id or many).
local function in_line_targets(fields)
  local v = fields.in_line_with
  if type(v) == "string" then return { v } end
  if type(v) == "table" then return v end
  return {}
end

function Check:vignette(rec)
  local f = rec.fields
  local what = string.format("vignette '%s'", tostring(f.id or f.name or "?"))
  self:keys(rec, f, M.VIGNETTE_KEYS, what)

  if f.id ~= nil and not is_identifier(f.id) then
    self:add(rec, "%s: 'id' must be %s, found %s", what, key_spec(M.VIGNETTE_KEYS, "id").need, show(f.id))
  end
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then
    self:add(rec, "%s: 'name' must be a non-empty string, found %s", what, show(f.name))
  end

  local cls = nil
  if f.class ~= nil then
    cls = type(f.class) == "string" and self.troops.classes[f.class] or nil
    if not cls then
      self:add(rec, "%s: unknown troop class %s%s: expected one of %s", what, show(f.class),
        did_you_mean(f.class, self.troops.codes), table.concat(self.troops.codes, ", "))
    end
  end

  if f.integrity ~= nil then
    if not contains(self.troops.integrity, f.integrity) then
      self:add(rec, "%s: unknown integrity class %s: expected one of %s", what, show(f.integrity),
        quoted_list(self.troops.integrity))
    elseif cls and not contains(cls.integrity or {}, f.integrity) then
      self:add(rec, "%s: %s cannot be integrity class %s: %s may be %s", what, f.class, f.integrity,
        f.class, table.concat(cls.integrity or {}, ", "))
    end
  end

  if f.army ~= nil and not contains(self.troops.army_classes, f.army) then
    self:add(rec, "%s: unknown army class %s: expected one of %s", what, show(f.army),
      quoted_list(self.troops.army_classes))
  end

  if f.part ~= nil and not contains(M.PARTS, f.part) then
    self:add(rec, "%s: unknown command part %s%s: expected one of %s", what, show(f.part),
      did_you_mean(f.part, M.PARTS), quoted_list(M.PARTS))
  end

  self:optional(rec, f, M.VIGNETTE_KEYS, "general", "boolean", what)
  self:optional(rec, f, M.VIGNETTE_KEYS, "off_main_line", "boolean", what)
  self:optional(rec, f, M.VIGNETTE_KEYS, "supports", "string", what)
  self:optional(rec, f, M.VIGNETTE_KEYS, "notes", "string", what)
  if f.in_line_with ~= nil then
    local ok = type(f.in_line_with) == "string" or type(f.in_line_with) == "table"
    for _, id in ipairs(type(f.in_line_with) == "table" and f.in_line_with or {}) do
      ok = ok and type(id) == "string"
    end
    if not ok then
      self:add(rec, "%s: 'in_line_with' must be %s, found %s", what,
        key_spec(M.VIGNETTE_KEYS, "in_line_with").need, show(f.in_line_with))
    end
  end

  -- Rules text, "Deployment": only some classes may stand off the MBL,
  -- unless the army list permits several lines.
  if f.off_main_line == true and cls and not self.troops.off_main_line[f.class]
      and not self.multiple_lines then
    self:add(rec, "%s: %s may not deploy off the main battle line: only %s may, unless the army has multiple_lines = true",
      what, f.class, self:classes_in("off_main_line"))
  end
end

-- Rules text, "Linked Vignettes": RA cannot link to IF. A link is moved and
-- fought as one vignette, and a vignette belongs to one command part, so a
-- link must not cross parts either (our reading; see docs/army-lists.md).
function Check:link(rec, other, how)
  local a, b = rec.fields, other.fields
  local known = self.troops.army_classes
  if contains(known, a.army) and contains(known, b.army) and a.army ~= b.army then
    self:add(rec, "vignette '%s' (%s) is %s vignette '%s' (%s): RA troops cannot be linked to IF troops",
      a.id, tostring(a.army), how, b.id, tostring(b.army))
  end
  -- An unknown part is reported on its own; comparing it would only echo that.
  if contains(M.PARTS, a.part) and contains(M.PARTS, b.part) and a.part ~= b.part then
    self:add(rec, "vignette '%s' (%s) is %s vignette '%s' (%s): linked vignettes must be in the same command part",
      a.id, tostring(a.part), how, b.id, tostring(b.part))
  end
end

-- Support links (rules text, "Melee Conditional Modifiers"): only some
-- classes may be supported, and only by some classes; troops.lua says which.
function Check:support(rec, front)
  local t = self.troops
  local rear, ahead = rec.fields.class, front.fields.class
  if t.classes[rear] and not t.supporters[rear] then
    self:add(rec, "vignette '%s' (%s) cannot support: only %s may support", rec.fields.id,
      rear, self:classes_in("supporters"))
  end
  if t.classes[ahead] and not t.may_be_supported[ahead] then
    self:add(rec, "vignette '%s' supports '%s' (%s), which cannot be supported: only %s may be",
      rec.fields.id, front.fields.id, ahead, self:classes_in("may_be_supported"))
  end
end

-- The codes in one of the class sets, in the text's order, for messages.
function Check:classes_in(set_name)
  local list = set_list(self.troops.codes, self.troops[set_name])
  return #list > 0 and table.concat(list, ", ") or "none"
end

function Check:links(records, by_id)
  local supporter_of = {}
  for _, rec in ipairs(records) do
    local f = rec.fields
    for _, target in ipairs(in_line_targets(f)) do
      if type(target) == "string" then
        local other = by_id[target]
        if target == f.id then
          self:add(rec, "vignette '%s' is linked in line with itself", tostring(f.id))
        elseif not other then
          self:add(rec, "vignette '%s': in_line_with names %q, but no vignette has that id%s",
            tostring(f.id), target, did_you_mean(target, self.ids))
        else
          self:link(rec, other, "linked in line with")
        end
      end
    end
    if type(f.supports) == "string" then
      local front = by_id[f.supports]
      if f.supports == f.id then
        self:add(rec, "vignette '%s' supports itself", tostring(f.id))
      elseif not front then
        self:add(rec, "vignette '%s': supports names %q, but no vignette has that id%s",
          tostring(f.id), f.supports, did_you_mean(f.supports, self.ids))
      else
        self:link(rec, front, "support-linked to")
        self:support(rec, front)
        local first = supporter_of[f.supports]
        if first then
          self:add(rec, "vignette '%s' supports '%s', which '%s' (line %d) already supports: one vignette stands behind another",
            tostring(f.id), f.supports, tostring(first.fields.id), first.line)
        else
          supporter_of[f.supports] = rec
        end
      end
    end
  end
end

function Check:army_fields(army)
  local f = army.fields
  self:keys(army, f, M.ARMY_KEYS, "army")
  if f.name ~= nil and (type(f.name) ~= "string" or f.name == "") then
    self:add(army, "army: 'name' must be a non-empty string, found %s", show(f.name))
  end
  self:optional(army, f, M.ARMY_KEYS, "period", "string", "army")
  self:optional(army, f, M.ARMY_KEYS, "multiple_lines", "boolean", "army")
  self:optional(army, f, M.ARMY_KEYS, "notes", "string", "army")
  local ap = f.activation_points
  if ap ~= nil and (math.type(ap) ~= "integer" or ap < 1) then
    self:add(army, "army: base activation points must be %s, found %s",
      key_spec(M.ARMY_KEYS, "activation_points").need, show(ap))
  end
end

-- The vignette records of the army, reporting entries that are not records.
function Check:vignette_records(army)
  local list = army.fields.vignettes
  if list == nil then return {} end
  if type(list) ~= "table" then
    self:add(army, "army: 'vignettes' must be a list of vignette { ... }, found %s", show(list))
    return {}
  end
  local records = {}
  for i, v in ipairs(list) do
    if is_record(v, "vignette") then
      records[#records + 1] = v
    else
      self:add(army, "army: vignettes entry %d is %s, not vignette { ... }", i, show(v))
    end
  end
  local too_many_or_few = M.size_problem(list)
  if too_many_or_few then self:add(army, "%s", too_many_or_few) end
  return fantasy:expand_records(self, records, army.fields) -- hook: fantasy
end

function Check:index_ids(records)
  local by_id = {}
  for _, rec in ipairs(records) do
    local id = rec.fields.id
    if is_identifier(id) then
      if by_id[id] then
        self:add(rec, "vignette id '%s' is used twice: first at line %d", id, by_id[id].line)
      else
        by_id[id] = rec
        self.ids[#self.ids + 1] = id
      end
    end
  end
  return by_id
end

-- Rules text, "Command and Control": one vignette has the General.
function Check:general(army, records)
  local first
  for _, rec in ipairs(records) do
    if rec.fields.general == true then
      if first then
        self:add(rec, "more than one General: vignette '%s' has general = true, but '%s' (line %d) already has the General",
          tostring(rec.fields.id), tostring(first.fields.id), first.line)
      else
        first = rec
      end
    end
  end
  if not first then
    self:add(army, "army has no General: expected exactly one vignette with general = true, found none")
  end
end

-- Rules text, "Victory": the army list names its key vignettes.
function Check:key_vignettes(army, by_id)
  local keys = army.fields.key_vignettes
  if keys == nil then return end
  if type(keys) ~= "table" then
    self:add(army, "army: 'key_vignettes' must be a list of vignette ids, found %s", show(keys))
    return
  end
  for _, id in ipairs(keys) do
    if not by_id[id] then
      self:add(army, "key vignette %s does not exist: no vignette has that id%s", show(id),
        did_you_mean(id, self.ids))
    end
  end
end

-- Checks a loaded army against the troop classes (the table troops.lua
-- returns). Returns the list of problems, empty when the list is sound.
function M.check(army, troops)
  assert(is_record(army, "army"), "check(army, troops): army must come from load or load_text")
  assert(type(troops) == "table", "check(army, troops): troops must be the troops.lua table")
  local self = AL.new_checker(Check, { ids = {}, troops = Troops.new(troops) })
  if type(army.fields) ~= "table" then
    self:add(army, "army { ... } needs a table of fields, found %s", show(army.fields))
    return self.problems
  end
  self.multiple_lines = army.fields.multiple_lines == true
  self:army_fields(army)
  local records = self:vignette_records(army)
  local usable = {}
  for _, rec in ipairs(records) do
    if type(rec.fields) == "table" then
      usable[#usable + 1] = rec
    else
      self:add(rec, "vignette { ... } needs a table of fields, found %s", show(rec.fields))
    end
  end
  for _, rec in ipairs(usable) do self:vignette(rec) end
  local by_id = self:index_ids(usable)
  self:general(army, usable)
  self:key_vignettes(army, by_id)
  self:links(usable, by_id)
  return self:sorted()
end

-- Loads and checks in one call: returns the army (or nil) and its problems.
function M.load_and_check(path, read_file, troops)
  local army, problems = M.load(path, read_file)
  if not army then return nil, problems end
  return army, M.check(army, troops)
end

-- The plain fields of a checked army, for the rest of the ruleset: a list of
-- vignettes, each with its fields plus file and line.
function M.vignettes(army)
  return fantasy:expand_entries(AL.entries(army, "vignettes", "vignette"), army.fields) -- hook: fantasy
end

-- What `sandtable check` prints beside "ok" (scripts/cli/check.lua): a
-- Phalanx army has no points; its limit is the number of vignettes, so each
-- vignette is listed and counted by command part against the 12 an army has.
function M.summary(army)
  local rows, by_part = {}, {}
  local list = M.vignettes(army)
  for _, v in ipairs(list) do
    rows[#rows + 1] = { name = v.name or v.id,
      detail = string.format("%s %s %s, %s", tostring(v.class), tostring(v.integrity), tostring(v.army),
        tostring(v.part)), value = 1 }
    by_part[v.part or "?"] = (by_part[v.part or "?"] or 0) + 1
  end
  local cat = { title = "vignettes by command part", rows = {} }
  for _, part in ipairs(M.PARTS) do
    cat.rows[#cat.rows + 1] = { name = part, value = by_part[part] or 0,
      percent = #list > 0 and 100 * (by_part[part] or 0) / #list or 0 }
  end
  return { measure = "vignettes", units = rows, groups = { cat }, total = M.counted(list),
           limit = M.size_limit, over = M.size_problem(list) ~= nil }
end

M.format = AL.format

return M
