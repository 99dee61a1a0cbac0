-- The default commander's way round terrain: a formed unit on its way to an
-- enemy goes round a ** piece (steep hill, wood, built-up: "disorders formed
-- troops", Table 1) or an impassable one that lies across its way, as a
-- player walks a line round a wood rather than into it.
--
-- WHY: the moves the commander plans are careful (they do not end in or
-- cross disordering ground, ai.move), so a unit steering straight at an
-- enemy behind a wood stopped at its edge turn after turn; after three turns
-- it went through, took the integrity test for becoming disordered and
-- often broke (Mohi, 30 seeded battles: 80 such tests, 21 breaks -- a
-- quarter of the units that broke, and most battles end when two units of a
-- side have broken). A unit that goes round keeps its order and reaches the
-- enemy.
--
-- Pieces are axis-aligned rectangles (setup.piece_polygon). The way is the
-- straight line from the unit's centre towards the goal, for at most two
-- moves; a piece counts when that line passes within the unit's half
-- frontage (and 1 cm, scaled) of it. The goal itself inside the piece (an
-- enemy in a wood) is no reason to go round. How it goes round is told
-- below, in R.way_round.
local setup = require("historicon.setup")

local R = {}

local abs, max, min, sqrt = math.abs, math.max, math.min, math.sqrt

-- READING: how much longer than the straight way a way round may be. Going
-- round every piece whatever the distance made Mohi's battles longer and
-- fewer of them decided (200 battles: decided 86.5% -> 81.0%, engaged
-- 42.9% -> 35.7%); with this limit Mohi is 86.0% / 39.3%, Argentoratum
-- 89.5% / 50.0% (88.5% / 43.8% without going round), Plataea 85.5% / 53.3%.
R.MAX_EXTRA_MOVES = 1.5

-- Whether the piece is one the unit walks round.
local function avoids(d, p)
  if setup.impassable[p.type] then return true end
  return d.formed and setup.disorders_formed[p.type] == true
end

-- Segment (px, py) + t * (ux, uy), t in [0, len], against the rectangle
-- grown by m: the entry t, or nil when they do not meet.
-- SPEED: the slab test along x, then along y, written out for each axis
-- (it built four tables for every piece of every way it weighed: a
-- twentieth of an Argentoratum battle); the same arithmetic in the same
-- order.
local function slab(t0, t1, o, u, lo, hi)
  if abs(u) < 1e-12 then
    if o < lo or o > hi then return nil end
    return t0, t1
  end
  local a, b = (lo - o) / u, (hi - o) / u
  if a > b then a, b = b, a end
  t0, t1 = max(t0, a), min(t1, b)
  if t0 > t1 then return nil end
  return t0, t1
end

local function hit(px, py, ux, uy, len, p, m)
  local t0, t1 = slab(0, len, px, ux, p.x0 - m, p.x1 + m)
  if not t0 then return nil end
  t0 = slab(t0, t1, py, uy, p.y0 - m, p.y1 + m)
  return t0
end

-- SPEED: whether piece p grown by m lies wholly beyond the box (x0, y0,
-- x1, y1) by more than a micrometre. A segment inside that box cannot meet
-- it: `hit` would find nothing (its slab test along that axis ends before
-- the piece begins, and a micrometre is far more than the rounding of its
-- divisions on a table of metres), so the piece is passed over without
-- weighing it -- the same answers. (The way round was 7% of a Mohi battle,
-- most of it pieces far off the way.)
local GAP = 1e-3
-- (R.way_round has this written out, the same arithmetic: the box grown
-- once per way, not once per piece)
local function apart(p, m, x0, y0, x1, y1)
  local bx0, by0, bx1, by1 = x0 - m - GAP, y0 - m - GAP, x1 + m + GAP, y1 + m + GAP
  return p.x1 < bx0 or p.x0 > bx1 or p.y1 < by0 or p.y0 > by1
end

R.apart, R.hit = apart, hit -- (the speed test checks `apart` against `hit`)

local function inside(x, y, p, m)
  return x > p.x0 - m and x < p.x1 + m and y > p.y0 - m and y < p.y1 + m
end

-- The point to steer for on the way from the unit to (tx, ty), and the
-- piece gone round (nil, and tx, ty unchanged, when the way is clear).
function R.way_round(G, uid, tx, ty)
  local d = G.D[uid]
  local pieces = G.pieces
  if not pieces or #pieces == 0 then return tx, ty, nil end
  local x, y = G.bf:pos(uid)
  local dx, dy = tx - x, ty - y
  local dist = sqrt(dx * dx + dy * dy)
  if dist < 1e-6 then return tx, ty, nil end
  local ux, uy = dx / dist, dy / dist
  local len = min(dist, 2 * d.move)
  local m = d.w / 2 + G.S.cm(1)
  local best, best_t
  -- (the box of the way: pieces beyond it are not met, `apart`)
  local ex, ey = x + ux * len, y + uy * len
  -- (`apart` written out, the box grown by m and the micrometre once)
  local bx0, by0 = min(x, ex) - m - GAP, min(y, ey) - m - GAP
  local bx1, by1 = max(x, ex) + m + GAP, max(y, ey) + m + GAP
  for _, p in ipairs(pieces) do
    -- a piece the unit stands on already, or the goal stands in, is not gone round
    if not (p.x1 < bx0 or p.x0 > bx1 or p.y1 < by0 or p.y0 > by1) and avoids(d, p)
        and not inside(x, y, p, 0) and not inside(tx, ty, p, m) then
      local t = hit(x, y, ux, uy, len, p, m)
      if t and (not best_t or t < best_t) then best, best_t = p, t end
    end
  end
  if not best then
    d.ai_terrain_detour = nil
    return tx, ty, nil
  end
  -- The way round: by the piece's corners pushed out diagonally by the
  -- unit's half diagonal (and 2 cm), the corners on one side of the way in
  -- order along it. The unit steers for the furthest of them it can reach
  -- in a straight line without touching the piece (so it leaves a corner
  -- behind once it is beside it). The side is the shorter way round
  -- (ties: the side nearer the middle of the table, the same for both
  -- sides of a mirror match), kept while the same piece is in the way.
  local S = G.S
  local c = sqrt(d.w * d.w + d.dp * d.dp) / 2 + S.cm(2)
  local margin = max(d.w, d.dp) / 2
  local pts = { { best.x0 - c, best.y0 - c }, { best.x1 + c, best.y0 - c }, { best.x1 + c, best.y1 + c },
                { best.x0 - c, best.y1 + c } }
  local function usable(px, py)
    if px < margin or px > S.width - margin or py < margin or py > S.depth - margin then return false end
    for _, q in ipairs(pieces) do
      if setup.impassable[q.type] and inside(px, py, q, margin) then return false end
    end
    return true
  end
  local function visible(ax, ay, bx, by)
    local vx, vy = bx - ax, by - ay
    local l = sqrt(vx * vx + vy * vy)
    if l < 1e-6 then return true end
    return hit(ax, ay, vx / l, vy / l, l, best, m) == nil
  end
  -- the corners on one side, in order along the way; nil if one is off the table
  local function side(sign)
    local out = {}
    for _, p in ipairs(pts) do
      local along = (p[1] - x) * ux + (p[2] - y) * uy
      local lat = -(p[1] - x) * uy + (p[2] - y) * ux
      if lat * sign > 0 then
        if not usable(p[1], p[2]) then return nil end
        out[#out + 1] = { p[1], p[2], along = along }
      end
    end
    table.sort(out, function(a, b) return a.along < b.along end)
    return out
  end
  local function length(route)
    local total, ax, ay = 0, x, y
    for _, p in ipairs(route) do
      total = total + sqrt((p[1] - ax) ^ 2 + (p[2] - ay) ^ 2)
      ax, ay = p[1], p[2]
    end
    return total + sqrt((tx - ax) ^ 2 + (ty - ay) ^ 2)
  end
  local left, right = side(1), side(-1)
  local sign
  local kept = d.ai_terrain_detour
  if kept and kept.piece == best.id and (kept.sign > 0 and left or right) then
    sign = kept.sign
  elseif left and right then
    local ll, lr = length(left), length(right)
    if abs(ll - lr) < S.cm(1) then
      local lx, rx = left[#left][1], right[#right][1]
      sign = abs(lx - S.width / 2) <= abs(rx - S.width / 2) and 1 or -1
    else
      sign = ll < lr and 1 or -1
    end
  else
    sign = left and 1 or (right and -1 or nil)
  end
  if not sign then return tx, ty, best.id end
  local route = sign > 0 and left or right
  -- a way round longer than the straight way by more than MAX_EXTRA_MOVES
  -- of the unit's moves is not taken: it waits at the edge (and after
  -- three turns may go through: ai.move)
  if length(route) - dist > R.MAX_EXTRA_MOVES * d.move then return tx, ty, best.id end
  -- the furthest corner in straight sight, not one the unit stands at
  local px, py
  for k = #route, 1, -1 do
    local p = route[k]
    if sqrt((p[1] - x) ^ 2 + (p[2] - y) ^ 2) > S.cm(2) and visible(x, y, p[1], p[2]) then
      px, py = p[1], p[2]
      break
    end
  end
  if not px then return tx, ty, best.id end
  d.ai_terrain_detour = { piece = best.id, sign = sign }
  return px, py, best.id
end

-- Whether a formed, ordered unit going straight for (tx, ty) would cross or
-- end on ground that disorders it (a ** piece within its half frontage of
-- the way, the goal's own piece included): a charge there costs it the
-- integrity test for becoming disordered before it strikes (Phases 2, 3:
-- "formed troops ... become disordered" in ** terrain).
function R.charge_crosses_disorder(G, uid, tx, ty)
  local d = G.D[uid]
  if not d.formed or d.disordered or not G.pieces then return false end
  local x, y = G.bf:pos(uid)
  local dx, dy = tx - x, ty - y
  local dist = sqrt(dx * dx + dy * dy)
  if dist < 1e-6 then return false end
  local m = d.w / 2
  for _, p in ipairs(G.pieces) do
    if setup.disorders_formed[p.type] and not inside(x, y, p, 0)
        and hit(x, y, dx / dist, dy / dist, dist, p, m) then
      return true
    end
  end
  return false
end

return R
