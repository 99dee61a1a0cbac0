-- The sieges module in WRG 1973: what a scenario draws on the table. The
-- siege pieces go in `table.terrain` beside WRG's own (all in cm, as WRG's
-- pieces are); docs/sieges.md shows each with an example.
--
--   - type: fortification        # a ring of sections, anticlockwise (inside on the left)
--     name: Amida
--     defender: 2                # the side holding it
--     sections:
--       - { kind: wall, from: [60, 70], to: [100, 70] }     # wall | tower | gate | palisade | turf_wall
--   - type: ditch                # a ditch before a rampart: the linear obstacle of WRG's
--     from: [x, y]               # DIFFICULT TERRAIN 6 (as a stream 20 paces wide)
--     to: [x, y]
--   - type: siege                # the siege's settings and the besieger's materials
--     besieger: 1
--     hours_per_period: 1        # SIEGE, GENERAL: a period as an hour of work
--     wind: { from: 270, strength: strong }   # when the weather module is off
--     ladders: 6                 # scaling ladders
--     rams: 1
--     mantlets: 4
--     penthouses: 1              # shelter for a mine begun in the first period
--     fire: [sagittarii]         # unit ids given fire missiles (with their wagon)
--     caltrops: [legio]          # Roman or Byzantine infantry carrying caltrops
--     fascines: 24               # 60 mm fascines for the ladder parties' spare figures
--     blind: [onager]            # the besieger's stone engines that lob blind over the walls
--     water_wagons: 1            # the defender's water tank wagons (fire-fighting)
--     objective: 200             # points for holding the fort at the end (WINNERS AND LOSERS)
--   - type: shallows             # sea the landing wades through: a deep ford
--     from: [x, y]
--     to: [x, y]
--     width: 20                  # cm
--   - type: ship                 # a ship on the shallows, a rectangle
--     at: [x, y]
--     size: [8, 3]               # cm, length along x
--     side: 1
--     class: C                   # the ship's company counts as one C or D class unit
--   - type: caltrops             # caltrops laid before the battle: a card 25 mm deep
--     from: [x, y]
--     to: [x, y]
--
-- setup.given_terrain is wrapped: siege pieces are taken out of the list,
-- checked (errors name the scenario line), and kept; setup.place_terrain
-- puts them on the table and leaves the siege state at pieces.sieges (the
-- battle keeps its pieces as G.pieces: the adapter finds it there).
local forts = require("modules.sieges.fortifications")
local time = require("modules.sieges.time")
local fail = require("lib.fail")

local SC = {}

SC.TYPES = { fortification = true, ditch = true, siege = true, shallows = true, ship = true, caltrops = true }
-- A ditch counts as a stream (DIFFICULT TERRAIN 6: "Over linear obstacles
-- such as streams, ditches, walls and hedges, all of which are assumed to
-- have a minimum width of 20 paces").
SC.DITCH_PACES = 20
-- Wading ashore "counts as a deep ford": a ford at least 30 paces across.
SC.DEEP_FORD_PACES = 30

local function num2(v) return type(v) == "table" and type(v[1]) == "number" and type(v[2]) == "number" end

local function strip(ax, ay, bx, by, w)
  local L = math.sqrt((bx - ax) ^ 2 + (by - ay) ^ 2)
  local nx, ny = -(by - ay) / L * w / 2, (bx - ax) / L * w / 2
  return { ax - nx, ay - ny, bx - nx, by - ny, bx + nx, by + ny, ax + nx, ay + ny }
end

-- Reads the siege pieces (cm) into mm; returns the list of pieces left for
-- WRG and the siege spec.
function SC.read(list, locate, mm_per_pace)
  local rest, spec = {}, { forts = {}, ditches = {}, shallows = {}, ships = {}, siege = {}, caltrops = {} }
  local fort_specs = {}
  for n, p in ipairs(list or {}) do
    local where = locate and locate("/table/terrain/" .. (n - 1)) or ("table.terrain " .. n)
    if type(p) == "table" and SC.TYPES[p.type] then
      if p.type == "fortification" then
        if type(p.sections) ~= "table" or #p.sections < 3 then
          fail("%s: a fortification needs sections: a ring of at least 3 { kind: wall | tower | gate | palisade | " ..
               "turf_wall, from: [x, y], to: [x, y] } in cm, anticlockwise", where)
        end
        local secs = {}
        for i, s in ipairs(p.sections) do
          local sw = locate and locate("/table/terrain/" .. (n - 1) .. "/sections/" .. (i - 1)) or where
          if type(s) ~= "table" or not num2(s.from) or not num2(s.to) or not forts.KINDS[s.kind] then
            fail("%s: a section is { kind: wall | tower | gate | palisade | turf_wall, from: [x, y], to: [x, y] } in cm", sw)
          end
          secs[i] = { kind = s.kind, from = { s.from[1] * 10, s.from[2] * 10 }, to = { s.to[1] * 10, s.to[2] * 10 },
                      resistant = s.resistant }
        end
        if p.defender ~= 1 and p.defender ~= 2 then fail("%s: a fortification needs defender: 1 or 2 (the side holding it)", where) end
        fort_specs[#fort_specs + 1] = { name = p.name, sections = secs, defender = p.defender }
      elseif p.type == "caltrops" then
        if not num2(p.from) or not num2(p.to) then fail("%s: caltrops are { from: [x, y], to: [x, y] } in cm", where) end
        spec.caltrops = spec.caltrops or {}
        spec.caltrops[#spec.caltrops + 1] = { polygon = strip(p.from[1] * 10, p.from[2] * 10, p.to[1] * 10, p.to[2] * 10, 25) }
      elseif p.type == "ditch" or p.type == "shallows" then
        if not num2(p.from) or not num2(p.to) then fail("%s: a %s is { from: [x, y], to: [x, y]%s } in cm", where, p.type,
          p.type == "shallows" and ", width: cm" or "") end
        local w = p.type == "ditch" and SC.DITCH_PACES * mm_per_pace or (p.width or 20) * 10
        local poly = strip(p.from[1] * 10, p.from[2] * 10, p.to[1] * 10, p.to[2] * 10, w)
        if p.type == "ditch" then spec.ditches[#spec.ditches + 1] = { polygon = poly }
        else spec.shallows[#spec.shallows + 1] = { polygon = poly } end
      elseif p.type == "ship" then
        if not num2(p.at) or not num2(p.size) or (p.side ~= 1 and p.side ~= 2) or (p.class ~= nil and p.class ~= "C" and p.class ~= "D") then
          fail("%s: a ship is { at: [x, y], size: [length, beam], side: 1 | 2, class: C | D } in cm (the ship's company counts as one C or D class unit)", where)
        end
        local x, y, l, b = p.at[1] * 10, p.at[2] * 10, p.size[1] * 10, p.size[2] * 10
        spec.ships[#spec.ships + 1] = { side = p.side, x = x, y = y, length = l, beam = b, class = p.class or "C",
          polygon = { x - l / 2, y - b / 2, x + l / 2, y - b / 2, x + l / 2, y + b / 2, x - l / 2, y + b / 2 } }
      elseif p.type == "siege" then
        local ok, h = pcall(time.scale, p, where)
        if not ok then fail("%s", h) end
        if p.besieger ~= 1 and p.besieger ~= 2 then fail("%s: siege needs besieger: 1 or 2", where) end
        if p.blind ~= nil and type(p.blind) ~= "table" then fail("%s: blind is a list of unit ids (stone engines)", where) end
        if p.fascines ~= nil and (type(p.fascines) ~= "number" or p.fascines < 0) then
          fail("%s: fascines is a number of fascines (0 or more)", where)
        end
        spec.siege = { besieger = p.besieger, hours = h, wind = p.wind, ladders = p.ladders or 0, rams = p.rams or 0,
                       mantlets = p.mantlets or 0, fire = p.fire or {}, caltrops = p.caltrops or {}, blind = p.blind or {}, fascines = p.fascines or 0,
                       water_wagons = p.water_wagons or 0, objective = p.objective,
                       penthouses = p.penthouses or 0,
                       engines = require("modules.sieges.wrg.engines").read(p.engines, where, fail),  -- towers, penthouses
                       gabions = require("modules.sieges.wrg.gabions").read(p.gabions, where, fail),
                       bridging = require("modules.sieges.wrg.bridging").read(p, where, fail) }
      end
    else
      rest[#rest + 1] = p
    end
  end
  local ok, st = pcall(forts.new, fort_specs, mm_per_pace)
  if not ok then fail("%s: %s", locate and locate("/table/terrain") or "table.terrain", st) end
  for i, f in ipairs(fort_specs) do st.forts[i].defender = f.defender end
  spec.forts = st
  return rest, spec
end

-- Puts the siege pieces on the table.
function SC.place(bf, spec)
  forts.place(bf, spec.forts)
  for _, d in ipairs(spec.ditches) do
    d.fid = bf:add_terrain{ type = "ditch", polygon = d.polygon, river = true, width = SC.DITCH_PACES }
  end
  for _, s in ipairs(spec.shallows) do
    s.fid = bf:add_terrain{ type = "ford", polygon = s.polygon, shallows = true }
  end
  for _, s in ipairs(spec.ships) do
    s.fid = bf:add_terrain{ type = "ship", polygon = s.polygon, height = 1, blocks_move = true, ship = true }
  end
  for _, c in ipairs(spec.caltrops or {}) do
    c.fid = bf:add_terrain{ type = "caltrops", polygon = c.polygon, caltrops = true }
  end
end

return SC
