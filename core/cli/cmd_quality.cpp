// sandtable quality SCENARIO...: the battle-quality report (docs/quality.md).
// The work is in scripts/cli/quality.lua; this file parses the flags.
#include <filesystem>
#include <iostream>

#include "commands.hpp"

namespace sandtable::cli {

Action add_quality(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand(
      "quality", "Measure how the commanders play: battles decided, units engaged, idle units, absurd acts");
  struct Opts {
    std::vector<std::string> scenarios;
    std::uint64_t trials = 200, seed = 1;
    unsigned threads = 0;
    std::string format = "table", out;
    bool strict = false, mirror = false;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("scenarios", o->scenarios, "Scenario YAML files, from the current directory or the shipped data")
      ->required();
  cmd->add_option("--trials,-n", o->trials, "Battles per scenario")->capture_default_str()->check(CLI::Range(1, 1000000));
  cmd->add_option("--threads,-j", o->threads, "Worker threads (default: all cores)")->check(CLI::Range(0, 256));
  cmd->add_option("--seed", o->seed, "Experiment seed; battle i uses a seed derived from (seed, i)")->capture_default_str();
  cmd->add_option("--format", o->format, "table or json")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  cmd->add_option("--out", o->out, "Write the report to FILE instead of stdout");
  cmd->add_flag("--strict", o->strict,
                "Exit 1 when a goal is missed: not met, and not short as the scenario documents (its quality: block)");
  cmd->add_flag("--mirror", o->mirror,
                "Also fight each army against itself: a fair commander wins a mirror match as often from either side (a mirror flagged unfair is fought again on 5 times the battles at the next seed, and judged by that)");
  return [o, &global] {
    if (!o->out.empty()) check_writable(o->out, "report");
    for (auto& s : o->scenarios) s = input_file(s);
    LuaHostOptions opts = global.host_options();
    for (const auto& s : o->scenarios) {
      const auto dir = std::filesystem::path(s).parent_path().string();
      opts.readable_dirs.push_back(dir.empty() ? "." : dir);
    }
    LuaHost host(opts);
    lua_State* L = host.state();
    host.require("cli.quality");
    lua_getfield(L, -1, "run");
    lua_createtable(L, 0, 5);
    lua_createtable(L, static_cast<int>(o->scenarios.size()), 0);
    for (std::size_t i = 0; i < o->scenarios.size(); ++i) {
      lua_pushstring(L, o->scenarios[i].c_str());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_setfield(L, -2, "scenarios");
    lua_pushinteger(L, static_cast<lua_Integer>(o->trials));
    lua_setfield(L, -2, "trials");
    lua_pushinteger(L, static_cast<lua_Integer>(o->seed));
    lua_setfield(L, -2, "seed");
    lua_pushinteger(L, static_cast<lua_Integer>(o->threads));
    lua_setfield(L, -2, "threads");
    lua_pushstring(L, o->format.c_str());
    lua_setfield(L, -2, "format");
    lua_pushboolean(L, o->mirror);
    lua_setfield(L, -2, "mirror");
    host.call(1, 2);
    const std::string text = lua_tostring(L, -2);
    const bool all_met = lua_toboolean(L, -1);
    if (o->out.empty()) std::cout << text;
    else write_text_file(o->out, text, "report");
    return (o->strict && !all_met) ? 1 : 0;
  };
}

} // namespace sandtable::cli
