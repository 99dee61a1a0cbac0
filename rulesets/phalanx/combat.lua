-- Phalanx combat adjudication: the entry points the battle engine calls.
-- Melee lives in melee.lua, shooting in shooting.lua; see there for the
-- vignette and situation keys each reads.
--
--   local combat = require("phalanx.combat")
--   combat.melee(attacker, defender, situation, dice, explain)
--   combat.shoot(shooter, target, situation, dice, explain)

local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")

return {
  melee = melee.resolve,
  shoot = shooting.resolve,
  can_shoot = shooting.can_shoot,
  base_cf = melee.base_cf,
  modified_cf = melee.modified_cf,
  melee_modifiers = melee.modifiers,
  shooting_modifiers = shooting.modifiers,
  optional_melee_modifiers = melee.optional,
}
