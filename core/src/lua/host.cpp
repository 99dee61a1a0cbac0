#include "sandtable/lua/host.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "sandbox_prelude.hpp"
#include "sandtable/lua/binding.hpp"
#include "sandtable/lua/chunk_cache.hpp"

namespace sandtable {
namespace fs = std::filesystem;

namespace {

// How often the count hook runs. The budget is checked at this granularity,
// so a kill happens at the same instruction on every run.
constexpr int kHookInterval = 1000;

const char* const kNewEnvKey = "sandtable.new_env";
const char* const kLoadedKey = "sandtable.loaded";
const char* const kLoading = "sandtable.loading";

int traceback_handler(lua_State* L) {
  // A user's mistake (raised through scripts/lib/fail.lua): the message says
  // it all, a traceback into the engine's scripts would only distract.
  if (lua_type(L, 1) == LUA_TTABLE) {
    lua_pushstring(L, "user_message");
    if (lua_rawget(L, 1) == LUA_TSTRING) return 1;
    lua_pop(L, 1);
  }
  const char* msg = lua_tostring(L, 1);
  if (!msg) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) msg = lua_tostring(L, -1);
    else msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

int killed_reason(lua_State* L) {
  const LuaHost& host = LuaHost::of(L);
  if (host.killed()) lua_pushstring(L, host.kill_reason().c_str());
  else lua_pushnil(L);
  return 1;
}

std::string memory_limit_message(std::size_t cap) {
  return fmt::format("memory limit of {} MiB exceeded (raise it with --max-memory)", cap >> 20);
}

// memory_check(bytes): kills the state with the memory-limit message when
// `bytes` more would exceed the cap (for C functions that refuse huge results
// before they ever reach the allocator, such as string.rep).
int memory_check(lua_State* L) {
  LuaHost& host = LuaHost::of(L);
  const lua_Number bytes = luaL_checknumber(L, 1);
  const std::size_t cap = host.options().limits.memory_bytes;
  if (cap && bytes > static_cast<lua_Number>(cap - std::min(cap, host.memory_used()))) {
    host.kill(memory_limit_message(cap));
    return luaL_error(L, "%s", host.kill_reason().c_str());
  }
  return 0;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LuaError(fmt::format("{}: cannot read the file", path));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// require(name): engine modules first, then Lua files under the search roots.
int sandbox_require(lua_State* L) {
  LuaHost& host = LuaHost::of(L);
  const std::string name(luaL_checkstring(L, 1));
  lua_getfield(L, LUA_REGISTRYINDEX, kLoadedKey);
  const int loaded = lua_gettop(L);
  lua_getfield(L, loaded, name.c_str());
  if (lua_touserdata(L, -1) == kLoading) return luaL_error(L, "require: module '%s' requires itself (a cycle)", name.c_str());
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);

  // The engine's own modules (sandtable.*).
  lua_getfield(L, LUA_REGISTRYINDEX, lua::kPreloadKey);
  if (lua_getfield(L, -1, name.c_str()) == LUA_TFUNCTION) {
    lua_pushstring(L, name.c_str());
    lua_call(L, 1, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, loaded, name.c_str());
    return 1;
  }
  lua_pop(L, 2);

  std::vector<std::string> tried;
  const std::string path = host.find_module(name, &tried);
  if (path.empty()) {
    std::string list;
    for (const auto& t : tried) list += "\n\tno file '" + host.display_path(t) + "'";
    return luaL_error(L, "module '%s' not found:%s", name.c_str(), list.c_str());
  }
  spdlog::debug("require '{}': {}", name, host.display_path(path));
  lua_pushlightuserdata(L, const_cast<char*>(kLoading));
  lua_setfield(L, loaded, name.c_str());
  std::string error;
  try {
    host.load_file(path);
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (!error.empty()) {
    lua_pushnil(L);
    lua_setfield(L, loaded, name.c_str());
    lua_pushstring(L, error.c_str());
    return lua_error(L);
  }
  lua_pushstring(L, name.c_str());
  // An error in the module propagates from here (and the cycle mark stays,
  // which is harmless: the state is then reported as failed).
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, loaded, name.c_str());
  return 1;
}

} // namespace

namespace {
// A folder holds the shipped data when it has the program's Lua side.
bool is_data_dir(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "scripts" / "lib" / "ruleset.lua", ec);
}
} // namespace

std::string default_project_root() {
  std::error_code ec;
  if (const char* home = std::getenv("SANDTABLE_HOME"); home && *home)
    return fs::weakly_canonical(fs::absolute(home, ec), ec).string();
  // An installed program: the data directory relative to the binary
  // (bin/sandtable -> share/sandtable), so a copy installed or unpacked under
  // any prefix finds its own data.
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path data = fs::weakly_canonical(exe.parent_path() / SANDTABLE_DATA_FROM_BIN, ec);
    if (!ec && is_data_dir(data)) return data.string();
  }
  // A build tree: the source folder it was built from.
  return SANDTABLE_SOURCE_DIR;
}

std::string LuaHost::refusal(const std::string& path) const {
  std::error_code ec;
  std::vector<std::string> dirs;
  for (const auto& r : options_.roots) dirs.push_back(fs::weakly_canonical(fs::absolute(r, ec), ec).string() + " (the shipped data)");
  for (const auto& d : options_.readable_dirs) dirs.push_back(fs::weakly_canonical(fs::absolute(d, ec), ec).string());
  for (const auto& d : options_.extra_dirs)
    dirs.push_back(fs::weakly_canonical(fs::absolute(d, ec), ec).string() + " (--lua-path)");
  std::sort(dirs.begin(), dirs.end());
  dirs.erase(std::unique(dirs.begin(), dirs.end()), dirs.end());
  const fs::path abs = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return fmt::format("{} is outside the folders Sandtable may read ({}); to allow it, name its folder before the "
                     "subcommand: sandtable --lua-path {} ...",
                     abs.string(), fmt::join(dirs, ", "), abs.parent_path().string());
}

LuaHost& LuaHost::of(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return *static_cast<LuaHost*>(ud);
}

// Lua's allocator. With ptr != nullptr, osize is the block's size; with
// ptr == nullptr it is a type tag, not a size. Small blocks come from the
// state's BlockPool, larger ones from malloc.
void* LuaHost::allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
  auto* host = static_cast<LuaHost*>(ud);
  BlockPool& pool = host->pool_;
  const std::size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    if (ptr) {
      if (BlockPool::serves(osize)) pool.give(ptr, osize); else std::free(ptr);
    }
    host->memory_used_ -= old;
    return nullptr;
  }
  const std::size_t cap = host->options_.limits.memory_bytes;
  if (cap && nsize > old && host->memory_used_ - old + nsize > cap && !host->closing_) {
    host->kill(memory_limit_message(cap));
    return nullptr;
  }
  void* p = nullptr;
  if (!ptr) {
    p = BlockPool::serves(nsize) ? pool.take(nsize) : std::malloc(nsize);
  } else if (BlockPool::serves(osize) && BlockPool::serves(nsize)) {
    if (BlockPool::same_class(osize, nsize)) {
      p = ptr;
    } else {
      p = pool.take(nsize);
      if (p) {
        std::memcpy(p, ptr, std::min(osize, nsize));
        pool.give(ptr, osize);
      }
    }
  } else if (!BlockPool::serves(osize) && !BlockPool::serves(nsize)) {
    p = std::realloc(ptr, nsize);
  } else {
    // Between the pool and malloc: move the contents.
    p = BlockPool::serves(nsize) ? pool.take(nsize) : std::malloc(nsize);
    if (p) {
      std::memcpy(p, ptr, std::min(osize, nsize));
      if (BlockPool::serves(osize)) pool.give(ptr, osize); else std::free(ptr);
    }
  }
  if (!p) return nullptr;  // Lua raises its memory error; ptr is untouched
  host->memory_used_ = host->memory_used_ - old + nsize;
  if (host->memory_used_ > host->memory_peak_) host->memory_peak_ = host->memory_used_;
  return p;
}

void LuaHost::sample(lua_Debug* ar) {
  if (!lua_getinfo(L_, "Sl", ar)) return;
  if (ar->currentline <= 0) return;  // C functions: counted in their Lua caller's line
  const char* src = ar->source && ar->source[0] == '@' ? ar->source + 1 : ar->short_src;
  ++profile_lines_[fmt::format("{}:{}", src, ar->currentline)];
  ++profile_functions_[fmt::format("{}:{} (function)", src, ar->linedefined)];
  ++profile_samples_;
  // Inclusive: each Lua function on the stack once (recursion counts once).
  std::vector<std::string> seen;
  lua_Debug up;
  for (int level = 0; lua_getstack(L_, level, &up); ++level) {
    if (!lua_getinfo(L_, "S", &up) || up.linedefined <= 0) continue;
    const char* usrc = up.source && up.source[0] == '@' ? up.source + 1 : up.short_src;
    std::string key = fmt::format("{}:{} (function)", usrc, up.linedefined);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    ++profile_inclusive_[key];
    seen.push_back(std::move(key));
  }
}

std::string LuaProfile::report(std::size_t top) const {
  auto table = [top](const std::map<std::string, std::uint64_t>& m, const char* what) {
    std::vector<std::pair<std::uint64_t, std::string>> rows;
    std::uint64_t total = 0;
    for (const auto& [k, v] : m) {
      rows.emplace_back(v, k);
      total += v;
    }
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    std::string out = fmt::format("Lua profile: where the instructions go, by {} ({} samples)\n", what, total);
    for (std::size_t i = 0; i < rows.size() && i < top; ++i)
      out += fmt::format("  {:5.1f}%  {}\n", 100.0 * static_cast<double>(rows[i].first) / static_cast<double>(total),
                         rows[i].second);
    return out;
  };
  std::string out = table(functions, "function") + "\n" + table(lines, "line");
  if (!inclusive.empty() && samples) {
    std::vector<std::pair<std::uint64_t, std::string>> rows;
    for (const auto& [k, v] : inclusive) rows.emplace_back(v, k);
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    out += fmt::format("\nLua profile: share of samples with the function on the stack (itself and its callees)\n");
    for (std::size_t i = 0; i < rows.size() && i < 2 * top; ++i)
      out += fmt::format("  {:5.1f}%  {}\n", 100.0 * static_cast<double>(rows[i].first) / static_cast<double>(samples),
                         rows[i].second);
  }
  return out;
}

void LuaHost::count_hook(lua_State* L, lua_Debug* ar) {
  LuaHost& host = LuaHost::of(L);
  if (host.options_.profile) host.sample(ar);
  if (host.stop_requested_.load(std::memory_order_acquire)) host.kill(host.stop_reason_);
  host.instructions_used_ += kHookInterval;
  const auto budget = host.options_.limits.instructions;
  if (!host.killed() && budget && host.instructions_used_ > budget)
    host.kill(fmt::format("instruction limit of {} exceeded (the script may loop forever; raise it with "
                          "--max-instructions)", budget));
  if (host.killed()) {
    // The sandbox's own wrappers (short, bounded) finish what they do: that is
    // how a kill caught by pcall gets re-raised with the line it came from.
    if (lua_getinfo(L, "S", ar) && std::strcmp(ar->source, "=sandbox") == 0) return;
    // Level 0 in a hook is the interrupted function itself: name its line,
    // not its caller's.
    luaL_where(L, 0);
    lua_pushstring(L, host.kill_reason_.c_str());
    lua_concat(L, 2);
    lua_error(L);
  }
}

void LuaHost::kill(const std::string& reason) {
  if (kill_reason_.empty()) {
    kill_reason_ = reason;
    spdlog::info("Lua state stopped: {}", reason);
  }
}

void LuaHost::drop_instruction_budget() {
  options_.limits.instructions = 0;
  if (!options_.profile) lua_sethook(L_, nullptr, 0, 0);
}

bool LuaHost::request_stop(const std::string& reason) {
  if (stop_requested_.exchange(true)) return false;
  stop_reason_ = reason;
  std::atomic_thread_fence(std::memory_order_release);
  // lua_sethook is the one Lua call made to be safe from outside the running
  // thread (the standalone interpreter calls it from a signal handler).
  lua_sethook(L_, &LuaHost::count_hook, LUA_MASKCOUNT, 1);
  return true;
}

LuaHost::LuaHost(LuaHostOptions options) : options_(std::move(options)) {
  if (options_.roots.empty()) options_.roots.push_back(default_project_root());
  L_ = lua_newstate(&LuaHost::allocate, this);
  if (!L_) throw OutOfMemory("cannot create a Lua state (out of memory)");
  // Generational collection: rules and AI make many short-lived tables
  // (callgrind, 10 bench battles: -1.2 % instructions against incremental).
  lua_gc(L_, LUA_GCGEN, 0, 0);
  lua_atpanic(L_, [](lua_State* L) -> int {
    throw LuaError(fmt::format("unprotected Lua error: {}", lua_tostring(L, -1) ? lua_tostring(L, -1) : "?"));
  });
  install_sandbox();
  install_limits();
  spdlog::debug("Lua state ready: roots {}, instruction budget {}, memory cap {} MiB{}",
                fmt::join(options_.roots, ", "), options_.limits.instructions, options_.limits.memory_bytes >> 20,
                options_.profile ? ", profiling" : "");
}

LuaHost::~LuaHost() {
  if (options_.profile) {
    std::lock_guard<std::mutex> lock(options_.profile->mutex);
    for (const auto& [k, v] : profile_lines_) options_.profile->lines[k] += v;
    for (const auto& [k, v] : profile_functions_) options_.profile->functions[k] += v;
    for (const auto& [k, v] : profile_inclusive_) options_.profile->inclusive[k] += v;
    options_.profile->samples += profile_samples_;
  }
  closing_ = true;
  if (L_) lua_close(L_);
}

void LuaHost::install_sandbox() {
  lua_State* L = L_;
  // Only these libraries: never luaL_openlibs (no io, os, debug, package).
  static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},      {LUA_TABLIBNAME, luaopen_table},
                                  {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
                                  {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine}};
  for (const auto& lib : libs) {
    luaL_requiref(L, lib.name, lib.func, 1);
    lua_pop(L, 1);
  }
  // luaL_requiref records libraries in the registry's _LOADED; keep nothing
  // reachable from it but what the prelude allows.
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kLoadedKey);
  lua_pushcfunction(L, sandbox_require);
  lua_setglobal(L, "require");
  lua::register_all_modules(L);

  // Out of memory here is the system's refusal (many workers under
  // `ulimit -v`), which the experiment runner survives with fewer workers.
  const auto prelude_failed = [L](int status) {
    const std::string msg = fmt::format("sandbox prelude: {}", lua_tostring(L, -1));
    if (status == LUA_ERRMEM) throw OutOfMemory(msg);
    throw LuaError(msg);
  };
  if (const int status = luaL_loadbufferx(L, lua::kSandboxPrelude, std::char_traits<char>::length(lua::kSandboxPrelude),
                                          "=sandbox", "t");
      status != LUA_OK)
    prelude_failed(status);
  lua_pushglobaltable(L);
  lua_pushcfunction(L, killed_reason);
  lua_pushcfunction(L, memory_check);
  if (const int status = lua_pcall(L, 3, 1, 0); status != LUA_OK) prelude_failed(status);
  lua_setfield(L, LUA_REGISTRYINDEX, kNewEnvKey);
}

void LuaHost::install_limits() {
  if (options_.profile) lua_sethook(L_, &LuaHost::count_hook, LUA_MASKCOUNT, 997);  // prime: no aliasing with loops
  else if (options_.limits.instructions) lua_sethook(L_, &LuaHost::count_hook, LUA_MASKCOUNT, kHookInterval);
}

void LuaHost::push_new_env() {
  lua_getfield(L_, LUA_REGISTRYINDEX, kNewEnvKey);
  lua_call(L_, 0, 1);
}

void LuaHost::load_text(const std::string& text, const std::string& name, int overrides) {
  if (overrides) overrides = lua_absindex(L_, overrides);
  const std::string chunkname = "@" + display_path(name);
  if (lua::load_text_cached(L_, text, chunkname) != LUA_OK) {
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "cannot load";
    lua_pop(L_, 1);
    throw LuaError(msg);
  }
  push_new_env();
  if (overrides) {
    lua_pushnil(L_);
    while (lua_next(L_, overrides)) {
      lua_pushvalue(L_, -2);
      lua_insert(L_, -2);
      lua_rawset(L_, -4);
    }
  }
  // The first upvalue of a main chunk is its _ENV.
  if (!lua_setupvalue(L_, -2, 1)) lua_pop(L_, 1);
}

void LuaHost::load_file(const std::string& path, int overrides) { load_text(read_file(path), path, overrides); }

std::string LuaHost::resolve(const std::string& path) const {
  std::error_code ec;
  if (fs::path(path).is_absolute() || fs::exists(path, ec)) return path;
  for (const auto& root : options_.roots) {
    const fs::path candidate = fs::path(root) / path;
    if (fs::exists(candidate, ec)) return candidate.string();
  }
  return path;
}

bool LuaHost::may_read(const std::string& path) const {
  std::error_code ec;
  const fs::path target = fs::weakly_canonical(fs::absolute(path, ec), ec);
  std::vector<std::string> dirs = options_.extra_dirs;
  dirs.insert(dirs.end(), options_.readable_dirs.begin(), options_.readable_dirs.end());
  for (const auto& r : options_.roots) dirs.push_back(r);
  for (const auto& d : dirs) {
    const fs::path base = fs::weakly_canonical(fs::absolute(d, ec), ec);
    const auto rel = target.lexically_relative(base);
    if (!rel.empty() && rel.native().rfind("..", 0) != 0) return true;
  }
  return false;
}

void LuaHost::call(int nargs, int nresults) {
  if (killed())
    throw LuaError(fmt::format("this Lua state was stopped ({}); start a fresh one", kill_reason_));
  const int base = lua_gettop(L_) - nargs;
  lua_pushcfunction(L_, traceback_handler);
  lua_insert(L_, base);
  const int status = lua_pcall(L_, nargs, nresults, base);
  lua_remove(L_, base);
  if (status != LUA_OK) {
    std::string msg = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "error";
    lua_pop(L_, 1);
    if (killed() && msg.find(kill_reason_) == std::string::npos) msg = kill_reason_ + "\n" + msg;
    if (status == LUA_ERRMEM && killed()) msg = kill_reason_;
    throw LuaError(msg);
  }
  // A kill swallowed by a protected call that the sandbox does not wrap must
  // not let the call succeed. (Fix found by tests/core/sandbox_test.cpp.)
  if (killed()) {
    lua_pop(L_, nresults == LUA_MULTRET ? lua_gettop(L_) - base + 1 : nresults);
    throw LuaError(kill_reason_);
  }
}

void LuaHost::run_file(const std::string& path, const std::vector<std::string>& args) {
  load_file(path);
  // Lua promises only LUA_MINSTACK (20) free slots: more arguments need the
  // stack grown first, or the pushes write past its end (a crash at about
  // 100). The handler `call` pushes takes one more.
  if (!lua_checkstack(L_, static_cast<int>(std::min<std::size_t>(args.size(), 1'000'000)) + 2)) {
    lua_pop(L_, 1);
    throw Error(fmt::format("{}: too many arguments for a script ({}); Lua takes at most about a million", path,
                            args.size()));
  }
  for (const auto& a : args) lua_pushstring(L_, a.c_str());
  call(static_cast<int>(args.size()), 0);
}

void LuaHost::require(const std::string& name) {
  lua_pushcfunction(L_, sandbox_require);
  lua_pushstring(L_, name.c_str());
  call(1, 1);
}

std::string LuaHost::find_module(const std::string& name, std::vector<std::string>* tried) const {
  for (const char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-')) {
      if (tried) tried->push_back(fmt::format("(module names are letters, digits, '_', '-' and '.'; got '{}')", name));
      return "";
    }
  std::string rel = name;
  for (char& c : rel)
    if (c == '.') c = '/';
  std::vector<std::string> dirs;
  for (const auto& root : options_.roots)
    for (const char* sub : {"rulesets", "scripts", "armies"}) dirs.push_back(root + "/" + sub);
  for (const auto& d : options_.extra_dirs) dirs.push_back(d);
  for (const auto& d : dirs) {
    for (const std::string& candidate : {d + "/" + rel + ".lua", d + "/" + rel + "/init.lua"}) {
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) return candidate;
      if (tried) tried->push_back(candidate);
    }
  }
  return "";
}

std::string LuaHost::display_path(const std::string& path) const {
  std::error_code ec;
  const fs::path abs = fs::weakly_canonical(fs::absolute(path, ec), ec);
  for (const auto& root : options_.roots) {
    const fs::path r = fs::weakly_canonical(fs::absolute(root, ec), ec);
    const auto rel = abs.lexically_relative(r);
    if (!rel.empty() && rel.native().rfind("..", 0) != 0) return rel.generic_string();
  }
  // Outside the project: as the user wrote it.
  return path;
}

} // namespace sandtable
