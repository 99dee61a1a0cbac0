// sandtable: the program. Subcommands live one per file (cmd_*.cpp).
//
// Exit codes (docs/cli.md): 0 success; 1 the user's input is wrong (a
// scenario, army list or house rule with a mistake, a failed trial or check);
// 2 a usage error (unknown subcommand or flag, a bad flag value); 3 an
// internal error (a bug: please report it).
#include <cctype>
#include <filesystem>
#include <iostream>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <fmt/format.h>

#include "commands.hpp"
#include "sandtable/errors.hpp"

namespace sandtable::cli {

LuaHostOptions GlobalOptions::host_options() const {
  LuaHostOptions o;
  o.limits.instructions = max_instructions;
  o.limits.memory_bytes = max_memory_mib << 20;
  o.extra_dirs = lua_paths;
  o.profile = profile;
  // The current directory is readable: paths on the command line resolve
  // against it, and a modder keeps files there (docs/scenarios.md).
  std::error_code ec;
  const auto cwd = std::filesystem::current_path(ec);
  if (!ec) o.readable_dirs.push_back(cwd.string());
  return o;
}

std::string input_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return path;
  const std::string root = default_project_root();
  if (!fs::path(path).is_absolute()) {
    const fs::path shipped = fs::path(root) / path;
    if (fs::is_regular_file(shipped, ec)) return shipped.string();
  }
  if (fs::is_directory(path, ec)) throw Error(fmt::format("{}: is a folder, expected a file", path));
  throw Error(fmt::format("{}: no such file (looked in the current directory and in the shipped data, {})", path, root));
}

std::vector<std::pair<std::string, std::string>> parse_variants(const std::vector<std::string>& args) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& v : args) {
    const auto eq = v.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
      throw UsageError(fmt::format("--variant '{}': expected NAME=FILE.lua", v));
    const std::string name = v.substr(0, eq);
    for (const char c : name)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
        throw UsageError(fmt::format("--variant '{}': a name is letters, digits, '_', '-' and '.'", v));
    if (name == "baseline")
      throw UsageError(fmt::format("--variant '{}': 'baseline' is the name of the rules as written; choose "
                                   "another name", v));
    for (const auto& known : out)
      if (known.first == name)
        throw UsageError(fmt::format("--variant '{}': a variant named '{}' was already given; each name must be "
                                     "unique", v, name));
    out.emplace_back(name, input_file(v.substr(eq + 1)));
  }
  return out;
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
  remember(cli::add_merge(app, global));
  remember(cli::add_campaign(app, global));

  // An unknown subcommand: say so and list the subcommands (CLI11 would only
  // say that an argument was not expected).
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--max-instructions" || a == "--max-memory" || a == "--lua-path") {
      ++i;
      continue;
    }
    if (a.empty() || a[0] == '-') continue;
    std::vector<std::string> names;
    bool known = false;
    for (const auto* sub : app.get_subcommands({})) {
      names.push_back(sub->get_name());
      known = known || sub->check_name(a);
    }
    if (!known) {
      std::cerr << fmt::format("sandtable: unknown subcommand '{}'; the subcommands are: {}\n"
                               "Run `sandtable SUBCOMMAND --help` for one's options.\n",
                               a, fmt::join(names, ", "));
      return 2;
    }
    break;
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; every other parse error is a usage error.
    const int rc = app.exit(e);
    return rc == 0 ? 0 : 2;
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
    } catch (const cli::UsageError& e) {
      std::cerr << "sandtable " << sub->get_name() << ": " << e.what() << "\n"
                << "Run with --help for more information.\n";
      return 2;
    } catch (const Error& e) {
      std::cerr << "sandtable: " << e.what() << "\n";
      return 1;
    } catch (const std::exception& e) {
      std::cerr << "sandtable: internal error: " << e.what() << "\n";
      return 3;
    }
  }
  return 0;
}
