-- A creature in a file of its own (docs/fantasy.md): an army file names it
-- in its creatures list, `creatures = { "mods/example_dragon/fire_drake.lua" }`,
-- and fields it like any other. WRG 1973 terms: it walks as heavy cavalry,
-- takes blows as super heavy cavalry, bites as kontos-armed knights, reacts
-- as a "D" barbarian, flies 120 paces and breathes fire at 40 paces as 2
-- javelin figures; one model that fights and dies as 2 figures.
return creature {
  id = "fire_drake", name = "Fire drake", points = 40, single = true, figures_per_model = 2, flies = 120,
  counts_as = { move = "HC", vulnerability = "SHC", fighting = "kontos", reaction = "D" },
  missile = "javelin", missile_range = 40, missile_figures = 2,
  traits = { "mythical", "unnatural", "lands_to_charge" }, allegiance = "chaos",
}
