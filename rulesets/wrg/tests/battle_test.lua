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
local GOLDEN = { winner = 1, turns = 12, hash = "ad5e64c523b410fa" }

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

T.case("The readable account names the phases' events", function()
  local lines = {}
  run(43, { report = function(l) lines[#lines + 1] = l end })
  local text = table.concat(lines, "\n")
  for _, want in ipairs({ "WRG ANCIENTS 1973: Early Imperial Roman against Ancient British", "Choice of terrain",
                          "=== Period 1 ===", "reaction test of", "shoots at", "strikes", "after 12 periods" }) do
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
