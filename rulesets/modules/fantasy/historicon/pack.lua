-- The fantasy pack for Historicon v2: the creatures of WRG 1973 Appendix IV
-- as our documented adaptation. Historicon describes a unit by one
-- designation (grade, army class, troop class), so a creature "counts as"
-- one designation in every respect; the nearest to the appendix's terms is
-- chosen and the reading noted. Grades: "E" only where the appendix makes
-- a creature outstanding (the dragon, elf knights), so that fantasy armies
-- keep within the composition's 25% of E class. Points are Historicon's own for that
-- designation (the appendix's prices are WRG's). Figures are the unit's
-- figures, within Historicon's organisation (8 to 48; IF double the least):
-- a saint, a hero or a magician is a unit of at least 8 figures, READING
-- "the saint and his flock", "the hero and his companions", "the magician
-- and his acolytes". The behaviours (traits, `flies`, missiles) are played
-- by the option `fantasy` (historicon/battle.lua); without it a creature
-- plays as its designation only. Distances in paces: 1 mm a pace at 25mm.
return {
  -- DRAGONS "count as barbarian "D" types ... vulnerability ... super heavy
  -- cavalry": elite informal knights with barding (KC-A), the heaviest
  -- mounted troops Historicon has; "fly 200 paces in a period", "land
  -- before charging", flame "as 5 fire-javelin" figures at 40 paces
  { id = "dragon", name = "Dragon", points = 0, counts_as = { troop = "EIF KC-A" }, allegiance = "chaos",
    flies = 200, missile_range = 40, missile_figures = 5,
    traits = { "mythical", "unnatural", "lands_to_charge" }, rule = "DRAGONS" },
  -- TROLLS: heavy infantry with two-handed axes, barbarian: a warband (HIW)
  { id = "troll", name = "Trolls", points = 0, counts_as = { troop = "AIF HIW" }, only_for = "chaos",
    allegiance = "chaos", traits = { "mythical", "turns_to_stone", "breaks_stone" }, rule = "TROLLS" },
  -- GIANTS: heavy infantry vulnerability, five axemen each: armoured heavy
  -- infantry; boulders "as a small stone-thrower", READING as 3 figures at
  -- 100 paces (WRG's "as 3 crossbow figures")
  { id = "giant", name = "Giants", points = 0, counts_as = { troop = "AIF HIN-A" }, allegiance = "chaos",
    missile_range = 100, missile_figures = 3, traits = { "mythical", "breaks_stone" }, rule = "GIANTS" },
  -- ENTS: "receive blows as SHC, and deal them out as double-handed axemen";
  -- they stand until enemies come within 100 paces
  { id = "ent", name = "Ents", points = 0, counts_as = { troop = "AIF HIN-A" }, allegiance = "neutral",
    traits = { "mythical", "ent" }, rule = "ENTS" },
  -- GOBLINS AND ORCS: "E" type archers: raw informal light infantry
  { id = "goblin", name = "Goblins", points = 0, counts_as = { troop = "GIF LI" }, allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  { id = "wolf_rider", name = "Orcs on giant wolves", points = 0, counts_as = { troop = "GIF LC" }, allegiance = "chaos",
    rule = "GOBLINS AND ORCS" },
  -- DEMONS: "otherwise count the same as goblins"; gone without a black
  -- magician within 100 paces
  { id = "demon", name = "Demons", points = 0, counts_as = { troop = "GIF LI" }, allegiance = "chaos",
    traits = { "mythical", "demon" }, rule = "DEMONS" },
  -- BASILISK: heavy infantry mobility, super heavy vulnerability
  { id = "basilisk", name = "Basilisks", points = 0, counts_as = { troop = "ARA HIN-A" }, allegiance = "chaos",
    traits = { "mythical" }, rule = "BASILISK" },
  -- ELVES: light infantry archers, spearmen, heavy cavalry with lance;
  -- shooting always plus; disorganised by a saint within 100 paces
  { id = "elf_archer", name = "Elf archers", points = 0, counts_as = { troop = "ARA LI" }, allegiance = "law",
    traits = { "elf", "warped_probability", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "elf_spearman", name = "Elf spearmen", points = 0, counts_as = { troop = "ARA HIS" }, allegiance = "law",
    traits = { "elf", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "elf_knight", name = "Elf knights", points = 0, counts_as = { troop = "ERA HC" }, allegiance = "law",
    traits = { "elf", "disorganised_by_saint" }, rule = "ELVES" },
  -- DWARVES: heavy infantry with two-handed axes; "Like elves, they are
  -- disorganised by saints"
  { id = "dwarf", name = "Dwarves", points = 0, counts_as = { troop = "ARA HIN-A" }, allegiance = "law",
    traits = { "dwarf", "disorganised_by_saint" }, rule = "DWARVES" },
  -- SAINT: "an unarmed and shieldless MI figure": READING the saint and his
  -- flock, drilled heavy infantry without missiles (HIN); no reaction
  -- tests; a zone of sanctity of 100 paces; enemies within it -1
  { id = "saint", name = "Saint", points = 0, counts_as = { troop = "ARA HIN" }, never_for = "chaos",
    traits = { "saint", "sanctity", "abashes_enemy", "no_reaction_tests" }, rule = "SAINT" },
  -- HERO: mounted, "as if a rash general" with his unit; vain
  { id = "hero", name = "Hero", points = 0, counts_as = { troop = "ARA HC" }, traits = { "hero", "vain" }, rule = "HERO" },
  -- MAGICIANS: "MI with sword only, shieldless": READING drilled heavy
  -- infantry without missiles, casting the twelve spells
  { id = "magician", name = "Magician", points = 0, counts_as = { troop = "ARA HIN" }, traits = { "magician" },
    rule = "MAGICIANS" },
  -- a black magician: DEMONS need one within 100 paces
  { id = "black_magician", name = "Black magician", points = 0, counts_as = { troop = "ARA HIN" }, allegiance = "chaos",
    traits = { "magician", "black_magician" }, rule = "MAGICIANS, DEMONS" },
  -- TAME CROWS: "travelling at light cavalry speed", 160 paces in the air,
  -- light cavalry vulnerability; ground attack "as archer figures at point
  -- blank range": light cavalry that shoot (LC), hovering 5 paces short
  { id = "crows", name = "Tame crows", points = 0, counts_as = { troop = "GIF LC" }, flies = 160,
    traits = { "mythical" }, rule = "TAME CROWS" },
}
