-- The sieges module in WRG 1973: fire against troops and wooden pieces,
-- tank wagons, grass fires, ships under oars and stone-throwers lobbing
-- from inside -- each rule in a situation set up by hand on a real
-- battlefield (battle.skirmish of a WRG instance with the `sieges` option)
-- and played through the battle engine (turn.play), dice forced or seeded.
-- Source: "SIEGE, FIELD ENGINEERING AND SHIP-TO-SHORE FIGHTING" (pp. 30-32).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")
local fire = require("modules.sieges.fire")
local ST = require("modules.sieges.wrg.state")

local rules = ruleset.load("wrg", { options = { "sieges" } })
local battle = rules.require("wrg.battle")
local turn = rules.require("wrg.turn")
local ai = rules.require("wrg.ai")
local tables = rules.require("wrg.tables")

local MM = tables.MM_PER_PACE

-- A square stone fort far in the north-west corner (40..80 x 50..90 cm).
local FORT = {
  type = "fortification", name = "test fort", defender = 2, sections = {
    { kind = "wall", from = { 40, 50 }, to = { 55, 50 } }, { kind = "gate", from = { 55, 50 }, to = { 65, 50 } },
    { kind = "wall", from = { 65, 50 }, to = { 80, 50 } }, { kind = "wall", from = { 80, 50 }, to = { 80, 90 } },
    { kind = "wall", from = { 80, 90 }, to = { 40, 90 } }, { kind = "wall", from = { 40, 90 }, to = { 40, 50 } } } }

local function unit(id, ty, x, y, facing, extra)
  local u = { id = id, type = ty, class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { x, y, facing or 0 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

-- A commander that declares nothing and moves nothing unless told.
local function commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

local FAR = unit("far", "MI", 1700, 1150, 180)

local function situation(opts)
  local lines = {}
  local G = battle.skirmish{
    dice = opts.dice or dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    table = { terrain = opts.terrain or { FORT, { type = "siege", besieger = 1 } } },
    sides = {
      { units = opts.side1 or { unit("far1", "MI", 100, 100) }, commander = opts.cmd1 or commander() },
      { units = opts.side2 or { FAR }, commander = opts.cmd2 or commander() },
    },
  }
  ST.init(G)
  return G, lines
end

local function events(G, kind, when)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (when == nil or e.turn == when) then out[#out + 1] = e end
  end
  return out
end

local function play(G)
  turn.play(G)
  G.turn = G.turn + 1
end

local function find(lines, pat)
  for _, l in ipairs(lines) do if l:find(pat) then return l end end
  return nil
end

---------------------------------------------------------------------------
-- FIRE against troops

-- archers with fire missiles at (1400, 300) facing north; the enemy's front
-- `gap` paces off their front
local function archers_and_target(gap, seed, cmd1)
  local y2 = 300 + 20 + gap * MM + 20
  return situation{
    seed = seed, cmd1 = cmd1,
    side1 = { unit("archers", "LMI", 1400, 300, 0, { weapons = { "bow" }, figures = 8, ranks = 2, set = { siege = { fire = true } } }) },
    side2 = { unit("target", "MI", 1400, y2, 180, { figures = 8, ranks = 2 }), FAR } }
end

T.case("WRG 1973 SIEGE: FIRE: fire missiles at troops: a period preparing, then WRG's shot at half range with weapon factor 1", function()
  local G, lines = archers_and_target(100, 3)
  local a, t = G.by_id[1].archers, G.by_id[2].target
  play(G)
  T.eq(#events(G, "shoot", 1), 0, "the period before is spent preparing: no shot")
  T.eq(G.D[a].siege.prepared, 1)
  T.truthy(find(lines, "archers stand preparing and lighting fire missiles"), "said so")
  play(G)
  local f = events(G, "siege_fire", 2)
  T.eq(#f, 1); T.eq(f[1].what, "fire missiles at troops"); T.eq(f[1].target, t)
  local s = events(G, "shoot", 2)
  T.eq(#s, 1, "one shot, at the troops")
  T.eq(s[1].casualties, tables.casualties(s[1].total, s[1].figures), "normal missile casualties: WRG's table")
  T.truthy(find(lines, "archers shoots at target: %d+ figures, weapon 1,"), "weapon factor 1, not the bow's")
  T.eq(G.D[a].range, 240, "the bow's range back after the shot")
  play(G)
  T.eq(#events(G, "shoot", 3), 0, "fired: the next shot needs a period of preparation again")
end)

T.case("WRG 1973 SIEGE: FIRE: 'Normal ranges are halved': bows at 150 paces (beyond 120) shoot ordinary arrows, unprepared", function()
  local G, lines = archers_and_target(150, 3)
  play(G)
  local s = events(G, "shoot", 1)
  T.eq(#s, 1, "an ordinary shot in period 1")
  T.eq(#events(G, "siege_fire", 1), 0)
  T.eq(G.D[G.by_id[1].archers].siege.prepared, nil)
  T.eq(find(lines, "archers shoots at target: %d+ figures, weapon 1,"), nil, "the bow's own weapon factor")
end)

T.case("WRG 1973 SIEGE: FIRE: preparing 'must be spent stationary': troops that moved do not prepare", function()
  local G = archers_and_target(100, 3, commander{ move = function() return { bearing = 0, distance = 5 } end })
  play(G)
  T.truthy((G.D[G.by_id[1].archers].moved or 0) > 0, "they moved")
  T.eq(G.D[G.by_id[1].archers].siege.prepared, nil)
  T.eq(#events(G, "siege_fire", 1), 0)
end)

T.case("WRG 1973 SIEGE: DESTRUCTION and FIRE: a wooden piece takes 20 casualty equivalents; green hides weapon factor 0", function()
  local tower = { id = "tower" }
  T.eq(fire.object_weapon_factor(tower), 1)
  T.eq(fire.object_weapon_factor({ green_hides = true }), 0, "siege towers or penthouses protected with green hides")
  T.eq(fire.hit_object(tower, 12), { fp = 12, destroyed = false })
  T.eq(tower.burning, true)
  T.eq(fire.hit_object(tower, 7), { fp = 19, destroyed = false })
  T.eq(fire.hit_object(tower, 1), { fp = 20, destroyed = true }, "20 casualty equivalents")
  T.eq(fire.hit_object(tower, 5), { fp = 20, destroyed = false }, "destroyed once; takes no more")
  T.eq(fire.WOODEN_DESTROYED, require("modules.sieges.works").WOODEN_DESTROYED, "the same 20 as DESTRUCTION's")
end)

---------------------------------------------------------------------------
-- FIGHTING INSIDE FORTIFICATIONS: lobbing from inside; DESTRUCTION: the ramparts

local PARAPET = require("modules.sieges.fortifications").PARAPET_MM
local function engine(id, x, y, facing, extra)
  local u = { id = id, type = "ENG", engine = "stone_30_mina", class = "C", regular = false, figures = 1, at = { x, y, facing } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end
-- a defender on the south wall (section 1), facing out
local function on_wall(id) return unit(id, "MI", 470, 500 + PARAPET + 1 + 20, 180, { figures = 8, ranks = 2 }) end

T.case("WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS: a stone-thrower inside lobs over the walls at a besieger the men on the walls see: full effect", function()
  local G, lines = situation{ seed = 5,
    side1 = { unit("besiegers", "MI", 600, 300, 0, { figures = 12, ranks = 2 }) },
    side2 = { engine("onager", 600, 750, 180), on_wall("lookouts"), FAR } }
  local b, eng, look = G.by_id[1].besiegers, G.by_id[2].onager, G.by_id[2].lookouts
  play(G)
  local l = events(G, "siege_lob", 1)
  T.eq(#l, 1, "one shot lobbed")
  T.eq({ l[1].unit, l[1].target, l[1].spotter }, { eng, b, look })
  T.eq(l[1].casualties, tables.casualties(l[1].total, l[1].figures), "WRG's casualty table, not halved")
  T.truthy(l[1].total >= l[1].weapon + l[1].tactical - 3 and l[1].total <= l[1].weapon + l[1].tactical + 3, "weapon, tactical and random factors")
  T.eq(l[1].figures, 4, "the 30-mina engine's crew of 4")
  T.truthy(find(lines, "directed by"), "said so")
  local shots = 0
  for _, e in ipairs(events(G, "shoot", 1)) do if e.unit == eng then shots = shots + 1 end end
  T.eq(shots, 0, "it shoots at nothing else")
end)

T.case("WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS: no man on the walls, no lobbing from inside", function()
  local G = situation{ seed = 5,
    side1 = { unit("besiegers", "MI", 600, 300, 0, { figures = 12, ranks = 2 }) },
    side2 = { engine("onager", 600, 750, 180), unit("inside", "MI", 500, 650, 180), FAR } }
  play(G)
  T.eq(#events(G, "siege_lob", 1), 0)
end)

T.case("WRG 1973 SIEGE: DESTRUCTION: 'Alternatively, aim can be concentrated on the ramparts': the engine shoots the defenders above its own ladders instead of battering", function()
  -- with no ladders up: it batters the wall
  local G = situation{ seed = 6,
    side1 = { engine("onager", 470, 250, 0, { set = { siege = { batter = true } } }) },
    side2 = { on_wall("defenders"), FAR } }
  play(G)
  T.eq(#events(G, "siege_work", 1), 1, "battering")
  T.eq(#events(G, "siege_ramparts", 1), 0)
  -- an escalading party's ladders go up against section 1: the engine aims at the ramparts
  local G2 = situation{ seed = 6,
    side1 = { engine("onager", 470, 250, 0, { set = { siege = { batter = true } } }),
              unit("esc", "MI", 470, 500 - 1 - 20, 0, { set = { siege = { ladders = 2 } } }) },
    side2 = { on_wall("defenders"), FAR } }
  play(G2)
  T.eq(#events(G2, "siege_ladder", 1), 1, "the ladders are up")
  local r = events(G2, "siege_ramparts", 1)
  T.eq(#r, 1, "aim at the ramparts")
  T.eq(r[1].target, G2.by_id[2].defenders)
  T.eq(r[1].casualties, tables.casualties(r[1].total, r[1].figures))
  T.eq(#events(G2, "siege_work", 1), 0, "the walls escape damage")
  local job = G2.sieges.forts.sections[1].job
  T.eq(job and job.done_fp or 0, 0, "no figure/period of battering")
end)
