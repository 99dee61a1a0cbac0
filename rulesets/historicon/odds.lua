-- `sandtable odds` for Historicon: a melee exchange, a shot or an integrity
-- test between units described in words, adjudicated by the ruleset's own
-- pure functions.
--
--   sandtable odds historicon melee "ERA HIS 24 ranks=4" "GIF HIN 32 ranks=4"
--   sandtable odds historicon shoot "ARA LI 16 ranks=2" "AIF HC 16 ranks=2"
--   sandtable odds historicon integrity "AIF HIS 32 hits=40 disordered"
--
-- A unit is a designation ("ERA HIS", "AIF KC-A", "GIF LI-W"; without the
-- grade and army class, A and RA), its figures (models for HCH, LCH, EI),
-- then words:
--   unit:      ranks=N unformed disordered general hits=N recoils=N horses=N crew=N
--   melee:     uphill (higher on a hill) first_contact flank (struck a formed
--              enemy's flank or rear) again (not the first throw at this enemy:
--              no re-rolls) front=N (figures in the front rank)
--   shoot:     uphill again evaded=N (shooter); moved_into_contact (target)
--   integrity: alone (no friend within 30cm) forming (forming or un-forming)
--
-- The answer that matters is the distribution of hits from a pool of dice
-- with the E / G re-rolls: describe() prints it exactly, by convolution
-- (dice.pool), for every pool, and for a melee the exact chance that either
-- side recoils (more hits received than inflicted). The outcome the program
-- enumerates (or samples, when a pool is too big to enumerate die by die)
-- is the same adjudication run with dice.
local dice_mod = require("sandtable.dice")
local fail = require("lib.fail")
local modifiers = require("lib.modifiers")
local designation = require("historicon.designation")
local troops = require("historicon.troops")
local shooting = require("historicon.shooting")
local melee = require("historicon.melee")
local integrity = require("historicon.integrity")
local P = require("historicon.dice_pool")

local odds = {}

odds.usage = {
  melee = 'melee "DESIGNATION FIGURES [words]" "DESIGNATION FIGURES [words]"  (first, then second)',
  shoot = 'shoot "DESIGNATION FIGURES [words]" "DESIGNATION FIGURES [words]"  (shooter, then target)',
  integrity = 'integrity "DESIGNATION FIGURES [words]"',
}

local FLAGS = { unformed = true, disordered = true, general = true, uphill = true, first_contact = true, flank = true,
                again = true, moved_into_contact = true, alone = true, forming = true }
local NUMBERS = { ranks = true, hits = true, recoils = true, horses = true, crew = true, front = true, evaded = true }

-- Returns the unit table and the situation words.
function odds.parse_unit(text, role)
  local words = {}
  for w in tostring(text or ""):gmatch("%S+") do words[#words + 1] = w end
  local i = 1
  local code
  if words[1] and words[1]:upper():match("^[EAG][RI][AF]$") and words[2] then
    code, i = words[1] .. " " .. words[2], 3
  elseif words[1] then
    code, i = words[1], 2
  end
  if not code then fail("%s: expected 'DESIGNATION FIGURES [words]', e.g. 'ERA HIS 24 ranks=4', got '%s'", role, tostring(text)) end
  local d, err = designation.parse(code)
  if not d then fail("%s: %s", role, err) end
  if d.class == "C" then fail("%s: crew ride their chariot or elephant; describe the model (HCH, LCH, EI)", role) end
  local figures = tonumber(words[i] or "")
  if not figures or math.type(figures) ~= "integer" or figures < 1 or figures > 10000 then
    fail("%s: expected the number of figures (1 to 10000) after '%s', got '%s'", role, code, tostring(words[i]))
  end
  i = i + 1
  local u = { class = d.class, sub = d.sub, ss = d.ss or false, armour = d.armour or false, army = d.army or "RA",
              grade = d.grade or "A", figures = figures, formed = true, disordered = false, hits = 0, recoils = 0,
              general = false }
  u.army = troops.army_class(u)
  u.ranks = troops.is_mounted(u) and 1 or 2
  local s = {}
  for n = i, #words do
    local key, value = words[n]:match("^([%w_]+)=(.+)$")
    key = key or words[n]
    if FLAGS[key] and not value then s[key] = true
    elseif NUMBERS[key] and value then
      -- Whole numbers in range: ranks=0 divided by zero, 2^63 wrapped round.
      local v, least = math.tointeger(tonumber(value)), key == "ranks" and 1 or 0
      if not v or v < least or v > 10000 then
        fail("%s: expected a whole number from %d to 10000 for %s=, got '%s'", role, least, key, value)
      end
      s[key] = v
    else
      fail("%s: unknown word '%s' (flags: unformed disordered general uphill first_contact flank again " ..
        "moved_into_contact alone forming; numbers: ranks= hits= recoils= horses= crew= front= evaded=)", role, words[n])
    end
  end
  if s.unformed then u.formed = false end
  if s.disordered then u.disordered = true end
  if s.general then u.general = true end
  u.ranks = s.ranks or u.ranks
  u.hits, u.recoils = s.hits or 0, s.recoils or 0
  u.horses, u.crew = s.horses, s.crew
  return u, s
end

local function name_of(u)
  return string.format("%s%s %s%s%s %d", u.grade, u.army, u.sub or u.class, u.ss and "+ss" or "", u.armour and "-A" or "",
    u.figures)
end

-- The exact distribution of hits of a pool, as lines.
local function pool_lines(pool)
  local lines = {}
  if pool.dice <= 0 then return { "    no dice: 0 hits for certain" } end
  local dist = dice_mod.pool{ dice = pool.dice, sides = pool.sides, hit_on = pool.hit_on, reroll = pool.reroll }
  local mean = 0
  local parts = {}
  for k = 0, pool.dice do
    local p = dist[k + 1] or 0
    mean = mean + k * p
    if p >= 0.0005 then parts[#parts + 1] = string.format("%d: %.2f%%", k, p * 100) end
  end
  lines[1] = string.format("    exact hits (convolution), mean %.3f:", mean)
  for n = 1, #parts, 6 do
    lines[#lines + 1] = "      " .. table.concat(parts, "   ", n, math.min(#parts, n + 5))
  end
  return lines, dist
end

local function describe_pool(lines, who, pool)
  lines[#lines + 1] = string.format("%s: %d basic dice for %d figures, %d after modifiers, hitting on %d+%s", who,
    pool.basic or 0, pool.figures or 0, pool.dice, pool.hit_on,
    #pool.reroll > 0 and (", re-rolling " .. table.concat(pool.reroll, " and ")) or "")
  for _, l in ipairs(modifiers.describe(pool.terms)) do lines[#lines + 1] = "    " .. l end
  local pl, dist = pool_lines(pool)
  for _, l in ipairs(pl) do lines[#lines + 1] = l end
  return dist
end

local function melee_situation(s)
  return { higher_ground = s.uphill, first_contact = s.first_contact, flank_or_rear = s.flank,
           new_target = not s.again, front_figures = s.front }
end

-- P(first's hits > second's) and so on, from two independent distributions.
function odds.compare(da, db)
  local gt, lt, eq = 0, 0, 0
  for i, pa in ipairs(da) do
    for j, pb in ipairs(db) do
      local p = pa * pb
      if i > j then gt = gt + p elseif i < j then lt = lt + p else eq = eq + p end
    end
  end
  return gt, lt, eq
end

-- Returns an adjudication for dice.odds and a function describing the case.
function odds.prepare(kind, first, second)
  if kind == "melee" then
    local a, sa = odds.parse_unit(first, "first unit")
    local b, sb = odds.parse_unit(second, "second unit")
    local ca, cb = melee_situation(sa), melee_situation(sb)
    local qa, qb = melee.pool(a, b, ca), melee.pool(b, a, cb)
    local function adjudicate(dice)
      local ha = P.roll(qa, dice, "Historicon melee")
      local hb = P.roll(qb, dice, "Historicon melee")
      if hb > ha then return "first recoils" elseif ha > hb then return "second recoils" end
      return "neither recoils"
    end
    local function describe()
      local lines = {}
      local pa = melee.pool(a, b, ca, true)
      local pb = melee.pool(b, a, cb, true)
      local da = describe_pool(lines, "First " .. name_of(a) .. " fights " .. name_of(b), pa)
      local db = describe_pool(lines, "Second " .. name_of(b) .. " fights " .. name_of(a), pb)
      local da_ = da or { 1 }
      local db_ = db or { 1 }
      local gt, lt, eq = odds.compare(da_, db_)
      lines[#lines + 1] = string.format("Exact (Phase 6, more hits received than inflicted): first recoils %.4f%%, " ..
        "second recoils %.4f%%, neither %.4f%%", lt * 100, gt * 100, eq * 100)
      return lines
    end
    return adjudicate, describe
  elseif kind == "shoot" then
    local sh, ss = odds.parse_unit(first, "shooter")
    local tg, ts = odds.parse_unit(second, "target")
    if not shooting.can_shoot(sh) then fail("shoot: %s cannot shoot (no shooting range in Table 2)", name_of(sh)) end
    local situation = { higher_ground = ss.uphill, target_moved_into_contact = ts.moved_into_contact,
                        new_target = not ss.again, evaded_figures = ss.evaded }
    local q = shooting.pool(sh, tg, situation)
    local function adjudicate(dice)
      return string.format("%3d hits", (P.roll(q, dice, "Historicon shooting")))
    end
    local function describe()
      local lines = {}
      local pool = shooting.pool(sh, tg, situation, true)
      describe_pool(lines, name_of(sh) .. " shoots at " .. name_of(tg), pool)
      return lines
    end
    return adjudicate, describe
  elseif kind == "integrity" then
    local u, s = odds.parse_unit(first, "unit")
    if u.class == "C" then fail("integrity: crew test with their model") end
    local situation = { reason = s.forming and "forms_or_unforms" or "odds", no_friend_within_30cm = s.alone }
    local function adjudicate(dice)
      return integrity.test(u, situation, dice, false).result
    end
    local function describe()
      local probe = integrity.test(u, situation, { roll = function() return 1 end }, true)
      local lines = { string.format("%s tests integrity: 2D6 %+d (Table 2: pass, recoil disordered, break)", name_of(u),
        probe.score - probe.natural) }
      for _, l in ipairs(modifiers.describe(probe.terms)) do lines[#lines + 1] = "    " .. l end
      return lines
    end
    return adjudicate, describe
  end
  fail("unknown odds question '%s' (Historicon answers: melee, shoot, integrity)", tostring(kind))
end

return odds
