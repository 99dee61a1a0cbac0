-- WRG Ancients 1973, DISORGANISATION AND DISTRACTION, cause 1: "Having
-- routed and not yet rallied, been engaged hand-to-hand by a fresh enemy
-- force while pursuing, or being in process of rallying back, or
-- reorganising, or having been caught sleeping."
-- ROUT AND PURSUIT: "If they wish to charge through enemy troops that their
-- quarry have routed through ... The troops originally pursued may not
-- attempt to rally until their intervening friends have turned the pursuers
-- back or stood a period of combat without breaking."
--
-- READINGS: a pursuer in contact, at the hand-to-hand phase, with an enemy
-- unit that is not routing (a fresh force: not the troops it pursues) is
-- disorganised for the rest of the period (it then counts half its nearest
-- rank, and the cause is gone at the next period's upkeep unless it
-- happens again). "Caught sleeping": there are no sleeping troops in the
-- open-field battle (night belongs to the optional time-of-day rules).
local P = {}

local function live(d) return d and not d.gone and not d.off_table end

-- At the start of the hand-to-hand phase, after contacts are known.
function P.check(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if live(d) and d.pursuing and not d.routing then
      for _, e in ipairs(d.opponents or {}) do
        local o = G.D[e]
        if e ~= d.pursuing and live(o) and not o.routing then
          if not d.disorganised and G.report then
            G.report(string.format("  %s, pursuing, is engaged by %s: disorganised.", d.name, o.name))
          end
          d.disorganised = true
          break
        end
      end
    end
  end
end

return P
