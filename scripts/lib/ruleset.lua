-- Loading a ruleset: the base, the variant that extends it, its options and
-- the user's house rules, in layers; then freezing it for battles.
--
--   local ruleset = require("lib.ruleset")
--   local rules = ruleset.load("phalanx", { options = { "recovery" },
--                                           house_rules = { "my_rule.lua" } })
--   local melee = rules.require("phalanx.melee")
--
-- A loaded ruleset is an *instance*: its modules are loaded fresh for it (a
-- private module cache), so when a variant or house rule patches a table or a
-- modifier list, no other instance in the process sees the change. Inside the
-- instance's modules a plain `require` already means `rules.require`.
--
-- Layers, in order, each recorded with lib.modifiers.set_layer so that every
-- modifier says where it came from:
--   1. the base ruleset (the root of the `extends` chain), 2. each variant
--   extending it (its manifest's `patch` module), 2b. the scale the scenario
--   chooses (`scale:`, a module of the manifest's `scales`), 3. the options
--   the scenario names, 4. house rules (files returning a function(rules)), in order.
-- A variant's manifest inherits the entry points it does not name (battle,
-- commander, armies, troops, odds: ruleset.INHERITED) and the options of the
-- ruleset it extends; `options = { id = false }` withdraws one.
-- Then every modifier list reachable from the instance's modules is frozen.

local loader = require("sandtable.loader")
local modifiers = require("lib.modifiers")
local fail = require("lib.fail")

local ruleset = {}

local LOADING = {}

-- The manifests of `name` and everything it extends, base first.
local function manifest_chain(name)
  local chain, seen = {}, {}
  while name do
    if seen[name] then error("ruleset '" .. name .. "' extends itself (a cycle in `extends`)", 3) end
    seen[name] = true
    if not loader.find(name) then
      fail("unknown ruleset '%s' (no rulesets/%s/init.lua)", name, name)
    end
    local m = require(name)
    if type(m) ~= "table" or m.name ~= name then
      error("rulesets/" .. name .. "/init.lua must return a manifest table with name = '" .. name .. "'", 3)
    end
    table.insert(chain, 1, m)
    name = m.extends
  end
  return chain
end

local function is_instance_module(chain, module_name)
  local root = module_name:match("^([%w_]+)")
  for _, m in ipairs(chain) do
    if m.name == root then return true end
  end
  return false
end

local function freeze_lists(value, seen)
  if type(value) ~= "table" or seen[value] then return end
  seen[value] = true
  if getmetatable(value) ~= nil and type(value.freeze) == "function" and value.entries then
    value:freeze()
    return
  end
  for _, v in pairs(value) do freeze_lists(v, seen) end
end

-- Entry points a variant inherits from the ruleset it extends unless its own
-- manifest names them (a variant says only what differs).
ruleset.INHERITED = { "battle", "commander", "armies", "troops", "odds", "distance_unit" }

-- The manifest an instance runs by: the last manifest of the chain, with the
-- entry points it does not name taken from the nearest manifest that does.
local function effective_manifest(chain)
  local own = chain[#chain]
  if #chain == 1 then return own end
  local merged = {}
  for k, v in pairs(own) do merged[k] = v end
  for _, key in ipairs(ruleset.INHERITED) do
    if merged[key] == nil then
      for i = #chain - 1, 1, -1 do
        if chain[i][key] ~= nil then merged[key] = chain[i][key]; break end
      end
    end
  end
  return merged
end

-- Options along the chain: each manifest adds its own ids; `id = false`
-- withdraws an option the ruleset it extends offers. Then the optional
-- modules across rulesets (rulesets/modules, docs/modules.md): a module with
-- an adapter for a ruleset of the chain (the most derived first) is offered
-- under the module's name, unless the ruleset offers an option of that name
-- itself. `registry` (the module names; default rulesets/modules/init.lua)
-- is for tests.
local function chain_options(chain, registry)
  local known = {}
  for _, m in ipairs(chain) do
    for id, module_name in pairs(m.options or {}) do
      if module_name == false then known[id] = nil else known[id] = module_name end
    end
  end
  for _, name in ipairs(registry or require("modules")) do
    local module = type(name) == "table" and name or require("modules." .. name)
    if known[module.name] == nil then
      for i = #chain, 1, -1 do
        local adapter = module.adapters and module.adapters[chain[i].name]
        if adapter then known[module.name] = adapter; break end
      end
    end
  end
  return known
end
ruleset.chain_options = chain_options

-- The option ids a ruleset offers (sorted), or nil when there is no such
-- ruleset: lets a scenario reader report a bad id at its line.
function ruleset.options_of(name)
  local ok, chain = pcall(manifest_chain, name)
  if not ok then return nil end
  local ids = {}
  for id in pairs(chain_options(chain)) do ids[#ids + 1] = id end
  table.sort(ids)
  return ids
end

-- The scales a ruleset offers besides its own (manifest `scales = { ["15mm"]
-- = module returning function(rules) }`, the nearest manifest's first);
-- `chain` is a ruleset's name or its manifest chain.
function ruleset.scales_of(chain)
  if type(chain) == "string" then
    local ok, c = pcall(manifest_chain, chain)
    if not ok then return {} end
    chain = c
  end
  local out = {}
  for i = #chain, 1, -1 do
    for k, v in pairs(chain[i].scales or {}) do if out[k] == nil then out[k] = v end end
  end
  return out
end

-- opts: options = { ids }, house_rules = { paths }, scale = name (of the manifest's scales)
function ruleset.load(name, opts)
  opts = opts or {}
  local chain = manifest_chain(name)
  local manifest = effective_manifest(chain)
  local rules = { name = name, manifest = manifest, chain = chain, options = {}, layers = {} }
  local cache = {}

  -- A variant may redirect a base module to its own ("phalanx.shooting" ->
  -- "into_glory_ride.shooting"); the last variant's choice wins.
  local redirect = {}
  for _, m in ipairs(chain) do
    for from, to in pairs(m.replaces or {}) do redirect[from] = to end
  end

  local function instance_require(module_name)
    module_name = redirect[module_name] or module_name
    local cached = cache[module_name]
    if cached == LOADING then error("require: module '" .. module_name .. "' requires itself (a cycle)", 2) end
    if cached ~= nil then return cached end
    if not is_instance_module(chain, module_name) then return require(module_name) end
    cache[module_name] = LOADING
    -- A module's own modifier lists belong to the ruleset that wrote it, not
    -- to the layer that happened to require it first (a variant's patch
    -- loads the base modules it patches): "base" for the root ruleset's.
    local previous_layer = modifiers.layer()
    local root = module_name:match("^([%w_]+)")
    modifiers.set_layer(root == chain[1].name and "base" or root)
    local chunk = loader.chunk(module_name, { require = instance_require })
    local value = chunk(module_name)
    modifiers.set_layer(previous_layer)
    if value == nil then value = true end
    cache[module_name] = value
    -- A module first required after rules.freeze (the base modules load
    -- lazily: a battle's first melee loads the melee module) has its lists
    -- frozen as it arrives, as if it had loaded before. (Until session
    -- eleven they stayed open, so the caches that trust a frozen list --
    -- Phalanx's melee and command checks, Historicon's charge reach --
    -- worked them out again on every call.)
    if rules.frozen then freeze_lists(value, {}) end
    return value
  end
  rules.require = instance_require

  local function layer(label, fn)
    modifiers.set_layer(label)
    rules.layers[#rules.layers + 1] = label
    local ok, err = pcall(fn)
    modifiers.set_layer("base")
    if not ok then error(err, 0) end
  end

  -- 1 and 2: the base modules load lazily; each variant's patch runs in order.
  for i, m in ipairs(chain) do
    if i == 1 then
      layer(m.name, function()
        for _, mod in ipairs(m.preload or {}) do instance_require(mod) end
      end)
    elseif m.patch then
      layer(m.name, function()
        local patch = instance_require(m.patch)
        if type(patch) ~= "function" then
          error(m.patch .. " must return function(rules) that patches the rules it extends", 0)
        end
        patch(rules)
      end)
    end
  end

  -- 2b: the scale a scenario chooses (`scale: 15mm`; the ruleset's manifest
  -- names its scales), before the options, so every module reads its constants.
  if opts.scale then
    local module_name = ruleset.scales_of(chain)[opts.scale]
    if not module_name then fail("ruleset '%s' has no scale '%s'", name, tostring(opts.scale)) end
    layer("scale " .. opts.scale, function() instance_require(module_name)(rules) end)
    rules.scale = opts.scale
  end

  -- 3: options, by id.
  local known = chain_options(chain)
  for _, id in ipairs(opts.options or {}) do
    local module_name = known[id]
    if not module_name then
      local ids = {}
      for k in pairs(known) do ids[#ids + 1] = k end
      table.sort(ids)
      fail("ruleset '%s' has no option '%s' (it has: %s)", name, tostring(id), table.concat(ids, ", "))
    end
    layer("option " .. id, function()
      local option = instance_require(module_name)
      if type(option) ~= "table" or type(option.apply) ~= "function" then
        error(module_name .. " must return { id = ..., apply = function(rules) ... end }", 0)
      end
      option.apply(rules)
      rules.options[id] = true
    end)
  end

  -- 4: house rules: files returning function(rules).
  for _, path in ipairs(opts.house_rules or {}) do
    layer("house rule " .. path, function()
      local fn = loader.file_chunk(path, { require = instance_require })()
      if type(fn) ~= "function" then
        error(path .. ": a house rule must return function(rules) ... end", 0)
      end
      fn(rules)
    end)
  end

  rules.freeze = function()
    local seen = {}
    for _, value in pairs(cache) do freeze_lists(value, seen) end
    rules.frozen = true
  end
  return rules
end

return ruleset
