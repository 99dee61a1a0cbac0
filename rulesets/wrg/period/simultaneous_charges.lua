-- WRG Ancients 1973, MOVEMENT, GENERAL: "Both sides move simultaneously,
-- before any shooting or hand-to-hand combat is adjudicated."
--
-- Every charge and countercharge of the period is moved together, in
-- sub-steps: in each, every charger runs the same fraction of its charge
-- (1/STEPS), so who strikes whom first follows from where they stood and how
-- fast they run, not from which side the battle moves first. (The battle
-- used to move the charges one after another in declaration order, side 1's
-- units first: side 2's chargers found their targets already set off, or
-- were struck before they moved; mirror matches leaned to one side.)
-- Within a sub-step the side that moves first alternates, sub-step by
-- sub-step, starting with the side drawn by lot (S.first_charger_side), so
-- the last fraction of a step favours neither side.
--
-- "A charge normally terminates on the line of first contact": a charger
-- that strikes an enemy stops there (the contact: wrg.period.movement_phase,
-- charge_contact); one struck on its way by an enemy's charge fights where
-- it stands. Two units charging each other (or a countercharge and the
-- charge it meets) meet on the way: each runs its share of the gap, in
-- proportion to the two charges' reach, and waits there for the other; if
-- the other stops (struck by another enemy, routed, barred), it goes on with
-- the rest of its charge.
--
-- The paces of a charge are turned into mm of table once, on the ground it
-- starts on (DIFFICULT TERRAIN: "movement rates ... reduced" from the start
-- of the move, as a single move is), and the optional rules that shorten a
-- move (the weather module) are applied to the whole charge once, not to
-- each sub-step; the referee is told of one charge (one allowance).
--
-- The ordinary moves that follow are made one at a time; S.move_order (at
-- the end of this file) sets their order so that neither side always moves
-- first.
local P = require("wrg.period.shared")

local S = {}

-- sub-steps of a charge: the most a charger can gain by moving first
-- within a sub-step is 1/STEPS of its charge, and the side that moves first
-- alternates
S.STEPS = 8

local EPS = 0.01 -- mm

local function kind_of(c) return c.forced and "uncontrolled_charge" or "charge" end

-- The share of the gap (mm) a charger runs to meet a target coming at it,
-- in proportion to the two charges' reach.
local function share_of_gap(G, r, p)
  local t = G.D[r.c.target]
  local ft = P.terrain_factor(G, r.c.target, t)
  local their = P.mm(P.charge_paces(G, r.c.target, t, ft)) / ft
  return G.bf:distance(r.c.charger, r.c.target) * r.st.reach / (r.st.reach + their)
end

-- Whether a charger's partner (the enemy charging it) still comes on.
local function coming(G, p)
  if not p or p.done then return false end
  local d = G.D[p.c.charger]
  return P.live(d) and not d.routing and not d.in_melee
end

local function finish(G, r, stop)
  r.done = true
  if not r.st then return end
  G.D[r.c.charger].moved = r.moved
  P.charge_contact(G, r.c, r.st, stop, r.moved)
end

-- One sub-step of one charger.
local function step(G, r, by_charger)
  local uid = r.c.charger
  local d = G.D[uid]
  -- struck on its way (it fights where it stands), broken, or gone
  if not P.live(d) or d.routing or d.in_melee or not P.live(G.D[r.c.target]) then
    r.done = true
    if r.moved > 0 then d.moved = r.moved end
    return
  end
  if r.cap < r.budget and r.run >= r.cap - EPS then
    -- waits on its share of the gap for the other; when both wait (a
    -- rounding gap left between them), it closes it
    local p = r.partner
    if coming(G, p) and not (p.cap < p.budget and p.run >= p.cap - EPS) then return end
    r.cap = r.budget                          -- the other stopped: the rest of the charge
  end
  local want = math.min(r.step, r.cap - r.run)
  if want <= EPS then finish(G, r, nil); return end
  -- the charger keeps running at its target, which may be moving too (it
  -- turned to face it before it set off; a turn on the way costs nothing:
  -- the charge is one move at its target, the battle cuts it in steps)
  if r.run > 0 then P.face(G, uid, P.bearing(G, uid, r.c.target), true) end
  local f_here = P.terrain_factor(G, uid, d)
  local paces = want * f_here / P.MM
  local stop, moved = P.advance(G, uid, paces, nil, (not r.told) and kind_of(r.c) or nil, r.st.f_start)
  r.told = true
  r.moved = r.moved + moved
  r.run = r.run + moved * P.MM
  d.moved = r.moved
  if type(stop) == "number" and G.D[stop] then
    if G.D[stop].side ~= d.side then finish(G, r, stop); return end
    -- a friend in its path that is charging too may have moved on by the
    -- next sub-step; one that is not stops the charge
    local f = by_charger[stop]
    if not (f and not f.done) then finish(G, r, stop) end
    return
  elseif stop then
    finish(G, r, stop)
    return
  end
  if r.run >= r.budget - EPS then finish(G, r, nil) end
end

-- Which side moves first in the first sub-step (then they alternate): drawn
-- by lot each period (a die: 1-3 side 1, 4-6 side 2), as the ordinary moves'
-- order is (S.move_order), when chargers of both sides run. It used to follow
-- the period's number (side 2 first in the first sub-step of even periods),
-- so the last sub-step of a full charge went to side 1 in every even period:
-- a mirror match's first charges, mostly in period 2, always broke the tie
-- one way (the Macedonian mirror at Gaugamela, sides turned about, fought
-- with the same throws: side 1 won whichever side moved first in the
-- ordinary moves; docs/rulesets/wrg.md, "Mirror matches, session nine").
function S.first_charger_side(G, list)
  local has = { false, false }
  for _, r in ipairs(list) do
    if not r.done then has[G.D[r.c.charger].side] = true end
  end
  if not (has[1] and has[2]) then return 1 end
  return G.dice:roll(6, "WRG charges: which side moves first in the first sub-step (1-3 side 1)") <= 3 and 1 or 2
end

-- Moves `charges` (G.charges: { charger, target, forced }) and
-- `countercharges` ({ charger, target }: the nearest enemy in the
-- countercharger's front) together.
function S.move(G, charges, countercharges)
  local list, by_charger = {}, {}
  for _, c in ipairs(charges) do list[#list + 1] = { c = c } end
  for _, c in ipairs(countercharges) do list[#list + 1] = { c = c } end
  for i, r in ipairs(list) do
    r.i, r.moved, r.run = i, 0, 0
    by_charger[r.c.charger] = by_charger[r.c.charger] or r
  end
  -- partners: two units each running at the other
  for _, r in ipairs(list) do
    local p = by_charger[r.c.target]
    if p and p.c.target == r.c.charger then r.partner = p end
  end
  -- every charger turns to face its target before any runs (CHARGING:
  -- turns are made before normal move distance is exceeded)
  for _, r in ipairs(list) do
    r.st = P.charge_start(G, r.c)
    if not r.st then r.done = true end
  end
  local mp = G.move_paces
  for _, r in ipairs(list) do
    if not r.done then
      local paces = r.st.paces
      if mp then paces = mp(G, r.c.charger, paces, kind_of(r.c)) end
      r.budget = math.max(0, P.mm(paces) / r.st.f_start)
      r.step = r.budget / S.STEPS
      r.cap = r.budget
    end
  end
  for _, r in ipairs(list) do
    if not r.done and r.partner and not r.partner.done then
      local t = G.D[r.c.target]
      if not (t.in_melee or t.routing or t.evading) then
        r.cap = math.min(r.budget, share_of_gap(G, r, r.partner))
      end
    end
  end
  -- the sub-steps (a few more than STEPS: a charger held a step by a friend
  -- in its path, or waiting for a partner that stopped, runs on after)
  G.move_paces = nil -- applied above, once a charge
  local ok, err = pcall(function()
    local lot = S.first_charger_side(G, list)
    for k = 1, 3 * S.STEPS do
      local first = k % 2 == 1 and lot or 3 - lot
      local order = {}
      for _, r in ipairs(list) do if not r.done then order[#order + 1] = r end end
      if #order == 0 then break end
      table.sort(order, function(a, b)
        local sa, sb = G.D[a.c.charger].side == first, G.D[b.c.charger].side == first
        if sa ~= sb then return sa end
        return a.i < b.i
      end)
      for _, r in ipairs(order) do if not r.done then step(G, r, by_charger) end end
    end
    for _, r in ipairs(list) do if not r.done then finish(G, r, nil) end end
  end)
  G.move_paces = mp
  if not ok then error(err, 0) end
end

-- The order in which the ordinary moves are made. They are planned one
-- after another on the table as it stands, so a unit that moves later sees
-- where the earlier ones went: in G.all's order (side 1's units first)
-- side 2's units always planned with side 1's moves made (a Hunnic mirror
-- at Chalons: side 1 won 72% of 100 battles, 26% with the order reversed).
-- The sides' units alternate one by one, and which side moves first is
-- drawn by lot each period (a die: 1-3 side 1, 4-6 side 2): the moves are
-- simultaneous, the rules say nothing of who is first, and a fixed order
-- (or one alternating period by period, side 1 first in period 1) leaves a
-- mirror match leaning to one side.
-- `may_move(d)`: whether a unit may make an ordinary move this phase (an
-- order to move or a reaction instruction). The lot is drawn only when
-- units of both sides may: with one side alone the order changes nothing.
function S.move_order(G, may_move)
  local by_side, movers = { {}, {} }, { 0, 0 }
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local s = d.side
    if by_side[s] then
      by_side[s][#by_side[s] + 1] = uid
      if not may_move or may_move(d) then movers[s] = movers[s] + 1 end
    end
  end
  if movers[1] == 0 or movers[2] == 0 then return G.all end
  local first = G.dice:roll(6, "WRG ordinary moves: which side moves first (1-3 side 1)") <= 3 and 1 or 2
  local a, b = by_side[first], by_side[3 - first]
  local out = {}
  for i = 1, math.max(#a, #b) do
    if a[i] then out[#out + 1] = a[i] end
    if b[i] then out[#out + 1] = b[i] end
  end
  return out
end

return S
