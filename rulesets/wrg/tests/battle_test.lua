-- Whole battles: a seeded golden battle, determinism, a smoke test that two
-- AI armies reach a result, the account, and rule situations set up by hand.
local T = require("lib.testing")
local loader = require("sandtable.loader")
local lbattle = require("lib.battle")
local scenario = require("lib.scenario")
local dice = require("sandtable.dice")

local function parse(text, name)
  return scenario.parse(text, name or "test.yaml", "scenarios/wrg")
end

local MEDWAY = loader.read("scenarios/wrg/medway.yaml")
local prepared = lbattle.prepare(parse(MEDWAY, "medway.yaml"))

local function run(seed, opts)
  opts = opts or {}
  return lbattle.run{ prepared = opts.prepared or prepared, seed = seed, log = opts.log or false, report = opts.report }
end

-- The golden battle: the Medway, seed 43 (the scenario's own seed). Any
-- change to a rule, to the default commander or to the dice an adjudication
-- asks for changes it. When such a change is meant, read the account of
--   build/sandtable battle scenarios/wrg/medway.yaml
-- to see that the change did what it should, then print the new values with
--   local s = require("lib.scenario").parse(require("sandtable.loader").read(
--     "scenarios/wrg/medway.yaml"), "medway.yaml", "scenarios/wrg")
--   local r = require("lib.battle").run{ scenario = s, seed = 43, log = false }
--   print(r.winner, r.turns, r.hash)
-- (a file for `build/sandtable run`) and put the three values here.
-- (Changed by the commander that presses home and the rout fixes: the
-- Britons are now beaten and leave the field after 6 periods; it was a win
-- on points after 12, hash ad5e64c523b410fa. Renewed for secure flanks and
-- cover in the reaction test: the same result, hash c1c64bc46f1f3534.
-- Renewed for INTERPENETRATION: the Ala Petriana routs through Legio XIV,
-- Britons' routs sweep away their chariots and a warband; the Britons flee
-- after 8 periods, not 6; hash 0123c36eb2698eb2. Renewed for RISK TO THE
-- GENERAL: the die for the British General's share of a melee shifts every
-- later roll; the Britons flee after 5 periods; hash 9bc86f39ccade62d.
-- Renewed for breaking off and troops leaving the field: no unit breaks off
-- or leaves in this battle, the same result; the units' new fields change
-- the hash, was 5399d5d2af9b7ee6. Renewed for the six terrain units of
-- CHOICE OF TERRAIN (house, hill, wood, marsh, river, bridge or ford by one
-- die): the same dice now lay a building in the middle of the table and a
-- marsh; the Britons win on points after 12 periods, hash 820533cbd445dacf.
-- Renewed for 2(iv) "routs past": the Roman archers test twice as routed
-- friends run past (the second time they retire); the Romans flee after 11
-- periods. Renewed for the referee (issue #12: no base ends on another,
-- routers contacted are not pinned, charges line up only where clear) and
-- the 18 defects of issue #12 (rallies on chart 2's rows, evaders' chargers
-- rally back, 1(iii) immediately, terrain impractical for vehicles, the
-- pursuit strike by the files in contact, ...): the Romans win on points
-- after 12 periods, hash e32fc714b7c04e7e; 74 phases pass the referee.
-- Renewed for instructions from end-of-period tests lasting their periods
-- (a halt or retire governed one period less): the Britons flee after 10
-- periods, hash 69e1b1281aa911b8. Renewed for bases overlapping within
-- rounding before a move (they may stay so, not go deeper): the same result,
-- positions a fraction of a millimetre apart, hash 73535d181cb4daad.
-- Renewed for the core's moves holding bases that overlap by rounding from
-- going deeper (they were no obstacle): in period 3 Ala Petriana, routed while
-- touching the Catuvellauni in front and the chariots on its left, can no
-- longer swing its corners through the chariots to turn and run, so it
-- surrenders (ROUT AND PURSUIT: a router that cannot move); the Britons win
-- when the Romans flee after 5 periods, hash 97cb2b31b793a3b5.
-- Renewed for the orders system (rulesets/wrg/orders/): orders written
-- as sentences, changed only by messengers and signals, no "attack" coming
-- back by itself after an instruction; the Britons flee after 4 periods,
-- hash f4cfe26f63862050. Renewed for skirmishers standing where an evade
-- gets them clear instead of out of the whole charge reach: the same
-- result, hash 164a685747db4edf (on the engine before the core's
-- collision change). Both together: the Romans' charges stall against the
-- Britons' screen and neither army breaks: a draw after 12 periods (593 of
-- 893 Roman points left, 633 of 804 British), hash a6e3c712a1e7504f.
-- Merged with issue #12's second half; renewed for challenges to personal combat (RISK TO THE GENERAL, issue #12):
-- the British General in his chariot challenges the legate and kills him in
-- the personal combat; the Roman army tests; the Romans win on points after
-- 12 periods, hash fb50f4f0d13497b5. Renewed for sub-units and the points
-- of the figures left (WINNERS AND LOSERS counted a unit's figures' points
-- times figures / original, a quarter at half strength): the same result;
-- the units' new fields (last test, separated figures) change the hash,
-- e825d1ae4c3be664. Renewed for reorganising (a unit that had once
-- reorganised never charged again, and moved in its period of reorganising:
-- tests/reorganising_test): the Romans' charges go in again; the Britons
-- flee after 4 periods, hash 5580cd88bfe83e66. Renewed for troops in
-- sight and surprise from cover in the reaction test (+1 other friends in
-- sight, -1 other enemy in sight): the same result, hash 61348aa187062b99.
-- Renewed for routers turning towards gaps in their friends: the same
-- result, hash 174d03075246291d. Renewed for no shooting over intervening
-- troops on the flat: the same result, hash 4161b8c91d28090c. Renewed for
-- shooting during a charge (at chargers from more than half their move; by
-- chargers at evaders out of reach) and pursuers engaged by a fresh enemy:
-- the same result, hash dd8777b5ad06fc48 (on the core before main's
-- change above). Merged with main (its core holding overlapping bases): Ala
-- Petriana surrenders in part as on main; the British General challenges
-- the legate, who is wounded and taken prisoner (3 men to 2); the Romans
-- win on points after 12 periods, hash 5083e4293669e9b9. Renewed for
-- chargers following evaders through their friends (both test): the Iceni,
-- following the evading archers into the cohort behind them, test and go
-- on out of control; the Britons flee after 8 periods, hash
-- 456b56c7e2cd4c52. Merged with the orders system (and the weather
-- module's hooks): three routers hemmed in surrender in part (Ala Petriana,
-- the Trinovantes, the slingers); the Romans win on points after 12
-- periods, hash 7be377f611c6d06c. Renewed for issue #13 (the WRG
-- commander keeps intervals between its units and its skirmishers order no
-- move that goes nowhere): the Britons win on points after 12 periods,
-- hash a1d6e2e1135b4002. Renewed for charges that meet on the way (MOVEMENT,
-- GENERAL: "Both sides move simultaneously"; side 1's charger used to cover
-- the whole gap while side 2's stood): the Britons, five units lost, are
-- ordered off the field after 11 periods, hash b4ba674120b41d17. Renewed
-- again when the commander's cost of turning was cut to a third on the line
-- to its objective: a draw after 12 periods, hash 055e6a8bcad0a321.
-- Renewed (session six, issue #13) when the commander stopped ordering
-- charges at routers it already touches and moves of less than a
-- millimetre: still a draw after 12 periods, hash d781f0c1bb91101d.
-- Renewed again when it stopped ordering moves and charges its trials
-- show going nowhere (and kept room to wheel, since left off: a Roman win
-- on points, hash b1db6d9d46fc873f): a draw after 12 periods (586 of 893
-- points against 550 of 804), hash 706424c0e0c9c785. Renewed (session
-- seven) when every charge and countercharge moves together in sub-steps
-- (wrg.period.simultaneous_charges: side 1's charges no longer move
-- first): a draw after 12 periods (384 of 893 points against 458 of 804),
-- hash bb1e7fb78641cecb. Renewed when the sides' ordinary moves alternate
-- unit by unit, the side first drawn by lot each period (a die more each
-- period in which units of both sides may move): the Britons win on points
-- after 12 periods (468 of 893 points against 678 of 804), hash
-- 3ee5c05ddaef508f. Renewed (session eight, issue #13) when the commander
-- tries the charge it declares, not only the trial at the enemy it aimed
-- at (a charge declared at the first enemy struck on the way to another
-- used to run into a friend and move nothing): the Romans, 216 of 893
-- points left, are ordered off the field after 10 periods, hash
-- cccad2562011116a. Renewed when skirmishers keep to the enemy they made
-- for and a charge is declared only at an enemy the order allows: the same
-- result, hash 451a666cfebe0aca. Renewed (session eight, second round)
-- when a unit that swung its facing one way and back does not swing the
-- first way again (ai.SWING; a cost until session ten): the same result, hash 4177d2454b7e70e8.
-- Renewed (session nine, second round) when the side whose chargers run
-- first in a charge's first sub-step is drawn by lot each period
-- (wrg.period.simultaneous_charges; it followed the period's number): the
-- Britons, 224 of 804 points left, flee the field after 7 periods (the
-- Romans 781 of 893), hash eef32cfbf50e8482. Renewed (session ten, issue
-- #13) when the end of the table the lines are drawn from is drawn by lot
-- before the sketch maps (wrg.deployment.sketch_map; a die more before
-- the battle, every later die shifted; the lot says "west", the old end):
-- the Romans, 292 of 893 points left, flee the field after 7 periods (the
-- Britons 710 of 804), hash d16df2feddbc8e6c. Renewed (session ten, second
-- round) when a move of a rounding's length (under 1e-6 paces) is no move,
-- neither an advance nor an obstruction by difficult terrain
-- (wrg.period.movement, movement_phase): the same winner and periods, hash
-- 9d8e102a7bfaf4f1.)
local GOLDEN = { winner = 2, turns = 7, reason = "fled the field", hash = "9d8e102a7bfaf4f1" }

T.case("Golden battle: the Medway, seed 43", function()
  local r = run(43)
  T.eq({ r.winner, r.turns }, { GOLDEN.winner, GOLDEN.turns }, "winner and periods")
  T.eq(r.hash, GOLDEN.hash, "hash of the final state")
end)

T.case("Determinism: the same seed gives the same battle, log on or off", function()
  local a = run(7)
  local b = run(7, { log = true })
  T.eq({ a.winner, a.turns, a.hash }, { b.winner, b.turns, b.hash })
  T.truthy(run(8).hash ~= a.hash, "another seed, another battle")
end)

T.case("Smoke: two AI armies reach a result (a winner) in most of 30 battles of each scenario", function()
  for _, file in ipairs({ "medway.yaml", "gaugamela.yaml" }) do
    local p = lbattle.prepare(parse(loader.read("scenarios/wrg/" .. file), file))
    local results = 0
    for seed = 1, 30 do
      local r = lbattle.run{ prepared = p, seed = seed, log = false }
      T.truthy(r.turns >= 1 and r.turns <= 12, "within 12 periods")
      if r.winner then results = results + 1 end
    end
    T.truthy(results >= 15, file .. ": only " .. results .. " of 30 reached a result")
  end
end)

-- WINNERS AND LOSERS, THE REACTION TEST 2(ix), ROUT AND PURSUIT: battles are
-- decided on the table, as they would be, not by counting points at nightfall:
-- over 20 seeds of each scenario most battles end before the last period
-- with a side that has fled the field (every unit routing, leaving or gone,
-- or a beaten army withdrawn by its commander), and units do break and rout.
-- (Measured when written: Medway 9 of 20, Gaugamela 17 of 20; the Medway's
-- 40-figure warbands can grind for many periods, since a push-back needs 1
-- casualty per figure. Secure flanks and cover in the reaction test (+1 a
-- flank for a unit in line) made lines steadier: Medway 5 of 20 (16 of 40
-- seeds, from 19), so the Medway's floor is 5; Gaugamela's stays 8.
-- With the orders system (units go only where their written orders point,
-- and wait for a messenger when those are done) and issue #12's generals
-- and sketch maps together: Medway 9, Gaugamela 10, 19 of 40, so "most"
-- became "near half" (the whole floor 18). Decisiveness is issue #13's
-- goal for the commander (sandtable quality: decided 40-45% of 100 seeds).)
T.case("Decisive battles: over 20 seeds of each scenario, near half the battles end before nightfall with a side fleeing", function()
  local total_fled = 0
  local floor = { ["medway.yaml"] = 5, ["gaugamela.yaml"] = 8 }
  for _, file in ipairs({ "medway.yaml", "gaugamela.yaml" }) do
    local p = lbattle.prepare(parse(loader.read("scenarios/wrg/" .. file), file))
    local early, fled, routs = 0, 0, 0
    for seed = 1, 20 do
      local r = lbattle.run{ prepared = p, seed = seed, log = false }
      if r.turns < 12 then early = early + 1 end
      if r.reason == "fled the field" then
        fled = fled + 1
        T.truthy(r.winner ~= nil, "a side that flees loses")
        local loser = 3 - r.winner
        T.truthy(r.vp[loser].left < r.vp[r.winner].left, "the side that fled had fewer points standing")
      end
      for s = 1, 2 do for _, n in pairs(r.losses[s]) do routs = routs + n end end
    end
    T.truthy(early >= floor[file], file .. ": only " .. early .. " of 20 ended before the last period")
    T.truthy(fled >= floor[file], file .. ": only " .. fled .. " of 20 ended with a side fleeing")
    T.truthy(routs >= 40, file .. ": only " .. routs .. " units lost (routed or gone) in 20 battles")
    total_fled = total_fled + fled
  end
  T.truthy(total_fled >= 18, "near half of the 40 battles end with a side fleeing: " .. total_fled)
end)

-- ROUT AND PURSUIT, BROKEN TROOPS: a broken unit runs in the next period
-- even with its pursuer in contact (it turns its back on the enemy it runs
-- from), and is no longer in melee.
T.case("BROKEN TROOPS: a router in contact with its pursuer turns and runs", function()
  local battle = require("wrg.battle")
  local turn = require("wrg.turn")
  local G = battle.skirmish{
    dice = dice.random(3),
    sides = {
      { units = { { id = "hc", type = "HC", class = "B", weapons = { "spear" }, figures = 8, ranks = 2,
                    at = { 600, 400, 0 } } } },
      { units = { { id = "li", type = "LI", class = "D", regular = false, weapons = { "javelin" }, figures = 12, ranks = 2,
                    at = { 600, 400 + 40 / 2 + 40 / 2, 180 } } } },
    },
  }
  local hc, li = G.by_id[1].hc, G.by_id[2].li
  T.eq(G.bf:distance(hc, li), 0, "in contact")
  turn.rout(G, li, hc)
  T.eq(G.D[li].in_melee, false, "a broken unit is out of the melee")
  -- the pursuer comes round its front: it must still get away
  local x, y = G.bf:pos(li)
  G.bf:place(li, x, y, 180)
  G.D[hc].pursuing, G.D[hc].pursue_periods = li, 0
  G.turn = 2
  turn.play(G)
  local d = G.D[li]
  T.truthy(d.gone or (d.moved or 0) > 20, "the router ran (moved " .. tostring(d.moved) .. ")")
end)

T.case("The readable account names the phases' events", function()
  local lines = {}
  run(43, { report = function(l) lines[#lines + 1] = l end })
  local text = table.concat(lines, "\n")
  for _, want in ipairs({ "WRG ANCIENTS 1973: Early Imperial Roman against Ancient British", "Choice of terrain",
                          "=== Period 1 ===", "reaction test of", "shoots at", "strikes", "charges", "BREAKS and routs",
                          GOLDEN.winner and ("VICTORY to " .. (GOLDEN.winner == 1 and "Early Imperial Roman" or "Ancient British")
                                             .. " after " .. GOLDEN.turns .. " periods ("
                                             .. GOLDEN.reason .. ")")
                            or ("A DRAW after " .. GOLDEN.turns .. " periods") }) do
    T.truthy(text:find(want, 1, true), "account mentions " .. want)
  end
end)

T.case("Scenario with the options: weather and sudden death", function()
  local text = MEDWAY:gsub("turns: 12\n", "turns: 12\noptions: [weather, sudden_death]\n")
  local p = lbattle.prepare(parse(text))
  local r = lbattle.run{ prepared = p, seed = 5, log = false }
  T.truthy(r.state.weather ~= nil, "weather diced")
  T.truthy(r.winner ~= nil or r.vp[1].left == r.vp[2].left, "sudden death: any margin wins")
end)

-- A hand-set situation: HC charge a unit of MI from 100 paces; the charge
-- is declared, tested, moves and strikes with the charging factor.
T.case("CHARGING: declared, tested, moved into contact and fought", function()
  local battle = require("wrg.battle")
  local turn = require("wrg.turn")
  local lines = {}
  local G = battle.skirmish{
    dice = dice.random(11), report = function(l) lines[#lines + 1] = l end,
    sides = {
      { units = { { id = "hc", type = "HC", class = "B", weapons = { "lance", "sword" }, figures = 8, ranks = 2,
                    at = { 600, 400, 0 } } } },
      { units = { { id = "mi", type = "MI", class = "D", regular = false, weapons = { "javelin" }, figures = 20, ranks = 2,
                    at = { 600, 400 + 80 / 2 + 40 / 2 + 254 + 1, 180 } } } },
    },
  }
  turn.play(G)
  local text = table.concat(lines, "\n")
  T.truthy(text:find("attempting to charge", 1, true), text)
  local hc = G.D[G.by_id[1].hc]
  if text:find("charges", 1, true) then
    T.truthy(text:find("contacts", 1, true), "the charge reaches: " .. text)
    T.truthy(text:find("strikes", 1, true), "and fights")
    T.eq(hc.melee_periods >= 1 or hc.gone or hc.routing or hc.pursuing ~= nil, true)
  end
end)

-- The movement and sight code read a base's size from the unit's record
-- (d.w, d.dp) instead of asking bf:unit (a table a call): every bf:add_unit
-- and bf:resize of WRG takes the size from there (battle.add_unit, the
-- sub-units, turn.set_files, the hollow square), so the two must agree at
-- every period's end of every battle, whatever the formation changes.
T.case("Every unit's record keeps its base's size: d.w and d.dp are the core's width and depth", function()
  local checks, resized = 0, 0
  for _, file in ipairs({ "medway.yaml", "gaugamela.yaml", "mons_graupius.yaml", "issus.yaml", "ctesiphon.yaml",
                          "fantasy_dark_host.yaml", "siege_amida.yaml", "rhine_snow.yaml" }) do
    local p = lbattle.prepare(parse(loader.read("scenarios/wrg/" .. file), file))
    local s = p.scenario
    for seed = 1, 4 do
      local first = {}
      local commanders = {}
      for i, entry in ipairs(s.armies) do commanders[i] = entry.commander end
      p.battle.run{ rules = p.rules, scenario = s, armies = p.armies, commanders = commanders,
                    dice = dice.random(seed), seed = seed, turns = s.turns or 12, log = false,
                    turn_ended = function(bf, t)
                      for _, id in ipairs(bf:units()) do
                        local d, u = bf:data(id), bf:unit(id)
                        T.eq({ d.w, d.dp }, { u.width, u.depth }, string.format("%s seed %d period %d unit %d", file, seed, t, id))
                        checks = checks + 1
                        first[id] = first[id] or u.width
                        if first[id] ~= u.width then resized = resized + 1; first[id] = u.width end
                      end
                    end }
    end
  end
  -- (measured when written: 3,707 checks; the commander ordered no change of
  -- frontage in these battles, hence the formation changes below)
  T.truthy(checks > 1000, string.format("%d checks, %d resized", checks, resized))
  -- the changes of frontage and the hollow square, made by hand
  local F = require("wrg.tests.fixtures")
  local turn = require("wrg.turn")
  local G = F.fight{ side1 = { F.unit("a", "HI", 900, 300, 0, { figures = 24, ranks = 4 }) } }
  local uid = G.by_id[1].a
  local d = G.D[uid]
  local function agrees(what)
    local u = G.bf:unit(uid)
    T.eq({ d.w, d.dp }, { u.width, u.depth }, what)
  end
  local w0 = d.w
  turn.set_files(G, uid, 12)
  agrees("12 files")
  turn.set_files(G, uid, 3)
  agrees("3 files")
  T.truthy(d.w < w0, "the frontage changed")
  d.squaring = true
  turn.form_square(G, uid, 10)
  T.truthy(d.square, "in hollow square")
  agrees("hollow square")
  d.squaring = false
  turn.form_square(G, uid, 10)
  agrees("out of square")
end)
