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
-- 6. Crowding counted when it matters (session eleven, round two). A trial
--    counts the friends the move would end within CROWD mm of (turn.near:
--    a bf:within and a list); each adds CROWD_PACES to the score, so a
--    trial whose score with none cannot beat the best so far loses
--    whatever the count, and the count is not made. (Issus, 4 battles: 520
--    counts, 219 with this.)
local tables = require("wrg.tables")
local turn = require("wrg.turn")

local T = {}

-- A little slack against rounding in the core's distances (mm): a bound a
-- hair too low costs one trial; a hair too high could change a choice.
T.SLACK = 0.5

-- Off: every candidate is tried, as before (the tests compare the choices).
T.SKIP = true

-- Off: every trial counts the friends it crowds (6; the tests compare).
T.CROWD_WHEN_NEEDED = true

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
function T.least_distance_of_move(d, bb, facing, paces, dist, mm_per_pace, may_skip)
  if not may_skip or not T.SKIP then return nil end
  local ai = require("wrg.ai")
  local diff = turn.norm(bb - facing)
  local angle, cost = 0, 0
  if math.abs(diff) >= 0.5 then angle, cost = diff, ai.turn_cost(d, diff) end
  return T.least_distance(d, dist, angle, paces - cost - (d.push_debt or 0), mm_per_pace)
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
