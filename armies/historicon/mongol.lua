-- Mongol, 1206 - 1300 AD: the decimal army of Chinggis Khan and his sons,
-- drilled and disciplined (RA), nearly all horse archers who shoot an enemy
-- to pieces before the heavier lancers of the keshig deliver the charge.
return army {
  name = "Mongol",
  period = "1206 AD - 1300 AD",
  units = {
    unit { id = "keshig", name = "The keshig, the Khan's guard", troop = "ERA HC", figures = 16, ranks = 2, general = true },
    unit { id = "lancers", name = "Mongol lancers", troop = "ARA HC", figures = 16, ranks = 2 },
    unit { id = "tumen_1", name = "Horse archers of the right hand", troop = "ARA LC", figures = 16, ranks = 1, formed = false },
    unit { id = "tumen_2", name = "Horse archers of the left hand", troop = "ARA LC", figures = 16, ranks = 1, formed = false },
    unit { id = "tumen_3", name = "Horse archers of the centre", troop = "ARA LC", figures = 16, ranks = 1, formed = false },
    unit { id = "allies", name = "Turkic allied horse", troop = "AIF LC", figures = 16, ranks = 1, formed = false },
    unit { id = "levy", name = "Conscripted foot", troop = "GIF LI", figures = 16, ranks = 2 },
  },
}
