-- Historicon v2 in play: the turn sequence. Initiative (D6, -2 for last
-- turn's winner), the turn's reset, alternate activation.
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

---------------------------------------------------------------------------
-- The turn.

-- "At the start of each turn both players throw a D6 ... The score of a
-- player's D6 is reduced by two if he scored the highest last turn."
-- READING: ties are thrown again.
function turn.initiative(G)
  local prev = G.last_initiative
  while true do
    local a = G.dice:roll(6, "Historicon initiative, side 1")
    local b = G.dice:roll(6, "Historicon initiative, side 2")
    local sa, sb = a, b
    if prev == 1 then sa = sa - 2 elseif prev == 2 then sb = sb - 2 end
    if sa ~= sb then
      local first = sa > sb and 1 or 2
      G.last_initiative = first
      G.order = { first, 3 - first }
      if G.report then
        say(G, "Initiative: %s %d%s, %s %d%s: %s moves first.", side_name(G, 1), a, prev == 1 and " -2" or "",
          side_name(G, 2), b, prev == 2 and " -2" or "", side_name(G, first))
      end
      if G.log then log(G, "initiative", { scores = { a, b }, first = first }) end
      return first
    end
  end
end

local function reset_turn(G)
  for s = 1, 2 do
    for _, uid in ipairs(G.sides[s].units) do
      local d = G.D[uid]
      d.recv, d.inflicted, d.evaded, d.rallying, d.fought, d.new_hits = 0, 0, 0, false, false, 0
    end
  end
  G.chargers = {}
end

-- Takes turns between the two sides: the one with the initiative first.
-- lists[s] = ids in the side's chosen order; act(uid) is called for each
-- still able (eligible(uid)).
local function alternate(G, lists, eligible, act)
  local idx = { 1, 1 }
  local more = true
  while more and not G.over do
    more = false
    for _, s in ipairs(G.order) do
      local list = lists[s]
      while idx[s] <= #list do
        local uid = list[idx[s]]
        idx[s] = idx[s] + 1
        if eligible(uid) then act(uid); break end
      end
      if idx[s] <= #list then more = true end
    end
  end
end

turn.reset_turn = reset_turn
turn.alternate = alternate

return turn
