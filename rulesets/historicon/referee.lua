-- Historicon v2: what the referee (scripts/lib/referee.lua) holds the battle
-- engine to, beside the generic invariants (no overlapping bases, nothing
-- off the table, removed stays removed).
--
-- allowance(G, uid, kind): how far (mm, centre displacement) a move of
-- `kind` may carry the unit, from the rules' own tables at the table's scale
-- (never from what the unit moved):
--   move              Table 2 "Move Rate" (a VLI rank behind a host: the slower)
--   forced_move       the same, for a move the rules force (the optional
--                     uncontrolled advance, an IF pursuit in Phase 2/3): no
--                     order of the commander's, so `sandtable quality` does
--                     not count its turns as the commander's zigzag
--   evade_<case>      the evasion throw's maximum (Phases 2, 3: 10+1d8 /
--                     10+1d20, 5+1d10 / 10+1d10, 5+1d12 / 10+1d12)
--   recoil, break_off, break, flight, pursuit
--                     the maxima of Phase 6's throws for the unit's gait
--   follow_up         the longest recoil it can follow (mounted 10+1d10)
-- A kind recorded a second time in one phase is written "kind#2" (its own
-- allowance again: a unit charged twice may recoil twice).
--
-- invariants (each names the rules' section):
--   phase_movers      Phase 2 moves HI, Phase 3 the other troops (a unit's
--                     own move; recoils, evasions, pursuits are other kinds)
--   evader_clear      an evader that got away is out of contact with the
--                     unit it evaded at the end of its evasion move (the gap
--                     is measured then: later moves may rejoin them)
--   recoil_distance   a recoil moves its rolled distance unless blocked; if
--                     blocked, the blocked result (disordered) applies and
--                     the account says what blocked it (Phase 6; reading)
--   unformed_contact  unformed troops are only brought into contact with
--                     enemy troops that are disordered or unformed (Phase 3)
--   vli_contact       formed VLI do not move into contact with formed
--                     mounted troops (Phase 3)
-- The engine (turn.lua) leaves notes for these through lib.manoeuvre.record
-- (only when a referee watches: the referee-off path pays nothing).
local tables = require("historicon.tables")
local troops = require("historicon.troops")
local E = require("historicon.dice_expr")

local R = {}

local TOL = 1.0 -- mm, as lib.referee's TOLERANCE

local function gait(d) return troops.is_mounted(d) and "mounted" or "foot" end

local function cm_at_scale(G, cm) return cm * tables.scale_factor[G.S.scale] * 10 end

local function rate(G, class)
  return tables.troop_by_scale[G.S.scale][class].move * 10
end

-- The rules' allowance of one kind of move, in mm.
function R.allowance(G, uid, kind)
  local d = G.D[uid]
  if not d then return nil end
  local base = kind:match("^([^#]+)") or kind
  if base == "move" or base == "forced_move" then
    local m = rate(G, d.class)
    if d.rear then m = math.min(m, rate(G, d.rear.class)) end
    return m
  end
  if base == "return" then return nil end
  -- lining up on contact ends the move that made the contact, within that
  -- move's allowance (turn.conform): it adds nothing of its own
  if base == "line_up" then return 0 end
  local case = base:match("^evade_(.+)$")
  if case then
    local c = tables.evasion[case]
    return c and cm_at_scale(G, E.max(c[gait(d)])) or nil
  end
  if base == "follow_up" then
    return cm_at_scale(G, math.max(E.max(tables.moves.recoil.foot), E.max(tables.moves.recoil.mounted)))
  end
  local m = tables.moves[base]
  if m then return cm_at_scale(G, E.max(m[gait(d)])) end
  return nil
end

local function notes_of(info, want)
  local out = {}
  local ids = {}
  for uid in pairs(info.notes or {}) do ids[#ids + 1] = uid end
  table.sort(ids)
  for _, uid in ipairs(ids) do
    for _, n in ipairs(info.notes[uid]) do
      if n.what == want then out[#out + 1] = { uid = uid, note = n } end
    end
  end
  return out
end

local function has_move(kinds)
  for _, k in ipairs(kinds or {}) do
    if k == "move" or k:sub(1, 5) == "move#" or k == "forced_move" or k:sub(1, 12) == "forced_move#" then return true end
  end
  return false
end

-- Acts the rules allow but no player would make (counted, not fatal):
-- historicon/absurd_acts.lua.
R.warnings = require("historicon.absurd_acts").list

R.invariants = {
  {
    id = "phase_movers", section = "Phases 2 and 3",
    text = "Phase 2 moves HI troops, Phase 3 the others",
    check = function(G, info)
      local hi_phase
      if info.name == "2 HI move" then hi_phase = true elseif info.name == "3 other moves" then hi_phase = false
      else return nil end
      local out
      local ids = {}
      for uid in pairs(info.moved or {}) do ids[#ids + 1] = uid end
      table.sort(ids)
      for _, uid in ipairs(ids) do
        local d = G.D[uid]
        if d and has_move(info.moved[uid]) and (d.class == "HI") ~= hi_phase then
          out = out or {}
          out[#out + 1] = { unit = uid, text = "moved in the other movement phase",
                            expected = hi_phase and "only HI move in Phase 2" or "HI do not move in Phase 3",
                            found = string.format("a %s unit made a move", d.class) }
        end
      end
      return out
    end,
  },
  {
    id = "evader_clear", section = "Phases 2 and 3 (evasion)",
    text = "an evader that got away is out of contact with the unit it evaded",
    check = function(G, info)
      local out
      for _, e in ipairs(notes_of(info, "evade")) do
        local n = e.note
        if n.escaped then
          -- measured when the evasion move ended (turn.evade): a later move
          -- of its own or of the charger may bring them together again
          local gap = n.gap
          if gap <= 0.5 then
            out = out or {}
            out[#out + 1] = { unit = e.uid, text = "evaded but is still in contact with unit " .. n.from,
                              expected = "out of contact with the charger after evading",
                              found = string.format("%.2f mm from it after moving %.1f mm", gap, n.moved or 0) }
          end
        end
      end
      return out
    end,
  },
  {
    id = "recoil_distance", section = "Phase 6 (recoil; blocked: reading)",
    text = "a recoil moves its rolled distance unless blocked, and then the blocked result applies",
    check = function(G, info)
      local out
      for _, e in ipairs(notes_of(info, "recoil")) do
        local n = e.note
        local d = G.D[e.uid]
        local problem
        if not n.blocked and n.moved < n.rolled - TOL then
          problem = { expected = string.format("the rolled %.1f mm, or a blocker named", n.rolled),
                      found = string.format("moved %.1f mm, nothing blocked it", n.moved) }
        elseif n.blocked and n.moved < n.rolled - TOL then
          if not (d.disordered or d.gone or d.broken) then
            problem = { expected = "blocked short of its recoil: disordered",
                        found = "blocked by " .. tostring(n.blocked) .. " and not disordered" }
          elseif n.said and not n.said:find("blocked", 1, true) then
            problem = { expected = "the account says the recoil was blocked", found = n.said }
          end
        end
        if problem then
          problem.unit = e.uid
          out = out or {}
          out[#out + 1] = problem
        end
      end
      return out
    end,
  },
  {
    id = "unformed_contact", section = "Phase 3",
    text = "unformed troops may only be brought into contact with enemy troops that are disordered or unformed",
    check = function(G, info)
      local out
      for _, e in ipairs(notes_of(info, "contact")) do
        local n = e.note
        if not n.formed and n.target_formed and not n.target_disordered and not n.target_broken then
          out = out or {}
          out[#out + 1] = { unit = e.uid, text = "unformed, it was brought into contact with an ordered formed enemy",
                            expected = "contact only with disordered or unformed enemy",
                            found = string.format("contact with unit %d (formed, ordered) by %s", n.target, n.how) }
        end
      end
      return out
    end,
  },
  {
    id = "vli_contact", section = "Phase 3",
    text = "formed VLI troops cannot move into contact with formed mounted troops",
    check = function(G, info)
      local out
      for _, e in ipairs(notes_of(info, "contact")) do
        local n = e.note
        if n.formed and n.class == "VLI" and n.target_formed and n.target_mounted then
          out = out or {}
          out[#out + 1] = { unit = e.uid, text = "formed VLI moved into contact with formed mounted",
                            expected = "no such contact", found = string.format("contact with unit %d by %s", n.target, n.how) }
        end
      end
      return out
    end,
  },
}

return R
