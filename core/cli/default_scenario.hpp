#pragma once
// The battle `sandtable battle` fights when given no scenario: two shipped
// Phalanx armies on a 6'x4' table with diced terrain.
namespace sandtable::cli {

inline constexpr const char* kDefaultScenario = R"YAML(
name: Phalanx default battle
ruleset: phalanx
seed: 3
turns: 15
table:
  size: 6x4
  scale: 15-20mm
  basing: 2
  terrain: diced
armies:
  - army: phalanx/early_imperial_roman
    commander: ai
  - army: phalanx/gallic
    commander: ai
)YAML";

} // namespace sandtable::cli
