-- Sieges, field engineering and ship-to-shore fighting: the optional module's
-- manifest and its generic parts. Source: WRG Ancients 4th edition (1973),
-- "SIEGE, FIELD ENGINEERING AND SHIP-TO-SHORE FIGHTING" (pp. 30-32) and the
-- points of siege materials (POINTS VALUES). docs/modules/sieges.md says what
-- is played, the readings chosen and what is left; docs/sieges.md is the
-- modders' guide (drawing a fortification, using the module from a ruleset).
--
-- The generic parts know no ruleset; each works in paces and figures and
-- keeps its state as plain data (it goes into snapshots and hashes):
--   fortifications  sections (wall, tower, gate, palisade, turf wall) with
--                   height, inside and outside, state and the troops on them
--   works           construction and destruction in figure/periods,
--                   working parties
--   materials       ladders, rams, penthouses, towers, fascines, gabions,
--                   pontoons: who carries them, how fast, their points
--   mining          mines with a hidden aiming point, countermines, the fight
--                   underground
--   fire            fire missiles, fire points, catching, spreading downwind,
--                   untenable, fire-fighting
--   caltrops        laying them, crossing them as missile hits
--   ships           the ship's company as one unit, wading, climbing the side
--   time            the time scale (a period as an hour of work)
-- The adapters (one per ruleset) say what these mean in the ruleset's terms.
local S = {
  name = "sieges",
  title = "Sieges, field engineering and ship-to-shore fighting",
  rule = "WRG 1973, SIEGE, FIELD ENGINEERING AND SHIP-TO-SHORE FIGHTING",
  adapters = { wrg = "modules.sieges.wrg", historicon = "modules.sieges.historicon", phalanx = "modules.sieges.phalanx" },
}

S.fortifications = require("modules.sieges.fortifications")
S.works = require("modules.sieges.works")
S.materials = require("modules.sieges.materials")
S.mining = require("modules.sieges.mining")
S.fire = require("modules.sieges.fire")
S.caltrops = require("modules.sieges.caltrops")
S.ships = require("modules.sieges.ships")
S.time = require("modules.sieges.time")

return S
