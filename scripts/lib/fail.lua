-- Raising an error a user caused (a bad scenario, an unknown army), as opposed
-- to a bug: the program prints the message alone, without a Lua traceback.
-- The message should already name the file and line and say what was expected.
--
--   local fail = require("lib.fail")
--   fail("%s: unknown key '%s'", where, key)
return function(fmt, ...)
  local message = select("#", ...) > 0 and string.format(fmt, ...) or fmt
  error({ user_message = message }, 0)
end
