-- Troop classes, unit organisation, designations, points, fantasy army
-- composition and victory points.
local T = require("lib.testing")
local troops = require("historicon.troops")
local O = require("historicon.organisation")
local Dn = require("historicon.designation")
local Pt = require("historicon.points")
local V = require("historicon.victory")

local function ids(problems)
  local out = {}
  for i, p in ipairs(problems) do out[i] = p.id end
  return out
end

T.case("Troop classes: HI, LI, VLI are foot, the others mounted", function()
  for _, c in ipairs({ "HI", "LI", "VLI" }) do T.truthy(troops.is_foot({ class = c }), c) end
  for _, c in ipairs({ "HCH", "LCH", "KC", "HC", "LC", "EI" }) do
    T.truthy(troops.is_mounted({ class = c }), c); T.eq(troops.is_foot({ class = c }), false, c)
  end
  T.eq(troops.class_order, { "HI", "LI", "VLI", "HCH", "LCH", "KC", "HC", "LC", "EI", "C" })
end)

T.case("Sub-classes: HIN HIP HIS HIJD HIB HIW of HI, LIW of LI", function()
  local of = {}
  for id, s in pairs(troops.subclasses) do of[id] = s.of end
  T.eq(of, { HIN = "HI", HIP = "HI", HIS = "HI", HIJD = "HI", HIB = "HI", HIW = "HI", LIW = "LI" })
end)

T.case("RA / IF: EL, HIW and LIW are always IF", function()
  T.eq(troops.army_class({ class = "HI", sub = "HIW", army = "RA" }), "IF")
  T.eq(troops.army_class({ class = "LI", sub = "LIW" }), "IF")
  T.eq(troops.army_class({ class = "EI" }), "IF")
  T.eq(troops.army_class({ class = "HI", sub = "HIN", army = "RA" }), "RA")
  T.eq(troops.army_class({ class = "HC", army = "IF" }), "IF")
end)

T.case("Unit organisation: 8 to 48 figures; HCH, LCH, EI 3 to 10; IF double the minimum", function()
  T.eq({ O.size_limits({ class = "HI", army = "RA" }) }, { 8, 48, "figures" })
  T.eq({ O.size_limits({ class = "LC", army = "IF" }) }, { 16, 48, "figures" })
  T.eq({ O.size_limits({ class = "LCH", army = "RA" }) }, { 3, 10, "models" })
  T.eq({ O.size_limits({ class = "EI" }) }, { 6, 10, "models" })            -- EI always IF
  T.eq({ O.size_limits({ class = "HI", sub = "HIW" }) }, { 16, 48, "figures" })
  T.eq(ids(O.check({ class = "HI", figures = 7, ranks = 2 })), { "size" })
  T.eq(ids(O.check({ class = "HI", figures = 49, ranks = 4 })), { "size" })
  T.eq(ids(O.check({ class = "HI", figures = 12, ranks = 2, army = "IF" })), { "size" })
  T.eq(ids(O.check({ class = "HI", figures = 16, ranks = 2, army = "IF" })), {})
end)

T.case("Unit organisation: depth of formed units", function()
  T.eq({ O.depth_limits({ class = "HI" }) }, { 2, 4 })
  T.eq({ O.depth_limits({ class = "LI" }) }, { 2, 2 })
  T.eq({ O.depth_limits({ class = "VLI" }) }, { 2, 2 })
  for _, c in ipairs({ "KC", "HC", "LC", "HCH", "LCH", "EI" }) do T.eq({ O.depth_limits({ class = c }) }, { 1, 2 }, c) end
  T.eq(ids(O.check({ class = "HI", figures = 15, ranks = 5 })), { "depth" })
  T.eq(ids(O.check({ class = "LI", figures = 8, ranks = 1 })), { "depth" })
  T.eq(ids(O.check({ class = "LI", figures = 8, formed = false })), {})
end)

T.case("Unit organisation: HIP must deploy four ranks deep", function()
  T.eq({ O.depth_limits({ class = "HI", sub = "HIP" }, true) }, { 4, 4 })
  T.eq(ids(O.check({ class = "HI", sub = "HIP", figures = 24, ranks = 3 }, { deploying = true })), { "depth" })
  T.eq(ids(O.check({ class = "HI", sub = "HIP", figures = 24, ranks = 4 }, { deploying = true })), {})
  T.eq(ids(O.check({ class = "HI", sub = "HIP", figures = 24, ranks = 3 })), {})
end)

T.case("Unit organisation: HI, HCH, KC, EI always formed; LI VLI LCH LC HC may unform", function()
  for _, c in ipairs({ "HI", "KC" }) do T.eq(ids(O.check({ class = c, figures = 8, formed = false })), { "formed" }, c) end
  T.eq(ids(O.check({ class = "EI", figures = 6, formed = false })), { "formed" })
  for _, c in ipairs({ "LI", "VLI", "LC", "HC" }) do T.eq(ids(O.check({ class = c, figures = 8, formed = false })), {}, c) end
  T.eq(ids(O.check({ class = "LCH", figures = 3, formed = false, horses = 2, crew = 1 })), {})
end)

T.case("Chariots: two horses and one or two crew are LCH, more are HCH; 1 to 6 crew", function()
  T.eq(troops.chariot_class(2, 1), "LCH"); T.eq(troops.chariot_class(2, 2), "LCH")
  T.eq(troops.chariot_class(2, 3), "HCH"); T.eq(troops.chariot_class(4, 1), "HCH")
  T.eq(ids(O.check({ class = "LCH", figures = 3, ranks = 1, horses = 4, crew = 1 })), { "chariot" })
  T.eq(ids(O.check({ class = "HCH", figures = 3, ranks = 1, horses = 4, crew = 7 })), { "crew" })
  T.eq(ids(O.check({ class = "HCH", figures = 3, ranks = 1, horses = 4, crew = 3 })), {})
end)

T.case("Figure equivalents: EI model = 5 figures, chariot = horses + crew", function()
  T.eq(troops.figure_equivalent({ class = "EI", figures = 3 }), 15)
  T.eq(troops.figure_equivalent({ class = "HCH", figures = 3, horses = 4, crew = 3 }), 21)
  T.eq(troops.figure_equivalent({ class = "HI", figures = 24 }), 24)
end)

T.case("Postfixes: +SS only on HIN and HIS; A only on HI, KC and HC; fixed IF", function()
  T.eq(ids(O.check({ class = "HI", sub = "HIN", ss = true, figures = 8, ranks = 2 })), {})
  T.eq(ids(O.check({ class = "HI", sub = "HIP", ss = true, figures = 8, ranks = 2 })), { "ss" })
  T.eq(ids(O.check({ class = "LC", armour = true, figures = 8 })), { "armour" })
  T.eq(ids(O.check({ class = "LI", sub = "LIW", army = "RA", figures = 16, ranks = 2 })), { "army" })
  T.eq(ids(O.check({ class = "HI", sub = "LIW", figures = 16, ranks = 2 })), { "sub" })
  T.eq(ids(O.check({ class = "XX", figures = 8 })), { "class" })
end)

T.case("Designations from the text: ARA HIN+ss, ERA/GIF, HI-PA, KC-A, HC-A", function()
  T.eq(Dn.parse("ARA HIN+ss"), { grade = "A", army = "RA", class = "HI", sub = "HIN", ss = true })
  T.eq(Dn.parse("ERA HIP"), { grade = "E", army = "RA", class = "HI", sub = "HIP" })
  T.eq(Dn.parse("GIF LI"), { grade = "G", army = "IF", class = "LI" })
  T.eq(Dn.parse("HI-PA"), { class = "HI", sub = "HIP", armour = true })
  T.eq(Dn.parse("KC-A"), { class = "KC", armour = true })
  T.eq(Dn.parse("HC-A"), { class = "HC", armour = true })
  T.eq(Dn.parse("LI-W"), { class = "LI", sub = "LIW" })
  T.eq(Dn.parse("LCH"), { class = "LCH" })
  T.eq(select(2, Dn.parse("ARA HIX")), 'designation "ARA HIX": unknown troop code "HIX"')
  T.eq(Dn.parse("XRA HI"), nil)
end)

T.case("Points: 1 per figure, +1/2 if it shoots, +1/2 armour, x2 E, x1/2 G", function()
  T.eq(Pt.per_model({ class = "HI", sub = "HIN" }), 1)
  T.eq(Pt.per_model({ class = "LI" }), 1.5)
  T.eq(Pt.per_model({ class = "HI", sub = "HIB" }), 1.5)
  T.eq(Pt.per_model({ class = "HI", sub = "HIN", ss = true }), 1)       -- +SS are not missile weapons proper
  T.eq(Pt.per_model({ class = "KC" }), 1)
  T.eq(Pt.per_model({ class = "KC", armour = true }), 1.5)
  T.eq(Pt.per_model({ class = "HI", sub = "HIP", armour = true, grade = "E" }), 3)
  T.eq(Pt.per_model({ class = "LC", grade = "G" }), 0.75)
  T.eq(Pt.unit({ class = "HI", sub = "HIN", figures = 24, grade = "E" }), 48)
end)

T.case("Points: chariot 1 per horse and crew (+1/2 each, it shoots); EI 12 + crew", function()
  T.eq(Pt.per_model({ class = "LCH", horses = 2, crew = 1 }), 3 + 1.5)
  T.eq(Pt.per_model({ class = "HCH", horses = 4, crew = 3 }), 7 + 3.5)
  T.eq(Pt.per_model({ class = "EI", crew = 2 }), 14)
  T.eq(Pt.per_model({ class = "EI", crew = 2, grade = "E" }), 28)
end)

T.case("Fantasy army composition: HI 50-100%, VLI up to 5%, chariots up to 30%, E up to 25%", function()
  local hi = { class = "HI", sub = "HIN", figures = 40 }
  T.eq(Pt.check_fantasy_army({ hi, { class = "LC", figures = 20 } }), {})          -- 40 + 30
  local problems = Pt.check_fantasy_army({ { class = "HI", sub = "HIN", figures = 10 }, { class = "LI", figures = 10 },
    { class = "VLI", figures = 8 } })                                               -- 10 / 15 / 12 of 37
  T.eq(ids(problems), { "HI", "VLI" })
  T.eq(ids(Pt.check_fantasy_army({ hi, { class = "LCH", figures = 5, horses = 2, crew = 1 } })), { "Ch" })  -- 22.5 of 62.5 = 36%
  T.eq(ids(Pt.check_fantasy_army({ hi, { class = "LCH", figures = 3, horses = 2, crew = 1 } })), {})        -- 13.5 of 53.5 = 25%
  T.eq(ids(Pt.check_fantasy_army({ hi, { class = "HI", sub = "HIN", figures = 16, grade = "E" } })), { "E" }) -- 32 of 72
end)

T.case("Phase 7: victory points per unit and deductions for broken units", function()
  local expected = { VLI = 1, LI = 2, LC = 2, LCH = 3, HC = 3, HI = 4, HCH = 4, KC = 4, EI = 0 }
  for c, v in pairs(expected) do T.eq(V.unit_points({ class = c }), v, c) end
  T.eq(V.break_deduction({ class = "HI" }), 2)
  T.eq(V.break_deduction({ class = "HI", grade = "E" }), 3)
  T.eq(V.break_deduction({ class = "HI", grade = "E", general = true }), 8)
  T.eq(V.has_lost(20, 15), true); T.eq(V.has_lost(20, 16), false)
end)
