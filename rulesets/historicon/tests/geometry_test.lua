-- Geometry of play on the battlefield: the ground a move crosses (Table 1),
-- line of sight through units (Phase 4), a charger lined up against its
-- target (Phase 2). Run with `sandtable test` (they need the battlefield).
--
-- An open 240 x 150 cm table at 25mm; positions in cm. HC 16 in 2 ranks:
-- 16 x 8 cm, move 15. HI 24 in 4 ranks: 9 x 8 cm, move 10. KC 8 in 1 rank:
-- 16 x 4 cm, move 10.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local turn = require("historicon.turn")
local fixtures = require("historicon.tests.fixtures")
local field = fixtures.field

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function on_impassable(G, uid)
  local imp = turn.terrain_under(G, uid)
  return imp
end

---------------------------------------------------------------------------
-- Table 1: the ground a move crosses

T.case("Table 1 impassable terrain: a long move does not jump a narrow impassable piece", function()
  -- HC front edge at 54 cm; a 2 cm strip of impassable ground at 59-61 cm.
  -- Its 15 cm move would end at 61-69 cm, clear beyond the strip.
  local G = field{ dice = dice.forced({}), table = { terrain = { { type = "impassable", x = 120, y = 60, w = 40, d = 2 } } },
    sides = { { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 50 } } } }, {} } }
  local hc = G.by_id[1].hc
  local r = turn.do_move(G, hc, { advance = 150 })
  local _, y = G.bf:pos(hc)
  T.near(y, 550, 1, "stops with its front edge at the strip (59 cm)")
  T.near(r.moved, 50, 1)
  T.eq(on_impassable(G, hc), false)
end)

T.case("Table 1 ** terrain: formed troops moving over a wood are disordered though the move ends beyond it", function()
  -- HI front edge at 54 cm; a 1 cm wood at 54.5-55.5; the 10 cm move ends at 56-64 cm.
  local G = field{ dice = dice.forced({ 6, 6 }), table = { terrain = { { type = "wood", x = 120, y = 55, w = 40, d = 1 } } },
    sides = { { units = { { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 50 } } } }, {} } }
  local hi = G.by_id[1].hi
  turn.do_move(G, hi, { advance = 100 })
  local _, y = G.bf:pos(hi)
  T.near(y, 600, 0.01, "the whole move")
  T.eq(G.D[hi].disordered, true)
  T.eq(events(G, "integrity")[1].reasons, { "becomes_disordered" })
  -- a careful plan (the default commander's) stops short of the wood instead
  local G2 = field{ dice = dice.forced({}), table = { terrain = { { type = "wood", x = 120, y = 55, w = 40, d = 1 } } },
    sides = { { units = { { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 48 } } } }, {} } }
  local hi2 = G2.by_id[1].hi
  turn.do_move(G2, hi2, { advance = 100, careful = true })
  T.eq(G2.D[hi2].disordered, false)
  local _, y2 = G2.bf:pos(hi2)
  T.truthy(y2 + 40 <= 545 + 0.01, "front edge short of the wood, found " .. (y2 + 40) / 10)
end)

-- The walk stepped probe by probe, as turn.sweep did before it probed the
-- whole path first: the reference its shortcut must agree with.
local PROBE = { "impassable", "disorders" }
local function stepped(G, d, x, y, f, ux, uy, dist)
  local bf = G.bf
  local imp0, dis0 = bf:terrain_probe(x, y, f, d.w, d.dp, PROBE)
  local a = math.rad(f)
  local along = math.abs(-math.sin(a) * ux + math.cos(a) * uy) * d.dp + math.abs(math.cos(a) * ux + math.sin(a) * uy) * d.w
  local step = math.max(5, along * 0.9)
  local crossed, lo, t = false, 0, 0
  while t < dist do
    t = math.min(dist, t + step)
    local imp, dis = bf:terrain_probe(x + ux * t, y + uy * t, f, d.w, d.dp, PROBE)
    if imp and not imp0 then
      local hi = t
      for _ = 1, 10 do
        local mid = (lo + hi) / 2
        if bf:terrain_probe(x + ux * mid, y + uy * mid, f, d.w, d.dp, PROBE) then hi = mid else lo = mid end
      end
      return lo, crossed
    end
    if dis and not dis0 then crossed = true end
    lo = t
  end
  return dist, crossed
end

T.case("Table 1: the whole-path probe of a move answers as probing it step by step does", function()
  -- an impassable strip at 59-61 cm and a wood at 70-90 x 35-45 cm; HC
  -- (16 x 8 cm) walks from a grid of places, facings and distances: clear
  -- ways, ways into the strip, over the wood, from inside the wood
  local G = field{ dice = dice.forced({}), table = { terrain = {
      { type = "impassable", x = 120, y = 60, w = 40, d = 2 }, { type = "wood", x = 80, y = 40, w = 20, d = 10 } } },
    sides = { { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 200, 20 } } } }, {} } }
  local d = G.D[G.by_id[1].hc]
  local n, blocked, crossed_n, shortened = 0, 0, 0, 0
  for _, f in ipairs({ 0, 180, 30, -60, 90 }) do
    local r = math.rad(f)
    local ux, uy = -math.sin(r), math.cos(r)
    for x = 600, 1400, 100 do
      for y = 200, 800, 50 do
        for _, dist in ipairs({ 0, 40, 150, 300 }) do
          local a1, c1 = turn.sweep(G, d, x, y, f, ux, uy, dist)
          local a2, c2 = stepped(G, d, x, y, f, ux, uy, dist)
          T.eq(a1, a2, string.format("clear distance from (%d, %d) facing %d, %d mm", x, y, f, dist))
          T.eq(c1, c2, string.format("crossed from (%d, %d) facing %d, %d mm", x, y, f, dist))
          -- a slide across the facing is stepped as before
          local b1, e1 = turn.sweep(G, d, x, y, f, uy, -ux, dist)
          local b2, e2 = stepped(G, d, x, y, f, uy, -ux, dist)
          T.eq(b1, b2); T.eq(e1, e2)
          n = n + 1
          if a2 < dist then blocked = blocked + 1 end
          if c2 then crossed_n = crossed_n + 1 end
          if b2 < dist then shortened = shortened + 1 end
        end
      end
    end
  end
  -- the grid holds every kind of walk
  T.truthy(blocked > 20 and crossed_n > 20 and n - blocked - crossed_n > 20 and shortened > 5,
    string.format("%d walks: %d cut short, %d over the wood, %d slides cut short", n, blocked, crossed_n, shortened))
end)

-- A wheel's arc probed pose by pose, as check_wheel did before it probed a
-- square about the pivot first: the reference its shortcut must agree with.
local setup = require("historicon.setup")
local norm = require("lib.angles").norm
local function wheel_stepped(G, uid, d, x, y, f)
  local bf = G.bf
  local rad, sin, cos, abs = math.rad, math.sin, math.cos, math.abs
  local ex, ey, ef = bf:pos(uid)
  local turned = norm(ef - f)
  if abs(turned) < 1e-6 then return false, false end
  local c0, c1 = setup.corners(x, y, f, d.w, d.dp), setup.corners(ex, ey, ef, d.w, d.dp)
  local dl = (c0[1] - c1[1]) ^ 2 + (c0[2] - c1[2]) ^ 2
  local dr = (c0[3] - c1[3]) ^ 2 + (c0[4] - c1[4]) ^ 2
  local px, py = c0[1], c0[2]
  if dr < dl then px, py = c0[3], c0[4] end
  local function pose(k)
    local th = rad(turned * k)
    local vx, vy = x - px, y - py
    return px + vx * cos(th) - vy * sin(th), py + vx * sin(th) + vy * cos(th), f + turned * k
  end
  local imp0, dis0 = bf:terrain_probe(x, y, f, d.w, d.dp, PROBE)
  local arc = d.w * rad(abs(turned))
  local n = math.ceil(arc / math.max(5, math.min(d.w, d.dp) * 0.9))
  local crossed, lo = false, 0
  for i = 1, n do
    local k = i / n
    local qx, qy, qf = pose(k)
    local imp, dis = bf:terrain_probe(qx, qy, qf, d.w, d.dp, PROBE)
    if imp and not imp0 then
      local hi = k
      for _ = 1, 8 do
        local mid = (lo + hi) / 2
        local mx, my, mf = pose(mid)
        if bf:terrain_probe(mx, my, mf, d.w, d.dp, PROBE) then hi = mid else lo = mid end
      end
      local qx2, qy2, qf2 = pose(lo)
      bf:place(uid, qx2, qy2, norm(qf2))
      return true, crossed
    end
    if dis and not dis0 then crossed = true end
    lo = k
  end
  return false, crossed
end

T.case("Table 1: the probe about a wheel's pivot answers as probing the arc pose by pose does", function()
  local G = field{ dice = dice.forced({}), table = { terrain = {
      { type = "impassable", x = 120, y = 60, w = 40, d = 2 }, { type = "wood", x = 80, y = 40, w = 20, d = 10 } } },
    sides = { { units = { { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 200, 20 } } } }, {} } }
  local bf, uid = G.bf, G.by_id[1].kc
  local d = G.D[uid]
  local check_wheel = turn.helpers.check_wheel
  local n, cut_n, crossed_n = 0, 0, 0
  for _, f in ipairs({ 0, 180, 45 }) do
    for x = 600, 1400, 100 do
      for y = 250, 750, 50 do
        for _, dir in ipairs({ "left", "right" }) do
          for _, deg in ipairs({ 20, 60 }) do
            local arc = d.w * math.rad(deg)
            bf:place(uid, x, y, f)
            bf:move(uid, "wheel", dir, arc)
            local cut1, over1 = check_wheel(G, uid, d, x, y, f)
            local x1, y1, f1 = bf:pos(uid)
            bf:place(uid, x, y, f)
            bf:move(uid, "wheel", dir, arc)
            local cut2, over2 = wheel_stepped(G, uid, d, x, y, f)
            local x2, y2, f2 = bf:pos(uid)
            local what = string.format("wheel %s %d from (%d, %d) facing %d", dir, deg, x, y, f)
            T.eq(cut1, cut2, what); T.eq(over1, over2, what)
            T.eq({ x1, y1, f1 }, { x2, y2, f2 }, what)
            n = n + 1
            if cut2 then cut_n = cut_n + 1 end
            if over2 then crossed_n = crossed_n + 1 end
          end
        end
      end
    end
  end
  T.truthy(cut_n > 10 and crossed_n > 10 and n - cut_n - crossed_n > 10,
    string.format("%d wheels: %d cut short, %d over the wood", n, cut_n, crossed_n))
end)

T.case("Table 1 ** terrain: a careful wheel and advance keeps the whole wheel and shortens only the advance", function()
  -- KC 16 x 4 cm (move 10 cm) at (120, 50) facing north, front edge at 52 cm;
  -- a wood at 60-70 cm. Wheel left 20 degrees (outer corner 5.58 cm), then
  -- advance the 4.42 cm left: the whole advance and three quarters of it
  -- would enter the wood, half of it does not. Each shorter try starts from
  -- the end of the wheel (made once), so the unit ends wheeled 20 degrees.
  local G = field{ dice = dice.forced({}), table = { terrain = { { type = "wood", x = 120, y = 65, w = 60, d = 10 } } },
    sides = { { units = { { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 120, 50 } } } }, {} } }
  local kc = G.by_id[1].kc
  local r = turn.move(G, kc, { wheel = 20, advance = 100, careful = true })
  local _, _, f = G.bf:pos(kc)
  T.near(f, 20, 1e-9, "wheeled the whole 20 degrees")
  local arc = 160 * math.rad(20)
  T.near(r.moved, arc + (100 - arc) * 0.5, 1e-6, "the wheel and half the advance")
  T.eq(r.disordered, nil)
  T.eq(turn.terrain_under(G, kc), false)
  T.eq(select(2, turn.terrain_under(G, kc)), false, "short of the wood")
end)

T.case("Table 1 impassable terrain: a wheel stops where the sweeping flank would enter it", function()
  -- KC 16 x 4 cm wheel right 30 degrees about the front right corner (128, 52);
  -- the outer corner swings through a small impassable piece at 112-115, 57-59 cm.
  local G = field{ dice = dice.forced({}), table = { terrain = { { type = "impassable", x = 113.5, y = 58, w = 3, d = 2 } } },
    sides = { { units = { { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 120, 50 } } } }, {} } }
  local kc = G.by_id[1].kc
  local r = turn.do_move(G, kc, { wheel = -30, advance = 0 })
  local _, _, f = G.bf:pos(kc)
  T.truthy(r.moved > 0, "wheels part of the way")
  T.truthy(f < -1 and f > -30, "stopped short of 30 degrees, at " .. f)
  T.eq(on_impassable(G, kc), false)
end)

T.case("Table 1 impassable terrain: recoils, evasions and flight stop at it too", function()
  local G = field{ dice = dice.forced({}), table = { terrain = { { type = "impassable", x = 120, y = 40, w = 40, d = 2 } } },
    sides = { { units = { { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 50 } } } }, {} } }
  local hi = G.by_id[1].hi
  -- slide 20 cm straight back (south): the strip at 39-41 cm is in the way
  local r = turn.go(G, hi, "slide", 0, -200)
  local _, y = G.bf:pos(hi)
  T.near(y, 450, 1, "rear edge stops at 41 cm")
  T.eq(r.stopped_by, "terrain")
end)

---------------------------------------------------------------------------
-- Phase 4: line of sight through units

T.case("Phase 4 line of sight: troops do not shoot through another unit, friend or foe", function()
  -- Formed LI (16 x 4 cm, range 15 cm) front edge at 42 cm; the enemy HC's
  -- rear edge at 56 cm: 14 cm, in range and directly in front. A friendly
  -- formed VLI (24 x 4 cm) stands between them at 47-51 cm.
  local function setup(screen_x)
    local threes = {}
    for i = 1, 60 do threes[i] = 3 end
    return field{ dice = dice.forced(threes), sides = {
      { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 40 } },
                  { id = "screen", troop = "ARA VLI", figures = 16, ranks = 2, at = { screen_x, 49 } } } },
      { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 60, 180 } } } } } }
  end
  local G = setup(120)
  T.eq(turn.clear_of_units(G, G.by_id[1].li, G.by_id[2].hc), false)
  turn.phase4(G)
  for _, e in ipairs(events(G, "shoot")) do T.truthy(e.unit ~= G.by_id[1].li, "the LI must not shoot through the VLI") end
  -- the screen moved aside: the LI shoots
  local G2 = setup(160)
  T.eq(turn.clear_of_units(G2, G2.by_id[1].li, G2.by_id[2].hc), true)
  turn.phase4(G2)
  local shot = false
  for _, e in ipairs(events(G2, "shoot")) do if e.unit == G2.by_id[1].li then shot = true end end
  T.truthy(shot, "the LI shoots with the way clear")
  -- a screen covering only part of the target: a line to one end of the
  -- target's width is clear, so the target is seen
  local G3 = setup(102)
  T.eq(turn.clear_of_units(G3, G3.by_id[1].li, G3.by_id[2].hc), true)
end)

---------------------------------------------------------------------------
-- Phase 2/3 contact: conforming without overlapping a third unit

T.case("Phase 3 contact: a charger lined up against its target does not end overlapping a third unit", function()
  -- Enemy HI (9 x 8 cm) faces south at 120.5-129.5 cm, front edge at 58 cm.
  -- HC (16 x 8 cm) at 127-143 strikes its front. Lined up as far over the
  -- edge as it can go (x 120.5-136.5) it would overlap a friendly HI standing
  -- at 114-123; it slides along the edge to 123-139 instead.
  local G = field{ dice = dice.forced({ 6, 6 }), sides = {
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 135, 50 } },
                { id = "friend", troop = "AIF HIS", figures = 24, ranks = 4, at = { 118.5, 53 } } } },
    { units = { { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4, at = { 125, 62, 180 } } } } } }
  local hc, hi = G.by_id[1].hc, G.by_id[2].hi
  local r = turn.do_move(G, hc, { advance = 150 })
  T.eq(r.contact, hi)
  local x, y, f = G.bf:pos(hc)
  T.near(y, 540, 0.01, "flush against the HI's front")
  T.near(f, 0, 1e-9)
  T.near(x, 1310, 0.01, "slid clear of the friend")
  T.eq(turn.spot_taken(G, hc, hi, x, y, f), false, "overlaps nobody but its target")
  T.eq(G.bf:contact(hi, hc), "front")
  -- without the friend it lines up as far over the edge as it can
  local G2 = field{ dice = dice.forced({ 6, 6 }), sides = {
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 135, 50 } } } },
    { units = { { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4, at = { 125, 62, 180 } } } } } }
  turn.do_move(G2, G2.by_id[1].hc, { advance = 150 })
  T.near((G2.bf:pos(G2.by_id[1].hc)), 1285, 0.01)
end)
