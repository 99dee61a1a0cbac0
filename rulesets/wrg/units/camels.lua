-- WRG Ancients 1973: camels.
--
-- TYPES OF FIGURE: "Camel riders are treated as Cavalry of equivalent type in
-- most respects except movement." What the text gives them, and where it is
-- played:
--  - MOVE DISTANCES: "Super heavy cavalry and camels 80/120", "Extra heavy
--    cavalry and camels", "Heavy cavalry and all other camels 120/180"
--    (troops.moves).
--  - CHANGES IN DIRECTION: "Barbarian light-medium and heavier troops,
--    elephants, engines, camels, chariots and other vehicles take 1/2 period
--    to turn" — regular camelry too (troops.turn_time).
--  - DIFFICULT TERRAIN: "Camels are treated in the same way as infantry in
--    case 5 [soft sand], and in the same way as vehicles in all other cases"
--    (turn.impassable_keys, wrg.terrain.steep_hills_and_walls).
--  - SHOOTING ARCS: "Light cavalry and camelry ... can shoot all round"
--    (troops.shooting_arc).
--  - DISORGANISATION 7: "... or non-Arab horsed troops within 30 paces of
--    camels", and the reaction factor "Horsed troops disorganised by
--    elephants or camels" (-2): here.
--  - AFTER HAND-TO-HAND FIGHTING: "Cavalry and chariots, but not camelry and
--    elephants, who have been forced to recoil 30 paces but have not been
--    followed up, must rally back": wrg.units.recoil.
--  - POINTS: "Extra for substituting a camel for a horse" +5/+1; "Troops
--    arriving by boat ... 5 if camelry" (armies.unit_points, tables.points).
--  - Their vulnerability: "treated as Cavalry of equivalent type" — the
--    cavalry columns of the weapon factor tables (troops.target_column).
-- READING of "non-Arab": the armies whose horsemen rode beside camels were
-- the Arab ones; a side that fields camelry of its own counts as Arab (its
-- horses are used to camels), any other side's horses are scared.
local troops = require("wrg.troops")
local tables = require("wrg.tables")

local C = {}
C.SCARE_PACES = 30

function C.is_camelry(d) return d.camel == true and troops.is_cavalry(d) end

-- Whether side s fields camelry (worked out once a battle).
function C.side_has(G, s)
  G.camels = G.camels or {}
  if G.camels[s] == nil then
    G.camels[s] = false
    for _, uid in ipairs(G.all) do
      local d = G.D[uid]
      if d.side == s and C.is_camelry(d) then G.camels[s] = true end
    end
  end
  return G.camels[s]
end

-- DISORGANISATION 7: non-Arab horsed troops within 30 paces of enemy camels.
-- Sets d.scared_by_elephants (the reaction factor "horsed troops
-- disorganised by elephants or camels" reads it) and returns true.
function C.scares(G, uid)
  local d = G.D[uid]
  if not troops.is_horsed(d) or d.camel then return false end
  if C.side_has(G, d.side) or not C.side_has(G, 3 - d.side) then return false end
  for _, q in ipairs(G.bf:query{ of = uid, within = C.SCARE_PACES * tables.MM_PER_PACE, enemy = true }) do
    local o = G.D[q.id]
    if C.is_camelry(o) and not o.gone and not o.off_table then
      d.scared_by_elephants = true
      return true
    end
  end
  return false
end

-- AFTER HAND-TO-HAND FIGHTING: "Cavalry and chariots, but not camelry and
-- elephants, who have been forced to recoil 30 paces but have not been
-- followed up, must rally back" (wrg.units.recoil).
function C.exempt_from_recoil_rally(d) return d.camel == true or d.type == "EL" end

return C
