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

local NL = require("lib.named_list")

local M = {}

-- Names the layer (ruleset, option or house rule file) now patching the rules.
M.set_layer = NL.set_layer
M.layer = NL.layer

local List = setmetatable({}, { __index = NL })
List.__index = List

local function check_modifier(self, entry)
  if entry.add == nil and entry.apply == nil then
    NL.raise(string.format("modifier '%s' in list '%s' needs `add` or `apply`", entry.id, self.name))
  end
  if entry.when ~= nil and type(entry.when) ~= "function" then
    NL.raise(string.format("modifier '%s' in list '%s': `when` must be a function", entry.id, self.name))
  end
end

function M.list(name, entries)
  return NL.new(name, entries, check_modifier, List)
end

-- Applies every entry that holds for ctx to `value`, in order. With `explain`,
-- also returns the list of applied terms: { id, text, rule, layer, before, after }.
function List:evaluate(value, ctx, explain)
  local why = explain and {} or nil
  local entries = self.entries
  for i = 1, #entries do   -- a numeric loop: this runs for every modifier of every throw
    local e = entries[i]
    local when = e.when
    if when == nil or when(ctx) then
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
