-- Phalanx optional rule: DETACHMENTS.
--
-- "A Wing, including vignettes of the MBL that extend into the Flank Sectors
-- can be detached from the MBL and separate themselves from the MBL by any
-- distance. A detachment may cross into other Sectors. Increase activation
-- points by 1 when activating a detachment. Detachments are ideal for
-- flanking manoeuvres but may leave your own flanks exposed. This is an
-- optional rule."
--
-- How it is played here (READING, docs/rulesets/phalanx.md):
-- - Without this rule the main battle line keeps Deployment's gap limit in
--   play: an ordered move may not leave a vignette (or link) of the MBL more
--   than three frontages from every other vignette of the MBL when it
--   started within that distance of one (turn.lua, cohesion).
-- - With it, a commander may detach a wing's link (its command part is left
--   or right, or it stands in a flank sector) by ordering it with
--   `detach = true`. Detaching is permanent; a detachment is free of the gap
--   limit, and every activation of it costs 1 more point (the "detachment"
--   activation modifier this option adds). Crossing sectors still costs +2.

local detachments = {
  id = "detachments",
  title = "Detachments",
  rule = "Detachments (optional)",
}

-- Whether link g may be detached: a wing of the MBL.
function detachments.may_detach(G, g)
  if #g.ids == 0 then return false end
  local d = G.D[g.ids[1]]
  if not d.mbl then return false end
  if g.part == "left" or g.part == "right" then return true end
  local setup = require("phalanx.setup")
  local x = G.bf:pos(g.ids[1])
  return setup.table_sector(G.S, x) ~= "centre"
end

function detachments.apply(rules)
  local command = rules.require("phalanx.command")
  if not command.activation_modifiers:has("detachment") then
    command.activation_modifiers:add(command.optional.detachment)
  end
  rules.options = rules.options or {}
  rules.options.detachments = true
  rules.phalanx = rules.phalanx or {}
  rules.phalanx.detachments = detachments
end

return detachments
