-- The sieges module in WRG 1973: fire against troops and wooden pieces,
-- tank wagons, grass fires, ships under oars and stone-throwers lobbing
-- from inside -- each rule in a situation set up by hand on a real
-- battlefield (battle.skirmish of a WRG instance with the `sieges` option)
-- and played through the battle engine (turn.play), dice forced or seeded.
-- Source: "SIEGE, FIELD ENGINEERING AND SHIP-TO-SHORE FIGHTING" (pp. 30-32).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local fire = require("modules.sieges.fire")
local ST = require("modules.sieges.wrg.state")

local F = require("modules.sieges.tests.wrg_fixtures")
local rules, battle, turn, ai, tables, MM = F.rules, F.battle, F.turn, F.ai, F.tables, F.MM
local FAR = F.FAR
local unit, commander, situation, play = F.unit, F.commander, F.situation, F.play

local function events(G, kind, when)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (when == nil or e.turn == when) then out[#out + 1] = e end
  end
  return out
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

---------------------------------------------------------------------------
-- FIRE: grass fires

local GF = require("modules.sieges.wrg.grass_fire")
local W = require("modules.weather")

-- steppe in July with strong winds blowing from the south (or not blowing)
local function steppe(G, blowing)
  G.weather = W.start({ region = "mediterranean", month = 7, ground = "steppe", potential = 1, falling = blowing,
                        steady = true, wind_from = "S", fog = false }, G.dice)
  return GF.grid(G)
end
local function cell(g, i, j) return g.at[i .. "," .. j] end
local SIDE = GF.SIDE_MM

T.case("WRG 1973 SIEGE: FIRE: 'Grass fires are only possible in very dry conditions and high winds': steppe, June to August, strong winds", function()
  local G = situation{}
  steppe(G, true)
  T.eq(GF.possible(G), true)
  G.weather.falling = false
  T.eq(GF.possible(G), false, "no high winds")
  G.weather.falling, G.weather.month = true, 9
  T.eq(GF.possible(G), false, "not a drought month")
  G.weather.month, G.weather.ground = 7, "inland"
  T.eq(GF.possible(G), false, "not steppe")
end)

T.case("WRG 1973 SIEGE: FIRE: a grass fire in strong winds leaps 30 paces downwind, caught areas 5 points a period, untenable at 20 for 3 periods, then burnt", function()
  local G = situation{}
  local g = steppe(G, true)
  local o = cell(g, 14, 3)
  T.truthy(o, "open ground is grass")
  T.eq(GF.ignite(G, o, 4), true)
  play(G)
  local burning = {}
  for id, c in pairs(g.cells) do if g.st.objects[id].burning then burning[#burning + 1] = c.i .. "," .. c.j end end
  table.sort(burning)
  -- downwind (north) within 30 paces and 45 degrees: the next area, the one beyond (30 paces off), the two diagonal
  T.eq(burning, { "13,4", "14,3", "14,4", "14,5", "15,4" })
  T.eq(g.st.objects[cell(g, 14, 4)].fp, 5); T.eq(g.st.objects[cell(g, 14, 5)].fp, 5)
  T.eq(g.st.objects[o].fp, 4, "the area fired gains only from the hits")
  T.eq(g.st.objects[cell(g, 14, 2)].burning, false, "not upwind")
  T.eq(#events(G, "terrain_changed", 1) > 0 or #events(G, "terrain_added", 1) > 0, true, "drawn on the table")
  play(G); play(G)
  T.eq(g.st.objects[cell(g, 14, 4)].untenable, 0, "15 points after 3 periods")
  play(G)
  T.eq(g.st.objects[cell(g, 14, 4)].untenable, 3, "20 after 4: untenable")
  T.eq(g.cells[cell(g, 14, 4)].state, "untenable")
  for _ = 1, 3 do play(G) end
  T.eq(g.st.objects[cell(g, 14, 4)].burnt, true, "burnt out after 3 periods untenable")
  T.eq(g.cells[cell(g, 14, 4)].state, "burnt")
end)

T.case("WRG 1973 SIEGE: FIRE: without high winds the grass does not catch from a burning area", function()
  local G = situation{}
  local g = steppe(G, false)
  GF.ignite(G, cell(g, 14, 3), 4)
  play(G)
  T.eq(g.st.objects[cell(g, 14, 4)].burning, false)
end)

T.case("WRG 1973 SIEGE: FIRE: troops cannot enter an untenable area, and troops in one leave it", function()
  local G = situation{ side1 = { unit("walkers", "MI", 14 * SIDE + SIDE / 2, 3 * SIDE - 21, 0) },
                       side2 = { unit("caught", "MI", 10 * SIDE + SIDE / 2, 5 * SIDE + SIDE / 2, 0), FAR } }
  local g = steppe(G, true)
  local walkers, caught = G.by_id[1].walkers, G.by_id[2].caught
  GF.ignite(G, cell(g, 14, 3), 25)
  GF.ignite(G, cell(g, 10, 5), 25)
  T.eq(g.cells[cell(g, 14, 3)].state, "untenable")
  local r = G.bf:move(walkers, "advance", 100)
  T.eq(r.stopped_by, "terrain", "stopped at the burning grass")
  play(G)
  local x, y = G.bf:pos(caught)
  T.eq(GF.cell_at(g, x, y) ~= cell(g, 10, 5), true, "out of the untenable area")
  local left = events(G, "siege_grass_fire", 1)
  local n = 0
  for _, e in ipairs(left) do if e.what == "leaves" and e.unit == caught then n = n + 1 end end
  T.eq(n, 1)
end)

-- a palisaded camp north of open steppe (its south face at y = 600 mm)
local CAMP = { type = "fortification", name = "steppe camp", defender = 2, sections = {
  { kind = "palisade", from = { 100, 60 }, to = { 120, 60 } }, { kind = "palisade", from = { 120, 60 }, to = { 120, 80 } },
  { kind = "palisade", from = { 120, 80 }, to = { 100, 80 } }, { kind = "palisade", from = { 100, 80 }, to = { 100, 60 } } } }

T.case("WRG 1973 SIEGE: FIRE: fire parties fire the grass upwind of a palisade (a period preparing), and it runs down onto the palisade", function()
  local G, lines = situation{ seed = 11, terrain = { CAMP, { type = "siege", besieger = 1 } },
    side1 = { unit("firers", "LMI", 1100, 230, 0, { weapons = { "javelin" }, figures = 12, ranks = 1, set = { siege = { fire = true } } }) } }
  local g = steppe(G, true)
  local f = G.by_id[1].firers
  T.truthy(GF.wants_to_fire(G, f), "the palisade lies downwind")
  play(G)
  T.eq(G.D[f].siege.prepared, 1, "the period before spent preparing")
  play(G)
  local fired
  for _, e in ipairs(events(G, "siege_grass_fire", 2)) do if e.what == "fired" then fired = e end end
  T.truthy(fired, "the grass fired in period 2")
  T.eq(fired.points, tables.casualties(fired.total, fired.figures), "WRG's casualty table, weapon 1")
  T.truthy(fired.total >= -2 and fired.total <= 4)
  local caught_palisade
  for _ = 3, 14 do
    play(G)
    if G.sieges.forts.sections[1].state ~= "intact" then caught_palisade = true; break end
  end
  T.eq(caught_palisade, true, "the south palisade caught from the grass")
  T.truthy(find(lines, "the grass fire leaps to the palisade"))
  T.eq(#events(G, "siege_grass_fire") > 3, true)
end)

---------------------------------------------------------------------------
-- FIRE: buckets and water tank wagons

local PALISADE = {
  type = "fortification", name = "test camp", defender = 2, sections = {
    { kind = "palisade", from = { 40, 50 }, to = { 49, 50 } }, { kind = "palisade", from = { 49, 50 }, to = { 58, 50 } },
    { kind = "palisade", from = { 58, 50 }, to = { 67, 50 } }, { kind = "palisade", from = { 67, 50 }, to = { 67, 80 } },
    { kind = "palisade", from = { 67, 80 }, to = { 40, 80 } }, { kind = "palisade", from = { 40, 80 }, to = { 40, 50 } } } }

T.case("WRG 1973 SIEGE: FIRE: 'A water tank wagon lasts 10 bucket figure/periods': the fire fighters use it up", function()
  local G, lines = situation{ terrain = { PALISADE, { type = "siege", besieger = 1, water_wagons = 1, wind = { from = 0, strength = "calm" } } },
                              side2 = { unit("buckets", "HI", 535, 600, 0, { figures = 8, ranks = 2 }), FAR } }
  local S = G.sieges
  fire.hit(S.fire, 2, 6)
  ST.set_state(G, 2, "burning", "test")
  play(G)
  T.eq(S.fire.objects[2].burning, false, "6 points cancelled")
  T.eq(S.tanks[1].left, 4, "6 of the wagon's 10 used: no more figures than points")
  local u = events(G, "siege_water", 1)
  T.eq(#u, 1); T.eq({ u[1].what, u[1].figures, u[1].left }, { "used", 6, 4 })
  fire.hit(S.fire, 2, 7)
  ST.set_state(G, 2, "burning", "test")
  play(G)
  T.eq(S.tanks[1].left, 0, "used up")
  T.eq(S.fire.objects[2].fp, 3, "4 buckets for 7 points: 3 left")
  T.truthy(find(lines, "the water tank wagon is empty"))
  play(G)
  T.eq(S.fire.objects[2].fp, 3, "no water left: nobody fights it")
  T.eq(#events(G, "siege_water", 3), 0)
end)

T.case("WRG 1973 SIEGE: FIRE: 'a water source within 60 paces': the wagon is driven to the fire at 40 paces a period", function()
  local G = situation{ terrain = { PALISADE, { type = "siege", besieger = 1, water_wagons = 1, wind = { from = 0, strength = "calm" } } },
                       side2 = { unit("buckets", "HI", 535, 600, 0, { figures = 8, ranks = 2 }), FAR } }
  local S = G.sieges
  local WA = require("modules.sieges.wrg.water")
  local t = WA.tanks(G)[1]
  -- the wagon left in the north-west corner of the camp: 100 paces and more from the south palisade
  t.x, t.y = 420, 790
  fire.hit(S.fire, 3, 6)
  ST.set_state(G, 3, "burning", "test")
  play(G)
  local d = events(G, "siege_water", 1)
  T.eq(d[1].what, "driven"); T.near(d[1].paces, 40, 1e-6)
  T.eq(S.fire.objects[3].fp, 6, "still beyond 60 paces: no water")
  T.eq(t.left, 10)
  play(G)
  T.eq(S.fire.objects[3].burning, false, "within 60 paces the next period: put out")
  T.eq(t.left, 4)
end)

---------------------------------------------------------------------------
-- SHIP-TO-SHORE FIGHTING: ships under oars, friendly cover, sea travel

local SW = require("modules.sieges.wrg.ships")
local CS = require("modules.sieges.commander_ships")
-- shallows 48..72 cm (middle line 600 mm); a ship out at sea at y = 100 mm
local SEA = { { type = "shallows", from = { 0, 60 }, to = { 183, 60 }, width = 24 },
              { type = "ship", at = { 100, 10 }, size = { 16, 7 }, side = 1, class = "C" },
              { type = "siege", besieger = 1 } }

T.case("WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING: 'Ships under oars 120': a ship rows 120 paces a period with its company, grounds at the middle of the shallows", function()
  local G = situation{ terrain = SEA, side1 = { unit("company", "HI", 1000, 100, 0, { figures = 8, ranks = 2 }) } }
  local c = G.by_id[1].company
  local s = G.sieges.spec.ships[1]
  T.eq(ST.on_ship(G, c), s.fid, "aboard")
  T.eq(CS.waits_aboard(G, c) or G.D[c].siege_ship == nil, true)
  play(G)
  local e = events(G, "siege_ship", 1)
  T.eq(#e, 1); T.eq(e[1].what, "rowed"); T.near(e[1].paces, 120, 1e-6)
  T.near(s.y, 100 + 120 * MM, 1e-6)
  T.near(select(2, G.bf:pos(c)), 100 + 120 * MM, 1e-6, "the company carried with it")
  T.eq(ST.on_ship(G, c), s.fid, "still aboard")
  T.eq(CS.waits_aboard(G, c), true, "afloat: the company waits aboard")
  play(G)
  e = events(G, "siege_ship", 2)
  T.eq(e[1].what, "grounded")
  T.near(s.y + s.beam / 2, 600, 1e-6, "its landward side on the shallows' middle line")
  T.near(e[1].paces, (600 - 35 - 100) / MM - 120, 1e-6)
  T.eq(CS.waits_aboard(G, c), false, "grounded: the company climbs down the side in the next period")
  play(G)
  T.eq(#events(G, "siege_ship", 3), 0, "grounded: it moves no more")
  T.eq(CS.waits_aboard(G, c), false)
end)

T.case("WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING: a rowing ship stops troops and is stopped by them, 1 mm short", function()
  local G = situation{ terrain = SEA, side1 = { unit("company", "HI", 1000, 100, 0, { figures = 8, ranks = 2 }) },
                       side2 = { unit("swimmers", "LI", 1000, 300, 180, { figures = 4, ranks = 1 }), FAR } }
  local s = G.sieges.spec.ships[1]
  local sw = G.by_id[2].swimmers
  local _, sy = G.bf:pos(sw)
  local near = sy - G.bf:unit(sw).depth / 2
  play(G)
  T.near(s.y + s.beam / 2, near - 1, 1e-6, "stopped 1 mm short of the unit in its way")
  -- and a ship stops troops: a unit walking into it is held at its side
  local r = G.bf:move(sw, "advance", 200)
  T.eq(r.stopped_by, "terrain", "stopped by the ship"); T.eq(r.terrain, s.fid)
end)

T.case("WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING: 'ignore the ships except for counting them as friendly cover': the reaction test's friendly cover within 100 paces, a flank within 10", function()
  local G = situation{ terrain = SEA,
    side1 = { unit("ashore", "HI", 1000, 100 + 35 + 90 * MM + 20, 0, { figures = 8, ranks = 2 }),
              unit("flank", "HI", 1080 + 5 * MM + 30, 100, 0, { figures = 6, ranks = 1 }),
              unit("far_off", "HI", 1000, 100 + 35 + 110 * MM + 20, 0, { figures = 8, ranks = 2 }) },
    side2 = { unit("enemy", "MI", 800, 100 + 35 + 50 * MM + 20, 0, { figures = 8, ranks = 2 }), FAR } }
  -- the second unit's left flank 5 paces off the ship's stern (x = 1080 mm)
  local fl = G.by_id[1].flank
  local u = G.bf:unit(fl)
  G.bf:move(fl, "slide", 1080 + 5 * MM + u.width / 2 - u.x, 0)
  local fc, _, _, secure = turn.cover_and_flanks(G, G.by_id[1].ashore)
  T.eq(fc, true, "a friendly ship 90 paces off")
  T.eq(secure, 0)
  fc = turn.cover_and_flanks(G, G.by_id[1].far_off)
  T.eq(fc, false, "110 paces off: not within 100")
  local _, _, _, s2 = turn.cover_and_flanks(G, G.by_id[1].flank)
  T.eq(s2, 1, "the ship 5 paces off its left flank secures it")
  fc = turn.cover_and_flanks(G, G.by_id[2].enemy)
  T.eq(fc, false, "the enemy ignores the ships")
end)

T.case("WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING: sea travel at the landing: 'Troops arriving by boat cost 1 point per figure extra if infantry'; a transport's company costs at least 10", function()
  local loader = require("sandtable.loader")
  local armies = rules.require("wrg.armies")
  local SH = require("modules.sieges.ships")
  local army = assert(armies.load("armies/wrg/caesar_landing.lua", loader.read))
  local total, transports = 0, 0
  for _, u in ipairs(armies.units(army)) do
    local p = SH.boat_points("infantry", u.figures)
    total = total + p
    if p >= 10 then transports = transports + 1 end
  end
  T.eq(total, 16 * 4 + 6 + 8, "78 points of sea travel for the six ships' companies")
  T.eq(transports, 4, "the four cohorts' ships are transports of 16 (16 points each); Caesar's and the slingers' are warships")
  T.eq(SH.boat_points("cavalry", 4), 12); T.eq(SH.boat_points("elephant", 1), 10)
end)

T.case("WRG 1973 SIEGE: FIRE and the weather: rain puts a grass fire out ('Fires are extinguished and no more can be started')", function()
  local G = situation{}
  local g = steppe(G, true)
  GF.ignite(G, cell(g, 14, 3), 4)
  play(G)
  T.eq(g.st.objects[cell(g, 14, 4)].burning, true)
  G.weather.fires_out = true
  play(G)
  for _, id in ipairs(g.st.order) do T.eq(g.st.objects[id].burning, false) end
  T.eq(g.cells[cell(g, 14, 4)].state, "out")
  GF.ignite(G, cell(g, 2, 2), 5) -- lit by hand after the rain
  play(G)
  T.eq(g.st.objects[cell(g, 2, 3)].burning, false, "nothing spreads after rain")
end)

T.case("WRG 1973 SIEGE: FIRE: exact odds of the steppe firebrands firing the grass (12 barbarian D LMI, weapon 1, the random factor)", function()
  local chance = rules.require("wrg.chance")
  local shooting = rules.require("wrg.shooting")
  local firebrands = { type = "LMI", class = "D", regular = false, figures = 12, ranks = 1, weapons = { "javelin" } }
  local figures = shooting.figures(firebrands, { moved = false })
  T.eq(figures, 12, "one rank of 12")
  -- by hand: barbarians' minus die is an average die, the plus die a normal one
  local avg, p = { 2, 3, 3, 4, 4, 5 }, {}
  for _, m in ipairs(avg) do for pl = 1, 6 do
    local v = pl > m and 1 or (pl < m and -1 or 0)
    local pts = tables.casualties(fire.WEAPON + v, figures)
    p[pts] = (p[pts] or 0) + 1 / 36
  end end
  local out = dice.odds(function(src)
    local r = chance.shooting(firebrands, src)
    return tables.casualties(fire.WEAPON + r.value, figures)
  end)
  local total, alight = 0, 0
  for _, o in ipairs(out) do
    T.near(o.p, p[o.outcome] or -1, 1e-12, "fire points " .. tostring(o.outcome))
    total = total + o.p
    if o.outcome > 0 then alight = alight + o.p end
  end
  T.near(total, 1, 1e-12)
  T.eq(#out, 3)
  T.near(p[7], 15 / 36, 1e-12, "random -1: 7 points"); T.near(p[10], 6 / 36, 1e-12, "0: 10 points")
  T.near(p[16], 15 / 36, 1e-12, "+1: 16 points")
  T.near(alight, 1, 1e-12, "12 figures always set the grass alight (the table gives casualties at every total from 0 to 2)")
  -- and 20 points (an area untenable at once) is out of reach of one throw
  for _, o in ipairs(out) do T.truthy(o.outcome < fire.UNTENABLE_AT, "one throw never makes an area untenable") end
end)

---------------------------------------------------------------------------
-- FIRE: only the enemy's works are fired (defect: issue #16 follow-up)

-- The garrison's archers with fire missiles stand outside their own fort,
-- 20 mm before its gate (55..65 cm on y = 50 cm), facing south;
-- a besieging unit 100 paces before them. Before the fix PD.fire_missiles
-- took the nearest flammable section in reach of either side: they stood
-- preparing and then shot fire at their own gate.
T.case("WRG 1973 SIEGE: FIRE: defending fire troops outside their fort never fire their own gate; they shoot fire at the enemy", function()
  local y = 500 - 20 - 20
  local G, lines = situation{ seed = 3,
    side1 = { unit("besiegers", "MI", 600, y - 20 - 100 * MM - 20, 0, { figures = 8, ranks = 2 }) },
    side2 = { unit("archers", "LMI", 600, y, 180, { weapons = { "bow" }, figures = 8, ranks = 2, set = { siege = { fire = true } } }), FAR } }
  local S = G.sieges
  local gate
  for _, sec in ipairs(S.forts.sections) do if sec.kind == "gate" then gate = sec.index end end
  T.eq(S.fire.objects[gate].flammable, true, "the gate burns: a target were it the enemy's")
  play(G); play(G)
  for _, e in ipairs(events(G, "siege_fire")) do
    T.eq(e.section, nil, "no fire missiles at a section of their own fort")
  end
  T.eq(S.fire.objects[gate].fp, 0, "their own gate takes no fire points")
  T.eq(S.forts.sections[gate].state, "intact")
  local f = events(G, "siege_fire", 2)
  T.eq(#f, 1, "they shoot fire at the besiegers instead"); T.eq(f[1].what, "fire missiles at troops")
  T.eq(f[1].target, G.by_id[1].besiegers)
end)

---------------------------------------------------------------------------
-- FIRE: fighting a grass fire ("A burning object or area ... Each figure
-- fighting fire with a water source within 60 paces cancels one fire
-- casualty point")

-- the area south of the camp's south palisade (y = 500 mm): cell 6,5 (x 457..533,
-- y 381..457, its centre 32 paces from the palisade); a defender at its edge
local function grass_camp(extra_siege, ux, uy)
  local sg = { type = "siege", besieger = 1 }
  for k, v in pairs(extra_siege or {}) do sg[k] = v end
  local G, lines = situation{ terrain = { PALISADE, sg },
                              side2 = { unit("buckets", "HI", ux or 495, uy or 360, 180, { figures = 8, ranks = 2 }), FAR } }
  local g = steppe(G, false)
  return G, lines, g
end

T.case("WRG 1973 SIEGE: FIRE: the garrison fights a grass fire with the fort's wells within 60 paces: one point a figure", function()
  local G, lines, g = grass_camp()
  local id = cell(g, 6, 5)
  T.truthy(id, "open ground before the palisade is grass")
  GF.ignite(G, id, 6)
  local b = G.by_id[2].buckets
  play(G)
  local f = {}
  for _, e in ipairs(events(G, "siege_grass_fire", 1)) do if e.what == "fought" then f[#f + 1] = e end end
  T.eq(#f, 1); T.eq({ f[1].cell, f[1].unit, f[1].figures }, { id, b, 6 }, "no more figures than the 6 points")
  T.eq(g.st.objects[id].burning, false, "6 points cancelled: put out")
  T.eq(g.st.objects[id].fp, 0)
  T.eq(g.cells[id].state, "out")
  T.truthy(find(lines, "buckets fight the grass fire before them with buckets: 6 figures"))
end)

T.case("WRG 1973 SIEGE: FIRE: 'This cannot save an object which has accumulated 20': 8 figures take 8 of 14, none fight at 20", function()
  local G, _, g = grass_camp()
  local id = cell(g, 6, 5)
  GF.ignite(G, id, 14)
  play(G)
  T.eq(g.st.objects[id].fp, 6, "8 figures cancel 8 of 14")
  local G2, _, g2 = grass_camp()
  local id2 = cell(g2, 6, 5)
  GF.ignite(G2, id2, 20)
  play(G2)
  local fought = 0
  for _, e in ipairs(events(G2, "siege_grass_fire", 1)) do if e.what == "fought" then fought = fought + 1 end end
  T.eq(fought, 0, "untenable at 20: nobody fights it")
  T.eq(g2.st.objects[id2].untenable > 0, true)
end)

T.case("WRG 1973 SIEGE: FIRE: no water within 60 paces of the grass (122 paces from the fort's wells): nobody fights it", function()
  local G, _, g = grass_camp(nil, 495, 130)
  local id = cell(g, 6, 2)
  GF.ignite(G, id, 6)
  play(G)
  T.eq(g.st.objects[id].fp, 6, "still 6 points")
  for _, e in ipairs(events(G, "siege_grass_fire", 1)) do T.truthy(e.what ~= "fought", "not fought") end
end)

T.case("WRG 1973 SIEGE: FIRE: the grass fought with a water tank wagon driven towards it (no wells): its bucket figure/periods used", function()
  local G, _, g = grass_camp{ water_wagons = 1, wind = { from = 0, strength = "calm" } }
  local S = G.sieges
  local id = cell(g, 6, 5)
  -- the wagon left at the back of the camp, 96 paces from the area
  local t = require("modules.sieges.wrg.water").tanks(G)[1]
  t.x, t.y = 535, 700
  GF.ignite(G, id, 6)
  play(G)
  local d = {}
  for _, e in ipairs(events(G, "siege_water", 1)) do d[#d + 1] = e end
  -- driven a period's 40 paces towards 10 paces inside the palisade nearest
  -- the area (535, 525.4): at y = 598.4, 56 paces from the area's edge (y 457)
  T.eq(#d, 2); T.eq(d[1].what, "driven"); T.near(d[1].paces, 40, 1e-6)
  T.near(t.y, 700 - 40 * MM, 1e-6)
  T.eq({ d[2].what, d[2].figures, d[2].left }, { "used", 6, 4 })
  T.eq(S.tanks[1].left, 4, "6 of the wagon's 10")
  T.eq(g.st.objects[id].burning, false, "put out")
  -- a wagon used up serves no more: 4 buckets against 7 points
  GF.ignite(G, id, 7)
  play(G)
  T.eq(S.tanks[1].left, 0); T.eq(g.st.objects[id].fp, 3, "4 buckets for 7 points: 3 left")
  play(G)
  T.eq(g.st.objects[id].fp, 3, "no water left: nobody fights it")
end)

-- the default commander's unit (wrg.ai, with the sieges module's wrappers)
-- fighting the grass holds still: it declares no charge at the enemy 100
-- paces off, which it charges when there is no fire to fight
T.case("WRG 1973 SIEGE: FIRE: grass fire fighters hold still that period: no move, no charge (the same unit charges with no fire)", function()
  local function run(lit)
    local G = battle.skirmish{ dice = dice.random(1),
      table = { terrain = { PALISADE, { type = "siege", besieger = 1 } } },
      sides = { { units = { unit("enemy", "MI", 495, 180, 0) }, commander = ai },
                { units = { unit("buckets", "HI", 495, 360, 180, { figures = 8, ranks = 2 }) }, commander = ai } } }
    ST.init(G)
    local g = steppe(G, false)
    if lit then GF.ignite(G, cell(g, 6, 5), 6) end
    local b = G.by_id[2].buckets
    local x0, y0 = G.bf:pos(b)
    play(G)
    local charged = false
    for _, e in ipairs(G.bf:events()) do
      if e.turn == 1 and (e.kind == "charge" or e.kind == "charge_declared") and (e.unit == b or e.charger == b) then charged = true end
    end
    local x1, y1 = G.bf:pos(b)
    return charged, x1 - x0, y1 - y0, G
  end
  local charged, dx, dy, G = run(false)
  T.eq(charged, true, "no fire: it charges the enemy")
  charged, dx, dy, G = run(true)
  local fought = 0
  for _, e in ipairs(events(G, "siege_grass_fire", 1)) do if e.what == "fought" then fought = fought + 1 end end
  T.eq(fought, 1, "it fights the grass")
  T.eq(charged, false, "and declares no charge")
  T.eq({ dx, dy }, { 0, 0 }, "nor moves")
end)
