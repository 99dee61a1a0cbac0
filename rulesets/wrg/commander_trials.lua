-- The commander's trial moves made cheap, the same answers (issue #13, WRG
-- speed). ai.lua's move choice tries up to six bearings with a trial move
-- each (turn.probe: turn, advance, measure, put back: the dearest part of
-- its look-ahead). Two things let it skip a trial without changing what it
-- chooses:
--
-- 1. Geometry. A trial turns the base about its centre (the core's 'turn'
--    rotates about the centre) by at most `angle` degrees, then advances it
--    at most `go` paces (terrain only slows it: every DIFFICULT TERRAIN
--    factor is at least 1, and the optional rules' G.move_paces only
--    shorten). No point of the base travels further than the corner's
--    chord, 2 R sin(angle / 2) (R: half the diagonal), plus the advance. An
--    edge-to-edge distance to a unit that stands still shrinks by no more
--    than the furthest any point of the mover travels. So the distance after
--    the trial is at least the distance now minus that, and a candidate
--    whose score with that least distance (no crowding, moved) cannot beat
--    the best so far needs no trial.
-- 2. Sameness. A bearing within half a degree of the facing is no turn at
--    all (try_move turns only from 0.5 degrees): its trial is the very
--    trial of another such bearing, and its answers are reused.
-- Outside the trial moves, likewise the same answers:
-- 3. The charge choice's chance of passing the 2(ii) test (ai.lua
--    reaction_chance: the whole reaction situation) is worked out only when
--    it decides: the charge is made when best * (0.5 + p) >= need, and p
--    lies in 0..1, so a best with best * 0.5 >= need is charged and one
--    with best * 1.5 < need (1.6: room for the sum's rounding) is not,
--    whatever p is.
-- 4. The move choice asks for the enemies within 3,000 paces and whether
--    each lies in its order's sector once, not once more for its objective;
--    and the objective (the nearest, an enemy outside the front arc counted
--    80 paces further) asks about the sector and the arc only of an enemy
--    that could still be nearer than the best so far.
-- 5. The charge choice runs each enemy's trial charge (ai.charge_path) once
--    a choice: a trial at an enemy behind another strikes the nearer one
--    first, and the declared charge is then tried at that one itself
--    (charge_value), which is often an enemy of the list tried already.
--    Nothing moves while one unit chooses (a trial puts the unit back), so
--    the same trial would run the same path. (Issus: 88 trial charges a
--    battle, 30 of them repeats, 15 of those within one choice.)
-- 6. Direction (session eleven, round two). The advance of a trial runs in a
--    straight line along the unit's facing after its turn (turn.advance in a
--    trial: advance_on, one or two 'advance' moves, facing kept). The
--    edge-to-edge distance from a base A moved by v to a base C is the
--    distance from v to the convex set C - A, a convex function of v, so it
--    is at least the distance now plus <u, v>, u the unit vector from the
--    nearest point of C to the nearest point of A (its gradient). An advance
--    of s mm along e therefore brings A no nearer than s <t, e> (t = -u, the
--    way from A's nearest point to C's). The turn first moves no point
--    further than the chord (1), and the facing the advance runs on lies
--    between the facing now and the bearing (a turn stopped part way stops
--    between them): the bound takes the largest <t, e> over that arc. A
--    candidate 60 degrees off the line to the objective comes no nearer
--    than half its advance, where (1) allowed the whole of it.
-- 7. Crowding counted when it matters (session eleven, round two). A trial
--    counts the friends the move would end within CROWD mm of (turn.near,
--    a bf:within and a list); each adds CROWD_PACES to the score, so a
--    trial whose score with none already cannot beat the best so far loses
--    whatever the count: it is not made. (Issus, 3 battles: 244 trials
--    lost, by 1.9 to 1,100 on the score; most had stopped short against a
--    friend.)
local tables = require("wrg.tables")
local turn = require("wrg.turn")

local T = {}

-- A little slack against rounding in the core's distances (mm): a bound a
-- hair too low costs one trial; a hair too high could change a choice.
T.SLACK = 0.5

-- Off: every candidate is tried, as before (the tests compare the choices).
T.SKIP = true

-- The least edge-to-edge distance (mm) from unit d (of width d.w and depth
-- d.dp) to a unit standing still `dist` mm away now, after the unit turns
-- `angle` degrees about its centre and advances at most `go` paces; nil
-- when d's size is not known (no bound: the trial is made).
function T.least_distance(d, dist, angle, go, mm_per_pace)
  if not d.w or not d.dp then return nil end
  local r = math.sqrt(d.w * d.w + d.dp * d.dp) / 2
  local a = math.min(180, math.abs(angle))
  local sweep = 2 * r * math.sin(math.rad(a) / 2)
  -- (the larger of the two pace lengths: the one the trial's advance uses
  -- was read when wrg.period.common loaded; a scale may change the table's)
  local mmp = math.max(mm_per_pace, tables.MM_PER_PACE)
  local least = dist - sweep - math.max(0, go) * mmp - T.SLACK
  return least > 0 and least or 0
end

-- The least distance (mm) to the objective, `dist` mm away now, after
-- ai.lua's trial move (try_move) of `paces` on bearing bb by a unit facing
-- `facing`: the turn it makes (none under half a degree), the paces the turn
-- costs (ai.turn_cost), the push-back it still owes. nil unless `may_skip`
-- (a best so far to beat; no wheel tried after the move).
-- `toward` (optional, from T.toward): the bearing (degrees) from the unit's
-- nearest point to the objective's; with it, the advance counts only as far
-- as it runs towards the objective (6 above).
function T.least_distance_of_move(d, bb, facing, paces, dist, mm_per_pace, may_skip, toward)
  if not may_skip or not T.SKIP then return nil end
  local ai = require("wrg.ai")
  local diff = turn.norm(bb - facing)
  local angle, cost = 0, 0
  if math.abs(diff) >= 0.5 then angle, cost = diff, ai.turn_cost(d, diff) end
  local go = paces - cost - (d.push_debt or 0)
  if toward and T.DIRECTION then
    -- the largest share of the advance that runs towards the objective: 1
    -- when the way to it lies within the arc the turn sweeps (a half turn
    -- either way: the whole circle), else the better end of the arc
    local rel = turn.norm(toward - facing)
    local share
    if math.abs(angle) >= 179.5 or (angle ~= 0 and rel * angle >= 0 and math.abs(rel) <= math.abs(angle)) then
      share = 1
    else
      share = math.max(math.cos(math.rad(rel)), math.cos(math.rad(rel - angle)))
    end
    go = math.max(0, go) * math.max(0, share)
  end
  return T.least_distance(d, dist, angle, go, mm_per_pace)
end

-- Off: the direction of the advance is not used (the tests compare).
T.DIRECTION = true

-- Off: every trial counts the friends it crowds (7; the tests compare).
T.CROWD_WHEN_NEEDED = true

-- The nearest point of base B (centre bx, by, facing bf degrees, bw wide,
-- bdp deep) to each corner of base P (px, py, pf, pw, pdp): the corner
-- taken into B's own frame (across, ahead) and clamped to B's half sizes.
-- Returns the squared distance of the nearest pair found and the vector
-- from P's corner to B's point, in table coordinates; `best` carries on.
local function corners_to_box(px, py, pf, pw, pdp, bx, by, bf, bw, bdp, best, vx, vy)
  local pa, ba = math.rad(pf), math.rad(bf)
  -- P's half axes: ahead (-sin, cos), across (cos, sin)
  local fx, fy = -math.sin(pa) * pdp / 2, math.cos(pa) * pdp / 2
  local rx, ry = math.cos(pa) * pw / 2, math.sin(pa) * pw / 2
  local cb, sb = math.cos(ba), math.sin(ba)
  local hw, hd = bw / 2, bdp / 2
  for k = 1, 4 do
    local sf = (k <= 2) and 1 or -1
    local sr = (k == 1 or k == 4) and 1 or -1
    local dx, dy = px + sf * fx + sr * rx - bx, py + sf * fy + sr * ry - by
    -- in B's frame: across = (cos, sin), ahead = (-sin, cos)
    local u, v = dx * cb + dy * sb, -dx * sb + dy * cb
    local cu = u > hw and hw or (u < -hw and -hw or u)
    local cv = v > hd and hd or (v < -hd and -hd or v)
    local du, dv = cu - u, cv - v
    local dd = du * du + dv * dv
    if not best or dd < best then
      best = dd
      vx, vy = du * cb - dv * sb, du * sb + dv * cb
    end
  end
  return best, vx, vy
end

-- The bearing (degrees) from unit uid's nearest point to unit tid's
-- (6 above): the nearest pair of two separate rectangles joins a corner of
-- one to the other's nearest point. nil when they touch, when a size is
-- not known, or when the distance found is not the core's `dist` (mm) to
-- 0.01 mm (a footprint not the rectangle assumed: no bound from direction).
function T.toward(G, uid, tid, d, dist)
  if not T.SKIP or not T.DIRECTION or dist <= 0.01 or not d.w or not d.dp then return nil end
  local tw, tdp = G.bf:footprint(tid)
  if not tw or not tdp then return nil end
  local ux, uy, uf = G.bf:pos(uid)
  local tx, ty, tf = G.bf:pos(tid)
  -- the unit's corners to the objective (the vector runs unit -> objective)
  local best, vx, vy = corners_to_box(ux, uy, uf, d.w, d.dp, tx, ty, tf, tw, tdp)
  -- the objective's corners to the unit (that vector runs objective -> unit)
  local best2, wx, wy = corners_to_box(tx, ty, tf, tw, tdp, ux, uy, uf, d.w, d.dp)
  if best2 < best then best, vx, vy = best2, -wx, -wy end
  if math.abs(math.sqrt(best) - dist) > 0.01 then return nil end
  return math.deg(math.atan(-vx, vy))
end

-- A test of enemy ids (an order's sector: ai.lua allowed_by) that
-- remembers its answers, for one unit's move choice (the unit and the
-- enemies stay where they are while it chooses); nil stays nil.
function T.remembered(test)
  if not test or not T.SKIP then return test end
  local seen = {}
  return function(id)
    local v = seen[id]
    if v == nil then v = test(id) and true or false; seen[id] = v end
    return v
  end
end

return T
