// sandtable check ARMY.lua...: every problem of each army list, file:line.
#include <filesystem>

#include "commands.hpp"

namespace sandtable::cli {

Action add_check(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("check", "Validate army lists against their ruleset");
  auto files = std::make_shared<std::vector<std::string>>();
  auto ruleset = std::make_shared<std::string>();
  cmd->add_option("armies", *files, "Army list files (armies/<ruleset>/NAME.lua)")->required();
  cmd->add_option("--ruleset", *ruleset, "The ruleset, when the path does not say");
  return [files, ruleset, &global] {
    LuaHostOptions opts = global.host_options();
    for (auto& f : *files) f = input_file(f);
    for (const auto& f : *files) {
      const auto dir = std::filesystem::path(f).parent_path().string();
      opts.readable_dirs.push_back(dir.empty() ? "." : dir);
    }
    LuaHost host(opts);
    lua_State* L = host.state();
    host.require("cli.check");
    lua_getfield(L, -1, "run");
    lua_createtable(L, static_cast<int>(files->size()), 0);
    for (std::size_t i = 0; i < files->size(); ++i) {
      lua_pushstring(L, (*files)[i].c_str());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_pushstring(L, ruleset->c_str());
    host.call(2, 1);
    return lua_tointeger(L, -1) == 0 ? 0 : 1;
  };
}

} // namespace sandtable::cli
