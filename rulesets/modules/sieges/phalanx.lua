-- The sieges module's Phalanx adapter (and Into Glory Ride's, which extends
-- Phalanx): the option `sieges`. Phalanx and Into Glory Ride have no siege
-- rules; this is our documented adaptation (docs/modules/sieges.md, "Phalanx,
-- Into Glory Ride"): fortified camps and field defences drawn as the
-- module's fortification pieces, read in Phalanx's own terms.
--
-- What the texts say, and how it is used:
--   "Some troops had the historical use of static field defences such as
--   stakes and palisade. Vignettes using such defences may not move when
--   deployed and must have the defences reproduced by model to their front.
--   A new combat conditional modifier needs to be introduced as follows:
--   -1 If in melee with a vignette that is protected by static field
--   defences such as stakes or palisade." (Phalanx, Field Defences;
--   Into Glory Ride has the same words)
--
-- READINGS:
--   * a camp is a fortification in `table.terrain` (cm, as every siege
--     piece): palisade, turf_wall (a bank or an entrenchment), wall, tower,
--     gate sections; each section's parapet stops ground moves (the core's
--     blocks_move), so nobody walks over a camp's defences;
--   * the defender deploys in its camp (not in its edge's zone): its foot
--     along the faces towards the besieger, each vignette's front on the
--     line of the defences' outer face (the defences are "to their front";
--     A.BEHIND_FACE_MM),
--     so an enemy stopped at the face is in contact with it across them; the rest of the army inside. A vignette
--     so placed, while its section stands, is "protected by static field
--     defences": the -1 applies to an enemy fighting it across its front
--     edge (the rule's modifier; an enemy stopped by the parapet at an
--     angle touches it at a corner only, and gets the -1 all the same: the
--     module's entry `siege_field_defences` beside Phalanx's own), and it "may
--     not move" (it holds the defences);
--   * the camp's defender takes the table edge nearer its camp (the winner
--     of the pre-battle throw chooses for both in Phalanx: in a siege the
--     camp decides), and no flank march in a siege (the defender is in its
--     camp);
--   * a ram at a camp gate (the scenario's `rams`): its orders and its work
--     are modules.sieges.commander_phalanx's (readings there); a camp's gate
--     is left unmanned by the defender's deployment (shut and barred, its
--     defenders on the rampart either side);
--   * axes, walls and towers battered, fire, mining, caltrops and ships are
--     not played in Phalanx or Into Glory Ride: without a ram, an attack is
--     a fight across the defences.
local SC = require("modules.sieges.wrg.scenario")
local CMD = require("modules.sieges.commander_phalanx")
local ST = require("modules.sieges.wrg.state")
local forts = require("modules.sieges.fortifications")

local RULE = "Field Defences (sieges module: a camp's defences, our adaptation)"

local A = { id = "sieges", title = "Sieges: fortified camps and field defences (adapted from WRG 1973)",
            rule = "WRG 1973 SIEGE, adapted to Phalanx" }

-- Where the defenders' front stands against the face: a hundredth of a
-- millimetre outside it, so that an enemy coming up meets the defender's
-- base before the parapet and lines up on it as on any contact (Phalanx's
-- line_up; a move stopped by the parapet itself does not line up, and a
-- base touching at a corner is not a front contact for the -1); and so
-- that the two touch along the whole front (the core measures a contact's
-- length only between touching bases).
A.BEHIND_FACE_MM = -0.01

local games = setmetatable({}, { __mode = "k" })   -- G.S -> G (the battle whose scale record it is)

-- The units of both sides in id order (ST's questions iterate G.all).
local function refresh_all(G)
  local out = {}
  for uid in pairs(G.D) do out[#out + 1] = uid end
  table.sort(out)
  G.all = out
end

-- Puts the camp's sections on the table (once): after Phalanx's own pieces,
-- whose feature ids are their piece ids.
function A.place(G)
  local spec = G.T and G.T.sieges
  if not spec or spec.placed then return end
  SC.place(G.bf, spec)
  spec.placed = true
end

-- The siege state, once the sections are on the table.
function A.init(G)
  if G.sieges ~= nil then return G.sieges end
  if not (G.T and G.T.sieges and G.T.sieges.placed) then return nil end
  G.pieces = G.pieces or {}
  G.pieces.sieges = G.T.sieges
  local S = ST.init(G)
  refresh_all(G)
  return S
end

-- The camp's centre and its defender (the first fortification's).
local function camp_of(spec)
  local f = spec.forts.forts[1]
  if not f then return nil end
  local cx, cy, n = 0, 0, #f.ring
  for _, p in ipairs(f.ring) do cx, cy = cx + p[1] / n, cy + p[2] / n end
  return f, cx, cy
end

-- Whether a section is a defence a vignette can stand behind: one that
-- stands (a palisade, a bank, a wall, a tower, a shut gate).
local function defends(sec) return forts.blocks(sec) end

-- Which vignettes stand behind the defences: on a standing section, facing
-- out over it. They get Phalanx's field-defences flag (and lose it when
-- they leave: a repulse moves them back off it).
local boxes = setmetatable({}, { __mode = "k" })   -- G.sieges -> the box round every section's walk
local function box_of(S)
  local b = boxes[S]
  if b then return b end
  b = { math.huge, math.huge, -math.huge, -math.huge }
  for _, sec in ipairs(S.forts.sections) do
    local poly = forts.polygon(sec)
    for k = 1, #poly, 2 do
      b[1], b[2] = math.min(b[1], poly[k]), math.min(b[2], poly[k + 1])
      b[3], b[4] = math.max(b[3], poly[k]), math.max(b[4], poly[k + 1])
    end
  end
  boxes[S] = b
  return b
end

function A.mark(G)
  local S = A.init(G)
  if not S then return end
  local box = box_of(S)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local on = nil
    -- a base whose circle clears the box round the walks is on none of
    -- them and outside the camp (the cheap answer for most of the table)
    local x, y = G.bf:pos(uid)
    local r = math.sqrt(d.w * d.w + d.d * d.d) / 2 + 1
    local far = x + r < box[1] or x - r > box[3] or y + r < box[2] or y - r > box[4]
    if not far and not d.broken and not G.bf:unit(uid).removed then
      local i = ST.on_section(G, uid)
      if i then
        local sec = S.forts.sections[i]
        local _, _, f = G.bf:pos(uid)
        if defends(sec) and math.abs(((f - forts.facing_out(sec) + 180) % 360) - 180) < 30 then on = i end
      end
    end
    d.siege_on = on
    -- outside the camp (its centre outside the ring of outer faces: the
    -- wall walks are inside it): across the defences from a defender.
    -- (Not "on no section": near a corner a base outside may pass the other
    -- face's test for standing on it.)
    d.siege_out = (not on and not d.broken and not G.bf:unit(uid).removed and (far or not ST.inside(G, uid))) or nil
    if on and not d.field_defences then
      d.field_defences, d.siege_fd = true, true
      if G.log then G.bf:log("siege_defended", { unit = uid, section = on }) end
    elseif not on and d.siege_fd then
      d.field_defences, d.siege_fd = nil, nil
      if G.log then G.bf:log("siege_defended", { unit = uid, section = false }) end
    end
  end
end

-- The defender's deployment: its foot vignettes along the runs of the camp
-- facing the besieger's edge, fronts on the line of the defences, in list
-- order (a link's members side by side); mounted vignettes and what does
-- not fit inside, nearest the camp's middle first. `base_plan`: the default
-- commander's entries (their other fields are kept).
function A.defender_plan(G, s, base_plan, troops)
  local S = G.T.sieges
  local fort, cx, cy = camp_of(S)
  local besieger_south = G.sides[3 - s].edge == "south"
  local ey = besieger_south and -1 or 1
  local by = {}
  for _, p in ipairs(base_plan) do by[p.vid] = p end
  local specs = {}
  for _, gid in ipairs(G.sides[s].groups) do
    for _, spec in ipairs(G.groups[gid].specs) do specs[#specs + 1] = spec end
  end
  -- the runs facing the besieger (consecutive sections on one line)
  -- (a gate's span along its run is left free: READING, a camp's gate is
  -- shut and barred, its defenders on the rampart either side)
  local runs, cur = {}, nil
  for _, i in ipairs(fort.sections) do
    local sec = S.forts.sections[i]
    local ox, oy = forts.outward(sec)
    if cur and math.abs(cur.ox - ox) < 1e-6 and math.abs(cur.oy - oy) < 1e-6 then
      cur.b = sec.to
    else
      cur = { a = sec.from, b = sec.to, ox = ox, oy = oy, facing = forts.facing_out(sec), cursor = 2, gates = {} }
      runs[#runs + 1] = cur
    end
    if sec.kind == "gate" then
      local L0 = math.sqrt((sec.from[1] - cur.a[1]) ^ 2 + (sec.from[2] - cur.a[2]) ^ 2)
      cur.gates[#cur.gates + 1] = { L0, L0 + sec.length }
    end
  end
  local out, placed = {}, {}
  local function put(spec, x, y, f)
    local p = {}
    for k, v in pairs(by[spec.vid] or {}) do p[k] = v end
    p.vid, p.x, p.y, p.facing = spec.vid, x, y, f
    out[#out + 1] = p
    placed[spec.vid] = true
  end
  local function foot(spec) return not troops.mounted_or_animal(spec.class) end
  for _, spec in ipairs(specs) do
    if foot(spec) then
      for _, r in ipairs(runs) do
        local L = math.sqrt((r.b[1] - r.a[1]) ^ 2 + (r.b[2] - r.a[2]) ^ 2)
        for _, gspan in ipairs(r.gates) do
          if r.cursor < gspan[2] + 1 and r.cursor + spec.w > gspan[1] - 1 then r.cursor = gspan[2] + 1 end
        end
        if r.oy * ey > 0.7 and r.cursor + spec.w <= L - 2 then
          local tx, ty = (r.b[1] - r.a[1]) / L, (r.b[2] - r.a[2]) / L
          local along = r.cursor + spec.w / 2
          local back = A.BEHIND_FACE_MM + spec.d / 2
          put(spec, r.a[1] + tx * along - r.ox * back, r.a[2] + ty * along - r.oy * back, r.facing)
          r.cursor = r.cursor + spec.w + 1
          break
        end
      end
    end
  end
  -- the rest inside, rows behind the defended face
  local facing = besieger_south and 180 or 0
  local boxes = {}
  for _, p in ipairs(out) do boxes[#boxes + 1] = { p.x, p.y } end
  local x0, y0, x1, y1 = math.huge, math.huge, -math.huge, -math.huge
  for _, q in ipairs(fort.ring) do
    x0, y0, x1, y1 = math.min(x0, q[1]), math.min(y0, q[2]), math.max(x1, q[1]), math.max(y1, q[2])
  end
  -- rows from 40 mm behind the defended face (and 10 mm behind the deepest
  -- base on it), each as deep as its deepest base and 10 mm apart
  local dir = besieger_south and 1 or -1
  local row_y = besieger_south and (y0 + 40) or (y1 - 40)
  local depth_of = {}
  for _, spec in ipairs(specs) do depth_of[spec.vid] = spec.d end
  for _, p in ipairs(out) do
    local back = p.y + dir * depth_of[p.vid] / 2 + dir * 10
    if (back - row_y) * dir > 0 then row_y = back end
  end
  local col, row_depth = x0 + 40, 0
  for _, spec in ipairs(specs) do
    if not placed[spec.vid] then
      if col + spec.w > x1 - 40 then
        col = x0 + 40
        row_y = row_y + dir * (row_depth + 10)
        row_depth = 0
      end
      put(spec, col + spec.w / 2, row_y + dir * spec.d / 2, facing)
      col = col + spec.w + 5
      row_depth = math.max(row_depth, spec.d)
    end
  end
  -- deployment order: the base plan's
  local order = {}
  for n, p in ipairs(base_plan) do order[p.vid] = n end
  table.sort(out, function(a, b) return (order[a.vid] or 1e9) < (order[b.vid] or 1e9) end)
  return out
end

function A.apply(rules)
  local req = rules.require
  local setup = req("phalanx.setup")
  local battle = req("phalanx.battle")
  local melee = req("phalanx.melee")
  local turn = req("phalanx.turn")
  local troops = req("phalanx.troops")
  local ai = req("phalanx.ai")
  local siege_battle = false

  -- the battle, found again from its scale record (setup's functions get S)
  local new_state = battle.new_state
  function battle.new_state(ctx)
    siege_battle = false
    local G = new_state(ctx)
    games[G.S] = G
    return G
  end

  -- 1. the scenario's siege pieces, out of Phalanx's terrain list
  local given = setup.given_terrain
  function setup.given_terrain(S, list)
    -- errors name the scenario's file and line when it came from a file
    local G = games[S]
    local locate = G and G.scenario and type(G.scenario.locate) == "function" and G.scenario.locate or nil
    local rest, spec = SC.read(list, locate, ST.MM)
    local T = given(S, rest)
    if #spec.forts.sections > 0 then
      T.sieges = spec
      siege_battle = true
    end
    return T
  end
  -- the sections go on the table once Phalanx's own pieces are there (their
  -- feature ids are the pieces' ids): when the deployment is checked
  local check = setup.check_deployment
  local exempt = setmetatable({}, { __mode = "k" })
  function setup.check_deployment(S, edge, placements, fields, T)
    local G = games[S]
    if G and T and T.sieges and G.T == T then A.place(G) end
    if exempt[S] and exempt[S][edge] then return {} end
    return check(S, edge, placements, fields, T)
  end

  -- 2. no flank march in a siege; the camp's defender on the edge nearer it
  local pre_battle_roll = setup.pre_battle_roll
  function setup.pre_battle_roll(dice)
    local winner, scores, march = pre_battle_roll(dice)
    if siege_battle then march = false end
    return winner, scores, march
  end
  local choose_edge, deployment = ai.choose_edge, ai.deployment
  function ai.choose_edge(G, side)
    local spec = G.T and G.T.sieges
    if not spec then return choose_edge(G, side) end
    local fort, _, cy = camp_of(spec)
    local near = cy < G.S.depth / 2 and "south" or "north"
    if side == fort.defender then return near end
    return near == "south" and "north" or "south"
  end
  function ai.deployment(G, side)
    local plan = deployment(G, side)
    local spec = G.T and G.T.sieges
    if not spec then return plan end
    local fort = camp_of(spec)
    if side ~= fort.defender then CMD.give_rams(G, side, plan, troops, spec); return plan end
    exempt[G.S] = exempt[G.S] or {}
    exempt[G.S][G.sides[side].edge] = true
    return A.defender_plan(G, side, plan, troops)
  end

  -- 3. the field-defences modifier, and who stands behind the defences:
  -- marked before the activation and the melee of every player turn.
  -- Phalanx's own entry (the option field_defences) gives the -1 to an enemy
  -- touching the defended vignette's front edge; across a camp's defences an
  -- enemy stopped by the parapet at an angle touches it at a corner (a move
  -- the parapet stops does not line up): the same -1 for any enemy fighting
  -- a vignette on the defences from outside the camp, once.
  melee.modifiers:add({ id = "siege_field_defences", rule = RULE,
    text = "in melee with a vignette that is protected by static field defences such as stakes or palisade (a camp's)",
    when = function(c)
      if c.foe.siege_on == nil or c.me.siege_out ~= true then return false end
      -- not twice: Phalanx's own entry (the option) counts a front contact
      return not (c.side.opponent_behind_field_defences and melee.modifiers:has("field_defences"))
    end,
    add = -1 })
  turn.phases:add({ id = "siege_defences", label = "A defences", rule = "Field Defences (sieges module)",
    run = function(G) if A.init(G) then A.mark(G) end end }, { before = "activation" })
  turn.phases:add({ id = "siege_defences_melee", label = "E defences", rule = "Field Defences (sieges module)",
    run = function(G) if A.init(G) then A.mark(G) end end }, { before = "melee" })
  -- 4. rams at camp gates (modules.sieges.commander_phalanx): the work at
  -- the end of the besieger's player turn, the ram's orders
  turn.phases:add({ id = "siege_works", label = "F works", rule = "WRG 1973 SIEGE: DESTRUCTION (sieges module, adapted)",
    run = function(G, side)
      if A.init(G) and G.sieges.besieger == side then CMD.works(G, turn); A.mark(G) end
    end }, { after = "melee" })
  CMD.install(rules)
end

return A
