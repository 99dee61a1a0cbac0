-- Runs rule test files with the plain Lua interpreter, for work on pure rules
-- code before (or without) the engine:  lua5.4 scripts/lib/run_tests.lua FILE...
-- Run from the repository root. The engine's `sandtable test` is the real runner.
package.path = "rulesets/?.lua;rulesets/?/init.lua;scripts/?.lua;armies/?.lua;" .. package.path
local T = require("lib.testing")
local total_pass, total_fail = 0, 0
for _, file in ipairs(arg) do
  local chunk, err = loadfile(file)
  if not chunk then
    print("ERROR " .. err); total_fail = total_fail + 1
  else
    local ok, load_err = pcall(chunk)
    if not ok then
      print("ERROR " .. file .. ": " .. tostring(load_err)); total_fail = total_fail + 1
    else
      local p, f = T.run()
      total_pass, total_fail = total_pass + p, total_fail + f
      print(string.format("%s: %d passed, %d failed", file, p, f))
    end
  end
end
print(string.format("%d passed, %d failed", total_pass, total_fail))
os.exit(total_fail == 0 and 0 or 1)
