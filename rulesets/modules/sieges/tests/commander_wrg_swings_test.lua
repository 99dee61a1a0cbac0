-- The sieges module's WRG commander (commander_wrg.lua) keeps the default
-- commander's rule against facing swings (wrg.ai: no third swing; issue
-- #13, session ten): a situation set up by hand on a real battlefield
-- (battle.skirmish of a WRG instance with the `sieges` option).
local T = require("lib.testing")
local ST = require("modules.sieges.wrg.state")

local F = require("modules.sieges.tests.wrg_fixtures")
local turn, ai = F.turn, F.ai
local FAR, unit = F.FAR, F.unit

-- the index of the fort's gate
local function gate(G)
  for _, sec in ipairs(G.sieges.forts.sections) do if sec.kind == "gate" then return sec.index end end
end

T.case("WRG commander (the siege commander, issue #13 session ten, facing-oscillates): a besieger that swung right and back left does not wheel right a third time for the gap", function()
  -- at siege_camp a besieger making for the camp turned -72, +72 and -51
  -- degrees in three periods running (the referee's facing-oscillates)
  local function plan(history)
    local G = F.situation{
      side1 = { unit("a", "MI", 400, 380, 0, { figures = 8, ranks = 2 }) },
      side2 = { unit("g", "HI", 1000, 1000, 180), FAR }, cmd1 = ai, cmd2 = ai }
    ST.set_state(G, gate(G), "breached", "test")
    local a = G.by_id[1].a
    if history then G.D[a].ai_facings = { [G.turn - 2] = 0, [G.turn - 1] = -40 } end
    G.sieges_turn = turn
    return ai.move(G, a)
  end
  local p = plan(false)
  T.truthy(p and p.distance > 0 and turn.norm(p.bearing) <= -(ai.SWING - 1),
    "a fresh unit wheels right for the broken gate (bearing " .. tostring(p and p.bearing) .. ")")
  T.eq(plan(true), nil, "after 40 right and 40 back left: it stands this period")
end)
