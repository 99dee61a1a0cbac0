-- Contact on the battlefield (issue #11): evasion that gets out of contact,
-- recoils that move their rolled distance or say what blocked them,
-- pursuit contacts under the contact rules, unformed troops in melee, and
-- the referee's Historicon invariants. Each case places units by hand on an
-- open 240 x 150 cm table at 25mm (positions in cm), forces the dice and
-- plays one phase (or one move) through the battle engine.
--
-- Footprints at 25mm: HI 24 figures 4 ranks 9 x 8 cm; formed LI 16 in 2
-- ranks 16 x 4 cm; unformed LC 8 in 1 rank 45 x 4 cm (open order).
local T = require("lib.testing")
local dice = require("sandtable.dice")
local battle = require("historicon.battle")
local turn = require("historicon.turn")
local fixtures = require("historicon.tests.fixtures")
local passive, field = fixtures.passive, fixtures.field

local function events(G, kind)
  local out = {}
  for _, e in ipairs(G.bf:events()) do if e.kind == kind then out[#out + 1] = e end end
  return out
end

local function reasons_of(G, uid)
  local out = {}
  for _, e in ipairs(events(G, "integrity")) do
    if uid == nil or e.unit == uid then out[#out + 1] = e.reasons end
  end
  return out
end

local function account(G) return table.concat(G.lines, "\n") end

local HI = { id = "hi", troop = "AIF HIS", figures = 24, ranks = 4 }
local function unit(base, t)
  local u = {}
  for k, v in pairs(base) do u[k] = v end
  for k, v in pairs(t) do u[k] = v end
  return u
end

---------------------------------------------------------------------------
-- Phase 2 evasion: a wide evader touched near one end gets out of contact.

T.case("Phase 2 evasion: an evader that gets away ends out of contact, also when its way back is blocked", function()
  -- HI (9 cm wide, x 111.5 to 120.5) strikes unformed LC (45 cm wide, x
  -- 97.5 to 142.5) facing it 10 cm away: contact after 4 of its 10 cm, 6 cm
  -- left. A friendly formed LI stands behind the LC's left half (front edge
  -- 2.5 cm behind the LC's rear). 10+1d20 per figure in contact: 15 cm each.
  local G = field{ dice = dice.forced({ 5, 5, 5 }), sides = {
    { units = { unit(HI, { at = { 116, 50 } }) } },
    { units = { { id = "lc", troop = "AIF LC", figures = 8, ranks = 1, formed = false, at = { 120, 60, 180 } },
                { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 97, 66.5, 180 } } } } } }
  G.bf:set_time(1, "2 HI move")
  local hi, lc = G.by_id[1].hi, G.by_id[2].lc
  turn.do_move(G, hi, { advance = 100 })
  local e = events(G, "evade")[1]
  T.truthy(e ~= nil, "the LC were contacted and evaded")
  if G.D[lc].figures == 8 then
    -- the figures got away: then the unit is out of contact
    T.truthy(G.bf:distance(lc, hi) > 0.5, "got away, so out of contact with the HI")
  else
    -- the way out was blocked: the figures in contact are removed
    T.eq(e.removed, e.in_contact)
  end
  T.eq(#require("lib.manoeuvre").overlapping(G, lc), 0, "and on nobody")
end)

---------------------------------------------------------------------------
-- Phase 6 recoil: the rolled distance unless blocked; blocked: disordered,
-- and the account says so.

T.case("Phase 6 recoil: blocked by a friend behind, the unit stops there disordered and the account says so", function()
  -- side 1 HI (front edge at 54) lost the melee; a friendly formed LI stands
  -- 2 cm behind it (front edge at 44). Recoil 5+1d10 = 5+4 = 9 cm; only 2 cm
  -- are free. Then the test for the recoil (and the disorder): 6+6.
  local G = field{ dice = dice.forced({ 4, 6, 6 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }), { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 42 } } } },
    { units = { unit(HI, { at = { 120, 58, 180 }, troop = "ARA HIS" }) },
      commander = setmetatable({ follow_up = function() return false end }, { __index = passive }) } } }
  local a, b = G.by_id[1].hi, G.by_id[2].hi
  G.D[a].fought, G.D[a].recv, G.D[a].inflicted = true, 5, 2
  G.D[b].fought, G.D[b].recv, G.D[b].inflicted = true, 2, 5
  turn.phase6(G)
  local _, y = G.bf:pos(a)
  T.near(y, 480, 0.6, "it moved the 2 cm that were free")
  T.eq(G.D[a].disordered, true, "blocked short of its recoil: disordered (reading)")
  T.eq(reasons_of(G, a), { { "recoils", "becomes_disordered" } }, "one test for the recoil and the disorder")
  local text = account(G)
  T.truthy(text:find("recoils 2.0 cm of the 9.0 cm rolled: blocked by", 1, true), "the account says what happened:\n" .. text)
  T.truthy(not text:find("recoils 9.0 cm", 1, true), "no recoil of the rolled distance is claimed")
end)

T.case("Phase 6 recoil: an unblocked recoil goes straight back its rolled distance, even struck off-centre", function()
  -- the winner stands 6 cm to the side of the loser's centre: the old slide
  -- "away from the enemy's centre" went diagonally
  local G = field{ dice = dice.forced({ 4, 6, 6 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }) } },
    { units = { unit(HI, { at = { 126, 58, 180 }, troop = "ARA HIS" }) },
      commander = setmetatable({ follow_up = function() return false end }, { __index = passive }) } } }
  local a, b = G.by_id[1].hi, G.by_id[2].hi
  G.D[a].fought, G.D[a].recv, G.D[a].inflicted = true, 5, 2
  G.D[b].fought, G.D[b].recv, G.D[b].inflicted = true, 2, 5
  turn.phase6(G)
  local x, y, f = G.bf:pos(a)
  T.eq({ x, f }, { 1200.0, 0.0 }, "straight back, facing kept")
  T.near(y, 500 - 90, 0.01, "the rolled 9 cm")
  T.eq(G.D[a].disordered, false)
end)

---------------------------------------------------------------------------
-- Phase 6 pursuit: the unit reached is contacted under the contact rules.

T.case("Phase 6 pursuit: the unit a pursuer reaches takes its integrity test (trigger 6)", function()
  -- side 1 HI loses and breaks: recoil 5+1 = 6 cm, test 1+1 = break, break
  -- move 3d12 = 36 cm to the rear, through its friends. The IF winner
  -- pursues 7+2d12 = 31 cm and reaches side 1's formed LI (front edge at
  -- 32 cm) after 22 cm: the LI tests for an enemy moving into contact
  -- (6+6), then the pursuer tests for becoming disordered (6+6).
  local G = field{ dice = dice.forced({ 1, 1, 1, 12, 12, 12, 12, 12, 6, 6, 6, 6 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }), { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 30 } } } },
    { units = { unit(HI, { at = { 120, 58, 180 } }) } } } }
  local a, b, li = G.by_id[1].hi, G.by_id[2].hi, G.by_id[1].li
  G.D[a].fought, G.D[a].recv = true, 5
  G.D[b].fought, G.D[b].inflicted = true, 5
  turn.phase6(G)
  T.eq(G.D[a].broken, true)
  T.truthy(G.bf:distance(b, li) <= 0.5, "the pursuer reached the LI")
  T.eq(reasons_of(G, li), { { "enemy_moves_into_contact" } }, "the LI tests for the contact")
  T.eq(reasons_of(G, b), { { "becomes_disordered" } }, "the pursuer is disordered and tests")
end)

T.case("Phase 6 pursuit: unformed pursuers may not be brought into contact with ordered formed enemy", function()
  -- as above, but the pursuer is unformed LI (IF, so it must pursue) and the
  -- side 1 unit in its way is ordered formed HI: the pursuit stops short.
  local G = field{ dice = dice.forced({ 1, 1, 1, 12, 12, 12, 12, 12, 6, 6, 6, 6 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }), unit(HI, { id = "hi2", at = { 120, 30 } }) } },
    { units = { { id = "li", troop = "AIF LI", figures = 16, ranks = 2, formed = false, at = { 120, 57, 180 } } } } } }
  local a, li, hi2 = G.by_id[1].hi, G.by_id[2].li, G.by_id[1].hi2
  G.D[a].fought, G.D[a].recv = true, 5
  G.D[li].fought, G.D[li].inflicted = true, 5
  turn.phase6(G)
  T.eq(G.D[a].broken, true)
  T.truthy(G.bf:distance(li, hi2) > 0.5, "stopped short of the ordered formed HI")
  T.eq(reasons_of(G, hi2), {}, "no contact, no test")
end)

---------------------------------------------------------------------------
-- Phase 5: unformed troops have no ranks.

T.case("Phase 5: unformed mounted have no ranks: every figure fights, no depth bonus", function()
  -- unformed LC (8 figures) against the front of formed HI: 8 basic dice,
  -- nothing else (no "+1 per 4 for each rank deeper": an unformed unit has
  -- no ranks, Unit formation: depth is a formed unit's).
  local G = field{ dice = dice.random(3), sides = {
    { units = { { id = "lc", troop = "AIF LC", figures = 8, ranks = 1, formed = false, at = { 120, 50 } } } },
    { units = { unit(HI, { at = { 120, 56, 180 } }) } } } }
  local lc = G.by_id[1].lc
  T.truthy(turn.in_contact(G, lc))
  turn.phase5(G)
  local mine
  for _, e in ipairs(events(G, "melee")) do if e.unit == lc then mine = e end end
  T.eq(mine.dice, 8)
end)

---------------------------------------------------------------------------
-- The referee's Historicon invariants hold over the phases above.

T.case("Referee (Phases 2 and 6): evasion, recoil and pursuit above pass the Historicon invariants", function()
  local G = field{ referee = true, dice = dice.forced({ 5, 5, 5 }), sides = {
    { units = { unit(HI, { at = { 100, 50 } }) } },
    { units = { { id = "lc", troop = "AIF LC", figures = 8, ranks = 1, formed = false, at = { 120, 60, 180 } } } } } }
  G.bf:set_time(1, "2 HI move")
  turn.do_move(G, G.by_id[1].hi, { advance = 100 })
  G.bf:set_time(1, "3 other moves") -- the referee checks the phase that ended
  T.eq(G.referee.phases_checked, 2)
  local H = field{ referee = true, dice = dice.forced({ 4, 6, 6 }), sides = {
    { units = { unit(HI, { at = { 120, 50 } }), { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 42 } } } },
    { units = { unit(HI, { at = { 120, 58, 180 }, troop = "ARA HIS" }) },
      commander = setmetatable({ follow_up = function() return false end }, { __index = passive }) } } }
  local a, b = H.by_id[1].hi, H.by_id[2].hi
  H.D[a].fought, H.D[a].recv, H.D[a].inflicted = true, 5, 2
  H.D[b].fought, H.D[b].recv, H.D[b].inflicted = true, 2, 5
  turn.phase6(H)
  H.referee:finish()
  T.eq(H.referee.phases_checked, 2)
end)

T.case("Referee (Phase 6): a recoil cut short with nothing named as blocking it is a violation", function()
  local G = field{ referee = true, dice = dice.forced({}), sides = { { units = { unit(HI, { at = { 120, 50 } }) } }, {} } }
  G.bf:set_time(1, "6 recoil")
  local hi = G.by_id[1].hi
  require("lib.manoeuvre").record(G, hi, "recoil", { what = "recoil", rolled = 90, moved = 20 })
  local ok, err = pcall(function() G.referee:finish() end)
  T.eq(ok, false)
  T.truthy(err.user_message:find("recoil_distance", 1, true), err.user_message)
end)

T.case("Referee (Table 2 move rates): a move further than the move rate is a violation", function()
  local G = field{ referee = true, dice = dice.forced({}), sides = { { units = { unit(HI, { at = { 120, 50 } }) } }, {} } }
  G.bf:set_time(1, "2 HI move")
  local hi = G.by_id[1].hi
  require("lib.manoeuvre").record(G, hi, "move")
  G.bf:place(hi, 1200, 500 + 105, 0) -- 10.5 cm: HI move 10 cm
  local ok, err = pcall(function() G.referee:finish() end)
  T.eq(ok, false)
  T.truthy(err.user_message:find("moved further than its allowance", 1, true), err.user_message)
end)

T.case("Referee (Phases 2 and 3): a unit's own move of HI in Phase 3 is a violation", function()
  local G = field{ referee = true, dice = dice.forced({}), sides = { { units = { unit(HI, { at = { 120, 50 } }) } }, {} } }
  G.bf:set_time(1, "3 other moves")
  turn.do_move(G, G.by_id[1].hi, { advance = 50 })
  local ok, err = pcall(function() G.referee:finish() end)
  T.eq(ok, false)
  T.truthy(err.user_message:find("phase_movers", 1, true), err.user_message)
end)

---------------------------------------------------------------------------
-- Phase 3 / Phase 6 flight: routers pass through their friends (reading)
-- but never end on them.

T.case("Phase 3 break move: a flight that would end on friends carries on through them, within the dice's longest flight", function()
  -- a broken HI (rear edge at 46 cm) makes its second break move, 3d12 =
  -- 1+1+4 = 6 cm, towards its own (south) edge; a friendly formed LI stands
  -- behind it (38 to 42 cm). 6 cm would end on the LI: it goes on until
  -- clear (front edge at 38 cm: 16 cm), less than 3d12's 36 cm. Then it
  -- tries to rally: 1 hit regained, 2D6 1+1 fails.
  local G = field{ dice = dice.forced({ 1, 1, 4, 1, 1, 1 }), sides = {
    { units = { unit(HI, { at = { 120, 50 }, set = { broken = true, disordered = true, break_moves = 1, deducted = true } }),
                { id = "li", troop = "ARA LI", figures = 16, ranks = 2, at = { 120, 40 } } } }, {} } }
  local hi = G.by_id[1].hi
  turn.phase3(G)
  local _, y = G.bf:pos(hi)
  T.truthy(y <= 340 + 0.6 and y >= 340 - 10.6, "just clear beyond the LI, found y = " .. y)
  T.eq(require("lib.manoeuvre").overlapping(G, hi), {}, "on nobody")
end)

T.case("Phase 3 break move: a router hemmed in by its own troops deeper than its longest flight is lost (reading)", function()
  -- a broken HI (46 to 54 cm) makes its second break move towards its own
  -- (south) edge, 3d12 = 1+1+4 = 6 cm; five friendly HI stand behind it in
  -- a column from 45.9 down to 5.5 cm. To stand clear of them it would have
  -- to go 48.5 cm, more than 3d12's 36: before session nine it stopped
  -- where it was, and the enemies that must pursue fought it there turn
  -- after turn (Mohi and Plataea: 5-17 turns in 18 of 20 battles read that
  -- ran to the turn limit). Now it is lost: it has nowhere to run.
  local behind = {}
  for k, y in ipairs({ 41.9, 33.8, 25.7, 17.6, 9.5 }) do
    behind[#behind + 1] = unit(HI, { id = "hi" .. k, at = { 120, y } })
  end
  table.insert(behind, 1, unit(HI, { at = { 120, 50 }, set = { broken = true, disordered = true, break_moves = 1, deducted = true } }))
  local G = field{ dice = dice.forced({ 1, 1, 4, 1, 1, 1 }), sides = { { units = behind }, {} } }
  local hi = G.by_id[1].hi
  turn.phase3(G)
  T.truthy(G.D[hi].gone, "the hemmed-in router is lost")
  T.truthy(account(G):find("cannot get clear of its own troops", 1, true), account(G))
  for k = 1, 5 do T.truthy(not G.D[G.by_id[1]["hi" .. k]].gone, "the column stands") end
end)

---------------------------------------------------------------------------
-- Contact near the table's edge (Mohi, `battle --seed 443298631780103663
-- --referee`, turn 10, Phase 3): the horse archers of the right hand (a
-- 93 cm line of unformed LC, turned 162 degrees) struck the knights near
-- the Normans' edge and lined up on them with a corner 0.4 mm over that
-- edge; the knights recoiled 11 cm and the horse archers, following up,
-- slid 11 cm on over it (the core stops a move at the table's edge only for
-- a base wholly on the table). The positions are that battle's, the table
-- Mohi's 240 x 150 cm.

T.case("Contact: lining up on the enemy never puts a corner over the table's edge (and a follow-up then stops at it)", function()
  local G = field{ dice = dice.forced({}), table = { size = "240x150", terrain = "none" }, sides = {
    { units = { { id = "kn", troop = "AIF KC", figures = 16, ranks = 1,
                  at = { 134.41714507978709, 19.796811135763505, 17.643233558062715 } } } },
    { units = { { id = "ha", troop = "ARA LC", figures = 16, ranks = 1, formed = false,
                  at = { 105.98117299905598, 15.999565380453126, -163.65072589415647 } } } } } }
  local kn, ha = G.by_id[1].kn, G.by_id[2].ha
  local bf = G.bf
  T.eq({ bf:unit(ha).width, bf:unit(kn).width }, { 930, 320 }, "the two lines as at Mohi")
  T.truthy(bf:distance(ha, kn) <= 0.5, "touching")
  turn.conform(G, ha, kn)
  local w, d = bf:size()
  local x, y, f = bf:pos(ha)
  local u = bf:unit(ha)
  local ax, ay = -math.sin(math.rad(f)), math.cos(math.rad(f))
  local lowest = math.huge
  for _, s in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
    local cx = x + ax * s[1] * u.depth / 2 - ay * s[2] * u.width / 2
    local cy = y + ay * s[1] * u.depth / 2 + ax * s[2] * u.width / 2
    T.truthy(cx >= -1e-6 and cx <= w + 1e-6, "corner x on the table: " .. cx)
    lowest = math.min(lowest, cy)
  end
  T.truthy(lowest >= -1e-6, "no corner over the Normans' edge (lowest corner at y = " .. lowest .. " mm)")
  -- the knights' recoil and the follow-up along it: stopped by the edge
  local r = bf:move(ha, "slide", 0, -110)
  T.truthy(r.distance < 110, "the follow-up stops at the table's edge (moved " .. r.distance .. " mm)")
end)
