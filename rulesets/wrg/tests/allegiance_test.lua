-- WRG Ancients 1973, THE REACTION TEST 2(ix): subject levies and
-- mercenaries in the army reaction test, played through the battle engine
-- (turn.play: the test at the end of the period). The dice of the unit
-- tested are forced by purpose; the rest are seeded.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local ai = require("wrg.ai")

local rigged = F.rigged

local quiet = setmetatable({ charge_target = function() return nil end, countercharge = function() return false end,
                             move = function() return nil end, formation = function() return nil end,
                             challenge = function() return nil end }, { __index = ai })

-- Side 2: three units, one already destroyed (a third of the army's
-- original units off the table): the army reaction test at the end of the
-- period. The unit "x" tests with the dice given.
local function run(allegiance, rolls)
  local G = battle.skirmish{
    dice = rigged({ ["WRG reaction test, x (army reaction test)"] = rolls }),
    sides = {
      { units = { { id = "r", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = { 300, 200, 0 } } }, commander = quiet },
      { units = { { id = "x", type = "LI", class = "E", regular = false, weapons = { "javelin" }, figures = 10, ranks = 1,
                    allegiance = allegiance, at = { 900, 1000, 180 } },
                  { id = "y", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = { 1300, 1000, 180 } },
                  { id = "z", type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = { 1600, 1000, 180 } } },
        commander = quiet },
    },
  }
  turn.remove(G, G.by_id[2].z, "destroyed")
  turn.play(G)
  return G
end

local function count(G, kind)
  local n = 0
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then n = n + 1 end end
  return n
end

T.case("WRG 1973 THE REACTION TEST 2(ix): subject levies better than Halt change sides", function()
  local G = run("subject", { 6, 6, 6 })
  local x = G.by_id[2].x
  T.eq(G.D[x].gone, "changed sides", "the levies leave their side")
  T.eq(count(G, "changed_sides"), 1, "logged")
  local now
  for _, uid in ipairs(G.sides[1].units) do if G.D[uid].id == "x" then now = uid end end
  T.truthy(now and G.D[now].side == 1, "and stand for the other side")
  T.eq(G.bf:unit(now).side, 1, "on the table as side 1")
  T.eq(G.D[now].figures, 10, "with their figures")
  -- a poor result: they stay (and obey it)
  local G2 = run("subject", { 1, 1, 1 })
  T.eq(G2.D[G2.by_id[2].x].gone, nil, "worse: no change of sides")
  -- ordinary troops with the same dice: no change
  local G3 = run(nil, { 6, 6, 6 })
  T.eq(G3.D[G3.by_id[2].x].gone, nil, "troops of no such allegiance stay")
end)

T.case("WRG 1973 THE REACTION TEST 2(ix): mercenaries better than Halt march home", function()
  local G = run("mercenary", { 6, 6, 6 })
  local x = G.by_id[2].x
  T.truthy(G.D[x].gone and G.D[x].gone:find("marched home"), "gone home: " .. tostring(G.D[x].gone))
  T.eq(count(G, "changed_sides"), 0, "not to the enemy")
end)

-- The army list's keys for this (and for GENERALS' `command`): bad values
-- are refused with their file and line.
T.case("WRG 1973 army lists: 'allegiance' and 'command' are checked", function()
  local armies = require("wrg.armies")
  local text = [[
return army { name = "T", points_limit = 1000, units = {
  unit { id = "g", type = "HC", class = "A", regular = true, weapons = { "spear" }, figures = 8, ranks = 2, general = "c_in_c" },
  unit { id = "x", type = "MI", class = "C", regular = true, weapons = { "spear" }, figures = 12, ranks = 2,
         command = 5, allegiance = "traitor" },
  unit { id = "y", type = "LI", class = "E", regular = false, weapons = { "javelin" }, figures = 12, ranks = 2,
         command = "g", allegiance = "subject" },
} }
]]
  local army = assert(armies.load_text(text, "broken.lua"))
  local problems = armies.check(army)
  local seen = {}
  for _, p in ipairs(problems) do seen[#seen + 1] = p.file .. ":" .. p.line .. ": " .. p.message end
  T.eq(#problems, 2, "two problems:\n" .. table.concat(seen, "\n"))
  T.truthy(seen[1]:find("broken.lua:3:", 1, true) and seen[1]:find("'command'", 1, true), seen[1])
  T.truthy(seen[2]:find("broken.lua:3:", 1, true) and seen[2]:find("'allegiance'", 1, true), seen[2])
end)
