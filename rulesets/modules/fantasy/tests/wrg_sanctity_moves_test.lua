-- WRG 1973 APPENDIX IV SAINT: "unnatural beasts such as Dragons will not
-- enter this zone of sanctity" -- in the moves a unit does not choose:
-- pursuit, rout and follow-up (its flights and charges are in
-- wrg_beasts_test.lua). READING: the move stops short at the zone's edge
-- (the beast's base 100 paces from the saint's); a beast already inside
-- (the saint came to it) may move on. Each through the WRG battle engine's
-- own moves (turn.move_pursuer, turn.advance as the rout and the follow-up
-- call it).
local T = require("lib.testing")
local X = require("modules.fantasy.tests.fixtures")

local MM = X.MM

-- A dragon of side 1 at (600, 200) facing north, landed; a saint of side 2
-- ahead and to the side (his zone across its path); `more` other units.
local function field(saint_x, saint_y, more)
  local side2 = { X.creature("st", "saint", 1, saint_x, saint_y, 180) }
  for _, u in ipairs(more or {}) do side2[#side2 + 1] = u end
  local G, lines, id = X.fight{ side1 = { X.creature("tr", "dragon", 1, 600, 200, 0) }, side2 = side2 }
  T.truthy(X.F.land(G.bf, id(1, "tr"), G.D[id(1, "tr")], G.D), "the dragon is on the ground")
  return G, lines, id
end

T.case("WRG 1973 APPENDIX IV SAINT: a pursuing unnatural beast stops at the edge of the zone of sanctity", function()
  local G, _, id = field(600 + 70 * MM, 200 + 120 * MM, { X.unit("prey", "LI", 600, 200 + 250 * MM, 0) })
  local tr, st, prey = id(1, "tr"), id(2, "st"), id(2, "prey")
  G.D[prey].routing = true
  local d = G.D[tr]
  d.pursuing, d.pursue_periods = prey, 0
  local before = X.paces(G, tr, st)
  T.truthy(before > 100, "outside the zone at the start: " .. before)
  X.turn.move_pursuer(G, tr)
  local _, y1 = G.bf:pos(tr)
  T.truthy(y1 > 200 + 5 * MM, "it pursues")
  T.truthy(X.paces(G, tr, st) >= 100 - 0.5, "it keeps out of the zone: " .. X.paces(G, tr, st))
end)

T.case("WRG 1973 APPENDIX IV SAINT: a routing unnatural beast stops at the edge of the zone of sanctity", function()
  local G, _, id = field(600 + 60 * MM, 200 + 130 * MM)
  local tr, st = id(1, "tr"), id(2, "st")
  G.D[tr].routing = true
  X.turn.advance(G, tr, 150, nil, "rout")
  local _, y1 = G.bf:pos(tr)
  T.truthy(y1 > 200 + 5 * MM, "it runs")
  T.truthy(X.paces(G, tr, st) >= 100 - 0.5, "it keeps out of the zone: " .. X.paces(G, tr, st))
end)

T.case("WRG 1973 APPENDIX IV SAINT: an unnatural beast following up stops at the edge of the zone; other troops go on", function()
  local G, _, id = field(600, 200 + 125 * MM)
  local tr, st = id(1, "tr"), id(2, "st")
  local before = X.paces(G, tr, st)
  X.turn.advance(G, tr, 31, nil, "follow_up")
  T.truthy(X.paces(G, tr, st) >= 100 - 0.5, "it keeps out: " .. X.paces(G, tr, st))
  T.truthy(X.paces(G, tr, st) < before, "it came up to the edge")
  local H, _, hid = X.fight{ side1 = { X.unit("men", "HI", 600, 200, 0) },
                             side2 = { X.creature("st", "saint", 1, 600, 200 + 125 * MM, 180) } }
  local b2 = X.paces(H, hid(1, "men"), hid(2, "st"))
  X.turn.advance(H, hid(1, "men"), 31, nil, "follow_up")
  T.truthy(X.paces(H, hid(1, "men"), hid(2, "st")) < 100, "men enter the zone: " .. b2)
end)
