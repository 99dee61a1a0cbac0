-- Phalanx battle engine: one battle from a scenario to its result.
--
--   local battle = require("phalanx.battle")
--   local result = battle.run(ctx)
--
-- ctx (built by scripts/lib/battle.lua, or by hand in tests):
--   rules       the loaded ruleset instance; rules.options = set of enabled
--               option ids (options may also hook in through rules.phalanx,
--               see options/*.lua)
--   scenario    { table = { size = "6x4", scale = "15-20mm", basing = 2,
--                 terrain = "diced" | "none" | { features },
--                 artillery = { [1|2] = { vignette_id = "attached" |
--                 "amalgamated" } }, field_defences = { [1|2] = { ids } } },
--                 turns = n }
--   armies      { [1] = army, [2] = army } as phalanx.armies.load_text returns
--   commanders  { [1] = "ai" | module name | commander table, [2] = ... }
--   dice        the battle's dice source (every roll goes through it)
--   report      function(line) for the readable account, or nil (quiet)
--   log         false: no event log (bulk experiments); default true
--   turns       the turn limit (default scenario.turns or 12)
--   turn_ended  optional function(bf, turn) called after each game turn
--
-- Returns { bf, winner = 1 | 2 | nil, reason, turns, losses = { [1] = {
-- [class] = count }, [2] = ... }, first = side that moved first, broken = {
-- [1] = { vignette ids }, [2] = ... } }.

local battlefield = require("sandtable.battlefield")
local referee = require("lib.referee")
local account = require("lib.account")
local fail = require("lib.fail")
local commander = require("lib.commander")
local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local armies_mod = require("phalanx.armies")
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")
local victory = require("phalanx.victory")

local battle = {}

local function say(G, fmt, ...)
  if G.report then G.report(string.format(fmt, ...)) end
end

-- A commander: the default AI, a module name, or a table.
local function resolve_commander(rules, spec)
  return commander.resolve(rules, spec, "phalanx.ai")
end

-- Union of in-line links into groups (in army order); supporters map to the
-- vignette they support.
local function link_groups(vignettes)
  local parent, by_id = {}, {}
  for ix = 1, #vignettes do local v = vignettes[ix]; parent[v.id] = v.id; by_id[v.id] = v end
  local function find(x)
    while parent[x] ~= x do parent[x] = parent[parent[x]]; x = parent[x] end
    return x
  end
  for ix = 1, #vignettes do local v = vignettes[ix]
    local links = v.in_line_with
    if type(links) == "string" then links = { links } end
    for _, other in ipairs(links or {}) do
      if by_id[other] then
        local a, b = find(v.id), find(other)
        if a ~= b then parent[b] = a end
      end
    end
  end
  local order, members = {}, {}
  for ix = 1, #vignettes do local v = vignettes[ix]
    if v.supports == nil then
      local root = find(v.id)
      if not members[root] then members[root] = {}; order[#order + 1] = root end
      local list = members[root]
      list[#list + 1] = v
    end
  end
  local out = {}
  for i = 1, #order do local root = order[i]; out[i] = members[root] end
  return out
end
battle.link_groups = link_groups

-- Unit data (bf:data) for a vignette, with its supporter merged.
local function unit_data(G, side, v, supporter, tracker)
  local S = G.S
  local f = S.frontage
  local row = tables.movement[v.class]
  local d = {
    vid = v.id, name = v.name, class = v.class, integrity = v.integrity, army_class = v.army,
    part = v.part, side = side, general = v.general == true, key = tracker.keys[v.id] == true,
    notes = v.notes,
    mbl = tracker.mbl[v.id] == true, last_line = tracker.last_line[v.id] == true,
    accumulated_r = 0, accumulated_rr = 0,
    w = f, d = setup.base_depth(v.class, f),
    move_good = row.good * f, move_bad = row.bad * f, pivot = row.pivot,
  }
  -- keys a variant declares for its units (phalanx.armies VIGNETTE_KEYS, unit = true)
  local keys = armies_mod.VIGNETTE_KEYS
  for ix = 1, #keys do local k = keys[ix]
    if k.unit and v[k.key] ~= nil then d[k.key] = v[k.key] end
  end
  if supporter then
    local srow = tables.movement[supporter.class]
    d.supporter = { vid = supporter.id, name = supporter.name, class = supporter.class,
                    integrity = supporter.integrity, army_class = supporter.army }
    d.d = d.d + setup.base_depth(supporter.class, f)
    d.move_good = math.min(d.move_good, srow.good * f)
    d.move_bad = math.min(d.move_bad, srow.bad * f)
    if supporter.general then d.general = true end
  end
  return d
end

-- Builds the side records and groups (not yet placed).
-- One side's record and its groups (not yet placed): fields = the army
-- list's fields, vignettes = plain vignette tables (armies.vignettes).
local function build_side(G, s, fields, vignettes, commander, army)
  local tracker = victory.tracker(fields, vignettes)
  local supporters = {}
  for ix = 1, #vignettes do local v = vignettes[ix]
    if v.supports then supporters[v.supports] = v end
  end
  local side = {
    side = s, name = fields.name or ("side " .. s), army = army, fields = fields, vignettes = vignettes,
    base_ap = fields.activation_points or 0, tracker = tracker, groups = {}, units = {},
    commander = commander,
  }
  for _, members in ipairs(link_groups(vignettes)) do
    local gid = #G.groups + 1
    local g = { gid = gid, side = s, ids = {}, specs = {}, part = members[1].part }
    for i = 1, #members do local v = members[i]
      g.specs[i] = unit_data(G, s, v, supporters[v.id], tracker)
      g.specs[i].gid = gid
    end
    G.groups[gid] = g
    side.groups[#side.groups + 1] = gid
  end
  G.sides[s] = side
  return side
end

local function build_sides(G, ctx)
  for s = 1, 2 do
    local army = ctx.armies and ctx.armies[s]
    if not army then error("battle: ctx.armies[" .. s .. "] is missing", 0) end
    build_side(G, s, army.fields, armies_mod.vignettes(army),
      resolve_commander(ctx.rules, ctx.commanders and ctx.commanders[s]), army)
  end
end

-- Puts one vignette's base (and its supporter) on the table.
local function add_base(G, s, spec, x, y, facing)
  local bf = G.bf
  local uid = bf:add_unit{ side = s, name = spec.name, x = x, y = y, facing = facing,
                           width = spec.w, depth = spec.d, data = spec }
  spec.uid = uid
  G.px[uid], G.py[uid], G.pf[uid] = bf:pos(uid)
  spec.r = 0.5 * math.sqrt(spec.w * spec.w + spec.d * spec.d)
  G.D[uid] = spec
  local alive = G.alive[s]
  alive[#alive + 1] = uid
  local g = G.groups[spec.gid]
  g.ids[#g.ids + 1] = uid
  G.sides[s].units[#G.sides[s].units + 1] = uid
  if spec.general then G.sides[s].general_uid = uid end
  if G.log then bf:log("deploy", { unit = uid, side = s, vignette = spec.vid, x = x, y = y, facing = facing }) end
  return uid
end

-- The battle state without armies or bases: ctx as battle.run's (rules,
-- scenario, dice, report, log).
-- The scenario's `table:` keys Phalanx reads (docs/rulesets/phalanx.md).
battle.TABLE_KEYS = { "artillery", "basing", "field_defences", "scale", "size", "terrain", "tile" }

-- Errors about the scenario's table keys name the file and line when the
-- scenario came from a file (scenario.locate, from scripts/lib/scenario.lua).
local function where(scenario, key)
  if type(scenario.locate) == "function" then
    return scenario.locate("/table" .. (key and ("/" .. key) or "")) .. ": "
  end
  return ""
end

local function check_table_keys(scenario)
  local spec = scenario.table
  if spec == nil then return end
  if type(spec) ~= "table" then fail("%stable: expected a map of Phalanx table keys", where(scenario)) end
  local known = {}
  for _, k in ipairs(battle.TABLE_KEYS) do known[k] = true end
  local keys = {}
  for k in pairs(spec) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if not known[k] then
      fail("%sunknown key '%s' in table (Phalanx expects: %s)", where(scenario, k), k,
        table.concat(battle.TABLE_KEYS, ", "))
    end
  end
end

-- Calls fn, turning a "table.key: ..." message into one with file and line.
local function located(scenario, fn, ...)
  local ok, a, b = pcall(fn, ...)
  if ok then return a, b end
  if type(a) ~= "string" then error(a, 0) end
  -- "table.size: ..." is the scenario's mistake: a user error at its line.
  local key = a:match("^table%.([%w_]+)")
  if key then fail("%s%s", type(scenario.locate) == "function" and where(scenario, key) or "", a) end
  error(a, 0)
end

function battle.new_state(ctx)
  local scenario = ctx.scenario or {}
  local rules = ctx.rules or { options = {} }
  check_table_keys(scenario)
  local G = {
    rules = rules, options = rules.options or {}, dice = ctx.dice, report = ctx.report,
    log = ctx.log ~= false, turn = 0, pturn = 0, losses = { {}, {} }, sides = {}, groups = {},
    scenario = scenario, contact_moves = {}, alive = { {}, {} }, D = {},
    px = {}, py = {}, pf = {},   -- positions, kept by turn.move / turn.place
  }
  G.S = located(scenario, setup.scale, scenario.table or {})
  G.bf = battlefield.new{ width = G.S.width, depth = G.S.depth, keep_events = G.log }
  if G.log and ctx.dice then G.bf:record_rolls(ctx.dice) end
  -- hooks that options install on the instance (rules.phalanx)
  local hooks = rules.phalanx or {}
  local req = rules.require or require
  local function hook(id)
    if not G.options[id] then return nil end
    return hooks[id] or req("phalanx.options." .. id)
  end
  G.recovery = hook("recovery")
  G.artillery = hook("artillery")
  G.field_defences = hook("field_defences")
  G.detachments = hook("detachments")
  G.T = setup.new_terrain(G.S)
  return G
end

-- A situation set up by hand, for rule tests and "what if" scripts:
--   battle.skirmish{ dice =, report =, options = { recovery = true } (or
--     rules = a loaded ruleset instance),
--     table = { size = "6x4", terrain = { features } },
--     sides = { [1] = { name =, activation_points =, key_vignettes =,
--       multiple_lines =, commander =, vignettes = { { id =, name =, class =,
--       integrity =, army =, part =, general =, in_line_with =, supports =,
--       off_main_line =, at = { x, y, facing } }, ... } }, [2] = ... } }
-- A link's members stand where their `at` puts them; a supporter has no
-- `at` (it is merged with the vignette it supports). Returns G, with
-- G.by_vid[side][id] = unit id, at turn 1 with side 1 to move.
function battle.skirmish(opts)
  local rules = opts.rules or { options = opts.options or {}, require = require }
  local G = battle.new_state{ rules = rules, scenario = { table = opts.table or { terrain = "none" } },
                              dice = opts.dice, report = opts.report, log = opts.log }
  if opts.table and type(opts.table.terrain) == "table" then G.T = setup.given_terrain(G.S, opts.table.terrain) end
  G.by_vid = { {}, {} }
  for s = 1, 2 do
    local spec = opts.sides[s] or { vignettes = {} }
    local fields = { name = spec.name or ("side " .. s), activation_points = spec.activation_points or 4,
                     key_vignettes = spec.key_vignettes, multiple_lines = spec.multiple_lines }
    local vignettes = {}
    for i, v in ipairs(spec.vignettes) do
      local c = {}
      for k, val in pairs(v) do c[k] = val end
      c.name = c.name or c.id
      c.army = c.army or "RA"
      c.part = c.part or "centre"
      c.integrity = c.integrity or "III"
      vignettes[i] = c
    end
    build_side(G, s, fields, vignettes, resolve_commander(rules, spec.commander), nil)
    G.sides[s].edge = spec.edge or (s == 1 and "south" or "north")
    for _, gid in ipairs(G.sides[s].groups) do
      local g = G.groups[gid]
      for _, unit in ipairs(g.specs) do
        local v
        for _, c in ipairs(vignettes) do if c.id == unit.vid then v = c end end
        local at = v.at or error("skirmish: vignette '" .. unit.vid .. "' needs at = { x, y, facing }", 2)
        G.by_vid[s][unit.vid] = add_base(G, s, unit, at[1], at[2], at[3] or (s == 1 and 0 or 180))
      end
      g.specs = nil
    end
  end
  if G.artillery then G.artillery.assign(G) end
  if G.field_defences then G.field_defences.assign(G) end
  G.turn, G.pturn, G.phasing = 1, 0, 1
  return G
end

-- Terrain from the scenario.
local function make_terrain(G, spec)
  local t = spec.terrain
  if t == nil or t == "diced" then
    local T, rolls = setup.dice_terrain(G.S, G.dice)
    local summary = account.terrain_rolls(G, rolls)
    if summary then
      say(G, "Terrain diced on %d squares of %d\" (Table 2, +2 at the edges): %s", #rolls, G.S.tile_inches, summary)
    end
    return T
  elseif t == "none" or t == "open" then
    return setup.new_terrain(G.S)
  elseif type(t) == "table" then
    return setup.given_terrain(G.S, t)
  end
  error("table.terrain: expected \"diced\", \"none\" or a list of features, found " .. tostring(t), 0)
end

-- The terrain also goes on the engine's table (its log, saves and replays).
local function terrain_to_table(G)
  local bf = G.bf
  if G.T.pieces[1] and bf.add_terrain then G.T:attach(bf) end
end

-- Whether a piece reaches into side s's rear zone.
local function in_rear_zone(G, s, p)
  local S = G.S
  local lo, hi = 0, S.rear
  if G.sides[s].edge == "north" then lo, hi = S.depth - S.rear, S.depth end
  local b = p.box
  return b[4] > lo and b[2] < hi
end

-- Puts every vignette on the table, alternately one at a time ("the players
-- take it in turns to deploy one vignette at a time"), the side that lost
-- the pre-battle throw first (READING).
-- A plan entry may name a `part` other than the list's: the commander's
-- division of the army ("You may divide your army in to three parts, the
-- Centre and two Wings"; READING: the list's parts are its usual division,
-- and a commander whose table will not take it divides the army otherwise).
-- A plan entry with `line = 2` (an army permitted multiple lines only) puts
-- that MBL vignette in the second line: READING, "Unless permitted by the
-- army list, all vignettes must be deployed in one line": with the
-- permission, which vignettes stand in which line is the commander's
-- choice at deployment, as the list's `off_main_line` is the author's; it
-- leaves the MBL and joins the last line (Victory), logged as
-- `deployment_line`.
-- plan.clear = { piece ids }: READING, a rear zone that holds no legal
-- deployment: the impassable pieces named, each reaching into that side's
-- rear zone, are treated as removed (logged as `deployment_terrain_removed`).
local function deploy(G, first)
  local bf = G.bf
  local plans = {}
  for s = 1, 2 do plans[s] = G.sides[s].commander.deployment(G, s) end
  -- pieces to clear, resolved before any is removed (ids shift on removal)
  local clearing = {}
  for s = 1, 2 do
    for _, id in ipairs((not G.flank_march and plans[s].clear) or {}) do
      local p = G.T.pieces[id]
      if p and not p.passable and in_rear_zone(G, s, p) then clearing[#clearing + 1] = { s, p } end
    end
  end
  for _, c in ipairs(clearing) do
    local s, p = c[1], c[2]
    for i, q in ipairs(G.T.pieces) do
      if q == p then
        G.T:remove(i)
        if G.log then
          bf:log("deployment_terrain_removed", { side = s, type = p.type,
                 box = { p.box[1], p.box[2], p.box[3], p.box[4] } })
        end
        say(G, "  %s cannot deploy legally with the %s at (%.0f, %.0f) in its rear zone: it is treated as removed.",
          G.sides[s].name, p.type:gsub("_", " "), (p.box[1] + p.box[3]) / 2, (p.box[2] + p.box[4]) / 2)
        break
      end
    end
  end
  terrain_to_table(G)
  for s = 1, 2 do
    local side = G.sides[s]
    local plan = plans[s]
    -- legality (Deployment): checked, reported, logged
    local placements = {}
    local by_vid = {}
    for ix = 1, #side.groups do local gid = side.groups[ix]
      for ix = 1, #G.groups[gid].specs do local spec = G.groups[gid].specs[ix]; by_vid[spec.vid] = spec end
    end
    for i = 1, #plan do local p = plan[i]
      local spec = by_vid[p.vid]
      if not spec then error(string.format("deployment of side %d: unknown vignette '%s'", s, tostring(p.vid)), 0) end
      if p.part ~= nil and p.part ~= spec.part then
        if p.part ~= "left" and p.part ~= "centre" and p.part ~= "right" then
          error(string.format("deployment of side %d: '%s' given unknown part '%s'", s, p.vid, tostring(p.part)), 0)
        end
        if G.log then bf:log("deployment_division", { side = s, vignette = p.vid, part = p.part, list_part = spec.part }) end
        say(G, "  %s: %s deploys with the %s (its list puts it in the %s).", side.name, spec.name, p.part, spec.part)
        spec.part = p.part
        G.groups[spec.gid].part = p.part
      end
      if p.line == 2 and spec.mbl and not spec.last_line then
        if not side.fields.multiple_lines then
          error(string.format("deployment of side %d: '%s' put in a second line, but the army is not permitted multiple lines",
            s, p.vid), 0)
        end
        spec.mbl, spec.last_line = false, true
        -- the victory tracker: out of the MBL (a third of it, rounded up), into the last line
        local tr = side.tracker
        if tr.mbl[spec.vid] then
          tr.mbl[spec.vid] = nil
          tr.mbl_total = tr.mbl_total - 1
          tr.threshold = -((-tr.mbl_total) // 3)
        end
        tr.last_line[spec.vid] = true
        if spec.supporter then tr.last_line[spec.supporter.vid] = true end
        if G.log then bf:log("deployment_line", { side = s, vignette = p.vid, line = 2 }) end
        say(G, "  %s: %s deploys in the second line (its list puts it in the main battle line).", side.name, spec.name)
      end
      placements[i] = { vid = p.vid, part = spec.part, class = spec.class, mbl = spec.mbl or spec.last_line,
                        x = p.x, y = p.y, facing = p.facing, w = spec.w, d = spec.d }
      if spec.last_line then placements[i].mbl = false end
    end
    if not G.flank_march then
      local problems = setup.check_deployment(G.S, side.edge, placements, side.fields, G.T)
      side.deployment_problems = problems
      for _, msg in ipairs(problems) do
        if G.log then bf:log("deployment_problem", { side = s, message = msg }) end
        say(G, "  deployment problem, %s: %s", side.name, msg)
      end
    end
    side.by_vid = by_vid
  end
  local idx = { 1, 1 }
  local s = first
  while idx[1] <= #plans[1] or idx[2] <= #plans[2] do
    if idx[s] <= #plans[s] then
      local p = plans[s][idx[s]]
      idx[s] = idx[s] + 1
      add_base(G, s, G.sides[s].by_vid[p.vid], p.x, p.y, p.facing)
    end
    s = 3 - s
  end
  -- group members in army order, as linked
  for ix = 1, #G.groups do local g = G.groups[ix]
    table.sort(g.ids)
    g.specs = nil
  end
end

local function describe_deployment(G, s)
  if not G.report then return end
  local side = G.sides[s]
  say(G, "%s deploys on the %s edge (%d vignettes, %d AP base; MBL %d, breaks at %d):", side.name, side.edge,
    #side.vignettes, side.base_ap, side.tracker.mbl_total, side.tracker.threshold)
  for _, gid in ipairs(side.groups) do
    local g = G.groups[gid]
    local names = {}
    for _, uid in ipairs(g.ids) do
      local d = G.bf:data(uid)
      local tags = {}
      if d.general then tags[#tags + 1] = "General" end
      if d.key then tags[#tags + 1] = "key" end
      if d.last_line then tags[#tags + 1] = "last line" elseif not d.mbl then tags[#tags + 1] = "off the MBL" end
      if d.supporter then tags[#tags + 1] = "supported by " .. d.supporter.name .. " (" .. d.supporter.class .. ")" end
      if d.artillery then tags[#tags + 1] = d.artillery .. " artillery" end
      if d.field_defences then tags[#tags + 1] = "behind field defences" end
      names[#names + 1] = turn.label(d) .. (#tags > 0 and (" [" .. table.concat(tags, ", ") .. "]") or "")
    end
    say(G, "  %s: %s", g.part, table.concat(names, " + "))
  end
end

function battle.run(ctx)
  local scenario = ctx.scenario or {}
  local spec = scenario.table or {}
  local G = battle.new_state(ctx)
  build_sides(G, ctx)
  local bf = G.bf
  bf:set_time(0, "setup")
  -- the header names the ruleset played (a variant such as Into Glory Ride
  -- runs this engine): its manifest's title without the publisher
  local title = G.rules.manifest and G.rules.manifest.title or "Phalanx"
  title = title:gsub("%s*%(.*%)%s*$", ""):upper()
  say(G, "%s: %s against %s, %s table (%s, basing option %d: a vignette is %.0f mm wide)",
    title, G.sides[1].name, G.sides[2].name, G.S.size, G.S.scale, G.S.basing, G.S.frontage)

  -- The Table: terrain, then the pre-battle throw.
  G.T = located(scenario, make_terrain, G, spec)
  local winner, scores, march = setup.pre_battle_roll(G.dice)
  local loser = 3 - winner
  G.pre_battle = { winner = winner, scores = scores, flank_march = march }
  local edge = G.sides[winner].commander.choose_edge(G, winner)
  G.sides[winner].edge = edge
  G.sides[loser].edge = edge == "south" and "north" or "south"
  local changes = setup.apply_terrain_changes(G.T, G.sides[winner].commander.terrain_changes(G, winner))
  if G.log then
    bf:log("pre_battle", { scores = scores, winner = winner, edge = edge, flank_march = march, changes = changes })
  end
  if G.report then
    say(G, "Pre-battle throw: %s %d, %s %d. %s chooses the %s edge%s.", G.sides[1].name, scores[1],
      G.sides[2].name, scores[2], G.sides[winner].name, edge,
      #changes > 0 and string.format(" and %s %d terrain piece(s)", changes[1].swap and "swaps" or "removes", #changes) or "")
  end

  -- Deployment (or the flank march).
  if march then
    G.flank_march = { marcher = loser, ambusher = winner }
    say(G, "%s beat %s by 5 or more: %s must march across a diagonal, and %s deploys within 30 cm of it.",
      G.sides[winner].name, G.sides[loser].name, G.sides[loser].name, G.sides[winner].name)
  end
  deploy(G, loser)
  if G.artillery then G.artillery.assign(G) end
  if G.field_defences then G.field_defences.assign(G) end
  describe_deployment(G, 1)
  describe_deployment(G, 2)
  referee.watch(ctx, G)

  local first, first_scores = setup.first_move_roll(G.dice)
  if G.flank_march then first = G.flank_march.ambusher end
  G.first = first
  if G.log then bf:log("first_move", { side = first, scores = first_scores }) end
  say(G, "First move: %s (%d against %d).", G.sides[first].name, first_scores[first], first_scores[3 - first])

  local max_turns = ctx.turns or scenario.turns or 12
  G.max_turns = max_turns   -- the commander commits its army as the limit nears
  local winner_side, reason = nil, nil
  local t = 0
  while t < max_turns and not G.over do
    t = t + 1
    G.turn = t
    if G.report then say(G, ""); say(G, "=== Turn %d ===", t) end
    for _, s in ipairs({ first, 3 - first }) do
      if not G.over then turn.player_turn(G, s) end
    end
    if ctx.turn_ended then ctx.turn_ended(bf, t) end
  end
  winner_side, reason = victory.outcome(G.sides[1].tracker, G.sides[2].tracker)
  if not reason then reason = victory.REASONS.turn_limit end
  bf:set_time(t, "end")
  if G.log then bf:log("victory", { winner = winner_side, reason = reason, turns = t }) end
  if G.report then
    say(G, "")
    if winner_side then
      say(G, "VICTORY to %s in turn %d: %s (%s).", G.sides[winner_side].name, t, reason, G.sides[3 - winner_side].name)
    else
      say(G, "No victor after %d turns: %s.", t, reason)
    end
    for s = 1, 2 do
      local tr = G.sides[s].tracker
      say(G, "  %s lost %d vignette(s) (%d of %d in the MBL).", G.sides[s].name, #tr.broken_list, tr.mbl_broken, tr.mbl_total)
    end
  end
  return {
    bf = bf, winner = winner_side, reason = reason, turns = t, losses = G.losses, first = first,
    broken = { G.sides[1].tracker.broken_list, G.sides[2].tracker.broken_list },
    flank_march = G.flank_march ~= nil, state = G,
  }
end

return battle
