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

---------------------------------------------------------------------------
-- Issue #13: a commander that plays both sides alike, does not swing its
-- units back and forth and declares no move that moves nothing.

-- The board turned about (180 degrees): (col, row) -> (cols-1-col,
-- rows-1-row) is a symmetry of the 10 x 10 hexagon board.
local function turned(q, r)
  local col, row = H.offset(q, r)
  return H.axial(9 - col, 9 - row)
end

T.case("Mirror: side 2 deploys the same army as side 1's line turned about (columns from its own left)", function()
  local G = G_of({}, {})
  local specs = {}
  local kinds = { { "foot", 2 }, { "foot", 2 }, { "foot", 3 }, { "mounted", 2 }, { "mounted", 3 }, { "foot", 4, "bow" } }
  for i, k in ipairs(kinds) do
    local u = unit("u" .. i, k[1], k[2], { 0, 0 }, { missile = k[3] })
    u.type = require("hinds.troops").type_of(u)
    specs[i] = u
  end
  G.sides[1].specs, G.sides[2].specs = specs, specs
  local p1, p2 = ai.deployment(G, 1), ai.deployment(G, 2)
  T.eq(#p1, #kinds)
  local at2 = {}
  for _, p in ipairs(p2) do at2[p.index] = p end
  for _, p in ipairs(p1) do
    local q, r = turned(p.q, p.r)
    T.eq({ at2[p.index].q, at2[p.index].r }, { q, r }, "unit " .. p.index .. " stands where side 1's stands, turned about")
  end
end)

T.case("Mirror: the same situation turned about gets the same orders turned about (moves, charges, ties of hexes and facings)", function()
  local mismatches, tried = {}, 0
  for _, kind in ipairs({ { "mounted", 3 }, { "mounted", 2 }, { "foot", 3 } }) do
    for col = 1, 8 do
      for row = 1, 3 do
        for ecol = 0, 9, 3 do
          for erow = row + 2, row + 4 do
            local function run(s, at, eat, face, eface)
              local mine = { unit("a", kind[1], kind[2], at) }
              mine[1].at[3] = face
              local theirs = { unit("e", "foot", 2, eat) }
              theirs[1].at[3] = eface
              local G = s == 1 and G_of(mine, theirs) or G_of(theirs, mine)
              local d = G.D[G.by_id[s].a]
              turn.order(G, d.uid, ai.order(G, d.uid))
              return d.q, d.r, d.facing
            end
            tried = tried + 1
            local q1, r1, f1 = run(1, { col, row }, { ecol, erow }, 0, 180)
            local q2, r2, f2 = run(2, { 9 - col, 9 - row }, { 9 - ecol, 9 - erow }, 180, 0)
            local tq, tr = turned(q1, r1)
            if tq ~= q2 or tr ~= r2 or H.norm(f1 + 180) ~= H.norm(f2) then
              mismatches[#mismatches + 1] = string.format("%s %d at (%d,%d) vs (%d,%d)", kind[1], kind[2], col, row, ecol, erow)
            end
          end
        end
      end
    end
  end
  T.truthy(tried > 100)
  T.eq(mismatches, {}, "every situation played alike from either side")
end)

T.case("Facing: a unit facing an enemy that touches it at a corner of its front keeps its facing (either side)", function()
  -- the enemy's hexside lies between two corners: the tie goes to the
  -- corner the unit already faces, not to whichever the board lists first
  local G = G_of({ unit("mi", "foot", 2, { 5, 4, -60 }) }, { unit("e", "foot", 4, { 5, 5 }, { missile = "javelin" }) })
  local mi, e = G.D[G.by_id[1].mi], G.D[G.by_id[2].e]
  T.eq(H.distance(mi.q, mi.r, e.q, e.r), 1)
  mi.last_charge = G.turn   -- may not charge again yet
  local o = ai.order(G, mi.uid)
  T.eq(o.kind, "hold")
  T.truthy(o.facing == nil or o.facing == mi.facing, "no turn in place: the enemy is already at its front")
  T.eq(H.facing_towards(30, 0), 0)
  T.eq(H.facing_towards(30, 60), 60)
  T.eq(H.facing_towards(150, 180), 180, "side 2's view of the same tie")
end)

T.case("Swings: the commander does not turn a unit back the way it turned since its last order", function()
  -- heavy infantry faced north last turn and now faces 60; its enemy lies
  -- off to the right: turning back to 0 in place would be the swing back
  local G = G_of({ unit("hi", "foot", 1, { 4, 2, 60 }) }, { unit("e", "foot", 2, { 6, 6 }) })
  local hi = G.D[G.by_id[1].hi]
  local chosen = ai.choose(G, hi.uid)
  T.eq(chosen.kind, "move_wait", "left alone it would turn in place")
  T.eq(chosen.facing, 0)
  G.sides[1].ai_facing = { [hi.uid] = { turn = G.turn - 1, facing = 0 } }
  local o = ai.order(G, hi.uid)
  T.truthy(not (o.kind == "move_wait" and o.facing == 0) and not (o.kind == "hold" and o.facing == 0),
    "not turned back to 0")
  -- a unit that has not turned since its last order may turn
  G.sides[1].ai_facing = { [hi.uid] = { turn = G.turn - 1, facing = 60 } }
  T.eq(ai.order(G, hi.uid).facing, 0)
end)

T.case("Moved 0: a charge from contact is not declared as a move; a charge that closes is", function()
  local G = G_of({ unit("a", "foot", 2, { 5, 4 }), unit("b", "mounted", 3, { 2, 3 }) },
                 { unit("e", "foot", 3, { 5, 5 }), unit("f", "foot", 3, { 2, 5 }) })
  local declared = {}
  G.referee = { record = function(_, uid, kind) declared[#declared + 1] = { uid, kind } end }
  local a, b = G.D[G.by_id[1].a], G.D[G.by_id[1].b]
  local e, f = G.D[G.by_id[2].e], G.D[G.by_id[2].f]
  T.eq(H.distance(a.q, a.r, e.q, e.r), 1)
  T.truthy(turn.charge(G, a.uid, e.uid))
  T.eq(declared, {}, "touching already: it attacks where it stands")
  T.truthy(H.distance(b.q, b.r, f.q, f.r) > 1)
  T.truthy(turn.charge(G, b.uid, f.uid))
  T.eq(declared, { { b.uid, "charge" } })
  G.referee = nil
end)

T.case("Streams: a step toward the enemy goes round a stream when dry ground is as near", function()
  local G = battle.skirmish{ dice = dice.forced({}), log = false,
    table = { cols = 10, rows = 10, terrain = { { type = "stream", hexes = { { 5, 3 } } } } },
    sides = { { units = { unit("lc", "mounted", 3, { 5, 2 }) } }, { units = { unit("e", "foot", 2, { 5, 8 }) } } } }
  local lc = G.D[G.by_id[1].lc]
  local o = ai.step(G, lc, G.by_id[2].e, "forward")
  T.eq(o.kind, "move")
  local col, row = H.offset(o.q, o.r)
  T.truthy(not (col == 5 and row == 3), "not into the stream")
end)

T.case("Cavalry that charged this turn fights on when infantry joins; cavalry in an older fight withdraws when outnumbered", function()
  local G = G_of({ unit("lc", "mounted", 3, { 5, 4 }) },
                 { unit("mi", "foot", 2, { 5, 5 }), unit("m2", "foot", 2, { 6, 5 }) })
  local lc, mi, m2 = G.D[G.by_id[1].lc], G.D[G.by_id[2].mi], G.D[G.by_id[2].m2]
  local c = turn.join_combat(G, lc.uid, mi.uid, true)
  turn.join_combat(G, m2.uid, lc.uid, true)
  T.eq(ai.cavalry_assisted(G, lc.uid), "fight", "it charged this turn")
  c.chargers[lc.uid] = G.turn - 2
  T.eq(ai.cavalry_assisted(G, lc.uid), "retreat", "outnumbered in a fight it did not just choose")
end)

T.case("Mirror: a cast along hexsides is judged alike whichever hexagon beside the line an enemy stands on", function()
  -- from (q, r) to (q+1, r+1) the line of centres runs along the hexside
  -- between (q+1, r) and (q, r+1): with an enemy on either, the caster has
  -- the other side clear (before, the board's nudge blocked one and not
  -- the other, so the same cast was blocked for one side of a mirror match)
  for _, beside in ipairs({ { 1, 0 }, { 0, 1 } }) do
    local q, r = H.axial(3, 2)
    local tc, trow = H.offset(q + 1, r + 1)
    local bc, brow = H.offset(q + beside[1], r + beside[2])
    local G = G_of({ unit("arch", "foot", 4, { 3, 2 }, { missile = "bow" }) },
                   { unit("t", "foot", 2, { tc, trow }), unit("b", "foot", 2, { bc, brow }) })
    local sh, tg = G.D[G.by_id[1].arch], G.D[G.by_id[2].t]
    T.eq(turn.line_of_cast(G, sh, tg), false, "direct past the enemy at " .. bc .. "," .. brow)
  end
end)

T.case("§3 the commander's missile target: a pilum weighs its neighbours, the lowest score, the first in army order", function()
  -- ai.missile_target asks only the six neighbouring hexagons of a caster
  -- that reaches no farther; the answer must be the one of weighing every
  -- enemy (ten a hexagon, +5 indirect, +3 not ready; the first in army
  -- order among equals), whatever the order of the hexagons around it
  local function reference(G, uid)
    local d, best, bd = G.D[uid], nil, nil
    for _, e_uid in ipairs(turn.units(G, 3 - d.side)) do
      local e = G.D[e_uid]
      local sit = turn.cast_situation(G, d, e)
      if sit and require("hinds.missiles").table_for(d, e, sit) then
        local score = H.distance(d.q, d.r, e.q, e.r) * 10 + (sit.indirect and 5 or 0) + (e.state == "ready" and 0 or 3)
        if not bd or score < bd then best, bd = e_uid, score end
      end
    end
    return best
  end
  local layouts = {
    { { 5, 6 }, { 4, 5 }, { 6, 5 } },   -- three enemies touching, in one order
    { { 6, 5 }, { 4, 5 }, { 5, 6 } },   -- the same hexagons, the army in another order
    { { 5, 7 }, { 4, 5 } },             -- one out of the pilum's reach
  }
  local answered = 0
  for li, at in ipairs(layouts) do
    local enemies = {}
    for k, hex in ipairs(at) do enemies[k] = unit("e" .. k, "foot", 2, hex) end
    local G = G_of({ unit("leg", "foot", 2, { 5, 5 }, { missile = "pilum" }) }, enemies)
    local uid = G.by_id[1].leg
    local want = reference(G, uid)
    T.eq(ai.missile_target(G, uid), want, "layout " .. li)
    if want then answered = answered + 1 end
    if li == 1 then
      G.D[G.by_id[2].e1].state = "fleeing"     -- +3: the next in army order is chosen
      T.eq(ai.missile_target(G, uid), reference(G, uid))
      T.eq(ai.missile_target(G, uid), G.by_id[2].e2)
    end
  end
  T.eq(answered, 3)
end)
