-- Phalanx command and control (Activation, The Game Turn A), initiative).
local T = require("lib.testing")
local M = require("lib.modifiers")
local command = require("phalanx.command")

local function v(class, integrity, army_class)
  return { class = class, integrity = integrity, army_class = army_class }
end

local cost = function(x, s) return (command.activation_cost(x, s)) end

T.case("Activation: RA 1 point, IF 2 points for a vignette or a link", function()
  T.eq(cost(v("HIS", "III", "RA")), 1)
  T.eq(cost(v("HIW", "III", "IF")), 2)
  T.eq(cost({ v("HIS", "III", "RA"), v("HIS", "III", "RA"), v("HIS", "III", "RA") }), 1, "a link costs as one")
  T.eq(cost({ v("HIW", "III", "IF"), v("LIW", "III", "IF") }), 2)
end)

T.case("Activation: +1 for every 4 vignette widths from the General (whole multiples)", function()
  local his = v("HIS", "III", "RA")
  local expected = { [0] = 1, [3.9] = 1, [4] = 2, [7.5] = 2, [8] = 3, [11] = 3, [12] = 4, [17] = 5 }
  for d, c in pairs(expected) do T.eq(cost(his, { distance_from_general = d }), c, d .. " widths") end
end)

T.case("Activation: +1 General out of sight, +1 Class I/II in the link, +2 crossing sectors", function()
  local his = v("HIS", "III", "RA")
  T.eq(cost(his, { line_of_sight_blocked = true }), 2)
  T.eq(cost(v("HIS", "I", "RA")), 2, "Class I")
  T.eq(cost(v("HIS", "II", "IF")), 3, "Class II IF")
  T.eq(cost({ his, v("HIS", "II", "RA") }), 2, "any one of the link")
  T.eq(cost(his, { crossing_sectors = true }), 3)
  T.eq(cost(his, { distance_from_general = 9, line_of_sight_blocked = true, crossing_sectors = true }), 6)
end)

-- The engine's hot path (turn.activation_cost) computes the default list
-- inline (command.link_part, command.default_cost): it must give the list's
-- answer, number type included, for every link and situation it is used for
-- (distances in whole widths, as the engine counts them).
T.case("ACTIVATION: the inlined default list equals the list's evaluation, cell by cell", function()
  T.truthy(command.list_is_default(), "the list as loaded is the default")
  local vignettes = {}
  for _, army in ipairs({ "RA", "IF" }) do
    for _, integ in ipairs({ "I", "II", "III", "IV", "V" }) do vignettes[#vignettes + 1] = v("HIS", integ, army) end
  end
  local links = {}
  for i = 1, #vignettes do
    links[#links + 1] = { vignettes[i] }
    for j = 1, #vignettes do
      if vignettes[i].army_class == vignettes[j].army_class then links[#links + 1] = { vignettes[i], vignettes[j] } end
    end
  end
  local checked = 0
  for _, link in ipairs(links) do
    local part = command.link_part(link)
    T.truthy(part ~= nil, "a link of one army class has a part")
    for d = 0, 17 do
      for _, los in ipairs({ false, true }) do
        for _, cross in ipairs({ false, true }) do
          local want = cost(link, { distance_from_general = d, line_of_sight_blocked = los, crossing_sectors = cross })
          local got = command.default_cost(part, d, los, cross)
          if got ~= want or math.type(got) ~= math.type(want) then
            T.eq(got, want, string.format("%d vignettes, %d widths, los %s, crossing %s", #link, d, los, cross))
          end
          checked = checked + 1
        end
      end
    end
  end
  T.eq(checked, #links * 18 * 4, "every cell compared")
  -- the general way raises for these; the inline way must not answer them
  T.eq(command.link_part({ v("HIS", "III", "RA"), v("HIW", "III", "IF") }), nil, "RA linked to IF")
  T.eq(command.link_part({ v("HIS", "III", "XX") }), nil, "unknown army class")
end)

T.case("ACTIVATION: a patched list is not taken for the default one", function()
  local saved = command.activation_modifiers
  command.activation_modifiers = saved:copy()
  T.truthy(command.list_is_default(), "an unpatched copy holds the same entries")
  command.activation_modifiers:add({ id = "test_extra", text = "test", rule = "test", add = 1 })
  local patched = command.list_is_default()
  command.activation_modifiers = saved
  T.eq(patched, false, "an added entry sends the cost the general way")
  T.truthy(command.list_is_default(), "the loaded list again")
end)

T.case("Activation: -1 for Class IV or V RA; the minimum is always 1", function()
  T.eq(cost(v("HIS", "IV", "RA")), 1, "1 - 1 -> minimum 1")
  T.eq(cost(v("HIS", "V", "RA"), { crossing_sectors = true }), 2, "1 + 2 - 1")
  T.eq(cost(v("HIW", "V", "IF")), 2, "IF does not get the -1")
  T.eq(cost({ v("HIS", "IV", "RA"), v("HIS", "V", "RA") }, { line_of_sight_blocked = true }), 1, "1 + 1 - 1")
  T.eq(cost({ v("HIS", "IV", "RA"), v("HIS", "III", "RA") }, { line_of_sight_blocked = true }), 2,
    "READING: the whole link must be IV/V")
end)

T.case("Activation: explanation, and RA cannot be linked to IF", function()
  local c, terms = command.activation_cost(v("HIS", "II", "RA"), { distance_from_general = 8 }, true)
  T.eq(c, 4)
  T.eq(M.describe(terms), {
    "+2 for every 4 vignette widths distant from the General (Activation)",
    "+1 any one of the vignettes in a link are Class I or Class II (Activation)",
  })
  T.raises(function() cost({ v("HIS", "III", "RA"), v("HIW", "III", "IF") }) end, "RA troops cannot be linked to IF")
  T.raises(function() cost({}) end, "non-empty link")
  T.raises(function() cost(v("HIS", "III", "XX")) end, "unknown army class")
end)

T.case("Detachments (optional rule): +1 once an option adds the modifier", function()
  local his = v("HIS", "III", "RA")
  T.eq(cost(his, { detachment = true }), 1, "not part of the base rules")
  command.activation_modifiers:add(command.optional.detachment)
  local with_option = cost(his, { detachment = true })
  command.activation_modifiers:remove("detachment")
  T.eq(with_option, 2)
end)

T.case("The Game Turn A): the army's activation points modified by a d6", function()
  local expected = { -2, -1, 0, 0, 1, 2 }
  for die = 1, 6 do
    local o = command.turn_activation_points(6, T.forced_dice({ die }))
    T.eq({ o.die, o.modifier, o.points }, { die, expected[die], 6 + expected[die] }, "die " .. die)
  end
  T.eq(command.turn_activation_points(1, T.forced_dice({ 1 })).points, 0, "READING: never below 0")
  local o = command.turn_activation_points(4, T.forced_dice({ 6 }), true)
  T.eq(M.describe(o.terms), { "+2 activation die 6 (The Game Turn, A))" })
end)

T.case("Activation, initiative: the d6 modifiers for every army and integrity class", function()
  -- IF: -1; Class IV IF another -1; Class V IF -2 more; Class IV RA +1; Class V RA +2
  local expected = {
    RA = { I = 0, II = 0, III = 0, IV = 1, V = 2 },
    IF = { I = -1, II = -1, III = -1, IV = -2, V = -3 },
  }
  for army, by_integrity in pairs(expected) do
    for integrity, m in pairs(by_integrity) do
      local o = command.initiative(v("HIN", integrity, army), T.forced_dice({ 4 }))
      T.eq(o.score, 4 + m, army .. " " .. integrity)
    end
  end
end)

T.case("Activation, initiative table through initiative(): scores, actions and texts", function()
  local cases = {
    { v("HIW", "V", "IF"), 1, -2, "charge_nearest_any_turns" },
    { v("HIW", "V", "IF"), 4, 1, "charge_nearest_ahead_within_3" },
    { v("HIW", "III", "IF"), 1, 0, "charge_nearest_any_turns" },
    { v("HIW", "III", "IF"), 3, 2, "charge_ahead_or_shoot" },
    { v("HIS", "III", "RA"), 3, 3, "retreat_two_turns" },
    { v("HIS", "III", "RA"), 4, 4, "as_right_neighbour" },
    { v("HIS", "III", "RA"), 5, 5, "as_left_neighbour" },
    { v("HIS", "III", "RA"), 6, 6, "do_nothing" },
    { v("HIS", "IV", "RA"), 6, 7, "as_player_wishes" },
    { v("HIS", "V", "RA"), 6, 8, "as_player_wishes" },
    { v("HIS", "V", "RA"), 1, 3, "retreat_two_turns" },
  }
  for _, c in ipairs(cases) do
    local o = command.initiative(c[1], T.forced_dice({ c[2] }))
    T.eq({ o.die, o.score, o.action }, { c[2], c[3], c[4] },
      c[1].army_class .. " " .. c[1].integrity .. " die " .. c[2])
  end
  local o = command.initiative(v("HIS", "III", "RA"), T.forced_dice({ 6 }))
  T.eq(o.text, "Do nothing.")
  o = command.initiative(v("HIW", "IV", "IF"), T.forced_dice({ 5 }), true)
  T.eq(M.describe(o.terms), {
    "-1 the vignette is IF Class (Activation, initiative table)",
    "-1 the vignette is Class IV IF (Activation, initiative table)",
  })
end)
