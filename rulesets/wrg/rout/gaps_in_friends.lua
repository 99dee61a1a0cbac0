-- WRG Ancients 1973, ROUT AND PURSUIT, BROKEN TROOPS: routers meeting
-- friends.
--
-- "If they meet friendly troops, they will turn towards any gap at least 20
-- paces wide within 50 paces. Failing this, they will burst through the
-- friendly unit." "Being a mass of frightened individuals, they do not
-- change direction by wheeling, but make sharp turns. Each turn made to
-- avoid an obstacle or interposing enemy force deducts 30 paces from their
-- move for that period."
--
-- READINGS: before its run the router's straight path is tried; if it
-- would meet a friendly unit within its move, sharp turns of 20, 35, 50 and
-- 65 degrees either way are tried (the smallest first), each costing the
-- 30 paces of a turn (the gap is an obstacle avoided); a heading is a gap
-- when the router's base, run on it past the line of the friends it would
-- have met, meets no friend, and the place where it passes that line is no
-- more than 50 paces to the side. It then runs its move less the 30 on it. "At least 20 paces wide": the router's
-- base must pass it (the engine moves whole bases; a gap of 20 paces or
-- more that the base cannot pass is not found). No gap: it bursts through
-- as before (INTERPENETRATION, the sweeping away of barbarians).
local tables = require("wrg.tables")

local R = {}
local MM = tables.MM_PER_PACE
R.ANGLES = { 20, -20, 35, -35, 50, -50, 65, -65 }
R.WITHIN = 50

-- Returns the paces the router's move is cut by (0 when no turn was made).
-- speed: its move (paces); f: the ground's multiplier; turning, behind:
-- the opts of its turns and of its run (the enemies it ignores).
function R.steer(G, uid, speed, f, turning, behind)
  if speed <= tables.rout.turn_cost then return 0 end
  local turn = require("wrg.turn")
  local d = G.D[uid]
  local function is_friend(id) return type(id) == "number" and G.D[id] and G.D[id].side == d.side end
  local met, met_at = turn.probe(G, uid, function()
    local r = G.bf:move(uid, "advance", speed * MM / f, { ignore = behind })
    return r.stopped_by, r.distance
  end)
  if not is_friend(met) then return 0 end
  local best
  for _, a in ipairs(R.ANGLES) do
    local lateral = met_at * math.abs(math.tan(math.rad(a))) / MM
    if lateral <= R.WITHIN then
      -- the heading leads through a gap when a run on it past the line of
      -- the friends met meets none of them
      local past = met_at / math.cos(math.rad(a)) + 2 * select(2, G.bf:footprint(met)) + select(2, G.bf:footprint(uid))
      local ok = turn.probe(G, uid, function()
        local got = turn.turn_in_place(G, uid, a, turning)
        if math.abs(got - a) > 0.5 then return false end
        local r = G.bf:move(uid, "advance", past, { ignore = behind })
        return not is_friend(r.stopped_by)
      end)
      if ok then best = a; break end
    end
  end
  if not best then return 0 end
  turn.turn_in_place(G, uid, best, turning)
  if G.log then G.bf:log("rout_gap", { unit = uid, turn = best }) end
  if G.report then G.report(string.format("  %s turns %d degrees towards a gap in its friends.", d.name, best)) end
  return tables.rout.turn_cost
end

return R
