-- Magicians (WRG 1973 Appendix IV, MAGICIANS): the twelve spells as data,
-- the dice procedure that modifies the spell number, its exact odds, and
-- who must rest. What a spell does on the table is the adapter's work; the
-- generic part says which spell comes up and what it is.
--
--   local magic = require("modules.fantasy.magic")
--   local r = magic.roll(3, dice, "spell of Merlin")  -> { nominated = 3, spell = 4 | nil, minus, plus, shift }
--   magic.odds(3) -> { { spell = 2, p = 13/36 }, { spell = 3, p = 10/36 }, { spell = 4, p = 13/36 } }
local magic = {}

-- "They can cast spells at any individual or unit within 100 paces".
magic.RANGE = 100

-- "(b) Throw minus and plus regular dice." Regular dice are the
-- probability dice "numbered 2,3,3,4,4,5" (SHOOTING, THE RANDOM FACTOR).
magic.REGULAR_DIE = { 2, 3, 3, 4, 4, 5 }

-- "Spells 2, 4, 7, 10 and 11 require the Magician to rest for a period
-- before casting any more."
magic.RESTS_AFTER = { [2] = true, [4] = true, [7] = true, [10] = true, [11] = true }

-- The spells, in the book's words. `on` says whom a spell changes: the
-- magician himself or the target.
magic.SPELLS = {
  { id = "vanish", on = "magician",
    text = "Magician vanishes in puff of blue smoke, leaving strong smell of sulphur, and does not return." },
  { id = "fly", on = "magician",
    text = "Magician flies through air in straight line to position nominated within 100 paces. If he passes through a zone of sanctity, he crashes and breaks his neck." },
  { id = "petrify", on = "target", state = "petrified",
    text = "Target turns to stone for 2 periods, cannot move or fight, but cannot be damaged except by Giants, Trolls, or stone-throwing engines." },
  { id = "invisible", on = "target", state = "invisible",
    text = "Target becomes invisible for 3 periods. At close quarters, blows struck against it count disorganised. It cannot be shot at." },
  { id = "embolden", on = "target", reaction = 3, text = "Target takes immediate reaction test, adding 3." },
  { id = "dismay", on = "target", reaction = -3, text = "Target takes immediate reaction test, deducting 3." },
  { id = "reverse_missiles", on = "target", state = "reversed",
    text = "Any arrows travelling to or from target reverse direction and hit shooters." },
  { id = "brawl", on = "target", state = "brawling", text = "Target unit fights among itself for one period." },
  { id = "frog", on = "magician", state = "frog",
    text = "Magician turns into frog for 3 periods, loses magical powers for that time. Recovers shape if a Saint comes within 100 paces, but becomes frog again if he leaves the influence zone." },
  { id = "banish", on = "target",
    text = "Mythical beast targets disappear in puff of blue smoke. Other targets sneeze heavily for one period, disorganised. Hostile magician turns into frog." },
  { id = "forget", on = "target", state = "forgetful",
    text = "Target forgets its orders, and is incapable of understanding any fresh orders for two periods, or obeying any previously arranged signals." },
  { id = "mire", on = "target", state = "mired", text = "Target moves as if climbing steep hill, the effect lasting for 2 periods." },
}
for n, s in ipairs(magic.SPELLS) do s.n = n; s.rests = magic.RESTS_AFTER[n] == true end

-- "(c) Modify spell number according to the dice." READING: as the random
-- factor of regular troops (SHOOTING): "subtract 1 if the minus score is
-- higher, add 1 if the plus score is higher", nothing when they are equal.
function magic.shift(minus, plus)
  if plus > minus then return 1 elseif minus > plus then return -1 end
  return 0
end

-- READING: a modified number outside 1-12 names no spell: nothing happens
-- (the spell fizzles), and the magician need not rest.
function magic.spell_number(nominated, minus, plus)
  local n = nominated + magic.shift(minus, plus)
  if n < 1 or n > #magic.SPELLS then return nil end
  return n
end

function magic.roll(nominated, dice, purpose)
  if not magic.SPELLS[nominated] then error("magic.roll: spell " .. tostring(nominated) .. " is not 1 to 12", 2) end
  purpose = purpose or "WRG Appendix IV spell roll"
  local minus = dice:roll(magic.REGULAR_DIE, purpose .. ", minus die")
  local plus = dice:roll(magic.REGULAR_DIE, purpose .. ", plus die")
  local n = magic.spell_number(nominated, minus, plus)
  return { nominated = nominated, spell = n, minus = minus, plus = plus, shift = magic.shift(minus, plus) }
end

-- The exact chances of the spell that comes up when `nominated` is named,
-- worked by the engine's odds (every pair of dice): { { spell = n | 0, p = }, ... }
-- sorted by spell (0: no spell, the number fell outside 1-12).
function magic.odds(nominated)
  local dice = require("sandtable.dice")
  local raw = dice.odds(function(src)
    local r = magic.roll(nominated, src)
    return r.spell or 0
  end)
  local out = {}
  for _, o in ipairs(raw) do out[#out + 1] = { spell = o.outcome, p = o.p } end
  table.sort(out, function(a, b) return a.spell < b.spell end)
  return out
end

-- Whether a magician may cast now: not vanished, not a frog, not resting.
-- `states` is his states table (modules.fantasy.states).
function magic.may_cast(states)
  local S = require("modules.fantasy.states")
  return not S.flag(states, "no_magic")
end

return magic
