-- WRG Ancients 1973, CAMPAIGNS 3, the fortress: "If the defender loses, he
-- takes refuge in a fortress with those troops he had left after the
-- disaster. His opponent can then add siege equipment until the value plus
-- his own troops equals that of the fortress and defenders. If the attacker
-- does not capture the fortress, he breaks up the siege and retreats, and
-- the next battle will again be an encounter."
--
-- The fortress is the table of the scenario a campaign file names under
-- `fortress:` (docs/campaigns.md), whose fortification and siege pieces are
-- the sieges module's (`type: fortification` with `sections`, `type: siege`
-- with `ladders`, `rams`; rulesets/modules/sieges). This module values the
-- fortress, buys the besieger's equipment and gives the pieces the
-- campaign's sides; wrg.campaign decides when the siege is fought.
local tables = require("wrg.tables")

local F = {}

-- POINTS VALUES: "10 paces of previously constructed palisade, ditch or
-- bank 2 3"; "10 paces of stone curtain wall or 5 paces of tower 10 20"
-- (regular, barbarian). READING: a gate is valued as the wall it stands in,
-- a turf wall as a bank.
F.SECTION_VALUE = {
  wall = { paces = 10, cost = "stone_wall_10_paces" },
  gate = { paces = 10, cost = "stone_wall_10_paces" },
  tower = { paces = 5, cost = "stone_wall_10_paces" },
  palisade = { paces = 10, cost = "palisade_10_paces" },
  turf_wall = { paces = 10, cost = "palisade_10_paces" },
}

local function length_cm(a, b) return math.sqrt((b[1] - a[1]) ^ 2 + (b[2] - a[2]) ^ 2) end

-- The paces a length in cm on the table stands for, at the instance's scale.
function F.paces(cm) return cm * 10 / tables.MM_PER_PACE end

-- The value in points of the fortress pieces (scenario table.terrain, cm)
-- for a defender paying as regulars (or barbarians), and its gates.
-- READING: each length is valued pro rata (35 paces of wall: 3.5 x 10).
function F.value(pieces, regular)
  local value, gates = 0, 0
  for _, p in ipairs(pieces or {}) do
    if type(p) == "table" and p.type == "fortification" then
      for _, s in ipairs(p.sections or {}) do
        local v = F.SECTION_VALUE[s.kind]
        if v and type(s.from) == "table" and type(s.to) == "table" then
          value = value + F.paces(length_cm(s.from, s.to)) / v.paces * tables.points[v.cost][regular and 1 or 2]
        end
        if s.kind == "gate" then gates = gates + 1 end
      end
    elseif type(p) == "table" and p.type == "ditch" and type(p.from) == "table" and type(p.to) == "table" then
      value = value + F.paces(length_cm(p.from, p.to)) / 10 * tables.points.palisade_10_paces[regular and 1 or 2]
    end
  end
  return math.floor(value + 0.5), gates
end

-- The equipment `budget` points buy (POINTS VALUES: "Scaling ladder 5 5",
-- "Ram 10 10"). READING: a ram for each gate first, the rest in scaling
-- ladders; nothing when the besieger already outweighs the fortress.
function F.equipment(budget, gates, regular)
  local col = regular and 1 or 2
  local ram, ladder = tables.points.ram[col], tables.points.scaling_ladder[col]
  budget = math.max(0, math.floor(budget))
  local rams = math.min(gates, budget // ram)
  local ladders = (budget - rams * ram) // ladder
  return { rams = rams, ladders = ladders, points = rams * ram + ladders * ladder }
end

local function copy(t)
  if type(t) ~= "table" then return t end
  local o = {}
  for k, v in pairs(t) do o[k] = copy(v) end
  return o
end

-- The fortress scenario's pieces with the campaign's sides: the fortress
-- held by `defender`, the siege laid by `attacker` with the equipment `add`
-- on top of what the scenario gives it.
function F.pieces(pieces, defender, attacker, add)
  local out, siege = {}, nil
  for i, p in ipairs(pieces or {}) do
    local q = copy(p)
    if type(q) == "table" and q.type == "fortification" then q.defender = defender end
    if type(q) == "table" and q.type == "siege" then
      q.besieger = attacker
      q.ladders = (q.ladders or 0) + add.ladders
      q.rams = (q.rams or 0) + add.rams
      siege = q
    end
    out[i] = q
  end
  local fortified = false
  for _, p in ipairs(out) do fortified = fortified or (type(p) == "table" and p.type == "fortification") end
  if fortified and not siege and (add.ladders > 0 or add.rams > 0) then
    siege = { type = "siege", besieger = attacker, ladders = add.ladders, rams = add.rams }
    out[#out + 1] = siege
  end
  return out, siege
end

return F
