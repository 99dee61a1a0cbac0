-- WRG 1973: the commander's trial moves made cheap (rulesets/wrg/commander_trials.lua,
-- issue #13 speed): the bound from geometry never exceeds what a real trial
-- move leaves, and the commander's move choice is the same with the trials
-- it skips as with every candidate tried.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local tables = require("wrg.tables")
local turn = require("wrg.turn")
local ai = require("wrg.ai")
local trials = require("wrg.commander_trials")

local MM = tables.MM_PER_PACE
local unit, fight = F.unit, F.fight

-- A small deterministic generator (the tests roll no battle dice).
local function lcg(seed)
  local s = seed
  return function(lo, hi)
    s = (s * 1103515245 + 12345) % 2147483648
    return lo + (hi - lo) * (s / 2147483648)
  end
end

local KINDS = {
  { "HI", { figures = 8, ranks = 2 } }, { "MC", { figures = 6, ranks = 1 } },
  { "LI", { figures = 4, ranks = 1 } }, { "EL", { figures = 2, ranks = 1, weapons = { "elephant" } } },
  { "HC", { figures = 12, ranks = 2 } },
}

-- The trial the commander makes (ai.lua try_move): turn to bearing bb (from
-- half a degree), pay the turn's paces, advance the rest; the distance left.
local function real_trial(G, uid, bb, paces)
  local d = G.D[uid]
  return turn.probe(G, uid, function()
    local _, _, f = G.bf:pos(uid)
    local diff = turn.norm(bb - f)
    local cost = 0
    if math.abs(diff) >= 0.5 then
      G.bf:move(uid, "turn", diff)
      cost = ai.turn_cost(d, diff)
    end
    local go = paces - cost - (d.push_debt or 0)
    if go > 0 then turn.advance(G, uid, go) end
    return G.bf:distance(uid, G.by_id[2].e)
  end)
end

T.case("WRG 1973 MOVEMENT (commander's trial moves): the least distance never exceeds a real trial's", function()
  local rnd = lcg(7)
  local checked, useful, tight, naive_wrong = 0, 0, 0, 0
  for n = 1, 60 do
    local k = KINDS[(n - 1) % #KINDS + 1]
    local extra = {}
    for key, v in pairs(k[2]) do extra[key] = v end
    local x, y, f = rnd(400, 1400), rnd(300, 900), rnd(-180, 180)
    local a = math.rad(rnd(-180, 180))
    local gap = rnd(20, 400)
    local G = fight{ side1 = { unit("u", k[1], x, y, f, extra) },
                     side2 = { unit("e", "MI", x - math.sin(a) * gap, y + math.cos(a) * gap, rnd(-180, 180)) } }
    local uid, eid = G.by_id[1].u, G.by_id[2].e
    local d = G.D[uid]
    local dist = G.bf:distance(uid, eid)
    local _, _, facing = G.bf:pos(uid)
    for _, off in ipairs({ 0, 0.3, 15, -30, 45, 60, -90, 135, 180 }) do
      local bb = turn.norm(facing + off)
      for _, paces in ipairs({ 1, 20, 60 }) do
        local after = real_trial(G, uid, bb, paces)
        local least = trials.least_distance_of_move(d, bb, facing, paces, dist, MM, true)
        checked = checked + 1
        T.truthy(least <= after, string.format("case %d, turn %g, %g paces: least %.2f <= after %.2f", n, off, paces, least, after))
        if least > 0 then useful = useful + 1 end
        if after - least < 10 then tight = tight + 1 end
        -- the same bound without the corners' sweep is wrong somewhere: the
        -- sweep term is needed
        local no_sweep = dist - math.max(0, paces - (math.abs(off) >= 0.5 and ai.turn_cost(d, off) or 0)) * MM - trials.SLACK
        if no_sweep > after + 0.01 then naive_wrong = naive_wrong + 1 end
      end
    end
  end
  T.eq(checked, 60 * 9 * 3, "every trial checked")
  T.truthy(useful > checked / 3, "the bound says something (above 0) in a third of the trials at least: " .. useful)
  T.truthy(tight > 0, "and is within 10 mm of the real distance in some: " .. tight)
  T.truthy(naive_wrong > 0, "a bound without the sweep of the corners fails in some: " .. naive_wrong)
end)

T.case("WRG 1973 MOVEMENT (commander's trial moves): the move chosen is the same with the trials skipped", function()
  local rnd = lcg(11)
  local probes = 0
  local probe = turn.probe
  turn.probe = function(...) probes = probes + 1; return probe(...) end
  local with, without, same, moves = 0, 0, 0, 0
  for n = 1, 40 do
    -- an attacking unit, two friends near it, two enemies at some distance
    local k = KINDS[(n - 1) % #KINDS + 1]
    local extra = { set = { order = "attack" } }
    for key, v in pairs(k[2]) do extra[key] = v end
    local x, y = rnd(500, 1300), rnd(250, 450)
    local side1 = { unit("u", k[1], x, y, rnd(-40, 40), extra),
                    unit("f1", "HI", x + rnd(-200, 200), y + rnd(-120, 120), rnd(-30, 30)),
                    unit("f2", "MI", x + rnd(-200, 200), y + rnd(-120, 120), rnd(-30, 30)) }
    local side2 = { unit("e", "MI", x + rnd(-400, 400), y + rnd(250, 700), 180 + rnd(-30, 30)),
                    unit("e2", "HC", x + rnd(-400, 400), y + rnd(250, 700), 180 + rnd(-30, 30), { figures = 6, ranks = 1 }) }
    local G = fight{ side1 = side1, side2 = side2 }
    local uid = G.by_id[1].u
    trials.SKIP = false
    probes = 0
    local all = ai.move(G, uid)
    without = without + probes
    G.D[uid].ai_last_move = nil
    trials.SKIP = true
    probes = 0
    local cheap = ai.move(G, uid)
    with = with + probes
    G.D[uid].ai_last_move = nil
    if all and all.distance and all.distance > 0 then moves = moves + 1 end
    if (all == nil and cheap == nil) or (all and cheap and all.bearing == cheap.bearing and all.distance == cheap.distance
        and all.advancing == cheap.advancing) then
      same = same + 1
    end
  end
  turn.probe = probe
  trials.SKIP = true
  T.eq(same, 40, "the same move in every situation")
  T.truthy(moves >= 20, "most situations order a move (" .. moves .. ")")
  T.truthy(with < without, string.format("fewer trial moves: %d with the skips, %d without", with, without))
end)


-- The charge ai.charge_target chooses with every trial run and with the
-- skips on, and the ticks of a case's counter in each (`reset` zeroes it,
-- `read` reads it): the two charge cases below compare the two choices.
local function charge_both_ways(G, uid, reset, read)
  trials.SKIP = false
  reset()
  local all = ai.charge_target(G, uid)
  local ticks_all = read()
  G.D[uid].ai_last_charge = nil
  trials.SKIP = true
  reset()
  local cheap = ai.charge_target(G, uid)
  local ticks_cheap = read()
  G.D[uid].ai_last_charge = nil
  return all, cheap, ticks_all, ticks_cheap
end

T.case("WRG 1973 CHARGING (commander's charge choice): the same charge with the reaction chance worked out only when it decides", function()
  local rnd = lcg(23)
  local asked = 0
  local chance = ai.reaction_chance
  ai.reaction_chance = function(...) asked = asked + 1; return chance(...) end
  local with, without, same, charges = 0, 0, 0, 0
  local kinds = { { "LI", { figures = 4, ranks = 1 } }, { "MC", { figures = 6, ranks = 1 } }, { "HI", { figures = 8, ranks = 2 } },
                  { "HC", { figures = 6, ranks = 1, class = "A" } }, { "LMI", { figures = 6, ranks = 1, class = "D" } },
                  { "LI", { figures = 2, ranks = 1, class = "E" } } }
  for n = 1, 60 do
    local k = kinds[(n - 1) % #kinds + 1]
    local extra = { set = { order = "attack" } }
    for key, v in pairs(k[2]) do extra[key] = v end
    local x, y = rnd(500, 1300), rnd(300, 500)
    local ek = n % 2 == 0 and { "HI", { figures = 16, ranks = 4, class = "A", weapons = { "pike" } } }
      or kinds[math.floor(rnd(1, #kinds + 1))]
    local eextra = {}
    for key, v in pairs(ek[2]) do eextra[key] = v end
    local G = fight{ side1 = { unit("u", k[1], x, y, rnd(-20, 20), extra) },
                     side2 = { unit("e", ek[1], x + rnd(-80, 80), y + rnd(60, 220), (n % 4 < 2 and 0 or 180) + rnd(-40, 40), eextra) } }
    local uid = G.by_id[1].u
    local e = G.D[G.by_id[2].e]
    if n % 5 == 0 then e.disorganised = true end
    local all, cheap, n_all, n_cheap = charge_both_ways(G, uid, function() asked = 0 end, function() return asked end)
    without, with = without + n_all, with + n_cheap
    if all then charges = charges + 1 end
    if all == cheap then same = same + 1 end
  end
  ai.reaction_chance = chance
  trials.SKIP = true
  T.eq(same, 60, "the same charge (or none) in every situation")
  T.truthy(charges >= 10 and charges < 60, "some situations charge, some do not (" .. charges .. " of 60 charge)")
  T.truthy(with < without, string.format("fewer chances worked out: %d with the skips, %d without", with, without))
end)

T.case("WRG 1973 CHARGING (commander's charge choice): each enemy's trial charge made once a choice, the same charge", function()
  -- An attacking unit with three enemies in reach, often one behind
  -- another: a trial at the farther one strikes the nearer first, and the
  -- battle's declared charge is tried at the nearer itself (charge_value).
  -- With the skips on, the trial at an enemy already tried in this choice
  -- is not run again (commander_trials.lua, 5): the choice must be the
  -- same as with every trial run.
  local rnd = lcg(57)
  local runs = 0
  local path = ai.charge_path
  ai.charge_path = function(...) runs = runs + 1; return path(...) end
  local with, without, same, charges = 0, 0, 0, 0
  local kinds = { { "MC", { figures = 6, ranks = 1 } }, { "HI", { figures = 8, ranks = 2 } },
                  { "HC", { figures = 6, ranks = 1, class = "A" } }, { "LI", { figures = 4, ranks = 1 } } }
  local foes = { { "LI", { figures = 4, ranks = 1 } }, { "MI", { figures = 8, ranks = 2 } },
                 { "LC", { figures = 4, ranks = 1 } }, { "HI", { figures = 16, ranks = 4, class = "A", weapons = { "pike" } } } }
  for n = 1, 40 do
    local k = kinds[(n - 1) % #kinds + 1]
    local extra = { set = { order = "attack" } }
    for key, v in pairs(k[2]) do extra[key] = v end
    local x, y = rnd(500, 1300), rnd(300, 500)
    local side2 = {}
    for i = 1, 3 do
      local ek = foes[math.floor(rnd(1, #foes + 1))]
      local eextra = {}
      for key, v in pairs(ek[2]) do eextra[key] = v end
      -- the first straight ahead, the second behind it, the third anywhere ahead
      local ex = i == 3 and x + rnd(-120, 120) or x + rnd(-25, 25)
      local ey = i == 1 and y + rnd(50, 110) or i == 2 and y + rnd(140, 200) or y + rnd(60, 200)
      side2[i] = unit("e" .. i, ek[1], ex, ey, (n % 3 == 0 and 0 or 180) + rnd(-30, 30), eextra)
    end
    local G = fight{ side1 = { unit("u", k[1], x, y, rnd(-15, 15), extra) }, side2 = side2 }
    local uid = G.by_id[1].u
    if n % 4 == 0 then G.D[G.by_id[2].e1].disorganised = true end
    local all, cheap, n_all, n_cheap = charge_both_ways(G, uid, function() runs = 0 end, function() return runs end)
    without, with = without + n_all, with + n_cheap
    if all then charges = charges + 1 end
    if all == cheap then same = same + 1 end
  end
  ai.charge_path = path
  trials.SKIP = true
  T.eq(same, 40, "the same charge (or none) in every situation")
  T.truthy(charges >= 10 and charges < 40, "some situations charge, some do not (" .. charges .. " of 40 charge)")
  T.truthy(with < without, string.format("fewer trial charges: %d with the skips, %d without", with, without))
end)

-- Session eleven, round two (commander_trials.lua 6): the crowd counted
-- only when it could matter.

T.case("WRG 1973 MOVEMENT (commander's trial moves): the move chosen is the same with the crowd counted only when it matters, fewer counts", function()
  -- the situations of the move-choice case above, 80 of them, with a
  -- third friend ahead: every candidate tried (no skips), the sweep's
  -- bound alone, and with the crowd counted only when it matters
  -- (commander_trials.lua 6)
  local rnd = lcg(61)
  local probes, nears = 0, 0
  local probe, near = turn.probe, turn.near
  turn.probe = function(...) probes = probes + 1; return probe(...) end
  turn.near = function(...) nears = nears + 1; return near(...) end
  local counts, crowds, same, moves = { 0, 0, 0 }, { 0, 0, 0 }, 0, 0
  for n = 1, 80 do
    local k = KINDS[(n - 1) % #KINDS + 1]
    local extra = { set = { order = "attack" } }
    for key, v in pairs(k[2]) do extra[key] = v end
    local x, y = rnd(500, 1300), rnd(250, 450)
    local side1 = { unit("u", k[1], x, y, rnd(-40, 40), extra),
                    unit("f1", "HI", x + rnd(-200, 200), y + rnd(-120, 120), rnd(-30, 30)),
                    unit("f2", "MI", x + rnd(-200, 200), y + rnd(-120, 120), rnd(-30, 30)),
                    unit("f3", "MI", x + rnd(-100, 100), y + rnd(60, 160), rnd(-30, 30)) }
    local side2 = { unit("e", "MI", x + rnd(-400, 400), y + rnd(250, 700), 180 + rnd(-30, 30)),
                    unit("e2", "HC", x + rnd(-400, 400), y + rnd(250, 700), 180 + rnd(-30, 30), { figures = 6, ranks = 1 }) }
    local G = fight{ side1 = side1, side2 = side2 }
    local uid = G.by_id[1].u
    local got = {}
    for m, mode in ipairs({ { false, false }, { true, false }, { true, true } }) do
      trials.SKIP, trials.CROWD_WHEN_NEEDED = mode[1], mode[2]
      probes, nears = 0, 0
      got[m] = ai.move(G, uid)
      counts[m], crowds[m] = counts[m] + probes, crowds[m] + nears
      G.D[uid].ai_last_move = nil
    end
    local function eq(a, b)
      return (a == nil and b == nil) or (a ~= nil and b ~= nil and a.bearing == b.bearing and a.distance == b.distance
        and a.advancing == b.advancing)
    end
    if got[1] and got[1].distance and got[1].distance > 0 then moves = moves + 1 end
    if eq(got[1], got[2]) and eq(got[1], got[3]) then same = same + 1 end
  end
  turn.probe, turn.near = probe, near
  trials.SKIP, trials.CROWD_WHEN_NEEDED = true, true
  T.eq(same, 80, "the same move in every situation")
  T.truthy(moves >= 40, "most situations order a move (" .. moves .. ")")
  T.truthy(counts[2] < counts[1], string.format("fewer trial moves: %d every candidate, %d the sweep's bound", counts[1], counts[2]))
  T.eq(counts[3], counts[2], "the crowd's saving makes no trial fewer or more")
  T.truthy(crowds[3] < crowds[2], string.format("fewer crowd counts: %d, %d when it matters", crowds[2], crowds[3]))
end)
