-- `sandtable odds phalanx`: vignettes in words (rules text, "Melee" and
-- "Shooting" situations), the exact odds of a melee and a shot, and the
-- vocabulary a variant (Into Glory Ride) parses with instead.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local odds = require("phalanx.odds")

local function total(rows)
  local sum = 0
  for _, r in ipairs(rows) do sum = sum + r.p end
  return sum
end

T.case("Odds: a vignette in words", function()
  local v, s = odds.parse_vignette("his IV RA overlaps=2 uphill r=1 support=LIN/III", "attacker")
  T.eq({ v.class, v.integrity, v.army_class, v.accumulated_r }, { "HIS", "IV", "RA", 1 })
  T.eq({ s.overlaps, s.uphill, s.support }, { 2, true, { class = "LIN", integrity = "III", army_class = "RA" } })
  T.raises(function() odds.parse_vignette("HIS IV", "attacker") end, "e.g. 'HIS IV RA', got 'HIS IV'")
  T.raises(function() odds.parse_vignette("HIS IV XX", "attacker") end, "army class must be RA or IF, got 'XX'")
  T.raises(function() odds.parse_vignette("HIS IV RA wobble", "attacker") end, "unknown word 'wobble' (flags:")
end)

T.case("Odds: a variant's vocabulary takes words of its own", function()
  local words = { example = "X", armies = "RA or IF", flags = { flank = true }, numbers = {}, help = "flank, heavy",
                  take = function(key, value, v) if key == "heavy" and not value then v.weight = key; return true end end }
  local v, s = odds.parse_vignette("HIS IV RA heavy flank", "attacker", words)
  T.eq({ v.weight, s.flank }, { "heavy", true })
  T.raises(function() odds.parse_vignette("HIS IV RA uphill", "attacker", words) end, "unknown word 'uphill' (flank, heavy)")
end)

T.case("Odds: the melee and shooting questions enumerate every outcome", function()
  local adjudicate, describe = odds.prepare("melee", "HIS IV RA overlaps=2", "HIN III RA")
  local rows = dice.odds(adjudicate, 100)
  T.near(total(rows), 1, 1e-9)
  T.eq(#rows, 4)
  local lines = describe()
  T.eq(lines[1], "Attacker HIS IV RA: base cf 7, modified 5")
  T.eq(lines[#lines], "Difference +0: the attacker throws one d6 on Table 8")
  adjudicate, describe = odds.prepare("shoot", "HIB III RA range=1", "HCC III RA")
  T.near(total(dice.odds(adjudicate, 100)), 1, 1e-9)
  T.eq(describe()[1], "HIB III RA shoots HCC III RA at range 1")
  T.raises(function() odds.prepare("charge", "HIS IV RA", "HIN III RA") end, "Phalanx answers: melee, shoot")
end)
