-- WRG Ancients 1973: what the parts of a period (rulesets/wrg/period/*.lua)
-- share: the `turn` table every part adds its functions to, and each part's
-- top-level names (P.name), which the others bind once all are loaded.
return { turn = {} }
