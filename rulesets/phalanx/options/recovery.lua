-- Phalanx optional rule: RECOVERY OF R AND RR RESULTS (with RECORDING OF R
-- AND RR RESULTS, which only says how to mark them on the table).
--
-- "On Page 17 there are two melee conditional modifiers (the 4th and 5th)
-- that reduce a vignettes cf due to the accumulation of R and RR results.
-- For every turn an activated vignette is not involved with combat,
-- movement or is shot at, it can cancel out an accumulated -1. This action,
-- called rallying, will encourage players to keep pressure on opposing
-- vignettes in the attempt to wear them down. Also, keep a reserve of fresh
-- troops and commit them to battle at the appropriate time. This is an
-- optional rule."
--
-- How it is played here:
-- - A commander may activate a vignette (or link) with a "rally" order: it
--   pays the activation cost and does not move.
-- - At the end of its side's turn, every vignette of a rallying link that
--   has not moved, fought a melee or been shot at since the end of its
--   side's previous turn cancels one accumulated -1:
--   RA: "-1 for every two R or RR": two results are struck off (R first);
--   IF: "-1 for every R, an RR counted as two": one R is struck off, or an
--       RR becomes an R.
--   A vignette with less than a whole -1 (RA with a single R) gains nothing.

local recovery = {
  id = "recovery",
  title = "Recovery of R and RR results",
  rule = "Recovery of R and RR Results (optional)",
}

-- Cancels one accumulated -1 of a vignette (its data table); returns true if
-- anything was cancelled.
function recovery.cancel_one(d)
  local r, rr = d.accumulated_r or 0, d.accumulated_rr or 0
  if d.army_class == "RA" then
    if r + rr < 2 then return false end
    local take_r = math.min(r, 2)
    d.accumulated_r = r - take_r
    d.accumulated_rr = rr - (2 - take_r)
    return true
  end
  if r > 0 then d.accumulated_r = r - 1; return true end
  if rr > 0 then d.accumulated_rr = rr - 1; d.accumulated_r = r + 1; return true end
  return false
end

-- The battle engine calls this at the end of its side's turn for each link
-- that was activated to rally.
function recovery.rally(G, g)
  for _, uid in ipairs(g.ids) do
    local d = G.D[uid]
    if not d.engaged and not d.moved_back and recovery.cancel_one(d) then
      if G.log then
        G.bf:log("rally", { unit = uid, accumulated_r = d.accumulated_r, accumulated_rr = d.accumulated_rr })
      end
      if G.report then
        G.report(string.format("  %s rallies: one accumulated -1 cancelled (now %d R, %d RR)", d.name,
          d.accumulated_r, d.accumulated_rr))
      end
    end
  end
end

function recovery.apply(rules)
  rules.options = rules.options or {}
  rules.options.recovery = true
  rules.phalanx = rules.phalanx or {}
  rules.phalanx.recovery = recovery
end

return recovery
