-- The same wyvern for Historicon, in one file (docs/fantasy.md): Historicon
-- describes a unit by one designation, so the wyvern "counts as" average
-- informal heavy cavalry in every respect. Check it with
--   sandtable check --ruleset historicon mods/example_dragon/historicon_wyverns.lua
return army {
  name = "Wyvern riders of the Ash Hills",
  period = "fantasy",
  fantasy = true,
  allegiance = "chaos",
  creatures = {
    creature { id = "wyvern", name = "Wyverns", points = 0, counts_as = { troop = "AIF HC" }, traits = { "mythical" } },
  },
  units = {
    unit { id = "warband", name = "Ash-hill warband", troop = "AIF HIW", figures = 32, ranks = 4, general = true },
    unit { id = "spears", name = "Hill spearmen", troop = "ARA HIS", figures = 24, ranks = 4 },
    unit { id = "wyverns", name = "Wyverns", creature = "wyvern", figures = 16, ranks = 1 },
  },
}
