-- Into Glory Ride shooting (SHOOTING): replaces phalanx.shooting in this
-- instance (init.lua, `replaces`), so every require of "phalanx.shooting" in
-- an Into Glory Ride instance gets this module. Same contract as Phalanx's:
--
--   shooting.resolve(shooter, target, situation, dice, explain)
--   shooting.can_shoot(shooter, target, situation)
--   shooting.modifiers          the modifier list; options patch it by id
--
-- What differs: ranges by class and epoch (data.ranges), with short and long
-- range for amalgamated artillery from Epoch III; the text's nine modifiers;
-- ART shoots, amalgamated (class ART, epoch, weight) or attached (a foot
-- vignette's `attached_artillery = EPOCH`); and "ART can be attached to HIM.
-- This will mean that they can shoot as HIM and ART": READING, such a vignette
-- throws once as HIM and once as its attached ART, and the target takes the
-- more severe of the two results.
--
-- A vignette: { class, integrity, army_class, epoch, weight,
-- attached_artillery }. situation keys as in Phalanx: range (vignette widths;
-- 0 for a target that moved into contact), target_ahead,
-- target_moved_into_contact, shooter_in_bad_going, target_friends_behind.
-- Returns { die, score, table_result, result, shots } (die, score, terms and
-- table_result of the shot that decided the result; shots = every throw).

local M = require("lib.modifiers")
local troops = require("phalanx.troops")
local tables = require("phalanx.tables")
local melee = require("phalanx.melee")

local shooting = {}

local classes = troops.classes
local MOVEMENT = tables.movement
local RANGES = tables.shooting.ranges
local RESULTS = tables.shooting.results
local EPOCH_SHOOTERS = { LIN = true, VLI = true, HSC = true, LSC = true }

local function mounted_or_animal(code)
  local g = classes[code].general
  return g == "MOUNTED" or g == "ANIMAL"
end

-- The throws a vignette makes: { as = "HIM" | "ART" | "AA" | "other",
-- epoch, short, long, row }. Nil and the reason when it cannot shoot.
local function shots_of(v)
  local c = classes[v.class]
  if c == nil then return nil, "unknown troop class '" .. tostring(v.class) .. "'" end
  local shots = {}
  local function add(as, row_of_ranges, epoch, results_row)
    local r = row_of_ranges and row_of_ranges[epoch]
    if r == nil then
      return nil, string.format("%s shooting as %s needs an epoch I-V (found %s)", v.class, as, tostring(epoch))
    end
    shots[#shots + 1] = { as = as, epoch = epoch, short = r.short, long = r.long, row = results_row }
    return true
  end
  local ok, why = true, nil
  if v.class == "HIM" then
    ok, why = add("HIM", RANGES.HIM, v.epoch, "HIM/ART")
  elseif v.class == "ART" then
    local by_weight = RANGES.amalgamated[v.weight or ""]
    if by_weight == nil then
      return nil, "amalgamated ART needs a weight (light, medium or heavy), found " .. tostring(v.weight)
    end
    ok, why = add("ART", by_weight, v.epoch, "HIM/ART")
  elseif EPOCH_SHOOTERS[v.class] then
    -- READING: an LIN, VLI, HSC or LSC whose list gives no epoch shoots as
    -- Epoch I (range 1, Phalanx's range for them).
    ok, why = add("other", RANGES.other, v.epoch or "I", "Other")
  end
  if not ok then return nil, why end
  if v.attached_artillery ~= nil then
    ok, why = add("AA", RANGES.attached, v.attached_artillery, "HIM/ART")
    if not ok then return nil, why end
  end
  if #shots == 0 then
    return nil, v.class .. " cannot shoot (only HIM, LIN, VLI, HSC, ART and LSC, and foot with attached ART)"
  end
  return shots
end
shooting.shots_of = shots_of

-- The farthest a vignette shoots, in vignette widths (0: it does not shoot).
local function max_range_of(v)
  local shots = shots_of(v)
  if not shots then return 0 end
  local best = 0
  for _, s in ipairs(shots) do
    local reach = s.long or s.short
    if reach > best then best = reach end
  end
  return best
end

-- Remembered per vignette with the fields it reads (class, epoch, weight,
-- attached artillery: a changed field is worked out again), since the
-- commander asks it of every enemy near its reserve several times a turn
-- and shots_of builds its list afresh each time (issue #13, session eleven:
-- max_range and shots_of were 12% of a Leipzig battle's Lua, the same
-- battles with the memo). Weak keys: a vignette's entry goes with it.
local range_memo = setmetatable({}, { __mode = "k" })
function shooting.max_range(v)
  local m = range_memo[v]
  if m and m[1] == v.class and m[2] == v.epoch and m[3] == v.weight and m[4] == v.attached_artillery then
    return m[5]
  end
  local r = max_range_of(v)
  range_memo[v] = { v.class, v.epoch, v.weight, v.attached_artillery, r }
  return r
end

local function is_artillery_or_him(c) return c.shot.as ~= "other" end

-- ctx fields: shooter, target, s (the situation), shot (one of shots_of).
local conditions = {
  him_art_at_mounted = function(c) return is_artillery_or_him(c) and mounted_or_animal(c.target.class) end,
  epoch_v = function(c) return is_artillery_or_him(c) and c.shot.epoch == "V" end,
  dense_target = function(c)
    local t = c.target.class
    return t == "HIP" or t == "HIS" or t == "HIW"
        or (t == "HIM" and (c.target.epoch == "I" or c.target.epoch == "II"))
  end,
  epoch_iii_iv = function(c)
    return is_artillery_or_him(c) and (c.shot.epoch == "III" or c.shot.epoch == "IV")
  end,
  light_target = function(c) local t = c.target.class; return t == "LIW" or t == "LIS" or t == "LIN" end,
  target_moved_into_contact = function(c) return c.s.target_moved_into_contact end,
  long_range = function(c) return c.shot.long ~= nil and c.s.range > c.shot.short end,
  elusive_target = function(c) local t = c.target.class; return t == "VLI" or t == "LSC" end,
  shooter_combat_penalty = function(c)
    return c.s.shooter_in_bad_going and MOVEMENT[c.shooter.class].combat_penalty
  end,
}
shooting.conditions = conditions

local entries = {}
for i, row in ipairs(tables.shooting.modifiers) do
  local when = conditions[row.id]
  if when == nil then error("Into Glory Ride shooting: no condition for modifier '" .. row.id .. "'") end
  entries[i] = { id = row.id, text = row.text, rule = row.rule or tables.shooting.rule, when = when, add = row.add }
end
-- The shooting conditional modifiers; options and house rules patch this by id.
shooting.modifiers = M.list("into_glory_ride.shooting", entries)

function shooting.can_shoot(shooter, target, situation)
  local shots, why = shots_of(shooter)
  if not shots then return false, why end
  if classes[target.class] == nil then return false, "unknown troop class '" .. tostring(target.class) .. "'" end
  local range = situation and situation.range
  if type(range) ~= "number" then return false, "situation.range (vignette widths) is required" end
  local reach = shooting.max_range(shooter)
  if range > reach then
    return false, string.format("%s shoots to %s vignette widths; the target is at %s", shooter.class, reach, range)
  end
  local c = classes[shooter.class]
  local all_round = c.shoots ~= nil and c.shoots.all_round
  if not all_round and situation.target_ahead == false then
    return false, shooter.class .. " can only shoot directly ahead (only VLI and LSC shoot all round)"
  end
  return true
end

local SEVERITY = { ["-"] = 0, H = 1, R = 2, RR = 3, B = 4 }
local ctx = {}

function shooting.resolve(shooter, target, situation, dice, explain)
  local ok, why_not = shooting.can_shoot(shooter, target, situation)
  if not ok then error("Into Glory Ride shooting: " .. why_not, 2) end
  local shots = shots_of(shooter)
  local best, thrown = nil, {}
  for _, shot in ipairs(shots) do
    if situation.range <= (shot.long or shot.short) then
      ctx.shooter, ctx.target, ctx.s, ctx.shot = shooter, target, situation, shot
      local die = dice:roll(6, "Into Glory Ride shooting (as " .. shot.as .. ")")
      local score, terms = shooting.modifiers:evaluate(die, ctx, explain)
      local row = RESULTS[shot.row]
      local table_result = row[score < 1 and 1 or (score > #row and #row or score)]
      local result = table_result
      local conversions = explain and {} or nil
      -- "If the target then receives an H result ... converts the H into an R".
      if result == "H" and situation.target_moved_into_contact then
        result = "R"
        if conversions then conversions[#conversions + 1] = { from = "H", to = "R",
          rule = "Shooting: H becomes R when the target moved into contact" } end
      end
      -- "B means the target is Broken if Mounted otherwise RR" (READING, as
      -- Phalanx: Mounted or Animal).
      if result == "B" and not mounted_or_animal(target.class) then
        result = "RR"
        if conversions then conversions[#conversions + 1] = { from = "B", to = "RR",
          rule = "Shooting results: B only for Mounted, otherwise RR" } end
      end
      local t = { as = shot.as, epoch = shot.epoch, die = die, score = score, terms = terms,
                  table_result = table_result, result = result, conversions = conversions }
      thrown[#thrown + 1] = t
      if best == nil or SEVERITY[result] > SEVERITY[best.result] then best = t end
    end
  end
  local result = melee.into_friends(best.result, situation.target_friends_behind)
  local out = { die = best.die, score = best.score, table_result = best.table_result, result = result,
                shots = thrown }
  if explain then
    out.terms = best.terms
    local conversions = {}
    for _, cv in ipairs(best.conversions) do conversions[#conversions + 1] = cv end
    if result ~= best.result then
      conversions[#conversions + 1] = { from = best.result, to = result,
        rule = "Results, RR: repulse into friends within half the move" }
    end
    out.conversions = conversions
  end
  return out
end

return shooting
