-- Hinds' turn, §4 THE MELEE on the board: casualties, the situation of
-- each unit for melee.unit_points, one throw of every combat and what
-- follows it (retreat after a unit's third throw, automatic victory).

local tables = require("hinds.tables")
local troops = require("hinds.troops")
local melee = require("hinds.melee")
local morale = require("hinds.morale")
local H = require("hinds.hexes")
local turn = require("hinds.board")

local say, log, label = turn.say, turn.log, turn.label
local function tinfo(G, q, r) return turn.tinfo(G, q, r) end

---------------------------------------------------------------------------
-- Melee (§4)

-- Riders unhorsed (§3 "4 dismounts"): n mounted figures become men on foot
-- who stay with the unit and fight on foot (melee.base_points).
function turn.dismount(G, uid, n)
  local d = G.D[uid]
  local k = math.min(n, d.figures)
  d.figures = d.figures - k
  d.dismounted = (d.dismounted or 0) + k
  log(G, "dismount", { unit = uid, riders = k })
  say(G, "  %s: %d rider%s unhorsed fight%s on foot.", label(d), k, k == 1 and "" or "s", k == 1 and "s" or "")
end

-- Takes n figures off a unit, rank and file first (dismounted riders, who
-- fight on foot among the horse, before the mounted), then officers.
function turn.lose(G, uid, n)
  local d = G.D[uid]
  local dm = math.min(n, d.dismounted or 0)
  if dm > 0 then d.dismounted = d.dismounted - dm; n = n - dm end
  local f = math.min(n, d.figures)
  d.figures = d.figures - f
  d.officers = math.max(0, d.officers - (n - f))
  G.bf:set_strength(uid, troops.strength(d))
  if troops.strength(d) <= 0 then turn.remove(G, uid, "destroyed") end
end

local function in_disorder(G, d)
  return d.state ~= "ready" or (d.disordered_until and d.disordered_until >= G.turn) or d.formation == "march"
end

-- Whether a light archer or slinger unit is "supported by heavier troops
-- (touching the bases of friendly heavy, medium or light troops)".
function turn.supported(G, d)
  for _, dir in ipairs(H.DIRS) do
    local o = G.occ[H.key(d.q + dir[1], d.r + dir[2])]
    if o and G.D[o].side == d.side and not troops.light_missile(G.D[o]) and G.D[o].state == "ready" then return true end
  end
  return false
end

-- The situation of unit d (side s) in combat c for melee.unit_points.
function turn.melee_situation(G, c, d)
  -- the foe: of the enemies touching d in this combat, the first by id
  -- (turn.adjacent_enemies' order), found without a sorted list
  local foe, fid
  local occ, D, DIRS, q, r = G.occ, G.D, H.DIRS, d.q, d.r
  for i = 1, 6 do
    local dir = DIRS[i]
    local o = occ[(q + dir[1] + 512) * 1024 + (r + dir[2] + 512)]
    if o and (not fid or o < fid) then
      local e = D[o]
      if e.side ~= d.side and e.combat == c.id then foe, fid = e, o end
    end
  end
  local t = tinfo(G, d.q, d.r)
  local s = {
    charging = c.chargers[d.uid] == G.turn,
    first_round = turn.tally(c, d) == 0 and (c.joined[d.uid] == nil or c.joined[d.uid].first ~= false),
    close_order = d.formation == "normal" or d.formation == "square",
    level = turn.level_ground(G, d, foe),
    defending_obstacle = t.obstacle == true and c.chargers[d.uid] == nil,
    pursuing_fresh = d.pursuing ~= nil and foe ~= nil and foe.state == "ready",
  }
  if foe then
    s.edge = turn.edge(G, d, foe)
    s.frontal = turn.to_front(G, d, foe)
  end
  return s
end

local function combat_side(G, c, s)
  local side = {}
  for _, uid in ipairs(c.units[s]) do
    local d = G.D[uid]
    if d.state ~= "gone" and not d.non_combatant then
      side[#side + 1] = { u = d, s = turn.melee_situation(G, c, d) }
    end
  end
  return side
end

local function end_combat(G, c)
  for s = 1, 2 do
    for _, uid in ipairs(c.units[s]) do
      if G.D[uid].combat == c.id then G.D[uid].combat = nil end
    end
  end
  G.combats[c.id] = nil
end

-- The units still in combat c on side s.
local function present(G, c, s)
  local out = {}
  for _, uid in ipairs(c.units[s]) do
    local d = G.D[uid]
    if d.combat == c.id and d.state ~= "gone" then out[#out + 1] = uid end
  end
  c.units[s] = out
  return out
end

-- After a combat is decided: the beaten side retreats, the victor may pursue.
local function decide(G, c, loser, why)
  local winner = 3 - loser
  -- copies: routing takes the beaten out of the combat's own lists
  local beaten = table.move(present(G, c, loser), 1, #c.units[loser], 1, {})
  local victors = table.move(present(G, c, winner), 1, #c.units[winner], 1, {})
  local spot = {}
  for _, uid in ipairs(beaten) do spot[uid] = { G.D[uid].q, G.D[uid].r } end
  for _, uid in ipairs(beaten) do turn.rout(G, uid, morale.must_leave(G.D[uid]), why) end
  end_combat(G, c)
  local cmd = G.sides[winner].commander
  for _, uid in ipairs(victors) do
    local d = G.D[uid]
    if d.state == "ready" then
      d.pursuing = nil
      local q = beaten[1]
      if q and G.D[q].state ~= "gone" and cmd.pursue and cmd.pursue(G, uid, q) then
        d.pursuing, d.pursuit_moves = q, 0
        say(G, "  %s pursues.", label(d))
      elseif q and spot[q] and cmd.occupy and cmd.occupy(G, uid, q) then
        turn.claim(G, uid, spot[q][1], spot[q][2], q)
      end
    end
  end
  log(G, "combat_decided", { combat = c.id, loser = loser })
end

function turn.melee_phase(G)
  local order = {}
  for _, id in ipairs(G.combat_order) do if G.combats[id] then order[#order + 1] = id end end
  G.combat_order = order
  for _, id in ipairs(order) do
    local c = G.combats[id]
    if c then turn.fight(G, c) end
  end
end

-- One throw of combat c.
function turn.fight(G, c)
  local p1, p2 = present(G, c, 1), present(G, c, 2)
  if #p1 == 0 or #p2 == 0 then end_combat(G, c); return end
  -- unsupported light archers and slingers struck by heavier troops
  for s = 1, 2 do
    local heavier = false
    for _, uid in ipairs(c.units[3 - s]) do if not troops.light_missile(G.D[uid]) then heavier = true end end
    if heavier then
      for _, uid in ipairs(present(G, c, s)) do
        local d = G.D[uid]
        if troops.light_missile(d) and not turn.supported(G, d) then
          say(G, "  %s, unsupported light troops struck by heavier troops, lose one man and retreat.", label(d))
          turn.lose(G, uid, tables.melee.light_missile_loss)
          if d.state ~= "gone" then turn.rout(G, uid, morale.must_leave(d), "unsupported") end
        end
      end
    end
  end
  p1, p2 = present(G, c, 1), present(G, c, 2)
  if #p1 == 0 or #p2 == 0 then end_combat(G, c); return end
  local a, b = combat_side(G, c, 1), combat_side(G, c, 2)
  -- "If broken troops or troops in disorder are attacked victory goes
  -- automatically to the attacker"
  local dis = { true, true }
  for s = 1, 2 do
    for _, uid in ipairs(c.units[s]) do if not in_disorder(G, G.D[uid]) then dis[s] = false end end
  end
  -- the attacker: a side with a unit that charged into this combat (or
  -- caught it in pursuit) this turn
  local attacked = { false, false }
  for s = 1, 2 do
    for _, uid in ipairs(c.units[s]) do if c.chargers[uid] == G.turn then attacked[s] = true end end
  end
  local automatic
  if dis[1] and not dis[2] and attacked[2] then automatic = "b"
  elseif dis[2] and not dis[1] and attacked[1] then automatic = "a" end
  local r = melee.round(a, b, G.dice, G.report ~= nil, { automatic = automatic })
  c.round = c.round + 1
  local loser
  if r.winner == "a" then loser = 2 elseif r.winner == "b" then loser = 1 end
  if G.log then
    G.bf:log("melee", { combat = c.id, round = c.round, units1 = p1, units2 = p2, points = r.points, throws = r.throws,
                        casualty = r.casualty, loser = loser, losses = r.losses, automatic = automatic ~= nil })
  end
  if G.report then
    local n1, n2 = {}, {}
    for _, uid in ipairs(p1) do n1[#n1 + 1] = label(G.D[uid]) end
    for _, uid in ipairs(p2) do n2[#n2 + 1] = label(G.D[uid]) end
    say(G, "  Melee, throw %d: %s (%g points) against %s (%g points)%s", c.round, table.concat(n1, " + "), r.points[1],
      table.concat(n2, " + "), r.points[2], automatic and ": the enemy is broken or in disorder, victory is automatic"
      or string.format(": 2 dice %d x %g = %g against %d x %g = %g", r.throws[1], r.points[1], r.scores[1], r.throws[2],
        r.points[2], r.scores[2]))
    for _, t in ipairs({ r.terms[1], r.terms[2] }) do
      for _, line in ipairs(melee.describe_side(t, function(u) return u.name end)) do say(G, "  %s", line) end
    end
    if loser then
      say(G, "    %s loses the throw; casualty throw %d against %d: %d figure%s lost.", G.sides[loser].name,
        r.casualty[1], r.casualty[2], r.losses, r.losses == 1 and "" or "s")
    else
      say(G, "    equal scores: a drawn throw.")
    end
  end
  if loser then
    c.losses[loser] = c.losses[loser] + 1
    local principal = present(G, c, loser)[1]
    if r.losses > 0 then turn.lose(G, principal, r.losses) end
  end
  -- units under half strength leave (the melee ends for them)
  for s = 1, 2 do
    local gone_all = true
    -- a copy: routing takes a unit out of the combat's own list
    local units = present(G, c, s)
    for _, uid in ipairs(table.move(units, 1, #units, 1, {})) do
      if morale.must_leave(G.D[uid]) then
        turn.rout(G, uid, true, "under half strength")
      else
        gone_all = false
      end
    end
    if gone_all then
      if #present(G, c, 3 - s) > 0 then decide(G, c, s, "beaten") else end_combat(G, c) end
      return
    end
  end
  if automatic then decide(G, c, loser, "attacked while broken or in disorder"); return end
  -- each unit's melee lasts three throws from when it joined: after its
  -- third, it retreats if it lost two or more of them; otherwise its fight
  -- is renewed (a newcomer is not bound by throws it did not fight)
  for s = 1, 2 do
    local units = present(G, c, s)
    local beaten, renewed = {}, {}
    for _, uid in ipairs(units) do
      local d = G.D[uid]
      local thrown, lost, won = turn.tally(c, d)
      if thrown >= tables.melee.rounds then
        if morale.retreats(lost, won) == "a" then beaten[#beaten + 1] = { uid, lost } else renewed[#renewed + 1] = uid end
      end
    end
    for _, uid in ipairs(renewed) do
      c.joined[uid] = { c.round, c.losses[1], c.losses[2], first = false }
      say(G, "    %s: after three throws it has not lost two: its fight is renewed.", label(G.D[uid]))
    end
    if #beaten > 0 and #beaten == #units then
      decide(G, c, s, string.format("lost %d of 3 throws", beaten[1][2]))
      return
    end
    for _, b in ipairs(beaten) do
      turn.rout(G, b[1], morale.must_leave(G.D[b[1]]), string.format("lost %d of 3 throws", b[2]))
    end
  end
end

return turn
