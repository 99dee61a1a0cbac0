-- Historicon v2: random distances -- evasion, recoil, break-off, break,
-- flight and pursuit -- and the evasion of unformed figures.
--
--   local D = require("historicon.distances")
--   D.expression("pursuit", unit)              --> "7+2d12" (foot)
--   D.roll("recoil", unit, dice, "15mm")       --> cm at 15mm scale
--   local case = D.evasion_case(contacting_unit)
--   local out = D.evade(case, evader, { 3, 12 }, dice, "25mm")
--
-- The expressions are the text's, in cm at 25mm; at 15mm and 6mm the rolled
-- distance is halved or quartered ("half all measurements quoted and quarter
-- for 6mm"), unrounded.

local tables = require("historicon.tables")
local troops = require("historicon.troops")
local E = require("historicon.dice_expr")

local D = {}

local function gait(unit) return troops.is_mounted(unit) and "mounted" or "foot" end

local function purpose_map(prefix, t)
  local out = {}
  for k in pairs(t) do out[k] = prefix .. k end
  return out
end
local move_purpose = purpose_map("Historicon move: ", tables.moves)
local evasion_purpose = purpose_map("Historicon evasion: ", tables.evasion)

-- The dice expression of a move of `kind` (recoil, break_off, break, flight,
-- pursuit) for this unit.
function D.expression(kind, unit)
  local move = tables.moves[kind]
  if not move then error("Historicon: no random move '" .. tostring(kind) .. "'", 2) end
  return move[gait(unit)]
end

function D.scale(cm_at_25mm, scale)
  local f = tables.scale_factor[scale or "25mm"]
  if not f then error("Historicon: unknown scale '" .. tostring(scale) .. "'", 2) end
  return cm_at_25mm * f
end

-- Rolls a move; returns cm at `scale` (default 25mm).
function D.roll(kind, unit, dice, scale)
  return D.scale(E.roll(D.expression(kind, unit), dice, move_purpose[kind]), scale)
end

-- Which evasion case a contact makes (nil: the contacted unformed troops do
-- not evade), from the contacting unit: HI (Phase 2), formed mounted, or
-- formed LI / VLI (Phase 3; the evasion is then optional).
function D.evasion_case(contacting)
  if contacting.class == "HI" then return "contacted_by_hi" end
  if not troops.is_formed(contacting) then return nil end
  if troops.is_mounted(contacting) then return "contacted_by_formed_mounted" end
  if contacting.class == "LI" or contacting.class == "VLI" then return "contacted_by_formed_light_foot" end
  return nil
end

function D.evasion_expression(case, evader)
  local c = tables.evasion[case]
  if not c then error("Historicon: no evasion case '" .. tostring(case) .. "'", 2) end
  return c[gait(evader)]
end

-- "The throw is made for each figure in contact. If unformed troops fail to
-- move out of contact (ie. evade) because of their die throw they are
-- removed from play." needed[i] is how far (cm, at `scale`) figure i must
-- move to leave contact, as the battle engine measures it. Returns
-- { escaped, removed } and, when explain, per-figure { distance, escaped }.
function D.evade(case, evader, needed, dice, scale, explain)
  local expr = D.evasion_expression(case, evader)
  local out = { escaped = 0, removed = 0, figures = explain and {} or nil }
  for i, need in ipairs(needed) do
    local distance = D.scale(E.roll(expr, dice, evasion_purpose[case]), scale)
    local ok = distance >= need
    if ok then out.escaped = out.escaped + 1 else out.removed = out.removed + 1 end
    if explain then out.figures[i] = { distance = distance, escaped = ok } end
  end
  return out
end

-- The evader after evasion: the figures that failed are gone.
function D.apply_evasion(unit, result)
  local u = {}
  for k, v in pairs(unit) do u[k] = v end
  u.figures = math.max(0, unit.figures - result.removed)
  return u
end

return D
