-- Historicon v2 in play: Phase 5, melee.
local turn = require("historicon.turn.board")
local H = turn.helpers
local tables, troops, shooting, melee, integrity, distances, victory, pool_mod = H.tables, H.troops, H.shooting, H.melee, H.integrity, H.distances, H.victory, H.pool_mod
local setup, account, angles, M, E, CONTACT, FRACTIONS, SHOOT_ARC = H.setup, H.account, H.angles, H.M, H.E, H.CONTACT, H.FRACTIONS, H.SHOOT_ARC
local PROBE_KEYS, say, log, norm, heading, label, side_name, gait = H.PROBE_KEYS, H.say, H.log, H.norm, H.heading, H.label, H.side_name, H.gait
local kind_of, note, note_contact, side_ids, contacts, in_contact, friend_near, terrain_under = H.kind_of, H.note, H.note_contact, H.side_ids, H.contacts, H.in_contact, H.friend_near, H.terrain_under
local hill_at, sweep, go, check_wheel, count_live_hi, passes_through, deduct, remove_unit = H.hill_at, H.sweep, H.go, H.check_wheel, H.count_live_hi, H.passes_through, H.deduct, H.remove_unit
local roll_mm, impassable, blocker_name, record_hits = H.roll_mm, H.impassable, H.blocker_name, H.record_hits
local abs, min, max, floor, sqrt = math.abs, math.min, math.max, math.floor, math.sqrt
local rad, deg, sin, cos = math.rad, math.deg, math.sin, math.cos

-- The view of a unit for melee: a VLI rank behind it (optional rule) is a
-- rank deeper; the front rank is the unit's own.
local function melee_view(G, d)
  if d.rear and G.options.vli_ranks then return G.hooks.vli_ranks.melee_view(d) end
  return d
end

-- Phase 5: units in contact fight. Both sides throw (initiative first); the
-- hits are added when all have thrown. "Formed units cannot fight to their
-- flank or rear while unformed units may turn and fight normally." Broken
-- units throw no dice (READING).
function turn.phase5(G)
  G.bf:set_time(G.turn, "5 melee")
  local fights = {}
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      local d = G.D[uid]
      local touching = contacts(G, uid)
      if #touching > 0 then
        d.fought = true
        if not d.broken and not (G.no_strike and G.no_strike(G, uid)) then -- hook: fantasy (stone, asleep)
          local eng = {}
          local view = melee_view(G, d)
          local front_figs = view ~= d and troops.front_rank_figures(d) or nil
          for _, e in ipairs(touching) do
            local ed = G.D[e]
            if not d.formed or G.bf:contact(uid, e) == "front" then
              local my_edge_on_them = G.bf:contact(e, uid)
              local hs, he = hill_at(G, uid), hill_at(G, e)
              G.fought_vs[uid] = G.fought_vs[uid] or {}
              eng[#eng + 1] = { enemy = ed, id = e, situation = {
                higher_ground = hs ~= nil and setup.combat_hill[hs] == true and he == nil,
                first_contact = G.pair_since[turn.pair_key(uid, e)] == G.turn,
                flank_or_rear = my_edge_on_them ~= "front",
                new_target = not G.fought_vs[uid][e],
                front_figures = front_figs,
              } }
              G.fought_vs[uid][e] = true
            end
          end
          if #eng > 0 then fights[#fights + 1] = { uid = uid, view = view, eng = eng } end
        end
      end
    end
  end
  local results = {}
  for i, f in ipairs(fights) do
    local pools = melee.fight_split(f.view, f.eng, G.dice, G.report ~= nil)
    results[i] = pools
    if G.report then
      local d = G.D[f.uid]
      for k, p in ipairs(pools) do
        local terms = {}
        for _, t in ipairs(p.terms or {}) do terms[#terms + 1] = string.format("%+d %s", t.after - t.before, t.text) end
        say(G, "  %s fights %s: %d dice%s (%d basic%s) hitting on %d+%s: %d hit(s)", label(d), label(f.eng[k].enemy),
          p.dice, p.undivided and p.undivided ~= p.dice and string.format(" of %d", p.undivided) or "", p.basic or 0,
          #terms > 0 and (", " .. table.concat(terms, ", ")) or "", p.hit_on,
          #p.reroll > 0 and (" re-rolling " .. table.concat(p.reroll, ",")) or "", p.hits)
      end
    end
  end
  for i, f in ipairs(fights) do
    for k, p in ipairs(results[i]) do
      if G.blow_lands then p.hits = G.blow_lands(G, f.uid, f.eng[k].id, p.hits) end -- hook: fantasy (stone, invisible)
      record_hits(G, f.uid, f.eng[k].id, p.hits)
      if G.log then log(G, "melee", { unit = f.uid, target = f.eng[k].id, dice = p.dice, hit_on = p.hit_on, hits = p.hits }) end
    end
  end
  -- contacts that no longer hold are forgotten (a new contact is a first contact)
  local keep = {}
  for _, f in ipairs(fights) do
    for _, e in ipairs(f.eng) do
      local k = turn.pair_key(f.uid, e.id)
      keep[k] = G.pair_since[k]
    end
  end
  for _, s in ipairs(G.order) do
    for _, uid in ipairs(turn.units(G, s)) do
      for _, e in ipairs(contacts(G, uid)) do
        local k = turn.pair_key(uid, e)
        if not keep[k] then keep[k] = G.pair_since[k] or G.turn end
      end
    end
  end
  G.pair_since = keep
  turn.hits_tests(G)
end

return turn
