-- The turn on the battlefield: evasion and recoil distance cases, contact
-- limits, integrity triggers in play, the re-roll rules in a melee exchange,
-- initiative, cohesion distances, breaks, pursuit, rallying and victory.
-- Run with `sandtable test` (they need the engine's battlefield).
--
-- Units stand on an open 240 x 150 cm table at 25mm; positions are in cm.
-- HI 24 figures 4 ranks: 9 cm wide, 8 cm deep. VLI 16 in 2 ranks: 24 x 4 cm.
-- HC 16 in 2 ranks: 16 x 8 cm.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local turn = require("historicon.turn")
local fixtures = require("historicon.tests.fixtures")
local passive, field = fixtures.passive, fixtures.field

-- A commander that never chooses anything (tests drive the phases).
local evader = setmetatable({ evade = function() return true end }, { __index = passive })

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function y_of(G, uid) local _, y = G.bf:pos(uid); return y end

local HI = { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4 }
local function unit(base, t)
  local u = {}
  for k, v in pairs(base) do u[k] = v end
  for k, v in pairs(t) do u[k] = v end
  return u
end

---------------------------------------------------------------------------
-- Evasion (Phases 2 and 3)

T.case("Phase 2 evasion: HI contact, unformed foot evade 10+1d8 per figure in contact", function()
  -- HI front edge at 54 cm, the VLI's front edge at 58: contact after 4 of
  -- the HI's 10 cm, so 6 cm unused. The VLI are unformed: open order, 8 files
  -- of 3 cm figures over 45 cm (a figure every 5.625 cm), so 9 cm of contact
  -- touches 2 figures.
  local G = field{ dice = dice.forced({ 1, 8, 3 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }) } },
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 60 } } } } } }
  local hi, vli = G.by_id[1].hi, G.by_id[2].vli
  turn.do_move(G, hi, { advance = 100 })
  local d = G.D[vli]
  T.eq(d.figures, 16, "both throws (11, 18 cm) beat the 6 cm unused")
  T.eq(d.evaded, 2, "two figures evaded and cannot shoot")
  T.near(y_of(G, vli), 710, 0.01, "the unit moves the shortest throw, 11 cm, directly away")
  local e = events(G, "evade")[1]
  T.eq({ e.case, e.in_contact, e.removed }, { "contacted_by_hi", 2, 0 })
end)

T.case("Phase 2 evasion: unformed mounted evade 10+1d20", function()
  local G = field{ dice = dice.forced({ 1, 1 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }) } },
    { units = { { id = "lc", troop = "AIF LC", figures = 8, ranks = 1, formed = false, at = { 120, 60 } } } } } }
  local lc = G.by_id[2].lc
  -- LC 8 figures: 24 cm x 4 cm; 9 cm of contact / 3 cm = 3 figures; 10+1d20
  G.dice = dice.forced({ 1, 20, 5 })
  turn.do_move(G, G.by_id[1].hi, { advance = 100 })
  T.near(y_of(G, lc), 600 + 110, 0.01, "shortest throw 10+1 = 11 cm")
  T.eq(G.D[lc].figures, 8)
end)

T.case("Phase 2 evasion: figures that cannot get away are removed from play", function()
  -- The VLI stand with their rear on the north table edge: no way out (open
  -- order, 3 figure depths of 2 cm deep).
  local G = field{ dice = dice.forced({ 8, 8, 8 }), sides = {
    { units = { unit(HI, { at = { 120, 136 } }) } },
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 147 } } } } } }
  local vli = G.by_id[2].vli
  turn.do_move(G, G.by_id[1].hi, { advance = 100 })
  T.eq(G.D[vli].figures, 14, "the two figures in contact (open order) are removed")
  T.eq(G.bf:unit(vli).strength, 14)
end)

T.case("Phase 3 evasion: formed mounted contact, foot evade 5+1d10; short throws are removed", function()
  -- HC (16 wide, 8 deep, move 15) 4 cm from the VLI: 11 cm unused.
  -- 16 cm of contact over the unformed VLI's open order (a figure every
  -- 5.625 cm) = 3 figures: throws 6 7 15 cm.
  local G = field{ dice = dice.forced({ 1, 2, 10, 6, 9, 8 }), sides = {
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 50 } } } },
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 60 } } } } } }
  local vli = G.by_id[2].vli
  turn.do_move(G, G.by_id[1].hc, { advance = 150 })
  T.eq(G.D[vli].figures, 14, "the 6 and 7 cm throws fall short of the 11 cm")
  T.eq(events(G, "evade")[1].case, "contacted_by_formed_mounted")
  T.near(y_of(G, vli), 600 + 150, 0.01, "the body moves the shortest successful throw, 15 cm")
end)

T.case("Phase 3 evasion: formed mounted contact, mounted evade 10+1d10", function()
  -- 16 cm of contact / 3 cm LC files = 6 figures
  local G = field{ dice = dice.forced({ 3, 3, 3, 3, 3, 3 }), sides = {
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 50 } } } },
    { units = { { id = "lc", troop = "AIF LC", figures = 8, ranks = 1, formed = false, at = { 120, 60 } } } } } }
  turn.do_move(G, G.by_id[1].hc, { advance = 150 })
  T.near(y_of(G, G.by_id[2].lc), 600 + 130, 0.01, "10+3 = 13 cm")
end)

T.case("Phase 3 evasion: formed LI contact is optional; evading is 5+1d12 foot", function()
  -- Formed LI 16 in 2 ranks: 16 x 4 cm, move 15. 4 cm gap: 11 cm unused.
  local G = field{ dice = dice.forced({ 12, 12, 12, 12, 12, 12 }), sides = {
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 52 } } } },
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 60 } } },
      commander = evader } } }
  turn.do_move(G, G.by_id[1].li, { advance = 150 })
  T.eq(events(G, "evade")[1].case, "contacted_by_formed_light_foot")
  T.near(y_of(G, G.by_id[2].vli), 600 + 170, 0.01, "5+12 = 17 cm")
  -- declining: the contacted unit stands and tests (trigger 6)
  local G2 = field{ dice = dice.forced({ 6, 6 }), sides = {
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 52 } } } },
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 60 } } } } } }
  turn.do_move(G2, G2.by_id[1].li, { advance = 150 })
  T.eq(#events(G2, "evade"), 0)
  T.eq(events(G2, "integrity")[1].reasons, { "enemy_moves_into_contact" })
end)

---------------------------------------------------------------------------
-- Contact limits

T.case("Phase 3: unformed troops may only contact disordered or unformed enemies", function()
  local G = field{ dice = dice.forced({}), sides = {
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 52 } } } },
    { units = { unit(HI, { at = { 120, 62 } }) } } } }
  local r = turn.do_move(G, G.by_id[1].vli, { advance = 200 })
  T.eq(r.contact, nil)
  T.truthy(G.bf:distance(G.by_id[1].vli, G.by_id[2].hi) > 0.5, "stops short of the ordered HI")
  -- a disordered HI may be contacted
  local G2 = field{ dice = dice.forced({ 6, 6 }), sides = {
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, formed = false, at = { 120, 52 } } } },
    { units = { unit(HI, { at = { 120, 62 }, set = { disordered = true } }) } } } }
  T.eq(turn.do_move(G2, G2.by_id[1].vli, { advance = 200 }).contact, G2.by_id[2].hi)
end)

T.case("Phase 3: formed VLI cannot move into contact with formed mounted", function()
  local G = field{ dice = dice.forced({}), sides = {
    { units = { { id = "vli", troop = "AIF VLI", figures = 16, ranks = 2, at = { 120, 52 } } } },
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 64 } } } } } }
  T.eq(turn.do_move(G, G.by_id[1].vli, { advance = 200 }).contact, nil)
  T.truthy(G.bf:distance(G.by_id[1].vli, G.by_id[2].hc) > 0.5)
end)

---------------------------------------------------------------------------
-- Integrity triggers in play (Phase 6's list of nine)

local function reasons_of(G)
  local out = {}
  for _, e in ipairs(events(G, "integrity")) do out[#out + 1] = e.reasons end
  return out
end

T.case("Integrity triggers 6 and 9: LI charged by ordered formed mounted test once; recoil result moves 5+1d10", function()
  -- 2D6 4+4 = 8: LI recoil band 6-8 -> recoil disordered, 5+3 = 8 cm.
  local G = field{ dice = dice.forced({ 4, 4, 3 }), sides = {
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 50 } } } },
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 60 } } } } } }
  local li = G.by_id[2].li
  local y0 = y_of(G, li)
  turn.do_move(G, G.by_id[1].hc, { advance = 150 })
  T.eq(reasons_of(G), { { "enemy_moves_into_contact", "light_foot_charged_by_ordered_formed_mounted" } })
  T.eq(G.D[li].disordered, true)
  T.near(y_of(G, li) - y0, 80, 0.01, "recoil 5+1d10 = 8 cm")
  T.eq(G.D[li].recoils, 1)
end)

T.case("Integrity triggers 7 and 8: hits crossing figures and twice figures, one test", function()
  local G = field{ dice = dice.forced({ 6, 6 }), sides = { { units = { unit(HI, { at = { 120, 50 } }) } }, {} } }
  local d = G.D[G.by_id[1].hi]
  d.hits, d.new_hits = 50, 40 -- from 10 to 50 on 24 figures: crosses 24 and 48
  turn.hits_tests(G)
  T.eq(reasons_of(G), { { "hits_exceed_figures", "hits_exceed_twice_figures" } })
  -- no new crossing: no test
  d.new_hits = 1; d.hits = 51
  turn.hits_tests(G)
  T.eq(#events(G, "integrity"), 1)
end)

T.case("Integrity trigger 3: formed troops entering a wood are disordered and test", function()
  local G = field{ dice = dice.forced({ 6, 6 }), table = { terrain = { { type = "wood", x = 120, y = 70, w = 30, d = 20 } } },
    sides = { { units = { unit(HI, { at = { 120, 50 } }) } }, {} } }
  local hi = G.by_id[1].hi
  turn.do_move(G, hi, { advance = 100 })
  T.eq(G.D[hi].disordered, true)
  T.eq(reasons_of(G), { { "becomes_disordered" } })
  -- a careful plan stops short of the wood instead
  local G2 = field{ dice = dice.forced({}), table = { terrain = { { type = "wood", x = 120, y = 70, w = 30, d = 20 } } },
    sides = { { units = { unit(HI, { at = { 120, 50 } }) } }, {} } }
  turn.do_move(G2, G2.by_id[1].hi, { advance = 100, careful = true })
  T.eq(G2.D[G2.by_id[1].hi].disordered, false)
end)

T.case("Integrity trigger 2: forming or un-forming tests with +3 (Phase 1)", function()
  -- 2D6 4+4 = 8, +3, -2 no friend within 30 cm = 9: LI pass -> un-formed
  local cmd = setmetatable({ forms = function(G, s) return { G.by_id[s].li } end }, { __index = passive })
  local G = field{ dice = dice.forced({ 4, 4 }), sides = {
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 50 } } }, commander = cmd }, {} } }
  turn.phase1(G)
  T.eq(G.D[G.by_id[1].li].formed, false)
  T.eq(events(G, "integrity")[1].score, 9)
end)

-- Phase 1 / UNIT FORMATION AND ORGANISATION: formed "all figures in B2B
-- contact", unformed "all figures of the unit within 10cm of another figure
-- of the same unit". Reading: open order, a figure's frontage between files
-- and a figure's depth between ranks; the base is resized about its centre.
T.case("Phase 1 forming and un-forming: the footprint changes (open order when unformed)", function()
  local cmd = setmetatable({ forms = function(G, s) return { G.by_id[s].li } end }, { __index = passive })
  -- ARA LI, 16 figures in 2 ranks: 8 files of 2 cm, 2 ranks of 2 cm at 25mm
  local G = field{ dice = dice.forced({ 4, 4, 4, 4 }), sides = {
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 50 } } }, commander = cmd }, {} } }
  local li = G.by_id[1].li
  local u = G.bf:unit(li)
  T.eq({ u.width, u.depth }, { 160.0, 40.0 }, "formed: a block")
  turn.phase1(G)
  u = G.bf:unit(li)
  T.eq({ G.D[li].formed, u.width, u.depth, u.x, u.y, u.facing }, { false, 300.0, 60.0, 1200.0, 500.0, 0.0 },
    "un-formed: 15 frontages by 3 depths, centre and facing kept")
  T.eq({ G.D[li].w, G.D[li].dp }, { 300.0, 60.0 })
  T.eq(events(G, "unit_resized")[1].unit, li, "the engine logs it for replays")
  G.turn = 2
  turn.phase1(G)
  u = G.bf:unit(li)
  T.eq({ G.D[li].formed, u.width, u.depth }, { true, 160.0, 40.0 }, "formed again: the block")
  -- a unit deployed unformed stands in open order from the start
  G = field{ dice = dice.forced({}), sides = {
    { units = { { id = "lc", troop = "AIF LC", figures = 8, ranks = 1, formed = false, at = { 120, 50 } } } }, {} } }
  u = G.bf:unit(G.by_id[1].lc)
  T.eq({ u.width, u.depth }, { 450.0, 40.0 }, "LC: 8 files of 3 cm in open order, one rank of 4 cm")
end)

T.case("Integrity trigger 1 and Phase 3 rallying: regain 1D6 hits, pass returns to good order", function()
  local cmd = setmetatable({ move_order = function(G, s) return { G.by_id[s].hi } end,
                             move = function() return { rally = true } end }, { __index = passive })
  -- 1D6 = 4 hits regained; 2D6 6+5 = 11 -2 disordered = 9: HI pass
  local G = field{ dice = dice.forced({ 4, 6, 5 }), sides = {
    { units = { unit(HI, { at = { 120, 50 }, set = { disordered = true, hits = 10 } }) }, commander = cmd }, {} } }
  turn.phase2(G); turn.phase3(G)
  local d = G.D[G.by_id[1].hi]
  T.eq({ d.disordered, d.hits }, { false, 6 })
  T.eq(reasons_of(G), { { "rallies" } })
end)

T.case("Phase 3 rallying: not allowed with enemy HI or mounted within 45 cm", function()
  local cmd = setmetatable({ move = function() return { rally = true } end }, { __index = passive })
  local G = field{ dice = dice.forced({}), sides = {
    { units = { unit(HI, { at = { 120, 50 }, set = { disordered = true } }) }, commander = cmd },
    { units = { { id = "hc", troop = "AIF HC", figures = 16, ranks = 2, at = { 120, 90 } } } } } }
  T.eq(turn.may_rally(G, G.by_id[1].hi), false)
end)

---------------------------------------------------------------------------
-- Phase 6: recoil, follow up, break, pursuit, break off

local function in_contact_pair(extra1, extra2)
  -- two HI face to face: side 1 front edge at 54 cm, side 2 front edge at 54 cm
  return { { units = { unit(HI, extra1 or { at = { 120, 50 } }) } },
           { units = { unit(HI, extra2 or { at = { 120, 58, 180 } }) } } }
end

T.case("Phase 6 recoil: more hits received than inflicted, foot 5+1d10; IF opponents follow up", function()
  -- recoil 5+4 = 9 cm; the test 6+6 passes
  local G = field{ dice = dice.forced({ 4, 6, 6 }), sides = in_contact_pair() }
  local a, b = G.by_id[1].hi, G.by_id[2].hi
  T.truthy(turn.in_contact(G, a))
  local d = G.D[a]
  d.fought, d.recv, d.inflicted = true, 5, 2
  G.D[b].fought, G.D[b].recv, G.D[b].inflicted = true, 2, 5
  turn.phase6(G)
  T.near(y_of(G, a), 500 - 90, 0.01, "recoils 9 cm")
  T.eq(d.recoils, 1)
  T.eq(reasons_of(G), { { "recoils" } })
  T.truthy(turn.in_contact(G, a), "the IF winner followed up into contact")
end)

T.case("Phase 6 recoil: mounted 10+1d10", function()
  local G = field{ dice = dice.forced({ 1, 6, 6 }), sides = {
    { units = { { id = "hc", troop = "ARA HC", figures = 16, ranks = 2, at = { 120, 50 } } } },
    { units = { unit(HI, { at = { 120, 58, 180 }, troop = "ARA HIS" }) }, commander = setmetatable({ follow_up = function() return false end }, { __index = passive }) } } }
  local hc = G.by_id[1].hc
  G.D[hc].fought, G.D[hc].recv, G.D[hc].inflicted = true, 3, 0
  turn.phase6(G)
  T.near(y_of(G, hc), 500 - 110, 0.01, "10+1 = 11 cm")
  T.eq(turn.in_contact(G, hc), false, "an RA winner need not follow up")
end)

T.case("Phase 6 integrity: a break moves 3d12 to the rear (foot); IF pursue 7+2d12 and are disordered", function()
  -- recoil 5+1 = 6 cm; test 1+1 = 2: HI break; break move 3d12 = 4+4+4 = 12 cm;
  -- pursuit 7+2d12 = 7+1+1 = 9 cm; pursuer disordered, tests (6+6 pass)
  local G = field{ dice = dice.forced({ 1, 1, 1, 4, 4, 4, 1, 1, 6, 6 }), sides = in_contact_pair() }
  local a, b = G.by_id[1].hi, G.by_id[2].hi
  G.D[a].fought, G.D[a].recv = true, 5
  G.D[b].fought, G.D[b].inflicted = true, 5
  turn.phase6(G)
  T.eq(G.D[a].broken, true)
  T.near(y_of(G, a), 500 - 60 - 120, 0.01, "recoil 6 cm then break move 12 cm")
  T.eq(G.D[b].disordered, true, "pursuers are disordered")
  T.eq(G.D[b].pursuing, a, "IF pursue until outdistanced")
  T.near(y_of(G, b), 580 - 90, 0.01, "pursuit 9 cm")
  T.eq(reasons_of(G), { { "recoils" }, { "becomes_disordered" } })
end)

T.case("Phase 6: HIP, HIB, HCH, LCH and KC are lost if broken", function()
  local G = field{ dice = dice.forced({ 1, 1, 1 }), sides = {
    { units = { { id = "kc", troop = "AIF KC", figures = 16, ranks = 1, at = { 120, 50 } } } },
    { units = { unit(HI, { at = { 120, 56, 180 }, troop = "ARA HIS" }) },
      commander = setmetatable({ follow_up = function() return false end }, { __index = passive }) } } }
  local kc = G.by_id[1].kc
  G.D[kc].fought, G.D[kc].recv = true, 5
  turn.phase6(G)
  T.eq({ G.D[kc].lost, G.D[kc].gone }, { true, true })
  T.eq(G.bf:unit(kc).removed, true)
end)

T.case("Phase 6 break off: RA units may break off 5+1d12 (foot) and test", function()
  local cmd = setmetatable({ break_off = function() return true end }, { __index = passive })
  local G = field{ dice = dice.forced({ 12, 6, 6 }), sides = {
    { units = { unit(HI, { at = { 120, 50 }, troop = "ARA HIS" }) }, commander = cmd },
    { units = { unit(HI, { at = { 120, 58, 180 } }) } } } }
  local a = G.by_id[1].hi
  turn.phase6(G)
  T.near(y_of(G, a), 500 - 170, 0.01, "5+12 = 17 cm")
  T.eq(reasons_of(G), { { "breaks_off" } })
end)

T.case("Phase 3: broken troops make a second break move, then may rally; failing, flight is 2d12", function()
  local G = field{ dice = dice.forced({ 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1 }), sides = {
    { units = { unit(HI, { at = { 120, 80 }, set = { broken = true, disordered = true, break_moves = 1, deducted = true } }) } }, {} } }
  local hi = G.by_id[1].hi
  G.D[hi].new_hits = 0
  turn.phase3(G)
  -- 3d12 = 6 cm towards the south edge; rally: 1d6 = 1 regained, 2D6 1+1 fails
  T.near(y_of(G, hi), 800 - 60, 0.01)
  T.eq(G.D[hi].broken, true)
  T.eq(G.D[hi].break_moves, 2)
  G.turn = 2
  turn.phase3(G) -- flight 2d12 = 2 cm, rally fails again (dice 1 1 ... )
  T.near(y_of(G, hi), 800 - 60 - 20, 0.01, "2d12 = 1+1")
end)

---------------------------------------------------------------------------
-- Phase 5: the exchange and its re-rolls

T.case("Phase 5 re-rolls: E class re-roll 1s and 2s only when the dice are first thrown at a new target", function()
  local G = field{ dice = dice.random(5), sides = in_contact_pair(
    { at = { 120, 50 }, troop = "ERA HIS" }, { at = { 120, 58, 180 }, troop = "GIF HIN" }) }
  turn.phase5(G)
  local first = table.concat(G.lines, "\n")
  T.truthy(first:find("hitting on 3+ re-rolling 1,2", 1, true), "E re-roll at the first throw")
  T.truthy(first:find("hitting on 3+ re-rolling 5,6", 1, true), "G re-roll 5s and 6s")
  T.truthy(first:find("first contact", 1, true) == nil, "no first-contact terms for HIS")
  for k in pairs(G.lines) do G.lines[k] = nil end
  G.turn = 2
  turn.phase5(G)
  local second = table.concat(G.lines, "\n")
  T.truthy(second:find("re-rolling", 1, true) == nil, "no re-rolls at the same enemy again")
end)

T.case("Phase 5: formed units cannot fight to their flank; the flanker gets +2 per 4", function()
  -- side 2 HI strikes side 1's left flank
  local G = field{ dice = dice.random(1), sides = {
    { units = { unit(HI, { at = { 120, 50 } }) } },
    { units = { unit(HI, { at = { 120 - 4.5 - 4, 50, -90 } }) } } } }
  T.eq(G.bf:contact(G.by_id[1].hi, G.by_id[2].hi), "left")
  G.pair_since[turn.pair_key(G.by_id[1].hi, G.by_id[2].hi)] = 1
  turn.phase5(G)
  local text = table.concat(G.lines, "\n")
  T.truthy(text:find("formed, contacted an enemy formed unit to the flank or rear", 1, true))
  T.eq(#events(G, "melee"), 1, "only the flanker throws")
end)

---------------------------------------------------------------------------
-- Turn sequence, cohesion, victory

T.case("Turn sequence: initiative D6, -2 for last turn's winner", function()
  local G = field{ dice = dice.forced({ 5, 4, 5, 4 }), sides = { {}, {} } }
  G.last_initiative = nil
  T.eq(turn.initiative(G), 1)
  T.eq(turn.initiative(G), 2, "5-2 = 3 against 4")
end)

T.case("Turning: IF HI only move straight ahead; RA HI wheel but do not turn; formed RA LI turn up to 180", function()
  local G = field{ dice = dice.forced({}), sides = {
    { units = { unit(HI, { id = "if", at = { 60, 50 } }), unit(HI, { id = "ra", troop = "ARA HIS", at = { 120, 50 } }),
                { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 180, 50 } } } }, {} } }
  local function facing(id) local _, _, f = G.bf:pos(G.by_id[1][id]); return f end
  turn.do_move(G, G.by_id[1]["if"], { turn = 45, wheel = 20, advance = 100 })
  T.near(facing("if"), 0, 1e-9, "no turn, no wheel")
  T.near(y_of(G, G.by_id[1]["if"]), 600, 1e-6)
  turn.do_move(G, G.by_id[1].ra, { turn = 45, advance = 0 })
  T.near(facing("ra"), 0, 1e-9, "RA HI do not turn about the centre")
  turn.do_move(G, G.by_id[1].ra, { wheel = 30, advance = 0 })
  T.truthy(facing("ra") > 5, "but they wheel")
  turn.do_move(G, G.by_id[1].li, { turn = 170, advance = 0 })
  T.near(facing("li"), 170, 1e-6)
  T.eq(turn.move_mode(G, { formed = true, class = "HC", army = "IF" }), "turn90")
  T.eq(turn.move_mode(G, { formed = true, class = "KC", army = "RA" }), "wheel")
  T.eq(turn.move_mode(G, { formed = false, class = "LC", army = "IF" }), "free")
end)

T.case("Cohesion: IF HI within 10 cm of another HI; a move is cut short to keep it", function()
  -- b has had its move this phase (moved_turn = 1): a cannot count on it catching up
  local G = field{ dice = dice.forced({}), sides = {
    { units = { unit(HI, { id = "a", at = { 110, 50 } }), unit(HI, { id = "b", at = { 121, 50 }, set = { moved_turn = 1 } }) } }, {} } }
  local a = G.by_id[1].a
  turn.do_move(G, a, { advance = 100 })
  T.near(y_of(G, a), 600, 0.01, "first 10 cm: 2 cm from b")
  turn.do_move(G, a, { advance = 100 })
  T.near(y_of(G, a), 675, 0.01, "a full move would leave b 12 cm behind: cut to 7.5 cm")
end)

T.case("Cohesion: RA HI may go 30 cm from other HI", function()
  local G = field{ dice = dice.forced({}), sides = {
    { units = { unit(HI, { id = "a", at = { 110, 50 }, troop = "ARA HIS" }),
                unit(HI, { id = "b", at = { 121, 50 }, troop = "ARA HIS", set = { moved_turn = 1 } }) } }, {} } }
  local a = G.by_id[1].a
  for _ = 1, 3 do turn.do_move(G, a, { advance = 100 }) end
  T.near(y_of(G, a), 800, 0.01)
end)

T.case("Cohesion: a unit may run ahead of a friend still to move by that friend's move", function()
  local G = field{ dice = dice.forced({}), sides = {
    { units = { unit(HI, { id = "a", at = { 110, 50 } }), unit(HI, { id = "b", at = { 121, 50 } }) } }, {} } }
  local a, b = G.by_id[1].a, G.by_id[1].b
  turn.do_move(G, a, { advance = 100 })
  turn.do_move(G, a, { advance = 100 })
  T.near(y_of(G, a), 700, 0.01, "18 cm from b: within 10 + b's 10 cm")
  G.D[a].moved_turn = 1
  turn.do_move(G, b, { advance = 100 })
  T.near(y_of(G, b), 600, 0.01, "b comes up to within 10 cm of a")
end)

T.case("Phase 7: victory points and the 25% loss", function()
  local G = field{ dice = dice.forced({}), sides = {
    { units = { unit(HI, { id = "a", at = { 60, 50 } }), unit(HI, { id = "b", at = { 120, 50 } }),
                { id = "v", troop = "AIF VLI", figures = 16, ranks = 2, at = { 180, 50 } } } }, {} } }
  T.eq(G.sides[1].vp_start, 9)
  turn.deduct(G, G.D[G.by_id[1].v], "test")
  T.eq({ G.sides[1].vp, G.over }, { 7, nil })
  turn.deduct(G, G.D[G.by_id[1].a], "test")
  T.eq({ G.sides[1].vp, G.over, G.winner }, { 5, true, 2 })
end)

-- Formed RA LI "may turn once up to 180 degrees or wheel"; a unit's move
-- "ceases immediately when it reaches the end of its move rate". A careful
-- move (the default commander's) that cannot end clear of the wood it stands
-- in is tried at every fraction, then once more: the retry must start from
-- where the move began, not from the last attempt (which had already
-- turned: the unit turned twice).
T.case("Turning and move rate: a move retried after its attempts failed turns once, from where it began", function()
  local G = field{ dice = dice.forced({}), table = { terrain = { { type = "wood", x = 105, y = 55, w = 39, d = 45 } } },
    sides = { { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 50 } } } }, {} } }
  local li = G.by_id[1].li
  turn.do_move(G, li, { turn = -30, advance = 150, careful = true })
  local x, y, f = G.bf:pos(li)
  T.truthy(math.abs(turn.norm(f)) <= 30 + 1e-6, "one turn of at most 30 degrees, found facing " .. f)
  T.truthy(math.sqrt((x - 1200) ^ 2 + (y - 500) ^ 2) <= 150 + 1e-6, "no further than its 15 cm")
end)

-- The commander's second choices (ai.move's fallbacks: straight on, then
-- turns of 30 and 60 degrees each way round an obstacle) replace one
-- another: each starts where the move began. They used to start where the
-- last one left the unit, so four turns that got nowhere (+30, -30, +60,
-- -60) added up to no turn at all, four "moves" declared for a unit that
-- stood still (Mohi: 20% of declared moves moved nothing).
T.case("Turning and move rate: second choices start where the move began; if none gets anywhere the first stands", function()
  -- LI hemmed in by friends ahead, left and right: no advance is possible.
  local G = field{ dice = dice.forced({}), referee = true, sides = {
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 50 } },
                unit(HI, { id = "ahead", at = { 120, 58.5 } }),
                unit(HI, { id = "left", at = { 107, 50 } }), unit(HI, { id = "right", at = { 133, 50 } }) } }, {} } }
  local li = G.by_id[1].li
  local plan = { turn = 20, advance = 0.5 }
  local chain = { plan, { turn = 30, advance = 150 }, { turn = -30, advance = 150 } }
  for n = 1, #chain - 1 do chain[n].fallback = chain[n + 1] end
  G.bf:set_time(1, "3 other move")
  local r = turn.do_move(G, li, plan)
  local _, _, f = G.bf:pos(li)
  T.near(turn.norm(f), 20, 1e-6, "the first choice's turn stands, found facing " .. f)
  T.truthy(r.moved < 1, "it went nowhere")
  T.eq(G.referee.moved[li], { "move" }, "one move declared, not one per choice tried")
end)

T.case("Turning and move rate: a move of less than a millimetre and a degree is standing still", function()
  local G = field{ dice = dice.forced({}), referee = true, sides = {
    { units = { { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 50 } } } }, {} } }
  local li = G.by_id[1].li
  G.bf:set_time(1, "3 other move")
  local r = turn.do_move(G, li, { turn = 0.5, advance = 0.4 })
  local x, y, f = G.bf:pos(li)
  T.eq({ x, y, f }, { 1200, 500, 0 }, "it stays exactly where it stood")
  T.eq(r.moved, 0)
  T.eq(G.referee.moved[li], nil, "no move declared")
  turn.do_move(G, li, { advance = 5 })
  T.eq(G.referee.moved[li], { "move" }, "5 mm is a move")
end)

T.case("TURNING: a half turn beside a friend stops at the same place from either side of the table (a mirror of the situation)", function()
  -- "HC ... may turn once up to 180 degrees": +180 and -180 are one facing,
  -- but the engine sweeps the corners the way the sign says, and a friend
  -- beside the unit stops the sweep at another angle each way. The half
  -- turn goes the way that first heads towards the table's west (left
  -- facing north, right facing south), so the mirrored situation (y ->
  -- 150 - y, facing -> 180 - facing) ends mirrored.
  local HC = { id = "hc", troop = "ARA HC", figures = 16, ranks = 2 }
  local FR = { id = "fr", troop = "ARA HIS", figures = 24, ranks = 4 }
  local ends = {}
  for _, m in ipairs({ { y = 50, fy = 59, f = 0 }, { y = 100, fy = 91, f = 180 } }) do
    local G = field{ log = false, sides = {
      { units = { unit(HC, { at = { 100, m.y, m.f } }), unit(FR, { at = { 111, m.fy, m.f } }) } },
      { units = { unit(HI, { id = "far", at = { 220, 140, 180 } }) } } } }
    local hc = G.by_id[1].hc
    turn.move(G, hc, { turn = 180 })
    local x, y, f = G.bf:pos(hc)
    ends[#ends + 1] = { x = x, y = y, f = f, turned = math.abs(((f - m.f) + 540) % 360 - 180) }
  end
  T.truthy(ends[1].turned > 1 and ends[1].turned < 179, string.format("the friend stops the half turn part way (%.1f degrees)", ends[1].turned))
  T.near(ends[2].x, ends[1].x, 0.01, "x")
  T.near(ends[2].y, 1500 - ends[1].y, 0.01, "y reflected")
  T.near((ends[2].f - (180 - ends[1].f) + 540) % 360 - 180, 0, 0.01, "facing reflected")
end)
