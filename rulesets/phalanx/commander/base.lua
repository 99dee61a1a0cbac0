-- The default commander's table (phalanx.ai): each part under commander/
-- adds its functions to this one table, as the parts of phalanx.turn do;
-- phalanx.ai requires them all and returns it.
return {}
