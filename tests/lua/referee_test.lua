-- lib.referee: each generic invariant caught on a hand-made battle, and the
-- message it stops with (turn, phase, unit, rule, expected, found, replay).
local T = require("lib.testing")
local B = require("sandtable.battlefield")
local M = require("lib.manoeuvre")
local referee = require("lib.referee")

-- A battle of two bases watched by a referee whose ruleset gives `checks`.
local function watched(checks)
  local bf = B.new{ width = 1000, depth = 1000, keep_events = false }
  local a = bf:add_unit{ side = 1, name = "Hoplites", x = 300, y = 300, width = 100, depth = 40 }
  local b = bf:add_unit{ side = 2, name = "Peltasts", x = 300, y = 600, facing = 180, width = 100, depth = 40 }
  local G = { bf = bf }
  local ctx = { referee = referee.new{ checks = checks or {}, replay = "sandtable battle x.yaml --seed 9 --referee" } }
  bf:set_time(0, "setup")
  referee.watch(ctx, G)
  bf:set_time(1, "move")
  return G, a, b, ctx.referee
end

-- The referee's message from ending the phase, or nil when it passed.
local function end_phase(G)
  local ok, err = pcall(function() G.bf:set_time(1, "melee") end)
  if ok then return nil end
  return type(err) == "table" and err.user_message or tostring(err)
end

T.case("referee (generic): a clean phase passes and is counted", function()
  local G, a, _, ref = watched{ allowance = function() return 200 end }
  M.straight(G, a, 0, 150)
  T.eq(end_phase(G), nil)
  T.eq(ref.phases_checked, 2) -- the deployment and the move phase
end)

T.case("referee (generic): overlapping bases stop the battle with turn, phase, unit and replay", function()
  local G, a, b = watched()
  G.bf:place(a, 300, 570, 0) -- 30 mm into the peltasts
  local msg = end_phase(G)
  T.truthy(msg, "a violation")
  T.truthy(msg:find("turn 1, phase 'move'", 1, true), msg)
  T.truthy(msg:find("unit " .. a .. " (Hoplites, side 1)", 1, true), msg)
  T.truthy(msg:find("overlaps unit " .. b, 1, true), msg)
  T.truthy(msg:find("[overlap, generic]", 1, true), msg)
  T.truthy(msg:find("replay:   sandtable battle x.yaml --seed 9 --referee", 1, true), msg)
end)

T.case("referee (generic): bases that only touch do not overlap", function()
  local G, a = watched()
  G.bf:place(a, 300, 540, 0) -- front edges flush
  T.eq(end_phase(G), nil)
end)

T.case("referee (generic): a ruleset may allow an overlap", function()
  local G, a = watched{ may_overlap = function() return true end }
  G.bf:place(a, 300, 570, 0)
  T.eq(end_phase(G), nil)
end)

T.case("referee (generic): a base off the table is a violation", function()
  local G, a = watched()
  G.bf:place(a, 10, 300, 0)
  local msg = end_phase(G)
  T.truthy(msg and msg:find("off the table", 1, true), msg)
end)

T.case("referee (generic): a removed unit stays removed unless a rule brings it back", function()
  local G, a = watched()
  G.bf:remove(a)
  T.eq(end_phase(G), nil)
  G.bf:set_time(2, "move")
  G.bf:bring_back(a, 300, 300, 0)
  local msg = end_phase(G)
  T.truthy(msg and msg:find("a removed unit is back on the table", 1, true), msg)
end)

T.case("referee (generic): a return declared by the rules is allowed", function()
  local G, a = watched{ allowance = function() return 100 end }
  G.bf:remove(a)
  T.eq(end_phase(G), nil)
  G.bf:set_time(2, "move")
  G.bf:bring_back(a, 300, 300, 0)
  M.record(G, a, "return")
  T.eq(end_phase(G), nil)
end)

T.case("referee (generic): a move past the ruleset's allowance for its kind is a violation", function()
  local G, a = watched{ allowance = function(_, _, kind) return kind == "charge" and 120 or 80 end }
  M.straight(G, a, 0, 100, { kind = "charge" })
  T.eq(end_phase(G), nil)
  G.bf:set_time(1, "move")
  M.straight(G, a, 0, 100) -- a plain move: 80 allowed
  local msg = end_phase(G)
  T.truthy(msg and msg:find("moved further than its allowance", 1, true), msg)
  T.truthy(msg:find("at most 80.0 mm for move", 1, true), msg)
  T.truthy(msg:find("its centre moved 100.0 mm", 1, true), msg)
end)

T.case("referee (generic): a unit that moved without declaring a move is caught", function()
  local G, a = watched{ allowance = function() return 1000 end }
  G.bf:place(a, 300, 350, 0)
  local msg = end_phase(G)
  T.truthy(msg and msg:find("moved without a declared move", 1, true), msg)
end)

T.case("referee (ruleset): a ruleset's invariant names its section", function()
  local checks = { invariants = { {
    id = "evader-out-of-contact", section = "Test rules 9.3",
    check = function(G, phase)
      if phase.name == "move" then return { unit = 1, expected = "out of contact", found = "touching" } end
    end } } }
  local G = watched(checks)
  local msg = end_phase(G)
  T.truthy(msg and msg:find("[evader-out-of-contact, Test rules 9.3]", 1, true), msg)
  T.truthy(msg:find("expected: out of contact", 1, true), msg)
end)

T.case("referee: snapshots are not watched (look-ahead on a copy is never refereed)", function()
  local G, a = watched()
  local copy = G.bf:snapshot()
  copy:place(a, 300, 570, 0)
  copy:set_time(1, "melee") -- would be a violation on the real table
  T.eq(end_phase(G), nil)
end)

T.case("referee (generic): a flyer over a unit is no overlap; on the ground it is", function()
  local G, a, b = watched()
  G.bf:set_layer(b, 1)
  G.bf:place(b, 300, 310, 180)   -- right over the hoplites
  T.eq(end_phase(G), nil)
  G.bf:set_time(1, "move")
  G.bf:set_layer(b, 0)           -- lands on them
  local msg = end_phase(G)
  T.truthy(msg and msg:find("overlaps unit " .. b, 1, true), msg)
  local _ = a
end)
