-- `sandtable odds historicon ...`: the words, the exact distributions and
-- the exchange outcome (Phase 4, Phase 5 and the Phase 6 recoil rule).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local odds = require("historicon.odds")

T.case("Odds: a unit in words", function()
  local u, s = odds.parse_unit("ERA HIS 24 ranks=4 disordered uphill", "first")
  T.eq({ u.class, u.sub, u.grade, u.army, u.figures, u.ranks, u.disordered }, { "HI", "HIS", "E", "RA", 24, 4, true })
  T.eq(s.uphill, true)
  local v = odds.parse_unit("KC-A 12", "x")
  T.eq({ v.class, v.armour, v.grade, v.army, v.ranks }, { "KC", true, "A", "RA", 1 })
  local ok, err = pcall(odds.parse_unit, "ARA HIS ranks=4", "first")
  T.eq(ok, false)
  T.truthy(tostring(err.user_message):find("expected the number of figures", 1, true))
  ok, err = pcall(odds.parse_unit, "ARA HIS 24 flnak", "first")
  T.truthy(tostring(err.user_message):find("unknown word 'flnak'", 1, true))
end)

T.case("Odds: melee exchange, exact recoil chances agree with the enumerated adjudication", function()
  -- small pools so that dice.odds can enumerate every die
  local adjudicate, describe = odds.prepare("melee", "ARA LI 6 ranks=2", "AIF VLI 4 ranks=2")
  local exact = {}
  for _, r in ipairs(dice.odds(adjudicate)) do exact[r.outcome] = r.p end
  local lines = describe()
  local last = lines[#lines]
  local first = last:match("first recoils ([%d.]+)")
  local second = last:match("second recoils ([%d.]+)")
  local neither = last:match("neither ([%d.]+)")
  T.near(tonumber(first) / 100, exact["first recoils"] or 0, 1e-6)
  T.near(tonumber(second) / 100, exact["second recoils"] or 0, 1e-6)
  T.near(tonumber(neither) / 100, exact["neither recoils"] or 0, 1e-6)
end)

T.case("Odds: shooting, the exact distribution with G re-rolls of 5s and 6s", function()
  local adjudicate, describe = odds.prepare("shoot", "GIF VLI 4 ranks=1", "ARA HIN 24 ranks=4")
  local rows = dice.odds(adjudicate)
  local p = {}
  for _, r in ipairs(rows) do p[tonumber(r.outcome:match("%d+"))] = r.p end
  -- one die: 5+ hits; 5 and 6 re-rolled once: p = 2/6 * 2/6 = 1/9
  local q = 1 / 9
  T.near(p[0], (1 - q) ^ 4, 1e-12)
  T.near(p[4], q ^ 4, 1e-12)
  T.truthy(table.concat(describe(), "\n"):find("re-rolling 5 and 6", 1, true))
end)

T.case("Odds: integrity test enumerated exactly", function()
  local adjudicate = odds.prepare("integrity", "AIF HIS 32 hits=40 disordered")
  local p = {}
  for _, r in ipairs(dice.odds(adjudicate)) do p[r.outcome] = r.p end
  -- -1 (hits > figures) -2 (disordered): HI pass 7+ -> 2D6 10+, break < 3 -> 2D6 <= 5
  T.near(p.pass, 6 / 36, 1e-12)
  T.near(p["break"], 10 / 36, 1e-12)
end)
