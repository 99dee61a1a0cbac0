-- What each side has seen (issue #18, "Sighting"): the engine answers who
-- sees whom now (bf:sighted: range, lines of sight, heights); this keeps a
-- side's memory between looks, so that a newly sighted enemy is an event
-- (logged for the replay's view of one side) and one that appears closer
-- than a given distance is a surprise. Commanders ask it which enemies
-- their side knows of when a module (weather: fog, night) limits sight; with
-- no sighting state every enemy is known, as before.
--
--   local sighting = require("lib.sighting")
--   sighting.start(G, { range = function(G, side) return mm or nil end,
--                        surprise_within = mm, sight = { ground =, tops =, range_per_mm = },
--                        also = function(G, side) return {ids} or nil end })  -- seen however far
--   sighting.update(G)                 -- after anything moved: { {side=, unit=, surprise=}, ... }
--   sighting.known_enemies(G, side)    -- ids of the enemies the side sees now
--   sighting.nearest_known(G, ids, side, within, arc?, how?) -- bf:nearest over known enemies
--
-- The state is G.sighting (plain data: it goes into snapshots as it is).
-- READING (ours): a side knows of an enemy while some unit of it sees that
-- enemy; one lost to sight is forgotten (no ghost positions), and seen
-- again it is a new sighting. A sighting is a surprise when the enemy is
-- closer than `surprise_within` (edge to edge) to the nearest unit of the
-- side that sees it, at the look in which it is first seen. Troops within
-- `touch` mm (default 1: in contact) of an enemy always know of it, whatever
-- stands between or around them (a unit in a wood is seen by the enemy
-- fighting it).
local sighting = {}

-- The unlimited range: sight limited only by the table and the terrain.
local UNLIMITED = 1e9

local function alive(bf, side)
  local out = {}
  for _, id in ipairs(bf:units(side)) do
    if not bf:unit(id).removed then out[#out + 1] = id end
  end
  return out
end

function sighting.start(G, opts)
  opts = opts or {}
  G.sighting = {
    seen = { {}, {} },        -- seen[side][enemy id] = true while in sight
    surprise_within = opts.surprise_within or 0,
    touch = opts.touch or 1,
    sight = opts.sight,       -- bf:sighted's options (heights); nil: flat
    looks = 0,
  }
  -- functions stay off the plain state
  G.sighting_range = opts.range
  G.sighting_also = opts.also   -- hook: enemies seen beyond the range (weather: lit by torches), a list or nil
  sighting.update(G)
end

function sighting.active(G) return G.sighting ~= nil end

-- The range a side sees to now (mm), from the module's function.
function sighting.range(G, side)
  local r = G.sighting_range and G.sighting_range(G, side)
  return r or UNLIMITED
end

-- The nearest unit of `side` to enemy `e`, and its distance.
local function nearest_viewer(bf, side, e)
  local best, dist
  for _, id in ipairs(alive(bf, side)) do
    local d = bf:distance(id, e)
    if not dist or d < dist or (d == dist and id < best) then best, dist = id, d end
  end
  return best, dist
end

-- Looks again for both sides; logs and returns the new sightings.
function sighting.update(G)
  local st = G.sighting
  if not st then return {} end
  local bf = G.bf
  st.looks = st.looks + 1
  local news = {}
  for side = 1, 2 do
    local now = {}
    local ids = bf:sighted(side, sighting.range(G, side), st.sight)
    -- in contact: known whatever blocks the sight (see_into without limit)
    local touching = bf:sighted(side, st.touch, 1e15)
    local also = G.sighting_also and G.sighting_also(G, side)
    if also then for _, e in ipairs(also) do touching[#touching + 1] = e end end
    if #touching > 0 then
      local set = {}
      for _, e in ipairs(ids) do set[e] = true end
      for _, e in ipairs(touching) do if not set[e] then ids[#ids + 1] = e; set[e] = true end end
      table.sort(ids)
    end
    local found, surprises = {}, {}
    for _, e in ipairs(ids) do
      now[e] = true
      if not st.seen[side][e] then
        local _, dist = nearest_viewer(bf, side, e)
        local surprise = dist ~= nil and dist < st.surprise_within
        news[#news + 1] = { side = side, unit = e, surprise = surprise, distance = dist }
        found[#found + 1] = e
        if surprise then surprises[#surprises + 1] = e end
      end
    end
    local lost = {}
    for e in pairs(st.seen[side]) do if not now[e] then lost[#lost + 1] = e end end
    table.sort(lost)
    st.seen[side] = now
    if G.log ~= false and (#found > 0 or #lost > 0) then
      -- the replay's side view reads these (docs/replay-events.md)
      bf:log("sighted", { side = side, units = found, surprise = surprises, lost = lost, visible = ids })
    end
  end
  return news
end

-- The enemies `side` sees now, in id order (every living enemy when no
-- module limits sight).
function sighting.known_enemies(G, side)
  local enemies = alive(G.bf, 3 - side)
  local st = G.sighting
  if not st then return enemies end
  local out = {}
  for _, e in ipairs(enemies) do if st.seen[side][e] then out[#out + 1] = e end end
  return out
end

function sighting.knows(G, side, e)
  local st = G.sighting
  return st == nil or st.seen[side][e] == true
end

-- The enemies `side` has not seen, as a set (a `skip` for bf:within and
-- lib.manoeuvre queries), or nil when no module limits sight.
function sighting.unseen(G, side)
  local st = G.sighting
  if not st then return nil end
  local skip = {}
  for _, e in ipairs(alive(G.bf, 3 - side)) do if not st.seen[side][e] then skip[e] = true end end
  return skip
end

-- bf:nearest(ids, enemy_side, within, arc, how) over the enemies the side
-- of `ids` knows of (enemy_side's units it has not seen are left out).
local within_ids, within_dists = {}, {}
function sighting.nearest_known(G, ids, enemy_side, within, arc, how)
  local bf, st = G.bf, G.sighting
  if not st then return bf:nearest(ids, enemy_side, within, arc, how) end
  local skip = sighting.unseen(G, 3 - enemy_side)
  local best, dist
  for _, uid in ipairs(ids) do
    local n = bf:within(uid, within, enemy_side, within_ids, within_dists, skip)
    for i = 1, n do
      local e, d = within_ids[i], within_dists[i]
      if (arc == nil or bf:in_arc(uid, e, arc, how)) then
        if not dist or d < dist or (d == dist and e < best) then best, dist = e, d end
        break   -- nearest first: the first in the arc is this unit's nearest
      end
    end
  end
  return best, dist
end

return sighting
