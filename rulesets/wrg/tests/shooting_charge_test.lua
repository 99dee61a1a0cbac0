-- WRG Ancients 1973, SHOOTING DURING A CHARGE OR PURSUIT and SHOOTING ON
-- THE MOVE, played through the battle engine (turn.play).
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
                  challenge = function() return nil end, evade = function() return false end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

local function shots_by(G, uid, at)
  local n = 0
  for _, e in ipairs(G.bf:events()) do if e.kind == "shoot" and e.unit == uid and (at == nil or e.target == at) then n = n + 1 end end
  return n
end

local function contacted(G, uid)
  for _, e in ipairs(G.bf:events()) do if e.kind == "contact" and e.target == uid then return true end end
  return false
end

-- "Troops armed with missiles other than hand-hurled weapons can shoot at
-- an enemy charging from more than half his move distance away". Heavy
-- cavalry (charge 180 paces) charge foot archers from 150 paces, then from
-- 80 (within half their move); javelinmen charged from 150 do not shoot.
T.case("WRG 1973 SHOOTING DURING A CHARGE: at chargers from more than half their move, not with hand-hurled weapons", function()
  local function run(gap, weapon)
    local G
    G = battle.skirmish{
      dice = dice.random(4), report = function() end,
      sides = { { units = { { id = "a", type = "MI", weapons = { weapon }, figures = 8, ranks = 1, regular = true, class = "A",
                              at = { 600, 300, 0 } } }, commander = commander() },
                { units = { { id = "h", type = "HC", weapons = { "lance" }, figures = 4, ranks = 1, fanatic = true,
                              at = { 600, 300 + 10 + gap * MM + 20, 180 } } },
                  commander = commander{ charge_target = function() return G.by_id[1].a end } } },
    }
    turn.play(G)
    return shots_by(G, G.by_id[1].a, G.by_id[2].h), contacted(G, G.by_id[1].a)
  end
  local n, contact = run(150, "bow")
  T.truthy(contact, "the charge goes home")
  T.eq(n, 1, "charged from 150 paces (more than 90): the archers shoot at the chargers")
  n, contact = run(80, "bow")
  T.truthy(contact, "the charge from 80 paces goes home")
  T.eq(n, 0, "charged from 80 paces: they take up their hand-to-hand weapons")
  n = run(150, "javelin")
  T.eq(n, 0, "javelins are hand-hurled: counted in the melee factors")
end)

-- "Charging or pursuing troops may only shoot if the enemy succeeds in
-- moving out of reach, and will then do so at the end of their move. They
-- will count disorganised because they have not yet rallied, but their
-- targets will be assumed to have their backs turned". Horse archers charge
-- skirmishing horse archers 150 paces off, who evade 160 paces: out of the
-- chargers' 240, within their bows' 120 at the end.
T.case("WRG 1973 SHOOTING DURING A CHARGE: chargers shoot at evaders who got out of reach, at their backs", function()
  local G
  G = battle.skirmish{
    dice = dice.random(2), report = function() end,
    sides = { { units = { { id = "c", type = "LC", weapons = { "bow" }, figures = 6, ranks = 1, fanatic = true, regular = false,
                            class = "B", shield = false, at = { 900, 300, 0 } } },
                commander = commander{ charge_target = function() return G.by_id[2].s end } },
              { units = { { id = "s", type = "LC", weapons = { "bow" }, figures = 6, ranks = 1, shield = false,
                            at = { 900, 300 + 20 + 150 * MM + 20, 180 }, set = { order = "skirmish" } } },
                commander = commander{ evade = function() return true end } } },
  }
  local c, s = G.by_id[1].c, G.by_id[2].s
  turn.play(G)
  T.truthy(G.D[s].evaded_turn == 1, "the skirmishers evaded")
  T.truthy(G.bf:distance(c, s) > 0.5, "out of reach")
  T.eq(shots_by(G, c, s), 1, "the chargers shoot at them at the end of their move")
  T.truthy(G.D[c].disorganised, "counting disorganised")
end)

-- SHOOTING ON THE MOVE: "If one body of troops moves through another, only
-- one of them may shoot." Skirmishers evading through friendly archers: the
-- archers shoot, the skirmishers do not.
T.case("WRG 1973 SHOOTING ON THE MOVE: troops that moved through friends do not shoot", function()
  local C = require("wrg.shooting.during_a_charge")
  local G = battle.skirmish{ dice = dice.random(1), report = function() end,
    sides = { { units = { { id = "a", type = "LI", weapons = { "bow" }, figures = 6, ranks = 1, at = { 600, 300, 0 } } }, commander = commander() },
              { units = { { id = "e", type = "MI", weapons = { "spear" }, figures = 8, ranks = 1, at = { 600, 300 + 15 + 100 * MM + 10, 180 } } },
                commander = commander() } } }
  local a = G.by_id[1].a
  C.moved_through(G, a)
  turn.play(G)
  T.eq(shots_by(G, a), 0, "marked as having moved through friends this period: no shot")
  G.turn = 2
  turn.play(G)
  T.eq(shots_by(G, a), 1, "next period it shoots again")
end)

-- EVADING: "Evading troops can pass through a friendly unit. If chargers
-- wish to follow, both must test reaction, irrespective of the distance at
-- which the second enemy formation is first sighted." Horsemen charge
-- skirmishers 100 paces off, who evade through the foot behind them; the
-- horsemen strike the foot 114 paces from where they started (within their
-- 120-pace normal move, where no test for being charged is taken).
T.case("WRG 1973 EVADING: chargers following evaders through their friends, both test", function()
  local G
  G = battle.skirmish{
    dice = dice.random(3), report = function() end,
    sides = { { units = { { id = "h", type = "HC", weapons = { "lance" }, figures = 4, ranks = 1, fanatic = false,
                            at = { 900, 300, 0 } } },
                commander = commander{ charge_target = function() return G.by_id[2].s end } },
              { units = { { id = "s", type = "LI", weapons = { "javelin" }, figures = 4, ranks = 1,
                            at = { 900, 300 + 20 + 100 * MM + 15, 180 }, set = { order = "skirmish" } },
                          { id = "f", type = "MI", weapons = { "spear" }, figures = 12, ranks = 2,
                            at = { 900, 300 + 20 + 100 * MM + 30 + 5 + 20, 180 } } },
                commander = commander{ evade = function() return true end } } },
  }
  turn.play(G)
  local h, s, f = G.by_id[1].h, G.by_id[2].s, G.by_id[2].f
  T.eq(G.D[s].evaded_turn, 1, "the skirmishers evaded")
  local struck, tested_f, tested_h = false, false, false
  for _, e in ipairs(G.bf:events()) do
    if e.kind == "contact" and e.unit == h and e.target == f then struck = true end
    if e.kind == "reaction" and e.unit == f and e.why == "being charged" then tested_f = true end
    if e.kind == "reaction" and e.unit == h and e.why == "following evaders through their friends" then tested_h = true end
  end
  T.truthy(struck, "the horsemen strike the foot behind")
  T.truthy(tested_f, "the foot test for being charged, though the chargers came within their normal move")
  T.truthy(tested_h, "and the chargers test")
end)

-- EVADING, chargers following evaders through their friends, and BROKEN
-- TROOPS: the chargers' own test at the moment of contact may break them.
-- "These will run with their backs to the enemy": a unit that breaks is out
-- of the melee at once, so its contact does not stand -- it was left routing
-- in melee (the referee's routers_no_melee stopped a campaign battle, Attila
-- in Gaul seed 2945832923567223114, battle 1). The same horsemen, skirmishers
-- and foot as above; every reaction die shows 6 until the horsemen have
-- moved (their charge goes in), then 1 (they break following the evaders).
T.case("WRG 1973 EVADING and BROKEN TROOPS: chargers who break following evaders are not left in melee", function()
  local G
  local rolls = dice.random(3)
  local rigged = {
    roll = function(_, n, purpose)
      if purpose and purpose:sub(1, 17) == "WRG reaction test" then
        local h = G and G.by_id[1].h
        return (h and (G.D[h].moved or 0) > 0) and 1 or 6
      end
      return rolls:roll(n, purpose)
    end,
  }
  G = battle.skirmish{
    dice = rigged, report = function() end,
    sides = { { units = { { id = "h", type = "HC", class = "E", weapons = { "lance" }, figures = 4, ranks = 1, fanatic = false,
                            at = { 900, 300, 0 } } },
                commander = commander{ charge_target = function() return G.by_id[2].s end } },
              { units = { { id = "s", type = "LI", weapons = { "javelin" }, figures = 4, ranks = 1,
                            at = { 900, 300 + 20 + 100 * MM + 15, 180 }, set = { order = "skirmish" } },
                          { id = "f", type = "MI", weapons = { "spear" }, figures = 12, ranks = 2,
                            at = { 900, 300 + 20 + 100 * MM + 30 + 5 + 20, 180 } } },
                commander = commander{ evade = function() return true end } } },
  }
  -- the referee's routers_no_melee, looked at as each phase ends
  local routing_in_melee
  G.bf:on_time(function(_, _, phase)
    for uid, d in pairs(G.D) do
      if d.routing and d.in_melee and not routing_in_melee then routing_in_melee = G.D[uid].name .. " after " .. phase end
    end
  end)
  turn.play(G)
  local h, f = G.by_id[1].h, G.by_id[2].f
  local tested_h = false
  for _, e in ipairs(G.bf:events()) do
    if e.kind == "reaction" and e.unit == h and e.why == "following evaders through their friends" then tested_h = true end
  end
  T.truthy(tested_h, "the chargers test as they follow the evaders")
  T.truthy(G.D[h].routing, "and break")
  T.eq(routing_in_melee, nil, "no router is left in melee at a phase's end")
end)
