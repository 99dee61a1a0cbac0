-- WRG Ancients 1973, HAND-TO-HAND COMBAT and AFTER HAND-TO-HAND FIGHTING.
-- Pure adjudication.
--
--   local H = require("wrg.melee")
--   local out = H.strike(fighter, enemy, situation, dice, explain)
--     -> { casualties, total, weapon, row, tactical, random, figures, column, terms }
--   local r = H.after(unit, { received =, inflicted =, missile =, figures =,
--                             push_backs = consecutive push-backs before })
--     -> { pushed_back = bool, broken = bool, push_backs = n, reason = id }
--   reasons: "more" (more received than inflicted and 1 per figure: pushed
--   back), "twice" (twice as many: broken), "push_backs" (the class's count
--   of consecutive push-backs reached: broken); H.REASONS has the texts.
--
-- situation (all optional):
--   figures           figures eligible to fight (default H.figures(fighter, s))
--   files             front-rank figures in contact or overlapping
--   first_period      the first period of this melee (lance/kontos; EHC as SHC)
--   from_front        the fighter strikes the enemy's front (default true)
--   flank_or_rear     the fighter strikes the enemy's flank or rear
--   row               the weapon row used (default: the best, H.choose_row)
--   enemy_row         the row the enemy uses (two-handed weapons: shieldless)
--   enemy_shield      { rear =, unshielded_flank =, climbing = }
--   enemy_partial_cover, charging (charging, countercharging or following up),
--   uphill, missile_per_figure (casualties per figure from missiles this period),
--   fanatic_periods   periods of close combat this fanatic unit fought before
--   enemy_pushed_back the enemy has been pushed back during the current melee
--   general_in_front  the General fights in the front rank
--   model_flank_only  an elephant or chariot engaged in flank or rear only
--   base_frontage     mm, for the TRANSITION PERIOD penalty
--   bonus             extra factors from options { {id, text, add} }
--   random            a random factor already thrown this period ({ value,
--                     minus, plus }: the same unit's figures lapping round
--                     strike with the unit's own throw); no dice are rolled

local M = require("lib.modifiers")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local chance = require("wrg.chance")

local H = {}

-- The row the enemy fights with (s.enemy_row, else its best against the
-- fighter), worked out once a strike: the tactical factors below ask it up
-- to three times, and nothing it reads changes within one strike.
local NO_ROW = {}
local function enemy_row(c)
  local row = c.erow
  if row == nil then
    row = c.s.enemy_row or H.choose_row(c.enemy, c.fighter, c.s.first_period) or NO_ROW
    c.erow = row
  end
  if row == NO_ROW then return nil end
  return row
end

local function enemy_shieldless(c)
  if c.shieldless ~= nil then return c.shieldless end -- (once a strike, as enemy_row)
  local sit = {}
  for k, v in pairs(c.s.enemy_shield or {}) do sit[k] = v end
  local row = enemy_row(c)
  if row and troops.row_two_handed(c.enemy, row) then sit.melee_weapon = "pike" end
  c.shieldless = not troops.can_use_shield(c.enemy, sit)
  return c.shieldless
end

-- Whether the enemy fights with pikes or long spears (infantry), or is an
-- elephant or chariot armed with them.
local function enemy_pikes(c)
  local e = c.enemy
  if e.type == "EL" or e.type == "CH" then
    for _, w in ipairs(e.crew or {}) do if w == "pike" or w == "long_spear" then return true end end
    return false
  end
  if not troops.is_infantry(e) then return false end
  local row = enemy_row(c)
  if row == "pike" then return true end
  return row == "spear" and troops.has(e, "long_spear")
end

local conditions = {
  partial_cover = function(c) return c.s.enemy_partial_cover == true end,
  facing_pikes = function(c)
    if c.row == "pike" and troops.is_infantry(c.fighter) then return false end
    if c.s.from_front == false or c.s.flank_or_rear then return false end
    return enemy_pikes(c) and not c.enemy.disorganised and not c.s.enemy_pushed_back
  end,
  fanatic_later = function(c) return c.fighter.fanatic == true and (c.s.fanatic_periods or 0) >= 1 end,
  missile_casualties = function(c) return (c.s.missile_per_figure or 0) >= 1 end,
  shieldless_cav_light_heavy = function(c)
    local col = c.column
    return (troops.is_cavalry(c.enemy) or col == "HI" or col == "LI") and c.enemy.type ~= "ENG" and enemy_shieldless(c)
  end,
  charging = function(c) return c.s.charging == true end,
  uphill = function(c) return c.s.uphill == true end,
  shieldless_medium = function(c) return c.column == "MI" and enemy_shieldless(c) end,
  shc_flank = function(c) return c.enemy.type == "SHC" and c.s.flank_or_rear == true end,
  fanatic_first = function(c) return c.fighter.fanatic == true and (c.s.fanatic_periods or 0) == 0 end,
  transition_base = function(c) return tables.transition_penalty(c.s.base_frontage or 15) ~= 0 end,
}

local entries = {}
for _, t in ipairs(tables.melee_tactical) do
  local cond = conditions[t.id] or error("wrg.melee: no condition for tactical factor '" .. t.id .. "'")
  local add = t.add
  if add == "transition" then add = function(c) return tables.transition_penalty(c.s.base_frontage or 15) end
  elseif add == "per_figure" then add = function(c) return -math.floor(c.s.missile_per_figure or 0) end end
  entries[#entries + 1] = { id = t.id, rule = "HAND-TO-HAND COMBAT, TACTICAL FACTORS", text = t.text, when = cond, add = add }
end
for id in pairs(conditions) do
  local found = false
  for _, t in ipairs(tables.melee_tactical) do if t.id == id then found = true end end
  if not found then error("wrg.melee: condition '" .. id .. "' has no tactical factor in tables.lua") end
end
H.modifiers = M.list("wrg.melee", entries)

local function column_of(enemy, s)
  return troops.target_column(enemy, s.from_front ~= false and not s.flank_or_rear, s.first_period ~= false, true)
end

-- The weapon factor of a row against an enemy, crews included for models.
function H.row_factor(u, row, column, s)
  s = s or {}
  local base = tables.melee_weapon[row][column]
  if u.type == "EL" or u.type == "CH" then
    local crew = troops.crew_factor(u)
    -- "When elephants or chariots are engaged in flank or rear but not
    -- frontally, only the crews share of the weapon factor counts."
    if s.model_flank_only then return crew end
    return base + crew
  end
  return base
end

-- "Troops armed with two classes of weapons may choose to use either": the
-- row with the best factor against this enemy (the first listed on a tie).
function H.choose_row(u, enemy, first_period, s)
  s = s or {}
  local column = troops.target_column(enemy, s.from_front ~= false and not s.flank_or_rear, first_period ~= false, true)
  local best, best_f
  for _, row in ipairs(troops.melee_rows(u, first_period ~= false)) do
    local f = H.row_factor(u, row, column, s)
    if not best_f or f > best_f then best, best_f = row, f end
  end
  return best
end

-- FIGURES ELIGIBLE TO TAKE PART: the front-rank figures in contact or
-- overlapping (s.files), and for regular heavy, medium or light-medium
-- infantry the ranks behind them permitted to fight (1 1/2: the second rank
-- counts half, rounded down); a disorganised unit "counts half the figures
-- of its nearest rank only". Models fight as one figure each.
function H.figures(u, s, row)
  s = s or {}
  local files = s.files or math.min(u.figures, u.files or u.figures)
  -- disorganised: half the figures of its nearest rank, models too (a
  -- model unit is one rank of models), rounded down
  if u.disorganised then files = files // 2 end
  if troops.is_model(u) then
    if u.type == "ENG" then return files * troops.crew_shooters(u) end
    return files
  end
  if u.disorganised then return files end
  local ranks = troops.fighting_ranks(u, row or H.choose_row(u, s.enemy or u, s.first_period, s))
  local have = math.max(1, u.ranks or 1)
  ranks = math.min(ranks, have)
  return math.min(u.figures, math.floor(files * ranks))
end

function H.strike(fighter, enemy, s, dice, explain)
  s = s or {}
  local row = s.row or H.choose_row(fighter, enemy, s.first_period, s)
  local column = column_of(enemy, s)
  local weapon = H.row_factor(fighter, row, column, s)
  local c = { fighter = fighter, enemy = enemy, s = s, column = column, row = row }
  local total, terms = H.modifiers:evaluate(weapon, c, explain)
  for _, b in ipairs(s.bonus or {}) do
    total = total + b.add
    if terms then terms[#terms + 1] = { id = b.id, text = b.text, rule = b.rule, layer = b.layer, before = total - b.add, after = total } end
  end
  local tactical = total - weapon
  local r = s.random or chance.melee(fighter, dice, s.purpose or "WRG melee random factor", s.general_in_front, explain)
  total = total + r.value
  local figures = s.figures or H.figures(fighter, s, row)
  return { casualties = tables.casualties(total, figures), total = total, weapon = weapon, row = row, tactical = tactical,
           random = r, figures = figures, column = column, terms = terms }
end

H.REASONS = {
  more = "received more casualties than inflicted, and 1 casualty per figure: pushed back 30 paces",
  twice = "received twice as many casualties as inflicted, and 1 casualty per figure: broken",
  push_backs = "pushed back for the consecutive periods that break its class: broken",
}

-- AFTER HAND-TO-HAND FIGHTING. u: class; r.figures: figures at the start of
-- the period; r.received / r.inflicted: melee casualties (men); r.missile:
-- missile casualties this period; r.push_backs: consecutive push-backs before.
function H.after(u, r)
  local received, inflicted = r.received or 0, r.inflicted or 0
  local per_figure = (received + (r.missile or 0)) >= math.max(1, r.figures or 1)
  local out = { pushed_back = false, broken = false, push_backs = 0 }
  if received > inflicted and per_figure then
    out.pushed_back = true
    out.push_backs = (r.push_backs or 0) + 1
    if received >= 2 * inflicted then
      out.broken = true
      out.reason = "twice"
    elseif out.push_backs >= tables.push_back_break[u.class] then
      out.broken = true
      out.reason = "push_backs"
    else
      out.reason = "more"
    end
  end
  return out
end

return H
