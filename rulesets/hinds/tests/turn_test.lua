-- §2 movement and charges, §3 lines of cast, §4 the melee on the board:
-- situations set up by hand with battle.skirmish and forced dice.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("hinds.battle")
local turn = require("hinds.turn")
local H = require("hinds.hexes")
local missiles = require("hinds.missiles")
local tables = require("hinds.tables")
local melee = require("hinds.melee")
local troops = require("hinds.troops")
local fixtures = require("hinds.tests.fixtures")
local foot, horse = fixtures.foot, fixtures.horse

local HOLD = { order = function() return { kind = "hold" } end, missile_target = function() return nil end,
               pursue = function() return false end, cavalry_assisted = function() return "fight" end }

local function G_of(units1, units2, opts)
  opts = opts or {}
  return battle.skirmish{ dice = opts.dice or dice.forced(opts.rolls or {}), log = false, options = opts.options,
    table = opts.table or { cols = 10, rows = 10, terrain = opts.terrain },
    sides = { { units = units1, commander = HOLD }, { units = units2, commander = HOLD } } }
end


T.case("§2 allowances: basic, 90 degree turn, rear, charge, flight (turn about, then the charge move)", function()
  local G = G_of({ foot("hi", 1, { 5, 2 }), foot("mi", 2, { 4, 2 }), horse("lc", 3, { 3, 2 }) }, {})
  local hi, lc = G.D[G.by_id[1].hi], G.D[G.by_id[1].lc]
  T.eq({ turn.allowance(hi, "forward"), turn.allowance(hi, "turned"), turn.allowance(hi, "rear"),
         turn.allowance(hi, "charge") }, { 3, 2, 1.5, 4 })
  T.eq({ turn.allowance(lc, "forward"), turn.allowance(lc, "turned"), turn.allowance(lc, "rear"),
         turn.allowance(lc, "charge") }, { 8, 5, 4, 10 })
  lc.flight_moves = 0
  T.eq(turn.allowance(lc, "flight"), 4, "first flight move: the retreat")
  lc.flight_moves = 1
  T.eq(turn.allowance(lc, "flight"), 10, "second move of flight = the charge move")
end)

T.case("§2 rough ground: medium and heavy lose a unit, light troops none; road columns +1; 3/4 for archers", function()
  local G = G_of({ foot("mi", 2, { 5, 2 }), foot("li", 4, { 4, 2 }), foot("arch", 4, { 3, 2 }, { missile = "bow" }) }, {})
  local mi, li, ar = G.D[G.by_id[1].mi], G.D[G.by_id[1].li], G.D[G.by_id[1].arch]
  T.eq(turn.allowance(mi, "forward", { rough = true }), 3)
  T.eq(turn.allowance(li, "forward", { rough = true }), 6)
  mi.formation = "march"
  T.eq(turn.allowance(mi, "forward", { road = true }), 5)
  T.eq(turn.allowance(ar, "forward", { throwing = true }), 4.5)
  mi.formation = "testudo"
  T.eq(turn.allowance(mi, "forward"), 1, "the testudo moves one unit a turn")
  mi.formation = "square"
  T.eq(turn.allowance(mi, "forward"), 3, "a square moves as heavy infantry")
end)

T.case("§4 Gauls always move as light infantry", function()
  local G = G_of({ foot("g", 3, { 5, 2 }, { gaul = true }) }, {})
  T.eq(turn.allowance(G.D[G.by_id[1].g], "forward"), 6)
end)

T.case("§2 terrain: heavy troops never enter swamps; dense forest bars heavy and pike-armed medium troops", function()
  local G = G_of({ foot("hi", 1, { 5, 2 }), foot("pike", 2, { 3, 2 }, { macedonian = true }), foot("li", 4, { 7, 2 }),
                   horse("hc", 1, { 1, 2 }) }, {},
    { terrain = { { type = "swamp", hexes = { { 5, 3 } } }, { type = "dense_forest", hexes = { { 3, 3 } } },
                  { type = "obstacle", hexes = { { 1, 3 } } } } })
  local function can(id, col, row)
    local q, r = H.axial(col, row)
    return turn.passable(G, G.D[G.by_id[1][id]], q, r)
  end
  T.eq(can("hi", 5, 3), false)
  T.eq(can("li", 5, 3), true)
  T.eq(can("pike", 3, 3), false)
  T.eq(can("li", 3, 3), true)
  T.eq(can("hc", 1, 3), false, "small obstacles cannot be crossed by heavy cavalry")
  T.eq(can("li", 1, 3), true)
end)

T.case("Options: dense_forests declares every wood dense; uncrossable_streams bars streams", function()
  local t = { { type = "wood", hexes = { { 5, 3 } } }, { type = "stream", hexes = { { 4, 3 } } } }
  local G = G_of({ foot("hi", 1, { 5, 2 }) }, {}, { terrain = t, options = { dense_forests = true, uncrossable_streams = true } })
  local hi = G.D[G.by_id[1].hi]
  T.eq(turn.passable(G, hi, H.axial(5, 3)), false)
  T.eq(turn.passable(G, hi, H.axial(4, 3)), false)
  local G2 = G_of({ foot("hi", 1, { 5, 2 }) }, {}, { terrain = t })
  T.eq(turn.passable(G2, G2.D[G2.by_id[1].hi], H.axial(5, 3)), true)
end)

T.case("§2 streams: fording ends the move with a delay of one move", function()
  local G = G_of({ foot("li", 4, { 5, 2 }) }, {}, { terrain = { { type = "stream", hexes = { { 5, 3 } } } } })
  local uid = G.by_id[1].li
  local q, r = H.axial(5, 3)
  -- facing north, (5,3) from (5,2) on an even row is the front-right hexside
  turn.order(G, uid, { kind = "move", q = q, r = r })
  local d = G.D[uid]
  T.eq({ d.q, d.r }, { q, r })
  T.eq(d.delay, 1)
end)

T.case("§2 slow movers: heavy infantry (3 units) crosses a 6-unit hexagon every second move", function()
  local G = G_of({ foot("hi", 1, { 5, 2 }) }, {})
  local uid = G.by_id[1].hi
  local d = G.D[uid]
  local reach = turn.reachable(G, d, d.facing, "front", function() return math.floor(turn.allowance(d, "forward") / 6) end)
  T.eq(#reach, 0, "3 units do not reach the next hexagon")
  turn.order(G, uid, { kind = "move_wait" })
  T.eq(d.carry, 3)
  reach = turn.reachable(G, d, d.facing, "front", function() return math.floor((turn.allowance(d, "forward") + d.carry) / 6) end)
  T.eq(#reach, 2, "the two hexes ahead")
end)

T.case("§2 charges: must close this turn; light cavalry 10 units reaches an enemy two hexes off", function()
  local G = G_of({ horse("lc", 3, { 5, 2 }), foot("mi", 2, { 2, 2 }) }, { foot("e", 2, { 5, 4 }) })
  local lc, e, mi = G.D[G.by_id[1].lc], G.D[G.by_id[2].e], G.D[G.by_id[1].mi]
  T.eq(H.distance(lc.q, lc.r, e.q, e.r), 2)
  T.eq((turn.can_charge(G, lc, e)), true)
  local ok, _, _, why = turn.can_charge(G, mi, e)
  T.eq(ok, false)
  T.eq(why, "out of charge reach")
end)

T.case("§2 charges: the commander's shared reach (a memo) picks the same hexagon as a search per enemy", function()
  -- the memo indexes each facing's reach by hexagon; the hexagon it picks
  -- (fewest steps, straightest, first searched) must be the plain scan's
  local G = G_of({ horse("lc", 3, { 5, 2 }), foot("f", 2, { 4, 3 }) },
                 { foot("a", 2, { 4, 4 }), foot("b", 2, { 5, 4 }), foot("c", 2, { 6, 4 }), foot("d", 2, { 7, 3 }),
                   foot("e", 2, { 3, 3 }), foot("g", 2, { 7, 2 }), foot("h", 2, { 5, 6 }) })
  local lc = G.D[G.by_id[1].lc]
  local memo, reached = {}, 0
  for _, id in ipairs({ "a", "b", "c", "d", "e", "g", "h" }) do
    local e = G.D[G.by_id[2][id]]
    local ok, q, r = turn.can_charge(G, lc, e)
    local ok2, q2, r2 = turn.can_charge(G, lc, e, memo)
    T.eq({ ok2, q2, r2 }, { ok, q, r }, id)
    if ok then reached = reached + 1 end
  end
  T.truthy(reached >= 3, "several enemies within the charge")
end)

T.case("§2 charges: no enemy beyond turn.charge_limit can be charged; -1 for a unit that charged too recently", function()
  -- the commander asks can_charge only for enemies within charge_limit
  local G = G_of({ horse("lc", 3, { 5, 1 }), foot("mi", 2, { 2, 1 }), horse("hc", 2, { 8, 1 }) },
                 { foot("a", 2, { 5, 2 }), foot("b", 2, { 4, 3 }), foot("c", 2, { 5, 4 }), foot("e", 2, { 2, 3 }),
                   foot("f", 2, { 3, 5 }), foot("g", 2, { 8, 3 }), foot("h", 2, { 8, 6 }), foot("i", 2, { 1, 2 }) })
  local allowed, beyond = 0, 0
  for _, id in ipairs({ "lc", "mi", "hc" }) do
    local d = G.D[G.by_id[1][id]]
    local limit = turn.charge_limit(G, d)
    T.truthy(limit >= 1, id)
    for _, eid in ipairs({ "a", "b", "c", "e", "f", "g", "h", "i" }) do
      local e = G.D[G.by_id[2][eid]]
      local ok = turn.can_charge(G, d, e)
      local dist = H.distance(d.q, d.r, e.q, e.r)
      if dist > limit then
        beyond = beyond + 1
        T.eq(ok, false, id .. " beyond its limit at " .. eid)
      elseif ok then allowed = allowed + 1 end
    end
  end
  T.truthy(allowed >= 2 and beyond >= 6, "both sides of the limit tried")
  local lc = G.D[G.by_id[1].lc]
  lc.last_charge = G.turn
  T.eq(turn.charge_limit(G, lc), -1, "charged too recently")
end)

T.case("§2 orders: a move's reach is searched once while a unit is ordered, and forgotten after", function()
  -- turn.move_side remembers the reaches asked while the commander chooses
  -- a unit's order, so turn.order checks the order against the same search
  local G = G_of({ horse("lc", 3, { 5, 2 }), foot("mi", 2, { 2, 2 }) }, { foot("e", 2, { 5, 8 }) })
  local seen = {}
  G.sides[1].commander = { missile_target = HOLD.missile_target, pursue = HOLD.pursue,
    cavalry_assisted = HOLD.cavalry_assisted,
    order = function(G2, uid)
      local d = G2.D[uid]
      local reach = turn.move_reach(G2, d, "forward", d.facing)
      T.truthy(rawequal(reach, (turn.move_reach(G2, d, "forward", d.facing))), "the same search")
      T.truthy(turn.order_memo(G2, d), "remembered while ordered")
      local last = reach[#reach]
      if not last then return { kind = "hold" } end
      seen[uid] = { last[1], last[2] }
      return { kind = "move", q = last[1], r = last[2], facing = d.facing, how = "forward" }
    end }
  turn.move_side(G, 1)
  local moved = 0
  for uid, at in pairs(seen) do
    local d = G.D[uid]
    T.eq({ d.q, d.r }, at, "the order carried out")
    T.eq(turn.order_memo(G, d), nil, "forgotten after the order")
    moved = moved + 1
  end
  T.eq(moved, 1, "the horse moves (the foot's three units reach no hexagon yet)")
  T.truthy(seen[G.by_id[1].lc])
end)

T.case("§2 orders: a commander that moves a unit while choosing gets a fresh search, not the remembered one", function()
  -- turn.order_memo forgets its searches when anything is placed: the
  -- order is checked against the board as it stands
  local G = G_of({ horse("lc", 3, { 5, 2 }), foot("mi", 2, { 2, 2 }) }, { foot("e", 2, { 5, 8 }) })
  local lc_uid, mi_uid = G.by_id[1].lc, G.by_id[1].mi
  local blocked
  G.sides[1].commander = { missile_target = HOLD.missile_target, pursue = HOLD.pursue,
    cavalry_assisted = HOLD.cavalry_assisted,
    order = function(G2, uid)
      if uid ~= lc_uid then return { kind = "hold" } end
      local d = G2.D[uid]
      local reach = turn.move_reach(G2, d, "forward", d.facing)
      local first = reach[1]
      -- put the foot on the hexagon the horse is about to be ordered to
      turn.place(G2, mi_uid, first[1], first[2], G2.D[mi_uid].facing)
      blocked = { first[1], first[2] }
      local again = turn.move_reach(G2, d, "forward", d.facing)
      T.truthy(not rawequal(again, reach), "searched again")
      for _, h in ipairs(again) do T.truthy(h[1] ~= first[1] or h[2] ~= first[2], "the taken hexagon is out") end
      return { kind = "move", q = first[1], r = first[2], facing = d.facing, how = "forward" }
    end }
  turn.move_side(G, 1)
  local lc = G.D[lc_uid]
  T.truthy(blocked)
  T.truthy(lc.q ~= blocked[1] or lc.r ~= blocked[2], "the order to a taken hexagon is refused")
  T.eq(turn.at(G, blocked[1], blocked[2]), mi_uid)
end)

T.case("§2 heavy cavalry charges no more than 45 degrees from its facing", function()
  local G = G_of({ horse("hc", 2, { 5, 2 }) }, { foot("e", 2, { 6, 2 }) })
  local hc, e = G.D[G.by_id[1].hc], G.D[G.by_id[2].e]
  local ok, _, _, why = turn.can_charge(G, hc, e)
  T.eq(ok, false)
  T.eq(why, "heavy cavalry charges no more than 45 degrees from its facing")
end)

T.case("§2 one charge in three moves for heavy cavalry and heavy infantry; others wait one turn", function()
  local G = G_of({ horse("hc", 2, { 5, 2 }), horse("lc", 3, { 7, 2 }) }, { foot("e", 2, { 5, 3 }), foot("f", 2, { 7, 3 }) })
  local hc, lc = G.D[G.by_id[1].hc], G.D[G.by_id[1].lc]
  hc.last_charge, lc.last_charge = 0, 0
  G.turn = 2
  T.eq(select(4, turn.can_charge(G, hc, G.D[G.by_id[2].e])), "charged too recently")
  T.eq((turn.can_charge(G, lc, G.D[G.by_id[2].f])), true)
  G.turn = 3
  T.eq((turn.can_charge(G, hc, G.D[G.by_id[2].e])), true)
end)

T.case("§4 infantry cannot attack cavalry unless it is engaged with other units", function()
  local G = G_of({ foot("mi", 2, { 5, 3 }), horse("lc", 3, { 7, 3 }) }, { horse("c", 3, { 6, 3 }) })
  local mi, c = G.D[G.by_id[1].mi], G.D[G.by_id[2].c]
  T.eq(select(4, turn.can_charge(G, mi, c)), "infantry cannot attack cavalry unless it is engaged")
  T.eq(turn.charge(G, G.by_id[1].lc, G.by_id[2].c), true)
  T.eq((turn.can_charge(G, mi, c)), true, "now it may come to the assistance")
end)

T.case("§4 flank and rear: a unit facing a corner has two front, two flank and two rear hexsides", function()
  local G = G_of({ foot("a", 2, { 4, 5 }), foot("b", 2, { 5, 6 }), foot("c", 2, { 5, 4 }) }, { foot("e", 2, { 5, 5 }, { at = nil }) })
  local e = G.D[G.by_id[2].e]
  e.facing = 180   -- facing south
  T.eq(turn.edge(G, G.D[G.by_id[1].a], e), "flank")
  T.eq(turn.edge(G, G.D[G.by_id[1].b], e), "rear")
  T.eq(turn.edge(G, G.D[G.by_id[1].c], e), "front")
  e.formation = "square"
  T.eq(turn.edge(G, G.D[G.by_id[1].b], e), "front", "a square has neither flanks nor rear")
end)

T.case("§4 unsupported light archers struck by heavier troops lose one man and retreat", function()
  local G = G_of({ foot("mi", 2, { 5, 4 }) }, { foot("arch", 4, { 5, 5 }, { missile = "bow", bases = 4 }) })
  local mi, ar = G.by_id[1].mi, G.by_id[2].arch
  T.eq(turn.charge(G, mi, ar), true)
  turn.melee_phase(G)
  local d = G.D[ar]
  T.eq(d.figures, 15)
  T.eq(d.state, "fleeing")
end)

T.case("§4 three throws: the side that lost two retreats; the victor may pursue", function()
  -- side 1 wins throws 1 and 2 (12 against 2), loses throw 3
  local rolls = { 6, 6, 1, 1, 4, 4, 4, 4,  6, 6, 1, 1, 4, 4, 4, 4,  1, 1, 6, 6, 4, 4, 4, 4 }
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }) }, { rolls = rolls })
  T.eq(turn.charge(G, G.by_id[1].a, G.by_id[2].b), true)
  turn.melee_phase(G); G.turn = 2
  turn.melee_phase(G); G.turn = 3
  T.eq(G.D[G.by_id[2].b].state, "ready")
  turn.melee_phase(G)
  T.eq(G.D[G.by_id[2].b].state, "fleeing")
  T.eq(G.D[G.by_id[1].a].combat, nil)
end)

T.case("§4 disorder: a unit in disorder attacked loses automatically; casualties are thrown", function()
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }) }, { rolls = { 6, 6, 2, 2 } })
  G.D[G.by_id[2].b].disordered_until = 1
  turn.charge(G, G.by_id[1].a, G.by_id[2].b)
  turn.melee_phase(G)
  local b = G.D[G.by_id[2].b]
  T.eq(b.figures, 24 - 4)
  T.eq(b.state, "fleeing")
end)

T.case("§2 first move: the die, then the other player, then alternate", function()
  local G = G_of({ foot("a", 2, { 5, 2 }) }, { foot("b", 2, { 5, 7 }) }, { rolls = { 3, 3, 2, 5 } })
  G.turn = 1
  turn.first_mover(G)
  T.eq(G.first, 2, "ties thrown again; 2 against 5")
  G.turn = 2; turn.first_mover(G); T.eq(G.first, 1)
  G.turn = 3; turn.first_mover(G); T.eq(G.first, 2)
end)

T.case("§3 indirect over friends; no cast through an enemy", function()
  local G = G_of({ foot("arch", 4, { 5, 2 }, { missile = "bow" }), foot("f", 2, { 5, 3 }) },
                 { foot("e", 2, { 5, 5 }), foot("e2", 2, { 6, 8 }) })
  local ar = G.D[G.by_id[1].arch]
  local sit = turn.cast_situation(G, ar, G.D[G.by_id[2].e])
  T.truthy(sit, "a line")
  T.eq(sit.indirect, true)
  T.eq(sit.gap, 12)
  T.eq(turn.cast_situation(G, ar, G.D[G.by_id[2].e2]), nil)
end)

T.case("§3 lines of cast: the remembered hexagons between are H.between's from every hexagon of a board", function()
  -- shooting.lua remembers a line per step and nudge; the line from any
  -- caster must be the same hexagons H.between works out from there
  local checked = 0
  for q1 = -8, 20 do
    for r1 = 0, 16 do
      for dq = -9, 9 do
        for dr = -9, 9 do
          if H.distance(0, 0, dq, dr) <= 9 then
            for _, e in ipairs({ 1, -1 }) do
              local want = H.between(q1, r1, q1 + dq, r1 + dr, e)
              local offs = turn.line_offsets(dq, dr, e)
              T.eq(#offs, #want)
              local base = H.key(q1, r1)
              for i = 1, #want do
                if base + offs[i] ~= H.key(want[i][1], want[i][2]) then
                  T.eq({ q1, r1, dq, dr, e, i, H.unkey(base + offs[i]) }, { q1, r1, dq, dr, e, i, want[i][1], want[i][2] })
                end
              end
              checked = checked + 1
            end
          end
        end
      end
    end
  end
  T.truthy(checked > 100000, "lines checked")
end)

T.case("Option throw_shields: fleeing medium infantry near the enemy flee 6 units and never fight again", function()
  local G = G_of({ foot("mi", 2, { 5, 4 }) }, { foot("e", 2, { 5, 6 }) }, { options = { throw_shields = true } })
  local uid = G.by_id[1].mi
  turn.rout(G, uid, false, "test")
  G.turn = 2
  turn.flee(G, uid)
  local d = G.D[uid]
  T.eq({ d.shields_thrown, d.non_combatant }, { true, true })
  T.eq(turn.allowance(d, "flight"), 6)
end)

T.case("§3 resupply: short-range troops withdrawn behind friends a whole turn cast three times again", function()
  local G = G_of({ foot("jav", 4, { 5, 2 }, { missile = "javelin" }), foot("f", 2, { 5, 3 }),
                   foot("alone", 4, { 1, 2 }, { missile = "javelin" }), foot("sole", 4, { 6, 2 },
                   { missile = "javelin", sole_function = true }) },
                 { foot("e", 2, { 5, 8 }) })
  local jav, alone = G.D[G.by_id[1].jav], G.D[G.by_id[1].alone]
  T.eq(turn.behind_friends(G, jav, jav.q, jav.r), true, "a friend between it and the enemy")
  T.eq(turn.behind_friends(G, alone, alone.q, alone.r), false, "no friend in front")
  jav.casts, alone.casts = 3, 3
  T.eq(missiles.casts_left(jav), 0)
  jav.cast_turn = G.turn
  turn.resupply(G)
  T.eq(jav.casts, 3, "not in a turn it cast")
  G.turn = 2
  turn.resupply(G)
  T.eq({ jav.casts, alone.casts }, { 0, 3 }, "behind friends a whole turn: resupplied; alone: not")
  T.eq(missiles.casts_left(jav), tables.short_only_casts)
  T.eq(missiles.needs_resupply(G.D[G.by_id[1].sole]), false, "throwing their sole function: never limited")
  -- an enemy touching the hex: no resupply
  jav.casts = 3
  turn.place(G, G.by_id[2].e, jav.q - 1, jav.r, 180)
  G.turn = 3
  turn.resupply(G)
  T.eq(jav.casts, 3)
end)

T.case("§4 Retreat & Pursuit: the victor may occupy the space on which the vanquished stood", function()
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }) }, { rolls = { 6, 6, 2, 2, 1, 1 } })
  local cmd = {}
  for k, v in pairs(HOLD) do cmd[k] = v end
  cmd.occupy = function() return true end
  G.sides[1].commander = cmd
  local a, b = G.D[G.by_id[1].a], G.D[G.by_id[2].b]
  b.disordered_until = 1
  local bq, br = b.q, b.r
  turn.charge(G, a.uid, b.uid)
  local aq, ar = a.q, a.r
  turn.melee_phase(G)
  T.eq(b.state, "fleeing")
  T.eq({ a.q, a.r }, { aq, ar }, "the vanquished still stands on its ground")
  G.turn = 2
  a.moved = false
  turn.move_side(G, 1)
  T.eq({ a.q, a.r }, { aq, ar }, "the victor waits for the ground to be left")
  turn.move_side(G, 2)      -- b fails to rally (1) and turns about (the retreat move: 2 units, no hex)
  T.eq({ b.q, b.r }, { bq, br })
  turn.rout_phase(G)
  T.truthy(a.occupy, "the claim stands while the vanquished is on its ground")
  G.turn = 3
  a.moved = false
  turn.move_side(G, 1)
  turn.move_side(G, 2)      -- b fails again (1) and flees at the charge rate
  T.truthy(b.q ~= bq or b.r ~= br, "the vanquished fled")
  T.eq({ a.q, a.r }, { bq, br }, "the victor stepped onto the vanquished's hex")
  T.eq(a.moved, true, "occupying is its move")
  -- without the option, it stays put
  local G2 = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }) }, { rolls = { 6, 6, 2, 2, 1 } })
  local a2, b2 = G2.D[G2.by_id[1].a], G2.D[G2.by_id[2].b]
  b2.disordered_until = 1
  turn.charge(G2, a2.uid, b2.uid)
  local q2, r2 = a2.q, a2.r
  turn.melee_phase(G2)
  G2.turn = 2
  turn.move_side(G2, 2)
  T.eq({ a2.q, a2.r }, { q2, r2 })
end)

T.case("§4 Retreat & Pursuit: a victor over a single beaten unit may pursue it (the beaten list kept after the rout)", function()
  local G = G_of({ foot("a", 2, { 5, 4 }) }, { foot("b", 2, { 5, 5 }) }, { rolls = { 6, 6, 2, 2 } })
  local cmd = {}
  for k, v in pairs(HOLD) do cmd[k] = v end
  cmd.pursue = function() return true end
  G.sides[1].commander = cmd
  local a, b = G.D[G.by_id[1].a], G.D[G.by_id[2].b]
  b.disordered_until = 1
  turn.charge(G, a.uid, b.uid)
  turn.melee_phase(G)
  T.eq({ b.state, a.pursuing }, { "fleeing", b.uid })
end)

T.case("§3 dismounts: riders unhorsed by the oriental bow's 4 fight on foot (1st class: heavy infantry, 2 points)", function()
  local ha = foot("ha", 3, { 5, 4 }, { missile = "oriental_bow", bases = 2 })
  local cmd = {}
  for k, v in pairs(HOLD) do cmd[k] = v end
  local G = G_of({ ha }, { horse("cl", 1, { 5, 5 }, { officers = 1 }) }, { rolls = { 4, 4 } })
  local cl = G.D[G.by_id[2].cl]
  cmd.missile_target = function() return cl.uid end
  G.sides[1].commander = cmd
  local before = melee.base_points(cl, { first_round = true })
  turn.missile_phase(G)
  T.eq({ cl.figures, cl.dismounted, troops.strength(cl) }, { 10, 2, 13 }, "two riders unhorsed, still with the unit")
  T.eq(melee.base_points(cl, { first_round = true }), before - 2 * 5 + 2 * 2, "5 points a rider, 2 on foot")
  turn.lose(G, cl.uid, 3)
  T.eq({ cl.dismounted, cl.figures, cl.officers }, { 0, 9, 1 }, "the men on foot fall first")
end)

T.case("§2 moving up hill: a unit lost only when a step climbs; along the top or down, none (hill heights)", function()
  local t = { { type = "hill", hexes = { { 5, 3 }, { 5, 4 } } }, { type = "hill", height = 2, hexes = { { 5, 5 } } } }
  local G = G_of({ foot("mi", 2, { 5, 2 }) }, {}, { terrain = t })
  local function at(col, row) return H.axial(col, row) end
  local q2, r2 = at(5, 2)
  local q3, r3 = at(5, 3)
  local q4, r4 = at(5, 4)
  local q5, r5 = at(5, 5)
  T.eq({ turn.height(G, q2, r2), turn.height(G, q3, r3), turn.height(G, q5, r5) }, { 0, 1, 2 })
  T.eq(turn.rough_step(G, q2, r2, q3, r3), true, "up onto the hill")
  T.eq(turn.rough_step(G, q3, r3, q4, r4), false, "along the top")
  T.eq(turn.rough_step(G, q4, r4, q5, r5), true, "up again to the higher hill")
  T.eq(turn.rough_step(G, q3, r3, q2, r2), false, "down hill")
  T.raises(function() G_of({}, {}, { terrain = { { type = "wood", height = 1, hexes = { { 1, 1 } } } } }) end,
    "only a hill has a height")
  T.raises(function() G_of({}, {}, { terrain = { { type = "hill", height = 0, hexes = { { 1, 1 } } } } }) end,
    "from 1 to 9")
end)

T.case("§2 moving up hill: the move search marks a step rough exactly where turn.rough_step does", function()
  -- turn.reachable reads the roughness inline; one-hexagon moves from the
  -- foot, the top and the side of hills and a wood, in every facing
  local t = { { type = "hill", hexes = { { 5, 3 }, { 5, 4 }, { 4, 4 } } }, { type = "hill", height = 2, hexes = { { 5, 5 } } },
              { type = "wood", hexes = { { 6, 3 } } } }
  local G = G_of({ horse("lc", 3, { 5, 2 }) }, {}, { terrain = t })
  local d = G.D[G.by_id[1].lc]
  local rough, plain = 0, 0
  for _, at in ipairs({ { 5, 2 }, { 5, 4 }, { 4, 3 }, { 6, 4 }, { 4, 5 } }) do
    local q, r = H.axial(at[1], at[2])
    turn.place(G, d.uid, q, r, 0)
    for _, facing in ipairs(H.FACINGS) do
      local reach = turn.reachable(G, d, facing, "front", function() return 1 end)
      T.truthy(#reach >= 1)
      for _, h in ipairs(reach) do
        T.eq(h[4], turn.rough_step(G, q, r, h[1], h[2]), "from " .. at[1] .. "," .. at[2])
        if h[4] then rough = rough + 1 else plain = plain + 1 end
      end
    end
  end
  T.truthy(rough >= 4 and plain >= 4, "both kinds of step")
end)

T.case("§4 pole arms on a hill: level ground on its top against a foe at the same height, never across the hillside", function()
  local t = { { type = "hill", hexes = { { 5, 4 }, { 5, 5 } } } }
  local G = G_of({ foot("sp", 2, { 5, 4 }, { pole_arms = true }), foot("low", 2, { 2, 4 }, { pole_arms = true }) },
                 { foot("e", 2, { 5, 5 }), foot("e2", 2, { 2, 5 }) }, { terrain = t })
  local sp, e, low, e2 = G.D[G.by_id[1].sp], G.D[G.by_id[2].e], G.D[G.by_id[1].low], G.D[G.by_id[2].e2]
  T.eq(turn.level_ground(G, sp, e), true, "both on the hilltop")
  T.eq(turn.level_ground(G, low, e2), true, "both on the plain")
  turn.place(G, e2.uid, e2.q, e2.r)
  G.heights[H.key(e2.q, e2.r)] = 1
  G.terrain[H.key(e2.q, e2.r)] = "hill"
  T.eq(turn.level_ground(G, low, e2), false, "up the hillside")
  T.eq(turn.level_ground(G, e2, low), false, "down the hillside")
  local c = turn.join_combat(G, sp.uid, e.uid, false)
  T.eq(turn.melee_situation(G, c, sp).level, true)
  T.eq((melee.unit_points(sp, turn.melee_situation(G, c, sp))), 48 + 3 * 6, "+3 a base for pole arms")
end)
