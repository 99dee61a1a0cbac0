-- WRG 1973 SIEGE, GENERAL: the time scale. "In order to telescope siege
-- operations to a point where they can be reproduced on the table we have
-- had to depart from a rigid time scale. If it makes you feel better, think
-- of a period as being an hour of industrious work, including a 30 second
-- flurry of shooting or movement."
--
-- A scenario may say how many hours of work a period stands for
-- (`hours_per_period`, default 1, the book's); work tasks are measured in
-- figure/periods at that scale, so a scenario that wants a period to be two
-- hours of digging sets 2 and every working figure does two figure/periods
-- of work in it. Shooting and movement are unchanged ("a 30 second flurry").
local T = {}

T.HOURS_PER_PERIOD = 1

-- The scale a scenario's siege block sets; errors name what was expected.
function T.scale(spec, where)
  local h = spec and spec.hours_per_period
  if h == nil then return T.HOURS_PER_PERIOD end
  if type(h) ~= "number" or h <= 0 then
    error(string.format("%s: hours_per_period must be a number above 0 (a period as hours of work), found %s",
      where or "sieges", tostring(h)), 0)
  end
  return h
end

-- Figure/periods of work that `figures` working figures do in one period.
function T.work_per_period(figures, hours)
  return figures * (hours or T.HOURS_PER_PERIOD) / T.HOURS_PER_PERIOD
end

return T
