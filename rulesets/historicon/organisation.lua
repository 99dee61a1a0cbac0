-- Historicon v2, "Unit formation and organisation": unit sizes, depth,
-- formation and postfix checks. Returns problems rather than raising, so an
-- army-list checker can report them all with its file and line.
--
--   local O = require("historicon.organisation")
--   for _, p in ipairs(O.check(unit, { deploying = true })) do print(p.id, p.text) end

local troops = require("historicon.troops")

local O = {}

local function counts_models(unit)
  local info = troops.classes[unit.class]
  return info.chariot or info.elephant
end

-- min, max and what they count ("figures" or "models"). "IF class troops
-- double their minimum unit size."
function O.size_limits(unit)
  local size = troops.organisation.size
  local what = counts_models(unit) and "models" or "figures"
  local min, max = size[what].min, size[what].max
  if troops.army_class(unit) == "IF" then min = min * size.informal_min_factor end
  return min, max, what
end

-- min and max ranks of a formed unit; HIP "must deploy four ranks deep".
function O.depth_limits(unit, deploying)
  local d = troops.organisation.depth[unit.class]
  if not d then return nil end
  local sub = unit.sub and troops.subclasses[unit.sub]
  if deploying and sub and sub.deploy_ranks then return sub.deploy_ranks, sub.deploy_ranks end
  return d.min, d.max
end

-- Problems with a unit: a list of { id, text }; empty when the unit is legal.
-- options.deploying: check the deployment depth of HIP.
function O.check(unit, options)
  options = options or {}
  local problems = {}
  local function bad(id, fmt, ...) problems[#problems + 1] = { id = id, text = string.format(fmt, ...) } end

  local info = troops.classes[unit.class]
  if not info then
    bad("class", "unknown troop class '%s'", tostring(unit.class))
    return problems
  end
  if unit.sub then
    local sub = troops.subclasses[unit.sub]
    if not sub then bad("sub", "unknown sub-class '%s'", unit.sub)
    elseif sub.of ~= unit.class then bad("sub", "%s is a sub-class of %s, not %s", unit.sub, sub.of, unit.class) end
  end
  if unit.ss and not troops.postfixes.SS.allowed_subs[unit.sub or ""] then
    bad("ss", "+SS is for HIN and HIS, not %s", unit.sub or unit.class)
  end
  if unit.armour and not troops.postfixes.A.allowed_classes[unit.class] then
    bad("armour", "the armour postfix A is for HI, KC and HC, not %s", unit.class)
  end
  if unit.army and not troops.armies[unit.army] then bad("army", "army class must be RA or IF, not '%s'", unit.army) end
  if unit.army == "RA" and troops.army_class(unit) == "IF" then
    bad("army", "%s are always IF class", unit.sub or unit.class)
  end
  if unit.grade and not troops.grades[unit.grade] then bad("grade", "grade must be E, A or G, not '%s'", unit.grade) end

  local min, max, what = O.size_limits(unit)
  if unit.figures < min or unit.figures > max then
    bad("size", "%s unit of %d %s: size must be %d to %d", unit.class, unit.figures, what, min, max)
  end

  if troops.is_formed(unit) then
    local dmin, dmax = O.depth_limits(unit, options.deploying)
    local ranks = unit.ranks or 1
    if dmin and (ranks < dmin or ranks > dmax) then
      bad("depth", "formed %s %d ranks deep: must be %d to %d", unit.sub or unit.class, ranks, dmin, dmax)
    end
  elseif troops.organisation.always_formed[unit.class] then
    bad("formed", "%s must always be formed (base to base)", unit.class)
  elseif not troops.organisation.may_unform[unit.class] then
    bad("formed", "%s cannot be unformed", unit.class)
  end

  if info.chariot then
    local horses, crew = troops.chariot_team(unit)
    local c = troops.organisation.chariot
    if crew < c.crew_min or crew > c.crew_max then
      bad("crew", "a chariot carries %d to %d crew, not %d", c.crew_min, c.crew_max, crew)
    end
    local by_team = troops.chariot_class(horses, crew)
    if by_team ~= unit.class then
      bad("chariot", "%d horses and %d crew make a %s, not a %s", horses, crew, by_team, unit.class)
    end
  end
  return problems
end

return O
