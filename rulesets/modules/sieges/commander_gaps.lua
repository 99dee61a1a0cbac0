-- The sieges module in WRG 1973, the default commander's way into a fort:
-- the gaps in its ring (breaches, broken or open gates, burnt palisades) and
-- how a unit goes through one.
--
-- WHY: a breach is one section wide (at most 90 mm, BREACHES) and a gate
-- 100 mm; most formed units are wider. A unit making straight for the
-- middle of a gap from wherever it stood ran its corners into the intact
-- wall beside it and stood there (Amida: the gate battered in and a wall
-- undermined, and nobody went in). A player lines the unit up square before
-- the gap, narrows its frontage to pass (FORMATION CHANGES: the rules'
-- own time for it), then goes straight in.
local forts = require("modules.sieges.fortifications")

local GP = {}

-- Gaps: runs of consecutive sections of one ring on one straight line that
-- no longer hold (forts.blocks false). Each: { a, b, ox, oy, mx, my, width,
-- facing_in, sections }. The same list (callers only read it) until a
-- section's state changes (forts.changes): WHY, the commanders ask it for
-- every besieger every bound, and the gaps change a few times a battle.
local kept = setmetatable({}, { __mode = "k" })
local make
function GP.list(S)
  local k = kept[S.forts]
  local n = forts.changes(S.forts)
  if k and k.changes == n then return k.list end
  local out = make(S)
  kept[S.forts] = { changes = n, list = out }
  return out
end

function make(S)
  local out = {}
  for _, fort in ipairs(S.forts.forts) do
    local cur
    local n = #fort.sections
    -- start after a section that holds, so a run across the ring's first
    -- section is not cut in two
    local start = 1
    for j = 1, n do
      if forts.blocks(S.forts.sections[fort.sections[j]]) then start = j % n + 1; break end
    end
    for step = 0, n - 1 do
      local i = fort.sections[(start - 1 + step) % n + 1]
      local sec = S.forts.sections[i]
      if not forts.blocks(sec) then
        local ox, oy = forts.outward(sec)
        if cur and math.abs(cur.ox - ox) < 1e-6 and math.abs(cur.oy - oy) < 1e-6 then
          cur.b = { sec.to[1], sec.to[2] }
          cur.sections[#cur.sections + 1] = i
        else
          cur = { a = { sec.from[1], sec.from[2] }, b = { sec.to[1], sec.to[2] }, ox = ox, oy = oy, sections = { i },
                  facing_in = forts.facing_in(sec), thickness = sec.thickness }
          out[#out + 1] = cur
        end
      else
        cur = nil
      end
    end
  end
  for _, g in ipairs(out) do
    g.mx, g.my = (g.a[1] + g.b[1]) / 2, (g.a[2] + g.b[2]) / 2
    g.width = math.sqrt((g.b[1] - g.a[1]) ^ 2 + (g.b[2] - g.a[2]) ^ 2)
  end
  return out
end

-- The gap nearest a point (x, y) on whose outer side the point lies (a unit
-- outside goes in), or nil. `list`: GP.list(S) when the caller asks for
-- many points with no section changing in between (WHY: queue_place asked
-- it once per besieger, remaking the gaps each time).
function GP.nearest_from_outside(S, x, y, list)
  local best, bd
  for _, g in ipairs(list or GP.list(S)) do
    local out = (x - g.a[1]) * g.ox + (y - g.a[2]) * g.oy
    if out > 0 then
      local dd = (g.mx - x) ^ 2 + (g.my - y) ^ 2
      if not bd or dd < bd - 1e-6 then best, bd = g, dd end
    end
  end
  return best
end

-- The files a unit needs to pass a gap (its frontage inside the gap less 3
-- mm each side), or nil when it passes as it is. base_w: one figure's
-- frontage (mm).
function GP.files_to_pass(g, files, base_w)
  local fit = math.max(1, math.floor((g.width - 6) / base_w))
  if files <= fit then return nil end
  return fit
end

-- The place along the gap's face where a unit of width w goes through:
-- where it stands now if its whole frontage fits inside the gap there (3 mm
-- clear of each side), else the nearest such place (the middle when the gap
-- is too narrow for it). Measured from the gap's `a` end.
local function along(g, x, y)
  local tx, ty = (g.b[1] - g.a[1]) / g.width, (g.b[2] - g.a[2]) / g.width
  return (x - g.a[1]) * tx + (y - g.a[2]) * ty, tx, ty
end
function GP.entry(g, x, y, w)
  local s = along(g, x, y)
  local lo, hi = w / 2 + 3, g.width - w / 2 - 3
  if lo > hi then return g.width / 2 end
  return math.max(lo, math.min(hi, s))
end

-- Where the unit goes, on its line through the gap (GP.entry): the staging
-- point (its front 12 mm off the face, square to the gap) and the point
-- inside (its rear clear of the wall walk).
function GP.points(g, depth, x, y, w)
  local _, tx, ty = along(g, x, y)
  local e = GP.entry(g, x, y, w)
  local px, py = g.a[1] + tx * e, g.a[2] + ty * e
  local stage = { px + g.ox * (depth / 2 + 12), py + g.oy * (depth / 2 + 12) }
  local inner = { px - g.ox * (g.thickness + depth / 2 + 6), py - g.oy * (g.thickness + depth / 2 + 6) }
  return stage, inner
end

-- Whether a unit at (x, y) of width w stands on its line through the gap
-- (within tol mm of GP.entry).
function GP.lined_up(g, x, y, w, tol)
  return math.abs(along(g, x, y) - GP.entry(g, x, y, w)) <= (tol or 1)
end

return GP
