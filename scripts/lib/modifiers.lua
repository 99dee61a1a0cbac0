-- Named, ordered modifier lists: the way every ruleset keeps its modifiers so
-- that options and house rules can add, remove or replace one by id, and so a
-- result explains itself ("+1 uphill (phalanx), -1 rain (house rule)").
--
--   local M = require("lib.modifiers")
--   local melee = M.list("phalanx.melee", {
--     { id = "uphill", rule = "Phalanx p.17", text = "uphill of the enemy",
--       when = function(ctx) return ctx.uphill end, add = 1 },
--     { id = "flank", rule = "Phalanx p.17", text = "attacked in flank: halve",
--       when = function(ctx) return ctx.flank end,
--       apply = function(value, ctx) return value // 2 end },
--   })
--   local cf, why = melee:evaluate(base, ctx, true)
--
-- An entry changes the value by `add` (a number, or a function of ctx that
-- returns one) or by `apply(value, ctx)`, when `when(ctx)` is true (no `when`:
-- always). Entries run in list order. Each entry records the layer that put it
-- there (M.set_layer), so an explanation can say where every term came from.

local M = {}

local current_layer = "base"

-- Names the layer (ruleset, option or house rule file) now patching the rules.
function M.set_layer(name) current_layer = name end
function M.layer() return current_layer end

local List = {}
List.__index = List

local function check_entry(self, entry)
  if type(entry) ~= "table" or type(entry.id) ~= "string" then
    error(string.format("modifier list '%s': an entry needs a string id", self.name), 3)
  end
  if entry.add == nil and entry.apply == nil then
    error(string.format("modifier '%s' in list '%s' needs `add` or `apply`", entry.id, self.name), 3)
  end
  if entry.when ~= nil and type(entry.when) ~= "function" then
    error(string.format("modifier '%s' in list '%s': `when` must be a function", entry.id, self.name), 3)
  end
end

local function index_of(self, id)
  for i, e in ipairs(self.entries) do
    if e.id == id then return i end
  end
  return nil
end

local function require_index(self, id, verb)
  local i = index_of(self, id)
  if not i then
    local known = {}
    for _, e in ipairs(self.entries) do known[#known + 1] = e.id end
    error(string.format("cannot %s modifier '%s': list '%s' has no such entry (it has: %s)",
      verb, tostring(id), self.name, table.concat(known, ", ")), 4)
  end
  return i
end

local function check_mutable(self)
  if self.frozen then
    error(string.format("modifier list '%s' is frozen: rules are patched while loading, not during a battle",
      self.name), 4)
  end
end

local function stamp(entry)
  local copy = {}
  for k, v in pairs(entry) do copy[k] = v end
  copy.layer = copy.layer or current_layer
  return copy
end

function M.list(name, entries)
  local self = setmetatable({ name = name, entries = {}, frozen = false }, List)
  for _, e in ipairs(entries or {}) do
    check_entry(self, e)
    if index_of(self, e.id) then
      error(string.format("modifier list '%s': duplicate id '%s'", name, e.id), 2)
    end
    self.entries[#self.entries + 1] = stamp(e)
  end
  return self
end

-- Adds an entry; position = { before = id } or { after = id }, default last.
function List:add(entry, position)
  check_mutable(self)
  check_entry(self, entry)
  if index_of(self, entry.id) then
    error(string.format("modifier list '%s' already has '%s' (use replace)", self.name, entry.id), 2)
  end
  local at = #self.entries + 1
  if position and position.before then at = require_index(self, position.before, "insert before") end
  if position and position.after then at = require_index(self, position.after, "insert after") + 1 end
  table.insert(self.entries, at, stamp(entry))
  return self
end

function List:remove(id)
  check_mutable(self)
  table.remove(self.entries, require_index(self, id, "remove"))
  return self
end

function List:replace(id, entry)
  check_mutable(self)
  local i = require_index(self, id, "replace")
  check_entry(self, entry)
  self.entries[i] = stamp(entry)
  return self
end

function List:get(id)
  local i = index_of(self, id)
  return i and self.entries[i] or nil
end

function List:has(id) return index_of(self, id) ~= nil end

function List:ids()
  local out = {}
  for i, e in ipairs(self.entries) do out[i] = e.id end
  return out
end

function List:freeze() self.frozen = true; return self end

-- A deep copy that a variant can patch without touching this list.
function List:copy(new_name)
  local c = setmetatable({ name = new_name or self.name, entries = {}, frozen = false }, List)
  for i, e in ipairs(self.entries) do c.entries[i] = e end
  return c
end

-- Applies every entry that holds for ctx to `value`, in order. With `explain`,
-- also returns the list of applied terms: { id, text, rule, layer, before, after }.
function List:evaluate(value, ctx, explain)
  local why = explain and {} or nil
  for _, e in ipairs(self.entries) do
    if e.when == nil or e.when(ctx) then
      local before = value
      if e.apply then
        value = e.apply(value, ctx)
      else
        local add = e.add
        if type(add) == "function" then add = add(ctx) end
        value = value + add
      end
      if why and value ~= before then
        why[#why + 1] = { id = e.id, text = e.text, rule = e.rule, layer = e.layer,
                          before = before, after = value }
      end
    end
  end
  return value, why
end

-- "+1 uphill of the enemy (Phalanx p.17)" lines for an explanation.
function M.describe(why)
  local lines = {}
  for _, term in ipairs(why or {}) do
    local delta = term.after - term.before
    local change
    if math.type(delta) == "integer" and term.after == term.before + delta then
      change = string.format("%+d", delta)
    else
      change = string.format("%s -> %s", tostring(term.before), tostring(term.after))
    end
    lines[#lines + 1] = string.format("%s %s (%s%s)", change, term.text or term.id,
      term.rule or "?", term.layer and term.layer ~= "base" and (", " .. term.layer) or "")
  end
  return lines
end

return M
