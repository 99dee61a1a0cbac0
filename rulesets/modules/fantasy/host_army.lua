-- Creatures in any ruleset's army lists: the generic part of the army
-- checker's hook. A ruleset's pack says how a creature becomes one of its
-- own entries ("counts as" in its terms); this file finds the creature (the
-- army's own `creatures` list first, then the pack), checks it and the
-- army's allegiance, and fills the entry's fields, each problem at the
-- file and line of the record that has it.
--
--   local H = require("modules.fantasy.host_army")
--   local host = H.new{ name = "historicon", pack = {...}, pack_file = "...",
--                       vocabulary = {...}, fill = function(out, decl, f) ... end }
--   host:army_creatures(checker, army_fields)          -> id -> declaration
--   host:expand(checker, rec, f, army_fields, own)     -> fields, declaration | nil
local creatures = require("modules.fantasy.creatures")
local allegiance = require("modules.fantasy.allegiance")

local H = {}
H.__index = H

H.ARMY_KEYS = {
  { key = "creatures", need = "a list of creature { ... } declarations or creature files (docs/fantasy.md)" },
  { key = "allegiance", need = "\"chaos\", \"law\" or \"neutral\" (WRG 1973 Appendix IV)" },
}
H.ENTRY_KEYS = {
  { key = "creature", need = "a creature of the fantasy pack or of this army's creatures list (docs/fantasy.md)" },
}

function H.new(spec)
  local self = setmetatable(spec, H)
  self.index, self.problems = creatures.index(spec.pack, spec.vocabulary, spec.pack_file)
  return self
end

-- A file of creatures (a mod folder's): `return creature { ... }` or a list
-- of them. Returns the creature records, or nil and a problem at the file's
-- line. The path is read as every data file is (loader.read: the shipped
-- data, the current folder, the scenario's folder, --lua-path folders).
local function load_file(path)
  local AL = require("lib.army_list")
  local ok_loader, loader = pcall(require, "sandtable.loader")
  if not ok_loader then return nil, { file = path, line = 1, message = "creature files need the engine's loader" } end
  local ok, text = pcall(loader.read, path)
  if not ok then
    local why = type(text) == "table" and text.user_message or tostring(text)
    return nil, { file = path, line = 1, message = "cannot read creature file: " .. why }
  end
  local chunk, err = load(text, "@" .. path, "t", AL.dsl("creature"):env())
  local result
  if chunk then ok, result = pcall(chunk) else ok, result = false, err end
  if not ok then
    local msg = type(result) == "table" and result.user_message or tostring(result)
    local file, line, rest = msg:match("^(.-):(%d+): (.*)$")
    return nil, { file = file or path, line = tonumber(line) or 1, message = rest or msg }
  end
  if AL.is_record(result, "creature") then
    -- `return creature {...}` is a tail call: its frame (and line) is gone,
    -- so the line is read from the text (comment lines skipped)
    if result.file ~= path then
      local n, at = 0, 1
      for line in (text .. "\n"):gmatch("([^\n]*)\n") do
        n = n + 1
        if line:gsub("%-%-.*$", ""):find("%f[%w_]creature%s*[{(]") then at = n; break end
      end
      result.file, result.line = path, at
    end
    return { result }
  end
  if type(result) == "table" and #result > 0 then
    for _, r in ipairs(result) do
      if not AL.is_record(r, "creature") then
        return nil, { file = path, line = 1, message = "a creature file returns creature { ... } or a list of them" }
      end
    end
    return result
  end
  return nil, { file = path, line = 1, message = "a creature file must end with `return creature { ... }` (or a list of them)" }
end
H.load_file = load_file

function H:army_creatures(checker, army_fields)
  local own = {}
  local list = type(army_fields) == "table" and army_fields.creatures or nil
  if list == nil then return own end
  if type(list) ~= "table" then
    checker:add({ file = "?", line = 0 }, "army: 'creatures' must be a list of creature { ... } or creature files")
    return own
  end
  -- a string names a creature file (a mod folder's): its creatures join the list
  local expanded = {}
  for _, rec in ipairs(list) do
    if type(rec) == "string" then
      local got, problem = load_file(rec)
      if got then
        for _, r in ipairs(got) do expanded[#expanded + 1] = r end
      else
        checker:add(problem, "%s", problem.message)
      end
    else
      expanded[#expanded + 1] = rec
    end
  end
  for _, rec in ipairs(expanded) do
    local fields = type(rec) == "table" and rec.fields or rec
    local at = { file = rec.file or "?", line = rec.line or 0 }
    for _, p in ipairs(creatures.check(fields, self.vocabulary, at.file, at.line)) do checker:add(p, "%s", p.message) end
    if type(fields) == "table" and type(fields.id) == "string" then own[fields.id] = fields end
  end
  return own
end

function H:expand(checker, rec, f, army_fields, own, what)
  what = what or string.format("%s '%s'", self.entry or "unit", tostring(f.id or "?"))
  local decl = own and own[f.creature] or self.index[f.creature]
  if not decl then
    local names = {}
    for id in pairs(self.index) do names[#names + 1] = id end
    for id in pairs(own or {}) do names[#names + 1] = id end
    table.sort(names)
    checker:add(rec, "%s: unknown creature %q (expected one of %s)", what, tostring(f.creature), table.concat(names, ", "))
    return nil
  end
  local ok, why = allegiance.may_serve(decl, army_fields and army_fields.allegiance)
  if not ok then checker:add(rec, "%s: %s (the army's allegiance is %s)", what, why, tostring(army_fields.allegiance)) end
  for _, k in ipairs(self.filled) do
    if f[k] ~= nil then checker:add(rec, "%s: '%s' comes from creature %q; leave it out", what, k, f.creature) end
  end
  local out = {}
  for k, v in pairs(f) do out[k] = v end
  self.fill(out, decl, f)
  out.creature = nil
  return out, decl
end

-- The army's records with each creature entry replaced by a copy whose
-- fields are filled from its creature (the records' file and line kept).
function H:expand_records(checker, records, army_fields)
  local own = self:army_creatures(checker, army_fields)
  local out = {}
  for i, rec in ipairs(records) do
    local f = type(rec) == "table" and rec.fields or nil
    if type(f) == "table" and f.creature ~= nil then
      local filled = self:expand(checker, rec, f, army_fields, own)
      if filled then
        local copy = {}
        for k, v in pairs(rec) do copy[k] = v end
        copy.fields = filled
        out[i] = copy
      else
        out[i] = rec
      end
    else
      out[i] = rec
    end
  end
  return out
end

-- Plain entries (lib.army_list entries: fields plus file and line) with
-- each creature's fields filled; problems are the checker's to report.
function H:expand_entries(entries, army_fields)
  local quiet = { add = function() end }
  local own = self:army_creatures(quiet, army_fields)
  for i, e in ipairs(entries) do
    if e.creature ~= nil then
      local filled = self:expand(quiet, e, e, army_fields, own)
      if filled then entries[i] = filled end
    end
  end
  return entries
end

return H
