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
  local u = { arm = arm, class = class, bases = tonumber(bases), per_base = tonumber(per), officers = 0,
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

-- The distribution of a throw of 2 dice: P[t] for t = 2..12.
local function two_dice()
  local p = {}
  for t = 2, 12 do p[t] = (6 - math.abs(t - 7)) / 36 end
  return p
end

-- Exact chances of one melee throw between points pa and pb: { a, b, draw,
-- losses = { [n] = P(the loser loses n) } }.
function odds.exact_melee(pa, pb, automatic)
  local p = two_dice()
  local r = { a = 0, b = 0, draw = 0, losses = {} }
  if automatic then r[automatic] = 1 else
    for ta = 2, 12 do
      for tb = 2, 12 do
        local q = p[ta] * p[tb]
        if ta * pa > tb * pb then r.a = r.a + q elseif tb * pb > ta * pa then r.b = r.b + q else r.draw = r.draw + q end
      end
    end
  end
  for n = 0, 5 do r.losses[n] = 0 end
  for ca = 2, 12 do
    for cb = 2, 12 do
      local n = melee.losses(ca, cb)
      r.losses[n] = r.losses[n] + p[ca] * p[cb]
    end
  end
  return r
end

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
    local function adjudicate(dice)
      local r = melee.round(side_a, side_b, dice, false, { automatic = automatic })
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
      local e = odds.exact_melee(pa, pb, automatic)
      lines[#lines + 1] = string.format("Exact (by convolution of the 2-dice throws): first wins %.4f%%, second wins %.4f%%, " ..
        "drawn %.4f%%", e.a * 100, e.b * 100, e.draw * 100)
      local parts = {}
      for n = 0, 5 do parts[#parts + 1] = string.format("%d: %.4f%%", n, e.losses[n] * 100) end
      lines[#lines + 1] = "  figures the loser loses: " .. table.concat(parts, "   ")
      return lines
    end
    return adjudicate, describe
  elseif kind == "cast" then
    local sh = odds.parse_unit(first, "shooter")
    local tg, st = odds.parse_unit(second, "target")
    if not sh.missile then fail("cast: the shooter has no missile weapon (add bow, oriental_bow, sling, javelin or pilum)") end
    local sit = { gap = st.gap or 0, indirect = st.indirect, target_near_friends = st.near_friends }
    local tbl, name = missiles.table_for(sh, tg, sit)
    if not tbl then fail("cast: no cast possible: %s", name) end
    local function adjudicate(dice)
      local r = missiles.cast(sh, tg, sit, dice)
      return string.format("%d figure%s lost", missiles.figures_lost(r, tg), missiles.figures_lost(r, tg) == 1 and "" or "s")
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
