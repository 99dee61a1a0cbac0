-- Historicon v2: acts the rules allow but no player would make. The referee
-- counts them as warnings (not violations) and `sandtable quality` reports
-- them per battle as "absurd" (docs/quality.md, docs/referee.md). Each check
-- reads the notes the battle engine leaves for the referee (turn/board.lua
-- note_contact) and the positions at the start of the phase (info.start).
--
--   light_charges_heavy_front
--       Light troops (LI, VLI, LC) moved into contact with the FRONT of formed,
--       ordered heavy troops (HI, KC, HC). They fight at a loss and are there
--       to skirmish ("HC ... will skirmish an enemy unit before they have been
----       weakened enough by shooting to deliver the charge home", Classes of
--       troops; light troops exist to evade, Phases 2 and 3).
--   Neither counts a move the rules force (the optional uncontrolled
--   advance, an IF pursuit): those are no player's choice.
--   missile_charges_instead_of_shooting
--       A unit that shoots (Table 2 gives it a range) moved into contact with
--       the front of a formed, ordered enemy (a flank or rear charge is worth
--       more than a volley: not flagged) that had taken no hits and was within its
--       shooting range when the phase began. "Any troops not in contact may
--       Shoot" (Phase 4): it could have stood and shot, weakening the target
--       before charging it. READING: "within range" is measured centre to
--       centre at the phase's start, which is never shorter than the true
--       distance: only certain cases are flagged.
--   moves_away_from_only_enemy
--       The enemy has a single unit left that is neither broken nor gone, and
--       a formed unit that stood clear of the enemy made its own move (kind
--       `move`) and ended more than 2 cm further from it (centre to centre)
--       than it began, though that enemy could not reach it. Skirmishers
--       (unformed) are left out: keeping away is their job.
local shooting = require("historicon.shooting")

local W = {}

local LIGHT = { LI = true, VLI = true, LC = true }
local HEAVY = { HI = true, KC = true, HC = true }

local function sorted_ids(t)
  local ids = {}
  for id in pairs(t or {}) do ids[#ids + 1] = id end
  table.sort(ids)
  return ids
end

-- The contacts made by a unit's own move this phase: { uid, note }.
local function move_contacts(info)
  local out = {}
  for _, uid in ipairs(sorted_ids(info.notes)) do
    for _, n in ipairs(info.notes[uid]) do
      if n.what == "contact" and n.how == "move" then out[#out + 1] = { uid = uid, note = n } end
    end
  end
  return out
end

-- A move the rules force on the unit (the optional uncontrolled advance:
-- "must move toward the nearest enemy unit") is no player's choice.
local function forced(G, uid)
  local h = G.options and G.options.uncontrolled_advance and G.hooks and G.hooks.uncontrolled_advance
  return h ~= nil and h.applies(G.D[uid]) or G.D[uid].pursuing ~= nil
end

local function name(G, uid)
  local d = G.D[uid]
  return string.format("%s (%s)", d and d.name or "?", d and d.troop or "?")
end

local function centre_gap(a, b)
  return math.sqrt((a[1] - b[1]) ^ 2 + (a[2] - b[2]) ^ 2)
end

function W.light_charges_heavy_front(G, info)
  local out
  for _, c in ipairs(move_contacts(info)) do
    local n = c.note
    if not forced(G, c.uid) and LIGHT[n.class] and HEAVY[n.target_class] and n.target_formed and not n.target_disordered
        and not n.target_broken and n.face == "front" then
      out = out or {}
      out[#out + 1] = { unit = c.uid, text = string.format("%s charged the front of formed, ordered %s",
        name(G, c.uid), name(G, n.target)) }
    end
  end
  return out
end

function W.missile_charges_instead_of_shooting(G, info)
  local out
  for _, c in ipairs(move_contacts(info)) do
    local n, d, t = c.note, G.D[c.uid], G.D[c.note.target]
    local range = d and shooting.range(d, G.S.scale)
    local a, b = info.start and info.start[c.uid], info.start and info.start[n.target]
    if range and a and b and not forced(G, c.uid) and n.face == "front" and n.target_formed and not n.target_disordered and not n.target_broken
        and (t.hits or 0) == 0 and centre_gap(a, b) <= range * 10 then
      out = out or {}
      out[#out + 1] = { unit = c.uid, text = string.format(
        "%s charged formed, ordered, unhurt %s that was within its %d cm shooting range", name(G, c.uid),
        name(G, n.target), range) }
    end
  end
  return out
end

-- The single enemy unit of `side` neither broken nor gone, else nil.
local function only_enemy(G, side)
  local only
  for _, id in ipairs(G.sides[3 - side].units) do
    local e = G.D[id]
    if not e.gone and not e.broken then
      if only then return nil end
      only = id
    end
  end
  return only
end

local function has_own_move(kinds)
  for _, k in ipairs(kinds or {}) do
    if k == "move" or k:sub(1, 5) == "move#" then return true end
  end
  return false
end

function W.moves_away_from_only_enemy(G, info)
  local out
  if not info.start then return nil end
  for _, uid in ipairs(sorted_ids(info.moved)) do
    local d = G.D[uid]
    local a = info.start[uid]
    if d and a and not a[4] and d.formed and not d.broken and not d.gone and has_own_move(info.moved[uid]) then
      local e = only_enemy(G, d.side)
      local b = e and info.start[e]
      if b and not b[4] then
        local before = centre_gap(a, b)
        local x, y = G.bf:pos(uid)
        local ex, ey = G.bf:pos(e)
        local after = centre_gap({ x, y }, { ex, ey })
        local threat = G.D[e].move + math.max(G.D[e].w, G.D[e].dp) / 2 + math.max(d.w, d.dp) / 2
        if after > before + G.S.cm(2) and before > threat then
          out = out or {}
          out[#out + 1] = { unit = uid, text = string.format(
            "%s moved away from %s, the enemy's last unit in order (%.0f cm -> %.0f cm)", name(G, uid),
            name(G, e), before / 10, after / 10) }
        end
      end
    end
  end
  return out
end

-- In the form lib.referee reads (`warnings`).
W.list = {
  { id = "light-charges-heavy-front", check = W.light_charges_heavy_front },
  { id = "missile-charges-instead-of-shooting", check = W.missile_charges_instead_of_shooting },
  { id = "moves-away-from-only-enemy", check = W.moves_away_from_only_enemy },
}

return W
