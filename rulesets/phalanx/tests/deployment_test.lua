-- Phalanx Deployment (DEPLOYMENT; COMMAND AND CONTROL: parts and sectors):
-- the default commander's plan passes setup.check_deployment for every
-- shipped pairing on diced tables, and each fallback of the planner (another
-- place in the sector, another division of the army, the winner's removal
-- of the pieces that block its zone, and the reading for a zone that holds
-- no legal deployment) is exercised by a hand-built case.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local loader = require("sandtable.loader")
local setup = require("phalanx.setup")
local battle = require("phalanx.battle")
local armies = require("phalanx.armies")

local SHIPPED = { "achaemenid_persian", "alexandrian_macedonian", "carthaginian", "early_imperial_roman",
  "early_sumerian", "gallic", "medieval_english", "new_kingdom_egyptian", "sassanid_persian", "seleucid" }

local loaded = {}
local function army(name)
  loaded[name] = loaded[name] or assert(armies.load("armies/phalanx/" .. name .. ".lua", loader.read))
  return loaded[name]
end

local function events(r, kind)
  local out = {}
  for _, e in ipairs(r.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

-- No base of `side` stands on impassable terrain (checked independently of
-- check_deployment, on the battle's own terrain).
local function none_on_impassable(r, s)
  local G = r.state
  for _, uid in ipairs(G.sides[s].units) do
    local d = G.D[uid]
    local _, imp = G.T:under(G.px[uid], G.py[uid], G.pf[uid], d.w, d.d)
    T.eq(imp, false, d.vid .. " on impassable terrain")
  end
end

T.case("Deployment: every shipped pairing (45) deploys legally on diced 6'x4' tables, 5 seeds each", function()
  local deployments = 0
  for seed = 1, 5 do
    for i = 1, #SHIPPED do
      for j = i + 1, #SHIPPED do
        local r = battle.run{ scenario = { table = { terrain = "diced" } }, armies = { army(SHIPPED[i]), army(SHIPPED[j]) },
                              dice = dice.random(seed * 1000 + i * 16 + j), turns = 0, log = false }
        if not r.flank_march then
          for s = 1, 2 do
            deployments = deployments + 1
            T.eq(r.state.sides[s].deployment_problems, {},
              string.format("seed %d, %s against %s, side %d", seed, SHIPPED[i], SHIPPED[j], s))
            none_on_impassable(r, s)
          end
        end
      end
    end
  end
  T.truthy(deployments > 350, "most battles are not flank marches: " .. deployments)
end)

T.case("Deployment: check_deployment reports a vignette standing on impassable terrain", function()
  local S = setup.scale{}
  local terrain = setup.given_terrain(S, { { type = "impassable", rect = { 500, 0, 700, 150 } } })
  local x, y, f = setup.to_table(S, "south", 600, 100)
  local p = { vid = "a", part = "centre", class = "HIN", mbl = true, x = x, y = y, facing = f, w = 80, d = 40 }
  T.eq(setup.check_deployment(S, "south", { p }, {}), {}, "without the terrain the check cannot know")
  local problems = setup.check_deployment(S, "south", { p }, {}, terrain)
  T.eq(problems, { "a stands on impassable terrain" })
end)

-- Terrain given to both sides' rear zones alike (mirrored), mm.
local function mirrored(list)
  local out = {}
  for _, f in ipairs(list) do
    local r = f.rect
    out[#out + 1] = { type = f.type, rect = { r[1], r[2], r[3], r[4] } }
    out[#out + 1] = { type = f.type, rect = { 1800 - r[3], 1200 - r[4], 1800 - r[1], 1200 - r[2] } }
  end
  return out
end

-- A seed whose pre-battle throw is not a flank march.
local function run(a, b, terrain, size, scale, basing)
  for seed = 1, 50 do
    local r = battle.run{ scenario = { table = { terrain = terrain, size = size, scale = scale, basing = basing } },
                          armies = { a, b }, dice = dice.random(seed), turns = 0 }
    if not r.flank_march then return r end
  end
end

T.case("Deployment fallback: a link whose place is impassable finds the nearest legal place in its sector", function()
  -- a pool across the middle of the centre sector's rear zone, both sides
  local terrain = mirrored{ { type = "impassable", rect = { 780, 60, 1020, 200 } } }
  local r = run(army("alexandrian_macedonian"), army("gallic"), terrain)
  for s = 1, 2 do
    T.eq(r.state.sides[s].deployment_problems, {})
    none_on_impassable(r, s)
  end
  T.eq(#events(r, "deployment_division"), 0, "the list's own division serves")
  T.eq(#events(r, "deployment_terrain_removed"), 0)
end)

T.case("Deployment fallback: a list whose division cannot be deployed on this table is divided otherwise", function()
  -- the Medieval English list as it was: the King's battle and both its
  -- archer vignettes in one in-line link, which cannot keep within three
  -- frontages of both wings across a 90 cm centre sector
  local text = assert(loader.read("armies/phalanx/medieval_english.lua"))
  local n
  text, n = text:gsub('(id = "longbows_centre_%d".-part = "centre")', '%1, in_line_with = "kings_battle"')
  T.eq(n, 2)
  local linked = assert(armies.load_text(text, "armies/phalanx/medieval_english.lua"))
  local r = run(linked, army("gallic"), "none")
  local english = r.state.sides[1]
  T.eq(english.deployment_problems, {})
  local moved = events(r, "deployment_division")
  T.truthy(#moved >= 1, "a wing's link joins the centre")
  for _, e in ipairs(moved) do
    T.eq(e.side, 1); T.eq(e.part, "centre")
  end
  -- the shipped list (archers unlinked) needs no such change
  local shipped = run(army("medieval_english"), army("gallic"), "none")
  T.eq(shipped.state.sides[1].deployment_problems, {})
  T.eq(#events(shipped, "deployment_division"), 0)
end)

T.case("Deployment fallback: the winner removes what blocks its zone; a zone with no legal deployment clears the fewest pieces (READING)", function()
  -- in each rear zone: small impassable pieces in both corners and one that
  -- fills the centre sector's rear zone, so no line can cross it
  local terrain = mirrored{
    { type = "impassable", rect = { 0, 0, 60, 203 } },
    { type = "impassable", rect = { 1740, 0, 1800, 203 } },
    { type = "impassable", rect = { 450, 0, 1350, 203 } },
  }
  local r = run(army("early_sumerian"), army("seleucid"), terrain)
  local G = r.state
  local winner = G.pre_battle.winner
  local pre = events(r, "pre_battle")[1]
  T.eq(#pre.changes, 1, "one removal is enough")
  T.eq(pre.changes[1].type, "impassable")
  local cleared = events(r, "deployment_terrain_removed")
  T.eq(#cleared, 1, "the loser cannot remove pieces: the one that blocks it is treated as removed")
  T.eq(cleared[1].side, 3 - winner)
  T.eq(cleared[1].box[3] - cleared[1].box[1], 900, "the centre piece, not a corner")
  T.eq(#G.T.pieces, 4, "six pieces, one removed by the winner, one cleared")
  for s = 1, 2 do
    T.eq(G.sides[s].deployment_problems, {})
    none_on_impassable(r, s)
  end
end)

T.case("Deployment fallback: wider bases than the flank sectors were made for (25mm option 2, 6'x4') still deploy legally", function()
  local r = run(army("seleucid"), army("early_sumerian"), "none", "6x4", "25mm", 2)
  for s = 1, 2 do T.eq(r.state.sides[s].deployment_problems, {}) end
end)

-- A commander that puts one MBL vignette of its plan in the second line.
local function second_line_commander(vid)
  local ai = require("phalanx.ai")
  local c = setmetatable({}, { __index = ai })
  function c.deployment(G, side)
    local plan = ai.deployment(G, side)
    for _, p in ipairs(plan) do if p.vid == vid then p.line = 2 end end
    return plan
  end
  return c
end

T.case("Deployment: a plan entry with line = 2 moves an MBL vignette to the last line (multiple lines only)", function()
  local roman = army("early_imperial_roman")
  local r = battle.run{ scenario = { table = { terrain = "none" } }, armies = { roman, army("gallic") },
                        commanders = { second_line_commander("legio_ix"), "ai" }, dice = dice.random(5), turns = 0 }
  local side = r.state.sides[1]
  T.eq(side.deployment_problems, {})
  T.eq(side.tracker.mbl.legio_ix, nil, "out of the MBL")
  T.eq(side.tracker.last_line.legio_ix, true, "in the last line")
  local moved = events(r, "deployment_line")
  T.eq(#moved, 1)
  T.eq(moved[1].vignette, "legio_ix")
  local plain = battle.run{ scenario = { table = { terrain = "none" } }, armies = { roman, army("gallic") },
                            dice = dice.random(5), turns = 0, log = false }
  T.eq(side.tracker.mbl_total, plain.state.sides[1].tracker.mbl_total - 1)
  local ok, err = pcall(battle.run, { scenario = { table = { terrain = "none" } }, armies = { army("gallic"), roman },
    commanders = { second_line_commander("warband_arverni"), "ai" }, dice = dice.random(5), turns = 0, log = false })
  T.eq(ok, false)
  T.truthy(tostring(err):find("not permitted multiple lines", 1, true), tostring(err))
end)

T.case("Deployment: 25mm option 3 on 8'x4' and 8'x5' open tables, every pairing (45 x 5 seeds) deploys legally (depth is not critical)", function()
  for _, size in ipairs({ "8x4", "8x5" }) do
    for seed = 1, 5 do
      for i = 1, #SHIPPED do
        for j = i + 1, #SHIPPED do
          local r = battle.run{ scenario = { table = { terrain = "none", size = size, scale = "25mm", basing = 3 } },
                                armies = { army(SHIPPED[i]), army(SHIPPED[j]) },
                                dice = dice.random(seed * 1000 + i * 16 + j), turns = 0, log = false }
          if not r.flank_march then
            for s = 1, 2 do
              T.eq(r.state.sides[s].deployment_problems, {},
                string.format("%s seed %d, %s against %s, side %d", size, seed, SHIPPED[i], SHIPPED[j], s))
            end
          end
        end
      end
    end
  end
  -- the reading itself: a base's back edge must be in the zone, its front may reach out
  local S = setup.scale{ size = "8x4", scale = "25mm", basing = 3 }
  T.truthy(S.depth_free, "25mm option 3: a supported mounted base is deeper than the zone")
  T.truthy(not setup.scale{}.depth_free, "15-20mm option 2: the whole base must be in the zone")
  local function at(v_back, d)
    local x, y, f = setup.to_table(S, "south", 1200, v_back + d / 2)
    return { vid = "a", part = "centre", class = "HSC", mbl = true, x = x, y = y, facing = f, w = 180, d = d }
  end
  T.eq(setup.check_deployment(S, "south", { at(0, 270) }, {}), {}, "27 cm deep, back on the table edge")
  T.eq(setup.check_deployment(S, "south", { at(200, 90) }, {}), {}, "back edge just inside the zone")
  T.eq(#setup.check_deployment(S, "south", { at(210, 90) }, {}), 1, "back edge beyond the zone")
  T.eq(#setup.check_deployment(S, "south", { at(-10, 270) }, {}), 1, "off the table behind")
end)
