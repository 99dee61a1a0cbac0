-- WRG Ancients 1973, AFTER HAND-TO-HAND FIGHTING: troops pushed back and not
-- followed up, the defenders, and engines, played through the battle engine
-- (turn.play) in hand-set melees. The seeds are searched for the outcome a
-- case needs (a push-back without a break, a break); the assertions are on
-- what follows it.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE

local function commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end,
                  challenge = function() return nil end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

local function unit(id, ty, x, y, facing, extra)
  local u = { id = id, type = ty, class = "C", weapons = { "spear" }, figures = 8, ranks = 1, at = { x, y, facing or 0 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

-- a and b fighting front to front; returns G after one period for the
-- first seed where want(G) holds.
local function melee_until(side1, side2, want, cmd2)
  for seed = 1, 400 do
    local G = battle.skirmish{ dice = dice.random(seed), sides = { { units = side1(), commander = commander() },
                                                                   { units = side2(), commander = cmd2 or commander() } } }
    local a, b = G.by_id[1].a, G.by_id[2].b
    for _, id in ipairs({ a, b }) do G.D[id].in_melee, G.D[id].melee_periods = true, 1 end
    G.D[a].opponents, G.D[b].opponents = { b }, { a }
    turn.play(G)
    G.turn = G.turn + 1
    if want(G, a, b) then return G, a, b end
  end
  error("no seed gave the outcome")
end

-- "Other troops may either rally back or reorganise on the spot, taking one
-- period. The defenders do not need to reorganise but cannot advance that
-- period." Foot pushed back by foot in a hold order (no follow-up).
T.case("WRG 1973 AFTER HAND-TO-HAND FIGHTING: foot pushed back and not followed up reorganise; the defenders cannot advance", function()
  local charges = 0
  local G, a, b = melee_until(
    function() return { unit("a", "MI", 600, 300, 0, { class = "A" }) } end,
    function() return { unit("b", "MI", 600, 300 + 10 + 10, 180, { set = { order = "hold" } }) } end,
    function(G, a) return G.D[a].pushed_period == 1 and not G.D[a].routing end,
    commander{ charge_target = function(G2) charges = charges + 1; return G2.by_id[1].a end })
  T.eq(G.D[a].state, nil, "the foot do not rally back")
  T.eq(G.D[a].reorganising, 1, "they reorganise on the spot next period")
  T.eq(G.D[b].no_advance, 2, "the defenders cannot advance in period 2")
  local y0 = select(2, G.bf:pos(b))
  turn.play(G)
  local declared = false
  for _, e in ipairs(G.bf:events()) do if e.kind == "charge" and e.unit == b and e.turn == 2 then declared = true end end
  T.truthy(not declared, "no charge by the defenders in period 2")
  T.near(select(2, G.bf:pos(b)), y0, 0.01, "nor a move forward")
  T.truthy(G.D[a].reorganising_now, "the recoiled foot reorganise in period 2")
end)

-- "A push-back loses all engines within that distance."
T.case("WRG 1973 AFTER HAND-TO-HAND FIGHTING: a push-back loses the engines within 30 paces behind", function()
  local G, a = melee_until(
    function() return { unit("a", "MI", 600, 300, 0, { class = "A" }),
                        unit("eng", "ENG", 600, 300 - 10 - 20 * MM - 20, 0, { engine = "light_bolt", figures = 1, weapons = {} }) } end,
    function() return { unit("b", "MI", 600, 300 + 10 + 10, 180, { set = { order = "hold" } }) } end,
    function(G2, a2) return G2.D[a2].pushed_period == 1 and not G2.D[a2].routing end)
  local eng = G.by_id[1].eng
  T.truthy(G.D[eng].gone and G.D[eng].gone:find("push%-back"), "the bolt-thrower 20 paces behind is destroyed: " .. tostring(G.D[eng].gone))
  local _ = a
end)

-- "An engine group which is broken is destroyed by the initial period of pursuit."
T.case("WRG 1973 AFTER HAND-TO-HAND FIGHTING: an engine group broken in melee is destroyed", function()
  local G, a = melee_until(
    function() return { unit("a", "ENG", 600, 300, 0, { engine = "light_bolt", figures = 2, weapons = {} }) } end,
    function() return { unit("b", "HI", 600, 300 + 20 + 10, 180, { weapons = { "pilum" }, figures = 12, ranks = 2 }) } end,
    -- broken with engines left (not all struck down by the blows)
    function(G2, a2) return G2.D[a2].gone ~= nil and G2.D[a2].gone ~= "destroyed" end)
  T.truthy(G.D[a].gone:find("pursuit") or G.D[a].gone:find("pushed back"), "destroyed, not routing: " .. G.D[a].gone)
  T.truthy(not G.D[a].routing, "no engine group runs")
end)

-- DISORGANISATION 1: "... been engaged hand-to-hand by a fresh enemy force
-- while pursuing". A pursuer is struck by a fresh enemy unit at its front.
T.case("WRG 1973 DISORGANISATION 1: a pursuer engaged by a fresh enemy is disorganised", function()
  local G = battle.skirmish{ dice = dice.random(1), report = function() end,
    sides = { { units = { unit("p", "MI", 600, 300, 0) }, commander = commander() },
              { units = { unit("f", "MI", 600, 300 + 10 + 10, 180),
                          unit("r", "MI", 600, 500, 0, { set = { routing = true, rout_periods = 1, has_routed = true } }) },
                commander = commander() } } }
  local p = G.by_id[1].p
  G.D[p].pursuing, G.D[p].pursue_periods = G.by_id[2].r, 1   -- it pursues r, which ran behind f
  T.eq(G.bf:distance(p, G.by_id[2].f), 0, "in contact")
  turn.play(G)
  local struck = false
  for _, e in ipairs(G.bf:events()) do if e.kind == "melee" and e.unit == p then struck = e.figures end end
  T.eq(struck, 4, "8 figures in contact, disorganised: half the nearest rank fights")
end)
