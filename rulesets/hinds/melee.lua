-- §4 THE MELEE, pure adjudication: the point strength of the troops on each
-- side of a combat and one throw ("roll") of the three a melee lasts.
--
--   local melee = require("hinds.melee")
--   local pts, why = melee.unit_points(u, s, true)      -- one unit's points
--   local r = melee.round(side_a, side_b, dice, explain)
--
-- A unit `u` is its data table (arm, class, figures, officers, bases,
-- per_base, pole_arms, macedonian, gaul, formation, ...). Its situation `s`:
--   charging        it charged into this combat this turn (impetus)
--   first_round     the first throw of this combat (Gauls are medium)
--   edge            "front" | "flank" | "rear": where it strikes its enemy
--   frontal         its enemy is to its front (pole arms)
--   level           it stands on level or gently sloping ground
--   close_order     its formation is close order (normal, square)
--   defending_obstacle  it is attacked while holding a small obstacle
--   pursuing_fresh  a pursuer engaged by fresh forces
-- A side is a list { { u =, s = }, ... }; its strength is the sum.
--
-- One round: "Each player throws 2 dice and multiplies the resulting figure
-- times the point value of the troops. The highest scorer wins. Players then
-- throw for difference in dice and the looser deducts 1/2 the difference
-- between the rolls from his unit. However, if a player ends up with a half
-- point in his losses he deducts a whole figure." Equal scores are a drawn
-- throw (no winner, no losses): see docs/rulesets/hinds.md.

local M_ = require("lib.modifiers")
local tables = require("hinds.tables")
local troops = require("hinds.troops")

local melee = {}

local A = tables.adjust

-- The named modifier list of a unit's point strength (§4 "Certain
-- adjustments must also be made to the point strength of units").
melee.modifiers = M_.list("hinds.melee", {
  { id = "pole_arms", rule = "Hinds §4", text = "pole arms, frontal combat in close order on level ground",
    when = function(c)
      local u, s = c.u, c.s
      return u.pole_arms and not u.macedonian and u.arm == "foot" and s.frontal and s.close_order and s.level
        and not s.pursuing_fresh
    end,
    add = function(c) return A.pole_arms * troops.bases_now(c.u) end },
  { id = "macedonian", rule = "Hinds §4", text = "Macedonian pikes, frontal combat in close order on level ground",
    when = function(c)
      local u, s = c.u, c.s
      return u.macedonian and u.arm == "foot" and s.frontal and s.close_order and s.level and not s.pursuing_fresh
    end,
    add = function(c) return A.macedonian * troops.bases_now(c.u) end },
  { id = "flank", rule = "Hinds §4", text = "attacking the flank of the enemy line",
    when = function(c) return c.s.edge == "flank" end,
    add = function(c) return A.flank * troops.bases_now(c.u) end },
  { id = "rear", rule = "Hinds §4", text = "attacking the rear",
    when = function(c) return c.s.edge == "rear" end,
    add = function(c) return A.rear * troops.bases_now(c.u) end },
  { id = "impetus", rule = "Hinds §4", text = "infantry charging: impetus",
    when = function(c) return c.s.charging and c.u.arm == "foot" and not c.s.pursuing_fresh end,
    add = A.impetus },
  { id = "obstacle", rule = "Hinds §4", text = "defending a small obstacle",
    when = function(c) return c.s.defending_obstacle end,
    add = A.obstacle },
  { id = "pursuer", rule = "Hinds §4 Retreat & Pursuit", text = "pursuer engaged by fresh forces: 3/4 value",
    when = function(c) return c.s.pursuing_fresh end,
    apply = function(v) return v * A.pursuer_fraction end },
})

-- The type a unit fights as: "Gauls with their native equipment are rated
-- as medium infantry for the first move of their combat, and as light
-- infantry thereafter."
function melee.fights_as(u, s)
  if u.gaul and u.arm == "foot" then
    return s.first_round and "medium_infantry" or "light_infantry"
  end
  return troops.type_of(u)
end

-- The figures' own points before adjustments. Riders dismounted by the
-- oriental bow (§3 "4 dismounts") fight on foot at the points of the foot
-- of their class (a 1st class rider: heavy infantry, 2 points).
function melee.base_points(u, s)
  local fig, off = troops.figure_points(u, melee.fights_as(u, s or {}))
  local v = (u.figures or 0) * fig + (u.officers or 0) * off
  if (u.dismounted or 0) > 0 then
    local t = troops.dismounted_type(u)
    v = v + u.dismounted * tables.points[t].figure
  end
  return v
end

function melee.unit_points(u, s, explain)
  s = s or {}
  local ctx = { u = u, s = s }
  local base = melee.base_points(u, s)
  local v, why = melee.modifiers:evaluate(base, ctx, explain)
  return v, why, base
end

function melee.side_points(side, explain)
  local total, terms = 0, explain and {} or nil
  for _, e in ipairs(side) do
    local v, why, base = melee.unit_points(e.u, e.s, explain)
    total = total + v
    if terms then terms[#terms + 1] = { u = e.u, base = base, points = v, why = why } end
  end
  return total, terms
end

-- Losses from the casualty throw: half the difference, a half rounded up
-- to a whole figure.
function melee.losses(a, b)
  local d = a > b and a - b or b - a
  return (d + 1) // 2
end

-- One throw of a combat. side_a, side_b as above; opts.automatic = "a" or
-- "b": that side wins without the points throw ("If broken troops or troops
-- in disorder are attacked victory goes automatically to the attacker ...
-- and casualties are figured the same way as in other combat"). Returns
--   { winner = "a" | "b" | nil, points = { pa, pb }, throws = { ta, tb },
--     scores = { sa, sb }, casualty = { ca, cb }, losses = n, terms = { a, b } }
function melee.round(side_a, side_b, dice, explain, opts)
  opts = opts or {}
  local pa, ta_terms = melee.side_points(side_a, explain)
  local pb, tb_terms = melee.side_points(side_b, explain)
  local r = { points = { pa, pb }, terms = explain and { ta_terms, tb_terms } or nil, losses = 0 }
  if opts.automatic then
    r.winner = opts.automatic
  else
    local ta = dice:expr("2d6", "Hinds melee: first side's 2 dice")
    local tb = dice:expr("2d6", "Hinds melee: second side's 2 dice")
    r.throws = { ta, tb }
    r.scores = { ta * pa, tb * pb }
    if r.scores[1] > r.scores[2] then r.winner = "a" elseif r.scores[2] > r.scores[1] then r.winner = "b" end
  end
  if r.winner then
    local ca = dice:expr("2d6", "Hinds melee: first side's casualty throw")
    local cb = dice:expr("2d6", "Hinds melee: second side's casualty throw")
    r.casualty = { ca, cb }
    r.losses = melee.losses(ca, cb)
  end
  return r
end

-- Lines explaining a side's points.
function melee.describe_side(terms, name_of)
  local lines = {}
  for _, t in ipairs(terms or {}) do
    lines[#lines + 1] = string.format("  %s: %g points of figures", name_of and name_of(t.u) or (t.u.name or "unit"), t.base)
    for _, l in ipairs(M_.describe(t.why)) do lines[#lines + 1] = "      " .. l end
  end
  return lines
end

return melee
