-- §3 MISSLE THROWS, pure adjudication: which table a cast uses at a range,
-- and the die (and confirming die) of each base.
--
--   local missiles = require("hinds.missiles")
--   local kind, why = missiles.table_for(shooter, target, sit)
--   local r = missiles.cast(shooter, target, sit, dice)
--
-- sit: gap = distance units between the units (edge to edge; 0 touching),
-- indirect = true over the heads of friends, target_near_friends = the
-- target is within two units of contact with the shooter's friends.
-- "Each base casts once a move. The player throws a die and checks the
-- results table." A hit (confirmed when the table asks) kills a figure; an
-- oriental bow's 4 against the 1st class dismounts a rider (a figure lost
-- to a mounted unit, nothing against foot: see docs/rulesets/hinds.md).

local tables = require("hinds.tables")
local troops = require("hinds.troops")

local missiles = {}

local R = tables.ranges

local function has(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

-- The results table (a list of cells per class) the cast uses, its name,
-- or nil and the reason it cannot be made.
function missiles.table_for(sh, tg, sit)
  local w = sh.missile and tables.missiles[sh.missile]
  if not w then return nil, "no missile weapon" end
  if sh.formation == "testudo" then return nil, "no missiles can be cast from the testudo" end
  local gap = sit.gap or 0
  if sit.indirect then
    if gap >= R.indirect then return nil, "indirect casts only at less than 18 units" end
    if sit.target_near_friends then return nil, "indirect casts not at enemies within two units of friends" end
  end
  local short_ok = gap <= R.short and (sh.missile ~= "pilum" or gap <= R.pilum)
  if short_ok then
    if tg.formation == "testudo" and sh.missile ~= "pilum" and sh.missile ~= "oriental_bow" then
      return nil, "only the pilum or oriental bow penetrates the testudo"
    end
    return tables[w.short], w.short
  end
  local long = troops.long_range(sh)
  if long and gap <= long then
    if tg.formation == "testudo" then return nil, "the testudo is proof against all missiles at long range" end
    return tables.long_range, "long_range"
  end
  return nil, "out of range"
end

-- The widest gap (distance units) at which missiles.table_for could give
-- sh a table, or nil if it never could: the short range (5 for the pilum)
-- or the long range if sh has it. Beyond it table_for answers "out of
-- range" whatever the line, so a caller may skip the line.
function missiles.max_gap(sh)
  local w = sh.missile and tables.missiles[sh.missile]
  if not w or sh.formation == "testudo" then return nil end
  local short = sh.missile == "pilum" and math.min(R.short, R.pilum) or R.short
  local long = troops.long_range(sh)
  if long and long > short then return long end
  return short
end

-- The cell of a table for a face, or nil (a miss). Each class's cells
-- by face are remembered per table (the tables are read only; every base
-- of every cast asks).
local by_face = setmetatable({}, { __mode = "k" })   -- tbl -> class -> face -> cell
function missiles.cell(tbl, class, face)
  local t = by_face[tbl]
  if not t then t = {}; by_face[tbl] = t end
  local f = t[class]
  if not f then
    f = {}
    local cells = tbl[class]
    for i = #cells, 1, -1 do f[cells[i].face] = cells[i] end   -- the first cell of a face wins, as in a scan
    t[class] = f
  end
  return f[face]
end

-- What one face (and, if asked, one confirming face) does: "kill",
-- "dismount" or nil. `confirm_face` is nil when no confirmation is needed.
-- Needs confirmation?  missiles.needs_confirm(tbl, class, face, sit)
function missiles.confirm_faces(tbl, class, face, sit, tg)
  local c = missiles.cell(tbl, class, face)
  if not c then return false end
  if tg and tg.formation == "testudo" then
    if face ~= tables.testudo_face then return false end
    return c, nil
  end
  if sit.indirect then
    if class == 1 and face ~= tables.indirect_first_class_face then return false end
    return c, tables.indirect_confirm[class]
  end
  return c, c.confirm
end

-- One base's cast; returns "kill", "dismount" or nil.
function missiles.base_cast(tbl, class, sit, dice, tg, purpose)
  local face = dice:roll(6, purpose or "Hinds missile cast")
  local c, confirm = missiles.confirm_faces(tbl, class, face, sit, tg)
  if not c then return nil end
  if confirm then
    local f2 = dice:roll(6, "Hinds missile confirm")
    if not has(confirm, f2) then return nil end
  end
  if c.dismount then return "dismount" end
  return "kill"
end

-- The exact chance one base kills (and dismounts) with this table.
function missiles.base_probability(tbl, class, sit, tg)
  local kill, dismount = 0, 0
  for face = 1, 6 do
    local c, confirm = missiles.confirm_faces(tbl, class, face, sit, tg)
    if c then
      local p = 1 / 6
      if confirm then p = p * #confirm / 6 end
      if c.dismount then dismount = dismount + p else kill = kill + p end
    end
  end
  return kill, dismount
end

-- How many bases cast: "In order to cast the base must have one half or
-- more of its original strength."
function missiles.casting_bases(sh) return troops.bases_now(sh) end

-- A whole unit's cast. Returns { casts, kills, dismounts, table } or nil, why.
function missiles.cast(sh, tg, sit, dice)
  local tbl, name = missiles.table_for(sh, tg, sit)
  if not tbl then return nil, name end
  local r = { casts = missiles.casting_bases(sh), kills = 0, dismounts = 0, table = name }
  for _ = 1, r.casts do
    local what = missiles.base_cast(tbl, tg.class, sit, dice, tg)
    if what == "kill" then r.kills = r.kills + 1
    elseif what == "dismount" then r.dismounts = r.dismounts + 1 end
  end
  return r
end

-- Figures the target loses from its ranks: kills, and dismounts of mounted
-- troops (the rider is unhorsed; he fights on on foot: missiles.dismounted).
function missiles.figures_lost(r, tg)
  return r.kills + (tg.arm == "mounted" and r.dismounts or 0)
end

-- Riders of a mounted target unhorsed by the cast, who fight on foot.
function missiles.dismounted(r, tg)
  return tg.arm == "mounted" and r.dismounts or 0
end

-- "Tactical units equipped for throwing at short range only are allowed to
-- cast three times in a battle unless 1) throwing is their sole function or
-- 2) they are withdrawn behind friendly forces for a resupply."
function missiles.casts_left(sh)
  local w = sh.missile and tables.missiles[sh.missile]
  if not w then return 0 end
  if w.long or sh.sole_function then return math.huge end
  return tables.short_only_casts - (sh.casts or 0)
end

-- Whether a unit is limited to three casts and may be resupplied (§3).
function missiles.needs_resupply(sh)
  local w = sh.missile and tables.missiles[sh.missile]
  return w ~= nil and not w.long and not sh.sole_function
end

return missiles
