-- Phalanx shooting adjudication (SHOOTING, p.15-16): pure, no state.
--
--   local shooting = require("phalanx.shooting")
--   local out = shooting.resolve(shooter, target, situation, dice, explain)
--
-- Vignettes are plain tables as in melee.lua. situation keys:
--   range                     distance in vignette widths (required; 0 when
--                             shooting at a vignette that moved into contact)
--   target_ahead              the target is directly ahead (default true);
--                             only VLI and LSC shoot all round
--   target_moved_into_contact the target ended its move in contact with the
--                             shooters: -1, and an H becomes R
--   shooter_in_bad_going      the shooters are in Bad Going (a combat penalty
--                             for their class per Table 3: -2)
--   target_friends_behind     as melee's friends_behind, for the target
-- Artillery (optional rule): a shooter with `artillery = "attached"` (a
-- foot vignette only) or `"amalgamated"` (an HIB vignette) shoots to 1 or 4
-- on the "Other" row (tables.artillery); attached artillery adds to the
-- vignette's own shooting (shooting_of). Only army lists using the option
-- set it.
-- Returns { die, score, table_result, result } where result is "-", H, R, RR
-- or B; with `explain` also terms (List:evaluate terms) and conversions.

local M = require("lib.modifiers")
local troops = require("phalanx.troops")
local tables = require("phalanx.tables")
local melee = require("phalanx.melee")

local shooting = {}

local classes = troops.classes
local groups = troops.groups
local MOVEMENT = tables.movement

local function mounted_or_animal(code)
  local g = classes[code].general
  return g == "MOUNTED" or g == "ANIMAL"
end

-- ctx fields: shooter, target, s (the situation).
local conditions = {
  hib_at_mounted_close = function(c)
    return c.shooter.class == "HIB" and mounted_or_animal(c.target.class) and c.s.range <= 1
  end,
  dense_target = function(c) return groups.shooting_target_bonus[c.target.class] end,
  target_moved_into_contact = function(c) return c.s.target_moved_into_contact end,
  shooter_combat_penalty = function(c)
    return c.s.shooter_in_bad_going and MOVEMENT[c.shooter.class].combat_penalty
  end,
}
shooting.conditions = conditions

local function build_modifiers()
  local entries = {}
  for i, row in ipairs(tables.shooting.modifiers) do
    local when = conditions[row.id]
    if when == nil then error("Phalanx shooting: no condition for modifier '" .. row.id .. "'") end
    entries[i] = { id = row.id, text = row.text, rule = row.rule or tables.shooting.rule,
                   when = when, add = row.add }
  end
  return M.list("phalanx.shooting", entries)
end
-- The shooting conditional modifiers; options and house rules patch this by id.
shooting.modifiers = build_modifiers()

-- How a shooter shoots at `range` (vignette widths; nil: its longest):
-- { range, all_round, row } or nil, and why not. Attached artillery is a
-- foot vignette's bolt thrower: READING, it adds to the vignette's own
-- shooting ("The vignette can shoot to 1 if attached"), so a vignette that
-- shoots of itself shoots as itself within its own range, and as its
-- artillery (Other row) where only the artillery reaches.
local function shooting_of(shooter, range)
  local c = classes[shooter.class]
  if c == nil then return nil, "unknown troop class '" .. tostring(shooter.class) .. "'" end
  local artillery = shooter.artillery
  if artillery ~= nil then
    local a = tables.artillery[artillery]
    if a == nil then return nil, "unknown artillery '" .. tostring(artillery) .. "' (attached or amalgamated)" end
    if a.class and a.class ~= shooter.class then
      return nil, artillery .. " artillery is treated as " .. a.class .. ", not " .. shooter.class
    end
    if artillery == "attached" then
      if c.general ~= "FOOT" then
        return nil, "attached artillery is attached to foot vignettes, not " .. shooter.class
      end
      local own = c.shoots
      if own and (range == nil or range <= own.range or own.range >= a.range) then
        if range == nil and a.range > own.range then
          return { range = a.range, all_round = false, row = a.row }
        end
        return own
      end
    end
    return { range = a.range, all_round = false, row = a.row }
  end
  local s = c.shoots
  if s == nil then return nil, shooter.class .. " cannot shoot (only HIB, LIN, VLI, HSC, CAM and LSC)" end
  return s
end

-- Eligibility (Shooting): who shoots, how far, and in which direction.
function shooting.can_shoot(shooter, target, situation)
  local s, why = shooting_of(shooter, situation and situation.range)
  if s == nil then return false, why end
  if classes[target.class] == nil then return false, "unknown troop class '" .. tostring(target.class) .. "'" end
  local range = situation and situation.range
  if type(range) ~= "number" then return false, "situation.range (vignette widths) is required" end
  if range > s.range then
    return false, string.format("%s shoots to %s vignette widths; the target is at %s",
      shooter.artillery and (shooter.artillery .. " artillery") or shooter.class, s.range, range)
  end
  if not s.all_round and situation.target_ahead == false then
    return false, shooter.class .. " can only shoot directly ahead (only VLI and LSC shoot all round)"
  end
  return true
end

local ctx = {}

function shooting.resolve(shooter, target, situation, dice, explain)
  local ok, why_not = shooting.can_shoot(shooter, target, situation)
  if not ok then error("Phalanx shooting: " .. why_not, 2) end

  ctx.shooter, ctx.target, ctx.s = shooter, target, situation
  local die = dice:roll(6, "Phalanx shooting")
  local score, terms = shooting.modifiers:evaluate(die, ctx, explain)
  local table_result = tables.shooting_result(shooter.class, score, (shooting_of(shooter, situation.range)).row)

  local result = table_result
  -- "If the target then receives an H result ... converts the H into an R".
  if result == "H" and situation.target_moved_into_contact then result = "R" end
  local after_contact = result
  -- "B means the target is Broken if Mounted otherwise RR" (READING: Mounted
  -- or Animal, the classes the +2 modifier names).
  if result == "B" and not mounted_or_animal(target.class) then result = "RR" end
  local after_mounted = result
  result = melee.into_friends(result, situation.target_friends_behind)

  local out = { die = die, score = score, table_result = table_result, result = result }
  if explain then
    out.terms = terms
    local conversions = {}
    if after_contact ~= table_result then
      conversions[#conversions + 1] = { from = table_result, to = after_contact,
        rule = "Shooting: H becomes R when the target moved into contact" }
    end
    if after_mounted ~= after_contact then
      conversions[#conversions + 1] = { from = after_contact, to = after_mounted,
        rule = "Shooting results: B only for Mounted, otherwise RR" }
    end
    if result ~= after_mounted then
      conversions[#conversions + 1] = { from = after_mounted, to = result,
        rule = "Results, RR: repulse into friends within half the move" }
    end
    out.conversions = conversions
  end
  return out
end

return shooting
