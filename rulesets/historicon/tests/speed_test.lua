-- The speed work on the Historicon default commander and its moves gives the
-- same answers as the plain computation it replaced (issue #13, "Speed";
-- docs/rulesets/historicon.md, "Speed of the default commander"): the
-- charge values kept per pair (commander/charge_cache.lua), the enemies a
-- unit knows (commander/known_foes.lua). Hand-built situations on an open
-- 240 x 150 cm table at 25mm (positions in cm, side 1 faces north).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("historicon.battle")
local ai = require("historicon.ai")
local charge_cache = require("historicon.commander.charge_cache")
local known_foes = require("historicon.commander.known_foes")
local fixtures = require("historicon.tests.fixtures")

local function field(sides)
  sides[2].commander = sides[2].commander or fixtures.passive
  return battle.skirmish{ dice = dice.random(1), log = false, sides = sides }
end

local HIS = function(id, at) return { id = id, troop = "AIF HIS", figures = 24, ranks = 3, at = at } end

-- Both armies: formed and unformed troops, facing each other and turned away
-- (fronts, flanks and rears to charge).
local function mixed()
  return field{
    { units = { HIS("a", { 100, 40 }), { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 160, 40 } },
                { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 60, 50 }, formed = false } } },
    { units = { HIS("e", { 100, 70, 180 }), { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 170, 60, 90 } },
                { id = "ls", troop = "ARA LI", figures = 16, ranks = 2, at = { 40, 75, 180 }, formed = false } } } }
end

-- The flank as ai.charge_value read it before the cache was made cheaper.
local function old_flank(G, uid, e)
  return (not G.bf:in_arc(e, uid, 89, "centre")) and G.D[e].formed
end

-- Every pair's value, kept or not, against the value worked out afresh.
local function check_all_pairs(G, what)
  local n = 0
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      for _, e in ipairs(G.sides[3 - s].units) do
        local fresh = ai.charge_value_now(G, G.D[uid], G.D[e], old_flank(G, uid, e))
        T.eq(ai.charge_value(G, uid, e), fresh, what .. ": " .. G.D[uid].name .. " on " .. G.D[e].name)
        n = n + 1
      end
    end
  end
  return n
end

T.case("Speed: a kept charge value is the value worked out afresh, before and after the units change", function()
  local G = mixed()
  T.eq(check_all_pairs(G, "first asked"), 18, "every pair of the two armies")
  check_all_pairs(G, "asked again (kept)")
  -- each of the seven Table 4 fields, and a flank that changes, renews it
  local a, e, kc = G.by_id[1].a, G.by_id[2].e, G.by_id[2].kc
  local before = ai.charge_value(G, a, e)
  G.D[e].hits = G.D[e].hits + 30 -- past its figure equivalent: +1 to the charge
  T.truthy(ai.charge_value(G, a, e) ~= before, "hits on the target change the value")
  check_all_pairs(G, "after hits")
  G.D[e].disordered = true
  check_all_pairs(G, "after a disorder")
  G.D[a].figures, G.D[a].ranks = 16, 2
  check_all_pairs(G, "after losses")
  G.D[kc].formed = false
  check_all_pairs(G, "after a target unforms")
  G.D[e].broken = true
  check_all_pairs(G, "after a break")
  G.bf:place(e, 1000, 1200, 90) -- its flank now faces side 1's heavy infantry
  check_all_pairs(G, "after the target turned")
end)

T.case("Speed: the flank a kept charge value is keyed by is the old one (false against an unformed target)", function()
  local G = mixed()
  local li, ls = G.by_id[1].li, G.by_id[2].ls
  local seen
  charge_cache.value(G, li, ls, function(_, _, _, flank) seen = flank; return 0 end)
  T.eq(G.D[ls].formed, false, "the target is unformed")
  T.eq(seen, old_flank(G, li, ls), "the same flank as before")
  T.eq(seen, false, "and it is false")
end)

-- Two armies of twins: three units of each kind, so that most pairs look the
-- same to Table 4 (commander/charge_profiles.lua shares their values).
local function twins()
  local one, two = {}, {}
  for k = 1, 3 do
    one[#one + 1] = HIS("a" .. k, { 40 + 50 * k, 40 })
    one[#one + 1] = { id = "hc" .. k, troop = "ARA HC", figures = 8, ranks = 2, at = { 40 + 50 * k, 20 } }
    two[#two + 1] = HIS("e" .. k, { 40 + 50 * k, 70, 180 })
    two[#two + 1] = { id = "kc" .. k, troop = "AIF KC", figures = 8, ranks = 1, at = { 40 + 50 * k, 95, 90 } }
  end
  return field{ { units = one }, { units = two } }
end

T.case("Speed: a charge value shared between pairs of the same kinds is the value worked out afresh", function()
  local profiles = require("historicon.commander.charge_profiles")
  local G = twins()
  T.truthy(profiles.pure[ai.charge_value_now], "the ruleset's own value is the one shared")
  local before_n = profiles.kept_values()
  T.eq(check_all_pairs(G, "first asked"), 72, "every pair of the two armies")
  -- 72 pairs (both ways), 2 x 2 kinds each way, and flanks that differ:
  -- far fewer values worked out than pairs
  local n = profiles.kept_values() - before_n
  T.truthy(n > 0 and n < 24, "values shared between pairs of the same kinds (" .. n .. " worked out)")
  -- the next battle of the same armies works none out again
  local G2 = twins()
  check_all_pairs(G2, "a second battle")
  T.eq(profiles.kept_values() - before_n, n, "none worked out again in the next battle")
  -- one twin changes: its pairs are its own again, and still exact
  local a1, e2, kc3 = G.by_id[1].a1, G.by_id[2].e2, G.by_id[2].kc3
  G.D[e2].hits = G.D[e2].hits + 1
  check_all_pairs(G, "after a hit on one twin (the same kind)")
  G.D[e2].hits = G.D[e2].hits + 30
  check_all_pairs(G, "after hits on one twin past its figure equivalent")
  G.D[a1].disordered = true
  check_all_pairs(G, "after one twin's disorder")
  G.D[a1].figures, G.D[a1].ranks = 16, 2
  check_all_pairs(G, "after one twin's losses")
  G.D[kc3].formed = false
  check_all_pairs(G, "after one twin unforms")
  G.D[kc3].formed = nil -- nil is formed: told apart from false
  check_all_pairs(G, "formed = nil")
  -- (the pair's cache keeps seven fields only, so a general is told by
  -- the profile itself)
  local before = profiles.kind(G, G.by_id[1].a2, G.D[G.by_id[1].a2])
  G.D[G.by_id[1].a2].general = true
  T.truthy(profiles.kind(G, G.by_id[1].a2, G.D[G.by_id[1].a2]) ~= before, "a general is another kind")
  G.D[G.by_id[1].a2].general = nil
  G.bf:place(e2, 1000, 1200, 90)
  check_all_pairs(G, "after one twin turned")
  -- a value function the profiles do not know is always worked out
  local calls = 0
  local other = function() calls = calls + 1; return 7 end
  T.eq(profiles.value(G, a1, e2, G.D[a1], G.D[e2], false, other), 7, "a replaced value")
  T.eq(profiles.value(G, a1, e2, G.D[a1], G.D[e2], false, other), 7, "asked again")
  T.eq(calls, 2, "worked out each time")
end)

T.case("Speed: a terrain piece the way round passes over (beyond the way's box) is one the way does not meet", function()
  local route = require("historicon.commander.terrain_route")
  -- random ways and pieces on a 2.4 x 1.5 m table, and ways that end a
  -- hair's breadth from a piece's edge (the case rounding could tip)
  local rng = dice.random(13)
  local function r(n) return (rng:roll(1000000) - 1) / 1000000 * n end
  local passed_over, met, n = 0, 0, 0
  for k = 1, 20000 do
    local x, y = r(2400), r(1500)
    local a = r(6.2832)
    local ux, uy = math.cos(a), math.sin(a)
    if k % 4 == 0 then ux, uy = 1, 0 elseif k % 4 == 1 then ux, uy = 0, -1 end
    local len = r(600)
    local m = r(80)
    local p = { x0 = r(2400), y0 = r(1500) }
    if k % 8 == 2 then p.x0 = math.max(x, x + ux * len) + m + 1.01e-3 end -- just beyond the way's end
    p.x1, p.y1 = p.x0 + r(400), p.y0 + r(300)
    local ex, ey = x + ux * len, y + uy * len
    local bx0, by0, bx1, by1 = math.min(x, ex), math.min(y, ey), math.max(x, ex), math.max(y, ey)
    local t = route.hit(x, y, ux, uy, len, p, m)
    if t then met = met + 1 end
    if route.apart(p, m, bx0, by0, bx1, by1) then
      passed_over = passed_over + 1
      if t then T.eq(t, nil, "a piece passed over is met: case " .. k) end
    end
    n = n + 1
  end
  T.truthy(passed_over > 5000 and met > 400, string.format("both kinds tried (%d passed over, %d met of %d)", passed_over, met, n))
end)

-- The old list: bf:query over the whole table, the gone and broken left out
-- (its distances rounded to a millionth of a mm, as the commander's list
-- gives them since session ten: known_foes.lua says why).
local function old_enemies(G, uid)
  local out = {}
  for _, q in ipairs(G.bf:query{ of = uid, within = 1e9, enemy = true }) do
    local e = G.D[q.id]
    if not e.gone and not e.broken then
      out[#out + 1] = { id = q.id, distance = require("historicon.turn.near_ties").round(q.distance) }
    end
  end
  return out
end

T.case("Speed: the enemies a unit knows are bf:query's, in its order with its distances; kept only while nothing moved", function()
  local G = mixed()
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      T.eq(known_foes.list(G, uid), old_enemies(G, uid), "the list of " .. G.D[uid].name)
    end
  end
  local a, kc = G.by_id[1].a, G.by_id[2].kc
  G.D[kc].broken = true
  T.eq(known_foes.list(G, a), old_enemies(G, a), "a broken enemy is left out")
  T.eq(#known_foes.list(G, a), 2, "two left")
  local l = known_foes.list(G, a)
  T.truthy(known_foes.kept(G, a) == l, "asked again at once for the same unit: the same list")
  T.truthy(known_foes.kept(G, a) ~= l, "taken once only")
  known_foes.list(G, a)
  G.bf:place(a, 1000, 500, 0)
  T.eq(known_foes.kept(G, a), old_enemies(G, a), "the unit moved: a fresh list")
  known_foes.list(G, a)
  T.eq(known_foes.kept(G, G.by_id[1].hc), old_enemies(G, G.by_id[1].hc), "another unit: its own list")
end)

T.case("Speed: ai.move stops looking for an enemy to stop short of once none could shorten a choice", function()
  local cap_reach = require("historicon.commander.cap_reach")
  local G = mixed()
  T.eq(cap_reach.longest({ { advance = 120 }, { advance = 300, turn = 30 }, { advance = 0 } }), 300, "the longest advance")
  T.eq(cap_reach.longest({ { advance = 120 }, { turn = 30 } }), nil, "a choice without an advance: a cap would set it")
  -- the cap is max(0, distance - 1 cm): an enemy 31 cm off caps at 30 cm
  T.eq(cap_reach.beyond(G, 310, 300), true, "capped at 300 mm: no advance of 300 mm is shortened")
  T.eq(cap_reach.beyond(G, 309, 300), false, "capped at 299 mm: the longest is shortened")
  T.eq(cap_reach.beyond(G, 5, 0), true, "nothing to shorten")
  T.eq(cap_reach.beyond(G, 1e9, nil), false, "no reach: look at every enemy")
  -- the same choices either way: a move played with the early stop caps
  -- every choice as the full search does
  local a = G.by_id[1].a
  local plan = ai.move(G, a)
  T.truthy(plan ~= nil, "the heavy infantry moves")
  local function full_cap(chain_advance)
    local cap
    for _, q in ipairs(known_foes.list(G, a)) do
      if q.id == plan.charge then break end
      local e = G.D[q.id]
      if not require("historicon.turn").may_contact(G.D[a], e) then cap = q.distance; break end
    end
    if cap then return math.min(chain_advance, math.max(0, cap - G.S.cm(1))) end
    return chain_advance
  end
  T.truthy(plan.advance <= full_cap(G.D[a].move), "no longer than the full search allows")
end)

---------------------------------------------------------------------------
-- The engine's move (turn/movement.lua, turn/board.lua).

local turn = require("historicon.turn")
local HI = { id = "hi", troop = "AIF HIS", figures = 24, ranks = 3 }
local function with_wood(units, wood)
  return battle.skirmish{ dice = dice.forced({}), log = false,
    table = { terrain = { wood or { type = "wood", x = 120, y = 70, w = 30, d = 20 } } },
    sides = { { units = units, commander = fixtures.passive }, { units = {}, commander = fixtures.passive } } }
end
local function at(u, x, y, f) local c = {}; for k, v in pairs(u) do c[k] = v end; c.at = { x, y, f }; return c end

T.case("Speed (Table 1, ** terrain): the ground a move ends on, told by the swept rectangle or asked where it ends", function()
  -- the wood spans y 60-80 cm; the unit's front starts near y 52 cm
  for _, adv in ipairs({ 30, 60, 120, 200, 350 }) do
    for _, careful in ipairs({ false, true }) do
      local G = with_wood({ at(HI, 120, 50) })
      local hi = G.by_id[1].hi
      local r = turn.move(G, hi, { advance = adv, careful = careful })
      local _, dis_end = turn.terrain_under(G, hi)
      local what = string.format("advance %d mm%s", adv, careful and ", careful" or "")
      if careful then T.eq(dis_end, false, what .. ": a careful move does not end in the wood") end
      if not careful and dis_end then T.eq(r.disordered, true, what .. ": ends in the wood, disordered") end
      if not dis_end and r.moved > 0 and not careful then
        local crossed = G.bf:pos(hi) and select(2, G.bf:pos(hi)) > 600
        T.eq(r.disordered == true, crossed, what .. ": disordered only when it went into or over the wood")
      end
    end
  end
  -- away from the wood every footprint on the way is on bare ground: the
  -- walk says so (its third result), and the unit ends on nothing
  local G = with_wood({ at(HI, 40, 20) })
  local hi = G.by_id[1].hi
  local x, y, f = G.bf:pos(hi)
  local d = G.D[hi]
  local dist, crossed, bare = turn.sweep(G, d, x, y, f, 0, 1, 100, {})
  T.eq({ dist, crossed, bare }, { 100, false, true }, "a walk well clear of the wood: bare ground")
  local _, crossed2, bare2 = turn.sweep(G, d, 1200, 520, f, 0, 1, 200, {})
  T.eq(crossed2, true, "a walk into the wood crosses it")
  T.truthy(not bare2, "a walk into the wood is not bare")
end)

-- The walk along a move's path (Table 1: "impassable terrain cannot be
-- entered", "Terrain pieces marked ** disorder all formed troops moving into
-- or over them") as board.lua made it in Lua before the core answered it
-- (bf:terrain_sweep): the reference the core's walk must agree with to the
-- bit, step for step, halving for halving.
local function lua_walk(G, d, x, y, f, ux, uy, dist)
  local bf, keys, margin = G.bf, { "impassable", "disorders" }, 1
  local rad, sin, cos, abs, min, max = math.rad, math.sin, math.cos, math.abs, math.min, math.max
  local imp0, dis0 = bf:terrain_probe(x, y, f, d.w, d.dp, keys)
  if imp0 and dis0 then return dist, false end
  local a = rad(f)
  local sa, ca = sin(a), cos(a)
  local may_block = not imp0
  if ux == -sa and uy == ca then
    local h = dist / 2
    local imp_u, dis_u = bf:terrain_probe(x + ux * h, y + uy * h, f, d.w + 2 * margin, d.dp + dist + 2 * margin, keys)
    may_block = imp_u and not imp0
    if not may_block and not (dis_u and not dis0) then return dist, false, not imp_u and not dis_u end
  end
  local along = abs(-sa * ux + ca * uy) * d.dp + abs(ca * ux + sa * uy) * d.w
  local step = max(5, along * 0.9)
  local crossed, lo, t = false, 0, 0
  while t < dist do
    t = min(dist, t + step)
    local imp, dis = bf:terrain_probe(x + ux * t, y + uy * t, f, d.w, d.dp, keys)
    if imp and not imp0 then
      local hi = t
      for _ = 1, 10 do
        local mid = (lo + hi) / 2
        if bf:terrain_probe(x + ux * mid, y + uy * mid, f, d.w, d.dp, keys) then hi = mid else lo = mid end
      end
      return lo, crossed
    end
    if dis and not dis0 then
      crossed = true
      if not may_block then return dist, true end
    end
    lo = t
  end
  return dist, crossed
end

T.case("Speed (Table 1, impassable and ** terrain): the core's walk of a move's path is the Lua walk, to the bit", function()
  -- an impassable strip (y 59-61 cm), a wood (70-90 x 35-45 cm) and a marsh
  -- of built-up ground overlapping the strip's end; HC 16 x 8 cm and HI walk
  -- from a grid of places and facings, along the facing (advances) and
  -- across it (slides), short and long, from clear ground, from inside the
  -- wood and from inside the strip
  local G = battle.skirmish{ dice = dice.forced({}), log = false,
    table = { terrain = { { type = "impassable", x = 120, y = 60, w = 40, d = 2 },
                          { type = "wood", x = 80, y = 40, w = 20, d = 10 },
                          { type = "built_up", x = 140, y = 62, w = 10, d = 10 } } },
    sides = { { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 20, 20 } },
                          at(HI, 40, 20) }, commander = fixtures.passive },
              { units = {}, commander = fixtures.passive } } }
  local counts = { n = 0, cut = 0, crossed = 0, bare = 0, whole = 0 }
  for _, name in ipairs({ "hc", "hi" }) do
    local d = G.D[G.by_id[1][name]]
    for _, f in ipairs({ 0, 180, 30, -60, 90, 137.5 }) do
      local r = math.rad(f)
      local ux, uy = -math.sin(r), math.cos(r)
      for x = 600, 1500, 75 do
        for y = 250, 800, 37 do
          for _, dist in ipairs({ 0, 40, 150, 300, 77.25 }) do
            for _, dir in ipairs({ { ux, uy }, { uy, -ux }, { -uy, ux } }) do
              local got = { G.bf:terrain_sweep(x, y, f, d.w, d.dp, dir[1], dir[2], dist, "impassable", "disorders", 1) }
              local want = { lua_walk(G, d, x, y, f, dir[1], dir[2], dist) }
              local where = string.format("%s from (%d, %d) facing %s, (%.3f, %.3f) x %s mm", name, x, y, f, dir[1], dir[2], dist)
              T.truthy(got[1] == want[1], where .. ": clear " .. tostring(got[1]) .. " vs " .. tostring(want[1]))
              T.eq(got[2], want[2], where .. ": crossed")
              T.eq(got[3], want[3] == true, where .. ": bare")
              -- and board.lua's walk is the core's
              local a, c, b = turn.sweep(G, d, x, y, f, dir[1], dir[2], dist, {})
              T.truthy(a == want[1] and c == want[2] and (b == true) == (want[3] == true), where .. ": turn.sweep")
              counts.n = counts.n + 1
              if want[1] < dist then counts.cut = counts.cut + 1 else counts.whole = counts.whole + 1 end
              if want[2] then counts.crossed = counts.crossed + 1 end
              if want[3] then counts.bare = counts.bare + 1 end
            end
          end
        end
      end
    end
  end
  -- the grid holds every kind of walk
  T.truthy(counts.cut > 50 and counts.crossed > 50 and counts.bare > 50 and counts.whole > 50,
    string.format("%d walks: %d cut short, %d over ** ground, %d bare, %d the whole way",
      counts.n, counts.cut, counts.crossed, counts.bare, counts.whole))
end)

-- The overlap test turn.move made in Lua before the core answered it
-- (bf:overlapping_unit): the units touching it, each of its layer tested as a
-- pair by battlefield.overlapping_bases with lib.manoeuvre's tolerance.
local function lua_overlaps_any(G, uid)
  local battlefield = require("sandtable.battlefield")
  local tol = require("lib.manoeuvre").TOLERANCE
  local bf = G.bf
  local ids, dists = {}, {}
  local n = bf:within(uid, 0 + 1e-6, 0, ids, dists)
  local u = bf:unit(uid)
  local x, y, f = bf:pos(uid)
  for i = 1, n do
    local v = bf:unit(ids[i])
    if v.layer == u.layer then
      local ox, oy, of = bf:pos(ids[i])
      if #battlefield.overlapping_bases({ x, ox }, { y, oy }, { f, of }, { u.width, v.width }, { u.depth, v.depth }, tol) > 0 then
        return true
      end
    end
  end
  return false
end

T.case("Speed (never ending on another base): the core's overlap test is the Lua test it replaced", function()
  -- six units of both sides and kinds thrown about a 40 x 30 cm patch, one
  -- of them on another layer (a flyer's): each tried at many places and
  -- facings, touching, overlapping a little (within the 0.5 mm tolerance)
  -- and a lot
  local G = battle.skirmish{ dice = dice.forced({}), log = false,
    sides = { { units = { HIS("a", { 100, 40 }), { id = "hc", troop = "ARA HC", figures = 8, ranks = 2, at = { 120, 40 } },
                          { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 90, 50 }, formed = false } },
                commander = fixtures.passive },
              { units = { HIS("e", { 100, 60, 180 }), { id = "kc", troop = "AIF KC", figures = 8, ranks = 1, at = { 115, 55, 90 } },
                          { id = "ls", troop = "ARA LI", figures = 16, ranks = 2, at = { 85, 65, 180 }, formed = false } },
                commander = fixtures.passive } } }
  local all = {}
  for s = 1, 2 do for _, id in pairs(G.by_id[s]) do all[#all + 1] = id end end
  table.sort(all)
  G.bf:set_layer(all[#all], 1)
  local seed = 99
  local function rand(lo, hi)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return lo + (hi - lo) * seed / 2147483648
  end
  local yes, no = 0, 0
  for step = 1, 3000 do
    for _, id in ipairs(all) do G.bf:place(id, rand(800, 1200), rand(300, 600), step % 5 == 0 and 0 or rand(-180, 180)) end
    -- a pair set exactly edge to edge, and one 0.3 mm into each other
    if step % 3 == 0 then
      local a, b = all[1], all[2]
      local x, y = G.bf:pos(a)
      local ua, ub = G.bf:unit(a), G.bf:unit(b)
      local gap = step % 6 == 0 and 0 or -0.3
      G.bf:place(b, x, y + (ua.depth + ub.depth) / 2 + gap, 0)
      G.bf:place(a, x, y, 0)
    end
    for _, id in ipairs(all) do
      local want = lua_overlaps_any(G, id)
      local got = G.bf:overlapping_unit(id, require("lib.manoeuvre").TOLERANCE)
      T.eq(got ~= nil, want, "step " .. step .. ", unit " .. id)
      if got then T.eq(G.bf:unit(got).layer, G.bf:unit(id).layer) end
      if want then yes = yes + 1 else no = no + 1 end
    end
  end
  T.truthy(yes > 500 and no > 500, string.format("%d places overlapping, %d not", yes, no))
end)

T.case("Speed: the choices of one unit's move share its cohesion figures (a kept context gives the same moves)", function()
  -- two IF heavy infantry 10 cm apart may not be separated by more (WRG
  -- cohesion: "no unit of HI can be separated by more than 10cm if IF")
  local function two()
    return battle.skirmish{ dice = dice.forced({}), log = false,
      sides = { { units = { at(HI, 120, 50), at({ id = "h2", troop = "AIF HIS", figures = 24, ranks = 3 }, 60, 50) },
                  commander = fixtures.passive }, { units = {}, commander = fixtures.passive } } }
  end
  local plans = { { advance = 300 }, { turn = 30, advance = 300 }, { turn = -45, advance = 150 }, { advance = 50 } }
  local plain = {}
  for i, p in ipairs(plans) do
    local G = two()
    local hi = G.by_id[1].hi
    G.D[G.by_id[1].h2].moved_turn = G.turn -- the friend has moved: no slack
    local r = turn.move(G, hi, p)
    plain[i] = { r.moved, G.bf:pos(hi) }
  end
  local G = two()
  local hi = G.by_id[1].hi
  G.D[G.by_id[1].h2].moved_turn = G.turn
  local x0, y0, f0 = G.bf:pos(hi)
  turn.open_move_context(G, hi)
  for i, p in ipairs(plans) do
    local r = turn.move(G, hi, p)
    T.eq({ r.moved, G.bf:pos(hi) }, plain[i], "choice " .. i .. " with the kept context")
    G.bf:place(hi, x0, y0, f0)
  end
  T.truthy(G.move_ctx.slack[1] ~= nil, "the slack was kept")
  turn.close_move_context(G)
  T.eq(G.move_ctx, nil, "closed")
  T.truthy(plain[1][1] < 300, "the cohesion distance held the first plan back")
end)

T.case("Speed (Table 1, ** terrain; cohesion): a move stopped short by a friend ends as each fraction tried alone ends", function()
  -- A (12 x 6 cm) has its front edge 2 cm short of a wood (y 49-55 cm),
  -- with a friend's rear edge 3 cm into the wood straight ahead: any advance
  -- stops against the friend 5 cm on, inside the wood -- a careful move
  -- there fails whatever fraction is tried (so fractions of 5 cm or more
  -- are not tried again); only fraction 0 stands
  local function place()
    local G = with_wood({ at(HI, 120, 44), at({ id = "h2", troop = "AIF HIS", figures = 24, ranks = 3 }, 120, 55) },
      { type = "wood", x = 120, y = 52, w = 60, d = 6 })
    return G, G.by_id[1].hi
  end
  local G, hi = place()
  local x0, y0, f0 = G.bf:pos(hi)
  local r = turn.move(G, hi, { advance = 200, careful = true })
  T.eq(r.moved, 0, "a careful move into the wood against the friend: stands")
  T.eq({ G.bf:pos(hi) }, { x0, y0, f0 }, "where it stood")
  -- each fraction alone: the same answer for every one
  for _, f in ipairs({ 1, 0.75, 0.5, 0.25 }) do
    local G2, hi2 = place()
    local r2 = turn.move(G2, hi2, { advance = 200 * f, careful = true, fractions = { 1 } })
    T.eq(r2.moved, 0, "fraction " .. f .. " alone fails too")
  end
  -- not careful: the whole advance, stopped against the friend
  local G3, hi3 = place()
  local r3 = turn.move(G3, hi3, { advance = 200 })
  T.truthy(r3.moved > 0 and r3.moved < 200, "an advance that may enter the wood stops against the friend")
  T.eq(r3.disordered, true, "in the wood: disordered")
end)

T.case("Speed (Deployment; the march across a diagonal): overlap and nearness to the column as the full tests answer", function()
  local setup = require("historicon.setup")
  -- the full tests, as they were: the separating-axis test of the two
  -- bases shrunk by 0.5 mm, and polygon_gap of every base of the column
  local function old_overlap(p, q)
    local hw1, hd1, hw2, hd2 = p.w / 2 - 0.5, p.d / 2 - 0.5, q.w / 2 - 0.5, q.d / 2 - 0.5
    local a1, a2 = math.rad(p.facing), math.rad(q.facing)
    local axes = { { math.cos(a1), math.sin(a1) }, { -math.sin(a1), math.cos(a1) }, { math.cos(a2), math.sin(a2) }, { -math.sin(a2), math.cos(a2) } }
    local dx, dy = q.x - p.x, q.y - p.y
    for _, ax in ipairs(axes) do
      local p1 = hw1 * math.abs(axes[1][1] * ax[1] + axes[1][2] * ax[2]) + hd1 * math.abs(axes[2][1] * ax[1] + axes[2][2] * ax[2])
      local p2 = hw2 * math.abs(axes[3][1] * ax[1] + axes[3][2] * ax[2]) + hd2 * math.abs(axes[4][1] * ax[1] + axes[4][2] * ax[2])
      if math.abs(dx * ax[1] + dy * ax[2]) >= p1 + p2 then return false end
    end
    return true
  end
  local function old_near(S, p, column)
    local c = setup.corners(p.x, p.y, p.facing, p.w, p.d)
    local near = false
    for _, q in ipairs(column) do
      local g = setup.polygon_gap(c, setup.corners(q.x, q.y, q.facing, q.w, q.d))
      if g < 0.5 and old_overlap(p, q) then return false end
      if g <= S.march_near + 0.5 then near = true end
    end
    return near
  end
  -- placements drawn by a fixed sequence (no dice needed: a plain LCG)
  local seed = 12345
  local function rnd(a, b) seed = (seed * 1103515245 + 12345) % 2147483648; return a + (b - a) * seed / 2147483648 end
  local function base() return { x = rnd(0, 1200), y = rnd(0, 900), facing = rnd(0, 360), w = rnd(20, 300), d = rnd(15, 120) } end
  local S = { march_near = 150 }
  local overlaps, nears = 0, 0
  for _ = 1, 400 do
    local p, q = base(), base()
    local want = old_overlap(p, q)
    T.eq(setup.overlap(p, q), want, "overlap")
    if want then overlaps = overlaps + 1 end
    local column = { base(), base(), base() }
    local n = old_near(S, p, column)
    T.eq(setup.near_column(S, p, column), n, "near the column")
    if n then nears = nears + 1 end
  end
  T.truthy(overlaps > 10 and overlaps < 390, "both answers met (" .. overlaps .. " overlaps)")
  T.truthy(nears > 10 and nears < 390, "both answers met (" .. nears .. " near)")
end)

-- The trial move as intent.stop_short_of_friends made it before session
-- eleven's second round (branch historicon_move): the friends touching the
-- unit asked before every trial. Returns the plan's fields after it and
-- whether it kept the trial for the engine.
local function old_stop_short(G, uid, plan, welcome)
  local touch_ids, touch_dists = {}, {}
  local function touching()
    local out = {}
    local n = turn.units_within(G, uid, 0.5, G.D[uid].side, touch_ids, touch_dists)
    for i = 1, n do if not G.D[touch_ids[i]].gone then out[touch_ids[i]] = true end end
    return out
  end
  local bf = G.bf
  local x, y, f = bf:pos(uid)
  local before = touching()
  local r = turn.move(G, uid, plan)
  local ends_on_new = false
  if not r.contact and r.moved > 0 then
    for id in pairs(touching()) do if not before[id] then ends_on_new = true; break end end
  end
  bf:place(uid, x, y, f)
  if r.contact and r.contact ~= plan.charge and not (welcome and welcome(r.contact)) then
    return { nil, nil, 0, "stands" }
  end
  if ends_on_new then
    local arc = plan.wheel and G.D[uid].w * math.rad(math.abs(plan.wheel)) or 0
    return { plan.turn, plan.wheel, math.max(0, math.min(plan.advance, r.moved - arc) - G.S.cm(1.5)), "cut" }
  end
  return { plan.turn, plan.wheel, plan.advance, "kept" }
end

T.case("Speed (the default commander: a move stops short of friends): the friends touching a unit asked only when a trial ends touching one, the same plans", function()
  local intent = require("historicon.commander.intent")
  -- a crowd of friends round the unit, some touching it, some a move away,
  -- an enemy line beyond; random plans (turns, wheels, advances) from
  -- random places among them
  local rng = dice.random(29)
  local function r(n) return (rng:roll(1000000) - 1) / 1000000 * n end
  local LI = { troop = "ARA LI", figures = 16, ranks = 2 }
  local HC = { troop = "ARA HC", figures = 8, ranks = 2 }
  local seen = { cut = 0, kept = 0, stands = 0, still = 0 }
  local n = 0
  for k = 1, 60 do
    local one = { at({ id = "u", troop = "ARA HC", figures = 8, ranks = 2 }, 120, 50, 0) }
    -- friends at the four sides of the unit, touching or a few cm off
    local spots = { { 120, 50 + 8 + r(10) }, { 120 - 16 - r(6), 50 }, { 120 + 16 + r(6), 50 }, { 120, 50 - 8 - r(6) },
                    { 120 + r(30) - 15, 72 + r(10) } }
    for i, s in ipairs(spots) do
      local u = at(i % 2 == 0 and LI or HC, s[1], s[2], (i == 5) and r(360) or 0)
      u.id = "f" .. i
      if i % 2 == 0 then u.formed = false end
      one[#one + 1] = u
    end
    local two = { at({ id = "e1", troop = "AIF KC", figures = 8, ranks = 1 }, 100 + r(40), 85 + r(20), 180),
                  at({ id = "e2", troop = "ARA LI", figures = 16, ranks = 2, formed = false }, 150 + r(30), 75 + r(20), 180) }
    local G = field{ { units = one, commander = fixtures.passive }, { units = two } }
    local uid = G.by_id[1].u
    local d = G.D[uid]
    -- in most situations the friends beside it touch it (an advance still
    -- touching them touches no new friend), and the enemy may stand close
    if k % 3 ~= 0 then
      for i = 2, 3 do
        local fid = G.by_id[1]["f" .. i]
        local sgn = i == 2 and -1 or 1
        G.bf:place(fid, 1200 + sgn * (d.w / 2 + G.D[fid].w / 2), 500 - r(20), 0)
      end
    end
    if k % 4 == 0 then G.bf:place(G.by_id[2].e1, 1200 + r(100) - 50, 500 + d.dp / 2 + 40 + r(60), 180) end
    for j = 1, 8 do
      local plan = { advance = r(300), careful = true }
      local c = j % 4
      if c == 1 then plan.turn = r(120) - 60 elseif c == 2 then plan.wheel = r(60) - 30; plan.advance = r(150) end
      if j == 8 then plan.charge = G.by_id[2].e1 end
      local copy, copy2 = {}, {}
      for key, v in pairs(plan) do copy[key] = v; copy2[key] = v end
      local x, y, f = G.bf:pos(uid)
      local want = old_stop_short(G, uid, copy, nil)
      T.eq({ G.bf:pos(uid) }, { x, y, f }, "the old trial puts the unit back")
      local got = intent.stop_short_of_friends(G, uid, plan, nil)
      local how = got.reuse and "kept" or (got.advance == 0 and got.turn == nil and got.wheel == nil and want[4] == "stands" and "stands" or "cut")
      T.eq({ got.turn, got.wheel, got.advance, how }, want, string.format("situation %d, plan %d", k, j))
      T.eq({ G.bf:pos(uid) }, { x, y, f }, "the new trial puts the unit back")
      seen[want[4]] = seen[want[4]] + 1
      n = n + 1
      -- a kept trial handed back puts the unit where the engine's own move
      -- of the plan from there ends (a trial that ended where it began: no
      -- placing at all)
      if got.reuse then
        local rr = got.reuse()
        local kept_at = { G.bf:pos(uid) }
        G.bf:place(uid, x, y, f)
        local fresh = turn.move(G, uid, copy2)
        T.eq({ rr.moved, rr.contact, kept_at }, { fresh.moved, fresh.contact, { G.bf:pos(uid) } },
          string.format("situation %d, plan %d: the kept trial", k, j))
        if kept_at[1] == x and kept_at[2] == y and kept_at[3] == f then seen.still = seen.still + 1 end
        G.bf:place(uid, x, y, f)
      end
    end
  end
  T.truthy(seen.cut >= 30 and seen.kept >= 30 and seen.still >= 10 and seen.kept - seen.still >= 10,
    string.format("trials cut short of a friend and kept (moved and not) all tried (%d cut, %d kept, %d of them where they began, %d stood, of %d)",
    seen.cut, seen.kept, seen.still, seen.stands, n))
end)
