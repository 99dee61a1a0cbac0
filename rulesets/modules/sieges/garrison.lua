-- Where a defending commander puts its garrison before the battle, for any
-- ruleset's siege commander (commander_wrg.lua, commander_historicon.lua):
-- the wall runs facing the besieger manned from the nearest end, then the
-- rest placed inside the fort, nearest its middle first. Plans are lists of
-- { index = unit spec index, x, y, facing } in table mm.
local forts = require("modules.sieges.fortifications")

local GARRISON = {}

-- The axis-aligned box of a base w wide and d deep facing `facing`.
function GARRISON.box(x, y, w, d, facing)
  local a = math.rad(facing)
  local c, s = math.abs(math.cos(a)), math.abs(math.sin(a))
  return { x = x, y = y, w = w * c + d * s, h = w * s + d * c }
end

-- Whether two boxes come within 1 mm of each other.
function GARRISON.overlaps(a, b)
  return math.abs(a.x - b.x) * 2 < a.w + b.w + 2 and math.abs(a.y - b.y) * 2 < a.h + b.h + 2
end

-- The runs of fort `fi`: consecutive sections on one straight line, with
-- their outer face from a to b, outward normal (ox, oy) and the facing out.
function GARRISON.runs(S, fi)
  local out, cur = {}, nil
  for _, i in ipairs(S.forts.forts[fi].sections) do
    local sec = S.forts.sections[i]
    local ox, oy = forts.outward(sec)
    if cur and math.abs(cur.ox - ox) < 1e-6 and math.abs(cur.oy - oy) < 1e-6 then
      cur.b = { sec.to[1], sec.to[2] }
      cur.sections[#cur.sections + 1] = i
    else
      cur = { a = { sec.from[1], sec.from[2] }, b = { sec.to[1], sec.to[2] }, ox = ox, oy = oy, sections = { i },
              facing = forts.facing_out(sec), fort = fi }
      out[#out + 1] = cur
    end
  end
  return out
end

-- The direction (unit vector) towards the besieger's table edge (side 1: south).
function GARRISON.towards_besieger(S) return 0, S.besieger == 1 and -1 or 1 end

-- Side s's wall runs, those facing most towards the besieger first.
function GARRISON.runs_facing_besieger(S, s)
  local ex, ey = GARRISON.towards_besieger(S)
  local all = {}
  for fi, f in ipairs(S.forts.forts) do
    if f.defender == s then for _, r in ipairs(GARRISON.runs(S, fi)) do all[#all + 1] = r end end
  end
  table.sort(all, function(a, b)
    local da, db = a.ox * ex + a.oy * ey, b.ox * ex + b.oy * ey
    if math.abs(da - db) > 1e-6 then return da > db end
    return a.sections[1] < b.sections[1]
  end)
  return all
end

-- Mans the walls: each unit of `order` that `on_walls(spec)` accepts goes
-- on the first run facing the besieger with room left, 4 mm from the last,
-- its centre `back(spec)` mm inside the outer face. Fills plan, placed
-- (boxes) and used (spec indices).
function GARRISON.man_walls(S, s, specs, order, on_walls, back, plan, placed, used)
  local ex, ey = GARRISON.towards_besieger(S)
  local runs = GARRISON.runs_facing_besieger(S, s)
  for _, r in ipairs(runs) do r.cursor = 3 end
  for _, i in ipairs(order) do
    local d = specs[i]
    if on_walls(d) then
      for _, r in ipairs(runs) do
        local L = math.sqrt((r.b[1] - r.a[1]) ^ 2 + (r.b[2] - r.a[2]) ^ 2)
        if r.ox * ex + r.oy * ey > 0.3 and r.cursor + d.w <= L - 3 then
          local tx, ty = (r.b[1] - r.a[1]) / L, (r.b[2] - r.a[2]) / L
          local along = r.cursor + d.w / 2
          local x, y = r.a[1] + tx * along - r.ox * back(d), r.a[2] + ty * along - r.oy * back(d)
          plan[#plan + 1] = { index = i, x = x, y = y, facing = r.facing }
          placed[#placed + 1] = GARRISON.box(x, y, d.w, d.dp, r.facing)
          r.cursor = r.cursor + d.w + 4
          used[i] = true
          break
        end
      end
    end
  end
end

-- Places every unit of `order` not yet used inside `fort`, facing the
-- besieger: the free places nearest the middle of the fort (a spiral of
-- 1 cm steps), clear of the wall walks (30 mm inside the ring all round)
-- and of the boxes already placed; a unit with no room keeps its place in
-- base_plan. Returns the plan sorted by spec index.
function GARRISON.place_inside(S, fort, specs, order, plan, placed, used, base_plan)
  local cx, cy, n = 0, 0, #fort.ring
  for _, p in ipairs(fort.ring) do cx, cy = cx + p[1] / n, cy + p[2] / n end
  local facing = S.besieger == 1 and 180 or 0
  for _, i in ipairs(order) do
    if not used[i] then
      local d = specs[i]
      local done = false
      -- (the search stops at the first free place: WHY, it went on through
      -- all 40 rings for every unit, making tables, a tenth of a grass-fire
      -- battle's Lua)
      for ring = 0, 40 do
        if done then break end
        for dx = -ring, ring do
          if done then break end
          for _, dy in ipairs(ring == 0 and { 0 } or { -ring, ring }) do
            if done then break end
            for _, pt in ipairs({ { dx, dy }, { dy, dx } }) do
              if not done then
                local x, y = cx + pt[1] * 10, cy + pt[2] * 10
                local b = GARRISON.box(x, y, d.w, d.dp, facing)
                local ok = true
                for _, c in ipairs({ { b.x - b.w / 2 - 30, b.y - b.h / 2 - 30 }, { b.x + b.w / 2 + 30, b.y - b.h / 2 - 30 },
                                     { b.x + b.w / 2 + 30, b.y + b.h / 2 + 30 }, { b.x - b.w / 2 - 30, b.y + b.h / 2 + 30 } }) do
                  if not forts.inside(fort, c[1], c[2]) then ok = false end
                end
                for _, q in ipairs(placed) do if ok and GARRISON.overlaps(b, q) then ok = false end end
                if ok then
                  plan[#plan + 1] = { index = i, x = x, y = y, facing = facing }
                  placed[#placed + 1] = b
                  done = true
                end
              end
            end
          end
        end
      end
      if not done then
        for _, p in ipairs(base_plan) do if p.index == i then plan[#plan + 1] = p end end
      end
    end
  end
  table.sort(plan, function(a, b) return a.index < b.index end)
  return plan
end

return GARRISON
