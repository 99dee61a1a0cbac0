-- The sieges module: pieces of the default siege commander shared by the
-- rulesets' commanders (commander_wrg.lua in paces, commander_historicon.lua
-- in Historicon's cm-scaled millimetres), each parametrised by what differs
-- between the rulesets: which units count as standing (a WRG unit that is
-- not routing, a Historicon unit that is not broken), the unit the
-- distances are scored in, and the weights of the choice.
--
-- WHY: commander_historicon.lua kept its own copies of these, the WRG ones
-- with other numbers; a fix to one (a unit's front on the face, a defended
-- section passed over) then had to be found and made twice.
local forts = require("modules.sieges.fortifications")
local ST = require("modules.sieges.wrg.state")

local C = {}

-- The outside point a unit makes for against a section: centred on it, its
-- front `gap` mm off the face.
function C.at_face(G, uid, sec, gap)
  local ox, oy, mx, my = forts.outward(sec)
  local dp = G.bf:unit(uid).depth
  return mx + ox * (dp / 2 + gap), my + oy * (dp / 2 + gap)
end

-- The besieger's objective section for a kind of kit (`want(sec)`): the
-- standing section nearest the unit that it may go for (`o.may(sec)`),
-- scored by its distance (in units of `o.unit` mm) plus `o.defended` when
-- the garrison stands on it and `o.taken` when another live (`o.live(d)`)
-- besieger already makes for it. nil when none.
function C.pick_section(G, uid, want, o)
  local S = G.sieges
  local x, y = G.bf:pos(uid)
  local taken = {}
  for _, other in ipairs(G.sides[S.besieger].units) do
    local od = G.D[other]
    if other ~= uid and o.live(od) and od.siege and od.siege.target then taken[od.siege.target] = true end
  end
  local best, bs
  local garrison  -- the defenders' positions, read once (nothing moves here)
  for _, sec in ipairs(S.forts.sections) do
    if forts.blocks(sec) and want(sec) and o.may(sec) then
      local _, _, mx, my = forts.outward(sec)
      local score = math.sqrt((mx - x) ^ 2 + (my - y) ^ 2) / o.unit
      garrison = garrison or ST.placed(G, S.defender)
      if ST.anyone_on(G, sec.index, garrison) then score = score + o.defended end
      if taken[sec.index] then score = score + o.taken end
      if not bs or score < bs then best, bs = sec, score end
    end
  end
  return best
end

-- The sections under threat: `laddered`, the sections the besieger's live
-- (`live(d)`) units have ladders up against, in section order (then, with
-- `battered`, the standing sections a ram or axes have begun on, in section
-- order), and `open`, the sections that no longer hold.
function C.threats(G, live, battered)
  local S = G.sieges
  local laddered, open = {}, {}
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    if live(d) and d.siege and d.siege.ladder_up then laddered[#laddered + 1] = d.siege.ladder_up.section end
  end
  table.sort(laddered)
  if battered then
    for _, sec in ipairs(S.forts.sections) do
      if forts.blocks(sec) and sec.job.done_fp > 0 then laddered[#laddered + 1] = sec.index end
    end
  end
  for _, sec in ipairs(S.forts.sections) do
    if not forts.blocks(sec) then open[#open + 1] = sec end
  end
  return laddered, open
end

-- Whether any section no longer holds: C.threats's `open` not empty, for
-- the callers that ask only that (WHY: threats also walks every besieger
-- and sorts, and the commanders ask this of every unit).
-- Kept with forts.changes (the sections' states change in forts.set_state
-- alone, which counts them): the commanders ask it for every unit's move.
-- Weak-keyed by the fortifications: nothing of it is saved.
-- C.uncached (tests) asks afresh.
local open_of = setmetatable({}, { __mode = "k" })
C.uncached = false
function C.any_open(G)
  local st = G.sieges.forts
  local changes = forts.changes(st)
  local kept = open_of[st]
  if kept and kept[1] == changes and not C.uncached then return kept[2] end
  local open = false
  for _, sec in ipairs(st.sections) do
    if not forts.blocks(sec) then open = true; break end
  end
  open_of[st] = { changes, open }
  return open
end

-- Whether a besieger stands in the fort or has a footing on its walls
-- (`standing(d)`: the ruleset's unit still in the fight).
function C.enemy_inside(G, standing)
  local S = G.sieges
  for _, uid in ipairs(G.sides[S.besieger].units) do
    local d = G.D[uid]
    if standing(d) and not G.bf:removed(uid) and (ST.inside(G, uid) or (d.siege and d.siege.footing)) then
      return true
    end
  end
  return false
end

return C
