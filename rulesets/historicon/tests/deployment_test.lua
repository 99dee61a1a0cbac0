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

-- The default commander's deployment search, level 0.5 (commander/
-- placement.lua): in a zone with no place clear of terrain both under a
-- unit and in the 40 cm ahead of it, a place with no IMPASSABLE ground ahead
-- comes before one that only keeps its footprint clear. Mohi seed 19: the
-- Norman zone has an impassable piece, a built-up area, another impassable
-- piece and a wood across its front; Duke William's and the Breton knights
-- stood behind the impassable ones and did not move in 20 turns.
T.case("Deployment (Mohi, seed 19): the knights do not stand behind impassable ground; the Bretons move off", function()
  local p = prepared("mohi")
  local r = lbattle.run{ prepared = p, seed = 19, turns = 0, log = false }
  local G = r.state
  local start = {}
  for _, uid in ipairs(G.sides[1].units) do
    local d = G.D[uid]
    local x, y = G.bf:pos(uid)
    start[d.id] = { x, y }
    if d.id == "household" or d.id == "bretons" then
      for _, pc in ipairs(G.pieces) do
        if setup.impassable[pc.type] then
          local hit = setup.box_hits_piece(x - d.w / 2, y - d.dp / 2, x + d.w / 2, y + d.dp / 2 + G.S.cm(40), pc, 1)
          T.truthy(not hit, d.name .. ": impassable piece " .. pc.id .. " in the 40 cm ahead")
        end
      end
    end
  end
  T.truthy(start.household and start.bretons, "both units found")
  -- (with a wood ahead and impassable ground beside it, Duke William's
  -- still waits three turns and goes through the wood: the careful plan's
  -- last choice, ai.move)
  local r3 = lbattle.run{ prepared = p, seed = 19, turns = 5, log = false }
  for _, uid in ipairs(r3.state.sides[1].units) do
    local d = r3.state.D[uid]
    if d.id == "bretons" then
      local x, y = r3.state.bf:pos(uid)
      local moved = math.sqrt((x - start[d.id][1]) ^ 2 + (y - start[d.id][2]) ^ 2)
      T.truthy(moved >= G.S.cm(10), string.format("%s moved %.1f cm in five turns", d.name, moved / 10))
    end
  end
end)
