-- Historicon v2 battle engine: one battle from a scenario to its result.
--
--   local battle = require("historicon.battle")
--   local result = battle.run(ctx)
--
-- ctx (built by scripts/lib/battle.lua, or by hand in tests):
--   rules       the loaded ruleset instance (rules.options = set of enabled
--               option ids; rules.require loads the instance's modules)
--   scenario    { table = { scale = "25mm", size = "240x150", square = 50,
--                 terrain = "diced" | "none" | { pieces } }, turns = n,
--                 locate = function(path) (for located errors) }
--   armies      { [1] = army, [2] = army } as historicon.armies.load returns
--   commanders  { [1] = "ai" | module name | commander table, [2] = ... }
--   dice        the battle's dice source (every roll goes through it)
--   report      function(line) for the readable account, or nil (quiet)
--   log         false: no event log (bulk experiments); default true
--   turns       the turn limit (default scenario.turns or 20)
--   turn_ended  optional function(bf, turn) called after each turn
--
-- Returns { bf, winner = 1 | 2 | nil, reason, turns, first, on_points (won
-- on points at the turn limit), decisive (won by the 25% rule), losses = {
-- [side] = { [class] = units broken or destroyed } }, vp = { [side] = {
-- start =, left = } }, army_names, hash (of the final state), state = G }.

local battlefield = require("sandtable.battlefield")
local referee = require("lib.referee")
local account = require("lib.account")
local fail = require("lib.fail")
local commander = require("lib.commander")
local tables = require("historicon.tables")
local troops = require("historicon.troops")
local armies_mod = require("historicon.armies")
local setup = require("historicon.setup")
local turn = require("historicon.turn")
local victory = require("historicon.victory")

local battle = {}

local abs = math.abs

local say = turn.say

local OPTION_IDS = { "uncontrolled_advance", "vli_ranks", "light_in_ra_hi", "passing_through", "heavy_armour" }

local function resolve_commander(rules, spec)
  return commander.resolve(rules, spec, "historicon.ai")
end

-- The battle state without armies: ctx as battle.run's.
function battle.new_state(ctx)
  local scenario = ctx.scenario or {}
  local rules = ctx.rules or { options = {} }
  local req = rules.require or require
  local G = {
    rules = rules, options = rules.options or {}, hooks = {}, dice = ctx.dice, report = ctx.report,
    log = ctx.log ~= false, turn = 0, sides = {}, D = {}, losses = { {}, {} },
    pair_since = {}, chargers = {}, shot = {}, fought_vs = {}, pieces = {}, order = { 1, 2 },
  }
  for _, id in ipairs(OPTION_IDS) do
    if G.options[id] then G.hooks[id] = req("historicon.options." .. id) end
  end
  G.S = setup.scale(scenario.table or {}, scenario.locate)
  G.bf = battlefield.new{ width = G.S.width, depth = G.S.depth, keep_events = G.log }
  if G.log and type(ctx.dice) == "userdata" then G.bf:record_rolls(ctx.dice) end
  return G
end

-- The data table of one unit from its army-list entry (armies.units).
function battle.unit_spec(G, s, u)
  local armour = G.hooks.heavy_armour ~= nil and G.hooks.heavy_armour.armoured(u)
  local spec = {
    id = u.id, name = u.name or u.id, troop = u.troop or u.class, class = u.class, sub = u.sub, ss = u.ss == true,
    armour = armour, army = troops.army_class(u), grade = u.grade or "A", figures = u.figures,
    ranks = u.ranks or (troops.is_mounted(u) and 1 or 2), formed = u.formed ~= false, list_formed = u.formed ~= false,
    disordered = false, broken = false, hits = 0, recoils = 0, general = u.general == true,
    horses = u.horses, crew = u.crew, side = s, break_moves = 0,
    recv = 0, inflicted = 0, evaded = 0, rallying = false, fought = false, new_hits = 0,
  }
  if not troops.organisation.may_unform[spec.class] then spec.formed = true end
  spec.w, spec.dp = setup.footprint(spec, G.S)
  spec.move = tables.troop_by_scale[G.S.scale][spec.class].move * 10
  if u.light and G.options.light_in_ra_hi then
    spec.light = { class = u.light.class, sub = u.light.sub, grade = u.light.grade, army = "RA", figures = u.light.figures,
                   troop = u.light.troop }
  end
  return spec
end

-- Builds both sides' unit specs (not yet on the table). Optional rules that
-- merge units (a VLI rank behind its host) are applied here.
local function build_sides(G, ctx)
  for s = 1, 2 do
    local army = ctx.armies and ctx.armies[s]
    if not army then error("battle: ctx.armies[" .. s .. "] is missing", 0) end
    local list = armies_mod.units(army)
    local specs, by_id = {}, {}
    for _, u in ipairs(list) do
      local spec = battle.unit_spec(G, s, u)
      by_id[u.id] = spec
      specs[#specs + 1] = spec
      spec.rear_rank_of = u.rear_rank_of
    end
    local kept = {}
    for _, spec in ipairs(specs) do
      local host = spec.rear_rank_of and by_id[spec.rear_rank_of]
      if host and G.options.vli_ranks then
        G.hooks.vli_ranks.attach(G, host, spec)
      else
        if spec.rear_rank_of then spec.ranks = math.max(spec.ranks, 2); spec.w, spec.dp = setup.footprint(spec, G.S) end
        kept[#kept + 1] = spec
      end
      spec.rear_rank_of = nil
    end
    local vp = 0
    for _, spec in ipairs(kept) do
      vp = vp + victory.unit_points(spec)
      if spec.rear then vp = vp + victory.unit_points(spec.rear) end
    end
    G.sides[s] = {
      side = s, name = army.fields.name or ("side " .. s), specs = kept, units = {}, vp_start = vp, vp = vp,
      commander = resolve_commander(ctx.rules, ctx.commanders and ctx.commanders[s]),
      edge = s == 1 and "south" or "north",
    }
  end
end

local function add_unit(G, s, spec, x, y, facing)
  local uid = G.bf:add_unit{ side = s, name = spec.name, label = spec.troop, x = x, y = y, facing = facing,
                             width = spec.w, depth = spec.dp, strength = spec.figures, data = spec }
  spec.uid = uid
  G.D[uid] = G.bf:data(uid)
  local list = G.sides[s].units
  list[#list + 1] = uid
  if G.log then G.bf:log("deploy", { unit = uid, side = s, id = spec.id, x = x, y = y, facing = facing }) end
  return uid
end

-- Terrain: Table 1 per square, or given, or none.
local function make_terrain(G, spec, locate)
  local t = spec.terrain
  if t == nil or t == "diced" then
    local pieces, rolls = setup.dice_terrain(G.S, G.dice)
    local summary = account.terrain_rolls(G, rolls)
    if summary then
      say(G, "Terrain diced on %d squares of %g cm (Table 1, +2 on the edge squares): %s", #rolls, G.S.square / 10,
        summary)
    end
    return pieces
  elseif t == "none" or t == "open" then
    return {}
  elseif type(t) == "table" then
    return setup.given_terrain(G.S, t, locate)
  end
  fail("%s: table.terrain must be \"diced\", \"none\" or a list of pieces, found %s",
    locate and locate("/table/terrain") or "table.terrain", tostring(t))
end

local function describe_side(G, s)
  if not G.report then return end
  local side = G.sides[s]
  say(G, "%s deploys on the %s edge: %d units, %d victory points (lost at %g).", side.name, side.edge, #side.units,
    side.vp_start, side.vp_start * 0.75)
  for _, uid in ipairs(side.units) do
    local d = G.D[uid]
    local tags = {}
    if d.general then tags[#tags + 1] = "General" end
    if not d.formed then tags[#tags + 1] = "unformed" else tags[#tags + 1] = d.ranks .. " ranks" end
    if d.light then tags[#tags + 1] = string.format("with %d %s", d.light.figures, d.light.troop) end
    if d.rear then tags[#tags + 1] = string.format("VLI rank of %d behind", d.rear.figures) end
    local x, y = G.bf:pos(uid)
    say(G, "  %s [%s] at %.0f, %.0f cm", turn.label(d), table.concat(tags, ", "), x / 10, y / 10)
  end
end

-- Deploys both sides, "each unit they have alternately. The one deploying
-- first being decided by the highest score of a die" (ties thrown again).
local function deploy(G, march)
  local plans = {}
  -- the marching column first: the winner deploys knowing where it is
  local order = { 1, 2 }
  if march and march.loser == 2 then order = { 2, 1 } end
  for _, s in ipairs(order) do
    local side = G.sides[s]
    if march and march.loser == s then
      local order = side.commander.march_order(G, s)
      local corner = side.commander.march_corner(G, s)
      local list = {}
      for n, i in ipairs(order) do list[n] = side.specs[i] end
      local spots = setup.march_column(G.S, side.edge, corner, list)
      local plan, column = {}, {}
      for n, i in ipairs(order) do
        plan[n] = { index = i, x = spots[n].x, y = spots[n].y, facing = spots[n].facing }
        column[n] = { name = list[n].name, x = spots[n].x, y = spots[n].y, facing = spots[n].facing, w = list[n].w, d = list[n].dp }
      end
      plans[s] = plan
      march.column = column
      say(G, "%s is caught on the march across the table's diagonal from its %s corner.", side.name, corner)
    else
      plans[s] = side.commander.deployment(G, s)
      local placements = {}
      for n, p in ipairs(plans[s]) do
        local spec = side.specs[p.index]
        placements[n] = { name = spec.name, x = p.x, y = p.y, facing = p.facing, w = spec.w, d = spec.dp }
      end
      local column = march and march.winner == s and march.column or nil
      for _, msg in ipairs(setup.check_deployment(G.S, side.edge, placements, column)) do
        say(G, "  deployment problem, %s: %s", side.name, msg)
        if G.log then G.bf:log("deployment_problem", { side = s, message = msg }) end
      end
    end
  end
  local a, b
  repeat
    a = G.dice:roll(6, "Historicon deployment throw, side 1")
    b = G.dice:roll(6, "Historicon deployment throw, side 2")
  until a ~= b
  local first = a > b and 1 or 2
  say(G, "Deployment throw: %d against %d; %s deploys first.", a, b, G.sides[first].name)
  local idx = { 1, 1 }
  local s = first
  while idx[1] <= #plans[1] or idx[2] <= #plans[2] do
    if idx[s] <= #plans[s] then
      local p = plans[s][idx[s]]
      idx[s] = idx[s] + 1
      add_unit(G, s, G.sides[s].specs[p.index], p.x, p.y, p.facing)
    end
    s = 3 - s
  end
  -- ids in army order (deployment order may differ)
  for s2 = 1, 2 do table.sort(G.sides[s2].units) end
end

-- The result at the turn limit. The text ends a battle only when an army
-- has lost 25% of its victory points. READING: at the turn limit the side
-- that has kept the larger share of its own starting victory points wins on
-- points (a lesser result than the 25% defeat: `decisive = false`); equal
-- shares are a draw.
function battle.on_points(G)
  local share = {}
  for s = 1, 2 do
    local side = G.sides[s]
    share[s] = side.vp_start > 0 and side.vp / side.vp_start or 1
  end
  if abs(share[1] - share[2]) < 1e-9 then return nil, share end
  return share[1] > share[2] and 1 or 2, share
end

local function finish(G, t)
  local winner, reason = G.winner, G.reason
  local on_points = false
  if not reason then
    local w, share = battle.on_points(G)
    if w then
      winner, on_points = w, true
      reason = string.format("turn limit: %.0f%% of its victory points left against %.0f%%", share[w] * 100,
        share[3 - w] * 100)
    else
      reason = "turn limit: equal shares of victory points left"
    end
  end
  G.bf:set_time(t, "end")
  if G.log then G.bf:log("victory", { winner = winner, reason = reason, turns = t, on_points = on_points }) end
  if G.report then
    say(G, "")
    if on_points then say(G, "VICTORY ON POINTS to %s after %d turns (%s).", G.sides[winner].name, t, reason)
    elseif winner then say(G, "VICTORY to %s in turn %d: %s has %s.", G.sides[winner].name, t, G.sides[3 - winner].name, reason)
    else say(G, "No victor after %d turns (%s).", t, reason) end
    for s = 1, 2 do
      local side = G.sides[s]
      say(G, "  %s: %d of %d victory points left.", side.name, side.vp, side.vp_start)
    end
  end
  return {
    bf = G.bf, winner = winner, reason = reason, turns = t, first = G.first, losses = G.losses,
    vp = { { start = G.sides[1].vp_start, left = G.sides[1].vp }, { start = G.sides[2].vp_start, left = G.sides[2].vp } },
    army_names = { G.sides[1].name, G.sides[2].name }, hash = G.bf:hash(), state = G,
    flank_march = G.march ~= nil, on_points = on_points, decisive = winner ~= nil and not on_points,
  }
end
battle.finish = finish

-- Plays turns until the result or the turn limit.
function battle.play(G, max_turns, turn_ended)
  G.max_turns = max_turns -- the commander's plan reads it (the side facing the limit commits)
  local t = G.turn
  while t < max_turns and not G.over do
    t = t + 1
    G.turn = t
    if G.report then say(G, ""); say(G, "=== Turn %d ===", t) end
    turn.play(G)
    if turn_ended then turn_ended(G.bf, t) end
  end
  return t
end

function battle.run(ctx)
  local scenario = ctx.scenario or {}
  local spec = scenario.table or {}
  local G = battle.new_state(ctx)
  build_sides(G, ctx)
  local bf = G.bf
  bf:set_time(0, "setup")
  say(G, "HISTORICON: %s against %s on a %gx%g cm table at %s.", G.sides[1].name, G.sides[2].name,
    G.S.width / 10, G.S.depth / 10, G.S.scale)

  -- The table: terrain, the throw to remove or swap, the march.
  G.pieces = make_terrain(G, spec, scenario.locate)
  local winner, scores, march = setup.terrain_roll(G.dice)
  local changes = G.sides[winner].commander.terrain_changes(G, winner)
  local done
  G.pieces, done = setup.apply_terrain_changes(G.pieces, changes)
  if G.log then bf:log("terrain_throw", { scores = scores, winner = winner, march = march, changes = done }) end
  if G.report then
    local what = {}
    for _, c in ipairs(done) do
      if c.remove then what[#what + 1] = "removes a " .. c.type:gsub("_", " ") else what[#what + 1] = "swaps two pieces" end
    end
    say(G, "Terrain throw: %s %d, %s %d. %s %s.", G.sides[1].name, scores[1], G.sides[2].name, scores[2],
      G.sides[winner].name, #what > 0 and table.concat(what, " and ") or "leaves the terrain as it is")
  end
  if march then
    G.march = { loser = 3 - winner, winner = winner }
    say(G, "%s beat %s by 5: %s must march across a diagonal.", G.sides[winner].name, G.sides[3 - winner].name,
      G.sides[3 - winner].name)
  end
  setup.place_terrain(bf, G.pieces)
  G.has_terrain = #G.pieces > 0
  for _, p in ipairs(G.pieces) do
    if setup.hill[p.type] then G.has_hills = true end
    if p.type == "wood" or p.type == "built_up" then G.has_los_terrain = true end
  end

  deploy(G, G.march)
  turn.count_live_hi(G, 1)
  turn.count_live_hi(G, 2)
  describe_side(G, 1)
  describe_side(G, 2)
  referee.watch(ctx, G)

  -- "The first turn is decided by a die throw": the initiative throw of turn 1.
  local max_turns = ctx.turns or scenario.turns or 20
  local t = battle.play(G, max_turns, ctx.turn_ended)
  return finish(G, t)
end

-- A situation set up by hand, for rule tests and "what if" scripts:
--   battle.skirmish{ dice =, report =, options = { id = true }, log =,
--     table = { scale = "25mm", size = "240x150", terrain = { pieces } },
--     sides = { [1] = { name =, commander =, units = { { id =, troop =,
--       figures =, ranks =, formed =, general =, at = { x, y, facing } (cm) },
--       ... } }, [2] = ... } }
-- Returns G at turn 1 with side 1 to move first (G.order = { 1, 2 });
-- G.by_id[side][id] = unit id.
function battle.skirmish(opts)
  local designation = require("historicon.designation")
  local rules = { options = opts.options or {}, require = require }
  local G = battle.new_state{ rules = rules, scenario = { table = opts.table or { terrain = "none" } },
                              dice = opts.dice, report = opts.report, log = opts.log }
  if opts.table and type(opts.table.terrain) == "table" then
    G.pieces = setup.given_terrain(G.S, opts.table.terrain)
    setup.place_terrain(G.bf, G.pieces)
    G.has_terrain = #G.pieces > 0
    for _, p in ipairs(G.pieces) do
      if setup.hill[p.type] then G.has_hills = true end
      if p.type == "wood" or p.type == "built_up" then G.has_los_terrain = true end
    end
  end
  G.by_id = { {}, {} }
  for s = 1, 2 do
    local sd = opts.sides[s] or { units = {} }
    G.sides[s] = { side = s, name = sd.name or ("side " .. s), specs = {}, units = {}, vp_start = 0, vp = 0,
                   commander = resolve_commander(rules, sd.commander), edge = s == 1 and "south" or "north" }
    for _, u in ipairs(sd.units) do
      local fields = assert(designation.parse(u.troop))
      fields.id, fields.name, fields.troop, fields.figures, fields.ranks = u.id, u.name or u.id, u.troop, u.figures, u.ranks
      fields.formed, fields.general, fields.horses, fields.crew, fields.light = u.formed, u.general, u.horses, u.crew, u.light
      local spec = battle.unit_spec(G, s, fields)
      for k, v in pairs(u.set or {}) do spec[k] = v end
      local at = u.at or error("skirmish: unit '" .. tostring(u.id) .. "' needs at = { x, y, facing } in cm", 2)
      G.by_id[s][u.id] = add_unit(G, s, spec, at[1] * 10, at[2] * 10, at[3] or (s == 1 and 0 or 180))
      G.sides[s].vp_start = G.sides[s].vp_start + victory.unit_points(spec)
    end
    G.sides[s].vp = G.sides[s].vp_start
    turn.count_live_hi(G, s)
  end
  G.turn, G.order, G.last_initiative = 1, { 1, 2 }, nil
  return G
end

return battle
