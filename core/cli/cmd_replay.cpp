// sandtable replay LOG.jsonl --html FILE: a battle's replay page from its saved
// event log. Loads no ruleset: the log alone has everything the page draws.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "commands.hpp"

namespace sandtable::cli {

// Calls require(module)[function](<the value on top of the stack>, title,
// extra...) and returns the page text. The argument is popped.
std::string lua_page(LuaHost& host, const char* module, const char* function, const std::string& title,
                     const std::string& extra) {
  lua_State* L = host.state();
  const int arg = lua_gettop(L);
  host.require(module);
  lua_getfield(L, -1, function);
  lua_pushvalue(L, arg);
  lua_pushlstring(L, title.data(), title.size());
  if (extra.empty()) lua_pushnil(L);
  else {
    lua_createtable(L, 0, 1);  // { csv = extra }: the file beside the page
    lua_pushlstring(L, extra.data(), extra.size());
    lua_setfield(L, -2, "csv");
  }
  host.call(3, 1);
  size_t len = 0;
  const char* text = lua_tolstring(L, -1, &len);
  if (!text) throw Error(fmt::format("{}.{} returned no page", module, function));
  std::string page(text, len);
  lua_settop(L, arg - 1);
  return page;
}

Action add_replay(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("replay", "Make a battle's replay page from its event log (no ruleset is loaded)");
  struct Opts {
    std::string log, html, title;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("log", o->log, "Event log written by `sandtable battle --log` (JSON lines)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--html", o->html, "Write the replay page (one self-contained HTML file) to FILE")->required();
  cmd->add_option("--title", o->title, "The page's title (default: the log's file name)");
  return [o, &global] {
    check_writable(o->html, "replay page");
    std::ifstream in(o->log, std::ios::binary);
    if (!in) throw Error(fmt::format("{}: cannot read the event log", o->log));
    std::stringstream buf;
    buf << in.rdbuf();
    LuaHost host(global.host_options());
    lua_State* L = host.state();
    const std::string name = std::filesystem::path(o->log).filename().string();
    const std::string title = o->title.empty() ? fmt::format("Replay of {}", name) : o->title;
    // replay.from_log(text, name, title)
    host.require("lib.replay");
    lua_getfield(L, -1, "from_log");
    const std::string text = buf.str();
    lua_pushlstring(L, text.data(), text.size());
    lua_pushstring(L, o->log.c_str());
    lua_pushstring(L, title.c_str());
    host.call(3, 1);
    size_t len = 0;
    const char* page = lua_tolstring(L, -1, &len);
    if (!page) throw Error("the replay page came back empty");
    write_text_file(o->html, std::string(page, len), "replay page");
    std::cerr << fmt::format("replay: {} written ({} KiB)\n", o->html, (len + 1023) / 1024);
    return 0;
  };
}

} // namespace sandtable::cli
