-- Timed and permanent states of a unit (WRG 1973 Appendix IV): the generic
-- bookkeeping. A unit's states live in a plain table (it goes into the
-- battle's data, snapshots and hash):
--
--   local S = require("modules.fantasy.states")
--   S.set(st, "petrified", 2)     -- for 2 periods
--   S.set(st, "stone")            -- permanent
--   S.tick(st)                    -- at the start of each period: -> { expired names }
--   S.has(st, "invisible"), S.flag(st, "no_move")
--
-- What each state forbids is data (S.KINDS), so an adapter asks "may it
-- move?" (S.flag(st, "no_move")) rather than naming the states.
local S = {}

-- The states the appendix names, with the periods it gives and what they
-- forbid. A count is the number of periods of play the state governs: set
-- at the start of a period it covers that period and the next ones.
S.KINDS = {
  -- Spell 3: "Target turns to stone for 2 periods, cannot move or fight,
  -- but cannot be damaged except by Giants, Trolls, or stone-throwing engines."
  petrified = { periods = 2, no_move = true, no_fight = true, no_shoot = true, immune = true,
                text = "turned to stone (spell 3)" },
  -- Trolls: "the unit has turned permanently to stone"; basilisk's gaze.
  stone = { no_move = true, no_fight = true, no_shoot = true, immune = true, out_of_play = true,
            text = "turned permanently to stone" },
  gazed = { no_move = true, no_fight = true, no_shoot = true, immune = true, text = "held in stone by a basilisk's gaze" },
  -- Spell 4: "invisible for 3 periods ... It cannot be shot at."
  invisible = { periods = 3, untargetable = true, text = "invisible (spell 4)" },
  -- Spell 9: "Magician turns into frog for 3 periods, loses magical powers".
  frog = { periods = 3, no_magic = true, text = "a frog (spell 9)" },
  -- Dragons: "take one period to eat them, then snooze for 2 periods, not
  -- waking even if attacked".
  eating = { periods = 1, no_move = true, no_shoot = true, text = "eating an elephant" },
  snoozing = { periods = 2, no_move = true, no_fight = true, no_shoot = true, text = "snoozing" },
  -- Moslem saints: "If the winner is wounded, he must then remain where he
  -- is praying for the rest of the battle."
  praying = { no_move = true, text = "praying for the rest of the battle" },
  -- Spell 8: "Target unit fights among itself for one period."
  brawling = { periods = 1, no_move = true, no_shoot = true, disorganised = true, text = "fighting among itself (spell 8)" },
  -- Spell 10: "Other targets sneeze heavily for one period, disorganised."
  sneezing = { periods = 1, disorganised = true, text = "sneezing (spell 10)" },
  -- Spell 11: "forgets its orders, and is incapable of understanding any
  -- fresh orders for two periods" (the order is lost; the state is the two
  -- periods of not understanding).
  forgetful = { periods = 2, no_orders = true, text = "has forgotten its orders (spell 11)" },
  -- Spell 12: "moves as if climbing steep hill, the effect lasting for 2 periods".
  mired = { periods = 2, steep_hill = true, text = "moves as if up a steep hill (spell 12)" },
  -- Spell 7: "Any arrows travelling to or from target reverse direction".
  -- READING: for the period it is cast in.
  reversed = { periods = 1, reverses_missiles = true, text = "missiles reversed (spell 7)" },
  -- "Spells 2, 4, 7, 10 and 11 require the Magician to rest for a period".
  resting = { periods = 1, no_magic = true, text = "resting after a spell" },
}

function S.kind(name)
  local k = S.KINDS[name]
  if not k then error("fantasy states: no state '" .. tostring(name) .. "'", 3) end
  return k
end

-- Sets a state for `periods` (default: the kind's own count; nil for a
-- permanent kind). A state set again runs from the new count.
function S.set(st, name, periods)
  local k = S.kind(name)
  st[name] = periods or k.periods or true
  return st
end

function S.clear(st, name) st[name] = nil end

function S.has(st, name) return st ~= nil and st[name] ~= nil end

-- Whether any state now held carries a flag (no_move, untargetable, ...).
function S.flag(st, flag)
  if not st then return false end
  for name in pairs(st) do
    if S.KINDS[name] and S.KINDS[name][flag] then return true end
  end
  return false
end

-- The states held, sorted (for logs and the replay).
function S.list(st)
  local out = {}
  for name in pairs(st or {}) do out[#out + 1] = name end
  table.sort(out)
  return out
end

-- A period has been played: each timed state loses a period; returns the
-- names that ran out (sorted). Permanent states (true) stay.
function S.tick(st)
  local gone = {}
  for name, left in pairs(st) do
    if type(left) == "number" then
      if left <= 1 then gone[#gone + 1] = name else st[name] = left - 1 end
    end
  end
  table.sort(gone)
  for _, name in ipairs(gone) do st[name] = nil end
  return gone
end

return S
