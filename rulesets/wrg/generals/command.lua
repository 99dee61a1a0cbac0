-- WRG Ancients 1973, GENERALS: who commands which troops, the personality of
-- a subordinate General, and the influence of Generals on a reaction test.
--
-- "Each army must have a Commander-in-Chief ... If the army is over 1,000
-- points strong, he may be assisted by a subordinate General, if over 1,500
-- points, by 2. Such a subordinate may only order troops under his own
-- command and in accordance with general orders that he has received,
-- modified by his own personality, which is established by a dice throw at
-- the start of the game and before writing orders. A score of 1 or 2
-- indicates that he is over-cautious, 3 or 4 that he is average, 5 or 6 that
-- he is rash. A cautious man has only a minus reaction effect, a rash, only
-- plus."
--
-- A General is a figure in a unit (the unit's `general` field: "c_in_c" or
-- "subordinate"); when he takes over another unit (wrg.generals.takeover)
-- the field moves with him.
--
--   command.roll_personalities(G)   the throw for every subordinate (before orders)
--   command.assign(G)               each unit under a General (see READING below)
--   command.commander_of(G, uid)    the uid of the General commanding a unit
--   command.personality(G, uid)     "cautious" | "average" | "rash" of a subordinate, nil for the C-in-C
--   command.influence(G, uid, s)    sets the reaction situation's General factors
--   command.in_front(G, uid)        the General fights in this unit's front rank
--                                   (melee: "disregards any minus random factor")
local tables = require("wrg.tables")

local C = {}
local MM = tables.MM_PER_PACE

local function live(d) return d and not d.gone and not d.off_table end

-- A General still in the battle: not lost (killed, wounded, captured, gone).
function C.active(G, uid)
  local d = G.D[uid]
  return d ~= nil and d.general ~= nil and not d.general_lost and live(d)
end

-- The Generals of a side (uids), the C-in-C first.
function C.generals(G, side)
  local out = {}
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- (d.general first: most units have none, and are passed over without
    -- the call; C.active asks it again)
    if d.general ~= nil and d.side == side and C.active(G, uid) then
      if d.general == "c_in_c" then table.insert(out, 1, uid) else out[#out + 1] = uid end
    end
  end
  return out
end

-- "... which is established by a dice throw at the start of the game and
-- before writing orders." A personality already given (a test's `set`) is kept.
function C.roll_personalities(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.general == "subordinate" and not d.personality then
      local die = G.dice:roll(6, "WRG GENERALS: subordinate's personality")
      d.personality = tables.personality[die]
      if G.log then G.bf:log("personality", { unit = uid, die = die, personality = d.personality }) end
      if G.report then
        G.report(string.format("  The subordinate General with %s throws %d: %s.", d.name, die, d.personality))
      end
    end
  end
end

-- READING: the rules leave the division of command to the written orders.
-- Each unit is put under the nearest General of its side as deployed (a
-- General commands the unit he is with); a unit's `command` field (the id of
-- a General's unit) may name him instead. Units placed later (sub-units,
-- returning troops) keep theirs or take their parent's.
function C.assign(G)
  for s = 1, 2 do
    local gens = C.generals(G, s)
    local by_id = {}
    for _, g in ipairs(gens) do by_id[G.D[g].id or ""] = g end
    for _, uid in ipairs(G.all) do
      local d = G.D[uid]
      if d.side == s and not d.commanded_by then
        if d.general then d.commanded_by = uid
        elseif d.command and by_id[d.command] then d.commanded_by = by_id[d.command]
        else
          local best, bd
          for _, g in ipairs(gens) do
            local dist = G.bf:distance(uid, g)
            if not bd or dist < bd - 1e-9 then best, bd = g, dist end
          end
          d.commanded_by = best
        end
      end
    end
  end
end

function C.commander_of(G, uid)
  local d = G.D[uid]
  if d.commanded_by == nil then C.assign(G) end
  return d.commanded_by
end

function C.personality(G, uid)
  local d = G.D[uid]
  if d and d.general == "subordinate" then return d.personality or "average" end
  return nil
end

-- Whether a General may influence troops: "provided he is not retiring or
-- routing" (and "providing that both are not routing together").
local function steady(d)
  return not d.routing and d.state ~= "retire" and d.state ~= "retreat"
end

-- THE REACTION TEST, "Addition or subtraction, according to players choice":
-- "General with testing unit ... 3"; "General within 150 paces of troops
-- under his direct command or controlled through a subordinate general,
-- provided he is not retiring or routing ... 1". The C-in-C counts for every
-- unit of his army, a subordinate for his own troops only. One General
-- factor is taken, the larger (with the unit before within 150 paces); of
-- two equal ones the C-in-C's, whose sign the player chooses freely; a
-- subordinate's carries his personality (wrg.reaction: cautious only minus,
-- rash only plus).
function C.influence(G, uid, s)
  local d = G.D[uid]
  local mine = C.commander_of(G, uid)
  local with, near
  for _, g in ipairs(C.generals(G, d.side)) do
    local gd = G.D[g]
    if gd.general == "c_in_c" or g == mine then
      if g == uid then
        if not (gd.routing and d.routing) and not with then with = g end
      elseif steady(gd) and not near and G.bf:distance(uid, g) <= 150 * MM then
        near = g
      end
    end
  end
  local g = with or near
  if not g then return end
  if with then s.general_with_unit = true else s.general_near = true end
  s.personality = C.personality(G, g)
end

-- HAND-TO-HAND COMBAT: "If the General fights hand-to-hand in the front
-- rank with his troops, the unit he is with disregards any minus random
-- factor ... However, if a barbarian general refuses a challenge to personal
-- combat by an opponent of equal rank, he loses this power." Any General,
-- C-in-C or subordinate, with the unit (reading: a General with a unit in
-- melee fights in its front rank).
function C.in_front(G, uid)
  local d = G.D[uid]
  return C.active(G, uid) and not d.refused_challenge
end

-- Whether unit uid is among the troops of General g (a C-in-C's: all his army).
function C.under(G, g, uid)
  local gd, d = G.D[g], G.D[uid]
  if not gd or not d or gd.side ~= d.side then return false end
  return gd.general == "c_in_c" or uid == g or C.commander_of(G, uid) == g
end

return C
