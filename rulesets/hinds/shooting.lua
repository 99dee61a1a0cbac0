-- Hinds' turn, §3 MISSLE THROWS on the board: lines of cast, who may
-- cast, the missile phase, and resupply behind friendly forces.

local tables = require("hinds.tables")
local missiles = require("hinds.missiles")
local setup = require("hinds.setup")
local H = require("hinds.hexes")
local turn = require("hinds.board")

local say, log, label = turn.say, turn.log, turn.label

---------------------------------------------------------------------------
-- Missiles (§3)

-- Whether the cast from sh at tg is direct or indirect, or blocked by an
-- enemy in between. A line of centres that runs along hexsides passes
-- between two hexagons at each step: the caster takes the better of its
-- two sides (direct over indirect over blocked), so the same cast is
-- judged alike from either side of the board.
--
-- The hexagons between are H.between's. They depend only on the step from
-- caster to target (q2 - q1, r2 - r1) and the nudge, not on where the
-- caster stands (the nudges, 1e-6 and 2e-6 of a hexagon, are far above the
-- rounding of adding a whole coordinate, so the cube rounding picks the
-- same hexagons; tests/missiles_test.lua checks it against H.between over
-- a whole board): remembered per step and nudge as a list of differences of
-- H.key, so that a line costs a table read per hexagon between (the
-- commander weighs every cast within range of every caster each move).
local lines = {}   -- [nudge][step key] = { key differences in H.between's order }
local function line_offsets(dq, dr, e)
  local per = lines[e]
  if not per then per = {}; lines[e] = per end
  local sk = (dq + 512) * 1024 + (dr + 512)
  local out = per[sk]
  if out then return out end
  out = {}
  for i, h in ipairs(H.between(0, 0, dq, dr, e)) do out[i] = h[1] * 1024 + h[2] end
  per[sk] = out
  return out
end
turn.line_offsets = line_offsets

local function line_side(G, sh, tg, side)
  local indirect = false
  local q1, r1 = sh.q, sh.r
  local offs = line_offsets(tg.q - q1, tg.r - r1, side or 1)
  local base = (q1 + 512) * 1024 + (r1 + 512)   -- H.key, written out
  local occ, D = G.occ, G.D
  for i = 1, #offs do
    local o = occ[base + offs[i]]
    if o then
      if D[o].side ~= sh.side then return nil end
      indirect = true
    end
  end
  return indirect
end

function turn.line_of_cast(G, sh, tg)
  local a = line_side(G, sh, tg, 1)
  if a == false then return false end
  local b = line_side(G, sh, tg, -1)
  if b == false then return false end
  if a == nil then return b end
  return a
end

-- The situation of a cast (for missiles.table_for), or nil if no line.
-- The last one worked out is remembered (caster, target, battle and
-- G.placements: it depends only on where units stand, and every move goes
-- through turn.place): the missile phase asks again for the cast the
-- commander has just chosen. Callers only read it.
local last_sit = {}
function turn.cast_situation(G, sh, tg)
  local m = last_sit
  local placements = G.placements or 0
  if m.sh == sh and m.tg == tg and m.G == G and m.placements == placements and m.q == sh.q and m.r == sh.r
    and m.tq == tg.q and m.tr == tg.r then
    return m.sit
  end
  local sit = turn.cast_situation_of(G, sh, tg)
  m.sh, m.tg, m.G, m.placements, m.q, m.r, m.tq, m.tr, m.sit = sh, tg, G, placements, sh.q, sh.r, tg.q, tg.r, sit
  return sit
end

-- The same worked out anew.
function turn.cast_situation_of(G, sh, tg)
  local indirect = turn.line_of_cast(G, sh, tg)
  if indirect == nil then return nil end
  local near_friends = false
  if indirect then
    -- "against enemy forces no closer than two distance units from
    -- contact with friendly units": an enemy adjacent to a friend is 0 away
    -- (H.key written out: the commander weighs every cast in range)
    local occ, D, DIRS, base, side = G.occ, G.D, H.DIRS, (tg.q + 512) * 1024 + (tg.r + 512), sh.side
    for i = 1, 6 do
      local dir = DIRS[i]
      local o = occ[base + dir[1] * 1024 + dir[2]]
      if o and D[o].side == side then near_friends = true; break end
    end
  end
  return { gap = H.gap(H.distance(sh.q, sh.r, tg.q, tg.r)), indirect = indirect, target_near_friends = near_friends }
end

function turn.may_cast(G, d)
  if d.state ~= "ready" or d.non_combatant or not d.missile then return false end
  if missiles.casts_left(d) <= 0 then return false end
  -- archers and slingers that moved their full move do not throw
  if d.moved and d.moved_how and not d.threw_limit and (d.missile == "bow" or d.missile == "sling")
    and d.moved_how ~= "none" then return false end
  return true
end

function turn.missile_phase(G)
  local last = 3 - G.first
  local hits = {}
  for _, s in ipairs({ last, G.first }) do
    local cmd = G.sides[s].commander
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if turn.may_cast(G, d) then
        local target = cmd.missile_target(G, uid)
        if target then
          local tg = G.D[target]
          local sit = turn.cast_situation(G, d, tg)
          local r = sit and missiles.cast(d, tg, sit, G.dice)
          if r then
            if not tables.missiles[d.missile].long or sit.gap > tables.ranges.short then
              if not tables.missiles[d.missile].long then d.casts = (d.casts or 0) + 1 end
            end
            local lost = missiles.figures_lost(r, tg)
            hits[#hits + 1] = { target = target, lost = lost, dismounted = missiles.dismounted(r, tg) }
            tg.shot_turn = G.turn
            d.cast_turn = G.turn
            if G.log then log(G, "cast", { unit = uid, target = target, table = r.table, casts = r.casts, kills = r.kills,
                             dismounts = r.dismounts, indirect = sit.indirect }) end   -- (no table without a log)
            if G.report then
              say(G, "  %s casts at %s (%s, %s, %d bases): %d hit%s%s.", label(d), label(tg), r.table:gsub("_", " "),
                sit.indirect and "indirect" or "direct", r.casts, r.kills, r.kills == 1 and "" or "s",
                r.dismounts > 0 and string.format(", %d dismounted", r.dismounts) or "")
            end
          end
        end
      end
    end
  end
  -- casualties of the same turn also cast: losses are applied afterwards
  for _, h in ipairs(hits) do
    if h.lost > 0 then turn.lose(G, h.target, h.lost - h.dismounted) end
    if h.dismounted > 0 and G.D[h.target].state ~= "gone" then turn.dismount(G, h.target, h.dismounted) end
  end
end

---------------------------------------------------------------------------
-- Resupply (§3)

-- Whether hex (q, r) is "behind friendly forces" for unit d: a ready friend
-- stands on one of the two hexes toward the enemy's edge, and no enemy
-- touches the hex.
function turn.behind_friends(G, d, q, r)
  local toward = setup.facing(d.side)
  local screened = false
  for i, dir in ipairs(H.DIRS) do
    local o = G.occ[H.key(q + dir[1], r + dir[2])]
    if o and o ~= d.uid then
      local od = G.D[o]
      if od.side ~= d.side then return false end
      if H.relative(toward, i) == "front" and od.state == "ready" and not od.non_combatant then screened = true end
    end
  end
  return screened
end

-- "Tactical units equipped for throwing at short range only are allowed to
-- cast three times in a battle unless ... 2) they are withdrawn behind
-- friendly forces for a resupply": a unit that spends a whole turn behind
-- friends (tables.resupply_turns), neither casting nor fighting, has its
-- three casts again.
function turn.resupply(G)
  for s = 1, 2 do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      if d.state == "ready" and not d.combat and missiles.needs_resupply(d) and (d.casts or 0) > 0
        and d.cast_turn ~= G.turn and turn.behind_friends(G, d, d.q, d.r) then
        d.resupply_turns = (d.resupply_turns or 0) + 1
        if d.resupply_turns >= tables.resupply_turns then
          d.casts, d.resupply_turns = 0, 0
          log(G, "resupply", { unit = uid })
          say(G, "  %s is resupplied behind friendly forces: three casts again.", label(d))
        end
      else
        d.resupply_turns = 0
      end
    end
  end
end

return turn
