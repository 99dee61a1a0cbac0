-- WRG 1973 Appendix IV: SAINT, WARRIOR SAINT, MOSLEM SAINTS and HERO, and
-- the zone of sanctity, in a WRG battle.
local S = require("modules.fantasy.states")
local Z = require("modules.fantasy.zones")
local K = require("modules.fantasy.wrg.common")

local M = {}

M.SANCTITY = Z.KINDS.sanctity.radius     -- "No spells will work within 100 paces of him"
M.ABASH = Z.KINDS.abashing.radius        -- "reducing their reaction totals by 1 when they come within 100 paces"
M.EXHORT = Z.KINDS.exhortation.radius    -- "add 3 to the reaction totals of all troops of their own side within 150 paces"
M.DISCUSSION = 100      -- "Should one come within 100 paces of a Christian saint"
M.HERO_VANITY = 100     -- "disorganised by the presence within 100 paces of another hero of his own side"
-- READING: a saint is "near" a hero (magic sword) within his zone of
-- sanctity, 100 paces; a hero or warrior saint is "with" a unit when within
-- 10 paces of it (the distance of a General with his unit).
M.NEAR_SAINT = 100
M.WITH_UNIT = 10
M.GENERAL_NEAR = 150    -- THE REACTION TEST: "General within 150" (+ or -1)

-- The martyr's points: "counts 125 points to his own side on totalling up
-- at the end of the battle"; a warrior saint "worth 150 points as a Martyr".
local function martyr_points(d)
  if K.has(d, "martyr_150") then return 150 end
  if K.has(d, "martyr_125") then return 125 end
  return 0
end
M.martyr_points = martyr_points

-- "If killed, he is removed from the field, but promoted to be a Martyr."
function M.martyrs(G, side)
  local total = 0
  for _, uid in ipairs(G.sides[side].units) do
    local d = G.D[uid]
    if K.has(d, "saint") and d.gone == "destroyed" then total = total + martyr_points(d) end
  end
  return total
end

function M.apply(rules, turn, victory)
  local tables = rules.require("wrg.tables")
  -- "He does not have to take reaction tests."
  local test = turn.test
  turn.test = function(G, uid, why, extra)
    local d = G.D[uid]
    -- READING: troops turned permanently to stone take none either
    local stone = G.fantasy and d.fx and S.flag(d.fx, "out_of_play")
    if K.has(d, "no_reaction_tests") or stone then
      K.say(G, "  %s %s reaction tests (%s).", d.name, stone and "is stone: it takes no" or "does not have to take", why)
      return { result = "carry_on", rank = tables.reaction_results.carry_on.rank, score = 0, natural = 0, dice = 0,
               rolls = {}, factors = 0, chart = 1 }
    end
    return test(G, uid, why, extra)
  end
  -- "He can walk on water."
  local may_cross = turn.may_cross
  turn.may_cross = function(d, width)
    if K.has(d, "walks_on_water") then return true end
    return may_cross(d, width)
  end
  -- The martyrs count on totalling up at the end of the battle.
  local points_left = victory.points_left
  victory.points_left = function(G, s)
    local total = points_left(G, s)
    if G.fantasy then total = total + M.martyrs(G, s) end
    return total
  end
end

function M.start(G) local _ = G end

local function saints_near(G, uid, paces)
  return K.near(G, uid, "saint", paces)
end
M.saints_near = saints_near

-- Whether a unit stands in a zone of sanctity.
function M.in_sanctity(G, uid)
  return K.has(G.D[uid], "saint") or #saints_near(G, uid, M.SANCTITY) > 0
end

-- SAINT: "unnatural beasts such as Dragons will not enter this zone of
-- sanctity" -- in every move the battle makes (a pursuit, a rout, a
-- follow-up, a march; flights keep out by their own course, charges at a
-- unit in the zone are refused). READING: the move stops where the beast's
-- centre would come within the saint's base plus 100 paces plus half its
-- own base (so its base stays 100 paces off); a beast already inside (the
-- saint came to it) moves on. Returns the paces it may go straight ahead.
function M.limit_paces(G, uid, paces, kind)
  local d = G.D[uid]
  if not K.has(d, "unnatural") or paces <= 0 then return paces end
  local me = G.bf:unit(uid)
  local zones = {}
  for _, s in ipairs(K.with_trait(G, "saint")) do
    local x, y = G.bf:pos(s)
    local u = G.bf:unit(s)
    local r = M.SANCTITY * K.mm(G) + math.max(u.width, u.depth) / 2 + math.max(me.width, me.depth) / 2
    zones[#zones + 1] = { x = x, y = y, r2 = r * r }
  end
  if #zones == 0 then return paces end
  local function inside(x, y)
    for _, z in ipairs(zones) do
      if (x - z.x) ^ 2 + (y - z.y) ^ 2 <= z.r2 then return true end
    end
    return false
  end
  local x0, y0, f = G.bf:pos(uid)
  if inside(x0, y0) then return paces end
  local mm = K.mm(G)
  local ux, uy = -math.sin(math.rad(f)) * mm, math.cos(math.rad(f)) * mm
  local s = 0
  while s < paces do
    local n = math.min(paces, s + 1)
    if inside(x0 + ux * n, y0 + uy * n) then
      K.say(G, "  %s will not enter the zone of sanctity: its %s stops after %.0f paces.", d.name, kind or "move", s)
      K.log(G, "fantasy", { what = "keeps_out_of_sanctity", unit = uid, kind = kind, paces = s })
      return s
    end
    s = n
  end
  return paces
end

-- Whether a unit has a hero or a warrior saint of its side with it.
local function with_rash_general(G, uid)
  if K.has(G.D[uid], "hero") or K.has(G.D[uid], "rash_general") then return false end
  for _, q in ipairs(G.bf:query{ of = uid, within = M.WITH_UNIT * K.mm(G), friend = true }) do
    local o = G.D[q.id]
    if K.live(o) and (K.has(o, "hero") or K.has(o, "rash_general")) then return true end
  end
  return false
end
M.with_rash_general = with_rash_general

function M.period(G)
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    -- its melee random factor this period (counts_as.lua)
    if K.live(d) then d.fx_rash_general = with_rash_general(G, uid) or nil end
    if K.live(d) and not G.bf:unit(uid).removed and d.traits then
      -- ELVES: "are disorganised by a saint within 100 paces"; DWARVES:
      -- "Like elves, they are disorganised by saints."
      if K.has(d, "disorganised_by_saint") and #saints_near(G, uid, M.SANCTITY) > 0 then
        if not d.disorganised then K.say(G, "  %s is disorganised by a saint.", d.name) end
        d.disorganised = true
      end
      if K.has(d, "hero") then
        -- "being somewhat vain, he is disorganised by the presence within
        -- 100 paces of another hero of his own side, unless they are known
        -- previously to be blood brothers" (d.blood_brothers: not fielded)
        local rivals = K.near(G, uid, "hero", M.HERO_VANITY, d.side)
        if #rivals > 0 and not d.blood_brothers then
          if not d.disorganised then K.say(G, "  %s is disorganised by the presence of another hero.", d.name) end
          d.disorganised = true
        end
        -- the magic sword as a two-handed axe "provided no saint of either
        -- persuasion is near"
        if K.has(d, "magic_sword") and not d.fx_discussing then
          d.fx_row = (#saints_near(G, uid, M.NEAR_SAINT) == 0) and "axe" or nil
        end
      end
    end
  end
  M.discussions(G)
end

-- MOSLEM SAINTS: "Should one come within 100 paces of a Christian saint,
-- the two will home on each other and indulge in a heated theological
-- discussion with their staves, counting them as two-handed axes ... the
-- controversy lasting until one is promoted to be a Martyr. If the winner
-- is wounded, he must then remain where he is praying for the rest of the
-- battle." READING: saints of opposing sides (those of one side do not
-- fight each other in this engine); "wounded": he lost casualties in it.
function M.discussions(G)
  for _, uid in ipairs(K.with_trait(G, "moslem_saint")) do
    local d = G.D[uid]
    if not d.fx_discussing then
      for _, other in ipairs(saints_near(G, uid, M.DISCUSSION)) do
        local o = G.D[other]
        if o.side ~= d.side and not K.has(o, "moslem_saint") and not o.fx_discussing then
          d.fx_discussing, o.fx_discussing = other, uid
          -- staves as two-handed axes "in the absence of other weapons"
          -- (a warrior saint keeps his kontos)
          for _, x in ipairs({ d, o }) do
            if x.fights_as == "missile_man" then x.fx_row = "axe" end
          end
          d.fx_start_carried, o.fx_start_carried = d.carried or 0, o.carried or 0
          K.say(G, "  %s and %s home on each other for a heated theological discussion!", d.name, o.name)
          K.log(G, "fantasy", { what = "theological_discussion", unit = uid, target = other })
          break
        end
      end
    end
  end
  -- a discussion ends when one is a martyr
  for _, uid in ipairs(G.all) do
    local d = G.D[uid]
    local other = d.fx_discussing
    if other and K.live(d) and not K.live(G.D[other]) then
      d.fx_discussing, d.fx_row = nil, nil
      if (d.carried or 0) > (d.fx_start_carried or 0) or d.figures < d.original then
        K.set_state(G, uid, "praying")
        K.say(G, "  %s wins the argument, wounded: he remains where he is, praying.", d.name)
      end
    end
  end
end

-- Saints in a discussion home on each other (a normal move straight at
-- the other, to contact).
function M.own_move(G, uid)
  local d = G.D[uid]
  local other = d.fx_discussing
  if not other or not K.live(G.D[other]) or d.in_melee then return false end
  local M2 = require("lib.manoeuvre")
  local x1, y1, f = G.bf:pos(uid)
  local x2, y2 = G.bf:pos(other)
  local want = M2.heading(x2 - x1, y2 - y1)
  G.bf:move(uid, "turn", M2.norm(want - f))
  local dist = math.min(d.moves[1] * K.mm(G), G.bf:distance(uid, other))
  if G.referee then M2.record(G, uid, "homing") end
  G.bf:move(uid, "advance", dist)
  return true
end

function M.reaction_terms(G, uid, terms)
  local d = G.D[uid]
  local abashed, exhorted = false, false
  for _, q in ipairs(G.bf:query{ of = uid, within = M.EXHORT * K.mm(G) }) do
    local o = G.D[q.id]
    if q.id ~= uid and K.live(o) and K.has(o, "saint") then
      if o.side ~= d.side and K.has(o, "abashes_enemy") and q.distance <= M.ABASH * K.mm(G) then abashed = true end
      if o.side ~= d.side and K.has(o, "moslem_saint") and q.distance <= M.ABASH * K.mm(G) then abashed = true end
      if o.side == d.side and K.has(o, "exhorts_own") then exhorted = true end
    end
  end
  if abashed then
    terms[#terms + 1] = { id = "saint_abashes", text = "abashed by an enemy saint within 100 paces", add = -1,
                          rule = "WRG 1973 APPENDIX IV SAINT", layer = "option fantasy" }
  end
  if exhorted then
    terms[#terms + 1] = { id = "moslem_saint", text = "a Moslem saint of its own side within 150 paces", add = 3,
                          rule = "WRG 1973 APPENDIX IV MOSLEM SAINTS", layer = "option fantasy" }
  end
  -- WARRIOR SAINT: "His influence on other troops reaction and melee
  -- fighting is equivalent to those of a rash general"; HERO: "He
  -- influences a unit he is with as if a rash general": the General with
  -- the unit, + 3, a rash one adding only.
  if with_rash_general(G, uid) then
    terms[#terms + 1] = { id = "rash_general", text = "with a hero or warrior saint (as a rash General)", add = 3,
                          rule = "WRG 1973 APPENDIX IV HERO", layer = "option fantasy" }
  elseif not K.has(d, "rash_general") and #K.near(G, uid, "rash_general", M.GENERAL_NEAR, d.side) > 0 then
    -- WARRIOR SAINT: his influence "on other troops" too, as a rash General
    -- within 150 paces (+1, a rash General adding only); a hero "has no
    -- effect on other troops"
    terms[#terms + 1] = { id = "warrior_saint_near", text = "a warrior saint within 150 paces (as a rash General)", add = 1,
                          rule = "WRG 1973 APPENDIX IV WARRIOR SAINT", layer = "option fantasy" }
  end
  -- HERO: "When operating alone, he counts plus 3 for his own reaction."
  if K.has(d, "alone_plus_3") and #G.bf:query{ of = uid, within = M.WITH_UNIT * K.mm(G), friend = true } == 0 then
    terms[#terms + 1] = { id = "hero_alone", text = "a hero operating alone", add = 3,
                          rule = "WRG 1973 APPENDIX IV HERO", layer = "option fantasy" }
  end
end

return M
