#pragma once
// The sandtable program's subcommands. Each adds itself to the CLI11 app and
// runs when chosen; errors a user can cause are thrown as sandtable::Error and
// printed by main with a non-zero exit.
#include <CLI/CLI.hpp>

#include "sandtable/lua/host.hpp"

namespace sandtable::cli {

// A command line that is wrong in itself (a malformed or contradictory flag
// value): main prints it and exits 2, like CLI11's own parse errors.
class UsageError : public Error {
public:
  using Error::Error;
};

// Options every subcommand that runs Lua shares.
struct GlobalOptions {
  std::uint64_t max_instructions = LuaLimits{}.instructions;
  std::size_t max_memory_mib = LuaLimits{}.memory_bytes >> 20;
  std::vector<std::string> lua_paths;
  std::shared_ptr<LuaProfile> profile;  // set by --profile
  LuaHostOptions host_options() const;
};

// Each returns the action to run when its subcommand was chosen.
using Action = std::function<int()>;
Action add_run(CLI::App& app, const GlobalOptions& global);
Action add_test(CLI::App& app, const GlobalOptions& global);
Action add_battle(CLI::App& app, const GlobalOptions& global);
Action add_check(CLI::App& app, const GlobalOptions& global);
Action add_odds(CLI::App& app, const GlobalOptions& global);
Action add_sim(CLI::App& app, const GlobalOptions& global);
Action add_api(CLI::App& app, const GlobalOptions& global);
Action add_quality(CLI::App& app, const GlobalOptions& global);
Action add_campaign(CLI::App& app, const GlobalOptions& global);
Action add_replay(CLI::App& app, const GlobalOptions& global);
Action add_merge(CLI::App& app, const GlobalOptions& global);

// HTML pages made in Lua (cmd_replay.cpp): calls require(module)[function]
// with the value on top of the Lua stack (popped), the title and, when `csv`
// is not empty, {csv = csv}; returns the page text.
std::string lua_page(LuaHost& host, const char* module, const char* function, const std::string& title,
                     const std::string& csv = "");
// The battle `sandtable battle` fights when given no scenario, in the shipped
// data: a file a user can copy, edit and `sim`.
inline constexpr const char* kDefaultScenario = "scenarios/phalanx/default.yaml";

// A file named on the command line: the path as given when it exists (from
// the current directory, or absolute), else the same relative path in the
// shipped data ("scenarios/phalanx/gaugamela.yaml" works from any folder).
// Throws Error saying where it looked.
std::string input_file(const std::string& path);
// `--variant NAME=FILE` arguments checked (`sim`, `campaign`): a name of
// letters, digits, '_', '-' and '.', not "baseline", each once; the file
// found as input_file finds it. Returns (name, file) pairs in order; a
// mistake is a UsageError naming the argument.
std::vector<std::pair<std::string, std::string>> parse_variants(const std::vector<std::string>& args);
// Writes `text` to `path`, checking every write and the final flush and close
// (output.cpp); a failure is an Error naming the path, the `what` and why.
void write_text_file(const std::string& path, const std::string& text, const char* what);
// Before the work: an Error unless `path` can be written (its directory
// exists, it is not a directory, it may be opened for writing).
void check_writable(const std::string& path, const char* what);
// After a subcommand: flushes standard output; an Error if any write failed.
void finish_stdout();

} // namespace sandtable::cli
