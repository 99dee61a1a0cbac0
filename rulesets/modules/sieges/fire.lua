-- WRG 1973 SIEGE: FIRE. Fire missiles, fire points, catching, spreading
-- downwind, untenable objects and fire-fighting.
--
--   local fire = require("modules.sieges.fire")
--   local st = fire.new()
--   fire.add_object(st, { id = "gate", x =, y =, r =, flammable = true })   -- paces
--   fire.hit(st, "gate", 3)                     -- fire missile casualties
--   fire.period(st, wind, fighters)             -- once a period
-- The state is plain data. Objects are circles in paces (a wall section is
-- given by the circle round it).
local F = {}

-- "Any troops with orders to prepare them may use fire missiles."
-- "Troops in the field must collect them from wagons, one serving 20 figures,
-- or from pack animals, one serving 5 figures."
F.WAGON_SERVES, F.PACK_SERVES = 20, 5
-- "The period before they are used must be spent stationary, with no
-- activity apart from preparing and lighting the missiles. Firing objects
-- takes the same."
F.PREPARE_PERIODS = 1
-- "Normal ranges are halved for all but hand-hurled missiles."
F.RANGE_FACTOR = 0.5
-- "The weapon factor is normally 1, but 0 for fire-resistant fort doors or
-- palisades, or for siege towers or penthouses which are protected with
-- green hides."
F.WEAPON, F.WEAPON_RESISTANT = 1, 0
-- "Fire can leap 10 paces downwind in light winds, 30 paces in strong winds."
F.LEAP = { light = 10, strong = 30 }
-- "A burning object or area becomes untenable when it has accumulated 20
-- fire casualty points, and remains so for 3 periods. An object that
-- catches from another accumulates 5 fire casualty points per period."
F.UNTENABLE_AT, F.UNTENABLE_PERIODS, F.CATCH_PER_PERIOD = 20, 3, 5
-- "Each figure fighting fire with a water source within 60 paces cancels one
-- fire casualty point. This cannot save an object which has accumulated 20."
-- "Fire fighters must have buckets. A water tank wagon lasts 10 bucket
-- figure/periods."
F.WATER_WITHIN, F.TANK_WAGON_FP = 60, 10
-- READING: "downwind" is within 45 degrees either side of the way the wind
-- blows to (the quarter the wind carries sparks into).
F.DOWNWIND_HALF_ARC = 45

function F.new() return { objects = {}, order = {} } end

-- o: id, x, y, r (paces), flammable (wood, thatch: true; stone: false),
-- resistant (fire-resistant doors and palisades, green hides).
function F.add_object(st, o)
  local obj = { id = o.id, x = o.x, y = o.y, r = o.r or 0, flammable = o.flammable ~= false,
                resistant = o.resistant == true, fp = 0, burning = false, caught = false,
                untenable = 0, burnt = false }
  st.objects[o.id] = obj
  st.order[#st.order + 1] = o.id
  return obj
end

-- The missile range fire missiles have: halved "for all but hand-hurled".
function F.range(normal_range, hand_hurled)
  if hand_hurled then return normal_range end
  return normal_range * F.RANGE_FACTOR
end

-- The weapon factor of fire missiles against an object.
function F.weapon_factor(obj) return obj.resistant and F.WEAPON_RESISTANT or F.WEAPON end

-- Figures a supply of fire missiles serves.
function F.supplied(wagons, pack_animals) return (wagons or 0) * F.WAGON_SERVES + (pack_animals or 0) * F.PACK_SERVES end

-- Whether troops may shoot fire this period: they spent the period before
-- stationary preparing (prepared_period = the period they prepared in).
function F.ready(prepared_period, now) return prepared_period ~= nil and now - prepared_period >= F.PREPARE_PERIODS end

-- Fire missile casualties on an object: fire points; it burns.
function F.hit(st, id, casualties)
  local o = st.objects[id]
  if not o or not o.flammable or o.burnt or casualties <= 0 then return false end
  o.fp = o.fp + casualties
  o.burning = true
  F.check_untenable(o)
  return true
end

function F.check_untenable(o)
  if o.untenable == 0 and o.fp >= F.UNTENABLE_AT then o.untenable = F.UNTENABLE_PERIODS end
end

-- The unit vector of compass bearing b (0 = north = +y, 90 = east = +x).
local function heading(b)
  local a = math.rad(b)
  return math.sin(a), math.cos(a)
end

-- How the wind carries fire: the furthest leap and the downwind direction,
-- or nil in a calm (or no wind): no fire leaps then.
local function carry(wind)
  local leap = wind and F.LEAP[wind.strength]
  if not leap then return nil end
  local tx, ty = heading((wind.from + 180) % 360)
  return { leap = leap, tx = tx, ty = ty, cos_min = math.cos(math.rad(F.DOWNWIND_HALF_ARC)) - 1e-9 }
end

-- Whether fire leaps from a to b on the wind `c` (carry's).
local function leaps_on(a, b, c)
  local dx, dy = b.x - a.x, b.y - a.y
  local dist = math.sqrt(dx * dx + dy * dy)
  local gap = dist - a.r - b.r
  if gap > c.leap + 1e-9 then return false end
  if dist < 1e-9 then return true end
  local cosang = (dx * c.tx + dy * c.ty) / dist
  return cosang >= c.cos_min
end

-- wind: { from = compass bearing the wind blows from, strength = "calm" |
-- "light" | "strong" }. Whether fire leaps from a to b.
function F.leaps(a, b, wind)
  local c = carry(wind)
  return c ~= nil and leaps_on(a, b, c)
end

-- The objects of `st` fire can leap from (burning, not burnt out), sorted by
-- x, with the largest radius among them: a grid of grass areas holds
-- hundreds of objects, and testing every burning one against every other
-- each period was most of a grass-fire battle's work.
local function sources(st)
  local list, r_max = {}, 0
  for _, id in ipairs(st.order) do
    local a = st.objects[id]
    if a.burning and not a.burnt then
      list[#list + 1] = a
      if a.r > r_max then r_max = a.r end
    end
  end
  table.sort(list, function(p, q) return p.x < q.x end)
  return { list = list, r_max = r_max }
end

-- The sources in square cells of side `cell` paces: grid[cx][cy] = { a, ... }.
local function grid_of(list, cell)
  local grid = {}
  for _, a in ipairs(list) do
    local cx, cy = math.floor(a.x / cell), math.floor(a.y / cell)
    local col = grid[cx]
    if not col then col = {}; grid[cx] = col end
    local cl = col[cy]
    if not cl then cl = {}; col[cy] = cl end
    cl[#cl + 1] = a
  end
  return grid
end

-- Whether fire leaps onto b from any of the sources. Only sources within
-- the furthest a leap can reach are tested (a superset: the exact test,
-- leaps_on, decides, and any source it passes lies well inside `reach`),
-- so the answer is the full scan's. WHY the cells: a wide grass fire burns
-- in a band; the sources within reach in x alone were most of that band.
-- The cells are made on the first question, 1% and 1 pace wider than its
-- reach; an object with a longer reach (a larger circle) is answered from
-- the x-sorted list.
local function catches_from(src, b, c)
  local list = src.list
  local reach = c.leap + src.r_max + b.r + 1e-6
  if not src.grid then
    src.cell = reach * 1.01 + 1
    src.grid = grid_of(list, src.cell)
  end
  if reach * 1.01 + 1 <= src.cell + 1e-9 then
    -- every source within reach lies in b's cell or one beside it
    local cell, grid = src.cell, src.grid
    local bx, by, br = b.x, b.y, b.r
    local leap, tx, ty, cos_min = c.leap + 1e-9, c.tx, c.ty, c.cos_min
    local downwind_only = cos_min > 0
    local cx, cy = math.floor(bx / cell), math.floor(by / cell)
    for i = cx - 1, cx + 1 do
      local col = grid[i]
      if col then
        for j = cy - 1, cy + 1 do
          local cl = col[j]
          if cl then
            for n = 1, #cl do
              local a = cl[n]
              local ax, ay = a.x, a.y
              -- (|ax - bx| <= reach without the call: bx - ax is exactly
              -- -(ax - bx))
              local dx, dy = bx - ax, by - ay
              if dx <= reach and -dx <= reach and dy <= reach and -dy <= reach and a ~= b then
                -- leaps_on(a, b, c), written out (WHY: the call was a
                -- tenth of this loop's cost; the same operations in the
                -- same order, so the same answer to the last bit). A
                -- source downwind of b or level with it (dot <= 0) leaps
                -- only when at b's very centre: with cos_min > 0 its
                -- cosine (dot / dist <= 0) is short, and a squared
                -- distance of 1e-16 or more puts dist well over 1e-9, so
                -- it is passed over before the square root.
                local dot, s2 = dx * tx + dy * ty, dx * dx + dy * dy
                if not (downwind_only and dot <= 0 and s2 >= 1e-16) then
                  local dist = math.sqrt(s2)
                  if dist - a.r - br <= leap and (dist < 1e-9 or dot / dist >= cos_min) then
                    return true
                  end
                end
              end
            end
          end
        end
      end
    end
    return false
  end
  local lo, hi = 1, #list + 1  -- first source with x >= b.x - reach
  while lo < hi do
    local mid = (lo + hi) // 2
    if list[mid].x < b.x - reach then lo = mid + 1 else hi = mid end
  end
  for k = lo, #list do
    local a = list[k]
    if a.x > b.x + reach then return false end
    if math.abs(a.y - b.y) <= reach and a ~= b and leaps_on(a, b, c) then return true end
  end
  return false
end

-- Fire-fighting: figures with a water source within 60 paces (the caller
-- says which); each cancels one fire point, not on an object at 20.
function F.fight(st, id, figures)
  local o = st.objects[id]
  if not o or not o.burning or o.fp >= F.UNTENABLE_AT or figures <= 0 then return 0 end
  local cancelled = math.min(o.fp, figures)
  o.fp = o.fp - cancelled
  if o.fp <= 0 then o.fp, o.burning, o.caught = 0, false, false end
  return cancelled
end

-- Bucket figure/periods left in a water tank wagon after a period.
function F.tank_after(left, figures) return math.max(0, (left or F.TANK_WAGON_FP) - figures) end

-- One period: fire leaps downwind to objects within reach of burning ones;
-- objects that caught accumulate 5 points; fire fighters cancel points
-- (fighters[id] = figures with water within 60 paces); untenable objects
-- count down their 3 periods and are then burnt out. Returns the events:
-- { { what = "caught" | "untenable" | "burnt" | "out", id = } }.
function F.period(st, wind, fighters)
  local events = {}
  -- which objects catch is read from the period's start: one that catches
  -- now spreads the fire only from the next period
  local catching = {}
  local c = carry(wind)
  if c then
    local src = sources(st)
    for _, id in ipairs(st.order) do
      local b = st.objects[id]
      if b.flammable and not b.burning and not b.burnt and catches_from(src, b, c) then catching[id] = true end
    end
  end
  for _, id in ipairs(st.order) do
    if catching[id] then
      local o = st.objects[id]
      o.burning, o.caught = true, true
      events[#events + 1] = { what = "caught", id = id }
    end
  end
  for _, id in ipairs(st.order) do
    local o = st.objects[id]
    if o.burning and not o.burnt then
      if o.untenable > 0 then
        o.untenable = o.untenable - 1
        if o.untenable == 0 then
          o.burnt, o.burning = true, false
          events[#events + 1] = { what = "burnt", id = id }
        end
      else
        if o.caught then o.fp = o.fp + F.CATCH_PER_PERIOD end
        local n = fighters and fighters[id] or 0
        if n > 0 and o.fp < F.UNTENABLE_AT then
          F.fight(st, id, n)
          if not o.burning then events[#events + 1] = { what = "out", id = id } end
        end
        if o.burning then
          F.check_untenable(o)
          if o.untenable > 0 then events[#events + 1] = { what = "untenable", id = id } end
        end
      end
    end
  end
  return events
end

-- WOODEN PIECES (DESTRUCTION): "Wagons, siege towers and other wooden
-- constructions can only be destroyed by stone-throwing engines or by fire
-- missiles, 20 casualty equivalents being required." FIRE: "The weapon factor
-- is normally 1, but 0 ... for siege towers or penthouses which are protected
-- with green hides." The pieces are the caller's own tables (a tower, a
-- penthouse, a wagon: whatever module moves them); fire keeps its count on
-- them in `fire_points` and reads `green_hides` (or `resistant`).
F.WOODEN_DESTROYED = 20

-- The weapon factor of fire missiles against a wooden piece.
function F.object_weapon_factor(obj)
  return (obj.green_hides or obj.resistant) and F.WEAPON_RESISTANT or F.WEAPON
end

-- Fire missile casualties (or stone-thrower hits: the same "casualty
-- equivalents") on a wooden piece. Returns { fp = its points now,
-- destroyed = true the time it reaches 20 }; a destroyed piece takes no more.
-- "Actual occupants of wooden constructions are lost if they are
-- destroyed": the caller removes them when `destroyed` comes back true.
function F.hit_object(obj, points)
  if obj.destroyed then return { fp = obj.fire_points or 0, destroyed = false } end
  points = math.max(0, math.floor(points or 0))
  obj.fire_points = (obj.fire_points or 0) + points
  if points > 0 then obj.burning = true end
  if obj.fire_points >= F.WOODEN_DESTROYED then
    obj.destroyed, obj.burning = true, false
    return { fp = obj.fire_points, destroyed = true }
  end
  return { fp = obj.fire_points, destroyed = false }
end

-- Rain (WRG weather): "Fires are extinguished and no more can be started".
function F.extinguish_all(st)
  for _, id in ipairs(st.order) do
    local o = st.objects[id]
    if o.burning then o.burning, o.caught, o.fp, o.untenable = false, false, 0, 0 end
  end
end

-- "Grass fires are only possible in very dry conditions and high winds."
function F.grass_fire_possible(very_dry, strong_wind) return very_dry == true and strong_wind == true end

-- GRASS. READING: grass that can burn is cut into square areas of
-- F.GRASS_AREA paces (30: the furthest leap, so a strong wind carries fire
-- over one area into the next, a light wind only to its neighbour); each
-- area is a fire object (a circle of half its side), so it "becomes
-- untenable when it has accumulated 20 fire casualty points, and remains so
-- for 3 periods", and one that "catches from another accumulates 5 fire
-- casualty points per period".
F.GRASS_AREA = 30

-- Fire leaping from the burning objects of one fire state to the objects of
-- another (grass to a palisade, a palisade to the grass): the objects of
-- `to` that catch, in its order; they are marked burning and caught.
function F.catch_across(from, to, wind)
  assert(from ~= to, "fire.catch_across: two different fire states")
  local caught = {}
  local c = carry(wind)
  if not c then return caught end
  local src = sources(from)
  for _, jd in ipairs(to.order) do
    local b = to.objects[jd]
    if b.flammable and not b.burning and not b.burnt and catches_from(src, b, c) then
      b.burning, b.caught = true, true
      caught[#caught + 1] = jd
    end
  end
  return caught
end

-- The wind as fire reads it, from the weather module's state (G.weather,
-- modules.weather) or a fixed wind { from = bearing | point, strength = }.
function F.wind_of(weather_state, fixed)
  if weather_state and weather_state.wind_from then
    local W = require("modules.weather")
    return { from = W.wind_from_bearing(weather_state), strength = W.strong_wind(weather_state) and "strong" or "light" }
  end
  if fixed then return { from = fixed.from or 0, strength = fixed.strength or "light" } end
  return { from = 0, strength = "light" }
end

return F
