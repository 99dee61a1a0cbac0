-- The sieges module's generic parts against the WRG 1973 text, "SIEGE, FIELD
-- ENGINEERING AND SHIP-TO-SHORE FIGHTING" (pp. 30-32) and the points of siege
-- materials: every number of those pages, each rule's procedure.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local works = require("modules.sieges.works")
local materials = require("modules.sieges.materials")
local mining = require("modules.sieges.mining")
local fire = require("modules.sieges.fire")
local caltrops = require("modules.sieges.caltrops")
local ships = require("modules.sieges.ships")
local forts = require("modules.sieges.fortifications")
local time = require("modules.sieges.time")
local S = require("modules.sieges")

T.case("WRG 1973 SIEGE: the module's manifest names its WRG adapter and every generic part", function()
  T.eq(S.name, "sieges")
  T.eq(S.adapters.wrg, "modules.sieges.wrg")
  for _, part in ipairs({ "fortifications", "works", "materials", "mining", "fire", "caltrops", "ships", "time" }) do
    T.truthy(type(S[part]) == "table", part)
  end
end)

T.case("WRG 1973 SIEGE: GENERAL: a period as an hour of work, as a scenario setting", function()
  T.eq(time.scale(nil), 1)
  T.eq(time.scale({ hours_per_period = 2 }), 2)
  T.raises(function() time.scale({ hours_per_period = 0 }, "siege.yaml:4:3") end, "siege.yaml:4:3: hours_per_period must be")
  T.eq(time.work_per_period(6, 1), 6)
  T.eq(time.work_per_period(6, 2), 12)
end)

T.case("WRG 1973 SIEGE: CONSTRUCTION: 5 figure/periods per 5 paces of abatis, sap, ditch, turf wall, palisade, bridge, causeway", function()
  for _, k in ipairs({ "abatis", "sap", "ditch", "turf_wall", "palisade", "bridge", "causeway" }) do
    T.eq(works.task(k, 5).need, 5, k .. " 5 paces")
    T.eq(works.task(k, 30).need, 30, k .. " 30 paces")
    T.eq(works.task(k, 12).need, 15, k .. " 12 paces: three lengths of 5 begun")
  end
  -- "If pontoons are available, bridging speeds are doubled."
  T.eq(works.task("bridge", 30, { pontoons = true }).need, 15)
  T.eq(works.task("causeway", 30, { pontoons = true }).need, 15)
  T.eq(works.task("ditch", 30, { pontoons = true }).need, 30, "pontoons do not dig ditches")
  -- "30 figure/periods ... a penthouse ..., 50 ... a tower, 10 to make a ram"; "1 ... to fill a gabion"
  T.eq({ works.task("penthouse").need, works.task("tower").need, works.task("ram").need, works.task("gabion").need },
    { 30, 50, 10, 1 })
end)

T.case("WRG 1973 SIEGE: DESTRUCTION: doors, palisades, walls, towers; turf walls immune to the ram", function()
  T.eq(works.task("fort_door", nil, { destroy = true }).need, 10)
  T.eq(works.task("palisade", 30, { destroy = true }).need, 10, "30 paces of palisade")
  T.eq(works.task("palisade", 60, { destroy = true }).need, 20, "60 paces of palisade")
  T.eq(works.task("house_door", nil, { destroy = true }).need, 2)
  T.eq(works.task("stone_wall", nil, { destroy = true }).need, 30)
  T.eq(works.task("tower", nil, { destroy = true }).need, 40)
  local turf = works.task("turf_wall", nil, { destroy = true })
  T.truthy(turf.immune, "turf immune")
  T.eq(works.work(turf, 100), false)
  T.eq(works.may_destroy("turf_wall", "ram"), false)
  T.eq({ works.may_destroy("fort_door", "ram"), works.may_destroy("fort_door", "axes"), works.may_destroy("stone_wall", "axes"),
         works.may_destroy("stone_wall", "ram"), works.may_destroy("tower", "stones") }, { true, true, false, true, true })
  -- "An elephant counts as 5 figures for this purpose."
  T.eq(works.output{ figures = 0, elephants = 2 }, 10)
  -- "Uncontrolled advance ... in all other cases it means work at double speed"
  T.eq(works.output{ figures = 6, uncontrolled = true }, 12)
end)

T.case("WRG 1973 SIEGE: DESTRUCTION: a ram's progress over N periods (6 figures on a gate, a wall, a tower)", function()
  local function periods(kind) return works.periods(works.task(kind, nil, { destroy = true }), works.output{ figures = 6 }) end
  T.eq(periods("fort_door"), 2)    -- 10 fp at 6 a period
  T.eq(periods("stone_wall"), 5)   -- 30 fp
  T.eq(periods("tower"), 7)        -- 40 fp
  local job = works.task("fort_door", nil, { destroy = true })
  T.eq(works.work(job, 6), false)
  T.eq(works.work(job, 6), true)
  T.eq(job.done, true)
end)

T.case("WRG 1973 SIEGE: DESTRUCTION: stone-throwers' weapon factor 1 below 150 paces, 0 further; wooden constructions need 20", function()
  T.eq({ works.stone_factor(149), works.stone_factor(150), works.stone_factor(300) }, { 1, 0, 0 })
  T.eq(works.WOODEN_DESTROYED, 20)
end)

T.case("WRG 1973 SIEGE: WORKING PARTIES: who may work, unshielded, pavises and mantlets cover 2 over 90 degrees", function()
  T.eq(works.may_work{ infantry = true, regular = true, class = "C" }, true)
  T.eq(works.may_work{ dismounted = true, regular = false, class = "A" }, true)
  T.eq(works.may_work{ infantry = true, regular = false, class = "B" }, false, "barbarian B")
  T.eq(works.may_work{ infantry = false, regular = true, class = "C" }, false, "mounted")
  T.eq(works.covered(10, 3, true), 6)
  T.eq(works.covered(4, 3, true), 4)
  T.eq(works.covered(10, 3, false), 0, "shot from outside the 90 degree arc")
end)

T.case("WRG 1973 SIEGE: MOVEMENT OF MATERIAL: carriers of ladders, rams, penthouses, towers, fascines, gabions", function()
  T.eq({ materials.needed("ladder"), materials.needed("ram"), materials.needed("penthouse", 0), materials.needed("tower", 0) },
    { 2, 4, 6, 10 })
  T.eq(materials.needed("penthouse", 3), 12, "plus 2 for every figure in it")
  T.eq(materials.needed("tower", 5), 20)
  T.eq({ materials.can_move("ram", 3), materials.can_move("ram", 4) }, { false, true })
  T.eq(materials.ladder_reaches("wall"), true)
  T.eq(materials.ladder_reaches("tower"), false, "but not that of a tower")
  T.eq(materials.LADDER_ERECT_PERIODS, 1)
  T.eq({ materials.may_carry("fascine_40", true), materials.may_carry("fascine_60", true), materials.may_carry("fascine_60", false),
         materials.may_carry("gabion", true) }, { true, false, true, false })
  T.eq(materials.WAGONS, { penthouse = 1, tower = 3, pontoon = 1 })
  T.eq(materials.ditch_after_fascines(20, 3), 5)
  T.eq(materials.ladders_carried(7, 5), 3, "2 figures to a ladder")
  T.eq(materials.SPEED.tower, 20)
end)

T.case("WRG 1973 POINTS VALUES: siege materials, regular and irregular", function()
  local cells = { { "mantlet", 3, 5 }, { "ladder", 5, 5 }, { "ram", 10, 10 }, { "penthouse", 50, 100 }, { "tower", 100, 200 },
                  { "pontoon", 10, 20 }, { "palisade_10", 2, 3 }, { "stone_wall_10", 10, 20 }, { "tower_5", 10, 20 },
                  { "wagon", 10, 10 } }
  for _, c in ipairs(cells) do
    T.eq({ materials.points(c[1], true), materials.points(c[1], false) }, { c[2], c[3] }, c[1])
  end
  T.eq(materials.points("caltrops_10", true), 2)
  T.eq(materials.points("caltrops_10", false), nil, "Not allowed")
  T.eq(materials.points("ladder", true, 4), 20)
end)

T.case("WRG 1973 SIEGE: MINING: shelter, declaration, 5 figure/periods per 5 paces, at most 10 figures", function()
  local st = mining.new()
  local none, why = mining.start(st, { side = 1, from = { 0, 0 }, aim = { 0, 40 }, sheltered = false })
  T.eq(none, nil); T.truthy(why:find("penthouse"), why)
  T.eq(mining.start(st, { side = 1, from = { 0, 0 }, aim = { 0, 40 }, sheltered = true, ground = "marsh" }), nil)
  T.eq(mining.start(st, { side = 1, from = { 0, 0 }, aim = { 0, 40 }, sheltered = true, target_kind = "turf_wall" }), nil)
  local id = mining.start(st, { side = 1, from = { 0, 0 }, aim = { 0, 40 }, sheltered = true, in_view = true })
  T.eq(st.mines[id].announced, true, "in view of the defenders: declared")
  T.eq(mining.dig(st, id, 12), 10, "a maximum of 10 figures: 10 paces")
  T.eq(mining.dig(st, id, 5), 5)
  T.eq(st.mines[id].progress, 15)
  T.eq(mining.dig(st, id, 10), 10); T.eq(mining.dig(st, id, 10), 10)
  T.eq(mining.dig(st, id, 10), 5, "stops at its aiming point")
  T.eq(st.mines[id].arrived, true)
  local hidden = mining.start(st, { side = 1, from = { 100, 0 }, aim = { 100, 40 }, sheltered = true, in_view = false })
  T.eq(st.mines[hidden].announced, false)
  local counter = mining.start(st, { side = 2, counter = true, from = { 0, 80 }, aim = { 0, 60 }, inside = true })
  T.eq(st.mines[counter].announced, false, "a countermine started within the fortifications need not be announced")
end)

T.case("WRG 1973 SIEGE: MINING: the aiming point is kept from the other side's commander", function()
  local st = mining.new()
  local a = mining.start(st, { side = 1, from = { 0, 0 }, aim = { 5, 40 }, sheltered = true, in_view = true })
  local b = mining.start(st, { side = 1, from = { 50, 0 }, aim = { 50, 40 }, sheltered = true, in_view = false })
  local own = mining.view(st, 1)
  T.eq(#own, 2); T.eq(own[1].aim, { 5, 40 })
  local other = mining.view(st, 2)
  T.eq(#other, 1, "only the declared mine")
  T.eq(other[1].id, a); T.eq(other[1].aim, nil); T.eq(other[1].progress, nil)
  local _ = b
end)

T.case("WRG 1973 SIEGE: MINING: the countermine crossing the mine outside the fort, the fight underground", function()
  local st = mining.new()
  local m = mining.start(st, { side = 1, from = { 0, 0 }, aim = { 0, 40 }, sheltered = true, in_view = true })
  local c = mining.start(st, { side = 2, counter = true, from = { -20, 20 }, aim = { 20, 20 }, inside = false })
  mining.dig(st, m, 10)          -- 10 paces: not yet at y = 20
  mining.dig(st, c, 10)
  mining.dig(st, c, 10)          -- the countermine across x = 0 at y = 20
  T.eq(#mining.crossings(st), 0, "the mine's head short of the crossing")
  mining.dig(st, m, 10)          -- 20 paces
  local x = mining.crossings(st, function(_, y) return y < 30 end)
  T.eq(#x, 1); T.near(x[1].x, 0, 1e-9); T.near(x[1].y, 20, 1e-9)
  T.eq(#mining.crossings(st, function() return false end), 0, "crossing inside the fort: no fight")
  -- counterminers with more casualties: their tunnel collapses; half the 10 miners escape
  local r = mining.fight(st, x[1], 1, 2)
  T.eq(r, { collapsed = c, lost = 5, escaped = 5 })
  T.eq(st.mines[c].collapsed, true); T.eq(st.mines[m].collapsed, false)
  -- equal casualties: "if not, the mine tunnel"
  local st2 = mining.new()
  local m2 = mining.start(st2, { side = 1, from = { 0, 0 }, aim = { 0, 40 }, sheltered = true })
  local c2 = mining.start(st2, { side = 2, counter = true, from = { -20, 10 }, aim = { 20, 10 } })
  mining.dig(st2, m2, 7); mining.dig(st2, m2, 7); mining.dig(st2, c2, 10); mining.dig(st2, c2, 10)
  local r2 = mining.fight(st2, mining.crossings(st2)[1], 1, 1)
  T.eq(r2, { collapsed = m2, lost = 4, escaped = 3 })
end)

T.case("WRG 1973 SIEGE: FIRE: supplies, preparation, halved ranges, weapon factors", function()
  T.eq(fire.supplied(1, 0), 20); T.eq(fire.supplied(0, 1), 5); T.eq(fire.supplied(1, 2), 30)
  T.eq(fire.ready(nil, 3), false); T.eq(fire.ready(3, 3), false); T.eq(fire.ready(2, 3), true)
  T.eq(fire.range(180, false), 90); T.eq(fire.range(60, true), 60)
  local st = fire.new()
  local door = fire.add_object(st, { id = "door", x = 0, y = 0, resistant = true })
  local pal = fire.add_object(st, { id = "pal", x = 0, y = 0 })
  T.eq({ fire.weapon_factor(door), fire.weapon_factor(pal) }, { 0, 1 })
end)

T.case("WRG 1973 SIEGE: FIRE: 20 fire points untenable for 3 periods, then burnt out", function()
  local st = fire.new()
  fire.add_object(st, { id = "tower", x = 0, y = 0, r = 10 })
  fire.hit(st, "tower", 12)
  T.eq(st.objects.tower.untenable, 0)
  fire.hit(st, "tower", 8)
  T.eq(st.objects.tower.untenable, 3, "20 points: untenable")
  local calm = { from = 0, strength = "calm" }
  T.eq(fire.period(st, calm, {}), {})
  T.eq(st.objects.tower.untenable, 2)
  fire.period(st, calm, { tower = 50 })
  T.eq(st.objects.tower.fp, 20, "fire-fighting cannot save an object which has accumulated 20")
  T.eq(fire.period(st, calm, {}), { { what = "burnt", id = "tower" } })
  T.eq(st.objects.tower.burnt, true)
  T.eq(fire.hit(st, "tower", 3), false, "burnt out")
end)

T.case("WRG 1973 SIEGE: FIRE: spread downwind, 10 paces in light winds, 30 in strong; 5 points a period when caught", function()
  local function setup()
    local st = fire.new()
    fire.add_object(st, { id = "a", x = 0, y = 0, r = 5 })
    fire.add_object(st, { id = "north", x = 0, y = 30, r = 5 })    -- gap 20 paces, due north
    fire.add_object(st, { id = "south", x = 0, y = -20, r = 5 })   -- gap 10, upwind of a south wind
    fire.hit(st, "a", 4)
    return st
  end
  -- a wind from the south (180) blows north
  local st = setup()
  T.eq(fire.period(st, { from = 180, strength = "light" }, {}), {}, "light wind: 20 paces is too far")
  st = setup()
  T.eq(fire.period(st, { from = 180, strength = "strong" }, {}), { { what = "caught", id = "north" } })
  T.eq(st.objects.north.fp, 5, "catches and accumulates 5 in the period")
  T.eq(st.objects.south.burning, false, "upwind")
  st = setup()
  T.eq(fire.period(st, { from = 0, strength = "light" }, {}), { { what = "caught", id = "south" } }, "north wind, 10 paces")
  -- caught: 5 a period, untenable at 20 in the 4th period
  st = fire.new()
  fire.add_object(st, { id = "x", x = 0, y = 0 })
  fire.add_object(st, { id = "y", x = 0, y = 5 })
  fire.hit(st, "x", 1)
  local calm = { from = 0, strength = "calm" }
  fire.period(st, { from = 180, strength = "light" }, {})
  T.eq(st.objects.y.fp, 5)
  fire.period(st, calm, {}); fire.period(st, calm, {})
  T.eq(st.objects.y.fp, 15); T.eq(st.objects.y.untenable, 0)
  local ev = fire.period(st, calm, {})
  T.eq(st.objects.y.fp, 20); T.eq(ev, { { what = "untenable", id = "y" } })
  T.eq(st.objects.x.fp, 1, "lit by missiles only: it gains only from hits")
end)

T.case("WRG 1973 SIEGE: FIRE: spread by nearby sources only catches what the pair-by-pair test catches", function()
  -- fire.period and catch_across test only the burning objects within a
  -- leap's reach (cells, or the x-sorted list for an object wider than the
  -- cells allow): the same objects must catch as when every burning object
  -- is tested against every other with fire.leaps. Random circles of mixed
  -- sizes, some burning, in both winds and several directions.
  local rnd = T.seeded(41)
  for round = 1, 40 do
    local st, other = fire.new(), fire.new()
    for k = 1, 60 do
      local o = fire.add_object(st, { id = "a" .. k, x = rnd(400), y = rnd(300), r = rnd(4) == 1 and rnd(40) or rnd(15) })
      if rnd(4) == 1 then o.burning = true end
      fire.add_object(other, { id = "b" .. k, x = rnd(400), y = rnd(300), r = rnd(20) })
    end
    local wind = { from = (rnd(8) - 1) * 45, strength = rnd(2) == 1 and "light" or "strong" }
    local want, want_across = {}, {}
    for _, jd in ipairs(st.order) do
      local b = st.objects[jd]
      for _, id in ipairs(st.order) do
        local a = st.objects[id]
        if id ~= jd and a.burning and not b.burning and fire.leaps(a, b, wind) then want[#want + 1] = jd; break end
      end
    end
    for _, jd in ipairs(other.order) do
      for _, id in ipairs(st.order) do
        local a = st.objects[id]
        if a.burning and fire.leaps(a, other.objects[jd], wind) then want_across[#want_across + 1] = jd; break end
      end
    end
    T.eq(fire.catch_across(st, other, wind), want_across, "across, round " .. round)
    local caught = {}
    for _, e in ipairs(fire.period(st, wind, {})) do if e.what == "caught" then caught[#caught + 1] = e.id end end
    T.eq(caught, want, "within, round " .. round)
  end
end)

T.case("WRG 1973 SIEGE: FIRE: fire-fighting with water, buckets, tank wagons; rain puts fires out", function()
  local st = fire.new()
  fire.add_object(st, { id = "gate", x = 0, y = 0 })
  fire.hit(st, "gate", 7)
  T.eq(fire.fight(st, "gate", 4), 4)
  T.eq(st.objects.gate.fp, 3)
  T.eq(fire.period(st, { from = 0, strength = "calm" }, { gate = 5 }), { { what = "out", id = "gate" } })
  T.eq(st.objects.gate.burning, false)
  T.eq(fire.tank_after(nil, 4), 6); T.eq(fire.tank_after(6, 8), 0)
  fire.hit(st, "gate", 2)
  fire.extinguish_all(st)
  T.eq({ st.objects.gate.burning, st.objects.gate.fp }, { false, 0 })
  T.eq({ fire.grass_fire_possible(true, true), fire.grass_fire_possible(true, false) }, { true, false })
end)

T.case("WRG 1973 SIEGE: FIRE: the wind from the weather module's state, or fixed", function()
  local W = require("modules.weather")
  local w = W.start({ region = "mediterranean", month = 7, ground = "inland" }, dice.forced({ 4 }))
  local wind = fire.wind_of(w)
  T.eq(wind.from, 45, "Mediterranean winds blow from the north east")
  T.eq(wind.strength, "light")
  T.eq(fire.wind_of(nil, { from = 270, strength = "strong" }), { from = 270, strength = "strong" })
end)

T.case("WRG 1973 SIEGE: CALTROPS: 5 paces a figure, a period to lay, missile hits with factor 0 infantry, 1 others", function()
  T.eq(caltrops.frontage(8), 40)
  T.eq(caltrops.LAY_PERIODS, 1)
  T.eq({ caltrops.may_carry("roman", true), caltrops.may_carry("byzantine", true), caltrops.may_carry("hun", true),
         caltrops.may_carry("roman", false) }, { true, true, false, false })
  T.eq({ caltrops.weapon_factor("infantry"), caltrops.weapon_factor("cavalry"), caltrops.weapon_factor("elephant") }, { 0, 1, 1 })
  T.eq(caltrops.total("cavalry", -1), 0, "no tactical factors, the usual chance factor")
end)

T.case("WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING: the ship's company as one C or D unit in cover, wading, climbing", function()
  local c = ships.company{ class = "D" }
  T.eq({ c.class, c.in_cover, c.command_factor, c.fragmented_front_exempt }, { "D", true, false, true })
  T.raises(function() ships.company{ class = "A" } end, "one \"C\" or \"D\" class unit")
  T.eq({ ships.higher_than("beach"), ships.higher_than("tree"), ships.higher_than("building") }, { true, false, false })
  T.eq({ ships.WADING, ships.CLIMBING }, { "deep_ford", "mounting" })
  T.eq(ships.ashore_cover(), "friendly")
  T.eq(ships.boat_points("cavalry", 4), 12)
  T.eq(ships.SPEED_UNDER_OARS, 120)
end)

T.case("WRG 1973 SIEGE: BREACHES: fortification rings, 90 mm sections, inside and outside, states", function()
  -- a square town 200 mm a side, anticlockwise, a gate in the south wall
  local st = forts.new({ { name = "town", sections = {
    { kind = "wall", from = { 0, 0 }, to = { 80, 0 } }, { kind = "gate", from = { 80, 0 }, to = { 120, 0 } },
    { kind = "wall", from = { 120, 0 }, to = { 200, 0 } }, { kind = "wall", from = { 200, 0 }, to = { 200, 200 } },
    { kind = "tower", from = { 200, 200 }, to = { 160, 200 } }, { kind = "wall", from = { 160, 200 }, to = { 0, 200 } },
    { kind = "wall", from = { 0, 200 }, to = { 0, 0 } } } } }, 2.54)
  -- 200 mm walls are cut into 3 sections (no longer than 90 mm), 160 mm into 2
  T.eq(#st.sections, 1 + 1 + 1 + 3 + 1 + 2 + 3)
  T.eq(forts.inside(st.forts[1], 100, 100), true)
  T.eq(forts.inside(st.forts[1], 100, -10), false)
  local gate = st.sections[2]
  T.eq(gate.kind, "gate")
  local ox, oy = forts.outward(gate)
  T.eq({ ox, oy }, { 0, -1 }, "the south wall faces south")
  T.near(forts.facing_out(gate), 180, 1e-9)
  T.eq(forts.polygon(gate), { 80, 0, 120, 0, 120, 24, 80, 24 })
  T.eq(forts.blocks(gate), true)
  -- a ram of 6 on the gate: 10 figure/periods
  T.eq(forts.batter(st, 2, "ram", 6), nil)
  T.eq(forts.batter(st, 2, "ram", 6), "breached")
  T.eq(forts.batter(st, 1, "axes", 50), nil, "axes do not breach a stone wall")
  local tower = 7
  T.eq(st.sections[tower].kind, "tower")
  T.eq(forts.batter(st, tower, "ram", 39), nil)
  T.eq(forts.batter(st, tower, "ram", 1), "untenable")
  T.eq({ forts.neighbours(st, tower) }, { 6, 8 })
  T.raises(function() forts.new({ { name = "bad", sections = { { kind = "moat", from = { 0, 0 }, to = { 1, 0 } } } } }) end,
    "fortification 'bad', section 1: kind must be")
  local turf = forts.new({ { sections = { { kind = "turf_wall", from = { 0, 0 }, to = { 50, 0 } },
    { kind = "turf_wall", from = { 50, 0 }, to = { 0, 50 } }, { kind = "turf_wall", from = { 0, 50 }, to = { 0, 0 } } } } })
  T.eq(forts.batter(turf, 1, "ram", 100), nil, "Turf walls are immune to the ram")
end)
