-- WRG Ancients 1973, SCOUTS and DEPLOYMENT: who sees whose sketch map, and
-- troops kept off the table to arrive later.
--
-- SCOUTS: "Each side declares how many light cavalry figures it has. A side
-- with 10% less must declare its entire army and any forced marching
-- intentions to the opposing player, who may then increase his own rate of
-- march if he wishes, reducing his slowest troops to maintain a constant
-- points value."
-- DEPLOYMENT: "Each side makes a sketch map of its intended deployment, and
-- then sets out according to this within 100 paces of the table edge.
-- Troops may be kept off the table edge and instructed to arrive in a set
-- number of periods. They will then start to dice as if troops that have
-- left the table, and so may arrive late or never."
--
-- READINGS:
--  - light cavalry figures: figures of LC units (light camelry too: they are
--    "Cavalry of equivalent type"); "10% less": fewer than 90% of the other
--    side's (a side with none against a side with some has 10% less; two
--    sides with none are even);
--  - the sketch maps are the commanders' deployment plans
--    (cmd.deployment(G, s)); both are drawn before anything is set out, so
--    neither sees the other's — except that the out-scouted side "must
--    declare its entire army": its plan is drawn first and laid before the
--    other commander as G.declared = { side =, plan =, specs = } (the
--    default commander deploys the same line whatever it knows);
--  - "any forced marching intentions ... increase his own rate of march":
--    the scenarios give no forced marching (the points of TROOPS FORCED
--    MARCHING are in tables.points), so nothing follows from it here;
--  - a plan entry with `arrive = n` is kept off the table and "starts to
--    dice as if troops that have left the table" from period n (TROOPS
--    LEAVING THE FIELD: a 4 brings it on at its place on the sketch map at
--    once, a 3 after a second die's periods, nothing in three periods: never);
--  - "If woods extend to a players base line, he may deploy troops in them
--    without putting them on the table": the diced terrain is laid clear of
--    the deployment zones and no shipped scenario has a wood on a base line;
--    troops a plan puts in such a wood are set out on the table like any
--    other (the engine keeps no hidden units: every unit is in view);
--  - time advantage, field works, garrisons of stone fortifications: no
--    forced marching, no fortifications in the open-field battle.
--  - which end of the table the lines are drawn from (issue #13, session
--    ten): the rules do not say, and a commander that lays its line out
--    along its edge in a fixed order of the board (the default commander:
--    wrg.ai's deployment, from the west end) sets side 2's army out as the
--    mirror image of side 1's -- the wing one holds on its right the other
--    holds on its left -- while the rules are not the same on both hands
--    (USE OF SHIELDS: "attacked ... from behind an unshielded flank", the
--    right). In a mirror match the army with its first wing on its own left
--    was always side 1's: the Persian mirror at Gaugamela went 36.8 / 56.9%
--    to side 2 in 2000 battles, 45.3 / 47.4 with no unshielded flank
--    (docs/rulesets/wrg.md, "Mirror matches, session ten"). So the end of the
--    table the lines are drawn from is drawn by lot before the sketch maps,
--    the same end for both sides (G.lines_from: "west" on 1-3, "east" on
--    4-6): each side's army is the mirror image of the other's as before
--    (a mirror army's units still face their doubles), and which of them
--    holds a wing on its own left is the lot's.
local setup = require("wrg.setup")

local SM = {}

function SM.light_cavalry(G, s)
  local n = 0
  for _, spec in ipairs(G.sides[s].specs) do if spec.type == "LC" then n = n + spec.figures end end
  return n
end

-- The out-scouted side (1 | 2) or nil.
function SM.out_scouted(lc1, lc2)
  if lc1 < 0.9 * lc2 then return 1 end
  if lc2 < 0.9 * lc1 then return 2 end
  return nil
end

-- The end of the table both sides' lines are drawn from, by lot (READINGS
-- above): "west" (x = 0, side 1's left) or "east". Not in a siege (the
-- sieges module's option): there the works place the armies (the walls,
-- the ships and the beach are each one side's; no siege is a mirror), the
-- lines are drawn from the west end as before and no die is thrown (with
-- the lot the landing at Britain's shore was decided 42.5% of 400 battles
-- against 55.5%, seed 2; why was not read).
SM.LINES_FROM = "WRG deployment: which end of the table the lines are drawn from (1-3 west)"
function SM.lines_from(G)
  if G.options and G.options.sieges then return "west" end
  return G.dice:roll(6, SM.LINES_FROM) <= 3 and "west" or "east"
end

-- Draws both sketch maps and sets the troops out: add(G, s, spec, x, y,
-- facing) -> uid (battle.lua's). Returns the units to hold back, as
-- { { uid =, periods = } }.
function SM.deploy(G, add)
  local lc = { SM.light_cavalry(G, 1), SM.light_cavalry(G, 2) }
  local out = SM.out_scouted(lc[1], lc[2])
  G.scouts = { light_cavalry = lc, out_scouted = out }
  if G.log then G.bf:log("scouts", { light_cavalry = lc, out_scouted = out }) end
  if G.report then
    G.report(string.format("Scouts: %d and %d light cavalry figures%s.", lc[1], lc[2],
      out and string.format(": %s must declare its army", G.sides[out].name) or ""))
  end
  G.lines_from = SM.lines_from(G)
  local plans = {}
  for _, s in ipairs(out and { out, 3 - out } or { 1, 2 }) do
    plans[s] = G.sides[s].commander.deployment(G, s)
    if s == out then G.declared = { side = s, plan = plans[s], specs = G.sides[s].specs } end
  end
  local late = {}
  for s = 1, 2 do
    local side = G.sides[s]
    local placements = {}
    for n, p in ipairs(plans[s]) do
      local spec = side.specs[p.index]
      placements[n] = { name = spec.name, x = p.x, y = p.y, w = spec.w, d = spec.dp }
    end
    for _, msg in ipairs(setup.check_deployment(G.S, s, placements)) do
      if G.report then G.report(string.format("  deployment problem, %s: %s", side.name, msg)) end
      if G.log then G.bf:log("deployment_problem", { side = s, message = msg }) end
    end
    for _, p in ipairs(plans[s]) do
      local uid = add(G, s, side.specs[p.index], p.x, p.y, p.facing)
      if p.arrive then late[#late + 1] = { uid = uid, periods = p.arrive } end
    end
    table.sort(side.units)
  end
  return late
end

-- Takes the units instructed to arrive later off the table (after G.all is
-- built): they dice from their period on (turn.returns reads off_table.from).
function SM.hold_back(G, late)
  for _, l in ipairs(late) do
    local d = G.D[l.uid]
    local x, y, f = G.bf:pos(l.uid)
    d.off_table = { x = x, y = y, facing = f, checks = 0, from = math.max(1, l.periods) }
    G.bf:remove(l.uid)
    if G.log then G.bf:log("held_back", { unit = l.uid, periods = l.periods }) end
    if G.report then
      G.report(string.format("  %s is kept off the table, to arrive from period %d.", d.name, d.off_table.from))
    end
  end
end

return SM
