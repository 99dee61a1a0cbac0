-- WRG Ancients 1973, CAMPAIGNS: the rules the campaign carries between
-- battles (rulesets/wrg/campaign.lua), each against the text, and the
-- defender's terrain change through the real battle engine.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local C = require("wrg.campaign")
local armies = require("wrg.armies")
local setup = require("wrg.setup")
local battle = require("wrg.battle")

-- "In a drawn game, each side recovers all its runaways and half its other
-- losses. A winner recovers all his losses, and a loser recovers half his
-- runaways and a quarter of his other losses."
T.case("WRG 1973 CAMPAIGNS: a draw recovers all runaways and half the other losses", function()
  T.eq({ C.recovered("draw", 10, 20) }, { 10, 10 })
  T.eq({ C.recovered("draw", 7, 9) }, { 7, 4 }, "half of 9 rounds down")
end)

T.case("WRG 1973 CAMPAIGNS: a winner recovers all his losses", function()
  T.eq({ C.recovered("winner", 10, 20) }, { 10, 20 })
  T.eq({ C.recovered("winner", 0, 13) }, { 0, 13 })
end)

T.case("WRG 1973 CAMPAIGNS: a loser recovers half his runaways and a quarter of his other losses", function()
  T.eq({ C.recovered("loser", 10, 20) }, { 5, 5 })
  T.eq({ C.recovered("loser", 9, 7) }, { 4, 1 }, "halves and quarters round down")
  T.raises(function() C.recovered("victor", 1, 1) end, "draw, winner or loser")
end)

-- "The remaining losses are recovered for the battle following."
T.case("WRG 1973 CAMPAIGNS: the remaining losses miss the next battle and come back for the one after", function()
  -- a loser's unit of 24 figures: 8 standing, 8 fled, 8 casualties
  local e = { figures = 24, returning = 0 }
  local s = C.settle(e, { standing = 8, runaways = 8 }, "loser")
  T.eq(s.killed, 8); T.eq(s.runaways, 8)
  T.eq(s.recovered, 4 + 2, "half the runaways and a quarter of the casualties")
  T.eq(s.figures, 8 + 6, "next battle: those standing and those recovered at once")
  T.eq(s.returning, 4 + 6, "the rest: back for the battle after")
  -- the next battle (a draw, nothing lost): the returning figures rejoin
  local s2 = C.settle({ figures = s.figures, returning = s.returning }, { standing = s.figures, runaways = 0 }, "draw")
  T.eq(s2.figures, 24, "every figure back for the third battle")
  T.eq(s2.returning, 0)
end)

-- "1. The first battle is fought as a straight forward encounter. If this is
-- drawn, the next will also be an encounter battle. 2. If one side loses, it
-- is pushed back and fights on the defensive next time. ... If the defender
-- wins, his opponent defends next time. If it is a draw, the first defender
-- carries on. 3. If the defender loses, he takes refuge in a fortress"
T.case("WRG 1973 CAMPAIGNS: losers fall back and defend; who defends after each result", function()
  T.eq({ C.next_defender(nil, nil) }, {}, "a drawn encounter: another encounter")
  T.eq({ C.next_defender(nil, 1) }, { 2 }, "side 2 lost the encounter: it defends")
  T.eq({ C.next_defender(nil, 2) }, { 1 })
  T.eq({ C.next_defender(2, 2) }, { 1 }, "the defender wins: his opponent defends next time")
  T.eq({ C.next_defender(2, nil) }, { 2 }, "a draw: the first defender carries on")
  T.eq({ C.next_defender(2, 1) }, { 2, true }, "the defender loses: a fortress")
end)

T.case("WRG 1973 CAMPAIGNS: the defender adds or subtracts up to 3 terrain units", function()
  T.eq(C.clamp_terrain_change(5), 3); T.eq(C.clamp_terrain_change(-7), -3); T.eq(C.clamp_terrain_change(2), 2)
  -- the default commander: foot armies add broken ground, horse armies clear it
  local foot = { { type = "HI", class = "C", regular = true, figures = 40, weapons = { "pilum" } } }
  local horse = { { type = "HC", class = "C", regular = true, figures = 40, weapons = { "cav_spear" } },
                  { type = "LI", class = "C", regular = true, figures = 10, weapons = { "bow" } } }
  T.eq(C.defender_terrain(foot), 3)
  T.eq(C.defender_terrain(horse), -3)
end)

-- CHOICE OF TERRAIN with the defender's change: the same dice give the same
-- pieces, and 3 more (or fewer).
T.case("WRG 1973 CAMPAIGNS: the terrain change is applied to the units picked in the usual way", function()
  local S = setup.scale({})
  local _, base = setup.choose_terrain(S, dice.random(11), { 1, 1 })
  local _, more = setup.choose_terrain(S, dice.random(11), { 1, 1 }, nil, 3)
  local _, fewer = setup.choose_terrain(S, dice.random(11), { 1, 1 }, nil, -3)
  T.eq(more.count, base.count + 3)
  T.eq(fewer.count, math.max(0, base.count - 3))
  T.eq(more.die, base.die, "the same die for the usual pick")
end)

-- Through the real battle engine: a scenario's table.terrain_change reaches
-- the table, and more than 3 is refused with the key named.
local function small_army(name, type_, weapons)
  local text = string.format([[return army { name = %q, units = {
    unit { id = "guard", type = %q, class = "B", regular = true, weapons = { %q }, figures = 12, ranks = 2, general = "c_in_c" },
    unit { id = "line", type = %q, class = "C", regular = true, weapons = { %q }, figures = 24, ranks = 2 } } }]],
    name, type_, weapons, type_, weapons)
  return assert(armies.load_text(text, name .. ".lua"))
end

local function play(terrain_change, seed)
  local rules = { options = {}, require = require }
  local r = battle.run{ rules = rules, dice = dice.random(seed), log = false,
    scenario = { table = { terrain = "diced", terrain_change = terrain_change }, turns = 1 },
    armies = { small_army("A", "HI", "spear"), small_army("B", "MI", "javelin") }, commanders = { "ai", "ai" } }
  return #r.state.pieces + 0, r
end

T.case("WRG 1973 CAMPAIGNS: a battle's table.terrain_change adds the defender's terrain units", function()
  local count_more, count_base = 0, 0
  for seed = 1, 5 do
    local n0 = select(1, play(0, seed))
    local n3 = select(1, play(3, seed))
    count_base, count_more = count_base + n0, count_more + n3
    -- crossings without a river are dropped and a ford joins a river, so the
    -- pieces differ by at most 3 and never fall
    T.truthy(n3 >= n0 and n3 <= n0 + 3, string.format("seed %d: %d pieces, %d with +3", seed, n0, n3))
  end
  T.truthy(count_more > count_base, "+3 puts more terrain on the table")
  T.raises(function() play(4, 1) end, "terrain_change must be a whole number from -3 to 3")
end)

-- "can construct field defences until it balances its opponents superiority"
T.case("WRG 1973 CAMPAIGNS: field defences balance the attacker's superiority (POINTS VALUES of palisade)", function()
  T.eq(C.field_defences(800, 1000, true), { points = 200, paces = 1000 }, "regulars: 2 points per 10 paces")
  T.eq(C.field_defences(800, 1000, false), { points = 198, paces = 660 }, "barbarians: 3 points per 10 paces")
  T.eq(C.field_defences(1000, 800, true), { points = 0, paces = 0 }, "no superiority, no defences")
end)

-- "Troops that have changed sides will continue to fight for their former
-- enemy, but arabs may change sides again, while former subject races will not."
local function two_sides()
  local levy = { rec = { fields = { id = "levy", name = "Subject levy" } }, figures = 10, returning = 0, arab = false }
  local arabs = { rec = { fields = { id = "arabs", name = "Arab mercenaries" } }, figures = 10, returning = 0, arab = true }
  return { sides = { { name = "Persian", roster = { levy, arabs } }, { name = "Roman", roster = {} } } }, levy, arabs
end

T.case("WRG 1973 CAMPAIGNS: troops that changed sides fight for their former enemy", function()
  local state, levy = two_sides()
  C.change_sides(state, levy, 1)
  T.eq(#state.sides[1].roster, 1); T.eq(state.sides[2].roster[1], levy)
end)

T.case("WRG 1973 CAMPAIGNS: former subject races will not change sides again; arabs may", function()
  local state, levy, arabs = two_sides()
  C.change_sides(state, levy, 1)
  C.change_sides(state, arabs, 1)
  local note = C.change_sides(state, levy, 2)
  T.truthy(note:find("will not again", 1, true), note)
  T.eq(state.sides[2].roster[1], levy, "the levy stays with its new side")
  C.change_sides(state, arabs, 2)
  T.eq(state.sides[1].roster[#state.sides[1].roster], arabs, "the arabs went back")
end)

-- A whole step of the campaign with a scripted battle result: losses and
-- recovery per unit, changed sides, the next defender and the next month.
local function fake_result(winner, ends, reason)
  local G = { sides = { { specs = {} }, { specs = {} } }, D = {} }
  for s = 1, 2 do
    for i, d in ipairs(ends[s]) do G.sides[s].specs[i] = d end
  end
  return { winner = winner, state = G, reason = reason or (winner and "fled the field" or "draw") }
end

T.case("WRG 1973 CAMPAIGNS: after a battle, each unit's figures by the result; the loser defends next month", function()
  local state = C.start{ armies = { small_army("A", "HI", "spear"), small_army("B", "MI", "javelin") }, month = 3 }
  local plan = C.next_battle(state, 1)
  T.eq(plan.defender, nil, "the first battle is an encounter")
  T.eq(plan.month, 3, "spring")
  T.eq(#plan.armies[1].fields.units, 2)
  -- A wins: its line lost 4 figures; B's guard fled (12 runaways), B's line lost 8 figures and stands
  local r = fake_result(1, {
    { { figures = 12 }, { figures = 20 } },
    { { figures = 12, routing = true }, { figures = 16 } },
  })
  C.after_battle(state, 1, r)
  local a, b = state.sides[1].roster, state.sides[2].roster
  T.eq({ a[1].figures, a[2].figures }, { 12, 24 }, "a winner recovers all his losses")
  T.eq({ b[1].figures, b[1].returning }, { 6, 6 }, "a loser: half his runaways now, the rest later")
  T.eq({ b[2].figures, b[2].returning }, { 18, 6 }, "a loser: a quarter of his casualties now (8 -> 2)")
  T.eq(state.defender, 2, "the loser is pushed back and defends")
  T.eq(state.month, 4, "a month after the previous battle")
  local plan2 = C.next_battle(state, 2)
  T.eq(plan2.defender, 2)
  T.eq(plan2.armies[2].fields.units[1].fields.figures, 6, "the army takes the field as it stands")
  T.truthy(plan2.table.terrain_change == 3, "a foot army adds 3 terrain units")
  T.truthy(plan2.field_defences.points > 0, "B is weaker: field defences")
  -- B loses again, as the defender: a fortress, and the campaign is A's
  C.after_battle(state, 2, fake_result(1, {
    { { figures = 12 }, { figures = 24 } },
    { { figures = 6 }, { figures = 18 } },
  }))
  T.eq(state.fortress, 2)
  local o = C.outcome(state)
  T.eq(o.winner, 1)
  T.truthy(o.reason:find("fortress", 1, true), o.reason)
  T.eq({ b[1].figures, b[2].figures }, { 12, 24 }, "the figures due back rejoin for the battle after next")
end)

T.case("WRG 1973 CAMPAIGNS: a unit that fought for the other side moves to it", function()
  local state = C.start{ armies = { small_army("A", "HI", "spear"), small_army("B", "MI", "javelin") } }
  C.next_battle(state, 1)
  -- side 1's "line" (24 figures) changed sides during the battle: the
  -- battle took it off side 1 (uid 2) and set it on as side 2's unit uid 5,
  -- which ends the battle with 20 figures standing (wrg.units.allegiance)
  local D = {
    [1] = { uid = 1, figures = 12 }, [2] = { uid = 2, id = "line", name = "line", figures = 24, changed_sides = true,
                                         gone = "changed sides" },
    [3] = { uid = 3, figures = 12 }, [4] = { uid = 4, id = "line", name = "line", figures = 24 },
    [5] = { uid = 5, id = "line", name = "line", figures = 20, side = 2 },
  }
  local G = { D = D, sides = { { specs = { D[1], D[2] }, units = { 1 } }, { specs = { D[3], D[4] }, units = { 3, 4, 5 } } } }
  local notes = C.after_battle(state, 1, { winner = nil, state = G, reason = "draw" })
  T.eq(#state.sides[1].roster, 1); T.eq(#state.sides[2].roster, 3)
  local moved = state.sides[2].roster[3]
  -- 24 taken in, 20 standing at the end: 4 lost, half of them back at once
  -- (a draw), the rest the battle after; none counted as side 1's runaways
  T.eq({ moved.figures, moved.returning }, { 22, 2 }, "settled as its new side's unit")
  T.truthy(table.concat(notes, "\n"):find("line (22 figures) changed sides and will fight for B", 1, true), table.concat(notes, "\n"))
  T.truthy(table.concat(notes, "\n"):find("A (draw): 0 figures lost as casualties, 0 runaways", 1, true),
    "side 1's losses leave out the unit that went over")
  T.eq(state.defender, nil, "a drawn encounter: another encounter")
  local plan = C.next_battle(state, 2)
  T.eq(#plan.armies[2].fields.units, 3, "it fights for its former enemy")
  T.eq(plan.armies[2].fields.units[3].fields.figures, 22)
end)

T.case("WRG 1973 CAMPAIGNS: when the battles run out, the side with more wins takes the campaign", function()
  T.eq(C.final{ wins = { 2, 1 }, sides = { { name = "A" }, { name = "B" } } }.winner, 1)
  T.eq(C.final{ wins = { 1, 1 }, sides = { { name = "A" }, { name = "B" } } }.winner, nil)
end)

---------------------------------------------------------------------------
-- 3. The fortress (rulesets/wrg/campaign_fortress.lua)

local fortress = require("wrg.campaign_fortress")

-- POINTS VALUES: "10 paces of previously constructed palisade, ditch or
-- bank 2 3"; "10 paces of stone curtain wall or 5 paces of tower 10 20".
-- At 25mm, 25.4 cm of table are 100 paces and 2.54 cm are 10.
local RING = {
  { type = "fortification", defender = 2, sections = {
    { kind = "wall", from = { 0, 0 }, to = { 25.4, 0 } },        -- 100 paces: 10 x 10 (regular)
    { kind = "tower", from = { 25.4, 0 }, to = { 25.4, 2.54 } },  -- 10 paces: 2 x 10
    { kind = "gate", from = { 25.4, 2.54 }, to = { 22.86, 2.54 } }, -- 10 paces of wall: 10
    { kind = "palisade", from = { 22.86, 2.54 }, to = { 0, 0 } } } }, -- ~91 paces: 9.1 x 2
  { type = "siege", besieger = 1, ladders = 2 },
}

T.case("WRG 1973 CAMPAIGNS 3: the fortress's value by the POINTS VALUES of walls, towers and palisades", function()
  local pal = fortress.paces(math.sqrt(22.86 ^ 2 + 2.54 ^ 2))
  local value, gates = fortress.value(RING, true)
  T.eq(value, math.floor(100 + 20 + 10 + pal / 10 * 2 + 0.5))
  T.eq(gates, 1)
  local barbarian = fortress.value(RING, false)
  T.eq(barbarian, math.floor(200 + 40 + 20 + pal / 10 * 3 + 0.5), "barbarians pay the second column")
end)

T.case("WRG 1973 CAMPAIGNS 3: the besieger adds siege equipment until it balances fortress and defenders", function()
  T.eq(fortress.equipment(45, 1, true), { rams = 1, ladders = 7, points = 45 }, "a ram (10) for the gate, ladders (5)")
  T.eq(fortress.equipment(8, 1, true), { rams = 0, ladders = 1, points = 5 }, "no ram for 8 points")
  T.eq(fortress.equipment(-100, 2, true), { rams = 0, ladders = 0, points = 0 }, "stronger already: nothing")
  local pieces, siege = fortress.pieces(RING, 1, 2, { ladders = 3, rams = 1 })
  T.eq(pieces[1].defender, 1, "the campaign's besieged side holds the fortress")
  T.eq({ siege.besieger, siege.ladders, siege.rams }, { 2, 5, 1 }, "added to the scenario's own equipment")
  T.eq(RING[1].defender, 2, "the scenario's pieces are not changed")
end)

T.case("WRG 1973 CAMPAIGNS 3: the beaten defender is besieged with the troops he had left after the disaster", function()
  local state = C.start{ armies = { small_army("A", "HI", "spear"), small_army("B", "MI", "javelin") },
                         fortress = { table = { size = "183x122", terrain = RING } } }
  state.defender = 2
  C.next_battle(state, 1)
  -- B defended and lost: 6 of its guard and 10 of its line still standing, 6 + 4 fled
  C.after_battle(state, 1, fake_result(1, {
    { { figures = 12 }, { figures = 24 } },
    { { figures = 6 }, { figures = 10 }, },
  }))
  T.eq(state.fortress, 2)
  T.eq(C.outcome(state), nil, "with a fortress scenario the campaign goes on: a siege")
  local b = state.sides[2].roster
  T.eq({ b[1].figures, b[2].figures }, { 6, 10 }, "only those standing reach the fortress")
  local plan = C.next_battle(state, 2)
  T.eq(plan.scenario, "fortress")
  T.eq(plan.besieged, 2)
  T.eq(plan.table.terrain[1].defender, 2)
  T.eq(plan.table.terrain[2].besieger, 1)
  T.eq(plan.siege.equipment.points, 0, "A outweighs fortress and garrison: it adds nothing")
  -- the besieger does not capture it (a draw): the siege is broken up, an encounter next
  C.after_battle(state, 2, fake_result(nil, {
    { { figures = 12 }, { figures = 24 } },
    { { figures = 6 }, { figures = 10 } },
  }))
  T.eq({ state.fortress, state.defender }, { false, nil })
  T.eq(C.outcome(state), nil)
  T.eq(C.next_battle(state, 3).role, "an encounter battle", "the next battle will again be an encounter")
  T.truthy(b[1].figures > 6, "the figures kept out of the fortress rejoin after the siege")
end)

T.case("WRG 1973 CAMPAIGNS 3: ahead on points with the garrison standing is not a capture", function()
  T.eq(C.captured({ winner = 1, reason = "fled the field" }, 2), true)
  T.eq(C.captured({ winner = 1, reason = "points" }, 2), false, "the garrison still holds its walls at nightfall")
  T.eq(C.captured({ winner = 2, reason = "fled the field" }, 2), false, "the besieger fled")
  T.eq(C.captured({ winner = nil, reason = "draw" }, 2), false)
end)

T.case("WRG 1973 CAMPAIGNS 3: a captured fortress ends the campaign", function()
  local state = C.start{ armies = { small_army("A", "HI", "spear"), small_army("B", "MI", "javelin") },
                         fortress = { table = { terrain = "none" } } }
  state.fortress, state.defender = 2, 2
  C.next_battle(state, 1)
  C.after_battle(state, 1, fake_result(1, {
    { { figures = 12 }, { figures = 24 } },
    { { figures = 2, routing = true }, { figures = 0 } },
  }))
  local o = C.outcome(state)
  T.eq(o.winner, 1)
  T.truthy(o.reason:find("captured", 1, true), o.reason)
end)

-- The shipped campaign house rule patches its own ruleset instance only.
T.case("WRG 1973 CAMPAIGNS: the house rule winner_recovers_half (campaigns/wrg/house_rules)", function()
  local ruleset = require("lib.ruleset")
  local harsh = ruleset.load("wrg", { house_rules = { "campaigns/wrg/house_rules/winner_recovers_half.lua" } })
  local plain = ruleset.load("wrg", {})
  T.eq({ harsh.require("wrg.campaign").recovered("winner", 6, 20) }, { 6, 10 }, "runaways all, half the losses")
  T.eq({ plain.require("wrg.campaign").recovered("winner", 6, 20) }, { 6, 20 }, "the rules as written elsewhere")
end)
