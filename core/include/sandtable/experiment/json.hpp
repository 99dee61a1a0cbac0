#pragma once
// Reading back the JSON the experiment writes (trial lines, headers), so a
// merge, a resume and an MPI gather see exactly what a single run saw:
// parse(v.to_json()).to_json() == v.to_json() for every Value.
#include <string_view>

#include "sandtable/value.hpp"

namespace sandtable::experiment {

// Parses one JSON text. Integers (no '.', 'e' or 'E', within int64) become
// integers, other numbers doubles. Throws Error with the offset on bad input.
Value parse_json(std::string_view text);

} // namespace sandtable::experiment
