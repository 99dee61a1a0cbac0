-- Phalanx's part of the referee (lib.referee; `battle --referee`, `sim
-- --referee`): the allowance of each kind of move, from Table 3, and the
-- invariants the rules state plainly. The battle engine (turn.lua) declares
-- every move by kind (turn.record, through lib.manoeuvre.record):
--
--   kind              allowance of the unit's centre (Table 3, good going)
--   move, charge      one move + what the turn may carry it (turn.turn_slack
--                     at the link's turn rate: nothing for a base turning on
--                     its centre); lining up is part of the charge ("you may
--                     not exceed your turn and move distance")
--   charge_any_turn   one move + any turn (initiative "Less": "taking any
--                     amount of turns")
--   evade             one move ("one full move to its rear")
--   retreat           two moves (initiative 3: "Retreat two turns")
--   recoil_R, _RR     one, two moves (Results), + turning to face the
--                     opponent (a single base; a link does not turn)
--   follow_up         one move
--   initiative_move,  as move and charge: the moves the initiative table
--   initiative_charge makes (1, 2: a charge; 4, 5: as the neighbour), told
--                     apart from the commander's orders so that the battle-
--                     quality report's "moved 0" counts only its orders
-- A second move of one kind in a phase is "kind#2" with its own allowance.
-- Rates are the link's (its slowest vignette's), in good going: an upper
-- bound of what the going allows. Into Glory Ride shares this module.
local turn = require("phalanx.turn")
local setup = require("phalanx.setup")

local R = {}

local MOVES = { move = 1, charge = 1, charge_any_turn = 1, evade = 1, retreat = 2,
                recoil_R = 1, recoil_RR = 2, follow_up = 1, initiative_move = 1, initiative_charge = 1 }
-- the turn a kind may make: "rate" (the link's Table 3 rate), a number of
-- degrees, or "face" (a repulsed single base turning to face its opponent)
local TURNS = { move = "rate", charge = "rate", charge_any_turn = 180, evade = 0, retreat = 0,
                recoil_R = "face", recoil_RR = "face", follow_up = 0, initiative_move = "rate", initiative_charge = "rate" }

function R.allowance(G, uid, kind)
  local base = kind:match("^([^#]+)")
  local moves = MOVES[base]
  if not moves then return nil end
  local d = G.D[uid]
  local g = d and G.groups[d.gid]
  if not g or #g.ids == 0 then return nil end
  local mv, tr = turn.group_rates(G, g, false)
  local t = TURNS[base]
  local angle = 0
  if t == "rate" then angle = tr
  elseif t == "face" then angle = #g.ids > 1 and 0 or 180
  else angle = t end
  return moves * mv + turn.turn_slack(G, g, uid, angle)
end

local TOL = 1.0

-- A linked group stays together: its vignettes keep their places relative
-- to one another (in the first one's frame) and one facing, phase to phase.
local function link_together(G, phase)
  if not phase.start then return nil end
  local out
  for gid = 1, #G.groups do
    local g = G.groups[gid]
    local ids = g.ids
    if #ids > 1 then
      local a = ids[1]
      local sa = phase.start[a]
      if sa and not sa[4] then
        local ax, ay, af = turn.pos(G, a)
        local fx0, fy0, rx0, ry0 = setup.axes(sa[3])
        local fx1, fy1, rx1, ry1 = setup.axes(af)
        for j = 2, #ids do
          local b = ids[j]
          local sb = phase.start[b]
          if sb and not sb[4] then
            local bx, by, bf = turn.pos(G, b)
            local f0 = (sb[1] - sa[1]) * fx0 + (sb[2] - sa[2]) * fy0
            local l0 = (sb[1] - sa[1]) * rx0 + (sb[2] - sa[2]) * ry0
            local f1 = (bx - ax) * fx1 + (by - ay) * fy1
            local l1 = (bx - ax) * rx1 + (by - ay) * ry1
            local dface = math.abs(turn.norm(bf - af))
            if math.abs(f1 - f0) > TOL or math.abs(l1 - l0) > TOL or dface > 0.5 then
              out = out or {}
              out[#out + 1] = { unit = b,
                text = string.format("its link (with unit %d) came apart", a),
                expected = string.format("%.1f mm ahead, %.1f mm to the right of unit %d, the same facing", f0, l0, a),
                found = string.format("%.1f mm ahead, %.1f mm to the right, facings %.1f degrees apart", f1, l1, dface) }
            end
          end
        end
      end
    end
  end
  return out
end

-- A recoil moved its full distance, or something stopped it (and the
-- account says what); stopped by friends within half the repulse move it
-- should have been a B ("R or RR into friends").
local function recoil_distance(G, phase)
  local out
  for uid, notes in pairs(phase.notes or {}) do
    for _, n in ipairs(notes) do
      if n.wanted and n.moved then
        local short = n.moved < n.wanted - TOL
        if short and n.blocked_by == nil then
          out = out or {}
          out[#out + 1] = { unit = uid, text = "a repulse fell short with nothing in the way",
            expected = string.format("%.1f mm back, or stopped by a unit, terrain or the edge", n.wanted),
            found = string.format("%.1f mm, nothing reported", n.moved) }
        end
        local b = n.blocked_by
        if short and math.type(b) == "integer" and G.D[b] and G.D[b].side == G.D[uid].side
            and G.D[b].gid ~= G.D[uid].gid and n.moved < n.wanted / 2 - TOL then
          out = out or {}
          out[#out + 1] = { unit = uid, text = "a repulse into friends within half its move was not a B",
            expected = "B (Results: R or RR into friends within half the move)",
            found = string.format("stopped by unit %d after %.1f of %.1f mm", b, n.moved, n.wanted) }
        end
      end
    end
  end
  if out then table.sort(out, function(x, y) return x.unit < y.unit end) end
  return out
end

local VOLUNTARY = { move = true, charge = true, charge_any_turn = true, retreat = true, evade = true,
                    initiative_move = true, initiative_charge = true }

-- Halted vignettes do not move in their side's next turn; vignettes behind
-- field defences never move of themselves (results still move them).
local function stood_still(G, phase)
  local out
  for uid, kinds in pairs(phase.moved or {}) do
    local d = G.D[uid]
    if d and not d.broken then
      for _, k in ipairs(kinds) do
        local base = k:match("^([^#]+)")
        local bad
        if (VOLUNTARY[base] or base == "follow_up") and d.field_defences then
          bad = "behind field defences: it may not move"
        elseif VOLUNTARY[base] and base ~= "evade" and turn.halted(G, d) then
          bad = "halted (H): it cannot move in its side's next turn"
        end
        if bad then
          out = out or {}
          out[#out + 1] = { unit = uid, text = "it moved though " .. bad,
            expected = "no " .. base .. " move", found = "a " .. k .. " move" }
          break
        end
      end
    end
  end
  if out then table.sort(out, function(x, y) return x.unit < y.unit end) end
  return out
end

R.invariants = {
  { id = "link_together", section = "Command and Control, Linked Vignettes",
    text = "Linked vignettes are merged ... Linking is permanent: a link keeps its shape", check = link_together },
  { id = "recoil_distance", section = "Results",
    text = "R and RR move back one or two full moves unless stopped; into friends within half the move, B",
    check = recoil_distance },
  { id = "stood_still", section = "Shooting (H); Field Defences (optional)",
    text = "a halted vignette cannot move in its side's next turn; defended vignettes may not move",
    check = stood_still },
}

-- Acts the rules allow but no player would make (counted, not fatal):
-- referee_warnings.lua.
R.warnings = require("phalanx.referee_warnings").list

return R
