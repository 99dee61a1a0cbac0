-- Deployment ("Troops are deployed within 30cm of their sides table edge.
-- Troops cannot be deployed within 40cm of the tables left or right side"):
-- the check of a side's placements, and the default commander's line on
-- crowded zones (no two bases overlap; the referee watches the deployment).
local T = require("lib.testing")
local loader = require("sandtable.loader")
local lbattle = require("lib.battle")
local scenario = require("lib.scenario")
local setup = require("historicon.setup")
local M = require("lib.manoeuvre")

local function prepared(name)
  local text = loader.read("scenarios/historicon/" .. name .. ".yaml")
  return lbattle.prepare(scenario.parse(text, name .. ".yaml", "scenarios/historicon"))
end

T.case("Deployment: the check reports bases that overlap, not only bases outside the zone", function()
  local S = setup.scale({ scale = "25mm", size = "240x150", terrain = "none" })
  -- two 45 x 4 cm screens whose centres are 30 cm apart along the line: both
  -- in the zone, overlapping by 15 cm
  local placements = {
    { name = "Horse archers of the right hand", x = 1000, y = 200, facing = 0, w = 450, d = 40 },
    { name = "Horse archers of the centre", x = 1300, y = 200, facing = 0, w = 450, d = 40 },
    { name = "Lancers", x = 1000, y = 100, facing = 0, w = 160, d = 80 },
  }
  local problems = setup.check_deployment(S, "south", placements)
  T.eq(#problems, 1, table.concat(problems, "; "))
  T.truthy(problems[1]:find("Horse archers of the right hand", 1, true) and problems[1]:find("overlaps", 1, true),
    problems[1] or "")
end)

-- The default commander on zones too small for a single line of skirmish
-- screens (Mohi: four unformed LC units 93 cm wide in a 160 cm zone):
-- seeds named in issue #11.
-- Also two marches across the diagonal ("Time scale and battle readiness"):
-- Argentoratum seed 3 (a 46 cm screen pushed back by the table's corner onto
-- the column) and Mohi seed 8988006683792899478 (the winner's ambush place
-- on a skirmisher that keeps its place in the line).
for _, case in ipairs({ { "mohi", 1241 }, { "argentoratum", 357 }, { "mohi", 7 }, { "plataea", 479 },
                        { "argentoratum", 3 }, { "mohi", 8988006683792899478 } }) do
  T.case(string.format("Deployment (%s, seed %d): every unit in its zone, no two bases overlap", case[1], case[2]), function()
    local p = prepared(case[1])
    local ok, err = pcall(lbattle.run, { prepared = p, seed = case[2], turns = 0, log = true, referee = true })
    T.truthy(ok, ok or (type(err) == "table" and err.user_message or tostring(err)))
    local r = err
    local G = r.state
    for _, e in ipairs(G.bf:events()) do
      T.truthy(e.kind ~= "deployment_problem", "deployment problem: " .. tostring(e.message))
    end
    for _, uid in ipairs(G.bf:units()) do T.eq(M.overlapping(G, uid), {}, "unit " .. uid) end
  end)
end
