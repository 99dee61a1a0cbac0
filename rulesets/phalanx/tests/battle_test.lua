-- Phalanx battles end to end: two default commanders with shipped armies
-- reach a result; the same seed gives the same battle; the readable account
-- shows the activation die, moves, melees with their modifiers and the
-- victor; the flank march (The Table) deploys the marcher on a diagonal.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local loader = require("sandtable.loader")
local armies = require("phalanx.armies")
local battle = require("phalanx.battle")

local function army(name) return (armies.load("armies/phalanx/" .. name .. ".lua", loader.read)) end
local ROMAN, GALLIC = army("early_imperial_roman"), army("gallic")

local function run(seed, opts)
  opts = opts or {}
  return battle.run{ scenario = { table = { size = "6x4", scale = "15-20mm", basing = 2, terrain = opts.terrain or "diced" } },
    armies = opts.armies or { ROMAN, GALLIC }, commanders = { "ai", "ai" }, dice = dice.random(seed),
    report = opts.report, log = opts.log, turns = opts.turns or 12 }
end

T.case("Battle: two default commanders reach a result; the contract's fields", function()
  local r = run(3)
  T.truthy(r.winner == 1 or r.winner == 2 or r.winner == nil)
  T.truthy(type(r.reason) == "string" and type(r.turns) == "number" and r.turns <= 12)
  T.truthy(type(r.losses[1]) == "table" and type(r.losses[2]) == "table")
  T.truthy(r.bf ~= nil)
  T.eq(r.state.max_turns, 12, "the commander is told the turn limit (it commits its reserve in the last four turns)")
  -- at the shipped scenarios' limit (15 turns; 12 decides about half:
  -- the armies start ten frontages apart and foot moves one a turn)
  local victories = 0
  for seed = 1, 10 do if run(seed, { log = false, turns = 15 }).winner then victories = victories + 1 end end
  T.truthy(victories >= 6, "most of ten seeded battles are won, not timed out: " .. victories)
end)

T.case("Battle: the same seed gives the same battle, event for event", function()
  local a, b = run(7), run(7)
  T.eq({ a.winner, a.reason, a.turns }, { b.winner, b.reason, b.turns })
  T.eq(a.bf:hash(), b.bf:hash())
  T.eq(#a.bf:events(), #b.bf:events())
  local c = run(7, { log = false })
  T.eq({ c.winner, c.reason, c.turns }, { a.winner, a.reason, a.turns }, "quiet runs fight the same battle")
  T.eq(#c.bf:events(), 0, "and keep no events")
end)

T.case("Battle: the event log has deploy, activation, move, melee with its die, result and victory", function()
  local r = run(3)
  local kinds = {}
  for _, e in ipairs(r.bf:events()) do kinds[e.kind] = (kinds[e.kind] or 0) + 1 end
  for _, k in ipairs({ "terrain", "pre_battle", "deploy", "activation_points", "activation", "move", "roll", "victory" }) do
    T.truthy(kinds[k], "an event of kind " .. k)
  end
end)

T.case("Battle: the readable account", function()
  local lines = {}
  run(3, { report = function(l) lines[#lines + 1] = l end })
  local text = table.concat(lines, "\n")
  T.truthy(text:find("activation die", 1, true), "AP die")
  T.truthy(text:find("=== Turn 1 ===", 1, true))
  T.truthy(text:find("MELEE", 1, true), "melees")
  local decided = false
  for _, l in ipairs(lines) do
    if l:find("difference [%+%-]%d+, die %d") then decided = true; break end
  end
  T.truthy(decided, "the die that decided a melee")
  T.truthy(text:find("VICTORY to", 1, true) or text:find("No victor", 1, true))
end)

T.case("Battle: every pair of shipped armies fights without error", function()
  local names = { "achaemenid_persian", "alexandrian_macedonian", "carthaginian", "early_imperial_roman",
    "early_sumerian", "gallic", "medieval_english", "new_kingdom_egyptian", "sassanid_persian", "seleucid" }
  local list = {}
  for i, n in ipairs(names) do list[i] = army(n) end
  for i = 1, #list do
    local j = i % #list + 1
    local r = run(100 + i, { armies = { list[i], list[j] }, log = false })
    T.truthy(r.reason, names[i] .. " against " .. names[j])
  end
end)

T.case("The Table: the flank march: the loser's column on a diagonal, the winner within 30cm", function()
  local found = nil
  for seed = 1, 300 do
    local r = run(seed, { turns = 0, log = false, terrain = "none" })
    if r.flank_march then found = r; break end
  end
  T.truthy(found, "a seed with a flank march in 300")
  local G = found.state
  local marcher, ambusher = G.flank_march.marcher, G.flank_march.ambusher
  local facing = nil
  for _, uid in ipairs(G.alive[marcher]) do
    local _, _, f = G.bf:pos(uid)
    facing = facing or f
    T.near(f, facing, 1e-6, "the column faces one way, along the diagonal")
  end
  T.truthy(math.abs(facing % 90) > 1, "a diagonal, not along an edge")
  for _, uid in ipairs(G.alive[ambusher]) do
    local nearest = math.huge
    for _, o in ipairs(G.alive[marcher]) do nearest = math.min(nearest, G.bf:distance(uid, o)) end
    T.truthy(nearest <= 300 + 1e-6, "within 30cm of the marching army")
  end
  T.eq(found.first, ambusher, "the ambusher moves first")
end)

-- The AI's free_ahead is answered by the battlefield (bf:free_ahead) once the
-- terrain is attached; it must equal the Lua arithmetic (the path a table
-- without attached terrain takes), value and number type, in battles under
-- way: every link, turns across the allowance, short and long moves.
T.case("AI free_ahead: the core query equals the Lua code", function()
  local ai = require("phalanx.ai")
  local checked, short = 0, 0
  for seed = 1, 6 do
    local r = run(seed, { turns = seed })
    local G = r.state
    local attached = G.T.bf
    for _, g in pairs(G.groups) do
      if g.ids[1] then
        for _, a in ipairs({ 0, 22.5, -45, 90, 180, -13.7 }) do
          for _, dist in ipairs({ 40, 150, 300.5, 600 }) do
            G.T.bf = attached
            local core = ai.free_ahead(G, g, a, dist)
            G.T.bf = nil
            local pieces = G.T.pieces
            if not attached then G.T.pieces = { false } end   -- force the Lua path on an open table
            local lua = ai.free_ahead(G, g, a, dist)
            G.T.pieces = pieces
            G.T.bf = attached
            T.eq(math.type(core), math.type(lua), "number type")
            T.eq(core, lua, string.format("seed %d link %s turn %g dist %g", seed, tostring(g.gid), a, dist))
            checked = checked + 1
            if lua < dist then short = short + 1 end
          end
        end
      end
    end
  end
  T.truthy(checked > 1000 and short > 100, string.format("%d checked, %d short", checked, short))
end)

-- The AI's cohesion limit (a main-battle-line link keeps within three
-- frontages of its line) is answered by the battlefield (bf:stay_near); it
-- must equal the Lua arithmetic, value and number type, in battles under way.
T.case("AI cohesive_distance: the core query equals the Lua code", function()
  local ai = require("phalanx.ai")
  local checked, short = 0, 0
  for seed = 1, 6 do
    local r = run(seed, { turns = seed })
    local G = r.state
    for _, g in pairs(G.groups) do
      if g.ids[1] then
        for _, a in ipairs({ 0, 22.5, -45, 90, 180, -13.7 }) do
          for _, dist in ipairs({ 40, 150, 300.5, 600, 1200 }) do
            local core = ai.cohesive_distance(G, g, a, dist)
            local lua = ai.cohesive_distance_lua(G, g, a, dist)
            T.eq(math.type(core), math.type(lua), "number type")
            T.eq(core, lua, string.format("seed %d link %s turn %g dist %g", seed, tostring(g.gid), a, dist))
            checked = checked + 1
            if lua < dist then short = short + 1 end
          end
        end
      end
    end
  end
  T.truthy(checked > 1000 and short > 50, string.format("%d checked, %d short", checked, short))
end)

-- The flank march on a table too short for the ambushers' line (8'x4', 25mm
-- option 2, the Gaugamela armies): before, each base of the line was pushed
-- back onto the table on its own, so the ends of the line were stacked on
-- one another (the referee stopped Gaugamela seed 331 at deployment). Every
-- flank march of the first seeds must stand on the table with no overlap.
T.case("The Table: the flank march deploys both armies on the table with no two bases overlapping (8'x4', 25mm)", function()
  local battlefield = require("sandtable.battlefield")
  local MAC, PER = army("alexandrian_macedonian"), army("achaemenid_persian")
  local marches = 0
  for seed = 1, 400 do
    local r = battle.run{ scenario = { table = { size = "8x4", scale = "25mm", basing = 2, terrain = "none" } },
      armies = { MAC, PER }, commanders = { "ai", "ai" }, dice = dice.random(seed), log = false, turns = 0 }
    if r.flank_march then
      marches = marches + 1
      local bf = r.bf
      local W, D = bf:size()
      local ids = bf:units()
      local xs, ys, fs, ws, ds = {}, {}, {}, {}, {}
      for i, id in ipairs(ids) do
        local u = bf:unit(id)
        xs[i], ys[i], fs[i], ws[i], ds[i] = u.x, u.y, u.facing, u.width, u.depth
        local a = math.rad(u.facing)
        local hx = math.abs(math.cos(a)) * u.width / 2 + math.abs(math.sin(a)) * u.depth / 2
        local hy = math.abs(math.sin(a)) * u.width / 2 + math.abs(math.cos(a)) * u.depth / 2
        T.truthy(u.x - hx >= -1 and u.x + hx <= W + 1 and u.y - hy >= -1 and u.y + hy <= D + 1,
          string.format("seed %d: unit %d on the table", seed, id))
      end
      local over = battlefield.overlapping_bases(xs, ys, fs, ws, ds, 1.0)
      T.eq(#over, 0, string.format("seed %d: overlapping bases %s", seed, table.concat(over, ",")))
    end
  end
  T.truthy(marches >= 5, "flank marches found: " .. marches)
end)
