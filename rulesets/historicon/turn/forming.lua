-- Historicon v2 in play: Phase 1, forming and un-forming.
local turn = require("historicon.turn.board")
local H = turn.helpers
local tables, troops, shooting, melee, integrity, distances, victory, pool_mod = H.tables, H.troops, H.shooting, H.melee, H.integrity, H.distances, H.victory, H.pool_mod
local setup, account, angles, M, E, CONTACT, FRACTIONS, SHOOT_ARC = H.setup, H.account, H.angles, H.M, H.E, H.CONTACT, H.FRACTIONS, H.SHOOT_ARC
local PROBE_KEYS, say, log, norm, heading, label, side_name, gait = H.PROBE_KEYS, H.say, H.log, H.norm, H.heading, H.label, H.side_name, H.gait
local kind_of, note, note_contact, side_ids, contacts, in_contact, friend_near, terrain_under = H.kind_of, H.note, H.note_contact, H.side_ids, H.contacts, H.in_contact, H.friend_near, H.terrain_under
local hill_at, sweep, go, check_wheel, count_live_hi, passes_through, deduct, remove_unit = H.hill_at, H.sweep, H.go, H.check_wheel, H.count_live_hi, H.passes_through, H.deduct, H.remove_unit
local roll_mm, impassable, blocker_name, record_hits = H.roll_mm, H.impassable, H.blocker_name, H.record_hits
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

local function alternate(...) return turn.alternate(...) end

-- Phase 1: forming and un-forming, alternately, each after an integrity
-- test (+3). READING: a unit changes form as a whole (the RA option to form
-- part of a unit is not modelled).
function turn.phase1(G)
  G.bf:set_time(G.turn, "1 forming")
  local lists = {}
  for s = 1, 2 do lists[s] = G.sides[s].commander.forms(G, s) or {} end
  alternate(G, lists, function(uid)
    local d = G.D[uid]
    return not d.gone and not d.broken and troops.organisation.may_unform[d.class] and not d.rear_of
      and turn.room_to_change_form(G, uid)
  end, function(uid)
    local d = G.D[uid]
    if G.report then say(G, "  %s tries to %s", label(d), d.formed and "un-form" or "form") end
    turn.test(G, uid, { "forms_or_unforms" }, contacts(G, uid))
  end)
end

-- Whether a unit's base in its other order (setup.footprint, about its
-- centre) would stand clear of every other base and on the table. READING:
-- a unit with no room to open or close its order cannot change it (no test
-- is taken); bases never overlap.
function turn.room_to_change_form(G, uid)
  local d, bf = G.D[uid], G.bf
  local was = d.formed
  d.formed = not was
  local w, dp = setup.footprint(d, G.S)
  d.formed = was
  if G.log then bf:set_logging(false) end
  bf:resize(uid, w, dp)
  local ok = #M.overlapping(G, uid) == 0 and M.on_table(G, uid)
  bf:resize(uid, d.w, d.dp)
  if G.log then bf:set_logging(true) end
  return ok
end

return turn
