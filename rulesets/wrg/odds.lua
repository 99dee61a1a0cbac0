-- `sandtable odds wrg ...`: exact odds of a shooting or hand-to-hand
-- exchange, by the ruleset's own pure functions under enumerating dice.
--
--   sandtable odds wrg shoot "LI C R 10 bow" "HI C R 24 ranks=4 spear"
--   sandtable odds wrg melee "HI C R 24 ranks=4 pike" "HI C B 24 ranks=4 spear"
--
-- A unit: TYPE CLASS R|B (regular or barbarian) FIGURES, then weapons
-- (pilum, spear, long_spear, pike, javelin, axe, bow, sling, kontos ...) and
-- words: ranks=N files=N noshield fanatic disorganised charging uphill
-- first (first period of the melee) moved=N (paces this period) range=N.
-- A melee answers: each side's casualties, and who is pushed back or broken
-- (AFTER HAND-TO-HAND FIGHTING) with the exact probability of each.
local fail = require("lib.fail")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local shooting = require("wrg.shooting")
local melee = require("wrg.melee")

local odds = {}

odds.usage = {
  shoot = 'shoot "TYPE CLASS R|B FIGURES weapons [words]" "TARGET ..."',
  melee = 'melee "TYPE CLASS R|B FIGURES weapons [words]" "ENEMY ..."',
}

function odds.parse_unit(text, role)
  local w = {}
  for x in tostring(text or ""):gmatch("%S+") do w[#w + 1] = x end
  local t, cl, rb, n = w[1], w[2], w[3], tonumber(w[4] or "")
  local known = {}
  for _, k in ipairs(tables.TROOP_TYPES) do known[k] = true end
  if not (t and known[t] and cl and cl:match("^[ABCDE]$") and (rb == "R" or rb == "B") and n and math.type(n) == "integer") then
    fail("%s: expected 'TYPE CLASS R|B FIGURES [weapons and words]', e.g. 'HI C R 24 pilum ranks=4', got '%s'", role, tostring(text))
  end
  local u = { type = t, class = cl, regular = rb == "R", figures = n, weapons = {}, crew = {}, shield = true }
  local s = {}
  for i = 5, #w do
    local k, v = w[i]:match("^([%w_]+)=(%-?%d+)$")
    if k then s[k] = tonumber(v)
    elseif troops.WEAPONS[w[i]] then
      if t == "EL" or t == "CH" then u.crew[#u.crew + 1] = w[i] else u.weapons[#u.weapons + 1] = w[i] end
    elseif w[i] == "noshield" then u.shield = false
    elseif w[i] == "fanatic" then u.fanatic = true
    elseif w[i] == "disorganised" then u.disorganised = true
    else s[w[i]] = true end
  end
  u.ranks = s.ranks or 1
  u.files = s.files or (u.figures + u.ranks - 1) // u.ranks
  if #u.weapons == 0 and not troops.is_model(u) then u.weapons = { "sword" } end
  return u, s
end

local function name_of(u)
  return string.format("%d %s %s %s (%s)", u.figures, u.regular and "regular" or "barbarian", u.class, u.type,
    table.concat(#u.weapons > 0 and u.weapons or u.crew, "/"))
end

function odds.prepare(kind, first, second)
  if kind == "shoot" then
    local a, sa = odds.parse_unit(first, "shooter")
    local b, sb = odds.parse_unit(second, "target")
    if not troops.range(a) then fail("shoot: %s has no missile weapon", name_of(a)) end
    local s = { range = sa.range, target_moved = sb.moved, files = a.files, moved = sa.moved and sa.moved > 0 }
    local function adjudicate(dice)
      return string.format("%3d casualties", shooting.shoot(a, b, s, dice).casualties)
    end
    local function describe()
      local probe = shooting.shoot(a, b, s, { roll = function() return 3 end }, true)
      local lines = { string.format("%s shoots at %s: %d figures, weapon factor %d (%s row, %s target)", name_of(a),
        name_of(b), probe.figures, probe.weapon, probe.row, probe.column) }
      for _, l in ipairs(require("lib.modifiers").describe(probe.terms)) do lines[#lines + 1] = "    " .. l end
      return lines
    end
    return adjudicate, describe
  elseif kind == "melee" then
    local a, sa = odds.parse_unit(first, "first unit")
    local b, sb = odds.parse_unit(second, "second unit")
    local function situation(own, enemy, s)
      return { first_period = s.first == true, charging = s.charging == true, uphill = s.uphill == true,
               files = own.files, enemy = enemy }
    end
    local qa, qb = situation(a, b, sa), situation(b, a, sb)
    local function adjudicate(dice)
      local ra = melee.strike(a, b, qa, dice)
      local rb = melee.strike(b, a, qb, dice)
      local afa = melee.after(a, { received = rb.casualties, inflicted = ra.casualties, figures = a.figures })
      local afb = melee.after(b, { received = ra.casualties, inflicted = rb.casualties, figures = b.figures })
      local what = "melee continues"
      if afa.broken then what = "first broken" elseif afb.broken then what = "second broken"
      elseif afa.pushed_back then what = "first pushed back" elseif afb.pushed_back then what = "second pushed back" end
      return what
    end
    local function describe()
      local lines = {}
      local M = require("lib.modifiers")
      for _, p in ipairs({ { a, b, qa, "First" }, { b, a, qb, "Second" } }) do
        local probe = melee.strike(p[1], p[2], p[3], { roll = function() return 3 end }, true)
        lines[#lines + 1] = string.format("%s %s strikes %s: %d figures, %s row, weapon factor %d", p[4], name_of(p[1]),
          name_of(p[2]), probe.figures, probe.row, probe.weapon)
        for _, l in ipairs(M.describe(probe.terms)) do lines[#lines + 1] = "    " .. l end
      end
      return lines
    end
    return adjudicate, describe
  end
  fail("unknown odds question '%s' (WRG answers: shoot, melee)", tostring(kind))
end

return odds
