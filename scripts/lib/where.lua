-- Where the caller of a data constructor sits in its file, so that a checker
-- can report "armies/phalanx/gallic.lua:14: unknown class 'HIX'".
-- Inside the engine the sandbox has no `debug` library; the host provides
-- `sandtable.source.where(level)` instead. With the plain interpreter (rule
-- work before the engine exists) `debug.getinfo` does the same job.
local ok, source = pcall(require, "sandtable.source")

-- level 1 = the function calling where(), 2 = its caller, and so on.
return function(level)
  level = (level or 1) + 1
  if ok and source then
    return source.where(level)
  end
  local info = debug.getinfo(level, "Sl")
  if not info then return "?", 0 end
  local file = info.source:sub(1, 1) == "@" and info.source:sub(2) or info.short_src
  return file, info.currentline
end
