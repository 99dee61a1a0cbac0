-- Phalanx command and control (ACTIVATION p.13, THE GAME TURN A) p.14): pure.
--
--   command.activation_cost(vignette_or_link, situation, explain) -> cost, terms
--   command.turn_activation_points(base_points, dice, explain)   -> outcome
--   command.initiative(vignette, dice, explain)                  -> outcome
--
-- The engine's inline price (turn/activation.lua), while list_is_default():
--   command.list_is_default()                     -> the list is Phalanx's own
--                                                    (plus `link_only` entries)
--   command.link_part(link)                       -> base + the link's terms
--   command.default_cost(part, widths, los, crossing) -> the cost, min 1
--
-- Activation situation keys:
--   distance_from_general   vignette widths from the General's vignette
--   line_of_sight_blocked   line of sight from the General's vignette is blocked
--   crossing_sectors        the vignette or link crosses to/from flank/Centre sectors
--   detachment              activating a detachment (only counts once an option
--                           adds command.optional.detachment)

local M = require("lib.modifiers")
local tables = require("phalanx.tables")

local command = {}

local ACTIVATION = tables.activation

-- A single vignette, or a link given as a list of vignettes.
local function as_link(v)
  if v.class ~= nil then return { v } end
  if #v == 0 then error("Phalanx activation: expected a vignette or a non-empty link", 3) end
  return v
end

local function any_low_integrity(link)
  for j = 1, #link do local v = link[j]
    if v.integrity == "I" or v.integrity == "II" then return true end
  end
  return false
end

-- READING: "If the vignette is Class IV or Class V and RA": a link earns the
-- -1 only when every vignette in it does.
local function all_regular_high(link)
  for j = 1, #link do local v = link[j]
    if v.army_class ~= "RA" or not (v.integrity == "IV" or v.integrity == "V") then return false end
  end
  return true
end

-- ctx: link (list of vignettes), s (situation)
local activation_conditions = {
  distance_from_general = function(c) return (c.s.distance_from_general or 0) > 0 end,
  general_out_of_sight = function(c) return c.s.line_of_sight_blocked end,
  low_integrity_in_link = function(c) return any_low_integrity(c.link) end,
  crossing_sectors = function(c) return c.s.crossing_sectors end,
  regular_high_integrity = function(c) return all_regular_high(c.link) end,
  detachment = function(c) return c.s.detachment end,
}
command.activation_conditions = activation_conditions

local function activation_entry(row)
  local when = activation_conditions[row.id]
  if when == nil then error("Phalanx activation: no condition for modifier '" .. tostring(row.id) .. "'", 2) end
  local e = { id = row.id, text = row.text, rule = row.rule or ACTIVATION.rule, when = when, add = row.add }
  if row.per_widths then
    -- "+1 For every 4 vignette widths distant": whole multiples only.
    local add, per = row.add, row.per_widths
    e.add = function(c) return add * (c.s.distance_from_general // per) end
  end
  return e
end

local entries = {}
for i, row in ipairs(ACTIVATION.modifiers) do entries[i] = activation_entry(row) end
-- The activation point modifiers; options and house rules patch this by id.
command.activation_modifiers = M.list("phalanx.activation", entries)
command.optional = {}
for _, row in ipairs(ACTIVATION.optional_modifiers) do command.optional[row.id] = activation_entry(row) end

local EMPTY = {}

-- The default list, inlined (the commander asks a price for every order it
-- weighs, so this is a hot path): while command.activation_modifiers holds
-- exactly its default entries, in order (checked by identity; M.list stamps
-- copies, recognised below), every entry adds a whole number, so the cost is
-- the base, plus the link's own terms (Class I/II in the link, all RA Class
-- IV/V), plus the situation's terms, at least the minimum: the same sum as
-- the list's evaluate in any order. Any other list (an option, a module, a
-- house rule) goes the general way.
local default_entries = {}
for i, e in ipairs(command.activation_modifiers.entries) do default_entries[i] = e end
local ADD = {}
for _, row in ipairs(ACTIVATION.modifiers) do ADD[row.id] = row.add end
local PER_WIDTHS = 1
for _, row in ipairs(ACTIVATION.modifiers) do
  if row.id == "distance_from_general" then PER_WIDTHS = row.per_widths end
end
local ADD_DIST, ADD_LOS, ADD_LOW = ADD.distance_from_general, ADD.general_out_of_sight, ADD.low_integrity_in_link
local ADD_CROSS, ADD_REG = ADD.crossing_sectors, ADD.regular_high_integrity
local MINIMUM = ACTIVATION.minimum

-- An entry a ruleset marks `link_only = true` (its condition reads only
-- ctx.link, the vignettes, which do not change in a battle) and that adds a
-- fixed number is counted in the link's part (Into Glory Ride's Amalgamated
-- ART); the list is then still "the default" for the inline way.
local function link_only(e)
  return e.link_only == true and e.apply == nil and math.type(e.add) ~= nil
end

local verified_list = nil   -- a frozen list found default: it cannot change
function command.list_is_default()
  local list = command.activation_modifiers
  if list == verified_list then return true end
  local entries = list.entries
  local k = 1
  for i = 1, #entries do
    local e = entries[i]
    if e == default_entries[k] then k = k + 1
    elseif not link_only(e) then return false end
  end
  if k ~= #default_entries + 1 then return false end
  if list.frozen then verified_list = list end
  return true
end

-- The part of a link's cost that depends on its vignettes only (base, the
-- link's own terms of the default list and any link-only entries), or nil
-- when the link is not a valid one (mixed or unknown army class:
-- command.activation_cost raises). Call after list_is_default().
function command.link_part(link)
  local n = #link
  if n == 0 then return nil end
  local army = link[1].army_class
  local base = ACTIVATION.base[army]
  if base == nil then return nil end
  for j = 2, n do if link[j].army_class ~= army then return nil end end
  if any_low_integrity(link) then base = base + ADD_LOW end
  if all_regular_high(link) then base = base + ADD_REG end
  local entries = command.activation_modifiers.entries
  if #entries > #default_entries then
    local ctx = { link = link, s = EMPTY }
    for i = 1, #entries do
      local e = entries[i]
      if link_only(e) and (e.when == nil or e.when(ctx)) then base = base + e.add end
    end
  end
  return base
end

-- The cost by the default list from the link's part (command.link_part) and
-- the situation (distance in widths, line of sight blocked, crossing sectors).
function command.default_cost(link_part, distance, los_blocked, crossing)
  local cost = link_part
  if distance > 0 then cost = cost + ADD_DIST * (distance // PER_WIDTHS) end
  if los_blocked then cost = cost + ADD_LOS end
  if crossing then cost = cost + ADD_CROSS end
  if cost < MINIMUM then cost = MINIMUM end
  return cost
end

function command.activation_cost(vignette_or_link, situation, explain)
  local link = as_link(vignette_or_link)
  local army = link[1].army_class
  local base = ACTIVATION.base[army]
  if base == nil then error("Phalanx activation: unknown army class '" .. tostring(army) .. "'", 2) end
  for j = 1, #link do local v = link[j]
    if v.army_class ~= army then
      error("Phalanx activation: RA troops cannot be linked to IF troops (Linked Vignettes)", 2)
    end
  end
  local ctx = { link = link, s = situation or EMPTY }
  local cost, terms = command.activation_modifiers:evaluate(base, ctx, explain)
  if cost < ACTIVATION.minimum then cost = ACTIVATION.minimum end
  return cost, terms
end

-- The Game Turn A): the army's activation points for this turn. READING: the
-- text gives no floor; fewer than none cannot be spent, so 0 is the least.
function command.turn_activation_points(base_points, dice, explain)
  local die = dice:roll(tables.activation_die.die, "Phalanx activation points, The Game Turn A)")
  local modifier = tables.activation_die.modifier[die]
  local points = base_points + modifier
  if points < 0 then points = 0 end
  local out = { die = die, modifier = modifier, points = points }
  if explain then
    out.terms = { { id = "activation_die", text = "activation die " .. die,
                    rule = tables.activation_die.rule, before = base_points, after = base_points + modifier } }
  end
  return out
end

-- Initiative for a vignette that was not activated.
local initiative_conditions = {
  informal = function(v) return v.army_class == "IF" end,
  informal_class_iv = function(v) return v.army_class == "IF" and v.integrity == "IV" end,
  informal_class_v = function(v) return v.army_class == "IF" and v.integrity == "V" end,
  regular_class_iv = function(v) return v.army_class == "RA" and v.integrity == "IV" end,
  regular_class_v = function(v) return v.army_class == "RA" and v.integrity == "V" end,
}
command.initiative_conditions = initiative_conditions

local initiative_entries = {}
for i, row in ipairs(tables.initiative.modifiers) do
  local when = initiative_conditions[row.id]
  if when == nil then error("Phalanx initiative: no condition for modifier '" .. row.id .. "'") end
  initiative_entries[i] = { id = row.id, text = row.text, rule = tables.initiative.rule, when = when, add = row.add }
end
-- The initiative die modifiers (ctx is the vignette); patch by id.
command.initiative_modifiers = M.list("phalanx.initiative", initiative_entries)

-- Returns { die, score, action (an id), text, terms (with explain) }.
function command.initiative(vignette, dice, explain)
  local die = dice:roll(tables.initiative.die, "Phalanx initiative (vignette not activated)")
  local score, terms = command.initiative_modifiers:evaluate(die, vignette, explain)
  local action = tables.initiative_action(score)
  return { die = die, score = score, action = action.id, text = action.text, terms = terms }
end

return command
