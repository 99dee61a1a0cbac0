-- The weather module's WRG adapter (rulesets/modules/weather/wrg.lua and
-- wrg/*.lua) against WRG 1973, OPTIONAL RULES FOR WEATHER AND TIME OF DAY
-- (pp. 33-34): every effect in a situation set up by hand on a real
-- battlefield (battle.skirmish with the weather option) and played through
-- WRG's battle engine (the weather's period, then turn.play: declarations,
-- movement, shooting, melee, reactions). The weather's own dice (and the
-- night's drift and the mountain paths') are scripted by purpose; every
-- other roll comes from a seeded source, and the assertions hold for any.
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local reaction = require("wrg.reaction")
local tables = require("wrg.tables")
local ai = require("wrg.ai")
local W = require("modules.weather")
local A = require("modules.weather.wrg")

local MM = tables.MM_PER_PACE

-- Rolls whose purpose contains a scripted pattern take the scripted values
-- in order; the rest come from a seeded source.
local function scripted(seed, script)
  local src = dice.random(seed)
  local queue = {}
  for _, s in ipairs(script or {}) do queue[#queue + 1] = { pat = s[1], values = { table.unpack(s, 2) } } end
  return {
    rolled = {},
    roll = function(self, n, purpose)
      for _, q in ipairs(queue) do
        if purpose and purpose:find(q.pat, 1, true) and #q.values > 0 then
          self.rolled[#self.rolled + 1] = purpose
          return table.remove(q.values, 1)
        end
      end
      if purpose then self.rolled[#self.rolled + 1] = purpose end
      return src:roll(n, purpose)
    end,
  }
end

local function unit(id, ty, x, y, facing, extra)
  local u = { id = id, type = ty, class = "C", weapons = { "spear" }, figures = 12, ranks = 2, at = { x, y, facing or 0 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

-- A commander that declares nothing and moves nothing unless told
-- (plans: { [unit id] = function(G, uid) -> move plan }).
local function commander(t, plans)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  formation = function() return nil end }
  quiet.move = function(G, uid)
    local p = plans and plans[G.D[uid].id]
    return p and p(G, uid) or nil
  end
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end
local function ahead(paces, bearing) return function() return { bearing = bearing or 0, distance = paces } end end

local FAR = unit("far", "MI", 1700, 1150, 180)

-- A hand-placed battle with the weather option on, started from `weather`
-- (the scenario's weather block).
local function situation(o)
  local lines = {}
  local G = battle.skirmish{
    dice = o.dice or scripted(o.seed or 1, o.script),
    report = function(l) lines[#lines + 1] = l end,
    options = { weather = true },
    table = o.terrain and { terrain = o.terrain } or nil,
    sides = {
      { units = o.side1, commander = o.cmd1 or commander(nil, o.plans1) },
      { units = o.side2 or { FAR }, commander = o.cmd2 or commander(nil, o.plans2) },
    },
  }
  G.lines = lines
  -- `gap`: the target stands exactly this many paces from side 1's first unit
  if o.gap then
    local a, b = G.bf:units()[1], G.by_id[2].target
    local x, y, f = G.bf:pos(b)
    G.bf:place(b, x, y + o.gap * MM - G.bf:distance(a, b), f)
  end
  G.hooks.weather.start(G, { weather = o.weather })
  return G
end

-- One period as battle.play plays it: the weather's period, then the
-- period of play. Returns the account's lines of the period.
local function period(G)
  local from = #G.lines + 1
  local r = G.hooks.weather.period(G)
  if r ~= "nightfall" then turn.play(G) end
  G.turn = G.turn + 1
  local out = {}
  for i = from, #G.lines do out[#out + 1] = G.lines[i] end
  return out, r
end

-- The tactical factor of a shot or blow by `name` in the lines (nil: none).
local function tactical(lines, name, verb)
  local head = "  " .. name .. " " .. (verb or "shoots at") .. " "
  for _, l in ipairs(lines) do
    if l:sub(1, #head) == head then
      local t = l:match("tactical ([%+%-]%d+)")
      if t then return tonumber(t) end
    end
  end
  return nil
end

-- The situation of a reaction test in period p (the period's own flags).
local function situation_in(G, uid, p)
  local t = G.turn
  G.turn = p
  local s = turn.situation(G, uid)
  G.turn = t
  return s
end

local function y_of(G, side, id) local _, y = G.bf:pos(G.by_id[side][id]); return y end
local function x_of(G, side, id) local x = G.bf:pos(G.by_id[side][id]); return x end

local ARCHERS = function(y, facing, extra)
  local e = { weapons = { "bow" }, figures = 10, ranks = 1 }
  for k, v in pairs(extra or {}) do e[k] = v end
  return unit("archers", "LI", 900, y or 300, facing or 0, e)
end
-- a big target that neither breaks nor moves in a period of shooting
local function target(paces, x, y0, extra)
  local e = { figures = 40, ranks = 4 }
  for k, v in pairs(extra or {}) do e[k] = v end
  return unit("target", "MI", x or 900, (y0 or 300) + 15 + paces * MM + 40, 180, e)
end

local FINE = { region = "europe", month = 7, potential = 4, sun = false }
local RAIN = { region = "europe", month = 7, potential = 1, falling = true, steady = true, sun = false }
local function with(base, extra)
  local t = {}
  for k, v in pairs(base) do t[k] = v end
  for k, v in pairs(extra or {}) do t[k] = v end
  return t
end

---------------------------------------------------------------------------
-- Rain

T.case("WRG weather, Rain: 'All missiles have weapon factors reduced by 1' while it rains", function()
  local fine = situation{ weather = FINE, side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100 }
  local wet = situation{ weather = RAIN, side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100 }
  local a, b = tactical((period(fine)), "archers"), tactical((period(wet)), "archers")
  T.truthy(a and b, "the archers shoot in both")
  T.eq(b, a - 1, "one less in the rain")
end)

T.case("WRG weather, Rain: missiles -1 'till the 2nd period without rain'", function()
  -- it rains as the battle begins, ceases on a 5 at the start of period 1,
  -- stays dry (3) in period 2
  local G = situation{ weather = with(RAIN, { steady = false }), side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100,
                       script = { { "does the potential weather come or go", 5, 3, 3 } } }
  local fine = situation{ weather = FINE, side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100 }
  local base = tactical((period(fine)), "archers")
  local p1 = tactical((period(G)), "archers")
  T.eq(G.weather.falling, false, "ceased on the 5")
  T.eq(p1, base - 1, "the 1st period without rain: still -1")
  local p2 = tactical((period(G)), "archers")
  T.eq(p2, base, "the 2nd period without rain: dry")
end)

T.case("WRG weather, Rain: 'Fires are extinguished and no more can be started for the rest of the game'", function()
  local G = situation{ weather = RAIN, side1 = { ARCHERS() } }
  T.eq(G.weather.fires_out, false)
  period(G)
  T.eq(G.weather.fires_out, true, "the weather state says so (read by the sieges module: WRG's battle has no fires)")
end)

T.case("WRG weather, Rain: after 3 periods 'all movement on land except on paved roads is reduced by 20 paces'", function()
  local function moved(weather, terrain)
    local G = situation{ weather = weather, terrain = terrain, side1 = { unit("foot", "MI", 900, 300, 0) },
                         plans1 = { foot = ahead(60) } }
    local y0 = y_of(G, 1, "foot")
    period(G)
    return (y_of(G, 1, "foot") - y0) / MM
  end
  local sodden = with(RAIN, { falling = false, steady = false, periods_fallen = 3 })
  T.near(moved(FINE), 60, 0.5, "a normal move in fine weather")
  T.near(moved(with(RAIN, { falling = false, periods_fallen = 2 })), 60, 0.5, "2 periods of rain: not yet")
  T.near(moved(sodden), 40, 0.5, "3 periods of rain: 20 paces less")
  local road = { { type = "road", from = { 90, 10 }, to = { 90, 100 }, width = 4 } }
  T.near(moved(sodden, road), 60, 0.5, "on a paved road: in full")
end)

T.case("WRG weather, Rain: after 3 periods 'reaction totals are reduced by 1'", function()
  local G = situation{ weather = with(RAIN, { periods_fallen = 2 }), side1 = { unit("u", "MI", 600, 300, 0) } }
  period(G)                           -- the 3rd period of rain
  local after = turn.situation(G, G.by_id[1].u)
  local G2 = situation{ weather = with(RAIN, { periods_fallen = 1 }), side1 = { unit("u", "MI", 600, 300, 0) } }
  period(G2)                          -- the 2nd
  local before = turn.situation(G2, G2.by_id[1].u)
  T.eq(before.bonus, nil, "two periods of rain: nothing yet")
  T.eq(#after.bonus, 1, "three periods: a factor")
  T.eq(after.bonus[1].add, -1)
  local d = G.D[G.by_id[1].u]
  local a = reaction.test(d, after, dice.forced({ 3, 3, 3 }), false)
  local b = reaction.test(d, before, dice.forced({ 3, 3, 3 }), false)
  T.eq(a.score, b.score - 1, "the reaction total is 1 lower")
end)

T.case("WRG weather, Rain: after 3 periods 'river crossings become one class more difficult'", function()
  local G = situation{ weather = with(RAIN, { periods_fallen = 3 }), side1 = { unit("u", "MI", 600, 300, 0) } }
  local d = G.D[G.by_id[1].u]
  T.eq(turn.may_cross(d, 20), true, "a 20-pace stream: crossable by medium infantry")
  period(G)
  T.eq(turn.may_cross(d, 20), false, "one class harder: as a river of 30 paces or more")
  local lc = situation{ weather = with(RAIN, { periods_fallen = 3 }), side1 = { unit("u", "LC", 600, 300, 0) } }
  period(lc)
  local l = lc.D[lc.by_id[1].u]
  T.eq({ turn.may_cross(l, 40), turn.may_cross(l, 70) }, { true, false },
    "light cavalry: a 40-pace river as one of 70 (crossable), one of 70 as one of 100 (not)")
end)

T.case("WRG weather, Rain: a sodden ford under 30 paces is no longer free (one class harder)", function()
  local terrain = { { type = "river", from = { 10, 45 }, to = { 180, 45 }, width = 20, crossings = { { type = "ford", at = 0.5 } } } }
  local function moved(weather)
    local G = situation{ weather = weather, terrain = terrain, side1 = { unit("foot", "MI", 950, 440, 0, { figures = 4, ranks = 1 }) },
                         plans1 = { foot = ahead(60) } }
    local y0 = y_of(G, 1, "foot")
    period(G)
    return (y_of(G, 1, "foot") - y0) / MM
  end
  local dry, wet = moved(FINE), moved(with(RAIN, { falling = false, steady = false, periods_fallen = 3 }))
  T.truthy(dry > 50, "fine: the ford counts as no obstacle (" .. dry .. ")")
  T.truthy(wet < dry - 20, "sodden: double distance in the ford, and 20 paces less (" .. wet .. ")")
end)

---------------------------------------------------------------------------
-- Snow

local SNOW = { region = "europe", month = 1, potential = 1, falling = true, steady = true, fog = false }

T.case("WRG weather, Snow: 'As for rain': missiles -1, reaction -1 after 3 periods", function()
  local fine = situation{ weather = with(FINE, { month = 1, fog = false }), side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100 }
  local snow = situation{ weather = with(SNOW, { periods_fallen = 3 }), side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100 }
  T.eq(tactical((period(snow)), "archers"), tactical((period(fine)), "archers") - 1, "missiles -1")
  local s = turn.situation(snow, snow.by_id[1].archers)
  T.eq(s.bonus[1].add, -1, "reaction -1")
end)

T.case("WRG weather, Snow: after 3 periods 'all movement rates are halved'", function()
  local function moved(weather)
    local G = situation{ weather = weather, side1 = { unit("foot", "MI", 900, 300, 0) }, plans1 = { foot = ahead(60) } }
    local y0 = y_of(G, 1, "foot")
    period(G)
    return (y_of(G, 1, "foot") - y0) / MM
  end
  T.near(moved(with(SNOW, { periods_fallen = 1 })), 60, 0.5, "2 periods of snow: in full")
  T.near(moved(with(SNOW, { periods_fallen = 2 })), 30, 0.5, "the 3rd period of snow: halved (not also 20 less)")
end)

T.case("WRG weather, Snow: 'no extra charge distance is allowed except in rout'", function()
  -- heavy cavalry (normal 120, charge 180) charge infantry 150 paces off
  local function charge(weather)
    local G = situation{ weather = weather, side1 = { unit("horse", "HC", 900, 300, 0, { figures = 8 }) },
                         side2 = { target(150) }, gap = 150, script = { { "reaction", 5, 5, 5, 5, 5, 5 } },
                         cmd1 = commander{ charge_target = function(G2) return G2.by_id[2].target end } }
    local lines = period(G)
    local contact = false
    for _, l in ipairs(lines) do contact = contact or l == "  horse contacts target (front)." end
    return G.D[G.by_id[1].horse].moved, contact, G
  end
  local fine_moved, fine_contact = charge(FINE)
  T.truthy(fine_contact, "fine: the charge reaches (" .. fine_moved .. " paces)")
  local m, contact, G = charge(with(SNOW, { periods_fallen = 3 }))
  T.eq(contact, false, "snow: no contact")
  T.near(m, 60, 0.5, "snow: the normal move (120), halved")
  -- routers keep their charge speed, halved
  local uid = G.by_id[1].horse
  T.eq(G.move_paces(G, uid, 160, "rout"), 80, "a rout: halved, not cut to the normal move")
  T.eq(G.move_paces(G, uid, 160, "charge"), 60, "a charge: the normal move, halved")
end)

T.case("WRG weather, Snow: on mountain paths troops 'dice each time they move. 1 means a figure ... lost'", function()
  local hill = { { type = "hill", x = 90, y = 35, r = 20 } }
  local function fall(die, ground)
    local G = situation{ weather = with(SNOW, { periods_fallen = 3, ground = ground or "mountains" }), terrain = hill,
                         side1 = { unit("foot", "MI", 900, 300, 0) }, plans1 = { foot = ahead(60) },
                         script = { { "mountain path", die } } }
    local before = G.D[G.by_id[1].foot].figures
    period(G)
    return before - G.D[G.by_id[1].foot].figures, G.dice.rolled
  end
  T.eq((fall(1)), 1, "a 1: one figure over the edge")
  T.eq((fall(2)), 0, "a 2: none")
  local lost, rolled = fall(1, "inland")
  T.eq(lost, 0, "not in mountains: no path, no die")
  for _, p in ipairs(rolled) do T.eq(p:find("mountain path", 1, true), nil, "no mountain path die inland") end
end)

---------------------------------------------------------------------------
-- Drought

local DESERT_SUMMER = { region = "mediterranean", month = 7, potential = 2, ground = "desert", sun = false }

T.case("WRG weather, Drought: desert troops 'other than arabs, who have no access to a well' -1 weapon factors and reaction", function()
  local function shot(extra)
    local G = situation{ weather = with(DESERT_SUMMER, extra), side1 = { ARCHERS() }, side2 = { target(100) }, gap = 100 }
    local t = tactical((period(G)), "archers")
    return t, turn.situation(G, G.by_id[1].archers)
  end
  local dry, s = shot()
  local well, sw = shot{ wells = { 1 } }
  local arab, sa = shot{ arabs = { 1 } }
  T.eq(dry, well - 1, "no well: weapon factor -1")
  T.eq(arab, well, "arabs: none")
  T.eq(#s.bonus, 1); T.eq(s.bonus[1].id, "drought"); T.eq(s.bonus[1].add, -1)
  T.eq(sw.bonus, nil, "a well: no reaction factor"); T.eq(sa.bonus, nil, "arabs: none")
  local june = situation{ weather = with(DESERT_SUMMER, { month = 9 }), side1 = { ARCHERS() } }
  period(june)
  T.eq(turn.situation(june, june.by_id[1].archers).bonus, nil, "September: no drought")
end)

T.case("WRG weather, Drought: 'grass fires become possible in steppe country during high winds'", function()
  local G = situation{ weather = { region = "mediterranean", month = 7, potential = 1, ground = "steppe", falling = true,
                                   steady = true, sun = false }, side1 = { ARCHERS() } }
  period(G)
  T.eq(W.grass_fires_possible(G.weather), true, "steppe, July, strong winds: possible (WRG's battle has no fires: the state says so)")
  local calm = situation{ weather = with(DESERT_SUMMER, { ground = "steppe" }), side1 = { ARCHERS() } }
  period(calm)
  T.eq(W.grass_fires_possible(calm.weather), false, "no high wind: not")
end)

---------------------------------------------------------------------------
-- Wind

local DESERT_WIND = { region = "mediterranean", month = 7, potential = 1, ground = "desert", falling = true, steady = true,
                      sun = false, wells = { 1, 2 } }

T.case("WRG weather, Wind: 'In desert areas, strong winds reduce vision to 30 paces'", function()
  local near = situation{ weather = DESERT_WIND, side1 = { ARCHERS() }, side2 = { target(20) }, gap = 20 }
  local far = situation{ weather = DESERT_WIND, side1 = { ARCHERS() }, side2 = { target(50) }, gap = 50 }
  T.truthy(tactical((period(near)), "archers") ~= nil, "20 paces: seen and shot at")
  T.eq(tactical((period(far)), "archers"), nil, "50 paces: unseen, no shot")
  T.eq(#turn.enemies_within(far, far.by_id[1].archers, 200), 0, "the commander sees no enemy")
  local steppe = situation{ weather = with(DESERT_WIND, { ground = "steppe" }), side1 = { ARCHERS() }, side2 = { target(50) }, gap = 50 }
  T.truthy(tactical((period(steppe)), "archers") ~= nil, "steppe winds do not blind")
end)

T.case("WRG weather, Wind: 'only arabs can move in any direction except straight down wind'", function()
  -- the Mediterranean wind blows from the north east: down wind is south west
  local function moved(bearing, extra)
    local G = situation{ weather = with(DESERT_WIND, extra), side1 = { unit("foot", "LI", 900, 500, 0, { figures = 6 }) },
                         plans1 = { foot = ahead(80, bearing) } }
    local x0, y0 = G.bf:pos(G.by_id[1].foot)
    period(G)
    local x1, y1 = G.bf:pos(G.by_id[1].foot)
    return math.sqrt((x1 - x0) ^ 2 + (y1 - y0) ^ 2) / MM
  end
  T.eq(W.POINTS[situation{ weather = DESERT_WIND, side1 = { ARCHERS() } }.weather.wind_from], "NE")
  T.near(moved(0), 0, 0.01, "north, into the wind: no move")
  T.truthy(moved(135) > 30, "south west (table facing 135), straight down wind: moves")
  T.truthy(moved(0, { arabs = { 1 } }) > 30, "arabs: any direction")
end)

T.case("WRG weather, Wind: a unit that sees nothing in desert winds goes down wind if that leads towards the enemy (reading)", function()
  -- the wind from the north east: down wind (south west) leads side 2 (north
  -- edge, towards the south) on, side 1 (towards the north) nowhere
  local G = situation{ weather = DESERT_WIND, side1 = { unit("s1", "MI", 600, 300, 0) },
                       side2 = { unit("s2", "MI", 1200, 900, 180) }, cmd1 = ai, cmd2 = ai }
  for s = 1, 2 do for _, id in ipairs(G.sides[s].units) do G.D[id].order = "attack" end end
  local x1, y1 = G.bf:pos(G.by_id[1].s1)
  local x2, y2 = G.bf:pos(G.by_id[2].s2)
  period(G)
  local a, b = { G.bf:pos(G.by_id[1].s1) }, { G.bf:pos(G.by_id[2].s2) }
  T.near(math.sqrt((a[1] - x1) ^ 2 + (a[2] - y1) ^ 2), 0, 0.01, "side 1 waits: down wind leads away from the enemy")
  T.truthy(b[1] < x2 - 10 and b[2] < y2 - 10, "side 2 goes south west, down wind")
end)

T.case("WRG weather, Wind: 'Trumpet signals will be inaudible' (desert strong winds)", function()
  local G = situation{ weather = DESERT_WIND, side1 = { ARCHERS() } }
  period(G)
  T.eq(W.trumpets_inaudible(G.weather), true)
  local s = situation{ weather = with(DESERT_WIND, { ground = "steppe" }), side1 = { ARCHERS() } }
  period(s)
  T.eq(W.trumpets_inaudible(s.weather), false, "not outside the desert")
end)

-- CHANGE OF ORDERS 3: signals are "visual or trumpet" and reach 250 paces;
-- in desert winds trumpets are inaudible and vision is 30 paces, so a
-- signal reaches only troops within 30 paces of the General.
T.case("WRG weather, Wind: with trumpets inaudible a signal reaches only troops within 30 paces of the General", function()
  local SG = require("wrg.orders.signals")
  local defs = { { type = "horn", text = "advance", order = { kind = "advance", bearing = 0 } } }
  local function reached(weather)
    local G = situation{ weather = weather, cmd1 = commander{ signals = function() return defs end },
      side1 = { unit("gen", "HC", 300, 200, 0, { figures = 4, ranks = 1, weapons = { "lance" }, general = "c_in_c" }),
                unit("close", "MI", 300 + 20 * MM + 80, 200), unit("off", "MI", 300 + 100 * MM + 80, 200) } }
    SG.define(G, 1)
    local got = {}
    for _, uid in ipairs(SG.reached(G, 1, 1)) do got[G.D[uid].id] = true end
    return got
  end
  local calm = reached(with(DESERT_WIND, { falling = false }))
  T.truthy(calm.close and calm.off, "no wind: both units within 250 paces see or hear it")
  local wind = reached(DESERT_WIND)
  T.truthy(wind.gen and wind.close, "desert wind: the General's own unit and one within 30 paces")
  T.eq(wind.off, nil, "desert wind: not one 100 paces off")
end)

T.case("WRG weather, Wind: 'They shift one point anticlockwise when rain starts to fall'", function()
  local G = situation{ weather = { region = "europe", month = 7, potential = 1, wind_from = "W", sun = false },
                       side1 = { ARCHERS() }, script = { { "does the potential weather come or go", 3, 1 } } }
  period(G)
  T.eq(W.POINTS[G.weather.wind_from], "W", "no rain yet")
  period(G)
  T.eq(W.raining(G.weather), true)
  T.eq(W.POINTS[G.weather.wind_from], "SW", "rain began: W to SW")
end)

---------------------------------------------------------------------------
-- Fog

T.case("WRG weather, Fog: 'Visibility is reduced to 100 paces for the first 3 periods'", function()
  local G = situation{ weather = { region = "europe", month = 11, potential = 4, fog = true },
                       side1 = { ARCHERS() }, side2 = { target(150) }, gap = 150 }
  for p = 1, 3 do
    T.eq(tactical((period(G)), "archers"), nil, "period " .. p .. ": 150 paces off in fog, unseen")
  end
  T.truthy(tactical((period(G)), "archers") ~= nil, "period 4: the fog has lifted, shot at")
  local near = situation{ weather = { region = "europe", month = 11, potential = 4, fog = true },
                          side1 = { ARCHERS() }, side2 = { target(80) }, gap = 80 }
  T.truthy(tactical((period(near)), "archers") ~= nil, "80 paces in fog: seen")
end)

T.case("WRG weather, Fog: a unit that sees no enemy advances towards the enemy's edge (its commander's reading)", function()
  local G = situation{ weather = { region = "europe", month = 11, potential = 4, fog = true },
                       side1 = { unit("foot", "MI", 900, 300, 0) }, cmd1 = ai }
  G.D[G.by_id[1].foot].order = "attack"
  local y0 = y_of(G, 1, "foot")
  period(G)
  T.near((y_of(G, 1, "foot") - y0) / MM, 60, 0.5, "a normal move north, towards the enemy's edge")
end)

---------------------------------------------------------------------------
-- Sun

local SUNNY = { region = "mediterranean", month = 7, potential = 2 }

T.case("WRG weather, Sun: 'facing within 45 degrees of east for the first 2 periods ... dazzled ... weapon factors reduced by 1'", function()
  -- the archers face east (table facing 270: W.bearing), the target is east of them
  local function shot(extra, facing)
    local G = situation{ weather = with(SUNNY, extra),
                         side1 = { unit("archers", "LI", 600, 600, facing or 270, { weapons = { "bow" }, figures = 10, ranks = 1 }) },
                         side2 = { unit("target", "MI", 600 + 15 + 100 * MM + 40, 600, 90, { figures = 40, ranks = 4 }) } }
    return tactical((period(G)), "archers")
  end
  local clear = shot{ sun = false }
  T.eq(shot{}, clear - 1, "period 1, facing east: dazzled")
  T.eq(shot{ start_period = 3 }, clear, "period 3: not")
  T.eq(shot{ start_period = 2 }, clear - 1, "period 2: dazzled")
  T.eq(shot{ start_period = 11 }, clear, "period 11, facing east: not (the sun is in the west)")
end)

T.case("WRG weather, Sun: dazzled in hand-to-hand combat too (weapon factors), west in the last 2 periods", function()
  local function blow(extra)
    local G = situation{ weather = with(SUNNY, extra),
                         side1 = { unit("a", "MI", 600, 600, 90) },   -- faces west
                         side2 = { unit("b", "MI", 600 - 40 - 20 - 0.2, 600, 270) } }
    local a, b = G.by_id[1].a, G.by_id[2].b
    local ax = G.bf:pos(a)
    local w = G.bf:unit(a).depth
    G.bf:place(b, ax - w / 2 - G.bf:unit(b).depth / 2, 600, 270)
    for _, id in ipairs({ a, b }) do G.D[id].in_melee, G.D[id].melee_periods = true, 1; G.D[id].opponents = { id == a and b or a } end
    return tactical((period(G)), "a", "strikes")
  end
  local clear = blow{ sun = false, start_period = 12 }
  T.truthy(clear ~= nil, "they fight")
  T.eq(blow{ start_period = 12 }, clear - 1, "the last period, facing west: dazzled")
  T.eq(blow{ start_period = 6 }, clear, "midday: not")
end)

T.case("WRG weather, Sun: 'A similar effect in Europe requires a 1 on the dice'", function()
  local one = situation{ weather = { region = "europe", month = 7, potential = 4 }, side1 = { ARCHERS() },
                         script = { { "dazzling sun", 1 } } }
  local two = situation{ weather = { region = "europe", month = 7, potential = 4 }, side1 = { ARCHERS() },
                         script = { { "dazzling sun", 2 } } }
  T.eq({ one.weather.sun_dazzles, two.weather.sun_dazzles }, { true, false })
end)

---------------------------------------------------------------------------
-- Night

local NIGHT = { region = "mediterranean", month = 6, potential = 4, sun = false, start_period = 13 }

T.case("WRG weather, Night: periods are 1/8, 1/10, 1/12 of daylight; 'Fighting will normally cease at nightfall'", function()
  local G = situation{ weather = { region = "mediterranean", month = 6, potential = 4, start_period = 11 }, side1 = { ARCHERS() } }
  T.eq(G.weather.daylight, 12)
  local _, r1 = period(G)
  local _, r2 = period(G)
  local _, r3 = period(G)
  T.eq({ r1, r2, r3 }, { nil, nil, "nightfall" }, "periods 11 and 12 of the day played, the 13th is night")
  -- through battle.play: the period limit is not reached
  local B = situation{ weather = { region = "europe", month = 12, potential = 4, start_period = 7, fog = false }, side1 = { ARCHERS() } }
  B.turn = 0
  T.eq(battle.play(B, 12), 2, "December: 8 periods of daylight, begun in the 7th, 2 periods played")
  local N = situation{ weather = NIGHT, side1 = { ARCHERS() } }
  N.turn = 0
  T.eq(battle.play(N, 3), 3, "a battle begun at night plays on")
end)

T.case("WRG weather, Night: 'Nightfall reduced vision and all movement except evasion and rout to 60 paces'", function()
  local function moved(weather)
    local G = situation{ weather = weather, side1 = { unit("horse", "LC", 900, 300, 0, { figures = 6 }) },
                         plans1 = { horse = ahead(160) } }
    local y0 = y_of(G, 1, "horse")
    period(G)
    return (y_of(G, 1, "horse") - y0) / MM, G
  end
  T.near((moved(with(NIGHT, { start_period = 12 }))), 160, 0.5, "by day: 160")
  local m, G = moved(with(NIGHT, { lights = { 1 } }))
  T.near(m, 60, 0.5, "at night: 60")
  local uid = G.by_id[1].horse
  T.eq({ G.move_paces(G, uid, 160, "evade"), G.move_paces(G, uid, 160, "rout"), G.move_paces(G, uid, 160, "charge") },
    { 160, 160, 60 }, "evasion and rout are free, a charge is not")
  local near = situation{ weather = NIGHT, side1 = { ARCHERS() }, side2 = { target(50) }, gap = 50 }
  local far = situation{ weather = NIGHT, side1 = { ARCHERS() }, side2 = { target(80) }, gap = 80 }
  T.truthy(tactical((period(near)), "archers") ~= nil, "50 paces at night: seen and shot at")
  T.eq(tactical((period(far)), "archers"), nil, "80 paces: unseen")
end)

T.case("WRG weather, Night: 'All troops count unfriendly cover'", function()
  local day = situation{ weather = with(NIGHT, { start_period = 6 }), side1 = { unit("u", "MI", 600, 300, 0) } }
  local night = situation{ weather = NIGHT, side1 = { unit("u", "MI", 600, 300, 0) } }
  period(day); period(night)
  T.eq(turn.situation(day, day.by_id[1].u).unfriendly_cover, nil, "by day in the open: none")
  local s = turn.situation(night, night.by_id[1].u)
  T.eq(s.unfriendly_cover, true, "at night: unfriendly cover")
  local out = reaction.test(night.D[night.by_id[1].u], s, dice.forced({ 3, 3, 3 }), true)
  local found = false
  for _, t in ipairs(out.terms or {}) do found = found or t.id == "unfriendly_cover" end
  T.truthy(found, "the test counts it")
end)

T.case("WRG weather, Night: 'all unilluminated sightings are surprise sightings'", function()
  local function surprised(extra)
    local G = situation{ weather = with(NIGHT, extra), side1 = { unit("u", "MI", 900, 300, 0) }, side2 = { target(40) }, gap = 40 }
    period(G)
    return situation_in(G, G.by_id[1].u, 1).surprised, G
  end
  T.eq((surprised()), true, "an enemy first seen in the dark: surprised")
  T.eq((surprised{ lights = { 2 } }), nil, "the enemy carries torches: not a surprise")
  T.eq((surprised{ start_period = 6 }), nil, "by day: not")
  local _, G = surprised()
  period(G)
  T.eq(situation_in(G, G.by_id[1].u, 2).surprised, nil, "seen before: no surprise the next period")
end)

T.case("WRG weather, Night: 'Troops moving without lights ... diverging 10 paces left if they score 1 or 2, right if 5 or 6'", function()
  local function drift(die, extra)
    local G = situation{ weather = with(NIGHT, extra), side1 = { unit("foot", "MI", 900, 300, 0) }, plans1 = { foot = ahead(60) },
                         script = { { "drift in the dark", die } } }
    local x0 = x_of(G, 1, "foot")
    period(G)
    local rolled = false
    for _, p in ipairs(G.dice.rolled) do rolled = rolled or p:find("drift in the dark", 1, true) ~= nil end
    return (x_of(G, 1, "foot") - x0) / MM, rolled
  end
  T.near((drift(1)), -10, 0.01, "1: 10 paces left (west, facing north)")
  T.near((drift(2)), -10, 0.01, "2: left")
  T.near((drift(3)), 0, 0.01, "3: straight")
  T.near((drift(6)), 10, 0.01, "6: 10 paces right")
  local d, rolled = drift(1, { lights = { 1 } })
  T.near(d, 0, 0.01, "with lights: no drift")
  T.eq(rolled, false, "and no die")
end)

T.case("WRG weather, Night: a drift that would run into another unit is not made (reading)", function()
  -- a friend stands 5 paces to the left of where the mover ends its move
  local G = situation{ weather = NIGHT, side1 = { unit("foot", "MI", 900, 300, 0), unit("friend", "MI", 0, 0, 0) },
                       plans1 = { foot = ahead(60) }, script = { { "drift in the dark", 1 } } }
  local mover, friend = G.by_id[1].foot, G.by_id[1].friend
  local w = G.bf:unit(mover).width
  G.bf:place(friend, 900 - w - 5 * MM, 300 + 60 * MM, 0)
  local x0 = G.bf:pos(mover)
  period(G)
  T.near(G.bf:pos(mover), x0, 0.01, "it stays on its line")
  T.truthy(G.bf:distance(mover, friend) > 4 * MM, "clear of the friend")
end)

T.case("WRG weather, Night: 'A fire or torch lights an area 60 paces around it'", function()
  local dark = situation{ weather = NIGHT, side1 = { ARCHERS() }, side2 = { target(150) }, gap = 150 }
  local lit = situation{ weather = with(NIGHT, { lights = { 2 } }), side1 = { ARCHERS() }, side2 = { target(150) }, gap = 150 }
  T.eq(tactical((period(dark)), "archers"), nil, "150 paces in the dark: unseen")
  T.truthy(tactical((period(lit)), "archers") ~= nil, "carrying torches: seen and shot at from 150 paces")
  -- a unit within 60 paces of a torch is lit too
  local near = situation{ weather = with(NIGHT, { lights = { 2 } }), side1 = { ARCHERS() },
                          side2 = { target(150, 900), unit("dark", "MI", 900 + 100, 1100, 180) } }
  period(near)
  local x = near.weather_wrg
  T.eq(x.lit[near.by_id[2].target], true)
  T.eq(x.lit[near.by_id[1].archers], nil, "the archers, 150 paces off: in the dark")
end)

T.case("WRG weather, Night: 'Engineering work without illumination goes at half pace'", function()
  local G = situation{ weather = NIGHT, side1 = { ARCHERS() } }
  period(G)
  -- WRG's battle has no engineering work: the rate is the module's, for the sieges module
  T.eq({ W.engineering_rate(G.weather, false), W.engineering_rate(G.weather, true) }, { 0.5, 1 })
  local day = situation{ weather = with(NIGHT, { start_period = 5 }), side1 = { ARCHERS() } }
  period(day)
  T.eq(W.engineering_rate(day.weather, false), 1)
end)

T.case("WRG weather, Night: a camp, 'up to 1/5 of its units on guard', sentries at 60 paces, forming up", function()
  -- five units encamped (side 2): the one nearest the enemy guards; a
  -- regular and a barbarian unit asleep among the others
  local camp = {
    unit("guard", "MI", 300, 800, 0), unit("reg", "MI", 700, 900, 0), unit("barb", "MI", 1000, 900, 0, { regular = false }),
    unit("c", "MI", 1300, 900, 0), unit("d", "MI", 1600, 900, 0),
  }
  local away = function() return { bearing = 0, distance = 60 } end
  local G = situation{ weather = with(NIGHT, { camp = { side = 2 } }), side1 = { unit("raider", "LC", 300, 150, 0, { figures = 6 }) },
                       side2 = camp, plans2 = { guard = away, reg = away, barb = away } }
  local function y(id) return y_of(G, 2, id) end
  local y0 = { guard = y("guard"), reg = y("reg"), barb = y("barb") }
  period(G)
  T.eq(G.D[G.by_id[2].guard].on_guard, true, "the guard")
  T.eq({ G.D[G.by_id[2].reg].asleep, G.D[G.by_id[2].barb].asleep }, { true, true }, "the others asleep")
  T.near((y("guard") - y0.guard) / MM, 60, 0.5, "the guard moves")
  T.near(y("reg"), y0.reg, 0.01, "a sleeping unit does not move")
  T.eq(#turn.enemies_within(G, G.by_id[2].reg, 3000), 0, "nor sees")
  -- the raider comes within 60 paces of the guard: the sentries detect it
  local gx, gy = G.bf:pos(G.by_id[2].guard)
  G.bf:place(G.by_id[1].raider, gx, gy - 40 - 50 * MM, 0)
  y0.reg, y0.barb = y("reg"), y("barb")
  period(G)
  T.near((y("reg") - y0.reg) / MM, 30, 0.5, "a regular unit forms up in half a period: half its move")
  T.near(y("barb"), y0.barb, 0.01, "barbarians take a full period")
  y0.barb = y("barb")
  period(G)
  T.near((y("barb") - y0.barb) / MM, 60, 0.5, "the next period the barbarians move")
end)

---------------------------------------------------------------------------
-- The scenario's weather block

T.case("WRG weather: a bad weather block names the file, line and what was expected", function()
  local function at(path) return "s.yaml:9:3 (" .. path .. ")" end
  T.raises(function() A.read_spec({ mnth = 3 }, at) end, "s.yaml:9:3 (/weather/mnth): unknown weather key 'mnth'")
  T.raises(function() A.read_spec({ month = 13 }, at) end, "weather month 13 is not 1 to 12")
  T.raises(function() A.read_spec({ region = "asia" }, at) end, "weather region 'asia' is not mediterranean or europe")
  T.raises(function() A.read_spec({ lights = { 3 } }, at) end, "should be a list of sides (1 or 2)")
  T.raises(function() A.read_spec({ wind_from = "NNE" }, at) end, "wind_from 'NNE' is not one of")
  T.raises(function() A.read_spec({ camp = { guards = 1 } }, at) end, "camp needs side: 1 or 2")
  local scenario = require("lib.scenario")
  T.raises(function() scenario.parse("ruleset: wrg\nweather:\n  month: 3\narmies:\n  - army: wrg/hunnic\n  - army: wrg/late_roman\n", "x.yaml") end,
    "x.yaml:2:1: a weather: block needs the weather module on (options: [weather])")
  local G = situation{ weather = FINE, side1 = { ARCHERS() } }
  T.raises(function() A.start(G, { weather = { region = "europe", month = 7, potential = 4, falling = true },
                                   locate = function(p) return "x.yaml:3:1" .. p:sub(1, 0) end }) end,
    "x.yaml:3:1: weather: 'Fine' on inland ground: nothing to fall")
  local s = A.read_spec({ region = "europe", month = 1, start_period = "dice", lights = { 2 } }, at)
  T.eq({ s.region, s.month, s.start_period, s.lights[1] }, { "europe", 1, "dice", 2 })
end)

---------------------------------------------------------------------------
-- Exact odds of the dice this adapter adds (the weather's own: weather_test.lua)

T.case("WRG weather, Night: exact odds of the drift die (1-2 left, 5-6 right)", function()
  local o = dice.odds(function(src) return W.DRIFT[src:roll(6, "drift")] or "straight" end)
  local p = {}
  for _, e in ipairs(o) do p[e.outcome] = e.p end
  T.near(p.left, 1 / 3, 1e-12); T.near(p.right, 1 / 3, 1e-12); T.near(p.straight, 1 / 3, 1e-12)
end)

T.case("WRG weather, Snow: exact odds of losing a figure on a mountain path in n periods of movement", function()
  for n = 1, 3 do
    local o = dice.odds(function(src)
      local lost = 0
      for _ = 1, n do if W.MOUNTAIN_PATH_LOSS[src:roll(6, "mountain path")] then lost = lost + 1 end end
      return lost > 0
    end)
    local p = 0
    for _, e in ipairs(o) do if e.outcome then p = p + e.p end end
    T.near(p, 1 - (5 / 6) ^ n, 1e-12, n .. " periods")
  end
end)
