-- The sieges module's WRG 1973 adapter: the option `sieges` a WRG scenario
-- switches on (`options: [sieges]`). It plays "SIEGE, FIELD ENGINEERING AND
-- SHIP-TO-SHORE FIGHTING" (pp. 30-32) on WRG's own extension points; no line
-- of rulesets/wrg changes:
--   * wrg.setup.given_terrain / place_terrain: the siege pieces of a
--     scenario's table.terrain (modules/sieges/wrg/scenario.lua)
--   * wrg.period.shared's phases, which turn.play calls through the table:
--     ladders, escalade, fire, works, breaches, mining, caltrops
--     (modules/sieges/wrg/period.lua)
--   * the named modifier lists wrg.shooting and wrg.melee: cover x3 behind
--     merlons, escaladers shieldless, ships' cover (wrg/modifiers.lua)
--   * the default commander wrg.ai: besieging and defending
--     (modules/sieges/commander_wrg.lua)
--   * the referee wrg.referee: the climb's allowance and the siege
--     invariants (wrg/referee.lua)
--   * wrg.victory: the fort as an objective (WINNERS AND LOSERS: "objective
--     points that have been previously agreed for the control of specified
--     terrain features")
-- Without siege pieces on the table the option changes nothing.
local SC = require("modules.sieges.wrg.scenario")
local ST = require("modules.sieges.wrg.state")
local PD = require("modules.sieges.wrg.period")
local MOD = require("modules.sieges.wrg.modifiers")
local REF = require("modules.sieges.wrg.referee")
local CMD = require("modules.sieges.commander_wrg")
local WP = require("modules.sieges.wrg.working_parties")
local BL = require("modules.sieges.wrg.blind")
local FA = require("modules.sieges.wrg.fascines")
local CON = require("modules.sieges.wrg.construction")
local EN = require("modules.sieges.wrg.engines")  -- siege towers and penthouses as pieces
local GA = require("modules.sieges.wrg.gabions")
local BR = require("modules.sieges.wrg.bridging")
local FT = require("modules.sieges.wrg.fire_troops")
local GF = require("modules.sieges.wrg.grass_fire")
local WA = require("modules.sieges.wrg.water")
local SW = require("modules.sieges.wrg.ships")
local CS = require("modules.sieges.commander_ships")

local A = { id = "sieges", title = "Sieges, field engineering and ship-to-shore fighting",
            rule = "WRG 1973, SIEGE, FIELD ENGINEERING AND SHIP-TO-SHORE FIGHTING" }

function A.apply(rules)
  local req = rules.require
  local R = {
    tables = req("wrg.tables"), troops = req("wrg.troops"), shooting = req("wrg.shooting"),
    chance = req("wrg.chance"), manoeuvre = require("lib.manoeuvre"),
  }
  local setup = req("wrg.setup")
  R.turn = req("wrg.turn")  -- loads and links the period's parts
  local P = req("wrg.period.shared")

  -- 1. the scenario's siege pieces
  local given, place = setup.given_terrain, setup.place_terrain
  function setup.given_terrain(list, locate)
    local rest, spec = SC.read(list, locate, ST.MM)
    local pieces = given(rest, locate)
    pieces.sieges = spec
    return pieces
  end
  function setup.place_terrain(bf, pieces)
    place(bf, pieces)
    if pieces.sieges then SC.place(bf, pieces.sieges) end
  end

  -- 2. the phases
  local upkeep, movement, shooting_phase, melee_phase, end_of_period =
    P.upkeep, P.movement, P.shooting_phase, P.melee_phase, P.end_of_period
  function P.upkeep(G)
    upkeep(G)
    if ST.init(G) then
      if not G.sieges.parties_hooked then WP.install(G); G.sieges.parties_hooked = true end
      PD.locate(G); CMD.fire_fighters(G); WA.period(G); CON.assign(G); CMD.mines(G); PD.upkeep(G, R); GF.period(G, R); PD.mining(G, R); EN.upkeep(G); BR.setup(G) end
  end
  function P.movement(G)
    if G.sieges then CS.row(G, R) end -- ships under oars (commander_ships.lua, wrg/ships.lua)
    local before = G.sieges and PD.positions(G)
    movement(G)
    if G.sieges then
      PD.locate(G)
      EN.movement(G, R, PD)
      PD.escaladers_moved(G, R)
      PD.ladders(G, R)
      FA.throw(G, R)
      PD.caltrops(G, R, before)
      PD.locate(G)
    end
  end
  function P.shooting_phase(G)
    if not G.sieges then return shooting_phase(G) end
    PD.locate(G)
    local held = PD.fire_missiles(G, R)
    BL.aim(G) -- DESTRUCTION: batter the lower wall or aim at the ramparts (wrg/blind.lua)
    PD.batteries(G, R, held)
    EN.bombard(G, R, held)
    EN.fire_at(G, R, held) -- fire missiles at siege towers and penthouses (wrg/engines.lua)
    GA.locate(G)
    BL.shoot(G, R, held)
    for _, h in ipairs(held) do G.D[h.uid].range = nil end
    FT.shoot(G, R, held) -- FIRE against troops (wrg/fire_troops.lua)
    -- RANGES: "fighting from a raised rampart add 20 paces"
    local raised = {}
    for _, uid in ipairs(G.all) do
      local d = G.D[uid]
      -- (and from a ship: "higher than a beach", READING: as a rampart)
      if (d.siege_on or d.siege_ship or d.siege_tower) and d.range then raised[#raised + 1] = uid; d.range = d.range + 20 end
    end
    shooting_phase(G)
    for _, uid in ipairs(raised) do G.D[uid].range = G.D[uid].range - 20 end
    for _, h in ipairs(held) do G.D[h.uid].range = h.range end
  end
  function P.melee_phase(G)
    melee_phase(G)
    if G.sieges then PD.after_melee(G, R); PD.locate(G) end
  end
  function P.end_of_period(G)
    if G.sieges then PD.works(G, R); CON.work(G, PD.engineering_rate); EN.end_of_period(G, PD.engineering_rate); GA.fill(G, R, PD.engineering_rate); BR.work(G, R, PD.engineering_rate); PD.lay_caltrops(G, R); PD.locate(G) end
    end_of_period(G)
  end

  -- FIGHTING INSIDE FORTIFICATIONS: "Disorganisation due to fragmented
  -- front does not apply inside fortifications." SHIP-TO-SHORE FIGHTING:
  -- "They ignore disorganisation for fragmented front." WRG's fragmented
  -- front is DISORGANISATION 3, "Formation split by a gap" (turn.split_gap):
  -- no split for a unit whose centre is inside a fort, on its walls or
  -- aboard ship.
  local split_gap = R.turn.split_gap
  function R.turn.split_gap(G, uid)
    if G.sieges and (ST.inside(G, uid) or ST.on_section(G, uid) or ST.on_ship(G, uid)) then return 0 end
    return split_gap(G, uid)
  end

  -- 3. modifiers, commander, referee, victory
  MOD.install(rules)
  EN.install(rules)
  GA.install(rules)
  FT.install(R, P)
  CMD.install(rules, R)
  GF.install(rules) -- fire parties stand to fire the grass (wrg/grass_fire.lua)
  SW.install(rules, R) -- ships as friendly cover, the move aboard (wrg/ships.lua)
  REF.install(rules, R)
  local V = req("wrg.victory")
  local points_left = V.points_left
  function V.points_left(G, s)
    return points_left(G, s) + CMD.objective_points(G, s)
  end
end

return A
