-- The sieges module in WRG 1973: a stone engine's directed shot -- WRG's own
-- shot at a target the engine chose (lobbing from inside, aiming at the
-- ramparts), and which engines throw stones. Used by wrg/lob_inside.lua and
-- wrg/ramparts.lua.
local ST = require("modules.sieges.wrg.state")

local DS = {}

-- Stone engines (not bolt-shooters: WRG's engines "light_bolt" and
-- "heavy_bolt" shoot bolts, not stones).
function DS.stone_engine(d) return d.type == "ENG" and d.engine ~= "light_bolt" and d.engine ~= "heavy_bolt" end

-- Whether a spotter sees a unit: the terrain's sight lines (when the table
-- has any) and the weather module's sight (G.can_see).
function DS.sees(G, a, b)
  if G.has_los_terrain and not G.bf:line_of_sight(a, b) then return false end
  if G.can_see and not G.can_see(G, a, b) then return false end
  return true
end

-- A directed shot: WRG's own shot (weapon factor, tactical factors, random
-- factor, casualty table) at a target, its casualties added to the period's.
function DS.shot(G, R, uid, tid, purpose)
  local d, t = G.D[uid], G.D[tid]
  local edge = R.turn.edge(G, tid, uid)
  local s = {
    from_front = edge == "front", range = G.bf:distance(uid, tid) / ST.MM, target_moved = t.moved or 0,
    target_shield = { rear = edge == "rear" or t.routing, unshielded_flank = R.turn.unshielded_side(G, tid, uid),
                      shooting_two_handed = t.shot_two_handed },
    moved = false, partial_cover = (R.P and R.P.in_cover(G, tid)) or nil, purpose = purpose,
  }
  local out = R.shooting.shoot(d, t, s, G.dice, G.report ~= nil)
  t.missile = (t.missile or 0) + out.casualties
  t.shot_by = (t.shot_by or 0) + out.figures
  t.shot_by_engines = true
  d.fired_at, d.fired_turn, d.fired_figures = tid, G.turn, out.figures
  return out
end

return DS
