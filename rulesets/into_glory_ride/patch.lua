-- Into Glory Ride: the patch that turns this instance's copy of Phalanx into
-- Into Glory Ride. It runs before any Phalanx module of the instance has been
-- required by anyone else, so it patches the data modules (troops, tables)
-- first, IN PLACE (the adjudication modules capture those tables when they
-- load), and then the modifier lists of the modules that build them, by id.
-- The data is in into_glory_ride.data; the shooting module is replaced whole
-- (init.lua). Everything not named here is Phalanx's, unchanged.

local data = require("into_glory_ride.data")

-- Refills a list in place (modules hold a reference to it).
local function refill(list, values)
  for i = #list, 1, -1 do list[i] = nil end
  for i, v in ipairs(values) do list[i] = v end
end

local function set_of(codes)
  local s = {}
  for _, c in ipairs(codes) do s[c] = true end
  return s
end

local function patch_troops(troops, rules)
  for _, code in ipairs(data.removed_classes) do troops.classes[code] = nil end
  for _, code in ipairs({ "HIM", "ELE", "ART" }) do troops.classes[code] = data.classes[code] end
  refill(troops.order, data.order)
  for _, g in ipairs(data.removed_general) do troops.general_classes[g] = nil end
  for g, subs in pairs(data.sub_classes) do troops.general_classes[g].sub_classes = subs end
  troops.general_classes.FOOT.rule, troops.general_classes.MOUNTED.rule = "Troop Types", "Troop Types"
  troops.general_classes.ANIMAL.rule = "Troop Types"
  refill(troops.general_order, data.general_order)

  -- IA in place of IF.
  troops.army_classes.IF = nil
  troops.army_classes.IA = data.army_classes.IA
  refill(troops.army_order, data.army_order)

  local g = troops.groups
  g.HI.HIB, g.HI.HIM = nil, true                    -- "HI refers to all HI classes"
  for code in pairs(set_of({ "PEL", "IND", "AFR" })) do g.EL[code] = nil end
  g.EL.ELE = true                                   -- "any elephants" (Results, Break)
  g.halved_in_flank.HIB, g.halved_in_flank.HIM = nil, true
  -- READING: "MTD" stays the horsed MOUNTED classes (CAT, HCC, HSC, LSC): an
  -- amalgamated battery is MOUNTED for Table 7's column and for shooting, but
  -- HIM, LIW, LIN and VLI do not fear it as they fear cavalry.
  g.ANY = set_of(data.order)                        -- ART: "Any in contact"
  g.shooting_target_bonus = nil                     -- Phalanx's; ours are in shooting.lua
  g.epoch_shooters = data.epoch_shooters
  troops.evades.CAM = nil
  troops.chariots = nil                             -- no Chariots section in this text

  -- Range by class, epoch and weight; the battle engine passes the vignette.
  local shooting = nil
  function troops.shooting_range(code, v)
    shooting = shooting or rules.require("phalanx.shooting")   -- ours (init.lua, replaces)
    return shooting.max_range(v or { class = code })
  end
end

local function patch_tables(tables)
  local mv = tables.movement
  for _, code in ipairs(data.removed_classes) do mv[code] = nil end
  for _, code in ipairs({ "HIM", "ELE", "ART" }) do
    local r = data.movement[code]
    mv[code] = { turn = r.turn, good = r.good, bad = r.bad, combat_penalty = r.combat_penalty,
                 pivot = r.turn == 45 and "front_corner" or "centre" }
  end
  mv.rule = "Movement table"

  tables.activation.base.IF, tables.activation.base.IA = nil, tables.activation.base.IF
  for _, row in ipairs(tables.initiative.modifiers) do row.text = row.text:gsub("IF", "IA") end

  -- Shooting: the text's modifiers, ranges and results rows.
  local sh = tables.shooting
  sh.rule = "Shooting"
  refill(sh.modifiers, data.shooting_modifiers)
  sh.ranges = data.ranges
  sh.results.HIB = nil
  sh.results["HIM/ART"] = data.shooting_results["HIM/ART"]
  sh.results.Other = data.shooting_results.Other
  tables.artillery = nil                            -- Phalanx's optional rule; ART is a class here
  function tables.shooting_result(shooter_code, score, row_name)
    local row = sh.results[row_name or ((shooter_code == "HIM" or shooter_code == "ART") and "HIM/ART" or "Other")]
    if score < 1 then score = 1 elseif score > #row then score = #row end
    return row[score]
  end

  -- Table 7.
  local CF = tables.combat_factors
  for _, code in ipairs(data.removed_classes) do CF[code] = nil end
  for _, code in ipairs(data.order) do
    local foot, mounted, disadvantage = table.unpack(data.combat_factors[code])
    local row = { foot = {}, mounted = {}, disadvantage = disadvantage }
    for i, name in ipairs(data.EPOCHS) do   -- the integrity classes I-V, as Table 7's columns
      if foot[i] ~= "-" then row.foot[name] = foot[i] end
      if mounted[i] ~= "-" then row.mounted[name] = mounted[i] end
    end
    CF[code] = row
  end
  CF.rule = "Melee, Table 7 (Into Glory Ride)"

  -- Melee modifier texts (the rows melee.lua builds its list from).
  for _, row in ipairs(tables.melee_modifiers) do
    row.text = row.text:gsub("HIB", "HIM"):gsub("%(IF%)", "(IA)")
  end
  for i = #tables.optional_melee_modifiers, 1, -1 do
    if tables.optional_melee_modifiers[i].id == "attached_artillery" then
      table.remove(tables.optional_melee_modifiers, i)   -- AA fights as its host vignette
    end
  end
  tables.follow_up.army_class = "IA"                -- "If you or the opponents are IA Class III, IV or V"

  tables.basing.vignettes_per_army = nil
  tables.basing.army_sizes = data.army_sizes
  tables.example_troop_types = data.example_troop_types
end

local function informal(v) return v.army_class == "IA" end

local function patch_melee(melee)
  local list = melee.modifiers
  local old = list:get("repulses_informal")
  local when = function(c)
    return c.me.army_class == "IA" and ((c.me.accumulated_r or 0) + (c.me.accumulated_rr or 0)) > 0
  end
  melee.conditions.repulses_informal = when
  list:replace("repulses_informal", { id = old.id, text = old.text, rule = old.rule, add = old.add, when = when })
end

local function patch_command(command, tables)
  local init = command.initiative_modifiers
  local conditions = {
    informal = informal,
    informal_class_iv = function(v) return informal(v) and v.integrity == "IV" end,
    informal_class_v = function(v) return informal(v) and v.integrity == "V" end,
  }
  for _, id in ipairs({ "informal", "informal_class_iv", "informal_class_v" }) do
    local old = init:get(id)
    command.initiative_conditions[id] = conditions[id]
    init:replace(id, { id = id, text = old.text, rule = old.rule, add = old.add, when = conditions[id] })
  end

  local row = data.activation_modifier
  local function amalgamated(c)
    for _, v in ipairs(c.link) do if v.class == "ART" then return true end end
    return false
  end
  command.activation_conditions[row.id] = amalgamated
  -- link_only: the condition reads the link's vignettes only, so the
  -- engine's inline activation cost counts it with the link (command.lua)
  command.activation_modifiers:add({ id = row.id, text = row.text, rule = row.rule, add = row.add,
                                     when = amalgamated, link_only = true }, { after = "crossing_sectors" })
  local mods = tables.activation.modifiers
  for i, r in ipairs(mods) do
    if r.id == "crossing_sectors" then table.insert(mods, i + 1, row); break end
  end
end

---------------------------------------------------------------------------
-- Army lists: the new vignette keys, 12/24/36 vignettes with attached ART
-- counting two, and `type = "..."` naming an example troop type.

local function contains(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

local function example_named(name)
  for _, e in ipairs(data.example_troop_types) do
    if e.example == name then return e end
  end
  return nil
end

-- The vignettes an army counts: an attached ART vignette "counts as two".
-- list: the file's vignette records ({ fields = ... }) or the checked
-- army's plain vignettes (the summary `sandtable check` prints).
local function counted(list)
  local n = 0
  for _, rec in ipairs(list) do
    n = n + 1
    local f = type(rec) == "table" and (type(rec.fields) == "table" and rec.fields or rec)
    if f and f.attached_artillery ~= nil then n = n + 1 end
  end
  return n
end

local function patch_armies(armies, troops)
  for _, k in ipairs(armies.VIGNETTE_KEYS) do
    if k.key == "army" then k.need = "an army class, \"RA\" or \"IA\"" end
  end
  for _, k in ipairs(armies.ARMY_KEYS) do
    if k.key == "vignettes" then k.need = "a list of 12, 24 or 36 vignette { ... } entries" end
  end
  local new_keys = {
    { key = "epoch", need = "an epoch \"I\" to \"V\" (HIM and ART; optional for LIN, VLI, HSC, LSC)", unit = true },
    { key = "weight", need = "\"light\", \"medium\" or \"heavy\" (amalgamated ART)", unit = true },
    { key = "attached_artillery", need = "the epoch \"I\" to \"V\" of ART attached to this foot vignette",
      unit = true },
    { key = "type", need = "an example troop type, such as \"Swiss Pike\"" },
  }
  for _, k in ipairs(new_keys) do table.insert(armies.VIGNETTE_KEYS, #armies.VIGNETTE_KEYS, k) end

  -- "Counts as two vignettes": an attached ART vignette.
  armies.counted = counted
  armies.size_limit = "12, 24 or 36, attached ART counting two"
  function armies.size_problem(list)
    local n = counted(list)
    if not contains(data.army_sizes, n) then
      return string.format("army counts %d vignettes (%d entries, attached ART counting two): an Into Glory Ride army has 12, 24 or 36",
        n, #list)
    end
    return nil
  end

  -- `type = "Swiss Pike"` fills the fields the vignette does not give itself.
  -- READING (Larger Armies): an army of 24 or 36 vignettes is permitted
  -- multiple lines unless its list says `multiple_lines = false`.
  local base_load_text = armies.load_text
  function armies.load_text(text, path)
    local army, problems = base_load_text(text, path)
    if not army or type(army.fields) ~= "table" or type(army.fields.vignettes) ~= "table" then
      return army, problems
    end
    if army.fields.multiple_lines == nil and counted(army.fields.vignettes) >= data.multiple_lines_from then
      army.fields.multiple_lines = true
    end
    for _, rec in ipairs(army.fields.vignettes) do
      local f = type(rec) == "table" and rec.fields
      local e = type(f) == "table" and type(f.type) == "string" and example_named(f.type)
      if e then
        for _, key in ipairs({ "class", "integrity", "army", "epoch", "attached_artillery" }) do
          if f[key] == nil then f[key] = e[key] end
        end
      end
    end
    return army, problems
  end

  local base_check = armies.check
  function armies.check(army, troops_)
    local problems = base_check(army, troops_)
    for _, p in ipairs(problems) do
      p.message = p.message:gsub("RA troops cannot be linked to IF troops", "RA troops cannot be linked to IA troops")
    end
    local function add(v, fmt, ...)
      problems[#problems + 1] = { file = v.file, line = v.line, message = string.format(fmt, ...) }
    end
    for _, v in ipairs(armies.vignettes(army)) do
      local what = string.format("vignette '%s'", tostring(v.id or v.name or "?"))
      local c = type(v.class) == "string" and troops.classes[v.class] or nil
      if v.type ~= nil and not (type(v.type) == "string" and example_named(v.type)) then
        local names = {}
        for _, e in ipairs(data.example_troop_types) do names[#names + 1] = string.format("%q", e.example) end
        add(v, "%s: unknown example troop type %s: expected one of %s", what, tostring(v.type), table.concat(names, ", "))
      end
      if c then
        if c.epochs and v.epoch == nil then
          add(v, "%s: %s needs an epoch: epoch = \"I\" to \"V\"", what, v.class)
        elseif v.epoch ~= nil and not contains(data.EPOCHS, v.epoch) then
          add(v, "%s: unknown epoch %s: expected \"I\", \"II\", \"III\", \"IV\" or \"V\"", what, tostring(v.epoch))
        elseif v.epoch ~= nil and not c.epochs and not data.epoch_shooters[v.class] then
          add(v, "%s: %s has no epoch: only HIM, ART, LIN, VLI, HSC and LSC are classed by epoch", what, v.class)
        end
        if c.weights and v.weight == nil then
          add(v, "%s: amalgamated ART needs a weight: weight = \"light\", \"medium\" or \"heavy\"", what)
        elseif v.weight ~= nil and not contains(data.WEIGHTS, v.weight) then
          add(v, "%s: unknown weight %s: expected \"light\", \"medium\" or \"heavy\"", what, tostring(v.weight))
        elseif v.weight ~= nil and not c.weights then
          add(v, "%s: only amalgamated ART has a weight, not %s", what, v.class)
        end
        if v.attached_artillery ~= nil then
          if c.general ~= "FOOT" then
            add(v, "%s: ART is attached to foot vignettes only, not %s (%s)", what, v.class, c.general)
          elseif not contains(data.EPOCHS, v.attached_artillery) then
            add(v, "%s: attached_artillery must be the ART's epoch \"I\" to \"V\", found %s", what,
              tostring(v.attached_artillery))
          end
        end
      end
    end
    for i, p in ipairs(problems) do p.seq = i end
    table.sort(problems, function(a, b)
      if a.file ~= b.file then return a.file < b.file end
      if a.line ~= b.line then return a.line < b.line end
      return a.seq < b.seq
    end)
    for _, p in ipairs(problems) do p.seq = nil end
    return problems
  end
end

-- The default commander: HIM and ART (not Phalanx's HIB) pick mounted targets
-- first; when fire alone will not win, they hold their fire at worn foot.
local function patch_ai(ai, troops)
  function ai.shoot_target(G, uid, targets)
    local d = G.D[uid]
    if d.class == "HIM" or d.class == "ART" or d.attached_artillery then
      for _, t in ipairs(targets) do
        if troops.mounted_or_animal(G.D[t.id].class) then return t.id end
      end
    end
    -- When fire alone will not win (commander/stalemate.lua) missile foot
    -- the shooting has worn is left to the charge: "Any activated vignette
    -- that can shoot and wishes to, can do so", and a shot at it ("B ...
    -- otherwise RR", an R or RR) cannot break it but throws it back out of
    -- charge reach and draws its return fire ("A vignette that is shot at
    -- may shoot back"): two lines of foot volleying push each other apart.
    -- Mounted targets, fresh foot (to be worn before a charge:
    -- ai.sensible_charge) and foot that cannot shoot back (it must come to
    -- the shooter: Gingindlovu's Zulu before the laager) are still shot.
    if G.sides[d.side].needs_melee then
      for _, t in ipairs(targets) do local td = G.D[t.id]
        local worn = (td.accumulated_r or 0) + (td.accumulated_rr or 0) > 0
        local shoots_back = ai.MISSILE[td.class] or td.class == "ART" or td.attached_artillery
        if troops.mounted_or_animal(td.class) or not worn or not shoots_back then return t.id end
      end
      return nil
    end
    return targets[1] and targets[1].id or nil
  end
end

return function(rules)
  local troops = rules.require("phalanx.troops")
  local tables = rules.require("phalanx.tables")
  patch_troops(troops, rules)
  patch_tables(tables)
  -- Modules that build modifier lists from the patched data: now load them
  -- and patch their lists by id.
  patch_melee(rules.require("phalanx.melee"))
  patch_command(rules.require("phalanx.command"), tables)
  patch_armies(rules.require("phalanx.armies"), troops)
  patch_ai(rules.require("phalanx.ai"), troops)
end
