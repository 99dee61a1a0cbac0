-- Phalanx optional rule: ARTILLERY.
--
-- "The period employed the use of torsion, counterweight and powder
-- artillery of various sizes. We classify them as amalgamated or attached.
-- The former are those weapons (of any type) used collectively in a
-- 'battery' and are treated as HIB. The latter are those (generally
-- smaller) weapons attached to foot vignettes. ... The vignette can shoot to
-- 1 if attached and to 4 if amalgamated, both use the 'Other' row on the
-- shooting results table that is on Page 16. In melee a vignette with
-- attached artillery gets a -1 melee conditional modifier. Amalgamated
-- artillery melee as HIB. This is an optional rule."
--
-- Which vignettes have artillery: the scenario says, under its table keys:
--   table:
--     artillery:
--       1: { ballistae: amalgamated, legio_ix: attached }   # side 1's ids
-- Without that, an HIB vignette whose army-list notes mention artillery is
-- amalgamated artillery (the lists' convention, docs/army-lists.md:
-- "Amalgamated artillery (optional rule) is listed as HIB").
-- phalanx.shooting reads `artillery` on the vignette (range and the Other
-- row, tables.artillery); this option adds the -1 for attached artillery to
-- the melee modifier list.

local artillery = {
  id = "artillery",
  title = "Artillery",
  rule = "Artillery (optional)",
}

local function side_entry(map, side)
  if type(map) ~= "table" then return nil end
  return map[side] or map[tostring(side)]
end

-- Marks the vignettes of both sides (G.D data tables) that have artillery.
function artillery.assign(G)
  local tables = require("phalanx.tables")
  local spec = G.scenario and G.scenario.table and G.scenario.table.artillery
  for s = 1, 2 do
    local given = side_entry(spec, s)
    for _, uid in ipairs(G.alive[s]) do
      local d = G.D[uid]
      local kind = given and given[d.vid]
      if kind == nil and not given and d.class == "HIB" and type(d.notes) == "string"
         and d.notes:lower():find("artillery", 1, true) then
        kind = "amalgamated"
      end
      if kind ~= nil then
        local a = tables.artillery[kind]
        if a == nil then
          error(string.format("table.artillery.%d.%s: expected attached or amalgamated, found '%s'", s, d.vid, tostring(kind)), 0)
        end
        if kind == "attached" and not require("phalanx.troops").is_foot(d.class) then
          error(string.format("table.artillery.%d.%s: attached artillery is attached to foot vignettes, not %s",
            s, d.vid, d.class), 0)
        end
        if a.class and a.class ~= d.class then
          error(string.format("table.artillery.%d.%s: amalgamated artillery is listed as HIB, not %s", s, d.vid, d.class), 0)
        end
        d.artillery = kind
      end
    end
  end
end

-- Shooting range in vignette widths of a vignette with artillery.
function artillery.range(d)
  local tables = require("phalanx.tables")
  return tables.artillery[d.artillery].range
end

function artillery.apply(rules)
  local melee = rules.require("phalanx.melee")
  if not melee.modifiers:has("attached_artillery") then
    melee.modifiers:add(melee.optional.attached_artillery)
  end
  rules.options = rules.options or {}
  rules.options.artillery = true
  rules.phalanx = rules.phalanx or {}
  rules.phalanx.artillery = artillery
end

return artillery
