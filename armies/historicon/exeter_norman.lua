-- William's army before Exeter, winter 1068 (Orderic Vitalis, Historia
-- Ecclesiastica IV; the Anglo-Saxon Chronicle, 1067 [1068]): the king's
-- household knights and Bretons, Norman spearmen, the English fyrd of the
-- shires he called out against the town, archers and crossbowmen. A siege
-- list for the sieges module (scenarios/historicon/siege_exeter.yaml): the
-- foot carry the ladders and the ram.
return army {
  name = "William's army before Exeter",
  period = "1068 AD",
  units = {
    unit { id = "household", name = "King William and his household knights", troop = "EIF KC", figures = 16, ranks = 1, general = true },
    unit { id = "bretons", name = "Breton knights", troop = "AIF KC", figures = 16, ranks = 1 },
    unit { id = "spears_1", name = "Norman spearmen", troop = "AIF HIS", figures = 24, ranks = 3 },
    unit { id = "spears_2", name = "Mercenary spearmen", troop = "AIF HIS", figures = 24, ranks = 3 },
    unit { id = "fyrd", name = "English fyrd of the shires", troop = "AIF HIS", figures = 24, ranks = 3 },
    unit { id = "archers", name = "Archers", troop = "AIF LI", figures = 16, ranks = 2 },
    unit { id = "crossbows", name = "Crossbowmen", troop = "AIF LI", figures = 16, ranks = 2 },
  },
}
