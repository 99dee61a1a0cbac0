-- WRG Ancients 1973, RISK TO THE GENERAL: missiles concentrated on the
-- General's figure.
--
-- "Divide ... missile casualties by the total number of figures under fire.
-- Debit this share from the General figure." "Missiles can only be
-- concentrated on the figure if it is more than 50 paces from one of its
-- own units and is neither moving to give or accept, or returning from, a
-- challenge; or if it stands clear vertically, as when mounted on an
-- elephant or standing on a tower."
--
-- READINGS: the General's figure is always with a unit here; it stands
-- apart ("more than 50 paces from one of its own units") when that unit is
-- his bodyguard of 5 figures or less (he can lead it about: GENERALS) with
-- no other unit of his side within 50 paces; it stands clear vertically
-- when the unit is of elephants. A challenge is fought at once (no figure
-- is ever riding out to one). The shooters may then concentrate: their
-- commander's cmd.concentrate_on_general(G, general_uid) (default: yes, a
-- General is worth every arrow); his figure then takes all the missile
-- casualties of the period instead of its share.
local tables = require("wrg.tables")

local Mi = {}
local MM = tables.MM_PER_PACE
Mi.APART = 50

function Mi.exposed(G, uid)
  local d = G.D[uid]
  if d.type == "EL" then return true end
  if d.figures > 5 then return false end
  for _, q in ipairs(G.bf:query{ of = uid, within = Mi.APART * MM, friend = true }) do
    local o = G.D[q.id]
    if o and not o.gone then return false end
  end
  return true
end

-- The men of the period's missile casualties debited from the General's figure.
function Mi.share(G, uid)
  local d = G.D[uid]
  local even = d.missile / math.max(1, d.under_fire or d.figures)
  if not Mi.exposed(G, uid) then return even end
  local cmd = G.sides[3 - d.side].commander
  if cmd.concentrate_on_general and cmd.concentrate_on_general(G, uid) == false then return even end
  return d.missile
end

return Mi
