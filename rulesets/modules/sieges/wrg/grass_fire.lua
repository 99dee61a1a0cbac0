-- The sieges module in WRG 1973, FIRE: grass fires. "Grass fires are only
-- possible in very dry conditions and high winds." OPTIONAL RULES FOR
-- WEATHER: "Drought: During June, July and August, grass fires become
-- possible in steppe country during high winds."
--
-- READINGS (the computer's, the text gives the conditions only):
--   * the grass: with the weather module on (G.weather) on steppe ground in
--     June, July or August, the open ground of the table (not in a fort, not
--     under another terrain piece, not within an area's side of a wall) is
--     grass, cut into squares of 30 paces (fire.GRASS_AREA), each "an area"
--     of FIRE's "A burning object or area becomes untenable when it has
--     accumulated 20 fire casualty points, and remains so for 3 periods";
--   * it catches only while grass fires are possible (strong winds blowing:
--     the weather module's W.grass_fires_possible); once alight it spreads
--     as any fire does: "Fire can leap 10 paces downwind in light winds, 30
--     paces in strong winds", areas that caught accumulate 5 points a period;
--     fire leaps between the grass and a fort's wooden sections both ways;
--   * fire troops fire the grass: the besieger's fire troops (the scenario's
--     `fire` list) stand a period preparing ("The period before they are
--     used must be spent stationary ... Firing objects takes the same") when
--     a flammable section of the enemy's fort lies downwind of the area
--     before their front, then throw their fire into it: WRG's casualty
--     table, weapon factor 1, their random factor, each casualty a fire point;
--   * untenable areas: troops cannot enter them (the area is a piece that
--     stops ground moves, as a wall does, for its 3 periods) and troops in
--     one when it becomes untenable leave it by the shortest way out along
--     the grid (a slide of at most a normal move, as a RETREAT: no
--     casualties, the text names none); burnt out, the
--     ground is passable again and burns no more;
--   * the garrison fights a grass fire as any "burning object or area",
--     with water within 60 paces (wrg/grass_fighting.lua);
--   * rain puts it out (WEATHER: "Fires are extinguished and no more can be
--     started").
local fire = require("modules.sieges.fire")
local forts = require("modules.sieges.fortifications")
local ST = require("modules.sieges.wrg.state")

local GF = {}

local MM = ST.MM
GF.SIDE_MM = fire.GRASS_AREA * MM
-- how far downwind of the area they fire a flammable section may lie for
-- the fire troops to think it worth it (paces): READING, the commander's
GF.REACH = 600
-- periods a fire party tries before it gives the grass up
GF.TRIES = 3

local function live(d) return d and not d.gone and not d.off_table end

-- Whether the battle's ground is grass that can burn at all (steppe in a
-- drought month): the grid is drawn then.
function GF.steppe_in_drought(G)
  local w = G.weather
  if not (w and w.month and w.ground) then return false end
  return w.ground == "steppe" and require("modules.weather").drought(w)
end

-- Whether grass catches now: "very dry conditions and high winds".
function GF.possible(G)
  local w = G.weather
  if not GF.steppe_in_drought(G) then return false end
  local W = require("modules.weather")
  return fire.grass_fire_possible(W.drought(w), W.strong_wind(w)) and W.grass_fires_possible(w)
end

-- The grid of grass areas (built once): S.grass = { st = fire state, cells =
-- { [id] = { i, j, x0, y0, x1, y1, fid } }, at = { ["i,j"] = id } }.
function GF.grid(G)
  local S = G.sieges
  if S.grass ~= nil then return S.grass end
  if not GF.steppe_in_drought(G) then S.grass = false; return false end
  local g = { st = fire.new(), cells = {}, at = {} }
  local W, D = G.bf:size()
  local side = GF.SIDE_MM
  -- each section's bounds widened by the 3/4 side (and 1 mm for rounding):
  -- a centre outside them is further than that from the section, so its
  -- distance is not worked out (WHY: every area of the table was measured
  -- against every section, a tenth of a grass-fire battle's Lua)
  local near, boxes = side * 0.75, {}
  for n, sec in ipairs(S.forts.sections) do
    local ax, ay, bx, by = sec.from[1], sec.from[2], sec.to[1], sec.to[2]
    boxes[n] = { math.min(ax, bx) - near - 1, math.min(ay, by) - near - 1, math.max(ax, bx) + near + 1, math.max(ay, by) + near + 1 }
  end
  for j = 0, math.floor(D / side) - 1 do
    for i = 0, math.floor(W / side) - 1 do
      local x0, y0 = i * side, j * side
      local cx, cy = x0 + side / 2, y0 + side / 2
      local clear = forts.fort_at(S.forts, cx, cy) == nil and #G.bf:terrain_at(cx, cy) == 0
      for n, sec in ipairs(S.forts.sections) do
        if not clear then break end
        local b = boxes[n]
        if cx >= b[1] and cx <= b[3] and cy >= b[2] and cy <= b[4]
          and ST.seg_dist(cx, cy, sec.from[1], sec.from[2], sec.to[1], sec.to[2]) < near then clear = false end
      end
      if clear then
        local id = #g.cells + 1
        g.cells[id] = { i = i, j = j, x0 = x0, y0 = y0, x1 = x0 + side, y1 = y0 + side }
        g.at[i .. "," .. j] = id
        fire.add_object(g.st, { id = id, x = cx / MM, y = cy / MM, r = fire.GRASS_AREA / 2 })
      end
    end
  end
  S.grass = g
  return g
end

-- The grass area (id) holding a point, or nil.
function GF.cell_at(g, x, y)
  return g.at[math.floor(x / GF.SIDE_MM) .. "," .. math.floor(y / GF.SIDE_MM)]
end

local function poly(c) return { c.x0, c.y0, c.x1, c.y0, c.x1, c.y1, c.x0, c.y1 } end

-- The area's piece on the table: added when it catches, stops moves while
-- untenable, burnt afterwards.
local function show(G, g, id, state)
  local c = g.cells[id]
  if not c.fid then
    c.fid = G.bf:add_terrain{ type = "grass_fire", polygon = poly(c), grass_fire = state, blocks_move = false }
  end
  if state == "untenable" then
    G.bf:change_terrain(c.fid, { type = "grass_fire", grass_fire = state, blocks_move = true })
  elseif state == "burnt" or state == "out" then
    G.bf:change_terrain(c.fid, { type = "burnt_grass", grass_fire = state, blocks_move = false })
  else
    G.bf:change_terrain(c.fid, { type = "grass_fire", grass_fire = state, blocks_move = false })
  end
  c.state = state
end

local function log(G, id, what, extra)
  if not G.log then return end
  local g = G.sieges.grass
  local c = g.cells[id]
  local e = { cell = id, what = what, fp = g.st.objects[id].fp, x = (c.x0 + c.x1) / 2, y = (c.y0 + c.y1) / 2 }
  for k, v in pairs(extra or {}) do e[k] = v end
  G.bf:log("siege_grass_fire", e)
end

-- Sets fire to an area with `points` fire casualty points (fire troops).
function GF.ignite(G, id, points, extra)
  local g = G.sieges.grass
  if not fire.hit(g.st, id, points) then return false end
  show(G, g, id, g.st.objects[id].untenable > 0 and "untenable" or "burning")
  local e = { points = points }
  for k, v in pairs(extra or {}) do e[k] = v end
  log(G, id, "fired", e)
  return true
end

-- The area a fire party would fire: the one just before its front (10
-- paces out), unburnt, with a flammable enemy section downwind within reach.
function GF.target_area(G, uid)
  local S = G.sieges
  local g = S.grass
  if not g then return nil end
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  local fx, fy = -math.sin(a), math.cos(a)
  local px, py = u.x + fx * (u.depth / 2 + 10 * MM), u.y + fy * (u.depth / 2 + 10 * MM)
  local id = GF.cell_at(g, px, py)
  if not id then return nil end
  local o = g.st.objects[id]
  if o.burning or o.burnt then return nil end
  local wind = require("modules.sieges.wrg.period").wind(G)
  local to = math.rad((wind.from + 180) % 360)
  local tx, ty = math.sin(to), math.cos(to)
  local enemy = 3 - G.D[uid].side
  for _, sec in ipairs(S.forts.sections) do
    local f = S.forts.forts[sec.fort]
    local fo = S.fire.objects[sec.index]
    if fo.flammable and not fo.burnt and forts.blocks(sec) and (not f or f.defender == enemy) then
      local sx, sy = (sec.from[1] + sec.to[1]) / 2 / MM - o.x, (sec.from[2] + sec.to[2]) / 2 / MM - o.y
      local dist = math.sqrt(sx * sx + sy * sy)
      if dist <= GF.REACH and dist > 0 and (sx * tx + sy * ty) / dist >= math.cos(math.rad(fire.DOWNWIND_HALF_ARC)) then
        return id
      end
    end
  end
  return nil
end

-- Whether a fire party stands to fire the grass this period (the
-- commander's wish: ai.move returns nothing for it).
function GF.wants_to_fire(G, uid)
  local S = G.sieges
  local d = G.D[uid]
  local k = d.siege
  if not (S and k and k.fire) or k.grass_fired or (k.grass_tries or 0) >= GF.TRIES then return false end
  if d.side ~= S.besieger or d.routing or d.in_melee or S.rained or not GF.possible(G) then return false end
  if not GF.grid(G) then return false end
  return GF.target_area(G, uid) ~= nil
end

-- In the shooting phase (wrg/fire_troops.lua calls it first): fire parties
-- that stood prepare, or, prepared, fire the area before them. Returns true
-- when the unit was busy with the grass this period.
function GF.shoot(G, R, uid)
  local d = G.D[uid]
  local k = d.siege
  if (d.moved or 0) > 0 or not GF.wants_to_fire(G, uid) then return false end
  local id = GF.target_area(G, uid)
  if fire.ready(k.prepared, G.turn) then
    k.prepared = nil
    k.grass_tries = (k.grass_tries or 0) + 1
    local figures = R.shooting.figures(d, { moved = false, files = d.files })
    local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: FIRE, firing the grass, " .. d.name)
    local total = fire.WEAPON + r.value
    local cas = R.tables.casualties(total, figures)
    ST.say(G, "  %s fire the grass before them: %d figures, weapon %d, random %+d = %d: %d fire points.",
      d.name, figures, fire.WEAPON, r.value, total, cas)
    if cas > 0 and GF.ignite(G, id, cas, { unit = uid, figures = figures, total = total }) then k.grass_fired = true end
  else
    k.prepared = G.turn
    ST.say(G, "  %s stand preparing and lighting fire to fire the grass.", d.name)
  end
  return true
end

-- Troops in an untenable area leave it: the shortest way out along the
-- grid's four directions to an area that is not untenable (never into a
-- fort), a slide; stopped by other troops, they stay.
local DIRS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }
local function untenable_at(g, x, y)
  local id = GF.cell_at(g, x, y)
  local o = id and g.st.objects[id]
  return o and o.untenable > 0 and not o.burnt
end

function GF.leave(G, R)
  local S = G.sieges
  local g = S.grass
  if not g then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and not G.bf:removed(uid) then
      local u = G.bf:unit(uid)
      if untenable_at(g, u.x, u.y) then
        local reach = math.sqrt(u.width ^ 2 + u.depth ^ 2) / 2 + 1
        local best
        for _, dv in ipairs(DIRS) do
          -- the first point along this way whose area is not untenable, plus half the base
          for n = 1, 12 do
            local x, y = u.x + dv[1] * n * GF.SIDE_MM / 2, u.y + dv[2] * n * GF.SIDE_MM / 2
            local W, D = G.bf:size()
            if x < 0 or y < 0 or x > W or y > D or forts.fort_at(S.forts, x, y) then break end
            if not untenable_at(g, x, y) then
              local i, j = math.floor(x / GF.SIDE_MM), math.floor(y / GF.SIDE_MM)
              -- the near edge of that area, then half the base beyond it
              local edge
              if dv[1] == 1 then edge = i * GF.SIDE_MM - u.x elseif dv[1] == -1 then edge = u.x - (i + 1) * GF.SIDE_MM
              elseif dv[2] == 1 then edge = j * GF.SIDE_MM - u.y else edge = u.y - (j + 1) * GF.SIDE_MM end
              local dist = math.max(0, edge) + reach
              if not best or dist < best.dist then best = { dx = dv[1] * dist, dy = dv[2] * dist, dist = dist } end
              break
            end
          end
        end
        if best then
          -- no further than a normal move (RETREAT's allowance: the referee's)
          local cap = (d.moves and d.moves[1] or 0) * MM
          if best.dist > cap then
            if cap <= 0 then best = nil
            else best.dx, best.dy = best.dx * cap / best.dist, best.dy * cap / best.dist end
          end
        end
        if best then
          local r = G.bf:move(uid, "slide", best.dx, best.dy, { ignore_terrain = true })
          R.manoeuvre.record(G, uid, "retreat")
          if G.log then G.bf:log("siege_grass_fire", { what = "leaves", unit = uid, distance = r.distance }) end
          ST.say(G, "  %s leave the burning grass (%.0f mm).", d.name, r.distance)
        end
      end
    end
  end
end

-- At the start of a period (after the fort's own fire): the grass fire
-- leaps and burns; it leaps between the grass and wooden sections; troops
-- leave untenable areas.
function GF.period(G, R)
  local S = G.sieges
  if not S then return end
  local g = GF.grid(G)
  if not g then return end
  if S.rained and not g.rained then
    g.rained = true
    for id, c in ipairs(g.cells) do
      if c.state == "burning" or c.state == "untenable" then show(G, g, id, "out"); log(G, id, "out") end
    end
    fire.extinguish_all(g.st)
    return
  end
  if g.rained then return end
  local PD = require("modules.sieges.wrg.period")
  local wind = PD.wind(G)
  local possible = GF.possible(G)
  local any = false
  for _, id in ipairs(g.st.order) do if g.st.objects[id].burning then any = true; break end end
  if any then
    -- grass catches only while grass fires are possible: stop leaps in the grass otherwise
    local fighters = require("modules.sieges.wrg.grass_fighting").assign(G, g)
    local events = fire.period(g.st, possible and wind or { from = wind.from, strength = "calm" }, fighters)
    for _, e in ipairs(events) do
      if e.what == "caught" then show(G, g, e.id, "burning")
      elseif e.what == "untenable" then show(G, g, e.id, "untenable")
      elseif e.what == "burnt" then show(G, g, e.id, "burnt")
      elseif e.what == "out" then show(G, g, e.id, "out"); ST.say(G, "  the grass fire is put out.") end
      log(G, e.id, e.what)
    end
    -- grass to the fort's wooden sections
    for _, i in ipairs(fire.catch_across(g.st, S.fire, wind)) do
      ST.say(G, "  the grass fire leaps to the %s (section %d).", S.forts.sections[i].kind, i)
      ST.set_state(G, i, "burning", "caught from the grass fire")
    end
  end
  -- the fort's burning sections to the grass
  if possible then
    for _, id in ipairs(fire.catch_across(S.fire, g.st, wind)) do show(G, g, id, "burning"); log(G, id, "caught") end
  end
  GF.leave(G, R)
end

-- Whether grass is burning on the table (the siege commander keeps up its
-- assault while it burns: commander_end.lua asks).
function GF.grass_burning(G)
  local S = G.sieges
  if not S then return false end
  local g = S.grass
  if g then
    for _, id in ipairs(g.st.order) do
      local o = g.st.objects[id]
      if o.burning and not o.burnt then return true end
    end
  end
  return false
end

-- The commander: a fire party that would fire the grass stands.
function GF.install(rules)
  local ai = rules.require("wrg.ai")
  local move = ai.move
  function ai.move(G, uid, ...)
    if G.sieges and GF.wants_to_fire(G, uid) then return nil end
    -- fire fighters at the grass hold still (wrg/grass_fighting.lua)
    if G.sieges and require("modules.sieges.wrg.grass_fighting").busy(G, uid) then return nil end
    return move(G, uid, ...)
  end
  -- and declare no charge nor countercharge that period
  local charge_target, countercharge = ai.charge_target, ai.countercharge
  function ai.charge_target(G, uid, ...)
    if G.sieges and require("modules.sieges.wrg.grass_fighting").busy(G, uid) then return nil end
    return charge_target(G, uid, ...)
  end
  function ai.countercharge(G, uid, ...)
    if G.sieges and require("modules.sieges.wrg.grass_fighting").busy(G, uid) then return false end
    return countercharge(G, uid, ...)
  end
end

return GF
