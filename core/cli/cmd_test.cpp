// sandtable test FILE...: runs Lua rule tests, each file in a fresh sandboxed
// state, and prints "N passed, N failed".
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"

namespace sandtable::cli {
namespace {

struct Counts { long passed = 0, failed = 0; };

Counts run_test_file(const GlobalOptions& global, const std::string& file) {
  LuaHost host(global.host_options());
  lua_State* L = host.state();
  try {
    host.require("lib.testing");
    const int testing = lua_gettop(L);
    host.run_file(file);
    lua_getfield(L, testing, "run");
    host.call(0, 2);
    Counts c{static_cast<long>(lua_tointeger(L, -2)), static_cast<long>(lua_tointeger(L, -1))};
    lua_settop(L, 0);
    return c;
  } catch (const Error& e) {
    std::cout << "ERROR " << file << ": " << e.what() << "\n";
    return Counts{0, 1};
  }
}

} // namespace

Action add_test(CLI::App& app, const GlobalOptions& global) {
  auto* cmd = app.add_subcommand("test", "Run Lua rule tests (files that register cases with lib.testing)");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "Test files (*_test.lua)")->required();
  return [files, &global] {
    Counts total;
    for (const auto& f : *files) {
      const Counts c = run_test_file(global, input_file(f));
      std::cout << fmt::format("{}: {} passed, {} failed\n", f, c.passed, c.failed);
      total.passed += c.passed;
      total.failed += c.failed;
    }
    std::cout << fmt::format("{} passed, {} failed\n", total.passed, total.failed);
    return total.failed == 0 ? 0 : 1;
  };
}

} // namespace sandtable::cli
