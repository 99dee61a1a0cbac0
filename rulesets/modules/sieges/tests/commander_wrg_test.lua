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
