-- Phalanx game turn, the melee phase (MELEE; RESULTS; THE GAME TURN D):
-- contacts, pairing (a link fights one melee), each side's situation, the
-- results and follow-ups. The adjudication is phalanx.melee. Part of
-- phalanx.turn (turn.lua).

-- phalanx.command: this module only finds the situation on the table, asks
-- them, and moves bases according to the results.

local tables = require("phalanx.tables")
local NL = require("lib.named_list")
local troops = require("phalanx.troops")
local melee = require("phalanx.melee")
local shooting = require("phalanx.shooting")
local command = require("phalanx.command")
local setup = require("phalanx.setup")
local victory = require("phalanx.victory")
local M = require("lib.modifiers")
local account = require("lib.account")
local angles = require("lib.angles")
local manoeuvre = require("lib.manoeuvre")

local turn = require("phalanx.turn.bases")

-- The hot loops over a link's members are numeric (`for i = 1, #g.ids do
-- local uid = g.ids[i]`): ipairs costs a call into the C library per
-- element, which showed as 3% of a battle.
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad = math.rad
local MOVEMENT = tables.movement
local groups_of = troops.groups
local axes = setup.axes

-- contact tolerances and the reading of corner contact: turn/bases.lua
local CONTACT, MIN_CONTACT_LEN, CORNER_LEN = turn.CONTACT, turn.MIN_CONTACT_LEN, turn.CORNER_LEN


-- from the other parts
local advance_group = turn.advance_group
local advance_unit = turn.advance_unit
local allowances = turn.allowances
local apply_result = turn.apply_result
local friends_behind = turn.friends_behind
local going = turn.going
local heading = turn.heading
local label = turn.label
local log = turn.log
local move_mm = turn.move_mm
local near = turn.near
local norm = turn.norm
local record = turn.record
local record_group = turn.record_group
local say = turn.say
local short = turn.short
local terms_of = turn.terms_of
local touching_edge = turn.touching_edge

---------------------------------------------------------------------------
-- Melee (MELEE; RESULTS).

-- Every melee contact, with the phasing side's vignette first:
-- { a, b, a_edge, b_edge, len }.
local melee_ids, melee_dists = {}, {}
local function contacts(G, side)
  local bf = G.bf
  local list = {}
  local gids = G.sides[side].groups
  for j = 1, #gids do local gid = gids[j]
    local ids = G.groups[gid].ids
    for k = 1, #ids do local uid = ids[k]
      local n = bf:within(uid, CONTACT, 3 - side, melee_ids, melee_dists)
      for i = 1, n do
        local e = melee_ids[i]
        local ea, _, la = bf:contact(uid, e)
        local eb, _, lb = bf:contact(e, uid)
        local len = max(la, lb)
        if len > MIN_CONTACT_LEN and not (G.apart and G.apart(G, uid, e)) then -- hook: fantasy (flyers)
          list[#list + 1] = { a = uid, b = e, a_edge = ea, b_edge = eb, len = len }
        end
      end
    end
  end
  return list
end
turn.contacts = contacts

-- Pairs the melees: "A vignette fights the opponent with which it shares
-- most base contact. If a vignette is contacted by multiple melee
-- opponents, it fights against one only, the others supporting." Greedy by
-- contact length (front-to-front first on ties, then ids), each vignette in
-- one melee; the other contacts count as flank/rear contacts.
local function pair_melees(list, G)
  local sorted = {}
  for i = 1, #list do local c = list[i]
    sorted[i] = c
    c.key = c.len + ((c.a_edge == "front" and c.b_edge == "front") and 0.5 or 0)
  end
  table.sort(sorted, function(x, y)
    if abs(x.key - y.key) > 1e-6 then return x.key > y.key end
    if x.a ~= y.a then return x.a < y.a end
    return x.b < y.b
  end)
  -- "Linked vignettes are merged and are counted as one vignette for the
  -- purposes of ... combat" (READING: in-line links too): a link fights one
  -- melee, by its vignette with the most contact
  local used, pairs_ = {}, {}
  for j = 1, #sorted do local c = sorted[j]
    local ka, kb = c.a, c.b
    if G then ka, kb = -G.D[c.a].gid, -G.D[c.b].gid end
    if not used[ka] and not used[kb] then
      used[ka], used[kb] = true, true
      pairs_[#pairs_ + 1] = c
    end
  end
  table.sort(pairs_, function(x, y) if x.a ~= y.a then return x.a < y.a end return x.b < y.b end)
  return pairs_
end
turn.pair_melees = pair_melees

-- Flank or rear contact on a vignette, from the contact list.
local function flanked(list, uid)
  for j = 1, #list do local c = list[j]
    if c.len > CORNER_LEN then
      if c.a == uid and c.a_edge ~= "front" then return true end
      if c.b == uid and c.b_edge ~= "front" then return true end
    end
  end
  return false
end

-- Overlaps of `me` fighting `foe` to its front: "overlapped by an opposing
-- vignette that is contiguous to the vignette in contact to the front". An
-- enemy other than foe touching foe, beside me (beyond my flank), within a
-- tenth of a frontage of me and not itself in contact with my flank. Each
-- entry is the overlapper's total modified cf (melee checks the half).
local function overlaps_of(G, me, foe)
  local bf = G.bf
  local d = G.D[me]
  local x, y, f = G.px[me], G.py[me], G.pf[me]
  local _, _, rx, ry = axes(f)
  local q = {}
  near(G, me, 3 - d.side, G.S.frontage * 0.1, q)
  local found, sides = nil, {}
  for j = 1, #q do local hit = q[j]
    local o = hit.id
    if o ~= foe and bf:distance(o, foe) <= CONTACT and not touching_edge(G, me, o) then
      local ox, oy = G.px[o], G.py[o]
      local lat = (ox - x) * rx + (oy - y) * ry
      local flank = lat > 0 and 1 or -1
      if abs(lat) > d.w / 2 and not sides[flank] then
        sides[flank] = true
        local od = G.D[o]
        local cf = melee.modified_cf(od, d, { in_bad_going = (going(G, o)) })
        found = found or {}
        found[#found + 1] = cf
      end
    end
  end
  return found
end
turn.overlaps_of = overlaps_of

-- The situation of one side of a melee.
local function melee_side(G, me, foe, my_edge, list)
  local d = G.D[me]
  local bad, _, hill = going(G, me)
  local _, _, foe_hill = going(G, foe)
  local s = {
    in_bad_going = bad,
    flank_or_rear = flanked(list, me),
    uphill = hill ~= nil and hill ~= foe_hill,
    friends_behind = friends_behind(G, me, foe),
  }
  if my_edge == "front" then
    s.overlaps = overlaps_of(G, me, foe)
    if d.supporter then s.support = d.supporter end
  end
  if d.artillery == "attached" then s.attached_artillery = true end
  if G.weather_shot then s.weather = G.weather_shot(G, me) end   -- hook: the weather module's flags (sun)
  local fd = G.D[foe]
  if fd.field_defences and touching_edge(G, foe, me) == "front" then s.opponent_behind_field_defences = true end
  return s
end

local function describe_side(G, d, base, cf, terms)
  local mods = M.describe(terms)
  return string.format("%s cf %d%s", short(d), cf,
    #mods > 0 and (" (base " .. base .. ": " .. table.concat(mods, ", ") .. ")") or " (base)")
end

-- "If you or the opponents are IF Class III, IV or V they must follow up a
-- full move, even if this means they may still maintain contact."
local function follow_up(G, uid, opp)
  if G.D[uid].broken or G.D[opp].broken then return end
  local d = G.D[uid]
  local g = G.groups[d.gid]
  for j = 1, #g.ids do if G.D[g.ids[j]].field_defences then return end end
  local x, y, f = G.px[uid], G.py[uid], G.pf[uid]
  local ox, oy = G.px[opp], G.py[opp]
  local a = norm(heading(ox - x, oy - y) - f)
  if abs(a) > 60 then return end   -- READING: only an opponent to its front is followed
  if #g.ids > 1 then
    -- a link follows up as one (Linked Vignettes), at its rate
    local moved = advance_group(G, g, (allowances(G, g, 0, "follow_up")))
    record_group(G, g, "follow_up")
    if G.report then say(G, "    %s and its link follow up %.0f mm", short(d), moved) end
    log(G, "follow_up", { unit = uid, units = g.ids, distance = moved })
    return
  end
  local mv = move_mm(d, (going(G, uid)))
  local r = advance_unit(G, uid, mv)
  record(G, uid, "follow_up")
  if G.report then say(G, "    %s follows up %.0f mm", short(d), r.distance or 0) end
  log(G, "follow_up", { unit = uid, distance = r.distance })
end

function turn.melee_phase(G, side)
  local list = contacts(G, side)
  if #list == 0 then return end
  local melees = pair_melees(list, G)
  local explain = G.report ~= nil or G.log
  G.melees = (G.melees or 0) + #melees
  if not G.first_melee then G.first_melee = G.turn end
  for j = 1, #melees do local m = melees[j]
    if G.over then break end
    local a, b = m.a, m.b
    if not G.D[a].broken and not G.D[b].broken then
      local ad, bd = G.D[a], G.D[b]
      local situation = {
        attacker = melee_side(G, a, b, m.a_edge, list),
        defender = melee_side(G, b, a, m.b_edge, list),
      }
      local out = melee.resolve(ad, bd, situation, G.dice, explain)
      ad.engaged, bd.engaged = true, true
      if G.log then
        local conv = {}
        for i, c in ipairs(out.conversions or {}) do conv[i] = { side = c.side, from = c.from, to = c.to, rule = c.rule } end
        log(G, "melee", { attacker = a, defender = b, die = out.die, difference = out.difference,
                          attacker_base_cf = out.attacker_base_cf, defender_base_cf = out.defender_base_cf,
                          attacker_cf = out.attacker_cf, defender_cf = out.defender_cf,
                          attacker_modifiers = terms_of(out.attacker_terms), defender_modifiers = terms_of(out.defender_terms),
                          table_results = out.table_results, conversions = conv,
                          attacker_result = out.attacker_result, defender_result = out.defender_result })
      end
      if G.report then
        say(G, "  MELEE %s against %s", label(ad), label(bd))
        say(G, "    %s; %s", describe_side(G, ad, out.attacker_base_cf, out.attacker_cf, out.attacker_terms),
          describe_side(G, bd, out.defender_base_cf, out.defender_cf, out.defender_terms))
        local conv = {}
        for _, c in ipairs(out.conversions or {}) do
          conv[#conv + 1] = string.format("%s %s -> %s (%s)", c.side, c.from, c.to, c.rule)
        end
        say(G, "    difference %+d, die %d: %s %s, %s %s%s", out.difference, out.die,
          short(ad), out.attacker_result, short(bd), out.defender_result,
          #conv > 0 and ("; " .. table.concat(conv, "; ")) or "")
      end
      -- "The table gives you the results for both sides": both apply, even
      -- when the first ends the battle (both may lose at once)
      if G.blow_lands then out.attacker_result, out.defender_result = G.blow_lands(G, a, b, out.attacker_result, out.defender_result) end -- hook: fantasy
      apply_result(G, a, out.attacker_result, b, "melee")
      apply_result(G, b, out.defender_result, a, "melee")
      if not G.over then
        if out.attacker_follows_up then follow_up(G, a, b) end
        if out.defender_follows_up then follow_up(G, b, a) end
      end
    end
  end
end


return turn
