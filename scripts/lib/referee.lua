-- The referee: after every phase of a battle it checks the invariants the
-- rules imply, and stops the battle at the first violation with the turn,
-- the phase, the unit, the rule, what was expected and what was found, and
-- the command that replays the battle.
--
-- Generic invariants (every ruleset):
--   overlap      no two bases on the table overlap by more than TOLERANCE
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
--     engaging_events = { event kinds } }   (optional: what counts as engaging, lib.quality)
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

-- The generic invariants, then the ruleset's.
function referee:check(turn, phase)
  local G = self.G
  local bf = G.bf
  local checks = self.checks
  local tol = referee.TOLERANCE
  local ids = bf:units()
  local on = {}
  for _, id in ipairs(ids) do on[id] = true end

  -- overlap
  local xs, ys, fs, ws, ds = {}, {}, {}, {}, {}
  for i, id in ipairs(ids) do
    local u = bf:unit(id)
    xs[i], ys[i], fs[i], ws[i], ds[i] = u.x, u.y, u.facing, u.width, u.depth
  end
  local pairs_ = battlefield.overlapping_bases(xs, ys, fs, ws, ds, tol)
  for k = 1, #pairs_, 2 do
    local a, b = ids[pairs_[k]], ids[pairs_[k + 1]]
    if not (checks.may_overlap and checks.may_overlap(G, a, b)) then
      self:violation(turn, phase, "overlap", "generic", {
        unit = a, text = "its base overlaps " .. unit_name(bf, b),
        expected = string.format("no two bases overlap by more than %g mm", tol),
        found = string.format("unit %d at (%.1f, %.1f) facing %.1f, unit %d at (%.1f, %.1f) facing %.1f", a,
          xs[pairs_[k]], ys[pairs_[k]], fs[pairs_[k]], b, xs[pairs_[k + 1]], ys[pairs_[k + 1]], fs[pairs_[k + 1]]) })
    end
  end

  -- on the table
  local W, D = bf:size()
  for i, id in ipairs(ids) do
    local r = math.rad(fs[i])
    local ax, ay = -math.sin(r), math.cos(r)
    local lx, ly = -ay, ax
    for _, s in ipairs({ { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } }) do
      local cx = xs[i] + ax * s[1] * ds[i] / 2 + lx * s[2] * ws[i] / 2
      local cy = ys[i] + ay * s[1] * ds[i] / 2 + ly * s[2] * ws[i] / 2
      if (cx < -tol or cy < -tol or cx > W + tol or cy > D + tol)
          and not (checks.may_leave_table and checks.may_leave_table(G, id)) then
        self:violation(turn, phase, "table", "generic", {
          unit = id, text = "its base is off the table",
          expected = string.format("every corner within the %g x %g mm table", W, D),
          found = string.format("a corner at (%.1f, %.1f)", cx, cy) })
      end
    end
  end

  local start = self.start
  local moved = self.moved
  if start then
    -- removed stays removed
    for id, s in pairs(start) do
      if s[4] and on[id] then
        local returned = false
        for _, k in ipairs(moved[id] or {}) do if k == "return" then returned = true end end
        if not returned then
          self:violation(turn, phase, "removed", "generic", {
            unit = id, text = "a removed unit is back on the table",
            expected = "a removed unit stays removed unless a rule brings it back (declared as a 'return' move)",
            found = "on the table with no rule bringing it back" })
        end
      end
    end
    -- allowance
    if checks.allowance then
      for i, id in ipairs(ids) do
        local s = start[id]
        if s and not s[4] then
          local moved_by = math.sqrt((xs[i] - s[1]) ^ 2 + (ys[i] - s[2]) ^ 2)
          if moved_by > tol then
            local kinds = moved[id]
            if not kinds then
              self:violation(turn, phase, "allowance", "generic", {
                unit = id, text = "moved without a declared move",
                expected = "every move declared by kind (lib.manoeuvre)",
                found = string.format("its centre moved %.1f mm", moved_by) })
            end
            -- each declared move adds its allowance (two recoils in one
            -- phase may go twice as far); declare a move once, not once per
            -- bf:move call that makes it up
            local allowed, unlimited = 0, false
            for _, k in ipairs(kinds) do
              local a = checks.allowance(G, id, k)
              if a == nil or k == "return" then unlimited = true
              else allowed = allowed + a end
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
    end
  end

  -- the ruleset's own
  local info = { turn = turn, name = phase, moved = moved, notes = self.notes, start = start }
  for _, w in ipairs(checks.warnings or {}) do
    local acts = w.check(G, info)
    if acts then
      if acts.text then acts = { acts } end
      for _, a in ipairs(acts) do
        self:warn(w.id, string.format("turn %d, phase '%s': %s", turn, phase, a.text))
      end
    end
  end
  for _, inv in ipairs(checks.invariants or {}) do
    local problems = inv.check(G, info)
    if problems then
      if problems.expected then problems = { problems } end
      for _, p in ipairs(problems) do
        self:violation(turn, phase, inv.id, inv.section, p)
      end
    end
  end

  if self.quality then self.quality:phase(G, turn, moved, start) end

  -- the next phase starts from here
  local nstart = {}
  for i, id in ipairs(ids) do nstart[id] = { xs[i], ys[i], fs[i], false } end
  if start then
    for id, s in pairs(start) do if not on[id] then nstart[id] = { s[1], s[2], s[3], true } end end
  end
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
