-- Historicon v2, Phase 4: shooting. Pure adjudication.
--
--   local S = require("historicon.shooting")
--   local pool = S.pool(shooter, target, situation)         -- for exact odds
--   local out  = S.shoot(shooter, target, situation, dice, explain)
--
-- Reads from the shooter: class, sub, figures, ranks, formed, disordered,
-- grade, horses (chariots). From the target: class, formed, armour.
-- situation: higher_ground (shooter above the target), target_moved_into_contact,
-- new_target (false: not the first throw at this target, no re-rolls),
-- evaded_figures (unformed figures that evaded this turn and cannot shoot).

local M = require("lib.modifiers")
local tables = require("historicon.tables")
local troops = require("historicon.troops")
local P = require("historicon.dice_pool")

local S = {}

-- "The score required to hit the target is 5+ if the shooter is ordered ...
-- and 6+ if the shooter is disordered."
S.hit_on = { ordered = 5, disordered = 6 }

-- When each Table 3 entry applies; ids must match tables.shooting_modifiers.
local conditions = {
  higher_ground = function(c) return c.situation.higher_ground == true end,
  target_mounted = function(c) return troops.is_mounted(c.target) end,
  target_moved_into_contact = function(c) return c.situation.target_moved_into_contact == true end,
  target_unformed = function(c) return not troops.is_formed(c.target) end,
  target_armoured = function(c) return troops.is_armoured(c.target) end,
}

-- Builds a modifier list from a table of transcribed entries (id, text,
-- rule, per_4 dice per 4 figures, per_rank) and a map id -> condition.
local function build_list(name, data, conds)
  local entries = {}
  for i, d in ipairs(data) do
    local when = conds[d.id]
    if not when then error("Historicon " .. name .. ": no condition for modifier '" .. d.id .. "'") end
    local per_4 = d.per_4
    local add = function(c) return per_4 * c.per4 end
    if d.per_rank then add = function(c) return per_4 * c.per4 * c.ranks_deeper end end
    entries[i] = { id = d.id, text = d.text, rule = d.rule, when = when, add = add }
  end
  return M.list(name, entries)
end
S.build_list = build_list

-- Table 3 as a named, ordered modifier list (options patch it by id).
S.modifiers = build_list("historicon.shooting", tables.shooting_modifiers, conditions)

-- Range in cm at `scale`, or nil if the unit cannot shoot.
function S.range(unit, scale)
  local special = unit.sub and tables.hi_shooters[unit.sub]
  if unit.class == "HI" then
    return special and tables.range_at_scale[special.range_25mm][scale] or nil
  end
  -- Read the scale's columns directly: this runs for every shooting pool.
  local by_scale = tables.troop_by_scale[scale]
  if not by_scale then error("Historicon: unknown scale '" .. tostring(scale) .. "'", 2) end
  local shoot = by_scale[unit.class].shoot
  if shoot == false then return nil end
  if shoot == nil then -- blank cell (crew at 15mm / 6mm): scaled like the 25mm value
    local at25 = tables.troop_by_scale["25mm"][unit.class].shoot
    return at25 and tables.range_at_scale[at25][scale] or nil
  end
  return shoot
end

function S.can_shoot(unit) return S.range(unit, "25mm") ~= nil end

-- Figures that shoot: a formed unit's front rank, an unformed unit's every
-- figure except those that evaded this turn.
function S.shooting_figures(unit, situation)
  if troops.is_formed(unit) then return troops.front_rank_figures(unit) end
  return math.max(0, unit.figures - (situation.evaded_figures or 0))
end

-- Basic dice before Table 3: the last column of Table 2 per shooting figure
-- (per horse for chariots); HIB 1 per figure; HIJD 1 per 2 figures and a
-- second rank 1 per 4 figures at enemy in contact with their front.
function S.basic_dice(unit, situation)
  if not S.can_shoot(unit) then return 0, 0 end
  local figs = S.shooting_figures(unit, situation)
  local special = unit.sub and tables.hi_shooters[unit.sub]
  if unit.class == "HI" then
    local dice = figs // special.figures_per_die
    if special.second_rank_figures_per_die and situation.target_moved_into_contact
        and troops.is_formed(unit) and (unit.ranks or 1) >= 2 then
      local second = math.min(figs, unit.figures - figs)
      dice = dice + second // special.second_rank_figures_per_die
    end
    return dice, figs
  end
  local column = tables.troop_shared[unit.class].melee_dice
  local per_model = column.dice
  if column.per == "Horse" then per_model = per_model * (troops.chariot_team(unit)) end
  return figs * per_model, figs
end

-- The pool: { dice, sides, hit_on, reroll }; with explain also the applied
-- Table 3 terms and the basic dice.
function S.pool(shooter, target, situation, explain)
  situation = situation or {}
  local basic, figs = S.basic_dice(shooter, situation)
  local dice, why = 0, nil
  if basic > 0 then
    local ctx = { shooter = shooter, target = target, situation = situation, per4 = P.groups_of_four(figs) }
    dice, why = S.modifiers:evaluate(basic, ctx, explain)
    if dice < 0 then dice = 0 end
  end
  local hit_on = shooter.disordered and S.hit_on.disordered or S.hit_on.ordered
  local pool = P.describe(dice, hit_on, P.reroll_for(shooter.grade, situation.new_target))
  if explain then
    pool.basic, pool.figures, pool.terms = basic, figs, why or {}
  end
  return pool
end

-- Shoots once at one target. Returns { hits, dice, hit_on, reroll } and,
-- when explain, basic, figures, terms (applied modifiers) and throws.
function S.shoot(shooter, target, situation, dice, explain)
  local pool = S.pool(shooter, target, situation, explain)
  local hits, throws = P.roll(pool, dice, "Historicon shooting", explain)
  pool.hits = hits
  if explain then pool.throws = throws end
  return pool
end

return S
