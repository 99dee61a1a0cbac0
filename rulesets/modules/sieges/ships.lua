-- WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING.
--
--   local ships = require("modules.sieges.ships")
--   ships.company{ class = "C" }      -- the ship's company as one unit
local SH = {}

-- "While on board, all the ships company count as one "C" or "D" class unit
-- with no command factor needed, in cover, higher than a beach, but lower
-- than a tree, cliff or building. They ignore disorganisation for fragmented
-- front."
SH.CLASSES = { C = true, D = true }
-- Heights (the caller's scale of levels): a beach 0, a ship 1, a tree, cliff
-- or building 2.
SH.HEIGHT = { beach = 0, ship = 1, tree = 2, cliff = 2, building = 2 }

-- The unit the ship's company forms while on board.
function SH.company(spec)
  local class = spec.class or "C"
  if not SH.CLASSES[class] then
    error(string.format("sieges.ships: a ship's company counts as one \"C\" or \"D\" class unit, found \"%s\"", tostring(class)), 2)
  end
  return { class = class, command_factor = false, in_cover = true, height = SH.HEIGHT.ship,
           fragmented_front_exempt = true }
end

-- Whether one on board looks down on another: above a beach, below a tree,
-- cliff or building.
function SH.higher_than(what) return SH.HEIGHT.ship > (SH.HEIGHT[what] or 0) end

-- "Wading ashore counts as a deep ford, and climbing the ships side as
-- mounting or dismounting." The adapter maps these on its ruleset's own
-- deep ford and mounting rules.
SH.WADING = "deep_ford"
SH.CLIMBING = "mounting"

-- "On land, they reform into their proper units, and ignore the ships except
-- for counting them as friendly cover."
function SH.ashore_cover() return "friendly" end

-- MOVE DISTANCES: "Ships under oars 120 None" (paces).
SH.SPEED_UNDER_OARS = 120
-- POINTS VALUES: "Troops arriving by boat cost 1 point per figure extra if
-- infantry, 3 if cavalry, 5 if camelry, engines or chariots, 10 if elephants."
SH.BOAT_POINTS = { infantry = 1, cavalry = 3, camelry = 5, engine = 5, chariot = 5, elephant = 10 }
function SH.boat_points(kind, figures) return (SH.BOAT_POINTS[kind] or 0) * (figures or 1) end

return SH
