-- Phalanx default commander. The rules never decide for a player: every
-- choice the battle engine needs is asked of a commander, and this is the
-- one a scenario gets unless it names another. A commander is a table with:
--
--   choose_edge(G, side) -> "south" | "north"        (The Table: the winner)
--   terrain_changes(G, side) -> { remove = {ids} } | { swap = {a, b} } | nil
--   march_order(G, side) -> { gid, ... }              (flank march)
--   deployment(G, side) -> { {vid, x, y, facing}, ... } in deployment order
--   activate(G, side, points) -> { order, ... }       best first; the engine
--       activates them in order while the points last. An order is
--       { gid =, kind = "charge", target = uid, turn = deg } |
--       { gid =, kind = "move", turn = deg, dist = mm, detach = bool } |
--       { gid =, kind = "hold" } (shoot) | { gid =, kind = "rally" }
--   free_order(G, g) -> order | nil                    (initiative 7+)
--   evade(G, target_group, charging_group, target_uid) -> bool
--   shoot_target(G, shooter_uid, targets) -> uid | nil (targets nearest first)
--   shoot_at_charger(G, shooter_uid, charger_uid) -> bool
--   charge_or_shoot(G, g, enemy_uid) -> "charge" | "shoot" (initiative 2;
--       optional: a commander without it charges)
--
-- This one is cheap on purpose (thousands of battles a minute): it looks at
-- the nearest enemies of each link, estimates melee with Table 7/8 expected
-- values, and spends its points on charges with good odds, shooting, then
-- keeping its line moving forward.--
-- The commander's parts, one file each under commander/ (each adds to the
-- one table commander/base.lua makes, as phalanx.turn's parts do):
--   commander/estimate.lua    melee and charge estimates (Tables 7 and 8)
--   commander/deployment.lua  the edge, terrain changes, flank march, deployment plan
--   commander/lines.lua       the way ahead and keeping the main battle line
--   commander/reserve.lua     the last line held back
--   commander/plan.lua        the plan kept between turns: objectives, blocked links
--   commander/standing_plan.lua  a far link's advance priced once and kept while its situation stands
--   commander/stalemate.lua   when fire alone will not win: close and charge
--   commander/orders.lua      each turn's orders, evades, targets
--   commander/follow.lua      a link behind a friend follows it when the friend goes
local ai = require("phalanx.commander.base")
require("phalanx.commander.estimate")
require("phalanx.commander.deployment")
require("phalanx.commander.lines")
require("phalanx.commander.reserve")
require("phalanx.commander.plan")
require("phalanx.commander.standing_plan")
require("phalanx.commander.stalemate")
require("phalanx.commander.orders")
require("phalanx.commander.follow")

return ai
