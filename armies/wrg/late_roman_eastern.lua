-- Late Roman, eastern field army (the army of Julian's Persian campaign,
-- 363 AD, at Ctesiphon), 300 - 476 AD, from the troop descriptions in the text: "Late
-- Roman and Byzantine infantry: Long thrusting spear and javelins or darts"
-- (TROOPS ENTITLED TO MORE THAN ONE CLASS OF WEAPON), the legions and
-- auxilia palatina as heavy and light-heavy infantry ("Some Roman Aux. of
-- 1 & 2 come into this category"), foot archers, heavy and light horse,
-- bolt-throwers ("A Roman or Byzantine infantry unit can carry ...
-- caltrops": not used here). Regulars throughout; the comitatus of the
-- magister militum as the C-in-C's guard. The eastern army's camel corps
-- (the Notitia Dignitatum's alae dromedariorum) as light camelry with bows
-- ("Camel riders are treated as Cavalry of equivalent type in most respects
-- except movement"; "Extra for substituting a camel for a horse" +5 regular).
return army {
  name = "Late Roman (eastern)",
  period = "300 - 476 AD",
  nation = "Roman",
  points_limit = 1000,
  units = {
    unit { id = "legio", name = "Legio Ioviani", type = "HI", class = "C", regular = true,
           weapons = { "long_spear", "javelin" }, figures = 24, ranks = 4 },
    unit { id = "auxilia", name = "Auxilia palatina Cornuti", type = "LHI", class = "B", regular = true,
           weapons = { "long_spear", "darts" }, figures = 16, ranks = 2 },
    unit { id = "sagittarii", name = "Sagittarii", type = "LI", class = "C", regular = true,
           weapons = { "bow" }, figures = 12, ranks = 2 },
    unit { id = "equites", name = "Equites Dalmatae", type = "LC", class = "C", regular = true,
           weapons = { "javelin" }, figures = 8, ranks = 1 },
    unit { id = "cataphractarii", name = "Equites cataphractarii", type = "EHC", class = "C", regular = true,
           weapons = { "kontos" }, figures = 8, ranks = 2 },
    unit { id = "comitatus", name = "The magister militum and his comitatus", type = "HC", class = "A", regular = true,
           weapons = { "spear" }, figures = 8, ranks = 2, general = "c_in_c" },
    unit { id = "dromedarii", name = "Ala dromedariorum", type = "LC", class = "C", regular = true,
           weapons = { "bow" }, figures = 6, ranks = 1, shield = false, camel = true },
    unit { id = "ballistae", name = "Ballistarii", type = "ENG", engine = "light_bolt", class = "C", regular = true, figures = 2 },
  },
}
