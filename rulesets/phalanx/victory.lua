-- Phalanx victory (VICTORY): "When at least a third (round up) of the
-- vignettes of the MBL are broken (B result), or when any one of the army's
-- key vignettes (see army list) get a B result, or when the General's
-- vignette gets a B result that side has lost. If your army is allowed to
-- deploy in multiple lines, the side is defeated when any vignette of the
-- last line is broken."
--
--   local victory = require("phalanx.victory")
--   local tracker = victory.tracker(army_fields, vignettes)   -- per side
--   local reason = victory.record_break(tracker, vid)          -- nil: fights on
--
-- Pure: the battle engine tells it which vignettes broke.

local troops = require("phalanx.troops")

local victory = {}

victory.REASONS = {
  mbl = "a third of the MBL broken",
  general = "general's vignette broken",
  key = "key vignette broken",
  last_line = "last line broken",
  turn_limit = "turn limit",
  both = "both armies defeated at once",
}

-- READING: a support-linked vignette is merged with the one it supports
-- ("counted as one vignette"), so it is not counted in the MBL itself; its
-- front vignette is.
function victory.in_mbl(v)
  return not v.off_main_line and v.supports == nil
end

-- READING: the last line of an army allowed multiple lines is made of the
-- vignettes that stand off the main battle line only by that permission
-- (their class could not otherwise leave it: not LIS, LIN, VLI, LSC, HSC),
-- with the vignettes supporting them. They deploy behind the MBL. An army
-- without such vignettes has no last line beyond its MBL.
function victory.in_last_line(v, by_id, army_fields)
  if not (army_fields and army_fields.multiple_lines) then return false end
  if v.supports then
    local front = by_id[v.supports]
    return front ~= nil and victory.in_last_line(front, by_id, army_fields)
  end
  return v.off_main_line == true and not troops.groups.off_mbl[v.class]
end

-- army_fields: the army list's fields (key_vignettes, multiple_lines);
-- vignettes: armies.vignettes(army).
function victory.tracker(army_fields, vignettes)
  local by_id = {}
  for _, v in ipairs(vignettes) do by_id[v.id] = v end
  local t = { mbl = {}, mbl_total = 0, keys = {}, last_line = {}, general = nil,
              broken = {}, broken_list = {}, mbl_broken = 0, lost = nil }
  for _, v in ipairs(vignettes) do
    if victory.in_mbl(v) then t.mbl[v.id] = true; t.mbl_total = t.mbl_total + 1 end
    if v.general then t.general = v.id end
    if victory.in_last_line(v, by_id, army_fields) then t.last_line[v.id] = true end
  end
  for _, id in ipairs(army_fields and army_fields.key_vignettes or {}) do t.keys[id] = true end
  -- "a third (round up)"
  t.threshold = -((-t.mbl_total) // 3)
  return t
end

-- Records that vignette `vid` is broken; returns the reason the side has lost
-- (the first that applies, in the text's order), or nil.
function victory.record_break(t, vid)
  if t.broken[vid] then return t.lost end
  t.broken[vid] = true
  t.broken_list[#t.broken_list + 1] = vid
  if t.mbl[vid] then t.mbl_broken = t.mbl_broken + 1 end
  if t.lost then return t.lost end
  local reason = nil
  if t.mbl_total > 0 and t.mbl_broken >= t.threshold then reason = victory.REASONS.mbl
  elseif t.keys[vid] then reason = victory.REASONS.key
  elseif t.general == vid then reason = victory.REASONS.general
  elseif t.last_line[vid] then reason = victory.REASONS.last_line end
  t.lost = reason
  return reason
end

-- The battle's outcome from both trackers: winner (1, 2 or nil) and reason.
function victory.outcome(t1, t2)
  if t1.lost and t2.lost then return nil, victory.REASONS.both end
  if t1.lost then return 2, t1.lost end
  if t2.lost then return 1, t2.lost end
  return nil, nil
end

return victory
