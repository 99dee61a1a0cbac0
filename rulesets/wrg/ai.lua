-- WRG Ancients 1973: the default commander. It writes the orders at the
-- start (ORDERS, abstracted: "attack", "skirmish" or "hold" per unit),
-- deploys (DEPLOYMENT), picks charges and countercharges and plans each
-- unit's move under its order. Rules never decide for it; it never rolls dice.
local troops = require("wrg.troops")
local turn = require("wrg.turn")
local tables = require("wrg.tables")

local ai = {}

local MM = tables.MM_PER_PACE

-- "Light or light-medium infantry, cavalry, camelry and chariots may be
-- ordered to skirmish if armed with missile weapons": the AI orders it for
-- light troops with missiles; engines hold; everyone else attacks.
function ai.order(G, s, d)
  if d.type == "ENG" then return "hold" end
  if (d.type == "LI" or d.type == "LC") and troops.missile(d) then return "skirmish" end
  return "attack"
end

-- One line along the own edge: mounted troops on the wings, foot in the
-- centre, skirmishers on the ends of the foot; all within 100 paces.
function ai.deployment(G, s)
  local side = G.sides[s]
  local specs = side.specs
  local foot, wings = {}, {}
  for i, d in ipairs(specs) do
    if troops.is_mounted(d) then wings[#wings + 1] = i else foot[#foot + 1] = i end
  end
  local line = {}
  local left, right = {}, {}
  for n, i in ipairs(wings) do if n % 2 == 1 then left[#left + 1] = i else right[#right + 1] = i end end
  for n = #left, 1, -1 do line[#line + 1] = left[n] end
  for _, i in ipairs(foot) do line[#line + 1] = i end
  for _, i in ipairs(right) do line[#line + 1] = i end
  local gap = 25
  local total = 0
  for _, i in ipairs(line) do total = total + specs[i].w + gap end
  total = total - gap
  local x = (G.S.width - total) / 2
  local plan = {}
  for _, i in ipairs(line) do
    local d = specs[i]
    local y = G.S.deploy_depth - d.dp / 2 - 5
    if s == 2 then y = G.S.depth - y end
    plan[#plan + 1] = { index = i, x = x + d.w / 2, y = y, facing = s == 1 and 0 or 180 }
    x = x + d.w + gap
  end
  return plan
end

local function nearest_enemy(G, uid, within, arc)
  for _, q in ipairs(turn.enemies_within(G, uid, within, arc)) do
    local o = G.D[q.id]
    if not o.routing and not o.gone then return q.id, q.distance / MM end
  end
end

function ai.charge_target(G, uid)
  local d = G.D[uid]
  if d.order ~= "attack" and d.state ~= "advance" then
    -- skirmishers fall on routed or disorganised enemies only
    if d.order ~= "skirmish" then return nil end
    for _, q in ipairs(turn.enemies_within(G, uid, turn.charge_move(d), 45)) do
      local o = G.D[q.id]
      if o.disorganised and not o.routing and troops.is_light(o) then return q.id end
    end
    return nil
  end
  return (nearest_enemy(G, uid, turn.charge_move(d), 45))
end

-- "Cavalry and fanatic infantry may always attempt to countercharge"
function ai.countercharge(G, uid, charger)
  local d = G.D[uid]
  return d.order == "attack" and (troops.is_cavalry(d) or d.fanatic == true) and turn.in_reach(G, uid, charger)
end

function ai.move(G, uid)
  local d = G.D[uid]
  if d.order == "hold" and d.state == nil then return nil end
  local target, dist = nearest_enemy(G, uid, 3000)
  if not target then return nil end
  local b = turn.bearing(G, uid, target)
  if d.state == "uncontrolled" then return { bearing = b, distance = turn.charge_move(d), advancing = true } end
  if d.order == "skirmish" and d.state == nil then
    local range = d.range or 40
    local o = G.D[target]
    local threat = turn.charge_move(o) + 10
    if dist < threat and not o.in_melee then
      -- stay out of reach: move back and face again next period
      return { bearing = turn.norm(b + 180), distance = math.min(turn.normal_move(d), threat - dist + 10) }
    end
    if dist > range * 0.8 then
      return { bearing = b, distance = math.min(turn.normal_move(d), dist - range * 0.8), advancing = true }
    end
    return { bearing = b, distance = 0 }
  end
  return { bearing = b, distance = math.min(turn.normal_move(d), math.max(0, dist - 1)), advancing = true }
end

return ai
