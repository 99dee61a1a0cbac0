-- WRG 1973 Appendix IV, "Suggested adaptions for Sword and Sorcery
-- fanatics": every creature and troop type of the appendix as data
-- (modules.fantasy.creatures), in WRG's own terms. `counts_as`:
--   move          the troop type whose MOVE DISTANCES it uses (its WRG type)
--   vulnerability the column of SPECIAL TARGET VULNERABILITIES it is read under
--   fighting      its row of the HAND-TO-HAND WEAPON FACTORS
--   reaction      its reaction class ("D" barbarian and so on)
-- Points are per model, as the appendix prices them ("These cost 25 points
-- each"); a model that "functions as a unit" is `single`. Readings are
-- marked READING and listed in docs/modules/fantasy.md.

return {
  -- SAINT: "Costs 100 points ... counting as a totally unarmed shieldless
  -- medium infantry man." READING: unarmed fights on the weakest row of the
  -- table, "Slinger, archer ... armed with short sword or similar".
  { id = "saint", name = "Saint", points = 100, single = true, shield = false, regular = true,
    counts_as = { move = "MI", vulnerability = "MI", fighting = "missile_man", reaction = "A" },
    traits = { "saint", "no_reaction_tests", "walks_on_water", "sanctity", "abashes_enemy", "martyr_125" },
    never_for = "chaos", allegiance = "law", rule = "SAINT" },
  -- WARRIOR SAINT: "Appears as a mounted knight costing 25 points more than
  -- an ordinary saint ... movement, vulnerability and fighting power are
  -- equivalent to those of a super heavy cavalryman armed with kontos."
  { id = "warrior_saint", name = "Warrior Saint", points = 125, single = true, regular = true,
    counts_as = { move = "SHC", vulnerability = "SHC", fighting = "kontos", reaction = "A" },
    traits = { "saint", "no_reaction_tests", "walks_on_water", "sanctity", "abashes_enemy", "martyr_150", "rash_general" },
    never_for = "chaos", allegiance = "law", rule = "WARRIOR SAINT" },
  -- MOSLEM SAINTS: "equivalent to unarmed Christian saints, except that they
  -- add 3 to the reaction totals of all troops of their own side within 150 paces".
  { id = "moslem_saint", name = "Moslem saint", points = 100, single = true, shield = false, regular = true,
    counts_as = { move = "MI", vulnerability = "MI", fighting = "missile_man", reaction = "A" },
    traits = { "saint", "moslem_saint", "no_reaction_tests", "walks_on_water", "sanctity", "exhorts_own", "martyr_125" },
    never_for = "chaos", allegiance = "law", rule = "MOSLEM SAINTS" },
  -- HERO: "normal characteristics for his type, except that if equipped
  -- with a magic sword ... he can count it as a two-handed axe whenever he
  -- wants to, provided no saint of either persuasion is near. He costs 50
  -- points." READING: a mounted hero (heavy cavalry, sword).
  { id = "hero", name = "Hero", points = 50, single = true, regular = true,
    counts_as = { move = "HC", vulnerability = "HC", fighting = "cav_spear", reaction = "A" },
    traits = { "hero", "magic_sword", "vain", "alone_plus_3" }, rule = "HERO" },
  -- ELVES: "10 points each, if light infantry archers, or light medium or
  -- heavy infantry spearmen, 20 points if heavy cavalry with lance or javelin."
  { id = "elf_archer", name = "Elf archers", points = 10, regular = true,
    counts_as = { move = "LI", vulnerability = "LI", fighting = "missile_man", reaction = "B" }, missile = "bow",
    traits = { "elf", "warped_probability", "chooses_reaction_sign", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "elf_spearman", name = "Elf spearmen", points = 10, regular = true,
    counts_as = { move = "HI", vulnerability = "HI", fighting = "spear", reaction = "B" },
    traits = { "elf", "warped_probability", "chooses_reaction_sign", "disorganised_by_saint" }, rule = "ELVES" },
  { id = "elf_knight", name = "Elf knights", points = 20, regular = true,
    counts_as = { move = "HC", vulnerability = "HC", fighting = "kontos", reaction = "B" },
    traits = { "elf", "warped_probability", "chooses_reaction_sign", "disorganised_by_saint" }, rule = "ELVES" },
  -- DRAGONS: "These cost 100 points ... count as barbarian "D" types for
  -- reaction, and each dragon functions as a unit. Their ground movement and
  -- vulnerability is equivalent to super heavy cavalry and they can fly 200
  -- paces in a period. They can flame at 40 paces range from the air, or
  -- while grounded, counting as 5 fire-javelin hurlers. They must land
  -- before charging into melee, and in it count as 5 super heavy cavalry,
  -- with Kontos." READING: one model of 5 figures (it fights, shoots and
  -- dies as 5).
  { id = "dragon", name = "Dragon", points = 100, single = true, figures_per_model = 5, flies = 200,
    counts_as = { move = "SHC", vulnerability = "SHC", fighting = "kontos", reaction = "D" },
    missile = "javelin", missile_range = 40,
    traits = { "mythical", "unnatural", "forgets_orders", "eats_messenger", "hates_elves", "eats_elephants",
               "frightens_elephants", "lands_to_charge" }, allegiance = "chaos", rule = "DRAGONS" },
  -- TROLLS: "25 points each, count as barbarian "D" types for reaction, as
  -- super heavy cavalry for vulnerability, and as heavy infantry for
  -- mobility. They do not use missiles, and count in melee as having
  -- double-handed axe. They must be organised into units."
  { id = "troll", name = "Trolls", points = 25,
    counts_as = { move = "HI", vulnerability = "SHC", fighting = "axe", reaction = "D" },
    traits = { "mythical", "turns_to_stone", "breaks_stone" }, only_for = "chaos", allegiance = "chaos", rule = "TROLLS" },
  -- GIANTS: "50 points, and count as separate barbarian "D" units.
  -- Vulnerability is as for heavy infantry, movement as for medium infantry,
  -- and each fights with the same effect as 5 double-handed axemen. They can
  -- also toss boulders 100 paces; counting as 3 crossbow figures".
  { id = "giant", name = "Giant", points = 50, single = true, figures_per_model = 5,
    counts_as = { move = "MI", vulnerability = "HI", fighting = "axe", reaction = "D" },
    missile = "crossbow", missile_range = 100, missile_figures = 3,
    traits = { "mythical", "boulders", "breaks_stone" }, allegiance = "chaos", rule = "GIANTS" },
  -- ENTS: "25 points, move as LMI, receive blows as SHC, and deal them out
  -- as double-handed axemen, fighting in units."
  { id = "ent", name = "Ents", points = 25,
    counts_as = { move = "LMI", vulnerability = "SHC", fighting = "axe", reaction = "D" },
    traits = { "mythical", "ent" }, allegiance = "neutral", rule = "ENTS" },
  -- GOBLINS AND ORCS: "5 points each and count as fanatic shieldless light
  -- medium infantry "E" type archers, with the same bow ranges as horse archers."
  { id = "goblin", name = "Goblins", points = 5, shield = false,
    counts_as = { move = "LMI", vulnerability = "LMI", fighting = "missile_man", reaction = "E" },
    missile = "bow", missile_range = 120, traits = { "fanatic" }, allegiance = "chaos", rule = "GOBLINS AND ORCS" },
  -- "They can be mounted as light cavalry on giant wolves, in which case
  -- their enemy count them as "hostile huns" for reaction, and they cost 10 points."
  { id = "wolf_rider", name = "Orcs on giant wolves", points = 10, shield = false,
    counts_as = { move = "LC", vulnerability = "LC", fighting = "cav_bow", reaction = "E" },
    missile = "bow", missile_range = 120, traits = { "fanatic", "hostile_huns" }, allegiance = "chaos",
    rule = "GOBLINS AND ORCS" },
  -- DEMONS: "10 points each ... They cannot maintain materialisation without
  -- an operative black magician within 100 paces ... They otherwise count
  -- the same as goblins." Those with more than 2 arms use two-handed weapons
  -- shielded: the pack's demon has four arms and a two-handed axe.
  { id = "demon", name = "Demons", points = 10, shield = true,
    counts_as = { move = "LMI", vulnerability = "LMI", fighting = "axe", reaction = "E" },
    missile = "bow", missile_range = 120, traits = { "fanatic", "mythical", "demon", "many_arms" },
    allegiance = "chaos", rule = "DEMONS" },
  -- TAME CROWS: "travelling at light cavalry speed, or can be used for
  -- ground attack, counting the same as archer figures at point blank range.
  -- Their vulnerability is equivalent to shielded light cavalry. They cost 25 points".
  { id = "tame_crows", name = "Tame crows", points = 25, flies = 160, shield = true,
    counts_as = { move = "LC", vulnerability = "LC", fighting = "missile_man", reaction = "C" },
    missile = "bow", missile_range = 10, traits = { "mythical", "messengers" }, allegiance = "chaos",
    rule = "TAME CROWS" },
  -- BASILISK: "the same mobility as a heavy infantryman, the same
  -- vulnerability as a super heavy cavalryman, and can keep one hostile
  -- figure turned to stone for as long as it looks at it ... in units ...
  -- cost 10 points each." READING: it bites as a spearman.
  { id = "basilisk", name = "Basilisks", points = 10,
    counts_as = { move = "HI", vulnerability = "SHC", fighting = "spear", reaction = "C" },
    traits = { "mythical", "petrifying_gaze" }, allegiance = "chaos", rule = "BASILISK" },
  -- DWARVES: "10 points each, are armed mainly with double-handed axes,
  -- have the same vulnerability and mobility as heavy infantry".
  { id = "dwarf", name = "Dwarves", points = 10,
    counts_as = { move = "HI", vulnerability = "HI", fighting = "axe", reaction = "C" },
    traits = { "dwarf", "hates_elves", "disorganised_by_saint" }, allegiance = "law", rule = "DWARVES" },
  -- MAGICIANS: "cost 150 points. They move and fight like medium infantrymen
  -- armed with sword only and shieldless."
  { id = "magician", name = "Magician", points = 150, single = true, shield = false,
    counts_as = { move = "MI", vulnerability = "MI", fighting = "javelin", reaction = "B" },
    traits = { "magician" }, rule = "MAGICIANS" },
  { id = "black_magician", name = "Black magician", points = 150, single = true, shield = false,
    counts_as = { move = "MI", vulnerability = "MI", fighting = "javelin", reaction = "B" },
    traits = { "magician", "black_magician" }, allegiance = "chaos", rule = "MAGICIANS" },
}
