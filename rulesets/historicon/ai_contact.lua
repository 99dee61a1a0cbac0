-- Historicon "contact" commander: a measuring instrument, not a player.
-- Its only aim is to bring the most units into contact within the rules, so
-- that `sandtable quality` can tell how much engagement the rules allow at
-- all (issue #13, session nine: "the ceiling"; docs/rulesets/historicon.md,
-- "Engagement: the ceiling (session nine)"). Choose it per army in a
-- scenario:
--
--   armies:
--     - army: historicon/norman
--       commander: historicon.ai_contact
--
-- What it does differently from the default (ai.lua), every turn:
--   * no reserve, no flank march round the enemy, no hanging back for
--     odds: every unit closes at its full move toward the nearest enemy it
--     may contact (ai.lua's skirmish screens and "hold out of reach" are
--     not used);
--   * it charges any enemy within reach the rules let it contact, whatever
--     the odds -- but never an act the referee calls absurd (light troops
--     into the front of ordered heavy troops; a shooter into the front of an
--     unhurt, ordered enemy within its range instead of shooting it:
--     intent.sensible_charge);
--   * shooters close to shooting range of the nearest enemy and stand to
--     shoot (shooting is engagement too), then charge what they may;
--   * pace (lines arrive together): a formed unit that would reach its
--     enemy in fewer turns than its side's slowest formed unit (out of
--     contact, not held up) moves only so far as to arrive with it.
-- Everything else -- deployment, forming, evasion, shooting targets,
-- follow-up, break-off, the careful move with its second choices -- is the
-- default commander's (ai.move asks this table for `plan` and `welcome`).
-- Made for the open field: the fantasy module's magician plans and the
-- sieges module's commander wrap the default's `plan` and `move`, and this
-- one does not carry them (its copy of the default's fields is taken when
-- it is first loaded).
local ai = require("historicon.ai")
local turn = require("historicon.turn")
local troops = require("historicon.troops")
local shooting = require("historicon.shooting")
local intent = require("historicon.commander.intent")
local terrain_route = require("historicon.commander.terrain_route")
local known_foes = require("historicon.commander.known_foes")

local C = {}
for k, v in pairs(ai) do C[k] = v end

local sqrt, max, min = math.sqrt, math.max, math.min

-- The pace rule below (a variant table may switch it off to measure it).
C.pace = true

-- No unit is held back: C.plan never asks whether a unit is the reserve
-- (the default's deployment marks one and stands it in the line; here it
-- moves with the line from the first turn).

-- May the unit's move touch enemy `e`? Whatever the rules allow and the
-- referee does not call absurd; the odds do not matter.
function C.welcome(G, uid, e)
  return turn.may_contact(G.D[uid], G.D[e]) and intent.sensible_charge(G, uid, e)
end

-- How far ahead of the side's slowest part of the line the unit is, in mm
-- along the way to the enemy (its own edge's direction); 0 when it need
-- not wait. READING of "lines advance together so they arrive together".
local ids, dists = {}, {}
local function nearest_enemy(G, f)
  local n = G.bf:within(f, 1e9, 3 - G.D[f].side, ids, dists)
  for i = 1, n do
    local e = G.D[ids[i]]
    if not e.gone and not e.broken then return dists[i] end
  end
  return nil
end

-- Pace: the turns the side's slowest formed unit still needs to reach its
-- nearest enemy (units out of contact and not held up: a unit stuck behind
-- a friend or a wood would hold the whole line back for ever); the unit
-- moves so as to arrive in that many turns, not before. READING of "lines
-- advance together so they arrive together". Returns the distance to cover
-- this turn (its full move when it need not wait).
local function paced(G, uid, dist)
  local d = G.D[uid]
  if not d.formed then return d.move end
  local worst = 0
  for _, f in ipairs(G.sides[d.side].units) do
    local o = G.D[f]
    if not o.gone and not o.broken and o.formed and (o.stuck or 0) == 0 and not turn.in_contact(G, f) then
      local near = nearest_enemy(G, f)
      if near then worst = max(worst, math.ceil(near / o.move)) end
    end
  end
  local mine = math.ceil(dist / d.move)
  if worst <= mine then return d.move end
  return dist / worst
end

function C.plan(G, uid)
  local d = G.D[uid]
  -- rallying: as the default (a disordered unit fights worse, but a
  -- rally is a test: only when likely to pass)
  if d.disordered and turn.may_rally(G, uid) then
    local o = ai.test_odds(G, uid, "rallies")
    if o.pass >= 0.5 and o["break"] <= 0.1 then return { rally = true } end
  end
  local foes = known_foes.list(G, uid)
  if #foes == 0 then return G.weather_blind and G.weather_blind(G, uid) or nil end
  local mode = turn.move_mode(G, d)
  -- a charge: the nearest enemy within reach that it may contact
  for _, q in ipairs(foes) do
    if q.distance > d.move + G.S.cm(1) then break end
    if C.welcome(G, uid, q.id) and (mode ~= "straight" or G.bf:in_arc(uid, q.id, 20, "frontal")) then
      if mode == "straight" then return { advance = d.move, charge = q.id } end
      local x, y = G.bf:pos(q.id)
      local p = turn.steer(G, uid, x, y)
      p.charge = q.id
      return p
    end
  end
  -- shooters with an enemy in range stand and shoot (facing it)
  local range = shooting.range(d, G.S.scale)
  range = range and range * 10 or nil
  if range and foes[1].distance <= range then
    if mode == "straight" or G.bf:in_arc(uid, foes[1].id, 10, "frontal") then return nil end
    local x, y = G.bf:pos(foes[1].id)
    return turn.steer(G, uid, x, y, 0)
  end
  -- otherwise close: the nearest enemy it may contact, else the nearest
  local target = foes[1]
  for _, q in ipairs(foes) do
    if turn.may_contact(d, G.D[q.id]) then target = q; break end
  end
  local go = d.move
  -- a shooter stops at nine tenths of its range; anyone else stops short of
  -- an enemy it may not touch (the careful move stops there anyway)
  if range then go = min(go, max(0, target.distance - range * 0.9)) end
  if G.sides[d.side].commander.pace then go = min(go, paced(G, uid, target.distance)) end
  if go < G.S.cm(1) then return nil end
  if mode == "straight" then return { advance = go } end
  local ex, ey = G.bf:pos(target.id)
  ex, ey = terrain_route.way_round(G, uid, ex, ey)
  if d.class ~= "HI" then ex, ey = intent.way_round(G, uid, ex, ey) end
  return turn.steer(G, uid, ex, ey, go)
end

return C
