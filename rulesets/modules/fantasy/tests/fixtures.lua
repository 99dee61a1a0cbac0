-- What the fantasy module's WRG battle tests share: a WRG instance loaded
-- with `options: [fantasy]`, a battle set up by hand through that
-- instance's real engine (wrg.battle.skirmish), creatures of the pack as
-- skirmish units, a commander that does nothing unless told, and forced
-- dice for one roll at a time.
local dice = require("sandtable.dice")
local ruleset = require("lib.ruleset")

local X = {}

X.rules = ruleset.load("wrg", { options = { "fantasy" } })
local R = X.rules.require
X.battle = R("wrg.battle")
X.turn = R("wrg.turn")
X.troops = R("wrg.troops")
X.tables = R("wrg.tables")
X.setup = R("wrg.setup")
X.ai = R("wrg.ai")
X.victory = R("wrg.victory")
X.chance = R("wrg.chance")
X.army = require("modules.fantasy.wrg.army")
X.spells = require("modules.fantasy.wrg.spells")
X.S = require("modules.fantasy.states")
X.F = require("modules.fantasy.flying")
X.MM = X.tables.MM_PER_PACE

-- A plain WRG unit for the skirmish.
function X.unit(id, ty, x, y, facing, extra)
  local u = { id = id, type = ty, class = "C", weapons = { "spear" }, figures = 8, ranks = 2, at = { x, y, facing or 0 } }
  for k, v in pairs(extra or {}) do u[k] = v end
  return u
end

-- A creature of the WRG pack as a skirmish unit: its WRG fields from the
-- army expansion (the same code the army checker runs), its creature fields
-- set on the unit's data.
function X.creature(id, creature, models, x, y, facing, extra)
  local problems = {}
  local checker = { add = function(_, _, fmt, ...) problems[#problems + 1] = string.format(fmt, ...) end }
  local f, decl = X.army.expand(checker, { file = "test", line = 0 }, { id = id, creature = creature, figures = models },
    {}, nil)
  assert(f, table.concat(problems, "; "))
  local u = { id = id, name = decl.name, type = f.type, class = f.class, regular = f.regular, weapons = f.weapons,
              shield = f.shield ~= false, fanatic = f.fanatic, figures = f.figures, ranks = decl.single and 1 or 2,
              at = { x, y, facing or 0 }, set = {} }
  X.army.attach(u.set, decl, models)
  for k, v in pairs(extra or {}) do
    if k == "set" then for sk, sv in pairs(v) do u.set[sk] = sv end else u[k] = v end
  end
  return u
end

-- A commander that declares nothing and moves nothing unless told.
function X.commander(t)
  local quiet = { charge_target = function() return nil end, countercharge = function() return false end,
                  move = function() return nil end, formation = function() return nil end,
                  cast = function() return nil end }
  for k, v in pairs(t or {}) do quiet[k] = v end
  return setmetatable(quiet, { __index = X.ai })
end

X.FAR = X.unit("far", "MI", 1700, 1150, 180)

-- A battle set up by hand: opts.side1, opts.side2 (unit lists), cmd1, cmd2,
-- seed or dice, terrain. Returns G, the report's lines, and an id lookup.
function X.fight(opts)
  local lines = {}
  local G = X.battle.skirmish{
    rules = X.rules,
    dice = opts.dice or dice.random(opts.seed or 1),
    report = function(l) lines[#lines + 1] = l end,
    table = opts.terrain and { terrain = opts.terrain } or nil,
    sides = {
      { units = opts.side1, commander = opts.cmd1 or X.commander() },
      { units = opts.side2 or { X.FAR }, commander = opts.cmd2 or X.commander() },
    },
  }
  -- what the skirmish worked out before the creature fields were set
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    if d.creature then d.range = X.troops.range(d) end
  end
  local function id(side, name) return G.by_id[side][name] end
  return G, lines, id
end

function X.play(G)
  X.turn.play(G)
  G.turn = G.turn + 1
end

-- Runs fn with the battle's dice forced to `values` (then restores them).
function X.forced(G, values, fn)
  local before = G.dice
  G.dice = dice.forced(values)
  local ok, err = pcall(fn)
  G.dice = before
  if not ok then error(err, 0) end
end

function X.events(G, kind, what)
  local out = {}
  for _, e in ipairs(G.bf:events()) do
    if e.kind == kind and (what == nil or e.what == what) then out[#out + 1] = e end
  end
  return out
end

function X.paces(G, a, b) return G.bf:distance(a, b) / X.MM end

return X
