// sandtable battle [SCENARIO.yaml]: one battle with a readable account.
#include <filesystem>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "commands.hpp"
#include "sandtable/lua/battlefield.hpp"

namespace sandtable::cli {

void write_event_log(const EventLog& log, const std::string& path) {
  std::string text;
  for (const auto& e : log.events()) text += e.to_json() + '\n';
  write_text_file(path, text, "event log");
}

Action add_battle(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("battle", "Fight one battle and print a turn-by-turn account");
  struct Opts {
    std::string scenario, log, html;
    std::int64_t seed = -1;
    int turns = 0;
    bool quiet = false;
    bool referee = false;
    std::vector<std::string> house_rules;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("scenario", o->scenario,
                  "Scenario YAML, from the current directory or the shipped data (default: "
                  "scenarios/phalanx/default.yaml)");
  cmd->add_option("--seed", o->seed, "Seed of the battle's dice (default: the scenario's, else 1)");
  cmd->add_option("--turns", o->turns, "Turn limit, 1 or more (default: the scenario's, else 12)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--log", o->log, "Write every event (rolls, moves, results) as JSON lines to FILE");
  cmd->add_option("--html", o->html, "Write the battle's replay page (one self-contained HTML file) to FILE");
  cmd->add_flag("--quiet", o->quiet, "Print only the result");
  cmd->add_flag("--referee", o->referee,
                "Check the rules' invariants after every phase; stop at the first violation (docs/referee.md)");
  cmd->add_option("--house-rule", o->house_rules, "A house rule file (function(rules)) applied after the scenario's own "
                                                  "(repeatable; replays a failed `sim` variant)");
  return [o, &global] {
    // Where the results go is checked before the battle is fought.
    if (!o->log.empty()) check_writable(o->log, "event log");
    if (!o->html.empty()) check_writable(o->html, "replay page");
    LuaHostOptions host_opts = global.host_options();
    for (auto& h : o->house_rules) h = input_file(h);
    for (const auto& h : o->house_rules) {
      const auto dir = std::filesystem::path(h).parent_path().string();
      host_opts.readable_dirs.push_back(dir.empty() ? "." : dir);
    }
    // The scenario's folder is readable: its paths resolve against it.
    const std::string scenario = o->scenario.empty()
                                     ? (std::filesystem::path(default_project_root()) / kDefaultScenario).string()
                                     : input_file(o->scenario);
    const auto scenario_dir = std::filesystem::path(scenario).parent_path().string();
    host_opts.readable_dirs.push_back(scenario_dir.empty() ? "." : scenario_dir);
    spdlog::info("battle: {}", scenario);
    LuaHost host(host_opts);
    lua_State* L = host.state();
    host.require("cli.battle");
    lua_getfield(L, -1, "run");
    lua_createtable(L, 0, 6);
    lua_pushstring(L, scenario.c_str());
    lua_setfield(L, -2, "path");
    if (o->seed >= 0) {
      lua_pushinteger(L, o->seed);
      lua_setfield(L, -2, "seed");
    }
    if (o->turns > 0) {
      lua_pushinteger(L, o->turns);
      lua_setfield(L, -2, "turns");
    }
    lua_pushboolean(L, o->quiet);
    lua_setfield(L, -2, "quiet");
    lua_pushboolean(L, o->referee);
    lua_setfield(L, -2, "referee");
    lua_createtable(L, static_cast<int>(o->house_rules.size()), 0);
    for (std::size_t i = 0; i < o->house_rules.size(); ++i) {
      lua_pushstring(L, o->house_rules[i].c_str());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, -2, "house_rules");
    host.call(1, 1);
    std::cout.flush();
    if (!o->log.empty()) {
      lua_getfield(L, -1, "bf");
      const EventLog* log = lua::battlefield_log(L, -1);
      if (!log) throw Error("the ruleset's battle returned no battlefield, so there is no log to write");
      write_event_log(*log, o->log);
      std::cerr << fmt::format("event log: {} events written to {}\n", log->events().size(), o->log);
      lua_pop(L, 1);
    }
    if (!o->html.empty()) {
      lua_getfield(L, -1, "seed");
      const auto seed = lua_tointeger(L, -1);
      lua_pop(L, 1);
      const std::string name =
          o->scenario.empty() ? "Phalanx battle" : std::filesystem::path(o->scenario).stem().string();
      lua_getfield(L, -1, "bf");
      write_text_file(o->html, lua_page(host, "lib.replay", "from_battlefield", fmt::format("{}, seed {}", name, seed)),
                      "replay page");
      std::cerr << fmt::format("replay: {} written\n", o->html);
    }
    return 0;
  };
}

} // namespace sandtable::cli
