-- Skirmish of Spears, §4 Melee and §5 Shooting: PURE adjudication.
--
-- "Pure" means: everything a result depends on comes in as an argument
-- (the two units, the situation, a dice source) and everything it decides
-- goes out in the return value. No battlefield, no globals, no printing.
-- That is why one function serves a battle (random dice), a test (forced
-- dice), `sandtable odds` (dice that enumerate every roll) and a player
-- asking "what if?".
--
--   local combat = require("tutorial.combat")
--   local out = combat.melee(attacker, defender, situation, dice)
--   -- attacker/defender: { class = "spear", hits = 0 }
--   -- situation: { attacker = SIDE, defender = SIDE }, where a SIDE is
--   --   { charging = bool, flank = bool, army_lost = 0..1 }
--   out.attacker_result  --> "stands" | "recoils" | "breaks"
--   out.explanation      --> lines a person can read
local M = require("lib.modifiers")
local troops = require("tutorial.troops")

local combat = {}

---------------------------------------------------------------------------
-- §4.1 The melee factors. Each side's factor is its class's melee factor
-- changed by every modifier in this list that applies. The list is NAMED
-- and ORDERED, so options and house rules can add, remove or replace an
-- entry by its id. `when(c)` is asked with
--   c.me    this unit       c.foe   the enemy unit
--   c.side  this unit's SIDE of the situation (charging, flank, army_lost)
combat.melee_modifiers = M.list("tutorial.melee", {
  { id = "charging", text = "charged into contact this turn", rule = "§4.1",
    when = function(c) return c.side.charging end, add = 1 },
  { id = "spears_against_horse", text = "spears against horse", rule = "§4.1",
    when = function(c) return c.me.class == "spear" and c.foe.class == "horse" end, add = 2 },
  { id = "flank", text = "attacked in flank or rear", rule = "§4.1",
    when = function(c) return c.side.flank end, add = -2 },
  { id = "hits", text = "hits from shooting, -1 each", rule = "§5",
    when = function(c) return (c.me.hits or 0) > 0 end,
    add = function(c) return -c.me.hits end },
})

-- A unit's melee factor and the modifiers that made it.
function combat.melee_factor(me, foe, side)
  local base = troops.classes[me.class].melee
  local value, terms = combat.melee_modifiers:evaluate(base, { me = me, foe = foe, side = side }, true)
  return value, terms, base
end

---------------------------------------------------------------------------
-- §4.2 The melee table. The attacker rolls one d6 and reads the column of
-- the difference (attacker's factor minus defender's).
--   AB attacker breaks   AR attacker recoils   S both stand
--   DR defender recoils  DB defender breaks
combat.melee_table = {
  --            die:  1     2     3     4     5     6
  losing   = { "AB", "AB", "AR", "AR", "S",  "DR" },   -- difference -2 or less
  even     = { "AB", "AR", "S",  "S",  "DR", "DB" },   -- difference -1 to +1
  winning  = { "AR", "S",  "DR", "DR", "DB", "DB" },   -- difference +2 or more
}

function combat.column(difference)
  if difference <= -2 then return "losing" end
  if difference >= 2 then return "winning" end
  return "even"
end

-- What each code means for the attacker and the defender.
combat.RESULTS = {
  AB = { "breaks", "stands" },  AR = { "recoils", "stands" },  S = { "stands", "stands" },
  DR = { "stands", "recoils" }, DB = { "stands", "breaks" },
}

-- One melee, adjudicated. `dice` is any source with :roll(sides, purpose).
function combat.melee(attacker, defender, situation, dice)
  local af, aterms, abase = combat.melee_factor(attacker, defender, situation.attacker)
  local df, dterms, dbase = combat.melee_factor(defender, attacker, situation.defender)
  local difference = af - df
  local column = combat.column(difference)
  local die = dice:roll(6, "melee: " .. attacker.class .. " against " .. defender.class)
  local code = combat.melee_table[column][die]
  local out = {
    attacker_factor = af, defender_factor = df, attacker_terms = aterms, defender_terms = dterms,
    difference = difference, column = column, die = die, code = code,
    attacker_result = combat.RESULTS[code][1], defender_result = combat.RESULTS[code][2],
  }
  -- The explanation: every number and where it came from.
  local lines = { string.format("attacker %s: factor %d", attacker.class, abase) }
  for _, l in ipairs(M.describe(aterms)) do lines[#lines + 1] = "  " .. l end
  lines[#lines + 1] = string.format("defender %s: factor %d", defender.class, dbase)
  for _, l in ipairs(M.describe(dterms)) do lines[#lines + 1] = "  " .. l end
  lines[#lines + 1] = string.format("%d against %d: difference %+d (column '%s'), die %d -> %s: attacker %s, defender %s",
    af, df, difference, column, die, code, out.attacker_result, out.defender_result)
  out.explanation = lines
  return out
end

---------------------------------------------------------------------------
-- §5 Shooting. A bow shoots at one enemy within its range: roll a d6, apply
-- these modifiers; a score of 5 or more is a hit. c.target, c.range (BW).
combat.shooting_modifiers = M.list("tutorial.shooting", {
  { id = "close_range", text = "target within half range", rule = "§5",
    when = function(c) return c.range <= troops.classes[c.shooter.class].range / 2 end, add = 1 },
  { id = "shields", text = "target is spearmen behind shields", rule = "§5",
    when = function(c) return c.target.class == "spear" end, add = -1 },
})

combat.HIT_ON = 5

function combat.shoot(shooter, target, range, dice)
  local die = dice:roll(6, "shooting: " .. shooter.class .. " at " .. target.class)
  local score, terms = combat.shooting_modifiers:evaluate(die,
    { shooter = shooter, target = target, range = range }, true)
  local hit = score >= combat.HIT_ON
  local lines = { string.format("%s shoots at %s at %.1f BW: die %d", shooter.class, target.class, range, die) }
  for _, l in ipairs(M.describe(terms)) do lines[#lines + 1] = "  " .. l end
  lines[#lines + 1] = string.format("score %d: %s (a hit needs %d)", score, hit and "HIT" or "miss", combat.HIT_ON)
  return { die = die, score = score, terms = terms, hit = hit, result = hit and "hit" or "miss",
           explanation = lines }
end

return combat
