-- `sandtable odds hinds`: the exact melee odds by convolution agree with
-- enumerating the same pure adjudication; casts are enumerated exactly.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local odds = require("hinds.odds")
local melee = require("hinds.melee")

T.case("Odds: exact melee throw, a small case checked by brute force over 36 x 36 throws", function()
  local e = odds.exact_melee(48, 24)
  local a, b, d = 0, 0, 0
  for x1 = 1, 6 do for x2 = 1, 6 do for y1 = 1, 6 do for y2 = 1, 6 do
    local sa, sb = (x1 + x2) * 48, (y1 + y2) * 24
    if sa > sb then a = a + 1 elseif sb > sa then b = b + 1 else d = d + 1 end
  end end end end
  T.near(e.a, a / 1296, 1e-12)
  T.near(e.b, b / 1296, 1e-12)
  T.near(e.draw, d / 1296, 1e-12)
  local total = 0
  for n = 0, 5 do total = total + e.losses[n] end
  T.near(total, 1, 1e-12)
  T.near(e.losses[0], 146 / 1296, 1e-12, "equal casualty throws: sum of P(t)^2")
end)

-- The program's outcome table (`sandtable odds hinds melee`) is exact: the
-- class of every throw is weighed by convolution and adjudicated by
-- melee.round. Checked against brute force: every (2-dice) throw of the
-- four, weighted by its ways, replayed through melee.round with forced dice
-- (11^4 sums standing for the 36^4 paths).
T.case("Odds: §4 the melee outcome table is exact, against brute force over the four throws", function()
  local adjudicate, _, brute = odds.prepare("melee", "foot 4 1x2", "foot 4 1x3 charging")
  local rows = dice.odds(adjudicate, 200000)
  local got = {}
  for _, r in ipairs(rows) do got[r.outcome] = r.p end
  local want, ways = {}, {}
  for t = 2, 12 do ways[t] = 6 - math.abs(t - 7) end
  local function pair(t) if t <= 7 then return 1, t - 1 end return t - 6, 6 end
  for ta = 2, 12 do for tb = 2, 12 do for ca = 2, 12 do for cb = 2, 12 do
    local a1, a2 = pair(ta)
    local b1, b2 = pair(tb)
    local c1, c2 = pair(ca)
    local d1, d2 = pair(cb)
    local src = dice.forced({ a1, a2, b1, b2, c1, c2, d1, d2 })
    local k = brute(src)
    want[k] = (want[k] or 0) + ways[ta] * ways[tb] * ways[ca] * ways[cb] / 36 ^ 4
  end end end end
  local n = 0
  for k, p in pairs(want) do
    n = n + 1
    T.near(got[k] or 0, p, 1e-12, k)
  end
  T.eq(#rows, n, "the same outcomes")
  -- an automatic victory: 36 x 36 paths rolled die by die
  local adj2, _, brute2 = odds.prepare("melee", "foot 2 6x4", "foot 2 6x4 disordered")
  local exact, bf = {}, {}
  for _, r in ipairs(dice.odds(adj2, 200000)) do exact[r.outcome] = r.p end
  for _, r in ipairs(dice.odds(brute2, 200000)) do bf[r.outcome] = r.p end
  for k, p in pairs(bf) do T.near(exact[k] or 0, p, 1e-12, k) end
end)

T.case("Odds: a weighted choice by sixths is exact and stops early", function()
  local counts = { 146, 0, 1000, 150 }
  local p, paths = {}, 0
  for _, r in ipairs(dice.odds(function(src) paths = paths + 1; return odds.weighted(src, counts, 4) end)) do
    p[r.outcome] = r.p
  end
  for i, c in ipairs(counts) do T.near(p[i] or 0, c / 1296, 1e-12) end
  T.truthy(paths < 200, "paths: " .. paths)
end)

T.case("Odds: equal points are even; twice the points win most throws", function()
  local e = odds.exact_melee(50, 50)
  T.near(e.a, e.b, 1e-12)
  T.truthy(odds.exact_melee(100, 50).a > 0.8)
end)

T.case("Odds: a cast enumerated exactly agrees with the per-base chance", function()
  local adjudicate = odds.prepare("cast", "foot 4 2x4 bow", "foot 2 6x4 gap=12")
  local rows = dice.odds(adjudicate)
  local p0
  for _, r in ipairs(rows) do if r.outcome == "0 figures lost" then p0 = r.p end end
  T.near(p0, (1 - 2 / 36) ^ 2, 1e-12)
end)

T.case("Odds: the melee question parses units and situation words", function()
  local _, describe, adjudicate = odds.prepare("melee", "foot 2 4x8 officers=1 macedonian", "foot 3 6x5 gaul charging")
  local text = table.concat(describe(), "\n")
  T.truthy(text:find("Macedonian pikes", 1, true), text)
  T.truthy(text:find("impetus", 1, true), text)
  local r = adjudicate(dice.forced({ 6, 6, 1, 1, 3, 3, 1, 1 }))
  T.eq(r, "first wins, second loses 2")
  T.raises(function() odds.prepare("melee", "feet 2 6x4", "foot 2 6x4") end, "expected 'ARM CLASS")
  T.raises(function() odds.prepare("charge", "foot 2 6x4", "foot 2 6x4") end, "Hinds answers")
  local _ = melee
end)
