#pragma once
// The state of a battle that the core understands: the table, the sides, the
// units' core fields (id, side, name, position, facing, base size, strength)
// and the turn and phase. Everything a ruleset adds to a unit lives in the
// unit's `data` (in a battle, a Lua table the ruleset owns; here, a Value).
// Copying a State is a snapshot; save/load use YAML a person can read.
#include <cstdint>
#include <string>
#include <vector>

#include "sandtable/value.hpp"

namespace sandtable {

struct Placement {
  double x = 0, y = 0;    // centre of the base, mm
  double facing = 0;      // degrees, see docs/geometry.md
  double width = 0;       // frontage, mm
  double depth = 0;       // mm
};

struct UnitState {
  int id = 0;
  int side = 0;           // index into State::sides
  std::string name;
  Placement at;
  double strength = 1;    // figures, bases or 1 for a whole vignette: the ruleset decides
  bool removed = false;   // broken, destroyed or off table
  // 0 on the ground. A unit on another layer (a flyer in the air, miners
  // underground) neither blocks nor is blocked by units of other layers when
  // it moves; distance and arc queries see every layer. Saved only when not 0.
  int layer = 0;
  Value data;             // the ruleset's own fields
};

struct SideState {
  std::string name;
  Value data;
};

struct State {
  double table_width = 0, table_depth = 0;   // mm
  std::int64_t turn = 0;
  std::string phase;
  std::vector<SideState> sides;
  std::vector<UnitState> units;
  Value terrain;          // list of features as the scenario gave them
  Value data;             // the ruleset's battle-wide fields

  UnitState* unit(int id);
  const UnitState* unit(int id) const;
  int add_unit(UnitState u);  // assigns the next id when u.id == 0

  Value to_value() const;
  static State from_value(const Value& v, const std::string& source_name);
  std::string to_yaml() const;
  static State load_yaml(const std::string& path);
  // FNV-1a over the canonical text: goes into the log at each turn's end, so a
  // replay that drifts is caught where it drifts.
  std::uint64_t hash() const;
};

} // namespace sandtable
