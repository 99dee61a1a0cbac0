-- `sandtable quality --mirror`: a mirror match flagged unfair is fought
-- again on a fresh, larger sample before it is called unfair (docs/quality.md,
-- "Mirror matches"): a fair mirror flags at one seed about one time in
-- twenty; a real lean stays flagged on five times the battles.
local T = require("lib.testing")
local quality = require("cli.quality")

-- An experiment's variant summary with the given wins of n battles (the
-- rates' 95% intervals roughly as the experiment gives them, wide enough).
local function variant(w1, w2, n)
  local function rate(k)
    local p = k / n
    local h = 1.96 * math.sqrt(p * (1 - p) / n)
    return { rate = p, low = math.max(0, p - h), high = math.min(1, p + h) }
  end
  return { side1_wins = rate(w1), side2_wins = rate(w2), draws = rate(n - w1 - w2), failed = 0 }
end

T.case("mirror confirmation: a fair mirror is not fought again", function()
  local mirrors = { quality.mirror(variant(98, 97, 200)), quality.mirror(variant(100, 96, 200)) }
  local asked = 0
  local out = quality.confirm_mirrors(mirrors, { trials = 200, seed = 1 }, function() asked = asked + 1 end)
  T.eq(asked, 0)
  T.eq(out[1].fair and out[2].fair, true)
  T.eq(out[1].first, nil)
end)

T.case("mirror confirmation: a flagged mirror is judged on five times the battles at the next seed", function()
  local mirrors = { quality.mirror(variant(98, 97, 200)), quality.mirror(variant(85, 113, 200)) }
  T.eq(mirrors[2].fair, false, "the first run flags army 2's mirror")
  local asked = {}
  local out = quality.confirm_mirrors(mirrors, { trials = 200, seed = 1 }, function(side, trials, seed)
    asked[#asked + 1] = { side, trials, seed }
    return variant(480, 470, 1000)
  end)
  T.eq(asked, { { 2, 1000, 2 } })
  T.eq(out[2].fair, true, "sampling: fair on the larger run")
  T.eq(out[2].battles, 1000)
  T.eq(out[2].seed, 2)
  T.eq(out[2].first.fair, false, "the first run's figures kept")
  T.near(out[2].first.side1.rate, 0.425, 1e-12)
end)

T.case("mirror confirmation: a real lean stays unfair", function()
  local mirrors = { quality.mirror(variant(61, 124, 200)), quality.mirror(variant(100, 96, 200)) }
  local out = quality.confirm_mirrors(mirrors, { trials = 200, seed = 7 }, function(_, trials, seed)
    T.eq({ trials, seed }, { 1000, 8 })
    return variant(358, 581, 1000)
  end)
  T.eq(out[1].fair, false)
  T.eq(out[2].fair, true)
end)
