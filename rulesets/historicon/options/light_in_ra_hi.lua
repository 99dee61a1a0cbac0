-- Historicon optional rule: LI AND VLI WITHIN RA HI UNITS.
--
-- "A unit of RA class HI may contain a number (not exceeding 25% the number
-- of HI) of RA class LI or VLI. In these two cases the LI or VLI may shoot at
-- a target in contact with the HI or HC to their front."
--
-- How it is played here: an army list gives the HI unit
-- `light = { troop = "ARA LI", figures = n }` (the checker enforces RA, LI or
-- VLI, and n <= 25% of the HI). With the option on, those figures stand
-- inside the HI block (its footprint is the HI's) and shoot in Phase 4, all
-- of them, at an enemy in contact with the unit's front. They do not fight,
-- count for integrity or take hits apart from the HI. Without the option
-- they are left out of the battle.
local light_in_ra_hi = {
  id = "light_in_ra_hi",
  title = "LI and VLI within RA HI units",
  rule = "Optional rules",
}

function light_in_ra_hi.shooter(d)
  local l = d.light
  return { class = l.class, sub = l.sub, grade = l.grade, army = "RA", figures = l.figures, ranks = 1, formed = true }
end

function light_in_ra_hi.apply() end

return light_in_ra_hi
