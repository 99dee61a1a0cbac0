-- Historicon v2, Phase 5: melee. Pure adjudication.
--
--   local Me = require("historicon.melee")
--   local pool = Me.pool(unit, enemy, situation)                 -- exact odds
--   local out  = Me.fight(unit, enemy, situation, dice, explain)
--   local outs = Me.fight_split(unit, { {enemy = a, situation = sa},
--                                      {enemy = b, situation = sb} }, dice, explain)
--
-- Reads from the unit: class, sub, ss, figures, ranks, formed, disordered,
-- grade, general, horses (chariots). From the enemy: class, sub, formed,
-- armour. situation (from this unit's side): higher_ground, first_contact,
-- flank_or_rear (this formed unit contacted a formed enemy's flank or rear),
-- enemy_on_flank_or_rear (the enemy is at this unit's flank or rear),
-- front_figures (override of the figures in the front rank), new_target
-- (false: not the first throw at this enemy, no re-rolls).

local tables = require("historicon.tables")
local troops = require("historicon.troops")
local S = require("historicon.shooting")
local P = require("historicon.dice_pool")

local Me = {}

local function is_light_foot(u) return u.class == "LI" or u.class == "VLI" end

-- When each Table 4 entry applies; ids must match tables.melee_modifiers.
local conditions = {
  hip_vs_mounted = function(c) return c.unit.sub == "HIP" and troops.is_mounted(c.enemy) end,
  formed_flank_or_rear = function(c)
    return c.situation.flank_or_rear == true and troops.is_formed(c.unit) and troops.is_formed(c.enemy)
  end,
  liw_vs_hi_first_contact = function(c)
    return c.unit.sub == "LIW" and c.enemy.class == "HI" and c.situation.first_contact == true
  end,
  his_vs_mounted = function(c) return c.unit.sub == "HIS" and troops.is_mounted(c.enemy) end,
  hiw_vs_hi_first_contact = function(c)
    return c.unit.sub == "HIW" and c.enemy.class == "HI" and c.situation.first_contact == true
  end,
  mounted_vs_light_foot = function(c) return troops.is_mounted(c.unit) and is_light_foot(c.enemy) end,
  higher_ground = function(c) return c.situation.higher_ground == true end,
  supplementary_shooting = function(c) return c.unit.ss == true end,
  rank_depth = function(c) return c.ranks_deeper > 0 end,
  general = function(c) return c.unit.general == true end,
  hib_or_disordered = function(c) return c.unit.sub == "HIB" or c.unit.disordered == true end,
  enemy_armoured = function(c) return troops.is_armoured(c.enemy) end,
}

-- Table 4 as a named, ordered modifier list (options patch it by id).
Me.modifiers = S.build_list("historicon.melee", tables.melee_modifiers, conditions)

-- Ranks that count for "+1 die per 4 figures for each rank deeper".
-- READING (Unit formation: ranks and depth are a formed unit's; unformed
-- figures stand "within 10cm of another figure", in no ranks): an unformed
-- unit has no ranks, so no depth bonus, mounted or not -- and all its
-- figures fight (troops.front_rank_figures). "Mounted count as if two ranks
-- deep" is the depth of formed mounted.
function Me.counted_ranks(unit)
  if not troops.is_formed(unit) then return 1 end
  if troops.is_mounted(unit) then return 2 end
  return unit.ranks or 1
end

-- Score to hit: Table 2 "To Hit if Ord/Dis" of the fighting unit.
function Me.hit_on(unit)
  local to_hit = tables.troop_shared[unit.class].to_hit
  return unit.disordered and to_hit.disordered or to_hit.ordered
end

-- Basic dice: "Only figures in the front rank can fight ... All figures in
-- the front rank fight even ones not in contact", at the Table 2 last column.
-- "Formed units cannot fight to their flank or rear."
function Me.basic_dice(unit, situation)
  if situation.enemy_on_flank_or_rear and troops.is_formed(unit) then return 0, 0 end
  local front = situation.front_figures or troops.front_rank_figures(unit)
  local column = tables.troop_shared[unit.class].melee_dice
  local per_model = column.dice
  if column.per == "Horse" then per_model = per_model * (troops.chariot_team(unit)) end
  return front * per_model, front
end

function Me.pool(unit, enemy, situation, explain)
  situation = situation or {}
  local basic, front = Me.basic_dice(unit, situation)
  local dice, why = 0, nil
  if basic > 0 then
    local ctx = { unit = unit, enemy = enemy, situation = situation,
                  per4 = P.groups_of_four(front), ranks_deeper = Me.counted_ranks(unit) - 1 }
    dice, why = Me.modifiers:evaluate(basic, ctx, explain)
    if dice < 0 then dice = 0 end
  end
  local pool = P.describe(dice, Me.hit_on(unit), P.reroll_for(unit.grade, situation.new_target))
  if explain then
    pool.basic, pool.figures, pool.terms = basic, front, why or {}
  end
  return pool
end

-- One round against one enemy: { hits, dice, hit_on, reroll } and, when
-- explain, basic, figures, terms and throws.
function Me.fight(unit, enemy, situation, dice, explain)
  local pool = Me.pool(unit, enemy, situation, explain)
  local hits, throws = P.roll(pool, dice, "Historicon melee", explain)
  pool.hits = hits
  if explain then pool.throws = throws end
  return pool
end

-- "If a unit is fighting two enemy units divide the dice as evenly as
-- possible." Share `index` of `n` of a pool of `dice`: the earlier
-- engagements take the odd dice.
function Me.share(dice, n, index)
  return dice // n + ((index <= dice % n) and 1 or 0)
end

-- The pools of a unit fighting several enemies at once: each pool is worked
-- out against its enemy (its own Table 4 terms), then divided.
function Me.split_pools(unit, engagements, explain)
  local n, pools = #engagements, {}
  for i, e in ipairs(engagements) do
    local pool = Me.pool(unit, e.enemy, e.situation, explain)
    local undivided = pool.dice
    pool.dice = Me.share(undivided, n, i)
    if explain then pool.undivided = undivided end
    pools[i] = pool
  end
  return pools
end

function Me.fight_split(unit, engagements, dice, explain)
  local pools = Me.split_pools(unit, engagements, explain)
  for _, pool in ipairs(pools) do
    local hits, throws = P.roll(pool, dice, "Historicon melee", explain)
    pool.hits = hits
    if explain then pool.throws = throws end
  end
  return pools
end

-- Phase 6: "Units that have received more hits than they have inflicted
-- during the turn recoil".
function Me.must_recoil(hits_received, hits_inflicted)
  return hits_received > hits_inflicted
end

return Me
