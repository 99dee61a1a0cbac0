// sandtable run FILE.lua [args...]: a user's script with the engine API.
#include "commands.hpp"

namespace sandtable::cli {

Action add_run(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("run", "Run a Lua script with the engine API (dice, geometry, state, rulesets)");
  auto file = std::make_shared<std::string>();
  auto args = std::make_shared<std::vector<std::string>>();
  cmd->add_option("file", *file, "The script")->required();
  cmd->add_option("args", *args, "Arguments, given to the script as ...");
  cmd->prefix_command(false);
  return [file, args, &global] {
    LuaHost host(global.host_options());
    host.run_file(input_file(*file), *args);
    return 0;
  };
}

} // namespace sandtable::cli
