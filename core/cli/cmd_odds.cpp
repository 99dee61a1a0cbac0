// sandtable odds RULESET QUESTION ARGS...: exact odds of one adjudication.
#include "commands.hpp"

namespace sandtable::cli {

Action add_odds(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("odds", "Exact odds of a melee or shot (e.g. odds phalanx melee \"HIS IV RA\" \"HIN III RA\")");
  auto args = std::make_shared<std::vector<std::string>>();
  cmd->add_option("args", *args, "RULESET QUESTION and the question's arguments")->required();
  return [args, &global] {
    LuaHost host(global.host_options());
    lua_State* L = host.state();
    host.require("cli.odds");
    lua_getfield(L, -1, "run");
    lua_createtable(L, static_cast<int>(args->size()), 0);
    for (std::size_t i = 0; i < args->size(); ++i) {
      lua_pushstring(L, (*args)[i].c_str());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    host.call(1, 0);
    return 0;
  };
}

} // namespace sandtable::cli
