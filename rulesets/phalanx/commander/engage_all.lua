-- A commander variant whose only aim is to bring the most vignettes into
-- contact within the rules: `commander: phalanx.commander.engage_all` in a
-- scenario (Phalanx or Into Glory Ride). Issue #13, session nine: the
-- default commander engages 25-52% of the vignettes in the median battle
-- against a goal of 75%; this variant measures how far a commander built to
-- engage gets (docs/rulesets/phalanx.md, "Engagement: the ceiling").
-- It is the default commander (phalanx.ai, every part of it) with these
-- changes, each a READING of "bring everyone into the fight":
--
--   * every activation point goes first to charges (contact now), then to
--     links that shoot (an activated link shoots: phase D, "every vignette
--     of an activated link ... that can shoot"), then to advances, the
--     link FURTHEST from its objective first (the whole line closing, not
--     the nearest part of it pushing on: the default ranks nearest first),
--     and among them links with more vignettes that have not engaged yet
--     (a link all of whose vignettes have engaged comes last);
--   * fire goes to an enemy that has not engaged yet, when one is in reach;
--   * the General's link and every link with a key vignette are guarded as
--     the reserve is (commander/reserve.lua): they advance only out of
--     every enemy's reach, charge only where their line has a gap and at
--     good odds, and are thrown in when one more break loses the battle or
--     in the last four turns. VICTORY ends a battle on the first General's
--     or key vignette broken, and those links, the cheapest to activate,
--     are what the default's points move most; guarded, the battle lasts
--     while the rest of the army comes up;
--   * nothing else: charges are still sensible (ai.sensible_charge), the
--     last line is still held back, orders are planned as the default
--     plans them (no paid move the engine would stop).
--
-- Measured (docs/rulesets/phalanx.md, "Engagement: the ceiling"): against
-- itself it engages 16.7-65.2% of the vignettes in the median battle of the
-- eleven open-field scenarios, and where it engages more than the default
-- it decides fewer battles. For experiments, make{...} builds other
-- variants (a one-line module `return require("phalanx.commander.
-- engage_all").make{ ... }` names one for a scenario; this module is
-- make{ guard_keys = true, spread = true }): guard_keys (unset: the
-- General's link only guarded), spread (unset: fire as the default aims
-- it, links ranked by their size), release (a share: the guard is lifted once that share of the
-- side's other vignettes has engaged), release_turn (a share of the turn
-- limit after which the guard is lifted), commit_reserve (the last line not
-- held back), charge_threshold (the charge estimate needed, in place of the
-- default's 0.2 - 0.1 x turn), guard = false, rank = false (the default's
-- guard and ranking: to measure one change at a time).
--
-- The variant is a table whose missing fields are the default commander's
-- (this instance's copy: Into Glory Ride's patched one included); it sets
-- its side's `style`, which the default's orders read (commander/orders.lua).
local ai = require("phalanx.ai")

local turn = require("phalanx.turn")

-- The vignettes of the battle the variant knows to have engaged (shot, been
-- shot at, worn by a result, in contact): G.engage_all_seen[uid] = true.
local function seen_of(G)
  local seen = G.engage_all_seen
  if not seen then seen = {}; G.engage_all_seen = seen end
  return seen
end

-- The members of group g not yet known to have engaged (counted afresh
-- each time: a result or a contact marks a member for good).
local function unengaged(G, g)
  local seen = seen_of(G)
  local contact = turn.group_in_contact(G, g)
  local n = 0
  for j = 1, #g.ids do local uid = g.ids[j]
    local d = G.D[uid]
    if contact or (d.accumulated_r or 0) + (d.accumulated_rr or 0) > 0 then seen[uid] = true end
    if not seen[uid] then n = n + 1 end
  end
  return n
end

-- The share of side's vignettes standing, not in links `guarded`, that
-- have engaged (asked once a player turn: kept as G.engage_all_share).
local function engaged_share(G, side, guarded)
  local memo = G.engage_all_share
  if not memo then memo = {}; G.engage_all_share = memo end
  local m = memo[side]
  if m and m.pturn == G.pturn then return m.share end
  local sd, seen = G.sides[side], seen_of(G)
  local n, e = 0, 0
  for j = 1, #sd.groups do local g = G.groups[sd.groups[j]]
    if #g.ids > 0 and not guarded(G, g) then
      unengaged(G, g)
      for k = 1, #g.ids do n = n + 1; if seen[g.ids[k]] then e = e + 1 end end
    end
  end
  local share = n > 0 and e / n or 1
  memo[side] = { pturn = G.pturn, share = share }
  return share
end

-- The style: guard(G, g) -> whether link g is guarded as the reserve is;
-- rescore(G, g, order, score) -> the order's rank (before its cost);
-- no_reserve: the last line is not held back.
-- opts: guard_keys (key links guarded as the General's is), spread (points
-- and fire go to the vignettes that have not engaged yet), commit_reserve.
local function make(opts)
  local style = { no_reserve = opts.commit_reserve, threshold = opts.charge_threshold }
  local guard_keys, spread = opts.guard_keys, opts.spread

  local release, release_turn = opts.release, opts.release_turn
  function style.guard(G, g)
    -- release: the guard is lifted once that share of the side's other
    -- vignettes has engaged, or in the battle's last turns (the reserve's
    -- own commitment, commander/reserve.lua)
    if release and (ai.last_turns(G) or engaged_share(G, g.side, style.guard_raw) >= release) then return false end
    if release_turn and G.max_turns and G.turn > release_turn * G.max_turns then return false end
    return style.guard_raw(G, g)
  end
  function style.guard_raw(G, g)
    for j = 1, #g.ids do local d = G.D[g.ids[j]]
      if d.general or (guard_keys and d.key) then return true end
    end
    return false
  end

  local CHARGE, SHOOT = 40, 20
  function style.rescore(G, g, order, score)
    local kind = order.kind
    local n = #g.ids
    if spread then n = unengaged(G, g) end
    if kind == "charge" then return score + CHARGE end
    if kind == "hold" then
      -- a guarded or reserve link's hold keeps it out of the initiative
      -- table's charges: its own low rank; any other hold is to shoot
      if order.reserve then return score end
      return score + SHOOT
    end
    local p = order.pending
    if kind == "move" and p and not p.reserve then
      -- furthest from its objective first: the frontages to go, in place
      -- of the default's "nearest first" (at most 12: the whole table);
      -- spread: a link all of whose members have engaged comes last
      local f = G.S.frontage
      if spread and n == 0 then return 1 + math.min(12, p.dist / f) / 12 end
      return 3 + n + math.min(12, p.dist / f)
    end
    return score
  end

  -- (for measuring one change at a time: guard = false, rank = false)
  if opts.guard == false then style.guard = nil end
  if opts.rank == false then style.rescore = nil end

  local cmd = setmetatable({}, { __index = ai })
  function cmd.activate(G, side, points)
    G.sides[side].style = style
    return ai.activate(G, side, points)
  end
  function cmd.free_order(G, g)
    G.sides[g.side].style = style
    return ai.free_order(G, g)
  end
  if spread then
    -- fire at a vignette that has not engaged yet, when there is one in
    -- reach (the default's choice among them: HIB at mounted first)
    local fresh = {}
    function cmd.shoot_target(G, uid, targets)
      local seen = seen_of(G)
      local k = 0
      for i = 1, #targets do
        if not seen[targets[i].id] then k = k + 1; fresh[k] = targets[i] end
      end
      for i = #fresh, k + 1, -1 do fresh[i] = nil end
      local t = ai.shoot_target(G, uid, k > 0 and fresh or targets)
      for i = 1, k do fresh[i] = nil end
      if t then seen[uid] = true; seen[t] = true end
      return t
    end
  end
  return cmd
end

local engage_all = make({ guard_keys = true, spread = true })
engage_all.make = make
return engage_all
