// sandtable odds RULESET QUESTION ARGS... [--option ID] [--house-rule FILE]:
// exact odds of one adjudication under the rules (with options and house
// rules as in a scenario); sandtable odds dice EXPR... [--html FILE]: exact
// distributions of dice expressions.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"

namespace sandtable::cli {

Action add_odds(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("odds", "Exact odds of a melee or shot (e.g. odds phalanx melee \"HIS IV RA\" \"HIN III RA\"), "
                                         "or of dice expressions (odds dice \"3d6+2\" \"4d6kh3\")");
  struct Opts {
    std::vector<std::string> args, options, house_rules;
    std::string html;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("args", o->args, "RULESET QUESTION and the question's arguments, or dice and expressions")->required();
  cmd->add_option("--option", o->options, "An optional rule of the ruleset, by id, as in a scenario's options: (repeatable)");
  cmd->add_option("--house-rule", o->house_rules, "A house rule file (function(rules)) applied after the options (repeatable)");
  cmd->add_option("--html", o->html, "odds dice: write the distributions as a chart in an HTML page to FILE");
  return [o, &global] {
    LuaHostOptions opts = global.host_options();
    std::vector<std::string> house_rules;
    for (const auto& h : o->house_rules) {
      house_rules.push_back(input_file(h));
      const auto dir = std::filesystem::path(house_rules.back()).parent_path().string();
      opts.readable_dirs.push_back(dir.empty() ? "." : dir);
    }
    LuaHost host(opts);
    lua_State* L = host.state();
    host.require("cli.odds");
    lua_getfield(L, -1, "run");
    auto push_list = [L](const std::vector<std::string>& list) {
      lua_createtable(L, static_cast<int>(list.size()), 0);
      for (std::size_t i = 0; i < list.size(); ++i) {
        lua_pushstring(L, list[i].c_str());
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
      }
    };
    push_list(o->args);
    lua_createtable(L, 0, 3);
    push_list(o->options);
    lua_setfield(L, -2, "options");
    push_list(house_rules);
    lua_setfield(L, -2, "house_rules");
    lua_pushboolean(L, !o->html.empty());
    lua_setfield(L, -2, "html");
    host.call(2, 1);
    std::cout.flush();
    if (!o->html.empty()) {
      size_t len = 0;
      const char* text = lua_tolstring(L, -1, &len);
      if (!text) throw Error("odds: no page to write");
      write_text_file(o->html, std::string(text, len), "odds page");
      std::cerr << fmt::format("odds: {} written\n", o->html);
    }
    return 0;
  };
}

} // namespace sandtable::cli
