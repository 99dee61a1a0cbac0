-- WRG Ancients 1973, SHOOTING: weapon factor + tactical factors + random
-- factor, read on the casualty table with the number of figures shooting.
-- Pure adjudication.
--
--   local S = require("wrg.shooting")
--   local out = S.shoot(shooter, target, situation, dice, explain)
--   out = { casualties, total, weapon, tactical, random = {value, minus, plus},
--           figures, column, row, terms (explain) }
--
-- situation:
--   figures          figures shooting (default S.figures(shooter))
--   from_front       the shooter is to the target's front (EHC count SHC)
--   partial_cover    the target is in partial cover
--   target_moved     paces the target moved this period
--   range            paces to the target (for the half-range penalty)
--   overhead         shooting over own ranks or friends; overhead_exempt:
--                    down a slope clear of friends, or from an elephant or rampart
--   target_shield    { rear =, unshielded_flank =, shooting_two_handed = }:
--                    why the target may be unable to use shields
--   bonus            extra factors from options (weather) as { {id,text,add} }

local M = require("lib.modifiers")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local chance = require("wrg.chance")

local S = {}

local function shieldless(c)
  return not troops.can_use_shield(c.target, c.s.target_shield)
end

local conditions = {
  partial_cover = function(c)
    return c.s.partial_cover == true and not (c.shooter.type == "ENG" and c.shooter.engine ~= "light_bolt" and c.shooter.engine ~= "heavy_bolt")
  end,
  target_moving = function(c) return (c.s.target_moved or 0) >= 60 end,
  beyond_half_range = function(c)
    local m = troops.missile(c.shooter)
    if m ~= "bow" and m ~= "crossbow" then return false end
    local r = troops.range(c.shooter)
    return c.s.range ~= nil and r ~= nil and c.s.range > r / 2
  end,
  overhead = function(c) return c.s.overhead == true and not c.s.overhead_exempt end,
  shieldless_cav_light_heavy = function(c)
    if c.shooter.type == "ENG" then return false end
    local col = c.column
    local ok = troops.is_cavalry(c.target) or col == "HI" or col == "LI"
    return ok and c.target.type ~= "ENG" and shieldless(c)
  end,
  shieldless_medium = function(c)
    return c.shooter.type ~= "ENG" and c.column == "MI" and shieldless(c)
  end,
  transition_base = function(c) return tables.transition_penalty(c.s.base_frontage or 15) ~= 0 end,
}

local entries = {}
for _, t in ipairs(tables.shooting_tactical) do
  local cond = conditions[t.id] or error("wrg.shooting: no condition for tactical factor '" .. t.id .. "'")
  local add = t.add
  if add == "transition" then add = function(c) return tables.transition_penalty(c.s.base_frontage or 15) end end
  entries[#entries + 1] = { id = t.id, rule = "SHOOTING, TACTICAL FACTORS", text = t.text, when = cond, add = add }
end
for id in pairs(conditions) do
  local found = false
  for _, t in ipairs(tables.shooting_tactical) do if t.id == id then found = true end end
  if not found then error("wrg.shooting: condition '" .. id .. "' has no tactical factor in tables.lua") end
end
S.modifiers = M.list("wrg.shooting", entries)

-- Figures that shoot: the front rank; bows shoot "over one rank of the same
-- unit if cavalry or barbarian or over 3 ranks if regular infantry", not if
-- the unit moved or is disorganised; crews of models; a disorganised unit
-- "counts half the figures of its nearest rank only".
function S.figures(u, s)
  s = s or {}
  if u.type == "ENG" or u.type == "EL" or u.type == "CH" then
    -- models stand in one rank: disorganised, half of them (rounded down)
    -- shoot, each with its crew
    local models = u.figures or 1
    if u.disorganised then models = models // 2 end
    return troops.crew_shooters(u) * models
  end
  local files = s.files or math.min(u.figures, u.files or u.figures)
  if u.disorganised then return files // 2 end
  local n = files
  if troops.missile(u) == "bow" and not s.moved then
    local over = (troops.is_cavalry(u) or not u.regular) and tables.overhead_ranks.cavalry_or_barbarian
      or tables.overhead_ranks.regular_infantry
    local ranks = math.min(u.ranks or 1, 1 + over)
    n = math.min(u.figures, files * ranks)
  end
  return n
end

function S.weapon_factor(shooter, target, from_front)
  local column = troops.target_column(target, from_front ~= false, false, false)
  return tables.shooting_weapon[troops.shooting_row(shooter)][column], column
end

function S.shoot(shooter, target, s, dice, explain)
  s = s or {}
  local weapon, column = S.weapon_factor(shooter, target, s.from_front)
  local c = { shooter = shooter, target = target, s = s, column = column }
  local total, terms = S.modifiers:evaluate(weapon, c, explain)
  for _, b in ipairs(s.bonus or {}) do
    total = total + b.add
    if terms then terms[#terms + 1] = { id = b.id, text = b.text, rule = b.rule, layer = b.layer, before = total - b.add, after = total } end
  end
  local tactical = total - weapon
  local r = chance.shooting(shooter, dice, s.purpose or "WRG shooting random factor", explain)
  total = total + r.value
  local figures = s.figures or S.figures(shooter, s)
  local out = { casualties = tables.casualties(total, figures), total = total, weapon = weapon, tactical = tactical,
                random = r, figures = figures, column = column, row = troops.shooting_row(shooter), terms = terms }
  return out
end

return S
