// sandtable.loader: what a ruleset loader needs from the host: module files
// loaded fresh with a private require (so a variant's patches never leak into
// the base ruleset's other instances), and reading data files (army lists,
// scenarios) that lie under the project or directories the user named.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "sandtable/lua/convert.hpp"
#include "sandtable/lua/host.hpp"
#include "sandtable/lua/modules.hpp"
#include "sandtable/yaml_io.hpp"

namespace sandtable::lua {
namespace {
namespace fs = std::filesystem;

// As guarded<F>, but a sandtable::Error (a file that cannot be read or is
// refused, a YAML syntax error) is the user's mistake: it is raised as a user
// error, printed without an engine traceback (scripts/lib/fail.lua).
template <lua_CFunction F>
int user_guarded(lua_State* L) {
  std::string message;
  bool user = false;
  try {
    return F(L);
  } catch (const Error& e) {
    message = e.what();
    user = true;
  } catch (const std::exception& e) {
    message = e.what();
  }
  if (user) {
    lua_createtable(L, 0, 1);
    lua_pushstring(L, message.c_str());
    lua_setfield(L, -2, "user_message");
  } else {
    lua_pushstring(L, message.c_str());
  }
  return lua_error(L);
}

int loader_find(lua_State* L) {
  const std::string name(check_string(L, 1, "module name"));
  const std::string path = LuaHost::of(L).find_module(name, nullptr);
  if (path.empty()) lua_pushnil(L);
  else lua_pushstring(L, LuaHost::of(L).display_path(path).c_str());
  return 1;
}

// loader.chunk(name, env_entries?) -> function, path
int loader_chunk(lua_State* L) {
  LuaHost& host = LuaHost::of(L);
  const std::string name(check_string(L, 1, "module name"));
  std::vector<std::string> tried;
  const std::string path = host.find_module(name, &tried);
  if (path.empty()) {
    std::string list;
    for (const auto& t : tried) list += "\n\tno file '" + host.display_path(t) + "'";
    return luaL_error(L, "module '%s' not found:%s", name.c_str(), list.c_str());
  }
  const int overrides = lua_istable(L, 2) ? 2 : 0;
  host.load_file(path, overrides);
  lua_pushstring(L, host.display_path(path).c_str());
  return 2;
}

std::string read_permitted(lua_State* L, const std::string& path);

// loader.file_chunk(path, env_entries?) -> function
// A syntax error in a user's file (a house rule, an army list) is the user's
// mistake: it is raised as a user error (message only, no engine traceback).
int loader_file_chunk(lua_State* L) {
  const std::string path(check_string(L, 1, "path"));
  const std::string text = read_permitted(L, path);
  std::string syntax_error;
  try {
    LuaHost::of(L).load_text(text, path, lua_istable(L, 2) ? 2 : 0);
  } catch (const LuaError& e) {
    syntax_error = e.what();
  }
  if (!syntax_error.empty()) {
    lua_createtable(L, 0, 1);
    lua_pushstring(L, syntax_error.c_str());
    lua_setfield(L, -2, "user_message");
    return lua_error(L);
  }
  return 1;
}

std::string read_permitted(lua_State* L, const std::string& given) {
  LuaHost& host = LuaHost::of(L);
  const std::string path = host.resolve(given);
  if (!host.may_read(path)) throw Error(fmt::format("{}: refused: {}", given, host.refusal(path)));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(fmt::format("{}: cannot read the file", path));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

int loader_read(lua_State* L) {
  const std::string path(check_string(L, 1, "path"));
  const std::string text = read_permitted(L, path);
  lua_pushlstring(L, text.data(), text.size());
  return 1;
}

// loader.list(dir, suffix?) -> sorted file names (not paths) in dir.
// loader.probe(path) -> "file" | "missing" | "refused", why: the path exactly
// as given (absolute, or from the current directory; no search), for readers
// that resolve a scenario's paths against its folder themselves.
int loader_probe(lua_State* L) {
  LuaHost& host = LuaHost::of(L);
  const std::string path(check_string(L, 1, "path"));
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    lua_pushstring(L, "missing");
    return 1;
  }
  if (!host.may_read(path)) {
    lua_pushstring(L, "refused");
    lua_pushstring(L, host.refusal(path).c_str());
    return 2;
  }
  lua_pushstring(L, "file");
  return 1;
}

// loader.search_dirs() -> { {dir =, kind = "lua-path" | "shipped"} }: where
// module and army names are looked for, in order (--lua-path folders, then the
// shipped data's roots).
int loader_search_dirs(lua_State* L) {
  const LuaHostOptions& o = LuaHost::of(L).options();
  lua_createtable(L, 0, 0);
  int n = 0;
  auto add = [&](const std::string& dir, const char* kind) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, dir.c_str());
    lua_setfield(L, -2, "dir");
    lua_pushstring(L, kind);
    lua_setfield(L, -2, "kind");
    lua_rawseti(L, -2, ++n);
  };
  for (const auto& d : o.extra_dirs) add(d, "lua-path");
  for (const auto& r : o.roots) add(r, "shipped");
  return 1;
}

// loader.same_file(a, b) -> boolean: both name one existing file.
int loader_same_file(lua_State* L) {
  std::error_code ec;
  const bool same = fs::equivalent(std::string(check_string(L, 1, "path")), std::string(check_string(L, 2, "path")), ec);
  lua_pushboolean(L, same && !ec);
  return 1;
}

// loader.display(path) -> the path as messages show it (relative to the
// shipped data when inside it).
int loader_display(lua_State* L) {
  lua_pushstring(L, LuaHost::of(L).display_path(std::string(check_string(L, 1, "path"))).c_str());
  return 1;
}

// loader.note(text): a note for the user on stderr, once per process (the
// experiment runner's workers each prepare the same scenario).
int loader_note(lua_State* L) {
  static std::mutex m;
  static std::set<std::string> said;
  const std::string text(check_string(L, 1, "text"));
  std::lock_guard<std::mutex> lock(m);
  if (said.insert(text).second) std::cerr << "note: " << text << "\n";
  return 0;
}

int loader_list(lua_State* L) {
  namespace fs = std::filesystem;
  const std::string dir = LuaHost::of(L).resolve(std::string(check_string(L, 1, "directory")));
  const std::string suffix(opt_string(L, 2));
  if (!LuaHost::of(L).may_read(dir))
    throw Error(fmt::format("{}: scripts may only list directories under the project or named on the command line", dir));
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      names.push_back(name);
  }
  if (ec) throw Error(fmt::format("{}: cannot list the directory ({})", dir, ec.message()));
  std::sort(names.begin(), names.end());
  lua_createtable(L, static_cast<int>(names.size()), 0);
  for (std::size_t i = 0; i < names.size(); ++i) {
    lua_pushstring(L, names[i].c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

int loader_exists(lua_State* L) {
  const std::string path = LuaHost::of(L).resolve(std::string(check_string(L, 1, "path")));
  std::ifstream in(path);
  lua_pushboolean(L, LuaHost::of(L).may_read(path) && in.good());
  return 1;
}

// The locate() closure of loader.yaml: path "/a/0/b" -> "file:line:col".
int yaml_locate(lua_State* L) {
  auto* doc = static_cast<YamlDoc*>(lua_touserdata(L, lua_upvalueindex(1)));
  const std::string path(check_string(L, 1, "node path"));
  const LocatedError e = doc->error_at(path, "");
  std::string where = e.file();
  if (e.line() > 0) where += fmt::format(":{}:{}", e.line(), e.column());
  lua_pushstring(L, where.c_str());
  return 1;
}

int yaml_doc_gc(lua_State* L) {
  static_cast<YamlDoc*>(lua_touserdata(L, 1))->~YamlDoc();
  return 0;
}

// loader.yaml(path | text, name?) -> table, locate
int loader_yaml(lua_State* L) {
  const std::string first(check_string(L, 1, "path or text"));
  const std::string text = lua_isstring(L, 2) ? first : read_permitted(L, first);
  const std::string name = lua_isstring(L, 2) ? std::string(lua_tostring(L, 2)) : first;
  // A mistake in the user's YAML (syntax, nesting, aliases) is raised as a
  // user error: its place and what was expected, without an engine traceback.
  std::string user_error;
  YamlDoc parsed;
  try {
    parsed = parse_yaml_doc(text, name);
  } catch (const LocatedError& e) {
    user_error = e.what();
  }
  if (!user_error.empty()) return raise_user_error(L, user_error);
  push_value(L, parsed.root);
  auto* doc = static_cast<YamlDoc*>(lua_newuserdatauv(L, sizeof(YamlDoc), 0));
  new (doc) YamlDoc(std::move(parsed));
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, yaml_doc_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, yaml_locate, 1);
  return 2;
}

const std::vector<Binding> kBindings = {
    {"find", "loader.find(name) -> path | nil", "Where require would find a Lua module.", guarded<loader_find>},
    {"chunk", "loader.chunk(name, env_entries?) -> function, path",
     "Loads a module's file fresh (not cached) in a new environment holding env_entries; call the function to "
     "run it.",
     guarded<loader_chunk>},
    {"file_chunk", "loader.file_chunk(path, env_entries?) -> function",
     "Loads a Lua file (a house rule, an army list) under its real name in a new environment holding "
     "env_entries.",
     user_guarded<loader_file_chunk>},
    {"read", "loader.read(path) -> text",
     "Reads a file under the shipped data, the current directory, the scenario's folder, a --lua-path folder or the folder of a file named on the command line; a refused read says why and how to allow it.", user_guarded<loader_read>},
    {"list", "loader.list(dir, suffix?) -> {names}",
     "The names of the files in a directory (ending in suffix), sorted.", guarded<loader_list>},
    {"exists", "loader.exists(path) -> boolean", "Whether loader.read(path) would find a file.",
     guarded<loader_exists>},
    {"probe", "loader.probe(path) -> \"file\" | \"missing\" | \"refused\", why",
     "Whether the path, exactly as given (no search), is a file scripts may read; for a refused one, why and how "
     "to allow it.",
     guarded<loader_probe>},
    {"search_dirs", "loader.search_dirs() -> {{dir =, kind =}}",
     "Where names are looked for, in order: the --lua-path folders (kind \"lua-path\"), then the shipped data "
     "(kind \"shipped\").",
     guarded<loader_search_dirs>},
    {"same_file", "loader.same_file(a, b) -> boolean", "Whether two paths name the same existing file.",
     guarded<loader_same_file>},
    {"display", "loader.display(path) -> text",
     "The path as messages show it: relative to the shipped data when inside it.", guarded<loader_display>},
    {"note", "loader.note(text)", "Prints a note for the user on stderr, once per distinct text.",
     guarded<loader_note>},
    {"yaml", "loader.yaml(path | text, name?) -> value, locate",
     "Reads YAML (a file, or text named `name`); locate('/key/1/key') gives 'file:line:column' of that node "
     "(or its nearest parent) for error messages. Syntax errors name file, line and column.",
     user_guarded<loader_yaml>},
};

} // namespace

Module loader_module() {
  return Module{"sandtable.loader", "Module and data file loading for ruleset loaders.", &kBindings, nullptr};
}

} // namespace sandtable::lua
