-- WRG Ancients 1973, GENERALS: a General superseding the command of a unit.
--
-- "A General may personally command his own bodyguard, which may be of up
-- to 15 "A" or "B" type figures or a "B" type standard sized chariot or
-- elephant unit, in each case counting his own figure, elephant or chariot.
-- If his bodyguard including himself is 5 figures or less, or one chariot or
-- elephant, he can supersede the command of any unit of his force."
-- CHANGE OF ORDERS 1: messengers "can move at charge speed for one period
-- during each trip, as can the general."
--
-- READING: at the declarations the commander's cmd.take_over(G, general_uid)
-- may name a unit of the General's side; if his bodyguard is small enough,
-- the unit is not routing, has no General of its own and stands within his
-- charge move (the one period at charge speed), he rides to it: the General
-- (his rank, his men, his personality) is from then on with that unit — its
-- reaction tests count "General with testing unit", its melee the General in
-- the front rank, RISK TO THE GENERAL falls on it — and the troops he
-- commanded are still his. His bodyguard's figures stay where they are as a
-- unit of their own (the figure's points and count are unchanged: his 19
-- aides ride with him, reading). The default commander does not do it (a
-- commander module may; "Follow me", CHANGE OF ORDERS 4, belongs to the
-- orders and uses takeover.join).
local tables = require("wrg.tables")
local command = require("wrg.generals.command")

local T = {}
local MM = tables.MM_PER_PACE
T.MAX_BODYGUARD = 5

-- "5 figures or less, or one chariot or elephant".
function T.small_bodyguard(d)
  if d.type == "EL" or d.type == "CH" then return d.figures <= 1 end
  return d.figures <= T.MAX_BODYGUARD
end

function T.may(G, g, target)
  local gd, td = G.D[g], G.D[target]
  if not command.active(G, g) or not td or target == g then return false end
  if td.side ~= gd.side or td.gone or td.off_table or td.routing or td.general then return false end
  if gd.routing or gd.in_melee then return false end
  if not T.small_bodyguard(gd) then return false end
  local reach = gd.moves and (gd.moves[2] or gd.moves[1]) or 0
  return G.bf:distance(g, target) <= reach * MM
end

-- Moves the General from unit g to unit target (no checks: "Follow me" and
-- the declarations check first).
function T.join(G, g, target)
  local gd, td = G.D[g], G.D[target]
  td.general, td.general_men, td.personality, td.refused_challenge, td.challenged =
    gd.general, gd.general_men, gd.personality, gd.refused_challenge, gd.challenged
  gd.general, gd.general_men, gd.personality, gd.refused_challenge, gd.challenged = nil, nil, nil, nil, nil
  td.bodyguard = g
  local side = G.sides[td.side]
  if side.general == g then side.general = target end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.commanded_by == g then d.commanded_by = target end
  end
  if G.log then G.bf:log("general_joins", { general_from = g, unit = target }) end
  if G.report then G.report(string.format("  The General leaves %s and takes command of %s.", gd.name, td.name)) end
end

function T.declare(G)
  for s = 1, 2 do
    local cmd = G.sides[s].commander
    if cmd.take_over then
      for _, g in ipairs(command.generals(G, s)) do
        local target = cmd.take_over(G, g)
        if target and T.may(G, g, target) then T.join(G, g, target) end
      end
    end
  end
end

return T
