-- Phalanx optional rule: FIELD DEFENCES.
--
-- "Some troops had the historical use of static field defences such as
-- stakes and palisade. Vignettes using such defences may not move when
-- deployed and must have the defences reproduced by model to their front.
-- A new combat conditional modifier needs to be introduced as follows:
--   -1 If in melee with a vignette that is protected by static field
--      defences such as stakes or palisade.
-- This is an optional rule."
--
-- Which vignettes use defences: the scenario says, under its table keys:
--   table:
--     field_defences:
--       1: [longbows_left_1, longbows_right_1]
-- Without that, each commander chooses at deployment (the default AI stakes
-- its bowmen, HIB in the main battle line, when the enemy brings at least
-- three mounted or animal vignettes; in Into Glory Ride its HIM).
-- Effects: a defended vignette, and any link it is in, never moves (no
-- activation to move, no initiative move, no evade, no follow-up; repulses
-- still move it back: READING, a result is not a voluntary move). READING:
-- the defences are "to their front", so the -1 applies to an enemy fighting
-- the defended vignette across its front edge.

local field_defences = {
  id = "field_defences",
  title = "Field defences",
  rule = "Field Defences (optional)",
}

local function side_entry(map, side)
  if type(map) ~= "table" then return nil end
  return map[side] or map[tostring(side)]
end

-- The default choice: the heavy foot shooters of the main battle line (the
-- heavy infantry classes that shoot: Phalanx's HIB, Into Glory Ride's HIM,
-- "later armed with stakes"), against mounted armies. The ruleset's own
-- troops module answers (a variant's patched copy).
function field_defences.choose(G, side)
  local troops = (G.rules and G.rules.require or require)("phalanx.troops")
  local mounted = 0
  for _, uid in ipairs(G.alive[3 - side]) do
    if troops.mounted_or_animal(G.D[uid].class) then mounted = mounted + 1 end
  end
  local out = {}
  if mounted < 3 then return out end
  for _, uid in ipairs(G.alive[side]) do
    local d = G.D[uid]
    local c = troops.classes[d.class]
    if d.mbl and troops.groups.HI[d.class] and c and c.shoots then out[#out + 1] = d.vid end
  end
  return out
end

function field_defences.assign(G)
  local spec = G.scenario and G.scenario.table and G.scenario.table.field_defences
  for s = 1, 2 do
    local list = side_entry(spec, s)
    if list == nil then
      local commander = G.sides[s].commander
      list = commander.field_defences and commander.field_defences(G, s) or field_defences.choose(G, s)
    end
    local want = {}
    for _, vid in ipairs(list) do want[vid] = true end
    for _, uid in ipairs(G.alive[s]) do
      local d = G.D[uid]
      if want[d.vid] then
        d.field_defences = true
        want[d.vid] = nil
        if G.log then G.bf:log("field_defences", { unit = uid, side = s, vignette = d.vid }) end
        if G.report then G.report(string.format("  %s stands behind stakes (field defences)", d.name)) end
      end
    end
    for _, vid in ipairs(list) do
      if want[vid] then
        error(string.format("table.field_defences.%d: side %d has no vignette '%s'", s, s, tostring(vid)), 0)
      end
    end
  end
end

function field_defences.apply(rules)
  local melee = rules.require("phalanx.melee")
  if not melee.modifiers:has("field_defences") then
    melee.modifiers:add(melee.optional.field_defences)
  end
  rules.options = rules.options or {}
  rules.options.field_defences = true
  rules.phalanx = rules.phalanx or {}
  rules.phalanx.field_defences = field_defences
end

return field_defences
