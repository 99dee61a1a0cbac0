-- The default commander, its reserve: the last line held back.
-- Part of phalanx.ai (commander/base.lua).
local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")

local abs, min, max, floor = math.abs, math.min, math.max, math.floor
local half_up = melee.half_up
local groups = troops.groups
local pos = turn.pos
local FAR = ai.FAR

---------------------------------------------------------------------------
-- The reserve (VICTORY: "If your army is allowed to deploy in multiple
-- lines, the side is defeated when any vignette of the last line is
-- broken"; RECOVERY: "keep a reserve of fresh troops and commit them to
-- battle at the appropriate time"; RESULTS: "Don't have your second line
-- too close"). A link of the last line is held back: it advances only as
-- far as keeps it out of every enemy's reach (an advance and a charge: two
-- of the enemy's moves) and of its own initiative charges, more than one
-- full move (half a repulse of two moves) behind the vignettes of its line
-- ahead of it, and (mounted or animal vignettes, which a shot can break)
-- under no more enemy shooters than now; it charges only at good odds when
-- its line ahead has a gap (an MBL vignette broken), a mounted reserve
-- never a shooter; it holds (a point spent so that no initiative throw
-- sends it forward) when an enemy is near; and it evades a charge when it
-- may unless standing is clearly better. When the battle is otherwise lost
-- (one more MBL break loses it) it is committed like any other link.

local RESERVE_MARGIN = 0.25     -- frontages kept beyond an enemy's reach
local RESERVE_CHARGE = 0.5      -- a reserve charges only above this estimate

local function is_reserve(G, g)
  for j = 1, #g.ids do local uid = g.ids[j]
    if G.D[uid].last_line then return true end
  end
  return false
end
ai.is_reserve = is_reserve

-- The side's state of battle: losing (one more break of the MBL loses it)
-- and gap (some of the MBL is broken).
-- READING of RECOVERY's "commit them to battle at the appropriate time"
-- for a battle with a turn limit (the scenario's, not the rules'): a
-- battle that reaches the limit is won by neither side, so in its last
-- COMMIT_TURNS turns a reserve held back gains nothing and is committed
-- like any other link.
local COMMIT_TURNS = 4
ai.COMMIT_TURNS = COMMIT_TURNS
function ai.last_turns(G)
  return G.max_turns ~= nil and G.turn > G.max_turns - COMMIT_TURNS
end

local function reserve_state(G, side)
  local tr = G.sides[side].tracker
  if not tr or tr.mbl_total == 0 then return false, false end
  local losing = tr.mbl_broken + 1 >= tr.threshold or ai.last_turns(G)
  return losing, tr.mbl_broken > 0
end
ai.reserve_state = reserve_state

-- How far enemy `e` reaches (mm, edge to edge) before the reserve can
-- answer: an advance and then a charge (a turn and a full move each), since
-- an order never moves a vignette back (only evades, initiative and results do).
local function enemy_reach(G, e)
  return 2 * G.D[e].move_good
end
ai.enemy_reach = enemy_reach

local function shot_range_mm(G, d)
  local range = (d.artillery and G.artillery) and G.artillery.range(d) or troops.shooting_range(d.class, d)
  return range * G.S.frontage
end

local reach_q = {}

-- The number of enemy shooters that could shoot the mounted or animal
-- members of group g (a shot can break them) in their next turn, were g to
-- move `dist` after turning `a`: the target within the shooter's range
-- and two moves (a turn's warning), in the strip ahead of its front
-- (shooters shoot straight ahead; LSC and VLI all round), with half a
-- frontage to spare either side for a small turn.
-- The enemy shooters near each mounted or animal member of group g, for
-- every exposure reserve_room asks of one move (of at most `dist`): one
-- proximity query a member instead of one an exposure, and each shooter's
-- range worked out once. Per member (by index): { e, distance, range }...
local function exposure_context(G, g, dist)
  local f = G.S.frontage
  local ctx = {}
  for j = 1, #g.ids do local uid = g.ids[j]
    if troops.mounted_or_animal(G.D[uid].class) then
      local list = {}
      local n = turn.near(G, uid, 3 - g.side, dist + 26 * f, reach_q)
      for i = 1, n do
        local e = reach_q[i].id
        local range = shot_range_mm(G, G.D[e])
        if range > 0 then list[#list + 1] = { e, reach_q[i].distance, range } end
      end
      ctx[j] = list
    end
  end
  return ctx
end

-- One enemy shooter's part of shot_exposure: whether it could shoot member
-- d (at x, y after the move) in its next turn.
local function exposed_to(G, d, x, y, e, range, f)
  local ed = G.D[e]
  local ex, ey, eh = pos(G, e)
  local dx, dy = x - ex, y - ey
  local cd = math.sqrt(dx * dx + dy * dy)
  local reach = range + 2 * ed.move_good + (d.w + d.d) / 2 + ed.d / 2
  if cd <= reach then
    local all_round = troops.classes[ed.class].shoots and troops.classes[ed.class].shoots.all_round and not ed.artillery
    local fx, fy, rx, ry = setup.axes(eh)
    local ahead, lat = dx * fx + dy * fy, abs(dx * rx + dy * ry)
    if all_round or (ahead > 0 and lat < (ed.w + max(d.w, d.d)) / 2 + 0.5 * f) then return true end
  end
  return false
end

-- ctx (optional): exposure_context's lists for a move of at least `dist`;
-- the shooters within dist + 26 frontages of a member are read from it
-- (bf:within's own test, distance <= within: the same shooters as a query).
local function shot_exposure(G, g, a, dist, ctx)
  local f = G.S.frontage
  local count = 0
  local within = dist + 26 * f
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    if troops.mounted_or_animal(d.class) then
      local x, y, h = pos(G, uid)
      local mx, my = setup.axes(h + a)
      x, y = x + mx * dist, y + my * dist
      if ctx then
        local list = ctx[j]
        for i = 1, #list do local s = list[i]
          if s[2] <= within and exposed_to(G, d, x, y, s[1], s[3], f) then count = count + 1 end
        end
      else
        local n = turn.near(G, uid, 3 - g.side, within, reach_q)
        for i = 1, n do
          local e = reach_q[i].id
          local range = shot_range_mm(G, G.D[e])
          if range > 0 and exposed_to(G, d, x, y, e, range, f) then count = count + 1 end
        end
      end
    end
  end
  return count
end
ai.shot_exposure = shot_exposure

-- The longest part of a straight move of `dist` (after turning `a`) that
-- keeps reserve group g out of every enemy's reach (enemy_reach; and of its own
-- initiative charges), more than a full move behind the friends of its
-- line ahead of it, and (mounted or animal) under no more shooters than
-- now (unless melee_only). Distances after the move are estimated from the current edge-to-edge
-- distance less the move's component towards the other's centre. 0 when it
-- is already within reach.
local function reserve_room(G, g, a, dist, melee_only)
  local S = G.S
  local f = S.frontage
  local room = dist
  local mv = turn.allowances(G, g, a)
  local far = dist + 5 * f
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    local x, y, h = pos(G, uid)
    local fx, fy, rx, ry = setup.axes(h + a)
    local n = turn.near(G, uid, 3 - g.side, far, reach_q)
    for i = 1, n do
      local hit = reach_q[i]
      local e = hit.id
      local need = max(enemy_reach(G, e), mv) + RESERVE_MARGIN * f
      local ex, ey = pos(G, e)
      local dx, dy = ex - x, ey - y
      local cd = math.sqrt(dx * dx + dy * dy)
      local c = cd > 0 and (dx * fx + dy * fy) / cd or 1
      if hit.distance < need then
        if c > -0.2 then return 0 end          -- within reach already: no nearer
      elseif c > 0.05 then
        local t = (hit.distance - need) / c
        if t < room then room = t end
      end
    end
    -- friends of its line ahead: more than half a repulse of two moves away
    n = turn.near(G, uid, g.side, dist + 3 * f, reach_q)
    for i = 1, n do
      local o = reach_q[i].id
      local od = G.D[o]
      if od.gid ~= d.gid then
        local ox, oy = pos(G, o)
        local ahead = (ox - x) * fx + (oy - y) * fy
        local lat = abs((ox - x) * rx + (oy - y) * ry)
        if ahead > 0 and lat < (d.w + od.w) / 2 then
          local gap = ahead - d.d / 2 - od.d / 2 - od.move_good - 0.1 * f
          if gap < room then room = gap end
        end
      end
    end
  end
  if room > 0.1 * f and not melee_only then
    -- (each exposure asked once: the last one checked is the one kept)
    local ctx = exposure_context(G, g, room)
    local now = shot_exposure(G, g, 0, 0, ctx)
    local exposed = shot_exposure(G, g, a, room, ctx)
    for _ = 1, 3 do
      if exposed <= now then break end
      room = room / 2
      exposed = shot_exposure(G, g, a, room, ctx)
    end
    if exposed > now then room = 0 end
  end
  return max(0, room)
end
ai.reserve_room = reserve_room
ai.shot_range_mm = shot_range_mm
ai.RESERVE_CHARGE = RESERVE_CHARGE

return ai
