-- WRG Ancients 1973: steep hills, walls, hedges, soft sand and camels
-- (DIFFICULT TERRAIN; TYPES OF FIGURE; DISORGANISATION 7; AFTER HAND-TO-HAND
-- FIGHTING), each in a situation set up by hand (battle.skirmish) and played
-- through the battle engine (turn.play). Where a roll does not decide the
-- point the dice are seeded; the assertions hold for any roll.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local setup = require("wrg.setup")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE

local unit = F.unit

local function commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end,
                  challenge = function() return nil end, accept_challenge = function() return false end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

local FAR = unit("far", "MI", 1700, 1150, 180)

local function fight(opts)
  local lines = {}
  local G = battle.skirmish{
    dice = dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    table = opts.terrain and { terrain = opts.terrain } or nil,
    sides = {
      { units = opts.side1, commander = opts.cmd1 or commander() },
      { units = opts.side2 or { FAR }, commander = opts.cmd2 or commander() },
    },
  }
  return G, lines
end

local play = F.play

local ahead = commander{ move = function() return { bearing = 0, distance = 1000, advancing = true } end }

-- How far (paces) a unit's centre went north in one period.
local function gone(G, id, y0)
  local _, y = G.bf:pos(id)
  return (y - y0) / MM
end

---------------------------------------------------------------------------
-- Steep hills

-- "Movement in the following conditions counts as twice the actual distance
-- for infantry, four times the actual distance for cavalry ... and is
-- impractical for vehicles. 1. Off-road movement on steep hills."
-- "Elephants are treated in the same way as cavalry in cases 2 and 6, and in
-- the same way as vehicles in all other cases. Camels ... in the same way as
-- vehicles in all other cases."
T.case("WRG 1973 DIFFICULT TERRAIN: steep hills, twice for infantry, four times for cavalry", function()
  local hill = { { type = "steep_hill", x = 60, y = 50, r = 30 } }
  local G = fight{ terrain = hill, side1 = { unit("m", "MI", 600, 450, 0) }, cmd1 = ahead }
  play(G)
  T.near(gone(G, G.by_id[1].m, 450), 60 / 2, 0.6, "medium infantry on a steep hill: 60 paces cost 120")
  G = fight{ terrain = hill, side1 = { unit("h", "HC", 600, 450, 0, { weapons = { "lance" }, figures = 4, ranks = 1 }) },
             cmd1 = ahead }
  play(G)
  T.near(gone(G, G.by_id[1].h, 450), 120 / 4, 0.6, "heavy cavalry: 120 paces cost 480")
  T.truthy(G.D[G.by_id[1].h].disorganised, "obstructed by difficult terrain: disorganised (cause 5)")
  G = fight{ side1 = { unit("m", "MI", 600, 450, 0) }, cmd1 = ahead }
  play(G)
  T.near(gone(G, G.by_id[1].m, 450), 60, 0.6, "the same move on open ground: 60 paces")
end)

T.case("WRG 1973 DIFFICULT TERRAIN: chariots, elephants and camels stop at a steep hill", function()
  local function front_after(u)
    local _, fd = setup.footprint(u)
    u.at = { 600, 500 - 180 - fd / 2, 0 }  -- front 180 mm short of the hill's edge
    local G = fight{ terrain = { { type = "steep_hill", x = 60, y = 60, r = 10 } }, side1 = { u }, cmd1 = ahead }
    play(G)
    local _, y = G.bf:pos(G.by_id[1][u.id])
    return y + fd / 2
  end
  T.truthy(front_after(unit("c", "CH", 0, 0, 0, { figures = 2, crew = { "javelin" }, horses = 2, weapons = {} })) <= 500.5,
    "chariots stop at the foot")
  T.truthy(front_after(unit("e", "EL", 0, 0, 0, { figures = 2, crew = { "javelin" }, weapons = {} })) <= 500.5,
    "elephants count as vehicles on steep hills")
  T.truthy(front_after(unit("k", "MC", 0, 0, 0, { figures = 4, ranks = 1, weapons = { "bow" }, camel = true })) <= 500.5,
    "camels count as vehicles on steep hills")
  T.truthy(front_after(unit("h", "MC", 0, 0, 0, { figures = 4, ranks = 1, weapons = { "bow" } })) > 510,
    "horsemen go up (at four times the distance)")
end)

-- "There is no movement penalty for slight hills ... although these still
-- count as height advantage for vision, shooting or melee": a steep hill has
-- the height advantage of a hill as well (THE REACTION TEST "Uphill from any
-- enemy within 150 paces" +1).
T.case("WRG 1973 DIFFICULT TERRAIN: a steep hill gives the height advantage of a hill", function()
  local G = fight{ terrain = { { type = "steep_hill", x = 60, y = 30, r = 12 } },
                   side1 = { unit("m", "MI", 600, 300, 0) },
                   side2 = { unit("e", "MI", 600, 300 + 40 + 100 * MM, 180) } }
  local out = turn.test(G, G.by_id[1].m, "test")
  local up
  for _, t in ipairs(out.terms or {}) do if t.id == "uphill_of_enemy" then up = t.after - t.before end end
  T.eq(up, 1, "uphill from the enemy within 150 paces: +1")
end)

---------------------------------------------------------------------------
-- Walls, hedges

-- "6. Over linear obstacles such as streams, ditches, walls and hedges, all
-- of which are assumed to have a minimum width of 20 paces" (twice for
-- infantry, four times for cavalry, impractical for vehicles; elephants as
-- cavalry in case 6, camels as vehicles).
T.case("WRG 1973 DIFFICULT TERRAIN: walls and hedges, 20 paces wide; chariots and camels stop, elephants cross", function()
  local function front_after(u, kind)
    local _, fd = setup.footprint(u)
    u.at = { 600, 500 - 20 - fd / 2, 0 }  -- front 20 mm short of the wall
    local G = fight{ terrain = { { type = kind or "wall", from = { 20, 50 + 20 * MM / 20 }, to = { 100, 50 + 20 * MM / 20 } } },
                     side1 = { u }, cmd1 = ahead }
    play(G)
    local _, y = G.bf:pos(G.by_id[1][u.id])
    return y + fd / 2, G.D[G.by_id[1][u.id]]
  end
  T.truthy(front_after(unit("c", "CH", 0, 0, 0, { figures = 2, crew = { "javelin" }, horses = 2, weapons = {} })) <= 500.5,
    "chariots stop at the wall")
  T.truthy(front_after(unit("k", "MC", 0, 0, 0, { figures = 4, ranks = 1, weapons = { "bow" }, camel = true }), "hedge") <= 500.5,
    "camels stop at a hedge")
  local f, d = front_after(unit("e", "EL", 0, 0, 0, { figures = 2, crew = { "javelin" }, weapons = {} }))
  T.truthy(f > 505, "elephants go over the wall (as cavalry in case 6)")
  T.truthy(d.disorganised, "obstructed by it: disorganised")
end)

-- "Fighting an enemy who is behind partial cover such as a wall or parapet"
-- (-1 in hand-to-hand combat); shooting at "enemy in partial cover" (-1);
-- "Troops behind cover ... or behind field defences" (+2 reaction).
T.case("WRG 1973 HAND-TO-HAND COMBAT: troops holding a wall are behind partial cover; a hedge screens from missiles only", function()
  -- M lines the wall (its front 5 mm into the 20-pace strip); E charges it
  -- from 40 paces. Both are medium infantry with spears: the only
  -- difference in their tactical factors is E's charge (+1) and, with the
  -- wall, the partial cover M holds (-1 to E).
  local function run(kind)
    local lines = {}
    local G
    G = battle.skirmish{
      dice = dice.random(3), report = function(l) lines[#lines + 1] = l end,
      table = kind and { terrain = { { type = kind, from = { 20, 33 }, to = { 100, 33 } } } } or nil,
      sides = { { units = { unit("m", "MI", 600, 300, 0, { figures = 12, ranks = 1 }) }, commander = commander() },
                { units = { unit("e", "MI", 600, 310 + 40 * MM + 10, 180, { figures = 12, ranks = 1, fanatic = true }) },
                  commander = commander{ charge_target = function() return G.by_id[1].m end } } } }
    local covered = turn.in_cover(G, G.by_id[1].m, false)
    play(G)
    local tac = {}
    for _, l in ipairs(lines) do
      local who, t = l:match("^  (%a) strikes .-tactical ([%+%-]%d+)")
      if who then tac[who] = tonumber(t) end
    end
    T.truthy(tac.m and tac.e, "both strike:\n" .. table.concat(lines, "\n"))
    return tac.e - tac.m, G, covered
  end
  local open = run(nil)
  local wall, G, covered = run("wall")
  T.eq(wall, open - 1, "the chargers strike the men holding the wall at -1")
  T.truthy(covered, "the men at the wall are in partial cover from missiles")
  local out = turn.test(G, G.by_id[1].m, "test")
  local cover
  for _, x in ipairs(out.terms or {}) do if x.id == "cover_square_defences" then cover = x.after - x.before end end
  T.eq(cover, 2, "and behind cover in the reaction test: +2")
  local hedge, _, screened = run("hedge")
  T.eq(hedge, open, "a hedge is no cover in hand-to-hand combat")
  T.truthy(screened, "but screens from missiles")
end)

---------------------------------------------------------------------------
-- Camels

-- DISORGANISATION 7: "... or non-Arab horsed troops within 30 paces of
-- camels"; THE REACTION TEST: "Horsed troops disorganised by elephants or
-- camels" (-2).
T.case("WRG 1973 DISORGANISATION 7: horses within 30 paces of enemy camels, unless their own army has camels", function()
  local function run(own_camels, gap)
    local side1 = { unit("h", "MC", 600, 300, 0, { weapons = { "spear" }, figures = 4, ranks = 1 }) }
    if own_camels then side1[2] = unit("ok", "MC", 200, 200, 0, { weapons = { "bow" }, figures = 4, ranks = 1, camel = true }) end
    local G = fight{ side1 = side1,
                     side2 = { unit("k", "MC", 600, 300 + 20 + gap * MM + 20, 180, { weapons = { "bow" }, figures = 4, ranks = 1, camel = true }) } }
    play(G)
    local h = G.by_id[1].h
    return G.D[h].disorganised, G, h
  end
  local dis, G, h = run(false, 25)
  T.eq(dis, true, "25 paces from enemy camels: disorganised")
  local out = turn.test(G, h, "test")
  local scared
  for _, t in ipairs(out.terms or {}) do if t.id == "horses_scared" then scared = t.after - t.before end end
  T.eq(scared, -2, "and -2 in the reaction test")
  T.eq((run(false, 40)), false, "40 paces off: not")
  T.eq((run(true, 25)), false, "an army with camels of its own (Arab): not")
end)

-- CHANGES IN DIRECTION: "... elephants, engines, camels, chariots and other
-- vehicles take 1/2 period to turn"; SHOOTING ARCS: "Light cavalry and
-- camelry ... can shoot all round"; DIFFICULT TERRAIN: "Camels are treated
-- in the same way as infantry in case 5" (soft sand: twice the distance).
T.case("WRG 1973 TYPES OF FIGURE: camels turn in half a period, shoot all round, cross soft sand as infantry", function()
  local camel = { type = "MC", regular = true, camel = true, weapons = { "bow" } }
  local horse = { type = "MC", regular = true, weapons = { "bow" } }
  T.eq(troops.turn_time(camel), 0.5, "regular camelry: 1/2 period")
  T.eq(troops.turn_time(horse), 0.25, "regular horse: 1/4")
  T.eq(troops.shooting_arc(camel), tables.arcs.all_round, "camelry shoot all round")
  T.eq(troops.shooting_arc(horse), tables.arcs.other, "medium cavalry 22 1/2 degrees")
  local sand = { { type = "sand", x = 60, y = 50, r = 30 } }
  local G = fight{ terrain = sand, side1 = { unit("k", "MC", 600, 450, 0, { weapons = { "bow" }, figures = 4, ranks = 1, camel = true }) },
                   cmd1 = ahead }
  play(G)
  T.near(gone(G, G.by_id[1].k, 450), 120 / 2, 0.6, "camels in soft sand: twice the distance (120 paces cost 240)")
  G = fight{ terrain = sand, side1 = { unit("h", "MC", 600, 450, 0, { weapons = { "bow" }, figures = 4, ranks = 1 }) }, cmd1 = ahead }
  play(G)
  T.near(gone(G, G.by_id[1].h, 450), 120 / 4, 0.6, "horsemen: four times")
end)

-- AFTER HAND-TO-HAND FIGHTING: "Cavalry and chariots, but not camelry and
-- elephants, who have been forced to recoil 30 paces but have not been
-- followed up, must rally back before they can charge again." Heavy
-- infantry in a hold order (they "must not" follow up) push back horsemen.
T.case("WRG 1973 AFTER HAND-TO-HAND FIGHTING: recoiled cavalry not followed up rally back; camelry do not", function()
  local function run(camel)
    for seed = 1, 300 do
      local G = fight{ seed = seed,
                       side1 = { unit("h", "MC", 600, 300, 0, { weapons = { "spear" }, figures = 4, ranks = 1, camel = camel, class = "A" }) },
                       side2 = { unit("p", "MI", 600, 300 + 20 + 10, 180, { weapons = { "spear" }, figures = 8, ranks = 1, regular = true,
                                                                             set = { order = "hold" } }) } }
      local h, p = G.by_id[1].h, G.by_id[2].p
      for _, id in ipairs({ h, p }) do G.D[id].in_melee, G.D[id].melee_periods = true, 1 end
      G.D[h].opponents, G.D[p].opponents = { p }, { h }
      play(G)
      local d = G.D[h]
      if d.pushed_period == 1 and not d.routing then
        T.truthy(not G.D[p].following, "the infantry in a hold order do not follow up")
        return d.state
      end
    end
    error("no seed gave a push-back without a break")
  end
  T.eq(run(false), "rally_back", "horsemen pushed back, not followed up: rally back")
  T.eq(run(true), nil, "camelry: no")
end)

-- "Movement on roads is always at the speeds for good terrain, except that
-- on steep hills, mounted troops of all types are restricted to normal move
-- distances at all times." Heavy cavalry on a road charge an enemy 150
-- paces ahead: on the flat they reach it (charge 180); on a road up a steep
-- hill they go their normal 120 at good-going speed.
T.case("WRG 1973 DIFFICULT TERRAIN: mounted troops on a road over a steep hill charge at their normal move", function()
  local function run(steep)
    local terrain = { { type = "road", from = { 60, 10 }, to = { 60, 110 }, width = 12 } }
    if steep then terrain[2] = { type = "steep_hill", x = 60, y = 40, r = 25 } end
    local G
    G = fight{ terrain = terrain,
               side1 = { unit("h", "HC", 600, 300, 0, { weapons = { "lance" }, figures = 4, ranks = 1, fanatic = true }) },
               side2 = { unit("e", "MI", 600, 300 + 20 + 150 * MM + 10, 180) },
               cmd1 = commander{ charge_target = function() return G.by_id[2].e end } }
    play(G)
    local met = false
    for _, e in ipairs(G.bf:events()) do if e.kind == "contact" and e.unit == G.by_id[1].h then met = true end end
    return G.D[G.by_id[1].h].moved, met
  end
  local moved, met = run(false)
  T.truthy(met, "on the flat road: the charge goes home (moved " .. moved .. ")")
  moved, met = run(true)
  T.near(moved, 120, 0.5, "on the road up the steep hill: the normal move, at good-going speed")
  T.truthy(not met, "short of the enemy")
end)
