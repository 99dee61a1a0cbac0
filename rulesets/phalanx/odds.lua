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

local FLAGS = { bad_going = true, flank = true, uphill = true, friends_behind = true, attached_artillery = true,
                field_defences = true, moved_into_contact = true, all_round = true }
local NUMBERS = { overlaps = true, r = true, rr = true, range = true }

local function parse_vignette(text, role)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  local class, integrity, army = words[1], words[2], words[3]
  if not (class and integrity and army) then
    fail("%s: expected 'CLASS INTEGRITY ARMY', e.g. 'HIS IV RA', got '%s'", role, text)
  end
  class = class:upper()
  if not troops.classes[class] then fail("%s: unknown troop class '%s'", role, class) end
  if army ~= "RA" and army ~= "IF" then fail("%s: army class must be RA or IF, got '%s'", role, army) end
  local v = { class = class, integrity = integrity, army_class = army }
  local s = {}
  for i = 4, #words do
    local key, value = words[i]:match("^([%w_]+)=(.+)$")
    key = key or words[i]
    if FLAGS[key] and not value then s[key] = true
    elseif NUMBERS[key] and tonumber(value) then s[key] = tonumber(value)
    elseif key == "support" and value then
      local sc, si, sa = value:match("^(%w+)/(%w+)/?(%w*)$")
      if not sc then fail("%s: support=CLASS/INTEGRITY, got '%s'", role, value) end
      s.support = { class = sc:upper(), integrity = si, army_class = sa ~= "" and sa or army }
    else
      fail("%s: unknown word '%s' (flags: bad_going flank uphill friends_behind attached_artillery " ..
        "field_defences moved_into_contact all_round; numbers: overlaps= r= rr= range=; support=CLASS/INTEGRITY)",
        role, words[i])
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

-- Returns an adjudication for dice.odds and a function describing the case.
function odds.prepare(kind, first, second)
  if kind == "melee" then
    local a, sa = parse_vignette(first, "attacker")
    local d, sd = parse_vignette(second, "defender")
    local situation = { attacker = melee_side(sa), defender = melee_side(sd) }
    local function adjudicate(dice)
      local out = melee.resolve(a, d, situation, dice, false)
      return string.format("attacker %-2s / defender %-2s", out.attacker_result, out.defender_result)
    end
    local function describe()
      local probe = melee.resolve(a, d, situation, { roll = function() return 1 end }, true)
      local lines = {
        string.format("Attacker %s %s %s: base cf %d, modified %d", a.class, a.integrity, a.army_class,
          probe.attacker_base_cf, probe.attacker_cf) }
      for _, l in ipairs(modifiers.describe(probe.attacker_terms)) do lines[#lines + 1] = "  " .. l end
      lines[#lines + 1] = string.format("Defender %s %s %s: base cf %d, modified %d", d.class, d.integrity,
        d.army_class, probe.defender_base_cf, probe.defender_cf)
      for _, l in ipairs(modifiers.describe(probe.defender_terms)) do lines[#lines + 1] = "  " .. l end
      lines[#lines + 1] = string.format("Difference %+d: the attacker throws one d6 on Table 8", probe.difference)
      return lines
    end
    return adjudicate, describe
  elseif kind == "shoot" then
    local sh, ss = parse_vignette(first, "shooter")
    local tg, ts = parse_vignette(second, "target")
    local situation = { range = ss.range or 1, target_ahead = not ss.all_round or nil,
                        target_moved_into_contact = ts.moved_into_contact, shooter_in_bad_going = ss.bad_going,
                        target_friends_behind = ts.friends_behind }
    local ok, why = shooting.can_shoot(sh, tg, situation)
    if not ok then fail("shoot: " .. why) end
    local function adjudicate(dice)
      return "target " .. shooting.resolve(sh, tg, situation, dice, false).result
    end
    local function describe()
      local probe = shooting.resolve(sh, tg, situation, { roll = function() return 1 end }, true)
      local lines = { string.format("%s %s %s shoots %s %s %s at range %s", sh.class, sh.integrity, sh.army_class,
        tg.class, tg.integrity, tg.army_class, tostring(situation.range)) }
      for _, l in ipairs(modifiers.describe(probe.terms)) do lines[#lines + 1] = "  " .. l end
      return lines
    end
    return adjudicate, describe
  end
  fail("unknown odds question '%s' (Phalanx answers: melee, shoot)", tostring(kind))
end

return odds
