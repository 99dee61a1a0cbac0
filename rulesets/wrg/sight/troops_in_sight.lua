-- WRG Ancients 1973, THE REACTION TEST: "Any other friendly troops in
-- sight" (+1) and "Any other enemy in sight" (-1).
--
-- "Within" (Definitions): "Such objects or figures should also be in view,
-- of at least one figure, even if he must turn his head. On level ground,
-- only the nearest rank of a force can be seen, except for elephants, which
-- can be seen over their heads."
-- READINGS: "other" troops are those the per-unit factors do not count:
-- friendly units beyond 150 paces (or routing, or beyond the four counted),
-- enemy units beyond 150 paces, not facing the testers, routing, or beyond
-- the four counted. "In sight": a clear line of sight between the bases'
-- centres past woods and buildings (bf:line_of_sight); units do not hide
-- one another ("only the nearest rank can be seen" hides the troops behind
-- a line, but the factor asks only whether any other troops are in view,
-- and the nearest rank of a force is); with the weather module, only what
-- its visibility lets the unit see (G.can_see). Units off the table are not
-- in sight.
local tables = require("wrg.tables")

local S = {}
local MM = tables.MM_PER_PACE

local function live(d) return d and not d.gone and not d.off_table end

-- Whether uid sees oid (pure: asked only while the answer can still change
-- the factor, the sight line being the dear part).
local function seen(G, uid, oid)
  return (not G.has_los_terrain or G.bf:line_of_sight(uid, oid))
    and (not G.can_see or G.can_see(G, uid, oid))  -- the weather module's visibility
end

-- The units within the radius, marked with this call's stamp: one
-- bf:within (the same test as `bf:distance(uid, oid) <= radius`: the core's
-- edge distance, for every unit on the table; a unit off it is not live)
-- instead of a bf:distance per unit of the battle.
local near_ids, near_dists, near_at, stamp = {}, {}, {}, 0

-- Sets s.other_friends_in_sight / s.other_enemy_in_sight for unit uid.
function S.set(G, uid, s)
  local d = G.D[uid]
  local radius = tables.reaction_radius * MM
  local counted_f, counted_e = 0, 0
  local other_f, other_e = false, false
  stamp = stamp + 1
  for i = 1, G.bf:within(uid, radius, 0, near_ids, near_dists) do near_at[near_ids[i]] = stamp end
  -- "each friendly unit up to a total of 4": the fifth and more are others.
  -- (The counts only ever set the two answers: once both are true nothing
  -- further can change them, and the rest of the table is not looked at.)
  for _, oid in ipairs(G.all) do
    local o = G.D[oid]
    if oid ~= uid and live(o) and not o.changed_sides then
      local near = near_at[oid] == stamp
      if o.side == d.side then
        if near and not o.routing then
          counted_f = counted_f + 1
          if counted_f > 4 then other_f = true end
        elseif not other_f and seen(G, uid, oid) then other_f = true end
      else
        if near and not o.routing and G.bf:in_arc(oid, uid, 90) then
          counted_e = counted_e + 1
          if counted_e > 4 then other_e = true end
        elseif not other_e and seen(G, uid, oid) then other_e = true end
      end
      if other_f and other_e then break end
    end
  end
  s.other_friends_in_sight = other_f or nil
  s.other_enemy_in_sight = other_e or nil
end

return S
