-- Phalanx DEPLOYMENT (the default commander, commander/deployment.lua):
-- place_free, the free place nearest a block's ideal place for the links
-- off the main battle line, answers as the plain search did. Its overlap
-- test was rewritten for speed (issue #13, session eleven: rows of the placed
-- blocks' limits per depth, the per-place call and table reads gone); the
-- plain code is kept here, verbatim, as the reference, and both are asked
-- the same random questions: placed blocks, terrain pieces (good, bad and
-- impassable going), both edges, blocks of one to three members.
local T = require("lib.testing")
local ai = require("phalanx.ai")
local battlefield = require("sandtable.battlefield")

local min, max = math.min, math.max
local GAP = ai.GAP
-- the order of trial places the module uses (the core's when present)
local places_by_distance = battlefield and battlefield.places_by_distance or ai.places_by_distance

-- The plain place_free, as it stood before the rewrite (c444aa1).
local function plain_place_free(S, T, edge, b, want_u, want_v, lo, hi, placed, pieces, members)
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
  -- rows[v]: the placed blocks a place at depth v meets in depth (the
  -- same test, split: many places share a v), once the places are listed
  local rows
  local function check(u, v)
    if rows then
      local row = rows[v]
      if not row then
        row = {}
        for i = 1, nplaced do
          local q = placed[i]
          if v < q[4] + half_gap and v + d > q[3] - half_gap then row[#row + 1] = q end
        end
        rows[v] = row
      end
      for i = 1, #row do
        local q = row[i]
        if u < q[2] + half_gap and u + w > q[1] - half_gap then return nil end
      end
    else
      for i = 1, nplaced do
        local q = placed[i]
        if u < q[2] + half_gap and u + w > q[1] - half_gap and v < q[4] + half_gap and v + d > q[3] - half_gap then
          return nil
        end
      end
    end
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
  -- where it wants to be, if it can
  if check(us[1], vs[1]) == 1 then return us[1], vs[1] end
  addu(lo); addu(hi)
  local step = S.frontage / 2
  for u = lo, hi, step do addu(u) end
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
  -- Many places are tried from here: only the placed blocks that some place
  -- in [lo, hi] x [0, vmax] could meet are read (the others fail the test
  -- for every place: each bound moves one way with u or v).
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
  placed, nplaced = near, #near
  -- (Leipzig's deployment spent 12% of a battle's Lua testing every place
  -- against every block, issue #13, session eleven)
  rows = {}
  local fallback
  for i = 1, #order, 2 do
    local u, v = order[i], order[i + 1]
    local level = check(u, v)
    if level == 1 then return u, v end
    if level == 2 then fallback = fallback or { u, v } end
  end
  if fallback then return fallback[1], fallback[2] end
  return nil
end

-- A terrain answering T:under from side-local boxes: bad going, impassable.
local function fake_terrain(S, edge, pieces)
  local T0 = {}
  function T0:under(x, y, f, w, d)
    local u, v = x, y
    if edge ~= "south" then u, v = S.width - x, S.depth - y end
    local bad, imp = false, false
    for _, p in ipairs(pieces) do
      if u + w / 2 > p.u0 and u - w / 2 < p.u1 and v + d / 2 > p.v0 and v - d / 2 < p.v1 then
        if p.imp then imp = true else bad = true end
      end
    end
    return bad, imp
  end
  return T0
end

T.case("DEPLOYMENT: place_free answers as the plain search on 3,000 random questions, with and without the terrain memo", function()
  local seed = 4242
  local function rand(n)
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n + 1
  end
  local answers = { good = 0, bad = 0, none = 0 }
  for case = 1, 3000 do
    local S = { width = 1800, depth = 1200, rear = 150 + rand(10) * 10, frontage = 40,
                depth_free = rand(6) == 1 }
    local edge = rand(2) == 1 and "south" or "north"
    -- the block: one to three members side by side
    local members, bw, bd = {}, 0, 0
    for k = 1, rand(3) do
      local w, d = 20 + rand(4) * 10, 15 + rand(5) * 10
      members[k] = { du = bw, dv = 0, w = w, d = d }
      bw, bd = bw + w, max(bd, d)
    end
    for _, m in ipairs(members) do m.dv = bd - m.d end
    local b = { width = bw, depth = bd }
    local lo = rand(40) * 10
    local hi = lo + bw + rand(60) * 10
    local placed = {}
    for k = 1, rand(14) - 1 do
      local u0, v0 = lo - 150 + rand(90) * 10 + (rand(3) == 1 and 0.5 or 0), rand(20) * 10 - 20
      placed[k] = { u0, u0 + 20 + rand(12) * 10, v0, v0 + 15 + rand(6) * 10 }
    end
    local pieces = {}
    for k = 1, rand(7) - 1 do
      local u0, v0 = lo - 100 + rand(80) * 10, rand(25) * 10 - 30
      pieces[k] = { u0 = u0, u1 = u0 + 60 + rand(40) * 10, v0 = v0, v1 = v0 + 40 + rand(15) * 10, imp = rand(3) == 1 }
    end
    local Tt = fake_terrain(S, edge, pieces)
    local want_u, want_v = lo + rand(70) * 10 - 50, rand(25) * 10
    local u1, v1 = plain_place_free(S, Tt, edge, b, want_u, want_v, lo, hi, placed, pieces, members)
    local u2, v2 = ai.place_free(S, Tt, edge, b, want_u, want_v, lo, hi, placed, pieces, members)
    T.eq(u2, u1, "case " .. case .. ": u")
    T.eq(v2, v1, "case " .. case .. ": v")
    -- with the terrain's answers kept (make_plan's cache): the first call
    -- fills the memo, a second with fewer placed blocks reads it (places
    -- the first never probed are probed then)
    local levels = {}
    local u3, v3 = ai.place_free(S, Tt, edge, b, want_u, want_v, lo, hi, placed, pieces, members, levels)
    T.eq(u3, u1, "case " .. case .. ": u, memo filled")
    T.eq(v3, v1, "case " .. case .. ": v, memo filled")
    local fewer = {}
    for k = 2, #placed, 2 do fewer[#fewer + 1] = placed[k] end
    local u4, v4 = plain_place_free(S, Tt, edge, b, want_u, want_v, lo, hi, fewer, pieces, members)
    local u5, v5 = ai.place_free(S, Tt, edge, b, want_u, want_v, lo, hi, fewer, pieces, members, levels)
    T.eq(u5, u4, "case " .. case .. ": u, memo read")
    T.eq(v5, v4, "case " .. case .. ": v, memo read")
    if not u1 then answers.none = answers.none + 1
    else
      local good = true
      for _, m in ipairs(members) do
        local x, y, f = u1 + m.du + m.w / 2, v1 + m.dv + m.d / 2, 0
        if edge ~= "south" then x, y, f = S.width - x, S.depth - y, 180 end
        local bg = Tt:under(x, y, f, m.w, m.d)
        if bg then good = false end
      end
      if good then answers.good = answers.good + 1 else answers.bad = answers.bad + 1 end
    end
  end
  -- every kind of answer is exercised: good going, bad going (the
  -- fallback), no place at all
  T.truthy(answers.good > 100 and answers.bad > 50 and answers.none > 50,
    string.format("answers: %d good going, %d bad going, %d none", answers.good, answers.bad, answers.none))
end)
