-- Phalanx melee adjudication (MELEE and RESULTS, p.16-19): pure, no state.
--
--   local melee = require("phalanx.melee")
--   local out = melee.resolve(attacker, defender, situation, dice, explain)
--   local ra, rd, die, difference, a_cf, d_cf, a_follows, d_follows =
--     melee.adjudicate(attacker, defender, situation, dice)  -- no table
--
-- A vignette is a plain table:
--   { class = "HIS", integrity = "IV", army_class = "RA",
--     accumulated_r = 0, accumulated_rr = 0 }        -- R / RR results so far
-- situation = { attacker = SIDE, defender = SIDE }, each SIDE optional:
--   in_bad_going    the vignette is in Bad Going (Table 3 says whether that is
--                   a combat penalty for its class)
--   flank_or_rear   contacted by an opponent in flank/rear, or front and flank
--   overlaps        list, one entry per overlapped flank (at most two): true
--                   when the caller has checked the overlapper qualifies, or
--                   the overlapper's total modified cf, which qualifies when it
--                   is at least half this vignette's base cf
--   support         the support-linked vignette behind (LIN/VLI behind
--                   HIS/HIN/HSC, same army class)
--   uphill          higher up a gentle hill's slope than the opponent
--   friends_behind  friends are behind: true (within half of any repulse), or
--                   their distance in full moves
-- The attacker is the player whose turn it is: he throws the die and reads
-- Table 8 with difference = his cf - defender's cf.
--
-- Returns { die, difference, attacker_result, defender_result, attacker_cf,
-- defender_cf, attacker_follows_up, defender_follows_up } with codes S, R, RR, B;
-- with `explain` also attacker_base_cf, defender_base_cf, attacker_terms,
-- defender_terms (List:evaluate terms), table_results and conversions.

local M = require("lib.modifiers")
local troops = require("phalanx.troops")
local tables = require("phalanx.tables")

local melee = {}

local classes = troops.classes
local groups = troops.groups
local CF = tables.combat_factors
local MOVEMENT = tables.movement
local RESULTS = tables.combat_results
local REPULSE_MOVES = tables.repulse_moves
local FOLLOW_UP = tables.follow_up

-- Halves round up: the only rounding the rules ever state ("round up").
local function half_up(v) return -((-v) // 2) end
melee.half_up = half_up

-- Table 7 / Results: ANIMAL (and, READING, the horse-drawn SCH) use the
-- "vs. Mounted/Anim" column.
local function column_against(opponent_code)
  local c = classes[opponent_code]
  if c == nil then error("Phalanx melee: unknown troop class '" .. tostring(opponent_code) .. "'", 3) end
  return c.general == "FOOT" and "foot" or "mounted"
end

-- Base combat factor of vignette v against an opponent of class opponent_code.
local function base_cf(v, opponent_code)
  local row = CF[v.class]
  local value = row and row[column_against(opponent_code)][v.integrity]
  if value == nil then
    error(string.format("Phalanx Table 7: no combat factor for %s class %s (%s)",
      tostring(v.class), tostring(v.integrity),
      row and "the table has '-' there" or "unknown troop class"), 3)
  end
  return value
end
melee.base_cf = base_cf

-- Table 7's right-hand column, with its group codes MTD and EL expanded.
-- Memoised per class pair on first use (after every layer has patched the
-- tables); melee.reset_caches() forgets it.
local disadvantage_cache = {}
local function counts_as_disadvantage(my_code, foe_code)
  local mine = disadvantage_cache[my_code]
  if mine == nil then mine = {}; disadvantage_cache[my_code] = mine end
  local known = mine[foe_code]
  if known ~= nil then return known end
  known = false
  for _, d in ipairs(CF[my_code].disadvantage) do
    local g = groups[d]
    if d == foe_code or (g and g[foe_code]) then known = true; break end
  end
  mine[foe_code] = known
  return known
end
melee.counts_as_disadvantage = counts_as_disadvantage

local function qualifying_overlaps(ctx)
  local n = 0
  local overlaps = ctx.side.overlaps
  for i = 1, #overlaps do
    local o = overlaps[i]
    if o == true or (type(o) == "number" and 2 * o >= ctx.base) then n = n + 1 end
  end
  return n
end

local function supporter_half_cf(ctx)
  local s = ctx.side.support
  if not troops.may_support(s, ctx.me) then
    error(string.format("Phalanx melee: %s %s cannot support %s %s (only LIN and VLI support HIS, HIN and HSC, same army class)",
      tostring(s.army_class), tostring(s.class), tostring(ctx.me.army_class), tostring(ctx.me.class)), 4)
  end
  return half_up(base_cf(s, ctx.foe.class))
end

-- When each melee modifier of tables.melee_modifiers applies. ctx fields:
-- me, foe (vignettes), side (this vignette's situation), base (its base cf).
local conditions = {
  combat_penalty = function(c) return c.side.in_bad_going and MOVEMENT[c.me.class].combat_penalty end,
  flank_or_rear = function(c) return c.side.flank_or_rear and groups.halved_in_flank[c.me.class] end,
  overlapped = function(c) return c.side.overlaps ~= nil end,
  repulses_regular = function(c)
    return c.me.army_class == "RA" and ((c.me.accumulated_r or 0) + (c.me.accumulated_rr or 0)) >= 2
  end,
  repulses_informal = function(c)
    return c.me.army_class == "IF" and ((c.me.accumulated_r or 0) + (c.me.accumulated_rr or 0)) > 0
  end,
  disadvantage = function(c) return counts_as_disadvantage(c.me.class, c.foe.class) end,
  support = function(c) return c.side.support ~= nil end,
  opponent_disadvantaged = function(c) return counts_as_disadvantage(c.foe.class, c.me.class) end,
  uphill = function(c) return c.side.uphill end,
  -- optional rules (tables.optional_melee_modifiers)
  attached_artillery = function(c) return c.me.artillery == "attached" or c.side.attached_artillery end,
  field_defences = function(c) return c.side.opponent_behind_field_defences end,
}
melee.conditions = conditions

-- Turns a transcribed row into a modifier-list entry.
function melee.entry(row)
  local when = conditions[row.id]
  if when == nil then error("Phalanx melee: no condition for modifier '" .. tostring(row.id) .. "'", 2) end
  local e = { id = row.id, text = row.text, rule = row.rule, when = when }
  local effect, add = row.effect, row.add
  if effect == "halve" then
    e.apply = half_up
  elseif effect == "add" then
    e.add = add
  elseif effect == "per_overlap" then
    e.add = function(c) return add * qualifying_overlaps(c) end
  elseif effect == "per_two_repulses" then
    e.add = function(c) return add * (((c.me.accumulated_r or 0) + (c.me.accumulated_rr or 0)) // 2) end
  elseif effect == "per_repulse" then
    e.add = function(c) return add * ((c.me.accumulated_r or 0) + 2 * (c.me.accumulated_rr or 0)) end
  elseif effect == "half_supporter_cf" then
    e.add = supporter_half_cf
  else
    error("Phalanx melee: unknown effect '" .. tostring(effect) .. "' for modifier '" .. tostring(row.id) .. "'", 2)
  end
  return e
end

-- The melee conditional modifiers; options and house rules patch this by id.
local default_entries, default_add = {}, {}
for i, row in ipairs(tables.melee_modifiers) do
  default_entries[i] = melee.entry(row)
  default_add[row.id] = row.add
end
melee.modifiers = M.list("phalanx.melee", default_entries)
-- M.list stamps copies; the fast path below recognises these by identity.
for i, e in ipairs(melee.modifiers.entries) do default_entries[i] = e end
-- Entries an option adds: melee.modifiers:add(melee.optional.field_defences)
melee.optional = {}
for _, row in ipairs(tables.optional_melee_modifiers) do melee.optional[row.id] = melee.entry(row) end

-- The default list, inlined: the no-explain path's speed (it is benchmarked
-- against a bare table look-up). It must compute exactly what
-- melee.modifiers:evaluate computes with the default entries; the test
-- "fast path equals the modifier list" checks that over every class pair.
-- Used only while the list holds exactly the default entries, in order.
local ADD_OVERLAP, ADD_RA, ADD_IF = default_add.overlapped, default_add.repulses_regular, default_add.repulses_informal
local ADD_DISADV, ADD_FOE_DISADV, ADD_UPHILL = default_add.disadvantage, default_add.opponent_disadvantaged, default_add.uphill
local fast_ctx = {}

-- The two Table 7 disadvantage modifiers together, memoised per class pair
-- (both are plain additions after the halvings, so their sum is what counts).
local pair_delta_cache = {}
local function pair_delta(my_class, foe_class)
  local delta = (counts_as_disadvantage(my_class, foe_class) and ADD_DISADV or 0)
              + (counts_as_disadvantage(foe_class, my_class) and ADD_FOE_DISADV or 0)
  local row = pair_delta_cache[my_class]
  if row == nil then row = {}; pair_delta_cache[my_class] = row end
  row[foe_class] = delta
  return delta
end

-- Everything about a class pair that no situation changes, memoised: the
-- Table 7 rows each side reads, whether bad going / a flank contact halve
-- each side, and each side's net disadvantage modifier.
local pair_cache = {}
local function pair_facts(a_class, d_class)
  local a_def, d_def = classes[a_class], classes[d_class]
  local a_row, d_row = CF[a_class], CF[d_class]
  if not (a_def and d_def and a_row and d_row and MOVEMENT[a_class] and MOVEMENT[d_class]) then
    return nil   -- the caller reports the unknown class through base_cf
  end
  local facts = {
    a_vs = a_row[d_def.general == "FOOT" and "foot" or "mounted"],
    d_vs = d_row[a_def.general == "FOOT" and "foot" or "mounted"],
    a_penalised = MOVEMENT[a_class].combat_penalty == true,
    d_penalised = MOVEMENT[d_class].combat_penalty == true,
    a_flank_halves = groups.halved_in_flank[a_class] == true,
    d_flank_halves = groups.halved_in_flank[d_class] == true,
    a_delta = pair_delta(a_class, d_class),
    d_delta = pair_delta(d_class, a_class),
  }
  local row = pair_cache[a_class]
  if row == nil then row = {}; pair_cache[a_class] = row end
  row[d_class] = facts
  return facts
end

local function fast_cf(me, foe, side, base, penalised, flank_halves, delta)
  local cf = base
  if penalised and side.in_bad_going then cf = half_up(cf) end
  if flank_halves and side.flank_or_rear then cf = half_up(cf) end
  local overlaps = side.overlaps
  if overlaps ~= nil then
    local n = 0
    for i = 1, #overlaps do
      local o = overlaps[i]
      if o == true or (type(o) == "number" and 2 * o >= base) then n = n + 1 end
    end
    cf = cf + ADD_OVERLAP * n
  end
  local r, rr = me.accumulated_r, me.accumulated_rr
  if r or rr then
    r, rr = r or 0, rr or 0
    local army = me.army_class
    if army == "RA" then
      if r + rr >= 2 then cf = cf + ADD_RA * ((r + rr) // 2) end
    elseif army == "IF" then
      if r + rr > 0 then cf = cf + ADD_IF * (r + 2 * rr) end
    end
  end
  cf = cf + delta
  if side.support ~= nil then
    fast_ctx.me, fast_ctx.foe, fast_ctx.side = me, foe, side
    cf = cf + supporter_half_cf(fast_ctx)
  end
  if side.uphill then cf = cf + ADD_UPHILL end
  return cf
end
melee.fast_cf = fast_cf

-- Forgets the memoised Table 7 look-ups (after patching tables.combat_factors
-- or troops.groups outside the normal load-then-freeze order).
function melee.reset_caches() disadvantage_cache = {}; pair_delta_cache = {}; pair_cache = {} end

-- A list whose verdict may be remembered: a frozen one cannot change, and the
-- module's own list forgets the verdict whenever it is patched (below).
local verified_list = nil
local tracked = setmetatable({}, { __mode = "k" })
local function list_is_default(list)
  if list == verified_list then return true end
  local entries = list.entries
  if #entries ~= #default_entries then return false end
  for i = 1, #default_entries do
    if entries[i] ~= default_entries[i] then return false end
  end
  if list.frozen or tracked[list] then verified_list = list end
  return true
end
melee.list_is_default = list_is_default

-- melee.modifiers' patch methods forget the fast-path verdict first.
do
  local list = melee.modifiers
  for _, name in ipairs({ "add", "remove", "replace" }) do
    local method = list[name]
    list[name] = function(self, ...) verified_list = nil; return method(self, ...) end
  end
  tracked[list] = true
end

local EMPTY = setmetatable({}, { __newindex = function() error("read-only", 2) end })
-- Reused evaluation contexts: adjudication is not re-entrant, and not
-- allocating them keeps the no-explain path close to a bare table look-up.
local ctx_a, ctx_d = {}, {}

local function is_repulse(r) return r == "R" or r == "RR" end

-- Results (Break): light troops breaking against HI or elephants are RR
-- instead, "unless the vignettes cf has already been reduced to half or less
-- (round up)". "Reduced" matters: an unmodified VLI (base 1) is not reduced,
-- although 1 is half of 1 rounded up.
local function break_to_rr(result, me, foe, cf, base)
  if result == "B" and groups.break_becomes_rr[me.class]
     and (groups.HI[foe.class] or groups.EL[foe.class])
     and not (cf < base and cf <= half_up(base)) then
    return "RR"
  end
  return result
end
melee.break_to_rr = break_to_rr

-- Results (RR): a R or RR move into friends within half of it is a B.
local function into_friends(result, friends_behind)
  if friends_behind and (result == "R" or result == "RR")
     and (friends_behind == true or friends_behind <= REPULSE_MOVES[result] / 2) then
    return "B"
  end
  return result
end
melee.into_friends = into_friends

-- Results (Repulsed): an IF Class III-V vignette whose opponent is repulsed
-- must follow up a full move.
local function follows_up(me, my_result, foe_result)
  return my_result == "S" and is_repulse(foe_result)
     and me.army_class == FOLLOW_UP.army_class and FOLLOW_UP.integrity[me.integrity] == true
end
melee.follows_up = follows_up

-- Explanation of the conversions applied to one side's Table 8 result.
local function note_conversions(conversions, who, from, after_break, final)
  if after_break ~= from then
    conversions[#conversions + 1] = { side = who, from = from, to = after_break,
      rule = "Results, Break: light troops against HI or elephants" }
  end
  if final ~= after_break then
    conversions[#conversions + 1] = { side = who, from = after_break, to = final,
      rule = "Results, RR: repulse into friends within half the move" }
  end
end

local FOLLOW_ARMY, FOLLOW_INTEGRITY = FOLLOW_UP.army_class, FOLLOW_UP.integrity

-- After the combat factors: the attacker's die (the player whose turn it
-- is), Table 8 read with difference = his cf - defender's cf, the
-- conversions (Results: Break -> RR for light troops, then a repulse into
-- friends -> Break) and the IF follow-up (Results, Repulsed). `why`, when
-- given, receives Table 8's own results and those after Break -> RR.
local function finish(attacker, defender, side_a, side_d, a_base, d_base, a_cf, d_cf, dice, why)
  local difference = a_cf - d_cf
  local die = dice:roll(6, "Phalanx melee, Table 8")
  local band
  if difference <= -3 then band = RESULTS.minus_3_or_more
  elseif difference < 0 then band = RESULTS.minus_1_or_2
  elseif difference == 0 then band = RESULTS.even
  elseif difference <= 2 then band = RESULTS.plus_1_or_2
  else band = RESULTS.plus_3_or_more end
  local cell = band[die]
  local ra, rd = cell[1], cell[2]
  if why then why.table_a, why.table_d = ra, rd end
  -- guarded so the common case calls nothing
  if ra == "B" then ra = break_to_rr(ra, attacker, defender, a_cf, a_base) end
  if rd == "B" then rd = break_to_rr(rd, defender, attacker, d_cf, d_base) end
  if why then why.a_after_break, why.d_after_break = ra, rd end
  local friends = side_a.friends_behind
  if friends then ra = into_friends(ra, friends) end
  friends = side_d.friends_behind
  if friends then rd = into_friends(rd, friends) end
  local a_follows, d_follows = false, false
  if ra == "S" then
    a_follows = (rd == "R" or rd == "RR") and attacker.army_class == FOLLOW_ARMY
                and FOLLOW_INTEGRITY[attacker.integrity] == true
  elseif rd == "S" then
    d_follows = (ra == "R" or ra == "RR") and defender.army_class == FOLLOW_ARMY
                and FOLLOW_INTEGRITY[defender.integrity] == true
  end
  return ra, rd, die, difference, a_cf, d_cf, a_follows, d_follows
end

-- The adjudication without explanation, as values and no table: what a battle
-- or an experiment needs thousands of times a second.
--   local ra, rd, die, difference, a_cf, d_cf, a_follows, d_follows =
--     melee.adjudicate(attacker, defender, situation, dice)
-- (`resolve` below returns the same in a table, with the explanation on
-- request.) A patched modifier list goes the general way, through the list.
function melee.adjudicate(attacker, defender, situation, dice)
  situation = situation or EMPTY
  local side_a, side_d = situation.attacker or EMPTY, situation.defender or EMPTY
  local list = melee.modifiers
  local a_class, d_class = attacker.class, defender.class
  local a_base, d_base, a_cf, d_cf
  if list == verified_list or list_is_default(list) then
    local row = pair_cache[a_class]
    local facts = row and row[d_class] or pair_facts(a_class, d_class)
    a_base = facts and facts.a_vs[attacker.integrity]
    d_base = facts and facts.d_vs[defender.integrity]
    if a_base == nil then base_cf(attacker, d_class) end   -- raises, naming the cell
    if d_base == nil then base_cf(defender, a_class) end
    a_cf = fast_cf(attacker, defender, side_a, a_base, facts.a_penalised, facts.a_flank_halves, facts.a_delta)
    d_cf = fast_cf(defender, attacker, side_d, d_base, facts.d_penalised, facts.d_flank_halves, facts.d_delta)
  else
    a_base, d_base = base_cf(attacker, d_class), base_cf(defender, a_class)
    ctx_a.me, ctx_a.foe, ctx_a.side, ctx_a.base = attacker, defender, side_a, a_base
    ctx_d.me, ctx_d.foe, ctx_d.side, ctx_d.base = defender, attacker, side_d, d_base
    a_cf = list:evaluate(a_base, ctx_a)
    d_cf = list:evaluate(d_base, ctx_d)
  end
  return finish(attacker, defender, side_a, side_d, a_base, d_base, a_cf, d_cf, dice)
end

function melee.resolve(attacker, defender, situation, dice, explain)
  if not explain then
    local ra, rd, die, difference, a_cf, d_cf, a_follows, d_follows =
      melee.adjudicate(attacker, defender, situation, dice)
    return {
      die = die, difference = difference,
      attacker_result = ra, defender_result = rd,
      attacker_cf = a_cf, defender_cf = d_cf,
      attacker_follows_up = a_follows, defender_follows_up = d_follows,
    }
  end
  situation = situation or EMPTY
  local side_a, side_d = situation.attacker or EMPTY, situation.defender or EMPTY
  local list = melee.modifiers
  local a_base, d_base = base_cf(attacker, defender.class), base_cf(defender, attacker.class)
  ctx_a.me, ctx_a.foe, ctx_a.side, ctx_a.base = attacker, defender, side_a, a_base
  ctx_d.me, ctx_d.foe, ctx_d.side, ctx_d.base = defender, attacker, side_d, d_base
  local a_cf, a_terms = list:evaluate(a_base, ctx_a, explain)
  local d_cf, d_terms = list:evaluate(d_base, ctx_d, explain)
  local why = {}
  local ra, rd, die, difference, _, _, a_follows, d_follows =
    finish(attacker, defender, side_a, side_d, a_base, d_base, a_cf, d_cf, dice, why)
  local table_a, table_d = why.table_a, why.table_d
  local conversions = {}
  note_conversions(conversions, "attacker", table_a, why.a_after_break, ra)
  note_conversions(conversions, "defender", table_d, why.d_after_break, rd)
  return {
    die = die, difference = difference,
    attacker_result = ra, defender_result = rd,
    attacker_cf = a_cf, defender_cf = d_cf,
    attacker_follows_up = a_follows, defender_follows_up = d_follows,
    attacker_base_cf = a_base, defender_base_cf = d_base,
    attacker_terms = a_terms, defender_terms = d_terms,
    table_results = { attacker = table_a, defender = table_d },
    conversions = conversions,
  }
end

-- The modified cf of one vignette against an opponent, without a die: for
-- overlap checks ("total modified combat factor") and "what if" questions.
function melee.modified_cf(v, opponent, side, explain)
  local ctx = { me = v, foe = opponent, side = side or EMPTY, base = base_cf(v, opponent.class) }
  return melee.modifiers:evaluate(ctx.base, ctx, explain)
end

return melee
