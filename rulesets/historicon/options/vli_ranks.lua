-- Historicon optional rule: VLI FORMING RANKS.
--
-- "One single rank of formed or unformed VLI may form a third rank of an HI
-- unit or the second or third rank of an HC unit. ... In these two cases the
-- LI or VLI may shoot at a target in contact with the HI or HC to their
-- front."
--
-- How it is played here: an army list gives the VLI unit
-- `rear_rank_of = "host id"` (the checker makes sure the host is HI two
-- ranks deep or HC one or two deep, and that the VLI stand in one rank).
-- With the option on, the VLI are put behind their host: the host's base
-- grows one VLI rank deeper, it moves at the slower of the two rates, the
-- rank counts for "+1 die per 4 figures for each rank deeper" (HC already
-- count as two ranks), the VLI shoot in Phase 4 at an enemy in contact with
-- the host's front, and they share the host's fate (both are deducted when
-- it breaks). Without the option the VLI deploy as a unit of their own.
local setup = require("historicon.setup")
local tables = require("historicon.tables")

local vli_ranks = {
  id = "vli_ranks",
  title = "VLI forming ranks of HI or HC",
  rule = "Optional rules",
}

function vli_ranks.attach(G, host, vli)
  host.rear = { id = vli.id, name = vli.name, troop = vli.troop, class = "VLI", sub = vli.sub, grade = vli.grade,
                army = vli.army, figures = vli.figures }
  host.dp = host.dp + setup.figure_depth("VLI", G.S)
  host.move = math.min(host.move, tables.troop_by_scale[G.S.scale].VLI.move * 10)
end

function vli_ranks.shooter(d)
  local r = d.rear
  return { class = "VLI", sub = r.sub, grade = r.grade, army = r.army, figures = r.figures, ranks = 1, formed = true }
end

-- The host as melee sees it: one rank deeper.
function vli_ranks.melee_view(d)
  local v = {}
  for k, val in pairs(d) do v[k] = val end
  v.ranks = (d.ranks or 1) + 1
  return v
end

function vli_ranks.apply() end

return vli_ranks
