#pragma once
// One sandboxed Lua 5.4 state with its limits, module search path and the
// engine's modules. Everything Lua in the engine goes through a LuaHost.
//
// The sandbox is an allow-list (see docs/sandbox.md): base functions, string,
// table, math (without random), utf8 and coroutine, the engine's modules via
// require("sandtable.*"), and Lua modules found under the search roots.
// Limits: an instruction budget (a count hook, so a runaway script is stopped
// at the same instruction every run) and a memory cap (the allocator refuses).
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <cstdint>
#include <string>
#include <vector>

#include <lua.hpp>

#include "sandtable/errors.hpp"
#include "sandtable/lua/block_pool.hpp"

namespace sandtable {

// A Lua error surfaced in C++: the message already carries file:line and the
// traceback.
class LuaError : public Error {
public:
  using Error::Error;
};

struct LuaLimits {
  std::uint64_t instructions = 2'000'000'000;  // per host call; 0 = unlimited
  std::size_t memory_bytes = std::size_t{1} << 30;
};

// Where a profiled run's samples go: "file:line" -> samples, merged from every
// host that shares it (the experiment runner's workers included).
struct LuaProfile {
  std::mutex mutex;
  std::map<std::string, std::uint64_t> lines;
  std::map<std::string, std::uint64_t> functions;
  // Samples taken while the function was anywhere on the stack (it or what
  // it called): where a phase's whole cost lies, once per sample.
  std::map<std::string, std::uint64_t> inclusive;
  std::uint64_t samples = 0;
  // The hottest entries as a readable table.
  std::string report(std::size_t top = 25) const;
};

struct LuaHostOptions {
  LuaLimits limits;
  // Directories that hold rulesets/, scripts/ and armies/ (the project root
  // first); require("phalanx.troops") searches R/rulesets, R/scripts and
  // R/armies of each, then each of extra_dirs directly.
  std::vector<std::string> roots;
  std::vector<std::string> extra_dirs;
  // Further directories whose files scripts may read (loader.read): the
  // directories of files the user named on the command line.
  std::vector<std::string> readable_dirs;
  // When set, a count hook samples where Lua spends its instructions.
  std::shared_ptr<LuaProfile> profile;
};

class LuaHost {
public:
  explicit LuaHost(LuaHostOptions options);
  ~LuaHost();
  LuaHost(const LuaHost&) = delete;
  LuaHost& operator=(const LuaHost&) = delete;

  lua_State* state() const { return L_; }
  static LuaHost& of(lua_State* L);

  // Loads a Lua file as text under its real name, in a fresh strict
  // environment, and pushes the chunk function. Throws LuaError.
  // With `overrides` (a stack index of a table), its entries are set in the
  // chunk's environment (a ruleset instance gives its modules its own require).
  void load_file(const std::string& path, int overrides = 0);
  // Loads `text` as if it were the file `name`.
  void load_text(const std::string& text, const std::string& name, int overrides = 0);
  // True when scripts may read `path`: it lies under a root, a module
  // directory or a readable directory.
  bool may_read(const std::string& path) const;
  // Why `path` may not be read and how to allow it (for messages): the
  // folders that are readable and the --lua-path that would allow it.
  std::string refusal(const std::string& path) const;
  // A data file's path as given (when it exists from the working directory)
  // or else under the first root that has it: "armies/phalanx/gallic.lua"
  // works from any directory.
  std::string resolve(const std::string& path) const;
  // Calls the function below `nargs` arguments on the stack, under the limits,
  // with a traceback on error. Throws LuaError (kills give the limit's message).
  void call(int nargs, int nresults);
  // Runs a file with `args` as `...` and as the global-free table `arg`.
  void run_file(const std::string& path, const std::vector<std::string>& args = {});
  // require(name) from C++; leaves the module's value on the stack.
  void require(const std::string& name);

  // Where a module name would be found (file path), or "" with `tried` filled.
  std::string find_module(const std::string& name, std::vector<std::string>* tried) const;
  // The path as shown in messages: relative to the first root when inside it.
  std::string display_path(const std::string& path) const;
  const LuaHostOptions& options() const { return options_; }

  // Limits.
  bool killed() const { return !kill_reason_.empty(); }
  const std::string& kill_reason() const { return kill_reason_; }
  void kill(const std::string& reason);
  // From another thread (a watchdog): stop whatever this state is running.
  // Arms the count hook (which costs nothing until then) so the next few
  // instructions raise `reason`.
  // Returns false when a stop was already requested.
  bool request_stop(const std::string& reason);
  void reset_budget() { instructions_used_ = 0; }
  // Removes the count hook (and with it the instruction budget): for hot loops
  // guarded by a watchdog instead (request_stop), since any count hook slows
  // every Lua instruction.
  void drop_instruction_budget();
  std::uint64_t instructions_used() const { return instructions_used_; }
  std::size_t memory_used() const { return memory_used_; }
  std::size_t memory_peak() const { return memory_peak_; }

  // Pushes a new strict environment table (globals read through to the
  // sandbox's base library; new globals are errors).
  void push_new_env();

private:
  static void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize);
  static void count_hook(lua_State* L, lua_Debug* ar);
  void sample(lua_Debug* ar);
  std::map<std::string, std::uint64_t> profile_lines_, profile_functions_, profile_inclusive_;
  std::uint64_t profile_samples_ = 0;
  void install_sandbox();
  void install_limits();

  LuaHostOptions options_;
  lua_State* L_ = nullptr;
  std::string kill_reason_;
  std::string stop_reason_;                  // set by request_stop before the flag
  std::atomic<bool> stop_requested_{false};
  std::uint64_t instructions_used_ = 0;
  // The state's small blocks (allocate). ~LuaHost closes the state in its
  // body, before members are destroyed, so the pool outlives the last free.
  BlockPool pool_;
  std::size_t memory_used_ = 0;
  std::size_t memory_peak_ = 0;
  bool closing_ = false;
};

// The shipped data (rulesets/, scripts/, armies/, scenarios/), absolute:
// $SANDTABLE_HOME if set; else, for an installed program, share/sandtable
// beside the binary's bin/ (found from /proc/self/exe); else the source tree
// this binary was built from.
std::string default_project_root();

} // namespace sandtable
