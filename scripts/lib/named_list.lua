-- An ordered list of entries with ids, that later layers patch by id: add
-- (before or after another), remove, replace. Each entry records the layer
-- that put it there (lib.modifiers.set_layer names the layer), and a frozen
-- list refuses patches. Modifier lists (lib.modifiers) and the phases of a
-- turn (a ruleset's turn sequence) are both named lists.
--
--   local NL = require("lib.named_list")
--   local phases = NL.new("phalanx.phases", entries, check_entry)

local where = require("lib.where")

local NL = {}
NL.__index = NL

-- A patch that names an entry the list does not have (or is malformed) is the
-- patching file's mistake (a house rule, an option): the message names that
-- file and line, the first caller outside the list modules, and is raised as
-- a user error, without an engine traceback.
local function is_list_module(file)
  return file == "?" or file:find("lib/named_list%.lua$") or file:find("lib/modifiers%.lua$")
      or file == "=[C]" or file == "[C]"
end
local function raise(message)
  for level = 2, 20 do
    local file, line = where(level)
    if not file then break end
    if not is_list_module(file) and line and line > 0 then
      error({ user_message = string.format("%s:%d: %s", file, line, message) }, 0)
    end
  end
  error(message, 2)
end
NL.raise = raise

-- The layer now patching the rules (set by the ruleset loader).
local current_layer = "base"
function NL.set_layer(name) current_layer = name end
function NL.layer() return current_layer end

local function stamp(entry)
  local copy = {}
  for k, v in pairs(entry) do copy[k] = v end
  copy.layer = copy.layer or current_layer
  return copy
end

local function default_check(self, entry)
  if type(entry) ~= "table" or type(entry.id) ~= "string" then
    raise(string.format("list '%s': an entry needs a string id", self.name))
  end
end

-- check(list, entry) raises (at level 4: the caller of add/replace) when an
-- entry is malformed; it is in addition to the string id every entry needs.
function NL.new(name, entries, check, class)
  local self = setmetatable({ name = name, entries = {}, frozen = false, check = check }, class or NL)
  for _, e in ipairs(entries or {}) do
    self:check_entry(e)
    if self:index_of(e.id) then raise(string.format("list '%s': duplicate id '%s'", name, e.id)) end
    self.entries[#self.entries + 1] = stamp(e)
  end
  return self
end

function NL:check_entry(entry)
  default_check(self, entry)
  if self.check then self.check(self, entry) end
end

function NL:index_of(id)
  for i, e in ipairs(self.entries) do
    if e.id == id then return i end
  end
  return nil
end

local function require_index(self, id, verb)
  local i = self:index_of(id)
  if not i then
    raise(string.format("cannot %s '%s': list '%s' has no such entry (it has: %s)", verb, tostring(id), self.name,
      table.concat(self:ids(), ", ")))
  end
  return i
end

local function check_mutable(self)
  if self.frozen then
    raise(string.format("list '%s' is frozen: rules are patched while loading, not during a battle", self.name))
  end
end

-- Adds an entry; position = { before = id } or { after = id }, default last.
function NL:add(entry, position)
  check_mutable(self)
  self:check_entry(entry)
  if self:index_of(entry.id) then
    raise(string.format("list '%s' already has '%s' (use replace)", self.name, entry.id))
  end
  local at = #self.entries + 1
  if position and position.before then at = require_index(self, position.before, "insert before") end
  if position and position.after then at = require_index(self, position.after, "insert after") + 1 end
  table.insert(self.entries, at, stamp(entry))
  return self
end

function NL:remove(id)
  check_mutable(self)
  table.remove(self.entries, require_index(self, id, "remove"))
  return self
end

function NL:replace(id, entry)
  check_mutable(self)
  local i = require_index(self, id, "replace")
  self:check_entry(entry)
  self.entries[i] = stamp(entry)
  return self
end

function NL:get(id)
  local i = self:index_of(id)
  return i and self.entries[i] or nil
end

function NL:has(id) return self:index_of(id) ~= nil end

function NL:ids()
  local out = {}
  for i, e in ipairs(self.entries) do out[i] = e.id end
  return out
end

function NL:freeze() self.frozen = true; return self end

-- A copy that can be patched without touching this list.
function NL:copy(new_name)
  local c = setmetatable({ name = new_name or self.name, entries = {}, frozen = false, check = self.check },
    getmetatable(self))
  for i, e in ipairs(self.entries) do c.entries[i] = e end
  return c
end

return NL
