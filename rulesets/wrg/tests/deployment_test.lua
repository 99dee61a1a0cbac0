-- WRG Ancients 1973: SCOUTS and DEPLOYMENT (sketch maps, troops kept off the
-- table), played through whole battles (wrg.battle.run on the Medway, the
-- first periods) with commanders that wrap the default one; and a run of
-- battles under the referee with sub-units detached and rejoining and a
-- unit arriving late.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local dice = require("sandtable.dice")
local loader = require("sandtable.loader")
local parse = require("lib.scenario").parse
local lbattle = require("lib.battle")
local referee = require("lib.referee")
local wbattle = require("wrg.battle")
local ai = require("wrg.ai")
local sketch_map = require("wrg.deployment.sketch_map")

local prepared = lbattle.prepare(parse(loader.read("scenarios/wrg/medway.yaml"), "medway.yaml", "scenarios/wrg"))

local rigged = F.rigged

local function run(cmds, opts)
  opts = opts or {}
  local ctx = { rules = prepared.rules, scenario = prepared.scenario, armies = prepared.armies, commanders = cmds,
                dice = opts.dice or dice.random(opts.seed or 43), turns = opts.turns or 1, log = true }
  if opts.referee then ctx.referee = referee.new{ rules = prepared.rules, replay = "deployment_test", quality = opts.quality } end
  local r = wbattle.run(ctx)
  if ctx.referee then ctx.referee:finish() end
  return r, ctx
end

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

---------------------------------------------------------------------------

-- "Each side declares how many light cavalry figures it has. A side with
-- 10% less must declare its entire army ... to the opposing player." "Each
-- side makes a sketch map of its intended deployment, and then sets out
-- according to this". The Romans at the Medway have no light cavalry, the
-- Britons 10 figures: the Romans draw and declare first; the Britons draw
-- knowing it; the Romans draw with nothing of the Britons on the table.
T.case("WRG 1973 SCOUTS: the side with 10% less light cavalry declares its army and sketch map first", function()
  local seen = {}
  local function wrap(s)
    return setmetatable({ deployment = function(G, side)
      seen[s] = { declared = G.declared, on_table = #G.bf:units() }
      return ai.deployment(G, side)
    end }, { __index = ai })
  end
  local r = run({ wrap(1), wrap(2) })
  local G = r.state
  T.eq(G.scouts.light_cavalry, { 0, 10 }, "0 and 10 light cavalry figures")
  T.eq(G.scouts.out_scouted, 1, "the Romans have 10% less")
  T.eq(seen[1].declared, nil, "the Romans draw without the Britons' map")
  T.eq(seen[1].on_table, 0, "and with nothing set out")
  T.truthy(seen[2].declared and seen[2].declared.side == 1, "the Britons draw knowing the Roman army and map")
  T.eq(#seen[2].declared.plan, #G.sides[1].specs, "the whole army")
  T.eq(seen[2].on_table, 0, "but nothing is set out before both maps are drawn")
  T.eq(#events(G, "scouts"), 1, "logged")
  T.eq(sketch_map.out_scouted(9, 10), nil, "9 against 10: exactly 10% less is not less than 90%")
  T.eq(sketch_map.out_scouted(8, 10), 1, "8 against 10: 1")
  T.eq(sketch_map.out_scouted(0, 0), nil, "none on either side: even")
end)

-- "Troops may be kept off the table edge and instructed to arrive in a set
-- number of periods. They will then start to dice as if troops that have
-- left the table, and so may arrive late or never." TROOPS LEAVING THE
-- FIELD: "A score of 4 indicates an immediate return."
T.case("WRG 1973 DEPLOYMENT: troops kept off the table start to dice in their period and arrive on a 4", function()
  local roman = setmetatable({ deployment = function(G, s)
    local plan = ai.deployment(G, s)
    for _, p in ipairs(plan) do if G.sides[s].specs[p.index].id == "auxilia" then p.arrive = 3 end end
    return plan
  end }, { __index = ai })
  -- the Britons stand and watch (no fighting to end the battle early)
  local still = setmetatable({ charge_target = function() return nil end, move = function() return nil end,
                               countercharge = function() return false end }, { __index = ai })
  local r = run({ roman, still }, { turns = 3, dice = rigged({ ["WRG troops leaving the field: return"] = { 4 } }, 43) })
  local G = r.state
  local aux
  for _, uid in ipairs(G.all) do if G.D[uid].id == "auxilia" then aux = uid end end
  T.truthy(aux, "the auxilia are in the battle")
  local held = events(G, "held_back")
  T.eq(#held, 1, "one unit kept off the table")
  local back = events(G, "returned")
  T.eq(#back, 1, "it arrives")
  T.eq(back[1].turn, 3, "in period 3: it dices from period 3 and throws 4")
  T.eq(back[1].unit, aux, "the auxilia")
  local d = G.D[aux]
  T.truthy(not d.off_table and not d.gone, "on the table")
end)

-- The whole battle under the referee with sub-units detached and rejoining
-- and a unit arriving late: every phase checked (no base on another,
-- nothing off the table, moves within their allowances); the battle-quality
-- measures taken too (lib.quality used to fail on a unit that appears
-- during a battle).
T.case("WRG 1973 SUB-UNITS and DEPLOYMENT under the referee: 6 Medway battles", function()
  local roman = setmetatable({
    deployment = function(G, s)
      for _, spec in ipairs(G.sides[s].specs) do if spec.type == "HI" then spec.sub_units = 1 end end
      local plan = ai.deployment(G, s)
      for _, p in ipairs(plan) do if G.sides[s].specs[p.index].id == "sagittarii" then p.arrive = 2 end end
      return plan
    end,
    detach = function(G, uid)
      local d = G.D[uid]
      if G.turn == 1 and d.type == "HI" then return { figures = 10, side = "rear" } end
    end,
    rejoin = function(G) return G.turn >= 4 end,
  }, { __index = ai })
  local detached, rejoined, returned = 0, 0, 0
  for seed = 1, 6 do
    local r, ctx = run({ roman, "ai" }, { seed = seed, turns = 12, referee = true, quality = true })
    local G = r.state
    detached = detached + #events(G, "sub_unit_detached")
    rejoined = rejoined + #events(G, "sub_unit_rejoined")
    returned = returned + #events(G, "returned")
    T.truthy(ctx.referee.phases_checked > 0, "the referee checked the phases")
    T.truthy(ctx.referee.metrics and ctx.referee.metrics.sides, "and the quality measures were taken")
  end
  T.truthy(detached >= 6, "sub-units were detached: " .. detached)
  T.truthy(rejoined >= 1, "and some rejoined: " .. rejoined)
  T.truthy(returned >= 1, "late troops arrived: " .. returned)
end)
