-- Fantasy, the generic part: creatures as data, flying, zones (auras),
-- timed states, allegiances and magic. Source: WRG Ancients 4th edition
-- (1973), Appendix IV "Suggested adaptations for Sword & Sorcery fanatics",
-- and Historicon's fantasy army composition. docs/modules/fantasy.md lists
-- every entry of the appendix with the reading chosen and where it is
-- played; docs/fantasy.md is the modder's guide.
--
-- Each part is ruleset-agnostic and has one job:
--   modules.fantasy.creatures   a creature declared as data, checked with file:line
--   modules.fantasy.states      timed and permanent states (petrified, frog, ...)
--   modules.fantasy.zones       auras with a radius (sanctity, fear, materialisation)
--   modules.fantasy.allegiance  chaos, law, neutral
--   modules.fantasy.flying      altitude on the engine's unit layers
--   modules.fantasy.magic       the twelve spells and the spell roll
-- The adapters say what they mean in one ruleset's terms; a scenario
-- switches one on as `options: [fantasy]`.
return {
  name = "fantasy",
  title = "Fantasy: WRG 1973 Appendix IV (Sword & Sorcery) and creatures as data",
  rule = "WRG 1973, APPENDIX IV, SUGGESTED ADAPTIONS FOR SWORD AND SORCERY FANATICS",
  adapters = {
    wrg = "modules.fantasy.wrg",
    historicon = "modules.fantasy.historicon.battle",
    phalanx = "modules.fantasy.phalanx.battle",
  },
}
