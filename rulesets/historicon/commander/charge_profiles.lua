-- SPEED (issue #13, session nine): the charge values of one battle shared
-- between pairs of units that look the same to Table 4.
--
-- A kept value (commander/charge_cache.lua) is per pair and is worked out
-- afresh whenever the pair is first weighed or one of its fields changed:
-- two Table 4 pools (melee.pool) each time, most of the commander's
-- objective scoring at Mohi. But an army has few kinds of unit, and a
-- value is a function of what the two units are (the fields below) and of
-- the flank only: of the charge values a battle worked out, 30-50% had been
-- worked out already in that battle for another pair of the same kinds in
-- the same state (counted over 20 battles of Mohi, Argentoratum, Plataea,
-- Winter on the Rhine). Those are looked up here instead.
--
-- Exact only where the value reads nothing else:
--   * the value is the ruleset's own (ai.charge_value_now, registered by
--     ai.lua with `C.pure`); a replaced one is always worked out;
--   * Table 4 is the rules' own (every melee modifier of the "base" layer:
--     commander/cap_reach.lua's exact_values) -- a module's modifier reads
--     other fields (the fantasy module's heroes, the weather's dazzle, the
--     sieges' ladders), and then every value is worked out as before.
-- The fields are every unit field ai.charge_value_now reads, with what it
-- calls (melee.pool, melee.basic_dice, counted_ranks, hit_on; troops'
-- is_mounted, is_formed, is_armoured, front_rank_figures, chariot_team,
-- figure_equivalent; dice_pool's reroll_for): nil, false and true are told
-- apart (a unit with `formed = nil` is formed). Hits count only as "more
-- than its figure equivalent" (the one way the value reads them).
-- Kept per battle (G): the rules' tables cannot change within one.
local troops = require("historicon.troops")
local cap_reach = require("historicon.commander.cap_reach")

local P = {}

-- The value functions a profile may stand for (pure in the fields below).
P.pure = setmetatable({}, { __mode = "k" })

local tostring, concat = tostring, table.concat

-- The fields of a unit a charge value reads (besides hits: see above).
local FIELDS = { "class", "sub", "ss", "figures", "ranks", "formed", "disordered", "grade", "general",
  "horses", "crew", "armour", "army", "broken" }
local NF = #FIELDS

-- The unit's profile: a string naming its value of every field, kept on
-- the unit's own entry and made again only when one of them changed.
local function profile(G, uid, u)
  local kept = G.ai_charge_profiles
  if not kept then kept = {}; G.ai_charge_profiles = kept end
  local k = kept[uid]
  local over = u.hits > troops.figure_equivalent(u)
  if k and k.over == over then
    local same = true
    for i = 1, NF do
      if k[i] ~= u[FIELDS[i]] then same = false; break end
    end
    if same then return k.key end
  end
  k = k or {}
  local parts = {}
  for i = 1, NF do
    local v = u[FIELDS[i]]
    k[i] = v
    parts[i] = type(v) == "string" and ("s" .. v) or tostring(v)
  end
  k.over = over
  parts[NF + 1] = tostring(over)
  k.key = concat(parts, "|")
  kept[uid] = k
  return k.key
end
P.profile = profile

-- The value of a charge of uid (d) on e (t) with `flank`: looked up when
-- exact, else `value_now(G, d, t, flank)` as before.
function P.value(G, uid, e, d, t, flank, value_now)
  if not P.pure[value_now] or not cap_reach.exact_values() then return value_now(G, d, t, flank) end
  local memo = G.ai_charge_by_profile
  if not memo then memo = {}; G.ai_charge_by_profile = memo end
  local key = profile(G, uid, d) .. "#" .. profile(G, e, t) .. "#" .. tostring(flank)
  local v = memo[key]
  if v == nil then
    v = value_now(G, d, t, flank)
    memo[key] = v
  end
  return v
end

return P
