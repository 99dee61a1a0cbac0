// sandtable: the program. Subcommands live one per file (cmd_*.cpp).
#include <iostream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "commands.hpp"
#include "sandtable/errors.hpp"

namespace sandtable::cli {

LuaHostOptions GlobalOptions::host_options() const {
  LuaHostOptions o;
  o.limits.instructions = max_instructions;
  o.limits.memory_bytes = max_memory_mib << 20;
  o.extra_dirs = lua_paths;
  o.profile = profile;
  return o;
}

} // namespace sandtable::cli

int main(int argc, char** argv) {
  using namespace sandtable;
  CLI::App app{"Sandtable: a rules engine for tabletop miniature wargames"};
  app.set_version_flag("--version", std::string("sandtable ") + SANDTABLE_VERSION);
  app.require_subcommand(1);

  int verbosity = 0;
  bool quiet = false;
  app.add_flag("-v,--verbose", verbosity, "More diagnostics on stderr (-vv for debug)");
  app.add_flag("-q,--quiet-log", quiet, "Only errors on stderr");
  cli::GlobalOptions global;
  app.add_option("--max-instructions", global.max_instructions,
                 "Lua instruction budget per call (0 = unlimited)")->capture_default_str();
  app.add_option("--max-memory", global.max_memory_mib, "Lua memory cap per state, MiB")->capture_default_str();
  app.add_option("--lua-path", global.lua_paths, "Extra directory searched by require (repeatable)");
  bool profile = false;
  app.add_flag("--profile", profile, "Sample where Lua code spends its time; print the hottest functions and lines, and each function's share with what it calls");

  std::vector<std::pair<CLI::App*, cli::Action>> actions;
  auto remember = [&](cli::Action a) { actions.emplace_back(app.get_subcommands({}).back(), std::move(a)); };
  remember(cli::add_run(app, global));
  remember(cli::add_test(app, global));
  remember(cli::add_battle(app, global));
  remember(cli::add_check(app, global));
  remember(cli::add_odds(app, global));
  remember(cli::add_sim(app, global));
  remember(cli::add_quality(app, global));
  remember(cli::add_api(app, global));
  remember(cli::add_replay(app, global));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  auto logger = spdlog::stderr_color_mt("sandtable");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("%^%l%$: %v");
  spdlog::set_level(quiet ? spdlog::level::err
                          : verbosity >= 2 ? spdlog::level::debug
                          : verbosity == 1 ? spdlog::level::info
                                           : spdlog::level::warn);

  if (profile) global.profile = std::make_shared<LuaProfile>();
  auto print_profile = [&] {
    if (global.profile) std::cerr << "\n" << global.profile->report();
  };
  for (auto& [sub, action] : actions) {
    if (!sub->parsed()) continue;
    try {
      const int rc = action();
      cli::finish_stdout();  // a full disk or closed pipe is an error, not exit 0
      print_profile();
      return rc;
    } catch (const Error& e) {
      std::cerr << "sandtable: " << e.what() << "\n";
      return 1;
    } catch (const std::exception& e) {
      std::cerr << "sandtable: internal error: " << e.what() << "\n";
      return 2;
    }
  }
  return 0;
}
