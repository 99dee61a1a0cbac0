-- WRG 1973: the referee's warnings for acts the rules allow but no player
-- would make (rulesets/wrg/absurd_acts.lua), each on a scripted charge
-- played through the battle engine, and the cases each leaves out.
local T = require("lib.testing")
local F = require("wrg.tests.fixtures")
local setup = require("wrg.setup")
local tables = require("wrg.tables")
local W = require("wrg.absurd_acts")

local MM = tables.MM_PER_PACE
local unit, fight, play = F.unit, F.fight, F.play

-- Side 1's `charger` charges side 2's `target` standing `gap` paces ahead
-- in period 1 (the target disorganised as the movement begins when
-- `disorganised`); returns the warnings the check `check` gives once the
-- movement phase is over, and whether the charge made contact.
local function charge(charger, target, gap, check, disorganised)
  local _, cdp = setup.footprint(charger)
  local _, tdp = setup.footprint(target)
  charger.at = { 600, 300, 0 }
  target.at = { 600, 300 + cdp / 2 + gap * MM + tdp / 2, 180 }
  local G
  G = fight{ side1 = { charger }, side2 = { target },
    cmd1 = F.commander{ charge_target = function() return G.turn == 1 and G.by_id[2][target.id] or nil end } }
  local start, acts = {}, nil
  G.bf:on_time(function(_, t, phase)
    if t ~= 1 then return end
    if phase == "movement" then
      for _, id in ipairs(G.bf:units()) do local x, y, f = G.bf:pos(id); start[id] = { x, y, f } end
      if disorganised then G.D[G.by_id[2][target.id]].disorganised = true end
    elseif phase == "shooting" then
      acts = check(G, { name = "movement", start = start })
    end
  end)
  play(G)
  G.bf:on_time(nil)
  local contact = #F.events(G, "contact", 1) > 0
  return acts, contact
end

T.case("WRG 1973 GENERAL FEATURES OF ORDERS 4 ('Harass'): light troops charging formed heavy foot frontally are flagged", function()
  local li = function() return unit("l", "LI", 0, 0, 0, { figures = 6, ranks = 1, weapons = { "javelin" }, fanatic = true }) end
  local acts, contact = charge(li(), unit("h", "HI", 0, 0, 180), 60, W.light_charges_heavy_front)
  T.truthy(contact, "the light infantry reach the heavy foot")
  T.eq(acts and #acts or 0, 1, "one absurd act: the front of heavy foot in good order")
  acts, contact = charge(li(), unit("h", "HI", 0, 0, 180), 60, W.light_charges_heavy_front, true)
  T.truthy(contact, "they reach it disorganised too")
  T.eq(acts, nil, "'charge light, disorganised or outflanked troops': not flagged")
  acts = charge(li(), unit("h", "LMI", 0, 0, 180, { weapons = { "javelin" } }), 60, W.light_charges_heavy_front)
  T.eq(acts, nil, "light-medium foot are not heavy foot")
end)

T.case("WRG 1973 STANDING ORDERS ('Harass'): light horse charging formed heavy or medium horse frontally are flagged", function()
  -- "Skirmish with heavy or medium troops facing in good order, but charge
  -- light, disorganised or outflanked troops": the book's horse as well as
  -- its foot (issue #13, session nine: commanders that charged Roman heavy
  -- horse with British light horse decided more battles, by losing them)
  local lc = function() return unit("l", "LC", 0, 0, 0, { figures = 4, ranks = 1, weapons = { "javelin" } }) end
  local acts, contact = charge(lc(), unit("h", "HC", 0, 0, 180, { figures = 4, ranks = 1 }), 60, W.light_charges_heavy_horse_front)
  T.truthy(contact, "the light horse reach the heavy horse")
  T.eq(acts and #acts or 0, 1, "one absurd act: the front of heavy horse in good order")
  acts, contact = charge(lc(), unit("h", "HC", 0, 0, 180, { figures = 4, ranks = 1 }), 60, W.light_charges_heavy_horse_front, true)
  T.truthy(contact, "they reach it disorganised too")
  T.eq(acts, nil, "a disorganised enemy: not flagged")
  acts, contact = charge(lc(), unit("h", "LC", 0, 0, 180, { figures = 4, ranks = 1, weapons = { "javelin" } }), 60, W.light_charges_heavy_horse_front)
  T.truthy(contact, "they reach light horse")
  T.eq(acts, nil, "light horse against light horse: not flagged")
  acts = charge(lc(), unit("h", "HI", 0, 0, 180), 60, W.light_charges_heavy_horse_front)
  T.eq(acts, nil, "heavy foot are light-charges-heavy-front's, not this check's")
end)

T.case("WRG 1973 SHOOTING: bowmen charging an enemy in good order within their range are flagged", function()
  local bows = function() return unit("b", "MI", 0, 0, 0, { figures = 8, ranks = 2, weapons = { "bow" }, fanatic = true }) end
  local acts, contact = charge(bows(), unit("h", "HI", 0, 0, 180), 60, W.missile_charges_instead_of_shooting)
  T.truthy(contact, "the bowmen reach the foot")
  T.eq(acts and #acts or 0, 1, "one absurd act: they could have stood and shot")
  acts = charge(bows(), unit("h", "HI", 0, 0, 180), 60, W.missile_charges_instead_of_shooting, true)
  T.eq(acts, nil, "a disorganised enemy is worth the charge")
  local jav = unit("j", "MI", 0, 0, 0, { figures = 8, ranks = 2, weapons = { "javelin" }, fanatic = true })
  acts = charge(jav, unit("h", "HI", 0, 0, 180), 60, W.missile_charges_instead_of_shooting)
  T.eq(acts, nil, "javelins are thrown in the charge: not flagged")
end)

T.case("WRG 1973 REACTION TEST: a charge declared in an uncontrolled advance is the rules' choice, not flagged, whatever the unit's state at the phase's end", function()
  -- chart 1's "UNCONTROLLED ADVANCE IN ATTEMPT TO CONTACT": the rules
  -- choose the target. The check read the unit's state once the movement
  -- was over; at fantasy_dark_host seed 75 the Giant's no longer read
  -- "uncontrolled" by then and its forced charge was flagged. The charge's
  -- own record (forced) says who chose it.
  local bows = unit("b", "MI", 600, 300, 0, { figures = 8, ranks = 2, weapons = { "bow" }, set = { state = "uncontrolled", state_periods = 2, ua_period = 0 } })
  local h = unit("h", "HI", 0, 0, 180)
  local _, bdp = setup.footprint(bows)
  local _, hdp = setup.footprint(h)
  h.at = { 600, 300 + bdp / 2 + 60 * MM + hdp / 2, 180 }
  local G = fight{ side1 = { bows }, side2 = { h } }
  local b = G.by_id[1].b
  local start, acts, forced = {}, nil, nil
  G.bf:on_time(function(_, t, phase)
    if t ~= 1 then return end
    if phase == "movement" then
      for _, id in ipairs(G.bf:units()) do local x, y, f = G.bf:pos(id); start[id] = { x, y, f } end
    elseif phase == "shooting" then
      forced = G.charges[1] and G.charges[1].forced
      G.D[b].state = nil -- the advance over by the phase's end
      acts = W.missile_charges_instead_of_shooting(G, { name = "movement", start = start })
    end
  end)
  play(G)
  G.bf:on_time(nil)
  T.truthy(#F.events(G, "contact", 1) > 0, "the bowmen reach the foot")
  T.eq(forced, true, "the charge was declared in the uncontrolled advance")
  T.eq(acts, nil, "not flagged")
end)
