-- Skirmish of Spears, §3 to §7: whole battles. A seeded golden battle, the
-- contract with the engine (result fields, turn_ended, the event log, the
-- account), and repeatability.
local T = require("lib.testing")
local loader = require("sandtable.loader")
local lbattle = require("lib.battle")
local scenario = require("lib.scenario")

local SCENARIO = "scenarios/tutorial/first_battle.yaml"
local parsed = scenario.parse(loader.read(SCENARIO), SCENARIO, "scenarios/tutorial")
local prepared = lbattle.prepare(parsed)

local function run(seed, opts)
  opts = opts or {}
  return lbattle.run{ prepared = prepared, seed = seed, log = opts.log, report = opts.report }
end

-- The golden battle: the scenario's own seed. Any change to a rule, to the
-- default commander or to the dice a rule asks for changes it. When that is
-- meant, read `build/sandtable battle scenarios/tutorial/first_battle.yaml`
-- to see the change did what it should, then copy the new values here
-- (print them with this file's run(7) and r.bf:hash()).
local GOLDEN = { winner = 1, reason = "half of River Kingdom broken", turns = 5, hash = "10cf0c384f876e55" }

T.case("§7 golden battle: first_battle.yaml, seed 7", function()
  local r = run(7, { log = false })
  T.eq({ r.winner, r.reason, r.turns }, { GOLDEN.winner, GOLDEN.reason, GOLDEN.turns })
  T.eq(r.bf:hash(), GOLDEN.hash, "hash of the final state")
end)

T.case("Contract: the result has bf, winner, reason, turns and losses by class", function()
  local r = run(7)
  T.truthy(r.bf and type(r.reason) == "string" and r.turns >= 1)
  local broken = 0
  for s = 1, 2 do
    for class, n in pairs(r.losses[s]) do
      T.truthy(class == "spear" or class == "bow" or class == "horse", class)
      broken = broken + n
    end
  end
  local removed = 0
  for _, e in ipairs(r.bf:events()) do if e.kind == "broken" then removed = removed + 1 end end
  T.eq(broken, removed, "every broken unit is counted once")
end)

T.case("Contract: turn_ended is called at every turn's end, and the log has its events", function()
  local r = run(7)
  local kinds, ends = {}, {}
  for _, e in ipairs(r.bf:events()) do
    kinds[e.kind] = true
    if e.kind == "turn_end" then ends[#ends + 1] = e.turn end
  end
  T.eq(#ends, r.turns)
  for _, k in ipairs({ "table", "unit_added", "first_move", "move", "charge", "melee", "roll", "broken", "victory" }) do
    T.truthy(kinds[k], "an event of kind " .. k)
  end
end)

T.case("§3 deployment: units are labelled with their class for replays", function()
  local r = run(7)
  for _, e in ipairs(r.bf:events()) do
    if e.kind == "unit_added" then T.truthy(e.label == "spear" or e.label == "bow" or e.label == "horse", e.label) end
  end
end)

T.case("Account: turns, melees with their modifiers, the victor", function()
  local lines = {}
  run(7, { report = function(l) lines[#lines + 1] = l end })
  local text = table.concat(lines, "\n")
  T.truthy(text:find("=== Turn 1 ===", 1, true))
  T.truthy(text:find("charged into contact this turn (§4.1)", 1, true))
  T.truthy(text:find("VICTORY to", 1, true))
end)

T.case("Determinism: the same seed, the same battle, log on or off; another seed, another", function()
  local a, b = run(11), run(11, { log = false })
  T.eq({ a.winner, a.turns, a.bf:hash() }, { b.winner, b.turns, b.bf:hash() })
  T.truthy(run(12).bf:hash() ~= a.bf:hash())
end)

T.case("§7 most seeded battles are won before the turn limit", function()
  local won = 0
  for seed = 1, 20 do if run(seed, { log = false }).winner then won = won + 1 end end
  T.truthy(won >= 15, "won: " .. won)
end)

T.case("§3 the table: an unknown key is an error", function()
  local bad = scenario.parse(loader.read(SCENARIO):gsub("size: 20x15", "size: 20x15\n  sise: 3"), "bad.yaml", "scenarios/tutorial")
  T.raises(function() lbattle.run{ scenario = bad, log = false } end, "unknown key 'sise'")
end)
