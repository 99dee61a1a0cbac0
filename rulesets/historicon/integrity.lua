-- Historicon v2, Phase 6: the integrity test. Pure adjudication.
--
--   local I = require("historicon.integrity")
--   local ids = I.triggers(unit, events)                -- which of the nine apply
--   local out = I.test(unit, situation, dice, explain)  -- 2D6 + modifiers
--   local after, effect = I.apply(unit, out.result, reason)
--
-- Reads from the unit: class, sub, grade, figures (horses, crew for
-- chariots), hits, recoils, disordered, general, formed.
-- situation: reason (a trigger id; "forms_or_unforms" gives +3),
-- no_friend_within_30cm.

local M = require("lib.modifiers")
local tables = require("historicon.tables")
local troops = require("historicon.troops")
local E = require("historicon.dice_expr")

local I = {}

-- "When testing integrity ... each EI model as 5 figures, an HCH or LCH
-- model as the number of horses plus the number of crew figures."
local function figures_of(unit) return troops.figure_equivalent(unit) end

-- Recoils that cost -2 each: those beyond the grade's free ones. `recoils`
-- counts the unit's recoils this battle, the one being tested included.
local function costly_recoils(c, free)
  return math.max(0, (c.unit.recoils or 0) - (free[c.unit.grade or "A"] or free.A))
end

local conditions = {
  repeated_recoil = function(c, d) return costly_recoils(c, d.free_recoils) > 0 end,
  hits_exceed_figures = function(c) return c.hits > c.figures end,
  hits_exceed_twice_figures = function(c) return c.hits > 2 * c.figures end,
  g_class = function(c) return c.unit.grade == "G" end,
  hits_exceed_four_times_figures = function(c) return c.hits > 4 * c.figures end,
  no_friend_within_30cm = function(c) return c.situation.no_friend_within_30cm == true end,
  disordered = function(c) return c.unit.disordered == true end,
  general = function(c) return c.unit.general == true end,
  forming_or_unforming = function(c) return c.situation.reason == "forms_or_unforms" end,
  e_class = function(c) return c.unit.grade == "E" end,
}

local function build()
  local entries = {}
  for i, d in ipairs(tables.integrity_modifiers) do
    local cond = conditions[d.id]
    if not cond then error("Historicon integrity: no condition for modifier '" .. d.id .. "'") end
    local add = d.add
    if d.per_recoil then
      local free = d.free_recoils
      add = function(c) return d.add * costly_recoils(c, free) end
    end
    entries[i] = { id = d.id, text = d.text, rule = d.rule, add = add,
                   when = function(c) return cond(c, d) end }
  end
  return M.list("historicon.integrity", entries)
end

-- The integrity modifiers as a named, ordered list (options patch it by id).
I.modifiers = build()

-- Result of a modified score against a Table 2 row: "pass", "recoil" or
-- "break". Break is strictly below the "<n" cell; a score in the gap
-- between break and the printed recoil band (e.g. 3 for HI) recoils.
function I.classify(score, class)
  local row = tables.troop_shared[class].integrity
  if not row then error("Historicon: class '" .. tostring(class) .. "' has no integrity columns in Table 2", 2) end
  if score >= row.pass then return "pass" end
  if score < row.break_below then return "break" end
  return "recoil"
end

-- The class whose Table 2 row the unit tests on (crew test with their model).
local function testing_class(unit) return unit.class end

-- Throws 2D6 for the unit and classifies the modified score.
-- Returns { result, score, natural } and, when explain, dice and terms.
function I.test(unit, situation, dice, explain)
  situation = situation or {}
  local a = dice:roll(6, "Historicon integrity test")
  local b = dice:roll(6, "Historicon integrity test")
  local ctx = { unit = unit, situation = situation, figures = figures_of(unit), hits = unit.hits or 0 }
  local score, why = I.modifiers:evaluate(a + b, ctx, explain)
  local out = { result = I.classify(score, testing_class(unit)), score = score, natural = a + b }
  if explain then out.dice, out.terms = { a, b }, why end
  return out
end

-- Probability of each result for exact odds: { pass = p, recoil = p, ["break"] = p }.
function I.odds(unit, situation)
  situation = situation or {}
  local ctx = { unit = unit, situation = situation, figures = figures_of(unit), hits = unit.hits or 0 }
  local delta = I.modifiers:evaluate(0, ctx, false)
  local odds = { pass = 0, recoil = 0, ["break"] = 0 }
  for a = 1, 6 do
    for b = 1, 6 do
      local r = I.classify(a + b + delta, testing_class(unit))
      odds[r] = odds[r] + 1 / 36
    end
  end
  return odds
end

local function crossed(before, after, threshold) return before <= threshold and after > threshold end

-- The nine triggers of Phase 6 that `events` meet, as a list of ids in the
-- order of the text (an id repeats once per enemy contact).
-- events: rallies, forms_or_unforms, becomes_disordered, recoils, breaks_off
-- (booleans); enemy_contacts (count); new_hits (hits just received, already
-- included in unit.hits); charged_by (the charging enemy unit).
function I.triggers(unit, events)
  local ids = {}
  local function add(id) ids[#ids + 1] = id end
  if events.rallies then add("rallies") end
  if events.forms_or_unforms then add("forms_or_unforms") end
  if events.becomes_disordered then add("becomes_disordered") end
  if events.recoils then add("recoils") end
  if events.breaks_off then add("breaks_off") end
  for _ = 1, events.enemy_contacts or 0 do add("enemy_moves_into_contact") end
  if events.new_hits and events.new_hits > 0 then
    local after = unit.hits or 0
    local before, figs = after - events.new_hits, figures_of(unit)
    if crossed(before, after, figs) then add("hits_exceed_figures") end
    if crossed(before, after, 2 * figs) then add("hits_exceed_twice_figures") end
  end
  local charger = events.charged_by
  if charger and (unit.class == "LI" or unit.class == "VLI") and troops.is_mounted(charger)
      and troops.is_formed(charger) and not charger.disordered then
    add("light_foot_charged_by_ordered_formed_mounted")
  end
  return ids
end

local function copy(unit)
  local c = {}
  for k, v in pairs(unit) do c[k] = v end
  return c
end

-- Applies a test result to a copy of the unit. `reason` is the trigger id.
-- Returns the new unit and the effect: { result, move = dice expression of
-- the move to the rear (nil if none), lost = true if the unit is removed }.
--  pass:   a rallying unit returns to good order; a unit changing form
--          changes it.
--  recoil: "recoil back disordered" (recoil distance); counts as a recoil,
--          unless the test was taken because the unit recoils.
--  break:  broken and disordered, "an immediate move to their rear of
--          3d12cm if foot and 2d20cm if mounted"; HIP, HIB, HCH, LCH and
--          KC "are lost if broken" (no figures left).
function I.apply(unit, result, reason)
  local u = copy(unit)
  local gait = troops.is_mounted(unit) and "mounted" or "foot"
  local effect = { result = result }
  if result == "pass" then
    if reason == "rallies" then u.disordered, u.broken = false, false end
    if reason == "forms_or_unforms" then u.formed = not troops.is_formed(unit) end
  elseif result == "recoil" then
    u.disordered = true
    -- A test taken because the unit recoils makes that recoil a disordered
    -- one; it is not a second recoil (no second move, no second count).
    if reason ~= "recoils" then
      u.recoils = (unit.recoils or 0) + 1
      effect.move = tables.moves.recoil[gait]
    end
  elseif result == "break" then
    u.broken, u.disordered = true, true
    if troops.lost_if_broken[unit.sub or ""] or troops.lost_if_broken[unit.class] then
      u.figures, u.lost, effect.lost = 0, true, true
    else
      effect.move = tables.moves["break"][gait]
    end
  else
    error("Historicon integrity: unknown result '" .. tostring(result) .. "'", 2)
  end
  return u, effect
end

-- Phase 3: "Troops that rally may regain 1D6 hits for every turn spent doing
-- so." Returns the hits left (never below 0).
function I.regain_hits(unit, dice)
  local regained = E.roll(tables.rally_regain, dice, "Historicon rally, hits regained")
  return math.max(0, (unit.hits or 0) - regained), regained
end

return I
