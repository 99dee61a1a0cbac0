-- `sandtable odds hinds ...`: one melee throw or one missile cast between
-- units described in words, adjudicated by the ruleset's own pure functions
-- (hinds.melee, hinds.missiles) under the enumerating dice source.
--
--   sandtable odds hinds melee "foot 2 6x4 officers=1 charging" "foot 3 6x5 gaul"
--   sandtable odds hinds cast "foot 4 4x4 bow" "foot 2 6x4 gap=12"
--
-- A unit is ARM (foot | mounted), CLASS (1-4), BASESxFIGURES, then words:
--   unit:   officers=N lost=N pole_arms macedonian gaul bow oriental_bow
--           sling javelin pilum testudo square column march
--   melee:  charging again (not the first throw) flank rear rough (not level
--           ground) obstacle (defends a small obstacle) pursuing (a pursuer
--           met by fresh troops) disordered (broken or in disorder: the
--           other side wins automatically) behind (its enemy is not to its
--           front: no pole arm bonus)
--   cast:   (on the target) gap=N (distance units edge to edge) indirect
--           near_friends (within two units of the shooter's friends)
local fail = require("lib.fail")
local dice = require("sandtable.dice")
local tables = require("hinds.tables")
local troops = require("hinds.troops")
local melee = require("hinds.melee")
local missiles = require("hinds.missiles")

local odds = {}

odds.usage = {
  melee = 'melee "ARM CLASS BASESxFIGURES [words]" "ARM CLASS BASESxFIGURES [words]"',
  cast = 'cast "SHOOTER" "TARGET gap=N [indirect] [near_friends]"',
}

local FLAGS = { pole_arms = true, macedonian = true, gaul = true, charging = true, again = true, flank = true,
                rear = true, rough = true, obstacle = true, pursuing = true, disordered = true, behind = true,
                indirect = true, near_friends = true }
local NUMBERS = { officers = true, lost = true, gap = true }

function odds.parse_unit(text, role)
  local w = {}
  for x in tostring(text or ""):gmatch("%S+") do w[#w + 1] = x end
  local arm, class = w[1], tonumber(w[2] or "")
  local bases, per = (w[3] or ""):match("^(%d+)x(%d+)$")
  if not troops.ARMS[arm or ""] or not class or class < 1 or class > 4 or math.type(class) ~= "integer" or not bases then
    fail("%s: expected 'ARM CLASS BASESxFIGURES [words]', e.g. 'foot 2 6x4 officers=1', got '%s'", role, tostring(text))
  end
  -- Whole numbers in range (2^63x4 was read as a float and failed deep inside).
  bases, per = math.tointeger(tonumber(bases)), math.tointeger(tonumber(per))
  if not bases or not per or bases < 1 or bases > 1000 or per < 1 or per > 100 then
    fail("%s: expected BASESxFIGURES with 1 to 1000 bases of 1 to 100 figures, e.g. '6x4', got '%s'", role, w[3])
  end
  local u = { arm = arm, class = class, bases = bases, per_base = per, officers = 0,
              formation = "normal", name = role }
  local s = {}
  for i = 4, #w do
    local key, value = w[i]:match("^([%w_]+)=(.+)$")
    key = key or w[i]
    if tables.missiles[key] and not value then u.missile = key
    elseif troops.FORMATIONS[key] and not value then u.formation = key
    elseif FLAGS[key] and not value then s[key] = true
    elseif NUMBERS[key] and math.tointeger(tonumber(value or "")) then s[key] = math.tointeger(tonumber(value))
    else
      fail("%s: unknown word '%s' (see `sandtable odds hinds` usage in rulesets/hinds/odds.lua)", role, w[i])
    end
  end
  u.pole_arms, u.macedonian, u.gaul = s.pole_arms or s.macedonian or false, s.macedonian or false, s.gaul or false
  u.officers = s.officers or 0
  u.figures = u.bases * u.per_base - (s.lost or 0)
  u.start_figures = u.bases * u.per_base
  u.type = troops.type_of(u)
  return u, s
end

local function situation(s)
  return {
    charging = s.charging, first_round = not s.again, edge = s.flank and "flank" or (s.rear and "rear" or "front"),
    frontal = not s.behind, level = not s.rough, close_order = true, defending_obstacle = s.obstacle,
    pursuing_fresh = s.pursuing,
  }
end

-- The ways (of 36) a throw of 2 dice makes t, for t = 2..12.
local function two_dice_ways()
  local w = {}
  for t = 2, 12 do w[t] = 6 - math.abs(t - 7) end
  return w
end

-- Exact counts of one melee throw between points pa and pb, by convolution
-- of the two sides' 2-dice throws (each pair of sums weighted by its ways,
-- out of 36 x 36 = 1296): { a, b, draw } and losses[n] = the ways (of 1296)
-- the casualty throws make the loser lose n figures. With `automatic` the
-- named side wins every throw.
function odds.melee_counts(pa, pb, automatic)
  local w = two_dice_ways()
  local r = { a = 0, b = 0, draw = 0, losses = {}, total = 1296 }
  if automatic then r[automatic] = 1296 else
    for ta = 2, 12 do
      for tb = 2, 12 do
        local q = w[ta] * w[tb]
        if ta * pa > tb * pb then r.a = r.a + q elseif tb * pb > ta * pa then r.b = r.b + q else r.draw = r.draw + q end
      end
    end
  end
  for n = 0, 5 do r.losses[n] = 0 end
  for ca = 2, 12 do
    for cb = 2, 12 do
      local n = melee.losses(ca, cb)
      r.losses[n] = r.losses[n] + w[ca] * w[cb]
    end
  end
  return r
end

-- Exact chances of one melee throw between points pa and pb: { a, b, draw,
-- losses = { [n] = P(the loser loses n) } }.
function odds.exact_melee(pa, pb, automatic)
  local c = odds.melee_counts(pa, pb, automatic)
  local r = { a = c.a / 1296, b = c.b / 1296, draw = c.draw / 1296, losses = {} }
  for n = 0, 5 do r.losses[n] = c.losses[n] / 1296 end
  return r
end

-- Chooses index i of `counts` (integers summing to 6^levels) with chance
-- counts[i] / 6^levels, exactly, from a dice source: the unit interval is
-- cut in sixths by one die after another, and the dice stop as soon as the
-- piece thrown lies inside one index's share. Under dice.odds this asks for
-- a few hundred paths where the four 2-dice throws of a melee ask for 36^4.
function odds.weighted(dice, counts, levels, purpose)
  local lo, width = 0, 6 ^ levels
  while true do
    local acc = 0
    for i, c in ipairs(counts) do
      if c > 0 and lo >= acc and lo + width <= acc + c then return i end
      acc = acc + c
    end
    width = width // 6
    lo = lo + (dice:roll(6, purpose) - 1) * width
  end
end

-- Sums (ta, tb) of one class of throws, for replaying the class through
-- melee.round with forced dice.
local function pair_for(test)
  for x = 2, 12 do for y = 2, 12 do if test(x, y) then return x, y end end end
end

-- One die pair (d1, d2) making the sum t.
local function dice_for(t) if t <= 7 then return 1, t - 1 end return t - 6, 6 end

function odds.prepare(kind, first, second)
  if kind == "melee" then
    local a, sa = odds.parse_unit(first, "first unit")
    local b, sb = odds.parse_unit(second, "second unit")
    local ca, cb = situation(sa), situation(sb)
    ca.close_order = a.formation == "normal" or a.formation == "square"
    cb.close_order = b.formation == "normal" or b.formation == "square"
    local automatic
    if sa.disordered and not sb.disordered then automatic = "b" elseif sb.disordered and not sa.disordered then automatic = "a" end
    local side_a, side_b = { { u = a, s = ca } }, { { u = b, s = cb } }
    local pa = melee.side_points(side_a)
    local pb = melee.side_points(side_b)
    local counts = odds.melee_counts(pa, pb, automatic)
    -- One representative of every class of throws: who wins (or a draw),
    -- then the figures the loser loses. The class is chosen with its exact
    -- chance by convolution (odds.melee_counts); the representative throws
    -- are then adjudicated by melee.round itself, so the outcome's words
    -- and the rules' arithmetic stay the ruleset's own.
    local reps = {
      a = { pair_for(function(x, y) return x * pa > y * pb end) },
      b = { pair_for(function(x, y) return y * pb > x * pa end) },
      draw = { pair_for(function(x, y) return x * pa == y * pb end) },
    }
    local casualty = {}
    for n = 0, 5 do casualty[n] = { pair_for(function(x, y) return melee.losses(x, y) == n end) } end
    local function adjudicate(dice_source)
      local who = automatic or ({ "a", "b", "draw" })[odds.weighted(dice_source, { counts.a, counts.b, counts.draw }, 4,
        "Hinds odds: who wins the throw")]
      local forced = {}
      local function push(t) local x, y = dice_for(t); forced[#forced + 1] = x; forced[#forced + 1] = y end
      if not automatic then push(reps[who][1]); push(reps[who][2]) end
      if who ~= "draw" then
        local lc = {}
        for n = 0, 5 do lc[n + 1] = counts.losses[n] end
        local n = odds.weighted(dice_source, lc, 4, "Hinds odds: casualty throws") - 1
        push(casualty[n][1]); push(casualty[n][2])
      end
      local r = melee.round(side_a, side_b, dice.forced(forced), false, { automatic = automatic })
      if not r.winner then return "drawn throw" end
      return string.format("%s wins, %s loses %d", r.winner == "a" and "first" or "second",
        r.winner == "a" and "second" or "first", r.losses)
    end
    -- the same throw rolled die by die (36^4 paths: for tests)
    local function brute_force(dice_source)
      local r = melee.round(side_a, side_b, dice_source, false, { automatic = automatic })
      if not r.winner then return "drawn throw" end
      return string.format("%s wins, %s loses %d", r.winner == "a" and "first" or "second",
        r.winner == "a" and "second" or "first", r.losses)
    end
    local function describe()
      local pa, ta = melee.side_points(side_a, true)
      local pb, tb = melee.side_points(side_b, true)
      local lines = { string.format("First: %s, %d figures%s: %g points", troops.describe(a), troops.strength(a),
        a.officers > 0 and string.format(" (%d officers)", a.officers) or "", pa) }
      for _, l in ipairs(melee.describe_side(ta)) do lines[#lines + 1] = l end
      lines[#lines + 1] = string.format("Second: %s, %d figures: %g points", troops.describe(b), troops.strength(b), pb)
      for _, l in ipairs(melee.describe_side(tb)) do lines[#lines + 1] = l end
      lines[#lines + 1] = "Each throws 2 dice x points; the loser loses half the difference of a second throw of 2 dice"
      lines[#lines + 1] = "(a half rounded up to a whole figure); equal scores are a drawn throw (Hinds §4)."
      lines[#lines + 1] = "The table below is exact: each class of throws (who wins, then the figures lost) is weighed by"
      lines[#lines + 1] = "convolution of the 2-dice throws (odds.melee_counts) and adjudicated by melee.round."
      return lines
    end
    return adjudicate, describe, brute_force
  elseif kind == "cast" then
    local sh = odds.parse_unit(first, "shooter")
    local tg, st = odds.parse_unit(second, "target")
    if not sh.missile then fail("cast: the shooter has no missile weapon (add bow, oriental_bow, sling, javelin or pilum)") end
    local sit = { gap = st.gap or 0, indirect = st.indirect, target_near_friends = st.near_friends }
    local tbl, name = missiles.table_for(sh, tg, sit)
    if not tbl then fail("cast: no cast possible: %s", name) end
    local function adjudicate(dice)
      local r = missiles.cast(sh, tg, sit, dice)
      local n, dm = missiles.figures_lost(r, tg), missiles.dismounted(r, tg)
      return string.format("%d figure%s lost%s", n, n == 1 and "" or "s",
        dm > 0 and string.format(" (%d unhorsed, on foot)", dm) or "")
    end
    local function describe()
      local k, dm = missiles.base_probability(tbl, tg.class, sit, tg)
      return {
        string.format("%s casts at %s, %d units away (%s, %s): %d bases", troops.describe(sh), troops.describe(tg),
          sit.gap, name:gsub("_", " "), sit.indirect and "indirect" or "direct", missiles.casting_bases(sh)),
        string.format("  each base: kills %.4f%%, dismounts %.4f%% (exact)", k * 100, dm * 100),
      }
    end
    return adjudicate, describe
  end
  fail("unknown odds question '%s' (Hinds answers: melee, cast)", tostring(kind))
end

return odds
