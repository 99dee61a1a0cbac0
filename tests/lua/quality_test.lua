-- lib.quality through the referee: engagement read from the event log, idle
-- units with an enemy in reach, declared moves that moved nothing.
local T = require("lib.testing")
local B = require("sandtable.battlefield")
local M = require("lib.manoeuvre")
local referee = require("lib.referee")

-- Three units: an archer and a spearman (side 1) 300 mm from a warband (side 2).
local function battle(checks)
  local bf = B.new{ width = 2000, depth = 2000 }
  local archer = bf:add_unit{ side = 1, x = 500, y = 500, width = 100, depth = 40 }
  local spear = bf:add_unit{ side = 1, x = 700, y = 500, width = 100, depth = 40 }
  local warband = bf:add_unit{ side = 2, x = 600, y = 840, facing = 180, width = 100, depth = 40 }
  local G = { bf = bf }
  local ctx = { referee = referee.new{ checks = checks, quality = true } }
  bf:set_time(0, "setup")
  referee.watch(ctx, G)
  return G, ctx.referee, archer, spear, warband
end

local REACH = { allowance = function(_, _, kind) return kind == "move" and 400 or nil end }

T.case("quality: a unit named by a shoot event engages, and so does its target", function()
  local G, ref, archer, spear, warband = battle(REACH)
  G.bf:set_time(1, "shoot")
  G.bf:log("shoot", { shooter = archer, target = warband })
  G.bf:set_time(1, "end")
  ref:finish()
  local q = ref.metrics
  T.eq(q.sides[1], { units = 2, engaged = 1, idle = 0 })
  T.eq(q.sides[2].engaged, 1)
  local _ = spear
end)

T.case("quality: three turns standing with an enemy in reach make a unit idle; moving resets the count", function()
  local G, ref, archer, spear, warband = battle(REACH)
  for turn = 1, 3 do
    G.bf:set_time(turn, "move")
    M.straight(G, archer, 0, 10)   -- the archer edges forward every turn
  end
  G.bf:set_time(3, "end")
  ref:finish()
  local q = ref.metrics
  T.eq(q.sides[1].idle, 1)         -- the spearman stood three turns within 400 mm of the warband
  T.eq(q.sides[2].idle, 1)         -- and so did the warband
  T.eq(q.declared_moves, 3)
  T.eq(q.declared_moves_nothing, 0)
  local _ = { spear, warband }
end)

T.case("quality: no enemy in reach, no idleness", function()
  local G, ref = battle{ allowance = function() return 50 end }
  for turn = 1, 4 do G.bf:set_time(turn, "move") end
  ref:finish()
  T.eq(ref.metrics.sides[1].idle, 0)
  T.eq(ref.metrics.sides[2].idle, 0)
end)

T.case("quality: a declared move that went nowhere is counted", function()
  local G, ref, archer, spear = battle(REACH)
  G.bf:set_time(1, "move")
  G.bf:place(spear, 500, 540, 0)    -- a friend right in front of the archer
  M.record(G, spear, "move")
  M.straight(G, archer, 0, 100)    -- blocked at once
  G.bf:set_time(1, "end")
  ref:finish()
  T.eq(ref.metrics.declared_moves, 2)
  T.eq(ref.metrics.declared_moves_nothing, 1)
end)

-- Session eight (Amida, 100 battles): every one of the 70 charges counted as
-- moving nothing was the storming column's renewed charge from half a
-- millimetre off a defender in the broken gateway, and every one made
-- contact (the melee followed): an order that changed something.
T.case("quality: a charge from less than 1 mm away that makes contact is not a move that moved nothing; one that makes none is", function()
  local G, ref, archer, spear, warband = battle(REACH)
  G.bf:set_time(1, "move")
  G.bf:place(spear, 600, 799.5, 0)   -- half a millimetre short of the warband's front
  M.record(G, spear, "move")
  G.bf:set_time(2, "move")
  M.record(G, spear, "charge")
  G.bf:log("contact", { unit = spear, target = warband, edge = "front" })
  M.record(G, archer, "charge")      -- the archer's charge goes nowhere and meets nobody
  G.bf:set_time(2, "end")
  ref:finish()
  T.eq(ref.metrics.declared_moves, 3)          -- the spearman's move and charge, the archer's charge
  T.eq(ref.metrics.declared_moves_nothing, 1)  -- the archer's only
end)

T.case("quality: the referee's warnings are counted as absurd acts by kind", function()
  local G, ref = battle(REACH)
  G.bf:set_time(1, "move")
  ref:warn("artillery-charges", "guns charged")
  ref:warn("artillery-charges", "guns charged again")
  G.bf:set_time(1, "end")
  ref:finish()
  T.eq(ref.metrics.absurd_total, 2)
  T.eq(ref.metrics.absurd["artillery-charges"], 2)
end)

T.case("quality: a facing swung back and forth three turns running is warned once as 'facing-oscillates'", function()
  local G, ref, archer = battle(REACH)
  for turn, f in ipairs({ 45, -45, 45, -45 }) do
    G.bf:set_time(turn, "move")
    local x, y = G.bf:pos(archer)
    G.bf:place(archer, x, y, f)
    M.record(G, archer, "move")
  end
  G.bf:set_time(4, "end")
  ref:finish()
  T.eq(ref.metrics.absurd["facing-oscillates"], 1)
end)

T.case("quality: facings the rules impose (a recoil turned about, a contact lined up) are not the commander's swings", function()
  local G, ref, archer = battle(REACH)
  for turn, f in ipairs({ 45, -45, 45, -45 }) do
    G.bf:set_time(turn, "melee")
    local x, y = G.bf:pos(archer)
    G.bf:place(archer, x, y, f)
    M.record(G, archer, "recoil")
  end
  G.bf:set_time(5, "end")
  ref:finish()
  T.eq(ref.metrics.absurd["facing-oscillates"], nil)
end)

T.case("quality: steady turns the same way are no oscillation", function()
  local G, ref, archer = battle(REACH)
  for turn, f in ipairs({ 40, 80, 120, 160 }) do
    G.bf:set_time(turn, "move")
    local x, y = G.bf:pos(archer)
    G.bf:place(archer, x, y, f)
    M.record(G, archer, "move")
  end
  ref:finish()
  T.eq(ref.metrics.absurd["facing-oscillates"], nil)
end)

T.case("referee: a ruleset's warning is counted, not fatal", function()
  local checks = { allowance = REACH.allowance, warnings = { {
    id = "guns-charge", check = function(_, phase) if phase.name == "move" then return { text = "guns charged" } end end } } }
  local G, ref = battle(checks)
  G.bf:set_time(1, "move")
  G.bf:set_time(1, "end")
  ref:finish()
  T.eq(ref.metrics.absurd["guns-charge"], 1)
  T.truthy(ref.warnings[1].text:find("turn 1, phase 'move': guns charged", 1, true), ref.warnings[1].text)
end)

T.case("quality: an ordered turn in place changed something; a ruleset's own ordered kinds are counted", function()
  local checks = { allowance = REACH.allowance, ordered_moves = { "forward", "turned" } }
  local G, ref, archer, spear = battle(checks)
  G.bf:set_time(1, "move")
  local x, y = G.bf:pos(archer)
  G.bf:place(archer, x, y, 45)
  M.record(G, archer, "turned")       -- turned in place: not nothing
  M.record(G, spear, "forward")       -- ordered forward, went nowhere
  M.record(G, spear, "recoil")        -- not an order: not counted
  G.bf:set_time(1, "end")
  ref:finish()
  T.eq(ref.metrics.declared_moves, 2)
  T.eq(ref.metrics.declared_moves_nothing, 1)
end)

T.case("quality: a unit the referee module says is at its post (at_post) is not idle; the others still are", function()
  local posts = {}
  local G, ref, archer, spear, warband = battle{ allowance = REACH.allowance,
    at_post = function(_, id) return posts[id] == true end }
  posts[warband] = true            -- e.g. a garrison on its wall
  for turn = 1, 3 do
    G.bf:set_time(turn, "move")
    M.straight(G, archer, 0, 10)
  end
  G.bf:set_time(3, "end")
  ref:finish()
  local q = ref.metrics
  T.eq(q.sides[2].idle, 0, "the warband at its post")
  T.eq(q.sides[1].idle, 1, "the spearman, standing with no post, still idle")
  local _ = spear
end)
