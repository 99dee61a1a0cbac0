-- The sieges module's WRG commander (commander_wrg.lua) and the quality
-- report's reading of a siege's posts (at_post.lua), each in a situation set
-- up by hand on a real battlefield (battle.skirmish of a WRG instance with
-- the `sieges` option) and, where a move or charge is the point, played
-- through the battle engine (turn.play). The commander's choices are not
-- rules; the rules they keep to are named in each case.
local T = require("lib.testing")
local forts = require("modules.sieges.fortifications")
local ST = require("modules.sieges.wrg.state")
local CMD = require("modules.sieges.commander_wrg")

local F = require("modules.sieges.tests.wrg_fixtures")
local rules, battle, turn, ai = F.rules, F.battle, F.turn, F.ai
local referee = rules.require("wrg.referee")
local FAR, unit = F.FAR, F.unit
local G_DEPTH_MI = 40 -- 6 MI figures in 2 ranks (wrg base sizes: 20 mm a rank)

-- both sides under the default commander (the siege commander wraps it)
local function situation(opts)
  return (F.situation{ side1 = opts.side1, side2 = opts.side2, seed = opts.seed, cmd1 = ai, cmd2 = ai })
end

local function events(G, kind, unit_id)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (unit_id == nil or e.unit == unit_id) then out[#out + 1] = e end
  end
  return out
end

local at_foot = F.at_foot

-- the index of the fort's gate (the walls are cut into sections of 90 mm at most)
local function gate(G)
  for _, sec in ipairs(G.sieges.forts.sections) do if sec.kind == "gate" then return sec.index end end
end

T.case("WRG 1973 REACTION TEST: UNCONTROLLED ADVANCE IN ATTEMPT TO CONTACT (siege reading): no charge at an enemy behind a standing wall; one in the open is charged", function()
  -- an uncontrolled warband at the foot of the west wall, the garrison's
  -- unit straight behind it on the walk: the charge's line is stopped by
  -- the parapet, so no charge is declared (it moved 0 mm before)
  local G = situation{
    side1 = { unit("wb", "LMI", 470, 300, 0, { set = { state = "uncontrolled", ua_period = 1 } }) },
    side2 = { unit("g", "HI", 470, 500 + forts.PARAPET_MM + 1 + 20, 180), FAR } }
  CMD.hook_charges(G, { turn = turn })
  local wb, g = G.by_id[1].wb, G.by_id[2].g
  T.eq(CMD.charge_blocked(G, { turn = turn }, wb, g), true, "the parapet stops the charge's line")
  T.eq(G.no_charge_at(G, wb, g), true)
  turn.play(G)
  T.eq(#events(G, "charge", wb), 0, "no charge declared at the defender on the walk")
  T.eq(ST.inside(G, wb), false, "and nobody passed the wall")

  -- the same enemy standing in the open before the wall: charged
  local G2 = situation{
    side1 = { unit("wb", "LMI", 470, 300, 0, { set = { state = "uncontrolled", ua_period = 1 } }) },
    side2 = { unit("s", "HI", 470, 400, 180), FAR } }
  CMD.hook_charges(G2, { turn = turn })
  local wb2, s2 = G2.by_id[1].wb, G2.by_id[2].s
  T.eq(CMD.charge_blocked(G2, { turn = turn }, wb2, s2), false, "nothing between them")
  T.eq(G2.no_charge_at(G2, wb2, s2), false)
  turn.play(G2)
  T.eq(#events(G2, "charge", wb2), 1, "the uncontrolled unit charges the enemy in the open")
end)

T.case("WRG 1973 SIEGE: BREACHES (the commander): a broken gate is stormed one unit at a time, the next waiting square behind it", function()
  -- the gate broken; two foot units of the besieger before it,
  -- no kit: the nearer goes in, the other makes for its place in file
  -- behind (its front 25 mm behind the rear of the first's staging place)
  local G = situation{
    side1 = { unit("a", "MI", 600, 380, 0, { figures = 8, ranks = 2 }), unit("b", "MI", 600, 250, 0, { figures = 8, ranks = 2 }) },
    side2 = { unit("g", "HI", 1000, 1000, 180), FAR } }
  ST.set_state(G, gate(G), "breached", "test")
  local a, b = G.by_id[1].a, G.by_id[1].b
  G.sieges_turn = turn
  local pa, pb = ai.move(G, a), ai.move(G, b)
  T.truthy(pa and pa.distance > 0, "the first unit goes for the gap")
  T.near(pa.bearing, 0, 1, "straight in (north)")
  -- the second: its place is behind the first's, so it holds or comes up to no nearer than it
  local depth = G.bf:unit(a).depth
  local place = 500 - (12 + 25 + depth + 25 + G.bf:unit(b).depth / 2)
  local _, yb = G.bf:pos(b)
  local go = pb and pb.distance or 0
  T.truthy(yb + go * rules.require("wrg.tables").MM_PER_PACE <= place + 1, "the second does not go past its place in the file")
  T.eq(forts.blocks(G.sieges.forts.sections[gate(G)]), false)
end)

T.case("Quality report (siege reading, at_post.lua): the garrison on its walls and parties at siege work are at their posts; a reserve waiting is not", function()
  local G = situation{
    side1 = { unit("ram", "MI", 600, at_foot(G_DEPTH_MI), 0, { figures = 6, ranks = 2, set = { siege = { ram = true } } }),
              unit("wait", "MI", 300, 200, 0) },
    side2 = { unit("walk", "HI", 450, 500 + forts.PARAPET_MM + 1 + 20, 180), unit("res", "HI", 600, 700, 180), FAR } }
  local ram, wait = G.by_id[1].ram, G.by_id[1].wait
  local walk, res = G.by_id[2].walk, G.by_id[2].res
  rules.require("modules.sieges.wrg.period").locate(G)
  T.truthy(referee.at_post, "the sieges module gives the referee module its at_post")
  T.eq(referee.at_post(G, walk), true, "the garrison's unit on the wall walk")
  T.eq(referee.at_post(G, ram), true, "the ram party touching the gate")
  T.eq(referee.at_post(G, res), false, "the reserve inside, off the walls")
  T.eq(referee.at_post(G, wait), false, "a besieger waiting out of reach of the wall")
  -- the gate broken: the ram has nothing standing to batter
  ST.set_state(G, gate(G), "breached", "test")
  G.D[ram].siege.working = nil
  T.eq(referee.at_post(G, ram), false, "no standing section to batter")
end)

local lanes = require("modules.sieges.commander_lanes")

T.case("WRG 1973 SIEGE: LADDERS (the commander): a ladder party goes round to a side face the garrison leaves unmanned, the rest to the front; the ram keeps the gate", function()
  local G = situation{ side1 = { unit("x", "MI", 600, 200, 0) } }
  local S = G.sieges
  local specs = {
    { id = "ram", w = 60, dp = 40, siege = { ram = true } },
    { id = "l1", w = 80, dp = 40, siege = { ladders = 2 } },
    { id = "l2", w = 80, dp = 40, siege = { ladders = 2 } },
    { id = "l3", w = 80, dp = 40, siege = { ladders = 2 } },
  }
  lanes.assign(S, 1, specs)
  T.eq(S.forts.sections[specs[1].siege.target].kind, "gate", "the ram goes to the gate")
  T.eq(specs[1].siege.lane.via, nil, "by the front: no waypoint")
  -- l1: a side face (outward normal along x; L.SIDE_PARTIES = 1: one party
  -- round the side, session seven), with a waypoint clear of the fort
  -- (frontage/2 + 45 mm out from the face) level with the face's middle
  -- (y 700); l2 and l3: the front's two wall stretches
  T.eq(lanes.SIDE_PARTIES, 1)
  local k = specs[2].siege
  local ox = forts.outward(S.forts.sections[k.target])
  T.truthy(math.abs(ox) > 0.99, "the first ladder party on a side face")
  T.truthy(k.lane.via ~= nil, "with a waypoint")
  T.near(k.lane.via.x, ox > 0 and 800 + 40 + lanes.SIDE_CLEAR_MM or 400 - 40 - lanes.SIDE_CLEAR_MM, 1e-6)
  T.near(k.lane.via.y, 700, 1e-6)
  local fronts = {}
  for n = 3, 4 do
    local kn = specs[n].siege
    local _, oy = forts.outward(S.forts.sections[kn.target])
    T.near(oy, -1, 1e-6, "ladder party " .. n .. " on the south (front) face")
    T.eq(kn.lane.via, nil)
    T.eq(fronts[kn.lane.stretch], nil, "one party a stretch")
    fronts[kn.lane.stretch] = true
  end
end)

T.case("WRG 1973 SIEGE: LADDERS (the commander, through the engine): a party at its side-face waypoint turns to the wall, erects its ladders and climbs onto the undefended walk", function()
  -- "A further period is required to erect it": turn and advance to the
  -- face, erect (the period it touches), climb the period after: a footing
  -- on the east face, which nobody holds
  local G = situation{ side1 = { unit("lp", "MI", 1000, 300, 0, { figures = 8, ranks = 2 }) } }
  local S = G.sieges
  local lp = G.by_id[1].lp
  local u = G.bf:unit(lp)
  local spec = { id = "lp", w = u.width, dp = u.depth, siege = { ladders = 2 } }
  lanes.assign(S, 1, { spec })
  local k = spec.siege
  T.truthy(k.lane.via ~= nil, "a side face")
  local side = k.lane.via.x > 600 and 1 or -1
  G.D[lp].siege = k
  G.bf:place(lp, k.lane.via.x, k.lane.via.y, 0)
  local footing
  for _ = 1, 4 do
    turn.play(G)
    G.turn = G.turn + 1
    for _, e in ipairs(events(G, "siege_escalade", lp)) do if e.what == "footing" then footing = e end end
    if footing then break end
  end
  T.truthy(footing ~= nil, "a footing within 4 periods")
  local ox = forts.outward(S.forts.sections[footing.section])
  T.near(ox, side, 1e-6, "on its side face")
  T.eq(#events(G, "siege_escalade", lp) >= 1, true)
  T.eq(#ST.units_on(G, footing.section, 2), 0, "nobody of the garrison on that section")
end)


T.case("WRG 1973 SIEGE: LADDERS (the commander): a party with a footing charges into the fort (its ladders no longer hold it)", function()
  -- a footing on the east wall, an enemy inside within charge reach (camp,
  -- seed 3: a party with a footing stood 8 periods throwing javelins at a
  -- cohort 2 mm away, its ladders still counted as up)
  local G = situation{
    side1 = { unit("lp", "MI", 800 - 10, 700, 90, { figures = 8, ranks = 2 }) },
    side2 = { unit("g", "HI", 700, 700, 270), FAR } }
  local lp = G.by_id[1].lp
  G.D[lp].siege = { ladders = 2, ladder_up = { section = 1, since = 0 }, footing = true }
  G.sieges_turn = turn
  local t = ai.charge_target(G, lp)
  T.eq(t, G.by_id[2].g, "the enemy inside is charged")
  G.D[lp].siege.footing = nil
  T.eq(ai.charge_target(G, lp), nil, "without a footing, a party at its ladders does not charge")
end)

T.case("WRG 1973 SIEGE: FIRE (the commander, session seven): a fire party keeps to its fire work when a gap opens; without its fire the same unit goes for the gap", function()
  -- the camp, periods 20-25: "More men with firebrands" went for each gap
  -- the burning palisade opened and back to their stretch when it closed,
  -- swinging their facing back and forth ('facing-oscillates')
  local G = situation{
    side1 = { unit("fb", "LMI", 600, 330, 0, { weapons = { "javelin" }, figures = 8, ranks = 2, set = { siege = { fire = true } } }) },
    side2 = { unit("g", "HI", 1000, 1000, 180), FAR } }
  ST.set_state(G, gate(G), "breached", "test")
  G.sieges_turn = turn
  local fb = G.by_id[1].fb
  local kit = G.D[fb].siege
  G.D[fb].siege = {}
  local gap_plan = ai.move(G, fb)
  T.truthy(gap_plan and gap_plan.distance > 0, "without fire it makes for the gap")
  G.D[fb].siege = kit
  local p = ai.move(G, fb)
  local same = p ~= nil and math.abs((p.bearing or 0) - (gap_plan.bearing or 0)) < 1 and math.abs((p.distance or 0) - gap_plan.distance) < 1
  T.eq(same, false, "with its fire it does not go for the gap")
end)

T.case("WRG 1973 SIEGE (the commander's deployment, session seven): a unit with no room left on its row stands a row further back, not on a friend", function()
  -- the Claudian campaign's siege (seed 4545540191844069310): the ladder
  -- party's side-face place took the row's room and the horse kept its base
  -- place on top of the slingers (the referee's overlap)
  local specs = { { id = "a", w = 600, dp = 40 }, { id = "b", w = 600, dp = 40 } }
  local plan = { { index = 1, x = 400, y = 900, facing = 180 }, { index = 2, x = 800, y = 900, facing = 180 } }
  local out = lanes.deploy({ S = { depth = 1200 } }, 2, specs, plan, 1200)
  T.eq(#out, 2)
  T.eq({ out[1].x, out[1].y }, { 400, 900 }, "the first keeps its place")
  T.near(out[2].y, 900 + 40 + 10, 1e-6, "the second a row back (towards side 2's edge)")
  local apart = math.abs(out[1].y - out[2].y) >= 40 or math.abs(out[1].x - out[2].x) >= 600
  T.eq(apart, true, "no overlap")
end)
