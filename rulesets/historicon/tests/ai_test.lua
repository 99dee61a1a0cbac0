-- The default commander's decisions in hand-built situations (battle.skirmish):
-- the reserve, the mounted flank attack, skirmishers screening and
-- withdrawing behind their heavy infantry. Run with `sandtable test`.
--
-- Open 240 x 150 cm table at 25mm; positions in cm. Side 1 faces north (+y).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("historicon.battle")
local turn = require("historicon.turn")
local ai = require("historicon.ai")
local fixtures = require("historicon.tests.fixtures")
local passive = fixtures.passive

local function field(sides)
  sides[2].commander = sides[2].commander or passive
  return battle.skirmish{ dice = dice.random(1), log = false, sides = sides }
end

local function pos(G, uid) local x, y = G.bf:pos(uid); return x, y end

T.case("Reserve: held back while the line stands, committed when a friend breaks", function()
  local G = field{
    { units = { { id = "a", troop = "ARA HIS", figures = 24, ranks = 4, at = { 100, 40 } },
                { id = "b", troop = "ARA HIS", figures = 24, ranks = 4, at = { 140, 40 } },
                { id = "res", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 20 }, set = { ai_reserve = true } } } },
    { units = { { id = "e", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 130, 180 } } } } }
  local res = G.by_id[1].res
  T.truthy(ai.held_in_reserve(G, res))
  T.eq(ai.plan(G, res), nil, "20 cm behind the line already: it stands")
  -- the line advances: the reserve follows, 20 cm behind it
  G.bf:place(G.by_id[1].a, 1000, 600, 0); G.bf:place(G.by_id[1].b, 1400, 600, 0)
  local p = ai.plan(G, res)
  T.truthy(p and p.advance > 0 and p.advance <= 20 * 10 + 1, "follows the line")
  T.truthy(ai.held_in_reserve(G, res), "still held")
  -- a friend breaks: the reserve is committed
  G.D[G.by_id[1].a].broken = true
  p = ai.plan(G, res)
  T.truthy(not ai.held_in_reserve(G, res), "released")
  T.truthy(p and p.advance and p.advance > 0, "moves up")
end)

T.case("Reserve: an enemy through a gap (nearer to it than to the line) commits it", function()
  local G = field{
    { units = { { id = "a", troop = "ARA HIS", figures = 24, ranks = 4, at = { 40, 60 } },
                { id = "b", troop = "ARA HIS", figures = 24, ranks = 4, at = { 200, 60 } },
                { id = "res", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 40 }, set = { ai_reserve = true } } } },
    { units = { { id = "e", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 100, 180 } } } } }
  local res = G.by_id[1].res
  ai.plan(G, res)
  T.truthy(not ai.held_in_reserve(G, res), "released by the gap")
end)

T.case("Flank attack: formed cavalry goes round an enemy pinned by friends and strikes its flank or rear", function()
  local G = field{
    { units = { { id = "hi", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 50 } },
                { id = "hc", troop = "ARA HC", figures = 16, ranks = 2, at = { 80, 50 } } } },
    { units = { { id = "e", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 58, 180 } } } } }
  local hc, e = G.by_id[1].hc, G.by_id[2].e
  T.eq(G.bf:contact(e, G.by_id[1].hi), "front", "the enemy is pinned at its front")
  local target = ai.flank_attack(G, hc, { { id = e, distance = G.bf:distance(hc, e) } })
  T.eq(target, e, "the flank attack is worth making")
  for _ = 1, 3 do
    turn.phase3(G)
    if #turn.contacts(G, hc) > 0 then break end
    G.turn = G.turn + 1
  end
  local where = G.bf:contact(e, hc)
  T.truthy(where == "left" or where == "right" or where == "rear", "struck in " .. tostring(where))
  T.truthy(not G.bf:in_arc(e, hc, 89, "centre"), "behind the enemy's front")
end)

T.case("Flank attack: a unit square in front of its enemy goes round the same flank from either side of the table (mirror)", function()
  -- the south side's knights square on a northern enemy's centre line, and
  -- the same reflected north to south: the enemy's own right is the
  -- table's west for one and its east for the other; the tie goes west
  -- both times (the chaos warhost's crows land square in front of the
  -- knights they fly at: tests/mirror_test.lua)
  local south = field{
    { units = { { id = "hc", troop = "ARA HC", figures = 16, ranks = 2, at = { 120, 30 } } } },
    { units = { { id = "e", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 80, 180 } } } } }
  local north = field{
    { units = { { id = "e", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 70 } } } },
    { units = { { id = "hc", troop = "ARA HC", figures = 16, ranks = 2, at = { 120, 120, 180 } } } } }
  local sx, sy = ai.flank_point(south, south.by_id[1].hc, south.by_id[2].e)
  local nx, ny = ai.flank_point(north, north.by_id[2].hc, north.by_id[1].e)
  local _, depth = south.bf:size()
  T.truthy(sx < 1200 and nx < 1200, string.format("west of the enemy both times: %.1f and %.1f", sx, nx))
  T.near(nx, sx, 1e-6, "the same x")
  T.near(ny, depth - sy, 1e-6, "y reflected")
  -- a unit off the centre line goes round its own nearer flank, whichever
  T.truthy(ai.nearer_flank(south, 5, 800, -1, 0) == 1 and ai.nearer_flank(south, -5, 800, -1, 0) == -1)
  -- the same, the enemy facing 30 degrees off (150 and 30), the knights
  -- 40 cm out on its centre line
  local r = math.rad(150)
  local kx, ky = 120 - math.sin(r) * 40, 80 + math.cos(r) * 40
  south = field{
    { units = { { id = "hc", troop = "ARA HC", figures = 16, ranks = 2, at = { kx, ky, -30 } } } },
    { units = { { id = "e", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 80, 150 } } } } }
  north = field{
    { units = { { id = "e", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 70, 30 } } } },
    { units = { { id = "hc", troop = "ARA HC", figures = 16, ranks = 2, at = { kx, 150 - ky, -150 } } } } }
  sx, sy = ai.flank_point(south, south.by_id[1].hc, south.by_id[2].e)
  nx, ny = ai.flank_point(north, north.by_id[2].hc, north.by_id[1].e)
  T.near(nx, sx, 1e-6, "turned: the same x")
  T.near(ny, depth - sy, 1e-6, "turned: y reflected")
end)

T.case("Skirmishers screen the heavy infantry's advance, ahead of it by more than its move", function()
  local G = field{
    { units = { { id = "hi", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 30 } },
                { id = "li", troop = "ARA LI", figures = 12, ranks = 1, formed = false, at = { 120, 45 } } } },
    { units = { { id = "e", troop = "AIF HIS", figures = 24, ranks = 4, at = { 120, 140, 180 } } } } }
  local hi, li = G.by_id[1].hi, G.by_id[1].li
  local _, y0 = pos(G, li)
  turn.phase3(G)
  local _, hy = pos(G, hi)
  local _, ly = pos(G, li)
  T.truthy(ly > y0, "moved ahead")
  T.truthy(ly - hy >= G.D[hi].move + (G.D[hi].dp + G.D[li].dp) / 2, "clear of the HI's next move")
end)

T.case("Skirmishers threatened by formed mounted withdraw round the flank and behind their heavy infantry", function()
  -- the LI (6 figures unformed, 23 cm of open order: room to turn in place)
  -- stands across the HI's front, the enemy HC within its move (15 cm) of it
  local G = field{
    { units = { { id = "hi", troop = "ARA HIS", figures = 24, ranks = 4, at = { 120, 30 } },
                { id = "li", troop = "ARA LI", figures = 6, ranks = 1, formed = false, at = { 125, 48 } } } },
    { units = { { id = "e", troop = "AIF HC", figures = 16, ranks = 2, at = { 125, 65, 180 } } } } }
  local hi, li = G.by_id[1].hi, G.by_id[1].li
  local x0, y0 = pos(G, li)
  turn.phase3(G)
  local x1, y1 = pos(G, li)
  T.truthy(x1 - x0 >= 100 and y1 <= y0 + 1, "first sideways, towards the nearer flank")
  -- beside the flank now: the next withdrawal is straight back, behind the HI
  local hx, hy = pos(G, hi)
  local wx, wy = ai.withdraw_point(G, li, hi)
  T.truthy(wy < hy - (G.D[hi].dp + G.D[li].dp) / 2, string.format("behind the HI's rear (%.0f, hi %.0f)", wy, hy))
  local lx = wx
  T.truthy(lx > hx, "on the flank it went round")
end)

-- The chaos warhost's one 'facing-oscillates' in 200 battles (quality -n 200,
-- seed 1; `battle scenarios/historicon/fantasy_chaos_warhost.yaml --seed
-- 6718218979101550105`, turns 7-10): the Elf archers, unformed, closed 5 cm
-- on Demons of the pit to shoot, which put them within the Giants of the
-- fells' reach; next turn they turned about and withdrew 5 cm, out of it;
-- then closed again -- forward and back, turning about, four turns running.
-- A player's skirmishers do not step into the reach of troops they would
-- run from: the closing move stops short of it (Phases 2 and 3: skirmishers
-- evade formed heavy troops; Phase 4: they shoot from where they stand).
local function gap_to(G, uid, other)
  local ids, dists = {}, {}
  local n = G.bf:within(uid, 1e9, G.D[other].side, ids, dists)
  for i = 1, n do if ids[i] == other then return dists[i] end end
end

-- The LI (6 figures, unformed, 22 cm wide) stands 19 cm short of enemy LI
-- (beyond 0.9 of its 15 cm range: it closes to shoot) and 19 cm short of
-- enemy heavy foot (reach: its 10 cm move + 3) half left ahead of it;
-- `hi_x` puts the heavy foot elsewhere.
local function closing_field(hi_x)
  return field{
    { units = { { id = "li", troop = "ARA LI", figures = 6, ranks = 1, formed = false, at = { 120, 40 } } } },
    { units = { { id = "t", troop = "GIF LI", figures = 8, ranks = 1, at = { 135, 61, 180 } },
                { id = "hi", troop = "AIF HIS", figures = 16, ranks = 2, at = { hi_x, 62, 180 } } } } }
end

T.case("Phases 2 and 3: a skirmisher closing to shoot stops short of the reach of formed heavy foot it would withdraw from", function()
  local G = closing_field(100)
  local li, hi = G.by_id[1].li, G.by_id[2].hi
  local reach = G.D[hi].move + G.S.cm(3)
  T.truthy(gap_to(G, li, hi) >= reach, string.format("out of the heavy foot's reach to begin with (%.0f mm, reach %.0f)",
    gap_to(G, li, hi), reach))
  local _, _, f0 = G.bf:pos(li)
  for t = 1, 4 do
    G.turn = t
    turn.phase3(G)
    local _, _, f1 = G.bf:pos(li)
    T.truthy(gap_to(G, li, hi) >= reach, string.format("turn %d: still out of the heavy foot's reach (%.0f mm, reach %.0f)",
      t, gap_to(G, li, hi), reach))
    T.truthy(math.abs((f1 - f0 + 540) % 360 - 180) < 90, string.format("turn %d: never turned about (facing %.0f)", t, f1))
  end
  -- the same with the heavy foot 60 cm off to the left: it closes to
  -- shooting range (what stopped it above was the heavy foot's reach)
  local G2 = closing_field(40)
  local li2 = G2.by_id[1].li
  G2.turn = 1
  turn.phase3(G2)
  T.truthy(gap_to(G2, li2, G2.by_id[2].t) <= G2.S.cm(15), string.format("in range of the enemy skirmishers (%.0f mm)",
    gap_to(G2, li2, G2.by_id[2].t)))
end)
