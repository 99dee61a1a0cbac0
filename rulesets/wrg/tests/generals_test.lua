-- WRG Ancients 1973: GENERALS and RISK TO THE GENERAL (challenges), each in
-- a situation set up by hand (battle.skirmish) and played through the battle
-- engine (turn.play, or the engine's own reaction test turn.test). The dice
-- the point turns on are forced by purpose (the rest come from a seeded
-- source): see `rigged`.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local ai = require("wrg.ai")
local command = require("wrg.generals.command")
local challenge = require("wrg.generals.challenge")

local MM = tables.MM_PER_PACE

local rigged = F.rigged

local unit = F.unit

local commander = F.commander

local function skirmish(opts)
  local lines = {}
  local G = battle.skirmish{
    dice = opts.dice or dice.random(1),
    report = function(l) lines[#lines + 1] = l end,
    sides = {
      { units = opts.side1, commander = opts.cmd1 or commander() },
      { units = opts.side2 or { unit("far", "MI", 1700, 1150, 180) }, commander = opts.cmd2 or commander() },
    },
  }
  return G, lines
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function term(out, id)
  for _, t in ipairs(out.terms or {}) do if t.id == id then return t.after - t.before end end
  return nil
end

---------------------------------------------------------------------------
-- GENERALS: personality

-- "... modified by his own personality, which is established by a dice
-- throw at the start of the game and before writing orders. A score of 1 or
-- 2 indicates that he is over-cautious, 3 or 4 that he is average, 5 or 6
-- that he is rash. A cautious man has only a minus reaction effect, a rash,
-- only plus."
T.case("WRG 1973 GENERALS: the subordinate's personality thrown before orders, its sign on his troops' tests", function()
  local function run(die)
    local G = skirmish{
      dice = rigged({ ["WRG GENERALS"] = { die } }),
      side1 = { unit("cinc", "HC", 200, 200, 0, { general = "c_in_c", weapons = { "lance" }, figures = 6, ranks = 1 }),
                unit("sub", "MI", 1400, 200, 0, { general = "subordinate" }),
                unit("inf", "MI", 1400, 320, 0) },
    }
    local sub, inf = G.by_id[1].sub, G.by_id[1].inf
    T.eq(command.commander_of(G, inf), sub, "the unit nearest the subordinate is his")
    local with = turn.test(G, sub, "test")
    local near = turn.test(G, inf, "test")
    return G.D[sub].personality, term(with, "general_with_unit"), term(near, "general_near"), #events(G, "personality")
  end
  local p, w, n, logged = run(1)
  T.eq(p, "cautious", "1 is over-cautious")
  T.eq(w, -3, "a cautious General with the unit: only minus (-3)")
  T.eq(n, -1, "a cautious General within 150 paces: only minus (-1)")
  T.eq(logged, 1, "the throw is logged")
  p, w, n = run(4)
  T.eq(p, "average", "4 is average")
  T.eq(w, 3, "an average General's factor is the player's choice (added)")
  p, w, n = run(6)
  T.eq(p, "rash", "6 is rash")
  T.eq(w, 3, "rash: only plus (+3)")
  T.eq(n, 1, "rash: only plus (+1)")
end)

-- "Such a subordinate may only order troops under his own command"; "General
-- within 150 paces of troops under his direct command or controlled through
-- a subordinate general".
T.case("WRG 1973 GENERALS: a subordinate influences only his own troops, the C-in-C all", function()
  local G = skirmish{
    dice = rigged({ ["WRG GENERALS"] = { 6 } }),
    side1 = { unit("cinc", "MI", 200, 200, 0, { general = "c_in_c" }),
              unit("mine", "MI", 330, 200, 0),                                 -- the C-in-C's (nearest him)
              unit("sub", "MI", 1400, 200, 0, { general = "subordinate" }),
              unit("his", "MI", 1300, 330, 0) },
  }
  local ids = G.by_id[1]
  -- move the C-in-C's unit next to the subordinate's troops after command was assigned
  G.bf:place(ids.mine, 1270, 200, 0)
  local mine = turn.test(G, ids.mine, "test")
  T.eq(term(mine, "general_near"), nil, "the subordinate within 150 paces does not count for the C-in-C's unit")
  local his = turn.test(G, ids.his, "test")
  T.eq(term(his, "general_near"), 1, "he counts for his own")
  G.bf:place(ids.cinc, 1150, 200, 0)
  mine = turn.test(G, ids.mine, "test")
  T.eq(term(mine, "general_near"), 1, "the C-in-C within 150 paces counts for any unit of his force")
end)

---------------------------------------------------------------------------
-- GENERALS: superseding the command of a unit

-- "If his bodyguard including himself is 5 figures or less, or one chariot
-- or elephant, he can supersede the command of any unit of his force."
T.case("WRG 1973 GENERALS: a General with 5 figures or less takes over a unit; with more he cannot", function()
  local function run(bodyguard)
    local G = skirmish{
      side1 = { unit("bg", "HC", 600, 200, 0, { general = "c_in_c", weapons = { "lance" }, figures = bodyguard, ranks = 1 }),
                unit("leg", "HI", 800, 300, 0, { weapons = { "pilum" }, figures = 12, ranks = 3 }) },
      cmd1 = commander{ take_over = function(G2, g) return G2.by_id[1].leg end },
    }
    turn.play(G)
    local leg = G.by_id[1].leg
    return G, leg
  end
  local G, leg = run(4)
  T.eq(G.D[leg].general, "c_in_c", "the C-in-C now commands the legion")
  T.eq(G.sides[1].general, leg, "the side's General is with the legion")
  T.eq(G.D[G.by_id[1].bg].general, nil, "and no longer with his bodyguard")
  T.eq(#events(G, "general_joins"), 1, "logged")
  local out = turn.test(G, leg, "test")
  T.eq(term(out, "general_with_unit"), 3, "the legion tests with its General (+3)")
  T.truthy(command.in_front(G, leg), "and fights with him in the front rank")
  G, leg = run(6)
  T.eq(G.D[leg].general, nil, "a bodyguard of 6 figures: he cannot")
end)

---------------------------------------------------------------------------
-- RISK TO THE GENERAL: challenges to personal combat

-- Two regular Generals' units of heavy cavalry with lances 100 paces apart:
-- the first challenges the second, who accepts.
local function duel(dice_values, opts)
  opts = opts or {}
  local side1 = { unit("a", "HC", 900, 300, 0, { general = "c_in_c", weapons = { "lance" }, figures = 6, ranks = 1 }) }
  local side2 = { unit("b", "HC", 900, 300 + 40 + 100 * MM + 40, 180,
                       { general = "c_in_c", weapons = { "lance" }, figures = 6, ranks = 1, regular = opts.regular2 ~= false }),
                  unit("rear", "MI", 200, 1100, 180) }  -- far from him: more than 250 paces
  local G, lines = skirmish{
    dice = rigged({ ["WRG challenge"] = dice_values }),
    side1 = side1, side2 = side2,
    cmd1 = commander{ challenge = function(G2, g) return G2.by_id[2].b end },
    cmd2 = commander{ accept_challenge = function() return opts.accept ~= false end },
  }
  turn.play(G)
  return G, lines
end

-- "Normal weapon, tactical and random factors apply, including minus random
-- factors ... A General who receives more casualties than his opponent is
-- wounded and taken prisoner, one who receives twice as many, dead."
-- Lance against heavy cavalry, first period: weapon factor 3 each. A throws
-- minus 2, plus 5 (+3): total 6, one figure: 3 men. B throws minus 5, plus 2
-- (-3): total 0: 1 man. B received 3, A 1: twice as many, B is dead.
-- 2(viii): "On the death ... of their general or C in C within 150 paces or
-- as a result of a challenge to personal combat": every unit of his army
-- tests, the one 250 paces off too, and counts -2.
T.case("WRG 1973 RISK TO THE GENERAL: a challenge accepted, the loser killed; his army tests", function()
  local G = duel({ 2, 5, 5, 2 })
  local ev = events(G, "challenge")
  T.eq(#ev, 1, "one challenge")
  local e = ev[1].data or ev[1]
  local b, rear = G.by_id[2].b, G.by_id[2].rear
  T.eq(G.D[b].general_lost, "killed in personal combat", "B received twice as many: dead")
  T.eq(G.D[G.by_id[1].a].general_lost, nil, "A lives")
  T.eq(G.sides[2].general, nil, "side 2 has no C-in-C")
  local tested = {}
  for _, r in ipairs(events(G, "reaction")) do
    local d = r.data or r
    if d.why == "loss of the General" then tested[d.unit] = true end
  end
  T.truthy(G.bf:distance(rear, b) > 250 * MM, "the rear unit stands more than 250 paces from him")
  T.truthy(tested[rear], "the rear unit tests: loss as a result of a challenge")
  local out = turn.test(G, rear, "test")
  T.eq(term(out, "general_lost"), -2, "and counts General killed (-2) beyond 250 paces")
  local _ = e
end)

-- A throws minus 3, plus 4 (+1): total 4, one figure: 2 men to B; B throws
-- minus 3, plus 5 (+2): total 5: 3 men to A. A received 3, B 2: more, not
-- twice as many: A is wounded and taken prisoner.
T.case("WRG 1973 RISK TO THE GENERAL: more casualties but not twice: wounded and taken prisoner", function()
  local G = duel({ 3, 4, 3, 5 })
  local a = G.by_id[1].a
  T.eq(G.D[a].general_lost, "wounded and taken prisoner in personal combat", "A received 3 against 2")
  T.eq(G.D[G.by_id[2].b].general_lost, nil, "B wins")
end)

-- "If casualties are equal, fight again with hand-to-hand weapons only."
-- Bout 1: both throw 3, 3 (0): total 3, 2 men each. Bout 2 (not the first
-- period: the lance is "during the first period of each melee" only, so
-- they fight on the short spear row: HC 2): A 2, 5 (+3): 5 -> 3 men; B 5, 2
-- (-3): -1 -> 1 man.
T.case("WRG 1973 RISK TO THE GENERAL: equal casualties, they fight again", function()
  local G = duel({ 3, 3, 3, 3, 2, 5, 5, 2 })
  local ev = events(G, "challenge")
  local e = ev[1].data or ev[1]
  T.eq(e.bouts, 2, "two bouts")
  T.truthy(G.D[G.by_id[2].b].general_lost ~= nil, "B lost in the second bout")
end)

-- "However, if a barbarian general refuses a challenge to personal combat
-- by an opponent of equal rank, he loses this power" (his unit disregards
-- minus random factors while he fights in its front rank).
T.case("WRG 1973 HAND-TO-HAND COMBAT: a barbarian General refusing a challenge loses his power", function()
  local G = duel({}, { accept = false, regular2 = false })
  local b = G.by_id[2].b
  T.truthy(G.D[b].refused_challenge, "refused")
  T.eq(G.D[b].general_lost, nil, "no fight")
  T.truthy(not command.in_front(G, b), "he no longer cancels the minus random factor")
  local G2 = duel({}, { accept = false, regular2 = true })
  T.truthy(not G2.D[G2.by_id[2].b].refused_challenge, "a regular refusing loses nothing")
  T.truthy(command.in_front(G2, G2.by_id[2].b), "and keeps the power")
end)

-- The default commander: challenges only a General of equal rank whom the
-- factors favour him against, within his charge reach.
T.case("WRG 1973 RISK TO THE GENERAL: the default commander's challenge", function()
  local G = skirmish{
    side1 = { unit("a", "HC", 900, 300, 0, { general = "c_in_c", weapons = { "lance" }, figures = 6, ranks = 1 }) },
    side2 = { unit("b", "LI", 900, 300 + 40 + 100 * MM + 15, 180, { general = "c_in_c", weapons = { "javelin" }, figures = 6, ranks = 1 }) },
  }
  local a, b = G.by_id[1].a, G.by_id[2].b
  T.eq(challenge.default_challenge(G, a), b, "lance-armed cavalry challenge a light infantry General in reach")
  T.eq(challenge.default_challenge(G, b), nil, "who does not challenge them")
  G.bf:place(b, 900, 300 + 40 + 200 * MM, 180)
  T.eq(challenge.default_challenge(G, a), nil, "beyond his charge reach (180 paces): no challenge")
end)

-- "Missiles can only be concentrated on the figure if it is more than 50
-- paces from one of its own units ...; or if it stands clear vertically, as
-- when mounted on an elephant". Foot archers shoot at a General on an
-- elephant: his figure takes all the missile casualties; at a General
-- with 8 horsemen beside a friendly unit: his share.
T.case("WRG 1973 RISK TO THE GENERAL: missiles concentrated on a General on an elephant", function()
  local function run(general_unit, friend)
    for seed = 1, 40 do
      local side1 = { general_unit }
      if friend then side1[2] = friend end
      local G = skirmish{ dice = dice.random(seed), side1 = side1,
                          side2 = { unit("bows", "LI", 900, 300 + 40 + 100 * MM, 180, { weapons = { "bow" }, figures = 12, ranks = 1, regular = true }) } }
      local g = G.by_id[1].g
      turn.play(G)
      local d = G.D[g]
      if (d.missile or 0) >= 2 and d.general_men then return 20 - d.general_men, d.missile, d.under_fire or d.figures end
    end
    error("no seed gave missile casualties")
  end
  local took, missile = run(unit("g", "EL", 900, 300, 0, { general = "c_in_c", figures = 2, crew = { "javelin" }, weapons = {} }))
  T.eq(took, math.min(20, math.floor(missile + 0.5)), "on an elephant: all " .. missile .. " men")
  local took2, missile2, under = run(unit("g", "HC", 900, 300, 0, { general = "c_in_c", weapons = { "lance" }, figures = 8, ranks = 1 }),
                                     unit("f", "MI", 900 - 120 - 20 * MM, 300, 0))
  T.eq(took2, math.floor(missile2 / under + 0.5), "with his unit, a friend 20 paces off: his share")
end)

-- A whole battle with subordinates: Issus, 1,500 points a side. "...
-- established by a dice throw at the start of the game and before writing
-- orders": the two throws come before the first period; the list's
-- `command` puts the Greek hoplites under Parmenion.
T.case("WRG 1973 GENERALS: Issus, the subordinates' throws before the orders, and their troops", function()
  local loader = require("sandtable.loader")
  local parse = require("lib.scenario").parse
  local lbattle = require("lib.battle")
  local p = lbattle.prepare(parse(loader.read("scenarios/wrg/issus.yaml"), "issus.yaml", "scenarios/wrg"))
  local r = battle.run{ rules = p.rules, scenario = p.scenario, armies = p.armies, commanders = { "ai", "ai" },
                        dice = rigged({ ["WRG GENERALS"] = { 1, 6 } }), turns = 1, log = true }
  local G = r.state
  local throws = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == "personality" then throws[#throws + 1] = { e.turn, e.personality } end
  end
  T.eq(#throws, 2, "one throw for each subordinate")
  T.eq(throws[1][2], "cautious", "Parmenion throws 1: over-cautious")
  T.eq(throws[2][2], "rash", "Nabarzanes throws 6: rash")
  T.eq(throws[1][1], 0, "before the first period (the orders)")
  local parmenion, hoplites
  for _, uid in ipairs(G.all) do
    if G.D[uid].id == "thessalians" then parmenion = uid end
    if G.D[uid].id == "hoplites" then hoplites = uid end
  end
  T.eq(command.commander_of(G, hoplites), parmenion, "the hoplites are Parmenion's (the list's 'command')")
  T.eq(command.personality(G, parmenion), "cautious")
end)
