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
--
-- Session eleven: a module's Table 4 modifier may declare the unit fields it
-- reads (`reads = { "fx_gazed", "traits.hero" }`, a dot for a field of a
-- table field); when every modifier not of the "base" layer declares them,
-- those fields join the kind and the values are looked up as well (the
-- fantasy module's heroes, magic swords and basilisks: both fantasy
-- scenarios). One modifier that declares nothing and every value is worked
-- out as before (the weather's, the sieges').
local troops = require("historicon.troops")
local melee = require("historicon.melee")

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

-- The fields the modules' Table 4 modifiers read (their `reads`), as
-- { name = "traits.hero", a = "traits", b = "hero" } in name order; {} when
-- every modifier is the rules' own; false when one of a module's declares
-- nothing (then no value is looked up). Asked for every value looked up, so
-- kept per list with the entries it was made from: made again only when an
-- entry was added, removed or replaced. (Not "while the list is frozen":
-- ruleset.lua's freeze does not reach the lists of an instance's modules as
-- the sim runs them -- Mohi's melee list is not frozen in its battles -- and
-- a kept answer trusted only when frozen was worked out afresh for every
-- value, Mohi +8% instructions a battle.)
local extra_lists = setmetatable({}, { __mode = "k" })
local function extra_fields()
  local list = melee.modifiers
  local entries = list.entries
  local n = #entries
  local c = extra_lists[list]
  if c and c.n == n then
    local same = true
    for i = 1, n do
      if entries[i] ~= c[i] then same = false; break end
    end
    if same then return c.extra end
  end
  local names, seen = {}, {}
  local extra = names
  for _, e in ipairs(entries) do
    if e.layer ~= "base" then
      if type(e.reads) ~= "table" then extra = false; break end
      for _, name in ipairs(e.reads) do
        if not seen[name] then seen[name] = true; names[#names + 1] = name end
      end
    end
  end
  if extra then
    table.sort(names)
    for i, name in ipairs(names) do
      local a, b = name:match("^([%w_]+)%.([%w_]+)$")
      extra[i] = { name = name, a = a or name, b = b }
    end
  end
  c = { n = n, extra = extra }
  for i = 1, n do c[i] = entries[i] end
  extra_lists[list] = c
  return extra
end
P.extra_fields = extra_fields

-- A unit's value of an extra field (nil when the table field is missing).
local function read(u, f)
  local v = u[f.a]
  if f.b then
    if type(v) ~= "table" then return nil end
    return v[f.b]
  end
  return v
end

-- The unit's kind: a number naming its value of every field, kept on the
-- battle's entry for the unit and looked up again only when one changed
-- (the fields compared one by one, written out: this is asked twice for
-- every value looked up; "more than its figure equivalent" worked out
-- again only when the hits changed -- it can change only when they or the
-- figures, class, horses or crew do).
local function same_extra(k, u, extra)
  local x = k.x
  if x.list ~= extra then return false end
  for i = 1, #extra do
    -- (read(u, f) written out: asked twice for every value looked up)
    local f = extra[i]
    local v = u[f.a]
    local b = f.b
    if b then
      if type(v) == "table" then v = v[b] else v = nil end
    end
    if x[i] ~= v then return false end
  end
  return true
end

local function kind(G, uid, u, extra)
  local kept = G.ai_charge_kinds
  if not kept then kept = {}; G.ai_charge_kinds = kept end
  local k = kept[uid]
  if k and k.figures == u.figures and k.ranks == u.ranks and k.formed == u.formed
      and k.disordered == u.disordered and k.broken == u.broken and k.grade == u.grade
      and k.class == u.class and k.sub == u.sub and k.ss == u.ss and k.general == u.general
      and k.horses == u.horses and k.crew == u.crew and k.armour == u.armour and k.army == u.army
      and (extra[1] == nil and k.x.list == extra or same_extra(k, u, extra)) then
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
  -- the modules' fields, named (a value only of lists that read the same)
  local x = { list = extra }
  for i = 1, #extra do
    local v = read(u, extra[i])
    x[i] = v
    parts[#parts + 1] = extra[i].name .. "=" .. (type(v) == "string" and ("s" .. v) or tostring(v))
  end
  k.x = x
  local name = concat(parts, "|")
  local id = kind_ids[name]
  if not id then n_kinds = n_kinds + 1; id = n_kinds; kind_ids[name] = id end
  k.id = id
  kept[uid] = k
  return id
end
-- (the speed test asks a unit's kind under the instance's own fields)
function P.kind(G, uid, u) return kind(G, uid, u, extra_fields() or {}) end

local FLANK_CODE = { [true] = 2, [false] = 1 }

-- The value of a charge of uid (d) on e (t) with `flank`: looked up when
-- exact, else `value_now(G, d, t, flank)` as before.
function P.value(G, uid, e, d, t, flank, value_now)
  if not P.pure[value_now] then return value_now(G, d, t, flank) end
  local extra = extra_fields()
  if not extra then return value_now(G, d, t, flank) end
  local fc = flank == nil and 0 or FLANK_CODE[flank]
  if not fc then return value_now(G, d, t, flank) end
  local key = (kind(G, uid, d, extra) * 1048576 + kind(G, e, t, extra)) * 4 + fc
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
