-- WRG Ancients 1973, Appendix III, RULE ADAPTIONS FOR 15MM FIGURES: the
-- base sizes, shared by both of the appendix's ways of playing 15mm
-- (scale_15mm.lua: 1mm equals one pace; scale_15mm_inch.lua: one inch to
-- ten paces kept).
return function(tables)
  -- "The following base sizes should be used.   Frontage  Depth
  --  HI and MI. 7½mm 20mm / LMI. 10mm 20mm / LI. 15mm 20mm / SHC. 7½mm 40mm /
  --  EHC, HC and MC. 10mm 40mm / LC. 15mm 40mm / Elephants and bolt-shooting
  --  engines. 20mm 40mm / Stone-throwing engines. 40mm 40mm / Chariots. 20mm
  --  40mm + 5mm for each extra horse."
  -- READING: light-heavy infantry (not in the appendix's list) as LMI, whose
  -- base they share at 25mm; wagons, penthouses and towers (not listed)
  -- at half their 25mm frontage, as the listed models are.
  tables.base_sizes = {
    HI = { 7.5, 20 }, MI = { 7.5, 20 }, LMI = { 10, 20 }, LHI = { 10, 20 }, LI = { 15, 20 },
    SHC = { 7.5, 40 }, EHC = { 10, 40 }, HC = { 10, 40 }, MC = { 10, 40 }, LC = { 15, 40 },
    EL = { 20, 40 }, ENG_BOLT = { 20, 40 }, ENG_STONE = { 40, 40 }, CH = { 20, 40 },
    WAGON = { 20 }, PENTHOUSE = { 30 }, TOWER = { 40 },
  }
  tables.chariot_extra_horse_frontage = 5

  -- TRANSITION PERIOD ("Bases less than 15mm ... count - 1") is about 25mm
  -- figures on old bases; the appendix's own bases carry no penalty.
  tables.transition_penalty = function() return 0 end
end
