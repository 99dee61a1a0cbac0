-- WRG 1973 SIEGE: CONSTRUCTION, DESTRUCTION and WORKING PARTIES: tasks
-- measured in figure/periods, and the working party that does them.
--
--   local works = require("modules.sieges.works")
--   local job = works.task("palisade", 10)          -- 10 paces of palisade: 10 figure/periods
--   works.work(job, works.output{ figures = 6, elephants = 0, uncontrolled = false })
--   job.done -> true once the figure/periods are in
local W = {}

-- CONSTRUCTION: "Abatis, saps, ditches, turf walls, palisades and 60 mm wide
-- bridges or causeways each require 5 figure/periods per 5 paces length."
-- "30 figure/periods are needed to assemble a penthouse from parts ready to
-- hand, 50 to assemble a tower, 10 to make a ram from available timber."
-- "1 figure/period is needed to fill a gabion."
-- per = paces of length the figure/periods buy (nil: a whole object)
W.CONSTRUCTION = {
  abatis = { fp = 5, per = 5 }, sap = { fp = 5, per = 5 }, ditch = { fp = 5, per = 5 },
  turf_wall = { fp = 5, per = 5 }, palisade = { fp = 5, per = 5 }, bridge = { fp = 5, per = 5, bridging = true },
  causeway = { fp = 5, per = 5, bridging = true },
  penthouse = { fp = 30 }, tower = { fp = 50 }, ram = { fp = 10 }, gabion = { fp = 1 },
}
-- "If pontoons are available, bridging speeds are doubled."
W.PONTOON_BRIDGING = 2

-- DESTRUCTION: "10 figure/periods are required to break down a fort door or
-- 30 paces of palisade with a ram or with two-handed axes." "A house door
-- requires only 2 figure/periods." "30 figure/periods are needed to breach a
-- stone curtain wall with a ram, 40 to render a tower untenable. Turf walls
-- are immune to the ram."
-- tools: what may do the work (ram, axes = two-handed axes, stones =
-- stone-throwing engines' hits); result: the section's state once done.
W.DESTRUCTION = {
  fort_door = { fp = 10, tools = { ram = true, axes = true }, result = "breached" },
  palisade = { fp = 10, per = 30, tools = { ram = true, axes = true, stones = true }, result = "breached" },
  house_door = { fp = 2, tools = { ram = true, axes = true }, result = "breached" },
  stone_wall = { fp = 30, tools = { ram = true, stones = true }, result = "breached" },
  tower = { fp = 40, tools = { ram = true, stones = true }, result = "untenable" },
  turf_wall = { fp = nil, tools = {}, result = nil },   -- "immune to the ram"
}

-- "An elephant counts as 5 figures for this purpose."
W.ELEPHANT_FIGURES = 5

-- WORKING PARTIES: "Uncontrolled advance for figures carrying scaling
-- ladders or fascines means exactly that, but in all other cases it means
-- work at double speed".
W.UNCONTROLLED_WORK = 2

-- A job: kind, length in paces (for the tasks measured per 5 paces; a
-- palisade's destruction per 30), and the figure/periods it needs.
function W.task(kind, paces, opts)
  opts = opts or {}
  local c = opts.destroy and W.DESTRUCTION[kind] or W.CONSTRUCTION[kind]
  if not c then error("sieges.works: no " .. (opts.destroy and "destruction" or "construction") .. " task '" .. tostring(kind) .. "'", 2) end
  if opts.destroy and not c.fp then
    return { kind = kind, need = math.huge, done_fp = 0, done = false, immune = true, destroy = true }
  end
  local need = c.fp
  if c.per then need = c.fp * math.ceil((paces or c.per) / c.per - 1e-9) end
  if c.bridging and opts.pontoons then need = need / W.PONTOON_BRIDGING end
  return { kind = kind, paces = paces, need = need, done_fp = 0, done = false, destroy = opts.destroy == true }
end

-- Whether a tool may do a destruction: "Turf walls are immune to the ram";
-- walls and towers fall to rams and stone-throwers, not to axes.
function W.may_destroy(kind, tool)
  local c = W.DESTRUCTION[kind]
  return c ~= nil and c.tools[tool] == true
end

-- The figure/periods a working party does in a period: its figures, each
-- elephant as 5, doubled in uncontrolled advance, times the hours a period
-- stands for (modules.sieges.time).
function W.output(p)
  local n = (p.figures or 0) + (p.elephants or 0) * W.ELEPHANT_FIGURES
  if p.uncontrolled then n = n * W.UNCONTROLLED_WORK end
  return n * (p.hours or 1)
end

-- Adds work to a job; returns true when this work finished it.
function W.work(job, fp)
  if job.done or job.immune then return false end
  job.done_fp = job.done_fp + fp
  if job.done_fp >= job.need - 1e-9 then job.done = true; return true end
  return false
end

-- Periods a party of constant output needs for a job.
function W.periods(job, fp_per_period)
  if job.immune or fp_per_period <= 0 then return math.huge end
  return math.ceil((job.need - job.done_fp) / fp_per_period - 1e-9)
end

-- "These can be any infantry or dismounted cavalry figures except barbarian
-- "B" types." u: { infantry = bool, dismounted = bool, regular = bool, class = "A".."E" }
function W.may_work(u)
  if not (u.infantry or u.dismounted) then return false end
  return u.regular ~= false or u.class ~= "B"
end

-- "All figures count unshielded while working. However, they may be covered
-- by other figures bearing pavises or mantlets, each of which covers both
-- bearer and one other man over a 90 degree arc." Returns how many of the
-- party's figures count shielded against shooting from within the arc.
W.MANTLET_COVERS = 2
W.MANTLET_ARC = 90
function W.covered(figures, mantlets, in_arc)
  if not in_arc then return 0 end
  return math.min(figures, (mantlets or 0) * W.MANTLET_COVERS)
end

-- "If stone throwing engines attempt to breach walls or palisades the weapon
-- factor is 1 below 150 paces, 0 if further, and each hit (casualty) counts
-- as a figure/period of work."
W.STONES_NEAR = 150
function W.stone_factor(range_paces) return range_paces < W.STONES_NEAR and 1 or 0 end

-- "Wagons, siege towers and other wooden constructions can only be destroyed
-- by stone-throwing engines or by fire missiles, 20 casualty equivalents being
-- required."
W.WOODEN_DESTROYED = 20

return W
