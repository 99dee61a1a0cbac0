-- The sieges module in WRG 1973, the default commander's assault plan: which
-- stretch of the enemy's wall each besieging unit with siege kit attacks,
-- and where it deploys so that its approach is a straight advance onto it.
--
-- WHY: a unit that deploys anywhere along its edge and then steers round
-- towers, ditches and friends to reach its wall swung its facing period
-- after period and often stood stuck behind a corner (Amida: 13.7% of
-- ordered moves went nowhere; the camp's ram party 0.59 facing swings a
-- battle). A besieger chooses where to assault before the battle: each
-- ladder party, ram and fire party is given its own lane, deployed square
-- opposite it, and walks straight in.
--
-- A "stretch" is a run of consecutive sections of one kind group on one
-- straight line of the fort facing the besieger's edge: the walls (or
-- palisades, turf walls) between two towers or gates, or one gate.
-- Assignment (the commander's choice, not a rule): rams to gates (else the
-- longest palisade or wall stretch), ladders to the longest wall stretches
-- ladders reach, one unit each, fire parties to flammable stretches (a
-- palisade, else a gate) not taken by ladders. A unit with kit for which no
-- stretch is left keeps its place and kit and follows (the reserve).
local forts = require("modules.sieges.fortifications")
local materials = require("modules.sieges.materials")

local L = {}

-- The stretches of the forts side `s` besieges that face its edge (the
-- outward normal within about 45 degrees of the way to the edge).
function L.stretches(S, s)
  local ey = s == 1 and -1 or 1
  local out = {}
  for _, fort in ipairs(S.forts.forts) do
    if fort.defender ~= s then
      local cur
      for _, i in ipairs(fort.sections) do
        local sec = S.forts.sections[i]
        local ox, oy = forts.outward(sec)
        local group = sec.kind == "gate" and "gate" or (sec.kind == "tower" and "tower" or "wall")
        -- (and, for ladders only, the walls of the two side faces: the
        -- garrison mans the faces towards the besieger, garrison.lua)
        local side_face = math.abs(oy) < 0.3 and group == "wall"
        if (oy * ey > 0.7 or side_face) and group ~= "tower" then
          if cur and cur.group == group and group ~= "gate" and math.abs(cur.ox - ox) < 1e-6 and math.abs(cur.oy - oy) < 1e-6
            and math.abs(cur.b[1] - sec.from[1]) < 1e-6 and math.abs(cur.b[2] - sec.from[2]) < 1e-6 then
            cur.b = { sec.to[1], sec.to[2] }
            cur.sections[#cur.sections + 1] = i
          else
            cur = { group = group, kind = sec.kind, a = { sec.from[1], sec.from[2] }, b = { sec.to[1], sec.to[2] },
                    ox = ox, oy = oy, sections = { i }, facing = forts.facing_in(sec), side_face = side_face or nil }
            out[#out + 1] = cur
          end
        else
          cur = nil
        end
      end
    end
  end
  for n, st in ipairs(out) do
    st.n = n
    st.length = math.sqrt((st.b[1] - st.a[1]) ^ 2 + (st.b[2] - st.a[2]) ^ 2)
    st.mx, st.my = (st.a[1] + st.b[1]) / 2, (st.a[2] + st.b[2]) / 2
    -- the middle section: the one the party is brought against first
    st.target = st.sections[(#st.sections + 1) // 2]
  end
  return out
end

-- The lane a stretch gives a unit: the point its centre makes for (its
-- front 1 mm off the face, centred on the stretch), its facing there, and
-- the section it works against first.
-- A side face's lane has a waypoint `via`: the unit walks straight towards
-- the enemy's edge clear of the fort's corner (its frontage plus 45 mm out
-- from the face: a ditch before the front ends at most 40 mm past the
-- corner at the camp), level with the stretch's middle, then turns to face
-- the wall and goes in. WHY: a party steering round a corner tower stuck
-- there (session six).
L.SIDE_CLEAR_MM = 45
-- How many ladder parties go round to the side faces (the longest first,
-- one a stretch). WHY one (session seven, 50 battles each): with a party
-- on each side face the besieger won the camp 82 % at 32 periods and the
-- steppe post every battle; with one, the camp at 48 periods 28 % (the
-- garrison 68 %), decided 90 %.
L.SIDE_PARTIES = 1
local function lane_of(st, depth, width)
  local lane = { x = st.mx + st.ox * (depth / 2 + 1), y = st.my + st.oy * (depth / 2 + 1), facing = st.facing,
                 target = st.target, stretch = st.n, half = st.length / 2 }
  if st.side_face then
    lane.via = { x = st.mx + st.ox * (width / 2 + L.SIDE_CLEAR_MM), y = st.my + st.oy * (width / 2 + L.SIDE_CLEAR_MM) }
  end
  return lane
end

-- Gives each unit with kit (specs[i].siege: ram, ladders, fire) a lane:
-- writes specs[i].siege.lane and .target. Returns the list of stretches.
function L.assign(S, s, specs)
  local list = L.stretches(S, s)
  local taken = {}
  local function longest(ok)
    local best
    for _, st in ipairs(list) do
      if not taken[st.n] and ok(st) and (not best or st.length > best.length + 1e-6) then best = st end
    end
    return best
  end
  local function give(d, st)
    taken[st.n] = true
    d.siege.lane = lane_of(st, d.dp, d.w)
    d.siege.target = st.target
  end
  for _, d in ipairs(specs) do
    local k = d.siege
    if k and k.ram then
      local st = longest(function(x) return x.group == "gate" end)
        or longest(function(x) return x.kind ~= "turf_wall" and not x.side_face end)
      if st then give(d, st) end
    end
  end
  -- ladders: the side faces first, which the garrison leaves unmanned
  -- (garrison.lua mans the faces towards the besieger), so that the
  -- garrison must come off its front to meet them; then the front. Not a
  -- siege engine's pushers (their engine comes up the front lane).
  local pushers = {}
  for _, e in ipairs((S.spec and S.spec.siege and S.spec.siege.engines) or {}) do
    if e.pushers then pushers[e.pushers] = true end
  end
  local sides = 0
  for _, d in ipairs(specs) do
    local k = d.siege
    if k and (k.ladders or 0) > 0 and not k.lane then
      local function fits(x) return x.group == "wall" and materials.ladder_reaches(x.kind) and x.length >= d.w * 0.5 end
      local st = (not pushers[d.id] and sides < L.SIDE_PARTIES and longest(function(x) return x.side_face and fits(x) end))
        or longest(function(x) return not x.side_face and fits(x) end)
      if st then
        if st.side_face then sides = sides + 1 end
        give(d, st)
      end
    end
  end
  for _, d in ipairs(specs) do
    local k = d.siege
    if k and k.fire and not k.lane then
      local st = longest(function(x) return x.group == "wall" and not x.side_face and forts.KINDS[x.kind].flammable end)
        or longest(function(x) return not x.side_face and forts.KINDS[x.kind].flammable end)
      if st then give(d, st) end
    end
  end
  return list
end

-- The storming column: the units without kit that are not skirmishers or
-- engines wait one behind another on the ram's lane (the gate), the first
-- 80 paces from the wall (outside bowshot of most foot: WRG's javelins and
-- darts), each next 10 mm behind the one before, so that when the gate is
-- broken (or the wall beside it falls) they go straight in. Writes
-- specs[i].siege.column = { x, y, facing } (their waiting places).
L.COLUMN_PACES = 80
function L.column(specs, mm_per_pace)
  local lane
  for _, d in ipairs(specs) do if d.siege and d.siege.ram and d.siege.lane then lane = d.siege.lane end end
  if not lane then return end
  local a = math.rad(lane.facing)
  -- outward from the wall: against the facing of troops facing in
  local ox, oy = math.sin(a), -math.cos(a)
  -- the lane's point on the face (lane.x, lane.y is the ram's centre)
  local fx, fy
  for _, d in ipairs(specs) do
    if d.siege and d.siege.lane == lane then fx, fy = lane.x - ox * (d.dp / 2 + 1), lane.y - oy * (d.dp / 2 + 1) end
  end
  local back = L.COLUMN_PACES * mm_per_pace
  for _, d in ipairs(specs) do
    local k = d.siege or {}
    -- (light infantry, whose order will be to skirmish, stand off and shoot)
    if not (k.lane or k.ram or (k.ladders or 0) > 0 or k.fire or k.batter or k.caltrops) and d.type ~= "ENG"
      and d.type ~= "LI" and d.order ~= "skirmish" then
      d.siege = k
      k.column = { x = fx + ox * (back + d.dp / 2), y = fy + oy * (back + d.dp / 2), facing = lane.facing }
      back = back + d.dp + 10
    end
  end
end

local function box(x, y, w, dp) return { x = x, y = y, w = w, h = dp } end
local function overlaps(a, b)
  return math.abs(a.x - b.x) * 2 < a.w + b.w + 6 and math.abs(a.y - b.y) * 2 < a.h + b.h + 6
end

-- The deployment: units with a lane stand square opposite it on their own
-- row of the base plan (the same distance from the edge); the others keep
-- their places, moved along their row to the nearest free place if a lane
-- unit took it. READING: the base plan's rows are inside the deployment
-- zone and a move along a row keeps a unit in it; the table's width bounds
-- the search.
function L.deploy(G, s, specs, plan, width)
  local out, placed = {}, {}
  local facing = s == 1 and 0 or 180
  -- the nearest free place along the row from x (10 mm steps)
  local function free(x0, y, bw, bh)
    for step = 0, math.ceil(width / 10) do
      for _, sgn in ipairs(step == 0 and { 1 } or { 1, -1 }) do
        local x = x0 + sgn * step * 10
        if x - bw / 2 >= 1 and x + bw / 2 <= width - 1 then
          local b = box(x, y, bw, bh)
          local ok = true
          for _, q in ipairs(placed) do if overlaps(b, q) then ok = false; break end end
          if ok then placed[#placed + 1] = b; return x end
        end
      end
    end
    return nil
  end
  -- lane units first, from their lane; one pushed along the row keeps the
  -- new line if its centre still faces its stretch (a straight walk in)
  for _, p in ipairs(plan) do
    local d = specs[p.index]
    local lane = d.siege and d.siege.lane
    if lane and lane.via then
      -- a side face: on its row, on the line of its waypoint, facing the
      -- enemy's edge (pushed along the row only outwards, away from the fort)
      local x
      local out_x = lane.via.x > lane.x and 1 or -1
      for step = 0, math.ceil(width / 10) do
        local cx = lane.via.x + out_x * step * 10
        if cx - d.w / 2 < 1 or cx + d.w / 2 > width - 1 then break end
        local b = box(cx, p.y, d.w, d.dp)
        local ok = true
        for _, q in ipairs(placed) do if overlaps(b, q) then ok = false; break end end
        if ok then placed[#placed + 1] = b; x = cx; break end
      end
      if x then
        lane.via.x = x
        out[#out + 1] = { index = p.index, x = x, y = p.y, facing = facing }
      else
        out[#out + 1] = p
      end
    elseif lane then
      local x = free(lane.x, p.y, d.w, d.dp)
      if x then
        if math.abs(x - lane.x) <= lane.half then lane.x = x end
        out[#out + 1] = { index = p.index, x = x, y = p.y, facing = lane.facing }
      else
        out[#out + 1] = p
      end
    end
  end
  -- the storming column's file: on the ram's lane, behind the rear of
  -- the parties already placed (nearer the column's own edge)
  local file
  for _, o in ipairs(out) do
    if specs[o.index].siege.ram then file = { x = o.x, sign = s == 1 and 1 or -1 } end
  end
  if file then
    for _, q in ipairs(placed) do
      local rear = q.y - file.sign * q.h / 2
      if not file.y or rear * file.sign < file.y * file.sign then file.y = rear end
    end
    file.back = 0
  end
  -- the column's units first, in the column's order (L.column: spec order),
  -- so that the file stands in the order its units take their waiting
  -- places (Amida's Savaran stood in file before the Daylami whose place
  -- was ahead of theirs, and neither could pass the other)
  local order = {}
  for _, p in ipairs(plan) do order[#order + 1] = p end
  if file then table.sort(order, function(a, b)
    local ca = specs[a.index].siege and specs[a.index].siege.column and 0 or 1
    local cb = specs[b.index].siege and specs[b.index].siege.column and 0 or 1
    if ca ~= cb then return ca < cb end
    return a.index < b.index
  end) end
  for _, p in ipairs(order) do
    local d = specs[p.index]
    if not (d.siege and d.siege.lane) then
      local a = math.rad(p.facing or facing)
      local bw = math.abs(math.cos(a)) * d.w + math.abs(math.sin(a)) * d.dp
      local bh = math.abs(math.sin(a)) * d.w + math.abs(math.cos(a)) * d.dp
      -- the storming column (L.column) deploys in file behind the ram
      -- party (nearer its own edge: inside its zone), not where the base
      -- plan put it: the camp's reserve started at the table's east end
      -- and reached the gate, broken in the second period, in the ninth,
      -- after the garrison had closed it with an abatis
      local col = d.siege and d.siege.column
      local y = col and file and file.y - file.sign * (file.back + 10 + d.dp / 2)
      if y and y - d.dp / 2 >= 1 and y + d.dp / 2 <= G.S.depth - 1 then
        local b = box(file.x, y, d.w, d.dp)
        local ok = true
        for _, q in ipairs(placed) do if overlaps(b, q) then ok = false; break end end
        if ok then
          placed[#placed + 1] = b
          out[#out + 1] = { index = p.index, x = file.x, y = y, facing = col.facing }
          file.y, file.back = y, d.dp / 2
        else
          y = nil
        end
      else
        y = nil
      end
      if not y then
        -- its own row, else a row further back towards its own edge
        -- (session seven: a ladder party's side-face place took the room
        -- of the row's last unit, which then kept its base place on top of
        -- a friend -- the referee's overlap in the Claudian campaign's
        -- siege, seed 4545540191844069310)
        local back = s == 1 and -1 or 1
        local placed_at
        for k = 0, 6 do
          local ry = p.y + back * k * (bh + 10)
          if ry - bh / 2 < 1 or ry + bh / 2 > G.S.depth - 1 then break end
          local x = free(p.x, ry, bw, bh)
          if x then placed_at = { index = p.index, x = x, y = ry, facing = p.facing }; break end
        end
        out[#out + 1] = placed_at or p
      end
    end
  end
  table.sort(out, function(a, b) return a.index < b.index end)
  return out
end

return L
