-- The Historicon referee's absurd-act warnings (historicon/absurd_acts.lua):
-- each one flagged in a hand-made situation played through the battle
-- engine (turn.do_move in Phase 3, the referee watching), and a legal act
-- beside it not flagged. Open 240 x 150 cm table at 25mm; positions in cm;
-- side 1 faces north (+y).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local turn = require("historicon.turn")
local fixtures = require("historicon.tests.fixtures")

local SIXES = {}
for i = 1, 40 do SIXES[i] = 6 end

-- Plays one Phase 3 move of side 1's unit `who` by `plan` under the referee
-- and returns the warnings' ids (and texts) the referee counted.
local function warnings_after(sides, who, plan)
  local G = fixtures.field{ referee = true, dice = dice.forced(SIXES), sides = sides }
  G.bf:set_time(1, "3 other moves")
  turn.do_move(G, G.by_id[1][who], plan)
  G.bf:set_time(1, "4 shooting") -- the referee checks the phase that ended
  if plan.contact ~= nil then
    T.eq(#turn.contacts(G, G.by_id[1][who]) > 0, plan.contact, "the move made contact: " .. tostring(plan.contact))
  end
  local ids, texts = {}, {}
  for _, w in ipairs(G.referee.warnings) do ids[w.id] = (ids[w.id] or 0) + 1; texts[#texts + 1] = w.text end
  return ids, table.concat(texts, "; "), G
end

local HIS = { id = "his", troop = "AIF HIS", figures = 24, ranks = 3 }
local function at(u, pos, extra)
  local c = {}
  for k, v in pairs(u) do c[k] = v end
  c.at = pos
  for k, v in pairs(extra or {}) do c[k] = v end
  return c
end

T.case("Absurd act (Classes of troops; Phases 2 and 3): formed light infantry charging the front of formed, ordered heavy infantry is flagged", function()
  local li = { id = "li", troop = "ARA LI", figures = 16, ranks = 2 }
  local ids, text = warnings_after({
    { units = { at(li, { 120, 30 }) } },
    { units = { at(HIS, { 120, 45, 180 }) } } }, "li", { advance = 150, contact = true })
  T.eq(ids["light-charges-heavy-front"], 1, "flagged: " .. text)
  T.truthy(text:find("charged the front of formed, ordered", 1, true), text)
end)

T.case("Absurd act (Classes of troops): light infantry charging disordered heavy infantry, or its flank, is not flagged", function()
  local li = { id = "li", troop = "ARA LI", figures = 16, ranks = 2 }
  local ids, text = warnings_after({
    { units = { at(li, { 120, 30 }) } },
    { units = { at(HIS, { 120, 45, 180 }, { set = { disordered = true } }) } } }, "li", { advance = 150, contact = true })
  T.eq(ids["light-charges-heavy-front"], nil, "disordered target: " .. text)
  -- the HIS faces east: the LI coming from the south strikes its flank
  ids, text = warnings_after({
    { units = { at(li, { 120, 30 }) } },
    { units = { at(HIS, { 120, 45, -90 }) } } }, "li", { advance = 150, contact = true })
  T.eq(ids["light-charges-heavy-front"], nil, "flank: " .. text)
end)

T.case("Absurd act (Phase 4: any troops not in contact may shoot): HC charging a formed, ordered, unhurt enemy within its 10 cm range is flagged", function()
  local hc = { id = "hc", troop = "ARA HC", figures = 8, ranks = 2 }
  local ids, text = warnings_after({
    { units = { at(hc, { 120, 38 }) } },
    { units = { at(HIS, { 120, 46, 180 }) } } }, "hc", { advance = 150, contact = true })
  T.eq(ids["missile-charges-instead-of-shooting"], 1, "flagged: " .. text)
end)

T.case("Absurd act (Phase 4): HC charging an enemy already hit, or one beyond its range when the phase began, is not flagged", function()
  local hc = { id = "hc", troop = "ARA HC", figures = 8, ranks = 2 }
  local ids, text = warnings_after({
    { units = { at(hc, { 120, 38 }) } },
    { units = { at(HIS, { 120, 46, 180 }, { set = { hits = 3 } }) } } }, "hc", { advance = 150, contact = true })
  T.eq(ids["missile-charges-instead-of-shooting"], nil, "target already hit: " .. text)
  -- 13 cm centre to centre: beyond 10 cm, within the 15 cm move
  ids, text = warnings_after({
    { units = { at(hc, { 120, 33 }) } },
    { units = { at(HIS, { 120, 46, 180 }) } } }, "hc", { advance = 150, contact = true })
  T.eq(ids["missile-charges-instead-of-shooting"], nil, "out of range at the start: " .. text)
end)

T.case("Absurd act: a formed unit moving away from the enemy's only unit left is flagged; moving towards it, or with two enemies left, is not", function()
  local hc = { id = "hc", troop = "ARA HC", figures = 8, ranks = 2 }
  local ids, text = warnings_after({
    { units = { at(hc, { 120, 60 }) } },
    { units = { at(HIS, { 120, 120, 180 }) } } }, "hc", { turn = 180, advance = 150 })
  T.eq(ids["moves-away-from-only-enemy"], 1, "flagged: " .. text)
  ids, text = warnings_after({
    { units = { at(hc, { 120, 60 }) } },
    { units = { at(HIS, { 120, 120, 180 }) } } }, "hc", { advance = 150 })
  T.eq(ids["moves-away-from-only-enemy"], nil, "towards: " .. text)
  ids, text = warnings_after({
    { units = { at(hc, { 120, 60 }) } },
    { units = { at(HIS, { 120, 120, 180 }), { id = "his2", troop = "AIF HIS", figures = 24, ranks = 3, at = { 40, 120, 180 } } } } },
    "hc", { turn = 180, advance = 150 })
  T.eq(ids["moves-away-from-only-enemy"], nil, "two enemies left: " .. text)
end)
