-- WRG Ancients 1973, THE REACTION TEST. Pure adjudication.
--
--   local R = require("wrg.reaction")
--   local out = R.test(unit, situation, dice, explain)
--     -> { result, rank, score, natural, dice = n, rolls = {..}, factors, chart, terms }
--
-- unit: class ("A".."E"), regular, figures (now), original (figures at the
-- start), fanatic, type, weapons, shield.
-- situation: chart = 1 (still subject to current order, default) or 2 (no
-- current order); the factors of tables.reaction_factors by id: a number for
-- the counted ones (friendly_units, enemy_units, enemy_routing,
-- friends_routing, secure_flanks; fifths_lost is worked out from figures and
-- original when not given), true for the others; signs = { [id] = -1 } for
-- the "players choice" factors a player subtracts (default: added), and
-- personality = "cautious" (only minus) | "rash" (only plus) for a
-- subordinate general's influence.
-- The factors that follow from the unit itself are set here when the
-- situation does not say: bows, no_shields, disorganised, routed, e_in_rout.

local M = require("lib.modifiers")
local tables = require("wrg.tables")
local troops = require("wrg.troops")

local R = {}

local function count(c, id) local v = c.s[id]; return type(v) == "number" and v or 0 end

local function sign(c, e)
  if not e.choice then return 1 end
  local gen = e.id == "general_with_unit" or e.id == "general_near"
  if gen and c.s.personality == "cautious" then return -1 end
  if gen and c.s.personality == "rash" then return 1 end
  return (c.s.signs and c.s.signs[e.id]) or 1
end

-- Factors that follow from the unit when the situation is silent.
local derived = {
  bows = function(u) return troops.has(u, "bow") or troops.has(u, "crossbow") end,
  no_shields = function(u) return u.shield == false and u.type ~= "SHC" and not troops.is_model(u) end,
  disorganised = function(u) return u.disorganised == true end,
  routed = function(u) return u.routing == true or u.has_routed == true end,
  e_in_rout = function(u) return u.class == "E" and u.routing == true end,
}

function R.fifths_lost(u)
  local orig = u.original or u.figures
  if not orig or orig <= 0 then return 0 end
  return ((orig - u.figures) * 5) // orig
end

local entries = {}
for _, f in ipairs(tables.reaction_factors) do
  local e = { id = f.id, rule = "THE REACTION TEST", text = f.text }
  if f.per then
    e.when = function(c) return c.counts[f.id] > 0 end
    e.add = function(c)
      local n = c.counts[f.id]
      if f.cap and n > f.cap then n = f.cap end
      return f.add * n * sign(c, f)
    end
  else
    e.when = function(c) return c.flags[f.id] == true end
    e.add = function(c) return f.add * sign(c, f) end
  end
  entries[#entries + 1] = e
end
R.modifiers = M.list("wrg.reaction", entries)

-- "When 1/3 of original figures are lost or separated, use only 2 dice, if
-- 1/2, use only 1 dice."
function R.dice_count(u)
  local orig = u.original or u.figures
  local lost = orig - u.figures
  if lost * 2 >= orig then return 1 end
  if lost * 3 >= orig then return 2 end
  return 3
end

-- The result of a final score on a chart for a class.
function R.chart_result(chart, class, score)
  local rows = tables.reaction_charts[chart].rows
  for i = 1, #rows - 1 do
    if score <= rows[i][class] then return rows[i].result end
  end
  return rows[#rows].result
end

function R.rank(result) return tables.reaction_results[result].rank end

-- "better than Halt"
function R.better_than_halt(result) return R.rank(result) >= 4 end

function R.test(u, s, dice, explain)
  s = s or {}
  local counts, flags = {}, {}
  for _, f in ipairs(tables.reaction_factors) do
    if f.per then
      local n = s[f.id]
      if f.id == "fifths_lost" and n == nil then n = R.fifths_lost(u) end
      counts[f.id] = type(n) == "number" and n or 0
    else
      local v = s[f.id]
      if v == nil and derived[f.id] then v = derived[f.id](u) end
      flags[f.id] = v == true
    end
  end
  local c = { u = u, s = s, counts = counts, flags = flags }
  local n = R.dice_count(u)
  local die = troops.reaction_die(u)
  local natural, rolls = 0, {}
  local purpose = s.purpose or "WRG reaction test"
  for i = 1, n do
    local v = dice:roll(die, purpose)
    rolls[i] = v
    natural = natural + v
  end
  local score, terms = R.modifiers:evaluate(natural, c, explain)
  for _, b in ipairs(s.bonus or {}) do
    score = score + b.add
    if terms then terms[#terms + 1] = { id = b.id, text = b.text, rule = b.rule, before = score - b.add, after = score } end
  end
  local chart = s.chart or 1
  local result = R.chart_result(chart, u.class, score)
  return { result = result, rank = R.rank(result), score = score, natural = natural, dice = n, rolls = rolls,
           factors = score - natural, chart = chart, terms = terms }
end

return R
