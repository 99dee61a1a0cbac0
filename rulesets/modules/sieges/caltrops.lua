-- WRG 1973 SIEGE: CALTROPS.
--
--   local caltrops = require("modules.sieges.caltrops")
--   caltrops.frontage(8)                  -- 8 figures lay 40 paces
--   caltrops.weapon_factor("infantry")    -- 0
local C = {}

-- "A Roman or Byzantine infantry unit can carry enough caltrops to cover a
-- frontage of 5 paces per figure. It requires a complete period to lay them.
-- When laid, they are represented by a piece of card 25 mm wide ... They
-- cannot be picked up again during the battle."
C.PACES_PER_FIGURE = 5
C.LAY_PERIODS = 1
C.DEPTH_MM = 25
C.ARMIES = { roman = true, byzantine = true }

-- Paces of frontage a unit of `figures` covers.
function C.frontage(figures) return figures * C.PACES_PER_FIGURE end

-- Whether a unit may carry them: Roman or Byzantine infantry (the adapter
-- says which army lists are Roman or Byzantine).
function C.may_carry(nation, infantry) return infantry == true and C.ARMIES[nation] == true end

-- "Troops of either side passing over caltrops count them the same as
-- missile hits, with a factor of 0 for infantry, 1 for other troops. Use the
-- number of figures passing over them for the other parameter. No tactical
-- factors are used but the usual chance factor applies."
function C.weapon_factor(kind) return kind == "infantry" and 0 or 1 end

-- The total of factors for a crossing: the weapon factor and the chance
-- factor (the ruleset's random factor for shooting), no tactical factors;
-- the ruleset looks up casualties for that total and `figures` passing.
function C.total(kind, chance) return C.weapon_factor(kind) + chance end

return C
