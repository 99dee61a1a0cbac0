-- The referee: after every phase of a battle it checks the invariants the
-- rules imply, and stops the battle at the first violation with the turn,
-- the phase, the unit, the rule, what was expected and what was found, and
-- the command that replays the battle.
--
-- Generic invariants (every ruleset):
--   overlap      no two bases on the table (on the same layer: bf:set_layer)
--                overlap by more than TOLERANCE
--   table        no base stands off the table (a unit leaves by being removed)
--   removed      a unit removed stays removed unless a rule brings it back
--                (the ruleset declares it: lib.manoeuvre.record(G, id, "return"))
--   allowance    a unit that moved in a phase declared the kinds of its moves
--                (lib.manoeuvre records them), and its centre moved no further
--                than the sum of the allowances its ruleset gives for them (one per
--                declared move)
-- A ruleset adds its own beside its rules: the module its manifest names as
-- `referee` returns
--   { allowance = function(G, uid, kind) -> mm | nil (no limit declared),
--     may_overlap = function(G, a, b) -> bool,        (optional)
--     may_leave_table = function(G, uid) -> bool,      (optional)
--     invariants = { { id =, section =, text =, check = function(G, phase) -> nil | problem | { problems } } },
--     warnings = { { id =, check = function(G, phase) -> nil | { text = } | list } },  (optional: acts the
--                  rules allow but no player would make, counted by `sandtable quality`)
--     engaging_events = { event kinds },    (optional: what counts as engaging, lib.quality)
--     at_post = function(G, uid) -> bool,   (optional: a unit standing at its post, e.g. a
--                                            garrison on its wall, is not idle, lib.quality)
--     ordered_moves = { move kinds } }      (optional: the kinds a commander orders, default move and
--                                            charge: lib.quality counts those that changed nothing)
-- where phase = { turn =, name =, moved = { [uid] = { kinds in order } },
-- notes = { [uid] = { notes } }, start = { [uid] = { x, y, facing, removed } } }
-- and a problem is { unit =, expected =, found = } (unit optional).
--
-- Used by lib.battle when asked (`battle --referee`, `sim --referee`); each
-- ruleset's battle.run calls referee.watch(ctx, G) once the armies stand on
-- the table.
local battlefield = require("sandtable.battlefield")
local fail = require("lib.fail")
local quality = require("lib.quality")

local referee = {}
referee.__index = referee

referee.TOLERANCE = 1.0 -- mm: overlaps and distances within this are rounding

-- opts: rules (the ruleset instance), replay (the command that replays this
-- battle), checks (the ruleset's referee module, else taken from the
-- manifest), quality (true: also gather the battle-quality measures,
-- lib.quality; the battle must keep its event log)
function referee.new(opts)
  local self = setmetatable({}, referee)
  self.rules = opts.rules
  self.replay = opts.replay
  self.checks = opts.checks
  if not self.checks and opts.rules and opts.rules.manifest and opts.rules.manifest.referee then
    self.checks = opts.rules.require(opts.rules.manifest.referee)
  end
  self.checks = self.checks or {}
  self.phases_checked = 0
  self.warnings = {}
  self.want_quality = opts.quality
  return self
end

-- Starts watching a battle: called by a ruleset's battle.run once the armies
-- are deployed; checks the deployment, then every phase as it ends.
function referee.watch(ctx, G)
  local self = ctx and ctx.referee
  if not self then return end
  self.G = G
  G.referee = self
  self.moved, self.notes = {}, {}
  if self.want_quality then
    self.quality = quality.new(self.checks, G.bf, function(id, text) self:warn(id, text) end)
  end
  self:check(0, "deployment")
  G.bf:on_time(function(_, turn, phase, next_turn, next_phase)
    if turn > 0 then self:check(turn, phase) end
    self.turn, self.phase = next_turn, next_phase
  end)
end

-- Hears of a move (lib.manoeuvre.record).
function referee:record(uid, kind, note)
  local list = self.moved[uid]
  if not list then list = {}; self.moved[uid] = list end
  list[#list + 1] = kind
  if note then
    local n = self.notes[uid] or {}
    n[#n + 1] = note
    self.notes[uid] = n
  end
end

-- A warning: an act the rules allow but a player would not make (counted,
-- not fatal).
function referee:warn(id, text)
  self.warnings[#self.warnings + 1] = { id = id, text = text }
end

local function unit_name(bf, id)
  local u = bf:unit(id)
  return string.format("unit %d (%s, side %d)", id, u.name or "?", u.side)
end

function referee:violation(turn, phase, rule, section, problem)
  local bf = self.G.bf
  local who = problem.unit and (unit_name(bf, problem.unit) .. ": ") or ""
  local lines = {
    string.format("referee: turn %d, phase '%s': %s%s [%s%s]", turn, phase, who, problem.text or rule, rule,
      section and (", " .. section) or ""),
    "  expected: " .. tostring(problem.expected),
    "  found:    " .. tostring(problem.found),
  }
  if self.replay then lines[#lines + 1] = "  replay:   " .. self.replay end
  fail(table.concat(lines, "\n"))
end

-- The bases on the table now: ids, and per id its core fields.
local function table_now(bf)
  local ids = bf:units()
  local at, on = {}, {}
  for _, id in ipairs(ids) do
    at[id] = bf:unit(id)
    on[id] = true
  end
  return ids, at, on
end

-- overlap: no two bases overlap by more than TOLERANCE.
function referee:check_overlap(turn, phase, ids, at)
  local checks, bf, tol = self.checks, self.G.bf, referee.TOLERANCE
  local xs, ys, fs, ws, ds = {}, {}, {}, {}, {}
  for i, id in ipairs(ids) do
    local u = at[id]
    xs[i], ys[i], fs[i], ws[i], ds[i] = u.x, u.y, u.facing, u.width, u.depth
  end
  local pairs_ = battlefield.overlapping_bases(xs, ys, fs, ws, ds, tol)
  for k = 1, #pairs_, 2 do
    local a, b = ids[pairs_[k]], ids[pairs_[k + 1]]
    -- bases on different layers (a flyer over a unit) do not collide
    if at[a].layer == at[b].layer and not (checks.may_overlap and checks.may_overlap(self.G, a, b)) then
      local ua, ub = at[a], at[b]
      self:violation(turn, phase, "overlap", "generic", {
        unit = a, text = "its base overlaps " .. unit_name(bf, b),
        expected = string.format("no two bases overlap by more than %g mm", tol),
        found = string.format("unit %d at (%.1f, %.1f) facing %.1f, unit %d at (%.1f, %.1f) facing %.1f", a,
          ua.x, ua.y, ua.facing, b, ub.x, ub.y, ub.facing) })
    end
  end
end

-- table: every corner of every base on the table lies on the table.
function referee:check_table(turn, phase, ids, at)
  local checks, tol = self.checks, referee.TOLERANCE
  local W, D = self.G.bf:size()
  for _, id in ipairs(ids) do
    local u = at[id]
    local r = math.rad(u.facing)
    local ax, ay = -math.sin(r), math.cos(r)
    local lx, ly = -ay, ax
    for _, s in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
      local cx = u.x + ax * s[1] * u.depth / 2 + lx * s[2] * u.width / 2
      local cy = u.y + ay * s[1] * u.depth / 2 + ly * s[2] * u.width / 2
      if (cx < -tol or cy < -tol or cx > W + tol or cy > D + tol)
          and not (checks.may_leave_table and checks.may_leave_table(self.G, id)) then
        self:violation(turn, phase, "table", "generic", {
          unit = id, text = "its base is off the table",
          expected = string.format("every corner within the %g x %g mm table", W, D),
          found = string.format("a corner at (%.1f, %.1f)", cx, cy) })
      end
    end
  end
end

-- removed: a unit removed stays removed unless a rule brings it back.
function referee:check_removed(turn, phase, on)
  local removed = {}
  for id, s in pairs(self.start) do if s[4] and on[id] then removed[#removed + 1] = id end end
  table.sort(removed)  -- the first violation reported is the same on every run
  for _, id in ipairs(removed) do
    do
      local returned = false
      for _, k in ipairs(self.moved[id] or {}) do if k == "return" then returned = true end end
      if not returned then
        self:violation(turn, phase, "removed", "generic", {
          unit = id, text = "a removed unit is back on the table",
          expected = "a removed unit stays removed unless a rule brings it back (declared as a 'return' move)",
          found = "on the table with no rule bringing it back" })
      end
    end
  end
end

-- allowance: a unit that moved declared its moves, and went no further
-- than their allowances add up to. Each declared move adds its allowance
-- (two recoils in one phase may go twice as far), so a move is declared
-- once, not once per bf:move call that makes it up.
function referee:check_allowance(turn, phase, ids, at)
  local allowance, tol = self.checks.allowance, referee.TOLERANCE
  if not allowance then return end
  for _, id in ipairs(ids) do
    local s, u = self.start[id], at[id]
    local moved_by = (s and not s[4]) and math.sqrt((u.x - s[1]) ^ 2 + (u.y - s[2]) ^ 2) or 0
    if moved_by > tol then
      local kinds = self.moved[id]
      if not kinds then
        self:violation(turn, phase, "allowance", "generic", {
          unit = id, text = "moved without a declared move",
          expected = "every move declared by kind (lib.manoeuvre)",
          found = string.format("its centre moved %.1f mm", moved_by) })
      end
      local allowed, unlimited = 0, false
      for _, k in ipairs(kinds) do
        local a = allowance(self.G, id, k)
        if a == nil or k == "return" then unlimited = true else allowed = allowed + a end
      end
      if not unlimited and moved_by > allowed + tol then
        self:violation(turn, phase, "allowance", "generic", {
          unit = id, text = "moved further than its allowance",
          expected = string.format("at most %.1f mm for %s", allowed, table.concat(kinds, " + ")),
          found = string.format("its centre moved %.1f mm", moved_by) })
      end
    end
  end
end

-- The ruleset's own invariants (fatal) and warnings (counted).
function referee:check_ruleset(turn, phase, info)
  local checks = self.checks
  for _, w in ipairs(checks.warnings or {}) do
    local acts = w.check(self.G, info)
    if acts then
      if acts.text then acts = { acts } end
      for _, a in ipairs(acts) do
        self:warn(w.id, string.format("turn %d, phase '%s': %s", turn, phase, a.text))
      end
    end
  end
  for _, inv in ipairs(checks.invariants or {}) do
    local problems = inv.check(self.G, info)
    if problems then
      if problems.expected then problems = { problems } end
      for _, p in ipairs(problems) do self:violation(turn, phase, inv.id, inv.section, p) end
    end
  end
end

-- The generic invariants, then the ruleset's; then the next phase starts
-- from here.
function referee:check(turn, phase)
  local G = self.G
  local ids, at, on = table_now(G.bf)
  self:check_overlap(turn, phase, ids, at)
  self:check_table(turn, phase, ids, at)
  if self.start then
    self:check_removed(turn, phase, on)
    self:check_allowance(turn, phase, ids, at)
  end
  local moved, start = self.moved, self.start
  self:check_ruleset(turn, phase, { turn = turn, name = phase, moved = moved, notes = self.notes, start = start })
  if self.quality then self.quality:phase(G, turn, moved, start) end

  local nstart = {}
  for _, id in ipairs(ids) do local u = at[id]; nstart[id] = { u.x, u.y, u.facing, false } end
  for id, s in pairs(start or {}) do if not on[id] then nstart[id] = { s[1], s[2], s[3], true } end end
  self.start = nstart
  self.moved, self.notes = {}, {}
  self.phases_checked = self.phases_checked + 1
end

-- The last phase of a battle (a battle ends without a next set_time).
function referee:finish()
  if not self.G then return end
  self.G.bf:on_time(nil)
  self:check(self.turn or 0, self.phase or "end of battle")
  if self.quality then self.metrics = self.quality:finish(self.G, self.warnings) end
end

return referee
