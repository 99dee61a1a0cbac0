-- The default commander's use of what the rules offer: formations (§4
-- "The special benefits of certain formations"), designated retreats (§4,
-- last paragraph of THE MELEE), a reserve and attacks on flanks (§4 flank
-- and rear bonuses). Situations set up by hand with battle.skirmish.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("hinds.battle")
local turn = require("hinds.turn")
local ai = require("hinds.ai")
local H = require("hinds.hexes")

local function G_of(units1, units2)
  return battle.skirmish{ dice = dice.forced({}), log = false, table = { cols = 10, rows = 10 },
    sides = { { units = units1 }, { units = units2 } } }
end

local function unit(id, arm, class, at, extra)
  local u = { id = id, arm = arm, class = class, bases = arm == "foot" and 6 or 4, per_base = arm == "foot" and 4 or 3,
              at = at }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

T.case("§4 square: foot threatened on a flank by horse forms square, and back to normal when the danger has passed", function()
  local G = G_of({ unit("mi", "foot", 2, { 5, 4 }) }, { unit("lc", "mounted", 3, { 7, 4 }) })
  local mi, lc = G.D[G.by_id[1].mi], G.D[G.by_id[2].lc]
  T.eq(ai.formation(G, mi), "square", "light horse two hexes off the flank")
  T.eq(ai.order(G, mi.uid).kind, "formation")
  mi.formation = "square"
  T.eq(ai.formation(G, mi), nil, "the square stands while the horse is near")
  turn.place(G, lc.uid, 9, 8 - 4, 180)
  T.eq(ai.formation(G, mi), "normal")
end)

T.case("§4 testudo: legionaries shot at by archers they cannot reach form testudo (proof at long range); not with foot near", function()
  local G = G_of({ unit("leg", "foot", 2, { 5, 2 }, { missile = "pilum" }) },
                 { unit("arch", "foot", 4, { 5, 5 }, { missile = "bow" }), unit("wb", "foot", 3, { 1, 8 }) })
  local leg, wb = G.D[G.by_id[1].leg], G.D[G.by_id[2].wb]
  T.eq(ai.formation(G, leg), nil, "not shot at")
  leg.shot_turn = G.turn
  T.eq(ai.formation(G, leg), "testudo")
  leg.formation = "testudo"
  T.eq(ai.formation(G, leg), nil)
  local q, r = H.axial(5, 4)
  turn.place(G, wb.uid, q + 1, r, 180)
  T.eq(ai.formation(G, leg), "normal", "foot within three hexes: out of the testudo to fight")
end)

T.case("§4 designated retreat: a unit losing its combat to a stronger enemy is designated, not one holding its own", function()
  local G = G_of({ unit("li", "foot", 4, { 5, 4 }) }, { unit("mi", "foot", 2, { 5, 5 }) })
  local li, mi = G.D[G.by_id[1].li], G.D[G.by_id[2].mi]
  local c = turn.join_combat(G, mi.uid, li.uid, true)
  c.round, c.losses = 1, { 1, 0 }
  T.eq(ai.designate(G, li.uid), true, "24 points against 48, one throw lost")
  T.eq(ai.designate(G, mi.uid), false, "the winner")
  c.losses = { 1, 1 }
  T.eq(ai.designate(G, li.uid), false, "level on throws")
  c.losses = { 1, 0 }
  -- the designation is carried out before the next movement: out of the
  -- combat, one hex back, facing kept
  li.designated_retreat = true
  local q, r = li.q, li.r
  G.turn = 2
  turn.retreats_phase(G)
  T.eq(li.combat, nil)
  T.eq(H.distance(li.q, li.r, q, r), 1)
  T.eq(li.facing, 0)
end)

T.case("Reserve: the last foot of the main line stands until an enemy is near or a friend is beaten", function()
  local units = {}
  for i = 1, 6 do units[i] = unit("u" .. i, "foot", 2, { i, 2 }) end
  local G = G_of(units, { unit("e", "foot", 2, { 5, 8 }) })
  local side = G.sides[1]
  T.eq(ai.reserve_id(side, G), "u6")
  local u6, u1 = G.D[G.by_id[1].u6], G.D[G.by_id[1].u1]
  T.eq(ai.in_reserve(G, u6), true)
  T.eq(ai.in_reserve(G, u1), false, "the others advance")
  T.eq(ai.order(G, u6.uid).kind, "hold")
  u1.state = "fleeing"
  T.eq(ai.in_reserve(G, u6), false, "a friend beaten: committed")
  T.eq(side.reserve_released, true)
end)

T.case("Flank attacks: horse make for a hex on an enemy's flank or rear, not its front", function()
  local G = G_of({ unit("hc", "mounted", 2, { 2, 2 }) }, { unit("mi", "foot", 2, { 5, 6 }) })
  local hc, mi = G.D[G.by_id[1].hc], G.D[G.by_id[2].mi]
  local q, r = ai.flank_hex(G, hc)
  T.truthy(q, "a flank hex")
  T.eq(H.distance(q, r, mi.q, mi.r), 1)
  T.truthy(turn.edge(G, { q = q, r = r }, mi) ~= "front", "on its flank or rear")
  mi.formation = "square"
  T.eq(ai.flank_hex(G, hc), nil, "a square has no flanks")
end)
