-- The default commander's deployment search (historicon/ai.lua `put`): the
-- first free place for a unit's footprint along the rows of its zone.
--
-- A place is tried at x + sgn * k * step_mm for k = 0, step, 2 * step, ...
-- (both directions at each k, in the order `signs`), at each of the rows
-- (`fronts`, the distance of the unit's front edge from its own table edge).
-- The first free place in that order wins: the smallest k, then the earlier
-- sign, then the earlier row.
--
-- WHY this file: the search used to test every 1 cm step against every
-- unit already placed and every piece of terrain, for every row and every
-- level of care -- 38 % of a Mohi battle's instructions. Everything it
-- tests against is an axis-aligned box (units are deployed facing north or
-- south; pieces are tested by their bounding boxes, setup.box_hits_piece),
-- so along one row each obstacle blocks one open interval of x: a step that
-- is blocked jumps to the first grid point past the obstacles that block
-- it. The test of a place is the same expression as before, in the same
-- floating point, so the places found are the same ones (the seeded battles
-- are identical, tests/historicon placement_test).
local setup = require("historicon.setup")

local M = {}

local abs, floor, max = math.abs, math.floor, math.max

-- The obstacles of one row: the unit boxes and pieces whose test along y
-- holds for a footprint spanning y0..y1 (it does not depend on x), each as
-- { lo, hi }: a footprint x0..x1 is blocked by it when x0 < hi and x1 > lo.
--   level 0: impassable and disordering pieces, under the footprint or in
--            the lane `lane` mm ahead of it (sign by edge); 0.5: impassable
--            and disordering pieces under it, impassable ones in the lane
--            too; 1: impassable and disordering pieces under it; 2:
--            impassable only; 3: none.
--   Units (boxes { x0, y0, x1, y1 }) are kept `gap` mm apart.
local function row_obstacles(pieces, boxes, y0, y1, level, lane, gap)
  local out = {}
  for _, b in ipairs(boxes) do
    if y0 < b[4] + gap and y1 > b[2] - gap then out[#out + 1] = { b[1] - gap, b[3] + gap } end
  end
  if level < 3 then
    local ly0, ly1 = y0, y1
    if level <= 0.5 then
      if lane > 0 then ly1 = y1 + lane else ly0 = y0 + lane end
    end
    for _, p in ipairs(pieces) do
      local imp = setup.impassable[p.type]
      local bad = imp or (level <= 1 and setup.disorders_formed[p.type])
      -- (level 0.5: only impassable ground ahead counts; a wood ahead may
      -- be gone round or through, an impassable piece only round)
      local ahead = level == 0 or (level == 0.5 and imp)
      if bad and ((y0 < p.y1 + 1 and y1 > p.y0 - 1) or (ahead and ly0 < p.y1 + 1 and ly1 > p.y0 - 1)) then
        out[#out + 1] = { p.x0 - 1, p.x1 + 1 }
      end
    end
  end
  return out
end
M.row_obstacles = row_obstacles

-- The smallest k (from k0, a multiple of `step`, at most kmax) at which a
-- footprint of width w centred at x + sgn * k * unit is inside
-- [xlo, xhi] (0.01 mm slack) and clear of every obstacle; nil if none.
local function first_k(obstacles, x, w, sgn, k0, kmax, step, unit, xlo, xhi)
  local k = k0
  while k <= kmax do
    local cx = x + sgn * k * unit
    -- past the far end of the zone in this direction: every later step too
    if (sgn > 0 and cx > xhi + 0.01) or (sgn < 0 and cx < xlo - 0.01) then return nil end
    local x0, x1 = cx - w / 2, cx + w / 2
    local skip
    -- not yet in the zone (x outside it): the next step
    if cx < xlo - 0.01 or cx > xhi + 0.01 then skip = k end
    for _, o in ipairs(obstacles) do
      if x0 < o[2] and x1 > o[1] then
        -- blocked: every grid point between here and the obstacle's far
        -- side is blocked by it too; one step short of that side (rounding)
        local far = sgn > 0 and (o[2] + w / 2 - x) or (x - (o[1] - w / 2))
        local kk = floor(abs(far) / unit) - 1
        if not skip or kk > skip then skip = kk end
      end
    end
    if not skip then return k end
    -- the next multiple of `step` at or after skip, and at least one step on
    local nk = k + step
    if skip > nk then nk = k0 + math.ceil((skip - k0) / step) * step end
    k = max(nk, k + step)
  end
  return nil
end
M.first_k = first_k

-- The first free place (cx, cy) in the order described at the top, or nil.
--   q = { x =, w =, dp =, fronts =, level =, step =, signs =, skip_k0 = sign
--         not tried at k = 0 (nil: none), gap =, lane =, kmax =, unit =,
--         xlo =, xhi =, row_ok(f) -> bool, centre_y(f) -> cy }
function M.first_free(pieces, boxes, q)
  local best_k, best_s, best_f, best_cy, best_sgn
  for fi, f in ipairs(q.fronts) do
    if q.row_ok(f) then
      local cy = q.centre_y(f)
      local obstacles = row_obstacles(pieces, boxes, cy - q.dp / 2, cy + q.dp / 2, q.level, q.lane, q.gap)
      for si, sgn in ipairs(q.signs) do
        local k0 = (sgn == q.skip_k0) and q.step or 0
        -- no need to look beyond the best found so far
        local kmax = best_k or q.kmax
        local k = first_k(obstacles, q.x, q.w, sgn, k0, kmax, q.step, q.unit, q.xlo, q.xhi)
        if k and (not best_k or k < best_k or (k == best_k and (si < best_s or (si == best_s and fi < best_f)))) then
          best_k, best_s, best_f, best_cy, best_sgn = k, si, fi, cy, sgn
        end
      end
    end
  end
  if not best_k then return nil end
  return q.x + best_sgn * best_k * q.unit, best_cy
end

return M
