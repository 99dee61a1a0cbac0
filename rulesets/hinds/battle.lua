-- Hinds' Ancient Wargame Rules, the battle engine: one battle from a
-- scenario to its result.
--
--   local battle = require("hinds.battle")
--   local result = battle.run(ctx)
--
-- ctx (built by scripts/lib/battle.lua, or by hand in tests):
--   rules       the loaded ruleset instance (rules.options = set of enabled
--               option ids; rules.require loads the instance's modules)
--   scenario    { table = { cols =, rows =, deploy_rows =, terrain = },
--                 turns = n, locate = function(path) }
--   armies      { [1] = army, [2] = army } as hinds.armies.load returns
--   commanders  { [1] = "ai" | module name | commander table, [2] = ... }
--   dice        the battle's dice source (every roll goes through it)
--   report      function(line) for the readable account, or nil (quiet)
--   log         false: no event log (bulk experiments); default true
--   turns       the turn limit (default scenario.turns or 40)
--   turn_ended  optional function(bf, turn) called after each turn
--
-- Returns { bf, winner = 1 | 2 | nil, reason, turns, first, losses =
-- { [side] = { [troop type] = units out of action } }, points = { [side] = { start =, left = } },
-- army_names, hash (of the final state), state = G }.

local battlefield = require("sandtable.battlefield")
local referee = require("lib.referee")
local commander = require("lib.commander")
local tables = require("hinds.tables")
local troops = require("hinds.troops")
local armies_mod = require("hinds.armies")
local setup = require("hinds.setup")
local turn = require("hinds.turn")
local victory = require("hinds.victory")
local H = require("hinds.hexes")

local battle = {}

local say = turn.say

battle.BASE_W, battle.BASE_D = 120, 60     -- mm: the unit's footprint drawn inside its hex

local OPTION_IDS = { "throw_shields", "dense_forests", "uncrossable_streams" }

local function resolve_commander(rules, spec)
  return commander.resolve(rules, spec, "hinds.ai")
end

function battle.new_state(ctx)
  local scenario = ctx.scenario or {}
  local rules = ctx.rules or { options = {} }
  local req = rules.require or require
  local G = {
    rules = rules, options = rules.options or {}, hooks = {}, dice = ctx.dice, report = ctx.report,
    log = ctx.log ~= false, turn = 0, sides = {}, D = {}, occ = {}, combats = {}, combat_order = {},
  }
  for _, id in ipairs(OPTION_IDS) do
    if G.options[id] then G.hooks[id] = req("hinds.options." .. id) end
  end
  local spec = scenario.table or {}
  G.B = setup.board(spec, scenario.locate)
  G.bf = battlefield.new{ width = G.B.width, depth = G.B.depth, keep_events = G.log }
  if G.log and type(ctx.dice) == "userdata" then G.bf:record_rolls(ctx.dice) end
  if G.log then G.bf:log("hex_grid", { size = H.SIZE, flat_top = false, x = G.B.spec.x, y = G.B.spec.y,
                                       cols = G.B.cols, rows = G.B.rows }) end
  local pieces
  G.terrain, pieces, G.heights = setup.terrain(G.B, spec.terrain, scenario.locate, G.options.dense_forests)
  setup.place_terrain(G.bf, G.B, pieces)
  return G
end

-- The data table of one unit from its army-list entry.
function battle.unit_spec(s, u)
  return {
    id = u.id, name = u.name or u.id, troop = troops.type_of(u), arm = u.arm, class = u.class, bases = u.bases,
    per_base = u.per_base, figures = u.bases * u.per_base, officers = u.officers or 0,
    start_figures = u.bases * u.per_base, start_officers = u.officers or 0, missile = u.missile,
    pole_arms = u.pole_arms or false, macedonian = u.macedonian or false, gaul = u.gaul or false,
    sole_function = u.sole_function or false, formation = u.formation or "normal", side = s,
    carry = 0, casts = 0, state = "ready", rally_attempt = 0, non_combatant = false,
  }
end

function battle.add_unit(G, s, spec, q, r, facing)
  local x, y = H.centre(G.B, q, r)
  local uid = G.bf:add_unit{ side = s, name = spec.name, label = tables.TYPE_LABELS[spec.troop], x = x, y = y,
                             facing = facing, width = battle.BASE_W, depth = battle.BASE_D,
                             strength = troops.strength(spec), data = spec }
  local d = G.bf:data(uid)
  d.uid, d.q, d.r, d.facing = uid, q, r, facing
  G.D[uid] = d
  G.occ[H.key(q, r)] = uid
  local list = G.sides[s].units
  list[#list + 1] = uid
  if G.log then G.bf:log("deploy", { unit = uid, side = s, id = spec.id, q = q, r = r, facing = facing }) end
  return uid
end

local function new_side(G, s, name, commander)
  G.sides[s] = { side = s, name = name, specs = {}, units = {}, commander = commander, start_points = 0 }
  return G.sides[s]
end

local function deploy(G, s)
  local side = G.sides[s]
  local plan = side.commander.deployment(G, s)
  local allowed = {}
  for _, row in ipairs(setup.deploy_rows(G.B, s)) do allowed[row] = true end
  for _, p in ipairs(plan) do
    local _, row = H.offset(p.q, p.r)
    if not allowed[row] or not H.on_board(G.B, p.q, p.r) or G.occ[H.key(p.q, p.r)] then
      error(string.format("deployment of %s: unit %d placed on hex (%d, %d) outside its rows or taken", side.name,
        p.index, p.q, p.r), 0)
    end
    battle.add_unit(G, s, side.specs[p.index], p.q, p.r, p.facing or setup.facing(s))
  end
  table.sort(side.units)
  for _, uid in ipairs(side.units) do side.start_points = side.start_points + victory.points(G.D[uid]) end
end

local LAZY_HASH = { __index = function(r, k)
  if k ~= "hash" then return nil end
  local h = r.bf:hash()
  rawset(r, "hash", h)
  return h
end }

local function finish(G, t)
  local winner, reason = G.winner, G.reason
  if winner == false then winner = nil end
  reason = reason or "turn limit"
  G.bf:set_time(t, "end")
  if G.log then G.bf:log("victory", { winner = winner, reason = reason, turns = t }) end
  local losses, pts = {}, {}
  for s = 1, 2 do
    local by = {}
    for _, uid in ipairs(G.sides[s].units) do
      local d = G.D[uid]
      if d.state ~= "ready" or d.non_combatant then by[d.troop] = (by[d.troop] or 0) + 1 end
    end
    losses[s] = by
    pts[s] = { start = G.sides[s].start_points, left = victory.in_action(G, s) }
  end
  if G.report then
    say(G, "")
    if winner then say(G, "VICTORY to %s in turn %d: %s has %s.", G.sides[winner].name, t, G.sides[3 - winner].name, reason)
    else say(G, "No victor after %d turns (%s).", t, reason) end
    for s = 1, 2 do say(G, "  %s: %g of %g points still in action.", G.sides[s].name, pts[s].left, pts[s].start) end
  end
  -- The hash of the final state is worked out when first read (r.hash):
  -- a sim's trial never reads it, and it cost 4 % of a battle. Nothing
  -- changes the battlefield after this, so it is the same hash.
  return setmetatable({ bf = G.bf, winner = winner, reason = reason, turns = t, first = G.first, losses = losses,
                        points = pts, army_names = { G.sides[1].name, G.sides[2].name }, state = G }, LAZY_HASH)
end

function battle.play(G, max_turns, turn_ended)
  local t = G.turn
  while t < max_turns and not G.over do
    t = t + 1
    G.turn = t
    if G.report then say(G, ""); say(G, "=== Turn %d ===", t) end
    turn.play(G)
    local w, why = victory.check(G)
    if w ~= nil then G.over, G.winner, G.reason = true, w, why end
    if turn_ended then turn_ended(G.bf, t) end
  end
  return t
end

function battle.run(ctx)
  local scenario = ctx.scenario or {}
  local G = battle.new_state(ctx)
  for s = 1, 2 do
    local army = ctx.armies and ctx.armies[s]
    if not army then error("battle: ctx.armies[" .. s .. "] is missing", 0) end
    local side = new_side(G, s, army.fields.name or ("side " .. s),
      resolve_commander(ctx.rules, ctx.commanders and ctx.commanders[s]))
    for _, u in ipairs(armies_mod.units(army)) do side.specs[#side.specs + 1] = battle.unit_spec(s, u) end
  end
  G.bf:set_time(0, "setup")
  say(G, "HINDS: %s against %s on a board of %d x %d six-inch hexagons.", G.sides[1].name, G.sides[2].name,
    G.B.cols, G.B.rows)
  for s = 1, 2 do deploy(G, s) end
  if G.report then
    for s = 1, 2 do
      say(G, "%s deploys %d units (%g points).", G.sides[s].name, #G.sides[s].units, G.sides[s].start_points)
      for _, uid in ipairs(G.sides[s].units) do
        local d = G.D[uid]
        local col, row = H.offset(d.q, d.r)
        say(G, "  %s: %s, at column %d row %d", turn.label(d), troops.describe(d), col, row)
      end
    end
  end
  referee.watch(ctx, G)
  local max_turns = ctx.turns or scenario.turns or 40
  local t = battle.play(G, max_turns, ctx.turn_ended)
  return finish(G, t)
end

-- A situation set up by hand, for rule tests and "what if" scripts:
--   battle.skirmish{ dice =, report =, options = { id = true }, log =,
--     table = { cols =, rows =, terrain = }, commanders = { c1, c2 },
--     sides = { [1] = { units = { { id =, arm =, class =, bases =,
--       per_base =, ..., at = { col, row, facing } } } }, [2] = ... } }
-- Returns G at turn 1 (G.first = 1); G.by_id[side][id] = unit id.
function battle.skirmish(opts)
  local rules = { options = opts.options or {}, require = require }
  local G = battle.new_state{ rules = rules, scenario = { table = opts.table or { cols = 10, rows = 10 } },
                              dice = opts.dice, report = opts.report, log = opts.log }
  G.by_id = { {}, {} }
  for s = 1, 2 do
    local sd = opts.sides[s] or { units = {} }
    local side = new_side(G, s, sd.name or ("side " .. s), resolve_commander(rules, sd.commander))
    for _, u in ipairs(sd.units) do
      local fields = {}
      for k, v in pairs(u) do fields[k] = v end
      fields.type = troops.type_of(fields)
      local spec = battle.unit_spec(s, fields)
      for k, v in pairs(u.set or {}) do spec[k] = v end
      local q, r = H.axial(u.at[1], u.at[2])
      G.by_id[s][u.id] = battle.add_unit(G, s, spec, q, r, u.at[3] or setup.facing(s))
      side.start_points = side.start_points + victory.points(spec)
    end
  end
  G.turn, G.first = 1, 1
  return G
end

return battle
