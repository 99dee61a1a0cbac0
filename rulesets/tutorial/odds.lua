-- Skirmish of Spears: `sandtable odds tutorial ...`. The engine runs
-- adjudicate(dice) once for every roll the dice can show and adds up the
-- probability of each outcome string; describe() prints the case first.
-- Both call the SAME pure functions the battle calls (combat.lua), so the
-- odds are the rules' odds, options and house rules included.
--
--   sandtable odds tutorial melee "horse charging" "bow hits=1"
--   sandtable odds tutorial shoot "bow range=2" "spear"
--
-- A unit is its class followed by words: charging, flank, hits=N, lost=F
-- (the fraction of its army already broken, for the morale option), and
-- for a shooter range=N (in base widths).
local combat = require("tutorial.combat")
local troops = require("tutorial.troops")
local fail = require("lib.fail")

local odds = {}

odds.usage = {
  melee = 'melee "CLASS [charging] [flank] [hits=N] [lost=F]" "CLASS [...]"  (attacker, then defender)',
  shoot = 'shoot "bow range=N" "CLASS"  (shooter, then target)',
}

local function parse(text, role)
  local words = {}
  for w in tostring(text or ""):gmatch("%S+") do words[#words + 1] = w end
  local unit = { class = words[1], hits = 0 }
  if not troops.classes[unit.class] then
    fail("%s: expected a class (%s) first, found '%s'", role, table.concat(troops.order, ", "), tostring(words[1]))
  end
  local side = { charging = false, flank = false, army_lost = 0, range = 1 }
  for i = 2, #words do
    local key, value = words[i]:match("^(%a+)=([%d.]+)$")
    if words[i] == "charging" or words[i] == "flank" then side[words[i]] = true
    elseif key == "hits" then unit.hits = math.tointeger(tonumber(value)) or 0
    elseif key == "lost" then side.army_lost = tonumber(value)
    elseif key == "range" then side.range = tonumber(value)
    else fail("%s: unknown word '%s' (charging, flank, hits=N, lost=F, range=N)", role, words[i]) end
  end
  return unit, side
end

function odds.prepare(kind, first, second)
  if kind == "melee" then
    local a, sa = parse(first, "attacker")
    local d, sd = parse(second, "defender")
    local situation = { attacker = sa, defender = sd }
    return function(dice)
      local out = combat.melee(a, d, situation, dice)
      return "attacker " .. out.attacker_result .. ", defender " .. out.defender_result
    end, function()
      -- the explanation of a probe roll, minus its last line (the die)
      local lines = combat.melee(a, d, situation, { roll = function() return 1 end }).explanation
      lines[#lines] = lines[#lines]:gsub(", die.*$", ": the attacker rolls one d6 (§4.2)")
      return lines
    end
  elseif kind == "shoot" then
    local s, ss = parse(first, "shooter")
    local t = parse(second, "target")
    if troops.classes[s.class].range == 0 then fail("shooter: %s does not shoot", s.class) end
    if ss.range > troops.classes[s.class].range then fail("shooter: out of range (%s BW)", troops.classes[s.class].range) end
    return function(dice)
      return "target " .. combat.shoot(s, t, ss.range, dice).result
    end, function()
      local lines = combat.shoot(s, t, ss.range, { roll = function() return 1 end }).explanation
      lines[1] = lines[1]:gsub(": die.*$", ": one d6 (§5)")
      lines[#lines] = string.format("a hit needs a score of %d", combat.HIT_ON)
      return lines
    end
  end
  fail("unknown odds question '%s' (Skirmish of Spears answers: melee, shoot)", tostring(kind))
end

return odds
