-- The referee's checks for Hinds' rules (lib.referee calls them after every
-- phase of a battle run with --referee; they cost nothing otherwise).
--
-- allowance(G, uid, kind): how far (mm, centre to centre) a move of `kind`
-- may carry a unit, from §2's table in distance units (inches) turned into
-- hexagons: a move of a units crosses at most ceil(a / 6) hexagons in a
-- turn (what is short of a hexagon is carried to the next move, always less
-- than a hexagon: turn.carried), and a path of n hexagons moves the centre
-- at most n x 152.4 mm.
--
-- Invariants (docs/rulesets/hinds.md, "The referee"):
--   one_per_hex      one tactical unit to a hexagon, standing at its centre
--   hexes_per_turn   no unit ends a turn further (in hexagons) from where it
--                    began it than the moves it declared allow
--   retreat_away     a unit in flight or withdrawing ends its retreat no
--                    nearer the enemy than the hexagon it left (the enemy as
--                    it stood when the retreat began) and no further from
--                    its own edge
--   passable         no unit stands on ground closed to it (§2)
--   leave_field      after the retreat & pursuit phase no unit under half
--                    strength is still in action (§4 Retreat & Pursuit)
--   regroup          no pursuer goes on after its two pursuit moves (light
--                    cavalry excepted)
local troops = require("hinds.troops")
local morale = require("hinds.morale")
local setup = require("hinds.setup")
local turn = require("hinds.turn")
local H = require("hinds.hexes")

local R = {}

local ceil, max = math.ceil, math.max

-- Hexagons a move of `kind` may cross in one turn, or nil (no limit known).
function R.hexes(G, uid, kind)
  local d = G.D[uid]
  if not d then return nil end
  local units
  if kind == "forward" then units = turn.allowance(d, "forward", { road = true })
  elseif kind == "turned" then units = turn.allowance(d, "turned")
  elseif kind == "rear" then units = turn.allowance(d, "rear")
  elseif kind == "charge" or kind == "pursuit" then units = turn.allowance(d, "charge")
  elseif kind == "flight" then
    -- the move just made was flight move number flight_moves (the first:
    -- the turn about at the retreat value; then the charge move)
    local n = d.flight_moves or 1
    d.flight_moves = max(0, n - 1)
    units = turn.allowance(d, "flight")
    d.flight_moves = n
  elseif kind == "withdraw" or kind == "occupy" then
    return 1    -- a designated retreat shifts one hexagon; the victor steps into the vanquished's
  else
    return nil
  end
  return ceil(units / H.HEX_UNITS - 1e-9)
end

function R.allowance(G, uid, kind)
  local n = R.hexes(G, uid, kind)
  return n and n * H.SIZE or nil
end

-- The referee's memory between phases (kept on G, only when it watches).
local function memo(G)
  local m = G.referee_hinds
  if not m then
    m = { hex = {}, turn_hex = {}, turn_kinds = {}, turn = 0 }
    G.referee_hinds = m
  end
  return m
end

local function live(G)
  local out = {}
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      if G.D[uid].state ~= "gone" then out[#out + 1] = uid end
    end
  end
  return out
end

-- Hexagons from (q, r) to the nearest of `hexes`.
local function nearest_from(hexes, q, r)
  local best
  for _, h in ipairs(hexes) do
    local dist = H.distance(q, r, h[1], h[2])
    if not best or dist < best then best = dist end
  end
  return best
end

-- Rows between a hex and a side's own edge.
local function from_edge(G, s, r)
  local _, row = H.offset(0, r)
  if setup.facing(s) == 0 then return row end
  return G.B.rows - 1 - row
end

local function has(kinds, k)
  for _, x in ipairs(kinds or {}) do if x == k then return true end end
  return false
end

R.invariants = {
  { id = "one_per_hex", section = "Hinds introduction (one tactical unit to a hexagon)",
    text = "one unit to a hexagon, at its centre",
    check = function(G)
      local seen, out = {}, nil
      for _, uid in ipairs(live(G)) do
        local d = G.D[uid]
        local k = H.key(d.q, d.r)
        local x, y = G.bf:pos(uid)
        local cx, cy = H.centre(G.B, d.q, d.r)
        local problem
        if seen[k] then
          problem = { unit = uid, expected = "one unit to a hexagon",
                      found = string.format("unit %d shares hexagon (%d, %d)", seen[k], d.q, d.r) }
        elseif G.occ[k] ~= uid then
          problem = { unit = uid, expected = "the board's record of hexagon (" .. d.q .. ", " .. d.r .. ") names it",
                      found = "it names " .. tostring(G.occ[k]) }
        elseif (x - cx) ^ 2 + (y - cy) ^ 2 > 1 then
          problem = { unit = uid, expected = string.format("at the centre of its hexagon (%.1f, %.1f)", cx, cy),
                      found = string.format("at (%.1f, %.1f)", x, y) }
        end
        seen[k] = uid
        if problem then out = out or {}; out[#out + 1] = problem end
      end
      return out
    end },
  { id = "passable", section = "Hinds §2 (swamps, dense forests, obstacles, streams)",
    text = "no unit on ground closed to it",
    check = function(G)
      local out
      for _, uid in ipairs(live(G)) do
        local d = G.D[uid]
        if not turn.passable(G, d, d.q, d.r) then
          out = out or {}
          out[#out + 1] = { unit = uid, expected = "ground it may enter",
                            found = string.format("%s on %s", troops.type_of(d), turn.terrain(G, d.q, d.r)) }
        end
      end
      return out
    end },
  { id = "retreat_away", section = "Hinds §4 Retreat & Pursuit (flight, designated retreats)",
    text = "a retreat moves away from the enemy",
    check = function(G, info)
      local out
      for _, uid in ipairs(live(G)) do
        local d = G.D[uid]
        local was, enemies
        -- the hexagon the retreat began from and where the enemy stood then
        -- (turn.flee and turn.withdraw note them): the first of the phase
        for _, n in ipairs(info.notes[uid] or {}) do
          if type(n) == "table" and n.retreat_from then was, enemies = n.retreat_from, n.enemies; break end
        end
        if was then
          local before = nearest_from(enemies or {}, was[1], was[2])
          local after = nearest_from(enemies or {}, d.q, d.r)
          if before and after and after < before then
            out = out or {}
            out[#out + 1] = { unit = uid, expected = string.format("no nearer the enemy than %d hexagons", before),
                              found = string.format("%d hexagons from the nearest enemy", after) }
          end
          if from_edge(G, d.side, d.r) > from_edge(G, d.side, was[2]) then
            out = out or {}
            out[#out + 1] = { unit = uid, expected = string.format("no further from its own edge than %d rows",
                              from_edge(G, d.side, was[2])), found = string.format("%d rows", from_edge(G, d.side, d.r)) }
          end
        end
      end
      return out
    end },
  { id = "leave_field", section = "Hinds §4 Retreat & Pursuit (under half strength)",
    text = "units under half strength leave the field",
    check = function(G, info)
      if info.name ~= "rout" then return nil end
      local out
      for _, uid in ipairs(live(G)) do
        local d = G.D[uid]
        if d.state == "ready" and morale.must_leave(d) then
          out = out or {}
          out[#out + 1] = { unit = uid, expected = "leaving the field", found = string.format("in action with %d of %d",
            troops.strength(d), d.start_figures + d.start_officers) }
        end
      end
      return out
    end },
  { id = "regroup", section = "Hinds §4 Retreat & Pursuit (two pursuit moves)",
    text = "pursuers stop to regroup after two pursuit moves",
    check = function(G)
      local out
      for _, uid in ipairs(live(G)) do
        local d = G.D[uid]
        if d.pursuing and (d.pursuit_moves or 0) > morale.pursuit_moves(d) then
          out = out or {}
          out[#out + 1] = { unit = uid, expected = string.format("at most %d pursuit moves", morale.pursuit_moves(d)),
                            found = string.format("%d", d.pursuit_moves) }
        end
      end
      return out
    end },
  -- last: it also remembers where everything stands for the next phase
  { id = "hexes_per_turn", section = "Hinds §2 (movement factors, the 90-turn and retreat table)",
    text = "movement per turn within the allowance in hexagons",
    check = function(G, info)
      local m = memo(G)
      local out
      if info.turn ~= m.turn then
        -- a new turn: it began where the last phase left everything
        m.turn, m.turn_kinds = info.turn, {}
        m.turn_hex = {}
        for uid, h in pairs(m.hex) do m.turn_hex[uid] = h end
      end
      -- each kind's allowance as it stood when the move was made (a second
      -- flight move has the charge value, a first the retreat value)
      for uid, kinds in pairs(info.moved) do
        local list = m.turn_kinds[uid] or {}
        for _, k in ipairs(kinds) do
          if list[k] == nil then
            list[#list + 1] = k
            list[k] = R.hexes(G, uid, k) or false
          end
        end
        m.turn_kinds[uid] = list
      end
      local ids = live(G)
      for _, uid in ipairs(ids) do
        local d = G.D[uid]
        local h = m.turn_hex[uid]
        if h and info.turn > 0 then
          local dist = H.distance(h[1], h[2], d.q, d.r)
          if dist > 0 then
            local allowed, limited = 0, true
            local list = m.turn_kinds[uid] or {}
            for _, k in ipairs(list) do
              local n = list[k]
              if not n then limited = false else allowed = allowed + n end
            end
            if limited and dist > allowed then
              out = out or {}
              out[#out + 1] = { unit = uid, expected = string.format("at most %d hexagons this turn (%s)", allowed,
                                table.concat(m.turn_kinds[uid] or {}, " + ")),
                                found = string.format("%d hexagons from where it began the turn", dist) }
            end
          end
        end
      end
      m.hex = {}
      for _, uid in ipairs(ids) do m.hex[uid] = { G.D[uid].q, G.D[uid].r } end
      return out
    end },
}

-- What counts as engaging for the battle-quality report (lib.quality):
-- missiles cast, charges into contact and the melee throws.
R.engaging_events = { "cast", "charge", "melee" }
-- The moves the commander orders (lib.quality's "moved 0" counts those that
-- changed neither the unit's place nor its facing): §2's moves forward,
-- turned and to the rear, and charges.
R.ordered_moves = { "forward", "turned", "rear", "charge" }

return R
