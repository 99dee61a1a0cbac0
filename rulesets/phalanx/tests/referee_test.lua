-- Phalanx's referee module (referee.lua) with lib.referee: each invariant
-- passes a legal phase and stops an illegal one, on hand-placed units.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("phalanx.battle")
local turn = require("phalanx.turn")
local referee = require("lib.referee")

local function commander()
  return { activate = function() return {} end, evade = function() return false end,
           free_order = function() return nil end, shoot_target = function(_, _, t) return t[1].id end,
           shoot_at_charger = function() return true end }
end

-- A skirmish watched by a referee with Phalanx's checks; the deployment is
-- checked at once, then each phase when the next begins.
local function watched(s1, s2, values)
  local G = battle.skirmish{ dice = dice.forced(values or {}), log = false,
    sides = { { vignettes = s1, commander = commander() }, { vignettes = s2, commander = commander() } } }
  local ref = referee.new{ checks = require("phalanx.referee") }
  referee.watch({ referee = ref }, G)
  G.bf:set_time(1, "B movement")
  return G, ref
end

local function message(fn)
  local ok, err = pcall(fn)
  if ok then return nil end
  return type(err) == "table" and err.user_message or tostring(err)
end

local function group_of(G, side, vid) return G.groups[G.D[G.by_vid[side][vid]].gid] end

T.case("Referee, allowance (The Game Turn B): a charge is held to one move; more is stopped", function()
  local G = watched({ { id = "c", class = "LIW", at = { 900, 200 } } }, { { id = "t", class = "HIN", at = { 970, 320 } } })
  turn.charge(G, group_of(G, 1, "c"), G.by_vid[2].t, 0)
  T.eq(message(function() G.bf:set_time(1, "C initiative") end), nil, "a legal charge passes")
  -- a charge that also jumps 60 mm further (as the old line-up could)
  local c = G.by_vid[1].c
  local x, y, f = G.bf:pos(c)
  turn.place(G, c, x, y - 120, f)
  turn.record(G, c, "charge")
  local m = message(function() G.bf:set_time(1, "D shooting") end)
  T.truthy(m and m:find("allowance", 1, true), "stopped: " .. tostring(m))
end)

T.case("Referee, link_together (Linked Vignettes): a link that comes apart is stopped", function()
  local G = watched({ { id = "a", class = "HIN", at = { 860, 300 } },
                      { id = "b", class = "HIN", in_line_with = "a", at = { 940, 300 } } },
    { { id = "e", class = "HIN", at = { 900, 1000 } } })
  turn.order_move(G, group_of(G, 1, "a"), 10, 80)
  T.eq(message(function() G.bf:set_time(1, "C initiative") end), nil, "a link turning and moving as one passes")
  local b = G.by_vid[1].b
  local x, y, f = G.bf:pos(b)
  turn.place(G, b, x + 40, y, f)      -- 40 mm off to the side: a gap in the link
  turn.record(G, b, "recoil_R")
  local m = message(function() G.bf:set_time(1, "D shooting") end)
  T.truthy(m and m:find("link_together", 1, true), "stopped: " .. tostring(m))
end)

T.case("Referee, recoil_distance (Results): a repulse that falls short with nothing in the way is stopped", function()
  local G = watched({ { id = "a", class = "HIN", at = { 900, 300 } } }, { { id = "d", class = "HIN", at = { 900, 340 } } },
    { 4 })
  G.bf:set_time(1, "E melee")
  turn.melee_phase(G, 1)    -- even, die 4: the defender is repulsed 80 mm
  T.eq(message(function() G.bf:set_time(2, "A activation") end), nil, "a full repulse passes")
  local d = G.by_vid[2].d
  local x, y, f = G.bf:pos(d)
  turn.place(G, d, x, y - 40, f)
  turn.record(G, d, "recoil_R", { wanted = 80, moved = 40 })
  local m = message(function() G.bf:set_time(2, "B movement") end)
  T.truthy(m and m:find("recoil_distance", 1, true), "stopped: " .. tostring(m))
end)

T.case("Referee, stood_still (Shooting H): a halted vignette that moves in its side's next turn is stopped", function()
  local G = watched({ { id = "h", class = "HIN", at = { 900, 300 } } }, { { id = "e", class = "HIN", at = { 900, 1000 } } })
  G.pturn, G.phasing = 2, 1
  G.D[G.by_vid[1].h].halt = 1
  turn.order_move(G, group_of(G, 1, "h"), 0, 50)   -- the engine's move ignores the halt when called directly
  local m = message(function() G.bf:set_time(1, "C initiative") end)
  T.truthy(m and m:find("stood_still", 1, true), "stopped: " .. tostring(m))
end)
