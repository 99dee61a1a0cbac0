-- The sieges module's Historicon adapter (our adaptation of WRG 1973
-- "SIEGE", docs/modules/sieges.md "Historicon"): a walled town's walls stop
-- moves, ladders go up in one turn and are climbed the next, and the melee
-- counts escaladers and the wall's defenders as the adaptation reads them.
-- Played through the Historicon battle engine (historicon.battle.skirmish of
-- an instance with the `sieges` option, turn.play).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local forts = require("modules.sieges.fortifications")

local rules = ruleset.load("historicon", { options = { "sieges" } })
local battle = rules.require("historicon.battle")
local turn = rules.require("historicon.turn")
local melee = rules.require("historicon.melee")

local PASSIVE = {
  forms = function() return {} end, move_order = function() return {} end, move = function() return nil end,
  evade = function() return false end, shoot_target = function(_, _, t) return t[1] end,
  follow_up = function() return true end, pursue = function() return true end, break_off = function() return false end,
}

-- A walled town, its south wall at y = 60 cm.
local TOWN = { type = "fortification", name = "town", defender = 2, sections = {
  { kind = "wall", from = { 80, 60 }, to = { 100, 60 } }, { kind = "gate", from = { 100, 60 }, to = { 110, 60 } },
  { kind = "wall", from = { 110, 60 }, to = { 130, 60 } }, { kind = "wall", from = { 130, 60 }, to = { 130, 100 } },
  { kind = "wall", from = { 130, 100 }, to = { 80, 100 } }, { kind = "wall", from = { 80, 100 }, to = { 80, 60 } } } }

local function field(units1, units2, seed)
  local lines = {}
  local G = battle.skirmish{ dice = dice.random(seed or 1), report = function(l) lines[#lines + 1] = l end, log = true,
    table = { terrain = { TOWN, { type = "siege", besieger = 1 } } },
    sides = { { units = units1, commander = PASSIVE }, { units = units2, commander = PASSIVE } } }
  G.lines = lines
  return G
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

-- puts a unit with its front 1 mm off the south wall's face, facing north
local function at_foot(G, uid, x)
  local u = G.bf:unit(uid)
  G.bf:place(uid, x, 600 - 1 - u.depth / 2, 0)
end

T.case("WRG 1973 SIEGE in Historicon: the wall stops a move; the manifest offers the option", function()
  local G = field({ { id = "a", troop = "AIF HIS", figures = 8, ranks = 2, at = { 90, 40, 0 } } },
                  { { id = "far", troop = "AIF HIS", figures = 8, ranks = 2, at = { 200, 140, 180 } } })
  local a = G.by_id[1].a
  local r = G.bf:move(a, "advance", 400)
  T.eq(r.stopped_by, "terrain")
  T.near(select(2, G.bf:pos(a)) + G.bf:unit(a).depth / 2, 600, 1e-6)
end)

T.case("WRG 1973 SIEGE in Historicon: ladders erected in one turn, climbed the next onto an empty wall (a footing)", function()
  local G = field({ { id = "esc", troop = "AIF HIS", figures = 8, ranks = 2, at = { 90, 40, 0 }, set = { siege = { ladders = 2 } } } },
                  { { id = "far", troop = "AIF HIS", figures = 8, ranks = 2, at = { 200, 140, 180 } } })
  local esc = G.by_id[1].esc
  at_foot(G, esc, 900)
  turn.play(G)
  T.eq(#events(G, "siege_ladder"), 1, "erected in turn 1")
  T.eq(#events(G, "siege_escalade"), 0)
  G.turn = G.turn + 1
  turn.play(G)
  local e = events(G, "siege_escalade")
  T.eq(#e, 1); T.eq(e[1].what, "footing")
  T.truthy(select(2, G.bf:pos(esc)) > 600 - G.bf:unit(esc).depth / 2, "over the parapet")
end)

T.case("WRG 1973 SIEGE in Historicon: escaladers -1 die per 4 figures, the wall's defenders +1 die per 4", function()
  local esc = { class = "HI", sub = "HIS", figures = 8, ranks = 2, formed = true, grade = "A", siege = { escalading = true } }
  local def = { class = "HI", sub = "HIS", figures = 8, ranks = 2, formed = true, grade = "A", siege_on = 1 }
  local function terms(u, e)
    local out = melee.fight(u, e, {}, dice.random(1), true)
    local t = {}
    for _, x in ipairs(out.terms or {}) do t[x.id] = x.after - x.before end
    return t
  end
  T.eq(terms(esc, def).siege_escalading, -1, "8 figures in 2 ranks: a front rank of 4, one group of 4")
  T.eq(terms(def, esc).siege_defending_wall, 1)
  local plain = { class = "HI", sub = "HIS", figures = 8, ranks = 2, formed = true, grade = "A" }
  T.eq(terms(plain, def).siege_escalading, nil)
  T.eq(terms(def, plain).siege_defending_wall, nil, "only against escaladers")
end)

T.case("WRG 1973 SIEGE in Historicon: escaladers climb to the defenders and fight them", function()
  local G = field({ { id = "esc", troop = "AIF HIS", figures = 8, ranks = 2, at = { 90, 40, 0 }, set = { siege = { ladders = 2 } } } },
                  { { id = "def", troop = "AIF HIS", figures = 8, ranks = 2, at = { 90, 70, 180 } } }, 3)
  local esc, def = G.by_id[1].esc, G.by_id[2].def
  at_foot(G, esc, 900)
  G.bf:place(def, 900, 600 + forts.PARAPET_MM + 1 + G.bf:unit(def).depth / 2, 180)
  turn.play(G)
  G.turn = G.turn + 1
  turn.play(G)
  local e = events(G, "siege_escalade")
  T.eq(#e >= 1 and e[1].what, "climbs to the defenders")
  local fought = false
  for _, m in ipairs(events(G, "melee")) do if m.unit == esc or m.unit == def then fought = true end end
  T.eq(fought, true, "they fight in the combat phase")
  local d = G.D[esc]
  T.truthy(d.siege.escalading or d.siege.footing or #events(G, "siege_ladder") == 2, "still escalading, a footing, or cast down")
end)
