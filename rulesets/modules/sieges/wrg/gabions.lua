-- The sieges module in WRG 1973: gabions. MOVEMENT OF MATERIAL: "A 60mm
-- fascine must be carried by an infantryman, as can an empty gabion, at
-- normal speed." CONSTRUCTION: "1 figure/period is needed to fill a gabion."
--
-- The scenario's siege piece names the units carrying them
-- (`gabions: [archers]`): one empty gabion a figure, infantry only (the
-- text: "carried by an infantryman"). They move at normal speed (nothing
-- changes on the move).
--
-- READINGS (ours; docs/modules/sieges.md, MOVEMENT OF MATERIAL):
--  * a carrying unit that stood a whole period, out of melee and not
--    routing, with an enemy within 3/4 of its missile range and 5 paces
--    (100 without missiles: where it means to fight -- the default
--    commander's choice, gabions filled cannot be carried on), fills
--    gabions at the period's end: its figures x hours (half
--    at night without lights) a period, 1 figure/period each
--    (works.task("gabion")); the filled gabions are set down in a line just
--    before its front (a strip 5 mm deep, as wide as its front: drawn,
--    bf:add_terrain, logged) once there are as many as its front rank has
--    figures (files): a gabion covers one figure's frontage;
--  * what filled gabions give: WRG's partial cover ("Troops other than
--    stone-throwing engines shooting at enemy in partial cover", -1), to the
--    unit standing behind its line (its position unchanged since the line
--    was set down), against shooting from its front; a unit that moves off
--    its line loses it (filled gabions are too heavy to carry: the line
--    stays on the table, its empties are spent). WRG's own partial cover
--    (a wall) is not counted twice.
local works = require("modules.sieges.works")
local ST = require("modules.sieges.wrg.state")

local GA = {}

GA.DEPTH_MM = 5
local MM = ST.MM

-- The siege piece's `gabions`: a list of unit ids.
function GA.read(list, where, fail)
  if list == nil then return {} end
  if type(list) ~= "table" then fail("%s: gabions is a list of unit ids (infantry carrying one empty gabion a figure)", where) end
  for i, id in ipairs(list) do
    if type(id) ~= "string" then fail("%s: gabions entry %d: a unit id", where, i) end
  end
  return list
end

local function live(d) return d and not d.gone and not d.off_table and not d.routing end

-- Hands out the empties: one a figure, to the named infantry of either side
-- (before the first period).
function GA.setup(G, R)
  local S = G.sieges
  if not S or S.gabions_given then return end
  S.gabions_given = true
  local named = {}
  for _, id in ipairs(S.spec.siege.gabions or {}) do named[id] = true end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if named[d.id] and R.troops.is_infantry(d) then
      d.siege = d.siege or {}
      d.siege.gabions = { empty = d.figures, filled = 0 }
    end
  end
end

-- Whether the unit stands where it means to fight: an enemy within three
-- quarters of its missile range and 5 paces (the siege commander brings its
-- shooters to three quarters of their range of the walls:
-- commander_wrg.lua), within 100 paces without missiles. The default
-- commander's choice of where to fill its gabions (not a rule): filled
-- gabions cannot be carried on.
GA.REACH = 0.75
local function in_reach(G, uid)
  local d = G.D[uid]
  local reach = (d.range and (d.range * GA.REACH + 5) or 100) * MM
  for _, e in ipairs(G.sides[3 - d.side].units) do
    local ed = G.D[e]
    if ed and not ed.gone and not ed.off_table and not G.bf:removed(e) and G.bf:distance(uid, e) <= reach then return true end
  end
  return false
end

-- End of a period: units that stood fill gabions; a line is set down once
-- they have filled enough for their front rank.
function GA.fill(G, R, rate)
  local S = G.sieges
  if not S then return end
  GA.setup(G, R)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    local g = k and k.gabions
    if g and g.empty > 0 and not g.line and live(d) and not d.in_melee and (d.moved or 0) <= 0
      and not G.bf:removed(uid) and in_reach(G, uid) then
      local fp = works.output{ figures = d.figures, hours = S.hours * rate(G, d.side) }
      local n = math.min(g.empty, math.floor(fp / works.task("gabion").need + 1e-9))
      g.empty, g.filled = g.empty - n, g.filled + n
      if G.log then G.bf:log("siege_gabions", { unit = uid, what = "filled", filled = n, total = g.filled, empty = g.empty }) end
      ST.say(G, "  %s fill %d gabions (%d filled).", d.name, n, g.filled)
      if g.filled >= (d.files or d.figures) then
        local u = G.bf:unit(uid)
        local a = math.rad(u.facing)
        local fx, fy, rx, ry = -math.sin(a), math.cos(a), math.cos(a), math.sin(a)
        local near, far, w = u.depth / 2 + 0.5, u.depth / 2 + 0.5 + GA.DEPTH_MM, u.width
        local poly = {
          u.x + fx * near - rx * w / 2, u.y + fy * near - ry * w / 2, u.x + fx * near + rx * w / 2, u.y + fy * near + ry * w / 2,
          u.x + fx * far + rx * w / 2, u.y + fy * far + ry * w / 2, u.x + fx * far - rx * w / 2, u.y + fy * far - ry * w / 2,
        }
        g.fid = G.bf:add_terrain{ type = "gabions", polygon = poly, gabions = true }
        g.line = { u.x, u.y, u.facing }
        if G.log then G.bf:log("siege_gabions", { unit = uid, what = "line", feature = g.fid, paces = w / MM }) end
        ST.say(G, "  %s set down a line of gabions before their front (%.0f paces).", d.name, w / MM)
      end
    end
  end
end

-- Whether a unit stands behind its own line of gabions.
function GA.behind(G, uid)
  local d = G.D[uid]
  local g = d.siege and d.siege.gabions
  if not (g and g.line) or G.bf:removed(uid) then return false end
  local u = G.bf:unit(uid)
  return math.abs(u.x - g.line[1]) < 0.01 and math.abs(u.y - g.line[2]) < 0.01 and math.abs(u.facing - g.line[3]) < 0.01
end

-- Marks the units behind their gabions (d.siege_gabions), for the modifier.
function GA.locate(G)
  local S = G.sieges
  if not S then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.siege and d.siege.gabions then d.siege_gabions = GA.behind(G, uid) or nil end
  end
end

function GA.install(rules)
  local S = rules.require("wrg.shooting")
  S.modifiers:add{
    id = "siege_gabions", rule = "WRG 1973 SIEGE: MOVEMENT OF MATERIAL (gabions)",
    text = "shooting at troops behind filled gabions: partial cover",
    when = function(c)
      return c.target.siege_gabions == true and c.s.from_front ~= false and not c.s.partial_cover
        and not (c.shooter.type == "ENG" and c.shooter.engine ~= "light_bolt" and c.shooter.engine ~= "heavy_bolt")
    end,
    add = -1,
  }
end

return GA
