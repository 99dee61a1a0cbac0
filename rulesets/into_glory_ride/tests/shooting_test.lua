-- Into Glory Ride shooting (SHOOTING: range table, conditional modifiers,
-- results table, "ART can be attached to HIM").
local T = require("lib.testing")
local M = require("lib.modifiers")
local ruleset = require("lib.ruleset")

local IGR = ruleset.load("into_glory_ride")
local shooting = IGR.require("phalanx.shooting")
local combat = IGR.require("phalanx.combat")

local function v(class, extra)
  local t = { class = class, integrity = "III", army_class = "RA" }
  for k, x in pairs(extra or {}) do t[k] = x end
  return t
end

local function shoot(shooter, target, situation, dice, explain)
  return combat.shoot(shooter, target, situation, T.forced_dice(dice), explain)
end

T.case("Shooting: only HIM, LIN, VLI, HSC, ART and LSC shoot, and foot with attached ART", function()
  local IGR_troops = IGR.require("phalanx.troops")
  local shooters = { HIM = true, LIN = true, VLI = true, HSC = true, ART = true, LSC = true }
  for _, code in ipairs(IGR_troops.order) do
    local ok = combat.can_shoot(v(code, { epoch = "II", weight = "light" }), v("HIN"), { range = 1 })
    T.eq(ok, shooters[code] == true, code)
  end
  T.truthy(combat.can_shoot(v("HIP", { attached_artillery = "II" }), v("HIN"), { range = 1 }))
  local ok, why = combat.can_shoot(v("HIM"), v("HIN"), { range = 1 })
  T.truthy(not ok and why:find("needs an epoch", 1, true), why)
end)

T.case("Shooting: +2 HIM at Mounted or Animal at any range (Phalanx's 'within 1' is gone); +2 Epoch V", function()
  local out = shoot(v("HIM", { epoch = "V" }), v("HCC"), { range = 6 }, { 3 }, true)
  T.eq(out.score, 7)
  T.eq(out.result, "B", "Mounted: B stands")
  out = shoot(v("HIM", { epoch = "II" }), v("ELE"), { range = 1 }, { 2 })
  T.eq(out.score, 4)
  T.eq(out.result, "R")
  T.eq(shoot(v("LIN", { epoch = "V" }), v("HCC"), { range = 6 }, { 3 }).score, 3, "no epoch or mounted bonus for Other")
end)

T.case("Shooting: +1 Epoch III/IV; +1 target HIP/HIS/HIW or Epoch I/II HIM; +1 target LIW/LIS/LIN", function()
  T.eq(shoot(v("HIM", { epoch = "III" }), v("HIN"), { range = 1 }, { 3 }).score, 4)
  T.eq(shoot(v("HIM", { epoch = "IV" }), v("HIP"), { range = 1 }, { 3 }).score, 5)
  T.eq(shoot(v("HIM", { epoch = "I" }), v("HIM", { epoch = "II" }), { range = 1 }, { 3 }).score, 4)
  T.eq(shoot(v("HIM", { epoch = "I" }), v("HIM", { epoch = "III" }), { range = 1 }, { 3 }).score, 3)
  T.eq(shoot(v("VLI", { epoch = "I" }), v("LIW"), { range = 1 }, { 3 }).score, 4)
  T.eq(shoot(v("VLI", { epoch = "I" }), v("LIS"), { range = 1 }, { 3 }).result, "H", "Other row, 4 = H")
end)

T.case("Shooting: -2 long range (amalgamated ART from Epoch III), -2 VLI/LSC target (LSC keeps the +2)", function()
  local gun = v("ART", { epoch = "III", weight = "heavy" })
  T.eq(shoot(gun, v("HIN"), { range = 2 }, { 4 }).score, 5, "short: 4 +1 epoch III")
  T.eq(shoot(gun, v("HIN"), { range = 9 }, { 4 }).score, 3, "long: -2")
  T.truthy(not combat.can_shoot(gun, v("HIN"), { range = 11 }), "beyond 10")
  local e2 = v("ART", { epoch = "II", weight = "heavy" })
  T.eq(shoot(e2, v("HIN"), { range = 8 }, { 4 }).score, 4, "Epoch II has one range: never long")
  T.eq(shoot(v("HIM", { epoch = "II" }), v("LSC"), { range = 1 }, { 4 }).score, 4, "+2 mounted -2 LSC")
  T.eq(shoot(v("HIM", { epoch = "II" }), v("VLI"), { range = 1 }, { 4 }).score, 2)
end)

T.case("Shooting: -1 target moved into contact (H becomes R); -2 combat penalty; scores clamp to 1..7", function()
  local out = shoot(v("LIN", { epoch = "I" }), v("HIN"), { range = 0, target_moved_into_contact = true }, { 5 }, true)
  T.eq({ out.score, out.table_result, out.result }, { 4, "H", "R" })
  T.eq(#out.conversions, 1)
  T.eq(shoot(v("HIM", { epoch = "I" }), v("HIN"), { range = 1, shooter_in_bad_going = true }, { 3 }).score, 1)
  T.eq(shoot(v("LIN", { epoch = "I" }), v("HIN"), { range = 1, shooter_in_bad_going = true }, { 6 }).score, 6,
    "LIN has no combat penalty in bad going")
  T.eq(shoot(v("HIM", { epoch = "V" }), v("CAT"), { range = 1 }, { 6 }).result, "B", "10 reads as 7")
end)

T.case("Shooting results: B is Broken if Mounted (amalgamated ART is), otherwise RR", function()
  T.eq(shoot(v("HIM", { epoch = "III" }), v("HIP"), { range = 1 }, { 4 }).result, "RR", "4 +1 +1 = 6: B, foot: RR")
  T.eq(shoot(v("HIM", { epoch = "III" }), v("ART", { epoch = "II", weight = "light" }), { range = 1 }, { 3 }).result,
    "B", "3 +2 mounted +1 epoch = 6")
end)

T.case("Shooting: ART attached to HIM shoots as both (READING: two throws, the more severe result)", function()
  local him_aa = v("HIM", { epoch = "IV", attached_artillery = "II" })
  local out = shoot(him_aa, v("HIN"), { range = 1 }, { 2, 5 }, true)
  T.eq(#out.shots, 2)
  T.eq({ out.shots[1].as, out.shots[1].score, out.shots[1].result }, { "HIM", 3, "-" })
  T.eq({ out.shots[2].as, out.shots[2].score, out.shots[2].result }, { "AA", 5, "RR" })
  T.eq({ out.result, out.die, out.score }, { "RR", 5, 5 }, "the deciding throw")
  -- At range 3 only the Epoch IV HIM (range 4) reaches; the Epoch II AA (1) does not.
  out = shoot(him_aa, v("HIN"), { range = 3 }, { 6 })
  T.eq(#out.shots, 1)
  T.eq(out.shots[1].as, "HIM")
  -- Attached to pike: shoots only as ART, on the HIM/ART row.
  out = shoot(v("HIP", { attached_artillery = "II" }), v("HIN"), { range = 1 }, { 4 })
  T.eq({ #out.shots, out.shots[1].as, out.result }, { 1, "AA", "R" })
end)

T.case("Shooting: explanations name the rule and the layer", function()
  local out = shoot(v("ART", { epoch = "V", weight = "light" }), v("CAT"), { range = 10 }, { 1 }, true)
  local lines = M.describe(out.terms)
  T.eq(lines[1], "+2 HIM or ART shooting at troops classed as Mounted or Animal (Shooting, into_glory_ride)")
  T.eq(#lines, 3, "mounted, epoch V, long range")
  T.eq(out.score, 3)
end)

T.case("Odds: sandtable odds into_glory_ride answers melee and shoot exactly", function()
  local dice = require("sandtable.dice")
  local odds = IGR.require(IGR.manifest.odds)
  local adjudicate = odds.prepare("shoot", "HIM III RA E=IV AA=II range=1", "HIN III RA")
  local rows = dice.odds(adjudicate, 1000)
  local total = 0
  for _, r in ipairs(rows) do total = total + r.p end
  T.near(total, 1, 1e-9)
  adjudicate = odds.prepare("melee", "ELE III IA", "HIM III RA E=II")
  T.eq(#dice.odds(adjudicate, 100) > 0, true)
  T.raises(function() odds.prepare("melee", "HIB III RA", "HIN III RA") end, "unknown troop class 'HIB'")
  T.raises(function() odds.prepare("melee", "HIN III IF", "HIN III RA") end, "RA or IA")
end)
