-- Phase 6 integrity test: the 2D6 table, its modifiers, the nine triggers
-- and the results applied to units.
local T = require("lib.testing")
local I = require("historicon.integrity")

local function u(t)
  local x = { class = "HI", sub = "HIN", figures = 16, ranks = 2, grade = "A", hits = 0, recoils = 0 }
  for k, v in pairs(t or {}) do x[k] = v end
  return x
end
local SEVEN = { 3, 4 }
local function score(unit, situation)
  local out = I.test(unit, situation or {}, T.forced_dice(SEVEN), true)
  local ids = {}
  for i, t in ipairs(out.terms) do ids[i] = t.id end
  return out.score - 7, ids, out
end

-- Results for modified scores 2..12 (B break, R recoil disordered, P pass),
-- from the Break / Recoil Disordered / Pass columns of Table 2; the one score
-- between "<n" and the recoil band recoils (see docs).
local bands = {
  HI = "BRRRRPPPPPP", HCH = "BRRRRPPPPPP", KC = "BRRRRPPPPPP",
  LI = "BBBRRRRPPPP", LCH = "BBBRRRRPPPP", HC = "BBBRRRRPPPP", LC = "BBBRRRRPPPP",
  VLI = "BBBBRRRPPPP", EI = "BBBRRPPPPPP",
}
local letter = { pass = "P", recoil = "R", ["break"] = "B" }
for class, band in pairs(bands) do
  T.case("Phase 6 integrity, Table 2 columns 6-8: every 2D6 score for " .. class, function()
    for s = 2, 12 do
      T.eq(letter[I.classify(s, class)], band:sub(s - 1, s - 1), class .. " score " .. s)
    end
    T.eq(I.classify(-5, class), "break"); T.eq(I.classify(20, class), "pass")
  end)
end

T.case("Phase 6 integrity: crew have no integrity columns", function()
  T.raises(function() I.classify(7, "C") end, "no integrity columns")
end)

T.case("Phase 6 integrity: 2D6 unmodified, explained", function()
  local delta, ids, out = score(u())
  T.eq(delta, 0); T.eq(ids, {}); T.eq(out.dice, { 3, 4 }); T.eq(out.result, "pass"); T.eq(out.natural, 7)
  local plain = I.test(u(), {}, T.forced_dice({ 1, 1 }), false)
  T.eq(plain, { result = "break", score = 2, natural = 2 })
end)

local modifier_cases = {
  { name = "hits_exceed_figures: 17 hits on 16 figures -1", unit = u({ hits = 17 }), delta = -1, ids = { "hits_exceed_figures" } },
  { name = "hits_exceed_figures: 16 hits on 16 figures do not exceed", unit = u({ hits = 16 }), delta = 0, ids = {} },
  { name = "hits_exceed_twice_figures: 33 hits -1 -2", unit = u({ hits = 33 }), delta = -3, ids = { "hits_exceed_figures", "hits_exceed_twice_figures" } },
  { name = "hits exactly twice figures: -1 only", unit = u({ hits = 32 }), delta = -1, ids = { "hits_exceed_figures" } },
  { name = "hits_exceed_four_times_figures: 65 hits -1 -2 -4", unit = u({ hits = 65 }), delta = -7,
    ids = { "hits_exceed_figures", "hits_exceed_twice_figures", "hits_exceed_four_times_figures" } },
  { name = "g_class -3", unit = u({ grade = "G" }), delta = -3, ids = { "g_class" } },
  { name = "e_class +3", unit = u({ grade = "E" }), delta = 3, ids = { "e_class" } },
  { name = "no_friend_within_30cm -2", unit = u(), situation = { no_friend_within_30cm = true }, delta = -2, ids = { "no_friend_within_30cm" } },
  { name = "disordered -2", unit = u({ disordered = true }), delta = -2, ids = { "disordered" } },
  { name = "general +2", unit = u({ general = true }), delta = 2, ids = { "general" } },
  { name = "forming_or_unforming +3", unit = u(), situation = { reason = "forms_or_unforms" }, delta = 3, ids = { "forming_or_unforming" } },
  { name = "repeated_recoil: A class, third recoil free", unit = u({ recoils = 3 }), delta = 0, ids = {} },
  { name = "repeated_recoil: A class, fourth recoil -2", unit = u({ recoils = 4 }), delta = -2, ids = { "repeated_recoil" } },
  { name = "repeated_recoil: A class, fifth recoil -4", unit = u({ recoils = 5 }), delta = -4, ids = { "repeated_recoil" } },
  { name = "repeated_recoil: G class, second recoil -2 (and G -3)", unit = u({ grade = "G", recoils = 2 }), delta = -5, ids = { "repeated_recoil", "g_class" } },
  { name = "repeated_recoil: G class, first recoil free", unit = u({ grade = "G", recoils = 1 }), delta = -3, ids = { "g_class" } },
  { name = "repeated_recoil: E class, fifth recoil free", unit = u({ grade = "E", recoils = 5 }), delta = 3, ids = { "e_class" } },
  { name = "repeated_recoil: E class, sixth and seventh -4", unit = u({ grade = "E", recoils = 7 }), delta = -1, ids = { "repeated_recoil", "e_class" } },
  { name = "EI model counts as 5 figures: 11 hits on 2 elephants -1", unit = { class = "EI", figures = 2, hits = 11 }, delta = -1, ids = { "hits_exceed_figures" } },
  { name = "EI: 10 hits on 2 elephants do not exceed", unit = { class = "EI", figures = 2, hits = 10 }, delta = 0, ids = {} },
  { name = "chariot model counts horses + crew: 10 hits on 3 LCH of 2+1", unit = { class = "LCH", figures = 3, horses = 2, crew = 1, hits = 10 }, delta = -1, ids = { "hits_exceed_figures" } },
  { name = "chariot: 9 hits on 3 LCH of 2+1 do not exceed", unit = { class = "LCH", figures = 3, horses = 2, crew = 1, hits = 9 }, delta = 0, ids = {} },
}
for _, m in ipairs(modifier_cases) do
  T.case("Phase 6 integrity modifier " .. m.name, function()
    local delta, ids = score(m.unit, m.situation)
    T.eq(delta, m.delta); T.eq(ids, m.ids)
  end)
end

T.case("Phase 6 integrity: every modifier together, in printed order", function()
  local _, ids = score(u({ grade = "E", recoils = 6, hits = 70, disordered = true, general = true }),
    { no_friend_within_30cm = true, reason = "forms_or_unforms" })
  T.eq(ids, { "repeated_recoil", "hits_exceed_figures", "hits_exceed_twice_figures", "hits_exceed_four_times_figures",
              "no_friend_within_30cm", "disordered", "general", "forming_or_unforming", "e_class" })
end)

T.case("Phase 6 integrity: exact odds of an unmodified HI test", function()
  local odds = I.odds(u(), {})
  T.near(odds.pass, 21 / 36, 1e-12); T.near(odds.recoil, 14 / 36, 1e-12); T.near(odds["break"], 1 / 36, 1e-12)
  local g = I.odds(u({ grade = "G", disordered = true }), {})      -- -5: pass needs 12
  T.near(g.pass, 1 / 36, 1e-12); T.near(g.pass + g.recoil + g["break"], 1, 1e-12)
end)

-- Triggers ------------------------------------------------------------------
local hc = { class = "HC", figures = 8, ranks = 1 }
local trigger_cases = {
  { id = "rallies", events = { rallies = true } },
  { id = "forms_or_unforms", events = { forms_or_unforms = true } },
  { id = "becomes_disordered", events = { becomes_disordered = true } },
  { id = "recoils", events = { recoils = true } },
  { id = "breaks_off", events = { breaks_off = true } },
  { id = "enemy_moves_into_contact", events = { enemy_contacts = 1 } },
  { id = "hits_exceed_figures", unit = u({ hits = 18 }), events = { new_hits = 4 } },
  { id = "hits_exceed_twice_figures", unit = u({ hits = 34 }), events = { new_hits = 3 } },
  { id = "light_foot_charged_by_ordered_formed_mounted", unit = { class = "LI", figures = 8 }, events = { charged_by = hc } },
}
for n, c in ipairs(trigger_cases) do
  T.case("Phase 6 integrity trigger " .. n .. ": " .. c.id, function()
    T.eq(I.triggers(c.unit or u(), c.events), { c.id })
  end)
end

T.case("Phase 6 triggers 7 and 8 fire when the threshold is crossed, not again after", function()
  T.eq(I.triggers(u({ hits = 16 }), { new_hits = 4 }), {})
  T.eq(I.triggers(u({ hits = 20 }), { new_hits = 2 }), {})
  T.eq(I.triggers(u({ hits = 40 }), { new_hits = 30 }), { "hits_exceed_figures", "hits_exceed_twice_figures" })
  T.eq(I.triggers({ class = "EI", figures = 2, hits = 11 }, { new_hits = 2 }), { "hits_exceed_figures" })
end)

T.case("Phase 6 trigger 6: each enemy contact is a test", function()
  T.eq(I.triggers(u(), { enemy_contacts = 2 }), { "enemy_moves_into_contact", "enemy_moves_into_contact" })
end)

T.case("Phase 6 trigger 9: only LI / VLI, only by ordered formed mounted", function()
  T.eq(I.triggers({ class = "VLI", figures = 8 }, { charged_by = hc }), { "light_foot_charged_by_ordered_formed_mounted" })
  T.eq(I.triggers(u(), { charged_by = hc }), {})
  T.eq(I.triggers({ class = "LI", figures = 8 }, { charged_by = { class = "HC", disordered = true } }), {})
  T.eq(I.triggers({ class = "LI", figures = 8 }, { charged_by = { class = "LC", formed = false } }), {})
  T.eq(I.triggers({ class = "LI", figures = 8 }, { charged_by = u() }), {})
end)

T.case("Phase 6 triggers: several at once, in printed order", function()
  T.eq(I.triggers({ class = "LI", figures = 8, hits = 9 },
    { charged_by = hc, enemy_contacts = 1, becomes_disordered = true, new_hits = 9 }),
    { "becomes_disordered", "enemy_moves_into_contact", "hits_exceed_figures", "light_foot_charged_by_ordered_formed_mounted" })
end)

-- Results ---------------------------------------------------------------------
T.case("Phase 3/6: a pass when rallying returns the unit to good order", function()
  local after, effect = I.apply(u({ disordered = true, broken = true }), "pass", "rallies")
  T.eq({ after.disordered, after.broken, effect.move }, { false, false, nil })
end)

T.case("Phase 1/6: a pass when forming or un-forming changes the form", function()
  T.eq(I.apply({ class = "LI", figures = 8 }, "pass", "forms_or_unforms").formed, false)
  T.eq(I.apply({ class = "LI", figures = 8, formed = false }, "pass", "forms_or_unforms").formed, true)
  T.eq(I.apply({ class = "LI", figures = 8, formed = false }, "pass", "enemy_moves_into_contact").formed, false)
end)

T.case("Phase 6: recoil back disordered, 5+1d10 foot, 10+1d10 mounted", function()
  local unit = u({ recoils = 1 })
  local after, effect = I.apply(unit, "recoil", "enemy_moves_into_contact")
  T.eq({ after.disordered, after.recoils, effect.move }, { true, 2, "5+1d10" })
  T.eq(unit.recoils, 1, "the input unit is not changed")
  local _, mounted = I.apply(hc, "recoil", "becomes_disordered")
  T.eq(mounted.move, "10+1d10")
  local again, same = I.apply(u({ recoils = 1 }), "recoil", "recoils")
  T.eq({ again.recoils, again.disordered, same.move }, { 1, true, nil })
end)

T.case("Phase 6: troops that break move 3d12 (foot) or 2d20 (mounted) to the rear", function()
  local after, effect = I.apply(u(), "break", "recoils")
  T.eq({ after.broken, after.disordered, effect.move, effect.lost }, { true, true, "3d12", nil })
  T.eq(select(2, I.apply({ class = "HC", figures = 8 }, "break", "recoils")).move, "2d20")
end)

T.case("Phase 6: HIP, HIB, HCH, LCH and KC are lost if broken", function()
  for _, unit in ipairs({ u({ sub = "HIP" }), u({ sub = "HIB" }), { class = "HCH", figures = 3 },
                          { class = "LCH", figures = 3 }, { class = "KC", figures = 8 } }) do
    local after, effect = I.apply(unit, "break", "recoils")
    T.eq({ after.figures, after.lost, effect.lost, effect.move }, { 0, true, true, nil }, unit.sub or unit.class)
  end
  for _, unit in ipairs({ u({ sub = "HIS" }), { class = "HC", figures = 8 }, { class = "EI", figures = 3 } }) do
    T.eq(I.apply(unit, "break", "recoils").figures, unit.figures, unit.sub or unit.class)
  end
end)

T.case("Phase 3: rallying troops regain 1D6 hits, never below zero", function()
  T.eq({ I.regain_hits(u({ hits = 10 }), T.forced_dice({ 4 })) }, { 6, 4 })
  T.eq((I.regain_hits(u({ hits = 2 }), T.forced_dice({ 6 }))), 0)
end)

T.case("Integrity modifiers are a list options can patch by id", function()
  T.eq(#I.modifiers:ids(), 10)
  local house = I.modifiers:copy("house")
  house:replace("g_class", { id = "g_class", text = "G class (house: -2)", when = function(c) return c.unit.grade == "G" end, add = -2 })
  T.eq((house:evaluate(7, { unit = u({ grade = "G" }), situation = {}, figures = 16, hits = 0 })), 5)
end)
