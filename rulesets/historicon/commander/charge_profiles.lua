-- SPEED (issue #13, session nine): charge values shared between pairs of
-- units that look the same to Table 4, in one battle and the next.
--
-- A kept value (commander/charge_cache.lua) is per pair and is worked out
-- afresh whenever the pair is first weighed or one of its fields changed:
-- two Table 4 pools (melee.pool) each time, most of the commander's
-- objective scoring at Mohi. But an army has few kinds of unit, and a
-- value is a function of what the two units are (the fields below) and of
-- the flank only: of the charge values a battle worked out, 30-50% had been
-- worked out already in that battle for another pair of the same kinds in
-- the same state (counted over 20 battles of Mohi, Argentoratum, Plataea,
-- Winter on the Rhine), and 80-93% counting the earlier battles of the same
-- run. Those are looked up here instead.
--
-- Exact only where the value reads nothing else:
--   * the value is the ruleset's own (ai.charge_value_now, registered by
--     ai.lua with `P.pure`); a replaced one is always worked out;
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

-- Kinds of unit, and the values worked out, kept for the ruleset instance:
-- each ruleset instance (the rules as written, each variant or set of
-- options) loads its own copy of this file (docs/design.md, "Ruleset
-- instances") and its tables are frozen once loaded, so a value worked out
-- in one battle holds in the next of the same instance -- a sim's hundred
-- battles of the same armies. (Worked out afresh, only the battles' first
-- pairs of each kind in each state: 85-93% of the values worked out were
-- such repeats.) Each worker of a sim has its own Lua state, so its own
-- copy; the values are the same on any thread count.
local kind_ids, n_kinds = {}, 0
local values, n_values = {}, 0
local MAX_VALUES = 200000 -- then forgotten and made again (a bound, never a change)

-- The unit's kind: a number naming its value of every field, kept on the
-- battle's entry for the unit and looked up again only when one changed
-- (the fields compared one by one, written out: this is asked twice for
-- every value looked up; "more than its figure equivalent" worked out
-- again only when the hits changed -- it can change only when they or the
-- figures, class, horses or crew do).
local function kind(G, uid, u)
  local kept = G.ai_charge_kinds
  if not kept then kept = {}; G.ai_charge_kinds = kept end
  local k = kept[uid]
  if k and k.figures == u.figures and k.ranks == u.ranks and k.formed == u.formed
      and k.disordered == u.disordered and k.broken == u.broken and k.grade == u.grade
      and k.class == u.class and k.sub == u.sub and k.ss == u.ss and k.general == u.general
      and k.horses == u.horses and k.crew == u.crew and k.armour == u.armour and k.army == u.army then
    if k.hits == u.hits then return k.id end
    -- new hits (the usual change): the same kind while they stay on the
    -- same side of its figure equivalent
    local over = u.hits > troops.figure_equivalent(u)
    if over == k.over then k.hits = u.hits; return k.id end
  end
  k = {}
  local parts = {}
  for i = 1, NF do
    local f = FIELDS[i]
    local v = u[f]
    k[f] = v
    parts[i] = type(v) == "string" and ("s" .. v) or tostring(v)
  end
  k.hits, k.over = u.hits, u.hits > troops.figure_equivalent(u)
  parts[NF + 1] = tostring(k.over)
  local name = concat(parts, "|")
  local id = kind_ids[name]
  if not id then n_kinds = n_kinds + 1; id = n_kinds; kind_ids[name] = id end
  k.id = id
  kept[uid] = k
  return id
end
P.kind = kind

local FLANK_CODE = { [true] = 2, [false] = 1 }

-- The value of a charge of uid (d) on e (t) with `flank`: looked up when
-- exact, else `value_now(G, d, t, flank)` as before.
function P.value(G, uid, e, d, t, flank, value_now)
  if not P.pure[value_now] or not cap_reach.exact_values() then return value_now(G, d, t, flank) end
  local fc = flank == nil and 0 or FLANK_CODE[flank]
  if not fc then return value_now(G, d, t, flank) end
  local key = (kind(G, uid, d) * 1048576 + kind(G, e, t)) * 4 + fc
  local v = values[key]
  if v == nil then
    v = value_now(G, d, t, flank)
    if n_values >= MAX_VALUES then values, n_values = {}, 0 end
    values[key] = v
    n_values = n_values + 1
  end
  return v
end

-- How many values are kept (the speed test counts them).
function P.kept_values() return n_values end

return P
