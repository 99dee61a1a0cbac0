-- WRG Ancients 1973: troop types and what follows from them (SETTING UP THE
-- BASIC GAME, MOVE DISTANCES, SHOOTING ARCS, SPECIAL TARGET VULNERABILITIES,
-- USE OF SHIELDS, HAND-TO-HAND WEAPON FACTORS).
--
-- A unit (plain table) has: type (tables.TROOP_TYPES), class ("A".."E"),
-- regular (true) or barbarian (false), weapons (a list such as { "pilum",
-- "javelin" }: melee and missile weapons), shield (default true), fanatic,
-- figures, ranks, and for models crew = { weapons of the fighting crew },
-- horses (chariots), engine = "light_bolt" ... for engines.

local tables = require("wrg.tables")

local troops = {}

troops.tables = tables

local MOUNTED = { LC = true, MC = true, HC = true, EHC = true, SHC = true }
local INFANTRY = { LI = true, LMI = true, LHI = true, MI = true, HI = true }
local MODELS = { EL = true, CH = true, ENG = true }

function troops.is_cavalry(u) return MOUNTED[u.type] == true end
function troops.is_infantry(u) return INFANTRY[u.type] == true end
function troops.is_model(u) return MODELS[u.type] == true end
-- "Horsed troops": cavalry and chariots.
function troops.is_horsed(u) return MOUNTED[u.type] == true or u.type == "CH" end
function troops.is_light(u) return u.type == "LC" or u.type == "LI" end
function troops.is_mounted(u) return MOUNTED[u.type] == true or u.type == "EL" or u.type == "CH" end

-- Weapons. Melee rows of the hand-to-hand table by weapon word.
troops.WEAPONS = {
  kontos = { melee = true, cavalry = true }, lance = { melee = true, cavalry = true },
  spear = { melee = true }, long_spear = { melee = true }, pike = { melee = true, two_handed = true },
  pilum = { melee = true }, francisca = { melee = true },
  javelin = { melee = true, missile = "hand_hurled" }, darts = { melee = true, missile = "hand_hurled" },
  axe = { melee = true, two_handed = true }, two_handed_sword = { melee = true, two_handed = true },
  rhomphaia = { melee = true, two_handed = true }, sword = { melee = true },
  bow = { missile = "bow", two_handed = true }, crossbow = { missile = "crossbow", two_handed = true },
  sling = { missile = "sling" }, staff_sling = { missile = "staff_sling", two_handed = true },
}

function troops.has(u, weapon)
  for _, w in ipairs(u.weapons or {}) do if w == weapon then return true end end
  return false
end

-- The missile weapon a unit shoots with, or nil (pila and franciscas "are
-- treated only as melee weapons").
function troops.missile(u)
  if u.type == "ENG" then return "engine" end
  if u.type == "EL" or u.type == "CH" then
    for _, w in ipairs(u.crew or {}) do if w == "bow" then return "bow" end end
    for _, w in ipairs(u.crew or {}) do if w == "javelin" then return "javelin" end end
    return nil
  end
  local best
  for _, w in ipairs(u.weapons or {}) do
    local m = troops.WEAPONS[w] and troops.WEAPONS[w].missile
    if m and m ~= "hand_hurled" then return w end
    if m == "hand_hurled" then best = best or w end
  end
  -- "Figures apparently armed only with a sword are assumed to have throwing weapons as well."
  if not best and troops.is_infantry(u) and #(u.weapons or {}) == 1 and u.weapons[1] == "sword" then best = "javelin" end
  return best
end

-- RANGES (paces) of a unit's missile weapon; mounted archers "on horses,
-- camels or elephants or in chariots" 120.
function troops.range(u)
  local m = troops.missile(u)
  if not m then return nil end
  local R = tables.ranges
  if m == "engine" then return R.engine end
  if m == "javelin" or m == "darts" then return R.hand_hurled end
  if m == "bow" then return troops.is_mounted(u) and R.mounted_bow or R.foot_bow end
  return R[m]
end

-- Shooting row: crossbowmen and engine crews, or everything else.
function troops.shooting_row(u)
  local m = troops.missile(u)
  if m == "crossbow" or m == "engine" then return "crossbow" end
  return "missile"
end

-- The number of figures that shoot: engine crews ("Each crew figure for an
-- engine has the same effect as a crossbowman"), elephant and chariot crews
-- except the driver.
function troops.crew_shooters(u)
  if u.type == "ENG" then return tables.points.engine_crew[u.engine or "light_bolt"] or 2 end
  local n = 0
  for _, w in ipairs(u.crew or {}) do if w == "bow" or w == "javelin" then n = n + 1 end end
  return n
end

-- SHOOTING ARCS: half-angle in degrees.
function troops.shooting_arc(u)
  -- "Light cavalry and camelry, elephant riders and chariot crews can shoot all round."
  if u.type == "LC" or u.type == "EL" or u.type == "CH" or (u.camel and troops.is_cavalry(u)) then
    return tables.arcs.all_round
  end
  if u.type == "LI" or (u.type == "ENG" and u.engine == "light_bolt") then return tables.arcs.light end
  return tables.arcs.other
end

-- SPECIAL TARGET VULNERABILITIES: the column a target is read under.
-- from_front: the shooter or striker is to its front (EHC counts SHC then);
-- initial: the initial period of a frontal melee (EHC as SHC in melee only then).
function troops.target_column(u, from_front, melee_initial, in_melee)
  local t = u.type
  -- "Cavalry engaged in mounting or dismounting always count as a mounted
  -- target. Dismounted cavalry count as their infantry equivalent except for
  -- super heavy cavalry, who count as if still mounted."
  if u.horse_type and (u.mounting ~= nil or u.horse_type == "SHC") then t = u.horse_type end
  if t == "LMI" then return "MI" end
  if t == "LHI" then return "HI" end
  if t == "ENG" then return "LI" end
  if t == "EHC" then
    if in_melee then return (from_front and melee_initial) and "SHC" or "HC" end
    return from_front and "SHC" or "HC"
  end
  if t == "SHC" or t == "HC" or t == "MC" or t == "LC" or t == "HI" or t == "MI" or t == "LI" or t == "EL" or t == "CH" then
    return t
  end
  error("troops.target_column: unknown troop type " .. tostring(t), 2)
end

-- USE OF SHIELDS: whether a figure can use a shield in this situation.
-- s: { rear = attacked from the rear, unshielded_flank = from behind its
-- unshielded flank, shooting_two_handed = using a bow etc. this period,
-- climbing = using hands for climbing, carrying or pushing }.
function troops.can_use_shield(u, s)
  s = s or {}
  if u.type == "SHC" then return true end             -- "do not need shields"
  if troops.is_model(u) then return true end          -- not relevant (shieldless bonuses never apply)
  if u.shield == false then return false end
  if s.rear or s.unshielded_flank or s.climbing then return false end
  if s.shooting_two_handed then return false end
  if s.melee_weapon and troops.WEAPONS[s.melee_weapon] and troops.WEAPONS[s.melee_weapon].two_handed then return false end
  return true
end

-- The melee rows a unit may use: "Troops armed with two classes of weapons
-- may choose to use either." first_period: the first period of this melee
-- (lance or kontos count their own row only then).
function troops.melee_rows(u, first_period)
  local t = u.type
  if t == "EL" then return { "elephant" } end
  if t == "CH" then return { "chariot" } end
  if t == "ENG" then return { "missile_man" } end
  local rows = {}
  if troops.is_cavalry(u) then
    local lance = troops.has(u, "kontos") or troops.has(u, "lance")
    if lance and first_period then rows[#rows + 1] = "kontos" end
    if troops.has(u, "spear") or troops.has(u, "javelin") or troops.has(u, "darts") or troops.has(u, "long_spear")
      or troops.has(u, "sword") or (lance and not first_period) then
      rows[#rows + 1] = "cav_spear"
    end
    if troops.has(u, "bow") or troops.has(u, "crossbow") then rows[#rows + 1] = "cav_bow" end
    if #rows == 0 then rows[1] = "cav_spear" end
    return rows
  end
  local map = {
    pike = "pike", spear = "spear", long_spear = "spear", pilum = "pilum", francisca = "pilum",
    javelin = "javelin", darts = "javelin", axe = "axe", two_handed_sword = "axe", rhomphaia = "axe",
    bow = "missile_man", crossbow = "missile_man", sling = "missile_man", staff_sling = "missile_man",
  }
  -- "Figures apparently armed only with a sword are assumed to have
  -- throwing weapons as well": the javelin row ("darts or light javelins and
  -- with sword") for sword-only infantry; beside another weapon the sword is
  -- the "and sword" every row already assumes (spear and sword, pike and
  -- sword, pilum and sword) and adds no row of its own.
  local w = u.weapons or {}
  if #w == 1 and w[1] == "sword" then return { "javelin" } end
  local seen = {}
  for _, wp in ipairs(w) do
    local r = map[wp]
    if r and not seen[r] then seen[r] = true; rows[#rows + 1] = r end
  end
  if #rows == 0 then rows[1] = "javelin" end
  return rows
end

-- The weapon word behind a row, for the shield rule and the pike factor.
function troops.row_weapon(u, row)
  local by_row = { pike = { "pike" }, spear = { "long_spear", "spear" }, axe = { "axe", "two_handed_sword", "rhomphaia" },
                   missile_man = { "bow", "crossbow", "staff_sling", "sling" } }
  for _, w in ipairs(by_row[row] or {}) do if troops.has(u, w) then return w end end
  return nil
end

-- Whether a row's weapon needs both hands (the user counts shieldless).
function troops.row_two_handed(u, row)
  if row == "pike" or row == "axe" then return true end
  return false
end

-- Ranks permitted to fight: "Regular heavy or medium or light-medium
-- infantry not engaged in firing" only; others fight with the front rank.
function troops.fighting_ranks(u, row)
  local heavy_enough = u.type == "HI" or u.type == "MI" or u.type == "LMI" or u.type == "LHI"
  if not (u.regular and heavy_enough) then return 1 end
  return tables.melee_weapon[row].ranks
end

-- "Add 4 for each crewman using long spear or pike, 2 for javelinman, 1 for
-- archer, or armed driver."
function troops.crew_factor(u)
  local n = 0
  for _, w in ipairs(u.crew or {}) do n = n + (tables.crew_factor[w] or 0) end
  if u.armed_driver then n = n + tables.crew_factor.driver end
  return n
end

-- MOVE DISTANCES { normal, charge } in paces.
function troops.moves(u)
  local M = tables.moves
  local t = u.type
  if t == "CH" then
    local crew = #(u.crew or {}) + 1
    local horses = u.horses or 2
    if crew <= 2 or (horses > crew and horses > 2) then return M.CH_LIGHT end
    return M.CH
  end
  if t == "ENG" then
    if u.engine == "light_bolt" then return M.ENG_MANHANDLED end
    return M.ENG_OXEN
  end
  if u.camel then
    if t == "SHC" then return M.SHC_CAMEL end
    if t == "LC" then return M.LC end
    return M.CAMEL
  end
  return M[t]
end

-- CHANGES IN DIRECTION: the fraction of a period a 90 or 180 degree turn takes.
function troops.turn_time(u)
  -- "... elephants, engines, camels, chariots and other vehicles take 1/2
  -- period to turn", regular camelry too
  if u.camel then return tables.movement.turn_time.barbarian_heavy end
  if u.regular and not troops.is_model(u) then return tables.movement.turn_time.regular end
  if (u.type == "LI" or u.type == "LC") and not u.camel then return tables.movement.turn_time.barbarian_light end
  return tables.movement.turn_time.barbarian_heavy
end

-- THE REACTION TEST: which dice ("probability dice ... for regular troops,
-- normal or wild dice ... for barbarians").
function troops.reaction_die(u)
  return u.regular and tables.AVERAGE_DIE or tables.NORMAL_DIE
end

-- Heavier or mounted (for "L.I. testing to charge or be charged by heavier
-- or mounted troops").
function troops.heavier_or_mounted(u)
  return u.type ~= "LI" and u.type ~= "ENG"
end

-- THE REACTION TEST, "Hostile Huns within 150 paces" (-1): the units of
-- an army of the Huns (nation "Hun" or "Hunnic") other than its subject
-- peoples (allegiance "subject": the Germans who followed Attila).
function troops.is_hun(nation, u)
  return (nation == "Hun" or nation == "Hunnic") and u.allegiance ~= "subject"
end

return troops
