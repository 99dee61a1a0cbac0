-- WRG Ancients 1973: UNIT ORGANISATION, SUB-UNITS on the table, and the
-- reaction tests of sub-units, each in a situation set up by hand
-- (battle.skirmish) and played through the battle engine (turn.play, or the
-- engine's own tests). Dice the point turns on are forced by purpose (see
-- `rigged`); the rest are seeded.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local victory = require("wrg.victory")
local ai = require("wrg.ai")
local subunits = require("wrg.units.subunits")

local MM = tables.MM_PER_PACE

local rigged = F.rigged

local commander = F.commander

-- A regular legion of 24 figures (6 files, 4 ranks) with one sub-unit.
local function legion(extra)
  local u = { id = "leg", name = "leg", type = "HI", class = "C", weapons = { "pilum" }, figures = 24, ranks = 4,
              at = { 900, 300, 0 }, set = { sub_units = 1 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

local function skirmish(opts)
  local lines = {}
  local G = battle.skirmish{
    dice = opts.dice or dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    sides = {
      { units = opts.side1 or { legion() }, commander = opts.cmd1 or commander() },
      { units = opts.side2 or { { id = "far", type = "MI", figures = 8, ranks = 2, weapons = { "spear" }, at = { 1700, 1150, 180 } } },
        commander = opts.cmd2 or commander() },
    },
  }
  return G, lines
end

local play = F.play

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function term(out, id)
  for _, t in ipairs(out.terms or {}) do if t.id == id then return t.after - t.before end end
  return nil
end

local function detached(G, leg)
  local d = G.D[leg]
  return d.detached and d.detached[1] and d.detached[1].uid
end

---------------------------------------------------------------------------

-- "A sub-unit must contain at least 5 figures including an officer figure
-- ... The maximum number of figures permitted is 15 ... the largest sub-unit
-- must be no larger than the element of the unit that contains the three
-- command figures ... sub-units must be identical in composition to their
-- units."
T.case("WRG 1973 SUB-UNITS: a sub-unit detached on the table, 5 to 15 figures, no larger than its main body", function()
  local G = skirmish{ cmd1 = commander{ detach = function(G2, uid) return uid == G2.by_id[1].leg and { figures = 8, side = "left" } or nil end } }
  local leg = G.by_id[1].leg
  play(G)
  local sid = detached(G, leg)
  T.truthy(sid, "the legion detached a sub-unit")
  local d, sd = G.D[leg], G.D[sid]
  T.eq({ d.figures, sd.figures, d.separated }, { 16, 8, 8 }, "16 figures stay, 8 go")
  T.eq({ sd.type, sd.class, sd.weapons[1] }, { "HI", "C", "pilum" }, "identical in composition")
  T.eq(sd.order, d.order, "no orders of its own: its main body's")
  T.truthy(G.bf:distance(leg, sid) < 2, "placed beside its main body")
  T.eq(#events(G, "sub_unit_detached"), 1, "logged")
  T.eq(#(subunits.detach(G, leg, 5) and {} or { 1 }), 1, "no second sub-unit: the list gave one")
  local G2 = skirmish{}
  T.eq((subunits.detach(G2, G2.by_id[1].leg, 16)), nil, "16 figures: more than 15")
  T.eq((subunits.detach(G2, G2.by_id[1].leg, 4)), nil, "4 figures: fewer than 5")
  local G3 = skirmish{ side1 = { legion{ figures = 14, ranks = 2 } } }
  T.eq((subunits.detach(G3, G3.by_id[1].leg, 8)), nil, "8 of 14: larger than the element with the command figures")
end)

-- "Each 1/5 of original strength lost or separated" (-1); "When 1/3 of
-- original figures are lost or separated, use only 2 dice".
T.case("WRG 1973 THE REACTION TEST: figures detached count as separated for the main body", function()
  local G = skirmish{}
  local leg = G.by_id[1].leg
  local before = turn.test(G, leg, "test")
  T.eq(before.dice, 3, "whole: 3 dice")
  subunits.detach(G, leg, 8, "left")
  local out = turn.test(G, leg, "test")
  T.eq(out.dice, 2, "8 of 24 separated (1/3): 2 dice")
  T.eq(term(out, "fifths_lost"), -1, "one fifth separated: -1")
end)

-- "It must not move more than a normal move from its parent unit ... If
-- this does happen by accident, it must be corrected as soon as possible."
-- "Sub-unit beyond sight or normal move of its main body" (-2).
T.case("WRG 1973 SUB-UNITS: a sub-unit beyond a normal move of its main body goes back towards it, and tests at -2", function()
  local G
  G = skirmish{ cmd1 = commander{ move = function(G2, uid)
    if G2.D[uid].parent then return { bearing = 90, distance = 1000, advancing = true } end  -- away, to the west
    return nil
  end } }
  local leg = G.by_id[1].leg
  local sid = subunits.detach(G, leg, 8, "left")
  local x0, y0 = G.bf:pos(sid)
  G.bf:place(sid, x0 - 80 * MM, y0, 0)         -- 80 paces off: beyond its 60-pace normal move
  local far = turn.test(G, sid, "test")
  T.eq(term(far, "subunit_beyond"), -2, "beyond a normal move: -2")
  local gap0 = G.bf:distance(sid, leg)
  play(G)
  T.truthy(G.bf:distance(sid, leg) < gap0 - 20 * MM, "it moved back towards its main body, not where its commander sent it")
  local near = turn.test(G, sid, "test")
  T.eq(term(near, "subunit_beyond"), nil, "within a normal move again: no -2")
end)

-- "The following compulsory tests affect the main body of a unit and all
-- those sub-units of it that are within sight and normal move distance of
-- it". A voluntary test (3: "Tests similar to those under 2") of the main
-- body with low dice: the sub-unit beside it obeys the same instruction
-- without testing; one beyond a normal move does not.
T.case("WRG 1973 THE REACTION TEST 2: sub-units within a normal move take their main body's result", function()
  local function run(offset)
    local G = skirmish{ dice = rigged({ ["WRG reaction test, leg "] = { 2, 2, 2 } }),
                        cmd1 = commander{ voluntary_test = function(G2, uid) return uid == G2.by_id[1].leg end } }
    local leg = G.by_id[1].leg
    local sid = subunits.detach(G, leg, 8, "left")
    if offset then local x, y = G.bf:pos(sid); G.bf:place(sid, x - offset * MM, y, 0) end
    play(G)
    local own = 0
    for _, e in ipairs(events(G, "reaction")) do if e.unit == sid then own = own + 1 end end
    return G.D[leg].state, G.D[sid].state, own
  end
  local main, sub, own = run(nil)
  T.truthy(main == "halt" or main == "retire" or main == "retreat", "the main body gets a poor result: " .. tostring(main))
  T.eq(sub, main, "the sub-unit beside it obeys it")
  T.eq(own, 0, "without a test of its own")
  main, sub = run(200)
  T.truthy(main ~= nil and sub == nil, "a sub-unit 200 paces off (still beyond its normal move after its move back) does not follow: " .. tostring(main) .. " " .. tostring(sub))
end)

-- 1(iii) "When a unit or sub-unit falls below half strength in figures ...
-- A sub-unit getting worse than "Halt" will retire to its main body in rout
-- and rally behind them. If prevented, it will surrender."
T.case("WRG 1973 THE REACTION TEST 1: a sub-unit worse than Halt routs to its main body and rallies behind it", function()
  local G, LINES = skirmish{ dice = rigged({ ["WRG reaction test, leg (sub-unit 1)"] = { 2, 2, 2 } }) }
  local leg = G.by_id[1].leg
  local sid = subunits.detach(G, leg, 8, "left")
  local x, y = G.bf:pos(sid)
  G.bf:place(sid, x, y + 40 * MM, 0)          -- 40 paces ahead of the main body's line
  local sd = G.D[sid]
  sd.figures = 3
  turn.half_strength(G, sid)
  T.truthy(sd.routing, "3 of 8 figures, low dice: worse than Halt, it routs")
  T.eq(sd.rout_home, leg, "to its main body")
  T.truthy(not sd.leaving, "not off the field")
  for _ = 1, 3 do if sd.routing then play(G) end end
  T.truthy(not sd.routing and not sd.gone, "it rallied:\n" .. table.concat(LINES, "\n"))
  local ux, uy = G.bf:pos(sid)
  local lx, ly = G.bf:pos(leg)
  T.truthy(uy < ly, "behind its main body (" .. math.floor(uy) .. " < " .. math.floor(ly) .. ")")
  local _ = ux + lx
  -- with no main body standing it surrenders
  local G2 = skirmish{ dice = rigged({ ["WRG reaction test, leg (sub-unit 1)"] = { 2, 2, 2 } }) }
  local leg2 = G2.by_id[1].leg
  local s2 = subunits.detach(G2, leg2, 8, "left")
  G2.D[leg2].routing = true
  G2.D[s2].figures = 3
  turn.half_strength(G2, s2)
  T.truthy(G2.D[s2].gone and G2.D[s2].gone:find("surrendered"), "its main body routing: it surrenders")
end)

-- A sub-unit touching its main body falls in again: its figures go back,
-- its losses stay lost; at the end its figures count with its main body's.
T.case("WRG 1973 SUB-UNITS: a sub-unit rejoins its main body; points count its figures", function()
  local G = skirmish{ cmd1 = commander{ rejoin = function() return true end } }
  local leg = G.by_id[1].leg
  local full = victory.unit_points_left(G.D[leg])
  local sid = subunits.detach(G, leg, 8, "left")
  T.eq(victory.unit_points_left(G.D[leg]), full, "detached, its figures still count with the main body")
  T.truthy(full > 0, "the main body with its sub-unit out counts " .. full)
  G.D[sid].figures = 6                        -- it lost 2 figures while out
  play(G)
  local d = G.D[leg]
  T.eq(G.D[sid].rejoined, true, "touching, neither fighting: it falls in again")
  T.eq(d.figures, 22, "16 + the 6 left")
  T.eq(d.separated, 0, "nothing separated")
  T.eq(#events(G, "sub_unit_rejoined"), 1, "logged")
  -- a regular C heavy infantryman with pila costs 6 (one class of weapon);
  -- command points 10 and 5 for the sub-unit are kept while it stands
  T.eq(full, 24 * 6 + 10 + 5, "24 figures")
  T.eq(victory.unit_points_left(d), 22 * 6 + 10 + 5, "WINNERS AND LOSERS: the points of the 22 figures left")
end)
