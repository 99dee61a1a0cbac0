-- WRG Ancients 1973: acts the rules allow but no player would make. The
-- referee counts them as warnings (not violations) and `sandtable quality`
-- reports them per battle as "absurd" (docs/quality.md). Each check reads
-- the period's declared charges (G.charges) once the movement phase is
-- over, and the positions at the phase's start (info.start). A charge the
-- rules force (an uncontrolled advance: chart 1's "UNCONTROLLED ADVANCE IN
-- ATTEMPT TO CONTACT") is no player's choice and is not counted.
--
--   light-charges-heavy-front
--       Light infantry or light cavalry charged into the front of heavy or
--       medium infantry in good order (not disorganised, not routing).
--       GENERAL FEATURES OF ORDERS 4 and the book's own standing order
--       "Harass": "Skirmish with heavy or medium troops facing in good
--       order, but charge light, disorganised or outflanked troops".
--   light-charges-heavy-horse-front
--       The same, into the front of medium, heavy, extra-heavy or
--       super-heavy cavalry in good order: the standing order's "heavy or
--       medium troops" are horse as well as foot.
--   missile-charges-instead-of-shooting
--       Infantry with bows, crossbows or slings charged into the front of
--       an enemy in good order that stood within their range when the
--       period began: they could have stood and shot (a charger does not
--       shoot). READING: "within range" is measured centre to centre at the
--       phase's start, never shorter than the true distance: only certain
--       cases are flagged.
--   Neither counts a target already fighting others (it cannot turn to
--   meet the charge: joining that fight is no folly). Engines cannot charge
--   at all (they have no charge move), so no check is needed for them.
local troops = require("wrg.troops")
local tables = require("wrg.tables")

local W = {}

local MM = tables.MM_PER_PACE
local LIGHT = { LI = true, LC = true }
local FORMED_FOOT = { HI = true, MI = true }
local FORMED_HORSE = { MC = true, HC = true, EHC = true, SHC = true }

-- The period's charges made by the commander's choice, once they have moved.
local function chosen_charges(G, info)
  if info.name ~= "movement" then return {} end
  local out = {}
  for _, c in ipairs(G.charges or {}) do
    local d = G.D[c.charger]
    -- (c.forced: declared in an uncontrolled advance; the unit's state may
    -- have changed by the phase's end -- contact ends the advance -- so it
    -- is read from the declaration: fantasy_dark_host seed 75, the Giant)
    if d and not c.forced and d.state ~= "uncontrolled" then out[#out + 1] = c end
  end
  return out
end

-- The charge's target if the charge struck it in its front and it is in
-- good order (not disorganised, not routing) and was not already fighting
-- others, else nil.
local function struck_front(G, c)
  local turn = require("wrg.turn") -- (at call time: the battle has loaded it)
  local t = G.D[c.target]
  if not t or t.routing or t.disorganised or G.bf:distance(c.charger, c.target) >= 0.5
    or turn.edge(G, c.target, c.charger) ~= "front" then
    return nil
  end
  -- an enemy already fighting others (its opponents at the last melee
  -- phase) cannot turn to meet the charge: joining that fight is no folly
  for _, o in ipairs(t.opponents or {}) do
    if o ~= c.charger and G.D[o] and not G.D[o].routing then return nil end
  end
  return c.target
end

local function name(G, uid)
  local d = G.D[uid]
  return string.format("%s (%s)", d and d.name or "?", d and d.type or "?")
end

-- Light troops' chosen charges that struck the front of an enemy in good
-- order whose type is one of `heavy` (a set of troop types).
local function light_charges_front_of(heavy)
  return function(G, info)
    local out
    for _, c in ipairs(chosen_charges(G, info)) do
      local d = G.D[c.charger]
      local hit = LIGHT[d.type] and struck_front(G, c)
      if hit and heavy[G.D[hit].type] then
        out = out or {}
        out[#out + 1] = { unit = c.charger, text = string.format("%s charged the front of %s in good order",
          name(G, c.charger), name(G, hit)) }
      end
    end
    return out
  end
end

W.light_charges_heavy_front = light_charges_front_of(FORMED_FOOT)

-- The book's horse as well as its foot ("heavy or medium troops"): light
-- infantry or light cavalry charging the front of medium, heavy,
-- extra-heavy or super-heavy cavalry in good order. (The default commander
-- made none in 2,800 battles of the 14 open-field scenarios; the bound's
-- commanders of session nine, docs/rulesets/wrg.md, made many.)
W.light_charges_heavy_horse_front = light_charges_front_of(FORMED_HORSE)

function W.missile_charges_instead_of_shooting(G, info)
  local out
  for _, c in ipairs(chosen_charges(G, info)) do
    local d = G.D[c.charger]
    local m = troops.is_infantry(d) and troops.missile(d)
    local hit = m and m ~= "javelin" and m ~= "darts" and d.range and struck_front(G, c)
    local a, b = info.start and info.start[c.charger], hit and info.start and info.start[hit]
    if hit and a and b and math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2) <= d.range * MM then
      out = out or {}
      out[#out + 1] = { unit = c.charger, text = string.format("%s charged %s, in good order within its %d-pace range",
        name(G, c.charger), name(G, hit), d.range) }
    end
  end
  return out
end

W.list = {
  { id = "light-charges-heavy-front", check = W.light_charges_heavy_front },
  { id = "light-charges-heavy-horse-front", check = W.light_charges_heavy_horse_front },
  { id = "missile-charges-instead-of-shooting", check = W.missile_charges_instead_of_shooting },
}

return W
