-- WRG Ancients 1973, CAMPAIGNS: "A less complicated form to cover a few
-- battles between a pair of opponents". The generic campaign runner
-- (scripts/lib/campaign/runner.lua) fights the battles; this module says, in
-- the book's terms, what carries from one battle to the next:
--
--   C.start(ctx)                 -> state (the rosters of both armies)
--   C.next_battle(state, n)      -> plan: the armies as they now stand, the
--                                   table changes (terrain units added or
--                                   removed by the defender), the month, notes
--   C.after_battle(state, n, r)  -> notes: losses, recovery, changed sides,
--                                   who defends next
--   C.outcome(state)             -> nil while the campaign goes on, else
--                                   { winner = 1 | 2 | nil, reason = text }
--   C.final(state)               -> the outcome when the battles run out
--
-- Readings of what the text leaves open are marked READING and listed in
-- docs/rulesets/wrg.md, CAMPAIGNS.
local tables = require("wrg.tables")
local armies_mod = require("wrg.armies")
local fortress = require("wrg.campaign_fortress")
local campaign_commander = require("wrg.campaign_commander")
local recovery = require("wrg.campaign_recovery")
local field_works = require("wrg.campaign_field_defences")
local setup = require("wrg.setup")

local C = { rule = "WRG 1973 CAMPAIGNS" }

C.MONTHS = { "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December" }

-- "If the weather rules are to be used, start the series in spring, and have
-- each battle take place a month after the previous one." READING: spring
-- starts in March (the campaign file may name another month).
C.SPRING = 3

-- "it adds or subtracts up to 3 terrain units from those picked in the usual way"
C.TERRAIN_CHANGE_MAX = 3

-- Losses and their recovery (campaign_recovery.lua): the same tables and
-- functions, so a house rule patching C.RECOVERY patches them.
C.RECOVERY = recovery.RECOVERY
C.recovered, C.settle, C.seen = recovery.recovered, recovery.settle, recovery.seen
local seen = recovery.seen

---------------------------------------------------------------------------
-- Roles, ground and sides (tested one by one in tests/campaign_test.lua)

-- Who defends next. state: { defender = nil (an encounter) | side };
-- winner: 1 | 2 | nil (a draw). Returns the next defender (nil: an
-- encounter), and fortress = true when the defender lost.
--
-- "1. The first battle is fought as a straight forward encounter. If this is
-- drawn, the next will also be an encounter battle. 2. If one side loses, it
-- is pushed back and fights on the defensive next time. ... If the defender
-- wins, his opponent defends next time. If it is a draw, the first defender
-- carries on. 3. If the defender loses, he takes refuge in a fortress".
function C.next_defender(defender, winner)
  if not defender then
    if winner == nil then return nil end
    return 3 - winner
  end
  if winner == nil then return defender end
  if winner == defender then return 3 - defender end
  return defender, true
end

-- "adds or subtracts up to 3 terrain units from those picked in the usual
-- way": the change clamped to -3..3. READING: the defender's choice is made
-- by its commander (C.defender_terrain); a scenario may force it.
function C.clamp_terrain_change(k)
  return math.max(-C.TERRAIN_CHANGE_MAX, math.min(C.TERRAIN_CHANGE_MAX, k))
end

-- The defender's choice of terrain change is its commander's ("Rules never
-- decide for a player"): the default campaign commander's.
C.defender_terrain = campaign_commander.terrain_change

-- "can construct field defences until it balances its opponents
-- superiority": the points of field defences, and the paces of palisade,
-- ditch or bank they buy (POINTS VALUES: "10 paces of previously constructed
-- palisade, ditch or bank 2 [regular] 3 [barbarian]"). READING: the
-- superiority is the difference in points of the armies as they take the
-- field; the defender's C in C's unit says whether it pays as regulars.
function C.field_defences(defender_points, attacker_points, regular)
  local value = math.max(0, attacker_points - defender_points)
  local cost = tables.points.palisade_10_paces[regular and 1 or 2]
  local lengths = math.floor(value / cost)
  return { points = lengths * cost, paces = lengths * 10 }
end

-- The field defences bought laid on the table (campaign_field_defences.lua):
-- the battle's `table.field_defences`, with the sieges module switched on
-- for it (plan.options) whose pieces they are.
function C.place_field_defences(state, plan, fd, d, a)
  -- READING: a scenario that draws siege pieces of its own (a fortification)
  -- keeps them; the field defences are then computed but not laid.
  local given = state.scenario_table.terrain
  if type(given) == "table" then
    for _, p in ipairs(given) do
      if type(p) == "table" and (p.type == "fortification" or p.type == "siege") then
        plan.notes[#plan.notes + 1] = string.format("field defences worth %d points: not laid, the scenario's table has "
          .. "siege pieces of its own", fd.points)
        return
      end
    end
  end
  local cost = fd.points / (fd.paces // 10)
  local laid = field_works.layout(fd.paces, d, state.table.width, state.table.depth)
  if not laid then
    plan.notes[#plan.notes + 1] = string.format("field defences worth %d points: the table has no room for them", fd.points)
    return
  end
  fd.laid, fd.laid_points = laid.paces, math.floor(laid.paces // 10 * cost + 0.5)
  plan.table.field_defences = laid
  plan.options = { "sieges" }
  plan.notes[#plan.notes + 1] = string.format(
    "field defences balance %s's superiority: %d points buy %d paces of palisade; %d paces (%d points) laid "
    .. "across %s's front%s", state.sides[a].name, fd.points, fd.paces, laid.paces, fd.laid_points,
    state.sides[d].name, laid.paces < fd.paces and " (the rest does not fit between the open flanks)" or "")
end

-- The battles' rules: the field defences' pieces (the runner calls this on
-- every instance it fights a battle of the campaign with).
function C.battle_rules(rules)
  rules.require("wrg.campaign_field_defences").install(rules)
end

-- "Troops that have changed sides will continue to fight for their former
-- enemy, but arabs may change sides again, while former subject races will
-- not." entry: a roster entry that changed sides in a battle. Returns whether
-- it may change sides once more. READING: a unit is an arab when its army
-- list names it so (name or id containing "arab", or nation "Arab").
function C.may_change_again(entry)
  return entry.arab == true
end

---------------------------------------------------------------------------
-- The campaign state

local function copy(t)
  local o = {}
  for k, v in pairs(t) do o[k] = v end
  return o
end

local function is_arab(rec, army)
  local f = rec.fields
  if f.allegiance == "arab_mercenary" then return true end
  local text = string.lower(tostring(f.name or "") .. " " .. tostring(f.id or ""))
  return text:find("arab", 1, true) ~= nil or string.lower(tostring(army.fields.nation or "")) == "arab"
end

-- ctx: { armies = { army1, army2 } (loaded and checked lists), month = n | nil,
-- fortress = { table = the fortress scenario's table } | nil (no siege: the
-- campaign ends when a defender is driven into a fortress) }
function C.start(ctx)
  local state = { sides = {}, defender = nil, fortress = false, battles = {}, wins = { 0, 0 },
                  month = ctx.month, fortress_table = ctx.fortress and ctx.fortress.table or nil,
                  table = setup.scale(ctx.table or {}), scenario_table = ctx.table or {} }
  for s = 1, 2 do
    local army = ctx.armies[s]
    local roster = {}
    local plain = armies_mod.units(army)
    local n = 0
    for _, rec in ipairs(army.fields.units or {}) do
      if type(rec) == "table" and type(rec.fields) == "table" and rec.fields.figures then
        n = n + 1
        roster[#roster + 1] = { rec = rec, unit = plain[n], figures = rec.fields.figures, full = rec.fields.figures,
                                returning = 0, home = s, arab = is_arab(rec, army) }
      end
    end
    state.sides[s] = { army = army, name = army.fields.name or ("side " .. s), roster = roster }
  end
  return state
end

-- The army a side takes into battle: its list with each unit's figures as
-- they now stand; units with no figures stay at home. Returns the army and
-- the roster entries in the order of its units.
function C.army_now(state, s)
  local side = state.sides[s]
  local fields = copy(side.army.fields)
  fields.units = {}
  local order = {}
  for _, e in ipairs(side.roster) do
    if e.figures > 0 then
      local rec = copy(e.rec)
      rec.fields = copy(e.rec.fields)
      rec.fields.figures = e.figures
      -- a unit too weak for its declared ranks fights in as many as it has
      if rec.fields.ranks and rec.fields.ranks > e.figures then rec.fields.ranks = e.figures end
      -- "former subject races will not" change sides again: in the battles
      -- after it turned, such a unit is no longer one whose army reaction
      -- test makes it change sides (THE REACTION TEST 2(ix)); arabs may
      if e.turned and not C.may_change_again(e) then rec.fields.allegiance = nil end
      fields.units[#fields.units + 1] = rec
      order[#order + 1] = e
    end
  end
  local army = copy(side.army)
  army.fields = fields
  return army, order
end

local function points_of(army)
  local total = 0
  for _, u in ipairs(armies_mod.units(army)) do total = total + armies_mod.unit_points(u) end
  return total
end

local function c_in_c_regular(army)
  for _, u in ipairs(armies_mod.units(army)) do
    if u.general == "c_in_c" then return u.regular end
  end
  return true
end

-- The siege: the fortress scenario's table, the besieger's equipment bought
-- "until the value plus his own troops equals that of the fortress and
-- defenders".
local function siege_plan(state, plan)
  local d = state.fortress
  local a = 3 - d
  local regular = c_in_c_regular(plan.armies[d])
  local pieces = type(state.fortress_table.terrain) == "table" and state.fortress_table.terrain or {}
  local value, gates = fortress.value(pieces, regular)
  local dp, ap = points_of(plan.armies[d]), points_of(plan.armies[a])
  local add = fortress.equipment(value + dp - ap, gates, c_in_c_regular(plan.armies[a]))
  plan.scenario = "fortress"
  plan.besieged = d
  plan.defender = d
  plan.table = {}
  for k, v in pairs(state.fortress_table) do plan.table[k] = v end
  plan.table.terrain = type(state.fortress_table.terrain) == "table"
    and fortress.pieces(pieces, d, a, add) or state.fortress_table.terrain
  plan.siege = { value = value, defenders = dp, besiegers = ap, equipment = add }
  plan.role = string.format("the siege of %s's fortress", state.sides[d].name)
  plan.notes[#plan.notes + 1] = string.format(
    "%s holds its fortress (worth %d points) with %d points of troops; %s, %d points, adds %d ladders and %d rams "
    .. "(%d points)", state.sides[d].name, value, math.floor(dp + 0.5), state.sides[a].name, math.floor(ap + 0.5),
    add.ladders, add.rams, add.points)
  state.besieging = d
  return plan
end

function C.next_battle(state, n)
  local plan = { armies = {}, table = {}, notes = {}, defender = state.defender }
  state.order = {}
  for s = 1, 2 do plan.armies[s], state.order[s] = C.army_now(state, s) end
  plan.month = state.month
  if state.fortress and state.fortress_table then return siege_plan(state, plan) end
  if state.defender then
    local d = state.defender
    local a = 3 - d
    local k = C.clamp_terrain_change(C.defender_terrain(armies_mod.units(plan.armies[d])))
    plan.table.terrain_change = k
    local fd = C.field_defences(points_of(plan.armies[d]), points_of(plan.armies[a]), c_in_c_regular(plan.armies[d]))
    plan.field_defences = fd
    plan.role = string.format("%s defends", state.sides[d].name)
    plan.notes[#plan.notes + 1] = string.format("%s defends: %+d terrain units (it knows the ground)", state.sides[d].name, k)
    if fd.points > 0 then
      C.place_field_defences(state, plan, fd, d, a)
    end
  else
    plan.role = "an encounter battle"
  end
  return plan
end


local function plural(n, one, many) return n == 1 and one or many end

-- Whether the besieger took the fortress held by side `d`. READING: the
-- fortress is captured when the besieger wins because the garrison has fled
-- the field (broken, destroyed or gone: WINNERS AND LOSERS' "fled the
-- field"); a besieger ahead on points at nightfall with the garrison still
-- standing in its walls has not captured it.
function C.captured(result, d)
  return result.winner == 3 - d and result.reason == "fled the field"
end

-- result: the battle's result (winner, reason, state = G with G.sides[s].specs
-- in the order of the armies' units, G.D by unit id).
function C.after_battle(state, n, result)
  local notes = {}
  local G = result.state
  local winner = result.winner
  if winner then state.wins[winner] = state.wins[winner] + 1 end
  -- the weather the battle had (the weather module's state), for the account
  local w = G.weather
  if type(w) == "table" and w.potential then
    local fell = (w.rain_periods or 0) + (w.snow_periods or 0)
    notes[#notes + 1] = string.format("weather in %s: %s%s", C.MONTHS[w.month] or tostring(w.month), w.potential,
      fell > 0 and string.format(" (%d %s of rain or snow)", fell, plural(fell, "period", "periods")) or "")
  end
  local turned = {}
  local function outcome_of(s) return winner == nil and "draw" or (winner == s and "winner" or "loser") end
  for s = 1, 2 do
    local outcome = outcome_of(s)
    local k_sum, r_sum, rec_sum, ret_sum = 0, 0, 0, 0
    for i, e in ipairs(state.order[s]) do
      local spec = G.sides[s].specs[i]
      local d = spec and (spec.uid and G.D[spec.uid] or spec) or { figures = 0 }
      -- A unit that changed sides in the battle (REACTION TESTS: "Units of
      -- subject levies or mercenary arabs will change sides"): its figures
      -- are not its old side's losses; it ends the battle as the unit the
      -- other side took over, and is settled with that side's result.
      local final, side = d, s
      if d.changed_sides then final, side = C.turned_unit(G, d, s) end
      local end_seen = seen(final)
      local settled = C.settle(e, end_seen, side == s and outcome or outcome_of(side))
      e.figures, e.returning, e.standing = settled.figures, settled.returning, end_seen.standing
      if side ~= s then
        turned[#turned + 1] = { entry = e, from = s, figures = settled.figures }
      else
        k_sum, r_sum, rec_sum, ret_sum = k_sum + settled.killed, r_sum + settled.runaways,
          rec_sum + settled.recovered, ret_sum + settled.returning
      end
    end
    notes[#notes + 1] = string.format("%s (%s): %d %s lost as casualties, %d runaways; %d recovered at once, %d back for the "
      .. "battle after next", state.sides[s].name, outcome, k_sum, plural(k_sum, "figure", "figures"), r_sum, rec_sum, ret_sum)
  end
  -- units that sat out this battle (no figures): their returning figures come back now
  for s = 1, 2 do
    local fought = {}
    for _, e in ipairs(state.order[s]) do fought[e] = true end
    for _, e in ipairs(state.sides[s].roster) do
      if not fought[e] and e.returning > 0 then
        e.figures, e.returning = e.figures + e.returning, 0
      end
    end
  end
  for _, t in ipairs(turned) do notes[#notes + 1] = C.change_sides(state, t.entry, t.from, t.figures) end
  state.battles[#state.battles + 1] = { winner = winner, defender = state.defender, siege = state.besieging }
  if state.besieging then
    -- the siege's end: taken, or "he breaks up the siege and retreats, and
    -- the next battle will again be an encounter"
    local d = state.besieging
    state.besieging = nil
    if C.captured(result, d) then
      state.captured = d
      notes[#notes + 1] = string.format("%s captures the fortress", state.sides[3 - d].name)
    else
      state.fortress, state.defender = false, nil
      notes[#notes + 1] = string.format("%s does not capture the fortress: it breaks up the siege and retreats; "
        .. "next: another encounter battle", state.sides[3 - d].name)
    end
    if state.month then state.month = state.month % 12 + 1 end
    notes[#notes + 1] = C.strength_note(state)
    return notes
  end
  local next_defender, fortress_now = C.next_defender(state.defender, winner)
  if fortress_now then
    local d = state.defender
    state.fortress = d
    notes[#notes + 1] = string.format("%s, beaten as the defender, takes refuge in a fortress with the troops it has left",
      state.sides[d].name)
    if state.fortress_table then
      -- "with those troops he had left after the disaster": the figures
      -- recovered at once do not reach the fortress; they come back after
      -- the siege with the rest.
      local shut, fought = 0, {}
      for _, e in ipairs(state.order[d]) do fought[e] = true end
      for _, e in ipairs(state.sides[d].roster) do
        local standing = fought[e] and e.standing or 0
        e.returning = e.returning + (e.figures - standing)
        e.figures = standing
        shut = shut + standing
      end
      notes[#notes + 1] = string.format("%d figures shut in the fortress; the rest rejoin after the siege", shut)
    end
  else
    if next_defender then
      notes[#notes + 1] = string.format("next: %s %s and defends", state.sides[next_defender].name,
        next_defender == state.defender and "carries on" or "is pushed back")
    else
      notes[#notes + 1] = "next: another encounter battle"
    end
    state.defender = next_defender
  end
  if state.month then state.month = state.month % 12 + 1 end
  notes[#notes + 1] = C.strength_note(state)
  return notes
end

-- The unit a unit that changed sides became (wrg.units.allegiance sets a
-- new base on the other side: the engine gives a unit one side for life),
-- followed to the end of the battle: an arab unit may have changed back.
-- d: the old unit's data (d.changed_sides), s: its side. Returns the data
-- of the unit it ends the battle as, and that unit's side.
function C.turned_unit(G, d, s)
  local hops = 0
  while d.changed_sides and hops < 8 do
    hops = hops + 1
    local t = 3 - s
    local original = {}
    for _, spec in ipairs(G.sides[t].specs or {}) do if spec.uid then original[spec.uid] = true end end
    local found
    for _, uid in ipairs(G.sides[t].units or {}) do
      local o = G.D[uid]
      if not original[uid] and o ~= d and o.id == d.id and o.name == d.name and not (o.seen_as_turned) then
        found = o
        break
      end
    end
    if not found then return d, s end
    found.seen_as_turned = true
    d, s = found, t
  end
  return d, s
end

-- Moves a roster entry to the other side. "Troops that have changed sides
-- will continue to fight for their former enemy, but arabs may change sides
-- again, while former subject races will not."
function C.change_sides(state, entry, from, figures)
  if entry.turned and not C.may_change_again(entry) then
    return string.format("%s changed sides once already and will not again: it stays with %s",
      tostring(entry.rec.fields.name or entry.rec.fields.id), state.sides[from].name)
  end
  local strength = figures and string.format(" (%d %s)", figures, figures == 1 and "figure" or "figures") or ""
  local list = state.sides[from].roster
  for i = #list, 1, -1 do
    if list[i] == entry then table.remove(list, i) end
  end
  entry.turned = true
  local to = state.sides[3 - from].roster
  to[#to + 1] = entry
  return string.format("%s%s changed sides and will fight for %s in the battles to come",
    tostring(entry.rec.fields.name or entry.rec.fields.id), strength, state.sides[3 - from].name)
end

-- The figures a side has now and will have (its campaign strength).
function C.strength(state, s)
  local now, later = 0, 0
  for _, e in ipairs(state.sides[s].roster) do now, later = now + e.figures, later + e.returning end
  return now, later
end

-- "strength: Romans 230 figures (4 more to come), Britons 150 (58 more)".
function C.strength_note(state)
  local parts = {}
  for s = 1, 2 do
    local now, later = C.strength(state, s)
    parts[s] = string.format("%s %d figures%s", state.sides[s].name, now,
      later > 0 and string.format(" (%d more to come)", later) or "")
  end
  return "strength now: " .. table.concat(parts, ", ")
end

-- nil while the campaign goes on. The fortress: with a fortress scenario
-- (the campaign file's `fortress:`) the siege is fought and a capture ends
-- the campaign; READING: without one, the campaign ends when a defender is
-- driven into a fortress, and is the attacker's. A side with no figures left
-- or due back has lost the campaign.
function C.outcome(state)
  if state.captured then
    local d = state.captured
    return { winner = 3 - d, reason = string.format("%s captured %s's fortress", state.sides[3 - d].name,
      state.sides[d].name) }
  end
  if state.fortress and state.fortress_table and C.strength(state, state.fortress) == 0 then
    local d = state.fortress
    return { winner = 3 - d, reason = string.format("%s's fortress, with no one left standing to hold it, falls to %s",
      state.sides[d].name, state.sides[3 - d].name) }
  end
  if state.fortress and not state.fortress_table then
    local d = state.fortress
    return { winner = 3 - d, reason = string.format("%s drove %s into a fortress; the siege is not played (the "
      .. "campaign names no fortress scenario)", state.sides[3 - d].name, state.sides[d].name) }
  end
  for s = 1, 2 do
    local now, later = C.strength(state, s)
    if now + later == 0 then
      return { winner = 3 - s, reason = string.format("%s has no troops left", state.sides[s].name) }
    end
  end
  return nil
end

-- When the campaign's battles run out. READING: the side that won more
-- battles wins the campaign; equal numbers are a drawn campaign.
function C.final(state)
  local a, b = state.wins[1], state.wins[2]
  if a == b then return { winner = nil, reason = string.format("battles won %d to %d: a drawn campaign", a, b) } end
  local w = a > b and 1 or 2
  return { winner = w, reason = string.format("%s won more battles (%d to %d)", state.sides[w].name,
    math.max(a, b), math.min(a, b)) }
end

return C
