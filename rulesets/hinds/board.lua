-- Hinds' turn, the board: queries on the hexagons (terrain, heights, level
-- ground, who may enter), placing and removing units, facing and flanks.
-- This module makes the table every part of the turn adds to (hinds.turn
-- loads them all: movement, charges, after_combat, shooting, melee_phase,
-- initiative).

local account = require("lib.account")
local tables = require("hinds.tables")
local troops = require("hinds.troops")
local H = require("hinds.hexes")
local M = require("lib.manoeuvre")

local turn = {}

local say, log = account.say, account.log
turn.say, turn.log = say, log

function turn.label(d)
  return string.format("%s (%s %d)", d.name, tables.TYPE_NAMES[d.troop] or d.troop, troops.strength(d))
end
local label = turn.label

---------------------------------------------------------------------------
-- Board queries

-- H.key written out in the hottest queries (a Lua call costs more than
-- the arithmetic): (q + 512) * 1024 + (r + 512).
function turn.at(G, q, r) return G.occ[(q + 512) * 1024 + (r + 512)] end

function turn.terrain(G, q, r) return G.terrain[(q + 512) * 1024 + (r + 512)] or "clear" end

local function tinfo(G, q, r) return tables.terrain[G.terrain[(q + 512) * 1024 + (r + 512)] or "clear"] end
turn.tinfo = tinfo

-- The height of a hex in levels (hills; 0 elsewhere).
function turn.height(G, q, r) return (G.heights and G.heights[(q + 512) * 1024 + (r + 512)]) or 0 end

-- Whether a step from (fq, fr) into (tq, tr) is over rough ground (§2 "When
-- moving up hill, through woods or over marsh land"): woods, marsh, swamp
-- and dense forest always; a hill only when the step climbs.
function turn.rough_step(G, fq, fr, tq, tr)
  local t = tinfo(G, tq, tr)
  if t.rough == "uphill" then return turn.height(G, tq, tr) > turn.height(G, fq, fr) end
  return t.rough == true
end

-- Whether d fights foe e "over level or gently sloping ground" (§4 pole
-- arms): its own hex is level ground, or the top of a hill at e's height;
-- never across a difference of height (the hillside).
function turn.level_ground(G, d, e)
  local t = tinfo(G, d.q, d.r)
  local hd = turn.height(G, d.q, d.r)
  if e and turn.height(G, e.q, e.r) ~= hd then return false end
  if t.hill then return e ~= nil end
  return t.level ~= false
end

function turn.active(d) return d.state == "ready" end

-- Live (on the table) units of side s, in army order. The list is kept per
-- battle and side until a unit leaves the field (turn.remove, the one place
-- a unit becomes "gone", counts G.removals) and is never changed once made:
-- a caller looping over it while units leave keeps its own snapshot, as it
-- did when every call made a new list. Callers only read it. (The
-- commander asks for the enemy's units a dozen times per unit it orders.)
-- (The lists are kept in the side's own table, side.live: a field read
-- instead of a weak table's; nothing hashes or logs a side's table.)
function turn.units(G, s)
  local side = G.sides[s]
  local list = side.units
  local c = side.live
  local removals = G.removals or 0
  if c and c.removals == removals and c.list == list and c.n == #list then return c.out end
  local out = {}
  for i = 1, #list do
    local uid = list[i]
    if G.D[uid].state ~= "gone" then out[#out + 1] = uid end
  end
  side.live = { removals = removals, list = list, n = #list, out = out }
  return out
end

-- Whether unit d may enter hex (q, r) at all (§2).
function turn.passable(G, d, q, r)
  local B, col = G.B, q + r // 2   -- H.on_board, written out (every hexagon a search meets)
  if r < 0 or r >= B.rows or col < 0 or col >= B.cols then return false end
  local t = tinfo(G, q, r)
  if t.impassable then return false end
  -- the troops' weight only where the ground asks for it (open ground, the
  -- most of every board, does not)
  if t.no_heavy or t.no_pike then
    local w = troops.weight(d)
    if t.no_heavy and w == "heavy" then return false end
    if t.no_pike and d.macedonian and w == "medium" then return false end
  end
  if t.obstacle and troops.movement_type(d) == "heavy_cavalry" then return false end
  if t.stream and G.options.uncrossable_streams then return false end
  return true
end

function turn.free(G, d, q, r)
  -- the occupant first: a table read, where passable asks the terrain
  return G.occ[(q + 512) * 1024 + (r + 512)] == nil and turn.passable(G, d, q, r)
end

-- Moves a unit to a hex (the battlefield draws it at the centre); `kind`
-- names the move for the referee (lib.manoeuvre.record): "forward",
-- "turned", "rear", "charge", "flight", "pursuit", "withdraw", "occupy".
function turn.place(G, uid, q, r, facing, kind)
  local d = G.D[uid]
  if kind then M.record(G, uid, kind) end
  G.placements = (G.placements or 0) + 1   -- turn.order_memo forgets its searches
  if d.q then G.occ[H.key(d.q, d.r)] = nil end
  d.q, d.r, d.facing = q, r, facing or d.facing
  G.occ[H.key(q, r)] = uid
  local x, y = H.centre(G.B, q, r)
  G.bf:place(uid, x, y, d.facing)
end

function turn.remove(G, uid, why)
  local d = G.D[uid]
  if d.q then G.occ[H.key(d.q, d.r)] = nil end
  d.state, d.combat = "gone", nil
  G.removals = (G.removals or 0) + 1   -- turn.units makes its lists anew
  G.placements = (G.placements or 0) + 1   -- turn.order_memo forgets its searches
  G.bf:remove(uid)
  log(G, "unit_gone", { unit = uid, reason = why })
  say(G, "  %s leaves the field (%s).", label(d), why)
  if d.q and turn.vacated then turn.vacated(G, d.q, d.r) end
end

-- Enemy units adjacent to d, in id order.
function turn.adjacent_enemies(G, d)
  local out = {}
  for _, dir in ipairs(H.DIRS) do
    local o = G.occ[H.key(d.q + dir[1], d.r + dir[2])]
    if o and G.D[o].side ~= d.side then out[#out + 1] = o end
  end
  table.sort(out)
  return out
end

-- Where attacker a strikes defender b: "front", "flank" or "rear" of b.
-- Troops "in circle or square formation cannot be attacked from the flanks
-- or rear (They have neither)."
function turn.edge(G, a, b)
  if b.formation == "square" then return "front" end
  local i = H.dir_index(a.q - b.q, a.r - b.r)
  if not i then return "front" end
  return H.relatives(b.facing)[i]   -- (H.relative's first answer, remembered per facing)
end

-- Whether b stands to a's front.
function turn.to_front(G, a, b)
  local i = H.dir_index(b.q - a.q, b.r - a.r)
  return i ~= nil and H.relatives(a.facing)[i] == "front"
end

return turn
