-- WRG 1973 SIEGE: MINING. Mines with a written aiming point kept from the
-- other side, countermines, and the fight underground.
--
--   local mining = require("modules.sieges.mining")
--   local st = mining.new()
--   local id = mining.start(st, { side = 1, from = {x, y}, aim = {x, y}, in_view = true, sheltered = true,
--                                 ground = "open" })
--   mining.dig(st, id, figures)           -- a period of work; returns paces advanced
--   mining.view(st, side)                 -- what that side's commander may know
--
-- Coordinates are in the caller's unit (the adapter uses paces, so 5 paces of
-- tunnel are 5 units). The state is plain data; the aiming points live in
-- st.secret[side], which only mining.view(st, side) of that side shows: a
-- commander is handed the view, never the state (the default commanders
-- read nothing else).
local M = {}

-- "The tunnel then requires 5 figure/periods to advance 5 paces, a maximum
-- of 10 figures being employed."
M.FP_PER_5_PACES = 5
M.MAX_MINERS = 10
-- "fighting underground with 3 figures per side lasts one period"
M.FIGHTERS = 3

function M.new() return { mines = {}, secret = { {}, {} }, log = {} } end

-- "Mining must commence from a penthouse or similar shelter, and the exact
-- aiming point of the tunnel written down and its progress recorded."
-- "If the starting point is in view of the defenders, the besieger must
-- declare when excavation starts." "A similar team can be employed by the
-- defenders to countermine. If this starts within the fortifications, its
-- commencement need not be announced." "Mining under water or marsh or
-- against turf walls is impossible."
-- spec: side, from, aim, counter (a countermine), sheltered (a penthouse or
-- similar shelter at the start; countermines start inside the fort),
-- in_view (the start seen by the other side), inside (starts within the
-- fortifications), ground ("water", "marsh" or another), target_kind (the
-- section aimed at, when known: "turf_wall" is impossible).
-- Returns the mine's id, or nil and why not.
function M.start(st, spec)
  if not spec.counter and not spec.sheltered then return nil, "mining must commence from a penthouse or similar shelter" end
  if spec.ground == "water" or spec.ground == "marsh" then return nil, "mining under water or marsh is impossible" end
  if spec.target_kind == "turf_wall" then return nil, "mining against turf walls is impossible" end
  local id = #st.mines + 1
  local dx, dy = spec.aim[1] - spec.from[1], spec.aim[2] - spec.from[2]
  local length = math.sqrt(dx * dx + dy * dy)
  local announced = (not spec.counter and spec.in_view == true) or (spec.counter == true and not spec.inside)
  st.mines[id] = { id = id, side = spec.side, counter = spec.counter == true, from = { spec.from[1], spec.from[2] },
                   progress = 0, announced = announced, collapsed = false, arrived = false, miners = 0 }
  -- the written aiming point and the tunnel's length: that side's own record
  st.secret[spec.side][id] = { aim = { spec.aim[1], spec.aim[2] }, length = length }
  st.log[#st.log + 1] = { what = "start", mine = id, side = spec.side, announced = announced }
  return id
end

-- A period's digging by `figures` (at most 10 count); returns the paces
-- advanced. The tunnel stops at its aiming point (mine.arrived).
function M.dig(st, id, figures, hours)
  local m = st.mines[id]
  if not m or m.collapsed or m.arrived then return 0 end
  local n = math.min(figures, M.MAX_MINERS)
  m.miners = n
  local paces = n * (hours or 1) * 5 / M.FP_PER_5_PACES
  local s = st.secret[m.side][id]
  local before = m.progress
  m.progress = math.min(s.length, m.progress + paces)
  if m.progress >= s.length - 1e-9 then m.arrived = true end
  return m.progress - before
end

-- Where a tunnel's head is now (the caller's units): side's own knowledge.
function M.head(st, id)
  local m = st.mines[id]
  local s = st.secret[m.side][id]
  if s.length <= 0 then return m.from[1], m.from[2] end
  local f = m.progress / s.length
  return m.from[1] + (s.aim[1] - m.from[1]) * f, m.from[2] + (s.aim[2] - m.from[2]) * f
end

-- What `side`'s commander may know: its own mines whole (aim included), the
-- other side's only where announced (start and that it is being dug), never
-- their aim or progress.
function M.view(st, side)
  local out = {}
  for _, m in ipairs(st.mines) do
    if m.side == side then
      local s = st.secret[side][m.id]
      out[#out + 1] = { id = m.id, own = true, counter = m.counter, from = { m.from[1], m.from[2] },
                        aim = { s.aim[1], s.aim[2] }, progress = m.progress, collapsed = m.collapsed, arrived = m.arrived }
    elseif m.announced and not m.collapsed then
      out[#out + 1] = { id = m.id, own = false, counter = m.counter, from = { m.from[1], m.from[2] } }
    end
  end
  return out
end

-- Segment intersection of the dug parts of two tunnels (the point, or nil).
local function cross(ax, ay, bx, by, cx, cy, dx, dy)
  local rx, ry, sx, sy = bx - ax, by - ay, dx - cx, dy - cy
  local den = rx * sy - ry * sx
  if math.abs(den) < 1e-12 then return nil end
  local t = ((cx - ax) * sy - (cy - ay) * sx) / den
  local u = ((cx - ax) * ry - (cy - ay) * rx) / den
  if t < -1e-9 or t > 1 + 1e-9 or u < -1e-9 or u > 1 + 1e-9 then return nil end
  return ax + t * rx, ay + t * ry
end

-- "If the countermine crosses the mine outside the fort, fighting underground
-- ...": the pairs (mine, countermine) whose dug tunnels cross at a point
-- `outside(x, y)` says is outside the fort.
function M.crossings(st, outside)
  local out = {}
  for _, m in ipairs(st.mines) do
    if not m.counter and not m.collapsed then
      for _, c in ipairs(st.mines) do
        if c.counter and not c.collapsed and c.side ~= m.side then
          local mx, my = M.head(st, m.id)
          local cx, cy = M.head(st, c.id)
          local x, y = cross(m.from[1], m.from[2], mx, my, c.from[1], c.from[2], cx, cy)
          if x and (not outside or outside(x, y)) then out[#out + 1] = { mine = m.id, counter = c.id, x = x, y = y } end
        end
      end
    end
  end
  return out
end

-- The fight underground: "fighting underground with 3 figures per side lasts
-- one period. If the counterminers have more casualties, their tunnel is
-- completely collapsed, if not, the mine tunnel. Half the miners from the
-- collapsed tunnel escape." `casualties_on_miners` and
-- `casualties_on_counterminers` come from the ruleset's hand-to-hand
-- combat of 3 figures a side. Returns { collapsed = id, lost = figures,
-- escaped = figures }.
function M.fight(st, pair, casualties_on_miners, casualties_on_counterminers)
  local loser = casualties_on_counterminers > casualties_on_miners and pair.counter or pair.mine
  local m = st.mines[loser]
  m.collapsed = true
  local escaped = m.miners // 2
  local out = { collapsed = loser, lost = m.miners - escaped, escaped = escaped }
  st.log[#st.log + 1] = { what = "fight", mine = pair.mine, counter = pair.counter, collapsed = loser }
  return out
end

return M
