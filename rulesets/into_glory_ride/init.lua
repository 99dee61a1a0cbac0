-- Into Glory Ride (Alienstar Publishing 2002): the authors' extension of
-- Phalanx to 1500-1900, built as a variant. It names only what differs:
--   patch     into_glory_ride.patch changes this instance's copy of the
--             Phalanx troops, tables, modifier lists and army checker
--   replaces  the Phalanx shooting module gives way to ours (range by class
--             and epoch, short and long range, the new modifiers)
--   odds      ours (it knows epochs, weights and attached artillery)
-- Battle engine, default commander, army-list loader and troops module are
-- inherited from Phalanx (scripts/lib/ruleset.lua, ruleset.INHERITED); a
-- module they require is this instance's patched copy.
-- See docs/rulesets/into_glory_ride.md.
return {
  name = "into_glory_ride",
  title = "Into Glory Ride (Alienstar Publishing 2002)",
  extends = "phalanx",
  period = "1500 AD - 1900 AD",
  patch = "into_glory_ride.patch",
  replaces = { ["phalanx.shooting"] = "into_glory_ride.shooting" },
  odds = "into_glory_ride.odds",
  referee = "phalanx.referee",   -- the referee's allowances and invariants (lib.referee)
  -- Recovery, field defences and detachments are optional rules of this text
  -- too; Phalanx's artillery option is not (artillery is a troop class here).
  options = { artillery = false },
}
