-- The sieges module in Phalanx and Into Glory Ride: the camp as the siege's
-- objective (our scenario rule: docs/modules/sieges.md, "Phalanx, Into Glory
-- Ride"). Installed by modules.sieges.phalanx in every battle with a camp.
--
-- Phalanx's VICTORY ("When at least a third (round up) of the vignettes of
-- the MBL are broken (B result), or when any one of the army's key
-- vignettes ... or when the General's vignette gets a B result that side
-- has lost") is about broken battle lines; neither Phalanx nor Into Glory
-- Ride says anything of camps, baggage or objectives. A camp holding out
-- scores nothing in it, so a besieger content to wait draws every siege.
-- READING (ours), two scenario rules beside Phalanx's own:
--   * the camp taken: at the end of any player turn, a besieger's vignette
--     (not broken) whose centre stands inside the camp's ring has taken it:
--     the defender has lost ("the camp taken"). The camp's defenders are
--     its garrison: an enemy inside is behind every one of them;
--   * the camp held: at the turn limit, with neither side defeated and the
--     camp not taken, the defender has won ("the camp held"): the
--     scenario's turns are the time the besieger has before the relief
--     (Caesar's march to Cicero; at Gingindlovu the Zulu army had the
--     morning). Phalanx's own defeats come first: a side that lost by
--     VICTORY has lost, camp or not.
local ST = require("modules.sieges.wrg.state")

local O = {}

O.TAKEN = "the camp taken"
O.HELD = "the camp held to the turn limit"

local siege_of = setmetatable({}, { __mode = "k" })   -- a side's victory tracker -> G (a siege battle)

-- Remembers the battle behind its trackers (for the turn limit's outcome).
function O.watch(G)
  for s = 1, 2 do
    local t = G.sides[s] and G.sides[s].tracker
    if t then siege_of[t] = G end
  end
end

-- The besieger's vignettes inside the camp, in id order.
function O.inside(G)
  local S = G.sieges
  local out = {}
  if not S or not S.besieger then return out end
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    if not d.broken and not G.bf:removed(uid) and ST.inside(G, uid) then out[#out + 1] = uid end
  end
  return out
end

-- At the end of a player turn: the camp taken ends the battle.
function O.check(G)
  local S = G.sieges
  if not S or not S.besieger or G.over then return end
  O.watch(G)
  local inside = O.inside(G)
  if #inside == 0 then return end
  local tracker = G.sides[S.defender].tracker
  if tracker.lost then return end
  tracker.lost = O.TAKEN
  S.camp_taken = inside[1]
  G.over = true
  if G.log then G.bf:log("siege_camp_taken", { side = S.besieger, unit = inside[1] }) end
  if G.report then
    G.report(string.format("  %s is inside the camp: the camp is taken (sieges module: the camp as objective).",
      G.D[inside[1]].name))
  end
end

-- Wraps phalanx.victory.outcome: the camp held at the turn limit.
function O.install(rules)
  local victory = rules.require("phalanx.victory")
  local outcome = victory.outcome
  function victory.outcome(t1, t2)
    local winner, reason = outcome(t1, t2)
    if reason then return winner, reason end
    local G = siege_of[t1]
    if G and G.sieges and G.sieges.defender and siege_of[t2] == G then
      return G.sieges.defender, O.HELD
    end
    return winner, reason
  end
end

return O
