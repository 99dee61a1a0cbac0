-- The default commander's reserve (ai.lua): a link of the last line of an
-- army allowed multiple lines is held back out of reach, does not charge at
-- poor odds while its line ahead is whole, and falls back when it may.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("phalanx.battle")
local ai = require("phalanx.ai")

-- Side 1 (south, facing north): an MBL link far on the left and `reserve`,
-- off the main line by the list's permission (the last line); side 2 (north,
-- facing south): `enemy` standing `gap` mm ahead of the reserve's front
-- (6'x4', 15-20mm option 2: foot bases 80 x 40 mm).
local function situation(reserve_class, enemy_class, gap, extra)
  local G = battle.skirmish{ dice = dice.forced({}),
    sides = {
      { multiple_lines = true, vignettes = {
          { id = "front", class = "HIN", at = { 100, 300 } },
          { id = "front2", class = "HIN", at = { 250, 300 }, in_line_with = "front" },
          { id = "front3", class = "HIN", at = { 400, 300 }, in_line_with = "front" },
          { id = "front4", class = "HIN", at = { 550, 300 }, in_line_with = "front" },
          { id = "legio", class = reserve_class, integrity = "IV", off_main_line = true, at = { 900, 300 } },
        } },
      { vignettes = extra or {
          { id = "foe", class = enemy_class, integrity = "IV", at = { 900, 340 + gap } },
        } },
    } }
  local uid = G.by_vid[1].legio
  return G, G.groups[G.D[uid].gid], uid
end

T.case("Reserve: a last-line link is recognised; a main-line link is not", function()
  local G, g = situation("HIN", "HIN", 600)
  T.truthy(ai.is_reserve(G, g))
  T.truthy(not ai.is_reserve(G, G.groups[G.D[G.by_vid[1].front].gid]))
  T.truthy(G.D[G.by_vid[1].legio].last_line)
end)

T.case("Reserve: holds back instead of charging at poor odds while its line is whole", function()
  -- legion against legion within charge reach: an even fight on Table 7,
  -- poor odds for a vignette whose break loses the battle
  local G, g, uid = situation("HIN", "HIN", 20)
  local d = G.D[uid]
  local foe = G.by_vid[2].foe
  G.turn = 6
  local v = ai.charge_value(G, g, foe)
  T.truthy(v < 0, "poor odds for the reserve: " .. v)
  local order = ai.best_order(G, g)
  T.truthy(order == nil or order.kind ~= "charge", "no charge")
  if order then T.truthy(order.kind == "hold" or (order.kind == "move" and (order.dist or 0) < 1), "it stands") end
  -- the same vignette in the main battle line, late in the day, charges
  d.last_line = false
  local line_order = ai.best_order(G, g)
  T.eq(line_order and line_order.kind, "charge", "a main-line link at the same odds charges")
end)

T.case("Reserve: at good odds it charges only where its line ahead is broken", function()
  local G, g = situation("HIN", "HIW", 20)
  local v = ai.charge_value(G, g, G.by_vid[2].foe)
  T.truthy(v > 0.5, "good odds: " .. v)
  local order = ai.best_order(G, g)
  T.truthy(order == nil or order.kind ~= "charge", "the line is whole: it holds")
  local tr = G.sides[1].tracker
  T.eq(tr.threshold, 2, "an MBL of four breaks at two")
  tr.mbl_broken = 1
  tr.threshold = 3          -- as for an MBL of seven: a gap, not yet a lost battle
  local losing, gap = ai.reserve_state(G, 1)
  T.eq({ losing, gap }, { false, true })
  T.eq(ai.best_order(G, g).kind, "charge", "a gap ahead and good odds: it plugs it")
end)

T.case("Reserve: committed when the battle is otherwise lost", function()
  -- late in the day a main-line link would take the even fight; the
  -- reserve takes it only when one more break of the MBL loses the battle
  local G, g = situation("HIN", "HIN", 20)
  G.turn = 9
  local tr = G.sides[1].tracker
  T.eq({ ai.reserve_state(G, 1) }, { false, false })
  local order = ai.best_order(G, g)
  T.truthy(order == nil or order.kind ~= "charge", "held back")
  tr.mbl_broken = tr.threshold - 1
  T.eq(select(1, ai.reserve_state(G, 1)), true, "one more break of the MBL loses the battle")
  order = ai.best_order(G, g)
  T.eq(order and order.kind, "charge", "the reserve is thrown in")
end)

T.case("Reserve: advances only as far as keeps it out of an enemy's reach", function()
  local G, g, uid = situation("HIN", "HIN", 1000)
  local f = G.S.frontage
  local mv = G.D[uid].move_good
  local room = ai.reserve_room(G, g, 0, mv)
  -- the enemy's reach: an advance and a charge (two moves) and the margin
  T.truthy(room <= 1000 - 2 * G.D[G.by_vid[2].foe].move_good - 0.25 * f + 1, "short of the enemy's reach: " .. room)
  local order = ai.best_order(G, g)
  T.truthy(order == nil or order.kind ~= "charge")
  if order and order.kind == "move" then T.truthy(order.dist <= room + 1) end
  -- within reach already: no nearer
  local G2, g2 = situation("HIN", "HIN", 150)
  T.truthy(G2.bf:distance(G2.by_vid[1].legio, G2.by_vid[2].foe) < 2 * mv)
  T.eq(ai.reserve_room(G2, g2, 0, mv), 0)
end)

T.case("Reserve: keeps more than a full move behind its line ahead (half a repulse of two moves)", function()
  local G = battle.skirmish{ dice = dice.forced({}),
    sides = {
      { multiple_lines = true, vignettes = {
          { id = "front", class = "HIN", at = { 900, 500 } },
          { id = "legio", class = "HIN", integrity = "IV", off_main_line = true, at = { 900, 300 } },
        } },
      { vignettes = { { id = "foe", class = "HIN", at = { 900, 1800 } } } },
    } }
  local uid = G.by_vid[1].legio
  local g = G.groups[G.D[uid].gid]
  local fd = G.D[G.by_vid[1].front]
  local d = G.D[uid]
  local gap = 200 - d.d / 2 - fd.d / 2
  local room = ai.reserve_room(G, g, 0, d.move_good)
  T.truthy(room <= math.max(0, gap - fd.move_good) + 1e-6, "room " .. room .. " within gap " .. gap)
end)

T.case("Reserve: evades a charge it may evade unless standing is clearly better", function()
  -- heavy cavalry of the last line, worn by repulses until it is about an
  -- even fight, charged by heavy foot (HCC may evade HI)
  local G, g, uid = situation("HCC", "HIN", 100)
  local me = G.D[uid]
  local foe = G.D[G.by_vid[2].foe]
  local cg = G.groups[foe.gid]
  me.last_line = false
  local v
  for r = 0, 8 do
    me.accumulated_r = r
    v = ai.melee_value(foe, me, false, false, false)
    if v > -0.5 and v <= 0.5 then break end
  end
  T.truthy(v > -0.5 and v <= 0.5, "about even for a main-line link: " .. v)
  T.eq(ai.evade(G, g, cg, uid), false, "a main-line link stands")
  me.last_line = true
  T.eq(ai.evade(G, g, cg, uid), true, "the reserve falls back")
end)
