-- Norman, 1050 - 1100 AD: the knights of William's conquest (feudal: IF),
-- the duke's own household (EIF), spearmen and archers.
return army {
  name = "Norman",
  period = "1050 AD - 1100 AD",
  units = {
    unit { id = "household", name = "Duke William and his household knights", troop = "EIF KC", figures = 16, ranks = 1, general = true },
    unit { id = "bretons", name = "Breton knights", troop = "AIF KC", figures = 16, ranks = 1 },
    unit { id = "flemings", name = "Franco-Flemish knights", troop = "AIF KC", figures = 16, ranks = 1 },
    unit { id = "spears_1", name = "Norman spearmen", troop = "AIF HIS", figures = 24, ranks = 3 },
    unit { id = "spears_2", name = "Mercenary spearmen", troop = "AIF HIS", figures = 24, ranks = 3 },
    unit { id = "archers", name = "Archers", troop = "AIF LI", figures = 16, ranks = 2 },
    unit { id = "crossbows", name = "Crossbowmen", troop = "AIF LI", figures = 16, ranks = 2, formed = false },
  },
}
