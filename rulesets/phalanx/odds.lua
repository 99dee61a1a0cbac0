-- `sandtable odds` for Phalanx: a melee or a shot between two vignettes
-- described in words, adjudicated exactly by the ruleset's own pure functions.
--
--   sandtable odds phalanx melee "HIS IV RA overlaps=2" "HIN III RA"
--   sandtable odds phalanx shoot "HIB III RA range=1" "HCC III RA"
--
-- A vignette is "CLASS INTEGRITY ARMY" followed by situation words:
--   melee: bad_going flank overlaps=N support=CLASS/INTEGRITY uphill
--          friends_behind r=N rr=N attached_artillery field_defences
--   shoot (shooter): range=N bad_going all_round; (target): moved_into_contact
--          friends_behind
local melee = require("phalanx.melee")
local fail = require("lib.fail")
local shooting = require("phalanx.shooting")
local troops = require("phalanx.troops")
local modifiers = require("lib.modifiers")

local odds = {}

odds.usage = {
  melee = 'melee "CLASS INTEGRITY ARMY [words]" "CLASS INTEGRITY ARMY [words]"  (attacker, then defender)',
  shoot = 'shoot "CLASS INTEGRITY ARMY range=N [words]" "CLASS INTEGRITY ARMY [words]"  (shooter, then target)',
}

-- The words a vignette may carry. A variant that extends Phalanx (Into Glory
-- Ride) parses with its own vocabulary: its example, army classes, flags,
-- and `take(key, value, v)` for words of its own (true when taken).
odds.WORDS = {
  example = "HIS IV RA",
  armies = "RA or IF",
  flags = { bad_going = true, flank = true, uphill = true, friends_behind = true, attached_artillery = true,
            field_defences = true, moved_into_contact = true, all_round = true },
  numbers = { overlaps = true, r = true, rr = true, range = true },
  help = "flags: bad_going flank uphill friends_behind attached_artillery field_defences moved_into_contact " ..
    "all_round; numbers: overlaps= r= rr= range=; support=CLASS/INTEGRITY",
}

-- "CLASS INTEGRITY ARMY [words]" -> the vignette and its situation words.
function odds.parse_vignette(text, role, vocabulary)
  local W = vocabulary or odds.WORDS
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  local class, integrity, army = words[1], words[2], words[3]
  if not (class and integrity and army) then
    fail("%s: expected 'CLASS INTEGRITY ARMY', e.g. '%s', got '%s'", role, W.example, text)
  end
  class = class:upper()
  if not troops.classes[class] then fail("%s: unknown troop class '%s'", role, class) end
  if not troops.army_classes[army] then fail("%s: army class must be %s, got '%s'", role, W.armies, army) end
  local v = { class = class, integrity = integrity, army_class = army }
  local s = {}
  for i = 4, #words do
    local key, value = words[i]:match("^([%w_]+)=(.+)$")
    key = key or words[i]
    if W.flags[key] and not value then s[key] = true
    elseif W.take and W.take(key, value, v) then -- a word of the variant's
    elseif W.numbers[key] and tonumber(value) then s[key] = tonumber(value)
    elseif key == "support" and value then
      local sc, si, sa = value:match("^(%w+)/(%w+)/?(%w*)$")
      if not sc then fail("%s: support=CLASS/INTEGRITY, got '%s'", role, value) end
      s.support = { class = sc:upper(), integrity = si, army_class = sa ~= "" and sa or army }
    else
      fail("%s: unknown word '%s' (%s)", role, words[i], W.help)
    end
  end
  v.accumulated_r, v.accumulated_rr = s.r, s.rr
  return v, s
end

local function melee_side(s)
  local overlaps
  if s.overlaps and s.overlaps > 0 then
    overlaps = {}
    for i = 1, s.overlaps do overlaps[i] = true end
  end
  return { in_bad_going = s.bad_going, flank_or_rear = s.flank, overlaps = overlaps, support = s.support,
           uphill = s.uphill, friends_behind = s.friends_behind, attached_artillery = s.attached_artillery,
           opponent_behind_field_defences = s.field_defences }
end

-- How a vignette is named in an explanation.
function odds.label(v)
  return string.format("%s %s %s", v.class, v.integrity, v.army_class)
end

-- The melee question: an adjudication for dice.odds and its explanation.
-- `label(v)` names a vignette (a variant's may show more of it).
function odds.melee(first, second, vocabulary, label)
  label = label or odds.label
  local a, sa = odds.parse_vignette(first, "attacker", vocabulary)
  local d, sd = odds.parse_vignette(second, "defender", vocabulary)
  local situation = { attacker = melee_side(sa), defender = melee_side(sd) }
  local function adjudicate(dice)
    local out = melee.resolve(a, d, situation, dice, false)
    return string.format("attacker %-2s / defender %-2s", out.attacker_result, out.defender_result)
  end
  local function describe()
    local probe = melee.resolve(a, d, situation, { roll = function() return 1 end }, true)
    local lines = { string.format("Attacker %s: base cf %d, modified %d", label(a), probe.attacker_base_cf,
      probe.attacker_cf) }
    for _, l in ipairs(modifiers.describe(probe.attacker_terms)) do lines[#lines + 1] = "  " .. l end
    lines[#lines + 1] = string.format("Defender %s: base cf %d, modified %d", label(d), probe.defender_base_cf,
      probe.defender_cf)
    for _, l in ipairs(modifiers.describe(probe.defender_terms)) do lines[#lines + 1] = "  " .. l end
    lines[#lines + 1] = string.format("Difference %+d: the attacker throws one d6 on Table 8", probe.difference)
    return lines
  end
  return adjudicate, describe
end

-- The shooting situation from the shooter's and the target's words.
function odds.shoot_situation(ss, ts)
  return { range = ss.range or 1, target_ahead = not ss.all_round or nil,
           target_moved_into_contact = ts.moved_into_contact, shooter_in_bad_going = ss.bad_going,
           target_friends_behind = ts.friends_behind }
end

-- Returns an adjudication for dice.odds and a function describing the case.
function odds.prepare(kind, first, second)
  if kind == "melee" then
    return odds.melee(first, second)
  elseif kind == "shoot" then
    local sh, ss = odds.parse_vignette(first, "shooter")
    local tg, ts = odds.parse_vignette(second, "target")
    local situation = odds.shoot_situation(ss, ts)
    local ok, why = shooting.can_shoot(sh, tg, situation)
    if not ok then fail("shoot: " .. why) end
    local function adjudicate(dice)
      return "target " .. shooting.resolve(sh, tg, situation, dice, false).result
    end
    local function describe()
      local probe = shooting.resolve(sh, tg, situation, { roll = function() return 1 end }, true)
      local lines = { string.format("%s shoots %s at range %s", odds.label(sh), odds.label(tg),
        tostring(situation.range)) }
      for _, l in ipairs(modifiers.describe(probe.terms)) do lines[#lines + 1] = "  " .. l end
      return lines
    end
    return adjudicate, describe
  end
  fail("unknown odds question '%s' (Phalanx answers: melee, shoot)", tostring(kind))
end

return odds
