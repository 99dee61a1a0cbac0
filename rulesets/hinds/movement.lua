-- Hinds' turn, §2 MOVEMENT: allowances from the table, the hexagons a move
-- reaches, the carry toward the next hexagon, the commander's orders and a
-- side's movement (flight, rally and pursuit first, then the orders).

local tables = require("hinds.tables")
local troops = require("hinds.troops")
local H = require("hinds.hexes")
local turn = require("hinds.board")

local say, log, label = turn.say, turn.log, turn.label
local HEX = H.HEX_UNITS
local floor = math.floor
local function tinfo(G, q, r) return turn.tinfo(G, q, r) end

---------------------------------------------------------------------------
-- Movement allowances (§2)

-- The allowance of a move in distance units. how = "forward" | "turned" |
-- "rear" | "charge" | "flight"; rough = the move enters rough ground;
-- road = the whole move is along a road in column; throwing = archers or
-- slingers that cast this turn.
local NO_OPTS = {}   -- (read only: no new table when a caller gives no options)
function turn.allowance(d, how, opts)
  opts = opts or NO_OPTS
  local mt = troops.movement_type(d)
  local row = tables.movement[mt]
  local MR = tables.move_rules
  local a
  if how == "charge" then a = row.charge
  elseif how == "flight" then
    if d.shields_thrown then a = MR.shields_thrown
    elseif (d.flight_moves or 0) == 0 then a = row.retreat
    else a = row.charge end
  elseif how == "turned" then a = row.turn90
  elseif how == "rear" then a = row.retreat
  else a = row.move end
  if d.formation == "testudo" then a = MR.testudo end
  if opts.road and (d.formation == "march" or d.formation == "column") then a = a + MR.road_bonus end
  if opts.rough then a = a - MR.rough_loss[troops.weight(d)] end
  if opts.throwing and troops.light_missile(d) or (opts.throwing and d.missile == "bow") or (opts.throwing and d.missile == "sling") then
    a = a * MR.missile_fraction
  end
  if a < MR.minimum then a = MR.minimum end
  return a
end

-- Hexes reachable by d in a move: steps only through the hexsides that are
-- `dirs` ("front" or "rear") relative to `facing`. Returns a list of
-- { q, r, steps, rough, road } in breadth-first order (deterministic), the
-- start excluded; rough: the path enters rough ground; road: the whole path
-- (its start too) is on road hexes. max_steps(rough, road) gives the steps
-- allowed.
-- Which of the six directions are `dirs` for a unit facing `facing`, as
-- the list of their indices in H.DIRS's order, remembered per facing
-- (H.relative is a pure function of the two): the search below asked it
-- six times for every hexagon it expanded.
local dir_masks = {}
local function dir_mask(facing, dirs)
  local per = dir_masks[dirs]
  if not per then per = {}; dir_masks[dirs] = per end
  local m = per[facing]
  if not m then
    m = {}
    for i = 1, 6 do if H.relative(facing, i) == dirs then m[#m + 1] = i end end
    per[facing] = m
  end
  return m
end

-- The search is breadth first with the list it returns as its queue (the
-- same order as a search level by level: every hexagon of a level is
-- listed before the next level's first).
-- The hexagons a search has listed and whether each is free, kept in two
-- tables for every search (each search has its own number: a hexagon is
-- "seen" or its freedom known only for the search whose number it holds)
-- instead of two new tables grown hexagon by hexagon for each search.
local seen_in, free_in, free_val, search_no = {}, {}, {}, 0

function turn.reachable(G, d, facing, dirs, max_steps)
  local dq, dr = d.q, d.r
  local start = H.key(dq, dr)
  local out = {}
  search_no = search_no + 1
  local sn = search_no
  local seen = seen_in
  seen[start] = sn
  local on_road = tinfo(G, dq, dr).road == true
  -- the steps over rough ground are asked only when the search first
  -- meets rough ground (max_steps is a pure function of its two answers:
  -- an allowance, which a module may wrap, for each)
  local limit_plain, limit_rough = max_steps(false, false), nil
  local road_plain, road_rough = limit_plain, nil
  if on_road then road_plain = max_steps(false, true) end
  local mask, DIRS = dir_mask(facing, dirs), H.DIRS
  -- whether a hexagon is free, asked once per hexagon and search (nothing
  -- moves while it runs). turn.free written out: the occupant first, then
  -- turn.passable, looked up once per search; turn.tinfo likewise (a
  -- module may wrap either). turn.rough_step written out too: it reads the
  -- board's own terrain and heights.
  local occ, passable, ti = G.occ, turn.passable, turn.tinfo
  local terrain, heights, TERRAIN = G.terrain, G.heights, tables.terrain
  local q, r, steps, rough, road = dq, dr, 0, false, on_road
  local i, n = 0, 0
  while true do
    if i == 0 or not ti(G, q, r).stream then   -- a stream ends the move (not the start's)
      for k6 = 1, #mask do
        local dir = DIRS[mask[k6]]
        local nq, nr = q + dir[1], r + dir[2]
        local k = (nq + 512) * 1024 + (nr + 512)   -- H.key, written out
        if seen[k] ~= sn then
          local free
          if free_in[k] == sn then free = free_val[k]
          else free = occ[k] == nil and passable(G, d, nq, nr); free_in[k], free_val[k] = sn, free end
          if free then
            local rgh = rough
            if not rgh then
              local t = TERRAIN[terrain[k] or "clear"]
              if t.rough == "uphill" then
                local h0 = heights and heights[(q + 512) * 1024 + (r + 512)] or 0
                rgh = (heights and heights[k] or 0) > h0
              else
                rgh = t.rough == true
              end
            end
            local rd = road and ti(G, nq, nr).road == true
            local lim
            if rgh then
              if rd then
                if not road_rough then road_rough = max_steps(true, true) end   -- (a road path starts on a road)
                lim = road_rough
              else
                if not limit_rough then limit_rough = max_steps(true, false) end
                lim = limit_rough
              end
            else
              lim = rd and road_plain or limit_plain
            end
            if steps + 1 <= lim then
              seen[k] = sn
              n = n + 1
              out[n] = { nq, nr, steps + 1, rgh, rd }
            end
          end
        end
      end
    end
    i = i + 1
    local f = out[i]
    if not f then break end
    q, r, steps, rough, road = f[1], f[2], f[3], f[4], f[5]
  end
  return out
end

local function steps_for(units) return floor(units / HEX + 1e-9) end
turn.steps_for = steps_for

-- The carry (the inch-and-hex reading of §2, docs/rulesets/hinds.md):
-- distance units a unit has gathered toward the next hexagon while moving
-- on in one facing and one direction ("front", or "rear" for moves to the
-- rear); always less than a hexagon, so a move of a units never crosses
-- more than ceil(a / 6) hexagons in a turn.
local function carried(d, facing, dir)
  if d.carry_facing == facing and (d.carry_dir or "front") == dir then return d.carry or 0 end
  return 0
end
turn.carried = carried

local function keep_carry(d, left, facing, dir)
  if left < 0 or left >= HEX - 1e-9 then left = 0 end
  d.carry, d.carry_facing = left, facing
  d.carry_dir = dir ~= "front" and dir or nil
end

-- The hexes d can reach with a move `how` ("forward", "turned" to
-- `facing`, "rear"): the reach (turn.reachable), units(rough, road) the
-- distance units the move has (allowance and carry) and the direction.
-- A turned move starts afresh in its new facing (the carry is lost).
--
-- While a unit is being ordered (turn.move_side: the commander's choice,
-- then turn.order), nothing on the board moves, so the reach of a move is
-- the same each time it is asked: it is worked out once (the commander
-- weighs it, turn.order checks the order against it). Callers only read it.
local ordering = setmetatable({}, { __mode = "k" })   -- G -> { uid, reach = { [key] = { reach, units, dir } }, charge = memo }

-- The memory of the unit being ordered now, if it is d: its move reaches
-- and its charge reach (turn.can_charge's reach_memo), or nil. Forgotten
-- if anything was placed or removed since (turn.place and turn.remove count
-- G.placements): a commander is meant only to read the board; one that
-- moves pieces while it chooses gets fresh searches.
local function begin(m, G)
  -- (m.reach and m.charge are made when first needed: most units ordered
  -- search nothing, or only one of the two)
  m.placements, m.reach, m.charge = G.placements or 0, nil, nil
  return m
end

function turn.order_memo(G, d)
  local m = ordering[G]
  if not (m and m.uid == d.uid) then return nil end
  if m.placements ~= (G.placements or 0) then begin(m, G) end
  return m
end

local HOW_CODE = { forward = 0, turned = 1, rear = 2 }
-- turn.allowance's options by [rough][road] (1 no, 2 yes), with and
-- without throwing: read only, not a new table per allowance asked
local function opts_of(throwing)
  local t = {}
  for a = 1, 2 do
    t[a] = {}
    for b = 1, 2 do t[a][b] = { rough = a == 2, road = b == 2, throwing = throwing } end
  end
  return t
end
local OPTS, OPTS_THROWING = opts_of(nil), opts_of(true)
function turn.move_reach(G, d, how, facing, throwing)
  facing = facing or d.facing
  local m = turn.order_memo(G, d)
  local key   -- a number (no string made): a whole-degree facing, the move's kind and throwing below 16
  local code = HOW_CODE[how]
  if m and code and facing % 1 == 0 then
    key = facing * 16 + code * 2 + (throwing and 1 or 0)
    local hit = m.reach and m.reach[key]
    if hit then return hit[1], hit[2], hit[3] end
  end
  local dir = how == "rear" and "rear" or "front"
  local carry = how == "turned" and 0 or carried(d, facing, dir)
  local opts = throwing and OPTS_THROWING or OPTS
  local function units(rough, road)
    return turn.allowance(d, how, opts[rough and 2 or 1][road and 2 or 1]) + carry
  end
  local reach = turn.reachable(G, d, facing, dir, function(rough, road) return steps_for(units(rough, road)) end)
  if key then
    local mr = m.reach
    if not mr then mr = {}; m.reach = mr end
    mr[key] = { reach, units, dir }
  end
  return reach, units, dir
end

---------------------------------------------------------------------------
-- Orders

-- Carries out a commander's order for a free unit: { kind = "hold",
-- facing = f } | { kind = "move", q =, r =, facing =, how = "forward" |
-- "turned" | "rear", throwing = } | { kind = "move_wait", how =, facing =,
-- throwing = } (the move gathered toward the next hexagon) | { kind =
-- "charge", target = uid } | { kind = "formation", formation = }. An
-- illegal order is reported and the unit holds.
--
-- §2 "Any tactical unit turning at right angles to its original facing at
-- the start of the move will loose 1/2 of its basic movement factor. A move
-- to the rear costs 1/2 the basic movement factor": a turned move has the
-- 90-turn allowance in its new facing, a move to the rear the retreat
-- allowance; what is left of either short of a hexagon is carried to the
-- next move in that facing and direction. A hold that changes facing is a
-- turned move that crosses no hexagon.
function turn.order(G, uid, o)
  local d = G.D[uid]
  if not o or o.kind == "hold" then
    if o and o.facing and o.facing ~= d.facing then
      -- turning in place: every 90-turn value is within 3/4 of the basic
      -- move, so archers and slingers that turn may still cast
      return turn.order(G, uid, { kind = "move_wait", how = "turned", facing = o.facing, in_place = true })
    end
    d.carry = 0
    return
  end
  if o.kind == "charge" then
    local ok, why = turn.charge(G, uid, o.target)
    if not ok then say(G, "  %s cannot charge: %s.", label(d), why) end
    return
  end
  if o.kind == "formation" then
    d.formation = o.formation
    d.carry = 0
    d.moved = true
    say(G, "  %s forms %s.", label(d), o.formation)
    return
  end
  local how = o.how or "forward"
  local facing = how == "turned" and o.facing or d.facing
  if how == "turned" and facing == d.facing then how = "forward" end
  if o.kind == "move_wait" then
    -- a slow mover gathers its move toward the next hexagon (the text's
    -- moves are in inches; a hexagon is six)
    local dir = how == "rear" and "rear" or "front"
    local carry = how == "turned" and 0 or carried(d, facing, dir)
    local total = turn.allowance(d, how, { throwing = o.throwing }) + carry
    if how == "turned" then turn.place(G, uid, d.q, d.r, facing, "turned") end
    keep_carry(d, total, facing, dir)
    d.moved, d.moved_how = true, how
    d.threw_limit = (o.throwing or o.in_place) and true or false
    return
  end
  -- a move
  local reach, units, dir = turn.move_reach(G, d, how, facing, o.throwing)
  local dest
  for _, h in ipairs(reach) do
    if h[1] == o.q and h[2] == o.r then dest = h; break end
  end
  if not dest then
    if #reach == 0 and H.distance(d.q, d.r, o.q, o.r) == 1 then
      -- not a hexagon's worth yet: the move is gathered toward it
      return turn.order(G, uid, { kind = "move_wait", how = how, facing = facing, throwing = o.throwing })
    end
    say(G, "  %s cannot reach that hex this move; it holds.", label(d))
    d.carry = 0
    return
  end
  turn.place(G, uid, dest[1], dest[2], facing, how)
  keep_carry(d, units(dest[4], dest[5]) - dest[3] * HEX, facing, dir)
  d.moved = true
  d.moved_how = how
  d.threw_limit = o.throwing and true or false
  if tinfo(G, dest[1], dest[2]).stream then
    d.delay = tables.move_rules.ford_delay_moves
    d.carry = 0
    say(G, "  %s fords the stream: delayed one move.", label(d))
  end
  if G.log then log(G, "move", { unit = uid, q = dest[1], r = dest[2], facing = d.facing }) end   -- (no table without a log)
end

-- One side's movement: flight, rally, pursuit, then the commander's orders
-- for every free unit, in army order.
function turn.move_side(G, s)
  local side = G.sides[s]
  say(G, "%s moves.", side.name)
  for _, uid in ipairs(turn.units(G, s)) do
    local d = G.D[uid]
    if d.state == "fleeing" then turn.try_rally(G, uid) end
    if d.state == "fleeing" or d.state == "leaving" then
      if not d.combat then turn.flee(G, uid) end
    end
  end
  for _, uid in ipairs(turn.units(G, s)) do
    local d = G.D[uid]
    if d.state == "ready" and d.pursuing and not d.combat then turn.pursue(G, uid) end
  end
  local cmd = side.commander
  for _, uid in ipairs(turn.units(G, s)) do
    local d = G.D[uid]
    if d.state == "ready" and not d.combat and not d.moved then
      if d.occupy and d.occupy_turn < G.turn and G.occ[H.key(d.occupy_q, d.occupy_r)] == d.occupy then
        d.carry = 0   -- waits for the vanquished to leave its ground
      elseif d.delay and d.delay > 0 then
        d.delay = d.delay - 1
      elseif d.regroup_turn and d.regroup_turn >= G.turn then
        d.carry = 0
      else
        ordering[G] = begin({ uid = uid }, G)
        turn.order(G, uid, cmd.order(G, uid))
        ordering[G] = nil
      end
    end
  end
end

return turn
