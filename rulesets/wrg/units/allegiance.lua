-- WRG Ancients 1973, THE REACTION TEST 2(ix): subject levies and mercenaries
-- in the army reaction test.
--
-- "(ix) When an army reaction test is called for because 1/3 of the armies
-- original units are off the table for some reason. Each unit not already
-- following a reaction instruction must test. Units of subject levies or
-- mercenary arabs will change sides if they get better than "Halt".
-- Mercenaries other than arabs will march home in good order if they get
-- better than "Halt"."
-- CAMPAIGNS: "Troops that have changed sides will continue to fight for
-- their former enemy".
--
-- An army list marks such units: allegiance = "subject" (levies of subject
-- peoples), "arab_mercenary", or "mercenary" (any other mercenaries).
-- READINGS: the sentences follow (ix), so they govern the army reaction
-- test; "better than Halt" is "carry on" or better (rank 4 and up, as the
-- battle reads it elsewhere). A unit that changes sides is taken off its
-- side and set on the table again, where it stands, as a unit of the other
-- side (a new base: the engine gives a unit one side for life), with an
-- order to attack under the other commander; it counts for its new side at
-- the end (and is lost to its old one). Mercenaries marching home leave the
-- table at once, in good order, and do not return (the march off takes no
-- time: a reading, as for the commander's withdrawal).
local R = {}

local function live(d) return d and not d.gone and not d.off_table end

R.KINDS = { subject = true, arab_mercenary = true, mercenary = true }
R.BETTER_THAN_HALT = 4

-- Returns true when the result was handled here (the unit changed sides or
-- went home); otherwise the caller obeys the result as usual.
function R.army_test(G, uid, out)
  local d = G.D[uid]
  local kind = d.allegiance
  if not kind or not live(d) or out.rank < R.BETTER_THAN_HALT then return false end
  local turn = require("wrg.turn")
  if kind == "mercenary" then
    turn.remove(G, uid, "marched home in good order (mercenaries, army reaction test)")
    return true
  end
  R.change_sides(G, uid)
  return true
end

function R.change_sides(G, uid)
  local d = G.D[uid]
  local u = G.bf:unit(uid)
  local s, t = d.side, 3 - d.side
  local spec = {}
  for k, v in pairs(d) do spec[k] = v end
  local turn = require("wrg.turn")
  -- off its old side: the figures are lost to it
  if d.general and not d.general_lost then turn.general_lost(G, uid, "changed sides") end
  d.gone, d.changed_sides = "changed sides", true
  G.bf:remove(uid)
  G.removed[#G.removed + 1] = uid
  spec.side, spec.order, spec.commanded_by, spec.general = t, "attack", nil, nil
  spec.state, spec.state_periods, spec.in_melee, spec.opponents, spec.charging = nil, 0, false, {}, false
  spec.allegiance = d.allegiance == "arab_mercenary" and "arab_mercenary" or "turned"
  local nid = G.bf:add_unit{ side = t, name = spec.name, label = spec.type, x = u.x, y = u.y, facing = u.facing,
                             width = u.width, depth = u.depth, strength = spec.figures, data = spec }
  spec.uid = nid
  G.D[nid] = G.bf:data(nid)
  G.all[#G.all + 1] = nid
  local list = G.sides[t].units
  list[#list + 1] = nid
  if G.log then G.bf:log("changed_sides", { unit = uid, now = nid, side = t }) end
  if G.report then G.report(string.format("  %s change sides: they fight for %s.", spec.name, G.sides[t].name)) end
  local _ = s
  return nid
end

return R
