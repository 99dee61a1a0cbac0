-- The sieges module in WRG 1973: wheeled siege towers and penthouses as
-- pieces on the table.
--
-- MOVEMENT OF MATERIAL: "A minimum of 6 figures is required to move a
-- penthouse and 10 to move a tower, plus 2 for every figure in it." "1 wagon
-- can carry a disassembled penthouse, 3 a tower". MOVE DISTANCES: "Siege
-- towers and penthouses 20". BASES: "Wheeled Penthouses 60mm"; "Wheeled
-- Siege Towers 80mm". CONSTRUCTION: "30 figure/periods are needed to
-- assemble a penthouse from parts ready to hand, 50 to assemble a tower".
-- DESTRUCTION: "Wagons, siege towers and other wooden constructions can only
-- be destroyed by stone-throwing engines or by fire missiles, 20 casualty
-- equivalents being required. However, men or animals associated with the
-- target are vulnerable to other missiles. Actual occupants of wooden
-- constructions are lost if they are destroyed." FIRE: "The weapon factor is
-- ... 0 ... for siege towers or penthouses which are protected with green
-- hides."
--
-- A scenario lists them in its siege piece (docs/sieges.md):
--   engines:
--     - { kind: tower, pushers: daylami_b, occupants: 0, hides: true }
--     - { kind: penthouse, pushers: ram_party, wagons: true, approach: 60 }
-- (`approach`: the default commander deploys the pushers that many paces
-- from the wall they go for: the engines were brought up before the
-- assault, as a scenario says; commander_engines.lua)
--
-- READINGS (ours; docs/modules/sieges.md, MOVEMENT OF MATERIAL):
--  * the pushers are one unit of the army (the scenario names it); the
--    piece is a rectangle of the book's frontage and as deep (80 x 80 mm a
--    tower, 60 x 60 a penthouse) whose front is the pushers' front, centred
--    on them: they walk inside and behind it. It is terrain that stops
--    moves (bf:add_terrain{ blocks_move = true }) as the fortifications'
--    parapets do: nobody else walks through it; its pushers, who start on
--    it, may go forward out of it (the core's overlap policy) and it is
--    put back before their front after the push (bf:change_terrain, logged
--    as terrain_changed: the replay draws it where it is each period).
--  * the push: 20 paces a period, straight ahead (a wheeled tower is not
--    wheeled round: the commander deploys its pushers square to their
--    target), only by pushers given no other move that period, not in
--    melee, not routing, with figures enough: figures not riding in it at
--    least materials.needed(kind, occupants). `occupants` (default 0) are
--    figures of the pushers' unit riding in it; they are its "actual
--    occupants". Recorded for the referee as a manoeuvre "push" (20 paces).
--  * pushers moved off their engine by anything else (a rout, a push back,
--    an uncontrolled advance) leave it: it stands where it is, still a
--    piece that stops moves, pushed by no one.
--  * a tower whose front touches a wall, palisade, turf wall or tower
--    section (not a gate) lets its troops across onto the walk the same
--    period (the tower is built to the wall's height and lets down its
--    bridge: no ladder to erect): WRG's climb (wrg/period.lua PD.climb), as
--    escaladers until they push the defenders back -- but NOT shieldless (a
--    man crossing a bridge from a tower has his shield free, unlike a man on
--    a ladder); the defenders still count in cover at its normal value
--    until the footing. Pushed back, they come back into the tower and may
--    cross again the next period (nothing is cast down).
--  * troops in a tower (its pushers, while it stands before them) shoot
--    from higher than the walk: WRG's "+20 paces from a raised position",
--    the same as troops on a rampart (d.siege_tower: wrg.lua, the overhead
--    exemption in wrg/modifiers.lua).
--  * a penthouse shelters the troops under it (its pushers: the ram party
--    or miners) from missiles: as the text says of wooden constructions,
--    only stone-throwers (and fire) can hurt it; other shooting at its
--    pushers has no effect while they stand under it.
--  * destruction: a stone-throwing engine of the other side with an engine
--    piece within its range shoots at it (its commander's choice) with
--    WRG's casualty table for its crew, the weapon factor of DESTRUCTION's
--    stone-throwers (1 below 150 paces, 0 further), the random factor and no
--    tactical factors; each casualty is a casualty equivalent; at 20 the
--    piece is wrecked (no longer stops moves) and its occupants are lost
--    (whole figures taken off their unit).
--  * brought in on wagons (`wagons: true`): the parts lie where the pushers
--    stand (drawn, not stopping moves); the pushers, standing a whole period
--    out of melee, assemble it at their figures x hours a period (30
--    figure/periods a penthouse, 50 a tower); then it is a piece.
local materials = require("modules.sieges.materials")
local works = require("modules.sieges.works")
local forts = require("modules.sieges.fortifications")
local fire = require("modules.sieges.fire")
local battlefield = require("sandtable.battlefield")
local ST = require("modules.sieges.wrg.state")

local EN = {}

local MM = ST.MM
local say = ST.say

-- The section kinds a tower's bridge lands on (not a gate: it has no walk).
EN.TOWER_REACHES = { wall = true, palisade = true, turf_wall = true, tower = true }
-- Tolerance of "its front is still the pushers' front" (mm, degrees).
EN.ATTACHED_MM, EN.ATTACHED_DEG = 0.5, 0.5

-- Reads the siege piece's `engines` (raises with the scenario line `where`).
function EN.read(list, where, fail)
  if list == nil then return {} end
  local usage = "engines is a list of { kind: tower | penthouse, pushers: <unit id>, occupants: <figures riding in it>, " ..
                "hides: true | false, wagons: true | false, approach: <paces from the wall> }"
  if type(list) ~= "table" then fail("%s: %s", where, usage) end
  local out = {}
  for i, e in ipairs(list) do
    if type(e) ~= "table" or not materials.BASE_MM[e.kind] or type(e.pushers) ~= "string"
      or (e.occupants ~= nil and (type(e.occupants) ~= "number" or e.occupants < 0 or e.occupants % 1 ~= 0))
      or (e.hides ~= nil and type(e.hides) ~= "boolean") or (e.wagons ~= nil and type(e.wagons) ~= "boolean")
      or (e.approach ~= nil and (type(e.approach) ~= "number" or e.approach < 0)) then
      fail("%s: engine %d: %s", where, i, usage)
    end
    out[i] = { kind = e.kind, pushers = e.pushers, occupants = e.occupants or 0, hides = e.hides == true,
               wagons = e.wagons == true, approach = e.approach, where = where }
  end
  return out
end

local function live(d) return d and not d.gone and not d.off_table end

-- The unit's front centre and facing.
local function front(G, uid)
  local u = G.bf:unit(uid)
  local a = math.rad(u.facing)
  return u.x - math.sin(a) * u.depth / 2, u.y + math.cos(a) * u.depth / 2, u.facing
end

-- The piece's rectangle: front edge at (cx, cy), frontage first (the core's
-- blocks_move rectangle), extending back against the facing.
local function rect(e, cx, cy, facing)
  local a = math.rad(facing)
  local fx, fy, rx, ry = -math.sin(a), math.cos(a), math.cos(a), math.sin(a)
  local w, dp = e.w, e.dp
  return { cx - rx * w / 2, cy - ry * w / 2, cx + rx * w / 2, cy + ry * w / 2,
           cx + rx * w / 2 - fx * dp, cy + ry * w / 2 - fy * dp, cx - rx * w / 2 - fx * dp, cy - ry * w / 2 - fy * dp }
end
EN.rect = rect

local function find_pushers(G, side, id)
  for _, uid in ipairs(G.sides[side].units) do
    if G.D[uid].id == id then return uid end
  end
  return nil
end

-- The engines of the battle (G.sieges.engines), put on the table before the
-- first period: each before its pushers.
function EN.setup(G)
  local S = G.sieges
  if not S or S.engines then return S and S.engines end
  S.engines = {}
  for n, spec in ipairs(S.spec.siege.engines or {}) do
    local uid = find_pushers(G, S.besieger, spec.pushers)
    if not uid then
      require("lib.fail")("%s: engine %d (a %s): its pushers '%s' are no unit of the besieger (side %d)", spec.where or "siege",
        n, spec.kind, spec.pushers, S.besieger)
    end
    do
      local e = { n = n, kind = spec.kind, uid = uid, occupants = spec.occupants, hides = spec.hides,
                  w = materials.BASE_MM[spec.kind][1], dp = materials.BASE_MM[spec.kind][2], fire_points = 0,
                  assembled = not spec.wagons, side = S.besieger }
      if spec.wagons then e.job = works.task(spec.kind) end
      local cx, cy, f = front(G, uid)
      e.front = { cx, cy, f }
      e.fid = G.bf:add_terrain{ type = e.assembled and ("siege_" .. e.kind) or ("siege_" .. e.kind .. "_parts"),
                                polygon = rect(e, cx, cy, f), blocks_move = e.assembled, siege_engine = n,
                                height = e.kind == "tower" and 3 or 1 }
      S.engines[n] = e
      local d = G.D[uid]
      d.siege = d.siege or {}
      d.siege.engine = n
      -- the tower is the party's way onto the wall: its ladders stay behind
      if e.kind == "tower" then d.siege.ladders = nil end
      if G.log then G.bf:log("siege_engine", { engine = n, kind = e.kind, unit = uid, what = e.assembled and "placed" or "parts",
                                               wagons = spec.wagons and materials.WAGONS[e.kind] or 0, x = cx, y = cy, facing = f }) end
      say(G, "  A %s stands before %s%s.", e.kind, d.name,
        spec.wagons and string.format(" in parts (%d wagon%s)", materials.WAGONS[e.kind], materials.WAGONS[e.kind] > 1 and "s" or "") or "")
    end
  end
  return S.engines
end

-- The engine a unit pushes, if it still stands before it.
function EN.of(G, uid)
  local S = G.sieges
  local d = G.D[uid]
  local n = S and S.engines and d.siege and d.siege.engine
  local e = n and S.engines[n]
  if not e or e.wrecked or e.uid ~= uid then return nil end
  return e
end

local function attached(G, e)
  local d = G.D[e.uid]
  if not live(d) or d.routing or G.bf:removed(e.uid) then return false end
  local cx, cy, f = front(G, e.uid)
  return math.sqrt((cx - e.front[1]) ^ 2 + (cy - e.front[2]) ^ 2) <= EN.ATTACHED_MM
    and math.abs(((f - e.front[3] + 180) % 360) - 180) <= EN.ATTACHED_DEG
end

-- Whether a unit's centre lies within the engine's rectangle.
local function under(G, e, uid)
  local x, y = G.bf:pos(uid)
  local a = math.rad(e.front[3])
  local fx, fy, rx, ry = -math.sin(a), math.cos(a), math.cos(a), math.sin(a)
  local dx, dy = x - e.front[1], y - e.front[2]
  local ahead, across = dx * fx + dy * fy, dx * rx + dy * ry
  return ahead <= 0.5 and ahead >= -e.dp - 0.5 and math.abs(across) <= e.w / 2 + 0.5
end
EN.under = under

-- Pushers leave their engine. A tower left stands where it is and still
-- stops moves; a penthouse left is an empty shed on wheels, open at both
-- ends, that troops pass under (READING: it stops moves only while its party
-- is under it -- so a ram's penthouse left before a broken gate does not
-- shut the gateway).
local function leave(G, e, why)
  local d = G.D[e.uid]
  if G.log then G.bf:log("siege_engine", { engine = e.n, kind = e.kind, unit = e.uid, what = "left", why = why }) end
  say(G, "  %s leave their %s (%s).", d.name, e.kind, why)
  if d.siege and d.siege.engine == e.n then d.siege.engine = nil end
  e.uid = nil
  if e.kind == "penthouse" and e.assembled and not e.wrecked then G.bf:change_terrain(e.fid, { blocks_move = false }) end
end
EN.leave = leave

-- Who is in or under an engine (the modifiers read these fields):
-- d.siege_tower (shooting from higher than the walk), d.siege_shelter (under
-- a penthouse).
function EN.locate(G)
  local S = G.sieges
  if not S or not S.engines then return end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    d.siege_tower, d.siege_shelter = nil, nil
  end
  for _, e in ipairs(S.engines) do
    if e.uid and not e.wrecked and e.assembled then
      local d = G.D[e.uid]
      if live(d) and not G.bf:removed(e.uid) and under(G, e, e.uid) then
        if e.kind == "tower" then d.siege_tower = e.n else d.siege_shelter = e.n end
      end
    end
  end
end

-- Start of a period: engines whose pushers were moved off them are left.
function EN.upkeep(G)
  local S = G.sieges
  if not S then return end
  EN.setup(G)
  for _, e in ipairs(S.engines) do
    if e.uid and not e.wrecked and not e.at and not attached(G, e) then
      local d = G.D[e.uid]
      leave(G, e, (not live(d) or G.bf:removed(e.uid)) and "they are gone" or (d.routing and "they rout" or "moved off it"))
    end
  end
  EN.locate(G)
end

-- The bases of every unit on the table but the piece's pushers, with a
-- first place left for the piece: { xs, ys, fs, ws, ds, ids }. Read once
-- for all the places a push tries (nothing else moves in between).
local function other_bases(G, e)
  local xs, ys, fs, ws, ds, ids = { 0 }, { 0 }, { 0 }, { 0 }, { 0 }, { false }
  for _, o in ipairs(G.bf:units()) do
    local ou = G.bf:unit(o)
    if o ~= e.uid and not ou.removed then
      xs[#xs + 1], ys[#ys + 1], fs[#fs + 1], ws[#ws + 1], ds[#ds + 1] = ou.x, ou.y, ou.facing, ou.width, ou.depth
      ids[#ids + 1] = o
    end
  end
  return { xs, ys, fs, ws, ds, ids }
end

-- How far the piece can go straight ahead, up to `want` mm, not running
-- into another unit's base (the pushers' own path is their move's).
-- `others`: other_bases(G, e), read again when not given.
local function piece_clear(G, e, t, skip, others)
  local a = math.rad(e.front[3])
  local fx, fy = -math.sin(a), math.cos(a)
  local cx, cy = e.front[1] + fx * (t - e.dp / 2), e.front[2] + fy * (t - e.dp / 2)
  others = others or other_bases(G, e)
  local xs, ys, fs, ws, ds, ids = others[1], others[2], others[3], others[4], others[5], others[6]
  xs[1], ys[1], fs[1], ws[1], ds[1] = cx, cy, e.front[3], e.w, e.dp
  local pairs_ = battlefield.overlapping_bases(xs, ys, fs, ws, ds, 0.5)
  -- skip == true: the set of bases it overlaps here
  local hit = {}
  for i = 1, #pairs_, 2 do
    if pairs_[i] == 1 then hit[ids[pairs_[i + 1]]] = true end
  end
  if skip == true then return hit end
  for o in pairs(hit) do if not (skip and skip[o]) then return false end end
  return true
end

-- MOVEMENT: the commander's pushers push (unit.siege.push: the mm it wants
-- to go; true for as far as it may). Then a tower against a wall lets its
-- troops across.
function EN.movement(G, R, PD)
  local S = G.sieges
  if not S or not S.engines then return end
  for _, e in ipairs(S.engines) do
    local uid = e.uid
    local d = uid and G.D[uid]
    local k = d and d.siege
    if e.uid and not e.wrecked and not e.at and e.assembled and attached(G, e) and k and (k.push or d.state == "uncontrolled")
      and not d.in_melee and not d.charging and (d.moved or 0) <= 0 then
      local need = materials.needed(e.kind, e.occupants)
      if d.figures - e.occupants < need then
        say(G, "  %s are too few to move the %s (%d figures, %d needed).", d.name, e.kind, d.figures - e.occupants, need)
      else
        -- WORKING PARTIES: "Uncontrolled advance for figures carrying scaling
        -- ladders or fascines means exactly that, but in all other cases it
        -- means work at double speed": pushers (a party moving material, not
        -- carrying ladders or fascines) push 40 paces (wrg/working_parties.lua
        -- keeps them from charging)
        local want = materials.SPEED[e.kind] * MM * (d.state == "uncontrolled" and works.UNCONTROLLED_WORK or 1)
        if type(k.push) == "number" then want = math.min(want, k.push) end
        local got = R.turn.probe(G, uid, function() return G.bf:move(uid, "advance", want).distance end)
        -- the piece is wider than some pushers: short of any other base
        -- (bases it already overlapped where it stood do not stop it)
        local step = 2
        -- (the other bases read once, and each place's answer kept: the
        -- search below asks the same places again for each shorter push)
        local others = other_bases(G, e)
        local before = piece_clear(G, e, 0, true, others)
        local known = {}
        local function clear_at(s)
          local v = known[s]
          if v == nil then v = piece_clear(G, e, s, before, others); known[s] = v end
          return v
        end
        local function path_clear(dist)
          for s = step, dist, step do if not clear_at(s) then return false end end
          return clear_at(dist)
        end
        local t = got
        while t > 0.05 and not path_clear(t) do t = t - step end
        if t > 0.05 then
          local r = G.bf:move(uid, "advance", t)
          R.manoeuvre.record(G, uid, "push")
          local cx, cy, f = front(G, uid)
          e.front = { cx, cy, f }
          G.bf:change_terrain(e.fid, { polygon = rect(e, cx, cy, f) })
          if G.log then G.bf:log("siege_engine", { engine = e.n, kind = e.kind, unit = uid, what = "pushed",
                                                   distance = r.distance, x = cx, y = cy, facing = f }) end
          say(G, "  %s push the %s %.0f paces.", d.name, e.kind, r.distance / MM)
        end
      end
    end
    -- a tower against a wall: its troops cross onto the walk
    if e.kind == "tower" and e.uid and not e.wrecked and e.assembled and d and live(d) and not d.routing
      and not d.in_melee and not G.bf:removed(uid) and k and not k.footing and not k.escalading then
      for _, t in ipairs(ST.touching_from_outside(G, uid)) do
        local sec = S.forts.sections[t.index]
        if forts.blocks(sec) and EN.TOWER_REACHES[sec.kind] and under(G, e, uid) then
          e.at = sec.index
          k.ladder_up = { section = sec.index, since = G.turn - 1 }
          k.from_tower = true
          if G.log then G.bf:log("siege_engine", { engine = e.n, kind = e.kind, unit = uid, what = "bridge", section = sec.index }) end
          say(G, "  The tower stands against the %s (section %d): %s cross its bridge.", sec.kind, sec.index, d.name)
          PD.climb(G, R, uid, sec)
          break
        end
      end
    end
  end
  EN.locate(G)
end

local function stone_engine(d) return d.type == "ENG" and d.engine ~= "light_bolt" and d.engine ~= "heavy_bolt" end

-- Wrecks an engine: "Actual occupants of wooden constructions are lost if
-- they are destroyed."
-- READING: the occupants are taken off as whole figures (WRG's 20 men a
-- figure, turn.take_casualties), counted as casualties from missiles this
-- period (the stones that wrecked it) for the reaction tests.
function EN.wreck(G, R, e, why)
  e.wrecked = true
  G.bf:change_terrain(e.fid, { type = "siege_" .. e.kind .. "_wreck", blocks_move = false })
  local lost = 0
  if e.uid and e.occupants > 0 then
    local d = G.D[e.uid]
    if live(d) and under(G, e, e.uid) then
      local men = math.min(e.occupants, d.figures) * R.tables.MEN_PER_FIGURE
      d.missile = (d.missile or 0) + men
      lost = R.turn.take_casualties(G, e.uid, men)
    end
  end
  if G.log then G.bf:log("siege_engine", { engine = e.n, kind = e.kind, what = "wrecked", why = why, occupants_lost = lost }) end
  say(G, "  The %s is destroyed (%s)%s.", e.kind, why, lost > 0 and string.format(": %d figures in it are lost", lost) or "")
  if e.uid then
    local d = G.D[e.uid]
    if d.siege and d.siege.engine == e.n then d.siege.engine = nil end
  end
  EN.locate(G)
end

-- Casualty equivalents on an engine (stone-throwers, fire missiles), counted
-- by fire.hit_object (e.fire_points): 20 destroy it.
function EN.hit(G, R, e, n, why)
  if e.wrecked or n <= 0 then return false end
  if fire.hit_object(e, n).destroyed then EN.wreck(G, R, e, why); return true end
  return false
end

-- FIRE: the weapon factor of fire missiles against an engine: 1, but 0 for
-- siege towers or penthouses "protected with green hides".
function EN.fire_factor(e) return fire.object_weapon_factor{ green_hides = e.hides } end

-- SHOOTING: stone-throwers of the side facing an engine shoot at it (their
-- commander's choice) when one is within range; `held` as in wrg.lua.
function EN.bombard(G, R, held)
  local S = G.sieges
  if not S or not S.engines or not next(S.engines) then return end
  local taken = {}
  for _, h in ipairs(held) do taken[h.uid] = true end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege or {}
    if live(d) and stone_engine(d) and d.range and not taken[uid] and not k.batter and not k.blind and not d.routing
      and not d.in_melee and (d.moved or 0) <= 0 and not G.bf:removed(uid) then
      local x, y = G.bf:pos(uid)
      local best, bd
      for _, e in ipairs(S.engines) do
        if not e.wrecked and e.side ~= d.side then
          local a = math.rad(e.front[3])
          local cx, cy = e.front[1] + math.sin(a) * e.dp / 2, e.front[2] - math.cos(a) * e.dp / 2
          local dist = math.max(0, math.sqrt((x - cx) ^ 2 + (y - cy) ^ 2) - e.dp / 2) / MM
          if dist <= d.range and (not bd or dist < bd or (dist == bd and e.n < best.n)) then best, bd = e, dist end
        end
      end
      if best then
        held[#held + 1] = { uid = uid, range = d.range }
        local figures = R.shooting.figures(d, { moved = false })
        local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: DESTRUCTION, stone-throwers of " .. d.name .. " at a " .. best.kind)
        local weapon = works.stone_factor(bd)
        local total = weapon + r.value
        local hits = R.tables.casualties(total, figures)
        if G.log then G.bf:log("siege_engine", { engine = best.n, kind = best.kind, what = "hit", unit = uid, total = total,
                                                 hits = hits, casualty_equivalents = best.fire_points + hits }) end
        say(G, "  %s shoot at the %s at %.0f paces: weapon %d, random %+d = %d: %d hits (%d of %d).", d.name, best.kind, bd,
          weapon, r.value, total, hits, best.fire_points + hits, fire.WOODEN_DESTROYED)
        EN.hit(G, R, best, hits, "stone-throwers")
      end
    end
  end
end

-- FIRE at an engine: "Any troops with orders to prepare them may use fire
-- missiles ... The period before they are used must be spent stationary
-- ... Normal ranges are halved for all but hand-hurled missiles. The weapon
-- factor is normally 1, but 0 ... for siege towers or penthouses which are
-- protected with green hides." Fire troops (unit.siege.fire) not already
-- busy with a wall, gate or palisade (`held`), with an enemy tower or
-- penthouse within their halved range: a period stationary preparing, then
-- WRG's casualty table for their figures with the weapon factor 1 (0 with
-- green hides) and their random factor, no tactical factors (READING, as
-- fire at a gate: an object takes no cover); each casualty a casualty
-- equivalent (fire.hit_object). They shoot at nothing else those periods.
function EN.fire_at(G, R, held)
  local S = G.sieges
  if not S or not S.engines or not next(S.engines) or S.rained then return end
  local taken = {}
  for _, h in ipairs(held) do taken[h.uid] = true end
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local k = d.siege
    if live(d) and k and k.fire and d.range and not taken[uid] and not d.routing and not d.in_melee and not d.charging
      and not G.bf:removed(uid) then
      local m = R.troops.missile(d)
      local half = fire.range(d.range, m == "javelin" or m == "darts")
      local x, y = G.bf:pos(uid)
      local best, bd
      for _, e in ipairs(S.engines) do
        if not e.wrecked and e.side ~= d.side then
          local a = math.rad(e.front[3])
          local cx, cy = e.front[1] + math.sin(a) * e.dp / 2, e.front[2] - math.cos(a) * e.dp / 2
          local dist = math.max(0, math.sqrt((x - cx) ^ 2 + (y - cy) ^ 2) - e.dp / 2 - G.bf:unit(uid).depth / 2) / MM
          if dist <= half and (not bd or dist < bd) then best, bd = e, dist end
        end
      end
      if best then
        held[#held + 1] = { uid = uid, range = d.range }
        if fire.ready(k.prepared, G.turn) and (d.moved or 0) <= 0 then
          local figures = R.shooting.figures(d, { moved = false, files = d.files })
          local r = R.chance.shooting(d, G.dice, "WRG 1973 SIEGE: FIRE, fire missiles of " .. d.name .. " at a " .. best.kind)
          local weapon = EN.fire_factor(best)
          local cas = R.tables.casualties(weapon + r.value, figures)
          if G.log then G.bf:log("siege_engine", { engine = best.n, kind = best.kind, what = "fire", unit = uid, weapon = weapon,
                                                   total = weapon + r.value, hits = cas,
                                                   casualty_equivalents = best.fire_points + cas }) end
          say(G, "  %s shoot fire at the %s: weapon %d, random %+d: %d (%d of %d).", d.name, best.kind, weapon, r.value, cas,
            best.fire_points + cas, fire.WOODEN_DESTROYED)
          k.prepared = nil
          EN.hit(G, R, best, cas, "fire missiles")
        elseif (d.moved or 0) <= 0 then
          k.prepared = G.turn
          say(G, "  %s stand preparing and lighting fire missiles.", d.name)
        end
      end
    end
  end
end

-- End of a period: pushers of an engine in parts assemble it.
function EN.end_of_period(G, rate)
  local S = G.sieges
  if not S or not S.engines then return end
  for _, e in ipairs(S.engines) do
    local d = e.uid and G.D[e.uid]
    if e.job and not e.assembled and not e.wrecked and live(d) and not d.routing and not d.in_melee and (d.moved or 0) <= 0
      and not G.bf:removed(e.uid) then
      local fp = works.output{ figures = d.figures, hours = S.hours * rate(G, d.side) }
      works.work(e.job, fp)
      if G.log then G.bf:log("siege_build", { unit = e.uid, what = e.kind, fp = fp, done = e.job.done_fp, need = e.job.need }) end
      say(G, "  %s assemble the %s: %g of %g figure/periods.", d.name, e.kind, e.job.done_fp, e.job.need)
      if e.job.done then
        e.assembled = true
        local cx, cy, f = front(G, e.uid)
        e.front = { cx, cy, f }
        G.bf:change_terrain(e.fid, { type = "siege_" .. e.kind, polygon = rect(e, cx, cy, f), blocks_move = true })
        if G.log then G.bf:log("siege_engine", { engine = e.n, kind = e.kind, unit = e.uid, what = "assembled" }) end
        say(G, "  The %s is assembled.", e.kind)
      end
    end
  end
  EN.locate(G)
end

-- MINING: "Mining must commence from a penthouse or similar shelter": the
-- penthouse a mine is begun from (the scenario's `penthouses`, whose mining
-- team is abstract: modules.sieges.mining) is put on the table over the
-- mine's start, its front there, facing the wall (drawn, logged). READING:
-- it stops no moves -- the miners under it are no unit on the table, and a
-- penthouse stops moves only while a party of the army is under it (as one
-- left by its pushers). `from` in paces.
function EN.shelter(G, mine, from, facing)
  local S = G.sieges
  local e = { kind = "penthouse", w = materials.BASE_MM.penthouse[1], dp = materials.BASE_MM.penthouse[2] }
  local x, y = from[1] * MM, from[2] * MM
  local fid = G.bf:add_terrain{ type = "siege_penthouse", polygon = rect(e, x, y, facing), mine_shelter = mine }
  S.shelters = S.shelters or {}
  S.shelters[mine] = fid
  if G.log then G.bf:log("siege_engine", { kind = "penthouse", what = "mine shelter", mine = mine, feature = fid, x = x, y = y,
                                           facing = facing }) end
  say(G, "  A penthouse shelters the mine's start.")
  return fid
end

-- Shooting modifiers and the referee's allowance of a push.
function EN.install(rules)
  local S = rules.require("wrg.shooting")
  local function stone(u) return u.type == "ENG" and u.engine ~= "light_bolt" and u.engine ~= "heavy_bolt" end
  S.modifiers:add{
    id = "siege_penthouse_shelter", rule = "WRG 1973 SIEGE: MOVEMENT OF MATERIAL",
    text = "shooting at troops under a penthouse: only stone-throwers hurt a wooden construction",
    when = function(c) return c.target.siege_shelter ~= nil and not stone(c.shooter) end,
    apply = function() return -99 end,
  }
  local W = rules.require("wrg.referee")
  W.PACES.push = function(d) return materials.SPEED.tower * (d.state == "uncontrolled" and works.UNCONTROLLED_WORK or 1) end
end

return EN
