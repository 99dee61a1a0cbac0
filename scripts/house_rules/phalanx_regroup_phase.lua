-- House rule (a whole optional phase): Regroup. After the melee phase of its
-- own turn, every unbroken vignette of the phasing side that is not in contact
-- and has no enemy within 3 frontages cancels one accumulated -1 of R/RR
-- results, without being activated (the optional Recovery rule needs an
-- activation and a turn out of action; this is the generous house version).
-- It is a new phase "F regroup" added after "melee" in the turn's phase list,
-- and it reuses the Recovery option's bookkeeping of what a -1 is.
return function(rules)
  local turn = rules.require("phalanx.turn")
  local recovery = rules.require("phalanx.options.recovery")
  local near = {}
  turn.phases:add({
    id = "regroup",
    label = "F regroup",
    rule = "house rule: regroup phase",
    run = function(G, side)
      for _, uid in ipairs(G.alive[side]) do
        local d = G.D[uid]
        if not d.broken and not turn.in_contact(G, uid)
           and turn.near(G, uid, 3 - side, 3 * d.w, near) == 0 and recovery.cancel_one(d) then
          if G.log then
            G.bf:log("regroup", { unit = uid, accumulated_r = d.accumulated_r, accumulated_rr = d.accumulated_rr })
          end
          if G.report then
            G.report(string.format("  %s regroups: one accumulated -1 cancelled (house rule)", d.name))
          end
        end
      end
    end,
  }, { after = "melee" })
end
