#pragma once
// One function per engine module, each defined in its own bind_*.cpp.
#include "sandtable/lua/binding.hpp"

namespace sandtable::lua {

Module dice_module();     // sandtable.dice
Module source_module();   // sandtable.source
Module battlefield_module();  // sandtable.battlefield
Module loader_module();   // sandtable.loader
Module grid_module();     // sandtable.grid
Module experiment_module();  // sandtable.experiment

} // namespace sandtable::lua
