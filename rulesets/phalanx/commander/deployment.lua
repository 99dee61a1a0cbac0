-- The default commander, before the battle: the choice of edge, the
-- terrain changes, the flank march's order and the deployment plan.
-- Part of phalanx.ai (commander/base.lua).
local tables = require("phalanx.tables")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local setup = require("phalanx.setup")
local turn = require("phalanx.turn")
local ai = require("phalanx.commander.base")

local abs, min, max, floor = math.abs, math.min, math.max, math.floor
local half_up = melee.half_up
local groups = troops.groups
local battlefield = require("sandtable.battlefield")

---------------------------------------------------------------------------
-- Deployment (DEPLOYMENT; COMMAND AND CONTROL: the parts and their sectors).
--
-- The plan is made in three steps and checked with setup.check_deployment
-- (terrain included) before it is handed over:
--   1. an ideal layout on an open table (ideal_layout): the MBL centre spread
--      evenly across the centre sector, the wings against it, skirmishers in
--      front, light horse beside the ends, a second line at the back;
--   2. fitted to the terrain (fit): the main battle line is searched left to
--      right (fit_line: depth-first, every link within its part's sector and
--      the rear zone, clear of impassable terrain, within three frontages of
--      the link before it, trying positions nearest the ideal first, good
--      going with a clear way ahead before bad going, the front of the zone
--      before the back, the list's order before another); then the links off
--      the line go to the free ground nearest their ideal place in their
--      sector (place_free);
--   3. fallbacks (make_plan, ai.deployment): the winner of the pre-battle
--      throw removes the pieces that block its zone (ai.terrain_changes);
--      when the list's division into centre and wings cannot be deployed on
--      this table, the commander divides the army otherwise (moving the
--      links nearest the centre between the parts: "You may divide your army
--      in to three parts"); when nothing else serves, the fewest impassable
--      pieces in its rear zone that block it are treated as removed (plan.clear,
--      done by battle.lua).

local GAP = 2   -- mm between neighbouring groups
local PARTS = { "left", "centre", "right" }
local EDGES = { "south", "north" }
local SEARCH_BUDGET = 1000   -- nodes of the line search per attempt

-- A group's width and depth are asked hundreds of times a plan (every
-- attempt's layout, the division tests): kept per group for one make_plan
-- call (emptied at its start: the specs do not change while it runs).
local widths, depths = {}, {}

local function group_width(g)
  local w = widths[g]
  if w then return w end
  w = 0
  for ix = 1, #g.specs do local s = g.specs[ix]; w = w + s.w end
  widths[g] = w
  return w
end

local function group_depth(g)
  local d = depths[g]
  if d then return d end
  d = 0
  for ix = 1, #g.specs do local s = g.specs[ix]; d = max(d, s.d) end
  depths[g] = d
  return d
end

-- Lays out the members of a group left to right from u0 with front edge at v_front.
local function put_group(out, G, edge, g, u0, v_front)
  local u = u0
  local first = #out + 1
  for ix = 1, #g.specs do local s = g.specs[ix]
    local x, y, f = setup.to_table(G.S, edge, u + s.w / 2, v_front - s.d / 2)
    out[#out + 1] = { vid = s.vid, x = x, y = y, facing = f, w = s.w, d = s.d, group = g, first = first }
    u = u + s.w
  end
end

-- Impassable terrain within L mm straight ahead of a base.
local function lane_blocked(G, x, y, f, w, dp, L)
  local fx, fy = setup.axes(f)
  local c = dp / 2 + L / 2
  local _, imp = G.T:under(x + fx * c, y + fy * c, f, w, L)
  return imp
end

-- The ideal layout on an open table. partof(g) gives each group's part.
local function ideal_layout(G, side, edge, partof, lined)
  local S = G.S
  local sd = G.sides[side]
  local mbl = { left = {}, centre = {}, right = {} }
  local front = { left = {}, centre = {}, right = {} }
  local outer = { left = {}, centre = {}, right = {} }
  local second = {}
  for ix = 1, #sd.groups do local gid = sd.groups[ix]
    local g = G.groups[gid]
    local s1 = g.specs[1]
    local part = partof(g)
    if s1.last_line or (lined and lined[g]) then second[#second + 1] = g
    elseif s1.mbl then local l = mbl[part]; l[#l + 1] = g
    elseif s1.class == "LSC" or s1.class == "HSC" or s1.class == "CAM" then local l = outer[part]; l[#l + 1] = g
    else local l = front[part]; l[#l + 1] = g end
  end
  -- links moved to another part stand at its end nearest their own part
  local RANK = { left = 1, centre = 2, right = 3 }
  for _, part in ipairs(PARTS) do
    local list, idx = mbl[part], {}
    for i = 1, #list do local g = list[i]; idx[g] = i end
    table.sort(list, function(a, b)
      local ra, rb = RANK[a.part], RANK[b.part]
      if ra ~= rb then return ra < rb end
      return idx[a] < idx[b]
    end)
  end
  -- u positions (left end) of the MBL groups
  local F, W = S.flank, S.width
  local pos = {}
  local function pack(list, u0)
    local u = u0
    for ix = 1, #list do local g = list[ix]; pos[g] = u; u = u + group_width(g) + GAP end
    return u - GAP
  end
  local function width_of(list)
    local w = 0
    for ix = 1, #list do local g = list[ix]; w = w + group_width(g) end
    return w + GAP * max(0, #list - 1)
  end
  local lw = width_of(mbl.left)
  pack(mbl.left, max(0, F - GAP - lw))
  pack(mbl.right, W - F + GAP)
  local hasL, hasR = #mbl.left > 0, #mbl.right > 0
  local cw = 0
  for ix = 1, #mbl.centre do local g = mbl.centre[ix]; cw = cw + group_width(g) end
  local k = #mbl.centre
  local space = W - 2 * F
  if k > 0 then
    if hasL and hasR then
      local gap = max(GAP, (space - cw) / (k + 1))
      local limit = tables.deployment.max_mbl_gap_frontages * S.frontage - 1
      local u = F + gap
      if gap > limit then gap = limit; u = F + (space - cw - gap * (k - 1)) / 2 end
      for ix = 1, #mbl.centre do local g = mbl.centre[ix]; pos[g] = u; u = u + group_width(g) + gap end
    elseif hasL then
      pack(mbl.centre, F + GAP)
    elseif hasR then
      pack(mbl.centre, W - F - GAP - width_of(mbl.centre))
    else
      pack(mbl.centre, W / 2 - width_of(mbl.centre) / 2)
    end
  end
  -- depths
  local f = S.frontage
  local d_front, d_mbl, d_second = 0, 0, 0
  for _, part in ipairs(PARTS) do
    for ix = 1, #front[part] do local g = front[part][ix]; d_front = max(d_front, group_depth(g)) end
    for ix = 1, #mbl[part] do local g = mbl[part][ix]; d_mbl = max(d_mbl, group_depth(g)) end
    for ix = 1, #outer[part] do local g = outer[part][ix]; d_mbl = max(d_mbl, group_depth(g)) end
  end
  for ix = 1, #second do local g = second[ix]; d_second = max(d_second, group_depth(g)) end
  -- room: second line at the back, then more than half a repulse between the
  -- lines ("Don't have your second line too close"), the MBL, skirmishers
  local need_behind = #second > 0 and (1 + d_second + f / 2 + 3) or 0
  local v_mbl = S.rear
  if d_front > 0 then v_mbl = S.rear - d_front - GAP end
  if v_mbl - d_mbl < need_behind then
    -- no room in front: skirmishers go to the ends of their part's line
    for _, part in ipairs(PARTS) do
      for ix = 1, #front[part] do local g = front[part][ix]; local l = outer[part]; l[#l + 1] = g end
      front[part] = {}
    end
    d_front = 0
    v_mbl = S.rear
  end
  if S.depth_free and v_mbl - d_mbl < need_behind then
    -- READING (setup.scale depth_free, 25mm option 3): bases deeper than the
    -- zone, or a second line with no room behind the first, stand with
    -- their back edges in the zone and reach forward out of it; the second
    -- line then stands close behind ("too close" is advice, the zone a rule)
    -- (the second line behind the shallowest of the line, every back edge
    -- in the zone and on the table)
    local shallow = d_mbl
    for _, part in ipairs(PARTS) do
      for ix = 1, #mbl[part] do local g = mbl[part][ix]; shallow = min(shallow, group_depth(g)) end
    end
    v_mbl = max(v_mbl, d_mbl, #second > 0 and min(need_behind, 1 + d_second + 3) + shallow or 0)
  end
  local out = {}
  -- the main battle line, centre first then the wings
  for _, part in ipairs({ "centre", "left", "right" }) do
    for ix = 1, #mbl[part] do local g = mbl[part][ix]; put_group(out, G, edge, g, pos[g], v_mbl) end
  end
  -- the second line, behind the middle of the line; when it has links of
  -- the wings or is wider than the centre sector (a large army), each part's
  -- second line behind the middle of that part's line, in its sector
  local per_part = false
  if #second > 0 then
    for ix = 1, #second do local g = second[ix]; if partof(g) ~= "centre" then per_part = true end end
    if width_of(second) > space then per_part = true end
  end
  if #second > 0 and not per_part then
    local sw = width_of(second)
    local u = W / 2 - sw / 2
    for ix = 1, #second do local g = second[ix]
      put_group(out, G, edge, g, u, 1 + group_depth(g))
      u = u + group_width(g) + GAP
    end
  elseif per_part then
    for _, part in ipairs(PARTS) do
      local list = {}
      for ix = 1, #second do local g = second[ix]; if partof(g) == part then list[#list + 1] = g end end
      if #list > 0 then
        local lo, hi = setup.part_range(S, part)
        local l, r = math.huge, -math.huge
        for ix = 1, #mbl[part] do local g = mbl[part][ix]; l = min(l, pos[g]); r = max(r, pos[g] + group_width(g)) end
        local mid = l < r and (l + r) / 2 or (lo + hi) / 2
        local sw = width_of(list)
        local u = max(lo, min(hi - sw, mid - sw / 2))
        for ix = 1, #list do local g = list[ix]
          put_group(out, G, edge, g, u, 1 + group_depth(g))
          u = u + group_width(g) + GAP
        end
      end
    end
  end
  -- off the line: light horse beside the line's ends, skirmishers in front
  for _, part in ipairs({ "left", "right", "centre" }) do
    local list = mbl[part]
    local lo, hi = setup.part_range(S, part)
    local lmost, rmost = math.huge, -math.huge
    for ix = 1, #list do local g = list[ix]
      lmost = min(lmost, pos[g]); rmost = max(rmost, pos[g] + group_width(g))
    end
    if lmost == math.huge then lmost, rmost = (lo + hi) / 2, (lo + hi) / 2 end
    for ix = 1, #outer[part] do local g = outer[part][ix]
      local w = group_width(g)
      if part ~= "right" and lmost - GAP - w >= lo then
        lmost = lmost - GAP - w
        put_group(out, G, edge, g, lmost, v_mbl)
      elseif rmost + GAP + w <= hi then
        put_group(out, G, edge, g, rmost + GAP, v_mbl)
        rmost = rmost + GAP + w
      elseif lmost - GAP - w >= lo then
        lmost = lmost - GAP - w
        put_group(out, G, edge, g, lmost, v_mbl)
      else
        local l = front[part]; l[#l + 1] = g
      end
    end
    local fl = front[part]
    if #fl > 0 then
      local span_lo, span_hi = max(lo, lmost), min(hi, rmost)
      if span_hi - span_lo < width_of(fl) then span_lo, span_hi = lo, hi end
      local step = (span_hi - span_lo - width_of(fl)) / (#fl + 1)
      local u = span_lo + max(0, step)
      local vf = d_front > 0 and S.rear or min(max(S.rear, S.depth_free and v_mbl + GAP + group_depth(fl[1]) or 0),
                                              v_mbl + GAP + group_depth(fl[1]))
      for ix = 1, #fl do local g = fl[ix]
        put_group(out, G, edge, g, u, vf)
        u = u + group_width(g) + max(GAP, step)
      end
    end
  end
  return out
end

-- The groups of a layout as blocks in side-local coordinates.
local function blocks_of(S, edge, out, partof, lined)
  local blocks = {}
  local i = 1
  while i <= #out do
    local j = i
    while j + 1 <= #out and out[j + 1].first == out[i].first do j = j + 1 end
    local u0, v0, u1, v1 = math.huge, math.huge, -math.huge, -math.huge
    for k = i, j do
      local e = out[k]
      local u, v = setup.to_local(S, edge, e.x, e.y)
      u0, u1 = min(u0, u - e.w / 2), max(u1, u + e.w / 2)
      v0, v1 = min(v0, v - e.d / 2), max(v1, v + e.d / 2)
    end
    local g = out[i].group
    blocks[#blocks + 1] = { i = i, j = j, g = g, part = partof(g), u0 = u0, u1 = u1, v0 = v0, v1 = v1,
                            width = u1 - u0, depth = v1 - v0,
                            mbl = g.specs[1].mbl == true and not g.specs[1].last_line
                                  and not (lined and lined[g]) }
    i = j + 1
  end
  return blocks
end

-- Terrain pieces as side-local boxes.
local function local_pieces(S, edge, T)
  local list = {}
  for ix = 1, #T.pieces do local p = T.pieces[ix]
    if p.bad_going or not p.passable then
      local bx = p.box
      local pu0, pv0 = setup.to_local(S, edge, bx[1], bx[2])
      local pu1, pv1 = setup.to_local(S, edge, bx[3], bx[4])
      if pu0 > pu1 then pu0, pu1 = pu1, pu0 end
      if pv0 > pv1 then pv0, pv1 = pv1, pv0 end
      if pv0 < S.rear + S.tile_d * 2 then
        list[#list + 1] = { u0 = pu0, u1 = pu1, v0 = pv0, v1 = pv1, imp = not p.passable, piece = p }
      end
    end
  end
  return list
end

-- The depth options of a block and the forbidden left ends for each (level
-- 1: good going and a clear way ahead; 2: a clear way ahead; 3: off
-- impassable terrain). They depend only on the block's box and the pieces.
local function starts_before(p1, p2) return p1[1] < p2[1] end

local function block_opts(S, b, pieces)
  local lane = S.tile_d * 1.5
  local opts = {}
  local vs = { { b.v0, b.v1 } }
  if S.rear - b.v1 > 0.5 then vs[#vs + 1] = { S.rear - b.depth, S.rear } end
  local vs3 = { vs[1], vs[2] }
  if b.v0 > 0.5 then vs3[#vs3 + 1] = { 0, b.depth } end
  if S.rear - b.depth > 1 then
    local mid = (S.rear - b.depth) / 2
    vs3[#vs3 + 1] = { mid, mid + b.depth }
  end
  local npieces, width = #pieces, b.width
  -- each piece's forbidden left ends, one (read-only) pair shared by the lists
  local spans = {}
  for level = 1, 3 do
    local vlist = level == 3 and vs3 or vs
    local reach = level <= 2 and lane or 0
    for vi = 1, #vlist do
      local vv = vlist[vi]
      local v0, v1 = vv[1], vv[2]
      local list, n = {}, 0
      for pi = 1, npieces do
        local p = pieces[pi]
        local hit
        if p.imp then hit = p.v1 > v0 and p.v0 < v1 + reach
        else hit = level == 1 and p.v1 > v0 and p.v0 < v1 end
        if hit then
          local span = spans[pi]
          if not span then span = { p.u0 - width - 0.5, p.u1 + 0.5 }; spans[pi] = span end
          n = n + 1; list[n] = span
        end
      end
      table.sort(list, starts_before)
      opts[#opts + 1] = { level = level, dv = v0 - b.v0, list = list }
    end
  end
  return opts
end

-- block_opts, kept in `memo` (one per side and terrain: make_plan's) by the
-- block's width, depth, v0 and v1.
local function cached_opts(S, b, pieces, memo)
  local t1 = memo[b.width]
  if not t1 then t1 = {}; memo[b.width] = t1 end
  local t2 = t1[b.depth]
  if not t2 then t2 = {}; t1[b.depth] = t2 end
  local t = t2[b.v0]
  if not t then t = {}; t2[b.v0] = t end
  local opts = t[b.v1]
  if not opts then opts = block_opts(S, b, pieces); t[b.v1] = opts end
  return opts
end

-- Order of the line search's candidates { u0, dv, level, order, dist }: the
-- better level, then nearer the ideal (by more than 0.5 mm), then the list's
-- order of options.
local function candidate_before(a, b)
  if a[3] ~= b[3] then return a[3] < b[3] end
  local d = a[5] - b[5]
  if d > 0.5 or d < -0.5 then return a[5] < b[5] end   -- abs(d) > 0.5, without a call
  return a[4] < b[4]
end

-- The line search of fit_line (below), on blocks with their options set:
-- the Lua code, kept as the reference the core's battlefield.fit_line is
-- tested against (tests/ai_test.lua). budget: nodes (default SEARCH_BUDGET).
local function search_line(seq, limit, budget)
  budget = budget or SEARCH_BUDGET   -- nodes of the search
  -- candidates as { u0, dv, level, order, dist }, built without per-call
  -- tables: free intervals of [lo, hi] outside each option's list (in fs,
  -- fe), picks added in the order the old pick lists had (the clamped
  -- ideal, the last interval's end, the first's start), duplicates skipped
  -- by a generation stamp.
  local fs, fe = {}, {}
  local seen, gen = {}, 0
  local function candidates(b, lo, hi)
    gen = gen + 1
    local c, n = {}, 0
    local bu0 = b.u0
    local opts = b.opts
    for oi = 1, #opts do
      local o = opts[oi]
      local list = o.list
      local nf, at = 0, lo
      for li = 1, #list do
        local iv = list[li]
        local s2 = iv[2]
        if s2 > at then
          local s1 = iv[1]
          if s1 > at then
            local e = hi < s1 and hi or s1   -- min(s1, hi)
            if e >= at - 1e-6 then nf = nf + 1; fs[nf], fe[nf] = at, e end
          end
          if at < s2 then at = s2 end
        end
        if at > hi then break end
      end
      if at <= hi then nf = nf + 1; fs[nf], fe[nf] = at, hi end
      local dv, level = o.dv, o.level
      local dkey = floor(dv * 10)
      -- (x // 1 is floor(x) as a float: the same table key as math.floor's
      -- integer, without a call per pick)
      for fi = 1, nf do
        local f0, f1 = fs[fi], fe[fi]
        for k = 1, 3 do
          local u
          if k == 1 then
            u = bu0 < f0 and f0 or bu0   -- min(max(bu0, f0), f1)
            if f1 < u then u = f1 end
          elseif k == 2 then if fi == nf then u = f1 end
          elseif fi == 1 then u = f0 end
          if u then
            local key = (u * 10) // 1 * 16777216 + dkey   -- one number per pair: no strings
            if seen[key] ~= gen then
              seen[key] = gen
              n = n + 1
              local dist = u - bu0
              if dist < 0 then dist = -dist end
              c[n] = { u, dv, level, oi, dist }
            end
          end
        end
      end
    end
    table.sort(c, candidate_before)
    return c
  end
  -- the search asks again for the same block and range on many branches:
  -- each list is kept (read only) by block, lo and hi
  local kept = {}
  local function candidates_kept(b, lo, hi)
    local by_lo = kept[b]
    if not by_lo then by_lo = {}; kept[b] = by_lo end
    local by_hi = by_lo[lo]
    if not by_hi then by_hi = {}; by_lo[lo] = by_hi end
    local c = by_hi[hi]
    if not c then c = candidates(b, lo, hi); by_hi[hi] = c end
    return c
  end
  local nodes = 0
  local failed = {}   -- states known to fail: [part][links placed][end of the line]
  local function failures(pi, mask)
    local fp = failed[pi]
    if not fp then fp = {}; failed[pi] = fp end
    local fm = fp[mask]
    if not fm then fm = {}; fp[mask] = fm end
    return fm
  end
  -- each part's set of placed links (left clean by every failed branch)
  local used_of = {}
  for pi = 1, #seq do
    used_of[pi] = {}
    for bi, b in ipairs(seq[pi].blocks) do b.bit = 1 << bi end
  end
  local go
  -- A node of the search with links still to place in part pi (mask: the
  -- placed ones; left: how many are not; fm, key: its entry in `failed`).
  local function expand(pi, used, prev_end, mask, left, fm, key)
    local part = seq[pi]
    local blocks = part.blocks
    local nextp = seq[pi + 1]
    local m = left - 1
    local part_hi = part.hi
    for ri = 1, #blocks do
      local b = blocks[ri]
      if not used[b] then
        local bw = b.width
        local lo, hi = part.lo, part_hi - bw
        if prev_end then
          local a, z = prev_end + GAP, prev_end + limit
          if lo < a then lo = a end   -- max(lo, prev_end + GAP)
          if z < hi then hi = z end   -- min(hi, prev_end + limit)
        end
        if lo <= hi + 1e-6 then
          -- what the rest of this part needs after b
          local wr = 0
          for oi = 1, #blocks do
            local o = blocks[oi]
            if o ~= b and not used[o] then wr = wr + o.width end
          end
          local cands = candidates_kept(b, lo, hi)
          local cmask = mask | b.bit
          for ci = 1, #cands do
            local c = cands[ci]
            local e = c[1] + bw
            local fits = e + m * GAP + wr <= part_hi + 1e-6
            local reach = e + m * limit + wr
            if part_hi < reach then reach = part_hi end   -- min(part.hi, ...)
            if fits and (not nextp or reach + limit >= nextp.lo - 1e-6) then
              used[b] = true
              b.pu0, b.pdv = c[1], c[2]
              local ok
              if m > 0 then
                -- go(pi, used, e) in place: the node is counted, and one
                -- known to fail is answered without a call
                nodes = nodes + 1
                if nodes > budget then ok = false
                else
                  local cfm, ckey = failures(pi, cmask), e // 1   -- floor(e)
                  if cfm[ckey] then ok = false
                  else ok = expand(pi, used, e, cmask, m, cfm, ckey) end
                end
              else
                ok = go(pi, used, e)
              end
              if ok then return true end
              used[b] = nil
            end
            if nodes > budget then return false end
          end
        end
      end
    end
    fm[key] = true
    return false
  end
  go = function(pi, used, prev_end)
    nodes = nodes + 1
    if nodes > budget then return false end
    local part = seq[pi]
    if not part then return true end
    local blocks = part.blocks
    local mask, left = 0, 0
    for bi = 1, #blocks do
      if used[blocks[bi]] then mask = mask | (1 << bi) else left = left + 1 end
    end
    if left == 0 then return go(pi + 1, used_of[pi + 1], prev_end) end
    local fm = failures(pi, mask)
    local key = prev_end and prev_end // 1 or false   -- floor(prev_end)
    if fm[key] then return false end
    return expand(pi, used, prev_end, mask, left, fm, key)
  end
  return go(1, used_of[1], nil)
end
ai.search_line = search_line

-- The same search in the core, with the same arithmetic (bit-identical
-- places): battlefield.fit_line; the Lua code where the core lacks it.
local core_fit_line = battlefield and battlefield.fit_line

-- The main battle line: each MBL block gets a left end u0 and a depth shift.
-- seq = non-empty parts left to right, each { lo, hi, blocks in wanted order }.
-- Returns true when every block is placed (b.pu0, b.pdv set).
-- memo: cached_opts' cache (nil: computed here).
local function fit_line(S, seq, pieces, limit, memo)
  for ix = 1, #seq do local part = seq[ix]
    for ix = 1, #part.blocks do local b = part.blocks[ix]
      b.opts = memo and cached_opts(S, b, pieces, memo) or block_opts(S, b, pieces)
    end
  end
  if core_fit_line then return core_fit_line(seq, limit, GAP, SEARCH_BUDGET) end
  return search_line(seq, limit)
end
ai.SEARCH_BUDGET, ai.GAP = SEARCH_BUDGET, GAP

-- A block off the line: the free place nearest (want_u, want_v) in [lo, hi]
-- of its sector, in the rear zone, clear of `placed` and impassable terrain
-- (good going preferred). Returns u0, v0 or nil.
-- place_free's order of trial places: nearest the wanted place first.
local function nearer_place(a, c) return a[3] < c[3] end

-- The places of the grid us x vs, nearest (want_u, want_v) first, as a flat
-- list u1, v1, u2, v2, ...: table.sort's order (Lua code kept as the
-- reference battlefield.places_by_distance, the core's, is tested against).
local function places_by_distance_lua(us, vs, want_u, want_v)
  local cands, n = {}, 0
  local nv = #vs
  for iu = 1, #us do
    local u = us[iu]
    local du = u - want_u
    if du < 0 then du = -du end   -- abs
    for iv = 1, nv do
      local v = vs[iv]
      local dv = v - want_v
      if dv < 0 then dv = -dv end
      n = n + 1
      cands[n] = { u, v, du + dv }
    end
  end
  table.sort(cands, nearer_place)
  local out = {}
  for i = 1, n do out[2 * i - 1], out[2 * i] = cands[i][1], cands[i][2] end
  return out
end
ai.places_by_distance = places_by_distance_lua
local places_by_distance = battlefield and battlefield.places_by_distance or places_by_distance_lua

-- levels (optional): what the terrain answered for blocks of the same
-- members (sizes and offsets) at the same places on this terrain and edge,
-- kept by the caller (make_plan's cache): the search asks again for the same
-- block and places at every attempt (about 60% of Leipzig's probes).
local function place_free(S, T, edge, b, want_u, want_v, lo, hi, placed, pieces, members, levels)
  local w, d = b.width, b.depth
  hi = hi - w
  if lo > hi + 1e-6 then return nil end
  local vmax = S.rear - d
  if S.depth_free then vmax = max(vmax, 0) end   -- READING: back edge in the zone (setup.scale)
  if vmax < -1e-6 then return nil end
  -- (min, max and floor written out: the same values without a call;
  -- x // 1 is floor(x) as a float, the same table key as math.floor's)
  local us, vs, seen = {}, {}, {}
  local function addu(u)
    if u >= lo - 1e-6 and u <= hi + 1e-6 then
      if u < lo then u = lo end   -- min(max(u, lo), hi)
      if hi < u then u = hi end
      local k = u // 1
      if not seen[k] then seen[k] = true; us[#us + 1] = u end
    end
  end
  local vseen = {}
  local function addv(v)
    if v >= -1e-6 and v <= vmax + 1e-6 then
      if v < 0 then v = 0 end   -- min(max(v, 0), vmax)
      if vmax < v then v = vmax end
      local k = v // 1
      if not vseen[k] then vseen[k] = true; vs[#vs + 1] = v end
    end
  end
  addu(min(max(want_u, lo), hi)); addv(min(max(want_v, 0), vmax))
  local south = edge == "south"
  local W, D = S.width, S.depth
  local nplaced, nmembers = #placed, #members
  local half_gap = GAP / 2
  -- A place (u, v) meets a placed block q when
  --   u < q[2] + GAP/2 and u + w > q[1] - GAP/2 and v < q[4] + GAP/2 and v + d > q[3] - GAP/2.
  -- The depth half depends only on v, and many places share a v: rows[v]
  -- lists, flat, the limits q[1] - GAP/2, q[2] + GAP/2 of the placed blocks
  -- a place at depth v meets in depth (the same sums as the test's, so the
  -- same answers), built once per v; a place is then two comparisons a block
  -- of its row. (Leipzig's deployment spent 12% of a battle's Lua testing
  -- every place against every block, then 13% in the per-place call and
  -- table reads of this test: issue #13, session eleven.)
  -- Only the placed blocks that some place in [lo, hi] x [0, vmax] could
  -- meet are read by the rows (the others fail the test for every place:
  -- each bound moves one way with u or v); the wanted place is one of them.
  local ulo, uhi = lo, hi
  if hi < lo then ulo, uhi = hi, lo end
  local vlo, vhi = 0, vmax
  if vmax < 0 then vlo, vhi = vmax, 0 end
  local near = {}
  for i = 1, nplaced do
    local q = placed[i]
    if ulo < q[2] + half_gap and uhi + w > q[1] - half_gap and vlo < q[4] + half_gap and vhi + d > q[3] - half_gap then
      near[#near + 1] = q
    end
  end
  local nnear = #near
  local rows = {}
  local function row_at(v)
    local row, n = {}, 0
    for i = 1, nnear do
      local q = near[i]
      if v < q[4] + half_gap and v + d > q[3] - half_gap then
        row[n + 1], row[n + 2] = q[1] - half_gap, q[2] + half_gap
        n = n + 2
      end
    end
    rows[v] = row
    return row
  end
  -- terrain under the members at (u, v): 1 good going, 2 bad going, nil
  -- impassable (false in `known`)
  local known
  if levels then
    -- the members' sizes and offsets, exactly (%.17g gives the same double back)
    local parts = {}
    for i = 1, nmembers do
      local m = members[i]
      parts[i] = string.format("%.17g %.17g %.17g %.17g", m.du, m.dv, m.w, m.d)
    end
    local key = table.concat(parts, ";")
    known = levels[key]
    if not known then known = {}; levels[key] = known end
  end
  local function probe(u, v)
    local bad = false
    for i = 1, nmembers do
      local m = members[i]
      -- setup.to_table, written out
      local x, y, f = u + m.du + m.w / 2, v + m.dv + m.d / 2, 0
      if not south then x, y, f = W - x, D - y, 180 end
      local bg, im = T:under(x, y, f, m.w, m.d)
      if im then return nil end
      bad = bad or bg
    end
    return bad and 2 or 1
  end
  local function terrain_level(u, v)
    if not known then return probe(u, v) end
    local by_u = known[v]
    if not by_u then by_u = {}; known[v] = by_u end
    local level = by_u[u]
    if level == nil then level = probe(u, v) or false; by_u[u] = level end
    return level or nil
  end
  -- where it wants to be, if it can
  -- (the whole test, block by block, without building its row: most calls
  -- end here)
  do
    local u, v = us[1], vs[1]
    local free = true
    for i = 1, nnear do
      local q = near[i]
      if u < q[2] + half_gap and u + w > q[1] - half_gap and v < q[4] + half_gap and v + d > q[3] - half_gap then
        free = false; break
      end
    end
    if free and terrain_level(u, v) == 1 then return u, v end
  end
  addu(lo); addu(hi)
  local step = S.frontage / 2
  -- addu(u) for u = lo, hi, step, written out: each u is within [lo, hi]
  -- already (the clamp changes nothing); the same list, without a call each
  local nus = #us
  for u = lo, hi, step do
    local k = u // 1
    if not seen[k] then seen[k] = true; nus = nus + 1; us[nus] = u end
  end
  addv(vmax); addv(0); addv(vmax / 2)
  for i = 1, nplaced do
    local q = placed[i]
    if q[2] > lo - w and q[1] < hi + 2 * w then
      addu(q[2] + GAP); addu(q[1] - w - GAP)
      addv(q[4] + GAP); addv(q[3] - d - GAP)
    end
  end
  local rear = S.rear
  for i = 1, #pieces do
    local p = pieces[i]
    if p.u1 > lo - w and p.u0 < hi + 2 * w and p.v0 < rear then
      addu(p.u1 + 0.5); addu(p.u0 - w - 0.5)
      addv(p.v1 + 0.5); addv(p.v0 - d - 0.5)
    end
  end
  local order = places_by_distance(us, vs, want_u, want_v)
  local fallback_u, fallback_v
  for i = 1, #order, 2 do
    local u, v = order[i], order[i + 1]
    local row = rows[v] or row_at(v)
    local a, free = u + w, true
    for j = 1, #row, 2 do
      if u < row[j + 1] and a > row[j] then free = false; break end
    end
    if free then
      local level = terrain_level(u, v)
      if level == 1 then return u, v end
      if level == 2 and not fallback_u then fallback_u, fallback_v = u, v end
    end
  end
  if fallback_u then return fallback_u, fallback_v end
  return nil
end
ai.place_free = place_free

-- Fits the ideal layout to the terrain T. Returns true if every group found a
-- place (the plan is then checked by the caller).
local function fit(G, edge, out, T, partof, lined, cache)
  local S = G.S
  local limit = tables.deployment.max_mbl_gap_frontages * S.frontage - 0.5
  local blocks = blocks_of(S, edge, out, partof, lined)
  local pieces = cache and cache.pieces or local_pieces(S, edge, T)
  local by_part = { left = {}, centre = {}, right = {} }
  local rest = {}
  for ix = 1, #blocks do local b = blocks[ix]
    if b.mbl then local l = by_part[b.part]; l[#l + 1] = b else rest[#rest + 1] = b end
  end
  local seq = {}
  for _, part in ipairs(PARTS) do
    local list = by_part[part]
    table.sort(list, function(a, c) return a.u0 < c.u0 end)
    if #list > 0 then
      local lo, hi = setup.part_range(S, part)
      seq[#seq + 1] = { lo = lo, hi = hi, blocks = list, part = part }
    end
  end
  local ok = fit_line(S, seq, pieces, limit, cache and cache.opts)
  if not ok then return false end
  local placed = {}
  local shift, count = { left = 0, centre = 0, right = 0 }, { left = 0, centre = 0, right = 0 }
  local sign = edge == "south" and 1 or -1
  local function move(b, du, dv)
    for k = b.i, b.j do out[k].x, out[k].y = out[k].x + sign * du, out[k].y + sign * dv end
    b.u0, b.u1, b.v0, b.v1 = b.u0 + du, b.u1 + du, b.v0 + dv, b.v1 + dv
    placed[#placed + 1] = { b.u0, b.u1, b.v0, b.v1 }
  end
  for ix = 1, #seq do local part = seq[ix]
    for ix = 1, #part.blocks do local b = part.blocks[ix]
      local du = b.pu0 - b.u0
      shift[b.part] = shift[b.part] + du; count[b.part] = count[b.part] + 1
      move(b, du, b.pdv)
    end
  end
  for ix = 1, #rest do local b = rest[ix]
    local lo, hi = setup.part_range(S, b.part)
    local want_u = b.u0 + (count[b.part] > 0 and shift[b.part] / count[b.part] or 0)
    local members = {}
    for k = b.i, b.j do
      local u, v = setup.to_local(S, edge, out[k].x, out[k].y)
      members[#members + 1] = { du = u - out[k].w / 2 - b.u0, dv = v - out[k].d / 2 - b.v0, w = out[k].w, d = out[k].d }
    end
    local u, v = place_free(S, T, edge, b, want_u, b.v0, lo, hi, placed, pieces, members, cache and cache.levels)
    if not u then return false end
    move(b, u - b.u0, v - b.v0)
  end
  return true
end

-- The placements check_deployment reads, for a plan of side `side`.
local function placements_of(G, side, plan)
  local by_vid = {}
  for ix = 1, #G.sides[side].groups do local gid = G.sides[side].groups[ix]
    for ix = 1, #G.groups[gid].specs do local spec = G.groups[gid].specs[ix]; by_vid[spec.vid] = spec end
  end
  local list = {}
  for i = 1, #plan do local p = plan[i]
    local spec = by_vid[p.vid]
    list[i] = { vid = p.vid, part = p.part or spec.part, class = spec.class,
                mbl = (spec.mbl and not spec.last_line and p.line ~= 2) or false, x = p.x, y = p.y, facing = p.facing,
                w = spec.w, d = spec.d }
  end
  return list
end

-- Divisions of the army to try, the list's own first: the k links of a
-- wing's MBL nearest the centre join the centre (a line that cannot reach
-- across the centre sector, a wing too wide for its flank sector), or the
-- centre's outermost links join a wing (a centre too wide for its sector).
-- Each is a map group -> part, or nil for the list's own.
local function divisions(G, side)
  local sd = G.sides[side]
  local lw, ce, rw = {}, {}, {}
  for ix = 1, #sd.groups do local gid = sd.groups[ix]
    local g = G.groups[gid]
    local s1 = g.specs[1]
    if s1.mbl and not s1.last_line then
      if g.part == "left" then lw[#lw + 1] = g elseif g.part == "right" then rw[#rw + 1] = g else ce[#ce + 1] = g end
    end
  end
  local out = { false }
  local combos = {}
  -- wings towards the centre: lw's last links are nearest the centre, rw's first
  for nl = 0, #lw do
    for nr = 0, #rw do
      if nl + nr > 0 then combos[#combos + 1] = { nl = nl, nr = nr, n = nl + nr } end
    end
  end
  -- the centre towards the wings
  for nc = 1, #ce - 1 do
    combos[#combos + 1] = { cl = (nc + 1) // 2, cr = nc // 2, n = nc + 0.5 }
    combos[#combos + 1] = { cl = nc, cr = 0, n = nc + 0.6 }
    combos[#combos + 1] = { cl = 0, cr = nc, n = nc + 0.6 }
  end
  table.sort(combos, function(a, b) return a.n < b.n end)
  for _, c in ipairs(combos) do
    local map = {}
    for i = 1, c.nl or 0 do map[lw[#lw - i + 1]] = "centre" end
    for i = 1, c.nr or 0 do map[rw[i]] = "centre" end
    for i = 1, c.cl or 0 do map[ce[i]] = "left" end
    for i = 1, c.cr or 0 do map[ce[#ce - i + 1]] = "right" end
    out[#out + 1] = map
  end
  return out
end

-- A terrain like T without the pieces in `drop` (a set of pieces).
local function without(S, T, drop)
  local T2 = setup.new_terrain(S)
  for ix = 1, #T.pieces do local p = T.pieces[ix]
    if not drop[p] then
      local q = T2:add{ type = p.type, poly = p.poly and { table.unpack(p.poly) },
                        circle = p.circle and { table.unpack(p.circle) }, blocks_los = p.blocks_los,
                        box = { p.box[1], p.box[2], p.box[3], p.box[4] } }
      q.aabb = p.aabb
      q.source = p.source or p
    end
  end
  return T2
end

-- The MBL links of each part (list order) under a division and a set of
-- links put in the second line, and the second line's links of each part.
local function lines_of(G, side, partof, lined)
  local mbl = { left = {}, centre = {}, right = {} }
  local second = { left = {}, centre = {}, right = {} }
  for ix = 1, #G.sides[side].groups do local gid = G.sides[side].groups[ix]
    local g = G.groups[gid]
    local s1 = g.specs[1]
    if s1.last_line or (lined and lined[g]) then local l = second[partof(g)]; l[#l + 1] = g
    elseif s1.mbl then local l = mbl[partof(g)]; l[#l + 1] = g end
  end
  return mbl, second
end

local function width_of_list(list)
  local w = 0
  for ix = 1, #list do local g = list[ix]; w = w + group_width(g) end
  return w + GAP * max(0, #list - 1)
end

-- Whether a division (and second line) can stand in the sectors at all:
-- each part's MBL no wider than its sector, and each part's second line
-- with room behind (or beside) the line: a link of depth d stands behind
-- MBL links no deeper than the rear zone less d, or in the width the MBL
-- leaves free. A cheap necessary test: fit_line and place_free would fail.
local function parts_fit(G, side, partof, lined)
  local S = G.S
  local mbl, second = lines_of(G, side, partof, lined)
  for _, part in ipairs(PARTS) do
    local lo, hi = setup.part_range(S, part)
    local cap = hi - lo
    local used = width_of_list(mbl[part])
    if used > cap + 1e-6 then return false end
    if #second[part] > 0 then
      -- every depth a second-line link has: the links at least that deep
      -- need the width behind MBL links shallow enough, plus the free width
      for ix = 1, #second[part] do local g = second[part][ix]
        local d = group_depth(g)
        local need, room = 0, cap - used
        for ix = 1, #second[part] do local h = second[part][ix]
          if group_depth(h) >= d then need = need + group_width(h) + GAP end
        end
        for ix = 1, #mbl[part] do local h = mbl[part][ix]
          if (S.depth_free and 0 or group_depth(h)) + d + 3 * GAP <= S.rear then room = room + group_width(h) + GAP end
        end
        if need > room + 1e-6 then return false end
      end
    end
  end
  return true
end

-- READING (an army permitted multiple lines whose table will not take its
-- MBL in one line; Into Glory Ride's larger armies): the commander puts in
-- the second line, part by part, the fewest MBL links that bring each part's
-- line within its sector: those that can stand behind the deepest link of
-- the line first (foot behind horse or guns), the last listed first, never
-- the whole of a part's line. Returns a set of groups, or nil when every
-- part's line fits already.
local function line_map(G, side, partof)
  local S = G.S
  local mbl = lines_of(G, side, partof, nil)
  local lined, any = {}, false
  for _, part in ipairs(PARTS) do
    local list = mbl[part]
    local lo, hi = setup.part_range(S, part)
    local width = width_of_list(list)
    if width > hi - lo + 1e-6 and #list > 1 then
      local deepest = 0
      for ix = 1, #list do local g = list[ix]; deepest = max(deepest, group_depth(g)) end
      local cands = {}
      for i, g in ipairs(list) do
        cands[#cands + 1] = { g = g, i = i, behind = (S.depth_free and 0 or group_depth(g)) + deepest + 3 * GAP <= S.rear }
      end
      table.sort(cands, function(a, b)
        if a.behind ~= b.behind then return a.behind end
        return a.i > b.i
      end)
      local left = #list
      for _, c in ipairs(cands) do
        if width <= hi - lo + 1e-6 or left <= 1 then break end
        lined[c.g] = true; any = true
        width = width - group_width(c.g) - GAP
        left = left - 1
      end
    end
  end
  return any and lined or nil
end

-- One attempt: the ideal layout for a division and second line, fitted to T
-- and checked. Returns the plan, its problems, whether it was fitted.
local function attempt(G, side, edge, T, map, lined, cache)
  local function partof(g) return map and map[g] or g.part end
  local out = ideal_layout(G, side, edge, partof, lined)
  local fitted = fit(G, edge, out, T, partof, lined, cache)
  for ix = 1, #out do local e = out[ix]
    if map and map[e.group] then e.part = map[e.group] end
    if lined and lined[e.group] then e.line = 2 end
  end
  local problems = setup.check_deployment(G.S, edge, placements_of(G, side, out), G.sides[side].fields, T)
  return out, problems, fitted
end

-- A legal plan for `side` on `edge` over terrain T, or nil and the best
-- effort with its problems. strict: only the list's own division.
-- Divisions whose lines cannot stand in the sectors at all (parts_fit) are
-- not tried. An army permitted multiple lines whose line the table will not
-- take then tries each division again with links put in its second line
-- (line_map; the plan marks them `line = 2`, battle.lua moves them from the
-- MBL to the last line).
local function make_plan(G, side, edge, T, strict)
  widths, depths = {}, {}
  T:probe_in_core()   -- terrain checks by the core, on a scratch battlefield
  -- for every attempt on this side and terrain: the pieces in side-local
  -- boxes and each block's option lists (fit_line)
  -- (the terrain's answers are kept from the second attempt on: a plan
  -- made at the first attempt, the bench's usual case, would pay for a
  -- memo it never reads)
  local cache = { pieces = local_pieces(G.S, edge, T), opts = {} }
  local first_try, first_problems
  local divs = strict and { false } or divisions(G, side)
  for i, map in ipairs(divs) do
    local function partof(g) return map and map[g] or g.part end
    if i == 1 or parts_fit(G, side, partof, nil) then
      local out, problems, fitted = attempt(G, side, edge, T, map, nil, cache)
      cache.levels = cache.levels or {}
      if fitted and #problems == 0 then return out, {} end
      if not first_try then first_try, first_problems = out, problems end
      if #problems == 0 then return out, {} end
    end
  end
  if G.sides[side].fields.multiple_lines then
    for _, map in ipairs(divs) do
      local function partof(g) return map and map[g] or g.part end
      local lined = line_map(G, side, partof)
      if lined and parts_fit(G, side, partof, lined) then
        local out, problems = attempt(G, side, edge, T, map, lined, cache)
        cache.levels = cache.levels or {}
        if #problems == 0 then return out, {} end
      end
    end
  end
  return nil, first_problems, first_try
end
ai.make_plan = make_plan

-- Impassable pieces touching a side's rear zone (nearest the middle first).
local function zone_blockers(G, edge, T)
  local S = G.S
  local list = {}
  for ix = 1, #T.pieces do local p = T.pieces[ix]
    if not p.passable then
      local b = p.box
      local lo, hi = 0, S.rear
      if edge == "north" then lo, hi = S.depth - S.rear, S.depth end
      if b[4] > lo and b[2] < hi then list[#list + 1] = p end
    end
  end
  table.sort(list, function(a, b)
    return abs((a.box[1] + a.box[3]) / 2 - S.width / 2) < abs((b.box[1] + b.box[3]) / 2 - S.width / 2)
  end)
  return list
end

-- The fewest impassable pieces of the zone whose removal gives a legal plan
-- (one, then two, then all of them). Returns the set, the plan.
local function fewest_to_clear(G, side, edge, T, strict, max_n)
  local blockers = zone_blockers(G, edge, T)
  max_n = min(max_n or #blockers, #blockers)
  if max_n >= 1 then
    for _, p in ipairs(blockers) do
      local T2 = without(G.S, T, { [p] = true })
      local plan = make_plan(G, side, edge, T2, strict)
      if plan then return { p }, plan, T2 end
    end
  end
  if max_n >= 2 then
    for i = 1, #blockers do
      for j = i + 1, #blockers do
        local T2 = without(G.S, T, { [blockers[i]] = true, [blockers[j]] = true })
        local plan = make_plan(G, side, edge, T2, strict)
        if plan then return { blockers[i], blockers[j] }, plan, T2 end
      end
    end
  end
  if max_n > 2 then
    local drop = {}
    for _, p in ipairs(blockers) do drop[p] = true end
    local T2 = without(G.S, T, drop)
    local plan = make_plan(G, side, edge, T2, strict)
    if plan then return blockers, plan, T2 end
  end
  return nil
end

---------------------------------------------------------------------------
-- Pre-battle.

local function zone_clutter(G, edge)
  local S, T = G.S, G.T
  local score = 0
  for ix = 1, #T.pieces do local p = T.pieces[ix]
    local b = p.box
    local y0, y1 = b[2], b[4]
    local lo, hi = 0, S.rear + S.frontage * 2
    if edge == "north" then lo, hi = S.depth - hi, S.depth end
    if y1 > lo and y0 < hi then
      if not p.passable then score = score + 3
      elseif p.bad_going then score = score + 2
      elseif p.hill then score = score - 1 end
    end
  end
  return score
end

-- The usual choice: up to two pieces of bad or impassable going from its own
-- deployment area (impassable first).
local function default_removals(G, edge)
  local S = G.S
  local lo, hi = 0, S.rear + S.frontage
  if edge == "north" then lo, hi = S.depth - hi, S.depth end
  local picks = {}
  for _, want in ipairs({ "impassable", "bad" }) do
    for ix = 1, #G.T.pieces do local p = G.T.pieces[ix]
      local b = p.box
      local hit = b[4] > lo and b[2] < hi
      local kind = (not p.passable) and "impassable" or (p.bad_going and "bad" or nil)
      if hit and kind == want and #picks < tables.pre_battle.winner_may_remove_or_swap then
        picks[#picks + 1] = p
      end
    end
  end
  return picks
end

local clearing_for_uncached
-- The winner's changes for an edge: the usual removals if the army can then
-- deploy with its own division, else the one or two impassable pieces whose
-- removal lets it (nil when none does). Returns a list of pieces or nil.
local function clearing_for(G, side, edge)
  local cache = G.ai_clearing
  if not cache or cache.T ~= G.T or cache.n ~= #G.T.pieces then
    cache = { T = G.T, n = #G.T.pieces }
    G.ai_clearing = cache
  end
  local key = side .. edge
  if cache[key] == nil then cache[key] = clearing_for_uncached(G, side, edge) or false end
  return cache[key] or nil
end

-- The plan found for an edge is kept with the terrain it was made on: once
-- those removals are made, the deployment on that edge is the same plan
-- (make_plan's first division is the list's own, as here).
clearing_for_uncached = function(G, side, edge)
  local picks = default_removals(G, edge)
  local drop = {}
  for _, p in ipairs(picks) do drop[p] = true end
  local T2 = without(G.S, G.T, drop)
  local plan = make_plan(G, side, edge, T2, true)
  if plan then
    G.ai_plans = G.ai_plans or {}
    G.ai_plans[side .. edge] = { T = T2, plan = plan }
    return picks
  end
  local set, plan2, T3 = fewest_to_clear(G, side, edge, G.T, true, tables.pre_battle.winner_may_remove_or_swap)
  if set then
    G.ai_plans = G.ai_plans or {}
    G.ai_plans[side .. edge] = { T = T3, plan = plan2 }
    return set
  end
  return nil
end

-- Whether terrain A (a trial copy) holds the same pieces as B, in order.
local function same_list(a, b)
  if a == nil or b == nil then return a == b end
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end
local function same_pieces(A, B)
  local pa, pb = A.pieces, B.pieces
  if #pa ~= #pb then return false end
  for i = 1, #pa do
    local a, b = pa[i], pb[i]
    if a.source ~= b or a.type ~= b.type or a.aabb ~= b.aabb or a.blocks_los ~= b.blocks_los
      or not same_list(a.poly, b.poly) or not same_list(a.circle, b.circle) then
      return false
    end
  end
  return true
end

-- The edge with less clutter in its zone, unless only the other lets the
-- army deploy with its own division (after the winner's removals).
function ai.choose_edge(G, side)
  local order = { "south", "north" }
  if zone_clutter(G, "north") < zone_clutter(G, "south") then order = { "north", "south" } end
  if G.T.pieces[1] == nil then return order[1] end
  for _, edge in ipairs(order) do
    if clearing_for(G, side, edge) then return edge end
  end
  return order[1]
end

-- "The player with the highest score ... can remove up to two pieces, or
-- swap the positions of two pieces": removals (they clear its zone better
-- than a swap). The usual two (impassable, then bad going, in its own
-- deployment area), or, when those leave it unable to deploy, the one or two
-- impassable pieces whose removal makes room.
function ai.terrain_changes(G, side)
  local edge = G.sides[side].edge
  local picks = clearing_for(G, side, edge) or default_removals(G, edge)
  if #picks == 0 then return nil end
  local ids = {}
  for i, p in ipairs(picks) do ids[i] = p.id end
  return { remove = ids }
end

function ai.march_order(G, side)
  return G.sides[side].groups
end

-- Bases laid out in rows parallel to the direction (dx, dy) about (mx, my):
-- each row centred on the part of its line that lies on the table, filled in
-- the given order while the row still fits there; the next row stands
-- beyond it along (nx, ny) (the first row's near edge `off` from the centre
-- line). Each item: { vid, along = its size along the row, across = its size
-- across it, facing }. READING (the flank march abstracted): a line or
-- column too long for the table is folded into ranks rather than stacked.
local function march_rows(S, mx, my, dx, dy, nx, ny, off, items, facing)
  local out = {}
  local a = math.rad(facing)
  local ca, sa = math.abs(math.cos(a)), math.abs(math.sin(a))
  -- the largest half extents of a base in table axes
  local hx, hy = 0, 0
  for _, it in ipairs(items) do
    -- the item's width lies across its facing, its depth along it
    local w, d = it.w, it.d
    hx = max(hx, ca * w / 2 + sa * d / 2)
    hy = max(hy, sa * w / 2 + ca * d / 2)
  end
  -- the interval of c for which a centre at (px + dx c, py + dy c) keeps the
  -- base on the table
  local function interval(px, py)
    local lo, hi = -math.huge, math.huge
    for _, k in ipairs({ { px, dx, hx, S.width }, { py, dy, hy, S.depth } }) do
      local p, v, h, L = k[1], k[2], k[3], k[4]
      if math.abs(v) < 1e-9 then
        if p < h or p > L - h then return 0, -1 end
      else
        local c1, c2 = (h - p) / v, (L - h - p) / v
        if c1 > c2 then c1, c2 = c2, c1 end
        lo, hi = max(lo, c1), min(hi, c2)
      end
    end
    return lo, hi
  end
  local i, row_off = 1, off
  while i <= #items do
    -- fill the row while the span of its centres fits the room on the table
    local last, depth, width = i, items[i].across, items[i].along
    local lo, hi = interval(mx + nx * (row_off + depth / 2), my + ny * (row_off + depth / 2))
    for k = i + 1, #items do
      local dep = max(depth, items[k].across)
      local w2 = width + GAP + items[k].along
      local l, h = interval(mx + nx * (row_off + dep / 2), my + ny * (row_off + dep / 2))
      if w2 - items[i].along / 2 - items[k].along / 2 > h - l + 1e-6 then break end
      last, depth, width, lo, hi = k, dep, w2, l, h
    end
    -- the row's centres span [centre - half, centre + half]: centred on the
    -- centre line when that fits, else as near it as the table allows
    local half = (width - items[i].along / 2 - items[last].along / 2) / 2
    local centre = 0
    if hi >= lo then centre = min(max(0, lo + half), max(lo + half, hi - half)) end
    local c = centre + width / 2
    local across = row_off + depth / 2
    for k = i, last do
      local it = items[k]
      c = c - it.along / 2
      out[#out + 1] = { vid = it.vid, x = mx + dx * c + nx * across, y = my + dy * c + ny * across, facing = facing }
      c = c - it.along / 2 - GAP
    end
    i = last + 1
    row_off = row_off + depth + GAP
  end
  return out
end

-- The flank march (The Table): "the loser must write down his order of
-- march and then move in that order across any one of the tables
-- diagonals. The higher scoring may deploy anywhere within 30cm of his
-- opponent at any time during the march." READING (abstracted): the loser's
-- column stands on the diagonal from its own left rear corner, in its order
-- of march, centred on the table and facing along the diagonal; the winner
-- springs the ambush: his army stands in line parallel to the column, 30 cm
-- from it on his own side, facing it. A column or line longer than the
-- table's room there is folded into ranks: further columns beside the first
-- on the marcher's side, further lines behind the first on the winner's.
local function march_layout(G, side)
  local S = G.S
  local fm = G.flank_march
  local marcher_edge = G.sides[fm.marcher].edge
  -- the diagonal, in table coordinates: from the marcher's left rear corner
  local ax, ay = setup.to_table(S, marcher_edge, 0, 0)
  local bx, by = setup.to_table(S, marcher_edge, S.width, S.depth)
  local len = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
  local dx, dy = (bx - ax) / len, (by - ay) / len
  local mx, my = (ax + bx) / 2, (ay + by) / 2
  local facing = turn.heading(dx, dy)
  local order = G.sides[fm.marcher].commander.march_order(G, fm.marcher)
  -- the winner's side of the column
  local nx, ny = -dy, dx   -- left of the column
  local ambusher = fm.ambusher
  local wx, wy = setup.to_table(S, G.sides[ambusher].edge, S.width / 2, 0)
  if (wx - mx) * nx + (wy - my) * ny < 0 then nx, ny = -nx, -ny end
  if side == fm.marcher then
    -- column: vignettes one behind another, head towards the far corner;
    -- further columns beside it, away from the ambushers
    local items, widest = {}, 0
    for _, gid in ipairs(order) do
      for _, s in ipairs(G.groups[gid].specs) do
        items[#items + 1] = { vid = s.vid, along = s.d, across = s.w, w = s.w, d = s.d }
        widest = max(widest, s.w)
      end
    end
    return march_rows(S, mx, my, dx, dy, -nx, -ny, -widest / 2, items, facing)
  end
  -- the ambushers' line, parallel to the column on the winner's side
  local items = {}
  for _, gid in ipairs(G.sides[side].groups) do
    for _, s in ipairs(G.groups[gid].specs) do
      items[#items + 1] = { vid = s.vid, along = s.w, across = s.d, w = s.w, d = s.d }
    end
  end
  local off = tables.pre_battle.march_deploy_within_cm * 10 - S.frontage * 0.25
  -- along the line: the column's direction reversed (the line's left to right)
  return march_rows(S, mx, my, -dx, -dy, nx, ny, off, items, turn.heading(-nx, -ny))
end

-- The plan: the list's division, else another division, else (READING, no
-- legal deployment on this ground) the fewest impassable pieces of its rear
-- zone that block it are treated as removed: plan.clear lists them and the
-- battle engine removes them before anyone deploys.
function ai.deployment(G, side)
  if G.flank_march then return march_layout(G, side) end
  local edge = G.sides[side].edge
  local known = G.ai_plans and G.ai_plans[side .. edge]
  if known and same_pieces(known.T, G.T) then return known.plan end
  -- the table may hold the pieces of a trial copy the winner planned on:
  -- that copy's scratch battlefield answers for it
  for s = 1, 2 do
    for _, e in ipairs(EDGES) do
      local trial = G.ai_plans and G.ai_plans[s .. e]
      if trial and same_pieces(trial.T, G.T) then G.T:probe_as(trial.T) end
    end
  end
  local plan, _, best = make_plan(G, side, edge, G.T, false)
  if plan then return plan end
  local set, cleared = fewest_to_clear(G, side, edge, G.T, false)
  if set then
    cleared.clear = {}
    for i, p in ipairs(set) do cleared.clear[i] = p.id end
    return cleared
  end
  return best
end
ai.lane_blocked = lane_blocked

return ai
