-- lib.manoeuvre: the shared movement and contact mechanics, on hand-placed bases.
local T = require("lib.testing")
local B = require("sandtable.battlefield")
local M = require("lib.manoeuvre")

local function table_with(units)
  local bf = B.new{ width = 2000, depth = 2000, keep_events = false }
  local ids = {}
  for i, u in ipairs(units) do
    ids[i] = bf:add_unit{ side = u.side or 1, x = u.x, y = u.y, facing = u.facing or 0, width = u.w or 100,
                          depth = u.d or 40 }
  end
  return { bf = bf }, ids
end

T.case("manoeuvre: an evader moves along its charger's facing and ends out of contact, however wide", function()
  -- a 300 mm wide evader touched at its left end by a charger coming in at 45 degrees
  local G, id = table_with{ { x = 1000, y = 1000, w = 300, d = 40 },
                            { side = 2, x = 0, y = 0, w = 100, d = 40, facing = -45 } }
  local bf = G.bf
  -- put the charger's front against the evader's rear-left corner region
  bf:place(id[2], 850 - 30, 980 - 30 - 14, -45)
  local r = M.evade(G, id[1], { id[2] }, 50)
  T.eq(r.in_contact, nil)
  T.truthy(bf:distance(id[1], id[2]) > 0)
  T.near(r.distance, 50, 1e-6)
  T.near(r.heading, -45, 1e-9)
end)

T.case("manoeuvre: a recoil goes straight back, its enemy never blocks it, a friend behind does", function()
  local G, id = table_with{ { x = 1000, y = 1000 }, { side = 2, x = 1000, y = 1040, facing = 180 },
                            { x = 1000, y = 920 } }
  local r = M.recoil(G, id[1], 60, { from = { id[2] } })
  -- the friend's front edge is at 940, the recoiler's rear at 980: 60 mm is 20 mm too far
  T.near(r.distance, 40, 1e-6)
  T.eq(r.blocked_by, id[3])
  T.eq(r.wanted, 60)
  local x, y, f = G.bf:pos(id[1])
  T.eq({ x, f }, { 1000.0, 0.0 })
  T.near(y, 960, 1e-6)
end)

T.case("manoeuvre: a recoil through friends never ends on one", function()
  local G, id = table_with{ { x = 1000, y = 1000 }, { side = 2, x = 1000, y = 1040, facing = 180 },
                            { x = 1000, y = 920 } }
  local r = M.recoil(G, id[1], 60, { from = { id[2] }, pass_through = { id[3] } })
  T.near(r.distance, 40, 1e-6)
  T.eq(#M.overlapping(G, id[1]), 0)
  local r2 = M.recoil(G, id[1], 200, { pass_through = { id[3] } })
  -- 200 mm back clears the friend (its rear edge at 900): the recoiler ends past it
  T.near(r2.distance, 200, 1e-6)
  T.eq(#M.overlapping(G, id[1]), 0)
end)

T.case("manoeuvre: a move through two friends in a row never ends on either", function()
  -- friends' bases at y 900-940 and 840-880 (100 x 40 each); the mover's
  -- rear at 980. 120 mm back ends on the far one (centre 880): backing off
  -- before it ends on the near one; it must stop before the near one.
  local G, id = table_with{ { x = 1000, y = 1000 }, { x = 1000, y = 920 }, { x = 1000, y = 860 } }
  local r = M.recoil(G, id[1], 120, { pass_through = { id[2], id[3] } })
  T.eq(#M.overlapping(G, id[1]), 0)
  T.near(r.distance, 40, 1e-6)
  T.eq(r.blocked_by, id[2])
end)

T.case("manoeuvre: a recoil stops at the table edge and says so", function()
  local G, id = table_with{ { x = 1000, y = 50 } }
  local r = M.recoil(G, id[1], 100)
  T.near(r.distance, 30, 1e-6)
  T.eq(r.blocked_by, "edge")
end)

T.case("manoeuvre: a charge reaches, lines up on the edge it hit, and never exceeds its allowance", function()
  -- target facing south at (1000, 1300); the charger 200 mm south-west, facing north
  local G, id = table_with{ { x = 900, y = 1050 }, { side = 2, x = 1000, y = 1300, facing = 180 } }
  local r = M.charge(G, id[1], id[2], 400)
  T.eq(r.contact, true)
  T.eq(r.edge, "front")
  T.eq(r.lined_up, true)
  local x, y, f = G.bf:pos(id[1])
  T.near(y, 1300 - 20 - 20, 1e-6)    -- front edges flush
  T.near(math.abs(f), 0, 1e-6)        -- facing into the target (north)
  T.truthy(math.sqrt((x - 900) ^ 2 + (y - 1050) ^ 2) <= 400)
  T.eq(#M.overlapping(G, id[1]), 0)
end)

T.case("manoeuvre: a charge whose line-up would exceed the allowance stays where it made contact", function()
  local G, id = table_with{ { x = 700, y = 1150, facing = 0 }, { side = 2, x = 1000, y = 1300, facing = 180 } }
  local bf = G.bf
  local tx, ty = bf:pos(id[2])
  local x0, y0 = bf:pos(id[1])
  -- an allowance just long enough to touch the target's corner
  local r = M.charge(G, id[1], id[2], 260)
  if r.contact then
    local x, y = bf:pos(id[1])
    T.truthy(math.sqrt((x - x0) ^ 2 + (y - y0) ^ 2) <= 260 + 1e-6)
  else
    T.truthy(r.moved <= 260 + 1e-6)
  end
  T.eq(#M.overlapping(G, id[1]), 0)
  T.truthy(tx == 1000.0 and ty == 1300.0)
end)

T.case("manoeuvre: a pursuit reports the first unit it reaches", function()
  local G, id = table_with{ { x = 1000, y = 1000 }, { side = 2, x = 1000, y = 1200, facing = 180 } }
  local r = M.pursue(G, id[1], 300)
  T.eq(r.contacted, id[2])
  T.near(r.distance, 160, 1e-6)
end)

T.case("manoeuvre: a recoil is blocked by an enemy its way back runs into, even the one it fought", function()
  -- the enemy it fought stands across its rear (fought from behind): falling back runs into it
  local G, id = table_with{ { x = 1000, y = 1000 }, { side = 2, x = 1000, y = 960, facing = 0 } }
  local r = M.recoil(G, id[1], 40, { from = { id[2] } })
  T.near(r.distance, 0, 1e-6)
  T.eq(r.blocked_by, id[2])
  T.eq(#M.overlapping(G, id[1]), 0)
end)

-- The overlap test every ruleset shares (WRG's turn.overlapping is this one):
-- M.overlapping finds its candidates with bf:within (and answers at once when
-- bf:first_within finds nothing), not bf:query. It must give exactly the
-- list the definition gives: every unit bf:query{ of = uid, within = 0 }
-- lists, on uid's layer, not skipped, whose base overlaps uid's by more than
-- the slack (battlefield.overlapping_bases), in id order.
local function overlapping_by_query(G, uid, slack, skip)
  local bf = G.bf
  local x, y, f = bf:pos(uid)
  local u = bf:unit(uid)
  local out = {}
  for _, q in ipairs(bf:query{ of = uid, within = 0 }) do
    local o = q.id
    local v = bf:unit(o)
    if not (skip and skip[o]) and v.layer == u.layer then
      local ox, oy, of = bf:pos(o)
      if #B.overlapping_bases({ x, ox }, { y, oy }, { f, of }, { u.width, v.width }, { u.depth, v.depth },
        slack or M.TOLERANCE) > 0 then out[#out + 1] = o end
    end
  end
  table.sort(out)
  return out
end

T.case("manoeuvre: overlapping (bf:within) lists exactly what bf:query and overlapping_bases define", function()
  -- 400 crowded tables of six bases, some on another layer, many exactly
  -- edge to edge (the engine's contacts) or overlapping by fractions of a
  -- millimetre around the slacks asked (0, 0.5, 0.9, 0.95)
  local seed = 12345
  local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
  local found, empty, touching = 0, 0, 0
  for _ = 1, 400 do
    local bf = B.new{ width = 2000, depth = 2000, keep_events = false }
    local G = { bf = bf }
    local ids = {}
    for i = 1, 6 do
      local w, d = 40 + rnd(3) * 30, 20 + rnd(3) * 10
      local x, y, f
      if i > 1 and rnd(2) == 0 then
        -- behind or beside an earlier base, 0 to 1.2 mm into it (or exactly touching)
        local o = ids[1 + rnd(i - 1)]
        local ox, oy, of = bf:pos(o)
        local ov = bf:unit(o)
        local into = ({ 0, 0, 0.3, 0.5, 0.6, 0.9, 0.92, 0.95, 0.97, 1.2 })[1 + rnd(10)]
        if rnd(2) == 0 then x, y = ox, oy + (ov.depth + d) / 2 - into else x, y = ox + (ov.width + w) / 2 - into, oy end
        f = of
      else
        x, y, f = 1000 + rnd(120), 1000 + rnd(120), ({ 0, 0, 90, 45, 30, 180 })[1 + rnd(6)]
      end
      ids[i] = bf:add_unit{ side = 1 + rnd(2), x = x, y = y, facing = f, width = w, depth = d,
                            layer = rnd(5) == 0 and 1 or 0 }
    end
    for _, uid in ipairs(ids) do
      for _, slack in ipairs({ 0, 0.5, 0.9, 0.95 }) do
        local skip = rnd(3) == 0 and { [ids[1 + rnd(6)]] = true } or nil
        local want = overlapping_by_query(G, uid, slack, skip)
        T.eq(M.overlapping(G, uid, slack, skip), want)
        if #want > 0 then found = found + 1 else empty = empty + 1 end
        if #bf:query{ of = uid, within = 0 } > 0 and #want == 0 then touching = touching + 1 end
      end
      T.eq(M.overlapping(G, uid), overlapping_by_query(G, uid))
    end
  end
  -- the tables hold all three cases: overlaps, bases touching without
  -- overlapping beyond the slack, and bases touching nothing
  T.truthy(found > 500 and touching > 500 and empty > 500, string.format("%d %d %d", found, touching, empty))
end)

T.case("manoeuvre: a base brought back over the far edge, turned a little off square, ends wholly on the table", function()
  -- WRG's troops returning to the field (gaugamela, a 300 x 90 mm base
  -- facing -179.6 degrees, 55 mm over the far edge): one corner stayed
  -- 2 mm off the table
  for _, f in ipairs({ -179.6, 179.6, 0.4, -0.4, 90.5, -89.5 }) do
    local G, id = table_with{ { x = 1000, y = 1000, w = 300, d = 90, facing = f } }
    local bf = G.bf
    local a = math.rad(f)
    -- over the edge its facing points at: north for 0, south for 180, and so on
    local ox, oy = -math.sin(a) * 1100, math.cos(a) * 1100
    bf:place(id[1], 1000 + ox, 1000 + oy, f)
    T.eq(M.onto_table(G, id[1]), true, "moved, facing " .. f)
    T.truthy(M.on_table(G, id[1]), "every corner on the table, facing " .. f)
  end
end)
