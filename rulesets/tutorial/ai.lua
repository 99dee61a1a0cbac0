-- Skirmish of Spears: the default commander.
--
-- Rules never decide for a player; they ASK a commander. This one is as
-- simple as a commander can be. The battle (battle.lua) asks two questions:
--
--   commander.order(G, id)          -> nil (stand)
--                                    | { toward = enemy id, distance = mm? }
--   commander.target(G, id, targets) -> the id of one of `targets`, or nil
--                                       (targets: { {id=, distance=}, ... } nearest first)
--
-- G.bf is the battlefield (read it, never change it here); G.BW is one base
-- width in mm. A unit's own fields are G.bf:data(id): side, class, move,
-- melee, range, hits. Another commander (a smarter AI, a script of orders,
-- a person at a prompt) answers the same two questions.
local ai = {}

-- The enemy to go for: the nearest, except that horse leave spearmen
-- alone while there is anything else to attack (spears get +2 against horse).
local function choose_enemy(G, id, d)
  local enemies = G.bf:query{ of = id, within = 1e9, enemy = true }   -- nearest first
  for _, e in ipairs(enemies) do
    if d.class ~= "horse" or G.bf:data(e.id).class ~= "spear" then return e.id, e.distance end
  end
  if enemies[1] then return enemies[1].id, enemies[1].distance end
  return nil
end

function ai.order(G, id)
  local d = G.bf:data(id)
  local enemy, distance = choose_enemy(G, id, d)
  if not enemy then return nil end
  if d.range > 0 then
    -- Archers: close until the nearest enemy is in range, then stand and shoot.
    local short_by = distance - (d.range - 0.5) * G.BW
    if short_by <= 0 then return nil end
    return { toward = enemy, distance = math.min(short_by, d.move * G.BW) }
  end
  -- Everyone else: straight at the nearest enemy (a charge if we reach it).
  return { toward = enemy }
end

function ai.target(G, id, targets)
  return targets[1] and targets[1].id or nil     -- the nearest
end

return ai
