-- WRG Ancients 1973, CAMPAIGNS: losses and their recovery between battles.
-- rulesets/wrg/campaign.lua applies them to every unit after each battle.
local R = {}

-- "In a drawn game, each side recovers all its runaways and half its other
-- losses. A winner recovers all his losses, and a loser recovers half his
-- runaways and a quarter of his other losses."
R.RECOVERY = {
  draw = { runaways = 1, losses = 1 / 2 },
  winner = { runaways = 1, losses = 1 },
  loser = { runaways = 1 / 2, losses = 1 / 4 },
}

-- Figures recovered at once of `runaways` and `losses` (other losses) for a
-- side whose result is "draw", "winner" or "loser". READING: fractions are
-- rounded down (a figure is 20 men; part of one does not come back); the rest
-- is "recovered for the battle following" (R.settle).
function R.recovered(result, runaways, losses)
  local r = R.RECOVERY[result]
  if not r then error("campaign: result must be draw, winner or loser, found " .. tostring(result), 2) end
  local a = math.floor(runaways * r.runaways + 1e-9)
  local b = math.floor(losses * r.losses + 1e-9)
  return a, b
end

-- One unit's figures after a battle. entry: the roster entry ({ figures =
-- taken into the battle, returning = figures due back after this battle });
-- seen: { standing = figures left with the colours, runaways = figures
-- that fled the field }; result: "draw" | "winner" | "loser". Returns the
-- entry's new { figures (for the next battle), returning (after it),
-- killed, runaways, recovered }.
--
-- "The remaining losses are recovered for the battle following." READING:
-- the losses not recovered at once miss the next battle and are back for
-- the one after it (figures due back before are added now).
function R.settle(entry, seen, result)
  local took = entry.figures
  local runaways = seen.runaways
  local killed = math.max(0, took - seen.standing - runaways)
  local back_runaways, back_killed = R.recovered(result, runaways, killed)
  local out = {
    killed = killed, runaways = runaways, recovered = back_runaways + back_killed,
    figures = seen.standing + back_runaways + back_killed + (entry.returning or 0),
    returning = (runaways - back_runaways) + (killed - back_killed),
  }
  return out
end

-- What one unit's battle data says of its end: figures standing with the
-- colours and runaways. READING: the figures of a unit that ends the battle
-- in rout, or has left the table, are runaways; figures removed as
-- casualties are its other losses.
local function seen(d)
  local away = d.gone or d.routing or d.leaving or (d.off_table ~= nil and d.off_table.returns_at == nil)
  local left = math.max(0, d.figures or 0)
  if away then return { standing = 0, runaways = left } end
  return { standing = left, runaways = 0 }
end
R.seen = seen

return R
