-- WRG 1973 SIEGE: fortifications as terrain. A fortification is a ring of
-- sections (stone curtain wall, tower, gate, palisade, turf wall) with an
-- inside and an outside; each section has a height and a state (intact,
-- breached, burning, untenable, open for a gate, burnt) and stands on the
-- table as a rectangle (its wall walk) with a thin parapet along its outer
-- face that stops ground moves while the section holds (bf:add_terrain{
-- blocks_move = true }). Troops stand on a section by standing on its walk;
-- the rest of the table is outside or inside the ring.
--
--   local forts = require("modules.sieges.fortifications")
--   local st = forts.new({ { name = "town", sections = { { kind = "wall", from = {x, y}, to = {x, y} }, ... } } })
--   forts.place(bf, st)                     -- the sections as terrain
--   forts.set_state(bf, st, i, "breached")  -- logged as terrain_changed
--
-- Coordinates in mm. A section's inside is on the left going from `from` to
-- `to` (rings run anticlockwise); the ring's inside is the polygon of the
-- sections' `from` points in order.
--
-- BREACHES: "Breaches made by a mine passing under a wall, or by ram or
-- stone-thrower, should be indicated by laying a piece of dark card, 60mm
-- wide at the bottom and 90mm at the top, against it." READING: walls are cut
-- into sections no longer than 90 mm (forts.new splits longer ones evenly);
-- a breach opens its whole section, and "Any defending figures on the 90mm
-- section or the tower at the time of the collapse are lost" are those on
-- that section.
local works = require("modules.sieges.works")

local F = {}

F.BREACH_TOP_MM, F.BREACH_BOTTOM_MM = 90, 60
-- The kinds of section: default thickness (mm: room for a rank of foot on
-- the wall walk), height (levels: the ground 0), what destroys it
-- (modules.sieges.works), whether it burns, whether a ladder reaches it.
F.KINDS = {
  wall = { thickness = 24, height = 2, destroy = "stone_wall", flammable = false },
  tower = { thickness = 40, height = 3, destroy = "tower", flammable = false },
  gate = { thickness = 24, height = 2, destroy = "fort_door", flammable = true },
  palisade = { thickness = 20, height = 1, destroy = "palisade", flammable = true },
  turf_wall = { thickness = 24, height = 1, destroy = "turf_wall", flammable = false },
}
F.STATES = { intact = true, breached = true, burning = true, untenable = true, open = true, burnt = true }

local function len(ax, ay, bx, by) return math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2) end

-- forts: list of { name =, sections = { { kind =, from = {x, y}, to = {x, y},
-- thickness =, height =, resistant = (fire-resistant door or palisade) } } }
-- in mm. Errors name the fort and section.
function F.new(forts, mm_per_pace)
  local st = { forts = {}, sections = {}, mm_per_pace = mm_per_pace or 2.54 }
  for fi, f in ipairs(forts or {}) do
    local fort = { name = f.name or ("fort " .. fi), ring = {}, sections = {} }
    st.forts[fi] = fort
    for si, s in ipairs(f.sections or {}) do
      local where = string.format("fortification '%s', section %d", fort.name, si)
      local k = F.KINDS[s.kind]
      if not k then
        error(string.format("%s: kind must be wall, tower, gate, palisade or turf_wall, found %s", where, tostring(s.kind)), 0)
      end
      if type(s.from) ~= "table" or type(s.to) ~= "table" then error(where .. ": needs from: [x, y] and to: [x, y]", 0) end
      local ax, ay, bx, by = s.from[1], s.from[2], s.to[1], s.to[2]
      fort.ring[#fort.ring + 1] = { ax, ay }
      local L = len(ax, ay, bx, by)
      if L <= 0 then error(where .. ": from and to are the same point", 0) end
      -- walls and palisades longer than a breach are cut into even pieces
      local pieces = (s.kind == "tower" or s.kind == "gate") and 1 or math.max(1, math.ceil(L / F.BREACH_TOP_MM - 1e-9))
      for p = 1, pieces do
        local t1, t2 = (p - 1) / pieces, p / pieces
        local sec = {
          index = #st.sections + 1, fort = fi, kind = s.kind, state = "intact",
          from = { ax + (bx - ax) * t1, ay + (by - ay) * t1 }, to = { ax + (bx - ax) * t2, ay + (by - ay) * t2 },
          thickness = s.thickness or k.thickness, height = s.height or k.height, resistant = s.resistant == true,
        }
        sec.length = L / pieces
        local paces = sec.length / st.mm_per_pace
        sec.job = works.task(k.destroy, paces, { destroy = true })
        st.sections[sec.index] = sec
        fort.sections[#fort.sections + 1] = sec.index
      end
    end
    if #fort.ring < 3 then error(string.format("fortification '%s': a ring needs at least 3 sections", fort.name), 0) end
  end
  return st
end

-- The section's rectangle: the outer face from `from` to `to`, the wall walk
-- `thickness` deep on the inside (left).
function F.polygon(sec)
  local ax, ay, bx, by = sec.from[1], sec.from[2], sec.to[1], sec.to[2]
  local L = len(ax, ay, bx, by)
  local nx, ny = -(by - ay) / L * sec.thickness, (bx - ax) / L * sec.thickness
  return { ax, ay, bx, by, bx + nx, by + ny, ax + nx, ay + ny }
end

-- The outward normal (unit) of a section and its midpoint on the outer face.
-- A section never moves, and the commanders and the period ask this of
-- every section for every unit, so it is worked out once a section (a
-- weak-keyed cache: the section's own table is saved and logged as it is).
local outward_of = setmetatable({}, { __mode = "k" })
function F.outward(sec)
  local o = outward_of[sec]
  if not o then
    local ax, ay, bx, by = sec.from[1], sec.from[2], sec.to[1], sec.to[2]
    local L = len(ax, ay, bx, by)
    o = { (by - ay) / L, -(bx - ax) / L, (ax + bx) / 2, (ay + by) / 2 }
    outward_of[sec] = o
  end
  return o[1], o[2], o[3], o[4]
end

-- Every section's outer face as flat numbers, in section order:
-- { ax, ay, bx, by, ox, oy, index, xmin, ymin, xmax, ymax } (its ends, its
-- outward normal as F.outward gives it, its bounds). Worked out once a
-- fortification (sections never move): WHY, the loops that test a unit
-- against every face read these for every unit several times a period.
local faces_of = setmetatable({}, { __mode = "k" })
function F.faces(st)
  local fs = faces_of[st]
  if not fs then
    fs = {}
    for _, sec in ipairs(st.sections) do
      local ax, ay, bx, by = sec.from[1], sec.from[2], sec.to[1], sec.to[2]
      local ox, oy = F.outward(sec)
      fs[#fs + 1] = { ax, ay, bx, by, ox, oy, sec.index,
                      math.min(ax, bx), math.min(ay, by), math.max(ax, bx), math.max(ay, by) }
    end
    faces_of[st] = fs
  end
  return fs
end

-- The facing (degrees, the engine's: 0 = +y, anticlockwise) of a unit that
-- faces out of the fort across a section, and of one facing in.
function F.facing_out(sec)
  local ox, oy = F.outward(sec)
  return math.deg(math.atan(-ox, oy)) % 360
end
function F.facing_in(sec) return (F.facing_out(sec) + 180) % 360 end

-- Whether a section holds back troops on the ground: intact walls, towers,
-- palisades and shut gates (burning or untenable ones still stand);
-- breached, burnt and open ones do not.
function F.blocks(sec)
  return sec.state == "intact" or sec.state == "burning" or (sec.state == "untenable" and sec.kind ~= "tower")
end

-- Whether troops may stand on it and fight from it: a tower or wall is
-- untenable for the defenders once so rendered, and a breach holds nobody on
-- its top (they fight in the gap, on the ground).
function F.tenable(sec) return sec.state == "intact" or sec.state == "open" or sec.state == "burning" end

-- The parapet: a strip PARAPET_MM deep along the outer face. It is what
-- stops moves (blocks_move), not the wall walk behind it: troops outside
-- stop at its face, troops inside may go up onto the walk (the stairs) but
-- not over the parapet, and troops on the walk stand behind it. Only a
-- climb (ladders) takes a unit over it.
F.PARAPET_MM = 2
function F.parapet(sec)
  local ax, ay, bx, by = sec.from[1], sec.from[2], sec.to[1], sec.to[2]
  local L = len(ax, ay, bx, by)
  local nx, ny = -(by - ay) / L * F.PARAPET_MM, (bx - ax) / L * F.PARAPET_MM
  return { ax, ay, bx, by, bx + nx, by + ny, ax + nx, ay + ny }
end

-- The terrain features of a section as it stands: its wall walk (drawn,
-- blocks sight when high) and its parapet (stops moves while it holds).
function F.feature(sec)
  local type_ = sec.kind
  if sec.state == "breached" or sec.state == "burnt" then type_ = "breach" end
  return { type = type_, polygon = F.polygon(sec), blocks_los = F.blocks(sec) and sec.height >= 2,
           height = F.blocks(sec) and sec.height or 0,
           siege_section = sec.index, siege_state = sec.state, siege_kind = sec.kind }
end
function F.parapet_feature(sec)
  return { type = "parapet", polygon = F.parapet(sec), blocks_move = F.blocks(sec), siege_section = sec.index }
end

-- Puts every section on the table; sec.fid is its wall walk's terrain id,
-- sec.pid its parapet's.
function F.place(bf, st)
  for _, sec in ipairs(st.sections) do
    sec.fid = bf:add_terrain(F.feature(sec))
    sec.pid = bf:add_terrain(F.parapet_feature(sec))
  end
end

-- How many times a state of `st`'s sections has changed (F.set_state is
-- the only place one changes): what is worked out from the states alone
-- may be kept until this moves (commander_gaps.lua's gaps). Weak-keyed, not
-- in `st`: the fortifications are saved and logged as they are.
local changes_of = setmetatable({}, { __mode = "k" })
function F.changes(st) return changes_of[st] or 0 end

-- Changes a section's state on the table (logged as terrain_changed, drawn
-- by the replay).
function F.set_state(bf, st, i, state)
  if not F.STATES[state] then error("sieges.fortifications: no state '" .. tostring(state) .. "'", 2) end
  local sec = st.sections[i]
  if sec.state == state then return false end
  sec.state = state
  changes_of[st] = (changes_of[st] or 0) + 1
  local f = F.feature(sec)
  bf:change_terrain(sec.fid, { type = f.type, blocks_los = f.blocks_los, height = f.height, siege_state = state })
  bf:change_terrain(sec.pid, { blocks_move = F.blocks(sec) })
  return true
end

-- Point in a fort's ring (even-odd rule).
-- WHY the box: this is asked of every unit many times a period. A point
-- more than 1 mm outside the ring's bounds is outside by the even-odd rule
-- too (above or below: no edge spans its y; to the right: no crossing lies
-- beyond it; to the left: every spanning edge is crossed, an even number),
-- the 1 mm keeping the crossings' rounding out of it. A ring never changes
-- (a weak-keyed cache, as F.outward's).
local bounds_of = setmetatable({}, { __mode = "k" })
local function ring_bounds(ring)
  local b = bounds_of[ring]
  if not b then
    local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
    for _, p in ipairs(ring) do
      x0, y0, x1, y1 = math.min(x0, p[1]), math.min(y0, p[2]), math.max(x1, p[1]), math.max(y1, p[2])
    end
    b = { x0 - 1, y0 - 1, x1 + 1, y1 + 1 }
    bounds_of[ring] = b
  end
  return b
end
function F.inside(fort, x, y)
  local ring = fort.ring
  local b = ring_bounds(ring)
  if x < b[1] or y < b[2] or x > b[3] or y > b[4] then return false end
  local inside = false
  local j = #ring
  for i = 1, #ring do
    local xi, yi, xj, yj = ring[i][1], ring[i][2], ring[j][1], ring[j][2]
    if (yi > y) ~= (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi then inside = not inside end
    j = i
  end
  return inside
end

-- The fort (index) whose ring holds a point, or nil.
function F.fort_at(st, x, y)
  for i, f in ipairs(st.forts) do if F.inside(f, x, y) then return i end end
  return nil
end

-- Work of a tool on a section: "Turf walls are immune to the ram"; a ram or
-- axes on a gate or palisade, a ram on a wall or tower, stone-throwers'
-- hits on walls, towers and palisades. Returns the new state once the job is
-- done (breached; untenable for a tower), else nil.
function F.batter(st, i, tool, fp)
  local sec = st.sections[i]
  if not F.blocks(sec) and sec.state ~= "untenable" then return nil end
  if not works.may_destroy(F.KINDS[sec.kind].destroy, tool) then return nil end
  if works.work(sec.job, fp) then return works.DESTRUCTION[F.KINDS[sec.kind].destroy].result end
  return nil
end

-- Sections next to section i in its ring (for "a tower rendered untenable
-- ... placing a breach card on the wall adjacent to it").
function F.neighbours(st, i)
  local sec = st.sections[i]
  local list = st.forts[sec.fort].sections
  for n, j in ipairs(list) do
    if j == i then return list[(n - 2) % #list + 1], list[n % #list + 1] end
  end
end

return F
