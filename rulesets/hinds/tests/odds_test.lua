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
  local adjudicate, describe = odds.prepare("melee", "foot 2 4x8 officers=1 macedonian", "foot 3 6x5 gaul charging")
  local text = table.concat(describe(), "\n")
  T.truthy(text:find("Macedonian pikes", 1, true), text)
  T.truthy(text:find("impetus", 1, true), text)
  local r = adjudicate(dice.forced({ 6, 6, 1, 1, 3, 3, 1, 1 }))
  T.eq(r, "first wins, second loses 2")
  T.raises(function() odds.prepare("melee", "feet 2 6x4", "foot 2 6x4") end, "expected 'ARM CLASS")
  T.raises(function() odds.prepare("charge", "foot 2 6x4", "foot 2 6x4") end, "Hinds answers")
  local _ = melee
end)
