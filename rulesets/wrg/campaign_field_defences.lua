-- WRG Ancients 1973, CAMPAIGNS 2: the defender's field defences placed on the
-- table. "If one side loses, it is pushed back and fights on the defensive
-- next time. As it knows the ground better than the enemy, it adds or
-- subtracts up to 3 terrain units from those picked in the usual way, and can
-- construct field defences until it balances its opponents superiority."
-- POINTS VALUES: "10 paces of previously constructed palisade, ditch or bank
-- 2 [regular] 3 [barbarian]" (wrg.campaign.field_defences buys the paces).
--
-- The pieces are the sieges module's (rulesets/modules/sieges): a
-- fortification of palisade sections whose parapet stops ground moves while
-- it stands, defenders standing on it in cover (its modifiers). The sieges
-- module draws a fortification as a closed ring, so the line is drawn as one:
--
--        attacker's side
--   x1 ============= x2     the front: the palisade bought, on the front line
--    :...............:      of the defender's deployment zone (100 paces out);
--                           returns and rear DEPTH_MM behind it, drawn open
--        defender's edge    (breached) -- READING
--
-- READINGS (docs/rulesets/wrg.md, CAMPAIGNS):
--  * "palisade, ditch or bank": a palisade (the sieges module's palisade, 1
--    level high, its parapet stopping moves; ditches there only slow troops).
--  * where: across the defender's front, on the front line of its deployment
--    zone ("within 100 paces of the table edge"), centred on the table's
--    middle, where the default commander sets its battle line; the sieges
--    module's commander posts the defender's foot behind the palisade,
--    missile foot first (its best troops for a defended line), and keeps the
--    rest inside. It leaves FLANK_PACES open at either end of the table: a
--    line across the whole table could not be turned, which the text does
--    not give a defender for its points.
--  * only the front is bought: the ring's returns and rear are not field
--    defences but the sieges module's way of drawing a line (a ring with an
--    inside); they stand open (breached) from the start, so the line can be
--    turned at its ends. The ring is as deep as two wall walks (DEPTH_MM), so
--    its inside is the strip behind the palisade where its defenders stand:
--    a unit that comes into or out of that strip is next to an open
--    section, as the sieges module's referee requires of anyone crossing a
--    fortification's line.
--  * the paces the points buy are laid in whole 10-pace lengths; what the
--    table cannot take (beyond the width left by the open flanks) is not laid
--    and its points not spent.
local tables = require("wrg.tables")

local FD = { rule = "WRG 1973 CAMPAIGNS" }

FD.NAME = "Field defences"
FD.KIND = "palisade"
FD.FLANK_PACES = 100     -- left open at either end of the table
FD.DEPLOY_PACES = 100    -- DEPLOYMENT: "within 100 paces of the table edge"
FD.DEPTH_MM = 40         -- the ring's depth: the palisade's walk and the rear's
FD.POSTED_MM = 2         -- a posted unit's front behind the outer face (the parapet's depth)

local MM = tables.MM_PER_PACE

-- The palisade the defender lays. paces: the paces bought (whole 10-pace
-- lengths); defender: 1 (south edge) or 2 (north edge); width, depth: the
-- table in mm. Returns { piece = the fortification (sieges module, cm),
-- paces = paces laid, front = { x1, x2, y } mm } or nil when nothing is laid.
function FD.layout(paces, defender, width, depth)
  local room = math.max(0, width - 2 * FD.FLANK_PACES * MM)
  local lengths = math.min(paces // 10, math.floor(room / (10 * MM) + 1e-9))
  if lengths <= 0 then return nil end
  local L = lengths * 10 * MM
  local x1, x2 = (width - L) / 2, (width + L) / 2
  local y, rear, sections
  local function cm(v) return math.floor(v * 1000 + 0.5) / 10000 end
  local function sec(ax, ay, bx, by) return { kind = FD.KIND, from = { cm(ax), cm(ay) }, to = { cm(bx), cm(by) } } end
  -- Rings run anticlockwise (the inside on the left): the front's outer face
  -- towards the attacker.
  if defender == 2 then
    y = depth - FD.DEPLOY_PACES * MM
    rear = y + FD.DEPTH_MM
    sections = { sec(x1, y, x2, y), sec(x2, y, x2, rear), sec(x2, rear, x1, rear), sec(x1, rear, x1, y) }
  else
    y = FD.DEPLOY_PACES * MM
    rear = y - FD.DEPTH_MM
    sections = { sec(x2, y, x1, y), sec(x1, y, x1, rear), sec(x1, rear, x2, rear), sec(x2, rear, x2, y) }
  end
  return { piece = { type = "fortification", name = FD.NAME, defender = defender, sections = sections },
           paces = lengths * 10, front = { x1 = x1, x2 = x2, y = y } }
end

-- Whether a section of the field defences is its front (the palisade
-- bought): its outer face towards the attacker's edge.
function FD.is_front(sec, defender)
  local dy = sec.to[2] - sec.from[2]
  local dx = sec.to[1] - sec.from[1]
  if math.abs(dy) > 1e-6 then return false end
  return (defender == 2 and dx > 0) or (defender == 1 and dx < 0)
end

-- The line's front on the table of a battle (G.pieces.field_defences), or nil.
local function front(G)
  local fd = G.pieces and G.pieces.field_defences
  return fd and fd.front or nil, fd and fd.piece.defender or nil
end

-- Whether the straight line between two points crosses the palisade (a
-- width w either side of its ends).
local function crosses(f, ax, ay, bx, by, w)
  if (ay - f.y) * (by - f.y) >= 0 then return false end
  local t = (f.y - ay) / (by - ay)
  local x = ax + (bx - ax) * t
  return x >= f.x1 - (w or 0) and x <= f.x2 + (w or 0)
end
FD.crosses = crosses

-- Puts the field defences of a battle's table (its `field_defences:` key:
-- what FD.layout returns) on the table of a WRG instance with the sieges
-- option, and gives the default commander its field-defence plans.
-- Installed on the battles' rules by wrg.campaign.battle_rules.
function FD.install(rules)
  local setup = rules.require("wrg.setup")
  if setup.campaign_field_defences then return end
  setup.campaign_field_defences = true
  -- The table's key is read where the battle reads its table (setup.scale)
  -- and laid with the battle's other terrain (setup.place_terrain, which the
  -- sieges adapter wraps to place its pieces).
  local pending
  local scale, place = setup.scale, setup.place_terrain
  function setup.scale(spec, locate)
    pending = type(spec) == "table" and spec.field_defences or nil
    return scale(spec, locate)
  end
  function setup.place_terrain(bf, pieces)
    local fd = pending
    pending = nil
    if fd then
      -- the sieges adapter's reader: the fortification comes back as the
      -- siege state of the pieces (pieces.sieges), nothing else
      local given = setup.given_terrain({ fd.piece })
      if not given.sieges then
        error("campaign: field defences need the sieges option on the battle's rules", 0)
      end
      if pieces.sieges then
        error("campaign: field defences on a table that has siege pieces of its own are not laid", 0)
      end
      pieces.sieges = given.sieges
      for _, sec in ipairs(given.sieges.forts.sections) do
        if not FD.is_front(sec, fd.piece.defender) then sec.state = "breached" end
      end
      pieces.field_defences = fd
    end
    return place(bf, pieces)
  end
  -- THE REACTION TEST: "Troops behind cover, forming hollow square or behind
  -- field defences" (+2): a unit standing on the palisade (the sieges
  -- module's d.siege_on: on its walk, behind its parapet). WRG asks this of
  -- wrg.terrain.steep_hills_and_walls.behind_wall (a unit at a wall).
  local obstacles = rules.require("wrg.terrain.steep_hills_and_walls")
  local behind_wall = obstacles.behind_wall
  function obstacles.behind_wall(G, uid)
    if front(G) and G.D[uid] and G.D[uid].siege_on ~= nil then return true end
    return behind_wall(G, uid)
  end
  FD.install_commander(rules)
end

-- The default commander in a battle with field defences. The sieges
-- module's commander plans a siege (posts on every wall, waits for a
-- breach, sends its reserve to the gaps); a field battle is not one, so it
-- is set aside there (its functions called with the siege state hidden:
-- the plain WRG commander), and these plans, the commander's not the
-- rules', added:
--  * deployment: the default line (foot in the centre, where the palisade
--    stands); the defender's units wholly behind the palisade stand up to it,
--    their front at the parapet;
--  * no charge declared across the standing palisade (it would stop the
--    chargers at its face: rulesets/wrg/tests/campaign_field_defences_test.lua);
--  * a move the palisade would stop: a defender holds its place behind it;
--    an attacker makes for the nearer end of the line to go round it.
-- Troops in uncontrolled advance move as the rules make them.
function FD.install_commander(rules)
  local ai = rules.require("wrg.ai")
  local turn = rules.require("wrg.turn")
  local function plain(G, f, ...)
    if type(G) ~= "table" or not front(G) then return f(G, ...) end
    local saved = G.sieges
    G.sieges = false
    local r = table.pack(f(G, ...))
    G.sieges = saved
    return table.unpack(r, 1, r.n)
  end
  -- every choice of the commander (whatever the sieges module wraps:
  -- deployment, moves, formations, charges, withdrawal ...) made plain
  local names = {}
  for k, v in pairs(ai) do if type(v) == "function" then names[#names + 1] = k end end
  table.sort(names)
  for _, k in ipairs(names) do
    local f = ai[k]
    ai[k] = function(G, ...) return plain(G, f, ...) end
  end
  local deployment, move, charge_target = ai.deployment, ai.move, ai.charge_target

  function ai.deployment(G, s)
    local plan = deployment(G, s)
    local f, defender = front(G)
    if not f or s ~= defender then return plan end
    local specs = G.sides[s].specs
    for _, p in ipairs(plan) do
      local d = specs[p.index]
      if p.x - d.w / 2 >= f.x1 and p.x + d.w / 2 <= f.x2 then
        p.y = s == 2 and f.y + FD.POSTED_MM + d.dp / 2 or f.y - FD.POSTED_MM - d.dp / 2
      end
    end
    return plan
  end

  function ai.charge_target(G, uid)
    local t = charge_target(G, uid)
    local f = front(G)
    if not t or not f then return t end
    local ax, ay = G.bf:pos(uid)
    local bx, by = G.bf:pos(t)
    if crosses(f, ax, ay, bx, by, G.bf:unit(uid).width / 2) then return nil end
    return t
  end


  -- Whether a move plan runs into a blocking terrain feature (the palisade).
  local function blocked(G, uid, plan)
    if not plan or not plan.bearing or not plan.distance or plan.distance <= 0 then return false end
    local stop, moved = turn.probe(G, uid, function()
      local _, _, fa = G.bf:pos(uid)
      G.bf:move(uid, "turn", ((plan.bearing - fa + 180) % 360) - 180)
      return turn.advance(G, uid, plan.distance)
    end)
    return stop == "terrain", moved
  end

  function ai.move(G, uid)
    local plan = move(G, uid)
    local f, defender = front(G)
    local d = G.D[uid]
    if not f or d.state == "uncontrolled" or d.routing or not blocked(G, uid, plan) then return plan end
    if d.side == defender then return nil end
    -- round the nearer end of the line, in front of it
    local x, y = G.bf:pos(uid)
    local u = G.bf:unit(uid)
    local out = (defender == 2) and -1 or 1
    local ex = (x < (f.x1 + f.x2) / 2) and f.x1 - u.width / 2 - 30 or f.x2 + u.width / 2 + 30
    local ey = f.y + out * (u.depth / 2 + 10)
    local dist = math.sqrt((ex - x) ^ 2 + (ey - y) ^ 2) / MM
    if dist < 1 then return plan end
    local round = { bearing = turn.bearing_to_point(G, uid, ex, ey), distance = math.min(turn.normal_move(d), dist),
                    advancing = true }
    if blocked(G, uid, round) then return nil end
    return round
  end
end

return FD
