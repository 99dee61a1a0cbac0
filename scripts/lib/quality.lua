-- The battle-quality measures of one battle, gathered by the referee as the
-- phases end (docs/quality.md): how much of each army took part, who stood
-- idle with an enemy in reach, and declared moves that moved nothing. An
-- experiment's answer is only as good as the commanders behind it; these
-- figures say how good they are.
--
-- A unit *engages* when an event of an engaging kind names it (default:
-- shoot, melee, contact; a ruleset's referee module may list its own kinds
-- as `engaging_events`), under any of the fields replays read: unit, target,
-- attacker, defender, shooter, or in a list: units, units1, units2,
-- attackers, defenders, targets. A unit is *idle* in a turn when it
-- neither moved nor engaged while an enemy stood within its reach (the
-- ruleset's allowance for a charge, else for a move) and was not at its
-- post (the referee module's optional `at_post(G, uid)`); three such turns
-- in a row make it idle for the battle's count. A unit whose facing swings 30
-- degrees or more one way and then back, turn after turn (three swings in
-- a row), earns the referee's warning 'facing-oscillates': no player
-- zigzags a line across the table. Only the facing its commander's own
-- moves changed counts (phases in which the unit made only ordered moves,
-- `ordered_moves`): turns the rules impose (lining up on contact, turning
-- about to recoil, break off, evade or rout) are not the commander's zigzag.
local quality = {}
quality.__index = quality

local DEFAULT_KINDS = { "shoot", "melee", "contact" }
local DEFAULT_ORDERED = { "move", "charge" }
local TURNED = 1.0 -- degrees: less than this is keeping one's facing
local UNIT_FIELDS = { "unit", "target", "attacker", "defender", "shooter" }
local LIST_FIELDS = { "units", "units1", "units2", "attackers", "defenders", "targets" }
quality.IDLE_TURNS = 3
quality.SWING = 30 -- degrees: a turn of the facing this large, then one back, is a swing
local MOVED = 1.0 -- mm: less than this is standing still

local function norm(a)
  a = a % 360
  if a > 180 then a = a - 360 end
  return a
end

function quality.new(checks, bf, warn)
  local self = setmetatable({}, quality)
  self.checks = checks or {}
  self.kinds = {}
  for _, k in ipairs(self.checks.engaging_events or DEFAULT_KINDS) do self.kinds[k] = true end
  self.ordered = {}
  for _, k in ipairs(self.checks.ordered_moves or DEFAULT_ORDERED) do self.ordered[k] = true end
  self.next_event = #bf:events() + 1
  self.engaged, self.engaged_turn = {}, {}
  self.idle_run, self.idle = {}, {}
  self.warn = warn
  self.last_swing, self.swings, self.warned_swing = {}, {}, {}
  self.ordered_turn = {}  -- this turn's facing change by ordered moves, per unit
  self.turn_start = nil
  self.turn = nil
  self.declared, self.declared_nothing = 0, 0
  self.contacted = {}   -- units whose charge made contact in the phase being read
  self.sides = {}
  for _, id in ipairs(bf:units()) do self.sides[id] = bf:unit(id).side end
  return self
end

local function mark(self, id)
  if type(id) == "number" and self.sides[id] then
    self.engaged[id] = true
    self.engaged_turn[id] = true
  end
end

-- Reads the events logged since the last phase.
function quality:read_events(bf)
  local events = bf:events(self.next_event)
  self.next_event = self.next_event + #events
  self.contacted = {}
  for _, e in ipairs(events) do
    -- a charge that met its enemy from less than MOVED away changed
    -- something (the melee follows): not a move that moved nothing
    if e.kind == "contact" and type(e.unit) == "number" then self.contacted[e.unit] = true end
    if self.kinds[e.kind] then
      for _, f in ipairs(UNIT_FIELDS) do mark(self, e[f]) end
      for _, f in ipairs(LIST_FIELDS) do
        if type(e[f]) == "table" then for _, id in ipairs(e[f]) do mark(self, id) end end
      end
    end
  end
end

local function positions(bf)
  local at = {}
  for _, id in ipairs(bf:units()) do
    local x, y, f = bf:pos(id)
    at[id] = { x, y, f }
  end
  return at
end

-- One phase ended: `moved` = the referee's declared kinds per unit, `start`
-- = where each unit stood when the phase began.
function quality:phase(G, turn, moved, start)
  local bf = G.bf
  self:read_events(bf)
  if start then
    for id, kinds in pairs(moved) do
      local s = start[id]
      if s and not s[4] then
        local x, y, f = bf:pos(id)
        local still = math.sqrt((x - s[1]) ^ 2 + (y - s[2]) ^ 2) < MOVED and math.abs(norm(f - s[3])) < TURNED
        local all_ordered = true
        for _, k in ipairs(kinds) do
          if self.ordered[k] then
            self.declared = self.declared + 1
            if still and not (k == "charge" and self.contacted[id]) then
              self.declared_nothing = self.declared_nothing + 1
            end
          else
            all_ordered = false
          end
        end
        if all_ordered and not still then
          self.ordered_turn[id] = (self.ordered_turn[id] or 0) + norm(f - s[3])
        end
      end
    end
  end
  if self.turn ~= turn then
    if self.turn and self.turn > 0 then self:end_turn(G) end
    self.turn = turn
    self.turn_start = positions(bf)
    self.engaged_turn = {}
  end
end

-- A turn ended: who stood idle with an enemy in reach.
function quality:end_turn(G)
  local bf = G.bf
  if self.turn_start then self:swings_of_turn(bf) end
  local allowance = self.checks.allowance
  if not allowance or not self.turn_start then return end
  for _, id in ipairs(bf:units()) do
    -- (the measures are of the units deployed at the start: a unit that
    -- appears during the battle, such as a detached sub-unit or troops that
    -- changed sides, is not counted, as mark() does not count it)
    if self.sides[id] then
      local s = self.turn_start[id]
      local x, y = bf:pos(id)
      local moved = s and math.sqrt((x - s[1]) ^ 2 + (y - s[2]) ^ 2) >= MOVED
      local reach = allowance(G, id, "charge") or allowance(G, id, "move")
      local enemy_near = reach and reach > 0 and bf:nearest({ id }, 3 - self.sides[id], reach) ~= nil
      -- (a unit at its post -- the ruleset's or a module's reading, e.g. a
      -- garrison on its wall, a ram party at work -- is not idle)
      local at_post = self.checks.at_post and self.checks.at_post(G, id)
      if not moved and not self.engaged_turn[id] and enemy_near and not at_post then
        self.idle_run[id] = (self.idle_run[id] or 0) + 1
        if self.idle_run[id] >= quality.IDLE_TURNS then self.idle[id] = true end
      else
        self.idle_run[id] = 0
      end
    end
  end
end

-- Facing swings: a turn of SWING degrees or more, by the unit's ordered
-- moves, against the last one's sense.
function quality:swings_of_turn(bf)
  local by_orders = self.ordered_turn
  self.ordered_turn = {}
  for _, id in ipairs(bf:units()) do
    local s = self.turn_start[id]
    if s then
      local turned = norm(by_orders[id] or 0)
      if math.abs(turned) >= quality.SWING then
        local last = self.last_swing[id]
        if last and (last > 0) ~= (turned > 0) then
          self.swings[id] = (self.swings[id] or 1) + 1
        else
          self.swings[id] = 1
        end
        self.last_swing[id] = turned
        if self.swings[id] >= 3 and not self.warned_swing[id] and self.warn then
          self.warned_swing[id] = true
          self.warn("facing-oscillates", string.format("unit %d swung its facing back and forth %d turns running",
            id, self.swings[id]))
        end
      else
        self.swings[id], self.last_swing[id] = 0, nil
      end
    end
  end
end

-- The measures of the whole battle, per side.
function quality:finish(G, warnings)
  self:read_events(G.bf)
  self:end_turn(G)
  local per_side = { {}, {} }
  for s = 1, 2 do per_side[s] = { units = 0, engaged = 0, idle = 0 } end
  local ids = {}
  for id in pairs(self.sides) do ids[#ids + 1] = id end
  table.sort(ids)
  for _, id in ipairs(ids) do
    local p = per_side[self.sides[id]]
    if p then
      p.units = p.units + 1
      if self.engaged[id] then p.engaged = p.engaged + 1 end
      if self.idle[id] then p.idle = p.idle + 1 end
    end
  end
  local absurd = {}
  for _, w in ipairs(warnings or {}) do absurd[w.id] = (absurd[w.id] or 0) + 1 end
  return { sides = per_side, declared_moves = self.declared, declared_moves_nothing = self.declared_nothing,
           absurd = absurd, absurd_total = #(warnings or {}) }
end

return quality
