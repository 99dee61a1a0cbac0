-- Phalanx shooting (Shooting, Shooting Conditional Modifiers, the shooting
-- results table, Results).
local T = require("lib.testing")
local M = require("lib.modifiers")
local combat = require("phalanx.combat")
local troops = require("phalanx.troops")

local function v(class, integrity, army_class)
  return { class = class, integrity = integrity or "III", army_class = army_class or "RA" }
end

local function shoot(shooter, target, situation, die, explain)
  return combat.shoot(v(shooter), v(target), situation, T.forced_dice({ die }), explain)
end

T.case("Shooting: only HIB, LIN, VLI, HSC, CAM and LSC can shoot", function()
  local shooters = { HIB = true, LIN = true, VLI = true, HSC = true, CAM = true, LSC = true }
  for _, code in ipairs(troops.order) do
    local integrity = troops.classes[code].integrity[1]
    local ok, why = combat.can_shoot(v(code, integrity), v("HIN"), { range = 1 })
    T.eq(ok, shooters[code] == true, code)
    if not ok then
      T.truthy(why:find(code .. " cannot shoot", 1, true), why)
      T.raises(function() combat.shoot(v(code, integrity), v("HIN"), { range = 1 }, T.forced_dice({ 4 })) end,
        "cannot shoot")
    end
  end
end)

T.case("Shooting: HIB shoot to 2 vignette widths, the others to 1", function()
  local range = { HIB = 2, LIN = 1, VLI = 1, HSC = 1, CAM = 1, LSC = 1 }
  for code, r in pairs(range) do
    T.eq(combat.can_shoot(v(code), v("HIN"), { range = r }), true, code .. " at " .. r)
    T.eq(combat.can_shoot(v(code), v("HIN"), { range = 0 }), true, code .. " at contact")
    local ok, why = combat.can_shoot(v(code), v("HIN"), { range = r + 0.5 })
    T.eq(ok, false, code .. " beyond " .. r); T.truthy(why:find("shoots to " .. r, 1, true), why)
  end
  T.raises(function() combat.shoot(v("HIB"), v("HIN"), {}, T.forced_dice({ 4 })) end, "situation.range")
end)

T.case("Shooting: VLI and LSC shoot all round, the others only directly ahead", function()
  for _, code in ipairs({ "HIB", "LIN", "VLI", "HSC", "CAM", "LSC" }) do
    local ok = combat.can_shoot(v(code), v("HIN"), { range = 1, target_ahead = false })
    T.eq(ok, code == "VLI" or code == "LSC", code)
    T.eq(combat.can_shoot(v(code), v("HIN"), { range = 1, target_ahead = true }), true, code .. " ahead")
  end
end)

T.case("Shooting results table through shoot(): the Other row, every die", function()
  local expected = { "-", "-", "-", "H", "H", "R" }
  for _, shooter in ipairs({ "LIN", "VLI", "HSC", "CAM", "LSC" }) do
    for die = 1, 6 do
      local o = shoot(shooter, "LIN", { range = 1 }, die)
      T.eq({ o.die, o.score, o.table_result, o.result }, { die, die, expected[die], expected[die] },
        shooter .. " die " .. die)
    end
  end
end)

T.case("Shooting results table through shoot(): the HIB row, every die (B only for mounted)", function()
  local at_foot = { "-", "-", "-", "R", "RR", "RR" }
  local table_row = { "-", "-", "-", "R", "RR", "B" }
  for die = 1, 6 do
    local o = shoot("HIB", "LIN", { range = 2 }, die)
    T.eq({ o.table_result, o.result }, { table_row[die], at_foot[die] }, "HIB at LIN, die " .. die)
    o = shoot("HIB", "HCC", { range = 2 }, die)   -- at 2: no +2
    T.eq(o.result, table_row[die], "HIB at HCC beyond 1, die " .. die)
  end
end)

T.case("Shooting modifier +2: HIB at Mounted or Animal within 1 (not EXPENDABLE, not beyond 1)", function()
  T.eq(shoot("HIB", "HCC", { range = 1 }, 4).score, 6)
  T.eq(shoot("HIB", "HCC", { range = 1 }, 4).result, "B")
  T.eq(shoot("HIB", "CAM", { range = 0.5 }, 3).score, 5)
  T.eq(shoot("HIB", "PEL", { range = 0 }, 2).score, 4)
  T.eq(shoot("HIB", "HCC", { range = 1.5 }, 4).score, 4)
  T.eq(shoot("HIB", "SCH", { range = 1 }, 4).score, 4, "SCH is EXPENDABLE")
  T.eq(shoot("HIB", "LIN", { range = 1 }, 4).score, 4, "foot")
  T.eq(shoot("LSC", "HCC", { range = 1 }, 4).score, 4, "only HIB")
  T.eq(shoot("HIB", "HCC", { range = 1 }, 6).score, 8)
  T.eq(shoot("HIB", "HCC", { range = 1 }, 6).table_result, "B", "scores above 7 read as 7")
end)

T.case("Shooting modifier +1: the target is HIP, HIS, HIB or HIW", function()
  local dense = { HIP = true, HIS = true, HIB = true, HIW = true }
  for _, target in ipairs(troops.order) do
    local integrity = troops.classes[target].integrity[1]
    local o = combat.shoot(v("LIN"), v(target, integrity), { range = 1 }, T.forced_dice({ 3 }))
    T.eq(o.score, dense[target] and 4 or 3, "LIN at " .. target)
  end
end)

T.case("Shooting modifier -1: target ended its move in contact; an H then becomes R", function()
  local contact = { range = 0, target_moved_into_contact = true }
  T.eq(shoot("LIN", "LIN", contact, 5).score, 4)
  T.eq({ shoot("LIN", "LIN", contact, 5).table_result, shoot("LIN", "LIN", contact, 5).result }, { "H", "R" })
  T.eq(shoot("LIN", "LIN", contact, 6).result, "R", "6 - 1 = 5: H, then R")
  T.eq(shoot("LIN", "LIN", { range = 0, target_moved_into_contact = true }, 6).table_result, "H")
  T.eq(shoot("LIN", "LIN", contact, 4).result, "-")
  T.eq(shoot("LIN", "LIN", { range = 0 }, 5).result, "H", "contact without having moved: no -1, no conversion")
end)

T.case("Shooting modifier -2: the shooters have a combat penalty (bad going, Table 3 (cp))", function()
  T.eq(shoot("HSC", "LIN", { range = 1, shooter_in_bad_going = true }, 6).score, 4, "HSC (cp)")
  T.eq(shoot("LSC", "LIN", { range = 1, shooter_in_bad_going = true }, 6).score, 4, "LSC (cp)")
  T.eq(shoot("HIB", "LIN", { range = 1, shooter_in_bad_going = true }, 6).score, 4, "HIB (cp)")
  T.eq(shoot("CAM", "LIN", { range = 1, shooter_in_bad_going = true }, 6).score, 4, "CAM (cp)")
  T.eq(shoot("VLI", "LIN", { range = 1, shooter_in_bad_going = true }, 6).score, 6, "VLI: no (cp)")
  T.eq(shoot("LIN", "LIN", { range = 1, shooter_in_bad_going = true }, 6).score, 6, "LIN: no (cp)")
  T.eq(shoot("HSC", "LIN", { range = 1, shooter_in_bad_going = true }, 1).table_result, "-", "below 1 reads as 1")
end)

T.case("Shooting: B is a Break for Mounted (and Animal), RR for the rest", function()
  for _, target in ipairs(troops.order) do
    local integrity = troops.classes[target].integrity[1]
    local o = combat.shoot(v("HIB"), v(target, integrity), { range = 2 }, T.forced_dice({ 6 }))
    local g = troops.classes[target].general
    T.eq(o.result, (g == "MOUNTED" or g == "ANIMAL") and "B" or "RR", "B against " .. target)
  end
end)

T.case("Results, RR: shooting repulses into friends within half the move break", function()
  T.eq(shoot("LIN", "LIN", { range = 1, target_friends_behind = 0.5 }, 6).result, "B")
  T.eq(shoot("LIN", "LIN", { range = 1, target_friends_behind = 0.6 }, 6).result, "R")
  T.eq(shoot("HIB", "LIN", { range = 2, target_friends_behind = 1 }, 5).result, "B", "RR, friends at 1 move")
  T.eq(shoot("HIB", "LIN", { range = 2, target_friends_behind = 1.5 }, 5).result, "RR")
  T.eq(shoot("LIN", "LIN", { range = 1, target_friends_behind = true }, 4).result, "H", "a Halt does not move")
end)

T.case("Shooting explains its modifiers and conversions", function()
  local o = combat.shoot(v("HIB"), v("HIW"), { range = 0, target_moved_into_contact = true, target_friends_behind = 0.9 },
    T.forced_dice({ 6 }), true)
  T.eq({ o.die, o.score, o.table_result, o.result }, { 6, 6, "B", "B" })
  T.eq(M.describe(o.terms), {
    "+1 the target is HIP, HIS, HIB or HIW (Shooting)",
    "-1 the target ended its move in contact with the shooters (an H becomes R) (Shooting)",
  })
  T.eq(o.conversions, {
    { from = "B", to = "RR", rule = "Shooting results: B only for Mounted, otherwise RR" },
    { from = "RR", to = "B", rule = "Results, RR: repulse into friends within half the move" },
  })
  local quick = combat.shoot(v("HIB"), v("HIW"), { range = 0 }, T.forced_dice({ 6 }))
  T.eq({ quick.terms, quick.conversions }, { nil, nil }, "no explanation unless asked")
  T.eq(combat.shooting_modifiers:ids(), { "hib_at_mounted_close", "dense_target", "target_moved_into_contact",
    "shooter_combat_penalty" })
end)

T.case("Artillery (optional rule): attached shoots to 1, amalgamated to 4, both on the Other row", function()
  local attached = { class = "HIN", integrity = "III", army_class = "RA", artillery = "attached" }
  local battery = { class = "HIB", integrity = "III", army_class = "RA", artillery = "amalgamated" }
  T.eq(combat.can_shoot(attached, v("HIS"), { range = 1 }), true, "HIN with attached artillery")
  T.eq(combat.can_shoot(attached, v("HIS"), { range = 1.5 }), false)
  T.eq(combat.can_shoot(battery, v("HIS"), { range = 4 }), true)
  T.eq(combat.can_shoot(battery, v("HIS"), { range = 4.5 }), false)
  T.eq(combat.can_shoot(attached, v("HIS"), { range = 1, target_ahead = false }), false, "ahead only")
  local expected = { "-", "-", "-", "H", "H", "R" }
  for die = 1, 6 do
    local o = combat.shoot(attached, v("LIN"), { range = 1 }, T.forced_dice({ die }))
    T.eq(o.result, expected[die], "attached, die " .. die)
    o = combat.shoot(battery, v("LIN"), { range = 3 }, T.forced_dice({ die }))
    T.eq(o.result, expected[die], "amalgamated, die " .. die)
  end
  local ok, why = combat.can_shoot({ class = "HIN", integrity = "III", army_class = "RA", artillery = "amalgamated" },
    v("HIS"), { range = 1 })
  T.eq(ok, false); T.truthy(why:find("treated as HIB", 1, true), why)
  ok, why = combat.can_shoot({ class = "HIN", integrity = "III", army_class = "RA", artillery = "mortar" }, v("HIS"), { range = 1 })
  T.eq(ok, false); T.truthy(why:find("attached or amalgamated", 1, true), why)
end)
