-- WRG Ancients 1973 battle engine: one battle from a scenario to its result.
--
--   local battle = require("wrg.battle")
--   local result = battle.run(ctx)
--
-- ctx (built by scripts/lib/battle.lua, or by hand in tests):
--   rules       the loaded ruleset instance (rules.options = set of enabled
--               option ids; rules.require loads the instance's modules)
--   scenario    { table = { size = "183x122", terrain = "diced" | "none" |
--                 { pieces } }, turns = n, locate = function(path) }
--   armies      { [1] = army, [2] = army } as wrg.armies.load returns
--   commanders  { [1] = "ai" | module name | commander table, [2] = ... }
--   dice        the battle's dice source (every roll goes through it)
--   report      function(line) for the readable account, or nil (quiet)
--   log         false: no event log (bulk experiments); default true
--   turns       the period limit (default scenario.turns or 12: "ended by
--               the fall of night after 12 periods of play")
--   turn_ended  optional function(bf, turn) called after each period
--
-- Returns { bf, winner = 1 | 2 | nil, reason = "fled the field" | "points" |
-- "draw", turns, losses = { [side] = { [type] = units lost } }, vp = {
-- [side] = { start =, left = } }, army_names, hash (of the final state),
-- state = G }.

local battlefield = require("sandtable.battlefield")
local referee = require("lib.referee")
local fail = require("lib.fail")
local commander = require("lib.commander")
local tables = require("wrg.tables")
local troops = require("wrg.troops")
local armies_mod = require("wrg.armies")
local setup = require("wrg.setup")
local turn = require("wrg.turn")
local victory = require("wrg.victory")
local generals = require("wrg.generals.command")
local obstacles = require("wrg.terrain.steep_hills_and_walls")
local sketch_map = require("wrg.deployment.sketch_map")
local objectives = require("wrg.objectives")

local battle = {}
local say = turn.say

local OPTION_IDS = { "weather", "sudden_death" }
-- The module each option loads: WRG's own, or an optional module's WRG
-- adapter (docs/modules.md: weather is rulesets/modules/weather/wrg.lua).
local OPTION_MODULES = { weather = "modules.weather.wrg", sudden_death = "wrg.options.sudden_death" }

local function resolve_commander(rules, spec)
  return commander.resolve(rules, spec, "wrg.ai")
end

function battle.new_state(ctx)
  local scenario = ctx.scenario or {}
  local rules = ctx.rules or { options = {} }
  local req = rules.require or require
  local G = {
    rules = rules, options = rules.options or {}, hooks = {}, dice = ctx.dice, report = ctx.report,
    log = ctx.log ~= false, turn = 0, sides = {}, D = {}, all = {}, removed = {}, broke_this_period = {},
    charges = {}, elephants = {}, pieces = {},
  }
  for _, id in ipairs(OPTION_IDS) do
    if G.options[id] then G.hooks[id] = req(OPTION_MODULES[id]) end
  end
  G.S = setup.scale(scenario.table or {}, scenario.locate)
  G.objectives = objectives.parse((scenario.table or {}).objectives, scenario.locate)  -- WINNERS AND LOSERS
  G.bf = battlefield.new{ width = G.S.width, depth = G.S.depth, keep_events = G.log }
  if G.log and type(ctx.dice) == "userdata" then G.bf:record_rolls(ctx.dice) end
  return G
end

-- The data table of one unit from its army-list entry.
function battle.unit_spec(G, s, u)
  local spec = {}
  for k, v in pairs(u) do spec[k] = v end
  spec.side = s
  spec.original = u.figures
  spec.w, spec.dp, spec.files, spec.ranks, spec.base_w = setup.footprint(u)
  spec.moves = troops.moves(u)
  -- MOVE DISTANCES: "Dismounted cavalry 20 paces less than equivalent
  -- infantry in all respects"; "Mounted infantry ... 120 None" (no charge).
  -- u.dismount names the infantry type cavalry fight as on foot;
  -- u.mounted_infantry marks infantry that start on their horses.
  if u.dismount then
    local m = tables.moves[u.dismount]
    spec.horse_type, spec.horse_moves, spec.on_horse = u.type, spec.moves, true
    spec.foot_moves = { m[1] - tables.dismounted_less, m[2] and m[2] - tables.dismounted_less or false }
  elseif u.mounted_infantry then
    spec.foot_moves, spec.moves, spec.on_horse = spec.moves, tables.moves.MOUNTED_INFANTRY, true
  end
  spec.range = troops.range(u)
  spec.carried = 0
  spec.push_backs, spec.melee_periods, spec.fanatic_periods = 0, 0, 0
  spec.disorganised, spec.routing, spec.in_melee = false, false, false
  spec.opponents = {}
  spec.file, spec.line = nil, nil
  return spec
end

local function build_sides(G, ctx)
  for s = 1, 2 do
    local army = ctx.armies and ctx.armies[s]
    if not army then error("battle: ctx.armies[" .. s .. "] is missing", 0) end
    local specs = {}
    local pts = 0
    for _, u in ipairs(armies_mod.units(army)) do
      local spec = battle.unit_spec(G, s, u)
      spec.huns = troops.is_hun(army.fields.nation, u) or nil  -- "Hostile Huns" (the reaction test)
      if u.creature and not G.options.fantasy then require("modules.fantasy.wrg.army").note_without_option(army, u) end -- hook: fantasy
      specs[#specs + 1] = spec
      pts = pts + armies_mod.unit_points(u)
      if u.type == "EL" then G.elephants[s] = true end
    end
    G.sides[s] = {
      side = s, name = army.fields.name or ("side " .. s), specs = specs, units = {}, points_start = pts, vp = pts,
      commander = resolve_commander(ctx.rules, ctx.commanders and ctx.commanders[s]),
      edge = s == 1 and "south" or "north",
    }
  end
end

local function add_unit(G, s, spec, x, y, facing)
  local uid = G.bf:add_unit{ side = s, name = spec.name, label = spec.type, x = x, y = y, facing = facing,
                             width = spec.w, depth = spec.dp, strength = spec.figures, data = spec }
  spec.uid = uid
  G.D[uid] = G.bf:data(uid)
  local list = G.sides[s].units
  list[#list + 1] = uid
  if spec.general == "c_in_c" then G.sides[s].general = uid end
  if G.log then G.bf:log("deploy", { unit = uid, side = s, id = spec.id, x = x, y = y, facing = facing }) end
  return uid
end

local function make_terrain(G, spec, locate)
  local t = spec.terrain
  if t == nil or t == "diced" then
    -- terrain_change: units a campaign's defender adds or subtracts (rulesets/wrg/campaign.lua)
    local change = spec.terrain_change or 0
    if math.type(change) ~= "integer" or change < -3 or change > 3 then
      fail("%s: table.terrain_change must be a whole number from -3 to 3 (CAMPAIGNS: \"adds or subtracts up to 3 "
        .. "terrain units\"), found %s", locate and locate("/table/terrain_change") or "table.terrain_change", tostring(change))
    end
    local pieces, info = setup.choose_terrain(G.S, G.dice, { 1, 1 }, nil, change)
    say(G, "Choice of terrain: both nominate 1 unit per square metre, die %d: %d per square metre, %d units%s.",
      info.die, info.per_m2, info.count, change ~= 0 and string.format(" (%+d by the defender)", change) or "")
    for _, p in ipairs(pieces) do
      if p.type == "river" then
        local c = {}
        for _, x in ipairs(p.crossings) do c[#c + 1] = x.type end
        say(G, "  a river %d paces wide from %.0f, %.0f to %.0f, %.0f mm%s", p.width, p.x1, p.y1, p.x2, p.y2,
          #c > 0 and (", crossed by " .. table.concat(c, ", ")) or "")
      else
        say(G, "  a %s at %.0f, %.0f mm, radius %.0f", p.type, p.x, p.y, p.r)
      end
    end
    return pieces
  elseif t == "none" or t == "open" then
    return {}
  elseif type(t) == "table" then
    return setup.given_terrain(t, locate)
  end
  fail("%s: table.terrain must be \"diced\", \"none\" or a list of pieces, found %s",
    locate and locate("/table/terrain") or "table.terrain", tostring(t))
end

local function place_terrain(G)
  setup.place_terrain(G.bf, G.pieces)
  G.has_terrain = #G.pieces > 0
  G.terrain_attr = {}
  for _, p in ipairs(G.pieces) do
    if p.type == "river" then
      G.has_river = true
      G.widest_river = math.max(G.widest_river or 0, p.width)
      for _, fid in ipairs(p.fids) do G.terrain_attr[fid] = { id = fid, type = "river", width = p.width } end
      for _, c in ipairs(p.crossings) do G.terrain_attr[c.fid] = { id = c.fid, type = c.type, width = p.width } end
    end
    if p.type == "wood" or p.type == "building" then G.has_los_terrain = true end
    if p.type == "wood" or p.type == "building" or p.type == "marsh" then G.has_impassable = true end
    obstacles.register(G, p)
    if setup.is_cover(p) then G.has_cover = true end
  end
end

local function deploy(G)
  -- SCOUTS and DEPLOYMENT: the sketch maps, troops kept off the table
  -- (wrg.deployment.sketch_map)
  local late = sketch_map.deploy(G, add_unit)
  for _, id in ipairs(G.bf:units()) do G.all[#G.all + 1] = id end
  sketch_map.hold_back(G, late)
  -- GENERALS: each unit under a General; the subordinates' personality
  -- "established by a dice throw at the start of the game and before writing orders"
  generals.assign(G)
  generals.roll_personalities(G)
  -- ORDERS: written by each commander before the first period, with the
  -- signals' meanings (rulesets/wrg/orders/).
  require("wrg.orders.phase").write(G)
end

local function describe_side(G, s)
  if not G.report then return end
  local side = G.sides[s]
  say(G, "%s deploys on the %s edge: %d units, %d points.", side.name, side.edge, #side.units, side.points_start)
  for _, uid in ipairs(side.units) do
    local d = G.D[uid]
    local x, y = G.bf:pos(uid)
    say(G, "  %s: %d %s %s %s%s, %s, order \"%s\" at %.0f, %.0f mm", d.name, d.figures, d.regular and "regular" or "barbarian",
      d.class, d.type, d.general and (" (" .. d.general .. ")") or "", table.concat(d.weapons, "/"), d.order, x, y)
  end
end

local function losses(G)
  local out = { {}, {} }
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if (d.gone and not d.rejoined and not d.changed_sides) or d.routing then out[d.side][d.type] = (out[d.side][d.type] or 0) + 1 end
  end
  return out
end

-- The result's `hash`, read on demand (see finish).
local final_hash = {
  __index = function(r, k)
    if k ~= "hash" then return nil end
    local h = r.bf:hash()
    rawset(r, "hash", h)
    return h
  end,
}

local function finish(G, t)
  local winner, reason = G.winner, G.reason
  if not reason then
    winner, reason = victory.decide(G, G.options.sudden_death and 0 or nil)
  end
  G.bf:set_time(t, "end")
  if G.log then G.bf:log("victory", { winner = winner, reason = reason, turns = t }) end
  if G.report then
    say(G, "")
    if winner then say(G, "VICTORY to %s after %d periods (%s).", G.sides[winner].name, t, reason)
    else say(G, "A DRAW after %d periods (%s).", t, reason) end
    for s = 1, 2 do
      say(G, "  %s: %.0f of %d points left.", G.sides[s].name, victory.points_left(G, s), G.sides[s].points_start)
    end
  end
  -- SPEED: `hash` (of the whole final state: every unit's core fields and
  -- data) is worked out the first time it is read, not for every battle:
  -- it costs about 3 M instructions (callgrind, Medway: 3% of a battle) and
  -- bulk trials (lib.battle_trial) never read it; golden-battle tests and
  -- campaigns read it at once, before anything touches the table again.
  return setmetatable({
    bf = G.bf, winner = winner, reason = reason, turns = t, losses = losses(G),
    vp = { { start = G.sides[1].points_start, left = victory.points_left(G, 1) },
           { start = G.sides[2].points_start, left = victory.points_left(G, 2) } },
    army_names = { G.sides[1].name, G.sides[2].name }, state = G,
  }, final_hash)
end

function battle.play(G, max_turns, turn_ended)
  local t = G.turn
  while t < max_turns and not G.over do
    t = t + 1
    G.turn = t
    if G.report then say(G, ""); say(G, "=== Period %d ===", t) end
    -- the weather's period; "Fighting will normally cease at nightfall"
    -- (the weather module says when night falls on a battle begun by day)
    if G.hooks.weather and G.hooks.weather.period(G) == "nightfall" then t = t - 1; G.turn = t; break end
    turn.play(G)
    for s = 1, 2 do
      if victory.fled(G, s) then
        G.over, G.winner, G.reason = true, 3 - s, "fled the field"
        break
      end
    end
    -- A commander may order a beaten army off the field (ai.withdraw): the
    -- side has then fled the field. Not in the last period: nightfall decides.
    if not G.over and t < max_turns then
      for s = 1, 2 do
        local cmd = G.sides[s].commander
        if cmd.withdraw and cmd.withdraw(G, s) then
          say(G, "  %s is beaten: its commander orders what is left off the field.", G.sides[s].name)
          if G.log then G.bf:log("withdraw", { side = s }) end
          G.over, G.winner, G.reason = true, 3 - s, "fled the field"
          break
        end
      end
    end
    if turn_ended then turn_ended(G.bf, t) end
  end
  return t
end

function battle.run(ctx)
  local scenario = ctx.scenario or {}
  local G = battle.new_state(ctx)
  build_sides(G, ctx)
  G.bf:set_time(0, "setup")
  say(G, "WRG ANCIENTS 1973: %s against %s on a %gx%g cm table.", G.sides[1].name, G.sides[2].name,
    G.S.width / 10, G.S.depth / 10)
  G.pieces = make_terrain(G, scenario.table or {}, scenario.locate)
  place_terrain(G)
  if G.hooks.weather then G.hooks.weather.start(G, scenario) end
  deploy(G)
  for _, start in ipairs(G.rules.battle_start or {}) do start(G) end -- hook: optional modules (fantasy) join the battle
  describe_side(G, 1)
  describe_side(G, 2)
  referee.watch(ctx, G)
  local max_turns = ctx.turns or scenario.turns or tables.PERIODS
  local t = battle.play(G, max_turns, ctx.turn_ended)
  return finish(G, t)
end

-- A situation set up by hand, for rule tests and "what if" scripts:
--   battle.skirmish{ dice =, report =, options =, table = { terrain = {...} },
--     rules = (optional) a loaded instance (lib.ruleset): its modules' battle_start hooks join,
--     sides = { [1] = { name =, units = { { id =, type =, class =, regular =,
--       weapons =, figures =, ranks =, at = { x, y, facing } (mm), set = {...} } } }, [2] = ... } }
-- Returns G ready for turn.play (G.turn = 1); G.by_id[side][id] = unit id.
function battle.skirmish(opts)
  local rules = opts.rules or { options = opts.options or {}, require = require } -- hook: a loaded instance (modules)
  local G = battle.new_state{ rules = rules, scenario = { table = opts.table or { terrain = "none" } },
                              dice = opts.dice, report = opts.report, log = opts.log }
  G.pieces = {}
  if opts.table and type(opts.table.terrain) == "table" then G.pieces = setup.given_terrain(opts.table.terrain) end
  place_terrain(G)
  G.by_id = { {}, {} }
  for s = 1, 2 do
    local sd = opts.sides[s] or { units = {} }
    G.sides[s] = { side = s, name = sd.name or ("side " .. s), specs = {}, units = {}, points_start = 0, vp = 0,
                   commander = resolve_commander(rules, sd.commander), edge = s == 1 and "south" or "north" }
    for _, u in ipairs(sd.units) do
      local plain = { id = u.id, name = u.name or u.id, type = u.type, class = u.class or "C", regular = u.regular ~= false,
                      weapons = u.weapons or {}, shield = u.shield ~= false, fanatic = u.fanatic == true, figures = u.figures,
                      ranks = u.ranks, crew = u.crew or {}, horses = u.horses, engine = u.engine, general = u.general,
                      sub_units = 0, dismount = u.dismount, mounted_infantry = u.mounted_infantry,
                      camel = u.camel == true, allegiance = u.allegiance }
      local spec = battle.unit_spec(G, s, plain)
      for k, v in pairs(u.set or {}) do spec[k] = v end
      local at = u.at
      G.by_id[s][u.id] = add_unit(G, s, spec, at[1], at[2], at[3] or (s == 1 and 0 or 180))
      G.sides[s].points_start = G.sides[s].points_start + armies_mod.unit_points(plain)
      if u.type == "EL" then G.elephants[s] = true end
    end
  end
  for _, id in ipairs(G.bf:units()) do G.all[#G.all + 1] = id end
  generals.assign(G)
  generals.roll_personalities(G)
  for _, id in ipairs(G.all) do
    local d = G.D[id]
    d.order = d.order or G.sides[d.side].commander.order(G, d.side, d)
  end
  G.turn = 1
  for _, start in ipairs(rules.battle_start or {}) do start(G) end -- hook: optional modules (fantasy)
  return G
end

return battle
