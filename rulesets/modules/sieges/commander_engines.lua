-- The sieges module in WRG 1973, the default commander's siege towers,
-- penthouses (modules/sieges/wrg/engines.lua moves them; this file decides)
-- and bridging parties (wrg/bridging.lua builds). Called from
-- commander_wrg.lua's besieger moves and deployment (one line each).
--
-- The besieger's choice, not a rule: the scenario names the unit that
-- pushes each engine (its `pushers`); the default commander has already
-- given that unit a lane (its ram or ladders: commander_lanes.lua), so it
-- is deployed square opposite its stretch of wall. Each period the pushers
-- stand under their engine and push it straight on (20 paces) until it
-- touches the wall: a tower then lets its troops across (engines.lua), a
-- penthouse covers its ram party while it batters. When the section they
-- were brought against has fallen (a gate broken, a wall breached) the
-- party leaves its engine and goes in with the rest (the commander's
-- usual way through a gap); a party too few to move its engine short of
-- the wall leaves it too.
local forts = require("modules.sieges.fortifications")
local EN = require("modules.sieges.wrg.engines")
local materials = require("modules.sieges.materials")
local ST = require("modules.sieges.wrg.state")

local CE = {}

-- Whether the unit stands under its engine this period (its move is the
-- push, made by engines.lua after the period's moves); false when it has no
-- engine or has just left it.
function CE.pushing(G, uid)
  local e = EN.of(G, uid)
  if not e then return false end
  local S = G.sieges
  local k = G.D[uid].siege
  local sec = k.target and S.forts.sections[k.target]
  if sec and not forts.blocks(sec) then
    EN.leave(G, e, "the " .. sec.kind .. " they were brought against has fallen")
    k.push = nil
    return false
  end
  -- too few left to move it (and it has not arrived): they leave it and
  -- fight on as the unit they are
  local d = G.D[uid]
  if not e.at and e.assembled and d.figures - e.occupants < materials.needed(e.kind, e.occupants)
    and #ST.touching_from_outside(G, uid) == 0 then
    EN.leave(G, e, "too few to move it")
    k.push = nil
    return false
  end
  -- a tower against the wall has arrived; a penthouse too (its ram works)
  k.push = not e.at
  return true
end

-- A bridging party (wrg/bridging.lua) with its bridge not built: straight
-- ahead until its base lies 2 mm over the first ditch before it (a ditch
-- is a stream: `river` terrain), then it stands and builds; once built it
-- is the default commander's again (over its bridge). Returns a plan, or
-- nil to stand.
CE.ONTO_DITCH_MM = 2
function CE.bridging(G, uid)
  local S = G.sieges
  local d = G.D[uid]
  local u = G.bf:unit(uid)
  local on = {}
  for _, fid in ipairs(G.bf:terrain_ids_under(uid)) do on[fid] = true end
  for _, dch in ipairs(S.spec.ditches) do
    if on[dch.fid] and not dch.filled then return nil end
  end
  local move = d.moves[1] * CE.MM
  local clear = G.bf:terrain_clear_advance(u.x, u.y, u.facing, u.width, u.depth, move, "river")
  return { bearing = u.facing, distance = math.min(move, clear + CE.ONTO_DITCH_MM) / CE.MM, advancing = true }
end

-- The siege commander's hook (commander_wrg.lua besieger moves): returns
-- true and the plan (nil: stand) when this file moves the unit.
function CE.plan(G, uid)
  local k = G.D[uid].siege
  if k.engine and CE.pushing(G, uid) then return true, nil end
  if k.bridge and not k.bridge.built and G.sieges.spec.siege.bridging then return true, CE.bridging(G, uid) end
  return false
end

-- Deployment: pushers whose engine has an `approach` (paces) stand that far
-- from the wall on their lane, if that is nearer than their place in the
-- plan (the engines were brought up before the assault: the scenario's
-- word; a siege tower takes 9 periods to cross 180 paces). `plan` is the
-- lanes' deployment (commander_lanes.deploy): { index, x, y, facing }.
CE.MM = 2.54
function CE.deploy(G, s, specs, plan)
  local S = G.sieges
  if not S or s ~= S.besieger then return plan end
  for _, e in ipairs(S.spec.siege.engines or {}) do
    if e.approach then
      for _, p in ipairs(plan) do
        local d = specs[p.index]
        local lane = d.siege and d.siege.lane
        if d.id == e.pushers and lane then
          local a = math.rad(lane.facing)
          local fx, fy = -math.sin(a), math.cos(a)
          local ahead = (lane.x - p.x) * fx + (lane.y - p.y) * fy
          local go = ahead - e.approach * CE.MM
          if go > 0 then p.x, p.y, p.facing = p.x + fx * go, p.y + fy * go, lane.facing end
        end
      end
    end
  end
  return require("modules.sieges.wrg.bridging").deploy(G, s, specs, plan)  -- hook: bridging parties before their ditch
end

return CE
