-- The sieges module in Phalanx and Into Glory Ride: the besieger's missile
-- troops cover the assault (session eight; our reading of what a player
-- does, not a rule). Called by commander_phalanx's activate for the
-- besieger, after the default commander's orders and the ram's.
--
-- WHY: Phalanx's missile troops shoot only when activated (a hold order is
-- "shoot") or when the initiative table lets them; left to it, the
-- besieger's archers and slingers stood out of range of the rampart (at
-- Cicero's camp Vercingetorix's archers engaged in 7 of 30 battles, the
-- slingers in 9, with a fifth of the Gauls' activation points unspent in
-- the turns measured: 235 of 1060 over 20 battles). A besieger's player
-- brings his shooters up to sweep the rampart's defenders while his foot
-- goes at the gate ("missile troops shoot at the wall's defenders to cover
-- the assault").
--
-- READING (ours): after the default commander's orders, each of the
-- besieger's links not yet ordered, on foot, not in contact, not broken,
-- with a member that shoots (Phalanx's shooting range above 0), gets one
-- more order, last in the list (so it is bought only with the points the
-- default commander left): a hold (shoot) when a member has a target now,
-- else a move towards the nearest defender standing on the camp's defences
-- in its frontal arc, straight ahead (with none there, a lone vignette
-- turns to the nearest first, within the allowance the engine applies; a
-- link gets no order), as far as brings that defender
-- within CV.RANGE_SHARE of its range. The module's empty-move filter
-- (commander_phalanx's unblocked) drops a move that would go nowhere.
local CV = {}

-- how far into its range a shooter closes (short of the full range, so a
-- defender repulsed a little is still within it)
CV.RANGE_SHARE = 0.8

local function lone_foot_shooter(G, g, troops)
  for _, uid in ipairs(g.ids) do
    local d = G.D[uid]
    if d.broken or G.bf:removed(uid) or troops.mounted_or_animal(d.class) then return false end
  end
  for _, uid in ipairs(g.ids) do
    if troops.shooting_range(G.D[uid].class, G.D[uid]) > 0 then return true end
  end
  return false
end

-- The defender nearest `uid` standing on the defences (modules.sieges.phalanx's
-- mark: d.siege_on), and its distance.
local function nearest_on_wall(G, uid, side, ahead)
  local best, bd
  for _, v in ipairs(G.sides[3 - side].units) do
    local d = G.D[v]
    if d.siege_on and not d.broken and not G.bf:removed(v)
      and (not ahead or G.bf:in_arc(uid, v, 0, "frontal")) then
      local dist = G.bf:distance(uid, v)
      if not bd or dist < bd then best, bd = v, dist end
    end
  end
  return best, bd
end

-- The extra orders (a list, possibly empty) for side `side`; `ordered`: the
-- set of gids already given an order this turn.
function CV.orders(G, side, ordered, turn, troops)
  local out = {}
  for _, gid in ipairs(G.sides[side].groups) do
    local g = G.groups[gid]
    if g and #g.ids > 0 and not ordered[gid] and not turn.group_in_contact(G, g) and lone_foot_shooter(G, g, troops) then
      local shoots_now = false
      for _, uid in ipairs(g.ids) do
        if turn.has_shooting_target(G, uid) then shoots_now = true; break end
      end
      if shoots_now then
        out[#out + 1] = { gid = gid, kind = "hold", siege_cover = true }
      else
        -- the member with the longest range leads the way
        local lead, range = nil, 0
        for _, uid in ipairs(g.ids) do
          local r = troops.shooting_range(G.D[uid].class, G.D[uid])
          if r > range then lead, range = uid, r end
        end
        -- straight ahead at a defender ahead; else (a lone vignette) turned
        -- to the nearest (turning to the nearest every turn swung the
        -- skirmishers' facing to and fro: a 'facing-oscillates' at
        -- Gingindlovu)
        local target, dist = nearest_on_wall(G, lead, side, true)
        local ahead = target ~= nil
        if not target and #g.ids == 1 then target, dist = nearest_on_wall(G, lead, side, false) end
        if target then
          local go = dist - CV.RANGE_SHARE * range * G.S.frontage
          if go >= 1 then
            local deg = 0
            if not ahead then
              local x, y, f = G.bf:pos(lead)
              local tx, ty = G.bf:pos(target)
              deg = turn.norm(turn.heading(tx - x, ty - y) - f)
            end
            out[#out + 1] = { gid = gid, kind = "move", turn = deg, dist = go, siege_cover = true }
          end
        end
      end
    end
  end
  return out
end

return CV
