-- Phalanx game turn, activation (ACTIVATION; THE GAME TURN A): what it
-- costs to activate a link for an order, the activation phase, and carrying
-- out an order in phase B. Part of phalanx.turn (turn.lua).

-- phalanx.command: this module only finds the situation on the table, asks
-- them, and moves bases according to the results.

local tables = require("phalanx.tables")
local NL = require("lib.named_list")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")
local command = require("phalanx.command")
local setup = require("phalanx.setup")
local victory = require("phalanx.victory")
local M = require("lib.modifiers")
local account = require("lib.account")
local angles = require("lib.angles")
local manoeuvre = require("lib.manoeuvre")

local turn = require("phalanx.turn.bases")

-- The hot loops over a link's members are numeric (`for i = 1, #g.ids do
-- local uid = g.ids[i]`): ipairs costs a call into the C library per
-- element, which showed as 3% of a battle.
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad = math.rad
local MOVEMENT = tables.movement
local groups_of = troops.groups
local axes = setup.axes
local table_sector = setup.table_sector
local list_is_default, default_cost = command.list_is_default, command.default_cost

-- contact tolerances and the reading of corner contact: turn/bases.lua
local CONTACT, MIN_CONTACT_LEN, CORNER_LEN = turn.CONTACT, turn.MIN_CONTACT_LEN, turn.CORNER_LEN


-- from the other parts
local group_halted = turn.group_halted
local group_in_contact = turn.group_in_contact
local log = turn.log
local say = turn.say
local short = turn.short
local side_name = turn.side_name
local terms_of = turn.terms_of

---------------------------------------------------------------------------
-- Activation (ACTIVATION; THE GAME TURN A).

-- The vignettes of a group as command.activation_cost wants them (a support-
-- linked vignette is part of the link).
-- Fills `link` (a list, emptied first) with them.
local function fill_link(G, g, link)
  local n = 0
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    n = n + 1; link[n] = d
    if d.supporter then n = n + 1; link[n] = d.supporter end
  end
  for k = #link, n + 1, -1 do link[k] = nil end
  return link
end

local function link_of(G, g)
  return fill_link(G, g, {})
end
turn.link_of = link_of

-- What of a group's activation does not depend on the order, kept per group
-- (the commander prices every link's order before the engine activates
-- them): the link, its distance in widths from the General, whether the
-- General's line of sight is blocked, the first member's x and facing, and
-- the costs already found (by crossing and detachment). The costs are kept
-- for one player turn only (a module's modifier may read the turn's state:
-- weather, spells); the rest holds while the link's members, the General
-- (who, broken, his group) and the modifier list stay the same and neither
-- the link nor the General moves (every move goes through sync, which
-- stamps the unit), so a link that held and whose General held is not
-- worked out again next turn.
local function link_base(G, g)
  local cache = G.act_cache
  local c = cache and cache[g]
  -- nothing moved or broke since the entry was checked in this player turn:
  -- the commander pricing orders and the engine activating them
  if c and c.placing == G.placing and c.pturn == G.pturn and c.ids == g.ids and c.n == #g.ids
      and c.mods == command.activation_modifiers.entries and c.nmods == #c.mods then
    return c
  end
  local st = G.moved
  if not st then st = {}; G.moved = st end
  if not cache then cache = {}; G.act_cache = cache end
  local gen = G.sides[g.side].general_uid
  local gd = gen and G.D[gen]
  local ids = g.ids
  local n = #ids
  local mods = command.activation_modifiers.entries
  local pturn = G.pturn
  if c and c.ids == ids and c.n == n and c.gen == gen and c.mods == mods
      and c.nmods == #mods
      and (gen == nil or (c.gst == st[gen] and c.gbroken == gd.broken and c.ggid == gd.gid)) then
    local u, us = c.u, c.us
    local ok = true
    for i = 1, n do
      local uid = ids[i]
      if u[i] ~= uid or us[i] ~= st[uid] then ok = false; break end
    end
    if ok then
      if c.pturn ~= pturn then
        local cost = c.cost
        cost[1], cost[2], cost[3], cost[4] = nil, nil, nil, nil
        c.pturn = pturn
      end
      c.placing = G.placing
      return c
    end
  end
  -- refilled in place (a group's entry is read only until its next refill)
  if not c then c = { u = {}, us = {}, cost = {}, link = {} }; cache[g] = c end
  -- the same members (and modifier list) as at the last refill: the link
  -- (its vignettes and their supporters, fixed for the battle) and its part
  -- of the cost stay
  local same = c.ids == ids and c.n == n and c.mods == mods and c.nmods == #mods
  local u, us = c.u, c.us
  if same then
    for i = 1, n do if u[i] ~= ids[i] then same = false; break end end
  end
  c.pturn, c.ids, c.n, c.gen, c.mods, c.nmods = pturn, ids, n, gen, mods, #mods
  c.gst, c.gbroken, c.ggid = gen and st[gen], gd and gd.broken, gd and gd.gid
  c.dist, c.los = 0, false
  local cost = c.cost
  cost[1], cost[2], cost[3], cost[4] = nil, nil, nil, nil
  for i = 1, n do local uid = ids[i]; u[i] = uid; us[i] = st[uid] end
  for i = #u, n + 1, -1 do u[i] = nil; us[i] = nil end
  if gen and not gd.broken then
    if gd.gid ~= g.gid then
      local best = math.huge
      for j = 1, #ids do local uid = ids[j]; best = min(best, G.bf:distance(gen, uid)) end
      -- whole widths: "+1 for every 4 vignette widths" counts whole multiples
      c.dist = math.floor(best / G.S.frontage)
      local gx, gy = G.px[gen], G.py[gen]
      local x, y = G.px[ids[1]], G.py[ids[1]]
      -- remembered per group while it and its General stay put
      local lc = G.los_cache
      if not lc then lc = {}; G.los_cache = lc end
      local l = lc[g.gid]
      if l and l[1] == gx and l[2] == gy and l[3] == x and l[4] == y then
        c.los = l[5]
      else
        local blocked = G.T:blocked(gx, gy, x, y)
        if l then l[1], l[2], l[3], l[4], l[5] = gx, gy, x, y, blocked
        else lc[g.gid] = { gx, gy, x, y, blocked } end
        c.los = blocked
      end
    end
  end
  local first = ids[1]
  local x0, f0 = G.px[first], G.pf[first]
  local S = G.S
  local sector0 = table_sector(S, x0)
  c.x0, c.f0, c.sector0 = x0, f0, sector0
  -- the open interval of x0's sector (table_sector: west below the flank
  -- width, east above width - flank, the centre between, edges included)
  if sector0 == "west" then c.lo, c.hi = -math.huge, S.flank
  elseif sector0 == "east" then c.lo, c.hi = S.width - S.flank, math.huge
  else c.lo, c.hi = S.flank, S.width - S.flank end
  c.placing = G.placing
  if not same then
    -- the link's own part of the default list's cost (its vignettes do not
    -- change while its members do not), nil for the general way
    c.part = command.link_part(fill_link(G, g, c.link))
  end
  return c
end

-- The order's part: crossing sectors (where the first member would end: a
-- heading change then a straight move) and detachment.
local function order_flags(G, g, order, c)
  if not order then return false, false end
  local crossing = false
  local kind = order.kind
  -- an order that does not move the link cannot cross a sector's edge
  if kind == "move" or kind == "charge" then
    local dist = order.dist or 0
    local x0 = c.x0
    -- the first member ends within dist of x0 (|fx| <= 1); one more mm
    -- covers rounding: no sector's edge that near, no crossing
    local reach = abs(dist) + 1
    if not (x0 - reach > c.lo and x0 + reach < c.hi) then
      local fx = axes(c.f0 + (order.turn or 0))
      crossing = c.sector0 ~= table_sector(G.S, x0 + fx * dist)
    end
  end
  local detachment = G.detachments ~= nil and (g.detached or (order.detach and G.detachments.may_detach(G, g))) or false
  return crossing, detachment
end

local function situation_of(c, crossing, detachment)
  return { distance_from_general = c.dist, line_of_sight_blocked = c.los, crossing_sectors = crossing,
           detachment = detachment }
end

-- The activation situation of a group for an order.
function turn.activation_situation(G, g, order)
  local c = link_base(G, g)
  return situation_of(c, order_flags(G, g, order, c))
end

-- Activation points to activate group g for `order` (min 1), with terms.
function turn.activation_cost(G, g, order, explain)
  local c = link_base(G, g)
  local crossing, detachment = order_flags(G, g, order, c)
  if explain then
    return command.activation_cost(c.link, situation_of(c, crossing, detachment), explain)
  end
  local k = (crossing and 2 or 1) + (detachment and 2 or 0)
  local cost = c.cost[k]
  if cost == nil then
    local part = c.part
    if part ~= nil and list_is_default() then
      cost = default_cost(part, c.dist, c.los, crossing)
    else
      cost = command.activation_cost(c.link, situation_of(c, crossing, detachment))
    end
    c.cost[k] = cost
  end
  return cost, nil
end


---------------------------------------------------------------------------
-- Orders.

-- Executes an activated group's order: { kind = "move", turn =, dist = } |
-- { kind = "charge", target =, turn = } | { kind = "hold" } | { kind = "rally" }.
function turn.execute_order(G, g, order)
  if #g.ids == 0 or G.over then return end
  if order.detach and G.detachments and not g.detached and G.detachments.may_detach(G, g) then
    g.detached = true
    log(G, "detach", { units = g.ids })
    if G.report then say(G, "  %s is detached from the main battle line (Detachments)", short(G.D[g.ids[1]])) end
  end
  local kind = order.kind
  if (kind == "move" or kind == "charge") and (group_halted(G, g) or group_in_contact(G, g)) then
    kind = "hold"
  end
  if kind == "charge" then
    turn.charge(G, g, order.target, order.turn or 0)
  elseif kind == "move" then
    turn.order_move(G, g, order.turn or 0, order.dist, { cohesion = true })
  else
    g.did = { kind = kind }
    if kind == "rally" then g.rallying = true end
  end
end

function turn.activation_phase(G, side)
  local S = G.sides[side]
  local explain = G.report ~= nil or G.log
  local ap = command.turn_activation_points(S.base_ap, G.dice, explain)
  if G.log then log(G, "activation_points", { side = side, die = ap.die, modifier = ap.modifier, points = ap.points }) end
  if G.report then
    say(G, "%s: activation die %d (%+d): %d AP (base %d)", side_name(G, side), ap.die, ap.modifier, ap.points, S.base_ap)
  end
  local orders = S.commander.activate(G, side, ap.points) or {}
  local left = ap.points
  local queued = {}
  for j = 1, #orders do local order = orders[j]
    local g = G.groups[order.gid]
    if g and g.side == side and #g.ids > 0 and not g.activated then
      local cost, terms = turn.activation_cost(G, g, order, explain)
      if cost <= left then
        left = left - cost
        g.activated = true
        queued[#queued + 1] = { g = g, order = order }
        if G.log then log(G, "activation", { units = g.ids, cost = cost, order = order.kind, modifiers = terms_of(terms) }) end
        if G.report then
          local mods = M.describe(terms)
          say(G, "  activates %s%s for %d AP%s: %s", short(G.D[g.ids[1]]),
            #g.ids > 1 and string.format(" and its link (%d)", #g.ids) or "", cost,
            #mods > 0 and (" [" .. table.concat(mods, "; ") .. "]") or "", order.kind)
        end
      end
    end
  end
  return queued
end


return turn
