-- The sieges module in WRG 1973: FIGHTING INSIDE FORTIFICATIONS and SHIP-TO-
-- SHORE FIGHTING as entries of WRG's named modifier lists (wrg.shooting,
-- wrg.melee), so every total says which siege rule moved it.
--
-- The unit data fields the adapter keeps up to date (wrg/period.lua):
--   d.siege_on      the tenable wall, tower or gate section the unit stands on
--   d.siege_ship    the ship it is aboard
--   d.siege.escalading  it is on its ladders and has no footing yet
local MOD = {}

-- The entries are made per ruleset instance, on its own wrg.troops.
function MOD.entries(troops)
  local RULE = "WRG 1973 SIEGE: FIGHTING INSIDE FORTIFICATIONS"
  local SHIPS = "WRG 1973 SIEGE: SHIP-TO-SHORE FIGHTING"

  local function stone_engine(u)
    return u.type == "ENG" and u.engine ~= "light_bolt" and u.engine ~= "heavy_bolt"
  end

  -- What WRG's shieldless factors would add against a target that could use
  -- its shield (shooting): medium infantry 2, cavalry, light and heavy 1.
  local function working_bonus(c)
    local col = c.column
    if col == "MI" then return 2 end
    if troops.is_cavalry(c.target) or col == "HI" or col == "LI" then return 1 end
    return 0
  end

  -- What WRG's own shieldless factors add against this target (shooting).
  local function shieldless_bonus(c)
    if c.shooter.type == "ENG" then return 0 end
    if troops.can_use_shield(c.target, c.s.target_shield) then return 0 end
    local col = c.column
    if col == "MI" then return 2 end
    if troops.is_cavalry(c.target) or col == "HI" or col == "LI" then return c.target.type ~= "ENG" and 1 or 0 end
    return 0
  end

  -- "Troops shooting from behind merlons or loopholes are treated as shielded
  -- and count cover at 3 times normal value. If not shooting, only stone
  -- throwing engines can hurt them." READING: the normal value of partial
  -- cover is WRG's -1, so -3; troops on a wall walk with missile weapons are
  -- the ones shooting (they shoot whenever they have a target: WRG's
  -- shooting phase); those without missiles are out of reach of all but stone
  -- throwers. Stone throwers ignore cover as WRG's own partial cover factor
  -- says ("troops other than stone-throwing engines").
  -- RANGES: "Troops ... fighting from a raised rampart add 20 paces to
  -- these ranges" (the adapter adds them to the range of troops on a wall
  -- for the shooting phase) and "Troops ... shooting up at a rampart or
  -- similar ... deduct 20 paces".
  local RANGES = "WRG 1973 SHOOTING: RANGES"
  -- SHIP-TO-SHORE FIGHTING: the ship's company is "higher than a beach":
  -- READING: a ship is "similar" to a rampart for the range (troops on the
  -- beach shooting up at it deduct 20 paces, its company shooting from it
  -- adds 20: wrg.lua) and for the overhead exemption (a vertical elevation).
  local function high(u) return u.siege_on ~= nil or u.siege_ship ~= nil or u.siege_tower ~= nil end  -- (a siege tower: wrg/engines.lua)
  local function up_at_rampart(c)
    if not high(c.target) or high(c.shooter) or c.s.range == nil then return false end
    local r = troops.range(c.shooter)
    return r ~= nil and c.s.range > r - 20
  end
  local shooting = {
    {
      id = "siege_up_at_rampart", rule = RANGES,
      text = "shooting up at a rampart: 20 paces less range (out of range)",
      when = up_at_rampart,
      apply = function() return -99 end,
    },
    {
      -- SHOOTING OVERHEAD: penalised "except when ... 2) Shooting from a
      -- vertical elevation such as an elephant or rampart."
      id = "siege_from_rampart_overhead", rule = "WRG 1973 SHOOTING, TACTICAL FACTORS",
      text = "shooting overhead from a rampart: no penalty",
      when = function(c) return high(c.shooter) and c.s.overhead == true and not c.s.overhead_exempt end,
      add = 1,
    },
    {
      id = "siege_merlons", rule = RULE,
      text = "shooting at troops behind merlons or loopholes: cover at 3 times normal value",
      when = function(c) return c.target.siege_on ~= nil and not stone_engine(c.shooter) end,
      add = -3,
    },
    {
      id = "siege_merlons_shielded", rule = RULE,
      text = "troops shooting from behind merlons or loopholes are treated as shielded",
      when = function(c) return c.target.siege_on ~= nil and shieldless_bonus(c) ~= 0 end,
      add = function(c) return -shieldless_bonus(c) end,
    },
    {
      id = "siege_behind_merlons_not_shooting", rule = RULE,
      text = "troops behind merlons not shooting: only stone throwing engines can hurt them",
      when = function(c) return c.target.siege_on ~= nil and troops.missile(c.target) == nil and not stone_engine(c.shooter) end,
      -- below the casualty table: no casualties
      apply = function() return -99 end,
    },
    {
      -- WORKING PARTIES: "All figures count unshielded while working. However,
      -- they may be covered by other figures bearing pavises or mantlets, each
      -- of which covers both bearer and one other man over a 90 degree arc."
      -- READING: the arc is the party's front (shot from the front); the
      -- party counts shielded when its mantlets cover at least half its
      -- figures (2 a mantlet), else unshielded.
      id = "siege_working_unshielded", rule = "WRG 1973 SIEGE: WORKING PARTIES",
      text = "shooting at a working party: unshielded unless covered by pavises or mantlets",
      when = function(c)
        local k = c.target.siege
        if not (k and k.working) or c.shooter.type == "ENG" then return false end
        if not troops.can_use_shield(c.target, c.s.target_shield) then return false end  -- already unshielded
        local covered = (c.s.from_front ~= false) and math.min(c.target.figures, (k.mantlets or 0) * 2) or 0
        return covered * 2 < c.target.figures and working_bonus(c) ~= 0
      end,
      add = function(c) return working_bonus(c) end,
    },
    {
      -- "While on board, all the ships company count as one "C" or "D" class
      -- unit ... in cover"
      id = "siege_ship_cover", rule = SHIPS,
      text = "shooting at a ship's company on board: in cover",
      when = function(c) return c.target.siege_ship ~= nil and not stone_engine(c.shooter) end,
      add = -1,
    },
  }

  -- "Hand-to-hand combat is normal, except that escaladers count shieldless
  -- until they push the defenders back and get a footing. Until then, their
  -- opponents count in cover, but at its normal value."
  local function escalader(u) return u.siege ~= nil and u.siege.escalading == true end
  local function enemy_shieldless_col(c)
    if c.enemy.type == "SHC" or troops.is_model(c.enemy) then return 0 end
    local col = c.column
    if col == "MI" then return 2 end
    if troops.is_cavalry(c.enemy) or col == "HI" or col == "LI" then return 1 end
    return 0
  end

  local melee = {
    {
      id = "siege_escaladers_shieldless", rule = RULE,
      text = "fighting escaladers, who count shieldless until they get a footing",
      -- only where WRG's own shieldless factors do not already count them so
      when = function(c)
        return escalader(c.enemy) and not c.enemy.siege.from_tower and troops.can_use_shield(c.enemy, c.s.enemy_shield or {}) and enemy_shieldless_col(c) ~= 0
      end,
      add = function(c) return enemy_shieldless_col(c) end,
    },
    {
      id = "siege_defenders_in_cover", rule = RULE,
      text = "escaladers fighting defenders on the wall: in cover, at its normal value",
      when = function(c) return escalader(c.fighter) and c.enemy.siege_on ~= nil and not c.s.enemy_partial_cover end,
      add = -1,
    },
    {
      id = "siege_ship_cover", rule = SHIPS,
      text = "fighting a ship's company on board: in cover",
      when = function(c) return c.enemy.siege_ship ~= nil and c.fighter.siege_ship == nil and not c.s.enemy_partial_cover end,
      add = -1,
    },
  }

  return shooting, melee
end

-- WORKING PARTIES: "Any body of figures engaged on a task form a unit for
-- reaction purposes. They count enemy troops within the fort as one enemy
-- unit." READING: a party at work against the wall counts the enemy units
-- within 150 paces and facing it (the garrison) as one: the "each enemy
-- unit" factor is taken back down to -1.
MOD.reaction = {
  id = "siege_working_party_one_enemy", rule = "WRG 1973 SIEGE: WORKING PARTIES",
  text = "a working party counts the enemy troops within the fort as one enemy unit",
  when = function(c) return c.u.siege ~= nil and c.u.siege.working == true and (c.counts.enemy_units or 0) > 1 end,
  add = function(c) return math.min(c.counts.enemy_units, 4) - 1 end,
}

function MOD.install(rules)
  local shooting, melee = MOD.entries(rules.require("wrg.troops"))
  local S = rules.require("wrg.shooting")
  for _, e in ipairs(shooting) do S.modifiers:add(e) end
  local H = rules.require("wrg.melee")
  for _, e in ipairs(melee) do H.modifiers:add(e) end
  rules.require("wrg.reaction").modifiers:add(MOD.reaction, { after = "enemy_units" })
end

return MOD
