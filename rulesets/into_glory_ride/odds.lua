-- `sandtable odds` for Into Glory Ride: a melee or a shot between two
-- vignettes described in words, adjudicated exactly by this instance's own
-- pure functions (Phalanx's melee as patched, our shooting).
--
--   sandtable odds into_glory_ride melee "ELE III IA" "HIM III RA E=II"
--   sandtable odds into_glory_ride shoot "ART III RA E=III heavy range=8" "HIP III IA"
--   sandtable odds into_glory_ride shoot "HIM III RA E=IV AA=II range=1" "HCC III RA"
--
-- A vignette is "CLASS INTEGRITY ARMY" (ARMY: RA or IA) followed by words:
--   E=EPOCH  light|medium|heavy (ART weight)  AA=EPOCH (attached ART)
--   melee: bad_going flank overlaps=N support=CLASS/INTEGRITY uphill
--          friends_behind r=N rr=N field_defences
--   shoot (shooter): range=N bad_going all_round; (target): moved_into_contact
--          friends_behind
local fail = require("lib.fail")
local modifiers = require("lib.modifiers")
local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")   -- ours: init.lua `replaces`
local troops = require("phalanx.troops")

local odds = {}

odds.usage = {
  melee = 'melee "CLASS INTEGRITY ARMY [words]" "CLASS INTEGRITY ARMY [words]"  (attacker, then defender)',
  shoot = 'shoot "CLASS INTEGRITY ARMY [E=EPOCH] [light|medium|heavy] [AA=EPOCH] range=N [words]" "CLASS INTEGRITY ARMY [words]"',
}

local FLAGS = { bad_going = true, flank = true, uphill = true, friends_behind = true, field_defences = true,
                moved_into_contact = true, all_round = true }
local NUMBERS = { overlaps = true, r = true, rr = true, range = true }
local WEIGHTS = { light = true, medium = true, heavy = true }
local EPOCHS = { I = true, II = true, III = true, IV = true, V = true }

local function parse_vignette(text, role)
  local words = {}
  for w in text:gmatch("%S+") do words[#words + 1] = w end
  local class, integrity, army = words[1], words[2], words[3]
  if not (class and integrity and army) then
    fail("%s: expected 'CLASS INTEGRITY ARMY', e.g. 'HIM III RA E=II', got '%s'", role, text)
  end
  class = class:upper()
  if not troops.classes[class] then fail("%s: unknown troop class '%s'", role, class) end
  if not troops.army_classes[army] then fail("%s: army class must be RA or IA, got '%s'", role, army) end
  local v = { class = class, integrity = integrity, army_class = army }
  local s = {}
  for i = 4, #words do
    local key, value = words[i]:match("^([%w_]+)=(.+)$")
    key = key or words[i]
    if FLAGS[key] and not value then s[key] = true
    elseif WEIGHTS[key] and not value then v.weight = key
    elseif (key == "E" or key == "AA") and value and EPOCHS[value] then
      if key == "E" then v.epoch = value else v.attached_artillery = value end
    elseif NUMBERS[key] and tonumber(value) then s[key] = tonumber(value)
    elseif key == "support" and value then
      local sc, si, sa = value:match("^(%w+)/(%w+)/?(%w*)$")
      if not sc then fail("%s: support=CLASS/INTEGRITY, got '%s'", role, value) end
      s.support = { class = sc:upper(), integrity = si, army_class = sa ~= "" and sa or army }
    else
      fail("%s: unknown word '%s' (E=EPOCH AA=EPOCH light medium heavy; flags: bad_going flank uphill " ..
        "friends_behind field_defences moved_into_contact all_round; numbers: overlaps= r= rr= range=; " ..
        "support=CLASS/INTEGRITY)", role, words[i])
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
           uphill = s.uphill, friends_behind = s.friends_behind, opponent_behind_field_defences = s.field_defences }
end

local function label(v)
  local extra = (v.epoch and (" E" .. v.epoch) or "") .. (v.weight and (" " .. v.weight) or "")
              .. (v.attached_artillery and (" +AA(E" .. v.attached_artillery .. ")") or "")
  return string.format("%s %s %s%s", v.class, v.integrity, v.army_class, extra)
end

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
      local lines = { string.format("%s shoots %s at range %s", label(sh), label(tg), tostring(situation.range)) }
      for _, shot in ipairs(shooting.shots_of(sh)) do
        if situation.range <= (shot.long or shot.short) then
          local probe_dice = { roll = function() return 0 end }
          local one = shooting.resolve(sh, tg, situation, probe_dice, true)
          lines[#lines + 1] = string.format("  as %s (epoch %s, range %s%s):", shot.as, shot.epoch, shot.short,
            shot.long and ("/" .. shot.long) or "")
          for _, t in ipairs(one.shots) do
            if t.as == shot.as then
              for _, l in ipairs(modifiers.describe(t.terms)) do lines[#lines + 1] = "    " .. l end
            end
          end
        end
      end
      if #shooting.shots_of(sh) > 1 then
        lines[#lines + 1] = "  the target takes the more severe of the two results"
      end
      return lines
    end
    return adjudicate, describe
  end
  fail("unknown odds question '%s' (Into Glory Ride answers: melee, shoot)", tostring(kind))
end

return odds
