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
-- The parsing of a vignette in words and the melee question are Phalanx's
-- (phalanx.odds, this instance's copy: its melee is the patched one); the
-- words and the shooting question are ours.
local fail = require("lib.fail")
local modifiers = require("lib.modifiers")
local phalanx_odds = require("phalanx.odds")
local shooting = require("phalanx.shooting")   -- ours: init.lua `replaces`

local odds = {}

odds.usage = {
  melee = 'melee "CLASS INTEGRITY ARMY [words]" "CLASS INTEGRITY ARMY [words]"  (attacker, then defender)',
  shoot = 'shoot "CLASS INTEGRITY ARMY [E=EPOCH] [light|medium|heavy] [AA=EPOCH] range=N [words]" "CLASS INTEGRITY ARMY [words]"',
}

local WEIGHTS = { light = true, medium = true, heavy = true }
local EPOCHS = { I = true, II = true, III = true, IV = true, V = true }

-- Attached artillery is AA=EPOCH here, not a flag.
local WORDS = {
  example = "HIM III RA E=II",
  armies = "RA or IA",
  flags = { bad_going = true, flank = true, uphill = true, friends_behind = true, field_defences = true,
            moved_into_contact = true, all_round = true },
  numbers = phalanx_odds.WORDS.numbers,
  take = function(key, value, v)
    if WEIGHTS[key] and not value then v.weight = key; return true end
    if (key == "E" or key == "AA") and value and EPOCHS[value] then
      if key == "E" then v.epoch = value else v.attached_artillery = value end
      return true
    end
    return false
  end,
  help = "E=EPOCH AA=EPOCH light medium heavy; flags: bad_going flank uphill friends_behind field_defences " ..
    "moved_into_contact all_round; numbers: overlaps= r= rr= range=; support=CLASS/INTEGRITY",
}

local function label(v)
  local extra = (v.epoch and (" E" .. v.epoch) or "") .. (v.weight and (" " .. v.weight) or "")
              .. (v.attached_artillery and (" +AA(E" .. v.attached_artillery .. ")") or "")
  return string.format("%s %s %s%s", v.class, v.integrity, v.army_class, extra)
end

function odds.prepare(kind, first, second)
  if kind == "melee" then
    return phalanx_odds.melee(first, second, WORDS, label)
  elseif kind == "shoot" then
    local sh, ss = phalanx_odds.parse_vignette(first, "shooter", WORDS)
    local tg, ts = phalanx_odds.parse_vignette(second, "target", WORDS)
    local situation = phalanx_odds.shoot_situation(ss, ts)
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
