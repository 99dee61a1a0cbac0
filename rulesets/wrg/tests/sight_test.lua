-- WRG Ancients 1973, THE REACTION TEST: troops in sight and surprise from
-- cover, in situations set up by hand and played through the battle engine
-- (turn.play; turn.test, the engine's own reaction test).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("wrg.battle")
local turn = require("wrg.turn")
local tables = require("wrg.tables")
local ai = require("wrg.ai")

local MM = tables.MM_PER_PACE

local function commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end,
                  challenge = function() return nil end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = ai })
end

local function unit(id, x, y, facing)
  return { id = id, type = "MI", weapons = { "spear" }, figures = 8, ranks = 2, at = { x, y, facing } }
end

local function term(out, id)
  for _, t in ipairs(out.terms or {}) do if t.id == id then return t.after - t.before end end
  return nil
end

-- "Any other friendly troops in sight" (+1), "Any other enemy in sight" (-1):
-- a friend and an enemy 300 paces off (beyond the 150 of the per-unit
-- factors); then a wood between them and the tester.
T.case("WRG 1973 THE REACTION TEST: other friendly troops and other enemy in sight", function()
  local function run(wood)
    local G = battle.skirmish{
      dice = dice.random(1), report = function() end,
      table = wood and { terrain = { { type = "wood", x = 60, y = 52, r = 9 } } } or nil,
      sides = { { units = { unit("t", 600, 300, 0), unit("f", 600 - 300 * MM, 300, 0) }, commander = commander() },
                { units = { unit("e", 600, 300 + 300 * MM, 180) }, commander = commander() } },
    }
    return turn.test(G, G.by_id[1].t, "test")
  end
  local out = run(false)
  T.eq(term(out, "other_friends_in_sight"), 1, "a friend 300 paces off: +1")
  T.eq(term(out, "other_enemy_in_sight"), -1, "an enemy 300 paces off: -1")
  T.eq(term(out, "friendly_units"), nil, "neither is within 150 paces")
  out = run(true)
  T.eq(term(out, "other_enemy_in_sight"), nil, "a wood between them: the enemy is not in sight")
  T.eq(term(out, "other_friends_in_sight"), 1, "the friend, off to the side, still is")
end)

-- 2(i): "when subsequently sighting ... an enemy previously hidden by
-- natural cover, at a range of 100 paces or less"; "Surprised by enemy
-- emerging or shooting from cover within 100 paces" (-2). An enemy stands
-- in a wood 90 paces in front; it steps out of it during the period.
T.case("WRG 1973 THE REACTION TEST 2(i): an enemy emerging from a wood within 100 paces; surprised -2", function()
  local function run(emerge)
    local G
    local lines = {}
    G = battle.skirmish{
      dice = dice.random(2), report = function(l) lines[#lines + 1] = l end,
      table = { terrain = { { type = "wood", x = 60, y = 30 + 20 / 10 + 9 * 2.54 + 4, r = 4 } } },
      sides = { { units = { unit("t", 600, 300, 0) }, commander = commander() },
                { units = { unit("e", 600, 300 + 20 + 90 * MM, 180) },
                  commander = commander{ move = function() if emerge then return { bearing = 180, distance = 30, advancing = true } end end } } },
    }
    local e = G.by_id[2].e
    local before = turn.in_cover(G, e, false)
    turn.play(G)
    local tested = false
    for _, ev in ipairs(G.bf:events()) do
      if ev.kind == "reaction" and ev.unit == G.by_id[1].t and ev.why == "enemy appears from cover within 100 paces" then tested = true end
    end
    return G, tested, before, turn.in_cover(G, e, false), lines
  end
  local G, tested, before, after, lines = run(true)
  T.truthy(before, "the enemy starts in the wood")
  T.truthy(not after, "and comes out of it:\n" .. table.concat(lines, "\n"))
  T.truthy(tested, "the unit facing it tests (2(i))")
  local out = turn.test(G, G.by_id[1].t, "test")
  T.eq(term(out, "surprised"), -2, "surprised: -2")
  local _, tested2 = run(false)
  T.truthy(not tested2, "an enemy staying in the wood: no test")
end)

-- SHOOTING: "Shooting over intervening troops is only possible when: 1)
-- Shooting down from or up at an elephant, rampart, hill or other
-- elevation." Foot archers with a friendly unit between them and the enemy
-- 100 paces off: no shot on the flat; from a hill they shoot.
T.case("WRG 1973 SHOOTING: no shooting over intervening troops on the flat; from a hill over them", function()
  local function shots(hill)
    local G = battle.skirmish{
      dice = dice.random(1), report = function() end,
      table = hill and { terrain = { { type = "hill", x = 60, y = 30, r = 5 } } } or nil,
      sides = { { units = { { id = "a", type = "LI", weapons = { "bow" }, figures = 6, ranks = 1, at = { 600, 300, 0 } },
                            unit("f", 600, 300 + 20 + 20 * MM, 0) }, commander = commander() },
                { units = { unit("e", 600, 300 + 15 + 100 * MM + 20, 180) }, commander = commander() } },
    }
    turn.play(G)
    local n = 0
    for _, e in ipairs(G.bf:events()) do if e.kind == "shoot" and e.unit == G.by_id[1].a then n = n + 1 end end
    return n
  end
  T.eq(shots(false), 0, "a friendly unit in the way on level ground: no shot")
  T.eq(shots(true), 1, "from a hill, over it: they shoot")
end)

-- "each friendly unit up to a total of 4" (the per-unit factors): the
-- fifth and more within 150 paces are "other friendly troops". And the
-- answers of wrg.sight.troops_in_sight, which stops looking once both are
-- known, against the whole table looked at (the reading in its comments,
-- written out here) on random tables with woods: 30 tables, every unit.
T.case("WRG 1973 THE REACTION TEST: other troops in sight, the fifth friend within 150 paces and random tables", function()
  local in_sight = require("wrg.sight.troops_in_sight")
  local function live(d) return d and not d.gone and not d.off_table end
  local function reference(G, uid)
    local d = G.D[uid]
    local cf, ce, of, oe = 0, 0, false, false
    for _, oid in ipairs(G.all) do
      local o = G.D[oid]
      if oid ~= uid and live(o) and not o.changed_sides then
        local near = G.bf:distance(uid, oid) <= tables.reaction_radius * MM
        local seen = not G.has_los_terrain or G.bf:line_of_sight(uid, oid)
        if o.side == d.side then
          if near and not o.routing then cf = cf + 1 elseif seen then of = true end
        else
          if near and not o.routing and G.bf:in_arc(oid, uid, 90) then ce = ce + 1 elseif seen then oe = true end
        end
      end
    end
    return (of or cf > 4) or nil, (oe or ce > 4) or nil
  end
  -- five friends within 150 paces and nothing else but one enemy near
  local five = { unit("t", 600, 300, 0) }
  for i = 1, 5 do five[#five + 1] = unit("f" .. i, 600 + (i - 3) * 45 * MM, 300 - 40 * MM, 0) end
  local G = battle.skirmish{ dice = dice.random(1), sides = {
    { units = five, commander = commander() },
    { units = { unit("e", 600, 300 + 100 * MM, 180) }, commander = commander() } } }
  local s = {}
  in_sight.set(G, G.by_id[1].t, s)
  T.eq({ s.other_friends_in_sight, s.other_enemy_in_sight }, { true, nil }, "five friends within 150 paces: the fifth is other troops")
  -- random tables
  local seed = 11
  local function rnd(lo, hi)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return lo + (hi - lo) * (seed / 2147483648)
  end
  local checked, both, neither = 0, 0, 0
  for n = 1, 30 do
    local sides = { {}, {} }
    for s2 = 1, 2 do
      for i = 1, 3 + n % 6 do
        local u = unit("u" .. i, rnd(100, 1100), s2 == 1 and rnd(150, 500) or rnd(500, 850), s2 == 1 and rnd(-60, 60) or 180 + rnd(-60, 60))
        if i % 4 == 0 then u.set = { routing = true } end
        sides[s2][#sides[s2] + 1] = u
      end
    end
    local woods = {}
    for i = 1, n % 4 do woods[i] = { type = "wood", x = rnd(10, 110), y = rnd(20, 80), r = rnd(4, 12) } end
    local G2 = battle.skirmish{ dice = dice.random(n), table = { terrain = woods },
      sides = { { units = sides[1], commander = commander() }, { units = sides[2], commander = commander() } } }
    for _, uid in ipairs(G2.all) do
      local got = {}
      in_sight.set(G2, uid, got)
      local f, e = reference(G2, uid)
      T.eq({ got.other_friends_in_sight, got.other_enemy_in_sight }, { f, e }, "unit " .. uid .. " of table " .. n)
      checked = checked + 1
      if f and e then both = both + 1 elseif not f and not e then neither = neither + 1 end
    end
  end
  T.truthy(checked > 200 and both > 0 and neither > 0 and both < checked,
    string.format("%d units checked, %d see both, %d neither", checked, both, neither))
end)

-- SHOOTING: "Shooting over intervening troops is only possible when ...
-- shooting down from or up at an elephant, rampart, hill or other
-- elevation". The shooter's own "on a hill" is worked out once while it
-- looks over its targets (wrg.sight.intervening_troops, `kept`): the
-- answers with it kept must be those worked out afresh, on random tables
-- with hills, for every shooter and target (fails with the target's answer
-- kept in the shooter's place).
T.case("WRG 1973 SHOOTING: intervening troops, the shooter's hill kept while it looks over its targets", function()
  local B = require("wrg.sight.intervening_troops")
  local seed = 5
  local function rnd(lo, hi)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return lo + (hi - lo) * (seed / 2147483648)
  end
  local pairs_checked, blocked, over = 0, 0, 0
  for n = 1, 12 do
    local sides = { {}, {} }
    for s2 = 1, 2 do
      for i = 1, 6 do
        sides[s2][i] = unit("u" .. i, rnd(300, 900), s2 == 1 and rnd(250, 450) or rnd(450, 650), s2 == 1 and 0 or 180)
      end
    end
    local hills = {}
    for i = 1, 2 + n % 3 do hills[i] = { type = "hill", x = rnd(30, 90), y = rnd(25, 65), r = rnd(6, 14) } end
    local G = battle.skirmish{ dice = dice.random(n), table = { terrain = hills },
      sides = { { units = sides[1], commander = commander() }, { units = sides[2], commander = commander() } } }
    for _, uid in ipairs(G.all) do
      local kept = {}
      for _, tid in ipairs(G.all) do
        if tid ~= uid then
          local fresh = B.blocked(G, uid, tid)
          T.eq(B.blocked(G, uid, tid, kept), fresh, string.format("shooter %d, target %d, table %d", uid, tid, n))
          pairs_checked = pairs_checked + 1
          if fresh then blocked = blocked + 1 end
        end
      end
    end
    -- (how many shots go over troops because of a hill: the kept answer matters)
    for _, uid in ipairs(G.all) do
      for _, tid in ipairs(G.all) do
        if tid ~= uid and not B.blocked(G, uid, tid) then
          local saved = G.has_terrain
          G.has_terrain = false
          if B.blocked(G, uid, tid) then over = over + 1 end
          G.has_terrain = saved
        end
      end
    end
  end
  T.truthy(blocked > 20 and over > 5 and blocked < pairs_checked,
    string.format("%d pairs: %d blocked by troops, %d shots over troops from or at a hill", pairs_checked, blocked, over))
end)
