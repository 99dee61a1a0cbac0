-- The default commander, keeping the line: how far a link may go straight
-- ahead (friends and impassable terrain in the way), how far it may go and
-- keep within three frontages of its main battle line, and the move that
-- gains most ground when the way ahead is shut. Part of phalanx.ai
-- (commander/base.lua).
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
local lane_blocked = ai.lane_blocked

-- How far group g could go straight ahead after turning `a` degrees, up to
-- `dist`: short of friends in its way (their extents projected on its
-- axes) and of impassable terrain.
local function friends_of(G, g)
  local member = {}
  for j = 1, #g.ids do local uid = g.ids[j]; member[uid] = true end
  local c = { n = 0, x = {}, y = {}, f = {}, hw = {}, hd = {}, reach = {} }
  local alive = G.alive[g.side]
  for j = 1, #alive do local o = alive[j]
    if not member[o] then
      local n = c.n + 1
      c.n = n
      c.x[n], c.y[n], c.f[n] = G.px[o], G.py[o], G.pf[o]
      local od = G.D[o]
      c.hw[n], c.hd[n], c.reach[n] = od.w / 2, od.d / 2, od.r * 2
    end
  end
  return c
end

-- The battlefield answers it in one call (bf:free_ahead) when it holds the
-- terrain (or there is none); the Lua below is the same arithmetic, for a
-- table whose terrain is not attached to it.
local function free_ahead(G, g, a, dist, c)
  local bf = G.bf
  local T = G.T
  if T.bf or T.pieces[1] == nil then return bf:free_ahead(g.ids, a, dist, T.bf and "impassable" or nil) end
  c = c or friends_of(G, g)
  local free = dist
  local cx, cy, cf, chw, chd, creach = c.x, c.y, c.f, c.hw, c.hd, c.reach
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    local x, y, f = pos(G, uid)
    local nf = f + a
    local fx, fy, rx, ry = setup.axes(nf)
    for i = 1, c.n do
      local dx, dy = cx[i] - x, cy[i] - y
      local ahead = dx * fx + dy * fy
      if ahead > 0 and ahead < free + d.d + creach[i] then
        local t = math.rad(cf[i] - nf)
        local co, sn = abs(math.cos(t)), abs(math.sin(t))
        local lat = dx * rx + dy * ry
        if abs(lat) < d.w / 2 + co * chw[i] + sn * chd[i] - 0.5 then
          local gap = ahead - d.d / 2 - (sn * chw[i] + co * chd[i]) - 1
          if gap < free then free = max(0, gap) end
        end
      end
    end
    if free > 0 and G.T.pieces[1] and lane_blocked(G, x, y, nf, d.w, d.d, free) then
      if lane_blocked(G, x, y, nf, d.w, d.d, free / 2) then free = 0 else free = free / 2 end
    end
  end
  return free
end
ai.free_ahead = free_ahead

-- The longest part of a straight move of `dist` (after turning `a`) that
-- keeps a main-battle-line link within three frontages of another vignette
-- of its line (turn.lua's cohesion rule), estimated from centres: each
-- base counts as a disc of its half-width, so the estimate errs short.
-- Scratch arrays reused by every call (the AI is not re-entered): the other
-- MBL vignettes' centres and half-widths, the link's centres, headings and
-- half-widths.
local co_x, co_y, co_w = {}, {}, {}
local cm_x, cm_y, cm_fx, cm_fy, cm_w = {}, {}, {}, {}, {}

local function cohesive_near_at(t, m, n, limit)
  for i = 1, m do
    local px, py = cm_x[i] + cm_fx[i] * t, cm_y[i] + cm_fy[i] * t
    for k = 1, n do
      local reach = limit + cm_w[i] + co_w[k]
      local dx, dy = co_x[k] - px, co_y[k] - py
      if dx * dx + dy * dy <= reach * reach then return true end
    end
  end
  return false
end

-- The Lua arithmetic bf:stay_near does in the core (kept for the test that
-- holds the two to the same answers).
local function cohesive_distance_lua(G, g, a, dist)
  if G.detachments and g.detached then return dist end
  local ids = g.ids
  local d1 = G.D[ids[1]]
  if not d1.mbl or dist <= 0 then return dist end
  local bf, D, px, py = G.bf, G.D, G.px, G.py
  local limit = tables.deployment.max_mbl_gap_frontages * G.S.frontage
  local m = #ids
  local n = 0
  local alive = G.alive[g.side]
  for j = 1, #alive do local o = alive[j]
    local od = D[o]
    if od.mbl then
      local member = false
      for i = 1, m do if ids[i] == o then member = true; break end end
      if not member then
        n = n + 1
        co_x[n], co_y[n] = px[o], py[o]
        co_w[n] = od.w / 2
      end
    end
  end
  for i = 1, m do
    local uid = ids[i]
    local x, y, f = pos(G, uid)
    cm_x[i], cm_y[i] = x, y
    cm_fx[i], cm_fy[i] = setup.axes(f + a)
    cm_w[i] = D[uid].w / 2
  end
  if not cohesive_near_at(0, m, n, limit) then return dist end     -- already apart: the rule does not hold it
  if cohesive_near_at(dist, m, n, limit) then return dist end
  local lo, hi = 0, dist
  for _ = 1, 6 do
    local mid = (lo + hi) / 2
    if cohesive_near_at(mid, m, n, limit) then lo = mid else hi = mid end
  end
  return lo
end
ai.cohesive_distance_lua = cohesive_distance_lua

local function cohesive_distance(G, g, a, dist)
  if G.detachments and g.detached then return dist end
  local ids = g.ids
  if not G.D[ids[1]].mbl or dist <= 0 then return dist end
  return G.bf:stay_near(ids, a, dist, tables.deployment.max_mbl_gap_frontages * G.S.frontage, "mbl")
end
ai.cohesive_distance = cohesive_distance

-- The move to make: the wanted turn if the way is (mostly) clear, else the
-- turn within the allowance that gains most ground towards the enemy
-- (`towards`: the turn that would face it). Returns turn, distance, or nil.
function ai.plan_move(G, g, want, step, tr, towards)
  local c = not (G.T.bf or G.T.pieces[1] == nil) and friends_of(G, g) or nil
  local free = free_ahead(G, g, want, step, c)
  if free >= 0.75 * step then return want, step end
  local best_a, best_d, best_p = want, free, free * math.cos(math.rad(towards - want))
  local sgn = towards >= 0 and 1 or -1
  for _, k in ipairs({ 0.5, 1 }) do
    for _, s in ipairs({ sgn, -sgn }) do
      local a = s * tr * k
      local fa = free_ahead(G, g, a, step, c)
      local p = fa * math.cos(math.rad(towards - a))
      if p > best_p + 1 then best_a, best_d, best_p = a, fa, p end
    end
  end
  if best_p < G.S.frontage * 0.1 then return nil end
  return best_a, best_d
end
-- Whether the engine's cohesion rule (turn.move_group: an MBL link that
-- starts within three frontages, edge to edge, of another vignette of its
-- line must end so, else the move is halved, else it stands) lets group g
-- turn `a` (clamped to tr) and go `step` straight ahead. The estimate above
-- measures centres (discs of half a width), and a link near the limit,
-- diagonally or deep based, could be "apart" to it and "near" to the
-- engine, which then stopped the move: 18 of 712 paid moves at Isandlwana
-- went nowhere so. The trial puts the bases where the move would take them
-- (turned as the engine turns, then placed straight ahead, without
-- collision) and asks the engine's own question, then puts all back.
-- Returns the distance the engine would allow: step, step / 2 or 0.
function ai.cohesion_applies(G, g)
  -- (turn.move_group's needs_cohesion: an MBL link, not detached; and near now)
  return not g.detached and #g.ids > 0 and G.D[g.ids[1]].mbl and turn.near_mbl_friend(G, g)
end

-- The check itself, on a link already turned as the order turns it (the
-- caller's trial): its bases are put `step` (then `step / 2`) straight
-- ahead, without collision, the engine's question asked, and the bases put
-- back where they were turned to. Returns step, step / 2 or 0.
local cohesion_at = {}
function ai.cohesion_after_turn(G, g, step)
  local n = #g.ids
  for j = 1, n do local uid = g.ids[j]
    local t = cohesion_at[j]
    if not t then t = {}; cohesion_at[j] = t end
    t[1], t[2], t[3] = pos(G, uid)
  end
  local allowed = 0
  for k = 1, 2 do
    local d = k == 1 and step or step / 2
    for j = 1, n do
      local t = cohesion_at[j]
      local fx, fy = setup.axes(t[3])
      turn.place(G, g.ids[j], t[1] + fx * d, t[2] + fy * d, t[3])
    end
    if turn.near_mbl_friend(G, g) then allowed = d; break end
  end
  for j = 1, n do local t = cohesion_at[j]; turn.place(G, g.ids[j], t[1], t[2], t[3]) end
  return allowed
end

-- The trial for a straight move (a turning order makes its own trial, in
-- which the check is asked after the turn): puts all back as it found it,
-- the move stamps and the count of placements the caches read included.
function ai.cohesion_allows(G, g, step)
  if step <= 0 or not ai.cohesion_applies(G, g) then return step end
  local did, placing, stamps, st = g.did, G.placing, {}, G.moved
  if st then for j = 1, #g.ids do stamps[j] = st[g.ids[j]] end end
  if G.log then G.bf:set_logging(false) end
  local allowed = ai.cohesion_after_turn(G, g, step)
  if G.log then G.bf:set_logging(true) end
  g.did = did
  G.placing = placing
  if st then for j = 1, #g.ids do st[g.ids[j]] = stamps[j] end end
  return allowed
end

-- Results: "R or RR into friends within half the move" is a B, and the
-- break of a General's or key vignette loses the battle ("Many battles end
-- on one shot at the General's vignette pushed back into friends"). READING
-- of "Don't have your second line too close": a link does not end a move
-- within one full move (half the RR repulse) of the key vignette's own move
-- behind a friendly General's or key vignette of another link in its lane.
-- The longest part of a straight move of `dist` (after turning `a`) that
-- keeps group g so: dist when no such friend is ahead in its way, 0 when it
-- is already too near.
-- (The side's General's and key vignettes, listed once: two or three a
-- side, so each is looked at directly rather than through a proximity query.)
local function stakes_of(G, side)
  local lists = G.ai_stakes
  if not lists then lists = {}; G.ai_stakes = lists end
  local l = lists[side]
  if not l then
    l = {}
    for _, uid in ipairs(G.alive[side]) do
      local d = G.D[uid]
      if d.general or d.key then l[#l + 1] = uid end
    end
    lists[side] = l
  end
  return l
end

function ai.behind_key_room(G, g, a, dist)
  local f = G.S.frontage
  local room = dist
  local stakes = stakes_of(G, g.side)
  if #stakes == 0 then return dist end
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    local x, y, h = pos(G, uid)
    local fx, fy, rx, ry = setup.axes(h + a)
    for i = 1, #stakes do
      local o = stakes[i]
      local od = G.D[o]
      if od.gid ~= d.gid and not od.broken then
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
  return max(0, room)
end

-- How far group g can go straight ahead after turning `a` (each member about
-- its own centre, an estimate) before a corner of a base leaves the table
-- (the engine stops a move at the edge: "stopped by the table edge"; in 30
-- Gaugamela battles a screen at the edge was paid to move 0 mm 30 times).
function ai.edge_room(G, g, a, dist)
  local W, D = G.S.width, G.S.depth
  local room = dist
  local px, py = G.px, G.py
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    local hw, hd = d.w / 2, d.d / 2
    -- (most bases are far from every edge: no heading takes a corner off)
    local x, y = px[uid], py[uid]
    local r = dist + hw + hd
    if x - r <= 0 or x + r >= W or y - r <= 0 or y + r >= D then
    local fx, fy, rx, ry = setup.axes(G.pf[uid] + a)
    for k = 1, 4 do
      local sf = (k <= 2) and hd or -hd
      local sr = (k % 2 == 1) and hw or -hw
      local cx, cy = x + fx * sf + rx * sr, y + fy * sf + ry * sr
      if fx > 1e-9 then room = min(room, (W - cx) / fx) elseif fx < -1e-9 then room = min(room, -cx / fx) end
      if fy > 1e-9 then room = min(room, (D - cy) / fy) elseif fy < -1e-9 then room = min(room, -cy / fy) end
    end
    end
  end
  return max(0, room)
end

return ai
