#pragma once
// An experiment summary as text for people (a table), CSV for spreadsheets,
// or JSON for tools; and the per-trial results as JSON lines.
#include <string>

#include "sandtable/experiment/runner.hpp"

namespace sandtable::experiment {

std::string format_table(const Value& summary, const std::string& title);
std::string format_csv(const Value& summary);
std::string format_json(const Value& summary);
// One line per (variant, trial): identical for any thread count.
std::string format_trials(const Spec& spec, const Outcome& outcome);
// Progress on stderr (trials done, rate, ETA) when stderr is a terminal;
// null (quiet) otherwise.
std::function<void(const Progress&)> terminal_progress();

} // namespace sandtable::experiment
