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
local OBJ = require("modules.sieges.phalanx_objective")
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
-- Where a gate's guard's front stands: behind the parapet (2 mm), and less
-- than half a vignette's depth inside the face, so that a besieger stopped
-- against it in the gateway has its centre outside the camp.
A.GATE_GUARD_MM = 15

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

-- A vignette's marks (on, out) kept with what they were worked out from:
-- its position and facing, its base (the table's and its own w, d), broken,
-- removed, and how many times a section changed state (forts.changes). WHY:
-- marked three times a player turn, and between two marks most vignettes
-- have not moved. Weak-keyed by G.sieges: nothing of it is saved or logged.
-- A.uncached (tests) works every mark out afresh.
local kept_of = setmetatable({}, { __mode = "k" })
A.uncached = false

function A.mark(G)
  local S = A.init(G)
  if not S then return end
  local box = box_of(S)
  local kept = kept_of[S]
  if not kept then kept = {}; kept_of[S] = kept end
  local changes = forts.changes(S.forts)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local on, out = nil, nil
    local x, y, f = G.bf:pos(uid)
    local bw, bd = G.bf:footprint(uid)
    local removed, broken = G.bf:removed(uid), not not d.broken
    local k = kept[uid]
    if not A.uncached and k and k[1] == x and k[2] == y and k[3] == f and k[4] == bw and k[5] == bd and k[6] == d.w
      and k[7] == d.d and k[8] == broken and k[9] == removed and k[10] == changes then
      on, out = k[11], k[12]
    else
      -- a base whose circle clears the box round the walks is on none of
      -- them and outside the camp (the cheap answer for most of the table)
      local r = math.sqrt(d.w * d.w + d.d * d.d) / 2 + 1
      local far = x + r < box[1] or x - r > box[3] or y + r < box[2] or y - r > box[4]
      if not far and not broken and not removed then
        local i = ST.on_section(G, uid)
        if i then
          local sec = S.forts.sections[i]
          if defends(sec) and math.abs(((f - forts.facing_out(sec) + 180) % 360) - 180) < 30 then on = i end
        end
      end
      -- outside the camp (its centre outside the ring of outer faces: the
      -- wall walks are inside it): across the defences from a defender.
      -- (Not "on no section": near a corner a base outside may pass the other
      -- face's test for standing on it.)
      out = (not on and not broken and not removed and (far or not ST.inside(G, uid))) or nil
      kept[uid] = { x, y, f, bw, bd, d.w, d.d, broken, removed, changes, on, out }
    end
    d.siege_on = on
    d.siege_out = out
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
  local specs, lone = {}, {}
  for _, gid in ipairs(G.sides[s].groups) do
    for _, spec in ipairs(G.groups[gid].specs) do specs[#specs + 1] = spec end
    if #G.groups[gid].specs == 1 then lone[G.groups[gid].specs[1].vid] = true end
  end
  -- a gate's guard: a lone foot vignette (not in a link: a link stands and
  -- moves as one), the first in the list; else the first left over inside;
  -- only against a ram (the scenario's `rams`): else nobody can open a gate
  -- and its guard is better on the rampart
  local guard_of = {}
  local rams = (S.siege and S.siege.rams or 0) > 0
  for _, i in ipairs(fort.sections) do
    local sec = S.forts.sections[i]
    local _, oy = forts.outward(sec)
    if rams and sec.kind == "gate" and oy * ey > 0.7 then
      for _, spec in ipairs(specs) do
        if lone[spec.vid] and not guard_of[spec.vid] and not troops.mounted_or_animal(spec.class)
          and spec.w <= sec.length then
          guard_of[spec.vid] = i
          break
        end
      end
    end
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
    if foot(spec) and not guard_of[spec.vid] then
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
  -- a gate's guard (chosen above), straight behind its gate facing out, its front A.GATE_GUARD_MM inside the face
  -- (READING, ours: the gate is shut and barred, and a reserve stands behind
  -- it against a ram; a besieger through the broken gate meets it before
  -- its centre is inside the camp)
  local gate_guards = {}
  for _, i in ipairs(fort.sections) do
    local sec = S.forts.sections[i]
    local ox, oy, mx, my = forts.outward(sec)
    if rams and sec.kind == "gate" and oy * ey > 0.7 then
      for _, spec in ipairs(specs) do
        if not placed[spec.vid] and spec.w <= sec.length and (guard_of[spec.vid] == i or not next(guard_of)) then
          local back = A.GATE_GUARD_MM + spec.d / 2
          put(spec, mx - ox * back, my - oy * back, forts.facing_out(sec))
          gate_guards[spec.vid] = sec.index
          break
        end
      end
    end
  end
  G.siege_gate_guards = gate_guards
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

-- The besieger's deployment: the default commander's plan (its line, its
-- links, its order), moved forward as one so that its foremost base stands
-- A.INVEST_FRONTAGES frontages from the camp's face towards it.
-- READING (ours: Phalanx deploys both armies in their rear zones for a set
-- piece battle, "generally being set pieces with both sides prepared"; a
-- siege is not one): the besieger has invested the camp before the assault
-- begins, as the Nervii had Cicero's and the Zulus were on Chelmsford's
-- laager within minutes of being sighted. Two frontages: within "3" (the
-- initiative table's "Charge the nearest enemy to the front within '3'"),
-- so its vignettes left to their own initiative go at the rampart as a
-- besieger's did, and out of contact. Its plan is exempt from the rear-zone
-- check as the defender's is. A plan already in front of that line stays.
A.INVEST_FRONTAGES = 2

function A.besieger_plan(G, side, plan)
  local spec = G.T.sieges
  local fort = camp_of(spec)
  local north = G.sides[side].edge == "north"
  local dir = north and -1 or 1            -- towards the camp
  local face = north and -math.huge or math.huge   -- the camp's face towards the besieger
  for _, q in ipairs(fort.ring) do
    if north then face = math.max(face, q[2]) else face = math.min(face, q[2]) end
  end
  local depth = {}
  for _, gid in ipairs(G.sides[side].groups) do
    for _, s in ipairs(G.groups[gid].specs) do depth[s.vid] = s.d end
  end
  local front = -math.huge
  for _, p in ipairs(plan) do
    -- the farthest a base reaches towards the camp (any facing: its circle)
    local d = depth[p.vid] or 0
    front = math.max(front, dir * p.y + d / 2)
  end
  local want = dir * face - A.INVEST_FRONTAGES * G.S.frontage
  local dy = want - front
  local out = {}
  for k, v in pairs(plan) do if type(k) ~= "number" then out[k] = v end end
  for i, p in ipairs(plan) do
    local q = {}
    for k, v in pairs(p) do q[k] = v end
    if dy > 0 then q.y = p.y + dir * dy end
    out[i] = q
  end
  return out
end

-- READING (ours, session eight): a besieger does not leave whole
-- contingents standing off the ends of the face it assaults, where there
-- is no enemy to go at and the camp's other faces are impassable: a group
-- (a link moves as one, so it shifts as one) that reaches past either end
-- of the camp is shifted sideways to stand before the face, and stepped
-- back (away from the camp, A.FLANK_STEP_MM at a time) until it stands
-- clear of every base already placed. Packed as the default plan has it,
-- Cicero's chariots, noble horse and archers east of the camp engaged in
-- 0-1 of 30 battles, Gingindlovu's scouts of the right horn in 0.
A.FLANK_STEP_MM = 10

local function half_extent(p, spec)
  local r = math.rad(p.facing or 0)
  local c, sn = math.abs(math.cos(r)), math.abs(math.sin(r))
  return (spec.w * c + spec.d * sn) / 2, (spec.w * sn + spec.d * c) / 2
end

function A.close_flanks(G, side, plan, fort, dir)
  local fx0, fx1 = math.huge, -math.huge
  for _, q in ipairs(fort.ring) do fx0, fx1 = math.min(fx0, q[1]), math.max(fx1, q[1]) end
  local spec_of, at = {}, {}
  for _, gid in ipairs(G.sides[side].groups) do
    for _, sp in ipairs(G.groups[gid].specs) do spec_of[sp.vid] = sp end
  end
  for _, p in ipairs(plan) do at[p.vid] = p end
  local function box(p)
    local hx, hy = half_extent(p, spec_of[p.vid])
    return p.x - hx, p.y - hy, p.x + hx, p.y + hy
  end
  -- which groups reach past an end, and which stand (the others)
  local movers, fixed = {}, {}
  for _, gid in ipairs(G.sides[side].groups) do
    local g = G.groups[gid]
    local x0, x1, ps = math.huge, -math.huge, {}
    for _, sp in ipairs(g.specs) do
      local p = at[sp.vid]
      if p then
        ps[#ps + 1] = p
        local a, _, b = box(p)
        x0, x1 = math.min(x0, a), math.max(x1, b)
      end
    end
    if #ps > 0 then
      local dx = 0
      if x1 - x0 <= fx1 - fx0 then
        if x0 < fx0 then dx = fx0 - x0 elseif x1 > fx1 then dx = fx1 - x1 end
      end
      if dx ~= 0 then movers[#movers + 1] = { ps = ps, dx = dx } else
        for _, p in ipairs(ps) do fixed[#fixed + 1] = p end
      end
    end
  end
  local function clear(ps)
    for _, p in ipairs(ps) do
      local a0, b0, a1, b1 = box(p)
      for _, f in ipairs(fixed) do
        local c0, d0, c1, d1 = box(f)
        if a0 < c1 + 1 and c0 < a1 + 1 and b0 < d1 + 1 and d0 < b1 + 1 then return false end
      end
    end
    return true
  end
  for _, m in ipairs(movers) do
    for _, p in ipairs(m.ps) do p.x = p.x + m.dx end
    local steps = 0
    while not clear(m.ps) and steps < 200 do
      for _, p in ipairs(m.ps) do p.y = p.y - dir * A.FLANK_STEP_MM end
      steps = steps + 1
    end
    for _, p in ipairs(m.ps) do fixed[#fixed + 1] = p end
  end
end

-- A ditch before a camp's rampart as one of Phalanx's own terrain pieces:
-- Bad Going. READING (ours): Phalanx's Bad Going is "a terrain piece
-- described as Steep Hill, Built-up-area or Wood"; a ditch is steep ground
-- (its two banks), so it is read as Steep Hill: "the entire vignette is
-- counted as being in Bad Going" when any part of it moves on or over the
-- ditch (Table 3's Bad Going rates and, for the classes marked (cp), its
-- combat penalty), and a vignette in it is in Bad Going. Unlike a hill it
-- hides nothing (blocks_los = false) and is not a hill to stand higher on
-- (Phalanx's "+1 if higher up the slope" is Gentle Hill's only). The
-- module's `ditch` piece: WRG's 20-pace strip, drawn by the replay as the
-- module's ditch.
function A.ditch_piece(dch)
  return { type = "steep_hill", polygon = dch.polygon, blocks_los = false, name = "ditch" }
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
    -- a ditch is Bad Going (A.ditch_piece), one of Phalanx's own pieces
    for _, dch in ipairs(spec.ditches) do rest[#rest + 1] = A.ditch_piece(dch) end
    local T = given(S, rest)
    -- (Phalanx's reader keeps a piece's type, name and sight only: the
    -- ditches are its last pieces, in order)
    for k = #T.pieces - #spec.ditches + 1, #T.pieces do T.pieces[k].siege_ditch = true end
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

  -- the pre-battle winner's "remove up to two pieces, or swap the positions
  -- of two pieces" is of the table's terrain: not of a camp's ditch (the
  -- siege's works are the scenario's)
  local apply_changes = setup.apply_terrain_changes
  function setup.apply_terrain_changes(T, changes)
    if changes and T and T.pieces then
      local function ditch(id) return T.pieces[id] and T.pieces[id].siege_ditch end
      if changes.swap and (ditch(changes.swap[1]) or ditch(changes.swap[2])) then changes = nil
      elseif changes.remove then
        local keep = {}
        for _, id in ipairs(changes.remove) do if not ditch(id) then keep[#keep + 1] = id end end
        changes = { remove = keep }
      end
    end
    return apply_changes(T, changes)
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
    if side ~= fort.defender then
      -- the besieger invests the camp (A.besieger_plan), its ram party
      -- before the gate (commander_phalanx)
      plan = A.besieger_plan(G, side, plan)
      exempt[G.S] = exempt[G.S] or {}
      exempt[G.S][G.sides[side].edge] = true
      CMD.give_rams(G, side, plan, troops, spec)
      -- (after the rams are given: the party is chosen on the default plan)
      A.close_flanks(G, side, plan, fort, G.sides[side].edge == "north" and -1 or 1)
      CMD.place_rams(G, side, plan, spec)
      return plan
    end
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
  -- 5. the camp as the siege's objective (modules.sieges.phalanx_objective):
  -- taken at the end of a player turn, held at the turn limit
  turn.phases:add({ id = "siege_objective", label = "F camp", rule = "the camp as objective (sieges module, our scenario rule)",
    run = function(G) if A.init(G) then OBJ.check(G) end end }, { after = "siege_works" })
  OBJ.install(rules)
  CMD.install(rules)
end

return A
