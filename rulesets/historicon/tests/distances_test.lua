-- Random distances: evasion cases (Phases 2, 3), recoil, break-off, break,
-- flight and pursuit (Phase 6), at each scale.
local T = require("lib.testing")
local D = require("historicon.distances")

local foot = { class = "LI", figures = 8, formed = false }
local mounted = { class = "LC", figures = 8, formed = false }

T.case("Phase 2: unformed contacted by HI evade 10+1d8 foot, 10+1d20 mounted", function()
  local case = D.evasion_case({ class = "HI", figures = 16 })
  T.eq(case, "contacted_by_hi")
  T.eq({ D.evasion_expression(case, foot), D.evasion_expression(case, mounted) }, { "10+1d8", "10+1d20" })
end)

T.case("Phase 3: unformed contacted by formed mounted evade 5+1d10 foot, 10+1d10 mounted", function()
  local case = D.evasion_case({ class = "KC", figures = 8 })
  T.eq(case, "contacted_by_formed_mounted")
  T.eq({ D.evasion_expression(case, foot), D.evasion_expression(case, mounted) }, { "5+1d10", "10+1d10" })
end)

T.case("Phase 3: unformed contacted by formed LI / VLI may evade 5+1d12 foot, 10+1d12 mounted", function()
  T.eq(D.evasion_case({ class = "VLI", figures = 8 }), "contacted_by_formed_light_foot")
  local case = D.evasion_case({ class = "LI", figures = 8 })
  T.eq({ D.evasion_expression(case, foot), D.evasion_expression(case, mounted) }, { "5+1d12", "10+1d12" })
end)

T.case("Phase 3: no evasion case for unformed contacting troops", function()
  T.eq(D.evasion_case({ class = "LC", figures = 8, formed = false }), nil)
  T.eq(D.evasion_case({ class = "LI", figures = 8, formed = false }), nil)
end)

T.case("Phases 2-3: one throw per figure in contact; figures that fail to leave contact are removed", function()
  local dice = T.forced_dice({ 1, 8, 3 })
  local out = D.evade("contacted_by_hi", foot, { 12, 12, 13 }, dice, "25mm", true)
  T.eq({ out.escaped, out.removed }, { 2, 1 })
  T.eq(out.figures, { { distance = 11, escaped = false }, { distance = 18, escaped = true }, { distance = 13, escaped = true } })
  T.eq(D.apply_evasion(foot, out).figures, 7)
  T.eq(foot.figures, 8)
end)

T.case("Scale: 15mm halves the quoted distance, 6mm quarters it", function()
  T.eq(D.evade("contacted_by_formed_mounted", foot, { 5 }, T.forced_dice({ 5 }), "15mm").escaped, 1)  -- 10 -> 5
  T.eq(D.evade("contacted_by_formed_mounted", foot, { 5.5 }, T.forced_dice({ 5 }), "15mm").escaped, 0)
  T.eq(D.roll("recoil", foot, T.forced_dice({ 3 }), "6mm"), 2)
end)

local moves = {
  { "recoil", "5+1d10", "10+1d10" }, { "break_off", "5+1d12", "10+1d12" },
  { "break", "3d12", "2d20" }, { "flight", "2d12", "2d20" }, { "pursuit", "7+2d12", "10+1d20" },
}
for _, m in ipairs(moves) do
  T.case("Phase 6 " .. m[1] .. ": " .. m[2] .. " foot, " .. m[3] .. " mounted", function()
    T.eq(D.expression(m[1], foot), m[2]); T.eq(D.expression(m[1], mounted), m[3])
    T.eq(D.expression(m[1], { class = "EI", figures = 3 }), m[3], "elephants are mounted")
  end)
end

T.case("Phase 6: rolled moves", function()
  T.eq(D.roll("pursuit", foot, T.forced_dice({ 6, 5 })), 18)
  T.eq(D.roll("break", mounted, T.forced_dice({ 11, 9 }), "25mm"), 20)
  T.raises(function() D.expression("charge", foot) end, "charge")
end)
